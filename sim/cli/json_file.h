/*
 * json_file.h - what the CLI's strict JSON inputs share (a layout file,
 * a workload file): reading one small file whole, parsing it with the
 * place of a syntax error, showing keys and values in messages as the
 * CLI shows input, exact integers, and unknown or repeated keys.
 *
 * Every message starts with the file's name as the caller quotes it
 * (cli_quote) and says what the file is with the caller's noun
 * ("layout", "workload"): "x.json: invalid JSON at line 3, column 7
 * (byte 41); a workload file is one JSON object".
 */
#ifndef ASMSIM_SIM_CLI_JSON_FILE_H
#define ASMSIM_SIM_CLI_JSON_FILE_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "sim/cli/cli_values.h"         /* CLI_QUOTE_BUF */

/* Such files are small: a larger one is a mistake (a results file, a
   disk image), refused before it is parsed. */
#define JSON_FILE_MAX_BYTES (1u << 20)

/* Room for a key or a value as messages show it (quoted, cut). */
#define JSON_TEXT_BUF (CLI_QUOTE_BUF + 2)

/* Read `path` (a regular file of at most JSON_FILE_MAX_BYTES) and parse
   it: 0 with *root to cJSON_Delete, or -EINVAL with the reason in why
   (unreadable, too large, invalid JSON with its line and column). */
int json_file_load(const char *path, const char *name, const char *noun,
                   cJSON **root, char *why, size_t why_len);

/* Parse `text` as json_file_load parses a file's contents. */
int json_file_parse(const char *text, const char *name, const char *noun,
                    cJSON **root, char *why, size_t why_len);

/* A value for messages: strings quoted as the CLI quotes input, numbers
   as cJSON prints them, one out of a double's range as "(a number out
   of range)" (cJSON would print null). */
void json_file_value_text(const cJSON *item, char *buf, size_t len);

/* A key for messages, always in quotes; returns buf. */
const char *json_file_key_text(const char *key, char *buf, size_t len);

/* The largest integer a JSON number holds exactly (2^53, in a double). */
#define JSON_FILE_MAX_INT 9007199254740992LL

/* A JSON integer in [lo, hi] (no fraction; lo, hi within 2^53). */
bool json_file_int(const cJSON *item, long long lo, long long hi, long long *out);

/* Unknown and repeated keys of the object `obj`, the likeliest typos,
   checked before any value: 0, or -EINVAL with "WHERE: unknown key "x";
   valid keys are a, b, c" or "WHERE: key "x" given twice". */
int json_file_check_keys(const char *where, const cJSON *obj,
                         const char *const *keys, size_t n_keys,
                         char *why, size_t why_len);

#endif
