/*
 * dev_aio.c - real files and block devices: libaio with O_DIRECT.
 *
 * The backend carries out the engine's physical I/Os on the targets the
 * user named, the way ORION drives LUNs: asynchronous direct I/O, no page
 * cache, as many requests in flight as the load point asks for.
 *
 * Opening (before the first I/O)
 * ------------------------------
 * Every target passes safety_check() (safety.c: the rules of what may be
 * written), files asked for with --create are made and marked, then each
 * is opened O_DIRECT, read-only unless the run writes, and block devices
 * O_EXCL as well, so that nothing can mount or claim them while asmsim
 * runs.  The logical block size is asked of each device; every I/O's
 * offset and size must be a multiple of it, and open refuses up front, with
 * the sizes that would work, when the engine's granularity
 * (devset_cfg.io_align_bytes) is not.
 *
 * Memory, fixed at open
 * ---------------------
 *   iocbs[max_outstanding]      one per physical I/O in flight, a free stack
 *   read buffers[max_outstanding] x max_io_bytes, page aligned
 *   one write buffer of max_io_bytes, filled with WRITE_PATTERN
 * Writes all come from the one pattern buffer: what a write carries does
 * not matter to a device, and a buffer that no read ever lands in keeps
 * the pattern that a test reads back to prove the data reached the device.
 * With libnuma and targets on a known node, the buffers are allocated on
 * that node and the worker thread is run there; open says what it did in
 * cfg->info (printed by --verbose).  Nothing is allocated after open.
 *
 * Submission and completion
 * -------------------------
 * submit() reads the clock once, checks each I/O against its disk (aligned,
 * inside the usable size, a write only on a writable run: otherwise it
 * completes at once with -EINVAL / -ERANGE / -EBADF, without reaching the
 * kernel), and hands everything to one io_submit().  A partial submit
 * returns how many were taken; EAGAIN takes none (the engine reaps and
 * tries again); any other error fails the first I/O of the rest and goes
 * on.  reap() returns those local completions first, then waits in
 * io_getevents() for at least one completion, at most until the deadline
 * and never longer than REAP_SLICE_NS, so that a stop request (SIGINT
 * interrupts the wait: EINTR) or a hung device is noticed; it reads the
 * clock once per batch.  A batch is at most an eighth of the I/Os in
 * flight: the engine resubmits a batch only after processing all of it,
 * so draining the whole ring at once (which a sleeping worker wakes up to
 * find) leaves the device's queue short for that long; on a VM disk at
 * QD 32 that cost ~15 % of the IOPS against fio, which reaps one at a time.  Latency is the completion seen minus the
 * submission.
 *
 * Faults: an error, or a short transfer (result -ENODATA: the bytes the
 * engine asked for did not all move), is counted by the engine per disk
 * and per class, and the run goes on.  A disk whose last FAIL_STREAK
 * completions all failed is failing; when every disk is failing, reap()
 * returns -EIO and the run stops with what it measured so far.
 *
 * Threads: one worker drives every target (--threads 1, the default).
 * More workers are not in this build; open refuses --threads > 1.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libaio.h>
#include <numa.h>

#include "sim/device.h"
#include "sim/safety.h"

#define REAP_SLICE_NS (50 * SIM_NS_PER_MS)
#define REAP_BATCH_DIV 8            /* reap <= in_flight / 8 at a time */
#define FAIL_STREAK 32
#define PAGE_BYTES 4096u
#define MAX_BUFFER_BYTES (4ull << 30)   /* refuse to pin more than this */

static const char WRITE_PATTERN[] = "ASMSIM-WRITTEN!\n";    /* 16 bytes */

struct aio_disk {
    int fd;
    uint64_t limit_bytes;       /* no I/O reaches past this offset */
    uint64_t align_mask;        /* logical block size - 1 */
    uint32_t fail_streak;       /* consecutive failed completions */
};

struct aio_dev {
    io_context_t ctx;
    int cap;
    struct iocb *iocb;          /* [cap] */
    int *free_slot;             /* [cap] stack of iocb indices */
    int n_free;
    struct iocb **batch;        /* [cap] one io_submit's vector */
    int *batch_index;           /* [cap] index in ios[] of batch[i] */
    struct sim_io **refused;    /* [cap] checked out before the kernel */
    int *refused_index;
    struct sim_io **local;      /* [cap] ring of local completions */
    int local_head, local_n;
    struct io_event *events;    /* [cap] */
    char *rbuf;                 /* [cap] x buf_bytes */
    char *wbuf;                 /* buf_bytes, the pattern */
    size_t buf_bytes;
    size_t rbuf_total;
    bool numa_alloc;            /* buffers from numa_alloc_onnode */
    int in_flight;
    bool writable;
    int disks;
    int failing;                /* disks at FAIL_STREAK or more */
    struct aio_disk *disk;      /* [disks] */
};

static sim_ns monotonic_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (sim_ns)ts.tv_sec * SIM_NS_PER_S + ts.tv_nsec;
}

/* ---- open / close ------------------------------------------------------ */

static void info_add(const struct devset_cfg *cfg, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void info_add(const struct devset_cfg *cfg, const char *fmt, ...)
{
    if (!cfg->info || cfg->info_len == 0)
        return;
    size_t used = strnlen(cfg->info, cfg->info_len);
    if (used + 1 >= cfg->info_len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cfg->info + used, cfg->info_len - used, fmt, ap);
    va_end(ap);
}

static void free_buffers(struct aio_dev *a)
{
    if (a->numa_alloc) {
        if (a->rbuf)
            numa_free(a->rbuf, a->rbuf_total);
        if (a->wbuf)
            numa_free(a->wbuf, a->buf_bytes);
    } else {
        free(a->rbuf);
        free(a->wbuf);
    }
    a->rbuf = a->wbuf = NULL;
}

static void aio_free(struct aio_dev *a)
{
    if (!a)
        return;
    if (a->ctx)
        io_destroy(a->ctx);     /* waits for what is still in flight */
    for (int d = 0; a->disk && d < a->disks; d++)
        if (a->disk[d].fd >= 0)
            close(a->disk[d].fd);
    free_buffers(a);
    free(a->disk);
    free(a->iocb);
    free(a->free_slot);
    free(a->batch);
    free(a->batch_index);
    free(a->refused);
    free(a->refused_index);
    free(a->local);
    free(a->events);
    free(a);
}

/* The node that hosts the most targets with a known node, or -1. */
static int home_node(const int *nodes, int n, int *distinct)
{
    int best = -1, best_count = 0;
    *distinct = 0;
    for (int i = 0; i < n; i++) {
        if (nodes[i] < 0)
            continue;
        int count = 0;
        bool first = true;
        for (int j = 0; j < n; j++) {
            if (nodes[j] == nodes[i])
                count++;
            if (j < i && nodes[j] == nodes[i])
                first = false;
        }
        if (first)
            (*distinct)++;
        if (count > best_count) {
            best_count = count;
            best = nodes[i];
        }
    }
    return best;
}

/* Buffers on the targets' node when libnuma can do it; page aligned. */
static int alloc_buffers(struct aio_dev *a, const struct devset_cfg *cfg,
                         const int *nodes, char *why, size_t why_len)
{
    int distinct = 0;
    int node = home_node(nodes, cfg->disks, &distinct);
    bool numa = numa_available() >= 0;

    if (!numa) {
        info_add(cfg, "NUMA: libnuma reports NUMA unavailable; buffers from "
                 "ordinary memory, worker not pinned\n");
    } else if (node < 0) {
        info_add(cfg, "NUMA: %d node%s; no target reports a NUMA node (files "
                 "on virtual or loop devices do not); buffers from ordinary "
                 "memory, worker not pinned\n", numa_max_node() + 1,
                 numa_max_node() == 0 ? "" : "s");
    } else if (node > numa_max_node()) {
        numa = false;
        info_add(cfg, "NUMA: targets report node %d, which libnuma does not "
                 "know; buffers from ordinary memory\n", node);
    }
    if (numa && node >= 0) {
        a->rbuf = numa_alloc_onnode(a->rbuf_total, node);
        a->wbuf = numa_alloc_onnode(a->buf_bytes, node);
        if (a->rbuf && a->wbuf) {
            a->numa_alloc = true;
            int pinned = numa_run_on_node(node);
            info_add(cfg, "NUMA: %d node%s; targets on %d node%s; 1 worker "
                     "%s node %d, buffers allocated there%s\n",
                     numa_max_node() + 1, numa_max_node() == 0 ? "" : "s",
                     distinct, distinct == 1 ? "" : "s",
                     pinned == 0 ? "pinned to" : "(not pinned: not allowed) for",
                     node, distinct > 1 ? " (this build runs one worker for "
                     "all nodes)" : "");
        } else {
            if (a->rbuf)
                numa_free(a->rbuf, a->rbuf_total);
            if (a->wbuf)
                numa_free(a->wbuf, a->buf_bytes);
            a->rbuf = a->wbuf = NULL;
            info_add(cfg, "NUMA: cannot allocate on node %d; buffers from "
                     "ordinary memory\n", node);
        }
    }
    if (!a->rbuf) {
        if (posix_memalign((void **)&a->rbuf, PAGE_BYTES, a->rbuf_total) != 0)
            a->rbuf = NULL;
        if (posix_memalign((void **)&a->wbuf, PAGE_BYTES, a->buf_bytes) != 0)
            a->wbuf = NULL;
    }
    if (!a->rbuf || !a->wbuf) {
        snprintf(why, why_len, "cannot allocate %zu bytes of I/O buffers",
                 a->rbuf_total + a->buf_bytes);
        return -ENOMEM;
    }
    /* touch every page now, on the right node, not on the hot path */
    memset(a->rbuf, 0, a->rbuf_total);
    for (size_t i = 0; i < a->buf_bytes; i += sizeof WRITE_PATTERN - 1)
        memcpy(a->wbuf + i, WRITE_PATTERN, sizeof WRITE_PATTERN - 1);
    return 0;
}

static int open_target(struct aio_dev *a, const struct devset_cfg *cfg, int d,
                       int *node, char *why, size_t why_len)
{
    const char *path = cfg->paths[d];
    struct safety_policy pol = {
        .write = cfg->writable,
        .destroy_data = cfg->destroy_data,
        .ignore_signatures = cfg->ignore_signatures,
        .create_bytes = cfg->create_bytes,
        .size_limit_bytes = cfg->limit_bytes,
    };
    struct safety_target t;
    int rc = safety_check(path, &pol, &t, why, why_len);
    if (rc < 0)
        return rc;
    if (t.will_create &&
        (rc = safety_create_file(path, cfg->create_bytes, why, why_len)) < 0)
        return rc;
    if (cfg->limit_bytes > t.usable_bytes) {
        snprintf(why, why_len, "%s: %llu usable bytes, but the disk group "
                 "needs %llu on every target; give a larger target or a "
                 "smaller --size-limit", path,
                 (unsigned long long)t.usable_bytes,
                 (unsigned long long)cfg->limit_bytes);
        return -ENOSPC;
    }
    uint32_t lbs = t.logical_block_bytes;
    if (cfg->io_align_bytes % lbs != 0) {
        snprintf(why, why_len, "%s: logical block size %u bytes, but I/O "
                 "sizes and offsets are multiples of %u bytes only; use I/O "
                 "sizes that are multiples of %u", path, lbs,
                 cfg->io_align_bytes, lbs);
        return -EINVAL;
    }
    int flags = (cfg->writable ? O_RDWR : O_RDONLY) | O_DIRECT | O_CLOEXEC;
    if (t.kind == SAFETY_BLOCK)
        flags |= O_EXCL;
    int fd = open(path, flags);
    if (fd < 0) {
        int e = errno;
        snprintf(why, why_len, "%s: cannot open it %s with O_DIRECT: %s",
                 path, cfg->writable ? "read-write" : "read-only", strerror(e));
        return -e;
    }
    a->disk[d].fd = fd;
    a->disk[d].limit_bytes = cfg->limit_bytes ? cfg->limit_bytes : t.usable_bytes;
    a->disk[d].align_mask = lbs - 1;
    *node = t.numa_node;
    char node_text[16] = "unknown";
    if (t.numa_node >= 0)
        snprintf(node_text, sizeof node_text, "%d", t.numa_node);
    info_add(cfg, "target %d: %s: %s, %llu bytes (%llu used), logical block "
             "%u bytes, NUMA node %s, opened %s%s\n", d, path,
             t.kind == SAFETY_BLOCK ? "block device" : "file",
             (unsigned long long)t.size_bytes,
             (unsigned long long)a->disk[d].limit_bytes, lbs,
             node_text,
             cfg->writable ? "read-write" : "read-only",
             t.will_create ? " (created by asmsim)" :
             t.asmsim_file ? " (asmsim's file)" : "");
    return 0;
}

static int aio_alloc(struct aio_dev *a, const struct devset_cfg *cfg)
{
    size_t cap = (size_t)cfg->max_outstanding;
    a->cap = cfg->max_outstanding;
    a->disks = cfg->disks;
    a->disk = calloc((size_t)cfg->disks, sizeof(*a->disk));
    a->iocb = calloc(cap, sizeof(*a->iocb));
    a->free_slot = calloc(cap, sizeof(*a->free_slot));
    a->batch = calloc(cap, sizeof(*a->batch));
    a->batch_index = calloc(cap, sizeof(*a->batch_index));
    a->refused = calloc(cap, sizeof(*a->refused));
    a->refused_index = calloc(cap, sizeof(*a->refused_index));
    a->local = calloc(cap, sizeof(*a->local));
    a->events = calloc(cap, sizeof(*a->events));
    if (!a->disk || !a->iocb || !a->free_slot || !a->batch ||
        !a->batch_index || !a->refused || !a->refused_index || !a->local ||
        !a->events)
        return -ENOMEM;
    for (int d = 0; d < cfg->disks; d++)
        a->disk[d].fd = -1;
    for (int i = 0; i < a->cap; i++)
        a->free_slot[i] = a->cap - 1 - i;
    a->n_free = a->cap;
    return 0;
}

static int aio_open(struct devset *ds, const struct devset_cfg *cfg,
                    char *why, size_t why_len)
{
    if (!cfg->paths || cfg->max_outstanding < 1 || cfg->max_io_bytes == 0) {
        snprintf(why, why_len, "the aio backend needs target paths (--target "
                 "or --lun-file)");
        return -EINVAL;
    }
    if (cfg->threads > 1) {
        snprintf(why, why_len, "--threads %d: this build drives every target "
                 "from one worker; use --threads 1", cfg->threads);
        return -ENOTSUP;
    }
    uint32_t align = cfg->io_align_bytes ? cfg->io_align_bytes : PAGE_BYTES;
    struct devset_cfg c = *cfg;
    c.io_align_bytes = align;
    struct aio_dev *a = calloc(1, sizeof(*a));
    int *nodes = calloc((size_t)cfg->disks, sizeof(*nodes));
    int rc = a && nodes ? aio_alloc(a, &c) : -ENOMEM;
    if (rc < 0) {
        snprintf(why, why_len, "out of memory opening %d targets", cfg->disks);
        goto fail;
    }
    a->writable = cfg->writable;
    a->buf_bytes = (cfg->max_io_bytes + PAGE_BYTES - 1) / PAGE_BYTES * PAGE_BYTES;
    a->rbuf_total = a->buf_bytes * (size_t)a->cap;
    if (a->rbuf_total > MAX_BUFFER_BYTES) {
        snprintf(why, why_len, "%d I/Os of %u bytes in flight need %zu MiB of "
                 "buffers, more than %llu MiB; use lower loads or smaller I/O",
                 a->cap, cfg->max_io_bytes, a->rbuf_total >> 20,
                 MAX_BUFFER_BYTES >> 20);
        rc = -ENOMEM;
        goto fail;
    }
    if (cfg->info && cfg->info_len)
        cfg->info[0] = '\0';
    for (int d = 0; d < cfg->disks; d++)
        if ((rc = open_target(a, &c, d, &nodes[d], why, why_len)) < 0)
            goto fail;
    if ((rc = alloc_buffers(a, &c, nodes, why, why_len)) < 0)
        goto fail;
    rc = io_setup(a->cap, &a->ctx);
    if (rc < 0) {
        a->ctx = 0;
        snprintf(why, why_len, "io_setup(%d): %s%s", a->cap, strerror(-rc),
                 rc == -EAGAIN ? "; raise /proc/sys/fs/aio-max-nr or use "
                 "lower loads" : "");
        goto fail;
    }
    info_add(&c, "workers: 1 (io depth up to %d, %zu KiB buffers)\n", a->cap,
             a->buf_bytes >> 10);
    free(nodes);
    ds->priv = a;
    return 0;
fail:
    free(nodes);
    aio_free(a);
    return rc;
}

static void aio_close(struct devset *ds)
{
    aio_free(ds->priv);
    ds->priv = NULL;
}

/* ---- the hot path ------------------------------------------------------ */

/* 0 if the I/O may go to the kernel, or the -errno it completes with. */
static int check_io(const struct aio_dev *a, const struct sim_io *io)
{
    if (io->disk >= a->disks)
        return -EINVAL;
    const struct aio_disk *d = &a->disk[io->disk];
    if (((io->offset_bytes | io->size_bytes) & d->align_mask) != 0 ||
        io->size_bytes == 0 || io->size_bytes > a->buf_bytes)
        return -EINVAL;
    if (io->offset_bytes + io->size_bytes > d->limit_bytes)
        return -ERANGE;
    if (io->is_write && !a->writable)
        return -EBADF;
    return 0;
}

static void local_push(struct aio_dev *a, struct sim_io *io)
{
    a->local[(a->local_head + a->local_n) % a->cap] = io;
    a->local_n++;
}

static void note_result(struct aio_dev *a, const struct sim_io *io)
{
    struct aio_disk *d = &a->disk[io->disk];
    if (io->result >= 0) {
        if (d->fail_streak >= FAIL_STREAK)
            a->failing--;
        d->fail_streak = 0;
    } else if (++d->fail_streak == FAIL_STREAK) {
        a->failing++;
    }
}

static int aio_submit(struct devset *ds, struct sim_io *const *ios, int n)
{
    struct aio_dev *a = ds->priv;
    sim_ns now = monotonic_ns();
    int staged = 0, n_refused = 0, i;

    for (i = 0; i < n; i++) {
        struct sim_io *io = ios[i];
        io->submit_ns = now;
        int bad = check_io(a, io);
        if (bad) {
            io->result = bad;
            io->done_ns = now;
            a->refused[n_refused] = io;
            a->refused_index[n_refused++] = i;
            continue;
        }
        if (a->n_free == 0)
            break;
        int slot = a->free_slot[--a->n_free];
        struct iocb *cb = &a->iocb[slot];
        int fd = a->disk[io->disk].fd;
        if (io->is_write)
            io_prep_pwrite(cb, fd, a->wbuf, io->size_bytes,
                           (long long)io->offset_bytes);
        else
            io_prep_pread(cb, fd, a->rbuf + (size_t)slot * a->buf_bytes,
                          io->size_bytes, (long long)io->offset_bytes);
        cb->data = io;
        a->batch[staged] = cb;
        a->batch_index[staged++] = i;
    }
    int accepted = i;               /* ios[0..accepted) are taken */
    int done = 0;
    while (done < staged) {
        int r = io_submit(a->ctx, staged - done, a->batch + done);
        if (r > 0) {
            done += r;
            a->in_flight += r;
        } else if (r == 0 || r == -EAGAIN || r == -EINTR) {
            break;                  /* the rest waits for a reap */
        } else {
            /* the first of the rest is bad: it fails, the others go on */
            struct sim_io *io = a->batch[done]->data;
            io->result = r;
            io->done_ns = now;
            a->free_slot[a->n_free++] = (int)(a->batch[done] - a->iocb);
            local_push(a, io);
            note_result(a, io);
            done++;
        }
    }
    if (done < staged) {
        accepted = a->batch_index[done];
        for (int k = done; k < staged; k++)
            a->free_slot[a->n_free++] = (int)(a->batch[k] - a->iocb);
    }
    for (int k = 0; k < n_refused && a->refused_index[k] < accepted; k++) {
        local_push(a, a->refused[k]);
        note_result(a, a->refused[k]);
    }
    return accepted;
}

static int aio_reap(struct devset *ds, struct sim_io **out, int max,
                    sim_ns deadline)
{
    struct aio_dev *a = ds->priv;
    int k = 0;

    if (a->failing == a->disks)
        return -EIO;
    while (k < max && a->local_n > 0) {
        out[k++] = a->local[a->local_head];
        a->local_head = (a->local_head + 1) % a->cap;
        a->local_n--;
    }
    if (k > 0)
        return k;
    sim_ns now = monotonic_ns();
    sim_ns wait_ns = deadline - now;
    if (wait_ns > REAP_SLICE_NS)
        wait_ns = REAP_SLICE_NS;
    if (wait_ns < 0)
        wait_ns = 0;
    if (a->in_flight == 0) {        /* nothing to wait for: do not spin */
        struct timespec nap = { 0, (long)(wait_ns < SIM_NS_PER_MS ? wait_ns :
                                          SIM_NS_PER_MS) };
        nanosleep(&nap, NULL);
        return 0;
    }
    struct timespec ts = { (time_t)(wait_ns / SIM_NS_PER_S),
                           (long)(wait_ns % SIM_NS_PER_S) };
    /* Take at most an eighth of what is in flight: the engine resubmits
       what it reaped in one batch, so a big batch keeps that many slots
       of the device's queue empty while it is processed and submitted.
       The rest stay in the ring and are taken at once by the next call. */
    int want = a->in_flight / REAP_BATCH_DIV;
    if (want < 1)
        want = 1;
    if (want > max)
        want = max;
    int r = io_getevents(a->ctx, 1, want, a->events, &ts);
    if (r == -EINTR)
        return 0;                   /* a signal: let the engine look at it */
    if (r < 0)
        return r;
    now = monotonic_ns();
    for (int e = 0; e < r; e++) {
        struct iocb *cb = a->events[e].obj;
        struct sim_io *io = cb->data;
        long res = (long)a->events[e].res;
        io->done_ns = now;
        io->result = res < 0 ? (int32_t)res :
                     (uint64_t)res == io->size_bytes ? (int32_t)res : -ENODATA;
        a->free_slot[a->n_free++] = (int)(cb - a->iocb);
        note_result(a, io);
        out[k++] = io;
    }
    a->in_flight -= r;
    return k;
}

static sim_ns aio_now(const struct devset *ds)
{
    (void)ds;
    return monotonic_ns();
}

const struct dev_ops dev_aio_ops = {
    .name = "aio",
    .open = aio_open,
    .submit = aio_submit,
    .reap = aio_reap,
    .now = aio_now,
    .close = aio_close,
};
