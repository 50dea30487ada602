/*
 * cluster.h - the processes that measure together: the ranks an MPI
 * launcher (mpirun, srun) started, one per host or several per host.
 * The rest of asmsim calls these and never MPI; cluster.c is the only
 * file that includes mpi.h, and without MPI at build time (or without a
 * launcher at run time) every process is a cluster of one: rank 0 of 1,
 * every call a no-op that succeeds.  A NULL handle is that cluster of one,
 * so a caller that was never launched by mpirun passes NULL and runs as
 * it always did.
 *
 * Every collective call (barrier, reduce, gather, agree) must be made by
 * every rank, in the same order: the run's layers make them at the same
 * places on every rank (before a point, after it).  Reductions go to rank
 * 0 and are broadcast from there, so every rank holds the same bits of a
 * sum of doubles (MPI does not promise that of an all-reduce): a decision
 * taken on them (how the levels go on) is the same on every rank, rank
 * 0's.
 *
 * Errors: -errno (-EIO for a failed MPI call, -ENOMEM).  A rank that
 * dies ends the job through the launcher (mpirun names its host).
 */
#ifndef ASMSIM_SIM_CORE_CLUSTER_H
#define ASMSIM_SIM_CORE_CLUSTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/core/hist.h"

#define CLUSTER_HOST_MAX 64             /* a host name, truncated */

struct cluster;

enum cluster_op { CLUSTER_SUM = 0, CLUSTER_MIN, CLUSTER_MAX };

/* How many processes the launcher says it started (its environment:
   OMPI_COMM_WORLD_SIZE, PMI_SIZE, PMIX_SIZE... ); 1 when none. */
int cluster_launched_size(void);

/* Whether this build can join a cluster (it links MPI). */
bool cluster_built_with_mpi(void);

/* Join the cluster the launcher started: *out is the handle, or NULL when
   no launcher started this process (a cluster of one).  0, or -ENOTSUP
   (launched as several processes by a build without MPI: each would run
   alone and write the same files), -EIO (MPI failed to start), -ENOMEM;
   why says which. */
int cluster_open(int *argc, char ***argv, struct cluster **out, char *why,
                 size_t why_len);
/* Leave it (MPI_Finalize); NULL is fine. */
void cluster_close(struct cluster *c);

int cluster_rank(const struct cluster *c);             /* 0 alone */
int cluster_size(const struct cluster *c);             /* 1 alone */
/* This rank's host name (gethostname), and rank r's (every rank's is
   known to every rank once the handle is open). */
const char *cluster_host(const struct cluster *c);
const char *cluster_host_of(const struct cluster *c, int rank);

/* ---- collectives: every rank calls them, in the same order ------------ */

int cluster_barrier(const struct cluster *c);
/* v[0..n) reduced element-wise over the ranks by op; every rank gets
   rank 0's result. */
int cluster_reduce_u64(const struct cluster *c, uint64_t *v, int n, enum cluster_op op);
int cluster_reduce_f64(const struct cluster *c, double *v, int n, enum cluster_op op);
/* Histograms merged bucket by bucket (counts and sums added, min and max
   kept), as hist_merge does: the percentiles of the merge are the
   cluster's. */
int cluster_merge_hist(const struct cluster *c, struct hist *h);
/* len bytes of mine from every rank into all[size * len], rank order. */
int cluster_allgather(const struct cluster *c, const void *mine, size_t len, void *all);
/* buf[0..len) from rank 0 to every rank. */
int cluster_bcast(const struct cluster *c, void *buf, size_t len);
/* Rank 0 gets every rank's text (*all[size], malloc'ed, free with
   cluster_texts_free); the others get *all NULL. */
int cluster_gather_texts(const struct cluster *c, const char *mine, char ***all);
void cluster_texts_free(const struct cluster *c, char **all);

/* The agreed status before (or after) a step: every rank gives its own
   (0 to go on, 1 stopped, -errno failed, with its why).  Returns what the
   first rank that did not give 0 gave (a failure before a stop), the
   same on every rank, with its why prefixed "host H (rank R): " when it
   is another rank's, or when the cluster has more than one rank. */
int cluster_agree(const struct cluster *c, int rc, char *why, size_t why_len);

/* "%h" -> this rank's host name, "%r" -> its rank, "%%" -> "%" in
   pattern into out (any other '%' is kept).  0, or -ENAMETOOLONG. */
int cluster_expand(const struct cluster *c, const char *pattern, char *out,
                   size_t out_len);

#endif
