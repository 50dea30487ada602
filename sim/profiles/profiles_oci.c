/*
 * profiles_oci.c - the OCI block volume rules: performance follows size
 * and the volume performance units (VPU) of the level, nothing is set
 * directly.
 *
 * Sizes and throughputs are decimal: GB = 10^9 B, KB/s and MB/s = 10^3
 * and 10^6 B/s, and the per-GB rules are applied to size_bytes / 1e9 (so
 * "size=1024GB" is 1.024e12 B).  The size range and I/O unit are the
 * catalogue's (profiles.c); the rates and prices are computed here.
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
 * One path carries about 560 MB/s (OCI_PATH_BYTES_PER_S, profiles.c),
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

#include <math.h>
#include <stdio.h>

#include "layouts/why.h"

static double gb_of(uint64_t bytes)
{
    return (double)bytes / 1e9;
}

int prof_resolve_oci(enum vt t, const struct vol_req *rq, uint64_t size_bytes,
                     const char *size_txt, struct vol_profile *v, char *why, size_t why_len)
{
    const char *name = prof_vol_types[t].name;
    int vpu = prof_vol_types[t].oci_vpu;
    double gb = gb_of(size_bytes);

    if (t == VT_OCI_UHP) {
        if (rq->has_vpu)
            vpu = rq->vpu;
        if (vpu < 30 || vpu > 120 || vpu % 10 != 0)
            return why_set(why, why_len,
                           "oci-uhp vpu=%d: oci-uhp takes vpu 30 to 120 in steps of 10", vpu);
    } else if (rq->has_vpu && rq->vpu != vpu) {
        return why_set(why, why_len,
                       "%s vpu=%d: %s volumes are %d VPU; oci-uhp takes 30 to 120",
                       name, rq->vpu, name, vpu);
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
    v->price_usd_month = price_volume_month(v, NULL, 0);
    snprintf(v->spec, sizeof v->spec, "%s:size=%s,vpu=%d", name, size_txt, vpu);
    return 0;
}
