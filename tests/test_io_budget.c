/*
 * test_io_budget.c - sim/core/io_budget.c and the pools sized from it: the
 * outstanding I/O sum and its limit, aio read buffers by class, and
 * sim_parts_open refusing more than the limit before allocating anything.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "sim/core/io_budget.h"
#include "sim/core/run.h"
#include "sim/model/dev_model.h"
#include "sim/model/setup.h"
#include "tests/check.h"

#define KiB 1024ull
#define MiB (1024ull * KiB)

static void outstanding_should_sum_both_classes(void)
{
    struct sim_io_budget b = { .n = 2, .slots = { 40000, 30000 },
                               .io_bytes = { 8 * KiB, 1 * MiB } };
    CHECK_U64_EQ(sim_budget_outstanding(&b), 70000);
    CHECK_GT(sim_budget_outstanding(&b), SIM_MAX_OUTSTANDING);
    b.slots[1] = 0;
    CHECK_U64_EQ(sim_budget_max_io_bytes(&b), 8 * KiB);
}

static void buffers_should_go_by_class_not_by_the_largest_size(void)
{
    /* 1,000 targets, OLTP: 5,000 small I/Os of 8 KiB, no large ones.  The
       old sizing was 5,000 x 2 pieces x 128 KiB = 1.22 GiB. */
    struct sim_io_budget oltp = { .n = 2, .slots = { 5000, 0 },
                                  .io_bytes = { 8 * KiB, 128 * KiB } };
    CHECK_U64_EQ(sim_budget_worker_buffer_bytes(&oltp), 5000 * 8 * KiB + 8 * KiB);
    /* mixed: each class at its own size, one write buffer of the largest */
    struct sim_io_budget mixed = { .n = 2, .slots = { 20, 8 },
                                   .io_bytes = { 8 * KiB, 1 * MiB } };
    CHECK_U64_EQ(sim_budget_worker_buffer_bytes(&mixed),
                 20 * 8 * KiB + 8 * MiB + 1 * MiB);
    /* sizes that are not whole pages take whole pages */
    struct sim_io_budget odd = { .n = 2, .slots = { 3, 0 }, .io_bytes = { 512, 0 } };
    CHECK_U64_EQ(sim_budget_worker_buffer_bytes(&odd), 4 * 4096);
}

static void buffer_limit_should_be_4GiB_or_half_the_ram(void)
{
    uint64_t ram = (uint64_t)sysconf(_SC_PHYS_PAGES) * (uint64_t)sysconf(_SC_PAGESIZE);
    uint64_t limit = sim_buffer_limit_bytes();
    CHECK_LE(limit, SIM_MAX_BUFFER_BYTES);
    CHECK(limit <= ram / 2 || limit == SIM_MAX_BUFFER_BYTES);
    CHECK(limit == SIM_MAX_BUFFER_BYTES || limit == ram / 2);
}

static void parts_should_refuse_more_than_the_limit_before_allocating(void)
{
    struct sim_setup cfg;
    struct sim_parts p;
    char why[256] = "";

    sim_setup_defaults(&cfg);
    int rc = sim_parts_open(sim_setup_run(&cfg), 1, SIM_MAX_OUTSTANDING, &p, why, sizeof why);
    CHECK_INT_EQ(rc, -E2BIG);
    CHECK(strstr(why, "at most 65536") != NULL);
    sim_parts_close(&p);
    rc = sim_parts_open(sim_setup_run(&cfg), SIM_MAX_OUTSTANDING / 2, SIM_MAX_OUTSTANDING / 2,
                        &p, why, sizeof why);
    CHECK_INT_EQ(rc, 0);
    sim_parts_close(&p);
}

/* No slot at all: refused before the devices open (their buffers are
   sized by the largest I/O of a class with slots, and there is none). */
static void parts_should_refuse_a_budget_without_slots(void)
{
    struct sim_setup cfg;
    struct sim_parts p;
    char why[256] = "";

    sim_setup_defaults(&cfg);
    CHECK_INT_EQ(sim_parts_open(sim_setup_run(&cfg), 0, 0, &p, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "at least one") != NULL);
    CHECK(p.ds.ops == NULL);            /* no device was opened */
    sim_parts_close(&p);
    struct sim_io_budget none = { .n = 2, .slots = { 0, 0 } };
    CHECK_INT_EQ(sim_budget_check(&none, NULL, 0), -EINVAL);
    struct sim_io_budget one = { .n = 2, .slots = { 1, 0 }, .pieces_per_io = { 2, 2 } };
    CHECK_INT_EQ(sim_budget_check(&one, NULL, 0), 0);
}

int main(void)
{
    RUN(outstanding_should_sum_both_classes);
    RUN(buffers_should_go_by_class_not_by_the_largest_size);
    RUN(buffer_limit_should_be_4GiB_or_half_the_ram);
    RUN(parts_should_refuse_more_than_the_limit_before_allocating);
    RUN(parts_should_refuse_a_budget_without_slots);
    return check_done();
}
