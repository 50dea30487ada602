/*
 * aio_fill.c - a file is measured only where it was really written.
 *
 * A file made with posix_fallocate (or ftruncate) has no data yet: its
 * extents are holes or "unwritten" (allocated, flagged as reading back as
 * zeros).  A read there never reaches the disk - the file system returns
 * zeros from memory - so a read run on a fresh --create file measured 21
 * GB/s at 3 us, and a write there measures block allocation and the
 * unwritten-to-written conversion, not the device.  So asmsim fills what
 * it creates before the first measured I/O, and refuses other files that
 * are not written in full (safety.c).
 *
 * Finding the unwritten ranges.  FS_IOC_FIEMAP lists a file's extents
 * with flags; a gap between extents is a hole and an extent flagged
 * FIEMAP_EXTENT_UNWRITTEN is preallocated space.  FIEMAP_FLAG_SYNC first
 * writes back dirty pages, so data written through the page cache but
 * not yet allocated (delayed allocation) counts as written.  Where a file
 * system has no FIEMAP (EOPNOTSUPP, ENOTTY: FUSE, NFS, ...) the holes come
 * from lseek(SEEK_DATA / SEEK_HOLE) instead, which on the file systems
 * that implement it also treats unwritten extents as holes; where neither
 * answers, the whole file counts as written (the generic lseek says so).
 *
 * Filling.  Every unwritten range is written with zeros - real data
 * blocks on ext4, XFS and the like, so a created file still reads back as
 * zeros, as before, only now from the disk - FILL_CHUNK_BYTES at a time through an O_DIRECT descriptor wherever offset and length are
 * multiples of FILL_ALIGN_BYTES (4 KiB, a multiple of every logical block
 * size asmsim accepts), and through the page cache for the unaligned rest
 * (a file size that is not a multiple of 4 KiB), then fsync'ed: the
 * extents are data on the disk before the run starts.  A stop request
 * (Ctrl-C) is looked at before each write, so a fill of many GiB ends
 * within one chunk's write, not at its end.  With a terminal on
 * stderr a progress line shows the bytes written, at most twice a second.
 * Not covered: storage that compresses or deduplicates zeros (btrfs or
 * ZFS compression, VDO) keeps them as nothing; asmsim's write pattern is
 * repetitive too, so such storage is not what asmsim measures well.
 */
#include "sim/aio/aio_fill.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <linux/fiemap.h>
#include <linux/fs.h>

#define FILL_CHUNK_BYTES (8u << 20)
#define FILL_ALIGN_BYTES 4096u
#define FIEMAP_BATCH 64
#define PROGRESS_EVERY_S 0.5

typedef int (*range_fn)(uint64_t off, uint64_t len, void *arg);

static uint64_t min_u64(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

static int call_range(range_fn fn, void *arg, uint64_t from, uint64_t to)
{
    return to > from ? fn(from, to - from, arg) : 0;
}

/* The unwritten ranges of [0, end) from FIEMAP: 0, -errno, or -ENOTTY /
   -EOPNOTSUPP when the file system has none. */
static int fiemap_ranges(int fd, uint64_t end, range_fn fn, void *arg)
{
    struct {
        struct fiemap fm;
        struct fiemap_extent ext[FIEMAP_BATCH];
    } b;
    uint64_t pos = 0;               /* bytes before pos are accounted for */
    int rc;

    while (pos < end) {
        memset(&b, 0, sizeof b);
        b.fm.fm_start = pos;
        b.fm.fm_length = end - pos;
        b.fm.fm_flags = FIEMAP_FLAG_SYNC;
        b.fm.fm_extent_count = FIEMAP_BATCH;
        if (ioctl(fd, FS_IOC_FIEMAP, &b.fm) != 0)
            return -errno;
        if (b.fm.fm_mapped_extents == 0)
            return call_range(fn, arg, pos, end);     /* a hole to the end */
        uint64_t before = pos;
        for (unsigned i = 0; i < b.fm.fm_mapped_extents; i++) {
            const struct fiemap_extent *e = &b.ext[i];
            uint64_t from = e->fe_logical > pos ? e->fe_logical : pos;
            uint64_t to = min_u64(e->fe_logical + e->fe_length, end);

            if ((rc = call_range(fn, arg, pos, min_u64(from, end))) < 0)
                return rc;                            /* the hole before */
            if ((e->fe_flags & FIEMAP_EXTENT_UNWRITTEN) &&
                (rc = call_range(fn, arg, from, to)) < 0)
                return rc;
            if (to > pos)
                pos = to;
            if (e->fe_flags & FIEMAP_EXTENT_LAST)
                return call_range(fn, arg, pos, end); /* a hole after */
        }
        if (pos == before)          /* no progress: cannot be; stop */
            return -EIO;
    }
    return 0;
}

/* The holes of [0, end) from lseek, where there is no FIEMAP. */
static int seek_ranges(int fd, uint64_t end, range_fn fn, void *arg)
{
    uint64_t pos = 0;
    int rc;

    while (pos < end) {
        off_t data = lseek(fd, (off_t)pos, SEEK_DATA);
        if (data < 0)
            return errno == ENXIO ? call_range(fn, arg, pos, end)
                                  : errno == EINVAL ? 0 : -errno;
        if ((rc = call_range(fn, arg, pos, min_u64((uint64_t)data, end))) < 0)
            return rc;
        off_t hole = lseek(fd, data, SEEK_HOLE);
        if (hole < 0)
            return -errno;
        if ((uint64_t)hole <= pos)
            return -EIO;
        pos = (uint64_t)hole;
    }
    return 0;
}

static int for_each_unwritten(int fd, uint64_t end, range_fn fn, void *arg)
{
    int rc = fiemap_ranges(fd, end, fn, arg);

    if (rc == -ENOTTY || rc == -EOPNOTSUPP || rc == -ENOSYS)
        rc = seek_ranges(fd, end, fn, arg);
    return rc;
}

static int add_len(uint64_t off, uint64_t len, void *arg)
{
    (void)off;
    *(uint64_t *)arg += len;
    return 0;
}

int aio_fill_unwritten_bytes(int fd, uint64_t end, uint64_t *out)
{
    *out = 0;
    return for_each_unwritten(fd, end, add_len, out);
}

/* ---- filling ---------------------------------------------------------- */

struct fill {
    int direct_fd;              /* O_DIRECT, or -1 where refused */
    int buffered_fd;
    unsigned char *buf;         /* FILL_CHUNK_BYTES, aligned */
    const char *path;
    uint64_t done_bytes, total_bytes;
    bool show;
    const sim_stop_flag *stop;
    double shown_at_s;
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void show_progress(struct fill *f, bool last)
{
    double t = now_s();

    if (!f->show || (!last && t - f->shown_at_s < PROGRESS_EVERY_S))
        return;
    f->shown_at_s = t;
    fprintf(stderr, "\rasmsim: writing %s once before measuring: %3.0f %% of "
            "%.1f MiB", f->path,
            100.0 * (double)f->done_bytes / (double)f->total_bytes,
            (double)f->total_bytes / (1024.0 * 1024.0));
    if (last)
        fputc('\n', stderr);
    fflush(stderr);
}

/* One write of the range at off: O_DIRECT when aligned.  Bytes or -errno. */
static ssize_t fill_once(struct fill *f, uint64_t off, uint64_t len)
{
    size_t n = (size_t)min_u64(len, FILL_CHUNK_BYTES);
    bool aligned = off % FILL_ALIGN_BYTES == 0 && n >= FILL_ALIGN_BYTES;

    if (aligned && f->direct_fd >= 0) {
        n -= n % FILL_ALIGN_BYTES;
        ssize_t w = pwrite(f->direct_fd, f->buf, n, (off_t)off);
        if (w >= 0 || errno != EINVAL)
            return w < 0 ? -errno : w;
        close(f->direct_fd);        /* O_DIRECT refused after all */
        f->direct_fd = -1;
    }
    if (!aligned)                   /* up to the next aligned offset */
        n = (size_t)min_u64(n, FILL_ALIGN_BYTES - off % FILL_ALIGN_BYTES);
    ssize_t w = pwrite(f->buffered_fd, f->buf, n, (off_t)off);
    return w < 0 ? -errno : w;
}

static int fill_range(uint64_t off, uint64_t len, void *arg)
{
    struct fill *f = arg;

    while (len > 0) {
        if (sim_stop_is_set(f->stop))
            return -ECANCELED;      /* Ctrl-C: the run ends before it starts */
        ssize_t w = fill_once(f, off, len);
        if (w == -EINTR)
            continue;
        if (w <= 0)
            return w < 0 ? (int)w : -EIO;
        off += (uint64_t)w;
        len -= (uint64_t)w;
        f->done_bytes += (uint64_t)w;
        show_progress(f, false);
    }
    return 0;
}

int aio_fill_unwritten(int fd, const char *path, uint64_t end,
                       bool show_progress_line, const sim_stop_flag *stop)
{
    struct fill f = { .direct_fd = -1, .buffered_fd = fd, .path = path,
                      .show = show_progress_line, .stop = stop };
    int rc = aio_fill_unwritten_bytes(fd, end, &f.total_bytes);
    void *buf = NULL;

    if (rc < 0 || f.total_bytes == 0)
        return rc;
    if ((rc = posix_memalign(&buf, FILL_ALIGN_BYTES, FILL_CHUNK_BYTES)) != 0)
        return -rc;
    f.buf = buf;
    memset(f.buf, 0, FILL_CHUNK_BYTES);
    f.direct_fd = open(path, O_WRONLY | O_DIRECT | O_CLOEXEC);
    rc = for_each_unwritten(fd, end, fill_range, &f);
    if (rc == 0 && fsync(fd) != 0)
        rc = -errno;
    if (rc == 0)
        show_progress(&f, true);
    else if (f.show && f.done_bytes > 0)
        fputc('\n', stderr);           /* the progress line ends */
    if (f.direct_fd >= 0)
        close(f.direct_fd);
    free(buf);
    return rc;
}
