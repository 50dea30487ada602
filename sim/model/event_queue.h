/*
 * event_queue.h - the model's pending completions, earliest first.
 *
 * What it holds
 * -------------
 * One entry per physical I/O in flight: the virtual time it completes and
 * the I/O.  Entries leave in order of time, and entries of equal time in
 * the order they were pushed, so a run is the same on every machine: each
 * entry carries a sequence number, a counter that grows with every push,
 * and (time, seq) is unique.  The sequence number is kept in the I/O's
 * done_ns while it is queued: the backend owns that field until it
 * completes the I/O and sets it (device.h), and the entry stays 16 bytes.  The order in which entries leave depends only
 * on those pairs, not on how the queue stores them: any correct priority
 * queue over them gives the same run, byte for byte.
 *
 * How: a 4-ary heap on the time alone, ties settled when they leave
 * ---------------------------------------------------------------------
 *
 *     e[]     0 | 1 2 3 4 | 5 6 7 8  9 .. 12 ...   children of i: 4i+1 .. 4i+4
 *             each entry {at_ns, io}: 16 bytes, moved in one step
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
 *   - the four children of a node are 64 bytes, one or two cache lines;
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
 *
 * Pop, then push: the root left for the next push
 * -----------------------------------------------
 * The model's loop is a pop (a completion) followed, more often than not,
 * by a push (the I/O the engine issues in its place).  So a pop that takes
 * one entry does not restore the heap at once: it hands out the root's
 * I/O and marks the root free (root_free).  A push that finds it free
 * puts its entry there and lets it sink (one sift-down, the classic
 * replace-top), instead of a sift-down of the last entry for the pop and
 * a sift-up for the push; any other call first fills the root the usual
 * way (evq_settle).  The entries as a set are the same at every call that
 * looks at them, so, as above, the run is the same.
 *
 * Memory is fixed at evq_init: cap entries, and scratch for as many ties;
 * a push into a full queue is the caller's error (it checks evq_full
 * first).
 */
#ifndef ASMSIM_SIM_EVENT_QUEUE_H
#define ASMSIM_SIM_EVENT_QUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/core/device.h"
#include "sim/core/simtime.h"

#define EVQ_ARITY 4
#define EVQ_NONE INT64_MAX          /* an empty slot: after every time */

struct evq_entry {
    sim_ns at_ns;
    struct sim_io *io;          /* its done_ns: the entry's seq */
};

struct evq {
    struct evq_entry *e;        /* [cap + EVQ_ARITY], at_ns EVQ_NONE past n */
    struct sim_io **tie_io;     /* [cap]: evq_settle_ties' scratch */
    int n, cap;                 /* n counts a free root */
    bool root_free;             /* e[0] was handed out (see the top) */
    uint64_t next_seq;          /* pushes so far: the next tie-breaker */
};

/* 0, or -ENOMEM or -EINVAL (cap < 1); the queue is then empty and
   evq_free may be called. */
int evq_init(struct evq *q, int cap);
void evq_free(struct evq *q);

/* Entries queued (a free root is not one). */
static inline int evq_count(const struct evq *q)
{
    return q->n - (int)q->root_free;
}

static inline bool evq_empty(const struct evq *q)
{
    return evq_count(q) == 0;
}

static inline bool evq_full(const struct evq *q)
{
    return evq_count(q) >= q->cap;
}

/* Put x at slot i and let it rise to where its time belongs (the slots
   above i are a heap; i is free). */
static inline void evq_sift_up(struct evq_entry *e, size_t i, struct evq_entry x)
{
    while (i > 0) {
        size_t parent = (i - 1) / EVQ_ARITY;
        if (!(x.at_ns < e[parent].at_ns))
            break;
        e[i] = e[parent];
        i = parent;
    }
    e[i] = x;
}

/* Put an entry in the heap (the queue is not full; io->done_ns holds its
   seq). */
static inline void evq_insert(struct evq *q, struct evq_entry x)
{
    evq_sift_up(q->e, (size_t)q->n++, x);
}

/* Which of the four entries c[0..3] is earliest (the first on a tie): a
   tournament whose compares become additions and selects, on the times
   held in registers. */
static inline size_t evq_min_of4(const struct evq_entry *c)
{
    sim_ns t0 = c[0].at_ns, t1 = c[1].at_ns, t2 = c[2].at_ns, t3 = c[3].at_ns;
    size_t a = t1 < t0;
    sim_ns ta = t1 < t0 ? t1 : t0;
    size_t b = 2 + (t3 < t2);
    sim_ns tb = t3 < t2 ? t3 : t2;
    size_t b_wins = tb < ta;
    return a + ((b - a) & -b_wins);
}

/* Fill the root with the rest of the heap: remove it (the queue is not
   empty; the root's entry is gone or handed out). */
static inline void evq_fill_root(struct evq *q)
{
    struct evq_entry *e = q->e;
    size_t n = (size_t)--q->n;
    struct evq_entry last = e[n];
    e[n].at_ns = EVQ_NONE;
    if (n == 0)
        return;
    size_t i = 0;
    for (size_t first = 1; first < n; first = EVQ_ARITY * i + 1) {
        size_t best = first + evq_min_of4(&e[first]);
        e[i] = e[best];
        i = best;
    }
    evq_sift_up(e, i, last);
}

/* A free root is filled before anything else looks at the heap. */
static inline void evq_settle(struct evq *q)
{
    if (q->root_free) {
        q->root_free = false;
        evq_fill_root(q);
    }
}

/* The earliest completion time; the queue must not be empty. */
static inline sim_ns evq_top_time(struct evq *q)
{
    evq_settle(q);
    return q->e[0].at_ns;
}

/* Put x in the free root and let it sink to where its time belongs. */
static inline void evq_replace_root(struct evq *q, struct evq_entry x)
{
    struct evq_entry *e = q->e;
    size_t n = (size_t)q->n, i = 0;
    for (size_t first = 1; first < n; first = EVQ_ARITY * i + 1) {
        size_t best = first + evq_min_of4(&e[first]);
        if (!(e[best].at_ns < x.at_ns))
            break;
        e[i] = e[best];
        i = best;
    }
    e[i] = x;
}

/* Queue io to complete at at_ns (0 <= at_ns < EVQ_NONE), after every
   entry of the same time already queued.  The queue must not be full. */
static inline void evq_push(struct evq *q, sim_ns at_ns, struct sim_io *io)
{
    io->done_ns = (sim_ns)q->next_seq++;
    struct evq_entry x = { at_ns, io };
    if (q->root_free) {
        q->root_free = false;
        evq_replace_root(q, x);
    } else {
        evq_insert(q, x);
    }
}

/* Remove the root: the earliest time, and among equal times any one (the
   queue is not empty, its root not free); returns its I/O. */
static inline struct sim_io *evq_remove_top(struct evq *q)
{
    struct sim_io *top = q->e[0].io;
    evq_fill_root(q);
    return top;
}

/* Equal times, evq_pop_due's out-of-line part: with the first entry of
   time at_ns already taken in out[0], take the rest of that time and
   return at most max of them all, in push order. */
int evq_settle_ties(struct evq *q, struct sim_io **out, int max, sim_ns at_ns);

/* Remove the entries of the earliest time, at most max (>= 1) of them,
   in push order, into out; returns how many, and the time in *at_ns.
   Entries of that time beyond max stay queued, still first in line.  The
   queue must not be empty. */
static inline int evq_pop_due(struct evq *q, struct sim_io **out, int max,
                              sim_ns *at_ns)
{
    evq_settle(q);
    const struct evq_entry *e = q->e;
    sim_ns at = e[0].at_ns;
    *at_ns = at;
    /* a tie is among the root's children, the next earliest (the slots
       past the last entry hold EVQ_NONE) */
    bool tie = (e[1].at_ns == at) | (e[2].at_ns == at) | (e[3].at_ns == at) |
               (e[4].at_ns == at);
    if (!tie) {
        out[0] = e[0].io;
        q->root_free = true;        /* filled by the next push or call */
        return 1;
    }
    out[0] = evq_remove_top(q);
    return evq_settle_ties(q, out, max, at);
}

#endif
