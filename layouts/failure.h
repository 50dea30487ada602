/*
 * failure.h - a disk group with disks offline: where its I/O goes, what
 * is lost, what a rebalance or resync copies, and whether there is room.
 *
 * A layout (layout.h) is immutable and knows nothing of failures.  A
 * struct lay_fail is the mutable state of one failure over one layout:
 * which disks are offline for reads and for writes, the stale AUs that
 * writes left behind while their disk was away, and the position of each
 * copy stream of a rebalance or resync.  See failure.c for the rules and
 * their sources (../shared/docs/ASM_FAILURE.md).
 *
 * Pure: no I/O, no clock, no globals.  One lay_fail per engine; it is
 * not shared between threads.
 */
#ifndef ASMSIM_LAYOUTS_FAILURE_H
#define ASMSIM_LAYOUTS_FAILURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layouts/layout.h"

#define LAY_FAIL_MAX_DISKS 64           /* offline at once (a failure group) */

/* What happens to the offline disks' data at a phase of a failure. */
enum lay_fail_mode {
    LAY_FAIL_DEGRADED = 0,      /* offline: reads go to a surviving copy,
                                   writes to the survivors only (stale) */
    LAY_FAIL_RESYNC,            /* back: writes reach it again, reads of
                                   its extents still go to the survivors,
                                   copy streams resync its stale extents */
    LAY_FAIL_REBUILD,           /* dropped: copy streams rebuild its
                                   extents on the surviving partners */
};

struct lay_fail_cfg {
    int n;                              /* offline disks, 1..LAY_FAIL_MAX_DISKS */
    int disk[LAY_FAIL_MAX_DISKS];       /* the layout's disk numbers */
    enum lay_fail_mode mode;
};

typedef struct lay_fail lay_fail;

/* Whether some extent of l has every copy on the disks marked in
   offline[lay_disks(l)]: the data is lost.  External redundancy loses
   data with any disk.  On true, *a and *b name two disks that held the
   copies of one extent (*b == *a for external). */
bool lay_fail_data_lost(const lay *l, const bool *offline, int *a, int *b);

/* 0 and *out, or -EINVAL (a disk out of range, twice, or none; the data
   is lost: lay_fail_data_lost) or -ENOMEM. */
int lay_fail_create(const lay *l, const struct lay_fail_cfg *cfg, lay_fail **out);
void lay_fail_destroy(lay_fail *f);

/* The pieces of one logical I/O at offset_bytes that l mapped (in[0..n),
   lay_map's order) as the failure routes them, into out[0..max_out): a
   read piece on an offline disk goes to a surviving copy of its segment
   (between two, alternately: Even Read); a write piece to an offline
   disk is dropped and its AU marked stale.  in and out may be the same
   array.  Returns the pieces, or -ENOSPC / -EIO (no surviving copy). */
int lay_fail_route(lay_fail *f, uint64_t offset_bytes, bool is_write,
                   const struct lay_piece *in, int n, struct lay_piece *out,
                   int max_out);

/* The next I/O of copy stream `stream` (0..LAY_FAIL_MAX_STREAMS-1) of a
   rebalance or resync: one AU, read from a surviving partner, then
   written to its new place (REBUILD: a surviving disk in a
   failure group other than the read's; RESYNC: the disk that came back).
   Fills *out and *is_write; returns 1, or -EINVAL in DEGRADED mode or
   when !lay_fail_can_copy. */
#define LAY_FAIL_MAX_STREAMS 4096
int lay_fail_copy_next(lay_fail *f, int stream, struct lay_piece *out,
                       bool *is_write);

/* Whether the copy streams of failure cfg of l can run: a surviving
   partner to read from and, for REBUILD, as many failure groups left as
   there are copies (not so with normal redundancy's 2 groups, one lost
   whole, or high's 3: redundancy cannot be restored).  False in DEGRADED
   mode, and for a cfg lay_fail_create refuses. */
bool lay_fail_can_copy(const lay *l, const struct lay_fail_cfg *cfg);

/* Start counting afresh (a measured window opens). */
void lay_fail_reset_counts(lay_fail *f);
/* Since the last reset: write pieces dropped, and distinct AUs they made
   stale. */
uint64_t lay_fail_dropped_writes(const lay_fail *f);
uint64_t lay_fail_stale_aus(const lay_fail *f);

/* The space rules of a group filled to used_frac (0..1) of its raw size
   with the disks in offline[] lost (ASM_FAILURE.md sec. 6). */
struct lay_space {
    uint64_t total_bytes;               /* raw: every disk */
    uint64_t free_bytes;                /* (1 - used) of it */
    uint64_t required_mirror_free_bytes;    /* REQUIRED_MIRROR_FREE_MB */
    int64_t usable_file_bytes;          /* USABLE_FILE_MB; may be < 0 */
    uint64_t lost_bytes;                /* allocated on the offline disks */
    uint64_t survivor_free_bytes;       /* free on the other disks */
    bool rebuild_fits;                  /* lost_bytes <= survivor_free_bytes */
};
void lay_fail_space(const lay *l, double used_frac, const bool *offline,
                    struct lay_space *out);

#endif
