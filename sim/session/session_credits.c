/*
 * session_credits.c - burst buckets and the binding limit, tick by tick:
 * the credit gauges, how fast each moves, and the events they make.
 *
 * Once per SIM_SNAP_TICK_NS of device time (not at every live callback:
 * at --speed 600 those come 6,000 times a wall second) the session reads
 * from the backend every burst bucket's level (dev_credit_ops.buckets, up to
 * SIM_SNAP_BUCKETS) and the limit that bound, by the point's rule (a
 * window that pressed on its limits: a single volume's too, sim_live.
 * limit_pressed).  An interactive session
 * owns its devices and reads the limit over the tick from their interval
 * meter (dev_credit_ops.interval_limits, reset at each reading: the dashboard
 * keeps no timeline, so that meter is free; --interval is refused with
 * --tui).  A batch run's devices are the run's (sim_live.devices): their
 * buckets are only read, and the limit is the engine's over the point's
 * window so far.
 *
 * Each bucket's rate is its change of level over the tick, per device
 * second, from which the dashboard says when it empties or fills.
 *
 * Points.  A new point is noticed by its start (sim_live.point_start_ns).
 * Without --burst-credits carry every point starts from the set level
 * (sim_burst_point_start), so the levels jump: the detector starts anew
 * and the first reading has no rate.  With carry only a change of load
 * (the matrix walk, a load key) starts the limit anew: its first reading
 * in the new window is the detector's baseline, so the walk changing the
 * load is not an event, and a limit changing under a steady load is.  A
 * pinned load measured cell after cell is one load: its limit is watched
 * across the cells, so a burst that runs out at a cell's boundary is
 * still told.  Limits are read in measured windows only.
 *
 * The readings go to the event detector (burst_events.c); each event is
 * put in words, logged in the snapshot (the last SIM_SNAP_EVENTS) and
 * becomes the message line, prefixed with its device time.  The figures
 * behind the words (2,850 -> 1,425 IOPS) are the backend's: the rates
 * each limit runs at with credits and without (dev_bucket.burst_per_s,
 * base_per_s), the ones the forecast tells too.
 */
#include "sim/session/session_internal.h"

#include <stdio.h>
#include <string.h>

void sim_sess_bucket_reading(const struct dev_bucket *b, struct burst_reading *r)
{
    double per;
    burst_unit(b->limit, &per);
    r->limit = b->limit;
    r->disk = b->disk;
    r->level_frac = b->level_frac;
    r->burst_rate = b->burst_per_s * per;
    r->base_rate = b->base_per_s * per;
}

/* Every bucket of ds into the working snapshot, with its rate since the
   last tick when there was one. */
static void read_buckets(sim_session *s, struct devset *ds, double device_s)
{
    struct sim_snapshot *w = &s->work;
    struct dev_bucket b[SIM_SNAP_BUCKETS];
    int n = ds->ops->credit->buckets(ds, b, SIM_SNAP_BUCKETS);
    double dt = device_s - s->credit_prev_s;
    bool rated = s->credit_ticked && n == w->n_buckets && dt > 0;
    w->n_buckets = n < 0 ? 0 : n;
    for (int i = 0; i < w->n_buckets; i++) {
        struct sim_snap_bucket *x = &w->bucket[i];
        sim_sess_bucket_reading(&b[i], &x->r);
        x->rate_frac_per_s = rated ? (b[i].level_frac - s->credit_prev_level[i]) / dt : 0;
        s->credit_prev_level[i] = b[i].level_frac;
    }
}

void sim_sess_log_event(sim_session *s, enum burst_event_kind kind, double t_s,
                        const char *text)
{
    struct sim_snapshot *w = &s->work;
    if (w->n_events == SIM_SNAP_EVENTS) {
        memmove(&w->event[0], &w->event[1], (SIM_SNAP_EVENTS - 1) * sizeof w->event[0]);
        w->n_events--;
    }
    struct sim_snap_event *x = &w->event[w->n_events++];
    x->t_s = t_s;
    x->kind = kind;
    snprintf(x->text, sizeof x->text, "%s", text);
    w->events_total++;
    char clock[32];
    burst_clock_text(t_s, clock, sizeof clock);
    sim_sess_say(s, "%s %s", clock, x->text);
}

static void log_event(sim_session *s, const struct burst_event *e)
{
    char text[SIM_SNAP_EVENT_LEN];
    burst_event_text(e, s->setup.instance.name, text, sizeof text);
    sim_sess_log_event(s, e->kind, e->t_s, text);
}

/* Whether a tick of device time has passed since the last reading (or
   the clock started again: a rebuilt engine). */
static bool tick_due(const sim_session *s, sim_ns now_ns)
{
    return !s->credit_ticked || now_ns < s->credit_tick_at_ns ||
           now_ns - s->credit_tick_at_ns >= SIM_SNAP_TICK_NS;
}

/* The binding limit over the meter's interval, when it holds one of the
   measured window's (BURST_NO_LIMIT otherwise: warm-up, a new load's
   first moments); reading it opens the next interval.  The meter is the
   session's own devices' (interactive); a batch run's devices are only
   read, and its limit is the engine's over the window so far. */
static enum sim_limit limit_reading(sim_session *s, struct devset *ds, bool own,
                                    const struct sim_live *lv)
{
    bool measuring = lv->phase == SIM_LIVE_MEASURE;
    if (!own)
        return measuring && lv->now_ns - lv->window_start_ns >= SIM_SNAP_TICK_NS
             ? lv->limited_by : BURST_NO_LIMIT;
    if (!measuring || s->credit_new_load || !ds->ops->credit ||
        lv->now_ns < s->credit_meter_at_ns ||
        lv->now_ns - s->credit_meter_at_ns < SIM_SNAP_TICK_NS / 2)
        return BURST_NO_LIMIT;
    struct dev_limits lim;
    ds->ops->credit->interval_limits(ds, &lim, true);
    s->credit_meter_at_ns = lv->now_ns;
    return lv->limit_pressed ? dev_limits_binding_pressed(&lim, NULL, NULL)
                             : dev_limits_binding(&lim);
}

/* A point began since the last call: its load p, and whether its buckets
   were set at its start (not carried), so that their levels jumped and
   everything starts anew; otherwise the binding limit starts anew when
   the load differs from the last point's. */
static void point_began(sim_session *s, struct wl_point p)
{
    bool levels_set = !s->setup.run.burst_carry;
    bool new_load = p.small != s->credit_point.small || p.large != s->credit_point.large;
    s->work.buckets_reset_per_point = levels_set;
    s->credit_point = p;
    if (levels_set) {
        burst_detector_rebase(&s->detector);
        s->credit_ticked = false;
        s->credit_new_load = true;
    } else if (new_load) {
        burst_detector_new_load(&s->detector);
        s->credit_new_load = true;
    }
}

void sim_sess_credits_observe(sim_session *s, const struct sim_live *lv, double device_s)
{
    bool own = s->parts.open;
    struct devset *ds = own ? &s->parts.sp.ds : lv->devices;
    if (!ds || !ds->ops || !ds->ops->credit)
        return;
    if (!s->credit_in_point || lv->point_start_ns != s->credit_point_start_ns) {
        s->credit_in_point = true;
        s->credit_point_start_ns = lv->point_start_ns;
        point_began(s, lv->point);
    }
    if (s->credit_new_load && lv->phase == SIM_LIVE_MEASURE) {
        /* the binding limit of the new load only, from here */
        if (own && ds->ops->credit)
            ds->ops->credit->interval_limits(ds, NULL, true);
        s->credit_new_load = false;
        s->credit_meter_at_ns = lv->now_ns;
    }
    if (!tick_due(s, lv->now_ns))
        return;
    read_buckets(s, ds, device_s);
    enum sim_limit binding = limit_reading(s, ds, own, lv);
    struct burst_reading r[SIM_SNAP_BUCKETS];
    for (int i = 0; i < s->work.n_buckets; i++)
        r[i] = s->work.bucket[i].r;
    struct burst_event ev[SIM_SNAP_EVENTS];
    int k = burst_detector_step(&s->detector, device_s, r, s->work.n_buckets,
                                binding, ev, SIM_SNAP_EVENTS);
    for (int i = 0; i < k; i++)
        log_event(s, &ev[i]);
    s->credit_ticked = true;
    s->credit_tick_at_ns = lv->now_ns;
    s->credit_prev_s = device_s;
}

void sim_sess_credits_reset(sim_session *s)
{
    burst_detector_rebase(&s->detector);
    s->credit_ticked = false;
    s->credit_new_load = true;
    s->credit_in_point = false;
    s->work.n_buckets = 0;
}
