/*
 * aio_kernel.h - the one place the two engines differ: how a batch of
 * iocbs reaches the kernel and how its completions come back.
 *
 * Everything above this line (the pools, both paths, the faults) speaks
 * libaio's iocbs and io_events; with --engine uring (a->uring) the same
 * calls go to the worker's io_uring instead (aio_uring.c), which takes the
 * iocbs as the description of each I/O and hands back io_events.
 */
#ifndef ASMSIM_SIM_AIO_KERNEL_H
#define ASMSIM_SIM_AIO_KERNEL_H

#include "sim/aio/aio_dev.h"
#include "sim/aio/aio_uring.h"

/* io_getevents that first takes what w's context's ring already holds,
   from user space (aio_user_reap.c).  Same contract as io_getevents. */
int aio_user_getevents(struct aio_worker *w, long min_nr, long nr,
                       struct io_event *ev, struct timespec *ts);

/* io_submit on w's context or ring. */
static inline int aio_kernel_submit(struct aio_worker *w, long n,
                                    struct iocb **cbs)
{
    return w->dev->uring ? aio_uring_submit(w, n, cbs) :
                           io_submit(w->ctx, n, cbs);
}

/* io_getevents on w's context (read from user space) or ring. */
static inline int aio_kernel_getevents(struct aio_worker *w, long min_nr,
                                       long nr, struct io_event *ev,
                                       struct timespec *ts)
{
    return w->dev->uring ? aio_uring_getevents(w, min_nr, nr, ev, ts) :
                           aio_user_getevents(w, min_nr, nr, ev, ts);
}

#endif
