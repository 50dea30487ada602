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
    q->e = malloc(((size_t)cap + EVQ_ARITY) * sizeof(*q->e));
    q->tie_io = calloc((size_t)cap, sizeof(*q->tie_io));
    if (!q->e || !q->tie_io) {
        evq_free(q);
        return -ENOMEM;
    }
    for (int i = 0; i < cap + EVQ_ARITY; i++)
        q->e[i] = (struct evq_entry){ EVQ_NONE, NULL };
    q->cap = cap;
    return 0;
}

void evq_free(struct evq *q)
{
    free(q->e);
    free(q->tie_io);
    memset(q, 0, sizeof(*q));
}

/* Sort the n I/Os by their seq (insertion: n is a handful). */
static void sort_by_seq(struct sim_io **ios, int n)
{
    for (int i = 1; i < n; i++) {
        struct sim_io *io = ios[i];
        int j = i;
        for (; j > 0 && ios[j - 1]->done_ns > io->done_ns; j--)
            ios[j] = ios[j - 1];
        ios[j] = io;
    }
}

/* Takes every other entry of time at_ns (the heap gives them in any
   order) into the queue's scratch, sorts all of them by seq, hands the
   first max to out and puts the rest back with their own seq, so they
   still come first. */
int evq_settle_ties(struct evq *q, struct sim_io **out, int max, sim_ns at_ns)
{
    struct sim_io **ios = q->tie_io;
    int n = 1;
    ios[0] = out[0];
    while (!evq_empty(q) && q->e[0].at_ns == at_ns)
        ios[n++] = evq_remove_top(q);
    sort_by_seq(ios, n);
    int take = n < max ? n : max;
    for (int i = 0; i < take; i++)
        out[i] = ios[i];
    for (int i = take; i < n; i++)
        evq_insert(q, (struct evq_entry){ at_ns, ios[i] });
    return take;
}
