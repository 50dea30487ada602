/*
 * rebalance.h - a disk lost during a run: the phases of the failure, the
 * rebalance or resync as an I/O class, and what a DBA reads of it.
 *
 * A run with a failure (sim_run_cfg.fail.n > 0: run --fail) is its
 * ordinary point, the BEFORE phase, and after it up to three more points
 * of the same workload on the same volumes and instance (rebalance.c):
 *
 *   BEFORE       every disk online                 [0, fail)
 *   DEGRADED     the disks offline (layouts/failure.h)
 *                                                  [fail, fail + repair)
 *   REBALANCING  dropped: their extents rebuilt on the partners; or
 *                back (--returns): their stale AUs resynced; a class of
 *                `power` copy streams beside the database's
 *                                                  [.., + moved / rate)
 *   RESTORED     dropped: the group without them; back: as BEFORE
 *
 * Each phase is measured as a steady state (its own point); the hours
 * between are arithmetic: the time to restore redundancy is the data
 * moved divided by the copy rate the rebalancing point measured.
 *
 * Disks added (sim_run_cfg.fail.add_n > 0: run --add-disks) are the same
 * machinery with nothing lost, a scenario of its own beside a failure's
 * (sim_run_result.add), after it when both are given (enum sim_add_after;
 * FROM is 0, or the failure's restore):
 *
 *   BEFORE       the group as the run has it, or as the failure left it
 *                                                  [FROM, add)
 *   REBALANCING  the group with the new disks, the database's I/O where
 *                the grown layout puts it, and the copy class moving
 *                the old disks' share onto the new (LAY_FAIL_ADD)
 *                                                  [add, + moved / rate)
 *   RESTORED     ("balanced") the grown group, every disk an even share
 */
#ifndef ASMSIM_SIM_CORE_REBALANCE_H
#define ASMSIM_SIM_CORE_REBALANCE_H

#include <stdbool.h>
#include <stdint.h>

#include "layouts/failure.h"
#include "sim/core/simtime.h"

#define SIM_FAIL_MAX_EVENTS 4           /* --fail given this often at most */

/* ASM's defaults (../shared/docs/ASM_FAILURE.md sec. 2-3). */
#define SIM_DISK_REPAIR_NS ((sim_ns)(3.6 * 3600) * SIM_NS_PER_S)   /* DISK_REPAIR_TIME,
                                           12.1 doc (OSTMG121 GUID-56B52297) */
#define SIM_FG_REPAIR_NS ((sim_ns)24 * 3600 * SIM_NS_PER_S)    /* FAILGROUP_REPAIR_TIME,
                                           12.1+ (SQLRF23) */
#define SIM_POWER_DEFAULT 1             /* ASM_POWER_LIMIT (REFRN 11.2-19) */
#define SIM_POWER_MAX 1024              /* COMPATIBLE.ASM >= 11.2.0.2 */
#define SIM_USED_DEFAULT 0.5            /* --used: a guess, said so */

/* One --fail: a disk or a failure group of the run's first disk group,
   at a time into the run. */
struct sim_fail_event {
    bool failgroup;                     /* index is a failure group */
    int index;                          /* disk, or failure group, from 0 */
    sim_ns at_ns;
};

struct sim_fail_cfg {
    int n;                              /* events; 0: no failure */
    struct sim_fail_event ev[SIM_FAIL_MAX_EVENTS];  /* in time order */
    sim_ns repair_ns;                   /* 0: the default for what failed */
    bool returns;                       /* back after repair_ns: resync;
                                           else dropped: rebalance */
    int power;                          /* 1..SIM_POWER_MAX */
    double used_frac;                   /* how full the group is, 0..1 */
    int add_n;                          /* --add-disks: new disks, 0: none */
    sim_ns add_at_ns;                   /* when they join the first group */
};
#define SIM_ADD_MAX_DISKS LAY_FAIL_MAX_DISKS    /* --add-disks N at most */

enum sim_fail_phase {
    SIM_PHASE_BEFORE = 0,
    SIM_PHASE_DEGRADED,
    SIM_PHASE_REBALANCING,
    SIM_PHASE_RESTORED,
};
#define SIM_PHASES 4

enum sim_fail_outcome {
    SIM_FAIL_RESTORED = 0,              /* redundancy restored */
    SIM_FAIL_DATA_LOST,                 /* an extent lost every copy */
    SIM_FAIL_NO_ROOM,                   /* no room to rebuild into */
    SIM_FAIL_NO_SOURCE,                 /* no failure group left for a
                                           new copy (lay_fail_can_copy) */
};

/* Where an add starts from (docs/failure.md, "Disks added"). */
enum sim_add_after {
    SIM_ADD_ALONE = 0,          /* no --fail: the run's group */
    SIM_ADD_RESTORED,           /* after the failure's restore: the group
                                   it left (the survivors, or after a
                                   resync the group as it was) */
    SIM_ADD_FOLDED,             /* while the failure's copies run: ASM
                                   folds it into that rebalance; its
                                   copies start where the failure's end */
    SIM_ADD_UNRESTORED,         /* the failure left the group degraded or
                                   dismounted: not measured */
};

struct sim_run_result;

struct sim_fail_result {
    bool add;                           /* disks added (sim_add_phases): no
                                           DEGRADED phase, RESTORED is the
                                           balanced group, offline[] lists
                                           the new disks */
    int old_disks;                      /* add: the first group's before */
    enum sim_add_after after;           /* add: where it starts from */
    int lost_disks;                     /* add after a drop: the disks the
                                           failure took (old_disks the rest) */
    enum sim_fail_outcome outcome;
    int lost_a, lost_b;                 /* DATA_LOST: disks of one extent */
    sim_ns lost_at_ns;                  /* DATA_LOST: the failure that did */
    int n_offline;                      /* the first group's disks lost */
    int offline[LAY_FAIL_MAX_DISKS];
    sim_ns repair_ns;                   /* in force */
    bool repair_default;                /* the documented default */
    bool fg_repair;                     /* FAILGROUP_REPAIR_TIME applies */
    int power;
    double used_frac;
    bool returns;
    /* phases: [BEFORE] is the run itself (not owned); the others owned,
       NULL where not reached */
    struct sim_run_result *run[SIM_PHASES];
    sim_ns start_ns[SIM_PHASES];        /* into the run; -1: not reached */
    sim_ns end_ns[SIM_PHASES];          /* -1: open (restored) */
    int copy_cls;                       /* the copy class in run[REBALANCING] */
    double copy_mbps;                   /* copies' write rate, 10^6 B/s */
    uint64_t moved_bytes;               /* the data the copies move */
    uint32_t au_bytes;
    double restore_s;                   /* moved_bytes / copy rate (add:
                                           the time to balance) */
    double exposed_s;                   /* failure to restored; add: NaN */
    double dropped_writes_per_s;        /* DEGRADED: for an offline disk */
    uint64_t stale_aus_window;          /* distinct, in its window */
    double stale_aus;                   /* by the repair time (estimate) */
    struct lay_space space;             /* at the failure */
};

struct sim_run_cfg;
struct sim_class_load;
struct sim_engine_fail;

/* The data an add of n disks to a group of old disks moves so that every
   disk holds an even share, when the group holds what `held` disks of
   disk_bytes each, used_frac full, held: used x held x disk x n /
   (old + n).  held is old, or after a drop the disks before it (the
   survivors hold the lost disks' data too). */
uint64_t sim_add_moved_bytes(uint64_t disk_bytes, double used_frac, int held, int old,
                             int n);

/* cfg's first group grown by n disks, numbered after its own (in
   failure group d mod its failure groups; a failure-group map of the
   old disks kept, extended into map[LAY_MAX_DISKS], the caller's, which
   outlives the runs): run's add (sim_add_phases) and a forecast's
   (sim/model/forecast_fail.c).  Modelled volumes: no target names. */
struct sim_run_cfg sim_add_grown_cfg(const struct sim_run_cfg *cfg, int n, int *map);

/* The stale AUs on n offline disks (step 2 at the top of rebalance.c):
   each disk of disk_bytes used_frac full, in AUs of au_bytes, missed
   `dropped` writes spread evenly over its allocated AUs; n E (1 -
   exp(-dropped / E)), E the allocated AUs of a disk.  rebalance.c's
   DEGRADED point and a forecast's degraded rows (forecast_fail.c). */
double sim_fail_stale_aus(uint64_t disk_bytes, double used_frac, uint32_t au_bytes,
                          int n, double dropped);

/* The layout configuration of cfg's first disk group, the one that
   fails: the first --group's, or the run's own; its disks and disk size
   filled in. */
struct lay_cfg sim_fail_group_cfg(const struct sim_run_cfg *cfg);

/* The repair time in force: fc->repair_ns (--repair-time), else
   FAILGROUP_REPAIR_TIME's default when an event fails a whole failure
   group, DISK_REPAIR_TIME's otherwise. */
sim_ns sim_fail_repair_ns(const struct sim_fail_cfg *fc);

/* The run of a phase of a failure of cfg's first disk group: cfg with the
   engine's failure ef (borrowed: it outlives the run) and, when
   ef->copy_cls >= 0, that class added: "rebalance" (or "resync" when
   returns), `power` sequential streams of one AU (au_bytes) each
   (sim_fail_copy_load).  rebalance.c's phases and the dashboard's live
   failure (sim/session/session_fail.c) run it. */
struct sim_run_cfg sim_fail_phase_cfg(const struct sim_run_cfg *cfg,
                                      const struct sim_engine_fail *ef,
                                      uint32_t au_bytes, int power, bool returns);
/* The copy class's load: `power` streams of one I/O, class copy_cls the
   last of load. */
void sim_fail_copy_load(struct sim_class_load *load, int copy_cls, int power);

/* RESTORED after a rebuild: cfg's first group without the disks marked in
   offline[] (its layout's disks), its failure groups numbered afresh
   into map[LAY_MAX_DISKS] (the caller's; it outlives the run).  0, or
   -errno with why (the layout cannot be made). */
int sim_fail_restored_cfg(const struct sim_run_cfg *cfg, const bool *offline,
                          int *map, struct sim_run_cfg *out, char *why, size_t why_len);

#endif
