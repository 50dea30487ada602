/*
 * forecast_internal.h - the parts of the forecast (forecast.h) and what
 * passes between them.  Internal to sim/model/forecast*.c.
 *
 *   forecast.c         the driver: days, phases, steady state, verdict
 *   forecast_exact.c   per-I/O stretches of a phase (the engine), polled
 *                      for the buckets' levels; --exact runs phases so
 *   forecast_fail.c    a disk lost (--fail) or disks added (--add-disks):
 *                      the phase in force at a time, its parts, the
 *                      buckets carried, the copies
 *   forecast_fluid.c   the fast hybrid: regimes, their cache, closed-form
 *                      moves of the levels between events
 *   forecast_rows.c    segments laid on the interval grid; latency of a
 *                      mixture of segments
 *   forecast_events.c  bucket trajectories -> events
 *   forecast_emit.c    the buckets' levels read, a segment emitted
 *
 * Each file calls only the ones below it in this list (forecast_rows.c,
 * forecast_events.c and forecast_emit.c are the bottom), never back up
 * (tests/core_shape_test.sh).
 *
 * Everything that happens on the horizon is a segment: a stretch [t0, t1)
 * of forecast time with constant figures, and each bucket's level moving
 * linearly from level0 to level1 (in the bucket's units).  Times are
 * forecast seconds from the start of day 1.
 */
#ifndef ASMSIM_SIM_MODEL_FORECAST_INTERNAL_H
#define ASMSIM_SIM_MODEL_FORECAST_INTERNAL_H

#include "sim/model/forecast.h"

/* Latency of a class (or class and direction) over a segment, from what
   the engine reports: a summary (fast windows) or a timeline row (exact).
   0 where a figure is unknown. */
struct fc_lat {
    double avg_us, min_us, p50_us, p90_us, p99_us, p999_us, max_us;
};

/* A database workload's class over a segment (exact: one engine point
   of the classes). */
struct fc_class_fig {
    double iops, mbps;                  /* logical, delivered */
    double write_mbps;                  /* of mbps, the writes' */
    double offered;                     /* open: arrived I/Os per s */
    double unmet;                       /* open: share not delivered */
    struct fc_lat lat;                  /* reads and writes together */
};

/* The figures that hold over a segment. */
struct fc_figures {
    double small_iops, large_mbps;      /* logical, delivered */
    double phys_iops, phys_mbps;
    double class_mbps[WL_CLASSES];      /* logical MB/s of each class (the
                                           weights of phys_mbps's share) */
    double dir_rate[WL_CLASSES][2];     /* logical I/Os per s, per direction */
    struct fc_lat lat[WL_CLASSES];
    struct fc_lat lat_dir[WL_CLASSES][2];
    enum sim_limit limited_by;
    uint64_t ios;                       /* logical, measured (windows) */
    bool open;
    double offered[WL_CLASSES];         /* open: IOPS small, MB/s large */
    double unmet[WL_CLASSES];           /* open: share of offered not
                                           delivered */
    double arrived[WL_CLASSES];         /* open, windows: what arrived,
                                           in the units of offered */
    int open_bound;                     /* open: logical I/Os in flight at
                                           most (max_outstanding) */
    int n_classes;                      /* a database workload's; 0: ORION */
    struct fc_class_fig cls[WL_MAX_CLASSES];
    double dropped_writes_per_s;        /* a failure's: writes to offline
                                           disks dropped (stale) */
    double copy_mbps;                   /* its copies' writes, 10^6 B/s */
};

/* An open-loop window that left more than the tolerance of a class's
   demand unmet: its I/O in flight piles up towards the bound. */
static inline bool fc_overloaded(const struct fc_figures *fig)
{
    return fig->open && (fig->unmet[WL_SMALL] > SIM_FORECAST_UNMET_TOLERANCE ||
                         fig->unmet[WL_LARGE] > SIM_FORECAST_UNMET_TOLERANCE);
}

struct fc_seg {
    double t0_s, t1_s;
    int day, phase;
    int fail_phase;                     /* enum sim_fail_phase */
    const struct fc_figures *fig;
    const double *level0, *level1;      /* [buckets], units */
    /* the fast path's open-loop queue (forecast_fluid.c, "The queue"):
       logical I/Os arrived and not completed at t0_s, their growth per s
       and the arrivals per s; 0: no queue (fig's latency stands) */
    double queued0, queue_growth, arrivals_per_s;
};

/* ---- bucket states (shared by events and regimes) ---- */

/* A bucket counts as empty at or below this share of its size (and as
   earning again above twice it), as full at or above 1 - this share. */
#define FC_EMPTY_FRAC 1e-3
#define FC_FULL_FRAC 1e-3

enum fc_bucket_state { FC_EMPTY = 0, FC_PARTIAL, FC_FULL };

enum fc_bucket_state fc_bucket_state(const struct dev_bucket *b, double level,
                                     enum fc_bucket_state before);

/* ---- rows (forecast_rows.c) ---- */

typedef struct fc_rows fc_rows;

/* n_classes > 0: a database workload's, whose segments carry per-class
   figures (fc_figures.cls) that the rows keep in res->row_cls. */
int fc_rows_create(double interval_s, int buckets, const struct dev_bucket *b,
                   int n_classes, fc_rows **out);
/* Add a segment; segments come in time order, back to back.  0 / -ENOMEM. */
int fc_rows_add(fc_rows *r, const struct fc_seg *s);
/* Close the open row where the last segment ended (a failure phase
   changes there): the next row starts at that time and ends at the
   grid's next edge.  0 / -ENOMEM. */
int fc_rows_cut(fc_rows *r);
/* Close the last row (kept when it is at least 1 % of an interval) and
   hand the rows and bucket levels to res.  Frees r.  0 / -ENOMEM. */
int fc_rows_finish(fc_rows *r, struct sim_forecast_result *res);
void fc_rows_free(fc_rows *r);

/* The q-quantile of a mixture of n latency distributions, part k
   weighing w[k] (its I/O count); 0 when the weights are 0. */
double fc_lat_mix_quantile(const struct fc_lat *parts, const double *w, int n,
                           double q);

/* ---- events (forecast_events.c) ---- */

typedef struct fc_events fc_events;

int fc_events_create(int buckets, const struct dev_bucket *b,
                     const double *level_now, fc_events **out);
/* The levels were `level` at forecast time t_s (in time order): note the
   buckets that changed state since the last sample, at the time the
   straight line between the two crossed the threshold. */
int fc_events_track(fc_events *ev, double t_s, const double *level, int day,
                    int phase);
/* Unmet-demand stretches from the finished rows; then hand all events,
   in time order, to res.  Frees ev. */
int fc_events_finish(fc_events *ev, struct sim_forecast_result *res);
void fc_events_free(fc_events *ev);

/* ---- the driver's state, shared by exact and fluid ---- */

struct fc_phase_ctx {
    const struct wl_phase *ph;
    int day, index;                 /* index: in the schedule */
    double start_s, end_s;          /* forecast time */
    struct wl_point point;          /* closed loop: the levels */
    bool is_open;
    struct sim_open_load open;      /* open loop: the rates */
    const struct sim_class_load *classes;   /* a database workload's loads
                                               (sim_forecast_db_load);
                                               NULL: ORION's */
};

struct fc {
    struct sim_parts *parts;
    const struct sim_forecast_cfg *cfg;
    struct sim_forecast_result *res;
    int buckets;
    struct dev_bucket *bkt;         /* [buckets] scratch for reads */
    double *level;                  /* [buckets] units, last read */
    double *level_b;                /* [buckets] scratch */
    fc_rows *rows;
    fc_events *events;
    bool stopped;
    struct fc_cache *cache;         /* forecast_fluid.c */
    double in_flight;               /* forecast_fluid.c: logical I/Os the
                                       phase holds in flight, booked */
    /* a fast-path phase: fc_emit gives its segments the queue
       (forecast_fluid.c); NULL otherwise */
    void (*queue)(struct fc *f, struct fc_seg *s);
    double queued;                  /* ... logical I/Os arrived, not
                                       completed (an overloaded open loop) */
    /* per-phase accumulation (forecast.c) */
    struct sim_fc_phase *cur_phase;
    double cur_sum[WL_CLASSES], cur_offered_sum[WL_CLASSES];
    double cur_served_sum[WL_CLASSES];  /* open: offered x (1 - unmet) */
    struct sim_fc_class *cur_cls;       /* the phase's in res->phase_cls */
    struct fc_fail *fail;               /* forecast_fail.c; NULL without */
    /* the devices' buckets in res->bucket's order: bmap[j] is device
       bucket j's index there (NULL: the same order); dev_bkt [buckets]
       scratch.  A failure's restored group lists fewer */
    const int *bmap;
    struct dev_bucket *dev_bkt;
    int dev_cap;                        /* dev_bkt's and bmap's length: an
                                           add's grown group lists more
                                           (its new disks' map to -1) */
    struct fc_cls_sums {                /* a database workload's, x s */
        double ios, mb, offered, served;
    } cur_cls_sum[WL_MAX_CLASSES];
};

/* forecast_emit.c.  Read every bucket's level into f->level (or into
   dst). */
void fc_read_levels(struct fc *f, double *dst);
/* Emit one segment: to the rows and the phase's sums.  0 / -ENOMEM. */
int fc_emit(struct fc *f, const struct fc_seg *s);

/* What a measurement window found the buckets' limits booking.  A limit
   books an I/O's units when the I/O is submitted, so besides what the
   completed I/O cost, an overloaded open loop books the I/O in flight as
   it piles up towards the bound (--max-outstanding): once, not for as
   long as the regime lasts (forecast_exact.c, forecast_fluid.c). */
struct fc_use {
    double *consumed;           /* [buckets] units per s at the rate the
                                   I/O completes */
    double *per_io;             /* [buckets] units booked per logical I/O */
    double backlog_growth;      /* logical I/Os per s the I/O in flight
                                   grows by while below the bound: arrivals
                                   less completions, overloaded open loop;
                                   else 0 */
    double in_flight_end;       /* logical I/Os in flight at the end */
};

/* A stretch of a phase run per I/O: from forecast time t_s for
   length_s, after warmup_s unmeasured (counted in the stretch). */
struct fc_span {
    double t_s, length_s, warmup_s;
};

/* What a measurement window gives back: what it measured (one figure set
   for all of it) and the buckets' bookings (arrays sized by the caller;
   use NULL: not wanted). */
struct fc_window {
    struct fc_figures *fig;
    struct fc_use *use;
};

/* forecast_exact.c: run the phase's load per I/O over span, polling the
   levels for events, and set *elapsed_s to the forecast time it covered.
   With win NULL the stretch goes out as segments (interval rows); else it
   is a measurement window, into *win.  0, 1 when stopped, -errno. */
int fc_stretch(struct fc *f, const struct fc_phase_ctx *pc,
               const struct fc_span *span, const struct fc_window *win,
               double *elapsed_s);

/* forecast_exact.c: a database workload's phase (pc->classes), per
   I/O, each interval of the grid one engine point.  0, 1 stopped, -errno. */
int fc_db_phase(struct fc *f, const struct fc_phase_ctx *pc);

/* forecast_fail.c (cfg->fail_run).  fc_fail_create sets up f->fail and
   res->fail, or res->add for disks added (DATA_LOST is known at once); fc_fail_enter puts the failure
   phase in force at t_s (its parts opened, the buckets' levels carried,
   the open row cut): 0, FC_FAIL_LOST when the data is lost at t_s (the
   forecast stops there), or -errno.  The chunk from t_s ends at end_s or
   at the next change (new_load: a schedule phase's first chunk, whose
   copy rate is measured anew); fc_fail_load is the load to run (the copy class
   added while rebalancing); fc_fail_account takes a chunk's figures:
   the copy class out of them into copy_mbps, the data moved, the dropped
   writes, the segment's phase.  fc_fail_settled: nothing of the failure
   is left to happen after t_s.  fc_fail_free puts the caller's parts back
   and closes the failure's.  fc_fail_sum: the phases' worst rows.  The
   same calls carry an add (its phases BEFORE, REBALANCING, RESTORED). */
#define FC_FAIL_LOST 2
int fc_fail_create(struct fc *f, char *why, size_t why_len);
int fc_fail_enter(struct fc *f, double t_s);
double fc_fail_chunk_end(struct fc *f, double t_s, double end_s, bool new_load);
const struct sim_class_load *fc_fail_load(const struct fc *f,
                                          const struct sim_class_load *db,
                                          struct sim_class_load *buf);
void fc_fail_account(struct fc *f, struct fc_figures *fig, struct fc_seg *seg);
bool fc_fail_settled(const struct fc *f, double t_s);
void fc_fail_free(struct fc *f);
void fc_fail_sum(struct sim_forecast_result *res);

/* forecast_rows.c: a row's binding limit, named: "burst credits" (a bucket
   ran dry) as the limit of the emptiest bucket at the row's end, which
   then holds at its base rate (the instance's MB/s, the volumes' IOPS);
   and of w (seconds per limit) the limit named for the longest time, or
   none (SIM_LIMIT_OFFERED_LOAD) when w is all 0. */
enum sim_limit fc_row_limit(const struct sim_forecast_result *res, size_t i);
enum sim_limit fc_longest_limit(const double *w);

/* forecast_fluid.c */
int fc_fluid_phase(struct fc *f, const struct fc_phase_ctx *pc);
int fc_idle_phase(struct fc *f, const struct fc_phase_ctx *pc);
void fc_cache_free(struct fc_cache *c);

#endif
