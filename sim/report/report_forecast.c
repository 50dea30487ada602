/*
 * report_forecast.c - a forecast in words, as JSON and as a timeline CSV.
 *
 * Words: every event on one line, stamped with its time of day (days
 * after the first as "d2 01:47:10"); a burst that runs out names the
 * limit and its rates before and after, in the limit's own unit (volume
 * throughput MiB/s and instance throughput MB/s, as the providers quote
 * them, DOMAIN.md section 4); the rates are the model's (provisioned x
 * delivered share).  Then the phases of each day simulated (the first
 * SHOW_DAYS and the last), the days and the steady state, and the
 * verdict.
 *
 * A database workload's forecast (r->n_classes > 0) says the same per
 * class: each phase a line of its own and a line per class (delivered
 * IOPS and MB/s, asked and unmet of an open class, p99), the JSON a
 * "classes" array in each phase and timeline row, the CSV five columns
 * per class; ORION's small/large figures of such a forecast are 0.
 *
 * A forecast with a disk lost (r->fail, forecast --fail) adds a block
 * "Failure" after the phases: what failed when, the repair timer, the
 * rebalance's start and end (or that it did not end within the
 * forecast, or where an interrupt found the failure: outcome
 * "interrupted"), the data moved, and each failure phase's span with each
 * class's worst interval; the JSON a "failure" object and each timeline
 * row's "fail_phase" and "copy_mbps", the CSV those two columns.  A
 * forecast without one writes none of them, byte for byte as before.
 * Disks added (r->add, forecast --add-disks) likewise: a block "Disks
 * added" (when, how many, the data to move, the rebalance's span, rate
 * and bound, the phases before, rebalancing, balanced), an "add_disks"
 * object, and the rows' "add_phase" and "copy_mbps".
 *
 * The JSON is written by hand (a forecast's document is flat and its
 * strings are names this program made, a path excepted, which is
 * escaped), streamed through report_write_atomic: whole or not at all.
 * The keys are in docs/fields.md, section "Forecast JSON".
 */
#include "sim/report/report_forecast.h"
#include "sim/report/report_fail.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#define FORECAST_SCHEMA 2           /* 2: absent figures null, phases[].limited_by */
#define SHOW_DAYS 3

/* ---- numbers and names -------------------------------------------------------- */

/* 18750 -> "18,750"; below 100 with two decimals ("81.25"). */
static char *fmt_rate(double v, char *buf, size_t len)
{
    if (!(fabs(v) >= 100)) {
        snprintf(buf, len, "%.2f", v);
        return buf;
    }
    char digits[32];
    snprintf(digits, sizeof digits, "%.0f", v);
    size_t n = strlen(digits), o = 0;
    for (size_t i = 0; i < n && o + 2 < len; i++) {
        buf[o++] = digits[i];
        size_t left = n - 1 - i;
        if (left > 0 && left % 3 == 0 && digits[i] != '-')
            buf[o++] = ',';
    }
    buf[o] = '\0';
    return buf;
}

/* The bucket's unit for people, and the factor from its units per s. */
static const char *bucket_unit(const struct dev_bucket *b, double *per)
{
    switch (b->limit) {
    case SIM_LIMIT_VOLUME_TPUT:
        *per = 1.0 / (1024.0 * 1024.0);
        return "MiB/s";
    case SIM_LIMIT_INSTANCE_MBPS:
        *per = 1e-6;
        return "MB/s";
    default:
        *per = 1;
        return "IOPS";
    }
}

static char *bucket_owner(const struct report_fc_info *in, const struct dev_bucket *b,
                          char *buf, size_t len)
{
    if (b->disk >= 0)
        snprintf(buf, len, "DATA_%04d", b->disk);
    else
        snprintf(buf, len, "instance %s", in->instance);
    return buf;
}

static char *clock_of(double t_s, char *buf, size_t len)
{
    return wl_clock_format((int64_t)llround(t_s * 1e3), buf, len);
}

/* The end of a stretch: midnight as the day's "24:00:00", not the next
   day's 00:00:00. */
static char *clock_end(double t_s, char *buf, size_t len)
{
    int64_t ms = (int64_t)llround(t_s * 1e3);
    if (ms > 0 && ms % WL_DAY_MS == 0) {
        int64_t day = ms / WL_DAY_MS;
        if (day > 1)
            snprintf(buf, len, "d%lld 24:00:00", (long long)day);
        else
            snprintf(buf, len, "24:00:00");
        return buf;
    }
    return wl_clock_format(ms, buf, len);
}

char *report_fc_clock(double t_s, char *buf, size_t len)
{
    return clock_of(t_s, buf, len);
}

char *report_fc_clock_end(double t_s, char *buf, size_t len)
{
    return clock_end(t_s, buf, len);
}

char *report_fc_rate_text(double v, char *buf, size_t len)
{
    return fmt_rate(v, buf, len);
}

const char *report_fc_bucket_unit(const struct dev_bucket *b, double *per)
{
    return bucket_unit(b, per);
}

static const char *phase_name(const struct report_fc_info *in, int phase)
{
    return phase >= 0 && phase < in->schedule->n ? in->schedule->phase[phase].name : "?";
}

/* ---- events ------------------------------------------------------------------ */

static char *burst_text(const struct report_fc_info *in, const struct sim_fc_event *e,
                        const struct dev_bucket *b, const char *when, char *buf,
                        size_t len)
{
    char who[64], r0[32], r1[32];
    double per;
    const char *unit = bucket_unit(b, &per);
    bool inst = b->disk < 0;
    bucket_owner(in, b, who, sizeof who);
    fmt_rate(b->burst_per_s * per, r0, sizeof r0);
    fmt_rate(b->base_per_s * per, r1, sizeof r1);
    if (e->kind == SIM_FC_BURST_EMPTY && inst)
        snprintf(buf, len, "%s %s burst spent: %s limit %s -> %s", when, who, unit, r0, r1);
    else if (e->kind == SIM_FC_BURST_EMPTY)
        snprintf(buf, len, "%s %s burst credits empty: %s -> %s %s", when, who, r0, r1, unit);
    else if (e->kind == SIM_FC_BURST_AGAIN && inst)
        snprintf(buf, len, "%s %s earns burst credits again: %s limit %s -> %s", when,
                 who, unit, r1, r0);
    else if (e->kind == SIM_FC_BURST_AGAIN)
        snprintf(buf, len, "%s %s earns burst credits again: %s -> %s %s", when, who,
                 r1, r0, unit);
    else
        snprintf(buf, len, "%s %s %s burst credits full again", when, who, unit);
    return buf;
}

char *report_fc_event_text(const struct report_fc_info *in,
                           const struct sim_forecast_result *r,
                           const struct sim_fc_event *e, char *buf, size_t len)
{
    char when[32], until[32], lat[32];
    clock_of(e->at_s, when, sizeof when);
    if (e->kind != SIM_FC_UNMET) {
        if (e->bucket < 0 || e->bucket >= r->buckets) {
            snprintf(buf, len, "%s ?", when);
            return buf;
        }
        return burst_text(in, e, &r->bucket[e->bucket], when, buf, len);
    }
    clock_end(e->end_s, until, sizeof until);
    if (e->db_class >= 0 && e->db_class < r->n_classes) {
        snprintf(buf, len, "%s-%s demand unmet by %.0f %%, class %s p99 %s (phase %s)",
                 when, until, 100 * e->unmet_frac, r->class_name[e->db_class],
                 report_fmt_latency_whole(e->p99_us, lat, sizeof lat),
                 phase_name(in, e->phase));
        return buf;
    }
    snprintf(buf, len, "%s-%s demand unmet by %.0f %%, %s %s p99 %s (phase %s)",
             when, until, 100 * e->unmet_frac, e->cls == WL_SMALL ? "small" : "large",
             e->dir == SIM_READ ? "read" : "write",
             report_fmt_latency_whole(e->p99_us, lat, sizeof lat), phase_name(in, e->phase));
    return buf;
}

/* ---- verdict ----------------------------------------------------------------- */

char *report_fc_verdict_text(const struct report_fc_info *in,
                             const struct sim_forecast_result *r, char *buf,
                             size_t len)
{
    const char *partial = r->incomplete ? " so far (interrupted)" : "";
    if (r->fail && r->fail->outcome == SIM_FAIL_DATA_LOST) {
        char at[32];
        snprintf(buf, len, "Verdict: DATA LOST at %s: an extent had every copy on the "
                 "offline disk%s (the group dismounts); up to it %s",
                 clock_of((double)r->fail->ev.at_ns / 1e9, at, sizeof at),
                 r->fail->lost_a == r->fail->lost_b ? "" : "s",
                 r->served ? "every phase got its demand" : "a phase was NOT served");
        return buf;
    }
    if (r->served && r->incomplete && r->n_phases > 0) {
        /* not "every phase of the day": only those before the interrupt */
        const struct sim_fc_phase *last = &r->phases[r->n_phases - 1];
        char at[32];
        snprintf(buf, len, "Verdict: served so far (interrupted): every phase simulated, "
                 "up to day %d %s, got its demand (at most %.0f %% unmet); the rest was "
                 "not simulated", last->day + 1,
                 clock_end(last->start_s + last->length_s, at, sizeof at),
                 100 * SIM_FORECAST_UNMET_TOLERANCE);
        return buf;
    }
    if (r->served) {
        /* balances still moving: the days simulated were served, a later
           one may not be (the credits may still be running down) */
        snprintf(buf, len, "Verdict: served%s: every phase of %d day%s got its demand "
                 "(at most %.0f %% unmet)%s", partial, r->days, r->days == 1 ? "" : "s",
                 100 * SIM_FORECAST_UNMET_TOLERANCE,
                 r->steady || r->days < 2 ? "" : "; but the credit balances had not "
                                                 "settled by the last day, so a later "
                                                 "day may fall short");
        return buf;
    }
    const struct sim_fc_phase *p = &r->phases[r->first_unserved];
    int cls = p->unmet_frac[WL_LARGE] > p->unmet_frac[WL_SMALL] ? WL_LARGE : WL_SMALL;
    char a[32], b[32], by[64] = "", who[48];
    double unmet = p->unmet_frac[cls];
    snprintf(who, sizeof who, "%s", cls == WL_SMALL ? "small" : "large");
    if (r->n_classes > 0) {
        const struct sim_fc_class *k = r->phase_cls + (size_t)r->first_unserved *
                                       (size_t)r->n_classes;
        int w = 0;
        for (int c = 1; c < r->n_classes; c++)
            w = k[c].unmet_frac > k[w].unmet_frac ? c : w;
        snprintf(who, sizeof who, "class %s", r->class_name[w]);
        unmet = k[w].unmet_frac;
    }
    if (p->limited_by != SIM_LIMIT_OFFERED_LOAD)
        snprintf(by, sizeof by, ", limited by %s", sim_limit_label(p->limited_by));
    snprintf(buf, len, "Verdict: NOT served%s: first phase not served: day %d %s "
             "(%s-%s), %s demand unmet by %.0f %% (tolerance %.0f %%)%s", partial,
             p->day + 1, phase_name(in, p->phase), clock_of(p->start_s, a, sizeof a),
             clock_end(p->start_s + p->length_s, b, sizeof b), who, 100 * unmet,
             100 * SIM_FORECAST_UNMET_TOLERANCE, by);
    return buf;
}

/* ---- text -------------------------------------------------------------------- */

static void load_text(const struct sim_fc_phase *p, const struct wl_phase *ph,
                      char *buf, size_t len)
{
    char a[32], b[32];
    if (ph->kind == WL_PHASE_IDLE)
        snprintf(buf, len, "idle");
    else if (ph->kind == WL_PHASE_CLOSED)
        snprintf(buf, len, "%d small + %d large outstanding", ph->num_small, ph->num_large);
    else
        snprintf(buf, len, "%s IOPS + %s MB/s asked", fmt_rate(p->offered[WL_SMALL], a, sizeof a),
                 fmt_rate(p->offered[WL_LARGE], b, sizeof b));
}

/* A phase's last word: served or not, and what bound one that was not;
   one an interrupt cut is not called served on what it did so far (the
   verdict line says "so far").  Into buf; returns buf. */
static char *phase_verdict(const struct sim_fc_phase *p, bool lost, char *buf, size_t len)
{
    const char *cut = lost ? "cut by the data loss" : "interrupted";
    const char *word = !p->served ? p->incomplete ? lost ? "NOT served, cut by the data loss"
                                                         : "NOT served so far (interrupted)"
                                                  : "NOT served"
                     : p->incomplete ? cut : "served";
    if (!p->served && p->limited_by != SIM_LIMIT_OFFERED_LOAD)
        snprintf(buf, len, "%s, limited by %s", word, sim_limit_label(p->limited_by));
    else
        snprintf(buf, len, "%s", word);
    return buf;
}

static void phase_line(FILE *f, const struct report_fc_info *in, const struct sim_fc_phase *p)
{
    const struct wl_phase *ph = &in->schedule->phase[p->phase];
    char t0[32], t1[32], load[96], si[32], lm[32], l1[32], l2[32], v[96];
    load_text(p, ph, load, sizeof load);
    double unmet = fmax(p->unmet_frac[WL_SMALL], p->unmet_frac[WL_LARGE]);
    fprintf(f, "  day %-3d %-14s %s-%s  %-34s %9s IOPS %8s MB/s  unmet %3.0f %%  p99 %s / %s  %s\n",
            p->day + 1, ph->name, clock_of(p->start_s, t0, sizeof t0),
            clock_end(p->start_s + p->length_s, t1, sizeof t1), load,
            fmt_rate(p->small_iops, si, sizeof si), fmt_rate(p->large_mbps, lm, sizeof lm),
            100 * unmet, report_fmt_latency_whole(p->small_p99_us, l1, sizeof l1),
            report_fmt_latency_whole(p->large_p99_us, l2, sizeof l2),
            phase_verdict(p, false, v, sizeof v));
}

/* A scaled phase's load: "scale 2", "scale 1, redo 3", "idle". */
static void scale_text(const struct wl_schedule *s, const struct wl_phase *ph,
                       char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    if (ph->kind != WL_PHASE_SCALED) {
        snprintf(buf, len, "idle");
        return;
    }
    if (ph->scale >= 0)
        n += (size_t)snprintf(buf, len, "scale %g", ph->scale);
    for (int k = 0; k < s->n_class_cols && n < len; k++)
        if (ph->class_scale[k] >= 0)
            n += (size_t)snprintf(buf + n, len - n, "%s%s %g", n ? ", " : "scale ",
                                  s->class_col[k], ph->class_scale[k]);
}

/* A database workload's phase: a line for it, a line per class. */
static void db_phase_lines(FILE *f, const struct report_fc_info *in,
                           const struct sim_forecast_result *r, size_t i)
{
    const struct sim_fc_phase *p = &r->phases[i];
    const struct wl_phase *ph = &in->schedule->phase[p->phase];
    char t0[32], t1[32], load[160], v[96], a[32], b[32], l[32];
    scale_text(in->schedule, ph, load, sizeof load);
    fprintf(f, "  day %-3d %-14s %s-%s  %-34s %s\n", p->day + 1, ph->name,
            clock_of(p->start_s, t0, sizeof t0),
            clock_end(p->start_s + p->length_s, t1, sizeof t1), load,
            phase_verdict(p, r->fail && r->fail->outcome == SIM_FAIL_DATA_LOST, v, sizeof v));
    for (int c = 0; c < r->n_classes; c++) {
        const struct sim_fc_class *k = &r->phase_cls[i * (size_t)r->n_classes + (size_t)c];
        char ask[64] = "";
        if (k->offered_iops > 0)
            snprintf(ask, sizeof ask, "asked %s IOPS, unmet %3.0f %%",
                     fmt_rate(k->offered_iops, a, sizeof a), 100 * k->unmet_frac);
        else if (k->load > 0)
            snprintf(ask, sizeof ask, "%d outstanding", k->load);
        else
            snprintf(ask, sizeof ask, "not running");
        fprintf(f, "      %-16s %9s IOPS %8s MB/s  %-32s p99 %s\n", r->class_name[c],
                fmt_rate(k->iops, a, sizeof a), fmt_rate(k->mbps, b, sizeof b), ask,
                k->p99_us > 0 ? report_fmt_latency_whole(k->p99_us, l, sizeof l) : "-");
    }
}

static void steady_text(FILE *f, const struct sim_forecast_result *r)
{
    if (r->steady)
        fprintf(f, "Days: %d simulated; steady after %d day%s (every bucket started "
                "day %d within %.1f %% of where it started day %d)\n", r->days,
                r->steady_after_days, r->steady_after_days == 1 ? "" : "s",
                r->steady_after_days + 1, 100 * SIM_FORECAST_STEADY_FRAC,
                r->steady_after_days);
    else
        fprintf(f, "Days: %d simulated; the credit balances at a day's start %s\n",
                r->days, r->days > 1 ? "still change from day to day" :
                "were not compared (one day)");
}

/* Volumes whose buckets do the same within GROUP_S of each other (a disk
   group's volumes share its load evenly) print as one line. */
#define GROUP_S 60.0

static bool same_group(const struct sim_forecast_result *r, const struct sim_fc_event *a,
                       const struct sim_fc_event *b)
{
    return a->kind == b->kind && a->kind != SIM_FC_UNMET && b->at_s - a->at_s <= GROUP_S &&
           r->bucket[a->bucket].disk >= 0 && r->bucket[b->bucket].disk >= 0 &&
           r->bucket[a->bucket].limit == r->bucket[b->bucket].limit;
}

/* Whether one of events [i, j) is of disk d's bucket. */
static bool group_has_disk(const struct sim_forecast_result *r, size_t i, size_t j, int d)
{
    for (size_t k = i; k < j; k++)
        if (r->bucket[r->events[k].bucket].disk == d)
            return true;
    return false;
}

/* The volumes of events [i, j): "DATA_a ... DATA_b" when they are every
   disk from a to b, else each named, "DATA_0000, DATA_0001, DATA_0003". */
static void group_volumes(const struct sim_forecast_result *r, size_t i, size_t j,
                          char *buf, size_t len)
{
    int lo = r->bucket[r->events[i].bucket].disk, hi = lo;
    bool every = true;

    for (size_t k = i; k < j; k++) {
        int d = r->bucket[r->events[k].bucket].disk;
        lo = d < lo ? d : lo;
        hi = d > hi ? d : hi;
    }
    for (int d = lo; d <= hi && every; d++)
        every = group_has_disk(r, i, j, d);
    if (every) {
        snprintf(buf, len, "DATA_%04d ... DATA_%04d", lo, hi);
        return;
    }
    size_t n = 0;
    buf[0] = '\0';
    for (int d = lo; d <= hi && n < len; d++)
        if (group_has_disk(r, i, j, d)) {
            int w = snprintf(buf + n, len - n, "%sDATA_%04d", n ? ", " : "", d);
            n += w > 0 ? (size_t)w : 0;
        }
}

/* How far apart the events of a group are: "at once" when they fall
   in the same tenth of a second (the levels are polled every 100 ms),
   "within 0.4 s" below a second, else whole seconds ("within 0 s" read
   as a bug). */
static void spread_text(double s, char *buf, size_t len)
{
    if (s < 0.05)
        snprintf(buf, len, "at once");
    else if (s < 0.95)
        snprintf(buf, len, "within %.1f s", s);
    else
        snprintf(buf, len, "within %.0f s", s);
}

/* Events [i, j) as one line: the first's words, its volume's name made
   "N volumes (<group_volumes>)" and when they happened added ("within
   S s", spread_text). */
static void group_line(FILE *f, const struct report_fc_info *in,
                       const struct sim_forecast_result *r, size_t i, size_t j)
{
    char line[512], who[32], volumes[400], spread[32];
    const struct sim_fc_event *e = &r->events[i];
    report_fc_event_text(in, r, e, line, sizeof line);
    if (j - i < 2) {
        fprintf(f, "  %s\n", line);
        return;
    }
    group_volumes(r, i, j, volumes, sizeof volumes);
    snprintf(who, sizeof who, "DATA_%04d", r->bucket[e->bucket].disk);
    char *at = strstr(line, who);
    if (!at) {
        fprintf(f, "  %s\n", line);
        return;
    }
    *at = '\0';
    const char *rest = at + strlen(who);
    bool earns = strncmp(rest, " earns ", 7) == 0;     /* the plural's verb */
    spread_text(r->events[j - 1].at_s - e->at_s, spread, sizeof spread);
    fprintf(f, "  %s%zu volumes (%s)%s%s, %s\n", line, j - i, volumes,
            earns ? " earn " : "", earns ? rest + 7 : rest, spread);
}


/* ---- a disk lost (r->fail), or disks added (r->add) --------------------------------- */

static const char *const FAIL_PHASE_ID[SIM_PHASES] = {
    "before", "degraded", "rebalancing", "restored",
};

/* The operation the forecast lived through: a failure or an add; NULL
   without one. */
static const struct sim_fc_fail *op_of(const struct sim_forecast_result *r)
{
    return r->fail ? r->fail : r->add;
}

/* Phase p's name: an add's RESTORED is the balanced group (run's). */
static const char *op_phase_id(const struct sim_fc_fail *x, int p)
{
    return x->add && p == SIM_PHASE_RESTORED ? "balanced" : FAIL_PHASE_ID[p];
}

/* The rows' key (JSON) and column (CSV) of the operation's phase. */
static const char *op_row_key(const struct sim_fc_fail *x)
{
    return x->add ? "add_phase" : "fail_phase";
}

static const char *fail_outcome_id(enum sim_fail_outcome o)
{
    static const char *const ids[] = { "restored", "data_lost", "no_room", "no_source" };
    return ids[o];
}

/* When phase p of the operation x starts within the forecast; -1 when
   it does not (not reached, or planned past the horizon: a repair timer
   that runs past the forecast's end). */
static double fail_start(const struct sim_forecast_result *r, const struct sim_fc_fail *x,
                         int p)
{
    double t = x->start_s[p];
    return t >= 0 && t < r->horizon_s ? t : -1;
}

/* Where phase p of x ends: the next reached one's start, or the
   horizon. */
static double fail_phase_end(const struct sim_forecast_result *r,
                             const struct sim_fc_fail *x, int p)
{
    for (int q = p + 1; q < SIM_PHASES; q++)
        if (fail_start(r, x, q) >= 0)
            return x->start_s[q];
    return r->horizon_s;
}

/* Whether an interrupt cut the forecast while the failure was still to
   come or in progress: before the disk went offline (or before the data
   loss it would be), or before redundancy was restored.  A failure that
   ended by the cut (restored, data lost), or whose fate was known at it
   (no room, no failure group left), keeps its outcome. */
static bool fail_interrupted(const struct sim_forecast_result *r,
                             const struct sim_fc_fail *x)
{
    double at = (double)x->ev.at_ns / 1e9;
    if (!r->incomplete)
        return false;
    if (r->horizon_s < at || (x->outcome != SIM_FAIL_DATA_LOST && r->horizon_s <= at))
        return true;
    return x->outcome == SIM_FAIL_RESTORED && fail_start(r, x, SIM_PHASE_RESTORED) < 0;
}

/* failure.outcome: "interrupted" (fail_interrupted), "not_restored" (the
   rebalance not over by the forecast's end), else the model's. */
static const char *fail_outcome(const struct sim_forecast_result *r)
{
    if (fail_interrupted(r, r->fail))
        return "interrupted";
    if (r->fail->outcome == SIM_FAIL_RESTORED && fail_start(r, r->fail, SIM_PHASE_RESTORED) < 0)
        return "not_restored";
    return fail_outcome_id(r->fail->outcome);
}

/* add_disks.outcome: "interrupted" (before the add, or while its copies
   ran), "not_balanced" (the copies not done by the forecast's end),
   "balanced". */
static const char *add_outcome(const struct sim_forecast_result *r)
{
    if (fail_interrupted(r, r->add))
        return "interrupted";
    return fail_start(r, r->add, SIM_PHASE_RESTORED) < 0 ? "not_balanced" : "balanced";
}

/* An interrupted operation's line: where the cut found it. */
static void fail_cut_line(FILE *f, const struct sim_forecast_result *r,
                          const struct sim_fc_fail *x)
{
    double t0 = fail_start(r, x, SIM_PHASE_REBALANCING);
    char a[32], b[32];
    clock_end(r->horizon_s, a, sizeof a);
    if (r->horizon_s <= (double)x->ev.at_ns / 1e9)
        fprintf(f, "  INTERRUPTED at %s, before the %s: none of it was simulated\n", a,
                x->add ? "add" : "failure");
    else if (t0 < 0)
        fprintf(f, "  INTERRUPTED at %s while degraded: the repair timer ends at %s, "
                "not simulated\n", a, clock_of((double)x->ev.at_ns / 1e9 + x->repair_s,
                                               b, sizeof b));
    else
        fprintf(f, "  INTERRUPTED at %s while the %s from %s at power %d ran: %.1f of "
                "%.1f GB moved (%.0f %%)\n", a, x->returns ? "resync" : "rebalance",
                clock_of(t0, b, sizeof b), x->power, x->moved_bytes / 1e9,
                x->to_move_bytes / 1e9,
                x->to_move_bytes > 0 ? 100 * x->moved_bytes / x->to_move_bytes : 0);
}

/* "disk 3" or "failure group 1 (disks 1, 5)". */
static void fail_what(const struct sim_fc_fail *x, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, x->ev.failgroup ? "failure group %d (disk%s "
                                : "disk %d", x->ev.index, x->n_offline == 1 ? "" : "s");
    for (int i = 0; x->ev.failgroup && i < x->n_offline && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, "%s%d%s", i ? ", " : "", x->offline[i],
                              i + 1 == x->n_offline ? ")" : "");
}

/* What bound the copies, in run's words (report_copy_bound_text): the
   limit the rebalancing rows name for the longest time. */
static void fail_copy_bound(const struct sim_fc_fail *x, char *buf, size_t len)
{
    struct report_copy_bound b = { .limit = x->phase[SIM_PHASE_REBALANCING].limited_by,
                                   .disk = -1, .power = x->power };
    report_copy_bound_text(&b, buf, len);
}

/* The copies' line when they ran to their end: their span, the data
   moved, the rate and what bound it, then `then` (what their end made). */
static void copies_done_line(FILE *f, const struct sim_fc_fail *x, const char *then)
{
    const char *what = x->returns ? "resync" : "rebalance";
    double t0 = x->start_s[SIM_PHASE_REBALANCING], t1 = x->start_s[SIM_PHASE_RESTORED];
    char a[32], b[32], d[32], bound[96];
    report_fmt_duration(t1 - t0, d, sizeof d);
    fail_copy_bound(x, bound, sizeof bound);
    fprintf(f, "  %s %s-%s at power %d: %.1f GB moved in %s (%.1f MB/s, bound by %s); "
            "%s\n", what, clock_of(t0, a, sizeof a), clock_end(t1, b, sizeof b), x->power,
            x->moved_bytes / 1e9, d, t1 > t0 ? x->moved_bytes / 1e6 / (t1 - t0) : 0,
            bound, then);
}

/* The copies' line when they did not end within the forecast; false
   when they did. */
static bool copies_open_line(FILE *f, const struct sim_forecast_result *r,
                             const struct sim_fc_fail *x)
{
    char a[32];
    if (fail_start(r, x, SIM_PHASE_RESTORED) >= 0)
        return false;
    fprintf(f, "  %s from %s at power %d: did NOT end within the forecast: %.1f of "
            "%.1f GB moved (%.0f %%)\n", x->returns ? "resync" : "rebalance",
            clock_of(x->start_s[SIM_PHASE_REBALANCING], a, sizeof a), x->power,
            x->moved_bytes / 1e9, x->to_move_bytes / 1e9,
            x->to_move_bytes > 0 ? 100 * x->moved_bytes / x->to_move_bytes : 0);
    return true;
}

/* The rebalance's line: its span and the data moved, or why none. */
static void fail_restore_line(FILE *f, const struct sim_forecast_result *r)
{
    const struct sim_fc_fail *x = r->fail;
    const char *what = x->returns ? "resync" : "rebalance";
    double t0 = fail_start(r, x, SIM_PHASE_REBALANCING), t1 = x->start_s[SIM_PHASE_RESTORED];
    char b[32], e[32], then[128];
    if (x->outcome == SIM_FAIL_NO_ROOM || x->outcome == SIM_FAIL_NO_SOURCE) {
        fprintf(f, "  NOT RESTORED: %s; degraded to the %s\n",
                x->outcome == SIM_FAIL_NO_ROOM ? "no room to rebuild into (the lost data "
                "does not fit in the others' free space)" : "fewer failure groups are "
                "left than there are copies", r->incomplete ? "interruption"
                                                            : "end of the forecast");
        return;
    }
    if (t0 < 0) {
        fprintf(f, "  the repair timer runs past the forecast's end: no %s in it\n", what);
        return;
    }
    if (copies_open_line(f, r, x))
        return;
    report_fmt_duration(t1 - (double)x->ev.at_ns / 1e9, e, sizeof e);
    snprintf(then, sizeof then, "redundancy restored at %s, %s after the failure",
             clock_end(t1, b, sizeof b), e);
    copies_done_line(f, x, then);
}

/* Each phase of x reached: its span, and each class's worst row. */
static void fail_phase_lines(FILE *f, const struct sim_forecast_result *r,
                             const struct sim_fc_fail *x)
{
    char a[32], b[32], l[32];
    for (int p = 0; p < SIM_PHASES; p++) {
        if (x->start_s[p] < 0 || !(x->phase[p].length_s > 0))
            continue;
        fprintf(f, "    %-12s %s-%s ", op_phase_id(x, p), clock_of(x->start_s[p], a, sizeof a),
                clock_end(fail_phase_end(r, x, p), b, sizeof b));
        for (int c = 0; c < r->n_classes; c++)
            fprintf(f, "%s %s p99 %s unmet %.0f %%", c ? "," : "", r->class_name[c],
                    report_fmt_latency_whole(x->phase[p].p99_us[c], l, sizeof l),
                    100 * x->phase[p].unmet_frac[c]);
        fputc('\n', f);
    }
}

static void fail_text(FILE *f, const struct sim_forecast_result *r)
{
    const struct sim_fc_fail *x = r->fail;
    char what[96], at[32], rep[32];
    fail_what(x, what, sizeof what);
    clock_of((double)x->ev.at_ns / 1e9, at, sizeof at);
    fprintf(f, "Failure: %s of the first disk group offline at %s\n", what, at);
    if (fail_interrupted(r, x) && r->horizon_s <= (double)x->ev.at_ns / 1e9) {
        fail_cut_line(f, r, x);
        fprintf(f, "  failure phases (each class's worst interval: p99, unmet):\n");
        fail_phase_lines(f, r, x);
        return;
    }
    if (x->outcome == SIM_FAIL_DATA_LOST) {
        char disks[32];
        snprintf(disks, sizeof disks, x->lost_a == x->lost_b ? "disk %d" : "disks %d and %d",
                 x->lost_a, x->lost_b);
        fprintf(f, "  DATA LOST: an extent had every copy on offline %s; the forecast "
                "stops at the failure\n", disks);
        return;
    }
    report_fmt_duration(x->repair_s, rep, sizeof rep);
    fprintf(f, "  repair timer %s (%s%s), then %s; %.1f GB to %s (%s)\n", rep,
            x->fg_repair ? "FAILGROUP_REPAIR_TIME" : "DISK_REPAIR_TIME",
            x->repair_default ? "'s default" : ", --repair-time",
            x->returns ? "the disk returns: its stale AUs resynced" : "dropped: rebuilt "
            "on the others", x->to_move_bytes / 1e9, x->returns ? "resync" : "rebuild",
            x->returns ? "stale AUs by the repair time, estimated" : "--used of the disk");
    if (fail_interrupted(r, x))
        fail_cut_line(f, r, x);
    else
        fail_restore_line(f, r);
    fprintf(f, "  failure phases (each class's worst interval: p99, unmet):\n");
    fail_phase_lines(f, r, x);
}

/* Disks added (r->add): when, how many, the data to move, the rebalance
   (or where it stood at the end or the interrupt), the phases. */
static void add_text(FILE *f, const struct sim_forecast_result *r)
{
    const struct sim_fc_fail *x = r->add;
    int old = x->old_disks, n = x->n_offline;
    char at[32], then[64];
    clock_of((double)x->ev.at_ns / 1e9, at, sizeof at);
    fprintf(f, "Disks added: %d to the first disk group at %s, %d -> %d disks\n", n, at,
            old, old + n);
    fprintf(f, "  %.1f GB to move: the new disks' share, --used %.0f %% x %d disks x "
            "%.1f GB x %d / %d\n", x->to_move_bytes / 1e9, 100 * x->used_frac, old,
            (double)x->disk_bytes / 1e9, n, old + n);
    if (fail_interrupted(r, x))
        fail_cut_line(f, r, x);
    else if (!copies_open_line(f, r, x)) {
        snprintf(then, sizeof then, "balanced at %s",
                 clock_end(x->start_s[SIM_PHASE_RESTORED], at, sizeof at));
        copies_done_line(f, x, then);
    }
    fprintf(f, "  add phases (each class's worst interval: p99, unmet):\n");
    fail_phase_lines(f, r, x);
}

void report_forecast_text(FILE *f, const struct report_fc_info *in,
                          const struct sim_forecast_result *r)
{
    char line[512];
    fprintf(f, "Events:\n");
    if (r->n_events == 0)
        fprintf(f, "  none: no bucket ran dry or filled up, no demand went unmet\n");
    for (size_t i = 0, j; i < r->n_events; i = j) {
        for (j = i + 1; j < r->n_events && same_group(r, &r->events[i], &r->events[j]); j++)
            ;
        group_line(f, in, r, i, j);
    }
    fprintf(f, r->n_classes > 0 ? "Phases (each class: delivered; p99, worst interval):\n"
                                : "Phases (delivered; p99 small / large, worst interval):\n");
    for (size_t i = 0; i < r->n_phases; i++) {
        int day = r->phases[i].day;
        if (!(day < SHOW_DAYS || day == r->days - 1))
            continue;
        if (r->n_classes > 0)
            db_phase_lines(f, in, r, i);
        else
            phase_line(f, in, &r->phases[i]);
    }
    if (r->fail)
        fail_text(f, r);
    if (r->add)
        add_text(f, r);
    steady_text(f, r);
    if (in->cost_line && in->cost_line[0])
        fprintf(f, "%s\n", in->cost_line);
    fprintf(f, "%s\n", report_fc_verdict_text(in, r, line, sizeof line));
}

/* ---- JSON -------------------------------------------------------------------- */

struct fc_json_job {
    const struct report_fc_info *in;
    const struct sim_forecast_result *r;
    const sim_stop_flag *stop;          /* optional: -EINTR when set */
};

#define STOP_POLL_ROWS 4096             /* rows between looks at the flag */

static void j_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

static void j_num(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, "%.10g", v);
    else
        fputs("null", f);
}

/* "key": value pairs; first: no comma before. */
static void kv_num(FILE *f, bool *first, const char *key, double v)
{
    fprintf(f, "%s\"%s\": ", *first ? "" : ", ", key);
    j_num(f, v);
    *first = false;
}

static void kv_str(FILE *f, bool *first, const char *key, const char *v)
{
    fprintf(f, "%s\"%s\": ", *first ? "" : ", ", key);
    j_str(f, v);
    *first = false;
}

/* A count of bytes, whole (past the 10 digits of kv_num's). */
static void kv_bytes(FILE *f, bool *first, const char *key, double v)
{
    fprintf(f, "%s\"%s\": %.0f", *first ? "" : ", ", key, v);
    *first = false;
}

static void kv_bool(FILE *f, bool *first, const char *key, bool v)
{
    fprintf(f, "%s\"%s\": %s", *first ? "" : ", ", key, v ? "true" : "false");
    *first = false;
}

static void kv_raw(FILE *f, bool *first, const char *key, const char *raw)
{
    fprintf(f, "%s\"%s\": %s", *first ? "" : ", ", key, raw);
    *first = false;
}

/* A figure that may be absent (a class a phase does not run, an offer
   a closed loop does not make): null then, never 0. */
static void kv_num_or_null(FILE *f, bool *first, const char *key, bool has, double v)
{
    if (has)
        kv_num(f, first, key, v);
    else
        kv_raw(f, first, key, "null");
}

static const char *kind_id(enum wl_phase_kind k)
{
    return k == WL_PHASE_OPEN ? "open" : k == WL_PHASE_CLOSED ? "closed"
         : k == WL_PHASE_SCALED ? "scaled" : "idle";
}

/* A scaled schedule's phase: "scale" and "class_scale" [{class,
   scale}] of its scale:CLASS columns, null where the cell is empty. */
static void json_phase_scale(FILE *f, bool *first, const struct wl_schedule *s,
                             const struct wl_phase *p)
{
    kv_num_or_null(f, first, "scale", p->scale >= 0, p->scale);
    fputs(", \"class_scale\": [", f);
    for (int k = 0; k < s->n_class_cols; k++) {
        bool inner = true;
        fputs(k ? ", {" : "{", f);
        kv_str(f, &inner, "class", s->class_col[k]);
        kv_num_or_null(f, &inner, "scale", p->class_scale[k] >= 0, p->class_scale[k]);
        fputs("}", f);
    }
    fputs("]", f);
}

/* "classes": [{name, iops, mbps, offered_iops, unmet_pct, p99_us}, ...]:
   n classes k (a phase's or a row's); offered and unmet null for a class
   not offered a rate, p99 null where none of it completed; a phase's
   "load" is the outstanding count asked in closed loop. */
static void json_classes(FILE *f, const struct sim_forecast_result *r,
                         const struct sim_fc_class *k, bool phase)
{
    fputs(", \"classes\": [", f);
    for (int c = 0; c < r->n_classes; c++) {
        bool first = true;
        fputs(c ? ", {" : "{", f);
        kv_str(f, &first, "name", r->class_name[c]);
        if (phase)
            kv_num_or_null(f, &first, "load", k[c].load > 0, k[c].load);
        kv_num(f, &first, "iops", k[c].iops);
        kv_num(f, &first, "mbps", k[c].mbps);
        kv_num_or_null(f, &first, "offered_iops", k[c].offered_iops > 0, k[c].offered_iops);
        kv_num_or_null(f, &first, "unmet_pct", k[c].offered_iops > 0, 100 * k[c].unmet_frac);
        kv_num_or_null(f, &first, "p99_us", k[c].p99_us > 0, k[c].p99_us);
        fputs("}", f);
    }
    fputs("]", f);
}

static void json_phases_of_schedule(FILE *f, const struct wl_schedule *s)
{
    fputs("[", f);
    for (int i = 0; i < s->n; i++) {
        const struct wl_phase *p = &s->phase[i];
        bool first = true;
        fputs(i ? ",\n    {" : "\n    {", f);
        kv_str(f, &first, "name", p->name);
        kv_num(f, &first, "start_s", (double)p->start_ms / 1e3);
        kv_num(f, &first, "length_s", (double)p->length_ms / 1e3);
        kv_str(f, &first, "kind", kind_id(p->kind));
        kv_num(f, &first, "small_iops", p->small_iops);
        kv_num(f, &first, "large_mbps", p->large_mbps);
        kv_str(f, &first, "arrivals", p->arrivals == WL_ARRIVE_CONSTANT ? "constant" : "poisson");
        kv_num(f, &first, "num_small", p->num_small);
        kv_num(f, &first, "num_large", p->num_large);
        kv_num(f, &first, "small_write_pct", p->write_pct[WL_SMALL]);
        kv_num(f, &first, "large_write_pct", p->write_pct[WL_LARGE]);
        if (s->scale_cols)
            json_phase_scale(f, &first, s, p);
        fputs("}", f);
    }
    fputs("]", f);
}

static void json_buckets(FILE *f, const struct report_fc_info *in,
                         const struct sim_forecast_result *r)
{
    fputs("[", f);
    for (int k = 0; k < r->buckets; k++) {
        const struct dev_bucket *b = &r->bucket[k];
        char who[64];
        double per;
        bool first = true;
        fputs(k ? ",\n    {" : "\n    {", f);
        kv_str(f, &first, "limit", sim_limit_id(b->limit));
        if (b->disk >= 0)
            kv_num(f, &first, "disk", b->disk);
        else
            kv_raw(f, &first, "disk", "null");
        kv_str(f, &first, "name", bucket_owner(in, b, who, sizeof who));
        kv_str(f, &first, "unit", bucket_unit(b, &per));
        kv_num(f, &first, "size", b->size_units * per);
        kv_num(f, &first, "base_rate", b->base_per_s * per);
        kv_num(f, &first, "burst_rate", b->burst_per_s * per);
        fputs(", \"day_start_pct\": [", f);
        for (int d = 0; d <= r->days; d++) {
            fputs(d ? ", " : "", f);
            j_num(f, r->day_start_pct[(size_t)d * (size_t)r->buckets + (size_t)k]);
        }
        fputs("]}", f);
    }
    fputs("]", f);
}

static const char *event_id(enum sim_fc_event_kind k)
{
    static const char *const ids[] = { "burst_empty", "burst_again", "burst_full", "unmet" };
    return ids[k];
}

static void json_events(FILE *f, const struct report_fc_info *in,
                        const struct sim_forecast_result *r)
{
    char text[512], when[32];
    fputs("[", f);
    for (size_t i = 0; i < r->n_events; i++) {
        const struct sim_fc_event *e = &r->events[i];
        bool first = true;
        fputs(i ? ",\n    {" : "\n    {", f);
        kv_str(f, &first, "kind", event_id(e->kind));
        kv_num(f, &first, "at_s", e->at_s);
        kv_str(f, &first, "clock", clock_of(e->at_s, when, sizeof when));
        kv_num(f, &first, "day", e->day + 1);
        kv_str(f, &first, "phase", phase_name(in, e->phase));
        if (e->kind == SIM_FC_UNMET && e->db_class >= 0 && e->db_class < r->n_classes) {
            kv_raw(f, &first, "bucket", "null");
            kv_num(f, &first, "end_s", e->end_s);
            kv_num(f, &first, "unmet_pct", 100 * e->unmet_frac);
            kv_str(f, &first, "class", r->class_name[e->db_class]);
            kv_raw(f, &first, "direction", "null");
            kv_num(f, &first, "p99_us", e->p99_us);
        } else if (e->kind == SIM_FC_UNMET) {
            kv_raw(f, &first, "bucket", "null");
            kv_num(f, &first, "end_s", e->end_s);
            kv_num(f, &first, "unmet_pct", 100 * e->unmet_frac);
            kv_str(f, &first, "class", e->cls == WL_SMALL ? "small" : "large");
            kv_str(f, &first, "direction", e->dir == SIM_READ ? "read" : "write");
            kv_num(f, &first, "p99_us", e->p99_us);
        } else {
            kv_num(f, &first, "bucket", e->bucket);
        }
        kv_str(f, &first, "text", report_fc_event_text(in, r, e, text, sizeof text));
        fputs("}", f);
    }
    fputs("]", f);
}

static void json_phases(FILE *f, const struct report_fc_info *in,
                        const struct sim_forecast_result *r)
{
    fputs("[", f);
    for (size_t i = 0; i < r->n_phases; i++) {
        const struct sim_fc_phase *p = &r->phases[i];
        bool first = true;
        fputs(i ? ",\n    {" : "\n    {", f);
        kv_num(f, &first, "day", p->day + 1);
        kv_str(f, &first, "phase", phase_name(in, p->phase));
        kv_num(f, &first, "start_s", p->start_s);
        kv_num(f, &first, "length_s", p->length_s);
        bool open = in->schedule->phase[p->phase].kind == WL_PHASE_OPEN;
        kv_num(f, &first, "small_iops", p->small_iops);
        kv_num(f, &first, "large_mbps", p->large_mbps);
        kv_num_or_null(f, &first, "offered_small_iops", open, p->offered[WL_SMALL]);
        kv_num_or_null(f, &first, "offered_large_mbps", open, p->offered[WL_LARGE]);
        kv_num_or_null(f, &first, "unmet_small_pct", p->offered[WL_SMALL] > 0,
                       100 * p->unmet_frac[WL_SMALL]);
        kv_num_or_null(f, &first, "unmet_large_pct", p->offered[WL_LARGE] > 0,
                       100 * p->unmet_frac[WL_LARGE]);
        kv_num_or_null(f, &first, "small_p99_us", p->small_p99_us > 0, p->small_p99_us);
        kv_num_or_null(f, &first, "large_p99_us", p->large_p99_us > 0, p->large_p99_us);
        kv_str(f, &first, "limited_by", sim_limit_id(p->limited_by));
        if (p->incomplete && p->served)
            kv_raw(f, &first, "served", "null");    /* not judged */
        else
            kv_bool(f, &first, "served", p->served);
        kv_bool(f, &first, "incomplete", p->incomplete);
        if (r->n_classes > 0)
            json_classes(f, r, r->phase_cls + i * (size_t)r->n_classes, true);
        fputs("}", f);
    }
    fputs("]", f);
}

static void json_lat(FILE *f, bool *first, const char *key, const struct sim_timeline_lat *l)
{
    if (l->count == 0) {
        kv_raw(f, first, key, "null");
        return;
    }
    fprintf(f, ", \"%s\": {\"avg\": ", key);
    j_num(f, l->avg_us);
    fputs(", \"p50\": ", f);
    j_num(f, l->p50_us);
    fputs(", \"p99\": ", f);
    j_num(f, l->p99_us);
    fputs("}", f);
}

static void json_row(FILE *f, const struct report_fc_info *in,
                     const struct sim_forecast_result *r, size_t i)
{
    static const char *const lat_keys[WL_CLASSES] = { "small_lat_us", "large_lat_us" };
    static const char *const dir_keys[WL_CLASSES][2] = {
        { "small_read_lat_us", "small_write_lat_us" },
        { "large_read_lat_us", "large_write_lat_us" },
    };
    const struct sim_fc_row *row = &r->rows[i];
    bool first = true;
    fputs(i ? ",\n    {" : "\n    {", f);
    kv_num(f, &first, "start_s", row->tl.start_s);
    kv_num(f, &first, "length_s", row->tl.length_s);
    kv_num(f, &first, "day", row->day + 1);
    kv_str(f, &first, "phase", phase_name(in, row->phase));
    kv_num(f, &first, "small_iops", row->tl.small_iops);
    kv_num(f, &first, "large_mbps", row->tl.large_mbps);
    kv_num(f, &first, "phys_iops", row->tl.phys_iops);
    kv_num(f, &first, "phys_mbps", row->tl.phys_mbps);
    kv_num_or_null(f, &first, "offered_small_iops", row->open, row->offered[WL_SMALL]);
    kv_num_or_null(f, &first, "offered_large_mbps", row->open, row->offered[WL_LARGE]);
    kv_num_or_null(f, &first, "unmet_small_pct", row->open && row->offered[WL_SMALL] > 0,
                   100 * row->unmet_frac[WL_SMALL]);
    kv_num_or_null(f, &first, "unmet_large_pct", row->open && row->offered[WL_LARGE] > 0,
                   100 * row->unmet_frac[WL_LARGE]);
    for (int c = 0; c < WL_CLASSES; c++) {
        json_lat(f, &first, lat_keys[c], &row->tl.lat[c]);
        for (int d = 0; d < 2; d++)
            json_lat(f, &first, dir_keys[c][d], &row->tl.lat_dir[c][d]);
    }
    kv_str(f, &first, "limited_by", sim_limit_id(row->tl.limited_by));
    fputs(", \"bucket_pct\": [", f);
    for (int k = 0; k < r->buckets; k++) {
        fputs(k ? ", " : "", f);
        j_num(f, r->bucket_pct[i * (size_t)r->buckets + (size_t)k]);
    }
    fputs("]", f);
    if (op_of(r)) {
        kv_str(f, &first, op_row_key(op_of(r)), op_phase_id(op_of(r), row->fail_phase));
        kv_num_or_null(f, &first, "copy_mbps", row->fail_phase == SIM_PHASE_REBALANCING,
                       row->copy_mbps);
    }
    if (r->n_classes > 0)
        json_classes(f, r, r->row_cls + i * (size_t)r->n_classes, false);
    fputs("}", f);
}

/* "space": the space rules at the failure (the run's failure.space). */
static void json_fail_space(FILE *f, const struct lay_space *sp)
{
    bool first = true;
    fputs(", \"space\": {", f);
    kv_bytes(f, &first, "total_bytes", (double)sp->total_bytes);
    kv_bytes(f, &first, "free_bytes", (double)sp->free_bytes);
    kv_bytes(f, &first, "required_mirror_free_bytes", (double)sp->required_mirror_free_bytes);
    kv_bytes(f, &first, "usable_file_bytes", (double)sp->usable_file_bytes);
    kv_bytes(f, &first, "lost_bytes", (double)sp->lost_bytes);
    kv_bytes(f, &first, "survivor_free_bytes", (double)sp->survivor_free_bytes);
    kv_bool(f, &first, "rebuild_fits", sp->rebuild_fits);
    fputs("}", f);
}

/* "phases": each phase of x reached: its span and each class's worst
   row (p99 null where none of it completed). */
static void json_fail_phases(FILE *f, const struct sim_forecast_result *r,
                             const struct sim_fc_fail *x)
{
    bool any = false;
    fputs(", \"phases\": [", f);
    for (int p = 0; p < SIM_PHASES; p++) {
        if (x->start_s[p] < 0 || !(x->phase[p].length_s > 0))
            continue;
        bool first = true;
        fputs(any ? ", {" : "{", f);
        any = true;
        kv_str(f, &first, "phase", op_phase_id(x, p));
        kv_num(f, &first, "start_s", x->start_s[p]);
        kv_num(f, &first, "end_s", fail_phase_end(r, x, p));
        kv_str(f, &first, "limited_by", sim_limit_id(x->phase[p].limited_by));
        fputs(", \"classes\": [", f);
        for (int c = 0; c < r->n_classes; c++) {
            bool inner = true;
            fputs(c ? ", {" : "{", f);
            kv_str(f, &inner, "name", r->class_name[c]);
            kv_num_or_null(f, &inner, "worst_p99_us", x->phase[p].p99_us[c] > 0,
                           x->phase[p].p99_us[c]);
            kv_num(f, &inner, "worst_unmet_pct", 100 * x->phase[p].unmet_frac[c]);
            fputs("}", f);
        }
        fputs("]}", f);
    }
    fputs("]", f);
}

/* "copy_limited_by": what bound the copies of x (the rebalancing rows'
   limit for the longest time), null when none ran (t0 < 0). */
static void json_copy_limit(FILE *f, bool *first, const struct sim_fc_fail *x, double t0)
{
    enum sim_limit copies = x->phase[SIM_PHASE_REBALANCING].limited_by;
    if (t0 >= 0 && x->phase[SIM_PHASE_REBALANCING].length_s > 0)
        kv_str(f, first, "copy_limited_by", copies == SIM_LIMIT_OFFERED_LOAD
                                            ? REPORT_COPY_LATENCY_ID : sim_limit_id(copies));
    else
        kv_raw(f, first, "copy_limited_by", "null");
}

/* "failure": what a disk lost during the forecast did (r->fail). */
static void json_fail(FILE *f, const struct sim_forecast_result *r)
{
    const struct sim_fc_fail *x = r->fail;
    double at = (double)x->ev.at_ns / 1e9, t0 = fail_start(r, x, SIM_PHASE_REBALANCING);
    double t1 = fail_start(r, x, SIM_PHASE_RESTORED);
    bool lost = x->outcome == SIM_FAIL_DATA_LOST;
    char when[32];
    bool first = true;
    fputs(",\n  \"failure\": {", f);
    kv_str(f, &first, "outcome", fail_outcome(r));
    kv_str(f, &first, "what", x->ev.failgroup ? "failgroup" : "disk");
    kv_num(f, &first, "index", x->ev.index);
    kv_num(f, &first, "at_s", at);
    kv_str(f, &first, "clock", clock_of(at, when, sizeof when));
    fputs(", \"offline_disks\": [", f);
    for (int i = 0; i < x->n_offline; i++)
        fprintf(f, "%s%d", i ? ", " : "", x->offline[i]);
    fputs("]", f);
    if (lost)
        fprintf(f, ", \"lost_disks\": [%d, %d]", x->lost_a, x->lost_b);
    else
        kv_raw(f, &first, "lost_disks", "null");
    kv_str(f, &first, "repair_parameter", x->fg_repair ? "FAILGROUP_REPAIR_TIME"
                                                       : "DISK_REPAIR_TIME");
    kv_num(f, &first, "repair_s", x->repair_s);
    kv_bool(f, &first, "repair_default", x->repair_default);
    kv_str(f, &first, "then", x->returns ? "resync" : "rebuild");
    kv_num(f, &first, "power", x->power);
    kv_num(f, &first, "used_frac", x->used_frac);
    kv_num(f, &first, "copy_io_bytes", x->au_bytes);
    if (t0 >= 0) {
        kv_bytes(f, &first, "to_move_bytes", x->to_move_bytes);
        kv_bytes(f, &first, "moved_bytes", x->moved_bytes);
    } else {
        kv_raw(f, &first, "to_move_bytes", "null");
        kv_raw(f, &first, "moved_bytes", "null");
    }
    kv_num_or_null(f, &first, "stale_aus_at_repair", x->returns && t0 >= 0, x->stale_aus);
    json_copy_limit(f, &first, x, t0);
    kv_num_or_null(f, &first, "rebalance_start_s", t0 >= 0, t0);
    kv_num_or_null(f, &first, "restored_s", t1 >= 0, t1);
    kv_num_or_null(f, &first, "restore_s", t1 >= 0, t1 - t0);
    kv_num_or_null(f, &first, "exposed_s", t1 >= 0, t1 - at);
    json_fail_space(f, &x->space);
    json_fail_phases(f, r, x);
    fputs("}", f);
}

/* "add_disks": what disks added during the forecast did (r->add); run's
   add_disks keys where they apply, the failure object's for the rest. */
static void json_add(FILE *f, const struct sim_forecast_result *r)
{
    const struct sim_fc_fail *x = r->add;
    double at = (double)x->ev.at_ns / 1e9, t0 = fail_start(r, x, SIM_PHASE_REBALANCING);
    double t1 = fail_start(r, x, SIM_PHASE_RESTORED);
    char when[32];
    bool first = true;
    fputs(",\n  \"add_disks\": {", f);
    kv_str(f, &first, "outcome", add_outcome(r));
    kv_num(f, &first, "added", x->n_offline);
    kv_num(f, &first, "at_s", at);
    kv_str(f, &first, "clock", clock_of(at, when, sizeof when));
    kv_num(f, &first, "disks_before", x->old_disks);
    kv_num(f, &first, "disks_after", x->old_disks + x->n_offline);
    kv_bytes(f, &first, "disk_bytes", (double)x->disk_bytes);
    fputs(", \"new_disks\": [", f);
    for (int i = 0; i < x->n_offline; i++)
        fprintf(f, "%s%d", i ? ", " : "", x->offline[i]);
    fputs("]", f);
    kv_num(f, &first, "power", x->power);
    kv_num(f, &first, "used_frac", x->used_frac);
    kv_num(f, &first, "copy_io_bytes", x->au_bytes);
    kv_bytes(f, &first, "to_move_bytes", x->to_move_bytes);
    if (t0 >= 0)
        kv_bytes(f, &first, "moved_bytes", x->moved_bytes);
    else
        kv_raw(f, &first, "moved_bytes", "null");
    kv_num_or_null(f, &first, "copy_mbps", t1 > t0 && t0 >= 0,
                   x->moved_bytes / 1e6 / (t1 - t0));
    json_copy_limit(f, &first, x, t0);
    kv_num_or_null(f, &first, "rebalance_start_s", t0 >= 0, t0);
    kv_num_or_null(f, &first, "balanced_s", t1 >= 0, t1);
    kv_num_or_null(f, &first, "balance_s", t1 >= 0, t1 - t0);
    json_fail_space(f, &x->space);
    json_fail_phases(f, r, x);
    fputs("}", f);
}

static void json_head(FILE *f, const struct report_fc_info *in,
                      const struct sim_forecast_result *r)
{
    char started[40];
    bool first = true;
    report_meta_started(in->meta, started, sizeof started);
    fputs("{\n  ", f);
    kv_str(f, &first, "kind", "forecast");
    kv_num(f, &first, "schema", FORECAST_SCHEMA);
    kv_str(f, &first, "version", in->meta->version);
    kv_str(f, &first, "testname", in->meta->testname);
    kv_str(f, &first, "started", started);
    kv_str(f, &first, "command_line", in->meta->command_line);
    fputs(",\n  \"config\": {", f);
    first = true;
    kv_str(f, &first, "instance", in->instance);
    kv_str(f, &first, "volume", in->volume);
    kv_num(f, &first, "disks", in->disks);
    kv_bool(f, &first, "exact", r->exact);
    kv_num(f, &first, "interval_s", r->interval_s);
    if (in->repeat_days > 0)
        kv_num(f, &first, "repeat_days", in->repeat_days);
    else
        kv_raw(f, &first, "repeat_days", "null");
    if (r->n_classes > 0) {
        kv_str(f, &first, "workload", in->workload);
        kv_str(f, &first, "groups_text", in->groups);   /* "groups" is the
                                                            runs' array */
        kv_str(f, &first, "note", in->note);
    }
    fputs("},\n  \"schedule\": {", f);
    first = true;
    kv_str(f, &first, "source", in->schedule_source);
    kv_num(f, &first, "day_s", (double)in->schedule->day_ms / 1e3);
    kv_bool(f, &first, "clock", in->schedule->clock);
    fputs(", \"phases\": ", f);
    json_phases_of_schedule(f, in->schedule);
    fputs("},\n  ", f);
}

/* "cost": the monthly bill, or null without prices. */
static void json_cost(FILE *f, bool *first, const struct report_fc_info *in)
{
    if (!in->cost_line) {
        kv_raw(f, first, "cost", "null");
        return;
    }
    bool inner = true;
    fputs("\"cost\": {", f);
    *first = false;
    if (in->cost_instance_usd_month >= 0)
        kv_num(f, &inner, "instance_usd_month", in->cost_instance_usd_month);
    else
        kv_raw(f, &inner, "instance_usd_month", "null");
    kv_num(f, &inner, "volumes_usd_month", in->cost_volumes_usd_month);
    kv_num(f, &inner, "total_usd_month", in->cost_total_usd_month);
    kv_str(f, &inner, "text", in->cost_line);
    fputs("}", f);
}

static int forecast_json_write(FILE *f, void *arg)
{
    const struct fc_json_job *j = arg;
    const struct sim_forecast_result *r = j->r;
    char verdict[512];
    bool first = true;
    json_head(f, j->in, r);
    kv_num(f, &first, "days", r->days);
    kv_bool(f, &first, "steady", r->steady);
    if (r->steady)
        kv_num(f, &first, "steady_after_days", r->steady_after_days);
    else
        kv_raw(f, &first, "steady_after_days", "null");
    kv_bool(f, &first, "incomplete", r->incomplete);
    kv_num(f, &first, "horizon_s", r->horizon_s);
    fputs(",\n  \"buckets\": ", f);
    json_buckets(f, j->in, r);
    fputs(",\n  \"events\": ", f);
    json_events(f, j->in, r);
    fputs(",\n  \"phases\": ", f);
    json_phases(f, j->in, r);
    fputs(",\n  \"verdict\": {", f);
    first = true;
    /* an interrupted day served so far is not judged: null, as the phase
       it cut (json_phases); one already not served stays false */
    if (r->incomplete && r->served)
        kv_raw(f, &first, "served", "null");
    else
        kv_bool(f, &first, "served", r->served);
    kv_num(f, &first, "tolerance_pct", 100 * SIM_FORECAST_UNMET_TOLERANCE);
    if (r->served) {
        kv_raw(f, &first, "first_unserved", "null");
    } else {
        const struct sim_fc_phase *p = &r->phases[r->first_unserved];
        fprintf(f, ", \"first_unserved\": {\"day\": %d, \"phase\": ", p->day + 1);
        j_str(f, phase_name(j->in, p->phase));
        fputs("}", f);
    }
    kv_str(f, &first, "text", report_fc_verdict_text(j->in, r, verdict, sizeof verdict));
    fputs("},\n  ", f);
    first = true;
    json_cost(f, &first, j->in);
    if (r->fail)
        json_fail(f, r);
    if (r->add)
        json_add(f, r);
    fputs(",\n  \"fast_path\": {", f);
    first = true;
    kv_num(f, &first, "windows", r->windows);
    kv_num(f, &first, "cache_hits", r->cache_hits);
    kv_num(f, &first, "simulated_s", r->simulated_s);
    fputs("},\n  \"timeline\": [", f);
    for (size_t i = 0; i < r->n_rows; i++) {
        if (i % STOP_POLL_ROWS == 0 && sim_stop_is_set(j->stop))
            return -EINTR;
        json_row(f, j->in, r, i);
    }
    fputs("]\n}\n", f);
    return ferror(f) ? -EIO : 0;
}

int report_forecast_json(const char *path, const struct report_fc_info *in,
                         const struct sim_forecast_result *r, char *why,
                         size_t why_len)
{
    struct fc_json_job job = { in, r, NULL };
    if (strcmp(path, "-") != 0)
        return report_write_atomic(path, forecast_json_write, &job, why, why_len);
    return report_write_stdout(forecast_json_write, &job, "forecast JSON", why, why_len);
}

int report_forecast_json_text(const struct report_fc_info *in,
                              const struct sim_forecast_result *r,
                              const sim_stop_flag *stop, char **text,
                              char *why, size_t why_len)
{
    struct fc_json_job job = { in, r, stop };
    size_t len = 0;
    FILE *f = open_memstream(text, &len);
    int rc = f ? forecast_json_write(f, &job) : -ENOMEM;

    if (f && fclose(f) != 0 && rc == 0)
        rc = -ENOMEM;
    if (rc != 0) {
        if (f)
            free(*text);
        *text = NULL;
        snprintf(why, why_len, "cannot make the forecast JSON: %s", strerror(-rc));
    }
    return rc;
}

/* ---- CSV --------------------------------------------------------------------- */

/* A cell that may be absent (as the JSON's null): empty then. */
static void csv_cell(FILE *f, bool has, int decimals, double v)
{
    fputc(',', f);
    if (has)
        fprintf(f, "%.*f", decimals, v);
}

/* The six latency cells of a row, avg / p50 / p99 of each class; empty
   cells for a class with no I/O in the row. */
static void csv_lat_cells(FILE *f, const struct sim_timeline_row *row)
{
    for (int c = 0; c < WL_CLASSES; c++) {
        const struct sim_timeline_lat *l = &row->lat[c];
        const double v[3] = { l->avg_us, l->p50_us, l->p99_us };
        for (int k = 0; k < 3; k++)
            if (l->count > 0)
                fprintf(f, ",%.3f", v[k]);
            else
                fputc(',', f);
    }
}

/* The header: docs/fields.md, "Forecast timeline CSV", names each. */
static const char FORECAST_CSV_COLUMNS[] =
    "day,phase,start_s,length_s,small_iops,large_mbps,phys_iops,phys_mbps,"
    "offered_small_iops,offered_large_mbps,unmet_small_pct,unmet_large_pct,"
    "small_lat_avg_us,small_lat_p50_us,small_lat_p99_us,large_lat_avg_us,"
    "large_lat_p50_us,large_lat_p99_us,limited_by,min_bucket_pct";

/* The least bucket level at row i's end, or an empty cell. */
static void csv_min_bucket(FILE *f, const struct sim_forecast_result *r, size_t i)
{
    double least = 100;
    for (int k = 0; k < r->buckets; k++)
        least = fmin(least, r->bucket_pct[i * (size_t)r->buckets + (size_t)k]);
    if (r->buckets > 0)
        fprintf(f, "%.2f", least);
}

/* A database workload's timeline: the row, then five columns per class
   (CLASS_iops, CLASS_mbps, CLASS_offered_iops, CLASS_unmet_pct,
   CLASS_p99_us; docs/fields.md), empty where the JSON has null. */
static int forecast_db_csv_write(FILE *f, const struct sim_forecast_result *r)
{
    fprintf(f, "# asmsim forecast timeline CSV, schema %d; every column is "
            "explained in docs/fields.md\nday,phase,start_s,length_s,phys_iops,"
            "phys_mbps,limited_by,min_bucket_pct%s", FORECAST_SCHEMA,
            !op_of(r) ? "" : r->add ? ",add_phase,copy_mbps" : ",fail_phase,copy_mbps");
    for (int c = 0; c < r->n_classes; c++) {
        const char *n = r->class_name[c];
        fprintf(f, ",%s_iops,%s_mbps,%s_offered_iops,%s_unmet_pct,%s_p99_us", n, n, n, n, n);
    }
    fputc('\n', f);
    for (size_t i = 0; i < r->n_rows; i++) {
        const struct sim_fc_row *row = &r->rows[i];
        fprintf(f, "%d,%d,%.3f,%.3f,%.2f,%.3f,%s,", row->day + 1, row->phase + 1,
                row->tl.start_s, row->tl.length_s, row->tl.phys_iops, row->tl.phys_mbps,
                sim_limit_id(row->tl.limited_by));
        csv_min_bucket(f, r, i);
        if (op_of(r)) {
            fprintf(f, ",%s", op_phase_id(op_of(r), row->fail_phase));
            csv_cell(f, row->fail_phase == SIM_PHASE_REBALANCING, 3, row->copy_mbps);
        }
        for (int c = 0; c < r->n_classes; c++) {
            const struct sim_fc_class *k = &r->row_cls[i * (size_t)r->n_classes + (size_t)c];
            fprintf(f, ",%.2f,%.3f", k->iops, k->mbps);
            csv_cell(f, k->offered_iops > 0, 2, k->offered_iops);
            csv_cell(f, k->offered_iops > 0, 2, 100 * k->unmet_frac);
            csv_cell(f, k->p99_us > 0, 3, k->p99_us);
        }
        fputc('\n', f);
    }
    return ferror(f) ? -EIO : 0;
}

static int forecast_csv_write(FILE *f, void *arg)
{
    const struct sim_forecast_result *r = arg;
    if (r->n_classes > 0)
        return forecast_db_csv_write(f, r);
    fprintf(f, "# asmsim forecast timeline CSV, schema %d; every column is "
            "explained in docs/fields.md\n%s\n", FORECAST_SCHEMA, FORECAST_CSV_COLUMNS);
    for (size_t i = 0; i < r->n_rows; i++) {
        const struct sim_fc_row *row = &r->rows[i];
        fprintf(f, "%d,%d,%.3f,%.3f,%.2f,%.3f,%.2f,%.3f",
                row->day + 1, row->phase + 1, row->tl.start_s, row->tl.length_s,
                row->tl.small_iops, row->tl.large_mbps, row->tl.phys_iops,
                row->tl.phys_mbps);
        csv_cell(f, row->open, 2, row->offered[WL_SMALL]);
        csv_cell(f, row->open, 3, row->offered[WL_LARGE]);
        for (int c = 0; c < WL_CLASSES; c++)
            csv_cell(f, row->open && row->offered[c] > 0, 2, 100 * row->unmet_frac[c]);
        csv_lat_cells(f, &row->tl);
        fprintf(f, ",%s,", sim_limit_id(row->tl.limited_by));
        csv_min_bucket(f, r, i);
        fputc('\n', f);
    }
    return ferror(f) ? -EIO : 0;
}

int report_forecast_csv(const char *path, const struct sim_forecast_result *r,
                        char *why, size_t why_len)
{
    return report_write_atomic(path, forecast_csv_write, (void *)r, why, why_len);
}
