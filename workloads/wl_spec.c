/*
 * wl_spec.c - the checks of a workload's classes (wl_spec.h): the one
 * place that says what a valid class is, whoever built it (a workload
 * file, a preset, the command line).
 *
 * A front end parses its own syntax and checks that a value fits the C
 * field; the ranges are judged here, so a file and the command line
 * cannot disagree about them.  The rules:
 *
 *   name, group    1..31 of [A-Za-z0-9_.-] (group "" = the run's first)
 *   sizes          1..WL_MAX_SIZES sizes, each a multiple of 512 B from
 *                  512 B to 64 MiB (WL_IO_SIZE_RULE, the --size-small
 *                  rule), none twice, weights 1..WL_MAX_WEIGHT
 *   streams        1..WL_MAX_STREAMS, stream_io 1..WL_MAX_STREAM_IO
 *   write_pct      0..100
 *   skew           hot: 0 < frac < 1, 0 < share <= 1; zipf: 0 < theta <
 *                  10; random classes only (a sequential class walks its
 *                  streams, it has no access skew)
 *   loop           closed: outstanding 1..WL_MAX_OUTSTANDING (random;
 *                  sequential keeps streams x stream_io and ignores it);
 *                  open: 0 < rate_iops <= 10^7, finite
 *
 * A reason starts with the class ("class redo: ") and names the field in
 * braces ("{write}"), which the front end spells as its users write it
 * (why_spell): "write" in a workload file, an option on the command line.
 * Names in reasons are quoted as all user input is (why_quote).
 */
#include "workloads/wl_spec.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "layouts/units.h"
#include "layouts/why.h"
#include "workloads/workload.h"         /* WL_MAX_STREAMS */

#define NAME_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-"

bool wl_name_ok(const char *name)
{
    size_t n = strnlen(name, WL_NAME_MAX);

    return n >= 1 && n < WL_NAME_MAX && strspn(name, NAME_CHARS) == n;
}

void wl_class_spec_defaults(struct wl_class_spec *c)
{
    memset(c, 0, sizeof *c);
    c->sizes.n = 1;
    c->sizes.bytes[0] = 8192;
    c->sizes.weight[0] = 1;
    c->pattern = WL_RANDOM;
    c->streams = 1;
    c->stream_io = 1;
    c->write_pct = 0;
    c->skew = WL_SKEW_UNIFORM;
    c->loop = WL_CLOSED;
    c->outstanding = 1;
    c->arrivals = WL_ARRIVALS_POISSON;
}

/* The class as reasons name it: its name, quoted when it is not plain
   (a name of 32 bytes without a NUL is cut at 31). */
static const char *class_text(const struct wl_class_spec *c, char *buf, size_t len)
{
    return why_quote(c->name, WL_NAME_MAX - 1, buf, len);
}

static bool size_ok(uint32_t bytes)
{
    return bytes >= WL_IO_ALIGN_BYTES && bytes <= WL_IO_MAX_BYTES &&
           bytes % WL_IO_ALIGN_BYTES == 0;
}

static int check_names(const struct wl_class_spec *c, const char *cn,
                       char *why, size_t why_len)
{
    char q[WHY_QUOTE_BUF];

    if (!wl_name_ok(c->name))
        return why_set(why, why_len, "class %s: {name} must be " WL_NAME_RULE, cn);
    if (c->group[0] && !wl_name_ok(c->group))
        return why_set(why, why_len,
                       "class %s: {group} %s: must be " WL_NAME_RULE
                       " (the name of a disk group of the run)",
                       cn, why_quote(c->group, WL_NAME_MAX - 1, q, sizeof q));
    return 0;
}

static int check_sizes(const struct wl_size_mix *m, const char *cn,
                       char *why, size_t why_len)
{
    char b[32];

    if (m->n < 1 || m->n > WL_MAX_SIZES)
        return why_set(why, why_len, "class %s: {size}: a mix of %d sizes; give 1 to %d",
                       cn, m->n, WL_MAX_SIZES);
    for (int i = 0; i < m->n; i++) {
        units_fmt_exact(m->bytes[i], MIB, false, b, sizeof b);
        if (!size_ok(m->bytes[i]))
            return why_set(why, why_len,
                           "class %s: {size} %s: not an I/O size; use " WL_IO_SIZE_RULE,
                           cn, b);
        if (m->weight[i] < 1 || m->weight[i] > WL_MAX_WEIGHT)
            return why_set(why, why_len,
                           "class %s: {size} weight %u of %s: must be an integer "
                           "from 1 to %d",
                           cn, m->weight[i], b, WL_MAX_WEIGHT);
        for (int k = 0; k < i; k++)
            if (m->bytes[k] == m->bytes[i])
                return why_set(why, why_len,
                               "class %s: {size} %s given twice in the mix; give each "
                               "size once, with its weight",
                               cn, b);
    }
    return 0;
}

static int check_pattern(const struct wl_class_spec *c, const char *cn,
                         char *why, size_t why_len)
{
    if (c->pattern != WL_RANDOM && c->pattern != WL_SEQUENTIAL)
        return why_set(why, why_len, "class %s: {pattern} %d: must be random or sequential",
                       cn, (int)c->pattern);
    if (c->streams < 1 || c->streams > WL_MAX_STREAMS)
        return why_set(why, why_len, "class %s: {streams} %d: must be an integer from 1 to %d",
                       cn, c->streams, WL_MAX_STREAMS);
    if (c->stream_io < 1 || c->stream_io > WL_MAX_STREAM_IO)
        return why_set(why, why_len,
                       "class %s: {stream_io} %d: must be an integer from 1 to %d",
                       cn, c->stream_io, WL_MAX_STREAM_IO);
    if (c->write_pct < 0 || c->write_pct > 100)
        return why_set(why, why_len,
                       "class %s: {write} %d: must be an integer from 0 to 100 "
                       "(the percentage of writes)",
                       cn, c->write_pct);
    return 0;
}

static int check_skew(const struct wl_class_spec *c, const char *cn,
                      char *why, size_t why_len)
{
    switch (c->skew) {
    case WL_SKEW_UNIFORM:
        return 0;
    case WL_SKEW_HOT:
        if (!(c->hot_frac > 0 && c->hot_frac < 1))
            return why_set(why, why_len,
                           "class %s: {skew} hot fraction %g: must be above 0 and below 1 "
                           "(the share of the space that is hot)",
                           cn, c->hot_frac);
        if (!(c->hot_share > 0 && c->hot_share <= 1))
            return why_set(why, why_len,
                           "class %s: {skew} hot share %g: must be above 0 and at most 1 "
                           "(the share of the I/O that goes to the hot space)",
                           cn, c->hot_share);
        break;
    case WL_SKEW_ZIPF:
        if (!(c->zipf_theta > 0 && c->zipf_theta < WL_MAX_ZIPF_THETA))
            return why_set(why, why_len,
                           "class %s: {skew} zipf theta %g: must be above 0 and below %g",
                           cn, c->zipf_theta, WL_MAX_ZIPF_THETA);
        break;
    default:
        return why_set(why, why_len, "class %s: {skew} %d: must be uniform, hot or zipf",
                       cn, (int)c->skew);
    }
    if (c->pattern == WL_SEQUENTIAL)
        return why_set(why, why_len,
                       "class %s: {skew} applies to random classes only; a sequential "
                       "class walks its streams",
                       cn);
    return 0;
}

static int check_loop(const struct wl_class_spec *c, const char *cn,
                      char *why, size_t why_len)
{
    if (c->loop == WL_CLOSED) {
        if (c->pattern == WL_RANDOM &&
            (c->outstanding < 1 || c->outstanding > WL_MAX_OUTSTANDING))
            return why_set(why, why_len,
                           "class %s: {outstanding} %d: must be an integer from 1 to %d",
                           cn, c->outstanding, WL_MAX_OUTSTANDING);
        return 0;
    }
    if (c->loop != WL_OPEN)
        return why_set(why, why_len, "class %s: loop %d: must be closed or open", cn,
                       (int)c->loop);
    if (!(c->rate_iops > 0 && c->rate_iops <= WL_MAX_RATE_IOPS))
        return why_set(why, why_len,
                       "class %s: {rate} %g: must be above 0 and at most %.0f I/Os "
                       "per second",
                       cn, c->rate_iops, WL_MAX_RATE_IOPS);
    if (c->arrivals != WL_ARRIVALS_POISSON && c->arrivals != WL_ARRIVALS_CONSTANT)
        return why_set(why, why_len, "class %s: {arrivals} %d: must be poisson or constant",
                       cn, (int)c->arrivals);
    return 0;
}

int wl_class_spec_check(const struct wl_class_spec *c, char *why, size_t why_len)
{
    char cn[WHY_QUOTE_BUF];
    int rc;

    class_text(c, cn, sizeof cn);
    if ((rc = check_names(c, cn, why, why_len)) ||
        (rc = check_sizes(&c->sizes, cn, why, why_len)) ||
        (rc = check_pattern(c, cn, why, why_len)) ||
        (rc = check_skew(c, cn, why, why_len)))
        return rc;
    return check_loop(c, cn, why, why_len);
}

int wl_spec_check(const struct wl_spec *s, char *why, size_t why_len)
{
    char q[WHY_QUOTE_BUF];
    int rc;

    if (s->name[0] && !wl_name_ok(s->name))
        return why_set(why, why_len, "workload %s: {name} must be " WL_NAME_RULE,
                       why_quote(s->name, WL_NAME_MAX - 1, q, sizeof q));
    if (strnlen(s->description, WL_DESC_MAX) >= WL_DESC_MAX)
        return why_set(why, why_len, "{description}: longer than %d characters",
                       WL_DESC_MAX - 1);
    if (s->n_classes < 1 || s->n_classes > WL_MAX_CLASSES)
        return why_set(why, why_len, "{classes}: %d classes; a workload has 1 to %d",
                       s->n_classes, WL_MAX_CLASSES);
    for (int i = 0; i < s->n_classes; i++) {
        if ((rc = wl_class_spec_check(&s->cls[i], why, why_len)))
            return rc;
        for (int k = 0; k < i; k++)
            if (strcmp(s->cls[k].name, s->cls[i].name) == 0)
                return why_set(why, why_len,
                               "class %s: {name} given to two classes; every class "
                               "needs a name of its own",
                               class_text(&s->cls[i], q, sizeof q));
    }
    return 0;
}

uint32_t wl_size_mix_max(const struct wl_size_mix *m)
{
    uint32_t max = 0;

    for (int i = 0; i < m->n; i++)
        if (m->bytes[i] > max)
            max = m->bytes[i];
    return max;
}

double wl_size_mix_mean(const struct wl_size_mix *m)
{
    double sum = 0, weights = 0;

    for (int i = 0; i < m->n; i++) {
        sum += (double)m->bytes[i] * m->weight[i];
        weights += m->weight[i];
    }
    return weights > 0 ? sum / weights : 0.0;
}
