/*
 * cli_fail.h - the options of a disk failure in a run (--fail,
 * --repair-time, --returns, --power, --used; cli_fail.c) and their
 * check against the resolved run.  The model is sim/core/rebalance.h.
 */
#ifndef ASMSIM_SIM_CLI_CLI_FAIL_H
#define ASMSIM_SIM_CLI_CLI_FAIL_H

#include <stddef.h>

#include "sim/cli/cli.h"

/* The rows' setters (cli_options.c): 0, or -EINVAL with the reason and
   what is valid in why (without the flag). */
int cli_fail_opt_fail(struct cli_opts *o, const char *v, char *why, size_t n);
int cli_fail_opt_repair(struct cli_opts *o, const char *v, char *why, size_t n);
int cli_fail_opt_returns(struct cli_opts *o, const char *v, char *why, size_t n);
int cli_fail_opt_power(struct cli_opts *o, const char *v, char *why, size_t n);
int cli_fail_opt_used(struct cli_opts *o, const char *v, char *why, size_t n);

/* The failure options into run->fail, the defaults filled (power
   ASM_POWER_LIMIT's 1, used SIM_USED_DEFAULT). */
void cli_fail_to_cfg(const struct cli_opts *o, struct sim_run_cfg *run);

/* The options against the resolved run: a database workload on
   modelled volumes or real targets (not the null engine, not --tui),
   disks and failure groups of its first group, every
   failure before the first one's repair timer ends, room for one more
   class; the options that shape a failure only with --fail.  0, or
   -EINVAL with a one-line reason naming the flag. */
int cli_fail_check(const struct cli_opts *o, const struct sim_run_cfg *run,
                   char *why, size_t why_len);

#endif
