/*
 * test_engine.c - the closed loop, joins, timing and convergence.
 *
 * Most tests drive the engine with a tiny backend defined here: every I/O
 * on disk d takes exactly base_ns + d * per_disk_ns of virtual time.  With
 * that, Little's law gives exact expectations: N outstanding I/Os of
 * latency L complete at N / L per second.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "tests/one_rank_sync.h"
#include "sim/core/engine.h"
#include "sim/core/run.h"
#include "sim/model/dev_model.h"
#include "sim/model/setup.h"

/* ---- a fixed-latency virtual-time backend ----------------------------- */

struct fixed_dev {
    sim_ns now_ns;
    sim_ns base_ns, per_disk_ns;
    struct sim_io **pending;
    int n, cap;
    int max_inflight;
    uint64_t submitted[16];
    uint64_t bytes[16];
};

static struct fixed_dev fixed_params;   /* read by fixed_open */

static int fixed_open(struct devset *ds, const struct devset_cfg *cfg, char *why, size_t len)
{
    (void)why;
    (void)len;
    struct fixed_dev *f = calloc(1, sizeof(*f));
    *f = fixed_params;
    f->cap = cfg->max_outstanding;
    f->pending = calloc((size_t)f->cap, sizeof(*f->pending));
    ds->priv = f;
    return 0;
}

static int fixed_submit(struct devset *ds, struct sim_io *const *ios, int n)
{
    struct fixed_dev *f = ds->priv;
    for (int i = 0; i < n; i++) {
        struct sim_io *io = ios[i];
        io->submit_ns = f->now_ns;
        io->done_ns = f->now_ns + f->base_ns + io->disk * f->per_disk_ns;
        io->result = (int32_t)io->size_bytes;
        f->submitted[io->disk]++;
        f->bytes[io->disk] += io->size_bytes;
        f->pending[f->n++] = io;
    }
    if (f->n > f->max_inflight)
        f->max_inflight = f->n;
    return n;
}

static int fixed_reap(struct devset *ds, struct sim_io **done, int max, sim_ns deadline)
{
    (void)deadline;
    struct fixed_dev *f = ds->priv;
    if (f->n == 0)
        return 0;
    sim_ns first = f->pending[0]->done_ns;
    for (int i = 1; i < f->n; i++)
        if (f->pending[i]->done_ns < first)
            first = f->pending[i]->done_ns;
    int k = 0;
    for (int i = 0; i < f->n && k < max;) {
        if (f->pending[i]->done_ns == first) {
            done[k++] = f->pending[i];
            f->pending[i] = f->pending[--f->n];
        } else {
            i++;
        }
    }
    f->now_ns = first;
    return k;
}

static sim_ns fixed_now(const struct devset *ds)
{
    return ((const struct fixed_dev *)ds->priv)->now_ns;
}

static void fixed_close(struct devset *ds)
{
    struct fixed_dev *f = ds->priv;
    fixed_params.max_inflight = f->max_inflight;
    for (int d = 0; d < 16; d++) {
        fixed_params.submitted[d] = f->submitted[d];
        fixed_params.bytes[d] = f->bytes[d];
    }
    free(f->pending);
    free(f);
}

static const struct dev_ops fixed_ops = {
    .name = "fixed",
    .open = fixed_open,
    .submit = fixed_submit,
    .reap = fixed_reap,
    .now = fixed_now,
    .close = fixed_close,
};

static struct sim_setup point_cfg(int disks, int small, int large)
{
    struct sim_setup cfg;
    sim_setup_defaults(&cfg);
    cfg.run.disks = disks;
    cfg.run.backend = &fixed_ops;
    cfg.run.matrix.run = WL_RUN_ADVANCED;
    cfg.run.matrix.matrix = WL_MATRIX_POINT;
    cfg.run.matrix.num_small = small;
    cfg.run.matrix.num_large = large;
    cfg.run.point.duration_ns = 2 * SIM_NS_PER_S;
    memset(&fixed_params, 0, sizeof(fixed_params));
    fixed_params.base_ns = SIM_NS_PER_MS;
    return cfg;
}

static struct sim_run_result *must_run(struct sim_setup *cfg)
{
    struct sim_run_result *r = NULL;
    char why[256] = "";
    int rc = sim_run(sim_setup_run(cfg), NULL, NULL, &r, why, sizeof(why));
    if (rc != 0)
        CHECK_FAIL_AT("sim_run = %d: %s", rc, why);
    return r;
}

/* ---- tests ------------------------------------------------------------ */

static void closed_loop_should_obey_littles_law(void)
{
    struct sim_setup cfg = point_cfg(1, 4, 0);
    struct sim_run_result *r = must_run(&cfg);
    if (!r)
        return;
    CHECK_NEAR_REL(r->points[0].cls[WL_SMALL].iops, 4000.0, 0.001);
    CHECK_NEAR_REL(r->points[0].cls[WL_SMALL].lat.avg_us, 1000.0, 0.01);
    CHECK_INT_EQ(fixed_params.max_inflight, 4);
    sim_run_free(r);
}

static void mixed_point_should_keep_both_classes_outstanding(void)
{
    struct sim_setup cfg = point_cfg(2, 3, 2);
    struct sim_run_result *r = must_run(&cfg);
    if (!r)
        return;
    CHECK_NEAR_REL(r->points[0].cls[WL_SMALL].iops, 3000.0, 0.001);
    CHECK_NEAR_REL(r->points[0].cls[WL_LARGE].iops, 2000.0, 0.001);
    CHECK_NEAR_REL(r->points[0].cls[WL_LARGE].mbps, 2000.0 * 131072 / 1e6, 0.001);
    CHECK_INT_EQ(fixed_params.max_inflight, 5);
    sim_run_free(r);
}

static void mirrored_write_should_complete_with_its_slowest_copy(void)
{
    /* 2 disks in 2 failure groups, normal redundancy, all writes: every
       I/O lands on both disks; disk 1 takes 1 ms longer than disk 0. */
    struct sim_setup cfg = point_cfg(2, 1, 0);
    cfg.run.layout.redundancy = LAY_NORMAL;
    cfg.run.workload.write_pct = 100;
    fixed_params.per_disk_ns = SIM_NS_PER_MS;
    struct sim_run_result *r = must_run(&cfg);
    if (!r)
        return;
    CHECK_NEAR_REL(r->points[0].cls[WL_SMALL].lat.avg_us, 2000.0, 0.01);
    CHECK_NEAR_REL(r->points[0].phys_iops, 2 * r->points[0].cls[WL_SMALL].iops, 0.001);
    CHECK_U64_EQ(fixed_params.submitted[0], fixed_params.submitted[1]);
    sim_run_free(r);
}

static void reads_should_touch_only_the_primary_copy(void)
{
    struct sim_setup cfg = point_cfg(2, 2, 0);
    cfg.run.layout.redundancy = LAY_NORMAL;
    cfg.run.workload.write_pct = 0;
    struct sim_run_result *r = must_run(&cfg);
    if (!r)
        return;
    CHECK_NEAR_REL(r->points[0].phys_iops, r->points[0].cls[WL_SMALL].iops, 0.001);
    sim_run_free(r);
}

static void sequential_streams_should_each_keep_stream_io_outstanding(void)
{
    struct sim_setup cfg = point_cfg(1, 0, 3);
    cfg.run.workload.large_type = WL_LARGE_SEQ;
    cfg.run.point.stream_io = 4;
    struct sim_run_result *r = must_run(&cfg);
    if (!r)
        return;
    CHECK_INT_EQ(fixed_params.max_inflight, 12);
    CHECK_NEAR_REL(r->points[0].cls[WL_LARGE].iops, 12000.0, 0.001);
    sim_run_free(r);
}

/* One point of `large` large I/Os (seq or rand) beside `small`, warmed
   as asked: its result, and the bytes it put on disk 0 in all. */
static struct sim_run_result *warmed(int small, int large, enum wl_large_type type,
                                     uint64_t warm_bytes, sim_ns warm_ns,
                                     uint64_t *disk_bytes)
{
    struct sim_setup cfg = point_cfg(1, small, large);
    cfg.run.workload.large_type = type;
    cfg.run.point.stream_io = 4;
    cfg.run.point.cache_warm_bytes = warm_bytes;
    cfg.run.point.cache_warm_ns = warm_ns;
    struct sim_run_result *r = must_run(&cfg);
    *disk_bytes = fixed_params.bytes[0];
    return r;
}

/* ORION's -cache_size: 64 MiB of random large I/O before a sequential
   point (12 in flight at 1 ms, 128 KiB: 512 I/Os in 43 rounds),
   none before a random or small-only one; the figures as without it. */
static void cache_warming_should_precede_sequential_points_only_unmeasured(void)
{
    const uint64_t io = 128 * 1024, warm = 64ull << 20;
    uint64_t cold_b, warm_b;
    struct sim_run_result *cold = warmed(0, 3, WL_LARGE_SEQ, 0, 0, &cold_b);
    struct sim_run_result *hot = warmed(0, 3, WL_LARGE_SEQ, warm, 0, &warm_b);
    if (!cold || !hot)
        return;
    CHECK_U64_EQ(warm_b - cold_b, 512 * io);
    CHECK_NEAR_REL(hot->points[0].cls[WL_LARGE].iops, 12000.0, 0.001);
    CHECK(hot->points[0].cls[WL_LARGE].iops == cold->points[0].cls[WL_LARGE].iops);
    CHECK(hot->points[0].cls[WL_LARGE].lat.avg_us == cold->points[0].cls[WL_LARGE].lat.avg_us);
    CHECK_INT_EQ(hot->device_ns - cold->device_ns, 43 * SIM_NS_PER_MS);
    sim_run_free(cold);
    sim_run_free(hot);
    for (int k = 0; k < 2; k++) {           /* random large; small only */
        int small = k ? 4 : 0, large = k ? 0 : 3;
        enum wl_large_type t = k ? WL_LARGE_SEQ : WL_LARGE_RAND;
        cold = warmed(small, large, t, 0, 0, &cold_b);
        hot = warmed(small, large, t, warm, 0, &warm_b);
        if (cold && hot) {
            CHECK_U64_EQ(warm_b, cold_b);
            CHECK_INT_EQ(hot->device_ns, cold->device_ns);
        }
        sim_run_free(cold);
        sim_run_free(hot);
    }
}

/* Not given (ORION's default): warming for a time, here 100 ms. */
static void cache_warming_by_time_should_last_that_long(void)
{
    uint64_t cold_b, warm_b;
    struct sim_run_result *cold = warmed(2, 3, WL_LARGE_SEQ, 0, 0, &cold_b);
    struct sim_run_result *hot = warmed(2, 3, WL_LARGE_SEQ, 0, 100 * SIM_NS_PER_MS,
                                        &warm_b);
    if (!cold || !hot)
        return;
    CHECK_INT_EQ(hot->device_ns - cold->device_ns, 100 * SIM_NS_PER_MS);
    CHECK_U64_EQ(warm_b - cold_b, 100 * 12 * 128 * 1024ull);
    CHECK(hot->points[0].cls[WL_SMALL].iops == cold->points[0].cls[WL_SMALL].iops);
    sim_run_free(cold);
    sim_run_free(hot);
}

static void auto_duration_should_stop_once_converged(void)
{
    struct sim_setup cfg;
    char why[256];
    sim_setup_defaults(&cfg);
    prof_instance_find("m5.large", &cfg.instance, why, sizeof(why));
    cfg.run.disks = 4;
    cfg.run.matrix.run = WL_RUN_OLTP;
    cfg.run.point.auto_duration = true;
    cfg.run.point.duration_ns = 60 * SIM_NS_PER_S;
    struct sim_run_result *r = must_run(&cfg);
    if (!r)
        return;
    for (int i = 0; i < r->n_points; i++) {
        CHECK(r->points[i].converged);
        CHECK(r->points[i].ci_halfwidth_frac >= 0 && r->points[i].ci_halfwidth_frac < 0.01);
        CHECK_LT(r->points[i].measured_s, 5.0);
    }
    sim_run_free(r);
}

/* --duration auto on ranks (engine.c, "Convergence"): the window's
   boundaries go through the sum; alone the sums are this rank's, so the
   steady fixed-latency point converges as it does unsynced, the first
   call only aligning, and the window ends at the call that says so. */
static void a_synced_window_should_end_when_the_sums_converge(void)
{
    int sums;
    struct sim_window_sync sync = one_rank_sync(&sums);
    struct sim_setup cfg = point_cfg(1, 4, 0);
    cfg.run.point.auto_duration = true;
    cfg.run.point.duration_ns = 60 * SIM_NS_PER_S;
    cfg.run.point.sync = &sync;
    struct sim_run_result *r = must_run(&cfg);
    if (!r)
        return;
    CHECK(r->points[0].converged);
    CHECK_LT(r->points[0].measured_s, 5.0);
    CHECK_NEAR_REL(r->points[0].cls[WL_SMALL].iops, 4000.0, 0.001);
    CHECK_INT_EQ(sums, sync.calls);
    CHECK_GT(sums, 2);
    CHECK(sync.closed);
    CHECK_INT_EQ(sim_sync_vote_stop(&sync), 0);
    CHECK_INT_EQ(sums, sync.calls);     /* closed: no vote after it */
    sim_run_free(r);
}

static void same_seed_should_give_identical_results(void)
{
    struct sim_setup cfg;
    sim_setup_defaults(&cfg);
    cfg.run.disks = 3;
    cfg.run.point.duration_ns = SIM_NS_PER_S / 2;
    cfg.run.workload.write_pct = 30;
    struct sim_run_result *a = must_run(&cfg), *b = must_run(&cfg);
    cfg.run.seed = 2;
    struct sim_run_result *c = must_run(&cfg);
    if (!a || !b || !c)
        return;
    CHECK_INT_EQ(a->n_points, b->n_points);
    bool all_same_c = true;
    for (int i = 0; i < a->n_points; i++) {
        CHECK(a->points[i].cls[WL_SMALL].iops == b->points[i].cls[WL_SMALL].iops);
        CHECK(a->points[i].cls[WL_LARGE].mbps == b->points[i].cls[WL_LARGE].mbps);
        CHECK(a->points[i].cls[WL_SMALL].lat.p99_us == b->points[i].cls[WL_SMALL].lat.p99_us);
        if (a->points[i].cls[WL_SMALL].iops != c->points[i].cls[WL_SMALL].iops || a->points[i].cls[WL_LARGE].mbps != c->points[i].cls[WL_LARGE].mbps)
            all_same_c = false;
    }
    CHECK(!all_same_c);
    sim_run_free(a);
    sim_run_free(b);
    sim_run_free(c);
}

static void stop_flag_should_end_the_run_with_partial_results(void)
{
    static sim_stop_flag stop = 1;
    struct sim_setup cfg;
    sim_setup_defaults(&cfg);
    cfg.run.point.duration_ns = SIM_NS_PER_S;
    cfg.run.point.stop = &stop;
    struct sim_run_result *r = NULL;
    char why[256];
    int rc = sim_run(sim_setup_run(&cfg), NULL, NULL, &r, why, sizeof(why));
    CHECK_INT_EQ(rc, 1);
    if (r) {
        CHECK(r->incomplete);
        CHECK_INT_EQ(r->n_points, 1);
    }
    sim_run_free(r);
}

static void throttled_volume_should_show_as_latency(void)
{
    /* One io2 volume of 1000 IOPS, 20 outstanding: IOPS at the delivered
       limit, latency N / X. */
    struct sim_setup cfg;
    char why[256];
    sim_setup_defaults(&cfg);
    prof_volume_parse("io2:size=100GiB,iops=1000", &cfg.volume, why, sizeof(why));
    cfg.run.matrix.run = WL_RUN_ADVANCED;
    cfg.run.matrix.matrix = WL_MATRIX_POINT;
    cfg.run.matrix.num_small = 20;
    cfg.run.matrix.num_large = 0;
    cfg.run.point.duration_ns = 20 * SIM_NS_PER_S;
    struct sim_run_result *r = must_run(&cfg);
    if (!r)
        return;
    double x = 1000.0 * cfg.volume.delivered_iops_frac;
    CHECK_NEAR_REL(r->points[0].cls[WL_SMALL].iops, x, 0.01);
    CHECK_NEAR_REL(r->points[0].cls[WL_SMALL].lat.avg_us, 20.0 / x * 1e6, 0.02);
    CHECK_INT_EQ(r->points[0].limited_by, SIM_LIMIT_VOLUME_IOPS);
    sim_run_free(r);
}

static void empty_gp2_credits_should_hold_the_volume_at_baseline(void)
{
    struct sim_setup cfg;
    char why[256];
    sim_setup_defaults(&cfg);
    prof_volume_parse("gp2:size=125GiB", &cfg.volume, why, sizeof(why));
    cfg.run.matrix.run = WL_RUN_ADVANCED;
    cfg.run.matrix.matrix = WL_MATRIX_POINT;
    cfg.run.matrix.num_small = 8;
    cfg.run.matrix.num_large = 0;
    cfg.run.point.duration_ns = 10 * SIM_NS_PER_S;
    cfg.run.burst_credit_frac = 0;
    struct sim_run_result *r = must_run(&cfg);
    if (r) {
        CHECK_NEAR_REL(r->points[0].cls[WL_SMALL].iops, 375.0 * cfg.volume.delivered_iops_frac, 0.02);
        CHECK_INT_EQ(r->points[0].limited_by, SIM_LIMIT_BURST_CREDITS);
    }
    sim_run_free(r);
    cfg.run.burst_credit_frac = 1;
    r = must_run(&cfg);
    if (r)
        CHECK_NEAR_REL(r->points[0].cls[WL_SMALL].iops, 3000.0 * cfg.volume.delivered_iops_frac, 0.02);
    sim_run_free(r);
}

static void instance_cap_should_bind_many_fast_volumes(void)
{
    struct sim_setup cfg;
    char why[256];
    sim_setup_defaults(&cfg);
    prof_instance_find("m5.large", &cfg.instance, why, sizeof(why));
    prof_volume_parse("gp3:size=125GiB,iops=4000,throughput=1000MiB/s", &cfg.volume, why, sizeof(why));
    cfg.run.disks = 8;
    cfg.run.matrix.run = WL_RUN_ADVANCED;
    cfg.run.matrix.matrix = WL_MATRIX_POINT;
    cfg.run.matrix.num_small = 0;
    cfg.run.matrix.num_large = 16;
    cfg.run.point.duration_ns = 5 * SIM_NS_PER_S;
    struct sim_run_result *r = must_run(&cfg);
    if (r) {
        CHECK_NEAR_REL(r->points[0].cls[WL_LARGE].mbps, 593.75 * cfg.instance.delivered_tput_frac, 0.01);
        CHECK_INT_EQ(r->points[0].limited_by, SIM_LIMIT_INSTANCE_MBPS);
        /* the load spreads over all eight volumes */
        for (int d = 0; d < 8; d++)
            CHECK_NEAR_REL(r->points[0].disk[d].mbps, r->points[0].phys_mbps / 8, 0.15);
    }
    sim_run_free(r);
}

static void light_load_should_be_limited_by_offered_load(void)
{
    struct sim_setup cfg = point_cfg(1, 1, 0);
    cfg.run.backend = &dev_model_ops;
    struct sim_run_result *r = must_run(&cfg);
    if (r)
        CHECK_INT_EQ(r->points[0].limited_by, SIM_LIMIT_OFFERED_LOAD);
    sim_run_free(r);
}

/* ---- a database workload's classes ------------------------------------ */

/* Three classes on two groups of two disks on the fixed backend: 8 KiB
   random reads kept 3 deep on group 0, 128 KiB sequential writes of 2
   streams x 2 on group 0, and redo-like writes of 512 B or 4 KiB (3:1)
   arriving at 1,000 a second (constant gaps) on group 1. */
static struct sim_setup db_cfg(void)
{
    struct sim_setup cfg = point_cfg(4, 0, 0);
    struct wl_cfg *w = &cfg.run.workload;
    w->n_classes = 3;
    w->classes[0] = (struct wl_class_cfg){
        .sizes = { 1, { 8192 }, { 1 } }, .pattern = WL_RANDOM };
    w->classes[1] = (struct wl_class_cfg){
        .sizes = { 1, { 131072 }, { 1 } }, .pattern = WL_SEQUENTIAL,
        .write_pct = 100 };
    w->classes[2] = (struct wl_class_cfg){
        .sizes = { 2, { 512, 4096 }, { 3, 1 } }, .pattern = WL_SEQUENTIAL,
        .write_pct = 100 };
    struct sim_db_cfg *db = &cfg.run.db;
    db->n_groups = 2;
    for (int g = 0; g < 2; g++) {
        db->groups[g].disks = 2;
        db->groups[g].disk_bytes = 64ull << 30;
        lay_cfg_defaults(&db->groups[g].layout, 2, 64ull << 30);
    }
    db->class_group[2] = 1;
    db->load = (struct sim_class_load){
        .n = 3, .load = { 3, 2, 0 }, .stream_io = { 1, 2, 1 },
        .rate_iops = { 0, 0, 1000 },
        .arrivals = { [2] = SIM_ARRIVALS_CONSTANT } };
    return cfg;
}

static void database_classes_should_each_run_as_their_loop_says(void)
{
    struct sim_setup cfg = db_cfg();
    struct sim_run_result *r = must_run(&cfg);
    if (!r)
        return;
    const struct sim_point_result *p = &r->points[0];
    CHECK(p->db_classes);
    CHECK_INT_EQ(p->n_classes, 3);
    /* closed loops obey Little's law at 1 ms a piece; an 8 KiB read never
       crosses an AU, a 128 KiB write within 1 MiB AUs neither */
    CHECK_NEAR_REL(p->cls[0].iops, 3000.0, 0.001);
    CHECK_NEAR_REL(p->cls[1].iops, 4000.0, 0.001);
    CHECK_NEAR_REL(p->cls[1].mbps, 4000.0 * 131072 / 1e6, 0.001);
    /* the open class delivers its rate, 1 ms after each arrival */
    CHECK_NEAR_REL(p->cls[2].iops, 1000.0, 0.01);
    CHECK_NEAR_REL(p->cls[2].lat.avg_us, 1000.0, 0.01);
    CHECK_NEAR_REL(p->open.offered[2], 1000.0, 0.01);
    /* the mix's mean size: (3 x 512 + 4096) / 4 */
    CHECK_NEAR_REL(p->cls[2].mbps * 1e6 / p->cls[2].iops, 1408.0, 0.05);
    CHECK(sim_point_class_ran(p, 2));
    CHECK(!sim_point_class_ran(p, 3));
    sim_run_free(r);
}

static void database_classes_should_keep_to_their_groups_disks(void)
{
    struct sim_setup cfg = db_cfg();
    struct sim_run_result *r = must_run(&cfg);
    if (!r)
        return;
    /* group 1 (disks 2, 3) carries the open class's small writes alone */
    uint64_t g1_bytes = fixed_params.bytes[2] + fixed_params.bytes[3];
    uint64_t g1_ios = fixed_params.submitted[2] + fixed_params.submitted[3];
    CHECK(g1_ios > 0);
    CHECK(g1_bytes / g1_ios <= 4096);
    CHECK(fixed_params.submitted[0] > 0 && fixed_params.submitted[1] > 0);
    CHECK(fixed_params.bytes[0] / fixed_params.submitted[0] > 4096);
    CHECK_INT_EQ(fixed_params.max_inflight <= 3 + 4 + 4096, 1);
    sim_run_free(r);
}

/* Eight like classes on modelled volumes: each its own latency draws
   (the model's streams per class, sized for WL_MAX_CLASSES), each served
   alike. */
static void eight_like_classes_on_the_model_should_be_served_alike(void)
{
    struct sim_setup cfg = point_cfg(4, 0, 0);
    cfg.run.backend = &dev_model_ops;
    cfg.run.workload.n_classes = WL_MAX_CLASSES;
    cfg.run.db.load.n = WL_MAX_CLASSES;
    for (int c = 0; c < WL_MAX_CLASSES; c++) {
        cfg.run.workload.classes[c] = (struct wl_class_cfg){
            .sizes = { 1, { 8192 }, { 1 } }, .write_pct = 50 };
        cfg.run.db.load.load[c] = 4;
        cfg.run.db.load.stream_io[c] = 1;
    }
    struct sim_run_result *r = must_run(&cfg);
    if (!r)
        return;
    const struct sim_point_result *p = &r->points[0];
    CHECK_INT_EQ(p->n_classes, WL_MAX_CLASSES);
    for (int c = 1; c < WL_MAX_CLASSES; c++) {
        CHECK_NEAR_REL(p->cls[c].iops, p->cls[0].iops, 0.05);
        CHECK_NEAR_REL(p->cls[c].lat.avg_us, p->cls[0].lat.avg_us, 0.05);
    }
    sim_run_free(r);
}

static void orion_point_on_a_database_engine_should_be_refused(void)
{
    struct sim_setup cfg = db_cfg();
    struct sim_parts parts;
    char why[256];
    const struct sim_run_cfg *run = sim_setup_run(&cfg);
    CHECK_INT_EQ(sim_parts_open(run, 0, 0, &parts, why, sizeof why), 0);
    struct sim_point_result res = { 0 };
    CHECK_INT_EQ(sim_engine_run_point(parts.engine, (struct wl_point){ 1, 0 },
                                      &run->point, &res), -EINVAL);
    struct sim_class_load wrong = run->db.load;
    wrong.load[0] = 4;              /* more than its pool of 3 */
    CHECK_INT_EQ(sim_engine_run_classes(parts.engine, &wrong, &run->point,
                                        &res), -EINVAL);
    sim_parts_close(&parts);
}

/* A sweep's runs are configurations of their own (sweep --over): each
   run's figures are those of sim_run on it alone, in the order given;
   runs that would be carried out differently (another backend) are
   refused. */
static void sweep_of_configurations_should_run_each_as_given(void)
{
    struct sim_setup a = point_cfg(2, 16, 0), b = point_cfg(2, 2, 0);
    struct sim_run_cfg runs[2] = { *sim_setup_run(&a), *sim_setup_run(&b) };
    struct sim_sweep_result *s = NULL;
    char why[256] = "";
    int rc = sim_sweep(&(struct sim_sweep_spec){ runs, 2, NULL, NULL }, &s, why, sizeof why);
    CHECK(rc == 0);
    struct sim_run_result *ra = must_run(&a), *rb = must_run(&b);
    CHECK(s != NULL && s->n_runs == 2);
    if (s && s->n_runs == 2) {
        CHECK(s->runs[0]->points[0].cls[WL_SMALL].iops == ra->points[0].cls[WL_SMALL].iops);
        CHECK(s->runs[1]->points[0].cls[WL_SMALL].iops == rb->points[0].cls[WL_SMALL].iops);
        CHECK(s->runs[0]->points[0].small == 16 && s->runs[1]->points[0].small == 2);
    }
    CHECK(ra->points[0].cls[WL_SMALL].iops > 4 * rb->points[0].cls[WL_SMALL].iops);
    sim_sweep_free(s);
    sim_run_free(ra);
    sim_run_free(rb);
    runs[1].backend = &dev_model_ops;
    s = NULL;
    rc = sim_sweep(&(struct sim_sweep_spec){ runs, 2, NULL, NULL }, &s, why, sizeof why);
    CHECK(rc == -EINVAL && s == NULL && strstr(why, "differ") != NULL);
}

int main(void)
{
    RUN(closed_loop_should_obey_littles_law);
    RUN(mixed_point_should_keep_both_classes_outstanding);
    RUN(mirrored_write_should_complete_with_its_slowest_copy);
    RUN(reads_should_touch_only_the_primary_copy);
    RUN(sequential_streams_should_each_keep_stream_io_outstanding);
    RUN(cache_warming_should_precede_sequential_points_only_unmeasured);
    RUN(cache_warming_by_time_should_last_that_long);
    RUN(auto_duration_should_stop_once_converged);
    RUN(a_synced_window_should_end_when_the_sums_converge);
    RUN(same_seed_should_give_identical_results);
    RUN(stop_flag_should_end_the_run_with_partial_results);
    RUN(throttled_volume_should_show_as_latency);
    RUN(empty_gp2_credits_should_hold_the_volume_at_baseline);
    RUN(instance_cap_should_bind_many_fast_volumes);
    RUN(light_load_should_be_limited_by_offered_load);
    RUN(database_classes_should_each_run_as_their_loop_says);
    RUN(database_classes_should_keep_to_their_groups_disks);
    RUN(eight_like_classes_on_the_model_should_be_served_alike);
    RUN(orion_point_on_a_database_engine_should_be_refused);
    RUN(sweep_of_configurations_should_run_each_as_given);
    return check_done();
}
