/*
 * advise_internal.h - what the advisor's modules share: the volume
 * options and candidates of the space (advise_space.c), the one cost
 * function (advise_cost.c), the bound (advise_bound.c), the simulation
 * (advise_eval.c) and the parallel loop (advise_pool.c).
 */
#ifndef ASMSIM_SIM_ADVISE_INTERNAL_H
#define ASMSIM_SIM_ADVISE_INTERNAL_H

#include "sim/advise/advise.h"

/* One provisioned volume of one type for one disk count. */
struct adv_volopt {
    struct vol_profile v;
    double usd_month;               /* one volume (advise_cost.c) */
    int disks;
    uint64_t usable_bytes;          /* of the disk group */
};

/* An instance an instance constraint set aside (advise_limits.c): its
   price, its licences where they can be counted, and why. */
struct adv_inst_aside {
    struct inst_profile p;
    double usd_month;
    int licence_units;
    double licence_usd_month;
    char why[120];
};

/* A candidate: instance x volume option (which fixes type and disks). */
struct adv_cand {
    double total_usd_month;
    int inst;                       /* index into the space's instances */
    int opt;                        /* index into the space's options */
    float bound_mbps, bound_iops;
};

/* One instance of the space. */
struct adv_inst {
    struct inst_profile p;
    double usd_month;               /* advise_cost.c */
    int licence_units;              /* advise_limits.c; 0 without a licence */
    double licence_usd_month;       /* ... their price, to the cent */
    int max_data_disks;             /* attachment limit, data volumes */
    unsigned cloud;                 /* its provider's bit (adv_cloud_bit) */
    /* the rejected candidate of this instance that came closest to the
       targets (bound / need), for "why nothing cheaper"; ratio < 0: none */
    struct adv_cand closest;
    double closest_ratio;
    /* the most the instance's own limits allow under any option (the
       bound with unlimited volumes), and how close that comes */
    double inst_ratio;              /* < 0: not seen */
    double inst_mbps, inst_iops;
    /* the option whose bound is the highest on each rate, [0] large MB/s,
       [1] small IOPS (the cheapest of equal ones); inst < 0: none bounded */
    struct adv_cand reach[2];
    /* with a schedule, the option whose bound carries the largest share
       of what the day asks (reach_day_ratio: the bound's least share of
       a phase's demand, or of the day's mean; the cheapest of equal
       ones); reach_day_ratio < 0: none bounded */
    struct adv_cand reach_day;
    double reach_day_ratio;
    /* the latency floor (advise_bound.c): options set aside for a floor
       above the target, and the lowest floor of any option, of its type */
    struct adv_floor lat;
};

struct adv_space {
    struct adv_inst *inst;
    int n_inst;
    struct adv_volopt *opt;
    int n_opt;
    struct adv_inst_aside *aside;   /* set aside by a constraint */
    int n_aside;
    struct adv_cand *cand;          /* admitted by the bound */
    long n_cand;
    long enumerated;
    struct adv_floor lat;           /* of enumerated, by the latency floor */
    struct adv_cand reach[2];       /* of every instance's reach[]: the
                                       highest bound on each rate */
    struct adv_cand reach_day;      /* ... and of their reach_day */
    double reach_day_ratio;
    bool keep_all;
    int *group_start;               /* options [group_start[g],
                                       group_start[g + 1]) share type and
                                       disk count */
    int n_groups;
};

/* advise_space.c: build the space for cfg.  keep_all: every candidate
   the space holds goes into s->cand, none pruned by the bound or by a
   cheaper option's bound on the same instance (for tests that simulate
   the space exhaustively; a volume option dominated by a cheaper one of
   its type, no faster on any rate, is not in the space).  0 or -EINVAL /
   -ENOMEM. */
int adv_space_build(const struct adv_cfg *cfg, bool keep_all,
                    struct adv_space *s, char *why, size_t why_len);
void adv_space_free(struct adv_space *s);
/* The space's instances and volume options only, no candidates (a
   database group's options, advise_db.c): 0 or -EINVAL / -ENOMEM.  label
   ("group DATA") prefixes the reason when the volume options fail, not
   when the instance constraints leave no instance (they are the
   instance's, not the group's). */
int adv_space_options(const struct adv_cfg *cfg, const char *label, struct adv_space *s,
                      char *why, size_t why_len);
/* (Re)make the candidates of a built space: bounds sustained or with
   burst; burst_only: only pairs where an instance or volume has a burst
   bucket.  0 or -ENOMEM. */
int adv_space_candidates(struct adv_space *s, const struct adv_cfg *cfg,
                         bool burst, bool burst_only);
/* Whether a volume has a burst bucket (gp2 IOPS, st1/sc1 throughput). */
bool adv_volume_bursts(const struct vol_profile *v);
/* The configuration (bill included) of candidate k. */
void adv_space_config(const struct adv_space *s, const struct adv_cand *k,
                      struct adv_config *out);

/* advise_limits.c: whether instance in passes the instance constraints
   of sc: 0, or 1 with the reason in why ("arm64 (--arch x86_64)",
   "2 vCPUs < --min-vcpus 16").  adv_licence: the licence units in needs
   under sc's licence and their monthly price (0 and 0 without one): 0,
   or -EINVAL with why (SE2 above its vCPU limit). */
int adv_limits_check(const struct adv_space_cfg *sc, const struct inst_profile *in,
                     char *why, size_t len);
int adv_licence(const struct adv_space_cfg *sc, const struct inst_profile *in, int *units,
                double *usd_month, char *why, size_t len);
/* Why the instance constraints of sc set every instance of pool[0..n)
   aside (every instance of the clouds and families searched), into why:
   the constraint that none meets, or the two that none meets together,
   with the instance that comes closest. */
void adv_limits_explain(const struct adv_space_cfg *sc, const struct adv_inst_aside *pool,
                        int n_pool, char *why, size_t len);
/* advise_space.c: whether the family of instance `name` is one of
   list[0..n) (as --families names them: "m5", "e4flex"), its family
   into fam. */
bool adv_family_listed(const char (*list)[PROF_NAME_MAX], int n, const char *name,
                       char *fam, size_t fam_len);

/* advise_cost.c: the monthly price of an instance (to the cent) and of
   one volume (its list price, unrounded, as a bill multiplies it); false
   when it has no price.  adv_cost_total: instance + disks x volume, the
   volumes rounded once (price_volumes_month), as `asmsim cost` bills. */
bool adv_cost_instance(const struct inst_profile *in, const struct adv_space_cfg *sc,
                       double *usd_month);
bool adv_cost_volume(const struct vol_profile *v, const struct adv_space_cfg *sc,
                     double *usd_month);
double adv_cost_total(double instance_usd_month, int disks, double volume_usd_month);

/* A bound this close below a target still admits the candidate: the
   model's short-term allowance (dev_model.c, "Metering") lets a point
   run a little above a rate. */
#define ADV_BOUND_SLACK 1.01

/* advise_bound.c: the most a candidate can deliver, logical large MB/s
   and small IOPS, sustained or with burst. */
struct adv_bound {
    double mbps;
    double iops;
    double inst_mbps;               /* the instance's limits alone (no
                                       volume limit): 0 = none */
    double inst_iops;
};
void adv_bound(const struct adv_targets *t, const struct inst_profile *in,
               const struct vol_profile *v, int disks, bool burst,
               struct adv_bound *out);
/* The same over a window of window_s seconds that starts with every
   bucket full (0: burst; INFINITY: sustained). */
void adv_bound_window(const struct adv_targets *t, const struct inst_profile *in,
                      const struct vol_profile *v, int disks, double window_s,
                      struct adv_bound *out);
/* The same in two steps, for many volume options on one instance: what
   the instance alone carries over the window, in physical I/Os per
   second of each class's size (0: no limit), depends on the volume only
   through its I/O unit, so one adv_inst_rates serves every option of a
   type; adv_bound_with then gives exactly adv_bound_window's figures. */
struct adv_inst_rates {
    double window_s;
    double large, small;
};
void adv_inst_rates(const struct adv_targets *t, const struct inst_profile *in,
                    const struct vol_profile *v, double window_s,
                    struct adv_inst_rates *out);
void adv_bound_with(const struct adv_targets *t, const struct inst_profile *in,
                    const struct vol_profile *v, int disks,
                    const struct adv_inst_rates *ir, struct adv_bound *out);
/* The least small latency, us, a volume of v's type on instance in can
   show at t's write share, mean or p99, at any load (advise_bound.c);
   adv_latency_floor_q_us the same of a database's class: of its reads,
   its writes or both, at quantile (0: the mean; 0.5 .. 0.9999 a
   percentile). */
double adv_latency_floor_us(const struct adv_targets *t, const struct inst_profile *in,
                            const struct vol_profile *v);
double adv_latency_floor_q_us(const struct inst_profile *in, const struct vol_profile *v,
                              bool reads, bool writes, double quantile);
/* The queueing part of the latency bound (advise_bound.c, the top): the
   least small load (outstanding I/Os) at which a candidate of `disks`
   volumes whose latency floor is floor_us can reach the IOPS target, 0
   when the part does not apply (no mean latency target beside an IOPS
   target); and the least mean latency, us, that load shows on a
   candidate whose bound is bound_iops (0: none). */
int adv_queue_load(const struct adv_targets *t, int disks, double floor_us);
double adv_latency_queue_us(int load, double bound_iops);
/* advise_eval.c: the least small load level of a candidate's run (ORION's
   levels for `disks`, then the run's extension) that is >= at_least. */
int adv_least_small_level(const struct adv_targets *t, int disks, double at_least);
/* Copies of every write under redundancy r: 1, 2 or 3. */
int adv_copies(enum lay_redundancy r);

/* advise_eval.c: the `asmsim VERB` (run, or forecast with a schedule)
   that reproduces candidate c, into buf: its configuration, the run's
   workload or the schedule, and the options of cfg that differ from the
   defaults (--os rhel, the OCI flex shape's --memory, I/O sizes, seed).
   Every value given by a user or a shard is one shell word
   (sim_shell_word), so the line pasted runs that and nothing else; a line
   longer than len is replaced by a note, never cut. */
void adv_command_line(const struct adv_cfg *cfg, const struct adv_config *c,
                      const char *verb, char *buf, size_t len);
/* advise_eval.c: the `asmsim run` configuration of c (the model
   backend, buckets full (burst) or empty), bound (sim_setup_run) to *su,
   which must outlive its run. */
struct sim_setup;
void adv_run_cfg(const struct adv_cfg *cfg, const struct adv_config *c,
                 bool burst, struct sim_setup *su);
/* advise_schedule.c: c's forecast of the schedule until its day repeats,
   judged (its steady day served, and the other targets).  0, or -errno
   with why. */
int adv_eval_schedule(const struct adv_cfg *cfg, const struct adv_config *c,
                      struct adv_outcome *out, char *why, size_t why_len);
/* The worst of a day's phases ph[0..n) (schedule s): the open-loop one
   served least, ties within noise broken by the highest p99, then by the
   highest demand against the day's peak, then by the earliest (advise_schedule.c, the top of the file); NULL: none asks for
   a rate. */
const struct sim_fc_phase *adv_worst_phase(const struct sim_fc_phase *ph, size_t n,
                                           const struct wl_schedule *s);
/* The targets the bound holds a schedule's candidates to: its peak rates
   against the burst bound, its day-mean rates against the sustained one
   (sustain_*), in logical units at 0 % writes (mirror writes counted),
   the unmet tolerance allowed. */
void adv_schedule_bound_targets(const struct adv_targets *t, struct adv_targets *out);
/* The least, over a schedule's open-loop phases and classes, of what the
   candidate carries over the phase's length from full buckets / what the
   phase asks (less the tolerance): below 1 it cannot serve some phase;
   INFINITY without a schedule. */
double adv_schedule_phase_ratio(const struct adv_targets *t, const struct inst_profile *in,
                                const struct vol_profile *v, int disks);
/* The configuration the space and the bound work with: cfg itself, or
   with a schedule a copy in *buf holding its bound targets, burst on. */
const struct adv_cfg *adv_bound_cfg(const struct adv_cfg *cfg, struct adv_cfg *buf);

/* advise_eval.c: simulate c and judge it against the targets.  0, or
   -errno with why (a run that could not start). */
int adv_eval(const struct adv_cfg *cfg, const struct adv_config *c,
             bool burst, struct adv_outcome *out, char *why, size_t why_len);
/* Judge figures already in out->sim (and the capacity) against t. */
void adv_judge(const struct adv_targets *t, struct adv_outcome *out);

/* The candidates' parallel loop is the core's (sim/core/jobs.h). */
#include "sim/core/jobs.h"

#endif
