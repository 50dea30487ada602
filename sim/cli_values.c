/*
 * cli_values.c - the value parsers behind every option of run, sweep and
 * orion: integers, sizes, durations, burst-credit levels, disk-count lists
 * and test names.
 *
 * Each parser checks the whole text and the range in one step and returns
 * 0 or -EINVAL; none of them prints, and only cli_parse_disk_list says why
 * (its lists have several ways to be wrong).  The option setters
 * (cli_options.c, cli_orion.c) turn a failure into the user-facing
 * "<flag> <value>: <what is wrong>; <what is valid>" line, because only
 * they know the flag and what would be valid.
 *
 * Invariants: on failure *out is left untouched; signs are refused where a
 * value cannot be negative (strtoull would otherwise wrap "-1" around), and
 * a duration is never above CLI_MAX_DURATION_NS.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/cli.h"

int cli_parse_int(const char *text, long long min, long long max,
                  long long *out)
{
    char *end;
    long long v;

    if (!text || !*text)
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

    if (!text || !*text || *text == '-' || *text == '+')
        return -EINVAL;
    errno = 0;
    v = strtoull(text, &end, 10);
    if (errno || *end)
        return -EINVAL;
    *out = v;
    return 0;
}

int cli_parse_time_ns(const char *text, sim_ns *out)
{
    static const struct { const char *unit; double ns; } units[] = {
        { "", 1e9 }, { "s", 1e9 }, { "ms", 1e6 }, { "us", 1e3 },
        { "ns", 1.0 }, { "m", 60e9 }, { "min", 60e9 }, { "h", 3600e9 },
    };
    char *end;
    double v;

    if (!text || !*text || *text == '-' || *text == '+')
        return -EINVAL;
    errno = 0;
    v = strtod(text, &end);
    if (errno || end == text || !isfinite(v) || v < 0)
        return -EINVAL;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (strcmp(end, units[i].unit) == 0) {
            double ns = v * units[i].ns;
            if (ns > (double)CLI_MAX_DURATION_NS)
                return -EINVAL;
            *out = (sim_ns)llround(ns);
            return 0;
        }
    }
    return -EINVAL;
}

/* One item of a disk list: "N" or "A-B". */
static int parse_disk_item(const char *item, bool *seen, char *why,
                           size_t why_len)
{
    long long lo, hi;
    char buf[64];
    char *dash;

    if (strlen(item) >= sizeof buf || !*item) {
        snprintf(why, why_len, "empty or overlong item \"%s\"", item);
        return -EINVAL;
    }
    strcpy(buf, item);
    dash = strchr(buf, '-');
    if (dash)
        *dash = '\0';
    if (cli_parse_int(buf, 1, LAY_MAX_DISKS, &lo) != 0 ||
        cli_parse_int(dash ? dash + 1 : buf, 1, LAY_MAX_DISKS, &hi) != 0) {
        snprintf(why, why_len, "\"%s\" is not a disk count or range of "
                 "counts in 1..%d", item, LAY_MAX_DISKS);
        return -EINVAL;
    }
    if (hi < lo) {
        snprintf(why, why_len, "range \"%s\" runs backwards", item);
        return -EINVAL;
    }
    for (long long n = lo; n <= hi; n++)
        seen[n] = true;
    return 0;
}

int cli_parse_disk_list(const char *text, int *counts, int max_counts,
                        int *n_out, char *why, size_t why_len)
{
    bool seen[LAY_MAX_DISKS + 1] = { false };
    char item[64];
    const char *p = text;
    int n = 0;

    if (!text || !*text) {
        snprintf(why, why_len, "empty list");
        return -EINVAL;
    }
    for (;;) {
        size_t len = strcspn(p, ",");
        if (len >= sizeof item)
            len = sizeof item - 1;
        memcpy(item, p, len);
        item[len] = '\0';
        int rc = parse_disk_item(item, seen, why, why_len);
        if (rc)
            return rc;
        p += strcspn(p, ",");
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
    }
    *n_out = n;
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

bool cli_is_pow2(uint64_t v) { return v && !(v & (v - 1)); }

int cli_parse_burst(const char *text, double *frac)
{
    char buf[16];
    size_t len = strlen(text);
    long long pct;

    if (strcmp(text, "full") == 0) {
        *frac = 1.0;
        return 0;
    }
    if (strcmp(text, "empty") == 0) {
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
