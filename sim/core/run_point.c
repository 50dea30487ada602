/*
 * run_point.c - one point of a run measured (the point meter,
 * run_internal.h) on its parts (run_parts.c).  Below run_one.c,
 * run_levels.c and run_tasks.c, which measure their points here; above
 * run_parts.c and run_burst.c.
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

#include "layouts/why.h"
#include "sim/core/run_internal.h"

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
    struct sim_cluster_point cp = { .cfg = cfg, .parts = rp };
    if (rc == 0)
        rc = sim_cluster_point_begin(&cp, why, why_len);
    if (rc == 0) {
        sim_ns start_ns = rp->ds.ops->now(&rp->ds);
        sim_burst_point_start(cfg, &rp->ds);
        const struct sim_point_opts *po = sim_cluster_point_opts(&cp);
        rc = sim_run_db(cfg)
                 ? sim_engine_run_classes(rp->engine, &cfg->db.load, po, pr)
                 : sim_engine_run_point(rp->engine, at, po, pr);
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
        rc = sim_cluster_point_end(&cp, rc, pr, why, why_len);
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
    if (rc == 1 && pr->measured_s <= 0) {
        /* stopped before its window opened: nothing of it was measured,
           and a point of 0 s would read as one of 0 IOPS */
        sim_point_result_free(pr);
        return 1;
    }
    r->n_points++;
    if (w->to.fn)
        w->to.fn(w->to.arg, w->to.run_index, i, r->matrix->n_points, pr);
    /* a cluster's ranks go on or stop together, on rc alone (run_cluster.c) */
    return rc == 1 || (!sim_cluster_on(m->cfg) && sim_stop_is_set(m->cfg->point.stop));
}
