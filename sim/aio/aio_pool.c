/*
 * aio_pool.c - the resources a worker does its I/O with: an io_context,
 * a fixed pool of iocbs and the buffers they point at.
 *
 * With --engine uring the context is an io_uring (aio_uring.c), made by
 * aio_pool_setup after the buffers, which it registers.
 *
 * Memory, fixed at open
 * ---------------------
 * Per worker (any worker may be handed every I/O in flight):
 *   iocbs[max_outstanding]      a free stack (one per physical I/O)
 *   read buffers, per class     budget.slots[c] of budget.io_bytes[c],
 *                               page aligned, on the worker's node
 *   one write buffer of max_io_bytes, filled with WRITE_PATTERN
 * A read takes the buffer of its logical I/O (sim_io.parent): the first
 * piece of that I/O to reach the worker pops a free buffer of the I/O's
 * class, the others share it, the last to complete pushes it back.  The
 * data a read brings is never looked at, and every piece is no bigger
 * than its logical I/O, so overlapping pieces in one buffer are harmless;
 * what this saves is the buffers that sizing per iocb for the largest
 * class would pin: the pieces bound (up to twice the I/Os for reads that
 * cross a boundary, more with mirrored writes) times the largest size,
 * 1.25 GiB for a 1,000-target 8 KiB OLTP run against 40 MiB now
 * (io_budget.c).  A free stack per class always has a buffer for the
 * next logical I/O, because the engine never has more of a class in
 * flight than its slots.  Without a budget (devset_cfg.budget zero, as
 * the backend's own tests open it) each iocb has its own buffer of
 * max_io_bytes, keyed by the iocb.
 *
 * Writes all come from the pattern buffer: what a write carries does not
 * matter to a device, and a buffer that no read ever lands in keeps the
 * pattern that a test reads back to prove the data reached the device.
 *
 * Buffers come from the worker's NUMA node (numa_alloc_onnode) when it has
 * one that libnuma knows and the node has room, else from ordinary memory;
 * every page is touched at open, not on the hot path.
 *
 * A pool is used only by the thread that does its worker's I/O, so none of
 * this takes a lock.
 */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <numa.h>

#include "sim/aio/aio_plan.h"
#include "sim/aio/aio_pool.h"
#include "sim/aio/aio_uring.h"

static const char WRITE_PATTERN[] = "ASMSIM-WRITTEN!\n";    /* 16 bytes */

uint64_t aio_pool_plan(struct aio_dev *a, const struct devset_cfg *cfg)
{
    const struct sim_io_budget *b = &cfg->budget;

    a->by_parent = sim_budget_outstanding(b) > 0;
    if (a->by_parent) {
        a->n_classes = b->n;
        a->n_keys = 0;
        size_t base = 0;
        for (int c = 0; c < b->n; c++) {
            a->n_bufs[c] = b->slots[c] > 0 ? b->slots[c] : 0;
            a->buf_class_bytes[c] = (b->io_bytes[c] + AIO_PAGE_BYTES - 1) /
                                    AIO_PAGE_BYTES * AIO_PAGE_BYTES;
            a->buf_class_base[c] = base;
            base += (size_t)a->n_bufs[c] * a->buf_class_bytes[c];
            a->n_keys += a->n_bufs[c];
        }
        return sim_budget_worker_buffer_bytes(b);
    }
    a->n_classes = 1;
    a->n_bufs[0] = a->cap;
    a->buf_class_bytes[0] = a->buf_bytes;
    a->buf_class_base[0] = 0;
    a->n_keys = a->cap;
    return (uint64_t)a->buf_bytes * ((uint64_t)a->cap + 1);
}

int aio_pool_alloc(struct aio_dev *a, struct aio_worker *w)
{
    size_t cap = (size_t)a->cap;
    w->rbuf_total = 0;
    for (int c = 0; c < a->n_classes; c++)
        w->rbuf_total += (size_t)a->n_bufs[c] * a->buf_class_bytes[c];
    if (w->rbuf_total == 0)
        w->rbuf_total = AIO_PAGE_BYTES;     /* never a zero-size allocation */
    w->iocb = calloc(cap, sizeof(*w->iocb));
    w->free_slot = calloc(cap, sizeof(*w->free_slot));
    w->batch = calloc(cap, sizeof(*w->batch));
    w->batch_index = calloc(cap, sizeof(*w->batch_index));
    w->events = calloc(cap, sizeof(*w->events));
    w->iocb_key = calloc(cap, sizeof(*w->iocb_key));
    w->key_buf = calloc((size_t)a->n_keys, sizeof(*w->key_buf));
    w->key_refs = calloc((size_t)a->n_keys, sizeof(*w->key_refs));
    bool stacks = true;
    for (int c = 0; c < a->n_classes; c++) {
        w->buf_free[c] = calloc((size_t)a->n_bufs[c] + 1,
                                sizeof(*w->buf_free[c]));
        stacks = stacks && w->buf_free[c];
    }
    if (!w->iocb || !w->free_slot || !w->batch || !w->batch_index ||
        !w->events || !w->iocb_key || !w->key_buf || !w->key_refs || !stacks)
        return -ENOMEM;
    for (int i = 0; i < a->cap; i++) {
        w->free_slot[i] = a->cap - 1 - i;
        w->iocb_key[i] = -1;
    }
    w->n_free = a->cap;
    for (int c = 0; c < a->n_classes; c++) {
        for (int i = 0; i < a->n_bufs[c]; i++)
            w->buf_free[c][i] = a->n_bufs[c] - 1 - i;
        w->n_buf_free[c] = a->n_bufs[c];
    }
    return 0;
}

int aio_pool_alloc_buffers(struct aio_dev *a, struct aio_worker *w,
                           char *why, size_t why_len)
{
    if (w->node >= 0 && w->node < aio_numa_nodes()) {
        w->rbuf = numa_alloc_onnode(w->rbuf_total, w->node);
        w->wbuf = numa_alloc_onnode(a->buf_bytes, w->node);
        if (w->rbuf && w->wbuf) {
            w->numa_alloc = true;
        } else {
            if (w->rbuf)
                numa_free(w->rbuf, w->rbuf_total);
            if (w->wbuf)
                numa_free(w->wbuf, a->buf_bytes);
            w->rbuf = w->wbuf = NULL;
        }
    }
    if (!w->rbuf) {
        if (posix_memalign((void **)&w->rbuf, AIO_PAGE_BYTES,
                           w->rbuf_total) != 0)
            w->rbuf = NULL;
        if (posix_memalign((void **)&w->wbuf, AIO_PAGE_BYTES,
                           a->buf_bytes) != 0)
            w->wbuf = NULL;
    }
    if (!w->rbuf || !w->wbuf) {
        snprintf(why, why_len, "cannot allocate %zu bytes of I/O buffers",
                 w->rbuf_total + a->buf_bytes);
        return -ENOMEM;
    }
    memset(w->rbuf, 0, w->rbuf_total);
    for (size_t i = 0; i < a->buf_bytes; i += sizeof WRITE_PATTERN - 1)
        memcpy(w->wbuf + i, WRITE_PATTERN, sizeof WRITE_PATTERN - 1);
    return 0;
}

int aio_pool_setup(struct aio_dev *a, struct aio_worker *w,
                   char *why, size_t why_len)
{
    if (a->uring)
        return aio_uring_setup(a, w, why, why_len);
    int rc = io_setup(a->cap, &w->ctx);
    if (rc < 0) {
        w->ctx = 0;
        snprintf(why, why_len, "io_setup(%d)%s: %s%s", a->cap,
                 a->n_workers > 1 ? " per worker" : "", strerror(-rc),
                 rc == -EAGAIN ? "; raise /proc/sys/fs/aio-max-nr or use "
                 "lower loads" : "");
    }
    return rc;
}

/* The read buffer for io in iocb `slot`: its key's, popped from the
   class's free stack by the first read of the key. */
static char *read_buffer(struct aio_dev *a, struct aio_worker *w, int slot,
                         const struct sim_io *io)
{
    int key = a->by_parent ? (int)io->parent : slot;
    int c = a->by_parent ? io->cls : 0;

    /* the engine's side of the budget (device.h), not input */
    assert(key >= 0 && key < a->n_keys && c >= 0 && c < a->n_classes);
    assert(io->size_bytes <= a->buf_class_bytes[c]);
    if (w->key_refs[key]++ == 0) {
        assert(w->n_buf_free[c] > 0);
        w->key_buf[key] = w->buf_free[c][--w->n_buf_free[c]];
    }
    w->iocb_key[slot] = key;
    return w->rbuf + a->buf_class_base[c] +
           (size_t)w->key_buf[key] * a->buf_class_bytes[c];
}

struct iocb *aio_pool_prep(struct aio_dev *a, struct aio_worker *w,
                           struct sim_io *io)
{
    int slot = w->free_slot[--w->n_free];
    struct iocb *cb = &w->iocb[slot];
    int fd = a->disk[io->disk].fd;
    if (io->is_write)
        io_prep_pwrite(cb, fd, w->wbuf, io->size_bytes,
                       (long long)io->offset_bytes);
    else
        io_prep_pread(cb, fd, read_buffer(a, w, slot, io), io->size_bytes,
                      (long long)io->offset_bytes);
    cb->data = io;
    return cb;
}

void aio_pool_put(struct aio_worker *w, struct iocb *cb)
{
    int slot = (int)(cb - w->iocb);
    int key = w->iocb_key[slot];

    if (key >= 0) {
        struct aio_dev *a = w->dev;
        int c = a->by_parent ? ((const struct sim_io *)cb->data)->cls : 0;
        if (--w->key_refs[key] == 0)
            w->buf_free[c][w->n_buf_free[c]++] = w->key_buf[key];
        w->iocb_key[slot] = -1;
    }
    w->free_slot[w->n_free++] = slot;
}

struct sim_io *aio_pool_event_done(struct aio_worker *w,
                                   const struct io_event *ev, sim_ns now)
{
    struct iocb *cb = ev->obj;
    struct sim_io *io = cb->data;
    long res = (long)ev->res;
    io->done_ns = now;
    io->result = res < 0 ? (int32_t)res :
                 (uint64_t)res == io->size_bytes ? (int32_t)res : -ENODATA;
    aio_pool_put(w, cb);
    return io;
}

void aio_pool_free(struct aio_dev *a, struct aio_worker *w)
{
    if (w->ctx)
        io_destroy(w->ctx);     /* waits for what is still in flight */
    aio_uring_free(w);          /* the same, for a ring */
    if (w->numa_alloc) {
        if (w->rbuf)
            numa_free(w->rbuf, w->rbuf_total);
        if (w->wbuf)
            numa_free(w->wbuf, a->buf_bytes);
    } else {
        free(w->rbuf);
        free(w->wbuf);
    }
    free(w->iocb);
    free(w->free_slot);
    free(w->iocb_key);
    free(w->key_buf);
    free(w->key_refs);
    for (int c = 0; c < WL_MAX_CLASSES; c++)
        free(w->buf_free[c]);
    free(w->batch);
    free(w->batch_index);
    free(w->events);
}
