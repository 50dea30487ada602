/*
 * oci.c - the OCI provider: its block volume types and their rules
 * (performance follows size and the volume performance units, VPU, of the
 * level; nothing is set directly), its flexible shapes, what the advisor
 * searches of it, and its price list (provider.h).
 *
 * Sizes and throughputs are decimal: GB = 10^9 B, KB/s and MB/s = 10^3
 * and 10^6 B/s, and the per-GB rules are applied to size_bytes / 1e9 (so
 * "size=1024GB" is 1.024e12 B): a whole number of GB (sizeInGBs of OCI's
 * CreateVolume is an integer, 50..32768; OCI Block Volume documentation).
 * The size range and I/O unit are the catalogue's (oci_types below); the
 * rates and prices are computed here.
 *
 * OCI block volumes (OCI Block Volume performance documentation):
 * 50 GB..32 TB (default 1024 GB), no burst, 256 KiB units.
 *   level          VPU     IOPS/GB     max IOPS            KB/s per GB   max MB/s
 *   oci-lower       0       2           3000                240           480
 *   oci-balanced   10      60          25000                480           480
 *   oci-higher     20      75          50000                600           680
 *   oci-uhp     30..120  1.5V+45   min(2500V, 300000)     12V+360   min(20V+280, 2680)
 *   (oci-uhp VPU in steps of 10, default 30.)  Price: price_volume_month
 *   (prices.c), storage + VPU x VPU price per GB-month from the OCI list
 *   compiled in from sim/profiles/oci_prices.csv.
 *
 * Attachment (DOMAIN.md section 4): Lower Cost, Balanced and Higher
 * Performance volumes attach over one iSCSI path, Ultra High Performance
 * over multipath iSCSI, and only to shapes of at least 16 OCPUs
 * (prof_attach_check, profiles_instances.c, documented).
 *
 * One path carries about 560 MB/s (OCI_PATH_BYTES_PER_S below),
 * whatever the I/O size.  Inferred, not documented: on one 2,048 GB Higher
 * Performance volume (680 MB/s provisioned) of an 8-OCPU E4.Flex (960 MB/s
 * of block-volume traffic) three reads stop at the same bytes rate with
 * very different operation rates: C8 256 KiB random 560 MB/s, C13 256 KiB
 * sequential 549 MB/s, C13 4 KiB sequential 563 MB/s (138,000 IOPS, so
 * merged, and far from the IOPS limit).  Neither the volume's limits nor the
 * shape's explain it; a bytes cap of one iSCSI session does.  The UHP
 * volume of C14 (multipath) moved 1,245 MB/s, above that cap, so it is
 * per path and a multipath attachment is not held by it.  The model used
 * to scale every OCI volume's throughput by 0.82 instead (C8's 560 / 680).
 */
#include "sim/profiles/profiles_internal.h"
#include "sim/profiles/prices.h"
#include "sim/profiles/prices_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "layouts/why.h"

enum oci_type {
    OCI_LOWER,
    OCI_BALANCED,
    OCI_HIGHER,
    OCI_UHP,
    OCI_TYPES
};

#define OCI_SIZE_STEP GB
#define OCI_2023_06 "OCI 2023-06"       /* the rule set: whose, of when */

/* One iSCSI attachment path's throughput, bytes/s: inferred, not
   documented (the measurements, C8 and C13, are above). */
#define OCI_PATH_BYTES_PER_S 560e6

/* Shared attachments (a modelled cluster, --nodes): OCI, Block Volume,
   "Attaching a Volume to Multiple Instances", Limits and Considerations
   (read 2026-12): read/write shareable attachments, up to 32 instances
   on one volume that is not at the Ultra High Performance level.  For
   UHP volumes the count was not collected: refused until it is.  OCI
   gives no performance figure for a shared volume; the model takes
   EBS's rule (dev_model.c, "Nodes"). */
#define OCI_SHAREABLE "OCI attaches a block volume read/write shareable to up to " \
                      "32 instances below Ultra High Performance (OCI Block Volume, " \
                      "Attaching a Volume to Multiple Instances)"
#define OCI_SHAREABLE_MAX 32
#define OCI_UHP_SHAREABLE "OCI shares block volumes below Ultra High Performance with up " \
                          "to 32 instances; for UHP volumes asmsim does not know the " \
                          "count (not collected), so it does not model them shared"

/* Ends a reason "<type> <key>=<value>: <text>" (PROF_WHY_CHARS). */
#define OCI_WHY "OCI performance follows size and VPU; set size"

static int oci_resolve(const struct vol_type *ty, const struct vol_req *rq,
                       struct vol_profile *v, char *why, size_t why_len);

static const struct vol_type oci_types[OCI_TYPES] = {
    [OCI_LOWER] = {
        .name = "oci-lower",
        .summary = "OCI Lower Cost (VPU 0): size 50GB-32TB (default 1024GB); 2 IOPS "
                   "per GB up to 3000; 240 KB/s per GB up to 480 MB/s; $0.0255 per "
                   "GB-month",
        .media = PROF_SSD, .size_min_bytes = 50 * GB, .size_max_bytes = 32 * TB,
        .size_default_bytes = 1024 * GB,
        .size_step_bytes = OCI_SIZE_STEP, .provider = &prof_provider_oci, .io_unit_bytes = 256 * KIB,
        .no_iops_why = OCI_WHY, .no_tput_why = OCI_WHY,
        .oci_vpu = 0, .rules = OCI_2023_06, .merges_contiguous = true,
        .path_bytes_per_s = OCI_PATH_BYTES_PER_S,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
        .shared_nodes_max = OCI_SHAREABLE_MAX, .shared_rule = OCI_SHAREABLE,
        .resolve = oci_resolve,
    },
    [OCI_BALANCED] = {
        .name = "oci-balanced",
        .summary = "OCI Balanced (VPU 10): size 50GB-32TB (default 1024GB); 60 IOPS "
                   "per GB up to 25000; 480 KB/s per GB up to 480 MB/s; $0.0255 + "
                   "$0.017 per GB-month",
        .media = PROF_SSD, .size_min_bytes = 50 * GB, .size_max_bytes = 32 * TB,
        .size_default_bytes = 1024 * GB,
        .size_step_bytes = OCI_SIZE_STEP, .provider = &prof_provider_oci, .io_unit_bytes = 256 * KIB,
        .no_iops_why = OCI_WHY, .no_tput_why = OCI_WHY,
        .oci_vpu = 10, .rules = OCI_2023_06, .merges_contiguous = true,
        .path_bytes_per_s = OCI_PATH_BYTES_PER_S,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
        .shared_nodes_max = OCI_SHAREABLE_MAX, .shared_rule = OCI_SHAREABLE,
        .resolve = oci_resolve,
    },
    [OCI_HIGHER] = {
        .name = "oci-higher",
        .summary = "OCI Higher Performance (VPU 20): size 50GB-32TB (default 1024GB); "
                   "75 IOPS per GB up to 50000; 600 KB/s per GB up to 680 MB/s; "
                   "$0.0255 + $0.034 per GB-month",
        .media = PROF_SSD, .size_min_bytes = 50 * GB, .size_max_bytes = 32 * TB,
        .size_default_bytes = 1024 * GB,
        .size_step_bytes = OCI_SIZE_STEP, .provider = &prof_provider_oci, .io_unit_bytes = 256 * KIB,
        .no_iops_why = OCI_WHY, .no_tput_why = OCI_WHY,
        .oci_vpu = 20, .rules = OCI_2023_06, .merges_contiguous = true,
        .path_bytes_per_s = OCI_PATH_BYTES_PER_S,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
        .shared_nodes_max = OCI_SHAREABLE_MAX, .shared_rule = OCI_SHAREABLE,
        .resolve = oci_resolve,
    },
    [OCI_UHP] = {
        .name = "oci-uhp",
        .summary = "OCI Ultra High Performance: size 50GB-32TB (default 1024GB); vpu "
                   "30-120 step 10 (default 30); (1.5 VPU + 45) IOPS per GB up to "
                   "min(2500 VPU, 300000); (12 VPU + 360) KB/s per GB up to "
                   "min(20 VPU + 280, 2680) MB/s; $0.0255 + $0.0017 x VPU per GB-month",
        .media = PROF_SSD, .size_min_bytes = 50 * GB, .size_max_bytes = 32 * TB,
        .size_default_bytes = 1024 * GB,
        .size_step_bytes = OCI_SIZE_STEP, .provider = &prof_provider_oci, .io_unit_bytes = 256 * KIB,
        .no_iops_why = OCI_WHY " and vpu", .no_tput_why = OCI_WHY " and vpu",
        .oci_vpu = 30, .vpu_min = 30, .vpu_max = 120, .vpu_step = 10, .rules = OCI_2023_06,
        .min_ocpus = 16,        /* multipath: OCI, documented (DOMAIN.md section 4) */
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
        .shared_rule = OCI_UHP_SHAREABLE,
        .resolve = oci_resolve,
    },
};

static double gb_of(uint64_t bytes)
{
    return (double)bytes / 1e9;
}

static int oci_resolve(const struct vol_type *ty, const struct vol_req *rq,
                       struct vol_profile *v, char *why, size_t why_len)
{
    enum oci_type t = (enum oci_type)(ty - oci_types);
    const char *name = ty->name;
    int vpu = ty->oci_vpu;
    double gb = gb_of(v->size_bytes);
    char size_txt[40];

    prof_size_gib(v, size_txt, sizeof size_txt);
    if (ty->vpu_step) {
        if (rq->has_vpu)
            vpu = rq->vpu;
        if (vpu < ty->vpu_min || vpu > ty->vpu_max || vpu % ty->vpu_step != 0)
            return why_set(why, why_len, "%s vpu=%d: %s takes vpu %d to %d in steps of %d",
                           name, vpu, name, ty->vpu_min, ty->vpu_max, ty->vpu_step);
    } else if (rq->has_vpu && rq->vpu != vpu) {
        return why_set(why, why_len,
                       "%s vpu=%d: %s volumes are %d VPU; oci-uhp takes 30 to 120",
                       name, rq->vpu, name, vpu);
    }

    double iops_per_gb, iops_cap, kbps_per_gb, mbps_cap;
    switch (t) {
    case OCI_LOWER:    iops_per_gb = 2;  iops_cap = 3000;  kbps_per_gb = 240; mbps_cap = 480; break;
    case OCI_BALANCED: iops_per_gb = 60; iops_cap = 25000; kbps_per_gb = 480; mbps_cap = 480; break;
    case OCI_HIGHER:   iops_per_gb = 75; iops_cap = 50000; kbps_per_gb = 600; mbps_cap = 680; break;
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
    v->price_usd_month = price_volume_month(v, NULL, 0);
    snprintf(v->spec, sizeof v->spec, "%s:size=%s,vpu=%d", name, size_txt, vpu);
    return 0;
}

/* ------------------------------------------------------------ latency
 *
 * Service times of OCI block volumes (struct prof_latency; the formula,
 * and what FITTED, DERIVED and KEPT mean, are profiles_latency.c's):
 *
 * OCI Higher Performance (20 VPU) and Balanced (10 VPU), one iSCSI path:
 *   read median 362 us, sigma 0.22, tail 0.001 x [2, 5], FITTED to C9
 *   (E4.Flex 8, 4 KiB randread QD 1: avg 0.376, p99 0.603 ms); C16's
 *   mixed reads (0.355 / 0.553) are within 6 % / 9 % of it.
 *   write median 421 us, sigma 0.163, same tail, FITTED to C16 (avg
 *   0.431, p99 0.619 ms; model 0.429 / 0.617).  No read-after-write
 *   wait: C16's reads are no slower than C9's.
 *   Balanced: no measurement; the same attachment and backend, so the
 *   same row (DERIVED from DOMAIN.md section 4: both single-path iSCSI).
 * OCI Ultra High Performance, multipath: read floor 168 us + median
 *   133 us, sigma 0.42, tail as OCI's, FITTED to C15 (E4.Flex 24, 120 VPU,
 *   4 KiB randread QD 1: avg 0.316, min 0.200, p99 0.529 ms; model 0.316,
 *   0.195 in a 60 s run, 0.528).  Write: no measurement; DERIVED as the
 *   read plus the 76 us a write costs over a read on OCI's single-path
 *   volumes (C16: 0.431 - 0.355 ms).
 * OCI Lower Cost: read 0.8 ms, write 0.9 ms median KEPT (no measurement).
 * Transfer rate: 2 GB/s per I/O, KEPT.
 */

/* {floor ns, median ns, sigma, tail prob, tail min, tail max} */
#define DIR_OCI_READ     { 0, 362000, 0.22, 0.001, 2, 5 }
#define DIR_OCI_WRITE    { 0, 421000, 0.163, 0.001, 2, 5 }
#define DIR_UHP_READ     { 168000, 133000, 0.42, 0.001, 2, 5 }
#define DIR_UHP_WRITE    { 244000, 133000, 0.42, 0.001, 2, 5 }

/* {read, write, xfer bytes/s, read-after-write prob, its max wait ns} */
#define LAT_OCI     { { DIR_OCI_READ, DIR_OCI_WRITE }, 2.0e9, 0, 0 }
#define LAT_OCI_UHP { { DIR_UHP_READ, DIR_UHP_WRITE }, 2.0e9, 0, 0 }
#define LAT_OCI_LOW { { { 0, 800000, 0.25, 0.001, 2, 5 }, { 0, 900000, 0.25, 0.001, 2, 5 } }, 2.0e9, 0, 0 }

/* Where each row's figures come from, read then write. */
#define WHY_OCI    PROF_LAT_WHY(PROF_LAT_FIT("DOMAIN.md C9"), PROF_LAT_FIT("DOMAIN.md C16"))
#define WHY_UHP    PROF_LAT_WHY(PROF_LAT_FIT("DOMAIN.md C15"), PROF_BASIS_DERIVED, \
                                "C15's read + C16's write-over-read (76 us)")
#define WHY_BAL    PROF_LAT_WHY(PROF_BASIS_DERIVED, "oci-higher's row (same attachment)", \
                                PROF_BASIS_DERIVED, "oci-higher's row (same attachment)")

static const struct prof_latency_row oci_latency[] = {
    { "oci-lower", PROF_PLATFORM_ANY, LAT_OCI_LOW, PROF_LAT_ALL_KEPT },
    { "oci-balanced", PROF_PLATFORM_ANY, LAT_OCI, WHY_BAL },
    { "oci-higher", PROF_PLATFORM_ANY, LAT_OCI, WHY_OCI },
    { "oci-uhp", PROF_PLATFORM_ANY, LAT_OCI_UHP, WHY_UHP },
};

/* ---------------------------------------------------------- rule book
 *
 * OCI's rows of the rule book (profiles_rules.c, `asmsim profiles rules`):
 * each rule in a user's words with its document or measurement, which
 * tests/test_rules.c checks against the resolver above.  Source:
 *   OCI-BV   OCI Block Volume documentation, "Block Volume Performance"
 *            and its per-level tables, 2023-06.
 */
#define OCI_BV "OCI Block Volume performance page, 2023-06"

#define OCI_ALL "oci-lower oci-balanced oci-higher oci-uhp"

static const struct prof_rule oci_rules[] = {
    /* ---- OCI */
    { "oci-lower", "IOPS and throughput", "2 IOPS per GB up to 3,000; 240 KB/s per GB "
      "up to 480 MB/s", PROF_BASIS_DOCUMENTED, OCI_BV },
    { "oci-balanced", "IOPS and throughput", "60 IOPS per GB up to 25,000; 480 KB/s per "
      "GB up to 480 MB/s", PROF_BASIS_DOCUMENTED, OCI_BV },
    { "oci-higher", "IOPS and throughput", "75 IOPS per GB up to 50,000; 600 KB/s per "
      "GB up to 680 MB/s", PROF_BASIS_DOCUMENTED, OCI_BV },
    { "oci-uhp", "IOPS and throughput", "(1.5 VPU + 45) IOPS per GB up to min(2,500 "
      "VPU, 300,000); (12 VPU + 360) KB/s per GB up to min(20 VPU + 280, 2,680) MB/s; "
      "needs a shape of 16 OCPUs or more", PROF_BASIS_DOCUMENTED, OCI_BV },
    { "oci-lower oci-balanced oci-higher", "attachment path", "one iSCSI path carries "
      "about 560 MB/s whatever the I/O size (C8 560, C13 549 and 563 MB/s on a 680 "
      "MB/s volume)", PROF_BASIS_MEASURED, "DOMAIN.md C8, C13" },
    { "oci-lower oci-balanced oci-higher", "merging", "contiguous I/Os merge: 4 KiB "
      "sequential reads at 138,000 IOPS on a 50,000 IOPS volume",
      PROF_BASIS_MEASURED, "DOMAIN.md C13" },
    { "oci-uhp", "merging", "none (multipath): 4 KiB sequential reads at 304,013 of "
      "300,000 IOPS", PROF_BASIS_MEASURED, "DOMAIN.md C14" },
    { "oci-lower oci-balanced oci-higher", "shared attachments", "read/write shareable "
      "on up to 32 instances; the volume's limits shared, each instance's its own (EBS's "
      "rule: OCI gives none); oci-uhp: not collected, refused", PROF_BASIS_DOCUMENTED,
      "OCI Block Volume, Attaching a Volume to Multiple Instances (read 2026-12)" },
    { OCI_ALL, "delivered", "1.0 of IOPS (C7: 50,431 of 50,000) and throughput",
      PROF_BASIS_MEASURED, "DOMAIN.md C7, C8" },
};

/* The book lists this after every provider's volume rules. */
static const struct prof_rule oci_instance_rules[] = {
    { "instances", "OCI shapes", "block volume traffic 20,000 IOPS and 120 MB/s per "
      "Gbps of the shape (1 Gbps per OCPU, at most 40), at most 600,000 IOPS and "
      "4,800 MB/s", PROF_BASIS_DOCUMENTED, OCI_BV },
    { "instances", "OCI architecture", "E4.Flex and E5.Flex: AMD EPYC, x86-64; 2 vCPUs "
      "per OCPU", PROF_BASIS_DOCUMENTED, "OCI compute shapes page" },
    { "instances", "OCI Oracle licences", "assumed as on EC2: 1 OCPU (2 vCPUs) an "
      "Enterprise Edition processor licence; Standard Edition 2 a socket per 4 vCPUs, "
      "at most 8 vCPUs (OCI is not in Oracle's cloud policy; public sources disagree)",
      PROF_BASIS_ESTIMATE, "no Oracle source for OCI compute (docs/advise.md)" },
};

/* ---------------------------------------------------- flexible shapes
 *
 * Flexible shapes ("oci-e4flex-N", N = 1..64 OCPUs; "oci-e5flex-N",
 * N = 1..94), from OCI's compute shapes table: 1 Gbps of network per OCPU,
 * at most 40 Gbps, for both E4.Flex and E5.Flex.  Block volume traffic is
 * limited per Gbps of the shape's network to 20,000 IOPS and 120 MB/s, at
 * most 600,000 IOPS and 4,800 MB/s (OCI Block Volume performance page;
 * DOMAIN.md section 4).  So an 8-OCPU shape allows 160,000 IOPS and
 * 960 MB/s.  No burst, fractions 1.0.  Ultra High Performance volumes need
 * a shape of at least 16 OCPUs (same page): prof_attach_check refuses
 * smaller ones.  (Until this rule set the model took 125 MB/s per OCPU,
 * the whole network, and no IOPS limit.)
 */
#define OCI_GBPS_PER_OCPU 1.0
#define OCI_GBPS_MAX 40.0
#define OCI_BV_IOPS_PER_GBPS 20000.0
#define OCI_BV_IOPS_MAX 600000.0
#define OCI_BV_BYTES_PER_S_PER_GBPS 120e6
#define OCI_BV_BYTES_PER_S_MAX 4800e6

static void oci_shape_instance(const struct prof_shape *shape, int ocpus, struct inst_profile *out)
{
    double gbps = fmin(ocpus * OCI_GBPS_PER_OCPU, OCI_GBPS_MAX);
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%s%d", shape->prefix, ocpus);
    snprintf(out->provider, sizeof out->provider, "%s", prof_provider_oci.name);
    out->ocpus = ocpus;
    /* E4.Flex and E5.Flex are AMD EPYC (OCI compute shapes page: "AMD
       EPYC"), x86-64; on x86 an OCPU is one core with two threads, two
       vCPUs (OCI compute documentation, "OCPU"); memory the shape's
       default (prices.c), as it is priced without --memory */
    out->arch = PROF_ARCH_X86_64;
    out->vcpus = 2 * ocpus;
    out->memory_gib = price_default_memory_gb(out);
    out->base_bytes_per_s = out->max_bytes_per_s =
        fmin(gbps * OCI_BV_BYTES_PER_S_PER_GBPS, OCI_BV_BYTES_PER_S_MAX);
    out->base_iops = out->max_iops = fmin(gbps * OCI_BV_IOPS_PER_GBPS, OCI_BV_IOPS_MAX);
    out->delivered_tput_frac = 1.0;
    out->delivered_iops_frac = 1.0;
}

/* The instance listing shows the first shape at these OCPUs. */
static const int oci_listed_ocpus[] = { 1, 2, 4, 8, 16, 32, 64 };

/* The flexible shapes ("oci-e4flex-N", N OCPUs): OCPU ranges (OCI compute
   shapes page; oci_shape_instance above derives their limits), the price
   list's parts (oci_prices.csv) and E4.Flex's memory cap of 1,024 GB in
   all (OCI compute pricing page; our sources give none for E5.Flex;
   prices.c). */
static const struct prof_shape oci_shapes[] = {
    { "oci-e4flex-", "E4.Flex", 64, "B93113", "B93114", 1024 },
    { "oci-e5flex-", "E5.Flex", 94, "B97384", "B97385", 0 },
};

/* Oracle Database licences on OCI shapes (licence.h).  OCI is not one of
   the "Authorized Cloud Environments" of Oracle's cloud licensing policy
   (2024-06: AWS, Azure, Google); Oracle's own cloud counts OCPUs.  We
   found no Oracle document stating the BYOL ratio for compute shapes, and
   public sources disagree (Redress Compliance, "Managing Licences in OCI
   Environments", 2026: one OCPU, two vCPUs, needs one processor licence;
   another of their pages: one licence covers two OCPUs).  Assumed: one
   OCPU (2 vCPUs) is one Enterprise Edition processor licence, the
   dearer reading and the same 2-vCPU rule as EC2; Standard Edition 2 as
   on EC2 (a socket per 4 vCPUs rounded up, at most 8 vCPUs, 4 OCPUs).
   docs/advise.md lists both as assumptions. */
static const struct prof_licence_rules oci_licence = {
    .ee_vcpus_per_licence = 2,
    .se2_vcpus_per_socket = 4,
    .se2_max_vcpus = 8,
    .source = "assumed as EC2's (Oracle's cloud policy of 2024-06); no Oracle source found "
              "for OCI compute",
    .assumed_ee = "1 OCPU (2 vCPUs) = 1 EE processor licence",
    .assumed_se2 = "EC2's rule, 4 vCPUs being 2 OCPUs",
};

/* What the advisor searches of OCI (advise_space.c): every level, each
   shape at these OCPUs. */
static const char *const oci_advise_types[] = { "oci-lower", "oci-balanced", "oci-higher",
                                                "oci-uhp" };
static const int oci_advise_ocpus[] = { 1, 2, 4, 8, 16, 24, 32, 48, 64 };

const struct prof_provider prof_provider_oci = {
    .name = "oci",
    .display = "OCI",
    .volume_word = "block",
    .volumes_name = "OCI",
    .type_words = "OCI",
    .instance_word = "shape",
    .attach_hint = "an OCI volume (oci-balanced, oci-higher, ...) or an EC2 instance",
    .default_volume = "oci-balanced",
    .size_unit_bytes = OCI_SIZE_STEP,
    .size_unit = "GB",
    .decimal = true,
    .types = oci_types,
    .n_types = OCI_TYPES,
    .latency = oci_latency,
    .n_latency = PROF_ROWS(oci_latency),
    .rules = oci_rules,
    .n_rules = PROF_ROWS(oci_rules),
    .instance_rules = oci_instance_rules,
    .n_instance_rules = PROF_ROWS(oci_instance_rules),
    .shapes = oci_shapes,
    .n_shapes = PROF_ROWS(oci_shapes),
    .shape_instance = oci_shape_instance,
    .listed_ocpus = oci_listed_ocpus,
    .n_listed_ocpus = PROF_ROWS(oci_listed_ocpus),
    .data_volumes_max = 32,     /* block volumes per instance (OCI service limits) */
    .advise_types = oci_advise_types,
    .n_advise_types = PROF_ROWS(oci_advise_types),
    .advise_size_max_bytes = 32 * TB,
    .advise_size_min_bytes = 50 * GB,
    .family_prefix = "oci-",
    .advise_ocpus = oci_advise_ocpus,
    .n_advise_ocpus = PROF_ROWS(oci_advise_ocpus),
    .hours_per_month = PRICE_OCI_HOURS_PER_MONTH,
    .prices_date = price_oci_date,
    .prices_list = price_oci_list,
    .volume_month = price_oci_volume_month,
    .licence = &oci_licence,
    .instance_month = price_oci_instance_month,
};
