/*
 * test_arrivals.c - the open loop's arrival streams (workloads/arrivals.h):
 * constant gaps exact and drift-free, Poisson gaps of the right mean and
 * spread, the same seed the same times, rate 0 never.
 */
#include "check.h"
#include "workloads/arrivals.h"

static void constant_arrivals_should_fall_on_k_over_the_rate(void)
{
    struct wl_arrivals a;
    wl_arrivals_start(&a, WL_ARRIVALS_CONSTANT, 3.0, 1, 1000);
    CHECK_INT_EQ(wl_arrivals_peek_ns(&a), 1000 + 333333333);
    for (int i = 0; i < 3000000; i++)
        wl_arrivals_take(&a);
    /* arrival 3,000,000 (from 0) at start + 3,000,001 / 3 s: no drift */
    CHECK_INT_EQ(wl_arrivals_peek_ns(&a), 1000 + 1000000333333333ll);
    CHECK_U64_EQ(a.taken, 3000000);
}

static void poisson_gaps_should_have_mean_and_spread_one_over_the_rate(void)
{
    struct wl_arrivals a;
    wl_arrivals_start(&a, WL_ARRIVALS_POISSON, 1000.0, 7, 0);
    int n = 200000;
    double sum = 0, sumsq = 0;
    int64_t prev = 0;
    for (int i = 0; i < n; i++) {
        int64_t t = wl_arrivals_peek_ns(&a);
        CHECK(t >= prev);
        double gap = (double)(t - prev);
        sum += gap;
        sumsq += gap * gap;
        prev = t;
        wl_arrivals_take(&a);
    }
    double mean = sum / n;
    double sd = sqrt(sumsq / n - mean * mean);
    CHECK_NEAR_REL(mean, 1e6, 0.01);
    CHECK_NEAR_REL(sd, 1e6, 0.02);     /* exponential: sd = mean */
}

static void the_same_seed_should_give_the_same_times(void)
{
    struct wl_arrivals a, b, c;
    wl_arrivals_start(&a, WL_ARRIVALS_POISSON, 50.0, 3, 0);
    wl_arrivals_start(&b, WL_ARRIVALS_POISSON, 50.0, 3, 0);
    wl_arrivals_start(&c, WL_ARRIVALS_POISSON, 50.0, 4, 0);
    int same_as_c = 0;
    for (int i = 0; i < 100; i++) {
        CHECK_INT_EQ(wl_arrivals_peek_ns(&a), wl_arrivals_peek_ns(&b));
        same_as_c += wl_arrivals_peek_ns(&a) == wl_arrivals_peek_ns(&c);
        wl_arrivals_take(&a);
        wl_arrivals_take(&b);
        wl_arrivals_take(&c);
    }
    CHECK_LT(same_as_c, 100);
}

static void a_rate_of_zero_should_never_arrive(void)
{
    struct wl_arrivals a;
    wl_arrivals_start(&a, WL_ARRIVALS_POISSON, 0.0, 1, 0);
    CHECK_INT_EQ(wl_arrivals_peek_ns(&a), WL_ARRIVAL_NEVER);
    wl_arrivals_take(&a);
    CHECK_INT_EQ(wl_arrivals_peek_ns(&a), WL_ARRIVAL_NEVER);
    CHECK_U64_EQ(a.taken, 0);
    wl_arrivals_start(&a, WL_ARRIVALS_CONSTANT, NAN, 1, 0);
    CHECK_INT_EQ(wl_arrivals_peek_ns(&a), WL_ARRIVAL_NEVER);
}

int main(void)
{
    RUN(constant_arrivals_should_fall_on_k_over_the_rate);
    RUN(poisson_gaps_should_have_mean_and_spread_one_over_the_rate);
    RUN(the_same_seed_should_give_the_same_times);
    RUN(a_rate_of_zero_should_never_arrive);
    return check_done();
}
