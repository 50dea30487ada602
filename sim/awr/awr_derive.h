/*
 * awr_derive.h - from what a report says (struct awr_report) to the
 * database's I/O by class: rates, MB/s, sizes, and every statistic used,
 * so a DBA can check the arithmetic (AWR.md section 6).
 *
 * Let E be the elapsed seconds and B the block size (Std Block Size;
 * 8192 when the report does not give it, and a note says so).  All
 * statistics are the interval's totals (Instance Activity Stats), so a
 * rate is a total / E:
 *
 *   single-block reads   (physical read total IO requests - physical read
 *                        total multi block requests) / E, of B bytes
 *   multiblock reads     physical read total multi block requests / E; its
 *                        bytes are physical read total bytes less the
 *                        single-block reads' (x B), its size their mean
 *   redo writes          IOStat LGWR's write requests and MB per second
 *                        (physical: every log member); without IOStat
 *                        (Statspack) "redo writes" / E and "redo size" / E
 *                        (LGWR's calls, one per write to all members)
 *   DBWR writes          IOStat DBWR's write requests and MB per second
 *   direct writes        IOStat Direct Writes' write requests and MB/s
 *   other writes         IOStat's other functions' writes (Others, ARCH,
 *                        RMAN, ...), requests and bytes from that one view
 * Without IOStat, DBWR and direct writes cannot be told apart: one class,
 * "data-writes", takes the write totals less redo.  Redo is never added to
 * the write totals: "physical write total IO requests" already counts
 * LGWR's writes (AWR.md section 4, measured).  The read classes hold all
 * of the instance's reads (RMAN's and the archiver's too): AWR splits
 * reads by size, not by function.
 *
 * Cross-checks (AWR.md section 6), each off by more than AWR_CHECK_PCT
 * (and AWR_CHECK_ABS per second, the printed figures' rounding) refuses
 * the report naming both sections and lines:
 *   IO Profile Total Requests (read, write, read+write) = physical read /
 *   write total IO requests per second, and read + write = read+write;
 *   IOStat TOTAL: read and write requests per second = the same totals
 *   (within AWR_CHECK_IOSTAT_ABS a second: another view's accounting);
 *   Load Profile Read / Write IO requests = physical read / write IO
 *   requests per second;
 *   the IOStat functions' writes are not more than the write totals.
 */
#ifndef ASMSIM_SIM_AWR_DERIVE_H
#define ASMSIM_SIM_AWR_DERIVE_H

#include <stdbool.h>
#include <stddef.h>

#include "sim/awr/awr_report.h"

#define AWR_CHECK_PCT 5.0           /* sections may differ this much */
#define AWR_CHECK_ABS 1.0           /* ... or this much per second */
#define AWR_CHECK_IOSTAT_ABS 10.0   /* IOStat (V$IOSTAT_FUNCTION, its own
                                       accounting) against the statistics:
                                       a real 19c report's quiet half hour
                                       differed by 9 writes/s of 55 */
#define AWR_DEFAULT_BLOCK 8192      /* db_block_size when not given */
#define AWR_MAX_USED 48
#define AWR_MAX_NOTES 8
#define AWR_REDO_BUCKETS 10

enum awr_class {
    AWR_CL_SINGLE_READS = 0,
    AWR_CL_MULTI_READS,
    AWR_CL_DBWR,                /* "data-writes" without IOStat */
    AWR_CL_DIRECT_WRITES,
    AWR_CL_REDO,
    AWR_CL_OTHER,
    AWR_CL_N,
};

struct awr_class_io {
    const char *name;           /* "single-reads", "redo", ... */
    const char *from;           /* how it was derived, in words */
    bool write;
    double iops;                /* requests per second */
    double mibps;               /* MiB per second */
    double avg_bytes;           /* mean request size; 0 when no I/O */
};

/* A figure the derivation used, as the report printed it. */
struct awr_used {
    char name[AWR_STAT_NAME_MAX + 24];
    enum awr_section section;
    double value;
    const char *unit;           /* "total", "/s", "s", "bytes", "MB/s" */
    int line;
};

struct awr_redo_bucket {
    double upto_kib;            /* the bucket's upper bound; 0: "inf" */
    double count;
    int line;
};

struct awr_derived {
    double elapsed_s;
    double block_bytes;
    struct awr_class_io cls[AWR_CL_N];
    double read_iops, write_iops;           /* the instance's totals */
    double read_mibps, write_mibps;
    double write_pct_bytes, write_pct_reqs; /* write share, percent */
    double redo_bytes_s;                    /* "redo size" / E; 0: none */
    double redo_calls_s;                    /* "redo writes" / E; 0: none */
    int n_redo_buckets;                     /* "redo write size count" */
    struct awr_redo_bucket redo_bucket[AWR_REDO_BUCKETS];
    int n_used;
    struct awr_used used[AWR_MAX_USED];
    int n_notes;
    char note[AWR_MAX_NOTES][240];
    int n_checks;                           /* cross-checks that held */
};

/* Derives *out from a report read by awr_report_parse/load.  0, or
   -EINVAL with why = "LINE: SECTION: what" (a statistic missing, or two
   sections that contradict each other, both named with their lines). */
int awr_derive(const struct awr_report *r, struct awr_derived *out,
               char *why, size_t why_len);

#endif
