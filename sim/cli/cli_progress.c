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
    int n = o->cmd == CLI_SWEEP ? o->n_counts : 1;
    char why[CLI_WHY_LEN];

    p->t0_s = progress_now_s();
    if (sim_open_load_on(&p->j->cfg.run.open)) {
        p->total_points = n;        /* open loop: one point per run */
        return;
    }
    for (int i = 0; i < n; i++) {
        struct wl_matrix_cfg mc = p->j->cfg.run.matrix;
        struct wl_matrix *m = NULL;
        mc.num_disks = o->cmd == CLI_SWEEP ? o->counts[i] : p->j->cfg.run.disks;
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
    const struct cli_opts *o = p->j->o;
    double el = progress_now_s() - p->t0_s;
    int done = ++p->done_points;
    int total = p->total_points > done ? p->total_points : done;
    char eta[32], elapsed[32];

    format_eta(el, elapsed, sizeof elapsed);
    format_eta(el / done * (total - done), eta, sizeof eta);
    if (p->j->tty)
        fputs("\r\033[K", stderr);
    fprintf(stderr, "asmsim: %d/%d points (%d %%), %d disk%s, small %d large "
            "%d: %.1f MBPS %.0f IOPS, elapsed %s, ETA %s", done, total,
            done * 100 / total,
            o->cmd == CLI_SWEEP ? o->counts[run_index] : p->j->cfg.run.disks,
            (o->cmd == CLI_SWEEP ? o->counts[run_index] : p->j->cfg.run.disks) == 1
                ? "" : "s", r->small, r->large, r->cls[WL_LARGE].mbps,
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
    fputs("\r\033[K", stderr);
    if (o->cmd == CLI_SWEEP && run_index < o->n_counts)
        fprintf(stderr, "  %d disk%s:", o->counts[run_index],
                o->counts[run_index] == 1 ? "" : "s");
    fprintf(stderr, "  point %d/%d (small %d, large %d)", point_index + 1,
            n_points, r->small, r->large);
    p->shown = true;
    if (o->cmd == CLI_SWEEP && point_index + 1 == n_points &&
        run_index < o->n_counts) {
        cli_progress_clear(p);
        fprintf(stderr, "asmsim: %d disk%s done (%d points)\n",
                o->counts[run_index], o->counts[run_index] == 1 ? "" : "s",
                n_points);
    }
    fflush(stderr);
}
