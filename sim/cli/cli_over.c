/*
 * cli_over.c - sweep --over PARAM=LIST (cli_over.h): a sweep over a
 * parameter other than the disk count.
 *
 * What a parameter is.  Every parameter is a way of setting one value on
 * the command line as parsed, so a run of the sweep is the run that
 * command line with that value would be, checked and resolved by the
 * same code (cli_opts_resolve): a bad value gets the option's own
 * message, prefixed by "--over PARAM=VALUE: ".  Three kinds:
 *
 *   option       a run option's setter by its name (size-large, write,
 *                instance, volume, num-small, rate-large, seed, ...);
 *   volume key   one key of the volume spec (volume-iops, -throughput,
 *                -size): set on the spec as resolved (the run's --volume,
 *                or with :GROUP, or by default the first group's), so
 *                the other keys stay as they were;
 *   class        a field of a class (outstanding, rate, write with
 *                :CLASS): a database workload's class of that name, or
 *                ORION's small and large (outstanding:small is
 *                --num-small, rate:large --rate-large).
 *
 * The sweep's disk count is one: --volumes N, else the first group's
 * disks with --group, else the run's default (4).  The shared setup (the
 * options resolved without any value) is what the header shows; the runs'
 * setups are what each row reports (its bill, volume, instance).  A
 * value's warnings that the shared resolve did not give are kept, named
 * by the value.  The dashboard is not made for a sweep of configurations
 * (--tui refused); --progress shows it.
 */
#include "sim/cli/cli_over.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sim/cli/cli.h"
#include "sim/cli/cli_values.h"
#include "sim/profiles/profiles.h"
#include "layouts/why.h"
#include "workloads/wl_spec.h"

enum over_kind { OVER_OPTION, OVER_VOLUME_KEY, OVER_CLASS };

struct over_param {
    const char *name;
    enum over_kind kind;
    const char *field;      /* the option, the volume key, or the class field */
};

static const struct over_param params[] = {
    { "disks", OVER_OPTION, "volumes" },
    { "size-small", OVER_OPTION, "size-small" },
    { "size-large", OVER_OPTION, "size-large" },
    { "num-small", OVER_OPTION, "num-small" },
    { "num-large", OVER_OPTION, "num-large" },
    { "type", OVER_OPTION, "type" },
    { "stream-io", OVER_OPTION, "stream-io" },
    { "write", OVER_CLASS, "write" },
    { "outstanding", OVER_CLASS, "outstanding" },
    { "rate", OVER_CLASS, "rate" },
    { "rate-small", OVER_OPTION, "rate-small" },
    { "rate-large", OVER_OPTION, "rate-large" },
    { "max-outstanding", OVER_OPTION, "max-outstanding" },
    { "instance", OVER_OPTION, "instance" },
    { "volume", OVER_OPTION, "volume" },
    { "volume-iops", OVER_VOLUME_KEY, "iops" },
    { "volume-throughput", OVER_VOLUME_KEY, "throughput" },
    { "volume-size", OVER_VOLUME_KEY, "size" },
    { "layout", OVER_OPTION, "layout" },
    { "au", OVER_OPTION, "au" },
    { "stripe", OVER_OPTION, "stripe" },
    { "redundancy", OVER_OPTION, "redundancy" },
    { "failgroups", OVER_OPTION, "failgroups" },
    { "burst-credits", OVER_OPTION, "burst-credits" },
    { "seed", OVER_OPTION, "seed" },
    { "power", OVER_OPTION, "power" },
    { "nodes", OVER_OPTION, "nodes" },
};
#define N_PARAMS ((int)(sizeof params / sizeof params[0]))
#define PARAM_DISKS 0

void cli_over_params_text(char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < N_PARAMS && used < len; i++) {
        int n = snprintf(buf + used, len - used, "%s%s%s", i ? ", " : "",
                         params[i].name, params[i].kind == OVER_CLASS ? ":CLASS"
                         : params[i].kind == OVER_VOLUME_KEY ? "[:GROUP]" : "");
        used += n > 0 ? (size_t)n : 0;
    }
}

/* ---- parsing ------------------------------------------------------------- */

static int find_param(const char *name, size_t len)
{
    for (int i = 0; i < N_PARAMS; i++)
        if (strlen(params[i].name) == len && strncmp(params[i].name, name, len) == 0)
            return i;
    if (len == 7 && strncmp(name, "volumes", 7) == 0)
        return PARAM_DISKS;
    return -1;
}

/* A value A-B (whole numbers, A < B, as --volumes takes 1-4): its
   numbers, true; anything else, false. */
static bool value_range(const char *v, long long *a, long long *b)
{
    char tail;
    return sscanf(v, "%lld-%lld%c", a, b, &tail) == 2 && *a >= 0 && *a < *b &&
           strspn(v, "0123456789-") == strlen(v);
}

/* The values a range A-B stands for, each written into ov->store after
   the list (nodes=1-4 is nodes=1,2,3,4).  0, or -EINVAL with why. */
static int add_range(struct cli_over *ov, long long a, long long b, size_t *free_at,
                     char *why, size_t why_len)
{
    if (b - a + 1 > SIM_MAX_SWEEP - ov->n) {
        snprintf(why, why_len, "%lld-%lld: more than %d values", a, b, SIM_MAX_SWEEP);
        return -EINVAL;
    }
    for (long long x = a; x <= b; x++) {
        char *at = ov->store + *free_at;
        int n = snprintf(at, sizeof ov->store - *free_at, "%lld", x);
        if (n < 0 || (size_t)n + 1 > sizeof ov->store - *free_at) {
            snprintf(why, why_len, "%lld-%lld: the list grows too long", a, b);
            return -EINVAL;
        }
        *free_at += (size_t)n + 1;
        ov->value[ov->n++] = at;
    }
    return 0;
}

/* Each value of ov once. */
static int values_once(const struct cli_over *ov, char *why, size_t why_len)
{
    for (int i = 0; i < ov->n; i++) {
        const char *v = ov->value[i];
        for (int k = 0; k < i; k++)
            if (strcmp(ov->value[k], v) == 0) {
                snprintf(why, why_len, "%s listed twice; each value runs once", v);
                return -EINVAL;
            }
    }
    return 0;
}

/* The list into o->over.value: split at commas, none empty, none twice;
   a range A-B of whole numbers is every number from A to B. */
static int split_values(struct cli_over *ov, const char *list, char *why, size_t why_len)
{
    size_t free_at = strlen(list) + 1;      /* ranges' numbers go after it */
    if (strlen(list) >= sizeof ov->store) {
        snprintf(why, why_len, "the list is longer than %zu characters",
                 sizeof ov->store - 1);
        return -EINVAL;
    }
    snprintf(ov->store, sizeof ov->store, "%s", list);
    ov->n = 0;
    for (char *v = ov->store, *end; v; v = end) {
        end = strchr(v, ',');
        if (end)
            *end++ = '\0';
        if (!*v) {
            snprintf(why, why_len, "an empty value; list values as PARAM=V1,V2,...");
            return -EINVAL;
        }
        if (strlen(v) >= SIM_OVER_VALUE_MAX) {
            snprintf(why, why_len, "%.20s...: a value longer than %d characters", v,
                     SIM_OVER_VALUE_MAX - 1);
            return -EINVAL;
        }
        if (ov->n == SIM_MAX_SWEEP) {
            snprintf(why, why_len, "more than %d values", SIM_MAX_SWEEP);
            return -EINVAL;
        }
        long long a, b;
        int rc = value_range(v, &a, &b) ? add_range(ov, a, b, &free_at, why, why_len)
                                        : (ov->value[ov->n++] = v, 0);
        if (rc)
            return rc;
    }
    return values_once(ov, why, why_len);
}


/* --over disks=LIST is --volumes LIST, which may not be given as well. */
static int over_disks(struct cli_opts *o, bool which, const char *list, char *why,
                      size_t why_len)
{
    if (which) {
        snprintf(why, why_len, "disks takes no :WHICH; a sweep over disk counts "
                 "sizes the first group");
        return -EINVAL;
    }
    int rc = cli_opts_note_once(o, "--", "volumes", list, why, why_len);
    return rc ? rc : cli_opts_set_value(o, "volumes", list, why, why_len);
}

int cli_over_parse(struct cli_opts *o, const char *text, char *why, size_t why_len)
{
    char names[600];
    const char *eq = strchr(text, '=');
    size_t name_len = eq ? (size_t)(eq - text) : strlen(text);
    const char *colon = memchr(text, ':', name_len);
    int p = find_param(text, colon ? (size_t)(colon - text) : name_len);

    cli_over_params_text(names, sizeof names);
    if (p < 0 || !eq) {
        snprintf(why, why_len, "%s; write PARAM=V1,V2,... with PARAM one of %s",
                 p < 0 ? "not a parameter" : "no values", names);
        return -EINVAL;
    }
    if (p == PARAM_DISKS)       /* the default sweep, as --volumes */
        return over_disks(o, colon != NULL, eq + 1, why, why_len);
    struct cli_over *ov = &o->over;
    size_t which_len = colon ? (size_t)(eq - colon - 1) : 0;
    if (colon && (which_len == 0 || which_len >= sizeof ov->which)) {
        snprintf(why, why_len, "%s: a class or group name of 1 to %zu characters "
                 "after ':'", params[p].name, sizeof ov->which - 1);
        return -EINVAL;
    }
    if (params[p].kind == OVER_OPTION && colon) {
        snprintf(why, why_len, "%s takes no :WHICH (only the class's fields "
                 "outstanding, rate and write, and the volume-* keys do)",
                 params[p].name);
        return -EINVAL;
    }
    int rc = split_values(ov, eq + 1, why, why_len);
    if (rc)
        return rc;
    ov->text = text;
    ov->param = p;
    snprintf(ov->which, sizeof ov->which, "%.*s", (int)which_len, colon ? colon + 1 : "");
    snprintf(ov->name, sizeof ov->name, "%.*s", (int)name_len, text);
    return 0;
}

/* ---- one value on a copy of the options ------------------------------------ */

/* Append to out (used of len taken); past the end only counts. */
static void append(char *out, size_t len, size_t *used, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out + (*used < len ? *used : len), *used < len ? len - *used : 0,
                      fmt, ap);
    va_end(ap);
    *used += n > 0 ? (size_t)n : 0;
}

/* spec with key=value: replaced where spec has the key, else appended
   ("gp3:size=250GiB,iops=3000" with iops=6000).  0, or -EINVAL when the
   result does not fit. */
static int spec_with_key(const char *spec, const char *key, const char *value,
                         char *out, size_t len)
{
    size_t type_len = strcspn(spec, ":"), key_len = strlen(key), used = 0;
    const char *k = spec[type_len] == ':' ? spec + type_len + 1 : "";
    bool set = false;
    char sep = ':';                 /* before the first key, then ',' */

    append(out, len, &used, "%.*s", (int)type_len, spec);
    for (; *k; sep = ',') {
        size_t n = strcspn(k, ",");
        bool ours = n > key_len && strncmp(k, key, key_len) == 0 && k[key_len] == '=';
        if (ours)
            append(out, len, &used, "%c%s=%s", sep, key, value);
        else
            append(out, len, &used, "%c%.*s", sep, (int)n, k);
        set |= ours;
        k += n + (k[n] == ',');
    }
    if (!set)
        append(out, len, &used, "%c%s=%s", sep, key, value);
    return used < len ? 0 : -EINVAL;
}

static int find_group(const struct cli_opts *o, const char *name, char *why,
                      size_t why_len)
{
    if (!name[0])
        return 0;
    for (int g = 0; g < o->n_groups; g++)
        if (strcasecmp(o->groups[g].name, name) == 0)
            return g;
    char list[300] = "";
    for (int g = 0; g < o->n_groups; g++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", g ? ", " : "",
                 o->groups[g].name);
    snprintf(why, why_len, "no disk group %s; %s", name, o->n_groups
             ? "the groups are " : "there is no --group (drop :GROUP)");
    snprintf(why + strlen(why), why_len - strlen(why), "%s", list);
    return -EINVAL;
}

/* volume-iops / -throughput / -size: that key of the volume spec as
   given (the run's --volume, or a group's volume), into spec (which must
   outlive c) for the run's. */
static int set_volume_key(struct cli_opts *c, const char *which, const char *key,
                          const char *v, char *spec, size_t spec_len, char *why,
                          size_t why_len)
{
    int g = find_group(c, which, why, why_len);
    if (g < 0)
        return g;
    if (c->n_groups == 0) {
        if (spec_with_key(c->volume_spec, key, v, spec, spec_len) != 0) {
            snprintf(why, why_len, "the volume spec grows too long");
            return -EINVAL;
        }
        return cli_opts_set_value(c, "volume", spec, why, why_len);
    }
    struct sim_group_spec *gs = &c->groups[g];
    char inner[300], given[sizeof gs->volume];
    snprintf(given, sizeof given, "%s", gs->volume);
    if (spec_with_key(given, key, v, gs->volume, sizeof gs->volume) != 0) {
        snprintf(why, why_len, "the volume spec grows too long");
        return -EINVAL;
    }
    if (prof_volume_parse(gs->volume, &gs->profile, inner, sizeof inner) != 0) {
        snprintf(why, why_len, "%s", inner);
        return -EINVAL;
    }
    return 0;
}

/* ORION's classes by name: outstanding:small is --num-small, rate:large
   --rate-large, and write (one share for both) --write. */
static int set_orion_class(struct cli_opts *c, const char *which, const char *field,
                           const char *v, char *why, size_t why_len)
{
    bool small = strcmp(which, "small") == 0, large = strcmp(which, "large") == 0;
    if (strcmp(field, "write") == 0) {
        if (!which[0])
            return cli_opts_set_value(c, "write", v, why, why_len);
        snprintf(why, why_len, "ORION's classes share one --write: write=LIST");
        return -EINVAL;
    }
    if (!small && !large) {
        snprintf(why, why_len, "ORION's classes are small and large: %s:small or "
                 "%s:large", field, field);
        return -EINVAL;
    }
    const char *option = strcmp(field, "outstanding") == 0
        ? (small ? "num-small" : "num-large") : (small ? "rate-small" : "rate-large");
    return cli_opts_set_value(c, option, v, why, why_len);
}

/* A database workload's class `which`: its outstanding I/Os (a
   sequential class's streams), its rate, or its write share; checked as
   a workload file's class is. */
static int set_db_class(struct cli_opts *c, const char *which, const char *field,
                        const char *v, char *why, size_t why_len)
{
    struct wl_class_spec *k = NULL;
    char list[400] = "";
    for (int i = 0; i < c->workload.n_classes; i++) {
        if (strcmp(c->workload.cls[i].name, which) == 0)
            k = &c->workload.cls[i];
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
                 c->workload.cls[i].name);
    }
    if (!k && which[0])
        snprintf(why, why_len, "no class %s; the workload's classes are %s", which, list);
    else if (!k)
        snprintf(why, why_len, "name the class, %s:CLASS; the workload's classes are %s",
                 field, list);
    if (!k)
        return -EINVAL;
    bool open = k->loop == WL_OPEN, rate = strcmp(field, "rate") == 0;
    if (strcmp(field, "write") != 0 && open != rate) {
        snprintf(why, why_len, "class %s is %s: sweep %s:%s", which,
                 open ? "open loop (a rate)" : "closed loop (outstanding I/Os)",
                 open ? "rate" : "outstanding", which);
        return -EINVAL;
    }
    long long n = 0;
    double x = 0;
    if (rate ? cli_parse_double(v, 0, 1e9, &x) != 0 : cli_parse_int(v, 0, 1 << 20, &n) != 0) {
        snprintf(why, why_len, "not a %s", rate ? "rate (I/Os a second)" : "whole number");
        return -EINVAL;
    }
    if (rate)
        k->rate_iops = x;
    else if (strcmp(field, "write") == 0)
        k->write_pct = (int)n;
    else if (k->pattern == WL_SEQUENTIAL)
        k->streams = (int)n;
    else
        k->outstanding = (int)n;
    char inner[400];
    if (wl_class_spec_check(k, inner, sizeof inner) != 0) {
        why_spell(inner, sizeof inner, NULL, NULL);
        snprintf(why, why_len, "%s", inner);
        return -EINVAL;
    }
    return 0;
}

/* Value i of ov on the options c as parsed; spec holds a --volume made
   for it (it must outlive c). */
static int apply_value(const struct cli_over *ov, int i, struct cli_opts *c,
                       char *spec, size_t spec_len, char *why, size_t why_len)
{
    const struct over_param *p = &params[ov->param];
    switch (p->kind) {
    case OVER_OPTION:
        return cli_opts_set_value(c, p->field, ov->value[i], why, why_len);
    case OVER_VOLUME_KEY:
        return set_volume_key(c, ov->which, p->field, ov->value[i], spec, spec_len,
                              why, why_len);
    case OVER_CLASS:
        return c->workload_name
            ? set_db_class(c, ov->which, p->field, ov->value[i], why, why_len)
            : set_orion_class(c, ov->which, p->field, ov->value[i], why, why_len);
    }
    return -EINVAL;
}

/* ---- resolving the sweep --------------------------------------------------- */

/* The option a value sets directly, when the command line gave it too:
   the sweep would silently override it. */
static const char *also_given(const struct cli_opts *o)
{
    const struct over_param *p = &params[o->over.param];
    const char *option = p->kind == OVER_OPTION ? p->field : NULL;
    if (p->kind == OVER_CLASS && !o->workload_name) {
        bool small = strcmp(o->over.which, "small") == 0;
        option = strcmp(p->field, "write") == 0 ? "write"
               : strcmp(p->field, "outstanding") == 0 ? (small ? "num-small" : "num-large")
                                                      : (small ? "rate-small" : "rate-large");
    }
    return option && cli_opts_given_value(o, "--", option) ? option : NULL;
}

/* The sweep's one disk count: --volumes N, the first group's, or the
   run's default. */
static int one_count(struct cli_opts *o, char *why, size_t why_len)
{
    bool given = cli_opts_given_value(o, "--", "volumes") != NULL;
    if (given && o->n_counts != 1) {
        snprintf(why, why_len, "--over %s: --volumes %s lists %d disk counts; a "
                 "sweep over %s runs at one (--volumes N), or drop --over for a "
                 "sweep of disk counts", o->over.text, o->volumes_text, o->n_counts,
                 o->over.name);
        return -EINVAL;
    }
    if (!given) {
        o->counts[0] = o->n_groups > 0 ? o->groups[0].disks : 4;
        o->n_counts = 1;
        snprintf(o->over.count_text, sizeof o->over.count_text, "%d", o->counts[0]);
        o->volumes_text = o->over.count_text;
    }
    return 0;
}

static int check_over(struct cli_opts *o, char *why, size_t why_len)
{
    const char *both = also_given(o);
    if (both) {
        snprintf(why, why_len, "--over %s: --%s is given too; the sweep sets it on "
                 "each run (drop --%s)", o->over.text, both, both);
        return -EINVAL;
    }
    if (o->tui) {
        snprintf(why, why_len, "--over %s: the dashboard (--tui) watches a sweep of "
                 "disk counts; drop --tui (--progress shows the sweep's points)",
                 o->over.text);
        return -EINVAL;
    }
    return one_count(o, why, why_len);
}

/* A value's warnings that the shared resolve did not give, named by it. */
static void keep_warnings(struct cli_opts *o, const struct cli_opts *run, int i)
{
    for (int w = 0; w < run->n_warnings; w++) {
        bool known = false;
        for (int k = 0; k < o->n_warnings && !known; k++)
            known = strcmp(o->warning[k], run->warning[w]) == 0 ||
                    strstr(o->warning[k], run->warning[w]) != NULL;
        if (!known)
            cli_opts_warn(o, "at %s=%s: %s", o->over.name, o->over.value[i],
                          run->warning[w]);
    }
}

/* The options c (as parsed) with value i of ov, resolved into *cfg; the
   reason names the value. */
static int resolve_with(const struct cli_over *ov, int i, struct cli_opts *c,
                        char *spec, size_t spec_len, struct sim_setup *cfg,
                        char *why, size_t why_len)
{
    char inner[400];
    int rc = apply_value(ov, i, c, spec, spec_len, inner, sizeof inner);
    if (rc == 0)
        rc = cli_opts_resolve(c, cfg, inner, sizeof inner);
    if (rc != 0)
        snprintf(why, why_len, "--over %s=%s: %s", ov->name, ov->value[i], inner);
    return rc == -ENOENT ? -EINVAL : rc;
}

/* Run i: a copy of the options as parsed, its value set, resolved. */
static int resolve_run(struct cli_over_runs *r, int i, const struct cli_opts *parsed,
                       struct cli_opts *shared, char *why, size_t why_len)
{
    struct cli_opts *c = malloc(sizeof *c);
    if (!c) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    r->opts[i] = c;
    *c = *parsed;
    c->over.n = 0;
    int rc = resolve_with(&shared->over, i, c, r->volume_spec[i],
                          sizeof r->volume_spec[i], &r->sweep.setups[i], why, why_len);
    if (rc == 0)
        keep_warnings(shared, c, i);
    return rc;
}

int cli_over_resolve(struct cli_opts *o, struct sim_setup *cfg,
                     struct cli_over_runs **out, char *why, size_t why_len)
{
    *out = NULL;
    int rc = check_over(o, why, why_len);
    if (rc)
        return rc;
    struct cli_opts *parsed = malloc(sizeof *parsed);
    struct cli_over_runs *r = calloc(1, sizeof *r);
    if (r)
        r->sweep.setups = calloc((size_t)o->over.n, sizeof *r->sweep.setups);
    if (!parsed || !r || !r->sweep.setups) {
        free(parsed);
        cli_over_free(r);
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    *parsed = *o;
    /* the shared configuration is the first run's: a value may be what
       makes the options whole (--matrix point with num-small's) */
    rc = resolve_with(&parsed->over, 0, o, r->shared_volume_spec,
                      sizeof r->shared_volume_spec, cfg, why, why_len);
    for (int i = 0; rc == 0 && i < o->over.n; i++)
        rc = resolve_run(r, i, parsed, o, why, why_len);
    free(parsed);
    if (rc) {
        cli_over_free(r);
        return rc;
    }
    snprintf(r->sweep.param, sizeof r->sweep.param, "%s", o->over.name);
    r->sweep.n = o->over.n;
    for (int i = 0; i < o->over.n; i++)
        snprintf(r->sweep.value[i], sizeof r->sweep.value[i], "%s", o->over.value[i]);
    cfg->over = &r->sweep;
    *out = r;
    return 0;
}

void cli_over_free(struct cli_over_runs *r)
{
    if (!r)
        return;
    for (int i = 0; i < SIM_MAX_SWEEP; i++)
        free(r->opts[i]);
    free(r->sweep.setups);
    free(r);
}

struct sim_run_cfg cli_over_run_cfg(struct cli_over_runs *r, int i,
                                    const struct sim_setup *shared)
{
    struct sim_run_cfg run = *sim_setup_run(&r->sweep.setups[i]);
    run.point.stop = shared->run.point.stop;
    return run;
}
