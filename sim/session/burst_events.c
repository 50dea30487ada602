/*
 * burst_events.c - what happens to burst buckets and limits over time.
 *
 * Burst credits are what surprise a DBA on the cloud: a gp2 volume or an
 * m5.large looks fine for half an hour and then drops to its baseline.
 * The dashboard says so when it happens, in the words a DBA would use.
 * This module turns readings (every bucket's level, the binding limit)
 * into events:
 *
 *   EMPTY     a bucket fell to BURST_EMPTY_FRAC: its limit drops from the
 *             burst rate to the base rate.  Once empty it stays so until
 *             it rises above BURST_RELEASE_FRAC, so a bucket that hovers
 *             at empty (every credit earned at once spent) reports once;
 *   REFILLED  a bucket that had emptied reached BURST_FULL_FRAC again;
 *   LIMIT     the binding limit changed and held BURST_LIMIT_HOLD
 *             readings in a row (a limit near its threshold flickers).
 *
 * A bucket is known by (limit, disk); one not seen before, and every
 * bucket after burst_detector_rebase(), is a baseline that reports
 * nothing.  The words are the forecast's (sim/report/report_forecast.c):
 * its sentences, and its very functions for rates and units, so the
 * dashboard and `asmsim forecast` say an event alike.
 */
#include "sim/session/burst_events.h"

#include "sim/report/report_forecast.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void burst_detector_init(struct burst_detector *d)
{
    memset(d, 0, sizeof *d);
}

void burst_detector_rebase(struct burst_detector *d)
{
    d->n = 0;
    burst_detector_new_load(d);
}

void burst_detector_new_load(struct burst_detector *d)
{
    d->binding_known = false;
    d->candidate_seen = 0;
}

/* The detector's slot for (limit, disk), a new one (*fresh) if none. */
static int slot_of(struct burst_detector *d, const struct burst_reading *r, bool *fresh)
{
    *fresh = false;
    for (int i = 0; i < d->n; i++)
        if (d->b[i].limit == r->limit && d->b[i].disk == r->disk)
            return i;
    if (d->n == BURST_MAX_BUCKETS)
        return -1;
    *fresh = true;
    d->b[d->n].limit = r->limit;
    d->b[d->n].disk = r->disk;
    return d->n++;
}

static bool emit(struct burst_event *out, int max, int *k, struct burst_event e)
{
    if (*k >= max)
        return false;
    out[(*k)++] = e;
    return true;
}

/* One bucket's reading; an event into out when it made one. */
static void bucket_step(struct burst_detector *d, double t_s, const struct burst_reading *r,
                        struct burst_event *out, int max, int *k)
{
    bool fresh;
    int i = slot_of(d, r, &fresh);
    if (i < 0)
        return;
    bool empty_now = r->level_frac <= BURST_EMPTY_FRAC;
    bool full_now = r->level_frac >= BURST_FULL_FRAC;
    struct burst_event e = { .t_s = t_s, .limit = r->limit, .disk = r->disk,
                             .burst_rate = r->burst_rate, .base_rate = r->base_rate };
    if (fresh) {
        d->b[i].empty = d->b[i].was_empty = empty_now;
        return;
    }
    if (empty_now && !d->b[i].empty) {
        e.kind = BURST_EV_EMPTY;
        emit(out, max, k, e);
        d->b[i].empty = d->b[i].was_empty = true;
    } else if (d->b[i].empty && r->level_frac > BURST_RELEASE_FRAC) {
        d->b[i].empty = false;
    }
    if (full_now && d->b[i].was_empty) {
        e.kind = BURST_EV_REFILLED;
        emit(out, max, k, e);
        d->b[i].was_empty = d->b[i].empty = false;
    }
}

/* The binding limit's reading; an event when a new one has held. */
static void limit_step(struct burst_detector *d, double t_s, enum sim_limit binding,
                       struct burst_event *out, int max, int *k)
{
    if (binding == BURST_NO_LIMIT)
        return;
    if (!d->binding_known) {
        d->binding_known = true;
        d->binding = binding;
        d->candidate_seen = 0;
        return;
    }
    if (binding == d->binding) {
        d->candidate_seen = 0;
        return;
    }
    if (d->candidate_seen == 0 || binding != d->candidate) {
        d->candidate = binding;
        d->candidate_seen = 0;
    }
    if (++d->candidate_seen < BURST_LIMIT_HOLD)
        return;
    struct burst_event e = { .kind = BURST_EV_LIMIT, .t_s = t_s, .limit = binding,
                             .from = d->binding, .disk = -1 };
    emit(out, max, k, e);
    d->binding = binding;
    d->candidate_seen = 0;
}

int burst_detector_step(struct burst_detector *d, double t_s,
                        const struct burst_reading *r, int n,
                        enum sim_limit binding, struct burst_event *out, int max)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        bucket_step(d, t_s, &r[i], out, max, &k);
    limit_step(d, t_s, binding, out, max, &k);
    return k;
}

/* ---- in words ------------------------------------------------------------ */

void burst_rate_text(double v, char *buf, size_t len)
{
    report_fc_rate_text(v, buf, len);
}

const char *burst_unit(enum sim_limit l, double *per)
{
    struct dev_bucket b = { .limit = l };
    return report_fc_bucket_unit(&b, per);
}

void burst_clock_text(double t_s, char *buf, size_t len)
{
    long t = t_s > 0 ? (long)(t_s + 0.5) : 0;
    snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
}

void burst_event_text(const struct burst_event *e, const char *instance,
                      char *buf, size_t len)
{
    char burst[48], base[48];
    double per;
    const char *unit = burst_unit(e->limit, &per);
    burst_rate_text(e->burst_rate, burst, sizeof burst);
    burst_rate_text(e->base_rate, base, sizeof base);
    char who[64];
    if (e->disk < 0)
        snprintf(who, sizeof who, "instance%s%s", instance && instance[0] ? " " : "",
                 instance ? instance : "");
    else
        snprintf(who, sizeof who, "DATA_%04d", e->disk);
    switch (e->kind) {
    case BURST_EV_LIMIT:
        snprintf(buf, len, "binding limit: %s -> %s", sim_limit_label(e->from),
                 sim_limit_label(e->limit));
        return;
    case BURST_EV_EMPTY:
        if (e->disk < 0)
            snprintf(buf, len, "%s burst spent: %s limit %s -> %s", who, unit, burst, base);
        else
            snprintf(buf, len, "%s burst credits empty: %s -> %s %s", who, burst, base, unit);
        return;
    case BURST_EV_REFILLED:
        snprintf(buf, len, "%s %s burst credits full again", who, unit);
        return;
    }
    snprintf(buf, len, "?");
}

void burst_duration_text(double s, char *buf, size_t len)
{
    long t = s > 0 ? (long)(s + 0.5) : 0;
    if (t < 60)
        snprintf(buf, len, "%ld s", t);
    else if (t < 3600)
        snprintf(buf, len, "%ld min", (t + 30) / 60);
    else if (t < 86400) {
        long m = (t + 30) / 60;
        snprintf(buf, len, m % 60 ? "%ld h %ld min" : "%ld h", m / 60, m % 60);
    } else {
        long h = (t + 1800) / 3600;
        snprintf(buf, len, h % 24 ? "%ld d %ld h" : "%ld d", h / 24, h % 24);
    }
}

void burst_outlook_text(double level_frac, double rate_frac_per_s, char *buf,
                        size_t len)
{
    char span[48];
    bool empty = level_frac <= BURST_EMPTY_FRAC, full = level_frac >= BURST_FULL_FRAC;
    double to_empty = rate_frac_per_s < 0 ? level_frac / -rate_frac_per_s : INFINITY;
    double to_full = rate_frac_per_s > 0 ? (1 - level_frac) / rate_frac_per_s : INFINITY;
    if (full && !(to_empty <= BURST_OUTLOOK_MAX_S)) {
        snprintf(buf, len, "full");
    } else if (!empty && to_empty <= BURST_OUTLOOK_MAX_S) {
        burst_duration_text(to_empty, span, sizeof span);
        snprintf(buf, len, "empties in %s", span);
    } else if (!full && to_full <= BURST_OUTLOOK_MAX_S) {
        burst_duration_text(to_full, span, sizeof span);
        snprintf(buf, len, "refilling, full in %s", span);
    } else if (empty) {
        snprintf(buf, len, "empty: at the base rate");
    } else {
        snprintf(buf, len, "steady");
    }
}
