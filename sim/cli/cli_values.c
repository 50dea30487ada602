/*
 * cli_values.c - the value parsers behind every option of run, sweep and
 * orion: integers, plain decimals, sizes, durations, burst-credit levels,
 * disk-count lists and test names; and cli_quote, the one way a message
 * echoes what the user typed.
 *
 * Each parser checks the whole text and the range in one step and returns
 * 0 or -EINVAL; none of them prints, and only cli_parse_disk_list says why
 * (its lists have several ways to be wrong).  The option setters
 * (cli_options.c, cli_orion.c) turn a failure into the user-facing
 * "<flag> <value>: <what is wrong>; <what is valid>" line, because only
 * they know the flag and what would be valid.
 *
 * Strict by construction: a number starts with a digit (or '-' where a
 * value may be negative), so the leading blanks, '+', "0x", "inf" and
 * "nan" that strtoll/strtoull/strtod would take are refused before those
 * functions see the text (" -1" used to become 2^64 - 1 as a seed);
 * decimals are "<digits>[.<digits>]", no exponent; nothing may follow the
 * number but the unit.  No text is ever cut to fit a buffer: an item too
 * long for one is an error (a 63-character cut once turned
 * "<62 zeros>1junk" into disk count 1).
 *
 * Invariants: on failure *out is left untouched, and a duration is never
 * above CLI_MAX_DURATION_NS.
 *
 * Quoting: cli_quote leaves a plain value (printable UTF-8, no blank,
 * quote or backslash, at most 80 characters) as it is, so messages about
 * ordinary values read as they always did, and otherwise quotes it,
 * escapes control characters (C0, DEL, C1, bidi controls) and bytes that
 * are not UTF-8 as \xNN, and cuts it at 80 characters with "...": a
 * newline cannot split the one-line message, an ESC sequence cannot reach
 * the terminal, a 10,000-character argument is not echoed whole.  The rule
 * itself is why_quote (layouts/why.h), which the profiles and the session
 * use too, so a reason from the core quotes input exactly as the CLI does.
 * A value in a command printed to be pasted is no display: cli_paste_word
 * gives it as a shell word (sim_shell_word), and refuses what a terminal
 * would act on, so the caller shows that with cli_quote instead.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sim/cli/cli.h"
#include "workloads/duration.h"

/* The text starts a decimal number the way a user writes one: a digit, or
   (when negative values are allowed) '-' and a digit.  strtoll/strtoull/
   strtod would also skip leading blanks and take '+', "0x", "inf" and
   "nan"; refusing them here keeps " -1" from wrapping round to 2^64 - 1. */
static bool starts_decimal(const char *text, bool minus_ok)
{
    if (minus_ok && *text == '-')
        text++;
    return *text >= '0' && *text <= '9';
}

int cli_parse_int(const char *text, long long min, long long max,
                  long long *out)
{
    char *end;
    long long v;

    if (!text || !starts_decimal(text, min < 0))
        return -EINVAL;
    errno = 0;
    v = strtoll(text, &end, 10);
    if (errno || *end || end == text || v < min || v > max)
        return -EINVAL;
    *out = v;
    return 0;
}

int cli_parse_u64(const char *text, uint64_t *out)
{
    char *end;
    unsigned long long v;

    if (!text || !starts_decimal(text, false))
        return -EINVAL;
    errno = 0;
    v = strtoull(text, &end, 10);
    if (errno || *end)
        return -EINVAL;
    *out = v;
    return 0;
}

int cli_parse_double(const char *text, double min, double max, double *out)
{
    size_t len;
    double v;

    if (!text || (len = wl_decimal_len(text)) == 0 || text[len])
        return -EINVAL;
    v = wl_decimal_value(text, len);
    if (!isfinite(v) || v < min || v > max)
        return -EINVAL;
    *out = v;
    return 0;
}

int cli_parse_time_ns(const char *text, sim_ns *out)
{
    double ns;

    if (wl_duration_ns(text, &ns) != 0)
        return -EINVAL;
    if (ns > (double)CLI_MAX_DURATION_NS)
        return -ERANGE;
    *out = (sim_ns)llround(ns);
    return 0;
}

static char *cli_quote_always(const char *s, char *buf, size_t n);

/* Characters of an item a reason shows whole; a longer one is named by its
   length.  With the flag and the value (cut at CLI_QUOTE_CHARS) in front,
   "asmsim: --volumes <value>: "<item>" is not a disk count" stays within
   the 200 characters of a message line.  The buffer an item is quoted into
   bounds it the same way when it has to be escaped. */
#define ITEM_SHOWN_CHARS 72
#define ITEM_QUOTE_BUF (ITEM_SHOWN_CHARS + 3)

/* One item of a disk list, len characters at item: "N" or "A-B"; a count
   seen before is marked in repeated. */
static int parse_disk_item(const char *item, size_t len, bool *seen,
                           bool *repeated, char *why, size_t why_len)
{
    long long lo, hi;
    char buf[32];
    char q[ITEM_QUOTE_BUF];
    char *dash;

    if (len == 0) {
        snprintf(why, why_len, "empty item");
        return -EINVAL;
    }
    /* the longest valid item is "1024-1024"; anything that does not fit
       is refused whole, never cut to fit */
    if (len >= sizeof buf) {
        if (len > ITEM_SHOWN_CHARS) {   /* the flag's value shows it already */
            snprintf(why, why_len, "an item of %zu characters is not a disk "
                     "count", len);
            return -EINVAL;
        }
        char shown[ITEM_SHOWN_CHARS + 1];
        memcpy(shown, item, len);
        shown[len] = '\0';
        snprintf(why, why_len, "%s is not a disk count",
                 cli_quote_always(shown, q, sizeof q));
        return -EINVAL;
    }
    memcpy(buf, item, len);
    buf[len] = '\0';
    dash = strchr(buf, '-');
    if (dash)
        *dash = '\0';
    if (cli_parse_int(buf, 1, LAY_MAX_DISKS, &lo) != 0 ||
        cli_parse_int(dash ? dash + 1 : buf, 1, LAY_MAX_DISKS, &hi) != 0) {
        if (dash)
            *dash = '-';
        snprintf(why, why_len, "%s is not a disk count",
                 cli_quote_always(buf, q, sizeof q));
        return -EINVAL;
    }
    if (hi < lo) {
        *dash = '-';
        snprintf(why, why_len, "range %s runs backwards",
                 cli_quote_always(buf, q, sizeof q));
        return -EINVAL;
    }
    for (long long n = lo; n <= hi; n++) {
        repeated[n] |= seen[n];
        seen[n] = true;
    }
    return 0;
}

int cli_parse_disk_list(const char *text, int *counts, int max_counts,
                        int *n_out, int *repeated, char *why, size_t why_len)
{
    bool seen[LAY_MAX_DISKS + 1] = { false };
    bool twice[LAY_MAX_DISKS + 1] = { false };
    int first_twice = 0;
    const char *p = text;
    int n = 0;

    if (!text || !*text) {
        snprintf(why, why_len, "empty list");
        return -EINVAL;
    }
    for (;;) {
        size_t len = strcspn(p, ",");
        int rc = parse_disk_item(p, len, seen, twice, why, why_len);
        if (rc)
            return rc;
        p += len;
        if (!*p)
            break;
        p++;
    }
    for (int d = 1; d <= LAY_MAX_DISKS; d++) {
        if (!seen[d])
            continue;
        if (n == max_counts) {
            snprintf(why, why_len, "more than %d disk counts", max_counts);
            return -EINVAL;
        }
        counts[n++] = d;
        if (twice[d] && !first_twice)
            first_twice = d;
    }
    *n_out = n;
    *repeated = first_twice;
    return 0;
}

bool cli_testname_ok(const char *name)
{
    size_t len = strlen(name);

    if (len == 0 || len > CLI_TESTNAME_MAX)
        return false;
    return strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                        "0123456789._-") == len;
}

int cli_parse_size_in(const char *text, uint64_t align, uint64_t min,
                         uint64_t max, uint64_t *out)
{
    uint64_t v;

    if (prof_parse_size(text, &v) != 0 || v < min || v > max ||
        (align && v % align))
        return -EINVAL;
    *out = v;
    return 0;
}

int cli_parse_io_size(const char *text, uint32_t *out)
{
    uint64_t b;

    if (cli_parse_size_in(text, CLI_IO_ALIGN_BYTES, CLI_IO_ALIGN_BYTES,
                          WL_IO_MAX_BYTES, &b) != 0)
        return -EINVAL;
    *out = (uint32_t)b;
    return 0;
}

int cli_parse_burst(const char *text, double *frac)
{
    char buf[16];
    size_t len = strlen(text);
    long long pct;

    if (strcasecmp(text, "full") == 0) {
        *frac = 1.0;
        return 0;
    }
    if (strcasecmp(text, "empty") == 0) {
        *frac = 0.0;
        return 0;
    }
    if (len == 0 || len >= sizeof buf)
        return -EINVAL;
    strcpy(buf, text);
    if (buf[len - 1] == '%')
        buf[len - 1] = '\0';
    if (cli_parse_int(buf, 0, 100, &pct) != 0)
        return -EINVAL;
    *frac = (double)pct / 100.0;
    return 0;
}

int cli_parse_burst_credits(const char *text, double *frac, bool *carry)
{
    static const char carry_word[] = "carry";
    size_t n = sizeof carry_word - 1;

    if (strncmp(text, carry_word, n) != 0 ||
        (text[n] != '\0' && text[n] != '=')) {
        *carry = false;
        return cli_parse_burst(text, frac);
    }
    *carry = true;
    if (text[n] == '\0') {
        *frac = 1.0;
        return 0;
    }
    return cli_parse_burst(text + n + 1, frac);
}

bool cli_value_is_option(const char *arg)
{
    return arg && arg[0] == '-' && arg[1] == '-' &&
           (arg[2] == '\0' || isalpha((unsigned char)arg[2]));
}

bool cli_optarg_is_option(const char *optarg_, char *const *argv, int optind_)
{
    return optarg_ && optind_ > 0 && optarg_ == argv[optind_ - 1] &&
           cli_value_is_option(optarg_);
}

char *cli_quote(const char *s, char *buf, size_t n)
{
    return why_quote(s, s ? strlen(s) : 0, buf, n);
}

const char *cli_paste_word(const char *s, char *out, size_t len)
{
    if (SIM_SHELL_WORD_BUF(strlen(s)) > len)
        return NULL;
    cli_escape(s, out, len);
    if (strcmp(out, s) != 0)
        return NULL;
    return sim_shell_word(s, out, len);
}

/* cli_quote, in double quotes even when the value is plain: for messages
   that have always shown the item in quotes ("8-2" runs backwards).  The
   quotes count against n like the rest, so the result fits n however
   much of the value had to be escaped or cut. */
static char *cli_quote_always(const char *s, char *buf, size_t n)
{
    size_t len;

    if (n < 4)
        return cli_quote(s, buf, n);
    cli_quote(s, buf + 1, n - 2);               /* room for two quotes */
    len = strlen(buf + 1);
    if (buf[1] == '"') {                        /* quoted already */
        memmove(buf, buf + 1, len + 1);
    } else {
        buf[0] = '"';
        buf[len + 1] = '"';
        buf[len + 2] = '\0';
    }
    return buf;
}

/* ---- spelling the fields of a pure layer's reason ------------------------ */

struct field_spelling {
    const char *field, *native, *orion;
};

/* Fields the layers name, and the flags that set them.  A field not listed
   is spelled "--field" (with '_' as '-') natively and the same in orion,
   which takes the native model options too. */
static const struct field_spelling spellings[] = {
    { "num_small", "--num-small", "-num_small" },
    { "num_large", "--num-large", "-num_large" },
    { "num_disks", "--disks", "-num_disks" },
    { "run", "--run", "-run" },
    { "matrix", "--matrix", "-matrix" },
    { "write", "--write", "-write" },
    { "type", "--type", "-type" },
    { "size_small", "--size-small", "-size_small" },
    { "size_large", "--size-large", "-size_large" },
    { "layout", "--layout", "-simulate" },
    { "stripe", "--stripe", "-stripe" },
};

static const char *spell_flag(const char *field, void *arg)
{
    static _Thread_local char buf[48];
    bool orion = *(const bool *)arg;

    for (size_t i = 0; i < sizeof spellings / sizeof *spellings; i++)
        if (strcmp(spellings[i].field, field) == 0)
            return orion ? spellings[i].orion : spellings[i].native;
    snprintf(buf, sizeof buf, "--%s", field);
    for (char *c = buf + 2; *c; c++)
        if (*c == '_')
            *c = '-';
    return buf;
}

void cli_spell_fields(char *why, size_t len, bool orion)
{
    why_spell(why, len, spell_flag, &orion);
}

char *cli_escape(const char *src, char *dst, size_t n)
{
    const unsigned char *p = (const unsigned char *)src;
    size_t left = strlen(src), used = 0;

    while (left > 0) {
        char piece[16];
        size_t plen;
        bool escaped;
        size_t took = why_next_shown(p, left, piece, &plen, &escaped);
        if (used + plen >= n)
            break;                  /* a whole character or nothing */
        memcpy(dst + used, piece, plen);
        used += plen;
        p += took;
        left -= took;
    }
    if (n > 0)
        dst[used] = '\0';
    return dst;
}

int cli_usage_error(const char *cmd, const char *msg, const char *arg)
{
    char q[CLI_QUOTE_BUF];

    if (arg)
        fprintf(stderr, "asmsim %s: %s: %s. Try 'asmsim %s --help'.\n", cmd,
                cli_quote(arg, q, sizeof q), msg, cmd);
    else
        fprintf(stderr, "asmsim %s: %s. Try 'asmsim %s --help'.\n", cmd, msg, cmd);
    return 2;
}

void cli_print_error(FILE *f, const char *prefix, const char *why)
{
    char raw[CLI_LINE_MAX * 4 + 1], line[sizeof raw * 4];
    int n = snprintf(raw, sizeof raw, "%s: %s", prefix, why);

    cli_escape(n < 0 ? "" : raw, line, sizeof line);
    size_t len = strlen(line), chars = 0, cut = len;

    for (size_t i = 0; i < len; i++)    /* count characters, not bytes */
        if (((unsigned char)line[i] & 0xc0) != 0x80 && ++chars > CLI_LINE_MAX - 3 &&
            cut == len)
            cut = i;
    if (chars > CLI_LINE_MAX)
        snprintf(line + cut, sizeof line - cut, "...");
    fprintf(f, "%s\n", line);
}

int cli_parse_latency_us(const char *text, double *us)
{
    static const struct { const char *unit; double us; } units[] = {
        { "us", 1 }, { "ms", 1e3 }, { "s", 1e6 } };
    char num[32];

    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        size_t n = strlen(text), u = strlen(units[i].unit);
        double v;
        if (n <= u || n - u >= sizeof num || strcmp(text + n - u, units[i].unit) != 0)
            continue;
        memcpy(num, text, n - u);
        num[n - u] = '\0';
        if (cli_parse_double(num, 0.001, 1e9, &v) != 0)
            return -EINVAL;
        *us = v * units[i].us;
        return 0;
    }
    return -EINVAL;
}
