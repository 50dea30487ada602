/*
 * io_budget.h - what a run holds in memory for its I/O, and the limits on
 * it: the one place both are defined (io_budget.c).
 *
 * A run allocates everything for its I/O when its parts are opened
 * (run_point.c): the engine a slot per logical I/O in flight and a piece per
 * physical I/O those can become, the aio backend an iocb per piece and a
 * read buffer per logical I/O in flight, sized by its class.  All of it
 * follows from the budget below: the largest load of each class over the
 * run's matrix (small, and large x --stream-io for sequential streams)
 * and each class's I/O size.  The command line checks the budget of every
 * run it will make against the limits before anything runs, naming the
 * flags that set it; sim_parts_open checks it again, so no caller of the
 * core can ask for more.
 */
#ifndef ASMSIM_SIM_IO_BUDGET_H
#define ASMSIM_SIM_IO_BUDGET_H

#include <stddef.h>
#include <stdint.h>

#include "layouts/layout.h"
#include "workloads/wl_spec.h"

/* Logical I/Os in flight in one run, small and large together, at most.
   The same as the kernel's default /proc/sys/fs/aio-max-nr; the engine's
   pools for it take a few MiB. */
#define SIM_MAX_OUTSTANDING 65536

/* Read buffers of the aio backend, over all its workers, at most: 4 GiB,
   and never more than half of the machine's RAM (sim_buffer_limit_bytes). */
#define SIM_MAX_BUFFER_BYTES (4ull << 30)

#define SIM_BUFFER_ALIGN_BYTES 4096u    /* buffers are whole pages */

/* Physical I/Os (pieces) in flight in one run, at most: a 64 MiB I/O over
   a 4 KiB raid0 stripe is 16,384 pieces, and the engine, the model's
   event queue and the aio backend's iocbs each hold one entry per piece
   (about 200 bytes in all), so 4 Mi pieces are under 1 GiB. */
#define SIM_MAX_PIECES (4 << 20)

/* Per class: ORION's (enum wl_class: 0 small, 1 large), or a database
   workload's classes in their order (workload.h). */
struct sim_io_budget {
    int n;                          /* classes: 2 for ORION's */
    int slots[WL_MAX_CLASSES];      /* logical I/Os in flight, at most */
    uint32_t io_bytes[WL_MAX_CLASSES];  /* the class's largest I/O size */
    int pieces_per_io[WL_MAX_CLASSES];  /* lay_max_pieces() of that size
                                       for a write: its most physical I/Os */
};

/* The budget of max_small small and max_large_ios large logical I/Os in
   flight on layout l: each class's I/O size, and its pieces per I/O,
   lay_max_pieces() of that size for a write (a write goes to every copy,
   so no I/O of the class becomes more).  The one place the pools' shape
   is derived: the command line's check, sim_parts_open, the engine and
   the balancer all start from it. */
struct sim_io_budget sim_budget_make(const lay *l, uint32_t small_bytes,
                                     uint32_t large_bytes, int max_small,
                                     int max_large_ios);

/* One more class: `slots` logical I/Os of at most io_bytes on layout l
   (its disk group's).  0, or -E2BIG past WL_MAX_CLASSES. */
int sim_budget_add(struct sim_io_budget *b, const lay *l, uint32_t io_bytes,
                   int slots);

/* The most pieces one logical I/O of either class becomes (whether or not
   the class has slots): what one mapping needs room for. */
int sim_budget_max_pieces_per_io(const struct sim_io_budget *b);

/* Physical I/Os in flight, at most: each class's slots x its pieces. */
uint64_t sim_budget_pieces(const struct sim_io_budget *b);

/* The slots of every class. */
uint64_t sim_budget_outstanding(const struct sim_io_budget *b);

/* The largest I/O of a class that has slots, 0 when none has. */
uint32_t sim_budget_max_io_bytes(const struct sim_io_budget *b);

/* The limits on a budget: at least one slot, at most SIM_MAX_OUTSTANDING
   logical and SIM_MAX_PIECES physical I/Os in flight.  The one place
   they are checked: sim_parts_open reports a failure, the engine refuses
   a budget that fails it.  0, or -EINVAL (no slot, a negative count) /
   -E2BIG with why set (why may be NULL). */
int sim_budget_check(const struct sim_io_budget *b, char *why,
                     size_t why_len);

/* One aio worker's buffers: each class's slots x its I/O size rounded up
   to a page, and one write buffer of the largest I/O. */
uint64_t sim_budget_worker_buffer_bytes(const struct sim_io_budget *b);

/* SIM_MAX_BUFFER_BYTES, or half the RAM when that is less. */
uint64_t sim_buffer_limit_bytes(void);

#endif
