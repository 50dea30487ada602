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
#include <stdlib.h>
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

/* The relations of CHECK_LT/LE/GT/GE, and room for one printed operand. */
enum { CHECK_OP_LT_, CHECK_OP_LE_, CHECK_OP_GT_, CHECK_OP_GE_ };
#define CHECK_NUM_LEN_ 48

/* Whether op holds, given which of a < b, a == b, a > b is true (none is,
 * for a NaN: then every relation is false, as in C). */
static inline int check_holds_(int op, int lt, int eq, int gt)
{
    switch (op) {
    case CHECK_OP_LT_: return lt;
    case CHECK_OP_LE_: return lt || eq;
    case CHECK_OP_GT_: return gt;
    default:           return gt || eq;
    }
}

/* The three comparisons return 1 if op holds; otherwise 0, with both
 * operands printed into the CHECK_NUM_LEN_-byte buffers as and bs. */
static inline int check_cmp_i_(intmax_t a, intmax_t b, int op, char *as,
                               char *bs)
{
    if (check_holds_(op, a < b, a == b, a > b))
        return 1;
    snprintf(as, CHECK_NUM_LEN_, "%jd", a);
    snprintf(bs, CHECK_NUM_LEN_, "%jd", b);
    return 0;
}

static inline int check_cmp_u_(uintmax_t a, uintmax_t b, int op, char *as,
                               char *bs)
{
    if (check_holds_(op, a < b, a == b, a > b))
        return 1;
    snprintf(as, CHECK_NUM_LEN_, "%ju", a);
    snprintf(bs, CHECK_NUM_LEN_, "%ju", b);
    return 0;
}

/* A double in the fewest significant digits (6 to 17) that strtod reads
 * back as the same value, whole numbers below 2^53 without an exponent;
 * a long double that is no double in full (21 digits). */
static inline void check_print_f_(char *buf, long double v)
{
    double d = (double)v;

    if ((long double)d != v) {
        snprintf(buf, CHECK_NUM_LEN_, "%.21Lg", v);
        return;
    }
    if (d == floor(d) && fabs(d) < 0x1p53) {
        snprintf(buf, CHECK_NUM_LEN_, "%.0f", d);
        return;
    }
    for (int prec = 6; prec < 17; prec++) {
        snprintf(buf, CHECK_NUM_LEN_, "%.*g", prec, d);
        if (strtod(buf, NULL) == d)
            return;
    }
    snprintf(buf, CHECK_NUM_LEN_, "%.17g", d);
}

static inline int check_cmp_f_(long double a, long double b, int op,
                               char *as, char *bs)
{
    if (check_holds_(op, a < b, a == b, a > b))
        return 1;
    check_print_f_(as, a);
    check_print_f_(bs, b);
    return 0;
}

/* Convert both operands to their common type T, widen to W, compare. */
#define CHECK_CMP_AS_(fn, W, T, a, b, op, as, bs)                           \
    fn((W)(T)(a), (W)(T)(b), op, as, bs)

#define CHECK_CMP_(a, b, op, as, bs)                                         \
    _Generic((a) + (b),                                                      \
        int:                CHECK_CMP_AS_(check_cmp_i_, intmax_t, int,       \
                                          a, b, op, as, bs),                 \
        long:               CHECK_CMP_AS_(check_cmp_i_, intmax_t, long,      \
                                          a, b, op, as, bs),                 \
        long long:          CHECK_CMP_AS_(check_cmp_i_, intmax_t, long long, \
                                          a, b, op, as, bs),                 \
        unsigned int:       CHECK_CMP_AS_(check_cmp_u_, uintmax_t,           \
                                          unsigned int, a, b, op, as, bs),   \
        unsigned long:      CHECK_CMP_AS_(check_cmp_u_, uintmax_t,           \
                                          unsigned long, a, b, op, as, bs),  \
        unsigned long long: CHECK_CMP_AS_(check_cmp_u_, uintmax_t,           \
                                          unsigned long long, a, b, op, as,  \
                                          bs),                               \
        float:              CHECK_CMP_AS_(check_cmp_f_, long double, float,  \
                                          a, b, op, as, bs),                 \
        double:             CHECK_CMP_AS_(check_cmp_f_, long double, double, \
                                          a, b, op, as, bs),                 \
        long double:        CHECK_CMP_AS_(check_cmp_f_, long double,         \
                                          long double, a, b, op, as, bs))

/* The expressions are spelled here, before their macros are expanded. */
#define CHECK_REL_(a, b, op, opstr, astr, bstr)                              \
    do {                                                                     \
        char check_as_[CHECK_NUM_LEN_], check_bs_[CHECK_NUM_LEN_];           \
        if (!CHECK_CMP_(a, b, op, check_as_, check_bs_))                     \
            CHECK_FAIL_AT("%s " opstr " %s: %s vs %s", astr, bstr,           \
                          check_as_, check_bs_);                             \
    } while (0)

#define CHECK_LT(a, b) CHECK_REL_(a, b, CHECK_OP_LT_, "<", #a, #b)
#define CHECK_LE(a, b) CHECK_REL_(a, b, CHECK_OP_LE_, "<=", #a, #b)
#define CHECK_GT(a, b) CHECK_REL_(a, b, CHECK_OP_GT_, ">", #a, #b)
#define CHECK_GE(a, b) CHECK_REL_(a, b, CHECK_OP_GE_, ">=", #a, #b)

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
