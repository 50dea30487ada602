/*
 * engine.h - the measuring engine: a closed loop over any backend.
 *
 * For one load point (small, large) the engine keeps exactly `small`
 * small and `large` large logical I/Os outstanding (sequential large I/O:
 * `large` streams of stream_io each): every completion immediately issues
 * the next I/O of its class (and stream).  Each logical I/O is mapped
 * through the layout into physical pieces, which go to the backend; the
 * logical I/O completes when its last piece does, and its latency runs
 * from its issue.  See engine.c.
 */
#ifndef ASMSIM_SIM_ENGINE_H
#define ASMSIM_SIM_ENGINE_H

#include "sim/core/stop_flag.h"
#include <stdbool.h>

#include "layouts/layout.h"
#include "sim/core/device.h"
#include "sim/core/stats.h"
#include "workloads/matrix.h"
#include "workloads/workload.h"

#define SIM_WARMUP_AUTO (-1)

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
    enum sim_limit limited_by;  /* in the window so far */
    int outstanding;            /* logical I/Os in flight */
    struct devset *devices;     /* the point's devices, to read their state
                                   (dev_ops.buckets); a live view must not
                                   change it */
};

#define SIM_LIVE_CONTINUE 0
#define SIM_LIVE_STOP 1         /* end the point as opts->stop would */

/* The live period, in device time: the engine's default (live_every_ns 0)
   and the period the session asks for its dashboard and progress. */
#define SIM_LIVE_EVERY_NS (100 * SIM_NS_PER_MS)

typedef int (*sim_live_fn)(void *arg, const struct sim_live *live);

struct sim_point_opts {
    sim_ns duration_ns;         /* measured window (fixed mode); also the
                                   upper bound in auto mode */
    bool auto_duration;         /* stop once the estimate has converged */
    double ci_target;           /* auto: 95 % half-width / mean, e.g. 0.01 */
    sim_ns warmup_ns;           /* unmeasured time before the window;
                                   SIM_WARMUP_AUTO = until every slot has
                                   completed twice (pipeline full) */
    uint64_t warmup_bytes;      /* and at least this much unmeasured I/O
                                   (ORION -cache_size); 0 = none */
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
};

struct sim_engine_cfg {
    const lay *layout;
    wl *workload;               /* the engine draws I/Os from it */
    struct devset *devices;     /* opened; disks == lay_disks(layout) */
    int max_small;              /* largest small load of any point */
    int max_large_ios;          /* largest large outstanding count */
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

/* Outstanding I/Os the point needs: small + large * (seq ? stream_io : 1). */
int sim_point_large_ios(int large, enum wl_large_type type, int stream_io);

#endif
