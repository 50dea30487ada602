/*
 * forecast_fluid.c - the fast hybrid: per-I/O windows where the state
 * changes, closed-form moves of the buckets where it does not.
 *
 * The model
 * ---------
 * Within a phase the load is fixed, and what the devices deliver depends
 * on the buckets only through which of them are empty (an empty bucket
 * holds its limit at the base rate; one with credits lets it burst): the
 * phase's *regime*, one bit per bucket.  While the regime holds, every
 * rate is constant, and so is each bucket's drift,
 *
 *     dL/dt = earn - c        (c: the units its limit admits per second;
 *                              earn: what the bucket earns a second, its
 *                              base rate, gp2's provisioned baseline)
 *
 * capped at 0 and at the bucket's size.  So for each (phase, regime) a
 * short per-I/O window (FLUID_WARMUP + FLUID_WINDOW of device time, the
 * engine and the backend as they are) measures the rates, the latency
 * distribution and c of every bucket; the result is cached.  Then the
 * levels move in a straight line to the next event: the first bucket to
 * reach 0, twice the empty share (an empty bucket earning again: the
 * regime changes) or its size (full: no new regime, the drift is capped),
 * or the phase's end, whichever comes first:
 *
 *     dt = min_k { L_k / -d_k          (d_k < 0, L_k > 0),
 *                  (target_k - L_k) / d_k  (d_k > 0, L_k < size_k),
 *                  phase end - t }
 *
 * and the backend is told: its clock runs idle for dt (dev_credit_ops.idle_until)
 * and every bucket is set to its new level (dev_credit_ops.bucket_set).  The
 * stretch goes out as one segment with the window's figures.  A window
 * whose regime changed while it ran (a bucket ran dry inside it) is a
 * segment of its own but is not cached.  An empty bucket whose measured
 * consumption is within FLUID_DEADBAND of its base rate is held, not
 * drifting: it is what a limit at its base rate spends, and it earns no
 * more (throttle.c, "Exhaustion").  A bucket not earning that a step
 * leaves in the empty share is set to 0, as the regime counts it: the
 * windows measure each volume's consumption apart, so striped volumes
 * draining together reach 0 a few seconds apart here, and one left with
 * a few credits, held at its base rate by the emptied one, would climb
 * back and "earn again" where the exact path's volumes empty together.
 *
 * An overloaded open loop books more than it completes while the I/O in
 * flight piles up towards its bound (--max-outstanding): every limit
 * books an I/O when it is submitted.  The exact path pays that once a
 * phase; so c is what the completed I/O costs, and the pile-up is walked
 * apart: the phase's I/O in flight (f->in_flight, as the last window left
 * it) grows at the regime's backlog_growth, each bucket paying per_io
 * units for each, until the bound, which is one more boundary of a step.
 * (Counting the pile-up in c, as the window saw it, drained a gp2 bucket
 * 2 % early at 3,000 IOPS and an sc1 one 25 % early at 15 MB/s.)  For
 * the same reason the I/O in flight when such a bucket runs dry was
 * booked while it had credits: it still completes at the burst rate, for
 * in_flight / rate seconds, before the base rate takes over (the queue's
 * tail: 4,096 x 1 MiB is 7 minutes of an sc1 burst).
 *
 * The queue: beyond the I/O in flight, an overloaded open loop's
 * arrivals wait to be issued, and the exact path keeps every one of them
 * (its backlog is not bounded), so its latency grows for as long as the
 * overload lasts.  A window starts afresh and cannot show that.  So
 * fc_emit hands every segment of a fast-path phase to queue_segment,
 * which keeps the phase's queue, f->queued (logical I/Os arrived and not
 * completed), growing at arrivals - completions (from the segment's
 * figures: each class's delivered rate over 1 - its unmet share) while
 * the segment is overloaded; the rows (forecast_rows.c) then give the
 * I/O completing at t the wait queued(t) / arrivals, first in, first out
 * (for constant rates exactly t x (1 - delivered / offered), as the exact
 * path shows), on top of the window's least latency.  A served segment
 * takes the queue as drained; the queue starts empty with each phase, as
 * the exact path's point does.
 *
 * Idle phases (and gaps) are the same walk with no window: nothing is
 * consumed, every bucket earns its earn rate.
 *
 * Where the fast path is not exact: the window's start is the engine
 * starting afresh (a pipeline filling, an open loop's backlog building),
 * the drain after it is left out, the latency of a served regime is that
 * of its first window, and an overloaded one's queue grows at the
 * difference of two rates, so an error of the delivered rate weighs on
 * the wait in the ratio offered / (offered - delivered) (0.2 % low at 5 %
 * over: a 4 % longer wait).  A served regime after an overloaded one in
 * the same phase drains the queue at once, where the exact path takes
 * time (a bucket earning again in an overload, rare).  The agreement
 * tests hold it to the exact path.
 */
#include "sim/model/forecast_internal.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FLUID_WINDOW_S 2.0          /* measured, per regime, at least */
#define FLUID_WINDOW_IOS 4000       /* and this many logical I/Os ... */
#define FLUID_WINDOW_MAX_S 300.0    /* ... unless it runs this long */
#define FLUID_WARMUP_S 0.2          /* before it, unmeasured */
#define FLUID_WARMUP_OPEN_S 1.0     /* open loop: rate limits settle
                                       (the engine's SIM_OPEN_WARMUP_NS) */
#define FLUID_LATENCIES 50          /* open loop: the window lasts this
                                       many mean latencies (served) or
                                       times to deliver the bound on I/O in
                                       flight (overloaded), so that the
                                       I/O still in flight at its end (not
                                       delivered in it) is < 2 % */
#define FLUID_DEADBAND 0.005        /* of a bucket's base rate */
#define FLUID_MAX_STEPS 200000      /* per phase: a safety net */

struct regime {
    int phase;
    unsigned char *empty;           /* [buckets]: 1 = empty */
    struct fc_figures fig;
    double *consumed;               /* [buckets] units per s */
    double *per_io;                 /* [buckets] units per logical I/O */
    double backlog_growth;          /* logical I/Os per s (struct fc_use) */
};

struct fc_cache {
    int n, cap;
    struct regime *r;
};

void fc_cache_free(struct fc_cache *c)
{
    if (!c)
        return;
    for (int i = 0; i < c->n; i++) {
        free(c->r[i].empty);
        free(c->r[i].consumed);
        free(c->r[i].per_io);
    }
    free(c->r);
    free(c);
}

static bool is_empty(const struct dev_bucket *b, double level)
{
    return level <= FC_EMPTY_FRAC * b->size_units;
}

static void regime_key(const struct fc *f, unsigned char *key)
{
    for (int k = 0; k < f->buckets; k++)
        key[k] = is_empty(&f->bkt[k], f->level[k]);
}

static struct regime *cache_find(struct fc *f, int phase, const unsigned char *key)
{
    struct fc_cache *c = f->cache;
    for (int i = 0; c && i < c->n; i++)
        if (c->r[i].phase == phase &&
            memcmp(c->r[i].empty, key, (size_t)f->buckets) == 0)
            return &c->r[i];
    return NULL;
}

static int cache_add(struct fc *f, int phase, const unsigned char *key,
                     const struct fc_figures *fig, const struct fc_use *use)
{
    if (!f->cache && !(f->cache = calloc(1, sizeof *f->cache)))
        return -ENOMEM;
    struct fc_cache *c = f->cache;
    if (c->n == c->cap) {
        int cap = c->cap ? 2 * c->cap : 16;
        struct regime *r = realloc(c->r, (size_t)cap * sizeof *r);
        if (!r)
            return -ENOMEM;
        c->r = r;
        c->cap = cap;
    }
    size_t nb = (size_t)(f->buckets > 0 ? f->buckets : 1);
    struct regime *r = &c->r[c->n];
    r->phase = phase;
    r->fig = *fig;
    r->empty = malloc(nb);
    r->consumed = malloc(nb * sizeof *r->consumed);
    r->per_io = malloc(nb * sizeof *r->per_io);
    if (!r->empty || !r->consumed || !r->per_io) {
        free(r->empty);
        free(r->consumed);
        free(r->per_io);
        return -ENOMEM;
    }
    memcpy(r->empty, key, (size_t)f->buckets);
    memcpy(r->consumed, use->consumed, (size_t)f->buckets * sizeof *r->consumed);
    memcpy(r->per_io, use->per_io, (size_t)f->buckets * sizeof *r->per_io);
    r->backlog_growth = use->backlog_growth;
    c->n++;
    return 0;
}

/* Bucket k's drift in units per s at consumption c: it earns
   earn_per_s, except that an empty one held at its base rate stays empty
   (throttle.c, "Exhaustion"). */
static double drift_of(const struct dev_bucket *b, double level, double c)
{
    if (is_empty(b, level) && c >= (1 - FLUID_DEADBAND) * b->base_per_s)
        return 0;
    double earn = b->earn_per_s > b->base_per_s ? b->earn_per_s : b->base_per_s;
    return earn - c;
}

/* How long until bucket k reaches its next boundary, and the level it
   has there; INFINITY when it stays. */
static double to_boundary(const struct dev_bucket *b, double level, double d,
                          double *at)
{
    double size = b->size_units;
    if (d < 0 && level > 0) {
        *at = 0;
        return level / -d;
    }
    if (d > 0 && level < size) {
        double again = 2 * FC_EMPTY_FRAC * size;
        *at = level < again ? again : size;
        return (*at - level) / d;
    }
    return INFINITY;
}

/* Bucket k's level after dt at drift d: a bucket not earning that ends
   in the empty share (is_empty) is set empty, as the regime it is in
   counts it.  Left a little above 0 the backend would let it burst, or,
   held at its base rate by an emptied neighbour (a stripe moves at its
   slowest volume), earn more than it spends (a gp2 volume earns its
   provisioned baseline while it delivers less) and so burst again,
   which no volume at its base rate does (throttle.c, "Exhaustion"). */
static double level_after(const struct dev_bucket *b, double level, double d, double dt)
{
    double l = fmin(b->size_units, fmax(0, level + d * dt));
    return d <= 0 && is_empty(b, l) ? 0 : l;
}

/* Move every level on by dt (the boundary hit exactly where one is) and
   tell the backend: its clock runs idle, its buckets take the levels. */
static int advance(struct fc *f, const double *drift, double dt, int hit,
                   double hit_level)
{
    struct devset *ds = &f->parts->ds;
    for (int k = 0; k < f->buckets; k++)
        f->level_b[k] = k == hit ? hit_level
                                 : level_after(&f->bkt[k], f->level[k], drift[k], dt);
    sim_ns to = ds->ops->now(ds) + (sim_ns)llround(dt * 1e9);
    int rc = ds->ops->credit->idle_until(ds, to);
    for (int k = 0; rc == 0 && k < f->buckets; k++)
        rc = ds->ops->credit->bucket_set(ds, k, f->level_b[k]);
    return rc;
}

/* The I/O in flight still piling up under regime r: logical I/Os per s
   (0 once at the bound, or with no pile-up), and how long until the
   bound. */
static double pile_up(const struct fc *f, const struct regime *r, double *until_s)
{
    double room = r ? r->fig.open_bound - f->in_flight : 0;
    *until_s = INFINITY;
    if (!r || !(r->backlog_growth > 0) || !(room > 0))
        return 0;
    *until_s = room / r->backlog_growth;
    return r->backlog_growth;
}

/* One closed-form step of regime r (NULL: idle, nothing served) from t,
   of at most max_s; *t moves on, and *emptied (unless NULL) says whether
   it ended on a bucket running dry. */
static int fluid_step(struct fc *f, const struct fc_phase_ctx *pc, double *t,
                      const struct regime *r, double max_s, bool *emptied)
{
    static const struct fc_figures nothing = { .limited_by = SIM_LIMIT_OFFERED_LOAD };
    const struct fc_figures *fig = r ? &r->fig : &nothing;
    double *drift = f->level_b + f->buckets;    /* scratch: see fc_alloc */
    double piling_s, piling = pile_up(f, r, &piling_s);
    double dt = fmin(fmin(pc->end_s - *t, piling_s), max_s), hit_level = 0;
    int hit = -1;
    for (int k = 0; k < f->buckets; k++) {
        drift[k] = drift_of(&f->bkt[k], f->level[k], r ? r->consumed[k] : 0);
        if (piling > 0 && !is_empty(&f->bkt[k], f->level[k]))
            drift[k] -= piling * r->per_io[k];
        double at = 0, until = to_boundary(&f->bkt[k], f->level[k], drift[k], &at);
        if (until < dt) {
            dt = until;
            hit = k;
            hit_level = at;
        }
    }
    double *level0 = drift + f->buckets;
    memcpy(level0, f->level, (size_t)f->buckets * sizeof *level0);
    if (emptied)
        *emptied = hit >= 0 && hit_level == 0;
    int rc = advance(f, drift, dt, hit, hit_level);
    if (rc < 0)
        return rc;
    memcpy(f->level, f->level_b, (size_t)f->buckets * sizeof *f->level);
    f->in_flight += piling * dt;
    struct fc_seg s = { .t0_s = *t, .t1_s = *t + dt,
                        .day = pc->day, .phase = pc->index,
                        .fig = fig, .level0 = level0, .level1 = f->level };
    rc = fc_emit(f, &s);
    *t += dt;
    if (rc == 0)
        rc = fc_events_track(f->events, *t, f->level, pc->day, pc->index);
    return rc;
}

static double ios_per_s(const struct fc_figures *fig)
{
    return fig->dir_rate[0][0] + fig->dir_rate[0][1] +
           fig->dir_rate[1][0] + fig->dir_rate[1][1];
}

/* A bucket ran dry under overloaded regime r: the I/O in flight, booked
   while it had credits, completes at r's rates (the top of the file). */
static int queue_tail(struct fc *f, const struct fc_phase_ctx *pc, double *t,
                      const struct regime *r)
{
    double rate = ios_per_s(&r->fig);
    if (!fc_overloaded(&r->fig) || !(f->in_flight > 0) || !(rate > 0))
        return 0;
    return fluid_step(f, pc, t, r, f->in_flight / rate, NULL);
}

/* Whether a window of len_s holds enough to stand for its regime:
   FLUID_WINDOW_IOS logical I/Os and, open loop, FLUID_LATENCIES mean
   latencies where the demand is served, or FLUID_LATENCIES times what it
   takes to deliver the bound on I/O in flight where it is not (there the
   backlog, and the latency, grow for as long as the overload lasts: no
   window is long enough for them); else the length the next one needs. */
static bool window_enough(const struct fc_figures *fig, double len, double *next)
{
    double need = len;
    if (fig->ios < FLUID_WINDOW_IOS)
        need = 1.5 * len * FLUID_WINDOW_IOS / (double)(fig->ios ? fig->ios : 1);
    bool over = fc_overloaded(fig);
    double rate = ios_per_s(fig);
    if (over && rate > 0)
        need = fmax(need, FLUID_LATENCIES * fig->open_bound / rate);
    for (int c = 0; fig->open && !over && c < WL_CLASSES; c++)
        need = fmax(need, FLUID_LATENCIES * fig->lat[c].avg_us / 1e6);
    *next = fmin(FLUID_WINDOW_MAX_S, need);
    return need <= len || len >= FLUID_WINDOW_MAX_S;
}

/* Open loop: what a regime delivers is its demand less the share the
   window left unmet, not the window's own count of arrivals (Poisson
   noise: 1.4 % in 5,000 I/Os).  Where the demand was served, the buckets'
   consumption follows the arrivals, and is scaled to the demand too: a
   bucket drawn at 2,500 against a base of 1,425 drifts at 1,075 a second,
   and 1.4 % of 2,500 more would be 3 % faster.  (Where it was not, the
   limits set the consumption, not the arrivals.)  The scale is that of
   the class with more I/Os: exact for one-class phases.  The per-direction
   rates move with their class, and the physical rates with the logical
   ones, I/Os weighted by count and bytes by size (exact where every class
   has one physical I/O pattern), so a row's physical IOPS is not the
   window's noise while its logical IOPS is the demand. */
static void open_rates(struct fc_figures *fig, struct fc_use *use, int buckets)
{
    if (!fig->open)
        return;
    double *delivered[WL_CLASSES] = { &fig->small_iops, &fig->large_mbps };
    double ios[WL_CLASSES];
    double ios_before = 0, ios_after = 0, mb_before = 0, mb_after = 0;
    for (int c = 0; c < WL_CLASSES; c++) {
        double to = fig->offered[c] * (1 - fig->unmet[c]);
        double k = *delivered[c] > 0 ? to / *delivered[c] : 1;
        *delivered[c] = to;
        ios[c] = fig->dir_rate[c][0] + fig->dir_rate[c][1];
        ios_before += ios[c];
        ios_after += ios[c] * k;
        mb_before += fig->class_mbps[c];
        mb_after += fig->class_mbps[c] * k;
        fig->class_mbps[c] *= k;
        fig->dir_rate[c][0] *= k;
        fig->dir_rate[c][1] *= k;
    }
    if (ios_before > 0)
        fig->phys_iops *= ios_after / ios_before;
    if (mb_before > 0)
        fig->phys_mbps *= mb_after / mb_before;
    if (fc_overloaded(fig))
        return;
    int main_cls = ios[WL_LARGE] > ios[WL_SMALL] ? WL_LARGE : WL_SMALL;
    if (!(fig->arrived[main_cls] > 0))
        return;
    double k = fig->offered[main_cls] / fig->arrived[main_cls];
    for (int b = 0; b < buckets; b++)
        use->consumed[b] *= k;
}

/* A measurement window of *len_s from t: a segment of its own, cached
   when the regime held through it and the window was long enough
   (window_enough); when it was not (a slow regime: st1 at its base, 1 MiB
   at a time; an open loop's queue) *len_s grows for the next one, up to
   FLUID_WINDOW_MAX_S. */
static int fluid_window(struct fc *f, const struct fc_phase_ctx *pc, double *t,
                        const unsigned char *key, double *len_s)
{
    size_t nb = (size_t)(f->buckets > 0 ? f->buckets : 1);
    double *consumed = malloc(nb * 3 * sizeof *consumed);
    unsigned char *after = malloc(nb);
    if (!consumed || !after) {
        free(consumed);
        free(after);
        return -ENOMEM;
    }
    struct fc_use use = { .consumed = consumed, .per_io = consumed + nb };
    double *level0 = consumed + 2 * nb;
    memcpy(level0, f->level, (size_t)f->buckets * sizeof *level0);
    struct fc_figures fig;
    double elapsed = 0;
    double len = *len_s;
    struct fc_span span = { *t, len, pc->is_open ? FLUID_WARMUP_OPEN_S
                                                 : FLUID_WARMUP_S };
    int rc = fc_stretch(f, pc, &span, &(struct fc_window){ &fig, &use },
                        &elapsed);
    if (rc >= 0) {                  /* fig and use are set only then */
        open_rates(&fig, &use, f->buckets);
        f->in_flight = use.in_flight_end;
        f->res->windows++;
        struct fc_seg s = { .t0_s = *t, .t1_s = *t + elapsed,
                            .day = pc->day, .phase = pc->index,
                            .fig = &fig, .level0 = level0, .level1 = f->level };
        int e = fc_emit(f, &s);
        *t += elapsed;
        regime_key(f, after);
        bool enough = window_enough(&fig, len, len_s);
        if (e == 0 && enough && memcmp(after, key, (size_t)f->buckets) == 0)
            e = cache_add(f, pc->index, key, &fig, &use);
        if (e < 0)
            rc = e;
    }
    free(consumed);
    free(after);
    return rc;
}

/* The queue of an overloaded open loop over segment s (see the top):
   sets s's queue fields from f->queued and moves it on.  f->queue in a
   fast-path phase. */
static void queue_segment(struct fc *f, struct fc_seg *s)
{
    const struct fc_figures *fig = s->fig;
    double arrivals = 0, growth = 0;
    for (int c = 0; c < WL_CLASSES && fc_overloaded(fig); c++) {
        double done = fig->dir_rate[c][0] + fig->dir_rate[c][1];
        if (done > 0 && fig->unmet[c] < 1) {
            double a = done / (1 - fig->unmet[c]);
            arrivals += a;
            growth += a - done;
        }
    }
    if (!(growth > 0)) {            /* served (or closed): taken as drained */
        f->queued = 0;
        return;
    }
    s->queued0 = f->queued;
    s->queue_growth = growth;
    s->arrivals_per_s = arrivals;
    f->queued += growth * (s->t1_s - s->t0_s);
}

int fc_fluid_phase(struct fc *f, const struct fc_phase_ctx *pc)
{
    double t = pc->start_s;
    unsigned char *key = malloc((size_t)(f->buckets > 0 ? f->buckets : 1));
    if (!key)
        return -ENOMEM;
    int rc = 0;
    double len = FLUID_WINDOW_S;
    f->in_flight = 0;
    f->queued = 0;
    f->queue = queue_segment;
    for (int step = 0; rc == 0 && t < pc->end_s - 1e-9; step++) {
        double tail = 2 * (len + FLUID_WARMUP_OPEN_S);
        if (sim_stop_is_set(f->cfg->stop) || step > FLUID_MAX_STEPS) {
            rc = 1;
            break;
        }
        if (pc->end_s - t < tail) {     /* too short to skip: per I/O */
            double elapsed;
            struct fc_span span = { t, pc->end_s - t, 0 };
            rc = fc_stretch(f, pc, &span, NULL, &elapsed);
            break;
        }
        fc_read_levels(f, NULL);
        regime_key(f, key);
        const struct regime *r = cache_find(f, pc->index, key);
        if (r) {
            f->res->cache_hits++;
            bool emptied;
            rc = fluid_step(f, pc, &t, r, INFINITY, &emptied);
            if (rc == 0 && emptied)
                rc = queue_tail(f, pc, &t, r);
        } else {
            rc = fluid_window(f, pc, &t, key, &len);
        }
    }
    free(key);
    f->queue = NULL;
    return rc;
}

int fc_idle_phase(struct fc *f, const struct fc_phase_ctx *pc)
{
    double t = pc->start_s;
    int rc = 0;
    fc_read_levels(f, NULL);
    for (int step = 0; rc == 0 && t < pc->end_s - 1e-9; step++) {
        if (step > FLUID_MAX_STEPS)
            return -EIO;
        rc = fluid_step(f, pc, &t, NULL, INFINITY, NULL);
    }
    return rc;
}
