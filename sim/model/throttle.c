/*
 * throttle.c - a rate limiter with a burst-credit bucket, in virtual time.
 *
 * The model
 * ---------
 * A cloud volume or an instance enforces a limit: so many operations, or
 * so many bytes, per second.  What a client sees when it pushes harder is
 * not an error but a queue: its requests wait until the limit lets them
 * through.  So the throttle is a *scheduler*.  thr_admit() is told that a
 * request of `u` units arrives at time t and answers when it may start;
 * the caller (the model backend) starts it then.
 *
 * GCRA, virtual scheduling
 * ------------------------
 * The state is one number, TAT, the theoretical arrival time of the next
 * unit if the stream ran exactly at the limit.  With T = 1e9 / rate ns per
 * unit and a tolerance tau (how far ahead of the schedule a request may
 * start, cfg.tolerance_s):
 *
 *     s   = max(t, TAT - tau)              start of this request
 *     TAT = max(TAT, s) + u * T            book its capacity
 *
 * Requests are served first come first served in call order (FIFO), even
 * if their arrival times are not monotonic: each one books the capacity
 * after everything booked before it.  Over a busy stretch TAT grows by
 * exactly u * T per request, so the long-run rate is `rate` to the
 * rounding of a double.  When the stream is below the limit, TAT falls
 * behind the arrivals and s = t: no delay.  With tau > 0, after an idle
 * spell 1 + tau * rate unit-sized requests may start at once (the classic
 * GCRA burst), and no more, because TAT never lags the clock by more than
 * the idle time allows: max(TAT, s) restarts the schedule at s.
 *
 *     time ->     t1  t2 t3 t4            (arrivals, all at once)
 *     unlimited   s1  s2 s3 s4
 *     throttled   s1 ----T---- s2 ----T---- s3 ----T---- s4
 *                      delay of request k = s_k - t_k
 *
 * Why a scheduler and not a token counter: the engine runs a closed loop
 * of N outstanding I/Os.  A token counter answers "may this go now?" and
 * forces the caller to poll or retry, which in virtual time has no natural
 * step.  The scheduler books future capacity instead: the answer is a
 * time, the model completes the request after that time plus the service
 * time, and the delay s - t is exactly the queueing delay a throttled
 * volume shows.  With N requests in flight against a limit L that binds,
 * the queue holds them and each waits about N / L: latency grows as
 * N / limit and throughput is L.  Little's law is not programmed; it
 * emerges.
 *
 * Burst credits
 * -------------
 * gp2 IOPS, st1/sc1 throughput and the EC2 instances marked "30 minutes
 * per day" run from a credit bucket.  Credits accrue at the earn rate,
 * units per second of elapsed virtual time, capped at bucket_units; every
 * admitted unit spends one.  The earn rate is the provisioned baseline
 * (gp2: 3 IOPS per GiB a second, AWS EBS volume types page); the base
 * rate the throttle runs at may be lower (the model's delivered share),
 * so earn >= base, and without an earn rate the two are equal.  While
 * the bucket holds credits the throttle runs at burst_rate, else at
 * base_rate.  Running flat out from a full bucket the level falls at
 * (burst - earn) per second, so the burst lasts bucket / (burst - earn)
 * seconds (gp2 of 500 GiB, provisioned: 5.4e6 / (3000 - 1500) = 3600 s,
 * AWS's own formula).
 *
 * Exhaustion.  Once the bucket runs out under a load that keeps the
 * throttle busy, it holds base_rate; if it went on earning at an earn
 * rate above that, it would bank the difference and burst again, over
 * and over, on a load that never eased: false bursts.  So a bucket that
 * ran out is *exhausted*: it runs at base_rate and earns at base_rate,
 * so a load that keeps it busy keeps it empty.  Only when the load eases
 * below the base rate does the level rise; once it holds
 * EXHAUSTED_UNTIL_FRAC of the bucket the exhaustion ends and the bucket
 * earns at the earn rate again (and bursts).  The level decides, not
 * whether one request waited: under a load that merely jitters around
 * the base rate (an open loop over striped volumes) a request now and
 * then finds its throttle idle, which must not end the exhaustion.
 * Setting the level (thr_set_credits) makes an empty bucket exhausted
 * and a non-empty one not.  emptied_ns and emptyings record
 * when the bucket ran out (the moment inside the admission where its
 * credits end, by the split below) and how often: the measured
 * bucket-empty time the reports give.
 *
 * The credit level is brought up to date lazily, at each admission, using
 * the admission time s (not the arrival: a request that waits in the
 * queue is served when the scheduler reaches it) as "now":
 *
 *     credits += earn * (s - credits_at) / 1e9,  capped at bucket
 *                                (base instead of earn while exhausted)
 *     credits_at = s            (never moved backwards: when s is before
 *                                credits_at, nothing accrues)
 *
 * When the bucket runs dry inside a request, the request is split so the
 * fluid model above holds exactly: serving b units at burst rate earns
 * b * earn / burst credits meanwhile, so a level c covers
 *
 *     b = min(u, c * burst / (burst - earn))
 *
 * units at burst rate; the other u - b units go at base rate.  The cost of
 * the request is b * 1e9 / burst + (u - b) * 1e9 / base ns, and the level
 * drops by u.  It may go below zero until the next admission adds what
 * was earned while the request was served; thr_credits() reports it
 * clamped to 0..bucket_units.  The bucket counts as empty when its level
 * is below 1e-9 of its size, so that rounding residue never buys a burst;
 * thr_bucket_empty() is that rule, for the admission here and for whoever
 * reports why a throttle runs at its base rate (the model's limits).
 * empty_admits counts admissions that were not wholly covered at burst
 * rate (b < u) on a throttle whose burst rate exceeds its base rate: the
 * evidence for "limited by burst credits".
 *
 * Burst facts for the reports: thr_credits_fell() says whether a stretch
 * of time drew on the bucket (its level fell by more than the empty
 * share, so a bucket that stays full, or stays empty, did not), and
 * thr_burst_lasts_s() how long a full bucket would carry a consumption
 * c > earn: bucket / (c - earn), the formula above with c for the burst
 * rate.  thr_set_credits() sets the level (a run starting every point
 * from the same state, or from empty buckets to measure what a point
 * sustains) without touching the schedule.
 *
 * The clock of the throttle starts at virtual time 0: TAT = 0 and
 * credits_at = 0 after thr_init(), so a bucket that starts partly full has
 * been earning since time 0.
 *
 * Unlimited (base <= 0) admits every request at its arrival, books
 * nothing and costs nothing.  thr_set_rates() changes the rates for the
 * requests admitted from then on; what was booked stays booked.
 * thr_set_bucket() resizes the bucket with them (a retuned instance may
 * burst differently, or not at all), its level kept as a share of it.
 *
 * All state is in struct thr; the arithmetic is plain double, so a run is
 * deterministic on any IEEE-754 machine.  The start time is rounded to the
 * nearest nanosecond, and is never before the arrival.
 */
#include "sim/model/throttle.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#define NS_PER_S 1e9
#define EMPTY_FRAC 1e-9     /* bucket level below this share = empty */
/* An exhausted bucket earns in full again from this share of its size
   on: 5,400 credits of gp2's 5.4 M, a few seconds of burst; it refills
   that first share at the base rate, 5 % slower for a 0.95 delivered
   share, which shifts a refill of hours by well under a second. */
#define EXHAUSTED_UNTIL_FRAC 1e-3

static bool thr_has_bucket(const struct thr *t)
{
    return t->cfg.bucket_units > 0.0;
}

double thr_earn_rate(const struct thr *t)
{
    return t->cfg.earn_rate_per_s > t->cfg.base_rate_per_s ? t->cfg.earn_rate_per_s
                                                           : t->cfg.base_rate_per_s;
}


/* The rate used while credits last: never below the base rate. */
static double thr_burst_rate(const struct thr *t)
{
    return t->cfg.burst_rate_per_s > t->cfg.base_rate_per_s
               ? t->cfg.burst_rate_per_s
               : t->cfg.base_rate_per_s;
}

/* Only a bucket that earns more than its base rate spends can be
   exhausted (see "Exhaustion"): with earn == base an empty bucket held at
   base stays empty by itself. */
static bool thr_exhausts(const struct thr *t)
{
    return t->earn_units_per_ns > t->base_units_per_ns;
}

/* The level is at most the share that counts as empty. */
/* A level of `units` counts as empty (EMPTY_FRAC of the bucket). */
static bool units_empty(const struct thr *t, double units)
{
    return units <= EMPTY_FRAC * t->cfg.bucket_units;
}

static bool thr_level_empty(const struct thr *t)
{
    return units_empty(t, t->credits_units);
}

bool thr_level_spent(const struct thr *t, double units)
{
    return thr_has_bucket(t) &&
           (units_empty(t, units) || units <= t->cfg.tolerance_s * t->cfg.base_rate_per_s);
}

double thr_base_rate(const struct thr *t)
{
    return thr_unlimited(t) ? 0.0 : t->cfg.base_rate_per_s;
}

bool thr_bucket_empty(const struct thr *t)
{
    return thr_has_bucket(t) && (t->exhausted || thr_level_empty(t));
}

/* A bucket with credit left, not exhausted: the burst rate applies.
   (Neither empty nor without a bucket; callers ask this once instead of
   both.) */
static bool thr_has_credit(const struct thr *t)
{
    return thr_has_bucket(t) && !t->exhausted && !thr_level_empty(t);
}

static bool bad_number(double x)
{
    return isnan(x) || isinf(x) || x < 0.0;
}

/* The per-admission factors, recomputed whenever the rates change. */
static void thr_derive(struct thr *t)
{
    double base = t->cfg.base_rate_per_s;
    double burst = thr_burst_rate(t);
    double earn = thr_earn_rate(t);
    t->base_ns_per_unit = base > 0 ? NS_PER_S / base : 0.0;
    t->burst_ns_per_unit = burst > 0 ? NS_PER_S / burst : 0.0;
    t->base_units_per_ns = base / NS_PER_S;
    t->earn_units_per_ns = earn / NS_PER_S;
    /* a burst no faster than the earn rate never empties the bucket */
    t->burst_share = burst > earn ? burst / (burst - earn)
                                  : burst > base ? INFINITY : 0.0;
    t->tolerance_ns = t->cfg.tolerance_s * NS_PER_S;
    if (!thr_exhausts(t))
        t->exhausted = false;
}

int thr_init(struct thr *t, const struct thr_cfg *cfg)
{
    if (!t || !cfg)
        return -EINVAL;
    if (bad_number(cfg->base_rate_per_s) || bad_number(cfg->burst_rate_per_s) ||
        bad_number(cfg->bucket_units) || bad_number(cfg->tolerance_s) ||
        bad_number(cfg->earn_rate_per_s))
        return -EINVAL;
    if (isnan(cfg->bucket_start_frac) || cfg->bucket_start_frac < 0.0 ||
        cfg->bucket_start_frac > 1.0)
        return -EINVAL;
    /* A burst rate of 0 means "none" (the same as base); any other burst
       rate must be at least the base rate. */
    if (cfg->burst_rate_per_s != 0.0 &&
        cfg->burst_rate_per_s < cfg->base_rate_per_s)
        return -EINVAL;

    memset(t, 0, sizeof(*t));
    t->cfg = *cfg;
    thr_derive(t);
    t->tat_ns = t->tolerance_ns;                /* no head start at 0 */
    t->credits_units = cfg->bucket_units * cfg->bucket_start_frac;
    t->credits_at_ns = 0.0;
    t->empty_admits = 0;
    t->exhausted = thr_has_bucket(t) && thr_exhausts(t) && thr_level_empty(t);
    return 0;
}


/* How long, in ns of elapsed time, an exhausted bucket earns at the base
   rate before it holds EXHAUSTED_UNTIL_FRAC of its size; 0 when it does. */
static double thr_exhausted_ns(const struct thr *t)
{
    double short_of = EXHAUSTED_UNTIL_FRAC * t->cfg.bucket_units - t->credits_units;
    if (!(short_of > 0) || !(t->base_units_per_ns > 0))
        return 0;
    return short_of / t->base_units_per_ns;
}

/* Bring the credit level up to `now_ns` (never backwards), at the earn
   rate; while exhausted at the base rate, until the level ends it. */
static void thr_accrue(struct thr *t, double now_ns)
{
    if (now_ns <= t->credits_at_ns)
        return;
    double dt = now_ns - t->credits_at_ns;
    double earned = 0;
    if (t->exhausted) {
        double at_base = thr_exhausted_ns(t);
        if (dt <= at_base) {
            at_base = dt;
        } else {
            t->exhausted = false;   /* the load eased: earn in full again */
        }
        earned = t->base_units_per_ns * at_base;
        dt -= at_base;
    }
    earned += t->earn_units_per_ns * dt;
    t->credits_units += earned;
    if (t->credits_units > t->cfg.bucket_units)
        t->credits_units = t->cfg.bucket_units;
    t->credits_at_ns = now_ns;
}

void thr_settle(struct thr *t, sim_ns now_ns)
{
    double no_head_start = (double)now_ns + t->tolerance_ns;
    if (t->tat_ns < no_head_start)
        t->tat_ns = no_head_start;
}

/* The bucket runs out `at_burst` units into a request starting at
   start_ns: note when, and hold it at the base rate from then on. */
static void thr_run_out(struct thr *t, double start_ns, double at_burst,
                        bool had_credit)
{
    if (!had_credit)
        return;
    t->emptyings++;
    t->emptied_ns = start_ns + at_burst * t->burst_ns_per_unit;
    t->exhausted = thr_exhausts(t);
}

double thr_bucket_cost_ns(struct thr *t, double start_ns, double units)
{
    thr_accrue(t, start_ns);
    double at_burst = 0.0;          /* units served at burst rate */
    bool had_credit = false;
    if (t->burst_share > 0.0) {
        had_credit = thr_has_credit(t);
        if (had_credit) {
            at_burst = t->credits_units * t->burst_share;
            if (at_burst > units)
                at_burst = units;
        }
        if (at_burst < units) {
            t->empty_admits++;
            thr_run_out(t, start_ns, at_burst, had_credit);
        }
    } else {
        at_burst = units;           /* burst == base: the bucket is moot */
    }
    t->credits_units -= units;
    /* a request that ends exactly where the bucket counts as empty ran it
       out too: with earn == base (a volume that delivers its provisioned
       base) the level never climbs back for a later request to see it */
    if (had_credit && at_burst >= units && !thr_has_credit(t))
        thr_run_out(t, start_ns, at_burst, true);
    return at_burst * t->burst_ns_per_unit + (units - at_burst) * t->base_ns_per_unit;
}

double thr_rate_now(const struct thr *t)
{
    if (thr_unlimited(t))
        return 0.0;
    if (thr_has_credit(t))
        return thr_burst_rate(t);
    return t->cfg.base_rate_per_s;
}

double thr_credits(const struct thr *t)
{
    if (!thr_has_bucket(t))
        return t->cfg.bucket_units;
    if (t->credits_units < 0.0)
        return 0.0;
    if (t->credits_units > t->cfg.bucket_units)
        return t->cfg.bucket_units;
    return t->credits_units;
}

void thr_set_rates(struct thr *t, double base_rate_per_s, double burst_rate_per_s)
{
    /* No error return in the contract: sanitise instead.  A base that is
       not a positive number means unlimited; a burst below the base means
       "no faster than base". */
    if (!(base_rate_per_s > 0.0) || isinf(base_rate_per_s))
        base_rate_per_s = 0.0;
    if (!(burst_rate_per_s >= base_rate_per_s) || isinf(burst_rate_per_s))
        burst_rate_per_s = base_rate_per_s;
    t->cfg.base_rate_per_s = base_rate_per_s;
    t->cfg.burst_rate_per_s = burst_rate_per_s;
    thr_derive(t);
}

void thr_set_earn_rate(struct thr *t, double earn_rate_per_s)
{
    t->cfg.earn_rate_per_s =
        earn_rate_per_s > 0.0 && !isinf(earn_rate_per_s) ? earn_rate_per_s : 0.0;
    thr_derive(t);
}

void thr_set_bucket(struct thr *t, double bucket_units, double start_frac, sim_ns now_ns)
{
    if (bad_number(bucket_units))
        bucket_units = 0.0;
    if (bucket_units == t->cfg.bucket_units)
        return;
    double frac = thr_has_bucket(t) ? thr_credits_at(t, now_ns) / t->cfg.bucket_units
                                    : start_frac;
    t->cfg.bucket_units = bucket_units;
    t->credits_units = 0.0;
    t->exhausted = false;
    thr_set_credits(t, frac * bucket_units, now_ns);
}

double thr_credits_at(const struct thr *t, sim_ns now_ns)
{
    if (!thr_has_bucket(t))
        return t->cfg.bucket_units;
    struct thr later = *t;
    thr_accrue(&later, (double)now_ns);
    return thr_credits(&later);
}

void thr_set_credits(struct thr *t, double units, sim_ns now_ns)
{
    if (!thr_has_bucket(t))
        return;
    if (!(units > 0.0))
        units = 0.0;
    if (units > t->cfg.bucket_units)
        units = t->cfg.bucket_units;
    t->credits_units = units;
    if ((double)now_ns > t->credits_at_ns)
        t->credits_at_ns = (double)now_ns;
    t->exhausted = thr_exhausts(t) && thr_level_empty(t);
}

bool thr_credits_fell(const struct thr *t, double before_units, double after_units)
{
    return thr_has_bucket(t) &&
           before_units - after_units > EMPTY_FRAC * t->cfg.bucket_units;
}

double thr_burst_lasts_s(const struct thr *t, double units_per_s)
{
    double beyond = units_per_s - thr_earn_rate(t);
    if (!thr_has_bucket(t) || !(beyond > 0.0))
        return 0.0;
    return t->cfg.bucket_units / beyond;
}
