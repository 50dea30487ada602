/*
 * event_queue.h - the model's pending completions, earliest first.
 *
 * What it holds
 * -------------
 * One entry per physical I/O in flight: the virtual time it completes and
 * the I/O.  Entries leave in order of time, and entries of equal time in
 * the order they were pushed, so a run is the same on every machine: each
 * entry carries a sequence number, a counter that grows with every push,
 * and (time, seq) is unique.  The order in which entries leave depends only
 * on those pairs, not on how the queue stores them: any correct priority
 * queue over them gives the same run, byte for byte.
 *
 * How: a 4-ary heap on the time alone, ties settled when they leave
 * ---------------------------------------------------------------------
 *
 *     at[]    0 | 1 2 3 4 | 5 6 7 8  9 .. 12 ...   children of i: 4i+1 .. 4i+4
 *     io[], seq[]   the I/O and sequence number of at[i], moved with it
 *
 * The queue runs twice per physical I/O (a push at submission, a pop at
 * completion), with tens to a few hundred entries: it lives in L1, and
 * what it costs is the instructions of the compares and moves along one
 * path from the root to a leaf.  So:
 *
 *   - the heap orders by time only, one 64-bit compare; equal times are
 *     rare (times are nanoseconds), and evq_pop_due, the only way out,
 *     takes every entry of the earliest time at once and sorts those few
 *     by seq, so the pair order holds without a compare of pairs;
 *   - times apart from their I/O pointers and sequence numbers: choosing a
 *     child reads four times (32 bytes), nothing else;
 *   - the smallest of four children by a tournament of three compares
 *     whose results are added or selected, not branched on;
 *   - a pop moves the hole left at the root down to a leaf, always
 *     following the smaller child, without asking at each level whether
 *     the last entry would fit there (a loop of known length, whose only
 *     hard branch is its end), then puts the last entry in the hole and
 *     lets it rise, which for an entry from the bottom of a heap is
 *     rarely more than a step (Floyd's bottom-up deletion);
 *   - the slots past the last entry, up to a full group of children, hold
 *     EVQ_NONE (a time after every real one), so a group is always four
 *     times and needs no bounds test.
 *
 * Memory is fixed at evq_init: cap entries, and scratch for as many ties;
 * a push into a full queue is the caller's error (it checks evq_full
 * first).
 */
#ifndef ASMSIM_SIM_EVENT_QUEUE_H
#define ASMSIM_SIM_EVENT_QUEUE_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/core/device.h"
#include "sim/core/simtime.h"

#define EVQ_ARITY 4
#define EVQ_NONE INT64_MAX          /* an empty slot: after every time */

struct evq {
    sim_ns *at;                 /* [cap + EVQ_ARITY], EVQ_NONE past n */
    struct sim_io **io;         /* [cap] */
    uint64_t *seq;              /* [cap] */
    struct sim_io **tie_io;     /* [cap]: evq_settle_ties' scratch */
    uint64_t *tie_seq;          /* [cap] */
    int n, cap;
    uint64_t next_seq;          /* pushes so far: the next tie-breaker */
};

/* 0, or -ENOMEM or -EINVAL (cap < 1); the queue is then empty and
   evq_free may be called. */
int evq_init(struct evq *q, int cap);
void evq_free(struct evq *q);

static inline bool evq_empty(const struct evq *q)
{
    return q->n == 0;
}

static inline bool evq_full(const struct evq *q)
{
    return q->n >= q->cap;
}

/* The earliest completion time; the queue must not be empty. */
static inline sim_ns evq_top_time(const struct evq *q)
{
    return q->at[0];
}

/* Put an entry in the heap (the queue is not full). */
static inline void evq_insert(struct evq *q, sim_ns at_ns, struct sim_io *io,
                              uint64_t seq)
{
    int i = q->n++;
    while (i > 0) {
        int parent = (i - 1) / EVQ_ARITY;
        if (!(at_ns < q->at[parent]))
            break;
        q->at[i] = q->at[parent];
        q->io[i] = q->io[parent];
        q->seq[i] = q->seq[parent];
        i = parent;
    }
    q->at[i] = at_ns;
    q->io[i] = io;
    q->seq[i] = seq;
}

/* Queue io to complete at at_ns (0 <= at_ns < EVQ_NONE), after every
   entry of the same time already queued.  The queue must not be full. */
static inline void evq_push(struct evq *q, sim_ns at_ns, struct sim_io *io)
{
    evq_insert(q, at_ns, io, q->next_seq++);
}

/* The earliest of the four times from `first` on: a tournament whose
   compares become additions and a select. */
static inline int evq_min_child(const sim_ns *at, int first)
{
    int a = first + (at[first + 1] < at[first]);
    int b = first + 2 + (at[first + 3] < at[first + 2]);
    int b_wins = at[b] < at[a];
    return a + ((b - a) & -b_wins);
}

/* Remove the root: the earliest time, and among equal times any one (the
   queue is not empty).  Its I/O and seq go to *io and *seq. */
static inline void evq_remove_top(struct evq *q, struct sim_io **io, uint64_t *seq)
{
    *io = q->io[0];
    *seq = q->seq[0];
    int n = --q->n;
    sim_ns last = q->at[n];
    struct sim_io *last_io = q->io[n];
    uint64_t last_seq = q->seq[n];
    q->at[n] = EVQ_NONE;
    if (n == 0)
        return;
    int i = 0;
    for (int first = 1; first < n; first = EVQ_ARITY * i + 1) {
        int best = evq_min_child(q->at, first);
        q->at[i] = q->at[best];
        q->io[i] = q->io[best];
        q->seq[i] = q->seq[best];
        i = best;
    }
    while (i > 0) {
        int parent = (i - 1) / EVQ_ARITY;
        if (!(last < q->at[parent]))
            break;
        q->at[i] = q->at[parent];
        q->io[i] = q->io[parent];
        q->seq[i] = q->seq[parent];
        i = parent;
    }
    q->at[i] = last;
    q->io[i] = last_io;
    q->seq[i] = last_seq;
}

/* Equal times, evq_pop_due's out-of-line part: with the n entries of
   time at_ns already taken in out (their seqs in seqs), take the rest of
   that time and return at most max of them all, in push order. */
int evq_settle_ties(struct evq *q, struct sim_io **out, uint64_t *seqs, int n,
                    int max, sim_ns at_ns);

/* Remove the entries of the earliest time, at most max (>= 1) of them,
   in push order, into out; returns how many, and the time in *at_ns.
   Entries of that time beyond max stay queued, still first in line.  The
   queue must not be empty. */
static inline int evq_pop_due(struct evq *q, struct sim_io **out, int max,
                              sim_ns *at_ns)
{
    sim_ns at = q->at[0];
    uint64_t seq;
    *at_ns = at;
    evq_remove_top(q, &out[0], &seq);
    if (q->at[0] != at)
        return 1;
    return evq_settle_ties(q, out, &seq, 1, max, at);
}

#endif
