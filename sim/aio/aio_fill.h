/*
 * aio_fill.h - which bytes of a file were ever written, and writing the
 * rest (aio_fill.c).
 */
#ifndef ASMSIM_SIM_AIO_FILL_H
#define ASMSIM_SIM_AIO_FILL_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/core/stop_flag.h"

/* Bytes of [0, end) of the open file fd that hold no written data: holes
   and preallocated (unwritten) extents.  0 or -errno. */
int aio_fill_unwritten_bytes(int fd, uint64_t end, uint64_t *out);

/* Write every such byte of [0, end) of the file at path (open for
   writing) with zeros, in large O_DIRECT writes where
   aligned, then fsync.  With show_progress, a progress line on stderr
   (callers pass isatty(2)).  A stop (the optional flag, set by Ctrl-C)
   ends it between two writes: -ECANCELED, the file part written.  0 or
   -errno. */
int aio_fill_unwritten(int fd, const char *path, uint64_t end,
                       bool show_progress, const sim_stop_flag *stop);

#endif
