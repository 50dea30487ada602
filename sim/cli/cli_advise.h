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
#include "sim/cli/cli_advise_db.h"

struct cli_advise_opts {
    struct adv_cfg cfg;
    const struct cluster *cluster;  /* mpirun's ranks: the search cut over
                                       them (cli_cluster.c); NULL alone */
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
    struct cli_advise_db db;        /* --workload: a database's groups */
};

/* Free what parsing the options allocated (the schedule, the report). */
void cli_advise_opts_free(struct cli_advise_opts *a);

/* The answer, "why nothing cheaper", the burst alternative and the clouds
   side by side, for a terminal. */
void cli_advise_print(FILE *f, const struct cli_advise_opts *a,
                      const struct adv_result *r);

/* Parts of the report advise --workload shares (cli_advise_db_print.c):
   the instance constraints' line, the licences' rules, the licences of
   one configuration apart from its infrastructure (the total their
   sum), and "Linux" or "RHEL". */
void cli_advise_print_constraints(FILE *f, const struct adv_space_cfg *sc);
void cli_advise_print_licence(FILE *f, const struct adv_space_cfg *sc);
void cli_advise_print_licence_bill(FILE *f, const struct adv_space_cfg *sc,
                                   const struct inst_profile *in, int units,
                                   double licence_usd, double infra_usd);
const char *cli_advise_os_name(enum adv_os os);

/* --json and --report of a's search: json_text(arg, ...) makes the JSON
   document, the report is the HTML page `page` of it.  0 or 1 (a file
   could not be written; said on stderr). */
int cli_advise_write_outputs(const struct cli_advise_opts *a,
                             int (*json_text)(void *arg, const sim_stop_flag *stop,
                                              char **text, char *why, size_t why_len),
                             void *arg, const char *page);

#endif
