/*
 * advise_bound.c - the most a candidate can deliver, worked out from its
 * limits alone, so the search simulates only what could pass.
 *
 * A logical I/O of size B becomes, in the model's accounting (DOMAIN.md
 * section 4, dev_model.c):
 *
 *   physical I/Os   f = (1 - w) + w x copies      (w: write share; every
 *                   write goes to each copy: ASM mirroring, section 3)
 *   operations      ops(B) = ceil(B / io_unit) per physical I/O (SSD:
 *                   256 KiB units), at least one unit (HDD: 1 MiB units)
 *   bytes           B per physical I/O
 *
 * and the closed loop settles at the least of
 *
 *   N x volume IOPS / ops(B),   N x volume throughput / B,
 *   N x attachment path / B,    instance IOPS / ops(B),
 *   instance MB/s / B
 *
 * physical I/Os per second (each rate times its delivered fraction, the
 * fitted share of the provisioned rate the model delivers), divided by f
 * for logical ones.  Sustained uses the base rates; with burst the burst
 * rates.  Latency is not bounded here: the simulation decides it.
 *
 * The bound is an upper bound of what the model delivers, not an
 * estimate: the search prunes with it, so a candidate it rejects must not
 * be one the simulation would pass (tests/test_advise.c checks that on a
 * space simulated exhaustively).
 */
#include <math.h>

#include "sim/advise/advise_internal.h"

int adv_copies(enum lay_redundancy r)
{
    return r == LAY_HIGH ? 3 : r == LAY_NORMAL ? 2 : 1;
}

static double ops_per_io(const struct vol_profile *v, uint32_t bytes)
{
    double ops = ceil((double)bytes / (double)v->io_unit_bytes);
    return ops < 1 ? 1 : ops;
}

/* rate <= 0 is "no such limit" */
static double least(double a, double b)
{
    if (a <= 0)
        return b;
    if (b <= 0)
        return a;
    return a < b ? a : b;
}

/* Physical I/Os per second of `bytes` the instance alone carries
   (0: no limit). */
static double inst_rate(const struct inst_profile *in, const struct vol_profile *v,
                        bool burst, uint32_t bytes)
{
    double i_iops = burst ? in->max_iops : in->base_iops;
    double i_tput = burst ? in->max_bytes_per_s : in->base_bytes_per_s;
    double r = 0;

    if (i_iops > 0)
        r = i_iops * in->delivered_iops_frac / ops_per_io(v, bytes);
    if (i_tput > 0)
        r = least(r, i_tput * in->delivered_tput_frac / bytes);
    return r;
}

/* Physical I/Os per second of `bytes` the candidate carries. */
static double phys_rate(const struct inst_profile *in,
                        const struct vol_profile *v, int disks, bool burst,
                        uint32_t bytes)
{
    double ops = ops_per_io(v, bytes), n = disks, b = bytes;
    double v_iops = prof_attached_iops(v, in, burst ? v->iops_burst : v->iops_base);
    double v_tput = burst ? v->tput_burst_bytes_per_s : v->tput_base_bytes_per_s;
    double r = n * v_iops * v->delivered_iops_frac / ops;

    r = least(r, n * v_tput * v->delivered_tput_frac / b);
    if (v->path_bytes_per_s > 0)
        r = least(r, n * v->path_bytes_per_s / b);
    return least(r, inst_rate(in, v, burst, bytes));
}

void adv_bound(const struct adv_targets *t, const struct inst_profile *in,
               const struct vol_profile *v, int disks, bool burst,
               struct adv_bound *out)
{
    double w = t->write_pct / 100.0;
    double f = (1 - w) + w * adv_copies(t->redundancy);

    out->mbps = phys_rate(in, v, disks, burst, t->large_bytes) / f *
                t->large_bytes / 1e6;
    out->iops = phys_rate(in, v, disks, burst, t->small_bytes) / f;
    out->inst_mbps = inst_rate(in, v, burst, t->large_bytes) / f *
                     t->large_bytes / 1e6;
    out->inst_iops = inst_rate(in, v, burst, t->small_bytes) / f;
}
