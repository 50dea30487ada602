/*
 * dev_aio.c - real files and block devices: libaio with O_DIRECT.
 *
 * The backend carries out the engine's physical I/Os on the targets the
 * user named, the way ORION drives LUNs: asynchronous direct I/O, no page
 * cache, as many requests in flight as the load point asks for.  This file
 * is its dev_ops table: open builds the handle (aio_dev.h) from the
 * modules below, in this order, and close takes it down in reverse;
 * submit() and reap() go to one of the two paths.  It has two tables:
 * dev_aio_ops (libaio, the default) and dev_uring_ops (--engine uring),
 * the same backend whose kernel calls go to an io_uring per worker
 * (aio_kernel.h, aio_uring.c); the name a run's reports and dashboard
 * show is the table's.
 *
 *   aio_target.c    open each target (safety rules, O_DIRECT, O_EXCL for
 *                   block devices), its block size, usable size, NUMA node
 *   aio_plan.c      how many workers, which targets each drives, which
 *                   NUMA node each runs on
 *   aio_pool.c      per worker: io_context, iocbs and buffers, on its node
 *   aio_direct.c    one worker: the engine's thread makes the system calls
 *   aio_workers.c   two or more: I/O threads fed by the engine
 *   aio_hotpath.c   what both paths share: the check before the kernel,
 *                   local completions, failure streaks, how reap() waits
 *   aio_info.c      what open tells --verbose
 *
 * Opening (before the first I/O)
 * ------------------------------
 * Every target is opened and checked first, so a bad one is reported
 * before any worker or buffer is allocated; then the plan deals the
 * targets to workers by NUMA node, the buffers are sized by class
 * (aio_pool.c; open refuses more than io_budget.h's limit of them, with
 * the loads that would fit), and
 * each worker gets its pool and io_context.  Just before the first I/O
 * every target is asked once more whether a loop device over it has been
 * put to use since it was checked (aio_target_recheck).  With one worker
 * the engine's thread pins itself to its node; with more, the threads
 * start and pin themselves.  open tells what it chose in cfg->info (printed by
 * --verbose): one line per target, then one per worker with its node and
 * targets.  Nothing is allocated after open.
 *
 * The I/O granularity is devset_cfg.io_align_bytes, or a page when the
 * engine gives none; buffers are whole pages.
 *
 * Faults: when every disk is failing (aio_hotpath.c), reap() returns -EIO
 * and the run stops with what it measured so far.
 *
 * Closing: the worker threads are stopped and joined first, then each
 * io_context is destroyed (the kernel's I/O completes into buffers that
 * are still there), then the rest is freed.  From then on nothing touches
 * a sim_io, so the engine's pieces, which a point that failed or was
 * stopped leaves with the backend, may be freed after close and not
 * before (sim_parts_close, run_point.c).  A device that never completes an I/O
 * the kernel has makes io_destroy wait for it: the kernel offers no way
 * to let such an I/O go.
 *
 * Fault injection (a test hook)
 * -----------------------------
 * dev_aio_faults() makes chosen disks fail with EIO, transfer short or
 * stall after so many I/Os (aio_faults.c), below everything the backend
 * decides, so tests exercise the paths a failing device takes without
 * one.  The command-line tool gets the same through the environment:
 * when ASMSIM_FAULTS is set (e.g. ASMSIM_FAULTS='*:eio@500' or
 * '1:stall@100'), open installs that plan and says so in cfg->info
 * (--verbose).  It exists for tests/aio_test.sh; a real run leaves it
 * unset, and a malformed value is refused at open.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <numa.h>

#include "sim/aio/aio_dev.h"
#include "sim/aio/aio_direct.h"
#include "sim/aio/aio_faults.h"
#include "sim/aio/aio_hotpath.h"
#include "sim/aio/aio_info.h"
#include "sim/aio/aio_plan.h"
#include "sim/aio/aio_pool.h"
#include "sim/aio/aio_uring.h"
#include "sim/aio/aio_workers.h"
#include "sim/aio/dev_aio.h"
#include "sim/core/run.h"

#define FAULTS_ENV "ASMSIM_FAULTS"      /* the test hook (see above) */

/* ---- open / close ------------------------------------------------------- */

static void aio_free(struct aio_dev *a)
{
    if (!a)
        return;
    aio_workers_stop(a);
    for (int i = 0; a->w && i < a->n_workers; i++) {
        aio_pool_free(a, &a->w[i]);
        if (a->threaded)
            aio_workers_free(&a->w[i]);
    }
    for (int d = 0; a->disk && d < a->disks; d++)
        if (a->disk[d].fd >= 0)
            close(a->disk[d].fd);
    aio_workers_free_queue(a);
    free(a->w);
    free(a->disk);
    free(a->refused);
    free(a->refused_index);
    free(a->local);
    free(a->faults);
    free(a);
}

/* Replace a's fault plan with SPEC's (none when SPEC is NULL or empty).
   Before the first I/O: the workers read the plan without a lock. */
static int faults_install(struct aio_dev *a, const char *spec, char *why,
                          size_t why_len)
{
    struct aio_fault *f = NULL;
    if (spec && *spec) {
        f = calloc((size_t)a->disks, sizeof(*f));
        if (!f) {
            snprintf(why, why_len, "out of memory for the fault plan");
            return -ENOMEM;
        }
        int rc = aio_faults_parse(spec, a->disks, f, why, why_len);
        if (rc < 0) {
            free(f);
            return rc;
        }
    }
    free(a->faults);
    a->faults = f;
    return 0;
}

/* Every allocation open makes that fails ends with this message. */
static int open_oom(int disks, char *why, size_t why_len)
{
    snprintf(why, why_len, "out of memory opening %d targets", disks);
    return -ENOMEM;
}

/* What open needs from the engine (cfg) and the command line (ac). */
static int open_check_cfg(const struct devset_cfg *cfg,
                          const struct dev_aio_cfg *ac, char *why,
                          size_t why_len)
{
    if (!ac || !ac->paths || cfg->max_outstanding < 1 ||
        cfg->max_io_bytes == 0 || cfg->disks < 1) {
        snprintf(why, why_len, "the aio backend needs target paths (--target "
                 "or --lun-file)");
        return -EINVAL;
    }
    if (ac->threads < 0) {
        snprintf(why, why_len, "--threads %d: not a worker count; use 1 or "
                 "more, or leave it out for one per NUMA node", ac->threads);
        return -EINVAL;
    }
    return 0;
}

/* The handle's sizes and its per-target and per-slot arrays; on failure
   the caller frees what was allocated (aio_free). */
static int open_handle(struct aio_dev *a, const struct devset *ds,
                       const struct devset_cfg *cfg,
                       const struct dev_aio_cfg *ac, char *why,
                       size_t why_len)
{
    size_t cap = (size_t)cfg->max_outstanding;

    a->uring = ds->ops == &dev_uring_ops;
    a->sqpoll = a->uring && ac->sqpoll;
    a->cap = cfg->max_outstanding;
    a->disks = cfg->disks;
    a->writable = ac->writable;
    a->buf_bytes = (cfg->max_io_bytes + AIO_PAGE_BYTES - 1) / AIO_PAGE_BYTES *
                   AIO_PAGE_BYTES;
    a->disk = calloc((size_t)cfg->disks, sizeof(*a->disk));
    for (int d = 0; a->disk && d < cfg->disks; d++)
        a->disk[d].fd = -1;         /* before any failure: close skips them */
    a->refused = calloc(cap, sizeof(*a->refused));
    a->refused_index = calloc(cap, sizeof(*a->refused_index));
    a->local = calloc(cap, sizeof(*a->local));
    if (!a->disk || !a->refused || !a->refused_index || !a->local)
        return open_oom(cfg->disks, why, why_len);
    return 0;
}

/* Open and check every target, before any worker or buffer exists. */
static int open_targets(struct aio_dev *a, const struct dev_aio_cfg *ac,
                        const struct devset_cfg *dc, char *why,
                        size_t why_len)
{
    int rc;

    if (ac->info && ac->info_len)
        ac->info[0] = '\0';
    for (int d = 0; d < a->disks; d++)
        if ((rc = aio_target_open(&a->disk[d], ac, dc, d, why,
                                  why_len)) < 0)
            return rc;
    return 0;
}

/* Every target is still not in use through a loop device (rule 2 of
   safety.c again): the last check before the first I/O. */
static int open_recheck(struct aio_dev *a, const struct dev_aio_cfg *ac,
                        char *why, size_t why_len)
{
    int rc;

    for (int d = 0; d < a->disks; d++)
        if ((rc = aio_target_recheck(&a->disk[d], ac->paths[d], why,
                                     why_len)) < 0)
            return rc;
    return 0;
}

/* The test hook: install $ASMSIM_FAULTS's plan and say so in the info. */
static int open_env_faults(struct aio_dev *a, const struct dev_aio_cfg *c,
                           char *why, size_t why_len)
{
    const char *faults = getenv(FAULTS_ENV);
    int rc;

    if (!faults || !*faults)
        return 0;
    char fwhy[200];
    if ((rc = faults_install(a, faults, fwhy, sizeof fwhy)) < 0) {
        snprintf(why, why_len, "%s=%s: %s", FAULTS_ENV, faults, fwhy);
        return rc;
    }
    aio_info_add(c, "faults: %s=%s (a test hook: the errors, short "
                 "transfers and stalls it names are injected)\n",
                 FAULTS_ENV, faults);
    return 0;
}

/* Deal the targets to workers by NUMA node.  plan holds 3 * disks ints:
   each target's node (in), its worker, and each worker's node (out). */
static void open_plan(struct aio_dev *a, const struct dev_aio_cfg *ac,
                      int *plan, const char **why_count)
{
    int n = a->disks;

    for (int d = 0; d < n; d++)
        plan[d] = a->disk[d].node;
    a->n_workers = dev_aio_plan(plan, n, ac->threads, aio_numa_nodes(),
                                aio_usable_cpus(), plan + n, plan + 2 * n,
                                why_count);
    for (int d = 0; d < n; d++)
        a->disk[d].worker = plan[n + d];
    a->threaded = a->n_workers > 1;
}

/* Size the buffers by class and refuse more than io_budget.h's limit. */
static int open_buffer_budget(struct aio_dev *a, const struct devset_cfg *cfg,
                              char *why, size_t why_len)
{
    /* the limit is io_budget.h's; the CLI checked the same sum up front */
    uint64_t total = aio_pool_plan(a, cfg) * (uint64_t)a->n_workers;
    uint64_t limit = sim_buffer_limit_bytes();

    if (total > limit) {
        snprintf(why, why_len, "%d I/Os in flight on %d worker%s need %llu "
                 "MiB of buffers, more than %llu MiB; use lower loads, "
                 "smaller I/O%s", a->by_parent ? a->n_keys : a->cap,
                 a->n_workers, a->n_workers == 1 ? "" : "s",
                 (unsigned long long)(total >> 20),
                 (unsigned long long)(limit >> 20),
                 a->n_workers > 1 ? " or fewer --threads" : "");
        return -ENOMEM;
    }
    return 0;
}

/* Worker i on NUMA node `node`: its pool, thread state, buffers and
   io_context. */
static int open_worker(struct aio_dev *a, int i, int node, char *why, size_t why_len)
{
    struct aio_worker *w = &a->w[i];
    int rc;

    w->dev = a;
    w->id = i;
    w->node = node;
    w->sub_efd = w->aio_efd = -1;
    w->pin_rc = 1;
    if (aio_pool_alloc(a, w) < 0)
        return open_oom(a->disks, why, why_len);
    if (a->threaded && aio_workers_alloc(a, w) < 0)
        return open_oom(a->disks, why, why_len);
    if ((rc = aio_pool_alloc_buffers(a, w, why, why_len)) < 0)
        return rc;
    return aio_pool_setup(a, w, why, why_len);
}

/* Every worker, with the queue that feeds them when there are several;
   worker_node[i] is worker i's node from the plan. */
static int open_workers(struct aio_dev *a, const int *worker_node,
                        char *why, size_t why_len)
{
    int rc;

    a->w = calloc((size_t)a->n_workers, sizeof(*a->w));
    if (!a->w)
        return open_oom(a->disks, why, why_len);
    if (a->threaded && aio_workers_alloc_queue(a) < 0)
        return open_oom(a->disks, why, why_len);
    for (int i = 0; i < a->n_workers; i++)
        if ((rc = open_worker(a, i, worker_node[i], why, why_len)) < 0)
            return rc;
    return 0;
}

/* Start the I/O threads, or pin the engine's thread to its one worker's
   node. */
static int open_start(struct aio_dev *a, char *why, size_t why_len)
{
    if (a->threaded)
        return aio_workers_start(a, why, why_len);
    if (a->w[0].node >= 0 && a->w[0].node < aio_numa_nodes())
        a->w[0].pin_rc = numa_run_on_node(a->w[0].node);
    return 0;
}

/* The aio part of a run (dev_ops.run_cfg): the targets and the rules the
   caller gave (run->backend_cfg, a struct dev_aio_cfg), with what the run
   decides: the targets in its disk order (run->disk_names when it names
   them: a failure's restored group runs on the survivors only), whether
   it writes, every I/O below the layout's disk size (run->disk_bytes: the
   least usable target), whether --create may show its progress, and the
   run's stop flag, which ends --create's writing. */
static const void *aio_run_cfg(const struct sim_run_cfg *run, void *buf,
                               size_t len)
{
    const struct dev_aio_cfg *given = run->backend_cfg;
    struct dev_aio_cfg *ac = buf;

    if (len < sizeof *ac || !given)
        return NULL;
    *ac = *given;
    if (given->paths && run->disk_names)
        ac->paths = run->disk_names;
    ac->writable = wl_cfg_writes(&run->workload);
    ac->limit_bytes = given->paths ? run->disk_bytes : 0;
    ac->show_progress = !run->quiet && isatty(STDERR_FILENO);
    ac->stop = run->point.stop;
    return ac;
}

/* The phases in the order the comment at the top gives; on any failure
   everything built so far is taken down (aio_free) and why says what. */
static int aio_open(struct devset *ds, const struct devset_cfg *cfg,
                    char *why, size_t why_len)
{
    const struct dev_aio_cfg *ac = cfg->backend_cfg;
    int rc = open_check_cfg(cfg, ac, why, why_len);
    if (rc < 0)
        return rc;

    const char *why_count = "";
    struct aio_dev *a = calloc(1, sizeof(*a));
    int *plan = calloc(3 * (size_t)cfg->disks, sizeof(*plan));
    if (!a || !plan) {
        rc = open_oom(cfg->disks, why, why_len);
        goto fail;
    }
    if ((rc = open_handle(a, ds, cfg, ac, why, why_len)) < 0 ||
        (rc = open_targets(a, ac, cfg, why, why_len)) < 0 ||
        (rc = open_env_faults(a, ac, why, why_len)) < 0)
        goto fail;
    open_plan(a, ac, plan, &why_count);
    if ((rc = open_buffer_budget(a, cfg, why, why_len)) < 0 ||
        (rc = open_workers(a, plan + 2 * cfg->disks, why, why_len)) < 0 ||
        (rc = open_recheck(a, ac, why, why_len)) < 0 ||
        (rc = open_start(a, why, why_len)) < 0)
        goto fail;
    aio_info_workers(a, ac, why_count);
    free(plan);
    ds->priv = a;
    return 0;
fail:
    free(plan);
    aio_free(a);
    return rc;
}

static void aio_close(struct devset *ds)
{
    aio_free(ds->priv);
    ds->priv = NULL;
}

int dev_uring_probe(bool sqpoll, char *why, size_t why_len)
{
    return aio_uring_probe(sqpoll, why, why_len);
}

int dev_aio_faults(struct devset *ds, const char *spec, char *why,
                   size_t why_len)
{
    if (!ds || (ds->ops != &dev_aio_ops && ds->ops != &dev_uring_ops) ||
        !ds->priv) {
        snprintf(why, why_len, "faults need an open aio device set");
        return -EINVAL;
    }
    return faults_install(ds->priv, spec, why, why_len);
}

/* ---- the table ---------------------------------------------------------- */

static int aio_submit(struct devset *ds, struct sim_io *const *ios, int n)
{
    struct aio_dev *a = ds->priv;
    return a->threaded ? aio_workers_submit(a, ios, n) :
                         aio_direct_submit(a, ios, n);
}

static int aio_reap(struct devset *ds, struct sim_io **out, int max,
                    sim_ns deadline)
{
    struct aio_dev *a = ds->priv;
    if (a->failing == a->disks)
        return -EIO;
    return a->threaded ? aio_workers_reap(a, out, max, deadline) :
                         aio_direct_reap(a, out, max, deadline);
}

static sim_ns aio_now(const struct devset *ds)
{
    (void)ds;
    return aio_clock_ns();
}

/* The two tables differ in their name only: open tells them apart. */
#define AIO_BACKEND_OPS(engine_name) {                                      \
    .name = engine_name, .caps = DEV_CAP_HOST_CPU, .run_cfg = aio_run_cfg,  \
    .open = aio_open, .submit = aio_submit, .reap = aio_reap,               \
    .now = aio_now, .close = aio_close,                                     \
}

const struct dev_ops dev_aio_ops = AIO_BACKEND_OPS("aio");
const struct dev_ops dev_uring_ops = AIO_BACKEND_OPS("uring");
