/*
 * model_speed.c - how many logical I/Os per second of wall time the model
 * backend simulates on one core, against the 10 million the core issue
 * asks for.
 *
 * Each case runs one load point (fixed virtual duration) through the same
 * path as the CLI and divides the I/Os completed in the measured window by
 * the wall time of the whole run (warm-up and drain included, so the
 * figure is conservative).  Logical I/Os are what the database issues;
 * physical ones what the volumes see (a mirrored write is two).  Repeats
 * each case and prints the medians and the ratio of the physical rate,
 * the model's unit of work, to the target.
 *
 *   usage: model_speed [repeats]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sim/core/run.h"
#include "sim/model/dev_model.h"

#define TARGET_IOS_PER_S 10e6

struct bench_case {
    const char *name;
    const char *instance;
    const char *volume;
    int disks, small, large;
    enum lay_redundancy redundancy;
    int write_pct;
    double virtual_s;
};

static double wall_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

struct rates {
    double logical, physical;
};

static struct rates run_case(const struct bench_case *c)
{
    struct sim_run_cfg cfg;
    char why[256];
    dev_model_run_defaults(&cfg);
    if (prof_instance_find(c->instance, &cfg.instance, why, sizeof(why)) < 0 ||
        prof_volume_parse(c->volume, &cfg.volume, why, sizeof(why)) < 0) {
        fprintf(stderr, "model_speed: %s\n", why);
        exit(1);
    }
    cfg.disks = c->disks;
    cfg.layout.redundancy = c->redundancy;
    cfg.workload.write_pct = c->write_pct;
    cfg.matrix.run = WL_RUN_ADVANCED;
    cfg.matrix.matrix = WL_MATRIX_POINT;
    cfg.matrix.num_small = c->small;
    cfg.matrix.num_large = c->large;
    cfg.point.duration_ns = (sim_ns)(c->virtual_s * 1e9);
    struct sim_run_result *r = NULL;
    double t0 = wall_s();
    if (sim_run(&cfg, NULL, NULL, &r, why, sizeof(why)) != 0) {
        fprintf(stderr, "model_speed: %s\n", why);
        exit(1);
    }
    double elapsed = wall_s() - t0;
    const struct sim_point_result *p = &r->points[0];
    struct rates out = {
        .logical = (double)sim_point_logical_ios(p) / elapsed,
        .physical = p->phys_iops * p->measured_s / elapsed,
    };
    sim_run_free(r);
    return out;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(double), cmp_double);
    return v[n / 2];
}

int main(int argc, char **argv)
{
    int repeats = argc > 1 ? atoi(argv[1]) : 3;
    if (repeats < 1 || repeats > 50)
        repeats = 3;
    const struct bench_case cases[] = {
        { "small random read, 8 gp3, 64 outstanding", "none",
          "gp3:size=500GiB,iops=16000,throughput=1000MiB/s", 8, 64, 0, LAY_EXTERNAL, 0, 100 },
        { "small random write, 8 gp3 normal redundancy", "none",
          "gp3:size=500GiB,iops=16000,throughput=1000MiB/s", 8, 64, 0, LAY_NORMAL, 100, 100 },
        { "large 128K write, 16 gp3 on r5b.24xlarge", "r5b.24xlarge",
          "gp3:size=125GiB,iops=4000,throughput=1000MiB/s", 16, 0, 32, LAY_EXTERNAL, 100, 100 },
        { "mixed, 4 io2 on m5.large (instance-bound)", "m5.large",
          "io2:size=100GiB,iops=7000", 4, 20, 8, LAY_EXTERNAL, 30, 200 },
    };
    printf("%-46s %14s %14s %8s\n", "case", "logical I/O/s", "physical I/O/s", "ratio");
    double worst = 1e30;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        double lv[50], pv[50];
        for (int k = 0; k < repeats; k++) {
            struct rates r = run_case(&cases[i]);
            lv[k] = r.logical;
            pv[k] = r.physical;
        }
        double lmed = median(lv, repeats), pmed = median(pv, repeats);
        if (pmed < worst)
            worst = pmed;
        printf("%-46s %14.0f %14.0f %7.2fx\n", cases[i].name, lmed, pmed,
               pmed / TARGET_IOS_PER_S);
    }
    printf("slowest case: %.2fx the target of %.0f million physical I/Os per second"
           " (median of %d)\n", worst / TARGET_IOS_PER_S, TARGET_IOS_PER_S / 1e6, repeats);
    return 0;
}
