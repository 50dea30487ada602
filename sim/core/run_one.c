/*
 * run_one.c - one run of a configuration: its result prepared (the
 * matrix, the pools, the plan of its levels), its points measured one
 * after the other on one set of parts, and its end (status, device time,
 * summary).  Called by the driver (run.c) and by run_tasks.c, which
 * measures a run's points as tasks between sim_run_prepare and
 * sim_run_finish; calls run_levels.c, run_point.c and run_summary.c.
 *
 * On one set of parts (sim_run_shared: real devices, credits carried, or
 * one run of a sweep by run) throttle schedules and the generator carry
 * from point to point; burst buckets start every point burst_credit_frac
 * full, or with burst_carry at the first point only, carrying as on one
 * instance over time.  A sweep repeats the run for each disk count on
 * fresh devices (fresh burst buckets).
 *
 * Open loop (cfg->open with a rate, engine.h): the run is one point, (0,
 * 0) in a one-point matrix, carried out at the offered rates with pools
 * of the outstanding bound for each class that has a rate
 * (sim_open_pools); no levels are extended.  Burst and sustained apply
 * to it as to any point (run_burst.c); its summary is that point's
 * (run_summary.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim/core/run_internal.h"

double sim_wall_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void sim_run_finish(struct sim_run_result *r, const struct sim_run_cfg *cfg, int status,
                    sim_ns device_ns)
{
    /* a point cut short by a stop request or a failure is not complete
       either, even when it was the last one */
    r->incomplete = status == 1 || r->n_points < r->matrix->n_points;
    r->device_ns = device_ns;
    sim_run_summarise(r, cfg);
}

/* ORION's points of w->r, then its levels (extended where x says), and
   its end.  sim_run's return convention. */
static int run_points(struct sim_run_walk *w, const struct sim_extension *x,
                      char *why, size_t why_len)
{
    int status = 0;
    int orion_points = w->r->matrix->n_points;
    for (int i = 0; i < orion_points && status == 0; i++)
        status = sim_walk_point(w, i, why, why_len);
    if (status == 0)
        status = sim_run_extend(w, x, why, why_len);
    if (status >= 0)
        sim_run_finish(w->r, w->meter->cfg, status, w->device_ns);
    return status;
}

void sim_run_own_cfg(const struct sim_run_cfg *cfg, struct sim_run_cfg *own)
{
    *own = *cfg;
    if (sim_run_db(cfg))
        own->levels = SIM_LEVELS_ORION;
    else if (sim_open_load_on(&cfg->open)) {
        own->levels = SIM_LEVELS_ORION;
        own->point.open = &own->open;
    }
}

/* The one point (0, 0) of an open-loop run or a database workload is
   one ORION's matrices never hold.  cfg may be the caller's or the run's
   own (sim_run_own_cfg): open is the caller's, point.open the own's. */
int sim_run_matrix(const struct sim_run_cfg *cfg, struct wl_matrix **out, char *why,
                   size_t why_len)
{
    if (!sim_open_load_on(&cfg->open) && !sim_run_db(cfg)) {
        struct wl_matrix_cfg mc = cfg->matrix;
        mc.num_disks = cfg->matrix_disks > 0 ? cfg->matrix_disks : cfg->disks;
        return wl_matrix_build(&mc, out, why, why_len);
    }
    struct wl_matrix *m = calloc(1, sizeof(*m));
    int rc = m ? wl_matrix_append(m, (struct wl_point){ 0, 0 }) : -ENOMEM;
    if (rc < 0) {
        wl_matrix_free(m);
        snprintf(why, why_len, "out of memory");
        return rc;
    }
    *out = m;
    return 0;
}

bool sim_run_extends_levels(const struct sim_run_cfg *cfg)
{
    struct wl_matrix *m = NULL;
    char why[128];
    int given[WL_CLASSES] = { cfg->matrix.num_small, cfg->matrix.num_large };
    bool on = false;
    if (cfg->levels != SIM_LEVELS_EXTEND || sim_run_db(cfg) ||
        sim_run_matrix(cfg, &m, why, sizeof why) != 0)
        return false;
    for (int c = 0; c < WL_CLASSES; c++)
        on |= sim_levels_extends(cfg->levels, sim_levels_axis_max(m, (enum wl_class)c),
                                 given[c]);
    wl_matrix_free(m);
    return on;
}

/* The pools of a run: the matrix's largest loads (and their extension),
   or an open load's bound. */
static int run_slots(const struct sim_run_cfg *cfg, const struct wl_matrix *m,
                     struct sim_extension *x, int slots[WL_CLASSES], char *why,
                     size_t why_len)
{
    if (cfg->point.open || sim_run_db(cfg)) {
        memset(x, 0, sizeof(*x));
        x->points_cap = m->n_points;
        slots[WL_SMALL] = slots[WL_LARGE] = 0;      /* the parts' own */
        if (cfg->point.open)
            sim_open_pools(cfg->point.open, &slots[WL_SMALL], &slots[WL_LARGE]);
        return 0;
    }
    sim_matrix_maxima(m, cfg->workload.large_type, cfg->point.stream_io,
                      &slots[WL_SMALL], &slots[WL_LARGE]);
    return sim_run_plan_extension(cfg, m, x, slots, why, why_len);
}

int sim_run_prepare(const struct sim_run_cfg *cfg, struct sim_run_result **out,
                    struct sim_extension *x, int slots[WL_CLASSES], char *why,
                    size_t why_len)
{
    struct sim_run_result *r = calloc(1, sizeof(*r));
    if (!r) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    r->disks = cfg->disks;
    int rc = sim_run_matrix(cfg, &r->matrix, why, why_len);
    if (rc == 0)
        rc = run_slots(cfg, r->matrix, x, slots, why, why_len);
    if (rc == 0) {
        r->points = calloc((size_t)x->points_cap, sizeof(*r->points));
        if (!r->points) {
            snprintf(why, why_len, "out of memory");
            rc = -ENOMEM;
        }
    }
    if (rc < 0) {
        sim_run_free(r);
        return rc;
    }
    *out = r;
    return 0;
}

int sim_run_shared(const struct sim_run_cfg *given,
                   const struct sim_run_progress *to,
                   struct sim_run_result **out, char *why, size_t why_len)
{
    struct sim_run_cfg cfg;
    sim_run_own_cfg(given, &cfg);
    double t0 = sim_wall_now_s();
    struct sim_run_result *r = NULL;
    struct sim_extension x;
    struct sim_parts rp = { 0 };
    struct sim_point_meter m = { .cfg = &cfg, .shared = &rp };
    int rc = sim_run_prepare(&cfg, &r, &x, m.slots, why, why_len);
    if (rc == 0)
        rc = sim_parts_open(&cfg, m.slots[WL_SMALL], m.slots[WL_LARGE], &rp, why,
                            why_len);
    /* every rank agrees, whatever failed here (a prepare too) */
    rc = sim_cluster_agree_open(&cfg, rc, why, why_len);
    struct sim_run_walk w = { .meter = &m, .r = r, .to = *to };
    if (rc == -ECANCELED && r) {
        /* a stop while the backend prepared its targets (--create's
           writing): the run stopped before its first point */
        sim_run_finish(r, &cfg, 1, 0);
        rc = 1;
    } else if (rc == 0) {
        rc = run_points(&w, &x, why, why_len);
    }
    sim_parts_close(&rp);
    if (rc < 0) {
        sim_run_free(r);
        return rc;
    }
    r->wall_s = sim_wall_now_s() - t0;
    *out = r;
    return rc;
}

uint64_t sim_run_disk_errors(const struct sim_run_result *r, int d)
{
    uint64_t e = 0;
    for (int i = 0; i < r->n_points; i++)
        if (r->points[i].disk && d < r->points[i].disks)
            e += r->points[i].disk[d].errors;
    return e;
}

void sim_run_free(struct sim_run_result *r)
{
    if (!r)
        return;
    if (r->points)
        for (int i = 0; i < r->n_points; i++)
            sim_point_result_free(&r->points[i]);
    free(r->points);
    wl_matrix_free(r->matrix);
    struct sim_fail_result *sc[2] = { r->fail, r->add };
    for (int k = 0; k < 2; k++) {
        if (sc[k])                  /* [SIM_PHASE_BEFORE] is r itself */
            for (int i = SIM_PHASE_BEFORE + 1; i < SIM_PHASES; i++)
                sim_run_free(sc[k]->run[i]);
        free(sc[k]);
    }
    free(r);
}

struct sim_run_cfg sim_sweep_run_cfg(const struct sim_run_cfg *cfg, int disks)
{
    struct sim_run_cfg one = *cfg;
    one.disks = disks;
    if (cfg->db.n_groups > 0) {     /* the first group is the one sized */
        one.db.groups[0].disks = disks;
        for (int g = 1; g < cfg->db.n_groups; g++)
            one.disks += cfg->db.groups[g].disks;
    }
    if (cfg->failgroup_map)
        one.layout.disk_failgroup =
            disks == cfg->failgroup_map_disks ? cfg->failgroup_map : NULL;
    return one;
}

