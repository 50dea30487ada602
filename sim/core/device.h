/*
 * device.h - the backend contract: where physical I/O is carried out.
 *
 * The engine hands physical I/Os (pieces of logical I/Os, already mapped
 * through the layout) to a backend and reaps their completions.  The
 * backend owns the clock: the model backend advances virtual time in
 * reap(), the aio backend reads the monotonic clock and sleeps.  That is
 * what lets one engine loop serve simulation and real hardware alike.
 *
 * Backends fill a `struct dev_ops` with designated initialisers; hooks
 * marked optional may be NULL.  dev_ops_check() validates a table once.
 * What only a backend with provisioned limits and burst credits has (the
 * model: its meters, buckets and retune) is one optional table behind
 * dev_ops.credit, given whole or not at all, so the core and the session
 * ask one question (is there a credit table?) instead of one per hook.
 */
#ifndef ASMSIM_SIM_DEVICE_H
#define ASMSIM_SIM_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/core/io_budget.h"
#include "sim/core/simtime.h"

/* A run's description, handed to a backend's run_cfg hook (run.h).  The
   contract does not include the cloud profiles (sim/profiles/), and core
   does not link them: they are the model backend's vocabulary, carried in
   its own configuration (backend_cfg). */
struct sim_run_cfg;

/* One physical I/O.  The engine owns the memory (a fixed pool). */
struct sim_io {
    uint64_t offset_bytes;      /* on the disk */
    uint32_t size_bytes;
    uint16_t disk;
    uint8_t is_write;
    uint8_t cls;                /* enum wl_class of the logical I/O */
    uint8_t piece;              /* index among the logical I/O's pieces */
    uint8_t node;               /* the node that issued it (sim_run_cfg.nodes:
                                   a modelled cluster's host), 0 alone */
    sim_ns submit_ns;           /* set by the backend at submission */
    sim_ns done_ns;             /* set by the backend at completion; the
                                   backend's own until then */
    int32_t result;             /* bytes transferred, or -errno */
    uint32_t parent;            /* the engine's logical I/O slot */
};

/* What limits a point: the limit that ran closest to its rate (at least
   SIM_LIMIT_BINDING_UTIL of it), or the load the closed loop offered when
   none did. */
enum sim_limit {
    SIM_LIMIT_OFFERED_LOAD = 0,
    SIM_LIMIT_INSTANCE_MBPS,
    SIM_LIMIT_INSTANCE_IOPS,
    SIM_LIMIT_VOLUME_IOPS,
    SIM_LIMIT_VOLUME_TPUT,
    SIM_LIMIT_BURST_CREDITS,
    SIM_LIMIT_ATTACH_PATH,      /* one attachment path's bytes (OCI iSCSI) */
    SIM_LIMIT_DEVICE,           /* real devices: the device itself */
    SIM_LIMITS
};

const char *sim_limit_label(enum sim_limit l);  /* "instance MB/s" */
const char *sim_limit_id(enum sim_limit l);     /* "instance_mbps" */
/* The limit whose sim_limit_id is id; SIM_LIMITS when none is. */
enum sim_limit sim_limit_of_id(const char *id);

#define SIM_LIMIT_BINDING_UTIL 0.95

/* How much of each limit was used since the last reset: units admitted /
   (rate x elapsed); for per-volume limits the mean over the volumes.
   0 for limits the backend does not have.

   Burst buckets (gp2 IOPS, st1/sc1 throughput, an instance's 30-minute
   burst): whether any bucket's level fell since the reset, so that the
   figures rest on credits that run out, and the burst phase of the first
   to run out: the first that ran out since the reset, else the first
   that would from full.  Its phase is the consumption while its credits
   lasted (up to when it ran out, or the whole window), and from that how
   long it lasts from full (bucket / (consumption - earn rate)).  A
   backend without buckets leaves them false / 0 / SIM_LIMIT_OFFERED_LOAD. */
struct dev_limits {
    double util[SIM_LIMITS];
    double one_util[SIM_LIMITS];    /* the busiest one of each kind: of a
                                       per-volume limit its most used
                                       volume (util[] holds the mean), of
                                       the instance's as util[] */
    int one_disk[SIM_LIMITS];       /* that volume (from 0, the run's
                                       disks); -1 for an instance's */
    bool burst_drawn;
    double burst_lasts_s;           /* 0 when no bucket fell */
    enum sim_limit burst_first;     /* the limit whose bucket empties first */
    bool burst_ran_out;             /* it ran out since the reset */
    double burst_ran_out_s;         /* when, in s since the reset (measured) */
    double burst_rate_frac;         /* its limit's consumption while the
                                       credits lasted over its average
                                       since the reset (1: they lasted) */
    enum sim_limit burst_behind;    /* the limit behind util[BURST_CREDITS]:
                                       the one held at its base rate for
                                       want of credits that ran closest
                                       to that rate */
};

/* Which window a limits report covers: the point's measured window
   (dev_credit_ops.limits) or the timeline's current interval
   (dev_credit_ops.interval_limits).  Each opens on its own reset. */
enum dev_meter {
    DEV_METER_WINDOW = 0,
    DEV_METER_INTERVAL,
    DEV_METERS
};

/* One burst bucket's level now (dev_credit_ops.buckets). */
struct dev_bucket {
    enum sim_limit limit;       /* the limit whose bucket it is */
    int disk;                   /* its volume; -1: the instance's */
    double level_frac;          /* 0 empty .. 1 full */
    /* the same in absolute terms, in the limit's own unit (operations for
       an IOPS limit, bytes for a throughput one), for a caller that moves
       the level in closed form (the forecast's fast path): its size, its
       level now, the rate the limit runs at while the bucket is empty,
       what the bucket earns per second and the rate it runs at while it
       holds credits */
    double size_units;
    double level_units;
    double base_per_s;
    double earn_per_s;          /* what it earns a second while not held
                                   at base_per_s after running out (the
                                   provisioned baseline, >= base_per_s) */
    double burst_per_s;
    /* units its limit admitted since the window meter (dev_credit_ops.limits)
       was last reset: over a measured window, the bucket's consumption */
    double window_used_units;
};

/* The limit that bound over a report: the most used one, if it ran at
   SIM_LIMIT_BINDING_UTIL of its rate or more, else the offered load. */
enum sim_limit dev_limits_binding(const struct dev_limits *lim);
/* The limit that bound a window that pressed on its limits: an open-loop
   class short of what it offered, or a closed-loop class (its streams
   each wait for their I/O, so they run into the nearest limit: ORION's
   classes, a failure's copies).  dev_limits_binding's, else the busiest
   single volume's (one_util[]) if it ran at SIM_LIMIT_BINDING_UTIL of its
   rate or more, else the offered load.  A volume's limits count as the
   mean over the volumes, which a saturated one among idle ones does not
   reach (a resync writing every copy to the disk that came back, a
   rebuild's copies reading the lost disk's partners); yet an I/O striped
   over it waits for it.  *util (when not NULL) its use, 0 for the offered
   load; *disk (when not NULL) the volume when one volume's limit bound
   (one_disk[]), else -1. */
enum sim_limit dev_limits_binding_pressed(const struct dev_limits *lim, double *util,
                                          int *disk);

struct devset_cfg {
    int disks;
    /* the backend's own configuration, which only it interprets, made by
       its dev_ops.run_cfg: the model's struct dev_model_cfg (volume,
       instance, burst credits: sim/model/dev_model.h), the aio backend's
       struct dev_aio_cfg (targets and what may be done to them:
       sim/aio/dev_aio.h); NULL for a backend without one */
    const void *backend_cfg;
    uint64_t seed;
    int max_outstanding;                /* physical I/Os in flight, at most */
    uint32_t max_io_bytes;              /* largest physical I/O */
    struct sim_io_budget budget;        /* aio: logical I/Os in flight per
                                           class and their sizes; with it
                                           every io has parent < the slots'
                                           sum and size_bytes <= its class's
                                           io_bytes, and the reads of one
                                           parent share one buffer.  Zero:
                                           a buffer of max_io_bytes for each
                                           of max_outstanding I/Os */
    uint32_t io_align_bytes;            /* every offset and size the engine
                                           makes is a multiple of this */
    bool even_load;                     /* the layout spreads I/O evenly over
                                           the disks in the long run (every
                                           striping but concat): a backend
                                           may judge one disk's share from
                                           the mean of all of them */
};

struct devset;

/* Capabilities a backend declares in dev_ops.caps. */
enum dev_cap {
    /* now() is simulated time: a run is deterministic for its seed, and a
       live view may pace it (sleep between reaps) without changing it */
    DEV_CAP_VIRTUAL_CLOCK = 1u << 0,
    /* the devices have provisioned limits (volume and instance IOPS and
       throughput, burst buckets) that limits() reports and that the
       configuration's profiles describe */
    DEV_CAP_PROVISIONED_LIMITS = 1u << 1,
    /* the host's CPU carries out the I/O: CPU per I/O, the machine's load
       and whether the generator itself was the bottleneck are facts */
    DEV_CAP_HOST_CPU = 1u << 2,
};

/* What a backend whose devices have provisioned limits and burst credits
   (the model: volume and instance throttles, gp2/st1/sc1 and instance
   burst buckets) adds to the contract: the meters of its limits, its
   buckets, and the state a point starts from.  A backend fills all of
   them or gives none (dev_ops.credit NULL); dev_ops_check() holds it to
   that, so a caller that has the table has every hook. */
struct dev_credit_ops {
    /* use of each limit since the last reset */
    void (*limits)(struct devset *ds, struct dev_limits *out, bool reset);
    /* the same over a second window, the timeline's interval, opened by
       its own reset; the two never disturb each other */
    void (*interval_limits)(struct devset *ds, struct dev_limits *out,
                            bool reset);
    /* every bucket's level now, up to max of them into out; returns how
       many (0: no bucket).  out NULL: how many there are, so a caller can
       size its array. */
    int (*buckets)(struct devset *ds, struct dev_bucket *out, int max);
    /* a load point starts at now(); the model drops the short-term
       allowance its throttles earned while idle (between points), so
       every point starts from the same state */
    void (*settle)(struct devset *ds);
    /* change the backend's configuration in flight; backend_cfg is of
       open's type, and what it leaves NULL stays as it is (the model:
       volume or instance limits) */
    int (*retune)(struct devset *ds, const void *backend_cfg);
    /* set every bucket to `frac` (0 empty .. 1 full) of its size as of
       now(), so that a point starts from a state that does not depend on
       the points before it */
    void (*burst_fill)(struct devset *ds, double frac);
    /* put the buckets' levels aside (restore false) or bring back the
       levels put aside, as of now() (restore true): the run measures a
       point again on empty buckets without the credits the state carried
       to the next point changing */
    void (*burst_stash)(struct devset *ds, bool restore);
    /* set bucket `index` (numbered as buckets() lists them) to
       level_units, clamped to 0..its size, as of now().  0, or -EINVAL
       for an index out of range. */
    int (*bucket_set)(struct devset *ds, int index, double level_units);
    /* let the (virtual) clock run on, idle, to to_ns; the buckets earn
       what they would idle.  0; -EBUSY with I/O in flight, -EINVAL when
       to_ns is before now(). */
    int (*idle_until)(struct devset *ds, sim_ns to_ns);
};

/* Room for a backend's configuration made by dev_ops.run_cfg. */
#define DEV_BACKEND_CFG_BYTES 256

struct dev_ops {
    const char *name;               /* for the user: "model", "aio", ... */
    unsigned caps;                  /* enum dev_cap flags */
    /* optional: the backend's own configuration for a run (what open
       finds in cfg->backend_cfg), made from the run's description into
       buf (DEV_BACKEND_CFG_BYTES, aligned for any type), which outlives
       the open call only; returns buf, or NULL for none.  The backend,
       not the core, knows which parts of a run are its. */
    const void *(*run_cfg)(const struct sim_run_cfg *run, void *buf,
                           size_t len);
    /* Open `cfg->disks` devices.  0, or -errno with a reason in why. */
    int (*open)(struct devset *ds, const struct devset_cfg *cfg,
                char *why, size_t why_len);
    /* Start n I/Os.  Returns how many were accepted (0..n) or -errno. */
    int (*submit)(struct devset *ds, struct sim_io *const *ios, int n);
    /* Wait for at least one completion or until `deadline`; fill done[]
       with up to max completed I/Os.  Returns how many (0 on deadline) or
       -errno.  The model backend advances its virtual clock here. */
    int (*reap)(struct devset *ds, struct sim_io **done, int max,
                sim_ns deadline);
    sim_ns (*now)(const struct devset *ds);
    void (*close)(struct devset *ds);
    /* optional: the hooks of provisioned limits and burst credits, for
       a backend whose devices have them (the model); NULL for one
       without (aio, null).  Callers test this pointer, never a hook. */
    const struct dev_credit_ops *credit;
};

struct devset {
    const struct dev_ops *ops;
    void *priv;                 /* the backend's state */
    int disks;
};

/* 0 if the table has every required hook (and, with credit, every credit
   hook), -EINVAL otherwise. */
int dev_ops_check(const struct dev_ops *ops);

/* Open a device set with the given backend; on error *ds is left closed. */
int dev_open(struct devset *ds, const struct dev_ops *ops,
             const struct devset_cfg *cfg, char *why, size_t why_len);
void dev_close(struct devset *ds);

/* What a backend is, for the layers above it, which never ask which
   backend runs (nor compare its name): they read these flags. */
static inline bool dev_has(const struct dev_ops *ops, unsigned cap)
{
    return ops && (ops->caps & cap) == cap;
}

#endif
