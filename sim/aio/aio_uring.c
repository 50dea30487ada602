/*
 * aio_uring.c - the io_uring engine's kernel boundary (--engine uring):
 * a worker's ring in place of its libaio context, behind the same four
 * calls (aio_uring.h), so that every other part of the backend - safety
 * checks, targets, plan, pools and buffers, faults, both paths, error
 * accounting - is the aio engine's own.
 *
 * The ring
 * --------
 * One ring per worker, made at open on the worker's pool: SQ entries for
 * every I/O the engine may have in flight (a->cap; the kernel clamps
 * above its limit, and a full SQ takes fewer), a CQ twice that, so a
 * completion is never dropped.  The targets are registered files (fixed
 * file i is disk i) and the pool's two buffer areas registered buffers
 * (0: the read buffers, 1: the write pattern), so the kernel neither looks
 * up an fd nor pins pages per I/O; a kernel that refuses either (old, or
 * a locked-memory limit) gets plain fds and buffers, which only costs
 * CPU.  On the direct path the ring is the engine thread's alone
 * (SINGLE_ISSUER, DEFER_TASKRUN: completions are posted when the engine
 * asks for them, not by interrupting it); it starts disabled and the first
 * submit enables it, so the issuer is the thread that does the I/O, not
 * the one that opened the devices.  Worker threads use plain rings,
 * whose completions also signal the worker's eventfd.  With --uring-sqpoll
 * a kernel thread per ring takes the SQEs, so a busy run submits without
 * a system call; that thread is the process's, so its polling counts in
 * asmsim's CPU per I/O (on a machine with few cores it rarely pays).
 *
 * Whether the kernel takes io_uring at all is asked before a run starts
 * (aio_uring_probe, from the command line's checks), so a kernel or a
 * seccomp policy that refuses it gets one line and exit 2, not a failed
 * run.
 *
 * Submission and completion
 * -------------------------
 * submit() turns each iocb into an SQE (its iocb in user_data) and makes
 * one io_uring_enter for the batch.  (Deferring that enter to the wait
 * that follows, one system call per batch instead of two, was tried: on a
 * loop device, whose reads the kernel hands to its io-wq threads, QD 1
 * fell from ~5,000 to ~600 IOPS.)  An error of one I/O comes back as its
 * CQE's result, like an io_event's; a transient refusal of the enter
 * itself (EAGAIN, EBUSY, EINTR) leaves the SQEs on the ring, and the next
 * getevents() submits them first, so an SQE once on the ring counts as
 * taken.  getevents() takes what the CQ holds and waits for the rest of
 * min_nr; a wait ends at its timeout (ETIME: 0, as io_getevents').
 *
 * in_kernel counts the SQEs whose CQE has not been taken; free waits for
 * them, as io_destroy does, before the buffers they point at go away, and
 * unregisters the files and buffers itself: the kernel tears a ring down
 * after close returns, and until then its registered files keep a block
 * device claimed (O_EXCL), so the next run would find it busy.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "sim/aio/aio_uring.h"

#define BUF_READ 0                  /* registered buffer indices */
#define BUF_WRITE 1
#define REG_BUF_MAX (1ull << 30)    /* the kernel's limit per buffer */
#define SQPOLL_IDLE_MS 100          /* the SQ thread sleeps after this */

/* The test hook's errno, or 0 when it is not set. */
static int forced_init_error(void)
{
    const char *v = getenv(AIO_URING_FAIL_ENV);
    if (!v || !*v)
        return 0;
    return strcmp(v, "EPERM") == 0 ? -EPERM : -ENOSYS;
}

/* io_uring_queue_init with the best flags this kernel takes. */
static int ring_init(struct aio_dev *a, struct aio_worker *w)
{
    int forced = forced_init_error();
    if (forced)
        return forced;
    struct io_uring_params p;
    unsigned base = IORING_SETUP_CQSIZE | IORING_SETUP_CLAMP;
    unsigned extra = a->sqpoll ? IORING_SETUP_SQPOLL :
                     a->threaded ? 0 :
                     IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN |
                     IORING_SETUP_R_DISABLED;
    int rc;
    for (int attempt = 0; attempt < 2; attempt++) {
        memset(&p, 0, sizeof p);
        p.flags = base | extra;
        p.cq_entries = 2 * (unsigned)a->cap;
        p.sq_thread_idle = SQPOLL_IDLE_MS;
        rc = io_uring_queue_init_params((unsigned)a->cap, &w->uring, &p);
        if (rc != -EINVAL || a->sqpoll)
            break;
        extra = 0;                  /* an older kernel: plain flags */
    }
    w->ring_disabled = rc == 0 && (extra & IORING_SETUP_R_DISABLED);
    return rc;
}

static void register_files(struct aio_dev *a, struct aio_worker *w)
{
    int *fds = calloc((size_t)a->disks, sizeof(*fds));
    if (!fds)
        return;
    for (int d = 0; d < a->disks; d++)
        fds[d] = a->disk[d].fd;
    w->fixed_files = io_uring_register_files(&w->uring, fds,
                                             (unsigned)a->disks) == 0;
    free(fds);
}

static void register_buffers(struct aio_dev *a, struct aio_worker *w)
{
    struct iovec iov[2] = {
        [BUF_READ] = { w->rbuf, w->rbuf_total },
        [BUF_WRITE] = { w->wbuf, a->buf_bytes },
    };
    if (w->rbuf_total > REG_BUF_MAX || a->buf_bytes > REG_BUF_MAX)
        return;
    w->fixed_bufs = io_uring_register_buffers(&w->uring, iov, 2) == 0;
}

/* The kernel refuses io_uring itself (not this ring): the one line. */
static bool refused(int rc, char *why, size_t why_len)
{
    if (rc != -ENOSYS && rc != -EPERM && rc != -EACCES)
        return false;
    snprintf(why, why_len, "--engine uring: io_uring is not available here "
             "(io_uring_queue_init: %s; an old kernel or a seccomp policy "
             "refuses it); use --engine aio", strerror(-rc));
    return true;
}

int aio_uring_probe(bool sqpoll, char *why, size_t why_len)
{
    struct io_uring ring;
    struct io_uring_params p = { .flags = sqpoll ? IORING_SETUP_SQPOLL : 0 };
    int rc = forced_init_error();
    if (!rc)
        rc = io_uring_queue_init_params(1, &ring, &p);
    if (rc == 0) {
        io_uring_queue_exit(&ring);
        return 0;
    }
    if (!refused(rc, why, why_len))
        snprintf(why, why_len, "--engine uring%s: io_uring_queue_init: %s",
                 sqpoll ? " --uring-sqpoll" : "", strerror(-rc));
    return rc;
}

int aio_uring_setup(struct aio_dev *a, struct aio_worker *w, char *why,
                    size_t why_len)
{
    int rc = ring_init(a, w);
    if (refused(rc, why, why_len))
        return rc;
    if (rc < 0) {
        snprintf(why, why_len, "io_uring_queue_init(%d)%s%s: %s", a->cap,
                 a->sqpoll ? " with SQPOLL" : "",
                 a->n_workers > 1 ? " per worker" : "", strerror(-rc));
        return rc;
    }
    w->ring_init = true;
    register_files(a, w);
    register_buffers(a, w);
    return 0;
}

int aio_uring_notify(struct aio_worker *w, int efd)
{
    return io_uring_register_eventfd(&w->uring, efd);
}

/* cb as an SQE: its file and buffer registered when the ring has them. */
static void prep_sqe(struct aio_worker *w, struct io_uring_sqe *sqe,
                     struct iocb *cb)
{
    const struct sim_io *io = cb->data;
    bool write = cb->aio_lio_opcode == IO_CMD_PWRITE;
    int fd = w->fixed_files ? (int)io->disk : cb->aio_fildes;
    void *buf = cb->u.c.buf;
    unsigned len = (unsigned)cb->u.c.nbytes;
    __u64 off = (__u64)cb->u.c.offset;

    if (w->fixed_bufs && write)
        io_uring_prep_write_fixed(sqe, fd, buf, len, off, BUF_WRITE);
    else if (w->fixed_bufs)
        io_uring_prep_read_fixed(sqe, fd, buf, len, off, BUF_READ);
    else if (write)
        io_uring_prep_write(sqe, fd, buf, len, off);
    else
        io_uring_prep_read(sqe, fd, buf, len, off);
    if (w->fixed_files)
        sqe->flags |= IOSQE_FIXED_FILE;
    io_uring_sqe_set_data(sqe, cb);
}

/* A ring made disabled is enabled by the first thread that uses it, which
   becomes its issuer.  0 or -errno. */
static int enable_once(struct aio_worker *w)
{
    if (!w->ring_disabled)
        return 0;
    /* the system call itself: Debian's liburing 2.3 declares
       io_uring_enable_rings but its library lacks it */
    long rc = syscall(__NR_io_uring_register, w->uring.ring_fd,
                      IORING_REGISTER_ENABLE_RINGS, NULL, 0);
    if (rc < 0)
        return -errno;
    w->ring_disabled = false;
    return 0;
}

int aio_uring_submit(struct aio_worker *w, long n, struct iocb **cbs)
{
    int rc = enable_once(w);
    if (rc < 0)
        return rc;
    long i = 0;
    for (; i < n; i++) {
        struct io_uring_sqe *sqe = io_uring_get_sqe(&w->uring);
        if (!sqe)
            break;
        prep_sqe(w, sqe, cbs[i]);
    }
    if (i == 0)
        return n == 0 ? 0 : -EAGAIN;
    w->in_kernel += (int)i;
    /* on the ring they are taken: a refusal leaves them for the next
       getevents(), and a broken ring fails there */
    (void)io_uring_submit(&w->uring);
    return (int)i;
}

/* Up to max completions from the CQ into ev[], without waiting. */
static int take_cqes(struct aio_worker *w, long max, struct io_event *ev)
{
    struct io_uring_cqe *cqe;
    unsigned head, seen = 0;
    int k = 0;
    io_uring_for_each_cqe(&w->uring, head, cqe) {
        if (k == max)
            break;
        seen++;
        if (cqe->user_data == LIBURING_UDATA_TIMEOUT)
            continue;               /* liburing's own, on old kernels */
        ev[k] = (struct io_event){
            .obj = io_uring_cqe_get_data(cqe),
            .res = (unsigned long)(long)cqe->res,
        };
        k++;
    }
    io_uring_cq_advance(&w->uring, seen);
    w->in_kernel -= k;
    return k;
}

/* Submit what is on the SQ, waiting for wait_nr completions (0: none)
   up to ts.  0 (also on a transient refusal: the next call retries), or
   -errno (-ETIME: the timeout, -EINTR: a signal). */
static int enter(struct aio_worker *w, unsigned wait_nr,
                 const struct timespec *ts)
{
    struct io_uring_cqe *cqe;
    struct __kernel_timespec kts;
    int rc;

    if (ts)
        kts = (struct __kernel_timespec){ ts->tv_sec, ts->tv_nsec };
    if (wait_nr == 0)
        rc = io_uring_submit(&w->uring);
    else if (io_uring_sq_ready(&w->uring) > 0)
        rc = io_uring_submit_and_wait_timeout(&w->uring, &cqe, wait_nr,
                                              ts ? &kts : NULL, NULL);
    else
        rc = io_uring_wait_cqes(&w->uring, &cqe, wait_nr, ts ? &kts : NULL,
                                NULL);
    if (rc == -EAGAIN || rc == -EBUSY)
        return 0;
    return rc < 0 ? rc : 0;
}

int aio_uring_getevents(struct aio_worker *w, long min_nr, long nr,
                        struct io_event *ev, const struct timespec *ts)
{
    int rc = enable_once(w);
    if (rc < 0)
        return rc;
    int k = take_cqes(w, nr, ev);
    bool enough = k >= min_nr || k == nr;
    if (enough && io_uring_sq_ready(&w->uring) == 0)
        return k;
    rc = enter(w, enough ? 0 : (unsigned)(min_nr - k), ts);
    if (rc < 0 && rc != -ETIME)
        return k > 0 ? k : rc;
    return k + take_cqes(w, nr - k, ev + k);
}

void aio_uring_free(struct aio_worker *w)
{
    if (!w->ring_init)
        return;
    if (io_uring_sq_ready(&w->uring) > 0)
        io_uring_submit(&w->uring);
    while (w->in_kernel > 0) {
        struct io_uring_cqe *cqe;
        int rc = io_uring_wait_cqe(&w->uring, &cqe);
        if (rc == -EINTR)
            continue;
        if (rc < 0)
            break;
        if (cqe->user_data != LIBURING_UDATA_TIMEOUT)
            w->in_kernel--;
        io_uring_cqe_seen(&w->uring, cqe);
    }
    /* the ring's own teardown is asynchronous and would hold the targets
       (O_EXCL on a block device) a while after the run: let go now */
    if (w->fixed_files)
        io_uring_unregister_files(&w->uring);
    if (w->fixed_bufs)
        io_uring_unregister_buffers(&w->uring);
    io_uring_queue_exit(&w->uring);
    w->ring_init = false;
}
