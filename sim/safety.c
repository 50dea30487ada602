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
 *  2. A block device that is mounted, or held open exclusively elsewhere
 *     (a file system, LVM/device-mapper, MD-RAID, another asmsim), is
 *     always refused, read-only runs included: the probe is an exclusive
 *     open (O_EXCL on a block device fails with EBUSY while anyone else
 *     holds it that way), and the message says where it is mounted when
 *     /proc/self/mountinfo knows, or what holds it when sysfs does.
 *  3. A run without writes opens every target read-only: reading
 *     destroys nothing, so the remaining rules do not apply.
 *  4. A run with writes may write a file asmsim created (it carries the
 *     extended attribute user.asmsim, or a side-car "<path>.asmsim" on file
 *     systems without user xattrs).  Any other target needs --destroy-data.
 *  5. Even with --destroy-data, a target that carries a signature - a file
 *     system, partition table, LVM, MD-RAID (libblkid's probes) or an
 *     Oracle ASM disk header ("ORCLDISK" at byte 32 of the first block,
 *     checked by hand so it is found whichever libblkid is installed) - is
 *     refused unless --ignore-signatures is also given; the message names
 *     the signature found.
 *  6. I/O stays below the usable size: the target's size, or --size-limit
 *     when smaller, rounded down to the logical block size.  The backend
 *     checks every I/O against it as well.
 *
 * The logical block size is asked of the device: BLKSSZGET for a block
 * device, statx(STATX_DIOALIGN) for a file (the alignment direct I/O needs
 * there), falling back to the logical_block_size in sysfs of the device
 * under the file, and to 4096 (always a multiple of the real one) when
 * nothing answers.  The NUMA node comes from sysfs: the first numa_node
 * attribute found walking up from the block device's sysfs directory.
 *
 * Nothing here keeps state; every answer is read afresh.
 */
#include "sim/safety.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <blkid/blkid.h>
#include <linux/fs.h>

#define ASM_MAGIC "ORCLDISK"
#define ASM_MAGIC_OFFSET 32
#define FALLBACK_BLOCK_BYTES 4096u
#define MIN_USABLE_BYTES (1024u * 1024u)

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

/* The direct-I/O alignment of a file (or of files in a directory). */
static uint32_t file_block_size(const char *path, dev_t dev)
{
#ifdef STATX_DIOALIGN
    struct statx sx;
    if (statx(AT_FDCWD, path, 0, STATX_DIOALIGN, &sx) == 0 &&
        (sx.stx_mask & STATX_DIOALIGN) && sx.stx_dio_offset_align > 0) {
        uint32_t a = sx.stx_dio_offset_align;
        return a > sx.stx_dio_mem_align ? a : sx.stx_dio_mem_align;
    }
#else
    (void)path;
#endif
    uint32_t b = sysfs_block_size(dev);
    return b ? b : FALLBACK_BLOCK_BYTES;
}

/* Where the device is mounted, from mountinfo ("major:minor" is field 3). */
static bool mounted_at(dev_t dev, char *where, size_t len)
{
    char want[32], line[4096];
    FILE *f = fopen("/proc/self/mountinfo", "re");
    if (!f)
        return false;
    snprintf(want, sizeof want, "%u:%u", major(dev), minor(dev));
    bool found = false;
    while (!found && fgets(line, sizeof line, f)) {
        char id[32], point[2048];
        if (sscanf(line, "%*s %*s %31s %*s %2047s", id, point) == 2 &&
            strcmp(id, want) == 0) {
            snprintf(where, len, "%s", point);
            found = true;
        }
    }
    fclose(f);
    return found;
}

/* The first holder listed in sysfs (dm-0, md0, ...), if any. */
static bool held_by(dev_t dev, char *who, size_t len)
{
    char dir[PATH_MAX], path[PATH_MAX + 16];
    if (sysfs_dir(dev, dir, sizeof dir) < 0)
        return false;
    snprintf(path, sizeof path, "%s/holders", dir);
    DIR *d = opendir(path);
    if (!d)
        return false;
    struct dirent *e;
    bool found = false;
    while (!found && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(who, len, "%s", e->d_name);
        found = true;
    }
    closedir(d);
    return found;
}

/* ---- the mark of asmsim's own files ---------------------------------- */

bool safety_is_asmsim_file(const char *path)
{
    char v[16];
    if (getxattr(path, SAFETY_XATTR, v, sizeof v) > 0)
        return true;
    char side[PATH_MAX];
    if (snprintf(side, sizeof side, "%s%s", path, SAFETY_SIDECAR_SUFFIX) >=
        (int)sizeof side)
        return false;
    struct stat st;
    return stat(side, &st) == 0 && S_ISREG(st.st_mode);
}

static int mark_file(int fd, const char *path)
{
    static const char value[] = "created";
    if (fsetxattr(fd, SAFETY_XATTR, value, sizeof value - 1, 0) == 0)
        return 0;
    if (errno != ENOTSUP && errno != EPERM)
        return -errno;
    char side[PATH_MAX];
    if (snprintf(side, sizeof side, "%s%s", path, SAFETY_SIDECAR_SUFFIX) >=
        (int)sizeof side)
        return -ENAMETOOLONG;
    int s = open(side, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (s < 0)
        return -errno;
    close(s);
    return 0;
}

int safety_create_file(const char *path, uint64_t bytes, char *why,
                       size_t why_len)
{
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (exists && (!S_ISREG(st.st_mode) || !safety_is_asmsim_file(path))) {
        snprintf(why, why_len, "%s: exists and was not created by asmsim; "
                 "--create makes new files only (remove it, or drop --create "
                 "and give --destroy-data to overwrite it)", path);
        return -EPERM;
    }
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (exists ? 0 : O_EXCL),
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
    if (rc == 0 && (rc = mark_file(fd, path)) < 0)
        snprintf(why, why_len, "%s: cannot mark it as asmsim's: %s", path,
                 strerror(-rc));
    close(fd);
    if (rc < 0 && !exists)
        unlink(path);
    return rc;
}

/* ---- signatures ------------------------------------------------------ */

static int asm_header(const char *path, bool *found)
{
    unsigned char buf[ASM_MAGIC_OFFSET + 8];
    *found = false;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    ssize_t n = pread(fd, buf, sizeof buf, 0);
    int e = errno;
    close(fd);
    if (n < 0)
        return -e;
    *found = n == (ssize_t)sizeof buf &&
             memcmp(buf + ASM_MAGIC_OFFSET, ASM_MAGIC, 8) == 0;
    return 0;
}

int safety_probe_signature(const char *path, char *name, size_t len)
{
    bool asm_found;
    int rc = asm_header(path, &asm_found);
    if (rc < 0)
        return rc;
    if (asm_found) {
        snprintf(name, len, "Oracle ASM disk header (ORCLDISK)");
        return 1;
    }
    blkid_probe pr = blkid_new_probe_from_filename(path);
    if (!pr)
        return -EIO;
    blkid_probe_enable_superblocks(pr, 1);
    blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_USAGE);
    blkid_probe_enable_partitions(pr, 1);
    blkid_probe_set_partitions_flags(pr, BLKID_PARTS_MAGIC);
    rc = blkid_do_safeprobe(pr);
    const char *v = NULL;
    int found = 0;
    if (rc == 0) {
        if (blkid_probe_lookup_value(pr, "TYPE", &v, NULL) == 0 && v) {
            snprintf(name, len, "%s", v);
            found = 1;
        } else if (blkid_probe_lookup_value(pr, "PTTYPE", &v, NULL) == 0 && v) {
            snprintf(name, len, "%s partition table", v);
            found = 1;
        } else {
            snprintf(name, len, "unnamed signature");
            found = 1;
        }
    } else if (rc == -2) {
        snprintf(name, len, "several conflicting signatures");
        found = 1;
    } else if (rc < 0) {
        found = -EIO;
    }
    blkid_free_probe(pr);
    return found;
}

/* ---- the decision ---------------------------------------------------- */

static int block_facts(const char *path, const struct stat *st,
                       struct safety_target *t, char *why, size_t why_len)
{
    int fd = open(path, O_RDONLY | O_EXCL | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        char where[2048];
        if (e == EBUSY && mounted_at(st->st_rdev, where, sizeof where))
            snprintf(why, why_len, "%s: is mounted at %s; asmsim never uses "
                     "a mounted device; unmount it or give another target",
                     path, where);
        else if (e == EBUSY && held_by(st->st_rdev, where, sizeof where))
            snprintf(why, why_len, "%s: is in use by %s (LVM, device-mapper "
                     "or MD-RAID); asmsim never uses a device held by another "
                     "driver; give another target", path, where);
        else if (e == EBUSY)
            snprintf(why, why_len, "%s: is open exclusively by another "
                     "program (a mount, LVM, MD-RAID or another asmsim); give "
                     "a device nothing else holds", path);
        else
            snprintf(why, why_len, "%s: cannot open it: %s", path, strerror(e));
        return -e;
    }
    uint64_t size = 0;
    int lbs = 0;
    int rc = 0;
    if (ioctl(fd, BLKGETSIZE64, &size) != 0 || ioctl(fd, BLKSSZGET, &lbs) != 0) {
        rc = -errno;
        snprintf(why, why_len, "%s: cannot ask the device its size and block "
                 "size: %s", path, strerror(-rc));
    }
    close(fd);
    t->size_bytes = size;
    t->logical_block_bytes = lbs > 0 ? (uint32_t)lbs : FALLBACK_BLOCK_BYTES;
    t->numa_node = numa_node_of_dev(st->st_rdev);
    return rc;
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
    t->logical_block_bytes = file_block_size(dir, st.st_dev);
    t->numa_node = numa_node_of_dev(st.st_dev);
    return 0;
}

int safety_check(const char *path, const struct safety_policy *p,
                 struct safety_target *out, char *why, size_t why_len)
{
    struct safety_target t;
    struct stat st;
    int rc;

    memset(&t, 0, sizeof t);
    t.numa_node = -1;
    if (!path || !*path) {
        snprintf(why, why_len, "empty target path; give a file or block "
                 "device path");
        return -EINVAL;
    }
    if (stat(path, &st) != 0) {
        if (errno != ENOENT) {
            int e = errno;
            snprintf(why, why_len, "%s: %s", path, strerror(e));
            return -e;
        }
        rc = missing_facts(path, p, &t, why, why_len);
        if (rc < 0)
            return rc;
    } else if (S_ISREG(st.st_mode)) {
        t.kind = SAFETY_FILE;
        t.size_bytes = (uint64_t)st.st_size;
        t.asmsim_file = safety_is_asmsim_file(path);
        if (t.asmsim_file && p->create_bytes > t.size_bytes) {
            t.size_bytes = p->create_bytes;     /* --create extends it */
            t.will_create = true;
        }
        t.logical_block_bytes = file_block_size(path, st.st_dev);
        t.numa_node = numa_node_of_dev(st.st_dev);
    } else if (S_ISBLK(st.st_mode)) {
        t.kind = SAFETY_BLOCK;
        rc = block_facts(path, &st, &t, why, why_len);
        if (rc < 0)
            return rc;
    } else {
        snprintf(why, why_len, "%s: neither a regular file nor a block "
                 "device; give a file or a block device", path);
        return -EINVAL;
    }

    /* Signatures: looked for on everything asmsim did not make. */
    if (t.kind != SAFETY_MISSING && !t.asmsim_file) {
        rc = safety_probe_signature(path, t.signature, sizeof t.signature);
        if (rc < 0) {
            snprintf(why, why_len, "%s: cannot read it to look for "
                     "signatures: %s", path, strerror(-rc));
            return rc;
        }
        if (rc == 0)
            t.signature[0] = '\0';
    }

    if (p->write && !t.asmsim_file) {
        if (!p->destroy_data) {
            snprintf(why, why_len, "%s: the run writes and this %s was not "
                     "created by asmsim; refusing before the first I/O; give "
                     "--destroy-data to let asmsim overwrite it, or run "
                     "without --write", path,
                     t.kind == SAFETY_BLOCK ? "device" : "file");
            return -EPERM;
        }
        if (t.signature[0] && !p->ignore_signatures) {
            snprintf(why, why_len, "%s: carries a %s signature; refusing to "
                     "overwrite it even with --destroy-data; add "
                     "--ignore-signatures if it really may be destroyed",
                     path, t.signature);
            return -EPERM;
        }
    }

    uint64_t usable = t.size_bytes;
    if (p->size_limit_bytes && p->size_limit_bytes < usable)
        usable = p->size_limit_bytes;
    usable -= usable % t.logical_block_bytes;
    t.usable_bytes = usable;
    if (usable < MIN_USABLE_BYTES) {
        snprintf(why, why_len, "%s: only %llu usable bytes%s; asmsim needs "
                 "at least 1 MiB per target", path, (unsigned long long)usable,
                 p->size_limit_bytes ? " within --size-limit" : "");
        return -EINVAL;
    }
    *out = t;
    return 0;
}
