/*
 * test_latency.c - the service-time parameters of every volume type, per
 * direction and platform (sim/profiles/profiles_latency.c and the rows of
 * sim/profiles/providers/), against the
 * provider statements they are derived from.  The published measurements
 * they are fitted to are checked end to end in test_calibration.c.
 *
 * The service time of one I/O no limit delays is
 *   floor + median x exp(sigma x Z) [x tail factor] + size / xfer
 * (profiles.h), so below the tail its q-quantile is
 *   floor + median x exp(z_q x sigma) + size / xfer,
 * its mean floor + median x exp(sigma^2 / 2) x (1 + p x (mid factor - 1))
 * + size / xfer, and P(service > x) is computed here from the same
 * mixture, integrating the uniform tail factor numerically.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "check.h"
#include "sim/core/run.h"
#include "sim/model/dev_model.h"
#include "sim/model/setup.h"
#include "sim/profiles/profiles_internal.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define MS 1e6                  /* ns */
#define US 1e3                  /* ns */
#define Z_P99 2.326

enum { RD = 0, WR = 1 };

static struct vol_profile must_parse(const char *spec)
{
    struct vol_profile v;
    char why[256] = "";
    if (prof_volume_parse(spec, &v, why, sizeof why) < 0)
        CHECK_FAIL_AT("prof_volume_parse(%s): %s", spec, why);
    return v;
}

static struct inst_profile must_find(const char *name)
{
    struct inst_profile in;
    char why[256] = "";
    if (prof_instance_find(name, &in, why, sizeof why) < 0)
        CHECK_FAIL_AT("prof_instance_find(%s): %s", name, why);
    return in;
}

static double q_ns(const struct prof_latency *l, int dir, double z, double bytes)
{
    const struct prof_dir_latency *d = &l->dir[dir];
    return d->floor_ns + d->median_ns * exp(z * d->sigma) + bytes / l->xfer_bytes_per_s;
}

static double mean_ns(const struct prof_latency *l, int dir, double bytes)
{
    const struct prof_dir_latency *d = &l->dir[dir];
    double tail_mid = (d->tail_min_mult + d->tail_max_mult) / 2;
    return d->floor_ns +
           d->median_ns * exp(d->sigma * d->sigma / 2) * (1 + d->tail_prob * (tail_mid - 1)) +
           bytes / l->xfer_bytes_per_s;
}

/* P(lognormal part > y), y in ns. */
static double spread_above(const struct prof_dir_latency *d, double y)
{
    if (y <= 0)
        return 1;
    return 0.5 * erfc(log(y / d->median_ns) / d->sigma / sqrt(2.0));
}

/* P(service > x) of a 4 KiB I/O in direction dir. */
static double p_above(const struct prof_latency *l, int dir, double x_ns)
{
    const struct prof_dir_latency *d = &l->dir[dir];
    double y = x_ns - d->floor_ns - 4096 / l->xfer_bytes_per_s;
    double tail = 0;
    for (int i = 0; i < 256; i++) {
        double t = d->tail_min_mult + (d->tail_max_mult - d->tail_min_mult) * (i + 0.5) / 256;
        tail += spread_above(d, y / t) / 256;
    }
    return (1 - d->tail_prob) * spread_above(d, y) + d->tail_prob * tail;
}

static void every_type_should_have_a_well_formed_latency_per_direction(void)
{
    for (int t = 0; t < prof_volume_type_count(); t++) {
        struct vol_profile v = must_parse(prof_volume_type_name(t));
        for (int dir = 0; dir < 2; dir++) {
            const struct prof_dir_latency *d = &v.lat.dir[dir];
            CHECK_GE(d->floor_ns, 0);
            CHECK_GT(d->median_ns, 0);
            CHECK_GT(d->sigma, 0);
            CHECK_GE(d->tail_prob, 0);
            CHECK_LT(d->tail_prob, 0.05);              /* a tail, not a mode */
            CHECK_GE(d->tail_min_mult, 1);
            CHECK_GE(d->tail_max_mult, d->tail_min_mult);
        }
        CHECK_GT(v.lat.xfer_bytes_per_s, 0);
        CHECK_GE(v.lat.raw_prob, 0);
        CHECK_LT(v.lat.raw_prob, 1);
    }
}

static void latency_should_grow_with_io_size(void)
{
    for (int t = 0; t < prof_volume_type_count(); t++) {
        struct vol_profile v = must_parse(prof_volume_type_name(t));
        for (int dir = 0; dir < 2; dir++)
            CHECK_GT(q_ns(&v.lat, dir, 0, 1024 * 1024), q_ns(&v.lat, dir, 0, 4096));
    }
}

static void gp2_gp3_io1_io2_latency_should_be_single_digit_ms(void)
{
    static const char *const types[] = { "gp2", "gp3", "io1", "io2" };
    for (size_t i = 0; i < N(types); i++) {
        struct vol_profile v = must_parse(types[i]);
        /* AWS: "single-digit millisecond" latency, for small I/O and a
           full 256 KiB I/O unit, median and p99, and the tail's worst */
        double sizes[] = { 4096, 256 * 1024 };
        for (size_t s = 0; s < N(sizes); s++)
            for (int dir = 0; dir < 2; dir++) {
                CHECK_LT(q_ns(&v.lat, dir, 0, sizes[s]), 10 * MS);
                CHECK_LT(q_ns(&v.lat, dir, Z_P99, sizes[s]), 10 * MS);
            }
        for (int dir = 0; dir < 2; dir++)
            CHECK_LT(p_above(&v.lat, dir, 10 * MS), 1e-6);
    }
}

static void earlier_io2_and_io1_writes_should_take_about_0_6_ms_as_c4_measured(void)
{
    /* C4: m5.large + io2 of 2021 (io1 rules), latency ~0.6 ms */
    static const char *const types[] = { "io1", "io2-2021" };
    for (size_t i = 0; i < N(types); i++) {
        struct prof_latency l;
        CHECK_INT_EQ(prof_type_latency(types[i], PROF_PLATFORM_ANY, &l), 0);
        CHECK_NEAR_REL(q_ns(&l, WR, 0, 4096), 0.6 * MS, 0.15);
    }
}

static void io2bx_should_be_sub_ms_under_500_us_at_16_kib_and_faster_than_io2(void)
{
    struct vol_profile bx = must_parse("io2bx"), io2 = must_parse("io2-2021");
    for (int dir = 0; dir < 2; dir++) {
        /* AWS: "sub-millisecond"; "average latency under 500 us for 16 KiB" */
        CHECK_LT(q_ns(&bx.lat, dir, Z_P99, 4096), 1 * MS);
        CHECK_LT(mean_ns(&bx.lat, dir, 16384), 500 * US);
        double sizes[] = { 4096, 256 * 1024, 1024 * 1024 };
        for (size_t s = 0; s < N(sizes); s++)
            CHECK_LT(q_ns(&bx.lat, dir, 0, sizes[s]), q_ns(&io2.lat, dir, 0, sizes[s]));
    }
}

static void gp_should_have_over_ten_times_io2bx_ios_above_800_us(void)
{
    /* AWS: io2 Block Express reduces "the frequency of I/Os exceeding
       800 microseconds by over 10 times" against General Purpose volumes;
       the measured gp rows (providers/ebs.c, M2, M5) put it far over */
    struct vol_profile bx = must_parse("io2bx");
    static const char *const gp[] = { "gp2", "gp3" };
    for (size_t i = 0; i < N(gp); i++) {
        struct vol_profile v = must_parse(gp[i]);
        for (int dir = 0; dir < 2; dir++) {
            double ratio = p_above(&v.lat, dir, 800 * US) / p_above(&bx.lat, dir, 800 * US);
            CHECK_GT(ratio, 10);
        }
    }
}

static void io2bx_should_be_sub_ms_only_on_nitro(void)
{
    struct vol_profile bx = must_parse("io2bx:size=2048GiB,iops=50000");
    struct prof_latency nitro, xen, earlier;
    struct inst_profile c6g = must_find("c6g.12xlarge"), m4 = must_find("m4.large");
    prof_volume_latency(&bx, &c6g, &nitro);
    prof_volume_latency(&bx, &m4, &xen);
    CHECK_INT_EQ(prof_type_latency("io2-2021", PROF_PLATFORM_ANY, &earlier), 0);
    CHECK_NEAR_REL(nitro.dir[RD].median_ns, bx.lat.dir[RD].median_ns, 1e-12);
    /* AWS: Block Express (and its latency) needs a Nitro instance */
    for (int dir = 0; dir < 2; dir++) {
        CHECK_NEAR_REL(q_ns(&xen, dir, 0, 4096), q_ns(&earlier, dir, 0, 4096), 1e-12);
        CHECK_GT(q_ns(&xen, dir, 0, 4096), 2 * q_ns(&nitro, dir, 0, 4096));
    }
    /* types with no platform row are the same everywhere */
    struct vol_profile gp3 = must_parse("gp3");
    struct prof_latency on_m4;
    prof_volume_latency(&gp3, &m4, &on_m4);
    CHECK_NEAR_REL(on_m4.dir[WR].median_ns, gp3.lat.dir[WR].median_ns, 1e-12);
}

/* Average 4 KiB read latency of volume on instance at QD 1, modelled. */
static double qd1_read_avg_us(const char *instance, const char *volume)
{
    struct sim_setup cfg;
    struct sim_run_result *r = NULL;
    char why[256] = "";
    sim_setup_defaults(&cfg);
    cfg.instance = must_find(instance);
    cfg.volume = must_parse(volume);
    cfg.run.disks = 1;
    cfg.run.workload.write_pct = 0;
    cfg.run.workload.small_bytes = 4096;
    cfg.run.matrix.run = WL_RUN_ADVANCED;
    cfg.run.matrix.matrix = WL_MATRIX_POINT;
    cfg.run.matrix.num_small = 1;
    cfg.run.matrix.num_large = 0;
    cfg.run.point.auto_duration = false;
    cfg.run.point.duration_ns = 2 * SIM_NS_PER_S;
    if (sim_run(sim_setup_run(&cfg), NULL, NULL, &r, why, sizeof why) != 0) {
        CHECK_FAIL_AT("sim_run(%s, %s): %s", instance, volume, why);
        return 0;
    }
    double avg = r->points[0].cls[WL_SMALL].lat_dir[SIM_READ].avg_us;
    sim_run_free(r);
    return avg;
}

static void the_model_should_serve_io2bx_sub_ms_on_nitro_and_as_earlier_io2_on_xen(void)
{
    const char *bx = "io2bx:size=2048GiB,iops=20000";
    CHECK_LT(qd1_read_avg_us("m5.large", bx), 150);
    CHECK_GT(qd1_read_avg_us("m4.large", bx), 300);    /* io1's read, ~377 us */
}

static void instance_platform_should_follow_the_ec2_family(void)
{
    static const char *const xen[] = { "m4.large", "c4.xlarge", "r4.large", "i3.large" };
    static const char *const nitro[] = { "m5.large", "c6g.12xlarge", "t3.xlarge", "i3en.large",
                                         "r5b.24xlarge" };
    for (size_t i = 0; i < N(xen); i++) {
        struct inst_profile in = must_find(xen[i]);
        CHECK_INT_EQ(in.platform, PROF_PLATFORM_XEN);
    }
    for (size_t i = 0; i < N(nitro); i++) {
        struct inst_profile in = must_find(nitro[i]);
        CHECK_INT_EQ(in.platform, PROF_PLATFORM_NITRO);
    }
    struct inst_profile oci = must_find("oci-e4flex-8"), none = must_find("none");
    CHECK_INT_EQ(oci.platform, PROF_PLATFORM_ANY);
    CHECK_INT_EQ(none.platform, PROF_PLATFORM_ANY);
    CHECK_STR_EQ(prof_platform_name(PROF_PLATFORM_XEN), "xen");
    CHECK_STR_EQ(prof_platform_name(PROF_PLATFORM_NITRO), "nitro");
}

static void a_dated_rule_set_should_take_its_types_latency(void)
{
    struct prof_latency gp3, dated;
    CHECK_INT_EQ(prof_type_latency("gp3", PROF_PLATFORM_ANY, &gp3), 0);
    CHECK_INT_EQ(prof_type_latency("gp3-2023", PROF_PLATFORM_ANY, &dated), 0);
    CHECK_NEAR_REL(dated.dir[RD].median_ns, gp3.dir[RD].median_ns, 1e-12);
    CHECK_INT_EQ(prof_type_latency("nosuchtype", PROF_PLATFORM_ANY, &dated), -ENOENT);
}

static void writes_should_be_slower_than_reads_on_network_volumes(void)
{
    /* C11 (io2 Block Express) and C16 (OCI): a write is acknowledged
       after its replica, so it is the slower direction */
    static const char *const types[] = { "io2bx", "oci-balanced", "oci-higher", "oci-uhp" };
    for (size_t i = 0; i < N(types); i++) {
        struct vol_profile v = must_parse(types[i]);
        CHECK_GT(mean_ns(&v.lat, WR, 4096), mean_ns(&v.lat, RD, 4096));
    }
}

static void st1_sc1_reads_should_take_hdd_seek_times_in_ms(void)
{
    static const char *const hdd[] = { "st1", "sc1" };
    for (size_t i = 0; i < N(hdd); i++) {
        struct vol_profile v = must_parse(hdd[i]);
        double rd = q_ns(&v.lat, RD, 0, 4096);
        CHECK_GE(rd, 1 * MS);
        CHECK_LT(rd, 10 * MS);
        CHECK_GE(q_ns(&v.lat, WR, 0, 4096), 1 * MS);
        for (int t = 0; t < prof_volume_type_count(); t++) {
            struct vol_profile s = must_parse(prof_volume_type_name(t));
            if (s.media == PROF_SSD)
                CHECK_GT(rd, q_ns(&s.lat, RD, 0, 4096));
        }
    }
    struct vol_profile st1 = must_parse("st1"), sc1 = must_parse("sc1");
    CHECK_GE(sc1.lat.dir[RD].median_ns, st1.lat.dir[RD].median_ns);
    CHECK_LE(sc1.lat.xfer_bytes_per_s, st1.lat.xfer_bytes_per_s);
}

static void oci_lower_should_be_no_faster_than_balanced(void)
{
    struct vol_profile lo = must_parse("oci-lower"), bal = must_parse("oci-balanced");
    for (int dir = 0; dir < 2; dir++)
        CHECK_GE(q_ns(&lo.lat, dir, 0, 4096), q_ns(&bal.lat, dir, 0, 4096));
}

static void local_nvme_should_be_well_under_1_ms_and_beat_every_network_volume(void)
{
    struct vol_profile n = must_parse("local-nvme");
    for (int dir = 0; dir < 2; dir++) {
        CHECK_LT(q_ns(&n.lat, dir, Z_P99, 4096), 0.5 * MS);
        for (int t = 0; t < prof_volume_type_count(); t++) {
            struct vol_profile v = must_parse(prof_volume_type_name(t));
            if (strcmp(v.type, "local-nvme") != 0)
                CHECK_LT(q_ns(&n.lat, dir, 0, 4096), q_ns(&v.lat, dir, 0, 4096));
        }
    }
}

int main(void)
{
    RUN(every_type_should_have_a_well_formed_latency_per_direction);
    RUN(latency_should_grow_with_io_size);
    RUN(gp2_gp3_io1_io2_latency_should_be_single_digit_ms);
    RUN(earlier_io2_and_io1_writes_should_take_about_0_6_ms_as_c4_measured);
    RUN(io2bx_should_be_sub_ms_under_500_us_at_16_kib_and_faster_than_io2);
    RUN(gp_should_have_over_ten_times_io2bx_ios_above_800_us);
    RUN(io2bx_should_be_sub_ms_only_on_nitro);
    RUN(the_model_should_serve_io2bx_sub_ms_on_nitro_and_as_earlier_io2_on_xen);
    RUN(instance_platform_should_follow_the_ec2_family);
    RUN(a_dated_rule_set_should_take_its_types_latency);
    RUN(writes_should_be_slower_than_reads_on_network_volumes);
    RUN(st1_sc1_reads_should_take_hdd_seek_times_in_ms);
    RUN(oci_lower_should_be_no_faster_than_balanced);
    RUN(local_nvme_should_be_well_under_1_ms_and_beat_every_network_volume);
    return check_done();
}
