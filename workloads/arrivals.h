/*
 * arrivals.h - the arrival times of an open-loop load: one seeded stream
 * per class, generated lazily, one arrival at a time.
 *
 * A production database does not keep N I/Os outstanding the way ORION
 * does; it offers a rate.  A stream here is the sequence of moments its
 * I/Os arrive at a given mean rate:
 *   Poisson   independent exponential gaps of mean 1 / rate (requests
 *             from many independent sessions)
 *   constant  a gap of exactly 1 / rate (a paced batch job); arrival k
 *             is at start + k / rate, computed from k, so it never drifts
 * A stream holds its state in the caller's struct and nothing else: any
 * number of arrivals costs O(1) memory, and the same seed gives the same
 * times on every platform.  Pure: no clock, no I/O.
 */
#ifndef ASMSIM_WORKLOADS_ARRIVALS_H
#define ASMSIM_WORKLOADS_ARRIVALS_H

#include <stdint.h>

#include "workloads/rng.h"

enum wl_arrival_kind {
    WL_ARRIVALS_POISSON = 0,
    WL_ARRIVALS_CONSTANT,
};

/* No further arrival (a stream of rate 0). */
#define WL_ARRIVAL_NEVER INT64_MAX

struct wl_arrivals {
    struct rng rng;
    enum wl_arrival_kind kind;
    double rate_per_s;          /* mean arrivals per second; 0: none */
    int64_t start_ns;
    uint64_t taken;             /* arrivals taken so far */
    double next_ns;             /* the next arrival (absolute, unrounded) */
};

/* Start a stream at start_ns: its first arrival is at start_ns + a gap
   (Poisson: exponential; constant: 1 / rate).  rate_per_s <= 0 (or not
   finite): a stream that never arrives. */
void wl_arrivals_start(struct wl_arrivals *a, enum wl_arrival_kind kind,
                       double rate_per_s, uint64_t seed, int64_t start_ns);

/* The time of the next arrival, in ns (WL_ARRIVAL_NEVER: none). */
int64_t wl_arrivals_peek_ns(const struct wl_arrivals *a);

/* Take the next arrival: the stream moves on to the one after it. */
void wl_arrivals_take(struct wl_arrivals *a);

#endif
