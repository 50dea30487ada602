/*
 * cli_cluster.h - the commands under mpirun (cli_cluster.c): which may
 * run on several ranks, how the ranks agree to start, what a run prints
 * of each host, and advise's search cut over the ranks.
 */
#ifndef ASMSIM_SIM_CLI_CLUSTER_H
#define ASMSIM_SIM_CLI_CLUSTER_H

#include <stdbool.h>
#include <stdio.h>

#include "sim/cli/cli_job.h"

struct adv_cfg;
struct adv_result;

/* Before run, sweep or orion executes (rc: how parsing the targets and
   preparing went on this rank, 0 or an exit status, its message out):
   alone, rc; under mpirun with several ranks (run alone gets here:
   main.c refuses the others), the rules of a cluster run (real targets,
   a fixed --duration) and the status every rank agrees on: 0 on every
   rank, or 2 on every rank with one line on rank 0 naming the host that
   could not start.  Ranks other than 0 then write no file and print
   nothing on stderr (their stdout is /dev/null already: main.c). */
int cli_cluster_start(struct cli_opts *o, struct cli_job *j, int rc);

/* What runs alone or not at all (a command, or an option of one): alone,
   0; under mpirun with several ranks, 2 on every rank after rank 0 said
   "asmsim: WHAT: not under mpirun with several ranks" (each rank would
   do the same alone and write the same files). */
int cli_cluster_refuse(const struct cluster *c, const char *what);

/* A run a cluster measured: each point's hosts, their start offsets and
   figures, and the cluster's row (the sum); nothing for a run of one.
   A database workload's (run's classes): a row per class and host.
   modelled: the hosts are --nodes' modelled instances (cli_nodes.c), so
   headed as nodes. */
void cli_cluster_print(FILE *f, const struct sim_run_result *r,
                       const struct sim_run_cfg *run, bool modelled);

/* advise under mpirun: shard K+1 of N on rank K (cfg->shard_k/n), the
   shards' decisions gathered on rank 0 and merged as advise --merge does
   (adv_merge), into *out on every rank (the other ranks' is their own
   shard's, which they do not print: their progress and stderr are off,
   rank 0 says what the ranks agree on).  0, or -errno with why. */
int cli_cluster_advise(const struct cluster *c, struct adv_cfg *cfg,
                       struct adv_result **out, char *why, size_t why_len);

#endif
