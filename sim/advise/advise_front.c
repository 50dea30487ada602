/*
 * advise_front.c - what one more dollar buys: the Pareto front of cost
 * against the small latency, and the cheapest configuration of each
 * instance family, among the configurations that meet every target.
 *
 * What they are made of.  The search simulates each cloud's candidates
 * cheapest first until `top` of them pass (advise_search.c), and logs
 * every outcome; adv_merge() sorts the log of a search (or of its shards)
 * by (total, instance, volume spec, disks).  Both views take of each
 * cloud its first `top` passes in that order, the ones the answer is
 * picked from, so a merge of shards gives what the whole search gives
 * (a shard may log passes dearer than the whole search's `top`-th: they
 * are left out).  Only passes: a configuration that misses a target is
 * nothing to buy, and its latency figure is not even comparable when it
 * misses the IOPS target (it is then taken at the least load, not at the
 * target: advise_eval.c).
 *
 *   latency front   walk the passes that have a latency figure (the
 *                   small I/O's mean or p99, as --need-latency asks, at
 *                   the least load reaching --need-iops; with a schedule
 *                   the day's worst interval) in cost order and keep the
 *                   first, the answer, then each one whose latency is
 *                   lower than the last kept by ADV_FRONT_MIN_GAIN (2 %)
 *                   at least: no pass is both cheaper and faster by that
 *                   much than a point of the front.  Each next point is
 *                   what the next dollars buy.  The margin is the
 *                   simulation's resolution: a run's figures are
 *                   settled to a 1 % confidence interval (advise_eval.c,
 *                   AUTO_CI), and strict dominance put on the front
 *                   r5b.2xlarge at +$104/month for 0.0003 ms less than
 *                   the c6in.2xlarge answer, the same gp3 volumes.
 *
 *       latency |  x                       x  passes
 *               |  *--x                    *  on the front
 *               |     *-----x   x
 *               |           *------------*
 *               +------------------------------ $/month
 *
 *   families        the first pass of each family ("m5" of m5.2xlarge,
 *                   "e4flex" of oci-e4flex-8) in cost order.
 *
 * What they do not cover.  Above the `top`-th pass of a cloud nothing
 * was simulated: a family whose cheapest pass costs more is absent, and
 * the front may go on to lower latencies above it.  cut_usd_month says
 * where that begins (the least over the clouds that reached `top`, or,
 * when a stop cut the scans short, the dearest outcome a cloud logged),
 * and the reports say so rather than present the lists as complete.
 * Continuing the search per family was measured and not done: one
 * search per AWS family (103 of them) for 20000 IOPS at 1 ms on 2 TiB
 * simulated 2096 candidates in 34 s on 2 cores, where the answer takes
 * under a second; --top searches further at the user's choice.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/advise/advise_front.h"
#include "sim/advise/advise_internal.h"

/* The index of o's cloud, -1 for none of ADV_MAX_CLOUDS. */
static int cloud_of(const struct adv_outcome *o)
{
    int c = prof_provider_index(prof_provider_of_instance(&o->c.instance));
    return c >= 0 && c < ADV_MAX_CLOUDS ? c : -1;
}

/* Of each cloud its first cfg->top passes of the sorted log into v
   (their count returned), and where the search stopped into *cut. */
static long take_passes(const struct adv_cfg *cfg, const struct adv_log *sim,
                        bool interrupted, const struct adv_outcome **v, double *cut)
{
    int per[ADV_MAX_CLOUDS] = { 0 };
    double last[ADV_MAX_CLOUDS];
    long n = 0;

    *cut = INFINITY;
    for (int c = 0; c < ADV_MAX_CLOUDS; c++)
        last[c] = (cfg->space.clouds & (1u << c)) ? 0 : INFINITY;  /* 0: none logged */
    for (long i = 0; i < sim->n; i++) {
        const struct adv_outcome *o = &sim->v[i];
        int c = cloud_of(o);
        if (c < 0 || per[c] >= cfg->top)
            continue;
        last[c] = o->c.total_usd_month;
        if (!o->pass)
            continue;
        v[n++] = o;
        if (++per[c] == cfg->top)
            *cut = fmin(*cut, o->c.total_usd_month);
    }
    for (int c = 0; interrupted && c < ADV_MAX_CLOUDS; c++)
        if (per[c] < cfg->top)
            *cut = fmin(*cut, last[c]);
    return n;
}

/* The latency front of passes v[0..n) (cost order) into out. */
static int make_latency(const struct adv_outcome **v, long n, struct adv_front *out)
{
    double last = INFINITY;

    out->latency = malloc((size_t)(n + 1) * sizeof *out->latency);
    if (!out->latency)
        return -ENOMEM;
    for (long i = 0; i < n; i++) {
        double lat = v[i]->sim.lat_us;
        if (!v[i]->simulated || !(lat > 0) || !(lat < last * (1 - ADV_FRONT_MIN_GAIN)))
            continue;
        last = lat;
        out->latency[out->n_latency++] = *v[i];
    }
    return 0;
}

/* The first pass of each family among v[0..n) (cost order) into out. */
static int make_families(const struct adv_outcome **v, long n, struct adv_front *out)
{
    out->family = malloc((size_t)(n + 1) * sizeof *out->family);
    if (!out->family)
        return -ENOMEM;
    for (long i = 0; i < n; i++) {
        char fam[PROF_NAME_MAX];
        bool seen = false;
        /* no list: only the family's name, as --families reads it */
        adv_family_listed(NULL, 0, v[i]->c.instance.name, fam, sizeof fam);
        for (int k = 0; k < out->n_family && !seen; k++)
            seen = strcmp(out->family[k].family, fam) == 0;
        if (seen)
            continue;
        struct adv_family_best *f = &out->family[out->n_family++];
        memcpy(f->family, fam, sizeof f->family);
        f->o = *v[i];
    }
    return 0;
}

int adv_front_make(const struct adv_cfg *cfg, const struct adv_log *sim, bool interrupted,
                   struct adv_front *out)
{
    const struct adv_outcome **v = malloc((size_t)(sim->n + 1) * sizeof *v);
    int rc;

    memset(out, 0, sizeof *out);
    out->cut_usd_month = INFINITY;
    if (!v)
        return -ENOMEM;
    long n = take_passes(cfg, sim, interrupted, v, &out->cut_usd_month);
    rc = make_latency(v, n, out);
    if (rc == 0)
        rc = make_families(v, n, out);
    free(v);
    if (rc < 0) {
        adv_front_free(out);
        out->cut_usd_month = INFINITY;
    }
    return rc;
}

void adv_front_free(struct adv_front *f)
{
    if (!f)
        return;
    free(f->latency);
    free(f->family);
    memset(f, 0, sizeof *f);
}

/* Whether a target other than capacity is asked. */
static bool any_but_capacity(const bool *asked)
{
    for (int k = 0; k < ADV_TARGETS; k++)
        if (asked[k] && k != ADV_T_CAPACITY)
            return true;
    return false;
}

bool adv_least_headroom(const struct adv_targets *t, const struct adv_outcome *x,
                        double *least)
{
    const bool asked[ADV_TARGETS] = { t->need_mbps > 0, t->need_iops > 0,
                                      t->need_lat_us > 0, t->capacity_bytes > 0,
                                      t->schedule != NULL };
    bool any = false;

    *least = INFINITY;
    for (int k = 0; x->simulated && k < ADV_TARGETS; k++)
        if (asked[k] &&
            (k != ADV_T_CAPACITY || x->headroom[k] < 0 || !any_but_capacity(asked))) {
            *least = fmin(*least, x->headroom[k]);
            any = true;
        }
    return any;
}
