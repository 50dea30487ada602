/*
 * hist.h - log-linear latency histogram: fixed memory, < 1 % error,
 * mergeable.  See hist.c for the bucket layout and the error bound.
 */
#ifndef ASMSIM_SIM_HIST_H
#define ASMSIM_SIM_HIST_H

#include <stdint.h>

#define HIST_SUB_BITS 6                          /* 64 buckets per octave */
#define HIST_SUB (1 << HIST_SUB_BITS)
#define HIST_OCTAVES 38                          /* values up to 2^43 ns */
#define HIST_BUCKETS (HIST_SUB * (HIST_OCTAVES + 1))
#define HIST_POW2_BINS 44                        /* ORION's power-of-two view */

struct hist {
    uint64_t count;
    uint64_t min_ns;            /* UINT64_MAX when empty */
    uint64_t max_ns;
    double sum_ns;
    double sumsq_ns2;
    uint64_t bucket[HIST_BUCKETS];
};

void hist_init(struct hist *h);                 /* empty */

/* Index of the bucket holding v (hist.c explains the layout). */
static inline unsigned hist_bucket_of(uint64_t v)
{
    if (v < (uint64_t)HIST_SUB)
        return (unsigned)v;
    unsigned msb = 63u - (unsigned)__builtin_clzll(v);
    unsigned shift = msb - HIST_SUB_BITS;
    uint64_t idx = (uint64_t)shift * HIST_SUB + (v >> shift);
    return idx < HIST_BUCKETS ? (unsigned)idx : HIST_BUCKETS - 1u;
}

/* Count one value.  Inline: the engine adds two for every I/O.  (A value
   below 2^63, every latency, converts to double through the signed
   conversion, one instruction; the unsigned one is a sequence of them.
   Both give the same double.) */
static inline void hist_add(struct hist *h, uint64_t value_ns)
{
    double v = value_ns <= (uint64_t)INT64_MAX ? (double)(int64_t)value_ns
                                               : (double)value_ns;
    h->count++;
    if (value_ns < h->min_ns)
        h->min_ns = value_ns;
    if (value_ns > h->max_ns)
        h->max_ns = value_ns;
    h->sum_ns += v;
    h->sumsq_ns2 += v * v;
    h->bucket[hist_bucket_of(value_ns)]++;
}
void hist_merge(struct hist *dst, const struct hist *src);

double hist_mean_ns(const struct hist *h);      /* 0 when empty */
double hist_stddev_ns(const struct hist *h);    /* population; 0 when empty */

/* The q-quantile (0 <= q <= 1) within the bucket error bound; 0 when
   empty.  Clamped to [min_ns, max_ns]. */
uint64_t hist_quantile_ns(const struct hist *h, double q);

/* ORION's histogram: how many values v fall in bin i, where bin 0 holds
   v < 2 us and bin i (i >= 1) holds 2^i us <= v < 2^(i+1) us; the last bin
   takes everything above.  out[HIST_POW2_BINS]. */
void hist_pow2_us(const struct hist *h, uint64_t out[HIST_POW2_BINS]);

#endif
