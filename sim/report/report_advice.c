/*
 * report_advice.c - the JSON of `asmsim advise`: what was asked (targets,
 * space), how the search went, and every configuration it reports (the
 * answer, the rejected below it, the burst alternative, the best of each
 * cloud), each as one object of the same shape.  docs/fields.md
 * ("Advise JSON") documents every key; tests/fields_doc_test.sh checks it.
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
#include <string.h>

#include <cjson/cJSON.h>

#include "sim/report/report.h"
#include "sim/report/report_advice.h"

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

static void put_targets(struct tree *t, cJSON *root, const struct adv_targets *g)
{
    cJSON *o = put(t, root, "targets", cJSON_CreateObject());

    put(t, o, "need_mbps", number_or_null(g->need_mbps, g->need_mbps > 0));
    put(t, o, "need_iops", number_or_null(g->need_iops, g->need_iops > 0));
    put(t, o, "need_latency_us", number_or_null(g->need_lat_us, g->need_lat_us > 0));
    put(t, o, "latency_stat", cJSON_CreateString(g->lat_p99 ? "p99" : "mean"));
    put(t, o, "write_pct", cJSON_CreateNumber(g->write_pct));
    put(t, o, "capacity_bytes", number_or_null((double)g->capacity_bytes,
                                               g->capacity_bytes > 0));
    put(t, o, "redundancy", cJSON_CreateString(lay_redundancy_name(g->redundancy)));
    put(t, o, "small_bytes", cJSON_CreateNumber(g->small_bytes));
    put(t, o, "large_bytes", cJSON_CreateNumber(g->large_bytes));
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

static void put_space(struct tree *t, cJSON *root, const struct adv_cfg *cfg)
{
    const struct adv_space_cfg *s = &cfg->space;
    cJSON *o = put(t, root, "space", cJSON_CreateObject());
    cJSON *clouds = put(t, o, "clouds", cJSON_CreateArray());

    if (clouds && (s->clouds & ADV_CLOUD_AWS))
        cJSON_AddItemToArray(clouds, cJSON_CreateString("aws"));
    if (clouds && (s->clouds & ADV_CLOUD_OCI))
        cJSON_AddItemToArray(clouds, cJSON_CreateString("oci"));
    put(t, o, "os", cJSON_CreateString(s->os == ADV_OS_RHEL ? "rhel" : "linux"));
    put(t, o, "families", names_array(s->families, s->n_families));
    put(t, o, "volume_types", names_array(s->types, s->n_types));
    put(t, o, "min_disks", number_or_null(s->min_disks, s->min_disks > 0));
    put(t, o, "max_disks", number_or_null(s->max_disks, s->max_disks > 0));
    put(t, o, "memory_per_ocpu_gb", number_or_null(s->memory_per_ocpu_gb,
                                                   s->memory_per_ocpu_gb > 0));
    put(t, o, "burst_ok", cJSON_CreateBool(s->burst_ok));
    put(t, o, "top", cJSON_CreateNumber(cfg->top));
    put(t, o, "jobs", cJSON_CreateNumber(cfg->jobs));
    put(t, o, "seed", cJSON_CreateNumber((double)cfg->seed));
}

static void put_search(struct tree *t, cJSON *root, const struct adv_result *r)
{
    cJSON *o = put(t, root, "search", cJSON_CreateObject());

    put(t, o, "enumerated", cJSON_CreateNumber((double)r->enumerated));
    put(t, o, "bound_passed", cJSON_CreateNumber((double)r->bound_passed));
    put(t, o, "simulated", cJSON_CreateNumber((double)r->simulated));
    put(t, o, "wall_seconds", cJSON_CreateNumber(r->wall_s));
    put(t, o, "interrupted", cJSON_CreateBool(r->interrupted));
}

static void put_bill(struct tree *t, cJSON *o, const struct adv_config *c)
{
    cJSON *b = put(t, o, "usd_month", cJSON_CreateObject());

    put(t, b, "instance", cJSON_CreateNumber(c->instance_usd_month));
    put(t, b, "volume", cJSON_CreateNumber(c->volume_usd_month));
    put(t, b, "volumes", cJSON_CreateNumber(c->volumes_usd_month));
    put(t, b, "total", cJSON_CreateNumber(c->total_usd_month));
}

static void put_headroom(struct tree *t, cJSON *o, const struct adv_targets *g,
                         const struct adv_outcome *x)
{
    cJSON *h = put(t, o, "headroom_frac", cJSON_CreateObject());
    const bool asked[ADV_TARGETS] = { g->need_mbps > 0, g->need_iops > 0,
                                      g->need_lat_us > 0, g->capacity_bytes > 0 };

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

static cJSON *outcome_object(struct tree *t, const struct adv_cfg *cfg,
                             const struct adv_outcome *x)
{
    const struct adv_targets *g = &cfg->targets;
    const struct adv_config *c = &x->c;
    bool large = g->need_mbps > 0, small = g->need_iops > 0 || g->need_lat_us > 0;
    cJSON *o = cJSON_CreateObject();
    char cmd[1024];

    if (!o) {
        t->oom = true;
        return NULL;
    }
    put(t, o, "instance", cJSON_CreateString(c->instance.name));
    put(t, o, "cloud", cJSON_CreateString(c->instance.provider));
    put(t, o, "volume", cJSON_CreateString(c->volume.spec));
    put(t, o, "volume_type", cJSON_CreateString(c->volume.type));
    put(t, o, "disks", cJSON_CreateNumber(c->disks));
    put(t, o, "failgroups", cJSON_CreateNumber(c->failgroups));
    put(t, o, "usable_bytes", cJSON_CreateNumber((double)c->usable_bytes));
    put_bill(t, o, c);
    put(t, o, "simulated", cJSON_CreateBool(x->simulated));
    put(t, o, "instance_limited", cJSON_CreateBool(x->instance_limited));
    put(t, o, "mbps", number_or_null(x->sim.mbps, large && x->simulated));
    put(t, o, "iops", number_or_null(x->sim.iops, small && x->simulated));
    put(t, o, "latency_us", number_or_null(x->sim.lat_us, small && x->simulated));
    put(t, o, "bound_mbps", number_or_null(x->bound_mbps, large));
    put(t, o, "bound_iops", number_or_null(x->bound_iops, small));
    put(t, o, "pass", cJSON_CreateBool(x->pass));
    put(t, o, "missed", str_or_null(x->pass ? NULL : adv_target_key(x->missed)));
    put(t, o, "missed_got", number_or_null(x->missed_got, !x->pass));
    put(t, o, "missed_need", number_or_null(x->missed_need, !x->pass));
    put_headroom(t, o, g, x);
    put(t, o, "binding", cJSON_CreateString(x->binding));
    put_burst(t, o, &x->sim);
    adv_run_command(cfg, c, cmd, sizeof cmd);
    put(t, o, "run_command", cJSON_CreateString(cmd));
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

static void put_maybe(struct tree *t, cJSON *parent, const char *key,
                      const struct adv_cfg *cfg, const struct adv_outcome *x,
                      bool present)
{
    put(t, parent, key, present ? outcome_object(t, cfg, x) : cJSON_CreateNull());
}

static cJSON *build(struct tree *t, const struct adv_cfg *cfg,
                    const struct adv_result *r, const char *command_line,
                    const char *version)
{
    cJSON *root = cJSON_CreateObject();

    if (!root)
        return NULL;
    put(t, root, "asmsim_version", str_or_null(version));
    put(t, root, "command", str_or_null(command_line));
    put_targets(t, root, &cfg->targets);
    put_space(t, root, cfg);
    put_search(t, root, r);
    put_list(t, root, "best", cfg, r->best, r->n_best);
    put_list(t, root, "rejected", cfg, r->rejected, r->n_rejected);
    put_maybe(t, root, "burst_alternative", cfg, &r->burst_alt, r->has_burst_alt);
    cJSON *clouds = put(t, root, "cloud_best", cJSON_CreateObject());
    if (cfg->space.clouds & ADV_CLOUD_AWS)
        put_maybe(t, clouds, "aws", cfg, &r->cloud_best[0], r->has_cloud_best[0]);
    if (cfg->space.clouds & ADV_CLOUD_OCI)
        put_maybe(t, clouds, "oci", cfg, &r->cloud_best[1], r->has_cloud_best[1]);
    return root;
}

static int put_text(FILE *f, void *arg)
{
    return fputs(arg, f) == EOF || fputc('\n', f) == EOF ? -EIO : 0;
}

int report_advice_json(const char *path, const struct adv_cfg *cfg,
                       const struct adv_result *r, const char *command_line,
                       const char *version, char *why, size_t why_len)
{
    struct tree t = { false };
    cJSON *root = build(&t, cfg, r, command_line, version);
    char *text = root && !t.oom ? cJSON_Print(root) : NULL;
    int rc;

    cJSON_Delete(root);
    if (!text) {
        snprintf(why, why_len, "out of memory building the advise JSON");
        return -ENOMEM;
    }
    if (strcmp(path, "-") == 0) {
        rc = put_text(stdout, text);
        if (rc == 0 && fflush(stdout) != 0)
            rc = -EIO;
        if (rc < 0)
            snprintf(why, why_len, "cannot write the advise JSON to stdout");
    } else {
        rc = report_write_atomic(path, put_text, text, why, why_len);
    }
    cJSON_free(text);
    return rc;
}
