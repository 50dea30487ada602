/*
 * json_print.h - cJSON_Print's text, byte for byte, made faster, and in
 * pieces that threads can make apart (json_print.c says how and why).
 */
#ifndef ASMSIM_SIM_REPORT_JSON_PRINT_H
#define ASMSIM_SIM_REPORT_JSON_PRINT_H

#include <cjson/cJSON.h>

/* Room for any number report_json_number writes, with its '\0'. */
#define REPORT_JSON_NUMBER_LEN 32

/* The text cJSON_Print(item) makes (formatted: tabs, one member a line),
   in a buffer the caller frees; NULL when out of memory or when the tree
   holds an item cJSON cannot print either (a raw item without text). */
char *report_json_print(const cJSON *item);

/* The text item takes inside a document printed by cJSON_Print when it
   sits `depth` containers deep (0: the root; an element of an array that
   is a member of the root: 2).  Put into that document as a cJSON_Raw
   item, it prints exactly as the item itself would. */
char *report_json_print_at(const cJSON *item, int depth);

/* A number as cJSON 1.7 prints a number item of value d: "null" for NaN
   and infinities, else "%1.15g" when that reads back within DBL_EPSILON
   relative, else "%1.17g" (negative zero as the linked cJSON prints it).
   Writes REPORT_JSON_NUMBER_LEN bytes at most; returns the length. */
int report_json_number(double d, char *out);

#endif
