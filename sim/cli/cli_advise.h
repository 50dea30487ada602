/*
 * cli_advise.h - the internals of `asmsim advise` shared by its option
 * parsing and command (cli_advise.c) and its terminal report
 * (cli_advise_print.c).
 */
#ifndef ASMSIM_SIM_CLI_ADVISE_H
#define ASMSIM_SIM_CLI_ADVISE_H

#include <stdio.h>

#include "sim/advise/advise.h"
#include "sim/cli/cli_advise_awr.h"
#include "sim/cli/cli_advise_json.h"

struct cli_advise_opts {
    struct adv_cfg cfg;
    const char *json_path;          /* NULL, "-" or a file */
    const char *report_path;        /* --report: NULL or a new .html file */
    char *command_line;             /* malloc'ed: "asmsim advise ..." */
    struct wl_schedule *schedule;   /* --schedule, malloc'ed; NULL none */
    bool quiet;                     /* --quiet: no progress line */
    bool sustained;                 /* parsing: --sustained was given */
    bool write_given;               /* parsing: --write was given */
    bool size_small_given;          /* parsing: --size-small was given */
    bool size_large_given;          /* parsing: --size-large was given */
    struct cli_advise_awr awr;      /* --awr, --peak, --keep-latency */
};

/* Free what parsing the options allocated (the schedule, the report). */
void cli_advise_opts_free(struct cli_advise_opts *a);

/* The answer, "why nothing cheaper", the burst alternative and the clouds
   side by side, for a terminal. */
void cli_advise_print(FILE *f, const struct cli_advise_opts *a,
                      const struct adv_result *r);

#endif
