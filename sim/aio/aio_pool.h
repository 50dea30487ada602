/*
 * aio_pool.h - a worker's io_context, iocbs and buffers (aio_pool.c).
 */
#ifndef ASMSIM_SIM_AIO_POOL_H
#define ASMSIM_SIM_AIO_POOL_H

#include <stddef.h>
#include <stdint.h>

#include "sim/aio/aio_dev.h"

#define AIO_PAGE_BYTES 4096u

/* Lay out the read buffers of every worker from cfg->budget (a->cap and
   a->buf_bytes set): a->n_bufs, a->buf_class_bytes, a->n_keys,
   a->by_parent.  Returns the bytes of buffers one worker will allocate,
   the write buffer included. */
uint64_t aio_pool_plan(struct aio_dev *a, const struct devset_cfg *cfg);

/* Allocate w's iocbs, free stack, batch and event arrays (a->cap each),
   all slots free.  w->node must be set.  Returns 0 or -ENOMEM (no
   message: the caller says what it was opening). */
int aio_pool_alloc(struct aio_dev *a, struct aio_worker *w);

/* Allocate w's read buffers (as aio_pool_plan laid them out) and write buffer, on w->node when libnuma can,
   zero the first and fill the second with the write pattern.  Returns 0,
   or -ENOMEM with a message in why. */
int aio_pool_alloc_buffers(struct aio_dev *a, struct aio_worker *w,
                           char *why, size_t why_len);

/* Create w's io_context for a->cap I/Os, or with a->uring its io_uring
   (aio_uring_setup: after the buffers).  Returns 0, or -errno with a
   message in why (with the remedy when the system limit is reached). */
int aio_pool_setup(struct aio_dev *a, struct aio_worker *w,
                   char *why, size_t why_len);

/* Take an iocb from w's pool (one must be free) and prepare it for io;
   returns it, io in its data. */
struct iocb *aio_pool_prep(struct aio_dev *a, struct aio_worker *w,
                           struct sim_io *io);

/* Give cb back to w's pool. */
void aio_pool_put(struct aio_worker *w, struct iocb *cb);

/* An event's sim_io, its result (-ENODATA for a short transfer) and done
   time set, its iocb back in w's pool. */
struct sim_io *aio_pool_event_done(struct aio_worker *w,
                                   const struct io_event *ev, sim_ns now);

/* Destroy w's io_context (waiting for what is still in flight) and free
   what aio_pool_alloc and aio_pool_alloc_buffers allocated.  Safe on a
   partly built pool. */
void aio_pool_free(struct aio_dev *a, struct aio_worker *w);

#endif
