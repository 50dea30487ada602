/*
 * advise_search.c - from the candidate space to the answer.
 *
 *   1. Build the space (advise_space.c): candidates the bound admits.
 *   2. Order them by (total $/month, instance, volume spec, disks).
 *   3. Simulate them in that order, BATCH at a time on cfg->jobs threads,
 *      until `top` have passed.  A candidate the bound rejected cannot
 *      pass (the bound is an upper bound of the simulation), so the first
 *      `top` passes in cost order are the cheapest that meet the targets.
 *      The batch size does not depend on the thread count, and every
 *      simulation depends only on its candidate and the seed: the same
 *      answer comes out for any --jobs.
 *   4. With --clouds aws,oci each cloud is searched on its own and the two
 *      lists merged, so the best of each can be set side by side.
 *   5. "Why nothing cheaper": the rejected candidates priced closest below
 *      the answer, one per instance type: simulated ones with the target
 *      they missed, or, for instances whose every option the bound
 *      rejected, the option that came closest.
 *   6. A sustained search also looks, among candidates cheaper than its
 *      answer, for the cheapest that meets the targets on burst credits
 *      (the instance's 30 minutes, gp2/st1/sc1 buckets): the price of
 *      running only in bursts, with how long the burst holds.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim/advise/advise_internal.h"

#define BATCH 16

void adv_cfg_defaults(struct adv_cfg *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->targets.redundancy = LAY_EXTERNAL;
    cfg->targets.small_bytes = 8192;        /* ORION -size_small */
    cfg->targets.large_bytes = 131072;      /* the studies' 128 KiB */
    cfg->space.clouds = ADV_CLOUD_AWS;
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

/* ---- simulating a batch ----------------------------------------------- */

struct batch {
    const struct adv_cfg *cfg;
    const struct adv_space *s;
    const struct adv_cand *const *cand;
    struct adv_outcome *out;
    int *rc;
    bool burst;
};

static void eval_task(void *arg, long i)
{
    struct batch *b = arg;
    struct adv_config c;
    char why[256];

    adv_space_config(b->s, b->cand[i], &c);
    memset(&b->out[i], 0, sizeof b->out[i]);
    b->rc[i] = adv_eval(b->cfg, &c, b->burst, &b->out[i], why, sizeof why);
    b->out[i].bound_mbps = b->cand[i]->bound_mbps;
    b->out[i].bound_iops = b->cand[i]->bound_iops;
}

/* What one scan found: passes (cheapest first) and the simulated
   rejections cheaper than the first pass. */
struct scan {
    int n_pass;
    struct adv_outcome *pass;       /* [top] */
    int n_fail;
    struct adv_outcome fail[ADV_MAX_REJECTED * 2];  /* the dearest, one
                                       per instance type, oldest first, of
                                       one cloud (ADV_MAX_REJECTED), or of
                                       both (search_space) */
    long simulated;
    bool stopped;
};

/* Keep o, a rejection dearer than every one kept so far: it replaces
   the one of its instance type, or the oldest when the list is full. */
static void keep_fail(struct scan *sc, const struct adv_outcome *o)
{
    int drop = -1;

    for (int i = 0; i < sc->n_fail && drop < 0; i++)
        if (strcmp(sc->fail[i].c.instance.name, o->c.instance.name) == 0)
            drop = i;
    if (drop < 0 && sc->n_fail == ADV_MAX_REJECTED)
        drop = 0;
    if (drop >= 0) {
        memmove(sc->fail + drop, sc->fail + drop + 1,
                (size_t)(sc->n_fail - drop - 1) * sizeof *sc->fail);
        sc->n_fail--;
    }
    sc->fail[sc->n_fail++] = *o;
}

/* Simulate cand[0..n) in order until `top` pass. */
static int scan_candidates(const struct adv_cfg *cfg, const struct adv_space *s,
                           const struct adv_cand *const *cand, long n, int top,
                           bool burst, struct scan *sc)
{
    struct adv_outcome *out = calloc(BATCH, sizeof *out);
    int rc[BATCH];

    if (!out)
        return -ENOMEM;
    for (long i = 0; i < n && sc->n_pass < top && !sc->stopped; i += BATCH) {
        long k = n - i < BATCH ? n - i : BATCH;
        struct batch b = { cfg, s, cand + i, out, rc, burst };
        adv_parallel_for(k, cfg->jobs, eval_task, &b);
        for (long j = 0; j < k && sc->n_pass < top; j++) {
            if (rc[j] != 0) {           /* stopped (1) or could not run */
                sc->stopped = sc->stopped || rc[j] == 1;
                if (rc[j] == 1)
                    break;
                continue;
            }
            sc->simulated++;
            if (out[j].pass)
                sc->pass[sc->n_pass++] = out[j];
            else if (sc->n_pass == 0)
                keep_fail(sc, &out[j]);
        }
        if (cfg->stop && sim_stop_is_set(cfg->stop))
            sc->stopped = true;
    }
    free(out);
    return 0;
}

/* The candidates of one cloud below below_usd, in cost order. */
static long pick_cloud(const struct adv_space *s, unsigned cloud,
                       double below_usd, const struct adv_cand **out)
{
    long n = 0;

    for (long i = 0; i < s->n_cand; i++) {
        const struct adv_cand *c = &s->cand[i];
        bool aws = s->inst[c->inst].aws;
        if ((cloud == ADV_CLOUD_AWS) != aws)
            continue;
        if (c->total_usd_month >= below_usd)
            continue;
        out[n++] = c;
    }
    return n;
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
        o->c.total_usd_month = o->c.instance_usd_month;
        o->c.volumes_usd_month = 0;
    }
    o->bound_mbps = mbps;
    o->bound_iops = iops;
    o->missed = t->need_mbps > 0 && mbps * ADV_BOUND_SLACK < t->need_mbps ? ADV_T_MBPS
                                                                          : ADV_T_IOPS;
    o->missed_got = o->missed == ADV_T_MBPS ? mbps : iops;
    o->missed_need = o->missed == ADV_T_MBPS ? t->need_mbps : t->need_iops;
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

static void fill_rejected(const struct adv_cfg *cfg, const struct adv_space *s,
                          const struct scan *sc, struct adv_result *r)
{
    double below = r->n_best ? r->best[0].c.total_usd_month : INFINITY;
    int n_all = 0, cap = s->n_inst + ADV_MAX_REJECTED;
    struct adv_outcome *all = calloc((size_t)cap, sizeof *all);

    if (!all)
        return;
    for (int i = 0; i < sc->n_fail; i++)
        if (sc->fail[i].c.total_usd_month < below)
            all[n_all++] = sc->fail[i];
    for (int i = 0; i < s->n_inst; i++)
        if (s->inst[i].closest_ratio >= 0 &&
            s->inst[i].usd_month < below &&
            (s->inst[i].inst_ratio * ADV_BOUND_SLACK < 1 ||
             s->inst[i].closest.total_usd_month < below))
            bound_outcome(cfg, s, &s->inst[i], &all[n_all++]);
    qsort(all, (size_t)n_all, sizeof *all, cmp_outcome);
    /* dearest first, one per instance type, then back to cheapest first */
    r->n_rejected = 0;
    for (int i = n_all - 1; i >= 0 && r->n_rejected < ADV_MAX_REJECTED; i--)
        if (!same_instance_listed(r->rejected, r->n_rejected, all[i].c.instance.name))
            r->rejected[r->n_rejected++] = all[i];
    qsort(r->rejected, (size_t)r->n_rejected, sizeof *r->rejected, cmp_outcome);
    free(all);
}

/* ---- the search ------------------------------------------------------- */

static int search_space(const struct adv_cfg *cfg, struct adv_space *s,
                        bool burst, double below_usd, int top,
                        struct adv_result *r, struct scan *all)
{
    static const unsigned clouds[2] = { ADV_CLOUD_AWS, ADV_CLOUD_OCI };
    const struct adv_cand **list = malloc((size_t)(s->n_cand + 1) * sizeof *list);
    struct adv_outcome *merged = calloc((size_t)top * 2, sizeof *merged);
    int n_merged = 0, rc = 0;

    if (!list || !merged) {
        rc = -ENOMEM;
        goto out;
    }
    qsort_r(s->cand, (size_t)s->n_cand, sizeof *s->cand, cmp_cand, s);
    for (int c = 0; c < 2; c++) {
        if (!(cfg->space.clouds & clouds[c]))
            continue;
        struct scan sc = { .pass = merged + n_merged };
        long n = pick_cloud(s, clouds[c], below_usd, list);
        if ((rc = scan_candidates(cfg, s, list, n, top, burst, &sc)) < 0)
            goto out;
        if (sc.n_pass > 0 && r) {
            r->has_cloud_best[c] = true;
            r->cloud_best[c] = sc.pass[0];
        }
        n_merged += sc.n_pass;
        all->simulated += sc.simulated;
        all->stopped = all->stopped || sc.stopped;
        for (int i = 0; i < sc.n_fail && all->n_fail < ADV_MAX_REJECTED * 2; i++)
            all->fail[all->n_fail++] = sc.fail[i];
    }
    qsort(merged, (size_t)n_merged, sizeof *merged, cmp_outcome);
    all->n_pass = n_merged < top ? n_merged : top;
    memcpy(all->pass, merged, (size_t)all->n_pass * sizeof *merged);
out:
    free(list);
    free(merged);
    return rc;
}

/* The cheapest candidate below below_usd that meets the targets on burst
   (the space's candidates remade with burst bounds, over the pairs that
   have a burst bucket). */
static int burst_alternative(const struct adv_cfg *cfg, struct adv_space *s,
                             double below_usd, struct adv_result *r)
{
    struct adv_cfg bc = *cfg;
    struct adv_outcome pass[1];
    struct scan sc = { .pass = pass };
    int rc;

    bc.space.burst_ok = true;
    if ((rc = adv_space_candidates(s, &bc, true, true)) < 0)
        return rc;
    rc = search_space(&bc, s, true, below_usd, 1, NULL, &sc);
    if (rc == 0 && sc.n_pass > 0) {
        r->has_burst_alt = true;
        r->burst_alt = pass[0];
    }
    r->simulated += sc.simulated;
    r->interrupted = r->interrupted || sc.stopped;
    return rc;
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
    struct adv_space s;
    struct adv_result *r = calloc(1, sizeof *r);
    struct scan all = { 0 };
    double t0 = now_s();
    int rc;

    *out = NULL;
    if (!r)
        return -ENOMEM;
    if ((rc = adv_space_build(cfg, false, &s, why, why_len)) < 0) {
        free(r);
        return rc;
    }
    r->enumerated = s.enumerated;
    r->bound_passed = s.n_cand;
    all.pass = r->best;
    rc = search_space(cfg, &s, cfg->space.burst_ok, INFINITY, cfg->top, r, &all);
    r->n_best = all.n_pass;
    r->simulated = all.simulated;
    r->interrupted = all.stopped;
    if (rc == 0)
        fill_rejected(cfg, &s, &all, r);
    if (rc == 0 && !cfg->space.burst_ok && !r->interrupted)
        rc = burst_alternative(cfg, &s, r->n_best ? r->best[0].c.total_usd_month
                                                  : INFINITY, r);
    adv_space_free(&s);
    if (rc < 0) {
        free(r);
        if (rc == -ENOMEM)
            snprintf(why, why_len, "out of memory");
        return rc;
    }
    r->wall_s = now_s() - t0;
    *out = r;
    return r->interrupted ? 1 : 0;
}

void adv_result_free(struct adv_result *r)
{
    free(r);
}
