/*
 * one_rank_sync.h - a cluster's window sum (engine.h, struct
 * sim_window_sync) as one rank alone sees it: the vote comes back as it
 * went, and each call is counted, so a test can say whether and how often
 * an engine waited for the ranks.
 */
#ifndef ASMSIM_TESTS_ONE_RANK_SYNC_H
#define ASMSIM_TESTS_ONE_RANK_SYNC_H

#include <stdint.h>

#include "sim/core/engine.h"

/* The sum: arg is an int counting the calls. */
static inline int one_rank_sum(void *arg, uint64_t *v, int n)
{
    (void)v;
    (void)n;
    (*(int *)arg)++;
    return 0;
}

/* A sync whose calls are counted in *calls (set to 0). */
static inline struct sim_window_sync one_rank_sync(int *calls)
{
    *calls = 0;
    return (struct sim_window_sync){ .sum = one_rank_sum, .arg = calls };
}

#endif
