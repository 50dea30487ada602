/*
 * aio_target.h - one target of the aio backend: what it is once open
 * (aio_target.c).
 */
#ifndef ASMSIM_SIM_AIO_TARGET_H
#define ASMSIM_SIM_AIO_TARGET_H

#include <stddef.h>
#include <stdint.h>

#include "sim/aio/dev_aio.h"
#include "sim/core/device.h"

struct aio_disk {
    int fd;                     /* -1 until aio_target_open succeeds */
    uint64_t limit_bytes;       /* no I/O reaches past this offset */
    uint64_t align_mask;        /* logical block size - 1 */
    uint32_t fail_streak;       /* consecutive failed completions */
    int node;                   /* NUMA node from sysfs, -1 unknown */
    int worker;                 /* index in aio_dev.w, set by the plan */
};

/* Check, create if asked, and open cfg->paths[d] into *disk (fd,
   limit_bytes, align_mask, node), and add its line to cfg->info; every
   I/O's offset and size is a multiple of dc->io_align_bytes (the engine's
   granularity; a page when 0), and dc->budget names the I/O sizes a
   refusal quotes.  On error returns -errno with a message in why naming
   the target and what would work; *disk's fd stays -1. */
int aio_target_open(struct aio_disk *disk, const struct dev_aio_cfg *cfg,
                    const struct devset_cfg *dc, int d, char *why,
                    size_t why_len);

/* Rule 2 of safety.c again on the open target (path: for the message),
   just before the first I/O: 0, or -EBUSY with why when a loop device
   over it was set up and put to use (mounted, held, swap) since it was
   checked.  Block devices are held O_EXCL from the open on; a file has
   no such lock, so this is as late as the check can be made. */
int aio_target_recheck(const struct aio_disk *disk, const char *path,
                       char *why, size_t why_len);

#endif
