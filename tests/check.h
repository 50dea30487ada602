/*
 * check.h - the smallest test harness that does the job.
 *
 * A test file defines functions `static void name(void)` and lists them in
 * main() with RUN(name).  CHECK_* macros print both operands on failure and
 * mark the current test failed; the test goes on so one run shows every
 * broken assertion.  check_done() prints "N passed, N failed" and returns
 * the exit status for main().
 */
#ifndef ASMSIM_TESTS_CHECK_H
#define ASMSIM_TESTS_CHECK_H

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_failed_now;
static int check_passed_total;
static int check_failed_total;

#define CHECK_FAIL_AT(...)                                                   \
    do {                                                                     \
        fprintf(stderr, "  %s:%d: ", __FILE__, __LINE__);                    \
        fprintf(stderr, __VA_ARGS__);                                        \
        fputc('\n', stderr);                                                 \
        check_failed_now = 1;                                                \
    } while (0)

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond))                                                         \
            CHECK_FAIL_AT("CHECK(%s) failed", #cond);                        \
    } while (0)

#define CHECK_INT_EQ(a, b)                                                   \
    do {                                                                     \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b);      \
        if (check_a_ != check_b_)                                            \
            CHECK_FAIL_AT("%s == %s: %lld != %lld", #a, #b, check_a_,        \
                          check_b_);                                         \
    } while (0)

#define CHECK_U64_EQ(a, b)                                                   \
    do {                                                                     \
        uint64_t check_a_ = (uint64_t)(a), check_b_ = (uint64_t)(b);         \
        if (check_a_ != check_b_)                                            \
            CHECK_FAIL_AT("%s == %s: %" PRIu64 " != %" PRIu64, #a, #b,       \
                          check_a_, check_b_);                               \
    } while (0)

#define CHECK_STR_EQ(a, b)                                                   \
    do {                                                                     \
        const char *check_a_ = (a), *check_b_ = (b);                         \
        if (!check_a_ || !check_b_ || strcmp(check_a_, check_b_) != 0)      \
            CHECK_FAIL_AT("%s == %s: \"%s\" != \"%s\"", #a, #b,              \
                          check_a_ ? check_a_ : "(null)",                    \
                          check_b_ ? check_b_ : "(null)");                   \
    } while (0)

/* |a - b| <= tol * |b|: a relative tolerance against the expected value b. */
#define CHECK_NEAR_REL(a, b, tol)                                            \
    do {                                                                     \
        double check_a_ = (double)(a), check_b_ = (double)(b);               \
        if (!(fabs(check_a_ - check_b_) <= (tol) * fabs(check_b_)))          \
            CHECK_FAIL_AT("%s ~ %s within %g%%: %.6g vs %.6g (%+.2f%%)", #a, \
                          #b, (double)(tol) * 100.0, check_a_, check_b_,     \
                          check_b_ != 0 ? (check_a_ / check_b_ - 1) * 100    \
                                        : 0.0);                              \
    } while (0)

#define RUN(test)                                                            \
    do {                                                                     \
        check_failed_now = 0;                                                \
        test();                                                              \
        if (check_failed_now) {                                              \
            check_failed_total++;                                            \
            fprintf(stderr, "FAIL %s\n", #test);                             \
        } else {                                                             \
            check_passed_total++;                                            \
            printf("ok   %s\n", #test);                                      \
        }                                                                    \
    } while (0)

static inline int check_done(void)
{
    printf("%d passed, %d failed\n", check_passed_total, check_failed_total);
    return check_failed_total ? 1 : 0;
}

#endif
