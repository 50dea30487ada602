/*
 * io_budget.c - the arithmetic of io_budget.h: how many I/Os a run keeps
 * in flight and how many bytes of buffers that pins, and the limit on the
 * buffers.
 *
 * Why buffers go by logical I/O and by class: a read's data is never
 * looked at, and the pieces of one logical read (the layout splits an I/O
 * that crosses an AU or stripe boundary) together are no bigger than the
 * I/O, so one buffer of the class's size per logical I/O in flight is
 * enough (aio_pool.c lets the pieces of one I/O share it).  Sizing every
 * iocb for the largest class instead cost a 1,000-target 8 KiB OLTP run
 * 5,000 slots x 2 pieces x 128 KiB = 1.25 GiB for I/Os of 8 KiB.
 *
 * The buffer limit is a fixed 4 GiB, lowered to half the RAM on small
 * machines, where pinning more would push the run itself into swap or
 * the OOM killer.
 */
#include "sim/core/io_budget.h"

#include <errno.h>
#include <stdio.h>
#include <unistd.h>

static uint64_t page_round(uint64_t bytes)
{
    return (bytes + SIM_BUFFER_ALIGN_BYTES - 1) / SIM_BUFFER_ALIGN_BYTES *
           SIM_BUFFER_ALIGN_BYTES;
}

struct sim_io_budget sim_budget_make(const lay *l, uint32_t small_bytes,
                                     uint32_t large_bytes, int max_small,
                                     int max_large_ios)
{
    return (struct sim_io_budget){
        .n = 2,
        .slots = { max_small, max_large_ios },
        .io_bytes = { small_bytes, large_bytes },
        .pieces_per_io = { lay_max_pieces(l, small_bytes, true),
                           lay_max_pieces(l, large_bytes, true) },
    };
}

int sim_budget_add(struct sim_io_budget *b, const lay *l, uint32_t io_bytes,
                   int slots)
{
    if (b->n >= WL_MAX_CLASSES)
        return -E2BIG;
    b->slots[b->n] = slots;
    b->io_bytes[b->n] = io_bytes;
    b->pieces_per_io[b->n] = lay_max_pieces(l, io_bytes, true);
    b->n++;
    return 0;
}

int sim_budget_max_pieces_per_io(const struct sim_io_budget *b)
{
    int most = 0;
    for (int c = 0; c < b->n; c++)
        most = b->pieces_per_io[c] > most ? b->pieces_per_io[c] : most;
    return most;
}

uint64_t sim_budget_outstanding(const struct sim_io_budget *b)
{
    uint64_t total = 0;
    for (int c = 0; c < b->n; c++)
        total += (uint64_t)(b->slots[c] > 0 ? b->slots[c] : 0);
    return total;
}

/* A class with a negative count of slots, or -1. */
static int negative_class(const struct sim_io_budget *b)
{
    for (int c = 0; c < b->n; c++)
        if (b->slots[c] < 0)
            return c;
    return -1;
}

/* "8 small + 2 large" for ORION's classes, "12" for a workload's. */
static void describe_slots(const struct sim_io_budget *b, char *out,
                           size_t len)
{
    if (b->n == 2)
        snprintf(out, len, "%d small + %d large", b->slots[0], b->slots[1]);
    else
        snprintf(out, len, "%llu",
                 (unsigned long long)sim_budget_outstanding(b));
}

uint64_t sim_budget_pieces(const struct sim_io_budget *b)
{
    uint64_t total = 0;

    for (int c = 0; c < b->n; c++)
        if (b->slots[c] > 0 && b->pieces_per_io[c] > 0)
            total += (uint64_t)b->slots[c] * (uint64_t)b->pieces_per_io[c];
    return total;
}

uint32_t sim_budget_max_io_bytes(const struct sim_io_budget *b)
{
    uint32_t m = 0;

    for (int c = 0; c < b->n; c++)
        if (b->slots[c] > 0 && b->io_bytes[c] > m)
            m = b->io_bytes[c];
    return m;
}

int sim_budget_check(const struct sim_io_budget *b, char *why,
                     size_t why_len)
{
    char counts[64];
    describe_slots(b, counts, sizeof counts);
    if (b->n < 1 || b->n > WL_MAX_CLASSES || negative_class(b) >= 0 ||
        sim_budget_outstanding(b) < 1) {
        if (why)
            snprintf(why, why_len, "%s I/Os in flight: at least one is "
                     "needed", counts);
        return -EINVAL;
    }
    if (sim_budget_outstanding(b) > SIM_MAX_OUTSTANDING) {
        if (why)
            snprintf(why, why_len, "%s I/Os in flight: at most %d in all",
                     counts, SIM_MAX_OUTSTANDING);
        return -E2BIG;
    }
    if (sim_budget_pieces(b) > SIM_MAX_PIECES) {
        if (why)
            snprintf(why, why_len, "%llu physical I/Os in flight: at most %d",
                     (unsigned long long)sim_budget_pieces(b),
                     SIM_MAX_PIECES);
        return -E2BIG;
    }
    return 0;
}

uint64_t sim_budget_worker_buffer_bytes(const struct sim_io_budget *b)
{
    uint64_t total = page_round(sim_budget_max_io_bytes(b));

    for (int c = 0; c < b->n; c++)
        if (b->slots[c] > 0)
            total += (uint64_t)b->slots[c] * page_round(b->io_bytes[c]);
    return total;
}

uint64_t sim_buffer_limit_bytes(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    uint64_t limit = SIM_MAX_BUFFER_BYTES;

    if (pages > 0 && page > 0 && (uint64_t)pages * (uint64_t)page / 2 < limit)
        limit = (uint64_t)pages * (uint64_t)page / 2;
    return limit;
}
