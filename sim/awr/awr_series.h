/*
 * awr_series.h - several AWR or Statspack reports of one database, read
 * together: the instances of a RAC database over one interval added up,
 * and consecutive intervals in time order (awr_series.c).
 *
 * Reports are grouped by their snapshot range: reports of the same range
 * are instances of one interval (each instance once; their rates add up,
 * so the interval's classes are the cluster's), ranges follow each other
 * in time (the next begins where the last ended; a gap is noted, an
 * overlap refused).  Every report must be of one database.  The busiest
 * interval (the most requests a second) is the one a single workload is
 * made of (asmsim awr -o); forecast --awr replays them all as phases.
 *
 * A peak factor (--peak) multiplies every rate and MB/s of every report
 * and interval: AWR's figures are an interval's averages, and a minute's
 * peak can be many times the mean (AWR.md section 7).
 */
#ifndef ASMSIM_SIM_AWR_SERIES_H
#define ASMSIM_SIM_AWR_SERIES_H

#include <stddef.h>

#include "sim/awr/awr_derive.h"
#include "sim/awr/awr_report.h"

#define AWR_MAX_REPORTS 32
#define AWR_SERIES_NOTES 4

/* One interval: its reports (one per instance) and their sum. */
struct awr_interval {
    int n;                              /* its reports, instances */
    int report[AWR_MAX_REPORTS];        /* indices into the series */
    double begin_snap, end_snap;
    struct awr_derived sum;             /* classes and totals added up (no
                                           figures used, no notes) */
};

struct awr_series {
    int n;                              /* reports, in the order given */
    const char *file[AWR_MAX_REPORTS];
    struct awr_report *r[AWR_MAX_REPORTS];
    struct awr_derived *d[AWR_MAX_REPORTS];
    int n_intervals;                    /* in time order */
    struct awr_interval *iv;            /* [n_intervals] */
    int busiest;                        /* the interval with the most
                                           requests a second */
    double peak;                        /* the factor applied; 1: none */
    int n_notes;
    char note[AWR_SERIES_NOTES][240];
};

/* Read and derive every file (awr_report_load, awr_derive) and group
   them into intervals.  0, or -EINVAL (-ENOMEM) with why naming the file
   ("FILE:LINE: SECTION: what", or "FILE: ..." for a report that does not
   belong: another database, an instance twice, overlapping snapshots);
   free with awr_series_free either way. */
int awr_series_load(struct awr_series *s, const char *const *files, int n,
                    char *why, size_t why_len);
void awr_series_free(struct awr_series *s);

/* Multiply every rate and MB/s (each report's and each interval's
   classes, totals and redo) by factor > 0; s->peak records it. */
void awr_series_peak(struct awr_series *s, double factor);

/* The total requests a second of a derived interval (reads and writes). */
double awr_derived_iops(const struct awr_derived *d);

/* The envelope of the series: each class as in the interval where its
   rate is highest (what forecast --awr's workload runs at scale 1). */
void awr_series_envelope(const struct awr_series *s, struct awr_derived *out);

/* A forecast schedule (workloads/schedule.h) replaying the intervals in
   order: a phase per interval, "snaps-B-E", lasting its elapsed time,
   each class of `names` (n of them, as in the workload made of the
   envelope) at its rate there over the envelope's (scale:CLASS; 0 where
   the interval has none of it).  The CSV text, to free(); NULL when out
   of memory. */
char *awr_series_schedule(const struct awr_series *s, const struct awr_derived *env,
                          const char *const *names, int n);

#endif
