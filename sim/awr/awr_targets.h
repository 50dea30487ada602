/*
 * awr_targets.h - a derived report (awr_derive.h) as the targets of
 * `asmsim advise --awr FILE`: advise sizes one disk group for ORION's two
 * classes, small I/O (an I/O rate at one size) and large I/O (MB/s at
 * one size), one write share for both, and one small-I/O latency.  The
 * report's classes are mapped onto them so:
 *
 *   small I/O   every class whose mean request is at most
 *               AWR_SMALL_MAX_BYTES (128 KiB, ORION's large size):
 *               need_iops is the sum of their request rates; small_bytes
 *               their mean size weighted by requests (their bytes over
 *               their requests), rounded to 512 B
 *   large I/O   every larger class: need_mbps the sum of their MB/s in
 *               MB of 10^6 bytes (the report's MiB x 1.048576);
 *               large_bytes their mean size weighted by bytes, rounded
 *               to 512 B (the size most of their bytes move at)
 *   writes      the write classes' share of all classes' requests, in
 *               whole percent: advise draws each I/O of either class as
 *               a write with that chance, so the share of requests is
 *               the one that gives the report's count of writes (a
 *               share of bytes would count one 1 MiB write as 128 8 KiB
 *               ones)
 *   peak        every rate (need_iops, need_mbps) times the factor;
 *               sizes and the write share are the report's
 *
 * Worked on tests/awr/awr_19c.txt: small single-reads 2300 + dbwr 600 +
 * redo 300 + other-writes 30 = 3230/s, 36.25 MiB/s, 11768 B a request,
 * 11776 B rounded; large multi-reads 100 + direct-writes 12.5 = 112.5
 * MiB/s = 117.9648 MB/s, (100 x 512 KiB + 12.5 x 256 KiB) / 112.5 =
 * 495161 B, 495104 B rounded; writes 980 of 3480 requests = 28.16 %, 28.
 *
 * The latency (--keep-latency): the report's "db file sequential read"
 * average, the single-block read's; "log file parallel write" (LGWR's
 * write) is kept beside it, shown, not a target: advise takes one latency
 * target today.
 */
#ifndef ASMSIM_SIM_AWR_TARGETS_H
#define ASMSIM_SIM_AWR_TARGETS_H

#include <stddef.h>
#include <stdint.h>

#include "sim/awr/awr_derive.h"
#include "sim/awr/awr_report.h"

#define AWR_SMALL_MAX_BYTES (128.0 * 1024)  /* a class this size or less is small */
#define AWR_MB_PER_MIB 1.048576             /* 2^20 / 10^6 */

struct awr_targets {
    double peak;                /* the factor every rate was multiplied by */
    double need_iops;           /* small classes' requests per second x peak;
                                   0: no small class */
    double need_mbps;           /* large classes' MB/s (10^6 B/s) x peak; 0: none */
    uint32_t small_bytes;       /* their request-weighted mean; 0: none */
    uint32_t large_bytes;       /* their byte-weighted mean; 0: none */
    double write_pct_reqs;      /* writes' share of all classes' requests, % */
    int write_pct;              /* the same, rounded to a whole percent */
    unsigned small_classes;     /* bit 1 << enum awr_class of each small class */
    unsigned large_classes;     /* ... of each large class */
    struct awr_wait seq_read;   /* db file sequential read (line 0: none) */
    struct awr_wait log_write;  /* log file parallel write (line 0: none) */
};

/* The targets of a derived report at factor peak (> 0).  Never fails: a
   kind with no class has its rate and size 0. */
void awr_targets_of(const struct awr_report *r, const struct awr_derived *d, double peak,
                    struct awr_targets *out);

/* The small-I/O latency target of a report: the "db file sequential read"
   average in microseconds into *us.  0, or -EINVAL with why = "LINE:
   SECTION: what" when the report has no such average (the line: where
   the wait events start, or the report's last line when they are not in
   it). */
int awr_targets_latency(const struct awr_report *r, double *us, char *why,
                        size_t why_len);

/* Whether class c is small I/O: its mean request is at most
   AWR_SMALL_MAX_BYTES. */
static inline int awr_class_is_small(const struct awr_class_io *k)
{
    return k->avg_bytes <= AWR_SMALL_MAX_BYTES;
}

#endif
