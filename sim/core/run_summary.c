/*
 * run_summary.c - a run's summary from its points (run_internal.h: the
 * lowest layer of a run, calling no other file of it; a saved session's
 * points go through it too, sim_run_summarise).
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
 * An open-loop run (run_one.c) is one point, and its summary is that
 * point's: the "maxima" are the delivered rates of each class with a rate
 * that completed I/O (no share rule: both were asked for), the Minimum
 * Small Latency its small latency from arrival, each limit the point's.
 *
 * Burst and sustained (the figures of each point: run_burst.c): the
 * summary names, per class, whether its maximum was a burst, how long it
 * lasts at most (from full buckets), and the maximum sustained figure
 * over the points (a point that drew on no bucket sustains its own).
 */
#include <string.h>

#include "sim/core/run_internal.h"

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

/* What p sustains for class c (logical and physical): its own figures
   when it drew on no bucket.  False when it drew and its sustained
   figures were not measured. */
static bool class_sustained(const struct sim_point_result *p, enum wl_class c,
                            double *figure, double *phys,
                            enum sim_limit *limited_by)
{
    if (!p->burst.drawn) {
        *figure = sim_class_figure(p, c);
        *phys = sim_class_phys(p, c);
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

void sim_run_summarise(struct sim_run_result *r, const struct sim_run_cfg *cfg)
{
    sim_summarise(r->points, r->n_points, r->levels, &r->summary);
    for (int c = 0; c < WL_CLASSES; c++)
        r->summary.burst[c].start_spent_frac = cfg->burst_carry ? 0 : 1 - cfg->burst_credit_frac;
}

