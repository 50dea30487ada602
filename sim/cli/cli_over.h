/*
 * cli_over.h - sweep --over PARAM=LIST: a sweep over a parameter other
 * than the disk count (cli_over.c).
 *
 * The disk count stays the default (and `--over disks=1-16` is
 * --volumes); any other parameter makes the sweep one run per value at
 * one disk count, each run resolved from the command line as given with
 * that value set, exactly as a run with that option would be: the same
 * checks, messages and configuration (its bill, volume and instance too).
 */
#ifndef ASMSIM_SIM_CLI_OVER_H
#define ASMSIM_SIM_CLI_OVER_H

#include <stddef.h>

#include "sim/core/run.h"
#include "sim/model/setup.h"

#define CLI_OVER_STORE 1024         /* the list as given, split */

/* --over as parsed (cli_opts.over); n 0: a sweep over disk counts. */
struct cli_over {
    const char *text;               /* as given, for messages */
    int param;                      /* index in cli_over.c's table */
    char which[WL_NAME_MAX];        /* PARAM:WHICH (a class or a group);
                                       "" when not given */
    char name[SIM_OVER_NAME_MAX];   /* "size-large", "outstanding:redo" */
    int n;
    const char *value[SIM_MAX_SWEEP];   /* into store, in the order given */
    char store[CLI_OVER_STORE];
    char count_text[16];            /* the disk count as --volumes would
                                       give it, when it was not */
};

struct cli_opts;

/* The runs of a sweep --over, resolved: each run's options (the command
   line with its value set) and setup, and what the reports show
   (sweep: the sim_setup.over of the sweep's setup). */
struct cli_over_runs {
    struct sim_sweep_over sweep;
    struct cli_opts *opts[SIM_MAX_SWEEP];
    char volume_spec[SIM_MAX_SWEEP][160];   /* a --volume made per value */
    char shared_volume_spec[160];           /* ... for the shared options */
};

/* The --over setter: "PARAM[:WHICH]=V1,V2,...".  disks (or volumes)
   hands LIST to --volumes; any other parameter of the table is kept in
   o->over.  0, or -EINVAL with the reason (without the flag) in why. */
int cli_over_parse(struct cli_opts *o, const char *text, char *why, size_t why_len);

/* cli_opts_resolve for a sweep --over: the sweep's one disk count, the
   options with the first value resolved into *cfg (the configuration
   shown before the sweep), then every value's run resolved on its own into
   (*out)->sweep.setups; cfg->over points at (*out)->sweep.  0, or -EINVAL
   (-ENOMEM) with why naming the value ("--over size-large=3K: ..."); *out
   is NULL then.  Free with cli_over_free. */
int cli_over_resolve(struct cli_opts *o, struct sim_setup *cfg,
                     struct cli_over_runs **out, char *why, size_t why_len);
void cli_over_free(struct cli_over_runs *r);

/* Run i's configuration for the core, bound (sim_setup_run) and with the
   shared setup's stop flag. */
struct sim_run_cfg cli_over_run_cfg(struct cli_over_runs *r, int i,
                                    const struct sim_setup *shared);

/* The names --over takes, for --help and messages: "disks, size-small,
   ..." into buf. */
void cli_over_params_text(char *buf, size_t len);

#endif
