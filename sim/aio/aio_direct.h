/*
 * aio_direct.h - the aio backend with one worker, the engine's own thread
 * (aio_direct.c).
 */
#ifndef ASMSIM_SIM_AIO_DIRECT_H
#define ASMSIM_SIM_AIO_DIRECT_H

#include "sim/aio/aio_dev.h"

/* dev_ops.submit on worker 0's pool: returns how many of ios[0..n) were
   taken (0 when the kernel takes none for now: EAGAIN). */
int aio_direct_submit(struct aio_dev *a, struct sim_io *const *ios, int n);

/* dev_ops.reap: local completions first, then io_getevents() until the
   deadline (at most the reap slice).  Returns the count, 0 on a timeout or
   a signal, or -errno. */
int aio_direct_reap(struct aio_dev *a, struct sim_io **out, int max,
                    sim_ns deadline);

#endif
