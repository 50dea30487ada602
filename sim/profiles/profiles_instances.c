/*
 * profiles_instances.c - instance profiles: the limits an instance puts on
 * all of its volumes together, looked up by name, with suggestions for a
 * name that is not known.
 *
 * Instances.  EC2 rows come from the table generated from
 * sim/profiles/ec2_ebs_limits_2023-06.csv (profiles_table.h): bytes/s =
 * MB/s x 1e6; burst instances hold the maximum for 1800 s (30 min per
 * 24 h).  Fitted to the published measurements that tests/test_calibration.c
 * checks (cases C1..C9): delivered throughput 0.972 (C1 580 of 593.75 MB/s,
 * C2 7300 of 7500, C5 335 of 347.5), delivered IOPS 1.0 (C4 18,905 of
 * 18,750).
 * Platform (enum prof_platform): an EC2 family is Nitro unless it is in
 * xen_families below, the families AWS's "Instances built on the Nitro
 * System" page leaves out (the Xen-based previous and current generations:
 * c1, c3, c4, d2, f1, g2, g3, h1, i2, i3, m1, m2, m3, m4, p2, p3, r3, r4,
 * t1, t2, x1, x1e; i3en and p3dn, built on Nitro, are other families).
 * Where it matters: io2 Block Express gives at most 32,000 IOPS off Nitro
 * (prof_attached_iops; AWS EBS Provisioned IOPS documentation).
 *
 * Flexible shapes ("oci-e4flex-N", N OCPUs) are their provider's: its
 * struct prof_shape rows give the name prefix and OCPU range, and its
 * shape_instance hook the limits of N OCPUs (providers/oci.c, with the
 * rules and their sources); the listing shows each provider's first shape
 * at its listed_ocpus.  This file walks the providers for them and names
 * none.
 * "none" has no limits.
 *
 * An unknown name gets suggestions: every known name at the smallest edit
 * distance (Levenshtein plus adjacent transpositions, case-insensitive) if
 * that distance is small enough to be a typo, otherwise the closest names
 * of the same EC2 family ("m5.huge" -> m5.*), at most three either way,
 * and no more than fit the reason's PROF_WHY_CHARS; the name itself is
 * shown quoted and cut as why_quote does (profiles_internal.h).
 *
 * Nothing here allocates or keeps state: every table is const.
 */
#include "sim/profiles/profiles_internal.h"
#include "sim/profiles/profiles_table.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "layouts/why.h"

static int n_listed_shapes(const struct prof_provider *p)
{
    return p->n_shapes > 0 ? p->n_listed_ocpus : 0;
}

/* EC2 families on Xen (see the top of this file); every other is Nitro. */
static const char *const xen_families[] = {
    "c1", "c3", "c4", "d2", "f1", "g2", "g3", "h1", "i2", "i3", "m1",
    "m2", "m3", "m4", "p2", "p3", "r3", "r4", "t1", "t2", "x1", "x1e",
};

static enum prof_platform ec2_platform(const char *name)
{
    const char *dot = strchr(name, '.');
    size_t fl = dot ? (size_t)(dot - name) : strlen(name);
    for (size_t i = 0; i < sizeof xen_families / sizeof xen_families[0]; i++)
        if (strlen(xen_families[i]) == fl && strncasecmp(xen_families[i], name, fl) == 0)
            return PROF_PLATFORM_XEN;
    return PROF_PLATFORM_NITRO;
}

static void inst_from_row(const struct prof_ec2_row *r, struct inst_profile *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%s", r->name);
    snprintf(out->provider, sizeof out->provider, "%s", prof_provider_ebs.name);
    out->platform = ec2_platform(r->name);
    out->burst = r->burst;
    out->base_bytes_per_s = r->base_MBps * 1e6;
    out->max_bytes_per_s = r->max_MBps * 1e6;
    out->base_iops = r->base_iops;
    out->max_iops = r->max_iops;
    out->burst_seconds = r->burst ? 1800 : 0;
    out->delivered_tput_frac = 0.972;
    out->delivered_iops_frac = 1.0;
}

const char *prof_platform_name(enum prof_platform p)
{
    return p == PROF_PLATFORM_NITRO ? "nitro" : p == PROF_PLATFORM_XEN ? "xen" : "any";
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
    return prof_ec2_row_count + prof_provider_rows(n_listed_shapes) + 1;
}

int prof_instance_at(int i, struct inst_profile *out)
{
    if (!out || i < 0 || i >= prof_instance_count())
        return -ERANGE;
    int k = i - prof_ec2_row_count;
    const struct prof_provider *p = prof_provider_row(&k, n_listed_shapes);
    if (i < prof_ec2_row_count)
        inst_from_row(&prof_ec2_rows[i], out);
    else if (p)
        p->shape_instance(&p->shapes[0], p->listed_ocpus[k], out);
    else
        inst_none(out);
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
    int k = i - prof_ec2_row_count;
    const struct prof_provider *p = prof_provider_row(&k, n_listed_shapes);
    if (i < prof_ec2_row_count)
        return prof_ec2_rows[i].name;
    if (p) {
        snprintf(buf, len, "%s%d", p->shapes[0].prefix, p->listed_ocpus[k]);
        return buf;
    }
    return "none";
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
        for (int i = 0; fl > 0 && i < prof_ec2_row_count; i++) {
            const char *c = prof_ec2_rows[i].name;
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
    for (int i = 0; i < prof_ec2_row_count; i++)
        if (strcasecmp(prof_ec2_rows[i].name, name) == 0) {
            inst_from_row(&prof_ec2_rows[i], out);
            return 0;
        }
    return unknown_instance(name, why, why_len);
}
