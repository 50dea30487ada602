/*
 * fuzz_cli_values.c - the value parsers of sim/cli/cli_values.c and
 * sim/profiles/profiles_units.c on arbitrary text: integers, unsigned integers,
 * durations, sizes (bare and within ranges), rates, burst-credit levels,
 * test names, and the quoting of user input for messages.
 *
 * Every parser sees the same text.  Contracts (cli_values.h,
 * profiles.h): 0 or -EINVAL; on failure the output is untouched; on
 * success the value is in the documented range (a duration at most
 * CLI_MAX_DURATION_NS, a size inside [min, max] and aligned, a burst level
 * in 0..1, a rate finite and not negative).
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "fuzz.h"
#include "sim/cli/cli.h"
#include "sim/cli/cli_values.h"
#include "sim/profiles/profiles.h"

#define KIB 1024ull
#define MIB (1024ull * 1024ull)
#define POISON_U64 0x5a5a5a5a5a5a5a5aull

static void ints(const char *s)
{
    static const long long ranges[][2] = {
        { 1, 1024 }, { 0, 100 }, { 0, 65536 }, { -1000, 1000 },
        { INT64_MIN, INT64_MAX },
    };

    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++) {
        long long v = (long long)POISON_U64;
        int rc = cli_parse_int(s, ranges[i][0], ranges[i][1], &v);
        FUZZ_CHECK(rc == 0 || rc == -EINVAL);
        if (rc == 0)
            FUZZ_CHECK(v >= ranges[i][0] && v <= ranges[i][1]);
        else
            FUZZ_CHECK(v == (long long)POISON_U64);
    }
    uint64_t u = POISON_U64;
    int rc = cli_parse_u64(s, &u);
    FUZZ_CHECK(rc == 0 || rc == -EINVAL);
    if (rc != 0)
        FUZZ_CHECK(u == POISON_U64);
    else
        FUZZ_CHECK(s[0] >= '0' && s[0] <= '9');     /* no sign, no blank */
}

static void times(const char *s)
{
    sim_ns t = (sim_ns)POISON_U64;
    int rc = cli_parse_time_ns(s, &t);

    FUZZ_CHECK(rc == 0 || rc == -EINVAL || rc == -ERANGE);  /* -ERANGE: above 24h */
    if (rc == 0)
        FUZZ_CHECK(t >= 0 && t <= CLI_MAX_DURATION_NS);
    else
        FUZZ_CHECK(t == (sim_ns)POISON_U64);
}

static void sizes(const char *s)
{
    static const uint64_t r[][3] = {        /* align, min, max */
        { 512, 512, 64 * MIB },             /* --size-small/large */
        { 0, 1 * MIB, 64 * MIB },           /* --au */
        { 4 * KIB, 1 * MIB, 1ull << 50 },   /* --create */
        { 0, 1 * MIB, UINT64_MAX },         /* --size-limit */
    };
    uint64_t b = POISON_U64;
    uint32_t io = (uint32_t)POISON_U64;
    int rc = cli_parse_io_size(s, &io);

    FUZZ_CHECK(rc == 0 || rc == -EINVAL);
    if (rc == 0)
        FUZZ_CHECK(io >= CLI_IO_ALIGN_BYTES && io <= 64 * MIB &&
                   io % CLI_IO_ALIGN_BYTES == 0);
    else
        FUZZ_CHECK(io == (uint32_t)POISON_U64);
    rc = prof_parse_size(s, &b);

    FUZZ_CHECK(rc == 0 || rc == -EINVAL || rc == -ERANGE);   /* -ERANGE: past 2^64 - 1 */
    if (rc != 0)
        FUZZ_CHECK(b == POISON_U64);
    for (size_t i = 0; i < sizeof r / sizeof r[0]; i++) {
        b = POISON_U64;
        rc = cli_parse_size_in(s, r[i][0], r[i][1], r[i][2], &b);
        FUZZ_CHECK(rc == 0 || rc == -EINVAL);
        if (rc != 0) {
            FUZZ_CHECK(b == POISON_U64);
            continue;
        }
        FUZZ_CHECK(b >= r[i][1] && b <= r[i][2]);
        FUZZ_CHECK(r[i][0] == 0 || b % r[i][0] == 0);
        char text[64];
        prof_format_size(b, text, sizeof text);
        FUZZ_CHECK(memchr(text, '\0', sizeof text) != NULL);
    }
}

static void rates_and_levels(const char *s)
{
    double r = -12345.0, frac = -12345.0;
    int rc = prof_parse_rate(s, &r);

    FUZZ_CHECK(rc == 0 || rc == -EINVAL);
    if (rc == 0)
        FUZZ_CHECK(isfinite(r) && r >= 0);
    else
        FUZZ_CHECK(r == -12345.0);
    rc = cli_parse_burst(s, &frac);
    FUZZ_CHECK(rc == 0 || rc == -EINVAL);
    if (rc == 0)
        FUZZ_CHECK(frac >= 0.0 && frac <= 1.0);
    else
        FUZZ_CHECK(frac == -12345.0);
    {
        double level = -1.0;
        bool carry = false;
        rc = cli_parse_burst_credits(s, &level, &carry);
        FUZZ_CHECK(rc == 0 || rc == -EINVAL);
        if (rc == 0)
            FUZZ_CHECK(level >= 0.0 && level <= 1.0);
    }
    if (cli_testname_ok(s))
        FUZZ_CHECK(strlen(s) >= 1 && strlen(s) <= CLI_TESTNAME_MAX &&
                   strchr(s, '/') == NULL);
}

#ifdef CLI_QUOTE_BUF
/* cli_quote(): always terminated inside the buffer, never a control byte
   in what it writes, even with a buffer too small for the whole value. */
static void quoting(const char *s)
{
    static const size_t lens[] = { CLI_QUOTE_BUF, 16, 1 };
    char buf[CLI_QUOTE_BUF];

    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        memset(buf, 'x', sizeof buf);
        FUZZ_CHECK(cli_quote(s, buf, lens[i]) == buf);
        FUZZ_CHECK(memchr(buf, '\0', lens[i]) != NULL);
        for (const unsigned char *p = (const unsigned char *)buf; *p; p++)
            FUZZ_CHECK(*p >= 0x20 && *p != 0x7f);
    }
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_text(data, size);

    ints(s);
    times(s);
    sizes(s);
    rates_and_levels(s);
#ifdef CLI_QUOTE_BUF
    quoting(s);
#endif
    free(s);
    return 0;
}
