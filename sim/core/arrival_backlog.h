/*
 * arrival_backlog.h - one open-loop arrival stream, looked at from two
 * sides, drawn once.
 *
 * The open loop (engine.c) needs each class's stream twice: the "seen"
 * side counts arrivals as virtual time passes (what was offered), the
 * "issue" side hands them out as slots free up (what was issued, and
 * when it arrived).  The issue side is never ahead of the seen side in
 * the engine's loop, and what lies between them is the backlog.  Drawing
 * the stream twice from the same seed gives both sides the same times,
 * at twice the cost of a draw (a logarithm per Poisson arrival).
 *
 * Here the seen side draws, and keeps the times it counted but the issue
 * side has not taken yet in a ring of fixed size: the issue side reads
 * them back.  The ring cannot hold an unbounded backlog, so when the seen
 * side would overflow it, it leaves a copy of the stream as it is at that
 * arrival ("behind"): the issue side takes the ring's times, then draws
 * from the copy, exactly as the second stream used to, until it catches
 * up with the seen side and the ring takes over again.  Should the issue
 * side ever run ahead (take an arrival not yet counted), it does so from
 * a copy too.  Either way every time the issue side sees is the one the
 * stream has at that position: the same values as two streams gave.
 *
 *     seen    ... a5 a6 a7 a8 | a9 (next to count)
 *     ring        [a6 a7 a8]          issue side: a6 next
 *     pending     3 = seen taken - issued
 *
 * Memory is fixed at init (the ring); nothing is allocated per arrival.
 */
#ifndef ASMSIM_SIM_ARRIVAL_BACKLOG_H
#define ASMSIM_SIM_ARRIVAL_BACKLOG_H

#include <stdbool.h>
#include <stdint.h>

#include "workloads/arrivals.h"

struct sim_backlog {
    struct wl_arrivals seen;    /* the stream; seen.taken: arrivals counted */
    struct wl_arrivals behind;  /* while `apart`: the issue side's own copy */
    /* each stream's next arrival, rounded once per arrival: the loop
       looks at them far more often than they move (llround is a call) */
    int64_t seen_next_ns, behind_next_ns;
    bool apart;                 /* the issue side draws from `behind` */
    int64_t *ring_ns;           /* [cap]: counted, not issued (not apart:
                                   all of them; apart: the first `count`) */
    uint32_t cap, head, count;
    uint64_t issued;            /* arrivals the issue side has taken */
};

/* 0, or -ENOMEM / -EINVAL (cap < 1); sim_backlog_free may be called
   either way. */
int sim_backlog_init(struct sim_backlog *b, uint32_t cap);
void sim_backlog_free(struct sim_backlog *b);

/* Start the stream (wl_arrivals_start's arguments); both sides at its
   first arrival, nothing pending. */
void sim_backlog_start(struct sim_backlog *b, enum wl_arrival_kind kind,
                       double rate_per_s, uint64_t seed, int64_t start_ns);

/* The next arrival to count, in ns (WL_ARRIVAL_NEVER: none). */
static inline int64_t sim_backlog_next_seen_ns(const struct sim_backlog *b)
{
    return b->seen_next_ns;
}

/* Count the next arrival. */
void sim_backlog_count(struct sim_backlog *b);

/* The next arrival to issue, in ns. */
static inline int64_t sim_backlog_next_issue_ns(const struct sim_backlog *b)
{
    if (b->count > 0)
        return b->ring_ns[b->head];
    return b->apart ? b->behind_next_ns : b->seen_next_ns;
}

/* Issue the next arrival. */
void sim_backlog_issue(struct sim_backlog *b);

/* Arrivals counted and not issued (seen taken - issued, modulo 2^64 as
   the two streams' counts gave). */
static inline uint64_t sim_backlog_pending(const struct sim_backlog *b)
{
    return b->seen.taken - b->issued;
}

#endif
