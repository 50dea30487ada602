/*
 * workload_file.h - a database's I/O as a JSON file of classes, and the
 * shipped Oracle presets in the same format (docs/workloads.md).
 *
 *   {
 *     "name": "oltp",                   optional: the file's name (without
 *                                       .json); 1..31 of A-Z a-z 0-9 _ . -
 *     "description": "...",             optional, at most 159 characters
 *     "source": "...",                  optional, where the numbers come
 *                                       from (read, checked, not kept)
 *     "classes": [                      1..WL_MAX_CLASSES of:
 *       { "name": "redo",               required, unique
 *         "group": "REDO",              disk group (default: the first)
 *         "size": "512B:35,128KiB:40",  a size, or SIZE:WEIGHT,... (fio's
 *                                       bssplit); or an integer of bytes
 *         "pattern": "sequential",      random (default) | sequential
 *         "streams": 2,                 sequential only: 1..4096
 *         "stream_io": 1,               sequential, closed loop: 1..64
 *         "write": 100,                 percentage of writes, 0..100
 *         "skew": "hot:0.1:0.9",        random only: uniform | hot:FRAC:SHARE
 *                                       | zipf:THETA
 *         "outstanding": 32,            closed loop (random): 1..4096
 *         "rate": 700,                  open loop: I/Os per second
 *         "arrivals": "poisson" }       open loop: poisson | constant
 *     ]
 *   }
 *
 * "outstanding" and "rate" exclude each other; with neither the class is
 * a closed loop of its defaults (1 outstanding; sequential: streams x
 * stream_io).  The loader is strict as the layout file's: unknown and
 * repeated keys, wrong types, keys that do not apply to the class and
 * bad values are errors naming the file, the class and the key; nothing
 * is written to the caller's spec unless the whole file is valid.
 */
#ifndef ASMSIM_SIM_CLI_WORKLOAD_FILE_H
#define ASMSIM_SIM_CLI_WORKLOAD_FILE_H

#include <stddef.h>

#include "workloads/wl_spec.h"

/* Load the workload file at `path` into *out.  0, or -EINVAL with a
   one-line reason in why (the file, the class, the key, what is valid);
   *out is unchanged on error. */
int workload_file_load(const char *path, struct wl_spec *out, char *why,
                       size_t why_len);

/* A preset's name (oltp, dss, redo, rman, batch) or a workload file's
   path into *out.  A preset's name wins over a file of that name in the
   current directory ("./oltp" is the file); a word that is neither a
   preset nor a file is refused with the presets' names.  0 or -EINVAL,
   as workload_file_load. */
int workload_spec_resolve(const char *name_or_path, struct wl_spec *out,
                          char *why, size_t why_len);

/* The shipped presets (workloads/presets/NAME.json), in name order:
   preset i's name, with its description in desc (as much as fits);
   NULL when i is past the last.  For help texts:
     for (i = 0; (n = workload_preset_describe(i, d, sizeof d)); i++) */
const char *workload_preset_describe(int i, char *desc, size_t desc_len);

/* "8KiB", "8KiB:70,16KiB:20,1MiB:10": a size, or up to WL_MAX_SIZES
   SIZE:WEIGHT pairs, each size an I/O size (cli_parse_io_size) and each
   weight an integer 1..WL_MAX_WEIGHT (relative: they need not add up to
   100).  Blanks around the parts are allowed.  0, or -EINVAL with the
   reason (without the field's name) in why; *out unchanged on error.
   A size given twice is wl_class_spec_check's to refuse. */
int workload_size_mix_parse(const char *text, struct wl_size_mix *out,
                            char *why, size_t why_len);

/* "uniform", "hot:0.1:0.9" (a tenth of the space takes 90 % of the
   I/O), "zipf:1.2": the skew and its parameters into *c.  0, or -EINVAL
   for text of none of these forms; the ranges are wl_class_spec_check's. */
int workload_skew_parse(const char *text, struct wl_class_spec *c,
                        char *why, size_t why_len);

#endif
