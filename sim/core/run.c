/*
 * run.c - wiring a run together and collecting its results.
 *
 * A run: resolve the layout for cfg->disks volumes of the configured size,
 * give the workload the layout's logical capacity, build the ORION matrix
 * for that disk count, open the devices, and carry out the points in
 * order with one engine.  Device state (burst credits, throttle schedules)
 * carries from point to point, as on a real instance.  A sweep repeats the
 * run for each disk count on fresh devices (fresh burst buckets).  The
 * wiring of layout, workload, devices and engine (sim_parts_open) is the
 * one the live session (session.c) uses too.
 *
 * The summary follows ORION: Maximum Large MBPS over points with large
 * I/O, Maximum Small IOPS over points with small I/O, Minimum Small Latency
 * (average latency of small I/O) over points with small I/O.  Ties go to
 * the first point in visiting order.  In a mixed point a class competes
 * only if it makes up at least SIM_SUMMARY_SHARE of the I/O (stats.h).
 */
#include "sim/core/run.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "layouts/units.h"

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
    cfg->seed = 1;
}

static double wall_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void sim_summarise(const struct sim_point_result *pts, int n, struct sim_summary *s)
{
    memset(s, 0, sizeof(*s));
    s->limited_by = SIM_LIMIT_OFFERED_LOAD;
    for (int i = 0; i < n; i++) {
        const struct sim_point_result *p = &pts[i];
        struct wl_point at = { p->small, p->large };
        if (p->large > 0 && sim_point_class_share(p, WL_LARGE, SIM_SUMMARY_SHARE) &&
            (!s->has_large || p->mbps > s->max_large_mbps)) {
            s->has_large = true;
            s->max_large_mbps = p->mbps;
            s->max_large_at = at;
        }
        if (p->small > 0 && sim_point_class_share(p, WL_SMALL, SIM_SUMMARY_SHARE)) {
            if (!s->has_small || p->iops > s->max_small_iops) {
                s->max_small_iops = p->iops;
                s->max_small_at = at;
            }
            if (!s->has_small || p->small_lat.avg_us < s->min_small_lat_us) {
                s->min_small_lat_us = p->small_lat.avg_us;
                s->min_small_lat_at = at;
            }
            s->has_small = true;
        }
    }
    /* The binding limit at the headline point. */
    struct wl_point at = s->has_large ? s->max_large_at : s->max_small_at;
    for (int i = 0; i < n; i++)
        if (pts[i].small == at.small && pts[i].large == at.large) {
            s->limited_by = pts[i].limited_by;
            break;
        }
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
    if (max_small < 0 || max_large_ios < 0 ||
        sim_budget_outstanding(&budget) > SIM_MAX_OUTSTANDING) {
        snprintf(why, why_len, "%d small + %d large I/Os in flight: at most "
                 "%d in all", max_small, max_large_ios, SIM_MAX_OUTSTANDING);
        return -E2BIG;
    }
    uint64_t phys = sim_budget_pieces(&budget);
    if (phys > SIM_MAX_PIECES) {
        snprintf(why, why_len, "%llu physical I/Os in flight: at most %d",
                 (unsigned long long)phys, SIM_MAX_PIECES);
        return -E2BIG;
    }
    uint32_t max_io = sim_budget_max_io_bytes(&budget);
    _Alignas(max_align_t) unsigned char backend_buf[DEV_BACKEND_CFG_BYTES];
    struct devset_cfg dc = {
        .disks = cfg->disks,
        .backend_cfg = cfg->backend && cfg->backend->run_cfg
                       ? cfg->backend->run_cfg(cfg, backend_buf,
                                               sizeof backend_buf)
                       : NULL,
        .seed = cfg->seed,
        .max_outstanding = (int)phys,
        .max_io_bytes = max_io ? max_io : wc.small_bytes > wc.large_bytes ?
                        wc.small_bytes : wc.large_bytes,
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

static int run_points(const struct sim_run_cfg *cfg, struct sim_parts *rp,
                      struct sim_run_result *r, int run_index,
                      sim_progress_fn progress, void *arg, char *why, size_t why_len)
{
    sim_ns start_ns = rp->ds.ops->now(&rp->ds);
    int status = 0;
    for (int i = 0; i < r->matrix->n_points; i++) {
        struct sim_point_result *pr = &r->points[r->n_points];
        int rc = sim_engine_run_point(rp->engine, r->matrix->points[i], &cfg->point, pr);
        if (rc < 0) {
            snprintf(why, why_len, "point small=%d large=%d failed: %s",
                     r->matrix->points[i].small, r->matrix->points[i].large,
                     strerror(-rc));
            if (rc != -EIO || !cfg->targets)
                return rc;
            /* every real disk failed: keep the points measured so far */
            r->failed = rc;
            snprintf(r->failed_why, sizeof r->failed_why, "every target "
                     "failed at point small=%d large=%d (I/O errors on all "
                     "disks)", r->matrix->points[i].small,
                     r->matrix->points[i].large);
            status = 1;
            break;
        }
        r->n_points++;
        if (progress)
            progress(arg, run_index, i, r->matrix->n_points, pr);
        if (rc == 1 || sim_stop_is_set(cfg->point.stop)) {
            status = 1;
            break;
        }
    }
    /* a point cut short by a stop request or a failure is not complete
       either, even when it was the last one */
    r->incomplete = status == 1 || r->n_points < r->matrix->n_points;
    r->device_ns = rp->ds.ops->now(&rp->ds) - start_ns;
    return status;
}

static int run_one(const struct sim_run_cfg *cfg, int run_index,
                   sim_progress_fn progress, void *arg,
                   struct sim_run_result **out, char *why, size_t why_len)
{
    double t0 = wall_now_s();
    struct sim_run_result *r = calloc(1, sizeof(*r));
    if (!r) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    r->disks = cfg->disks;
    struct wl_matrix_cfg mc = cfg->matrix;
    mc.num_disks = cfg->matrix_disks > 0 ? cfg->matrix_disks : cfg->disks;
    int rc = wl_matrix_build(&mc, &r->matrix, why, why_len);
    if (rc == 0) {
        r->points = calloc((size_t)r->matrix->n_points, sizeof(*r->points));
        if (!r->points) {
            snprintf(why, why_len, "out of memory");
            rc = -ENOMEM;
        }
    }
    struct sim_parts rp = { 0 };
    if (rc == 0) {
        int max_small, max_large_ios;
        sim_matrix_maxima(r->matrix, cfg->workload.large_type,
                          cfg->point.stream_io, &max_small, &max_large_ios);
        rc = sim_parts_open(cfg, max_small, max_large_ios, &rp, why, why_len);
    }
    if (rc == 0)
        rc = run_points(cfg, &rp, r, run_index, progress, arg, why, why_len);
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
    int status = 0;
    for (int i = 0; i < n_counts; i++) {
        struct sim_run_cfg one = *cfg;
        one.disks = disk_counts[i];
        int rc = run_one(&one, i, progress, arg, &s->runs[s->n_runs], why, why_len);
        if (rc < 0) {
            sim_sweep_free(s);
            return rc;
        }
        s->n_runs++;
        if (rc == 1) {
            status = 1;
            break;
        }
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
