/*
 * advise_pool.c - a parallel loop: fn(arg, i) for every i in [0, n), on
 * `jobs` threads that take the next index from a shared counter.
 *
 * Which thread runs which index varies from run to run; the advisor does
 * not care, because every task writes only its own slot of an output
 * array and depends on nothing but its index.  With jobs <= 1 (or a
 * thread that cannot be created) the loop runs on the calling thread, so
 * the work is always done.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "sim/advise/advise_internal.h"

#define ADV_MAX_JOBS 256

struct pool {
    atomic_long next;
    long n;
    adv_task_fn fn;
    void *arg;
};

static void *worker(void *p)
{
    struct pool *pl = p;

    for (;;) {
        long i = atomic_fetch_add(&pl->next, 1);
        if (i >= pl->n)
            return NULL;
        pl->fn(pl->arg, i);
    }
}

int adv_parallel_for(long n, int jobs, adv_task_fn fn, void *arg)
{
    struct pool pl = { .n = n, .fn = fn, .arg = arg };
    pthread_t th[ADV_MAX_JOBS];
    int started = 0;

    atomic_init(&pl.next, 0);
    if (jobs > ADV_MAX_JOBS)
        jobs = ADV_MAX_JOBS;
    if (jobs > n)
        jobs = (int)n;
    for (int j = 1; j < jobs; j++) {
        if (pthread_create(&th[started], NULL, worker, &pl) != 0)
            break;
        started++;
    }
    worker(&pl);
    for (int j = 0; j < started; j++)
        pthread_join(th[j], NULL);
    return 0;
}
