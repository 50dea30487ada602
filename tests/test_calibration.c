/*
 * test_calibration.c - the model against published measurements.
 *
 * Each case is one of DOMAIN.md section 5 (C1..C16), run through the
 * same path as the command line (sim_run on modelled volumes).  Plateaus
 * of throughput and IOPS must agree within 5 %, average (and minimum)
 * latencies within 15 %, p99 and p99.99 within 20 %.  The shape is
 * checked too: throughput grows with the volume count until the instance
 * caps it.
 *
 * Every case names the profile of its time: the studies of C1-C6 ran on
 * gp3 as of 2023 (gp3-2023) and on the io2 of 2021 (io2-2021, C4), before
 * the rules changed (providers/ebs.c); C10-C12 on io2 Block Express.
 *
 * The QD 1 latency cases (C9-C11, C15, C16) run as their fio jobs do: one
 * job, one outstanding 4 KiB I/O on one volume, randread or randrw 50/50,
 * for 60 s (fio's runtime; enough I/Os for a p99.99).
 */
#include <stdlib.h>

#include "check.h"
#include "sim/core/run.h"
#include "sim/model/dev_model.h"
#include "sim/model/setup.h"

static struct sim_setup base_cfg(const char *instance, const char *volume)
{
    struct sim_setup cfg;
    char why[256];
    sim_setup_defaults(&cfg);
    if (prof_instance_find(instance, &cfg.instance, why, sizeof(why)) < 0)
        CHECK_FAIL_AT("instance %s: %s", instance, why);
    if (prof_volume_parse(volume, &cfg.volume, why, sizeof(why)) < 0)
        CHECK_FAIL_AT("volume %s: %s", volume, why);
    cfg.run.point.auto_duration = true;
    cfg.run.point.duration_ns = 60 * SIM_NS_PER_S;
    /* The published runs (DOMAIN.md section 5) are minutes long on fresh
       instances: C1's ~580 MB/s and C4's 18,905 IOPS on an m5.large are
       its 30-minute burst.  So every point starts with full buckets. */
    cfg.run.burst_credit_frac = 1.0;
    cfg.run.burst_carry = false;
    return cfg;
}

static struct sim_run_result *run_disks(struct sim_setup cfg, int disks)
{
    struct sim_run_result *r = NULL;
    char why[256] = "";
    cfg.run.disks = disks;
    int rc = sim_run(sim_setup_run(&cfg), NULL, NULL, &r, why, sizeof(why));
    if (rc != 0) {
        CHECK_FAIL_AT("sim_run(%d disks) = %d: %s", disks, rc, why);
        return NULL;
    }
    return r;
}

/* Maximum Large MBPS of a 100 % write large-I/O (dss) run. */
static double large_write_mbps(struct sim_setup cfg, int disks)
{
    cfg.run.workload.write_pct = 100;
    cfg.run.matrix.run = WL_RUN_DSS;
    struct sim_run_result *r = run_disks(cfg, disks);
    double mbps = r ? r->summary.max_large_mbps : 0;
    sim_run_free(r);
    return mbps;
}

#define GP3_4K_1000 "gp3-2023:size=125GiB,iops=4000,throughput=1000MiB/s"

static void c1_m5_large_gp3_levels_off_near_580_mbps(void)
{
    struct sim_setup cfg = base_cfg("m5.large", GP3_4K_1000);
    double one = large_write_mbps(cfg, 1);
    for (int n = 4; n <= 8; n++)
        CHECK_NEAR_REL(large_write_mbps(cfg, n), 580.0, 0.05);
    CHECK_LT(one, 0.95 * 580.0);
}

static void c2_r5b_24xlarge_gp3_rises_to_7300_mbps_at_16_volumes(void)
{
    struct sim_setup cfg = base_cfg("r5b.24xlarge", GP3_4K_1000);
    double at4 = large_write_mbps(cfg, 4);
    double at8 = large_write_mbps(cfg, 8);
    double at12 = large_write_mbps(cfg, 12);
    double at16 = large_write_mbps(cfg, 16);
    CHECK_NEAR_REL(at16, 7300.0, 0.05);
    CHECK(at4 < at8 && at8 < at12 && at12 <= at16);
    CHECK_LT(at8, 0.75 * at16);
}

static void c3_m5_24xlarge_and_r5b_8xlarge_level_off_near_2400_mbps(void)
{
    const char *inst[] = { "m5.24xlarge", "r5b.8xlarge" };
    for (int i = 0; i < 2; i++) {
        struct sim_setup cfg = base_cfg(inst[i], GP3_4K_1000);
        for (int n = 8; n <= 16; n += 4)
            CHECK_NEAR_REL(large_write_mbps(cfg, n), 2400.0, 0.05);
        CHECK_LT(large_write_mbps(cfg, 2), 0.8 * 2400.0);
    }
}

static void c4_m5_large_io2_small_writes_plateau_at_18905_iops(void)
{
    struct sim_setup cfg = base_cfg("m5.large", "io2-2021:size=100GiB,iops=7000");
    cfg.run.workload.write_pct = 100;
    cfg.run.matrix.run = WL_RUN_OLTP;
    for (int n = 4; n <= 16; n += 4) {
        struct sim_run_result *r = run_disks(cfg, n);
        if (!r)
            continue;
        CHECK_NEAR_REL(r->summary.max_small_iops, 18905.0, 0.05);
        CHECK_NEAR_REL(r->summary.min_small_lat_us, 600.0, 0.15);
        sim_run_free(r);
    }
    /* one volume is held by its own 7,000 IOPS, well under the plateau */
    struct sim_run_result *one = run_disks(cfg, 1);
    if (one)
        CHECK_NEAR_REL(one->summary.max_small_iops, 7000.0, 0.02);
    sim_run_free(one);
}

static void c5_t3_instances_with_8_gp3_plateau_near_335_mbps(void)
{
    const char *inst[] = { "t3.xlarge", "t3.2xlarge" };
    for (int i = 0; i < 2; i++)
        CHECK_NEAR_REL(large_write_mbps(base_cfg(inst[i], GP3_4K_1000), 8), 335.0, 0.05);
}

static void c6_m5_12xlarge_and_larger_with_8_gp2_level_at_1015_mbps(void)
{
    const char *inst[] = { "m5.12xlarge", "m5.16xlarge", "m5.24xlarge" };
    for (int i = 0; i < 3; i++)
        CHECK_NEAR_REL(large_write_mbps(base_cfg(inst[i], "gp2:size=125GiB"), 8),
                       1015.0, 0.05);
}

/* fio against one OCI volume: a single point, reads. */
static struct sim_run_result *oci_point(int small, int large, uint32_t small_bytes,
                                        uint32_t large_bytes)
{
    struct sim_setup cfg = base_cfg("oci-e4flex-8", "oci-higher:size=2048GB");
    cfg.run.workload.write_pct = 0;
    cfg.run.workload.small_bytes = small_bytes;
    cfg.run.workload.large_bytes = large_bytes;
    cfg.run.matrix.run = WL_RUN_ADVANCED;
    cfg.run.matrix.matrix = WL_MATRIX_POINT;
    cfg.run.matrix.num_small = small;
    cfg.run.matrix.num_large = large;
    return run_disks(cfg, 1);
}

static void c7_oci_higher_4k_randread_qd1024_reaches_50431_iops(void)
{
    struct sim_run_result *r = oci_point(1024, 0, 4096, 128 << 10);
    if (r)
        CHECK_NEAR_REL(r->summary.max_small_iops, 50431.0, 0.05);
    sim_run_free(r);
}

static void c8_oci_higher_256k_randread_qd256_reaches_560_mbps(void)
{
    struct sim_run_result *r = oci_point(0, 256, 4096, 256 << 10);
    if (r)
        CHECK_NEAR_REL(r->summary.max_large_mbps, 560.0, 0.05);
    sim_run_free(r);
}

static void c9_oci_higher_4k_randread_qd1_latency_avg_376_p99_603_us(void)
{
    struct sim_run_result *r = oci_point(1, 0, 4096, 128 << 10);
    if (r) {
        CHECK_NEAR_REL(r->points[0].cls[WL_SMALL].lat.avg_us, 376.0, 0.15);
        CHECK_NEAR_REL(r->points[0].cls[WL_SMALL].lat.p99_us, 603.0, 0.15);
    }
    sim_run_free(r);
}

/* fio's sequential reads, `jobs` streams of `qd` I/Os of `bytes` each,
   against one volume: ORION's large sequential class. */
static struct sim_run_result *seq_read_point(const char *instance, const char *volume,
                                             int jobs, int qd, uint32_t bytes)
{
    struct sim_setup cfg = base_cfg(instance, volume);
    cfg.run.workload.write_pct = 0;
    cfg.run.workload.large_bytes = bytes;
    cfg.run.workload.large_type = WL_LARGE_SEQ;
    cfg.run.point.stream_io = qd;
    cfg.run.matrix.run = WL_RUN_ADVANCED;
    cfg.run.matrix.matrix = WL_MATRIX_POINT;
    cfg.run.matrix.num_small = 0;
    cfg.run.matrix.num_large = jobs;
    return run_disks(cfg, 1);
}

static double point_iops(const struct sim_run_result *r)
{
    return r->points[0].cls[WL_LARGE].iops;
}

static double point_mbps(const struct sim_run_result *r)
{
    return r->points[0].cls[WL_LARGE].mbps;
}

static void c12_io2_4k_sequential_reads_do_not_merge_and_stop_at_50098_iops(void)
{
    struct sim_run_result *r = seq_read_point("c6g.12xlarge", "io2:size=2048GiB,iops=50000",
                                              4, 256, 4096);
    if (r) {
        CHECK_NEAR_REL(point_iops(r), 50098.0, 0.05);
        CHECK_NEAR_REL(point_mbps(r), 205.0, 0.05);
        /* The volume and the c6g.12xlarge both allow 50,000 IOPS: either
           may be named; merged I/O would have been held by bytes instead. */
        enum sim_limit by = r->points[0].limited_by;
        CHECK(by == SIM_LIMIT_VOLUME_IOPS || by == SIM_LIMIT_INSTANCE_IOPS);
    }
    sim_run_free(r);
}

static void c13_oci_higher_sequential_reads_merge_up_to_the_path_near_560_mbps(void)
{
    const char *vol = "oci-higher:size=2048GB";
    struct sim_run_result *small = seq_read_point("oci-e4flex-8", vol, 4, 256, 4096);
    struct sim_run_result *large = seq_read_point("oci-e4flex-8", vol, 4, 64, 256 << 10);
    if (small) {
        CHECK_NEAR_REL(point_iops(small), 138000.0, 0.05);
        CHECK_NEAR_REL(point_mbps(small), 563.0, 0.05);
        CHECK_STR_EQ(sim_limit_id(small->points[0].limited_by), sim_limit_id(SIM_LIMIT_ATTACH_PATH));
    }
    if (large)
        CHECK_NEAR_REL(point_mbps(large), 549.0, 0.05);
    sim_run_free(small);
    sim_run_free(large);
}

static void c14_oci_uhp_multipath_4k_sequential_reads_do_not_merge_304013_iops(void)
{
    struct sim_run_result *r = seq_read_point("oci-e4flex-24", "oci-uhp:size=2048GB,vpu=120",
                                              4, 256, 4096);
    if (r) {
        CHECK_NEAR_REL(point_iops(r), 304013.0, 0.05);
        CHECK_NEAR_REL(point_mbps(r), 1245.0, 0.05);
        CHECK_STR_EQ(sim_limit_id(r->points[0].limited_by), sim_limit_id(SIM_LIMIT_VOLUME_IOPS));
    }
    sim_run_free(r);
}

/* Issue 33's published ORION study: r5b.24xlarge, 16 x gp3 at 3,000 IOPS
   and 500 MiB/s, 128 KiB sequential writes, ~7,300 MB/s.  Without merging
   16 x 3,000 x 128 KiB = 6,291 MB/s is the most it could give: contiguous
   128 KiB writes merge into 256 KiB operations (providers/ebs.c), so the
   instance's 7,500 MB/s holds it instead. */
static void orion_study_16_gp3_at_3000_iops_seq_writes_merge_past_iops_to_7300_mbps(void)
{
    struct sim_setup cfg =
        base_cfg("r5b.24xlarge", "gp3-2023:size=1000GiB,iops=3000,throughput=500MiB/s");
    cfg.run.workload.large_type = WL_LARGE_SEQ;
    double at16 = large_write_mbps(cfg, 16);
    CHECK_NEAR_REL(at16, 7300.0, 0.05);
    CHECK_GT(at16, 16 * 3000 * 131072.0 / 1e6);
}

/* The same study, on the C10-C12 volume: io2 2048 GiB at 50,000 IOPS,
   fio 256 KiB random reads, 4 jobs x QD 64: 826 MB/s, io2's 16 KiB per
   provisioned IOPS (providers/ebs.c), not the instance's 1,781 MB/s. */
static void io2_50000_iops_256k_randread_holds_826_mbps_16kib_per_iops(void)
{
    struct sim_setup cfg = base_cfg("c6g.12xlarge", "io2:size=2048GiB,iops=50000");
    cfg.run.workload.write_pct = 0;
    cfg.run.workload.large_bytes = 256 << 10;
    cfg.run.matrix.run = WL_RUN_ADVANCED;
    cfg.run.matrix.matrix = WL_MATRIX_POINT;
    cfg.run.matrix.num_small = 0;
    cfg.run.matrix.num_large = 256;
    struct sim_run_result *r = run_disks(cfg, 1);
    if (r) {
        CHECK_NEAR_REL(r->summary.max_large_mbps, 826.0, 0.05);
        CHECK_STR_EQ(sim_limit_id(r->points[0].limited_by), sim_limit_id(SIM_LIMIT_VOLUME_TPUT));
    }
    sim_run_free(r);
}

/* fio 4 KiB at QD 1 on one volume for 60 s, write_pct % writes: the
   small class's latency per direction. */
static struct sim_run_result *qd1_point(const char *instance, const char *volume,
                                        int write_pct)
{
    struct sim_setup cfg = base_cfg(instance, volume);
    cfg.run.workload.write_pct = write_pct;
    cfg.run.workload.small_bytes = 4096;
    cfg.run.matrix.run = WL_RUN_ADVANCED;
    cfg.run.matrix.matrix = WL_MATRIX_POINT;
    cfg.run.matrix.num_small = 1;
    cfg.run.matrix.num_large = 0;
    cfg.run.point.auto_duration = false;
    cfg.run.point.duration_ns = 60 * SIM_NS_PER_S;
    return run_disks(cfg, 1);
}

static const struct sim_lat_summary *qd1_lat(const struct sim_run_result *r, enum sim_dir d)
{
    return &r->points[0].cls[WL_SMALL].lat_dir[d];
}

#define IO2BX_50K "io2:size=2048GiB,iops=50000"    /* io2 is Block Express */

static void c10_io2bx_on_c6g_4k_randread_qd1_avg_95_min_74_p99_117_p9999_155_us(void)
{
    struct sim_run_result *r = qd1_point("c6g.12xlarge", IO2BX_50K, 0);
    if (r) {
        const struct sim_lat_summary *l = qd1_lat(r, SIM_READ);
        CHECK_NEAR_REL(l->avg_us, 95.0, 0.15);
        CHECK_NEAR_REL(l->min_us, 74.0, 0.15);
        CHECK_NEAR_REL(l->p99_us, 117.0, 0.20);
        CHECK_NEAR_REL(l->p9999_us, 155.0, 0.20);
    }
    sim_run_free(r);
}

static void c11_io2bx_on_c6g_4k_randrw_qd1_read_109_p99_344_write_213_p99_243_us(void)
{
    struct sim_run_result *r = qd1_point("c6g.12xlarge", IO2BX_50K, 50);
    if (r) {
        const struct sim_lat_summary *rd = qd1_lat(r, SIM_READ), *wr = qd1_lat(r, SIM_WRITE);
        CHECK_NEAR_REL(rd->avg_us, 109.0, 0.15);
        CHECK_NEAR_REL(rd->p99_us, 344.0, 0.20);
        CHECK_NEAR_REL(wr->avg_us, 213.0, 0.15);
        CHECK_NEAR_REL(wr->p99_us, 243.0, 0.20);
    }
    sim_run_free(r);
}

static void c15_oci_uhp_4k_randread_qd1_avg_316_min_200_p99_529_us(void)
{
    struct sim_run_result *r = qd1_point("oci-e4flex-24", "oci-uhp:size=2048GB,vpu=120", 0);
    if (r) {
        const struct sim_lat_summary *l = qd1_lat(r, SIM_READ);
        CHECK_NEAR_REL(l->avg_us, 316.0, 0.15);
        CHECK_NEAR_REL(l->min_us, 200.0, 0.15);
        CHECK_NEAR_REL(l->p99_us, 529.0, 0.20);
    }
    sim_run_free(r);
}

static void c16_oci_higher_4k_randrw_qd1_read_355_p99_553_write_431_p99_619_us(void)
{
    struct sim_run_result *r = qd1_point("oci-e4flex-8", "oci-higher:size=2048GB", 50);
    if (r) {
        const struct sim_lat_summary *rd = qd1_lat(r, SIM_READ), *wr = qd1_lat(r, SIM_WRITE);
        CHECK_NEAR_REL(rd->avg_us, 355.0, 0.15);
        CHECK_NEAR_REL(rd->p99_us, 553.0, 0.20);
        CHECK_NEAR_REL(wr->avg_us, 431.0, 0.15);
        CHECK_NEAR_REL(wr->p99_us, 619.0, 0.20);
    }
    sim_run_free(r);
}


int main(void)
{
    RUN(c1_m5_large_gp3_levels_off_near_580_mbps);
    RUN(c2_r5b_24xlarge_gp3_rises_to_7300_mbps_at_16_volumes);
    RUN(c3_m5_24xlarge_and_r5b_8xlarge_level_off_near_2400_mbps);
    RUN(c4_m5_large_io2_small_writes_plateau_at_18905_iops);
    RUN(c5_t3_instances_with_8_gp3_plateau_near_335_mbps);
    RUN(c6_m5_12xlarge_and_larger_with_8_gp2_level_at_1015_mbps);
    RUN(c7_oci_higher_4k_randread_qd1024_reaches_50431_iops);
    RUN(c8_oci_higher_256k_randread_qd256_reaches_560_mbps);
    RUN(c9_oci_higher_4k_randread_qd1_latency_avg_376_p99_603_us);
    RUN(c12_io2_4k_sequential_reads_do_not_merge_and_stop_at_50098_iops);
    RUN(c13_oci_higher_sequential_reads_merge_up_to_the_path_near_560_mbps);
    RUN(c14_oci_uhp_multipath_4k_sequential_reads_do_not_merge_304013_iops);
    RUN(orion_study_16_gp3_at_3000_iops_seq_writes_merge_past_iops_to_7300_mbps);
    RUN(io2_50000_iops_256k_randread_holds_826_mbps_16kib_per_iops);
    RUN(c10_io2bx_on_c6g_4k_randread_qd1_avg_95_min_74_p99_117_p9999_155_us);
    RUN(c11_io2bx_on_c6g_4k_randrw_qd1_read_109_p99_344_write_213_p99_243_us);
    RUN(c15_oci_uhp_4k_randread_qd1_avg_316_min_200_p99_529_us);
    RUN(c16_oci_higher_4k_randrw_qd1_read_355_p99_553_write_431_p99_619_us);
    return check_done();
}
