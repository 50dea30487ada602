/*
 * cli_needs.h - a database workload's targets per class, --need-iops,
 * --need-mbps and --need-latency on run and sweep (cli_needs.c).
 */
#ifndef ASMSIM_SIM_CLI_CLI_NEEDS_H
#define ASMSIM_SIM_CLI_CLI_NEEDS_H

#include <stddef.h>

#include "sim/cli/cli.h"

/* One target as given ("redo:p99:1ms"): checked and kept, its class
   found later.  0, or -EINVAL with the reason (without the flag). */
int cli_needs_add(struct cli_opts *o, enum sim_need_kind kind, const char *v,
                  char *why, size_t n);

/* Each target's class in the workload.  0, or -EINVAL naming the flag,
   the target and the workload's classes. */
int cli_needs_resolve(struct cli_opts *o, char *why, size_t why_len);

#endif
