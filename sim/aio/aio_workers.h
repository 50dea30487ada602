/*
 * aio_workers.h - the aio backend with two or more workers: I/O threads
 * fed by the engine (aio_workers.c).
 */
#ifndef ASMSIM_SIM_AIO_WORKERS_H
#define ASMSIM_SIM_AIO_WORKERS_H

#include <stddef.h>

#include "sim/aio/aio_dev.h"

/* Allocate the completion queue (a->cap entries).  Returns 0 or -ENOMEM
   (no message: the caller says what it was opening). */
int aio_workers_alloc_queue(struct aio_dev *a);

/* Allocate w's hand-over arrays: ring, stage and done (a->cap each).
   Returns 0 or -ENOMEM, as above. */
int aio_workers_alloc(struct aio_dev *a, struct aio_worker *w);

/* Start the worker threads, signals blocked in them, and wait until each
   has pinned itself, so that open can say where they run.  Every pool must
   be set up.  Returns 0, or -errno with a message in why; aio_workers_stop
   then stops those that started. */
int aio_workers_start(struct aio_dev *a, char *why, size_t why_len);

/* Tell every started thread to stop and join it; no-op without threads.
   What is still in flight is left to the pools' io_destroy. */
void aio_workers_stop(struct aio_dev *a);

/* Free w's hand-over: its mutex, eventfds and arrays.  After
   aio_workers_stop and aio_pool_free (its eventfd outlives its I/O). */
void aio_workers_free(struct aio_worker *w);

/* Free the completion queue and its mutex and condvar. */
void aio_workers_free_queue(struct aio_dev *a);

/* dev_ops.submit: check each I/O and stage it for its target's worker,
   then hand each worker its share.  Returns how many of ios[0..n) were
   taken: all, unless cap I/Os are handed out and not reaped back. */
int aio_workers_submit(struct aio_dev *a, struct sim_io *const *ios, int n);

/* dev_ops.reap: local completions first, then the completion queue,
   waiting until the deadline (at most the reap slice).  Returns the count,
   0 on a timeout, or a worker's fatal -errno. */
int aio_workers_reap(struct aio_dev *a, struct sim_io **out, int max,
                     sim_ns deadline);

#endif
