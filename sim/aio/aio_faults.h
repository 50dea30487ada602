/*
 * aio_faults.h - fault injection at the aio backend's kernel boundary
 * (aio_faults.c): chosen disks fail with EIO, transfer short or stall,
 * after so many I/Os, so that the paths a failing device takes are tested
 * without one.  Internal to the backend; the way in is dev_aio_faults()
 * (dev_aio.h) or ASMSIM_FAULTS (dev_aio.c).
 */
#ifndef ASMSIM_SIM_AIO_FAULTS_H
#define ASMSIM_SIM_AIO_FAULTS_H

#include <stddef.h>
#include <stdint.h>

#include "sim/aio/aio_dev.h"
#include "sim/aio/aio_kernel.h"

enum aio_fault_kind {
    AIO_FAULT_NONE = 0,
    AIO_FAULT_EIO,              /* completes with -EIO */
    AIO_FAULT_SHORT,            /* completes with half the bytes */
    AIO_FAULT_STALL,            /* never reaches the kernel, never completes */
};

/* One disk's fault.  Written by the thread that does the disk's worker's
   I/O only (the engine's on the direct path), so it takes no lock. */
struct aio_fault {
    enum aio_fault_kind kind;
    uint64_t after_ios;         /* I/Os that go through untouched first */
    uint64_t count_ios;         /* then this many are faulty; 0 = all */
    uint64_t seen_ios;          /* counted so far: completions (eio, short)
                                   or submissions (stall) */
    uint64_t hit_ios;           /* made faulty so far */
};

/* Parse SPEC for a set of `disks` disks into out[disks] (cleared first).
   SPEC is a comma-separated list of DISK:KIND[@AFTER][xCOUNT]: DISK a
   disk index or '*' for every disk, KIND eio, short or stall, AFTER the
   I/Os on that disk that go through first (default 0), COUNT how many are
   then faulty (default: all that follow).  A later item overrides an
   earlier one for the disks both name.  Returns 0, or -EINVAL with a
   message in why that quotes the bad item and what would be valid. */
int aio_faults_parse(const char *spec, int disks, struct aio_fault *out,
                     char *why, size_t why_len);

/* w's submit (aio_kernel.h) through the faults: iocbs of a stalling disk
   are taken and held (never submitted, never completed), the rest go to
   the kernel in order.  Same return as io_submit: how many of cbs[0..n)
   were taken from the front, or -errno when none was. */
int aio_faults_submit(struct aio_worker *w, long n, struct iocb **cbs);

/* Before an event from the kernel is turned into a completion: count it
   against its disk and, when the disk's fault says so, change its result
   to -EIO or to a short transfer. */
void aio_faults_event(struct aio_dev *a, struct io_event *ev);

/* The submit every path uses: the kernel's, or through the faults. */
static inline int aio_sys_submit(struct aio_worker *w, long n,
                                 struct iocb **cbs)
{
    return w->dev->faults ? aio_faults_submit(w, n, cbs) :
                            aio_kernel_submit(w, n, cbs);
}

#endif
