/*
 * test_event_queue.c - the model's event queue (sim/model/event_queue.h):
 * earliest time first, equal times in push order (also when a pop takes
 * fewer than all of them), against a plain reference that keeps every
 * entry and scans for the next one.
 */
#include <errno.h>
#include <stdint.h>

#include "sim/model/event_queue.h"
#include "tests/check.h"
#include "workloads/rng.h"

#define REF_CAP 512

/* The reference: entries in push order; the next is the earliest time,
   the first pushed among equals. */
struct ref {
    sim_ns at[REF_CAP];
    struct sim_io *io[REF_CAP];
    int n;
};

static void ref_push(struct ref *r, sim_ns at, struct sim_io *io)
{
    r->at[r->n] = at;
    r->io[r->n++] = io;
}

static struct sim_io *ref_pop(struct ref *r, sim_ns *at)
{
    int best = 0;
    for (int i = 1; i < r->n; i++)
        if (r->at[i] < r->at[best])
            best = i;
    struct sim_io *io = r->io[best];
    *at = r->at[best];
    for (int i = best + 1; i < r->n; i++) {
        r->at[i - 1] = r->at[i];
        r->io[i - 1] = r->io[i];
    }
    r->n--;
    return io;
}

#define STEPS 20000

/* Random pushes and pops with many equal times (a coarse clock), as the
   model's closed loop makes them: every pop pushes a later entry.  An I/O
   is queued once at a time, as in the model (its done_ns is the queue's
   while it waits). */
static void queue_should_pop_in_time_then_push_order(int cap, sim_ns spread)
{
    static struct sim_io ios[STEPS];
    static struct ref ref;
    struct evq q;
    struct rng rng;
    CHECK_INT_EQ(evq_init(&q, cap), 0);
    rng_seed(&rng, (uint64_t)cap * 31 + (uint64_t)spread);
    ref.n = 0;
    sim_ns now = 0;
    int mismatches = 0;
    for (int step = 0; step < STEPS; step++) {
        bool push = !evq_full(&q) && (evq_empty(&q) || rng_below(&rng, 3) != 0);
        if (push) {
            struct sim_io *io = &ios[step];
            sim_ns at = now + (sim_ns)rng_below(&rng, (uint64_t)spread);
            evq_push(&q, at, io);
            ref_push(&ref, at, io);
            continue;
        }
        struct sim_io *got[REF_CAP];
        int max = 1 + (int)rng_below(&rng, 4);
        sim_ns top = evq_top_time(&q), at;
        int k = evq_pop_due(&q, got, max, &at);
        if (k < 1 || k > max || at != top)
            mismatches++;
        for (int i = 0; i < k; i++) {
            sim_ns want_at;
            struct sim_io *want = ref_pop(&ref, &want_at);
            if (got[i] != want || want_at != at)
                mismatches++;
        }
        /* everything of that time was taken, or max of it */
        if (k < max && !evq_empty(&q) && evq_top_time(&q) == at)
            mismatches++;
        now = at;
    }
    CHECK_INT_EQ(mismatches, 0);
    CHECK_INT_EQ(evq_count(&q), ref.n);
    while (!evq_empty(&q)) {
        sim_ns want_at, at;
        struct sim_io *want = ref_pop(&ref, &want_at), *got;
        CHECK_INT_EQ(evq_pop_due(&q, &got, 1, &at), 1);
        CHECK_INT_EQ(at, want_at);
        CHECK(got == want);
    }
    evq_free(&q);
}

static void queue_should_order_small_and_large_queues_with_ties(void)
{
    static const int caps[] = { 1, 2, 3, 4, 5, 17, 64, 130, REF_CAP };
    static const sim_ns spreads[] = { 1, 3, 1000000 };
    for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++)
        for (size_t s = 0; s < sizeof spreads / sizeof spreads[0]; s++)
            queue_should_pop_in_time_then_push_order(caps[c], spreads[s]);
}

static void equal_times_should_leave_in_push_order(void)
{
    static struct sim_io ios[8];
    struct evq q;
    CHECK_INT_EQ(evq_init(&q, 8), 0);
    struct sim_io *got[8];
    sim_ns at;
    for (int i = 0; i < 8; i++)
        evq_push(&q, i % 2 ? 7 : 5, &ios[i]);
    CHECK_INT_EQ(evq_pop_due(&q, got, 8, &at), 4);
    CHECK_INT_EQ(at, 5);
    for (int i = 0; i < 4; i++)
        CHECK(got[i] == &ios[2 * i]);
    /* a pop of fewer than all leaves the later ones first in line */
    CHECK_INT_EQ(evq_pop_due(&q, got, 3, &at), 3);
    CHECK_INT_EQ(at, 7);
    for (int i = 0; i < 3; i++)
        CHECK(got[i] == &ios[2 * i + 1]);
    CHECK_INT_EQ(evq_pop_due(&q, got, 3, &at), 1);
    CHECK(got[0] == &ios[7]);
    CHECK(evq_empty(&q));
    evq_free(&q);
}

static void queue_should_know_full_and_refuse_no_capacity(void)
{
    static struct sim_io io;
    struct evq q;
    CHECK_INT_EQ(evq_init(&q, 0), -EINVAL);
    evq_free(&q);
    CHECK_INT_EQ(evq_init(&q, 2), 0);
    CHECK(evq_empty(&q) && !evq_full(&q));
    evq_push(&q, SIM_NS_MAX, &io);
    evq_push(&q, 0, &io);
    CHECK(evq_full(&q));
    CHECK_INT_EQ(evq_top_time(&q), 0);
    struct sim_io *got;
    sim_ns at;
    CHECK_INT_EQ(evq_pop_due(&q, &got, 1, &at), 1);
    CHECK_INT_EQ(evq_top_time(&q), SIM_NS_MAX);
    CHECK_INT_EQ(evq_pop_due(&q, &got, 1, &at), 1);
    CHECK_INT_EQ(at, SIM_NS_MAX);
    CHECK(evq_empty(&q));
    evq_free(&q);
}

int main(void)
{
    RUN(queue_should_order_small_and_large_queues_with_ties);
    RUN(equal_times_should_leave_in_push_order);
    RUN(queue_should_know_full_and_refuse_no_capacity);
    return check_done();
}
