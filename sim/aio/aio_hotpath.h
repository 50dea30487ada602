/*
 * aio_hotpath.h - what the direct path (aio_direct.c) and the threaded
 * path (aio_workers.c) share on the engine's side (aio_hotpath.c).
 */
#ifndef ASMSIM_SIM_AIO_HOTPATH_H
#define ASMSIM_SIM_AIO_HOTPATH_H

#include <stdbool.h>

#include "sim/aio/aio_dev.h"

/* aio_reap_start's answer when the caller has to wait for completions. */
#define AIO_REAP_WAIT (-1)

/* The monotonic clock, the backend's time. */
sim_ns aio_clock_ns(void);

/* Stamp io's submission at now and check it against its disk (aligned,
   inside the usable size, a write only on a writable run).  Returns true
   if it may go to the kernel; otherwise io is complete (result -EINVAL,
   -ERANGE or -EBADF, done at now) and the caller hands it back as a
   local completion. */
bool aio_admit(const struct aio_dev *a, struct sim_io *io, sim_ns now);

/* Queue a completion that never reached a worker (refused, or failed at
   io_submit) for the next reap(). */
void aio_local_push(struct aio_dev *a, struct sim_io *io);

/* Count io's result against its disk's failure streak, and a->failing. */
void aio_note_result(struct aio_dev *a, const struct sim_io *io);

/* What both reaps do before they wait.  Returns how many local
   completions it put in out (1..max), or 0 after a nap of the wait slice
   when nothing is in flight (in_flight: the caller's count), or
   AIO_REAP_WAIT with *now the clock and *wait_ns how long the caller may
   wait (up to the deadline, at most the reap slice). */
int aio_reap_start(struct aio_dev *a, int in_flight, struct sim_io **out,
                   int max, sim_ns deadline, sim_ns *now, sim_ns *wait_ns);

/* How many completions to take at once with in_flight I/Os in flight and
   room for max: 1..max. */
int aio_reap_want(int in_flight, int max);

#endif
