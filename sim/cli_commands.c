/*
 * cli_commands.c - the subcommands of `asmsim`: run, sweep, orion and
 * profiles.  Executes what cli_options.c / cli_orion.c parsed and prints.
 *
 * Every command follows the same order, so that a mistake costs nothing:
 *
 *   1. parse and validate every option, resolve profiles, layout and
 *      matrix, check that every output path can be written;  any error is
 *      one line on stderr and exit status 2, and nothing has been written;
 *   2. create the output directory, print the resolved configuration;
 *   3. run (sim_run / sim_sweep), with progress on stderr when it is a
 *      terminal and --quiet is not given: a "\r"-updated point counter,
 *      and one line per finished disk count of a sweep;
 *   4. write the outputs (ORION files, results JSON, sweep CSV) through
 *      report.h, which writes each file whole or not at all, and print the
 *      summary.  A failure here is a runtime failure: exit status 1.
 *
 * Interruption: the caller's SIGINT/SIGTERM handler sets the flag that
 * sim_point_opts.stop points at; the engine ends the point, sim_run returns
 * 1 with what was measured (marked incomplete), step 4 still writes every
 * output, and the command exits 130 after saying so.
 *
 * With --json - stdout carries the results JSON and nothing else: the
 * header, summary lines and sweep table are left out (errors and progress
 * go to stderr as always).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sim/cli.h"
#include "sim/cpu_usage.h"
#include "sim/report.h"
#include "sim/session.h"

#define WHY_LEN 512
#define LUN_NAME_LEN 112

/* Everything one run or sweep command needs besides the options. */
struct job {
    struct cli_opts *o;
    struct sim_run_cfg cfg;
    struct report_meta meta;
    char *command_line;
    char (*lun_names)[LUN_NAME_LEN];
    const char **luns;
    bool json_stdout;               /* --json -: stdout is JSON only */
    bool tty;                       /* stderr is a terminal */
    const struct cli_ui *ui;        /* --tui's live view, or NULL */
};

/* ---- small helpers -------------------------------------------------------- */

static int fail_usage(const char *why)
{
    fprintf(stderr, "asmsim: %s\n", why);
    return 2;
}

char *cli_join_command_line(int argc, char **argv)
{
    size_t len = sizeof "asmsim";
    char *s;

    for (int i = 0; i < argc; i++)
        len += strlen(argv[i]) + 1;
    s = malloc(len);
    if (!s)
        return NULL;
    strcpy(s, "asmsim");
    for (int i = 0; i < argc; i++) {
        strcat(s, " ");
        strcat(s, argv[i]);
    }
    return s;
}

/* LUN names of modelled volumes: "DATA_0000 (gp3 250 GiB)". */
static int make_luns(struct job *j, int disks)
{
    char size[32];

    j->lun_names = calloc((size_t)disks, sizeof *j->lun_names);
    j->luns = calloc((size_t)disks, sizeof *j->luns);
    if (!j->lun_names || !j->luns)
        return -ENOMEM;
    if (j->o->engine == CLI_ENGINE_AIO) {     /* real targets: their paths */
        for (int d = 0; d < disks; d++)
            j->luns[d] = d < j->o->n_targets ? j->o->targets[d] : "?";
        return 0;
    }
    prof_format_size(j->o->volume.size_bytes, size, sizeof size);
    for (int d = 0; d < disks; d++) {
        snprintf(j->lun_names[d], LUN_NAME_LEN, "DATA_%04d (%s %s)", d,
                 j->o->volume.type, size);
        j->luns[d] = j->lun_names[d];
    }
    return 0;
}

static void job_free(struct job *j)
{
    free(j->command_line);
    free(j->lun_names);
    free(j->luns);
}

static int job_init(struct job *j, struct cli_opts *o, int argc, char **argv)
{
    int max_disks = o->cmd == CLI_SWEEP ? o->counts[o->n_counts - 1]
                                        : o->disks;

    if (o->engine == CLI_ENGINE_AIO && o->cmd != CLI_SWEEP)
        max_disks = o->n_targets;

    j->o = o;
    j->json_stdout = o->json_path && strcmp(o->json_path, "-") == 0;
    j->tty = isatty(STDERR_FILENO) == 1;
    j->command_line = cli_join_command_line(argc, argv);
    if (!j->command_line || make_luns(j, max_disks) != 0)
        return -ENOMEM;
    j->meta.testname = o->testname;
    j->meta.command_line = j->command_line;
    j->meta.version = ASMSIM_VERSION;
    j->meta.luns = j->luns;
    j->meta.n_luns = max_disks;
    return 0;
}

/* ---- progress ------------------------------------------------------------- */

struct progress {
    const struct job *j;
    bool shown;                     /* a "\r" line is on the terminal */
    bool line;                      /* --progress (or --tui without a
                                       terminal): the status line with ETA */
    int total_points, done_points;  /* over every disk count */
    double t0_s;
};

static double progress_now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Points of the whole command, for the ETA. */
static void progress_start(struct progress *p)
{
    const struct cli_opts *o = p->j->o;
    int n = o->cmd == CLI_SWEEP ? o->n_counts : 1;
    char why[WHY_LEN];

    p->t0_s = progress_now_s();
    for (int i = 0; i < n; i++) {
        struct wl_matrix_cfg mc = p->j->cfg.matrix;
        struct wl_matrix *m = NULL;
        mc.num_disks = o->cmd == CLI_SWEEP ? o->counts[i] : p->j->cfg.disks;
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
static void progress_line(struct progress *p, int run_index,
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
            o->cmd == CLI_SWEEP ? o->counts[run_index] : p->j->cfg.disks,
            (o->cmd == CLI_SWEEP ? o->counts[run_index] : p->j->cfg.disks) == 1
                ? "" : "s", r->small, r->large, r->mbps, r->iops, elapsed, eta);
    if (p->j->tty)
        p->shown = true;
    else
        fputc('\n', stderr);
    fflush(stderr);
}

static void progress_clear(struct progress *p)
{
    if (p->shown)
        fputs("\r\033[K", stderr);
    p->shown = false;
}

static void on_point(void *arg, int run_index, int point_index, int n_points,
                     const struct sim_point_result *r)
{
    struct progress *p = arg;
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
        progress_clear(p);
        fprintf(stderr, "asmsim: %d disk%s done (%d points)\n",
                o->counts[run_index], o->counts[run_index] == 1 ? "" : "s",
                n_points);
    }
    fflush(stderr);
}

/* ---- printing ------------------------------------------------------------- */

static void print_instance(FILE *f, const struct inst_profile *in)
{
    if (in->max_bytes_per_s <= 0 && in->max_iops <= 0) {
        fprintf(f, "  instance  %s (no instance limit)\n", in->name);
        return;
    }
    fprintf(f, "  instance  %s (%s): %.2f", in->name, in->provider,
            in->base_bytes_per_s / 1e6);
    if (in->burst)
        fprintf(f, " -> %.2f", in->max_bytes_per_s / 1e6);
    fprintf(f, " MB/s, %.0f", in->base_iops);
    if (in->burst)
        fprintf(f, " -> %.0f", in->max_iops);
    fprintf(f, " IOPS%s\n", in->burst ? " (maximum for 30 min per 24 h)"
                                      : "");
}

static void print_volume(FILE *f, const struct cli_opts *o)
{
    const struct vol_profile *v = &o->volume;

    fprintf(f, "  volume    %s: %.0f IOPS, %.1f MiB/s", v->spec, v->iops_base,
            v->tput_base_bytes_per_s / (1024.0 * 1024.0));
    if (v->iops_burst > v->iops_base)
        fprintf(f, " (burst %.0f IOPS)", v->iops_burst);
    if (v->tput_burst_bytes_per_s > v->tput_base_bytes_per_s)
        fprintf(f, " (burst %.1f MiB/s)",
                v->tput_burst_bytes_per_s / (1024.0 * 1024.0));
    fprintf(f, ", $%.2f/month; burst credits %.0f %%\n", v->price_usd_month,
            o->burst_credit_frac * 100.0);
}

static void print_layout(FILE *f, const struct cli_opts *o, const char *disks)
{
    char size[32];

    fprintf(f, "  disks     %s\n", disks);
    fprintf(f, "  layout    %s", lay_striping_name(o->striping));
    if (o->striping == LAY_RAID0) {
        prof_format_size(o->stripe_bytes, size, sizeof size);
        fprintf(f, ", stripe %s", size);
    } else if (o->striping != LAY_CONCAT) {
        prof_format_size(o->au_bytes, size, sizeof size);
        fprintf(f, ", AU %s", size);
    }
    fprintf(f, ", %s redundancy", lay_redundancy_name(o->redundancy));
    if (o->failgroups > 0)
        fprintf(f, ", %d failure groups", o->failgroups);
    fputc('\n', f);
}

static void print_workload(FILE *f, const struct cli_opts *o)
{
    char small[32], large[32];

    prof_format_size(o->small_bytes, small, sizeof small);
    prof_format_size(o->large_bytes, large, sizeof large);
    fprintf(f, "  workload  run %s", wl_run_name(o->run));
    if (o->run == WL_RUN_ADVANCED)
        fprintf(f, " (matrix %s)", wl_matrix_name(o->matrix));
    fprintf(f, ": small %s random, large %s %s", small, large,
            o->large_type == WL_LARGE_SEQ ? "sequential" : "random");
    if (o->large_type == WL_LARGE_SEQ)
        fprintf(f, " (%d I/Os per stream)", o->stream_io);
    fprintf(f, ", %d %% writes\n", o->write_pct);
    if (o->auto_duration)
        fprintf(f, "  points    auto duration (95 %% CI within 1 %%, at most "
                "%.0f s)", (double)o->duration_ns / 1e9);
    else
        fprintf(f, "  points    %.3g s each", (double)o->duration_ns / 1e9);
    if (o->warmup_ns == SIM_WARMUP_AUTO)
        fprintf(f, ", warm-up auto");
    else
        fprintf(f, ", warm-up %.3g s", (double)o->warmup_ns / 1e9);
    fprintf(f, ", seed %llu\n", (unsigned long long)o->seed);
}

/* The header of a run on real targets or the null engine. */
static void print_header_real(FILE *f, const struct job *j)
{
    const struct cli_opts *o = j->o;
    char disks[200], size[32];
    int n = o->cmd == CLI_SWEEP ? o->counts[o->n_counts - 1] : o->disks;

    if (o->engine == CLI_ENGINE_NULL) {
        fprintf(f, "asmsim %s %s: null engine (I/O completes at once: "
                "measures asmsim itself)\n", ASMSIM_VERSION,
                o->cmd == CLI_SWEEP ? "sweep" : "run");
        snprintf(disks, sizeof disks, "%s%d null disks", o->cmd == CLI_SWEEP ?
                 "up to " : "", n);
    } else {
        prof_format_size(o->volume.size_bytes, size, sizeof size);
        fprintf(f, "asmsim %s %s: real targets (aio engine, O_DIRECT), "
                "opened %s\n", ASMSIM_VERSION,
                o->cmd == CLI_SWEEP ? "sweep" : "run",
                o->write_pct > 0 ? "read-write: WRITES DESTROY DATA ON THEM"
                                 : "read-only");
        for (int d = 0; d < o->n_targets; d++)
            fprintf(f, "  target    %s\n", o->targets[d]);
        snprintf(disks, sizeof disks, "%s%d target%s, %s used on each%s",
                 o->cmd == CLI_SWEEP ? "the first N of " : "", o->n_targets,
                 o->n_targets == 1 ? "" : "s", size,
                 o->size_limit_bytes ? " (--size-limit)" : "");
    }
    print_layout(f, o, disks);
    print_workload(f, o);
    fputc('\n', f);
}

static void print_header(FILE *f, const struct job *j)
{
    const struct cli_opts *o = j->o;
    char disks[200], size[32];

    if (o->engine == CLI_ENGINE_AIO || o->engine == CLI_ENGINE_NULL) {
        print_header_real(f, j);
        return;
    }

    prof_format_size(o->volume.size_bytes, size, sizeof size);
    if (o->cmd == CLI_SWEEP)
        snprintf(disks, sizeof disks, "%s (%d disk counts) x %s %s, named "
                 "DATA_0000 ...", o->volumes_text, o->n_counts,
                 o->volume.type, size);
    else
        snprintf(disks, sizeof disks, "%d x %s %s, named DATA_0000 ...",
                 o->disks, o->volume.type, size);
    fprintf(f, "asmsim %s %s: modelled volumes\n", ASMSIM_VERSION,
            o->cmd == CLI_SWEEP ? "sweep" : "run");
    print_instance(f, &o->instance);
    print_volume(f, o);
    print_layout(f, o, disks);
    print_workload(f, o);
    fputc('\n', f);
}

static void print_points(FILE *f, const struct sim_run_result *r)
{
    fprintf(f, "\n%6s %6s %10s %10s %12s %12s  %s\n", "small", "large",
            "MBPS", "IOPS", "avg lat us", "p99 lat us", "limit");
    for (int i = 0; i < r->n_points; i++) {
        const struct sim_point_result *p = &r->points[i];
        fprintf(f, "%6d %6d %10.2f %10.0f %12.1f %12.1f  %s\n", p->small,
                p->large, p->mbps, p->iops, p->small_lat.avg_us,
                p->small_lat.p99_us, sim_limit_label(p->limited_by));
    }
}

/* Real-time backends: errors, CPU per I/O, and whether asmsim itself was
   the bottleneck (cpu_usage.h). */
static void print_real_facts(FILE *f, const struct job *j,
                             const struct sim_run_result *r)
{
    const char *backend = j->cfg.backend ? j->cfg.backend->name : "";
    uint64_t small_err = 0, large_err = 0, ios = 0;
    double user = 0, sys = 0, busy = 0, irq = 0;
    int bound = 0;

    if (strcmp(backend, "model") == 0 || r->n_points == 0)
        return;
    for (int i = 0; i < r->n_points; i++) {
        const struct sim_point_result *p = &r->points[i];
        uint64_t n = p->small_ios + p->large_ios;
        small_err += p->small_errors;
        large_err += p->large_errors;
        user += p->cpu_user_us_per_io * (double)n;
        sys += p->cpu_sys_us_per_io * (double)n;
        busy += p->machine_busy_pct;
        irq += p->machine_irq_pct;
        ios += n;
        bound += sim_cpu_generator_bound(p, backend);
    }
    fprintf(f, "I/O errors: %llu (small %llu, large %llu)",
            (unsigned long long)(small_err + large_err),
            (unsigned long long)small_err, (unsigned long long)large_err);
    for (int d = 0; small_err + large_err > 0 && d < r->disks; d++)
        fprintf(f, "%s%s=%llu", d ? ", " : "; per disk: ",
                j->luns && d < j->meta.n_luns ? j->luns[d] : "?",
                (unsigned long long)sim_run_disk_errors(r, d));
    fputc('\n', f);
    fprintf(f, "CPU per I/O (asmsim): user %.2f us, sys %.2f us; machine "
            "%.1f %% busy, irq+softirq %.1f %% (means over %d points)\n",
            ios ? user / (double)ios : 0, ios ? sys / (double)ios : 0,
            busy / r->n_points, irq / r->n_points, r->n_points);
    if (bound)
        fprintf(f, "warning: at %d of %d points asmsim's worker was at least "
                "%.0f %% busy: the generator, not the devices, was the "
                "bottleneck there\n", bound, r->n_points,
                SIM_GENERATOR_BOUND_FRAC * 100);
    if (r->failed)
        fprintf(f, "Stopped: %s\n", r->failed_why);
}

static void print_run_summary(FILE *f, const struct job *j,
                              const struct sim_run_result *r)
{
    report_summary_lines(f, &r->summary);
    print_real_facts(f, j, r);
    fprintf(f, "Binding limit: %s\n", sim_limit_label(r->summary.limited_by));
    if (r->incomplete)
        fprintf(f, "(incomplete: %d of %d points measured)\n", r->n_points,
                r->matrix ? r->matrix->n_points : r->n_points);
    if (j->o->verbose)
        print_points(f, r);
}

/* ---- outputs -------------------------------------------------------------- */

static int results_json_path(const struct job *j, char *path, size_t len)
{
    int n = snprintf(path, len, "%s/%s_%s_results.json", j->o->output_dir,
                     j->o->testname, j->meta.stamp);
    return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

static int write_json(struct job *j, const struct sim_run_result *run,
                      const struct sim_sweep_result *sweep, char *why,
                      size_t why_len)
{
    char path[4096];
    int rc;

    if (j->o->output_dir && j->o->cmd != CLI_ORION) {   /* ORION: its files only */
        if (results_json_path(j, path, sizeof path) != 0) {
            snprintf(why, why_len, "--output-dir %s: path too long",
                     j->o->output_dir);
            return -ENAMETOOLONG;
        }
        rc = report_json_write(path, &j->meta, &j->cfg, run, sweep, why,
                               why_len);
        if (rc)
            return rc;
    }
    if (j->o->json_path)
        return report_json_write(j->o->json_path, &j->meta, &j->cfg, run,
                                 sweep, why, why_len);
    return 0;
}

static int write_run_outputs(struct job *j, const struct sim_run_result *r,
                             char *why, size_t why_len)
{
    int rc;

    j->meta.n_luns = r->disks;
    if (j->o->output_dir) {
        rc = report_orion_files(j->o->output_dir, j->o->testname, &j->meta,
                                &j->cfg, r, why, why_len);
        if (rc)
            return rc;
    }
    return write_json(j, r, NULL, why, why_len);
}

static int write_sweep_outputs(struct job *j, const struct sim_sweep_result *s,
                               char *why, size_t why_len)
{
    const struct sim_run_result *last = s->n_runs ? s->runs[s->n_runs - 1]
                                                  : NULL;
    char path[4096];
    int rc;

    for (int i = 0; j->o->output_dir && i < s->n_runs; i++) {
        struct sim_run_cfg cfg;
        char prefix[CLI_TESTNAME_MAX + 32];

        cli_opts_to_cfg(j->o, s->runs[i]->disks, &cfg);
        cfg.layout.disk_failgroup = NULL;
        snprintf(prefix, sizeof prefix, "%s_%ddisks", j->o->testname,
                 s->runs[i]->disks);
        j->meta.n_luns = s->runs[i]->disks;
        rc = report_orion_files(j->o->output_dir, prefix, &j->meta, &cfg,
                                s->runs[i], why, why_len);
        if (rc)
            return rc;
    }
    if (j->o->output_dir) {
        snprintf(path, sizeof path, "%s/%s_sweep.csv", j->o->output_dir,
                 j->o->testname);
        if ((rc = report_sweep_csv(path, &j->cfg, s, why, why_len)) != 0)
            return rc;
    }
    if (last)
        j->meta.n_luns = last->disks;
    return write_json(j, last, s, why, why_len);
}

/* ---- run and sweep -------------------------------------------------------- */

/* Steps 1 for run / sweep / orion: validate; 0 or the exit status. */
static int prepare(struct job *j, struct cli_opts *o, int argc, char **argv)
{
    char why[WHY_LEN];

    if (cli_opts_resolve(o, &j->cfg, why, sizeof why) != 0 ||
        cli_check_outputs(o, why, sizeof why) != 0)
        return fail_usage(why);
    if (job_init(j, o, argc, argv) != 0) {
        fprintf(stderr, "asmsim: out of memory\n");
        return 1;
    }
    return 0;
}

static int make_output_dir(const struct cli_opts *o)
{
    int rc;

    if (!o->output_dir || (rc = report_mkdir_p(o->output_dir)) == 0)
        return 0;
    fprintf(stderr, "asmsim: --output-dir %s: cannot create it: %s\n",
            o->output_dir, strerror(-rc));
    return 1;
}

static int finish(int rc_run, bool interrupted)
{
    if (rc_run)
        return rc_run;
    if (interrupted) {
        fprintf(stderr, "asmsim: interrupted; partial results written\n");
        return 130;
    }
    return 0;
}

/* sim_run or sim_sweep; with --tui on a terminal, in a batch session the
   live view watches; without a terminal --tui falls back to --progress. */
static int run_or_sweep(struct job *j, struct progress *prog,
                        struct sim_run_result **run,
                        struct sim_sweep_result **sweep, char *why,
                        size_t why_len)
{
    const struct cli_opts *o = j->o;
    bool is_sweep = o->cmd == CLI_SWEEP;
    int rc;

    if (o->tui && j->ui && j->ui->watch && !j->json_stdout &&
        isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
        struct sim_session_cfg sc = {
            .run = j->cfg,
            .batch = true,
            .counts = is_sweep ? o->counts : NULL,
            .n_counts = is_sweep ? o->n_counts : 0,
            .speed = o->speed < 0 ? 1.0 : o->speed,
            .output_dir = o->output_dir,
            .testname = o->testname,
            .command_line = j->command_line,
        };
        sim_session *s = NULL;

        if ((rc = sim_session_create(&sc, &s, why, why_len)) < 0)
            return rc;
        if ((rc = sim_session_start(s)) == 0) {
            j->ui->watch(j->ui->arg, s, o);
            rc = sim_session_take(s, run, sweep, why, why_len);
        } else {
            snprintf(why, why_len, "cannot start the engine thread: %s",
                     strerror(-rc));
        }
        sim_session_destroy(s);
        return rc;
    }
    prog->line = o->progress || o->tui;
    if (prog->line)
        progress_start(prog);
    if (is_sweep)
        return sim_sweep(&j->cfg, o->counts, o->n_counts, on_point, prog,
                         sweep, why, why_len);
    return sim_run(&j->cfg, on_point, prog, run, why, why_len);
}

/* Steps 2 and 3 of run, sweep and orion: the stop flag, the stamp
   (orion's is taken earlier, for its banner), the output directory, then
   run_or_sweep with progress.  0 or 1 (stopped early) with the result, or
   -1 when the message is out (exit status 1). */
static int measure(struct job *j, volatile sig_atomic_t *stop,
                   struct sim_run_result **run,
                   struct sim_sweep_result **sweep)
{
    struct progress prog = { .j = j };
    char why[WHY_LEN];
    int rc;

    j->cfg.point.stop = stop;
    if (!j->meta.stamp[0])
        report_stamp_now(&j->meta);
    if (make_output_dir(j->o) != 0)
        return -1;
    rc = run_or_sweep(j, &prog, run, sweep, why, sizeof why);
    progress_clear(&prog);
    if (rc < 0) {
        fprintf(stderr, "asmsim: %s failed: %s\n", sweep ? "sweep" : "run",
                why);
        return -1;
    }
    return rc;
}

static int execute_run(struct job *j, volatile sig_atomic_t *stop)
{
    struct sim_run_result *r = NULL;
    char why[WHY_LEN];
    int rc, status = 0;

    char device_info[8192] = "";

    if (j->o->verbose) {            /* the backend says what it found */
        j->cfg.device_info = device_info;
        j->cfg.device_info_len = sizeof device_info;
    }
    if ((rc = measure(j, stop, &r, NULL)) < 0)
        return 1;
    if (write_run_outputs(j, r, why, sizeof why) != 0) {
        fprintf(stderr, "asmsim: %s\n", why);
        status = 1;
    }
    if (!j->json_stdout) {
        if (j->o->cmd == CLI_ORION) {
            report_summary_lines(stdout, &r->summary);
            print_real_facts(stdout, j, r);
            if (j->o->verbose)
                print_points(stdout, r);
        } else
            print_run_summary(stdout, j, r);
        if (device_info[0])
            printf("\nDevices:\n%s", device_info);
    }
    if (r->failed) {
        fprintf(stderr, "asmsim: %s; the points measured before it are "
                "written\n", r->failed_why);
        status = 1;
    }
    sim_run_free(r);
    return finish(status, rc == 1 || (stop && *stop));
}

static int execute_sweep(struct job *j, volatile sig_atomic_t *stop)
{
    struct sim_sweep_result *s = NULL;
    char why[WHY_LEN];
    int rc, status = 0;

    if ((rc = measure(j, stop, NULL, &s)) < 0)
        return 1;
    if (write_sweep_outputs(j, s, why, sizeof why) != 0) {
        fprintf(stderr, "asmsim: %s\n", why);
        status = 1;
    }
    if (!j->json_stdout)
        report_sweep_table(stdout, &j->cfg, s);
    sim_sweep_free(s);
    return finish(status, rc == 1 || (stop && *stop));
}

/* ---- orion ---------------------------------------------------------------- */

/* Without --instance/--volume (or --engine model/null) ORION drives the
   LUNs listed in <testname>.lun: load them as targets.  0 or exit 2. */
static int orion_load_luns(struct cli_opts *o)
{
    char path[CLI_TESTNAME_MAX + 8];
    char why[WHY_LEN];

    snprintf(path, sizeof path, "%s.lun", o->testname);
    int rc = cli_read_lun_file(o, path, why, sizeof why);

    if (rc == 0)
        return 0;
    if (rc == -ENOENT || rc == -EACCES)
        fprintf(stderr, "asmsim orion: %s: cannot read it (%s); list the "
                "devices in %s, one per line, or give --instance/--volume to "
                "run modelled volumes\n", path, strerror(-rc), path);
    else
        fprintf(stderr, "asmsim orion: %s: %s\n", path, why);
    return 2;
}

static void orion_banner(const struct job *j)
{
    struct wl_matrix *m = NULL;
    struct wl_matrix_cfg mc = j->cfg.matrix;
    char why[WHY_LEN];
    bool real = j->o->engine == CLI_ENGINE_AIO;

    printf("ORION: ORacle IO Numbers -- asmsim %s (%s)\n", ASMSIM_VERSION,
           real ? "real LUNs, aio engine" :
           j->o->engine == CLI_ENGINE_NULL ? "null engine" : "modelled volumes");
    printf("%s_%s\n", j->o->testname, j->meta.stamp);
    if (!real)
        printf("Volumes: %d x %s on instance %s\n", j->o->disks,
               j->o->volume.spec, j->o->instance.name);
    if (j->cfg.matrix_disks > 0)
        mc.num_disks = j->cfg.matrix_disks;
    if (wl_matrix_build(&mc, &m, why, sizeof why) == 0) {
        printf("Total Data Points: %d\n", m->orion_total_points);
        wl_matrix_free(m);
    }
    for (int d = 0; d < j->meta.n_luns; d++)
        printf("Name: %s\n", j->luns[d]);
    printf("%d FILEs found.\n\n", j->meta.n_luns);
    fflush(stdout);
}

static void orion_intro(struct job *j)
{
    report_stamp_now(&j->meta);
    if (!j->json_stdout)
        orion_banner(j);
}

/* Without --instance/--volume and on the aio engine: the .lun file. */
static int orion_targets(struct cli_opts *o)
{
    if ((o->given & (CLI_GIVEN_INSTANCE | CLI_GIVEN_VOLUME)) ||
        o->engine == CLI_ENGINE_MODEL || o->engine == CLI_ENGINE_NULL)
        return 0;
    return orion_load_luns(o);
}

/* ---- the commands --------------------------------------------------------- */

static void run_intro(struct job *j)
{
    if (!j->json_stdout)
        print_header(stdout, j);
    fflush(stdout);
}

/* What tells run, sweep and orion apart; run_command() is the rest. */
struct command {
    enum cli_cmd cmd;
    int (*parse)(struct cli_opts *o, int argc, char **argv, char *why,
                 size_t why_len);
    int (*targets)(struct cli_opts *o);     /* optional: 0 or exit status,
                                               the message printed */
    void (*intro)(struct job *j);           /* the header or the banner */
    int (*execute)(struct job *j, volatile sig_atomic_t *stop);
};

static const struct command run_cmd = {
    .cmd = CLI_RUN, .parse = cli_opts_parse, .intro = run_intro,
    .execute = execute_run,
};
static const struct command sweep_cmd = {
    .cmd = CLI_SWEEP, .parse = cli_opts_parse, .intro = run_intro,
    .execute = execute_sweep,
};
static const struct command orion_cmd = {
    .cmd = CLI_ORION, .parse = cli_orion_parse, .targets = orion_targets,
    .intro = orion_intro, .execute = execute_run,
};

/* Parse (or print the help), validate, print the header or banner and
   execute; the exit status. */
static int run_command(const struct command *c, int argc, char **argv,
                       volatile sig_atomic_t *stop, const struct cli_ui *ui)
{
    struct cli_opts *o = malloc(sizeof *o);
    struct job j = { .ui = ui };
    char why[WHY_LEN];
    int rc;

    if (!o)
        return 1;
    cli_opts_defaults(o, c->cmd);
    rc = c->parse(o, argc, argv, why, sizeof why);
    if (rc == CLI_HELP) {
        cli_usage(stdout, c->cmd);
        rc = 0;
    } else if (rc < 0) {
        rc = fail_usage(why);
    } else if (c->targets && (rc = c->targets(o)) != 0) {
        /* the message is out */
    } else if ((rc = prepare(&j, o, argc, argv)) == 0) {
        c->intro(&j);
        rc = c->execute(&j, stop);
    }
    job_free(&j);
    free(o);
    return rc;
}

int cli_cmd_run(int argc, char **argv, volatile sig_atomic_t *stop)
{
    return run_command(&run_cmd, argc, argv, stop, NULL);
}

int cli_cmd_run_ui(int argc, char **argv, volatile sig_atomic_t *stop,
                   const struct cli_ui *ui)
{
    return run_command(&run_cmd, argc, argv, stop, ui);
}

int cli_cmd_sweep(int argc, char **argv, volatile sig_atomic_t *stop)
{
    return run_command(&sweep_cmd, argc, argv, stop, NULL);
}

int cli_cmd_sweep_ui(int argc, char **argv, volatile sig_atomic_t *stop,
                     const struct cli_ui *ui)
{
    return run_command(&sweep_cmd, argc, argv, stop, ui);
}

int cli_cmd_orion(int argc, char **argv, volatile sig_atomic_t *stop)
{
    return run_command(&orion_cmd, argc, argv, stop, NULL);
}

/* ---- profiles ------------------------------------------------------------- */

static void list_volumes(void)
{
    printf("Volume types (spec: TYPE[:size=..,iops=..,throughput=..,vpu=..]):"
           "\n");
    for (int i = 0; i < prof_volume_type_count(); i++)
        printf("  %-14s %s\n", prof_volume_type_name(i),
               prof_volume_type_summary(i));
}

static void list_instances(void)
{
    struct inst_profile in;

    printf("Instances (MB/s = 10^6 B/s; * = maximum for 30 min per 24 h):\n");
    printf("  %-22s %10s %10s %10s %10s\n", "name", "base MB/s", "max MB/s",
           "base IOPS", "max IOPS");
    for (int i = 0; i < prof_instance_count(); i++) {
        if (prof_instance_at(i, &in) != 0)
            continue;
        printf("  %-21s%s %10.2f %10.2f %10.0f %10.0f\n", in.name,
               in.burst ? "*" : " ", in.base_bytes_per_s / 1e6,
               in.max_bytes_per_s / 1e6, in.base_iops, in.max_iops);
    }
}

static int show_volume(const char *spec)
{
    struct vol_profile v;
    char why[WHY_LEN], size[32], unit[32];
    const double mib = 1024.0 * 1024.0;

    if (prof_volume_parse(spec, &v, why, sizeof why) != 0) {
        fprintf(stderr, "asmsim: profiles volumes %s: %s\n", spec, why);
        return 2;
    }
    prof_format_size(v.size_bytes, size, sizeof size);
    prof_format_size(v.io_unit_bytes, unit, sizeof unit);
    printf("volume      %s\n", v.spec);
    printf("type        %s (%s)\n", v.type, v.media == PROF_HDD ? "HDD" : "SSD");
    printf("size        %s\n", size);
    if (v.vpu >= 0)
        printf("VPU         %d per GB\n", v.vpu);
    printf("IOPS        %.0f", v.iops_base);
    if (v.iops_burst > v.iops_base)
        printf(" (burst %.0f, bucket %.0f I/Os)", v.iops_burst,
               v.iops_bucket_ops);
    printf("\nthroughput  %.1f MiB/s", v.tput_base_bytes_per_s / mib);
    if (v.tput_burst_bytes_per_s > v.tput_base_bytes_per_s)
        printf(" (burst %.1f MiB/s, bucket %.0f MiB)",
               v.tput_burst_bytes_per_s / mib, v.tput_bucket_bytes / mib);
    printf("\nI/O unit    %s\n", unit);
    printf("latency     read median %.3f ms, write median %.3f ms\n",
           v.lat.read_median_ns / 1e6, v.lat.write_median_ns / 1e6);
    printf("delivered   %.0f %% of IOPS, %.0f %% of throughput\n",
           v.delivered_iops_frac * 100.0, v.delivered_tput_frac * 100.0);
    printf("price       $%.2f per month\n", v.price_usd_month);
    return 0;
}

static int show_instance(const char *name)
{
    struct inst_profile in;
    char why[WHY_LEN];

    if (prof_instance_find(name, &in, why, sizeof why) != 0) {
        fprintf(stderr, "asmsim: profiles instances %s: %s\n", name, why);
        return 2;
    }
    printf("instance    %s\n", in.name);
    printf("provider    %s\n", in.provider[0] ? in.provider : "(none)");
    if (in.max_bytes_per_s <= 0 && in.max_iops <= 0) {
        printf("limits      none\n");
        return 0;
    }
    printf("throughput  %.2f MB/s baseline, %.2f MB/s maximum\n",
           in.base_bytes_per_s / 1e6, in.max_bytes_per_s / 1e6);
    printf("IOPS        %.0f baseline, %.0f maximum\n", in.base_iops,
           in.max_iops);
    if (in.burst)
        printf("burst       maximum for %.0f min from a full bucket, once per "
               "24 h\n", in.burst_seconds / 60.0);
    else
        printf("burst       none: the maximum holds\n");
    return 0;
}

int cli_cmd_profiles(int argc, char **argv)
{
    bool vols;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            cli_profiles_usage(stdout);
            return 0;
        }
    }
    if (argc == 1) {
        list_volumes();
        putchar('\n');
        list_instances();
        return 0;
    }
    if (strcmp(argv[1], "volumes") != 0 && strcmp(argv[1], "instances") != 0) {
        fprintf(stderr, "asmsim: %s: unknown profile kind; use volumes or "
                "instances. Try 'asmsim profiles --help'.\n", argv[1]);
        return 2;
    }
    if (argc > 3) {
        fprintf(stderr, "asmsim: %s: unexpected argument; give at most one "
                "name. Try 'asmsim profiles --help'.\n", argv[3]);
        return 2;
    }
    vols = strcmp(argv[1], "volumes") == 0;
    if (argc == 2) {
        if (vols)
            list_volumes();
        else
            list_instances();
        return 0;
    }
    return vols ? show_volume(argv[2]) : show_instance(argv[2]);
}

/* ---- help ----------------------------------------------------------------- */

void cli_main_usage(FILE *f)
{
    fputs(
"Usage: asmsim COMMAND [options]\n"
"ORION-style I/O numbers (Maximum Large MBPS, Maximum Small IOPS, Minimum\n"
"Small Latency) for Oracle ASM disk groups on modelled cloud volumes.\n"
"\n"
"Commands:\n"
"  run        one ORION-style run (a matrix of load points) on one disk group\n"
"  sweep      the same run for each disk count in --volumes (default 1-16)\n"
"  orion      ORION's own command line (-run simple -num_disks 4 ...)\n"
"  profiles   list volume types and instances, or show one\n"
"  tui        the live dashboard: watch a run and tune the disk group\n"
"\n"
"  asmsim COMMAND --help   options of a command\n"
"  asmsim --version        the version\n"
"\n"
"Exit status: 0 ok, 1 runtime failure, 2 bad usage or input, 130 interrupted.\n",
          f);
}

#define RUN_HELP_DEVICES \
"Modelled devices:\n" \
"  --instance NAME       EC2 instance type (m5.large, r5b.24xlarge, ...),\n" \
"                        oci-e4flex-N (N OCPUs) or none; default none\n" \
"  --volume SPEC         TYPE[:size=..,iops=..,throughput=..,vpu=..], e.g.\n" \
"                        gp3:size=125GiB,iops=4000,throughput=1000MiB/s;\n" \
"                        default gp3 (its defaults); see 'asmsim profiles'\n" \
"  --burst-credits B     full, empty or a percentage 0..100 (\"50%%\" or \"50\")\n" \
"                        of the credit buckets at the start; default full\n"
#define RUN_HELP_REST \
"Layout (ASM disk group):\n" \
"  --layout L            coarse, fine, raid0 or concat; default coarse\n" \
"  --au SIZE             allocation unit 1MiB..64MiB, power of two; default 1MiB\n" \
"  --stripe SIZE         raid0 stripe, power of two 4KiB..64MiB; default 1MiB\n" \
"  --redundancy R        external, normal or high; default external\n" \
"  --failgroups N        failure groups 1..%d; default one per disk\n" \
"  --layout-file F.json  a disk group description; its keys set defaults\n" \
"                        that the flags above override\n" \
"Workload:\n" \
"  --run R               simple, normal, oltp, dss or advanced; default simple\n" \
"  --matrix M            basic, detailed, point, col, row or max (implies\n" \
"                        --run advanced when --run is not given)\n" \
"  --num-small N         small load for point/col/max, 0..65536\n" \
"  --num-large N         large load for point/row/max, 0..65536\n" \
"  --size-small SIZE     small I/O, multiple of 4KiB up to 64MiB; default 8KiB\n" \
"  --size-large SIZE     large I/O, multiple of 4KiB up to 64MiB; default 128KiB\n" \
"  --type T              large I/O rand or seq; default rand\n" \
"  --stream-io N         seq: outstanding I/Os per stream, 1..1024; default 4\n" \
"  --write PCT           percent writes 0..100; default 0\n" \
"  --duration TIME|auto  per point: 90, 90s, 500ms, 2m, 1h (1ms..24h) or auto\n" \
"                        (until the 95 %% confidence half-width is under 1 %%,\n" \
"                        at most 60 s); default 60s\n" \
"  --warmup TIME|auto    unmeasured time before each point; default auto\n" \
"                        (until the pipeline is full)\n" \
"  --seed N              random seed, unsigned integer; default 1\n" \
"Real devices (aio engine, O_DIRECT; see the README's \"Real devices\"):\n" \
"  --target PATH         a file or block device; repeat for each disk\n" \
"  --lun-file FILE       targets listed one per line (ORION's .lun)\n" \
"  --engine E            model, aio or null (I/O completes at once: measures\n" \
"                        asmsim itself); default aio with targets, else model\n" \
"  --create SIZE         make missing target files of SIZE, marked as asmsim's\n" \
"                        (writable without --destroy-data)\n" \
"  --destroy-data        let writes (--write > 0) overwrite targets asmsim did\n" \
"                        not create; without --write targets open read-only\n" \
"  --ignore-signatures   overwrite even a target with a file system, partition\n" \
"                        table, LVM, MD-RAID or Oracle ASM signature\n" \
"  --size-limit SIZE     use at most SIZE bytes of each target\n" \
"  --threads N           I/O worker threads (default: one per NUMA node that\n" \
"                        hosts targets; 1 runs the I/O on the engine's thread)\n" \
"  Mounted or otherwise held block devices are always refused.\n" \
"Output:\n" \
"  --testname NAME       [A-Za-z0-9._-]+, at most %d characters; default asmsim\n" \
"  --output-dir DIR      write ORION's files (<testname>_<stamp>_summary.txt,\n" \
"                        _mbps.csv, _iops.csv, _lat.csv, _hist.txt) and\n" \
"                        <testname>_<stamp>_results.json%s; created if\n" \
"                        missing; default: no files\n" \
"  --json FILE|-         the results JSON to FILE, or to stdout alone with -\n" \
"  --quiet               no progress on stderr\n" \
"  --verbose             run: a per-point table after the summary\n" \
"  --tui                 the live dashboard (falls back to --progress when\n" \
"                        stdin/stdout is not a terminal)\n" \
"  --progress            one status line on stderr with the ETA\n" \
"  --speed N|max         --tui on modelled volumes: device seconds per\n" \
"                        second of wall time; default 1 (real time)\n" \
"  -h, --help            this help\n" \
"\n" \
"Sizes: 512 (bytes), 4k, 8KiB, 1MiB, 2TB.  Errors exit 2 before anything\n" \
"runs or is written; an interrupt (Ctrl-C) writes partial results, exit 130.\n"

void cli_usage(FILE *f, enum cli_cmd cmd)
{
    if (cmd == CLI_RUN) {
        fputs("Usage: asmsim run [options]\n"
              "One ORION-style run (a matrix of load points) on one disk "
              "group of modelled\nvolumes; prints the resolved configuration "
              "and ORION's three summary lines.\n\n", f);
        fprintf(f, RUN_HELP_DEVICES "%s" RUN_HELP_REST,
                "Disks:\n  --disks N             volumes in the disk group, "
                "1..1024; default 4\n", LAY_MAX_DISKS, CLI_TESTNAME_MAX, "");
    } else if (cmd == CLI_SWEEP) {
        fputs("Usage: asmsim sweep [options]\n"
              "The same run for each disk count; prints a table (disks, "
              "Maximum Large MBPS,\nMaximum Small IOPS, Minimum Small Latency, "
              "binding limit) and its reading.\n\n", f);
        fprintf(f, RUN_HELP_DEVICES "%s" RUN_HELP_REST,
                "Disks:\n  --volumes LIST        disk counts: \"1-16\", "
                "\"1,2,4,8,16\", \"2-8,12\"; each\n                        "
                "1..1024, at most 64 counts; default 1-16\n",
                LAY_MAX_DISKS, CLI_TESTNAME_MAX,
                "\n                        per disk count with prefix "
                "<testname>_<N>disks,\n                        one JSON with "
                "all runs and <testname>_sweep.csv");
    } else {
        fputs(
"Usage: asmsim orion -run simple|normal|advanced|oltp|dss [ORION flags]\n"
"                    [--instance NAME] [--volume SPEC] [model options]\n"
"ORION's command line.  With --instance or --volume it runs -num_disks\n"
"modelled volumes; without them it drives the files or devices listed in\n"
"<testname>.lun (one per line) with the aio engine, read-only unless\n"
"-write > 0, which needs --destroy-data (see 'asmsim run --help').\n"
"\n"
"ORION flags (ORION's defaults):\n"
"  -run R            simple, normal, advanced, oltp or dss (required)\n"
"  -testname T       [A-Za-z0-9._-]+; default orion (reads T.lun)\n"
"  -num_disks N      volumes, 1..1024; default 1\n"
"  -size_small K     small I/O in KiB, multiple of 4; default 8\n"
"  -size_large K     large I/O in KiB, multiple of 4; default 1024\n"
"  -type T           large I/O rand or seq; default rand\n"
"  -num_streamIO N   seq: outstanding I/Os per stream, 1..1024; default 4\n"
"  -simulate S       concat or raid0; default concat\n"
"  -stripe K         raid0 stripe in KiB, power of two; default 1024\n"
"  -write P          percent writes 0..100; default 0\n"
"  -cache_size M     MiB of unmeasured warm-up I/O per point; default: auto\n"
"  -duration S       seconds per point, 1..86400; default 60\n"
"  -matrix M         basic, detailed, point, col, row or max (-run advanced)\n"
"  -num_small N      small load for point/col/max\n"
"  -num_large N      large load for point/row/max\n"
"  -verbose          a per-point table after the summary\n"
"  -storax X, -hugenotneeded   accepted and ignored\n"
"Model options:\n"
"  --instance NAME   EC2 type, oci-e4flex-N or none; default none\n"
"  --volume SPEC     volume spec as for 'asmsim run'; default gp3\n"
"  --burst-credits B full, empty or 0..100 percent; default full\n"
"  --seed N          random seed; default 1\n"
"  --output-dir DIR  where ORION's files go; default the current directory\n"
"  --json FILE|-     the results JSON to FILE, or to stdout alone with -\n"
"  --quiet           no progress\n"
"Real devices:\n"
"  --destroy-data, --ignore-signatures, --size-limit SIZE, --engine E,\n"
"  --threads N       as for 'asmsim run'\n"
"  -h, --help        this help\n",
              f);
    }
}

void cli_profiles_usage(FILE *f)
{
    fputs(
"Usage: asmsim profiles [volumes|instances] [NAME]\n"
"  asmsim profiles                   list volume types and instances\n"
"  asmsim profiles volumes           list volume types with limits and prices\n"
"  asmsim profiles volumes SPEC      one volume resolved: limits, price (SPEC\n"
"                                    may be a full spec, e.g.\n"
"                                    \"gp3:size=125GiB,iops=4000\")\n"
"  asmsim profiles instances         list instances (EC2, oci-e4flex-N)\n"
"  asmsim profiles instances NAME    one instance: limits and burst\n",
          f);
}
