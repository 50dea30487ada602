/*
 * profiles_instances.c - instance profiles: the limits an instance puts on
 * all of its volumes together, looked up by name, with suggestions for a
 * name that is not known.
 *
 * Instances are their providers': a provider's fixed instance types
 * (EC2's, from its CSV) through its instance_count / instance_at /
 * instance_name hooks, its flexible shapes through its struct prof_shape
 * rows and shape_instance hook (each provider's file holds the limits
 * and their sources).  The listing shows, provider by provider in the
 * table's order, its fixed types and then its first shape at its
 * listed_ocpus, and "none" last; this file walks the providers for them
 * and names none.
 * "none" has no limits.
 *
 * An unknown name gets suggestions: every known name at the smallest edit
 * distance (Levenshtein plus adjacent transpositions, case-insensitive) if
 * that distance is small enough to be a typo, otherwise the closest names
 * of the same family, the part before the dot ("m5.huge" -> m5.*), at
 * most three either way,
 * and no more than fit the reason's PROF_WHY_CHARS; the name itself is
 * shown quoted and cut as why_quote does (profiles_internal.h).
 *
 * Nothing here allocates or keeps state: every table is const.
 */
#include "sim/profiles/profiles_internal.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "layouts/why.h"

static int n_fixed(const struct prof_provider *p)
{
    return p->instance_count ? p->instance_count() : 0;
}

/* What the listing shows of p: its fixed types, then its first shape at
   its listed OCPUs. */
static int n_listed(const struct prof_provider *p)
{
    return n_fixed(p) + (p->n_shapes > 0 ? p->n_listed_ocpus : 0);
}

const char *prof_platform_name(enum prof_platform p)
{
    return p == PROF_PLATFORM_NITRO ? "nitro" : p == PROF_PLATFORM_XEN ? "xen" : "any";
}

const char *prof_arch_name(enum prof_arch a)
{
    return a == PROF_ARCH_X86_64 ? "x86_64" : a == PROF_ARCH_ARM64 ? "arm64" : "unknown";
}

int prof_arch_parse(const char *text, enum prof_arch *out)
{
    static const struct { const char *name; enum prof_arch arch; } names[] = {
        { "x86_64", PROF_ARCH_X86_64 }, { "x86-64", PROF_ARCH_X86_64 },
        { "amd64", PROF_ARCH_X86_64 }, { "arm64", PROF_ARCH_ARM64 },
        { "aarch64", PROF_ARCH_ARM64 },
    };
    for (size_t i = 0; text && i < sizeof names / sizeof names[0]; i++)
        if (strcasecmp(text, names[i].name) == 0) {
            *out = names[i].arch;
            return 0;
        }
    return -EINVAL;
}

int prof_attach_check(const struct vol_profile *v, const struct inst_profile *in,
                      char *why, size_t why_len)
{
    const struct prof_provider *ip = prof_provider_of_instance(in);
    const struct prof_provider *vp = prof_provider_of_volume(v);
    if (ip && vp && vp->name[0] && ip != vp)
        return why_set(why, why_len, "an %s %s with an %s %s volume; use %s", ip->display,
                       ip->instance_word, vp->display, vp->volume_word, ip->attach_hint);
    const struct vol_type *ty = prof_find_type(v->type, strnlen(v->type, sizeof v->type));
    if (ty && ty->min_ocpus > 0 && in->ocpus > 0 && in->ocpus < ty->min_ocpus) {
        why_set(why, why_len, "%s volumes need a shape of at least %d OCPUs; "
                "%s has %d", ty->name, ty->min_ocpus, in->name, in->ocpus);
        return -EINVAL;
    }
    return 0;
}

int prof_shared_check(const struct vol_profile *v, const struct inst_profile *in,
                      int nodes, char *why, size_t why_len)
{
    const struct vol_type *ty = prof_find_type(v->type, strnlen(v->type, sizeof v->type));
    if (nodes <= 1 || !ty)
        return 0;
    const char *rule = ty->shared_rule ? ty->shared_rule : "no shared attachments known";
    if (ty->shared_nodes_max == 0)
        snprintf(why, why_len, "%s volumes are not shared by several nodes: %s",
                 ty->name, rule);
    else if (nodes > ty->shared_nodes_max)
        snprintf(why, why_len, "%d nodes on %s volumes, at most %d: %s", nodes,
                 ty->name, ty->shared_nodes_max, rule);
    else if (ty->shared_nitro_only && in->platform == PROF_PLATFORM_XEN)
        snprintf(why, why_len, "%s is not built on Nitro: %s", in->name, rule);
    else
        return 0;
    return -EINVAL;
}

int prof_instance_data_volumes_max(const struct inst_profile *in)
{
    const struct prof_provider *p = prof_provider_of_instance(in);
    if (!p)
        return 0;
    if (in->platform == PROF_PLATFORM_XEN && p->data_volumes_max_xen > 0)
        return p->data_volumes_max_xen;
    return p->data_volumes_max;
}

double prof_attached_iops(const struct vol_profile *v, const struct inst_profile *in,
                          double provisioned)
{
    bool capped = v->iops_max_non_nitro > 0 && in->platform == PROF_PLATFORM_XEN;
    return capped ? fmin(provisioned, v->iops_max_non_nitro) : provisioned;
}

static void inst_none(struct inst_profile *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "none");
    out->delivered_tput_frac = 1.0;
    out->delivered_iops_frac = 1.0;
}

int prof_instance_count(void)
{
    return prof_provider_rows(n_listed) + 1;
}

int prof_instance_at(int i, struct inst_profile *out)
{
    if (!out || i < 0 || i >= prof_instance_count())
        return -ERANGE;
    const struct prof_provider *p = prof_provider_row(&i, n_listed);
    if (!p)
        inst_none(out);
    else if (i < n_fixed(p))
        p->instance_at(i, out);
    else
        p->shape_instance(&p->shapes[0], p->listed_ocpus[i - n_fixed(p)], out);
    return 0;
}

#define DIST_MAX_LEN 63

int prof_edit_distance(const char *a, const char *b)
{
    int rows[3][DIST_MAX_LEN + 1];
    size_t la = strnlen(a, DIST_MAX_LEN), lb = strnlen(b, DIST_MAX_LEN);
    int *prev2 = rows[0], *prev = rows[1], *cur = rows[2];
    for (size_t j = 0; j <= lb; j++)
        prev[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        cur[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int ca = tolower((unsigned char)a[i - 1]), cb = tolower((unsigned char)b[j - 1]);
            int cost = ca != cb;
            int d = prev[j] + 1;
            if (cur[j - 1] + 1 < d)
                d = cur[j - 1] + 1;
            if (prev[j - 1] + cost < d)
                d = prev[j - 1] + cost;
            if (i > 1 && j > 1 && ca == tolower((unsigned char)b[j - 2]) &&
                tolower((unsigned char)a[i - 2]) == cb && prev2[j - 2] + 1 < d)
                d = prev2[j - 2] + 1;
            cur[j] = d;
        }
        int *tmp = prev2;
        prev2 = prev;
        prev = cur;
        cur = tmp;
    }
    return prev[lb];
}

void prof_fmt_inst_iops(const struct inst_profile *in, char *buf, size_t len)
{
    if (in->max_iops <= 0)
        snprintf(buf, len, "no IOPS limit");
    else if (in->burst && in->max_iops > in->base_iops)
        snprintf(buf, len, "%.0f -> %.0f IOPS", in->base_iops, in->max_iops);
    else
        snprintf(buf, len, "%.0f IOPS", in->base_iops);
}

static const char *candidate_name(int i, char *buf, size_t len)
{
    const struct prof_provider *p = prof_provider_row(&i, n_listed);
    if (!p)
        return "none";
    if (i < n_fixed(p))
        return p->instance_name(i);
    snprintf(buf, len, "%s%d", p->shapes[0].prefix, p->listed_ocpus[i - n_fixed(p)]);
    return buf;
}

/* "m5" for "m5.lrge"; empty when there is no dot. */
static size_t family_len(const char *name)
{
    const char *dot = strchr(name, '.');
    return dot ? (size_t)(dot - name) : 0;
}

/* Suggestions: every name at the smallest edit distance if that distance
   is small (a typo), else the closest names of the same family ("m5.huge"
   -> m5.*), at most 3 either way. */
static int unknown_instance(const char *name, char *why, size_t why_len)
{
    int best[3], nbest = 0;
    int n = prof_instance_count();
    int dmin = 1 << 30;
    char buf[PROF_NAME_MAX];
    size_t len = strlen(name);
    int threshold = len <= 8 ? 2 : 3;

    for (int i = 0; i < n; i++) {
        int d = prof_edit_distance(name, candidate_name(i, buf, sizeof buf));
        if (d < dmin) {
            dmin = d;
            nbest = 0;
        }
        if (d == dmin && nbest < 3)
            best[nbest++] = i;
    }
    if (dmin > threshold) {
        nbest = 0;
        size_t fl = family_len(name);
        int bestd[3];
        for (int i = 0; fl > 0 && i < n; i++) {
            const char *c = candidate_name(i, buf, sizeof buf);
            if (family_len(c) != fl || strncasecmp(c, name, fl) != 0)
                continue;
            int d = prof_edit_distance(name, c), k;
            if (nbest < 3)
                k = nbest++;
            else if (d < bestd[2])
                k = 2;
            else
                continue;
            for (; k > 0 && bestd[k - 1] > d; k--) {
                best[k] = best[k - 1];
                bestd[k] = bestd[k - 1];
            }
            best[k] = i;
            bestd[k] = d;
        }
    }
    char q[PROF_QUOTE_BUF];
    why_quote(name, len, q, sizeof q);
    if (nbest == 0) {
        why_set(why, why_len, "unknown instance %s (EC2 types like m5.large, "
                "oci-e[45]flex-N, none)", q);
        return -ENOENT;
    }

    char head[PROF_QUOTE_BUF + 32], names[3][PROF_NAME_MAX];
    const char *shown[3];
    for (int k = 0; k < nbest; k++)
        shown[k] = strcpy(names[k], candidate_name(best[k], buf, sizeof buf));
    snprintf(head, sizeof head, "unknown instance %s", q);
    prof_why_suggest(why, why_len, head, shown, nbest);
    return -ENOENT;
}

void prof_why_suggest(char *why, size_t why_len, const char *head,
                      const char *const *names, int n)
{
    char list[3 * PROF_NAME_MAX + 16];

    for (int shown = n; shown >= 1; shown--) {
        list[0] = '\0';
        for (int k = 0; k < shown; k++) {
            size_t used = strlen(list);
            const char *sep = k == 0 ? "" : k == shown - 1 ? " or " : ", ";
            snprintf(list + used, sizeof list - used, "%s%s", sep, names[k]);
        }
        /* "<head>; did you mean <list>?" */
        if (shown == 1 || strlen(head) + 16 + strlen(list) <= PROF_WHY_CHARS)
            break;
    }
    why_set(why, why_len, "%s; did you mean %s?", head, list);
}

/* name as a shape of provider p's family shape: 0 (found), -ENOENT (of
   the family but outside its OCPU range), 1 (not of the family). */
static int find_shape(const struct prof_provider *p, const struct prof_shape *shape,
                      const char *name, struct inst_profile *out, char *why, size_t why_len)
{
    size_t plen = strlen(shape->prefix);
    uint64_t ocpus;
    if (strncasecmp(name, shape->prefix, plen) != 0 || !name[plen] ||
        prof_parse_count(name + plen, 1000000, &ocpus) != 0)
        return 1;
    if (ocpus < 1 || ocpus > (uint64_t)shape->ocpus_max) {
        char q[PROF_QUOTE_BUF];
        why_set(why, why_len, "instance %s: %s shapes have 1 to %d OCPUs (%s1..%d)",
                why_quote(name, strlen(name), q, sizeof q), shape->label,
                shape->ocpus_max, shape->prefix, shape->ocpus_max);
        return -ENOENT;
    }
    p->shape_instance(shape, (int)ocpus, out);
    return 0;
}

int prof_instance_find(const char *name, struct inst_profile *out, char *why, size_t why_len)
{
    if (!name || !out || !*name) {
        why_set(why, why_len, "no instance name (e.g. m5.large, oci-e4flex-8, none)");
        return -ENOENT;
    }
    if (strcasecmp(name, "none") == 0) {
        inst_none(out);
        return 0;
    }
    for (int i = 0; i < prof_provider_count(); i++) {
        const struct prof_provider *p = prof_provider_at(i);
        for (int k = 0; k < p->n_shapes; k++) {
            int rc = find_shape(p, &p->shapes[k], name, out, why, why_len);
            if (rc <= 0)
                return rc;
        }
    }
    for (int i = 0; i < prof_provider_count(); i++) {
        const struct prof_provider *p = prof_provider_at(i);
        for (int k = 0; k < n_fixed(p); k++)
            if (strcasecmp(p->instance_name(k), name) == 0) {
                p->instance_at(k, out);
                return 0;
            }
    }
    return unknown_instance(name, why, why_len);
}
