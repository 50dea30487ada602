/*
 * aio_user_reap.c - libaio completions read from user space.
 *
 * io_setup maps the context's completion ring into the process (the
 * io_context_t is its address): a header, then io_events the kernel
 * writes at tail and the reader takes at head.  When completions are
 * already there, taking them from the ring costs no system call; only
 * when there are too few does io_getevents wait for the rest.  At a
 * deep queue most reaps find completions waiting, so this saves a
 * system call per batch and, on the direct path, the time between a
 * completion and the engine's next submission, which is the time that
 * slot of the device's queue stays empty (fio does the same with
 * userspace_reap).  The kernel supports it (fs/aio.c refills its
 * accounting from the ring's head); a ring it marks with incompatible
 * features, or a wrong magic, is left to io_getevents.
 *
 * A ring has one reader: the thread that does its worker's I/O.
 */
#include "sim/aio/aio_kernel.h"

#define AIO_RING_MAGIC 0xa10a10a1u

/* The kernel's struct aio_ring (fs/aio.c), the ABI fio also reads. */
struct aio_user_ring {
    unsigned id, nr, head, tail;
    unsigned magic, compat_features, incompat_features, header_length;
    struct io_event io_events[];
};

/* Up to nr events from the ring without a system call. */
static int take_from_ring(io_context_t ctx, long nr, struct io_event *ev)
{
    struct aio_user_ring *r = (struct aio_user_ring *)ctx;
    if (r->magic != AIO_RING_MAGIC || r->incompat_features != 0)
        return 0;
    unsigned head = r->head;
    unsigned tail = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);
    int k = 0;
    while (k < nr && head != tail) {
        ev[k++] = r->io_events[head];
        head = head + 1 == r->nr ? 0 : head + 1;
    }
    if (k > 0)
        __atomic_store_n(&r->head, head, __ATOMIC_RELEASE);
    return k;
}

int aio_user_getevents(struct aio_worker *w, long min_nr, long nr,
                       struct io_event *ev, struct timespec *ts)
{
    int k = take_from_ring(w->ctx, nr, ev);
    if (k >= min_nr || k == nr)
        return k;
    int rc = io_getevents(w->ctx, min_nr - k, nr - k, ev + k, ts);
    if (rc < 0)
        return k > 0 ? k : rc;
    return k + rc;
}
