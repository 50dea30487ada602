/*
 * aio_direct.c - the direct path: one worker, the engine's own thread.
 *
 * With one worker, submit() and reap() make the system calls themselves:
 * io_submit() for everything submit() is handed that passes the check,
 * io_getevents() in reap().  That is the fastest way to drive one node: a
 * hand-off to another thread costs a wake-up (a futex or an eventfd write,
 * ~2-5 us of CPU each side) per batch, and measured on a 2-vCPU VM the
 * direct path gives more IOPS per CPU than two workers (README, "Threads
 * and NUMA").  Two or more workers are threads (aio_workers.c).
 *
 * submit() keeps ios[] in order: what it returns is a prefix of ios[] the
 * backend took, so an I/O refused by the check after the first one the
 * kernel would not take is left to the engine, which submits it again.
 * The refused ones inside the prefix, and any the kernel failed, come back
 * from the next reap() as local completions (aio_hotpath.c).
 */
#include <errno.h>
#include <time.h>

#include "sim/aio/aio_direct.h"
#include "sim/aio/aio_faults.h"
#include "sim/aio/aio_hotpath.h"
#include "sim/aio/aio_kernel.h"
#include "sim/aio/aio_pool.h"

int aio_direct_submit(struct aio_dev *a, struct sim_io *const *ios, int n)
{
    struct aio_worker *w = &a->w[0];
    sim_ns now = aio_clock_ns();
    int staged = 0, n_refused = 0, i;

    for (i = 0; i < n; i++) {
        struct sim_io *io = ios[i];
        if (!aio_admit(a, io, now)) {
            a->refused[n_refused] = io;
            a->refused_index[n_refused++] = i;
            continue;
        }
        if (w->n_free == 0)
            break;
        w->batch[staged] = aio_pool_prep(a, w, io);
        w->batch_index[staged++] = i;
    }
    int accepted = i;               /* ios[0..accepted) are taken */
    int done = 0;
    while (done < staged) {
        int r = aio_sys_submit(w, staged - done, w->batch + done);
        if (r > 0) {
            done += r;
            w->in_flight += r;
        } else if (r == 0 || r == -EAGAIN || r == -EINTR) {
            break;                  /* the rest waits for a reap */
        } else {
            /* the first of the rest is bad: it fails, the others go on */
            struct sim_io *io = w->batch[done]->data;
            io->result = r;
            io->done_ns = now;
            aio_pool_put(w, w->batch[done]);
            aio_local_push(a, io);
            aio_note_result(a, io);
            done++;
        }
    }
    if (done < staged) {
        accepted = w->batch_index[done];
        for (int k = done; k < staged; k++)
            aio_pool_put(w, w->batch[k]);
    }
    for (int k = 0; k < n_refused && a->refused_index[k] < accepted; k++) {
        aio_local_push(a, a->refused[k]);
        aio_note_result(a, a->refused[k]);
    }
    return accepted;
}

int aio_direct_reap(struct aio_dev *a, struct sim_io **out, int max,
                    sim_ns deadline)
{
    struct aio_worker *w = &a->w[0];
    sim_ns now, wait_ns;
    int k = aio_reap_start(a, w->in_flight, out, max, deadline, &now,
                           &wait_ns);
    if (k != AIO_REAP_WAIT)
        return k;
    struct timespec ts = { (time_t)(wait_ns / SIM_NS_PER_S),
                           (long)(wait_ns % SIM_NS_PER_S) };
    /* Take at most an eighth of what is in flight: the engine resubmits
       what it reaped in one batch, so a big batch keeps that many slots
       of the device's queue empty while it is processed and submitted.
       The rest stay in the ring and are taken at once by the next call. */
    int r = aio_kernel_getevents(w, 1, aio_reap_want(w->in_flight, max),
                         w->events, &ts);
    if (r == -EINTR)
        return 0;                   /* a signal: let the engine look at it */
    if (r < 0)
        return r;
    now = aio_clock_ns();
    for (int e = 0; e < r; e++) {
        if (a->faults)
            aio_faults_event(a, &w->events[e]);
        struct sim_io *io = aio_pool_event_done(w, &w->events[e], now);
        aio_note_result(a, io);
        out[e] = io;
    }
    w->in_flight -= r;
    return r;
}
