/*
 * forecast_exact.c - a stretch of a phase simulated I/O by I/O.
 *
 * One engine point at the phase's load, from the devices' state as it is
 * (no settle of the buckets: credits carry), with the engine's live view
 * polling the buckets' levels every FC_POLL_NS of device time for the
 * events (forecast_events.c), so that a bucket running dry is dated to
 * 100 ms whatever the interval.  Device time maps to forecast time by its
 * offset from the stretch's start; the drain after the point (the I/O in
 * flight completing, nothing issued) is not forecast time.
 *
 * With emit (--exact, and the tail of a phase too short for the fast
 * path) the point records interval rows (the engine's timeline), each of
 * which goes out as a segment with the levels at its ends.  Without, the
 * stretch is a fast-path measurement window: one figure set for all of
 * it, and each bucket's consumption over the measured window, in its
 * units per second.
 *
 * That consumption is what the bucket pays while the regime lasts, so it
 * must not count the I/O in flight piling up.  A limit books an I/O's
 * units when the I/O is submitted, though it may start it later: in an
 * overloaded open loop the I/O in flight grows from a few to the bound
 * (--max-outstanding, 4,096) during the window, all of it booked, and
 * used / measured_s ran 2 % over the rate the limit delivers (2,904
 * against 2,850 IOPS in a 72 s window), so the bucket ran dry 2 % early.
 * The exact path pays that backlog once a phase, not every second.  So
 * the use is taken between the first and the last poll inside the window:
 * booked units per I/O issued between them times the completion rate,
 * with the growth of the I/O in flight (arrivals less completions, in an
 * overloaded open loop) handed over apart, for the fast path to book
 * until the bound is reached (forecast_fluid.c).  With a constant number
 * in flight (closed loop, a served open loop) the two rates are one.
 *
 * A database workload's phase (fc_db_phase) runs as one point of its
 * classes per interval of the grid (the engine's interval rows hold
 * ORION's two classes only), each a measurement window with no warm-up
 * whose figures per class (struct fc_class_fig) go out as one segment;
 * see forecast.h for what that costs in exactness.  With a disk lost
 * (forecast_fail.c) the chunks also end where a failure phase changes,
 * each runs on that phase's parts with its load (the copy class added
 * while rebalancing), and its figures tell the failure what the copies
 * wrote.
 */
#include "sim/model/forecast_internal.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FC_POLL_NS (100 * SIM_NS_PER_MS)

/* A poll inside the measured window: what each bucket's limit had booked
   since the window opened, and the engine's I/O count then. */
struct window_sample {
    sim_ns at;                  /* device time; -1: no poll yet */
    double *used_units;         /* [buckets] */
    double done;                /* logical I/Os completed (of the window) */
    double arrived;             /* open loop: logical I/Os arrived */
    double in_flight;           /* logical I/Os outstanding */
};

struct poll_ctx {
    struct fc *f;
    const struct fc_phase_ctx *pc;
    double t0_s;                /* forecast time of dev0 */
    sim_ns dev0;
    sim_ns window_start;        /* device time the measured window opened */
    struct window_sample first, last;   /* used_units NULL: not wanted */
    int rc;
};

static double to_forecast(const struct poll_ctx *c, sim_ns dev)
{
    double t = c->t0_s + (double)(dev - c->dev0) / 1e9;
    return t < c->pc->end_s ? t : c->pc->end_s;
}

static double completed_ios(const struct sim_stats *st)
{
    double n = 0;
    for (int k = 0; k < WL_CLASSES; k++)
        n += (double)(st->cls[k][0].ios + st->cls[k][1].ios);
    return n;
}

static double arrived_ios(const struct sim_stats *st)
{
    double n = 0;
    for (int k = 0; k < WL_CLASSES; k++)
        n += (double)st->arrivals[k];
    return n;
}

/* The buckets were just read (c->f->bkt): note their window use. */
static void take_sample(struct poll_ctx *c, const struct sim_live *lv,
                        struct window_sample *to)
{
    for (int k = 0; k < c->f->buckets; k++)
        to->used_units[k] = c->f->bkt[k].window_used_units;
    to->at = lv->now_ns;
    to->done = completed_ios(lv->stats);
    to->arrived = arrived_ios(lv->stats);
    to->in_flight = lv->outstanding;
}

/* The window's bookings (struct fc_use): between the first and the last
   poll in it, each bucket's units per logical I/O issued, those times the
   completion rate, and the in-flight growth when the point was an
   overloaded open loop; over the whole window as the point reports it,
   with no growth, when the window held fewer than two polls. */
static void window_use(const struct poll_ctx *c, const struct fc_figures *fig,
                       double measured_s, struct fc_use *use)
{
    const struct window_sample *a = &c->first, *b = &c->last;
    double span_s = (double)(b->at - a->at) / 1e9;
    bool sampled = a->at >= 0 && b->at >= 0 && span_s > 0;
    double done = sampled ? b->done - a->done : (double)fig->ios;
    double issued = sampled ? done + b->in_flight - a->in_flight : (double)fig->ios;
    double secs = sampled ? span_s : measured_s;
    double growth = sampled && fc_overloaded(fig)
                        ? (b->arrived - a->arrived - done) / span_s : 0;
    use->backlog_growth = growth > 0 ? growth : 0;
    use->in_flight_end = sampled ? b->in_flight : 0;
    for (int k = 0; k < c->f->buckets; k++) {
        double used = sampled ? b->used_units[k] - a->used_units[k]
                              : c->f->bkt[k].window_used_units;
        use->per_io[k] = issued > 0 ? used / issued : 0;
        use->consumed[k] = secs > 0 ? use->per_io[k] * done / secs : 0;
    }
}

static int poll_levels(void *arg, const struct sim_live *lv)
{
    struct poll_ctx *c = arg;
    if (lv->phase == SIM_LIVE_MEASURE && c->window_start < 0)
        c->window_start = lv->window_start_ns;
    fc_read_levels(c->f, c->f->level_b);
    if (lv->phase == SIM_LIVE_MEASURE && c->last.used_units)
        take_sample(c, lv, c->first.at < 0 ? &c->first : &c->last);
    int rc = fc_events_track(c->f->events, to_forecast(c, lv->now_ns),
                             c->f->level_b, c->pc->day, c->pc->index);
    if (rc < 0) {
        c->rc = rc;
        return SIM_LIVE_STOP;
    }
    return SIM_LIVE_CONTINUE;
}

static void lat_from_summary(const struct sim_lat_summary *s, struct fc_lat *l)
{
    *l = (struct fc_lat){ s->avg_us, s->min_us, s->p50_us, s->p90_us,
                          s->p99_us, s->p999_us, s->max_us };
}

static void lat_from_row(const struct sim_timeline_lat *s, struct fc_lat *l)
{
    *l = (struct fc_lat){ .avg_us = s->avg_us, .p50_us = s->p50_us, .p99_us = s->p99_us };
}

/* A database workload's point: each class's figures, the physical ones
   and the limit; ORION's figures stay 0 (their classes did not run). */
static void figures_of_classes(const struct sim_point_result *pr,
                               const struct sim_class_load *load,
                               struct fc_figures *fig)
{
    memset(fig, 0, sizeof *fig);
    fig->phys_iops = pr->phys_iops;
    fig->phys_mbps = pr->phys_mbps;
    fig->limited_by = pr->limited_by;
    fig->ios = sim_point_logical_ios(pr);
    fig->n_classes = pr->n_classes;
    fig->dropped_writes_per_s = pr->measured_s > 0
        ? (double)pr->fail_dropped_writes / pr->measured_s : 0;
    for (int c = 0; c < pr->n_classes && c < WL_MAX_CLASSES; c++) {
        struct fc_class_fig *k = &fig->cls[c];
        const struct sim_class_result *r = &pr->cls[c];
        bool open = load->rate_iops[c] > 0 && pr->open.on;
        k->iops = r->iops;
        k->mbps = r->mbps;
        k->write_mbps = r->lat.count > 0
            ? r->mbps * (double)r->lat_dir[SIM_WRITE].count / (double)r->lat.count : 0;
        k->offered = open ? pr->open.offered[c] : 0;
        k->unmet = open ? pr->open.unmet_frac[c] : 0;
        lat_from_summary(&pr->cls[c].lat, &k->lat);
    }
}

static void figures_from_result(const struct sim_point_result *pr,
                                struct fc_figures *fig)
{
    double secs = pr->measured_s > 0 ? pr->measured_s : 1;
    memset(fig, 0, sizeof *fig);
    fig->small_iops = pr->cls[WL_SMALL].iops;
    fig->large_mbps = pr->cls[WL_LARGE].mbps;
    fig->phys_iops = pr->phys_iops;
    fig->phys_mbps = pr->phys_mbps;
    for (int c = 0; c < WL_CLASSES; c++) {
        fig->class_mbps[c] = pr->cls[c].mbps;
        lat_from_summary(&pr->cls[c].lat, &fig->lat[c]);
        for (int d = 0; d < 2; d++) {
            fig->dir_rate[c][d] = (double)pr->cls[c].lat_dir[d].count / secs;
            lat_from_summary(&pr->cls[c].lat_dir[d], &fig->lat_dir[c][d]);
        }
    }
    fig->limited_by = pr->limited_by;
    fig->ios = sim_point_logical_ios(pr);
    fig->open = pr->open.on;
    fig->open_bound = pr->open.max_outstanding;
    for (int c = 0; fig->open && c < WL_CLASSES; c++) {
        fig->offered[c] = pr->open.target[c];
        fig->unmet[c] = pr->open.unmet_frac[c];
        fig->arrived[c] = pr->open.offered[c];
    }
}

static void figures_from_row(const struct sim_timeline_row *row, bool open,
                             struct fc_figures *fig)
{
    double secs = row->length_s > 0 ? row->length_s : 1;
    memset(fig, 0, sizeof *fig);
    fig->small_iops = row->small_iops;
    fig->large_mbps = row->large_mbps;
    fig->phys_iops = row->phys_iops;
    fig->phys_mbps = row->phys_mbps;
    for (int c = 0; c < WL_CLASSES; c++) {
        lat_from_row(&row->lat[c], &fig->lat[c]);
        for (int d = 0; d < 2; d++) {
            fig->dir_rate[c][d] = (double)row->lat_dir[c][d].count / secs;
            lat_from_row(&row->lat_dir[c][d], &fig->lat_dir[c][d]);
        }
    }
    fig->limited_by = row->limited_by;
    fig->open = open;
    for (int c = 0; open && c < WL_CLASSES; c++) {
        fig->offered[c] = row->offered[c];
        fig->unmet[c] = row->unmet_frac[c];
    }
}

/* The point's rows as segments from t_s to t_end_s, back to back. */
static int emit_rows(struct fc *f, const struct poll_ctx *c,
                     const struct sim_timeline *tl, const double *level0,
                     double t_end_s)
{
    size_t nb = (size_t)f->buckets;
    double *from = malloc((nb ? nb : 1) * 2 * sizeof *from);
    if (!from)
        return -ENOMEM;
    double *to = from + (nb ? nb : 1);
    memcpy(from, level0, nb * sizeof *from);
    double off = c->window_start >= 0 ? (double)(c->window_start - c->dev0) / 1e9 : 0;
    double t = c->t0_s;
    int rc = 0;
    for (size_t i = 0; tl && i < tl->n && rc == 0 && t < t_end_s; i++) {
        const struct sim_timeline_row *row = &tl->rows[i];
        double t1 = i + 1 == tl->n ? t_end_s
                  : fmin(t_end_s, c->t0_s + off + row->start_s + row->length_s);
        for (size_t k = 0; k < nb && (int)k < tl->buckets; k++)
            to[k] = tl->bucket_pct[i * (size_t)tl->buckets + k] / 100 *
                    f->bkt[k].size_units;
        struct fc_figures fig;
        figures_from_row(row, c->pc->is_open, &fig);
        struct fc_seg s = { .t0_s = t, .t1_s = t1,
                            .day = c->pc->day, .phase = c->pc->index,
                            .fig = &fig, .level0 = from, .level1 = to };
        if (t1 > t)
            rc = fc_emit(f, &s);
        memcpy(from, to, nb * sizeof *from);
        t = t1;
    }
    free(from);
    return rc;
}

int fc_stretch(struct fc *f, const struct fc_phase_ctx *pc,
               const struct fc_span *span, const struct fc_window *win,
               double *elapsed_s)
{
    double t_s = span->t_s;
    bool emit = !win;
    struct fc_use *use = win ? win->use : NULL;
    struct devset *ds = &f->parts->ds;
    size_t nb = (size_t)f->buckets, nb1 = nb ? nb : 1;
    double *level0 = malloc(nb1 * 3 * sizeof *level0);
    if (!level0)
        return -ENOMEM;
    struct poll_ctx c = { .f = f, .pc = pc, .t0_s = t_s, .dev0 = ds->ops->now(ds),
                          .window_start = -1,
                          .first = { .at = -1, .used_units = use ? level0 + nb1 : NULL },
                          .last = { .at = -1, .used_units = use ? level0 + 2 * nb1 : NULL } };
    struct sim_point_opts o = {
        .duration_ns = (sim_ns)llround(span->length_s * 1e9),
        .warmup_ns = (sim_ns)llround(span->warmup_s * 1e9),
        .stream_io = f->cfg->stream_io,
        .stop = f->cfg->stop,
        .live = poll_levels,
        .live_arg = &c,
        .live_every_ns = FC_POLL_NS,
        .interval_ns = emit ? f->cfg->interval_ns : 0,
        .open = pc->is_open && !pc->classes ? &pc->open : NULL,
    };
    fc_read_levels(f, level0);
    struct sim_point_result pr;
    memset(&pr, 0, sizeof pr);
    int rc = pc->classes ? sim_engine_run_classes(f->parts->engine, pc->classes, &o, &pr)
                         : sim_engine_run_point(f->parts->engine, pc->point, &o, &pr);
    if (rc < 0 || c.rc < 0) {
        free(level0);
        if (rc >= 0)
            sim_point_result_free(&pr);
        return rc < 0 ? rc : c.rc;
    }
    bool stopped = rc == 1;
    double off = c.window_start >= 0 ? (double)(c.window_start - c.dev0) / 1e9 : 0;
    double t_end = fmin(pc->end_s, t_s + off + pr.measured_s);
    fc_read_levels(f, NULL);
    rc = fc_events_track(f->events, t_end, f->level, pc->day, pc->index);
    f->res->simulated_s += t_end - t_s;
    if (rc == 0 && emit)
        rc = emit_rows(f, &c, pr.timeline, level0, t_end);
    if (rc == 0 && !emit && pc->classes)
        figures_of_classes(&pr, pc->classes, win->fig);
    else if (rc == 0 && !emit) {
        figures_from_result(&pr, win->fig);
        if (use)
            window_use(&c, win->fig, pr.measured_s, use);
    }
    *elapsed_s = t_end - t_s;
    sim_point_result_free(&pr);
    free(level0);
    if (rc < 0)
        return rc;
    return stopped ? 1 : 0;
}

/* Where the chunk that starts at t ends: the next edge of the interval
   grid (one a millisecond away counts as reached), or the phase's end. */
static double chunk_end(double t, double interval_s, double end_s)
{
    double edge = (floor(t / interval_s + 1e-9) + 1) * interval_s;
    if (edge - t < 1e-3)
        edge += interval_s;
    return fmin(edge, end_s);
}

/* The chunk from t: its span and the phase (its load) it runs, a
   failure's phase put in force first.  0, FC_FAIL_LOST, or -errno. */
static int chunk_at(struct fc *f, const struct fc_phase_ctx *pc, double t,
                    struct fc_phase_ctx *run, struct sim_class_load *buf,
                    struct fc_span *span)
{
    double end = chunk_end(t, (double)f->cfg->interval_ns / 1e9, pc->end_s);
    *run = *pc;
    if (f->fail) {
        int rc = fc_fail_enter(f, t);
        if (rc != 0)
            return rc;
        end = fc_fail_chunk_end(f, t, end, t <= pc->start_s);
        run->classes = fc_fail_load(f, pc->classes, buf);
    }
    *span = (struct fc_span){ t, end - t, 0 };
    return 0;
}

int fc_db_phase(struct fc *f, const struct fc_phase_ctx *pc)
{
    double t = pc->start_s;
    size_t nb = (size_t)(f->buckets > 0 ? f->buckets : 1);
    double *level0 = malloc(nb * sizeof *level0);
    if (!level0)
        return -ENOMEM;
    int rc = 0;
    while (rc == 0 && t < pc->end_s - 1e-9) {
        struct fc_figures fig;
        struct fc_phase_ctx run;
        struct sim_class_load load;
        struct fc_span span;
        double elapsed = 0;
        if ((rc = chunk_at(f, pc, t, &run, &load, &span)) != 0)
            break;
        fc_read_levels(f, level0);
        rc = fc_stretch(f, &run, &span, &(struct fc_window){ &fig, NULL }, &elapsed);
        if (rc < 0)
            break;
        struct fc_seg seg = { .t0_s = t, .t1_s = t + elapsed, .day = pc->day,
                              .phase = pc->index, .fig = &fig, .level0 = level0,
                              .level1 = f->level };
        if (f->fail)
            fc_fail_account(f, &fig, &seg);
        int e = elapsed > 0 ? fc_emit(f, &seg) : rc == 0 ? -EIO : 0;
        if (e < 0)
            rc = e;
        t += elapsed;
    }
    free(level0);
    return rc;
}
