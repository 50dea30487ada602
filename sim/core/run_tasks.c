/*
 * run_tasks.c - the points (or the runs) of a run or a sweep as tasks on
 * several threads (jobs.h), with the serial order's results and progress.
 *
 * Two ways to cut the work:
 *
 *   by point   where the points are independent (run_internal.h: a
 *              virtual clock and no burst credits carried from point to
 *              point), every ORION point of every disk count is a task,
 *              measured on parts of its own into its slot of its run's
 *              points.  The task that finishes a run's last ORION point
 *              then extends that run's levels (large, then small), one
 *              point after the other, since each step depends on the
 *              points before it.  Tasks are numbered run by run, point by
 *              point, and the threads take them in that order, so the
 *              work ends within about one point of perfect balance
 *              whatever the disk counts cost.
 *   by run     where state carries from point to point (carried credits),
 *              a sweep's disk counts are the tasks, each on one set of
 *              parts, point after point (sim_run_shared).
 *
 * Progress: a task never calls the caller's progress itself.  Under one
 * lock, when a task ends, the calls are made from the results in the
 * serial order (run by run, point by point: its extension's calls, or a
 * whole run's, as recorded), as far as every point before is done.  The
 * first point that was stopped, failed or never started (a stop request
 * came before it) ends the calls, and the results keep the points in
 * order up to it, as the serial run keeps them; points measured beyond
 * it are dropped.  A stop request is checked as each task starts: tasks
 * not yet started are not started.
 *
 * A layer of a run (run_internal.h): called by the driver (run.c), it
 * prepares, measures and finishes its runs through run_one.c,
 * run_levels.c and run_point.c, and none of them calls back into it.
 */
#include "sim/core/run_internal.h"

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/core/jobs.h"

enum point_state { POINT_PENDING, POINT_DONE, POINT_SKIPPED };

/* One run: its configuration, result and the state of its tasks. */
struct task_run {
    struct sim_run_cfg cfg;         /* by point: the run's own
                                       (sim_run_own_cfg); by run: the
                                       sweep's */
    struct sim_point_meter meter;   /* by point: each on its own parts */
    struct sim_extension x;
    struct sim_run_result *r;       /* by run: made by the task */
    int n_orion;                    /* ORION's points (tasks); 0 by run */
    unsigned char *state;           /* [n_orion] enum point_state */
    int *point_rc;                  /* [n_orion] sim_meter_point's */
    sim_ns *point_ns;               /* [n_orion] device time of each */
    int left;                       /* ORION points not done yet */
    int why_at;                     /* the point whose failure is in why */
    char why[256];
    /* the tail: the extension (by point) or the whole run (by run) */
    bool tail_done, tail_skipped;
    int tail_rc;
    sim_ns tail_ns;
    char tail_why[256];
    int *call_n;                    /* n_points of each progress call */
    int n_calls, cap_calls;
    double wall_first_s, wall_last_s;
};

struct tasks {
    const struct sim_run_cfg *runs;     /* [n_runs]: the sweep's */
    bool by_run;
    struct task_run *run;
    int n_runs;
    long *first_task;               /* [n_runs + 1]: each run's first task */
    sim_progress_fn progress;
    void *arg;
    pthread_mutex_t lock;
    int flush_run, flush_point;     /* the next progress call's place */
    bool ended;                     /* no more progress calls */
};

/* ---- progress, in the serial order ---------------------------------------- */

static void record_call(void *arg, int run_index, int point_index,
                        int n_points, const struct sim_point_result *r)
{
    struct task_run *tr = arg;
    (void)run_index; (void)point_index; (void)r;
    if (tr->n_calls == tr->cap_calls) {
        int cap = tr->cap_calls ? 2 * tr->cap_calls : 64;
        int *grown = realloc(tr->call_n, (size_t)cap * sizeof(*grown));
        if (!grown)
            return;                 /* progress only: the run goes on */
        tr->call_n = grown;
        tr->cap_calls = cap;
    }
    tr->call_n[tr->n_calls++] = n_points;
}

/* Run k's ORION points from the next one on, as far as they are done.
   False when the calls end at one of them. */
static bool flush_points(struct tasks *t, struct task_run *tr)
{
    while (t->flush_point < tr->n_orion &&
           tr->state[t->flush_point] != POINT_PENDING) {
        int i = t->flush_point;
        if (tr->state[i] == POINT_SKIPPED || tr->point_rc[i] < 0)
            return false;
        if (t->progress)
            t->progress(t->arg, t->flush_run, i, tr->n_orion, &tr->r->points[i]);
        t->flush_point++;
        if (tr->point_rc[i] == 1)
            return false;
    }
    return true;
}

/* Make the progress calls that are due; the caller holds the lock. */
static void flush_progress(struct tasks *t)
{
    while (!t->ended && t->flush_run < t->n_runs) {
        struct task_run *tr = &t->run[t->flush_run];
        if (!flush_points(t, tr)) {
            t->ended = true;
            return;
        }
        if (t->flush_point < tr->n_orion || !tr->tail_done)
            return;
        for (int k = 0; tr->r && t->progress && k < tr->n_calls &&
                        tr->n_orion + k < tr->r->n_points; k++)
            t->progress(t->arg, t->flush_run, tr->n_orion + k, tr->call_n[k],
                        &tr->r->points[tr->n_orion + k]);
        t->ended = tr->tail_rc != 0 || tr->tail_skipped;
        t->flush_run++;
        t->flush_point = 0;
    }
}

/* ---- the tasks ------------------------------------------------------------- */

static bool stop_requested(const struct tasks *t)
{
    return sim_stop_is_set(t->runs[0].point.stop);
}

/* A task starts unless a stop request came first; the very first always
   does, as the serial run measures its first point (cut short at once)
   whatever the flag says. */
static bool skip_task(const struct tasks *t, int k, int i)
{
    return (k > 0 || i > 0) && stop_requested(t);
}

/* The tail ends; the caller does not hold the lock. */
static void tail_end(struct tasks *t, struct task_run *tr, bool skipped)
{
    pthread_mutex_lock(&t->lock);
    tr->tail_done = true;
    tr->tail_skipped = skipped;
    flush_progress(t);
    pthread_mutex_unlock(&t->lock);
}

/* After the last of run k's ORION points: its levels, extended where
   they rise (run_internal.h), when every point before went through. */
static void extend_run(struct tasks *t, struct task_run *tr, int k)
{
    bool through = !stop_requested(t);
    for (int i = 0; i < tr->n_orion && through; i++)
        through = tr->state[i] == POINT_DONE && tr->point_rc[i] == 0;
    if (through) {
        struct sim_run_walk w = { .meter = &tr->meter, .r = tr->r,
                                  .to = { record_call, tr, k } };
        tr->r->n_points = tr->n_orion;
        tr->tail_rc = sim_run_extend(&w, &tr->x, tr->tail_why,
                                     sizeof tr->tail_why);
        tr->tail_ns = w.device_ns;
    }
    tail_end(t, tr, !through);
}

static void point_task(struct tasks *t, int k, int i)
{
    struct task_run *tr = &t->run[k];
    char why[256] = "";
    double start_s = sim_wall_now_s();
    bool skipped = skip_task(t, k, i);
    int rc = 0;
    if (!skipped)
        rc = sim_meter_point(&tr->meter, tr->r->matrix->points[i],
                             &tr->r->points[i], &tr->point_ns[i], why,
                             sizeof why);
    double end_s = sim_wall_now_s();

    pthread_mutex_lock(&t->lock);
    tr->state[i] = skipped ? POINT_SKIPPED : POINT_DONE;
    tr->point_rc[i] = rc;
    if (rc < 0 && i < tr->why_at) {
        tr->why_at = i;
        snprintf(tr->why, sizeof tr->why, "%s", why);
    }
    if (start_s < tr->wall_first_s)
        tr->wall_first_s = start_s;
    if (end_s > tr->wall_last_s)
        tr->wall_last_s = end_s;
    bool last = --tr->left == 0;
    flush_progress(t);
    pthread_mutex_unlock(&t->lock);
    if (last)
        extend_run(t, tr, k);
}

static void run_task(struct tasks *t, int k)
{
    struct task_run *tr = &t->run[k];
    struct sim_run_progress to = { record_call, tr, k };
    bool skipped = skip_task(t, k, 0);
    if (!skipped)
        tr->tail_rc = sim_run_shared(&tr->cfg, &to, &tr->r, tr->tail_why,
                                     sizeof tr->tail_why);
    tail_end(t, tr, skipped);
}

static void task(void *arg, long i)
{
    struct tasks *t = arg;
    if (t->by_run) {
        run_task(t, (int)i);
        return;
    }
    int k = 0;
    while (t->first_task[k + 1] <= i)
        k++;
    point_task(t, k, (int)(i - t->first_task[k]));
}

/* ---- setting up and collecting ------------------------------------------- */

static int prepare_run(struct tasks *t, int k, char *why, size_t why_len)
{
    struct task_run *tr = &t->run[k];
    const struct sim_run_cfg *one = &t->runs[k];
    tr->wall_first_s = DBL_MAX;
    tr->why_at = INT_MAX;
    if (t->by_run) {
        tr->cfg = *one;
        return 0;
    }
    sim_run_own_cfg(one, &tr->cfg);
    tr->meter.cfg = &tr->cfg;
    int rc = sim_run_prepare(&tr->cfg, &tr->r, &tr->x, tr->meter.slots, why,
                             why_len);
    if (rc < 0)
        return rc;
    tr->n_orion = tr->left = tr->r->matrix->n_points;
    tr->state = calloc((size_t)tr->n_orion, sizeof(*tr->state));
    tr->point_rc = calloc((size_t)tr->n_orion, sizeof(*tr->point_rc));
    tr->point_ns = calloc((size_t)tr->n_orion, sizeof(*tr->point_ns));
    if (!tr->state || !tr->point_rc || !tr->point_ns) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    return 0;
}

/* Free the points measured beyond the ones run tr keeps (r->n_points). */
static void free_beyond(struct task_run *tr)
{
    for (int i = tr->r->n_points; tr->state && i < tr->n_orion; i++)
        if (tr->state[i] == POINT_DONE && tr->point_rc[i] >= 0) {
            sim_point_result_free(&tr->r->points[i]);
            tr->state[i] = POINT_PENDING;
        }
}

/* Free what run tr holds: its result with every point measured in it. */
static void release_run(struct task_run *tr)
{
    if (tr->r)
        free_beyond(tr);
    sim_run_free(tr->r);
    tr->r = NULL;
    free(tr->state);
    free(tr->point_rc);
    free(tr->point_ns);
    free(tr->call_n);
}

/* The unstarted run: its first point never started. */
#define RUN_UNSTARTED 2

/* Run tr's points in order up to the first that stopped, failed or did
   not start; the ones measured beyond it freed.  Returns the run's
   status (0, 1, RUN_UNSTARTED or -errno with why). */
static int collect_points(struct task_run *tr, char *why, size_t why_len)
{
    struct sim_run_result *r = tr->r;
    int status = 0, n = 0;
    sim_ns device_ns = 0;
    for (; n < tr->n_orion && status == 0; n++) {
        if (tr->state[n] == POINT_SKIPPED) {
            status = n == 0 ? RUN_UNSTARTED : 1;
            break;
        }
        if (tr->point_rc[n] < 0) {
            snprintf(why, why_len, "%s", tr->why);
            status = tr->point_rc[n];
            break;
        }
        device_ns += tr->point_ns[n];
        status = tr->point_rc[n];
    }
    if (status != 0 || tr->tail_skipped) {
        r->n_points = n;
        free_beyond(tr);
        if (status == 0)
            status = 1;
    } else {
        status = tr->tail_rc;
        device_ns += tr->tail_ns;
        if (status < 0)
            snprintf(why, why_len, "%s", tr->tail_why);
    }
    if (status >= 0 && status != RUN_UNSTARTED) {
        sim_run_finish(r, &tr->cfg, status, device_ns);
        r->wall_s = tr->wall_last_s - tr->wall_first_s;
    }
    return status;
}

static int collect_run(struct task_run *tr, char *why, size_t why_len)
{
    if (tr->tail_skipped)
        return RUN_UNSTARTED;
    if (tr->tail_rc < 0)
        snprintf(why, why_len, "%s", tr->tail_why);
    return tr->tail_rc;
}

/* The runs in order up to the first that stopped, failed or did not
   start, as the serial sweep keeps them. */
static int collect(struct tasks *t, struct sim_run_result **runs, int *n_runs,
                   char *why, size_t why_len)
{
    int status = 0;
    for (int k = 0; k < t->n_runs; k++) {
        struct task_run *tr = &t->run[k];
        int rc = status != 0 ? 1
                 : t->by_run ? collect_run(tr, why, why_len)
                             : collect_points(tr, why, why_len);
        bool keep = status == 0 && rc >= 0 && rc != RUN_UNSTARTED;
        if (status == 0)
            status = rc == RUN_UNSTARTED ? 1 : rc;
        if (keep && tr->r) {
            runs[(*n_runs)++] = tr->r;
            tr->r = NULL;
        }
        release_run(tr);
    }
    return status;
}

static void release_all(struct tasks *t)
{
    for (int k = 0; k < t->n_runs; k++)
        release_run(&t->run[k]);
}

static int set_up(struct tasks *t, char *why, size_t why_len)
{
    t->run = calloc((size_t)t->n_runs, sizeof(*t->run));
    t->first_task = calloc((size_t)t->n_runs + 1, sizeof(*t->first_task));
    if (!t->run || !t->first_task) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    for (int k = 0; k < t->n_runs; k++) {
        int rc = prepare_run(t, k, why, why_len);
        if (rc < 0)
            return rc;
        t->first_task[k + 1] = t->first_task[k] +
                               (t->by_run ? 1 : t->run[k].n_orion);
    }
    return 0;
}

int sim_run_tasks(const struct sim_sweep_spec *spec, bool by_run,
                  struct sim_run_result **runs, int *n_runs, char *why,
                  size_t why_len)
{
    const struct sim_run_cfg *cfg = &spec->runs[0];
    struct tasks t = { .runs = spec->runs, .by_run = by_run,
                       .n_runs = spec->n_runs, .progress = spec->progress,
                       .arg = spec->arg };
    int status = set_up(&t, why, why_len);
    *n_runs = 0;
    if (status == 0) {
        int jobs = cfg->point.live ? 1 : cfg->jobs;
        pthread_mutex_init(&t.lock, NULL);
        sim_parallel_for(t.first_task[t.n_runs], jobs, task, &t);
        pthread_mutex_destroy(&t.lock);
        status = collect(&t, runs, n_runs, why, why_len);
    } else if (t.run) {
        release_all(&t);
    }
    if (status < 0) {
        for (int k = 0; k < *n_runs; k++)
            sim_run_free(runs[k]);
        *n_runs = 0;
    }
    free(t.run);
    free(t.first_task);
    return status;
}
