/*
 * cli_advise_db_print.c - the report of `asmsim advise --workload`: the
 * header (workload, groups with their demand, targets, constraints,
 * licences, prices, what was searched), each configuration with its
 * groups, its bill (infrastructure and licences apart), its classes'
 * figures and the `asmsim run` that reproduces it; then each group's
 * cheapest options alone, "why nothing cheaper" and the clouds side by
 * side.  The JSON document holds the same (docs/fields.md, "Advise JSON
 * of a database").
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "sim/cli/cli.h"
#include "sim/cli/cli_advise.h"
#include "sim/cli/cli_advise_db.h"
#include "layouts/units.h"
#include "sim/report/report.h"

static const char *need_kind(enum sim_need_kind k)
{
    return k == SIM_NEED_IOPS ? "iops" : k == SIM_NEED_MBPS ? "mbps" : "latency";
}

/* A group's demand: logical I/Os a second and MB/s of its classes. */
static void demand_sums(const struct adv_db_group *g, double *ios, double *mbps)
{
    *ios = *mbps = 0;
    for (int i = 0; i < g->demand.n; i++) {
        *ios += g->demand.line[i].rate;
        *mbps += g->demand.line[i].rate * g->demand.line[i].bytes / 1e6;
    }
}

static void print_groups(FILE *f, const struct cli_advise_db *d)
{
    for (int g = 0; g < d->cfg.n_groups; g++) {
        const struct adv_db_group *dg = &d->cfg.group[g];
        double ios, mbps;
        char cap[32];
        demand_sums(dg, &ios, &mbps);
        fprintf(f, "  group     %s: %s redundancy", dg->name, lay_redundancy_name(dg->redundancy));
        if (dg->demand.n > 0) {
            fprintf(f, ", %.0f I/Os a second, %.1f MB/s of", ios, mbps);
            for (int c = 0; c < d->spec.n_classes; c++)
                if (d->class_group[c] == g)
                    fprintf(f, " %s", d->spec.cls[c].name);
        } else {
            fprintf(f, ", no I/O of the workload");
        }
        if (dg->capacity_bytes > 0) {
            units_fmt_exact(dg->capacity_bytes, TIB, true, cap, sizeof cap);
            fprintf(f, "; capacity %s usable", cap);
        }
        for (int t = 0; t < dg->n_types; t++)
            fprintf(f, "%s%s", t ? "," : "; types ", dg->types[t]);
        fputc('\n', f);
    }
}

static void print_targets(FILE *f, const struct cli_advise_db *d)
{
    fprintf(f, "  targets   every class served (at most 1 %% of its rate unmet)");
    for (int i = 0; i < d->n_needs; i++)
        fprintf(f, "; --need-%s %s%s", need_kind(d->need[i].kind), d->need[i].text,
                d->need[i].group >= 0 ? " (the group's)" : "");
    fputc('\n', f);
}

static void print_header(FILE *f, const struct cli_advise_opts *a,
                         const struct adv_db_result *r)
{
    const struct adv_space_cfg *sc = &a->cfg.space;
    char clouds[64], lists[256];

    fprintf(f, "asmsim %s advise: workload %s on %d disk group%s, one instance, %s, %s\n",
            ASMSIM_VERSION, a->db.workload, a->db.cfg.n_groups,
            a->db.cfg.n_groups == 1 ? "" : "s",
            adv_clouds_text(sc->clouds, clouds, sizeof clouds),
            sc->burst_ok ? "burst counts (--burst-ok)" : "sustained (burst credits do not count)");
    print_groups(f, &a->db);
    print_targets(f, &a->db);
    cli_advise_print_constraints(f, sc);
    cli_advise_print_licence(f, sc);
    adv_cost_lists(sc->clouds, lists, sizeof lists);
    fprintf(f, "  prices    %s on demand, USD per month: %s\n", cli_advise_os_name(sc->os),
            lists);
    fprintf(f, "  searched  %ld instances, %ld simulations in %.1f s%s\n", r->instances,
            r->simulated, r->wall_s, r->interrupted ? " (interrupted)" : "");
}

static void print_config(FILE *f, const struct cli_advise_db *d, const struct adv_db_config *c)
{
    fprintf(f, "$%.2f/month  %s", c->total_usd_month, c->instance.name);
    for (int g = 0; g < c->n_groups; g++)
        fprintf(f, " + %s %d x %s", d->cfg.group[g].name, c->group[g].disks,
                c->group[g].volume.spec);
    fputc('\n', f);
}

static void print_bill(FILE *f, const struct cli_advise_opts *a, const struct adv_db_config *c)
{
    fprintf(f, "      bill      instance $%.2f", c->instance_usd_month);
    for (int g = 0; g < c->n_groups; g++)
        fprintf(f, " + %s %d x $%.2f = $%.2f", a->db.cfg.group[g].name, c->group[g].disks,
                c->group[g].volume_usd_month, c->group[g].volumes_usd_month);
    fputc('\n', f);
    cli_advise_print_licence_bill(f, &a->cfg.space, &c->instance, c->licence_units,
                                  c->licence_usd_month,
                                  c->instance_usd_month + c->volumes_usd_month);
}

static void print_classes(FILE *f, const struct cli_advise_db *d, const struct adv_db_outcome *o)
{
    int width = 0;
    for (int c = 0; c < d->spec.n_classes; c++)
        if ((int)strlen(d->spec.cls[c].name) > width)
            width = (int)strlen(d->spec.cls[c].name);
    for (int c = 0; c < o->n_classes && c < d->spec.n_classes; c++)
        fprintf(f, "      %-9s %-*s  %.0f/s of %.0f, %.1f MB/s, mean %.0f us, p99 %.0f us\n",
                c == 0 ? "classes" : "", width, d->spec.cls[c].name, o->cls[c].iops,
                o->cls[c].offered, o->cls[c].mbps, o->cls[c].avg_us, o->cls[c].p99_us);
}

static void print_best(FILE *f, const struct cli_advise_opts *a, int i,
                       const struct adv_db_outcome *o)
{
    char cmd[ADV_COMMAND_LEN];

    fprintf(f, "%2d. ", i + 1);
    print_config(f, &a->db, &o->c);
    print_bill(f, a, &o->c);
    print_classes(f, &a->db, o);
    fprintf(f, "      binding   %s\n", o->binding);
    cli_advise_db_command(a, &o->c, cmd, sizeof cmd);
    fprintf(f, "      run       %s\n", cmd);
}

/* Each group alone: its cheapest options that meet its targets. */
static void print_alone(FILE *f, const struct cli_advise_opts *a, const struct adv_db_result *r)
{
    for (int c = 0; c < ADV_MAX_CLOUDS; c++) {
        const struct prof_provider *p = adv_cloud_provider(c);
        if (!p || !(a->cfg.space.clouds & (1u << c)))
            continue;
        fprintf(f, "\nEach group alone on %s (no instance limit), the cheapest options that "
                "meet its targets:\n", p->display);
        for (int g = 0; g < a->db.cfg.n_groups; g++) {
            const struct adv_db_group_result *gr = &r->group[c][g];
            fprintf(f, "  %-6s", a->db.cfg.group[g].name);
            if (gr->n_kept == 0 && gr->options == 0 && gr->simulated == 0)
                fprintf(f, "  not searched (a group before it has no option)");
            else if (gr->n_kept == 0)
                fprintf(f, "  none: %s", gr->none_why);
            for (int k = 0; k < gr->n_kept; k++)
                fprintf(f, "%s$%.2f %d x %s", k ? "\n          " : "  ",
                        gr->kept[k].c.group[g].volumes_usd_month,
                        gr->kept[k].c.group[g].disks, gr->kept[k].c.group[g].volume.spec);
            fprintf(f, "\n          (%ld options, %ld simulated)\n", gr->options,
                    gr->simulated);
        }
    }
}

static void print_rejected(FILE *f, const struct cli_advise_opts *a,
                           const struct adv_db_result *r)
{
    if (r->n_rejected == 0 && r->n_aside == 0)
        return;
    fprintf(f, "\nWhy nothing cheaper (the dearest rejected below the answer):\n");
    for (int i = r->n_aside - 1; i >= 0; i--)
        fprintf(f, "  $%.2f/month  %s (the instance alone%s)\n      set aside: %s: %s\n",
                r->aside[i].usd_month, r->aside[i].name,
                a->cfg.space.licence != PROF_LICENCE_NONE ? ", with its licences" : "",
                r->aside[i].name, r->aside[i].why);
    for (int i = r->n_rejected - 1; i >= 0; i--) {
        fprintf(f, "  ");
        print_config(f, &a->db, &r->rejected[i].c);
        fprintf(f, "      %s: %s\n", r->rejected[i].simulated ? "simulated" : "bound",
                r->rejected[i].missed);
    }
}

static void print_clouds(FILE *f, const struct cli_advise_opts *a,
                         const struct adv_db_result *r)
{
    int n = 0;
    for (int c = 0; c < ADV_MAX_CLOUDS; c++)
        n += (a->cfg.space.clouds & (1u << c)) && adv_cloud_provider(c);
    if (n < 2)
        return;
    fprintf(f, "\nThe clouds side by side:\n");
    for (int c = 0; c < ADV_MAX_CLOUDS; c++) {
        const struct prof_provider *p = adv_cloud_provider(c);
        if (!p || !(a->cfg.space.clouds & (1u << c)))
            continue;
        fprintf(f, "  %-4s ", p->display);
        if (r->has_cloud_best[c])
            print_config(f, &a->db, &r->cloud_best[c].c);
        else
            fprintf(f, "nothing meets the targets\n");
    }
}

void cli_advise_db_print(FILE *f, const struct cli_advise_opts *a,
                         const struct adv_db_result *r)
{
    print_header(f, a, r);
    fputc('\n', f);
    if (r->n_best == 0)
        fprintf(f, "No configuration searched meets the targets.\n");
    for (int i = 0; i < r->n_best; i++)
        print_best(f, a, i, &r->best[i]);
    print_alone(f, a, r);
    print_rejected(f, a, r);
    print_clouds(f, a, r);
}

/* ---- JSON ------------------------------------------------------------- */

static cJSON *groups_json(const struct cli_advise_db *d)
{
    cJSON *arr = cJSON_CreateArray();
    for (int g = 0; g < d->cfg.n_groups; g++) {
        const struct adv_db_group *dg = &d->cfg.group[g];
        cJSON *o = cJSON_CreateObject(), *cls = cJSON_CreateArray();
        double ios, mbps;
        demand_sums(dg, &ios, &mbps);
        cJSON_AddStringToObject(o, "name", dg->name);
        cJSON_AddStringToObject(o, "redundancy", lay_redundancy_name(dg->redundancy));
        cJSON_AddNumberToObject(o, "capacity_bytes", (double)dg->capacity_bytes);
        cJSON_AddNumberToObject(o, "demand_ios_per_s", ios);
        cJSON_AddNumberToObject(o, "demand_mbps", mbps);
        for (int c = 0; c < d->spec.n_classes; c++)
            if (d->class_group[c] == g)
                cJSON_AddItemToArray(cls, cJSON_CreateString(d->spec.cls[c].name));
        cJSON_AddItemToObject(o, "class_names", cls);
        cJSON *types = cJSON_CreateArray();
        for (int t = 0; t < dg->n_types; t++)
            cJSON_AddItemToArray(types, cJSON_CreateString(dg->types[t]));
        cJSON_AddItemToObject(o, "volume_types", types);
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

static cJSON *targets_json(const struct cli_advise_db *d)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < d->n_needs; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "kind", need_kind(d->need[i].kind));
        cJSON_AddStringToObject(o, "text", d->need[i].text);
        cJSON_AddBoolToObject(o, "of_group", d->need[i].group >= 0);
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

static cJSON *config_json(const struct cli_advise_opts *a, const struct adv_db_outcome *o)
{
    const struct adv_db_config *c = &o->c;
    cJSON *j = cJSON_CreateObject(), *usd = cJSON_CreateObject();
    cJSON *groups = cJSON_CreateArray(), *cls = cJSON_CreateArray();
    char cmd[ADV_COMMAND_LEN];

    cJSON_AddStringToObject(j, "instance", c->instance.name);
    cJSON_AddNumberToObject(usd, "instance", c->instance_usd_month);
    cJSON_AddNumberToObject(usd, "volumes", c->volumes_usd_month);
    cJSON_AddNumberToObject(usd, "infrastructure", c->instance_usd_month + c->volumes_usd_month);
    cJSON_AddNumberToObject(usd, "licences", c->licence_usd_month);
    cJSON_AddNumberToObject(usd, "total", c->total_usd_month);
    cJSON_AddItemToObject(j, "usd_month", usd);
    cJSON_AddNumberToObject(j, "licence_units", c->licence_units);
    for (int g = 0; g < c->n_groups; g++) {
        cJSON *p = cJSON_CreateObject();
        cJSON_AddStringToObject(p, "name", a->db.cfg.group[g].name);
        cJSON_AddStringToObject(p, "volume", c->group[g].volume.spec);
        cJSON_AddNumberToObject(p, "disks", c->group[g].disks);
        cJSON_AddNumberToObject(p, "usable_bytes", (double)c->group[g].usable_bytes);
        cJSON_AddNumberToObject(p, "usd_month", c->group[g].volumes_usd_month);
        cJSON_AddItemToArray(groups, p);
    }
    cJSON_AddItemToObject(j, "groups", groups);
    for (int k = 0; k < o->n_classes && k < a->db.spec.n_classes; k++) {
        cJSON *p = cJSON_CreateObject();
        cJSON_AddStringToObject(p, "name", a->db.spec.cls[k].name);
        cJSON_AddStringToObject(p, "group", a->db.cfg.group[a->db.class_group[k]].name);
        cJSON_AddNumberToObject(p, "offered", o->cls[k].offered);
        cJSON_AddNumberToObject(p, "iops", o->cls[k].iops);
        cJSON_AddNumberToObject(p, "mbps", o->cls[k].mbps);
        cJSON_AddNumberToObject(p, "avg_us", o->cls[k].avg_us);
        cJSON_AddNumberToObject(p, "p99_us", o->cls[k].p99_us);
        cJSON_AddNumberToObject(p, "unmet", o->cls[k].unmet);
        cJSON_AddItemToArray(cls, p);
    }
    cJSON_AddItemToObject(j, "classes", cls);
    cJSON_AddBoolToObject(j, "simulated", o->simulated);
    cJSON_AddBoolToObject(j, "pass", o->pass);
    if (!o->pass)
        cJSON_AddStringToObject(j, "missed", o->missed);
    cJSON_AddStringToObject(j, "binding", o->binding);
    cli_advise_db_command(a, c, cmd, sizeof cmd);
    cJSON_AddStringToObject(j, "command", cmd);
    return j;
}

static cJSON *outcomes_json(const struct cli_advise_opts *a, const struct adv_db_outcome *o,
                            int n)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(arr, config_json(a, &o[i]));
    return arr;
}

static void add_positive(cJSON *j, const char *key, double v)
{
    if (v > 0)
        cJSON_AddNumberToObject(j, key, v);
    else
        cJSON_AddNullToObject(j, key);
}

/* As advise's (docs/fields.md): the clouds by name, the constraints
   (null: none), the licence. */
static cJSON *space_json(const struct adv_space_cfg *sc)
{
    cJSON *j = cJSON_CreateObject(), *clouds = cJSON_CreateArray();
    cJSON *excl = cJSON_CreateArray();

    for (int c = 0; c < ADV_MAX_CLOUDS; c++)
        if (adv_cloud_provider(c) && (sc->clouds & (1u << c)))
            cJSON_AddItemToArray(clouds, cJSON_CreateString(adv_cloud_provider(c)->name));
    cJSON_AddItemToObject(j, "clouds", clouds);
    cJSON_AddStringToObject(j, "arch", sc->arch == PROF_ARCH_UNKNOWN ? "any"
                                       : prof_arch_name(sc->arch));
    add_positive(j, "min_vcpus", sc->min_vcpus);
    add_positive(j, "max_vcpus", sc->max_vcpus);
    add_positive(j, "min_memory_gib", sc->min_memory_gib);
    for (int i = 0; i < sc->n_exclude; i++)
        cJSON_AddItemToArray(excl, cJSON_CreateString(sc->exclude[i]));
    cJSON_AddItemToObject(j, "exclude_families", excl);
    cJSON_AddStringToObject(j, "licence", prof_licence_name(sc->licence));
    cJSON_AddStringToObject(j, "licence_unit", prof_licence_unit(sc->licence));
    cJSON_AddNumberToObject(j, "licence_usd_unit_month", sc->licence_usd_month);
    cJSON_AddBoolToObject(j, "burst_ok", sc->burst_ok);
    return j;
}

/* Each group alone, per cloud searched: its kept options. */
static cJSON *alone_json(const struct cli_advise_opts *a, const struct adv_db_result *r)
{
    cJSON *arr = cJSON_CreateArray();
    for (int c = 0; c < ADV_MAX_CLOUDS; c++) {
        if (!adv_cloud_provider(c) || !(a->cfg.space.clouds & (1u << c)))
            continue;
        for (int g = 0; g < a->db.cfg.n_groups; g++) {
            const struct adv_db_group_result *gr = &r->group[c][g];
            cJSON *o = cJSON_CreateObject(), *kept = cJSON_CreateArray();
            cJSON_AddStringToObject(o, "cloud", adv_cloud_provider(c)->name);
            cJSON_AddStringToObject(o, "group", a->db.cfg.group[g].name);
            cJSON_AddNumberToObject(o, "options", (double)gr->options);
            cJSON_AddNumberToObject(o, "simulated", (double)gr->simulated);
            for (int k = 0; k < gr->n_kept; k++) {
                const struct adv_db_pick *p = &gr->kept[k].c.group[g];
                cJSON *x = cJSON_CreateObject();
                cJSON_AddStringToObject(x, "volume", p->volume.spec);
                cJSON_AddNumberToObject(x, "disks", p->disks);
                cJSON_AddNumberToObject(x, "usd_month", p->volumes_usd_month);
                cJSON_AddItemToArray(kept, x);
            }
            cJSON_AddItemToObject(o, "kept", kept);
            cJSON_AddStringToObject(o, "none_why", gr->n_kept == 0 ? gr->none_why : "");
            cJSON_AddItemToArray(arr, o);
        }
    }
    return arr;
}

char *cli_advise_db_json(const struct cli_advise_opts *a, const struct adv_db_result *r)
{
    cJSON *j = cJSON_CreateObject(), *clouds = cJSON_CreateObject();

    cJSON_AddStringToObject(j, "asmsim_version", ASMSIM_VERSION);
    cJSON_AddStringToObject(j, "kind", "database-advice");
    cJSON_AddStringToObject(j, "command", a->command_line ? a->command_line : "asmsim advise");
    cJSON_AddStringToObject(j, "workload", a->db.workload);
    cJSON_AddItemToObject(j, "groups", groups_json(&a->db));
    cJSON_AddItemToObject(j, "targets", targets_json(&a->db));
    cJSON_AddItemToObject(j, "space", space_json(&a->cfg.space));
    cJSON_AddItemToObject(j, "best", outcomes_json(a, r->best, r->n_best));
    cJSON_AddItemToObject(j, "rejected", outcomes_json(a, r->rejected, r->n_rejected));
    cJSON_AddItemToObject(j, "alone", alone_json(a, r));
    cJSON *aside = cJSON_AddArrayToObject(j, "set_aside");
    for (int i = 0; i < r->n_aside; i++) {
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "instance", r->aside[i].name);
        cJSON_AddNumberToObject(x, "usd_month", r->aside[i].usd_month);
        cJSON_AddStringToObject(x, "why", r->aside[i].why);
        cJSON_AddItemToArray(aside, x);
    }
    for (int c = 0; c < ADV_MAX_CLOUDS; c++)
        if (r->has_cloud_best[c])
            cJSON_AddItemToObject(clouds, adv_cloud_provider(c)->name,
                                  config_json(a, &r->cloud_best[c]));
    cJSON_AddItemToObject(j, "cloud_best", clouds);
    cJSON *search = cJSON_AddObjectToObject(j, "search");
    cJSON_AddNumberToObject(search, "instances", (double)r->instances);
    cJSON_AddNumberToObject(search, "simulated", (double)r->simulated);
    cJSON_AddNumberToObject(search, "wall_s", r->wall_s);
    cJSON_AddBoolToObject(search, "interrupted", r->interrupted);
    char *text = cJSON_Print(j);
    cJSON_Delete(j);
    return text;
}
