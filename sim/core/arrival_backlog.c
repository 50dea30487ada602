/*
 * arrival_backlog.c - an arrival stream drawn once for its two sides; the
 * design is in arrival_backlog.h.
 */
#include "sim/core/arrival_backlog.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int sim_backlog_init(struct sim_backlog *b, uint32_t cap)
{
    memset(b, 0, sizeof(*b));
    if (cap < 1)
        return -EINVAL;
    b->ring_ns = calloc(cap, sizeof(*b->ring_ns));
    if (!b->ring_ns)
        return -ENOMEM;
    b->cap = cap;
    return 0;
}

void sim_backlog_free(struct sim_backlog *b)
{
    free(b->ring_ns);
    memset(b, 0, sizeof(*b));
}

void sim_backlog_start(struct sim_backlog *b, enum wl_arrival_kind kind,
                       double rate_per_s, uint64_t seed, int64_t start_ns)
{
    wl_arrivals_start(&b->seen, kind, rate_per_s, seed, start_ns);
    b->seen_next_ns = wl_arrivals_peek_ns(&b->seen);
    b->apart = false;
    b->head = b->count = 0;
    b->issued = 0;
}

/* The issue side goes its own way from here: a copy of the stream at the
   arrival it will take next after the ring's. */
static void split_off(struct sim_backlog *b)
{
    b->behind = b->seen;
    b->behind_next_ns = b->seen_next_ns;
    b->apart = true;
}

void sim_backlog_count(struct sim_backlog *b)
{
    if (!b->apart) {
        if (b->count < b->cap) {
            uint32_t tail = b->head + b->count;
            b->ring_ns[tail < b->cap ? tail : tail - b->cap] = b->seen_next_ns;
            b->count++;
        } else {
            split_off(b);           /* the ring is full: the rest is drawn again */
        }
    }
    wl_arrivals_take(&b->seen);
    b->seen_next_ns = wl_arrivals_peek_ns(&b->seen);
    /* an issue side that ran ahead, caught up with */
    if (b->apart && b->count == 0 && b->behind.taken == b->seen.taken)
        b->apart = false;
}

void sim_backlog_issue(struct sim_backlog *b)
{
    b->issued++;
    if (b->count > 0) {
        b->head = b->head + 1 < b->cap ? b->head + 1 : 0;
        b->count--;
        return;
    }
    if (!b->apart)
        split_off(b);               /* ahead of the count */
    wl_arrivals_take(&b->behind);
    b->behind_next_ns = wl_arrivals_peek_ns(&b->behind);
    if (b->behind.taken == b->seen.taken)
        b->apart = false;           /* caught up: the ring again */
}
