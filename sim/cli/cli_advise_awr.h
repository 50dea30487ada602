/*
 * cli_advise_awr.h - `asmsim advise --awr FILE [--peak FACTOR]
 * [--keep-latency]`: advise's targets set from an AWR or Statspack
 * report (cli_advise_awr.c; the mapping: sim/awr/awr_targets.h).
 */
#ifndef ASMSIM_SIM_CLI_ADVISE_AWR_H
#define ASMSIM_SIM_CLI_ADVISE_AWR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "sim/awr/awr_derive.h"
#include "sim/awr/awr_report.h"
#include "sim/awr/awr_targets.h"

struct cli_advise_opts;

struct cli_advise_awr {
    const char *file;               /* --awr FILE; NULL: not given */
    double peak;                    /* --peak; 1 when not given */
    bool peak_given;
    bool keep_latency;              /* --keep-latency */
    struct awr_report *report;      /* read by cli_advise_awr_apply (malloc'ed) */
    struct awr_derived *derived;    /* likewise */
    struct awr_targets targets;     /* what the report set */
};

/* What the options given cannot take together with --awr, --peak or
   --keep-latency, as a usage error's words in buf; NULL: nothing. */
const char *cli_advise_awr_conflict(const struct cli_advise_opts *a, char *buf,
                                    size_t len);

/* With --awr: the report read and derived, and a->cfg.targets set from
   it (rates, sizes, write share; the latency with --keep-latency).  0,
   or the exit status after one line on stderr: 2 for a bad report
   ("asmsim: advise: FILE:LINE: SECTION: what"), 1 out of memory. */
int cli_advise_awr_apply(struct cli_advise_opts *a);

/* The lines under the targets that say where they came from: the report,
   each target with the classes it sums, the factor, the latency. */
void cli_advise_awr_print(FILE *f, const struct cli_advise_awr *w);

/* targets.awr of the advise JSON (docs/fields.md); NULL out of memory. */
cJSON *cli_advise_awr_json(const struct cli_advise_awr *w);

void cli_advise_awr_free(struct cli_advise_awr *w);

#endif
