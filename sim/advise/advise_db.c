/*
 * advise_db.c - the database advisor's search (advise_db.h says what and
 * why in two phases).
 *
 * Bounds.  A group's option is admitted when its volumes' rates, N x
 * the volume's (its delivered fractions; the base rates, or the burst
 * ones with --burst-ok), carry the group's demand: every size of every
 * class, each write on every copy, in operations of the type's I/O unit
 * and in bytes.  An instance is admitted when its own limits (the same
 * way) carry every group's demand at once: logical I/Os times copies
 * against its IOPS, bytes times copies against its bandwidth, and when
 * it attaches the groups' disks (prof_attach_check for each volume, the
 * sum against prof_instance_data_volumes_max).  A bound only admits:
 * the simulation decides.
 *
 * Order and determinism.  Options are taken by the group's monthly cost
 * (then spec, then disks), instances by instance + licences (then
 * name), combinations by total; every simulation is seeded alike and
 * independent of the others, so the answer depends on nothing but the
 * configuration.  Simulations run one at a time: the model's run of a
 * database workload is short (tens of milliseconds), and phase 1 bounds
 * what phase 2 tries.
 */
#include "sim/advise/advise_db.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim/advise/advise_internal.h"
#include "sim/profiles/prices.h"
#include "sim/profiles/provider.h"

/* One group's options in one cloud, by cost. */
struct group_opts {
    const struct adv_volopt **v;
    long n;
};

/* What the search works on. */
struct db_search {
    const struct adv_db_cfg *cfg;
    struct adv_space space[SIM_MAX_GROUPS];   /* per group: its options */
    struct adv_db_result *r;
    int cloud;                      /* the cloud searched, an index */
    /* per cloud the last ADV_DB_MAX_REJECTED rejections of its scan, the
       dearest it rejected (instances go cheapest first); finish() keeps
       those below the answer */
    struct adv_db_outcome (*rejected)[ADV_DB_MAX_REJECTED];
    int n_rejected[ADV_MAX_CLOUDS];
    double dearest_usd;             /* simulated so far, for the progress hook */
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool stopped(const struct adv_db_cfg *cfg)
{
    return cfg->base.stop && sim_stop_is_set(cfg->base.stop);
}

/* One simulation of c (only: a group alone; -1: every group), counted
   and told to the progress hook (advise.h: one call at a time). */
static int simulate(struct db_search *s, const struct adv_db_config *c, int only,
                    struct adv_db_outcome *out, char *why, size_t why_len)
{
    const struct adv_cfg *b = &s->cfg->base;
    int rc = s->cfg->eval(s->cfg->eval_arg, c, only, out, why, why_len);

    s->r->simulated++;
    if (c->total_usd_month > s->dearest_usd)
        s->dearest_usd = c->total_usd_month;
    if (b->progress)
        b->progress(b->progress_arg, s->r->simulated, s->dearest_usd);
    return rc;
}

/* ---- demand and bounds ------------------------------------------------ */

/* The demand of g on volumes of v's type (NULL: on the instance) as
   physical I/Os and bytes a second, each write on every copy: ops in
   operations of the type's I/O unit, bytes as the throughput limit
   charges them (an HDD type a whole unit for every random I/O,
   dev_model.c "I/O accounting"; a sequential one may merge, so its
   bytes only). */
static void demand_rates(const struct adv_db_group *g, const struct vol_profile *v,
                         double *ops, double *bytes)
{
    *ops = *bytes = 0;
    for (int i = 0; i < g->demand.n; i++) {
        const struct adv_demand_line *l = &g->demand.line[i];
        double f = (1 - l->write_frac) + l->write_frac * adv_copies(g->redundancy);
        double units = v ? ceil((double)l->bytes / v->io_unit_bytes) : 1;
        bool whole = v && v->media == PROF_HDD && !l->sequential;
        *ops += l->rate * f * (units < 1 ? 1 : units);
        *bytes += l->rate * f * (whole ? units * v->io_unit_bytes : l->bytes);
    }
}

static bool option_carries(const struct adv_db_group *g, const struct adv_volopt *o,
                           bool burst)
{
    const struct vol_profile *v = &o->v;
    double ops, bytes;
    double iops = burst && v->iops_burst > v->iops_base ? v->iops_burst : v->iops_base;
    double tput = burst && v->tput_burst_bytes_per_s > v->tput_base_bytes_per_s
                      ? v->tput_burst_bytes_per_s : v->tput_base_bytes_per_s;

    demand_rates(g, v, &ops, &bytes);
    return (iops <= 0 || ops <= o->disks * iops * v->delivered_iops_frac * ADV_BOUND_SLACK) &&
           (tput <= 0 || bytes <= o->disks * tput * v->delivered_tput_frac * ADV_BOUND_SLACK);
}

/* Whether instance in's own limits carry every group's demand; else
   why ("instance MB/s: 812.3 needed, 593.8 at most"). */
static bool instance_carries(const struct adv_db_cfg *cfg, const struct inst_profile *in,
                             char *why, size_t len)
{
    bool burst = cfg->base.space.burst_ok && in->burst;
    double ios = 0, bytes = 0;
    double iops = burst ? in->max_iops : in->base_iops;
    double tput = burst ? in->max_bytes_per_s : in->base_bytes_per_s;

    for (int g = 0; g < cfg->n_groups; g++) {
        double o, b;
        demand_rates(&cfg->group[g], NULL, &o, &b);
        ios += o;
        bytes += b;
    }
    if (tput > 0 && bytes > tput * in->delivered_tput_frac * ADV_BOUND_SLACK) {
        snprintf(why, len, "instance MB/s: %.1f needed, %.1f at most", bytes / 1e6,
                 tput * in->delivered_tput_frac / 1e6);
        return false;
    }
    if (iops > 0 && ios > iops * in->delivered_iops_frac * ADV_BOUND_SLACK) {
        snprintf(why, len, "instance IOPS: %.0f needed, %.0f at most", ios,
                 iops * in->delivered_iops_frac);
        return false;
    }
    return true;
}

/* ---- phase 1: each group alone ---------------------------------------- */

static int cmp_opt_cost(const void *pa, const void *pb)
{
    const struct adv_volopt *a = *(const struct adv_volopt *const *)pa;
    const struct adv_volopt *b = *(const struct adv_volopt *const *)pb;
    double ca = price_volumes_month(a->disks, a->usd_month);
    double cb = price_volumes_month(b->disks, b->usd_month);
    int k;

    double ia = a->disks * a->v.iops_base, ib = b->disks * b->v.iops_base;
    double ta = a->disks * a->v.tput_base_bytes_per_s, tb = b->disks * b->v.tput_base_bytes_per_s;

    if (ca != cb)
        return ca < cb ? -1 : 1;
    if (a->disks != b->disks)       /* the same price: fewer attachments */
        return a->disks - b->disks;
    if (ia != ib)                   /* ... then more rate */
        return ia > ib ? -1 : 1;
    if (ta != tb)
        return ta > tb ? -1 : 1;
    if ((k = strcmp(a->v.spec, b->v.spec)) != 0)
        return k;
    return 0;
}

/* Group g's options of cloud bit `cloud`, by cost. */
static int cloud_options(const struct adv_space *s, unsigned cloud, struct group_opts *out)
{
    out->n = 0;
    out->v = malloc(((size_t)s->n_opt + 1) * sizeof *out->v);
    if (!out->v)
        return -ENOMEM;
    for (int i = 0; i < s->n_opt; i++)
        if (adv_cloud_bit(prof_provider_of_volume(&s->opt[i].v)) == cloud)
            out->v[out->n++] = &s->opt[i];
    qsort(out->v, (size_t)out->n, sizeof *out->v, cmp_opt_cost);
    return 0;
}

static void pick_of(const struct adv_volopt *o, struct adv_db_pick *p)
{
    p->volume = o->v;
    p->disks = o->disks;
    p->usable_bytes = o->usable_bytes;
    p->volume_usd_month = o->usd_month;
    p->volumes_usd_month = price_volumes_month(o->disks, o->usd_month);
}

/* The configuration of group g alone on no instance. */
static void alone_config(const struct adv_db_cfg *cfg, int g, const struct adv_volopt *o,
                         struct adv_db_config *c)
{
    char w[256];

    memset(c, 0, sizeof *c);
    prof_instance_find("none", &c->instance, w, sizeof w);
    c->n_groups = cfg->n_groups;
    pick_of(o, &c->group[g]);
    c->volumes_usd_month = c->total_usd_month = c->group[g].volumes_usd_month;
}

static int keep_alone(struct db_search *s, int g, const struct adv_volopt *o,
                      struct adv_db_group_result *gr, char *why, size_t why_len)
{
    const struct adv_db_cfg *cfg = s->cfg;
    struct adv_db_outcome out;
    int rc;

    memset(&out, 0, sizeof out);
    alone_config(cfg, g, o, &out.c);
    if (cfg->group[g].demand.n > 0) {
        gr->simulated++;
        if ((rc = simulate(s, &out.c, g, &out, why, why_len)) < 0)
            return rc;
        if (!out.pass) {
            snprintf(gr->none_why, sizeof gr->none_why, "%d x %s: %s", o->disks,
                     o->v.spec, out.missed);
            return 0;
        }
    } else {
        out.pass = true;
    }
    gr->kept[gr->n_kept++] = out;
    return 0;
}

/* Whether a cheaper option of o's type with at most `most` disks
   already met g's targets (kept). */
static bool type_kept(const struct adv_db_group_result *gr, int g, const struct adv_volopt *o,
                      int most)
{
    for (int k = 0; k < gr->n_kept; k++)
        if (gr->kept[k].c.group[g].disks <= most &&
            strcmp(gr->kept[k].c.group[g].volume.type, o->v.type) == 0)
            return true;
    return false;
}

/* Simulations of each volume type in phase 1 of a group: a type whose
   options keep missing (a latency its service cannot reach) must not
   spend the simulations of the others. */
struct type_tries {
    int n;
    char type[ADV_MAX_LIST * 2][PROF_NAME_MAX];
    int tries[ADV_MAX_LIST * 2];
};

static int *tries_of(struct type_tries *tt, const char *type)
{
    for (int i = 0; i < tt->n; i++)
        if (strcmp(tt->type[i], type) == 0)
            return &tt->tries[i];
    if (tt->n == ADV_MAX_LIST * 2)
        return &tt->tries[0];
    snprintf(tt->type[tt->n], PROF_NAME_MAX, "%s", type);
    tt->tries[tt->n] = 0;
    return &tt->tries[tt->n++];
}

/* One pass of phase 1 over the options of at most `most` disks: the
   cheapest of each type that meets the group's targets. */
static int alone_pass(struct db_search *s, int g, const struct group_opts *go, int most,
                      struct type_tries *tt, struct adv_db_group_result *gr,
                      char *why, size_t why_len)
{
    const struct adv_db_cfg *cfg = s->cfg;
    int rc = 0;

    for (long i = 0; i < go->n && gr->n_kept < ADV_DB_KEEP && rc == 0; i++) {
        const struct adv_volopt *o = go->v[i];
        int *tries = tries_of(tt, o->v.type);
        if (stopped(cfg))
            break;
        if (o->disks > most || *tries >= ADV_DB_TYPE_TRIES || type_kept(gr, g, o, most) ||
            (cfg->group[g].demand.n > 0 &&
             !option_carries(&cfg->group[g], o, cfg->base.space.burst_ok)))
            continue;
        long before = gr->simulated;
        rc = keep_alone(s, g, o, gr, why, why_len);
        *tries += (int)(gr->simulated - before);
    }
    return rc;
}

/* Phase 1 for group g in cloud bit `cloud`: the cheapest option of each
   type, then of each type the cheapest of at most ADV_DB_FEW_DISKS disks
   (fewer disks cost more where the mirror-free space is a disk, but
   leave attachments to the other groups). */
static int group_alone(struct db_search *s, int g, unsigned cloud,
                       struct adv_db_group_result *gr, char *why, size_t why_len)
{
    struct group_opts go;
    int rc;

    memset(gr, 0, sizeof *gr);
    if ((rc = cloud_options(&s->space[g], cloud, &go)) < 0)
        return rc;
    gr->options = go.n;
    snprintf(gr->none_why, sizeof gr->none_why, "no volume option of the types "
             "searched carries its I/O");
    struct type_tries tt = { .n = 0 };
    rc = alone_pass(s, g, &go, LAY_MAX_DISKS, &tt, gr, why, why_len);
    if (rc == 0)
        rc = alone_pass(s, g, &go, ADV_DB_FEW_DISKS, &tt, gr, why, why_len);
    free(go.v);
    return rc;
}

/* ---- phase 2: the instances ------------------------------------------ */

struct combo {
    int idx[SIM_MAX_GROUPS];
    double usd;
    bool found;
};

static bool attaches(const struct adv_inst *in, const struct adv_db_pick *p)
{
    char w[256];
    return strcmp(prof_volume_provider(&p->volume), in->p.provider) == 0 &&
           prof_attach_check(&p->volume, &in->p, w, sizeof w) == 0;
}

/* The cheapest combination of the groups' kept options from group g on
   that instance in attaches, `disks` attached so far and `usd` spent. */
static void best_combo(const struct adv_db_group_result *gr, int n_groups,
                       const struct adv_inst *in, int g, int disks, double usd,
                       struct combo *cur, struct combo *best)
{
    if (best->found && usd >= best->usd)
        return;
    if (g == n_groups) {
        *best = *cur;
        best->usd = usd;
        best->found = true;
        return;
    }
    for (int k = 0; k < gr[g].n_kept; k++) {
        const struct adv_db_pick *p = &gr[g].kept[k].c.group[g];
        if (disks + p->disks > in->max_data_disks || !attaches(in, p))
            continue;
        cur->idx[g] = k;
        best_combo(gr, n_groups, in, g + 1, disks + p->disks, usd + p->volumes_usd_month,
                   cur, best);
    }
}

static void instance_config(const struct adv_db_cfg *cfg, const struct adv_inst *in,
                            const struct adv_db_group_result *gr, const struct combo *k,
                            struct adv_db_config *c)
{
    memset(c, 0, sizeof *c);
    c->instance = in->p;
    c->instance_usd_month = in->usd_month;
    c->licence_units = in->licence_units;
    c->licence_usd_month = in->licence_usd_month;
    c->n_groups = cfg->n_groups;
    for (int g = 0; g < cfg->n_groups; g++) {
        c->group[g] = gr[g].kept[k->idx[g]].c.group[g];
        c->volumes_usd_month += c->group[g].volumes_usd_month;
    }
    c->total_usd_month = c->instance_usd_month + c->volumes_usd_month + c->licence_usd_month;
}

static int cmp_inst_cost(const void *pa, const void *pb)
{
    const struct adv_inst *a = *(const struct adv_inst *const *)pa;
    const struct adv_inst *b = *(const struct adv_inst *const *)pb;
    double ca = a->usd_month + a->licence_usd_month, cb = b->usd_month + b->licence_usd_month;

    if (ca != cb)
        return ca < cb ? -1 : 1;
    return strcmp(a->p.name, b->p.name);
}

/* A rejected configuration of the cloud searched: the last
   ADV_DB_MAX_REJECTED are kept, the dearest of its scan. */
static void note_rejected(struct db_search *s, const struct adv_db_outcome *o)
{
    struct adv_db_outcome *kept = s->rejected[s->cloud];
    int *n = &s->n_rejected[s->cloud];

    if (*n < ADV_DB_MAX_REJECTED) {
        kept[(*n)++] = *o;
        return;
    }
    memmove(kept, kept + 1, (ADV_DB_MAX_REJECTED - 1) * sizeof *kept);
    kept[ADV_DB_MAX_REJECTED - 1] = *o;
}

/* Instance in with the groups' kept options: bounded, simulated,
   judged.  Adds a pass to *passes, a rejection to the result. */
static int try_instance(struct db_search *s, const struct adv_inst *in,
                        const struct adv_db_group_result *gr, int *passes,
                        char *why, size_t why_len)
{
    const struct adv_db_cfg *cfg = s->cfg;
    struct combo cur = { .found = false }, best = { .found = false };
    struct adv_db_outcome out;
    int rc;

    memset(&out, 0, sizeof out);
    best_combo(gr, cfg->n_groups, in, 0, 0, 0, &cur, &best);
    if (!best.found)
        return 0;                   /* attaches none of the combinations */
    instance_config(cfg, in, gr, &best, &out.c);
    if (!instance_carries(cfg, &in->p, out.missed, sizeof out.missed)) {
        note_rejected(s, &out);
        return 0;
    }
    if ((rc = simulate(s, &out.c, -1, &out, why, why_len)) < 0)
        return rc;
    if (!out.pass) {
        note_rejected(s, &out);
        return 0;
    }
    if (s->r->n_best < ADV_MAX_TOP)
        s->r->best[s->r->n_best++] = out;
    (*passes)++;
    return 0;
}

/* Phase 2 in cloud bit `cloud`: its instances, cheapest first, until
   `top` pass. */
static int cloud_instances(struct db_search *s, unsigned cloud,
                           const struct adv_db_group_result *gr, char *why, size_t why_len)
{
    const struct adv_space *sp = &s->space[0];
    const struct adv_inst **order = malloc(((size_t)sp->n_inst + 1) * sizeof *order);
    int n = 0, passes = 0, rc = 0;

    if (!order)
        return -ENOMEM;
    for (int i = 0; i < sp->n_inst; i++)
        if (sp->inst[i].cloud == cloud)
            order[n++] = &sp->inst[i];
    qsort(order, (size_t)n, sizeof *order, cmp_inst_cost);
    s->r->instances += n;
    for (int i = 0; i < n && passes < s->cfg->base.top && rc == 0; i++) {
        if (stopped(s->cfg))
            break;
        rc = try_instance(s, order[i], gr, &passes, why, why_len);
    }
    free(order);
    return rc;
}

/* ---- the search ------------------------------------------------------- */

/* The advise configuration of group g: the space's, with g's types,
   redundancy, capacity and demand. */
static void group_cfg(const struct adv_db_cfg *cfg, int g, struct adv_cfg *out)
{
    const struct adv_db_group *dg = &cfg->group[g];

    *out = cfg->base;
    memset(&out->targets, 0, sizeof out->targets);
    out->targets.redundancy = dg->redundancy;
    out->targets.capacity_bytes = dg->capacity_bytes;
    out->targets.demand = &dg->demand;
    if (dg->n_types > 0) {
        out->space.n_types = dg->n_types;
        memcpy(out->space.types, dg->types, sizeof dg->types);
    }
}

static int cloud_search(struct db_search *s, int c, char *why, size_t why_len)
{
    const struct adv_db_cfg *cfg = s->cfg;
    struct adv_db_group_result *gr = s->r->group[c];
    unsigned bit = 1u << c;
    int rc, first_pass = s->r->n_best;

    s->cloud = c;
    for (int g = 0; g < cfg->n_groups; g++) {
        if ((rc = group_alone(s, g, bit, &gr[g], why, why_len)) < 0)
            return rc;
        if (gr[g].n_kept == 0)
            return 0;               /* this cloud has no answer */
    }
    if ((rc = cloud_instances(s, bit, gr, why, why_len)) < 0)
        return rc;
    if (s->r->n_best > first_pass) {
        s->r->has_cloud_best[c] = true;
        s->r->cloud_best[c] = s->r->best[first_pass];
    }
    return 0;
}

static int cmp_outcome(const void *pa, const void *pb)
{
    const struct adv_db_outcome *a = pa, *b = pb;
    if (a->c.total_usd_month != b->c.total_usd_month)
        return a->c.total_usd_month < b->c.total_usd_month ? -1 : 1;
    return strcmp(a->c.instance.name, b->c.instance.name);
}

/* The answer in price order, at most `top`; of every cloud's
   rejections, the dearest ADV_DB_MAX_REJECTED below it, dearest last. */
static void finish(struct db_search *s)
{
    struct adv_db_result *r = s->r;
    struct adv_db_outcome *all = &s->rejected[0][0];
    int n = 0;

    qsort(r->best, (size_t)r->n_best, sizeof *r->best, cmp_outcome);
    if (r->n_best > s->cfg->base.top)
        r->n_best = s->cfg->base.top;
    for (int c = 0; c < ADV_MAX_CLOUDS; c++)
        for (int i = 0; i < s->n_rejected[c]; i++)
            if (r->n_best == 0 ||
                s->rejected[c][i].c.total_usd_month < r->best[0].c.total_usd_month)
                all[n++] = s->rejected[c][i];   /* n <= the index read: in place */
    qsort(all, (size_t)n, sizeof *all, cmp_outcome);
    for (int i = n > ADV_DB_MAX_REJECTED ? n - ADV_DB_MAX_REJECTED : 0; i < n; i++)
        r->rejected[r->n_rejected++] = all[i];
}

static int cmp_aside(const void *pa, const void *pb)
{
    const struct adv_inst_aside *a = *(const struct adv_inst_aside *const *)pa;
    const struct adv_inst_aside *b = *(const struct adv_inst_aside *const *)pb;
    double ca = a->usd_month + a->licence_usd_month, cb = b->usd_month + b->licence_usd_month;
    if (ca != cb)
        return ca < cb ? -1 : 1;
    return strcmp(a->p.name, b->p.name);
}

/* The instances a constraint set aside that are priced below the answer
   (every one when there is none): the dearest ADV_DB_MAX_REJECTED. */
static void note_asides(const struct adv_space *sp, struct adv_db_result *r)
{
    const struct adv_inst_aside **v = malloc(((size_t)sp->n_aside + 1) * sizeof *v);
    int n = 0;

    if (!v)
        return;
    for (int i = 0; i < sp->n_aside; i++)
        if (r->n_best == 0 || sp->aside[i].usd_month + sp->aside[i].licence_usd_month <
                                  r->best[0].c.total_usd_month)
            v[n++] = &sp->aside[i];
    qsort(v, (size_t)n, sizeof *v, cmp_aside);
    for (int i = n > ADV_DB_MAX_REJECTED ? n - ADV_DB_MAX_REJECTED : 0; i < n; i++) {
        struct adv_db_aside *a = &r->aside[r->n_aside++];
        snprintf(a->name, sizeof a->name, "%s", v[i]->p.name);
        a->usd_month = v[i]->usd_month + v[i]->licence_usd_month;
        snprintf(a->why, sizeof a->why, "%s", v[i]->why);
    }
    free(v);
}

int adv_db_latency_floor(const struct adv_db_cfg *cfg, int g, struct adv_db_floor *f,
                         char *why, size_t why_len)
{
    struct adv_cfg gc;
    struct adv_space sp;
    char label[WL_NAME_MAX + 8];
    int rc;

    group_cfg(cfg, g, &gc);
    snprintf(label, sizeof label, "group %s", cfg->group[g].name);
    if ((rc = adv_space_options(&gc, label, &sp, why, why_len)) < 0)
        return rc;
    f->floor_us = INFINITY;
    snprintf(f->type, sizeof f->type, "none");
    for (int k = 0; k < sp.n_groups; k++) {      /* one type and disk count each */
        if (sp.group_start[k] == sp.group_start[k + 1])
            continue;
        const struct vol_profile *v = &sp.opt[sp.group_start[k]].v;
        for (int i = 0; i < sp.n_inst; i++) {
            double us = adv_latency_floor_q_us(&sp.inst[i].p, v, f->reads, f->writes,
                                               f->quantile);
            if (us < f->floor_us) {
                f->floor_us = us;
                snprintf(f->type, sizeof f->type, "%s", v->type);
            }
        }
    }
    adv_space_free(&sp);
    return 0;
}

static int build_spaces(struct db_search *s, char *why, size_t why_len)
{
    for (int g = 0; g < s->cfg->n_groups; g++) {
        struct adv_cfg gc;
        char label[WL_NAME_MAX + 8];
        int rc;
        group_cfg(s->cfg, g, &gc);
        snprintf(label, sizeof label, "group %s", s->cfg->group[g].name);
        if ((rc = adv_space_options(&gc, label, &s->space[g], why, why_len)) < 0)
            return rc;
    }
    return 0;
}

int adv_db_search(const struct adv_db_cfg *cfg, struct adv_db_result **out,
                  char *why, size_t why_len)
{
    struct db_search s = { .cfg = cfg };
    double t0 = now_s();
    int rc;

    *out = NULL;
    s.r = calloc(1, sizeof *s.r);
    s.rejected = calloc(ADV_MAX_CLOUDS, sizeof *s.rejected);
    if (!s.r || !s.rejected) {
        free(s.r);
        free(s.rejected);
        return -ENOMEM;
    }
    rc = build_spaces(&s, why, why_len);
    for (int c = 0; c < ADV_MAX_CLOUDS && rc == 0; c++)
        if (adv_cloud_provider(c) && (cfg->base.space.clouds & (1u << c)))
            rc = cloud_search(&s, c, why, why_len);
    if (rc == 0) {
        finish(&s);
        note_asides(&s.space[0], s.r);
    }
    for (int g = 0; g < cfg->n_groups; g++)
        adv_space_free(&s.space[g]);
    free(s.rejected);
    if (rc < 0) {
        free(s.r);
        return rc;
    }
    s.r->interrupted = stopped(cfg);
    s.r->wall_s = now_s() - t0;
    *out = s.r;
    return s.r->interrupted ? 1 : 0;
}

void adv_db_result_free(struct adv_db_result *r)
{
    free(r);
}
