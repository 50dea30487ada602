/*
 * test_values.c - the value parsers every option goes through
 * (sim/cli/cli_values.c), the one quoting helper for echoing input
 * (cli_quote), the layout sizes' one rule (lay_au_ok / lay_stripe_ok) and
 * the option parsers' error messages that name the bad argument.
 *
 * Each parser is tested as a class, from one table of accepted and one of
 * rejected texts: what a strtoull/strtod-based parser would let through
 * (blanks, signs, hex, exponents, inf/nan, trailing junk, overflow, text
 * cut to fit a buffer) must be refused by every one of them.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "layouts/layout.h"
#include "sim/cli/cli.h"
#include "sim/cli/layout_file.h"
#include "sim/model/setup.h"
#include "tests/check.h"

#define KiB 1024ull
#define MiB (1024ull * KiB)
#define GiB (1024ull * MiB)

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Texts every numeric parser refuses, whatever its range or unit. */
static const char *const never_numbers[] = {
    "", " 1", "1 ", "\t1", "+1", " -1", "-1", "0x10", "1e3", "1E3", "inf",
    "nan", "1junk", "1\n", "1.", ".5", "--1", "1,2", "\xc3\xa9",
};

/* ---- integers (counts, loads, percentages) --------------------------- */

static void counts_should_take_plain_digits_in_range(void)
{
    static const struct { const char *text; long long min, max, want; } ok[] = {
        { "0", 0, 100, 0 }, { "100", 0, 100, 100 }, { "007", 0, 100, 7 },
        { "65536", 0, 65536, 65536 }, { "-5", -10, 10, -5 },
        { "9223372036854775807", 0, INT64_MAX, INT64_MAX },
    };
    static const struct { const char *text; long long min, max; } bad[] = {
        { "101", 0, 100 }, { "-1", 0, 100 }, { "- 5", -10, 10 },
        { "9223372036854775808", 0, INT64_MAX }, { "1.5", 0, 100 },
        { "99999999999999999999", 0, INT64_MAX },
    };
    for (size_t i = 0; i < N(ok); i++) {
        long long v = -999;
        int rc = cli_parse_int(ok[i].text, ok[i].min, ok[i].max, &v);
        if (rc != 0 || v != ok[i].want)
            CHECK_FAIL_AT("cli_parse_int(\"%s\") = %d, %lld; want 0, %lld",
                          ok[i].text, rc, v, ok[i].want);
    }
    for (size_t i = 0; i < N(bad); i++) {
        long long v = -999;
        if (cli_parse_int(bad[i].text, bad[i].min, bad[i].max, &v) != -EINVAL ||
            v != -999)
            CHECK_FAIL_AT("cli_parse_int(\"%s\") accepted (%lld)", bad[i].text, v);
    }
    for (size_t i = 0; i < N(never_numbers); i++) {
        long long v = -999;
        if (cli_parse_int(never_numbers[i], 0, 1000, &v) != -EINVAL)
            CHECK_FAIL_AT("cli_parse_int(\"%s\") accepted (%lld)",
                          never_numbers[i], v);
    }
}

/* ---- seeds ------------------------------------------------------------ */

static void seeds_should_refuse_blanks_and_signs_before_wrapping(void)
{
    static const struct { const char *text; uint64_t want; } ok[] = {
        { "0", 0 }, { "1", 1 }, { "18446744073709551615", UINT64_MAX },
    };
    static const char *const bad[] = {
        "18446744073709551616", " -1", "-0", "+0", " 1", "1 ",
    };
    for (size_t i = 0; i < N(ok); i++) {
        uint64_t v = 7;
        int rc = cli_parse_u64(ok[i].text, &v);
        if (rc != 0 || v != ok[i].want)
            CHECK_FAIL_AT("cli_parse_u64(\"%s\") = %d, %" PRIu64, ok[i].text,
                          rc, v);
    }
    for (size_t i = 0; i < N(bad); i++) {
        uint64_t v = 7;
        if (cli_parse_u64(bad[i], &v) != -EINVAL || v != 7)
            CHECK_FAIL_AT("cli_parse_u64(\"%s\") accepted (%" PRIu64 ")",
                          bad[i], v);
    }
    for (size_t i = 0; i < N(never_numbers); i++) {
        uint64_t v = 7;
        if (cli_parse_u64(never_numbers[i], &v) != -EINVAL)
            CHECK_FAIL_AT("cli_parse_u64(\"%s\") accepted (%" PRIu64 ")",
                          never_numbers[i], v);
    }
}

/* ---- plain decimals (--speed, the dashboard) -------------------------- */

static void decimals_should_be_plain_digits_with_one_point(void)
{
    static const struct { const char *text; double want; } ok[] = {
        { "1", 1 }, { "0.01", 0.01 }, { "2.5", 2.5 }, { "1000000", 1e6 },
    };
    static const char *const bad[] = {
        "0.001", "1000001", "1.2.3", "1e-1", "0x1p3", "6000abc", "1..2",
    };
    for (size_t i = 0; i < N(ok); i++) {
        double v = -1;
        int rc = cli_parse_double(ok[i].text, 0.01, 1e6, &v);
        CHECK_INT_EQ(rc, 0);
        CHECK_NEAR_REL(v, ok[i].want, 1e-12);
    }
    for (size_t i = 0; i < N(bad); i++) {
        double v = -1;
        if (cli_parse_double(bad[i], 0.01, 1e6, &v) != -EINVAL || v != -1)
            CHECK_FAIL_AT("cli_parse_double(\"%s\") accepted (%g)", bad[i], v);
    }
    for (size_t i = 0; i < N(never_numbers); i++) {
        double v = -1;
        if (cli_parse_double(never_numbers[i], 0, 1e6, &v) != -EINVAL)
            CHECK_FAIL_AT("cli_parse_double(\"%s\") accepted (%g)",
                          never_numbers[i], v);
    }
}

/* ---- times ------------------------------------------------------------- */

static void times_should_take_a_decimal_and_a_unit(void)
{
    static const struct { const char *text; sim_ns want; } ok[] = {
        { "90", 90 * SIM_NS_PER_S }, { "90s", 90 * SIM_NS_PER_S },
        { "1.5s", 1500 * SIM_NS_PER_MS }, { "500ms", 500 * SIM_NS_PER_MS },
        { "2m", 120 * SIM_NS_PER_S }, { "1h", 3600 * SIM_NS_PER_S },
        { "24h", CLI_MAX_DURATION_NS }, { "0", 0 }, { "250us", 250000 },
        { "1h30m", 5400 * SIM_NS_PER_S }, { "11m59s", 719 * SIM_NS_PER_S },
        { "2m30.5s", 150500 * SIM_NS_PER_MS }, { "1min30s", 90 * SIM_NS_PER_S },
        { "1s500ms", 1500 * SIM_NS_PER_MS }, { "23h59m60s", CLI_MAX_DURATION_NS },
        { "1ms1us1ns", 1001001 }, { "1d", CLI_MAX_DURATION_NS },
    };
    static const char *const bad[] = {
        "1 s", "s", "1sec", "1e2s", "0x10s", "infs", "-1s", "+1s",
        " 1s", "1s ", "1.s", "30m1h", "1m1m", "1h30", "1h 30m", "1m1min",
        "1hm", "h1", "1s.5", "", "1h1d", "1dd",
    };
    for (size_t i = 0; i < N(ok); i++) {
        sim_ns v = -1;
        int rc = cli_parse_time_ns(ok[i].text, &v);
        if (rc != 0 || v != ok[i].want)
            CHECK_FAIL_AT("cli_parse_time_ns(\"%s\") = %d, %lld", ok[i].text,
                          rc, (long long)v);
    }
    for (size_t i = 0; i < N(bad); i++) {
        sim_ns v = -1;
        if (cli_parse_time_ns(bad[i], &v) != -EINVAL || v != -1)
            CHECK_FAIL_AT("cli_parse_time_ns(\"%s\") accepted (%lld)", bad[i],
                          (long long)v);
    }
    /* times that read but are longer than 24h: out of range, not malformed */
    static const char *const too_long[] = { "25h", "1441m", "86401", "86400.001s",
                                            "23h60m1s", "1d1ns", "2d" };
    for (size_t i = 0; i < N(too_long); i++) {
        sim_ns v = -1;
        int rc = cli_parse_time_ns(too_long[i], &v);
        if (rc != -ERANGE || v != -1)
            CHECK_FAIL_AT("cli_parse_time_ns(\"%s\") = %d, %lld", too_long[i], rc,
                          (long long)v);
    }
    for (size_t i = 0; i < N(never_numbers); i++) {
        sim_ns v = -1;
        if (strcmp(never_numbers[i], "1.") != 0 &&
            cli_parse_time_ns(never_numbers[i], &v) != -EINVAL)
            CHECK_FAIL_AT("cli_parse_time_ns(\"%s\") accepted (%lld)",
                          never_numbers[i], (long long)v);
    }
}

/* ---- sizes and rates ---------------------------------------------------- */

static void sizes_should_be_exact_and_in_range(void)
{
    static const struct { const char *text; uint64_t want; } ok[] = {
        { "4096", 4096 }, { "4k", 4 * KiB }, { "8KiB", 8 * KiB },
        { "1MiB", MiB }, { "1.5MiB", 3 * MiB / 2 }, { "64MiB", 64 * MiB },
        { "8 KiB", 8 * KiB },
    };
    static const char *const bad[] = {
        "0", "4095", "6000", "65MiB", "1GiB", "4 k b", "4kk", "k", "1.3B",
    };
    for (size_t i = 0; i < N(ok); i++) {
        uint64_t v = 0;
        int rc = cli_parse_size_in(ok[i].text, 4 * KiB, 4 * KiB, 64 * MiB, &v);
        if (rc != 0 || v != ok[i].want)
            CHECK_FAIL_AT("cli_parse_size_in(\"%s\") = %d, %" PRIu64,
                          ok[i].text, rc, v);
    }
    for (size_t i = 0; i < N(bad); i++) {
        uint64_t v = 0;
        if (cli_parse_size_in(bad[i], 4 * KiB, 4 * KiB, 64 * MiB, &v) != -EINVAL)
            CHECK_FAIL_AT("cli_parse_size_in(\"%s\") accepted (%" PRIu64 ")",
                          bad[i], v);
    }
    for (size_t i = 0; i < N(never_numbers); i++) {
        uint64_t v = 0;
        if (cli_parse_size_in(never_numbers[i], 0, 1, UINT64_MAX, &v) != -EINVAL)
            CHECK_FAIL_AT("cli_parse_size_in(\"%s\") accepted (%" PRIu64 ")",
                          never_numbers[i], v);
    }
}

static void rates_should_take_a_quantity_and_an_optional_per_second(void)
{
    static const struct { const char *text; double want; } ok[] = {
        { "500MiB/s", 500.0 * MiB }, { "680MB/s", 680e6 }, { "1.5GiB", 1.5 * GiB },
    };
    for (size_t i = 0; i < N(ok); i++) {
        double v = 0;
        CHECK_INT_EQ(prof_parse_rate(ok[i].text, &v), 0);
        CHECK_NEAR_REL(v, ok[i].want, 1e-12);
    }
    for (size_t i = 0; i < N(never_numbers); i++) {
        double v = 0;
        if (strcmp(never_numbers[i], "1") != 0 &&
            prof_parse_rate(never_numbers[i], &v) == 0)
            CHECK_FAIL_AT("prof_parse_rate(\"%s\") accepted (%g)",
                          never_numbers[i], v);
    }
}

/* A rate without a unit is MiB/s, the providers' unit for throughput
   ("gp3:throughput=1000" was 1000 B/s); with a unit it is that unit. */
static void rates_without_a_unit_should_be_mib_per_s(void)
{
    static const struct { const char *text; double want; } ok[] = {
        { "1000", 1000.0 * MiB }, { "1000/s", 1000.0 * MiB },
        { "0.5", 0.5 * MiB }, { "1000B/s", 1000.0 }, { "1000B", 1000.0 },
        { "125MB/s", 125e6 },
    };
    for (size_t i = 0; i < N(ok); i++) {
        double v = 0;
        CHECK_INT_EQ(prof_parse_rate(ok[i].text, &v), 0);
        CHECK_NEAR_REL(v, ok[i].want, 1e-12);
    }
}

/* ---- disk lists ----------------------------------------------------------- */

static void disk_lists_should_refuse_what_they_cannot_read_whole(void)
{
    static const struct { const char *text; int n, first, last, repeated; } ok[] = {
        { "1-16", 16, 1, 16, 0 }, { "1,2,4,8,16", 5, 1, 16, 0 },
        { "2-8,12", 8, 2, 12, 0 }, { "4,4,3-5", 3, 3, 5, 4 },
        { "1024", 1, 1024, 1024, 0 }, { "1024-1024", 1, 1024, 1024, 0 },
        { "8,2,4", 3, 2, 8, 0 }, { "1-8,6-9,3", 9, 1, 9, 3 }, { "5,1,5", 2, 1, 5, 5 },
    };
    char zeros62[128];
    memset(zeros62, '0', 62);
    strcpy(zeros62 + 62, "1junk");          /* cut at 63 it read as "1" */
    char zeros63[128];
    memset(zeros63, '0', 63);
    strcpy(zeros63 + 63, "1");              /* 64 characters: not cut either */
    const char *bad[] = {
        zeros62, zeros63, "", ",", "1,", ",1", "1,,2", "0", "1025", "8-2",
        "1-", "-3", "1--3", "1-2-3", " 1", "1 ", "1, 2", "+1", "1-1025",
        "0x10", "1e2",
    };
    for (size_t i = 0; i < N(ok); i++) {
        int counts[SIM_MAX_SWEEP], n = 0, repeated = -1;
        char why[300] = "";
        int rc = cli_parse_disk_list(ok[i].text, counts, SIM_MAX_SWEEP, &n,
                                     &repeated, why, sizeof why);
        if (rc != 0 || n != ok[i].n || counts[0] != ok[i].first ||
            counts[n - 1] != ok[i].last || repeated != ok[i].repeated)
            CHECK_FAIL_AT("disk list \"%s\": rc %d, %d counts, %d repeated (%s)",
                          ok[i].text, rc, n, repeated, why);
    }
    for (size_t i = 0; i < N(bad); i++) {
        int counts[SIM_MAX_SWEEP], n = -1;
        char why[300] = "";
        int repeated = -1;
        if (cli_parse_disk_list(bad[i], counts, SIM_MAX_SWEEP, &n, &repeated,
                                why, sizeof why) != -EINVAL || n != -1 || !why[0])
            CHECK_FAIL_AT("disk list \"%s\" accepted (%d counts)", bad[i], n);
    }
    /* more counts than fit */
    int counts[4], n = -1, repeated;
    char why[300] = "";
    CHECK_INT_EQ(cli_parse_disk_list("1-5", counts, 4, &n, &repeated, why,
                                     sizeof why), -EINVAL);
    CHECK_STR_EQ(why, "more than 4 disk counts");
    /* the overlong item is named, not cut to what fitted */
    cli_parse_disk_list(zeros62, counts, 4, &n, &repeated, why, sizeof why);
    CHECK(strstr(why, "1junk\" is not a disk count") != NULL);
}

static void burst_levels_should_be_words_or_whole_percentages(void)
{
    static const struct { const char *text; double want; } ok[] = {
        { "full", 1 }, { "empty", 0 }, { "50%", 0.5 }, { "50", 0.5 },
        { "0", 0 }, { "100%", 1 },
    };
    static const char *const bad[] = {
        "101", "-1", " 50", "50 %", "50%%", "%", "5.5",
        "1000000000000000000%",
    };
    for (size_t i = 0; i < N(ok); i++) {
        double v = -1;
        CHECK_INT_EQ(cli_parse_burst(ok[i].text, &v), 0);
        CHECK(v == ok[i].want);
    }
    for (size_t i = 0; i < N(bad); i++) {
        double v = -1;
        if (cli_parse_burst(bad[i], &v) != -EINVAL)
            CHECK_FAIL_AT("cli_parse_burst(\"%s\") accepted (%g)", bad[i], v);
    }
}

static void burst_credits_should_take_a_level_or_carry(void)
{
    static const struct { const char *text; double want; bool carry; } ok[] = {
        { "full", 1, false }, { "empty", 0, false }, { "50%", 0.5, false },
        { "carry", 1, true }, { "carry=empty", 0, true },
        { "carry=25%", 0.25, true }, { "carry=100", 1, true },
    };
    static const char *const bad[] = {
        "carry=", "carry=150", "carryon", "carry:50", "Carry", "carry=x",
    };
    for (size_t i = 0; i < N(ok); i++) {
        double v = -1;
        bool carry = !ok[i].carry;
        CHECK_INT_EQ(cli_parse_burst_credits(ok[i].text, &v, &carry), 0);
        CHECK(v == ok[i].want);
        CHECK(carry == ok[i].carry);
    }
    for (size_t i = 0; i < N(bad); i++) {
        double v = -1;
        bool carry;
        if (cli_parse_burst_credits(bad[i], &v, &carry) != -EINVAL)
            CHECK_FAIL_AT("cli_parse_burst_credits(\"%s\") accepted (%g)", bad[i], v);
    }
}

/* ---- quoting ----------------------------------------------------------- */

static void quote_should_leave_plain_values_alone(void)
{
    char b[CLI_QUOTE_BUF];
    CHECK_STR_EQ(cli_quote("4", b, sizeof b), "4");
    CHECK_STR_EQ(cli_quote("/var/tmp/disk-1.img", b, sizeof b),
                 "/var/tmp/disk-1.img");
    CHECK_STR_EQ(cli_quote("caf\xc3\xa9", b, sizeof b), "caf\xc3\xa9");
    CHECK_STR_EQ(cli_quote("", b, sizeof b), "\"\"");
    CHECK_STR_EQ(cli_quote(NULL, b, sizeof b), "(null)");
}

static void quote_should_escape_what_a_terminal_would_act_on(void)
{
    char b[CLI_QUOTE_BUF];
    CHECK_STR_EQ(cli_quote("4\nx", b, sizeof b), "\"4\\x0ax\"");
    CHECK_STR_EQ(cli_quote("\x1b[31mred", b, sizeof b), "\"\\x1b[31mred\"");
    CHECK_STR_EQ(cli_quote(" -1", b, sizeof b), "\" -1\"");
    CHECK_STR_EQ(cli_quote("a\"b\\c", b, sizeof b), "\"a\\\"b\\\\c\"");
    CHECK_STR_EQ(cli_quote("\x7f", b, sizeof b), "\"\\x7f\"");
    /* C1 CSI (U+009B) and a right-to-left override (U+202E) */
    CHECK_STR_EQ(cli_quote("\xc2\x9b" "2J", b, sizeof b), "\"\\xc2\\x9b2J\"");
    CHECK_STR_EQ(cli_quote("\xe2\x80\xae" "x", b, sizeof b),
                 "\"\\xe2\\x80\\xaex\"");
    /* not UTF-8: a stray continuation byte, a cut sequence, an overlong
       '/', a surrogate */
    CHECK_STR_EQ(cli_quote("a\x80", b, sizeof b), "\"a\\x80\"");
    CHECK_STR_EQ(cli_quote("\xe2\x82", b, sizeof b), "\"\\xe2\\x82\"");
    CHECK_STR_EQ(cli_quote("\xc0\xaf", b, sizeof b), "\"\\xc0\\xaf\"");
    CHECK_STR_EQ(cli_quote("\xed\xa0\x80", b, sizeof b),
                 "\"\\xed\\xa0\\x80\"");
}

static void quote_should_cut_long_values_at_80_characters(void)
{
    char b[CLI_QUOTE_BUF], want[128];
    char *big = malloc(10001);
    memset(big, 'a', 10000);
    big[10000] = '\0';
    snprintf(want, sizeof want, "\"%.80s\"...", big);
    CHECK_STR_EQ(cli_quote(big, b, sizeof b), want);
    big[80] = '\0';                         /* exactly 80: shown whole */
    CHECK_STR_EQ(cli_quote(big, b, sizeof b), big);
    big[80] = 'a';
    big[81] = '\0';
    CHECK_STR_EQ(cli_quote(big, b, sizeof b), want);
    /* escapes count by the columns they take: 20 escaped bytes fill the
       80 columns, so a line of them is no wider than one of letters */
    memset(big, '\x01', 10000);
    big[10000] = '\0';
    cli_quote(big, b, sizeof b);
    CHECK_INT_EQ(strlen(b), 2 + 20 * 4 + 3);
    /* a small buffer cuts at a whole escape and stays terminated */
    char small[16];
    cli_quote(big, small, sizeof small);
    CHECK_LT(strlen(small), sizeof small);
    CHECK_STR_EQ(small + strlen(small) - 4, "\"...");
    CHECK_INT_EQ((strlen(small) - 5) % 4, 0);
    free(big);
}

static void quote_should_be_why_quote_of_the_whole_string(void)
{
    static const char *const v[] = {
        "4", "", "a b", "4\nx", "\x1b[31mred", "caf\xc3\xa9", "\xff\xfe", "a\"b\\c",
    };
    char a[CLI_QUOTE_BUF], b[CLI_QUOTE_BUF];
    for (size_t i = 0; i < N(v); i++)
        CHECK_STR_EQ(cli_quote(v[i], a, sizeof a), why_quote(v[i], strlen(v[i]), b, sizeof b));
    /* why_quote takes a part of a string: up to len, not to the NUL */
    CHECK_STR_EQ(why_quote("gp3:size=1", 3, b, sizeof b), "gp3");
    CHECK_STR_EQ(why_quote("a\nb,c", 3, b, sizeof b), "\"a\\x0ab\"");
    /* a UTF-8 sequence cut by len is not UTF-8 */
    CHECK_STR_EQ(why_quote("\xc3\xa9", 1, b, sizeof b), "\"\\xc3\"");
    /* a small buffer bounds the width, escapes and all */
    char small[20];
    CHECK_STR_EQ(why_quote("m5.large", 8, small, sizeof small), "m5.large");
    CHECK_STR_EQ(why_quote("\x1b\x1b\x1b\x1b\x1b\x1b", 6, small, sizeof small),
                 "\"\\x1b\\x1b\\x1b\"...");
}

static void disk_list_reasons_should_fit_a_message_line(void)
{
    /* an item is shown whole up to 72 characters, in a width its quote
       bounds even when escaped; "asmsim: --volumes <value cut at 80>: "
       leaves the reason 95 characters of the line's 200 */
    char item[128], why[300];
    int counts[SIM_MAX_SWEEP], n, rep;

    memset(item, 'x', 72);
    item[72] = '\0';
    cli_parse_disk_list(item, counts, SIM_MAX_SWEEP, &n, &rep, why, sizeof why);
    CHECK(strstr(why, item) != NULL);
    CHECK_LE(strlen(why), 95);
    memset(item, 'x', 73);
    item[73] = '\0';
    cli_parse_disk_list(item, counts, SIM_MAX_SWEEP, &n, &rep, why, sizeof why);
    CHECK_STR_EQ(why, "an item of 73 characters is not a disk count");
    memset(item, '\x01', 31);
    item[31] = '\0';
    cli_parse_disk_list(item, counts, SIM_MAX_SWEEP, &n, &rep, why, sizeof why);
    CHECK_LE(strlen(why), 95);
    CHECK(strstr(why, "\"...") != NULL);      /* cut, the quote closed */
    memset(item, '\x1b', 72);
    cli_parse_disk_list(item, counts, SIM_MAX_SWEEP, &n, &rep, why, sizeof why);
    CHECK_LE(strlen(why), 95);
    cli_parse_disk_list("1,2,\x1b[2J", counts, SIM_MAX_SWEEP, &n, &rep, why,
                        sizeof why);
    CHECK_STR_EQ(why, "\"\\x1b[2J\" is not a disk count");
    cli_parse_disk_list("9-3", counts, SIM_MAX_SWEEP, &n, &rep, why, sizeof why);
    CHECK_STR_EQ(why, "range \"9-3\" runs backwards");
}

/* ---- layout sizes: one rule for the flags, the file and the layout ------ */

static void layout_sizes_should_have_one_rule(void)
{
    CHECK(lay_stripe_ok(4 * KiB));
    CHECK(lay_stripe_ok(64 * MiB));
    CHECK(!lay_stripe_ok(2 * KiB));
    CHECK(!lay_stripe_ok(128 * MiB));
    CHECK(!lay_stripe_ok(8 * GiB));
    CHECK(!lay_stripe_ok(12 * KiB));
    CHECK(lay_au_ok(MiB));
    CHECK(lay_au_ok(64 * MiB));
    CHECK(!lay_au_ok(128 * MiB));
    CHECK(!lay_au_ok(512 * KiB));

    struct lay_cfg c;
    char why[256];
    lay_cfg_defaults(&c, 4, 64 * GiB);
    c.striping = LAY_RAID0;
    c.stripe_bytes = 8 * GiB;
    CHECK_INT_EQ(lay_cfg_check(&c, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "at most 64MiB") != NULL);

    struct cli_opts o;
    cli_opts_defaults(&o, CLI_RUN);
    CHECK_INT_EQ(cli_opts_set(&o, "stripe", "8GiB", why, sizeof why), -EINVAL);
    CHECK_INT_EQ(cli_opts_set(&o, "stripe", "64MiB", why, sizeof why), 0);
}

/* A layout file in a fresh temporary file. */
static int load_layout(const char *json, char *why, size_t len)
{
    char path[] = "/tmp/test_values.XXXXXX";
    int fd = mkstemp(path);
    struct lay_cfg c;
    int map[LAY_MAX_DISKS], disks = 0;

    if (fd < 0 || write(fd, json, strlen(json)) != (ssize_t)strlen(json)) {
        CHECK_FAIL_AT("cannot write %s", path);
        return 0;
    }
    close(fd);
    lay_cfg_defaults(&c, 4, 64 * GiB);
    int rc = lay_file_load(path, &c, map, &disks, why, len);
    unlink(path);
    return rc;
}

static void layout_file_should_check_and_show_values_as_the_cli_does(void)
{
    char why[512];
    CHECK_INT_EQ(load_layout("{\"stripe\":\"8GiB\"}", why, sizeof why), -EINVAL);
    CHECK(strstr(why, "\"stripe\" \"8GiB\": the raid0 stripe must be a power "
                 "of two from 4KiB to 64MiB") != NULL);
    CHECK_INT_EQ(load_layout("{\"stripe\":\"64MiB\"}", why, sizeof why), 0);
    CHECK_INT_EQ(load_layout("{\"disks\":1e400}", why, sizeof why), -EINVAL);
    CHECK(strstr(why, "null") == NULL);
    CHECK(strstr(why, "\"disks\" (a number out of range): must be an "
                 "integer") != NULL);
    CHECK_INT_EQ(load_layout("{\"striping\":\"\\u001b[2Jcoarse\"}", why,
                             sizeof why), -EINVAL);
    CHECK(strchr(why, '\x1b') == NULL);
    CHECK(strstr(why, "\"\\x1b[2Jcoarse\"") != NULL);
    CHECK_INT_EQ(load_layout("{\"bad\\nkey\":1}", why, sizeof why), -EINVAL);
    CHECK(strchr(why, '\n') == NULL);
    CHECK(strstr(why, "unknown key \"bad\\x0akey\"") != NULL);
}

/* ---- option errors name the argument that is wrong ----------------------- */

static int parse_run(char **argv, int argc, char *why, size_t len)
{
    struct cli_opts *o = calloc(1, sizeof *o);
    cli_opts_defaults(o, CLI_RUN);
    int rc = cli_opts_parse(o, argc, argv, why, len);
    free(o);
    return rc;
}

static void option_errors_should_name_the_bad_argument(void)
{
    char why[512];
    char *a1[] = { "run", "--disks", "4", "-xy", NULL };
    CHECK_INT_EQ(parse_run(a1, 4, why, sizeof why), -EINVAL);
    CHECK_STR_EQ(why, "-xy: unknown option (asmsim's options take two dashes). Try "
                      "'asmsim run --help'.");
    char *a2[] = { "run", "--bogus", NULL };
    CHECK_INT_EQ(parse_run(a2, 2, why, sizeof why), -EINVAL);
    CHECK_STR_EQ(why, "--bogus: unknown option. Try 'asmsim run --help'.");
    char *a3[] = { "run", "--seed", "4", "--disks", NULL };
    CHECK_INT_EQ(parse_run(a3, 4, why, sizeof why), -EINVAL);
    CHECK_STR_EQ(why, "--disks: needs a value. Try 'asmsim run --help'.");
    char *a3b[] = { "run", "--nodes", "--instance", "m5.large", NULL };
    CHECK_INT_EQ(parse_run(a3b, 4, why, sizeof why), -EINVAL);
    CHECK_STR_EQ(why, "--nodes: needs a value. Try 'asmsim run --help'.");
    char *a4[] = { "run", "--seed", " -1", NULL };
    CHECK_INT_EQ(parse_run(a4, 3, why, sizeof why), -EINVAL);
    CHECK(strncmp(why, "--seed \" -1\": not a seed", 24) == 0);
    char *a5[] = { "run", "--disks", "4\nx", NULL };
    CHECK_INT_EQ(parse_run(a5, 3, why, sizeof why), -EINVAL);
    CHECK(strncmp(why, "--disks \"4\\x0ax\": not a disk count", 34) == 0);
}

/* Every valued option but --target is given once: a second is refused,
   naming both values, in either spelling (--x v, --x=v); a value that was
   refused does not count as given. */
static void valued_options_given_twice_should_be_refused(void)
{
    char why[512];
    char *a1[] = { "run", "--volume", "gp3", "--disks", "2", "--volume=io2", NULL };
    CHECK_INT_EQ(parse_run(a1, 6, why, sizeof why), -EINVAL);
    CHECK_STR_EQ(why, "--volume given twice (gp3 and io2); to compare volumes, "
                 "run one sweep per volume");
    char *a2[] = { "run", "--seed", "1", "--seed", "1", NULL };
    CHECK_INT_EQ(parse_run(a2, 5, why, sizeof why), -EINVAL);
    CHECK_STR_EQ(why, "--seed given twice (1 and 1); give it once");
    char *a3[] = { "run", "--quiet", "--quiet", NULL };
    CHECK_INT_EQ(parse_run(a3, 3, why, sizeof why), 0);

    struct cli_opts o;
    cli_opts_defaults(&o, CLI_RUN);
    CHECK_INT_EQ(cli_opts_set(&o, "seed", "x", why, sizeof why), -EINVAL);
    CHECK_INT_EQ(cli_opts_set(&o, "seed", "7", why, sizeof why), 0);
    CHECK_INT_EQ(cli_opts_set(&o, "seed", "8", why, sizeof why), -EINVAL);
    CHECK_STR_EQ(why, "--seed given twice (7 and 8); give it once");
    CHECK_INT_EQ(cli_opts_note_once(&o, "-", "num_disks", "1", why, sizeof why), 0);
    CHECK_INT_EQ(cli_opts_note_once(&o, "-", "num_disks", "2", why, sizeof why),
                 -EINVAL);
    CHECK(strncmp(why, "-num_disks given twice (1 and 2); ", 34) == 0);
}

/* An unknown option is answered with what it was probably meant to be. */
static void unknown_options_should_get_the_likely_meaning(void)
{
    static const struct {
        enum cli_cmd cmd;
        const char *arg, *next, *hint;
    } cases[] = {
        { CLI_SWEEP, "--disks", "4", "did you mean --volumes 4? (sweep takes a "
          "range of disk counts)" },
        { CLI_SWEEP, "--disks=8", NULL, "did you mean --volumes 8? (sweep takes "
          "a range of disk counts)" },
        { CLI_RUN, "--volumes", "1-4", "run takes one disk count, --disks N; for "
          "a range use: asmsim sweep --volumes 1-4" },
        { CLI_RUN, "--volumes", "$(touch X)", "run takes one disk count, --disks N; "
          "for a range use: asmsim sweep --volumes '$(touch X)'" },
        { CLI_SWEEP, "--disks", "`id`", "did you mean --volumes '`id`'? (sweep takes "
          "a range of disk counts)" },
        { CLI_SWEEP, "--disks", "4\033[2J", "did you mean --volumes? (sweep takes "
          "a range of disk counts)" },
        { CLI_RUN, "--volme", "gp3", "did you mean --volume?" },
        { CLI_RUN, "--instanse", NULL, "did you mean --instance?" },
        { CLI_RUN, "-disks", "4", "did you mean --disks?" },
        { CLI_RUN, "-size_large", "1024", "-size_large is ORION's flag: here "
          "--size-large, or use 'asmsim orion'" },
        { CLI_ORION, "--layout", "fine", "--layout is an option of 'asmsim run' "
          "and 'asmsim sweep'; here -simulate" },
        { CLI_ORION, "--volumes", "1-4", "--volumes is an option of 'asmsim "
          "sweep'" },
        { CLI_ORION, "--num_small", "4", "did you mean -num_small? (ORION's "
          "flags take one dash)" },
        { CLI_ORION, "-instance", "m5.large", "did you mean --instance? (model "
          "options take two dashes)" },
        { CLI_ORION, "-disks", "2", "did you mean -num_disks?" },
        { CLI_ORION, "-durration", "2", "did you mean -duration?" },
        { CLI_RUN, "--frobnicate", NULL, "" },
        { CLI_RUN, "--x", NULL, "" },
        { CLI_RUN, "-", NULL, "" },
        { CLI_RUN, "--\x1b[31m", NULL, "" },
    };
    char hint[160];
    for (size_t i = 0; i < N(cases); i++)
        CHECK_STR_EQ(cli_unknown_option_hint(cases[i].cmd, cases[i].arg,
                                             cases[i].next, hint, sizeof hint),
                     cases[i].hint);
    char what[200];
    CHECK_STR_EQ(cli_with_hint("unknown option", "did you mean --seed?", what,
                               sizeof what), "unknown option; did you mean --seed?");
    CHECK_STR_EQ(cli_with_hint("unknown option", "", what, sizeof what),
                 "unknown option.");
}

/* --tui on modelled volumes starts at a pace that shows the whole run in
   about a minute: 28 points of 60 s (ORION's default) at 50x take 34 s. */
static void tui_speed_should_show_the_run_in_about_a_minute(void)
{
    struct cli_opts *o = calloc(1, sizeof *o);
    struct sim_setup cfg;
    char why[512];
    char *a1[] = { "run", "--duration", "60", "--warmup", "0", NULL };

    cli_opts_defaults(o, CLI_RUN);
    CHECK_INT_EQ(cli_opts_parse(o, 5, a1, why, sizeof why), 0);
    CHECK_INT_EQ(cli_opts_resolve(o, &cfg, why, sizeof why), 0);
    CHECK_NEAR_REL(cli_tui_speed(o, &cfg.run), 50.0, 1e-12);
    o->speed = 3;                                   /* --speed 3 */
    CHECK_NEAR_REL(cli_tui_speed(o, &cfg.run), 3.0, 1e-12);

    char *a2[] = { "run", "--disks", "1", "--run", "oltp", NULL };
    cli_opts_defaults(o, CLI_RUN);
    CHECK_INT_EQ(cli_opts_parse(o, 5, a2, why, sizeof why), 0);
    CHECK_INT_EQ(cli_opts_resolve(o, &cfg, why, sizeof why), 0);
    CHECK_NEAR_REL(cli_tui_speed(o, &cfg.run), 1.0, 1e-12);     /* already short */
    o->engine = CLI_ENGINE_NULL;
    CHECK_NEAR_REL(cli_tui_speed(o, &cfg.run), 1.0, 1e-12);

    char *a3[] = { "sweep", NULL };
    cli_opts_defaults(o, CLI_SWEEP);
    CHECK_INT_EQ(cli_opts_parse(o, 1, a3, why, sizeof why), 0);
    CHECK_INT_EQ(cli_opts_resolve(o, &cfg, why, sizeof why), 0);
    double speed = cli_tui_speed(o, &cfg.run);
    CHECK(speed == 10 || speed == 20 || speed == 50);
    free(o);
}

/* The last defence of the one-line rule: a line longer than CLI_LINE_MAX
   characters is cut, at a whole character, with "..."; a short one is
   printed as it is. */
static void error_lines_should_be_cut_at_the_message_limit(void)
{
    char buf[4096], why[1000];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    cli_print_error(f, "asmsim", "short reason");
    fclose(f);
    CHECK_STR_EQ(buf, "asmsim: short reason\n");

    memset(why, 'y', 900);
    memcpy(why + 100, "\xc3\xa9\xc3\xa9\xc3\xa9", 6);    /* multi-byte chars */
    why[900] = '\0';
    f = fmemopen(buf, sizeof buf, "w");
    cli_print_error(f, "asmsim", why);
    fclose(f);
    size_t chars = 0;
    for (const char *p = buf; *p && *p != '\n'; p++)
        chars += ((unsigned char)*p & 0xc0) != 0x80;
    CHECK_INT_EQ(chars, CLI_LINE_MAX);
    CHECK(strstr(buf, "...\n") != NULL);
    CHECK(strchr(buf, '\n') == buf + strlen(buf) - 1);
}

int main(void)
{
    RUN(counts_should_take_plain_digits_in_range);
    RUN(seeds_should_refuse_blanks_and_signs_before_wrapping);
    RUN(decimals_should_be_plain_digits_with_one_point);
    RUN(times_should_take_a_decimal_and_a_unit);
    RUN(sizes_should_be_exact_and_in_range);
    RUN(rates_should_take_a_quantity_and_an_optional_per_second);
    RUN(disk_lists_should_refuse_what_they_cannot_read_whole);
    RUN(burst_levels_should_be_words_or_whole_percentages);
    RUN(burst_credits_should_take_a_level_or_carry);
    RUN(quote_should_leave_plain_values_alone);
    RUN(quote_should_escape_what_a_terminal_would_act_on);
    RUN(quote_should_cut_long_values_at_80_characters);
    RUN(quote_should_be_why_quote_of_the_whole_string);
    RUN(disk_list_reasons_should_fit_a_message_line);
    RUN(layout_sizes_should_have_one_rule);
    RUN(layout_file_should_check_and_show_values_as_the_cli_does);
    RUN(option_errors_should_name_the_bad_argument);
    RUN(rates_without_a_unit_should_be_mib_per_s);
    RUN(valued_options_given_twice_should_be_refused);
    RUN(unknown_options_should_get_the_likely_meaning);
    RUN(tui_speed_should_show_the_run_in_about_a_minute);
    RUN(error_lines_should_be_cut_at_the_message_limit);
    return check_done();
}
