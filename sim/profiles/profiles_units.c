/*
 * profiles_units.c - sizes, rates and counts as users write them, and as
 * the canonical specs and messages write them back.
 *
 * Parsing.  A quantity is "<digits>[.<digits>][spaces]<unit>"; units are
 * case-insensitive, binary or decimal as spelled (k/KiB = 2^10, KB =
 * 10^3, and so on up to T/TiB/TB), none or "B" meaning bytes.  A size must
 * come out a whole, non-zero number of bytes and is computed exactly in
 * integers (the fraction over a power of ten, checked for overflow), so
 * "1.5GiB" is exact and "1.3B" is refused.  A rate is a quantity with an
 * optional "/s" and may be fractional; a rate without a unit is MiB/s,
 * the unit EBS and the dashboard's prompt state throughput in, so
 * "throughput=1000" is 1000 MiB/s and not 1000 B/s (which reads as a
 * typo and modelled a volume a million times too slow).  Counts (IOPS,
 * VPU, OCPUs) are plain digits up to a caller's maximum.
 *
 * Formatting.  Canonical specs use the compact form: the largest unit that
 * divides exactly, no space ("250GiB", "1024GB", "1500B"), so a spec parses
 * back to the same bytes; rates prefer MiB/s and MB/s.  The rule is
 * units_fmt_exact (layouts/units.h), shared with the layouts' messages and
 * the dashboard, here with the decimal units too.  Messages use
 * prof_fmt_mibps and the *_msg forms, which keep a number from the input
 * short (exact while short, rounded when not: a reason has a bounded
 * width, profiles_internal.h), and reports prof_format_size ("125 GiB",
 * "1.50 KiB").
 *
 * Nothing here keeps state; the tables are const.
 */
#include "sim/profiles/profiles_internal.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

struct unit {
    const char *name;
    uint64_t bytes;
};

/* "250GiB", "1024GB", "1500B": exact, no space, parses back with
   prof_parse_size; binary and decimal units up to TiB (units.h). */
void prof_fmt_compact(uint64_t bytes, char *buf, size_t len)
{
    units_fmt_exact(bytes, TIB, true, buf, len);
}

void prof_fmt_rate(double bytes_per_s, char *buf, size_t len)
{
    if (bytes_per_s >= 1 && bytes_per_s < 1.8e19 && bytes_per_s == floor(bytes_per_s)) {
        char b[32];
        /* rates read best in MiB/s and MB/s: no unit above MiB */
        units_fmt_exact((uint64_t)bytes_per_s, MIB, true, b, sizeof b);
        snprintf(buf, len, "%s/s", b);
    } else {
        snprintf(buf, len, "%.3fB/s", bytes_per_s);
    }
}

/* MiB/s for messages: "750MiB/s", "750.25MiB/s". */
void prof_fmt_mibps(double bytes_per_s, char *buf, size_t len)
{
    double mib = bytes_per_s / MIB_PER_S;
    if (mib == floor(mib))
        snprintf(buf, len, "%.0fMiB/s", mib);
    else
        snprintf(buf, len, "%.2fMiB/s", mib);
}

void prof_fmt_count_msg(double v, char *buf, size_t len)
{
    if (fabs(v) < 1e10)
        snprintf(buf, len, "%.0f", v);
    else
        snprintf(buf, len, "%.3g", v);
}

void prof_fmt_rate_msg(double bytes_per_s, char *buf, size_t len)
{
    char exact[64];

    prof_fmt_rate(bytes_per_s, exact, sizeof exact);
    if (strlen(exact) <= 11)
        snprintf(buf, len, "%s", exact);
    else
        snprintf(buf, len, "%.3gB/s", bytes_per_s);
}

void prof_fmt_size_msg(const char *compact, double gib, char *buf, size_t len)
{
    if (strlen(compact) <= 12)
        snprintf(buf, len, "%s", compact);
    else
        snprintf(buf, len, "%.3fGiB", floor(gib * 1000) / 1000);
}

struct quantity {
    uint64_t int_part;
    uint64_t frac;          /* fraction digits as an integer ... */
    uint64_t frac_scale;    /* ... over this power of ten */
    uint64_t unit_bytes;
    bool too_many_digits;   /* the whole part is past 2^64 - 1 (held
                               there): a size too large, not a typo */
};

static const struct unit parse_units[] = {
    { "", 1 }, { "b", 1 },
    { "k", KIB }, { "kib", KIB }, { "kb", KB },
    { "m", MIB }, { "mib", MIB }, { "mb", MB },
    { "g", GIB }, { "gib", GIB }, { "gb", GB },
    { "t", TIB }, { "tib", TIB }, { "tb", TB },
};

/* "<digits>[.<digits>][spaces]<unit>" over exactly len characters. */
static int parse_quantity(const char *s, size_t len, struct quantity *q)
{
    size_t i = 0;
    *q = (struct quantity){ .frac_scale = 1 };
    if (len == 0 || !isdigit((unsigned char)s[0]))
        return -EINVAL;
    for (; i < len && isdigit((unsigned char)s[i]); i++) {
        uint64_t d = (uint64_t)(s[i] - '0');
        if (__builtin_mul_overflow(q->int_part, 10u, &q->int_part) ||
            __builtin_add_overflow(q->int_part, d, &q->int_part)) {
            q->too_many_digits = true;
            q->int_part = UINT64_MAX;
        }
    }
    if (i < len && s[i] == '.') {
        i++;
        if (i >= len || !isdigit((unsigned char)s[i]))
            return -EINVAL;
        for (int digits = 0; i < len && isdigit((unsigned char)s[i]); i++, digits++) {
            if (digits >= 18)
                return -EINVAL;
            q->frac = q->frac * 10 + (uint64_t)(s[i] - '0');
            q->frac_scale *= 10;
        }
    }
    size_t blanks = i;
    while (i < len && s[i] == ' ')
        i++;
    if (i > blanks && i == len)
        return -EINVAL;                 /* blanks only before a unit: "1 " */
    size_t ulen = len - i;
    for (size_t u = 0; u < sizeof parse_units / sizeof parse_units[0]; u++)
        if (strlen(parse_units[u].name) == ulen &&
            strncasecmp(parse_units[u].name, s + i, ulen) == 0) {
            q->unit_bytes = parse_units[u].bytes;
            return 0;
        }
    return -EINVAL;
}

int prof_parse_size(const char *text, uint64_t *bytes_out)
{
    struct quantity q;
    uint64_t bytes;
    if (!text || parse_quantity(text, strlen(text), &q) < 0)
        return -EINVAL;
    if (q.too_many_digits || __builtin_mul_overflow(q.int_part, q.unit_bytes, &bytes))
        return -ERANGE;
    unsigned __int128 frac_bytes = (unsigned __int128)q.frac * q.unit_bytes;
    if (frac_bytes % q.frac_scale != 0)
        return -EINVAL;                 /* not a whole number of bytes */
    if (__builtin_add_overflow(bytes, (uint64_t)(frac_bytes / q.frac_scale), &bytes))
        return -ERANGE;
    if (bytes == 0)
        return -EINVAL;
    *bytes_out = bytes;
    return 0;
}

int prof_parse_rate(const char *text, double *bytes_per_s_out)
{
    struct quantity q;
    if (!text)
        return -EINVAL;
    size_t len = strlen(text);
    if (len >= 2 && text[len - 2] == '/' && tolower((unsigned char)text[len - 1]) == 's')
        len -= 2;
    if (parse_quantity(text, len, &q) < 0 || q.too_many_digits)
        return -EINVAL;
    if (isdigit((unsigned char)text[len - 1]))
        q.unit_bytes = MIB;             /* a bare number: MiB/s */
    double v = ((double)q.int_part + (double)q.frac / (double)q.frac_scale) *
               (double)q.unit_bytes;
    if (!(v > 0) || !isfinite(v))
        return -EINVAL;
    *bytes_per_s_out = v;
    return 0;
}

void prof_format_size(uint64_t bytes, char *buf, size_t len)
{
    static const char *const names[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
    int u = 0;
    while (u < 6 && bytes >= (1ull << (10 * (u + 1))))
        u++;
    uint64_t unit = 1ull << (10 * u);
    if (bytes % unit == 0)
        snprintf(buf, len, "%llu %s", (unsigned long long)(bytes / unit), names[u]);
    else
        snprintf(buf, len, "%.2f %s", (double)bytes / (double)unit, names[u]);
}

/* A whole number up to max: "3000".  -EINVAL otherwise. */
int prof_parse_count(const char *text, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    if (!isdigit((unsigned char)text[0]))
        return -EINVAL;
    for (const char *p = text; *p; p++) {
        if (!isdigit((unsigned char)*p))
            return -EINVAL;
        v = v * 10 + (uint64_t)(*p - '0');
        if (v > max)
            return -EINVAL;
    }
    *out = v;
    return 0;
}
