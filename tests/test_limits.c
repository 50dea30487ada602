/*
 * test_limits.c - limited_by names the limit that binds, one case per kind
 * of limit, on modelled volumes.
 *
 * Each case builds a point where exactly one limit binds and checks the
 * point's limited_by, and, where a run gives a figure, the limit at the
 * point of that figure.  The cases include points at the edge, where the
 * offered load just reaches the limit: there the use of the limit must be
 * read over the measured window (engine.c, end_window), or the drain after
 * it dilutes a limit used at 100 % to below the binding threshold and the
 * point reads "offered load" (11 x gp3 of 4000 IOPS on an r5b.24xlarge:
 * 41,820 IOPS, 11 x 3,802, was "offered load").
 *
 * Also here, because they are limits: the rules that depend on how a
 * volume is attached (io2 Block Express off Nitro, the OCI shape's block
 * volume IOPS, the single iSCSI path) and on whether contiguous I/O merges,
 * one stream or several interleaved on a volume.
 */
#include <stdlib.h>

#include "check.h"
#include "sim/model/setup.h"
#include "tests/model_run.h"

/* model_run_cfg, with the window and burst state these cases assume */
static struct sim_setup cfg_for(const char *instance, const char *volume, int disks)
{
    struct sim_setup cfg = model_run_cfg(instance, volume, disks);
    cfg.run.point.duration_ns = 30 * SIM_NS_PER_S;
    cfg.run.burst_credit_frac = 1.0;
    cfg.run.burst_carry = false;
    return cfg;
}

/* One point: `small` random small I/Os of small_bytes, or `large` large
   I/Os of large_bytes (sequential streams when seq_qd > 0, seq_qd each). */
static struct sim_setup point_of(struct sim_setup cfg, int small, uint32_t small_bytes,
                                   int large, uint32_t large_bytes, int seq_qd)
{
    cfg.run.workload.write_pct = 0;
    cfg.run.workload.small_bytes = small_bytes;
    cfg.run.workload.large_bytes = large_bytes;
    if (seq_qd > 0) {
        cfg.run.workload.large_type = WL_LARGE_SEQ;
        cfg.run.point.stream_io = seq_qd;
    }
    cfg.run.matrix.run = WL_RUN_ADVANCED;
    cfg.run.matrix.matrix = WL_MATRIX_POINT;
    cfg.run.matrix.num_small = small;
    cfg.run.matrix.num_large = large;
    return cfg;
}

static struct sim_run_result *run(struct sim_setup cfg)
{
    struct sim_run_result *r = NULL;
    char why[256] = "";
    int rc = sim_run(sim_setup_run(&cfg), NULL, NULL, &r, why, sizeof why);
    if (rc != 0)
        CHECK_FAIL_AT("sim_run = %d: %s", rc, why);
    return rc == 0 ? r : NULL;
}

static void check_point_limit(struct sim_setup cfg, enum sim_limit want)
{
    struct sim_run_result *r = run(cfg);
    if (r)
        CHECK_STR_EQ(sim_limit_id(r->points[0].limited_by), sim_limit_id(want));
    sim_run_free(r);
}

static void instance_mbps_binds_eight_fast_volumes_on_m5_large(void)
{
    struct sim_setup c = cfg_for("m5.large", "gp3:size=125GiB,iops=4000,throughput=1000MiB/s", 8);
    check_point_limit(point_of(c, 0, 8192, 16, 128 << 10, 0),
                      SIM_LIMIT_INSTANCE_MBPS);
}

static void instance_iops_binds_four_io2_volumes_on_m5_large(void)
{
    struct sim_setup c = cfg_for("m5.large", "io2-2021:size=100GiB,iops=7000", 4);
    check_point_limit(point_of(c, 64, 8192, 0, 128 << 10, 0),
                      SIM_LIMIT_INSTANCE_IOPS);
}

static void oci_shape_block_volume_iops_bind_a_one_ocpu_shape(void)
{
    /* 1 OCPU = 1 Gbps = 20,000 block-volume IOPS, below the volume's 50,000 */
    struct sim_setup c = cfg_for("oci-e4flex-1", "oci-higher:size=2048GB", 1);
    struct sim_run_result *r = run(point_of(c, 256, 4096, 0, 128 << 10, 0));
    if (r) {
        CHECK_NEAR_REL(r->points[0].cls[WL_SMALL].iops, 20000.0, 0.02);
        CHECK_STR_EQ(sim_limit_id(r->points[0].limited_by), sim_limit_id(SIM_LIMIT_INSTANCE_IOPS));
    }
    sim_run_free(r);
}

static void volume_iops_binds_at_the_edge_of_the_offered_load(void)
{
    /* the case: every point of the OLTP run at 11 x 4,000 IOPS as
       delivered (41,8xx when gp3 delivered 0.95), the first of them where
       the load just reaches it */
    struct sim_setup c = cfg_for("r5b.24xlarge", "gp3:size=125GiB,iops=4000,throughput=1000MiB/s", 11);
    c.run.workload.write_pct = 100;
    c.run.matrix.run = WL_RUN_OLTP;
    struct sim_run_result *r = run(c);
    double limit = 11 * 4000.0 * c.volume.delivered_iops_frac;
    if (r) {
        CHECK_NEAR_REL(r->summary.max_small_iops, limit, 0.01);
        CHECK_STR_EQ(sim_limit_id(r->summary.max_small_limit), sim_limit_id(SIM_LIMIT_VOLUME_IOPS));
        for (int i = 0; i < r->n_points; i++)
            if (r->points[i].cls[WL_SMALL].iops > 0.99 * limit)
                CHECK_STR_EQ(sim_limit_id(r->points[i].limited_by),
                             sim_limit_id(SIM_LIMIT_VOLUME_IOPS));
    }
    sim_run_free(r);
}

static void volume_throughput_binds_large_reads_on_a_default_gp3(void)
{
    /* 125 MiB/s of 256 KiB reads is 500 operations, far below 3000 IOPS */
    struct sim_setup c = cfg_for("none", "gp3:size=250GiB", 1);
    check_point_limit(point_of(c, 0, 8192, 8, 256 << 10, 0),
                      SIM_LIMIT_VOLUME_TPUT);
    c.run.workload.write_pct = 100;
    c.run.matrix.run = WL_RUN_DSS;
    struct sim_run_result *r = run(c);
    if (r)
        CHECK_STR_EQ(sim_limit_id(r->summary.max_large_limit), sim_limit_id(SIM_LIMIT_VOLUME_TPUT));
    sim_run_free(r);
}

static void burst_credits_bind_an_empty_gp2(void)
{
    struct sim_setup c = cfg_for("none", "gp2:size=125GiB", 1);
    c.run.burst_credit_frac = 0;
    check_point_limit(point_of(c, 8, 8192, 0, 128 << 10, 0),
                      SIM_LIMIT_BURST_CREDITS);
}

static void offered_load_binds_one_outstanding_io(void)
{
    struct sim_setup c = cfg_for("m5.24xlarge", "gp3:size=250GiB", 1);
    check_point_limit(point_of(c, 1, 8192, 0, 128 << 10, 0),
                      SIM_LIMIT_OFFERED_LOAD);
}

static void attachment_path_binds_large_reads_on_oci_higher(void)
{
    /* 680 MB/s provisioned, 960 MB/s of shape: the one path's 560 binds */
    struct sim_setup c = cfg_for("oci-e4flex-8", "oci-higher:size=2048GB", 1);
    struct sim_run_result *r = run(point_of(c, 0, 4096, 64, 256 << 10, 0));
    if (r) {
        CHECK_NEAR_REL(r->points[0].cls[WL_LARGE].mbps, 560.0, 0.01);
        CHECK_STR_EQ(sim_limit_id(r->points[0].limited_by), sim_limit_id(SIM_LIMIT_ATTACH_PATH));
    }
    sim_run_free(r);
}

static void multipath_uhp_is_not_held_by_one_path(void)
{
    struct sim_setup c = cfg_for("oci-e4flex-24", "oci-uhp:size=2048GB,vpu=120", 1);
    struct sim_run_result *r = run(point_of(c, 0, 4096, 64, 256 << 10, 0));
    if (r) {
        CHECK_GT(r->points[0].cls[WL_LARGE].mbps, 2000.0);
        CHECK(r->points[0].limited_by != SIM_LIMIT_ATTACH_PATH);
    }
    sim_run_free(r);
}

static void io2_block_express_sequential_small_reads_count_every_io(void)
{
    /* no merging on io2 Block Express (C12): 4 KiB sequential reads stop
       at the IOPS */
    struct sim_setup c = cfg_for("c6g.12xlarge", "io2:size=250GiB,iops=6000", 1);
    struct sim_run_result *r = run(point_of(c, 0, 4096, 4, 4096, 64));
    if (r) {
        CHECK_NEAR_REL(r->points[0].cls[WL_LARGE].iops, 6000 * c.volume.delivered_iops_frac, 0.02);
        CHECK_STR_EQ(sim_limit_id(r->points[0].limited_by), sim_limit_id(SIM_LIMIT_VOLUME_IOPS));
    }
    sim_run_free(r);
}

static void ebs_gp3_sequential_small_reads_merge_into_256k_operations(void)
{
    /* AWS: EBS "attempts to merge" contiguous small I/O up to 256 KiB: 6,000
       operations of 256 KiB pass 500 MiB/s, so the throughput holds
       4 KiB sequential reads at 128,000 IOPS, far above the 6,000 */
    struct sim_setup c = cfg_for("c6g.12xlarge", "gp3:size=250GiB,iops=6000,throughput=500MiB/s", 1);
    struct sim_run_result *r = run(point_of(c, 0, 4096, 4, 4096, 64));
    if (r) {
        CHECK_NEAR_REL(r->points[0].cls[WL_LARGE].mbps, 500 * 1.048576 * c.volume.delivered_tput_frac,
                       0.02);
        CHECK_STR_EQ(sim_limit_id(r->points[0].limited_by), sim_limit_id(SIM_LIMIT_VOLUME_TPUT));
    }
    sim_run_free(r);
}

static void oci_single_path_sequential_small_reads_merge(void)
{
    /* merged into 256 KiB operations, the IOPS limit (50,000) does not bind */
    struct sim_setup c = cfg_for("oci-e4flex-8", "oci-higher:size=2048GB", 1);
    struct sim_run_result *r = run(point_of(c, 0, 4096, 4, 4096, 256));
    if (r) {
        CHECK_GT(r->points[0].cls[WL_LARGE].iops, 100000.0);
        CHECK_STR_EQ(sim_limit_id(r->points[0].limited_by), sim_limit_id(SIM_LIMIT_ATTACH_PATH));
    }
    sim_run_free(r);
}

/* A fixed window of secs (virtual): the steady state, which an auto
   window of a few tens of ms, still near the point's ordered start, may
   not reach. */
static struct sim_setup fixed_window(struct sim_setup cfg, int secs)
{
    cfg.run.point.auto_duration = false;
    cfg.run.point.duration_ns = secs * SIM_NS_PER_S;
    return cfg;
}

static void oci_interleaved_sequential_streams_each_merge(void)
{
    /* C13 as fio ran it, 4 jobs x QD 256 4 KiB sequential reads, over 10 s:
       once the streams' completions interleave, each stream must still
       merge with its own run (138,000 IOPS measured, held by the path's
       560 MB/s); following only the last I/O on the volume fell to the
       50,000 IOPS limit (79,800 IOPS with the merges left) */
    struct sim_setup c = cfg_for("oci-e4flex-8", "oci-higher:size=2048GB", 1);
    struct sim_run_result *r = run(fixed_window(point_of(c, 0, 4096, 4, 4096, 256), 10));
    if (r) {
        CHECK_NEAR_REL(r->points[0].cls[WL_LARGE].mbps, 560.0, 0.01);
        CHECK_STR_EQ(sim_limit_id(r->points[0].limited_by), sim_limit_id(SIM_LIMIT_ATTACH_PATH));
    }
    sim_run_free(r);
}

/* Large MB/s of `streams` sequential streams of 4 x 128 KiB reads on
   `disks` x st1 500 GiB, full buckets, over 30 s. */
static double st1_streams_mbps(int disks, int streams)
{
    struct sim_setup c = cfg_for("none", "st1:size=500GiB", disks);
    struct sim_run_result *r = run(fixed_window(point_of(c, 0, 8192, streams, 128 << 10, 4), 30));
    double mbps = r ? r->points[0].cls[WL_LARGE].mbps : 0;
    if (r)
        CHECK_STR_EQ(sim_limit_id(r->points[0].limited_by), sim_limit_id(SIM_LIMIT_VOLUME_TPUT));
    sim_run_free(r);
    return mbps;
}

static void hdd_interleaved_sequential_streams_each_merge(void)
{
    /* st1 charges an I/O a 1 MiB unit after merging (DOMAIN.md 4): one
       stream of 128 KiB reads merges 8 to a unit and bursts at the
       volume's throughput; 4 streams on one volume, and 16 over 4 (ASM
       coarse striping), must too, not pay a unit per 128 KiB (16 MB/s) */
    /* 500 GiB: burst 250 MiB/s per TiB, 128 MB/s */
    double burst = 250 * 1.048576 * 500 / 1024 *
                   cfg_for("none", "st1:size=500GiB", 1).volume.delivered_tput_frac;
    double one = st1_streams_mbps(1, 1);
    CHECK_NEAR_REL(one, burst, 0.04);
    CHECK_NEAR_REL(st1_streams_mbps(1, 4), burst, 0.02);
    CHECK_NEAR_REL(st1_streams_mbps(4, 16), 4 * burst, 0.02);
    /* and many: a list of the last 32 runs broke every stream past the
       32nd (48 streams: 60 MB/s), a hash without a full mix 27 % of the
       runs of 16 */
    CHECK_NEAR_REL(st1_streams_mbps(1, 16), burst, 0.02);
    CHECK_NEAR_REL(st1_streams_mbps(1, 64), burst, 0.02);
}

static void burst_credits_bind_volumes_a_load_keeps_near_empty(void)
{
    /* 8 sequential streams over 4 x st1 2000 GiB from empty buckets: each
       volume runs at its base (4 x 81.9 MB/s) while the streams move from
       disk to disk, and each idle instant earns its bucket a crumb of
       credit; read against the burst rate of that instant, volumes held
       at their base all along counted as used at 16 %, and the point as
       bound by the offered load */
    struct sim_setup c = cfg_for("none", "st1:size=2000GiB", 4);
    c.run.burst_credit_frac = 0.0;
    for (int streams = 4; streams <= 8; streams += 4) {
        struct sim_run_result *r =
            run(fixed_window(point_of(c, 0, 8192, streams, 128 << 10, 4), 20));
        if (r) {
            CHECK_NEAR_REL(r->points[0].cls[WL_LARGE].mbps,
                           4 * 81.92 * c.volume.delivered_tput_frac, 0.03);
            CHECK_STR_EQ(sim_limit_id(r->points[0].limited_by),
                         sim_limit_id(SIM_LIMIT_BURST_CREDITS));
        }
        sim_run_free(r);
    }
}

/* The burst of 16 sequential streams over 4 x st1 2 TiB on m5.4xlarge
   (577 MB/s, the instance's): each volume's bucket of 2 TiB drains at
   577 / 4 MB/s less the 80 MiB/s it earns, so it lasts
   2^41 / (144.3e6 - 83.9e6) s = 10.1 h from full.  The projection must
   come from the volumes' long-run share, the mean, not from whichever
   volume the streams happened to crowd in a short window (7.2 h over an
   auto window of 1.2 s, 9.4 h over 60 s). */
static void burst_projection_should_not_follow_a_short_window(void)
{
    struct sim_setup c = cfg_for("m5.4xlarge", "st1:size=2TiB", 4);
    for (int secs = 0; secs <= 60; secs += 60) {
        struct sim_setup pc = point_of(c, 0, 8192, 16, 128 << 10, 4);
        if (secs > 0)
            pc = fixed_window(pc, secs);
        struct sim_run_result *r = run(pc);
        if (!r)
            continue;
        const struct sim_point_burst *b = &r->points[0].burst;
        double bucket = 2048.0 * (1ull << 30), drain = r->points[0].cls[WL_LARGE].mbps * 1e6 / 4 -
                                                       c.volume.delivered_tput_frac * 80 * (1 << 20);
        CHECK(b->drawn && !b->ran_out);
        CHECK_NEAR_REL(b->lasts_s, bucket / drain, 0.05);
        sim_run_free(r);
    }
}

static void io2_block_express_gives_32000_iops_off_nitro(void)
{
    /* m4.16xlarge (Xen) allows 65,000 IOPS; io2 on it at most 32,000 */
    const char *vol = "io2:size=1024GiB,iops=64000";
    struct sim_setup xen = cfg_for("m4.16xlarge", vol, 1);
    struct sim_run_result *r = run(point_of(xen, 256, 4096, 0, 128 << 10, 0));
    if (r) {
        CHECK_NEAR_REL(r->points[0].cls[WL_SMALL].iops, 32000 * 0.995, 0.02);
        CHECK_STR_EQ(sim_limit_id(r->points[0].limited_by), sim_limit_id(SIM_LIMIT_VOLUME_IOPS));
    }
    sim_run_free(r);
    struct sim_setup nitro = cfg_for("m5.24xlarge", vol, 1);
    r = run(point_of(nitro, 256, 4096, 0, 128 << 10, 0));
    if (r)
        CHECK_NEAR_REL(r->points[0].cls[WL_SMALL].iops, 64000 * 0.995, 0.02);
    sim_run_free(r);
}

int main(void)
{
    RUN(instance_mbps_binds_eight_fast_volumes_on_m5_large);
    RUN(instance_iops_binds_four_io2_volumes_on_m5_large);
    RUN(oci_shape_block_volume_iops_bind_a_one_ocpu_shape);
    RUN(volume_iops_binds_at_the_edge_of_the_offered_load);
    RUN(volume_throughput_binds_large_reads_on_a_default_gp3);
    RUN(burst_credits_bind_an_empty_gp2);
    RUN(offered_load_binds_one_outstanding_io);
    RUN(attachment_path_binds_large_reads_on_oci_higher);
    RUN(multipath_uhp_is_not_held_by_one_path);
    RUN(io2_block_express_sequential_small_reads_count_every_io);
    RUN(ebs_gp3_sequential_small_reads_merge_into_256k_operations);
    RUN(oci_single_path_sequential_small_reads_merge);
    RUN(oci_interleaved_sequential_streams_each_merge);
    RUN(hdd_interleaved_sequential_streams_each_merge);
    RUN(burst_credits_bind_volumes_a_load_keeps_near_empty);
    RUN(burst_projection_should_not_follow_a_short_window);
    RUN(io2_block_express_gives_32000_iops_off_nitro);
    return check_done();
}
