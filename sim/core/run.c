/*
 * run.c - wiring a run together and collecting its results.
 *
 * A run: resolve the layout for cfg->disks volumes of the configured size,
 * give the workload the layout's logical capacity, build the ORION matrix
 * for that disk count, open the devices, and carry out the points in
 * order with one engine.  Throttle schedules carry from point to point.
 * Burst buckets start every point burst_credit_frac full, so that a
 * point's figures do not depend on the points before it; with
 * burst_carry they start so at the first point only and carry, as on
 * one instance over time.  A sweep repeats the run for each disk count
 * on fresh devices (fresh burst buckets); with cfg->jobs > 1 on a
 * virtual clock the disk counts run on that many threads, with the
 * serial sweep's results and progress calls (sweep_parallel).  The wiring of layout,
 * workload, devices and engine (sim_parts_open) is the one the live
 * session (session.c) uses too, and so is the burst state a point
 * starts from (sim_burst_point_start).
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
 * only if it makes up at least SIM_SUMMARY_SHARE of the I/O (stats.h).
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
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "layouts/units.h"
#include "sim/core/jobs.h"

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

static double wall_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Class c's figures at p compete for the summary: it ran there and is at
   least SIM_SUMMARY_SHARE of the point's I/O (stats.h).  An open-loop
   point is the run's only one and its rates were asked for: a class with
   a rate competes whatever its share, once it completed any I/O. */
static bool class_competes(const struct sim_point_result *p, enum wl_class c)
{
    if (p->open.on)
        return sim_point_class_measured(p, c);
    int load = c == WL_LARGE ? p->large : p->small;
    return load > 0 && sim_point_class_share(p, c, SIM_SUMMARY_SHARE);
}

static double class_figure(const struct sim_point_result *p, enum wl_class c)
{
    return c == WL_LARGE ? p->cls[WL_LARGE].mbps : p->cls[WL_SMALL].iops;
}

/* The physical figure in class c's unit: what a limit on it counts. */
void sim_summarise(const struct sim_point_result *pts, int n, struct sim_summary *s)
{
    memset(s, 0, sizeof(*s));
    for (int i = 0; i < n; i++) {
        const struct sim_point_result *p = &pts[i];
        struct wl_point at = { p->small, p->large };
        const struct sim_class_result *small = &p->cls[WL_SMALL];
        if (class_competes(p, WL_LARGE) &&
            (!s->has_large || p->cls[WL_LARGE].mbps > s->max_large_mbps)) {
            s->has_large = true;
            s->max_large_mbps = p->cls[WL_LARGE].mbps;
            s->max_large_at = at;
            s->max_large_limit = p->limited_by;
            s->max_large_phys_mbps = p->phys_mbps;
        }
        if (class_competes(p, WL_SMALL)) {
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
                                  struct sim_class_burst *b)
{
    memset(b, 0, sizeof(*b));
    bool headline_seen = false;
    for (int i = 0; i < n; i++) {
        const struct sim_point_result *p = &pts[i];
        if (!class_competes(p, c))
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
                              &s->burst[WL_LARGE]);
    if (s->has_small)
        summarise_class_burst(pts, n, WL_SMALL, s->max_small_at,
                              &s->burst[WL_SMALL]);
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

bool sim_point_burst_facts(struct devset *ds, struct sim_point_result *pr)
{
    if (!ds->ops->limits)
        return false;
    struct dev_limits lim;
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
    if (!sim_point_burst_facts(&rp->ds, pr))
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

/* Measure matrix point i into the next result.  0 to go on, 1 when the
   run stops here (a stop request, or every real disk failed: the points
   so far are kept), or -errno. */
static int measure_point(const struct sim_run_cfg *cfg, struct sim_parts *rp,
                         struct sim_run_result *r, int run_index, int i,
                         sim_ns *sustained_ns, sim_progress_fn progress,
                         void *arg, char *why, size_t why_len)
{
    struct wl_point at = r->matrix->points[i];
    struct sim_point_result *pr = &r->points[r->n_points];
    sim_burst_point_start(cfg, &rp->ds);
    int rc = sim_engine_run_point(rp->engine, at, &cfg->point, pr);
    if (rc == 0) {
        sim_ns before_ns = rp->ds.ops->now(&rp->ds);
        rc = point_burst(cfg, rp, at, pr);
        *sustained_ns += rp->ds.ops->now(&rp->ds) - before_ns;
        if (rc < 0)
            sim_point_result_free(pr);      /* not counted: not kept */
    }
    if (rc < 0) {
        snprintf(why, why_len, "point small=%d large=%d failed: %s",
                 at.small, at.large, strerror(-rc));
        if (rc != -EIO || !cfg->targets)
            return rc;
        /* every real disk failed: keep the points measured so far */
        r->failed = rc;
        snprintf(r->failed_why, sizeof r->failed_why, "every target "
                 "failed at point small=%d large=%d (I/O errors on all "
                 "disks)", at.small, at.large);
        return 1;
    }
    r->n_points++;
    if (progress)
        progress(arg, run_index, i, r->matrix->n_points, pr);
    return rc == 1 || sim_stop_is_set(cfg->point.stop) ? 1 : 0;
}

/* What extending a run's levels may do, per class (enum wl_class). */
struct extension {
    bool on[WL_CLASSES];            /* the class's levels are extended */
    int orion_max[WL_CLASSES];      /* ORION's last level on its axis */
    int ceiling[WL_CLASSES];        /* the highest level it may reach */
    int points_cap;                 /* room in the run's points array */
};

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
                             const struct extension *x, enum wl_class c,
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

/* The highest load on class c's axis among the matrix's points. */
static int axis_max(const struct wl_matrix *m, enum wl_class c)
{
    int best = 0;
    for (int i = 0; i < m->n_points; i++) {
        int mine = c == WL_LARGE ? m->points[i].large : m->points[i].small;
        int other = c == WL_LARGE ? m->points[i].small : m->points[i].large;
        if (other == 0 && mine > best)
            best = mine;
    }
    return best;
}

/* Which classes extend (levels.h): with SIM_LEVELS_EXTEND, those with an
   axis whose maximum the user did not set; and how far they may go.
   slots[] is the ORION matrix's pools on entry, the run's on return. */
static int plan_extension(const struct sim_run_cfg *cfg,
                          const struct wl_matrix *m, struct extension *x,
                          int slots[WL_CLASSES], char *why, size_t why_len)
{
    memset(x, 0, sizeof(*x));
    x->points_cap = m->n_points;
    int given[WL_CLASSES] = { cfg->matrix.num_small, cfg->matrix.num_large };
    for (int c = 0; c < WL_CLASSES; c++) {
        x->orion_max[c] = axis_max(m, (enum wl_class)c);
        x->on[c] = cfg->levels == SIM_LEVELS_EXTEND && x->orion_max[c] > 0 &&
                   given[c] < 0;
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
static int extend_class(const struct sim_run_cfg *cfg, struct sim_parts *rp,
                        struct sim_run_result *r, int run_index,
                        const struct extension *x, enum wl_class c,
                        sim_ns *sustained_ns, sim_progress_fn progress,
                        void *arg, char *why, size_t why_len)
{
    struct sim_class_levels *lv = &r->levels[c];
    lv->orion_max = x->orion_max[c];
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
        rc = measure_point(cfg, rp, r, run_index, r->matrix->n_points - 1,
                           sustained_ns, progress, arg, why, why_len);
        if (rc != 0)
            return rc;
        lv->stop = sim_levels_saturation(r->points, r->n_points, c, &lv->last);
    }
    return 0;
}

static int run_points(const struct sim_run_cfg *cfg, struct sim_parts *rp,
                      struct sim_run_result *r, int run_index,
                      const struct extension *x, sim_progress_fn progress,
                      void *arg, char *why, size_t why_len)
{
    sim_ns start_ns = rp->ds.ops->now(&rp->ds);
    sim_ns sustained_ns = 0;        /* device time of the second measures */
    int status = 0;
    int orion_points = r->matrix->n_points;
    for (int i = 0; i < orion_points && status == 0; i++)
        status = measure_point(cfg, rp, r, run_index, i, &sustained_ns,
                               progress, arg, why, why_len);
    /* large first: the Maximum Large MBPS is the headline */
    if (status == 0)
        status = extend_class(cfg, rp, r, run_index, x, WL_LARGE, &sustained_ns,
                              progress, arg, why, why_len);
    if (status == 0)
        status = extend_class(cfg, rp, r, run_index, x, WL_SMALL, &sustained_ns,
                              progress, arg, why, why_len);
    if (status < 0)
        return status;
    /* a point cut short by a stop request or a failure is not complete
       either, even when it was the last one */
    r->incomplete = status == 1 || r->n_points < r->matrix->n_points;
    r->device_ns = rp->ds.ops->now(&rp->ds) - start_ns - sustained_ns;
    return status;
}

/* An open-loop run's own configuration (see the top): point.open
   pointing at its rates, and no extended levels. */
static void open_run_cfg(const struct sim_run_cfg *cfg, struct sim_run_cfg *one)
{
    *one = *cfg;
    one->levels = SIM_LEVELS_ORION;
    one->point.open = &one->open;
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

/* The pools of a run: the matrix's largest loads (and their extension),
   or an open load's bound. */
static int run_slots(const struct sim_run_cfg *cfg, const struct wl_matrix *m,
                     struct extension *x, int slots[WL_CLASSES], char *why,
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

static int run_one(const struct sim_run_cfg *given, int run_index,
                   sim_progress_fn progress, void *arg,
                   struct sim_run_result **out, char *why, size_t why_len)
{
    struct sim_run_cfg open_cfg;
    const struct sim_run_cfg *cfg = given;
    if (sim_open_load_on(&given->open)) {
        open_run_cfg(given, &open_cfg);
        cfg = &open_cfg;
    }
    double t0 = wall_now_s();
    struct sim_run_result *r = calloc(1, sizeof(*r));
    if (!r) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    r->disks = cfg->disks;
    struct extension x;
    int slots[WL_CLASSES];
    int rc = run_matrix(cfg, &r->matrix, why, why_len);
    if (rc == 0)
        rc = run_slots(cfg, r->matrix, &x, slots, why, why_len);
    if (rc == 0) {
        r->points = calloc((size_t)x.points_cap, sizeof(*r->points));
        if (!r->points) {
            snprintf(why, why_len, "out of memory");
            rc = -ENOMEM;
        }
    }
    struct sim_parts rp = { 0 };
    if (rc == 0)
        rc = sim_parts_open(cfg, slots[WL_SMALL], slots[WL_LARGE], &rp, why,
                            why_len);
    if (rc == 0)
        rc = run_points(cfg, &rp, r, run_index, &x, progress, arg, why,
                        why_len);
    sim_parts_close(&rp);
    if (rc < 0) {
        sim_run_free(r);
        return rc;
    }
    sim_summarise(r->points, r->n_points, &r->summary);
    r->wall_s = wall_now_s() - t0;
    *out = r;
    return rc;
}

int sim_run(const struct sim_run_cfg *cfg, sim_progress_fn progress, void *arg,
            struct sim_run_result **out, char *why, size_t why_len)
{
    return run_one(cfg, 0, progress, arg, out, why, why_len);
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

static struct sim_run_cfg sweep_run_cfg(const struct sim_run_cfg *cfg,
                                        int disks)
{
    struct sim_run_cfg one = *cfg;
    one.disks = disks;
    return one;
}

static int sweep_serial(const struct sim_run_cfg *cfg, const int *disk_counts,
                        int n_counts, sim_progress_fn progress, void *arg,
                        struct sim_sweep_result *s, char *why, size_t why_len)
{
    for (int i = 0; i < n_counts; i++) {
        struct sim_run_cfg one = sweep_run_cfg(cfg, disk_counts[i]);
        int rc = run_one(&one, i, progress, arg, &s->runs[s->n_runs], why, why_len);
        if (rc < 0)
            return rc;
        s->n_runs++;
        if (rc == 1)
            return 1;
    }
    return 0;
}

/* The parallel sweep.  Every disk count is one task with its own parts
   (run_one opens layout, workload, devices and engine; the profiles are
   read only, the RNG is the workload's own, the stop flag only read).
   A task does not call the caller's progress itself: it records the
   n_points of each of its calls, and when its run and every run before
   it are done, the calls are made from the run's points in disk-count
   order under one lock, as the serial sweep would have made them.  A run
   stopped early ends the sweep there, as in the serial sweep: the runs
   after it are dropped (those not yet started are not started). */
struct sweep_task {
    struct sim_run_result *r;
    int rc;
    bool done, skipped;
    int *call_n;                    /* n_points of each progress call */
    int n_calls, cap_calls;
    char why[256];
};

struct sweep_par {
    const struct sim_run_cfg *cfg;
    const int *disk_counts;
    int n_counts;
    sim_progress_fn progress;
    void *arg;
    struct sweep_task *t;
    pthread_mutex_t lock;
    int flushed;                    /* runs whose progress calls are made */
    bool ended;                     /* a flushed run stopped or failed */
};

static void record_call(void *arg, int run_index, int point_index,
                        int n_points, const struct sim_point_result *r)
{
    struct sweep_task *t = arg;
    (void)run_index; (void)point_index; (void)r;
    if (t->n_calls == t->cap_calls) {
        int cap = t->cap_calls ? 2 * t->cap_calls : 64;
        int *grown = realloc(t->call_n, (size_t)cap * sizeof(*grown));
        if (!grown)
            return;                 /* progress only: the run goes on */
        t->call_n = grown;
        t->cap_calls = cap;
    }
    t->call_n[t->n_calls++] = n_points;
}

/* Make the progress calls of every finished run that follows the flushed
   ones; the caller holds the lock. */
static void flush_progress(struct sweep_par *p)
{
    while (!p->ended && p->flushed < p->n_counts && p->t[p->flushed].done) {
        struct sweep_task *t = &p->t[p->flushed];
        for (int k = 0; t->r && p->progress && k < t->n_calls &&
                        k < t->r->n_points; k++)
            p->progress(p->arg, p->flushed, k, t->call_n[k], &t->r->points[k]);
        p->ended = t->rc != 0 || t->skipped;
        p->flushed++;
    }
}

static void sweep_task_run(void *arg, long i)
{
    struct sweep_par *p = arg;
    struct sweep_task *t = &p->t[i];
    struct sim_run_cfg one = sweep_run_cfg(p->cfg, p->disk_counts[i]);

    t->skipped = sim_stop_is_set(p->cfg->point.stop);
    if (!t->skipped)
        t->rc = run_one(&one, (int)i, record_call, t, &t->r, t->why,
                        sizeof t->why);
    pthread_mutex_lock(&p->lock);
    t->done = true;
    flush_progress(p);
    pthread_mutex_unlock(&p->lock);
}

/* The runs in order up to the first that stopped, failed or did not
   start, as the serial sweep keeps them. */
static int sweep_collect(struct sweep_par *p, struct sim_sweep_result *s,
                         char *why, size_t why_len)
{
    int status = 0;
    for (int i = 0; i < p->n_counts; i++) {
        struct sweep_task *t = &p->t[i];
        if (status != 0 || t->skipped || t->rc < 0) {
            if (status == 0 && t->rc < 0) {
                snprintf(why, why_len, "%s", t->why);
                status = t->rc;
            } else if (status == 0) {
                status = 1;
            }
            sim_run_free(t->r);
        } else {
            s->runs[s->n_runs++] = t->r;
            status = t->rc;
        }
        free(t->call_n);
    }
    return status;
}

static int sweep_parallel(const struct sim_run_cfg *cfg, const int *disk_counts,
                          int n_counts, sim_progress_fn progress, void *arg,
                          struct sim_sweep_result *s, char *why, size_t why_len)
{
    struct sweep_task *tasks = calloc((size_t)n_counts, sizeof(*tasks));
    if (!tasks) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    struct sweep_par p = { .cfg = cfg, .disk_counts = disk_counts,
                           .n_counts = n_counts, .progress = progress,
                           .arg = arg, .t = tasks };
    pthread_mutex_init(&p.lock, NULL);
    sim_parallel_for(n_counts, cfg->jobs, sweep_task_run, &p);
    pthread_mutex_destroy(&p.lock);
    int status = sweep_collect(&p, s, why, why_len);
    free(tasks);
    return status;
}

bool sim_sweep_parallel(const struct sim_run_cfg *cfg)
{
    return cfg->jobs > 1 && cfg->backend &&
           (cfg->backend->caps & DEV_CAP_VIRTUAL_CLOCK) && !cfg->point.live;
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
    int status = sim_sweep_parallel(cfg)
        ? sweep_parallel(cfg, disk_counts, n_counts, progress, arg, s, why, why_len)
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
