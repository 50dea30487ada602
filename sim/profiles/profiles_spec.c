/*
 * profiles_spec.c - the volume spec grammar: "TYPE[:key=value,...]".
 *
 * The type is one of the catalogue's names (the providers', provider.h),
 * case-insensitive;
 * the keys are size, iops, throughput and vpu, each at most once, values
 * as profiles_units.c reads them.  Spaces around the type, items, keys and
 * values are ignored.  Parsing only collects a struct vol_req: whether the
 * type takes a key, and what values it allows, is prof_resolve()'s to say,
 * so a spec and an interactive reprovision are judged by the same rules
 * and messages.  Every error names the bad part and what would be valid;
 * the part is quoted and cut as why_quote does (profiles_internal.h), so a
 * newline, an ESC or a 10,000-character value in a spec reaches the
 * message only escaped and short, and the reason fits PROF_WHY_CHARS.
 */
#include "sim/profiles/profiles_internal.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "layouts/why.h"

static void trim(const char **s, size_t *len)
{
    while (*len > 0 && isspace((unsigned char)**s)) {
        (*s)++;
        (*len)--;
    }
    while (*len > 0 && isspace((unsigned char)(*s)[*len - 1]))
        (*len)--;
}

static bool key_is(const char *key, size_t len, const char *name)
{
    return strlen(name) == len && strncasecmp(key, name, len) == 0;
}

static int parse_item(const struct vol_type *ty, const char *key, size_t klen, const char *val,
                      struct vol_req *rq, char *why, size_t why_len)
{
    const char *tn = ty->name;
    char q[PROF_QUOTE_BUF];
    uint64_t n;

    why_quote(val, strlen(val), q, sizeof q);       /* for the messages */

    if (key_is(key, klen, "size")) {
        if (rq->has_size)
            return why_set(why, why_len, "%s: size given twice", tn);
        int rc = prof_parse_size(val, &rq->size_bytes);
        if (rc == -ERANGE)
            return prof_size_out_of_range(ty, q, why, why_len);
        if (rc < 0) {
            /* the range too: "1PiB" is no size here (units stop at TiB),
               and what would be is the type's range */
            char lo[40], hi[40];
            prof_fmt_compact(ty->size_min_bytes, lo, sizeof lo);
            prof_fmt_compact(ty->size_max_bytes, hi, sizeof hi);
            return why_set(why, why_len, "%s size=%s: not a size; %s to %s (e.g. %s)", tn, q,
                           lo, hi, ty->size_step_bytes == GIB ? "250GiB, 1TiB"
                                                              : "1024GB, 1TB");
        }
        rq->has_size = true;
    } else if (key_is(key, klen, "iops")) {
        if (rq->has_iops)
            return why_set(why, why_len, "%s: iops given twice", tn);
        if (prof_parse_count(val, 1000000000ull, &n) < 0)
            return why_set(why, why_len,
                           "%s iops=%s: not a whole number of IOPS (e.g. 3000)", tn, q);
        rq->iops = (double)n;
        rq->has_iops = true;
    } else if (key_is(key, klen, "throughput")) {
        if (rq->has_tput)
            return why_set(why, why_len, "%s: throughput given twice", tn);
        if (prof_parse_rate(val, &rq->tput_bytes_per_s) < 0)
            return why_set(why, why_len,
                           "%s throughput=%s: not a rate (e.g. 125MiB/s, 680MB/s)", tn, q);
        rq->tput_bytes_per_s = round(rq->tput_bytes_per_s);
        rq->has_tput = true;
    } else if (key_is(key, klen, "vpu")) {
        if (rq->has_vpu)
            return why_set(why, why_len, "%s: vpu given twice", tn);
        if (prof_parse_count(val, 1000, &n) < 0)
            return why_set(why, why_len,
                           "%s vpu=%s: not a whole number of VPU (e.g. 30)", tn, q);
        rq->vpu = (int)n;
        rq->has_vpu = true;
    } else {
        return why_set(why, why_len,
                       "%s: unknown key %s (keys: size, iops, throughput, vpu)",
                       tn, why_quote(key, klen, q, sizeof q));
    }
    return 0;
}

/* Whether name starts with all of typed but its last character ("oci-hp"
   -> "oci-h...", for names of 5 characters or more: "gp4" is no stem of
   gp3-2023): an abbreviation or a word cut short, a nearer guess
   than an edit of the same length ("oci-hp" means oci-higher before
   oci-uhp, one edit away). */
static bool stem_of(const char *typed, size_t len, const char *name)
{
    return len >= 5 && strncasecmp(typed, name, len - 1) == 0;
}

/* "unknown volume type X", with the likeliest names: those it is the stem
   of first (stem_of), then the closest by edit distance when close enough
   to be a typo ("gp4" -> gp2 or gp3), at most three; else a few examples:
   the full list does not fit a reason (asmsim profiles shows it). */
static int unknown_type(const char *name, size_t len, char *why, size_t why_len)
{
    char q[PROF_QUOTE_BUF], head[PROF_QUOTE_BUF + 24], copy[64];
    const char *best[3];
    int nbest = 0, nstem = 0, dmin = 1 << 30;

    snprintf(copy, sizeof copy, "%.*s", (int)(len < 63 ? len : 63), name);
    const struct vol_type *ty;
    for (int i = 0; (ty = prof_type_at(i)) != NULL && nstem < 3; i++)
        if (stem_of(copy, strlen(copy), ty->name))
            best[nstem++] = ty->name;
    for (int i = 0; (ty = prof_type_at(i)) != NULL; i++) {
        if (stem_of(copy, strlen(copy), ty->name))
            continue;
        int d = prof_edit_distance(copy, ty->name);
        if (d < dmin) {
            dmin = d;
            nbest = nstem;
        }
        if (d == dmin && nbest < 3)
            best[nbest++] = ty->name;
    }
    if (dmin > (len <= 5 ? 1 : 2))
        nbest = nstem;
    why_quote(name, len, q, sizeof q);
    if (nbest == 0)
        return why_set(why, why_len, "unknown volume type %s (e.g. gp3, io2, st1, "
                       "oci-higher, local-nvme)", q);
    snprintf(head, sizeof head, "unknown volume type %s", q);
    prof_why_suggest(why, why_len, head, best, nbest);
    return -EINVAL;
}

int prof_volume_parse(const char *spec, struct vol_profile *out, char *why, size_t why_len)
{
    if (!spec || !out)
        return why_set(why, why_len, "no volume spec; expected TYPE[:key=value,...]");
    const char *colon = strchr(spec, ':');
    const char *tname = spec;
    size_t tlen = colon ? (size_t)(colon - spec) : strlen(spec);
    trim(&tname, &tlen);
    if (tlen == 0)
        return why_set(why, why_len,
                       "empty volume type; expected TYPE[:key=value,...], e.g. gp3:size=250GiB");
    const struct vol_type *t = prof_find_type(tname, tlen);
    if (!t)
        return unknown_type(tname, tlen, why, why_len);
    char q[PROF_QUOTE_BUF];

    struct vol_req rq = { 0 };
    if (colon) {
        const char *p = colon + 1;
        for (;;) {
            const char *end = strchr(p, ',');
            if (!end)
                end = p + strlen(p);
            const char *item = p;
            size_t ilen = (size_t)(end - p);
            trim(&item, &ilen);
            const char *eq = ilen ? memchr(item, '=', ilen) : NULL;
            if (!eq)
                return why_set(why, why_len,
                               "%s: %s is not key=value (keys: size, iops, throughput, vpu)",
                               t->name, why_quote(item, ilen, q, sizeof q));
            const char *key = item, *val = eq + 1;
            size_t klen = (size_t)(eq - item), vlen = (size_t)(item + ilen - val);
            trim(&key, &klen);
            trim(&val, &vlen);
            char vbuf[64];
            if (vlen == 0 || vlen >= sizeof vbuf)
                return why_set(why, why_len, "%s: %s has %s",
                               t->name, why_quote(key, klen, q, sizeof q),
                               vlen ? "a value of over 63 characters" : "no value");
            memcpy(vbuf, val, vlen);
            vbuf[vlen] = '\0';
            int rc = parse_item(t, key, klen, vbuf, &rq, why, why_len);
            if (rc < 0)
                return rc;
            if (!*end)
                break;
            p = end + 1;
        }
    }
    return prof_resolve(t, &rq, out, why, why_len);
}
