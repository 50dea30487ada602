/*
 * nvme.c - local-nvme, an instance-store NVMe volume, as a provider of
 * its own (provider.h): no name (it attaches to any instance), one type,
 * its rules, no price list.
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

enum { NVME_LOCAL_NVME, NVME_TYPES };

static int nvme_resolve(const struct vol_type *ty, const struct vol_req *rq,
                        struct vol_profile *v, char *why, size_t why_len);

static const struct vol_type nvme_types[NVME_TYPES] = {
    [NVME_LOCAL_NVME] = {
        .name = "local-nvme",
        .summary = "instance-store NVMe: size 1GB-64TB (default 1900GB); iops "
                   "1-2000000 (default 400000); throughput 1-100000 MB/s (default "
                   "2000 MB/s); no charge (part of the instance); the instance's "
                   "EBS / block-volume limits do not apply",
        .media = PROF_SSD, .size_min_bytes = GB, .size_max_bytes = 64 * TB,
        .size_default_bytes = 1900 * GB,
        .size_step_bytes = 0, .provider = &prof_provider_nvme, .io_unit_bytes = 256 * KIB,
        .oci_vpu = -1, .rules = "model", .merges_contiguous = true,
        .instance_store = true,
        .delivered_iops_frac = 1.0, .delivered_tput_frac = 1.0,
        .shared_rule = "instance storage belongs to one instance",
        .resolve = nvme_resolve,
    },
};

static int nvme_resolve(const struct vol_type *ty, const struct vol_req *rq,
                        struct vol_profile *v, char *why, size_t why_len)
{
    char size_txt[40];
    (void)ty;
    prof_size_gib(v, size_txt, sizeof size_txt);
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

/* Latency (struct prof_latency; the formula and its terms are
   profiles_latency.c's): read 80 us, write 30 us (into the drive's cache),
   transfer 3 GB/s, all KEPT from the model's earlier estimate. */
static const struct prof_latency_row nvme_latency[] = {
    { "local-nvme", PROF_PLATFORM_ANY,
      { { { 0, 80000, 0.30, 0.001, 3, 10 }, { 0, 30000, 0.30, 0.001, 3, 10 } }, 3.0e9, 0, 0 },
      PROF_LAT_ALL_KEPT },
};

/* Its row of the rule book (profiles_rules.c, `asmsim profiles rules`). */
static const struct prof_rule nvme_rules[] = {
    /* ---- local NVMe */
    { "local-nvme", "limits", "what the spec says (default 400,000 IOPS, 2,000 MB/s); "
      "the instance's EBS limits do not apply", PROF_BASIS_ESTIMATE, "model" },
};

const struct prof_provider prof_provider_nvme = {
    .name = "",
    .display = "",
    .volume_word = "instance-store",
    .volumes_name = "instance-store",
    .type_words = "instance-store",
    .instance_word = "instance",
    .attach_hint = "",
    .types = nvme_types,
    .n_types = NVME_TYPES,
    .latency = nvme_latency,
    .n_latency = PROF_ROWS(nvme_latency),
    .rules = nvme_rules,
    .n_rules = PROF_ROWS(nvme_rules),
    /* no price list: a bill of local NVMe alone is the first provider's
       (prices.c, bill_provider) */
};
