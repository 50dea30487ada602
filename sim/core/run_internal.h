/*
 * run_internal.h - what the files of a run share.  Not for other
 * modules: they use run.h.
 *
 * A run is cut into layers.  A file calls only the files below it, never
 * one above (tests/core_shape_test.sh fails on a call back up, and on a
 * function of more than 6 parameters):
 *
 *   run.c          the driver: sim_run and sim_sweep, which pick how the
 *                  points are carried out (one set of parts, or tasks)
 *   rebalance.c    a run's failure phases (rebalance.h), each a run of
 *                  its own through run_one.c
 *   run_tasks.c    the points (or runs) of a run or sweep as tasks on
 *                  several threads, in the serial order
 *   run_one.c      one run: its result prepared (matrix, pools), its
 *                  points measured one after the other on one set of
 *                  parts, finished (status, device time, summary)
 *   run_levels.c   level extension (SIM_LEVELS_EXTEND): how far each class
 *                  may go, and the further points along its axis
 *   run_point.c    one point measured (the meter)
 *   run_parts.c    the parts a point runs on (layout or one per disk
 *                  group, workload, devices, engine)
 *   run_burst.c    a point's burst facts and its sustained figures (the
 *                  point again on empty buckets)
 *   run_summary.c  a run's summary: ORION's maxima, the Minimum Small
 *                  Latency, and the burst and sustained figure of each
 *   run_cluster.c  a point measured by the ranks of a cluster (mpirun):
 *                  the status agreed, a barrier before, the figures
 *                  merged after (run_cluster_timeline.c: its timeline's)
 *
 * run_parts.c, run_burst.c, run_summary.c and run_cluster.c call no other
 * file of the run.
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

/* Where a run reports its points: fn(arg, run_index, ...) after each. */
struct sim_run_progress {
    sim_progress_fn fn;             /* NULL: nowhere */
    void *arg;
    int run_index;                  /* the run's place in its sweep */
};

/* A run whose points are being measured: through which meter, into
   which result, reported where, and the device time its points took so
   far (the second measure on empty buckets not counted). */
struct sim_run_walk {
    const struct sim_point_meter *meter;
    struct sim_run_result *r;
    struct sim_run_progress to;
    sim_ns device_ns;
};

/* ---- rebalance.c --------------------------------------------------------- */

/* After r, the run of cfg (the BEFORE phase), when cfg->fail.n > 0: the
   later phases measured and their figures in r->fail.  0 (the outcome
   may still be data lost, no room), or -errno with why. */
int sim_fail_phases(const struct sim_run_cfg *cfg, struct sim_run_result *r,
                    char *why, size_t why_len);
/* After r, when cfg->fail.add_n > 0: the disks added (rebalance.h), the
   phases' figures in r->add.  0, or -errno with why. */
int sim_add_phases(const struct sim_run_cfg *cfg, struct sim_run_result *r,
                   char *why, size_t why_len);

/* ---- run_one.c ----------------------------------------------------------- */

/* A run's result before its points: matrix, pools, extension plan and a
   points array of x->points_cap.  cfg is the run's own (sim_run_own_cfg).
   0, or -errno with why (nothing left allocated). */
int sim_run_prepare(const struct sim_run_cfg *cfg, struct sim_run_result **out,
                    struct sim_extension *x, int slots[WL_CLASSES], char *why,
                    size_t why_len);

/* The configuration a run of cfg really runs: an open-loop run's (one
   point at its rates, no extended levels) or cfg itself, copied to *own. */
void sim_run_own_cfg(const struct sim_run_cfg *cfg, struct sim_run_cfg *own);

/* A run's last step: incomplete (status 1, or points missing), device
   time and summary. */
void sim_run_finish(struct sim_run_result *r, const struct sim_run_cfg *cfg, int status,
                    sim_ns device_ns);

/* The whole run of cfg on one set of parts, point after point, reported
   to *to; sim_run's return convention. */
int sim_run_shared(const struct sim_run_cfg *cfg,
                   const struct sim_run_progress *to,
                   struct sim_run_result **out, char *why, size_t why_len);

double sim_wall_now_s(void);

/* ---- run_tasks.c --------------------------------------------------------- */

/* The runs of spec on runs[0].jobs threads
   (1 with a live view): every point a task of its own when the points are
   independent, else every run one task on its parts (by_run).  Results
   and progress calls are the serial order's.  A run whose first point
   never started (a stop request came first; the first run's always
   starts) is dropped.  runs[] gets *n_runs results; same return
   convention as sim_sweep. */
int sim_run_tasks(const struct sim_sweep_spec *spec, bool by_run,
                  struct sim_run_result **runs, int *n_runs, char *why,
                  size_t why_len);

/* ---- run_levels.c -------------------------------------------------------- */

/* Which classes of a run of cfg on matrix m extend (levels.h): with
   SIM_LEVELS_EXTEND, those with an axis whose maximum the user did not
   set; and how far they may go.  slots[] is the ORION matrix's pools on
   entry, the run's on return.  0, or -errno with why. */
int sim_run_plan_extension(const struct sim_run_cfg *cfg,
                           const struct wl_matrix *m, struct sim_extension *x,
                           int slots[WL_CLASSES], char *why, size_t why_len);

/* After ORION's points of w->r (r->n_points of them): the levels of each
   class, extended where x says (large first, then small), each new point
   measured and reported as sim_walk_point does.  0, 1 (stopped) or
   -errno with why. */
int sim_run_extend(struct sim_run_walk *w, const struct sim_extension *x,
                   char *why, size_t why_len);

/* ---- run_point.c --------------------------------------------------------- */

/* Measure point `at` into *pr (and its sustained figures, burst.h);
   *device_ns gets the device time it took (the second measure on empty
   buckets not counted).  0, 1 (stopped), or -errno with why. */
int sim_meter_point(const struct sim_point_meter *m, struct wl_point at,
                    struct sim_point_result *pr, sim_ns *device_ns, char *why,
                    size_t why_len);

/* Measure matrix point i of w->r into its next result, add its device
   time and report it.  0 to go on, 1 when the run stops here (a stop
   request, or every real disk failed: the points so far are kept), or
   -errno with why. */
int sim_walk_point(struct sim_run_walk *w, int i, char *why, size_t why_len);

/* ---- run_cluster.c ------------------------------------------------------- */

/* A point being measured by a cluster: the run's configuration (its
   cluster), the parts the point runs on, when it began here, and with
   --duration auto the point's options with the ranks' window decision
   (engine.h, struct sim_window_sync). */
struct sim_cluster_point {
    const struct sim_run_cfg *cfg;
    const struct sim_parts *parts;
    double start_unix_s;
    struct sim_point_opts opts;
    struct sim_window_sync sync;
};

/* Whether cfg's points are measured by a cluster of several ranks. */
bool sim_cluster_on(const struct sim_run_cfg *cfg);
/* After the parts opened (rc: how that went here): the status every rank
   agrees on (cluster_agree), and the ranks' disk and class counts alike.
   rc itself without a cluster. */
int sim_cluster_agree_open(const struct sim_run_cfg *cfg, int rc, char *why,
                           size_t why_len);
/* Before a point: the barrier, and when the point began on this host.
   0 at once without a cluster. */
int sim_cluster_point_begin(struct sim_cluster_point *cp, char *why, size_t why_len);
/* The options to measure the point with: the run's, or on a cluster
   with --duration auto a copy whose window the ranks end together. */
const struct sim_point_opts *sim_cluster_point_opts(struct sim_cluster_point *cp);
/* After it (rc: sim_meter_point's so far, why its reason; taken as 1
   when the stop flag is set by now): the status every rank agrees on
   and, unless it is a failure, *pr made the cluster's (merged figures,
   hosts[]).  Without a cluster rc itself.  A failure frees *pr. */
int sim_cluster_point_end(const struct sim_cluster_point *cp, int rc,
                          struct sim_point_result *pr, char *why, size_t why_len);
/* run_cluster_timeline.c: pr's timeline (--interval) made the cluster's,
   row k of every rank's window one interval (rates summed, mean latency
   weighted, p50 and p99 the ranks' largest); every rank calls it.  0, or
   -errno (the collective calls' order is then broken: the run ends). */
struct cluster;
int sim_cluster_merge_timeline(const struct cluster *c, struct sim_point_result *pr);

/* ---- run_burst.c --------------------------------------------------------- */

/* After point p on rp: did it draw on burst credits, for how long could
   it, and what does it sustain (pr->burst).  0 or -errno. */
int sim_point_burst(const struct sim_run_cfg *cfg, struct sim_parts *rp,
                    struct wl_point p, struct sim_point_result *pr);

#endif
