/*
 * awr_workload.h - a derived workload (awr_derive.h) as asmsim's workload
 * classes (workloads/wl_spec.h), the ones `asmsim awr -o FILE` writes and
 * `run --workload FILE` runs.
 *
 * Each class with I/O becomes an open-loop class at its rate (Poisson
 * arrivals: a database's sessions arrive independently), of its mean
 * size rounded to 512 bytes, 100 % reads or 100 % writes:
 *
 *   class          group  pattern                    size
 *   single-reads   DATA   random                     the block size
 *   multi-reads    DATA   random                     their mean
 *   dbwr           DATA   random                     its mean
 *   direct-writes  DATA   sequential, 1 stream       its mean
 *   redo           REDO   sequential, 1 stream       its mean
 *   other-writes   RECO   sequential, 1 stream       its mean
 *
 * The patterns, the streams and the groups are choices (AWR says nothing
 * of where on disk an I/O lands): many sessions' multiblock reads over a
 * striped disk group look random to it; LGWR and the archiver write
 * their files in order.  The redo class writes its mean size, so its MB/s
 * is the report's; "redo write size count", where the report has it, is
 * printed, not run.  A class with no I/O is left out.
 */
#ifndef ASMSIM_SIM_AWR_WORKLOAD_H
#define ASMSIM_SIM_AWR_WORKLOAD_H

#include <stddef.h>

#include "sim/awr/awr_derive.h"
#include "sim/awr/awr_report.h"
#include "workloads/wl_spec.h"

/* The disk group each class goes to ("DATA", "REDO", "RECO"). */
const char *awr_class_group(enum awr_class c);

/* bytes rounded to the nearest multiple of 512, within wl_spec's sizes
   (512 B .. 64 MiB): a class's size as a workload or advise runs it. */
uint32_t awr_io_size(double bytes);

/* The workload of a derived report: name "awr-DB-BEGIN-END" (characters
   a name may not have become '-'), a description of the report and
   interval.  0, or -EINVAL with why: no class has I/O, or a class out of
   wl_spec's bounds (a rate above WL_MAX_RATE_IOPS). */
int awr_workload(const struct awr_report *r, const struct awr_derived *d,
                 struct wl_spec *out, char *why, size_t why_len);

#endif
