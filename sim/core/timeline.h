/*
 * timeline.h - a point's measured window cut into fixed intervals of
 * device time (--interval): what the point did in each, so that a burst
 * that runs out halfway through a point is seen, and when.
 *
 * The engine opens a recorder when the measured window opens and ticks it
 * whenever an interval boundary has passed; each tick takes the delta of
 * the engine's running accumulators (struct sim_stats) since the last
 * one, and of the backend's interval meter
 * (dev_credit_ops.interval_limits), and appends one fixed-size row.  See timeline.c.
 */
#ifndef ASMSIM_SIM_TIMELINE_H
#define ASMSIM_SIM_TIMELINE_H

#include <stdbool.h>
#include <stddef.h>

#include "sim/core/device.h"
#include "sim/core/stats.h"

/* At most this many rows per point: the CLI refuses an interval that
   would need more (a 24 h point at 1 s is 86,400). */
#define SIM_TIMELINE_MAX_ROWS 1000000

/* The latency of the I/Os completed in one interval; count 0: none. */
struct sim_timeline_lat {
    uint64_t count;
    double avg_us, p50_us, p99_us;
};

struct sim_timeline_row {
    double start_s;             /* from the measured window's start */
    double length_s;            /* the interval; the last may be shorter */
    double small_iops;          /* logical, completed in the interval */
    double large_mbps;          /* logical, 10^6 B/s */
    double phys_iops;           /* physical, all classes */
    double phys_mbps;
    struct sim_timeline_lat lat[WL_CLASSES];    /* [enum wl_class]: reads
                                                   and writes together */
    struct sim_timeline_lat lat_dir[WL_CLASSES][2];  /* [.][enum sim_dir] */
    enum sim_limit limited_by;  /* in this interval */
    /* open loop (engine.h); 0 for a closed-loop point.  Per class (enum
       wl_class), small in IOPS, large in MB/s: what arrived in the
       interval, max(0, 1 - completed / arrived), and the I/Os issued in
       it after waiting for a slot */
    double offered[WL_CLASSES];
    double unmet_frac[WL_CLASSES];
    uint64_t delayed[WL_CLASSES];
};

/* The rows of one point.  Per-disk and per-bucket figures are flat
   arrays of n x disks and n x buckets beside the rows. */
struct sim_timeline {
    double interval_s;
    bool open;                  /* of an open-loop point: the rows' open
                                   figures mean something */
    size_t n, cap;
    struct sim_timeline_row *rows;          /* [n] */
    int disks;
    double *disk_iops, *disk_mbps;          /* [n * disks], physical */
    int buckets;                            /* burst buckets (0: none) */
    struct dev_bucket *bucket;              /* [buckets]: whose */
    double *bucket_pct;                     /* [n * buckets], 0..100 at
                                               each interval's end */
};

typedef struct sim_timeline_rec sim_timeline_rec;

/* Open a recorder at now_ns, the window's start, with the accumulator
   just reset; the backend's interval meter is reset too.  0 and *out, or
   -ENOMEM / -EINVAL (interval_ns <= 0). */
int sim_timeline_rec_open(sim_ns interval_ns, sim_ns now_ns,
                          const struct sim_stats *s, struct devset *ds,
                          sim_timeline_rec **out);

/* True when the next boundary of the grid (window start + k x interval)
   has passed by now_ns. */
bool sim_timeline_rec_due(const sim_timeline_rec *r, sim_ns now_ns);

/* The next boundary of the grid, in device time. */
sim_ns sim_timeline_rec_next_ns(const sim_timeline_rec *r);

/* Append the row for the time since the last one.  0 or -ENOMEM. */
int sim_timeline_rec_tick(sim_timeline_rec *r, sim_ns now_ns,
                          const struct sim_stats *s, struct devset *ds);

/* The window closed at now_ns: add the last, partial row (unless it is
   under 1 % of an interval: too short to mean anything), free the
   recorder and hand over the timeline (*out, NULL on failure).  0 or
   -ENOMEM. */
int sim_timeline_rec_close(sim_timeline_rec *r, sim_ns now_ns,
                           const struct sim_stats *s, struct devset *ds,
                           struct sim_timeline **out);

/* Free a recorder that is not closed (the point failed). */
void sim_timeline_rec_free(sim_timeline_rec *r);

void sim_timeline_free(struct sim_timeline *tl);

#endif
