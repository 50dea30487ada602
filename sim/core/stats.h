/*
 * stats.h - what a load point measured, and the one place its figures
 * are derived.
 *
 * While a point runs the engine feeds a `struct sim_stats` (histograms per
 * class and direction, per-disk counters).  At the end, or for a live
 * snapshot, sim_stats_result() turns it into a `struct sim_point_result`:
 * plain numbers that reports, JSON and the dashboard all print.  There is
 * one definition of each figure:
 *   MBPS  = large logical bytes / measured seconds / 10^6
 *   IOPS  = small logical I/Os / measured seconds
 *   (of a database workload's classes: each class's I/Os and bytes over
 *   the measured seconds alike)
 *   latency of a logical I/O = completion of its last piece - its issue
 *     (per class: reads and writes together, and each direction alone)
 * Physical figures (after striping and mirroring) are reported beside them.
 */
#ifndef ASMSIM_SIM_STATS_H
#define ASMSIM_SIM_STATS_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/core/device.h"
#include "sim/core/hist.h"
#include "sim/core/simtime.h"
#include "workloads/workload.h"

/* A class with less than this share of a mixed point's logical I/Os is a
   minority there: it does not hold an auto-duration point open. */
#define SIM_MINOR_SHARE 0.10

/* A class's figures at a point compete for the run's summary (Maximum
   Large MBPS, Maximum Small IOPS, Minimum Small Latency) only where the
   class makes up at least this share of the point's logical I/Os: where
   the point is about that class.  A handful of small I/Os riding along
   thirty large ones are measured, but their average is too thin a sample
   to stand as the run's best latency. */
#define SIM_SUMMARY_SHARE 0.50

enum sim_dir {
    SIM_READ = 0,
    SIM_WRITE = 1,
};

struct sim_class_acc {
    uint64_t ios;
    uint64_t bytes;
    uint64_t errors;
    struct hist lat;
};

struct sim_disk_acc {
    uint64_t ios;
    uint64_t bytes;
    uint64_t errors;
    struct hist lat;
};

/* The accumulator of one point.  Memory is fixed by the disk count (and
   WL_MAX_CLASSES); n_classes of the classes are in use. */
struct sim_stats {
    int disks;
    int n_classes;                  /* WL_CLASSES unless set (engine) */
    struct sim_class_acc cls[WL_MAX_CLASSES][2];    /* [class][enum sim_dir] */
    struct sim_disk_acc *disk;                  /* [disks] */
    uint64_t phys_ios;
    uint64_t phys_bytes;
    /* open loop (engine.h): arrivals in the window (by arrival time),
       their bytes, and the I/Os issued in it that waited for a slot */
    uint64_t arrivals[WL_MAX_CLASSES];
    uint64_t arrival_bytes[WL_MAX_CLASSES];
    uint64_t delayed[WL_MAX_CLASSES];
};

struct sim_lat_summary {
    uint64_t count;
    double avg_us, min_us, max_us, stddev_us;
    double p50_us, p90_us, p99_us, p999_us, p9999_us;
    uint64_t pow2[HIST_POW2_BINS];  /* see hist_pow2_us() */
};

struct sim_disk_result {
    double mbps;                /* physical bytes / s / 1e6 */
    double iops;                /* physical I/Os / s */
    double avg_lat_us;
    double p99_lat_us;
    uint64_t ios, bytes, errors;
};

/* One class's logical figures at a point (index: enum wl_class, or the
   database workload's class). */
struct sim_class_result {
    uint64_t ios;               /* completed logical I/Os */
    uint64_t errors;            /* failed logical I/Os (an error or a short
                                   transfer in any piece) */
    double iops;                /* logical I/Os / s */
    double mbps;                /* logical bytes / s / 1e6 */
    struct sim_lat_summary lat;         /* reads and writes together */
    struct sim_lat_summary lat_dir[2];  /* [enum sim_dir]: each alone, as
                                           fio and ORION 11.2+ report them */
};

/* Burst credits at a point (run_burst.c fills it on backends with burst
   buckets; all zero elsewhere, and for points that drew on no bucket). */
struct sim_point_burst {
    bool drawn;                 /* a bucket's level fell: the figures rest
                                   on credits that run out */
    double lasts_s;             /* from full buckets at the point's use
                                   while the credits lasted, the first one
                                   is empty after this long */
    enum sim_limit first;       /* the limit whose bucket empties first */
    bool ran_out;               /* it ran out inside the measured window:
                                   the point's figures average the burst
                                   and what came after */
    double ran_out_s;           /* when, s into the window (measured) */
    double at_burst[WL_CLASSES];    /* [enum wl_class]: each class's figure
                                   while the credits lasted (the point's
                                   own when they did not run out) */
    /* the same point measured again with every bucket empty: what it
       sustains (sustained_measured false: not measured, a stop came) */
    bool sustained_measured;
    double sustained[WL_CLASSES];   /* [enum wl_class]: each class's own
                                       figure, IOPS (small), MB/s (large) */
    double sustained_phys[WL_CLASSES];  /* the physical figure in the same
                                       unit (all classes, after mirroring):
                                       what a limit counts */
    enum sim_limit sustained_limited_by;    /* the limit at its base rate;
                                       also for a point that drew on no
                                       bucket but was held by empty ones */
};

struct sim_timeline;            /* timeline.h */

/* One rank's own figures at a point measured by a cluster (run_cluster.c):
   the point's result is the cluster's (histograms merged, rates added),
   these are each host's part of it. */
/* A class's figures on one host of a cluster. */
struct sim_host_class {
    double iops, mbps;
    double avg_lat_us, p99_lat_us;
};

struct sim_host_point {
    int rank;
    char host[64];
    double start_unix_s;        /* the point began (after the barrier),
                                   this host's clock (CLOCK_REALTIME) */
    double window_unix_s;       /* its measured window opened */
    double measured_s;
    uint64_t errors;
    double phys_iops, phys_mbps;
    struct sim_host_class cls[WL_MAX_CLASSES];
};

/* h's figures (its window, errors, physical and each class's rates and
   latency) from a point's result r: a rank's own (run_cluster.c), a
   modelled node's (node_stats.c). */
struct sim_point_result;
void sim_host_point_figures(struct sim_host_point *h, const struct sim_point_result *r);

/* An open-loop point's demand against what it got (engine.h), over the
   measured window; all zero (on false) for a closed-loop point.  Units
   per class (enum wl_class): small in IOPS, large in MB/s (10^6 B/s); a
   database workload's classes all in I/Os per second. */
struct sim_open_result {
    bool on;
    double target[WL_MAX_CLASSES];      /* the rate asked for */
    double offered[WL_MAX_CLASSES];     /* what arrived in the window / s */
    double delivered[WL_MAX_CLASSES];   /* what completed (cls[].iops,
                                           .mbps) */
    double unmet_frac[WL_MAX_CLASSES];  /* max(0, 1 - delivered /
                                           offered); 0 when nothing was
                                           offered */
    uint64_t arrivals[WL_MAX_CLASSES];  /* in the window */
    uint64_t delayed[WL_MAX_CLASSES];   /* issued in it after waiting for
                                           a slot (max_outstanding was
                                           reached) */
    uint64_t backlog_end;           /* due by the window's end, not issued */
    int max_outstanding;
};

/* max(0, 1 - delivered / offered), 0 when offered <= 0.  Inline: the
   timeline (timeline.c), which stats.c's results own, reads it too. */
static inline double sim_open_unmet(double offered, double delivered)
{
    if (!(offered > 0))
        return 0;
    double u = 1.0 - delivered / offered;
    return u > 0 ? u : 0;
}

struct sim_point_result {
    int small, large;           /* the load point */
    /* a database workload's classes (workload.h: wl_cfg.n_classes > 0)
       instead of ORION's two: n_classes of them, each with its
       closed-loop load (0 in open loop); ORION's have small and large */
    bool db_classes;
    int n_classes;              /* WL_CLASSES for ORION's */
    int class_load[WL_MAX_CLASSES];
    double measured_s;          /* measured window (after warm-up) */
    /* per class: cls[WL_LARGE].mbps is ORION's MBPS, cls[WL_SMALL].iops
       its IOPS, cls[WL_SMALL].lat its small latency */
    struct sim_class_result cls[WL_MAX_CLASSES];
    double phys_mbps;           /* physical, all classes */
    double phys_iops;
    uint64_t errors;            /* both classes */
    enum sim_limit limited_by;
    double limit_util;          /* how much of its rate limited_by used
                                   (dev_limits.util; 0: the offered load
                                   or a real device) */
    bool limit_one;             /* limited_by is one volume's, the busiest
                                   (dev_limits_binding_pressed), not the
                                   volumes' mean: */
    int limit_disk;             /* that volume, an index of disk[] */
    bool converged;             /* --duration auto: the estimate converged */
    bool incomplete;            /* a stop cut its window short */
    double ci_halfwidth_frac;   /* 95 % half-width / mean of the main figure */
    int disks;
    struct sim_disk_result *disk;   /* [disks], owned by the result */
    /* CPU over the measured window, wall clock (cpu_usage.h) */
    double cpu_user_us_per_io;      /* asmsim's user time per logical I/O */
    double cpu_sys_us_per_io;       /* asmsim's system time per logical I/O */
    double cpu_cores;               /* asmsim CPU seconds / wall seconds */
    double engine_busy_frac;        /* the engine thread's CPU / wall: the
                                       generator is the bottleneck near 1 */
    double machine_busy_pct;        /* all CPUs, irq and softirq included */
    double machine_irq_pct;         /* irq + softirq share of all CPUs */
    struct sim_point_burst burst;   /* burst credits (run_burst.c) */
    struct sim_timeline *timeline;  /* per interval (opts interval_ns),
                                       owned by the result; NULL without */
    struct sim_open_result open;    /* open-loop demand (engine.h) */
    int n_hosts;                    /* > 0: measured by a cluster of that
                                       many ranks, each one's in hosts[] */
    struct sim_host_point *hosts;   /* [n_hosts], owned by the result */
    /* a failure (engine.h: sim_engine_fail) in the measured window:
       write pieces dropped for an offline disk, and the distinct AUs
       they made stale; 0 without one */
    uint64_t fail_dropped_writes;
    uint64_t fail_stale_aus;
};

/* Class c's delivered rate in its open load's unit: ORION's large class
   in MB/s, every other class in I/Os per second (struct
   sim_open_result's target, offered and delivered). */
static inline double sim_open_delivered(const struct sim_point_result *p, int c)
{
    return c == WL_LARGE && !p->db_classes ? p->cls[c].mbps : p->cls[c].iops;
}

/* True when class c ran at the point: a load of it (closed loop) or a
   rate (open loop). */
bool sim_point_class_ran(const struct sim_point_result *r, int c);

/* True when class c ran at the point and completed I/O there (its
   latency counts some): its latency was measured (null in the reports
   otherwise, never 0 us). */
bool sim_point_class_measured(const struct sim_point_result *r, int c);

/* Logical I/Os of every class. */
uint64_t sim_point_logical_ios(const struct sim_point_result *r);

/* True when class `cls` ran at the point and makes up at least `share`
   of its logical I/Os. */
bool sim_point_class_share(const struct sim_point_result *r, int cls,
                           double share);

/* 0 or -ENOMEM. */
int sim_stats_init(struct sim_stats *s, int disks);
void sim_stats_reset(struct sim_stats *s);
void sim_stats_free(struct sim_stats *s);

/* Record one completed logical I/O. */
static inline void sim_stats_logical(struct sim_stats *s, int cls,
                                     bool is_write, uint32_t bytes,
                                     uint64_t lat_ns, bool failed)
{
    struct sim_class_acc *a = &s->cls[cls][is_write ? SIM_WRITE : SIM_READ];
    if (failed) {
        a->errors++;
        return;
    }
    a->ios++;
    a->bytes += bytes;
    hist_add(&a->lat, lat_ns);
}

/* Record one completed physical I/O on its disk.  Inline, as
   sim_stats_logical: the engine records every piece, and with a second
   caller (its nodes', node_stats.h) it was no longer put in line. */
static inline void sim_stats_physical(struct sim_stats *s, const struct sim_io *io)
{
    struct sim_disk_acc *d = &s->disk[io->disk];
    if (io->result < 0) {
        d->errors++;
        return;
    }
    uint64_t lat_ns = (uint64_t)(io->done_ns - io->submit_ns);
    d->ios++;
    d->bytes += (uint64_t)io->result;
    hist_add(&d->lat, lat_ns);
    s->phys_ios++;
    s->phys_bytes += (uint64_t)io->result;
}

/* Figures of the accumulator over `measured_ns`, keeping the result's
   load (small, large, db_classes, class_load).  The result's disk array
   is allocated; free it with sim_point_result_free().  0 or -ENOMEM. */
int sim_stats_result(const struct sim_stats *s, sim_ns measured_ns,
                     struct sim_point_result *out);
void sim_point_result_free(struct sim_point_result *r);
void sim_lat_summarise(const struct hist *h, struct sim_lat_summary *out);

#endif
