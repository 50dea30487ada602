/*
 * safety.c - nothing is written that the user did not clearly hand over.
 *
 * ORION happily overwrites whatever is on the LUNs it is given; the most
 * common way to lose a database with a benchmark is a typo in a device
 * name.  asmsim decides, per target and before the first I/O, whether the
 * run may use it, and when it refuses it names the target and the reason.
 *
 * The rules, in the order they are applied
 * ----------------------------------------
 *  1. A target is a regular file or a block device; anything else is
 *     refused.  A missing path is refused unless --create SIZE was given,
 *     in which case asmsim makes it (safety_create_file) and it is asmsim's.
 *  2. A target somebody else uses is always refused, read-only runs
 *     included (safety_busy.c): a block device that is mounted, or held
 *     open exclusively elsewhere (a file system, LVM/device-mapper,
 *     MD-RAID, swap, another asmsim) - the probe is an exclusive open,
 *     which fails with EBUSY while anyone else holds the device that way -
 *     and a file that is an active swap file or lies under such a loop
 *     device (mounted, held, swap), which writing the file would write.
 *     The message says where it is mounted or what holds it.
 *  3. A run without writes opens every target read-only: reading
 *     destroys nothing, so the remaining rules do not apply.
 *  4. A run with writes may write a file asmsim created (it carries
 *     asmsim's mark, see below).  Any other target needs --destroy-data.
 *  5. A target that carries a signature - a file system, partition table,
 *     LVM, MD-RAID (libblkid's probes) or an Oracle ASM disk header
 *     ("ORCLDISK" at byte 32 of the first block, checked by hand so it is
 *     found whichever libblkid is installed) - is refused for writing
 *     unless --ignore-signatures is also given, even with --destroy-data
 *     and even when it carries asmsim's mark: the mark says who made the
 *     file, not what has been written on it since.  The message names the
 *     signature found.
 *  6. I/O stays below the usable size: the target's size, or --size-limit
 *     when smaller, rounded down to the logical block size.  The backend
 *     checks every I/O against it as well.
 *  7. A file is measured only where it was written: holes and
 *     preallocated (unwritten) extents read back as zeros from memory, at
 *     memory speed, and writes there measure block allocation (aio_fill.c
 *     finds them).  A file --create makes, or grows, is written once in
 *     full before the run (safety_create_file), and so is asmsim's own
 *     file given --create again when parts of it are unwritten; any other
 *     file with unwritten parts in the usable size is refused, saying how
 *     to write it.  Block devices have no holes and are not checked.
 *
 * What is checked is what is used.  A path is looked up anew by every
 * call that takes one, and a rename or a symbolic link can put another
 * file or device there at any moment.  So the check stats the path, opens
 * it once (read-only, non-blocking, block devices O_EXCL) and refuses it
 * if the open is not what stat saw; every fact after that - busy loop
 * devices, the mark, signatures, the block size, unwritten extents - is
 * read through that descriptor, and the target's identity (st_dev and
 * st_ino, or st_rdev) is handed back, so that the run's own open can be
 * compared with it (safety_same_target) and refused when it differs.
 *
 * The logical block size is asked of the device: BLKSSZGET for a block
 * device, statx(STATX_DIOALIGN) for a file (the alignment direct I/O needs
 * there), falling back to the logical_block_size in sysfs of the device
 * under the file, and to 4096 (always a multiple of the real one) when
 * nothing answers.  The NUMA node comes from sysfs: the first numa_node
 * attribute found walking up from the block device's sysfs directory.
 *
 * The mark
 * --------
 * safety_create_file marks the file it makes with its identity: device,
 * inode, size, birth time (statx) and inode generation (FS_IOC_GETVERSION),
 * "-" for the last two where the file system does not say.  The record is
 * the value of the extended attribute user.asmsim, or, on file systems
 * without user xattrs, the first line of a side-car "<path>.asmsim".  The
 * mark counts only while every field still matches the file at <path>, so
 *   - a side-car left behind when its file was removed does not make the
 *     next file created at that path (an ASM disk image, say) asmsim's:
 *     another inode, another birth time or generation even if the inode
 *     number is reused;
 *   - a mark copied along with a file (cp -a, rsync -X) does not count on
 *     the copy; a file truncated or grown by something else loses it.
 * Marks of older asmsim versions (an empty side-car, xattr "created") do
 * not count: such a file needs --destroy-data, or removing and --create.
 * The device number is part of the identity, so a file whose file system
 * comes back under another number after a reboot loses its mark too: a
 * false "not ours" costs a --destroy-data, a false "ours" costs a disk.
 *
 * The same data under two names
 * -----------------------------
 * safety_identify/safety_overlap tell whether two target paths reach the
 * same data, so that the command line can refuse it up front (two "disks"
 * of a disk group that are one would make every number wrong, and a run
 * with writes would write one disk twice as hard).  Files compare by
 * st_dev/st_ino (hard links, symlinks, "./x" and "x"); block devices by
 * st_rdev (symlinks such as /dev/disk/by-id, a second node made with
 * mknod), and through sysfs: a partition (/sys/dev/block/MAJ:MIN/partition)
 * overlaps the disk it is on (the parent directory's "dev"), a loop device
 * overlaps the file under it (loop/backing_file) and every other loop
 * device over that file, and a file overlaps the device its file system is
 * on and that device's disk.  Two partitions of one disk do not overlap.
 * Missing paths (--create) compare by directory (device, inode) and name.
 *
 * Nothing here keeps state; every answer is read afresh.
 */
#include "sim/aio/safety.h"
#include "sim/aio/aio_fill.h"
#include "sim/aio/safety_busy.h"
#include "sim/core/shell_word.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <blkid/blkid.h>
#include <linux/fs.h>

#define ASM_MAGIC "ORCLDISK"
#define ASM_MAGIC_OFFSET 32
#define FALLBACK_BLOCK_BYTES 4096u
#define MIN_USABLE_BYTES (1024u * 1024u)
/* The longest refusal that suggests a command: the CLI prints at most 480
   characters (CLI_LINE_MAX: "asmsim: " and this), and a command cut
   short is not safe to paste, so a longer one is left out (rule 7). */
#define SAFETY_LINE_MAX 470u

/* ---- small readers --------------------------------------------------- */

static long read_long_file(const char *path, long fallback)
{
    char buf[64];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fallback;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return fallback;
    buf[n] = '\0';
    char *end;
    long v = strtol(buf, &end, 10);
    return end == buf ? fallback : v;
}

/* The sysfs directory of a block device number, resolved. */
static int sysfs_dir(dev_t dev, char *out, size_t len)
{
    char link[64];
    char real[PATH_MAX];
    snprintf(link, sizeof link, "/sys/dev/block/%u:%u", major(dev), minor(dev));
    if (!realpath(link, real) || strlen(real) >= len)
        return -ENOENT;
    strcpy(out, real);
    return 0;
}

static uint32_t sysfs_block_size(dev_t dev)
{
    char dir[PATH_MAX], path[PATH_MAX + 64];
    if (sysfs_dir(dev, dir, sizeof dir) < 0)
        return 0;
    /* a partition has no queue/ of its own: its parent has */
    for (int up = 0; up < 2; up++) {
        snprintf(path, sizeof path, "%s/queue/logical_block_size", dir);
        long v = read_long_file(path, 0);
        if (v > 0)
            return (uint32_t)v;
        char *slash = strrchr(dir, '/');
        if (!slash)
            break;
        *slash = '\0';
    }
    return 0;
}

static int numa_node_of_dev(dev_t dev)
{
    char dir[PATH_MAX], path[PATH_MAX + 64];
    if (sysfs_dir(dev, dir, sizeof dir) < 0)
        return -1;
    while (strncmp(dir, "/sys/devices/", 13) == 0) {
        snprintf(path, sizeof path, "%s/device/numa_node", dir);
        long v = read_long_file(path, -2);
        if (v == -2) {
            snprintf(path, sizeof path, "%s/numa_node", dir);
            v = read_long_file(path, -2);
        }
        if (v != -2)
            return v >= 0 && v < INT_MAX ? (int)v : -1;
        char *slash = strrchr(dir, '/');
        if (!slash)
            break;
        *slash = '\0';
    }
    return -1;
}

int safety_numa_node(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    return numa_node_of_dev(S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev);
}

/* The direct-I/O alignment of a file (or of files in a directory): the
   open fd's when path is "", else path's (fd AT_FDCWD). */
static uint32_t file_block_size(int fd, const char *path, dev_t dev)
{
#ifdef STATX_DIOALIGN
    struct statx sx;
    if (statx(fd, path, *path ? 0 : AT_EMPTY_PATH, STATX_DIOALIGN, &sx) == 0 &&
        (sx.stx_mask & STATX_DIOALIGN) && sx.stx_dio_offset_align > 0) {
        uint32_t a = sx.stx_dio_offset_align;
        return a > sx.stx_dio_mem_align ? a : sx.stx_dio_mem_align;
    }
#else
    (void)fd;
    (void)path;
#endif
    uint32_t b = sysfs_block_size(dev);
    return b ? b : FALLBACK_BLOCK_BYTES;
}

/* ---- the mark of asmsim's own files ---------------------------------- */

/* The identity of the open regular file fd, as the mark records it. */
static int mark_record(int fd, char *out, size_t len)
{
    struct stat st;
    char btime[48] = "-", gen[24] = "-";

    if (fstat(fd, &st) != 0)
        return -errno;
    if (!S_ISREG(st.st_mode))
        return -EINVAL;
#ifdef STATX_BTIME
    struct statx sx;
    if (statx(fd, "", AT_EMPTY_PATH, STATX_BTIME, &sx) == 0 &&
        (sx.stx_mask & STATX_BTIME))
        snprintf(btime, sizeof btime, "%lld.%09u",
                 (long long)sx.stx_btime.tv_sec, sx.stx_btime.tv_nsec);
#endif
    int g = 0;                      /* the kernel stores an int there */
    if (ioctl(fd, FS_IOC_GETVERSION, &g) == 0)
        snprintf(gen, sizeof gen, "%u", (unsigned)g);
    snprintf(out, len, "asmsim-mark 1 dev=%u:%u ino=%llu size=%llu btime=%s "
             "gen=%s", major(st.st_dev), minor(st.st_dev),
             (unsigned long long)st.st_ino, (unsigned long long)st.st_size,
             btime, gen);
    return 0;
}

static int sidecar_path(const char *path, char *out, size_t len)
{
    if (snprintf(out, len, "%s%s", path, SAFETY_SIDECAR_SUFFIX) >= (int)len)
        return -ENAMETOOLONG;
    return 0;
}

/* The side-car's record (its first line), or -errno. */
static int read_sidecar(const char *path, char *out, size_t len)
{
    char side[PATH_MAX];
    struct stat st;

    if (sidecar_path(path, side, sizeof side) < 0)
        return -ENAMETOOLONG;
    int fd = open(side, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        return -errno;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return -EINVAL;
    }
    ssize_t n = read(fd, out, len - 1);
    close(fd);
    if (n < 0)
        return -EIO;
    out[n] = '\0';
    out[strcspn(out, "\n")] = '\0';
    return 0;
}

/* Whether the open regular file fd (at path, for its side-car) carries
   a mark that describes it. */
static bool marked_fd(int fd, const char *path)
{
    char now[SAFETY_MARK_LEN], mark[SAFETY_MARK_LEN + 1];

    if (mark_record(fd, now, sizeof now) < 0)
        return false;
    ssize_t n = fgetxattr(fd, SAFETY_XATTR, mark, sizeof mark - 1);
    if (n > 0) {
        mark[n] = '\0';
        if (strcmp(mark, now) == 0)
            return true;
    }
    return read_sidecar(path, mark, sizeof mark) == 0 && strcmp(mark, now) == 0;
}

bool safety_is_asmsim_file(const char *path)
{
    struct stat st;

    /* stat first: never open a FIFO or device to ask */
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        return false;
    bool marked = marked_fd(fd, path);
    close(fd);
    return marked;
}

static int mark_fd(int fd, const char *path, bool sidecar_only)
{
    char rec[SAFETY_MARK_LEN], side[PATH_MAX];
    int rc = mark_record(fd, rec, sizeof rec);

    if (rc < 0)
        return rc;
    if (!sidecar_only) {
        if (fsetxattr(fd, SAFETY_XATTR, rec, strlen(rec), 0) == 0)
            return 0;
        if (errno != ENOTSUP && errno != EPERM)
            return -errno;
    }
    if ((rc = sidecar_path(path, side, sizeof side)) < 0)
        return rc;
    int s = open(side, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW |
                 O_NOCTTY | O_NONBLOCK, 0644);
    if (s < 0)
        return -errno;
    size_t len = strlen(rec);
    rec[len++] = '\n';
    rc = write(s, rec, len) == (ssize_t)len ? 0 : -EIO;
    if (close(s) != 0 && rc == 0)
        rc = -errno;
    return rc;
}

int safety_mark_file(const char *path, bool sidecar_only, char *why,
                     size_t why_len)
{
    struct stat st;

    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(why, why_len, "%s: not a regular file; only files asmsim "
                 "made can carry its mark", path);
        return -EINVAL;
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) {
        int e = errno;
        snprintf(why, why_len, "%s: cannot open it: %s", path, strerror(e));
        return -e;
    }
    int rc = mark_fd(fd, path, sidecar_only);
    close(fd);
    if (rc < 0)
        snprintf(why, why_len, "%s: cannot mark it as asmsim's: %s", path,
                 strerror(-rc));
    return rc;
}

int safety_create_file(const char *path, uint64_t bytes, bool show_progress,
                       const sim_stop_flag *stop, char *why, size_t why_len)
{
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (exists && (!S_ISREG(st.st_mode) || !safety_is_asmsim_file(path))) {
        snprintf(why, why_len, "%s: exists and was not created by asmsim; "
                 "--create makes new files only (remove it, or drop --create "
                 "and give --destroy-data to overwrite it)", path);
        return -EPERM;
    }
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | (exists ? 0 : O_EXCL),
                  0644);
    if (fd < 0) {
        int e = errno;
        snprintf(why, why_len, "%s: cannot create it: %s", path, strerror(e));
        return -e;
    }
    int rc = 0;
    if (!exists || (uint64_t)st.st_size < bytes) {
        rc = posix_fallocate(fd, 0, (off_t)bytes);
        if (rc == EOPNOTSUPP || rc == EINVAL)   /* no fallocate: sparse */
            rc = ftruncate(fd, (off_t)bytes) == 0 ? 0 : errno;
        if (rc) {
            snprintf(why, why_len, "%s: cannot make it %llu bytes: %s", path,
                     (unsigned long long)bytes, strerror(rc));
            rc = -rc;
        }
    }
    uint64_t end = exists && (uint64_t)st.st_size > bytes
                       ? (uint64_t)st.st_size : bytes;
    if (rc == 0 && (rc = aio_fill_unwritten(fd, path, end, show_progress,
                                            stop)) == -ECANCELED)
        snprintf(why, why_len, "%s: interrupted while --create wrote it, "
                 "before the first point", path);
    else if (rc < 0)
        snprintf(why, why_len, "%s: cannot write it once before measuring: "
                 "%s", path, strerror(-rc));
    if (rc == 0 && (rc = mark_fd(fd, path, false)) < 0)
        snprintf(why, why_len, "%s: cannot mark it as asmsim's: %s", path,
                 strerror(-rc));
    close(fd);
    if (rc < 0 && !exists)
        unlink(path);
    return rc;
}

/* ---- signatures ------------------------------------------------------ */

static int asm_header(int fd, bool *found)
{
    unsigned char buf[ASM_MAGIC_OFFSET + 8];
    ssize_t n = pread(fd, buf, sizeof buf, 0);

    *found = false;
    if (n < 0)
        return -errno;
    *found = n == (ssize_t)sizeof buf &&
             memcmp(buf + ASM_MAGIC_OFFSET, ASM_MAGIC, 8) == 0;
    return 0;
}

/* safety_probe_signature on the open target fd. */
static int probe_signature_fd(int fd, char *name, size_t len)
{
    bool asm_found;
    int rc = asm_header(fd, &asm_found);
    if (rc < 0)
        return rc;
    if (asm_found) {
        snprintf(name, len, "Oracle ASM disk header (ORCLDISK)");
        return 1;
    }
    blkid_probe pr = blkid_new_probe();
    if (!pr || blkid_probe_set_device(pr, fd, 0, 0) != 0) {
        blkid_free_probe(pr);
        return -EIO;
    }
    blkid_probe_enable_superblocks(pr, 1);
    blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_USAGE);
    blkid_probe_enable_partitions(pr, 1);
    blkid_probe_set_partitions_flags(pr, BLKID_PARTS_MAGIC);
    rc = blkid_do_safeprobe(pr);
    const char *v = NULL;
    int found = 0;
    if (rc == 0) {
        if (blkid_probe_lookup_value(pr, "TYPE", &v, NULL) == 0 && v)
            snprintf(name, len, "%s", v);
        else if (blkid_probe_lookup_value(pr, "PTTYPE", &v, NULL) == 0 && v)
            snprintf(name, len, "%s partition table", v);
        else
            snprintf(name, len, "unnamed signature");
        found = 1;
    } else if (rc == -2) {
        snprintf(name, len, "several conflicting signatures");
        found = 1;
    } else if (rc < 0) {
        found = -EIO;
    }
    blkid_free_probe(pr);
    return found;
}

int safety_probe_signature(const char *path, char *name, size_t len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        return -errno;
    int rc = probe_signature_fd(fd, name, len);
    close(fd);
    return rc;
}

/* ---- the decision ---------------------------------------------------- */

/* Whether the open object now is what stat saw at the path (st): the
   same file by device and inode, or the same block device number. */
static bool same_object(const struct stat *st, const struct stat *now)
{
    if (S_ISBLK(st->st_mode))
        return S_ISBLK(now->st_mode) && now->st_rdev == st->st_rdev;
    return S_ISREG(now->st_mode) && now->st_dev == st->st_dev &&
           now->st_ino == st->st_ino;
}

static int changed(const char *path, char *why, size_t why_len)
{
    snprintf(why, why_len, "%s: changed after it was checked (a rename or a "
             "symbolic link put another file or device at that path); asmsim "
             "uses only what it checked: run again once nothing else changes "
             "that path", path);
    return -ESTALE;
}

/* Open path, which stat said is st (a regular file or block device), to
   read every fact of the check from one descriptor: read-only, never
   blocking, never as a controlling terminal, and a block device O_EXCL
   (EBUSY: rule 2).  The fd, or -errno with why; a path whose object was
   swapped between the stat and the open (rename, symlink) is refused. */
static int open_checked(const char *path, const struct stat *st, char *why,
                        size_t why_len)
{
    bool block = S_ISBLK(st->st_mode);
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK |
                  (block ? O_EXCL : 0));
    struct stat now;

    if (fd < 0) {
        int e = errno;
        if (e == EBUSY && block)
            safety_busy_device_reason(path, st->st_rdev, why, why_len);
        else
            snprintf(why, why_len, "%s: cannot open it: %s", path, strerror(e));
        return -e;
    }
    if (fstat(fd, &now) != 0 || !same_object(st, &now)) {
        close(fd);
        return changed(path, why, why_len);
    }
    return fd;
}

int safety_same_target(int fd, const char *path, const struct safety_target *t,
                       char *why, size_t why_len)
{
    struct stat now;

    if (fstat(fd, &now) != 0)
        return changed(path, why, why_len);
    if (t->kind == SAFETY_BLOCK ? S_ISBLK(now.st_mode) &&
                                  (uint64_t)now.st_rdev == t->rdev
                                : S_ISREG(now.st_mode) &&
                                  (uint64_t)now.st_dev == t->dev &&
                                  (uint64_t)now.st_ino == t->ino)
        return 0;
    return changed(path, why, why_len);
}

/* The facts of the block device open at fd: rule 2 through loop devices
   over it, its size and block size, its NUMA node. */
static int block_facts(int fd, const char *path, const struct stat *st,
                       struct safety_target *t, char *why, size_t why_len)
{
    uint64_t size = 0;
    int lbs = 0;
    int rc = safety_busy_target(NULL, path, st, why, why_len);

    if (rc < 0)
        return rc;
    if (ioctl(fd, BLKGETSIZE64, &size) != 0 || ioctl(fd, BLKSSZGET, &lbs) != 0) {
        rc = -errno;
        snprintf(why, why_len, "%s: cannot ask the device its size and block "
                 "size: %s", path, strerror(-rc));
    }
    t->kind = SAFETY_BLOCK;
    t->rdev = (uint64_t)st->st_rdev;
    t->size_bytes = size;
    t->logical_block_bytes = lbs > 0 ? (uint32_t)lbs : FALLBACK_BLOCK_BYTES;
    t->numa_node = numa_node_of_dev(st->st_rdev);
    return rc;
}

/* The facts of the regular file open at fd: rule 2 (swap, busy loop
   devices over it), its size, asmsim's mark, its block size and node. */
static int file_facts(int fd, const char *path, const struct stat *st,
                      const struct safety_policy *p, struct safety_target *t,
                      char *why, size_t why_len)
{
    int rc = safety_busy_target(NULL, path, st, why, why_len);

    if (rc < 0)
        return rc;
    t->kind = SAFETY_FILE;
    t->dev = (uint64_t)st->st_dev;
    t->ino = (uint64_t)st->st_ino;
    t->size_bytes = (uint64_t)st->st_size;
    t->asmsim_file = marked_fd(fd, path);
    if (t->asmsim_file && p->create_bytes > t->size_bytes) {
        t->size_bytes = p->create_bytes;        /* --create extends it */
        t->will_create = true;
    }
    t->logical_block_bytes = file_block_size(fd, "", st->st_dev);
    t->numa_node = numa_node_of_dev(st->st_dev);
    return 0;
}

/* The facts of an existing target, every one read through one open of
   it (open_checked), signatures included: looked for on asmsim's own
   files too, as a mark says who made the file, not what was written on
   it since (an ASM disk image copied over it, say).  The open fd, or
   -errno with why. */
static int existing_facts(const char *path, const struct stat *st,
                          const struct safety_policy *p,
                          struct safety_target *t, char *why, size_t why_len)
{
    int rc, fd;

    if (!S_ISREG(st->st_mode) && !S_ISBLK(st->st_mode)) {
        snprintf(why, why_len, "%s: neither a regular file nor a block "
                 "device; give a file or a block device", path);
        return -EINVAL;
    }
    if ((fd = open_checked(path, st, why, why_len)) < 0)
        return fd;
    rc = S_ISREG(st->st_mode) ? file_facts(fd, path, st, p, t, why, why_len)
                              : block_facts(fd, path, st, t, why, why_len);
    if (rc == 0 && (rc = probe_signature_fd(fd, t->signature,
                                            sizeof t->signature)) < 0)
        snprintf(why, why_len, "%s: cannot read it to look for signatures: "
                 "%s", path, strerror(-rc));
    if (rc == 0)
        t->signature[0] = '\0';
    if (rc < 0) {
        close(fd);
        return rc;
    }
    return fd;
}

/* Facts about a path that does not exist yet: those of its directory. */
static int missing_facts(const char *path, const struct safety_policy *p,
                         struct safety_target *t, char *why, size_t why_len)
{
    if (p->create_bytes == 0) {
        snprintf(why, why_len, "%s: no such file or device; give an existing "
                 "file or block device, or --create SIZE to make a file",
                 path);
        return -ENOENT;
    }
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        strcpy(dir, ".");
    else if (slash == dir)
        dir[1] = '\0';
    else
        *slash = '\0';
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(why, why_len, "%s: cannot create it: directory %s does not "
                 "exist", path, dir);
        return -ENOENT;
    }
    t->kind = SAFETY_MISSING;
    t->will_create = true;
    t->asmsim_file = true;
    t->size_bytes = p->create_bytes;
    t->logical_block_bytes = file_block_size(AT_FDCWD, dir, st.st_dev);
    t->numa_node = numa_node_of_dev(st.st_dev);
    return 0;
}

/* What to do about a file's holes, and the command that does it in cmd
   ("" when a path does not fit one shell word).  Writing the holes
   overwrites what the file holds, so dd is offered only where the run
   could destroy the file anyway (it writes, and the file is asmsim's or
   handed over with --destroy-data, and any signature with
   --ignore-signatures); otherwise a copy of the bytes the run uses,
   written in full, which destroys nothing.  Both are bounded: dd's count=
   is the bytes used, in bytes (it never grows the file; conv=excl makes
   the copy a new file only), and a copy is offered only where its file
   system has room for it (a 2 TiB sparse file on 78 GiB free once got
   `cp --sparse=never`, which fills the disk). */
static const char *holes_remedy(const char *path, const struct safety_policy *p,
                                const struct safety_target *t, char *cmd,
                                size_t len)
{
    char word[SIM_SHELL_WORD_BUF(PATH_MAX)], copy[PATH_MAX + 8];
    char word2[SIM_SHELL_WORD_BUF(PATH_MAX + 8)];
    bool may_destroy = p->write && (t->asmsim_file || p->destroy_data) &&
                       (!t->signature[0] || p->ignore_signatures);

    cmd[0] = '\0';
    snprintf(copy, sizeof copy, "%s.full", path);
    if (strcmp(sim_shell_word(path, word, sizeof word), "''") == 0 ||
        strcmp(sim_shell_word(copy, word2, sizeof word2), "''") == 0)
        return may_destroy ? "write them first, which overwrites the file" :
               "run on a full copy, which keeps this file as it is";
    if (may_destroy) {
        snprintf(cmd, len, "dd if=/dev/urandom of=%s bs=1M count=%llu "
                 "iflag=count_bytes conv=notrunc oflag=direct", word,
                 (unsigned long long)t->usable_bytes);
        return "write them first, which overwrites the file";
    }
    struct statvfs vfs;
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    if (statvfs(dirname(dir), &vfs) == 0 &&
        (double)vfs.f_bavail * (double)vfs.f_frsize < (double)t->usable_bytes)
        return "a full copy would not fit on its file system; free room for "
               "one, or run on another file";
    snprintf(cmd, len, "dd if=%s of=%s bs=1M count=%llu iflag=count_bytes "
             "conv=excl status=none", word, word2, (unsigned long long)t->usable_bytes);
    return "run on a full copy, which keeps this file as it is";
}

/* Rule 7: a file is used only where it was written.  Holes and
   preallocated extents read back from memory, not the disk, and writes
   there measure block allocation (aio_fill.c).  asmsim's own file given
   --create is filled (will_create); any other such file is refused. */
static int written_in_full(int fd, const char *path,
                           const struct safety_policy *p,
                           struct safety_target *t, char *why, size_t why_len)
{
    uint64_t unwritten = 0;
    int rc = aio_fill_unwritten_bytes(fd, t->usable_bytes, &unwritten);

    if (rc < 0) {
        snprintf(why, why_len, "%s: cannot tell which parts of it were "
                 "written: %s", path, strerror(-rc));
        return rc;
    }
    if (unwritten == 0)
        return 0;
    if (t->asmsim_file && p->create_bytes > 0) {
        t->will_create = true;          /* --create: written before the run */
        return 0;
    }
    char cmd[PATH_MAX * 8 + 200];
    const char *remedy = holes_remedy(path, p, t, cmd, sizeof cmd);
    for (int pass = 0; pass < 2; pass++) {
        snprintf(why, why_len, "%s: %.1f of its %.1f MiB were never written "
                 "(holes or preallocated extents, read from memory); %s "
                 "(%s%s), or use --create SIZE for a new file", path,
                 (double)unwritten / (1024.0 * 1024.0),
                 (double)t->usable_bytes / (1024.0 * 1024.0), remedy,
                 pass || !cmd[0] ? "" : "e.g. ",
                 pass || !cmd[0] ? "docs/real-devices.md shows how" : cmd);
        if (strlen(why) <= SAFETY_LINE_MAX)
            break;
    }
    return -EINVAL;
}

/* "a" or "an" before a signature's name, by its first sound: "an ext4",
   "an Oracle ASM disk header", and for the names read letter by letter
   (f, h, l, m, n, r, x before another consonant or a digit) "an xfs",
   "an LVM2_member", "an ntfs"; "a gpt", "a swap", "a udf". */
static const char *article(const char *name)
{
    char c = (char)tolower((unsigned char)name[0]);
    char next = (char)tolower((unsigned char)name[c ? 1 : 0]);
    bool spelled = strchr("fhlmnrx", c) && !strchr("aeiouy", next);

    return c && (strchr("aeio", c) || spelled) ? "an" : "a";
}

/* Rules 4 and 5: may a run that writes use the target t?  0, or -EPERM
   with why naming the flag that would allow it. */
static int write_refusal(const char *path, const struct safety_policy *p,
                         const struct safety_target *t, char *why,
                         size_t why_len)
{
    const char *wflag = p->write_flag ? p->write_flag : "--write";
    if (p->write && !t->asmsim_file && !p->destroy_data) {
        if (t->kind == SAFETY_BLOCK && p->create_bytes)
            snprintf(why, why_len, "%s: --create makes files, not block "
                     "devices, and the run writes to this device asmsim did "
                     "not create; give --destroy-data to overwrite it, or run "
                     "without %s", path, wflag);
        else if (t->signature[0] && !p->ignore_signatures)
            snprintf(why, why_len, "%s: the run writes and this %s carries "
                     "%s %s signature and was not created by asmsim; refusing "
                     "before the first I/O; give --destroy-data and "
                     "--ignore-signatures if it really may be destroyed, or "
                     "run without %s", path,
                     t->kind == SAFETY_BLOCK ? "device" : "file",
                     article(t->signature), t->signature, wflag);
        else
            snprintf(why, why_len, "%s: the run writes and this %s was not "
                     "created by asmsim; refusing before the first I/O; give "
                     "--destroy-data to let asmsim overwrite it, or run "
                     "without %s", path,
                     t->kind == SAFETY_BLOCK ? "device" : "file", wflag);
        return -EPERM;
    }
    if (p->write && t->signature[0] && !p->ignore_signatures) {
        if (t->asmsim_file)
            snprintf(why, why_len, "%s: carries %s %s signature although "
                     "asmsim created it (something wrote it since); refusing "
                     "to overwrite it; add --ignore-signatures if it really "
                     "may be destroyed", path, article(t->signature),
                     t->signature);
        else
            snprintf(why, why_len, "%s: carries %s %s signature; refusing to "
                     "overwrite it even with --destroy-data; add "
                     "--ignore-signatures if it really may be destroyed",
                     path, article(t->signature), t->signature);
        return -EPERM;
    }
    return 0;
}

/* Rule 6: the usable size, whole logical blocks below --size-limit. */
static int usable_size(const char *path, const struct safety_policy *p,
                       struct safety_target *t, char *why, size_t why_len)
{
    uint64_t usable = t->size_bytes;

    if (p->size_limit_bytes && p->size_limit_bytes < usable)
        usable = p->size_limit_bytes;
    usable -= usable % t->logical_block_bytes;
    t->usable_bytes = usable;
    if (usable < MIN_USABLE_BYTES) {
        snprintf(why, why_len, "%s: only %llu usable bytes%s; asmsim needs "
                 "at least 1 MiB per target", path, (unsigned long long)usable,
                 p->size_limit_bytes ? " within --size-limit" : "");
        return -EINVAL;
    }
    return 0;
}

int safety_check(const char *path, const struct safety_policy *p,
                 struct safety_target *out, char *why, size_t why_len)
{
    struct safety_target t;
    struct stat st;
    int rc, fd = -1;

    memset(&t, 0, sizeof t);
    t.numa_node = -1;
    if (!path || !*path) {
        snprintf(why, why_len, "empty target path; give a file or block "
                 "device path");
        return -EINVAL;
    }
    if (stat(path, &st) == 0)
        rc = fd = existing_facts(path, &st, p, &t, why, why_len);
    else if (errno == ENOENT)
        rc = missing_facts(path, p, &t, why, why_len);
    else {
        rc = -errno;
        snprintf(why, why_len, "%s: %s", path, strerror(-rc));
    }
    if (rc >= 0 && (rc = write_refusal(path, p, &t, why, why_len)) == 0 &&
        (rc = usable_size(path, p, &t, why, why_len)) == 0 &&
        t.kind == SAFETY_FILE && !t.will_create)
        rc = written_in_full(fd, path, p, &t, why, why_len);
    if (fd >= 0)
        close(fd);
    if (rc == 0)
        *out = t;
    return rc;
}

/* ---- the same data under two names ------------------------------------ */

static uint64_t dev_u64(dev_t d)
{
    return (uint64_t)d;
}

/* The sysfs directory of a block device number under sys_root, resolved. */
static int sysfs_dir_in(const char *sys_root, uint64_t dev, char *out,
                        size_t len)
{
    char link[PATH_MAX];
    char real[PATH_MAX];
    snprintf(link, sizeof link, "%s/dev/block/%u:%u", sys_root,
             major((dev_t)dev), minor((dev_t)dev));
    if (!realpath(link, real) || strlen(real) >= len)
        return -ENOENT;
    strcpy(out, real);
    return 0;
}

/* The disk a block device is on: itself for a whole disk, the parent for a
   partition; 0 when sysfs does not know the device. */
static uint64_t whole_disk(const char *sys_root, uint64_t dev, char *dir,
                           size_t dir_len)
{
    char path[PATH_MAX + 16];
    struct stat st;
    if (sysfs_dir_in(sys_root, dev, dir, dir_len) < 0)
        return 0;
    snprintf(path, sizeof path, "%s/partition", dir);
    if (stat(path, &st) != 0)
        return dev;
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return 0;
    *slash = '\0';
    snprintf(path, sizeof path, "%s/dev", dir);
    return dev_u64(safety_read_devnum(path));
}

/* The file under a loop device, from its sysfs directory. */
static void loop_backing(const char *dir, struct safety_ident *out)
{
    struct stat st;

    if (!safety_loop_backing(dir, &st))
        return;                 /* unbound, deleted, another namespace's */
    out->backed = true;
    out->back_dev = dev_u64(st.st_dev);
    out->back_ino = (uint64_t)st.st_ino;
}

/* A path that does not exist: the directory it would be made in and its
   name (through one dangling symlink, which --create would follow). */
static void missing_ident(const char *path, struct safety_ident *out)
{
    char target[PATH_MAX], dir[PATH_MAX];
    struct stat st;
    const char *p = path;

    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        char link[PATH_MAX];
        ssize_t n = readlink(path, link, sizeof link - 1);
        if (n <= 0)
            return;
        link[n] = '\0';
        const char *slash = strrchr(path, '/');
        if (link[0] == '/' || !slash)
            snprintf(target, sizeof target, "%s", link);
        else if (snprintf(target, sizeof target, "%.*s/%s",
                          (int)(slash - path), path, link) >= (int)sizeof target)
            return;
        p = target;
    }
    const char *slash = strrchr(p, '/');
    const char *name = slash ? slash + 1 : p;
    if (!*name || strlen(name) >= sizeof out->name)
        return;
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == p)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - p), p);
    if (stat(dir, &st) != 0)
        return;
    out->kind = SAFETY_ID_MISSING;
    out->dev = dev_u64(st.st_dev);
    out->ino = (uint64_t)st.st_ino;
    snprintf(out->name, sizeof out->name, "%s", name);
}

void safety_identify(const char *sys_root, const char *path,
                     struct safety_ident *out)
{
    char dir[PATH_MAX];
    struct stat st;

    memset(out, 0, sizeof *out);
    if (!sys_root)
        sys_root = "/sys";
    if (!path || !*path)
        return;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT)
            missing_ident(path, out);
        return;
    }
    if (S_ISBLK(st.st_mode)) {
        out->kind = SAFETY_ID_BLOCK;
        out->rdev = dev_u64(st.st_rdev);
        out->whole = whole_disk(sys_root, out->rdev, dir, sizeof dir);
        if (out->whole == 0)
            out->whole = out->rdev;
        else
            loop_backing(dir, out);     /* dir: the whole disk's */
        return;
    }
    out->kind = S_ISREG(st.st_mode) ? SAFETY_ID_FILE : SAFETY_ID_OTHER;
    out->dev = dev_u64(st.st_dev);
    out->ino = (uint64_t)st.st_ino;
    if (out->kind == SAFETY_ID_FILE) {
        out->fs_dev = out->dev;
        out->fs_whole = whole_disk(sys_root, out->dev, dir, sizeof dir);
    }
}

/* A file f and a block device d: does d reach f's data? */
static bool file_and_device(const struct safety_ident *f,
                            const struct safety_ident *d, bool file_first,
                            char *how, size_t how_len)
{
    if (d->backed && d->back_dev == f->dev && d->back_ino == f->ino) {
        snprintf(how, how_len, "%s", file_first ?
                 "a loop device over that file" :
                 "the file under that loop device");
        return true;
    }
    if (f->fs_dev == d->rdev || (f->fs_whole && f->fs_whole == d->rdev)) {
        snprintf(how, how_len, "%s", file_first ?
                 "the device that file's file system is on" :
                 "a file on that device's file system");
        return true;
    }
    return false;
}

bool safety_overlap(const struct safety_ident *a, const struct safety_ident *b,
                    char *how, size_t how_len)
{
    if (a->kind == SAFETY_ID_UNKNOWN || b->kind == SAFETY_ID_UNKNOWN)
        return false;
    if (a->kind == SAFETY_ID_MISSING || b->kind == SAFETY_ID_MISSING) {
        if (a->kind != b->kind || a->dev != b->dev || a->ino != b->ino ||
            strcmp(a->name, b->name) != 0)
            return false;
        snprintf(how, how_len, "the same path, spelt another way");
        return true;
    }
    if (a->kind == SAFETY_ID_BLOCK && b->kind == SAFETY_ID_BLOCK) {
        if (a->rdev == b->rdev) {
            snprintf(how, how_len, "the same device (%u:%u) under another "
                     "name (a symlink or a second device node)",
                     major((dev_t)a->rdev), minor((dev_t)a->rdev));
            return true;
        }
        if (b->whole != b->rdev && b->whole == a->rdev) {
            snprintf(how, how_len, "a partition of that disk");
            return true;
        }
        if (a->whole != a->rdev && a->whole == b->rdev) {
            snprintf(how, how_len, "the disk that partition is on");
            return true;
        }
        if (a->whole == b->whole)
            return false;               /* two partitions of one disk */
        if (a->backed && b->backed && a->back_dev == b->back_dev &&
            a->back_ino == b->back_ino) {
            snprintf(how, how_len, "a loop device over the same file");
            return true;
        }
        return false;
    }
    if (a->kind == SAFETY_ID_BLOCK)
        return b->kind == SAFETY_ID_FILE &&
               file_and_device(b, a, false, how, how_len);
    if (b->kind == SAFETY_ID_BLOCK)
        return a->kind == SAFETY_ID_FILE &&
               file_and_device(a, b, true, how, how_len);
    if (a->dev == b->dev && a->ino == b->ino) {
        snprintf(how, how_len, "the same file under another name (a hard "
                 "link or a symlink)");
        return true;
    }
    return false;
}
