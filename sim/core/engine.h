/*
 * engine.h - the measuring engine: a closed loop over any backend.
 *
 * For one load point (small, large) the engine keeps exactly `small`
 * small and `large` large logical I/Os outstanding (sequential large I/O:
 * `large` streams of stream_io each): every completion immediately issues
 * the next I/O of its class (and stream).  A database workload's point
 * (sim_engine_run_classes, struct sim_class_load) does the same for each
 * of its classes, or lets a class arrive at a rate (open loop, below),
 * each class on its own disk group (sim_engine_cfg.groups).  Each logical I/O is mapped
 * through the layout into physical pieces, which go to the backend; the
 * logical I/O completes when its last piece does, and its latency runs
 * from its issue.  See engine.c.
 *
 * Open loop (opts->open set): instead of N outstanding, I/Os ARRIVE at a
 * target rate, as a production database offers them, whether or not the
 * storage keeps up.
 *   - Each class has its own seeded arrival stream (workloads/
 *     arrivals.h): Poisson (exponential gaps of mean 1 / rate) or
 *     constant gaps.  The large class's rate in I/Os per second is
 *     large_mbps x 10^6 / the workload's large I/O size.  Read or write
 *     and the offset come from the workload per I/O, as in closed loop.
 *   - At most max_outstanding logical I/Os (both classes together) are in
 *     flight: the database's async I/O limit.  Arrival k is issued at
 *     max(t_k, the moment a slot is free); one issued after its time
 *     because every slot was taken counts as DELAYED.  Arrivals are
 *     generated lazily, the oldest one not yet issued at the head of its
 *     stream: there is no queue, and an overloaded 24 h point holds no
 *     more memory than an idle one.
 *   - The latency of a logical I/O runs from its ARRIVAL, what the
 *     database sees: the wait for a slot is part of it.  When the storage
 *     delivers less than is offered the backlog, and with it the latency,
 *     grows for as long as the point lasts.
 *   - When nothing is in flight the engine reaps with the next arrival as
 *     deadline: the model backend moves its virtual clock there, the aio
 *     backend sleeps until then.
 *   - Sequential large I/O: every large arrival goes to one stream
 *     (stream 0), in order.
 *   - Warm-up: SIM_WARMUP_AUTO is SIM_OPEN_WARMUP_NS of device time
 *     (there is no pipeline to fill: arrivals do not wait for completions;
 *     the time lets rate limits settle); a --warmup time as in
 *     closed loop; with neither (warmup_ns 0) the window opens at the
 *     point's start, as a phase that carries on from the last one wants.  The window is always the fixed duration_ns:
 *     auto_duration is ignored, since an overloaded point has no steady
 *     state to converge on.
 *   - The window's figures: what arrived in it (offered), what completed
 *     of the I/Os issued in it (delivered: cls[].iops, cls[].mbps), the
 *     delayed count and the backlog at its end (struct sim_open_result).
 *   - The point's small and large counts are ignored (the result keeps
 *     what was passed; a run passes 0, 0).
 * Deterministic for the workload's seed, on a virtual clock.
 */
#ifndef ASMSIM_SIM_ENGINE_H
#define ASMSIM_SIM_ENGINE_H

#include "sim/core/stop_flag.h"
#include <stdbool.h>

#include "layouts/failure.h"
#include "layouts/layout.h"
#include "sim/core/device.h"
#include "sim/core/stats.h"
#include "workloads/matrix.h"
#include "workloads/workload.h"

#define SIM_WARMUP_AUTO (-1)

/* ---- open loop (see the design comment) ---------------------------- */
enum sim_arrivals { SIM_ARRIVALS_POISSON = 0, SIM_ARRIVALS_CONSTANT };
#define SIM_OPEN_MAX_OUTSTANDING_DEFAULT 4096
#define SIM_OPEN_WARMUP_NS SIM_NS_PER_S     /* auto warm-up, open loop */
#define SIM_OPEN_UNMET_BINDS 0.01  /* a class this short of its offered
                                      load: a limit bound it (engine.c) */

struct sim_open_load {
    double small_iops;      /* offered small logical I/Os per second; 0: none */
    double large_mbps;      /* offered large logical MB/s (10^6 B/s); 0: none */
    enum sim_arrivals arrivals;
    int max_outstanding;    /* logical I/Os in flight at most, both classes;
                               0: SIM_OPEN_MAX_OUTSTANDING_DEFAULT */
};

/* True when the load offers anything (a rate above 0). */
bool sim_open_load_on(const struct sim_open_load *o);

/* The bound in effect: max_outstanding, or the default for 0. */
int sim_open_max_outstanding(const struct sim_open_load *o);

/* The engine pools an open-loop point needs (sim_engine_cfg): the bound
   for each class that has a rate, 0 for the other. */
void sim_open_pools(const struct sim_open_load *o, int *max_small,
                    int *max_large_ios);

/* What a live callback sees of a running point.  `stats` is the engine's
   own accumulator of the measured window so far (empty during warm-up):
   the callback reads it (sim_stats_result) and must not keep the pointer.
   The callback runs in the engine's thread between two reaps, so whatever
   it does (drawing, sleeping to pace a model run) delays the device clock
   only on backends whose clock is virtual. */
enum sim_live_phase {
    SIM_LIVE_WARMUP = 0,
    SIM_LIVE_MEASURE,
};

struct sim_live {
    struct wl_point point;
    enum sim_live_phase phase;
    sim_ns now_ns;              /* device clock */
    sim_ns point_start_ns;      /* the point (its warm-up) began */
    sim_ns window_start_ns;     /* the measured window began (MEASURE) */
    sim_ns window_end_ns;       /* its planned end; SIM_NS_MAX if open */
    const struct sim_stats *stats;
    enum sim_limit limited_by;  /* in the window so far, as the point's
                                   result names it (sim_point_result) */
    bool limit_pressed;         /* the window so far pressed on its limits
                                   (an open class short of its demand, or
                                   a closed-loop class ran): a limit read
                                   over it is dev_limits_binding_pressed's */
    int outstanding;            /* logical I/Os in flight */
    struct devset *devices;     /* the point's devices, to read their state
                                   (dev_credit_ops.buckets); a live view
                                   must not change it */
};

#define SIM_LIVE_CONTINUE 0
#define SIM_LIVE_STOP 1         /* end the point as opts->stop would */

/* The live period, in device time: the engine's default (live_every_ns 0)
   and the period the session asks for its dashboard and progress. */
#define SIM_LIVE_EVERY_NS (100 * SIM_NS_PER_MS)

typedef int (*sim_live_fn)(void *arg, const struct sim_live *live);

/* --duration auto on the ranks of a cluster (mpirun; engine.c,
   "Convergence"): at each batch boundary the engine hands the ranks'
   vote v[0..SIM_SYNC_VOTE) to sum(), which adds it up element-wise over
   every rank, in place, every rank getting the same sums (0 or -errno).
   Every rank decides on those sums alone, so every rank makes the same
   calls and ends its window at the same one.  The engine counts its
   calls and sets closed when one said the window is over; a rank that
   leaves the point without such a call (its own stop, an error, a
   window that never opened) must vote stop once more after it
   (sim_sync_vote_stop), so the others' next call finds its vote. */
enum {
    SIM_SYNC_STOP = 0,              /* ranks voting to end the window */
    SIM_SYNC_RANKS,                 /* 1 from each rank */
    SIM_SYNC_BATCH_NS,              /* each rank's batch length */
    SIM_SYNC_CLS,                   /* [WL_MAX_CLASSES]: this batch's
                                       I/Os (ORION's large: bytes) */
    SIM_SYNC_CLS_IOS = SIM_SYNC_CLS + WL_MAX_CLASSES,   /* [..]: I/Os so
                                       far in the window */
    SIM_SYNC_VOTE = SIM_SYNC_CLS_IOS + WL_MAX_CLASSES
};
struct sim_window_sync {
    int (*sum)(void *arg, uint64_t *v, int n);
    void *arg;
    int calls;                  /* made this point (the engine counts) */
    bool closed;                /* a call ended the window */
    int error;                  /* a call failed: -errno, no more calls */
};

/* The vote of a rank that leaves a point before a call ended its window
   (see above): one call voting stop, unless one already ended it or
   failed.  0 or -errno. */
int sim_sync_vote_stop(struct sim_window_sync *s);

struct sim_point_opts {
    sim_ns duration_ns;         /* measured window (fixed mode); also the
                                   upper bound in auto mode */
    bool auto_duration;         /* stop once the estimate has converged */
    double ci_target;           /* auto: 95 % half-width / mean, e.g. 0.01 */
    sim_ns warmup_ns;           /* unmeasured time before the window;
                                   SIM_WARMUP_AUTO = until every slot has
                                   completed twice (pipeline full) */
    /* ORION's cache warming (-cache_size) before a point with sequential
       large I/O: unmeasured random large I/O, reads or writes as the
       point's, until cache_warm_bytes have completed, or when that is 0
       for cache_warm_ns of device time; both 0: none (engine.c) */
    uint64_t cache_warm_bytes;
    sim_ns cache_warm_ns;
    int stream_io;              /* sequential large I/O: per stream */
    sim_stop_flag *stop;/* optional: non-zero ends the point early */
    /* optional live view (the dashboard, --progress, pacing): called from
       the engine's loop every live_every_ns of device time (0 =
       SIM_LIVE_EVERY_NS) during warm-up and the measured window; see
       struct sim_live. */
    sim_live_fn live;
    void *live_arg;
    sim_ns live_every_ns;
    /* > 0: record the measured window interval by interval into the
       result's timeline (timeline.h), in device time */
    sim_ns interval_ns;
    const struct sim_open_load *open;   /* non-NULL: open loop; the point's
                                           small/large counts are ignored */
    /* --duration auto decided with the other ranks (above); NULL alone */
    struct sim_window_sync *sync;
};

/* A disk group of a database workload: its layout, on the device set's
   disks from disk_base on (groups one after another, in order). */
#define SIM_MAX_GROUPS 8
struct sim_engine_group {
    const lay *layout;
    int disk_base;
};

/* A disk group with disks offline at this point (layouts/failure.h):
   the group (an index in groups[], 0 without groups), its disks and
   mode, and the class (-1: none) whose I/O are the copy streams of a
   rebalance or resync: a sequential class of one AU, a stream per unit
   of power.  The engine routes every class of that group through the
   failure; the other groups do not see it. */
struct sim_engine_fail {
    int group;
    struct lay_fail_cfg disks;
    int copy_cls;
};

/* The most nodes of a modelled cluster: OCI's 32 instances on one
   shareable block volume, the most any provider documents
   (sim/profiles/providers/oci.c). */
#define SIM_MAX_NODES 32

struct sim_engine_cfg {
    const lay *layout;          /* ORION's classes' (n_groups 0) */
    wl *workload;               /* the engine draws I/Os from it */
    struct devset *devices;     /* opened; disks == lay_disks(layout), or
                                   the groups' disks added up */
    int max_small;              /* largest small load of any point */
    int max_large_ios;          /* largest large outstanding count */
    /* Open loop: each class with a rate needs its pool to hold the whole
       bound (max_outstanding), since any mix of the two classes may be in
       flight: sim_open_pools() gives both counts, and sim_budget_check
       sees them as for any closed-loop load. */

    /* A database workload (wl_cfg.n_classes > 0): each class's pool (its
       most I/Os in flight: its load x stream_io, or the open bound) and,
       with groups, its group (an index in groups[]).  n_groups 0: every
       class on `layout`. */
    int class_slots[WL_MAX_CLASSES];
    int class_group[WL_MAX_CLASSES];
    int n_groups;
    struct sim_engine_group groups[SIM_MAX_GROUPS];
    const struct sim_engine_fail *fail;     /* NULL: every disk online */
    /* A modelled cluster (sim_run_cfg.nodes): every node offers the
       point's load, so the engine keeps nodes x each class's load in
       flight (and its pools hold that many), tags each I/O with its node
       (sim_io.node) and gives each node's figures in the result's
       hosts[].  0 or 1: one node, as before. */
    int nodes;
};

/* A database workload's load at a point (sim_engine_run_classes): each
   class in closed loop (rate 0) keeps load random I/Os, or load
   sequential streams of stream_io I/Os each, in flight; in open loop
   (rate_iops > 0) its I/Os arrive at that rate (Poisson or constant
   gaps, its own arrivals), and the open classes together have at most
   max_outstanding in flight (0: the default).
   Closed and open classes may run at one point: each is measured as its
   loop is (engine.c), and the warm-up is the open loop's. */
struct sim_class_load {
    int n;                              /* the workload's classes */
    int load[WL_MAX_CLASSES];
    int stream_io[WL_MAX_CLASSES];
    double rate_iops[WL_MAX_CLASSES];
    enum sim_arrivals arrivals[WL_MAX_CLASSES];
    int max_outstanding;
};

typedef struct sim_engine sim_engine;

/* 0 and *out, or -EINVAL / -ENOMEM, or the error of sim_budget_check()
   for the budget of max_small and max_large_ios (io_budget.h). */
int sim_engine_create(const struct sim_engine_cfg *cfg, sim_engine **out);
void sim_engine_destroy(sim_engine *e);

/* Run one load point to the end and fill *out (free with
   sim_point_result_free).  Returns 0; 1 if stopped early through
   opts->stop (the result holds what was measured); -errno on failure
   (-EIO if I/O is in flight that the backend never completes nor lets
   time pass for).  In-flight I/O is drained, unmeasured, before it
   returns; after a stop, I/O that has not completed within 2 s of device
   time is abandoned to the backend (its close must cope), and every later
   call returns -EBUSY.  No wait inside is longer than 100 ms without the
   stop flag being looked at. */
int sim_engine_run_point(sim_engine *e, struct wl_point point,
                         const struct sim_point_opts *opts,
                         struct sim_point_result *out);

/* The same for a database workload's classes (the engine's workload has
   wl_cfg.n_classes > 0; sim_engine_run_point refuses such a one, and this
   ORION's).  The result's cls[] has a figure per class, its open[] the
   open classes' rates in I/Os per second; small and large are 0. */
int sim_engine_run_classes(sim_engine *e, const struct sim_class_load *load,
                           const struct sim_point_opts *opts,
                           struct sim_point_result *out);

/* The pools an engine of cfg holds, by class (io_budget.h): what the
   device set must be opened for.  0, or -EINVAL (a class's group out of
   range) / -E2BIG. */
int sim_engine_budget(const struct sim_engine_cfg *cfg,
                      struct sim_io_budget *out);

/* What the last failed I/O of the last point completed with: -errno
   (-EIO, -EROFS, ...; -ENODATA: fewer bytes moved than asked), or 0 when
   none failed.  What a point that failed with -EIO met on real devices. */
int sim_engine_io_error(const sim_engine *e);

/* The backend's limits as the last point's measured window closed (read
   before the drain, whose I/O in flight completes with nothing admitted
   and would stretch the window: a burst reckoned over it came out up to
   5 % slow at 256 outstanding); false when no window closed (the backend
   has no limits, or the point stopped before measuring). */
bool sim_engine_window_limits(const sim_engine *e, struct dev_limits *out);

/* The last point's measured window: its accumulator (what the result
   was made of, the I/O drained after it included) and, in *start_ns, when
   it opened in device time.  Valid until the next point; for merging the
   ranks of a cluster (run_cluster.c). */
const struct sim_stats *sim_engine_window_stats(const sim_engine *e,
                                               sim_ns *start_ns);

/* Outstanding I/Os the point needs: small + large * (seq ? stream_io : 1). */
int sim_point_large_ios(int large, enum wl_large_type type, int stream_io);

#endif
