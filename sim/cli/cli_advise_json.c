/*
 * cli_advise_json.c - the JSON of `asmsim advise`: what was asked (targets,
 * space), how the search went, and every configuration it reports (the
 * answer, the rejected below it, the burst alternative, the best of each
 * cloud, the closest to a target out of reach), each as one object of the
 * same shape; with no answer, what the instance constraints set aside;
 * and what one more dollar buys (pareto, cli_advise_front.c).
 * docs/fields.md ("Advise JSON") documents every key;
 * tests/fields_doc_test.sh checks it.
 *
 * The tree is built with cJSON; an allocation that fails marks the build
 * (struct tree.oom) and the document is then not written at all, so a
 * file is either whole or absent.  Figures that do not exist for a
 * configuration (a target not asked, a bound-only rejection's latency)
 * are null, not 0.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "layouts/why.h"
#include "sim/model/forecast.h"
#include "sim/report/report.h"
#include "sim/cli/cli_advise_awr.h"
#include "sim/cli/cli_advise_front.h"
#include "sim/cli/cli_advise_json.h"
#include "sim/advise/advise_front.h"
#include "sim/report/report_input.h"

struct tree {
    bool oom;
};

/* Attach item under key, or note the failure. */
static cJSON *put(struct tree *t, cJSON *parent, const char *key, cJSON *item)
{
    if (!item || !parent) {
        cJSON_Delete(item);
        t->oom = true;
        return NULL;
    }
    if (!cJSON_AddItemToObject(parent, key, item)) {
        cJSON_Delete(item);
        t->oom = true;
        return NULL;
    }
    return item;
}

static cJSON *number_or_null(double v, bool present)
{
    return present && isfinite(v) ? cJSON_CreateNumber(v) : cJSON_CreateNull();
}

static cJSON *str_or_null(const char *s)
{
    return s ? cJSON_CreateString(s) : cJSON_CreateNull();
}

/* targets.schedule: what --schedule asks to be served, or null. */
static void put_schedule(struct tree *t, cJSON *targets, const struct adv_targets *g)
{
    const struct wl_schedule *s = g->schedule;
    double peak[2], mean[2];

    if (!s) {
        put(t, targets, "schedule", cJSON_CreateNull());
        return;
    }
    adv_schedule_demand(s, peak, mean);
    cJSON *o = put(t, targets, "schedule", cJSON_CreateObject());
    put(t, o, "source", str_or_null(g->schedule_source));
    put(t, o, "phases", cJSON_CreateNumber(s->n));
    put(t, o, "day_seconds", cJSON_CreateNumber((double)s->day_ms / 1e3));
    put(t, o, "peak_small_iops", cJSON_CreateNumber(peak[WL_SMALL]));
    put(t, o, "peak_large_mbps", cJSON_CreateNumber(peak[WL_LARGE]));
    put(t, o, "mean_small_iops", cJSON_CreateNumber(mean[WL_SMALL]));
    put(t, o, "mean_large_mbps", cJSON_CreateNumber(mean[WL_LARGE]));
    put(t, o, "unmet_tolerance_frac", cJSON_CreateNumber(SIM_FORECAST_UNMET_TOLERANCE));
}

/* targets.awr: where the targets came from with --awr, or null. */
static void put_awr(struct tree *t, cJSON *targets, const struct cli_advise_awr *w)
{
    if (!w || !w->file || !w->report) {
        put(t, targets, "awr", cJSON_CreateNull());
        return;
    }
    put(t, targets, "awr", cli_advise_awr_json(w));
}

static void put_targets(struct tree *t, cJSON *root, const struct adv_targets *g,
                        const struct cli_advise_awr *awr)
{
    cJSON *o = put(t, root, "targets", cJSON_CreateObject());

    put(t, o, "need_mbps", number_or_null(g->need_mbps, g->need_mbps > 0));
    put(t, o, "need_iops", number_or_null(g->need_iops, g->need_iops > 0));
    put(t, o, "need_latency_us", number_or_null(g->need_lat_us, g->need_lat_us > 0));
    put(t, o, "latency_stat", cJSON_CreateString(g->lat_p99 ? "p99" : "mean"));
    put(t, o, "write_pct", cJSON_CreateNumber(g->write_pct));
    put(t, o, "capacity_bytes", number_or_null((double)g->capacity_bytes,
                                               g->capacity_bytes > 0));
    put(t, o, "capacity_given", str_or_null(g->capacity_bytes > 0 ? g->capacity_text : NULL));
    put(t, o, "redundancy", cJSON_CreateString(lay_redundancy_name(g->redundancy)));
    put(t, o, "small_bytes", cJSON_CreateNumber(g->small_bytes));
    put(t, o, "large_bytes", cJSON_CreateNumber(g->large_bytes));
    put_schedule(t, o, g);
    put_awr(t, o, awr);
}

static cJSON *names_array(const char (*names)[PROF_NAME_MAX], int n)
{
    cJSON *a = cJSON_CreateArray();

    for (int i = 0; a && i < n; i++)
        if (!cJSON_AddItemToArray(a, cJSON_CreateString(names[i]))) {
            cJSON_Delete(a);
            return NULL;
        }
    return a;
}

/* The instance constraints and the licence of a search (advise_limits.c). */
static void put_limits(struct tree *t, cJSON *o, const struct adv_space_cfg *s)
{
    bool lic = s->licence != PROF_LICENCE_NONE;

    put(t, o, "arch", cJSON_CreateString(s->arch == PROF_ARCH_UNKNOWN ? "any"
                                                                      : prof_arch_name(s->arch)));
    put(t, o, "min_vcpus", number_or_null(s->min_vcpus, s->min_vcpus > 0));
    put(t, o, "max_vcpus", number_or_null(s->max_vcpus, s->max_vcpus > 0));
    put(t, o, "min_memory_gib", number_or_null(s->min_memory_gib, s->min_memory_gib > 0));
    put(t, o, "exclude_families", names_array(s->exclude, s->n_exclude));
    put(t, o, "licence", cJSON_CreateString(prof_licence_name(s->licence)));
    put(t, o, "licence_usd_unit_month", number_or_null(s->licence_usd_month, lic));
    put(t, o, "licence_unit", str_or_null(lic ? prof_licence_unit(s->licence) : NULL));
}

static void put_space(struct tree *t, cJSON *root, const struct adv_cfg *cfg)
{
    const struct adv_space_cfg *s = &cfg->space;
    cJSON *o = put(t, root, "space", cJSON_CreateObject());
    cJSON *clouds = put(t, o, "clouds", cJSON_CreateArray());

    for (int c = 0; clouds && c < ADV_MAX_CLOUDS; c++)
        if (adv_cloud_provider(c) && (s->clouds & (1u << c)))
            cJSON_AddItemToArray(clouds, cJSON_CreateString(adv_cloud_provider(c)->name));
    put(t, o, "os", cJSON_CreateString(s->os == ADV_OS_RHEL ? "rhel" : "linux"));
    put(t, o, "families", names_array(s->families, s->n_families));
    put(t, o, "volume_types", names_array(s->types, s->n_types));
    put(t, o, "min_disks", number_or_null(s->min_disks, s->min_disks > 0));
    put(t, o, "max_disks", number_or_null(s->max_disks, s->max_disks > 0));
    put(t, o, "memory_per_ocpu_gb", number_or_null(s->memory_per_ocpu_gb,
                                                   s->memory_per_ocpu_gb > 0));
    put(t, o, "burst_ok", cJSON_CreateBool(s->burst_ok));
    put_limits(t, o, s);
    put(t, o, "top", cJSON_CreateNumber(cfg->top));
    put(t, o, "jobs", cJSON_CreateNumber(cfg->jobs));
    put(t, o, "seed", cJSON_CreateNumber((double)cfg->seed));
}

/* The latency floor's figures (a search's, a shard's): the candidates it
   set aside, in all and per volume type with the lowest floor among them,
   and the lowest floor of the space (null: none) and its type. */
static void put_floor(struct tree *t, cJSON *o, const struct adv_floor *fl)
{
    put(t, o, "lat_set_aside", cJSON_CreateNumber((double)fl->set_aside));
    cJSON *a = put(t, o, "lat_set_aside_by_type", cJSON_CreateArray());
    for (int k = 0; a && k < fl->n_types; k++) {
        cJSON *x = cJSON_CreateObject();
        if (!x || !cJSON_AddItemToArray(a, x)) {
            cJSON_Delete(x);
            t->oom = true;
            break;
        }
        put(t, x, "type", cJSON_CreateString(fl->type[k].type));
        put(t, x, "platform", str_or_null(fl->type[k].platform[0] ? fl->type[k].platform
                                                                  : NULL));
        put(t, x, "candidates", cJSON_CreateNumber((double)fl->type[k].candidates));
        /* the key's name since 0.1; it holds the lowest bound (docs/fields.md) */
        put(t, x, "floor_us", cJSON_CreateNumber(fl->type[k].lowest_bound_us));
    }
    put(t, o, "lat_floor_us", number_or_null(fl->floor_us, isfinite(fl->floor_us)));
    put(t, o, "lat_floor_type", str_or_null(isfinite(fl->floor_us) ? fl->floor_type : NULL));
}

static void put_search(struct tree *t, cJSON *root, const struct adv_result *r)
{
    cJSON *o = put(t, root, "search", cJSON_CreateObject());

    put(t, o, "enumerated", cJSON_CreateNumber((double)r->enumerated));
    put(t, o, "bound_passed", cJSON_CreateNumber((double)r->bound_passed));
    put(t, o, "simulated", cJSON_CreateNumber((double)r->simulated));
    put(t, o, "reused", cJSON_CreateNumber((double)r->reused));
    put(t, o, "wall_seconds", cJSON_CreateNumber(r->wall_s));
    put(t, o, "shards", cJSON_CreateNumber(r->shards > 1 ? r->shards : 1));
    put(t, o, "interrupted", cJSON_CreateBool(r->interrupted));
    put_floor(t, o, &r->lat);
    put(t, o, "burst_alternative_cut_usd",
        number_or_null(r->burst_cut_usd, isfinite(r->burst_cut_usd)));
}

/* The bill and what it covers: the configuration, or the instance alone
   (a rejection by its own limits: volumes 0, whatever they would be). */
static void put_bill(struct tree *t, cJSON *o, const struct adv_config *c,
                     bool instance_alone)
{
    cJSON *b = put(t, o, "usd_month", cJSON_CreateObject());

    put(t, b, "covers", cJSON_CreateString(instance_alone ? "instance" : "configuration"));
    put(t, b, "instance", cJSON_CreateNumber(c->instance_usd_month));
    put(t, b, "volume", cJSON_CreateNumber(c->volume_usd_month));
    put(t, b, "volumes", cJSON_CreateNumber(c->volumes_usd_month));
    put(t, b, "infrastructure", cJSON_CreateNumber(c->instance_usd_month +
                                                   c->volumes_usd_month));
    put(t, b, "licences", cJSON_CreateNumber(c->licence_usd_month));
    put(t, b, "total", cJSON_CreateNumber(c->total_usd_month));
}

static void put_headroom(struct tree *t, cJSON *o, const struct adv_targets *g,
                         const struct adv_outcome *x)
{
    cJSON *h = put(t, o, "headroom_frac", cJSON_CreateObject());
    const bool asked[ADV_TARGETS] = { g->need_mbps > 0, g->need_iops > 0,
                                      g->need_lat_us > 0, g->capacity_bytes > 0,
                                      g->schedule != NULL };

    for (int k = 0; k < ADV_TARGETS; k++)
        put(t, h, adv_target_key((enum adv_target_id)k),
            number_or_null(x->headroom[k], asked[k] && x->simulated));
}

static void put_burst(struct tree *t, cJSON *o, const struct adv_figures *f)
{
    cJSON *b = put(t, o, "burst", cJSON_CreateObject());

    put(t, b, "drawn", cJSON_CreateBool(f->burst_drawn));
    put(t, b, "lasts_s", number_or_null(f->burst_lasts_s, f->burst_drawn));
    put(t, b, "sustained_mbps", number_or_null(f->sustained_mbps, f->burst_drawn));
    put(t, b, "sustained_iops", number_or_null(f->sustained_iops, f->burst_drawn));
}

/* day: a schedule's steady day on the configuration, or null. */
static void put_day(struct tree *t, cJSON *o, const struct adv_outcome *x)
{
    const struct adv_day *d = &x->day;

    if (!x->has_day) {
        put(t, o, "day", cJSON_CreateNull());
        return;
    }
    cJSON *j = put(t, o, "day", cJSON_CreateObject());
    put(t, j, "served", cJSON_CreateBool(d->served));
    put(t, j, "steady", cJSON_CreateBool(d->steady));
    put(t, j, "days", cJSON_CreateNumber(d->days));
    put(t, j, "worst_phase", number_or_null(d->worst_phase, d->worst_phase >= 0));
    put(t, j, "worst_offered_small_iops", cJSON_CreateNumber(d->worst_offered[WL_SMALL]));
    put(t, j, "worst_offered_large_mbps", cJSON_CreateNumber(d->worst_offered[WL_LARGE]));
    put(t, j, "worst_delivered_small_iops", cJSON_CreateNumber(d->worst_delivered[WL_SMALL]));
    put(t, j, "worst_delivered_large_mbps", cJSON_CreateNumber(d->worst_delivered[WL_LARGE]));
    put(t, j, "worst_served_frac", cJSON_CreateNumber(d->worst_served_frac));
    put(t, j, "worst_p99_us", cJSON_CreateNumber(d->worst_p99_us));
    put(t, j, "latency_us", cJSON_CreateNumber(d->lat_us));
    put(t, j, "bursts", cJSON_CreateBool(d->bursts));
    put(t, j, "credits_out", cJSON_CreateBool(d->credits_out));
    put(t, j, "credits_out_at_s", number_or_null(d->credits_out_at_s, d->credits_out));
    put(t, j, "credits_out_whose", str_or_null(d->credits_out ? d->credits_whose : NULL));
    put(t, j, "credits_low_pct", number_or_null(d->credits_low_pct, d->bursts));
    put(t, j, "interval_s", cJSON_CreateNumber(d->interval_s));
    put(t, j, "binding", cJSON_CreateString(d->binding));
}

static cJSON *outcome_object(struct tree *t, const struct adv_cfg *cfg,
                             const struct adv_outcome *x)
{
    const struct adv_targets *g = &cfg->targets;
    const struct adv_config *c = &x->c;
    bool large = g->need_mbps > 0, small = g->need_iops > 0 || g->need_lat_us > 0;
    cJSON *o = cJSON_CreateObject();
    char cmd[ADV_COMMAND_LEN];

    if (!o) {
        t->oom = true;
        return NULL;
    }
    put(t, o, "instance", cJSON_CreateString(c->instance.name));
    put(t, o, "cloud", cJSON_CreateString(c->instance.provider));
    put(t, o, "arch", cJSON_CreateString(prof_arch_name(c->instance.arch)));
    put(t, o, "vcpus", cJSON_CreateNumber(c->instance.vcpus));
    put(t, o, "memory_gib", cJSON_CreateNumber(c->instance.memory_gib));
    put(t, o, "licence_units", number_or_null(c->licence_units,
                                              cfg->space.licence != PROF_LICENCE_NONE &&
                                              !(x->set_aside[0] && c->licence_units == 0)));
    put(t, o, "set_aside", str_or_null(x->set_aside[0] ? x->set_aside : NULL));
    put(t, o, "volume", cJSON_CreateString(c->volume.spec));
    put(t, o, "volume_type", cJSON_CreateString(c->volume.type));
    put(t, o, "disks", cJSON_CreateNumber(c->disks));
    put(t, o, "failgroups", cJSON_CreateNumber(c->failgroups));
    put(t, o, "usable_bytes", cJSON_CreateNumber((double)c->usable_bytes));
    put_bill(t, o, c, x->instance_limited);
    put(t, o, "simulated", cJSON_CreateBool(x->simulated));
    put(t, o, "instance_limited", cJSON_CreateBool(x->instance_limited));
    put(t, o, "mbps", number_or_null(x->sim.mbps, large && x->simulated));
    put(t, o, "iops", number_or_null(x->sim.iops, small && x->simulated));
    put(t, o, "latency_us", number_or_null(x->sim.lat_us, small && x->simulated));
    /* a schedule's bound is of the classes its phases ask for */
    double peak[2] = { 0, 0 }, mean[2];
    if (g->schedule)
        adv_schedule_demand(g->schedule, peak, mean);
    put(t, o, "bound_mbps", number_or_null(x->bound_mbps, large || peak[WL_LARGE] > 0));
    put(t, o, "bound_iops", number_or_null(x->bound_iops, small || peak[WL_SMALL] > 0));
    put(t, o, "pass", cJSON_CreateBool(x->pass));
    bool missed = !x->pass && !x->set_aside[0];     /* set aside: not judged */
    put(t, o, "missed", str_or_null(missed ? adv_target_key(x->missed) : NULL));
    put(t, o, "missed_got", number_or_null(x->missed_got, missed));
    put(t, o, "missed_need", number_or_null(x->missed_need, missed));
    put_headroom(t, o, g, x);
    put(t, o, "binding", cJSON_CreateString(x->binding));
    put_burst(t, o, &x->sim);
    put_day(t, o, x);
    if (g->schedule) {
        adv_forecast_command(cfg, c, cmd, sizeof cmd);
        put(t, o, "run_command", cJSON_CreateNull());
        put(t, o, "forecast_command", cJSON_CreateString(cmd));
    } else {
        adv_run_command(cfg, c, cmd, sizeof cmd);
        put(t, o, "run_command", cJSON_CreateString(cmd));
        put(t, o, "forecast_command", cJSON_CreateNull());
    }
    return o;
}

static void put_list(struct tree *t, cJSON *root, const char *key,
                     const struct adv_cfg *cfg, const struct adv_outcome *x, int n)
{
    cJSON *a = put(t, root, key, cJSON_CreateArray());

    for (int i = 0; a && i < n; i++) {
        cJSON *o = outcome_object(t, cfg, &x[i]);
        if (o && !cJSON_AddItemToArray(a, o)) {
            cJSON_Delete(o);
            t->oom = true;
        }
    }
}

/* constraints_set_aside[]: with no answer, what each instance constraint
   set aside, never searched (r->aside_by, as the terminal lists it); the
   cheapest priced as the instance alone, with its licences. */
static void put_aside_by(struct tree *t, cJSON *root, const struct adv_result *r)
{
    cJSON *a = put(t, root, "constraints_set_aside", cJSON_CreateArray());

    for (int k = 0; a && k < r->n_aside_by; k++) {
        const struct adv_aside_by *x = &r->aside_by[k];
        cJSON *o = cJSON_CreateObject();
        if (!o || !cJSON_AddItemToArray(a, o)) {
            cJSON_Delete(o);
            t->oom = true;
            return;
        }
        put(t, o, "constraint", cJSON_CreateString(x->option));
        put(t, o, "instances", cJSON_CreateNumber(x->instances));
        cJSON *c = put(t, o, "cheapest", cJSON_CreateObject());
        put(t, c, "instance", cJSON_CreateString(x->cheapest));
        put(t, c, "usd_month", cJSON_CreateNumber(x->cheapest_usd_month));
        put(t, c, "set_aside", cJSON_CreateString(x->why));
    }
}

static void put_maybe(struct tree *t, cJSON *parent, const char *key,
                      const struct adv_cfg *cfg, const struct adv_outcome *x,
                      bool present)
{
    put(t, parent, key, present ? outcome_object(t, cfg, x) : cJSON_CreateNull());
}

/* candidates[]: every candidate judged by a simulation (its own, or an
   alike one's: reused), in the compact shape the report's charts need,
   cost against headroom and against latency (docs/fields.md). */
static void put_candidates(struct tree *t, cJSON *root, const struct adv_cfg *cfg,
                           const struct adv_log *log)
{
    cJSON *a = put(t, root, "candidates", cJSON_CreateArray());

    for (long i = 0; a && i < log->n; i++) {
        const struct adv_outcome *x = &log->v[i];
        double least;
        bool has = adv_least_headroom(&cfg->targets, x, &least);
        cJSON *o = cJSON_CreateObject();
        if (!o || !cJSON_AddItemToArray(a, o)) {
            cJSON_Delete(o);
            t->oom = true;
            return;
        }
        put(t, o, "instance", cJSON_CreateString(x->c.instance.name));
        put(t, o, "volume", cJSON_CreateString(x->c.volume.spec));
        put(t, o, "disks", cJSON_CreateNumber(x->c.disks));
        put(t, o, "usd_month", cJSON_CreateNumber(x->c.total_usd_month));
        put(t, o, "headroom_frac", number_or_null(least, has));
        put(t, o, "latency_us", number_or_null(x->sim.lat_us, x->simulated &&
                                               x->sim.lat_us > 0));
        put(t, o, "pass", cJSON_CreateBool(x->pass));
        put(t, o, "reused", cJSON_CreateBool(x->reused));
    }
}

static cJSON *build(struct tree *t, const struct cli_advise_doc *d)
{
    const struct adv_cfg *cfg = d->cfg;
    const struct adv_result *r = d->r;
    cJSON *root = cJSON_CreateObject();

    if (!root)
        return NULL;
    put(t, root, "kind", cJSON_CreateString("advice"));
    put(t, root, "asmsim_version", str_or_null(d->version));
    put(t, root, "command", str_or_null(d->command_line));
    put_targets(t, root, &cfg->targets, d->awr);
    put_space(t, root, cfg);
    put_search(t, root, r);
    put_list(t, root, "best", cfg, r->best, r->n_best);
    put_list(t, root, "rejected", cfg, r->rejected, r->n_rejected);
    put_aside_by(t, root, r);
    put_maybe(t, root, "burst_alternative", cfg, &r->burst_alt, r->has_burst_alt);
    cJSON *reach = put(t, root, "out_of_reach", cJSON_CreateObject());
    if (reach) {
        put_maybe(t, reach, "mbps", cfg, &r->reach[ADV_T_MBPS], r->has_reach[ADV_T_MBPS]);
        put_maybe(t, reach, "iops", cfg, &r->reach[ADV_T_IOPS], r->has_reach[ADV_T_IOPS]);
        if (cfg->targets.schedule)
            put_maybe(t, reach, "schedule", cfg, &r->reach[ADV_T_SCHEDULE],
                      r->has_reach[ADV_T_SCHEDULE]);
    }
    cJSON *clouds = put(t, root, "cloud_best", cJSON_CreateObject());
    for (int c = 0; c < ADV_MAX_CLOUDS; c++)
        if (adv_cloud_provider(c) && (cfg->space.clouds & (1u << c)))
            put_maybe(t, clouds, adv_cloud_provider(c)->name, cfg, &r->cloud_best[c],
                      r->has_cloud_best[c]);
    put_candidates(t, root, cfg, &r->decided.sim);
    if (cli_advise_front_json(root, cfg, r) < 0)
        t->oom = true;
    return root;
}

static int put_text(FILE *f, void *arg)
{
    return fputs(arg, f) == EOF || fputc('\n', f) == EOF ? -EIO : 0;
}

int cli_advise_json_text(const struct cli_advise_doc *d, char **text, char *why,
                         size_t why_len)
{
    struct tree t = { false };
    cJSON *root = build(&t, d);

    *text = root && !t.oom ? cJSON_Print(root) : NULL;
    cJSON_Delete(root);
    if (!*text) {
        snprintf(why, why_len, "out of memory building the advise JSON");
        return -ENOMEM;
    }
    return 0;
}

/* ---- --shard: JSON lines ------------------------------------------------ */

static int put_line(FILE *f, struct tree *t, cJSON *o)
{
    char *text = o && !t->oom ? cJSON_PrintUnformatted(o) : NULL;
    int rc = text ? put_text(f, text) : -ENOMEM;

    cJSON_free(text);
    cJSON_Delete(o);
    return rc;
}

static int put_log(FILE *f, const struct adv_cfg *cfg, const char *name,
                   const struct adv_log *log)
{
    int rc = 0;

    for (long i = 0; i < log->n && rc == 0; i++) {
        struct tree t = { false };
        cJSON *o = cJSON_CreateObject();
        put(&t, o, "log", cJSON_CreateString(name));
        put(&t, o, "outcome", outcome_object(&t, cfg, &log->v[i]));
        rc = put_line(f, &t, o);
    }
    return rc;
}

struct shard_job {
    const struct adv_cfg *cfg;
    const struct adv_result *r;
    int argc;
    char **argv;
};

static int shard_lines(FILE *f, void *arg)
{
    const struct shard_job *j = arg;
    const struct adv_decided *d = &j->r->decided;
    struct tree t = { false };
    cJSON *h = cJSON_CreateObject(), *args = put(&t, h, "args", cJSON_CreateArray());
    int rc;

    for (int i = 0; args && i < j->argc; i++)
        cJSON_AddItemToArray(args, cJSON_CreateString(j->argv[i]));
    put(&t, h, "shard_k", cJSON_CreateNumber(j->cfg->shard_k));
    put(&t, h, "shard_n", cJSON_CreateNumber(j->cfg->shard_n));
    put(&t, h, "enumerated", cJSON_CreateNumber((double)d->enumerated));
    put(&t, h, "bound_passed", cJSON_CreateNumber((double)d->bound_passed));
    put(&t, h, "simulated", cJSON_CreateNumber((double)d->simulated));
    put(&t, h, "reused", cJSON_CreateNumber((double)d->reused));
    put(&t, h, "interrupted", cJSON_CreateBool(d->interrupted));
    put(&t, h, "burst_cut_usd", number_or_null(d->burst_cut_usd, isfinite(d->burst_cut_usd)));
    put_floor(&t, h, &d->lat);
    if ((rc = put_line(f, &t, h)) == 0 && (rc = put_log(f, j->cfg, "sim", &d->sim)) == 0 &&
        (rc = put_log(f, j->cfg, "burst", &d->burst)) == 0 &&
        (rc = put_log(f, j->cfg, "bound", &d->bound)) == 0)
        rc = put_log(f, j->cfg, "reach", &d->reach);
    return rc;
}

int cli_advise_shard_write(const char *path, const struct adv_cfg *cfg,
                           const struct adv_result *r, int argc, char **argv,
                           char *why, size_t why_len)
{
    struct shard_job j = { cfg, r, argc, argv };
    int rc;

    if (strcmp(path, "-") != 0)
        return report_write_atomic(path, shard_lines, &j, why, why_len);
    rc = shard_lines(stdout, &j);
    if (rc == 0 && fflush(stdout) != 0)
        rc = -EIO;
    if (rc < 0)
        snprintf(why, why_len, "cannot write the shard's JSON lines to stdout");
    return rc;
}

/* ---- reading a shard back ------------------------------------------------ */

static double num_of(const cJSON *o, const char *key)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(x) ? x->valuedouble : 0;
}

static const char *str_of(const cJSON *o, const char *key)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(x) ? x->valuestring : NULL;
}

static bool bool_of(const cJSON *o, const char *key)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, key));
}

static int target_of(const char *key)
{
    for (int k = 0; k < ADV_TARGETS && key; k++)
        if (strcmp(adv_target_key((enum adv_target_id)k), key) == 0)
            return k;
    return ADV_T_MBPS;
}

static void day_read(const cJSON *j, struct adv_outcome *x)
{
    struct adv_day *d = &x->day;
    const char *whose = str_of(j, "credits_out_whose"), *binding = str_of(j, "binding");

    x->has_day = cJSON_IsObject(j);
    if (!x->has_day)
        return;
    d->served = bool_of(j, "served");
    d->steady = bool_of(j, "steady");
    d->days = (int)num_of(j, "days");
    d->worst_phase = cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(j, "worst_phase"))
                     ? (int)num_of(j, "worst_phase") : -1;
    d->worst_offered[WL_SMALL] = num_of(j, "worst_offered_small_iops");
    d->worst_offered[WL_LARGE] = num_of(j, "worst_offered_large_mbps");
    d->worst_delivered[WL_SMALL] = num_of(j, "worst_delivered_small_iops");
    d->worst_delivered[WL_LARGE] = num_of(j, "worst_delivered_large_mbps");
    d->worst_served_frac = num_of(j, "worst_served_frac");
    d->worst_p99_us = num_of(j, "worst_p99_us");
    d->lat_us = num_of(j, "latency_us");
    d->bursts = bool_of(j, "bursts");
    d->credits_out = bool_of(j, "credits_out");
    d->credits_out_at_s = num_of(j, "credits_out_at_s");
    snprintf(d->credits_whose, sizeof d->credits_whose, "%s", whose ? whose : "");
    d->credits_low_pct = num_of(j, "credits_low_pct");
    d->interval_s = num_of(j, "interval_s");
    snprintf(d->binding, sizeof d->binding, "%s", binding ? binding : "");
}

/* An outcome object back into *x: the profiles from their names, the
   figures as written.  0 or -EINVAL with why. */
static int outcome_read(const cJSON *o, struct adv_outcome *x, char *why, size_t why_len)
{
    const char *inst = str_of(o, "instance"), *vol = str_of(o, "volume");
    const cJSON *bill = cJSON_GetObjectItemCaseSensitive(o, "usd_month");
    const cJSON *head = cJSON_GetObjectItemCaseSensitive(o, "headroom_frac");
    const cJSON *burst = cJSON_GetObjectItemCaseSensitive(o, "burst");

    const char *aside = str_of(o, "set_aside");

    memset(x, 0, sizeof *x);
    /* an instance set aside by a constraint carries no volume */
    if (!inst || !vol || prof_instance_find(inst, &x->c.instance, why, why_len) != 0 ||
        (!(aside && !vol[0]) && prof_volume_parse(vol, &x->c.volume, why, why_len) != 0))
        return -EINVAL;
    x->c.disks = (int)num_of(o, "disks");
    x->c.failgroups = (int)num_of(o, "failgroups");
    x->c.usable_bytes = (uint64_t)num_of(o, "usable_bytes");
    x->c.instance_usd_month = num_of(bill, "instance");
    x->c.volume_usd_month = num_of(bill, "volume");
    x->c.volumes_usd_month = num_of(bill, "volumes");
    x->c.licence_usd_month = num_of(bill, "licences");
    x->c.total_usd_month = num_of(bill, "total");
    x->c.licence_units = (int)num_of(o, "licence_units");
    x->c.instance.memory_gib = num_of(o, "memory_gib");     /* as priced */
    snprintf(x->set_aside, sizeof x->set_aside, "%s", aside ? aside : "");
    x->simulated = bool_of(o, "simulated");
    x->instance_limited = bool_of(o, "instance_limited");
    x->sim.mbps = num_of(o, "mbps");
    x->sim.iops = num_of(o, "iops");
    x->sim.lat_us = num_of(o, "latency_us");
    x->bound_mbps = num_of(o, "bound_mbps");
    x->bound_iops = num_of(o, "bound_iops");
    x->pass = bool_of(o, "pass");
    x->missed = (enum adv_target_id)target_of(str_of(o, "missed"));
    x->missed_got = num_of(o, "missed_got");
    x->missed_need = num_of(o, "missed_need");
    for (int k = 0; k < ADV_TARGETS; k++)
        x->headroom[k] = num_of(head, adv_target_key((enum adv_target_id)k));
    snprintf(x->binding, sizeof x->binding, "%s", str_of(o, "binding") ? str_of(o, "binding") : "");
    x->sim.burst_drawn = bool_of(burst, "drawn");
    x->sim.burst_lasts_s = num_of(burst, "lasts_s");
    x->sim.sustained_mbps = num_of(burst, "sustained_mbps");
    x->sim.sustained_iops = num_of(burst, "sustained_iops");
    day_read(cJSON_GetObjectItemCaseSensitive(o, "day"), x);
    return 0;
}

/* put_floor's keys of h back into *fl. */
static void floor_read(const cJSON *h, struct adv_floor *fl)
{
    const char *type = str_of(h, "lat_floor_type");
    const cJSON *x;

    memset(fl, 0, sizeof *fl);
    fl->set_aside = (long)num_of(h, "lat_set_aside");
    fl->floor_us = cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(h, "lat_floor_us"))
                   ? num_of(h, "lat_floor_us") : INFINITY;
    snprintf(fl->floor_type, sizeof fl->floor_type, "%s", type ? type : "");
    cJSON_ArrayForEach(x, cJSON_GetObjectItemCaseSensitive(h, "lat_set_aside_by_type")) {
        struct adv_aside *a = &fl->type[fl->n_types];
        if (fl->n_types == ADV_MAX_LIST || !str_of(x, "type"))
            break;
        snprintf(a->type, sizeof a->type, "%s", str_of(x, "type"));
        snprintf(a->platform, sizeof a->platform, "%s",
                 str_of(x, "platform") ? str_of(x, "platform") : "");
        a->candidates = (long)num_of(x, "candidates");
        a->lowest_bound_us = num_of(x, "floor_us");
        fl->n_types++;
    }
}

static int header_read(const cJSON *h, struct cli_advise_shard *s)
{
    const cJSON *args = cJSON_GetObjectItemCaseSensitive(h, "args");
    int n = cJSON_GetArraySize(args);

    if (!cJSON_IsArray(args) || !cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(h, "shard_n")))
        return -EINVAL;
    s->argv = calloc((size_t)n + 1, sizeof *s->argv);
    if (!s->argv)
        return -ENOMEM;
    for (int i = 0; i < n; i++) {
        const cJSON *a = cJSON_GetArrayItem(args, i);
        if (!cJSON_IsString(a) || !(s->argv[s->argc++] = strdup(a->valuestring)))
            return -EINVAL;
    }
    s->shard_k = (int)num_of(h, "shard_k");
    s->shard_n = (int)num_of(h, "shard_n");
    s->decided.enumerated = (long)num_of(h, "enumerated");
    s->decided.bound_passed = (long)num_of(h, "bound_passed");
    s->decided.simulated = (long)num_of(h, "simulated");
    s->decided.reused = (long)num_of(h, "reused");      /* 0 when absent */
    s->decided.interrupted = bool_of(h, "interrupted");
    s->decided.burst_cut_usd =
        cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(h, "burst_cut_usd"))
        ? num_of(h, "burst_cut_usd") : INFINITY;
    floor_read(h, &s->decided.lat);
    return 0;
}

static int line_read(const char *line, long no, struct cli_advise_shard *s,
                     char *why, size_t why_len)
{
    cJSON *j = cJSON_Parse(line);
    struct adv_outcome x;
    const char *log = j ? str_of(j, "log") : NULL;
    int rc = -EINVAL;

    if (no == 1)
        rc = j ? header_read(j, s) : -EINVAL;
    else if (log && outcome_read(cJSON_GetObjectItemCaseSensitive(j, "outcome"), &x,
                                 why, why_len) == 0)
        rc = adv_log_add(strcmp(log, "sim") == 0 ? &s->decided.sim :
                         strcmp(log, "burst") == 0 ? &s->decided.burst :
                         strcmp(log, "reach") == 0 ? &s->decided.reach : &s->decided.bound, &x);
    cJSON_Delete(j);
    return rc;
}

/* The most a shard file may hold: a line per candidate of a few hundred
   bytes, so a search of a million candidates fits many times over, and a
   file no shard wrote (a sparse 100 GiB, say, read as one line) is
   refused at once instead of filling the memory. */
#define SHARD_MAX_BYTES (256ll << 20)

/* The lines of f (q: its name in messages) into *out, zeroed.  0, or
   -errno with why and *out freed. */
static int shard_parse(FILE *f, const char *q, struct cli_advise_shard *out, char *why,
                       size_t why_len)
{
    char *line = NULL;
    size_t cap = 0;
    long no = 0;
    int rc = 0;

    while (rc == 0 && getline(&line, &cap, f) > 0) {
        char w[256] = "";
        if ((rc = line_read(line, ++no, out, w, sizeof w)) < 0)
            snprintf(why, why_len, "%s: line %ld: not a line of asmsim advise --shard%s%s",
                     q, no, w[0] ? ": " : "", w);
    }
    if (rc == 0 && ferror(f)) {
        rc = -EIO;
        snprintf(why, why_len, "%s: cannot read it: %s", q, strerror(errno));
    } else if (rc == 0 && no == 0) {
        rc = -EINVAL;
        snprintf(why, why_len, "%s: empty; not the output of asmsim advise --shard", q);
    }
    free(line);
    if (rc < 0)
        cli_advise_shard_free(out);
    return rc;
}

int cli_advise_shard_read(const char *path, struct cli_advise_shard *out,
                          char *why, size_t why_len)
{
    FILE *f;
    char inner[128], q[WHY_QUOTE_BUF];
    int rc = report_input_open(path, &f, inner, sizeof inner);

    memset(out, 0, sizeof *out);
    why_quote(path, strlen(path), q, sizeof q);
    if (rc != 0) {
        snprintf(why, why_len, "%s: %s; give a file asmsim advise --shard "
                 "wrote", q, inner);
        return rc;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && st.st_size > SHARD_MAX_BYTES) {
        snprintf(why, why_len, "%s: %lld bytes, larger than any shard (at most %lld MiB); "
                 "give a file asmsim advise --shard wrote", q, (long long)st.st_size,
                 SHARD_MAX_BYTES >> 20);
        fclose(f);
        return -EFBIG;
    }
    rc = shard_parse(f, q, out, why, why_len);
    fclose(f);
    return rc;
}

int cli_advise_shard_text(const struct adv_cfg *cfg, const struct adv_result *r,
                          char **text)
{
    struct shard_job j = { cfg, r, 0, NULL };
    size_t len;
    FILE *f = open_memstream(text, &len);

    if (!f)
        return -ENOMEM;
    int rc = shard_lines(f, &j);
    if (fclose(f) != 0 && rc == 0)
        rc = -ENOMEM;
    if (rc < 0) {
        free(*text);
        *text = NULL;
    }
    return rc;
}

int cli_advise_shard_parse(const char *text, const char *name,
                           struct cli_advise_shard *out, char *why, size_t why_len)
{
    memset(out, 0, sizeof *out);
    FILE *f = text[0] ? fmemopen((char *)text, strlen(text), "r") : NULL;
    if (!f) {
        int err = text[0] ? errno : EINVAL;
        snprintf(why, why_len, "%s: %s", name, text[0] ? strerror(err)
                 : "empty; not the output of asmsim advise --shard");
        return -err;
    }
    int rc = shard_parse(f, name, out, why, why_len);
    fclose(f);
    return rc;
}

void cli_advise_shard_free(struct cli_advise_shard *s)
{
    for (int i = 0; s->argv && i < s->argc; i++)
        free(s->argv[i]);
    free(s->argv);
    adv_decided_free(&s->decided);
    memset(s, 0, sizeof *s);
}
