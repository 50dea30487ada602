/*
 * rebalance.c - the phases of a disk failure in a run (rebalance.h).
 *
 * Below run.c, which calls sim_fail_phases() after a run's own point (the
 * BEFORE phase) when its configuration has a failure; above run_one.c,
 * whose sim_run_shared() measures each later phase as a run of one point
 * on its own parts.  Facts and sources: ../shared/docs/ASM_FAILURE.md.
 *
 * The failure is of the run's first disk group (the first --group, or
 * the run's one group): its layout is made here once to read its
 * failure groups, partners and space.  Then, in order:
 *
 *   1. The --fail events in time order, each adding its disk (or its
 *      failure group's disks) to the offline set.  An event that leaves
 *      an extent without any copy (lay_fail_data_lost) ends the scenario:
 *      DATA_LOST, at that event's time, no later phase is measured.
 *   2. DEGRADED: the workload with the set offline.  The writes its
 *      window drops for the offline disks give the stale AUs by the
 *      repair time, assuming writes spread evenly over the disk's
 *      allocated AUs (E of them, w dropped writes a second per disk):
 *          stale(t) = E (1 - exp(-w t / E))
 *      the expected number of distinct AUs hit by w t uniform draws (a
 *      skewed workload rewrites hot AUs, so fewer: this is the bound).
 *   3. REBALANCING at --power: dropped, the offline disks' allocated
 *      bytes (used_frac x disk size each) are rebuilt, if they fit in
 *      the other disks' free space (else NO_ROOM); back (--returns), the
 *      stale AUs are resynced.  moved / the copies' write rate is the
 *      time to restore redundancy.  ASM's planning phase (minutes at
 *      most) and compacting (skippable; moot on SSD) are not modelled.
 *   4. RESTORED: dropped, the group without the lost disks (failure
 *      groups numbered afresh; on real targets, the survivors' targets:
 *      disk_names names them in the run's order); back, the run's own
 *      figures (BEFORE).
 *
 * Phase times: BEFORE [0, t1), DEGRADED [t1, t1 + repair), REBALANCING
 * [t1 + repair, + restore), RESTORED after; t1 is the first failure, and
 * every --fail must come before its repair timer ends (the CLI checks):
 * the disks failed by then are restored in one operation, as ASM folds
 * drops into the rebalance in progress.
 */
#include "sim/core/rebalance.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/core/run_internal.h"

struct lay_cfg sim_fail_group_cfg(const struct sim_run_cfg *cfg)
{
    struct lay_cfg lc = cfg->layout;
    lc.disks = cfg->disks;
    lc.disk_size_bytes = cfg->disk_bytes;
    if (cfg->db.n_groups > 0) {
        lc = cfg->db.groups[0].layout;
        lc.disks = cfg->db.groups[0].disks;
        lc.disk_size_bytes = cfg->db.groups[0].disk_bytes;
    }
    return lc;
}

/* Event ev's disks added to offline[] and f's list; -EINVAL when it
   names none, or more than the list holds. */
static int add_event(const lay *l, const struct sim_fail_event *ev,
                     bool *offline, struct sim_fail_result *f)
{
    int n = lay_disks(l), added = 0;
    for (int d = 0; d < n; d++) {
        bool hit = ev->failgroup ? lay_failgroup_of(l, d) == ev->index
                                 : d == ev->index;
        if (!hit || offline[d]) {
            added += hit;
            continue;
        }
        if (f->n_offline >= LAY_FAIL_MAX_DISKS)
            return -EINVAL;
        offline[d] = true;
        f->offline[f->n_offline++] = d;
        added++;
    }
    return added > 0 ? 0 : -EINVAL;
}

/* Step 1: the offline set, or DATA_LOST. */
static int apply_events(const struct sim_run_cfg *cfg, const lay *l,
                        bool *offline, struct sim_fail_result *f)
{
    for (int i = 0; i < cfg->fail.n; i++) {
        const struct sim_fail_event *ev = &cfg->fail.ev[i];
        if (add_event(l, ev, offline, f) < 0)
            return -EINVAL;
        if (lay_fail_data_lost(l, offline, &f->lost_a, &f->lost_b)) {
            f->outcome = SIM_FAIL_DATA_LOST;
            f->lost_at_ns = ev->at_ns;
            return 0;
        }
    }
    return 0;
}

/* Whether an event fails a whole failure group: FAILGROUP_REPAIR_TIME
   applies. */
static bool any_failgroup(const struct sim_fail_cfg *fc)
{
    for (int i = 0; i < fc->n; i++)
        if (fc->ev[i].failgroup)
            return true;
    return false;
}

sim_ns sim_fail_repair_ns(const struct sim_fail_cfg *fc)
{
    return fc->repair_ns ? fc->repair_ns
         : any_failgroup(fc) ? SIM_FG_REPAIR_NS : SIM_DISK_REPAIR_NS;
}

struct sim_run_cfg sim_fail_phase_cfg(const struct sim_run_cfg *cfg,
                                      const struct sim_engine_fail *ef,
                                      uint32_t au_bytes, int power, bool returns)
{
    struct sim_run_cfg pc = *cfg;
    pc.fail.n = 0;
    pc.engine_fail = ef;
    if (ef && ef->copy_cls >= 0) {
        int c = ef->copy_cls;
        pc.workload.n_classes = c + 1;
        pc.workload.classes[c] = (struct wl_class_cfg){
            .sizes = { .n = 1, .bytes = { au_bytes }, .weight = { 1 } },
            .pattern = WL_SEQUENTIAL,
            .write_pct = 50,            /* drawn by the failure, not here */
        };
        snprintf(pc.db.class_name[c], sizeof pc.db.class_name[c], "%s",
                 returns ? "resync" : "rebalance");
        pc.db.class_group[c] = 0;
        sim_fail_copy_load(&pc.db.load, c, power);
    }
    return pc;
}

void sim_fail_copy_load(struct sim_class_load *load, int copy_cls, int power)
{
    load->n = copy_cls + 1;
    load->load[copy_cls] = power;
    load->stream_io[copy_cls] = 1;
    load->rate_iops[copy_cls] = 0;
}

/* The run of a phase (sim_fail_phase_cfg), measured. */
static int run_phase(const struct sim_run_cfg *cfg, const struct sim_engine_fail *ef,
                     struct sim_fail_result *f, struct sim_run_result **out,
                     char *why, size_t why_len)
{
    struct sim_run_cfg pc = sim_fail_phase_cfg(cfg, ef, f->au_bytes, f->power, f->returns);
    struct sim_run_progress none = { 0 };
    int rc = sim_run_shared(&pc, &none, out, why, why_len);
    return rc == 1 ? 0 : rc;
}

/* Step 2's figures from the DEGRADED point. */
static void stale_estimate(const struct lay_cfg *lc, struct sim_fail_result *f)
{
    const struct sim_point_result *p = &f->run[SIM_PHASE_DEGRADED]->points[0];
    double per_disk = p->measured_s > 0
        ? (double)p->fail_dropped_writes / p->measured_s / f->n_offline : 0;
    f->dropped_writes_per_s = per_disk;
    f->stale_aus_window = p->fail_stale_aus;
    double aus = floor(f->used_frac * (double)lc->disk_size_bytes / f->au_bytes);
    double t = (double)f->repair_ns / 1e9;
    f->stale_aus = aus > 0 ? f->n_offline * aus * (1 - exp(-per_disk * t / aus)) : 0;
}

/* Step 3's figures from the REBALANCING point. */
static void copy_rate(struct sim_fail_result *f)
{
    const struct sim_point_result *p = &f->run[SIM_PHASE_REBALANCING]->points[0];
    const struct sim_class_result *c = &p->cls[f->copy_cls];
    double writes = (double)c->lat_dir[SIM_WRITE].count;
    double all = (double)c->lat.count;
    f->copy_mbps = all > 0 ? c->mbps * writes / all : 0;
    f->moved_bytes = f->returns
        ? (uint64_t)llround(f->stale_aus) * f->au_bytes
        : f->space.lost_bytes;
    f->restore_s = f->copy_mbps > 0 ? (double)f->moved_bytes / (f->copy_mbps * 1e6)
                                    : INFINITY;
    f->exposed_s = (double)f->repair_ns / 1e9 + f->restore_s;
}

/* The group without the lost disks: cfg with the first group's disks
   fewer and their failure groups numbered afresh into map[]. */
static struct sim_run_cfg without_lost(const struct sim_run_cfg *cfg, const lay *l,
                                       const bool *offline, int *map)
{
    int n = lay_disks(l), k = 0, renum[LAY_MAX_DISKS], groups = 0;
    for (int g = 0; g < LAY_MAX_DISKS; g++)
        renum[g] = -1;
    for (int d = 0; d < n; d++) {
        if (offline[d])
            continue;
        int fg = lay_failgroup_of(l, d);
        if (renum[fg] < 0)
            renum[fg] = groups++;
        map[k++] = renum[fg];
    }
    struct sim_run_cfg rc = sim_sweep_run_cfg(cfg, k);
    struct lay_cfg *lc = cfg->db.n_groups > 0 ? &rc.db.groups[0].layout : &rc.layout;
    lc->failgroups = groups;
    lc->disk_failgroup = map;
    rc.failgroup_map = NULL;
    return rc;
}

/* Real targets: the names (paths) of the group without the lost disks,
   the first group's survivors then the other groups' disks, into a new
   array the caller frees; *out NULL when the disks have no names.  0 or
   -ENOMEM. */
static int survivor_names(const struct sim_run_cfg *cfg, const bool *offline,
                          int first_disks, const char ***out)
{
    *out = NULL;
    if (!cfg->disk_names)
        return 0;
    const char **names = calloc((size_t)cfg->disks, sizeof(*names));
    if (!names)
        return -ENOMEM;
    int k = 0;
    for (int d = 0; d < cfg->disks; d++)
        if (d >= first_disks || !offline[d])
            names[k++] = cfg->disk_names[d];
    *out = names;
    return 0;
}

/* RESTORED after a rebuild: the group without the lost disks, on the
   survivors' targets when they are real. */
static int run_restored(const struct sim_run_cfg *cfg, const lay *l,
                        const bool *offline, struct sim_fail_result *f,
                        char *why, size_t why_len)
{
    int map[LAY_MAX_DISKS];
    const char **names;
    if (survivor_names(cfg, offline, lay_disks(l), &names) < 0)
        return -ENOMEM;
    struct sim_run_cfg rest = without_lost(cfg, l, offline, map);
    if (names)
        rest.disk_names = names;
    int rc = run_phase(&rest, NULL, f, &f->run[SIM_PHASE_RESTORED], why, why_len);
    free(names);
    return rc;
}

int sim_fail_restored_cfg(const struct sim_run_cfg *cfg, const bool *offline,
                          int *map, struct sim_run_cfg *out, char *why, size_t why_len)
{
    struct lay_cfg lc = sim_fail_group_cfg(cfg);
    lay *l = NULL;
    int rc = lay_create(&lc, &l, why, why_len);
    if (rc < 0)
        return rc;
    *out = without_lost(cfg, l, offline, map);
    lay_destroy(l);
    return 0;
}

/* Steps 2 to 4 over the offline set. */
static int measure_phases(const struct sim_run_cfg *cfg, const lay *l,
                          const bool *offline, struct sim_fail_result *f,
                          char *why, size_t why_len)
{
    struct sim_engine_fail ef = { .group = 0, .copy_cls = -1 };
    ef.disks.n = f->n_offline;
    memcpy(ef.disks.disk, f->offline, sizeof f->offline);
    int rc = run_phase(cfg, &ef, f, &f->run[SIM_PHASE_DEGRADED], why, why_len);
    if (rc < 0)
        return rc;
    stale_estimate(lay_config(l), f);
    if (!f->returns && !f->space.rebuild_fits) {
        f->outcome = SIM_FAIL_NO_ROOM;
        return 0;
    }
    ef.disks.mode = f->returns ? LAY_FAIL_RESYNC : LAY_FAIL_REBUILD;
    ef.copy_cls = f->copy_cls;
    if (!lay_fail_can_copy(l, &ef.disks)) {
        f->outcome = SIM_FAIL_NO_SOURCE;
        return 0;
    }
    rc = run_phase(cfg, &ef, f, &f->run[SIM_PHASE_REBALANCING], why, why_len);
    if (rc < 0)
        return rc;
    copy_rate(f);
    if (f->returns)
        return 0;                       /* RESTORED is BEFORE */
    return run_restored(cfg, l, offline, f, why, why_len);
}

/* The phases' places in time (see the top). */
static void phase_times(const struct sim_run_cfg *cfg, struct sim_fail_result *f)
{
    sim_ns t1 = cfg->fail.ev[0].at_ns;
    sim_ns fix = t1 + f->repair_ns;
    sim_ns done = isfinite(f->restore_s) ? fix + (sim_ns)(f->restore_s * 1e9) : -1;
    const sim_ns start[SIM_PHASES] = { 0, t1, fix, done };
    const sim_ns end[SIM_PHASES] = { t1, fix, done, -1 };
    bool reached[SIM_PHASES] = {
        true,
        f->outcome != SIM_FAIL_DATA_LOST,
        f->outcome == SIM_FAIL_RESTORED,
        f->outcome == SIM_FAIL_RESTORED && done >= 0,
    };
    for (int i = 0; i < SIM_PHASES; i++) {
        f->start_ns[i] = reached[i] ? start[i] : -1;
        f->end_ns[i] = reached[i] ? end[i] : -1;
    }
    if (f->outcome == SIM_FAIL_DATA_LOST)
        f->end_ns[SIM_PHASE_BEFORE] = f->lost_at_ns;
    else if (f->outcome != SIM_FAIL_RESTORED)
        f->end_ns[SIM_PHASE_DEGRADED] = -1;
}

static void fail_basics(const struct sim_run_cfg *cfg, const struct lay_cfg *lc,
                        struct sim_fail_result *f)
{
    f->au_bytes = (uint32_t)lc->au_bytes;
    f->power = cfg->fail.power;
    f->used_frac = cfg->fail.used_frac;
    f->returns = cfg->fail.returns;
    f->repair_ns = sim_fail_repair_ns(&cfg->fail);
    f->repair_default = cfg->fail.repair_ns == 0;
    f->fg_repair = any_failgroup(&cfg->fail);
    f->copy_cls = cfg->workload.n_classes;
    f->copy_mbps = NAN;                 /* measured when the copies run */
    f->restore_s = INFINITY;
    f->exposed_s = INFINITY;
}

int sim_fail_phases(const struct sim_run_cfg *cfg, struct sim_run_result *r,
                    char *why, size_t why_len)
{
    struct sim_fail_result *f = calloc(1, sizeof(*f));
    if (!f)
        return -ENOMEM;
    r->fail = f;
    f->run[SIM_PHASE_BEFORE] = r;
    struct lay_cfg lc = sim_fail_group_cfg(cfg);
    fail_basics(cfg, &lc, f);
    lay *l = NULL;
    int rc = lay_create(&lc, &l, why, why_len);
    bool offline[LAY_MAX_DISKS] = { false };
    if (rc == 0 && (rc = apply_events(cfg, l, offline, f)) < 0)
        snprintf(why, why_len, "--fail names no disk of the first disk group");
    if (rc == 0) {
        lay_fail_space(l, f->used_frac, offline, &f->space);
        why[0] = '\0';
        if (f->outcome == SIM_FAIL_RESTORED)
            rc = measure_phases(cfg, l, offline, f, why, why_len);
    }
    if (rc == 0)
        phase_times(cfg, f);
    lay_destroy(l);
    return rc;
}
