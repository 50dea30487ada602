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
 *
 * Disks added (sim_add_phases, --add-disks N@T) are the same steps with
 * nothing lost, a scenario of its own measured after the run's point.
 * ASM keeps the extents even over the disks (ASG "Rebalancing act",
 * 2011-11-27), so an add moves to the new disks their share of what the
 * old ones hold, taken from every disk mounted (arcer/cnblogs 2013 slide
 * notes, of ADD DISK):
 *
 *     moved = used x (old x disk size) x N / (old + N)
 *
 * With --fail too the add follows the failure (the DBA's repair: the
 * failed disk dropped, a replacement added; the CLI refuses an add
 * before the repair timer ends).  After the restore it starts from the
 * group the failure left (sim_fail_restored_cfg: old - lost disks, which
 * hold what the old ones did), its BEFORE the failure's RESTORED point:
 *
 *     moved = used x (old x disk size) x N / (old - lost + N)
 *
 * (after --returns, the group as it was).  Given while the failure's
 * copies still run, ASM folds it into that rebalance; the model copies
 * the lost disks' data first and the add's after, each at its own
 * phase's rate (SIM_ADD_FOLDED).  A failure that did not restore leaves
 * the add unmeasured (SIM_ADD_UNRESTORED).
 *
 * REBALANCING is the group grown by N disks (sim_sweep_run_cfg at old +
 * N) with the copy class reading from the old disks and writing to the
 * new (LAY_FAIL_ADD), the database's I/O where the grown layout puts it
 * (the layout after the move: ASM serves a moved extent from its new
 * place; at the rebalance's start the old disks still carry all of it,
 * so the foreground figures are the end's, the optimistic side); the
 * time to balance is moved / the copies' write rate; RESTORED is the
 * grown group without copies, every disk an even share.
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

double sim_fail_stale_aus(uint64_t disk_bytes, double used_frac, uint32_t au_bytes,
                          int n, double dropped)
{
    double aus = floor(used_frac * (double)disk_bytes / au_bytes);
    return aus > 0 ? n * aus * (1 - exp(-dropped / aus)) : 0;
}

/* Step 2's figures from the DEGRADED point. */
static void stale_estimate(const struct lay_cfg *lc, struct sim_fail_result *f)
{
    const struct sim_point_result *p = &f->run[SIM_PHASE_DEGRADED]->points[0];
    double per_disk = p->measured_s > 0
        ? (double)p->fail_dropped_writes / p->measured_s / f->n_offline : 0;
    f->dropped_writes_per_s = per_disk;
    f->stale_aus_window = p->fail_stale_aus;
    f->stale_aus = sim_fail_stale_aus(lc->disk_size_bytes, f->used_frac, f->au_bytes,
                                      f->n_offline, per_disk * (double)f->repair_ns / 1e9);
}

/* Step 3's figures from the REBALANCING point: the copies' write rate,
   and the time to move f->moved_bytes at it. */
static void copy_rate(struct sim_fail_result *f)
{
    const struct sim_point_result *p = &f->run[SIM_PHASE_REBALANCING]->points[0];
    const struct sim_class_result *c = &p->cls[f->copy_cls];
    double writes = (double)c->lat_dir[SIM_WRITE].count;
    double all = (double)c->lat.count;
    f->copy_mbps = all > 0 ? c->mbps * writes / all : 0;
    f->restore_s = f->copy_mbps > 0 ? (double)f->moved_bytes / (f->copy_mbps * 1e6)
                                    : INFINITY;
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
    f->moved_bytes = f->returns ? (uint64_t)llround(f->stale_aus) * f->au_bytes
                                : f->space.lost_bytes;
    copy_rate(f);
    f->exposed_s = (double)f->repair_ns / 1e9 + f->restore_s;
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

/* What a failure and an add share: the copies' power and I/O, the
   class they are, how full the group is; nothing measured yet. */
static void copy_basics(const struct sim_run_cfg *cfg, const struct lay_cfg *lc,
                        struct sim_fail_result *f)
{
    f->au_bytes = (uint32_t)lc->au_bytes;
    f->power = cfg->fail.power;
    f->used_frac = cfg->fail.used_frac;
    f->copy_cls = cfg->workload.n_classes;
    f->copy_mbps = NAN;                 /* measured when the copies run */
    f->restore_s = INFINITY;
}

/* A scenario's result in *slot (r->fail or r->add), its BEFORE the run
   r, cfg's first group's layout configuration in *lc, the copies'
   basics filled; NULL when out of memory. */
static struct sim_fail_result *scenario(const struct sim_run_cfg *cfg,
                                        struct sim_run_result *r,
                                        struct sim_fail_result **slot, struct lay_cfg *lc)
{
    struct sim_fail_result *f = calloc(1, sizeof(*f));
    *slot = f;
    if (!f)
        return NULL;
    f->run[SIM_PHASE_BEFORE] = r;
    *lc = sim_fail_group_cfg(cfg);
    copy_basics(cfg, lc, f);
    return f;
}

static void fail_basics(const struct sim_run_cfg *cfg, struct sim_fail_result *f)
{
    f->returns = cfg->fail.returns;
    f->repair_ns = sim_fail_repair_ns(&cfg->fail);
    f->repair_default = cfg->fail.repair_ns == 0;
    f->fg_repair = any_failgroup(&cfg->fail);
    f->exposed_s = INFINITY;
}

int sim_fail_phases(const struct sim_run_cfg *cfg, struct sim_run_result *r,
                    char *why, size_t why_len)
{
    struct lay_cfg lc;
    struct sim_fail_result *f = scenario(cfg, r, &r->fail, &lc);
    if (!f)
        return -ENOMEM;
    fail_basics(cfg, f);
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

/* ---- disks added (--add-disks) ---------------------------------------- */

uint64_t sim_add_moved_bytes(uint64_t disk_bytes, double used_frac, int held, int old,
                             int n)
{
    uint64_t used = (uint64_t)((double)disk_bytes * used_frac);    /* as lay_fail_space */
    return (uint64_t)llround((double)used * held * n / (old + n));
}

/* The group with n more disks, numbered after its own: cfg's first group
   grown.  A failure-group map of the old disks is kept, the new disks
   after it in group d mod failgroups, into map[LAY_MAX_DISKS]; on real
   targets the new disks are the n targets after the run's (the CLI
   checks they were given), after the first group's in names[] (of
   cfg->disks + n; NULL: no names).  map and names outlive the runs. */
static struct sim_run_cfg grown(const struct sim_run_cfg *cfg, int old, int n,
                                int *map, const char **names)
{
    struct sim_run_cfg rc = sim_sweep_run_cfg(cfg, old + n);
    struct lay_cfg *lc = cfg->db.n_groups > 0 ? &rc.db.groups[0].layout : &rc.layout;
    const int *had = sim_fail_group_cfg(cfg).disk_failgroup;
    if (had) {
        int groups = lc->failgroups > 0 ? lc->failgroups : old + n;
        for (int d = 0; d < old + n; d++)
            map[d] = d < old ? had[d] : d % groups;
        lc->disk_failgroup = map;
        rc.failgroup_map = NULL;
    }
    if (names) {
        int k = 0;
        for (int d = 0; d < old; d++)
            names[k++] = cfg->disk_names[d];
        for (int i = 0; i < n; i++)
            names[k++] = cfg->disk_names[cfg->disks + i];
        for (int d = old; d < cfg->disks; d++)
            names[k++] = cfg->disk_names[d];
        rc.disk_names = names;
    }
    return rc;
}

struct sim_run_cfg sim_add_grown_cfg(const struct sim_run_cfg *cfg, int n, int *map)
{
    return grown(cfg, sim_fail_group_cfg(cfg).disks, n, map, NULL);
}

/* The add's figures before it is measured: the old disks (the first
   group of base, the group it starts from), the new ones numbered after
   them, what moves: the new disks' share of what the group held before
   any failure (lost_disks more than it has now). */
static void add_basics(const struct sim_run_cfg *cfg, const struct lay_cfg *lc,
                       struct sim_fail_result *f)
{
    f->add = true;
    f->old_disks = lc->disks;
    f->n_offline = cfg->fail.add_n;
    for (int i = 0; i < f->n_offline; i++)
        f->offline[i] = lc->disks + i;
    f->moved_bytes = sim_add_moved_bytes(lc->disk_size_bytes, f->used_frac,
                                         lc->disks + f->lost_disks, lc->disks,
                                         f->n_offline);
    f->exposed_s = NAN;                 /* redundancy is never lost */
}

/* How the add follows the failure `fail` (NULL: none; sim_fail_phases
   ran first) into f->after; after a drop, the failure's RESTORED point
   as the add's BEFORE, and the dropped disks in f->lost_disks and
   marked in offline[LAY_MAX_DISKS]. */
static void add_after(const struct sim_run_cfg *cfg, const struct sim_fail_result *fail,
                      struct sim_fail_result *f, bool *offline)
{
    f->after = SIM_ADD_ALONE;
    if (!fail)
        return;
    sim_ns restored = fail->start_ns[SIM_PHASE_RESTORED];
    f->after = fail->outcome != SIM_FAIL_RESTORED || restored < 0 ? SIM_ADD_UNRESTORED
             : cfg->fail.add_at_ns < restored ? SIM_ADD_FOLDED : SIM_ADD_RESTORED;
    if (f->after == SIM_ADD_UNRESTORED || fail->returns)
        return;                         /* resynced: the group as it was */
    for (int i = 0; i < fail->n_offline; i++)
        offline[fail->offline[i]] = true;
    f->run[SIM_PHASE_BEFORE] = fail->run[SIM_PHASE_RESTORED];  /* the failure's */
    f->lost_disks = fail->n_offline;
}

/* REBALANCING (the copies onto the new disks, LAY_FAIL_ADD) and RESTORED
   (the balanced group) on the grown group big; the space after the add,
   its data spread over every disk. */
static int add_measure(const struct sim_run_cfg *big, struct sim_fail_result *f,
                       char *why, size_t why_len)
{
    struct sim_engine_fail ef = { .group = 0, .copy_cls = f->copy_cls };
    ef.disks = (struct lay_fail_cfg){ .n = f->n_offline, .mode = LAY_FAIL_ADD };
    memcpy(ef.disks.disk, f->offline, sizeof f->offline);
    int rc = run_phase(big, &ef, f, &f->run[SIM_PHASE_REBALANCING], why, why_len);
    if (rc == 0)
        rc = run_phase(big, NULL, f, &f->run[SIM_PHASE_RESTORED], why, why_len);
    if (rc < 0)
        return rc;
    copy_rate(f);
    struct lay_cfg lc = sim_fail_group_cfg(big);
    lay *l = NULL;
    rc = lay_create(&lc, &l, why, why_len);
    if (rc < 0)
        return rc;
    bool none[LAY_MAX_DISKS] = { false };
    lay_fail_space(l, f->used_frac * (f->old_disks + f->lost_disks) / lc.disks, none,
                   &f->space);
    lay_destroy(l);
    return 0;
}

/* BEFORE [from, start), REBALANCING [start, + moved / rate), RESTORED
   after; no DEGRADED.  from is 0, or the failure's restore; start the
   add's time, or when folded into the failure's rebalance the end of
   that one's copies (ASM runs one operation; the model copies the lost
   disks' data first, then the add's: docs/failure.md). */
static void add_times(const struct sim_run_cfg *cfg, const struct sim_run_result *r,
                      struct sim_fail_result *f)
{
    for (int i = 0; i < SIM_PHASES; i++)
        f->start_ns[i] = f->end_ns[i] = -1;
    if (f->after == SIM_ADD_UNRESTORED)
        return;
    sim_ns from = f->after == SIM_ADD_ALONE ? 0 : r->fail->start_ns[SIM_PHASE_RESTORED];
    sim_ns t = cfg->fail.add_at_ns > from ? cfg->fail.add_at_ns : from;
    sim_ns done = isfinite(f->restore_s) ? t + (sim_ns)(f->restore_s * 1e9) : -1;
    f->start_ns[SIM_PHASE_BEFORE] = from;
    f->end_ns[SIM_PHASE_BEFORE] = t;
    f->start_ns[SIM_PHASE_REBALANCING] = t;
    f->end_ns[SIM_PHASE_REBALANCING] = done;
    f->start_ns[SIM_PHASE_RESTORED] = done;
}

/* The add measured on the group it starts from, base. */
static int add_run(const struct sim_run_cfg *base, struct sim_fail_result *f,
                   char *why, size_t why_len)
{
    int map[LAY_MAX_DISKS];
    const char **names = NULL;
    if (base->disk_names &&
        !(names = calloc((size_t)(base->disks + f->n_offline), sizeof(*names))))
        return -ENOMEM;
    struct sim_run_cfg big = grown(base, f->old_disks, f->n_offline, map, names);
    int rc = add_measure(&big, f, why, why_len);
    free(names);
    return rc;
}

int sim_add_phases(const struct sim_run_cfg *cfg, struct sim_run_result *r,
                   char *why, size_t why_len)
{
    struct lay_cfg lc;
    struct sim_fail_result *f = scenario(cfg, r, &r->add, &lc);
    if (!f)
        return -ENOMEM;
    int map[LAY_MAX_DISKS];
    bool offline[LAY_MAX_DISKS] = { false };
    struct sim_run_cfg base = *cfg;
    add_after(cfg, r->fail, f, offline);
    int rc = f->lost_disks == 0 ? 0            /* else the group the failure left */
           : sim_fail_restored_cfg(cfg, offline, map, &base, why, why_len);
    if (rc == 0) {
        lc = sim_fail_group_cfg(&base);
        add_basics(&base, &lc, f);
    }
    if (rc == 0 && f->after != SIM_ADD_UNRESTORED)
        rc = add_run(&base, f, why, why_len);
    if (rc == 0)
        add_times(cfg, r, f);
    return rc;
}
