/*
 * event_queue.c - the event queue's memory; the queue itself is inline
 * in event_queue.h (it runs twice per physical I/O), and so is its design.
 */
#include "sim/model/event_queue.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int evq_init(struct evq *q, int cap)
{
    memset(q, 0, sizeof(*q));
    if (cap < 1)
        return -EINVAL;
    q->key = malloc(((size_t)cap + EVQ_ARITY) * sizeof(*q->key));
    q->io = calloc((size_t)cap, sizeof(*q->io));
    if (!q->key || !q->io) {
        evq_free(q);
        return -ENOMEM;
    }
    for (int i = 0; i < cap + EVQ_ARITY; i++)
        q->key[i] = EVQ_NONE;
    q->cap = cap;
    return 0;
}

void evq_free(struct evq *q)
{
    free(q->key);
    free(q->io);
    memset(q, 0, sizeof(*q));
}
