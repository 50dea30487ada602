/*
 * time_strip.h - throughput and latency over a whole session in bounded
 * memory (time_strip.c).  Plain data: the snapshot carries one, and
 * nothing here locks, allocates or draws.
 */
#ifndef ASMSIM_SIM_SESSION_TIME_STRIP_H
#define ASMSIM_SIM_SESSION_TIME_STRIP_H

#include <stdbool.h>

#define SIM_STRIP_COLS 256          /* columns kept, however long the run */

/* One column: the samples that fell into its span of device time. */
struct sim_strip_col {
    double covered_s;           /* device seconds of samples in it; 0 = none */
    double mb;                  /* MB (10^6 B) moved by large I/O */
    double ios;                 /* small I/Os done */
    double p99_max_us;          /* the highest sample p99 in it */
};

struct sim_strip {
    double start_s;             /* device time column 0 begins */
    double col_s;               /* span of one column; doubles on a merge */
    int n;                      /* columns in use: the last holds "now" */
    struct sim_strip_col col[SIM_STRIP_COLS];
};

/* An empty strip from start_s, columns first col_s long (> 0). */
void sim_strip_init(struct sim_strip *st, double start_s, double col_s);

/* A sample covering dt_s device seconds that end at end_s: mbps of large
   I/O, iops of small I/O, its p99 latency.  A sample before start_s, or
   of dt_s <= 0, is ignored.  When its column lies past the last one kept,
   pairs of columns merge (the span doubles) until it fits, so the strip
   always runs from start_s to the newest sample. */
void sim_strip_add(struct sim_strip *st, double end_s, double dt_s,
                   double mbps, double iops, double p99_us);

/* The strip seen as w cells from start_s to now_s (> start_s): cell i
   covers [start + i x span / w, start + (i + 1) x span / w) and gets the
   time-weighted MB/s and IOPS and the highest p99 of the columns whose
   middle falls into it, or, when none does (the columns are wider than a
   cell), of the column that holds the cell's middle.  NAN where no sample
   fell.  Any out array may be NULL. */
void sim_strip_cells(const struct sim_strip *st, double now_s, int w,
                     double *mbps, double *iops, double *p99_us);

#endif
