/*
 * forecast_events.c - what happened, in words' order: buckets running dry,
 * earning again and filling up, and stretches of demand not served.
 *
 * Bucket events come from the levels' trajectory, sampled in time order
 * (the fast path samples at every segment end, where the levels move in
 * straight lines between; the exact path polls every 100 ms of device
 * time).  A bucket is in one of three states:
 *
 *     empty    level <= FC_EMPTY_FRAC of its size: its limit runs at base
 *     partial
 *     full     level >= 1 - FC_FULL_FRAC of it
 *
 * with hysteresis: an empty bucket counts as earning again only above
 * twice the empty share, a full one as drawn on only below 1 - twice the
 * full share, so that a level hovering at a threshold (a limit held at
 * its base rate earns and spends a few credits per admission) is not a
 * stream of events.  A change of state between two samples is dated where
 * the straight line between them crosses the threshold.
 *
 * Unmet demand comes from the finished rows: consecutive rows of the same
 * day and open-loop phase whose worst class is short of its demand by
 * more than SIM_FORECAST_UNMET_TOLERANCE make one event, with the share
 * unmet over the stretch and its worst interval's p99.
 */
#include "sim/model/forecast_internal.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct fc_events {
    int buckets;
    const struct dev_bucket *b;
    enum fc_bucket_state *state;    /* [buckets] */
    double *last_level;             /* [buckets] at last_t */
    double last_t;
    size_t n, cap;
    struct sim_fc_event *ev;
};

enum fc_bucket_state fc_bucket_state(const struct dev_bucket *b, double level,
                                     enum fc_bucket_state before)
{
    double size = b->size_units;
    double empty_at = FC_EMPTY_FRAC * size, full_at = (1 - FC_FULL_FRAC) * size;
    if (level <= empty_at)
        return FC_EMPTY;
    if (before == FC_EMPTY && level <= 2 * empty_at)
        return FC_EMPTY;
    if (level >= full_at)
        return FC_FULL;
    if (before == FC_FULL && level >= (1 - 2 * FC_FULL_FRAC) * size)
        return FC_FULL;
    return FC_PARTIAL;
}

int fc_events_create(int buckets, const struct dev_bucket *b,
                     const double *level_now, fc_events **out)
{
    fc_events *ev = calloc(1, sizeof *ev);
    size_t nb = (size_t)(buckets > 0 ? buckets : 1);
    if (!ev)
        return -ENOMEM;
    ev->state = calloc(nb, sizeof *ev->state);
    ev->last_level = calloc(nb, sizeof *ev->last_level);
    if (!ev->state || !ev->last_level) {
        fc_events_free(ev);
        return -ENOMEM;
    }
    ev->buckets = buckets;
    ev->b = b;
    for (int k = 0; k < buckets; k++) {
        ev->state[k] = fc_bucket_state(&b[k], level_now[k], FC_PARTIAL);
        ev->last_level[k] = level_now[k];
    }
    *out = ev;
    return 0;
}

void fc_events_free(fc_events *ev)
{
    if (!ev)
        return;
    free(ev->state);
    free(ev->last_level);
    free(ev->ev);
    free(ev);
}

static int push(fc_events *ev, const struct sim_fc_event *e)
{
    if (ev->n == ev->cap) {
        size_t cap = ev->cap ? 2 * ev->cap : 64;
        struct sim_fc_event *p = realloc(ev->ev, cap * sizeof *p);
        if (!p)
            return -ENOMEM;
        ev->ev = p;
        ev->cap = cap;
    }
    ev->ev[ev->n++] = *e;
    return 0;
}

/* Where the line from (t0, l0) to (t1, l1) reaches `level`. */
static double crossing(double t0, double l0, double t1, double l1, double level)
{
    if (l1 == l0)
        return t1;
    double x = (level - l0) / (l1 - l0);
    return t0 + (t1 - t0) * fmin(1, fmax(0, x));
}

static enum sim_fc_event_kind kind_of(enum fc_bucket_state to)
{
    return to == FC_EMPTY ? SIM_FC_BURST_EMPTY
         : to == FC_FULL ? SIM_FC_BURST_FULL : SIM_FC_BURST_AGAIN;
}

int fc_events_track(fc_events *ev, double t_s, const double *level, int day,
                    int phase)
{
    for (int k = 0; k < ev->buckets; k++) {
        enum fc_bucket_state was = ev->state[k];
        enum fc_bucket_state now = fc_bucket_state(&ev->b[k], level[k], was);
        double size = ev->b[k].size_units;
        double l0 = ev->last_level[k];
        ev->last_level[k] = level[k];
        if (now == was || (was == FC_FULL && now == FC_PARTIAL)) {
            ev->state[k] = now;
            continue;               /* drawing on a full bucket: no event */
        }
        double at = now == FC_EMPTY ? FC_EMPTY_FRAC * size
                  : now == FC_FULL ? (1 - FC_FULL_FRAC) * size
                                   : 2 * FC_EMPTY_FRAC * size;
        struct sim_fc_event e = {
            .kind = kind_of(now),
            .at_s = crossing(ev->last_t, l0, t_s, level[k], at),
            .day = day, .phase = phase, .bucket = k,
        };
        /* an empty bucket that fills up at once in one step: both */
        if (was == FC_EMPTY && now == FC_FULL) {
            struct sim_fc_event again = e;
            again.kind = SIM_FC_BURST_AGAIN;
            again.at_s = crossing(ev->last_t, l0, t_s, level[k], 2 * FC_EMPTY_FRAC * size);
            if (push(ev, &again) < 0)
                return -ENOMEM;
        }
        ev->state[k] = now;
        if (push(ev, &e) < 0)
            return -ENOMEM;
    }
    ev->last_t = t_s;
    return 0;
}

/* ---- unmet demand ---------------------------------------------------------- */

static double row_unmet(const struct sim_fc_row *r, int *cls)
{
    *cls = r->unmet_frac[WL_LARGE] > r->unmet_frac[WL_SMALL] ? WL_LARGE : WL_SMALL;
    return r->open ? r->unmet_frac[*cls] : 0;
}

/* The stretch of rows [i, j): its unmet share and worst p99. */
static int unmet_event(fc_events *ev, const struct sim_forecast_result *res,
                       size_t i, size_t j)
{
    double asked[WL_CLASSES] = { 0 }, got[WL_CLASSES] = { 0 };
    for (size_t k = i; k < j; k++)
        for (int c = 0; c < WL_CLASSES; c++) {
            const struct sim_fc_row *r = &res->rows[k];
            asked[c] += r->offered[c] * r->tl.length_s;
            got[c] += r->offered[c] * (1 - r->unmet_frac[c]) * r->tl.length_s;
        }
    int cls = WL_SMALL;
    double un[WL_CLASSES];
    for (int c = 0; c < WL_CLASSES; c++)
        un[c] = asked[c] > 0 ? 1 - got[c] / asked[c] : 0;
    if (un[WL_LARGE] > un[WL_SMALL])
        cls = WL_LARGE;
    /* reads, unless the class only wrote */
    int dir = SIM_READ;
    double p99 = 0;
    uint64_t reads = 0;
    for (size_t k = i; k < j; k++)
        reads += res->rows[k].tl.lat_dir[cls][SIM_READ].count;
    if (reads == 0)
        dir = SIM_WRITE;
    for (size_t k = i; k < j; k++)
        p99 = fmax(p99, res->rows[k].tl.lat_dir[cls][dir].p99_us);
    struct sim_fc_event e = {
        .kind = SIM_FC_UNMET,
        .at_s = res->rows[i].tl.start_s,
        .end_s = res->rows[j - 1].tl.start_s + res->rows[j - 1].tl.length_s,
        .day = res->rows[i].day, .phase = res->rows[i].phase, .bucket = -1,
        .unmet_frac = un[cls], .cls = (enum wl_class)cls, .p99_us = p99,
        .dir = (enum sim_dir)dir, .db_class = -1,
    };
    return push(ev, &e);
}

/* A database workload's row i: the share unmet of its class worst off
   (*cls). */
static double db_row_unmet(const struct sim_forecast_result *res, size_t i, int *cls)
{
    const struct sim_fc_class *k = res->row_cls + i * (size_t)res->n_classes;
    *cls = 0;
    for (int c = 1; c < res->n_classes; c++)
        if (k[c].unmet_frac > k[*cls].unmet_frac)
            *cls = c;
    return k[*cls].unmet_frac;
}

/* A database workload's stretch of rows [i, j): the class worst off over
   it, its unmet share and its worst p99. */
static int db_unmet_event(fc_events *ev, const struct sim_forecast_result *res,
                          size_t i, size_t j)
{
    size_t n = (size_t)res->n_classes;
    double asked[WL_MAX_CLASSES] = { 0 }, got[WL_MAX_CLASSES] = { 0 }, p99 = 0;
    int cls = 0;
    for (size_t k = i; k < j; k++)
        for (size_t c = 0; c < n; c++) {
            const struct sim_fc_class *x = &res->row_cls[k * n + c];
            asked[c] += x->offered_iops * res->rows[k].tl.length_s;
            got[c] += x->offered_iops * (1 - x->unmet_frac) * res->rows[k].tl.length_s;
        }
    double un[WL_MAX_CLASSES];
    for (size_t c = 0; c < n; c++) {
        un[c] = asked[c] > 0 ? 1 - got[c] / asked[c] : 0;
        cls = un[c] > un[cls] ? (int)c : cls;
    }
    for (size_t k = i; k < j; k++)
        p99 = fmax(p99, res->row_cls[k * n + (size_t)cls].p99_us);
    struct sim_fc_event e = {
        .kind = SIM_FC_UNMET, .at_s = res->rows[i].tl.start_s,
        .end_s = res->rows[j - 1].tl.start_s + res->rows[j - 1].tl.length_s,
        .day = res->rows[i].day, .phase = res->rows[i].phase, .bucket = -1,
        .unmet_frac = un[cls], .p99_us = p99, .db_class = cls,
    };
    return push(ev, &e);
}

static double any_row_unmet(const struct sim_forecast_result *res, size_t i)
{
    int cls;
    return res->n_classes > 0 ? db_row_unmet(res, i, &cls)
                              : row_unmet(&res->rows[i], &cls);
}

static int unmet_events(fc_events *ev, const struct sim_forecast_result *res)
{
    size_t i = 0;
    while (i < res->n_rows) {
        if (!(any_row_unmet(res, i) > SIM_FORECAST_UNMET_TOLERANCE)) {
            i++;
            continue;
        }
        size_t j = i + 1;
        while (j < res->n_rows && res->rows[j].day == res->rows[i].day &&
               res->rows[j].phase == res->rows[i].phase &&
               any_row_unmet(res, j) > SIM_FORECAST_UNMET_TOLERANCE)
            j++;
        int rc = res->n_classes > 0 ? db_unmet_event(ev, res, i, j)
                                    : unmet_event(ev, res, i, j);
        if (rc < 0)
            return -ENOMEM;
        i = j;
    }
    return 0;
}

static int by_time(const void *a, const void *b)
{
    const struct sim_fc_event *x = a, *y = b;
    if (x->at_s != y->at_s)
        return x->at_s < y->at_s ? -1 : 1;
    if (x->bucket != y->bucket)
        return x->bucket < y->bucket ? -1 : 1;
    return (int)x->kind - (int)y->kind;
}

int fc_events_finish(fc_events *ev, struct sim_forecast_result *res)
{
    int rc = unmet_events(ev, res);
    if (rc == 0) {
        if (ev->n > 1)
            qsort(ev->ev, ev->n, sizeof *ev->ev, by_time);
        res->events = ev->ev;
        res->n_events = ev->n;
        ev->ev = NULL;
    }
    fc_events_free(ev);
    return rc;
}
