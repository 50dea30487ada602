/*
 * cli_awr.h - the pieces `asmsim awr` (cli_awr.c) shares with its text and
 * JSON of several reports (cli_awr_series.c).  Internal to those files.
 */
#ifndef ASMSIM_SIM_CLI_CLI_AWR_H
#define ASMSIM_SIM_CLI_CLI_AWR_H

#include <stdbool.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "sim/awr/awr_series.h"
#include "sim/cli/cli.h"
#include "workloads/wl_spec.h"

#define AWR_WHY_LEN 1024

/* What the command made, before any of it is printed or written. */
struct awr_made {
    struct awr_series s;
    struct wl_spec wl;
};

/* The class table of a derived report or interval. */
void cli_awr_print_classes(FILE *f, const struct awr_derived *d);
/* The line that says whether the rates are averages or scaled (--peak). */
void cli_awr_peak_note(FILE *f, double peak);
/* JSON objects of docs/awr.md: "report", "classes", "totals". */
cJSON *cli_awr_json_report(const char *file, const struct awr_report *r,
                           const struct awr_derived *d);
cJSON *cli_awr_json_classes(const struct awr_derived *d);
cJSON *cli_awr_json_totals(const struct awr_derived *d);

/* Interval k of s as a workload (its instances added up).  0 or -EINVAL
   with why (awr_workload's). */
int cli_awr_workload(const struct awr_series *s, int k, struct wl_spec *out,
                     char *why, size_t why_len);

/* Several reports: the text (each interval's classes, each instance's
   share, the busiest; `written`: -o wrote it) and the JSON text (to
   free()), cli_awr_series.c. */
void cli_awr_series_print(FILE *f, const struct awr_series *s, bool written);
char *cli_awr_series_json(const struct awr_series *s);

#endif
