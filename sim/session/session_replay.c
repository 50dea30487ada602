/*
 * session_replay.c - a forecast played on the dashboard (asmsim forecast
 * --tui --speed N): the rows of a finished forecast (sim/model/forecast.h)
 * shown one after the other, paced to the wall clock like a live run.
 *
 * A forecast of a day takes seconds (its fast hybrid moves the credit
 * balances in closed form); watching it is another matter, so the
 * session plays its result: row i is shown once device time reaches its
 * end at `speed` device seconds per wall second (sim_sess_hold: the same
 * pacing, pause and quit as a live session), as
 *
 *   the current figures and the binding limit of the row,
 *   a sample of the series and the strip of the whole run,
 *   every bucket's level at the row's end, and its rate over the row,
 *   the forecast's own events up to the row's end, in its words
 *   (report_fc_event_text), logged and on the message line.
 *
 * Nothing is simulated here: the figures are the forecast's, the ones its
 * report and files carry.  The snapshot names the row's phase
 * (snapshot.phase) and its write shares, and carries the row's latency
 * per class and direction (avg, p50, p99, I/O count) as a point's
 * figures, so the header and the dashboard's latency panel read them as
 * they read a run's (the header said "small lat -" beside a strip at
 * 627 us: the counts were left 0).  Per-disk rows, a latency histogram,
 * the ORION matrix and the sweep are not part of a forecast's timeline:
 * the dashboard does not draw them for a forecast (dash.c).
 */
#include "sim/session/session_internal.h"

#include <stdio.h>
#include <string.h>

#include "sim/model/forecast.h"
#include "sim/report/report_forecast.h"

/* The forecast's buckets, whose they are and their rates. */
static void replay_buckets(sim_session *s, const struct sim_forecast_result *r)
{
    struct sim_snapshot *w = &s->work;
    w->n_buckets = r->buckets < SIM_SNAP_BUCKETS ? r->buckets : SIM_SNAP_BUCKETS;
    for (int b = 0; b < w->n_buckets; b++) {
        struct sim_snap_bucket *x = &w->bucket[b];
        sim_sess_bucket_reading(&r->bucket[b], &x->r);
        x->r.level_frac = r->n_rows ? r->bucket_pct[b] / 100 : 1;
        x->rate_frac_per_s = 0;
    }
}

static enum burst_event_kind kind_of(enum sim_fc_event_kind k)
{
    return k == SIM_FC_BURST_EMPTY ? BURST_EV_EMPTY
         : k == SIM_FC_BURST_FULL || k == SIM_FC_BURST_AGAIN ? BURST_EV_REFILLED
                                                             : BURST_EV_LIMIT;
}

/* The forecast's event e in the log, without the time its words begin
   with ("01:47:10 DATA_0002 ...", "02:00-04:00 demand unmet ..."). */
static void replay_event(sim_session *s, const struct sim_forecast_result *r,
                         const struct sim_fc_event *e)
{
    char text[512];
    report_fc_event_text(s->cfg.replay_info, r, e, text, sizeof text);
    const char *words = strchr(text, ' ');
    sim_sess_log_event(s, kind_of(e->kind), e->at_s, words ? words + 1 : text);
}

/* Row i of r into the working snapshot. */
static void lat_of_row(const struct sim_timeline_lat *t, struct sim_lat_summary *l)
{
    l->count = t->count;
    l->avg_us = t->avg_us;
    l->p50_us = t->p50_us;
    l->p99_us = t->p99_us;
}

/* Row i's figures as the current point's: rates, and per class the
   latency and I/O count, the class counted as run when the phase offers
   it a rate or keeps it outstanding (sim_point_class_measured). */
static void replay_figures(sim_session *s, const struct sim_forecast_result *r, size_t i,
                           const struct wl_phase *ph)
{
    struct sim_point_result *cur = &s->work.cur;
    const struct sim_timeline_row *t = &r->rows[i].tl;
    cur->small = ph ? ph->num_small : 0;
    cur->large = ph ? ph->num_large : 0;
    for (int c = 0; c < WL_CLASSES; c++) {
        cur->open.target[c] = r->rows[i].open ? r->rows[i].offered[c] : 0;
        cur->cls[c].ios = t->lat[c].count;
        lat_of_row(&t->lat[c], &cur->cls[c].lat);
        for (int d = 0; d < 2; d++)
            lat_of_row(&t->lat_dir[c][d], &cur->cls[c].lat_dir[d]);
    }
    cur->cls[WL_SMALL].iops = t->small_iops;
    cur->cls[WL_LARGE].mbps = t->large_mbps;
}

static void replay_row(sim_session *s, const struct sim_forecast_result *r, size_t i)
{
    struct sim_snapshot *w = &s->work;
    const struct sim_timeline_row *t = &r->rows[i].tl;
    double end_s = t->start_s + t->length_s;
    w->device_s = w->window_s = end_s;
    w->wall_s = sim_sess_wall_s() - s->wall_start_s;
    w->limited_by = t->limited_by;
    enum wl_class main = t->small_iops > 0 ? WL_SMALL : WL_LARGE;
    struct sim_snap_sample x = { .t_s = end_s, .mbps = t->large_mbps,
                                 .iops = t->small_iops, .p99_us = t->lat[main].p99_us };
    sim_sess_push_sample(s, &x, t->length_s);
    const struct sim_fc_row *fr = &r->rows[i];
    const struct wl_schedule *sch = s->cfg.replay_info ? s->cfg.replay_info->schedule : NULL;
    bool known = sch && fr->phase >= 0 && fr->phase < sch->n;
    replay_figures(s, r, i, known ? &sch->phase[fr->phase] : NULL);
    if (known) {
        const struct wl_phase *ph = &sch->phase[fr->phase];
        snprintf(w->phase, sizeof w->phase, "%s, day %d", ph->name, fr->day + 1);
        /* the phase's write shares, not the run's (it showed 0 % for the
           oltp-day batch, 50 % small and 10 % large) */
        bool small = ph->small_iops > 0 || ph->num_small > 0;
        bool large = ph->large_mbps > 0 || ph->num_large > 0;
        w->write_pct = ph->write_pct[small || !large ? WL_SMALL : WL_LARGE];
        w->large_write_pct = small && large && ph->write_pct[WL_LARGE] != w->write_pct
                                 ? ph->write_pct[WL_LARGE] : -1;
    }
    for (int b = 0; b < w->n_buckets; b++) {
        double level = r->bucket_pct[i * (size_t)r->buckets + (size_t)b] / 100;
        struct sim_snap_bucket *k = &w->bucket[b];
        k->rate_frac_per_s = t->length_s > 0 ? (level - k->r.level_frac) / t->length_s : 0;
        k->r.level_frac = level;
    }
}

void sim_sess_replay_main(sim_session *s)
{
    const struct sim_forecast_result *r = s->cfg.replay;
    struct sim_snapshot *w = &s->work;
    w->state = SIM_SESS_RUNNING;
    w->measuring = true;
    w->n_points = 1;
    w->n_disk = 0;
    replay_buckets(s, r);
    size_t next = 0;
    bool stopped = false;
    for (size_t i = 0; i < r->n_rows && !stopped; i++) {
        const struct sim_timeline_row *t = &r->rows[i].tl;
        sim_ns end_ns = (sim_ns)((t->start_s + t->length_s) * 1e9);
        stopped = sim_sess_hold(s, end_ns) == SIM_LIVE_STOP;   /* row i is due */
        if (stopped)
            break;
        replay_row(s, r, i);
        while (next < r->n_events && r->events[next].at_s <= t->start_s + t->length_s)
            replay_event(s, r, &r->events[next++]);
    }
    w->point_index = 1;
    if (stopped)
        sim_sess_say(s, "stopped; the whole forecast is in its report");
    else if (w->n_events == 0)
        sim_sess_say(s, "forecast played to its end; no events");
}
