/*
 * hist.c - log-linear histogram of nanosecond values.
 *
 * The model
 * ---------
 * A latency histogram must be cheap to feed (the engine adds every
 * completed I/O, >= 10 M values per second), fixed in size however long
 * the run, mergeable (per disk -> per point -> per run), and good enough
 * that a percentile read back from it is within 1 % of the exact one.  A
 * log-linear layout (as in fio's stat.h and HdrHistogram) gives all four:
 * the value range is cut into octaves (powers of two) and every octave into
 * HIST_SUB = 2^HIST_SUB_BITS = 64 equal sub-buckets.
 *
 * Bucket layout (S = HIST_SUB_BITS = 6, SUB = 64)
 * ---------------------------------------------
 *   octave 0:  values 0 .. 63             64 buckets of width 1 (exact)
 *   octave o:  values [2^(o+5), 2^(o+6))  64 buckets of width 2^(o-1)
 *              for o = 1 .. HIST_OCTAVES (38)
 *
 * For v >= SUB let msb = 63 - clz(v) (so msb >= S) and shift = msb - S.
 * Then v >> shift lies in [SUB, 2*SUB): the top S+1 bits of v, the leading
 * one included.  The bucket index is
 *
 *     index = shift * SUB + (v >> shift)          (v >= SUB)
 *     index = v                                   (v <  SUB)
 *
 * which is o * SUB + sub-bucket with o = shift + 1 and sub-bucket
 * (v >> shift) - SUB.  Octave 1 has shift 0, so every value below 128 ns is
 * stored exactly.  The inverse, for index i >= 2 * SUB:
 *
 *     shift = i / SUB - 1,  lower edge = (i - shift * SUB) << shift,
 *     width = 2^shift.
 *
 * Worked example: v = 1,000,000 ns (1 ms).  msb = 19, shift = 13,
 * v >> 13 = 122, index = 13 * 64 + 122 = 954.  Bucket 954 holds
 * [122 << 13, 123 << 13) = [999,424, 1,007,616) ns, width 8,192 ns; its
 * midpoint 1,003,519 ns is 0.35 % off the true value.
 *
 * Error bound
 * -----------
 * A bucket of octave o >= 1 has width 2^(o-1) and lower edge at least
 * 2^(o+5), so its width is at most 1/64 of any value in it.  Reporting the
 * midpoint of the integers a bucket holds is therefore off by at most half
 * a width: relative error <= 1 / (2 * SUB) = 1/128 = 0.78 %, and 0 below
 * 128 ns.  Quantiles are additionally clamped to [min_ns, max_ns], which
 * are kept exactly, so q = 0 and q = 1 are exact.
 *
 * Range and memory
 * ----------------
 * The last octave (38) ends at 2^44 ns = 17,592 s (4.9 h), far beyond any
 * I/O latency.  Larger values are counted in the last bucket; min, max,
 * mean and stddev still see them exactly.  Size: HIST_BUCKETS = 64 * 39 =
 * 2,496 counters of 8 bytes = 19,968 bytes, plus 40 bytes of summary:
 * about 19.5 KiB per histogram, whatever the run length.
 *
 * ORION's power-of-two view
 * -------------------------
 * ORION bins by 2^i microseconds.  The bin edges 2^i us = 1000 * 2^i ns =
 * 125 << (i + 3) ns are *exact bucket edges* of this layout: 125 fits in
 * the 7-bit mantissa [64, 128), so the edge is the lower edge of sub-bucket
 * 125 - 64 of the octave with shift i + 3, and every finer octave lies
 * wholly below it (125 << k < 64 << (k + 1)).  Hence no bucket straddles a
 * bin edge, and assigning each bucket by its lower edge gives ORION's bins
 * exactly.  The only error is for values beyond the range (>= 2^44 ns),
 * which land in the bin of the last bucket (bin 34) instead of their own.
 *
 * Hot path
 * --------
 * hist_add() (inline, in hist.h) is a count, two compares, two floating
 * additions (sum and sum of squares, for mean and stddev), one clz, one
 * shift and one increment: no loop, no division.  Mean and stddev come from the sums;
 * the population variance sumsq/n - mean^2 is clamped at 0 against
 * rounding.
 */
#include "sim/core/hist.h"

#include <math.h>
#include <string.h>

/* Lower edge and width (ns) of bucket i. */
static void hist_bucket_span(unsigned i, uint64_t *lo_ns, uint64_t *width_ns)
{
    if (i < 2u * HIST_SUB) {
        *lo_ns = i;
        *width_ns = 1;
        return;
    }
    unsigned shift = i / HIST_SUB - 1u;
    uint64_t mant = i - (uint64_t)shift * HIST_SUB;
    *lo_ns = mant << shift;
    *width_ns = (uint64_t)1 << shift;
}

void hist_init(struct hist *h)
{
    memset(h, 0, sizeof(*h));
    h->min_ns = UINT64_MAX;
}

void hist_merge(struct hist *dst, const struct hist *src)
{
    if (src->count == 0)
        return;
    dst->count += src->count;
    if (src->min_ns < dst->min_ns)
        dst->min_ns = src->min_ns;
    if (src->max_ns > dst->max_ns)
        dst->max_ns = src->max_ns;
    dst->sum_ns += src->sum_ns;
    dst->sumsq_ns2 += src->sumsq_ns2;
    for (unsigned i = 0; i < HIST_BUCKETS; i++)
        dst->bucket[i] += src->bucket[i];
}

double hist_mean_ns(const struct hist *h)
{
    return h->count ? h->sum_ns / (double)h->count : 0.0;
}

double hist_stddev_ns(const struct hist *h)
{
    if (h->count == 0)
        return 0.0;
    double n = (double)h->count;
    double mean = h->sum_ns / n;
    double var = h->sumsq_ns2 / n - mean * mean;
    return var > 0.0 ? sqrt(var) : 0.0;
}

/*
 * Nearest-rank quantile: the value of rank ceil(q * count) (at least 1) in
 * sorted order, read as the midpoint of the bucket that holds that rank.
 */
uint64_t hist_quantile_ns(const struct hist *h, double q)
{
    if (h->count == 0)
        return 0;
    if (!(q > 0.0))                 /* q <= 0, and NaN */
        return h->min_ns;
    if (q >= 1.0)
        return h->max_ns;

    double rank_d = ceil(q * (double)h->count);
    uint64_t rank = rank_d < 1.0 ? 1 : (uint64_t)rank_d;
    if (rank > h->count)
        rank = h->count;

    uint64_t seen = 0;
    unsigned i = 0;
    for (; i < HIST_BUCKETS; i++) {
        seen += h->bucket[i];
        if (seen >= rank)
            break;
    }
    if (i >= HIST_BUCKETS)          /* counts inconsistent: cannot happen */
        return h->max_ns;

    uint64_t lo, width;
    hist_bucket_span(i, &lo, &width);
    uint64_t mid = lo + (width - 1) / 2;
    if (mid < h->min_ns)
        mid = h->min_ns;
    if (mid > h->max_ns)
        mid = h->max_ns;
    return mid;
}

void hist_pow2_us(const struct hist *h, uint64_t out[HIST_POW2_BINS])
{
    memset(out, 0, sizeof(uint64_t) * HIST_POW2_BINS);
    if (h->count == 0)
        return;
    for (unsigned i = 0; i < HIST_BUCKETS; i++) {
        if (h->bucket[i] == 0)
            continue;
        uint64_t lo, width;
        hist_bucket_span(i, &lo, &width);
        /* Bin 0: < 2 us.  Bin k: 2^k us <= v < 2^(k+1) us, that is
           floor(log2(lo / 1000)); integer division keeps it exact because
           2^k <= x exactly when 2^k <= floor(x). */
        unsigned bin = 0;
        uint64_t us = lo / 1000u;
        if (us >= 2u)
            bin = 63u - (unsigned)__builtin_clzll(us);
        if (bin >= HIST_POW2_BINS)
            bin = HIST_POW2_BINS - 1u;
        out[bin] += h->bucket[i];
    }
}
