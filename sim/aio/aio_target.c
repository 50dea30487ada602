/*
 * aio_target.c - opening one target of the aio backend: may it be used,
 * how big is it, what block size does it want, which NUMA node hosts it.
 *
 * Every target passes safety_check() (safety.c: the rules of what may be
 * written) and, when the run writes, dev_aio_writable() (a device set
 * read-only, a file system mounted so: said before a write fails), files
 * asked for with --create are made, marked and checked again, then each
 * is opened O_DIRECT, read-only unless the run writes, and block devices
 * O_EXCL as well, so that nothing can mount or claim them while asmsim
 * runs.  What the run opens must be what was checked: the path is looked
 * up again by open(), so a rename or a symbolic link put there in between
 * would hand the run another file or device; the open's fstat is compared
 * with the check's (safety_same_target) and a mismatch refused.  A loop
 * device set up over a file after its check is looked for once more on
 * the open descriptor just before the first I/O (aio_target_recheck); a
 * file has no lock that keeps one from being set up during the run.  The logical block size is asked of each device; every I/O's
 * offset and size must be a multiple of it, and open refuses up front, with
 * the class's I/O size and the sizes that would work, when the engine's
 * granularity (devset_cfg.io_align_bytes) is not (the command line checks
 * the sizes first, cli_resolve.c, so this is the check of last resort
 * for a caller that did not).  The NUMA node of each target comes
 * from sysfs (safety.c: the block device's, or for a file the device of
 * its file system); -1 when nothing reports one (virtual and loop devices).
 *
 * The usable size of a target is --size-limit when given (refused when the
 * target is smaller), else all of it; the hot path (aio_hotpath.c) keeps
 * every I/O inside it.
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <libgen.h>
#include <linux/fs.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "sim/aio/aio_info.h"
#include "sim/aio/aio_pool.h"
#include "sim/aio/aio_target.h"
#include "sim/aio/safety.h"
#include "sim/aio/safety_busy.h"
#include "sim/core/shell_word.h"

/* A block device set read-only (blockdev --setro, losetup -r) opens
   read-write all the same and fails every write; a file system mounted
   read-only refuses the open with EROFS, but only at run time. */
static bool block_device_read_only(const char *path)
{
    int ro = 0, fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);

    if (fd < 0)
        return false;               /* the open of the run says why */
    if (ioctl(fd, BLKROGET, &ro) != 0)
        ro = 0;
    close(fd);
    return ro != 0;
}

/* The file system a file is on, or for a file --create will make, the
   one of its directory: mounted read-only? */
static bool file_system_read_only(const char *path)
{
    struct statvfs vfs;
    char dir[4096];

    if (statvfs(path, &vfs) == 0)
        return (vfs.f_flag & ST_RDONLY) != 0;
    snprintf(dir, sizeof dir, "%s", path);
    return statvfs(dirname(dir), &vfs) == 0 && (vfs.f_flag & ST_RDONLY) != 0;
}

int dev_aio_writable(const char *path, const char *write_flag, char *why, size_t why_len)
{
    const char *wflag = write_flag ? write_flag : "--write";
    struct stat st;
    char word[SIM_SHELL_WORD_BUF(4096)];
    bool block = stat(path, &st) == 0 && S_ISBLK(st.st_mode);

    if (block && block_device_read_only(path)) {
        const char *w = sim_shell_word(path, word, sizeof word);
        snprintf(why, why_len, "%s: the device is read-only (blockdev --getro "
                 "says 1) and the run writes; make it writable%s%s%s, or run "
                 "without %s", path, *w ? " (blockdev --setrw " : "",
                 w, *w ? ")" : "", wflag);
        return -EROFS;
    }
    if (!block && file_system_read_only(path)) {
        snprintf(why, why_len, "%s: its file system is mounted read-only and "
                 "the run writes; remount it read-write, or run without "
                 "%s", path, wflag);
        return -EROFS;
    }
    return 0;
}

/* safety_check the target cfg->paths[d] into *t, and when --create is
   to make or fill it, do so and check again what was made: t then names
   the file as it is now, for the open to be compared with.  1 when the
   file was made or filled, 0, or -errno with why. */
static int check_target(const struct dev_aio_cfg *cfg, int d,
                        struct safety_target *t, char *why, size_t why_len)
{
    const char *path = cfg->paths[d];
    struct safety_policy pol = {
        .write = cfg->writable,
        .destroy_data = cfg->destroy_data,
        .ignore_signatures = cfg->ignore_signatures,
        .create_bytes = cfg->create_bytes,
        .size_limit_bytes = cfg->limit_bytes,
    };
    int rc = safety_check(path, &pol, t, why, why_len);
    bool create = rc == 0 && t->will_create;

    if (rc < 0 || (cfg->writable && (rc = dev_aio_writable(path, NULL, why,
                                                          why_len)) < 0))
        return rc;
    if (create &&
        ((rc = safety_create_file(path, cfg->create_bytes, cfg->show_progress,
                                  cfg->stop, why, why_len)) < 0 ||
         (rc = safety_check(path, &pol, t, why, why_len)) < 0))
        return rc;
    return create ? 1 : 0;
}

/* Open the checked target t for the run: O_DIRECT, read-write only when
   the run writes, a block device O_EXCL; and only if what opened is
   what was checked (safety_same_target: nothing swapped the path in
   between).  The fd or -errno with why. */
static int open_target(const struct dev_aio_cfg *cfg, const char *path,
                       const struct safety_target *t, char *why, size_t why_len)
{
    int flags = (cfg->writable ? O_RDWR : O_RDONLY) | O_DIRECT | O_CLOEXEC |
                O_NOCTTY | (t->kind == SAFETY_BLOCK ? O_EXCL : 0);
    int fd = open(path, flags), rc;

    if (fd < 0) {
        int e = errno;
        snprintf(why, why_len, "%s: cannot open it %s with O_DIRECT: %s",
                 path, cfg->writable ? "read-write" : "read-only",
                 strerror(e));
        return -e;
    }
    if ((rc = safety_same_target(fd, path, t, why, why_len)) < 0) {
        close(fd);
        return rc;
    }
    return fd;
}

/* O_DIRECT takes offsets and sizes in whole logical blocks: a target
   whose block does not divide the engine's granularity is refused before
   anything runs, naming the I/O size asked that it cannot take (a 512 B
   redo write on a 4 KiB-sector device) and the size that would work. */
static int check_block_size(const char *path, uint32_t lbs,
                            const struct devset_cfg *dc, char *why,
                            size_t why_len)
{
    static const char *const cls[2] = { "small", "large" };
    uint32_t align = dc->io_align_bytes ? dc->io_align_bytes : AIO_PAGE_BYTES;

    if (align % lbs == 0)
        return 0;
    for (int c = 0; c < 2 && dc->budget.n == 2; c++)
        if (dc->budget.slots[c] > 0 && dc->budget.io_bytes[c] % lbs != 0) {
            snprintf(why, why_len, "%s: logical block size %u bytes, but "
                     "the %s I/O is %u bytes; direct I/O there takes sizes "
                     "in multiples of %u bytes (--size-%s)", path, lbs,
                     cls[c], dc->budget.io_bytes[c], lbs, cls[c]);
            return -EINVAL;
        }
    snprintf(why, why_len, "%s: logical block size %u bytes, but I/O "
             "sizes and offsets are multiples of %u bytes only; use I/O "
             "sizes that are multiples of %u", path, lbs, align, lbs);
    return -EINVAL;
}

int aio_target_open(struct aio_disk *disk, const struct dev_aio_cfg *cfg,
                    const struct devset_cfg *dc, int d, char *why,
                    size_t why_len)
{
    const char *path = cfg->paths[d];
    struct safety_target t;
    int rc = check_target(cfg, d, &t, why, why_len);
    bool created = rc == 1;

    if (rc < 0)
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
    if ((rc = check_block_size(path, lbs, dc, why, why_len)) < 0)
        return rc;
    int fd = open_target(cfg, path, &t, why, why_len);
    if (fd < 0)
        return fd;
    disk->fd = fd;
    disk->limit_bytes = cfg->limit_bytes ? cfg->limit_bytes : t.usable_bytes;
    disk->align_mask = lbs - 1;
    disk->node = t.numa_node;
    char node_text[16] = "unknown";
    if (t.numa_node >= 0)
        snprintf(node_text, sizeof node_text, "%d", t.numa_node);
    aio_info_add(cfg, "target %d: %s: %s, %llu bytes (%llu used), logical "
                 "block %u bytes, NUMA node %s, opened %s%s\n", d, path,
                 t.kind == SAFETY_BLOCK ? "block device" : "file",
                 (unsigned long long)t.size_bytes,
                 (unsigned long long)disk->limit_bytes, lbs,
                 node_text,
                 cfg->writable ? "read-write" : "read-only",
                 created ? " (created by asmsim)" :
                 t.asmsim_file ? " (asmsim's file)" : "");
    return 0;
}

int aio_target_recheck(const struct aio_disk *disk, const char *path,
                       char *why, size_t why_len)
{
    struct stat st;

    if (fstat(disk->fd, &st) != 0)
        return -errno;
    return safety_busy_target(NULL, path, &st, why, why_len);
}
