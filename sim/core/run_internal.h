/*
 * run_internal.h - the parts of a run that run.c (one run, point after
 * point) and run_tasks.c (the points or runs of a run or sweep on
 * several threads) share.  Not for other modules: they use run.h.
 *
 * A run measures its points through a point meter: either on one set of
 * parts that carries its state (clock, throttles, workload generator,
 * burst buckets) from point to point, or, where nothing is meant to carry
 * (sim_points_independent), each point on parts opened for it alone, so
 * that its figures are a function of the point and the configuration and
 * the points can be measured in any order, on any thread.
 */
#ifndef ASMSIM_SIM_CORE_RUN_INTERNAL_H
#define ASMSIM_SIM_CORE_RUN_INTERNAL_H

#include "sim/core/run.h"

/* What extending a run's levels may do, per class (enum wl_class). */
struct sim_extension {
    bool on[WL_CLASSES];            /* the class's levels are extended */
    int orion_max[WL_CLASSES];      /* ORION's last level on its axis */
    int ceiling[WL_CLASSES];        /* the highest level it may reach */
    int points_cap;                 /* room in the run's points array */
};

/* How a run measures its points (see the top). */
struct sim_point_meter {
    const struct sim_run_cfg *cfg;
    struct sim_parts *shared;       /* every point on these; NULL: each
                                       point on parts of its own */
    int slots[WL_CLASSES];          /* the pools the parts are opened with */
};

/* A run's result before its points: matrix, pools, extension plan and a
   points array of x->points_cap.  cfg is the run's own (sim_run_own_cfg).
   0, or -errno with why (nothing left allocated). */
int sim_run_prepare(const struct sim_run_cfg *cfg, struct sim_run_result **out,
                    struct sim_extension *x, int slots[WL_CLASSES], char *why,
                    size_t why_len);

/* The configuration a run of cfg really runs: an open-loop run's (one
   point at its rates, no extended levels) or cfg itself, copied to *own. */
void sim_run_own_cfg(const struct sim_run_cfg *cfg, struct sim_run_cfg *own);

/* Measure point `at` into *pr (and its sustained figures, burst.h);
   *device_ns gets the device time it took (the second measure on empty
   buckets not counted).  0, 1 (stopped), or -errno with why. */
int sim_meter_point(const struct sim_point_meter *m, struct wl_point at,
                    struct sim_point_result *pr, sim_ns *device_ns, char *why,
                    size_t why_len);

/* After ORION's points of r (r->n_points of them): the levels of each
   class, extended where x says (large first, then small), each new point
   measured through m and reported to progress.  *device_ns grows by their
   device time.  0, 1 (stopped) or -errno with why. */
int sim_run_extend(const struct sim_point_meter *m, struct sim_run_result *r,
                   int run_index, const struct sim_extension *x,
                   sim_ns *device_ns, sim_progress_fn progress, void *arg,
                   char *why, size_t why_len);

/* A run's last step: incomplete (status 1, or points missing), device
   time and summary. */
void sim_run_finish(struct sim_run_result *r, const struct sim_run_cfg *cfg, int status,
                    sim_ns device_ns);

/* The whole run of cfg (a sweep's disk count run_index) on one set of
   parts, point after point; sim_run's return convention. */
int sim_run_shared(const struct sim_run_cfg *cfg, int run_index,
                   sim_progress_fn progress, void *arg,
                   struct sim_run_result **out, char *why, size_t why_len);

/* The runs of disk_counts on cfg->jobs threads (1 with a live view):
   every point a task of its own when the points are independent, else
   every run one task on its parts (by_run).  Results and progress calls
   are the serial order's.  A run whose first point never started (a stop
   request came first; the first run's always starts) is dropped.  runs[]
   gets *n_runs results; same return convention as sim_sweep. */
int sim_run_tasks(const struct sim_run_cfg *cfg, const int *disk_counts,
                  int n_counts, bool by_run, sim_progress_fn progress,
                  void *arg,
                  struct sim_run_result **runs, int *n_runs, char *why,
                  size_t why_len);

/* cfg for one disk count of a sweep. */
struct sim_run_cfg sim_sweep_run_cfg(const struct sim_run_cfg *cfg, int disks);

double sim_wall_now_s(void);

#endif
