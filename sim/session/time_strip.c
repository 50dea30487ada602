/*
 * time_strip.c - throughput and latency over a whole session in bounded
 * memory.
 *
 * The dashboard's strip must span from the start of the session to now,
 * for a minute or for a week, in a fixed number of columns.  Columns are
 * slices of device time of one span each:
 *
 *     column k covers [start + k x col_s, start + (k + 1) x col_s)
 *
 * A sample goes into the column that holds its middle.  When that column
 * lies past the last of SIM_STRIP_COLS, the strip halves its resolution:
 * columns 2i and 2i+1 merge into column i and col_s doubles, which keeps
 * every boundary on the new grid (a merged column is exactly the union of
 * the two), so no sample is ever split or moved between columns.  After m
 * merges the strip holds a run of SIM_STRIP_COLS x col_s0 x 2^m seconds in
 * the same memory; the newest half is always free for what comes.
 *
 * What a column keeps merges exactly: device seconds covered, MB moved and
 * I/Os done add up, so rates are time-weighted means (MB / covered), and
 * the p99 shown is the highest sample p99 in the column (a p99 of a merged
 * span cannot be had from two p99s; the highest is what a DBA looks for).
 * Time without samples (warm-up, pauses, a rebuild) leaves columns with
 * covered_s = 0, drawn as gaps.
 *
 * sim_strip_cells() resamples the columns onto the w cells of the screen
 * between start and now, so the drawn strip always ends at the right edge
 * however few columns are in use.
 */
#include "sim/session/time_strip.h"

#include <math.h>
#include <string.h>

void sim_strip_init(struct sim_strip *st, double start_s, double col_s)
{
    memset(st, 0, sizeof *st);
    st->start_s = start_s;
    st->col_s = col_s > 0 ? col_s : 1.0;
}

static void col_merge(struct sim_strip_col *into, const struct sim_strip_col *a,
                      const struct sim_strip_col *b)
{
    struct sim_strip_col m = {
        .covered_s = a->covered_s + b->covered_s,
        .mb = a->mb + b->mb,
        .ios = a->ios + b->ios,
        .p99_max_us = a->p99_max_us > b->p99_max_us ? a->p99_max_us : b->p99_max_us,
    };
    *into = m;
}

/* Halve the resolution: columns 2i and 2i+1 become column i. */
static void halve(struct sim_strip *st)
{
    int n = (st->n + 1) / 2;
    static const struct sim_strip_col none;
    for (int i = 0; i < n; i++) {
        const struct sim_strip_col *b = 2 * i + 1 < st->n ? &st->col[2 * i + 1] : &none;
        col_merge(&st->col[i], &st->col[2 * i], b);
    }
    memset(&st->col[n], 0, (size_t)(SIM_STRIP_COLS - n) * sizeof st->col[0]);
    st->n = n;
    st->col_s *= 2;
}

void sim_strip_add(struct sim_strip *st, double end_s, double dt_s,
                   double mbps, double iops, double p99_us)
{
    double mid = end_s - dt_s / 2;
    if (!(dt_s > 0) || mid < st->start_s)
        return;
    long k = (long)floor((mid - st->start_s) / st->col_s);
    while (k >= SIM_STRIP_COLS) {
        halve(st);
        k = (long)floor((mid - st->start_s) / st->col_s);
    }
    struct sim_strip_col *c = &st->col[k];
    c->covered_s += dt_s;
    c->mb += mbps * dt_s;
    c->ios += iops * dt_s;
    if (p99_us > c->p99_max_us)
        c->p99_max_us = p99_us;
    if (k + 1 > st->n)
        st->n = (int)k + 1;
}

/* The columns [lo, hi] of st (clipped to those in use) as one. */
static struct sim_strip_col cols_sum(const struct sim_strip *st, long lo, long hi)
{
    struct sim_strip_col sum = { 0 };
    if (lo < 0)
        lo = 0;
    for (long k = lo; k <= hi && k < st->n; k++)
        col_merge(&sum, &sum, &st->col[k]);
    return sum;
}

void sim_strip_cells(const struct sim_strip *st, double now_s, int w,
                     double *mbps, double *iops, double *p99_us)
{
    double span = now_s - st->start_s;
    for (int i = 0; i < w; i++) {
        struct sim_strip_col c = { 0 };
        if (span > 0) {
            double a = (double)i * span / w, b = (double)(i + 1) * span / w;
            /* columns whose middle (k + 0.5) x col_s lies in [a, b) */
            long lo = (long)ceil(a / st->col_s - 0.5);
            long hi = (long)ceil(b / st->col_s - 0.5) - 1;
            if (lo > hi)
                lo = hi = (long)floor((a + b) / 2 / st->col_s);
            c = cols_sum(st, lo, hi);
        }
        bool have = c.covered_s > 0;
        if (mbps)
            mbps[i] = have ? c.mb / c.covered_s : NAN;
        if (iops)
            iops[i] = have ? c.ios / c.covered_s : NAN;
        if (p99_us)
            p99_us[i] = have ? c.p99_max_us : NAN;
    }
}
