/*
 * duration.c - a time written as a DBA writes it (duration.h): the plain
 * decimals, and the terms of a duration, each a decimal and its unit.
 *
 * A unit is the longest name at that place that is followed by a digit
 * or the end, so "ms" is milliseconds, not minutes then seconds, and
 * "1m5" is not a duration.  Terms go from the largest unit down, each at
 * most once ("min" and "m" are one), so 30m1h and 1m1m are refused rather
 * than added up.
 */
#include "workloads/duration.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t wl_decimal_len(const char *text)
{
    size_t i = strspn(text, "0123456789");

    if (i == 0)
        return 0;
    if (text[i] == '.') {
        size_t f = strspn(text + i + 1, "0123456789");
        if (f == 0)
            return 0;
        i += 1 + f;
    }
    return i;
}

double wl_decimal_value(const char *text, size_t len)
{
    char buf[64];

    if (len >= sizeof buf)
        return INFINITY;
    memcpy(buf, text, len);
    buf[len] = '\0';
    return strtod(buf, NULL);
}

/* The units, largest first; rank orders the terms. */
static const struct time_unit { const char *name; double ns; int rank; } units[] = {
    { "d", 86400e9, 0 }, { "h", 3600e9, 1 }, { "min", 60e9, 2 }, { "m", 60e9, 2 },
    { "s", 1e9, 3 }, { "ms", 1e6, 4 }, { "us", 1e3, 5 }, { "ns", 1, 6 },
};

/* The unit at text (its name's length in *len), or NULL. */
static const struct time_unit *unit_at(const char *text, size_t *len)
{
    const struct time_unit *best = NULL;

    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        size_t n = strlen(units[i].name);
        if (strncmp(text, units[i].name, n) == 0 &&         /* text[n] is then in text */
            (text[n] == '\0' || (text[n] >= '0' && text[n] <= '9')) &&
            (!best || n > *len)) {
            best = &units[i];
            *len = n;
        }
    }
    return best;
}

int wl_duration_ns(const char *text, double *ns)
{
    double sum = 0;
    int last_rank = -1;
    size_t len;

    if (!text || !*text)
        return -1;
    for (const char *p = text; *p; ) {
        if ((len = wl_decimal_len(p)) == 0)
            return -1;
        double v = wl_decimal_value(p, len);
        p += len;
        if (!*p && p - len == text) {       /* a bare decimal: seconds */
            sum = v * 1e9;
            break;
        }
        size_t unit_len = 0;
        const struct time_unit *u = unit_at(p, &unit_len);
        if (!isfinite(v) || !u || u->rank <= last_rank)
            return -1;
        last_rank = u->rank;
        sum += v * u->ns;
        p += unit_len;
    }
    if (!isfinite(sum))
        return -1;
    *ns = sum;
    return 0;
}
