/*
 * arrivals.c - Poisson and constant arrival streams (see arrivals.h).
 *
 * Poisson gaps are drawn by inversion, -ln(1 - u) / rate with u uniform
 * in [0, 1), so 1 - u is in (0, 1] and the logarithm is finite.  Times
 * are kept as doubles of ns: over a week (6e14 ns) their resolution is
 * under a tenth of a ns, far below any device's; a peek rounds to the ns.
 */
#include "workloads/arrivals.h"

#include <math.h>

static double exp_gap_ns(struct wl_arrivals *a)
{
    return -log(1.0 - rng_unit(&a->rng)) * 1e9 / a->rate_per_s;
}

/* The time of arrival i (from 0) once arrival i - 1 was at a->next_ns:
   constant streams compute it from i, so rounding never accumulates. */
static double arrival_ns(struct wl_arrivals *a, uint64_t i)
{
    if (a->kind == WL_ARRIVALS_CONSTANT)
        return (double)a->start_ns + (double)(i + 1) * 1e9 / a->rate_per_s;
    return a->next_ns + exp_gap_ns(a);
}

void wl_arrivals_start(struct wl_arrivals *a, enum wl_arrival_kind kind,
                       double rate_per_s, uint64_t seed, int64_t start_ns)
{
    rng_seed(&a->rng, seed);
    a->kind = kind;
    a->rate_per_s = isfinite(rate_per_s) && rate_per_s > 0 ? rate_per_s : 0;
    a->start_ns = start_ns;
    a->taken = 0;
    a->next_ns = (double)start_ns;
    a->next_ns = a->rate_per_s > 0 ? arrival_ns(a, 0) : INFINITY;
}

int64_t wl_arrivals_peek_ns(const struct wl_arrivals *a)
{
    if (!(a->next_ns < 9.0e18))
        return WL_ARRIVAL_NEVER;
    return (int64_t)llround(a->next_ns);
}

void wl_arrivals_take(struct wl_arrivals *a)
{
    if (a->rate_per_s <= 0)
        return;
    a->taken++;
    a->next_ns = arrival_ns(a, a->taken);
}
