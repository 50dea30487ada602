/*
 * safety_busy.c - rule 2 of safety.c: a target somebody else is using is
 * never used, read-only runs included.
 *
 * A block device is busy when an exclusive open fails with EBUSY: the
 * kernel refuses O_EXCL on a block device while a file system is mounted
 * on it (or on one of its partitions), while device-mapper, MD-RAID or an
 * active swap area claims it, or while another program opened it with
 * O_EXCL (another asmsim).  The exclusive open is the test; mountinfo,
 * sysfs holders and /proc/swaps only name the user in the message.
 *
 * A regular file, or a block device, is as busy as the loop devices over
 * it, followed up a chain of loops (loop3 over /dev/loop2 over m.img: a
 * loop device does not claim what it is over, so the exclusive open of
 * loop2 succeeds while loop3 is mounted).  `mount m.img
 * mnt` goes through a loop device, and a run that writes m.img writes
 * under the mounted file system exactly as if it wrote the device: e2fsck
 * then finds no superblock.  Nothing about m.img itself says so (its
 * signature may be gone, or never there: a device-mapper table over a
 * blank image), so the loop devices over the file are looked up - every
 * /sys/block/loop* whose loop/backing_file is this file (same st_dev and
 * st_ino, so a hard link or a renamed file is found too) - and each one
 * is tested as a block device is: exclusive open of its node, and where
 * no node can be opened (a container without /dev/loopN), its sysfs
 * holders and partitions' holders, mountinfo and /proc/swaps.  A file
 * used directly as swap (`swapon swapfile`) is busy too (/proc/swaps).
 *
 * A loop device that merely exists over the file (losetup, nothing on
 * it) does not make the file busy: the file's own signature and the
 * --destroy-data rule decide, as for any file.
 *
 * Nothing here keeps state; every answer is read afresh.
 */
#include "sim/aio/safety_busy.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <linux/loop.h>

#include "layouts/why.h"

/* s with the kernel's escapes decoded, in place: /proc/swaps and
   mountinfo write a space, tab, newline and backslash in a path as
   \040, \011, \012 and \134 (seq_file's mangling), so "swap file" is
   listed as "swap\040file".  A backslash not followed by three octal
   digits is kept as it is.  Returns s. */
static char *unescape_octal(char *s)
{
    char *out = s;

    for (const char *p = s; *p; p++) {
        if (p[0] == '\\' && p[1] >= '0' && p[1] <= '3' && p[2] >= '0' &&
            p[2] <= '7' && p[3] >= '0' && p[3] <= '7') {
            *out++ = (char)((p[1] - '0') * 64 + (p[2] - '0') * 8 + (p[3] - '0'));
            p += 3;
        } else {
            *out++ = *p;
        }
    }
    *out = '\0';
    return s;
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
            snprintf(where, len, "%s", unescape_octal(point));
            found = true;
        }
    }
    fclose(f);
    return found;
}

/* The first holder listed in <dir>/holders (dm-0, md0, ...), if any. */
static bool held_in(const char *dir, char *who, size_t len)
{
    char path[PATH_MAX + 16];
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

dev_t safety_read_devnum(const char *path)
{
    unsigned maj, min;
    FILE *f = fopen(path, "re");
    int n = f ? fscanf(f, "%u:%u", &maj, &min) : 0;
    if (f)
        fclose(f);
    return n == 2 ? makedev(maj, min) : 0;
}

bool safety_loop_backing(const char *dir, struct stat *st)
{
    char path[PATH_MAX + 32], back[PATH_MAX + 1];
    FILE *f;

    if (snprintf(path, sizeof path, "%s/loop/backing_file", dir) >=
        (int)sizeof path || (f = fopen(path, "re")) == NULL)
        return false;
    bool got = fgets(back, sizeof back, f) != NULL;
    fclose(f);
    back[got ? strcspn(back, "\n") : 0] = '\0';
    return got && stat(back, st) == 0;
}

bool safety_in_swaps(const char *swaps, const struct stat *target)
{
    char line[4096], name[PATH_MAX];
    struct stat st;
    FILE *f = fopen(swaps ? swaps : "/proc/swaps", "re");
    bool found = false;

    if (!f)
        return false;
    while (!found && fgets(line, sizeof line, f)) {
        if (sscanf(line, "%4095s", name) != 1 ||
            stat(unescape_octal(name), &st) != 0)
            continue;               /* the header, or a deleted swap file */
        if (S_ISBLK(target->st_mode))
            found = S_ISBLK(st.st_mode) && st.st_rdev == target->st_rdev;
        else
            found = st.st_dev == target->st_dev && st.st_ino == target->st_ino;
    }
    fclose(f);
    return found;
}

/* Why the block device rdev, whose exclusive open failed with EBUSY, is
   busy, as "is mounted at /mnt", "is in use by dm-0 (...)", "is an
   active swap area" or "is open exclusively by another program". */
static void busy_reason(dev_t rdev, const char *sys_dir, char *out, size_t len)
{
    char who[2048];
    struct stat st = { .st_mode = S_IFBLK, .st_rdev = rdev };

    if (mounted_at(rdev, who, sizeof who))
        snprintf(out, len, "is mounted at %s", who);
    else if (sys_dir && held_in(sys_dir, who, sizeof who))
        snprintf(out, len, "is in use by %s (LVM, device-mapper or "
                 "MD-RAID)", who);
    else if (safety_in_swaps(NULL, &st))
        snprintf(out, len, "is an active swap area");
    else
        snprintf(out, len, "is open exclusively by another program (a "
                 "mount, LVM, MD-RAID, swap or another asmsim)");
}

void safety_busy_device_reason(const char *path, dev_t rdev, char *why,
                               size_t why_len)
{
    char link[64], dir[PATH_MAX], what[2200];
    snprintf(link, sizeof link, "/sys/dev/block/%u:%u", major(rdev), minor(rdev));
    busy_reason(rdev, realpath(link, dir) ? dir : NULL, what, sizeof what);
    if (strncmp(what, "is mounted", 10) == 0)
        snprintf(why, why_len, "%s: %s; asmsim never uses a mounted device; "
                 "unmount it or give another target", path, what);
    else
        snprintf(why, why_len, "%s: %s; asmsim never uses a device another "
                 "program holds; give another target", path, what);
}

/* Something under the loop device's sysfs directory that shows it in use
   when its node cannot be opened: a mounted or held partition, or holders
   of its own.  Its partitions are the subdirectories with a "partition"
   file (loop0p1). */
static bool loop_in_use_by_sysfs(const char *dir, dev_t rdev, char *what,
                                 size_t len)
{
    char path[PATH_MAX + 300], who[2048];
    struct stat st = { .st_mode = S_IFBLK, .st_rdev = rdev };

    if (mounted_at(rdev, who, sizeof who) || held_in(dir, who, sizeof who) ||
        safety_in_swaps(NULL, &st)) {
        busy_reason(rdev, dir, what, len);
        return true;
    }
    DIR *d = opendir(dir);
    struct dirent *e;
    bool busy = false;
    while (d && !busy && (e = readdir(d)) != NULL) {
        snprintf(path, sizeof path, "%s/%s/partition", dir, e->d_name);
        if (e->d_name[0] == '.' || access(path, F_OK) != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s/dev", dir, e->d_name);
        dev_t part = safety_read_devnum(path);
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat pst = { .st_mode = S_IFBLK, .st_rdev = part };
        if (part && (mounted_at(part, who, sizeof who) ||
                     held_in(path, who, sizeof who) || safety_in_swaps(NULL, &pst))) {
            char reason[2200];
            busy_reason(part, path, reason, sizeof reason);
            snprintf(what, len, "has a partition %s that %s", e->d_name, reason);
            busy = true;
        }
    }
    if (d)
        closedir(d);
    return busy;
}

/* Whether the filesystem with device number dev is an overlay (from
   mountinfo: field 3 is MAJ:MIN, the type follows " - "). */
static bool is_overlay(dev_t dev)
{
    char want[32], line[4096];
    FILE *f = fopen("/proc/self/mountinfo", "re");
    bool found = false;

    if (!f)
        return false;
    snprintf(want, sizeof want, "%u:%u", major(dev), minor(dev));
    while (!found && fgets(line, sizeof line, f)) {
        char id[32];
        const char *dash = strstr(line, " - ");
        found = sscanf(line, "%*s %*s %31s", id) == 1 && strcmp(id, want) == 0 &&
                dash && strncmp(dash + 3, "overlay ", 8) == 0;
    }
    fclose(f);
    return found;
}

/* Whether the loop device /dev/<name> (sysfs dir: its "dev") is over the
   target: a regular file by device and inode as the kernel keeps them
   (LOOP_GET_STATUS64: right even when the file was renamed, or its first
   name removed and another hard link is the target; an overlay's file is
   the same inode as the lower or upper file the target may name), a block
   device by its device number (a loop over /dev/loop2).  Without a node
   to ask, the path in sysfs loop/backing_file is looked up instead. */
static bool loop_over(const char *dir, const char *name, const struct stat *target)
{
    char path[PATH_MAX];
    struct loop_info64 info;
    struct stat st;

    snprintf(path, sizeof path, "%s/loop/backing_file", dir);
    if (access(path, F_OK) != 0)
        return false;               /* not bound to anything */
    snprintf(path, sizeof path, "/dev/%s", name);
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd >= 0) {
        int rc = ioctl(fd, LOOP_GET_STATUS64, &info);
        close(fd);
        if (rc == 0) {
            if (S_ISBLK(target->st_mode))
                return info.lo_rdevice == (uint64_t)target->st_rdev;
            return info.lo_inode == (uint64_t)target->st_ino &&
                   (info.lo_device == (uint64_t)target->st_dev ||
                    is_overlay((dev_t)info.lo_device) || is_overlay(target->st_dev));
        }
    }
    if (!safety_loop_backing(dir, &st))
        return false;
    return S_ISBLK(target->st_mode) ? S_ISBLK(st.st_mode) && st.st_rdev == target->st_rdev
           : st.st_dev == target->st_dev && st.st_ino == target->st_ino;
}

static int busy_over(const char *sys_root, const struct stat *target,
                     int depth, char *chain, size_t chain_len);

/* Whether the loop device <sys_root>/block/<name> is busy, and why (a
   clause after its name): itself, as a block device is, or through a
   loop device over it in turn (depth: how many loops down already). */
static bool loop_busy(const char *sys_root, const char *name, int depth,
                      char *what, size_t len)
{
    char dir[PATH_MAX], node[PATH_MAX];
    struct stat st;

    snprintf(dir, sizeof dir, "%s/block/%s", sys_root, name);
    snprintf(node, sizeof node, "%s/dev", dir);
    dev_t rdev = safety_read_devnum(node);
    snprintf(node, sizeof node, "/dev/%s", name);
    if (rdev && stat(node, &st) == 0 && S_ISBLK(st.st_mode) &&
        st.st_rdev == rdev) {
        int fd = open(node, O_RDONLY | O_EXCL | O_CLOEXEC | O_NONBLOCK);
        if (fd >= 0)
            close(fd);
        else if (errno == EBUSY) {
            if (!loop_in_use_by_sysfs(dir, rdev, what, len))
                busy_reason(rdev, dir, what, len);
            return true;
        }
        /* a loop device over this one does not claim it: look at those */
        return loop_in_use_by_sysfs(dir, rdev, what, len) ||
               busy_over(sys_root, &st, depth + 1, what, len) < 0;
    }
    return loop_in_use_by_sysfs(dir, rdev, what, len);
}

/* -EBUSY when a loop device over target (a file or a block device) is
   busy, with chain naming it and why ("/dev/loop0, which is mounted at
   /mnt", "/dev/loop3 over /dev/loop2, which ..."); 0 otherwise.  Loops
   over loops are followed to LOOP_CHAIN_MAX deep. */
#define LOOP_CHAIN_MAX 8
static int busy_over(const char *sys_root, const struct stat *target,
                     int depth, char *chain, size_t chain_len)
{
    char dir[PATH_MAX], what[2400];
    struct dirent *e;
    int rc = 0;

    if (depth >= LOOP_CHAIN_MAX)
        return 0;
    snprintf(dir, sizeof dir, "%s/block", sys_root);
    DIR *d = opendir(dir);
    while (d && rc == 0 && (e = readdir(d)) != NULL) {
        char sys[PATH_MAX];
        snprintf(sys, sizeof sys, "%s/%s", dir, e->d_name);
        if (strncmp(e->d_name, "loop", 4) != 0 ||
            !loop_over(sys, e->d_name, target) ||
            !loop_busy(sys_root, e->d_name, depth, what, sizeof what))
            continue;
        if (strncmp(what, "/dev/", 5) == 0)     /* a loop further up */
            snprintf(chain, chain_len, "/dev/%s, under %s", e->d_name, what);
        else
            snprintf(chain, chain_len, "/dev/%s, which %s", e->d_name, what);
        rc = -EBUSY;
    }
    if (d)
        closedir(d);
    return rc;
}

int safety_busy_target(const char *sys_root, const char *path,
                       const struct stat *file, char *why, size_t why_len)
{
    char chain[2600], q[WHY_QUOTE_BUF];

    /* the path quoted: a swap file's name may hold a tab, a backslash */
    why_quote(path, strlen(path), q, sizeof q);
    if (!S_ISBLK(file->st_mode) && safety_in_swaps(NULL, file)) {
        snprintf(why, why_len, "%s: is an active swap file; asmsim never "
                 "uses a file the system swaps to; give another target", q);
        return -EBUSY;
    }
    if (busy_over(sys_root ? sys_root : "/sys", file, 0, chain, sizeof chain) == 0)
        return 0;
    snprintf(why, why_len, "%s: is under %s; writing it writes that device, "
             "so asmsim never uses what lies under a busy loop device (not "
             "even with --destroy-data); free it or give another target",
             path, chain);
    return -EBUSY;
}
