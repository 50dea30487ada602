/*
 * report_input.h - opening a file the user named as an input: a schedule
 * CSV, a layout file, a results JSON for `asmsim report`, an advise shard,
 * a LUN file (report_input.c).
 */
#ifndef ASMSIM_SIM_REPORT_INPUT_H
#define ASMSIM_SIM_REPORT_INPUT_H

#include <stddef.h>
#include <stdio.h>

/* Open path for reading, if it is a regular file (a symbolic link to one
   included).  0 with *out a stream to read and fclose; or -errno with *out
   NULL and why a clause to put after the path: "is a FIFO, not a regular
   file" (-EINVAL: a FIFO, socket, block or character device, directory),
   "cannot read it: No such file or directory".  Never blocks: the kind is
   checked before the open, and the open itself does not wait for a FIFO's
   writer. */
int report_input_open(const char *path, FILE **out, char *why, size_t why_len);

#endif
