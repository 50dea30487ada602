/*
 * run_cluster_timeline.c - a point's timeline (--interval) made the
 * cluster's under mpirun: each rank records its own rows on its own
 * window's grid (timeline.h), and the windows open together on a barrier
 * and last alike (run_cluster.c), so row k of every rank is one interval
 * of the cluster.  A layer of run_cluster.c, which calls it after the
 * point's figures are merged; it calls only cluster.c.
 *
 *   rows      the rows every rank has (the fewest: a window that ran a
 *             hair longer on one host has one row more there, which the
 *             others did not measure);
 *   sums      the rates (logical and physical, each disk's: disk d of
 *             every rank is one disk of the cluster), the completed
 *             I/Os, and in open loop what arrived and what waited,
 *             as the point's rates are the ranks' sums; the unmet share
 *             is then the summed arrivals against the summed completions;
 *   latency   the mean weighted by each rank's completions (exact); the
 *             p50 and p99 the ranks' largest, an upper bound: an
 *             interval's histogram is not kept, so its percentiles cannot
 *             be merged as the point's are (docs/fields.md says so);
 *   the rest  start, length and the binding limit are rank 0's (real
 *             devices: no burst buckets).
 *
 * Every rank makes the same reductions whether it has rows or not, so no
 * rank waits for a call another never makes.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "sim/core/cluster.h"
#include "sim/core/run_internal.h"
#include "sim/core/timeline.h"

/* Latency slots of a row: each class's, then each class's by direction. */
#define LAT_SLOTS (WL_CLASSES + 2 * WL_CLASSES)
/* Summed per row: 4 rates, each latency slot's count and count x mean,
   each class's arrivals (offered) and delayed I/Os; then 2 per disk. */
#define ROW_SUMS (4 + 2 * LAT_SLOTS + 2 * WL_CLASSES)
#define ROW_MAXES (2 * LAT_SLOTS)

/* Latency slot i of a row (LAT_SLOTS of them). */
static struct sim_timeline_lat *lat_slot(struct sim_timeline_row *r, int i)
{
    return i < WL_CLASSES ? &r->lat[i] : &r->lat_dir[(i - WL_CLASSES) / 2][(i - WL_CLASSES) % 2];
}

/* A row's figures into what the ranks add (sum) and what they take the
   largest of (max). */
static void pack_row(struct sim_timeline_row *r, double *sum, double *max)
{
    int s = 0, m = 0;
    sum[s++] = r->small_iops;
    sum[s++] = r->large_mbps;
    sum[s++] = r->phys_iops;
    sum[s++] = r->phys_mbps;
    for (int i = 0; i < LAT_SLOTS; i++) {
        const struct sim_timeline_lat *l = lat_slot(r, i);
        sum[s++] = (double)l->count;
        sum[s++] = (double)l->count * l->avg_us;
        max[m++] = l->p50_us;
        max[m++] = l->p99_us;
    }
    for (int k = 0; k < WL_CLASSES; k++) {
        sum[s++] = r->offered[k];
        sum[s++] = (double)r->delayed[k];
    }
}

/* The completed rate of class k in its open-loop unit (small: IOPS,
   large: MB/s), as the row's offered[k] is counted. */
static double completed(const struct sim_timeline_row *r, int k)
{
    return k == WL_SMALL ? r->small_iops : r->large_mbps;
}

/* The ranks' sums and largest back into a row: rates and counts as
   summed, the mean latency over the summed completions, the unmet share
   of the summed arrivals. */
static void unpack_row(struct sim_timeline_row *r, const double *sum, const double *max)
{
    int s = 0, m = 0;
    r->small_iops = sum[s++];
    r->large_mbps = sum[s++];
    r->phys_iops = sum[s++];
    r->phys_mbps = sum[s++];
    for (int i = 0; i < LAT_SLOTS; i++) {
        struct sim_timeline_lat *l = lat_slot(r, i);
        double n = sum[s++], weighted = sum[s++];
        l->count = (uint64_t)(n + 0.5);
        l->avg_us = n > 0 ? weighted / n : 0;
        l->p50_us = max[m++];
        l->p99_us = max[m++];
    }
    for (int k = 0; k < WL_CLASSES; k++) {
        r->offered[k] = sum[s++];
        r->delayed[k] = (uint64_t)(sum[s++] + 0.5);
        r->unmet_frac[k] = sim_open_unmet(r->offered[k], completed(r, k));
    }
}

/* The first n rows of tl, summed and maxed over the ranks into tl (every
   rank has them).  The buffers are agreed on first: a rank out of memory
   makes every rank give up, rather than reduce arrays of another size. */
static int reduce_rows(const struct cluster *c, struct sim_timeline *tl, size_t n, int disks)
{
    size_t per = ROW_SUMS + 2 * (size_t)disks;
    double *sum = calloc(n * per, sizeof *sum);
    double *max = calloc(n * ROW_MAXES, sizeof *max);
    uint64_t ok = sum && max;
    int rc = cluster_reduce_u64(c, &ok, 1, CLUSTER_MIN);
    if (rc == 0 && !ok)
        rc = -ENOMEM;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        pack_row(&tl->rows[i], sum + i * per, max + i * ROW_MAXES);
        for (int d = 0; d < disks; d++) {
            sum[i * per + ROW_SUMS + 2 * d] = tl->disk_iops[i * (size_t)disks + d];
            sum[i * per + ROW_SUMS + 2 * d + 1] = tl->disk_mbps[i * (size_t)disks + d];
        }
    }
    if (rc == 0)
        rc = cluster_reduce_f64(c, sum, (int)(n * per), CLUSTER_SUM);
    if (rc == 0)
        rc = cluster_reduce_f64(c, max, (int)(n * ROW_MAXES), CLUSTER_MAX);
    for (size_t i = 0; rc == 0 && i < n; i++) {
        unpack_row(&tl->rows[i], sum + i * per, max + i * ROW_MAXES);
        for (int d = 0; d < disks; d++) {
            tl->disk_iops[i * (size_t)disks + d] = sum[i * per + ROW_SUMS + 2 * d];
            tl->disk_mbps[i * (size_t)disks + d] = sum[i * per + ROW_SUMS + 2 * d + 1];
        }
    }
    free(sum);
    free(max);
    return rc;
}

int sim_cluster_merge_timeline(const struct cluster *c, struct sim_point_result *pr)
{
    struct sim_timeline *tl = pr->timeline;
    uint64_t shape[2] = { tl ? tl->n : 0, tl ? (uint64_t)tl->disks : 0 };
    uint64_t most[2] = { shape[0], shape[1] };
    int rc = cluster_reduce_u64(c, shape, 2, CLUSTER_MIN);
    if (rc == 0)
        rc = cluster_reduce_u64(c, most, 2, CLUSTER_MAX);
    if (rc < 0)
        return rc;
    if (most[0] == 0)
        return 0;                   /* no rank recorded one */
    /* the same disks everywhere (run_cluster.c agreed on it); else no
       rows can be added up */
    size_t n = shape[1] == most[1] ? (size_t)shape[0] : 0;
    rc = n > 0 ? reduce_rows(c, tl, n, (int)shape[1]) : 0;
    if (rc == 0 && n > 0)
        tl->n = n;                  /* the per-disk and bucket arrays: their
                                       first n rows' */
    if (rc == 0 && n == 0 && tl) {  /* some rank has none: nor does the cluster */
        sim_timeline_free(tl);
        pr->timeline = NULL;
    }
    return rc;
}
