/*
 * cli_advise_db.c - `asmsim advise --workload W`: the options of a
 * database's advice, its groups and their demand, and the simulation of
 * one configuration.
 *
 * Groups.  They are the workload's (each class's "group"; a class with
 * none is in the first group named, or DATA), in the order the classes
 * name them, and any group --capacity names besides (one with no I/O: a
 * RECO that only holds backups is sized for its space alone).  Options
 * that name a group: --capacity GROUP:SIZE (a comma-separated list, or
 * repeated), --redundancy GROUP:R (a plain R is every group's default),
 * --volume-types GROUP:LIST (a plain list is every group's).
 *
 * Targets.  Every class must be served: at most 1 % of what it offers
 * unmet (SIM_FORECAST_UNMET_TOLERANCE, the forecast's rule).  Besides,
 * --need-iops, --need-mbps and --need-latency as run takes them
 * (CLASS:N, CLASS:[STAT:]TIME), or naming a group: a latency then binds
 * each class of the group, a rate the sum of the group's classes.  The
 * classes run at the workload's rates, so a group's rate target above
 * what they offer could never be met: refused, with the offer.
 *
 * One configuration is simulated as exactly the `asmsim run` the advice
 * prints: its words (the workload, instance, one --group per group, the
 * classes' targets, the bill's options) are set one by one on a run's
 * options by cli_opts_set, resolved by cli_opts_resolve and run by the
 * core, so the command pasted gives the same figures.  A group alone
 * (phase 1 of advise_db.h) is the same on instance none with the other
 * groups' classes and targets left out.
 */
#include "sim/cli/cli_advise_db.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sim/cli/cli.h"
#include "sim/cli/cli_advise.h"
#include "sim/cli/cli_job.h"
#include "sim/cli/cli_needs.h"
#include "sim/cli/cli_values.h"
#include "sim/cli/workload_file.h"

static int usage(const char *what)
{
    fprintf(stderr, "asmsim: advise: %s. Try 'asmsim advise --help'.\n", what);
    return 2;
}

/* ---- the options as given ------------------------------------------- */

bool cli_advise_db_qualified(const char *v, bool latency)
{
    const char *colon = strchr(v, ':');
    if (!colon)
        return false;
    if (!latency)
        return true;
    size_t n = (size_t)(colon - v);
    return !(n == 3 && strncmp(v, "p99", 3) == 0) && !(n == 4 && strncmp(v, "mean", 4) == 0);
}

int cli_advise_db_need(struct cli_advise_db *d, enum sim_need_kind kind, const char *v,
                       char *why, size_t why_len)
{
    if (d->n_needs >= SIM_MAX_NEEDS) {
        snprintf(why, why_len, "at most %d targets of classes and groups", SIM_MAX_NEEDS);
        return -EINVAL;
    }
    d->need[d->n_needs++] =
        (struct cli_adv_db_need){ .kind = kind, .text = v, .cls = -1, .group = -1 };
    return 0;
}

int cli_advise_db_key(struct cli_advise_db *d, enum cli_adv_db_key key, const char *v,
                      char *why, size_t why_len)
{
    if (d->n_keys >= CLI_ADV_DB_KEYS) {
        snprintf(why, why_len, "at most %d group settings", CLI_ADV_DB_KEYS);
        return -EINVAL;
    }
    d->keys[d->n_keys].key = key;
    d->keys[d->n_keys++].text = v;
    return 0;
}

/* ---- the groups ------------------------------------------------------ */

/* Group name[0..len), compared without case as ASM compares its names
   (DATA and data are one group): an index, or -1. */
static int group_index(const struct adv_db_cfg *c, const char *name, size_t len)
{
    for (int g = 0; g < c->n_groups; g++)
        if (strlen(c->group[g].name) == len && strncasecmp(c->group[g].name, name, len) == 0)
            return g;
    return -1;
}

static int add_group(struct adv_db_cfg *c, const char *name, size_t len,
                     enum lay_redundancy r)
{
    if (c->n_groups >= SIM_MAX_GROUPS || len == 0 || len >= WL_NAME_MAX)
        return -1;
    struct adv_db_group *g = &c->group[c->n_groups];
    memset(g, 0, sizeof *g);
    memcpy(g->name, name, len);
    g->redundancy = r;
    return c->n_groups++;
}

/* The classes' groups, in the order they name them; each class's rate
   into its group's demand. */
static int workload_groups(struct cli_advise_db *d, enum lay_redundancy r)
{
    const char *first = "DATA";
    char msg[CLI_MSG_MAX];

    for (int i = 0; i < d->spec.n_classes; i++)
        if (d->spec.cls[i].group[0]) {
            first = d->spec.cls[i].group;
            break;
        }
    for (int i = 0; i < d->spec.n_classes; i++) {
        const struct wl_class_spec *k = &d->spec.cls[i];
        const char *name = k->group[0] ? k->group : first;
        if (k->loop != WL_OPEN) {
            snprintf(msg, sizeof msg, "--workload %s: class %s runs closed loop (a number "
                     "of I/Os in flight); advise sizes for each class's rate: give it "
                     "\"rate\"", d->workload, k->name);
            return usage(msg);
        }
        int g = group_index(&d->cfg, name, strlen(name));
        if (g < 0 && (g = add_group(&d->cfg, name, strlen(name), r)) < 0)
            return usage("--workload: more disk groups than advise takes");
        d->class_group[i] = g;
        struct adv_demand *dm = &d->cfg.group[g].demand;
        uint64_t total = 0;
        for (int s = 0; s < k->sizes.n; s++)
            total += k->sizes.weight[s];
        for (int s = 0; s < k->sizes.n && total > 0; s++)
            dm->line[dm->n++] = (struct adv_demand_line){
                .rate = k->rate_iops * k->sizes.weight[s] / (double)total,
                .bytes = k->sizes.bytes[s], .write_frac = k->write_pct / 100.0,
                .sequential = k->pattern == WL_SEQUENTIAL };
    }
    return 0;
}

/* "GROUP:VALUE" of a key: the group (added by --capacity when the
   workload has none of that name), the value after the colon; or minus
   the exit status after printing why. */
static int key_group(struct cli_advise_db *d, enum cli_adv_db_key key, const char *t,
                     const char **value)
{
    const char *colon = strchr(t, ':');
    char msg[CLI_MSG_MAX], names[160] = "", name[WL_NAME_MAX];
    size_t len = colon ? (size_t)(colon - t) : strlen(t);
    int g = group_index(&d->cfg, t, len);

    *value = colon ? colon + 1 : "";
    if (g >= 0)
        return g;
    snprintf(name, sizeof name, "%.*s", (int)len, t);
    if (key == CLI_ADV_DB_CAPACITY && colon && len < WL_NAME_MAX && wl_name_ok(name) &&
        (g = add_group(&d->cfg, t, len, d->cfg.base.targets.redundancy)) >= 0)
        return g;
    for (int i = 0; i < d->cfg.n_groups; i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
                 d->cfg.group[i].name);
    snprintf(msg, sizeof msg, "%s: no disk group %.*s in workload %s (its groups: %s)%s", t,
             (int)len, t, d->workload, names,
             key == CLI_ADV_DB_CAPACITY ? "" : "; --capacity GROUP:SIZE adds one");
    return -usage(msg);
}

static int parse_types(const char *v, struct adv_db_group *dg)
{
    int n = 0, rc = 0;
    for (const char *s = v; *s && n < ADV_MAX_LIST; n++) {
        size_t len = strcspn(s, ",");
        if (len == 0 || len >= PROF_NAME_MAX)
            rc = -EINVAL;
        snprintf(dg->types[n], PROF_NAME_MAX, "%.*s", (int)len, s);
        s += len + (s[len] == ',');
    }
    dg->n_types = n;
    return rc || n == 0 ? -EINVAL : 0;
}

static const char *const key_flag[] = { "capacity", "redundancy", "volume-types" };
static const char *const key_form[] = { "SIZE (DATA:8TiB)", "external|normal|high",
                                        "TYPE[,TYPE...] (REDO:io2,gp3)" };

/* One "GROUP:VALUE" of key (text: the option's whole value, for the
   message); given[g]: the keys group g was given so far, each at most
   once (--capacity DATA:1TiB,DATA:2TiB is refused, not the last kept). */
static int key_value(struct cli_advise_db *d, enum cli_adv_db_key key, const char *part,
                     const char *text, unsigned given[SIM_MAX_GROUPS])
{
    const char *v;
    char msg[CLI_MSG_MAX], q[CLI_QUOTE_BUF];
    int g = key_group(d, key, part, &v), rc = 0;

    if (g < 0)
        return -g;
    struct adv_db_group *dg = &d->cfg.group[g];
    if (given[g] & 1u << key) {
        snprintf(msg, sizeof msg, "--%s %s: group %s given twice (names are compared "
                 "without case, as ASM's); give each group once", key_flag[key],
                 cli_quote(text, q, sizeof q), dg->name);
        return usage(msg);
    }
    given[g] |= 1u << key;
    if (key == CLI_ADV_DB_CAPACITY)
        rc = cli_parse_size_in(v, 0, 1, CLI_SIZE_MAX, &dg->capacity_bytes);
    else if (key == CLI_ADV_DB_REDUNDANCY)
        rc = lay_redundancy_parse(v, &dg->redundancy);
    else
        rc = parse_types(v, dg);
    if (rc == 0)
        return 0;
    snprintf(msg, sizeof msg, "--%s %s: not valid; use GROUP:%s", key_flag[key],
             cli_quote(text, q, sizeof q), key_form[key]);
    return usage(msg);
}

/* Each key's value; --capacity's a list ("DATA:8TiB,RECO:4TiB"), read
   first since it may add groups. */
static int apply_keys(struct cli_advise_db *d)
{
    unsigned given[SIM_MAX_GROUPS] = { 0 };
    int rc;
    for (int pass = 0; pass < 3; pass++)
        for (int k = 0; k < d->n_keys; k++) {
            enum cli_adv_db_key key = d->keys[k].key;
            const char *t = d->keys[k].text;
            if ((int)key != pass)
                continue;
            if (key != CLI_ADV_DB_CAPACITY) {
                if ((rc = key_value(d, key, t, t, given)) != 0)
                    return rc;
                continue;
            }
            for (const char *s = t; *s; ) {
                char part[CLI_MSG_MAX];
                size_t len = strcspn(s, ",");
                snprintf(part, sizeof part, "%.*s", (int)len, s);
                if ((rc = key_value(d, key, part, t, given)) != 0)
                    return rc;
                s += len + (s[len] == ',');
            }
        }
    return 0;
}

/* ---- the targets ----------------------------------------------------- */

static const char *need_flag(enum sim_need_kind k)
{
    return k == SIM_NEED_IOPS ? "need-iops" : k == SIM_NEED_MBPS ? "need-mbps" : "need-latency";
}

/* What the classes of group g offer: I/Os a second, or MB/s. */
static double group_offer(const struct cli_advise_db *d, int g, enum sim_need_kind kind)
{
    double sum = 0;
    for (int i = 0; i < d->spec.n_classes; i++) {
        if (d->class_group[i] != g)
            continue;
        const struct wl_class_spec *k = &d->spec.cls[i];
        double bytes = 0, w = 0;
        for (int s = 0; s < k->sizes.n; s++) {
            bytes += (double)k->sizes.bytes[s] * k->sizes.weight[s];
            w += k->sizes.weight[s];
        }
        sum += kind == SIM_NEED_IOPS ? k->rate_iops : k->rate_iops * bytes / w / 1e6;
    }
    return sum;
}

static int check_need(struct cli_advise_db *d, struct cli_adv_db_need *n,
                      struct cli_opts *scratch)
{
    char why[CLI_MSG_MAX], msg[CLI_MSG_MAX + 200], q[CLI_QUOTE_BUF];
    int i = scratch->n_need_texts;

    if (cli_needs_add(scratch, n->kind, n->text, why, sizeof why) != 0) {
        snprintf(msg, sizeof msg, "--%s %s: not valid; %s", need_flag(n->kind),
                 cli_quote(n->text, q, sizeof q), why);
        return usage(msg);
    }
    size_t len = scratch->need_len[i];
    n->value = scratch->need_parsed[i].value;
    n->stat = scratch->need_parsed[i].stat;
    for (int c = 0; c < d->spec.n_classes; c++)
        if (strlen(d->spec.cls[c].name) == len && strncmp(d->spec.cls[c].name, n->text, len) == 0) {
            n->cls = c;                                 /* a class's */
            return 0;
        }
    if ((n->group = group_index(&d->cfg, n->text, len)) < 0) {
        snprintf(msg, sizeof msg, "--%s %s: no class or group %.*s in workload %s",
                 need_flag(n->kind), cli_quote(n->text, q, sizeof q), (int)len, n->text,
                 d->workload);
        return usage(msg);
    }
    double offer = group_offer(d, n->group, n->kind);
    if (n->kind != SIM_NEED_LATENCY && offer < n->value) {
        snprintf(msg, sizeof msg, "--%s %s: the classes of %s offer %.1f %s at the "
                 "workload's rates; they run at those rates, so scale the workload "
                 "('asmsim awr --peak') or lower the target", need_flag(n->kind),
                 cli_quote(n->text, q, sizeof q), d->cfg.group[n->group].name, offer,
                 n->kind == SIM_NEED_IOPS ? "I/Os a second" : "MB/s");
        return usage(msg);
    }
    return 0;
}

static int check_needs(struct cli_advise_db *d)
{
    struct cli_opts *scratch = calloc(1, sizeof *scratch);
    int rc = 0;

    if (!scratch)
        return usage("out of memory");
    for (int i = 0; i < d->n_needs && rc == 0; i++)
        rc = check_need(d, &d->need[i], scratch);
    free(scratch);
    return rc;
}

/* ---- targets no configuration can meet ------------------------------- */

/* A latency statistic as a quantile: 0 the mean. */
static double stat_quantile(enum sim_lat_stat s)
{
    static const double q[] = { 0, 0.5, 0.9, 0.99, 0.999, 0.9999 };
    return (unsigned)s < sizeof q / sizeof q[0] ? q[s] : 0.99;
}

/* A latency target below class c's floor on every volume type and
   instance of its group's search: out of reach, said before any
   simulation (as the single-group search says it).  0, or 2 after
   printing why. */
static int check_floor(struct cli_advise_db *d, const struct cli_adv_db_need *n, int c)
{
    char why[CLI_WHY_LEN], msg[CLI_MSG_MAX], q[CLI_QUOTE_BUF];
    const struct wl_class_spec *k = &d->spec.cls[c];
    int g = d->class_group[c];
    struct adv_db_floor f = { .reads = k->write_pct < 100, .writes = k->write_pct > 0,
                              .quantile = stat_quantile(n->stat) };
    int rc = adv_db_latency_floor(&d->cfg, g, &f, why, sizeof why);
    if (rc < 0) {
        cli_print_error(stderr, "asmsim: advise", why);
        return rc == -EINVAL ? 2 : 1;
    }
    if (!(n->value < f.floor_us))
        return 0;
    snprintf(msg, sizeof msg, "--need-latency %s: below every volume type's latency floor "
             "for class %s (%s, group %s): the lowest is %.3f ms (%s); no configuration "
             "reaches it, so none is simulated", cli_quote(n->text, q, sizeof q), k->name,
             k->write_pct == 0 ? "reads" : k->write_pct == 100 ? "writes" : "reads and writes",
             d->cfg.group[g].name, f.floor_us / 1e3, f.type);
    cli_print_error(stderr, "asmsim: advise", msg);
    return 2;
}

/* Every latency target against the lowest floor any volume type has for
   it: one below them all is answered at once, the floor named (exit 2),
   not searched.  0, or the exit status after saying why. */
static int check_floors(struct cli_advise_db *d)
{
    int rc = 0;

    for (int i = 0; i < d->n_needs && rc == 0; i++) {
        const struct cli_adv_db_need *n = &d->need[i];
        for (int c = 0; n->kind == SIM_NEED_LATENCY && c < d->spec.n_classes && rc == 0; c++)
            if (n->cls == c || (n->cls < 0 && d->class_group[c] == n->group))
                rc = check_floor(d, n, c);
    }
    return rc;
}

/* --survive-failure loses a disk of the first group: a redundancy that
   keeps no copy loses data, whatever the volumes. */
static int check_survive(const struct cli_advise_db *d)
{
    char msg[CLI_MSG_MAX];
    const struct adv_db_group *g = &d->cfg.group[0];

    if (d->survive_power <= 0 || g->redundancy != LAY_EXTERNAL)
        return 0;
    snprintf(msg, sizeof msg, "--survive-failure %d: group %s has external redundancy: a "
             "lost disk loses data (no copy to rebuild from), whatever the volumes; give "
             "it --redundancy %s:normal or high", d->survive_power, g->name, g->name);
    return usage(msg);
}

/* ---- prepare --------------------------------------------------------- */

/* An option of ORION's targets given with --workload: its name. */
static const char *orion_option(const struct cli_advise_opts *a)
{
    const struct adv_targets *t = &a->cfg.targets;
    return t->need_mbps > 0 ? "--need-mbps R"
           : t->need_iops > 0 ? "--need-iops N"
           : t->need_lat_us > 0 ? "--need-latency T"
           : t->capacity_bytes > 0 ? "--capacity SIZE"
           : a->write_given ? "--write"
           : a->size_small_given ? "--size-small"
           : a->size_large_given ? "--size-large"
           : t->schedule ? "--schedule"
           : a->awr.file ? "--awr" : NULL;
}

static int without_workload(const struct cli_advise_db *d)
{
    char msg[CLI_MSG_MAX];
    const char *what = d->n_needs ? d->need[0].text : d->n_keys ? d->keys[0].text : NULL;
    if (!what && d->survive_power > 0)
        return usage("--survive-failure: only with --workload (a lost disk of a "
                     "database's first disk group, as run --fail)");
    if (!what)
        return 0;
    snprintf(msg, sizeof msg, "%s names a class or disk group: give the database's "
             "workload with --workload (a preset or a file, e.g. from 'asmsim awr -o')",
             what);
    return usage(msg);
}

int cli_advise_db_prepare(struct cli_advise_opts *a)
{
    struct cli_advise_db *d = &a->db;
    char why[CLI_WHY_LEN], msg[CLI_MSG_MAX];
    const char *orion;
    int rc;

    if (!d->workload)
        return without_workload(d);
    if ((orion = orion_option(a)) != NULL) {
        snprintf(msg, sizeof msg, "--workload: not with %s (ORION's targets); name a class "
                 "or disk group of the workload: --need-latency redo:p99:1ms, "
                 "--capacity DATA:8TiB", orion);
        return usage(msg);
    }
    if (workload_spec_resolve(d->workload, &d->spec, why, sizeof why) != 0) {
        snprintf(msg, sizeof msg, "--workload %s: %s", d->workload, why);
        return usage(msg);
    }
    d->cfg.base = a->cfg;
    d->cfg.n_groups = 0;
    if ((rc = workload_groups(d, a->cfg.targets.redundancy)) == 0 &&
        (rc = apply_keys(d)) == 0 && (rc = check_needs(d)) == 0 &&
        (rc = check_survive(d)) == 0)
        rc = check_floors(d);
    return rc;
}

/* ---- the search and its report --------------------------------------- */

struct db_out {
    const struct cli_advise_opts *a;
    const struct adv_db_result *r;
};

static int db_json(void *arg, const sim_stop_flag *stop, char **text, char *why,
                   size_t why_len)
{
    const struct db_out *out = arg;
    (void)stop;
    if (!(*text = cli_advise_db_json(out->a, out->r))) {
        snprintf(why, why_len, "out of memory building the advise JSON");
        return -ENOMEM;
    }
    return 0;
}

int cli_advise_db_run(struct cli_advise_opts *a)
{
    struct adv_db_result *r = NULL;
    char why[CLI_WHY_LEN];
    const struct adv_cfg *b = &a->cfg;

    a->db.cfg.base.stop = b->stop;
    a->db.cfg.base.progress = b->progress;
    a->db.cfg.base.progress_arg = b->progress_arg;
    a->db.cfg.eval = cli_advise_db_eval;
    a->db.cfg.eval_arg = a;
    int rc = adv_db_search(&a->db.cfg, &r, why, sizeof why);
    if (rc < 0) {
        cli_print_error(stderr, "asmsim: advise", why);
        return rc == -EINVAL ? 2 : 1;
    }
    if (!(a->json_path && strcmp(a->json_path, "-") == 0))
        cli_advise_db_print(stdout, a, r);
    struct db_out out = { a, r };
    int status = r->interrupted ? 130 : 0;
    if (cli_advise_write_outputs(a, db_json, &out, "advise") != 0)
        status = 1;
    adv_db_result_free(r);
    return status;
}
