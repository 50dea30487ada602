/*
 * model_speed.c - how many logical I/Os per second of wall time the model
 * backend simulates on one core, against the 20 million physical I/Os per
 * second the performance issue asks for.
 *
 * Each case runs one load point (fixed virtual duration) through the same
 * path as the CLI and divides the I/Os completed in the measured window by
 * the wall time of the whole run (warm-up and drain included, so the
 * figure is conservative).  Logical I/Os are what the database issues;
 * physical ones what the volumes see (a mirrored write is two).  Repeats
 * each case and prints the medians and the ratio of the physical rate,
 * the model's unit of work, to the target.  Beside the rates, each case
 * prints the point's own figures (large MB/s, small IOPS, mean latency of
 * each class): the model is deterministic, so they are the same in every
 * repeat and must not move when the model is made faster; a change to
 * them is a change to what the model computes.
 *
 *   usage: model_speed [repeats] [case]
 *   case: run only the cases whose name contains this text (profiling)
 *   MODEL_SPEED_CLOCK=cpu: divide by the CPU time the run took instead of
 *   its wall time: on a machine shared with other work, the rate of the
 *   core while it ran this, not the share of it the scheduler gave.
 *   MODEL_SPEED_SCALE=F: every case's virtual duration times F (0 < F <= 1),
 *   and each case's physical I/O count in the window on stderr: for an
 *   instruction count under valgrind, which a shared machine does not
 *   disturb (instructions per physical I/O = the count of
 *   sim_engine_run_point's instructions / that number; of the database
 *   workload's case, sim_engine_run_classes's).
 *
 * The last case is ORION's first as a database workload: the same 64
 * outstanding 8 KiB random reads on the same 8 gp3, as 8 classes of 8
 * each: what more classes cost the engine per I/O.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim/core/run.h"
#include "sim/model/dev_model.h"
#include "sim/model/setup.h"

#define TARGET_IOS_PER_S 20e6

struct bench_case {
    const char *name;
    const char *instance;
    const char *volume;
    int disks, small, large;
    enum lay_redundancy redundancy;
    int write_pct;
    double virtual_s;
    int classes;                    /* > 0: a database workload of this
                                       many classes of 8 KiB random I/O,
                                       small / classes outstanding each */
};

/* cfg's workload as c->classes plain classes sharing c->small. */
static void db_classes(const struct bench_case *c, struct sim_setup *cfg)
{
    cfg->run.workload.n_classes = c->classes;
    cfg->run.db.load.n = c->classes;
    for (int k = 0; k < c->classes; k++) {
        cfg->run.workload.classes[k] = (struct wl_class_cfg){
            .sizes = { 1, { 8192 }, { 1 } }, .write_pct = c->write_pct };
        snprintf(cfg->run.db.class_name[k], sizeof cfg->run.db.class_name[k],
                 "c%d", k);
        cfg->run.db.load.load[k] = c->small / c->classes;
        cfg->run.db.load.stream_io[k] = 1;
    }
}

static clockid_t bench_clock = CLOCK_MONOTONIC;
static double duration_scale = 1.0;     /* MODEL_SPEED_SCALE */

static double clock_s(void)
{
    struct timespec ts;
    clock_gettime(bench_clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One run of a case: its speed, and the point's figures. */
struct rates {
    double logical, physical;
    double large_mbps, small_iops, large_lat_us, small_lat_us;
};

static struct rates run_case(const struct bench_case *c)
{
    struct sim_setup cfg;
    char why[256];
    sim_setup_defaults(&cfg);
    if (prof_instance_find(c->instance, &cfg.instance, why, sizeof(why)) < 0 ||
        prof_volume_parse(c->volume, &cfg.volume, why, sizeof(why)) < 0) {
        fprintf(stderr, "model_speed: %s\n", why);
        exit(1);
    }
    cfg.run.disks = c->disks;
    cfg.run.layout.redundancy = c->redundancy;
    cfg.run.workload.write_pct = c->write_pct;
    cfg.run.matrix.run = WL_RUN_ADVANCED;
    cfg.run.matrix.matrix = WL_MATRIX_POINT;
    cfg.run.matrix.num_small = c->small;
    cfg.run.matrix.num_large = c->large;
    cfg.run.point.duration_ns = (sim_ns)(c->virtual_s * duration_scale * 1e9);
    if (c->classes > 0)
        db_classes(c, &cfg);
    struct sim_run_result *r = NULL;
    double t0 = clock_s();
    if (sim_run(sim_setup_run(&cfg), NULL, NULL, &r, why, sizeof(why)) != 0) {
        fprintf(stderr, "model_speed: %s\n", why);
        exit(1);
    }
    double elapsed = clock_s() - t0;
    const struct sim_point_result *p = &r->points[0];
    struct rates out = {
        .logical = (double)sim_point_logical_ios(p) / elapsed,
        .physical = p->phys_iops * p->measured_s / elapsed,
        .large_mbps = c->classes ? 0 : p->cls[WL_LARGE].mbps,
        .small_iops = c->classes ? (double)sim_point_logical_ios(p) / p->measured_s
                                 : p->cls[WL_SMALL].iops,
        .large_lat_us = p->cls[WL_LARGE].lat.avg_us,
        .small_lat_us = p->cls[WL_SMALL].lat.avg_us,
    };
    if (duration_scale != 1.0)
        fprintf(stderr, "%s: %.0f physical I/Os in the window\n", c->name,
                p->phys_iops * p->measured_s);
    sim_run_free(r);
    return out;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(double), cmp_double);
    return v[n / 2];
}

static void print_header(void)
{
    printf("%-46s %14s %14s %7s %10s %9s %12s %12s\n", "case", "logical I/O/s",
           "physical I/O/s", "ratio", "large MB/s", "small IOPS", "large lat us",
           "small lat us");
}

/* Runs case c `repeats` times and prints its medians; returns the median
   physical rate. */
static double bench_one(const struct bench_case *c, int repeats)
{
    double lv[50], pv[50];
    struct rates r = { 0 };
    for (int k = 0; k < repeats; k++) {
        r = run_case(c);
        lv[k] = r.logical;
        pv[k] = r.physical;
    }
    double lmed = median(lv, repeats), pmed = median(pv, repeats);
    printf("%-46s %14.0f %14.0f %6.2fx %10.2f %9.0f %12.3f %12.3f\n", c->name, lmed,
           pmed, pmed / TARGET_IOS_PER_S, r.large_mbps, r.small_iops, r.large_lat_us,
           r.small_lat_us);
    return pmed;
}

int main(int argc, char **argv)
{
    int repeats = argc > 1 ? atoi(argv[1]) : 3;
    if (repeats < 1 || repeats > 50)
        repeats = 3;
    const char *only = argc > 2 ? argv[2] : NULL;
    const char *clock_name = getenv("MODEL_SPEED_CLOCK");
    if (clock_name && strcmp(clock_name, "cpu") == 0)
        bench_clock = CLOCK_PROCESS_CPUTIME_ID;
    const char *scale = getenv("MODEL_SPEED_SCALE");
    if (scale && atof(scale) > 0 && atof(scale) <= 1)
        duration_scale = atof(scale);
    const struct bench_case cases[] = {
        { "small random read, 8 gp3, 64 outstanding", "none",
          "gp3:size=500GiB,iops=16000,throughput=1000MiB/s", 8, 64, 0, LAY_EXTERNAL, 0, 100, 0 },
        { "small random write, 8 gp3 normal redundancy", "none",
          "gp3:size=500GiB,iops=16000,throughput=1000MiB/s", 8, 64, 0, LAY_NORMAL, 100, 100, 0 },
        { "large 128K write, 16 gp3 on r5b.24xlarge", "r5b.24xlarge",
          "gp3:size=125GiB,iops=4000,throughput=1000MiB/s", 16, 0, 32, LAY_EXTERNAL, 100, 100, 0 },
        { "mixed, 4 io2 on m5.large (instance-bound)", "m5.large",
          "io2:size=100GiB,iops=7000", 4, 20, 8, LAY_EXTERNAL, 30, 200, 0 },
        { "8 classes of small random read, 8 gp3, 8 outstanding each", "none",
          "gp3:size=500GiB,iops=16000,throughput=1000MiB/s", 8, 64, 0, LAY_EXTERNAL, 0,
          100, 8 },
    };
    print_header();
    double worst = 1e30;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        if (only && !strstr(cases[i].name, only))
            continue;
        double pmed = bench_one(&cases[i], repeats);
        if (pmed < worst)
            worst = pmed;
    }
    if (worst == 1e30) {
        fprintf(stderr, "model_speed: no case matches '%s'\n", only);
        return 2;
    }
    printf("slowest case: %.2fx the target of %.0f million physical I/Os per second"
           " (median of %d, %s time)\n", worst / TARGET_IOS_PER_S, TARGET_IOS_PER_S / 1e6,
           repeats, bench_clock == CLOCK_MONOTONIC ? "wall" : "CPU");
    return 0;
}
