/*
 * test_hist.c - the log-linear latency histogram (sim/core/hist.c).
 */
#include <stdint.h>
#include <stdlib.h>

#include "sim/core/hist.h"
#include "tests/check.h"
#include "workloads/rng.h"

static struct hist ha, hb, hc;      /* ~20 KiB each: keep them off the stack */

#define NSAMPLES 200000
static uint64_t sample[NSAMPLES];

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The nearest-rank quantile of a sorted array: rank ceil(q * n). */
static uint64_t exact_quantile(const uint64_t *sorted, size_t n, double q)
{
    double r = ceil(q * (double)n);
    size_t rank = r < 1.0 ? 1 : (size_t)r;
    if (rank > n)
        rank = n;
    return sorted[rank - 1];
}

static void check_quantiles_against_sorted(const struct hist *h, uint64_t *v,
                                           size_t n)
{
    static const double qs[] = {0.001, 0.01, 0.1, 0.25, 0.5, 0.75,
                                0.9, 0.99, 0.999, 0.9999};
    qsort(v, n, sizeof(*v), cmp_u64);
    for (size_t i = 0; i < sizeof(qs) / sizeof(qs[0]); i++) {
        uint64_t exact = exact_quantile(v, n, qs[i]);
        CHECK_NEAR_REL(hist_quantile_ns(h, qs[i]), exact, 0.01);
        /* The stated bound is tighter: half a bucket, 1/128. */
        CHECK_NEAR_REL(hist_quantile_ns(h, qs[i]), exact, 1.0 / 128 + 1e-9);
    }
    CHECK_U64_EQ(hist_quantile_ns(h, 0.0), v[0]);
    CHECK_U64_EQ(hist_quantile_ns(h, 1.0), v[n - 1]);
}

static void empty_histogram_should_report_zeros(void)
{
    hist_init(&ha);
    CHECK_U64_EQ(ha.count, 0);
    CHECK_U64_EQ(ha.min_ns, UINT64_MAX);
    CHECK_U64_EQ(ha.max_ns, 0);
    CHECK(hist_mean_ns(&ha) == 0.0);
    CHECK(hist_stddev_ns(&ha) == 0.0);
    CHECK_U64_EQ(hist_quantile_ns(&ha, 0.0), 0);
    CHECK_U64_EQ(hist_quantile_ns(&ha, 0.5), 0);
    CHECK_U64_EQ(hist_quantile_ns(&ha, 1.0), 0);
    uint64_t bins[HIST_POW2_BINS];
    memset(bins, 0xff, sizeof(bins));
    hist_pow2_us(&ha, bins);
    for (int i = 0; i < HIST_POW2_BINS; i++)
        CHECK_U64_EQ(bins[i], 0);

    /* Merging an empty histogram changes nothing, not even min. */
    hist_init(&hb);
    hist_add(&hb, 500);
    hist_merge(&hb, &ha);
    CHECK_U64_EQ(hb.count, 1);
    CHECK_U64_EQ(hb.min_ns, 500);
    CHECK_U64_EQ(hb.max_ns, 500);
}

static void small_values_should_be_stored_exactly(void)
{
    /* Every value below 128 ns has a bucket of its own. */
    for (uint64_t v = 0; v < 128; v++) {
        hist_init(&ha);
        hist_add(&ha, v);
        hist_add(&ha, v);
        CHECK_U64_EQ(hist_quantile_ns(&ha, 0.5), v);
    }
    /* Many distinct small values: every quantile exact. */
    hist_init(&ha);
    for (uint64_t v = 1; v <= 100; v++)
        hist_add(&ha, v);
    CHECK_U64_EQ(hist_quantile_ns(&ha, 0.5), 50);
    CHECK_U64_EQ(hist_quantile_ns(&ha, 0.9), 90);
    CHECK_U64_EQ(hist_quantile_ns(&ha, 0.99), 99);
    CHECK_U64_EQ(hist_quantile_ns(&ha, 0.011), 2);
}

static void every_value_should_read_back_within_half_a_bucket(void)
{
    /* Read v back as the median of {0, v, v, 2^43}: min and max lie far
       outside v's bucket, so the clamp does not help and what comes back
       is the bare bucket midpoint. */
    struct rng r;
    rng_seed(&r, 7);
    double worst = 0;
    for (int k = 0; k < 20000; k++) {
        uint64_t v = 128 + rng_below(&r, (uint64_t)1 << (7 + k % 36));
        hist_init(&ha);
        hist_add(&ha, 0);
        hist_add(&ha, v);
        hist_add(&ha, v);
        hist_add(&ha, UINT64_C(1) << 43);
        uint64_t got = hist_quantile_ns(&ha, 0.5);
        double err = fabs((double)got - (double)v) / (double)v;
        if (err > worst)
            worst = err;
    }
    CHECK_LE(worst, 1.0 / 128);
    CHECK_GT(worst, 1.0 / 1024);    /* the test does exercise wide buckets */
}

static void quantiles_of_uniform_sample_should_be_within_one_percent(void)
{
    struct rng r;
    rng_seed(&r, 42);
    hist_init(&ha);
    for (size_t i = 0; i < NSAMPLES; i++) {
        sample[i] = 100000 + rng_below(&r, 9900000);   /* 0.1 .. 10 ms */
        hist_add(&ha, sample[i]);
    }
    check_quantiles_against_sorted(&ha, sample, NSAMPLES);
}

static void quantiles_of_exponential_sample_should_be_within_one_percent(void)
{
    struct rng r;
    rng_seed(&r, 4242);
    hist_init(&ha);
    for (size_t i = 0; i < NSAMPLES; i++) {
        double u = rng_unit(&r);
        sample[i] = 50000 + (uint64_t)(-log(1.0 - u) * 600000.0);
        hist_add(&ha, sample[i]);
    }
    check_quantiles_against_sorted(&ha, sample, NSAMPLES);
}

static void merge_should_equal_adding_everything_to_one(void)
{
    struct rng r;
    rng_seed(&r, 99);
    hist_init(&ha);
    hist_init(&hb);
    hist_init(&hc);
    for (int i = 0; i < 50000; i++) {
        uint64_t v = 1000 + rng_below(&r, 5000000);
        hist_add(i % 3 ? &ha : &hb, v);
        hist_add(&hc, v);
    }
    hist_add(&hb, 3);               /* min lives only in b */
    hist_add(&hc, 3);
    hist_merge(&ha, &hb);
    CHECK_U64_EQ(ha.count, hc.count);
    CHECK_U64_EQ(ha.min_ns, hc.min_ns);
    CHECK_U64_EQ(ha.max_ns, hc.max_ns);
    CHECK_NEAR_REL(ha.sum_ns, hc.sum_ns, 1e-12);
    CHECK_NEAR_REL(ha.sumsq_ns2, hc.sumsq_ns2, 1e-12);
    CHECK(memcmp(ha.bucket, hc.bucket, sizeof(ha.bucket)) == 0);
    CHECK_U64_EQ(hist_quantile_ns(&ha, 0.99), hist_quantile_ns(&hc, 0.99));
}

static void summary_figures_should_be_exact(void)
{
    hist_init(&ha);
    /* 1, 2, ..., 1000 us: mean 500.5 us, population stddev
       sqrt((n^2 - 1) / 12) us. */
    for (uint64_t k = 1; k <= 1000; k++)
        hist_add(&ha, k * 1000);
    CHECK_U64_EQ(ha.count, 1000);
    CHECK_U64_EQ(ha.min_ns, 1000);
    CHECK_U64_EQ(ha.max_ns, 1000000);
    CHECK_NEAR_REL(hist_mean_ns(&ha), 500500.0, 1e-12);
    CHECK_NEAR_REL(hist_stddev_ns(&ha), 1000.0 * sqrt((1e6 - 1) / 12.0), 1e-9);

    /* A constant sample: stddev 0, not a rounding-negative NaN. */
    hist_init(&ha);
    for (int i = 0; i < 1000; i++)
        hist_add(&ha, 123456789);
    CHECK(hist_stddev_ns(&ha) == 0.0 || hist_stddev_ns(&ha) < 1e-3);
    CHECK(!isnan(hist_stddev_ns(&ha)));
    CHECK_U64_EQ(hist_quantile_ns(&ha, 0.5), 123456789);   /* clamped */
}

static void pow2_bins_should_follow_orion_edges_exactly(void)
{
    uint64_t bins[HIST_POW2_BINS];
    hist_init(&ha);
    hist_add(&ha, 0);               /* bin 0: below 2 us */
    hist_add(&ha, 1999);            /* bin 0 */
    hist_add(&ha, 2000);            /* bin 1: [2, 4) us */
    hist_add(&ha, 3999);            /* bin 1 */
    hist_add(&ha, 4000);            /* bin 2 */
    hist_add(&ha, 1023999);         /* just below 1024 us: bin 9 */
    hist_add(&ha, 1024000);         /* 1024 us: bin 10 */
    hist_pow2_us(&ha, bins);
    CHECK_U64_EQ(bins[0], 2);
    CHECK_U64_EQ(bins[1], 2);
    CHECK_U64_EQ(bins[2], 1);
    CHECK_U64_EQ(bins[9], 1);
    CHECK_U64_EQ(bins[10], 1);

    /* Every edge 2^k us, and one ns either side, for all representable k. */
    for (int k = 1; k <= 33; k++) {
        uint64_t edge = ((uint64_t)1000) << k;
        hist_init(&ha);
        hist_add(&ha, edge - 1);
        hist_add(&ha, edge);
        hist_add(&ha, edge + 1);
        hist_pow2_us(&ha, bins);
        CHECK_U64_EQ(bins[k - 1], 1);
        CHECK_U64_EQ(bins[k], 2);
    }

    /* Totals are preserved. */
    struct rng r;
    rng_seed(&r, 5);
    hist_init(&ha);
    for (int i = 0; i < 10000; i++)
        hist_add(&ha, rng_below(&r, UINT64_C(1) << 40));
    hist_pow2_us(&ha, bins);
    uint64_t total = 0;
    for (int i = 0; i < HIST_POW2_BINS; i++)
        total += bins[i];
    CHECK_U64_EQ(total, ha.count);
}

static void huge_values_should_clamp_into_the_last_bucket(void)
{
    hist_init(&ha);
    hist_add(&ha, UINT64_MAX);
    hist_add(&ha, UINT64_C(1) << 50);
    CHECK_U64_EQ(ha.bucket[HIST_BUCKETS - 1], 2);
    CHECK_U64_EQ(ha.max_ns, UINT64_MAX);            /* max stays exact */
    CHECK_U64_EQ(ha.min_ns, UINT64_C(1) << 50);
    CHECK_U64_EQ(hist_quantile_ns(&ha, 1.0), UINT64_MAX);
    /* The median is clamped into [min, max]. */
    uint64_t med = hist_quantile_ns(&ha, 0.5);
    CHECK(med >= ha.min_ns && med <= ha.max_ns);
    uint64_t bins[HIST_POW2_BINS];
    hist_pow2_us(&ha, bins);
    CHECK_U64_EQ(bins[34], 2);

    /* The largest in-range value has the last bucket too, one below it
       does not land beyond it. */
    hist_init(&hb);
    hist_add(&hb, (UINT64_C(1) << 44) - 1);
    CHECK_U64_EQ(hb.bucket[HIST_BUCKETS - 1], 1);
    hist_init(&hb);
    hist_add(&hb, UINT64_C(1) << 43);
    CHECK_U64_EQ(hb.bucket[HIST_BUCKETS - HIST_SUB], 1);
}

int main(void)
{
    RUN(empty_histogram_should_report_zeros);
    RUN(small_values_should_be_stored_exactly);
    RUN(every_value_should_read_back_within_half_a_bucket);
    RUN(quantiles_of_uniform_sample_should_be_within_one_percent);
    RUN(quantiles_of_exponential_sample_should_be_within_one_percent);
    RUN(merge_should_equal_adding_everything_to_one);
    RUN(summary_figures_should_be_exact);
    RUN(pow2_bins_should_follow_orion_edges_exactly);
    RUN(huge_values_should_clamp_into_the_last_bucket);
    return check_done();
}
