/*
 * advise_front.h - what one more dollar buys (issue 37 item 4): of the
 * configurations a search found meeting every target, the Pareto front
 * of cost against the small latency, and the cheapest of each instance
 * family (advise_front.c says how both are made and what they cover).
 */
#ifndef ASMSIM_SIM_ADVISE_FRONT_H
#define ASMSIM_SIM_ADVISE_FRONT_H

#include <stdbool.h>

#include "sim/advise/advise.h"

/* A point of the latency front is this much faster than the one before
   it, at least: the simulation's resolution (advise_front.c). */
#define ADV_FRONT_MIN_GAIN 0.02

/* The cheapest pass of one instance family ("m5", "r5b", "e4flex"). */
struct adv_family_best {
    char family[PROF_NAME_MAX];
    struct adv_outcome o;
};

struct adv_front {
    /* passes with a latency figure, the answer first, then each one
       cheapest of those ADV_FRONT_MIN_GAIN faster than the one before */
    int n_latency;
    struct adv_outcome *latency;
    /* one row per family, cheapest first */
    int n_family;
    struct adv_family_best *family;
    /* the search went up the price list only to its `top`-th pass (per
       cloud): a configuration dearer than this was not searched, so a
       family whose cheapest pass costs more is absent and the front may
       go on above it; INFINITY when nothing was left out */
    double cut_usd_month;
};

/* The front and the families of the outcomes of `sim` (every simulated
   outcome of a search or of its shards merged, in cost order: the
   answer's log), taking of each cloud its first cfg->top passes, as the
   answer does.  interrupted: the scans stopped early, so each cloud's
   last outcome is a cut too.  0 or -ENOMEM (*out then empty). */
int adv_front_make(const struct adv_cfg *cfg, const struct adv_log *sim, bool interrupted,
                   struct adv_front *out);
void adv_front_free(struct adv_front *f);

/* The least headroom of a simulated outcome over the targets t asks
   (got / need - 1; latency need / got - 1): false when it was not
   simulated or nothing was asked.  Capacity counts only when missed or
   the only target: every volume is sized to just hold it, so its
   headroom is about 0 on every candidate. */
bool adv_least_headroom(const struct adv_targets *t, const struct adv_outcome *x,
                        double *least);

#endif
