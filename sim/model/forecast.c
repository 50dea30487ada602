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
 *
 * A database workload (cfg->db): each phase's load is the workload's
 * scaled (sim_forecast_db_load), run exact (fc_db_phase); a phase is
 * served when no open class of it went unmet by more than the tolerance,
 * and its figures are kept per class (phase_cls).
 *
 * A disk lost (cfg->fail_run, forecast_fail.c): set up before the first
 * day; the levels repeating do not end the forecast until the failure is
 * over (restored, or for good degraded) by a day's start; data lost ends
 * it at the failure (FC_FAIL_LOST), a stop that is not an interrupt.
 * Disks added (the same cfg->fail_run with fail.add_n) likewise, over
 * once the group is balanced.
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

/* ---- a database workload's phases --------------------------------------------- */

void sim_forecast_db_load(const struct wl_schedule *s, int phase,
                          const struct sim_db_cfg *db, struct sim_class_load *out)
{
    const struct wl_phase *p = &s->phase[phase];
    *out = db->load;
    for (int c = 0; c < db->load.n; c++) {
        double k = wl_phase_class_factor(p, wl_schedule_class_col(s, db->class_name[c]));
        out->rate_iops[c] = db->load.rate_iops[c] * k;
        if (db->load.rate_iops[c] > 0)
            continue;
        double n = db->load.load[c] * k;
        out->load[c] = k > 0 && n < 1 ? 1 : (int)llround(n);
    }
}

/* The class names of db, "a, b, c", for a message. */
static void class_names(const struct sim_db_cfg *db, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int c = 0; c < db->load.n && n < len; c++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s", c ? ", " : "", db->class_name[c]);
}

/* Phase i's scaled loads within their bounds. */
static int check_db_phase(const struct wl_schedule *s, int i,
                          const struct sim_db_cfg *db, char *why, size_t why_len)
{
    struct sim_class_load l;
    sim_forecast_db_load(s, i, db, &l);
    for (int c = 0; c < l.n; c++) {
        if (l.rate_iops[c] > WL_RATE_SMALL_MAX_IOPS) {
            snprintf(why, why_len, "phase %s: class %s: %.0f I/Os per s scaled; at "
                     "most %.0f: use a smaller factor", s->phase[i].name,
                     db->class_name[c], l.rate_iops[c], WL_RATE_SMALL_MAX_IOPS);
            return -EINVAL;
        }
        if (l.load[c] > WL_MAX_OUTSTANDING) {
            snprintf(why, why_len, "phase %s: class %s: %d outstanding scaled; at "
                     "most %d: use a smaller factor", s->phase[i].name,
                     db->class_name[c], l.load[c], WL_MAX_OUTSTANDING);
            return -EINVAL;
        }
    }
    return 0;
}

int sim_forecast_db_check(const struct wl_schedule *s, const struct sim_db_cfg *db,
                          char *why, size_t why_len)
{
    char names[WL_MAX_CLASSES * WL_NAME_MAX];
    if (s->orion_cols) {
        snprintf(why, why_len, "its columns are ORION's classes' (small_iops, "
                 "large_mbps, num_small, num_large, ...); a workload's phases "
                 "scale its classes: give a 'scale' column (or scale:CLASS)");
        return -EINVAL;
    }
    for (int k = 0; k < s->n_class_cols; k++) {
        bool found = false;
        for (int c = 0; c < db->load.n && !found; c++)
            found = strcmp(db->class_name[c], s->class_col[k]) == 0;
        if (found)
            continue;
        class_names(db, names, sizeof names);
        snprintf(why, why_len, "column scale:%s: the workload has no class %s; "
                 "its classes are %s", s->class_col[k], s->class_col[k], names);
        return -EINVAL;
    }
    for (int i = 0; i < s->n; i++)
        if (check_db_phase(s, i, db, why, why_len) != 0)
            return -EINVAL;
    return 0;
}

void sim_forecast_db_pools(const struct wl_schedule *s, struct sim_db_cfg *db)
{
    const struct sim_db_cfg base = *db;
    for (int i = 0; i < s->n; i++) {
        struct sim_class_load l;
        sim_forecast_db_load(s, i, &base, &l);
        for (int c = 0; c < l.n; c++)
            if (l.load[c] > db->load.load[c])
                db->load.load[c] = l.load[c];
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
    free(r->row_cls);
    free(r->phase_cls);
    free(r->fail);
    free(r->add);
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
    size_t n_phases = (size_t)days_max * (size_t)f->cfg->schedule->n;
    res->phases = calloc(n_phases, sizeof *res->phases);
    if (res->n_classes > 0)
        res->phase_cls = calloc(n_phases * (size_t)res->n_classes, sizeof *res->phase_cls);
    if (!f->bkt || !f->level || !f->level_b || !res->bucket ||
        !res->day_start_pct || !res->phases || (res->n_classes && !res->phase_cls))
        return -ENOMEM;
    fc_read_levels(f, NULL);
    memcpy(res->bucket, f->bkt, (size_t)f->buckets * sizeof *f->bkt);
    res->buckets = f->buckets;
    int rc = fc_rows_create((double)f->cfg->interval_ns / 1e9, f->buckets,
                            res->bucket, res->n_classes, &f->rows);
    if (rc == 0)
        rc = fc_events_create(f->buckets, res->bucket, f->level, &f->events);
    return rc;
}

static void fc_release(struct fc *f)
{
    free(f->bkt);
    free(f->level);
    free(f->level_b);
    free(f->dev_bkt);
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
    memset(f->cur_cls_sum, 0, sizeof f->cur_cls_sum);
    if (pc->classes) {              /* the workload's classes keep their writes */
        f->cur_cls = f->res->phase_cls + (f->res->n_phases - 1) * (size_t)f->res->n_classes;
        for (int c = 0; c < f->res->n_classes; c++)
            f->cur_cls[c] = (struct sim_fc_class){ .offered_iops = pc->classes->rate_iops[c],
                                                   .load = pc->classes->load[c] };
        return;
    }
    wl_set_class_write_pct(f->parts->workload, WL_SMALL, pc->ph->write_pct[WL_SMALL]);
    wl_set_class_write_pct(f->parts->workload, WL_LARGE, pc->ph->write_pct[WL_LARGE]);
}

/* A database workload's phase of len s: each class's delivered rates
   and unmet share from its sums; one open class above the tolerance
   leaves the phase not served. */
static void end_db_phase(struct fc *f, struct sim_fc_phase *p, double len)
{
    for (int c = 0; f->cur_cls && c < f->res->n_classes; c++) {
        struct sim_fc_class *k = &f->cur_cls[c];
        const struct fc_cls_sums *sum = &f->cur_cls_sum[c];
        k->iops = sum->ios / len;
        k->mbps = sum->mb / len;
        if (!(k->offered_iops > 0) || !(sum->offered > 0))
            continue;
        k->unmet_frac = fmax(0, 1 - sum->served / sum->offered);
        if (k->unmet_frac > SIM_FORECAST_UNMET_TOLERANCE)
            p->served = false;
    }
    f->cur_cls = NULL;
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
        f->cur_cls = NULL;
        return;
    }
    if (f->res->n_classes > 0)
        end_db_phase(f, p, len);
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
    struct sim_class_load classes;
    if (f->cfg->db) {
        sim_forecast_db_load(s, i, f->cfg->db, &classes);
        pc.classes = &classes;
        pc.is_open = false;
        for (int c = 0; c < classes.n; c++)
            pc.is_open |= classes.rate_iops[c] > 0;
    }
    begin_phase(f, &pc);
    int rc;
    if (!wl_phase_has_load(ph))     /* idle, or a zero load: the engine
                                       has nothing to run (-EINVAL) */
        rc = fc_idle_phase(f, &pc);
    else if (pc.classes)
        rc = fc_db_phase(f, &pc);
    else if (f->res->exact) {
        double elapsed;
        struct fc_span span = { pc.start_s, pc.end_s - pc.start_s, 0 };
        rc = fc_stretch(f, &pc, &span, NULL, &elapsed);
    } else
        rc = fc_fluid_phase(f, &pc);
    bool cut = rc == 1 || rc == FC_FAIL_LOST;
    end_phase(f, cut ? fmax(f->res->horizon_s, pc.start_s) : pc.end_s, cut);
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
        double day0 = (double)day * (double)cfg->schedule->day_ms / 1e3;
        bool over = !f->fail || fc_fail_settled(f, day0);
        if (day > 0 && over && !f->res->steady && repeats_day_before(f, day)) {
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



/* Phase p's binding limit from its rows' time per limit: of the rows
   that left demand unmet when it has any (they kept it from being
   served), else of all. */
static void phase_limit(struct sim_fc_phase *p, double w[2][SIM_LIMITS])
{
    bool unmet = false;
    for (int l = 0; l < SIM_LIMITS; l++)
        unmet |= w[1][l] > 0;
    p->limited_by = fc_longest_limit(w[unmet && !p->served ? 1 : 0]);
    memset(w, 0, 2 * SIM_LIMITS * sizeof w[0][0]);
}

/* The most a class's demand went unmet in row i. */
static double row_unmet_frac(const struct sim_forecast_result *res, size_t i)
{
    const struct sim_fc_row *r = &res->rows[i];
    double un = fmax(r->unmet_frac[WL_SMALL], r->unmet_frac[WL_LARGE]);
    for (int c = 0; c < res->n_classes; c++)
        un = fmax(un, res->row_cls[i * (size_t)res->n_classes + (size_t)c].unmet_frac);
    return un;
}

/* A database workload's phase k: each class's worst interval p99. */
static void phase_class_p99(struct sim_forecast_result *res, size_t k, size_t i)
{
    size_t n = (size_t)res->n_classes;
    for (size_t c = 0; c < n; c++) {
        struct sim_fc_class *p = &res->phase_cls[k * n + c];
        p->p99_us = fmax(p->p99_us, res->row_cls[i * n + c].p99_us);
    }
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
        if (res->n_classes > 0)
            phase_class_p99(res, k, i);
        bool unmet = row_unmet_frac(res, i) > SIM_FORECAST_UNMET_TOLERANCE;
        enum sim_limit l = fc_row_limit(res, i);
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
    res->exact = cfg->exact || !hooks || cfg->db;
    if (cfg->db) {
        if (sim_forecast_db_check(cfg->schedule, cfg->db, why, why_len) != 0) {
            free(res);
            return -EINVAL;
        }
        res->n_classes = cfg->db->load.n;
        memcpy(res->class_name, cfg->db->class_name, sizeof res->class_name);
    }
    f.buckets = ops->credit ? ops->credit->buckets(&parts->ds, NULL, 0) : 0;
    int days_max = cfg->days > 0 ? cfg->days : sim_forecast_auto_days(cfg->schedule);
    int rc = fc_alloc(&f, days_max);
    why[0] = '\0';
    if (rc == 0 && cfg->fail_run)
        rc = fc_fail_create(&f, why, why_len);
    if (rc == 0)
        rc = run_days(&f);
    fc_fail_free(&f);
    if (rc >= 0) {
        res->incomplete = rc == 1;
        int e = fc_rows_finish(f.rows, res);
        f.rows = NULL;
        if (e == 0) {
            judge(res, cfg->schedule->n);
            fc_fail_sum(res);
            e = fc_events_finish(f.events, res);
            f.events = NULL;
        }
        if (e < 0)
            rc = e;
    }
    fc_release(&f);
    if (rc < 0) {
        sim_forecast_free(res);
        if (!why[0])
            snprintf(why, why_len, "the forecast failed: %s", strerror(-rc));
        return rc;
    }
    *out = res;
    return res->incomplete ? 1 : 0;
}
