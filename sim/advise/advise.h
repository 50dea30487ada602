/*
 * advise.h - the advisor: the cheapest instance and disk group that meet
 * a target (issue 12 section 2), on the model.
 *
 * The question: which instance, volume type, provisioning and disk count
 * deliver the large MB/s, small IOPS, small latency and usable capacity a
 * DBA asks for, at the least monthly cost.  The answer comes in four steps
 * (each in its own module):
 *
 *   advise_space.c   the candidate space: every priced instance (filtered
 *                    by cloud and family) x volume type x disk count x
 *                    provisioning (size, IOPS, throughput, VPU ladders),
 *                    within the providers' rules (prof_volume_parse,
 *                    prof_attach_check), the attachment limits and ASM's
 *                    rules (disks, failure groups, REQUIRED_MIRROR_FREE_MB)
 *   advise_bound.c   an analytical upper bound of what a candidate can
 *                    deliver: the least of the instance cap and N x the
 *                    volume cap, in the model's I/O accounting (mirror
 *                    writes, operations per I/O, delivered fractions),
 *                    and a lower bound of its small latency (the volume
 *                    type's service on the instance's platform, mean or
 *                    p99, and the queueing its limits imply at the IOPS
 *                    target)
 *   advise_eval.c    the simulation of one candidate: a `asmsim run` on
 *                    the model backend (short auto points), judged
 *                    against the targets
 *   advise_search.c  candidates the bound admits, cheapest first, are
 *                    simulated in fixed batches (on --jobs threads) until
 *                    `top` of them pass, each run once for the candidates
 *                    alike to the model; only simulated figures decide
 *   advise_front.c   of the passes found, the Pareto front of cost
 *                    against latency and the cheapest of each family
 *
 * Determinism: every candidate's simulation is seeded the same and is
 * independent of the others, candidates are ordered by (cost, instance,
 * spec, disks) and batches have a fixed size, so the answer is the same
 * for any number of threads; and the answer is made from what was
 * decided by one merge function, so --shard K/N pieces merged give it
 * too (advise_search.c says why).
 *
 * Units: rates in MB/s (10^6 B/s, ORION's MBPS) and IOPS, latency in
 * microseconds, sizes in bytes, money in USD per month.
 */
#ifndef ASMSIM_SIM_ADVISE_H
#define ASMSIM_SIM_ADVISE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layouts/layout.h"
#include "sim/core/device.h"
#include "sim/core/stop_flag.h"
#include "sim/profiles/licence.h"
#include "sim/profiles/profiles.h"
#include "sim/profiles/provider.h"
#include "workloads/schedule.h"
#include "workloads/wl_spec.h"

#define ADV_MAX_TOP 100
#define ADV_MAX_LIST 32             /* families, volume types */
#define ADV_MAX_REJECTED 5          /* "why nothing cheaper" rows */
#define ADV_COMMAND_LEN 4096        /* a printed run or forecast command */
#define ADV_DEFAULT_TOP 10
#define ADV_DEFAULT_MIN_DISKS 4     /* ASM: at least 4 disks per group
                                       (DOMAIN.md section 3) */
/* The burst alternative of a sustained search ("only on burst credits")
   is sought among this many of the cheapest bursting candidates of each
   cloud: an aside to the answer, it is held to the answer's seconds. */
#define ADV_BURST_ALT_MOST 128

/* The clouds a search covers, as bits: the provider at index i of the
   provider table (provider.h) is 1u << i, for the providers of a name
   (local NVMe is none) among the first ADV_MAX_CLOUDS.  The two names
   below are the table's first two (test_advise.c checks them), for the
   CLI's defaults and the tests. */
#define ADV_MAX_CLOUDS 4
enum adv_cloud_bit {
    ADV_CLOUD_AWS = 1u << 0,
    ADV_CLOUD_OCI = 1u << 1,
};

/* Provider p's bit, 0 for NULL or a provider that is no cloud. */
unsigned adv_cloud_bit(const struct prof_provider *p);
/* The provider of bit 1u << c (c < ADV_MAX_CLOUDS), NULL if none. */
const struct prof_provider *adv_cloud_provider(int c);
/* "AWS", "OCI", "AWS and OCI": the clouds of bits clouds (0: AWS, the
   first), by display name, into buf; returns buf. */
const char *adv_clouds_text(unsigned clouds, char *buf, size_t len);

/* A disk group's I/O as a database workload offers it (advise_db.h):
   per size of each class, its rate and write share.  The options of the
   group are provisioned for all of it at once (advise_space.c), where
   ORION's two classes are each a separate point. */
#define ADV_DEMAND_MAX (WL_MAX_CLASSES * WL_MAX_SIZES)
struct adv_demand {
    int n;
    struct adv_demand_line {
        double rate;                /* I/Os a second of this size */
        uint32_t bytes;
        double write_frac;          /* 0..1 */
        bool sequential;            /* may merge where the volume merges */
    } line[ADV_DEMAND_MAX];
};

/* What the configuration must deliver; a figure of 0 is no target. */
struct adv_targets {
    double need_mbps;               /* large I/O, logical MB/s */
    double need_iops;               /* small I/O, logical IOPS */
    double need_lat_us;             /* small I/O latency at need_iops */
    bool lat_p99;                   /* need_lat_us is a p99, not the mean */
    int write_pct;                  /* 0..100, both classes */
    uint64_t capacity_bytes;        /* usable, after redundancy */
    const char *capacity_text;      /* as the user gave it ("8TiB"), for
                                       reports; NULL: not given.  Not owned */
    enum lay_redundancy redundancy;
    uint32_t small_bytes;           /* 8 KiB */
    uint32_t large_bytes;           /* 128 KiB */
    /* --schedule: the schedule's steady day must be served (its phases
       set the rates and write shares; need_mbps, need_iops and write_pct
       are then 0); NULL: no schedule.  Not owned. */
    const struct wl_schedule *schedule;
    const char *schedule_source;    /* its file or preset, as given */
    /* the bound's only: a rate the candidate must sustain (a schedule's
       day mean, mirror writes counted: logical at 0 % writes); 0 none */
    double sustain_mbps, sustain_iops;
    /* a disk group of a database workload (advise_db.c): the volume
       options are provisioned for this demand instead of need_mbps and
       need_iops; NULL: ORION's targets.  Not owned. */
    const struct adv_demand *demand;
};

enum adv_os { ADV_OS_LINUX = 0, ADV_OS_RHEL };

struct adv_space_cfg {
    unsigned clouds;                /* ADV_CLOUD_* bits; 0 = AWS */
    int n_families;                 /* 0 = every family */
    char families[ADV_MAX_LIST][PROF_NAME_MAX];   /* "m5", "r5b", "e4flex" */
    int n_types;                    /* 0 = the default types of each cloud */
    char types[ADV_MAX_LIST][PROF_NAME_MAX];      /* "gp3", "io2", ... */
    int min_disks;                  /* 0 = ADV_DEFAULT_MIN_DISKS */
    int max_disks;                  /* 0 = the instance's attachment limit */
    bool burst_ok;                  /* burst counts toward the targets */
    enum adv_os os;
    double memory_per_ocpu_gb;      /* OCI flex shapes; 0 = OCI's default */
    /* Instance constraints (advise_limits.c): an instance that fails one
       is no candidate, and is listed with the reason among "why nothing
       cheaper" when it is priced below the answer. */
    enum prof_arch arch;            /* PROF_ARCH_UNKNOWN: any; default x86_64 */
    int min_vcpus, max_vcpus;       /* 0 = no bound */
    double min_memory_gib;          /* 0 = no bound; a flex shape's is
                                       the memory it is priced with */
    int n_exclude;                  /* --exclude-families */
    char exclude[ADV_MAX_LIST][PROF_NAME_MAX];
    /* Oracle Database licences (sim/profiles/licence.h): counted per
       instance by its provider's rules and priced at licence_usd_month a
       unit (processor licence, or SE2 socket); the search minimises the
       total, infrastructure and licences.  An instance SE2 may not be
       licensed on is set aside. */
    enum prof_licence licence;
    double licence_usd_month;       /* per unit a month; > 0 with a licence */
};

struct adv_cfg {
    struct adv_targets targets;
    struct adv_space_cfg space;
    int top;                        /* configurations to return, 1..100 */
    int jobs;                       /* threads, >= 1 */
    uint64_t seed;                  /* of every simulation */
    sim_stop_flag *stop;            /* optional: set = stop, keep results */
    int shard_k, shard_n;           /* --shard K/N: simulate only the
                                       candidates k-1, k-1+n, ... of each
                                       cloud's cost order; 0 = all */
    /* optional: called after every simulation with the simulations
       finished so far in the search and the dearest price they reached
       (both only grow), for a progress line; from the search's threads,
       one call at a time, so it must be quick and may print */
    void (*progress)(void *arg, long judged, double usd_month);
    void *progress_arg;
};

/* What a latency target set aside by the latency bound (advise_bound.c:
   the type's floor on the instance, or the queueing a candidate's limits
   imply): no simulation of those candidates could meet it.  Per volume
   type and, where the type's latency depends on it, the instance's
   platform, in the order the space met them. */
struct adv_aside {
    char type[PROF_NAME_MAX];
    char platform[8];               /* "xen": the type's latency on that
                                       platform only (io2 off Nitro); ""
                                       on any */
    long candidates;
    double lowest_bound_us;         /* the lowest latency bound among them:
                                       a floor, or a floor and the
                                       queueing the limits imply */
};

struct adv_floor {
    long set_aside;                 /* candidates, all types */
    double floor_us;                /* the lowest floor of the space, set
                                       aside or not (INFINITY: none) */
    char floor_type[PROF_NAME_MAX]; /* ... its volume type */
    int n_types;
    struct adv_aside type[ADV_MAX_LIST];
};

/* One configuration with its monthly bill. */
struct adv_config {
    struct inst_profile instance;
    struct vol_profile volume;      /* volume.spec is what --volume takes */
    int disks;
    int failgroups;                 /* one per disk */
    uint64_t usable_bytes;          /* after redundancy and mirror free */
    double instance_usd_month;
    double volume_usd_month;        /* one volume */
    double volumes_usd_month;       /* all of them */
    int licence_units;              /* 0 without --licence */
    double licence_usd_month;       /* units x the unit's price, to the cent */
    double total_usd_month;         /* instance + volumes + licences */
};

enum adv_target_id {
    ADV_T_MBPS = 0,
    ADV_T_IOPS,
    ADV_T_LAT,
    ADV_T_CAPACITY,
    ADV_T_SCHEDULE,                 /* --schedule: its day served */
    ADV_TARGETS
};

/* The figures of one simulation (the summary of a run). */
struct adv_figures {
    double mbps;                    /* Maximum Large MBPS */
    double iops;                    /* Maximum Small IOPS */
    double lat_us;                  /* small latency (mean or p99) at the
                                       least small load reaching need_iops,
                                       else the Minimum Small Latency point */
    enum sim_limit large_limit, small_limit;
    bool burst_drawn;               /* the figures rest on burst credits */
    double burst_lasts_s;           /* for this long at most, from full */
    double sustained_mbps;          /* after the burst (burst_drawn) */
    double sustained_iops;
};

/* A schedule's steady day on a candidate (--schedule): the forecast's
   verdict (sim/model/forecast.h) over the day that repeats, and what a
   DBA reads from it.  Rates: small IOPS and large MB/s ([enum wl_class]). */
struct adv_day {
    bool served;                    /* every phase of the steady day */
    bool steady;                    /* the day repeats; else the last of
                                       sim_forecast_auto_days() days */
    int days;                       /* simulated */
    int worst_phase;                /* schedule index; -1: no phase asks
                                       for a rate */
    double worst_offered[2];        /* of the worst phase */
    double worst_delivered[2];
    double worst_served_frac;       /* 1 - its unmet share (class worst
                                       off), 0..1 */
    double worst_p99_us;            /* its worst interval's small p99
                                       (large when it has no small) */
    double lat_us;                  /* --need-latency's figure: the worst
                                       interval's small mean (or p99) over
                                       the day's phases */
    bool bursts;                    /* the configuration has buckets */
    bool credits_out;               /* a bucket ran dry in the day */
    double credits_out_at_s;        /* ... first at this time of day */
    char credits_whose[40];         /* "instance IOPS", "volumes' IOPS" */
    double credits_low_pct;         /* the lowest level of any bucket in
                                       the day, 0..100 */
    double interval_s;              /* the forecast's rows */
    char binding[48];               /* the limit in the worst phase's
                                       worst interval */
};

/* A candidate judged: passed, or the first target it missed. */
struct adv_outcome {
    struct adv_config c;
    bool simulated;                 /* false: rejected by the bound alone */
    bool reused;                    /* simulated as an alike candidate
                                       (the memo: same volume option, an
                                       instance with the same limits):
                                       its figures, not a run of its own */
    bool instance_limited;          /* rejected by the instance's own
                                       limits, whatever the volumes (the
                                       volume in c is then only the
                                       closest option) */
    struct adv_figures sim;         /* simulated */
    double bound_mbps, bound_iops;  /* the analytical bound */
    bool pass;
    enum adv_target_id missed;      /* !pass: the first missed target */
    double missed_got, missed_need;
    double headroom[ADV_TARGETS];   /* got / need - 1 (latency: need / got
                                       - 1); 0 where there is no target */
    char binding[64];               /* the limit that binds the tightest
                                       target: "instance MB/s", ... */
    bool has_day;                   /* simulated with a schedule */
    struct adv_day day;
    /* set aside by an instance constraint, not judged: why ("arm64
       (--arch x86_64)"); "" otherwise.  Then instance_limited, and the
       bill is the instance's and its licences' */
    char set_aside[120];
};

/* A growable list of outcomes. */
struct adv_log {
    struct adv_outcome *v;
    long n, cap;
};

/* What one search (or one shard of it) decided, before the answer is
   picked: every simulated outcome in cost order of the scans, the burst
   alternative's simulated outcomes, and the bound's rejection of each
   instance.  adv_merge() makes the answer from one or many of these, so a
   search and the merge of its shards give the same answer. */
struct adv_decided {
    struct adv_log sim;
    struct adv_log burst;
    struct adv_log bound;
    long enumerated, bound_passed;
    long simulated;                 /* simulations the scans ran */
    long reused;                    /* outcomes of sim and burst that took
                                       an alike one's (adv_outcome.reused) */
    struct adv_floor lat;           /* of enumerated: the latency floor's */
    /* a rate target above every candidate's bound: the candidate that
       bounds highest on it, simulated, with missed = the target (large
       MB/s or small IOPS), missed_got its simulated figure; a schedule
       beyond every candidate's bound: the one whose bound carries the
       largest share of it, its forecast, missed = ADV_T_SCHEDULE */
    struct adv_log reach;
    double burst_cut_usd;           /* the cheapest bursting candidate the
                                       burst alternative's scan left out
                                       (ADV_BURST_ALT_MOST); INFINITY none */
    bool interrupted;
};

struct adv_front;                   /* advise_front.h */

/* The instances one instance constraint set aside (never searched): the
   option as their reasons name it ("--licence"), how many, and the
   cheapest of them with its reason. */
#define ADV_MAX_ASIDE_BY 8
struct adv_aside_by {
    char option[24];
    int instances;
    char cheapest[PROF_NAME_MAX];
    double cheapest_usd_month;      /* the instance alone, with its licences */
    char why[120];
};

struct adv_result {
    int n_best;
    struct adv_outcome best[ADV_MAX_TOP];   /* cheapest first */
    int n_rejected;                 /* the rejected priced closest below
                                       best[0], one per instance type */
    struct adv_outcome rejected[ADV_MAX_REJECTED];
    /* with no answer: what each instance constraint set aside, in the
       order first met (a dearer instance set aside might meet the
       targets: "why nothing meets" says so) */
    int n_aside_by;
    struct adv_aside_by aside_by[ADV_MAX_ASIDE_BY];
    bool has_cloud_best[ADV_MAX_CLOUDS];    /* per cloud bit: [0] aws, [1] oci
                                               (--clouds aws,oci) */
    struct adv_outcome cloud_best[ADV_MAX_CLOUDS];
    bool has_burst_alt;             /* sustained search: a cheaper candidate
                                       that meets the targets on burst */
    struct adv_outcome burst_alt;
    double burst_cut_usd;           /* no burst_alt: the scan for it left out
                                       the candidates from this price up
                                       (below the answer); INFINITY: it
                                       searched them all */
    long enumerated;                /* candidates in the space */
    long bound_passed;              /* admitted by the bound */
    long simulated;                 /* simulations run to reach the answer
                                       and the burst alternative */
    long reused;                    /* candidates judged without one of
                                       their own: alike to one simulated
                                       (adv_outcome.reused) */
    struct adv_floor lat;           /* set aside by the latency floor */
    /* [ADV_T_MBPS], [ADV_T_IOPS]: the target is out of reach of the whole
       space (above every candidate's bound); [ADV_T_SCHEDULE]: some phase
       of the schedule (or its day's mean) is, for every candidate's
       bound; reach[] is the candidate that comes closest, simulated
       (adv_decided.reach; the others are unused) */
    bool has_reach[ADV_TARGETS];
    struct adv_outcome reach[ADV_TARGETS];
    bool interrupted;
    double wall_s;
    struct adv_decided decided;     /* what the answer was made from (the
                                       JSON lines of --shard) */
    int shards;                     /* > 1: merged from that many shards
                                       (wall_s is then the merge's) */
    /* what one more dollar buys: the latency front and the cheapest of
       each family (advise_front.h); NULL only before adv_merge() */
    struct adv_front *front;
};

/* Search.  0 (also when nothing meets the targets: n_best 0), 1 when
   stopped (the result holds what was decided), or -errno with why:
   -EINVAL for a configuration with no candidate space (an unknown family
   or type, min_disks above max_disks), -ENOMEM. */
int adv_search(const struct adv_cfg *cfg, struct adv_result **out,
               char *why, size_t why_len);
void adv_result_free(struct adv_result *r);

/* The answer from what n searches (shards) decided: the cheapest `top`
   passes, per cloud the best, the rejections below the answer, the burst
   alternative below it.  0 or -ENOMEM. */
int adv_merge(const struct adv_cfg *cfg, const struct adv_decided *const *d, int n,
              struct adv_result **out);
/* Append o to log: 0 or -ENOMEM. */
int adv_log_add(struct adv_log *log, const struct adv_outcome *o);
void adv_log_free(struct adv_log *log);
/* Free the logs of d. */
void adv_decided_free(struct adv_decided *d);

/* The `asmsim run` command line that reproduces a candidate's
   simulation, into buf (ADV_COMMAND_LEN bytes hold it): each value a
   shell word, safe to paste whatever the schedule's file is named. */
void adv_run_command(const struct adv_cfg *cfg, const struct adv_config *c,
                     char *buf, size_t len);

/* With a schedule: the `asmsim forecast` command line that reproduces a
   candidate's day, into buf. */
void adv_forecast_command(const struct adv_cfg *cfg, const struct adv_config *c,
                          char *buf, size_t len);

/* The rates a schedule asks for at its peak (the most of any phase, per
   class: small IOPS, large MB/s) and over its day (the mean). */
void adv_schedule_demand(const struct wl_schedule *s, double peak[2], double mean[2]);

/* The price lists a search of `clouds` uses, with their dates and hours
   a month: "AWS us-east-1 2023-06 list (730 h/month)", into buf. */
void adv_cost_lists(unsigned clouds, char *buf, size_t len);

/* "large MB/s", "small IOPS", "small latency", "capacity". */
const char *adv_target_label(enum adv_target_id t);  /* ..., "schedule" */
const char *adv_target_key(enum adv_target_id t);   /* "mbps", "iops", ... */

/* Defaults: no targets, 0 % writes, external redundancy, 8 KiB /
   128 KiB, AWS, x86-64 instances, no licence, sustained, top 10, 1 job,
   seed 1. */
void adv_cfg_defaults(struct adv_cfg *cfg);

#endif
