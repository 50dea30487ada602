/*
 * aio_pool.c - the resources a worker does its I/O with: an io_context,
 * a fixed pool of iocbs and the buffers they point at.
 *
 * Memory, fixed at open
 * ---------------------
 * Per worker (any worker may be handed every I/O in flight):
 *   iocbs[max_outstanding]      a free stack
 *   read buffers[max_outstanding] x max_io_bytes, page aligned, on its node
 *   one write buffer of max_io_bytes, filled with WRITE_PATTERN
 * Read buffer i belongs to iocb i, so a free iocb always has a buffer and
 * nothing is allocated after open.  Writes all come from the pattern
 * buffer: what a write carries does not matter to a device, and a buffer
 * that no read ever lands in keeps the pattern that a test reads back to
 * prove the data reached the device.
 *
 * Buffers come from the worker's NUMA node (numa_alloc_onnode) when it has
 * one that libnuma knows and the node has room, else from ordinary memory;
 * every page is touched at open, not on the hot path.
 *
 * A pool is used only by the thread that does its worker's I/O, so none of
 * this takes a lock.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <numa.h>

#include "sim/aio_plan.h"
#include "sim/aio_pool.h"

static const char WRITE_PATTERN[] = "ASMSIM-WRITTEN!\n";    /* 16 bytes */

int aio_pool_alloc(struct aio_dev *a, struct aio_worker *w)
{
    size_t cap = (size_t)a->cap;
    w->rbuf_total = a->buf_bytes * cap;
    w->iocb = calloc(cap, sizeof(*w->iocb));
    w->free_slot = calloc(cap, sizeof(*w->free_slot));
    w->batch = calloc(cap, sizeof(*w->batch));
    w->batch_index = calloc(cap, sizeof(*w->batch_index));
    w->events = calloc(cap, sizeof(*w->events));
    if (!w->iocb || !w->free_slot || !w->batch || !w->batch_index ||
        !w->events)
        return -ENOMEM;
    for (int i = 0; i < a->cap; i++)
        w->free_slot[i] = a->cap - 1 - i;
    w->n_free = a->cap;
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
        io_prep_pread(cb, fd, w->rbuf + (size_t)slot * a->buf_bytes,
                      io->size_bytes, (long long)io->offset_bytes);
    cb->data = io;
    return cb;
}

void aio_pool_put(struct aio_worker *w, struct iocb *cb)
{
    w->free_slot[w->n_free++] = (int)(cb - w->iocb);
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
    free(w->batch);
    free(w->batch_index);
    free(w->events);
}
