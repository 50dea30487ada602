/*
 * session_view.c - the working snapshot: what the viewer will be shown.
 *
 * The session thread fills s->work, a struct sim_snapshot of its own, and
 * session.c publishes copies of it.  Nothing here locks or waits: every
 * function runs on the session thread and writes only s->work and the
 * session thread's own bookkeeping.
 *
 * How a point is watched
 * ----------------------
 * The engine calls the live callback every 100 ms of device time
 * (engine.h), which calls sim_sess_observe().  It turns the engine's
 * accumulator into figures with sim_stats_result(), the function the
 * reports use, so the dashboard and the files agree.  The "current"
 * figures are those of the measured window so far; the time series is
 * computed from the change of the counters (and of the main class's
 * histogram) over each 200 ms of device time, and keeps the last minute;
 * each sample also goes into the strip of the whole session
 * (time_strip.c), and once a device second the buckets are read
 * (session_credits.c).
 *
 * Per-disk use: on the model, the share of the volume's delivered IOPS or
 * throughput limit, whichever is higher (operations counted in the
 * volume's I/O units); elsewhere there is no limit to compare with, so
 * it is each disk's IOPS over the busiest disk's.
 *
 * Device time: each rebuilt engine starts its clock again, so the session
 * adds up the clocks it has seen (sim_sess_device_seconds) to show one
 * time line.  A database workload's point (session_db.c) is shown per
 * class: cur.cls[c] for each of its classes, the series over all of them,
 * and the histogram of its busiest class.  The ETA counts the points left (and, for a sweep, the later
 * disk counts) at the mean wall time of the points so far; before the
 * first one has finished, at the paced time of a point, or unknown (-1)
 * when the run is not paced.
 */
#include "sim/session/session_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- configuration, matrix, finished points -------------------------------- */

void sim_sess_say(sim_session *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->work.message, sizeof(s->work.message), fmt, ap);
    va_end(ap);
}

void sim_sess_describe_config(sim_session *s)
{
    struct sim_snapshot *w = &s->work;
    const struct sim_setup *c = &s->setup;
    snprintf(w->backend, sizeof(w->backend), "%s", c->run.backend->name);
    snprintf(w->instance, sizeof(w->instance), "%s", c->instance.name);
    snprintf(w->volume, sizeof(w->volume), "%s", c->volume.spec);
    w->disks = c->run.disks;
    w->striping = c->run.layout.striping;
    w->redundancy = c->run.layout.redundancy;
    w->au_bytes = c->run.layout.au_bytes;
    w->small_bytes = c->run.workload.small_bytes;
    w->large_bytes = c->run.workload.large_bytes;
    w->large_type = c->run.workload.large_type;
    w->write_pct = c->run.workload.write_pct;
    w->large_write_pct = -1;
    w->speed = s->cfg.speed;
    sim_sess_db_describe(s);
}

void sim_sess_clear_matrix(struct sim_snapshot *w, const struct wl_matrix *m)
{
    w->n_small_levels = w->n_large_levels = 0;
    for (int i = 0; i < SIM_SNAP_LEVELS; i++)
        for (int j = 0; j < SIM_SNAP_LEVELS; j++)
            w->cell_mbps[i][j] = w->cell_iops[i][j] = NAN;
    if (!m)
        return;
    for (int i = 0; i < m->n_small_levels && i < SIM_SNAP_LEVELS; i++)
        w->small_levels[w->n_small_levels++] = m->small_levels[i];
    for (int i = 0; i < m->n_large_levels && i < SIM_SNAP_LEVELS; i++)
        w->large_levels[w->n_large_levels++] = m->large_levels[i];
    w->n_points = m->n_points;
}

static int level_index(const int *levels, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (levels[i] == v)
            return i;
    return -1;
}

/* A finished point: its cell, the sweep curve of its disk count. */
void sim_sess_note_point(sim_session *s, const struct sim_point_result *r,
                       int disks)
{
    struct sim_snapshot *w = &s->work;
    int li = level_index(w->large_levels, w->n_large_levels, r->large);
    int si = level_index(w->small_levels, w->n_small_levels, r->small);
    if (li >= 0 && si >= 0) {
        w->cell_mbps[li][si] = r->large > 0 ? r->cls[WL_LARGE].mbps : NAN;
        w->cell_iops[li][si] = r->small > 0 ? r->cls[WL_SMALL].iops : NAN;
    }
    int k = 0;
    while (k < w->n_sweep && w->sweep_disks[k] != disks)
        k++;
    if (k == w->n_sweep) {
        if (k == SIM_MAX_SWEEP)
            return;
        /* keep the curve sorted by disk count */
        while (k > 0 && w->sweep_disks[k - 1] > disks) {
            w->sweep_disks[k] = w->sweep_disks[k - 1];
            w->sweep_mbps[k] = w->sweep_mbps[k - 1];
            w->sweep_iops[k] = w->sweep_iops[k - 1];
            k--;
        }
        w->n_sweep++;
        w->sweep_disks[k] = disks;
        w->sweep_mbps[k] = w->sweep_iops[k] = 0;
    }
    if (r->large > 0 && r->cls[WL_LARGE].mbps > w->sweep_mbps[k])
        w->sweep_mbps[k] = r->cls[WL_LARGE].mbps;
    if (r->small > 0 && r->cls[WL_SMALL].iops > w->sweep_iops[k])
        w->sweep_iops[k] = r->cls[WL_SMALL].iops;
    s->points_done++;
    s->points_wall_s += sim_sess_wall_s() - s->point_wall_start_s;
    s->point_wall_start_s = sim_sess_wall_s();
}

/* ---- live figures ---------------------------------------------------------- */

static enum wl_class main_class(struct wl_point p)
{
    return p.small > 0 ? WL_SMALL : WL_LARGE;
}

static void class_hist(const struct sim_stats *st, enum wl_class c,
                       struct hist *out, uint64_t *ios, uint64_t *bytes)
{
    *out = st->cls[c][SIM_READ].lat;
    hist_merge(out, &st->cls[c][SIM_WRITE].lat);
    *ios = st->cls[c][SIM_READ].ios + st->cls[c][SIM_WRITE].ios;
    *bytes = st->cls[c][SIM_READ].bytes + st->cls[c][SIM_WRITE].bytes;
}

static void push_sample(struct sim_snapshot *w, const struct sim_snap_sample *x)
{
    if (w->n_series == SIM_SNAP_SERIES) {
        memmove(&w->series[0], &w->series[1],
                (SIM_SNAP_SERIES - 1) * sizeof(w->series[0]));
        w->n_series--;
    }
    w->series[w->n_series++] = *x;
    /* the last minute only */
    int drop = 0;
    while (drop < w->n_series && x->t_s - w->series[drop].t_s > 60.0)
        drop++;
    if (drop > 0) {
        memmove(&w->series[0], &w->series[drop],
                (size_t)(w->n_series - drop) * sizeof(w->series[0]));
        w->n_series -= drop;
    }
}

void sim_sess_push_sample(sim_session *s, const struct sim_snap_sample *x, double dt_s)
{
    push_sample(&s->work, x);
    sim_strip_add(&s->work.strip, x->t_s, dt_s, x->mbps, x->iops, x->p99_us);
}

/* A database workload's series: every class's I/O, as ORION's counts
   the large class's bytes and the small class's I/Os (ios[WL_SMALL],
   bytes[WL_LARGE]); its p99 over every class (hist_now). */
static void db_hist(sim_session *s, const struct sim_stats *st, uint64_t *ios,
                    uint64_t *bytes)
{
    ios[WL_SMALL] = ios[WL_LARGE] = bytes[WL_SMALL] = bytes[WL_LARGE] = 0;
    hist_init(&s->hist_now);
    for (int c = 0; c < st->n_classes; c++) {
        uint64_t n, b;
        class_hist(st, (enum wl_class)c, &s->hist_delta, &n, &b);
        hist_merge(&s->hist_now, &s->hist_delta);
        ios[WL_SMALL] += n;
        bytes[WL_LARGE] += b;
    }
}

/* One time-series sample per SIM_SNAP_SERIES_NS of the measured window. */
static void sample(sim_session *s, const struct sim_live *lv, double device_s)
{
    enum wl_class mc = main_class(lv->point);
    uint64_t ios[WL_CLASSES], bytes[WL_CLASSES];
    if (sim_run_db(&s->setup.run))
        db_hist(s, lv->stats, ios, bytes);
    for (int c = 0; c < WL_CLASSES && !sim_run_db(&s->setup.run); c++) {
        struct hist *h = c == (int)mc ? &s->hist_now : &s->hist_delta;
        class_hist(lv->stats, (enum wl_class)c, h, &ios[c], &bytes[c]);
    }
    bool fresh = s->sample_window_ns != lv->window_start_ns;
    if (!fresh && lv->now_ns - s->sample_at_ns < SIM_SNAP_SERIES_NS)
        return;
    if (!fresh) {
        double dt = (double)(lv->now_ns - s->sample_at_ns) / 1e9;
        struct hist *d = &s->hist_delta;
        hist_init(d);
        for (int i = 0; i < HIST_BUCKETS; i++) {
            d->bucket[i] = s->hist_now.bucket[i] - s->sample_hist.bucket[i];
            d->count += d->bucket[i];
        }
        d->min_ns = 0;
        d->max_ns = s->hist_now.max_ns;
        struct sim_snap_sample x = {
            .t_s = device_s,
            .mbps = (double)(bytes[WL_LARGE] - s->sample_bytes[WL_LARGE]) / dt / 1e6,
            .iops = (double)(ios[WL_SMALL] - s->sample_ios[WL_SMALL]) / dt,
            .p99_us = (double)hist_quantile_ns(d, 0.99) / 1e3,
        };
        sim_sess_push_sample(s, &x, dt);
    }
    s->sample_window_ns = lv->window_start_ns;
    s->sample_at_ns = lv->now_ns;
    memcpy(s->sample_ios, ios, sizeof(ios));
    memcpy(s->sample_bytes, bytes, sizeof(bytes));
    s->sample_hist = s->hist_now;
}

/* The per-disk rows: figures, mean I/Os in flight, use of the limit. */
static void fill_disks(sim_session *s, const struct sim_point_result *r)
{
    struct sim_snapshot *w = &s->work;
    const struct vol_profile *v = &s->setup.volume;
    bool model = dev_has(s->setup.run.backend, DEV_CAP_PROVISIONED_LIMITS);
    double lim_iops = v->iops_base * v->delivered_iops_frac;
    double lim_bps = v->tput_base_bytes_per_s * v->delivered_tput_frac;
    double unit = v->io_unit_bytes ? (double)v->io_unit_bytes : 262144.0;
    double busiest = 0;
    w->n_disk = r->disks < SIM_SNAP_DISKS ? r->disks : SIM_SNAP_DISKS;
    w->slowest_disk = -1;
    double slowest = 0;
    for (int d = 0; d < w->n_disk; d++) {
        const struct sim_disk_result *dr = &r->disk[d];
        struct sim_snap_disk *x = &w->disk[d];
        x->mbps = dr->mbps;
        x->iops = dr->iops;
        x->avg_lat_us = dr->avg_lat_us;
        x->p99_lat_us = dr->p99_lat_us;
        x->outstanding = dr->iops * dr->avg_lat_us / 1e6;
        x->errors = dr->errors;
        double ops = dr->ios ? dr->iops * ceil((double)dr->bytes / (double)dr->ios / unit) : 0;
        double u = 0;
        if (model) {
            if (lim_iops > 0)
                u = ops / lim_iops;
            if (lim_bps > 0 && dr->mbps * 1e6 / lim_bps > u)
                u = dr->mbps * 1e6 / lim_bps;
        } else {
            u = dr->iops;
        }
        x->util = u;
        if (u > busiest)
            busiest = u;
        if (dr->ios > 0 && dr->avg_lat_us > slowest) {
            slowest = dr->avg_lat_us;
            w->slowest_disk = d;
        }
    }
    for (int d = 0; d < w->n_disk; d++) {
        if (!model)
            w->disk[d].util = busiest > 0 ? w->disk[d].util / busiest : 0;
        if (w->disk[d].util > 1)
            w->disk[d].util = 1;
    }
}

double sim_sess_device_seconds(sim_session *s, sim_ns now_ns)
{
    if (!s->have_origin || now_ns < s->dev_last_ns) {
        if (s->have_origin)
            s->dev_base_ns += s->dev_last_ns - s->dev_origin_ns;
        s->dev_origin_ns = now_ns;
        s->have_origin = true;
        s->pacer.anchored = false;  /* a new clock */
    }
    s->dev_last_ns = now_ns;
    return (double)(s->dev_base_ns + now_ns - s->dev_origin_ns) / 1e9;
}

/* A database workload's batch run: the rest of its one window at the
   pace (a load command starts the window again, so the points' wall
   times say nothing); false when that is not known. */
static bool db_eta(sim_session *s)
{
    struct sim_snapshot *w = &s->work;
    const struct sim_point_opts *o = &s->setup.run.point;
    if (!sim_run_db(&s->setup.run) || !s->cfg.batch)
        return false;
    w->eta_s = -1;
    if (s->paced && w->measuring && !o->auto_duration) {
        double left = (double)o->duration_ns / 1e9 - w->window_s;
        w->eta_s = left > 0 ? left / s->cfg.speed : 0;
    }
    return true;
}

static void estimate_eta(sim_session *s)
{
    struct sim_snapshot *w = &s->work;
    if (db_eta(s))
        return;
    int left = w->n_points - w->point_index;
    if (w->interactive && s->pinned)
        left = 0;
    if (!s->cfg.batch || !s->cfg.counts) {
        /* nothing more to say */
    } else {
        /* later disk counts of a sweep: about as many points each */
        left += (s->cfg.n_counts - 1 - s->batch_run_index) * w->n_points;
    }
    if (left <= 0) {
        w->eta_s = 0;
        return;
    }
    double per_point;
    if (s->points_done > 0)
        per_point = s->points_wall_s / s->points_done;
    else if (s->paced)
        per_point = (double)(s->cfg.batch ? s->setup.run.point.duration_ns : s->cfg.cell_ns) /
                    1e9 / s->cfg.speed;
    else {
        w->eta_s = -1;
        return;
    }
    double into = sim_sess_wall_s() - s->point_wall_start_s;
    w->eta_s = left * per_point - into;
    if (w->eta_s < 0)
        w->eta_s = 0;
}

/* Device seconds per wall second over the last SPEED_SPAN_S or so of wall
   time: what the pacer reaches, which a host too slow for --speed shows.
   A pause starts the span again (session.c clears the mark). */
#define SPEED_SPAN_S 1.0
static void measure_speed(sim_session *s, double device_s)
{
    double wall = sim_sess_wall_s();
    double dt = wall - s->speed_mark_wall_s;
    if (s->speed_mark_wall_s > 0 && dt < SPEED_SPAN_S && device_s >= s->speed_mark_dev_s)
        return;
    if (s->speed_mark_wall_s > 0 && device_s >= s->speed_mark_dev_s)
        s->work.speed_reached = (device_s - s->speed_mark_dev_s) / dt;
    s->speed_mark_wall_s = wall;
    s->speed_mark_dev_s = device_s;
}

/* A database workload's point: its classes, at the loads and rates in
   force (what sim_point_class_ran reads). */
static void db_result(const sim_session *s, struct sim_point_result *r)
{
    const struct sim_class_load *l = &s->setup.run.db.load;
    if (!sim_run_db(&s->setup.run))
        return;
    r->db_classes = true;
    for (int c = 0; c < l->n; c++) {
        r->class_load[c] = l->rate_iops[c] > 0 ? 0 : l->load[c];
        r->open.target[c] = l->rate_iops[c];
    }
}

/* The class with the most I/O per second (0 for ORION's point: the
   histogram is main_class's there). */
static int busiest_class(const struct sim_point_result *r)
{
    int best = 0;
    for (int c = 1; r->db_classes && c < r->n_classes; c++)
        if (r->cls[c].iops > r->cls[best].iops)
            best = c;
    return best;
}

/* Whether the measured window so far has figures to show: every class
   the point runs has completed I/O in it, or it has lasted a tick (a
   class that completes nothing in a second is shown so).  Until then the
   last window's are held, not a flash of 0 and "-". */
static bool has_figures(const struct sim_point_result *r, double window_s)
{
    bool any = false;
    if (window_s * 1e9 >= (double)SIM_SNAP_TICK_NS)
        return true;
    for (int c = 0; c < r->n_classes && c < WL_MAX_CLASSES; c++) {
        if (!sim_point_class_ran(r, c))
            continue;
        if (!sim_point_class_measured(r, c))
            return false;
        any = true;
    }
    return any;
}

/* The measured window so far into the working snapshot: its figures,
   disk rows and histogram once it has some (has_figures), else the last
   window's are held (figures_held). */
static void show_window(sim_session *s, const struct sim_live *lv)
{
    struct sim_snapshot *w = &s->work;
    struct sim_point_result r = { .small = lv->point.small, .large = lv->point.large };
    w->figures_held = true;
    if (sim_stats_result(lv->stats, lv->now_ns - lv->window_start_ns, &r) < 0)
        return;
    r.limited_by = lv->limited_by;
    db_result(s, &r);
    if (has_figures(&r, w->window_s)) {
        w->figures_held = false;
        fill_disks(s, &r);
        w->hist_cls = main_class(lv->point);
        w->hist_db_class = busiest_class(&r);
        const struct sim_lat_summary *ls =
            &r.cls[r.db_classes ? w->hist_db_class : (int)w->hist_cls].lat;
        memcpy(w->hist_pow2, ls->pow2, sizeof(w->hist_pow2));
        w->p50_us = ls->p50_us;
        w->p99_us = ls->p99_us;
        w->p999_us = ls->p999_us;
    }
    sim_point_result_free(&r);
    if (!w->figures_held)
        w->cur = r;
}

void sim_sess_observe(sim_session *s, const struct sim_live *lv)
{
    struct sim_snapshot *w = &s->work;
    double device_s = sim_sess_device_seconds(s, lv->now_ns);
    w->state = SIM_SESS_RUNNING;
    w->point = lv->point;
    w->measuring = lv->phase == SIM_LIVE_MEASURE;
    w->device_s = device_s;
    w->wall_s = sim_sess_wall_s() - s->wall_start_s;
    measure_speed(s, device_s);
    w->pinned = s->pinned;
    if (w->measuring) {
        w->window_s = (double)(lv->now_ns - lv->window_start_ns) / 1e9;
        w->limited_by = lv->limited_by;
        show_window(s, lv);
        sample(s, lv, device_s);
    } else {
        w->window_s = 0;
        w->figures_held = w->cur.measured_s > 0;
    }
    sim_sess_credits_observe(s, lv, device_s);
    estimate_eta(s);
}
