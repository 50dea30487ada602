/*
 * test_model_groups.c - several volume types on one modelled instance
 * (struct dev_model_cfg's vol_groups, dev_model.c "Volume groups").
 *
 * The cases drive the model backend directly, through dev_open and its
 * hooks, with a closed loop of 8 KiB random reads kept outstanding on
 * chosen disks: the engine and a layout would spread the load over every
 * disk, and these cases are about which disks take it.  The set is the
 * issue's: 2 x gp3 (3,000 IOPS each, disks 0-1) and 2 x io2 at 16,000
 * IOPS (disks 2-3) on an r6i.4xlarge, whose EBS IOPS are 20,000 at base
 * and 40,000 in its burst.  Each volume is held at its own type's limit,
 * the instance's limit holds them all, a gp2 group alone has buckets,
 * and a group's latency is its type's as in a set of that type alone.
 */
#include <errno.h>
#include <string.h>

#include "check.h"
#include "sim/model/dev_model.h"

#define KIB_8 8192u
#define QD_PER_DISK 16
#define WARM_NS (500 * SIM_NS_PER_MS)
#define END_NS (3 * SIM_NS_PER_S)

struct set {
    struct vol_profile vol[DEV_MODEL_MAX_GROUPS];
    struct inst_profile inst;
    struct dev_model_cfg mc;
    struct devset ds;
};

/* Open a set of groups: specs[i] on disks[i] volumes (n 0: one volume
   spec[0] for disks[0] disks, the single-type configuration). */
static int set_open(struct set *s, const char *instance, int n, const char *const *specs,
                    const int *disks, double credit_frac, char *why, size_t why_len)
{
    memset(s, 0, sizeof *s);
    int total = 0;
    if (prof_instance_find(instance, &s->inst, why, why_len) != 0)
        return -EINVAL;
    for (int i = 0; i < (n > 0 ? n : 1); i++) {
        if (prof_volume_parse(specs[i], &s->vol[i], why, why_len) != 0)
            return -EINVAL;
        s->mc.vol_groups[i] = (struct dev_model_vol_group){ &s->vol[i], disks[i] };
        total += disks[i];
    }
    s->mc.volume = n > 0 ? NULL : &s->vol[0];
    s->mc.n_vol_groups = n;
    s->mc.instance = &s->inst;
    s->mc.burst_credit_frac = credit_frac;
    struct devset_cfg dc = {
        .disks = total, .backend_cfg = &s->mc, .seed = 42,
        .max_outstanding = QD_PER_DISK * total, .max_io_bytes = 1 << 20,
        .io_align_bytes = 512, .even_load = true,
    };
    return dev_open(&s->ds, &dev_model_ops, &dc, why, why_len);
}

/* What a closed loop on disks [first, first + n) measured after the
   warm-up: IOPS, mean latency and the completion times' sum (a
   fingerprint of the exact sequence). */
struct loop_result {
    double iops;
    double mean_lat_us;
    uint64_t done_sum_ns;
    struct dev_limits lim;
};

/* The next read on `disk`: each disk keeps its own I/Os outstanding,
   so a slow volume does not hold the others' share back. */
static void submit_one(struct set *s, struct sim_io *io, int disk, uint64_t *k)
{
    uint64_t i = (*k)++;
    *io = (struct sim_io){
        .offset_bytes = (i * 7919u % 100000u) * KIB_8,
        .size_bytes = KIB_8,
        .disk = (uint16_t)disk,
    };
    struct sim_io *p = io;
    CHECK_INT_EQ(s->ds.ops->submit(&s->ds, &p, 1), 1);
}

/* Let every I/O in flight complete: they point into the caller's
   frame, which the next loop on the set must not see written. */
static void drain(struct set *s)
{
    struct sim_io *done[64];
    while (s->ds.ops->reap(&s->ds, done, 64, SIM_NS_MAX) > 0)
        ;
}

static struct loop_result closed_loop(struct set *s, int first, int n, int qd_per_disk)
{
    enum { MAXQ = 64 };
    struct sim_io ios[MAXQ], *done[MAXQ];
    struct loop_result r = { 0 };
    uint64_t k = 0, count = 0;
    double lat_sum_ns = 0;
    int q = qd_per_disk * n < MAXQ ? qd_per_disk * n : MAXQ;
    bool measuring = false;
    sim_ns start = s->ds.ops->now(&s->ds);
    s->ds.ops->credit->settle(&s->ds);
    for (int i = 0; i < q; i++)
        submit_one(s, &ios[i], first + i % n, &k);
    for (;;) {
        int got = s->ds.ops->reap(&s->ds, done, MAXQ, SIM_NS_MAX);
        if (got <= 0 || s->ds.ops->now(&s->ds) >= start + END_NS)
            break;
        if (!measuring && s->ds.ops->now(&s->ds) >= start + WARM_NS) {
            measuring = true;
            s->ds.ops->credit->limits(&s->ds, NULL, true);
        }
        for (int j = 0; j < got; j++) {
            if (measuring) {
                count++;
                lat_sum_ns += (double)(done[j]->done_ns - done[j]->submit_ns);
                r.done_sum_ns += (uint64_t)done[j]->done_ns;
            }
            submit_one(s, done[j], done[j]->disk, &k);
        }
    }
    s->ds.ops->credit->limits(&s->ds, &r.lim, false);
    r.iops = (double)count / ((double)(s->ds.ops->now(&s->ds) - start - WARM_NS) / 1e9);
    drain(s);
    r.mean_lat_us = count ? lat_sum_ns / (double)count / 1e3 : 0;
    return r;
}

static const char *const MIXED[] = { "gp3:size=100GiB", "io2:size=200GiB,iops=16000" };
static const int MIXED_DISKS[] = { 2, 2 };

static bool open_mixed(struct set *s, double credit_frac)
{
    char why[256] = "";
    int rc = set_open(s, "r6i.4xlarge", 2, MIXED, MIXED_DISKS, credit_frac, why, sizeof why);
    if (rc != 0)
        CHECK_FAIL_AT("open = %d: %s", rc, why);
    return rc == 0;
}

static void gp3_disks_are_held_at_the_gp3_limit(void)
{
    struct set s;
    if (!open_mixed(&s, 1.0))
        return;
    struct loop_result r = closed_loop(&s, 0, 2, QD_PER_DISK);
    CHECK_NEAR_REL(r.iops, 2 * 3000.0 * s.vol[0].delivered_iops_frac, 0.01);
    CHECK_STR_EQ(sim_limit_id(dev_limits_binding(&r.lim)), sim_limit_id(SIM_LIMIT_VOLUME_IOPS));
    dev_close(&s.ds);
}

static void io2_disks_are_held_at_the_io2_limit(void)
{
    struct set s;
    if (!open_mixed(&s, 1.0))
        return;
    struct loop_result r = closed_loop(&s, 2, 2, QD_PER_DISK);
    CHECK_NEAR_REL(r.iops, 2 * 16000.0 * s.vol[1].delivered_iops_frac, 0.01);
    CHECK_STR_EQ(sim_limit_id(dev_limits_binding(&r.lim)), sim_limit_id(SIM_LIMIT_VOLUME_IOPS));
    /* the most used group's mean: the io2 volumes at their limit, not
       the mean over four volumes of which two are idle */
    CHECK_GE(r.lim.util[SIM_LIMIT_VOLUME_IOPS], SIM_LIMIT_BINDING_UTIL);
    dev_close(&s.ds);
}

static void both_groups_are_held_by_the_instance_below_their_sum(void)
{
    /* the instance's bucket empty: its base, 20,000 IOPS, below the
       volumes' 38,000 */
    struct set s;
    if (!open_mixed(&s, 0.0))
        return;
    struct loop_result r = closed_loop(&s, 0, 4, QD_PER_DISK);
    CHECK_NEAR_REL(r.iops, s.inst.base_iops * s.inst.delivered_iops_frac, 0.01);
    /* the instance runs at its base for want of credits (the gp3
       volumes may run at their limit too: their share of it is what they
       can take) */
    CHECK_GE(r.lim.util[SIM_LIMIT_BURST_CREDITS], SIM_LIMIT_BINDING_UTIL);
    CHECK_LE(r.lim.util[SIM_LIMIT_BURST_CREDITS], 1.01);
    CHECK_STR_EQ(sim_limit_id(r.lim.burst_behind), sim_limit_id(SIM_LIMIT_INSTANCE_IOPS));
    dev_close(&s.ds);
}

static void a_gp2_group_alone_has_volume_buckets(void)
{
    static const char *const specs[] = { "gp3:size=100GiB", "gp2:size=100GiB" };
    static const int disks[] = { 2, 2 };
    struct set s;
    char why[256] = "";
    int rc = set_open(&s, "none", 2, specs, disks, 0.0, why, sizeof why);
    if (rc != 0) {
        CHECK_FAIL_AT("open = %d: %s", rc, why);
        return;
    }
    struct dev_bucket b[8];
    int n = s.ds.ops->credit->buckets(&s.ds, b, 8);
    CHECK_INT_EQ(n, 2);
    for (int i = 0; i < n; i++) {
        CHECK_INT_EQ(b[i].disk, 2 + i);
        CHECK_STR_EQ(sim_limit_id(b[i].limit), sim_limit_id(SIM_LIMIT_VOLUME_IOPS));
    }
    /* empty, the gp2 volumes run at their baseline, 300 IOPS at 100 GiB;
       the gp3 volumes beside them at 3,000 */
    struct loop_result gp2 = closed_loop(&s, 2, 2, QD_PER_DISK);
    CHECK_NEAR_REL(gp2.iops, 2 * 300.0 * s.vol[1].delivered_iops_frac, 0.02);
    CHECK_STR_EQ(sim_limit_id(dev_limits_binding(&gp2.lim)),
                 sim_limit_id(SIM_LIMIT_BURST_CREDITS));
    struct loop_result gp3 = closed_loop(&s, 0, 2, QD_PER_DISK);
    CHECK_NEAR_REL(gp3.iops, 2 * 3000.0 * s.vol[0].delivered_iops_frac, 0.01);
    dev_close(&s.ds);
}

static void a_groups_latency_is_its_types_alone(void)
{
    /* one I/O outstanding per disk: no limit delays it, so the latency is
       the type's model on the instance's platform, draw for draw */
    struct set mixed, alone;
    static const int two[] = { 2 };
    char why[256] = "";
    if (!open_mixed(&mixed, 1.0))
        return;
    int rc = set_open(&alone, "r6i.4xlarge", 0, &MIXED[1], two, 1.0, why, sizeof why);
    if (rc != 0) {
        CHECK_FAIL_AT("open = %d: %s", rc, why);
        dev_close(&mixed.ds);
        return;
    }
    struct loop_result a = closed_loop(&mixed, 2, 2, 1);
    struct loop_result b = closed_loop(&alone, 0, 2, 1);
    CHECK(a.iops > 0);
    CHECK_NEAR_REL(a.mean_lat_us, b.mean_lat_us, 1e-12);
    CHECK_U64_EQ(a.done_sum_ns, b.done_sum_ns);
    /* and not the gp3 group's: that type is slower */
    struct loop_result g = closed_loop(&mixed, 0, 2, 1);
    CHECK_GT(g.mean_lat_us, 1.2 * a.mean_lat_us);
    dev_close(&mixed.ds);
    dev_close(&alone.ds);
}

/* Closed loops on two disk ranges at once, qd_a and qd_b per disk: the
   mean latency of range b's I/O. */
static double latency_beside(struct set *s, int first_a, int qd_a, int first_b, int qd_b)
{
    enum { MAXQ = 64 };
    struct sim_io ios[MAXQ], *done[MAXQ];
    uint64_t k = 0, count = 0;
    double lat_sum_ns = 0;
    int q = 0;
    for (int d = 0; d < 2; d++) {
        for (int i = 0; i < qd_a; i++)
            submit_one(s, &ios[q++], first_a + d, &k);
        for (int i = 0; i < qd_b; i++)
            submit_one(s, &ios[q++], first_b + d, &k);
    }
    while (s->ds.ops->now(&s->ds) < END_NS) {
        int got = s->ds.ops->reap(&s->ds, done, MAXQ, SIM_NS_MAX);
        for (int j = 0; j < got; j++) {
            int disk = done[j]->disk;
            if (disk >= first_b && disk < first_b + 2 && done[j]->done_ns >= WARM_NS) {
                count++;
                lat_sum_ns += (double)(done[j]->done_ns - done[j]->submit_ns);
            }
            submit_one(s, done[j], disk, &k);
        }
    }
    drain(s);
    return count ? lat_sum_ns / (double)count : 0;
}

static void a_group_does_not_wait_behind_another_groups_volume_queue(void)
{
    /* the gp3 volumes 16 deep at their 3,000 IOPS (5 ms of queue), the
       io2 ones one deep: the instance (40,000 IOPS) is far from its limit,
       so io2's latency is what it is alone */
    struct set s, alone;
    if (!open_mixed(&s, 1.0) || !open_mixed(&alone, 1.0))
        return;
    double beside = latency_beside(&s, 0, QD_PER_DISK, 2, 1);
    double solo = latency_beside(&alone, 0, 0, 2, 1);
    CHECK(solo > 0);
    CHECK_NEAR_REL(beside, solo, 0.03);
    dev_close(&s.ds);
    dev_close(&alone.ds);
}

static void expect_open_refused(const char *instance, int n, const char *const *specs,
                                const int *disks, int total, const char *want)
{
    struct set s;
    char why[256] = "";
    int rc = set_open(&s, instance, n, specs, disks, 1.0, why, sizeof why);
    if (rc == 0) {
        CHECK_FAIL_AT("open of %d groups succeeded, wanted: %s", n, want);
        dev_close(&s.ds);
        return;
    }
    CHECK_INT_EQ(rc, -EINVAL);
    CHECK(strstr(why, want) != NULL);
    if (!strstr(why, want))
        CHECK_FAIL_AT("why = \"%s\", wanted \"%s\"", why, want);
    (void)total;
}

static void groups_that_do_not_fit_are_refused(void)
{
    static const int zero[] = { 2, 0 };
    expect_open_refused("none", 2, MIXED, zero, 2, "volume group 1 needs a volume and 1 or more disks");
    static const char *const nvme[] = { "gp3", "local-nvme" };
    static const int one_each[] = { 1, 1 };
    expect_open_refused("i3en.xlarge", 2, nvme, one_each, 2, "not both");
    /* the groups' disks must be the set's: set_open sums them, so ask
       the backend directly */
    struct set s;
    char why[256] = "";
    if (!open_mixed(&s, 1.0))
        return;
    struct devset ds;
    struct devset_cfg dc = { .disks = 5, .backend_cfg = &s.mc, .max_outstanding = 8 };
    int rc = dev_open(&ds, &dev_model_ops, &dc, why, sizeof why);
    CHECK_INT_EQ(rc, -EINVAL);
    CHECK_STR_EQ(why, "the volume groups hold 4 disks, the device set 5");
    s.mc.n_vol_groups = DEV_MODEL_MAX_GROUPS + 1;
    dc.disks = 4;
    rc = dev_open(&ds, &dev_model_ops, &dc, why, sizeof why);
    CHECK_INT_EQ(rc, -EINVAL);
    CHECK_STR_EQ(why, "the model takes 1..8 volume groups, not 9");
    dev_close(&s.ds);
}

static void retune_takes_groups_like_the_opens_and_refuses_one_volume(void)
{
    struct set s;
    if (!open_mixed(&s, 1.0))
        return;
    struct vol_profile faster;
    char why[256];
    CHECK_INT_EQ(prof_volume_parse("gp3:size=100GiB,iops=6000", &faster, why, sizeof why), 0);
    /* one volume for two groups: which one is not said */
    struct dev_model_cfg one = { .volume = &faster };
    CHECK_INT_EQ(s.ds.ops->credit->retune(&s.ds, &one), -EINVAL);
    /* groups unlike the open's */
    struct dev_model_cfg unlike = { .n_vol_groups = 2,
                                    .vol_groups = { { &faster, 3 }, { NULL, 1 } } };
    CHECK_INT_EQ(s.ds.ops->credit->retune(&s.ds, &unlike), -EINVAL);
    /* the gp3 group's type, the io2 group's left as it is */
    struct dev_model_cfg like = { .n_vol_groups = 2,
                                  .vol_groups = { { &faster, 2 }, { NULL, 2 } } };
    CHECK_INT_EQ(s.ds.ops->credit->retune(&s.ds, &like), 0);
    struct loop_result r = closed_loop(&s, 0, 2, QD_PER_DISK);
    CHECK_NEAR_REL(r.iops, 2 * 6000.0 * faster.delivered_iops_frac, 0.01);
    struct loop_result io2 = closed_loop(&s, 2, 2, QD_PER_DISK);
    CHECK_NEAR_REL(io2.iops, 2 * 16000.0 * s.vol[1].delivered_iops_frac, 0.01);
    dev_close(&s.ds);
}

static void one_group_runs_as_the_single_volume_configuration(void)
{
    static const char *const spec[] = { "gp3:size=100GiB" };
    static const int four[] = { 4 };
    struct set a, b;
    char why[256] = "";
    if (set_open(&a, "r6i.4xlarge", 0, spec, four, 1.0, why, sizeof why) != 0 ||
        set_open(&b, "r6i.4xlarge", 1, spec, four, 1.0, why, sizeof why) != 0) {
        CHECK_FAIL_AT("open: %s", why);
        return;
    }
    struct loop_result ra = closed_loop(&a, 0, 4, 4);
    struct loop_result rb = closed_loop(&b, 0, 4, 4);
    CHECK_U64_EQ(ra.done_sum_ns, rb.done_sum_ns);
    CHECK(memcmp(&ra.lim, &rb.lim, sizeof ra.lim) == 0);
    dev_close(&a.ds);
    dev_close(&b.ds);
}

int main(void)
{
    RUN(gp3_disks_are_held_at_the_gp3_limit);
    RUN(io2_disks_are_held_at_the_io2_limit);
    RUN(both_groups_are_held_by_the_instance_below_their_sum);
    RUN(a_gp2_group_alone_has_volume_buckets);
    RUN(a_groups_latency_is_its_types_alone);
    RUN(a_group_does_not_wait_behind_another_groups_volume_queue);
    RUN(groups_that_do_not_fit_are_refused);
    RUN(retune_takes_groups_like_the_opens_and_refuses_one_volume);
    RUN(one_group_runs_as_the_single_volume_configuration);
    return check_done();
}
