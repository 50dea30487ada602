/*
 * balance.h - random I/O that visits the disks evenly.
 *
 * ORION draws random offsets independently, so over any second each disk
 * of the group gets its share of I/O.  Over a millisecond, though, the
 * draws clump: one disk holds five of the outstanding I/Os while another
 * idles.  Cloud volumes meter their limits per second and do not see that
 * clumping, but a model that throttles I/O by I/O does, and pays for it in
 * lost throughput and in noise that takes hundreds of thousands of I/Os to
 * average out.  The balancer removes the clumping and keeps everything
 * else: it serves random I/O so that every disk receives the same number
 * of physical pieces (one turn per piece, in shuffled round robin), and
 * the I/O it serves for a disk is one the workload drew at random that
 * touches that disk, so its offset is uniform over the disk's share of
 * the space, as before.
 *
 * What is balanced is the spread of *pieces*: an I/O may start on any disk
 * and cover several (fine striping, raid0 with a stripe smaller than the
 * I/O, mirror copies of a write), and a layout may make some disk never
 * the first piece of any I/O.  Work per I/O is bounded whatever the
 * layout: a disk that no draw reaches is given up on for a while rather
 * than searched for without end.
 *
 * Sequential streams are not balanced: they walk where they walk.
 */
#ifndef ASMSIM_SIM_BALANCE_H
#define ASMSIM_SIM_BALANCE_H

#include <stdint.h>

#include "layouts/layout.h"
#include "workloads/rng.h"
#include "workloads/workload.h"

typedef struct balancer balancer;

/* 0 and *out, or -ENOMEM.  The balancer draws from `w` and maps class c
   with layouts[c] (its disk group's; ORION's classes share one), for each
   of wl_classes(w); the workload and the layouts must outlive it.  Disk
   numbers in the pieces are the layout's own. */
int bal_create(wl *w, const lay *const layouts[], uint64_t seed,
               balancer **out);
void bal_destroy(balancer *b);

/* The next random I/O of class `cls`, for the disk whose turn it is, and
   its pieces as lay_map() gives them (at most `max_pieces`, which must be
   lay_max_pieces() of the class's largest size for a write): *pieces points at
   the balancer's own copy of them, valid until its next call.  Returns
   the number of pieces, or a negative lay_map() error.  Never draws more
   than BAL_MAX_DRAWS(disks) I/Os from the workload per call. */
int bal_next_ref(balancer *b, int cls, struct wl_io *out,
                 const struct lay_piece **pieces, int max_pieces);

#define BAL_MAX_DRAWS(disks) (64 + 8 * (disks))

#endif
