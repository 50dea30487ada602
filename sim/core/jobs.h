/*
 * jobs.h - a parallel loop shared by the sweep (run_tasks.c) and the advisor
 * (sim/advise/): fn(arg, i) for every i in [0, n) on up to `jobs`
 * threads, and the default thread count (the CPUs this process may use).
 */
#ifndef ASMSIM_SIM_CORE_JOBS_H
#define ASMSIM_SIM_CORE_JOBS_H

#define SIM_MAX_JOBS 256

typedef void (*sim_task_fn)(void *arg, long i);

/* Run fn(arg, i) for i in [0, n) on min(jobs, n, SIM_MAX_JOBS) threads,
   the calling thread one of them; with jobs <= 1, or when no thread can
   be created, on the calling thread alone.  Every index is run exactly
   once; the order across threads is not fixed, so a task must write only
   its own output slot. */
void sim_parallel_for(long n, int jobs, sim_task_fn fn, void *arg);

/* The CPUs this process may run on (sched_getaffinity), at least 1. */
int sim_usable_cpus(void);

#endif
