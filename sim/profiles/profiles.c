/*
 * profiles.c - the volume types: their fixed figures, and the resolution
 * of a request into a volume profile.
 *
 * A volume profile turns a spec such as "gp3:size=125GiB,iops=4000,
 * throughput=1000MiB/s" into the limits dev_model.c enforces.  Resolution
 * is one function per rule set (prof_resolve()), used both by the spec
 * parser and by prof_volume_reprovision(), so a value the parser rejects is
 * also rejected when tuned interactively, with the same message.  A spec the
 * provider would refuse is an error naming the part and the valid range;
 * nothing is silently clamped.  The canonical spec written back into
 * vol_profile.spec lists every key the type takes and parses back to the
 * same profile.
 *
 * Units.  EBS sizes are binary (GiB = 2^30 B) and EBS throughput limits
 * are MiB/s (2^20 B/s), as AWS documents them.  OCI sizes and throughputs
 * are decimal: GB = 10^9 B, KB/s and MB/s = 10^3 and 10^6 B/s, and the
 * per-GB rules are applied to size_bytes / 1e9 (so "size=1024GB" is
 * 1.024e12 B).  Instance limits are decimal MB/s (the CSV's Mbps / 8).
 *
 * The catalogue (struct vol_type: sizes, I/O unit, which keys a type
 * takes, delivered fractions, the one-line summary) is the providers':
 * each file of sim/profiles/providers/ (ebs.c, oci.c, nvme.c) holds its
 * types' rows and their resolver, where the source of each rate, price
 * and size range is written down; provider.c lists them.  This file holds
 * prof_resolve(), which applies what every type shares (size range, whole
 * size units, keys the type does not take) and hands the rest to the
 * type's resolver, and the evidence behind the rows' delivered fractions
 * and merging flags (below).  The spec grammar is
 * in profiles_spec.c, numbers in profiles_units.c, instances in
 * profiles_instances.c.
 *
 * Latency parameters (struct prof_latency) live in the providers' files,
 * per type, direction and platform, each beside its source, and are read
 * by profiles_latency.c.
 *
 * Delivered fractions (the share of the provisioned rate a volume
 * delivers on average), per limit, from measurements; where none binds the
 * limit, the provisioned figure (1.0), which is what AWS and OCI sell:
 *   IOPS, every EBS type: 1.0.  Measured EBS rates sit at or just above
 *     what was provisioned: C12 50,098 of 50,000 (io2), third-party fio
 *     logs 36,155 of 4 x 9,000 (issue 33).  It is also what makes gp2's
 *     burst last what AWS's own table says (profiles_rules.c): the table is
 *     bucket / (3,000 - baseline), a burst at the full 3,000.
 *   gp2 throughput 0.945: C6, 8 x gp2 125 GiB -> 1015 MB/s = 0.945 of
 *     8 x 128 MiB/s (volume-bound: the instances' caps are above it).
 *   io2 throughput 0.985: the C10-C12 volume read 826 MB/s of its
 *     50,000 x 16 KiB = 838.9 MB/s (issue 33's OCI-vs-AWS study).
 *   gp3, io1, io2-2021, st1, sc1 throughput: 1.0, no measurement binds
 *     them (C1-C3 and C5 are instance-bound).  AWS's ">= 90 % of
 *     provisioned 99 % of the time" is a floor, not an average.
 *   OCI IOPS 1.0 (C7: 50,431 of 50,000 IOPS), throughput 1.0: what held
 *     C8 at 560 of 680 MB/s is the single iSCSI path, not the volume
 *     (OCI_PATH_BYTES_PER_S, providers/oci.c).
 *   local-nvme 1.0.
 *
 * Contiguous merging (merges_contiguous), per storage architecture and
 * attachment:
 *   EBS gp2, gp3, io1, io2-2021: merge into 256 KiB operations, as AWS's
 *     I/O-characteristics page says (providers/ebs.c).
 *   EBS io2 (Block Express): none.  Measured: C12, io2 4 KiB sequential
 *     reads at 50,098 IOPS against a 50,000 IOPS limit.
 *   EBS st1/sc1: sequential I/O merges into 1 MiB units (documented).
 *   OCI single-path iSCSI (lower, balanced, higher): merges.  Measured:
 *     C13, 20 VPU 4 KiB sequential reads at 138,000 IOPS, far above the
 *     50,000 IOPS limit, capped by bytes (563 MB/s).
 *   OCI multipath (uhp): none.  Measured: C14, 4 KiB sequential reads at
 *     304,013 IOPS against 300,000.
 *   local-nvme: merges, as before; no measurement either way.
 *
 * Every rule above, with its document or measurement, is in the rule
 * book (profiles_rules.c, `asmsim profiles rules`).
 *
 * Nothing here allocates or keeps state: every table is const.
 */
#include "sim/profiles/profiles_internal.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "layouts/why.h"

static bool name_is(const char *known, const char *name, size_t len)
{
    return strlen(known) == len && strncasecmp(known, name, len) == 0;
}

const struct vol_type *prof_find_type(const char *name, size_t len)
{
    const struct vol_type *ty;
    for (int i = 0; (ty = prof_type_at(i)) != NULL; i++)
        if (name_is(ty->name, name, len) ||
            (ty->former_name && name_is(ty->former_name, name, len)))
            return ty;
    return NULL;
}

static double gib_of(uint64_t bytes)
{
    return (double)bytes / (double)GIB;
}

/* A size of whole GB (10^9 B) on a GiB-sized type whose count of GB, read
   as GiB, is a size it takes: "1000GB" of a study is AWS's 1000 GiB. */
static bool gb_meant_as_gib(const struct vol_type *ty, uint64_t size)
{
    uint64_t gib = size / 1000000000ull * GIB;
    return ty->size_step_bytes == GIB && size % 1000000000ull == 0 &&
           gib >= ty->size_min_bytes && gib <= ty->size_max_bytes;
}

/* "gp3 size=100GB: EBS volumes are whole GiB; use 93GiB or 94GiB": the
   whole sizes on either side of size that the type's range allows. */
static int not_whole_units(const struct vol_type *ty, uint64_t size,
                           const char *size_txt, char *why, size_t why_len)
{
    uint64_t step = ty->size_step_bytes;
    uint64_t below = size - size % step, above = below + step;
    char lo[40], hi[40];
    const char *unit = ty->provider->size_unit;
    const char *who = ty->provider->volumes_name;

    prof_fmt_compact(below, lo, sizeof lo);
    prof_fmt_compact(above, hi, sizeof hi);
    if (gb_meant_as_gib(ty, size))
        return why_set(why, why_len, "%s size=%s: %s sizes are whole GiB (%s's \"GB\" is "
                       "GiB): did you mean %lluGiB? (%s in bytes: %s or %s)", ty->name,
                       size_txt, who, ty->provider->display,
                       (unsigned long long)(size / 1000000000ull), size_txt, lo, hi);
    if (below < ty->size_min_bytes)
        return why_set(why, why_len, "%s size=%s: %s volumes are whole %s; use %s",
                       ty->name, size_txt, who, unit, hi);
    if (above > ty->size_max_bytes)
        return why_set(why, why_len, "%s size=%s: %s volumes are whole %s; use %s",
                       ty->name, size_txt, who, unit, lo);
    return why_set(why, why_len, "%s size=%s: %s volumes are whole %s; use %s or %s",
                   ty->name, size_txt, who, unit, lo, hi);
}

int prof_size_out_of_range(const struct vol_type *ty, const char *size_text, char *why,
                           size_t why_len)
{
    char lo[40], hi[40];
    prof_fmt_compact(ty->size_min_bytes, lo, sizeof lo);
    prof_fmt_compact(ty->size_max_bytes, hi, sizeof hi);
    return why_set(why, why_len, "%s size=%s: %s volumes are %s to %s", ty->name,
                   size_text, ty->name, lo, hi);
}

double prof_size_gib(const struct vol_profile *v, char *buf, size_t len)
{
    prof_fmt_compact(v->size_bytes, buf, len);
    return gib_of(v->size_bytes);
}

/* Apply type ty's rules to rq.  Writes *out only on success. */
int prof_resolve(const struct vol_type *ty, const struct vol_req *rq, struct vol_profile *out,
                 char *why, size_t why_len)
{
    struct vol_profile v;
    char size_txt[40], val[40], n[40];
    int rc = 0;

    memset(&v, 0, sizeof v);
    snprintf(v.type, sizeof v.type, "%s", ty->name);
    v.media = ty->media;
    v.vpu = -1;
    v.io_unit_bytes = ty->io_unit_bytes;
    if (prof_type_latency(ty->name, PROF_PLATFORM_ANY, &v.lat) < 0)
        return why_set(why, why_len, "volume type %s has no latency figures", ty->name);
    v.delivered_iops_frac = ty->delivered_iops_frac;
    v.delivered_tput_frac = ty->delivered_tput_frac;
    v.merges_contiguous = ty->merges_contiguous;
    v.instance_store = ty->instance_store;
    v.path_bytes_per_s = ty->path_bytes_per_s;
    v.iops_max_non_nitro = ty->iops_max_non_nitro;
    v.rules = ty->rules;

    uint64_t size = rq->has_size ? rq->size_bytes : ty->size_default_bytes;
    prof_fmt_compact(size, size_txt, sizeof size_txt);
    if (size < ty->size_min_bytes || size > ty->size_max_bytes)
        return prof_size_out_of_range(ty, size_txt, why, why_len);
    if (ty->size_step_bytes && size % ty->size_step_bytes != 0)
        return not_whole_units(ty, size, size_txt, why, why_len);
    v.size_bytes = size;
    if (rq->has_iops && ty->no_iops_why) {
        prof_fmt_count_msg(rq->iops, n, sizeof n);
        return why_set(why, why_len, "%s iops=%s: %s", ty->name, n,
                       ty->no_iops_why);
    }
    if (rq->has_tput && ty->no_tput_why) {
        prof_fmt_rate_msg(rq->tput_bytes_per_s, val, sizeof val);
        return why_set(why, why_len, "%s throughput=%s: %s", ty->name, val,
                       ty->no_tput_why);
    }
    if (rq->has_vpu && ty->oci_vpu < 0)
        return why_set(why, why_len,
                       "%s vpu=%d: vpu applies only to OCI volumes (types oci-*)",
                       ty->name, rq->vpu);

    rc = ty->resolve(ty, rq, &v, why, why_len);
    if (rc < 0)
        return rc;
    *out = v;
    return 0;
}

int prof_volume_reprovision(struct vol_profile *v, double iops, double tput_bytes_per_s,
                            char *why, size_t why_len)
{
    if (!v)
        return why_set(why, why_len, "reprovision: no volume");
    size_t tlen = strnlen(v->type, sizeof v->type);
    const struct vol_type *ty = prof_find_type(v->type, tlen);
    char q[PROF_QUOTE_BUF];
    if (!ty)
        return why_set(why, why_len, "reprovision: unknown volume type %s",
                       why_quote(v->type, tlen, q, sizeof q));
    if (!isfinite(iops) || !isfinite(tput_bytes_per_s))
        return why_set(why, why_len, "%s: iops and throughput must be finite numbers",
                       ty->name);
    struct vol_req rq = { .has_size = true, .size_bytes = v->size_bytes };

    if (v->vpu >= 0) {          /* an OCI level keeps its VPU */
        rq.has_vpu = true;
        rq.vpu = v->vpu;
    }
    if (iops > 0) {
        rq.has_iops = true;
        rq.iops = round(iops);
    } else if (!ty->no_iops_why) {
        rq.has_iops = true;
        rq.iops = v->iops_base;
    }
    if (tput_bytes_per_s > 0) {
        rq.has_tput = true;
        rq.tput_bytes_per_s = round(tput_bytes_per_s);
    } else if (!ty->no_tput_why) {
        rq.has_tput = true;
        rq.tput_bytes_per_s = v->tput_base_bytes_per_s;
    }

    struct vol_profile nv;
    int rc = prof_resolve(ty, &rq, &nv, why, why_len);
    if (rc < 0)
        return rc;
    /* Latency and delivered fractions may have been tuned by the caller;
       reprovisioning changes only what is provisioned. */
    nv.lat = v->lat;
    nv.delivered_iops_frac = v->delivered_iops_frac;
    nv.delivered_tput_frac = v->delivered_tput_frac;
    *v = nv;
    return 0;
}

const char *prof_volume_type_name(int i)
{
    const struct vol_type *ty = prof_type_at(i);
    return ty ? ty->name : NULL;
}

const char *prof_volume_provider(const struct vol_profile *v)
{
    const struct prof_provider *p = prof_provider_of_volume(v);
    return p ? p->name : "";
}

const char *prof_volume_type_rules(int i)
{
    const struct vol_type *ty = prof_type_at(i);
    return ty ? ty->rules : NULL;
}

const char *prof_volume_type_summary(int i)
{
    const struct vol_type *ty = prof_type_at(i);
    return ty ? ty->summary : NULL;
}

int prof_type_keys(const char *type, struct prof_type_keys *out)
{
    const struct vol_type *ty = type ? prof_find_type(type, strlen(type)) : NULL;
    if (!ty)
        return -ENOENT;
    out->iops = ty->no_iops_why == NULL;
    out->tput = ty->no_tput_why == NULL;
    out->vpu_min = ty->vpu_min;
    out->vpu_max = ty->vpu_max;
    out->vpu_step = ty->vpu_step;
    return 0;
}
