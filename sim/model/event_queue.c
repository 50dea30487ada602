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
    q->at = malloc(((size_t)cap + EVQ_ARITY) * sizeof(*q->at));
    q->io = calloc((size_t)cap, sizeof(*q->io));
    q->seq = calloc((size_t)cap, sizeof(*q->seq));
    q->tie_io = calloc((size_t)cap, sizeof(*q->tie_io));
    q->tie_seq = calloc((size_t)cap, sizeof(*q->tie_seq));
    if (!q->at || !q->io || !q->seq || !q->tie_io || !q->tie_seq) {
        evq_free(q);
        return -ENOMEM;
    }
    for (int i = 0; i < cap + EVQ_ARITY; i++)
        q->at[i] = EVQ_NONE;
    q->cap = cap;
    return 0;
}

void evq_free(struct evq *q)
{
    free(q->at);
    free(q->io);
    free(q->seq);
    free(q->tie_io);
    free(q->tie_seq);
    memset(q, 0, sizeof(*q));
}

/* Sort the n entries of out/seqs by seq (insertion: n is a handful). */
static void sort_by_seq(struct sim_io **out, uint64_t *seqs, int n)
{
    for (int i = 1; i < n; i++) {
        struct sim_io *io = out[i];
        uint64_t s = seqs[i];
        int j = i;
        for (; j > 0 && seqs[j - 1] > s; j--) {
            out[j] = out[j - 1];
            seqs[j] = seqs[j - 1];
        }
        out[j] = io;
        seqs[j] = s;
    }
}

/* Takes every other entry of time at_ns (the heap gives them in any
   order) into the queue's scratch, sorts all of them by seq, hands the
   first max to out and puts the rest back with their own seq, so they
   still come first. */
int evq_settle_ties(struct evq *q, struct sim_io **out, uint64_t *first_seq, int n,
                    int max, sim_ns at_ns)
{
    struct sim_io **ios = q->tie_io;
    uint64_t *seqs = q->tie_seq;
    for (int i = 0; i < n; i++) {
        ios[i] = out[i];
        seqs[i] = first_seq[i];
    }
    while (!evq_empty(q) && q->at[0] == at_ns) {
        evq_remove_top(q, &ios[n], &seqs[n]);
        n++;
    }
    sort_by_seq(ios, seqs, n);
    int take = n < max ? n : max;
    for (int i = 0; i < take; i++)
        out[i] = ios[i];
    for (int i = take; i < n; i++)
        evq_insert(q, at_ns, ios[i], seqs[i]);
    return take;
}
