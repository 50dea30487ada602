/*
 * test_failure.c - a disk group with disks offline (layouts/failure.h)
 * and a run's failure phases (sim/core/rebalance.h) on modelled volumes.
 *
 * The layout's part is checked against the layout's own mapping: every
 * read of every AU of a degraded group reaches a copy that survives, with
 * its size; writes lose exactly the offline copy; copy streams read from
 * partners and write where the mode says.  The run's part is checked by
 * hand-worked arithmetic: the data moved is used x disk size, the time to
 * restore is that over the copy rate the rebalancing point measured.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "layouts/failure.h"
#include "layouts/layout.h"
#include "tests/check.h"
#include "tests/model_run.h"

#define GIB (1ull << 30)

static lay *make(int disks, enum lay_redundancy r, int failgroups)
{
    struct lay_cfg c;
    char why[256];
    lay *l = NULL;
    lay_cfg_defaults(&c, disks, 4 * GIB);
    c.redundancy = r;
    c.failgroups = failgroups;
    if (lay_create(&c, &l, why, sizeof why) != 0)
        CHECK_FAIL_AT("lay_create: %s", why);
    return l;
}

static bool lost_with(const lay *l, int a, int b)
{
    bool off[LAY_MAX_DISKS] = { false };
    int x, y;
    off[a] = off[b] = true;
    return lay_fail_data_lost(l, off, &x, &y);
}

static void normal_group_should_survive_one_failure_group_only(void)
{
    lay *l = make(8, LAY_NORMAL, 4);            /* disk d in group d % 4 */
    CHECK(!lost_with(l, 3, 3));
    CHECK(!lost_with(l, 3, 7));                 /* the same failure group */
    CHECK(lost_with(l, 3, 0));                  /* partners: data lost */
    CHECK(lost_with(l, 3, 6));
    lay_destroy(l);
}

static void high_group_should_survive_two_disks(void)
{
    lay *l = make(8, LAY_HIGH, 4);
    for (int b = 0; b < 8; b++)
        CHECK(!lost_with(l, 3, b));
    bool off[LAY_MAX_DISKS] = { false };
    int x, y, lost = 0;
    off[3] = off[0] = true;
    for (int c = 0; c < 8; c++) {               /* a third: some lose data */
        if (c == 3 || c == 0)
            continue;
        off[c] = true;
        lost += lay_fail_data_lost(l, off, &x, &y);
        off[c] = false;
    }
    CHECK(lost > 0);
    lay_destroy(l);
}

static void external_group_should_lose_data_with_any_disk(void)
{
    lay *l = make(4, LAY_EXTERNAL, 0);
    bool off[LAY_MAX_DISKS] = { false };
    int a = -1, b = -1;
    off[2] = true;
    CHECK(lay_fail_data_lost(l, off, &a, &b));
    CHECK_INT_EQ(a, 2);
    CHECK_INT_EQ(b, 2);
    lay_fail *f = NULL;
    struct lay_fail_cfg fc = { .n = 1, .disk = { 2 } };
    CHECK_INT_EQ(lay_fail_create(l, &fc, &f), -EINVAL);
    lay_destroy(l);
}

/* Every AU read and written once through the failure of disk `gone`. */
static void route_every_au(const lay *l, lay_fail *f, int gone, bool *used_copy)
{
    uint64_t au = lay_config(l)->au_bytes;
    struct lay_piece in[8], all[8], out[8];
    for (uint64_t off = 0; off + au <= lay_capacity_bytes(l); off += au) {
        int n = lay_map(l, off, 8192, false, in, 8);
        int nw = lay_map(l, off, 8192, true, all, 8);
        int k = lay_fail_route(f, off, false, in, n, out, 8);
        CHECK_INT_EQ(k, 1);
        CHECK(out[0].disk != gone);
        CHECK_INT_EQ(out[0].size_bytes, 8192);
        bool a_copy = false;
        for (int c = 0; c < nw; c++)
            a_copy = a_copy || (all[c].disk == out[0].disk &&
                                all[c].offset_bytes == out[0].offset_bytes);
        CHECK(a_copy);
        used_copy[out[0].copy] = true;
        int kw = lay_fail_route(f, off, true, all, nw, out, 8);
        bool held = false;
        for (int c = 0; c < nw; c++)
            held = held || all[c].disk == gone;
        CHECK_INT_EQ(kw, nw - held);
        for (int c = 0; c < kw; c++)
            CHECK(out[c].disk != gone);
    }
}

static void degraded_reads_should_reach_a_surviving_copy(void)
{
    lay *l = make(8, LAY_NORMAL, 4);
    lay_fail *f = NULL;
    struct lay_fail_cfg fc = { .n = 1, .disk = { 3 }, .mode = LAY_FAIL_DEGRADED };
    CHECK_INT_EQ(lay_fail_create(l, &fc, &f), 0);
    bool used[3] = { false };
    route_every_au(l, f, 3, used);
    CHECK(used[0] && used[1]);                  /* primaries and mirrors */
    /* every write of an AU disk 3 held marked one stale AU: as many
       distinct as it holds of the capacity (primary and mirror zones) */
    uint64_t aus = lay_capacity_bytes(l) / lay_config(l)->au_bytes;
    CHECK_U64_EQ(lay_fail_stale_aus(f), lay_fail_dropped_writes(f));
    CHECK_U64_EQ(lay_fail_dropped_writes(f), 2 * aus / 8);
    lay_fail_reset_counts(f);
    CHECK_U64_EQ(lay_fail_stale_aus(f), 0);
    lay_fail_destroy(f);
    lay_destroy(l);
}

static void high_redundancy_reads_should_alternate_between_survivors(void)
{
    lay *l = make(8, LAY_HIGH, 4);
    lay_fail *f = NULL;
    struct lay_fail_cfg fc = { .n = 1, .disk = { 3 } };
    CHECK_INT_EQ(lay_fail_create(l, &fc, &f), 0);
    bool used[3] = { false };
    route_every_au(l, f, 3, used);
    CHECK(used[1] && used[2]);                  /* Even Read: both mirrors */
    lay_fail_destroy(f);
    lay_destroy(l);
}

/* A 64 MiB read, the largest I/O a class has, fine-striped (513 segments
   of 128 KiB when unaligned) with three copies: every piece of it on the
   lost disk finds a survivor, however many segments it has. */
static void large_fine_read_should_route_every_segment(void)
{
    struct lay_cfg c;
    char why[256];
    lay *l = NULL;
    lay_cfg_defaults(&c, 8, 4 * GIB);
    c.redundancy = LAY_HIGH;
    c.failgroups = 4;
    c.striping = LAY_FINE;
    CHECK_INT_EQ(lay_create(&c, &l, why, sizeof why), 0);
    uint32_t size = 64u << 20;
    int max = lay_max_pieces(l, size, false);
    struct lay_piece *p = calloc((size_t)max, sizeof *p);
    lay_fail *f = NULL;
    struct lay_fail_cfg fc = { .n = 1, .disk = { 3 } };
    CHECK_INT_EQ(lay_fail_create(l, &fc, &f), 0);
    int n = lay_map(l, 64 << 10, size, false, p, max);
    CHECK(n > 512);
    bool hit = false;
    for (int i = 0; i < n; i++)
        hit = hit || p[i].disk == 3;
    CHECK(hit);
    CHECK_INT_EQ(lay_fail_route(f, 64 << 10, false, p, n, p, max), n);
    uint64_t bytes = 0;
    for (int i = 0; i < n; i++) {
        CHECK(p[i].disk != 3);
        bytes += p[i].size_bytes;
    }
    CHECK_U64_EQ(bytes, size);
    lay_fail_destroy(f);
    free(p);
    lay_destroy(l);
}

static void rebuild_copies_should_move_between_partners_of_two_groups(void)
{
    lay *l = make(8, LAY_NORMAL, 4);
    lay_fail *f = NULL;
    struct lay_fail_cfg fc = { .n = 1, .disk = { 3 }, .mode = LAY_FAIL_REBUILD };
    CHECK_INT_EQ(lay_fail_create(l, &fc, &f), 0);
    int partners[LAY_MAX_PARTNERS], np = lay_partners(l, 3, partners);
    for (int i = 0; i < 200; i++) {
        struct lay_piece rd, wr;
        bool w1, w2;
        CHECK_INT_EQ(lay_fail_copy_next(f, i % 4, &rd, &w1), 1);
        CHECK_INT_EQ(lay_fail_copy_next(f, i % 4, &wr, &w2), 1);
        CHECK(!w1 && w2);
        CHECK(rd.disk != 3 && wr.disk != 3);
        CHECK(lay_failgroup_of(l, rd.disk) != lay_failgroup_of(l, wr.disk));
        CHECK_U64_EQ(rd.size_bytes, lay_config(l)->au_bytes);
        bool partner = false;
        for (int k = 0; k < np; k++)
            partner = partner || partners[k] == rd.disk;
        CHECK(partner);
    }
    lay_fail_destroy(f);
    lay_destroy(l);
}

static void rebuild_should_need_a_failure_group_left(void)
{
    lay *l = make(4, LAY_NORMAL, 2);            /* groups {0, 2} and {1, 3} */
    lay_fail *f = NULL;
    struct lay_fail_cfg one = { .n = 1, .disk = { 1 }, .mode = LAY_FAIL_REBUILD };
    CHECK(lay_fail_can_copy(l, &one));          /* into disk 3 */
    one.mode = LAY_FAIL_DEGRADED;
    CHECK(!lay_fail_can_copy(l, &one));         /* no copies while offline */
    struct lay_fail_cfg group = { .n = 2, .disk = { 1, 3 }, .mode = LAY_FAIL_REBUILD };
    CHECK_INT_EQ(lay_fail_create(l, &group, &f), 0);
    CHECK(!lay_fail_can_copy(l, &group));
    struct lay_piece p;
    bool w;
    CHECK_INT_EQ(lay_fail_copy_next(f, 0, &p, &w), -EINVAL);
    lay_fail_destroy(f);
    lay_destroy(l);
}

static void resync_copies_should_write_the_disk_that_came_back(void)
{
    lay *l = make(8, LAY_NORMAL, 4);
    lay_fail *f = NULL;
    struct lay_fail_cfg fc = { .n = 1, .disk = { 3 }, .mode = LAY_FAIL_RESYNC };
    CHECK_INT_EQ(lay_fail_create(l, &fc, &f), 0);
    struct lay_piece p;
    bool w;
    for (int i = 0; i < 20; i++) {
        CHECK_INT_EQ(lay_fail_copy_next(f, 0, &p, &w), 1);
        CHECK(w == (i % 2 == 1));
        CHECK(w ? p.disk == 3 : p.disk != 3);
    }
    lay_fail_destroy(f);
    lay_destroy(l);
}

static void space_should_follow_the_required_mirror_free_rule(void)
{
    struct lay_space s;
    bool off[LAY_MAX_DISKS] = { false };
    off[3] = true;
    lay *l = make(8, LAY_NORMAL, 4);            /* 4 groups of 2 disks */
    lay_fail_space(l, 0.6, off, &s);
    CHECK_U64_EQ(s.total_bytes, 32 * GIB);
    CHECK_U64_EQ(s.required_mirror_free_bytes, 8 * GIB);    /* one group */
    CHECK_U64_EQ(s.lost_bytes, (uint64_t)(4.0 * GIB * 0.6));
    CHECK(s.rebuild_fits);
    CHECK_INT_EQ(s.usable_file_bytes,
                 ((int64_t)s.free_bytes - (int64_t)(8 * GIB)) / 2);
    lay_destroy(l);
    l = make(8, LAY_NORMAL, 2);                 /* 2 groups: one disk */
    lay_fail_space(l, 0.6, off, &s);
    CHECK_U64_EQ(s.required_mirror_free_bytes, 4 * GIB);
    lay_destroy(l);
    l = make(8, LAY_HIGH, 4);                   /* the two largest groups */
    lay_fail_space(l, 0.6, off, &s);
    CHECK_U64_EQ(s.required_mirror_free_bytes, 16 * GIB);
    lay_destroy(l);
    l = make(4, LAY_NORMAL, 2);                 /* 95 % full: no room */
    lay_fail_space(l, 0.95, off, &s);
    CHECK(!s.rebuild_fits);
    lay_destroy(l);
}

/* ---- a run's phases on modelled volumes ------------------------------ */

/* 8 gp3 in 4 failure groups, a random 8 KiB class at 2000/s, 30 % writes. */
static struct sim_setup failing_run(int power)
{
    struct sim_setup s = model_run_cfg("none", "gp3", 8);
    struct sim_run_cfg *c = &s.run;
    c->disk_bytes = 250 * GIB;
    c->layout.redundancy = LAY_NORMAL;
    c->layout.failgroups = 4;
    c->point.auto_duration = false;
    c->point.duration_ns = 2 * SIM_NS_PER_S;
    c->workload.n_classes = 1;
    c->workload.classes[0] = (struct wl_class_cfg){
        .sizes = { .n = 1, .bytes = { 8192 }, .weight = { 1 } },
        .write_pct = 30,
    };
    snprintf(c->db.class_name[0], sizeof c->db.class_name[0], "oltp");
    c->db.load.n = 1;
    c->db.load.rate_iops[0] = 2000;
    c->fail = (struct sim_fail_cfg){
        .n = 1, .ev = { { false, 3, 600 * SIM_NS_PER_S } },
        .power = power, .used_frac = 0.6,
    };
    c->jobs = 1;
    return s;
}

static struct sim_run_result *run_it(struct sim_setup *s)
{
    struct sim_run_result *r = NULL;
    char why[512] = "";
    int rc = sim_run(sim_setup_run(s), NULL, NULL, &r, why, sizeof why);
    if (rc != 0 || !r || !r->fail)
        CHECK_FAIL_AT("sim_run: %d %s", rc, why);
    return r;
}

static void lost_disk_should_see_no_io_while_offline_or_dropped(void)
{
    struct sim_setup s = failing_run(4);
    struct sim_run_result *r = run_it(&s);
    if (!r || !r->fail)
        return;
    const struct sim_fail_result *f = r->fail;
    CHECK_INT_EQ(f->outcome, SIM_FAIL_RESTORED);
    const struct sim_point_result *d = &f->run[SIM_PHASE_DEGRADED]->points[0];
    const struct sim_point_result *b = &f->run[SIM_PHASE_REBALANCING]->points[0];
    CHECK_U64_EQ(d->disk[3].ios, 0);
    CHECK_U64_EQ(b->disk[3].ios, 0);
    CHECK(r->points[0].disk[3].ios > 0);
    CHECK(d->fail_dropped_writes > 0);
    CHECK_INT_EQ(f->run[SIM_PHASE_RESTORED]->disks, 7);
    CHECK(b->cls[f->copy_cls].iops > 0);
    sim_run_free(r);
}

/* The time to restore redundancy, by hand: 0.6 x 250 GiB moved over
   the copies' write rate (the rebalance class's MB/s, half of it
   written: reads and writes alternate, one AU each). */
static void restore_time_should_be_data_moved_over_copy_rate(void)
{
    for (int power = 1; power <= 16; power *= 4) {
        struct sim_setup s = failing_run(power);
        struct sim_run_result *r = run_it(&s);
        if (!r || !r->fail)
            return;
        const struct sim_fail_result *f = r->fail;
        const struct sim_class_result *k =
            &f->run[SIM_PHASE_REBALANCING]->points[0].cls[f->copy_cls];
        uint64_t moved = (uint64_t)(250.0 * GIB * 0.6);
        CHECK_U64_EQ(f->moved_bytes, moved);
        double writes = (double)k->lat_dir[SIM_WRITE].count / (double)k->lat.count;
        CHECK(fabs(writes - 0.5) < 0.01);
        double rate = k->mbps * writes * 1e6;
        CHECK(fabs(f->restore_s - (double)moved / rate) < 1e-6 * f->restore_s);
        CHECK(fabs(f->exposed_s - (3.6 * 3600 + f->restore_s)) < 1e-6 * f->exposed_s);
        CHECK_INT_EQ(f->start_ns[SIM_PHASE_REBALANCING],
                     600 * SIM_NS_PER_S + (sim_ns)(3.6 * 3600) * SIM_NS_PER_S);
        sim_run_free(r);
    }
}

static void returning_disk_should_resync_only_stale_aus(void)
{
    struct sim_setup s = failing_run(1);
    s.run.fail.returns = true;
    s.run.fail.repair_ns = 60 * SIM_NS_PER_S;
    struct sim_run_result *r = run_it(&s);
    if (!r || !r->fail)
        return;
    const struct sim_fail_result *f = r->fail;
    /* E (1 - exp(-w t / E)): E = 0.6 x 250 GiB / 1 MiB AUs, t = 60 s */
    double e = floor(0.6 * 250.0 * 1024);
    double want = e * (1 - exp(-f->dropped_writes_per_s * 60 / e));
    CHECK(fabs(f->stale_aus - want) < 1e-6 * want);
    CHECK_U64_EQ(f->moved_bytes, (uint64_t)llround(want) * 1048576u);
    CHECK(f->run[SIM_PHASE_REBALANCING]->points[0].disk[3].ios > 0);
    CHECK(f->run[SIM_PHASE_RESTORED] == NULL);  /* as before */
    sim_run_free(r);
}

int main(void)
{
    RUN(normal_group_should_survive_one_failure_group_only);
    RUN(high_group_should_survive_two_disks);
    RUN(external_group_should_lose_data_with_any_disk);
    RUN(degraded_reads_should_reach_a_surviving_copy);
    RUN(high_redundancy_reads_should_alternate_between_survivors);
    RUN(large_fine_read_should_route_every_segment);
    RUN(rebuild_copies_should_move_between_partners_of_two_groups);
    RUN(rebuild_should_need_a_failure_group_left);
    RUN(resync_copies_should_write_the_disk_that_came_back);
    RUN(space_should_follow_the_required_mirror_free_rule);
    RUN(lost_disk_should_see_no_io_while_offline_or_dropped);
    RUN(restore_time_should_be_data_moved_over_copy_rate);
    RUN(returning_disk_should_resync_only_stale_aus);
    return check_done();
}
