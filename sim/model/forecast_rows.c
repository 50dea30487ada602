/*
 * forecast_rows.c - the forecast's segments laid on the interval grid.
 *
 * Row k covers [k x interval, (k + 1) x interval) of forecast time.  A
 * segment (constant figures over [t0, t1)) adds to every row it overlaps
 * its rates times the overlap; a row's rate is that sum over its length.
 * Where several segments share a row (a phase boundary, a bucket running
 * dry inside the interval) its latency is that of the mixture of theirs:
 *
 *     F_row(x) = sum_k w_k F_k(x) / sum_k w_k,    w_k = I/Os of part k
 *
 * where F_k, a segment's distribution, is known only at a few quantiles
 * (min, p50, p90, p99, p99.9, max, whatever the engine reported) and taken
 * as piecewise linear between them; the row's p50 and p99 solve
 * F_row(x) = q by bisection, its mean is the weighted mean.  With one
 * part, the row's quantiles are that part's own.  The binding limit and
 * the phase of a row are those of the part that covers most of it.  The
 * buckets' levels at a row's end are read off the segment holding it.
 * A segment with a queue (the fast path's overloaded open loop,
 * forecast_fluid.c "The queue") gives each part its own latency: the
 * wait of the queue over the part, on top of the least the segment
 * measured.
 *
 * A database workload's segments carry figures per class (fc_figures.cls):
 * each row keeps them too (n_classes of them beside the row, in the
 * result's row_cls), rates and offers time-weighted as above, the p99 that
 * of the mixture of the parts' distributions of that class.
 *
 * A failure's phase changes (forecast_fail.c) cut the open row where
 * they fall (fc_rows_cut): the next row starts there and ends at the
 * grid's next edge, so each row is one failure phase, and its copies'
 * write rate (the data moved) is that phase's alone.
 *
 * The limit a row names, with burst credits read as the limit of its
 * emptiest bucket (fc_row_limit), and the one named longest over rows
 * (fc_longest_limit) serve a phase of the day (forecast.c) and a
 * failure's phase (forecast_fail.c) alike; they live here, below both,
 * so neither calls back into the other.
 *
 * Memory: one accumulator (at most FC_ROW_PARTS parts; a row with more
 * keeps the first ones' latency, a rare case: more events in one interval
 * than that) and the finished rows in doubling arrays.
 */
#include "sim/model/forecast_internal.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FC_ROW_PARTS 16
#define MIN_LAST_ROW_FRAC 0.01

struct row_part {
    double dt_s;
    int day, phase, fail_phase;
    struct fc_figures fig;
};

struct fc_rows {
    double interval_s;
    int buckets;
    const struct dev_bucket *b;
    size_t k;                       /* the open row's index */
    double start_s;                 /* ... its start: k x interval, or
                                       where a cut left it */
    double covered_s;               /* of the open row */
    int n_parts;
    struct row_part part[FC_ROW_PARTS];
    double sum[5];                  /* small, large, phys iops, phys mbps,
                                       copy mbps x s */
    double offered_s[WL_CLASSES];   /* offered x s (open parts) */
    double delivered_open_s[WL_CLASSES];
    double open_s;
    double *end_level;              /* [buckets] at the open row's end */
    size_t n, cap;
    struct sim_fc_row *rows;
    double *pct;                    /* [cap * buckets] */
    int n_classes;                  /* a database workload's; 0: ORION */
    struct sim_fc_class *cls;       /* [cap * n_classes] */
    struct fc_cls_sums cls_sum[WL_MAX_CLASSES];     /* the open row's */
};

int fc_rows_create(double interval_s, int buckets, const struct dev_bucket *b,
                   int n_classes, fc_rows **out)
{
    fc_rows *r = calloc(1, sizeof *r);
    if (!r)
        return -ENOMEM;
    r->n_classes = n_classes;
    r->interval_s = interval_s;
    r->buckets = buckets;
    r->b = b;
    r->end_level = calloc((size_t)(buckets > 0 ? buckets : 1), sizeof(double));
    if (!r->end_level) {
        free(r);
        return -ENOMEM;
    }
    *out = r;
    return 0;
}

void fc_rows_free(fc_rows *r)
{
    if (!r)
        return;
    free(r->end_level);
    free(r->rows);
    free(r->pct);
    free(r->cls);
    free(r);
}

/* ---- latency of a mixture ------------------------------------------------- */

/* The distribution's CDF at x, linear between its known quantiles. */
static double lat_cdf(const struct fc_lat *l, double x)
{
    double max = l->max_us > 0 ? l->max_us : 2 * (l->p99_us > 0 ? l->p99_us : l->p50_us);
    const double v[] = { l->min_us, l->p50_us, l->p90_us, l->p99_us, l->p999_us, max };
    const double p[] = { 0, 0.5, 0.9, 0.99, 0.999, 1 };
    double px = 0, vx = 0;              /* the last known point */
    for (int i = 0; i < 6; i++) {
        if (!(v[i] > 0) || v[i] < vx)
            continue;
        if (x < v[i])
            return v[i] > vx ? px + (p[i] - px) * (x - vx) / (v[i] - vx) : px;
        px = p[i];
        vx = v[i];
    }
    return 1.0;
}

double fc_lat_mix_quantile(const struct fc_lat *parts, const double *w, int n,
                           double q)
{
    double total = 0, hi = 0;
    for (int k = 0; k < n; k++) {
        if (!(w[k] > 0))
            continue;
        total += w[k];
        double top = parts[k].max_us > 0 ? parts[k].max_us : 2 * parts[k].p99_us;
        if (top > hi)
            hi = top;
    }
    if (!(total > 0) || !(hi > 0))
        return 0;
    double lo = 0;
    for (int it = 0; it < 60; it++) {
        double mid = 0.5 * (lo + hi), f = 0;
        for (int k = 0; k < n; k++)
            if (w[k] > 0)
                f += w[k] * lat_cdf(&parts[k], mid);
        if (f / total < q)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

/* One class (dir < 0: both directions) of the open row's parts. */
static struct sim_timeline_lat row_lat(const fc_rows *r, int cls, int dir)
{
    struct fc_lat parts[FC_ROW_PARTS];
    double w[FC_ROW_PARTS], wsum = 0, avg = 0;
    for (int k = 0; k < r->n_parts; k++) {
        const struct fc_figures *f = &r->part[k].fig;
        double rate = dir < 0 ? f->dir_rate[cls][0] + f->dir_rate[cls][1]
                              : f->dir_rate[cls][dir];
        parts[k] = dir < 0 ? f->lat[cls] : f->lat_dir[cls][dir];
        w[k] = rate * r->part[k].dt_s;
        wsum += w[k];
        avg += w[k] * parts[k].avg_us;
    }
    struct sim_timeline_lat out = { 0 };
    if (!(wsum > 0))
        return out;
    out.count = (uint64_t)llround(wsum);
    out.avg_us = avg / wsum;
    out.p50_us = fc_lat_mix_quantile(parts, w, r->n_parts, 0.50);
    out.p99_us = fc_lat_mix_quantile(parts, w, r->n_parts, 0.99);
    return out;
}

/* ---- the open row ----------------------------------------------------------- */

static int grow(fc_rows *r)
{
    if (r->n < r->cap)
        return 0;
    size_t cap = r->cap ? 2 * r->cap : 1024;
    struct sim_fc_row *rows = realloc(r->rows, cap * sizeof *rows);
    if (!rows)
        return -ENOMEM;
    r->rows = rows;
    size_t nb = (size_t)(r->buckets > 0 ? r->buckets : 1);
    double *pct = realloc(r->pct, cap * nb * sizeof *pct);
    if (!pct)
        return -ENOMEM;
    r->pct = pct;
    if (r->n_classes > 0) {
        struct sim_fc_class *cls = realloc(r->cls, cap * (size_t)r->n_classes * sizeof *cls);
        if (!cls)
            return -ENOMEM;
        r->cls = cls;
    }
    r->cap = cap;
    return 0;
}

/* Class c's p99 over the open row's parts: the mixture of theirs, each
   weighing the I/O it completed. */
static double row_class_p99(const fc_rows *r, int c)
{
    struct fc_lat parts[FC_ROW_PARTS];
    double w[FC_ROW_PARTS];
    for (int k = 0; k < r->n_parts; k++) {
        parts[k] = r->part[k].fig.cls[c].lat;
        w[k] = r->part[k].fig.cls[c].iops * r->part[k].dt_s;
    }
    return fc_lat_mix_quantile(parts, w, r->n_parts, 0.99);
}

/* The open row's classes (of length len) into row n's. */
static void close_row_classes(fc_rows *r, double len)
{
    for (int c = 0; c < r->n_classes; c++) {
        const struct fc_cls_sums *sum = &r->cls_sum[c];
        struct sim_fc_class *k = &r->cls[r->n * (size_t)r->n_classes + (size_t)c];
        *k = (struct sim_fc_class){
            .iops = sum->ios / len, .mbps = sum->mb / len,
            .offered_iops = sum->offered / len,
            .unmet_frac = sum->offered > 0 ? fmax(0, 1 - sum->served / sum->offered) : 0,
            .p99_us = row_class_p99(r, c),
        };
    }
    memset(r->cls_sum, 0, sizeof r->cls_sum);
}

/* The part covering most of the row: its limit, phase and day. */
static const struct row_part *main_part(const fc_rows *r)
{
    const struct row_part *best = &r->part[0];
    for (int k = 1; k < r->n_parts; k++)
        if (r->part[k].dt_s > best->dt_s)
            best = &r->part[k];
    return best;
}

static int close_row(fc_rows *r)
{
    if (!(r->covered_s > 0))
        return 0;
    if (grow(r) < 0)
        return -ENOMEM;
    struct sim_fc_row *row = &r->rows[r->n];
    memset(row, 0, sizeof *row);
    double len = r->covered_s;
    row->tl.start_s = r->start_s;
    row->tl.length_s = len;
    row->tl.small_iops = r->sum[0] / len;
    row->tl.large_mbps = r->sum[1] / len;
    row->tl.phys_iops = r->sum[2] / len;
    row->tl.phys_mbps = r->sum[3] / len;
    row->copy_mbps = r->sum[4] / len;
    for (int c = 0; c < WL_CLASSES; c++) {
        row->tl.lat[c] = row_lat(r, c, -1);
        for (int d = 0; d < 2; d++)
            row->tl.lat_dir[c][d] = row_lat(r, c, d);
    }
    const struct row_part *m = main_part(r);
    row->tl.limited_by = m->fig.limited_by;
    row->day = m->day;
    row->phase = m->phase;
    row->fail_phase = m->fail_phase;
    row->open = r->open_s > 0;
    for (int c = 0; c < WL_CLASSES; c++) {
        if (!(r->open_s > 0))
            break;
        row->offered[c] = r->offered_s[c] / r->open_s;
        double asked = r->offered_s[c];
        row->unmet_frac[c] = asked > 0 ? fmax(0, 1 - r->delivered_open_s[c] / asked) : 0;
    }
    close_row_classes(r, len);
    for (int b = 0; b < r->buckets; b++) {
        double size = r->b[b].size_units;
        r->pct[r->n * (size_t)r->buckets + (size_t)b] =
            size > 0 ? 100 * fmin(1, fmax(0, r->end_level[b] / size)) : 0;
    }
    r->n++;
    r->start_s += len;
    r->covered_s = 0;
    r->n_parts = 0;
    memset(r->sum, 0, sizeof r->sum);
    memset(r->offered_s, 0, sizeof r->offered_s);
    memset(r->delivered_open_s, 0, sizeof r->delivered_open_s);
    r->open_s = 0;
    return 0;
}

/* The latency of I/O that completed behind a queue whose wait grew from
   wa_us to wb_us over the part (first in, first out: a completion waited
   what the queue it completed behind holds over the arrival rate, so the
   waits spread evenly between the two), on top of the least the window
   measured (the service itself; 0 where the figures come from the
   engine's rows, which report no minimum).  It replaces the window's figures: those
   are of a queue that grew from nothing over the window, and would hold
   every part of it at the window's own mean wait. */
static void queue_wait(struct fc_lat *l, double wa_us, double wb_us)
{
    double span = wb_us - wa_us, base = wa_us + l->min_us;
    *l = (struct fc_lat){
        .avg_us = base + 0.5 * span, .min_us = base,
        .p50_us = base + 0.50 * span, .p90_us = base + 0.90 * span,
        .p99_us = base + 0.99 * span, .p999_us = base + 0.999 * span,
        .max_us = base + span,
    };
}

/* Part [a, b) of segment s with the wait of its queue, if it has one. */
static void part_queue(const struct fc_seg *s, double a, double b, struct fc_figures *f)
{
    if (!(s->arrivals_per_s > 0))
        return;
    double us_per_io = 1e6 / s->arrivals_per_s;
    double wa = (s->queued0 + s->queue_growth * (a - s->t0_s)) * us_per_io;
    double wb = (s->queued0 + s->queue_growth * (b - s->t0_s)) * us_per_io;
    for (int c = 0; c < WL_CLASSES; c++) {
        if (f->dir_rate[c][0] + f->dir_rate[c][1] > 0)
            queue_wait(&f->lat[c], wa, wb);
        for (int d = 0; d < 2; d++)
            if (f->dir_rate[c][d] > 0)
                queue_wait(&f->lat_dir[c][d], wa, wb);
    }
}

/* Add [a, b) of segment s to the open row. */
static void add_part(fc_rows *r, const struct fc_seg *s, double a, double b)
{
    const struct fc_figures *f = s->fig;
    double dt = b - a;
    r->covered_s += dt;
    r->sum[0] += f->small_iops * dt;
    r->sum[1] += f->large_mbps * dt;
    r->sum[2] += f->phys_iops * dt;
    r->sum[3] += f->phys_mbps * dt;
    r->sum[4] += f->copy_mbps * dt;
    if (f->open) {
        r->open_s += dt;
        for (int c = 0; c < WL_CLASSES; c++) {
            r->offered_s[c] += f->offered[c] * dt;
            r->delivered_open_s[c] += f->offered[c] * (1 - f->unmet[c]) * dt;
        }
    }
    for (int c = 0; c < f->n_classes && c < r->n_classes; c++) {
        const struct fc_class_fig *k = &f->cls[c];
        r->cls_sum[c].ios += k->iops * dt;
        r->cls_sum[c].mb += k->mbps * dt;
        r->cls_sum[c].offered += k->offered * dt;
        r->cls_sum[c].served += k->offered * (1 - k->unmet) * dt;
    }
    if (r->n_parts < FC_ROW_PARTS) {
        struct row_part *p = &r->part[r->n_parts++];
        *p = (struct row_part){ dt, s->day, s->phase, s->fail_phase, *f };
        part_queue(s, a, b, &p->fig);
    }
    double span = s->t1_s - s->t0_s;
    double x = span > 0 ? (b - s->t0_s) / span : 1;
    for (int k = 0; k < r->buckets; k++)
        r->end_level[k] = s->level0[k] + (s->level1[k] - s->level0[k]) * x;
}

int fc_rows_add(fc_rows *r, const struct fc_seg *s)
{
    double t = s->t0_s;
    while (t < s->t1_s) {
        double row_end = (double)(r->k + 1) * r->interval_s;
        double b = s->t1_s < row_end ? s->t1_s : row_end;
        if (b > t)
            add_part(r, s, t, b);
        if (b < row_end - 1e-9)
            break;
        if (close_row(r) < 0)
            return -ENOMEM;
        r->k++;
        r->start_s = row_end;
        t = b;
    }
    return 0;
}

int fc_rows_cut(fc_rows *r)
{
    return r->covered_s > 0 ? close_row(r) : 0;
}

int fc_rows_finish(fc_rows *r, struct sim_forecast_result *res)
{
    int rc = 0;
    if (r->covered_s >= MIN_LAST_ROW_FRAC * r->interval_s && r->n_parts > 0)
        rc = close_row(r);
    if (rc == 0) {
        res->interval_s = r->interval_s;
        res->n_rows = r->n;
        res->rows = r->rows;
        res->bucket_pct = r->pct;
        res->row_cls = r->cls;
        r->rows = NULL;
        r->pct = NULL;
        r->cls = NULL;
    }
    fc_rows_free(r);
    return rc;
}

/* ---- the limit rows name ------------------------------------------------- */

enum sim_limit fc_longest_limit(const double *w)
{
    int best = SIM_LIMIT_OFFERED_LOAD;
    for (int l = 0; l < SIM_LIMITS; l++)
        if (w[l] > w[best])
            best = l;
    return (enum sim_limit)best;
}

enum sim_limit fc_row_limit(const struct sim_forecast_result *res, size_t i)
{
    enum sim_limit l = res->rows[i].tl.limited_by;
    if (l != SIM_LIMIT_BURST_CREDITS || res->buckets == 0)
        return l;
    const double *pct = res->bucket_pct + i * (size_t)res->buckets;
    int low = 0;
    for (int k = 1; k < res->buckets; k++)
        if (pct[k] < pct[low])
            low = k;
    return res->bucket[low].limit;
}
