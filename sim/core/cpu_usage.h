/*
 * cpu_usage.h - honest measurement: what a load point cost in CPU.
 *
 * The engine samples at the start and the end of the measured window:
 * asmsim's own user and system time (getrusage) and the whole machine's
 * CPU time by state (/proc/stat, irq and softirq included, where the
 * completion work of a fast device is done).  From the two samples it
 * derives CPU per I/O and how busy the generator was: a single worker
 * that is busy 90 % of the wall time or more was the bottleneck, not the
 * devices.  See cpu_usage.c.
 */
#ifndef ASMSIM_SIM_CPU_USAGE_H
#define ASMSIM_SIM_CPU_USAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/core/simtime.h"
#include "sim/core/stats.h"

/* A worker busier than this share of one core was the bottleneck. */
#define SIM_GENERATOR_BOUND_FRAC 0.90

enum { SIM_CPU_STATES = 8 };    /* user nice system idle iowait irq softirq steal */

struct sim_cpu_sample {
    sim_ns wall_ns;                         /* CLOCK_MONOTONIC */
    uint64_t self_user_ns, self_sys_ns;     /* this process */
    uint64_t engine_ns;                     /* the calling (engine) thread,
                                               user + system */
    uint64_t machine_ticks[SIM_CPU_STATES]; /* all CPUs, USER_HZ ticks */
    bool machine_ok;                        /* /proc/stat was readable */
};

/* Take a sample now.  No allocation; reads /proc/stat into a stack buffer. */
void sim_cpu_sample_now(struct sim_cpu_sample *s);

/* Fill r's CPU fields (cpu_*_per_io over r's logical I/Os, cpu_cores,
   machine_*_pct) from the window between samples a and b. */
void sim_cpu_fill(struct sim_point_result *r, const struct sim_cpu_sample *a,
                  const struct sim_cpu_sample *b);

/* True when the point was limited by asmsim itself: a backend whose I/O
   the host's CPU carries out (DEV_CAP_HOST_CPU) and the engine's thread, which
   generates, maps and joins every I/O, at least SIM_GENERATOR_BOUND_FRAC
   busy.  (I/O worker threads only move I/O; they are counted in cpu_cores
   and the per-I/O figures.) */
bool sim_cpu_generator_bound(const struct sim_point_result *r,
                             const struct dev_ops *backend);

#endif
