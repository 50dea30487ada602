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
 * This file holds the catalogue (vol_types: sizes, I/O unit, which keys a
 * type takes, delivered fractions, the one-line summary) and
 * prof_resolve(), which applies what every type shares (size range, keys
 * the type does not take) and hands the rest to the provider's rules:
 * profiles_ebs.c, profiles_oci.c and profiles_nvme.c, where the source of
 * each rate, price and size range is written down.  The spec grammar is
 * in profiles_spec.c, numbers in profiles_units.c, instances in
 * profiles_instances.c.
 *
 * Latency parameters (struct prof_latency) live in profiles_latency.c,
 * per type, direction and platform, each beside its source.
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
 *     (OCI_PATH_BYTES_PER_S below; profiles_oci.c).
 *   local-nvme 1.0.
 *
 * Contiguous merging (merges_contiguous), per storage architecture and
 * attachment:
 *   EBS gp2, gp3, io1, io2-2021: merge into 256 KiB operations, as AWS's
 *     I/O-characteristics page says (profiles_ebs.c).
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

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "layouts/why.h"

/* The no_*_why texts end a reason "<type> <key>=<value>: <text>" that must
   fit PROF_WHY_CHARS with the longest value shown (profiles_internal.h),
   so they say the rule in short; the summaries give it whole. */
/* Sizes are whole units of the provider: EBS takes a whole number of GiB
   (the Size of AWS's CreateVolume is an integer GiB; DOMAIN.md section 4
   gives EBS sizes in GiB), OCI a whole number of GB (sizeInGBs of OCI's
   CreateVolume is an integer, 50..32768; OCI Block Volume documentation).
   "gp3:size=100GB" (93.13 GiB) is a volume AWS cannot make. */
#define EBS_SIZE_STEP GIB
#define OCI_SIZE_STEP GB

/* Rule sets (profiles_ebs.c, profiles_oci.c): whose, and as of when. */
#define EBS_2021    "AWS 2021 (studies)"
#define EBS_2023_06 "AWS 2023-06"
#define EBS_2025_04 "AWS 2025-04-30"
#define EBS_2025_09 "AWS 2025-09"
#define OCI_2023_06 "OCI 2023-06"

/* One iSCSI attachment path's throughput, bytes/s: inferred, not
   documented (profiles_oci.c gives the measurements, C8 and C13). */
#define OCI_PATH_BYTES_PER_S 560e6

#define PIOPS_TPUT_WHY "throughput follows IOPS (max 1000 MiB/s); set iops"
#define OCI_WHY "OCI performance follows size and VPU; set size"

const struct vol_type prof_vol_types[VT_COUNT] = {
    [VT_GP2] = {
        .name = "gp2",
        .summary = "EBS General Purpose SSD (old): size 1GiB-16TiB (default 250GiB); "
                   "IOPS 3 per GiB (100..16000), burst to 3000 from a 5.4M-op bucket "
                   "below 1000GiB; 128 MiB/s up to 170GiB, 250 above; $0.10 per GiB-month",
        .media = PROF_SSD, .size_min_bytes = GIB, .size_max_bytes = 16 * TIB,
        .size_default_bytes = 250 * GIB,
        .size_step_bytes = EBS_SIZE_STEP, .provider = "aws", .io_unit_bytes = 256 * KIB,
        .no_iops_why = "gp2 IOPS follow size, 3 per GiB; set size",
        .no_tput_why = "gp2 throughput follows size (128 or 250 MiB/s); set size",
        .oci_vpu = -1, .merges_contiguous = true, .rules = EBS_2023_06,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 0.945,
    },
    [VT_GP3] = {
        .name = "gp3",
        .summary = "EBS General Purpose SSD: size 1GiB-64TiB (default 250GiB); "
                   "iops 3000-80000, above 3000 at most 500 per GiB (default 3000); "
                   "throughput 125-2000 MiB/s, above 125 at most 0.25 MiB/s per IOPS "
                   "(default 125); $0.08/GiB + $0.005/IOPS above 3000 + $0.04/MiB/s "
                   "above 125 per month",
        .media = PROF_SSD, .size_min_bytes = GIB, .size_max_bytes = 64 * TIB,
        .size_default_bytes = 250 * GIB,
        .size_step_bytes = EBS_SIZE_STEP, .provider = "aws", .io_unit_bytes = 256 * KIB,
        .oci_vpu = -1, .merges_contiguous = true, .rules = EBS_2025_09,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
    },
    [VT_GP3_2023] = {
        .name = "gp3-2023",
        .summary = "gp3 as of 2023-06 (the published studies): size 1GiB-16TiB "
                   "(default 250GiB); iops 3000-16000, throughput 125-1000 MiB/s; "
                   "otherwise as gp3",
        .media = PROF_SSD, .size_min_bytes = GIB, .size_max_bytes = 16 * TIB,
        .size_default_bytes = 250 * GIB,
        .size_step_bytes = EBS_SIZE_STEP, .provider = "aws", .io_unit_bytes = 256 * KIB,
        .oci_vpu = -1, .merges_contiguous = true, .rules = EBS_2023_06,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
    },
    [VT_IO1] = {
        .name = "io1",
        .summary = "EBS Provisioned IOPS SSD: size 4GiB-16TiB (default 100GiB); "
                   "iops 100-64000, at most 50 per GiB (default 3000); throughput "
                   "256KiB x IOPS up to 500 MiB/s, above 32000 IOPS 16KiB x IOPS up to "
                   "1000 MiB/s; $0.125/GiB + $0.065/IOPS per month",
        .media = PROF_SSD, .size_min_bytes = 4 * GIB, .size_max_bytes = 16 * TIB,
        .size_default_bytes = 100 * GIB,
        .size_step_bytes = EBS_SIZE_STEP, .provider = "aws", .io_unit_bytes = 256 * KIB,
        .no_tput_why = "io1 " PIOPS_TPUT_WHY,
        .oci_vpu = -1, .merges_contiguous = true, .rules = EBS_2023_06,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
    },
    [VT_IO2] = {
        .name = "io2",
        .summary = "EBS io2 Block Express (every io2 since 2025-04-30): size "
                   "4GiB-64TiB (default 100GiB); iops 100-256000, at most 1000 per GiB "
                   "(default 3000), at most 32000 off Nitro; throughput as io1 (500 "
                   "MiB/s to 32000 IOPS, then 16KiB x IOPS) up to 4000 MiB/s; $0.125/GiB + $0.065/IOPS up to 32000 + "
                   "$0.0455 up to 64000 + $0.03185 above per month (io2bx: same)",
        .media = PROF_SSD, .size_min_bytes = 4 * GIB, .size_max_bytes = 64 * TIB,
        .size_default_bytes = 100 * GIB,
        .size_step_bytes = EBS_SIZE_STEP, .provider = "aws", .io_unit_bytes = 256 * KIB,
        .no_tput_why = "io2 throughput follows IOPS (max 4000 MiB/s); set iops",
        .oci_vpu = -1, .rules = EBS_2025_04, .iops_max_non_nitro = 32000,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 0.985,
    },
    [VT_IO2_2021] = {
        .name = "io2-2021",
        .summary = "io2 before Block Express (the 2021 studies): size 4GiB-16TiB "
                   "(default 100GiB); iops 100-64000, at most 500 per GiB (default "
                   "3000); throughput as io1; io2 prices",
        .media = PROF_SSD, .size_min_bytes = 4 * GIB, .size_max_bytes = 16 * TIB,
        .size_default_bytes = 100 * GIB,
        .size_step_bytes = EBS_SIZE_STEP, .provider = "aws", .io_unit_bytes = 256 * KIB,
        .no_tput_why = PIOPS_TPUT_WHY,
        .oci_vpu = -1, .merges_contiguous = true, .rules = EBS_2021,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
    },
    [VT_ST1] = {
        .name = "st1",
        .summary = "EBS Throughput Optimized HDD: size 125GiB-16TiB (default 500GiB); "
                   "500 x 1MiB I/Os per s; 40 MiB/s per TiB, burst 250 per TiB, both at "
                   "most 500 MiB/s; $0.045 per GiB-month",
        .media = PROF_HDD, .size_min_bytes = 125 * GIB, .size_max_bytes = 16 * TIB,
        .size_default_bytes = 500 * GIB,
        .size_step_bytes = EBS_SIZE_STEP, .provider = "aws", .io_unit_bytes = (uint32_t)MIB,
        .no_iops_why = "st1 IOPS are fixed at 500 (1 MiB units)",
        .no_tput_why = "st1 throughput follows size (40 MiB/s per TiB); set size",
        .oci_vpu = -1, .rules = EBS_2023_06, .merges_contiguous = true,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
    },
    [VT_SC1] = {
        .name = "sc1",
        .summary = "EBS Cold HDD: size 125GiB-16TiB (default 500GiB); 250 x 1MiB "
                   "I/Os per s; 12 MiB/s per TiB, burst 80 per TiB, both at most "
                   "250 MiB/s; $0.015 per GiB-month",
        .media = PROF_HDD, .size_min_bytes = 125 * GIB, .size_max_bytes = 16 * TIB,
        .size_default_bytes = 500 * GIB,
        .size_step_bytes = EBS_SIZE_STEP, .provider = "aws", .io_unit_bytes = (uint32_t)MIB,
        .no_iops_why = "sc1 IOPS are fixed at 250 (1 MiB units)",
        .no_tput_why = "sc1 throughput follows size (12 MiB/s per TiB); set size",
        .oci_vpu = -1, .rules = EBS_2023_06, .merges_contiguous = true,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
    },
    [VT_OCI_LOWER] = {
        .name = "oci-lower",
        .summary = "OCI Lower Cost (VPU 0): size 50GB-32TB (default 1024GB); 2 IOPS "
                   "per GB up to 3000; 240 KB/s per GB up to 480 MB/s; $0.0255 per "
                   "GB-month",
        .media = PROF_SSD, .size_min_bytes = 50 * GB, .size_max_bytes = 32 * TB,
        .size_default_bytes = 1024 * GB,
        .size_step_bytes = OCI_SIZE_STEP, .provider = "oci", .io_unit_bytes = 256 * KIB,
        .no_iops_why = OCI_WHY, .no_tput_why = OCI_WHY,
        .oci_vpu = 0, .rules = OCI_2023_06, .merges_contiguous = true,
        .path_bytes_per_s = OCI_PATH_BYTES_PER_S,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
    },
    [VT_OCI_BALANCED] = {
        .name = "oci-balanced",
        .summary = "OCI Balanced (VPU 10): size 50GB-32TB (default 1024GB); 60 IOPS "
                   "per GB up to 25000; 480 KB/s per GB up to 480 MB/s; $0.0255 + "
                   "$0.017 per GB-month",
        .media = PROF_SSD, .size_min_bytes = 50 * GB, .size_max_bytes = 32 * TB,
        .size_default_bytes = 1024 * GB,
        .size_step_bytes = OCI_SIZE_STEP, .provider = "oci", .io_unit_bytes = 256 * KIB,
        .no_iops_why = OCI_WHY, .no_tput_why = OCI_WHY,
        .oci_vpu = 10, .rules = OCI_2023_06, .merges_contiguous = true,
        .path_bytes_per_s = OCI_PATH_BYTES_PER_S,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
    },
    [VT_OCI_HIGHER] = {
        .name = "oci-higher",
        .summary = "OCI Higher Performance (VPU 20): size 50GB-32TB (default 1024GB); "
                   "75 IOPS per GB up to 50000; 600 KB/s per GB up to 680 MB/s; "
                   "$0.0255 + $0.034 per GB-month",
        .media = PROF_SSD, .size_min_bytes = 50 * GB, .size_max_bytes = 32 * TB,
        .size_default_bytes = 1024 * GB,
        .size_step_bytes = OCI_SIZE_STEP, .provider = "oci", .io_unit_bytes = 256 * KIB,
        .no_iops_why = OCI_WHY, .no_tput_why = OCI_WHY,
        .oci_vpu = 20, .rules = OCI_2023_06, .merges_contiguous = true,
        .path_bytes_per_s = OCI_PATH_BYTES_PER_S,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
    },
    [VT_OCI_UHP] = {
        .name = "oci-uhp",
        .summary = "OCI Ultra High Performance: size 50GB-32TB (default 1024GB); vpu "
                   "30-120 step 10 (default 30); (1.5 VPU + 45) IOPS per GB up to "
                   "min(2500 VPU, 300000); (12 VPU + 360) KB/s per GB up to "
                   "min(20 VPU + 280, 2680) MB/s; $0.0255 + $0.0017 x VPU per GB-month",
        .media = PROF_SSD, .size_min_bytes = 50 * GB, .size_max_bytes = 32 * TB,
        .size_default_bytes = 1024 * GB,
        .size_step_bytes = OCI_SIZE_STEP, .provider = "oci", .io_unit_bytes = 256 * KIB,
        .no_iops_why = OCI_WHY " and vpu", .no_tput_why = OCI_WHY " and vpu",
        .oci_vpu = 30, .rules = OCI_2023_06,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
    },
    [VT_LOCAL_NVME] = {
        .name = "local-nvme",
        .summary = "instance-store NVMe: size 1GB-64TB (default 1900GB); iops "
                   "1-2000000 (default 400000); throughput 1-100000 MB/s (default "
                   "2000 MB/s); no charge (part of the instance); the instance's "
                   "EBS / block-volume limits do not apply",
        .media = PROF_SSD, .size_min_bytes = GB, .size_max_bytes = 64 * TB,
        .size_default_bytes = 1900 * GB,
        .size_step_bytes = 0, .provider = "", .io_unit_bytes = 256 * KIB,
        .oci_vpu = -1, .rules = "model", .merges_contiguous = true,
        .instance_store = true,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
    },
};

static bool name_is(const char *known, const char *name, size_t len)
{
    return strlen(known) == len && strncasecmp(known, name, len) == 0;
}

int prof_find_type(const char *name, size_t len)
{
    for (int i = 0; i < VT_COUNT; i++)
        if (name_is(prof_vol_types[i].name, name, len))
            return i;
    if (name_is("io2bx", name, len))
        return VT_IO2;      /* every io2 is Block Express since 2025-04-30 */
    return -1;
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
    const char *unit = step == GIB ? "GiB" : "GB";
    const char *who = strcmp(ty->provider, "aws") == 0 ? "EBS" : "OCI";

    prof_fmt_compact(below, lo, sizeof lo);
    prof_fmt_compact(above, hi, sizeof hi);
    if (gb_meant_as_gib(ty, size))
        return why_set(why, why_len, "%s size=%s: EBS sizes are whole GiB (AWS's \"GB\" is "
                       "GiB): did you mean %lluGiB? (%s in bytes: %s or %s)", ty->name,
                       size_txt, (unsigned long long)(size / 1000000000ull), size_txt, lo, hi);
    if (below < ty->size_min_bytes)
        return why_set(why, why_len, "%s size=%s: %s volumes are whole %s; use %s",
                       ty->name, size_txt, who, unit, hi);
    if (above > ty->size_max_bytes)
        return why_set(why, why_len, "%s size=%s: %s volumes are whole %s; use %s",
                       ty->name, size_txt, who, unit, lo);
    return why_set(why, why_len, "%s size=%s: %s volumes are whole %s; use %s or %s",
                   ty->name, size_txt, who, unit, lo, hi);
}

int prof_size_out_of_range(enum vt t, const char *size_text, char *why,
                           size_t why_len)
{
    const struct vol_type *ty = &prof_vol_types[t];
    char lo[40], hi[40];
    prof_fmt_compact(ty->size_min_bytes, lo, sizeof lo);
    prof_fmt_compact(ty->size_max_bytes, hi, sizeof hi);
    return why_set(why, why_len, "%s size=%s: %s volumes are %s to %s", ty->name,
                   size_text, ty->name, lo, hi);
}

/* Apply type t's rules to rq.  Writes *out only on success. */
int prof_resolve(enum vt t, const struct vol_req *rq, struct vol_profile *out,
                 char *why, size_t why_len)
{
    const struct vol_type *ty = &prof_vol_types[t];
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
        return prof_size_out_of_range(t, size_txt, why, why_len);
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

    double gib = gib_of(size);
    switch (t) {
    case VT_GP2:
        prof_resolve_gp2(gib, size_txt, &v);
        break;
    case VT_GP3:
    case VT_GP3_2023:
        rc = prof_resolve_gp3(t, rq, gib, size_txt, &v, why, why_len);
        break;
    case VT_IO1:
    case VT_IO2:
    case VT_IO2_2021:
        rc = prof_resolve_piops(t, rq, gib, size_txt, &v, why, why_len);
        break;
    case VT_ST1:
    case VT_SC1:
        prof_resolve_hdd(t, size, gib, size_txt, &v);
        break;
    case VT_OCI_LOWER:
    case VT_OCI_BALANCED:
    case VT_OCI_HIGHER:
    case VT_OCI_UHP:
        rc = prof_resolve_oci(t, rq, size, size_txt, &v, why, why_len);
        break;
    case VT_LOCAL_NVME:
    default:
        rc = prof_resolve_nvme(rq, size_txt, &v, why, why_len);
        break;
    }
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
    int ti = prof_find_type(v->type, tlen);
    char q[PROF_QUOTE_BUF];
    if (ti < 0)
        return why_set(why, why_len, "reprovision: unknown volume type %s",
                       why_quote(v->type, tlen, q, sizeof q));
    if (!isfinite(iops) || !isfinite(tput_bytes_per_s))
        return why_set(why, why_len, "%s: iops and throughput must be finite numbers",
                       prof_vol_types[ti].name);
    enum vt t = (enum vt)ti;
    const struct vol_type *ty = &prof_vol_types[t];
    struct vol_req rq = { .has_size = true, .size_bytes = v->size_bytes };

    if (t == VT_OCI_UHP) {
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
    int rc = prof_resolve(t, &rq, &nv, why, why_len);
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

int prof_volume_type_count(void)
{
    return VT_COUNT;
}

const char *prof_volume_type_name(int i)
{
    return i >= 0 && i < VT_COUNT ? prof_vol_types[i].name : NULL;
}

const char *prof_volume_provider(const struct vol_profile *v)
{
    int t = v ? prof_find_type(v->type, strnlen(v->type, sizeof v->type)) : -1;
    return t >= 0 ? prof_vol_types[t].provider : "";
}

const char *prof_volume_type_rules(int i)
{
    return i >= 0 && i < VT_COUNT ? prof_vol_types[i].rules : NULL;
}

const char *prof_volume_type_summary(int i)
{
    return i >= 0 && i < VT_COUNT ? prof_vol_types[i].summary : NULL;
}
