/*
 * test_timeline.c - the interval recorder (sim/core/timeline.c): each row
 * holds the figures of its own interval only (a delta of the running
 * accumulator), the last row is kept unless it is a sliver, the arrays
 * grow without losing rows, and a backend without meters or buckets gives
 * "device" and no bucket columns.  The burst figures themselves are
 * pinned end to end by tests/timeline_test.sh.
 */
#include <errno.h>
#include <stdlib.h>

#include "sim/core/stats.h"
#include "sim/core/timeline.h"
#include "tests/check.h"

static const struct dev_ops bare_ops = { .name = "bare" };  /* no meters */
static struct devset bare = { .ops = &bare_ops, .disks = 2 };

/* n completed small reads of lat_ns each, one 8 KiB physical I/O apiece
   on disk `disk`. */
static void complete(struct sim_stats *s, int n, uint64_t lat_ns, int disk)
{
    for (int i = 0; i < n; i++) {
        sim_stats_logical(s, WL_SMALL, false, 8192, lat_ns, false);
        struct sim_io io = { .size_bytes = 8192, .disk = (uint16_t)disk,
                             .submit_ns = 0, .done_ns = (sim_ns)lat_ns,
                             .result = 8192 };
        sim_stats_physical(s, &io);
    }
}

static void rows_should_hold_their_own_interval_only(void)
{
    struct sim_stats s;
    sim_timeline_rec *r;
    struct sim_timeline *tl;
    CHECK_INT_EQ(sim_stats_init(&s, 2), 0);
    CHECK_INT_EQ(sim_timeline_rec_open(SIM_NS_PER_S, 0, &s, &bare, &r), 0);
    complete(&s, 100, 1000000, 0);              /* 100 at 1 ms on disk 0 */
    CHECK(sim_timeline_rec_due(r, SIM_NS_PER_S));
    CHECK(!sim_timeline_rec_due(r, SIM_NS_PER_S - 1));
    CHECK_INT_EQ(sim_timeline_rec_tick(r, SIM_NS_PER_S, &s, &bare), 0);
    complete(&s, 50, 4000000, 1);               /* 50 at 4 ms on disk 1 */
    CHECK_INT_EQ(sim_timeline_rec_close(r, 2 * SIM_NS_PER_S, &s, &bare, &tl), 0);
    CHECK(tl != NULL);
    if (tl) {
        CHECK_U64_EQ(tl->n, 2);
        CHECK_NEAR_REL(tl->rows[0].small_iops, 100.0, 1e-9);
        CHECK_NEAR_REL(tl->rows[1].small_iops, 50.0, 1e-9);
        CHECK_NEAR_REL(tl->rows[1].start_s, 1.0, 1e-9);
        CHECK_NEAR_REL(tl->rows[1].phys_mbps, 50 * 8192 / 1e6, 1e-9);
        CHECK_NEAR_REL(tl->rows[0].lat[WL_SMALL].avg_us, 1000.0, 1e-9);
        CHECK_NEAR_REL(tl->rows[1].lat[WL_SMALL].avg_us, 4000.0, 1e-9);
        CHECK_NEAR_REL(tl->rows[1].lat[WL_SMALL].p50_us, 4000.0, 0.01);
        CHECK_NEAR_REL(tl->rows[1].lat[WL_SMALL].p99_us, 4000.0, 0.01);
        CHECK_NEAR_REL(tl->disk_iops[0 * 2 + 0], 100.0, 1e-9);  /* row 0 */
        CHECK_NEAR_REL(tl->disk_iops[1 * 2 + 1], 50.0, 1e-9);   /* row 1 */
        CHECK(tl->disk_iops[1 * 2 + 0] == 0.0);
        CHECK_U64_EQ(tl->rows[1].lat_dir[WL_SMALL][SIM_READ].count, 50);
        CHECK_U64_EQ(tl->rows[1].lat_dir[WL_SMALL][SIM_WRITE].count, 0);
        CHECK_NEAR_REL(tl->rows[1].lat_dir[WL_SMALL][SIM_READ].p99_us, 4000.0, 0.01);
        CHECK_INT_EQ(tl->rows[0].limited_by, SIM_LIMIT_DEVICE);
        CHECK_INT_EQ(tl->buckets, 0);
    }
    sim_timeline_free(tl);
    sim_stats_free(&s);
}

static void a_last_row_under_one_percent_should_be_dropped(void)
{
    struct sim_stats s;
    sim_timeline_rec *r;
    struct sim_timeline *tl;
    CHECK_INT_EQ(sim_stats_init(&s, 1), 0);
    CHECK_INT_EQ(sim_timeline_rec_open(SIM_NS_PER_S, 0, &s, &bare, &r), 0);
    complete(&s, 10, 1000, 0);
    CHECK_INT_EQ(sim_timeline_rec_tick(r, SIM_NS_PER_S, &s, &bare), 0);
    CHECK_INT_EQ(sim_timeline_rec_close(r, SIM_NS_PER_S + SIM_NS_PER_MS, &s, &bare, &tl), 0);
    CHECK_U64_EQ(tl ? tl->n : 0, 1);
    sim_timeline_free(tl);

    CHECK_INT_EQ(sim_timeline_rec_open(SIM_NS_PER_S, 0, &s, &bare, &r), 0);
    CHECK_INT_EQ(sim_timeline_rec_close(r, SIM_NS_PER_S / 2, &s, &bare, &tl), 0);
    CHECK_U64_EQ(tl ? tl->n : 0, 1);            /* half an interval: kept */
    if (tl)
        CHECK_NEAR_REL(tl->rows[0].length_s, 0.5, 1e-9);
    sim_timeline_free(tl);
    sim_stats_free(&s);
}

static void rows_should_survive_the_arrays_growing(void)
{
    struct sim_stats s;
    sim_timeline_rec *r;
    struct sim_timeline *tl;
    CHECK_INT_EQ(sim_stats_init(&s, 2), 0);
    CHECK_INT_EQ(sim_timeline_rec_open(SIM_NS_PER_MS, 0, &s, &bare, &r), 0);
    for (int i = 1; i <= 1000; i++) {
        complete(&s, i % 7, 1000, i % 2);
        CHECK_INT_EQ(sim_timeline_rec_tick(r, i * SIM_NS_PER_MS, &s, &bare), 0);
    }
    CHECK_INT_EQ(sim_timeline_rec_close(r, 1000 * SIM_NS_PER_MS, &s, &bare, &tl), 0);
    CHECK_U64_EQ(tl ? tl->n : 0, 1000);
    if (tl)
        for (int i = 0; i < 1000; i++) {
            double want = (double)((i + 1) % 7) * 1000.0;
            if (tl->rows[i].small_iops != want ||
                tl->disk_iops[(size_t)i * 2 + (size_t)((i + 1) % 2)] != want) {
                CHECK_NEAR_REL(tl->rows[i].small_iops, want, 1e-9);
                CHECK_NEAR_REL(tl->disk_iops[(size_t)i * 2 + (size_t)((i + 1) % 2)],
                               want, 1e-9);
                CHECK_FAIL_AT("row %d differs", i);
                break;
            }
        }
    sim_timeline_free(tl);
    sim_stats_free(&s);
}

static void boundaries_should_stay_on_the_grid_when_a_tick_is_late(void)
{
    struct sim_stats s;
    sim_timeline_rec *r;
    struct sim_timeline *tl;
    CHECK_INT_EQ(sim_stats_init(&s, 1), 0);
    CHECK_INT_EQ(sim_timeline_rec_open(SIM_NS_PER_S, 0, &s, &bare, &r), 0);
    CHECK_INT_EQ(sim_timeline_rec_tick(r, SIM_NS_PER_S * 13 / 10, &s, &bare), 0);
    CHECK(!sim_timeline_rec_due(r, 2 * SIM_NS_PER_S - 1));  /* not 2.3 s */
    CHECK(sim_timeline_rec_due(r, 2 * SIM_NS_PER_S));
    CHECK_INT_EQ(sim_timeline_rec_tick(r, 2 * SIM_NS_PER_S, &s, &bare), 0);
    CHECK_INT_EQ(sim_timeline_rec_close(r, 3 * SIM_NS_PER_S, &s, &bare, &tl), 0);
    CHECK_U64_EQ(tl ? tl->n : 0, 3);
    if (tl)
        CHECK_NEAR_REL(tl->rows[1].length_s, 0.7, 1e-9);
    sim_timeline_free(tl);
    sim_stats_free(&s);
}

static void an_interval_of_zero_should_be_refused(void)
{
    struct sim_stats s;
    sim_timeline_rec *r = (sim_timeline_rec *)&s;
    CHECK_INT_EQ(sim_stats_init(&s, 1), 0);
    CHECK_INT_EQ(sim_timeline_rec_open(0, 0, &s, &bare, &r), -EINVAL);
    CHECK(r == NULL);
    sim_stats_free(&s);
}

int main(void)
{
    RUN(rows_should_hold_their_own_interval_only);
    RUN(a_last_row_under_one_percent_should_be_dropped);
    RUN(rows_should_survive_the_arrays_growing);
    RUN(boundaries_should_stay_on_the_grid_when_a_tick_is_late);
    RUN(an_interval_of_zero_should_be_refused);
    return check_done();
}
