/*
 * event_queue.h - the model's pending completions, earliest first.
 *
 * What it holds
 * -------------
 * One entry per physical I/O in flight: the virtual time it completes and
 * the I/O.  Entries leave in order of time, and entries of equal time in
 * the order they were pushed, so a run is the same on every machine.  The
 * order is fixed by one 128-bit key per entry, (time << 64) | seq, with
 * seq a counter that grows with every push: keys are unique, so the order
 * in which entries leave depends only on the keys, not on how the queue
 * stores them.  Any correct priority queue over these keys gives the same
 * run, byte for byte.
 *
 * How: a 4-ary heap, structure of arrays
 * --------------------------------------
 *
 *     key[]   0 | 1 2 3 4 | 5 6 7 8  9 .. 12 ...   children of i: 4i+1 .. 4i+4
 *     io[]    the I/O of key[i], moved with it
 *
 * The queue runs twice per physical I/O (a push at submission, a pop at
 * completion), with tens to a few hundred entries: it lives in L1, and
 * what it costs is branches that the processor cannot predict.  So:
 *
 *   - keys apart from their I/O pointers: choosing a child reads four keys
 *     (64 bytes), nothing else;
 *   - the smallest of four children by a tournament of three compares
 *     whose results are added or selected, not branched on;
 *   - a pop moves the hole left at the root down to a leaf, always
 *     following the smaller child, without asking at each level whether
 *     the last entry would fit there (a loop of known length, whose only
 *     hard branch is its end), then puts the last entry in the hole and
 *     lets it rise, which for an entry from the bottom of a heap is
 *     rarely more than a step (Floyd's bottom-up deletion);
 *   - the slots past the last entry, up to a full group of children, hold
 *     EVQ_NONE (a key after every real one), so a group is always four
 *     keys and needs no bounds test.
 *
 * Memory is fixed at evq_init: cap entries; a push into a full queue is
 * the caller's error (it checks evq_full first).
 */
#ifndef ASMSIM_SIM_EVENT_QUEUE_H
#define ASMSIM_SIM_EVENT_QUEUE_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/core/device.h"
#include "sim/core/simtime.h"

typedef unsigned __int128 evq_key;

#define EVQ_ARITY 4
#define EVQ_NONE (~(evq_key)0)      /* an empty slot: after every key */

struct evq {
    evq_key *key;               /* [cap + EVQ_ARITY], EVQ_NONE past n */
    struct sim_io **io;         /* [cap] */
    int n, cap;
    uint64_t seq;               /* pushes so far: the next tie-breaker */
};

/* 0, or -ENOMEM (the queue is then empty and evq_free may be called). */
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

static inline sim_ns evq_key_time(evq_key k)
{
    return (sim_ns)(uint64_t)(k >> 64);
}

/* The earliest completion time; the queue must not be empty. */
static inline sim_ns evq_top_time(const struct evq *q)
{
    return evq_key_time(q->key[0]);
}

/* Queue io to complete at at_ns (>= 0), after every entry of the same
   time already queued.  The queue must not be full. */
static inline void evq_push(struct evq *q, sim_ns at_ns, struct sim_io *io)
{
    evq_key k = ((evq_key)(uint64_t)at_ns << 64) | q->seq++;
    int i = q->n++;
    while (i > 0) {
        int parent = (i - 1) / EVQ_ARITY;
        if (!(k < q->key[parent]))
            break;
        q->key[i] = q->key[parent];
        q->io[i] = q->io[parent];
        i = parent;
    }
    q->key[i] = k;
    q->io[i] = io;
}

/* The smallest of the four keys from `first` on: a tournament whose
   compares become additions and a select. */
static inline int evq_min_child(const evq_key *key, int first)
{
    int a = first + (key[first + 1] < key[first]);
    int b = first + 2 + (key[first + 3] < key[first + 2]);
    int b_wins = key[b] < key[a];
    return a + ((b - a) & -b_wins);
}

/* Remove the earliest entry and return its I/O; the queue must not be
   empty. */
static inline struct sim_io *evq_pop(struct evq *q)
{
    struct sim_io *top = q->io[0];
    int n = --q->n;
    evq_key last = q->key[n];
    struct sim_io *last_io = q->io[n];
    q->key[n] = EVQ_NONE;
    if (n == 0)
        return top;
    int i = 0;
    for (int first = 1; first < n; first = EVQ_ARITY * i + 1) {
        int best = evq_min_child(q->key, first);
        q->key[i] = q->key[best];
        q->io[i] = q->io[best];
        i = best;
    }
    while (i > 0) {
        int parent = (i - 1) / EVQ_ARITY;
        if (!(last < q->key[parent]))
            break;
        q->key[i] = q->key[parent];
        q->io[i] = q->io[parent];
        i = parent;
    }
    q->key[i] = last;
    q->io[i] = last_io;
    return top;
}

#endif
