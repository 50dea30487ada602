/*
 * safety_busy.h - is a real target in use by somebody else (rule 2 of
 * safety.c)?  See safety_busy.c for how it is told and why a file is as
 * busy as the loop devices over it.
 */
#ifndef ASMSIM_SIM_SAFETY_BUSY_H
#define ASMSIM_SIM_SAFETY_BUSY_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct stat;

/* The device number in a sysfs "dev" file ("MAJ:MIN"), or 0. */
dev_t safety_read_devnum(const char *path);

/* The file under the loop device whose sysfs directory is dir (the path
   in dir/loop/backing_file), stat'ed into *st: false when the device is
   not bound or its file cannot be found (deleted, or another mount
   namespace's). */
bool safety_loop_backing(const char *dir, struct stat *st);

/* Whether target is an active swap area (a block device, by device
   number) or swap file (by st_dev and st_ino), as the swaps list names
   them: swaps is "/proc/swaps" (NULL) or, in tests, a file laid out
   like it; the kernel's octal escapes in its paths (\040 for a space)
   are decoded. */
bool safety_in_swaps(const char *swaps, const struct stat *target);

/* The reason a block device whose exclusive open failed with EBUSY is
   busy, as one line naming path: where it is mounted, what holds it, or
   that it is swap or held by another program. */
void safety_busy_device_reason(const char *path, dev_t rdev, char *why,
                               size_t why_len);

/* 0 when the regular file or block device `file` (stat of path) is not
   in use through a loop device, or -EBUSY with why naming path and the
   user: an active swap file, or what lies under a loop device that is
   mounted, held (device-mapper, MD-RAID), swap, or open exclusively
   elsewhere, itself, through a partition or through a loop over it.
   sys_root is "/sys" (NULL) or, in tests, a tree laid out like it. */
int safety_busy_target(const char *sys_root, const char *path,
                       const struct stat *file, char *why, size_t why_len);

#endif
