/*
 * profiles_latency.c - how long a volume takes to serve one I/O that no
 * limit delays: per volume type, per direction (read, write) and, where
 * it matters, per instance platform (EC2 Nitro or Xen).
 *
 * The model (dev_model.c) draws a physical I/O's service time as
 *
 *     floor + median x exp(sigma x Z) [x tail factor] + size / xfer
 *             [+ read-after-write wait]
 *
 * (struct prof_latency, profiles.h).  The floor is the part of the path
 * no I/O beats; it is what keeps a measured minimum close to its average
 * (C10: min 0.074 ms at avg 0.095 ms, which a pure lognormal of that p99
 * cannot give).  The transfer term makes latency grow with I/O size.
 *
 * Rows are per type name, so a rule set of another date named
 * "TYPE-DATE" (a legacy profile) takes TYPE's row unless it has its own.
 * A row for a platform overrides the type's row for any platform.
 *
 * Each row carries, per direction, where it comes from (struct lat_why),
 * which `asmsim profiles rules` prints, marking the estimates.
 *
 * Every figure says where it comes from: FITTED to a published
 * measurement (DOMAIN.md section 5, C-number; the fit is the analytic
 * mixture of the formula above, checked by tests/test_calibration.c), or
 * DERIVED from a provider statement (DOMAIN.md section 4), or KEPT from
 * the model's earlier estimate where neither exists.
 *
 * io2 Block Express (Nitro), FITTED to C10/C11 (c6g.12xlarge, io2
 * 2048 GiB 50,000 IOPS, fio 4 KiB QD 1):
 *   read  floor 66 us + lognormal median 28 us, sigma 0.26: avg 0.096,
 *         min 0.077, p99 0.118 ms (C10: 0.095, 0.074, 0.117); tail 6e-5 x
 *         [3, 36] of the lognormal part gives p99.99 0.145 ms (C10 0.155)
 *         and reaches a few ms, as EBS's rare slow I/Os do.
 *   write floor 173 us + median 37.7 us, same sigma and tail: avg 0.213,
 *         p99 0.243 ms (C11).  The floor is the read's plus one hop of
 *         107 us: the write is acknowledged after its replica.
 *   read after write: 19 % wait uniform in [0, 280 us]: C11's reads
 *         (avg 0.109, p99 0.344 ms against C10's 0.095 / 0.117 with no
 *         writes) are slower only when mixed with writes; at a 50/50 mix
 *         this gives avg 0.109, p99 0.347 ms.  The mechanism is forced by
 *         the measurement (not documented by AWS): a read that lands
 *         while the previous write's background work holds the volume.
 *   DERIVED check: AWS says under 500 us average for 16 KiB I/O (here
 *         0.100 ms) and "ten times fewer I/Os above 800 us than General
 *         Purpose" (here P(> 800 us) = 1.7e-5 read, 3.4e-5 write: gp's
 *         below are set to about ten times that).  C10's p99.99 comes out
 *         8 % low (0.142 ms in a 60 s run): a heavier near tail would
 *         move the p99 of C11's writes, which is tighter.
 * io2 Block Express on Xen: AWS delivers Block Express (and its sub-ms
 *   latency) only on Nitro instances; on the others io2 behaves as the
 *   earlier io2, so it takes that row (DERIVED, DOMAIN.md section 4).
 * Third-party measurements at low queue depth where no limit held the
 * rate (collected for issue 33; "M" numbers as in its notes):
 *   M2  ioping, t3a.small, gp2 100 GB, 4 KiB reads QD 1 (J. Nidzwetzki,
 *       "Measuring IO latency with ioping", 2022-09-21, raw gp2.out):
 *       mean 377.5, p50 339, p99 990 us.
 *   M5  fio libaio direct, m5.xlarge, gp3 100 GiB (3,000 IOPS), 4 KiB
 *       randread QD 1 (Atom-oh/kubernetes-docs, EBS gp2/gp3 benchmark,
 *       2026): avg 564, p50 569, p99 872 us.
 *   M7  fio psync 16 jobs, m5.12xlarge, 4 x gp2 3,000 GiB RAID0 at 74 %
 *       of their IOPS, 16 KiB writes (liangruibupt/ebs-benchmark-testing,
 *       2019-08): avg 601, p50 580, p99 868 us.
 *   M9  same rig, io1 2,048 GiB 40,000 IOPS, 16 KiB writes: avg 565,
 *       p50 548, p99 836 us.  M10, its reads, sat on the instance's
 *       40,000 IOPS cap: 16 outstanding / 40,210 IOPS = 398 us, so
 *       io1's read service time is under 398 us.
 * gp2 read: median 337 us (+ 2 us of transfer at 4 KiB), sigma 0.46,
 *   FITTED to M2: mean 377, p99 987 us.  Its spread is far wider than io2
 *   Block Express's, as AWS's "over ten times fewer I/Os above 800 us"
 *   says.
 * gp2 write: median 572 us (+ 8 us at 16 KiB), sigma 0.173, FITTED to M7:
 *   mean 589, p99 863 us (M7: 601, 868).
 * gp3 read: median 567 us, sigma 0.183, FITTED to M5: mean 579, p99 870
 *   (M5: 564, 872; M4, ioping on gp3, mean 528, agrees).  gp3 reads
 *   measured slower than gp2's on two rigs (M4, M5 against M2).
 * gp3 write: no measurement; median 434 us KEPT from the earlier
 *   estimate (mean 0.443 ms at 4 KiB); sigma 0.18 DERIVED, the least
 *   spread that keeps AWS's "over 10 times" more I/Os above 800 us than io2
 *   Block Express (13 x).  C2 bounds it: 32
 *   outstanding 128 KiB writes on 16 gp3 reached 7,300 MB/s, so a 128 KiB
 *   write took at most 32 x 128 KiB / 7.3e9 = 575 us; gp2's measured
 *   write (M7, 580 us median at 16 KiB) would break C2, so gp3's writes
 *   are not gp2's.
 * The gp rows keep a tail of 1.2e-4 x [2, M] whose worst, median x M, is
 *   about 6 ms, as the earlier rows had it (413 us x 15), so the slowest
 *   I/Os stay single-digit ms as AWS says: M = 15 for gp3's write, 10 for
 *   the ~570 us medians, 8 for gp2's read, whose lognormal is wide.
 *   (Until issue 33 gp2 and gp3 shared one unmeasured row, 0.421 ms read
 *   and 0.442 ms write.)
 * io1, earlier io2 (io1 rules, the 2021 studies): write median 570 us,
 *   sigma 0.20, FITTED to C4 (m5.large, io2 7,000 IOPS small writes,
 *   latency ~0.6 ms); M9 (16 KiB: mean 565, p99 836 us) agrees within 5 %
 *   (model 589, 890).  Read: no measurement free of a limit; DERIVED as
 *   gp2's measured read (M2), the same pre-Block-Express SSD servers,
 *   whose writes measured alike on one rig (M7 601 vs M9 565 us); it keeps
 *   under M10's bound (mean 377 < 398 us).  The model used 500 us, above
 *   that bound.
 * st1, sc1: HDD seek and rotation: medians 3 / 5 ms read, 1.5 / 2 ms
 *   write (written back through the volume's cache), KEPT.
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
 * local-nvme: read 80 us, write 30 us (into the drive's cache) KEPT.
 * Transfer rates: 2 GB/s per I/O for EBS/OCI volumes, 4 GB/s for io2
 *   Block Express, 3 GB/s local NVMe, 250 / 100 MB/s st1 / sc1: KEPT.
 */
#include "sim/profiles/profiles_internal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* {floor ns, median ns, sigma, tail prob, tail min, tail max} */
#define DIR_IO2BX_READ   { 66000, 28000, 0.26, 6e-5, 3, 36 }
#define DIR_IO2BX_WRITE  { 173000, 37660, 0.26, 6e-5, 3, 36 }
#define DIR_GP2_READ     { 0, 337000, 0.46, 1.2e-4, 2, 8 }
#define DIR_GP2_WRITE    { 0, 572000, 0.173, 1.2e-4, 2, 10 }
#define DIR_GP3_READ     { 0, 567000, 0.183, 1.2e-4, 2, 10 }
#define DIR_PIOPS_READ   DIR_GP2_READ
#define DIR_PIOPS_WRITE  { 0, 570000, 0.20, 0.001, 3, 10 }
#define DIR_GP3_WRITE    { 0, 433560, 0.18, 1.2e-4, 2, 15 }
#define DIR_OCI_READ     { 0, 362000, 0.22, 0.001, 2, 5 }
#define DIR_OCI_WRITE    { 0, 421000, 0.163, 0.001, 2, 5 }
#define DIR_UHP_READ     { 168000, 133000, 0.42, 0.001, 2, 5 }
#define DIR_UHP_WRITE    { 244000, 133000, 0.42, 0.001, 2, 5 }

/* {read, write, xfer bytes/s, read-after-write prob, its max wait ns} */
#define LAT_IO2BX   { { DIR_IO2BX_READ, DIR_IO2BX_WRITE }, 4.0e9, 0.19, 280000 }
#define LAT_PIOPS   { { DIR_PIOPS_READ, DIR_PIOPS_WRITE }, 2.0e9, 0, 0 }
#define LAT_GP2     { { DIR_GP2_READ, DIR_GP2_WRITE }, 2.0e9, 0, 0 }
#define LAT_GP3     { { DIR_GP3_READ, DIR_GP3_WRITE }, 2.0e9, 0, 0 }
#define LAT_ST1     { { { 0, 3000000, 0.60, 0.01, 2, 6 }, { 0, 1500000, 0.60, 0.01, 2, 6 } }, 2.5e8, 0, 0 }
#define LAT_SC1     { { { 0, 5000000, 0.70, 0.01, 2, 6 }, { 0, 2000000, 0.70, 0.01, 2, 6 } }, 1.0e8, 0, 0 }
#define LAT_OCI     { { DIR_OCI_READ, DIR_OCI_WRITE }, 2.0e9, 0, 0 }
#define LAT_OCI_UHP { { DIR_UHP_READ, DIR_UHP_WRITE }, 2.0e9, 0, 0 }
#define LAT_OCI_LOW { { { 0, 800000, 0.25, 0.001, 2, 5 }, { 0, 900000, 0.25, 0.001, 2, 5 } }, 2.0e9, 0, 0 }
#define LAT_NVME    { { { 0, 80000, 0.30, 0.001, 3, 10 }, { 0, 30000, 0.30, 0.001, 3, 10 } }, 3.0e9, 0, 0 }

/* Where a row's figures come from, per direction: read, write. */
struct lat_why {
    enum prof_basis basis[2];
    const char *source[2];
};

#define FIT(c) PROF_BASIS_MEASURED, "fitted to " c
#define KEPT PROF_BASIS_ESTIMATE, "the model's earlier estimate; no measurement"
/* WHY(read basis, read source, write basis, write source); FIT and KEPT
   give a basis and a source each, spread by the extra expansion */
#define WHY(...) WHY_(__VA_ARGS__)
#define WHY_(rb, rs, wb, ws) { { rb, wb }, { rs, ws } }

#define WHY_IO2BX  WHY(FIT("DOMAIN.md C10"), FIT("DOMAIN.md C11"))
#define WHY_PIOPS  WHY(PROF_BASIS_DERIVED, "gp2's read (M2 ioping); under M10's 398 us bound", \
                       FIT("DOMAIN.md C4; M9 fio io1 agrees"))
#define WHY_GP2    WHY(FIT("M2: ioping gp2 4 KiB QD 1, 2022"), \
                       FIT("M7: fio gp2 16 KiB, liangruibupt 2019"))
#define WHY_GP3    WHY(FIT("M5: fio gp3 4 KiB QD 1, 2026"), \
                       PROF_BASIS_ESTIMATE, "the earlier estimate; C2 bounds it (<= 575 us at 128 KiB)")
#define WHY_KEPT   WHY(KEPT, KEPT)
#define WHY_OCI    WHY(FIT("DOMAIN.md C9"), FIT("DOMAIN.md C16"))
#define WHY_UHP    WHY(FIT("DOMAIN.md C15"), PROF_BASIS_DERIVED, \
                       "C15's read + C16's write-over-read (76 us)")
#define WHY_BAL    WHY(PROF_BASIS_DERIVED, "oci-higher's row (same attachment)", \
                       PROF_BASIS_DERIVED, "oci-higher's row (same attachment)")

struct lat_row {
    const char *type;
    enum prof_platform platform;
    struct prof_latency lat;
    struct lat_why why;
};

/* "io2" is Block Express (every io2 since 2025-04-30): sub-ms on Nitro,
   the earlier io2's latency elsewhere; "io2-2021" keeps the earlier io2's
   (io1 rules, the 2021 studies, C4). */
static const struct lat_row lat_rows[] = {
    { "gp2", PROF_PLATFORM_ANY, LAT_GP2, WHY_GP2 },
    { "gp3", PROF_PLATFORM_ANY, LAT_GP3, WHY_GP3 },
    { "io1", PROF_PLATFORM_ANY, LAT_PIOPS, WHY_PIOPS },
    { "io2", PROF_PLATFORM_ANY, LAT_IO2BX, WHY_IO2BX },     /* Block Express */
    { "io2", PROF_PLATFORM_XEN, LAT_PIOPS, WHY_PIOPS },     /* BE is Nitro only */
    { "io2-2021", PROF_PLATFORM_ANY, LAT_PIOPS, WHY_PIOPS },
    { "st1", PROF_PLATFORM_ANY, LAT_ST1, WHY_KEPT },
    { "sc1", PROF_PLATFORM_ANY, LAT_SC1, WHY_KEPT },
    { "oci-lower", PROF_PLATFORM_ANY, LAT_OCI_LOW, WHY_KEPT },
    { "oci-balanced", PROF_PLATFORM_ANY, LAT_OCI, WHY_BAL },
    { "oci-higher", PROF_PLATFORM_ANY, LAT_OCI, WHY_OCI },
    { "oci-uhp", PROF_PLATFORM_ANY, LAT_OCI_UHP, WHY_UHP },
    { "local-nvme", PROF_PLATFORM_ANY, LAT_NVME, WHY_KEPT },
};

#define LAT_ROWS (sizeof lat_rows / sizeof lat_rows[0])

/* The row of type[0..len) on exactly platform p; NULL if none. */
static const struct lat_row *row_of(const char *type, size_t len, enum prof_platform p)
{
    for (size_t i = 0; i < LAT_ROWS; i++)
        if (lat_rows[i].platform == p && strlen(lat_rows[i].type) == len &&
            strncmp(lat_rows[i].type, type, len) == 0)
            return &lat_rows[i];
    return NULL;
}

/* The row of type[0..len) on p, else on any platform. */
static const struct lat_row *row_on(const char *type, size_t len, enum prof_platform p)
{
    const struct lat_row *r = p != PROF_PLATFORM_ANY ? row_of(type, len, p) : NULL;
    return r ? r : row_of(type, len, PROF_PLATFORM_ANY);
}

int prof_type_latency(const char *type, enum prof_platform p, struct prof_latency *out)
{
    const struct lat_row *r = row_on(type, strlen(type), p);
    const char *dash = strrchr(type, '-');
    if (!r && dash)         /* "TYPE-DATE": an earlier rule set of TYPE */
        r = row_on(type, (size_t)(dash - type), p);
    if (!r)
        return -ENOENT;
    *out = r->lat;
    return 0;
}

void prof_volume_latency(const struct vol_profile *v, const struct inst_profile *in,
                         struct prof_latency *out)
{
    enum prof_platform p = in->platform;
    *out = v->lat;
    if (p == PROF_PLATFORM_ANY)
        return;
    const struct lat_row *own = row_of(v->type, strlen(v->type), p);
    if (own)
        *out = own->lat;
}

int prof_latency_row_count(void)
{
    return (int)LAT_ROWS;
}

int prof_latency_row_at(int i, struct prof_latency_row *out)
{
    if (i < 0 || i >= (int)LAT_ROWS)
        return -ENOENT;
    const struct lat_row *r = &lat_rows[i];
    *out = (struct prof_latency_row){ .type = r->type, .platform = r->platform,
                                      .lat = r->lat };
    for (int d = 0; d < 2; d++) {
        out->basis[d] = r->why.basis[d];
        out->source[d] = r->why.source[d];
    }
    return 0;
}
