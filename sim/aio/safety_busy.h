/*
 * safety_busy.h - is a real target in use by somebody else (rule 2 of
 * safety.c)?  See safety_busy.c for how it is told and why a file is as
 * busy as the loop devices over it.
 */
#ifndef ASMSIM_SIM_SAFETY_BUSY_H
#define ASMSIM_SIM_SAFETY_BUSY_H

#include <stddef.h>
#include <sys/types.h>

struct stat;

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
