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

#include <signal.h>
#include <stdbool.h>

#include "layouts/layout.h"
#include "sim/device.h"
#include "sim/stats.h"
#include "workloads/matrix.h"
#include "workloads/workload.h"

#define SIM_WARMUP_AUTO (-1)

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
    volatile sig_atomic_t *stop;/* optional: non-zero ends the point early */
};

struct sim_engine_cfg {
    const lay *layout;
    wl *workload;               /* the engine draws I/Os from it */
    struct devset *devices;     /* opened; disks == lay_disks(layout) */
    int max_small;              /* largest small load of any point */
    int max_large_ios;          /* largest large outstanding count */
};

typedef struct sim_engine sim_engine;

/* 0 and *out, or -EINVAL / -ENOMEM. */
int sim_engine_create(const struct sim_engine_cfg *cfg, sim_engine **out);
void sim_engine_destroy(sim_engine *e);

/* Run one load point to the end and fill *out (free with
   sim_point_result_free).  Returns 0; 1 if stopped early through
   opts->stop (the result holds what was measured); -errno on failure.
   In-flight I/O is drained, unmeasured, before it returns. */
int sim_engine_run_point(sim_engine *e, struct wl_point point,
                         const struct sim_point_opts *opts,
                         struct sim_point_result *out);

/* Outstanding I/Os the point needs: small + large * (seq ? stream_io : 1). */
int sim_point_large_ios(int large, enum wl_large_type type, int stream_io);

#endif
