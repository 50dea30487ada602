/*
 * aio_faults.c - fault injection for the aio backend: make chosen disks
 * fail, transfer short or stall, so that error accounting, the stop when
 * every disk fails, a stop request while a disk hangs, and the shutdown of
 * worker threads with I/O in flight are tested on any kernel and any file
 * system.
 *
 * Where the faults sit
 * --------------------
 * At the boundary between the backend and the kernel, below everything
 * the backend decides, for both engines (aio_kernel.h): both paths
 * (aio_direct.c, aio_workers.c) submit through aio_sys_submit() and pass each io_event through
 * aio_faults_event() before it becomes a completion.  So a faulty I/O
 * takes the same way a real one does: the failure streaks and the stop
 * when every disk fails (aio_hotpath.c), the hand-over through the
 * completion queue, the engine's accounting per disk and class.
 *
 *   eio     the I/O really runs; its completion says -EIO
 *   short   the I/O really runs; its completion says half the bytes moved
 *           (the backend turns that into -ENODATA, as for a real one)
 *   stall   the I/O is taken and never given to the kernel: it never
 *           completes, as on a device that hangs; the reap in flight
 *           times out at its deadline, and close lets it go (nothing is
 *           in the kernel, so io_destroy does not wait for it)
 *
 * "After N I/Os" counts what the disk completed (eio, short) or was
 * handed (stall), so a run measures some points cleanly first.  Without a
 * fault plan (a->faults NULL, every run but a test's) the cost is one
 * test per io_submit and per reaped batch.
 *
 * Each disk's state is written only by the thread that does its worker's
 * I/O, so nothing here locks; the plan is set at open, before any I/O.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/aio/aio_faults.h"

/* ---- the spec ------------------------------------------------------------ */

static const struct {
    const char *name;
    enum aio_fault_kind kind;
} kinds[] = {
    { "eio", AIO_FAULT_EIO },
    { "short", AIO_FAULT_SHORT },
    { "stall", AIO_FAULT_STALL },
};

/* An unsigned decimal at *p; advances *p.  False if there is none. */
static bool parse_u64(const char **p, uint64_t *out)
{
    const char *s = *p;
    uint64_t v = 0;
    if (*s < '0' || *s > '9')
        return false;
    for (; *s >= '0' && *s <= '9'; s++) {
        if (v > (UINT64_MAX - 9) / 10)
            return false;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    *p = s;
    *out = v;
    return true;
}

/* One item [s, end): DISK:KIND[@AFTER][xCOUNT].  -1 for '*'. */
static int parse_item(const char *s, const char *end, int disks, int *disk,
                      struct aio_fault *f)
{
    const char *p = s;
    uint64_t v;
    memset(f, 0, sizeof(*f));
    if (*p == '*') {
        *disk = -1;
        p++;
    } else if (parse_u64(&p, &v) && v < (uint64_t)disks) {
        *disk = (int)v;
    } else {
        return -EINVAL;
    }
    if (*p++ != ':')
        return -EINVAL;
    size_t len = 0;                 /* the kind: letters up to '@' or 'x' */
    while (p + len < end && p[len] >= 'a' && p[len] <= 'z' && p[len] != 'x')
        len++;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        if (strlen(kinds[k].name) == len && strncmp(p, kinds[k].name, len) == 0)
            f->kind = kinds[k].kind;
    if (f->kind == AIO_FAULT_NONE)
        return -EINVAL;
    p += len;
    if (p < end && *p == '@') {
        p++;
        if (!parse_u64(&p, &f->after_ios))
            return -EINVAL;
    }
    if (p < end && *p == 'x') {
        p++;
        if (!parse_u64(&p, &f->count_ios) || f->count_ios == 0)
            return -EINVAL;
    }
    return p == end ? 0 : -EINVAL;
}

int aio_faults_parse(const char *spec, int disks, struct aio_fault *out,
                     char *why, size_t why_len)
{
    memset(out, 0, (size_t)disks * sizeof(*out));
    const char *s = spec;
    for (;;) {
        const char *end = strchr(s, ',');
        if (!end)
            end = s + strlen(s);
        int disk;
        struct aio_fault f;
        if (end == s || parse_item(s, end, disks, &disk, &f) < 0) {
            snprintf(why, why_len, "fault \"%.*s\": use DISK:KIND[@AFTER]"
                     "[xCOUNT], DISK 0..%d or *, KIND eio, short or stall, "
                     "e.g. *:eio@100", (int)(end - s), s, disks - 1);
            return -EINVAL;
        }
        for (int d = 0; d < disks; d++)
            if (disk < 0 || d == disk)
                out[d] = f;
        if (*end == '\0')
            return 0;
        s = end + 1;
    }
}

/* ---- at the kernel boundary ---------------------------------------------- */

static struct aio_fault *fault_of(struct aio_dev *a, const struct iocb *cb)
{
    const struct sim_io *io = cb->data;
    return io->disk < a->disks ? &a->faults[io->disk] : NULL;
}

/* Is the next I/O counted against f faulty?  Counts it. */
static bool strikes(struct aio_fault *f)
{
    uint64_t n = f->seen_ios++;
    if (n < f->after_ios)
        return false;
    if (f->count_ios && n - f->after_ios >= f->count_ios)
        return false;
    f->hit_ios++;
    return true;
}

static bool stalls(struct aio_fault *f)
{
    return f && f->kind == AIO_FAULT_STALL && strikes(f);
}

/* Give back the count of an I/O stalls() counted and the kernel did not
   take after all. */
static void uncount(struct aio_fault *f, bool was_hit)
{
    if (f && f->kind == AIO_FAULT_STALL) {
        f->seen_ios--;
        f->hit_ios -= was_hit;
    }
}

int aio_faults_submit(struct aio_worker *w, long n, struct iocb **cbs)
{
    struct aio_dev *a = w->dev;
    long i = 0;
    while (i < n) {
        if (stalls(fault_of(a, cbs[i]))) {
            i++;                    /* taken; never completes */
            continue;
        }
        /* cbs[i..j) go to the kernel; cbs[j], if there, stalls (each is
           counted as the scan passes it, as if taken) */
        long j = i + 1;
        while (j < n && !stalls(fault_of(a, cbs[j])))
            j++;
        int r = aio_kernel_submit(w, j - i, cbs + i);
        long took = r > 0 ? r : 0;
        if (took == j - i) {
            i = j < n ? j + 1 : j;
            continue;
        }
        /* the kernel took a prefix: what it did not take is not counted,
           and the stalled one after it is not taken either */
        for (long k = i + took; k < j; k++)
            uncount(fault_of(a, cbs[k]), false);
        if (j < n)
            uncount(fault_of(a, cbs[j]), true);
        i += took;
        return i > 0 || r >= 0 ? (int)i : r;
    }
    return (int)n;
}

void aio_faults_event(struct aio_dev *a, struct io_event *ev)
{
    struct aio_fault *f = fault_of(a, ev->obj);
    if (!f || (f->kind != AIO_FAULT_EIO && f->kind != AIO_FAULT_SHORT) ||
        !strikes(f))
        return;
    long res = (long)ev->res;
    if (f->kind == AIO_FAULT_EIO)
        ev->res = (unsigned long)(long)-EIO;
    else if (res > 0)
        ev->res = (unsigned long)(res / 2);
}
