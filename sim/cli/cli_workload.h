/*
 * cli_workload.h - --workload and --group made into a run's classes,
 * groups and volumes (cli_workload.c).
 */
#ifndef ASMSIM_SIM_CLI_CLI_WORKLOAD_H
#define ASMSIM_SIM_CLI_CLI_WORKLOAD_H

#include <stddef.h>

#include "sim/cli/cli.h"

/* Check what --workload and --group say together (see cli_workload.c)
   and, with groups, set o->disks to their disks.  0, or -EINVAL with
   why naming the flag. */
int cli_workload_resolve(struct cli_opts *o, char *why, size_t why_len);

/* Whether the run writes: --write above 0, or with --workload any class
   that writes (real targets are then opened read-write, with the safety
   rules of writes). */
bool cli_opts_writes(const struct cli_opts *o);

/* The bill of the groups' volumes on the instance (o->group_bill; o->bill
   its total), on modelled volumes.  0, or -EINVAL with why. */
int cli_workload_bill(struct cli_opts *o, char *why, size_t why_len);

/* The open classes' bound on I/Os in flight a run of o uses: its
   --max-outstanding; without it, on real targets with a workload, what
   1024 at most, less where the buffers would not fit
   (cli_workload.c). */
int cli_workload_max_outstanding(const struct cli_opts *o);

/* The resolved workload into *s, whose ORION part cli_opts_to_cfg built
   for `disks` disks (with groups: the first group's, the others' as
   given); nothing without --workload. */
void cli_workload_to_cfg(const struct cli_opts *o, int disks,
                         struct sim_setup *s);

#endif
