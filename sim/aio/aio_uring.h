/*
 * aio_uring.h - the io_uring side of the kernel boundary (aio_uring.c):
 * the same contract as io_setup / io_submit / io_getevents / io_destroy,
 * on a worker's ring, so that aio_kernel.h can put either under the paths.
 */
#ifndef ASMSIM_SIM_AIO_URING_H
#define ASMSIM_SIM_AIO_URING_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "sim/aio/aio_dev.h"

/* The test hook: when set, io_uring_queue_init is not called and fails
   with the errno named (ENOSYS, EPERM; anything else: ENOSYS), as on a
   kernel or seccomp policy that refuses io_uring. */
#define AIO_URING_FAIL_ENV "ASMSIM_URING_INIT_FAIL"

/* Can a ring be made here (with SQPOLL when sqpoll)?  Returns 0, or
   -errno with one line in why (see aio_uring_setup). */
int aio_uring_probe(bool sqpoll, char *why, size_t why_len);

/* Create w's ring for a->cap I/Os (SQPOLL when a->sqpoll), register the
   targets' files and w's buffers with it (either falls back to plain fds
   and buffers when the kernel refuses).  Every target and w's buffers
   must be set up.  Returns 0, or -errno with a message in why: one line
   that says io_uring is not available when the kernel refuses it. */
int aio_uring_setup(struct aio_dev *a, struct aio_worker *w, char *why,
                    size_t why_len);

/* Signal efd on every completion (the worker threads' poll). */
int aio_uring_notify(struct aio_worker *w, int efd);

/* io_submit's contract: put cbs[0..n) on the ring and submit them.
   Returns how many were taken from the front (a full ring takes fewer),
   or -EAGAIN when none was. */
int aio_uring_submit(struct aio_worker *w, long n, struct iocb **cbs);

/* io_getevents's contract: at least min_nr and at most nr completions
   into ev[] (obj: the iocb, res: the result), waiting up to ts (NULL:
   no limit).  Returns the count, fewer than min_nr (0) on the timeout,
   or -errno (-EINTR on a signal). */
int aio_uring_getevents(struct aio_worker *w, long min_nr, long nr,
                        struct io_event *ev, const struct timespec *ts);

/* io_destroy's contract: wait for what the kernel still has, then tear
   the ring down.  No-op on a worker without a ring. */
void aio_uring_free(struct aio_worker *w);

#endif
