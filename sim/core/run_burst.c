/*
 * run_burst.c - what burst credits did to one point (run_internal.h: the
 * lowest layer of a run with run_summary.c, calling no other file of it).
 * The live session (session_walk.c) starts its points and records their
 * facts through the same calls.
 *
 * After each point the backend says whether a burst bucket fell
 * (dev_limits).  If one did, the figures hold only until the buckets are
 * empty, so the run measures the same point again with every bucket empty
 * (cheap in virtual time: auto duration, at most as long as the point),
 * with the bucket levels put aside and brought back so that a carried
 * state does not change; the device time of that second measurement is
 * not the run's.  An open-loop point is no different: its sustained
 * figures are the delivered rates on empty buckets.
 *
 * A point longer than its burst: when the first bucket ran out inside
 * the window, its figures are the average of the burst and of what came
 * after; the point then also keeps when it ran out (the device's own
 * bucket-empty time) and each class's figure while the credits lasted
 * (its figure times the limit's consumption before running out over its
 * window average: the classes keep their shares), and how long a full
 * bucket lasts is taken at that burst consumption, not the average.
 */
#include "sim/core/run_internal.h"

void sim_burst_point_start(const struct sim_run_cfg *cfg, struct devset *ds)
{
    if (!cfg->burst_carry && ds->ops->credit)
        ds->ops->credit->burst_fill(ds, cfg->burst_credit_frac);
}

/* Measure point p again with every bucket empty into pr->burst; the
   buckets' levels are put aside and brought back.  0 (also when a stop
   request leaves it unmeasured) or -errno. */
static int measure_sustained(const struct sim_run_cfg *cfg, struct sim_parts *rp,
                             struct wl_point p, struct sim_point_result *pr)
{
    struct devset *ds = &rp->ds;
    if (!ds->ops->credit || sim_stop_is_set(cfg->point.stop))
        return 0;
    struct sim_point_opts o = cfg->point;
    o.live = NULL;                  /* a live view shows the run's points */
    o.interval_ns = 0;              /* and the timeline the point itself */
    o.auto_duration = true;         /* until it converges, at most as long
                                       as the point itself */
    o.cache_warm_bytes = 0;         /* warmed before the point itself */
    o.cache_warm_ns = 0;
    struct sim_point_result empty = { 0 };
    ds->ops->credit->burst_stash(ds, false);
    ds->ops->credit->burst_fill(ds, 0.0);
    int rc = sim_engine_run_point(rp->engine, p, &o, &empty);
    if (rc == 0) {
        struct dev_limits lim;
        ds->ops->credit->limits(ds, &lim, false);
        pr->burst.sustained_measured = true;
        for (int c = 0; c < WL_CLASSES; c++) {
            pr->burst.sustained[c] = sim_class_figure(&empty, (enum wl_class)c);
            pr->burst.sustained_phys[c] = sim_class_phys(&empty, (enum wl_class)c);
        }
        pr->burst.sustained_limited_by =
            empty.limited_by == SIM_LIMIT_BURST_CREDITS ? lim.burst_behind
                                                         : empty.limited_by;
    }
    if (rc >= 0)
        ds->ops->credit->burst_stash(ds, true);
    sim_point_result_free(&empty);
    return rc < 0 ? rc : 0;
}

bool sim_point_burst_facts(struct devset *ds, const sim_engine *e,
                           struct sim_point_result *pr)
{
    if (!ds->ops->credit)
        return false;
    struct dev_limits lim;
    if (!sim_engine_window_limits(e, &lim))
        ds->ops->credit->limits(ds, &lim, false);
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
        pr->burst.at_burst[c] = sim_class_figure(pr, (enum wl_class)c) *
                                (lim.burst_ran_out ? lim.burst_rate_frac : 1.0);
    return true;
}

int sim_point_burst(const struct sim_run_cfg *cfg, struct sim_parts *rp,
                    struct wl_point p, struct sim_point_result *pr)
{
    if (!sim_point_burst_facts(&rp->ds, rp->engine, pr))
        return 0;
    /* a database workload's point is not measured again: its classes'
       sustained figures are the next step (the facts say it drew) */
    if (sim_run_db(cfg))
        return 0;
    return measure_sustained(cfg, rp, p, pr);
}

