/*
 * advise_db.h - the advisor for a database: the cheapest instance and,
 * for each of its disk groups (DATA, REDO, RECO, ...), a volume type,
 * provisioning and disk count, such that the database workload's classes
 * get their rates and targets with every group on the one instance.
 *
 * The question differs from advise.h's in two ways.  The load is a
 * workload's classes at their rates (open loop), each on its group, all
 * at once, not ORION's two classes measured apart; and the groups are
 * independent in what they buy (each its own volumes, redundancy and
 * capacity) but share the instance's limits and attachments.  So the
 * search (advise_db.c) is in two phases, per cloud:
 *
 *   1. each group alone: its volume options (advise_space.c, provisioned
 *      for the group's demand and capacity), cheapest first, are bounded
 *      (the volumes' rates against the demand, mirror writes counted)
 *      and simulated with the group's classes only, on no instance: the
 *      cheapest of each volume type that meets the group's targets, and
 *      of each type the cheapest of at most ADV_DB_FEW_DISKS disks (so
 *      that the groups together fit an instance's attachments); a group
 *      with no class needs only its capacity;
 *   2. the instances, cheapest first (licences counted): on each, the
 *      cheapest combination of the groups' kept options that it attaches
 *      is bounded (the whole workload against the instance's limits) and
 *      simulated with every class and group; the first `top` that meet
 *      every target are the answer.
 *
 * Phase 1 is sound because a group's volumes serve only its classes: an
 * option that misses a group's targets with no instance limit misses
 * them on any instance.  Phase 2 judges the whole; the instance's shared
 * limits are what it adds.
 *
 * A configuration is simulated by the caller's evaluator (the CLI's:
 * `asmsim run` of the configuration, so the run command reproduces it):
 * the search knows the workload only as each group's demand.
 */
#ifndef ASMSIM_SIM_ADVISE_DB_H
#define ASMSIM_SIM_ADVISE_DB_H

#include "sim/advise/advise.h"
#include "sim/core/run.h"

#define ADV_DB_KEEP 12              /* options kept per group and cloud */
#define ADV_DB_FEW_DISKS 8          /* phase 1's second pass: at most this
                                       many disks a group */
#define ADV_DB_TYPE_TRIES 24        /* phase 1's simulations per group,
                                       cloud and volume type */
#define ADV_DB_MAX_REJECTED 5

/* A disk group of the database as the search takes it. */
struct adv_db_group {
    char name[WL_NAME_MAX];
    enum lay_redundancy redundancy;
    uint64_t capacity_bytes;        /* usable; 0: none */
    int n_types;                    /* 0: the space's --volume-types */
    char types[ADV_MAX_LIST][PROF_NAME_MAX];
    struct adv_demand demand;       /* its classes' I/O; n 0: none */
};

/* One group's volumes in a configuration. */
struct adv_db_pick {
    struct vol_profile volume;
    int disks;
    uint64_t usable_bytes;          /* after redundancy and mirror free */
    double volume_usd_month;        /* one volume */
    double volumes_usd_month;       /* all of them, rounded once */
};

struct adv_db_config {
    struct inst_profile instance;   /* "none": phase 1's group alone */
    double instance_usd_month;
    int licence_units;
    double licence_usd_month;
    int n_groups;
    struct adv_db_pick group[SIM_MAX_GROUPS];
    double volumes_usd_month;       /* every group's */
    double total_usd_month;         /* instance + volumes + licences */
};

/* What a simulation measured of one class. */
struct adv_db_class {
    double offered;                 /* I/Os a second that arrived */
    double iops, mbps;
    double avg_us, p99_us;
    double unmet;                   /* 0..1 of the offered */
};

struct adv_db_outcome {
    struct adv_db_config c;
    bool simulated;                 /* false: the bound alone rejected it */
    bool pass;
    char missed[160];               /* !pass: the first target missed,
                                       as a line ("redo p99 latency
                                       1203.4 us <= 1000.0 us") */
    char binding[64];               /* the limit the run names */
    int n_classes;
    struct adv_db_class cls[WL_MAX_CLASSES];
};

/* Simulate configuration c and judge it against every target, into out
   (all but out->c).  only >= 0: group `only` alone (c's instance is
   "none"), with its classes and their targets only.  0, or -errno with
   why (the search stops). */
typedef int (*adv_db_eval_fn)(void *arg, const struct adv_db_config *c, int only,
                              struct adv_db_outcome *out, char *why, size_t why_len);

struct adv_db_cfg {
    struct adv_cfg base;            /* space, top, jobs, seed, stop, progress
                                       (targets unused) */
    int n_groups;
    struct adv_db_group group[SIM_MAX_GROUPS];
    adv_db_eval_fn eval;
    void *eval_arg;
};

/* What a group alone came to, in one cloud: its kept options (cheapest
   first), or why none. */
struct adv_db_group_result {
    int n_kept;
    struct adv_db_outcome kept[ADV_DB_KEEP];
    long options, simulated;
    char none_why[200];             /* n_kept 0: the closest miss */
};

struct adv_db_result {
    int n_best;
    struct adv_db_outcome best[ADV_MAX_TOP];      /* cheapest first */
    int n_rejected;                 /* configurations rejected (missed)
                                       priced below best[0]: the dearest
                                       ADV_DB_MAX_REJECTED, dearest last */
    struct adv_db_outcome rejected[ADV_DB_MAX_REJECTED];
    int n_aside;                    /* instances an instance constraint set
                                       aside, priced (with their licences)
                                       below best[0], dearest last */
    struct adv_db_aside {
        char name[PROF_NAME_MAX];
        double usd_month;           /* the instance and its licences */
        char why[120];
    } aside[ADV_DB_MAX_REJECTED];
    bool has_cloud_best[ADV_MAX_CLOUDS];
    struct adv_db_outcome cloud_best[ADV_MAX_CLOUDS];
    struct adv_db_group_result group[ADV_MAX_CLOUDS][SIM_MAX_GROUPS];
    long instances, simulated;
    bool interrupted;
    double wall_s;
};

/* The lowest latency floor of group g's volume types on the instances
   searched (advise_bound.c: what no load can go below) for a class of
   the group: a latency target below it is out of reach of every
   configuration, no simulation needed. */
struct adv_db_floor {
    bool reads, writes;             /* in: the class's directions */
    double quantile;                /* in: 0 the mean; else 0.5 .. 0.9999 */
    double floor_us;                /* out: the lowest floor */
    char type[PROF_NAME_MAX];       /* out: its volume type ("io2") */
};
/* 0 with f's floor_us and type, or -EINVAL with why (the instance
   constraints leave no instance) or -ENOMEM. */
int adv_db_latency_floor(const struct adv_db_cfg *cfg, int g, struct adv_db_floor *f,
                         char *why, size_t why_len);

/* Search.  0 (also when nothing meets the targets: n_best 0), 1 when
   stopped, or -errno with why (a space with no option for a group, the
   evaluator's error). */
int adv_db_search(const struct adv_db_cfg *cfg, struct adv_db_result **out,
                  char *why, size_t why_len);
void adv_db_result_free(struct adv_db_result *r);

#endif
