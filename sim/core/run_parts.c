/*
 * run_parts.c - the parts a run's points are measured on: layout(s),
 * workload, devices and an engine over them.  Below run_point.c (the
 * meter) and the session, which open their parts here.
 *
 * ORION's classes: the layout for cfg->disks volumes of the configured
 * size, the workload over its logical capacity (seeded with cfg->seed,
 * see workload_seed), the devices with pools for the run's loads, and
 * an engine.
 *
 * A database workload's classes (sim_run_db): one layout per disk group
 * (cfg->db.groups, or the run's one group), the groups' disks one after
 * another in one device set, so that they share the backend's instance
 * (its limits and burst credits); each class draws over its own group's
 * capacity, and its pool is its load (streams x stream_io when
 * sequential) or, in open loop, the open bound.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "layouts/units.h"
#include "sim/core/cluster.h"
#include "sim/core/run_internal.h"

/* The devices go first.  A point that failed (every disk erring) or was
   stopped can return with I/O still in the backend: in the kernel, in an
   aio worker's ring, in its completion queue.  Those I/Os are the engine's
   pieces, and a worker thread reads and writes them until it is joined,
   which dev_close does (dev_aio.c).  Freeing the engine first let the
   workers write into freed memory: --threads 2 on disks that failed
   crashed before the results were written. */
void sim_parts_close(struct sim_parts *p)
{
    dev_close(&p->ds);
    sim_engine_destroy(p->engine);
    wl_destroy(p->workload);
    if (p->n_groups == 0)
        lay_destroy(p->layout);
    for (int g = 0; g < p->n_groups; g++)
        lay_destroy(p->group_layout[g]);
    memset(p, 0, sizeof(*p));
}

void sim_matrix_maxima(const struct wl_matrix *m, enum wl_large_type type,
                       int stream_io, int *max_small, int *max_large_ios)
{
    *max_small = *max_large_ios = 0;
    for (int i = 0; i < m->n_points; i++) {
        int li = sim_point_large_ios(m->points[i].large, type, stream_io);
        if (m->points[i].small > *max_small)
            *max_small = m->points[i].small;
        if (li > *max_large_ios)
            *max_large_ios = li;
    }
}

/* Every offset and size of a physical I/O is a multiple of this: the I/O
   sizes (each I/O's offset is a multiple of its size's largest
   power-of-two divisor, workload.c), and the layout's split points (AU,
   stripe, 128 KiB fine chunks: all multiples of 4 KiB).  4 KiB for sizes
   in 4 KiB steps, 512 B for a 512 B redo write: what a device's logical
   block must divide (aio_target.c).  Only the classes the run issues
   count: an --run oltp on a 4 KiB-sector device does not care that the
   unused large size is 1536 bytes. */
static uint32_t io_granularity(const struct wl_cfg *wc,
                               const struct sim_io_budget *b)
{
    uint64_t g = 4096u;
    for (int c = 0; c < b->n; c++) {
        if (b->slots[c] <= 0)
            continue;
        if (wc->n_classes == 0) {
            g = units_gcd(g, c == WL_SMALL ? wc->small_bytes : wc->large_bytes);
            continue;
        }
        const struct wl_size_mix *m = &wc->classes[c].sizes;
        for (int k = 0; k < m->n; k++)
            g = units_gcd(g, m->bytes[k]);
    }
    return (uint32_t)g;
}

/* The devices for the budget's pools, and the engine of ec over them. */
static int open_devices(const struct sim_run_cfg *cfg,
                        struct sim_engine_cfg *ec, bool even_load,
                        struct sim_parts *rp, char *why, size_t why_len)
{
    /* the pools, by class (io_budget.h): pieces for the iocbs and the
       model's queues, logical I/Os and their sizes for the aio buffers */
    struct sim_io_budget budget;
    ec->workload = rp->workload;
    int rc = sim_engine_budget(ec, &budget);
    if (rc == 0)
        rc = sim_budget_check(&budget, why, why_len);
    else
        snprintf(why, why_len, "more classes than the engine holds");
    if (rc < 0)
        return rc;
    _Alignas(max_align_t) unsigned char backend_buf[DEV_BACKEND_CFG_BYTES];
    struct devset_cfg dc = {
        .disks = cfg->disks,
        .backend_cfg = cfg->backend && cfg->backend->run_cfg
                       ? cfg->backend->run_cfg(cfg, backend_buf,
                                               sizeof backend_buf)
                       : NULL,
        .seed = cfg->seed,
        .max_outstanding = (int)sim_budget_pieces(&budget),
        /* > 0: the budget has a slot (sim_budget_check) */
        .max_io_bytes = sim_budget_max_io_bytes(&budget),
        .budget = budget,
        .io_align_bytes = io_granularity(wl_config(rp->workload), &budget),
        .even_load = even_load,
    };
    rc = dev_open(&rp->ds, cfg->backend, &dc, why, why_len);
    if (rc < 0)
        return rc;
    ec->devices = &rp->ds;
    rc = sim_engine_create(ec, &rp->engine);
    if (rc < 0)
        snprintf(why, why_len, "cannot create the engine: %s", strerror(-rc));
    return rc;
}

/* The workload's seed: cfg->seed, plus the rank under mpirun (cluster.h).
   Each rank is a RAC instance whose sessions are its own: with one seed
   every rank drew the same offsets at the same arrival times, one rank's
   I/O a copy of the other's (on shared LUNs, reads of blocks another
   host had just read).  Rank 0, and a run alone, keep the seed given. */
static uint64_t workload_seed(const struct sim_run_cfg *cfg)
{
    return cfg->seed + (uint64_t)cluster_rank(cfg->cluster);
}

/* The groups of a database workload's run: its own, or the run's disks
   and layout as one. */
static int db_groups(const struct sim_run_cfg *cfg,
                     struct sim_db_group out[SIM_MAX_GROUPS])
{
    if (cfg->db.n_groups == 0) {
        out[0] = (struct sim_db_group){ .disks = cfg->disks,
                                        .disk_bytes = cfg->disk_bytes,
                                        .layout = cfg->layout };
        return 1;
    }
    memcpy(out, cfg->db.groups, sizeof cfg->db.groups);
    return cfg->db.n_groups;
}

/* Each class's pool: its closed-loop load, or the open bound. */
static int db_class_slots(const struct sim_run_cfg *cfg, int c)
{
    const struct sim_class_load *l = &cfg->db.load;
    if (l->rate_iops[c] > 0)
        return l->max_outstanding > 0 ? l->max_outstanding
                                      : SIM_OPEN_MAX_OUTSTANDING_DEFAULT;
    return l->load[c] * (l->stream_io[c] > 0 ? l->stream_io[c] : 1);
}

static int db_parts_open(const struct sim_run_cfg *cfg, struct sim_parts *rp,
                         char *why, size_t why_len)
{
    struct sim_db_group groups[SIM_MAX_GROUPS];
    int n = db_groups(cfg, groups);
    struct sim_engine_cfg ec = { .n_groups = n, .fail = cfg->engine_fail,
                                 .nodes = cfg->nodes };
    bool even = true;
    int base = 0;
    for (int g = 0; g < n; g++) {
        struct lay_cfg lc = groups[g].layout;
        lc.disks = groups[g].disks;
        lc.disk_size_bytes = groups[g].disk_bytes;
        int rc = lay_create(&lc, &rp->group_layout[g], why, why_len);
        if (rc < 0)
            return rc;
        rp->n_groups = g + 1;
        ec.groups[g] = (struct sim_engine_group){ rp->group_layout[g], base };
        base += groups[g].disks;
        even = even && lc.striping != LAY_CONCAT;
    }
    rp->layout = rp->group_layout[0];
    if (base != cfg->disks) {
        snprintf(why, why_len, "the groups have %d disks, the run %d", base,
                 cfg->disks);
        return -EINVAL;
    }
    struct wl_cfg wc = cfg->workload;
    wc.capacity_bytes = lay_capacity_bytes(rp->layout);
    wc.seed = workload_seed(cfg);
    for (int c = 0; c < wc.n_classes; c++) {
        int g = cfg->db.class_group[c];
        if (g < 0 || g >= n) {
            snprintf(why, why_len, "class %d: group %d of %d", c + 1, g + 1, n);
            return -EINVAL;
        }
        wc.classes[c].capacity_bytes = lay_capacity_bytes(rp->group_layout[g]);
        ec.class_group[c] = g;
        ec.class_slots[c] = db_class_slots(cfg, c);
    }
    int rc = wl_create(&wc, &rp->workload, why, why_len);
    if (rc < 0)
        return rc;
    return open_devices(cfg, &ec, even, rp, why, why_len);
}

int sim_parts_open(const struct sim_run_cfg *cfg, int max_small,
                   int max_large_ios, struct sim_parts *rp, char *why,
                   size_t why_len)
{
    memset(rp, 0, sizeof(*rp));
    if (sim_run_db(cfg))
        return db_parts_open(cfg, rp, why, why_len);
    struct lay_cfg lc = cfg->layout;
    lc.disks = cfg->disks;
    lc.disk_size_bytes = cfg->disk_bytes;
    int rc = lay_create(&lc, &rp->layout, why, why_len);
    if (rc < 0)
        return rc;
    struct wl_cfg wc = cfg->workload;
    wc.capacity_bytes = lay_capacity_bytes(rp->layout);
    wc.seed = workload_seed(cfg);
    rc = wl_create(&wc, &rp->workload, why, why_len);
    if (rc < 0)
        return rc;
    struct sim_engine_cfg ec = {
        .layout = rp->layout,
        .max_small = max_small,
        .max_large_ios = max_large_ios,
        .nodes = cfg->nodes,
    };
    return open_devices(cfg, &ec, cfg->layout.striping != LAY_CONCAT, rp,
                        why, why_len);
}
