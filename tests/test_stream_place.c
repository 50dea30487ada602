/*
 * test_stream_place.c - sim/core/stream_place.c: sequential streams start
 * spread over the disks, each near its even start, and a point of them
 * measures its steady state from the start (5 s agree with 60 s).
 */
#include <stdlib.h>

#include "sim/core/stream_place.h"
#include "sim/model/setup.h"
#include "tests/check.h"
#include "tests/model_run.h"

#define MiB (1ull << 20)
#define GiB (1ull << 30)

struct setup {
    lay *layout;
    wl *workload;
    struct lay_piece pieces[64];
};

static bool setup_make(struct setup *s, enum lay_striping striping, int disks,
                       uint64_t disk_bytes, int streams)
{
    char why[256] = "";
    struct lay_cfg lc;
    lay_cfg_defaults(&lc, disks, disk_bytes);
    lc.striping = striping;
    if (lay_create(&lc, &s->layout, why, sizeof why) != 0) {
        CHECK_FAIL_AT("lay_create: %s", why);
        return false;
    }
    struct wl_cfg wc;
    wl_cfg_defaults(&wc, lay_capacity_bytes(s->layout));
    wc.large_type = WL_LARGE_SEQ;
    if (wl_create(&wc, &s->workload, why, sizeof why) != 0) {
        CHECK_FAIL_AT("wl_create: %s", why);
        lay_destroy(s->layout);
        return false;
    }
    CHECK_INT_EQ(wl_start_streams(s->workload, WL_LARGE, streams), 0);
    return true;
}

static void setup_free(struct setup *s)
{
    wl_destroy(s->workload);
    lay_destroy(s->layout);
}

static int disk_of(struct setup *s, uint64_t offset)
{
    int n = lay_map(s->layout, offset, wl_config(s->workload)->large_bytes, false,
                    s->pieces, 64);
    return n > 0 ? s->pieces[0].disk : -1;
}

/* Streams over disks as ASM lays them: before placement, evenly spaced
   starts that are whole turns round the disks all fall on one disk; after
   it every disk holds the same number of starts (to one), and no stream
   moved by more than a quarter of the spacing. */
static void starts_should_spread_over_the_disks(void)
{
    static const struct { enum lay_striping striping; int disks, streams; } cases[] = {
        { LAY_COARSE, 4, 16 }, { LAY_COARSE, 2, 8 }, { LAY_COARSE, 8, 32 },
        { LAY_COARSE, 4, 7 }, { LAY_COARSE, 16, 16 }, { LAY_FINE, 4, 16 },
        { LAY_RAID0, 8, 32 },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        struct setup s;
        if (!setup_make(&s, cases[c].striping, cases[c].disks, 2048 * GiB, cases[c].streams))
            continue;
        int n = cases[c].streams, disks = cases[c].disks;
        uint64_t before[64];
        for (int i = 0; i < n; i++)
            before[i] = wl_stream_cursor(s.workload, WL_LARGE, i);
        CHECK_INT_EQ(sim_streams_place(s.workload, WL_LARGE, lay_geom(s.layout), n, s.pieces, 64), 0);
        int count[16] = { 0 };
        for (int i = 0; i < n; i++) {
            uint64_t at = wl_stream_cursor(s.workload, WL_LARGE, i);
            CHECK(at >= before[i]);
            CHECK(at - before[i] <= wl_stream_spacing(s.workload, WL_LARGE) / 4);
            int d = disk_of(&s, at);
            CHECK(d >= 0 && d < disks);
            if (d >= 0 && d < 16)
                count[d]++;
        }
        int lo = n, hi = 0;
        for (int d = 0; d < disks; d++) {
            lo = count[d] < lo ? count[d] : lo;
            hi = count[d] > hi ? count[d] : hi;
        }
        if (hi - lo > 1)
            CHECK_FAIL_AT("case %zu: starts per disk from %d to %d", c, lo, hi);
        setup_free(&s);
    }
}

/* Nothing to spread: one disk, or one stream, keeps the even start. */
static void one_disk_or_one_stream_should_keep_the_even_start(void)
{
    struct setup s;
    if (setup_make(&s, LAY_COARSE, 1, 512 * GiB, 8)) {
        uint64_t at = wl_stream_cursor(s.workload, WL_LARGE, 3);
        CHECK_INT_EQ(sim_streams_place(s.workload, WL_LARGE, lay_geom(s.layout), 8, s.pieces, 64), 0);
        CHECK(wl_stream_cursor(s.workload, WL_LARGE, 3) == at);
        setup_free(&s);
    }
    if (setup_make(&s, LAY_COARSE, 4, 512 * GiB, 1)) {
        uint64_t at = wl_stream_cursor(s.workload, WL_LARGE, 0);
        CHECK_INT_EQ(sim_streams_place(s.workload, WL_LARGE, lay_geom(s.layout), 1, s.pieces, 64), 0);
        CHECK(wl_stream_cursor(s.workload, WL_LARGE, 0) == at);
        setup_free(&s);
    }
}

/* Large MB/s of `streams` sequential streams of 128 KiB reads over `secs`
   on `disks` x `volume` on `instance`. */
static double seq_mbps(const char *instance, const char *volume, int disks,
                       int streams, int secs)
{
    struct sim_setup cfg = model_run_cfg(instance, volume, disks);
    cfg.run.point.auto_duration = false;
    cfg.run.point.duration_ns = secs * SIM_NS_PER_S;
    cfg.run.burst_credit_frac = 1.0;
    cfg.run.workload.write_pct = 0;
    cfg.run.workload.large_type = WL_LARGE_SEQ;
    cfg.run.matrix.run = WL_RUN_ADVANCED;
    cfg.run.matrix.matrix = WL_MATRIX_POINT;
    cfg.run.matrix.num_small = 0;
    cfg.run.matrix.num_large = streams;
    struct sim_run_result *r = NULL;
    char why[256] = "";
    if (sim_run(sim_setup_run(&cfg), NULL, NULL, &r, why, sizeof why) != 0) {
        CHECK_FAIL_AT("sim_run: %s", why);
        return 0;
    }
    double mbps = r->points[0].cls[WL_LARGE].mbps;
    sim_run_free(r);
    return mbps;
}

/* All streams on one disk, in step, left the others idle for seconds:
   8 streams on 2 x gp3 gave 1,288 MB/s over 5 s, 4 x st1 2 TiB with 16
   streams 1,597 against 1,926 over 60 s. */
static void a_short_point_should_measure_the_steady_state(void)
{
    const char *gp3 = "gp3:size=500GiB,iops=16000,throughput=1000MiB/s";
    static const struct { int disks, streams; } cases[] = { { 2, 8 }, { 4, 16 }, { 8, 32 } };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        double shrt = seq_mbps("r5b.24xlarge", gp3, cases[c].disks, cases[c].streams, 5);
        double lng = seq_mbps("r5b.24xlarge", gp3, cases[c].disks, cases[c].streams, 60);
        CHECK_NEAR_REL(shrt, lng, 0.02);
    }
    double shrt = seq_mbps("m5.24xlarge", "st1:size=2TiB", 4, 16, 5);
    double lng = seq_mbps("m5.24xlarge", "st1:size=2TiB", 4, 16, 60);
    CHECK_NEAR_REL(shrt, lng, 0.02);
}

int main(void)
{
    RUN(starts_should_spread_over_the_disks);
    RUN(one_disk_or_one_stream_should_keep_the_even_start);
    RUN(a_short_point_should_measure_the_steady_state);
    return check_done();
}
