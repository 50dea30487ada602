/*
 * profiles_ebs.c - the AWS EBS volume rules: what IOPS and throughput a
 * gp2, gp3, io1, io2, io2bx, st1 or sc1 volume is provisioned with, what
 * may be asked for, and what it costs.
 *
 * Sizes are binary (GiB = 2^30 B) and throughput limits MiB/s (2^20 B/s),
 * as AWS documents them.  The size ranges and I/O units below are the
 * catalogue's (profiles.c); the rates and prices are computed here.
 *
 * AWS EBS rules (AWS EBS volume-type documentation as of 2023-06; gp3
 * maxima as raised in 2025-09):
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
 * Prices (AWS EBS pricing, us-east-1, on demand, USD per month):
 *   gp3  0.08 x GiB + 0.005 x (IOPS - 3000) + 0.04 x (MiB/s - 125)
 *   gp2  0.10 x GiB;  st1 0.045 x GiB;  sc1 0.015 x GiB
 *   io1  0.125 x GiB + 0.065 x IOPS
 *   io2  0.125 x GiB + 0.065 x IOPS up to 32000 + 0.0455 x IOPS 32001..64000
 *   io2bx as io2 + 0.032 x IOPS above 64000
 */
#include "sim/profiles/profiles_internal.h"

#include <math.h>
#include <stdio.h>

#include "layouts/why.h"

int prof_resolve_gp3(const struct vol_req *rq, double gib, const char *size_txt,
                     struct vol_profile *v, char *why, size_t why_len)
{
    double iops = rq->has_iops ? rq->iops : 3000;
    double tput = rq->has_tput ? rq->tput_bytes_per_s : 125 * MIB_PER_S;
    char t[40], lim[40], n[40], sz[40];

    if (prof_below(iops, 3000) || prof_above(iops, 80000)) {
        prof_fmt_count_msg(iops, n, sizeof n);
        return why_set(why, why_len, "gp3 iops=%s: gp3 IOPS are 3000 to 80000", n);
    }
    double by_size = floor(500 * gib);
    if (iops > 3000 && prof_above(iops, by_size)) {
        prof_fmt_size_msg(size_txt, gib, sz, sizeof sz);
        return why_set(why, why_len,
                       "gp3 iops=%.0f with size=%s: at most 500 IOPS per GiB, so at most %.0f",
                       iops, sz, fmax(3000, by_size));
    }
    prof_fmt_rate(tput, t, sizeof t);
    double mibps = tput / MIB_PER_S;
    if (prof_below(mibps, 125) || prof_above(mibps, 2000)) {
        prof_fmt_rate_msg(tput, t, sizeof t);
        return why_set(why, why_len,
                       "gp3 throughput=%s: gp3 throughput is 125MiB/s to 2000MiB/s", t);
    }
    double by_iops = 0.25 * iops;
    if (mibps > 125 && prof_above(mibps, by_iops)) {
        prof_fmt_rate_msg(tput, t, sizeof t);
        prof_fmt_mibps(fmax(125, by_iops) * MIB_PER_S, lim, sizeof lim);
        return why_set(why, why_len,
                       "gp3 throughput=%s with iops=%.0f: at most %s (0.25 MiB/s per IOPS)",
                       t, iops, lim);
    }
    v->iops_base = v->iops_burst = iops;
    v->tput_base_bytes_per_s = v->tput_burst_bytes_per_s = tput;
    v->price_usd_month = 0.08 * gib + 0.005 * (iops - 3000) + 0.04 * (mibps - 125);
    snprintf(v->spec, sizeof v->spec, "gp3:size=%s,iops=%.0f,throughput=%s", size_txt, iops, t);
    return 0;
}

void prof_resolve_gp2(double gib, const char *size_txt, struct vol_profile *v)
{
    double base = fmin(fmax(3 * gib, 100), 16000);
    v->iops_base = base;
    v->iops_burst = base < 3000 ? 3000 : base;
    v->iops_bucket_ops = base < 3000 ? 5.4e6 : 0;
    v->tput_base_bytes_per_s = v->tput_burst_bytes_per_s = (gib <= 170 ? 128 : 250) * MIB_PER_S;
    v->price_usd_month = 0.10 * gib;
    snprintf(v->spec, sizeof v->spec, "gp2:size=%s", size_txt);
}

int prof_resolve_piops(enum vt t, const struct vol_req *rq, double gib, const char *size_txt,
                       struct vol_profile *v, char *why, size_t why_len)
{
    const char *name = prof_vol_types[t].name;
    double per_gib = t == VT_IO1 ? 50 : t == VT_IO2 ? 500 : 1000;
    double max_iops = t == VT_IO2BX ? 256000 : 64000;
    double by_size = floor(per_gib * gib);
    double iops = rq->has_iops ? rq->iops : fmin(3000, by_size);
    char n[40], sz[40];

    if (prof_below(iops, 100) || prof_above(iops, max_iops)) {
        prof_fmt_count_msg(iops, n, sizeof n);
        return why_set(why, why_len, "%s iops=%s: %s IOPS are 100 to %.0f",
                       name, n, name, max_iops);
    }
    if (prof_above(iops, by_size)) {
        prof_fmt_size_msg(size_txt, gib, sz, sizeof sz);
        return why_set(why, why_len,
                       "%s iops=%.0f with size=%s: at most %.0f IOPS per GiB, so at most %.0f",
                       name, iops, sz, per_gib, fmin(by_size, max_iops));
    }

    double tput;
    if (t == VT_IO2BX)
        tput = fmin(0.256 * MIB_PER_S * iops, 4000 * MIB_PER_S);
    else if (iops <= 32000)
        tput = fmin(256.0 * KIB * iops, 500 * MIB_PER_S);
    else
        tput = fmin(16.0 * KIB * iops, 1000 * MIB_PER_S);

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

void prof_resolve_hdd(enum vt t, uint64_t size_bytes, double gib, const char *size_txt,
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
    snprintf(v->spec, sizeof v->spec, "%s:size=%s", prof_vol_types[t].name, size_txt);
}
