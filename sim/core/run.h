/*
 * run.h - a run is one ORION matrix on one disk group; a sweep is a list
 * of runs: the same run for each disk count, or configurations that
 * differ in any parameter (sweep --over).  Owns the wiring: the backend's configuration
 * -> devices, layout, workload, engine; collects the point results and
 * the summary.  Made in run*.c, layers that call one way (run_internal.h
 * lists them).
 *
 * A run's configuration is the workload, the layout, how to measure, and
 * the backend with its own configuration, which the core carries without
 * reading (backend_cfg).  What the disks are (a cloud volume on an
 * instance, with its price; a real target) is the backend's and the
 * caller's vocabulary, not the core's: the core knows a disk by its size
 * (disk_bytes) and its name (disk_names), and includes nothing of
 * sim/profiles/ (tests/core_shape_test.sh checks).  The layers above that
 * show the volume, instance and bill keep them beside the run in a
 * struct sim_setup (sim/model/setup.h).
 */
#ifndef ASMSIM_SIM_RUN_H
#define ASMSIM_SIM_RUN_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "layouts/layout.h"
#include "sim/core/device.h"
#include "sim/core/engine.h"
#include "sim/core/levels.h"
#include "sim/core/rebalance.h"
#include "sim/core/stats.h"
#include "workloads/matrix.h"
#include "workloads/workload.h"

#define SIM_MAX_SWEEP 64

/* A disk group of a database workload's run (struct sim_db_cfg): its
   disks (the run's disks are the groups' one after another), their size
   and its layout. */
struct sim_db_group {
    char name[WL_NAME_MAX];
    int disks;
    uint64_t disk_bytes;
    struct lay_cfg layout;          /* disks and disk size filled per run */
};

/* A target of one class of a database workload (run/sweep --need-iops,
   --need-mbps, --need-latency): the core carries them for the reports,
   which say of each whether the run met it. */
enum sim_need_kind { SIM_NEED_IOPS = 0, SIM_NEED_MBPS, SIM_NEED_LATENCY };
enum sim_lat_stat {
    SIM_LAT_MEAN = 0, SIM_LAT_P50, SIM_LAT_P90, SIM_LAT_P99, SIM_LAT_P999,
    SIM_LAT_P9999,
};
#define SIM_MAX_NEEDS 16
struct sim_class_need {
    int cls;                        /* the class, an index */
    enum sim_need_kind kind;
    enum sim_lat_stat stat;         /* SIM_NEED_LATENCY */
    double value;                   /* IOPS, MB/s (10^6 B/s), or us */
};

/* A database workload (workload.n_classes > 0, wl_spec.h): the classes'
   names, groups and loads.  The run is one point of those loads, on
   every group at once (they share the backend's instance); a sweep
   varies the first group's disk count. */
struct sim_db_cfg {
    char class_name[WL_MAX_CLASSES][WL_NAME_MAX];
    int class_group[WL_MAX_CLASSES];    /* index in groups[] */
    struct sim_class_load load;         /* engine.h */
    int n_groups;                       /* 0: one group, the run's disks
                                           and layout */
    struct sim_db_group groups[SIM_MAX_GROUPS];
    int n_needs;                        /* the classes' targets */
    struct sim_class_need needs[SIM_MAX_NEEDS];
};

struct sim_run_cfg {
    int disks;
    struct lay_cfg layout;          /* disks and disk size filled per run */
    /* a map of disks to failure groups that holds at one disk count only
       (a layout file's failgroup_of): a sweep's run at that count gets it
       as layout.disk_failgroup, the others none (sim_sweep_run_cfg);
       NULL: layout.disk_failgroup is every run's */
    const int *failgroup_map;
    int failgroup_map_disks;
    struct wl_cfg workload;         /* capacity filled from the layout */
    struct wl_matrix_cfg matrix;    /* num_disks filled per run */
    struct sim_point_opts point;    /* duration, warm-up, auto, stream_io */
    const struct dev_ops *backend;  /* required: dev_model_ops (model/),
                                       dev_aio_ops (aio/), ... */
    /* the backend's own configuration, which only the backend reads (its
       dev_ops.run_cfg hook makes from it what its open takes): the
       model's struct dev_model_cfg (volume, instance), the aio backend's
       struct dev_aio_cfg (targets and what may be done to them); NULL for
       a backend without one.  The caller's: it outlives the run. */
    const void *backend_cfg;
    uint64_t disk_bytes;            /* every disk's size: the layout's
                                       (a modelled volume's size; real
                                       targets: the least usable) */
    /* [disks] what each disk is called in a message (real targets: their
       paths, in the run's disk order: a backend of real targets opens
       these, so a run on some of them, a failure's restored group
       (rebalance.c), names its own); NULL: the disks are numbered and no
       I/O error names one */
    const char *const *disk_names;
    /* How full the burst buckets are when a point starts (0..1).  A
       measuring knob like the warm-up, so the core's, not the model's:
       the run driver applies it through credit_ops (sim_burst_point_start)
       and the summary reports it (start_spent_frac) whatever backend
       runs; a backend without credits never sees it. */
    double burst_credit_frac;
    uint64_t seed;
    bool quiet;                     /* no progress lines on stderr from
                                       the backends (--quiet) */
    int matrix_disks;               /* > 0: the disk count the matrix levels
                                       derive from (ORION -num_disks with
                                       real LUNs); 0 = disks */
    enum sim_levels levels;         /* ORION's levels, or extended to
                                       saturation (levels.h) for the
                                       classes whose maximum the user did
                                       not set (num_small / num_large) */
    /* open loop (engine.h): a rate above 0 in either class makes the run
       one open-loop point at these rates; the matrix, levels and
       point.open are then not the caller's (run_one.c sets them) */
    struct sim_open_load open;
    bool burst_carry;               /* false: every point starts with its
                                       buckets burst_credit_frac full; true:
                                       they start so at the first point
                                       and carry from point to point */
    int jobs;                       /* a run's independent points, or a
                                       sweep's disk counts, on this many
                                       threads (jobs.h) when the backend
                                       has a virtual clock; <= 1 serial */
    struct sim_db_cfg db;           /* with workload.n_classes > 0 */
    /* the ranks that measure every point together (cluster.h, mpirun;
       real targets, shared parts): a barrier before each point, the
       figures merged (run_cluster.c); NULL: this process alone */
    const struct cluster *cluster;
    /* a modelled cluster (--nodes, issue 39 item 2): this many hosts on
       the same disks, each offering the whole load (RAC: every instance
       runs its own sessions); the backend keeps each node's own limits
       apart (sim_io.node), the result has each node's figures in
       hosts[].  0 or 1: one host */
    int nodes;
    /* a database workload's run: disks of its first group lost at a
       time (rebalance.h); n 0: none, and the run is as before */
    struct sim_fail_cfg fail;
    /* the engine's failure at this run's point: set by rebalance.c for
       a phase's run, NULL otherwise */
    const struct sim_engine_fail *engine_fail;
};

/* True when cfg runs a database workload's classes, not ORION's. */
static inline bool sim_run_db(const struct sim_run_cfg *cfg)
{
    return cfg->workload.n_classes > 0;
}

/* What burst credits did to one class's summary figure (Maximum Large
   MBPS for WL_LARGE, Maximum Small IOPS for WL_SMALL).  All zero when the
   class did not run; drawn false when its maximum drew on no bucket. */
struct sim_class_burst {
    bool drawn;                     /* the maximum drew on burst credits */
    double lasts_s;                 /* it lasts this long at most: from
                                       full buckets, until the first is
                                       empty */
    enum sim_limit first;           /* the limit whose bucket empties first */
    double start_spent_frac;        /* the share of every bucket spent when
                                       each point starts (--burst-credits
                                       50 %: 0.5); 0 when full, and when
                                       carried (the level varies) */
    bool ran_out;                   /* it ran out inside the maximum's
                                       window: the maximum is the average
                                       of at_burst and what came after */
    double ran_out_s;               /* when, s into that window (measured) */
    double at_burst;                /* the class's figure while the credits
                                       lasted (the maximum when they did
                                       not run out) */
    bool has_sustained;
    double sustained;               /* the maximum over the points of what
                                       each sustains (every bucket empty):
                                       MB/s for large, IOPS for small */
    double sustained_phys;          /* physical (after mirroring, all
                                       classes) at sustained_at, in the
                                       same unit: what a limit counts */
    struct wl_point sustained_at;
    enum sim_limit sustained_limited_by;    /* there, at its base rate */
};

struct sim_summary {
    bool has_large, has_small;
    bool open;                      /* of an open-loop run: its one point's
                                       figures, and limited_by its limit
                                       even when no I/O completed */
    double max_large_mbps;
    struct wl_point max_large_at;
    double max_small_iops;
    struct wl_point max_small_at;
    double min_small_lat_us;
    struct wl_point min_small_lat_at;
    enum sim_limit limited_by;      /* at the Maximum Large MBPS point, or at
                                       Maximum Small IOPS for small-only runs
                                       (the headline: kept for the JSON's
                                       "limited_by") */
    /* the binding limit at the point of each figure */
    enum sim_limit max_large_limit;     /* Maximum Large MBPS */
    enum sim_limit max_small_limit;     /* Maximum Small IOPS */
    enum sim_limit min_lat_limit;       /* Minimum Small Latency */
    /* the physical figures (all classes, after mirroring) at the points
       of the two maxima: what a volume or instance limit counts */
    double max_large_phys_mbps;
    double max_small_phys_iops;
    struct sim_class_burst burst[WL_CLASSES];   /* [enum wl_class] */
    /* [enum wl_class]: the class is under SIM_SUMMARY_SHARE of the I/O at
       every point, so its figures come from mixed points where it is the
       minority (an ORION col or point matrix) */
    bool minority[WL_CLASSES];
};

struct sim_run_result {
    int disks;
    struct wl_matrix *matrix;
    int n_points;                   /* points measured (<= matrix->n_points) */
    struct sim_point_result *points;
    struct sim_summary summary;
    bool incomplete;                /* stopped before the last point */
    double wall_s;                  /* wall-clock time of the run */
    sim_ns device_ns;               /* device (virtual) time the run covered */
    struct sim_class_levels levels[WL_CLASSES];  /* how each class's load
                                       levels went (levels.h) */
    int failed;                     /* -errno: the devices failed (every
                                       disk erring); the points before the
                                       failure are kept, incomplete set */
    char failed_why[512];           /* the point, the error, the disks */
    struct sim_fail_result *fail;   /* cfg.fail's phases; NULL without */
    struct sim_fail_result *add;    /* cfg.fail.add_n's (--add-disks) */
};

struct sim_sweep_result {
    int n_runs;
    struct sim_run_result *runs[SIM_MAX_SWEEP];
    bool incomplete;
};

/* The parts a run drives: layout, workload, devices and engine, wired
   from a run configuration.  sim_run() and the session (session.h) both
   open them through sim_parts_open(), so a batch run, a watched run and
   the dashboard drive the same devices the same way. */
struct sim_parts {
    lay *layout;                    /* ORION's; a database workload's
                                       first group's (group_layout[0]) */
    int n_groups;                   /* a database workload's groups */
    lay *group_layout[SIM_MAX_GROUPS];
    wl *workload;
    struct devset ds;
    sim_engine *engine;
};

/* The largest loads of matrix m, as the pools of a run of it are sized:
   small I/Os, and large I/Os in flight (large x stream_io for seq). */
void sim_matrix_maxima(const struct wl_matrix *m, enum wl_large_type type,
                       int stream_io, int *max_small, int *max_large_ios);

/* Open the parts for cfg->disks disks of cfg->disk_bytes: the layout,
   the workload over its logical capacity (seeded with cfg->seed), the
   devices (cfg->backend with cfg->backend_cfg) and an
   engine whose pools hold max_small small and max_large_ios large I/Os in
   flight (at most SIM_MAX_OUTSTANDING together: -E2BIG otherwise).  0, or -errno with why; on failure the parts opened so far stay
   in *p for sim_parts_close(), which also takes a zeroed struct. */
int sim_parts_open(const struct sim_run_cfg *cfg, int max_small,
                   int max_large_ios, struct sim_parts *p, char *why,
                   size_t why_len);
/* Close the devices first (their I/O threads joined, nothing in flight
   touches the engine's pieces any more), then free the engine, workload
   and layout, and zero *p. */
void sim_parts_close(struct sim_parts *p);

/* Called after every point: (run index in the sweep, point index,
   points in the run, the result).  Optional. */
typedef void (*sim_progress_fn)(void *arg, int run_index, int point_index,
                                int n_points, const struct sim_point_result *r);

/* Defaults: 1 disk, coarse 1 MiB AU external, 8 KiB / 128 KiB random,
   0 % writes, run simple with ORION's levels, 60 s points, full burst credits, seed 1; no
   backend and no disk size (the core knows no volume: sim_setup_defaults
   in sim/model/setup.h adds the model, a default gp3 volume and no
   instance limit). */
void sim_run_cfg_defaults(struct sim_run_cfg *cfg);

/* One run on cfg->disks disks.  0 (or 1 when stopped early: the result
   holds the points done, incomplete set), or -errno with a reason.  With
   independent points (sim_points_independent) on cfg->jobs threads, with
   the serial run's results and progress calls (in point order), wall_s
   aside. */
int sim_run(const struct sim_run_cfg *cfg, sim_progress_fn progress,
            void *arg, struct sim_run_result **out, char *why, size_t why_len);
void sim_run_free(struct sim_run_result *r);

/* What a sweep runs: its runs' configurations in turn, with
   progress(arg, ...) after every point.  The runs differ in what the
   sweep varies (the disk count, by default; any parameter with sweep
   --over) and share the way they are run: the backend, cfg->jobs, the
   live view and carried credits are runs[0]'s (sim_sweep refuses runs
   that differ in them). */
struct sim_sweep_spec {
    const struct sim_run_cfg *runs; /* [n_runs] */
    int n_runs;                     /* 1 to SIM_MAX_SWEEP */
    sim_progress_fn progress;       /* optional */
    void *arg;
};

/* cfg for one disk count of a sweep: its disks (a database workload's
   first group's), and the failure-group map where it holds. */
struct sim_run_cfg sim_sweep_run_cfg(const struct sim_run_cfg *cfg, int disks);

/* The runs of spec; same return convention as sim_run.  With
   runs[0].jobs > 1 and a virtual-clock backend the work runs on that many
   threads: every point of every run a task where the points are
   independent, else every run one task on its own parts; the result and
   the progress calls (made in run and point order, as their predecessors
   are done) are those of the serial sweep, wall_s aside. */
int sim_sweep(const struct sim_sweep_spec *spec, struct sim_sweep_result **out,
              char *why, size_t why_len);
/* A sweep over disk counts: cfg at each of them (ascending). */
struct sim_disk_sweep {
    const struct sim_run_cfg *cfg;
    const int *disk_counts;
    int n_counts;                   /* 1 to SIM_MAX_SWEEP */
    sim_progress_fn progress;       /* optional */
    void *arg;
};

/* The runs of spec (sim_sweep_run_cfg at each count), as sim_sweep. */
int sim_sweep_disks(const struct sim_disk_sweep *spec, struct sim_sweep_result **out,
                    char *why, size_t why_len);
void sim_sweep_free(struct sim_sweep_result *s);
/* Whether the points of a run of cfg are independent: a virtual clock
   and no burst credits carried from point to point.  Each point is then
   measured on layout, workload, devices and engine opened for it alone
   (its figures depend on nothing but the point and cfg), and the points
   may run on cfg->jobs threads, in a run as in a sweep; otherwise a run
   measures them one after the other on one set of parts, whose state
   (clock, throttles, generator, buckets) carries. */
bool sim_points_independent(const struct sim_run_cfg *cfg);
/* Whether sim_run(cfg) measures its points on several threads:
   independent points, cfg->jobs > 1 and no live view. */
bool sim_run_parallel(const struct sim_run_cfg *cfg);
/* Whether sim_sweep(cfg) runs its disk counts in parallel: cfg->jobs > 1,
   a virtual-clock backend (real devices measured at once would mix their
   figures) and no live view (it is not made for several engines). */
bool sim_sweep_parallel(const struct sim_run_cfg *cfg);
/* Whether a run of cfg may extend a class's levels past ORION's
   (sim_levels_extends on cfg's matrix): what its header may promise
   before the run. */
bool sim_run_extends_levels(const struct sim_run_cfg *cfg);
/* The matrix a run of cfg measures in: ORION's for matrix_disks (or the
   disk count), or for an open-loop run or a database workload's the one
   point (0, 0).  0, or -errno with why. */
int sim_run_matrix(const struct sim_run_cfg *cfg, struct wl_matrix **out, char *why,
                   size_t why_len);

/* I/O errors on disk d, summed over the points of r that report per-disk
   figures (real-device backends). */
uint64_t sim_run_disk_errors(const struct sim_run_result *r, int d);

/* Maximum Large MBPS, Maximum Small IOPS, Minimum Small Latency, and
   the limit of each; levels ([WL_CLASSES], or NULL when the run has none)
   say how each class's levels went, for sim_levels_bound_limit. */
void sim_summarise(const struct sim_point_result *points, int n,
                   const struct sim_class_levels *levels, struct sim_summary *out);

/* r's summary from its points and levels (sim_summarise), with the
   level cfg's points start their buckets at (start_spent_frac): every
   result made of points, a run's or a saved session's, goes through it. */
void sim_run_summarise(struct sim_run_result *r, const struct sim_run_cfg *cfg);

/* The burst part of the summary (out->burst), from the points and the
   maxima already in *out; sim_summarise() calls it. */
void sim_summarise_burst(const struct sim_point_result *points, int n,
                         struct sim_summary *out);

/* Before a point: set the burst buckets to the state cfg says every point
   starts from (burst_credit_frac full), unless cfg->burst_carry.  For
   every driver of points (a run, the live session).  No-op on backends
   without buckets. */
void sim_burst_point_start(const struct sim_run_cfg *cfg, struct devset *ds);

/* After a point engine e ran on ds: whether it drew on burst credits, and
   how long it could (pr->burst, from the limits as its measured window
   closed, sim_engine_window_limits, else dev_credit_ops.limits now; the
   sustained figures are left unmeasured).  Returns pr->burst.drawn.  A run also
   measures the point again on empty buckets; a live session records these
   facts alone. */
bool sim_point_burst_facts(struct devset *ds, const sim_engine *e,
                           struct sim_point_result *pr);

#endif
