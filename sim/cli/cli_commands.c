/*
 * cli_commands.c - the run, sweep and orion subcommands: what tells them
 * apart (struct command) and the steps they share (run_command).
 *
 * The pieces are elsewhere: parsing in cli_options.c / cli_orion.c,
 * resolving in cli_resolve.c, the job in cli_job.c, the text on stdout in
 * cli_print.c, progress in cli_progress.c and the files in cli_results.c;
 * `asmsim profiles` is cli_profiles.c.  This file only puts them in order.
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
 * Interruption: the caller's SIGINT/SIGTERM/SIGHUP handler sets the flag that
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
#include <unistd.h>

#include "sim/cli/cli.h"
#include "sim/cli/cli_cluster.h"
#include "sim/cli/cli_job.h"
#include "sim/cli/cli_print.h"
#include "sim/cli/cli_progress.h"
#include "sim/cli/cli_results.h"
#include "sim/report/report.h"
#include "sim/session/session.h"

/* ---- run and sweep -------------------------------------------------------- */

static int fail_usage(const char *why)
{
    cli_print_error(stderr, "asmsim", why);
    return 2;
}

/* Steps 1 for run / sweep / orion: validate; 0 or the exit status. */
static int prepare(struct cli_job *j, struct cli_opts *o, int argc,
                   char **argv)
{
    char why[CLI_WHY_LEN];

    int rc = o->over.n > 0 ? cli_over_resolve(o, &j->cfg, &j->over, why, sizeof why)
                           : cli_opts_resolve(o, &j->cfg, why, sizeof why);
    if (rc != 0 || cli_check_outputs(o, why, sizeof why) != 0)
        return fail_usage(why);
    if (cli_job_init(j, o, argc, argv) != 0) {
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

static int finish(const struct cli_opts *o, int rc_run, bool interrupted)
{
    if (rc_run)
        return rc_run;
    if (interrupted) {
        bool files = o->output_dir || o->report_path ||
                     (o->json_path && strcmp(o->json_path, "-") != 0) ||
                     (o->fio_json_path && strcmp(o->fio_json_path, "-") != 0);
        fprintf(stderr, "asmsim: interrupted; partial results %s\n", files ? "written"
                : "printed; no files written (no --output-dir)");
        return 130;
    }
    return 0;
}

/* --tui without --speed: on modelled volumes, a pace at which the whole
   run takes about TUI_WALL_S of wall time (not real time: 29 points of
   60 s were an ETA of 37 min).  The device time is every point of every
   disk count at --duration, or with auto about AUTO_POINT_S (the default
   run's auto points measured 0.44 to 2.9 s of device time each), plus a
   fixed warm-up; the pace is rounded up to 1, 2 or 5 x 10^k, never below
   real time.  The dashboard shows it ("speed 20x"); its ETA then follows
   the points as they finish. */
#define TUI_WALL_S 60.0
#define AUTO_POINT_S 1.5

static double nice_speed_at_least(double x)
{
    double decade = 1;

    while (decade * 10 < x)
        decade *= 10;
    return x <= decade ? decade : x <= 2 * decade ? 2 * decade
         : x <= 5 * decade ? 5 * decade : 10 * decade;
}

double cli_tui_speed(const struct cli_opts *o, const struct sim_run_cfg *run)
{
    int n = o->cmd == CLI_SWEEP ? o->n_counts : 1;
    double point_s = o->auto_duration ? AUTO_POINT_S
                                      : (double)o->duration_ns / 1e9;
    double device_s = 0;
    char why[CLI_WHY_LEN];

    if (o->speed >= 0)
        return o->speed;
    if (o->engine != CLI_ENGINE_MODEL)
        return 1.0;                 /* not paced: real time anyway */
    if (o->warmup_ns != SIM_WARMUP_AUTO)
        point_s += (double)o->warmup_ns / 1e9;
    for (int i = 0; i < n; i++) {
        struct sim_setup cfg;
        struct wl_matrix *m = NULL;
        cli_opts_to_cfg(o, o->cmd == CLI_SWEEP ? o->counts[i] : o->disks, &cfg);
        if (run->matrix_disks > 0)
            cfg.run.matrix.num_disks = run->matrix_disks;
        if (wl_matrix_build(&cfg.run.matrix, &m, why, sizeof why) != 0)
            continue;               /* resolve built it already */
        device_s += m->n_points * point_s;
        wl_matrix_free(m);
    }
    return nice_speed_at_least(device_s / TUI_WALL_S);
}

/* A database workload's loads scaled on the dashboard (+/-): the run
   was measured at them, so the files say so, in the configuration and
   the command line (session.h: sim_session_db_load). */
static void take_db_loads(struct cli_job *j, sim_session *s)
{
    struct sim_setup launch = j->cfg;
    if (sim_session_db_load(s, &j->cfg.run.db.load) == 0)
        return;
    char *line = sim_session_db_command_line(j->command_line, &launch, &j->cfg);
    if (!line)
        return;
    free(j->command_line);
    j->command_line = line;
    j->meta.command_line = line;
}

/* A sweep --over: each value's run as resolved (cli_over.c). */
static int sweep_over(struct cli_job *j, struct cli_progress *prog,
                      struct sim_sweep_result **sweep, char *why, size_t why_len)
{
    int n = j->over->sweep.n;
    struct sim_run_cfg *runs = calloc((size_t)n, sizeof *runs);
    if (!runs) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    for (int i = 0; i < n; i++)
        runs[i] = cli_over_run_cfg(j->over, i, &j->cfg);
    int rc = sim_sweep(&(struct sim_sweep_spec){ runs, n, cli_progress_on_point, prog },
                       sweep, why, why_len);
    free(runs);
    return rc;
}

/* sim_run or sim_sweep; with --tui on a terminal, in a batch session the
   live view watches; without a terminal --tui falls back to --progress. */
static int run_or_sweep(struct cli_job *j, struct cli_progress *prog,
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
            .setup = j->cfg,
            .batch = true,
            .counts = is_sweep ? o->counts : NULL,
            .n_counts = is_sweep ? o->n_counts : 0,
            .speed = cli_tui_speed(o, &j->cfg.run),
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
            take_db_loads(j, s);
        } else {
            snprintf(why, why_len, "cannot start the engine thread: %s",
                     strerror(-rc));
        }
        sim_session_destroy(s);
        return rc;
    }
    cli_progress_jobs_note(j);
    prog->line = o->progress || o->tui;
    if (prog->line)
        cli_progress_start(prog);
    if (j->over)
        return sweep_over(j, prog, sweep, why, why_len);
    if (is_sweep)
        return sim_sweep_disks(&(struct sim_disk_sweep){ sim_setup_run(&j->cfg), o->counts,
                                                         o->n_counts,
                                                         cli_progress_on_point, prog },
                               sweep, why, why_len);
    return sim_run(sim_setup_run(&j->cfg), cli_progress_on_point, prog, run, why, why_len);
}

/* Steps 2 and 3 of run, sweep and orion: the stop flag, the stamp
   (orion's is taken earlier, for its banner), the output directory, then
   run_or_sweep with progress.  0 or 1 (stopped early) with the result, or
   -1 when the message is out (exit status 1). */
static int measure(struct cli_job *j, sim_stop_flag *stop,
                   struct sim_run_result **run,
                   struct sim_sweep_result **sweep)
{
    struct cli_progress prog = { .j = j };
    char why[CLI_WHY_LEN];
    int rc;

    j->cfg.run.point.stop = stop;
    if (!j->meta.stamp[0])
        report_stamp_now(&j->meta);
    if (make_output_dir(j->o) != 0)
        return -1;
    rc = run_or_sweep(j, &prog, run, sweep, why, sizeof why);
    cli_progress_clear(&prog);
    if (rc < 0) {
        cli_spell_fields(why, sizeof why, j->o->cmd == CLI_ORION);
        fprintf(stderr, "asmsim: %s failed: %s\n", sweep ? "sweep" : "run",
                why);
        return -1;
    }
    return rc;
}

/* Real devices that all failed stopped the run (or the sweep at one of
   its disk counts): what failed, on stderr, and exit status 1.  It is no
   interrupt, even though the run stopped early the way a stop does:
   the error and the disks are named, the results so far are written. */
static int say_devices_failed(const struct sim_run_result *r, bool sweep)
{
    char line[sizeof r->failed_why + 64];

    if (!r || !r->failed)
        return 0;
    if (sweep)
        snprintf(line, sizeof line, "sweep stopped at %d disk%s: %s; the "
                 "disk counts measured before it are written", r->disks,
                 r->disks == 1 ? "" : "s", r->failed_why);
    else
        snprintf(line, sizeof line, "%s; the points measured before it are "
                 "written", r->failed_why);
    cli_print_error(stderr, "asmsim", line);
    return 1;
}

/* A --fail that lost data (an extent lost every copy): one line on
   stderr, whatever the output, and exit status CLI_EXIT_DATA_LOST; the
   results (the run before it) are written. */
static bool say_data_lost(const struct sim_run_result *r)
{
    if (!r || !r->fail || r->fail->outcome != SIM_FAIL_DATA_LOST)
        return false;
    char disks[32], line[160];
    const struct sim_fail_result *f = r->fail;
    if (f->lost_a == f->lost_b)
        snprintf(disks, sizeof disks, "disk %d", f->lost_a);
    else
        snprintf(disks, sizeof disks, "disks %d and %d", f->lost_a, f->lost_b);
    snprintf(line, sizeof line, "--fail lost data: an extent had every copy on "
             "offline %s; results written, exit status %d", disks,
             CLI_EXIT_DATA_LOST);
    cli_print_error(stderr, "asmsim", line);
    return true;
}

/* --verbose: what the backend found, line by line, the paths in it
   escaped for the terminal (cli_escape). */
static void print_device_info(const char *info)
{
    char line[CLI_TARGET_PATH_MAX * 4 + 1], safe[sizeof line * 4];

    printf("\nDevices:\n");
    while (*info) {
        size_t n = strcspn(info, "\n");
        snprintf(line, sizeof line, "%.*s", (int)n, info);
        printf("%s\n", cli_escape(line, safe, sizeof safe));
        info += n + (info[n] == '\n');
    }
}

/* -orion_version: after the run what the release prints (19c: "Setting
   ftype=0", then as 12c its results block; 11.x nothing). */
static void orion_release_results(const struct report_orion_ver *v,
                                  const struct sim_run_result *r)
{
    if (v->before_results)
        printf("%s\n", v->before_results);
    if (v->console_results)
        report_orion_results(stdout, v, &r->summary, r);
}

static int execute_run(struct cli_job *j, sim_stop_flag *stop)
{
    struct sim_run_result *r = NULL;
    char why[CLI_WHY_LEN];
    int rc, status = 0;

    char device_info[8192] = "";

    if (j->o->verbose) {            /* the backend says what it found */
        j->o->aio.info = device_info;
        j->o->aio.info_len = sizeof device_info;
    }
    if ((rc = measure(j, stop, &r, NULL)) < 0)
        return 1;
    if (r->n_points == 0 && !r->failed && (rc == 1 || sim_stop_is_set(stop))) {
        /* a stop before the first point (during --create's writing, or
           the first point's warm-up): nothing measured, nothing to write;
           devices that failed before it say so below, as any failure */
        sim_run_free(r);
        fprintf(stderr, "asmsim: interrupted before the first point was measured; "
                "no results written\n");
        return 130;
    }
    if (cli_write_run_outputs(j, r, why, sizeof why) != 0) {
        fprintf(stderr, "asmsim: %s\n", why);
        status = 1;
    }
    if (!j->json_stdout) {
        if (j->o->cmd == CLI_ORION && j->o->orion_version) {
            orion_release_results(j->o->orion_version, r);
        } else if (j->o->cmd == CLI_ORION) {
            report_summary_remarks(stdout, &r->summary);
            report_cost_line(stdout, &j->cfg.bill);
            cli_print_real_facts(stdout, j, r);
            if (j->o->verbose)
                cli_print_points(stdout, r);
        } else {
            cli_print_run_summary(stdout, j, r);
            cli_cluster_print(stdout, r, &j->cfg.run, j->cfg.run.nodes > 1);
        }
        if (device_info[0])
            print_device_info(device_info);
    }
    if (say_devices_failed(r, false))
        status = 1;
    if (status == 0 && say_data_lost(r))
        status = CLI_EXIT_DATA_LOST;
    sim_run_free(r);
    return finish(j->o, status, rc == 1 || sim_stop_is_set(stop));
}

static int execute_sweep(struct cli_job *j, sim_stop_flag *stop)
{
    struct sim_sweep_result *s = NULL;
    char why[CLI_WHY_LEN];
    int rc, status = 0;

    if ((rc = measure(j, stop, NULL, &s)) < 0)
        return 1;
    if (cli_write_sweep_outputs(j, s, why, sizeof why) != 0) {
        fprintf(stderr, "asmsim: %s\n", why);
        status = 1;
    }
    if (!j->json_stdout) {
        report_sweep_table(stdout, &j->cfg, s);     /* open loop: its own */
        report_skipped_line(stdout, &j->meta);
    }
    if (s->n_runs > 0 && say_devices_failed(s->runs[s->n_runs - 1], true))
        status = 1;
    sim_sweep_free(s);
    return finish(j->o, status, rc == 1 || sim_stop_is_set(stop));
}

/* ---- orion ---------------------------------------------------------------- */

/* Without --instance/--volume (or --engine model/null) ORION drives the
   LUNs listed in <testname>.lun: load them as targets.  0 or exit 2. */
/* Why T.lun was not read (rc -ENOENT or -EACCES), in asmsim's words:
   -testname names the test, so "-testname x.lun" reads x.lun.lun, as
   ORION does; the hint says so. */
static void lun_not_read(const char *testname, const char *path, int rc,
                         char *why, size_t why_len)
{
    size_t n = strlen(testname);
    bool lun = n > 4 && strcmp(testname + n - 4, ".lun") == 0;

    if (lun)
        snprintf(why, why_len, "cannot read it (%s); -testname names the "
                 "test, not its file: give -testname %.*s to read %s",
                 strerror(-rc), (int)(n - 4), testname, testname);
    else
        snprintf(why, why_len, "cannot read it (%s); list the devices in "
                 "%s, one per line, or give --instance/--volume to run "
                 "modelled volumes", strerror(-rc), path);
}

static int orion_load_luns(struct cli_opts *o)
{
    char path[CLI_TESTNAME_MAX + 8];
    char why[CLI_WHY_LEN];

    snprintf(path, sizeof path, "%s.lun", o->testname);
    int rc = cli_read_lun_file(o, path, why, sizeof why);

    if (rc == 0)
        return 0;
    char prefix[CLI_TESTNAME_MAX + 24];
    if (rc == -ENOENT || rc == -EACCES) {
        struct report_meta now = { 0 };
        report_stamp_now(&now);
        snprintf(prefix, sizeof prefix, "%s_%s", o->testname, now.stamp);
        if (report_orion_lun_failure(stdout, stderr, o->orion_version, prefix, path))
            return 2;               /* as the release words it (19c) */
        lun_not_read(o->testname, path, rc, why, sizeof why);
    }
    snprintf(prefix, sizeof prefix, "asmsim orion: %s", path);
    cli_print_error(stderr, prefix, why);
    return 2;
}

/* ORION's "Total Data Points" of the job's matrix, or -1. */
static int orion_points(const struct cli_job *j)
{
    struct wl_matrix *m = NULL;
    struct wl_matrix_cfg mc = j->cfg.run.matrix;
    char why[CLI_WHY_LEN];
    int n = -1;

    if (j->cfg.run.matrix_disks > 0)
        mc.num_disks = j->cfg.run.matrix_disks;
    if (wl_matrix_build(&mc, &m, why, sizeof why) == 0) {
        n = m->orion_total_points;
        wl_matrix_free(m);
    }
    return n;
}

/* -orion_version: the release's own first lines (banner, run prefix,
   time estimate), nothing of asmsim's. */
static void orion_release_banner(const struct cli_job *j, int points)
{
    char prefix[CLI_TESTNAME_MAX + 24];

    snprintf(prefix, sizeof prefix, "%s_%s", j->o->testname, j->meta.stamp);
    report_orion_console_intro(stdout, j->o->orion_version, prefix, points > 0 ? points : 0,
                               (long long)(j->cfg.run.point.duration_ns / SIM_NS_PER_S));
    fflush(stdout);
}

static void orion_banner(const struct cli_job *j)
{
    bool real = j->o->engine == CLI_ENGINE_AIO;
    int points = orion_points(j);

    if (j->o->orion_version) {
        orion_release_banner(j, points);
        return;
    }
    printf("ORION: ORacle IO Numbers -- asmsim %s (%s)\n", ASMSIM_VERSION,
           real ? (j->o->uring ? "real LUNs, uring engine" :
                   "real LUNs, aio engine") :
           j->o->engine == CLI_ENGINE_NULL ? "null engine" : "modelled volumes");
    printf("%s_%s\n", j->o->testname, j->meta.stamp);
    report_echo_lines(stdout, &j->meta);
    if (!real)
        printf("Volumes: %d x %s on instance %s\n", j->o->disks,
               j->o->volume.spec, j->o->instance.name);
    if (points >= 0)
        printf("Total Data Points: %d\n", points);
    for (int d = 0; d < j->meta.n_luns; d++) {
        char path[CLI_TARGET_PATH_MAX * 4 + 1];
        printf("Name: %s\n", cli_escape(j->luns[d], path, sizeof path));
    }
    printf("%d FILEs found.\n\n", j->meta.n_luns);
    fflush(stdout);
}

static void orion_intro(struct cli_job *j)
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

static void run_intro(struct cli_job *j)
{
    if (!j->json_stdout)
        cli_print_header(stdout, j);
    fflush(stdout);
}

/* What tells run, sweep and orion apart; run_command() is the rest. */
struct command {
    enum cli_cmd cmd;
    int (*parse)(struct cli_opts *o, int argc, char **argv, char *why,
                 size_t why_len);
    int (*targets)(struct cli_opts *o);     /* optional: 0 or exit status,
                                               the message printed */
    void (*intro)(struct cli_job *j);           /* the header or the banner */
    int (*execute)(struct cli_job *j, sim_stop_flag *stop);
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
                       sim_stop_flag *stop, const struct cli_ui *ui)
{
    struct cli_opts *o = malloc(sizeof *o);
    struct cli_job j = { .ui = ui };
    char why[CLI_WHY_LEN];
    int rc;

    if (!o)
        return 1;
    cli_opts_defaults(o, c->cmd);
    o->cluster = ui ? ui->cluster : NULL;
    o->held_stderr = ui ? ui->held_stderr : NULL;
    rc = c->parse(o, argc, argv, why, sizeof why);
    if (rc == CLI_HELP) {
        cli_usage(stdout, c->cmd);
        rc = 0;
    } else {
        if (rc < 0)
            rc = fail_usage(why);
        else if (!c->targets || (rc = c->targets(o)) == 0)
            rc = prepare(&j, o, argc, argv);
        /* under mpirun every rank goes on, or none (cli_cluster.c) */
        if ((rc = cli_cluster_start(o, &j, rc)) == 0) {
            cli_print_warnings(stderr, o);
            cli_print_provision_notes(stderr, o);
            c->intro(&j);
            rc = c->execute(&j, stop);
        }
    }
    cli_job_free(&j);
    free(o);
    return rc;
}

int cli_cmd_run(int argc, char **argv, sim_stop_flag *stop)
{
    return run_command(&run_cmd, argc, argv, stop, NULL);
}

int cli_cmd_run_ui(int argc, char **argv, sim_stop_flag *stop,
                   const struct cli_ui *ui)
{
    return run_command(&run_cmd, argc, argv, stop, ui);
}

int cli_cmd_sweep(int argc, char **argv, sim_stop_flag *stop)
{
    return run_command(&sweep_cmd, argc, argv, stop, NULL);
}

int cli_cmd_sweep_ui(int argc, char **argv, sim_stop_flag *stop,
                     const struct cli_ui *ui)
{
    return run_command(&sweep_cmd, argc, argv, stop, ui);
}

int cli_cmd_orion(int argc, char **argv, sim_stop_flag *stop)
{
    return run_command(&orion_cmd, argc, argv, stop, NULL);
}
