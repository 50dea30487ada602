/*
 * layout_file.h - a disk group described in a JSON file (--layout-file).
 *
 *   {
 *     "name": "data-normal-4",          informational
 *     "striping": "coarse",             coarse | fine | raid0 | concat
 *     "au": "4MiB",                     size string or integer bytes
 *     "stripe": "1MiB",                 raid0 stripe unit, same forms
 *     "redundancy": "normal",           external | normal | high
 *     "disks": 4,                       1..LAY_MAX_DISKS
 *     "failgroups": 2                   0 (one per disk) .. disks
 *     -- or instead of "failgroups" --
 *     "failgroup_of": [0, 1, 0, 1]      one group per disk, 0..; every
 *                                       group from 0 to the largest used
 *   }
 *
 * Every key is optional; only the keys present change `cfg`, so the caller
 * fills cfg with its defaults first and applies explicit command-line
 * flags after.  Sizes take B, K/KiB, M/MiB, G/GiB suffixes (binary,
 * case-insensitive) or no suffix (bytes).
 */
#ifndef ASMSIM_SIM_LAYOUT_FILE_H
#define ASMSIM_SIM_LAYOUT_FILE_H

#include <stddef.h>

#include "layouts/layout.h"

/* Load `path` into `cfg`.
 *   "disks" sets cfg->disks and *disks_out (0 when the file has no disk
 *   count).  "failgroup_of" copies the groups into failgroup_map, points
 *   cfg->disk_failgroup at it and sets cfg->failgroups to the largest
 *   group + 1; its length is the disk count (it must equal "disks" if both
 *   are given, and sets *disks_out / cfg->disks when "disks" is absent).
 *   "failgroups" sets cfg->failgroups and clears cfg->disk_failgroup.
 * The file is checked on its own (types, names, sizes, ranges); whether
 * the whole cfg is consistent is lay_cfg_check()'s job once the disk
 * size is known.
 * Returns 0, or -EINVAL (unreadable file, invalid JSON, unknown key, wrong
 * type, bad value) with a one-line reason naming the file and the key in
 * why; on error cfg, failgroup_map and *disks_out are unchanged. */
int lay_file_load(const char *path, struct lay_cfg *cfg,
                  int failgroup_map[LAY_MAX_DISKS], int *disks_out,
                  char *why, size_t why_len);

#endif
