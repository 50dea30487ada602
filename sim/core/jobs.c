/*
 * jobs.c - a parallel loop: fn(arg, i) for every i in [0, n), on `jobs`
 * threads that take the next index from a shared counter.
 *
 * Which thread runs which index varies from run to run; callers do not
 * care, because every task writes only its own slot of an output array
 * and depends on nothing but its index.  With jobs <= 1 (or a thread that
 * cannot be created) the loop runs on the calling thread, so the work is
 * always done.
 */
#include "sim/core/jobs.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

struct pool {
    atomic_long next;
    long n;
    sim_task_fn fn;
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

void sim_parallel_for(long n, int jobs, sim_task_fn fn, void *arg)
{
    struct pool pl = { .n = n, .fn = fn, .arg = arg };
    pthread_t th[SIM_MAX_JOBS];
    int started = 0;

    atomic_init(&pl.next, 0);
    if (jobs > SIM_MAX_JOBS)
        jobs = SIM_MAX_JOBS;
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
}

int sim_usable_cpus(void)
{
    cpu_set_t set;

    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return CPU_COUNT(&set);
    return 1;
}
