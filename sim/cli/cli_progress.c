/*
 * cli_progress.c - what a run or sweep shows on stderr while it runs.
 *
 * Two forms, both on stderr so that stdout carries only results:
 *
 *   default     on a terminal, a "\r"-updated "point 3/29 (small 4,
 *               large 0)" counter, and for a sweep one line per finished
 *               disk count; nothing when stderr is not a terminal;
 *   --progress  (and --tui without a terminal) one status line with the
 *               points done, the last point's numbers, the elapsed time
 *               and the ETA; "\r"-updated on a terminal, one line per
 *               point otherwise, so logs keep every step.
 *
 * --quiet silences both.  The ETA assumes the remaining points take as
 * long as the finished ones did on average; the total is counted up front
 * by building each run's matrix (cli_progress_start).  A "\r" line is
 * always erased (cli_progress_clear) before anything else is printed.
 *
 * Before the run, cli_progress_jobs_note says once when --jobs N cannot
 * be used: a real clock (points or disk counts measured at once would
 * share the disks and mix their figures), or carried burst credits in a
 * run (each point starts from the credits the one before left).
 */
#include <stdio.h>
#include <time.h>

#include "sim/cli/cli_progress.h"

static double progress_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Points of the whole command, for the ETA. */
void cli_progress_start(struct cli_progress *p)
{
    const struct cli_opts *o = p->j->o;
    int n = cli_job_n_runs(p->j);
    char why[CLI_WHY_LEN];

    p->t0_s = progress_now_s();
    if (sim_open_load_on(&p->j->cfg.run.open)) {
        p->total_points = n;        /* open loop: one point per run */
        return;
    }
    for (int i = 0; i < n; i++) {
        const struct sim_setup *at = sim_setup_of_run(&p->j->cfg, i);
        struct wl_matrix_cfg mc = at->run.matrix;
        struct wl_matrix *m = NULL;
        mc.num_disks = o->cmd == CLI_SWEEP && !p->j->over ? o->counts[i] : at->run.disks;
        if (wl_matrix_build(&mc, &m, why, sizeof why) == 0) {
            p->total_points += m->n_points;
            wl_matrix_free(m);
        }
    }
}

static void format_eta(double s, char *buf, size_t len)
{
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, len, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else
        snprintf(buf, len, "%ldm%02lds", t / 60, t % 60);
}

/* --progress: "asmsim: 12/29 points (41 %), 4 disks, small 8 large 0:
   612.3 MBPS 0 IOPS, elapsed 0m12s, ETA 0m17s"; "\r"-updated on a
   terminal, one line per point otherwise. */
static void progress_line(struct cli_progress *p, int run_index,
                          const struct sim_point_result *r)
{
    double el = progress_now_s() - p->t0_s;
    int done = ++p->done_points;
    int total = p->total_points > done ? p->total_points : done;
    char eta[32], elapsed[32], name[SIM_OVER_NAME_MAX + SIM_OVER_VALUE_MAX + 8];

    cli_job_run_name(p->j, run_index, name, sizeof name);
    format_eta(el, elapsed, sizeof elapsed);
    format_eta(el / done * (total - done), eta, sizeof eta);
    if (p->j->tty)
        fputs("\r\033[K", stderr);
    fprintf(stderr, "asmsim: %d/%d points (%d %%), %s, small %d large "
            "%d: %.1f MBPS %.0f IOPS, elapsed %s, ETA %s", done, total,
            done * 100 / total, name, r->small, r->large, r->cls[WL_LARGE].mbps,
            r->cls[WL_SMALL].iops, elapsed, eta);
    if (p->j->tty)
        p->shown = true;
    else
        fputc('\n', stderr);
    fflush(stderr);
}

void cli_progress_jobs_note(const struct cli_job *j)
{
    const struct cli_opts *o = j->o;
    const struct sim_setup *cfg = &j->cfg;

    if (o->jobs <= 1 || o->quiet || sim_open_load_on(&cfg->run.open))
        return;
    if (o->cmd == CLI_SWEEP) {
        if (!dev_has(cfg->run.backend, DEV_CAP_VIRTUAL_CLOCK))
            fprintf(stderr, "asmsim: --jobs %d: the %s engine runs one disk "
                    "count at a time (on a real clock, runs at once would "
                    "mix their figures)\n", o->jobs, cfg->run.backend->name);
        return;
    }
    if (!dev_has(cfg->run.backend, DEV_CAP_VIRTUAL_CLOCK))
        fprintf(stderr, "asmsim: --jobs %d: the %s engine runs one point at "
                "a time (on a real clock, points at once would mix their "
                "figures)\n", o->jobs, cfg->run.backend->name);
    else if (!sim_points_independent(&cfg->run))
        fprintf(stderr, "asmsim: --jobs %d: carried burst credits "
                "(--burst-credits carry) pass from point to point, so the "
                "points run one at a time\n", o->jobs);
}

void cli_progress_clear(struct cli_progress *p)
{
    if (p->shown)
        fputs("\r\033[K", stderr);
    p->shown = false;
}

void cli_progress_on_point(void *arg, int run_index, int point_index,
                           int n_points, const struct sim_point_result *r)
{
    struct cli_progress *p = arg;
    const struct cli_opts *o = p->j->o;

    if (p->line && !o->quiet) {
        progress_line(p, run_index, r);
        return;
    }
    if (o->quiet || !p->j->tty)
        return;
    char name[SIM_OVER_NAME_MAX + SIM_OVER_VALUE_MAX + 8];
    bool sweep = o->cmd == CLI_SWEEP && run_index < cli_job_n_runs(p->j);
    cli_job_run_name(p->j, run_index, name, sizeof name);
    fputs("\r\033[K", stderr);
    if (sweep)
        fprintf(stderr, "  %s:", name);
    fprintf(stderr, "  point %d/%d (small %d, large %d)", point_index + 1,
            n_points, r->small, r->large);
    p->shown = true;
    if (sweep && point_index + 1 == n_points) {
        cli_progress_clear(p);
        fprintf(stderr, "asmsim: %s done (%d points)\n", name, n_points);
    }
    fflush(stderr);
}
