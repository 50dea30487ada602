/*
 * session.c - the engine in its own thread, watched and steered live.
 *
 * Threads and ownership
 * ---------------------
 * The session thread owns everything the engine touches: layout, workload,
 * devices, engine, the configuration in force, and a working snapshot
 * (`work`).  The viewer's thread owns nothing but its copies.  They meet in
 * three places, all under one mutex:
 *
 *   snap      the published snapshot: the session thread copies `work`
 *             into it (publish) and bumps seq; the viewer copies it out;
 *   queue     commands the viewer sends; the pause and quit flags are set
 *             directly so that a paused or pacing engine sees them at once;
 *   rec       the measured cells of the current configuration, deep
 *             copies, read by sim_session_save().
 *
 * Neither side ever waits for the other beyond a memcpy of the snapshot
 * (~40 KiB), so drawing cannot stall I/O.
 *
 * How a point is watched
 * ----------------------
 * The engine calls live_cb() every 100 ms of device time (engine.h).  It
 * turns the engine's accumulator into figures with sim_stats_result(),
 * the function the reports use, so the dashboard and the files agree.
 * The "current" figures are those of the measured window so far; the time
 * series is computed from the change of the counters (and of the main
 * class's histogram) over each 200 ms of device time.  Then the callback
 * paces: on the model, device time is virtual, and the callback sleeps
 * until the wall clock has caught up with it at `speed` (sim_pacer).  It
 * ends the point (SIM_LIVE_STOP) when a command waits or quit is asked;
 * while paused it blocks, which on the model freezes the virtual clock.
 *
 * Interactive walk
 * ----------------
 * The session walks the ORION matrix of the configuration in force, one
 * point of cell_ns measured time each, and records each result in its
 * cell.  A load command pins the load: the point runs again and again
 * (each window recorded, the cell updated) until the walk is resumed.  At
 * the end of the matrix the last point stays pinned.  A command that
 * changes the workload (write percentage, load) or a volume/instance limit
 * (retuned in place on backends that can) restarts the point: a fresh
 * window, so the figures show the new steady state within about a second.
 * A command that changes the disk group (disks, sizes, layout, redundancy)
 * rebuilds layout, workload, devices and engine; the matrix starts over,
 * and the sweep curve keeps the best figures seen for each disk count.  A
 * configuration the layout or workload rejects is refused with the reason
 * in the message line and the previous one stays.
 */
#include "sim/session.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim/report.h"

#define QUEUE_LEN 32
#define LIVE_EVERY_NS (100 * SIM_NS_PER_MS)
#define WHY_LEN 256

struct parts {
    struct sim_parts sp;            /* layout, workload, devices, engine */
    struct wl_matrix *matrix;
    bool open;
};

struct sim_session {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t thread;
    bool started, joined;

    struct sim_session_cfg cfg;
    int counts[SIM_MAX_SWEEP];

    /* shared, under mu */
    struct sim_snapshot snap;
    uint64_t seq;
    struct sim_cmd queue[QUEUE_LEN];
    int queued;
    bool quit, paused;
    struct sim_run_result rec;      /* points of rec_cfg's matrix; no matrix */
    int rec_cap;
    struct sim_run_cfg rec_cfg;
    int batch_rc;
    char batch_why[WHY_LEN];
    struct sim_run_result *batch_run;
    struct sim_sweep_result *batch_sweep;

    /* the session thread's own */
    struct sim_run_cfg run;         /* in force */
    struct parts parts;
    struct sim_snapshot work;
    struct sim_pacer pacer;
    bool paced;
    bool pinned;
    struct wl_point pin;
    int walk_index;
    bool have_origin;
    sim_ns dev_origin_ns, dev_last_ns, dev_base_ns;
    double wall_start_s;
    int points_done;
    double points_wall_s, point_wall_start_s;
    /* interval figures for the time series */
    sim_ns sample_window_ns;        /* window the baseline belongs to */
    sim_ns sample_at_ns;            /* device time of the baseline */
    uint64_t sample_ios[WL_CLASSES], sample_bytes[WL_CLASSES];
    struct hist sample_hist, hist_now, hist_delta;
    /* batch */
    int batch_run_index;
    double batch_best_mbps, batch_best_iops;
};

/* ---- time ----------------------------------------------------------------- */

static sim_ns wall_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (sim_ns)ts.tv_sec * SIM_NS_PER_S + ts.tv_nsec;
}

static double wall_s(void)
{
    return (double)wall_ns() / 1e9;
}

void sim_pacer_init(struct sim_pacer *p, double speed)
{
    memset(p, 0, sizeof(*p));
    p->speed = speed > 0 ? speed : 0;
}

void sim_pacer_anchor(struct sim_pacer *p, sim_ns dev_now_ns)
{
    p->anchored = true;
    p->dev_anchor_ns = dev_now_ns;
    p->wall_anchor_ns = wall_ns();
}

sim_ns sim_pacer_delay_ns(struct sim_pacer *p, sim_ns dev_now_ns)
{
    if (p->speed <= 0)
        return 0;
    if (!p->anchored) {
        sim_pacer_anchor(p, dev_now_ns);
        return 0;
    }
    double due = (double)p->wall_anchor_ns +
                 (double)(dev_now_ns - p->dev_anchor_ns) / p->speed;
    sim_ns delay = (sim_ns)(due - (double)wall_ns());
    if (delay < -SIM_NS_PER_S) {    /* fell behind: do not race to catch up */
        sim_pacer_anchor(p, dev_now_ns);
        return 0;
    }
    return delay;
}

static void timed_wait(sim_session *s, sim_ns ns)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    sim_ns at = (sim_ns)ts.tv_sec * SIM_NS_PER_S + ts.tv_nsec + ns;
    ts.tv_sec = (time_t)(at / SIM_NS_PER_S);
    ts.tv_nsec = (long)(at % SIM_NS_PER_S);
    pthread_cond_timedwait(&s->cv, &s->mu, &ts);
}

/* ---- publishing ----------------------------------------------------------- */

static void publish_locked(sim_session *s)
{
    s->snap = s->work;
    s->snap.seq = ++s->seq;
    pthread_cond_broadcast(&s->cv);
}

static void publish(sim_session *s)
{
    pthread_mutex_lock(&s->mu);
    publish_locked(s);
    pthread_mutex_unlock(&s->mu);
}

static void say(sim_session *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void say(sim_session *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->work.message, sizeof(s->work.message), fmt, ap);
    va_end(ap);
}

static void describe_config(sim_session *s)
{
    struct sim_snapshot *w = &s->work;
    const struct sim_run_cfg *c = &s->run;
    snprintf(w->backend, sizeof(w->backend), "%s", c->backend->name);
    snprintf(w->instance, sizeof(w->instance), "%s", c->instance.name);
    snprintf(w->volume, sizeof(w->volume), "%s", c->volume.spec);
    w->disks = c->disks;
    w->striping = c->layout.striping;
    w->redundancy = c->layout.redundancy;
    w->au_bytes = c->layout.au_bytes;
    w->small_bytes = c->workload.small_bytes;
    w->large_bytes = c->workload.large_bytes;
    w->large_type = c->workload.large_type;
    w->write_pct = c->workload.write_pct;
    w->speed = s->cfg.speed;
}

static void clear_matrix(struct sim_snapshot *w, const struct wl_matrix *m)
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
static void note_point(sim_session *s, const struct sim_point_result *r,
                       int disks)
{
    struct sim_snapshot *w = &s->work;
    int li = level_index(w->large_levels, w->n_large_levels, r->large);
    int si = level_index(w->small_levels, w->n_small_levels, r->small);
    if (li >= 0 && si >= 0) {
        w->cell_mbps[li][si] = r->large > 0 ? r->mbps : NAN;
        w->cell_iops[li][si] = r->small > 0 ? r->iops : NAN;
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
    if (r->large > 0 && r->mbps > w->sweep_mbps[k])
        w->sweep_mbps[k] = r->mbps;
    if (r->small > 0 && r->iops > w->sweep_iops[k])
        w->sweep_iops[k] = r->iops;
    s->points_done++;
    s->points_wall_s += wall_s() - s->point_wall_start_s;
    s->point_wall_start_s = wall_s();
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

/* One time-series sample per SIM_SNAP_SERIES_NS of the measured window. */
static void sample(sim_session *s, const struct sim_live *lv, double device_s)
{
    enum wl_class mc = main_class(lv->point);
    uint64_t ios[WL_CLASSES], bytes[WL_CLASSES];
    for (int c = 0; c < WL_CLASSES; c++) {
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
        push_sample(&s->work, &x);
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
    const struct vol_profile *v = &s->run.volume;
    bool model = s->run.backend == &dev_model_ops;
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

static double device_seconds(sim_session *s, sim_ns now_ns)
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

static void estimate_eta(sim_session *s)
{
    struct sim_snapshot *w = &s->work;
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
        per_point = (double)(s->cfg.batch ? s->run.point.duration_ns : s->cfg.cell_ns) /
                    1e9 / s->cfg.speed;
    else {
        w->eta_s = -1;
        return;
    }
    double into = wall_s() - s->point_wall_start_s;
    w->eta_s = left * per_point - into;
    if (w->eta_s < 0)
        w->eta_s = 0;
}

static void observe(sim_session *s, const struct sim_live *lv)
{
    struct sim_snapshot *w = &s->work;
    double device_s = device_seconds(s, lv->now_ns);
    w->state = SIM_SESS_RUNNING;
    w->point = lv->point;
    w->measuring = lv->phase == SIM_LIVE_MEASURE;
    w->device_s = device_s;
    w->wall_s = wall_s() - s->wall_start_s;
    w->pinned = s->pinned;
    if (w->measuring) {
        struct sim_point_result r = { .small = lv->point.small,
                                      .large = lv->point.large };
        w->window_s = (double)(lv->now_ns - lv->window_start_ns) / 1e9;
        w->limited_by = lv->limited_by;
        if (sim_stats_result(lv->stats, lv->now_ns - lv->window_start_ns, &r) == 0) {
            r.limited_by = lv->limited_by;
            fill_disks(s, &r);
            w->hist_cls = main_class(lv->point);
            const struct sim_lat_summary *ls =
                w->hist_cls == WL_SMALL ? &r.small_lat : &r.large_lat;
            memcpy(w->hist_pow2, ls->pow2, sizeof(w->hist_pow2));
            w->p50_us = ls->p50_us;
            w->p99_us = ls->p99_us;
            w->p999_us = ls->p999_us;
            sim_point_result_free(&r);
            w->cur = r;
        }
        sample(s, lv, device_s);
    } else {
        w->window_s = 0;
    }
    estimate_eta(s);
}

/* The engine's live callback: show, pace, obey. */
static int live_cb(void *arg, const struct sim_live *lv)
{
    sim_session *s = arg;
    observe(s, lv);
    pthread_mutex_lock(&s->mu);
    publish_locked(s);
    bool was_paused = false;
    while (!s->quit && s->queued == 0 && s->paused) {
        if (!s->work.paused) {
            s->work.paused = true;
            publish_locked(s);
        }
        was_paused = true;
        timed_wait(s, 200 * SIM_NS_PER_MS);
    }
    if (was_paused) {
        s->work.paused = false;
        publish_locked(s);
    }
    if (s->quit || s->queued > 0) {
        pthread_mutex_unlock(&s->mu);
        return SIM_LIVE_STOP;
    }
    pthread_mutex_unlock(&s->mu);
    if (was_paused)
        sim_pacer_anchor(&s->pacer, lv->now_ns);
    if (!s->paced)
        return SIM_LIVE_CONTINUE;
    for (;;) {
        sim_ns d = sim_pacer_delay_ns(&s->pacer, lv->now_ns);
        if (d <= 0)
            return SIM_LIVE_CONTINUE;
        pthread_mutex_lock(&s->mu);
        bool stop = s->quit || s->queued > 0;
        bool pause = s->paused;
        if (!stop && !pause)
            timed_wait(s, d < 100 * SIM_NS_PER_MS ? d : 100 * SIM_NS_PER_MS);
        pthread_mutex_unlock(&s->mu);
        if (stop)
            return SIM_LIVE_STOP;
        if (pause)
            return SIM_LIVE_CONTINUE;   /* the next call pauses */
    }
}

/* ---- parts: layout, workload, devices, engine ------------------------------ */

static void parts_close(struct parts *p)
{
    sim_parts_close(&p->sp);
    wl_matrix_free(p->matrix);
    memset(p, 0, sizeof(*p));
}

/* The matrix of cfg->disks and the parts of a run (run.h), with pools for
   the largest load a command can set. */
static int parts_open(const struct sim_run_cfg *cfg, struct parts *p,
                      char *why, size_t why_len)
{
    memset(p, 0, sizeof(*p));
    struct wl_matrix_cfg mc = cfg->matrix;
    mc.num_disks = cfg->disks;
    int rc = wl_matrix_build(&mc, &p->matrix, why, why_len);
    int stream_io = cfg->point.stream_io > 0 ? cfg->point.stream_io : 1;
    int max_large_ios = sim_point_large_ios(SIM_SESSION_MAX_LARGE,
                                            cfg->workload.large_type, stream_io);
    if (rc == 0)
        rc = sim_parts_open(cfg, SIM_SESSION_MAX_SMALL, max_large_ios, &p->sp,
                            why, why_len);
    if (rc < 0) {
        parts_close(p);
        return rc;
    }
    p->open = true;
    return 0;
}

/* ---- recorded cells (interactive) ------------------------------------------ */

static void rec_clear_locked(sim_session *s)
{
    for (int i = 0; i < s->rec.n_points; i++)
        sim_point_result_free(&s->rec.points[i]);
    s->rec.n_points = 0;
    s->rec_cfg = s->run;
}

static int copy_result(struct sim_point_result *dst, const struct sim_point_result *src)
{
    *dst = *src;
    dst->disk = calloc((size_t)src->disks, sizeof(*dst->disk));
    if (!dst->disk)
        return -ENOMEM;
    memcpy(dst->disk, src->disk, (size_t)src->disks * sizeof(*dst->disk));
    return 0;
}

static void rec_add(sim_session *s, const struct sim_point_result *r)
{
    pthread_mutex_lock(&s->mu);
    int i = 0;
    while (i < s->rec.n_points &&
           (s->rec.points[i].small != r->small || s->rec.points[i].large != r->large))
        i++;
    if (i < s->rec.n_points) {
        struct sim_point_result c;
        if (copy_result(&c, r) == 0) {
            sim_point_result_free(&s->rec.points[i]);
            s->rec.points[i] = c;
        }
    } else if (i < s->rec_cap && copy_result(&s->rec.points[i], r) == 0) {
        s->rec.n_points++;
    }
    pthread_mutex_unlock(&s->mu);
}

/* ---- commands --------------------------------------------------------------- */

static bool in_matrix(const struct wl_matrix *m, int small, int large)
{
    for (int i = 0; i < m->n_points; i++)
        if (m->points[i].small == small && m->points[i].large == large)
            return true;
    return false;
}

/* Apply one queued command to s->run.  Sets *rebuild or *restart. */
static void apply_one(sim_session *s, const struct sim_cmd *c, bool *rebuild,
                      bool *restart)
{
    char why[WHY_LEN];
    struct sim_run_cfg *r = &s->run;
    switch (c->kind) {
    case SIM_CMD_LOAD: {
        int small = c->a < 0 ? 0 : c->a > SIM_SESSION_MAX_SMALL ? SIM_SESSION_MAX_SMALL : c->a;
        int large = c->b < 0 ? 0 : c->b > SIM_SESSION_MAX_LARGE ? SIM_SESSION_MAX_LARGE : c->b;
        if (small + large == 0) {
            say(s, "load small=0 large=0: nothing to measure; keep at least one I/O outstanding");
            return;
        }
        s->pinned = true;
        s->pin = (struct wl_point){ small, large };
        say(s, "load set to small=%d large=%d%s", small, large,
            in_matrix(s->parts.matrix, small, large) ? "" : " (outside the matrix)");
        *restart = true;
        return;
    }
    case SIM_CMD_WALK:
        s->pinned = false;
        s->walk_index = 0;
        say(s, "walking the matrix from its first point");
        *restart = true;
        return;
    case SIM_CMD_DISKS:
        if (c->a < 1 || c->a > LAY_MAX_DISKS) {
            say(s, "disks %d: use 1..%d", c->a, LAY_MAX_DISKS);
            return;
        }
        if (c->a != r->disks)
            r->layout.disk_failgroup = NULL;
        r->disks = c->a;
        *rebuild = true;
        return;
    case SIM_CMD_WRITE_PCT:
        r->workload.write_pct = c->a < 0 ? 0 : c->a > 100 ? 100 : c->a;
        if (s->parts.sp.workload)
            wl_set_write_pct(s->parts.sp.workload, r->workload.write_pct);
        say(s, "writes %d %%", r->workload.write_pct);
        *restart = true;
        return;
    case SIM_CMD_SIZES:
        r->workload.small_bytes = (uint32_t)c->a;
        r->workload.large_bytes = (uint32_t)c->b;
        *rebuild = true;
        return;
    case SIM_CMD_LAYOUT:
        r->layout.striping = (enum lay_striping)c->a;
        if (r->layout.striping == LAY_RAID0 || r->layout.striping == LAY_CONCAT)
            r->layout.redundancy = LAY_EXTERNAL;
        *rebuild = true;
        return;
    case SIM_CMD_REDUNDANCY:
        r->layout.redundancy = (enum lay_redundancy)c->a;
        *rebuild = true;
        return;
    case SIM_CMD_VOLUME: {
        struct vol_profile v = r->volume;
        if (prof_volume_reprovision(&v, c->x, c->y, why, sizeof(why)) != 0) {
            say(s, "volume: %s", why);
            return;
        }
        r->volume = v;
        say(s, "volume now %s", v.spec);
        if (s->parts.sp.ds.ops && s->parts.sp.ds.ops->retune &&
            s->parts.sp.ds.ops->retune(&s->parts.sp.ds, &r->volume, NULL) == 0)
            *restart = true;
        else
            *rebuild = true;
        return;
    }
    case SIM_CMD_INSTANCE: {
        struct inst_profile in;
        if (prof_instance_find(c->text, &in, why, sizeof(why)) != 0) {
            say(s, "instance %s: %s", c->text, why);
            return;
        }
        r->instance = in;
        say(s, "instance now %s", in.name);
        if (s->parts.sp.ds.ops && s->parts.sp.ds.ops->retune &&
            s->parts.sp.ds.ops->retune(&s->parts.sp.ds, NULL, &r->instance) == 0)
            *restart = true;
        else
            *rebuild = true;
        return;
    }
    case SIM_CMD_RESTART:
        say(s, "point restarted");
        *restart = true;
        return;
    case SIM_CMD_PAUSE:
    case SIM_CMD_QUIT:
        return;                     /* flags, set by sim_session_send */
    }
}

static void apply_commands(sim_session *s, bool *rebuild, bool *restart)
{
    struct sim_cmd q[QUEUE_LEN];
    pthread_mutex_lock(&s->mu);
    int n = s->queued;
    memcpy(q, s->queue, (size_t)n * sizeof(q[0]));
    s->queued = 0;
    pthread_mutex_unlock(&s->mu);
    for (int i = 0; i < n; i++)
        apply_one(s, &q[i], rebuild, restart);
}

/* Open the parts for s->run; on failure go back to `prev`. */
static int rebuild(sim_session *s, const struct sim_run_cfg *prev)
{
    char why[WHY_LEN];
    if (s->parts.open) {
        device_seconds(s, s->parts.sp.ds.ops->now(&s->parts.sp.ds));
        parts_close(&s->parts);
    }
    int rc = parts_open(&s->run, &s->parts, why, sizeof(why));
    if (rc < 0 && prev) {
        say(s, "refused: %s", why);
        s->run = *prev;
        rc = parts_open(&s->run, &s->parts, why, sizeof(why));
    } else if (rc == 0 && prev) {
        say(s, "disk group rebuilt: %d disks, %s, %s redundancy", s->run.disks,
            lay_striping_name(s->run.layout.striping),
            lay_redundancy_name(s->run.layout.redundancy));
    }
    if (rc < 0) {
        say(s, "%s", why);
        return rc;
    }
    pthread_mutex_lock(&s->mu);
    rec_clear_locked(s);
    struct sim_point_result *pts = realloc(s->rec.points,
        (size_t)s->parts.matrix->n_points * sizeof(*pts));
    if (pts) {
        s->rec.points = pts;
        s->rec_cap = s->parts.matrix->n_points;
    }
    pthread_mutex_unlock(&s->mu);
    s->walk_index = 0;
    s->pacer.anchored = false;
    describe_config(s);
    clear_matrix(&s->work, s->parts.matrix);
    return 0;
}

/* ---- the threads -------------------------------------------------------------- */

static bool quit_asked(sim_session *s)
{
    pthread_mutex_lock(&s->mu);
    bool q = s->quit;
    pthread_mutex_unlock(&s->mu);
    return q || (s->run.point.stop && *s->run.point.stop);
}

static int point_index_of(const struct wl_matrix *m, struct wl_point p)
{
    for (int i = 0; i < m->n_points; i++)
        if (m->points[i].small == p.small && m->points[i].large == p.large)
            return i;
    return -1;
}

static void interactive_main(sim_session *s)
{
    if (rebuild(s, NULL) < 0) {
        s->work.state = SIM_SESS_FAILED;
        return;
    }
    while (!quit_asked(s)) {
        bool want_rebuild = false, restart = false;
        struct sim_run_cfg prev = s->run;
        apply_commands(s, &want_rebuild, &restart);
        describe_config(s);
        if (want_rebuild && rebuild(s, &prev) < 0) {
            s->work.state = SIM_SESS_FAILED;
            return;
        }
        const struct wl_matrix *m = s->parts.matrix;
        if (!s->pinned && s->walk_index >= m->n_points) {
            s->pinned = true;
            s->pin = m->points[m->n_points - 1];
            say(s, "matrix complete; holding small=%d large=%d (g walks it again)",
                s->pin.small, s->pin.large);
        }
        struct wl_point p = s->pinned ? s->pin : m->points[s->walk_index];
        s->work.point = p;
        s->work.point_index = s->pinned ? point_index_of(m, p) : s->walk_index;
        s->work.n_points = m->n_points;
        s->work.pinned = s->pinned;
        s->work.measuring = false;      /* the new point's figures come */
        s->work.window_s = 0;
        publish(s);

        struct sim_point_opts o = s->run.point;
        o.duration_ns = s->cfg.cell_ns;
        o.auto_duration = false;
        o.live = live_cb;
        o.live_arg = s;
        o.live_every_ns = LIVE_EVERY_NS;
        struct sim_point_result r = { 0 };
        s->point_wall_start_s = wall_s();
        int rc = sim_engine_run_point(s->parts.sp.engine, p, &o, &r);
        if (rc < 0) {
            say(s, "point small=%d large=%d failed: %s", p.small, p.large, strerror(-rc));
            s->work.state = SIM_SESS_FAILED;
            return;
        }
        if (rc == 0) {
            r.small = p.small;
            r.large = p.large;
            rec_add(s, &r);
            note_point(s, &r, s->run.disks);
            if (!s->pinned)
                s->walk_index++;
        }
        sim_point_result_free(&r);
    }
}

static void batch_level_setup(sim_session *s, int run_index)
{
    char why[WHY_LEN];
    struct wl_matrix_cfg mc = s->run.matrix;
    mc.num_disks = s->cfg.counts ? s->counts[run_index] : s->run.disks;
    struct wl_matrix *m = NULL;
    if (wl_matrix_build(&mc, &m, why, sizeof(why)) == 0) {
        clear_matrix(&s->work, m);
        wl_matrix_free(m);
    }
    s->work.disks = mc.num_disks;
    s->work.run_index = run_index;
    s->work.point_index = 0;
    s->batch_run_index = run_index;
}

static void batch_progress(void *arg, int run_index, int point_index,
                           int n_points, const struct sim_point_result *r)
{
    sim_session *s = arg;
    note_point(s, r, s->work.disks);
    s->work.point_index = point_index + 1;
    s->work.n_points = n_points;
    if (point_index + 1 == n_points && s->cfg.counts && run_index + 1 < s->cfg.n_counts)
        batch_level_setup(s, run_index + 1);
    publish(s);
}

static void batch_main(sim_session *s)
{
    struct sim_run_cfg cfg = s->run;
    char why[WHY_LEN] = "";
    struct sim_run_result *run = NULL;
    struct sim_sweep_result *sweep = NULL;
    cfg.point.live = live_cb;
    cfg.point.live_arg = s;
    cfg.point.live_every_ns = LIVE_EVERY_NS;
    s->work.n_runs = s->cfg.counts ? s->cfg.n_counts : 1;
    batch_level_setup(s, 0);
    publish(s);
    s->point_wall_start_s = wall_s();
    int rc = s->cfg.counts
        ? sim_sweep(&cfg, s->counts, s->cfg.n_counts, batch_progress, s, &sweep, why, sizeof(why))
        : sim_run(&cfg, batch_progress, s, &run, why, sizeof(why));
    pthread_mutex_lock(&s->mu);
    s->batch_rc = rc;
    snprintf(s->batch_why, sizeof(s->batch_why), "%s", why);
    s->batch_run = run;
    s->batch_sweep = sweep;
    pthread_mutex_unlock(&s->mu);
    if (rc < 0) {
        say(s, "%s", why);
        s->work.state = SIM_SESS_FAILED;
    } else {
        say(s, rc == 1 ? "stopped; what was measured is kept" : "run complete");
    }
}

static void *session_thread(void *arg)
{
    sim_session *s = arg;
    s->wall_start_s = wall_s();
    if (s->cfg.batch)
        batch_main(s);
    else
        interactive_main(s);
    if (s->parts.open)
        parts_close(&s->parts);
    if (s->work.state != SIM_SESS_FAILED)
        s->work.state = SIM_SESS_DONE;
    s->work.paused = false;
    publish(s);
    return NULL;
}

/* ---- public ------------------------------------------------------------------ */

int sim_session_create(const struct sim_session_cfg *cfg, sim_session **out,
                       char *why, size_t why_len)
{
    if (!cfg->run.backend || (cfg->counts && (cfg->n_counts < 1 || cfg->n_counts > SIM_MAX_SWEEP)) ||
        (!cfg->batch && cfg->cell_ns <= 0) || cfg->speed < 0) {
        snprintf(why, why_len, "session: needs a backend, 1..%d disk counts, "
                 "a cell time > 0 and a speed >= 0", SIM_MAX_SWEEP);
        return -EINVAL;
    }
    sim_session *s = calloc(1, sizeof(*s));
    if (!s) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv, NULL);
    s->cfg = *cfg;
    if (cfg->counts) {
        memcpy(s->counts, cfg->counts, (size_t)cfg->n_counts * sizeof(int));
        s->cfg.counts = s->counts;
    }
    s->run = cfg->run;
    s->paced = cfg->speed > 0 && cfg->run.backend == &dev_model_ops;
    sim_pacer_init(&s->pacer, s->paced ? cfg->speed : 0);
    s->rec_cfg = s->run;
    s->work.interactive = !cfg->batch;
    s->work.state = SIM_SESS_STARTING;
    s->work.eta_s = -1;
    s->work.slowest_disk = -1;
    s->work.n_runs = 1;
    describe_config(s);
    clear_matrix(&s->work, NULL);
    s->snap = s->work;
    *out = s;
    return 0;
}

int sim_session_start(sim_session *s)
{
    if (s->started)
        return -EALREADY;
    int rc = pthread_create(&s->thread, NULL, session_thread, s);
    if (rc != 0)
        return -rc;
    s->started = true;
    return 0;
}

void sim_session_snapshot(sim_session *s, struct sim_snapshot *out)
{
    pthread_mutex_lock(&s->mu);
    *out = s->snap;
    pthread_mutex_unlock(&s->mu);
}

int sim_session_send(sim_session *s, const struct sim_cmd *cmd)
{
    int rc = 0;
    pthread_mutex_lock(&s->mu);
    if (cmd->kind == SIM_CMD_PAUSE) {
        s->paused = cmd->a != 0;
    } else if (cmd->kind == SIM_CMD_QUIT) {
        s->quit = true;
    } else if (s->cfg.batch) {
        rc = -ENOTSUP;
    } else if (s->queued == QUEUE_LEN) {
        rc = -EAGAIN;
    } else {
        s->queue[s->queued++] = *cmd;
    }
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
    return rc;
}

uint64_t sim_session_wait(sim_session *s, uint64_t seq, int timeout_ms)
{
    pthread_mutex_lock(&s->mu);
    if (s->seq <= seq && timeout_ms > 0)
        timed_wait(s, (sim_ns)timeout_ms * SIM_NS_PER_MS);
    uint64_t now = s->seq;
    pthread_mutex_unlock(&s->mu);
    return now;
}

void sim_session_stop(sim_session *s)
{
    struct sim_cmd q = { .kind = SIM_CMD_QUIT };
    sim_session_send(s, &q);
    if (s->started && !s->joined) {
        pthread_join(s->thread, NULL);
        s->joined = true;
    }
}

int sim_session_save(sim_session *s, char *why, size_t why_len)
{
    struct sim_run_result r = { 0 };
    struct sim_run_cfg cfg;
    int rc = 0;

    pthread_mutex_lock(&s->mu);
    cfg = s->rec_cfg;
    r.points = calloc((size_t)(s->rec.n_points ? s->rec.n_points : 1), sizeof(*r.points));
    for (int i = 0; r.points && i < s->rec.n_points && rc == 0; i++) {
        rc = copy_result(&r.points[i], &s->rec.points[i]);
        if (rc == 0)
            r.n_points++;
    }
    pthread_mutex_unlock(&s->mu);
    if (!r.points || rc < 0) {
        snprintf(why, why_len, "out of memory");
        rc = -ENOMEM;
        goto out;
    }
    if (r.n_points == 0) {
        snprintf(why, why_len, "nothing measured yet: no point has finished");
        rc = -ENODATA;
        goto out;
    }
    struct wl_matrix_cfg mc = cfg.matrix;
    mc.num_disks = cfg.disks;
    if ((rc = wl_matrix_build(&mc, &r.matrix, why, why_len)) < 0)
        goto out;
    r.disks = cfg.disks;
    r.incomplete = r.n_points < r.matrix->n_points;
    sim_summarise(r.points, r.n_points, &r.summary);

    char (*names)[112] = calloc((size_t)cfg.disks, sizeof(*names));
    const char **luns = calloc((size_t)cfg.disks, sizeof(*luns));
    if (!names || !luns) {
        free(names);
        free(luns);
        snprintf(why, why_len, "out of memory");
        rc = -ENOMEM;
        goto out;
    }
    char size[32];
    prof_format_size(cfg.volume.size_bytes, size, sizeof(size));
    for (int d = 0; d < cfg.disks; d++) {
        snprintf(names[d], sizeof(names[d]), "DATA_%04d (%s %s)", d, cfg.volume.type, size);
        luns[d] = names[d];
    }
    struct report_meta meta = {
        .testname = s->cfg.testname ? s->cfg.testname : "asmsim",
        .command_line = s->cfg.command_line ? s->cfg.command_line : "asmsim tui",
        .version = "asmsim",
        .luns = luns,
        .n_luns = cfg.disks,
    };
    report_stamp_now(&meta);
    const char *dir = s->cfg.output_dir ? s->cfg.output_dir : ".";
    if ((rc = report_mkdir_p(dir)) < 0) {
        snprintf(why, why_len, "%s: cannot create the directory: %s", dir, strerror(-rc));
        free(names);
        free(luns);
        goto out;
    }
    rc = report_orion_files(dir, meta.testname, &meta, &cfg, &r, why, why_len);
    if (rc == 0) {
        char path[4096];
        snprintf(path, sizeof(path), "%s/%s_%s_results.json", dir, meta.testname, meta.stamp);
        rc = report_json_write(path, &meta, &cfg, &r, NULL, why, why_len);
        if (rc == 0)
            snprintf(why, why_len, "saved %d points to %s/%s_%s_*", r.n_points, dir,
                     meta.testname, meta.stamp);
    }
    free(names);
    free(luns);
out:
    for (int i = 0; i < r.n_points; i++)
        sim_point_result_free(&r.points[i]);
    free(r.points);
    wl_matrix_free(r.matrix);
    return rc;
}

int sim_session_take(sim_session *s, struct sim_run_result **run,
                     struct sim_sweep_result **sweep, char *why, size_t why_len)
{
    if (s->started && !s->joined) {
        pthread_join(s->thread, NULL);
        s->joined = true;
    }
    pthread_mutex_lock(&s->mu);
    int rc = s->batch_rc;
    snprintf(why, why_len, "%s", s->batch_why);
    if (run)
        *run = s->batch_run;
    if (sweep)
        *sweep = s->batch_sweep;
    s->batch_run = NULL;
    s->batch_sweep = NULL;
    pthread_mutex_unlock(&s->mu);
    return rc;
}

void sim_session_destroy(sim_session *s)
{
    if (!s)
        return;
    sim_session_stop(s);
    sim_run_free(s->batch_run);
    sim_sweep_free(s->batch_sweep);
    for (int i = 0; i < s->rec.n_points; i++)
        sim_point_result_free(&s->rec.points[i]);
    free(s->rec.points);
    pthread_mutex_destroy(&s->mu);
    pthread_cond_destroy(&s->cv);
    free(s);
}
