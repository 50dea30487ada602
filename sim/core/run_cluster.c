/*
 * run_cluster.c - a point measured by every rank of a cluster at once
 * (cluster.h: the ranks mpirun started, each on its own host's targets).
 * A layer of a run (run_internal.h) below run_point.c and run_one.c,
 * which call it; it calls only the engine, the stats and cluster.c.
 *
 * One point on H ranks
 * --------------------
 *   agree     the ranks exchange their status after the parts open and
 *             after each point (cluster_agree): a rank that could not
 *             open its targets, or whose targets all failed, ends the
 *             point on every rank with its message, its host named; a
 *             stop (Ctrl-C on one rank) stops every rank after the point.
 *             Whether to go on is that agreed status alone, never a rank's
 *             own stop flag read later (sim_walk_point): a flag set on
 *             one rank between the agreement and such a read would stop
 *             it alone and leave the others waiting at the next barrier.
 *   barrier   every point starts after a barrier, so the ranks' windows
 *             open together (within the barrier's release, plus each
 *             rank's own warm-up) and last the same --duration each.
 *             With --duration auto the ranks' batches are summed at each
 *             boundary and every window ends at the one where the sums
 *             converge (sim_cluster_point_opts; engine.c, "Convergence");
 *             a rank that leaves the point without that decision votes
 *             to stop before the status is agreed, so no rank waits.
 *   merge     the accumulators of the window (sim_engine_window_stats)
 *             are merged rank by rank: counters added, latency
 *             histograms added bucket by bucket, so the cluster's
 *             percentiles come from the merged histogram and never from
 *             averaged percentiles; the point's result is then made by the
 *             one definition of every figure (sim_stats_result).  Rates
 *             add: the cluster's IOPS and MB/s are the sums of the ranks'
 *             own (fio's "All clients" does the same), not the merged
 *             count over one window, so the cluster's figure is exactly
 *             the sum of the hosts' rows beside it.  In open loop each
 *             rank offers the whole load (a RAC instance runs its own
 *             sessions), so the demand adds too: the rates asked for and
 *             offered, arrivals, delays and the backlog are summed, and
 *             the unmet share is the summed offer against the cluster's
 *             delivered rate (merge_open); a class's targets (--need-*)
 *             are judged on that merged point.
 *   cpu       asmsim's CPU per I/O over the ranks' I/Os, its cores the
 *             ranks' sum, the machines' busy shares the hosts' mean
 *             (merge_cpu);
 *   hosts     each rank's own figures (struct sim_host_point: its host,
 *             when its point and its window began on its clock, its
 *             rates and latencies) are gathered into the result's hosts[].
 *
 * Every rank ends with the same result: reductions are rank 0's,
 * broadcast (cluster.c), so the decisions taken on the results (how far
 * the levels go) are the same everywhere and no rank waits for a
 * collective call another never makes.  Disk d of every rank is one disk
 * of the cluster (in RAC every host sees the same LUNs, each through its
 * own path: luns.%h.lun), so the ranks must have as many targets, and a
 * disk's figures are its figures over every host.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim/core/cluster.h"
#include "sim/core/run_internal.h"

static double unix_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

bool sim_cluster_on(const struct sim_run_cfg *cfg)
{
    return cluster_size(cfg->cluster) > 1;
}

int sim_cluster_agree_open(const struct sim_run_cfg *cfg, int rc, char *why,
                           size_t why_len)
{
    const struct cluster *c = cfg->cluster;
    if (!sim_cluster_on(cfg))
        return rc;
    int shape[2] = { cfg->disks, cfg->workload.n_classes };
    int *all = malloc((size_t)cluster_size(c) * sizeof shape);
    if (rc == 0 && !all) {
        snprintf(why, why_len, "out of memory");
        rc = -ENOMEM;
    }
    int at = -1;
    if (all && cluster_allgather(c, shape, sizeof shape, all) == 0)
        for (int r = 0; r < cluster_size(c) && at < 0; r++)
            if (all[2 * r] != shape[0] || all[2 * r + 1] != shape[1])
                at = r;
    if (rc == 0 && at >= 0) {
        snprintf(why, why_len, "%d targets here, %d on host %s (rank %d): every rank "
                 "drives as many (disk d of each is disk d of the cluster)",
                 shape[0], all[2 * at], cluster_host_of(c, at), at);
        rc = -EINVAL;
    }
    free(all);
    return cluster_agree(c, rc, why, why_len);
}

int sim_cluster_point_begin(struct sim_cluster_point *cp, char *why, size_t why_len)
{
    cp->start_unix_s = 0;
    if (!sim_cluster_on(cp->cfg))
        return 0;
    int rc = cluster_barrier(cp->cfg->cluster);
    cp->start_unix_s = unix_now_s();
    if (rc < 0)
        snprintf(why, why_len, "the barrier before the point failed");
    return rc;
}

/* The window's votes (engine.h) added up over the ranks. */
static int sum_votes(void *arg, uint64_t *v, int n)
{
    const struct sim_cluster_point *cp = arg;
    return cluster_reduce_u64(cp->cfg->cluster, v, n, CLUSTER_SUM);
}

const struct sim_point_opts *sim_cluster_point_opts(struct sim_cluster_point *cp)
{
    if (!sim_cluster_on(cp->cfg) || !cp->cfg->point.auto_duration)
        return &cp->cfg->point;
    cp->opts = cp->cfg->point;
    cp->sync = (struct sim_window_sync){ .sum = sum_votes, .arg = cp };
    cp->opts.sync = &cp->sync;
    return &cp->opts;
}

/* This rank's own figures at the point, before the merge. */
static void own_figures(const struct sim_cluster_point *cp,
                        const struct sim_point_result *pr, sim_ns window_start_ns,
                        struct sim_host_point *h)
{
    const struct cluster *c = cp->cfg->cluster;
    const struct devset *ds = &cp->parts->ds;
    memset(h, 0, sizeof *h);
    h->rank = cluster_rank(c);
    snprintf(h->host, sizeof h->host, "%s", cluster_host(c));
    h->start_unix_s = cp->start_unix_s;
    h->window_unix_s = unix_now_s() - (double)(ds->ops->now(ds) - window_start_ns) / 1e9;
    sim_host_point_figures(h, pr);
}

/* The counters of s, in one array for one reduction: [cls][dir] ios,
   bytes, errors; each disk's; physical; open-loop arrivals. */
static size_t counters(struct sim_stats *s, uint64_t **at, size_t cap)
{
    size_t n = 0;
#define PUT(x) do { if (n < cap) at[n] = &(x); n++; } while (0)
    for (int k = 0; k < s->n_classes; k++)
        for (int d = 0; d < 2; d++) {
            PUT(s->cls[k][d].ios);
            PUT(s->cls[k][d].bytes);
            PUT(s->cls[k][d].errors);
        }
    for (int i = 0; i < s->disks; i++) {
        PUT(s->disk[i].ios);
        PUT(s->disk[i].bytes);
        PUT(s->disk[i].errors);
    }
    PUT(s->phys_ios);
    PUT(s->phys_bytes);
    for (int k = 0; k < WL_MAX_CLASSES; k++) {
        PUT(s->arrivals[k]);
        PUT(s->arrival_bytes[k]);
        PUT(s->delayed[k]);
    }
#undef PUT
    return n;
}

static int merge_counters(const struct cluster *c, struct sim_stats *s)
{
    size_t n = counters(s, NULL, 0);
    uint64_t **at = calloc(n, sizeof *at);
    uint64_t *v = calloc(n, sizeof *v);
    int rc = at && v ? 0 : -ENOMEM;
    if (rc == 0) {
        counters(s, at, n);
        for (size_t i = 0; i < n; i++)
            v[i] = *at[i];
        rc = cluster_reduce_u64(c, v, (int)n, CLUSTER_SUM);
        for (size_t i = 0; rc == 0 && i < n; i++)
            *at[i] = v[i];
    }
    free(at);
    free(v);
    return rc;
}

/* s, a copy of the window's accumulator, merged over the ranks. */
static int merge_stats(const struct cluster *c, struct sim_stats *s)
{
    int rc = merge_counters(c, s);
    for (int k = 0; rc == 0 && k < s->n_classes; k++)
        for (int d = 0; d < 2 && rc == 0; d++)
            rc = cluster_merge_hist(c, &s->cls[k][d].lat);
    for (int i = 0; rc == 0 && i < s->disks; i++)
        rc = cluster_merge_hist(c, &s->disk[i].lat);
    return rc;
}

static int copy_stats(const struct sim_stats *from, struct sim_stats *to)
{
    int rc = sim_stats_init(to, from->disks);
    if (rc < 0)
        return rc;
    struct sim_disk_acc *disk = to->disk;
    *to = *from;
    to->disk = disk;
    memcpy(disk, from->disk, (size_t)from->disks * sizeof *disk);
    return 0;
}

/* The rates of *pr made the sums of the ranks' own (see the top): its
   classes' and physical from hosts[], each disk's by a reduction. */
static int add_rates(const struct cluster *c, struct sim_point_result *pr,
                     const double *own_disk_rates)
{
    for (int k = 0; k < pr->n_classes; k++) {
        pr->cls[k].iops = pr->cls[k].mbps = 0;
        for (int r = 0; r < pr->n_hosts; r++) {
            pr->cls[k].iops += pr->hosts[r].cls[k].iops;
            pr->cls[k].mbps += pr->hosts[r].cls[k].mbps;
        }
    }
    pr->phys_iops = pr->phys_mbps = 0;
    for (int r = 0; r < pr->n_hosts; r++) {
        pr->phys_iops += pr->hosts[r].phys_iops;
        pr->phys_mbps += pr->hosts[r].phys_mbps;
    }
    double *v = malloc(2 * (size_t)pr->disks * sizeof *v + 1);
    if (!v)
        return -ENOMEM;
    memcpy(v, own_disk_rates, 2 * (size_t)pr->disks * sizeof *v);
    int rc = cluster_reduce_f64(c, v, 2 * pr->disks, CLUSTER_SUM);
    for (int i = 0; rc == 0 && i < pr->disks; i++) {
        pr->disk[i].iops = v[2 * i];
        pr->disk[i].mbps = v[2 * i + 1];
    }
    free(v);
    return rc;
}

/* An open-loop point's demand made the cluster's (stats.h's struct
   sim_open_result): every rank offers the whole load, as a RAC instance
   runs its own sessions (README, as --nodes offers it H times), so the
   rates asked for and offered, the arrivals, the delays, the backlog and
   the bound on I/Os in flight are the sums of the ranks'; delivered is
   the cluster's (its classes' rates, the ranks' sums by now) and the
   unmet share is judged on those sums, never averaged.  Every rank makes
   the two reductions, open loop or not, so none waits for the other. */
static int merge_open(const struct cluster *c, struct sim_point_result *pr)
{
    struct sim_open_result *op = &pr->open;
    double f[2 * WL_MAX_CLASSES];
    uint64_t u[2 * WL_MAX_CLASSES + 3];
    for (int k = 0; k < WL_MAX_CLASSES; k++) {
        f[2 * k] = op->target[k];
        f[2 * k + 1] = op->offered[k];
        u[2 * k] = op->arrivals[k];
        u[2 * k + 1] = op->delayed[k];
    }
    u[2 * WL_MAX_CLASSES] = op->backlog_end;
    u[2 * WL_MAX_CLASSES + 1] = op->max_outstanding > 0 ? (uint64_t)op->max_outstanding : 0;
    u[2 * WL_MAX_CLASSES + 2] = op->on;         /* how many ranks ran open */
    int rc = cluster_reduce_f64(c, f, 2 * WL_MAX_CLASSES, CLUSTER_SUM);
    if (rc == 0)
        rc = cluster_reduce_u64(c, u, 2 * WL_MAX_CLASSES + 3, CLUSTER_SUM);
    if (rc < 0 || u[2 * WL_MAX_CLASSES + 2] == 0)
        return rc;
    op->on = true;
    op->backlog_end = u[2 * WL_MAX_CLASSES];
    op->max_outstanding = u[2 * WL_MAX_CLASSES + 1] > INT_MAX
                              ? INT_MAX : (int)u[2 * WL_MAX_CLASSES + 1];
    for (int k = 0; k < WL_MAX_CLASSES; k++) {
        op->target[k] = f[2 * k];
        op->offered[k] = f[2 * k + 1];
        op->arrivals[k] = u[2 * k];
        op->delayed[k] = u[2 * k + 1];
        op->delivered[k] = k < pr->n_classes ? sim_open_delivered(pr, k) : 0;
        op->unmet_frac[k] = sim_open_unmet(op->offered[k], op->delivered[k]);
    }
    return 0;
}

/* *pr's figures replaced by the cluster's, from merged (sim_stats_result
   over the longest window), its open-loop demand the sums (merge_open);
   the rest of *pr (limits, burst) stays this rank's, its CPU merged
   after (merge_cpu). */
static int cluster_figures(const struct cluster *c, struct sim_stats *merged,
                           struct sim_point_result *pr)
{
    double longest = pr->measured_s;
    double *own = malloc(2 * (size_t)pr->disks * sizeof *own + 1);
    int rc = own ? cluster_reduce_f64(c, &longest, 1, CLUSTER_MAX) : -ENOMEM;
    for (int i = 0; own && i < pr->disks; i++) {
        own[2 * i] = pr->disk[i].iops;
        own[2 * i + 1] = pr->disk[i].mbps;
    }
    struct sim_point_result all = { .small = pr->small, .large = pr->large,
                                    .db_classes = pr->db_classes };
    memcpy(all.class_load, pr->class_load, sizeof all.class_load);
    if (rc == 0)
        rc = sim_stats_result(merged, (sim_ns)(longest * 1e9 + 0.5), &all);
    if (rc == 0) {
        free(pr->disk);
        memcpy(pr->cls, all.cls, sizeof pr->cls);
        pr->measured_s = longest;
        pr->errors = all.errors;
        pr->disk = all.disk;
        pr->disks = all.disks;
        rc = add_rates(c, pr, own);
    }
    if (rc == 0)
        rc = merge_open(c, pr);
    free(own);
    return rc;
}

/* The CPU figures made the cluster's (they were this rank's): per I/O
   the ranks' CPU over their I/Os (each rank's per-I/O figure weighted by
   its own I/Os, own_ios), the cores the ranks' sum, the machines' busy
   shares the hosts' mean (ranks on one host read the same machine), and
   the engine's the busiest rank's, so that one rank whose generator set
   the pace flags the point (generator_bound).  Every rank makes the
   reductions. */
static int merge_cpu(const struct cluster *c, struct sim_point_result *pr, uint64_t own_ios)
{
    double v[6] = { pr->cpu_user_us_per_io * (double)own_ios,
                    pr->cpu_sys_us_per_io * (double)own_ios, (double)own_ios,
                    pr->cpu_cores, pr->machine_busy_pct, pr->machine_irq_pct };
    double busiest = pr->engine_busy_frac;
    int rc = cluster_reduce_f64(c, v, 6, CLUSTER_SUM);
    if (rc == 0)
        rc = cluster_reduce_f64(c, &busiest, 1, CLUSTER_MAX);
    if (rc < 0)
        return rc;
    double n = cluster_size(c);
    pr->cpu_user_us_per_io = v[2] > 0 ? v[0] / v[2] : 0;
    pr->cpu_sys_us_per_io = v[2] > 0 ? v[1] / v[2] : 0;
    pr->cpu_cores = v[3];
    pr->engine_busy_frac = busiest;
    pr->machine_busy_pct = v[4] / n;
    pr->machine_irq_pct = v[5] / n;
    return 0;
}

/* The point's result made the cluster's: hosts gathered, stats merged. */
static int merge_point(const struct sim_cluster_point *cp, struct sim_point_result *pr)
{
    const struct cluster *c = cp->cfg->cluster;
    sim_ns window_start_ns;
    const struct sim_stats *s = sim_engine_window_stats(cp->parts->engine,
                                                        &window_start_ns);
    struct sim_host_point mine;
    own_figures(cp, pr, window_start_ns, &mine);
    uint64_t own_ios = sim_point_logical_ios(pr);
    int n = cluster_size(c);
    pr->hosts = calloc((size_t)n, sizeof *pr->hosts);
    struct sim_stats merged = { 0 };
    int rc = pr->hosts ? copy_stats(s, &merged) : -ENOMEM;
    /* agreed before the collectives: a rank out of memory here would
       skip them and leave the others waiting */
    uint64_t ok = rc == 0;
    int arc = cluster_reduce_u64(c, &ok, 1, CLUSTER_MIN);
    if (rc == 0)
        rc = arc < 0 ? arc : ok ? 0 : -ENOMEM;
    if (rc == 0)
        rc = cluster_allgather(c, &mine, sizeof mine, pr->hosts);
    if (rc == 0) {
        pr->n_hosts = n;
        rc = merge_stats(c, &merged);
    }
    if (rc == 0)
        rc = cluster_figures(c, &merged, pr);
    if (rc == 0)
        rc = sim_cluster_merge_timeline(c, pr);
    if (rc == 0)
        rc = merge_cpu(c, pr, own_ios);
    sim_stats_free(&merged);
    return rc;
}

int sim_cluster_point_end(const struct sim_cluster_point *cp, int rc,
                          struct sim_point_result *pr, char *why, size_t why_len)
{
    if (!sim_cluster_on(cp->cfg))
        return rc;
    /* a window that ended here without the ranks' vote: this rank's vote
       to end it, which the others' next boundary waits for */
    int src = cp->opts.sync ? sim_sync_vote_stop(cp->opts.sync) : 0;
    if (src < 0) {
        if (rc >= 0)
            sim_point_result_free(pr);
        snprintf(why, why_len, "host %s (rank %d): the ranks cannot decide the "
                 "window's end: %s", cluster_host(cp->cfg->cluster),
                 cluster_rank(cp->cfg->cluster), strerror(-src));
        return src;
    }
    /* a stop asked for here by now stops every rank after this point;
       one asked later, the next point's (its engine ends it at once) */
    if (rc == 0 && sim_stop_is_set(cp->cfg->point.stop))
        rc = 1;
    int agreed = cluster_agree(cp->cfg->cluster, rc, why, why_len);
    if (agreed < 0) {
        if (rc >= 0)
            sim_point_result_free(pr);      /* not kept: the point failed */
        return agreed;
    }
    /* every rank measured the point (a stop cut some short): merge */
    int mrc = merge_point(cp, pr);
    if (mrc < 0) {
        /* a rank that cannot merge has broken the collective calls'
           order: nothing more can be agreed, the run ends here */
        snprintf(why, why_len, "host %s (rank %d): merging the point's figures "
                 "failed: %s", cluster_host(cp->cfg->cluster),
                 cluster_rank(cp->cfg->cluster), strerror(-mrc));
        sim_point_result_free(pr);
        return mrc;
    }
    return agreed;
}
