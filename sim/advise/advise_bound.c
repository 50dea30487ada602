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
 * rates; over a window of a given length from full buckets (a schedule's
 * phase, adv_bound_window) each bucketed rate is at most its base plus
 * its bucket spread over the window.
 *
 * Latency is bounded from below, in two parts.
 *
 * The service (adv_latency_floor_us).  A small I/O's service in the
 * model (dev_model.c) is
 *
 *   floor[dir] + median[dir] x M x T + size / xfer [+ read-after-write]
 *
 * with the volume type's parameters on the instance's platform
 * (prof_volume_latency), M = exp(sigma x Z) a lognormal of median 1 and
 * T >= 1, and throttling and queueing only add to it; a mirrored write
 * completes with its last copy, a split I/O with its last piece.  So
 * every I/O's latency is at least g(Z) = floor[dir] + median[dir] x
 * exp(sigma[dir] x Z) for the Z its first piece drew, pointwise.  Hence:
 *
 *   mean   >= floor + median           (E[M] = exp(sigma^2 / 2) >= 1; the
 *                                       stratified draws hold a point's
 *                                       mean to E[M] within far less)
 *   p99    >= (floor + median x exp(sigma x z98)) x (1 - 1/128)
 *
 * The p99: an I/O below g(z98) drew Z < z98, and the draws are a Weyl
 * sequence (dev_model.c, WEYL_STREAMS): any stretch of a few thousand of
 * them holds its share of every quantile to far better than the 1 % of
 * I/Os the 98th percentile leaves spare, so fewer than 99 % lie below
 * g(z98) and the exact p99 is at least g(z98); the histogram reads it
 * at a bucket midpoint at most 1/128 low (hist.c, "Error bound").  For a
 * write share between 0 and 100 % the least of the two directions holds:
 * the mix's distribution function is an average of theirs.
 *
 * The queueing (adv_latency_queue_us), for a mean target beside an IOPS
 * target.  The latency judged is at the least small load N whose IOPS X
 * reach need_iops (advise_eval.c).  A closed loop of N outstanding I/Os
 * obeys Little's law, mean = N / X, exactly up to the I/Os in flight at
 * the ends of the point's window.  Since mean >= the service floor s,
 * X <= N / s, so reaching need_iops takes N >= need_iops x s: N is at
 * least the least load level of the run that is >= need_iops x s
 * (adv_least_small_level: ORION's levels, then the run's extension).
 * And X is at most the candidate's bound of small IOPS (with the
 * allowance ADV_BOUND_SLACK), so
 *
 *   mean >= N / (bound_iops x ADV_BOUND_SLACK)  (less 1 % for the ends)
 *
 * A candidate provisioned just above the IOPS target cannot reach it
 * without queueing: that is what this part sees and the floor does not.
 * A p99 target takes the floor only: the queueing could fall on fewer
 * than 1 % of the I/Os, as far as Little's law can tell.
 *
 * The bound is an upper bound of what the model delivers, not an
 * estimate: the search prunes with it, so a candidate it rejects must not
 * be one the simulation would pass (tests/test_advise.c checks that on a
 * space simulated exhaustively).
 */
#include <math.h>

#include "sim/advise/advise_internal.h"

/* Z of the 98th percentile of the standard normal (see the top). */
#define Z_P98 2.05374891
/* The histogram's midpoint reads a value at most this much low. */
#define HIST_READ_LOW (1 - 1.0 / 128)
/* Little's law over a window: the I/Os in flight at its ends. */
#define LITTLE_ENDS 0.99

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

/* A limit's rate over a window of window_s seconds that starts with its
   bucket full: the burst rate for a window of 0, the base rate for an
   endless one, and between the two the base plus the bucket spread over
   the window (credits accrue at the base rate and every admitted unit
   spends one: throttle.c, "Burst credits"), at most the burst rate. */
static double windowed(double base, double burst, double bucket, double window_s)
{
    if (window_s <= 0)
        return burst;
    if (isinf(window_s) || burst <= base || bucket <= 0)
        return base;
    return fmin(burst, base + bucket / window_s);
}

/* Physical I/Os per second of `bytes` the instance alone carries over the
   window (0: no limit).  Its buckets as the model sizes them
   (dev_model.c): (maximum - base) x burst_seconds. */
static double inst_rate(const struct inst_profile *in, const struct vol_profile *v,
                        double window_s, uint32_t bytes)
{
    double i_iops = windowed(in->base_iops * in->delivered_iops_frac,
                             in->max_iops * in->delivered_iops_frac,
                             (in->max_iops - in->base_iops) * in->burst_seconds, window_s);
    double i_tput = windowed(in->base_bytes_per_s * in->delivered_tput_frac,
                             in->max_bytes_per_s * in->delivered_tput_frac,
                             (in->max_bytes_per_s - in->base_bytes_per_s) * in->burst_seconds,
                             window_s);
    double r = 0;

    if (i_iops > 0)
        r = i_iops / ops_per_io(v, bytes);
    if (i_tput > 0)
        r = least(r, i_tput / bytes);
    return r;
}

/* Physical I/Os per second of `bytes` the candidate carries over the
   window, the instance's own limit inst_rate given. */
static double phys_rate(const struct inst_profile *in,
                        const struct vol_profile *v, int disks, double window_s,
                        uint32_t bytes, double inst)
{
    double ops = ops_per_io(v, bytes), n = disks, b = bytes;
    double v_iops = windowed(prof_attached_iops(v, in, v->iops_base) * v->delivered_iops_frac,
                             prof_attached_iops(v, in, v->iops_burst) * v->delivered_iops_frac,
                             v->iops_bucket_ops, window_s);
    double v_tput = windowed(v->tput_base_bytes_per_s * v->delivered_tput_frac,
                             v->tput_burst_bytes_per_s * v->delivered_tput_frac,
                             v->tput_bucket_bytes, window_s);
    double r = n * v_iops / ops;

    r = least(r, n * v_tput / prof_tput_charge_bytes(v, ops, b));
    if (v->path_bytes_per_s > 0)
        r = least(r, n * v->path_bytes_per_s / b);
    return least(r, inst);
}

void adv_inst_rates(const struct adv_targets *t, const struct inst_profile *in,
                    const struct vol_profile *v, double window_s,
                    struct adv_inst_rates *out)
{
    out->window_s = window_s;
    out->large = inst_rate(in, v, window_s, t->large_bytes);
    out->small = inst_rate(in, v, window_s, t->small_bytes);
}

void adv_bound_with(const struct adv_targets *t, const struct inst_profile *in,
                    const struct vol_profile *v, int disks,
                    const struct adv_inst_rates *ir, struct adv_bound *out)
{
    double w = t->write_pct / 100.0;
    double f = (1 - w) + w * adv_copies(t->redundancy);

    out->mbps = phys_rate(in, v, disks, ir->window_s, t->large_bytes, ir->large) / f *
                t->large_bytes / 1e6;
    out->iops = phys_rate(in, v, disks, ir->window_s, t->small_bytes, ir->small) / f;
    out->inst_mbps = ir->large / f * t->large_bytes / 1e6;
    out->inst_iops = ir->small / f;
}

void adv_bound_window(const struct adv_targets *t, const struct inst_profile *in,
                      const struct vol_profile *v, int disks, double window_s,
                      struct adv_bound *out)
{
    struct adv_inst_rates ir;

    adv_inst_rates(t, in, v, window_s, &ir);
    adv_bound_with(t, in, v, disks, &ir, out);
}

void adv_bound(const struct adv_targets *t, const struct inst_profile *in,
               const struct vol_profile *v, int disks, bool burst,
               struct adv_bound *out)
{
    adv_bound_window(t, in, v, disks, burst ? 0 : INFINITY, out);
}

/* The least small latency, us, the model can report for a volume of v's
   type on instance in at the targets' write share, mean or p99 (the top
   of the file). */
/* One direction's floor, ns: of the mean (quantile 0), of a quantile of
   at least 0.99 (the p98's g(Z), read as the histogram may read it low),
   or of a lower one, at least the median's (g(0) = floor + median, read
   low as well). */
static double dir_floor_ns(const struct prof_dir_latency *d, double quantile)
{
    if (quantile >= 0.99)
        return (d->floor_ns + d->median_ns * exp(d->sigma * Z_P98)) * HIST_READ_LOW;
    if (quantile > 0)
        return (d->floor_ns + d->median_ns) * HIST_READ_LOW;
    return d->floor_ns + d->median_ns;
}

double adv_latency_floor_q_us(const struct inst_profile *in, const struct vol_profile *v,
                              bool reads, bool writes, double quantile)
{
    struct prof_latency l;
    double floor_ns = INFINITY;

    prof_volume_latency(v, in, &l);
    if (reads)
        floor_ns = fmin(floor_ns, dir_floor_ns(&l.dir[0], quantile));
    if (writes)
        floor_ns = fmin(floor_ns, dir_floor_ns(&l.dir[1], quantile));
    return floor_ns / 1e3;
}

double adv_latency_floor_us(const struct adv_targets *t, const struct inst_profile *in,
                            const struct vol_profile *v)
{
    bool any = t->schedule != NULL;
    return adv_latency_floor_q_us(in, v, t->write_pct < 100 || any, t->write_pct > 0 || any,
                                  t->lat_p99 && !any ? 0.99 : 0);
}

int adv_queue_load(const struct adv_targets *t, int disks, double floor_us)
{
    if (t->need_lat_us <= 0 || t->lat_p99 || t->need_iops <= 0 || t->schedule)
        return 0;
    return adv_least_small_level(t, disks, t->need_iops * floor_us / 1e6);
}

double adv_latency_queue_us(int load, double bound_iops)
{
    if (load <= 0 || bound_iops <= 0)
        return 0;
    return load / (bound_iops * ADV_BOUND_SLACK) * 1e6 * LITTLE_ENDS;
}
