/*
 * timeline.c - recording a point interval by interval.
 *
 * The engine's accumulator (struct sim_stats) only grows during the
 * measured window: counters and full latency histograms.  So the figures
 * of an interval are a difference of two snapshots of it, taken at the
 * interval's ends; nothing is added to the engine's per-I/O path.  The
 * recorder keeps one snapshot (the class histograms, about 80 KiB, and
 * the counters) and, at each tick, subtracts it from the accumulator into
 * one scratch histogram per class to read the interval's mean and
 * percentiles, then takes the accumulator as the next snapshot.
 *
 *   window start        tick             tick             close
 *       |---- row 0 -----|---- row 1 -----|--- row 2 ---|
 *       snapshot 0       snapshot 1       snapshot 2
 *
 * A row's rates are over the completions in it, in device time (virtual
 * for the model, the real clock for real devices).  Boundaries lie on the
 * grid window start + k x interval; a tick happens at the first reap past
 * one, so a row is a little longer or shorter than the interval (its real
 * length is recorded), and the rows never drift off the grid: a 24 h
 * point at 1 s has 86,400 of them, however sparse its I/O.  A reap that
 * jumps over several boundaries (a device idle that long) gives one long
 * row.  The binding limit comes from the backend's second
 * meter (dev_credit_ops.interval_limits), reset at each tick, which leaves the
 * point's own window meter alone; the buckets' levels (dev_credit_ops.buckets)
 * are read at each row's end.  Backends without them give "device" and no
 * bucket columns.
 *
 * Memory: rows are fixed-size and kept in a doubling array, with the
 * per-disk and per-bucket figures in flat arrays beside them, so a point
 * costs rows x (row + disks x 16 + buckets x 8) bytes: 86,400 rows of a
 * 24 h point at 1 s on 16 disks are under 40 MB.  The CLI bounds the
 * count (SIM_TIMELINE_MAX_ROWS).
 */
#include "sim/core/timeline.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MIN_LAST_ROW_FRAC 0.01      /* a shorter last row is dropped */

struct disk_snap {
    uint64_t ios, bytes;
};

struct sim_timeline_rec {
    sim_ns interval_ns;
    sim_ns window_start_ns;
    sim_ns last_ns;                 /* the current row began */
    sim_ns next_ns;                 /* the next boundary on the grid */
    struct sim_class_acc prev[WL_CLASSES][2];
    uint64_t prev_phys_ios, prev_phys_bytes;
    uint64_t prev_arrivals[WL_CLASSES], prev_arrival_bytes[WL_CLASSES];
    uint64_t prev_delayed[WL_CLASSES];
    struct disk_snap *prev_disk;    /* [disks] */
    struct hist scratch[2];         /* [enum sim_dir]: a row's deltas */
    int bucket_cap;
    struct dev_bucket *bucket_now;  /* [bucket_cap] */
    struct sim_timeline *tl;
};

static void take_snapshot(sim_timeline_rec *r, const struct sim_stats *s)
{
    memcpy(r->prev, s->cls, sizeof r->prev);
    r->prev_phys_ios = s->phys_ios;
    r->prev_phys_bytes = s->phys_bytes;
    memcpy(r->prev_arrivals, s->arrivals, sizeof r->prev_arrivals);
    memcpy(r->prev_arrival_bytes, s->arrival_bytes, sizeof r->prev_arrival_bytes);
    memcpy(r->prev_delayed, s->delayed, sizeof r->prev_delayed);
    for (int i = 0; i < s->disks; i++)
        r->prev_disk[i] = (struct disk_snap){ s->disk[i].ios, s->disk[i].bytes };
}

/* dst = a - b, for a histogram b that is an earlier state of a.  min and
   max stay a's: they bound the interval's values, which is all the
   quantile clamp needs. */
static void hist_delta(struct hist *dst, const struct hist *a, const struct hist *b)
{
    dst->count = a->count - b->count;
    dst->min_ns = a->min_ns;
    dst->max_ns = a->max_ns;
    dst->sum_ns = a->sum_ns - b->sum_ns;
    dst->sumsq_ns2 = a->sumsq_ns2 - b->sumsq_ns2;
    for (int i = 0; i < HIST_BUCKETS; i++)
        dst->bucket[i] = a->bucket[i] - b->bucket[i];
}

static void summarise(const struct hist *h, struct sim_timeline_lat *out)
{
    *out = (struct sim_timeline_lat){ .count = h->count };
    if (h->count == 0)
        return;
    out->avg_us = hist_mean_ns(h) / 1e3;
    out->p50_us = (double)hist_quantile_ns(h, 0.50) / 1e3;
    out->p99_us = (double)hist_quantile_ns(h, 0.99) / 1e3;
}

/* One class's latency in the row: each direction's delta, then both
   merged. */
static void class_latency(sim_timeline_rec *r, const struct sim_stats *s,
                          enum wl_class c, struct sim_timeline_row *row)
{
    struct hist *h = &r->scratch[SIM_READ], *w = &r->scratch[SIM_WRITE];
    hist_delta(h, &s->cls[c][SIM_READ].lat, &r->prev[c][SIM_READ].lat);
    hist_delta(w, &s->cls[c][SIM_WRITE].lat, &r->prev[c][SIM_WRITE].lat);
    summarise(h, &row->lat_dir[c][SIM_READ]);
    summarise(w, &row->lat_dir[c][SIM_WRITE]);
    hist_merge(h, w);
    summarise(h, &row->lat[c]);
}

static uint64_t class_delta_ios(const sim_timeline_rec *r, const struct sim_stats *s,
                                enum wl_class c)
{
    return s->cls[c][SIM_READ].ios + s->cls[c][SIM_WRITE].ios -
           r->prev[c][SIM_READ].ios - r->prev[c][SIM_WRITE].ios;
}

static uint64_t class_delta_bytes(const sim_timeline_rec *r, const struct sim_stats *s,
                                  enum wl_class c)
{
    return s->cls[c][SIM_READ].bytes + s->cls[c][SIM_WRITE].bytes -
           r->prev[c][SIM_READ].bytes - r->prev[c][SIM_WRITE].bytes;
}

/* Room for one more row in every array.  0 or -ENOMEM (nothing lost). */
static int grow(struct sim_timeline *tl)
{
    if (tl->n < tl->cap)
        return 0;
    size_t cap = tl->cap ? 2 * tl->cap : 64;
    struct sim_timeline_row *rows = realloc(tl->rows, cap * sizeof *rows);
    if (!rows)
        return -ENOMEM;
    tl->rows = rows;
    size_t per_disk = cap * (size_t)tl->disks;
    double *iops = realloc(tl->disk_iops, (per_disk ? per_disk : 1) * sizeof *iops);
    if (!iops)
        return -ENOMEM;
    tl->disk_iops = iops;
    double *mbps = realloc(tl->disk_mbps, (per_disk ? per_disk : 1) * sizeof *mbps);
    if (!mbps)
        return -ENOMEM;
    tl->disk_mbps = mbps;
    size_t per_bucket = cap * (size_t)tl->buckets;
    double *pct = realloc(tl->bucket_pct, (per_bucket ? per_bucket : 1) * sizeof *pct);
    if (!pct)
        return -ENOMEM;
    tl->bucket_pct = pct;
    tl->cap = cap;
    return 0;
}

static enum sim_limit interval_limit(struct devset *ds)
{
    if (!ds->ops->credit)
        return SIM_LIMIT_DEVICE;
    struct dev_limits lim;
    ds->ops->credit->interval_limits(ds, &lim, true);
    return dev_limits_binding(&lim);
}

/* Open loop: what arrived in the row against what completed, and the
   delayed I/Os (all 0 for a closed-loop point, which has no arrivals). */
static void fill_open(const sim_timeline_rec *r, const struct sim_stats *s,
                      double per_s, struct sim_timeline_row *row)
{
    row->offered[WL_SMALL] =
        (double)(s->arrivals[WL_SMALL] - r->prev_arrivals[WL_SMALL]) * per_s;
    row->offered[WL_LARGE] = (double)(s->arrival_bytes[WL_LARGE] -
                                      r->prev_arrival_bytes[WL_LARGE]) * per_s / 1e6;
    row->unmet_frac[WL_SMALL] = sim_open_unmet(row->offered[WL_SMALL], row->small_iops);
    row->unmet_frac[WL_LARGE] = sim_open_unmet(row->offered[WL_LARGE], row->large_mbps);
    for (int c = 0; c < WL_CLASSES; c++)
        row->delayed[c] = s->delayed[c] - r->prev_delayed[c];
}

static void fill_disks(sim_timeline_rec *r, const struct sim_stats *s,
                       double per_s, size_t row)
{
    struct sim_timeline *tl = r->tl;
    for (int i = 0; i < tl->disks; i++) {
        size_t k = row * (size_t)tl->disks + (size_t)i;
        tl->disk_iops[k] = (double)(s->disk[i].ios - r->prev_disk[i].ios) * per_s;
        tl->disk_mbps[k] = (double)(s->disk[i].bytes - r->prev_disk[i].bytes) * per_s / 1e6;
    }
}

static void fill_buckets(sim_timeline_rec *r, struct devset *ds, size_t row)
{
    struct sim_timeline *tl = r->tl;
    if (tl->buckets == 0)
        return;
    int n = ds->ops->credit->buckets(ds, r->bucket_now, r->bucket_cap);
    for (int b = 0; b < tl->buckets; b++)
        tl->bucket_pct[row * (size_t)tl->buckets + (size_t)b] =
            b < n ? 100.0 * r->bucket_now[b].level_frac : 0.0;
}

int sim_timeline_rec_tick(sim_timeline_rec *r, sim_ns now_ns,
                          const struct sim_stats *s, struct devset *ds)
{
    struct sim_timeline *tl = r->tl;
    int rc = grow(tl);
    if (rc < 0)
        return rc;
    double secs = (double)(now_ns - r->last_ns) / 1e9;
    double per_s = secs > 0 ? 1.0 / secs : 0.0;
    struct sim_timeline_row *row = &tl->rows[tl->n];
    *row = (struct sim_timeline_row){
        .start_s = (double)(r->last_ns - r->window_start_ns) / 1e9,
        .length_s = secs,
        .small_iops = (double)class_delta_ios(r, s, WL_SMALL) * per_s,
        .large_mbps = (double)class_delta_bytes(r, s, WL_LARGE) * per_s / 1e6,
        .phys_iops = (double)(s->phys_ios - r->prev_phys_ios) * per_s,
        .phys_mbps = (double)(s->phys_bytes - r->prev_phys_bytes) * per_s / 1e6,
        .limited_by = interval_limit(ds),
    };
    for (int c = 0; c < WL_CLASSES; c++)
        class_latency(r, s, (enum wl_class)c, row);
    fill_open(r, s, per_s, row);
    fill_disks(r, s, per_s, tl->n);
    fill_buckets(r, ds, tl->n);
    tl->n++;
    take_snapshot(r, s);
    r->last_ns = now_ns;
    r->next_ns = r->window_start_ns +
                 ((now_ns - r->window_start_ns) / r->interval_ns + 1) * r->interval_ns;
    return 0;
}

sim_ns sim_timeline_rec_next_ns(const sim_timeline_rec *r)
{
    return r->next_ns;
}

bool sim_timeline_rec_due(const sim_timeline_rec *r, sim_ns now_ns)
{
    return now_ns >= r->next_ns;
}

/* The buckets the backend has, as the timeline's columns. */
static int open_buckets(sim_timeline_rec *r, struct devset *ds)
{
    if (!ds->ops->credit)
        return 0;
    r->bucket_cap = ds->ops->credit->buckets(ds, NULL, 0);
    if (r->bucket_cap <= 0)
        return 0;
    r->bucket_now = calloc((size_t)r->bucket_cap, sizeof *r->bucket_now);
    r->tl->bucket = calloc((size_t)r->bucket_cap, sizeof *r->tl->bucket);
    if (!r->bucket_now || !r->tl->bucket)
        return -ENOMEM;
    r->tl->buckets = ds->ops->credit->buckets(ds, r->tl->bucket, r->bucket_cap);
    return 0;
}

int sim_timeline_rec_open(sim_ns interval_ns, sim_ns now_ns,
                          const struct sim_stats *s, struct devset *ds,
                          sim_timeline_rec **out)
{
    *out = NULL;
    if (interval_ns <= 0)
        return -EINVAL;
    sim_timeline_rec *r = calloc(1, sizeof *r);
    if (!r)
        return -ENOMEM;
    r->tl = calloc(1, sizeof *r->tl);
    r->prev_disk = calloc((size_t)s->disks + 1, sizeof *r->prev_disk);
    if (!r->tl || !r->prev_disk || open_buckets(r, ds) < 0) {
        sim_timeline_rec_free(r);
        return -ENOMEM;
    }
    r->tl->interval_s = (double)interval_ns / 1e9;
    r->tl->disks = s->disks;
    r->interval_ns = interval_ns;
    r->window_start_ns = r->last_ns = now_ns;
    r->next_ns = now_ns + interval_ns;
    take_snapshot(r, s);
    if (ds->ops->credit)
        ds->ops->credit->interval_limits(ds, NULL, true);
    *out = r;
    return 0;
}

int sim_timeline_rec_close(sim_timeline_rec *r, sim_ns now_ns,
                           const struct sim_stats *s, struct devset *ds,
                           struct sim_timeline **out)
{
    *out = NULL;
    int rc = 0;
    if ((double)(now_ns - r->last_ns) >= MIN_LAST_ROW_FRAC * (double)r->interval_ns)
        rc = sim_timeline_rec_tick(r, now_ns, s, ds);
    if (rc == 0) {
        *out = r->tl;
        r->tl = NULL;
    }
    sim_timeline_rec_free(r);
    return rc;
}

void sim_timeline_rec_free(sim_timeline_rec *r)
{
    if (!r)
        return;
    sim_timeline_free(r->tl);
    free(r->prev_disk);
    free(r->bucket_now);
    free(r);
}

void sim_timeline_free(struct sim_timeline *tl)
{
    if (!tl)
        return;
    free(tl->rows);
    free(tl->disk_iops);
    free(tl->disk_mbps);
    free(tl->bucket);
    free(tl->bucket_pct);
    free(tl);
}
