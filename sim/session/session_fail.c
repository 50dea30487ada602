/*
 * session_fail.c - a disk lost on the dashboard of a database workload
 * (asmsim tui --workload ...: 'f' fails a disk, 'P' sets the power).
 *
 * The run's --fail (sim/core/rebalance.c) measures each phase of a
 * failure as a steady-state point and does the hours between in
 * arithmetic.  The dashboard lives through them instead, one measured
 * window after another (session_db.c's loop), on the same phase runs:
 *
 *   SIM_CMD_FAIL a = disk    BEFORE -> DEGRADED: the first group's disk a
 *                            offline (sim_fail_phase_cfg with the
 *                            engine's failure: reads to the mirrors,
 *                            writes dropped).  One disk at a time, never
 *                            on external redundancy (its data would be
 *                            lost: the run's --fail says so), on
 *                            modelled volumes only (a restored group on
 *                            real targets is the run's, not the
 *                            dashboard's).
 *   SIM_CMD_FAIL a = -1      DEGRADED -> REBALANCING: the repair timer
 *                            cut short (ALTER DISKGROUP ... OFFLINE DISK
 *                            ... DROP AFTER 0m): the disk is dropped and
 *                            `power` copy streams of one AU rebuild its
 *                            data; a DBA does not wait 3.6 h at a
 *                            dashboard.
 *   each window              REBALANCING: the copies' write bytes added
 *                            to the data moved; when they reach what the
 *                            disk held (SIM_USED_DEFAULT of its size, as
 *                            --used's default), RESTORED: the group
 *                            without the disk (sim_fail_restored_cfg).
 *   SIM_CMD_POWER a = power  the copy streams in force from now (the
 *                            parts are opened again: the pools hold the
 *                            copies, and the burst buckets start again).
 *
 * Each phase change opens the parts again (sess_fail.reopen, done by
 * session_db.c) and starts a new record: a save writes what each
 * configuration measured, with the failure as it stood at the window's
 * end (sim_sess_fail_report: the phase, disk, power, progress).
 *
 * What cannot be done is said before it is asked for: the snapshot
 * carries why no disk can fail now (the launch's backend, external
 * redundancy, the class limit, or a disk failed already) and why the
 * power has no use (the same, or the rebalance over), so the dashboard
 * refuses f and P at once instead of asking for a number in vain.  The launch configuration is kept in
 * sess_fail.before; every phase's setup is made from it, never from the
 * phase before.
 */
#include "sim/session/session_internal.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* s->setup for the phase in force, made from the launch's (see the top). */
static int enter_phase(sim_session *s, enum sim_fail_phase phase, char *why,
                       size_t why_len)
{
    struct sess_fail *f = &s->fail;
    const struct sim_run_cfg *b = &f->before.run;
    s->setup = f->before;
    f->phase = phase;
    f->reopen = true;
    if (phase == SIM_PHASE_RESTORED) {
        bool offline[LAY_MAX_DISKS] = { false };
        offline[f->disk] = true;
        return sim_fail_restored_cfg(b, offline, f->map, &s->setup.run, why, why_len);
    }
    f->ef.disks.mode = phase == SIM_PHASE_DEGRADED ? LAY_FAIL_DEGRADED : LAY_FAIL_REBUILD;
    f->ef.copy_cls = phase == SIM_PHASE_DEGRADED ? -1 : b->workload.n_classes;
    s->setup.run = sim_fail_phase_cfg(b, &f->ef, f->au_bytes, f->power, false);
    return 0;
}

/* Why no disk of the first group can fail in the launch configuration,
   in any phase, or NULL. */
static const char *setup_refusal(const sim_session *s)
{
    const struct sim_run_cfg *launch = s->fail.phase == SIM_PHASE_BEFORE
                                     ? &s->setup.run : &s->fail.before.run;
    struct lay_cfg lc = sim_fail_group_cfg(launch);
    if (!dev_has(launch->backend, DEV_CAP_VIRTUAL_CLOCK))
        return "a disk fails on modelled volumes only here; on real targets use "
               "run --fail";
    if (lc.redundancy == LAY_EXTERNAL)
        return "external redundancy keeps one copy: a lost disk's data would be "
               "lost (the group dismounts), so no disk fails here; run --fail says so";
    if (launch->workload.n_classes >= WL_MAX_CLASSES)
        return "the workload has the most classes there are; the rebalance needs one more";
    return NULL;
}

/* Why no disk can fail now (f would ask for one in vain), or NULL. */
static const char *fail_refusal(const sim_session *s)
{
    const char *no = setup_refusal(s);
    if (!no && s->fail.phase != SIM_PHASE_BEFORE)
        no = "one disk at a time: a disk has failed already";
    return no;
}

/* Why the rebalance power has no use, here or any more, or NULL. */
static void power_refusal(const sim_session *s, char *buf, size_t len)
{
    const char *no = setup_refusal(s);
    buf[0] = '\0';
    if (no)
        snprintf(buf, len, "the rebalance power has no use here: %s", no);
    else if (s->fail.phase == SIM_PHASE_RESTORED)
        snprintf(buf, len, "the rebalance power has no use any more: the rebalance "
                 "is over, redundancy restored (one disk at a time)");
}

/* Why disk d of the first group cannot fail now, or NULL. */
static const char *refusal(const sim_session *s, int d, char *buf, size_t len)
{
    struct lay_cfg lc = sim_fail_group_cfg(&s->setup.run);
    const char *no = fail_refusal(s);
    if (!no && (d < 0 || d >= lc.disks)) {
        snprintf(buf, len, "no disk %d: the first disk group has %d, numbered 0..%d",
                 d, lc.disks, lc.disks - 1);
        return buf;
    }
    return no;
}

static int fail_disk(sim_session *s, int d, char *why, size_t why_len)
{
    struct sess_fail *f = &s->fail;
    char buf[96];
    const char *no = refusal(s, d, buf, sizeof buf);
    if (no) {
        snprintf(why, why_len, "%s", no);
        return -EINVAL;
    }
    struct lay_cfg lc = sim_fail_group_cfg(&s->setup.run);
    f->before = s->setup;
    f->disk = d;
    f->au_bytes = (uint32_t)lc.au_bytes;
    f->moved_bytes = SIM_USED_DEFAULT * (double)lc.disk_size_bytes;
    f->done_bytes = 0;
    f->copy_mbps = 0;
    f->ef = (struct sim_engine_fail){ .group = 0, .copy_cls = -1 };
    f->ef.disks.n = 1;
    f->ef.disks.disk[0] = d;
    snprintf(why, why_len, "disk %d offline: reads of its extents go to the mirror "
             "copies, its writes are dropped (stale); f again drops it now, the "
             "rebalance at power %d", d, f->power);
    return enter_phase(s, SIM_PHASE_DEGRADED, why, why_len);
}

/* Whether the offline disk's data can be rebuilt (lay_fail_can_copy on
   the first group's layout, open in the degraded phase): not with as
   few failure groups left as normal redundancy's 2, one lost. */
static bool can_rebuild(const sim_session *s)
{
    const struct sim_parts *p = &s->parts.sp;
    const lay *l = p->n_groups > 0 ? p->group_layout[0] : p->layout;
    struct lay_fail_cfg fc = s->fail.ef.disks;
    fc.mode = LAY_FAIL_REBUILD;
    return l && lay_fail_can_copy(l, &fc);
}

bool sim_sess_fail_cmd(sim_session *s, const struct sim_cmd *c)
{
    struct sess_fail *f = &s->fail;
    char why[WHY_LEN];
    int rc;
    if (c->kind == SIM_CMD_POWER) {
        power_refusal(s, why, sizeof why);
        if (why[0]) {
            sim_sess_say(s, "%s", why);
            return false;
        }
        f->power = c->a < 1 ? 1 : c->a > SIM_POWER_MAX ? SIM_POWER_MAX : c->a;
        sim_sess_say(s, "rebalance power %d: %d outstanding copies of one AU%s",
                     f->power, f->power, f->phase == SIM_PHASE_REBALANCING
                     ? " from now" : ", when a disk is dropped");
        /* the parts open again with the new load (sim_sess_fail_load) */
        f->reopen = f->reopen || f->phase == SIM_PHASE_REBALANCING;
        return f->reopen;
    }
    if (c->a >= 0)
        rc = fail_disk(s, c->a, why, sizeof why);
    else if (f->phase == SIM_PHASE_DEGRADED && !can_rebuild(s)) {
        snprintf(why, sizeof why, "disk %d stays offline: fewer failure groups are "
                 "left than there are copies, so a rebuild cannot restore redundancy",
                 f->disk);
        rc = -EINVAL;
    } else if (f->phase == SIM_PHASE_DEGRADED) {
        snprintf(why, sizeof why, "disk %d dropped: its %.1f GB rebuilt at power %d",
                 f->disk, f->moved_bytes / 1e9, f->power);
        rc = enter_phase(s, SIM_PHASE_REBALANCING, why, sizeof why);
    } else {
        snprintf(why, sizeof why, "no disk is offline to drop; f and a disk number "
                 "fail one");
        rc = -EINVAL;
    }
    sim_sess_say(s, "%s", why);
    return rc == 0;
}

void sim_sess_fail_load(const sim_session *s, struct sim_class_load *load)
{
    if (s->fail.phase == SIM_PHASE_REBALANCING)
        sim_fail_copy_load(load, s->fail.ef.copy_cls, s->fail.power);
}

void sim_sess_fail_window(sim_session *s, const struct sim_point_result *r)
{
    struct sess_fail *f = &s->fail;
    if (f->phase != SIM_PHASE_REBALANCING || f->ef.copy_cls >= r->n_classes)
        return;
    const struct sim_class_result *k = &r->cls[f->ef.copy_cls];
    double writes = (double)k->lat_dir[SIM_WRITE].count;
    f->done_bytes += writes * f->au_bytes;
    f->copy_mbps = k->lat.count > 0 ? k->mbps * writes / (double)k->lat.count : 0;
}

void sim_sess_fail_restore_if_done(sim_session *s)
{
    struct sess_fail *f = &s->fail;
    if (f->phase != SIM_PHASE_REBALANCING || f->done_bytes < f->moved_bytes)
        return;
    char why[WHY_LEN];
    if (enter_phase(s, SIM_PHASE_RESTORED, why, sizeof why) < 0)
        sim_sess_say(s, "the group without disk %d: %s", f->disk, why);
    else
        sim_sess_say(s, "redundancy restored: %.1f GB copied; the group runs on %d "
                     "disks", f->done_bytes / 1e9, s->setup.run.disks);
}

void sim_sess_fail_report(const sim_session *s, struct report_live_fail *out)
{
    const struct sess_fail *f = &s->fail;
    *out = (struct report_live_fail){ .phase = f->phase };
    if (f->phase == SIM_PHASE_BEFORE)
        return;
    const struct sim_run_cfg *launch = &f->before.run;
    struct lay_cfg lc = sim_fail_group_cfg(launch);
    snprintf(out->group, sizeof out->group, "%s",
             launch->db.n_groups > 0 ? launch->db.groups[0].name : "DATA");
    out->disk = f->disk;
    out->group_disks = lc.disks;
    out->power = f->power;
    out->used_frac = SIM_USED_DEFAULT;
    out->moved_bytes = f->moved_bytes;
    out->done_bytes = fmin(f->done_bytes, f->moved_bytes);
    out->copy_mbps = f->phase == SIM_PHASE_REBALANCING ? f->copy_mbps : 0;
}

void sim_sess_fail_describe(sim_session *s)
{
    const struct sess_fail *f = &s->fail;
    struct sim_snapshot *w = &s->work;
    w->fail_phase = f->phase;
    w->fail_disk = f->phase == SIM_PHASE_BEFORE ? -1 : f->disk;
    w->fail_power = f->power;
    w->fail_moved_bytes = f->moved_bytes;
    w->fail_done_bytes = fmin(f->done_bytes, f->moved_bytes);
    w->fail_copy_mbps = f->copy_mbps;
    const char *no = fail_refusal(s);
    snprintf(w->fail_refused, sizeof w->fail_refused, "%s", no ? no : "");
    power_refusal(s, w->power_refused, sizeof w->power_refused);
}
