/*
 * advise_cost.c - the one place the advisor learns what a candidate
 * costs: the monthly price of an instance and of one volume.
 *
 * Everything else in the advisor (ordering, the bill it prints, "why
 * nothing cheaper") goes through these two functions, so the price source
 * is one switch.  Volumes: vol_profile.price_usd_month, the providers'
 * list prices as profiles.c applies them (DOMAIN.md section 4).
 * Instances: not priced yet (waiting for sim/profiles/prices.h); every
 * instance costs 0 until then.
 */
#include "sim/advise/advise_internal.h"

bool adv_cost_instance(const struct inst_profile *in, enum adv_os os,
                       double *usd_month)
{
    (void)in;
    (void)os;
    *usd_month = 0;
    return true;
}

bool adv_cost_volume(const struct vol_profile *v, double *usd_month)
{
    *usd_month = v->price_usd_month;
    return true;
}
