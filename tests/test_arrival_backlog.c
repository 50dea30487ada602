/*
 * test_arrival_backlog.c - sim/core/arrival_backlog.c: a stream drawn once
 * gives both sides the times two streams of the same seed give, whatever
 * the interleaving, through ring overflows and an issue side running ahead.
 */
#include <errno.h>

#include "sim/core/arrival_backlog.h"
#include "tests/check.h"
#include "workloads/rng.h"

/* Random interleavings of count and issue against two reference streams:
   every time and count agrees.  `ahead`: the issue side may pass the
   count side. */
static void check_against_two_streams(enum wl_arrival_kind kind, uint32_t cap,
                                      bool ahead, uint64_t seed)
{
    struct sim_backlog b;
    CHECK_INT_EQ(sim_backlog_init(&b, cap), 0);
    struct wl_arrivals seen, due;
    const double rate = 12345.0;
    sim_backlog_start(&b, kind, rate, seed, 1000);
    wl_arrivals_start(&seen, kind, rate, seed, 1000);
    wl_arrivals_start(&due, kind, rate, seed, 1000);
    struct rng r;
    rng_seed(&r, seed * 7 + cap);
    int mismatches = 0;
    for (int step = 0; step < 200000; step++) {
        /* runs of counts and of issues, so the backlog grows past the
           ring and drains again */
        uint64_t phase = (uint64_t)(step / 997) % 3;
        bool count = phase == 0 ? rng_below(&r, 4) != 0
                   : phase == 1 ? rng_below(&r, 4) == 0 : rng_below(&r, 2) == 0;
        bool may_issue = ahead || due.taken < seen.taken;
        if (count || !may_issue) {
            mismatches += sim_backlog_next_seen_ns(&b) != wl_arrivals_peek_ns(&seen);
            sim_backlog_count(&b);
            wl_arrivals_take(&seen);
        } else {
            mismatches += sim_backlog_next_issue_ns(&b) != wl_arrivals_peek_ns(&due);
            sim_backlog_issue(&b);
            wl_arrivals_take(&due);
        }
        mismatches += sim_backlog_pending(&b) != seen.taken - due.taken;
        mismatches += sim_backlog_next_issue_ns(&b) != wl_arrivals_peek_ns(&due);
        if (mismatches) {
            CHECK_INT_EQ(step, -1);     /* the first step that differs */
            break;
        }
    }
    CHECK_INT_EQ(mismatches, 0);
    sim_backlog_free(&b);
}

static void backlog_should_issue_the_times_two_streams_give(void)
{
    check_against_two_streams(WL_ARRIVALS_POISSON, 4096, false, 1);
    check_against_two_streams(WL_ARRIVALS_POISSON, 1, false, 2);
    check_against_two_streams(WL_ARRIVALS_POISSON, 7, false, 3);
    check_against_two_streams(WL_ARRIVALS_CONSTANT, 5, false, 4);
}

static void backlog_should_follow_an_issue_side_that_runs_ahead(void)
{
    check_against_two_streams(WL_ARRIVALS_POISSON, 3, true, 5);
    check_against_two_streams(WL_ARRIVALS_CONSTANT, 64, true, 6);
}

/* A stream of rate 0 never arrives, from either side. */
static void backlog_of_rate_zero_should_never_arrive(void)
{
    struct sim_backlog b;
    CHECK_INT_EQ(sim_backlog_init(&b, 8), 0);
    sim_backlog_start(&b, WL_ARRIVALS_POISSON, 0, 1, 0);
    CHECK_INT_EQ(sim_backlog_next_seen_ns(&b), WL_ARRIVAL_NEVER);
    CHECK_INT_EQ(sim_backlog_next_issue_ns(&b), WL_ARRIVAL_NEVER);
    CHECK_U64_EQ(sim_backlog_pending(&b), 0);
    sim_backlog_free(&b);
}

static void backlog_init_should_refuse_an_empty_ring(void)
{
    struct sim_backlog b;
    CHECK_INT_EQ(sim_backlog_init(&b, 0), -EINVAL);
    sim_backlog_free(&b);
}

int main(void)
{
    RUN(backlog_should_issue_the_times_two_streams_give);
    RUN(backlog_should_follow_an_issue_side_that_runs_ahead);
    RUN(backlog_of_rate_zero_should_never_arrive);
    RUN(backlog_init_should_refuse_an_empty_ring);
    return check_done();
}
