/*
 * run.c - the driver of runs and sweeps (run.h): which way a run's points
 * are carried out, and a sweep's runs one after the other.  The top layer
 * of a run (run_internal.h lists them): it calls run_tasks.c and
 * run_one.c, and nothing below calls back into it.
 *
 * Independent points (sim_points_independent: a virtual clock, burst
 * credits not carried).  Each point is measured on parts opened for it
 * alone: a fresh clock, idle throttles, the workload generator from its
 * seed, buckets burst_credit_frac full.  A point's figures then depend on
 * the point and the configuration only, as a DBA reading a matrix
 * expects, and the points can be measured in any order on any thread:
 * run_tasks.c does, on cfg->jobs threads, for a run as for a sweep (every
 * point of every disk count one task), with the serial order's results
 * and progress calls.
 *
 * Shared parts (real devices, or credits carried).  The points are
 * carried out in order on one set of parts (run_one.c).  A sweep is its
 * runs' configurations one after the other (sim_sweep_disks: one per disk
 * count), each on fresh devices; with cfg->jobs > 1 on a virtual clock
 * the runs go on that many threads (run_tasks.c, by run).  The wiring of layout, workload, devices and engine
 * (sim_parts_open, run_point.c) is the one the live session (session.c)
 * uses too, and so is the burst state a point starts from
 * (sim_burst_point_start, run_burst.c).
 */
#include "sim/core/run.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/core/run_internal.h"

void sim_run_cfg_defaults(struct sim_run_cfg *cfg)
{
    memset(cfg, 0, sizeof(*cfg));
    cfg->disks = 1;
    /* no disk size: the core knows no volume (the model's callers
       describe one: sim_setup_defaults) */
    lay_cfg_defaults(&cfg->layout, 1, cfg->disk_bytes);
    wl_cfg_defaults(&cfg->workload, cfg->disk_bytes);
    wl_matrix_cfg_defaults(&cfg->matrix, 1);
    cfg->point.duration_ns = 60 * SIM_NS_PER_S;
    cfg->point.ci_target = 0.01;
    cfg->point.warmup_ns = SIM_WARMUP_AUTO;
    cfg->point.stream_io = 4;
    cfg->backend = NULL;            /* the caller picks one: core knows none */
    cfg->burst_credit_frac = 1.0;
    cfg->burst_carry = false;
    cfg->seed = 1;
}

bool sim_points_independent(const struct sim_run_cfg *cfg)
{
    return dev_has(cfg->backend, DEV_CAP_VIRTUAL_CLOCK) && !cfg->disk_names &&
           !cfg->burst_carry;
}

bool sim_run_parallel(const struct sim_run_cfg *cfg)
{
    return cfg->jobs > 1 && sim_points_independent(cfg) && !cfg->point.live;
}

/* A run's failure phases and its disks added (rebalance.c) when its
   configuration has them and the run was whole; rc, or the phases'
   error (the run is freed then). */
static int fail_phases(const struct sim_run_cfg *cfg, int rc,
                       struct sim_run_result **r, char *why, size_t why_len)
{
    if (rc != 0 || (cfg->fail.n == 0 && cfg->fail.add_n == 0) || !*r || (*r)->failed)
        return rc;
    int frc = cfg->fail.n > 0 ? sim_fail_phases(cfg, *r, why, why_len) : 0;
    if (frc == 0 && cfg->fail.add_n > 0)
        frc = sim_add_phases(cfg, *r, why, why_len);
    if (frc < 0) {
        sim_run_free(*r);
        *r = NULL;
    }
    return frc;
}

int sim_run(const struct sim_run_cfg *cfg, sim_progress_fn progress, void *arg,
            struct sim_run_result **out, char *why, size_t why_len)
{
    int rc;
    if (!sim_points_independent(cfg)) {
        struct sim_run_progress to = { progress, arg, 0 };
        rc = sim_run_shared(cfg, &to, out, why, why_len);
        return fail_phases(cfg, rc, out, why, why_len);
    }
    /* a sweep's count is the first group's disks (sim_sweep_run_cfg) */
    int disks = cfg->db.n_groups > 0 ? cfg->db.groups[0].disks : cfg->disks;
    struct sim_run_cfg own = sim_sweep_run_cfg(cfg, disks);
    struct sim_sweep_spec one = { &own, 1, progress, arg };
    int n_runs = 0;
    rc = sim_run_tasks(&one, false, out, &n_runs, why, why_len);
    return fail_phases(cfg, rc, out, why, why_len);
}

static int sweep_serial(const struct sim_sweep_spec *spec,
                        struct sim_sweep_result *s, char *why, size_t why_len)
{
    for (int i = 0; i < spec->n_runs; i++) {
        struct sim_run_progress to = { spec->progress, spec->arg, i };
        int rc = sim_run_shared(&spec->runs[i], &to, &s->runs[s->n_runs], why,
                                why_len);
        if (rc < 0)
            return rc;
        s->n_runs++;
        if (rc == 1)
            return 1;
    }
    return 0;
}

bool sim_sweep_parallel(const struct sim_run_cfg *cfg)
{
    return cfg->jobs > 1 && dev_has(cfg->backend, DEV_CAP_VIRTUAL_CLOCK) &&
           !cfg->point.live;
}

/* The runs of a sweep are run one way: on runs[0]'s backend, threads,
   live view and credits. */
static bool runs_alike(const struct sim_sweep_spec *spec)
{
    const struct sim_run_cfg *a = &spec->runs[0];
    for (int i = 1; i < spec->n_runs; i++) {
        const struct sim_run_cfg *b = &spec->runs[i];
        if (b->backend != a->backend || b->jobs != a->jobs ||
            b->point.live != a->point.live || b->burst_carry != a->burst_carry ||
            (b->disk_names == NULL) != (a->disk_names == NULL))
            return false;
    }
    return true;
}

int sim_sweep(const struct sim_sweep_spec *spec, struct sim_sweep_result **out,
              char *why, size_t why_len)
{
    if (spec->n_runs < 1 || spec->n_runs > SIM_MAX_SWEEP) {
        snprintf(why, why_len, "a sweep takes 1 to %d runs", SIM_MAX_SWEEP);
        return -EINVAL;
    }
    if (!runs_alike(spec)) {
        snprintf(why, why_len, "a sweep's runs differ in how they are run "
                 "(backend, jobs, live view or carried credits)");
        return -EINVAL;
    }
    struct sim_sweep_result *s = calloc(1, sizeof(*s));
    if (!s) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    const struct sim_run_cfg *first = &spec->runs[0];
    bool by_point = sim_points_independent(first);
    int status = by_point || sim_sweep_parallel(first)
        ? sim_run_tasks(spec, !by_point, s->runs, &s->n_runs, why, why_len)
        : sweep_serial(spec, s, why, why_len);
    if (status < 0) {
        sim_sweep_free(s);
        return status;
    }
    s->incomplete = status == 1 || s->n_runs < spec->n_runs;
    for (int i = 0; i < s->n_runs && status == 0; i++)
        status = fail_phases(&spec->runs[i], status, &s->runs[i], why, why_len);
    if (status < 0) {
        s->n_runs = 0;              /* a NULL run, or freed ones: all go */
        for (int i = 0; i < spec->n_runs && i < SIM_MAX_SWEEP; i++)
            sim_run_free(s->runs[i]);
        free(s);
        return status;
    }
    *out = s;
    return status;
}

int sim_sweep_disks(const struct sim_disk_sweep *d, struct sim_sweep_result **out,
                    char *why, size_t why_len)
{
    int n_counts = d->n_counts;
    if (n_counts < 1 || n_counts > SIM_MAX_SWEEP) {
        snprintf(why, why_len, "a sweep takes 1 to %d disk counts", SIM_MAX_SWEEP);
        return -EINVAL;
    }
    struct sim_run_cfg *runs = calloc((size_t)n_counts, sizeof(*runs));
    if (!runs) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    for (int i = 0; i < n_counts; i++)
        runs[i] = sim_sweep_run_cfg(d->cfg, d->disk_counts[i]);
    struct sim_sweep_spec spec = { runs, n_counts, d->progress, d->arg };
    int rc = sim_sweep(&spec, out, why, why_len);
    free(runs);
    return rc;
}

void sim_sweep_free(struct sim_sweep_result *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->n_runs; i++)
        sim_run_free(s->runs[i]);
    free(s);
}
