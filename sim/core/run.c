/*
 * run.c - wiring a run together and collecting its results.
 *
 * A run: resolve the layout for cfg->disks volumes of the configured size,
 * give the workload the layout's logical capacity, build the ORION matrix
 * for that disk count, open the devices, and carry out the points.
 *
 * Independent points (sim_points_independent: a virtual clock, burst
 * credits not carried).  Each point is measured on parts opened for it
 * alone: a fresh clock, idle throttles, the workload generator from its
 * seed, buckets burst_credit_frac full.  A point's figures then depend on
 * the point and the configuration only, as a DBA reading a matrix
 * expects, and the points can be measured in any order on any thread:
 * run_tasks.c does, on cfg->jobs threads, for a run as for a sweep (every
 * point of every disk count one task), with the serial order's results
 * and progress calls.  Opening parts is cheap next to a point (a few
 * allocations).
 *
 * Shared parts (real devices, or credits carried).  The points are
 * carried out in order on one set of parts: throttle schedules and the
 * generator carry from point to point; burst buckets start every point
 * burst_credit_frac full, or with burst_carry at the first point only,
 * carrying as on one instance over time.  A sweep repeats the run for
 * each disk count on fresh devices (fresh burst buckets); with
 * cfg->jobs > 1 on a virtual clock the disk counts run on that many
 * threads (run_tasks.c, by run).  The wiring of layout, workload, devices
 * and engine (sim_parts_open) is the one the live session (session.c)
 * uses too, and so is the burst state a point starts from
 * (sim_burst_point_start).
 *
 * Levels (levels.h).  With cfg->levels SIM_LEVELS_EXTEND, after ORION's
 * points each class whose axis is not saturated gets further points along
 * it (large first, then small), appended to the matrix so that every
 * report sees them.  The pools are sized at open for the highest level
 * the extension may reach (its share of the cap on outstanding I/O), so
 * device state carries through the extra points as through ORION's; the
 * pool size does not change what ORION's points measure.
 *
 * The summary follows ORION: Maximum Large MBPS over points with large
 * I/O, Maximum Small IOPS over points with small I/O, Minimum Small Latency
 * (average latency of small I/O) over points with small I/O.  Ties go to
 * the first point in visiting order.  In a mixed point a class competes
 * only if it makes up at least SIM_SUMMARY_SHARE of the I/O (stats.h),
 * unless no point of the run gives it that share: then at every point
 * where it completed I/O, and the summary marks it (minority).
 * Each figure keeps the binding limit of its own point.
 *
 * Open loop (cfg->open with a rate, engine.h): the run is one point, (0,
 * 0) in a one-point matrix, carried out at the offered rates with pools
 * of the outstanding bound for each class that has a rate
 * (sim_open_pools); no levels are extended.  Its summary is that point's:
 * the "maxima" are the delivered rates of each class with a rate that
 * completed I/O (no share rule: both were asked for), the Minimum Small
 * Latency its small latency from arrival, each limit the point's.  Burst and sustained apply
 * to it as to any point: the sustained figures are the delivered rates
 * on empty buckets.
 *
 * Burst and sustained: after each point the backend says whether a
 * burst bucket fell (dev_limits).  If one did, the figures hold only
 * until the buckets are empty, so the run measures the same point again
 * with every bucket empty (cheap in virtual time: auto duration, at most
 * as long as the point), with the bucket levels put aside and brought
 * back so that a carried state does not change; the device time of that
 * second measurement is not the run's.  The
 * summary names, per class, whether its maximum was a burst, how long it
 * lasts at most (from full buckets), and the maximum sustained figure
 * over the points (a point that drew on no bucket sustains its own).
 * A point longer than its burst: when the first bucket ran out inside
 * the window, its figures are the average of the burst and of what came
 * after; the point then also keeps when it ran out (the device's own
 * bucket-empty time) and each class's figure while the credits lasted
 * (its figure times the limit's consumption before running out over its
 * window average: the classes keep their shares), and how long a full
 * bucket lasts is taken at that burst consumption, not the average.
 */
#include "sim/core/run.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "layouts/units.h"
#include "layouts/why.h"
#include "sim/core/run_internal.h"

void sim_run_cfg_defaults(struct sim_run_cfg *cfg)
{
    memset(cfg, 0, sizeof(*cfg));
    cfg->disks = 1;
    /* volume and instance stay empty: the core knows no profile (the
       model's callers describe them: dev_model_run_defaults) */
    lay_cfg_defaults(&cfg->layout, 1, cfg->volume.size_bytes);
    wl_cfg_defaults(&cfg->workload, cfg->volume.size_bytes);
    wl_matrix_cfg_defaults(&cfg->matrix, 1);
    cfg->point.duration_ns = 60 * SIM_NS_PER_S;
    cfg->point.ci_target = 0.01;
    cfg->point.warmup_ns = SIM_WARMUP_AUTO;
    cfg->point.stream_io = 4;
    cfg->backend = NULL;            /* the caller picks one: core knows none */
    cfg->burst_credit_frac = 1.0;
    cfg->burst_carry = false;
    cfg->seed = 1;
}

double sim_wall_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Class c's figures at p compete for the summary: it ran there and is at
   least SIM_SUMMARY_SHARE of the point's I/O (stats.h).  In a run where no
   point gives the class that share (`minority`: an ORION col or point
   matrix, a few large streams beside many small I/Os), it competes
   wherever it completed I/O, as in ORION, and the report says so
   (sim_summary.minority).  An open-loop point is the run's only one and
   its rates were asked for: a class with a rate competes whatever its
   share, once it completed any I/O. */
static bool class_competes(const struct sim_point_result *p, enum wl_class c,
                           bool minority)
{
    if (p->open.on)
        return sim_point_class_measured(p, c);
    int load = c == WL_LARGE ? p->large : p->small;
    if (load <= 0)
        return false;
    return minority ? sim_point_class_measured(p, c)
                    : sim_point_class_share(p, c, SIM_SUMMARY_SHARE);
}

/* True when class c completed I/O in the run but reaches its share at
   none of the points. */
static bool class_in_minority(const struct sim_point_result *pts, int n,
                              enum wl_class c)
{
    bool measured = false;
    for (int i = 0; i < n; i++) {
        if (class_competes(&pts[i], c, false))
            return false;
        measured |= class_competes(&pts[i], c, true);
    }
    return measured;
}

static double class_figure(const struct sim_point_result *p, enum wl_class c)
{
    return c == WL_LARGE ? p->cls[WL_LARGE].mbps : p->cls[WL_SMALL].iops;
}

/* Latencies this close to the minimum are the same figure: the points'
   batch-means half-width target (docs/model.md, "What is measured"). */
#define MIN_LAT_NOISE_FRAC 0.01

/* The limit named for the Minimum Small Latency: that of the lightest
   load (small, then large) among the points within MIN_LAT_NOISE_FRAC of
   it.  Where many points share one latency (a model below its queueing,
   sixteen gp3 volumes from 8 disks up) the least of them is noise, and
   its label flipped between "offered load" and "instance IOPS" from one
   disk count to the next. */
static enum sim_limit min_lat_limit(const struct sim_point_result *pts, int n,
                                    double min_us, bool minority)
{
    const struct sim_point_result *light = NULL;   /* the minimum's own, at worst */
    for (int i = 0; i < n; i++) {
        const struct sim_point_result *p = &pts[i];
        if (!class_competes(p, WL_SMALL, minority) ||
            p->cls[WL_SMALL].lat.avg_us > min_us * (1 + MIN_LAT_NOISE_FRAC))
            continue;
        if (!light || p->small < light->small ||
            (p->small == light->small && p->large < light->large))
            light = p;
    }
    return light->limited_by;
}

/* The physical figure in class c's unit: what a limit on it counts. */
void sim_summarise(const struct sim_point_result *pts, int n,
                   const struct sim_class_levels *levels, struct sim_summary *s)
{
    memset(s, 0, sizeof(*s));
    for (int c = 0; c < WL_CLASSES; c++)
        s->minority[c] = class_in_minority(pts, n, (enum wl_class)c);
    for (int i = 0; i < n; i++) {
        const struct sim_point_result *p = &pts[i];
        struct wl_point at = { p->small, p->large };
        const struct sim_class_result *small = &p->cls[WL_SMALL];
        if (class_competes(p, WL_LARGE, s->minority[WL_LARGE]) &&
            (!s->has_large || p->cls[WL_LARGE].mbps > s->max_large_mbps)) {
            s->has_large = true;
            s->max_large_mbps = p->cls[WL_LARGE].mbps;
            s->max_large_at = at;
            s->max_large_limit = p->limited_by;
            s->max_large_phys_mbps = p->phys_mbps;
        }
        if (class_competes(p, WL_SMALL, s->minority[WL_SMALL])) {
            if (!s->has_small || small->iops > s->max_small_iops) {
                s->max_small_iops = small->iops;
                s->max_small_at = at;
                s->max_small_limit = p->limited_by;
                s->max_small_phys_iops = p->phys_iops;
            }
            if (!s->has_small || small->lat.avg_us < s->min_small_lat_us) {
                s->min_small_lat_us = small->lat.avg_us;
                s->min_small_lat_at = at;
                s->min_lat_limit = p->limited_by;
            }
            s->has_small = true;
        }
    }
    if (s->has_small)
        s->min_lat_limit = min_lat_limit(pts, n, s->min_small_lat_us,
                                         s->minority[WL_SMALL]);
    /* The maxima's limits as the levels read them: "device" under a
       maximum that still rose at its last level is the offered load's,
       as the note under it says (sim_levels_bound_limit). */
    if (levels) {
        s->max_large_limit = sim_levels_bound_limit(&levels[WL_LARGE], s->max_large_limit);
        s->max_small_limit = sim_levels_bound_limit(&levels[WL_SMALL], s->max_small_limit);
    }
    /* The headline: the binding limit of the main figure; an open-loop
       point's own, measured with or without completed I/O. */
    s->open = n > 0 && pts[0].open.on;
    s->limited_by = s->has_large ? s->max_large_limit
                    : s->has_small || !s->open ? s->max_small_limit
                                               : pts[0].limited_by;
    sim_summarise_burst(pts, n, s);
}

/* ---- burst and sustained ----------------------------------------------- */

static double class_phys(const struct sim_point_result *p, enum wl_class c)
{
    return c == WL_LARGE ? p->phys_mbps : p->phys_iops;
}

/* What p sustains for class c (logical and physical): its own figures
   when it drew on no bucket.  False when it drew and its sustained
   figures were not measured. */
static bool class_sustained(const struct sim_point_result *p, enum wl_class c,
                            double *figure, double *phys,
                            enum sim_limit *limited_by)
{
    if (!p->burst.drawn) {
        *figure = class_figure(p, c);
        *phys = class_phys(p, c);
        /* held at a base rate for want of credits: which one */
        *limited_by = p->limited_by == SIM_LIMIT_BURST_CREDITS
                          ? p->burst.sustained_limited_by : p->limited_by;
        return true;
    }
    if (!p->burst.sustained_measured)
        return false;
    *figure = p->burst.sustained[c];
    *phys = p->burst.sustained_phys[c];
    *limited_by = p->burst.sustained_limited_by;
    return true;
}

static void summarise_class_burst(const struct sim_point_result *pts, int n,
                                  enum wl_class c, struct wl_point max_at,
                                  bool minority, struct sim_class_burst *b)
{
    memset(b, 0, sizeof(*b));
    bool headline_seen = false;
    for (int i = 0; i < n; i++) {
        const struct sim_point_result *p = &pts[i];
        if (!class_competes(p, c, minority))
            continue;
        if (!headline_seen && p->small == max_at.small && p->large == max_at.large) {
            headline_seen = true;
            b->drawn = p->burst.drawn;
            b->lasts_s = p->burst.lasts_s;
            b->first = p->burst.first;
            b->ran_out = p->burst.ran_out;
            b->ran_out_s = p->burst.ran_out_s;
            b->at_burst = p->burst.at_burst[c];
        }
        double figure, phys;
        enum sim_limit limited_by;
        if (class_sustained(p, c, &figure, &phys, &limited_by) &&
            (!b->has_sustained || figure > b->sustained)) {
            b->has_sustained = true;
            b->sustained = figure;
            b->sustained_phys = phys;
            b->sustained_at = (struct wl_point){ p->small, p->large };
            b->sustained_limited_by = limited_by;
        }
    }
}

void sim_summarise_burst(const struct sim_point_result *pts, int n,
                         struct sim_summary *s)
{
    memset(s->burst, 0, sizeof(s->burst));
    if (s->has_large)
        summarise_class_burst(pts, n, WL_LARGE, s->max_large_at,
                              s->minority[WL_LARGE], &s->burst[WL_LARGE]);
    if (s->has_small)
        summarise_class_burst(pts, n, WL_SMALL, s->max_small_at,
                              s->minority[WL_SMALL], &s->burst[WL_SMALL]);
}

void sim_burst_point_start(const struct sim_run_cfg *cfg, struct devset *ds)
{
    if (!cfg->burst_carry && ds->ops->burst_fill)
        ds->ops->burst_fill(ds, cfg->burst_credit_frac);
}

/* Measure point p again with every bucket empty into pr->burst; the
   buckets' levels are put aside and brought back.  0 (also when a stop
   request leaves it unmeasured) or -errno. */
static int measure_sustained(const struct sim_run_cfg *cfg, struct sim_parts *rp,
                             struct wl_point p, struct sim_point_result *pr)
{
    struct devset *ds = &rp->ds;
    if (!ds->ops->burst_fill || (cfg->burst_carry && !ds->ops->burst_stash) ||
        sim_stop_is_set(cfg->point.stop))
        return 0;
    struct sim_point_opts o = cfg->point;
    o.live = NULL;                  /* a live view shows the run's points */
    o.interval_ns = 0;              /* and the timeline the point itself */
    o.auto_duration = true;         /* until it converges, at most as long
                                       as the point itself */
    struct sim_point_result empty = { 0 };
    if (ds->ops->burst_stash)
        ds->ops->burst_stash(ds, false);
    ds->ops->burst_fill(ds, 0.0);
    int rc = sim_engine_run_point(rp->engine, p, &o, &empty);
    if (rc == 0) {
        struct dev_limits lim;
        ds->ops->limits(ds, &lim, false);
        pr->burst.sustained_measured = true;
        for (int c = 0; c < WL_CLASSES; c++) {
            pr->burst.sustained[c] = class_figure(&empty, (enum wl_class)c);
            pr->burst.sustained_phys[c] = class_phys(&empty, (enum wl_class)c);
        }
        pr->burst.sustained_limited_by =
            empty.limited_by == SIM_LIMIT_BURST_CREDITS ? lim.burst_behind
                                                         : empty.limited_by;
    }
    if (rc >= 0 && ds->ops->burst_stash)
        ds->ops->burst_stash(ds, true);
    sim_point_result_free(&empty);
    return rc < 0 ? rc : 0;
}

bool sim_point_burst_facts(struct devset *ds, const sim_engine *e,
                           struct sim_point_result *pr)
{
    if (!ds->ops->limits)
        return false;
    struct dev_limits lim;
    if (!sim_engine_window_limits(e, &lim))
        ds->ops->limits(ds, &lim, false);
    if (!lim.burst_drawn) {
        /* it sustains what it measured; on empty buckets, held by this */
        pr->burst.sustained_limited_by = lim.burst_behind;
        return false;
    }
    pr->burst.drawn = true;
    pr->burst.lasts_s = lim.burst_lasts_s;
    pr->burst.first = lim.burst_first;
    pr->burst.ran_out = lim.burst_ran_out;
    pr->burst.ran_out_s = lim.burst_ran_out_s;
    /* the classes keep their shares of the limit's use through the point,
       so each one's figure scales as the limit's consumption does */
    for (int c = 0; c < WL_CLASSES; c++)
        pr->burst.at_burst[c] = class_figure(pr, (enum wl_class)c) *
                                (lim.burst_ran_out ? lim.burst_rate_frac : 1.0);
    return true;
}

/* After point p: did it draw on burst credits, for how long could it,
   and what does it sustain.  0 or -errno. */
static int point_burst(const struct sim_run_cfg *cfg, struct sim_parts *rp,
                       struct wl_point p, struct sim_point_result *pr)
{
    if (!sim_point_burst_facts(&rp->ds, rp->engine, pr))
        return 0;
    return measure_sustained(cfg, rp, p, pr);
}

/* The devices go first.  A point that failed (every disk erring) or was
   stopped can return with I/O still in the backend: in the kernel, in an
   aio worker's ring, in its completion queue.  Those I/Os are the engine's
   pieces, and a worker thread reads and writes them until it is joined,
   which dev_close does (dev_aio.c).  Freeing the engine first let the
   workers write into freed memory: --threads 2 on disks that failed
   crashed before the results were written. */
void sim_parts_close(struct sim_parts *p)
{
    dev_close(&p->ds);
    sim_engine_destroy(p->engine);
    wl_destroy(p->workload);
    lay_destroy(p->layout);
    memset(p, 0, sizeof(*p));
}

void sim_matrix_maxima(const struct wl_matrix *m, enum wl_large_type type,
                       int stream_io, int *max_small, int *max_large_ios)
{
    *max_small = *max_large_ios = 0;
    for (int i = 0; i < m->n_points; i++) {
        int li = sim_point_large_ios(m->points[i].large, type, stream_io);
        if (m->points[i].small > *max_small)
            *max_small = m->points[i].small;
        if (li > *max_large_ios)
            *max_large_ios = li;
    }
}

/* Every offset and size of a physical I/O is a multiple of this: the I/O
   sizes, the workload's alignment, and the layout's split points (AU,
   stripe, 128 KiB fine chunks: all multiples of 4 KiB). */
static uint32_t io_granularity(const struct wl_cfg *wc)
{
    uint64_t g = units_gcd(wc->small_bytes, wc->large_bytes);
    return (uint32_t)units_gcd(g, wc->align_bytes ? wc->align_bytes : 4096u);
}

int sim_parts_open(const struct sim_run_cfg *cfg, int max_small,
                   int max_large_ios, struct sim_parts *rp, char *why,
                   size_t why_len)
{
    memset(rp, 0, sizeof(*rp));
    struct lay_cfg lc = cfg->layout;
    lc.disks = cfg->disks;
    lc.disk_size_bytes = cfg->volume.size_bytes;
    int rc = lay_create(&lc, &rp->layout, why, why_len);
    if (rc < 0)
        return rc;
    struct wl_cfg wc = cfg->workload;
    wc.capacity_bytes = lay_capacity_bytes(rp->layout);
    wc.seed = cfg->seed;
    rc = wl_create(&wc, &rp->workload, why, why_len);
    if (rc < 0)
        return rc;

    /* the pools, by class (io_budget.h): pieces for the iocbs and the
       model's queues, logical I/Os and their sizes for the aio buffers */
    struct sim_io_budget budget = sim_budget_make(
        rp->layout, wc.small_bytes, wc.large_bytes, max_small, max_large_ios);
    rc = sim_budget_check(&budget, why, why_len);
    if (rc < 0)
        return rc;
    _Alignas(max_align_t) unsigned char backend_buf[DEV_BACKEND_CFG_BYTES];
    struct devset_cfg dc = {
        .disks = cfg->disks,
        .backend_cfg = cfg->backend && cfg->backend->run_cfg
                       ? cfg->backend->run_cfg(cfg, backend_buf,
                                               sizeof backend_buf)
                       : NULL,
        .seed = cfg->seed,
        .max_outstanding = (int)sim_budget_pieces(&budget),
        /* > 0: the budget has a slot (sim_budget_check) */
        .max_io_bytes = sim_budget_max_io_bytes(&budget),
        .budget = budget,
        .io_align_bytes = io_granularity(&wc),
        .even_load = cfg->layout.striping != LAY_CONCAT,
    };
    rc = dev_open(&rp->ds, cfg->backend, &dc, why, why_len);
    if (rc < 0)
        return rc;
    struct sim_engine_cfg ec = {
        .layout = rp->layout,
        .workload = rp->workload,
        .devices = &rp->ds,
        .max_small = max_small,
        .max_large_ios = max_large_ios,
    };
    rc = sim_engine_create(&ec, &rp->engine);
    if (rc < 0)
        snprintf(why, why_len, "cannot create the engine: %s", strerror(-rc));
    return rc;
}

/* A point that failed: on real targets whose every disk failed the run
   keeps the points measured so far and stops (1), with why (what
   sim_meter_point said) as its reason; anything else fails the run (rc). */
static int point_failed(const struct sim_run_cfg *cfg, struct sim_run_result *r,
                        int rc, const char *why)
{
    if (rc != -EIO || !cfg->targets)
        return rc;
    r->failed = rc;
    snprintf(r->failed_why, sizeof r->failed_why, "%s", why);
    return 1;
}

/* "every target failed at point small=1 large=0: Input/output error on
   all 2 disks (/mnt/a, /mnt/b)": what the I/O met (io_error, as
   sim_engine_io_error gives it) and the targets (why_quote'd), as many
   as fit in why, then "and N more". */
static void say_targets_failed(const struct sim_run_cfg *cfg, struct wl_point at,
                               int io_error, char *why, size_t why_len)
{
    size_t n = (size_t)snprintf(why, why_len, "every target failed at point "
                                "small=%d large=%d: %s on all %d disk%s (",
                                at.small, at.large,
                                io_error == -ENODATA ? "short transfers" :
                                strerror(io_error ? -io_error : EIO),
                                cfg->disks, cfg->disks == 1 ? "" : "s");
    for (int d = 0; d < cfg->disks && n < why_len; d++) {
        char q[WHY_QUOTE_BUF];
        size_t room = why_len - n;
        why_quote(cfg->targets[d], strlen(cfg->targets[d]), q, sizeof q);
        if (strlen(q) + 2 + sizeof "and 999 more)" > room) {
            snprintf(why + n, room, "%sand %d more)", d ? ", " : "",
                     cfg->disks - d);
            return;
        }
        n += (size_t)snprintf(why + n, room, "%s%s", d ? ", " : "", q);
    }
    if (n < why_len)
        snprintf(why + n, why_len - n, ")");
}

/* Open the parts of point `at` alone, with pools for its own load (the
   pool size does not change what a point measures, see the top; the
   extended levels' pools are large, and zeroing them for every point
   cost more than the points). */
static int open_point_parts(const struct sim_run_cfg *cfg, struct wl_point at,
                            struct sim_parts *rp, char *why, size_t why_len)
{
    int max_small = at.small, max_large_ios =
        sim_point_large_ios(at.large, cfg->workload.large_type,
                            cfg->point.stream_io);
    if (cfg->point.open)
        sim_open_pools(cfg->point.open, &max_small, &max_large_ios);
    return sim_parts_open(cfg, max_small, max_large_ios, rp, why, why_len);
}

int sim_meter_point(const struct sim_point_meter *m, struct wl_point at,
                    struct sim_point_result *pr, sim_ns *device_ns, char *why,
                    size_t why_len)
{
    const struct sim_run_cfg *cfg = m->cfg;
    struct sim_parts own = { 0 };
    struct sim_parts *rp = m->shared ? m->shared : &own;
    int rc = m->shared ? 0 : open_point_parts(cfg, at, &own, why, why_len);
    *device_ns = 0;
    if (rc == 0) {
        sim_ns start_ns = rp->ds.ops->now(&rp->ds);
        sim_burst_point_start(cfg, &rp->ds);
        rc = sim_engine_run_point(rp->engine, at, &cfg->point, pr);
        *device_ns = rp->ds.ops->now(&rp->ds) - start_ns;
        if (rc == 0 && (rc = point_burst(cfg, rp, at, pr)) < 0)
            sim_point_result_free(pr);      /* not counted: not kept */
        else if (rc == 1)
            /* cut short by a stop request: what it drew is known, what
               it sustains is not (class_sustained), so a point measured
               on full buckets never passes for a sustained one */
            (void)sim_point_burst_facts(&rp->ds, rp->engine, pr);
        if (rc == -EIO && cfg->targets)
            say_targets_failed(cfg, at, sim_engine_io_error(rp->engine), why,
                               why_len);
        else if (rc < 0)
            snprintf(why, why_len, "point small=%d large=%d failed: %s",
                     at.small, at.large, strerror(-rc));
    }
    if (!m->shared)
        sim_parts_close(&own);
    return rc;
}

/* Measure matrix point i into the next result.  0 to go on, 1 when the
   run stops here (a stop request, or every real disk failed: the points
   so far are kept), or -errno. */
static int measure_point(const struct sim_point_meter *m,
                         struct sim_run_result *r, int run_index, int i,
                         sim_ns *device_ns, sim_progress_fn progress,
                         void *arg, char *why, size_t why_len)
{
    struct wl_point at = r->matrix->points[i];
    struct sim_point_result *pr = &r->points[r->n_points];
    sim_ns point_ns;
    int rc = sim_meter_point(m, at, pr, &point_ns, why, why_len);
    *device_ns += point_ns;
    if (rc < 0)
        return point_failed(m->cfg, r, rc, why);
    r->n_points++;
    if (progress)
        progress(arg, run_index, i, r->matrix->n_points, pr);
    return rc == 1 || sim_stop_is_set(m->cfg->point.stop) ? 1 : 0;
}

/* Logical I/Os one load level of class c keeps in flight. */
static int level_ios(const struct sim_run_cfg *cfg, enum wl_class c, int level)
{
    return c == WL_SMALL ? level
                         : sim_point_large_ios(level, cfg->workload.large_type,
                                               cfg->point.stream_io);
}

/* The highest level class c may extend to: what fits beside the other
   class in the cap on outstanding logical and physical I/O (io_budget.h),
   half of each when both extend. */
static int extension_ceiling(const struct sim_run_cfg *cfg, const lay *l,
                             const struct sim_extension *x, enum wl_class c,
                             const int slots[WL_CLASSES])
{
    enum wl_class o = c == WL_SMALL ? WL_LARGE : WL_SMALL;
    uint32_t bytes[WL_CLASSES] = { cfg->workload.small_bytes,
                                   cfg->workload.large_bytes };
    int ppi = lay_max_pieces(l, bytes[c], true);
    int64_t other_pieces = (int64_t)slots[o] * lay_max_pieces(l, bytes[o], true);
    int64_t ios = x->on[o] ? SIM_MAX_OUTSTANDING / WL_CLASSES
                           : SIM_MAX_OUTSTANDING - slots[o];
    int64_t pieces = x->on[o] ? SIM_MAX_PIECES / WL_CLASSES
                              : SIM_MAX_PIECES - other_pieces;
    if (ppi > 0 && pieces / ppi < ios)
        ios = pieces / ppi;
    int per_level = level_ios(cfg, c, 1);
    int64_t level = ios / (per_level > 0 ? per_level : 1);
    if (c == WL_LARGE && cfg->workload.large_type == WL_LARGE_SEQ &&
        level > WL_MAX_STREAMS)
        level = WL_MAX_STREAMS;
    return level > x->orion_max[c] ? (int)level : x->orion_max[c];
}

/* Which classes extend (levels.h): with SIM_LEVELS_EXTEND, those with an
   axis whose maximum the user did not set; and how far they may go.
   slots[] is the ORION matrix's pools on entry, the run's on return. */
static int plan_extension(const struct sim_run_cfg *cfg,
                          const struct wl_matrix *m, struct sim_extension *x,
                          int slots[WL_CLASSES], char *why, size_t why_len)
{
    memset(x, 0, sizeof(*x));
    x->points_cap = m->n_points;
    int given[WL_CLASSES] = { cfg->matrix.num_small, cfg->matrix.num_large };
    for (int c = 0; c < WL_CLASSES; c++) {
        x->orion_max[c] = sim_levels_axis_max(m, (enum wl_class)c);
        x->on[c] = sim_levels_extends(cfg->levels, x->orion_max[c], given[c]);
    }
    if (!x->on[WL_SMALL] && !x->on[WL_LARGE])
        return 0;
    struct lay_cfg lc = cfg->layout;
    lc.disks = cfg->disks;
    lc.disk_size_bytes = cfg->volume.size_bytes;
    lay *l = NULL;
    int rc = lay_create(&lc, &l, why, why_len);
    if (rc < 0)
        return rc;
    int orion_slots[WL_CLASSES] = { slots[0], slots[1] };
    for (int c = 0; c < WL_CLASSES; c++) {
        if (!x->on[c])
            continue;
        x->ceiling[c] = extension_ceiling(cfg, l, x, (enum wl_class)c,
                                          orion_slots);
        int ios = level_ios(cfg, (enum wl_class)c, x->ceiling[c]);
        if (ios > slots[c])
            slots[c] = ios;
        x->points_cap += sim_levels_steps(x->orion_max[c], x->ceiling[c]);
    }
    lay_destroy(l);
    return 0;
}

/* After ORION's points: whether class c saturated on them and, when it
   extends, further levels along its axis until it does (levels.h).
   Return as measure_point. */
static int extend_class(const struct sim_point_meter *m,
                        struct sim_run_result *r, int run_index,
                        const struct sim_extension *x, enum wl_class c,
                        sim_ns *device_ns, sim_progress_fn progress,
                        void *arg, char *why, size_t why_len)
{
    struct sim_class_levels *lv = &r->levels[c];
    lv->orion_max = x->orion_max[c];
    lv->extends = x->on[c];
    lv->stop = sim_levels_saturation(r->points, r->n_points, c, &lv->last);
    while (x->on[c] && lv->stop == SIM_STOP_RISING) {
        int next = sim_levels_next(lv->last);
        struct wl_point at = c == WL_LARGE ? (struct wl_point){ 0, next }
                                           : (struct wl_point){ next, 0 };
        int rc = next > x->ceiling[c] || r->n_points >= x->points_cap
                     ? -ENOSPC : wl_matrix_append(r->matrix, at);
        if (rc == -ENOSPC) {
            lv->stop = SIM_STOP_CAP;
            break;
        }
        if (rc < 0) {
            snprintf(why, why_len, "out of memory");
            return rc;
        }
        lv->extended = true;
        rc = measure_point(m, r, run_index, r->matrix->n_points - 1,
                           device_ns, progress, arg, why, why_len);
        if (rc != 0)
            return rc;
        lv->stop = sim_levels_saturation(r->points, r->n_points, c, &lv->last);
    }
    return 0;
}

int sim_run_extend(const struct sim_point_meter *m, struct sim_run_result *r,
                   int run_index, const struct sim_extension *x,
                   sim_ns *device_ns, sim_progress_fn progress, void *arg,
                   char *why, size_t why_len)
{
    /* large first: the Maximum Large MBPS is the headline */
    int status = extend_class(m, r, run_index, x, WL_LARGE, device_ns,
                              progress, arg, why, why_len);
    if (status == 0)
        status = extend_class(m, r, run_index, x, WL_SMALL, device_ns,
                              progress, arg, why, why_len);
    return status;
}

void sim_run_finish(struct sim_run_result *r, const struct sim_run_cfg *cfg, int status,
                    sim_ns device_ns)
{
    /* a point cut short by a stop request or a failure is not complete
       either, even when it was the last one */
    r->incomplete = status == 1 || r->n_points < r->matrix->n_points;
    r->device_ns = device_ns;
    sim_run_summarise(r, cfg);
}

void sim_run_summarise(struct sim_run_result *r, const struct sim_run_cfg *cfg)
{
    sim_summarise(r->points, r->n_points, r->levels, &r->summary);
    for (int c = 0; c < WL_CLASSES; c++)
        r->summary.burst[c].start_spent_frac = cfg->burst_carry ? 0 : 1 - cfg->burst_credit_frac;
}

static int run_points(const struct sim_point_meter *m, struct sim_run_result *r,
                      int run_index, const struct sim_extension *x,
                      sim_progress_fn progress, void *arg, char *why,
                      size_t why_len)
{
    sim_ns device_ns = 0;
    int status = 0;
    int orion_points = r->matrix->n_points;
    for (int i = 0; i < orion_points && status == 0; i++)
        status = measure_point(m, r, run_index, i, &device_ns, progress, arg,
                               why, why_len);
    if (status == 0)
        status = sim_run_extend(m, r, run_index, x, &device_ns, progress, arg,
                                why, why_len);
    if (status >= 0)
        sim_run_finish(r, m->cfg, status, device_ns);
    return status;
}

void sim_run_own_cfg(const struct sim_run_cfg *cfg, struct sim_run_cfg *own)
{
    *own = *cfg;
    if (sim_open_load_on(&cfg->open)) {
        own->levels = SIM_LEVELS_ORION;
        own->point.open = &own->open;
    }
}

/* The matrix of a run: ORION's for the disk count, or for an open-loop
   run the one point (0, 0), which ORION's matrices never hold. */
static int run_matrix(const struct sim_run_cfg *cfg, struct wl_matrix **out,
                      char *why, size_t why_len)
{
    if (!cfg->point.open) {
        struct wl_matrix_cfg mc = cfg->matrix;
        mc.num_disks = cfg->matrix_disks > 0 ? cfg->matrix_disks : cfg->disks;
        return wl_matrix_build(&mc, out, why, why_len);
    }
    struct wl_matrix *m = calloc(1, sizeof(*m));
    int rc = m ? wl_matrix_append(m, (struct wl_point){ 0, 0 }) : -ENOMEM;
    if (rc < 0) {
        wl_matrix_free(m);
        snprintf(why, why_len, "out of memory");
        return rc;
    }
    *out = m;
    return 0;
}

bool sim_run_extends_levels(const struct sim_run_cfg *cfg)
{
    struct wl_matrix *m = NULL;
    char why[128];
    int given[WL_CLASSES] = { cfg->matrix.num_small, cfg->matrix.num_large };
    bool on = false;
    if (cfg->levels != SIM_LEVELS_EXTEND || run_matrix(cfg, &m, why, sizeof why) != 0)
        return false;
    for (int c = 0; c < WL_CLASSES; c++)
        on |= sim_levels_extends(cfg->levels, sim_levels_axis_max(m, (enum wl_class)c),
                                 given[c]);
    wl_matrix_free(m);
    return on;
}

/* The pools of a run: the matrix's largest loads (and their extension),
   or an open load's bound. */
static int run_slots(const struct sim_run_cfg *cfg, const struct wl_matrix *m,
                     struct sim_extension *x, int slots[WL_CLASSES], char *why,
                     size_t why_len)
{
    if (cfg->point.open) {
        memset(x, 0, sizeof(*x));
        x->points_cap = m->n_points;
        sim_open_pools(cfg->point.open, &slots[WL_SMALL], &slots[WL_LARGE]);
        return 0;
    }
    sim_matrix_maxima(m, cfg->workload.large_type, cfg->point.stream_io,
                      &slots[WL_SMALL], &slots[WL_LARGE]);
    return plan_extension(cfg, m, x, slots, why, why_len);
}

int sim_run_prepare(const struct sim_run_cfg *cfg, struct sim_run_result **out,
                    struct sim_extension *x, int slots[WL_CLASSES], char *why,
                    size_t why_len)
{
    struct sim_run_result *r = calloc(1, sizeof(*r));
    if (!r) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    r->disks = cfg->disks;
    int rc = run_matrix(cfg, &r->matrix, why, why_len);
    if (rc == 0)
        rc = run_slots(cfg, r->matrix, x, slots, why, why_len);
    if (rc == 0) {
        r->points = calloc((size_t)x->points_cap, sizeof(*r->points));
        if (!r->points) {
            snprintf(why, why_len, "out of memory");
            rc = -ENOMEM;
        }
    }
    if (rc < 0) {
        sim_run_free(r);
        return rc;
    }
    *out = r;
    return 0;
}

int sim_run_shared(const struct sim_run_cfg *given, int run_index,
                   sim_progress_fn progress, void *arg,
                   struct sim_run_result **out, char *why, size_t why_len)
{
    struct sim_run_cfg cfg;
    sim_run_own_cfg(given, &cfg);
    double t0 = sim_wall_now_s();
    struct sim_run_result *r = NULL;
    struct sim_extension x;
    struct sim_parts rp = { 0 };
    struct sim_point_meter m = { .cfg = &cfg, .shared = &rp };
    int rc = sim_run_prepare(&cfg, &r, &x, m.slots, why, why_len);
    if (rc < 0)
        return rc;
    rc = sim_parts_open(&cfg, m.slots[WL_SMALL], m.slots[WL_LARGE], &rp, why,
                        why_len);
    if (rc == 0)
        rc = run_points(&m, r, run_index, &x, progress, arg, why, why_len);
    sim_parts_close(&rp);
    if (rc < 0) {
        sim_run_free(r);
        return rc;
    }
    r->wall_s = sim_wall_now_s() - t0;
    *out = r;
    return rc;
}

bool sim_points_independent(const struct sim_run_cfg *cfg)
{
    return dev_has(cfg->backend, DEV_CAP_VIRTUAL_CLOCK) && !cfg->targets &&
           !cfg->burst_carry;
}

bool sim_run_parallel(const struct sim_run_cfg *cfg)
{
    return cfg->jobs > 1 && sim_points_independent(cfg) && !cfg->point.live;
}

int sim_run(const struct sim_run_cfg *cfg, sim_progress_fn progress, void *arg,
            struct sim_run_result **out, char *why, size_t why_len)
{
    if (!sim_points_independent(cfg))
        return sim_run_shared(cfg, 0, progress, arg, out, why, why_len);
    int n_runs = 0;
    return sim_run_tasks(cfg, &cfg->disks, 1, false, progress, arg, out,
                         &n_runs, why, why_len);
}

uint64_t sim_run_disk_errors(const struct sim_run_result *r, int d)
{
    uint64_t e = 0;
    for (int i = 0; i < r->n_points; i++)
        if (r->points[i].disk && d < r->points[i].disks)
            e += r->points[i].disk[d].errors;
    return e;
}

void sim_run_free(struct sim_run_result *r)
{
    if (!r)
        return;
    if (r->points)
        for (int i = 0; i < r->n_points; i++)
            sim_point_result_free(&r->points[i]);
    free(r->points);
    wl_matrix_free(r->matrix);
    free(r);
}

struct sim_run_cfg sim_sweep_run_cfg(const struct sim_run_cfg *cfg, int disks)
{
    struct sim_run_cfg one = *cfg;
    one.disks = disks;
    if (cfg->failgroup_map)
        one.layout.disk_failgroup =
            disks == cfg->failgroup_map_disks ? cfg->failgroup_map : NULL;
    return one;
}

static int sweep_serial(const struct sim_run_cfg *cfg, const int *disk_counts,
                        int n_counts, sim_progress_fn progress, void *arg,
                        struct sim_sweep_result *s, char *why, size_t why_len)
{
    for (int i = 0; i < n_counts; i++) {
        struct sim_run_cfg one = sim_sweep_run_cfg(cfg, disk_counts[i]);
        int rc = sim_run_shared(&one, i, progress, arg, &s->runs[s->n_runs],
                                why, why_len);
        if (rc < 0)
            return rc;
        s->n_runs++;
        if (rc == 1)
            return 1;
    }
    return 0;
}

bool sim_sweep_parallel(const struct sim_run_cfg *cfg)
{
    return cfg->jobs > 1 && dev_has(cfg->backend, DEV_CAP_VIRTUAL_CLOCK) &&
           !cfg->point.live;
}

int sim_sweep(const struct sim_run_cfg *cfg, const int *disk_counts, int n_counts,
              sim_progress_fn progress, void *arg, struct sim_sweep_result **out,
              char *why, size_t why_len)
{
    if (n_counts < 1 || n_counts > SIM_MAX_SWEEP) {
        snprintf(why, why_len, "a sweep takes 1 to %d disk counts", SIM_MAX_SWEEP);
        return -EINVAL;
    }
    struct sim_sweep_result *s = calloc(1, sizeof(*s));
    if (!s) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    bool by_point = sim_points_independent(cfg);
    int status = by_point || sim_sweep_parallel(cfg)
        ? sim_run_tasks(cfg, disk_counts, n_counts, !by_point, progress, arg,
                        s->runs, &s->n_runs, why, why_len)
        : sweep_serial(cfg, disk_counts, n_counts, progress, arg, s, why, why_len);
    if (status < 0) {
        sim_sweep_free(s);
        return status;
    }
    s->incomplete = status == 1 || s->n_runs < n_counts;
    *out = s;
    return status;
}

void sim_sweep_free(struct sim_sweep_result *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->n_runs; i++)
        sim_run_free(s->runs[i]);
    free(s);
}
