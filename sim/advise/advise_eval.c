/*
 * advise_eval.c - one candidate simulated and judged.
 *
 * The simulation is exactly the `asmsim run` that adv_run_command()
 * prints for the candidate: the model backend, one failure group per
 * disk, coarse 1 MiB AU, ORION's run `simple` when both classes have a
 * target (`dss` for large only, `oltp` for small only), levels extended to
 * saturation, auto-duration points (95 % CI within 1 %, at most 60 s of
 * device time, as `asmsim run` does by default on modelled volumes), and
 * burst buckets empty at every point (sustained) or full (--burst-ok).
 *
 * Judging, in this order: usable capacity, a schedule's day (--schedule,
 * simulated by advise_schedule.c instead of the run), Maximum Large MBPS,
 * Maximum Small IOPS, small latency.  The latency is read where the load is the
 * one asked for: at the least small load whose IOPS reach need_iops (the
 * mean or the p99), or at the Minimum Small Latency point when there is no
 * IOPS target.  The first target missed is the reason of a rejection.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sim/advise/advise_internal.h"
#include "layouts/units.h"
#include "sim/model/forecast.h"
#include "sim/core/levels.h"
#include "sim/core/run.h"
#include "sim/core/shell_word.h"
#include "sim/model/dev_model.h"
#include "sim/model/setup.h"

#define AUTO_CAP_NS (60ll * SIM_NS_PER_S)   /* asmsim run --duration auto */
#define AUTO_CI 0.01

static const char *const target_labels[ADV_TARGETS] = {
    "large MB/s", "small IOPS", "small latency", "capacity", "schedule" };
static const char *const target_keys[ADV_TARGETS] = {
    "mbps", "iops", "latency", "capacity", "schedule" };

const char *adv_target_label(enum adv_target_id t)
{
    return t < ADV_TARGETS ? target_labels[t] : "?";
}

const char *adv_target_key(enum adv_target_id t)
{
    return t < ADV_TARGETS ? target_keys[t] : "?";
}

static enum wl_run run_of(const struct adv_targets *t)
{
    bool large = t->need_mbps > 0;
    bool small = t->need_iops > 0 || t->need_lat_us > 0;

    if (large && !small)
        return WL_RUN_DSS;
    if (small && !large)
        return WL_RUN_OLTP;
    return WL_RUN_SIMPLE;
}

int adv_least_small_level(const struct adv_targets *t, int disks, double at_least)
{
    struct wl_matrix_cfg mc;
    struct wl_matrix *m = NULL;
    char why[128];
    int level = 0;

    wl_matrix_cfg_defaults(&mc, disks);
    mc.run = run_of(t);
    if (wl_matrix_build(&mc, &m, why, sizeof why) != 0)
        return 1;                   /* no matrix: any level, 1 at least */
    for (int i = 0; i < m->n_small_levels && level < at_least; i++)
        level = m->small_levels[i];
    while (level < at_least)        /* the run's extension (levels.h) */
        level = sim_levels_next(level);
    wl_matrix_free(m);
    return level > 0 ? level : 1;
}

/* " --name WORD" appended at buf[*n], the value as one shell word; *n
   set past the end of buf when it does not fit (adv_command_line). */
static void add_word(char *buf, size_t len, int *n, const char *name, const char *value)
{
    char w[ADV_COMMAND_LEN];

    if (*n < 0 || (size_t)*n >= len)
        return;
    if (SIM_SHELL_WORD_BUF(strlen(value)) > sizeof w) {
        *n = (int)len;              /* too long: the whole line is */
        return;
    }
    *n += snprintf(buf + *n, len - (size_t)*n, " --%s %s", name,
                   sim_shell_word(value, w, sizeof w));
}

/* " --name" and a number or a built-in name, which no shell expands. */
static void add_plain(char *buf, size_t len, int *n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void add_plain(char *buf, size_t len, int *n, const char *fmt, ...)
{
    va_list ap;

    if (*n < 0 || (size_t)*n >= len)
        return;
    va_start(ap, fmt);
    *n += vsnprintf(buf + *n, len - (size_t)*n, fmt, ap);
    va_end(ap);
}

void adv_command_line(const struct adv_cfg *cfg, const struct adv_config *c,
                      const char *verb, char *buf, size_t len)
{
    const struct adv_targets *t = &cfg->targets;
    const struct adv_space_cfg *sc = &cfg->space;
    int n = snprintf(buf, len, "asmsim %s", verb);

    add_word(buf, len, &n, "instance", c->instance.name);
    add_word(buf, len, &n, "volume", c->volume.spec);
    add_plain(buf, len, &n, " --disks %d --redundancy %s", c->disks,
              lay_redundancy_name(t->redundancy));
    if (t->schedule)
        add_word(buf, len, &n, "schedule", t->schedule_source ? t->schedule_source : "?");
    else
        add_plain(buf, len, &n, " --write %d --run %s --burst-credits %s", t->write_pct,
                  wl_run_name(run_of(t)), sc->burst_ok ? "full" : "empty");
    /* the bill's settings, so the command prints the advice's cost */
    if (sc->os == ADV_OS_RHEL)
        add_plain(buf, len, &n, " --os rhel");
    if (c->instance.ocpus > 0 && sc->memory_per_ocpu_gb > 0)
        add_plain(buf, len, &n, " --memory %gGB", sc->memory_per_ocpu_gb * c->instance.ocpus);
    /* in KiB as before ("1024KiB"), in bytes below a KiB ("512B") */
    char size[24];
    if (t->small_bytes != 8192) {
        units_fmt_exact(t->small_bytes, KIB, false, size, sizeof size);
        add_plain(buf, len, &n, " --size-small %s", size);
    }
    if (t->large_bytes != 131072) {
        units_fmt_exact(t->large_bytes, KIB, false, size, sizeof size);
        add_plain(buf, len, &n, " --size-large %s", size);
    }
    if (cfg->seed != 1)
        add_plain(buf, len, &n, " --seed %llu", (unsigned long long)cfg->seed);
    if (n < 0 || (size_t)n >= len)      /* never a command cut short */
        snprintf(buf, len, "(the asmsim %s command is too long to print)", verb);
}

void adv_run_command(const struct adv_cfg *cfg, const struct adv_config *c,
                     char *buf, size_t len)
{
    adv_command_line(cfg, c, "run", buf, len);
}

void adv_run_cfg(const struct adv_cfg *cfg, const struct adv_config *c,
                 bool burst, struct sim_setup *su)
{
    const struct adv_targets *t = &cfg->targets;
    struct sim_run_cfg *rc = &su->run;

    sim_setup_defaults(su);
    su->instance = c->instance;
    su->volume = c->volume;
    rc->disks = c->disks;
    lay_cfg_defaults(&rc->layout, c->disks, c->volume.size_bytes);
    rc->layout.redundancy = t->redundancy;
    wl_cfg_defaults(&rc->workload, c->volume.size_bytes);
    rc->workload.small_bytes = t->small_bytes;
    rc->workload.large_bytes = t->large_bytes;
    rc->workload.write_pct = t->write_pct;
    rc->workload.seed = cfg->seed;
    wl_matrix_cfg_defaults(&rc->matrix, c->disks);
    rc->matrix.run = run_of(t);
    rc->levels = SIM_LEVELS_EXTEND;
    rc->point.auto_duration = true;
    rc->point.duration_ns = AUTO_CAP_NS;
    rc->point.ci_target = AUTO_CI;
    rc->point.warmup_ns = SIM_WARMUP_AUTO;
    rc->point.stop = cfg->stop;
    rc->burst_credit_frac = burst ? 1.0 : 0.0;
    rc->seed = cfg->seed;
    sim_setup_run(su);
}

/* The small latency to judge (see the top of the file). */
static double small_latency(const struct adv_targets *t,
                            const struct sim_run_result *r)
{
    const struct sim_point_result *pick = NULL;
    const struct sim_summary *s = &r->summary;

    for (int i = 0; i < r->n_points && t->need_iops > 0; i++) {
        const struct sim_point_result *p = &r->points[i];
        if (p->large == 0 && p->small > 0 && p->cls[WL_SMALL].iops >= t->need_iops &&
            (!pick || p->small < pick->small))
            pick = p;
    }
    for (int i = 0; i < r->n_points && !pick; i++) {
        const struct sim_point_result *p = &r->points[i];
        if (p->large == 0 && p->small == s->min_small_lat_at.small)
            pick = p;
    }
    if (!pick)
        return 0;
    return t->lat_p99 ? pick->cls[WL_SMALL].lat.p99_us : pick->cls[WL_SMALL].lat.avg_us;
}

static void figures_of(const struct adv_targets *t, const struct sim_run_result *r,
                       struct adv_figures *f)
{
    const struct sim_summary *s = &r->summary;

    memset(f, 0, sizeof *f);
    f->mbps = s->has_large ? s->max_large_mbps : 0;
    f->iops = s->has_small ? s->max_small_iops : 0;
    f->lat_us = s->has_small ? small_latency(t, r) : 0;
    f->large_limit = s->max_large_limit;
    f->small_limit = s->max_small_limit;
    f->sustained_mbps = f->mbps;
    f->sustained_iops = f->iops;
    for (int c = 0; c < WL_CLASSES; c++) {
        const struct sim_class_burst *b = &s->burst[c];
        if (!b->drawn)
            continue;
        if (!f->burst_drawn || b->lasts_s < f->burst_lasts_s)
            f->burst_lasts_s = b->lasts_s;
        f->burst_drawn = true;
        if (b->has_sustained && c == WL_LARGE)
            f->sustained_mbps = b->sustained;
        if (b->has_sustained && c == WL_SMALL)
            f->sustained_iops = b->sustained;
    }
}

static void miss(struct adv_outcome *o, enum adv_target_id t, double got, double need)
{
    if (!o->pass)
        return;
    o->pass = false;
    o->missed = t;
    o->missed_got = got;
    o->missed_need = need;
}

void adv_judge(const struct adv_targets *t, struct adv_outcome *o)
{
    const struct adv_figures *f = &o->sim;
    double least = INFINITY;
    double cap = (double)o->c.usable_bytes, need_cap = (double)t->capacity_bytes;

    o->pass = true;
    memset(o->headroom, 0, sizeof o->headroom);
    snprintf(o->binding, sizeof o->binding, "none");
    if (t->capacity_bytes > 0) {
        o->headroom[ADV_T_CAPACITY] = cap / need_cap - 1;
        if (cap < need_cap)
            miss(o, ADV_T_CAPACITY, cap, need_cap);
    }
    if (t->schedule) {
        double need = 1 - SIM_FORECAST_UNMET_TOLERANCE;
        o->headroom[ADV_T_SCHEDULE] = o->day.worst_served_frac / need - 1;
        if (!o->day.served)
            miss(o, ADV_T_SCHEDULE, o->day.worst_served_frac, need);
        least = o->headroom[ADV_T_SCHEDULE];
        snprintf(o->binding, sizeof o->binding, "%s", o->day.binding);
    }
    if (t->need_mbps > 0) {
        o->headroom[ADV_T_MBPS] = f->mbps / t->need_mbps - 1;
        if (f->mbps < t->need_mbps)
            miss(o, ADV_T_MBPS, f->mbps, t->need_mbps);
        least = o->headroom[ADV_T_MBPS];
        snprintf(o->binding, sizeof o->binding, "%s", sim_limit_label(f->large_limit));
    }
    if (t->need_iops > 0) {
        o->headroom[ADV_T_IOPS] = f->iops / t->need_iops - 1;
        if (f->iops < t->need_iops)
            miss(o, ADV_T_IOPS, f->iops, t->need_iops);
        if (o->headroom[ADV_T_IOPS] < least) {
            least = o->headroom[ADV_T_IOPS];
            snprintf(o->binding, sizeof o->binding, "%s", sim_limit_label(f->small_limit));
        }
    }
    if (t->need_lat_us > 0) {
        bool none = f->lat_us <= 0;
        o->headroom[ADV_T_LAT] = none ? -1 : t->need_lat_us / f->lat_us - 1;
        if (none || f->lat_us > t->need_lat_us)
            miss(o, ADV_T_LAT, f->lat_us, t->need_lat_us);
        if (o->headroom[ADV_T_LAT] < least)
            snprintf(o->binding, sizeof o->binding, "small latency (%s)",
                     sim_limit_label(f->small_limit));
    }
}

int adv_eval(const struct adv_cfg *cfg, const struct adv_config *c,
             bool burst, struct adv_outcome *out, char *why, size_t why_len)
{
    struct sim_setup su;
    struct sim_run_result *r = NULL;
    int ret;

    adv_run_cfg(cfg, c, burst, &su);
    ret = sim_run(&su.run, NULL, NULL, &r, why, why_len);
    if (ret < 0)
        return ret;
    out->c = *c;
    out->simulated = true;
    figures_of(&cfg->targets, r, &out->sim);
    adv_judge(&cfg->targets, out);
    ret = r->incomplete ? 1 : 0;
    sim_run_free(r);
    return ret;
}
