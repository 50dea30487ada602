/*
 * throttle.h - a rate limiter with a burst-credit bucket, in virtual time.
 *
 * One throttle limits one quantity (operations, or bytes) to a rate.  It
 * works as a scheduler: thr_admit() says when a request that arrives at
 * `arrival_ns` may start, and books the capacity it uses, so requests are
 * served first come first served at the limit (GCRA, virtual scheduling).
 * A throttle that is never the bottleneck admits at arrival.
 *
 * Burst (gp2 IOPS, st1/sc1 throughput, EC2 instance 30-minute burst): the
 * throttle holds a credit bucket.  Credits accrue at the earn rate (the
 * provisioned baseline; the base rate when not given), capped at
 * bucket_units; every admitted unit spends one.  While the bucket holds
 * credits the throttle runs at burst_rate, else at base_rate; once it ran
 * out it stays at base_rate and earns only that, until the load falls
 * below it long enough to refill a first share of the bucket.  Without a bucket (bucket_units == 0) it always
 * runs at base_rate.  See throttle.c for the algorithm and why.
 */
#ifndef ASMSIM_SIM_THROTTLE_H
#define ASMSIM_SIM_THROTTLE_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/core/simtime.h"

struct thr_cfg {
    double base_rate_per_s;     /* units per second; <= 0 = unlimited */
    double burst_rate_per_s;    /* >= base; used while credits last */
    double bucket_units;        /* credit capacity; 0 = no burst */
    double bucket_start_frac;   /* 0..1: how full the bucket starts */
    double earn_rate_per_s;     /* credits earned per second; 0 = the base
                                   rate (>= base: the provisioned baseline,
                                   which the base rate may deliver less of) */
    double tolerance_s;         /* GCRA burst tolerance: how far ahead of
                                   the schedule a request may start */
};

struct thr {
    struct thr_cfg cfg;
    double tat_ns;              /* theoretical arrival time of the next unit */
    double credits_units;       /* burst bucket level */
    double credits_at_ns;       /* when credits_units was last brought up to date */
    uint64_t empty_admits;      /* admissions made at base rate because the
                                   bucket was empty (burst throttles only) */
    bool exhausted;             /* the bucket ran out and the load has held
                                   the throttle at its base rate since */
    uint64_t emptyings;         /* times the bucket ran out */
    double emptied_ns;          /* when it last ran out (inside the
                                   admission that emptied it) */
    /* derived from cfg, so admission does no division */
    double base_ns_per_unit;
    double burst_ns_per_unit;
    double base_units_per_ns;
    double earn_units_per_ns;
    double burst_share;         /* burst / (burst - base); 0 without burst */
    double tolerance_ns;
};

/* Returns 0, or -EINVAL for negative rates, burst < base, frac outside 0..1. */
int thr_init(struct thr *t, const struct thr_cfg *cfg);

/* The cost in ns of `units` starting at start_ns on a throttle with a
   burst bucket; spends the credits.  (thr_admit's out-of-line part.) */
double thr_bucket_cost_ns(struct thr *t, double start_ns, double units);

static inline bool thr_unlimited(const struct thr *t)
{
    return !(t->cfg.base_rate_per_s > 0.0);
}

/* Start time (>= arrival_ns) of a request of `units` arriving at
   arrival_ns; books its capacity.  Arrivals need not be monotonic but the
   schedule is FIFO in call order.  Inline: it runs five times for every
   physical I/O of the model. */
static inline sim_ns thr_admit(struct thr *t, sim_ns arrival_ns, double units)
{
    if (thr_unlimited(t))
        return arrival_ns;
    if (!(units > 0.0))             /* 0, negative or NaN: books nothing */
        units = 0.0;
    double arrival = (double)arrival_ns;
    double s = t->tat_ns - t->tolerance_ns;
    if (s < arrival)
        s = arrival;
    double cost_ns = t->cfg.bucket_units > 0.0
                         ? thr_bucket_cost_ns(t, s, units)
                         : units * t->base_ns_per_unit;
    if (t->tat_ns < s)
        t->tat_ns = s;
    t->tat_ns += cost_ns;
    /* s >= arrival, an integer, so rounding cannot go below it. */
    if (s >= (double)SIM_NS_MAX)
        return SIM_NS_MAX;
    return (sim_ns)(s + 0.5);
}

/* The rate the throttle runs at right now (burst or base). */
double thr_rate_now(const struct thr *t);

/* The throttle has a burst bucket and it is empty (its level at most 1e-9
   of its size): it runs at its base rate for want of credits.  False
   without a bucket. */
bool thr_bucket_empty(const struct thr *t);

/* A level of `units` is spent: no more than the short-term allowance
   (tolerance x base rate) that any throttle idle for a moment has, so it
   gives no burst beyond the allowance's own.  A load that holds a bucket
   at its base rate leaves it at about this much, not at empty: every
   idle instant earns it a crumb.  False without a bucket. */
bool thr_level_spent(const struct thr *t, double units);
/* The rate it runs at while its bucket is empty (the only one without a
   bucket); 0 for an unlimited throttle. */
double thr_base_rate(const struct thr *t);
/* Credits left, 0..bucket_units (bucket_units when there is no bucket). */
double thr_credits(const struct thr *t);

/* The level thr_credits() will show at now_ns if nothing is admitted
   before: what the base rate earns since the last admission included. */
double thr_credits_at(const struct thr *t, sim_ns now_ns);

/* Set the bucket to `units` (clamped to 0..bucket_units) as of now_ns:
   credits accrue from then on.  No-op without a bucket. */
void thr_set_credits(struct thr *t, double units, sim_ns now_ns);

/* The level fell from `before_units` to `after_units` by more than
   rounding (the share that counts as empty, see thr_bucket_empty): the
   throttle drew on its burst credits in between.  False without a bucket. */
bool thr_credits_fell(const struct thr *t, double before_units, double after_units);

/* How long a full bucket lasts when `units_per_s` are admitted: the
   bucket over what the consumption spends beyond the earn rate, in s.
   0 without a bucket or when the consumption is within the earn rate
   (it lasts for ever). */
double thr_burst_lasts_s(const struct thr *t, double units_per_s);

/* Forget the short-term allowance earned while idle: from `now_ns` on the
   throttle paces from the schedule with no head start (the bucket of burst
   credits is untouched).  A backlog already booked stays booked. */
void thr_settle(struct thr *t, sim_ns now_ns);

/* Change limits in flight (interactive tuning); keeps credits and schedule.
   The earn rate stays, raised to the base rate if below it. */
void thr_set_rates(struct thr *t, double base_rate_per_s, double burst_rate_per_s);

/* Resize the bucket in flight (interactive tuning: an instance with
   another burst, or none): to bucket_units (0 = no burst), as full as it
   was in share of its size, or start_frac full when it had none, as of
   now_ns.  No-op when the size does not change. */
void thr_set_bucket(struct thr *t, double bucket_units, double start_frac, sim_ns now_ns);

/* The credits the bucket earns per second (<= 0 or below the base rate:
   the base rate). */
void thr_set_earn_rate(struct thr *t, double earn_rate_per_s);

/* The earn rate in effect, units per second. */
double thr_earn_rate(const struct thr *t);

#endif
