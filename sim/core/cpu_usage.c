/*
 * cpu_usage.c - CPU per I/O for asmsim and for the machine.
 *
 * asmsim: getrusage(RUSAGE_SELF) user and system time, whole process, the
 * I/O worker threads included, which is what "asmsim's CPU" means.
 * Divided by the logical I/Os completed in the window it gives the CPU one
 * I/O costs; divided by the window's wall time it gives the cores asmsim
 * kept busy (cpu_cores).  The engine's own thread is also sampled
 * (RUSAGE_THREAD): it generates, maps and joins every I/O, so when it is
 * close to fully busy the generator, not the devices, set the pace.
 *
 * Machine: the "cpu" line of /proc/stat, ticks per state summed over all
 * CPUs.  Busy = everything but idle and iowait, over the total; irq and
 * softirq are reported on their own because that is where a fast device's
 * completion work goes and where a benchmark can hide its cost.
 *
 * The samples are taken twice per point, never per I/O.
 */
#include "sim/core/cpu_usage.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static uint64_t tv_ns(struct timeval tv)
{
    return (uint64_t)tv.tv_sec * 1000000000ull + (uint64_t)tv.tv_usec * 1000ull;
}

static bool read_machine(uint64_t ticks[SIM_CPU_STATES])
{
    char buf[512];
    int fd = open("/proc/stat", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 4)
        return false;
    buf[n] = '\0';
    if (strncmp(buf, "cpu ", 4) != 0)
        return false;
    char *p = buf + 4;
    for (int i = 0; i < SIM_CPU_STATES; i++) {
        char *end;
        ticks[i] = strtoull(p, &end, 10);
        if (end == p)
            return false;
        p = end;
    }
    return true;
}

void sim_cpu_sample_now(struct sim_cpu_sample *s)
{
    struct timespec ts;
    struct rusage ru;

    memset(s, 0, sizeof(*s));
    clock_gettime(CLOCK_MONOTONIC, &ts);
    s->wall_ns = (sim_ns)ts.tv_sec * SIM_NS_PER_S + ts.tv_nsec;
    if (getrusage(RUSAGE_SELF, &ru) == 0) {
        s->self_user_ns = tv_ns(ru.ru_utime);
        s->self_sys_ns = tv_ns(ru.ru_stime);
    }
    if (getrusage(RUSAGE_THREAD, &ru) == 0)
        s->engine_ns = tv_ns(ru.ru_utime) + tv_ns(ru.ru_stime);
    s->machine_ok = read_machine(s->machine_ticks);
}

void sim_cpu_fill(struct sim_point_result *r, const struct sim_cpu_sample *a,
                  const struct sim_cpu_sample *b)
{
    uint64_t ios = sim_point_logical_ios(r);
    double user_ns = (double)(b->self_user_ns - a->self_user_ns);
    double sys_ns = (double)(b->self_sys_ns - a->self_sys_ns);
    double wall_ns = (double)(b->wall_ns - a->wall_ns);

    r->cpu_user_us_per_io = ios ? user_ns / 1e3 / (double)ios : 0;
    r->cpu_sys_us_per_io = ios ? sys_ns / 1e3 / (double)ios : 0;
    r->cpu_cores = wall_ns > 0 ? (user_ns + sys_ns) / wall_ns : 0;
    r->engine_busy_frac = wall_ns > 0 ? (double)(b->engine_ns - a->engine_ns) / wall_ns : 0;
    r->machine_busy_pct = r->machine_irq_pct = 0;
    if (a->machine_ok && b->machine_ok) {
        double d[SIM_CPU_STATES], total = 0;
        for (int i = 0; i < SIM_CPU_STATES; i++) {
            d[i] = (double)(b->machine_ticks[i] - a->machine_ticks[i]);
            total += d[i];
        }
        if (total > 0) {
            r->machine_busy_pct = 100.0 * (total - d[3] - d[4]) / total;
            r->machine_irq_pct = 100.0 * (d[5] + d[6]) / total;
        }
    }
}

bool sim_cpu_generator_bound(const struct sim_point_result *r,
                             const struct dev_ops *backend)
{
    return dev_has(backend, DEV_CAP_HOST_CPU) &&
           r->engine_busy_frac >= SIM_GENERATOR_BOUND_FRAC;
}
