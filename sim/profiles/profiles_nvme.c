/*
 * profiles_nvme.c - the rules of local-nvme, an instance-store NVMe
 * volume.
 *
 * local-nvme (instance store): not a provider product with rules, so the
 * figures are ours: default 1900 GB, 400000 IOPS (settable 1..2000000),
 * 2000 MB/s (settable 1..100000 MB/s), sizes 1 GB..64 TB as a sanity
 * range, price 0 (it comes with the instance).
 * IOPS and throughput are taken as given within those ranges; there is
 * no burst.
 */
#include "sim/profiles/profiles_internal.h"

#include <stdio.h>

#include "layouts/why.h"

int prof_resolve_nvme(const struct vol_req *rq, const char *size_txt, struct vol_profile *v,
                      char *why, size_t why_len)
{
    double iops = rq->has_iops ? rq->iops : 400000;
    double tput = rq->has_tput ? rq->tput_bytes_per_s : 2e9;
    char t[40], n[40];
    if (prof_below(iops, 1) || prof_above(iops, 2000000)) {
        prof_fmt_count_msg(iops, n, sizeof n);
        return why_set(why, why_len,
                       "local-nvme iops=%s: local-nvme IOPS are 1 to 2000000", n);
    }
    if (prof_below(tput, 1e6) || prof_above(tput, 1e11)) {
        prof_fmt_rate_msg(tput, t, sizeof t);
        return why_set(why, why_len,
                       "local-nvme throughput=%s: local-nvme throughput is 1MB/s to 100000MB/s", t);
    }
    prof_fmt_rate(tput, t, sizeof t);
    v->iops_base = v->iops_burst = iops;
    v->tput_base_bytes_per_s = v->tput_burst_bytes_per_s = tput;
    v->price_usd_month = 0;
    snprintf(v->spec, sizeof v->spec, "local-nvme:size=%s,iops=%.0f,throughput=%s",
             size_txt, iops, t);
    return 0;
}
