/*
 * profiles.c - cloud volume and instance profiles.
 *
 * A volume profile turns a spec such as "gp3:size=125GiB,iops=4000,
 * throughput=1000MiB/s" into the limits dev_model.c enforces.  Resolution
 * is one function per rule set (resolve()), used both by the spec parser
 * and by prof_volume_reprovision(), so a value the parser rejects is also
 * rejected when tuned interactively, with the same message.  A spec the
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
 * AWS EBS rules (DOMAIN.md section 4, AWS EBS volume-type documentation as
 * of 2023-06; gp3 maxima as raised in 2025-09):
 *   gp3   1 GiB..64 TiB (default 250 GiB).  IOPS 3000 included, 3000..80000,
 *         above 3000 at most 500 per GiB.  Throughput 125 MiB/s included,
 *         125..2000 MiB/s, above 125 at most 0.25 MiB/s per provisioned
 *         IOPS.  No burst.
 *   gp2   1 GiB..16 TiB (default 250 GiB).  IOPS = clamp(3 x GiB, 100,
 *         16000), not settable.  Below 3000 IOPS it bursts to 3000 from a
 *         5.4e6-operation credit bucket (starts full, refills at the base
 *         rate); at >= 1000 GiB the base is 3000 and there is no burst.
 *         Throughput 128 MiB/s up to 170 GiB, 250 MiB/s above (AWS: 250
 *         from 334 GiB, burst-dependent in between; we take the upper
 *         figure from 170 GiB on).
 *   io1   4 GiB..16 TiB (default 100 GiB).  IOPS 100..64000 (Nitro), at
 *         most 50 per GiB, default 3000 or what the size allows if less.
 *         Throughput follows IOPS: up to 32000 IOPS 256 KiB x IOPS capped at
 *         500 MiB/s; above, 16 KiB x IOPS capped at 1000 MiB/s.
 *   io2   as io1, at most 500 IOPS per GiB.
 *   io2bx io2 Block Express: 4 GiB..64 TiB, IOPS 100..256000 at most 1000
 *         per GiB, throughput 0.256 MiB/s x IOPS capped at 4000 MiB/s.
 *   st1   125 GiB..16 TiB (default 500 GiB), HDD: every I/O is charged a
 *         1 MiB unit, 500 units/s.  Throughput base 40 MiB/s per TiB, burst
 *         250 MiB/s per TiB, both capped at 500 MiB/s; credit bucket holds
 *         1 TiB per TiB of size (= size_bytes).
 *   sc1   as st1 with base 12, burst 80 MiB/s per TiB, cap 250 MiB/s, 250
 *         units/s.
 *   SSD types count an I/O of up to 256 KiB as one operation.
 * Prices (us-east-1, on demand, USD per month; DOMAIN.md section 4):
 *   gp3  0.08 x GiB + 0.005 x (IOPS - 3000) + 0.04 x (MiB/s - 125)
 *   gp2  0.10 x GiB;  st1 0.045 x GiB;  sc1 0.015 x GiB
 *   io1  0.125 x GiB + 0.065 x IOPS
 *   io2  0.125 x GiB + 0.065 x IOPS up to 32000 + 0.0455 x IOPS 32001..64000
 *   io2bx as io2 + 0.032 x IOPS above 64000
 *
 * OCI block volumes (DOMAIN.md section 4, OCI Block Volume performance
 * documentation): 50 GB..32 TB (default 1024 GB), no burst, 256 KiB units.
 *   level          VPU     IOPS/GB     max IOPS            KB/s per GB   max MB/s
 *   oci-lower       0       2           3000                240           480
 *   oci-balanced   10      60          25000                480           480
 *   oci-higher     20      75          50000                600           680
 *   oci-uhp     30..120  1.5V+45   min(2500V, 300000)     12V+360   min(20V+280, 2680)
 *   (oci-uhp VPU in steps of 10, default 30.)  Price 0.0255 x GB + 0.0017 x
 *   VPU x GB per month.
 *
 * local-nvme (instance store): not a provider product with rules, so the
 * figures are ours: default 1900 GB, 400000 IOPS (settable 1..2000000),
 * 2000 MB/s (settable 1..100000 MB/s), sizes 1 GB..64 TB as a sanity
 * range, price 0 (it comes with the instance).
 *
 * Latency parameters (struct prof_latency): service = lognormal(median,
 * sigma) [x tail factor] + size / xfer.  These are the model's fitted
 * parameters, chosen to match what the providers say ("single-digit ms"
 * for gp2/gp3/io1, "sub-ms" for io2 Block Express, HDD seek times for
 * st1/sc1) and the measurements of DOMAIN.md section 5:
 *   io1/io2 median write 0.57 ms: C4 (m5.large + io2, latency ~0.6 ms).
 *   OCI balanced/higher/uhp read median 0.362 ms, sigma 0.22: C9 (QD1 4 KiB
 *   randread avg 0.376 ms, p99 0.603 ms; median x exp(2.326 x 0.22) =
 *   0.604 ms).
 *
 * Delivered fractions (the share of the provisioned rate delivered on
 * average; all fitted):
 *   gp2/gp3/st1/sc1 0.95 IOPS and throughput: AWS promises >= 90 % of the
 *     provisioned rate 99 % of the time; C6 measured 8 x gp2 125 GiB ->
 *     1015 MB/s = 0.945 of 8 x 128 MiB/s.
 *   io1/io2/io2bx 0.995: provisioned-IOPS volumes promise 99.9 %.
 *   OCI IOPS 1.0 (C7: 50,431 of 50,000 IOPS), throughput 0.82 (C8: 560 of
 *     680 MB/s).
 *   local-nvme 1.0.
 *
 * Instances.  EC2 rows come from the table generated from
 * sim/profiles/ec2_ebs_limits_2023-06.csv (profiles_table.h): bytes/s =
 * MB/s x 1e6; burst instances hold the maximum for 1800 s (30 min per
 * 24 h).  Fitted: delivered throughput 0.972 (C1 580 of 593.75 MB/s, C2
 * 7300 of 7500, C5 335 of 347.5), delivered IOPS 1.0 (C4 18,905 of 18,750).
 * OCI E4.Flex ("oci-e4flex-N", N = 1..64 OCPUs): 1 Gbps of network per
 * OCPU, at most 40 Gbps, shared with block storage, so base = max =
 * N x 125e6 B/s capped at 5e9; no IOPS limit, no burst, fractions 1.0.
 * "none" has no limits.
 *
 * Nothing here allocates or keeps state: every table is const.
 */
#include "sim/profiles.h"
#include "sim/profiles_table.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "layouts/why.h"

#define KIB_BYTES 1024ull
#define MIB_BYTES (1024ull * KIB_BYTES)
#define GIB_BYTES (1024ull * MIB_BYTES)
#define TIB_BYTES (1024ull * GIB_BYTES)
#define GB_BYTES 1000000000ull
#define TB_BYTES 1000000000000ull
#define MIB_PER_S 1048576.0

/* ---------------------------------------------------------------- types */

enum vt {
    VT_GP2,
    VT_GP3,
    VT_IO1,
    VT_IO2,
    VT_IO2BX,
    VT_ST1,
    VT_SC1,
    VT_OCI_LOWER,
    VT_OCI_BALANCED,
    VT_OCI_HIGHER,
    VT_OCI_UHP,
    VT_LOCAL_NVME,
    VT_COUNT
};

struct vol_type {
    const char *name;
    const char *summary;
    enum prof_media media;
    uint64_t size_min_bytes;
    uint64_t size_max_bytes;
    uint64_t size_default_bytes;
    uint32_t io_unit_bytes;
    const char *no_iops_why;    /* NULL: iops is settable */
    const char *no_tput_why;    /* NULL: throughput is settable */
    int oci_vpu;                /* fixed VPU of an OCI level; -1 elsewhere */
    struct prof_latency lat;
    double delivered_iops_frac;
    double delivered_tput_frac;
};

/* {read median ns, write median ns, sigma, tail prob, tail min, max, xfer} */
#define LAT_GP      { 400000, 420000, 0.25, 0.002, 3, 15, 2.0e9 }
#define LAT_PIOPS   { 500000, 570000, 0.20, 0.001, 3, 10, 2.0e9 }
#define LAT_IO2BX   { 200000, 250000, 0.20, 0.001, 3, 10, 4.0e9 }
#define LAT_ST1     { 3000000, 1500000, 0.60, 0.01, 2, 6, 2.5e8 }
#define LAT_SC1     { 5000000, 2000000, 0.70, 0.01, 2, 6, 1.0e8 }
#define LAT_OCI_LOW { 800000, 900000, 0.25, 0.001, 2, 5, 2.0e9 }
#define LAT_OCI     { 362000, 450000, 0.22, 0.001, 2, 5, 2.0e9 }
#define LAT_NVME    { 80000, 30000, 0.30, 0.001, 3, 10, 3.0e9 }

#define PIOPS_TPUT_WHY "throughput follows IOPS (256 KiB per IOPS up to 500 MiB/s; " \
                       "above 32000 IOPS 16 KiB per IOPS up to 1000 MiB/s); set iops"
#define OCI_WHY "OCI performance follows size and VPU; set size"

static const struct vol_type vol_types[VT_COUNT] = {
    [VT_GP2] = {
        .name = "gp2",
        .summary = "EBS General Purpose SSD (old): size 1GiB-16TiB (default 250GiB); "
                   "IOPS 3 per GiB (100..16000), burst to 3000 from a 5.4M-op bucket "
                   "below 1000GiB; 128 MiB/s up to 170GiB, 250 above; $0.10 per GiB-month",
        .media = PROF_SSD, .size_min_bytes = GIB_BYTES, .size_max_bytes = 16 * TIB_BYTES,
        .size_default_bytes = 250 * GIB_BYTES, .io_unit_bytes = 256 * KIB_BYTES,
        .no_iops_why = "gp2 IOPS follow size, 3 per GiB; set size",
        .no_tput_why = "gp2 throughput follows size (128 MiB/s up to 170 GiB, "
                       "250 MiB/s above); set size",
        .oci_vpu = -1, .lat = LAT_GP,
        .delivered_iops_frac = 0.95, .delivered_tput_frac = 0.95,
    },
    [VT_GP3] = {
        .name = "gp3",
        .summary = "EBS General Purpose SSD: size 1GiB-64TiB (default 250GiB); "
                   "iops 3000-80000, above 3000 at most 500 per GiB (default 3000); "
                   "throughput 125-2000 MiB/s, above 125 at most 0.25 MiB/s per IOPS "
                   "(default 125); $0.08/GiB + $0.005/IOPS above 3000 + $0.04/MiB/s "
                   "above 125 per month",
        .media = PROF_SSD, .size_min_bytes = GIB_BYTES, .size_max_bytes = 64 * TIB_BYTES,
        .size_default_bytes = 250 * GIB_BYTES, .io_unit_bytes = 256 * KIB_BYTES,
        .oci_vpu = -1, .lat = LAT_GP,
        .delivered_iops_frac = 0.95, .delivered_tput_frac = 0.95,
    },
    [VT_IO1] = {
        .name = "io1",
        .summary = "EBS Provisioned IOPS SSD: size 4GiB-16TiB (default 100GiB); "
                   "iops 100-64000, at most 50 per GiB (default 3000); throughput "
                   "256KiB x IOPS up to 500 MiB/s, above 32000 IOPS 16KiB x IOPS up to "
                   "1000 MiB/s; $0.125/GiB + $0.065/IOPS per month",
        .media = PROF_SSD, .size_min_bytes = 4 * GIB_BYTES, .size_max_bytes = 16 * TIB_BYTES,
        .size_default_bytes = 100 * GIB_BYTES, .io_unit_bytes = 256 * KIB_BYTES,
        .no_tput_why = "io1 " PIOPS_TPUT_WHY,
        .oci_vpu = -1, .lat = LAT_PIOPS,
        .delivered_iops_frac = 0.995, .delivered_tput_frac = 0.995,
    },
    [VT_IO2] = {
        .name = "io2",
        .summary = "EBS Provisioned IOPS SSD: size 4GiB-16TiB (default 100GiB); "
                   "iops 100-64000, at most 500 per GiB (default 3000); throughput as "
                   "io1; $0.125/GiB + $0.065/IOPS up to 32000 + $0.0455/IOPS above "
                   "per month",
        .media = PROF_SSD, .size_min_bytes = 4 * GIB_BYTES, .size_max_bytes = 16 * TIB_BYTES,
        .size_default_bytes = 100 * GIB_BYTES, .io_unit_bytes = 256 * KIB_BYTES,
        .no_tput_why = "io2 " PIOPS_TPUT_WHY,
        .oci_vpu = -1, .lat = LAT_PIOPS,
        .delivered_iops_frac = 0.995, .delivered_tput_frac = 0.995,
    },
    [VT_IO2BX] = {
        .name = "io2bx",
        .summary = "EBS io2 Block Express: size 4GiB-64TiB (default 100GiB); "
                   "iops 100-256000, at most 1000 per GiB (default 3000); throughput "
                   "0.256 MiB/s x IOPS up to 4000 MiB/s; io2 prices + $0.032/IOPS "
                   "above 64000 per month",
        .media = PROF_SSD, .size_min_bytes = 4 * GIB_BYTES, .size_max_bytes = 64 * TIB_BYTES,
        .size_default_bytes = 100 * GIB_BYTES, .io_unit_bytes = 256 * KIB_BYTES,
        .no_tput_why = "io2bx throughput follows IOPS (0.256 MiB/s per IOPS, at most "
                       "4000 MiB/s); set iops",
        .oci_vpu = -1, .lat = LAT_IO2BX,
        .delivered_iops_frac = 0.995, .delivered_tput_frac = 0.995,
    },
    [VT_ST1] = {
        .name = "st1",
        .summary = "EBS Throughput Optimized HDD: size 125GiB-16TiB (default 500GiB); "
                   "500 x 1MiB I/Os per s; 40 MiB/s per TiB, burst 250 per TiB, both at "
                   "most 500 MiB/s; $0.045 per GiB-month",
        .media = PROF_HDD, .size_min_bytes = 125 * GIB_BYTES, .size_max_bytes = 16 * TIB_BYTES,
        .size_default_bytes = 500 * GIB_BYTES, .io_unit_bytes = (uint32_t)MIB_BYTES,
        .no_iops_why = "st1 IOPS are fixed at 500 (1 MiB units)",
        .no_tput_why = "st1 throughput follows size (40 MiB/s per TiB, burst 250 per "
                       "TiB, at most 500 MiB/s); set size",
        .oci_vpu = -1, .lat = LAT_ST1,
        .delivered_iops_frac = 0.95, .delivered_tput_frac = 0.95,
    },
    [VT_SC1] = {
        .name = "sc1",
        .summary = "EBS Cold HDD: size 125GiB-16TiB (default 500GiB); 250 x 1MiB "
                   "I/Os per s; 12 MiB/s per TiB, burst 80 per TiB, both at most "
                   "250 MiB/s; $0.015 per GiB-month",
        .media = PROF_HDD, .size_min_bytes = 125 * GIB_BYTES, .size_max_bytes = 16 * TIB_BYTES,
        .size_default_bytes = 500 * GIB_BYTES, .io_unit_bytes = (uint32_t)MIB_BYTES,
        .no_iops_why = "sc1 IOPS are fixed at 250 (1 MiB units)",
        .no_tput_why = "sc1 throughput follows size (12 MiB/s per TiB, burst 80 per "
                       "TiB, at most 250 MiB/s); set size",
        .oci_vpu = -1, .lat = LAT_SC1,
        .delivered_iops_frac = 0.95, .delivered_tput_frac = 0.95,
    },
    [VT_OCI_LOWER] = {
        .name = "oci-lower",
        .summary = "OCI Lower Cost (VPU 0): size 50GB-32TB (default 1024GB); 2 IOPS "
                   "per GB up to 3000; 240 KB/s per GB up to 480 MB/s; $0.0255 per "
                   "GB-month",
        .media = PROF_SSD, .size_min_bytes = 50 * GB_BYTES, .size_max_bytes = 32 * TB_BYTES,
        .size_default_bytes = 1024 * GB_BYTES, .io_unit_bytes = 256 * KIB_BYTES,
        .no_iops_why = OCI_WHY, .no_tput_why = OCI_WHY,
        .oci_vpu = 0, .lat = LAT_OCI_LOW,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 0.82,
    },
    [VT_OCI_BALANCED] = {
        .name = "oci-balanced",
        .summary = "OCI Balanced (VPU 10): size 50GB-32TB (default 1024GB); 60 IOPS "
                   "per GB up to 25000; 480 KB/s per GB up to 480 MB/s; $0.0255 + "
                   "$0.017 per GB-month",
        .media = PROF_SSD, .size_min_bytes = 50 * GB_BYTES, .size_max_bytes = 32 * TB_BYTES,
        .size_default_bytes = 1024 * GB_BYTES, .io_unit_bytes = 256 * KIB_BYTES,
        .no_iops_why = OCI_WHY, .no_tput_why = OCI_WHY,
        .oci_vpu = 10, .lat = LAT_OCI,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 0.82,
    },
    [VT_OCI_HIGHER] = {
        .name = "oci-higher",
        .summary = "OCI Higher Performance (VPU 20): size 50GB-32TB (default 1024GB); "
                   "75 IOPS per GB up to 50000; 600 KB/s per GB up to 680 MB/s; "
                   "$0.0255 + $0.034 per GB-month",
        .media = PROF_SSD, .size_min_bytes = 50 * GB_BYTES, .size_max_bytes = 32 * TB_BYTES,
        .size_default_bytes = 1024 * GB_BYTES, .io_unit_bytes = 256 * KIB_BYTES,
        .no_iops_why = OCI_WHY, .no_tput_why = OCI_WHY,
        .oci_vpu = 20, .lat = LAT_OCI,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 0.82,
    },
    [VT_OCI_UHP] = {
        .name = "oci-uhp",
        .summary = "OCI Ultra High Performance: size 50GB-32TB (default 1024GB); vpu "
                   "30-120 step 10 (default 30); (1.5 VPU + 45) IOPS per GB up to "
                   "min(2500 VPU, 300000); (12 VPU + 360) KB/s per GB up to "
                   "min(20 VPU + 280, 2680) MB/s; $0.0255 + $0.0017 x VPU per GB-month",
        .media = PROF_SSD, .size_min_bytes = 50 * GB_BYTES, .size_max_bytes = 32 * TB_BYTES,
        .size_default_bytes = 1024 * GB_BYTES, .io_unit_bytes = 256 * KIB_BYTES,
        .no_iops_why = OCI_WHY " and vpu", .no_tput_why = OCI_WHY " and vpu",
        .oci_vpu = 30, .lat = LAT_OCI,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 0.82,
    },
    [VT_LOCAL_NVME] = {
        .name = "local-nvme",
        .summary = "instance-store NVMe: size 1GB-64TB (default 1900GB); iops "
                   "1-2000000 (default 400000); throughput 1-100000 MB/s (default "
                   "2000 MB/s); no charge (part of the instance)",
        .media = PROF_SSD, .size_min_bytes = GB_BYTES, .size_max_bytes = 64 * TB_BYTES,
        .size_default_bytes = 1900 * GB_BYTES, .io_unit_bytes = 256 * KIB_BYTES,
        .oci_vpu = -1, .lat = LAT_NVME,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
    },
};

/* ------------------------------------------------------------- helpers */

/* x > limit, forgiving floating-point noise in derived limits. */
static bool above(double x, double limit)
{
    return x > limit + 1e-9 * fabs(limit) + 1e-9;
}

static bool below(double x, double limit)
{
    return x < limit - 1e-9 * fabs(limit) - 1e-9;
}

static int find_type(const char *name, size_t len)
{
    for (int i = 0; i < VT_COUNT; i++)
        if (strlen(vol_types[i].name) == len && strncasecmp(vol_types[i].name, name, len) == 0)
            return i;
    return -1;
}

struct unit {
    const char *name;
    uint64_t bytes;
};

/* Largest first, so the first exact divisor is the shortest spelling. */
static const struct unit compact_units[] = {
    { "TiB", TIB_BYTES }, { "TB", TB_BYTES }, { "GiB", GIB_BYTES }, { "GB", GB_BYTES },
    { "MiB", MIB_BYTES }, { "MB", 1000000ull }, { "KiB", KIB_BYTES }, { "KB", 1000ull },
};

#define COMPACT_MB_FIRST 4     /* index of MiB: rates read best in MiB/s, MB/s */

/* "250GiB", "1024GB", "1500B": exact, no space, parses back with
   prof_parse_size; the largest unit that divides, from compact_units[first]
   down.  Used in canonical specs and messages. */
static void fmt_units(uint64_t bytes, size_t first, char *buf, size_t len)
{
    if (bytes > 0)
        for (size_t i = first; i < sizeof compact_units / sizeof compact_units[0]; i++)
            if (bytes % compact_units[i].bytes == 0) {
                snprintf(buf, len, "%llu%s", (unsigned long long)(bytes / compact_units[i].bytes),
                         compact_units[i].name);
                return;
            }
    snprintf(buf, len, "%lluB", (unsigned long long)bytes);
}

static void fmt_compact(uint64_t bytes, char *buf, size_t len)
{
    fmt_units(bytes, 0, buf, len);
}

static void fmt_rate(double bytes_per_s, char *buf, size_t len)
{
    if (bytes_per_s >= 1 && bytes_per_s < 1.8e19 && bytes_per_s == floor(bytes_per_s)) {
        char b[32];
        fmt_units((uint64_t)bytes_per_s, COMPACT_MB_FIRST, b, sizeof b);
        snprintf(buf, len, "%s/s", b);
    } else {
        snprintf(buf, len, "%.3fB/s", bytes_per_s);
    }
}

/* MiB/s for messages: "750MiB/s", "750.25MiB/s". */
static void fmt_mibps(double bytes_per_s, char *buf, size_t len)
{
    double mib = bytes_per_s / MIB_PER_S;
    if (mib == floor(mib))
        snprintf(buf, len, "%.0fMiB/s", mib);
    else
        snprintf(buf, len, "%.2fMiB/s", mib);
}

static double gib_of(uint64_t bytes)
{
    return (double)bytes / (double)GIB_BYTES;
}

static double gb_of(uint64_t bytes)
{
    return (double)bytes / 1e9;
}

/* ---------------------------------------------------- sizes and rates */

struct quantity {
    uint64_t int_part;
    uint64_t frac;          /* fraction digits as an integer ... */
    uint64_t frac_scale;    /* ... over this power of ten */
    uint64_t unit_bytes;
};

static const struct unit parse_units[] = {
    { "", 1 }, { "b", 1 },
    { "k", KIB_BYTES }, { "kib", KIB_BYTES }, { "kb", 1000ull },
    { "m", MIB_BYTES }, { "mib", MIB_BYTES }, { "mb", 1000000ull },
    { "g", GIB_BYTES }, { "gib", GIB_BYTES }, { "gb", GB_BYTES },
    { "t", TIB_BYTES }, { "tib", TIB_BYTES }, { "tb", TB_BYTES },
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
            __builtin_add_overflow(q->int_part, d, &q->int_part))
            return -EINVAL;
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
    while (i < len && s[i] == ' ')
        i++;
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
    if (__builtin_mul_overflow(q.int_part, q.unit_bytes, &bytes))
        return -EINVAL;
    unsigned __int128 frac_bytes = (unsigned __int128)q.frac * q.unit_bytes;
    if (frac_bytes % q.frac_scale != 0)
        return -EINVAL;                 /* not a whole number of bytes */
    if (__builtin_add_overflow(bytes, (uint64_t)(frac_bytes / q.frac_scale), &bytes))
        return -EINVAL;
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
    if (parse_quantity(text, len, &q) < 0)
        return -EINVAL;
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

/* ------------------------------------------------------------ resolve */

/* What a spec (or a reprovision) asks for; has_* false = type default. */
struct vol_req {
    bool has_size, has_iops, has_tput, has_vpu;
    uint64_t size_bytes;
    double iops;
    double tput_bytes_per_s;
    int vpu;
};

static int resolve_gp3(const struct vol_req *rq, double gib, const char *size_txt,
                       struct vol_profile *v, char *why, size_t why_len)
{
    double iops = rq->has_iops ? rq->iops : 3000;
    double tput = rq->has_tput ? rq->tput_bytes_per_s : 125 * MIB_PER_S;
    char t[40], lim[40];

    if (below(iops, 3000) || above(iops, 80000))
        return why_set(why, why_len, "gp3 iops=%.0f: gp3 IOPS are 3000 to 80000", iops);
    double by_size = floor(500 * gib);
    if (iops > 3000 && above(iops, by_size))
        return why_set(why, why_len,
                       "gp3 iops=%.0f with size=%s: at most 500 IOPS per GiB, so at most %.0f",
                       iops, size_txt, fmax(3000, by_size));
    fmt_rate(tput, t, sizeof t);
    double mibps = tput / MIB_PER_S;
    if (below(mibps, 125) || above(mibps, 2000))
        return why_set(why, why_len,
                       "gp3 throughput=%s: gp3 throughput is 125MiB/s to 2000MiB/s", t);
    double by_iops = 0.25 * iops;
    if (mibps > 125 && above(mibps, by_iops)) {
        fmt_mibps(fmax(125, by_iops) * MIB_PER_S, lim, sizeof lim);
        return why_set(why, why_len,
                       "gp3 throughput=%s with iops=%.0f: at most 0.25 MiB/s per IOPS, so at most %s",
                       t, iops, lim);
    }
    v->iops_base = v->iops_burst = iops;
    v->tput_base_bytes_per_s = v->tput_burst_bytes_per_s = tput;
    v->price_usd_month = 0.08 * gib + 0.005 * (iops - 3000) + 0.04 * (mibps - 125);
    snprintf(v->spec, sizeof v->spec, "gp3:size=%s,iops=%.0f,throughput=%s", size_txt, iops, t);
    return 0;
}

static void resolve_gp2(double gib, const char *size_txt, struct vol_profile *v)
{
    double base = fmin(fmax(3 * gib, 100), 16000);
    v->iops_base = base;
    v->iops_burst = base < 3000 ? 3000 : base;
    v->iops_bucket_ops = base < 3000 ? 5.4e6 : 0;
    v->tput_base_bytes_per_s = v->tput_burst_bytes_per_s = (gib <= 170 ? 128 : 250) * MIB_PER_S;
    v->price_usd_month = 0.10 * gib;
    snprintf(v->spec, sizeof v->spec, "gp2:size=%s", size_txt);
}

static int resolve_piops(enum vt t, const struct vol_req *rq, double gib, const char *size_txt,
                         struct vol_profile *v, char *why, size_t why_len)
{
    const char *name = vol_types[t].name;
    double per_gib = t == VT_IO1 ? 50 : t == VT_IO2 ? 500 : 1000;
    double max_iops = t == VT_IO2BX ? 256000 : 64000;
    double by_size = floor(per_gib * gib);
    double iops = rq->has_iops ? rq->iops : fmin(3000, by_size);

    if (below(iops, 100) || above(iops, max_iops))
        return why_set(why, why_len, "%s iops=%.0f: %s IOPS are 100 to %.0f",
                       name, iops, name, max_iops);
    if (above(iops, by_size))
        return why_set(why, why_len,
                       "%s iops=%.0f with size=%s: at most %.0f IOPS per GiB, so at most %.0f",
                       name, iops, size_txt, per_gib, fmin(by_size, max_iops));

    double tput;
    if (t == VT_IO2BX)
        tput = fmin(0.256 * MIB_PER_S * iops, 4000 * MIB_PER_S);
    else if (iops <= 32000)
        tput = fmin(256.0 * KIB_BYTES * iops, 500 * MIB_PER_S);
    else
        tput = fmin(16.0 * KIB_BYTES * iops, 1000 * MIB_PER_S);

    double price = 0.125 * gib;
    if (t == VT_IO1)
        price += 0.065 * iops;
    else
        price += 0.065 * fmin(iops, 32000) + 0.0455 * fmin(fmax(iops - 32000, 0), 32000) +
                 0.032 * fmax(iops - 64000, 0);

    v->iops_base = v->iops_burst = iops;
    v->tput_base_bytes_per_s = v->tput_burst_bytes_per_s = tput;
    v->price_usd_month = price;
    snprintf(v->spec, sizeof v->spec, "%s:size=%s,iops=%.0f", name, size_txt, iops);
    return 0;
}

static void resolve_hdd(enum vt t, uint64_t size_bytes, double gib, const char *size_txt,
                        struct vol_profile *v)
{
    bool st1 = t == VT_ST1;
    double tib = gib / 1024;
    double cap = st1 ? 500 : 250;
    v->iops_base = v->iops_burst = st1 ? 500 : 250;
    v->tput_base_bytes_per_s = fmin((st1 ? 40 : 12) * tib, cap) * MIB_PER_S;
    v->tput_burst_bytes_per_s = fmin((st1 ? 250 : 80) * tib, cap) * MIB_PER_S;
    v->tput_bucket_bytes = (double)size_bytes;
    v->price_usd_month = (st1 ? 0.045 : 0.015) * gib;
    snprintf(v->spec, sizeof v->spec, "%s:size=%s", vol_types[t].name, size_txt);
}

static int resolve_oci(enum vt t, const struct vol_req *rq, uint64_t size_bytes,
                       const char *size_txt, struct vol_profile *v, char *why, size_t why_len)
{
    const char *name = vol_types[t].name;
    int vpu = vol_types[t].oci_vpu;
    double gb = gb_of(size_bytes);

    if (t == VT_OCI_UHP) {
        if (rq->has_vpu)
            vpu = rq->vpu;
        if (vpu < 30 || vpu > 120 || vpu % 10 != 0)
            return why_set(why, why_len,
                           "oci-uhp vpu=%d: oci-uhp takes vpu 30 to 120 in steps of 10", vpu);
    } else if (rq->has_vpu && rq->vpu != vpu) {
        return why_set(why, why_len,
                       "%s vpu=%d: %s volumes are %d VPU (oci-lower 0, oci-balanced 10, "
                       "oci-higher 20, oci-uhp 30 to 120)", name, rq->vpu, name, vpu);
    }

    double iops_per_gb, iops_cap, kbps_per_gb, mbps_cap;
    switch (t) {
    case VT_OCI_LOWER:    iops_per_gb = 2;  iops_cap = 3000;  kbps_per_gb = 240; mbps_cap = 480; break;
    case VT_OCI_BALANCED: iops_per_gb = 60; iops_cap = 25000; kbps_per_gb = 480; mbps_cap = 480; break;
    case VT_OCI_HIGHER:   iops_per_gb = 75; iops_cap = 50000; kbps_per_gb = 600; mbps_cap = 680; break;
    default:
        iops_per_gb = 1.5 * vpu + 45;
        iops_cap = fmin(2500.0 * vpu, 300000);
        kbps_per_gb = 12.0 * vpu + 360;
        mbps_cap = fmin(20.0 * vpu + 280, 2680);
        break;
    }
    v->vpu = vpu;
    v->iops_base = v->iops_burst = fmin(iops_per_gb * gb, iops_cap);
    v->tput_base_bytes_per_s = v->tput_burst_bytes_per_s = fmin(kbps_per_gb * 1e3 * gb, mbps_cap * 1e6);
    v->price_usd_month = 0.0255 * gb + 0.0017 * vpu * gb;
    snprintf(v->spec, sizeof v->spec, "%s:size=%s,vpu=%d", name, size_txt, vpu);
    return 0;
}

static int resolve_nvme(const struct vol_req *rq, const char *size_txt, struct vol_profile *v,
                        char *why, size_t why_len)
{
    double iops = rq->has_iops ? rq->iops : 400000;
    double tput = rq->has_tput ? rq->tput_bytes_per_s : 2e9;
    char t[40];
    fmt_rate(tput, t, sizeof t);
    if (below(iops, 1) || above(iops, 2000000))
        return why_set(why, why_len,
                       "local-nvme iops=%.0f: local-nvme IOPS are 1 to 2000000", iops);
    if (below(tput, 1e6) || above(tput, 1e11))
        return why_set(why, why_len,
                       "local-nvme throughput=%s: local-nvme throughput is 1MB/s to 100000MB/s", t);
    v->iops_base = v->iops_burst = iops;
    v->tput_base_bytes_per_s = v->tput_burst_bytes_per_s = tput;
    v->price_usd_month = 0;
    snprintf(v->spec, sizeof v->spec, "local-nvme:size=%s,iops=%.0f,throughput=%s",
             size_txt, iops, t);
    return 0;
}

/* Apply type t's rules to rq.  Writes *out only on success. */
static int resolve(enum vt t, const struct vol_req *rq, struct vol_profile *out,
                   char *why, size_t why_len)
{
    const struct vol_type *ty = &vol_types[t];
    struct vol_profile v;
    char size_txt[40], lo[40], hi[40], val[40];
    int rc = 0;

    memset(&v, 0, sizeof v);
    snprintf(v.type, sizeof v.type, "%s", ty->name);
    v.media = ty->media;
    v.vpu = -1;
    v.io_unit_bytes = ty->io_unit_bytes;
    v.lat = ty->lat;
    v.delivered_iops_frac = ty->delivered_iops_frac;
    v.delivered_tput_frac = ty->delivered_tput_frac;

    uint64_t size = rq->has_size ? rq->size_bytes : ty->size_default_bytes;
    fmt_compact(size, size_txt, sizeof size_txt);
    if (size < ty->size_min_bytes || size > ty->size_max_bytes) {
        fmt_compact(ty->size_min_bytes, lo, sizeof lo);
        fmt_compact(ty->size_max_bytes, hi, sizeof hi);
        return why_set(why, why_len, "%s size=%s: %s volumes are %s to %s",
                       ty->name, size_txt, ty->name, lo, hi);
    }
    v.size_bytes = size;
    if (rq->has_iops && ty->no_iops_why)
        return why_set(why, why_len, "%s iops=%.0f: %s", ty->name, rq->iops,
                       ty->no_iops_why);
    if (rq->has_tput && ty->no_tput_why) {
        fmt_rate(rq->tput_bytes_per_s, val, sizeof val);
        return why_set(why, why_len, "%s throughput=%s: %s", ty->name, val,
                       ty->no_tput_why);
    }
    if (rq->has_vpu && ty->oci_vpu < 0)
        return why_set(why, why_len,
                       "%s vpu=%d: vpu applies only to OCI volumes (oci-lower, oci-balanced, "
                       "oci-higher, oci-uhp)", ty->name, rq->vpu);

    double gib = gib_of(size);
    switch (t) {
    case VT_GP2:
        resolve_gp2(gib, size_txt, &v);
        break;
    case VT_GP3:
        rc = resolve_gp3(rq, gib, size_txt, &v, why, why_len);
        break;
    case VT_IO1:
    case VT_IO2:
    case VT_IO2BX:
        rc = resolve_piops(t, rq, gib, size_txt, &v, why, why_len);
        break;
    case VT_ST1:
    case VT_SC1:
        resolve_hdd(t, size, gib, size_txt, &v);
        break;
    case VT_OCI_LOWER:
    case VT_OCI_BALANCED:
    case VT_OCI_HIGHER:
    case VT_OCI_UHP:
        rc = resolve_oci(t, rq, size, size_txt, &v, why, why_len);
        break;
    case VT_LOCAL_NVME:
    default:
        rc = resolve_nvme(rq, size_txt, &v, why, why_len);
        break;
    }
    if (rc < 0)
        return rc;
    *out = v;
    return 0;
}

/* ---------------------------------------------------------- spec parse */

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

/* A whole number up to max: "3000".  -EINVAL otherwise. */
static int parse_count(const char *text, uint64_t max, uint64_t *out)
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

static int parse_item(enum vt t, const char *key, size_t klen, const char *val,
                      struct vol_req *rq, char *why, size_t why_len)
{
    const char *tn = vol_types[t].name;
    uint64_t n;

    if (key_is(key, klen, "size")) {
        if (rq->has_size)
            return why_set(why, why_len, "%s: size given twice", tn);
        if (prof_parse_size(val, &rq->size_bytes) < 0)
            return why_set(why, why_len,
                           "%s size=%s: not a size (e.g. 250GiB, 1TB, 1024GB)", tn, val);
        rq->has_size = true;
    } else if (key_is(key, klen, "iops")) {
        if (rq->has_iops)
            return why_set(why, why_len, "%s: iops given twice", tn);
        if (parse_count(val, 1000000000ull, &n) < 0)
            return why_set(why, why_len,
                           "%s iops=%s: not a whole number of IOPS (e.g. 3000)", tn, val);
        rq->iops = (double)n;
        rq->has_iops = true;
    } else if (key_is(key, klen, "throughput")) {
        if (rq->has_tput)
            return why_set(why, why_len, "%s: throughput given twice", tn);
        if (prof_parse_rate(val, &rq->tput_bytes_per_s) < 0)
            return why_set(why, why_len,
                           "%s throughput=%s: not a rate (e.g. 125MiB/s, 680MB/s)", tn, val);
        rq->tput_bytes_per_s = round(rq->tput_bytes_per_s);
        rq->has_tput = true;
    } else if (key_is(key, klen, "vpu")) {
        if (rq->has_vpu)
            return why_set(why, why_len, "%s: vpu given twice", tn);
        if (parse_count(val, 1000, &n) < 0)
            return why_set(why, why_len,
                           "%s vpu=%s: not a whole number of VPU (e.g. 30)", tn, val);
        rq->vpu = (int)n;
        rq->has_vpu = true;
    } else {
        return why_set(why, why_len,
                       "%s: unknown key '%.*s' (keys: size, iops, throughput, vpu)",
                       tn, (int)klen, key);
    }
    return 0;
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
                       "empty volume type in '%s'; expected TYPE[:key=value,...], e.g. gp3:size=250GiB",
                       spec);
    int ti = find_type(tname, tlen);
    if (ti < 0)
        return why_set(why, why_len,
                       "unknown volume type '%.*s' (known: gp2, gp3, io1, io2, io2bx, st1, sc1, "
                       "oci-lower, oci-balanced, oci-higher, oci-uhp, local-nvme)",
                       (int)tlen, tname);
    enum vt t = (enum vt)ti;

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
                               "%s: '%.*s' in '%s' is not key=value (keys: size, iops, "
                               "throughput, vpu)", vol_types[t].name, (int)ilen, item, spec);
            const char *key = item, *val = eq + 1;
            size_t klen = (size_t)(eq - item), vlen = (size_t)(item + ilen - val);
            trim(&key, &klen);
            trim(&val, &vlen);
            char vbuf[64];
            if (vlen == 0 || vlen >= sizeof vbuf)
                return why_set(why, why_len, "%s: %.*s has %s value in '%s'",
                               vol_types[t].name, (int)klen, key,
                               vlen ? "an overlong" : "no", spec);
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
    return resolve(t, &rq, out, why, why_len);
}

int prof_volume_reprovision(struct vol_profile *v, double iops, double tput_bytes_per_s,
                            char *why, size_t why_len)
{
    if (!v)
        return why_set(why, why_len, "reprovision: no volume");
    int ti = find_type(v->type, strnlen(v->type, sizeof v->type));
    if (ti < 0)
        return why_set(why, why_len, "reprovision: unknown volume type '%s'", v->type);
    if (!isfinite(iops) || !isfinite(tput_bytes_per_s))
        return why_set(why, why_len, "%s: iops and throughput must be finite numbers",
                       v->type);
    enum vt t = (enum vt)ti;
    const struct vol_type *ty = &vol_types[t];
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
    int rc = resolve(t, &rq, &nv, why, why_len);
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
    return i >= 0 && i < VT_COUNT ? vol_types[i].name : NULL;
}

const char *prof_volume_type_summary(int i)
{
    return i >= 0 && i < VT_COUNT ? vol_types[i].summary : NULL;
}

/* ----------------------------------------------------------- instances */

static const int oci_listed_ocpus[] = { 1, 2, 4, 8, 16, 32, 64 };
#define OCI_LISTED ((int)(sizeof oci_listed_ocpus / sizeof oci_listed_ocpus[0]))
#define OCI_PREFIX "oci-e4flex-"

static void inst_from_row(const struct prof_ec2_row *r, struct inst_profile *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%s", r->name);
    snprintf(out->provider, sizeof out->provider, "aws");
    out->burst = r->burst;
    out->base_bytes_per_s = r->base_MBps * 1e6;
    out->max_bytes_per_s = r->max_MBps * 1e6;
    out->base_iops = r->base_iops;
    out->max_iops = r->max_iops;
    out->burst_seconds = r->burst ? 1800 : 0;
    out->delivered_tput_frac = 0.972;
    out->delivered_iops_frac = 1.0;
}

static void inst_oci(int ocpus, struct inst_profile *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, OCI_PREFIX "%d", ocpus);
    snprintf(out->provider, sizeof out->provider, "oci");
    out->base_bytes_per_s = out->max_bytes_per_s = fmin(ocpus * 125e6, 5e9);
    out->delivered_tput_frac = 1.0;
    out->delivered_iops_frac = 1.0;
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
    return prof_ec2_row_count + OCI_LISTED + 1;
}

int prof_instance_at(int i, struct inst_profile *out)
{
    if (!out || i < 0 || i >= prof_instance_count())
        return -ERANGE;
    if (i < prof_ec2_row_count)
        inst_from_row(&prof_ec2_rows[i], out);
    else if (i < prof_ec2_row_count + OCI_LISTED)
        inst_oci(oci_listed_ocpus[i - prof_ec2_row_count], out);
    else
        inst_none(out);
    return 0;
}

#define DIST_MAX_LEN 63

/* Optimal-string-alignment distance (Levenshtein plus adjacent
   transpositions), case-insensitive, on at most DIST_MAX_LEN characters. */
static int edit_distance(const char *a, const char *b)
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

static const char *candidate_name(int i, char *buf, size_t len)
{
    if (i < prof_ec2_row_count)
        return prof_ec2_rows[i].name;
    if (i < prof_ec2_row_count + OCI_LISTED) {
        snprintf(buf, len, OCI_PREFIX "%d", oci_listed_ocpus[i - prof_ec2_row_count]);
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
        int d = edit_distance(name, candidate_name(i, buf, sizeof buf));
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
            int d = edit_distance(name, c), k;
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
    if (nbest == 0) {
        why_set(why, why_len, "unknown instance '%s' (known: EC2 types such "
                "as m5.large, oci-e4flex-1 to oci-e4flex-64, none)", name);
        return -ENOENT;
    }

    char list[3 * PROF_NAME_MAX + 16] = "";
    for (int k = 0; k < nbest; k++) {
        size_t used = strlen(list);
        const char *sep = k == 0 ? "" : k == nbest - 1 ? " or " : ", ";
        snprintf(list + used, sizeof list - used, "%s%s", sep,
                 candidate_name(best[k], buf, sizeof buf));
    }
    why_set(why, why_len, "unknown instance '%s'; did you mean %s?", name, list);
    return -ENOENT;
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
    size_t plen = strlen(OCI_PREFIX);
    if (strncasecmp(name, OCI_PREFIX, plen) == 0 && name[plen]) {
        uint64_t ocpus;
        if (parse_count(name + plen, 1000000, &ocpus) == 0) {
            if (ocpus < 1 || ocpus > 64) {
                why_set(why, why_len, "instance '%s': E4.Flex shapes have 1 to "
                        "64 OCPUs (oci-e4flex-1 to oci-e4flex-64)", name);
                return -ENOENT;
            }
            inst_oci((int)ocpus, out);
            return 0;
        }
    }
    for (int i = 0; i < prof_ec2_row_count; i++)
        if (strcasecmp(prof_ec2_rows[i].name, name) == 0) {
            inst_from_row(&prof_ec2_rows[i], out);
            return 0;
        }
    return unknown_instance(name, why, why_len);
}
