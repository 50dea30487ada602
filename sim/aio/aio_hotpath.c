/*
 * aio_hotpath.c - the engine's side of submit() and reap(), shared by the
 * direct path (aio_direct.c) and the worker threads (aio_workers.c):
 * checking an I/O before it reaches the kernel, the local completions,
 * the disks' failure streaks, and how long and how much reap() waits.
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
 *
 * The local completions are a ring of cap entries; it cannot overflow,
 * because the engine never has more than cap I/Os submitted and not yet
 * reaped back, local ones included.
 */
#include <errno.h>
#include <time.h>

#include "sim/aio/aio_hotpath.h"

#define REAP_SLICE_NS (50 * SIM_NS_PER_MS)
#define REAP_BATCH_DIV 8            /* reap <= in_flight / 8 at a time */
#define FAIL_STREAK 32

sim_ns aio_clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (sim_ns)ts.tv_sec * SIM_NS_PER_S + ts.tv_nsec;
}

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

bool aio_admit(const struct aio_dev *a, struct sim_io *io, sim_ns now)
{
    io->submit_ns = now;
    int bad = check_io(a, io);
    if (bad) {
        io->result = bad;
        io->done_ns = now;
    }
    return bad == 0;
}

void aio_local_push(struct aio_dev *a, struct sim_io *io)
{
    a->local[(a->local_head + a->local_n) % a->cap] = io;
    a->local_n++;
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

void aio_note_result(struct aio_dev *a, const struct sim_io *io)
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

int aio_reap_start(struct aio_dev *a, int in_flight, struct sim_io **out,
                   int max, sim_ns deadline, sim_ns *now, sim_ns *wait_ns)
{
    int k = take_local(a, out, max);
    if (k > 0)
        return k;
    *now = aio_clock_ns();
    *wait_ns = wait_slice(*now, deadline);
    if (in_flight == 0) {
        nap(*wait_ns);
        return 0;
    }
    return AIO_REAP_WAIT;
}

/* How many completions to take at once (see "Submission and completion"). */
int aio_reap_want(int in_flight, int max)
{
    int want = in_flight / REAP_BATCH_DIV;
    if (want < 1)
        want = 1;
    return want > max ? max : want;
}
