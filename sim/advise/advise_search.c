/*
 * advise_search.c - from the candidate space to the answer.
 *
 * Deciding (decide()):
 *   1. Build the space (advise_space.c): candidates the bound admits
 *      (with a latency target, not those whose latency floor is above it).
 *   2. Order them by (total $/month, instance, volume spec, disks).
 *   3. Per cloud, simulate them in that order, BATCH at a time on
 *      cfg->jobs threads, until `top` have passed; every simulated outcome
 *      goes into a log.  A candidate the bound rejected cannot pass (the
 *      bound is an upper bound of the simulation), so the first `top`
 *      passes in cost order are the cheapest that meet the targets.  The
 *      batch size does not depend on the thread count, and every
 *      simulation depends only on its candidate and the seed.  With
 *      --shard K/N only every Nth candidate (from the (K-1)-th) of each
 *      cloud's order is simulated.
 *   4. Log the bound's rejection of every instance (its own limits, or
 *      its option that came closest), and for each rate target above
 *      every candidate's bound (out of reach of the whole space) simulate
 *      the candidate that bounds highest on it (log_reach); for a
 *      schedule no candidate's bound carries, the one that carries the
 *      largest share of it (log_day_reach).
 *   With --schedule the space is bounded by the schedule's demand and each
 *   candidate is judged by its forecast (advise_schedule.c).
 *   5. A sustained search remakes the candidates with burst bounds (pairs
 *      with a burst bucket) and simulates, below its cheapest pass, until
 *      one passes on burst credits, among the ADV_BURST_ALT_MOST cheapest
 *      of each cloud's order (an aside: a latency target can leave
 *      thousands of bursting candidates just short of it, and their
 *      simulations took minutes where the answer took seconds).
 *   Candidates alike to the model (the same volume option on instances
 *   with the same limits) are simulated once (the memo, below); the
 *   others take its figures and are counted apart (reused, not simulated).
 *
 * The answer (adv_merge(), from one search or the logs of all its
 * shards): the cheapest `top` passes, the best of each cloud, "why
 * nothing cheaper" (the rejections priced closest below the answer, one
 * per instance type), the burst alternative (the cheapest burst pass
 * below the answer) and what one more dollar buys (the latency front and
 * the cheapest of each family, advise_front.c).  Every candidate
 * cheaper than the answer was simulated by the one search or shard that
 * holds it, so the merge of the shards sees what the whole search sees:
 * the same answer for any --jobs and any sharding.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim/advise/advise_front.h"
#include "sim/advise/advise_internal.h"
#include "sim/model/forecast.h"          /* SIM_FORECAST_UNMET_TOLERANCE */

#define BATCH 16

void adv_cfg_defaults(struct adv_cfg *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->targets.redundancy = LAY_EXTERNAL;
    cfg->targets.small_bytes = 8192;        /* ORION -size_small */
    cfg->targets.large_bytes = 131072;      /* the studies' 128 KiB */
    cfg->space.clouds = ADV_CLOUD_AWS;
    /* Oracle Database runs on x86-64 in these clouds (advise_limits.c) */
    cfg->space.arch = PROF_ARCH_X86_64;
    cfg->top = ADV_DEFAULT_TOP;
    cfg->jobs = 1;
    cfg->seed = 1;
}

static int cmp_cand(const void *pa, const void *pb, void *arg)
{
    const struct adv_cand *a = pa, *b = pb;
    const struct adv_space *s = arg;
    int c;

    if (a->total_usd_month != b->total_usd_month)
        return a->total_usd_month < b->total_usd_month ? -1 : 1;
    if ((c = strcmp(s->inst[a->inst].p.name, s->inst[b->inst].p.name)) != 0)
        return c;
    if ((c = strcmp(s->opt[a->opt].v.spec, s->opt[b->opt].v.spec)) != 0)
        return c;
    return s->opt[a->opt].disks - s->opt[b->opt].disks;
}

static int cmp_outcome(const void *pa, const void *pb)
{
    const struct adv_outcome *a = pa, *b = pb;
    int c;

    if (a->c.total_usd_month != b->c.total_usd_month)
        return a->c.total_usd_month < b->c.total_usd_month ? -1 : 1;
    if ((c = strcmp(a->c.instance.name, b->c.instance.name)) != 0)
        return c;
    if ((c = strcmp(a->c.volume.spec, b->c.volume.spec)) != 0)
        return c;
    return a->c.disks - b->c.disks;
}

/* ---- the same simulation twice ------------------------------------------

   A simulation reads of its instance only the limits (struct
   inst_profile less the name: dev_model.c), and many instance types share
   them (m5.xlarge, c5.xlarge and r5.xlarge have the same EBS limits).  Two
   candidates with the same volume option on instances alike to the model
   are the same simulation, deterministic, so the second takes the first's
   figures and judgement (the targets see only the figures and the
   option's capacity) with its own bill: the answer is what simulating it
   would give, for a fraction of the time. */

/* Whether the model tells instances a and b apart: all but the name,
   field by field.  (A byte compare of copies with the names cleared read
   their padding, which C leaves unspecified even after a memset: an
   assignment need not copy it.)  A field added to struct inst_profile
   belongs here too, unless the model does not read it (arch, vcpus and
   memory_gib: the constraints and licences, which the bill and the
   space take from the candidate's own instance); the assertion below
   catches one added at its end. */
static bool alike_to_model(const struct inst_profile *a, const struct inst_profile *b)
{
    return strcmp(a->provider, b->provider) == 0 && a->platform == b->platform &&
           a->ocpus == b->ocpus && a->burst == b->burst &&
           a->base_bytes_per_s == b->base_bytes_per_s &&
           a->max_bytes_per_s == b->max_bytes_per_s && a->base_iops == b->base_iops &&
           a->max_iops == b->max_iops && a->burst_seconds == b->burst_seconds &&
           a->delivered_tput_frac == b->delivered_tput_frac &&
           a->delivered_iops_frac == b->delivered_iops_frac;
}
_Static_assert(offsetof(struct inst_profile, delivered_iops_frac) + sizeof(double) ==
               sizeof(struct inst_profile),
               "struct inst_profile has a field alike_to_model does not compare");

/* The simulations of one scan by (volume option, the first instance of
   the space alike to the candidate's): an open-addressed table of
   indexes into a log of their outcomes. */
struct memo {
    int *kin;                       /* [instance]: its first alike */
    long *key, *at;                 /* [cap]: key -1 empty */
    long cap, n;
    struct adv_log out;
};

static int memo_init(struct memo *m, const struct adv_space *s)
{
    memset(m, 0, sizeof *m);
    m->kin = malloc((size_t)(s->n_inst ? s->n_inst : 1) * sizeof *m->kin);
    if (!m->kin)
        return -ENOMEM;
    for (int i = 0; i < s->n_inst; i++) {
        int k = 0;
        while (k < i && !alike_to_model(&s->inst[k].p, &s->inst[i].p))
            k++;
        m->kin[i] = k;
    }
    return 0;
}

static void memo_free(struct memo *m)
{
    free(m->kin);
    free(m->key);
    free(m->at);
    adv_log_free(&m->out);
    memset(m, 0, sizeof *m);
}

static long memo_key(const struct memo *m, const struct adv_space *s, const struct adv_cand *c)
{
    return (long)c->opt * s->n_inst + m->kin[c->inst];
}

/* The slot of key: where it is, or the empty one it would go in. */
static long memo_slot(const struct memo *m, long key)
{
    long i = (long)(((unsigned long)key * 0x9E3779B97F4A7C15ul) >> 20) & (m->cap - 1);

    while (m->key[i] != -1 && m->key[i] != key)
        i = (i + 1) & (m->cap - 1);
    return i;
}

/* The outcome simulated for key, or NULL. */
static const struct adv_outcome *memo_find(const struct memo *m, long key)
{
    if (m->cap == 0)
        return NULL;
    long i = memo_slot(m, key);
    return m->key[i] == key ? &m->out.v[m->at[i]] : NULL;
}

/* Keep o as key's simulation: 0 or -ENOMEM. */
static int memo_add(struct memo *m, long key, const struct adv_outcome *o)
{
    if (2 * (m->n + 1) > m->cap) {          /* at most half full */
        long ncap = m->cap ? m->cap * 2 : 256;
        long *nk = malloc((size_t)ncap * sizeof *nk), *na = malloc((size_t)ncap * sizeof *na);
        if (!nk || !na) {
            free(nk);
            free(na);
            return -ENOMEM;
        }
        long *ok = m->key, *oa = m->at, ocap = m->cap;
        for (long i = 0; i < ncap; i++)
            nk[i] = -1;
        m->key = nk;
        m->at = na;
        m->cap = ncap;
        for (long i = 0; i < ocap; i++)
            if (ok[i] != -1) {
                long j = memo_slot(m, ok[i]);
                m->key[j] = ok[i];
                m->at[j] = oa[i];
            }
        free(ok);
        free(oa);
    }
    int rc = adv_log_add(&m->out, o);
    if (rc == 0) {
        long j = memo_slot(m, key);
        m->key[j] = key;
        m->at[j] = m->out.n - 1;
        m->n++;
    }
    return rc;
}

/* ---- simulating a batch ----------------------------------------------- */

/* The search's simulations, counted (the search's `simulated`: every
   simulation its scans ran, a batch's after the last pass it needed
   too, none the memo answered) and told to the progress callback after
   every one (not every batch: a batch of long simulations kept the first
   line to 7-9 s) from whichever thread ran it, one at a time; both
   figures only grow over the whole search, its scans and clouds (a count
   per scan went 14, then 1). */
struct tick {
    pthread_mutex_t mu;
    long done;                      /* simulations finished */
    double usd_month;               /* the dearest candidate simulated */
};

static void tick_one(const struct adv_cfg *cfg, struct tick *t, double usd_month)
{
    pthread_mutex_lock(&t->mu);
    t->done++;
    t->usd_month = fmax(t->usd_month, usd_month);
    if (cfg->progress)
        cfg->progress(cfg->progress_arg, t->done, t->usd_month);
    pthread_mutex_unlock(&t->mu);
}

struct batch {
    const struct adv_cfg *cfg;
    const struct adv_space *s;
    const struct adv_cand *const *cand;
    struct adv_outcome *out;
    int *rc;
    bool burst;
    const long *run;                /* [i]: the batch's candidate to run */
    struct tick *tick;
};

static void eval_task(void *arg, long k)
{
    struct batch *b = arg;
    long i = b->run[k];
    struct adv_config c;
    char why[256];

    adv_space_config(b->s, b->cand[i], &c);
    memset(&b->out[i], 0, sizeof b->out[i]);
    if (b->cfg->targets.schedule)
        b->rc[i] = adv_eval_schedule(b->cfg, &c, &b->out[i], why, sizeof why);
    else
        b->rc[i] = adv_eval(b->cfg, &c, b->burst, &b->out[i], why, sizeof why);
    b->out[i].bound_mbps = b->cand[i]->bound_mbps;
    b->out[i].bound_iops = b->cand[i]->bound_iops;
    tick_one(b->cfg, b->tick, c.total_usd_month);
}

int adv_log_add(struct adv_log *log, const struct adv_outcome *o)
{
    if (log->n == log->cap) {
        long ncap = log->cap ? log->cap * 2 : 64;
        struct adv_outcome *v = realloc(log->v, (size_t)ncap * sizeof *v);
        if (!v)
            return -ENOMEM;
        log->v = v;
        log->cap = ncap;
    }
    log->v[log->n++] = *o;
    return 0;
}

void adv_log_free(struct adv_log *log)
{
    free(log->v);
    memset(log, 0, sizeof *log);
}

void adv_decided_free(struct adv_decided *d)
{
    adv_log_free(&d->sim);
    adv_log_free(&d->burst);
    adv_log_free(&d->bound);
    adv_log_free(&d->reach);
}

/* Simulate the candidates of batch b (k of them) that the memo has not
   seen (the first of each key in the batch), and give each of the others
   the figures and judgement of the simulation it shares, with its own
   configuration and bound.  0 or -ENOMEM. */
static int run_batch(struct batch *b, long k, struct memo *m)
{
    long key[BATCH], run[BATCH], n_run = 0;
    int err = 0;

    for (long j = 0; j < k; j++) {
        key[j] = memo_key(m, b->s, b->cand[j]);
        bool seen = memo_find(m, key[j]) != NULL;
        for (long i = 0; i < n_run && !seen; i++)
            seen = key[run[i]] == key[j];
        if (!seen)
            run[n_run++] = j;
    }
    b->run = run;
    sim_parallel_for(n_run, b->cfg->jobs, eval_task, b);
    for (long i = 0; i < n_run && !err; i++)
        if (b->rc[run[i]] == 0)
            err = memo_add(m, key[run[i]], &b->out[run[i]]);
    for (long j = 0, i = 0; j < k && !err; j++) {
        if (i < n_run && run[i] == j) {
            i++;
            continue;
        }
        const struct adv_outcome *o = memo_find(m, key[j]);
        for (long r = 0; r < n_run && !o; r++)
            if (key[run[r]] == key[j])
                b->rc[j] = b->rc[run[r]];   /* its run's: stopped or failed */
        if (!o)
            continue;
        b->rc[j] = 0;
        b->out[j] = *o;
        b->out[j].reused = true;
        adv_space_config(b->s, b->cand[j], &b->out[j].c);
        b->out[j].bound_mbps = b->cand[j]->bound_mbps;
        b->out[j].bound_iops = b->cand[j]->bound_iops;
    }
    return err;
}

/* How a scan goes: with burst bounds, below a price, until `top` pass,
   over at most the `most` cheapest candidates of each cloud (the
   cheapest left out: *cut_usd), its simulations told to tick. */
struct scan {
    bool burst;
    double below_usd;
    int top;
    long most;
    double *cut_usd;
    struct tick *tick;
};

/* The candidates a scan takes of one cloud, in cost order. */
struct picked {
    const struct adv_cand **v;
    long n;
};

/* Simulate p's candidates in order until `top` pass, every outcome into
   log; *stopped when a stop came. */
static int scan_candidates(const struct adv_cfg *cfg, const struct adv_space *s,
                           const struct picked *p, const struct scan *sc,
                           struct adv_log *log, bool *stopped)
{
    const struct adv_cand *const *cand = p->v;
    long n = p->n;
    int top = sc->top;
    bool burst = sc->burst;
    struct adv_outcome *out = calloc(BATCH, sizeof *out);
    int rc[BATCH], passed = 0, err = 0;
    struct memo m;

    if (!out || memo_init(&m, s) < 0) {
        free(out);
        return -ENOMEM;
    }
    for (long i = 0; i < n && passed < top && !*stopped && !err; i += BATCH) {
        long k = n - i < BATCH ? n - i : BATCH;
        struct batch b = { cfg, s, cand + i, out, rc, burst, NULL, sc->tick };
        err = run_batch(&b, k, &m);
        for (long j = 0; j < k && passed < top && !err; j++) {
            if (rc[j] != 0) {           /* stopped (1) or could not run */
                if (rc[j] == 1) {
                    *stopped = true;
                    break;
                }
                continue;
            }
            passed += out[j].pass;
            err = adv_log_add(log, &out[j]);
        }
        if (cfg->stop && sim_stop_is_set(cfg->stop))
            *stopped = true;
    }
    memo_free(&m);
    free(out);
    return err;
}

/* The candidates of one cloud that scan sc takes, into out (its v
   holds the space's): the first sc->most below sc->below_usd, in cost
   order, all of them or with --shard K/N the (K-1)-th of every N; the
   price of the first one left out into *sc->cut_usd, if below it.
   Every shard counts the same `most` of the whole order, so the shards
   of a cut search together simulate what the whole one does. */
static void pick_cloud(const struct adv_cfg *cfg, const struct adv_space *s,
                       unsigned cloud, const struct scan *sc, struct picked *out)
{
    long seen = 0;

    out->n = 0;

    for (long i = 0; i < s->n_cand; i++) {
        const struct adv_cand *c = &s->cand[i];
        if (s->inst[c->inst].cloud != cloud || c->total_usd_month >= sc->below_usd)
            continue;
        if (seen == sc->most) {
            *sc->cut_usd = fmin(*sc->cut_usd, c->total_usd_month);
            break;
        }
        if (cfg->shard_n <= 0 || seen % cfg->shard_n == cfg->shard_k - 1)
            out->v[out->n++] = c;
        seen++;
    }
}

/* ---- "why nothing cheaper" ---------------------------------------------- */

/* A rejection by the bound: of the instance alone when its own limits
   miss the targets, else of its closest option. */
static void bound_outcome(const struct adv_cfg *cfg, const struct adv_space *s,
                          const struct adv_inst *in, struct adv_outcome *o)
{
    const struct adv_targets *t = &cfg->targets;
    const struct adv_cand *k = &in->closest;
    bool alone = in->inst_ratio * ADV_BOUND_SLACK < 1;
    double mbps = alone ? in->inst_mbps : k->bound_mbps;
    double iops = alone ? in->inst_iops : k->bound_iops;

    memset(o, 0, sizeof *o);
    adv_space_config(s, k, &o->c);
    o->instance_limited = alone;
    if (alone) {
        o->c.total_usd_month = o->c.instance_usd_month + o->c.licence_usd_month;
        o->c.volumes_usd_month = 0;
    }
    o->bound_mbps = mbps;
    o->bound_iops = iops;
    o->missed = t->need_mbps > 0 && mbps * ADV_BOUND_SLACK < t->need_mbps ? ADV_T_MBPS
                                                                          : ADV_T_IOPS;
    o->missed_got = o->missed == ADV_T_MBPS ? mbps : iops;
    o->missed_need = o->missed == ADV_T_MBPS ? t->need_mbps : t->need_iops;
    if (t->schedule) {              /* the share of the day's demand it carries */
        o->missed = ADV_T_SCHEDULE;
        o->missed_got = alone ? in->inst_ratio : in->closest_ratio;
        o->missed_need = 1;
    }
    snprintf(o->binding, sizeof o->binding, "%s",
             alone ? (o->missed == ADV_T_MBPS ? "instance MB/s" : "instance IOPS")
                   : "volumes and instance");
}

static bool same_instance_listed(const struct adv_outcome *list, int n,
                                 const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(list[i].c.instance.name, name) == 0)
            return true;
    return false;
}

/* The bound's rejection of every instance of the space, into log. */
static int log_bound_rejections(const struct adv_cfg *cfg, const struct adv_space *s,
                                struct adv_log *log)
{
    struct adv_outcome o;
    int rc = 0;

    for (int i = 0; i < s->n_inst && rc == 0; i++)
        if (s->inst[i].closest_ratio >= 0) {
            bound_outcome(cfg, s, &s->inst[i], &o);
            rc = adv_log_add(log, &o);
        }
    return rc;
}

/* The instances an instance constraint set aside (advise_limits.c), into
   log as rejections of the instance alone with the reason: "why nothing
   cheaper" lists those priced below the answer. */
static int log_set_aside(const struct adv_space *s, struct adv_log *log)
{
    struct adv_outcome o;
    int rc = 0;

    for (int i = 0; i < s->n_aside && rc == 0; i++) {
        const struct adv_inst_aside *a = &s->aside[i];
        memset(&o, 0, sizeof o);
        o.c.instance = a->p;
        o.c.instance_usd_month = a->usd_month;
        o.c.licence_units = a->licence_units;
        o.c.licence_usd_month = a->licence_usd_month;
        o.c.total_usd_month = a->usd_month + a->licence_usd_month;
        o.instance_limited = true;
        snprintf(o.set_aside, sizeof o.set_aside, "%s", a->why);
        snprintf(o.binding, sizeof o.binding, "instance constraint");
        rc = adv_log_add(log, &o);
    }
    return rc;
}

/* ---- a target out of reach ------------------------------------------- */

/* A schedule whose day no candidate's bound carries (some phase, or the
   day's mean, asks more than any configuration of the space can give):
   the candidate whose bound carries the largest share of it, its
   forecast, into d->reach with the schedule as its miss. */
static int log_day_reach(const struct adv_cfg *cfg, const struct adv_space *s,
                         struct adv_decided *d)
{
    const struct adv_cand *k = &s->reach_day;
    struct adv_outcome o;
    struct adv_config c;
    char why[256];

    if (k->inst < 0 || s->reach_day_ratio * ADV_BOUND_SLACK >= 1)
        return 0;
    adv_space_config(s, k, &c);
    memset(&o, 0, sizeof o);
    int erc = adv_eval_schedule(cfg, &c, &o, why, sizeof why);
    if (erc == 1) {
        d->interrupted = true;
        return 0;
    }
    o.c = c;                        /* also when the forecast could not run */
    o.bound_mbps = k->bound_mbps;
    o.bound_iops = k->bound_iops;
    o.simulated = erc == 0;
    if (o.pass)                     /* the bound is an upper bound: a day it
                                       served is not out of reach */
        return 0;
    o.missed = ADV_T_SCHEDULE;      /* whatever else it misses */
    o.missed_got = o.simulated ? o.day.worst_served_frac : s->reach_day_ratio;
    o.missed_need = o.simulated ? 1 - SIM_FORECAST_UNMET_TOLERANCE : 1;
    return adv_log_add(&d->reach, &o);
}

/* Each rate target above every candidate's bound (no configuration of
   the space can meet it): the candidate that bounds highest on it,
   simulated, into d->reach, with the target as its miss.  The space is
   the same in every shard, so every shard logs the same. */
static int log_reach(const struct adv_cfg *cfg, const struct adv_space *s,
                     struct adv_decided *d)
{
    const struct adv_targets *t = &cfg->targets;
    const double need[2] = { t->need_mbps, t->need_iops };
    int rc = 0;

    if (t->schedule)
        return log_day_reach(cfg, s, d);
    for (int r = 0; r < 2 && rc == 0; r++) {
        const struct adv_cand *k = &s->reach[r];
        struct adv_outcome o;
        struct adv_config c;
        char why[256];
        if (need[r] <= 0 || k->inst < 0 ||
            (r == 0 ? k->bound_mbps : k->bound_iops) * ADV_BOUND_SLACK >= need[r])
            continue;
        adv_space_config(s, k, &c);
        memset(&o, 0, sizeof o);
        int erc = adv_eval(cfg, &c, cfg->space.burst_ok, &o, why, sizeof why);
        if (erc == 1) {
            d->interrupted = true;
            break;
        }
        o.c = c;                    /* also when the run could not start */
        o.bound_mbps = k->bound_mbps;
        o.bound_iops = k->bound_iops;
        o.pass = false;
        o.missed = r == 0 ? ADV_T_MBPS : ADV_T_IOPS;
        o.missed_got = erc == 0 ? (r == 0 ? o.sim.mbps : o.sim.iops)
                                : (r == 0 ? k->bound_mbps : k->bound_iops);
        o.missed_need = need[r];
        o.simulated = erc == 0;
        if (o.simulated)            /* the limit of this target's class */
            snprintf(o.binding, sizeof o.binding, "%s",
                     sim_limit_label(r == 0 ? o.sim.large_limit : o.sim.small_limit));
        rc = adv_log_add(&d->reach, &o);
    }
    return rc;
}

/* ---- the search ------------------------------------------------------- */

/* Scan each cloud of the space's candidates as sc says, every simulated
   outcome into log. */
static int search_space(const struct adv_cfg *cfg, struct adv_space *s,
                        const struct scan *sc, struct adv_log *log,
                        struct adv_decided *d)
{
    struct picked list = { malloc((size_t)(s->n_cand + 1) * sizeof *list.v), 0 };
    int rc = 0;

    if (!list.v)
        return -ENOMEM;
    if (s->n_cand > 1)
        qsort_r(s->cand, (size_t)s->n_cand, sizeof *s->cand, cmp_cand, s);
    for (int c = 0; c < ADV_MAX_CLOUDS && rc == 0; c++) {
        if (!(cfg->space.clouds & (1u << c)))
            continue;
        long before = log->n;
        pick_cloud(cfg, s, 1u << c, sc, &list);
        rc = scan_candidates(cfg, s, &list, sc, log, &d->interrupted);
        for (long i = before; i < log->n; i++)      /* simulated: the tick's */
            d->reused += log->v[i].reused;
    }
    free(list.v);
    return rc;
}

/* The cheapest pass of a log, its total; INFINITY when none passed. */
static double cheapest_pass(const struct adv_log *log)
{
    double best = INFINITY;

    for (long i = 0; i < log->n; i++)
        if (log->v[i].pass && log->v[i].c.total_usd_month < best)
            best = log->v[i].c.total_usd_month;
    return best;
}

/* Everything the answer is made from, for cfg's space (or its shard). */
static int decide(const struct adv_cfg *cfg, struct adv_decided *d,
                  char *why, size_t why_len)
{
    struct adv_space s;
    int rc;

    struct adv_cfg buf;
    const struct adv_cfg *bound_cfg = adv_bound_cfg(cfg, &buf);

    if ((rc = adv_space_build(cfg, false, &s, why, why_len)) < 0)
        return rc;
    d->enumerated = s.enumerated;
    d->bound_passed = s.n_cand;
    d->lat = s.lat;
    double no_cut = INFINITY;
    struct tick tick = { .mu = PTHREAD_MUTEX_INITIALIZER };
    struct scan main_scan = { cfg->space.burst_ok, INFINITY, cfg->top, LONG_MAX, &no_cut,
                              &tick };
    rc = search_space(cfg, &s, &main_scan, &d->sim, d);
    if (rc == 0)
        rc = log_bound_rejections(bound_cfg, &s, &d->bound);
    if (rc == 0)
        rc = log_set_aside(&s, &d->bound);
    if (rc == 0 && !d->interrupted)
        rc = log_reach(cfg, &s, d);
    /* a sustained search: the candidates remade with burst bounds over the
       pairs that have a burst bucket, the cheapest below the answer (a
       schedule counts burst already, as far as its forecast holds), among
       the ADV_BURST_ALT_MOST cheapest: an aside, it does not get to take
       longer than the answer (see advise.h) */
    d->burst_cut_usd = INFINITY;
    if (rc == 0 && !cfg->space.burst_ok && !cfg->targets.schedule && !d->interrupted) {
        struct adv_cfg bc = *cfg;
        struct scan burst_scan = { true, cheapest_pass(&d->sim), 1, ADV_BURST_ALT_MOST,
                                   &d->burst_cut_usd, &tick };
        bc.space.burst_ok = true;
        rc = adv_space_candidates(&s, &bc, true, true);
        if (rc == 0)
            rc = search_space(&bc, &s, &burst_scan, &d->burst, d);
    }
    d->simulated = tick.done;
    adv_space_free(&s);
    pthread_mutex_destroy(&tick.mu);
    if (rc == -ENOMEM)
        snprintf(why, why_len, "out of memory");
    return rc;
}

/* ---- the answer from what was decided ---------------------------------- */

static int gather(const struct adv_decided *const *d, int n, size_t off,
                  struct adv_log *all)
{
    int rc = 0;

    for (int k = 0; k < n && rc == 0; k++) {
        const struct adv_log *log = (const struct adv_log *)((const char *)d[k] + off);
        for (long i = 0; i < log->n && rc == 0; i++)
            rc = adv_log_add(all, &log->v[i]);
    }
    if (rc == 0 && all->n > 1)
        qsort(all->v, (size_t)all->n, sizeof *all->v, cmp_outcome);
    return rc;
}

static void pick_best(const struct adv_cfg *cfg, const struct adv_log *sim,
                      struct adv_result *r)
{
    int per_cloud[ADV_MAX_CLOUDS] = { 0 };

    /* a cloud's `top` cheapest passes are all its scan went for; the
       answer is the cheapest `top` of both */
    for (long i = 0; i < sim->n; i++) {
        const struct adv_outcome *o = &sim->v[i];
        int c = prof_provider_index(prof_provider_of_instance(&o->c.instance));
        if (!o->pass || c < 0 || c >= ADV_MAX_CLOUDS || per_cloud[c] >= cfg->top)
            continue;
        if (per_cloud[c]++ == 0) {
            r->has_cloud_best[c] = true;
            r->cloud_best[c] = *o;
        }
        if (r->n_best < cfg->top)
            r->best[r->n_best++] = *o;
    }
}

/* The rejections priced closest below the answer, one per instance type
   (simulated or by the bound), cheapest first. */
static void pick_rejected(const struct adv_log *sim, const struct adv_log *bound,
                          double below, struct adv_result *r)
{
    const struct adv_log *logs[2] = { sim, bound };
    r->n_rejected = 0;
    /* both logs are in cost order: walk them from the dear end */
    long at[2] = { sim->n - 1, bound->n - 1 };
    while (r->n_rejected < ADV_MAX_REJECTED) {
        const struct adv_outcome *o[2] = { NULL, NULL };
        for (int k = 0; k < 2; k++)
            while (at[k] >= 0 && !o[k]) {
                const struct adv_outcome *x = &logs[k]->v[at[k]];
                /* a constraint's rejection is news only below an answer */
                if (!x->pass && x->c.total_usd_month < below &&
                    !(x->set_aside[0] && isinf(below)))
                    o[k] = x;
                else
                    at[k]--;
            }
        if (!o[0] && !o[1])
            break;
        int k = !o[0] || (o[1] && cmp_outcome(o[1], o[0]) > 0);
        at[k]--;
        if (!same_instance_listed(r->rejected, r->n_rejected, o[k]->c.instance.name))
            r->rejected[r->n_rejected++] = *o[k];
    }
    qsort(r->rejected, (size_t)r->n_rejected, sizeof *r->rejected, cmp_outcome);
}

/* The option a set-aside reason names: "--licence" of "16 vCPUs > 8,
   the most SE2 may be licensed on (--licence se2)". */
static void aside_option(const char *why, char *opt, size_t len)
{
    const char *p = strstr(why, "--");
    size_t n = p ? strcspn(p, " )") : 0;
    snprintf(opt, len, "%.*s", (int)n, p ? p : "");
}

/* Count what each constraint set aside (log: a shard's bound log, which
   holds every instance set aside once), the cheapest of each kept. */
static void count_asides(const struct adv_log *log, struct adv_result *r)
{
    for (long i = 0; i < log->n; i++) {
        const struct adv_outcome *o = &log->v[i];
        char opt[sizeof r->aside_by[0].option];
        int k = 0;
        if (!o->set_aside[0])
            continue;
        aside_option(o->set_aside, opt, sizeof opt);
        while (k < r->n_aside_by && strcmp(r->aside_by[k].option, opt) != 0)
            k++;
        if (k == ADV_MAX_ASIDE_BY)
            continue;
        struct adv_aside_by *a = &r->aside_by[k];
        if (k == r->n_aside_by) {
            r->n_aside_by++;
            memset(a, 0, sizeof *a);
            snprintf(a->option, sizeof a->option, "%s", opt);
        }
        if (a->instances++ == 0 || o->c.total_usd_month < a->cheapest_usd_month) {
            snprintf(a->cheapest, sizeof a->cheapest, "%s", o->c.instance.name);
            a->cheapest_usd_month = o->c.total_usd_month;
            snprintf(a->why, sizeof a->why, "%s", o->set_aside);
        }
    }
}

/* The latency floor's figures and the targets out of reach: the same in
   every shard (the space is). */
static void merge_space_figures(const struct adv_decided *const *d, int n,
                                struct adv_result *r)
{
    r->lat = n ? d[0]->lat : (struct adv_floor){ .floor_us = INFINITY };
    for (long i = 0; n > 0 && i < d[0]->reach.n; i++) {
        const struct adv_outcome *o = &d[0]->reach.v[i];
        if (o->missed == ADV_T_MBPS || o->missed == ADV_T_IOPS ||
            o->missed == ADV_T_SCHEDULE) {
            r->has_reach[o->missed] = true;
            r->reach[o->missed] = *o;
        }
    }
}

int adv_merge(const struct adv_cfg *cfg, const struct adv_decided *const *d, int n,
              struct adv_result **out)
{
    struct adv_result *r = calloc(1, sizeof *r);
    struct adv_log sim = { 0 }, burst = { 0 }, bound = { 0 };
    int rc;

    *out = NULL;
    if (!r)
        return -ENOMEM;
    rc = gather(d, n, offsetof(struct adv_decided, sim), &sim);
    if (rc == 0)
        rc = gather(d, n, offsetof(struct adv_decided, burst), &burst);
    if (rc == 0)
        rc = gather(d, n, offsetof(struct adv_decided, bound), &bound);
    if (rc == 0) {
        pick_best(cfg, &sim, r);
        double below = r->n_best ? r->best[0].c.total_usd_month : INFINITY;
        pick_rejected(&sim, &bound, below, r);
        for (long i = 0; i < burst.n && !r->has_burst_alt; i++)
            if (burst.v[i].pass && burst.v[i].c.total_usd_month < below) {
                r->has_burst_alt = true;
                r->burst_alt = burst.v[i];
            }
        r->burst_cut_usd = INFINITY;
        for (int k = 0; k < n; k++) {
            r->simulated += d[k]->simulated;
            r->reused += d[k]->reused;
            r->interrupted = r->interrupted || d[k]->interrupted;
            r->burst_cut_usd = fmin(r->burst_cut_usd, d[k]->burst_cut_usd);
        }
        if (r->has_burst_alt || !(r->burst_cut_usd < below))
            r->burst_cut_usd = INFINITY;    /* found, or nothing left out */
        r->shards = n;
        r->enumerated = n ? d[0]->enumerated : 0;
        r->bound_passed = n ? d[0]->bound_passed : 0;
        merge_space_figures(d, n, r);
        if (r->n_best == 0 && n > 0)
            count_asides(&d[0]->bound, r);
        r->front = calloc(1, sizeof *r->front);
        rc = r->front ? adv_front_make(cfg, &sim, r->interrupted, r->front) : -ENOMEM;
    }
    adv_log_free(&sim);
    adv_log_free(&burst);
    adv_log_free(&bound);
    if (rc < 0) {
        adv_result_free(r);
        return rc;
    }
    *out = r;
    return 0;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int adv_search(const struct adv_cfg *cfg, struct adv_result **out,
               char *why, size_t why_len)
{
    struct adv_decided d = { 0 };
    const struct adv_decided *dp = &d;
    double t0 = now_s();
    int rc;

    *out = NULL;
    rc = decide(cfg, &d, why, why_len);
    if (rc == 0 && (rc = adv_merge(cfg, &dp, 1, out)) < 0)
        snprintf(why, why_len, "out of memory");
    if (rc < 0) {
        adv_decided_free(&d);
        return rc;
    }
    (*out)->decided = d;
    (*out)->wall_s = now_s() - t0;
    return (*out)->interrupted ? 1 : 0;
}

void adv_result_free(struct adv_result *r)
{
    if (!r)
        return;
    adv_decided_free(&r->decided);
    adv_front_free(r->front);
    free(r->front);
    free(r);
}
