/*
 * cli_advise_db.h - `asmsim advise --workload W`: advise for a database's
 * disk groups at once (sim/advise/advise_db.h), its options, the
 * simulation of a configuration as the `asmsim run` it prints
 * (cli_advise_db.c), and its report (cli_advise_db_print.c).
 */
#ifndef ASMSIM_SIM_CLI_CLI_ADVISE_DB_H
#define ASMSIM_SIM_CLI_CLI_ADVISE_DB_H

#include <stdio.h>

#include "sim/advise/advise_db.h"
#include "sim/core/run.h"
#include "workloads/wl_spec.h"

struct cli_advise_opts;

/* What a group-qualified option says of one group ("DATA:8TiB"). */
enum cli_adv_db_key { CLI_ADV_DB_CAPACITY = 0, CLI_ADV_DB_REDUNDANCY, CLI_ADV_DB_TYPES };

#define CLI_ADV_DB_KEYS 24

/* A target as given: a class's (as run's --need-* take it) or a
   group's (every class of it: a latency; the sum of its classes: a rate). */
struct cli_adv_db_need {
    enum sim_need_kind kind;
    const char *text;               /* "redo:p99:1ms", "DATA:1500" */
    int cls;                        /* resolved: a class's target: its
                                       index; else -1 */
    int group;                      /* resolved: >= 0 a group's target */
    double value;                   /* ... its value (IOPS, MB/s, us) */
    enum sim_lat_stat stat;
};

struct cli_advise_db {
    const char *workload;           /* --workload as given; NULL: ORION's */
    int n_needs;
    struct cli_adv_db_need need[SIM_MAX_NEEDS];
    int n_keys;
    struct {
        enum cli_adv_db_key key;
        const char *text;           /* "DATA:8TiB" */
    } keys[CLI_ADV_DB_KEYS];
    int survive_power;              /* --survive-failure POWER; 0: not asked */
    /* resolved (cli_advise_db_prepare) */
    struct wl_spec spec;
    int class_group[WL_MAX_CLASSES];        /* index into cfg.group */
    struct adv_db_cfg cfg;
};

/* --need-* with CLASS: or GROUP:, --capacity/--redundancy/--volume-types
   with GROUP:: kept for cli_advise_db_prepare.  0, or -EINVAL with what
   is valid in why. */
int cli_advise_db_need(struct cli_advise_db *d, enum sim_need_kind kind, const char *v,
                       char *why, size_t why_len);
int cli_advise_db_key(struct cli_advise_db *d, enum cli_adv_db_key key, const char *v,
                      char *why, size_t why_len);

/* Whether an option's value names a group or class ("DATA:8TiB"): for
   --need-latency, not ORION's "p99:TIME" nor "mean:TIME". */
bool cli_advise_db_qualified(const char *v, bool latency);

/* After parsing: the workload read, its groups and their demand, the
   keys and targets checked against them, options of ORION's targets
   refused.  0, or 2 after printing a usage error. */
int cli_advise_db_prepare(struct cli_advise_opts *a);

/* The search and its report, on a's stop flag, progress hook and
   command line (cli_advise.c sets them): the exit status. */
int cli_advise_db_run(struct cli_advise_opts *a);

/* The evaluator of the search (adv_db_eval_fn; arg: the struct
   cli_advise_opts): the configuration's `asmsim run`, simulated and
   judged (cli_advise_db_eval.c). */
int cli_advise_db_eval(void *arg, const struct adv_db_config *c, int only,
                       struct adv_db_outcome *out, char *why, size_t why_len);

/* The `asmsim run` that reproduces configuration c, into buf. */
void cli_advise_db_command(const struct cli_advise_opts *a, const struct adv_db_config *c,
                           char *buf, size_t len);

/* The report: the terminal's, and the JSON document (malloc'ed text,
   NULL when out of memory). */
void cli_advise_db_print(FILE *f, const struct cli_advise_opts *a,
                         const struct adv_db_result *r);
char *cli_advise_db_json(const struct cli_advise_opts *a, const struct adv_db_result *r);

#endif
