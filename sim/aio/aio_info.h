/*
 * aio_info.h - what the aio backend's open tells --verbose (aio_info.c).
 */
#ifndef ASMSIM_SIM_AIO_INFO_H
#define ASMSIM_SIM_AIO_INFO_H

#include "sim/aio/aio_dev.h"
#include "sim/aio/dev_aio.h"

/* Append printf-style text to cfg->info (cfg->info_len bytes in all);
   nothing when there is no buffer, and what does not fit is cut off. */
void aio_info_add(const struct dev_aio_cfg *cfg, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Append the NUMA line, the worker count (why_count says why that many)
   and one line per worker: its node, whether it is pinned there and its
   buffers allocated there, and its targets. */
void aio_info_workers(const struct aio_dev *a, const struct dev_aio_cfg *cfg,
                      const char *why_count);

#endif
