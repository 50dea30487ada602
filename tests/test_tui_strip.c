/*
 * test_tui_strip.c - the dashboard's strip of the whole run
 * (sim/session/time_strip.c), without curses: memory stays at
 * SIM_STRIP_COLS columns for any length while the strip still starts at
 * the start and ends at the newest sample; merging keeps totals exact
 * (time-weighted rates, the highest p99); resampling onto screen cells
 * spans start to now, with gaps where nothing was measured.
 */
#include "sim/session/time_strip.h"
#include "tests/check.h"

static void a_week_should_fit_in_the_fixed_columns_from_start_to_now(void)
{
    static struct sim_strip st;
    sim_strip_init(&st, 0, 0.2);
    double t = 0;
    for (long i = 0; i < 7L * 86400 * 5; i++) {     /* a week of 0.2 s samples */
        t += 0.2;
        sim_strip_add(&st, t, 0.2, 100, 1000, 500);
    }
    CHECK_LE(st.n, SIM_STRIP_COLS);
    CHECK_GT(st.n, SIM_STRIP_COLS / 2);              /* the newest half fills */
    CHECK(st.start_s == 0.0);                        /* the start stays */
    CHECK_GE(st.n * st.col_s, t);                    /* the last column holds now */
    CHECK_LT((st.n - 1) * st.col_s, t);
    double covered = 0;
    for (int i = 0; i < st.n; i++)
        covered += st.col[i].covered_s;
    CHECK_NEAR_REL(covered, t, 1e-9);                /* no sample lost */
}

static void merged_columns_should_keep_time_weighted_rates_and_the_highest_p99(void)
{
    struct sim_strip st;
    sim_strip_init(&st, 0, 1.0);
    /* first half of the columns at 100 MB/s, second at 300; one spike */
    for (int i = 0; i < SIM_STRIP_COLS; i++)
        sim_strip_add(&st, i + 1.0, 1.0, i < SIM_STRIP_COLS / 2 ? 100 : 300, 0,
                      i == 7 ? 9000 : 100);
    CHECK_INT_EQ(st.n, SIM_STRIP_COLS);
    sim_strip_add(&st, SIM_STRIP_COLS + 1.0, 1.0, 200, 0, 100);   /* forces a merge */
    CHECK_NEAR_REL(st.col_s, 2.0, 1e-12);
    CHECK_INT_EQ(st.n, SIM_STRIP_COLS / 2 + 1);
    CHECK_NEAR_REL(st.col[0].mb / st.col[0].covered_s, 100.0, 1e-12);
    CHECK_NEAR_REL(st.col[SIM_STRIP_COLS / 2 - 1].mb, 600.0, 1e-12);
    CHECK_NEAR_REL(st.col[3].p99_max_us, 9000.0, 1e-12);       /* 6 and 7 */
    CHECK_NEAR_REL(st.col[2].p99_max_us, 100.0, 1e-12);
}

static void cells_should_span_start_to_now_with_gaps_left_empty(void)
{
    struct sim_strip st;
    double mbps[10], iops[10], p99[10];
    sim_strip_init(&st, 0, 1.0);
    /* 0-4 s at 50 MB/s, nothing 4-8 s (a pause), 8-10 s at 150 MB/s */
    for (int i = 0; i < 10; i++)
        if (i < 4 || i >= 8)
            sim_strip_add(&st, i + 1.0, 1.0, i < 4 ? 50 : 150, 10, 1);
    sim_strip_cells(&st, 10.0, 10, mbps, iops, p99);
    CHECK_NEAR_REL(mbps[0], 50.0, 1e-12);
    CHECK(isnan(mbps[5]));
    CHECK_NEAR_REL(mbps[9], 150.0, 1e-12);
    CHECK_NEAR_REL(iops[9], 10.0, 1e-12);
    /* fewer cells than columns: each cell is the mean of its columns */
    double two[2];
    sim_strip_cells(&st, 10.0, 2, two, NULL, NULL);
    CHECK_NEAR_REL(two[0], 50.0, 1e-12);            /* 0-5 s: 4 s at 50 */
    CHECK_NEAR_REL(two[1], 150.0, 1e-12);           /* 5-10 s: 2 s at 150 */
    /* more cells than columns: a column spreads over its cells */
    double many[40];
    sim_strip_cells(&st, 10.0, 40, many, NULL, NULL);
    CHECK_NEAR_REL(many[0], 50.0, 1e-12);
    CHECK_NEAR_REL(many[39], 150.0, 1e-12);
    CHECK(isnan(many[20]));
}

static void samples_before_the_start_or_of_no_length_should_be_ignored(void)
{
    struct sim_strip st;
    sim_strip_init(&st, 100, 1.0);
    sim_strip_add(&st, 50, 1.0, 10, 10, 10);
    sim_strip_add(&st, 150, 0, 10, 10, 10);
    CHECK_INT_EQ(st.n, 0);
}

int main(void)
{
    RUN(a_week_should_fit_in_the_fixed_columns_from_start_to_now);
    RUN(merged_columns_should_keep_time_weighted_rates_and_the_highest_p99);
    RUN(cells_should_span_start_to_now_with_gaps_left_empty);
    RUN(samples_before_the_start_or_of_no_length_should_be_ignored);
    return check_done();
}
