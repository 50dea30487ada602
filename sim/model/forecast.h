/*
 * forecast.h - a day (or days) in the life of a disk group: a schedule's
 * phases run back to back on one set of devices, burst credits carried
 * from phase to phase and from day to day (asmsim forecast).
 *
 * Two ways to carry a phase out, with the same output:
 *
 *   exact   every I/O of the horizon simulated (one engine point per
 *           phase, recorded interval by interval);
 *   fast    (default) the hybrid of forecast_fluid.c: between events (a
 *           phase starting, a bucket emptying or filling) the rates are
 *           constant, so a short per-I/O window per (phase, bucket regime)
 *           measures the rates, each bucket's consumption and the latency,
 *           and the buckets' levels move on in closed form to the next
 *           event.  Needs a virtual clock and the backend's bucket hooks
 *           (dev_credit_ops.bucket_set, idle_until); without them, exact.
 *
 * Both produce segments (a stretch of the horizon with constant figures)
 * that forecast_rows.c lays on the interval grid, and bucket trajectories
 * from which forecast_events.c reads the events.  The result holds the
 * rows, the events, the level of every bucket at each day's start, the
 * per-phase figures and the verdict.  See forecast.c.
 *
 * A database workload's classes (cfg->db, sim_run_db): the schedule's
 * phases scale each class's load (schedule.h: scale, scale:CLASS) and
 * every phase runs exact, each interval of the grid one engine point of
 * the classes (sim_engine_run_classes), whose figures per class go into
 * the rows and phases (row_cls, phase_cls).  The fast path's regimes and
 * queue are ORION's two classes'; N classes in it are not done.  Per
 * interval, not per phase, because the engine's interval recorder
 * (timeline.h) holds ORION's two classes only: so the I/O in flight at
 * an interval's end completes before the next interval starts (device
 * time outside the forecast's clock, milliseconds for a served load),
 * and an overloaded open loop's backlog starts afresh each interval: its
 * latency is that of one interval's backlog, not the phase's.
 *
 * Why sim/model/ and not the core: a forecast is burst credits over
 * days.  It needs a virtual clock and the credit hooks (dev_credit_ops),
 * its rows and events are bucket trajectories, and its fast path moves
 * the levels by the model's rules (a bucket earns its baseline; an empty
 * one held at its base rate stays empty: throttle.c).  It drives the
 * core's parts and engine, which know nothing of it (model includes
 * core, never the reverse).
 *
 * A disk lost at a time of the forecast (cfg->fail_run, forecast --fail:
 * a database workload's only): from then the forecast runs DEGRADED,
 * after the repair time REBALANCING (the copy class beside the
 * database's, the data moved counted from its writes interval by
 * interval) and, once the copies have written what the disk held,
 * RESTORED, each on parts opened for it with the buckets' levels carried
 * over (forecast_fail.c).  Rows split at those changes: each row is one
 * failure phase (sim_fc_row.fail_phase).
 *
 * Disks added at a time of the forecast (cfg->fail_run with fail.add_n,
 * forecast --add-disks) are the same operation with nothing lost, as
 * run's add (rebalance.h): BEFORE on the caller's parts, from the add
 * REBALANCING on the grown group (sim_add_grown_cfg) with the copy class
 * reading the old disks and writing the new ones (LAY_FAIL_ADD), and
 * once the copies have written the new disks' share of the data RESTORED,
 * the balanced grown group; no DEGRADED (res->add, not res->fail).
 */
#ifndef ASMSIM_SIM_MODEL_FORECAST_H
#define ASMSIM_SIM_MODEL_FORECAST_H

#include <stdbool.h>
#include <stddef.h>

#include "sim/core/rebalance.h"
#include "sim/core/run.h"
#include "sim/core/stop_flag.h"
#include "sim/core/timeline.h"
#include "workloads/schedule.h"

/* Days (passes of the schedule) at most, repeating until steady: 14, or
   for a schedule shorter than a day as many passes as make 14 days of
   24 h (SIM_FORECAST_AUTO_SPAN_MS), at most SIM_FORECAST_AUTO_PASSES_MAX.
   Credits drained by a cycle of 30 min last longer than 14 of them (7 h):
   an m5.large's MB/s burst, spent 19 MB/s faster than it is earned,
   empties after about 14 h, which 14 passes never reached. */
#define SIM_FORECAST_AUTO_DAYS_MAX 14
#define SIM_FORECAST_AUTO_SPAN_MS (14LL * 86400 * 1000)
#define SIM_FORECAST_AUTO_PASSES_MAX 2016      /* 14 days of 10-minute cycles */
/* --repeat at most. */
#define SIM_FORECAST_DAYS_MAX 60
/* Steady state: every bucket's level at a day's start within this share
   of its size of the level at the day before's start. */
#define SIM_FORECAST_STEADY_FRAC 0.001
/* A phase is served when the demand it leaves unmet (open loop: offered
   minus delivered, over offered, of the class worst off) is at most this
   share. */
#define SIM_FORECAST_UNMET_TOLERANCE 0.01

/* The most days (passes) an automatic forecast of s runs (see above). */
int sim_forecast_auto_days(const struct wl_schedule *s);

struct sim_forecast_cfg {
    const struct wl_schedule *schedule;
    int days;                   /* > 0: exactly this many (--repeat);
                                   0: until steady, at most
                                   sim_forecast_auto_days() */
    sim_ns interval_ns;         /* the rows' length, > 0 */
    bool exact;                 /* every I/O simulated */
    enum wl_large_type large_type;
    int stream_io;              /* sequential large I/O: per stream */
    int max_outstanding;        /* open-loop phases: logical I/Os in
                                   flight at most; 0: the engine's default */
    sim_stop_flag *stop;        /* optional: ends the forecast early */
    /* a database workload (NULL: ORION's classes): its classes' names
       and loads, which the schedule's scaled phases scale
       (sim_forecast_db_load); the caller's, it outlives the run */
    const struct sim_db_cfg *db;
    /* a disk lost (forecast --fail, with db): the run configuration the
       parts were opened from, its fail.ev[0] the one failure (at_ns:
       forecast time), and the pools they were opened with; each failure
       phase's parts are opened from it.  Disks added instead (forecast
       --add-disks): fail.n 0, fail.add_n the disks, fail.add_at_ns when
       (forecast time).  NULL: neither.  The caller's, it outlives the
       run. */
    const struct sim_run_cfg *fail_run;
    int fail_max_small, fail_max_large_ios;
};

/* A forecast's failure phase (enum sim_fail_phase): its share of the
   horizon and, of the database's classes, the worst row. */
struct sim_fc_fail_phase {
    double length_s;                    /* forecast time in it */
    enum sim_limit limited_by;          /* the limit its rows name for
                                           the longest time (while
                                           rebalancing: what bound the
                                           copies, a closed loop) */
    double p99_us[WL_MAX_CLASSES];      /* each class's worst row's p99 */
    double unmet_frac[WL_MAX_CLASSES];  /* ... and unmet share (open) */
};

/* What a disk lost during the forecast did (cfg->fail_run), or disks
   added (add: no DEGRADED phase, RESTORED the balanced group). */
struct sim_fc_fail {
    bool add;                           /* disks added (res->add): ev.at_ns
                                           their time, offline[] the new
                                           disks (numbered after the old) */
    int old_disks;                      /* add: the first group's before */
    uint64_t disk_bytes;                /* add: one disk's size */
    enum sim_fail_outcome outcome;
    int lost_a, lost_b;                 /* DATA_LOST: disks of one extent */
    struct sim_fail_event ev;           /* what failed; at_ns: forecast time */
    int n_offline;
    int offline[LAY_FAIL_MAX_DISKS];    /* the first group's disks lost */
    double repair_s;                    /* in force */
    bool repair_default, fg_repair;     /* DISK_ / FAILGROUP_REPAIR_TIME */
    int power;
    double used_frac;
    bool returns;
    uint32_t au_bytes;
    /* forecast time each phase began; -1: not within the forecast (or
       not reached: data lost, no room, no failure group left) */
    double start_s[SIM_PHASES];
    double to_move_bytes;               /* dropped: what the lost disks
                                           held; returned: the stale AUs'
                                           bytes (rebalance.c's estimate
                                           from the degraded rows' dropped
                                           writes); add: the new disks'
                                           share (sim_add_moved_bytes) */
    double moved_bytes;                 /* what the copies wrote */
    double stale_aus;                   /* returned: by the repair time */
    struct lay_space space;             /* at the failure; add: the grown
                                           group's */
    struct sim_fc_fail_phase phase[SIM_PHASES];
};

/* One class of a database workload over a row or a phase. */
struct sim_fc_class {
    double iops, mbps;          /* delivered, logical (10^6 B/s) */
    double offered_iops;        /* open loop: asked (phase) or arrived
                                   (row) per s; 0: closed loop or idle */
    double unmet_frac;          /* open loop: (offered - delivered) /
                                   offered */
    double p99_us;              /* a row's; a phase's worst row; 0: none
                                   of it completed */
    int load;                   /* phase: outstanding (streams) asked in
                                   closed loop, 0 otherwise */
};

enum sim_fc_event_kind {
    SIM_FC_BURST_EMPTY = 0,     /* a bucket ran dry: its limit fell */
    SIM_FC_BURST_AGAIN,         /* an empty bucket earns again: bursting */
    SIM_FC_BURST_FULL,          /* a bucket is full again */
    SIM_FC_UNMET,               /* a stretch of demand not served */
};

struct sim_fc_event {
    enum sim_fc_event_kind kind;
    double at_s;                /* from the forecast's start */
    double end_s;               /* SIM_FC_UNMET: the stretch's end */
    int day, phase;             /* 0-based; phase: in the schedule */
    int bucket;                 /* burst events: index into result bucket[] */
    double unmet_frac;          /* SIM_FC_UNMET: of the stretch's demand */
    enum wl_class cls;          /* SIM_FC_UNMET: the class worst off */
    double p99_us;              /* SIM_FC_UNMET: its worst interval's p99
                                   (reads, or writes for a write-only class) */
    enum sim_dir dir;
    int db_class;               /* SIM_FC_UNMET of a database workload:
                                   the class worst off (cls, dir unused);
                                   -1 for ORION's */
};

/* One interval of the horizon. */
struct sim_fc_row {
    struct sim_timeline_row tl; /* start_s from the forecast's start */
    int day, phase;             /* the phase holding most of the interval */
    bool open;                  /* that phase offers rates (open loop) */
    double offered[WL_CLASSES]; /* open: small IOPS, large MB/s asked */
    double unmet_frac[WL_CLASSES];  /* open: (offered - delivered) / offered */
    int fail_phase;             /* enum sim_fail_phase (with a failure
                                   or an add: a row is one; without,
                                   BEFORE) */
    double copy_mbps;           /* REBALANCING: the copies' writes,
                                   10^6 B/s (the data moved's rate) */
};

/* What one phase of one day did. */
struct sim_fc_phase {
    int day, phase;
    double start_s, length_s;
    double small_iops, large_mbps;      /* delivered, mean over the phase */
    double offered[WL_CLASSES];         /* open loop; 0 for closed/idle */
    double unmet_frac[WL_CLASSES];
    double small_p99_us, large_p99_us;  /* worst interval; 0: none of
                                           that class completed */
    enum sim_limit limited_by;  /* what bound it: the limit its rows name
                                   longest, of those that left demand
                                   unmet when it was not served; a row
                                   bound by burst credits names the limit
                                   of its emptiest bucket */
    bool served;                /* at most the tolerance unmet; of an
                                   incomplete phase: so far */
    bool incomplete;            /* an interrupt cut it: length_s is what
                                   was simulated of it */
};

struct sim_forecast_result {
    bool exact;                 /* every I/O simulated */
    bool incomplete;            /* stopped early: what was done is here */
    int days;                   /* days simulated (whole or begun) */
    bool steady;                /* the levels at a day's start stopped
                                   changing (auto days) */
    int steady_after_days;      /* ... after this many days; 0: not */
    double horizon_s;           /* simulated */
    /* buckets, as the backend lists them (dev_credit_ops.buckets) */
    int buckets;
    struct dev_bucket *bucket;          /* [buckets]: whose, rates, size */
    double *day_start_pct;              /* [(days + 1) * buckets] levels
                                           at each day's start, and at the
                                           end; 0..100 */
    /* the timeline */
    double interval_s;
    size_t n_rows;
    struct sim_fc_row *rows;
    double *bucket_pct;                 /* [n_rows * buckets] at row ends */
    /* events in time order */
    size_t n_events;
    struct sim_fc_event *events;
    /* phases of every day in order */
    size_t n_phases;
    struct sim_fc_phase *phases;
    /* the verdict */
    bool served;                /* every phase of every day */
    int first_unserved;         /* index into phases[]; -1 when served */
    /* what it cost */
    int windows;                /* per-I/O windows run (fast) */
    int cache_hits;             /* regimes reused (fast) */
    double simulated_s;         /* device time simulated per I/O */
    /* a database workload's classes (cfg->db); n_classes 0: ORION's */
    int n_classes;
    char class_name[WL_MAX_CLASSES][WL_NAME_MAX];
    struct sim_fc_class *row_cls;       /* [n_rows * n_classes] */
    struct sim_fc_class *phase_cls;     /* [n_phases * n_classes] */
    struct sim_fc_fail *fail;           /* cfg->fail_run's; NULL without */
    struct sim_fc_fail *add;            /* ... disks added instead */
};

/* Run the forecast on parts opened for it (sim_parts_open, sized for the
   schedule's loads).  0 (or 1 when stopped: what was done is in *out,
   incomplete set), or -errno with why.  Free *out with
   sim_forecast_free. */
int sim_forecast_run(struct sim_parts *parts, const struct sim_forecast_cfg *cfg,
                     struct sim_forecast_result **out, char *why, size_t why_len);

void sim_forecast_free(struct sim_forecast_result *r);

/* The largest closed-loop levels of the schedule's phases (at least 1
   each). */
void sim_forecast_levels(const struct wl_schedule *s, int *max_small,
                         int *max_large);

/* The engine's pools the schedule needs (sim_parts_open): its largest
   closed-loop levels, and for open-loop phases the bound on I/O in flight
   (max_outstanding, 0: the default) of each class with a rate. */
void sim_forecast_pools(const struct wl_schedule *s, enum wl_large_type type,
                        int stream_io, int max_outstanding, int *max_small,
                        int *max_large_ios);

/* A database workload's load in phase `phase` of s: each class's load of
   db scaled by its factor (wl_phase_class_factor): an open class's rate
   times it, a closed class's count times it rounded, at least 1 for a
   factor above 0.  Classes are matched to scale:CLASS columns by name. */
void sim_forecast_db_load(const struct wl_schedule *s, int phase,
                          const struct sim_db_cfg *db, struct sim_class_load *out);

/* Whether s can scale db's classes: a schedule of ORION's columns
   cannot, every scale:CLASS column names a class, and no phase scales a
   rate past WL_RATE_SMALL_MAX_IOPS or a count past WL_MAX_OUTSTANDING.
   0, or -EINVAL with why ("phase peak: class redo: ..."). */
int sim_forecast_db_check(const struct wl_schedule *s, const struct sim_db_cfg *db,
                          char *why, size_t why_len);

/* The closed-loop loads db's pools must hold for s: each class's load
   raised to its largest of any phase (open classes: unchanged). */
void sim_forecast_db_pools(const struct wl_schedule *s, struct sim_db_cfg *db);

#endif
