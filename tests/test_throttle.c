/*
 * test_throttle.c - the GCRA rate limiter with burst credits (sim/model/throttle.c).
 */
#include <errno.h>
#include <stdint.h>

#include "sim/model/throttle.h"
#include "tests/check.h"
#include "workloads/rng.h"

static double ns_to_s(sim_ns t)
{
    return (double)t / 1e9;
}

static struct thr make(double base, double burst, double bucket, double frac,
                       double tol_s)
{
    struct thr t;
    struct thr_cfg c = {
        .base_rate_per_s = base,
        .burst_rate_per_s = burst,
        .bucket_units = bucket,
        .bucket_start_frac = frac,
        .tolerance_s = tol_s,
    };
    int rc = thr_init(&t, &c);
    CHECK_INT_EQ(rc, 0);
    return t;
}

/*
 * Feed back-to-back requests (all already waiting: arrival <= the time the
 * throttle can take them) until the bucket runs dry; return the start of
 * the first request admitted at base rate, and the count before it.
 */
static sim_ns run_until_dry(struct thr *t, sim_ns arrival, double units,
                            uint64_t limit, uint64_t *admitted)
{
    uint64_t before = t->empty_admits;
    for (uint64_t i = 0; i < limit; i++) {
        sim_ns s = thr_admit(t, arrival, units);
        if (t->empty_admits != before) {
            *admitted = i;
            return s;
        }
    }
    *admitted = limit;
    return -1;
}

static void throttle_should_admit_at_exactly_its_rate_over_a_long_run(void)
{
    static const double rates[] = {1000.0, 375.0, 3.0e4, 7.0};
    for (size_t k = 0; k < sizeof(rates) / sizeof(rates[0]); k++) {
        double r = rates[k];
        struct thr t = make(r, 0, 0, 0, 0);
        const uint64_t n = 1000000;
        sim_ns first = 0, last = 0;
        for (uint64_t i = 0; i < n; i++) {
            sim_ns s = thr_admit(&t, 0, 1.0);
            if (i == 0)
                first = s;
            last = s;
        }
        CHECK_INT_EQ(first, 0);
        CHECK_NEAR_REL((double)(n - 1) / ns_to_s(last - first), r, 0.001);
        CHECK_NEAR_REL((double)(n - 1) / ns_to_s(last - first), r, 1e-6);
    }

    /* Units other than 1: bytes at 100 MB/s in 128 KiB requests. */
    struct thr b = make(100e6, 0, 0, 0, 0);
    sim_ns last = 0;
    for (int i = 0; i < 100000; i++)
        last = thr_admit(&b, 0, 131072.0);
    CHECK_NEAR_REL(99999.0 * 131072.0 / ns_to_s(last), 100e6, 0.001);
}

static void request_should_never_start_before_its_arrival(void)
{
    struct rng r;
    rng_seed(&r, 11);
    struct thr t = make(2000, 0, 0, 0, 0);
    sim_ns prev = 0;
    int early = 0, reordered = 0;
    for (int i = 0; i < 200000; i++) {
        /* Arrivals jitter backwards and forwards around a 0.6 ms pace. */
        sim_ns arrival = (sim_ns)i * 600000 + (sim_ns)rng_below(&r, 5000000) -
                         2500000;
        if (arrival < 0)
            arrival = 0;
        sim_ns s = thr_admit(&t, arrival, 1.0 + (double)rng_below(&r, 3));
        early += s < arrival;
        reordered += s < prev;      /* FIFO in call order */
        prev = s;
    }
    CHECK_INT_EQ(early, 0);
    CHECK_INT_EQ(reordered, 0);

    /* The same with a tolerance and a burst bucket. */
    struct thr u = make(500, 4000, 1e4, 0.5, 0.01);
    int early_u = 0;
    for (int i = 0; i < 100000; i++) {
        sim_ns arrival = (sim_ns)rng_below(&r, (sim_ns)100 * 1000000000);
        sim_ns s = thr_admit(&u, arrival, 1.0);
        early_u += s < arrival;
    }
    CHECK_INT_EQ(early_u, 0);
}

static void requests_below_the_limit_should_not_be_delayed(void)
{
    struct thr t = make(1000, 0, 0, 0, 0);
    int delayed = 0;
    /* 500/s evenly spaced, then exactly at the limit (1 ms apart). */
    for (int i = 0; i < 10000; i++) {
        sim_ns a = (sim_ns)i * 2000000;
        delayed += thr_admit(&t, a, 1.0) != a;
    }
    sim_ns base = (sim_ns)10000 * 2000000;
    for (int i = 0; i < 10000; i++) {
        sim_ns a = base + (sim_ns)i * 1000000;
        delayed += thr_admit(&t, a, 1.0) != a;
    }
    CHECK_INT_EQ(delayed, 0);
}

static void delay_should_grow_as_outstanding_over_limit(void)
{
    /* Closed loop: N requests in flight, each completing the moment it
       starts and at once issuing the next.  The queueing delay s - t must
       settle at N / limit (Little's law), here 16 / 1000 s = 16 ms. */
    enum { N = 16 };
    struct thr t = make(1000, 0, 0, 0, 0);
    sim_ns start[N] = {0};
    double delay_s = 0;
    for (int i = 0; i < 20000; i++) {
        sim_ns arrival = i < N ? 0 : start[i % N];
        sim_ns s = thr_admit(&t, arrival, 1.0);
        start[i % N] = s;
        delay_s = ns_to_s(s - arrival);
    }
    CHECK_NEAR_REL(delay_s, (double)N / 1000.0, 1e-6);
}

static void tolerance_should_let_a_burst_through_at_once(void)
{
    /* rate 1000/s, tolerance 0.1 s: 1 + 0.1 * 1000 = 101 requests start at
       their arrival, the next one waits. */
    struct thr t = make(1000, 0, 0, 0, 0.1);
    sim_ns a = 5 * SIM_NS_PER_S;
    int at_once = 0;
    sim_ns s = 0;
    for (int i = 0; i < 200; i++) {
        s = thr_admit(&t, a, 1.0);
        if (s != a)
            break;
        at_once++;
    }
    CHECK_INT_EQ(at_once, 101);
    CHECK_INT_EQ(s - a, 1 * SIM_NS_PER_MS);     /* 101 ms booked - 100 ms */

    /* Without tolerance only the first goes at once. */
    struct thr z = make(1000, 0, 0, 0, 0);
    CHECK_INT_EQ(thr_admit(&z, a, 1.0), a);
    CHECK_INT_EQ(thr_admit(&z, a, 1.0), a + SIM_NS_PER_MS);

    /* The tolerance does not raise the long-run rate. */
    sim_ns last = 0;
    for (int i = 0; i < 100000; i++)
        last = thr_admit(&t, a, 1.0);
    CHECK_NEAR_REL(100000.0 / ns_to_s(last - a), 1000.0, 0.01);
    /* Request k (0-based) of a stream that all arrived at a starts at
       a + (k - 100) ms; the last one here is k = 102 + 99999. */
    CHECK_NEAR_REL(last - a, (102 + 99999 - 100) * SIM_NS_PER_MS, 1e-9);
}

static void gp2_bucket_should_burst_for_2057_s_then_hold_base(void)
{
    struct thr t = make(375, 3000, 5.4e6, 1.0, 0);
    CHECK(thr_rate_now(&t) == 3000.0);
    uint64_t n = 0;
    sim_ns dry = run_until_dry(&t, 0, 1.0, 20000000, &n);
    double expect_s = 5.4e6 / (3000.0 - 375.0);         /* 2057.14 s */
    CHECK_NEAR_REL(ns_to_s(dry), expect_s, 0.01);
    CHECK_NEAR_REL((double)n / ns_to_s(dry), 3000.0, 0.001);
    CHECK(thr_rate_now(&t) == 375.0);
    CHECK_LT(thr_credits(&t), 1.0);

    /* From then on, 375/s for as long as the load keeps it busy. */
    sim_ns from = dry, last = dry;
    for (int i = 0; i < 375 * 2000; i++)
        last = thr_admit(&t, 0, 1.0);
    CHECK_NEAR_REL(375.0 * 2000 / ns_to_s(last - from), 375.0, 0.001);
    CHECK_U64_EQ(t.empty_admits, 375 * 2000 + 1);
    CHECK(thr_rate_now(&t) == 375.0);
}

static void bucket_that_starts_empty_should_run_at_base_at_once(void)
{
    struct thr t = make(375, 3000, 5.4e6, 0.0, 0);
    CHECK(thr_rate_now(&t) == 375.0);
    CHECK(thr_credits(&t) == 0.0);
    sim_ns last = 0;
    for (int i = 0; i < 37500; i++)
        last = thr_admit(&t, 0, 1.0);
    CHECK_NEAR_REL(37499.0 / ns_to_s(last), 375.0, 0.001);
    CHECK_U64_EQ(t.empty_admits, 37500);
}

static void bucket_should_refill_at_base_rate_while_idle(void)
{
    struct thr t = make(375, 3000, 5.4e6, 0.0, 0);
    CHECK_INT_EQ(thr_admit(&t, 0, 1.0), 0);            /* spends 1 */
    sim_ns a = 100 * SIM_NS_PER_S;
    CHECK_INT_EQ(thr_admit(&t, a, 1.0), a);            /* 100 s idle */
    CHECK_NEAR_REL(thr_credits(&t), 375.0 * 100 - 2, 1e-9);
    CHECK(thr_rate_now(&t) == 3000.0);

    /* The 37,498 credits buy 37,498 / (3000 - 375) = 14.29 s of burst. */
    uint64_t n = 0;
    sim_ns dry = run_until_dry(&t, a, 1.0, 1000000, &n);
    CHECK_NEAR_REL(ns_to_s(dry - a), 37498.0 / 2625.0, 0.01);
    CHECK_NEAR_REL((double)n / ns_to_s(dry - a), 3000.0, 0.001);

    /* A long idle spell fills the bucket and no further. */
    thr_admit(&t, 1000000 * SIM_NS_PER_S, 1.0);
    CHECK_NEAR_REL(thr_credits(&t), 5.4e6 - 1, 1e-9);
}

static void instance_bucket_in_bytes_should_hold_max_for_1800_s(void)
{
    /* m5.large-like: 81.25 -> 593.75 MB/s, 30 minutes of burst. */
    double base = 81.25e6, burst = 593.75e6;
    double bucket = (burst - base) * 1800.0;
    struct thr t = make(base, burst, bucket, 1.0, 0);
    const double io = 1048576.0;
    uint64_t n = 0;
    sim_ns dry = run_until_dry(&t, 0, io, 10000000, &n);
    CHECK_NEAR_REL(ns_to_s(dry), 1800.0, 0.01);
    CHECK_NEAR_REL((double)n * io / ns_to_s(dry), burst, 0.001);

    sim_ns last = dry;
    for (int i = 0; i < 100000; i++)
        last = thr_admit(&t, 0, io);
    CHECK_NEAR_REL(100000.0 * io / ns_to_s(last - dry), base, 0.001);
}

static void set_rates_should_change_the_rate_from_then_on(void)
{
    struct thr t = make(1000, 0, 0, 0, 0);
    sim_ns s = 0;
    for (int i = 0; i < 1000; i++)
        s = thr_admit(&t, 0, 1.0);
    CHECK_INT_EQ(s, 999 * SIM_NS_PER_MS);
    thr_set_rates(&t, 4000, 0);
    CHECK(thr_rate_now(&t) == 4000.0);
    /* What was booked stays booked: the next starts at 1 s, then 0.25 ms
       apart. */
    sim_ns first = thr_admit(&t, 0, 1.0);
    CHECK_INT_EQ(first, SIM_NS_PER_S);
    for (int i = 1; i < 4000; i++)
        s = thr_admit(&t, 0, 1.0);
    CHECK_INT_EQ(s - first, 3999 * 250000);

    /* Unlimited from now: admits at arrival. */
    thr_set_rates(&t, 0, 0);
    CHECK(thr_unlimited(&t));
    CHECK_INT_EQ(thr_admit(&t, 7, 1.0), 7);

    /* Raising a burst throttle keeps its credits. */
    struct thr b = make(375, 3000, 5.4e6, 0.5, 0);
    thr_set_rates(&b, 500, 4000);
    CHECK_NEAR_REL(thr_credits(&b), 2.7e6, 1e-12);
    CHECK(thr_rate_now(&b) == 4000.0);
}

static void unlimited_throttle_should_admit_at_arrival(void)
{
    struct thr t = make(0, 0, 0, 0, 0);
    CHECK(thr_unlimited(&t));
    for (int i = 0; i < 1000; i++)
        CHECK_INT_EQ(thr_admit(&t, 5 * SIM_NS_PER_S, 1e9), 5 * SIM_NS_PER_S);
    CHECK(t.tat_ns == 0.0);
    CHECK_U64_EQ(t.empty_admits, 0);
    CHECK(!thr_unlimited(&(struct thr){.cfg = {.base_rate_per_s = 1}}));
}

static void invalid_configurations_should_be_rejected(void)
{
    static const struct thr_cfg bad[] = {
        {.base_rate_per_s = -1},
        {.base_rate_per_s = 100, .burst_rate_per_s = 50},
        {.base_rate_per_s = 100, .burst_rate_per_s = -200},
        {.base_rate_per_s = 100, .bucket_units = -1},
        {.base_rate_per_s = 100, .bucket_units = 10, .bucket_start_frac = -0.1},
        {.base_rate_per_s = 100, .bucket_units = 10, .bucket_start_frac = 1.1},
        {.base_rate_per_s = 100, .tolerance_s = -0.5},
        {.base_rate_per_s = NAN},
        {.base_rate_per_s = INFINITY},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        struct thr t;
        CHECK_INT_EQ(thr_init(&t, &bad[i]), -EINVAL);
    }
    static const struct thr_cfg good[] = {
        {.base_rate_per_s = 0},                                 /* unlimited */
        {.base_rate_per_s = 100},                 /* burst 0: same as base */
        {.base_rate_per_s = 100, .burst_rate_per_s = 100},
        {.base_rate_per_s = 100, .burst_rate_per_s = 800, .bucket_units = 5,
         .bucket_start_frac = 1, .tolerance_s = 0.01},
    };
    for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
        struct thr t;
        CHECK_INT_EQ(thr_init(&t, &good[i]), 0);
    }
}

static void throttle_without_bucket_should_report_no_credits_and_base_rate(void)
{
    struct thr t = make(250, 0, 0, 0, 0);
    CHECK(thr_rate_now(&t) == 250.0);
    CHECK(thr_credits(&t) == 0.0);
    for (int i = 0; i < 100; i++)
        thr_admit(&t, 0, 1.0);
    CHECK_U64_EQ(t.empty_admits, 0);   /* nothing to run out of */
}

static void set_credits_should_set_the_level_and_accrue_from_then_on(void)
{
    struct thr t = make(375, 3000, 5.4e6, 1.0, 0);
    sim_ns at = 10 * SIM_NS_PER_S;
    thr_set_credits(&t, 0.0, at);
    CHECK(thr_bucket_empty(&t));
    CHECK(thr_rate_now(&t) == 375.0);
    /* nothing earned before `at` counts; one second after it, 375 */
    CHECK_NEAR_REL(thr_credits_at(&t, at + SIM_NS_PER_S), 375.0, 1e-9);
    CHECK(thr_credits(&t) == 0.0);          /* a look ahead changes nothing */
    thr_set_credits(&t, 1e12, at);          /* clamped to the bucket */
    CHECK(thr_credits(&t) == 5.4e6);
    thr_set_credits(&t, -5, at);
    CHECK(thr_credits(&t) == 0.0);
}

/* A retune to a bucket of another size keeps the share that is full; to
   none, the throttle runs at its base rate; from none, a new bucket starts
   at the share given. */
static void set_bucket_should_keep_the_share_or_start_a_new_one(void)
{
    struct thr t = make(375, 3000, 4e6, 1.0, 0);
    sim_ns at = 0;
    thr_set_credits(&t, 1e6, at);           /* a quarter full */
    thr_set_bucket(&t, 8e6, 0.9, at);
    CHECK_NEAR_REL(thr_credits(&t), 2e6, 1e-9);
    thr_set_bucket(&t, 0, 0.9, at);
    CHECK(!thr_bucket_empty(&t));
    CHECK(thr_rate_now(&t) == 375.0);
    thr_set_rates(&t, 375, 3000);
    thr_set_bucket(&t, 4e6, 0.5, at);
    CHECK_NEAR_REL(thr_credits(&t), 2e6, 1e-9);
    CHECK(thr_rate_now(&t) == 3000.0);
}

static void credits_fell_should_ignore_rounding_and_a_full_bucket(void)
{
    struct thr t = make(375, 3000, 5.4e6, 1.0, 0);
    CHECK(thr_credits_fell(&t, 5.4e6, 5.4e6 - 1));
    CHECK(!thr_credits_fell(&t, 5.4e6, 5.4e6 - 1e-6));   /* below 1e-9 of it */
    CHECK(!thr_credits_fell(&t, 5.4e6, 5.4e6));
    CHECK(!thr_credits_fell(&t, 10, 20));                  /* it rose */
    struct thr none = make(375, 0, 0, 1.0, 0);
    CHECK(!thr_credits_fell(&none, 10, 0));
}

static void burst_should_last_the_bucket_over_what_exceeds_the_base(void)
{
    struct thr t = make(375, 3000, 5.4e6, 1.0, 0);
    /* flat out: 5.4e6 / (3000 - 375) = 2057 s, as the bucket runs dry */
    CHECK_NEAR_REL(thr_burst_lasts_s(&t, 3000), 5.4e6 / 2625.0, 1e-12);
    CHECK_NEAR_REL(thr_burst_lasts_s(&t, 1000), 5.4e6 / 625.0, 1e-12);
    CHECK(thr_burst_lasts_s(&t, 375) == 0.0);             /* for ever */
    CHECK(thr_burst_lasts_s(&t, 100) == 0.0);
    struct thr none = make(375, 0, 0, 1.0, 0);
    CHECK(thr_burst_lasts_s(&none, 3000) == 0.0);
}

/* gp2 500 GiB as the model builds it: delivers 0.95 of 1500 / 3000 IOPS
   (profiles.c) and earns the provisioned 1500 a second (AWS): flat out
   the 5.4 M credits last 5.4e6 / (2850 - 1500) s. */
static struct thr gp2_500(void)
{
    struct thr t;
    struct thr_cfg c = {
        .base_rate_per_s = 1425, .burst_rate_per_s = 2850,
        .bucket_units = 5.4e6, .bucket_start_frac = 1.0,
        .earn_rate_per_s = 1500,
    };
    CHECK_INT_EQ(thr_init(&t, &c), 0);
    return t;
}

static void bucket_should_drain_at_burst_less_the_earn_rate(void)
{
    struct thr t = gp2_500();
    uint64_t n = 0;
    sim_ns dry = run_until_dry(&t, 0, 1.0, 20000000, &n);
    CHECK_NEAR_REL(ns_to_s(dry), 5.4e6 / (2850.0 - 1500.0), 0.001);
    CHECK_U64_EQ(t.emptyings, 1);
    CHECK_NEAR_REL(t.emptied_ns / 1e9, 5.4e6 / (2850.0 - 1500.0), 0.001);
    CHECK_NEAR_REL(thr_burst_lasts_s(&t, 2850), 4000.0, 1e-12);
}

/* Held at its base rate after running out, the bucket earns 1500 while
   1425 are spent; it must not bank the difference and burst again. */
static void exhausted_bucket_held_at_base_should_not_burst_again(void)
{
    struct thr t = gp2_500();
    uint64_t n = 0;
    sim_ns dry = run_until_dry(&t, 0, 1.0, 20000000, &n);
    sim_ns last = dry;
    for (int i = 0; i < 1425 * 3600; i++)
        last = thr_admit(&t, 0, 1.0);
    CHECK_NEAR_REL(1425.0 * 3600 / ns_to_s(last - dry), 1425.0, 1e-4);
    CHECK_U64_EQ(t.emptyings, 1);
    CHECK(thr_bucket_empty(&t));
    CHECK(thr_rate_now(&t) == 1425.0);
}

/* Once the load falls below the base rate the bucket earns in full again:
   an hour idle after running out refills 1500 x 3600 credits. */
static void exhausted_bucket_should_earn_in_full_once_the_load_eases(void)
{
    struct thr t = gp2_500();
    uint64_t n = 0;
    sim_ns dry = run_until_dry(&t, 0, 1.0, 20000000, &n);
    sim_ns later = dry + 3600 * SIM_NS_PER_S;
    sim_ns s = thr_admit(&t, later, 1.0);
    CHECK(s == later);
    CHECK(!thr_bucket_empty(&t));
    CHECK_NEAR_REL(thr_credits(&t), 1500.0 * 3600 - 1, 1e-3);
    CHECK(thr_rate_now(&t) == 2850.0);
}

int main(void)
{
    RUN(throttle_should_admit_at_exactly_its_rate_over_a_long_run);
    RUN(request_should_never_start_before_its_arrival);
    RUN(requests_below_the_limit_should_not_be_delayed);
    RUN(delay_should_grow_as_outstanding_over_limit);
    RUN(tolerance_should_let_a_burst_through_at_once);
    RUN(gp2_bucket_should_burst_for_2057_s_then_hold_base);
    RUN(bucket_that_starts_empty_should_run_at_base_at_once);
    RUN(bucket_should_refill_at_base_rate_while_idle);
    RUN(instance_bucket_in_bytes_should_hold_max_for_1800_s);
    RUN(set_rates_should_change_the_rate_from_then_on);
    RUN(unlimited_throttle_should_admit_at_arrival);
    RUN(invalid_configurations_should_be_rejected);
    RUN(throttle_without_bucket_should_report_no_credits_and_base_rate);
    RUN(set_credits_should_set_the_level_and_accrue_from_then_on);
    RUN(credits_fell_should_ignore_rounding_and_a_full_bucket);
    RUN(set_bucket_should_keep_the_share_or_start_a_new_one);
    RUN(burst_should_last_the_bucket_over_what_exceeds_the_base);
    RUN(bucket_should_drain_at_burst_less_the_earn_rate);
    RUN(exhausted_bucket_held_at_base_should_not_burst_again);
    RUN(exhausted_bucket_should_earn_in_full_once_the_load_eases);
    return check_done();
}
