/*
 * test_session.c - the live view and interactive sessions, without curses:
 * the engine's live hook changes no figure, a batch session reports what
 * sim_run reports, commands (load, disks, pause, volume) take effect, in
 * the order sent and each counted, the matrix fills in, saving writes
 * ORION's files describing the configuration measured, pacing follows --speed,
 * the pools fit the outstanding-I/O limit at any --stream-io, a carried
 * burst bucket that empties becomes an event in the snapshot; a database
 * workload's session shows every class, scales its loads (interactive
 * and batch run) and saves its own files.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "sim/core/io_budget.h"
#include "sim/core/run.h"
#include "sim/model/dev_model.h"
#include "sim/model/setup.h"
#include "sim/session/session.h"

static void cfg_small(struct sim_setup *c, int disks, const char *volume)
{
    char why[256];
    sim_setup_defaults(c);
    c->run.disks = disks;
    prof_volume_parse(volume, &c->volume, why, sizeof(why));
    c->run.matrix.run = WL_RUN_OLTP;
    c->run.point.duration_ns = 300 * SIM_NS_PER_MS;
}

struct live_count {
    int calls, measuring;
    double last_iops;
};

static int count_live(void *arg, const struct sim_live *lv)
{
    struct live_count *n = arg;
    n->calls++;
    if (lv->phase == SIM_LIVE_MEASURE) {
        struct sim_point_result r = { .small = lv->point.small, .large = lv->point.large };
        if (sim_stats_result(lv->stats, lv->now_ns - lv->window_start_ns, &r) == 0) {
            n->last_iops = r.cls[WL_SMALL].iops;
            sim_point_result_free(&r);
        }
        n->measuring++;
    }
    return SIM_LIVE_CONTINUE;
}

static void same_points(const struct sim_run_result *a, const struct sim_run_result *b)
{
    CHECK_INT_EQ(a->n_points, b->n_points);
    for (int i = 0; i < a->n_points && i < b->n_points; i++) {
        CHECK_INT_EQ(a->points[i].small, b->points[i].small);
        CHECK_INT_EQ(a->points[i].large, b->points[i].large);
        CHECK_U64_EQ(a->points[i].cls[WL_SMALL].ios, b->points[i].cls[WL_SMALL].ios);
        CHECK_U64_EQ(a->points[i].cls[WL_LARGE].ios, b->points[i].cls[WL_LARGE].ios);
        CHECK(a->points[i].cls[WL_SMALL].iops == b->points[i].cls[WL_SMALL].iops);
        CHECK(a->points[i].cls[WL_LARGE].mbps == b->points[i].cls[WL_LARGE].mbps);
        CHECK(a->points[i].cls[WL_SMALL].lat.avg_us == b->points[i].cls[WL_SMALL].lat.avg_us);
        CHECK(a->points[i].cls[WL_SMALL].lat.p99_us == b->points[i].cls[WL_SMALL].lat.p99_us);
    }
}

static void live_view_should_not_change_any_figure(void)
{
    struct sim_setup c;
    char why[256];
    struct sim_run_result *plain = NULL, *watched = NULL;
    struct live_count n = { 0 };

    cfg_small(&c, 2, "gp3");
    c.run.matrix.run = WL_RUN_SIMPLE;
    CHECK_INT_EQ(sim_run(sim_setup_run(&c), NULL, NULL, &plain, why, sizeof(why)), 0);
    c.run.point.live = count_live;
    c.run.point.live_arg = &n;
    c.run.point.live_every_ns = 20 * SIM_NS_PER_MS;
    CHECK_INT_EQ(sim_run(sim_setup_run(&c), NULL, NULL, &watched, why, sizeof(why)), 0);
    CHECK_GT(n.calls, 10);
    CHECK_GT(n.measuring, 10);
    if (plain && watched)
        same_points(plain, watched);
    sim_run_free(plain);
    sim_run_free(watched);
}

static int stop_at_once(void *arg, const struct sim_live *lv)
{
    (void)arg;
    return lv->phase == SIM_LIVE_MEASURE ? SIM_LIVE_STOP : SIM_LIVE_CONTINUE;
}

static void live_stop_should_end_the_run_early_with_what_was_measured(void)
{
    struct sim_setup c;
    char why[256];
    struct sim_run_result *r = NULL;

    cfg_small(&c, 1, "gp3");
    c.run.point.duration_ns = 10 * SIM_NS_PER_S;
    c.run.point.live = stop_at_once;
    CHECK_INT_EQ(sim_run(sim_setup_run(&c), NULL, NULL, &r, why, sizeof(why)), 1);
    if (r) {
        CHECK_INT_EQ(r->n_points, 1);
        CHECK(r->incomplete);
        CHECK_LT(r->points[0].measured_s, 1.0);
        CHECK_GT(r->points[0].cls[WL_SMALL].ios, 0);
    }
    sim_run_free(r);
}

/* ASMSIM_TIMEOUT_SCALE (sanitized builds run several times slower, and
   CMake sets it there): wall-clock windows and limits are multiplied by
   it; 1 when unset or not a positive integer. */
static int timeout_scale(void)
{
    const char *v = getenv("ASMSIM_TIMEOUT_SCALE");
    int n = v ? atoi(v) : 1;
    return n >= 1 && n <= 100 ? n : 1;
}

/* Wait (up to 20 s, times the timeout scale) until pred holds for the
   snapshot. */
static bool wait_for(sim_session *s, struct sim_snapshot *snap,
                     bool (*pred)(const struct sim_snapshot *, const void *),
                     const void *arg)
{
    uint64_t seq = 0;
    time_t until = time(NULL) + 20 * timeout_scale();
    while (time(NULL) < until) {
        seq = sim_session_wait(s, seq, 200);
        sim_session_snapshot(s, snap);
        if (pred(snap, arg))
            return true;
        if (snap->state == SIM_SESS_DONE || snap->state == SIM_SESS_FAILED)
            return pred(snap, arg);
    }
    return false;
}

static bool is_done(const struct sim_snapshot *s, const void *arg)
{
    (void)arg;
    return s->state == SIM_SESS_DONE || s->state == SIM_SESS_FAILED;
}

static void batch_session_should_report_what_sim_run_reports(void)
{
    struct sim_session_cfg sc = { 0 };
    char why[256];
    struct sim_run_result *plain = NULL, *live = NULL;
    sim_session *s = NULL;
    struct sim_snapshot *snap = malloc(sizeof(*snap));

    cfg_small(&sc.setup, 2, "gp3");
    CHECK_INT_EQ(sim_run(sim_setup_run(&sc.setup), NULL, NULL, &plain, why, sizeof(why)), 0);
    sc.batch = true;
    CHECK_INT_EQ(sim_session_create(&sc, &s, why, sizeof(why)), 0);
    CHECK_INT_EQ(sim_session_start(s), 0);
    CHECK(wait_for(s, snap, is_done, NULL));
    CHECK_INT_EQ(snap->state, SIM_SESS_DONE);
    CHECK_INT_EQ(sim_session_take(s, &live, NULL, why, sizeof(why)), 0);
    CHECK(live != NULL);
    if (plain && live)
        same_points(plain, live);
    /* the heat map row 0 holds every point's IOPS */
    CHECK_INT_EQ(snap->n_large_levels, 1);
    for (int i = 0; plain && i < snap->n_small_levels; i++)
        CHECK(snap->cell_iops[0][i] == plain->points[i].cls[WL_SMALL].iops);
    CHECK_INT_EQ(snap->n_sweep, 1);
    CHECK_INT_EQ(snap->sweep_disks[0], 2);
    CHECK(plain && snap->sweep_iops[0] == plain->summary.max_small_iops);
    sim_run_free(plain);
    sim_run_free(live);
    sim_session_destroy(s);
    free(snap);
}

struct want_load {
    int small, large;
    double window_s;
};

static bool at_load(const struct sim_snapshot *s, const void *arg)
{
    const struct want_load *w = arg;
    return s->point.small == w->small && s->point.large == w->large &&
           s->measuring && s->window_s >= w->window_s && s->cur.cls[WL_SMALL].ios > 0;
}

/* A predicate that holds only once the session has applied `applied`
   queued commands: a snapshot taken before a command lands cannot pass
   for one taken after it. */
struct after_cmds {
    uint64_t applied;
    bool (*pred)(const struct sim_snapshot *s, const void *arg);
    const void *arg;
};

static bool after_applied(const struct sim_snapshot *s, const void *arg)
{
    const struct after_cmds *a = arg;
    return s->cmds_applied >= a->applied && a->pred(s, a->arg);
}

static sim_session *interactive(struct sim_session_cfg *sc, int disks,
                                const char *volume, double speed)
{
    char why[256];
    sim_session *s = NULL;
    memset(sc, 0, sizeof(*sc));
    cfg_small(&sc->setup, disks, volume);
    sc->cell_ns = 2 * SIM_NS_PER_S;
    sc->speed = speed;
    if (sim_session_create(sc, &s, why, sizeof(why)) != 0 || sim_session_start(s) != 0) {
        CHECK_FAIL_AT("cannot start a session: %s", why);
        return NULL;
    }
    return s;
}

static void load_change_should_take_effect(void)
{
    struct sim_session_cfg sc;
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    /* a volume no limit binds at these loads: IOPS = load / latency */
    sim_session *s = interactive(&sc, 1, "io2-2021:size=500GiB,iops=64000", 0);
    if (!s)
        return;
    struct sim_cmd c = { .kind = SIM_CMD_LOAD, .a = 1, .b = 0 };
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    struct want_load w1 = { 1, 0, 0.5 };
    CHECK(wait_for(s, snap, at_load, &w1));
    double iops1 = snap->cur.cls[WL_SMALL].iops;
    CHECK(snap->pinned);
    c.a = 8;
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    struct want_load w8 = { 8, 0, 0.5 };
    CHECK(wait_for(s, snap, at_load, &w8));
    double iops8 = snap->cur.cls[WL_SMALL].iops;
    /* eight outstanding I/Os at the same latency: about eight times */
    CHECK_NEAR_REL(iops8 / iops1, 8.0, 0.15);
    CHECK_GT(snap->n_series, 0);
    CHECK(snap->p99_us >= snap->p50_us && snap->p50_us > 0);
    sim_session_destroy(s);
    free(snap);
}

static bool has_disks(const struct sim_snapshot *s, const void *arg)
{
    int want = *(const int *)arg;
    return s->disks == want && s->n_disk == want && s->measuring && s->cur.cls[WL_SMALL].ios > 0;
}

static void disks_change_should_rebuild_the_disk_group(void)
{
    struct sim_session_cfg sc;
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    sim_session *s = interactive(&sc, 2, "gp3", 0);
    if (!s)
        return;
    int two = 2, three = 3;
    CHECK(wait_for(s, snap, has_disks, &two));
    struct sim_cmd c = { .kind = SIM_CMD_DISKS, .a = 3 };
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    CHECK(wait_for(s, snap, has_disks, &three));
    for (int d = 0; d < snap->n_disk; d++)
        CHECK_GT(snap->disk[d].iops, 0);
    CHECK(snap->slowest_disk >= 0 && snap->slowest_disk < 3);
    /* an impossible disk group is refused and the old one stays */
    c.kind = SIM_CMD_REDUNDANCY;
    c.a = LAY_HIGH;                 /* 3 failure groups: fine */
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    c.kind = SIM_CMD_DISKS;
    c.a = 2;                        /* high redundancy on 2 disks: refused */
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    struct after_cmds both = { snap->cmds_applied + 2, has_disks, &three };
    CHECK(wait_for(s, snap, after_applied, &both));
    sim_session_destroy(s);
    free(snap);
}

struct want_level {
    uint64_t applied;
    enum lay_redundancy level;
};

static bool at_level(const struct sim_snapshot *s, const void *arg)
{
    const struct want_level *w = arg;
    return s->cmds_applied >= w->applied && s->redundancy == w->level && s->measuring;
}

/* r cycles external, normal, high: on 2 disks high is refused, so from
   normal the cycle passes over it (and says so) to external, then on to
   normal again, never stuck at a level it cannot leave. */
static void redundancy_cycle_should_pass_over_a_refused_level(void)
{
    struct sim_session_cfg sc;
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    char why[256];
    sim_session *s = NULL;
    memset(&sc, 0, sizeof(sc));
    cfg_small(&sc.setup, 2, "gp3");
    sc.setup.run.layout.redundancy = LAY_NORMAL;
    sc.cell_ns = 2 * SIM_NS_PER_S;
    if (sim_session_create(&sc, &s, why, sizeof(why)) != 0 || sim_session_start(s) != 0) {
        CHECK_FAIL_AT("cannot start a session: %s", why);
        free(snap);
        return;
    }
    /* a pinned load: the walk's "matrix complete" never overwrites the
       message judged here */
    struct sim_cmd pin = { .kind = SIM_CMD_LOAD, .a = 1, .b = 0 };
    CHECK_INT_EQ(sim_session_send(s, &pin), 0);
    struct sim_cmd c = { .kind = SIM_CMD_REDUNDANCY, .a = SIM_REDUNDANCY_NEXT };
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    struct want_level ext = { 2, LAY_EXTERNAL };
    if (!wait_for(s, snap, at_level, &ext))
        CHECK_FAIL_AT("redundancy %s, expected external; message \"%s\"",
                      lay_redundancy_name(snap->redundancy), snap->message);
    const char *said = "{redundancy} high: needs at least 3 failure groups (5 recommended): "
                       "passed over; disk group rebuilt: 2 disks, coarse, external redundancy";
    CHECK_STR_EQ(snap->message, said);
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    struct want_level normal = { 3, LAY_NORMAL };
    CHECK(wait_for(s, snap, at_level, &normal));
    sim_session_destroy(s);
    free(snap);
}

struct want_sizes {
    uint64_t applied;
    uint32_t small, large;
};

static bool at_sizes(const struct sim_snapshot *s, const void *arg)
{
    const struct want_sizes *w = arg;
    return s->cmds_applied >= w->applied && s->small_bytes == w->small &&
           s->large_bytes == w->large && s->measuring;
}

/* z / Z cycle the sizes from the one in force, passing over what the
   check refuses, as r does: with a 16 KiB alignment, small 64 KiB goes on
   to 16 KiB past 4 and 8 KiB (and says why), large 128 KiB to 256 KiB;
   with a 64 KiB alignment no other small size is taken, the refusal is
   said and the size stays. */
static void size_cycle_should_pass_over_a_refused_size(void)
{
    struct sim_session_cfg sc;
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    char why[256];
    for (int round = 0; round < 2; round++) {
        sim_session *s = NULL;
        memset(&sc, 0, sizeof(sc));
        cfg_small(&sc.setup, 2, "gp3");
        sc.setup.run.workload.align_bytes = round == 0 ? 16384 : 65536;
        sc.setup.run.workload.small_bytes = 65536;
        sc.setup.run.workload.large_bytes = 131072;
        sc.cell_ns = 2 * SIM_NS_PER_S;
        if (sim_session_create(&sc, &s, why, sizeof(why)) != 0 || sim_session_start(s) != 0) {
            CHECK_FAIL_AT("cannot start a session: %s", why);
            break;
        }
        struct sim_cmd pin = { .kind = SIM_CMD_LOAD, .a = 1, .b = 0 };
        CHECK_INT_EQ(sim_session_send(s, &pin), 0);
        struct sim_cmd z = { .kind = SIM_CMD_SIZE_NEXT, .a = WL_SMALL };
        CHECK_INT_EQ(sim_session_send(s, &z), 0);
        struct want_sizes w = { 2, round == 0 ? 16384 : 65536, 131072 };
        if (!wait_for(s, snap, at_sizes, &w))
            CHECK_FAIL_AT("round %d: small %u, large %u; message \"%s\"", round,
                          snap->small_bytes, snap->large_bytes, snap->message);
        if (round == 0) {
            CHECK_STR_EQ(snap->message,
                         "workload: {size_small} 4096: must be a multiple of 16384 bytes: "
                         "passed over; disk group rebuilt: 2 disks, coarse, external redundancy");
            struct sim_cmd big = { .kind = SIM_CMD_SIZE_NEXT, .a = WL_LARGE };
            CHECK_INT_EQ(sim_session_send(s, &big), 0);
            struct want_sizes w2 = { 3, 16384, 262144 };
            CHECK(wait_for(s, snap, at_sizes, &w2));
        } else {
            CHECK_STR_EQ(snap->message,
                         "refused: workload: {size_small} 4096: must be a multiple of 65536 bytes");
        }
        sim_session_destroy(s);
    }
    free(snap);
}

struct want_curve {
    uint64_t applied;
    int n;                          /* disk counts on the curve */
    int disks;                      /* the last of them */
};

static bool curve_is(const struct sim_snapshot *s, const void *arg)
{
    const struct want_curve *w = arg;
    return s->cmds_applied >= w->applied && s->n_sweep == w->n &&
           s->sweep_disks[w->n - 1] == w->disks && s->sweep_iops[w->n - 1] > 0;
}

/* The sweep curve compares disk counts of one configuration: a second
   disk count joins it, a retuned volume or a new write percentage starts
   it anew (not gp3 figures beside io2 ones). */
static void sweep_curve_should_hold_one_configuration(void)
{
    struct sim_session_cfg sc;
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    sim_session *s = interactive(&sc, 1, "gp3", 0);
    if (!s)
        return;
    struct sim_cmd pin = { .kind = SIM_CMD_LOAD, .a = 4, .b = 0 };
    CHECK_INT_EQ(sim_session_send(s, &pin), 0);
    struct want_curve one = { 1, 1, 1 };
    CHECK(wait_for(s, snap, curve_is, &one));
    struct sim_cmd c = { .kind = SIM_CMD_DISKS, .a = 2 };
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    struct want_curve two = { 2, 2, 2 };
    if (!wait_for(s, snap, curve_is, &two))
        CHECK_FAIL_AT("after --disks 2: %d disk counts on the curve", snap->n_sweep);
    struct sim_cmd retune[] = {
        { .kind = SIM_CMD_VOLUME, .x = 6000, .y = -1 },
        { .kind = SIM_CMD_WRITE_PCT, .a = 50 },
        { .kind = SIM_CMD_SIZE_NEXT, .a = WL_SMALL },
    };
    uint64_t sent = 2;
    int disks = 2;
    for (int i = 0; i < 3; i++) {
        CHECK_INT_EQ(sim_session_send(s, &retune[i]), 0);
        struct want_curve anew = { ++sent, 1, disks };
        if (!wait_for(s, snap, curve_is, &anew))
            CHECK_FAIL_AT("command %d: %d disk counts on the curve, the first %d", i,
                          snap->n_sweep, snap->sweep_disks[0]);
        disks = 3 - disks;          /* 2, 1, 2: the other count joins */
        c.a = disks;
        CHECK_INT_EQ(sim_session_send(s, &c), 0);
        struct want_curve joined = { ++sent, 2, 2 };
        CHECK(wait_for(s, snap, curve_is, &joined));
    }
    sim_session_destroy(s);
    free(snap);
}

static bool is_paused(const struct sim_snapshot *s, const void *arg)
{
    (void)arg;
    return s->paused && s->measuring;
}

static void pause_should_freeze_the_figures(void)
{
    struct sim_session_cfg sc;
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    sim_session *s = interactive(&sc, 1, "gp3", 0);
    if (!s)
        return;
    struct sim_cmd c = { .kind = SIM_CMD_LOAD, .a = 1, .b = 0 };
    sim_session_send(s, &c);        /* pinned: the walk does not move on */
    struct want_load w = { 1, 0, 0.1 };
    CHECK(wait_for(s, snap, at_load, &w));
    c = (struct sim_cmd){ .kind = SIM_CMD_PAUSE, .a = 1 };
    sim_session_send(s, &c);
    CHECK(wait_for(s, snap, is_paused, NULL));
    double t0 = snap->device_s;
    uint64_t ios0 = snap->cur.cls[WL_SMALL].ios;
    usleep(300000);
    sim_session_snapshot(s, snap);
    CHECK(snap->paused);
    CHECK(snap->device_s == t0);
    CHECK_U64_EQ(snap->cur.cls[WL_SMALL].ios, ios0);
    c.a = 0;
    sim_session_send(s, &c);
    usleep(300000);
    sim_session_snapshot(s, snap);
    CHECK(!snap->paused);
    CHECK_GT(snap->device_s, t0);
    sim_session_destroy(s);
    free(snap);
}

static bool matrix_full(const struct sim_snapshot *s, const void *arg)
{
    (void)arg;
    if (s->n_small_levels == 0)
        return false;
    for (int i = 0; i < s->n_small_levels; i++)
        if (isnan(s->cell_iops[0][i]))
            return false;
    return true;
}

/* One gp3 disk walked in 200 ms cells, saving as testname into dir, a
   mkdtemp template made a fresh directory here. */
static void saving_cfg(struct sim_session_cfg *sc, char *dir, const char *testname)
{
    memset(sc, 0, sizeof(*sc));
    cfg_small(&sc->setup, 1, "gp3");
    sc->cell_ns = 200 * SIM_NS_PER_MS;
    CHECK(mkdtemp(dir) != NULL);
    sc->output_dir = dir;
    sc->testname = testname;
}

static void walk_should_fill_the_matrix_and_save_orion_files(void)
{
    struct sim_session_cfg sc;
    char why[256], dir[] = "/tmp/asmsim_session_XXXXXX";
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    saving_cfg(&sc, dir, "live");
    sim_session *s = NULL;
    CHECK_INT_EQ(sim_session_create(&sc, &s, why, sizeof(why)), 0);
    CHECK_INT_EQ(sim_session_save(s, why, sizeof(why)), -ENODATA);
    CHECK_INT_EQ(sim_session_start(s), 0);
    CHECK(wait_for(s, snap, matrix_full, NULL));
    CHECK_INT_EQ(snap->n_small_levels, 5);     /* oltp on 1 disk: 1..5 */
    CHECK(snap->pinned);                        /* holds the last point */
    CHECK_GT(snap->cell_iops[0][4], snap->cell_iops[0][0]);
    CHECK_INT_EQ(sim_session_save(s, why, sizeof(why)), 0);
    char cmd[512];
    snprintf(cmd, sizeof(cmd), "ls %s/live_*_summary.txt %s/live_*_iops.csv "
             "%s/live_*_results.json >/dev/null 2>&1", dir, dir, dir);
    CHECK_INT_EQ(system(cmd), 0);
    snprintf(cmd, sizeof(cmd), "grep -q '^Maximum Small IOPS=' %s/live_*_summary.txt", dir);
    CHECK_INT_EQ(system(cmd), 0);
    /* the save writes the HTML report of its results JSON beside it */
    snprintf(cmd, sizeof(cmd), "grep -q '<h1>asmsim run report: live</h1>' "
             "%s/live_*_report.html", dir);
    CHECK_INT_EQ(system(cmd), 0);
    snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
    CHECK_INT_EQ(system(cmd), 0);
    sim_session_destroy(s);
    free(snap);
}

/* A saved session's summary is the run's: with the buckets starting at
   50 % (--burst-credits 50) its Burst: line gives the time from 50 % too,
   as a run's does (the saved summary did not know the start level). */
static void save_should_give_the_burst_from_the_start_level(void)
{
    struct sim_session_cfg sc;
    char why[256], dir[] = "/tmp/asmsim_session_XXXXXX";
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    saving_cfg(&sc, dir, "half");
    cfg_small(&sc.setup, 1, "gp2:size=200GiB");
    sc.setup.run.burst_credit_frac = 0.5;
    sim_session *s = NULL;
    CHECK_INT_EQ(sim_session_create(&sc, &s, why, sizeof(why)), 0);
    CHECK_INT_EQ(sim_session_start(s), 0);
    CHECK(wait_for(s, snap, matrix_full, NULL));
    CHECK_INT_EQ(sim_session_save(s, why, sizeof(why)), 0);
    char cmd[512];
    snprintf(cmd, sizeof(cmd), "grep -Eq '^Burst: .* for at most .* from 50 %%, .* from full' "
             "%s/half_*_summary.txt", dir);
    CHECK_INT_EQ(system(cmd), 0);
    snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
    CHECK_INT_EQ(system(cmd), 0);
    sim_session_destroy(s);
    free(snap);
}

/* Whether a file DIR/NAME_*_SUFFIX of the last save matches the
   extended regex. */
static bool saved_has(const char *dir, const char *name, const char *suffix,
                      const char *regex)
{
    char cmd[1024];
    snprintf(cmd, sizeof(cmd), "grep -Eq -- '%s' %s/%s_*_%s", regex, dir, name, suffix);
    return system(cmd) == 0;
}

static void remove_dir(const char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
    CHECK_INT_EQ(system(cmd), 0);
}

/* The dashboard measures each cell for its cell time, whatever the launch
   configuration's duration (auto on modelled volumes): its saves say so,
   in the summary, the JSON and the HTML report alike. */
static void save_should_state_the_cell_duration_measured(void)
{
    struct sim_session_cfg sc;
    char why[256], dir[] = "/tmp/asmsim_session_XXXXXX";
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    saving_cfg(&sc, dir, "dur");
    sc.setup.run.point.auto_duration = true;      /* as `asmsim tui` resolves it */
    sc.setup.run.point.duration_ns = 60 * SIM_NS_PER_S;
    sim_session *s = NULL;
    CHECK_INT_EQ(sim_session_create(&sc, &s, why, sizeof(why)), 0);
    CHECK_INT_EQ(sim_session_start(s), 0);
    CHECK(wait_for(s, snap, matrix_full, NULL));
    CHECK_INT_EQ(sim_session_save(s, why, sizeof(why)), 0);
    CHECK(saved_has(dir, "dur", "summary.txt", "^Duration for each data point: 0.200 seconds$"));
    CHECK(saved_has(dir, "dur", "results.json", "\"duration_s\":[[:space:]]*0.2[,}]"));
    CHECK(saved_has(dir, "dur", "report.html", "duration per point 0.2 *s"));
    CHECK(!saved_has(dir, "dur", "*", "auto \\(95%|\"duration_s\":[[:space:]]*\"auto\"|duration per point auto"));
    remove_dir(dir);
    sim_session_destroy(s);
    free(snap);
}

static bool full_after(const struct sim_snapshot *s, const void *arg)
{
    return s->cmds_applied >= *(const uint64_t *)arg && matrix_full(s, NULL);
}

/* A save costs the configuration its cells were measured in: launched as
   m5.large with 4 gp3 and retuned to r5b.24xlarge, 2 disks and 6,000 IOPS
   at 500 MiB/s, the summary, the JSON and the HTML report all give that
   bill (price_bill's, as `asmsim cost` makes it), not the launch's. */
static void save_after_retunes_should_cost_what_was_measured(void)
{
    struct sim_session_cfg sc;
    char why[256], dir[] = "/tmp/asmsim_session_XXXXXX";
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    saving_cfg(&sc, dir, "cost");
    cfg_small(&sc.setup, 4, "gp3");
    CHECK_INT_EQ(prof_instance_find("m5.large", &sc.setup.instance, why, sizeof(why)), 0);
    CHECK_INT_EQ(price_bill(&sc.setup.instance, &sc.setup.volume, 4, NULL, &sc.setup.bill, why,
                            sizeof(why)), 0);
    struct price_bill want;
    struct inst_profile r5b;
    struct vol_profile v = sc.setup.volume;
    CHECK_INT_EQ(prof_instance_find("r5b.24xlarge", &r5b, why, sizeof(why)), 0);
    CHECK_INT_EQ(prof_volume_reprovision(&v, 6000, 500.0 * 1048576, why, sizeof(why)), 0);
    CHECK_INT_EQ(price_bill(&r5b, &v, 2, NULL, &want, why, sizeof(why)), 0);
    sim_session *s = NULL;
    CHECK_INT_EQ(sim_session_create(&sc, &s, why, sizeof(why)), 0);
    CHECK_INT_EQ(sim_session_start(s), 0);
    struct sim_cmd c[] = {
        { .kind = SIM_CMD_INSTANCE, .text = "r5b.24xlarge" },
        { .kind = SIM_CMD_DISKS, .a = 2 },
        { .kind = SIM_CMD_VOLUME, .x = 6000, .y = 500.0 * 1048576 },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        CHECK_INT_EQ(sim_session_send(s, &c[i]), 0);
    uint64_t all = sizeof c / sizeof c[0];
    CHECK(wait_for(s, snap, full_after, &all));
    CHECK_INT_EQ(sim_session_save(s, why, sizeof(why)), 0);
    char line[160];
    snprintf(line, sizeof(line), "^Cost: \\$%.2f/month \\(instance \\$%.2f \\+ 2 volumes ",
             want.total_usd_month, want.instance_usd_month);
    if (!saved_has(dir, "cost", "summary.txt", line))
        CHECK_FAIL_AT("summary: no line matching %s", line);
    snprintf(line, sizeof(line), "\"total_usd_month\":[[:space:]]*%.2f", want.total_usd_month);
    CHECK(saved_has(dir, "cost", "results.json", line));
    CHECK(saved_has(dir, "cost", "results.json", "\"instance_basis\":[[:space:]]*\"r5b.24xlarge "));
    snprintf(line, sizeof(line), ">%.2f</span> USD", want.total_usd_month);
    CHECK(saved_has(dir, "cost", "report.html", line));
    remove_dir(dir);
    sim_session_destroy(s);
    free(snap);
}

static bool device_past(const struct sim_snapshot *s, const void *arg)
{
    return s->device_s >= *(const double *)arg;
}

/* A load pinned off the matrix is shown, not saved: the save's summary
   names no maximum its ORION files cannot show (oltp on 1 disk: small
   1..5; 23 outstanding I/Os would beat them all), and every cell of the
   walk that follows is kept. */
static void save_should_hold_the_matrix_cells_only(void)
{
    struct sim_session_cfg sc;
    char why[256], dir[] = "/tmp/asmsim_session_XXXXXX";
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    saving_cfg(&sc, dir, "off");
    cfg_small(&sc.setup, 1, "io2-2021:size=500GiB,iops=64000");
    sim_session *s = NULL;
    CHECK_INT_EQ(sim_session_create(&sc, &s, why, sizeof(why)), 0);
    CHECK_INT_EQ(sim_session_start(s), 0);
    struct sim_cmd c = { .kind = SIM_CMD_LOAD, .a = 23, .b = 0 };
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    struct want_load w = { 23, 0, 0.1 };
    CHECK(wait_for(s, snap, at_load, &w));
    double later = snap->device_s + 1.0;    /* several 200 ms cells at 23 */
    CHECK(wait_for(s, snap, device_past, &later));
    c = (struct sim_cmd){ .kind = SIM_CMD_WALK };
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    uint64_t both = 2;
    CHECK(wait_for(s, snap, full_after, &both));
    CHECK_INT_EQ(sim_session_save(s, why, sizeof(why)), 0);
    CHECK(strstr(why, "saved 5 points to ") != NULL);
    CHECK(saved_has(dir, "off", "summary.txt", "^Maximum Small IOPS=[0-9.]+ @ Small=[1-5] and Large=0"));
    CHECK(!saved_has(dir, "off", "*", "Small=23"));
    remove_dir(dir);
    sim_session_destroy(s);
    free(snap);
}

struct want_applied {
    uint64_t applied;
    int small;
};

static bool applied_at(const struct sim_snapshot *s, const void *arg)
{
    const struct want_applied *w = arg;
    return s->cmds_applied == w->applied && s->point.small == w->small;
}

static void commands_sent_together_should_each_be_applied_in_order(void)
{
    struct sim_session_cfg sc;
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    sim_session *s = interactive(&sc, 1, "io2-2021:size=500GiB,iops=64000", 0);
    if (!s)
        return;
    /* faster than the engine takes them: all ten wait in the queue */
    for (int i = 1; i <= 10; i++) {
        struct sim_cmd c = { .kind = SIM_CMD_LOAD, .a = i, .b = 0 };
        CHECK_INT_EQ(sim_session_send(s, &c), 0);
    }
    struct sim_cmd p = { .kind = SIM_CMD_PAUSE, .a = -1 };     /* not counted */
    CHECK_INT_EQ(sim_session_send(s, &p), 0);
    CHECK_INT_EQ(sim_session_send(s, &p), 0);
    struct want_applied w = { 10, 10 };
    CHECK(wait_for(s, snap, applied_at, &w));
    CHECK_U64_EQ(snap->cmds_applied, 10);
    CHECK(!snap->paused);                   /* toggled twice */
    sim_session_destroy(s);
    free(snap);
}

static bool pause_toggled_on(const struct sim_snapshot *s, const void *arg)
{
    (void)arg;
    return s->paused;
}

static void pause_toggle_should_flip_the_pause(void)
{
    struct sim_session_cfg sc;
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    sim_session *s = interactive(&sc, 1, "gp3", 0);
    if (!s)
        return;
    struct sim_cmd c = { .kind = SIM_CMD_PAUSE, .a = -1 };
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    CHECK(wait_for(s, snap, pause_toggled_on, NULL));
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    usleep(400000);
    sim_session_snapshot(s, snap);
    CHECK(!snap->paused);
    sim_session_destroy(s);
    free(snap);
}

static bool full_at_half_writes(const struct sim_snapshot *s, const void *arg)
{
    return s->write_pct == 50 && matrix_full(s, arg);
}

/* the hook the dashboard supplies: here it says what it was given */
static char *measured_command(void *arg, const struct sim_setup *measured)
{
    char *line = malloc(64);
    if (line)
        snprintf(line, 64, "%s writes=%d disks=%d", (const char *)arg,
                 measured->run.workload.write_pct, measured->run.disks);
    return line;
}

static void save_after_a_write_change_should_describe_what_was_measured(void)
{
    struct sim_session_cfg sc;
    char why[256], dir[] = "/tmp/asmsim_session_XXXXXX";
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    saving_cfg(&sc, dir, "tuned");
    sc.command_line = "asmsim tui --launch";
    sc.version = "9.8.7";
    sc.command_line_of = measured_command;
    sc.command_line_arg = "tuned:";
    sim_session *s = NULL;
    CHECK_INT_EQ(sim_session_create(&sc, &s, why, sizeof(why)), 0);
    CHECK_INT_EQ(sim_session_start(s), 0);
    CHECK(wait_for(s, snap, matrix_full, NULL));
    CHECK(snap->pinned);                    /* holding the last point */
    struct sim_cmd c = { .kind = SIM_CMD_WRITE_PCT, .a = 50 };
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    /* the held walk starts over in the new configuration and fills again */
    CHECK(wait_for(s, snap, full_at_half_writes, NULL));
    CHECK_INT_EQ(sim_session_save(s, why, sizeof(why)), 0);
    CHECK(strstr(why, "saved 5 points to ") != NULL);
    const char *want[] = {
        "^ORION VERSION asmsim 9.8.7$", "^tuned: writes=50 disks=1$", "^Writes: 50%$",
    };
    char cmd[600];
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        snprintf(cmd, sizeof(cmd), "grep -q '%s' %s/tuned_*_summary.txt", want[i], dir);
        CHECK_INT_EQ(system(cmd), 0);
    }
    snprintf(cmd, sizeof(cmd), "grep -q '\"command\":.*tuned: writes=50' %s/tuned_*_results.json", dir);
    CHECK_INT_EQ(system(cmd), 0);
    snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
    CHECK_INT_EQ(system(cmd), 0);
    sim_session_destroy(s);
    free(snap);
}

/* A hook that breaks the output directory (a file takes its name) when
   the save asks for the command line of its `break_at`-th set. */
struct breaker {
    const char *dir;
    int calls, break_at;
};

static char *break_dir_on_a_set(void *arg, const struct sim_setup *measured)
{
    struct breaker *b = arg;
    char away[300];

    (void)measured;
    if (++b->calls == b->break_at) {
        snprintf(away, sizeof(away), "%s.away", b->dir);
        CHECK_INT_EQ(rename(b->dir, away), 0);
        FILE *f = fopen(b->dir, "w");
        CHECK(f != NULL);
        if (f)
            fclose(f);
    }
    return strdup("asmsim tui");
}

static int count_sets(const char *dir)
{
    char cmd[400];
    snprintf(cmd, sizeof(cmd), "exit $(ls %s/brk_*_summary.txt 2>/dev/null | wc -l)", dir);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* A save that fails part way (the set before tuning written, then the
   directory gone) says what it wrote and what it did not, and the next
   save writes only what was not written: the set before tuning once (it
   was written again, and the failure hid that it had been). */
static void save_failed_part_way_should_leave_only_the_unsaved_for_the_next(void)
{
    struct sim_session_cfg sc;
    char why[1024], dir[] = "/tmp/asmsim_session_XXXXXX", away[300];
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    saving_cfg(&sc, dir, "brk");
    struct breaker b = { dir, 0, 2 };
    sc.command_line_of = break_dir_on_a_set;
    sc.command_line_arg = &b;
    sim_session *s = NULL;
    CHECK_INT_EQ(sim_session_create(&sc, &s, why, sizeof(why)), 0);
    CHECK_INT_EQ(sim_session_start(s), 0);
    CHECK(wait_for(s, snap, matrix_full, NULL));
    struct sim_cmd c = { .kind = SIM_CMD_WRITE_PCT, .a = 50 };
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    CHECK(wait_for(s, snap, full_at_half_writes, NULL));
    c = (struct sim_cmd){ .kind = SIM_CMD_PAUSE, .a = 1 };     /* the record holds still */
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    CHECK(wait_for(s, snap, is_paused, NULL));
    CHECK(sim_session_save(s, why, sizeof(why)) < 0);
    if (!strstr(why, "before tuning: saved 5 points to ") ||
        !strstr(why, "; 5 points not saved: "))
        CHECK_FAIL_AT("the message of a save failed part way: %s", why);
    int sets = 0;
    CHECK_INT_EQ(sim_session_saveable(s, &sets), 5);    /* the tuned set only */
    CHECK_INT_EQ(sets, 1);
    snprintf(away, sizeof(away), "%s.away", dir);
    CHECK_INT_EQ(unlink(dir), 0);
    CHECK_INT_EQ(rename(away, dir), 0);
    CHECK_INT_EQ(sim_session_save(s, why, sizeof(why)), 0);
    CHECK(strstr(why, "before tuning") == NULL);
    CHECK_INT_EQ(count_sets(dir), 2);       /* each configuration once */
    remove_dir(dir);
    sim_session_destroy(s);
    free(snap);
}

/* A save marks what it wrote: with nothing measured since, the next
   save (a quit's) writes nothing and says why, not the same set again;
   a cell measured afterwards is saved again (tester D3). */
static void save_then_quit_should_not_write_the_same_set_again(void)
{
    struct sim_session_cfg sc;
    char why[1024], dir[] = "/tmp/asmsim_session_XXXXXX";
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    saving_cfg(&sc, dir, "brk");
    sim_session *s = NULL;
    CHECK_INT_EQ(sim_session_create(&sc, &s, why, sizeof(why)), 0);
    CHECK_INT_EQ(sim_session_start(s), 0);
    CHECK(wait_for(s, snap, matrix_full, NULL));
    struct sim_cmd c = { .kind = SIM_CMD_PAUSE, .a = 1 };     /* the record holds still */
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    CHECK(wait_for(s, snap, is_paused, NULL));
    CHECK_INT_EQ(sim_session_save(s, why, sizeof(why)), 0);
    int sets = -1;
    CHECK_INT_EQ(sim_session_saveable(s, &sets), 0);
    CHECK_INT_EQ(sets, 0);
    CHECK_INT_EQ(sim_session_save(s, why, sizeof(why)), -ENODATA);
    if (!strstr(why, "nothing new: the last save wrote every point measured"))
        CHECK_FAIL_AT("the message of a save with nothing new: %s", why);
    CHECK_INT_EQ(count_sets(dir), 1);
    c.a = 0;                                                    /* a cell more */
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    for (int i = 0; i < 500 && sim_session_saveable(s, &sets) == 0; i++)
        usleep(10000);
    CHECK_INT_EQ(sets, 1);
    CHECK_INT_EQ(sim_session_save(s, why, sizeof(why)), 0);
    CHECK_INT_EQ(count_sets(dir), 2);
    remove_dir(dir);
    sim_session_destroy(s);
    free(snap);
}

static void volume_retune_should_move_the_binding_limit(void)
{
    struct sim_session_cfg sc;
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    /* gp3 at its included 3000 IOPS, 32 outstanding: the volume binds */
    sim_session *s = interactive(&sc, 1, "gp3:size=100GiB", 0);
    if (!s)
        return;
    struct sim_cmd c = { .kind = SIM_CMD_LOAD, .a = 32, .b = 0 };
    sim_session_send(s, &c);
    struct want_load w = { 32, 0, 1.0 };
    CHECK(wait_for(s, snap, at_load, &w));
    double before = snap->cur.cls[WL_SMALL].iops;
    CHECK_INT_EQ(snap->limited_by, SIM_LIMIT_VOLUME_IOPS);
    c = (struct sim_cmd){ .kind = SIM_CMD_VOLUME, .x = 6000 };
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    /* the restarted window at the same load, once the retune is in */
    struct after_cmds retuned = { snap->cmds_applied + 1, at_load, &w };
    CHECK(wait_for(s, snap, after_applied, &retuned));
    CHECK(strstr(snap->volume, "iops=6000") != NULL);
    CHECK_NEAR_REL(snap->cur.cls[WL_SMALL].iops / before, 2.0, 0.15);
    sim_session_destroy(s);
    free(snap);
}

struct want_buckets {
    uint64_t applied;               /* after this many commands */
    int n;                          /* gauges */
};

static bool has_buckets(const struct sim_snapshot *s, const void *arg)
{
    const struct want_buckets *w = arg;
    return s->cmds_applied >= w->applied && s->measuring && s->window_s >= 1.5 &&
           s->n_buckets == w->n;
}

/* The burst gauges follow an instance retuned in place: m5.large's two
   buckets (IOPS, MB/s: a 30-minute burst) go with r5b.24xlarge, which has
   no burst, and come back with m5.large. */
static void instance_retune_should_change_the_burst_gauges_at_once(void)
{
    struct sim_session_cfg sc;
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    char why[256];
    sim_session *s = NULL;
    memset(&sc, 0, sizeof(sc));
    cfg_small(&sc.setup, 1, "gp3");
    CHECK_INT_EQ(prof_instance_find("m5.large", &sc.setup.instance, why, sizeof(why)), 0);
    sc.cell_ns = 60 * SIM_NS_PER_S;
    if (sim_session_create(&sc, &s, why, sizeof(why)) != 0 || sim_session_start(s) != 0) {
        CHECK_FAIL_AT("cannot start a session: %s", why);
        free(snap);
        return;
    }
    struct want_buckets two = { 0, 2 };
    CHECK(wait_for(s, snap, has_buckets, &two));
    struct sim_cmd c = { .kind = SIM_CMD_INSTANCE };
    snprintf(c.text, sizeof(c.text), "r5b.24xlarge");
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    struct want_buckets none = { snap->cmds_applied + 1, 0 };
    if (!wait_for(s, snap, has_buckets, &none))
        CHECK_FAIL_AT("instance %s: %d gauges, expected none", snap->instance, snap->n_buckets);
    snprintf(c.text, sizeof(c.text), "m5.large");
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    two.applied = snap->cmds_applied + 1;
    if (!wait_for(s, snap, has_buckets, &two))
        CHECK_FAIL_AT("instance %s: %d gauges, expected 2", snap->instance, snap->n_buckets);
    sim_session_destroy(s);
    free(snap);
}

static void speed_should_pace_device_time_to_the_wall_clock(void)
{
    struct sim_session_cfg sc;
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    sim_session *s = interactive(&sc, 1, "gp3", 4.0);
    if (!s)
        return;
    double start = 0.2;
    CHECK(wait_for(s, snap, device_past, &start));
    double dev0 = snap->device_s;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    /* one wall second, longer where everything runs slower: the error of
       a live period or two shrinks with the window */
    usleep((useconds_t)(1000000 * timeout_scale()));
    sim_session_snapshot(s, snap);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double wall = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
    /* 4 device seconds per wall second, within a live period or two */
    CHECK_NEAR_REL((snap->device_s - dev0) / wall, 4.0, 0.15);
    sim_session_destroy(s);
    free(snap);
}

static bool has_event(const struct sim_snapshot *s, const void *arg)
{
    for (int i = 0; i < s->n_events; i++)
        if (strstr(s->event[i].text, arg))
            return true;
    return false;
}

/* A gp2 volume's bucket carried from 2 % of its size under 16 small I/Os:
   the gauge falls to empty, the event says so at the time the bucket's
   size gives, in the log and the message, and the strip spans the run. */
static void carried_gp2_bucket_should_empty_into_an_event(void)
{
    struct sim_session_cfg sc;
    char why[256];
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    sim_session *s = NULL;
    memset(&sc, 0, sizeof(sc));
    cfg_small(&sc.setup, 1, "gp2:size=20GiB");
    sc.setup.run.burst_carry = true;
    sc.setup.run.burst_credit_frac = 0.02;
    sc.cell_ns = 10 * SIM_NS_PER_S;
    if (sim_session_create(&sc, &s, why, sizeof(why)) != 0 || sim_session_start(s) != 0) {
        CHECK_FAIL_AT("cannot start a session: %s", why);
        free(snap);
        return;
    }
    struct sim_cmd c = { .kind = SIM_CMD_LOAD, .a = 16, .b = 0 };
    sim_session_send(s, &c);
    /* the rates the limit runs at: provisioned 3,000 / 100 IOPS (DOMAIN.md
       gp2) at the profile's delivered fraction (1.0 since issue 33) */
    const char *want = "DATA_0000 burst credits empty: 3,000 -> 100 IOPS";
    CHECK(wait_for(s, snap, has_event, want));
    /* drained at the delivered burst rate less the base refill (gp2 20 GiB:
       3,000 burst, 100 base, a 5.4 M bucket: DOMAIN.md gp2) */
    const struct vol_profile *v = &sc.setup.volume;
    double drain = v->iops_burst * v->delivered_iops_frac - v->iops_base;
    double expect_s = 0.02 * v->iops_bucket_ops / drain;
    CHECK_NEAR_REL(snap->event[0].t_s, expect_s, 0.10);
    /* the message line tells the newest event */
    CHECK(snap->n_events > 0 && strstr(snap->message, snap->event[snap->n_events - 1].text));
    CHECK_INT_EQ(snap->n_buckets, 1);
    CHECK_LE(snap->bucket[0].r.level_frac, BURST_EMPTY_FRAC * 2);
    CHECK_NEAR_REL(snap->bucket[0].r.burst_rate, v->iops_burst * v->delivered_iops_frac, 1e-9);
    CHECK_NEAR_REL(snap->bucket[0].r.base_rate, v->iops_base * v->delivered_iops_frac, 1e-9);
    CHECK(snap->strip.start_s == 0.0);
    CHECK_GT(snap->strip.n, 0);
    /* the strip runs to the newest sample (one every 200 ms in a window) */
    CHECK_GE(snap->strip.n * snap->strip.col_s + 1.0, snap->event[0].t_s);
    sim_session_destroy(s);
    free(snap);
}

static void batch_session_should_refuse_tuning(void)
{
    struct sim_session_cfg sc = { 0 };
    char why[256];
    sim_session *s = NULL;
    cfg_small(&sc.setup, 1, "gp3");
    sc.batch = true;
    CHECK_INT_EQ(sim_session_create(&sc, &s, why, sizeof(why)), 0);
    struct sim_cmd c = { .kind = SIM_CMD_DISKS, .a = 2 };
    CHECK_INT_EQ(sim_session_send(s, &c), -ENOTSUP);
    c.kind = SIM_CMD_PAUSE;
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    sim_session_destroy(s);
}

static bool says_unknown_instance(const struct sim_snapshot *s, const void *arg)
{
    (void)arg;
    return strstr(s->message, "unknown instance") != NULL;
}

static void unknown_instance_should_be_refused_with_the_name_escaped(void)
{
    struct sim_session_cfg sc;
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    sim_session *s = interactive(&sc, 1, "gp3", 0);
    if (!s)
        return;
    /* a pinned load first: the walk's own "matrix complete" never comes
       to overwrite the message judged here */
    struct sim_cmd pin = { .kind = SIM_CMD_LOAD, .a = 1, .b = 0 };
    CHECK_INT_EQ(sim_session_send(s, &pin), 0);
    struct sim_cmd c = { .kind = SIM_CMD_INSTANCE };
    snprintf(c.text, sizeof(c.text), "m5.\x1b[2J\nlarge");
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    CHECK(wait_for(s, snap, says_unknown_instance, NULL));
    const char *want = "instance \"m5.\\x1b[2J\\x0alarge\": unknown instance ";
    if (strncmp(snap->message, want, strlen(want)) != 0)
        CHECK_FAIL_AT("message \"%s\", expected it to start \"%s\"", snap->message, want);
    for (const char *p = snap->message; *p; p++)
        if ((unsigned char)*p < 0x20)
            CHECK_FAIL_AT("control byte 0x%02x in \"%s\"", (unsigned char)*p, snap->message);
    CHECK(snap->state != SIM_SESS_FAILED);
    sim_session_destroy(s);
    free(snap);
}

struct want_refusal {
    uint64_t applied;
    const char *message;            /* the start of the message line */
};

static bool refused_as(const struct sim_snapshot *s, const void *arg)
{
    const struct want_refusal *w = arg;
    return s->cmds_applied >= w->applied &&
           strncmp(s->message, w->message, strlen(w->message)) == 0;
}

/* Send instance `name` to s and see it refused as `message` says, with
   `stays` the instance in force. */
static void instance_should_be_refused(sim_session *s, struct sim_snapshot *snap,
                                       const char *name, const char *stays,
                                       const char *message)
{
    struct sim_cmd c = { .kind = SIM_CMD_INSTANCE };
    snprintf(c.text, sizeof(c.text), "%s", name);
    sim_session_snapshot(s, snap);
    struct want_refusal w = { snap->cmds_applied + 1, message };
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    if (!wait_for(s, snap, refused_as, &w))
        CHECK_FAIL_AT("instance %s: message \"%s\", expected \"%s...\"", name,
                      snap->message, message);
    CHECK_STR_EQ(snap->instance, stays);
}

/* A retune goes through the command line's checks: an OCI shape with an
   EBS volume, as `asmsim run --instance oci-e4flex-8 --volume gp3` is
   refused, and an OCI Ultra High Performance volume on a shape under 16
   OCPUs; the configuration stays as it was. */
static void instance_the_volume_cannot_attach_to_should_be_refused(void)
{
    struct sim_session_cfg sc;
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    char why[256];
    sim_session *s = interactive(&sc, 1, "gp3", 0);
    if (!s)
        return;
    struct sim_cmd pin = { .kind = SIM_CMD_LOAD, .a = 1, .b = 0 };
    CHECK_INT_EQ(sim_session_send(s, &pin), 0);
    instance_should_be_refused(s, snap, "oci-e4flex-8", sc.setup.instance.name,
        "refused: instance oci-e4flex-8 with volume gp3: an OCI shape with an AWS EBS volume; use");
    sim_session_destroy(s);

    memset(&sc, 0, sizeof(sc));
    cfg_small(&sc.setup, 1, "oci-uhp");
    CHECK_INT_EQ(prof_instance_find("oci-e4flex-16", &sc.setup.instance, why, sizeof(why)), 0);
    sc.cell_ns = 2 * SIM_NS_PER_S;
    s = NULL;
    if (sim_session_create(&sc, &s, why, sizeof(why)) != 0 || sim_session_start(s) != 0) {
        CHECK_FAIL_AT("cannot start a session: %s", why);
        free(snap);
        return;
    }
    CHECK_INT_EQ(sim_session_send(s, &pin), 0);
    instance_should_be_refused(s, snap, "oci-e4flex-8", "oci-e4flex-16",
        "refused: instance oci-e4flex-8 with volume oci-uhp: oci-uhp volumes need a shape of at least 16 OCPUs");
    sim_session_destroy(s);
    free(snap);
}

/* ---- the pools against the outstanding-I/O limit ------------------------ */

static void load_limits_should_fit_the_outstanding_limit_at_any_stream_io(void)
{
    struct sim_setup c;
    int small, large;

    cfg_small(&c, 1, "gp3");
    c.run.workload.large_type = WL_LARGE_SEQ;
    for (int stream = 1; stream <= 1024; stream++) {
        c.run.point.stream_io = stream;
        sim_session_load_limits(&c.run, NULL, true, &small, &large);
        if ((long long)small + (long long)large * stream > SIM_MAX_OUTSTANDING ||
            small != SIM_SESSION_MAX_SMALL || large < 1 || large > SIM_SESSION_MAX_LARGE)
            CHECK_FAIL_AT("--stream-io %d: %d small + %d x %d large", stream, small,
                          large, stream);
    }
    /* the full headroom while it fits; at 505 and above the large gives way */
    c.run.point.stream_io = 504;
    sim_session_load_limits(&c.run, NULL, true, &small, &large);
    CHECK_INT_EQ(large, SIM_SESSION_MAX_LARGE);
    c.run.point.stream_io = 505;
    sim_session_load_limits(&c.run, NULL, true, &small, &large);
    CHECK_INT_EQ(large, (SIM_MAX_OUTSTANDING - SIM_SESSION_MAX_SMALL) / 505);
    c.run.point.stream_io = 1024;
    sim_session_load_limits(&c.run, NULL, true, &small, &large);
    CHECK_INT_EQ(small + large * 1024, SIM_MAX_OUTSTANDING);    /* 1024 + 63 x 1024 */
    /* random large I/Os are one each: the stream count does not matter */
    c.run.workload.large_type = WL_LARGE_RAND;
    sim_session_load_limits(&c.run, NULL, true, &small, &large);
    CHECK_INT_EQ(small, SIM_SESSION_MAX_SMALL);
    CHECK_INT_EQ(large, SIM_SESSION_MAX_LARGE);
}

static void load_limits_should_hold_the_matrix_points(void)
{
    struct sim_setup c;
    int small, large;
    struct wl_point pts[] = { { 0, 1 }, { 60000, 0 }, { 0, 5 } };
    struct wl_matrix m = { .n_points = 3, .points = pts };

    cfg_small(&c, 1, "gp3");
    c.run.workload.large_type = WL_LARGE_SEQ;
    c.run.point.stream_io = 1000;
    /* 60000 small of the matrix: the headroom shrinks, the points fit */
    sim_session_load_limits(&c.run, &m, true, &small, &large);
    CHECK_INT_EQ(small, 60000);
    CHECK_INT_EQ(large, 5);
    /* without headroom: exactly the matrix */
    pts[1].small = 10;
    sim_session_load_limits(&c.run, &m, false, &small, &large);
    CHECK_INT_EQ(small, 10);
    CHECK_INT_EQ(large, 5);
}

/* A point of w->large large loads (< 0: any) runs, w->after_s device
   seconds into the session.  No figures are waited for: a thousand 1 MiB
   I/Os per stream take longer than a cell to complete. */
struct want_time {
    int large;
    double after_s;
};

static bool running_at(const struct sim_snapshot *s, const void *arg)
{
    const struct want_time *w = arg;
    return s->state == SIM_SESS_RUNNING && s->point.large > 0 &&
           (w->large < 0 || s->point.large == w->large) && s->device_s >= w->after_s;
}

static void session_should_open_with_seq_streams_above_504_and_clamp_loads(void)
{
    struct sim_session_cfg sc;
    char why[256];
    sim_session *s = NULL;
    struct sim_snapshot *snap = malloc(sizeof(*snap));

    memset(&sc, 0, sizeof(sc));
    cfg_small(&sc.setup, 1, "local-nvme");
    sc.setup.run.matrix.run = WL_RUN_DSS;             /* large I/Os only */
    sc.setup.run.workload.large_type = WL_LARGE_SEQ;
    sc.setup.run.point.stream_io = 1024;              /* 128 x 1024 would not fit */
    sc.cell_ns = 200 * SIM_NS_PER_MS;
    CHECK_INT_EQ(sim_session_create(&sc, &s, why, sizeof(why)), 0);
    CHECK_INT_EQ(sim_session_start(s), 0);
    struct want_time any = { -1, 0.3 };
    CHECK(wait_for(s, snap, running_at, &any));
    if (snap->state == SIM_SESS_FAILED)
        CHECK_FAIL_AT("the session failed: %s", snap->message);
    CHECK_INT_EQ(snap->max_small, SIM_SESSION_MAX_SMALL);
    CHECK_INT_EQ(snap->max_large, 63);
    /* a load above what the pools hold is clamped, not a failed point */
    struct sim_cmd c = { .kind = SIM_CMD_LOAD, .a = 0, .b = 1000 };
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    struct want_time most = { 63, 0 };
    CHECK(wait_for(s, snap, running_at, &most));
    most.after_s = snap->device_s + 0.3;        /* and it keeps running */
    CHECK(wait_for(s, snap, running_at, &most));
    CHECK_INT_EQ(snap->point.large, 63);
    CHECK(strstr(snap->message, "the most this session holds") != NULL);
    CHECK(snap->pinned);
    CHECK(snap->state != SIM_SESS_FAILED);
    sim_session_destroy(s);
    free(snap);
}

/* ---- a database workload ------------------------------------------------------ */

/* Reads kept 2 deep (closed loop) and writes at 500/s (open) on DATA
   (2 x io2), redo writes at 1,000/s on REDO (1 x io2): no limit binds,
   at twice these loads neither. */
static void cfg_db(struct sim_setup *c)
{
    char why[256];
    sim_setup_defaults(c);
    struct wl_cfg *w = &c->run.workload;
    w->n_classes = 3;
    w->classes[0] = (struct wl_class_cfg){ .sizes = { 1, { 8192 }, { 1 } },
                                           .pattern = WL_RANDOM };
    w->classes[1] = (struct wl_class_cfg){ .sizes = { 1, { 32768 }, { 1 } },
                                           .pattern = WL_RANDOM, .write_pct = 100 };
    w->classes[2] = (struct wl_class_cfg){ .sizes = { 1, { 4096 }, { 1 } },
                                           .pattern = WL_SEQUENTIAL, .write_pct = 100 };
    struct sim_db_cfg *db = &c->run.db;
    static const char *const names[] = { "reads", "dbwr", "redo" };
    for (int k = 0; k < 3; k++)
        snprintf(db->class_name[k], sizeof(db->class_name[k]), "%s", names[k]);
    db->class_group[2] = 1;
    db->n_groups = c->n_groups = 2;
    for (int g = 0; g < 2; g++) {
        prof_volume_parse("io2:size=200GiB,iops=64000", &c->group_volume[g], why, sizeof(why));
        snprintf(db->groups[g].name, sizeof(db->groups[g].name), "%s", g ? "REDO" : "DATA");
        db->groups[g].disks = g ? 1 : 2;
        db->groups[g].disk_bytes = c->group_volume[g].size_bytes;
        db->groups[g].layout = c->run.layout;
    }
    c->volume = c->group_volume[0];
    c->run.disks = 3;
    db->load = (struct sim_class_load){ .n = 3, .load = { 2, 0, 0 }, .stream_io = { 1, 1, 1 },
                                        .rate_iops = { 0, 500, 1000 } };
    c->run.point.duration_ns = 300 * SIM_NS_PER_MS;
    sim_setup_run(c);
}

/* Every class measured in a window of at least 0.5 s, at pct % loads. */
static bool db_at(const struct sim_snapshot *s, const void *arg)
{
    int pct = *(const int *)arg;
    bool all = s->n_db_classes == 3 && s->measuring && s->window_s >= 0.5;
    for (int c = 0; all && c < 3; c++)
        all = s->cur.cls[c].ios > 0;
    return all && s->db_load_pct == pct;
}

static bool says(const struct sim_snapshot *s, const void *arg)
{
    return strstr(s->message, arg) != NULL;
}

static void db_session_should_show_every_class_and_scale_its_loads(void)
{
    struct sim_session_cfg sc = { 0 };
    char why[512], dir[] = "/tmp/asmsim_session_XXXXXX";
    sim_session *s = NULL;
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    cfg_db(&sc.setup);
    sc.cell_ns = 2 * SIM_NS_PER_S;
    CHECK(mkdtemp(dir) != NULL);
    sc.output_dir = dir;
    sc.testname = "db";
    CHECK_INT_EQ(sim_session_create(&sc, &s, why, sizeof(why)), 0);
    CHECK_INT_EQ(sim_session_start(s), 0);
    int pct = 100;
    CHECK(wait_for(s, snap, db_at, &pct));
    CHECK_STR_EQ(snap->db_class[2].name, "redo");
    CHECK_INT_EQ(snap->n_db_groups, 2);
    CHECK_STR_EQ(snap->db_group[snap->db_class[2].group].name, "REDO");
    CHECK_INT_EQ(snap->db_group[1].first_disk, 2);
    CHECK_INT_EQ(snap->n_disk, 3);
    CHECK_NEAR_REL(snap->cur.cls[1].iops, 500.0, 0.2);
    CHECK_NEAR_REL(snap->cur.cls[2].iops, 1000.0, 0.2);
    double reads = snap->cur.cls[0].iops;
    /* twice the loads: the open rates double, the closed load too */
    struct sim_cmd c = { .kind = SIM_CMD_DB_LOAD, .a = 200 };
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    pct = 200;
    struct after_cmds a = { 1, db_at, &pct };
    CHECK(wait_for(s, snap, after_applied, &a));
    CHECK_INT_EQ(snap->db_class[0].load, 4);
    CHECK(snap->db_class[1].rate_iops == 1000.0);
    CHECK_NEAR_REL(snap->cur.cls[1].iops, 1000.0, 0.2);
    CHECK_NEAR_REL(snap->cur.cls[2].iops, 2000.0, 0.2);
    CHECK_NEAR_REL(snap->cur.cls[0].iops / reads, 2.0, 0.2);
    /* ORION's commands say they do not apply */
    c = (struct sim_cmd){ .kind = SIM_CMD_DISKS, .a = 4 };
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    CHECK(wait_for(s, snap, says, "does not apply to a database workload"));
    CHECK_INT_EQ(snap->disks, 3);
    /* a save writes the database workload's files, not ORION's */
    CHECK(wait_for(s, snap, says, "does not apply") && snap->state == SIM_SESS_RUNNING);
    struct timespec ts = { 2, 500000000 };     /* a window at 200 % ends */
    nanosleep(&ts, NULL);
    CHECK_INT_EQ(sim_session_save(s, why, sizeof(why)), 0);
    char cmd[600];
    snprintf(cmd, sizeof(cmd), "ls %s/db_*_summary.txt %s/db_*_classes.csv %s/db_*_results.json "
             ">/dev/null 2>&1 && ! ls %s/db_*_iops.csv >/dev/null 2>&1 && "
             "grep -Eq '\"rate_iops\":[[:space:]]+2000' %s/db_*_results.json", dir, dir, dir, dir, dir);
    CHECK_INT_EQ(system(cmd), 0);
    snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
    CHECK_INT_EQ(system(cmd), 0);
    sim_session_destroy(s);
    free(snap);
}

static void db_batch_run_should_run_again_at_the_loads_set(void)
{
    struct sim_session_cfg sc = { 0 };
    char why[256];
    sim_session *s = NULL;
    struct sim_run_result *run = NULL;
    struct sim_snapshot *snap = malloc(sizeof(*snap));
    cfg_db(&sc.setup);
    sc.setup.run.point.duration_ns = 2 * SIM_NS_PER_S;
    sc.batch = true;
    sc.speed = 4;                   /* half a second a run: time to send */
    CHECK_INT_EQ(sim_session_create(&sc, &s, why, sizeof(why)), 0);
    struct sim_cmd c = { .kind = SIM_CMD_DISKS, .a = 2 };
    CHECK_INT_EQ(sim_session_send(s, &c), -ENOTSUP);
    CHECK_INT_EQ(sim_session_start(s), 0);
    c = (struct sim_cmd){ .kind = SIM_CMD_DB_LOAD, .a = 50 };
    CHECK_INT_EQ(sim_session_send(s, &c), 0);
    CHECK(wait_for(s, snap, is_done, NULL));
    CHECK_INT_EQ(sim_session_take(s, &run, NULL, why, sizeof(why)), 0);
    CHECK(run && !run->incomplete && run->n_points == 1);
    if (run)
        CHECK_NEAR_REL(run->points[0].cls[1].iops, 250.0, 0.2);
    struct sim_class_load l;
    CHECK_INT_EQ(sim_session_db_load(s, &l), 50);
    CHECK(l.rate_iops[2] == 500.0 && l.load[0] == 1);
    /* the command line says the loads no option sets */
    struct sim_setup measured = sc.setup;
    measured.run.db.load = l;
    char *line = sim_session_db_command_line("asmsim run", &sc.setup, &measured);
    CHECK_STR_EQ(line, "asmsim run  # loads set on the dashboard, not by an option: "
                 "reads 1 outstanding, dbwr 250/s, redo 500/s");
    free(line);
    sim_run_free(run);
    sim_session_destroy(s);
    free(snap);
}

int main(void)
{
    RUN(live_view_should_not_change_any_figure);
    RUN(live_stop_should_end_the_run_early_with_what_was_measured);
    RUN(batch_session_should_report_what_sim_run_reports);
    RUN(batch_session_should_refuse_tuning);
    RUN(db_session_should_show_every_class_and_scale_its_loads);
    RUN(db_batch_run_should_run_again_at_the_loads_set);
    RUN(load_change_should_take_effect);
    RUN(disks_change_should_rebuild_the_disk_group);
    RUN(redundancy_cycle_should_pass_over_a_refused_level);
    RUN(size_cycle_should_pass_over_a_refused_size);
    RUN(sweep_curve_should_hold_one_configuration);
    RUN(pause_should_freeze_the_figures);
    RUN(walk_should_fill_the_matrix_and_save_orion_files);
    RUN(commands_sent_together_should_each_be_applied_in_order);
    RUN(pause_toggle_should_flip_the_pause);
    RUN(save_after_a_write_change_should_describe_what_was_measured);
    RUN(save_failed_part_way_should_leave_only_the_unsaved_for_the_next);
    RUN(save_then_quit_should_not_write_the_same_set_again);
    RUN(volume_retune_should_move_the_binding_limit);
    RUN(instance_retune_should_change_the_burst_gauges_at_once);
    RUN(save_should_give_the_burst_from_the_start_level);
    RUN(save_should_state_the_cell_duration_measured);
    RUN(save_after_retunes_should_cost_what_was_measured);
    RUN(save_should_hold_the_matrix_cells_only);
    RUN(speed_should_pace_device_time_to_the_wall_clock);
    RUN(carried_gp2_bucket_should_empty_into_an_event);
    RUN(unknown_instance_should_be_refused_with_the_name_escaped);
    RUN(instance_the_volume_cannot_attach_to_should_be_refused);
    RUN(load_limits_should_fit_the_outstanding_limit_at_any_stream_io);
    RUN(load_limits_should_hold_the_matrix_points);
    RUN(session_should_open_with_seq_streams_above_504_and_clamp_loads);
    return check_done();
}
