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
 * (devset_cfg.io_align_bytes) is not.  The NUMA node of each target comes
 * from sysfs (safety.c: the block device's, or for a file the device of
 * its file system); -1 when nothing reports one (virtual and loop devices).
 *
 * Workers and NUMA
 * ----------------
 * A worker is whatever thread calls io_submit() and io_getevents() for a
 * set of targets; it owns an io_context, an iocb pool and buffers.
 *
 *   --threads N    N workers (at most one per target)
 *   default        one per NUMA node that hosts targets, at most the CPUs
 *                  asmsim may run on; 1 on a one-node machine, where
 *                  libnuma reports NUMA unavailable, or when no target
 *                  reports a node
 *
 * Targets are grouped by node (targets with no node form one more group).
 * With fewer workers than groups, the groups are dealt to the workers,
 * largest first; with more, every group has a worker and each extra one
 * goes to the group with the most targets per worker; inside a group the
 * targets are dealt round robin.  A worker whose first group has a node is
 * pinned to that node (numa_run_on_node) and its buffers are allocated
 * there (numa_alloc_onnode), so the DMA and the completion work stay on
 * the node that hosts the device.  open tells what it chose in cfg->info
 * (printed by --verbose): one line per worker with its node and targets.
 *
 * One worker is the engine's own thread (the direct path): submit() and
 * reap() make the system calls themselves.  That is the fastest way to
 * drive one node: a hand-off to another thread costs a wake-up (a futex
 * or an eventfd write, ~2-5 us of CPU each side) per batch, and measured
 * on a 2-vCPU VM the direct path gives more IOPS per CPU than two workers
 * (README, "Threads and NUMA").  Two or more workers are threads:
 *
 *          engine thread                       worker threads
 *   submit(): check, stage per worker  --ring-->  take, prep iocbs,
 *             (mutex, eventfd kick                io_submit (batch)
 *              only if it sleeps)                 poll(kick, aio eventfd)
 *   reap():   drain the completion    <--cq----   io_getevents (no wait),
 *             queue (condvar wait                 one clock read, push
 *             up to the deadline)                 the batch (one lock)
 *
 * Every iocb carries the worker's completion eventfd (io_set_eventfd), so
 * a worker sleeps in one poll() on "new work" and "I/O done" together and
 * never waits for a completion while new work waits for it.  The engine
 * owns every count: what it handed each worker and has not reaped back
 * (never above max_outstanding in total), the disks' failure streaks, the
 * local completions.  A sim_io belongs to the engine until submit() puts
 * it in a ring, to the worker until it is in the completion queue, and to
 * the engine again when reap() takes it out; the mutexes order the writes.
 * Worker threads block every signal, so SIGINT reaches the engine's side;
 * reap() never waits longer than REAP_SLICE_NS, so a stop is seen anyway.
 *
 * Memory, fixed at open
 * ---------------------
 * Per worker (any worker may be handed every I/O in flight):
 *   iocbs[max_outstanding]      a free stack
 *   read buffers[max_outstanding] x max_io_bytes, page aligned, on its node
 *   one write buffer of max_io_bytes, filled with WRITE_PATTERN
 *   ring[max_outstanding]       submissions handed over (threads only)
 * and once: the completion queue and the local completions [max_outstanding].
 * Writes all come from the pattern buffer: what a write carries does not
 * matter to a device, and a buffer that no read ever lands in keeps the
 * pattern that a test reads back to prove the data reached the device.
 * Nothing is allocated after open.
 *
 * Submission and completion
 * -------------------------
 * submit() reads the clock once, checks each I/O against its disk (aligned,
 * inside the usable size, a write only on a writable run: otherwise it
 * completes at once with -EINVAL / -ERANGE / -EBADF, without reaching the
 * kernel), and hands everything to one io_submit() (per worker).  A
 * partial submit returns how many were taken; EAGAIN takes none (the
 * engine reaps and tries again; a worker keeps them and retries when an I/O
 * completes, or after a millisecond); any other error fails the first I/O
 * of the rest and goes on.  reap() returns those local completions first,
 * then waits for at least one completion (io_getevents, or the completion
 * queue), at most until the deadline and never longer than REAP_SLICE_NS,
 * so that a stop request (SIGINT interrupts the wait: EINTR) or a hung
 * device is noticed; one clock read per batch.  A batch is at most an
 * eighth of the I/Os in flight: the engine resubmits a batch only after
 * processing all of it, so draining the whole ring at once (which a
 * sleeping worker wakes up to find) leaves the device's queue short for
 * that long; on a VM disk at QD 32 that cost ~15 % of the IOPS against
 * fio, which reaps one at a time.  Latency is the completion seen minus
 * the submission (both on the clock; with workers, the hand-over counts).
 *
 * Faults: an error, or a short transfer (result -ENODATA: the bytes the
 * engine asked for did not all move), is counted by the engine per disk
 * and per class, and the run goes on.  A disk whose last FAIL_STREAK
 * completions all failed is failing; when every disk is failing, reap()
 * returns -EIO and the run stops with what it measured so far.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#include <libaio.h>
#include <numa.h>

#include "sim/dev_aio.h"
#include "sim/device.h"
#include "sim/safety.h"

#define REAP_SLICE_NS (50 * SIM_NS_PER_MS)
#define REAP_BATCH_DIV 8            /* reap <= in_flight / 8 at a time */
#define FAIL_STREAK 32
#define PAGE_BYTES 4096u
#define MAX_BUFFER_BYTES (4ull << 30)   /* refuse to pin more than this */
#define RETRY_MS 1                  /* a worker's EAGAIN retry, idle */
#define IDLE_POLL_MS 1000           /* a worker's longest sleep */

static const char WRITE_PATTERN[] = "ASMSIM-WRITTEN!\n";    /* 16 bytes */

struct aio_dev;

struct aio_disk {
    int fd;
    uint64_t limit_bytes;       /* no I/O reaches past this offset */
    uint64_t align_mask;        /* logical block size - 1 */
    uint32_t fail_streak;       /* consecutive failed completions */
    int node;                   /* NUMA node from sysfs, -1 unknown */
    int worker;                 /* index in aio_dev.w */
};

struct aio_worker {
    struct aio_dev *dev;
    int id;
    int node;                   /* where it runs and its buffers are; -1 */
    /* the pool: used only by the thread that does this worker's I/O */
    io_context_t ctx;
    struct iocb *iocb;          /* [cap] */
    int *free_slot;             /* [cap] stack of iocb indices */
    int n_free;
    struct iocb **batch;        /* [cap] prepared, not yet submitted */
    int *batch_index;           /* [cap] direct path: index in ios[] */
    int n_batch, batch_off;     /* threads: batch[off..n) wait for submit */
    struct io_event *events;    /* [cap] */
    struct sim_io **done;       /* [cap] threads: a batch for the cq */
    char *rbuf;                 /* [cap] x buf_bytes */
    char *wbuf;                 /* buf_bytes, the pattern */
    size_t rbuf_total;
    bool numa_alloc;            /* buffers from numa_alloc_onnode */
    int in_flight;
    /* threads: the hand-over from the engine, under mu */
    pthread_mutex_t mu;
    struct sim_io **ring;       /* [cap] */
    int ring_head, ring_n;
    bool sleeping;              /* in poll(): kick sub_efd to wake it */
    bool stop;
    int sub_efd, aio_efd;       /* "work handed over", "I/O done" */
    pthread_t thread;
    bool started;
    int pin_rc;                 /* numa_run_on_node's answer, 1 = not asked */
    bool ready;                 /* under dev->cq_mu */
    /* the engine's own */
    int outstanding;            /* handed over and not reaped back */
    struct sim_io **stage;      /* [cap] this submit()'s share */
    int n_stage;
};

struct aio_dev {
    int cap;                    /* max_outstanding */
    size_t buf_bytes;
    bool writable;
    int disks;
    int failing;                /* disks at FAIL_STREAK or more */
    struct aio_disk *disk;      /* [disks] */
    int n_workers;
    bool threaded;              /* n_workers > 1: worker threads */
    struct aio_worker *w;       /* [n_workers] */
    /* the engine's own */
    struct sim_io **refused;    /* [cap] checked out before the kernel */
    int *refused_index;
    struct sim_io **local;      /* [cap] ring of local completions */
    int local_head, local_n;
    int outstanding;            /* threads: handed to workers, not reaped */
    /* threads: the completion queue, workers to engine, under cq_mu */
    bool cq_init;
    pthread_mutex_t cq_mu;
    pthread_cond_t cq_cv;
    struct sim_io **cq;         /* [cap] */
    int cq_head, cq_n;
    bool cq_waiting;            /* the engine waits on cq_cv */
    int worker_error;           /* a worker's fatal -errno, 0 = none */
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

static void kick(int efd)
{
    uint64_t one = 1;
    ssize_t r = write(efd, &one, sizeof one);
    (void)r;                    /* EAGAIN: the counter is already set */
}

static void drain_efd(int efd)
{
    uint64_t v;
    ssize_t r = read(efd, &v, sizeof v);
    (void)r;
}

static void stop_workers(struct aio_dev *a)
{
    for (int i = 0; a->threaded && i < a->n_workers; i++) {
        struct aio_worker *w = &a->w[i];
        if (!w->started)
            continue;
        pthread_mutex_lock(&w->mu);
        w->stop = true;
        pthread_mutex_unlock(&w->mu);
        kick(w->sub_efd);
        pthread_join(w->thread, NULL);
        w->started = false;
    }
}

static void worker_free(struct aio_dev *a, struct aio_worker *w)
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
    if (a->threaded) {
        pthread_mutex_destroy(&w->mu);
        if (w->sub_efd >= 0)
            close(w->sub_efd);
        if (w->aio_efd >= 0)
            close(w->aio_efd);
    }
    free(w->iocb);
    free(w->free_slot);
    free(w->batch);
    free(w->batch_index);
    free(w->events);
    free(w->done);
    free(w->ring);
    free(w->stage);
}

static void aio_free(struct aio_dev *a)
{
    if (!a)
        return;
    stop_workers(a);
    for (int i = 0; a->w && i < a->n_workers; i++)
        worker_free(a, &a->w[i]);
    for (int d = 0; a->disk && d < a->disks; d++)
        if (a->disk[d].fd >= 0)
            close(a->disk[d].fd);
    if (a->cq_init) {
        pthread_mutex_destroy(&a->cq_mu);
        pthread_cond_destroy(&a->cq_cv);
    }
    free(a->w);
    free(a->disk);
    free(a->refused);
    free(a->refused_index);
    free(a->local);
    free(a->cq);
    free(a);
}

/* How many NUMA nodes libnuma knows, 0 when it reports NUMA unavailable. */
static int numa_nodes(void)
{
    return numa_available() < 0 ? 0 : numa_max_node() + 1;
}

/* The CPUs asmsim may run on. */
static int usable_cpus(void)
{
    int n = numa_available() < 0 ? -1 : numa_num_task_cpus();
    if (n < 1)
        n = (int)sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n;
}

int dev_aio_plan(const int *target_node, int disks, int threads,
                 int machine_nodes, int cpus, int *worker_of, int *worker_node,
                 const char **why_count)
{
    int g_node[disks + 1], g_count[disks + 1], g_workers[disks + 1];
    int g_next[disks + 1], groups = 0, known = 0;

    /* groups: distinct known nodes by size (ties: lower node), then the
       targets with no node */
    for (int d = 0; d < disks; d++) {
        int g = 0;
        while (g < groups && g_node[g] != target_node[d])
            g++;
        if (g == groups) {
            g_node[groups] = target_node[d] < 0 ? -1 : target_node[d];
            g_count[groups++] = 0;
            known += target_node[d] >= 0;
        }
        g_count[g]++;
    }
    for (int i = 1; i < groups; i++)            /* insertion sort, small */
        for (int j = i; j > 0; j--) {
            bool unknown_first = g_node[j - 1] < 0 && g_node[j] >= 0;
            bool bigger = g_node[j - 1] >= 0 && g_node[j] >= 0 &&
                (g_count[j] > g_count[j - 1] ||
                 (g_count[j] == g_count[j - 1] && g_node[j] < g_node[j - 1]));
            if (!unknown_first && !bigger)
                break;
            int t = g_node[j]; g_node[j] = g_node[j - 1]; g_node[j - 1] = t;
            t = g_count[j]; g_count[j] = g_count[j - 1]; g_count[j - 1] = t;
        }

    int n = threads;
    if (n <= 0) {
        if (machine_nodes <= 1) {
            n = 1;
            *why_count = machine_nodes == 0 ? "default: libnuma reports NUMA "
                         "unavailable" : "default: a one-node machine";
        } else if (known <= 1) {
            n = 1;
            *why_count = known ? "default: one NUMA node hosts the targets" :
                         "default: no target reports a NUMA node";
        } else {
            n = known < cpus ? known : cpus;
            if (n < 1)
                n = 1;
            *why_count = n == known ? "default: one per NUMA node that hosts "
                         "targets" : "default: one per NUMA node that hosts "
                         "targets, bounded by the CPUs";
        }
    } else {
        *why_count = "--threads";
    }
    if (n > disks) {
        n = disks;
        *why_count = "--threads, at most one per target";
    }

    if (n <= groups) {
        /* groups dealt to workers, largest first */
        for (int g = 0; g < groups; g++)
            for (int d = 0; d < disks; d++)
                if ((target_node[d] < 0 ? -1 : target_node[d]) == g_node[g])
                    worker_of[d] = g % n;
        for (int i = 0; i < n; i++)
            worker_node[i] = g_node[i];
        return n;
    }
    /* a worker each, then the extra ones where targets per worker is most */
    for (int g = 0; g < groups; g++)
        g_workers[g] = 1;
    for (int extra = n - groups; extra > 0; extra--) {
        int best = -1;
        for (int g = 0; g < groups; g++)
            if (g_workers[g] < g_count[g] &&
                (best < 0 || g_count[g] * g_workers[best] >
                             g_count[best] * g_workers[g]))
                best = g;
        g_workers[best]++;      /* n <= disks: some group has room */
    }
    int first = 0;
    for (int g = 0; g < groups; g++) {
        g_next[g] = 0;
        for (int k = 0; k < g_workers[g]; k++)
            worker_node[first + k] = g_node[g];
        for (int d = 0; d < disks; d++)
            if ((target_node[d] < 0 ? -1 : target_node[d]) == g_node[g])
                worker_of[d] = first + g_next[g]++ % g_workers[g];
        first += g_workers[g];
    }
    return n;
}

/* Buffers on the worker's node when libnuma can do it; page aligned;
   every page touched now, not on the hot path. */
static int alloc_buffers(struct aio_dev *a, struct aio_worker *w,
                         char *why, size_t why_len)
{
    if (w->node >= 0 && w->node < numa_nodes()) {
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
        if (posix_memalign((void **)&w->rbuf, PAGE_BYTES, w->rbuf_total) != 0)
            w->rbuf = NULL;
        if (posix_memalign((void **)&w->wbuf, PAGE_BYTES, a->buf_bytes) != 0)
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

static int open_target(struct aio_dev *a, const struct devset_cfg *cfg, int d,
                       char *why, size_t why_len)
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
    a->disk[d].node = t.numa_node;
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

static int worker_alloc(struct aio_dev *a, struct aio_worker *w)
{
    size_t cap = (size_t)a->cap;
    w->dev = a;
    w->sub_efd = w->aio_efd = -1;
    w->pin_rc = 1;
    w->rbuf_total = a->buf_bytes * cap;
    w->iocb = calloc(cap, sizeof(*w->iocb));
    w->free_slot = calloc(cap, sizeof(*w->free_slot));
    w->batch = calloc(cap, sizeof(*w->batch));
    w->batch_index = calloc(cap, sizeof(*w->batch_index));
    w->events = calloc(cap, sizeof(*w->events));
    if (!w->iocb || !w->free_slot || !w->batch || !w->batch_index ||
        !w->events)
        return -ENOMEM;
    if (a->threaded) {
        w->done = calloc(cap, sizeof(*w->done));
        w->ring = calloc(cap, sizeof(*w->ring));
        w->stage = calloc(cap, sizeof(*w->stage));
        if (!w->done || !w->ring || !w->stage)
            return -ENOMEM;
    }
    for (int i = 0; i < a->cap; i++)
        w->free_slot[i] = a->cap - 1 - i;
    w->n_free = a->cap;
    return 0;
}

static void *worker_main(void *arg);

/* Start the worker threads, signals blocked in them; wait until each has
   pinned itself, so that open can say where they run. */
static int start_workers(struct aio_dev *a, char *why, size_t why_len)
{
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_mutex_init(&a->cq_mu, NULL);
    pthread_cond_init(&a->cq_cv, &ca);
    pthread_condattr_destroy(&ca);
    a->cq_init = true;

    for (int i = 0; i < a->n_workers; i++) {
        struct aio_worker *w = &a->w[i];
        pthread_mutex_init(&w->mu, NULL);
        w->sub_efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        w->aio_efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        if (w->sub_efd < 0 || w->aio_efd < 0) {
            int e = errno;
            snprintf(why, why_len, "eventfd: %s", strerror(e));
            return -e;
        }
    }
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    int rc = 0;
    for (int i = 0; i < a->n_workers && rc == 0; i++) {
        rc = -pthread_create(&a->w[i].thread, NULL, worker_main, &a->w[i]);
        if (rc == 0)
            a->w[i].started = true;
        else
            snprintf(why, why_len, "cannot start I/O worker %d: %s", i,
                     strerror(-rc));
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_mutex_lock(&a->cq_mu);
    for (int i = 0; i < a->n_workers; i++)
        while (a->w[i].started && !a->w[i].ready)
            pthread_cond_wait(&a->cq_cv, &a->cq_mu);
    pthread_mutex_unlock(&a->cq_mu);
    return rc;
}

static void describe_workers(const struct aio_dev *a,
                             const struct devset_cfg *cfg,
                             const char *why_count)
{
    int nodes = numa_nodes();
    if (nodes == 0)
        info_add(cfg, "NUMA: libnuma reports NUMA unavailable; buffers from "
                 "ordinary memory, workers not pinned\n");
    else
        info_add(cfg, "NUMA: %d node%s\n", nodes, nodes == 1 ? "" : "s");
    info_add(cfg, "workers: %d (%s), %s; io depth up to %d each, %zu KiB "
             "buffers\n", a->n_workers, why_count,
             a->threaded ? "I/O threads fed by the engine" :
             "the engine's own thread", a->cap, a->buf_bytes >> 10);
    for (int i = 0; i < a->n_workers; i++) {
        const struct aio_worker *w = &a->w[i];
        if (w->node < 0)
            info_add(cfg, "worker %d: no NUMA node (its targets report "
                     "none), not pinned, buffers from ordinary memory; "
                     "targets", i);
        else if (w->node >= nodes)
            info_add(cfg, "worker %d: NUMA node %d, which libnuma does not "
                     "know: not pinned, buffers from ordinary memory; "
                     "targets", i, w->node);
        else
            info_add(cfg, "worker %d: NUMA node %d, %s, buffers %s; "
                     "targets", i, w->node,
                     w->pin_rc == 0 ? "pinned there" :
                     "not pinned (not allowed)",
                     w->numa_alloc ? "allocated there" :
                     "from ordinary memory (node full)");
        for (int d = 0, k = 0; d < a->disks; d++)
            if (a->disk[d].worker == i)
                info_add(cfg, "%s %d (%s)", k++ ? "," : "", d, cfg->paths[d]);
        info_add(cfg, "\n");
    }
}

static int aio_open(struct devset *ds, const struct devset_cfg *cfg,
                    char *why, size_t why_len)
{
    if (!cfg->paths || cfg->max_outstanding < 1 || cfg->max_io_bytes == 0 ||
        cfg->disks < 1) {
        snprintf(why, why_len, "the aio backend needs target paths (--target "
                 "or --lun-file)");
        return -EINVAL;
    }
    if (cfg->threads < 0) {
        snprintf(why, why_len, "--threads %d: not a worker count; use 1 or "
                 "more, or leave it out for one per NUMA node", cfg->threads);
        return -EINVAL;
    }
    uint32_t align = cfg->io_align_bytes ? cfg->io_align_bytes : PAGE_BYTES;
    struct devset_cfg c = *cfg;
    c.io_align_bytes = align;
    size_t cap = (size_t)cfg->max_outstanding;
    struct aio_dev *a = calloc(1, sizeof(*a));
    int *plan = calloc(3 * (size_t)cfg->disks, sizeof(*plan));
    int rc = -ENOMEM;
    if (!a || !plan)
        goto oom;
    a->cap = cfg->max_outstanding;
    a->disks = cfg->disks;
    a->writable = cfg->writable;
    a->buf_bytes = (cfg->max_io_bytes + PAGE_BYTES - 1) / PAGE_BYTES * PAGE_BYTES;
    a->disk = calloc((size_t)cfg->disks, sizeof(*a->disk));
    a->refused = calloc(cap, sizeof(*a->refused));
    a->refused_index = calloc(cap, sizeof(*a->refused_index));
    a->local = calloc(cap, sizeof(*a->local));
    if (!a->disk || !a->refused || !a->refused_index || !a->local)
        goto oom;
    for (int d = 0; d < cfg->disks; d++)
        a->disk[d].fd = -1;

    if (cfg->info && cfg->info_len)
        cfg->info[0] = '\0';
    for (int d = 0; d < cfg->disks; d++)
        if ((rc = open_target(a, &c, d, why, why_len)) < 0)
            goto fail;

    const char *why_count = "";
    for (int d = 0; d < cfg->disks; d++)
        plan[d] = a->disk[d].node;
    a->n_workers = dev_aio_plan(plan, a->disks, cfg->threads, numa_nodes(),
                                usable_cpus(), plan + cfg->disks,
                                plan + 2 * cfg->disks, &why_count);
    for (int d = 0; d < cfg->disks; d++)
        a->disk[d].worker = plan[cfg->disks + d];
    a->threaded = a->n_workers > 1;
    size_t total = a->buf_bytes * cap * (size_t)a->n_workers;
    if (total > MAX_BUFFER_BYTES) {
        snprintf(why, why_len, "%d I/Os of %u bytes in flight on %d worker%s "
                 "need %zu MiB of buffers, more than %llu MiB; use lower "
                 "loads, smaller I/O%s", a->cap, cfg->max_io_bytes,
                 a->n_workers, a->n_workers == 1 ? "" : "s", total >> 20,
                 MAX_BUFFER_BYTES >> 20,
                 a->n_workers > 1 ? " or fewer --threads" : "");
        rc = -ENOMEM;
        goto fail;
    }
    a->w = calloc((size_t)a->n_workers, sizeof(*a->w));
    if (!a->w)
        goto oom;
    if (a->threaded && !(a->cq = calloc(cap, sizeof(*a->cq))))
        goto oom;
    for (int i = 0; i < a->n_workers; i++) {
        struct aio_worker *w = &a->w[i];
        w->id = i;
        w->node = plan[2 * cfg->disks + i];
        if ((rc = worker_alloc(a, w)) < 0)
            goto oom;
        if ((rc = alloc_buffers(a, w, why, why_len)) < 0)
            goto fail;
        rc = io_setup(a->cap, &w->ctx);
        if (rc < 0) {
            w->ctx = 0;
            snprintf(why, why_len, "io_setup(%d)%s: %s%s", a->cap,
                     a->n_workers > 1 ? " per worker" : "", strerror(-rc),
                     rc == -EAGAIN ? "; raise /proc/sys/fs/aio-max-nr or use "
                     "lower loads" : "");
            goto fail;
        }
    }
    if (a->threaded) {
        if ((rc = start_workers(a, why, why_len)) < 0)
            goto fail;
    } else if (a->w[0].node >= 0 && a->w[0].node < numa_nodes()) {
        a->w[0].pin_rc = numa_run_on_node(a->w[0].node);
    }
    describe_workers(a, &c, why_count);
    free(plan);
    ds->priv = a;
    return 0;
oom:
    snprintf(why, why_len, "out of memory opening %d targets", cfg->disks);
    rc = -ENOMEM;
fail:
    free(plan);
    aio_free(a);
    return rc;
}

static void aio_close(struct devset *ds)
{
    aio_free(ds->priv);
    ds->priv = NULL;
}

/* ---- the hot path: shared ---------------------------------------------- */

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

/* Take an iocb from w's pool and prepare it for io; returns it. */
static struct iocb *prep_iocb(struct aio_dev *a, struct aio_worker *w,
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

static void free_iocb(struct aio_worker *w, struct iocb *cb)
{
    w->free_slot[w->n_free++] = (int)(cb - w->iocb);
}

/* An event's sim_io, its result and done time set, its iocb back. */
static struct sim_io *event_done(struct aio_worker *w, const struct io_event *ev,
                                 sim_ns now)
{
    struct iocb *cb = ev->obj;
    struct sim_io *io = cb->data;
    long res = (long)ev->res;
    io->done_ns = now;
    io->result = res < 0 ? (int32_t)res :
                 (uint64_t)res == io->size_bytes ? (int32_t)res : -ENODATA;
    free_iocb(w, cb);
    return io;
}

/* Local completions first (refused or failed at submit). */
static int take_local(struct aio_dev *a, struct sim_io **out, int max)
{
    int k = 0;
    while (k < max && a->local_n > 0) {
        out[k++] = a->local[a->local_head];
        a->local_head = (a->local_head + 1) % a->cap;
        a->local_n--;
    }
    return k;
}

/* Nothing in flight: do not spin. */
static void nap(sim_ns wait_ns)
{
    struct timespec t = { 0, (long)(wait_ns < SIM_NS_PER_MS ? wait_ns :
                                    SIM_NS_PER_MS) };
    nanosleep(&t, NULL);
}

static sim_ns wait_slice(sim_ns now, sim_ns deadline)
{
    sim_ns wait_ns = deadline - now;
    if (wait_ns > REAP_SLICE_NS)
        wait_ns = REAP_SLICE_NS;
    return wait_ns < 0 ? 0 : wait_ns;
}

/* How many completions to take at once (see "Submission and completion"). */
static int reap_want(int in_flight, int max)
{
    int want = in_flight / REAP_BATCH_DIV;
    if (want < 1)
        want = 1;
    return want > max ? max : want;
}

/* ---- the direct path: one worker, the engine's thread ------------------- */

static int direct_submit(struct aio_dev *a, struct sim_io *const *ios, int n)
{
    struct aio_worker *w = &a->w[0];
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
        if (w->n_free == 0)
            break;
        w->batch[staged] = prep_iocb(a, w, io);
        w->batch_index[staged++] = i;
    }
    int accepted = i;               /* ios[0..accepted) are taken */
    int done = 0;
    while (done < staged) {
        int r = io_submit(w->ctx, staged - done, w->batch + done);
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
            free_iocb(w, w->batch[done]);
            local_push(a, io);
            note_result(a, io);
            done++;
        }
    }
    if (done < staged) {
        accepted = w->batch_index[done];
        for (int k = done; k < staged; k++)
            free_iocb(w, w->batch[k]);
    }
    for (int k = 0; k < n_refused && a->refused_index[k] < accepted; k++) {
        local_push(a, a->refused[k]);
        note_result(a, a->refused[k]);
    }
    return accepted;
}

static int direct_reap(struct aio_dev *a, struct sim_io **out, int max,
                       sim_ns deadline)
{
    struct aio_worker *w = &a->w[0];
    int k = take_local(a, out, max);
    if (k > 0)
        return k;
    sim_ns now = monotonic_ns();
    sim_ns wait_ns = wait_slice(now, deadline);
    if (w->in_flight == 0) {
        nap(wait_ns);
        return 0;
    }
    struct timespec ts = { (time_t)(wait_ns / SIM_NS_PER_S),
                           (long)(wait_ns % SIM_NS_PER_S) };
    /* Take at most an eighth of what is in flight: the engine resubmits
       what it reaped in one batch, so a big batch keeps that many slots
       of the device's queue empty while it is processed and submitted.
       The rest stay in the ring and are taken at once by the next call. */
    int r = io_getevents(w->ctx, 1, reap_want(w->in_flight, max), w->events,
                         &ts);
    if (r == -EINTR)
        return 0;                   /* a signal: let the engine look at it */
    if (r < 0)
        return r;
    now = monotonic_ns();
    for (int e = 0; e < r; e++) {
        struct sim_io *io = event_done(w, &w->events[e], now);
        note_result(a, io);
        out[k++] = io;
    }
    w->in_flight -= r;
    return k;
}

/* ---- worker threads ------------------------------------------------------ */

static void worker_fatal(struct aio_dev *a, int err)
{
    pthread_mutex_lock(&a->cq_mu);
    if (!a->worker_error)
        a->worker_error = err;
    pthread_cond_signal(&a->cq_cv);
    pthread_mutex_unlock(&a->cq_mu);
}

/* Submit what is prepared; failures go to done[] (one clock read). */
static int worker_submit(struct aio_worker *w, int nd)
{
    sim_ns now = 0;
    while (w->batch_off < w->n_batch) {
        int r = io_submit(w->ctx, w->n_batch - w->batch_off,
                          w->batch + w->batch_off);
        if (r > 0) {
            w->batch_off += r;
            w->in_flight += r;
        } else if (r == 0 || r == -EAGAIN || r == -EINTR) {
            break;                  /* retried when an I/O completes */
        } else {
            struct iocb *cb = w->batch[w->batch_off++];
            struct sim_io *io = cb->data;
            if (!now)
                now = monotonic_ns();
            io->result = r;
            io->done_ns = now;
            free_iocb(w, cb);
            w->done[nd++] = io;
        }
    }
    if (w->batch_off == w->n_batch)
        w->n_batch = w->batch_off = 0;
    return nd;
}

/* Every completion that is there, without waiting, into done[]. */
static int worker_harvest(struct aio_worker *w, int nd, int *err)
{
    static const struct timespec zero = { 0, 0 };
    while (w->in_flight > 0) {
        int r = io_getevents(w->ctx, 0, w->dev->cap, w->events,
                             (struct timespec *)&zero);
        if (r == -EINTR)
            continue;
        if (r < 0) {
            *err = r;
            break;
        }
        if (r == 0)
            break;
        sim_ns now = monotonic_ns();
        for (int e = 0; e < r; e++)
            w->done[nd++] = event_done(w, &w->events[e], now);
        w->in_flight -= r;
        if (r < w->dev->cap)
            break;
    }
    return nd;
}

static void worker_push(struct aio_dev *a, struct aio_worker *w, int nd)
{
    pthread_mutex_lock(&a->cq_mu);
    for (int i = 0; i < nd; i++)
        a->cq[(a->cq_head + a->cq_n++) % a->cap] = w->done[i];
    if (a->cq_waiting)
        pthread_cond_signal(&a->cq_cv);
    pthread_mutex_unlock(&a->cq_mu);
}

static void *worker_main(void *arg)
{
    struct aio_worker *w = arg;
    struct aio_dev *a = w->dev;

    if (w->node >= 0 && w->node < numa_nodes())
        w->pin_rc = numa_run_on_node(w->node);
    pthread_mutex_lock(&a->cq_mu);
    w->ready = true;
    pthread_cond_broadcast(&a->cq_cv);
    pthread_mutex_unlock(&a->cq_mu);

    for (;;) {
        /* take what the engine handed over; it never exceeds the free
           iocbs: the engine hands a worker at most cap I/Os it has not
           reaped back, and an iocb is free before its I/O is pushed */
        if (w->batch_off > 0 && w->n_batch > w->batch_off) {
            memmove(w->batch, w->batch + w->batch_off,
                    (size_t)(w->n_batch - w->batch_off) * sizeof(*w->batch));
            w->n_batch -= w->batch_off;
            w->batch_off = 0;
        }
        pthread_mutex_lock(&w->mu);
        bool stop = w->stop;
        while (w->ring_n > 0) {
            struct sim_io *io = w->ring[w->ring_head];
            w->ring_head = (w->ring_head + 1) % a->cap;
            w->ring_n--;
            struct iocb *cb = prep_iocb(a, w, io);
            io_set_eventfd(cb, w->aio_efd);
            w->batch[w->n_batch++] = cb;
        }
        pthread_mutex_unlock(&w->mu);
        if (stop)
            break;                  /* close: io_destroy waits for the rest */

        int err = 0;
        int nd = worker_submit(w, 0);
        nd = worker_harvest(w, nd, &err);
        if (nd > 0)
            worker_push(a, w, nd);
        if (err) {
            worker_fatal(a, err);
            break;
        }

        pthread_mutex_lock(&w->mu);
        bool idle = w->ring_n == 0 && !w->stop;
        w->sleeping = idle;
        pthread_mutex_unlock(&w->mu);
        if (!idle)
            continue;
        bool retry = w->n_batch > w->batch_off && w->in_flight == 0;
        struct pollfd pf[2] = { { .fd = w->sub_efd, .events = POLLIN },
                                { .fd = w->aio_efd, .events = POLLIN } };
        int r = poll(pf, 2, retry ? RETRY_MS : IDLE_POLL_MS);
        if (r < 0 && errno != EINTR) {
            worker_fatal(a, -errno);
            break;
        }
        if (r > 0 && (pf[0].revents & POLLIN))
            drain_efd(w->sub_efd);
        if (r > 0 && (pf[1].revents & POLLIN))
            drain_efd(w->aio_efd);
        pthread_mutex_lock(&w->mu);
        w->sleeping = false;
        pthread_mutex_unlock(&w->mu);
    }
    return NULL;
}

static int threaded_submit(struct aio_dev *a, struct sim_io *const *ios, int n)
{
    sim_ns now = monotonic_ns();
    int i;

    for (i = 0; i < n; i++) {
        struct sim_io *io = ios[i];
        io->submit_ns = now;
        int bad = check_io(a, io);
        if (bad) {
            io->result = bad;
            io->done_ns = now;
            local_push(a, io);
            note_result(a, io);
            continue;
        }
        if (a->outstanding == a->cap)
            break;                  /* the engine reaps and comes back */
        struct aio_worker *w = &a->w[a->disk[io->disk].worker];
        w->stage[w->n_stage++] = io;
        w->outstanding++;
        a->outstanding++;
    }
    for (int k = 0; k < a->n_workers; k++) {
        struct aio_worker *w = &a->w[k];
        if (w->n_stage == 0)
            continue;
        pthread_mutex_lock(&w->mu);
        for (int j = 0; j < w->n_stage; j++)
            w->ring[(w->ring_head + w->ring_n++) % a->cap] = w->stage[j];
        bool wake = w->sleeping;
        w->sleeping = false;
        pthread_mutex_unlock(&w->mu);
        if (wake)
            kick(w->sub_efd);
        w->n_stage = 0;
    }
    return i;
}

static int threaded_reap(struct aio_dev *a, struct sim_io **out, int max,
                         sim_ns deadline)
{
    int k = take_local(a, out, max);
    if (k > 0)
        return k;
    sim_ns now = monotonic_ns();
    sim_ns wait_ns = wait_slice(now, deadline);
    if (a->outstanding == 0) {
        nap(wait_ns);
        return 0;
    }
    int want = reap_want(a->outstanding, max);
    sim_ns until = now + wait_ns;
    struct timespec ts = { (time_t)(until / SIM_NS_PER_S),
                           (long)(until % SIM_NS_PER_S) };
    pthread_mutex_lock(&a->cq_mu);
    a->cq_waiting = true;
    while (a->cq_n == 0 && !a->worker_error &&
           pthread_cond_timedwait(&a->cq_cv, &a->cq_mu, &ts) == 0)
        ;
    a->cq_waiting = false;
    while (k < want && a->cq_n > 0) {
        out[k++] = a->cq[a->cq_head];
        a->cq_head = (a->cq_head + 1) % a->cap;
        a->cq_n--;
    }
    int err = k == 0 ? a->worker_error : 0;
    pthread_mutex_unlock(&a->cq_mu);
    if (err)
        return err;
    for (int i = 0; i < k; i++) {
        struct sim_io *io = out[i];
        note_result(a, io);
        a->w[a->disk[io->disk].worker].outstanding--;
        a->outstanding--;
    }
    return k;
}

/* ---- the table ------------------------------------------------------------ */

static int aio_submit(struct devset *ds, struct sim_io *const *ios, int n)
{
    struct aio_dev *a = ds->priv;
    return a->threaded ? threaded_submit(a, ios, n) : direct_submit(a, ios, n);
}

static int aio_reap(struct devset *ds, struct sim_io **out, int max,
                    sim_ns deadline)
{
    struct aio_dev *a = ds->priv;
    if (a->failing == a->disks)
        return -EIO;
    return a->threaded ? threaded_reap(a, out, max, deadline) :
                         direct_reap(a, out, max, deadline);
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
