/*
 * run_point.c - one point of a run measured (the point meter,
 * run_internal.h), and the parts it runs on.  Below run_one.c,
 * run_levels.c and run_tasks.c, which measure their points here; above
 * run_burst.c.
 *
 * The parts: resolve the layout for cfg->disks volumes of the configured
 * size, give the workload the layout's logical capacity (seeded with
 * cfg->seed), open the devices with pools for the run's loads, and an
 * engine over them.  The live session (session.c) opens its parts through
 * the same sim_parts_open.
 *
 * A meter with shared parts measures every point on them, so their state
 * carries; without, each point is measured on parts opened for it alone,
 * with pools for its own load (opening parts is cheap next to a point: a
 * few allocations).  Each point starts its burst buckets as the
 * configuration says (sim_burst_point_start) and is followed by its burst
 * facts and sustained figures (run_burst.c).
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "layouts/units.h"
#include "layouts/why.h"
#include "sim/core/run_internal.h"

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
   sizes (each I/O's offset is a multiple of its size's largest
   power-of-two divisor, workload.c), and the layout's split points (AU,
   stripe, 128 KiB fine chunks: all multiples of 4 KiB).  4 KiB for sizes
   in 4 KiB steps, 512 B for a 512 B redo write: what a device's logical
   block must divide (aio_target.c).  Only the classes the run issues
   count: an --run oltp on a 4 KiB-sector device does not care that the
   unused large size is 1536 bytes. */
static uint32_t io_granularity(const struct wl_cfg *wc, int max_small,
                               int max_large_ios)
{
    uint64_t g = 4096u;
    if (max_small > 0)
        g = units_gcd(g, wc->small_bytes);
    if (max_large_ios > 0)
        g = units_gcd(g, wc->large_bytes);
    return (uint32_t)g;
}

int sim_parts_open(const struct sim_run_cfg *cfg, int max_small,
                   int max_large_ios, struct sim_parts *rp, char *why,
                   size_t why_len)
{
    memset(rp, 0, sizeof(*rp));
    struct lay_cfg lc = cfg->layout;
    lc.disks = cfg->disks;
    lc.disk_size_bytes = cfg->disk_bytes;
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
        .io_align_bytes = io_granularity(&wc, max_small, max_large_ios),
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

/* A point that failed: on named disks (real targets) that all failed the run
   keeps the points measured so far and stops (1), with why (what
   sim_meter_point said) as its reason; anything else fails the run (rc). */
static int point_failed(const struct sim_run_cfg *cfg, struct sim_run_result *r,
                        int rc, const char *why)
{
    if (rc != -EIO || !cfg->disk_names)
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
        why_quote(cfg->disk_names[d], strlen(cfg->disk_names[d]), q, sizeof q);
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
        if (rc == 0 && (rc = sim_point_burst(cfg, rp, at, pr)) < 0)
            sim_point_result_free(pr);      /* not counted: not kept */
        else if (rc == 1)
            /* cut short by a stop request: what it drew is known, what
               it sustains is not (class_sustained), so a point measured
               on full buckets never passes for a sustained one */
            (void)sim_point_burst_facts(&rp->ds, rp->engine, pr);
        if (rc == -EIO && cfg->disk_names)
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

int sim_walk_point(struct sim_run_walk *w, int i, char *why, size_t why_len)
{
    const struct sim_point_meter *m = w->meter;
    struct sim_run_result *r = w->r;
    struct wl_point at = r->matrix->points[i];
    struct sim_point_result *pr = &r->points[r->n_points];
    sim_ns point_ns;
    int rc = sim_meter_point(m, at, pr, &point_ns, why, why_len);
    w->device_ns += point_ns;
    if (rc < 0)
        return point_failed(m->cfg, r, rc, why);
    r->n_points++;
    if (w->to.fn)
        w->to.fn(w->to.arg, w->to.run_index, i, r->matrix->n_points, pr);
    return rc == 1 || sim_stop_is_set(m->cfg->point.stop) ? 1 : 0;
}
