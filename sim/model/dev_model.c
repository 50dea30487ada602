/*
 * dev_model.c - modelled cloud volumes and their instance, in virtual time.
 *
 * What is modelled
 * ----------------
 * Every disk is one volume of a given profile (profiles.h): of one type
 * for all, or of its volume group's (below); all of them hang off one
 * instance.  A physical I/O submitted at virtual time t passes
 * four throttles (throttle.h, GCRA schedulers with burst buckets), in the
 * order the request travels:
 *
 *     t --> volume IOPS --> volume throughput --> attachment path
 *           --> instance IOPS --> instance MB/s --> s (start of service)
 *
 * The attachment path is a bytes cap of the connection one volume is
 * attached over (OCI single-path iSCSI, vol_profile.path_bytes_per_s; an
 * unlimited throttle where there is none).
 *
 * and completes at s + service, where
 *
 *     service = floor[dir] + median[dir] * M * T + size / xfer_rate
 *               [+ W for a read that follows a write]
 *
 * M is a lognormal multiplier exp(sigma[dir] * Z), Z standard normal,
 * read from a 16384-entry quantile table per direction (interpolated: no
 * exp() per I/O; its last entry is at z = 4.0, so a p99.99 is the
 * lognormal's own, not the table's edge); T is 1, or with probability
 * tail_prob[dir] a factor uniform in [tail_min, tail_max], the realistic
 * tail that percentiles show.  W: a read whose volume last took a write waits, with
 * probability raw_prob, a time uniform in [0, raw_max] (the write's
 * background work still holding the volume; providers/ebs.c).  The
 * parameters are the volume type's on the instance's platform
 * (prof_volume_latency: io2 Block Express is sub-ms only on Nitro).
 *
 * The quantile of M, the tail decision and the read-after-write wait come
 * from Weyl sequences (a quasi-random, stratified stream per class and
 * piece of an I/O, see
 * WEYL_STREAMS), not from independent draws: every
 * stretch of a few thousand I/Os then holds its fair share of every part
 * of the distribution, tail events included.  The marginal distribution is
 * the same; what changes is that a point's mean latency converges like
 * 1/N instead of 1/sqrt(N), and an auto-duration point cannot stop early
 * just because its tail events have not come yet (a low-biased stop).  The delay s - t is the queueing a
 * throttled volume shows, so with N I/Os kept outstanding the closed loop
 * settles at the binding limit X and latency N / X (Little's law): a
 * throttle shows as latency, as it does on EBS.
 *
 * I/O accounting: SSD types count an I/O of up to io_unit (256 KiB) as one
 * operation, larger ones ceil(size / unit).  Where the profile says its
 * attachment merges (vol_profile.merges_contiguous: OCI single-path
 * volumes, st1/sc1, local NVMe; not EBS SSD or OCI multipath, profiles.c
 * gives the evidence), an I/O that continues a sequential run on its
 * volume merges into the run's operation while the sum stays within a
 * unit.  A volume follows its runs by where they end (MERGE_SETS), so
 * streams that interleave on it (several ORION streams, fio jobs) each
 * merge, as C13 measured; an I/O that continues none starts a run.  HDD
 * types (st1, sc1) charge every I/O at least one 1 MiB unit, after that
 * merging.  The instance counts operations the same way and bytes as they
 * are.
 *
 * Platform rules: a volume whose IOPS depend on the instance's platform
 * (io2 Block Express: 32,000 off Nitro) gets them from prof_attached_iops
 * when its throttle is set up.
 *
 * Limits are the provisioned rates times the delivered fractions fitted in
 * profiles.c (volumes) and the providers' files (instances).  Burst buckets
 * (gp2 IOPS, st1/sc1 throughput, instance 30-min burst) start at
 * burst_credit_frac of full; by themselves they carry across the points
 * of a run, as on one instance.  burst_fill sets every bucket's level (the
 * run does, before each point, unless it models time carrying from point
 * to point), burst_stash puts the levels aside and brings them back (the
 * run measures a point again on empty buckets, for its sustained
 * figures).  Each bucket earns at its limit's delivered base rate, gp2's at its
 * provisioned baseline (rates_of).  limits() reports, beside each
 * limit's use, whether a bucket fell in the window and its
 * burst phase: the consumption while its credits lasted (the whole
 * window, or up to the moment the throttle says the bucket ran out), how
 * long a full bucket lasts at that consumption, bucket / (consumption -
 * earn rate), and, for a bucket that ran out in the window, when.  The
 * first bucket to run out in the window is the one reported; when none
 * did, the one that would run out first from full (per volume for the
 * volumes' buckets).
 *
 * For a caller that moves the buckets in closed form between per-I/O
 * windows (the forecast's fast path, sim/model/forecast_fluid.c), buckets()
 * also gives each bucket's size, level, base and burst rates in the
 * limit's own unit and what its limit admitted in the window,
 * bucket_set() sets one bucket's level, and idle_until() lets the clock
 * run on with nothing in flight (the throttles' schedules fall behind it
 * as after any idle spell; the buckets earn lazily, at their next read or
 * admission).
 *
 * Metering: a provider meters its limits over accounting windows (a
 * second or so), so a volume that has been below its limit may take a
 * short run of I/O faster than the rate.  The model gives every throttle
 * the same short-term allowance instead, ALLOWANCE_OPS operations of
 * io_unit bytes: the GCRA tolerance (throttle.c) of an IOPS throttle is
 * ALLOWANCE_OPS / rate, of a throughput throttle ALLOWANCE_OPS x io_unit
 * bytes / rate, so after an idle spell about that many operations (bytes)
 * may start at once, and no more.  Measured over a window the rate is
 * exact; the allowance only shapes the first I/Os after a lull.
 *
 * Volume groups: several volume types on one instance (DATA on 8 x gp3,
 * REDO on 4 x io2), struct dev_model_cfg's vol_groups, each group a run of
 * consecutive disks.  Per volume, from its group's type: the volume's
 * three throttles and their buckets, the I/O unit and merging, the
 * latency model (the type's on the instance's platform) and the platform
 * rules (prof_attached_iops).  Shared by all disks of all groups: the
 * instance's IOPS and MB/s throttles and their 30-minute bucket, the
 * virtual clock and the event queue, and the Weyl streams, which are per
 * I/O class (a class goes to one group, so its draws stay one stratified
 * sequence).  Open resolves each disk's group once (vol_state.grp), so the
 * per-I/O path follows one pointer and loops over nothing: a set of one
 * group costs what the single-type model cost.  The instance throttles'
 * allowance is ALLOWANCE_OPS of the groups' largest I/O unit.  Instance
 * storage and attached volumes are not mixed (one instance pair of limits
 * that caps the attached ones only would be a per-I/O test).  The limits
 * report's figure for a kind of volume limit is the mean over a group's
 * volumes, and of the groups the most used one's (limits_report): with
 * one group, the mean over the volumes, as before.
 *
 * With several groups the instance's throttles take an I/O when it is
 * issued, beside its volume's, and it starts when both let it:
 * s = max(the volume's s, the instance's s at t).  The throttles serve in
 * call order (throttle.c, FIFO), so an instance placed after the volumes
 * takes the I/O of a group queued at its volumes' limit at a time ahead
 * of the clock and holds every later I/O of the other groups behind it:
 * with 2 x gp3 at 3,000 IOPS kept 16 deep beside 2 x io2 at 16,000, the
 * instance's 20,000 IOPS (r6i.4xlarge at base) moved 15,800, and a REDO
 * group would wait out a DATA group's volume queue at an instance far
 * from its limit.  Booked at issue, the instance sees a clock that only
 * moves on, and each group's share of it is its share of the issues.
 * One group keeps the serial order: the figures and goldens rest on it,
 * and its volumes' queues are alike.
 *
 * Nodes: a modelled cluster (dev_model_cfg.nodes H, --nodes) is H
 * instances of the one type on the same volumes, as RAC puts its hosts on
 * shared ASM disks: an I/O passes its volume's throttles, which every
 * node's I/O shares, and then the instance throttles of the node that
 * issued it (sim_io.node), which are that node's alone, each with its own
 * 30-minute bucket.  So H nodes move up to H times one instance's limit,
 * until the volumes' limits (the sum over the volumes) bind: EBS states
 * it of a Multi-Attach volume ("the aggregate performance of all of the
 * attached instances can't exceed the volume's maximum provisioned
 * performance", EBS User Guide, "Performance for Multi-Attach volumes";
 * each instance drives up to its own maximum).  OCI gives no figure for
 * a shared block volume; the same rule is assumed.  The limits report
 * books the instances' kinds at the most used node's use (they carry
 * alike loads), so one node reads as before.  An attachment path is a
 * node's own too (each instance attaches the volume over its own iSCSI
 * session): node 0's is the volume's (vol_state.path, in the report),
 * the others' are node_paths, enforced alike and left out of the report
 * (they carry alike loads).  Which volume types may be
 * shared, and by how many, is the providers' rule (prof_shared_check).
 *
 * What is not modelled: caches, request-size dependent latency beyond the
 * transfer term, network jitter between volumes, per-second accounting
 * windows (the allowance above stands in for them), I/O errors.
 *
 * Common random numbers: the latency generator is reseeded at the start of
 * every load point, so all points of a run see the same sequence of
 * service-time draws.  Differences between points then come from the load
 * alone, and a figure taken over points (Minimum Small Latency is the
 * least of many nearly equal averages) is not dragged down by picking the
 * luckiest of them.
 *
 * Determinism: time is integer ns; events with equal times leave the
 * event queue (event_queue.h) in submission order (a sequence number
 * breaks ties); the only randomness is the seeded rng.  Memory is fixed at
 * open: the queue holds at most max_outstanding I/Os.
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layouts/units.h"
#include "sim/model/dev_model.h"
#include "sim/model/event_queue.h"
#include "sim/model/throttle.h"
#include "workloads/rng.h"
#include "workloads/workload.h"

#define LAT_TABLE_BITS 14
#define LAT_TABLE (1 << LAT_TABLE_BITS)
/* Latency draws come from Weyl sequences x += c (mod 2^64), one per
   (class, piece index, body or tail) stream, each with its own increment
   c = 2^64 * frac(sqrt(prime)) (five per class and piece: the body
   quantile, the tail decision, the tail factor, the read-after-write
   decision and its wait): the increments and 1 are rationally
   independent, so any set of streams is jointly equidistributed (Weyl's
   theorem): the two copies of a mirrored write get independent-looking
   latencies, not two draws a fixed distance apart. */
#define WEYL_PIECES 8
#define WEYL_PER_PIECE 5    /* body, tail?, tail factor, wait?, wait */
/* every class a workload may have (workload.h); ORION's two use the
   first 2 x 40, seeded as they always were (model_settle) */
#define WEYL_STREAMS (WL_MAX_CLASSES * WEYL_PIECES * WEYL_PER_PIECE)
/* The sequential runs a merging volume follows (see "I/O accounting" at
   the top): a table found by the run's end offset, MERGE_SETS sets of
   MERGE_WAYS runs, so any number of streams interleaved on one volume
   (ORION's -num_large streams, fio's jobs; C13: four, each keeping 256
   4 KiB reads in flight, merged into 563 MB/s at 138,000 IOPS) each
   continue their own run, and a random I/O between them replaces the
   least recently used run of one set, not a stream's.  A run is lost
   only when more than MERGE_WAYS live ones share a set: a bound of the
   model, not a documented one.  (A list of the last 32 runs broke every
   stream beyond the 32nd: 48 streams on one st1 moved 60 MB/s, 32
   moved 121.) */
#define MERGE_SETS_BITS 8
#define MERGE_SETS (1u << MERGE_SETS_BITS)
#define MERGE_WAYS 4
#define MERGE_SLOTS (MERGE_SETS * MERGE_WAYS)
/* Short-term allowance of every throttle, in operations of io_unit bytes
   (see "Metering" in the comment at the top of this file). */
#ifndef ALLOWANCE_OPS
#define ALLOWANCE_OPS 32.0
#endif

/* One limit: its throttle, and what it admitted since the window opened
   (the reports' window, dev_credit_ops.limits) with its bucket level then. */
struct limit {
    struct thr thr;
    /* Admitted since the model opened, in whole units (operations or
       bytes: integers, so the count is exact), and per meter (enum
       dev_meter: the point's window, the timeline's interval) the count
       when the meter opened: a meter's use is the difference
       (limit_used), so an admission books once for every meter.  Below
       2^53 units a meter's use is the same double a per-meter sum gave. */
    uint64_t admitted_units;
    uint64_t admitted_at_open_units[DEV_METERS];
    double open_credits_units[DEV_METERS];     /* the bucket's level then */
    /* per meter: the bucket ran out since the meter opened (the first
       time: when, and what had been admitted by then) */
    bool ran_out[DEV_METERS];
    double ran_out_ns[DEV_METERS];
    double used_at_ran_out_units[DEV_METERS];
    uint64_t seen_emptyings;    /* thr.emptyings the meters have seen */
    double stash_credits_units; /* put aside by burst_stash */
};

/* What limit l admitted since meter k opened. */
static double limit_used(const struct limit *l, enum dev_meter k)
{
    return (double)(l->admitted_units - l->admitted_at_open_units[k]);
}

/* One instance's limits: its IOPS and MB/s throttles (each node's own). */
struct node_limits {
    struct limit iops;
    struct limit tput;
};

/* A sequential run on a volume: where it ends and the bytes of its open
   operation (see "I/O accounting" at the top). */
struct merge_run {
    uint64_t end_offset;        /* UINT64_MAX: no run */
    uint32_t bytes;             /* <= the I/O unit */
    uint32_t used;              /* the volume's run clock when last used */
};

/* One volume type of the set (a volume group of struct dev_model_cfg):
   its profile and all the per-I/O path reads of it, resolved at open (and
   at a retune) so that an I/O reaches it through its disk's pointer
   (vol_state.grp), without a search (see "Volume groups" at the top). */
struct vol_group {
    struct vol_profile volume;
    int first_disk, disks;      /* disks first_disk .. first_disk + disks - 1 */
    /* latency, per direction [is_write]: the type's on the instance's
       platform */
    float lat_mult[2][LAT_TABLE + 1];
    double floor_ns[2];
    double median_ns[2];
    uint32_t tail_threshold[2]; /* P(tail) * 2^32 */
    double tail_min_mult[2], tail_span_mult[2];
    double xfer_ns_per_byte;
    uint32_t raw_threshold;     /* P(read-after-write wait) * 2^32 */
    double raw_max_ns;
    uint64_t io_unit_bytes;
    unsigned io_unit_shift;     /* log2(io_unit_bytes) */
};

struct vol_state {
    struct vol_group *grp;      /* the volume's type */
    struct limit iops;
    struct limit tput;
    struct limit path;          /* the attachment path's bytes */
    bool last_was_write;        /* the last I/O it took: read-after-write */
    struct merge_run *runs;     /* [MERGE_SLOTS], merging volumes only */
    uint32_t run_clock;         /* counts the runs used: their age */
};

struct model {
    sim_ns now_ns;
    struct rng rng;
    uint64_t seed;
    uint64_t weyl[WEYL_STREAMS];        /* stream state */
    uint64_t weyl_step[WEYL_STREAMS];   /* its increment */
    int disks;
    bool even_load;             /* devset_cfg.even_load: see limits_report */
    struct vol_state *vol;
    int nodes;                  /* instances on the volumes, >= 1 */
    /* each one's limits ("Nodes" at the top): node 0's in the model, as
       one instance's always were (an I/O reaches them at a fixed
       offset), node h >= 1's at other_nodes[h - 1] */
    struct node_limits node0;
    struct node_limits *other_nodes;    /* [nodes - 1]; NULL for one */
    struct limit *node_paths;   /* [(nodes - 1) x disks]: node h >= 1's
                                   attachment path to disk d at
                                   (h - 1) x disks + d; NULL for one node */
    int n_groups;               /* 1 .. DEV_MODEL_MAX_GROUPS */
    struct vol_group *groups;   /* [n_groups], in disk order */
    struct inst_profile instance;
    double burst_credit_frac;
    uint64_t inst_unit_bytes;   /* the groups' largest io_unit_bytes: the
                                   instance throttles' allowance */
    bool inst_at_issue;         /* several groups: the instance throttles
                                   take an I/O at its issue, not after its
                                   volume's ("Volume groups" at the top) */
    struct evq events;          /* the I/O in flight, by completion */
    sim_ns window_start_ns[DEV_METERS];    /* each meter opened */
};

/* ---- latency ---------------------------------------------------------- */

static double std_normal_cdf(double z)
{
    return 0.5 * erfc(-z / sqrt(2.0));
}

/* Inverse of the standard normal CDF by bisection.  40 halvings of
   [-12, 12] leave an error under 3e-11, far below the float the table
   stores. */
static double std_normal_quantile(double p)
{
    double lo = -12.0, hi = 12.0;
    for (int i = 0; i < 40; i++) {
        double mid = 0.5 * (lo + hi);
        if (std_normal_cdf(mid) < p)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

/* The standard normal quantile of every table entry, the same for every
   volume type (only sigma differs): 40 erfc() per entry is 1.3 million
   per table, milliseconds that an open (every run, every sweep's disk
   count) and a retune paid again and again.  Computed once per process
   and never written after: a constant, not state, so two models side by
   side still share nothing that changes. */
static double std_normal_z[LAT_TABLE + 1];
static pthread_once_t std_normal_z_once = PTHREAD_ONCE_INIT;

static void std_normal_z_fill(void)
{
    for (int i = 0; i <= LAT_TABLE; i++)
        std_normal_z[i] = std_normal_quantile(((double)i + 0.5) / (LAT_TABLE + 1));
}

/* The i-th prime's square root, fractional part, as a 64-bit step: the
   same for every model, computed once (640 primes by trial division
   would cost a sweep's every opening). */
static uint64_t weyl_steps[WEYL_STREAMS];
static pthread_once_t weyl_once = PTHREAD_ONCE_INIT;

static void weyl_steps_make(void)
{
    int found = 0;
    for (int n = 2; found < WEYL_STREAMS; n++) {
        bool prime = true;
        for (int d = 2; d * d <= n; d++)
            if (n % d == 0) {
                prime = false;
                break;
            }
        if (!prime)
            continue;
        double root = sqrt((double)n);
        double frac = root - floor(root);
        weyl_steps[found++] = (uint64_t)(frac * 18446744073709551616.0) | 1u;
    }
}

static void weyl_setup(struct model *m)
{
    pthread_once(&weyl_once, weyl_steps_make);
    memcpy(m->weyl_step, weyl_steps, sizeof m->weyl_step);
}

/* p, clamped to [0, 1], as a threshold on a 32-bit uniform. */
static uint32_t prob_threshold(double p)
{
    double c = p < 0 ? 0 : (p > 1 ? 1 : p);
    return (uint32_t)(c * 4294967295.0);
}

/* The multiplier table of a lognormal of sigma into t.  Even from the
   shared quantiles one costs 16k exp() calls, which a run that opens its
   devices for every point (run.c, independent points) should not pay per
   point, so the tables made are kept, process-wide, for the few sigmas
   there are: the same bytes, computed once. */
#define LAT_CACHE 32
static struct {
    pthread_mutex_t lock;
    int n;
    double sigma[LAT_CACHE];
    float table[LAT_CACHE][LAT_TABLE + 1];
} lat_cache = { .lock = PTHREAD_MUTEX_INITIALIZER };

static void lat_table_fill(float *t, double sigma)
{
    pthread_mutex_lock(&lat_cache.lock);
    for (int k = 0; k < lat_cache.n; k++)
        if (lat_cache.sigma[k] == sigma) {
            memcpy(t, lat_cache.table[k], sizeof lat_cache.table[k]);
            pthread_mutex_unlock(&lat_cache.lock);
            return;
        }
    pthread_once(&std_normal_z_once, std_normal_z_fill);
    for (int i = 0; i <= LAT_TABLE; i++)
        t[i] = (float)exp(sigma * std_normal_z[i]);
    if (lat_cache.n < LAT_CACHE) {
        lat_cache.sigma[lat_cache.n] = sigma;
        memcpy(lat_cache.table[lat_cache.n++], t, sizeof lat_cache.table[0]);
    }
    pthread_mutex_unlock(&lat_cache.lock);
}

static void direction_setup(struct vol_group *g, int dir, const struct prof_dir_latency *d)
{
    lat_table_fill(g->lat_mult[dir], d->sigma);
    g->floor_ns[dir] = d->floor_ns;
    g->median_ns[dir] = d->median_ns;
    g->tail_threshold[dir] = prob_threshold(d->tail_prob);
    g->tail_min_mult[dir] = d->tail_min_mult;
    g->tail_span_mult[dir] = d->tail_max_mult - d->tail_min_mult;
}

/* Group g's latency: its type's on instance's platform. */
static void latency_setup(struct vol_group *g, const struct inst_profile *instance)
{
    struct prof_latency l;
    prof_volume_latency(&g->volume, instance, &l);
    for (int dir = 0; dir < 2; dir++)
        direction_setup(g, dir, &l.dir[dir]);
    g->xfer_ns_per_byte = l.xfer_bytes_per_s > 0 ? 1e9 / l.xfer_bytes_per_s : 0;
    g->raw_threshold = prob_threshold(l.raw_prob);
    g->raw_max_ns = l.raw_max_ns;
}

/* The next value of Weyl stream i: its top 32 bits, or a double in [0, 1). */
static inline uint32_t weyl_u32(struct model *m, int i)
{
    return (uint32_t)((m->weyl[i] += m->weyl_step[i]) >> 32);
}

static inline double weyl_unit(struct model *m, int i)
{
    return (double)((m->weyl[i] += m->weyl_step[i]) >> 11) * 0x1.0p-53;
}

/* The spread part's multiplier M x T of one I/O in direction dir on a
   volume of group g. */
static double spread_mult(struct model *m, const struct vol_group *g, int stream, int dir)
{
    uint64_t body = (m->weyl[stream] += m->weyl_step[stream]);
    uint32_t idx = (uint32_t)(body >> (64 - LAT_TABLE_BITS));
    float frac = (float)((body >> (44 - LAT_TABLE_BITS)) & 0xfffff) * (1.0f / 1048576.0f);
    const float *t = g->lat_mult[dir];
    double mult = t[idx] + (t[idx + 1] - t[idx]) * frac;
    if (weyl_u32(m, stream + 1) < g->tail_threshold[dir])
        mult *= g->tail_min_mult[dir] + g->tail_span_mult[dir] * weyl_unit(m, stream + 2);
    return mult;
}

/* The wait of a read on a volume whose last I/O was a write. */
static double read_after_write_ns(struct model *m, const struct vol_group *g, int stream)
{
    if (weyl_u32(m, stream + 3) >= g->raw_threshold)
        return 0;
    return g->raw_max_ns * weyl_unit(m, stream + 4);
}

static sim_ns service_ns(struct model *m, struct vol_state *vs, const struct sim_io *io)
{
    const struct vol_group *g = vs->grp;
    int piece = io->piece < WEYL_PIECES ? io->piece : WEYL_PIECES - 1;
    int stream = ((int)io->cls * WEYL_PIECES + piece) * WEYL_PER_PIECE;
    int dir = io->is_write ? 1 : 0;
    double ns = g->floor_ns[dir] + g->median_ns[dir] * spread_mult(m, g, stream, dir) +
                (double)io->size_bytes * g->xfer_ns_per_byte;
    if (!io->is_write && vs->last_was_write && g->raw_threshold > 0)
        ns += read_after_write_ns(m, g, stream);
    vs->last_was_write = io->is_write;
    return (sim_ns)ns;
}

/* ---- limits ----------------------------------------------------------- */

/* The rates of one throttle, in its units (operations or bytes) per
   second, and its burst bucket in units. */
struct thr_rates {
    double base_per_s, burst_per_s, bucket_units;
    double earn_per_s;          /* credits earned a second (>= base_per_s) */
};

/* The throttles' rates: the provisioned rates of a volume type (a
   group's) and of the instance times their delivered fractions.  A
   volume's IOPS bucket (gp2)
   earns the provisioned baseline, not the delivered one: DOMAIN.md
   section 4, gp2 "earns baseline per s" (3 IOPS per GiB, 1,500 a second
   for 500 GiB, against 1,425 delivered); held at its delivered base once
   it ran out it earns only that (throttle.c, "Exhaustion").  The other
   buckets earn at their delivered base rate: DOMAIN.md gives no earn
   rate for st1/sc1 throughput credits or an instance's 30-minute burst.
   The one place these formulas live, shared by open (limits_setup) and
   retune. */
struct vol_rates {
    struct thr_rates iops, tput, path;
};

struct inst_rates {
    struct thr_rates iops, tput;
};

/* A volume of type v attached to instance in (its IOPS may follow the
   platform: prof_attached_iops). */
static void vol_rates_of(const struct vol_profile *v, const struct inst_profile *in,
                         struct vol_rates *r)
{
    double vol_iops_base = prof_attached_iops(v, in, v->iops_base);
    r->iops = (struct thr_rates){
        vol_iops_base * v->delivered_iops_frac,
        prof_attached_iops(v, in, v->iops_burst) * v->delivered_iops_frac,
        v->iops_bucket_ops,
        vol_iops_base,          /* earns the provisioned baseline: DOMAIN.md 4 gp2 */
    };
    r->path = (struct thr_rates){ v->path_bytes_per_s, v->path_bytes_per_s, 0, 0 };
    r->tput = (struct thr_rates){
        v->tput_base_bytes_per_s * v->delivered_tput_frac,
        v->tput_burst_bytes_per_s * v->delivered_tput_frac,
        v->tput_bucket_bytes,
        v->tput_base_bytes_per_s * v->delivered_tput_frac,
    };
}

/* The instance's, none when the volumes are on the instance itself
   (instance store: no EBS / block-volume path to cap them; open and
   retune keep the groups all of one kind, groups_check). */
static void inst_rates_of(const struct model *m, struct inst_rates *r)
{
    const struct inst_profile *in = &m->instance;
    if (m->groups[0].volume.instance_store) {
        r->iops = r->tput = (struct thr_rates){ 0, 0, 0, 0 };
        return;
    }
    double iops_span = in->max_iops - in->base_iops;
    r->iops = (struct thr_rates){
        in->base_iops * in->delivered_iops_frac,
        in->max_iops * in->delivered_iops_frac,
        iops_span * in->burst_seconds,
        in->base_iops * in->delivered_iops_frac,
    };
    double tput_span = in->max_bytes_per_s - in->base_bytes_per_s;
    r->tput = (struct thr_rates){
        in->base_bytes_per_s * in->delivered_tput_frac,
        in->max_bytes_per_s * in->delivered_tput_frac,
        tput_span * in->burst_seconds,
        in->base_bytes_per_s * in->delivered_tput_frac,
    };
}

/* A throttle at rates r whose short-term allowance is `allowance` units;
   no bucket unless the burst rate is above the base. */
static int thr_setup(struct thr *t, const struct thr_rates *r,
                     double start_frac, double allowance)
{
    double base = r->base_per_s;
    bool bursts = r->burst_per_s > base;
    struct thr_cfg c = {
        .base_rate_per_s = base,
        .burst_rate_per_s = bursts ? r->burst_per_s : base,
        .bucket_units = bursts ? r->bucket_units : 0,
        .bucket_start_frac = start_frac,
        .tolerance_s = base > 0 ? allowance / base : 0,
        .earn_rate_per_s = bursts ? r->earn_per_s : 0,
    };
    return thr_init(t, &c);
}

/* New rates for a running throttle, and its bucket as thr_setup makes
   it: none unless the burst rate is above the base (an instance without
   burst has no bucket, one with burst gets one); a bucket kept keeps its
   share of credits, a new one starts start_frac full. */
static void thr_retune(struct thr *t, const struct thr_rates *r, double start_frac,
                       sim_ns now_ns)
{
    bool bursts = r->burst_per_s > r->base_per_s;
    thr_set_rates(t, r->base_per_s, r->burst_per_s);
    thr_set_earn_rate(t, bursts ? r->earn_per_s : 0);
    thr_set_bucket(t, bursts ? r->bucket_units : 0, start_frac, now_ns);
}

/* Node h's instance limits. */
static inline struct node_limits *node_of(struct model *m, int h)
{
    return h == 0 ? &m->node0 : &m->other_nodes[h - 1];
}

/* Node h's attachment path to disk d (node 0's is the volume's own). */
static inline struct limit *path_of(struct model *m, struct vol_state *vs, int h, int d)
{
    if (__builtin_expect(h == 0, 1))
        return &vs->path;
    return &m->node_paths[(h - 1) * m->disks + d];
}

/* The throttles of group g's volumes; 0 or -EINVAL. */
static int group_limits_setup(struct model *m, const struct vol_group *g)
{
    struct vol_rates r;
    vol_rates_of(&g->volume, &m->instance, &r);
    double ops = ALLOWANCE_OPS, bytes = ALLOWANCE_OPS * (double)g->io_unit_bytes;
    double frac = m->burst_credit_frac;
    int rc = 0;
    for (int d = g->first_disk; d < g->first_disk + g->disks && rc == 0; d++) {
        struct vol_state *vs = &m->vol[d];
        rc = thr_setup(&vs->iops.thr, &r.iops, frac, ops);
        if (rc == 0)
            rc = thr_setup(&vs->tput.thr, &r.tput, frac, bytes);
        for (int h = 0; h < m->nodes && rc == 0; h++)
            rc = thr_setup(&path_of(m, vs, h, d)->thr, &r.path, frac, bytes);
    }
    return rc;
}

/* Every throttle; 0, or -EINVAL with *bad the group whose volumes' limits
   are invalid (-1: the instance's). */
static int limits_setup(struct model *m, int *bad)
{
    int rc = 0;
    for (*bad = 0; *bad < m->n_groups; ++*bad)
        if ((rc = group_limits_setup(m, &m->groups[*bad])) != 0)
            return rc;
    *bad = -1;
    struct inst_rates r;
    inst_rates_of(m, &r);
    double ops = ALLOWANCE_OPS, bytes = ALLOWANCE_OPS * (double)m->inst_unit_bytes;
    for (int h = 0; h < m->nodes && rc == 0; h++) {
        rc = thr_setup(&node_of(m, h)->iops.thr, &r.iops, m->burst_credit_frac, ops);
        if (rc == 0)
            rc = thr_setup(&node_of(m, h)->tput.thr, &r.tput, m->burst_credit_frac, bytes);
    }
    return rc;
}

/* Every limit of the model, numbered 0 .. model_limits_n() - 1: the
   VOL_LIMITS of each volume, then each node's two (IOPS, MB/s). */
#define VOL_LIMITS 3

static int model_limits_n(const struct model *m)
{
    return VOL_LIMITS * m->disks + 2 * m->nodes;
}

static struct limit *model_limit(struct model *m, int i)
{
    if (i < VOL_LIMITS * m->disks) {
        struct vol_state *vs = &m->vol[i / VOL_LIMITS];
        int k = i % VOL_LIMITS;
        return k == 0 ? &vs->iops : k == 1 ? &vs->tput : &vs->path;
    }
    int j = i - VOL_LIMITS * m->disks;
    return j % 2 == 0 ? &node_of(m, j / 2)->iops : &node_of(m, j / 2)->tput;
}

/* What limit i stands for in the reports. */
static enum sim_limit model_limit_kind(const struct model *m, int i)
{
    static const enum sim_limit vol_kinds[VOL_LIMITS] = {
        SIM_LIMIT_VOLUME_IOPS, SIM_LIMIT_VOLUME_TPUT, SIM_LIMIT_ATTACH_PATH,
    };
    if (i < VOL_LIMITS * m->disks)
        return vol_kinds[i % VOL_LIMITS];
    return (i - VOL_LIMITS * m->disks) % 2 == 0 ? SIM_LIMIT_INSTANCE_IOPS
                                                : SIM_LIMIT_INSTANCE_MBPS;
}

/* The set of the runs that end at `end`: the offset in 512-byte sectors
   (every offset is a multiple of them) through a full 64-bit mix
   (MurmurHash3's finaliser).  A multiplicative hash alone is linear: the
   sets of a stream's successive ends step by one constant, every stream
   walks the same cycle, and streams that drift past each other on it
   collide (16 streams on one st1 broke 27 % of their runs). */
static struct merge_run *run_set(struct vol_state *vs, uint64_t end)
{
    uint64_t x = end >> 9;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    x ^= x >> 33;
    return &vs->runs[(x >> (64 - MERGE_SETS_BITS)) * MERGE_WAYS];
}

/* The run that ends at `end`, or NULL. */
static struct merge_run *run_find(struct vol_state *vs, uint64_t end)
{
    struct merge_run *set = run_set(vs, end);
    for (int w = 0; w < MERGE_WAYS; w++)
        if (set[w].end_offset == end)
            return &set[w];
    return NULL;
}

/* Where a run that now ends at `end` goes: a free way of its set, else
   its least recently used. */
static struct merge_run *run_place(struct vol_state *vs, uint64_t end)
{
    struct merge_run *set = run_set(vs, end), *pick = &set[0];
    for (int w = 0; w < MERGE_WAYS; w++) {
        if (set[w].end_offset == UINT64_MAX)
            return &set[w];
        if (vs->run_clock - set[w].used > vs->run_clock - pick->used)
            pick = &set[w];
    }
    return pick;
}

/* Operations an I/O costs on its volume, after merging sequential I/O. */
static double io_ops(struct vol_state *vs, const struct sim_io *io)
{
    const struct vol_group *g = vs->grp;
    uint64_t unit = g->io_unit_bytes;     /* a power of two */
    uint64_t size = io->size_bytes;
    double ops = (double)((size + unit - 1) >> g->io_unit_shift);
    if (!g->volume.merges_contiguous)
        return ops;
    struct merge_run *at = run_find(vs, io->offset_bytes);
    uint64_t bytes = at ? at->bytes + size : size;
    double cost = at && bytes <= unit ? 0.0 : ops;
    if (cost > 0)                   /* a new operation: its own bytes */
        bytes = size & (unit - 1) ? size & (unit - 1) : unit;   /* full: no more */
    if (at)
        at->end_offset = UINT64_MAX;    /* the run moves to its new end */
    struct merge_run *next = run_place(vs, io->offset_bytes + size);
    next->end_offset = io->offset_bytes + size;
    next->bytes = (uint32_t)bytes;
    next->used = ++vs->run_clock;
    return cost;
}

/* Whether limit l's bucket ran out since meter k opened (seen by the
   meters already, or not yet: limit_use notes it lazily). */
static bool limit_ran_out(const struct limit *l, enum dev_meter k)
{
    return l->ran_out[k] || l->thr.emptyings != l->seen_emptyings;
}

/* Whether limit l's bucket was spent (thr_level_spent) at some moment of
   meter k's window: at its opening, when it ran out in it, or now. */
static bool limit_held_at_base(const struct limit *l, enum dev_meter k, sim_ns now_ns)
{
    return thr_bucket_empty(&l->thr) || limit_ran_out(l, k) ||
           thr_level_spent(&l->thr, l->open_credits_units[k]) ||
           thr_level_spent(&l->thr, thr_credits_at(&l->thr, now_ns));
}

/* Share of the rate limit l ran at over meter k's window that what it
   admitted in `secs` is; 0 for an unlimited throttle.  The rate is the
   base one if the bucket was spent at some moment of the window (*held,
   limit_held_at_base), else the rate now.  Not the rate of the report's
   moment alone: a load that keeps a bucket near empty lets it earn a
   crumb of credit whenever its volume idles for an instant (a stream
   moving on to the next disk), and for that instant the throttle's rate
   is the burst one;
   against it, a volume held at its base all along read as used at 16 %
   (st1: 78 of 488 MiB/s), and four of them as bound by the offered load. */
static double utilisation(const struct limit *l, enum dev_meter k, double secs,
                          sim_ns now_ns, bool *held)
{
    *held = limit_held_at_base(l, k, now_ns);
    double rate = *held ? thr_base_rate(&l->thr) : thr_rate_now(&l->thr);
    return rate > 0 && secs > 0 ? limit_used(l, k) / (rate * secs) : 0.0;
}

/* Book `util` against `limit`, or against the burst credits when the
   throttle runs at its base rate because its bucket is empty. */
static void book(struct dev_limits *out, enum sim_limit limit, double util,
                 bool empty)
{
    enum sim_limit l = empty ? SIM_LIMIT_BURST_CREDITS : limit;
    if (util > out->util[l]) {
        out->util[l] = util;
        if (empty)
            out->burst_behind = limit;
    }
}

/* A limit's burst phase over a meter's window: the consumption while
   its credits lasted, and when they ran out (seconds into the window). */
struct burst_phase {
    double rate_per_s;
    bool ran_out;
    double ran_out_s;
};

static struct burst_phase burst_phase_of(const struct limit *l, enum dev_meter meter,
                                         double open_ns, double secs, double used)
{
    struct burst_phase ph = { used / secs, false, 0 };
    if (!l->ran_out[meter])
        return ph;
    double at_s = (l->ran_out_ns[meter] - open_ns) / 1e9;
    ph.ran_out = true;
    ph.ran_out_s = at_s < 0 ? 0 : at_s > secs ? secs : at_s;
    if (ph.ran_out_s > 0 && l->used_at_ran_out_units[meter] > 0)
        ph.rate_per_s = l->used_at_ran_out_units[meter] / ph.ran_out_s;
    return ph;
}

/* Whether a burst phase comes before the one out holds: one that ran out
   in the window before one that did not, the earlier of two that did,
   else the one a full bucket carries for less long. */
static bool burst_first(const struct dev_limits *out, const struct burst_phase *ph,
                        double lasts_s)
{
    if (!out->burst_drawn)
        return true;
    if (ph->ran_out != out->burst_ran_out)
        return ph->ran_out;
    return ph->ran_out ? ph->ran_out_s < out->burst_ran_out_s
                       : lasts_s < out->burst_lasts_s;
}

/* If limit l drew on its bucket since the window opened (its level
   fell from more than spent), note its burst phase, keeping the first to run out.  `used`:
   what the phase's consumption is reckoned from, l's own admissions or,
   for a volume's limit, the mean of its kind over the volumes (see
   limits_report). */
static void note_burst(struct dev_limits *out, const struct limit *l,
                       enum sim_limit kind, double secs, sim_ns open_ns,
                       sim_ns now_ns, enum dev_meter meter, double used)
{
    double level = thr_credits_at(&l->thr, now_ns);
    if (!(secs > 0) || !thr_credits_fell(&l->thr, l->open_credits_units[meter], level))
        return;
    /* spent at the opening (thr_level_spent): what it fell by is the
       crumbs an idle instant earns, no burst (--burst-credits empty) */
    if (thr_level_spent(&l->thr, l->open_credits_units[meter]))
        return;
    struct burst_phase ph = burst_phase_of(l, meter, (double)open_ns, secs, used);
    double lasts_s = thr_burst_lasts_s(&l->thr, ph.rate_per_s);
    if (!(lasts_s > 0)) {
        if (!ph.ran_out)
            return;                 /* fell by no more than it earned */
        lasts_s = ph.ran_out_s;     /* ran out of a bucket that was low */
    }
    if (burst_first(out, &ph, lasts_s)) {
        double average = used / secs;
        out->burst_lasts_s = lasts_s;
        out->burst_first = kind;
        out->burst_ran_out = ph.ran_out;
        out->burst_ran_out_s = ph.ran_out_s;
        out->burst_rate_frac = average > 0 ? ph.rate_per_s / average : 1.0;
    }
    out->burst_drawn = true;
}

/* l's bucket ran out (again) since the last look: each meter that has
   not seen it run out yet notes when, and what it had admitted by then. */
static void limit_saw_running_out(struct limit *l)
{
    l->seen_emptyings = l->thr.emptyings;
    for (int k = 0; k < DEV_METERS; k++) {
        if (l->ran_out[k])
            continue;
        l->ran_out[k] = true;
        l->ran_out_ns[k] = l->thr.emptied_ns;
        l->used_at_ran_out_units[k] = limit_used(l, (enum dev_meter)k);
    }
}

/* Book `units` (a whole number: operations or bytes) admitted by limit l,
   on every meter at once (see struct limit). */
static inline void limit_use(struct limit *l, double units)
{
    if (l->thr.emptyings != l->seen_emptyings)
        limit_saw_running_out(l);
    l->admitted_units += (uint64_t)units;
}

/* ---- ops -------------------------------------------------------------- */

static void model_free(struct model *m)
{
    if (!m)
        return;
    for (int d = 0; m->vol && d < m->disks; d++)
        free(m->vol[d].runs);
    free(m->vol);
    free(m->other_nodes);
    free(m->node_paths);
    free(m->groups);
    evq_free(&m->events);
    free(m);
}

/* The merging runs' tables (see MERGE_SETS), once the volume type
   merges: at open, or when a retune brings such a type.  0 or -ENOMEM. */
static int runs_alloc(struct model *m)
{
    for (int d = 0; d < m->disks; d++) {
        struct vol_state *vs = &m->vol[d];
        if (!vs->grp->volume.merges_contiguous)
            continue;
        if (vs->runs)
            continue;
        vs->runs = malloc(MERGE_SLOTS * sizeof *vs->runs);
        if (!vs->runs)
            return -ENOMEM;
        for (unsigned j = 0; j < MERGE_SLOTS; j++)
            vs->runs[j].end_offset = UINT64_MAX;
    }
    return 0;
}

/* run_cfg copies a whole configuration into the core's buffer */
_Static_assert(sizeof(struct dev_model_cfg) <= DEV_BACKEND_CFG_BYTES,
               "struct dev_model_cfg outgrew DEV_BACKEND_CFG_BYTES");

static int open_nomem(char *why, size_t why_len, int disks)
{
    snprintf(why, why_len, "out of memory opening %d modelled volumes", disks);
    return -ENOMEM;
}

/* The model's part of a run (dev_ops.run_cfg): the volume and instance
   the caller gave (run->backend_cfg, a struct dev_model_cfg), with the
   level the buckets start at, which is the core's measuring knob, and
   the volume groups' disks as the run has them. */
static const void *model_run_cfg(const struct sim_run_cfg *run, void *buf,
                                 size_t len)
{
    const struct dev_model_cfg *given = run->backend_cfg;
    struct dev_model_cfg *mc = buf;

    if (len < sizeof *mc || !given)
        return NULL;
    *mc = *given;
    mc->burst_credit_frac = run->burst_credit_frac;
    mc->nodes = run->nodes;
    /* a database workload's groups: their disks as this run has them (a
       sweep sizes the first group) */
    for (int g = 0; g < mc->n_vol_groups && g < run->db.n_groups; g++)
        mc->vol_groups[g].disks = run->db.groups[g].disks;
    return mc;
}

/* Whether the groups are all on the instance itself (instance store) or
   all attached through its EBS / block-volume path: the instance's limits
   are one pair for the set, so the model takes one kind per instance.
   0, or -EINVAL with the reason. */
static int groups_check(const struct model *m, char *why, size_t why_len)
{
    for (int i = 1; i < m->n_groups; i++)
        if (m->groups[i].volume.instance_store != m->groups[0].volume.instance_store) {
            snprintf(why, why_len, "volume groups '%s' and '%s': the model takes volumes "
                     "attached over the instance's path or instance storage, not both",
                     m->groups[0].volume.spec, m->groups[i].volume.spec);
            return -EINVAL;
        }
    return 0;
}

/* Group g's type becomes v: its profile, I/O unit and latency on the
   model's instance.  0, or -EINVAL with the reason. */
static int group_set_volume(struct model *m, struct vol_group *g,
                            const struct vol_profile *v, char *why, size_t why_len)
{
    uint64_t unit = v->io_unit_bytes ? v->io_unit_bytes : 256 * KIB;
    if (!units_is_pow2(unit)) {
        snprintf(why, why_len, "volume '%s': its I/O unit (%llu bytes) is not a power of two",
                 v->spec, (unsigned long long)unit);
        return -EINVAL;
    }
    g->volume = *v;
    g->io_unit_bytes = unit;
    g->io_unit_shift = (unsigned)__builtin_ctzll(unit);
    latency_setup(g, &m->instance);
    return 0;
}

/* The groups as cfg gives them (none: one of every disk, cfg->volume),
   each disk pointed at its own; 0 or -EINVAL / -ENOMEM with the reason. */
static int groups_setup(struct model *m, const struct dev_model_cfg *cfg,
                        char *why, size_t why_len)
{
    int n = cfg->n_vol_groups, sum = 0;
    if (n < 0 || n > DEV_MODEL_MAX_GROUPS) {
        snprintf(why, why_len, "the model takes 1..%d volume groups, not %d",
                 DEV_MODEL_MAX_GROUPS, n);
        return -EINVAL;
    }
    struct dev_model_vol_group one = { cfg->volume, m->disks };
    const struct dev_model_vol_group *given = n > 0 ? cfg->vol_groups : &one;
    m->n_groups = n > 0 ? n : 1;
    for (int i = 0; i < m->n_groups; i++) {
        if (!given[i].volume || given[i].disks < 1) {
            snprintf(why, why_len, "volume group %d needs a volume and 1 or more disks", i);
            return -EINVAL;
        }
        sum += given[i].disks;
    }
    if (sum != m->disks) {
        snprintf(why, why_len, "the volume groups hold %d disks, the device set %d",
                 sum, m->disks);
        return -EINVAL;
    }
    m->groups = calloc((size_t)m->n_groups, sizeof *m->groups);
    if (!m->groups)
        return open_nomem(why, why_len, m->disks);
    for (int i = 0, first = 0; i < m->n_groups; first += given[i++].disks) {
        struct vol_group *g = &m->groups[i];
        int rc = group_set_volume(m, g, given[i].volume, why, why_len);
        if (rc != 0)
            return rc;
        g->first_disk = first;
        g->disks = given[i].disks;
        for (int d = first; d < first + g->disks; d++)
            m->vol[d].grp = g;
        if (g->io_unit_bytes > m->inst_unit_bytes)
            m->inst_unit_bytes = g->io_unit_bytes;
    }
    m->inst_at_issue = m->n_groups > 1;
    return groups_check(m, why, why_len);
}

/* Everything open makes after the checks: disks, groups, queue, runs,
   throttles.  0, or -errno with the reason. */
static int model_build(struct model *m, const struct devset_cfg *dc,
                       const struct dev_model_cfg *cfg, char *why, size_t why_len)
{
    m->vol = calloc((size_t)dc->disks, sizeof(*m->vol));
    if (m->nodes > 1) {
        m->other_nodes = calloc((size_t)(m->nodes - 1), sizeof(*m->other_nodes));
        m->node_paths = calloc((size_t)(m->nodes - 1) * (size_t)dc->disks,
                               sizeof(*m->node_paths));
    }
    if (!m->vol || (m->nodes > 1 && (!m->other_nodes || !m->node_paths)) ||
        evq_init(&m->events, dc->max_outstanding) < 0)
        return open_nomem(why, why_len, dc->disks);
    int rc = groups_setup(m, cfg, why, why_len);
    if (rc != 0)
        return rc;
    if (runs_alloc(m) < 0)
        return open_nomem(why, why_len, dc->disks);
    int bad;
    if (limits_setup(m, &bad) < 0) {
        snprintf(why, why_len, "invalid limits in volume '%s' or instance '%s'",
                 m->groups[bad < 0 ? 0 : bad].volume.spec, m->instance.name);
        return -EINVAL;
    }
    return 0;
}

static int model_open(struct devset *ds, const struct devset_cfg *dc,
                      char *why, size_t why_len)
{
    const struct dev_model_cfg *cfg = dc->backend_cfg;

    if (!cfg || (!cfg->volume && cfg->n_vol_groups == 0) || !cfg->instance) {
        snprintf(why, why_len, "the model backend needs a volume and an instance profile");
        return -EINVAL;
    }
    if (dc->max_outstanding < 1) {
        snprintf(why, why_len, "the model backend needs max_outstanding >= 1");
        return -EINVAL;
    }
    if (cfg->nodes < 0 || cfg->nodes > SIM_MAX_NODES) {
        snprintf(why, why_len, "the model takes 1..%d nodes, not %d", SIM_MAX_NODES,
                 cfg->nodes);
        return -EINVAL;
    }
    struct model *m = calloc(1, sizeof(*m));
    if (!m)
        return open_nomem(why, why_len, dc->disks);
    m->disks = dc->disks;
    m->nodes = cfg->nodes > 1 ? cfg->nodes : 1;
    m->even_load = dc->even_load;
    m->instance = *cfg->instance;
    m->burst_credit_frac = cfg->burst_credit_frac;
    m->seed = dc->seed ^ 0x6d6f64656cull;
    rng_seed(&m->rng, m->seed);
    int rc = model_build(m, dc, cfg, why, why_len);
    if (rc != 0) {
        model_free(m);
        return rc;
    }
    weyl_setup(m);
    for (int i = 0; i < WEYL_STREAMS; i++)
        m->weyl[i] = rng_next(&m->rng);
    ds->priv = m;
    return 0;
}

/* When the throttles of instance n let an I/O of ops and bytes arriving
   at `at` start. */
static inline sim_ns inst_admit(struct node_limits *n, sim_ns at, double ops, double bytes)
{
    return thr_admit(&n->tput.thr, thr_admit(&n->iops.thr, at, ops), bytes);
}

static int model_submit(struct devset *ds, struct sim_io *const *ios, int n)
{
    struct model *m = ds->priv;
    /* one node (as good as every run): its limits at fixed offsets, as
       one instance's always were (the test below is the one cost of
       "Nodes" per I/O) */
    const bool several = m->nodes > 1;
    int i;
    for (i = 0; i < n && !evq_full(&m->events); i++) {
        struct sim_io *io = ios[i];
        struct vol_state *vs = &m->vol[io->disk];
        struct node_limits *in = &m->node0;
        struct limit *path = &vs->path;
        if (__builtin_expect(several, 0)) {
            in = node_of(m, io->node);
            path = path_of(m, vs, io->node, io->disk);
        }
        sim_ns t = m->now_ns;
        io->submit_ns = t;
        double ops = io_ops(vs, io);
        double bytes = io->size_bytes;
        double vol_bytes = prof_tput_charge_bytes(&vs->grp->volume, ops, bytes);
        sim_ns s = thr_admit(&vs->iops.thr, t, ops);
        s = thr_admit(&vs->tput.thr, s, vol_bytes);
        s = thr_admit(&path->thr, s, bytes);
        /* several groups: the instance books the I/O as it is issued (see
           "Volume groups" at the top); one group: after its volume.  Two
           calls, not one with max(), so that one group pays a branch. */
        if (m->inst_at_issue) {
            sim_ns si = inst_admit(in, t, ops, bytes);
            s = si > s ? si : s;
        } else {
            s = inst_admit(in, s, ops, bytes);
        }
        limit_use(&vs->iops, ops);
        limit_use(&vs->tput, vol_bytes);
        limit_use(path, bytes);
        limit_use(&in->iops, ops);
        limit_use(&in->tput, bytes);
        io->result = (int32_t)io->size_bytes;
        evq_push(&m->events, s + service_ns(m, vs, io), io);
    }
    return i;
}

static int model_reap(struct devset *ds, struct sim_io **done, int max,
                      sim_ns deadline)
{
    struct model *m = ds->priv;
    if (max < 1)
        return 0;
    /* nothing due by the deadline (or nothing in flight, as between two
       open-loop arrivals): virtual time passes to it */
    if (evq_empty(&m->events) || evq_top_time(&m->events) > deadline) {
        if (deadline == SIM_NS_MAX)
            return 0;
        if (deadline > m->now_ns)
            m->now_ns = deadline;
        return 0;
    }
    /* Everything due at the earliest time completes together. */
    sim_ns at;
    int n = evq_pop_due(&m->events, done, max, &at);
    for (int i = 0; i < n; i++)
        done[i]->done_ns = at;
    m->now_ns = at;
    return n;
}

static sim_ns model_now(const struct devset *ds)
{
    const struct model *m = ds->priv;
    return m->now_ns;
}

static void model_close(struct devset *ds)
{
    model_free(ds->priv);
    ds->priv = NULL;
}

/* The use of every limit since the window opened: for the volumes'
   limits of a kind, the mean over the volumes of each group, and of the
   groups the most used one (with one group, the mean over the volumes);
   the burst facts of every bucket.

   A volume's burst is projected from what its kind of limit admitted on
   the volumes of its group, their mean, when the layout spreads the load
   evenly (m->even_load) and the bucket has not run out in the window: the
   volumes' long-run shares are then equal, and a short window's share of
   one volume is not its long-run share.  Sequential streams moving from
   disk to disk gave one of 4 x st1 a tenth more than the mean over an
   auto window of 1.2 s, and its projection 7.2 h from full where 9.4 h
   hold (the mean's) over 60 s.  A bucket that ran out is judged on its
   own: when it ran out is a fact of the window.

   A limit's use is the mean over the volumes, but a volume held at its
   base by an empty bucket is also booked on its own against the burst
   credits: the stripe moves at its slowest volume, so one of 4 x gp2 at
   its base of 1,425 IOPS holds all four there while the other three, with
   credits, are used at half their burst rate; their mean, 0.61, read as
   bound by the offered load while a fifth of the demand went unmet.

   Of several groups the most used one's mean stands for the kind: each
   group is a disk group of its own that its classes' load moves at its
   slowest volume, so a group that runs at its volumes' limit binds that
   load whatever the others do (a mean over all volumes would dilute a
   REDO group held at its IOPS by an idle DATA group).  The busiest
   single volume of each kind is reported beside the mean (one_util,
   one_disk), for a window whose demand went unmet or whose closed loop
   pressed on a limit (dev_limits_binding_pressed). */
struct limits_sums {
    double util[SIM_LIMITS];            /* the instance's; the volumes': the max over groups */
    double held_util[SIM_LIMITS];
    bool empty[SIM_LIMITS];
    double group_util[DEV_MODEL_MAX_GROUPS][SIM_LIMITS];
    double mean_used[DEV_MODEL_MAX_GROUPS][SIM_LIMITS];
};

static int limit_group(const struct model *m, int i)
{
    return (int)(m->vol[i / VOL_LIMITS].grp - m->groups);
}

static void limits_report(struct model *m, enum dev_meter meter,
                          struct dev_limits *out)
{
    double secs = (double)(m->now_ns - m->window_start_ns[meter]) / 1e9;
    struct limits_sums z;
    memset(&z, 0, sizeof z);
    memset(out, 0, sizeof(*out));
    for (int i = 0; i < VOL_LIMITS * m->disks; i++) {
        int g = limit_group(m, i);
        z.mean_used[g][model_limit_kind(m, i)] +=
            limit_used(model_limit(m, i), meter) / m->groups[g].disks;
    }
    for (int i = 0; i < model_limits_n(m); i++) {
        const struct limit *l = model_limit(m, i);
        enum sim_limit kind = model_limit_kind(m, i);
        bool held;
        double u = utilisation(l, meter, secs, m->now_ns, &held);
        bool per_volume = i < VOL_LIMITS * m->disks;
        int g = per_volume ? limit_group(m, i) : 0;
        if (u > out->one_util[kind]) {  /* the busiest volume, node */
            out->one_util[kind] = u;
            out->one_disk[kind] = per_volume ? i / VOL_LIMITS : -1;
        }
        if (per_volume)
            z.group_util[g][kind] += u / m->groups[g].disks;
        else if (u > z.util[kind])      /* the most used node's */
            z.util[kind] = u;
        z.empty[kind] |= held;
        if (held && u > z.held_util[kind])
            z.held_util[kind] = u;
        double used = per_volume && m->even_load && !limit_ran_out(l, meter)
                          ? z.mean_used[g][kind]
                          : limit_used(l, meter);
        note_burst(out, l, kind, secs, m->window_start_ns[meter], m->now_ns, meter, used);
    }
    for (int g = 0; g < m->n_groups; g++)
        for (int k = 0; k < SIM_LIMITS; k++)
            if (z.group_util[g][k] > z.util[k])
                z.util[k] = z.group_util[g][k];
    static const enum sim_limit kinds[] = {
        SIM_LIMIT_VOLUME_IOPS, SIM_LIMIT_VOLUME_TPUT, SIM_LIMIT_ATTACH_PATH,
        SIM_LIMIT_INSTANCE_IOPS, SIM_LIMIT_INSTANCE_MBPS,
    };
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        book(out, kinds[k], z.util[kinds[k]], z.empty[kinds[k]]);
        book(out, kinds[k], z.held_util[kinds[k]], true);
    }
}

/* A new window opens now: nothing admitted yet, the buckets' levels as
   they are. */
static void limits_reset(struct model *m, enum dev_meter meter)
{
    for (int i = 0; i < model_limits_n(m); i++) {
        struct limit *l = model_limit(m, i);
        l->admitted_at_open_units[meter] = l->admitted_units;
        l->open_credits_units[meter] = thr_credits_at(&l->thr, m->now_ns);
        l->ran_out[meter] = false;
    }
    m->window_start_ns[meter] = m->now_ns;
}

static void model_meter(struct devset *ds, enum dev_meter meter,
                        struct dev_limits *out, bool reset)
{
    struct model *m = ds->priv;
    if (out)
        limits_report(m, meter, out);
    if (reset)
        limits_reset(m, meter);
}

static void model_limits(struct devset *ds, struct dev_limits *out, bool reset)
{
    model_meter(ds, DEV_METER_WINDOW, out, reset);
}

static void model_interval_limits(struct devset *ds, struct dev_limits *out,
                                  bool reset)
{
    model_meter(ds, DEV_METER_INTERVAL, out, reset);
}

/* Every burst bucket's level: each volume's, then the instance's. */
static int model_buckets(struct devset *ds, struct dev_bucket *out, int max)
{
    struct model *m = ds->priv;
    int n = 0;
    for (int i = 0; i < model_limits_n(m) && (!out || n < max); i++) {
        const struct limit *l = model_limit(m, i);
        const struct thr *t = &l->thr;
        if (!(t->cfg.bucket_units > 0))
            continue;
        if (!out) {
            n++;
            continue;
        }
        bool volume = i < VOL_LIMITS * m->disks;
        double level = thr_credits_at(t, m->now_ns);
        out[n++] = (struct dev_bucket){
            .limit = model_limit_kind(m, i),
            .disk = volume ? i / VOL_LIMITS : -1,
            .level_frac = level / t->cfg.bucket_units,
            .size_units = t->cfg.bucket_units,
            .level_units = level,
            .base_per_s = t->cfg.base_rate_per_s,
            .earn_per_s = thr_earn_rate(t),
            .burst_per_s = t->cfg.burst_rate_per_s,
            .window_used_units = limit_used(l, DEV_METER_WINDOW),
        };
    }
    return n;
}

/* The throttle of bucket `index` as model_buckets numbers them, or NULL. */
static struct thr *bucket_thr(struct model *m, int index)
{
    int n = 0;
    for (int i = 0; i < model_limits_n(m); i++) {
        struct thr *t = &model_limit(m, i)->thr;
        if (!(t->cfg.bucket_units > 0))
            continue;
        if (n++ == index)
            return t;
    }
    return NULL;
}

static int model_bucket_set(struct devset *ds, int index, double level_units)
{
    struct model *m = ds->priv;
    struct thr *t = index >= 0 ? bucket_thr(m, index) : NULL;
    if (!t)
        return -EINVAL;
    thr_set_credits(t, level_units, m->now_ns);
    return 0;
}

/* Nothing is in flight, so nothing but the clock moves: the throttles'
   schedules fall behind it (an idle spell) and the buckets earn lazily,
   at their next admission or read, as they would have. */
static int model_idle_until(struct devset *ds, sim_ns to_ns)
{
    struct model *m = ds->priv;
    if (!evq_empty(&m->events))
        return -EBUSY;
    if (to_ns < m->now_ns)
        return -EINVAL;
    m->now_ns = to_ns;
    return 0;
}

static void model_settle(struct devset *ds)
{
    struct model *m = ds->priv;
    /* Common random numbers: every point draws the same latency sequence,
       so points differ by their load, not by luck. */
    rng_seed(&m->rng, m->seed);
    for (int i = 0; i < WEYL_STREAMS; i++)
        m->weyl[i] = rng_next(&m->rng);
    for (int i = 0; i < model_limits_n(m); i++)
        thr_settle(&model_limit(m, i)->thr, m->now_ns);
    for (int i = 0; i < (m->nodes - 1) * m->disks; i++)
        thr_settle(&m->node_paths[i].thr, m->now_ns);
}

static void model_burst_fill(struct devset *ds, double frac)
{
    struct model *m = ds->priv;
    for (int i = 0; i < model_limits_n(m); i++) {
        struct thr *t = &model_limit(m, i)->thr;
        thr_set_credits(t, frac * t->cfg.bucket_units, m->now_ns);
    }
}

static void model_burst_stash(struct devset *ds, bool restore)
{
    struct model *m = ds->priv;
    for (int i = 0; i < model_limits_n(m); i++) {
        struct limit *l = model_limit(m, i);
        if (restore)
            thr_set_credits(&l->thr, l->stash_credits_units, m->now_ns);
        else
            l->stash_credits_units = thr_credits_at(&l->thr, m->now_ns);
    }
}

/* The volume each group takes from a retune's mc (NULL: stays): its
   groups, which must be the open's (their count and disks), or its one
   volume, which only a model of one group takes (of several, which one
   it means is not said).  0, or -EINVAL. */
static int retune_volumes(const struct model *m, const struct dev_model_cfg *mc,
                          const struct vol_profile *out[DEV_MODEL_MAX_GROUPS])
{
    for (int i = 0; i < m->n_groups; i++)
        out[i] = NULL;
    if (!mc)
        return 0;
    if (mc->n_vol_groups == 0) {
        if (mc->volume && m->n_groups > 1)
            return -EINVAL;
        out[0] = mc->volume;
        return 0;
    }
    if (mc->n_vol_groups != m->n_groups)
        return -EINVAL;
    for (int i = 0; i < m->n_groups; i++) {
        if (mc->vol_groups[i].disks != m->groups[i].disks)
            return -EINVAL;
        out[i] = mc->vol_groups[i].volume;
    }
    return 0;
}

/* New rates for group g's volumes, from its type on the instance. */
static void group_retune(struct model *m, const struct vol_group *g)
{
    struct vol_rates r;
    vol_rates_of(&g->volume, &m->instance, &r);
    double frac = m->burst_credit_frac;
    for (int d = g->first_disk; d < g->first_disk + g->disks; d++) {
        thr_retune(&m->vol[d].iops.thr, &r.iops, frac, m->now_ns);
        thr_retune(&m->vol[d].tput.thr, &r.tput, frac, m->now_ns);
        for (int h = 0; h < m->nodes; h++)
            thr_retune(&path_of(m, &m->vol[d], h, d)->thr, &r.path, frac, m->now_ns);
    }
}

/* A volume group's type (or every group's), the instance, or both, in
   place.  Refused (-EINVAL, nothing changed) when the groups given are
   not the open's, when one volume is given to a model of several groups,
   or when the types would mix instance storage with attached volumes. */
static int model_retune(struct devset *ds, const void *backend_cfg)
{
    const struct dev_model_cfg *mc = backend_cfg;
    const struct inst_profile *instance = mc ? mc->instance : NULL;
    struct model *m = ds->priv;
    const struct vol_profile *volume[DEV_MODEL_MAX_GROUPS];
    if (retune_volumes(m, mc, volume) != 0)
        return -EINVAL;
    for (int i = 0; i < m->n_groups; i++) {    /* what groups_check and open refuse */
        const struct vol_profile *v = volume[i] ? volume[i] : &m->groups[i].volume;
        const struct vol_profile *v0 = volume[0] ? volume[0] : &m->groups[0].volume;
        if (v->instance_store != v0->instance_store ||
            (v->io_unit_bytes && !units_is_pow2(v->io_unit_bytes)))
            return -EINVAL;
    }
    if (instance)
        m->instance = *instance;
    char why[PROF_WHY_CHARS];
    for (int i = 0; i < m->n_groups; i++) {
        struct vol_group *g = &m->groups[i];
        if (volume[i] || instance) {
            /* the type's latency on the instance's platform; checked above */
            (void)group_set_volume(m, g, volume[i] ? volume[i] : &g->volume, why, sizeof why);
            group_retune(m, g);     /* a volume's IOPS may follow the platform */
        }
    }
    if (runs_alloc(m) < 0)
        return -ENOMEM;
    if (instance) {
        struct inst_rates r;
        inst_rates_of(m, &r);
        for (int h = 0; h < m->nodes; h++) {
            thr_retune(&node_of(m, h)->iops.thr, &r.iops, m->burst_credit_frac, m->now_ns);
            thr_retune(&node_of(m, h)->tput.thr, &r.tput, m->burst_credit_frac, m->now_ns);
        }
    }
    return 0;
}

/* The limits and burst credits of modelled volumes and instances. */
static const struct dev_credit_ops model_credit_ops = {
    .limits = model_limits,
    .interval_limits = model_interval_limits,
    .buckets = model_buckets,
    .settle = model_settle,
    .retune = model_retune,
    .burst_fill = model_burst_fill,
    .burst_stash = model_burst_stash,
    .bucket_set = model_bucket_set,
    .idle_until = model_idle_until,
};

const struct dev_ops dev_model_ops = {
    .name = "model",
    .caps = DEV_CAP_VIRTUAL_CLOCK | DEV_CAP_PROVISIONED_LIMITS,
    .run_cfg = model_run_cfg,
    .open = model_open,
    .submit = model_submit,
    .reap = model_reap,
    .now = model_now,
    .close = model_close,
    .credit = &model_credit_ops,
};
