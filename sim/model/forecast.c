/*
 * forecast.c - the forecast's driver: days of the schedule, one after the
 * other, on one set of devices.
 *
 * Day d's phase i runs over [d x day + start_i, d x day + start_i +
 * length_i) of forecast time, with its load (open-loop rates or
 * closed-loop levels, its write shares) set on the engine and the
 * workload, carried out fast (forecast_fluid.c) or per I/O
 * (forecast_exact.c); idle phases, and any phase whose load is zero
 * (wl_phase_has_load: the engine refuses a point with nothing to run),
 * only let the buckets earn.  Nothing is
 * reset between phases or days: the buckets carry what the last phase
 * left, as one instance's volumes do.  (Only the engine's pipeline
 * restarts with each phase: the I/O in flight at a phase's end completes
 * first, which is a few milliseconds of device time.)
 *
 * Steady state: before each day the levels of every bucket are noted; a
 * day that starts within SIM_FORECAST_STEADY_FRAC of each bucket's size
 * of where the day before started repeats it, so with automatic days the
 * forecast stops there ("steady after N days": N days were simulated)
 * and otherwise after sim_forecast_auto_days().  --repeat runs its days
 * whatever, and still says when the levels settled.
 *
 * The verdict: a phase is served when no class of its open-loop demand
 * went unmet by more than SIM_FORECAST_UNMET_TOLERANCE over the phase
 * (closed-loop and idle phases ask for no rate, and are); the schedule
 * is served when every phase of every day is, and the first that is not
 * is named.  Each phase also names the limit that bound it: the one its
 * rows name for the longest time, of the rows that left demand unmet
 * when it was not served, a row bound by "burst credits" counting for
 * its emptiest bucket's limit (then at its base rate).
 */
#include "sim/model/forecast_internal.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sim_forecast_levels(const struct wl_schedule *s, int *max_small,
                         int *max_large)
{
    *max_small = *max_large = 1;
    for (int i = 0; i < s->n; i++) {
        const struct wl_phase *p = &s->phase[i];
        if (p->kind != WL_PHASE_CLOSED)
            continue;
        if (p->num_small > *max_small)
            *max_small = p->num_small;
        if (p->num_large > *max_large)
            *max_large = p->num_large;
    }
}

void sim_forecast_pools(const struct wl_schedule *s, enum wl_large_type type,
                        int stream_io, int max_outstanding, int *max_small,
                        int *max_large_ios)
{
    int ms, ml;
    sim_forecast_levels(s, &ms, &ml);
    *max_small = ms;
    *max_large_ios = sim_point_large_ios(ml, type, stream_io);
    for (int i = 0; i < s->n; i++) {
        const struct wl_phase *p = &s->phase[i];
        if (p->kind != WL_PHASE_OPEN)
            continue;
        struct sim_open_load o = { p->small_iops, p->large_mbps,
                                   SIM_ARRIVALS_POISSON, max_outstanding };
        int os, ol;
        sim_open_pools(&o, &os, &ol);
        if (os > *max_small)
            *max_small = os;
        if (ol > *max_large_ios)
            *max_large_ios = ol;
    }
}

void sim_forecast_free(struct sim_forecast_result *r)
{
    if (!r)
        return;
    free(r->bucket);
    free(r->day_start_pct);
    free(r->rows);
    free(r->bucket_pct);
    free(r->events);
    free(r->phases);
    free(r);
}

/* ---- setup ------------------------------------------------------------------ */

static int fail(char *why, size_t len, int rc, const char *what)
{
    snprintf(why, len, "%s", what);
    return rc;
}

static bool schedule_has_idle(const struct wl_schedule *s)
{
    for (int i = 0; i < s->n; i++)
        if (!wl_phase_has_load(&s->phase[i]))
            return true;
    return false;
}

static int fc_alloc(struct fc *f, int days_max)
{
    size_t nb = (size_t)(f->buckets > 0 ? f->buckets : 1);
    struct sim_forecast_result *res = f->res;
    f->bkt = calloc(nb, sizeof *f->bkt);
    f->level = calloc(nb, sizeof *f->level);
    f->level_b = calloc(nb * 3, sizeof *f->level_b);   /* + drift, level0 */
    res->bucket = calloc(nb, sizeof *res->bucket);
    res->day_start_pct = calloc(nb * (size_t)(days_max + 1), sizeof(double));
    res->phases = calloc((size_t)days_max * (size_t)f->cfg->schedule->n,
                         sizeof *res->phases);
    if (!f->bkt || !f->level || !f->level_b || !res->bucket ||
        !res->day_start_pct || !res->phases)
        return -ENOMEM;
    fc_read_levels(f, NULL);
    memcpy(res->bucket, f->bkt, (size_t)f->buckets * sizeof *f->bkt);
    res->buckets = f->buckets;
    int rc = fc_rows_create((double)f->cfg->interval_ns / 1e9, f->buckets,
                            res->bucket, &f->rows);
    if (rc == 0)
        rc = fc_events_create(f->buckets, res->bucket, f->level, &f->events);
    return rc;
}

static void fc_release(struct fc *f)
{
    free(f->bkt);
    free(f->level);
    free(f->level_b);
    fc_rows_free(f->rows);
    fc_events_free(f->events);
    fc_cache_free(f->cache);
}

/* ---- days and phases --------------------------------------------------------- */

static void note_day_start(struct fc *f, int day)
{
    fc_read_levels(f, NULL);
    for (int k = 0; k < f->buckets; k++) {
        double size = f->bkt[k].size_units;
        f->res->day_start_pct[(size_t)day * (size_t)f->buckets + (size_t)k] =
            size > 0 ? 100 * f->level[k] / size : 0;
    }
}

/* Day `day` starts where day - 1 started, every bucket within the share. */
static bool repeats_day_before(const struct fc *f, int day)
{
    const double *now = f->res->day_start_pct + (size_t)day * (size_t)f->buckets;
    const double *before = now - f->buckets;
    for (int k = 0; k < f->buckets; k++)
        if (fabs(now[k] - before[k]) > 100 * SIM_FORECAST_STEADY_FRAC)
            return false;
    return true;
}

static void begin_phase(struct fc *f, const struct fc_phase_ctx *pc)
{
    struct sim_fc_phase *p = &f->res->phases[f->res->n_phases++];
    *p = (struct sim_fc_phase){
        .day = pc->day, .phase = pc->index, .start_s = pc->start_s,
        .length_s = pc->end_s - pc->start_s, .served = true,
    };
    if (pc->ph->kind == WL_PHASE_OPEN) {
        p->offered[WL_SMALL] = pc->ph->small_iops;
        p->offered[WL_LARGE] = pc->ph->large_mbps;
    }
    f->cur_phase = p;
    memset(f->cur_sum, 0, sizeof f->cur_sum);
    memset(f->cur_offered_sum, 0, sizeof f->cur_offered_sum);
    memset(f->cur_served_sum, 0, sizeof f->cur_served_sum);
    wl_set_class_write_pct(f->parts->workload, WL_SMALL, pc->ph->write_pct[WL_SMALL]);
    wl_set_class_write_pct(f->parts->workload, WL_LARGE, pc->ph->write_pct[WL_LARGE]);
}

/* The phase ends at end_s: its whole window, or where a stop cut it
   (stopped), which is then its length. */
static void end_phase(struct fc *f, double end_s, bool stopped)
{
    struct sim_fc_phase *p = f->cur_phase;
    double len = end_s - p->start_s;
    if (!(len > 0))
        len = stopped ? 0 : p->length_s;
    if (stopped) {
        p->incomplete = true;
        p->length_s = len;
    }
    if (!(len > 0)) {
        f->cur_phase = NULL;
        return;
    }
    p->small_iops = f->cur_sum[WL_SMALL] / len;
    p->large_mbps = f->cur_sum[WL_LARGE] / len;
    for (int c = 0; c < WL_CLASSES; c++) {
        double asked = f->cur_offered_sum[c];
        if (!(p->offered[c] > 0) || !(asked > 0))
            continue;
        p->unmet_frac[c] = fmax(0, 1 - f->cur_served_sum[c] / asked);
        if (p->unmet_frac[c] > SIM_FORECAST_UNMET_TOLERANCE)
            p->served = false;
    }
    f->cur_phase = NULL;
}

static int run_phase(struct fc *f, int day, int i)
{
    const struct wl_schedule *s = f->cfg->schedule;
    const struct wl_phase *ph = &s->phase[i];
    double day0 = (double)day * (double)s->day_ms / 1e3;
    struct fc_phase_ctx pc = {
        .ph = ph, .day = day, .index = i,
        .start_s = day0 + (double)ph->start_ms / 1e3,
        .end_s = day0 + (double)(ph->start_ms + ph->length_ms) / 1e3,
        .point = { ph->num_small, ph->num_large },
        .is_open = ph->kind == WL_PHASE_OPEN && wl_phase_has_load(ph),
        .open = {
            .small_iops = ph->small_iops, .large_mbps = ph->large_mbps,
            .arrivals = ph->arrivals == WL_ARRIVE_CONSTANT ? SIM_ARRIVALS_CONSTANT
                                                            : SIM_ARRIVALS_POISSON,
            .max_outstanding = f->cfg->max_outstanding,
        },
    };
    begin_phase(f, &pc);
    int rc;
    if (!wl_phase_has_load(ph))     /* idle, or a zero load: the engine
                                       has nothing to run (-EINVAL) */
        rc = fc_idle_phase(f, &pc);
    else if (f->res->exact) {
        double elapsed;
        struct fc_span span = { pc.start_s, pc.end_s - pc.start_s, 0 };
        rc = fc_stretch(f, &pc, &span, NULL, &elapsed);
    } else
        rc = fc_fluid_phase(f, &pc);
    end_phase(f, rc == 1 ? fmax(f->res->horizon_s, pc.start_s) : pc.end_s, rc == 1);
    return rc;
}

int sim_forecast_auto_days(const struct wl_schedule *s)
{
    if (!s || s->day_ms <= 0)
        return SIM_FORECAST_AUTO_DAYS_MAX;
    int64_t passes = (SIM_FORECAST_AUTO_SPAN_MS + s->day_ms - 1) / s->day_ms;
    if (passes < SIM_FORECAST_AUTO_DAYS_MAX)
        passes = SIM_FORECAST_AUTO_DAYS_MAX;
    return passes > SIM_FORECAST_AUTO_PASSES_MAX ? SIM_FORECAST_AUTO_PASSES_MAX : (int)passes;
}

static int run_days(struct fc *f)
{
    const struct sim_forecast_cfg *cfg = f->cfg;
    int days_max = cfg->days > 0 ? cfg->days : sim_forecast_auto_days(cfg->schedule);
    int rc = 0, day;
    for (day = 0; day < days_max && rc == 0; day++) {
        note_day_start(f, day);
        if (day > 0 && !f->res->steady && repeats_day_before(f, day)) {
            f->res->steady = true;
            f->res->steady_after_days = day;
            if (cfg->days == 0)
                break;
        }
        f->res->days = day + 1;
        for (int i = 0; i < cfg->schedule->n && rc == 0; i++)
            rc = run_phase(f, day, i);
    }
    if (rc == 0)
        note_day_start(f, f->res->days);
    return rc;
}

/* The limit named for the longest time in w (seconds per limit), or
   none (SIM_LIMIT_OFFERED_LOAD) when w is all 0. */
static enum sim_limit longest(const double *w)
{
    int best = SIM_LIMIT_OFFERED_LOAD;
    for (int l = 0; l < SIM_LIMITS; l++)
        if (w[l] > w[best])
            best = l;
    return (enum sim_limit)best;
}

/* Row i's binding limit, named: "burst credits" (a bucket ran dry) as
   the limit of the emptiest bucket at the row's end, which then holds at
   its base rate (the instance's MB/s, the volumes' IOPS). */
static enum sim_limit row_limit(const struct sim_forecast_result *res, size_t i)
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

/* Phase p's binding limit from its rows' time per limit: of the rows
   that left demand unmet when it has any (they kept it from being
   served), else of all. */
static void phase_limit(struct sim_fc_phase *p, double w[2][SIM_LIMITS])
{
    bool unmet = false;
    for (int l = 0; l < SIM_LIMITS; l++)
        unmet |= w[1][l] > 0;
    p->limited_by = longest(w[unmet && !p->served ? 1 : 0]);
    memset(w, 0, 2 * SIM_LIMITS * sizeof w[0][0]);
}

/* The worst interval p99 and the binding limit of every phase (the rows
   come in time order, so each phase's are together), then the verdict. */
static void judge(struct sim_forecast_result *res, int phases_per_day)
{
    double w[2][SIM_LIMITS] = { { 0 } };    /* [all, unmet rows][limit]: s */
    size_t cur = res->n_phases;
    for (size_t i = 0; i < res->n_rows; i++) {
        const struct sim_fc_row *r = &res->rows[i];
        size_t k = (size_t)r->day * (size_t)phases_per_day + (size_t)r->phase;
        if (k >= res->n_phases)
            continue;
        if (k != cur && cur < res->n_phases)
            phase_limit(&res->phases[cur], w);
        cur = k;
        res->phases[k].small_p99_us = fmax(res->phases[k].small_p99_us, r->tl.lat[WL_SMALL].p99_us);
        res->phases[k].large_p99_us = fmax(res->phases[k].large_p99_us, r->tl.lat[WL_LARGE].p99_us);
        bool unmet = fmax(r->unmet_frac[WL_SMALL], r->unmet_frac[WL_LARGE]) >
                     SIM_FORECAST_UNMET_TOLERANCE;
        enum sim_limit l = row_limit(res, i);
        w[0][l] += r->tl.length_s;
        w[1][l] += unmet ? r->tl.length_s : 0;
    }
    if (cur < res->n_phases)
        phase_limit(&res->phases[cur], w);
    res->served = true;
    res->first_unserved = -1;
    for (size_t k = 0; k < res->n_phases; k++)
        if (!res->phases[k].served) {
            res->served = false;
            res->first_unserved = (int)k;
            break;
        }
}

int sim_forecast_run(struct sim_parts *parts, const struct sim_forecast_cfg *cfg,
                     struct sim_forecast_result **out, char *why, size_t why_len)
{
    const struct dev_ops *ops = parts->ds.ops;
    *out = NULL;
    if (!cfg->schedule || cfg->schedule->n < 1 || cfg->interval_ns <= 0)
        return fail(why, why_len, -EINVAL, "a forecast needs a schedule and an interval");
    if (!dev_has(ops, DEV_CAP_VIRTUAL_CLOCK))
        return fail(why, why_len, -ENOTSUP, "a forecast runs in virtual time: "
                    "modelled volumes only");
    bool hooks = ops->credit != NULL;  /* buckets, bucket_set, idle_until */
    if (!hooks && schedule_has_idle(cfg->schedule))
        return fail(why, why_len, -ENOTSUP, "the backend cannot let its clock "
                    "run idle, which the schedule's idle phases need");
    struct sim_forecast_result *res = calloc(1, sizeof *res);
    if (!res)
        return fail(why, why_len, -ENOMEM, "out of memory");
    struct fc f = { .parts = parts, .cfg = cfg, .res = res };
    res->exact = cfg->exact || !hooks;
    f.buckets = ops->credit ? ops->credit->buckets(&parts->ds, NULL, 0) : 0;
    int days_max = cfg->days > 0 ? cfg->days : sim_forecast_auto_days(cfg->schedule);
    int rc = fc_alloc(&f, days_max);
    if (rc == 0)
        rc = run_days(&f);
    if (rc >= 0) {
        res->incomplete = rc == 1;
        int e = fc_rows_finish(f.rows, res);
        f.rows = NULL;
        if (e == 0) {
            judge(res, cfg->schedule->n);
            e = fc_events_finish(f.events, res);
            f.events = NULL;
        }
        if (e < 0)
            rc = e;
    }
    fc_release(&f);
    if (rc < 0) {
        sim_forecast_free(res);
        snprintf(why, why_len, "the forecast failed: %s", strerror(-rc));
        return rc;
    }
    *out = res;
    return res->incomplete ? 1 : 0;
}
