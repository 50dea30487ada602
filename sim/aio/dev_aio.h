/*
 * dev_aio.h - what the aio backend (dev_aio.c) shows beyond its dev_ops
 * table: how it deals targets to worker threads, so that the plan can be
 * tested for machines the tests do not run on (the plan lives in
 * aio_plan.c; its contract is in aio_plan.h), and the fault injection
 * tests use (aio_faults.c).
 */
#ifndef ASMSIM_SIM_DEV_AIO_H
#define ASMSIM_SIM_DEV_AIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/aio/aio_plan.h"       /* dev_aio_plan() */
#include "sim/core/device.h"
#include "sim/core/stop_flag.h"

extern const struct dev_ops dev_aio_ops;    /* real files and block devices */
extern const struct dev_ops dev_uring_ops;  /* the same through io_uring */

/* The aio backend's own configuration: the targets and what may be done
   to them (safety.h has the rules).  The CLI makes one for a run
   (sim_run_cfg.backend_cfg); the run_cfg hook copies it into the
   devset_cfg.backend_cfg open takes, with writable, limit_bytes,
   show_progress and stop, which the run decides. */
struct dev_aio_cfg {
    const char *const *paths;           /* [disks] files or block devices */
    bool writable;                      /* the run writes: open read-write */
    bool destroy_data;                  /* --destroy-data */
    bool ignore_signatures;             /* --ignore-signatures */
    uint64_t create_bytes;              /* --create SIZE, 0 = none */
    uint64_t limit_bytes;               /* no I/O reaches past this offset
                                           on any disk (the layout's disk
                                           size); 0 = each target's end */
    int threads;                        /* workers; 0 = auto */
    bool sqpoll;                        /* dev_uring_ops: --uring-sqpoll */
    bool show_progress;                 /* a progress line on stderr while
                                           --create writes its files */
    const sim_stop_flag *stop;          /* the run's: ends --create's
                                           writing (-ECANCELED) */
    char *info;                         /* optional: what open found out
                                           (targets, NUMA), for --verbose */
    size_t info_len;
};

/* Before a run with dev_uring_ops: does this kernel take io_uring (with
   SQPOLL when sqpoll)?  0, or -errno with one line in why that says so
   and points at --engine aio. */
int dev_uring_probe(bool sqpoll, char *why, size_t why_len);

/* Before a run that writes to path: 0, or -EROFS with one line in why
   naming it, saying it is read-only (a block device set read-only: it
   would open read-write and fail every write; a file on a file system
   mounted read-only) and what to do, the write option spelt write_flag
   (NULL: "--write").  Also checked when the target is opened. */
int dev_aio_writable(const char *path, const char *write_flag, char *why, size_t why_len);

/* Tests: inject faults into an open aio device set (dev_aio_ops), before
   its first I/O.  SPEC is a comma-separated list of DISK:KIND[@AFTER]
   [xCOUNT]: DISK a disk index or '*', KIND eio (completes with -EIO),
   short (half the bytes move) or stall (never completes), AFTER how many
   I/Os on the disk go through first (default 0), COUNT how many are then
   faulty (default all); e.g. "*:eio@200" or "0:short,1:stall@50".  NULL
   or "" removes the faults.  Returns 0, or -EINVAL with a message in why
   (the plan in force is left as it was).  The command-line tool takes the
   same SPEC from the environment variable ASMSIM_FAULTS (dev_aio.c). */
int dev_aio_faults(struct devset *ds, const char *spec, char *why,
                   size_t why_len);

#endif
