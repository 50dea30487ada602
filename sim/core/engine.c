/*
 * engine.c - the closed loop that carries out a load point on any backend.
 *
 * Loop
 * ----
 *   issue N_small + N_large logical I/Os (sequential streams first
 *   placed over the disks, stream_place.h)
 *   repeat:  reap completed pieces from the backend (it owns the clock)
 *            join each piece into its logical I/O; when the last piece of
 *            a logical I/O is in, record it and issue the next I/O of the
 *            same class (and sequential stream) at once
 *            submit everything issued, in one batch
 *   until the point is over; then drain what is in flight, unrecorded.
 *
 * Live view: when opts->live is set, the loop calls it every live_every_ns
 * of device time, after the batch is submitted, with a read-only view of
 * the point (struct sim_live).  It changes nothing the loop computes, so a
 * point measures the same with and without it; its only power is to end
 * the point early, as opts->stop does.
 *
 * Phases: WARMUP (unmeasured: until every slot has completed twice and
 * every disk has seen WARMUP_PER_DISK physical I/Os on average, or the user's
 * --warmup time), MEASURE (the window that is
 * recorded), DRAIN.  A logical I/O belongs to the window if it is issued
 * inside it, and is recorded when it completes, in the window or while
 * draining.  Counting by issue keeps the latency sample fair: a window
 * that ends on completions leaves out the I/Os still in flight at its
 * end, which are more often than not the slow ones.
 *
 * Convergence (--duration auto): the window is cut into batches of about
 * 500 logical completions (the length is estimated from the warm-up rate).
 * Each batch gives one sample of the point's figures: small I/Os and large
 * bytes issued.  After at least 10 batches the point stops as soon as,
 * for every class in the point, the 95 % confidence half-width of the batch
 * mean (Student t) is under ci_target of the mean: batch means, the
 * standard method for a steady-state simulation output.  In a mixed point
 * a class with under SIM_MINOR_SHARE of the I/Os (one small I/O among thirty
 * large ones) does not hold the point open: pinning it to 1 % would take
 * a hundred times the I/O of the figures the point is there for.  The
 * duration is the upper bound.
 *
 * On the ranks of a cluster (mpirun, opts->sync: engine.h) the window is
 * the cluster's: at each boundary a rank's batch (and its I/Os so far,
 * for the minor share) is summed with every other rank's, and every rank
 * runs the rule above on the sums, so all decide alike and end their
 * windows at the same boundary.  The sums, not each rank's own estimate:
 * the figures the run reports are the cluster's, and the sum's relative
 * half-width is at most the largest rank's, so waiting for every rank's
 * own would hold the point open for a host's noise the cluster's figure
 * does not have.  The call blocks until every rank has made it; a rank
 * early to a boundary stops issuing until then.  So the first call only
 * aligns the ranks (its batch is not a sample) and agrees one batch
 * length, the mean of the ranks' estimates; each later boundary is a
 * batch after the last call returned, which every rank left at once: the
 * ranks' boundaries coincide and a wait is the collective's own.  The
 * duration's end is a boundary: a rank there votes to stop.  Alone (sync
 * NULL) none of this runs, nor in open loop, whose window is fixed.
 *
 * Open loop (opts->open, see engine.h)
 * ---------
 *   start one arrival stream per class at the point's start; then
 *   repeat:  reap with deadline = the next arrival when a slot is free
 *            (or the next timeline boundary, the window's end, the live
 *            view's next call, whichever is first)
 *            count the arrivals up to now (offered: the "seen" streams)
 *            join completions; they issue nothing by themselves
 *            issue every arrival due by now while fewer than
 *            max_outstanding are in flight (the "due" streams); an
 *            arrival issued after its time while the bound had held
 *            since the last admission waited for a slot: delayed
 * An open-loop window records what COMPLETES in it (what the storage
 * delivered, and the latency those I/Os saw from their arrival), not what
 * was issued in it: the number in flight grows while a backlog builds, and
 * counting by issue would credit the window with the growth.
 * Each stream is looked at from two sides: one counts arrivals as time
 * passes, one issues them as slots allow; the backlog is the difference
 * of their counts.  The stream is drawn once: the times counted and not
 * yet issued wait in a ring of OPEN_RING_ARRIVALS, and a backlog beyond
 * it is drawn again from a copy of the stream (arrival_backlog.h), so
 * the issue side sees the times two streams of one seed gave.  A logical
 * I/O's start (issue_ns) is
 * its arrival time, so its latency includes the wait for a slot.
 *
 * Classes
 * -------
 * ORION's point has two classes, small and large (its `small` and
 * `large` counts); a database workload's point has up to WL_MAX_CLASSES
 * (sim_engine_run_classes), each with its own load: closed (load random
 * I/Os, or load streams of stream_io, in flight) or open (a rate).  Both
 * kinds may run at one point: a closed class reissues on completion and
 * is measured by issue, an open one arrives and is measured by
 * completion; the warm-up is then the open loop's, and open_max bounds
 * the open classes' I/Os in flight (open_outstanding) alone.  Each class
 * maps through its disk group's layout, whose disks start at disk_base in
 * the one device set (the groups share the backend, and so its instance);
 * what the issue path reads of a class is a four-byte eng_hot.  ORION's
 * classes are classes 0 and 1 of the same code, on one group at base 0.
 *
 * Cache warming (ORION's -cache_size, sim_point_opts.cache_warm_*):
 * before a point with sequential large I/O, and only then, the point's
 * large I/Os in flight go to random offsets of the large class's space,
 * reads or writes as the point's, until that many bytes have completed
 * (or for that long); they drain, and the point starts as any other.
 * Nothing of it is measured.  On modelled volumes there is no array
 * cache to fill: it costs the device time and the burst credits it
 * would cost the volume, nothing else.
 *
 * Nodes
 * -----
 * A modelled cluster (sim_engine_cfg.nodes H, --nodes) puts H hosts on
 * the same disks, each offering the point's whole load, as every RAC
 * instance runs its own sessions: a closed class keeps H x its load in
 * flight (I/O or stream s is node s mod H's, and is issued again as that
 * node's), an open class arrives at H x its rate with its arrivals dealt
 * to the nodes in turn.  Each I/O and its pieces carry the node
 * (sim_io.node), so a backend can keep each node's limits apart (the
 * model: each its own instance); the point's figures are the cluster's,
 * and each node's own are kept beside them (node_stats.h) for the
 * result's hosts[].  One node costs a byte per piece and a test per
 * completion.
 *
 * Memory is fixed when the engine is created: a slot per outstanding
 * logical I/O, a piece per physical I/O any of them can become (the
 * layout's bound), stacks of free ones.  Nothing is allocated per I/O.
 */
#include "sim/core/engine.h"

#include "sim/core/arrival_backlog.h"
#include "sim/core/balance.h"
#include "sim/core/cpu_usage.h"
#include "sim/core/node_stats.h"
#include "sim/core/stream_place.h"
#include "sim/core/timeline.h"
#include "layouts/layout_map.h"
#include "workloads/arrivals.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MIN_BATCHES 10
#define BATCH_COMPLETIONS 500
#define MIN_BATCH_NS 10000          /* 10 us */
#define REAP_WAIT_NS (100 * SIM_NS_PER_MS)    /* longest wait in one reap */
#define STOP_DRAIN_NS (2 * SIM_NS_PER_S)      /* after a stop: how long
                                                 in-flight I/O may take */
#define MAX_IDLE_REAPS 1000         /* empty reaps with a clock that does
                                       not move: the backend is stuck */
#define OPEN_RING_ARRIVALS 4096    /* per class: a backlog this long is
                                       issued without drawing again */
#define WARMUP_PER_DISK 64          /* auto warm-up: I/Os per disk, enough
                                       for rate limits to reach their
                                       steady state */
#define WARM_SEED 0x6361636865ull   /* "cache": the warming's own stream */

/* How a class's I/O is drawn and mapped (eng_hot.route, bits): by the
   balancer (0), as sequential streams (SEQ), as the copy streams of a
   rebalance or resync (SEQ | COPY: drawn by the failure), as ORION's
   cache warming before a sequential point (SEQ | WARM: random, see
   warm_cache), and, in a failed group, routed round its offline disks
   (FAILED).  The balancer is called from one place only, so that it
   stays in line there: a run without a failure pays one test of a byte
   per I/O for all of this. */
enum eng_route { ROUTE_SEQ = 1, ROUTE_FAILED = 2, ROUTE_COPY = 4, ROUTE_WARM = 8 };

/* What issuing an I/O reads of its class: four bytes, so that finding a
   class's is a shift (issue_from runs for every logical I/O). */
struct eng_hot {
    uint8_t route;                  /* enum eng_route */
    uint8_t open;                   /* open loop at this point */
    uint16_t disk_base;             /* its group's first disk */
};

/* A class as the point runs it: ORION's small or large, or a database
   workload's class.  seq, open and disk_base are also in its eng_hot. */
struct eng_class {
    bool seq;                       /* sequential streams */
    bool open;                      /* open loop at this point */
    int load;                       /* closed: random I/Os in flight, or
                                       sequential streams */
    int stream_io;                  /* sequential: I/Os per stream */
    const struct lay_geom *geom;    /* its disk group's layout */
    uint16_t disk_base;             /* its group's first disk */
    int slots;                      /* its pool (the budget) */
    uint32_t bytes;                 /* its largest I/O */
    double rate;                    /* open: arrivals per second */
    enum sim_arrivals arrivals;     /* open: their gaps */
};

struct logical {
    sim_ns issue_ns;
    uint32_t size_bytes;
    uint16_t pending;               /* pieces not yet complete */
    uint8_t cls;
    uint8_t is_write;
    uint8_t failed;
    uint8_t measured;               /* issued inside the measured window */
    uint8_t open;                   /* its class is in open loop */
    uint8_t node;                   /* the node that issued it (--nodes) */
    int32_t stream;
};

enum phase { WARMUP, MEASURE, DRAIN };

/* Welford's running mean and variance of one figure over batches. */
struct batch_stat {
    int n;
    double mean, m2;
};

struct sim_engine {
    wl *workload;
    balancer *balance;              /* random I/O over the disks evenly */
    bool db_classes;                /* a database workload's classes */
    int n_classes;
    struct eng_class cls[WL_MAX_CLASSES];
    struct eng_hot hot[WL_MAX_CLASSES];
    struct devset *ds;
    int slots_cap;
    struct logical *slot;
    uint32_t *free_slot;
    int n_free_slot;
    int low_free_slot;              /* least n_free_slot since the reset:
                                       the stack below it is untouched */
    int max_pieces;                 /* per logical I/O */
    int pieces_cap;
    struct sim_io *piece;
    struct sim_io **free_piece;
    int n_free_piece;
    int low_free_piece;             /* as low_free_slot */
    struct sim_io **subq;
    int n_sub;
    struct sim_io **done;
    struct lay_piece *map;
    struct sim_stats stats;
    sim_ns window_start_ns;         /* the last window opened (device time) */
    /* a modelled cluster (sim_engine_cfg.nodes, see "Nodes" at the top):
       how many, each one's figures (none kept for one), and the node the
       next arrival of each open class comes from */
    int nodes;
    struct sim_node_stats node_stats;
    uint8_t open_node[WL_MAX_CLASSES];

    /* the point in progress */
    sim_ns now_ns;
    enum phase phase;
    int outstanding;
    int error;                      /* first fatal error, -errno */
    int io_error;                   /* the last failed piece's result:
                                       -errno, -ENODATA a short transfer;
                                       0 = none (sim_engine_io_error) */
    uint64_t completions;           /* logical, any phase */
    uint64_t piece_completions;     /* physical, any phase */
    uint64_t done_bytes;
    uint64_t cls_ios[WL_MAX_CLASSES];   /* logical I/Os issued in the window */
    uint64_t cls_bytes[WL_MAX_CLASSES];
    struct sim_cpu_sample cpu_start;    /* at the window's opening */
    bool cpu_started;
    bool abandoned;                 /* a stop left I/O with the backend:
                                       its pieces cannot be reused */
    /* the limits' use over the measured window, read when it closed: the
       drain after it admits nothing and would dilute the use */
    struct dev_limits window_limits;
    bool window_limits_read;
    /* --interval: the recorder while the window is open, then the
       timeline it closed, until the result takes it */
    sim_timeline_rec *timeline_rec;
    struct sim_timeline *timeline;

    /* a failure (engine.h: sim_engine_fail): its state, and its counts
       as the window closed */
    lay_fail *fail;
    uint64_t fail_dropped, fail_stale;

    /* open loop (see the top): on for the point in progress when any
       class is (cls[].open) */
    bool open_on;
    int open_max;                   /* open classes' I/Os in flight at most */
    int open_outstanding;           /* open classes' I/Os in flight */
    bool open_full;                 /* the bound held after the last
                                       admission */
    struct sim_backlog arrivals[WL_MAX_CLASSES];    /* each class's stream:
                                                       counted and issued */
    uint64_t open_backlog_end;      /* due by the window's end, not issued */

    /* ORION's cache warming (warm_cache): its own random stream, so the
       workload draws the same I/Os with or without it */
    struct rng warm_rng;
};

/* --interval: a row for every interval boundary passed in the window. */
static void timeline_tick(sim_engine *e)
{
    if (e->phase != MEASURE || !e->timeline_rec ||
        !sim_timeline_rec_due(e->timeline_rec, e->now_ns))
        return;
    int rc = sim_timeline_rec_tick(e->timeline_rec, e->now_ns, &e->stats, e->ds);
    if (rc < 0)
        e->error = rc;
}

/* The window closes: the last row, and the timeline kept for the result. */
static void timeline_close(sim_engine *e)
{
    if (!e->timeline_rec)
        return;
    int rc = sim_timeline_rec_close(e->timeline_rec, e->now_ns, &e->stats,
                                    e->ds, &e->timeline);
    e->timeline_rec = NULL;
    if (rc < 0)
        e->error = rc;
}

/* What a point that ends leaves behind of its timeline: nothing. */
static void timeline_discard(sim_engine *e)
{
    sim_timeline_rec_free(e->timeline_rec);
    e->timeline_rec = NULL;
    sim_timeline_free(e->timeline);
    e->timeline = NULL;
}

int sim_point_large_ios(int large, enum wl_large_type type, int stream_io)
{
    return type == WL_LARGE_SEQ ? large * stream_io : large;
}

static int engine_alloc(sim_engine *e)
{
    e->slot = calloc((size_t)e->slots_cap, sizeof(*e->slot));
    e->free_slot = calloc((size_t)e->slots_cap, sizeof(*e->free_slot));
    e->piece = calloc((size_t)e->pieces_cap, sizeof(*e->piece));
    e->free_piece = calloc((size_t)e->pieces_cap, sizeof(*e->free_piece));
    e->subq = calloc((size_t)e->pieces_cap, sizeof(*e->subq));
    e->done = calloc((size_t)e->pieces_cap, sizeof(*e->done));
    e->map = calloc((size_t)e->max_pieces, sizeof(*e->map));
    if (!e->slot || !e->free_slot || !e->piece || !e->free_piece ||
        !e->subq || !e->done || !e->map)
        return -ENOMEM;
    for (int c = 0; c < e->n_classes; c++) {
        int rc = sim_backlog_init(&e->arrivals[c], OPEN_RING_ARRIVALS);
        if (rc < 0)
            return rc;
    }
    int rc = sim_stats_init(&e->stats, e->ds->disks);
    e->stats.n_classes = e->n_classes;
    if (rc == 0)
        rc = sim_node_stats_init(&e->node_stats, e->nodes, e->ds->disks, e->n_classes);
    return rc;
}

/* The layout of class c's disk group. */
static const lay *class_layout(const struct sim_engine_cfg *cfg, int c)
{
    if (cfg->n_groups == 0)
        return cfg->layout;
    return cfg->groups[cfg->class_group[c]].layout;
}

/* How many nodes cfg runs: 1 unless it says more. */
static int cfg_nodes(const struct sim_engine_cfg *cfg)
{
    return cfg->nodes > 1 ? cfg->nodes : 1;
}

int sim_engine_budget(const struct sim_engine_cfg *cfg,
                      struct sim_io_budget *out)
{
    const struct wl_cfg *w = wl_config(cfg->workload);
    int h = cfg_nodes(cfg);
    if (w->n_classes == 0) {
        *out = sim_budget_make(cfg->layout, w->small_bytes, w->large_bytes,
                               cfg->max_small * h, cfg->max_large_ios * h);
        return 0;
    }
    *out = (struct sim_io_budget){ .n = 0 };
    for (int c = 0; c < w->n_classes; c++) {
        if (cfg->n_groups > 0 && (cfg->class_group[c] < 0 ||
                                  cfg->class_group[c] >= cfg->n_groups))
            return -EINVAL;
        int rc = sim_budget_add(out, class_layout(cfg, c),
                                wl_class_max_bytes(cfg->workload, c),
                                cfg->class_slots[c] * h);
        if (rc < 0)
            return rc;
    }
    return 0;
}

/* The groups' layouts cover the device set's disks, one after another. */
static bool groups_fit(const struct sim_engine_cfg *cfg)
{
    if (cfg->n_groups == 0)
        return cfg->layout && cfg->devices->disks == lay_disks(cfg->layout);
    if (cfg->n_groups > SIM_MAX_GROUPS)
        return false;
    int next = 0;
    for (int g = 0; g < cfg->n_groups; g++) {
        if (!cfg->groups[g].layout || cfg->groups[g].disk_base != next)
            return false;
        next += lay_disks(cfg->groups[g].layout);
    }
    return next == cfg->devices->disks && next <= UINT16_MAX;
}

/* Each class's layout, disk base, pool and size, from the configuration
   and its budget. */
static void classes_setup(sim_engine *e, const struct sim_engine_cfg *cfg,
                          const struct sim_io_budget *b)
{
    e->db_classes = wl_config(cfg->workload)->n_classes > 0;
    e->n_classes = wl_classes(cfg->workload);
    for (int c = 0; c < e->n_classes; c++) {
        struct eng_class *k = &e->cls[c];
        k->seq = wl_class_seq(cfg->workload, c);
        k->geom = lay_geom(class_layout(cfg, c));
        k->disk_base = cfg->n_groups == 0 ? 0 :
            (uint16_t)cfg->groups[cfg->class_group[c]].disk_base;
        k->slots = b->slots[c];
        k->bytes = b->io_bytes[c];
        bool failed = cfg->fail && (cfg->n_groups == 0 ? 0 : cfg->class_group[c])
                                   == cfg->fail->group;
        unsigned route = k->seq ? ROUTE_SEQ : 0;
        if (failed)
            route |= c == cfg->fail->copy_cls ? ROUTE_COPY : ROUTE_FAILED;
        e->hot[c] = (struct eng_hot){ .route = (uint8_t)route, .disk_base = k->disk_base };
    }
}

/* The failure's state over its group's layout (NULL cfg->fail: none). */
static int fail_setup(sim_engine *e, const struct sim_engine_cfg *cfg)
{
    if (!cfg->fail)
        return 0;
    const struct sim_engine_fail *f = cfg->fail;
    int n = cfg->n_groups == 0 ? 1 : cfg->n_groups;
    int copy_group = f->copy_cls < 0 || cfg->n_groups == 0 ? f->group
                   : cfg->class_group[f->copy_cls];
    if (f->group < 0 || f->group >= n || f->copy_cls >= e->n_classes ||
        copy_group != f->group || (f->copy_cls >= 0 && !e->cls[f->copy_cls].seq))
        return -EINVAL;
    const lay *l = cfg->n_groups == 0 ? cfg->layout : cfg->groups[f->group].layout;
    return lay_fail_create(l, &f->disks, &e->fail);
}

int sim_engine_create(const struct sim_engine_cfg *cfg, sim_engine **out)
{
    if (!cfg->workload || !cfg->devices || !groups_fit(cfg) ||
        cfg->nodes > SIM_MAX_NODES)
        return -EINVAL;
    struct sim_io_budget budget;
    int rc = sim_engine_budget(cfg, &budget);
    /* the limits are sim_budget_check's alone (sim_parts_open reports
       them); here they guard the int pool sizes below */
    if (rc == 0)
        rc = sim_budget_check(&budget, NULL, 0);
    if (rc < 0)
        return rc;
    sim_engine *e = calloc(1, sizeof(*e));
    if (!e)
        return -ENOMEM;
    e->workload = cfg->workload;
    e->ds = cfg->devices;
    e->nodes = cfg_nodes(cfg);
    e->slots_cap = (int)sim_budget_outstanding(&budget);
    e->max_pieces = sim_budget_max_pieces_per_io(&budget);
    e->pieces_cap = (int)sim_budget_pieces(&budget);
    classes_setup(e, cfg, &budget);
    rng_seed(&e->warm_rng, wl_config(cfg->workload)->seed ^ WARM_SEED);
    const lay *layouts[WL_MAX_CLASSES];
    for (int c = 0; c < e->n_classes; c++)
        layouts[c] = class_layout(cfg, c);
    rc = engine_alloc(e);
    if (rc == 0)
        rc = fail_setup(e, cfg);
    if (rc == 0)
        rc = bal_create(cfg->workload, layouts, wl_config(cfg->workload)->seed,
                        &e->balance);
    if (rc < 0) {
        sim_engine_destroy(e);
        return rc;
    }
    *out = e;
    return 0;
}

void sim_engine_destroy(sim_engine *e)
{
    if (!e)
        return;
    timeline_discard(e);
    free(e->slot);
    free(e->free_slot);
    free(e->piece);
    free(e->free_piece);
    free(e->subq);
    free(e->done);
    free(e->map);
    for (int c = 0; c < WL_MAX_CLASSES; c++)
        sim_backlog_free(&e->arrivals[c]);
    bal_destroy(e->balance);
    lay_fail_destroy(e->fail);
    sim_stats_free(&e->stats);
    sim_node_stats_free(&e->node_stats);
    free(e);
}

int sim_engine_io_error(const sim_engine *e)
{
    return e->io_error;
}

const struct sim_stats *sim_engine_window_stats(const sim_engine *e,
                                               sim_ns *start_ns)
{
    *start_ns = e->window_start_ns;
    return &e->stats;
}

bool sim_engine_window_limits(const sim_engine *e, struct dev_limits *out)
{
    if (!e->window_limits_read)
        return false;
    *out = e->window_limits;
    return true;
}

/* Every point starts from the same free stacks (slot 0 and piece 0 on
   top), so what it measures does not depend on the points before it.
   Only the part of a stack that pops reached since the last reset can
   differ from that order: the pools are sized for the run's highest load
   (with extended levels, for far more than most points use), and
   rewriting all of them at every point cost 10 % of a 6,000-point
   sweep. */
static void pools_reset(sim_engine *e)
{
    for (int i = e->low_free_slot; i < e->slots_cap; i++)
        e->free_slot[i] = (uint32_t)(e->slots_cap - 1 - i);
    e->n_free_slot = e->low_free_slot = e->slots_cap;
    for (int i = e->low_free_piece; i < e->pieces_cap; i++)
        e->free_piece[i] = &e->piece[e->pieces_cap - 1 - i];
    e->n_free_piece = e->low_free_piece = e->pieces_cap;
    e->n_sub = 0;
}

/* The copy streams' next I/O (layouts/failure.h), into e->map.  Out of
   line and cold, as fail_route: a run without a failure must not pay for
   them in the issue path's code (docs/benchmarks.md). */
__attribute__((noinline, cold))
static int copy_next(sim_engine *e, int stream, struct wl_io *io)
{
    struct lay_piece *p = e->map;
    bool w;
    int n = lay_fail_copy_next(e->fail, stream, p, &w);
    *io = (struct wl_io){ p->offset_bytes, p->size_bytes, w };
    return n;
}

/* Cache warming's next I/O (warm_cache), mapped into e->map: the large
   class's size at a random offset of its space, aligned to the size's
   largest power of two, a write as often as the point's large I/O. */
__attribute__((noinline, cold))
static int warm_next(sim_engine *e, struct wl_io *io)
{
    const struct eng_class *k = &e->cls[WL_LARGE];
    uint64_t align = k->bytes & (~k->bytes + 1u);
    uint64_t space = wl_config(e->workload)->capacity_bytes;
    uint64_t slots = space > k->bytes ? (space - k->bytes) / align + 1 : 1;

    io->offset_bytes = rng_below(&e->warm_rng, slots) * align;
    io->size_bytes = k->bytes;
    io->is_write = rng_below(&e->warm_rng, 100) <
                   (uint64_t)wl_class_write_pct(e->workload, WL_LARGE);
    return lay_map_fast(k->geom, io->offset_bytes, io->size_bytes, io->is_write,
                        e->map, e->max_pieces);
}

/* A failed group's I/O, mapped to map[0..n), routed round the offline
   disks into e->map. */
__attribute__((noinline, cold))
static int fail_route(sim_engine *e, const struct wl_io *io,
                      const struct lay_piece *map, int n)
{
    if (n <= 0)
        return n;
    return lay_fail_route(e->fail, io->offset_bytes, io->is_write, map, n, e->map,
                          e->max_pieces);
}

/* Start one logical I/O of class `cls` that began at start_ns (its
   issue, or its arrival in open loop): map it and queue its pieces.  Its
   node is its slot's (see next_node). */
static void issue_from(sim_engine *e, int cls, int stream,
                       sim_ns start_ns, bool delayed)
{
    struct wl_io io;
    const struct lay_piece *map = e->map;
    const struct eng_hot k = e->hot[cls];
    int n;
    if (k.route & ROUTE_SEQ) {
        if (__builtin_expect(k.route & (ROUTE_COPY | ROUTE_WARM), 0)) {
            n = k.route & ROUTE_COPY ? copy_next(e, stream, &io)
                                     : warm_next(e, &io);
        } else {
            wl_next(e->workload, cls, stream, &io);
            n = lay_map_fast(e->cls[cls].geom, io.offset_bytes, io.size_bytes,
                             io.is_write, e->map, e->max_pieces);
        }
    } else {
        n = bal_next_ref(e->balance, cls, &io, &map, e->max_pieces);
    }
    if (__builtin_expect(k.route & ROUTE_FAILED, 0)) {
        n = fail_route(e, &io, map, n);
        map = e->map;
    }
    if (n <= 0 || e->n_free_slot == 0 || e->n_free_piece < n) {
        if (!e->error)
            e->error = n < 0 ? n : -EFAULT;
        return;
    }
    uint32_t s = e->free_slot[--e->n_free_slot];
    if (e->n_free_slot < e->low_free_slot)
        e->low_free_slot = e->n_free_slot;
    if (e->n_free_piece - n < e->low_free_piece)
        e->low_free_piece = e->n_free_piece - n;
    struct logical *l = &e->slot[s];
    l->issue_ns = start_ns;
    l->size_bytes = io.size_bytes;
    l->pending = (uint16_t)n;
    l->cls = (uint8_t)cls;
    l->is_write = io.is_write;
    l->failed = 0;
    l->open = k.open;
    l->stream = stream;
    l->measured = e->phase == MEASURE;
    if (l->measured) {
        e->cls_ios[cls]++;
        e->cls_bytes[cls] += io.size_bytes;
        if (delayed)
            e->stats.delayed[cls]++;
    }
    /* locals: the stores through p would otherwise make the compiler
       reload the engine's counters and arrays for every piece */
    struct sim_io **free_top = e->free_piece + e->n_free_piece;
    struct sim_io **sub = e->subq + e->n_sub;
    uint16_t base = k.disk_base;
    for (int i = 0; i < n; i++) {
        struct sim_io *p = *--free_top;
        p->offset_bytes = map[i].offset_bytes;
        p->size_bytes = map[i].size_bytes;
        p->disk = (uint16_t)(map[i].disk + base);
        p->is_write = io.is_write;
        p->cls = (uint8_t)cls;
        p->piece = (uint8_t)i;
        p->parent = s;
        p->result = 0;
        sub[i] = p;
    }
    if (__builtin_expect(e->nodes > 1, 0))     /* one node: every piece's 0 */
        for (int i = 0; i < n; i++)
            sub[i]->node = l->node;
    e->n_free_piece -= n;
    e->n_sub += n;
    e->outstanding++;
}

/* Closed loop: a logical I/O that starts now. */
static void issue(sim_engine *e, int cls, int stream)
{
    issue_from(e, cls, stream, e->now_ns, false);
}

/* The next I/O issued is node `node`'s: the node is its slot's, set on
   the slot the next issue takes (the free stack's top).  A closed-loop
   I/O that completes frees its slot and issues the next at once, which
   takes that slot again (complete_piece): it stays its node's without
   a word in the issue path. */
static void next_node(sim_engine *e, int node)
{
    if (e->n_free_slot > 0)
        e->slot[e->free_slot[e->n_free_slot - 1]].node = (uint8_t)node;
}

/* ---- open loop --------------------------------------------------------- */

bool sim_open_load_on(const struct sim_open_load *o)
{
    return o && (o->small_iops > 0 || o->large_mbps > 0);
}

int sim_open_max_outstanding(const struct sim_open_load *o)
{
    return o->max_outstanding > 0 ? o->max_outstanding
                                  : SIM_OPEN_MAX_OUTSTANDING_DEFAULT;
}

void sim_open_pools(const struct sim_open_load *o, int *max_small,
                    int *max_large_ios)
{
    int bound = sim_open_max_outstanding(o);
    *max_small = o->small_iops > 0 ? bound : 0;
    *max_large_ios = o->large_mbps > 0 ? bound : 0;
}

/* Each open class's arrivals per second (ORION's large: MB/s over its
   I/O size); 0 for a closed one. */
static double open_rate(const sim_engine *e, const struct sim_open_load *o,
                        int c)
{
    if (e->db_classes)
        return e->cls[c].open ? e->cls[c].rate : 0;
    if (c == WL_SMALL)
        return o->small_iops * e->nodes;
    return e->cls[WL_LARGE].bytes
               ? o->large_mbps * e->nodes * 1e6 / e->cls[WL_LARGE].bytes
               : 0;
}

/* The load is one the pools can carry: rates finite and >= 0, one above
   0, and each class with a rate has a pool of the whole bound. */
static bool open_load_fits(const sim_engine *e, const struct sim_open_load *o)
{
    if (!e->db_classes &&
        (!isfinite(o->small_iops) || !isfinite(o->large_mbps) ||
         o->small_iops < 0 || o->large_mbps < 0 || !sim_open_load_on(o)))
        return false;
    if (o->max_outstanding < 0)
        return false;
    int bound = sim_open_max_outstanding(o) * e->nodes;
    for (int c = 0; c < e->n_classes; c++)
        if (open_rate(e, o, c) > 0 && e->cls[c].slots < bound)
            return false;
    return true;
}

/* Both copies of each open class's stream start at the point's start,
   from a seed of the workload's and the class: every point the same. */
static void open_start(sim_engine *e, const struct sim_open_load *o)
{
    uint64_t seed = wl_config(e->workload)->seed;
    for (int c = 0; c < e->n_classes; c++) {
        uint64_t s = seed * 0x9E3779B97F4A7C15ull + 0x6f70656e00ull + (uint64_t)c;
        double rate = open_rate(e, o, c);
        enum sim_arrivals a = e->db_classes ? e->cls[c].arrivals : o->arrivals;
        enum wl_arrival_kind kind = a == SIM_ARRIVALS_CONSTANT
                                        ? WL_ARRIVALS_CONSTANT : WL_ARRIVALS_POISSON;
        sim_backlog_start(&e->arrivals[c], kind, rate, s, e->now_ns);
    }
    e->open_on = true;
    e->open_max = sim_open_max_outstanding(o) * e->nodes;
    memset(e->open_node, 0, sizeof e->open_node);
    e->open_full = false;
    e->open_backlog_end = 0;
}

/* The open class whose next arrival to issue is earliest (the lower
   class on a tie: small before large), and its time. */
static int open_next(const sim_engine *e, sim_ns *at_ns)
{
    int best = -1;
    sim_ns t = SIM_NS_MAX;
    for (int c = 0; c < e->n_classes; c++) {
        if (!e->cls[c].open)
            continue;
        sim_ns tc = sim_backlog_next_issue_ns(&e->arrivals[c]);
        if (best < 0 || tc < t) {
            best = c;
            t = tc;
        }
    }
    *at_ns = t;
    return best;
}

/* Count the arrivals up to `until`: in the measured window they are what
   was offered; before it they only pass. */
static void open_count(sim_engine *e, sim_ns until)
{
    for (int c = 0; c < e->n_classes; c++) {
        if (!e->cls[c].open)
            continue;
        struct sim_backlog *a = &e->arrivals[c];
        while (sim_backlog_next_seen_ns(a) <= until) {
            sim_backlog_count(a);
            if (e->phase == MEASURE) {
                e->stats.arrivals[c]++;
                e->stats.arrival_bytes[c] += e->cls[c].bytes;
            }
        }
    }
}

/* Issue every arrival due by now while a slot is free. */
static void open_admit(sim_engine *e)
{
    bool was_full = e->open_full;
    sim_ns at_ns;
    int c;
    while (!e->error && e->open_outstanding < e->open_max &&
           (c = open_next(e, &at_ns)) >= 0 && at_ns <= e->now_ns) {
        sim_backlog_issue(&e->arrivals[c]);
        /* the class's arrivals are every node's: dealt to them in turn */
        int node = e->open_node[c];
        e->open_node[c] = (uint8_t)(node + 1 < e->nodes ? node + 1 : 0);
        next_node(e, node);
        issue_from(e, c, 0, at_ns, was_full && at_ns < e->now_ns);
        e->open_outstanding++;
    }
    e->open_full = e->open_outstanding >= e->open_max;
}

/* Arrivals due by the window's end that were never issued. */
static uint64_t open_backlog(const sim_engine *e)
{
    uint64_t n = 0;
    for (int c = 0; c < e->n_classes; c++)
        if (e->cls[c].open)
            n += sim_backlog_pending(&e->arrivals[c]);
    return n;
}

static sim_ns earlier(sim_ns a, sim_ns b)
{
    return a < b ? a : b;
}

static int flush(sim_engine *e)
{
    int off = 0;
    while (off < e->n_sub) {
        int k = e->ds->ops->submit(e->ds, e->subq + off, e->n_sub - off);
        if (k < 0)
            return k;
        if (k == 0)
            break;                  /* backend full: retry after a reap */
        off += k;
    }
    if (off > 0 && off < e->n_sub)
        memmove(e->subq, e->subq + off, (size_t)(e->n_sub - off) * sizeof(*e->subq));
    e->n_sub -= off;
    return 0;
}

/* A piece of a measured I/O of several nodes' (see "Nodes" at the top):
   into its node's figures too, and its logical I/O when it is the last
   piece.  Out of line: one node pays a test for it. */
__attribute__((noinline, cold))
static void node_record(sim_engine *e, const struct logical *l, const struct sim_io *io)
{
    struct sim_stats *s = &e->node_stats.node[l->node];
    sim_stats_physical(s, io);
    bool failed = l->failed || io->result < 0 || (uint32_t)io->result != io->size_bytes;
    if (l->pending == 1)
        sim_stats_logical(s, l->cls, l->is_write, l->size_bytes,
                          (uint64_t)(io->done_ns - l->issue_ns), failed);
}

static void complete_piece(sim_engine *e, struct sim_io *io)
{
    struct logical *l = &e->slot[io->parent];
    /* closed loop: by issue (see the top); open loop: by completion */
    bool measuring = l->open ? e->phase == MEASURE : l->measured;
    if (measuring) {
        sim_stats_physical(&e->stats, io);
        if (__builtin_expect(e->nodes > 1, 0))
            node_record(e, l, io);
    }
    if (io->result < 0 || (uint32_t)io->result != io->size_bytes) {
        l->failed = 1;
        e->io_error = io->result < 0 ? io->result : -ENODATA;
    }
    e->free_piece[e->n_free_piece++] = io;
    e->piece_completions++;
    if (--l->pending > 0)
        return;

    int cls = l->cls;
    e->completions++;
    e->done_bytes += l->size_bytes;
    if (measuring)
        sim_stats_logical(&e->stats, cls, l->is_write, l->size_bytes,
                          (uint64_t)(io->done_ns - l->issue_ns), l->failed);
    e->free_slot[e->n_free_slot++] = io->parent;
    e->outstanding--;
    if (l->open)
        e->open_outstanding--;
    else if (e->phase != DRAIN)
        issue(e, cls, l->stream);       /* in its slot: the same node's */
}

static void batch_add(struct batch_stat *b, double x)
{
    b->n++;
    double d = x - b->mean;
    b->mean += d / b->n;
    b->m2 += d * (x - b->mean);
}

/* Two-sided 95 % Student t quantile for df degrees of freedom. */
static double t95(int df)
{
    static const double table[] = { 0, 12.706, 4.303, 3.182, 2.776, 2.571,
        2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086 };
    if (df < 1)
        return INFINITY;
    if (df <= 20)
        return table[df];
    return 1.96 + 2.4 / df;
}

/* 95 % half-width relative to the mean; INFINITY when undefined. */
static double rel_halfwidth(const struct batch_stat *b)
{
    if (b->n < 2 || b->mean <= 0)
        return INFINITY;
    double sd = sqrt(b->m2 / (b->n - 1));
    return t95(b->n - 1) * sd / sqrt((double)b->n) / b->mean;
}

struct window {
    sim_ns start_ns, end_ns;        /* end: the fixed-duration end */
    sim_ns batch_ns, next_batch_ns;
    uint64_t at_batch[WL_MAX_CLASSES];  /* counters when the batch opened */
    struct batch_stat batch[WL_MAX_CLASSES];
    bool want[WL_MAX_CLASSES];
    int first_want;                 /* the first class wanted, or -1 */
    double halfwidth;
    bool converged;
};

/* The widest relative half-width over the classes that hold the point
   open: every class in the point that makes up at least SIM_MINOR_SHARE of its
   logical I/Os. */
static double window_halfwidth(const sim_engine *e, const struct window *w,
                               const uint64_t *ios)
{
    double worst = 0;
    uint64_t total = 0;
    for (int c = 0; c < e->n_classes; c++)
        total += ios[c];
    for (int c = 0; c < e->n_classes; c++) {
        if (!w->want[c])
            continue;
        if ((double)ios[c] < SIM_MINOR_SHARE * (double)total)
            continue;
        double h = rel_halfwidth(&w->batch[c]);
        if (h > worst)
            worst = h;
    }
    return worst;
}

/* What a batch counts of class c: ORION's large class its bytes (MBPS),
   the rest their I/Os. */
static uint64_t batch_count(const sim_engine *e, int c)
{
    return c == WL_LARGE && !e->db_classes ? e->cls_bytes[c] : e->cls_ios[c];
}

/* Whether the batches so far meet the target (auto mode). */
static bool batches_converged(const struct window *w, const struct sim_point_opts *o)
{
    return o->auto_duration && w->first_want >= 0 &&
           w->batch[w->first_want].n >= MIN_BATCHES && w->halfwidth < o->ci_target;
}

/* The rank's vote at a boundary of a cluster's window (engine.h). */
static void sync_vote(const sim_engine *e, const struct window *w, uint64_t *v)
{
    memset(v, 0, SIM_SYNC_VOTE * sizeof *v);
    v[SIM_SYNC_STOP] = w->next_batch_ns >= w->end_ns;      /* the duration's end */
    v[SIM_SYNC_RANKS] = 1;
    v[SIM_SYNC_BATCH_NS] = (uint64_t)w->batch_ns;
    for (int c = 0; c < e->n_classes; c++) {
        if (w->want[c])
            v[SIM_SYNC_CLS + c] = batch_count(e, c) - w->at_batch[c];
        v[SIM_SYNC_CLS_IOS + c] = e->cls_ios[c];
    }
}

/* A boundary of a cluster's window (o->sync, see the top): the ranks'
   batches summed, the decision taken on the sums, so the same on every
   rank.  The first call only aligns the ranks (their batches start as
   it returns) and agrees the batch length, their estimates' mean; each
   next boundary is a batch after the last call returned, on the
   duration's end at the latest.  True when the window ends here. */
static bool sync_batches(sim_engine *e, struct window *w,
                         const struct sim_point_opts *o, sim_ns now)
{
    struct sim_window_sync *s = o->sync;
    uint64_t v[SIM_SYNC_VOTE];
    if (w->next_batch_ns > now || s->closed || s->error)
        return false;
    sync_vote(e, w, v);
    s->calls++;
    int rc = s->sum(s->arg, v, SIM_SYNC_VOTE);
    if (rc < 0) {
        e->error = s->error = rc;
        return true;
    }
    if (s->calls == 1) {
        w->batch_ns = (sim_ns)(v[SIM_SYNC_BATCH_NS] / v[SIM_SYNC_RANKS]);
    } else {
        for (int c = 0; c < e->n_classes; c++)
            if (w->want[c])
                batch_add(&w->batch[c], (double)v[SIM_SYNC_CLS + c]);
        if (w->first_want >= 0)
            w->halfwidth = window_halfwidth(e, w, v + SIM_SYNC_CLS_IOS);
    }
    for (int c = 0; c < e->n_classes; c++)
        w->at_batch[c] = batch_count(e, c);
    w->converged = s->calls > 1 && batches_converged(w, o);
    if (v[SIM_SYNC_STOP] > 0 || w->converged) {
        s->closed = true;
        w->end_ns = w->next_batch_ns;
        return true;
    }
    sim_ns next_ns = e->ds->ops->now(e->ds) + w->batch_ns;
    w->next_batch_ns = next_ns < w->end_ns ? next_ns : w->end_ns;
    return false;
}

int sim_sync_vote_stop(struct sim_window_sync *s)
{
    uint64_t v[SIM_SYNC_VOTE] = { [SIM_SYNC_STOP] = 1, [SIM_SYNC_RANKS] = 1 };
    if (s->closed || s->error)
        return s->error;
    s->calls++;
    s->closed = true;
    int rc = s->sum(s->arg, v, SIM_SYNC_VOTE);
    return rc < 0 ? (s->error = rc) : 0;
}

/* Close every batch boundary at or before `now`.  Returns true when the
   estimate has converged (auto mode) at the last closed boundary, which
   then becomes the window's end. */
static bool close_batches(sim_engine *e, struct window *w,
                          const struct sim_point_opts *o, sim_ns now)
{
    if (o->sync)
        return sync_batches(e, w, o, now);
    while (w->next_batch_ns <= now) {
        for (int c = 0; c < e->n_classes; c++) {
            if (!w->want[c])
                continue;
            uint64_t v = batch_count(e, c);
            batch_add(&w->batch[c], (double)(v - w->at_batch[c]));
            w->at_batch[c] = v;
        }
        sim_ns boundary = w->next_batch_ns;
        w->next_batch_ns += w->batch_ns;
        if (w->first_want < 0)
            continue;
        w->halfwidth = window_halfwidth(e, w, e->cls_ios);
        if (batches_converged(w, o)) {
            w->converged = true;
            w->end_ns = boundary;
            return true;
        }
    }
    return false;
}

static void window_open(sim_engine *e, struct window *w,
                        const struct sim_point_opts *o, sim_ns warm_start_ns)
{
    memset(w, 0, sizeof(*w));
    w->start_ns = e->now_ns;
    w->end_ns = o->duration_ns > 0 ? w->start_ns + o->duration_ns : SIM_NS_MAX;
    w->first_want = -1;
    for (int c = 0; c < e->n_classes; c++) {
        w->want[c] = e->cls[c].load > 0;
        if (w->want[c] && w->first_want < 0)
            w->first_want = c;
    }
    double warm_ns = (double)(e->now_ns - warm_start_ns);
    double per_completion = e->completions ? warm_ns / (double)e->completions : 0;
    sim_ns b = (sim_ns)(per_completion * BATCH_COMPLETIONS);
    w->batch_ns = b < MIN_BATCH_NS ? MIN_BATCH_NS : b;
    w->next_batch_ns = w->start_ns + w->batch_ns;
    if (o->sync && w->next_batch_ns > w->end_ns)
        w->next_batch_ns = w->end_ns;       /* a cluster's first call */
    sim_stats_reset(&e->stats);
    sim_node_stats_reset(&e->node_stats);
    e->window_start_ns = w->start_ns;
    if (e->fail)
        lay_fail_reset_counts(e->fail);
    memset(e->cls_ios, 0, sizeof(e->cls_ios));
    memset(e->cls_bytes, 0, sizeof(e->cls_bytes));
    if (e->ds->ops->credit)
        e->ds->ops->credit->limits(e->ds, NULL, true);
    sim_cpu_sample_now(&e->cpu_start);
    e->cpu_started = true;
    e->phase = MEASURE;
    if (o->interval_ns > 0) {
        int rc = sim_timeline_rec_open(o->interval_ns, e->now_ns, &e->stats,
                                       e->ds, &e->timeline_rec);
        if (rc < 0)
            e->error = rc;
    }
}

static bool warmup_done(const sim_engine *e, const struct sim_point_opts *o,
                        sim_ns warm_start_ns, int load)
{
    if (o->warmup_ns == SIM_WARMUP_AUTO &&
        (e->completions < 2 * (uint64_t)load ||
         e->piece_completions < WARMUP_PER_DISK * (uint64_t)e->stats.disks))
        return false;
    return o->warmup_ns <= 0 || e->now_ns - warm_start_ns >= o->warmup_ns;
}

/* The limits' use over the measured window: as read when it closed, or
   now (a backend with credit ops). */
static void window_limits(sim_engine *e, struct dev_limits *lim)
{
    if (e->window_limits_read)
        *lim = e->window_limits;
    else
        e->ds->ops->credit->limits(e->ds, lim, false);
}

/* The limit that bound: the most used one, if it ran at SIM_LIMIT_BINDING_UTIL
   of its rate or more, else the offered load; *util how much of its rate
   it used (0 for the offered load), when util is not NULL.  Over the measured window
   once it has closed (read then, see end_window), else up to now. */
static enum sim_limit binding_limit(sim_engine *e, double *util)
{
    if (util)
        *util = 0;
    if (!e->ds->ops->credit)
        return SIM_LIMIT_DEVICE;
    struct dev_limits lim;
    window_limits(e, &lim);
    enum sim_limit l = dev_limits_binding(&lim);
    if (util && l != SIM_LIMIT_OFFERED_LOAD)
        *util = lim.util[l];
    return l;
}

/* Whether an open-loop class has been left more than
   SIM_OPEN_UNMET_BINDS short of what it offered in the measured window
   so far: its arrivals against the I/Os it completed, in its open load's
   unit (ORION's large class in bytes, every other in I/Os: the ratio of
   open_fill's offered and delivered rates).  Then something bound it,
   and the offered load cannot be what did. */
static bool open_unmet(const sim_engine *e)
{
    for (int c = 0; c < e->n_classes; c++) {
        if (!e->cls[c].open)
            continue;
        const struct sim_class_acc *a = e->stats.cls[c];
        bool bytes = c == WL_LARGE && !e->db_classes;
        double offered = bytes ? (double)e->stats.arrival_bytes[c]
                               : (double)e->stats.arrivals[c];
        double delivered = bytes ? (double)(a[SIM_READ].bytes + a[SIM_WRITE].bytes)
                                 : (double)(a[SIM_READ].ios + a[SIM_WRITE].ios);
        if (sim_open_unmet(offered, delivered) > SIM_OPEN_UNMET_BINDS)
            return true;
    }
    return false;
}

/* Whether a closed-loop class ran in the point (ORION's, a failure's
   copies): its streams each wait for their I/O, so it runs into the
   nearest limit, a single volume's too. */
static bool closed_loop_ran(const sim_engine *e)
{
    for (int c = 0; c < e->n_classes; c++)
        if (!e->cls[c].open && e->cls[c].load > 0)
            return true;
    return false;
}

/* Whether the measured window so far pressed on its limits: an open
   class short of its demand, or a closed-loop class ran. */
static bool window_pressed(const sim_engine *e)
{
    return open_unmet(e) || closed_loop_ran(e);
}

/* The limit that bound the measured window (so far), by the one rule of
   the point's result and of the live view (sim_live.limited_by, which
   the dashboard shows): binding_limit's, the most used limit at
   SIM_LIMIT_BINDING_UTIL of its rate or more on the volumes' mean or the
   instance's; when that is the offered load in a window that pressed on
   its limits (window_pressed), the busiest single volume's (dev_limits_binding_pressed).  *util
   (when not NULL) its use, *disk the volume when one volume's limit
   bound, else -1. */
static enum sim_limit window_limit(sim_engine *e, double *util, int *disk)
{
    *disk = -1;
    enum sim_limit l = binding_limit(e, util);
    if (l != SIM_LIMIT_OFFERED_LOAD || !window_pressed(e))
        return l;
    struct dev_limits lim;
    window_limits(e, &lim);
    return dev_limits_binding_pressed(&lim, util, disk);
}

/* The measured window closes now: nothing new is issued, and the limits'
   use is read before the drain (the I/O still in flight completing, with
   nothing admitted) stretches the backend's window.  Reading it later
   made a limit that bound at 100 % of its rate look used at 95 %, and the
   point "limited by offered load". */
static void end_window(sim_engine *e, const struct window *w)
{
    if (e->phase == MEASURE && e->open_on) {
        open_count(e, w->end_ns);
        e->open_backlog_end = open_backlog(e);
    }
    if (e->phase == MEASURE && e->ds->ops->credit) {
        e->ds->ops->credit->limits(e->ds, &e->window_limits, false);
        e->window_limits_read = true;
    }
    if (e->phase == MEASURE)
        timeline_close(e);
    if (e->phase == MEASURE && e->fail) {
        e->fail_dropped = lay_fail_dropped_writes(e->fail);
        e->fail_stale = lay_fail_stale_aus(e->fail);
    }
    e->phase = DRAIN;
}

/* Show the live callback where the point stands.  Only reads: a point
   runs the same with or without a live view. */
static int live_call(sim_engine *e, const struct sim_point_opts *o,
                     struct wl_point p, const struct window *w,
                     sim_ns warm_start_ns)
{
    int disk;
    struct sim_live lv = {
        .point = p,
        .phase = e->phase == MEASURE ? SIM_LIVE_MEASURE : SIM_LIVE_WARMUP,
        .now_ns = e->now_ns,
        .point_start_ns = warm_start_ns,
        .window_start_ns = e->phase == MEASURE ? w->start_ns : e->now_ns,
        .window_end_ns = e->phase == MEASURE ? w->end_ns : SIM_NS_MAX,
        .stats = &e->stats,
        .limited_by = e->phase == MEASURE ? window_limit(e, NULL, &disk) : SIM_LIMIT_OFFERED_LOAD,
        .limit_pressed = e->phase == MEASURE && window_pressed(e),
        .outstanding = e->outstanding,
        .devices = e->ds,
    };
    return o->live(o->live_arg, &lv);
}

/* The closed-loop classes' I/Os, all at once: ORION's small first, then
   its large (stream by stream), and a workload's classes in order.  Of
   several nodes, the class's load is every node's (orion_load,
   classes_load): I/O or stream s is node s mod nodes's, and stays its
   node's as it is issued again. */
static void issue_point(sim_engine *e)
{
    for (int c = 0; c < e->n_classes; c++) {
        const struct eng_class *k = &e->cls[c];
        if (k->open)
            continue;
        for (int s = 0; s < k->load; s++)
            for (int j = 0; j < (k->seq ? k->stream_io : 1); j++) {
                next_node(e, s % e->nodes);
                issue(e, c, k->seq ? s : -1);
            }
    }
}

/* End the point early (opts->stop, the live view): what was measured so
   far is the window, and in-flight I/O drains unrecorded. */
static void stop_point(sim_engine *e, struct window *w)
{
    if (e->phase == WARMUP) {       /* no window: it holds nothing, not the
                                       last point's figures */
        w->start_ns = e->window_start_ns = e->now_ns;
        sim_stats_reset(&e->stats);
        sim_node_stats_reset(&e->node_stats);
    }
    w->end_ns = e->now_ns;
    end_window(e, w);
}

static bool stop_requested(const struct sim_point_opts *o)
{
    return sim_stop_is_set(o->stop);
}

/* Before the reaped completions are joined: has the measured window
   ended or been stopped?  Then they issue nothing new. */
static void check_window_end(sim_engine *e, struct window *w,
                             const struct sim_point_opts *o, bool *stopped)
{
    if (e->phase != MEASURE)
        return;
    if (close_batches(e, w, o, e->now_ns) || e->now_ns > w->end_ns) {
        end_window(e, w);
    } else if (stop_requested(o)) {
        stop_point(e, w);
        *stopped = true;
    }
}

/* Open loop: the warm-up's end in device time (auto: SIM_OPEN_WARMUP_NS,
   engine.h); its bytes are looked at as in closed loop. */
static sim_ns open_warm_end_ns(const struct sim_point_opts *o, sim_ns warm_start_ns)
{
    sim_ns t = o->warmup_ns == SIM_WARMUP_AUTO ? SIM_OPEN_WARMUP_NS
               : o->warmup_ns > 0              ? o->warmup_ns
                                               : 0;
    return warm_start_ns + t;
}

static bool open_warmup_done(const sim_engine *e, const struct sim_point_opts *o,
                             sim_ns warm_start_ns)
{
    return e->now_ns >= open_warm_end_ns(o, warm_start_ns);
}

/* A point's warm-up: when it started, and the I/Os the point keeps in
   flight (warmup_done). */
struct warmup {
    sim_ns start_ns;
    int load;
};

/* After they are joined: during warm-up, stop or open the window. */
static void check_warmup_end(sim_engine *e, struct window *w,
                             const struct sim_point_opts *o,
                             const struct warmup *wu, bool *stopped)
{
    if (e->phase != WARMUP)
        return;
    bool done = e->open_on ? open_warmup_done(e, o, wu->start_ns)
                           : warmup_done(e, o, wu->start_ns, wu->load);
    if (stop_requested(o)) {
        stop_point(e, w);
        *stopped = true;
    } else if (done) {
        window_open(e, w, o, wu->start_ns);
    }
}

/* How long a reap may wait.  Closed loop: REAP_WAIT_NS.  Open loop, also
   until the next arrival when a slot is free for it, the warm-up's end,
   the next timeline boundary, the window's end and the live view's next
   call: the clock stops at each, and on a virtual clock nothing is late. */
static sim_ns reap_deadline(const sim_engine *e, const struct sim_point_opts *o,
                            const struct window *w, sim_ns warm_start_ns,
                            sim_ns next_live_ns)
{
    sim_ns d = e->now_ns + REAP_WAIT_NS;
    if (!e->open_on || e->phase == DRAIN)
        return d;
    sim_ns at_ns;
    if (e->open_outstanding < e->open_max) {
        open_next(e, &at_ns);
        d = earlier(d, at_ns);
    }
    if (e->phase == WARMUP && open_warm_end_ns(o, warm_start_ns) > e->now_ns)
        d = earlier(d, open_warm_end_ns(o, warm_start_ns));
    if (e->phase == MEASURE) {
        if (w->end_ns < SIM_NS_MAX)     /* open-ended: until a stop */
            d = earlier(d, w->end_ns + 1);
        if (e->timeline_rec)
            d = earlier(d, sim_timeline_rec_next_ns(e->timeline_rec));
    }
    if (o->live)
        d = earlier(d, next_live_ns);
    return d > e->now_ns ? d : e->now_ns + 1;
}

/* The open-loop figures of the window just measured (stats.h). */
static void open_fill(const sim_engine *e, const struct sim_open_load *o,
                      struct sim_point_result *out)
{
    struct sim_open_result *r = &out->open;
    double per_s = out->measured_s > 0 ? 1.0 / out->measured_s : 0;
    r->on = true;
    for (int c = 0; c < e->n_classes; c++) {
        /* ORION's large in MB/s, every other class in I/Os per second */
        bool mb = c == WL_LARGE && !e->db_classes;
        r->target[c] = mb ? o->large_mbps * e->nodes : open_rate(e, o, c);
        r->offered[c] = mb ? (double)e->stats.arrival_bytes[c] * per_s / 1e6
                           : (double)e->stats.arrivals[c] * per_s;
        r->delivered[c] = sim_open_delivered(out, c);
    }
    for (int c = 0; c < e->n_classes; c++) {
        r->unmet_frac[c] = sim_open_unmet(r->offered[c], r->delivered[c]);
        r->arrivals[c] = e->stats.arrivals[c];
        r->delayed[c] = e->stats.delayed[c];
    }
    r->backlog_end = e->open_backlog_end;
    r->max_outstanding = e->open_max;
}

static int run_loaded(sim_engine *e, struct wl_point p,
                      const struct sim_point_opts *o,
                      const struct sim_open_load *open, int load,
                      struct sim_point_result *out);

/* Start the streams of every sequential class with a load: `load`
   streams placed over its group's disks in closed loop, one in open. */
static int start_streams(sim_engine *e)
{
    for (int c = 0; c < e->n_classes; c++) {
        const struct eng_class *k = &e->cls[c];
        if (!k->seq || (k->open ? !(k->rate > 0) : k->load == 0))
            continue;
        int streams = k->open ? 1 : k->load;
        if (wl_start_streams(e->workload, c, streams) < 0)
            return -EINVAL;
        if (k->open)
            continue;
        int rc = sim_streams_place(e->workload, c, k->geom, streams, e->map,
                                   e->max_pieces);
        if (rc < 0)
            return rc;
    }
    return 0;
}

/* ORION's point p: small and large (streams x stream_io when
   sequential), or the open load's rates. */
static int orion_load(sim_engine *e, struct wl_point p,
                      const struct sim_point_opts *o, int *load)
{
    int stream_io = o->stream_io > 0 ? o->stream_io : 1;
    const int n[WL_CLASSES] = { p.small, p.large };
    *load = 0;
    for (int c = 0; c < WL_CLASSES; c++) {
        struct eng_class *k = &e->cls[c];
        k->open = o->open != NULL;
        e->hot[c].open = k->open;
        k->load = k->open ? 0 : n[c] * e->nodes;
        k->stream_io = k->seq ? stream_io : 1;
        k->rate = o->open ? open_rate(e, o->open, c) : 0;
        *load += k->load * k->stream_io;
    }
    if (o->open)
        return open_load_fits(e, o->open) ? 0 : -EINVAL;
    if (p.small < 0 || p.large < 0 || *load < 1 || *load > e->slots_cap)
        return -EINVAL;
    return 0;
}

/* A database workload's classes at their loads and rates. */
static int classes_load(sim_engine *e, const struct sim_class_load *cl,
                        struct sim_open_load *open, int *load)
{
    if (cl->n != e->n_classes)
        return -EINVAL;
    bool any_open = false;
    *load = 0;
    for (int c = 0; c < e->n_classes; c++) {
        struct eng_class *k = &e->cls[c];
        double rate = cl->rate_iops[c];
        k->open = rate > 0;
        e->hot[c].open = k->open;
        k->rate = k->open ? rate * e->nodes : 0;
        k->arrivals = cl->arrivals[c];
        k->load = k->open ? 0 : cl->load[c] * e->nodes;
        k->stream_io = k->seq && cl->stream_io[c] > 0 ? cl->stream_io[c] : 1;
        if (!isfinite(rate) || rate < 0 || k->load < 0 ||
            k->load * k->stream_io > k->slots)
            return -EINVAL;
        any_open = any_open || k->open;
        *load += k->load * k->stream_io;
    }
    *open = (struct sim_open_load){ .max_outstanding = cl->max_outstanding };
    if (any_open && !open_load_fits(e, open))
        return -EINVAL;
    return *load > 0 || any_open ? 0 : -EINVAL;
}

/* Has the cache warming begun at start_ns issued its share (o's bytes,
   what completed and what is in flight, or without them its time)? */
static bool warm_done(const sim_engine *e, const struct sim_point_opts *o,
                      sim_ns start_ns)
{
    uint64_t issued = e->done_bytes + (uint64_t)e->outstanding * e->cls[WL_LARGE].bytes;

    return o->cache_warm_bytes > 0 ? issued >= o->cache_warm_bytes
                                   : e->now_ns - start_ns >= o->cache_warm_ns;
}

/* ORION's cache warming before a point with sequential large I/O (its
   -cache_size, engine.h): the point's large I/Os in flight, each at a
   random offset (ROUTE_WARM), until warm_done (looked at before each
   completion, which would issue the next); then drained.  Nothing of
   it is measured: the point's own warm-up and window follow.  0 or
   -errno. */
static int warm_cache(sim_engine *e, const struct sim_point_opts *o)
{
    const struct eng_class *k = &e->cls[WL_LARGE];
    uint8_t route = e->hot[WL_LARGE].route;
    int idle_reaps = 0, rc = 0;

    pools_reset(e);
    e->phase = WARMUP;
    e->outstanding = e->error = e->io_error = 0;
    e->completions = e->piece_completions = e->done_bytes = 0;
    e->now_ns = e->ds->ops->now(e->ds);
    sim_ns start_ns = e->now_ns;
    e->hot[WL_LARGE].route = (uint8_t)(route | ROUTE_WARM);
    for (int i = 0; i < k->load * k->stream_io; i++)
        issue(e, WL_LARGE, -1);
    rc = flush(e);
    while (rc == 0 && !e->error && e->outstanding > 0) {
        int n = e->ds->ops->reap(e->ds, e->done, e->pieces_cap,
                                 e->now_ns + REAP_WAIT_NS);
        sim_ns before_ns = e->now_ns;
        e->now_ns = e->ds->ops->now(e->ds);
        if (n < 0 || (n == 0 && e->now_ns == before_ns && ++idle_reaps > MAX_IDLE_REAPS)) {
            rc = n < 0 ? n : -EIO;
            break;
        }
        idle_reaps = n > 0 ? 0 : idle_reaps;
        for (int i = 0; i < n; i++) {
            if (warm_done(e, o, start_ns) || stop_requested(o))
                e->phase = DRAIN;           /* completions issue nothing */
            complete_piece(e, e->done[i]);
        }
        if (e->n_sub > 0)
            rc = flush(e);
    }
    e->hot[WL_LARGE].route = route;
    if (rc < 0 && e->outstanding > 0)
        e->abandoned = true;                /* pieces still with the backend */
    return rc < 0 ? rc : e->error;
}

/* Whether point p is warmed first: sequential large I/O at a load, and
   warming asked for. */
static bool warms(const sim_engine *e, struct wl_point p,
                  const struct sim_point_opts *o)
{
    return p.large > 0 && e->cls[WL_LARGE].seq && !o->open &&
           (o->cache_warm_bytes > 0 || o->cache_warm_ns > 0);
}

int sim_engine_run_point(sim_engine *e, struct wl_point p,
                         const struct sim_point_opts *o,
                         struct sim_point_result *out)
{
    if (e->db_classes)
        return -EINVAL;
    int load;
    int rc = orion_load(e, p, o, &load);
    if (rc == 0 && warms(e, p, o) && !e->abandoned)
        rc = warm_cache(e, o);
    if (rc == 0)
        rc = start_streams(e);
    if (rc < 0)
        return rc;
    out->db_classes = false;
    out->class_load[WL_SMALL] = p.small;
    out->class_load[WL_LARGE] = p.large;
    return run_loaded(e, p, o, o->open, load, out);
}

int sim_engine_run_classes(sim_engine *e, const struct sim_class_load *cl,
                           const struct sim_point_opts *o,
                           struct sim_point_result *out)
{
    if (!e->db_classes || o->open)
        return -EINVAL;
    struct sim_open_load open;
    int load;
    int rc = classes_load(e, cl, &open, &load);
    if (rc == 0)
        rc = start_streams(e);
    if (rc < 0)
        return rc;
    bool any_open = false;
    out->db_classes = true;
    for (int c = 0; c < e->n_classes; c++) {
        out->class_load[c] = e->cls[c].load / e->nodes;     /* a node's */
        any_open = any_open || e->cls[c].open;
    }
    return run_loaded(e, (struct wl_point){ 0, 0 }, o,
                      any_open ? &open : NULL, load, out);
}

/* The point, its classes' loads set (cls[]): warm-up, window, drain. */
static int run_loaded(sim_engine *e, struct wl_point p,
                      const struct sim_point_opts *o,
                      const struct sim_open_load *open, int load,
                      struct sim_point_result *out)
{
    struct sim_point_opts open_opts;
    if (open) {
        open_opts = *o;
        /* a fixed window (engine.h), so nothing for the ranks to decide
           at its boundaries: waiting there would only hold arrivals back
           (sim_cluster_point_end votes its end once) */
        open_opts.auto_duration = false;
        open_opts.sync = NULL;
        o = &open_opts;
    }
    if (e->abandoned)
        return -EBUSY;

    pools_reset(e);
    e->phase = WARMUP;
    e->outstanding = e->open_outstanding = 0;
    e->error = e->io_error = 0;
    e->completions = e->piece_completions = e->done_bytes = 0;
    e->cpu_started = false;
    e->window_limits_read = false;
    e->open_on = false;
    e->fail_dropped = e->fail_stale = 0;
    timeline_discard(e);
    e->now_ns = e->ds->ops->now(e->ds);
    if (e->ds->ops->credit)
        e->ds->ops->credit->settle(e->ds);
    sim_ns warm_start_ns = e->now_ns;
    const struct warmup wu = { warm_start_ns, load };
    struct window w = { 0 };
    bool stopped = false;
    sim_ns live_every_ns =
        o->live_every_ns > 0 ? o->live_every_ns : SIM_LIVE_EVERY_NS;
    sim_ns next_live_ns = e->now_ns + live_every_ns;
    sim_ns stop_seen_ns = -1;       /* device time a stop was first seen */
    int idle_reaps = 0;             /* in a row: nothing done, clock still */

    if (open) {
        open_start(e, open);
        /* no warm-up: the window opens at the start, not at the first
           arrival (the loop looks at the warm-up only after a reap) */
        check_warmup_end(e, &w, o, &wu, &stopped);
    }
    issue_point(e);
    int rc = flush(e);
    while (rc == 0 && !e->error &&
           (e->outstanding > 0 || (e->open_on && e->phase != DRAIN))) {
        /* Never wait unboundedly: a stalled device must not hide a stop. */
        int n = e->ds->ops->reap(e->ds, e->done, e->pieces_cap,
                                 reap_deadline(e, o, &w, warm_start_ns,
                                               next_live_ns));
        if (n < 0) {
            rc = n;
            break;
        }
        sim_ns before_ns = e->now_ns;
        e->now_ns = e->ds->ops->now(e->ds);
        if (n == 0 && e->now_ns == before_ns && ++idle_reaps > MAX_IDLE_REAPS) {
            rc = -EIO;              /* I/O in flight that nothing advances */
            break;
        }
        if (n > 0)
            idle_reaps = 0;
        if (e->open_on && e->phase != DRAIN)
            open_count(e, e->phase == MEASURE ? earlier(e->now_ns, w.end_ns)
                                              : e->now_ns);
        check_window_end(e, &w, o, &stopped);
        for (int i = 0; i < n; i++)
            complete_piece(e, e->done[i]);
        if (e->phase == WARMUP)     /* (a test here: the call is not inlined) */
            check_warmup_end(e, &w, o, &wu, &stopped);
        if (e->open_on && e->phase != DRAIN && !stopped)
            open_admit(e);
        if (stopped || stop_requested(o)) {   /* the flag or the live view */
            if (stop_seen_ns < 0)
                stop_seen_ns = e->now_ns;
            else if (e->now_ns - stop_seen_ns > STOP_DRAIN_NS) {
                e->abandoned = true;    /* I/O that does not complete */
                break;
            }
        }
        if (e->n_sub > 0)
            rc = flush(e);
        timeline_tick(e);
        if (rc == 0 && o->live && e->phase != DRAIN && e->now_ns >= next_live_ns) {
            next_live_ns = e->now_ns + live_every_ns;
            if (live_call(e, o, p, &w, warm_start_ns) == SIM_LIVE_STOP) {
                stop_point(e, &w);
                stopped = true;
            }
        }
    }
    if (rc == 0 && e->error)
        rc = e->error;
    if (rc < 0) {
        timeline_discard(e);
        return rc;
    }

    struct sim_cpu_sample cpu_end;
    sim_cpu_sample_now(&cpu_end);
    out->small = p.small;
    out->large = p.large;
    rc = sim_stats_result(&e->stats, w.end_ns - w.start_ns, out);
    if (rc == 0)
        rc = sim_node_stats_hosts(&e->node_stats, w.end_ns - w.start_ns,
                                  (double)w.start_ns / 1e9, out);
    if (rc < 0) {
        timeline_discard(e);
        return rc;
    }
    if (e->timeline)
        e->timeline->open = e->open_on;
    out->timeline = e->timeline;
    e->timeline = NULL;
    if (e->cpu_started)
        sim_cpu_fill(out, &e->cpu_start, &cpu_end);
    int disk;
    out->limited_by = window_limit(e, &out->limit_util, &disk);
    out->limit_one = disk >= 0;
    out->limit_disk = disk >= 0 ? disk : 0;
    out->converged = w.converged;
    out->incomplete = stopped;
    out->ci_halfwidth_frac = isfinite(w.halfwidth) ? w.halfwidth : -1;
    out->fail_dropped_writes = e->fail_dropped;
    out->fail_stale_aus = e->fail_stale;
    if (open)
        open_fill(e, open, out);
    return stopped ? 1 : 0;
}
