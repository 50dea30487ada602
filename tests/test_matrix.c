/*
 * test_matrix.c - ORION run types and matrix kinds: the published totals,
 * the level lists, the visiting order, and every rejected combination.
 */
#include <errno.h>
#include <stdlib.h>

#include "tests/check.h"
#include "workloads/matrix.h"

static struct wl_matrix *build_cfg(const struct wl_matrix_cfg *cfg)
{
    struct wl_matrix *m = NULL;
    char why[160] = "";
    int rc = wl_matrix_build(cfg, &m, why, sizeof(why));
    if (rc != 0)
        CHECK_FAIL_AT("wl_matrix_build: %d %s", rc, why);
    return m;
}

static struct wl_matrix *build(enum wl_run run, enum wl_matrix_kind kind,
                               int disks, int num_small, int num_large)
{
    struct wl_matrix_cfg cfg;
    wl_matrix_cfg_defaults(&cfg, disks);
    cfg.run = run;
    cfg.matrix = kind;
    cfg.num_small = num_small;
    cfg.num_large = num_large;
    return build_cfg(&cfg);
}

static struct wl_matrix *simple(int disks)
{
    return build(WL_RUN_SIMPLE, WL_MATRIX_BASIC, disks, -1, -1);
}

/* Compare a level list with the expected one, printing both on mismatch. */
#define CHECK_LEVELS(n, lv, ...)                                            \
    do {                                                                    \
        const int want_[] = {__VA_ARGS__};                                  \
        int nwant_ = (int)(sizeof(want_) / sizeof(want_[0]));               \
        CHECK_INT_EQ(n, nwant_);                                            \
        for (int i_ = 0; i_ < nwant_ && i_ < (n); i_++)                     \
            if ((lv)[i_] != want_[i_])                                      \
                CHECK_FAIL_AT("%s[%d]: %d != %d", #lv, i_, (lv)[i_],        \
                              want_[i_]);                                   \
    } while (0)

/* Compare the points with an expected list of {small, large} pairs. */
#define CHECK_POINTS(m, ...)                                                \
    do {                                                                    \
        const struct wl_point want_[] = {__VA_ARGS__};                      \
        int nwant_ = (int)(sizeof(want_) / sizeof(want_[0]));               \
        CHECK_INT_EQ((m)->n_points, nwant_);                                \
        for (int i_ = 0; i_ < nwant_ && i_ < (m)->n_points; i_++)           \
            if ((m)->points[i_].small != want_[i_].small ||                 \
                (m)->points[i_].large != want_[i_].large)                   \
                CHECK_FAIL_AT("point %d: (%d,%d) != (%d,%d)", i_,           \
                              (m)->points[i_].small, (m)->points[i_].large, \
                              want_[i_].small, want_[i_].large);            \
    } while (0)

#define P(s, l) {.small = (s), .large = (l)}

static void defaults_should_be_simple_basic_with_no_loads_given(void)
{
    struct wl_matrix_cfg cfg;
    wl_matrix_cfg_defaults(&cfg, 6);
    CHECK_INT_EQ(cfg.run, WL_RUN_SIMPLE);
    CHECK_INT_EQ(cfg.matrix, WL_MATRIX_BASIC);
    CHECK_INT_EQ(cfg.num_disks, 6);
    CHECK_INT_EQ(cfg.num_small, -1);
    CHECK_INT_EQ(cfg.num_large, -1);
}

static void simple_should_print_orion_published_totals_8_29_38(void)
{
    const int disks[3] = {1, 4, 8}, total[3] = {8, 29, 38};
    for (int i = 0; i < 3; i++) {
        struct wl_matrix *m = simple(disks[i]);
        if (!m)
            continue;
        CHECK_INT_EQ(m->orion_total_points, total[i]);
        CHECK_INT_EQ(m->n_points, total[i] - 1);
        wl_matrix_free(m);
    }
}

static void simple_levels_for_1_disk_should_be_small_0_to_5_large_0_to_2(void)
{
    struct wl_matrix *m = simple(1);
    if (!m)
        return;
    CHECK_LEVELS(m->n_small_levels, m->small_levels, 0, 1, 2, 3, 4, 5);
    CHECK_LEVELS(m->n_large_levels, m->large_levels, 0, 1, 2);
    wl_matrix_free(m);
}

static void simple_levels_for_4_disks_should_be_all_of_1_to_20_and_1_to_8(void)
{
    struct wl_matrix *m = simple(4);
    if (!m)
        return;
    CHECK_LEVELS(m->n_small_levels, m->small_levels, 0, 1, 2, 3, 4, 5, 6, 7,
                 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20);
    CHECK_LEVELS(m->n_large_levels, m->large_levels, 0, 1, 2, 3, 4, 5, 6, 7,
                 8);
    wl_matrix_free(m);
}

static void simple_levels_for_8_disks_should_step_small_by_2_up_to_40(void)
{
    struct wl_matrix *m = simple(8);
    if (!m)
        return;
    CHECK_LEVELS(m->n_small_levels, m->small_levels, 0, 1, 2, 4, 6, 8, 10, 12,
                 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40);
    CHECK_LEVELS(m->n_large_levels, m->large_levels, 0, 1, 2, 3, 4, 5, 6, 7,
                 8, 9, 10, 11, 12, 13, 14, 15, 16);
    wl_matrix_free(m);
}

static void simple_levels_for_16_disks_should_step_small_by_4_up_to_80(void)
{
    struct wl_matrix *m = simple(16);
    if (!m)
        return;
    CHECK_LEVELS(m->n_small_levels, m->small_levels, 0, 1, 4, 8, 12, 16, 20,
                 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 68, 72, 76, 80);
    CHECK_LEVELS(m->n_large_levels, m->large_levels, 0, 1, 2, 3, 4, 5, 6, 7,
                 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
                 24, 25, 26, 27, 28, 29, 30, 31, 32);
    CHECK_INT_EQ(m->orion_total_points, 21 + 32 + 1);
    wl_matrix_free(m);
}

/* 19c on 6 LUNs (K19): Small=10 among its points and "approximately 44
   minutes", 43 one-minute points plus one: every small level 1..30. */
static void simple_levels_for_6_disks_should_be_all_of_1_to_30_as_19c_ran(void)
{
    struct wl_matrix *m = simple(6);
    if (!m)
        return;
    CHECK_INT_EQ(m->n_small_levels, 31);
    CHECK_INT_EQ(m->small_levels[10], 10);
    CHECK_INT_EQ(m->small_levels[30], 30);
    CHECK_INT_EQ(m->n_large_levels, 13);
    CHECK_INT_EQ(m->orion_total_points, 43);
    wl_matrix_free(m);
}

/* 50 / 20 floors to a step of 2; 45's steps of 2 miss 45, which is added. */
static void stepped_levels_should_floor_the_step_and_end_at_the_maximum(void)
{
    struct wl_matrix *m = build(WL_RUN_OLTP, WL_MATRIX_BASIC, 1, 45, -1);
    if (!m)
        return;
    CHECK_LEVELS(m->n_small_levels, m->small_levels, 1, 2, 4, 6, 8, 10, 12,
                 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42,
                 44, 45);
    wl_matrix_free(m);
    m = build(WL_RUN_OLTP, WL_MATRIX_BASIC, 1, 39, -1);
    if (!m)
        return;
    CHECK_INT_EQ(m->n_small_levels, 39);
    wl_matrix_free(m);
}

/* Large load steps one by one as far as the level list holds (511 levels
   plus 0); beyond that it falls back to the stepped rule. */
static void large_levels_should_be_dense_until_the_level_list_is_full(void)
{
    struct wl_matrix *m = build(WL_RUN_DSS, WL_MATRIX_BASIC, 1, -1,
                                WL_MAX_LEVELS - 1);
    if (!m)
        return;
    CHECK_INT_EQ(m->n_large_levels, WL_MAX_LEVELS - 1);
    CHECK_INT_EQ(m->large_levels[WL_MAX_LEVELS - 2], WL_MAX_LEVELS - 1);
    wl_matrix_free(m);
    m = build(WL_RUN_DSS, WL_MATRIX_BASIC, 1, -1, 1000);
    if (!m)
        return;
    CHECK_LEVELS(m->n_large_levels, m->large_levels, 1, 50, 100, 150, 200,
                 250, 300, 350, 400, 450, 500, 550, 600, 650, 700, 750, 800,
                 850, 900, 950, 1000);
    wl_matrix_free(m);
}

static void simple_should_visit_row_0_then_column_0(void)
{
    struct wl_matrix *m = simple(1);
    if (!m)
        return;
    CHECK_POINTS(m, P(1, 0), P(2, 0), P(3, 0), P(4, 0), P(5, 0), P(0, 1),
                 P(0, 2));
    wl_matrix_free(m);
}

static void normal_should_visit_every_cell_row_by_row(void)
{
    struct wl_matrix *m = build(WL_RUN_NORMAL, WL_MATRIX_BASIC, 1, -1, -1);
    if (!m)
        return;
    CHECK_POINTS(m, P(1, 0), P(2, 0), P(3, 0), P(4, 0), P(5, 0),
                 P(0, 1), P(1, 1), P(2, 1), P(3, 1), P(4, 1), P(5, 1),
                 P(0, 2), P(1, 2), P(2, 2), P(3, 2), P(4, 2), P(5, 2));
    CHECK_INT_EQ(m->orion_total_points, 18);
    wl_matrix_free(m);
    m = build(WL_RUN_NORMAL, WL_MATRIX_BASIC, 4, -1, -1);
    if (!m)
        return;
    CHECK_INT_EQ(m->n_points, 21 * 9 - 1);
    wl_matrix_free(m);
}

static void oltp_should_visit_row_0_only(void)
{
    struct wl_matrix *m = build(WL_RUN_OLTP, WL_MATRIX_BASIC, 1, -1, -1);
    if (!m)
        return;
    CHECK_POINTS(m, P(1, 0), P(2, 0), P(3, 0), P(4, 0), P(5, 0));
    CHECK_LEVELS(m->n_small_levels, m->small_levels, 1, 2, 3, 4, 5);
    CHECK_LEVELS(m->n_large_levels, m->large_levels, 0);
    wl_matrix_free(m);
}

/* ORION's own -run oltp (asmsim orion): small 1..20n, or up to
   num_small when given (>= 0). */
static struct wl_matrix *orion_oltp(int disks, int num_small)
{
    struct wl_matrix_cfg cfg;
    wl_matrix_cfg_defaults(&cfg, disks);
    cfg.run = WL_RUN_OLTP;
    cfg.oltp_small_per_disk = WL_ORION_OLTP_SMALL_PER_DISK;
    cfg.num_small = num_small;
    return build_cfg(&cfg);
}

/* B12c (12.1, one LUN): Small Columns 1, 2, ... 20, Total Data Points 21. */
static void orion_oltp_on_1_disk_should_list_small_1_to_20_as_b12c(void)
{
    struct wl_matrix *m = orion_oltp(1, -1);
    if (!m)
        return;
    CHECK_LEVELS(m->n_small_levels, m->small_levels, 1, 2, 3, 4, 5, 6, 7, 8,
                 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20);
    CHECK_LEVELS(m->n_large_levels, m->large_levels, 0);
    CHECK_INT_EQ(m->orion_total_points, 21);
    wl_matrix_free(m);
}

/* M12 (12.2, -num_disks 4): its maximum IOPS at Small=68 and minimum
   latency at Small=4, both points ORION visited; 5n stops at 20. */
static void orion_oltp_on_4_disks_should_visit_small_4_and_68_as_m12(void)
{
    struct wl_matrix *m = orion_oltp(4, -1);
    if (!m)
        return;
    CHECK_GE(wl_matrix_small_index(m, 4), 0);
    CHECK_GE(wl_matrix_small_index(m, 68), 0);
    CHECK_LEVELS(m->n_small_levels, m->small_levels, 1, 4, 8, 12, 16, 20, 24,
                 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 68, 72, 76, 80);
    wl_matrix_free(m);
}

/* 11.2.0.4 on 3 LUNs: 1, 3, ..., 60, 22 points in ORION's count (its
   "approximately 24 minutes" is one more than this gives: matrix.c). */
static void orion_oltp_on_3_disks_should_step_by_3_up_to_60(void)
{
    struct wl_matrix *m = orion_oltp(3, -1);
    if (!m)
        return;
    CHECK_INT_EQ(m->n_small_levels, 21);
    CHECK_INT_EQ(m->small_levels[1], 3);
    CHECK_INT_EQ(m->small_levels[20], 60);
    CHECK_INT_EQ(m->orion_total_points, 22);
    wl_matrix_free(m);
}

/* A matrix left at its defaults (a run extended to saturation, advise) keeps 5n, and -num_small
   still replaces ORION's maximum. */
static void oltp_should_keep_5n_unless_orion_s_rule_is_asked_for(void)
{
    struct wl_matrix *m = build(WL_RUN_OLTP, WL_MATRIX_BASIC, 4, -1, -1);
    if (m) {
        CHECK_INT_EQ(m->small_levels[m->n_small_levels - 1], 20);
        wl_matrix_free(m);
    }
    m = orion_oltp(4, 6);
    if (m) {
        CHECK_INT_EQ(m->n_small_levels, 6);
        wl_matrix_free(m);
    }
}

static void dss_should_visit_column_0_only(void)
{
    struct wl_matrix *m = build(WL_RUN_DSS, WL_MATRIX_BASIC, 2, -1, -1);
    if (!m)
        return;
    CHECK_POINTS(m, P(0, 1), P(0, 2), P(0, 3), P(0, 4));
    CHECK_LEVELS(m->n_small_levels, m->small_levels, 0);
    CHECK_LEVELS(m->n_large_levels, m->large_levels, 1, 2, 3, 4);
    wl_matrix_free(m);
}

static void num_small_and_num_large_should_replace_the_default_maxima(void)
{
    struct wl_matrix *m = build(WL_RUN_SIMPLE, WL_MATRIX_BASIC, 8, 3, 1);
    if (!m)
        return;
    CHECK_POINTS(m, P(1, 0), P(2, 0), P(3, 0), P(0, 1));
    wl_matrix_free(m);
    /* 0 removes the class: simple with num_small 0 is column 0 only */
    m = build(WL_RUN_SIMPLE, WL_MATRIX_BASIC, 1, 0, -1);
    if (!m)
        return;
    CHECK_POINTS(m, P(0, 1), P(0, 2));
    CHECK_LEVELS(m->n_small_levels, m->small_levels, 0);
    wl_matrix_free(m);
}

static void advanced_basic_and_detailed_should_match_simple_and_normal(void)
{
    struct wl_matrix *a = build(WL_RUN_ADVANCED, WL_MATRIX_BASIC, 8, -1, -1);
    struct wl_matrix *b = simple(8);
    struct wl_matrix *c = build(WL_RUN_ADVANCED, WL_MATRIX_DETAILED, 3, -1, -1);
    struct wl_matrix *d = build(WL_RUN_NORMAL, WL_MATRIX_POINT, 3, -1, -1);
    if (a && b) {
        CHECK_INT_EQ(a->n_points, b->n_points);
        CHECK(memcmp(a->points, b->points,
                     (size_t)b->n_points * sizeof(*b->points)) == 0);
    }
    if (c && d) {
        CHECK_INT_EQ(c->n_points, 16 * 7 - 1);
        CHECK_INT_EQ(c->n_points, d->n_points);
        CHECK(memcmp(c->points, d->points,
                     (size_t)d->n_points * sizeof(*d->points)) == 0);
    }
    wl_matrix_free(a);
    wl_matrix_free(b);
    wl_matrix_free(c);
    wl_matrix_free(d);
}

static void point_should_visit_exactly_one_cell(void)
{
    struct wl_matrix *m = build(WL_RUN_ADVANCED, WL_MATRIX_POINT, 4, 7, 3);
    if (!m)
        return;
    CHECK_POINTS(m, P(7, 3));
    CHECK_LEVELS(m->n_small_levels, m->small_levels, 7);
    CHECK_LEVELS(m->n_large_levels, m->large_levels, 3);
    CHECK_INT_EQ(m->orion_total_points, 2);
    wl_matrix_free(m);
    m = build(WL_RUN_ADVANCED, WL_MATRIX_POINT, 4, 0, 3);
    if (!m)
        return;
    CHECK_POINTS(m, P(0, 3));
    wl_matrix_free(m);
}

static void col_should_vary_large_at_the_given_small_load(void)
{
    struct wl_matrix *m = build(WL_RUN_ADVANCED, WL_MATRIX_COL, 2, 5, -1);
    if (!m)
        return;
    CHECK_POINTS(m, P(5, 0), P(5, 1), P(5, 2), P(5, 3), P(5, 4));
    CHECK_LEVELS(m->n_small_levels, m->small_levels, 5);
    CHECK_LEVELS(m->n_large_levels, m->large_levels, 0, 1, 2, 3, 4);
    wl_matrix_free(m);
    /* small 0: the (0,0) cell is skipped; num_large sets the maximum */
    m = build(WL_RUN_ADVANCED, WL_MATRIX_COL, 2, 0, 3);
    if (!m)
        return;
    CHECK_POINTS(m, P(0, 1), P(0, 2), P(0, 3));
    wl_matrix_free(m);
}

static void row_should_vary_small_at_the_given_large_load(void)
{
    struct wl_matrix *m = build(WL_RUN_ADVANCED, WL_MATRIX_ROW, 1, -1, 2);
    if (!m)
        return;
    CHECK_POINTS(m, P(0, 2), P(1, 2), P(2, 2), P(3, 2), P(4, 2), P(5, 2));
    CHECK_LEVELS(m->n_small_levels, m->small_levels, 0, 1, 2, 3, 4, 5);
    CHECK_LEVELS(m->n_large_levels, m->large_levels, 2);
    wl_matrix_free(m);
    m = build(WL_RUN_ADVANCED, WL_MATRIX_ROW, 1, 2, 0);
    if (!m)
        return;
    CHECK_POINTS(m, P(1, 0), P(2, 0));
    wl_matrix_free(m);
}

static void max_should_fill_every_cell_up_to_the_given_loads(void)
{
    struct wl_matrix *m = build(WL_RUN_ADVANCED, WL_MATRIX_MAX, 4, 2, 1);
    if (!m)
        return;
    CHECK_POINTS(m, P(1, 0), P(2, 0), P(0, 1), P(1, 1), P(2, 1));
    CHECK_LEVELS(m->n_small_levels, m->small_levels, 0, 1, 2);
    CHECK_LEVELS(m->n_large_levels, m->large_levels, 0, 1);
    wl_matrix_free(m);
    /* 0 means the class is absent */
    m = build(WL_RUN_ADVANCED, WL_MATRIX_MAX, 4, 0, 2);
    if (!m)
        return;
    CHECK_POINTS(m, P(0, 1), P(0, 2));
    wl_matrix_free(m);
}

static void index_lookups_should_find_levels_and_miss_others(void)
{
    struct wl_matrix *m = simple(8);
    if (!m)
        return;
    CHECK_INT_EQ(wl_matrix_small_index(m, 0), 0);
    CHECK_INT_EQ(wl_matrix_small_index(m, 1), 1);
    CHECK_INT_EQ(wl_matrix_small_index(m, 40), 21);
    CHECK_INT_EQ(wl_matrix_small_index(m, 3), -1);
    CHECK_INT_EQ(wl_matrix_large_index(m, 16), 16);
    CHECK_INT_EQ(wl_matrix_large_index(m, 17), -1);
    wl_matrix_free(m);
}

static void expect_reject(enum wl_run run, enum wl_matrix_kind kind, int disks,
                          int num_small, int num_large, const char *want_why)
{
    struct wl_matrix_cfg cfg;
    wl_matrix_cfg_defaults(&cfg, disks);
    cfg.run = run;
    cfg.matrix = kind;
    cfg.num_small = num_small;
    cfg.num_large = num_large;
    struct wl_matrix *m = (struct wl_matrix *)1;
    char why[160] = "";
    CHECK_INT_EQ(wl_matrix_build(&cfg, &m, why, sizeof(why)), -EINVAL);
    CHECK(m == NULL);
    CHECK_STR_EQ(why, want_why);
}

static void build_should_reject_what_orion_rejects_and_say_why(void)
{
    expect_reject(WL_RUN_ADVANCED, WL_MATRIX_POINT, 4, 3, -1,
                  "{matrix} point needs {num_small} and {num_large}");
    expect_reject(WL_RUN_ADVANCED, WL_MATRIX_POINT, 4, -1, 3,
                  "{matrix} point needs {num_small} and {num_large}");
    expect_reject(WL_RUN_ADVANCED, WL_MATRIX_POINT, 4, 0, 0,
                  "{num_small} 0 and {num_large} 0 leave no load point: at "
                  "least one must be above 0");
    expect_reject(WL_RUN_ADVANCED, WL_MATRIX_COL, 4, -1, 3,
                  "{matrix} col needs {num_small}");
    expect_reject(WL_RUN_ADVANCED, WL_MATRIX_ROW, 4, 3, -1,
                  "{matrix} row needs {num_large}");
    expect_reject(WL_RUN_ADVANCED, WL_MATRIX_MAX, 4, 3, -1,
                  "{matrix} max needs {num_small} and {num_large}");
    expect_reject(WL_RUN_ADVANCED, WL_MATRIX_MAX, 4, -1, 3,
                  "{matrix} max needs {num_small} and {num_large}");
    expect_reject(WL_RUN_ADVANCED, WL_MATRIX_MAX, 4, 0, 0,
                  "{num_small} 0 and {num_large} 0 leave no load point: at "
                  "least one must be above 0");
    expect_reject(WL_RUN_SIMPLE, WL_MATRIX_BASIC, 0, -1, -1,
                  "{num_disks} 0: must be at least 1");
    expect_reject(WL_RUN_SIMPLE, WL_MATRIX_BASIC, -2, -1, -1,
                  "{num_disks} -2: must be at least 1");
    expect_reject(WL_RUN_SIMPLE, WL_MATRIX_BASIC, 4, -5, -1,
                  "{num_small} -5: must be 0 or more");
    expect_reject(WL_RUN_SIMPLE, WL_MATRIX_BASIC, 4, -1, -2,
                  "{num_large} -2: must be 0 or more");
    expect_reject(WL_RUN_SIMPLE, WL_MATRIX_BASIC, 4, 100001, -1,
                  "{num_small} 100001: must be at most 100000");
    expect_reject(WL_RUN_ADVANCED, WL_MATRIX_POINT, 4, 1, 200000,
                  "{num_large} 200000: must be at most 100000");
    expect_reject(WL_RUN_OLTP, WL_MATRIX_BASIC, 4, 0, -1,
                  "{num_small} 0 and {num_large} 8 leave no load point: at "
                  "least one must be above 0");
    expect_reject((enum wl_run)9, WL_MATRIX_BASIC, 4, -1, -1,
                  "{run} 9: must be simple, normal, oltp, dss or advanced");
    expect_reject(WL_RUN_ADVANCED, (enum wl_matrix_kind)9, 4, -1, -1,
                  "{matrix} 9: must be basic, detailed, point, col, row or "
                  "max");
}

static void loads_at_the_limit_should_be_accepted(void)
{
    struct wl_matrix *m = build(WL_RUN_ADVANCED, WL_MATRIX_POINT, 1, 100000,
                                100000);
    if (!m)
        return;
    CHECK_POINTS(m, P(100000, 100000));
    wl_matrix_free(m);
    m = build(WL_RUN_ADVANCED, WL_MATRIX_MAX, 1, 100000, 100000);
    if (!m)
        return;
    CHECK_INT_EQ(m->n_points, 22 * 22 - 1);
    CHECK_INT_EQ(m->small_levels[21], 100000);
    CHECK_INT_EQ(m->small_levels[2], 5000);
    wl_matrix_free(m);
}

static void names_should_round_trip_and_parse_case_insensitively(void)
{
    const char *runs[] = {"simple", "normal", "oltp", "dss", "advanced"};
    for (int i = 0; i < 5; i++) {
        enum wl_run r = WL_RUN_ADVANCED;
        CHECK_STR_EQ(wl_run_name((enum wl_run)i), runs[i]);
        CHECK_INT_EQ(wl_run_parse(runs[i], &r), 0);
        CHECK_INT_EQ(r, i);
    }
    const char *kinds[] = {"basic", "detailed", "point", "col", "row", "max"};
    for (int i = 0; i < 6; i++) {
        enum wl_matrix_kind k = WL_MATRIX_MAX;
        CHECK_STR_EQ(wl_matrix_name((enum wl_matrix_kind)i), kinds[i]);
        CHECK_INT_EQ(wl_matrix_parse(kinds[i], &k), 0);
        CHECK_INT_EQ(k, i);
    }
    enum wl_run r = WL_RUN_SIMPLE;
    CHECK_INT_EQ(wl_run_parse("OLTP", &r), 0);
    CHECK_INT_EQ(r, WL_RUN_OLTP);
    enum wl_matrix_kind k = WL_MATRIX_BASIC;
    CHECK_INT_EQ(wl_matrix_parse("Detailed", &k), 0);
    CHECK_INT_EQ(k, WL_MATRIX_DETAILED);
    CHECK_INT_EQ(wl_run_parse("simpl", &r), -EINVAL);
    CHECK_INT_EQ(wl_run_parse("", &r), -EINVAL);
    CHECK_INT_EQ(wl_matrix_parse("column", &k), -EINVAL);
    CHECK_INT_EQ(k, WL_MATRIX_DETAILED);        /* untouched on error */
}

int main(void)
{
    RUN(defaults_should_be_simple_basic_with_no_loads_given);
    RUN(simple_should_print_orion_published_totals_8_29_38);
    RUN(simple_levels_for_1_disk_should_be_small_0_to_5_large_0_to_2);
    RUN(simple_levels_for_4_disks_should_be_all_of_1_to_20_and_1_to_8);
    RUN(simple_levels_for_8_disks_should_step_small_by_2_up_to_40);
    RUN(simple_levels_for_16_disks_should_step_small_by_4_up_to_80);
    RUN(simple_levels_for_6_disks_should_be_all_of_1_to_30_as_19c_ran);
    RUN(stepped_levels_should_floor_the_step_and_end_at_the_maximum);
    RUN(large_levels_should_be_dense_until_the_level_list_is_full);
    RUN(simple_should_visit_row_0_then_column_0);
    RUN(normal_should_visit_every_cell_row_by_row);
    RUN(oltp_should_visit_row_0_only);
    RUN(orion_oltp_on_1_disk_should_list_small_1_to_20_as_b12c);
    RUN(orion_oltp_on_4_disks_should_visit_small_4_and_68_as_m12);
    RUN(orion_oltp_on_3_disks_should_step_by_3_up_to_60);
    RUN(oltp_should_keep_5n_unless_orion_s_rule_is_asked_for);
    RUN(dss_should_visit_column_0_only);
    RUN(num_small_and_num_large_should_replace_the_default_maxima);
    RUN(advanced_basic_and_detailed_should_match_simple_and_normal);
    RUN(point_should_visit_exactly_one_cell);
    RUN(col_should_vary_large_at_the_given_small_load);
    RUN(row_should_vary_small_at_the_given_large_load);
    RUN(max_should_fill_every_cell_up_to_the_given_loads);
    RUN(index_lookups_should_find_levels_and_miss_others);
    RUN(build_should_reject_what_orion_rejects_and_say_why);
    RUN(loads_at_the_limit_should_be_accepted);
    RUN(names_should_round_trip_and_parse_case_insensitively);
    return check_done();
}
