/*
 * aio_workers.c - the threaded path: two or more workers, each an I/O
 * thread fed by the engine.
 *
 * The engine's thread checks and stages, the workers make the system
 * calls (the plan, aio_plan.c, says which worker drives which target):
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
 * kicks a worker's eventfd only when the worker said it is going to sleep,
 * and a worker signals the condvar only when the engine waits on it, so a
 * busy run costs a lock per batch each way and no wake-ups.
 *
 * The engine owns every count (aio_dev.h): what it handed each worker and
 * has not reaped back, never above cap in total, which is why a worker's
 * ring, its free iocbs and the completion queue cannot overflow.  A worker
 * that hits an error it cannot go on from leaves it in worker_error, and
 * the next reap() that finds nothing returns it.
 *
 * Worker threads block every signal, so SIGINT reaches the engine's side;
 * reap() never waits longer than the reap slice, so a stop is seen anyway.
 * A worker that gets EAGAIN from io_submit keeps the rest of its batch and
 * retries when an I/O completes, or after RETRY_MS when none is in flight.
 *
 * Stopping: close (aio_workers_stop) sets each worker's stop flag under
 * its mutex, kicks it and joins it, before the pools, the queues or the
 * engine's memory go away.  A worker looks at the flag at the top of its
 * loop, before it takes anything from its ring, and leaves as soon as it
 * sees it, so after the join no sim_io is touched again: a point that
 * failed or was stopped may leave I/Os in the rings and the completion
 * queue, and they are abandoned unread.  What is in the kernel is left to
 * io_destroy (aio_pool.c), which waits for it.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#include <numa.h>

#include "sim/aio/aio_faults.h"
#include "sim/aio/aio_hotpath.h"
#include "sim/aio/aio_kernel.h"
#include "sim/aio/aio_plan.h"
#include "sim/aio/aio_pool.h"
#include "sim/aio/aio_workers.h"

#define RETRY_MS 1                  /* a worker's EAGAIN retry, idle */
#define IDLE_POLL_MS 1000           /* a worker's longest sleep */

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

/* ---- setting up and tearing down ---------------------------------------- */

int aio_workers_alloc_queue(struct aio_dev *a)
{
    a->cq = calloc((size_t)a->cap, sizeof(*a->cq));
    return a->cq ? 0 : -ENOMEM;
}

int aio_workers_alloc(struct aio_dev *a, struct aio_worker *w)
{
    size_t cap = (size_t)a->cap;
    w->done = calloc(cap, sizeof(*w->done));
    w->ring = calloc(cap, sizeof(*w->ring));
    w->stage = calloc(cap, sizeof(*w->stage));
    return w->done && w->ring && w->stage ? 0 : -ENOMEM;
}

static void *worker_main(void *arg);

int aio_workers_start(struct aio_dev *a, char *why, size_t why_len)
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
        w->sync_init = true;
        w->sub_efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        w->aio_efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        if (w->sub_efd < 0 || w->aio_efd < 0) {
            int e = errno;
            snprintf(why, why_len, "eventfd: %s", strerror(e));
            return -e;
        }
        int rc = a->uring ? aio_uring_notify(w, w->aio_efd) : 0;
        if (rc < 0) {
            snprintf(why, why_len, "io_uring_register_eventfd: %s",
                     strerror(-rc));
            return rc;
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

void aio_workers_stop(struct aio_dev *a)
{
    for (int i = 0; a->threaded && a->w && i < a->n_workers; i++) {
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

void aio_workers_free(struct aio_worker *w)
{
    if (w->sync_init) {
        pthread_mutex_destroy(&w->mu);
        if (w->sub_efd >= 0)
            close(w->sub_efd);
        if (w->aio_efd >= 0)
            close(w->aio_efd);
        w->sync_init = false;
    }
    free(w->done);
    free(w->ring);
    free(w->stage);
}

void aio_workers_free_queue(struct aio_dev *a)
{
    if (a->cq_init) {
        pthread_mutex_destroy(&a->cq_mu);
        pthread_cond_destroy(&a->cq_cv);
    }
    free(a->cq);
}

/* ---- a worker thread ---------------------------------------------------- */

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
        int r = aio_sys_submit(w, w->n_batch - w->batch_off,
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
                now = aio_clock_ns();
            io->result = r;
            io->done_ns = now;
            aio_pool_put(w, cb);
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
        int r = aio_kernel_getevents(w, 0, w->dev->cap, w->events,
                                     (struct timespec *)&zero);
        if (r == -EINTR)
            continue;
        if (r < 0) {
            *err = r;
            break;
        }
        if (r == 0)
            break;
        sim_ns now = aio_clock_ns();
        for (int e = 0; e < r; e++) {
            if (w->dev->faults)
                aio_faults_event(w->dev, &w->events[e]);
            w->done[nd++] = aio_pool_event_done(w, &w->events[e], now);
        }
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

    if (w->node >= 0 && w->node < aio_numa_nodes())
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
        if (w->stop) {
            /* close: what is in the ring is abandoned unread (the engine
               may have given up on it), io_destroy waits for the rest */
            pthread_mutex_unlock(&w->mu);
            break;
        }
        while (w->ring_n > 0) {
            struct sim_io *io = w->ring[w->ring_head];
            w->ring_head = (w->ring_head + 1) % a->cap;
            w->ring_n--;
            struct iocb *cb = aio_pool_prep(a, w, io);
            io_set_eventfd(cb, w->aio_efd);
            w->batch[w->n_batch++] = cb;
        }
        pthread_mutex_unlock(&w->mu);

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

/* ---- the engine's side -------------------------------------------------- */

int aio_workers_submit(struct aio_dev *a, struct sim_io *const *ios, int n)
{
    sim_ns now = aio_clock_ns();
    int i;

    for (i = 0; i < n; i++) {
        struct sim_io *io = ios[i];
        if (!aio_admit(a, io, now)) {
            aio_local_push(a, io);
            aio_note_result(a, io);
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

int aio_workers_reap(struct aio_dev *a, struct sim_io **out, int max,
                     sim_ns deadline)
{
    sim_ns now, wait_ns;
    int k = aio_reap_start(a, a->outstanding, out, max, deadline, &now,
                           &wait_ns);
    if (k != AIO_REAP_WAIT)
        return k;
    k = 0;
    int want = aio_reap_want(a->outstanding, max);
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
        aio_note_result(a, io);
        a->w[a->disk[io->disk].worker].outstanding--;
        a->outstanding--;
    }
    return k;
}
