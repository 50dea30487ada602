/*
 * test_workload.c - the logical I/O generators: offsets, sizes, the write
 * mix, determinism, sequential streams, and the configuration checks.
 */
#include <errno.h>
#include <stdlib.h>

#include "tests/check.h"
#include "workloads/rng.h"
#include "workloads/workload.h"

#define KIB 1024ull
#define MIB (1024ull * KIB)
#define GIB (1024ull * MIB)

static wl *make(const struct wl_cfg *cfg)
{
    wl *w = NULL;
    char why[160] = "";
    int rc = wl_create(cfg, &w, why, sizeof(why));
    if (rc != 0)
        CHECK_FAIL_AT("wl_create: %d %s", rc, why);
    return w;
}

static void defaults_should_match_the_contract(void)
{
    struct wl_cfg cfg;
    wl_cfg_defaults(&cfg, 10 * GIB);
    CHECK_U64_EQ(cfg.capacity_bytes, 10 * GIB);
    CHECK_INT_EQ(cfg.small_bytes, 8 * KIB);
    CHECK_INT_EQ(cfg.large_bytes, 128 * KIB);
    CHECK_INT_EQ(cfg.large_type, WL_LARGE_RAND);
    CHECK_INT_EQ(cfg.write_pct, 0);
    CHECK_INT_EQ(cfg.align_bytes, 512);
    CHECK_U64_EQ(cfg.seed, 1);
    CHECK_INT_EQ(wl_cfg_check(&cfg, NULL, 0), 0);
}

/* Capacity deliberately not a multiple of anything. */
static void offsets_should_be_aligned_and_inside_the_space_over_1e6_draws(void)
{
    struct wl_cfg cfg;
    wl_cfg_defaults(&cfg, 3 * GIB + 12345);
    wl *w = make(&cfg);
    if (!w)
        return;
    const uint32_t size[2] = {8 * KIB, 128 * KIB};
    for (int c = 0; c < WL_CLASSES; c++) {
        int bad_align = 0, bad_range = 0, bad_size = 0;
        for (int i = 0; i < 1000000; i++) {
            struct wl_io io;
            wl_next(w, (enum wl_class)c, 0, &io);
            bad_align += io.offset_bytes % 4096 != 0;
            bad_range += io.offset_bytes >= cfg.capacity_bytes - size[c];
            bad_size += io.size_bytes != size[c];
        }
        CHECK_INT_EQ(bad_align, 0);
        CHECK_INT_EQ(bad_range, 0);
        CHECK_INT_EQ(bad_size, 0);
    }
    wl_destroy(w);
}

/* A tiny space: every aligned start below capacity - size must be reached,
   the lowest and the highest.  Small I/O is 8 KiB, so starts are multiples
   of 8 KiB: capacity - small = 57444 -> starts 0, 8192, ..., 57344. */
static void random_offsets_should_reach_both_ends_of_the_range(void)
{
    struct wl_cfg cfg;
    wl_cfg_defaults(&cfg, 64 * KIB + 100);
    cfg.large_bytes = 16 * KIB;
    wl *w = make(&cfg);
    if (!w)
        return;
    uint64_t lo = UINT64_MAX, hi = 0;
    int seen[16] = {0};
    for (int i = 0; i < 100000; i++) {
        struct wl_io io;
        wl_next(w, WL_SMALL, 0, &io);
        lo = io.offset_bytes < lo ? io.offset_bytes : lo;
        hi = io.offset_bytes > hi ? io.offset_bytes : hi;
        CHECK_U64_EQ(io.offset_bytes % 8192, 0);
        if (io.offset_bytes / 8192 < 16)
            seen[io.offset_bytes / 8192] = 1;
    }
    CHECK_U64_EQ(lo, 0);
    CHECK_U64_EQ(hi, 7 * 8192);
    int distinct = 0;
    for (int i = 0; i < 16; i++)
        distinct += seen[i];
    CHECK_INT_EQ(distinct, 8);
    wl_destroy(w);
}

/* 0 is the default, 512 B: a 512 B I/O (a redo write) sits at any
   multiple of 512, every size of 4 KiB or more where it sat with the
   4 KiB default that came before (its own power of two is larger). */
static void align_zero_should_mean_512_bytes(void)
{
    struct wl_cfg cfg;
    wl_cfg_defaults(&cfg, 1 * GIB);
    cfg.align_bytes = 0;
    cfg.small_bytes = 512;
    wl *w = make(&cfg);
    if (!w)
        return;
    CHECK_INT_EQ(wl_config(w)->align_bytes, 512);
    int bad = 0, odd_4k = 0;
    for (int i = 0; i < 100000; i++) {
        struct wl_io io;
        wl_next(w, WL_SMALL, 0, &io);
        bad += io.offset_bytes % 512 != 0 || io.size_bytes != 512;
        odd_4k += io.offset_bytes % 4096 != 0;
    }
    CHECK_INT_EQ(bad, 0);
    CHECK_NEAR_REL(odd_4k, 87500, 0.02);
    wl_destroy(w);
}

static void default_align_should_keep_4k_sizes_offsets(void)
{
    static const uint32_t sizes[] = { 4 * KIB, 8 * KIB, 12 * KIB, 24 * KIB };
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        struct wl_cfg a, b;
        wl_cfg_defaults(&a, 1 * GIB + 12345);
        a.small_bytes = sizes[k];
        b = a;
        b.align_bytes = 4096;
        wl *wa = make(&a), *wb = make(&b);
        int differ = 0;
        for (int i = 0; wa && wb && i < 10000; i++) {
            struct wl_io x, y;
            wl_next(wa, (enum wl_class)(i & 1), 0, &x);
            wl_next(wb, (enum wl_class)(i & 1), 0, &y);
            differ += x.offset_bytes != y.offset_bytes;
        }
        CHECK_INT_EQ(differ, 0);
        wl_destroy(wa);
        wl_destroy(wb);
    }
}

static void align_512_should_use_512_byte_offsets(void)
{
    struct wl_cfg cfg;
    wl_cfg_defaults(&cfg, 1 * GIB);
    cfg.align_bytes = 512;
    cfg.small_bytes = 512;
    wl *w = make(&cfg);
    if (!w)
        return;
    int bad = 0, odd_4k = 0;
    for (int i = 0; i < 100000; i++) {
        struct wl_io io;
        wl_next(w, WL_SMALL, 0, &io);
        bad += io.offset_bytes % 512 != 0;
        odd_4k += io.offset_bytes % 4096 != 0;
    }
    CHECK_INT_EQ(bad, 0);
    /* 7 of 8 offsets are not 4 KiB aligned: about 87500 */
    CHECK_NEAR_REL(odd_4k, 87500, 0.02);
    wl_destroy(w);
}

/* Offsets sit at multiples of the largest power of two dividing the size:
   128 KiB large I/O at 128 KiB boundaries, 24 KiB small I/O at 8 KiB. */
static void offsets_should_follow_the_io_size_natural_alignment(void)
{
    struct wl_cfg cfg;
    wl_cfg_defaults(&cfg, 1 * GIB);
    cfg.small_bytes = 24 * KIB;
    wl *w = make(&cfg);
    if (!w)
        return;
    int bad_large = 0, bad_small = 0, small_off_16k = 0;
    for (int i = 0; i < 100000; i++) {
        struct wl_io io;
        wl_next(w, WL_LARGE, 0, &io);
        bad_large += io.offset_bytes % (128 * KIB) != 0;
        wl_next(w, WL_SMALL, 0, &io);
        bad_small += io.offset_bytes % (8 * KIB) != 0;
        small_off_16k += io.offset_bytes % (16 * KIB) != 0;
    }
    CHECK_INT_EQ(bad_large, 0);
    CHECK_INT_EQ(bad_small, 0);
    CHECK_NEAR_REL(small_off_16k, 50000, 0.03);
    wl_destroy(w);
}

/* Chi-square over 16 equal bins of [0, capacity - small): 15 degrees of
   freedom, mean 15, sd 5.5; 50 is beyond the 99.999th percentile. */
static void small_offsets_should_be_uniform_over_16_bins(void)
{
    struct wl_cfg cfg;
    wl_cfg_defaults(&cfg, 16 * GIB + 8 * KIB);
    wl *w = make(&cfg);
    if (!w)
        return;
    const int n = 1600000;
    uint64_t bin_bytes = (cfg.capacity_bytes - cfg.small_bytes) / 16;
    long counts[16] = {0};
    for (int i = 0; i < n; i++) {
        struct wl_io io;
        wl_next(w, WL_SMALL, 0, &io);
        counts[io.offset_bytes / bin_bytes]++;
    }
    double expect = n / 16.0, chi2 = 0;
    for (int b = 0; b < 16; b++)
        chi2 += ((double)counts[b] - expect) * ((double)counts[b] - expect) /
                expect;
    if (!(chi2 < 50.0))
        CHECK_FAIL_AT("chi-square %.2f over 16 bins, want < 50", chi2);
    wl_destroy(w);
}

/* Binomial: n = 1e6, p = 0.3 -> sd = sqrt(n p (1 - p)) = 458; allow 4 sd. */
static void write_fraction_should_be_30_percent_within_4_sigma(void)
{
    struct wl_cfg cfg;
    wl_cfg_defaults(&cfg, 1 * GIB);
    cfg.write_pct = 30;
    wl *w = make(&cfg);
    if (!w)
        return;
    const int n = 1000000;
    long writes = 0;
    for (int i = 0; i < n; i++) {
        struct wl_io io;
        wl_next(w, (enum wl_class)(i & 1), 0, &io);
        writes += io.is_write;
    }
    double sd = sqrt(n * 0.3 * 0.7);
    double dev = fabs((double)writes - n * 0.3);
    if (!(dev <= 4 * sd))
        CHECK_FAIL_AT("writes %ld of %d: %.1f from 300000, 4 sd = %.1f",
                      writes, n, dev, 4 * sd);
    wl_destroy(w);
}

static void write_pct_0_and_100_should_be_exact(void)
{
    struct wl_cfg cfg;
    wl_cfg_defaults(&cfg, 1 * GIB);
    wl *w = make(&cfg);
    if (!w)
        return;
    long writes = 0;
    for (int i = 0; i < 200000; i++) {
        struct wl_io io;
        wl_next(w, WL_SMALL, 0, &io);
        writes += io.is_write;
    }
    CHECK_INT_EQ(writes, 0);
    wl_set_write_pct(w, 100);
    CHECK_INT_EQ(wl_config(w)->write_pct, 100);
    long reads = 0;
    for (int i = 0; i < 200000; i++) {
        struct wl_io io;
        wl_next(w, WL_LARGE, 0, &io);
        reads += !io.is_write;
    }
    CHECK_INT_EQ(reads, 0);
    wl_destroy(w);
}

/* 0 % and 100 % draw no number: the offsets are exactly the seeded rng's
   draws over the 131071 8-KiB-aligned starts of 1 GiB - 8 KiB, one per I/O. */
static void write_pct_0_and_100_should_draw_no_number(void)
{
    for (int pct = 0; pct <= 100; pct += 100) {
        struct wl_cfg cfg;
        wl_cfg_defaults(&cfg, 1 * GIB);
        cfg.write_pct = pct;
        cfg.seed = 77;
        wl *w = make(&cfg);
        if (!w)
            return;
        struct rng ref;
        rng_seed(&ref, 77);
        int differ = 0;
        for (int i = 0; i < 10000; i++) {
            struct wl_io io;
            wl_next(w, WL_SMALL, 0, &io);
            differ += io.offset_bytes != rng_below(&ref, 131071) * 8192;
        }
        CHECK_INT_EQ(differ, 0);
        wl_destroy(w);
    }
}

static void set_write_pct_should_change_the_mix_from_the_next_io(void)
{
    struct wl_cfg cfg;
    wl_cfg_defaults(&cfg, 1 * GIB);
    wl *w = make(&cfg);
    if (!w)
        return;
    wl_set_write_pct(w, 50);
    long writes = 0;
    for (int i = 0; i < 100000; i++) {
        struct wl_io io;
        wl_next(w, WL_SMALL, 0, &io);
        writes += io.is_write;
    }
    /* sd = sqrt(1e5 * 0.25) = 158; 4 sd = 632 -> 0.0127 relative */
    CHECK_NEAR_REL(writes, 50000, 0.0127);
    wl_destroy(w);
}

static void same_seed_should_give_the_same_sequence(void)
{
    struct wl_cfg cfg;
    wl_cfg_defaults(&cfg, 100 * GIB);
    cfg.write_pct = 40;
    cfg.seed = 12345;
    wl *a = make(&cfg);
    wl *b = make(&cfg);
    cfg.seed = 12346;
    wl *c = make(&cfg);
    if (!a || !b || !c)
        goto out;
    int same_ab = 0, same_ac = 0;
    const int n = 10000;
    for (int i = 0; i < n; i++) {
        enum wl_class cls = (enum wl_class)(i % 3 == 0);
        struct wl_io x, y, z;
        wl_next(a, cls, 0, &x);
        wl_next(b, cls, 0, &y);
        wl_next(c, cls, 0, &z);
        same_ab += x.offset_bytes == y.offset_bytes &&
                   x.is_write == y.is_write && x.size_bytes == y.size_bytes;
        same_ac += x.offset_bytes == z.offset_bytes;
    }
    CHECK_INT_EQ(same_ab, n);
    /* 25 M slots: two independent streams practically never coincide */
    CHECK_LT(same_ac, 5);
out:
    wl_destroy(a);
    wl_destroy(b);
    wl_destroy(c);
}

static struct wl_cfg seq_cfg(uint64_t capacity)
{
    struct wl_cfg cfg;
    wl_cfg_defaults(&cfg, capacity);
    cfg.large_type = WL_LARGE_SEQ;
    return cfg;
}

static void streams_should_start_evenly_spaced(void)
{
    struct wl_cfg cfg = seq_cfg(1 * GIB);
    wl *w = make(&cfg);
    if (!w)
        return;
    CHECK_INT_EQ(wl_start_streams(w, WL_LARGE, 4), 0);
    for (int s = 0; s < 4; s++) {
        struct wl_io io;
        wl_next(w, WL_LARGE, s, &io);
        CHECK_U64_EQ(io.offset_bytes, (uint64_t)s * 256 * MIB);
        CHECK_INT_EQ(io.size_bytes, 128 * KIB);
    }
    /* 3 streams: 1 GiB / 3 = 357913941.3 -> 2730 large I/Os = 357826560 */
    CHECK_INT_EQ(wl_start_streams(w, WL_LARGE, 3), 0);
    const uint64_t want[3] = {0, 357826560ull, 715784192ull};
    for (int s = 0; s < 3; s++) {
        struct wl_io io;
        wl_next(w, WL_LARGE, s, &io);
        CHECK_U64_EQ(io.offset_bytes, want[s]);
        CHECK_U64_EQ(io.offset_bytes % (128 * KIB), 0);
    }
    wl_destroy(w);
}

static void streams_should_walk_forward_one_large_io_at_a_time(void)
{
    struct wl_cfg cfg = seq_cfg(1 * GIB);
    wl *w = make(&cfg);
    if (!w)
        return;
    CHECK_INT_EQ(wl_start_streams(w, WL_LARGE, 2), 0);
    int bad0 = 0, bad1 = 0;
    for (uint64_t i = 0; i < 1000; i++) {
        struct wl_io a, b;
        wl_next(w, WL_LARGE, 0, &a);   /* interleaved: cursors independent */
        wl_next(w, WL_LARGE, 1, &b);
        bad0 += a.offset_bytes != i * 128 * KIB;
        bad1 += b.offset_bytes != 512 * MIB + i * 128 * KIB;
    }
    CHECK_INT_EQ(bad0, 0);
    CHECK_INT_EQ(bad1, 0);
    /* small I/O stays random and does not disturb the streams */
    struct wl_io s, a;
    wl_next(w, WL_SMALL, 0, &s);
    wl_next(w, WL_LARGE, 0, &a);
    CHECK_U64_EQ(a.offset_bytes, 1000 * 128 * KIB);
    wl_destroy(w);
}

/* Capacity 10.5 large I/Os: 0, 1L, ..., 9L, then 10L would end at 11L >
   10.5L, so the stream wraps to 0. */
static void stream_should_wrap_to_0_before_passing_capacity(void)
{
    const uint64_t L = 128 * KIB;
    struct wl_cfg cfg = seq_cfg(10 * L + L / 2);
    wl *w = make(&cfg);
    if (!w)
        return;
    CHECK_INT_EQ(wl_start_streams(w, WL_LARGE, 1), 0);
    for (int lap = 0; lap < 3; lap++)
        for (uint64_t i = 0; i < 10; i++) {
            struct wl_io io;
            wl_next(w, WL_LARGE, 0, &io);
            CHECK_U64_EQ(io.offset_bytes, i * L);
        }
    /* exact multiple: capacity 4L -> 0, 1L, 2L, 3L, 0 */
    wl_destroy(w);
    cfg = seq_cfg(4 * L);
    w = make(&cfg);
    if (!w)
        return;
    const uint64_t want[6] = {0, L, 2 * L, 3 * L, 0, L};
    for (int i = 0; i < 6; i++) {
        struct wl_io io;
        wl_next(w, WL_LARGE, 0, &io);
        CHECK_U64_EQ(io.offset_bytes, want[i]);
    }
    wl_destroy(w);
}

/* More streams than large I/Os fit: every start must still leave room for
   its first I/O. */
static void every_stream_start_should_fit_inside_the_space(void)
{
    const uint64_t L = 128 * KIB;
    struct wl_cfg cfg = seq_cfg(4 * L + L / 2);
    wl *w = make(&cfg);
    if (!w)
        return;
    CHECK_INT_EQ(wl_start_streams(w, WL_LARGE, WL_MAX_STREAMS), 0);
    int outside = 0;
    for (int s = 0; s < WL_MAX_STREAMS; s++)
        for (int i = 0; i < 8; i++) {
            struct wl_io io;
            wl_next(w, WL_LARGE, s, &io);
            outside += io.offset_bytes + io.size_bytes > cfg.capacity_bytes;
        }
    CHECK_INT_EQ(outside, 0);
    struct wl_io last;
    CHECK_INT_EQ(wl_start_streams(w, WL_LARGE, WL_MAX_STREAMS), 0);
    wl_next(w, WL_LARGE, WL_MAX_STREAMS - 1, &last);
    CHECK_U64_EQ(last.offset_bytes, 3 * L);
    wl_destroy(w);
}

static void start_streams_should_reject_counts_outside_1_to_max(void)
{
    struct wl_cfg cfg = seq_cfg(1 * GIB);
    wl *w = make(&cfg);
    if (!w)
        return;
    CHECK_INT_EQ(wl_start_streams(w, WL_LARGE, 0), -EINVAL);
    CHECK_INT_EQ(wl_start_streams(w, WL_LARGE, -1), -EINVAL);
    CHECK_INT_EQ(wl_start_streams(w, WL_LARGE, WL_MAX_STREAMS + 1), -EINVAL);
    CHECK_INT_EQ(wl_start_streams(w, WL_LARGE, WL_MAX_STREAMS), 0);
    wl_destroy(w);
}

static void expect_reject(const struct wl_cfg *cfg, const char *want_why)
{
    char why[160] = "";
    wl *w = (wl *)1;
    CHECK_INT_EQ(wl_cfg_check(cfg, why, sizeof(why)), -EINVAL);
    CHECK_STR_EQ(why, want_why);
    CHECK_INT_EQ(wl_create(cfg, &w, NULL, 0), -EINVAL);
    CHECK(w == NULL);
}

static void cfg_check_should_name_each_bad_setting(void)
{
    struct wl_cfg base, c;
    wl_cfg_defaults(&base, 1 * GIB);

    c = base; c.align_bytes = 512; c.small_bytes = 5000;
    expect_reject(&c, "{size_small} 5000: must be a multiple of 512 bytes");
    c = base; c.small_bytes = 0;
    expect_reject(&c, "{size_small} 0: must be more than 0 bytes");
    c = base; c.large_bytes = 0;
    expect_reject(&c, "{size_large} 0: must be more than 0 bytes");
    c = base; c.large_bytes = 130000;
    expect_reject(&c, "{size_large} 130000: must be a multiple of 512 bytes");
    c = base; c.align_bytes = 256;
    expect_reject(&c, "{align} 256: must be a power of two of at least 512 bytes");
    c = base; c.align_bytes = 3072;
    expect_reject(&c, "{align} 3072: must be a power of two of at least 512 bytes");
    c = base; c.capacity_bytes = 128 * KIB;
    expect_reject(&c, "capacity 131072 bytes: must be larger than the largest "
                      "I/O (131072 bytes)");
    c = base; c.capacity_bytes = 0;
    expect_reject(&c, "capacity 0 bytes: must be larger than the largest "
                      "I/O (131072 bytes)");
    c = base; c.write_pct = 101;
    expect_reject(&c, "{write} 101: must be a percentage, 0..100");
    c = base; c.write_pct = -1;
    expect_reject(&c, "{write} -1: must be a percentage, 0..100");
    c = base; c.large_type = (enum wl_large_type)7;
    expect_reject(&c, "{type} 7: must be rand or seq");

    /* the edges that are valid */
    c = base; c.capacity_bytes = 128 * KIB + 1; c.write_pct = 100;
    c.align_bytes = 512;
    CHECK_INT_EQ(wl_cfg_check(&c, NULL, 0), 0);
}

int main(void)
{
    RUN(defaults_should_match_the_contract);
    RUN(offsets_should_be_aligned_and_inside_the_space_over_1e6_draws);
    RUN(offsets_should_follow_the_io_size_natural_alignment);
    RUN(random_offsets_should_reach_both_ends_of_the_range);
    RUN(align_zero_should_mean_512_bytes);
    RUN(default_align_should_keep_4k_sizes_offsets);
    RUN(align_512_should_use_512_byte_offsets);
    RUN(small_offsets_should_be_uniform_over_16_bins);
    RUN(write_fraction_should_be_30_percent_within_4_sigma);
    RUN(write_pct_0_and_100_should_be_exact);
    RUN(write_pct_0_and_100_should_draw_no_number);
    RUN(set_write_pct_should_change_the_mix_from_the_next_io);
    RUN(same_seed_should_give_the_same_sequence);
    RUN(streams_should_start_evenly_spaced);
    RUN(streams_should_walk_forward_one_large_io_at_a_time);
    RUN(stream_should_wrap_to_0_before_passing_capacity);
    RUN(every_stream_start_should_fit_inside_the_space);
    RUN(start_streams_should_reject_counts_outside_1_to_max);
    RUN(cfg_check_should_name_each_bad_setting);
    return check_done();
}
