/*
 * advise_schedule.c - a candidate judged by a schedule's day (asmsim
 * advise --schedule): "this day is served" is the target.
 *
 * The simulation is exactly the `asmsim forecast` that
 * adv_forecast_command() prints: the model backend, the disk group of
 * `asmsim run` (adv_run_cfg), buckets full at the start, the fast hybrid
 * (not --exact), 1-minute rows, days repeated until the credit balances
 * at a day's start stop changing (at most sim_forecast_auto_days()).
 * The day judged is the last one simulated: the steady day, the one that
 * repeats.  Burst credits therefore count exactly as far as the forecast
 * shows they hold, day after day.
 *
 * What is read from the steady day (struct adv_day):
 *   served       every phase of it got its demand (at most
 *                SIM_FORECAST_UNMET_TOLERANCE unmet, forecast.h)
 *   worst phase  the open-loop phase served least (delivered / offered);
 *                phases within WORST_SHARE_NOISE of that share tie, and
 *                of them the one with the highest p99 (small, else large:
 *                its worst interval); p99s within WORST_P99_NOISE of that
 *                tie again, and of those the one asking the most (its
 *                offered rate against the day's peak), then the earliest.
 *                So noise (a share 0.1 % apart, a p99 3 % apart) does not
 *                pick it; its offered and delivered rates and that p99
 *   credits      whether a bucket ran dry in the day, when first, whose;
 *                the lowest level any bucket reached
 *   latency      --need-latency's figure: the worst 1-minute interval's
 *                small mean (or p99 with p99:) over every phase of the day
 *
 * The bound: credits accrue at the base rate and every admitted unit
 * spends one (throttle.c, "Burst credits"), so
 *   - over a phase of length L a bucketed limit admits at most its bucket
 *     (full at best at the phase's start) plus L x its base rate, and
 *     never more than L x its burst rate: each class of the phase's
 *     demand, less the tolerance, mirror writes counted at the phase's own
 *     write share, must fit under that window's bound
 *     (adv_schedule_phase_ratio, adv_bound_window);
 *   - in a steady day every bucket earns what is spent, so the day's mean
 *     rate of each class must fit under the sustained bound
 *     (adv_schedule_bound_targets: sustain_*); its peak, under the burst
 *     bound, is what sizes the provisioning ladders.
 * All are upper bounds of what the forecast can serve, so pruning by them
 * never drops a candidate the forecast would pass (tests/test_advise.c
 * checks it on a space simulated exhaustively).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sim/advise/advise_internal.h"
#include "sim/model/forecast.h"
#include "sim/core/shell_word.h"
#include "sim/core/run.h"
#include "sim/model/setup.h"

#define FORECAST_INTERVAL_NS (60ll * SIM_NS_PER_S)   /* asmsim forecast's
                                                        default --interval */
#define FORECAST_STREAM_IO 4                         /* its --stream-io */

/* ---- demand and the bound ------------------------------------------------ */

/* Physical I/Os per logical one at a write share (ASM mirrors). */
static double copies_factor(const struct adv_targets *t, int write_pct)
{
    double w = write_pct / 100.0;
    return (1 - w) + w * adv_copies(t->redundancy);
}

/* Per class, the most any open-loop phase asks and the day's mean: each
   phase's rate as offered (t NULL) or with its mirror writes at its own
   write share under t's redundancy. */
static void day_rates(const struct wl_schedule *s, const struct adv_targets *t,
                      double peak[2], double mean[2])
{
    double day_s = (double)s->day_ms / 1e3;

    peak[WL_SMALL] = peak[WL_LARGE] = mean[WL_SMALL] = mean[WL_LARGE] = 0;
    for (int i = 0; i < s->n; i++) {
        const struct wl_phase *p = &s->phase[i];
        const double rate[2] = { p->small_iops, p->large_mbps };
        if (p->kind != WL_PHASE_OPEN)
            continue;
        for (int c = 0; c < WL_CLASSES; c++) {
            double r = rate[c] * (t ? copies_factor(t, p->write_pct[c]) : 1);
            peak[c] = fmax(peak[c], r);
            mean[c] += r * (double)p->length_ms / 1e3 / day_s;
        }
    }
}

void adv_schedule_demand(const struct wl_schedule *s, double peak[2], double mean[2])
{
    day_rates(s, NULL, peak, mean);
}

const struct adv_cfg *adv_bound_cfg(const struct adv_cfg *cfg, struct adv_cfg *buf)
{
    if (!cfg->targets.schedule)
        return cfg;
    *buf = *cfg;
    adv_schedule_bound_targets(&cfg->targets, &buf->targets);
    buf->space.burst_ok = true;
    return buf;
}

void adv_schedule_bound_targets(const struct adv_targets *t, struct adv_targets *out)
{
    double keep = 1 - SIM_FORECAST_UNMET_TOLERANCE, peak[2], mean[2];

    day_rates(t->schedule, t, peak, mean);
    *out = *t;
    out->write_pct = 0;
    out->need_lat_us = 0;
    out->need_iops = peak[WL_SMALL] * keep;
    out->need_mbps = peak[WL_LARGE] * keep;
    out->sustain_iops = mean[WL_SMALL] * keep;
    out->sustain_mbps = mean[WL_LARGE] * keep;
}

/* need / what the candidate carries over a phase of its length, for one
   class at the phase's write share: the bound's ratio (>= 1: it may). */
static double phase_class_ratio(const struct adv_targets *t, const struct wl_phase *p,
                                enum wl_class c, const struct inst_profile *in,
                                const struct vol_profile *v, int disks)
{
    double rate = c == WL_SMALL ? p->small_iops : p->large_mbps;
    struct adv_targets pt = *t;
    struct adv_bound bd;

    if (!(rate > 0))
        return INFINITY;
    pt.write_pct = p->write_pct[c];
    adv_bound_window(&pt, in, v, disks, (double)p->length_ms / 1e3, &bd);
    return (c == WL_SMALL ? bd.iops : bd.mbps) / (rate * (1 - SIM_FORECAST_UNMET_TOLERANCE));
}

double adv_schedule_phase_ratio(const struct adv_targets *t, const struct inst_profile *in,
                                const struct vol_profile *v, int disks)
{
    const struct wl_schedule *s = t->schedule;
    double r = INFINITY;

    for (int i = 0; s && i < s->n; i++) {
        const struct wl_phase *p = &s->phase[i];
        if (p->kind != WL_PHASE_OPEN)
            continue;
        r = fmin(r, phase_class_ratio(t, p, WL_SMALL, in, v, disks));
        r = fmin(r, phase_class_ratio(t, p, WL_LARGE, in, v, disks));
    }
    return r;
}

/* ---- the command --------------------------------------------------------- */

void adv_forecast_command(const struct adv_cfg *cfg, const struct adv_config *c,
                          char *buf, size_t len)
{
    adv_command_line(cfg, c, "forecast", buf, len);
}

/* ---- running the forecast ------------------------------------------------- */

static int run_forecast(const struct adv_cfg *cfg, const struct adv_config *c,
                        struct sim_forecast_result **res, char *why, size_t why_len)
{
    const struct wl_schedule *s = cfg->targets.schedule;
    struct sim_setup su;
    const struct sim_run_cfg *rc = &su.run;
    struct sim_parts parts;
    int max_small, max_large_ios;

    adv_run_cfg(cfg, c, true, &su);
    sim_forecast_pools(s, rc->workload.large_type, FORECAST_STREAM_IO, 0, &max_small,
                       &max_large_ios);
    int ret = sim_parts_open(rc, max_small, max_large_ios, &parts, why, why_len);
    if (ret < 0) {
        sim_parts_close(&parts);
        return ret;
    }
    struct sim_forecast_cfg fc = {
        .schedule = s,
        .interval_ns = FORECAST_INTERVAL_NS,
        .large_type = rc->workload.large_type,
        .stream_io = FORECAST_STREAM_IO,
        .stop = cfg->stop,
    };
    ret = sim_forecast_run(&parts, &fc, res, why, why_len);
    sim_parts_close(&parts);
    return ret;
}

/* ---- reading the steady day ----------------------------------------------- */

static double served_frac(const struct sim_fc_phase *p)
{
    return 1 - fmax(p->unmet_frac[WL_SMALL], p->unmet_frac[WL_LARGE]);
}

static double phase_p99(const struct sim_fc_phase *p)
{
    return p->offered[WL_SMALL] > 0 ? p->small_p99_us : p->large_p99_us;
}

/* What tells two phases apart for the worst phase (the top of the file):
   half the unmet tolerance on the share served, and the fast path's
   agreement on interval p99 (docs/model.md: 10 %). */
#define WORST_SHARE_NOISE (0.5 * SIM_FORECAST_UNMET_TOLERANCE)
#define WORST_P99_NOISE 0.10

static bool rated(const struct wl_schedule *s, const struct sim_fc_phase *p)
{
    return s->phase[p->phase].kind == WL_PHASE_OPEN;
}

/* A phase's demand against the day's peak of each class: the larger
   share (1 for the phase that asks the most of either). */
static double demand_share(const struct sim_fc_phase *p, const double peak[WL_CLASSES])
{
    double share = 0;
    for (int c = 0; c < WL_CLASSES; c++)
        if (peak[c] > 0)
            share = fmax(share, p->offered[c] / peak[c]);
    return share;
}

/* The worst of the open-loop phases ph[0..n): NULL when none offers a
   rate.  Each pass keeps what the one before left tied: served least,
   then slowest, then the one asking the most (an input, not a
   measurement, so no noise picks it), then the earliest. */
const struct sim_fc_phase *adv_worst_phase(const struct sim_fc_phase *ph, size_t n,
                                           const struct wl_schedule *s)
{
    double least = INFINITY, slowest = 0, peak[WL_CLASSES] = { 0, 0 };
    for (size_t k = 0; k < n; k++)
        if (rated(s, &ph[k])) {
            least = fmin(least, served_frac(&ph[k]));
            for (int c = 0; c < WL_CLASSES; c++)
                peak[c] = fmax(peak[c], ph[k].offered[c]);
        }
    for (size_t k = 0; k < n; k++)
        if (rated(s, &ph[k]) && served_frac(&ph[k]) <= least + WORST_SHARE_NOISE)
            slowest = fmax(slowest, phase_p99(&ph[k]));
    const struct sim_fc_phase *worst = NULL;
    for (size_t k = 0; k < n; k++)
        if (rated(s, &ph[k]) && served_frac(&ph[k]) <= least + WORST_SHARE_NOISE &&
            phase_p99(&ph[k]) >= (1 - WORST_P99_NOISE) * slowest &&
            (!worst || demand_share(&ph[k], peak) > demand_share(worst, peak)))
            worst = &ph[k];
    return worst;
}

static void read_worst_phase(const struct sim_forecast_result *r, int day, int n,
                             const struct wl_schedule *s, struct adv_day *d)
{
    size_t first = (size_t)day * (size_t)n;

    d->served = r->n_phases >= first + (size_t)n;   /* else stopped before */
    d->worst_phase = -1;
    d->worst_served_frac = 1;
    for (size_t k = first; k < first + (size_t)n && k < r->n_phases; k++)
        d->served = d->served && r->phases[k].served;
    size_t avail = r->n_phases > first ? r->n_phases - first : 0;
    const struct sim_fc_phase *worst =
        adv_worst_phase(r->phases + first, avail < (size_t)n ? avail : (size_t)n, s);
    if (!worst)
        return;
    d->worst_phase = worst->phase;
    d->worst_offered[WL_SMALL] = worst->offered[WL_SMALL];
    d->worst_offered[WL_LARGE] = worst->offered[WL_LARGE];
    d->worst_delivered[WL_SMALL] = worst->small_iops;
    d->worst_delivered[WL_LARGE] = worst->large_mbps;
    d->worst_served_frac = served_frac(worst);
    d->worst_p99_us = worst->offered[WL_SMALL] > 0 ? worst->small_p99_us
                                                   : worst->large_p99_us;
}

/* The latency figure, the buckets' lowest level and the worst phase's
   binding limit, from the day's rows. */
static void read_rows(const struct sim_forecast_result *r, int day, bool p99,
                      struct adv_day *d)
{
    double worst_unmet = -1;

    d->lat_us = 0;
    d->credits_low_pct = r->buckets > 0 ? 100 : 0;
    snprintf(d->binding, sizeof d->binding, "offered load");
    for (size_t i = 0; i < r->n_rows; i++) {
        const struct sim_fc_row *row = &r->rows[i];
        if (row->day != day)
            continue;
        const struct sim_timeline_lat *l = &row->tl.lat[WL_SMALL];
        if (l->count > 0)
            d->lat_us = fmax(d->lat_us, p99 ? l->p99_us : l->avg_us);
        for (int k = 0; k < r->buckets; k++)
            d->credits_low_pct = fmin(d->credits_low_pct,
                                      r->bucket_pct[i * (size_t)r->buckets + (size_t)k]);
        double unmet = fmax(row->unmet_frac[WL_SMALL], row->unmet_frac[WL_LARGE]);
        if (row->phase == d->worst_phase && unmet > worst_unmet) {
            worst_unmet = unmet;
            snprintf(d->binding, sizeof d->binding, "%s",
                     sim_limit_label(row->tl.limited_by));
        }
    }
}

static void read_credits(const struct sim_forecast_result *r, int day, double day_s,
                         struct adv_day *d)
{
    d->bursts = r->buckets > 0;
    d->credits_out = false;
    for (size_t i = 0; i < r->n_events && !d->credits_out; i++) {
        const struct sim_fc_event *e = &r->events[i];
        if (e->day != day || e->kind != SIM_FC_BURST_EMPTY)
            continue;
        const struct dev_bucket *b = &r->bucket[e->bucket];
        d->credits_out = true;
        d->credits_out_at_s = e->at_s - day * day_s;
        snprintf(d->credits_whose, sizeof d->credits_whose, "%s",
                 sim_limit_label(b->limit));
    }
}

static void read_day(const struct sim_forecast_result *r, const struct adv_targets *t,
                     struct adv_day *d)
{
    const struct wl_schedule *s = t->schedule;
    int day = r->days > 0 ? r->days - 1 : 0;

    memset(d, 0, sizeof *d);
    d->steady = r->steady;
    d->days = r->days;
    d->interval_s = r->interval_s;
    read_worst_phase(r, day, s->n, s, d);
    read_rows(r, day, t->lat_p99, d);
    read_credits(r, day, (double)s->day_ms / 1e3, d);
}

int adv_eval_schedule(const struct adv_cfg *cfg, const struct adv_config *c,
                      struct adv_outcome *out, char *why, size_t why_len)
{
    struct sim_forecast_result *r = NULL;
    int ret = run_forecast(cfg, c, &r, why, why_len);

    if (ret < 0)
        return ret;
    out->c = *c;
    out->simulated = true;
    out->has_day = true;
    read_day(r, &cfg->targets, &out->day);
    memset(&out->sim, 0, sizeof out->sim);
    out->sim.lat_us = out->day.lat_us;
    adv_judge(&cfg->targets, out);
    ret = r->incomplete ? 1 : 0;
    sim_forecast_free(r);
    return ret;
}
