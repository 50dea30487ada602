/*
 * burst_events.h - what happens to burst buckets and limits over time,
 * detected from a stream of readings and told in words (burst_events.c).
 * Pure: no clock, no locks, no curses; the session feeds it, the
 * dashboard shows what it says, and a unit test drives it by hand.
 */
#ifndef ASMSIM_SIM_SESSION_BURST_EVENTS_H
#define ASMSIM_SIM_SESSION_BURST_EVENTS_H

#include <stdbool.h>
#include <stddef.h>

#include "sim/core/device.h"

/* Level thresholds of the detector (fractions of a bucket's size): a
   bucket is empty at or below EMPTY, counts as no longer empty above
   RELEASE (so a level that hovers at empty, spent as fast as it is
   earned, reports once), and refilled at or above FULL after it was
   empty.  Display thresholds, not model figures. */
#define BURST_EMPTY_FRAC 0.001
#define BURST_RELEASE_FRAC 0.05
#define BURST_FULL_FRAC 0.999
/* Readings a new binding limit must hold before it is reported: a limit
   near its threshold flickers from one reading to the next. */
#define BURST_LIMIT_HOLD 3
#define BURST_MAX_BUCKETS 136       /* a volume bucket per disk and the
                                       instance's, with room */

/* One bucket as read now. */
struct burst_reading {
    enum sim_limit limit;       /* whose bucket: volume IOPS / throughput,
                                   instance IOPS / MB/s */
    int disk;                   /* its volume; -1: the instance's */
    double level_frac;          /* 0 empty .. 1 full */
    double burst_rate;          /* the limit with credits, in its unit */
    double base_rate;           /* and without (burst_unit: IOPS, MiB/s,
                                   MB/s) */
};

enum burst_event_kind {
    BURST_EV_EMPTY = 0,         /* a bucket ran out: the limit drops */
    BURST_EV_REFILLED,          /* an emptied bucket is full again */
    BURST_EV_LIMIT,             /* the binding limit changed */
};

struct burst_event {
    enum burst_event_kind kind;
    double t_s;                 /* when (the reading's time) */
    enum sim_limit limit;       /* the bucket's; LIMIT: the new binding */
    enum sim_limit from;        /* LIMIT: the binding before */
    int disk;                   /* -1: the instance (or LIMIT) */
    double burst_rate, base_rate;
};

struct burst_detector {
    int n;
    struct {
        enum sim_limit limit;
        int disk;
        bool empty;             /* at empty, not yet above RELEASE */
        bool was_empty;         /* emptied since it was last full */
    } b[BURST_MAX_BUCKETS];
    bool binding_known;
    enum sim_limit binding;
    enum sim_limit candidate;   /* a different binding, and how many */
    int candidate_seen;         /* readings in a row it has held */
};

/* A detector that has seen nothing. */
void burst_detector_init(struct burst_detector *d);

/* Forget what was seen: the next reading is a new baseline and reports
   nothing (the buckets were set, the load or the devices changed). */
void burst_detector_rebase(struct burst_detector *d);

/* The load changed: the binding limit's next reading is a new baseline
   (the buckets are watched on). */
void burst_detector_new_load(struct burst_detector *d);

/* No reading of the binding limit this time (a warm-up, say). */
#define BURST_NO_LIMIT SIM_LIMITS

/* Readings r[0..n) and the binding limit (or BURST_NO_LIMIT) at time t_s;
   the events they make, up to max into out (in the order of r, the limit
   last).  Returns how many. */
int burst_detector_step(struct burst_detector *d, double t_s,
                        const struct burst_reading *r, int n,
                        enum sim_limit binding, struct burst_event *out, int max);

/* An event in words, without its time, in the forecast's wording
   (sim/report/report_forecast.c): "DATA_0002 burst credits empty: 3,000
   -> 1,500 IOPS", "instance m5.large burst spent: IOPS limit 18,750 ->
   3,600", "DATA_0002 IOPS burst credits full again", and "binding limit:
   volume IOPS -> instance MB/s".  instance
   names the instance ("" or NULL: "instance"). */
void burst_event_text(const struct burst_event *e, const char *instance,
                      char *buf, size_t len);

/* Device time as a clock: "0:33:20", "26:00:05". */
void burst_clock_text(double t_s, char *buf, size_t len);

/* A rate for a sentence, as the forecast's report writes one: from 100
   whole with thousands separated ("3,000", "18,750"), below it two
   decimals ("81.25", "95.00"). */
void burst_rate_text(double v, char *buf, size_t len);

/* The unit a bucket's limit is told in ("IOPS", "MiB/s" for a volume's
   throughput as EBS states it, "MB/s" for an instance's), and the factor
   from the backend's units per second (dev_bucket.base_per_s) to it. */
const char *burst_unit(enum sim_limit l, double *per);

/* A span for a sentence: "45 s", "41 min", "2 h 10 min", "3 d 4 h". */
void burst_duration_text(double s, char *buf, size_t len);

/* Where a bucket at level (0..1) moving by rate per second (of its size)
   is headed: "empties in 41 min", "refilling, full in 2 h 10 min",
   "full", "empty: at the base rate", "steady" (no end within
   BURST_OUTLOOK_MAX_S). */
#define BURST_OUTLOOK_MAX_S (30 * 86400.0)
void burst_outlook_text(double level_frac, double rate_frac_per_s, char *buf,
                        size_t len);

#endif
