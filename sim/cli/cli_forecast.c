/*
 * cli_forecast.c - `asmsim forecast`: a schedule of load phases, a day or
 * days of it, on one modelled disk group (sim/model/forecast.h).
 *
 * The same order as run and sweep (cli_commands.c): every option and the
 * schedule are checked first (bad input: one line on stderr, exit 2,
 * nothing written), then the plan is printed, the forecast runs, and the
 * outputs are written:
 *
 *   stdout            the plan, the events in words, the phases, the days
 *                     and steady state, the verdict (report_forecast.c);
 *                     with --json - the forecast JSON and nothing else
 *   --json FILE|-     the forecast JSON (kind "forecast")
 *   --output-dir DIR  <testname>_<stamp>_forecast.json and
 *                     <testname>_<stamp>_timeline.csv, staged and placed
 *                     together, never over an existing file
 *
 * The disk group's options are run's (the option table is shared: the
 * rows marked FOR_FORECAST); they are resolved as a run of one point at
 * the schedule's largest closed-loop levels, which sizes the engine's
 * pools, and the schedule's phases then set the load.
 *
 * A database workload (--workload, with --group for its disk groups, as
 * run takes them): the schedule's phases scale its classes (columns
 * scale, scale:CLASS; a schedule of ORION's columns is refused with it,
 * and a scaled schedule without it), the pools are sized for the largest
 * scaled loads (sim_forecast_db_pools), the forecast keeps the
 * workload's own loads to scale (fj->db), and every phase runs exact: a
 * note line in the plan says so.
 *
 * --fail DISK@TIME (with --repair-time, --returns, --power, --used as
 * run takes them, cli_fail.c): a database workload's disk lost at a time
 * of the forecast (sim/model/forecast_fail.c); refused (exit 2) without
 * a database workload, with TIME past the horizon (--repeat's days, or
 * the most an automatic forecast runs) and on a schedule with idle
 * phases (the copies would be the only I/O there: not built).  Data
 * lost (external redundancy): what was forecast up to the failure is
 * written, one line on stderr, exit status 3 as run's.
 *
 * --add-disks N@TIME (with --power, --used): N disks join the first group
 * at a time of the forecast and it rebalances onto them (the same model,
 * forecast_fail.c); refused as --fail is, and together with --fail.
 *
 * --tui: on a terminal the finished forecast is played on the dashboard
 * at --speed (play_forecast) before the report is printed.
 *
 * Interruption: the stop flag ends the forecast within a reap; what was
 * simulated is reported and written, marked incomplete, exit 130.  A stop
 * after the forecast, while --report's page is made (seconds for a long
 * timeline), abandons the page, says how to make it from the JSON, and
 * exits 130 too.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/awr/awr_series.h"
#include "sim/awr/awr_workload.h"
#include "sim/cli/cli.h"
#include "sim/cli/cli_job.h"
#include "sim/cli/cli_print.h"
#include "sim/model/forecast.h"
#include "sim/core/shell_word.h"
#include "sim/profiles/prices.h"
#include "sim/report/report_forecast.h"
#include "sim/report/report_input.h"
#include "sim/report/report_writers.h"
#include "sim/session/session.h"

#define SCHEDULE_MAX_BYTES (1024 * 1024)
#define FORECAST_DEFAULT_INTERVAL_NS (60 * SIM_NS_PER_S)
#define FORECAST_TUI_SPEED 600      /* --tui: ten minutes a second */

struct forecast_job {
    struct cli_opts *o;
    struct cli_job j;
    struct wl_schedule *schedule;
    const char *source;
    sim_ns interval_ns;
    int max_small, max_large_ios;   /* the engine's pools */
    bool db;                        /* --workload: its classes, scaled */
    struct sim_db_cfg base;         /* ... their own loads (the run's are
                                       raised to size the pools) */
    sim_stop_flag *stop;            /* the caller's SIGINT/SIGTERM flag */
    char awr_name[WL_NAME_MAX + 8]; /* --awr: the workload's name */
    char awr_source[600];           /* ... and where the schedule is from */
};

/* What the writer table's hooks are given. */
struct forecast_out {
    const struct forecast_job *fj;
    const struct report_fc_info *in;
    const struct sim_forecast_result *r;
};

static int usage_error(const char *why)
{
    cli_print_error(stderr, "asmsim", why);
    return 2;
}

/* ---- the schedule ----------------------------------------------------------- */

static int read_text_file(const char *path, char **out, char *why, size_t len)
{
    FILE *f;
    int rc = report_input_open(path, &f, why, len);
    if (rc != 0)
        return rc;
    char *buf = malloc(SCHEDULE_MAX_BYTES + 1);
    size_t n = buf ? fread(buf, 1, SCHEDULE_MAX_BYTES + 1, f) : 0;
    bool err = ferror(f);
    fclose(f);
    if (!buf || err || n > SCHEDULE_MAX_BYTES || memchr(buf, '\0', n)) {
        snprintf(why, len, "%s", !buf ? "out of memory" : err ? "cannot read it" :
                 n > SCHEDULE_MAX_BYTES ? "larger than 1 MiB" : "not a text file");
        free(buf);
        return -EINVAL;
    }
    buf[n] = '\0';
    *out = buf;
    return 0;
}

int cli_schedule_load(const char *arg, struct wl_schedule *out, char *why,
                      size_t why_len)
{
    char inner[CLI_WHY_LEN], names[128], q[CLI_QUOTE_BUF], *text = NULL;
    const char *preset = wl_schedule_preset(arg);
    if (!preset && read_text_file(arg, &text, inner, sizeof inner) != 0) {
        snprintf(why, why_len, "--schedule %s: %s; give a schedule CSV file or a "
                 "preset (%s)", cli_quote(arg, q, sizeof q), inner,
                 wl_schedule_preset_names(names, sizeof names));
        return -EINVAL;
    }
    int rc = wl_schedule_parse(preset ? preset : text, arg, out, why, why_len);
    free(text);
    return rc;
}

/* The workload and schedule of --awr's series (sim/awr/awr_series.h):
   the classes at their highest rates, a phase per interval.  0 or -errno
   with why. */
static int awr_day(struct forecast_job *fj, const struct awr_series *s, char *why,
                   size_t why_len)
{
    struct cli_opts *o = fj->o;
    struct awr_derived env;
    char inner[CLI_WHY_LEN];
    awr_series_envelope(s, &env);
    if (awr_workload(s->r[0], &env, &o->workload, inner, sizeof inner) != 0) {
        snprintf(why, why_len, "--awr %s: the workload: %s", o->awr[0], inner);
        return -EINVAL;
    }
    snprintf(fj->awr_name, sizeof fj->awr_name, "%s", o->workload.name);
    o->workload_name = fj->awr_name;
    const char *names[WL_MAX_CLASSES];
    for (int i = 0; i < o->workload.n_classes; i++)
        names[i] = o->workload.cls[i].name;
    char *text = awr_series_schedule(s, &env, names, o->workload.n_classes);
    if (!text) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    int rc = wl_schedule_parse(text, "--awr", fj->schedule, why, why_len);
    free(text);
    return rc;
}

/* --awr REPORT...: the reports read (as asmsim awr reads them) into the
   workload and the schedule.  0 or the exit status. */
static int load_awr(struct forecast_job *fj)
{
    char why[CLI_WHY_LEN];
    struct cli_opts *o = fj->o;
    if (o->schedule || o->workload_name)
        return usage_error("--awr: the reports make the workload and the schedule; "
                           "drop --schedule and --workload");
    struct awr_series s;
    int rc = awr_series_load(&s, o->awr, o->n_awr, why, sizeof why);
    snprintf(fj->awr_source, sizeof fj->awr_source, "--awr %s%s (%d report%s)", o->awr[0],
             o->n_awr > 1 ? " ..." : "", o->n_awr, o->n_awr == 1 ? "" : "s");
    fj->source = fj->awr_source;
    fj->schedule = malloc(sizeof *fj->schedule);
    if (rc == 0 && !fj->schedule)
        rc = -ENOMEM;
    if (rc == 0)
        rc = awr_day(fj, &s, why, sizeof why);
    awr_series_free(&s);
    if (rc == -ENOMEM)
        return 1;
    if (rc == 0)
        return 0;
    char line[CLI_WHY_LEN + 16];
    snprintf(line, sizeof line, "--awr: %s", why);
    return usage_error(line);
}

/* --schedule: a preset by name, else a file (--awr: its reports).  0 or
   the exit status. */
static int load_schedule(struct forecast_job *fj)
{
    char why[CLI_WHY_LEN], names[128];
    const char *arg = fj->o->schedule;
    if (fj->o->n_awr > 0)
        return load_awr(fj);
    if (!arg) {
        snprintf(why, sizeof why, "--schedule: required; give a schedule CSV "
                 "file or a preset (%s). Try 'asmsim forecast --help'.",
                 wl_schedule_preset_names(names, sizeof names));
        return usage_error(why);
    }
    fj->source = arg;
    fj->schedule = malloc(sizeof *fj->schedule);
    if (!fj->schedule)
        return 1;
    if (cli_schedule_load(arg, fj->schedule, why, sizeof why) != 0)
        return usage_error(why);
    return 0;
}

/* ---- options ---------------------------------------------------------------- */

/* The interval and the horizon's rows; 0 or the exit status. */
static int check_interval(struct forecast_job *fj)
{
    char why[CLI_WHY_LEN];
    struct cli_opts *o = fj->o;
    fj->interval_ns = o->interval_ns > 0 ? o->interval_ns : FORECAST_DEFAULT_INTERVAL_NS;
    o->interval_ns = 0;             /* the forecast's, not the point's */
    int days = o->repeat_days > 0 ? o->repeat_days : sim_forecast_auto_days(fj->schedule);
    double rows = (double)days * (double)fj->schedule->day_ms * 1e6 / (double)fj->interval_ns;
    if (rows > SIM_TIMELINE_MAX_ROWS) {
        snprintf(why, sizeof why, "--interval: %.0f rows over %d day%s of the "
                 "schedule; at most %d: use a longer interval or fewer days "
                 "(--repeat)", rows, days, days == 1 ? "" : "s", SIM_TIMELINE_MAX_ROWS);
        return usage_error(why);
    }
    return 0;
}

/* The schedule fits the workload: ORION's columns without --workload, a
   workload's (scale) with it; a schedule of idle phases fits both.  0 or
   the exit status. */
static int check_schedule_kind(const struct forecast_job *fj)
{
    char why[CLI_WHY_LEN], q[CLI_QUOTE_BUF];
    const struct cli_opts *o = fj->o;
    cli_quote(fj->source, q, sizeof q);
    if (o->workload_name && fj->schedule->orion_cols)
        snprintf(why, sizeof why, "--schedule %s: its columns are ORION's classes' "
                 "(small_iops, large_mbps, num_small, num_large, ...); with --workload "
                 "a phase scales the workload's classes: give a 'scale' column (or "
                 "scale:CLASS), docs/workloads.md", q);
    else if (!o->workload_name && fj->schedule->scale_cols)
        snprintf(why, sizeof why, "--schedule %s: its scale columns scale a database "
                 "workload's classes; give --workload NAME|FILE (and --group), or "
                 "ORION's columns (small_iops, large_mbps, num_small, num_large)", q);
    else
        return 0;
    return usage_error(why);
}

/* A database workload: the schedule scales its classes within their
   bounds, the forecast keeps their own loads, and the run's are raised
   to the largest a phase asks, which size the pools.  0 or the exit
   status. */
static int resolve_db(struct forecast_job *fj)
{
    char why[CLI_WHY_LEN], inner[CLI_WHY_LEN], q[CLI_QUOTE_BUF];
    struct sim_db_cfg *db = &fj->j.cfg.run.db;
    if (!sim_run_db(&fj->j.cfg.run))
        return 0;
    if (sim_forecast_db_check(fj->schedule, db, inner, sizeof inner) != 0) {
        snprintf(why, sizeof why, "--schedule %s: %s",
                 cli_quote(fj->source, q, sizeof q), inner);
        return usage_error(why);
    }
    fj->db = true;
    fj->base = *db;
    sim_forecast_db_pools(fj->schedule, db);
    return 0;
}

/* --fail or --add-disks (not both: cli_fail_check) against the
   schedule: a time within the horizon, no idle phase.  0 or the exit
   status. */
static int check_fail(const struct forecast_job *fj)
{
    char why[CLI_WHY_LEN], at[32];
    const struct cli_opts *o = fj->o;
    const struct wl_schedule *s = fj->schedule;
    bool add = o->fail.add_n > 0;
    const char *flag = add ? "--add-disks" : "--fail";
    if (o->fail.n == 0 && !add)
        return 0;
    int days = o->repeat_days > 0 ? o->repeat_days : sim_forecast_auto_days(s);
    int64_t at_ms = (add ? o->fail.add_at_ns : o->fail.ev[0].at_ns) / SIM_NS_PER_MS;
    wl_clock_format(at_ms, at, sizeof at);
    for (int i = 0; i < s->n; i++)
        if (!wl_phase_has_load(&s->phase[i])) {
            snprintf(why, sizeof why, "%s: the schedule's phase %s has no load "
                     "(idle); a %s's copies in an idle phase are not built: give "
                     "every phase a scale above 0", flag, s->phase[i].name,
                     add ? "rebalance" : "failure");
            return usage_error(why);
        }
    int64_t end_ms = (int64_t)days * s->day_ms;
    if (at_ms >= end_ms) {
        char end[32], day[32];
        cli_format_day(s->day_ms, day, sizeof day);
        snprintf(why, sizeof why, "%s: %s is past the forecast's end, %s (%s%d day%s "
                 "of %s); give an earlier time or more days (--repeat)", flag, at,
                 wl_clock_format(end_ms, end, sizeof end), o->repeat_days > 0 ? "" :
                 "at most ", days, days == 1 ? "" : "s", day);
        return usage_error(why);
    }
    return 0;
}

/* Resolve the disk group as a run of one point at the schedule's largest
   levels (the engine's pools).  0 or the exit status. */
static int resolve(struct forecast_job *fj, int argc, char **argv)
{
    char why[CLI_WHY_LEN];
    struct cli_opts *o = fj->o;
    if (o->engine != CLI_ENGINE_AUTO && o->engine != CLI_ENGINE_MODEL)
        return usage_error("--engine: a forecast runs on modelled volumes "
                           "(virtual time); use --engine model or leave it out");
    o->cmd = CLI_RUN;
    o->forecast = true;
    o->run = WL_RUN_ADVANCED;
    o->matrix = WL_MATRIX_POINT;
    sim_forecast_levels(fj->schedule, &o->num_small, &o->num_large);
    o->duration_ns = SIM_NS_PER_S;
    o->given |= CLI_GIVEN_DURATION | CLI_GIVEN_RUN | CLI_GIVEN_MATRIX;
    int rc = check_schedule_kind(fj);
    if (rc != 0)
        return rc;
    rc = cli_opts_resolve(o, &fj->j.cfg, why, sizeof why);
    o->cmd = CLI_FORECAST;
    if (rc != 0 || cli_check_outputs(o, why, sizeof why) != 0)
        return usage_error(why);
    if ((rc = resolve_db(fj)) != 0 || (rc = check_fail(fj)) != 0)
        return rc;
    sim_forecast_pools(fj->schedule, fj->j.cfg.run.workload.large_type, o->stream_io,
                       o->open.max_outstanding, &fj->max_small, &fj->max_large_ios);
    if (cli_job_init(&fj->j, o, argc, argv) != 0) {
        fprintf(stderr, "asmsim: out of memory\n");
        return 1;
    }
    return 0;
}

/* ---- running ---------------------------------------------------------------- */

/* What a database workload's forecast costs in exactness (forecast.h). */
static const char DB_EXACT_NOTE[] =
    "a database workload's phases run exact (every I/O simulated), each "
    "interval one engine point of its classes: the fast hybrid carries "
    "ORION's two classes only, and an overloaded open loop's backlog starts "
    "afresh each interval";

/* "DATA 8 x gp3 + REDO 4 x io2" (the groups) or "8 x gp3", into buf. */
static char *disks_text(const struct cli_opts *o, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    if (o->n_groups == 0)
        snprintf(buf, len, "%d x %s", o->disks, o->volume.spec);
    for (int g = 0; g < o->n_groups && n < len; g++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s %d x %s", g ? " + " : "",
                              o->groups[g].name, o->groups[g].disks,
                              o->groups[g].volume);
    return buf;
}

static void print_workload(const struct forecast_job *fj)
{
    const struct cli_opts *o = fj->o;
    char disks[512];
    printf("asmsim forecast: workload %s (%d class%s) on %s on %s\n", o->workload_name,
           fj->base.load.n, fj->base.load.n == 1 ? "" : "es",
           disks_text(o, disks, sizeof disks), o->instance.name);
}

/* What --fail will do, before the forecast runs. */
static void print_fail_plan(const struct cli_opts *o)
{
    const struct sim_fail_event *ev = &o->fail.ev[0];
    char at[32], rep[48] = "DISK_REPAIR_TIME's default 3.6 h";
    if (o->fail.repair_ns > 0)
        cli_format_duration(o->fail.repair_ns, rep, sizeof rep);
    else if (ev->failgroup)
        snprintf(rep, sizeof rep, "FAILGROUP_REPAIR_TIME's 24 h");
    printf("Failure: %s %d of the first disk group offline at %s; repair timer %s, then "
           "%s at power %d\n", ev->failgroup ? "failure group" : "disk", ev->index,
           wl_clock_format(ev->at_ns / SIM_NS_PER_MS, at, sizeof at), rep,
           o->fail.returns ? "it returns (resync)" : "dropped (rebuild)",
           o->fail.power > 0 ? o->fail.power : SIM_POWER_DEFAULT);
}

/* What --add-disks will do, before the forecast runs. */
static void print_add_plan(const struct cli_opts *o)
{
    char at[32];
    printf("Disks added: %d to the first disk group at %s, then a rebalance at power %d\n",
           o->fail.add_n, wl_clock_format(o->fail.add_at_ns / SIM_NS_PER_MS, at, sizeof at),
           o->fail.power > 0 ? o->fail.power : SIM_POWER_DEFAULT);
}

static void print_plan(const struct forecast_job *fj)
{
    const struct cli_opts *o = fj->o;
    const struct wl_schedule *s = fj->schedule;
    char iv[32], day[32];
    cli_format_duration(fj->interval_ns, iv, sizeof iv);
    cli_format_day(s->day_ms, day, sizeof day);
    if (fj->db)
        print_workload(fj);
    else
        printf("asmsim forecast: %d x %s on %s\n", o->disks, o->volume.spec,
               o->instance.name);
    /* A schedule's "day" is its whole cycle (weekly-etl: 168 h), and the
       days counted below are such cycles: say so when it is not 24 h. */
    bool calendar_day = s->day_ms == 24LL * 3600 * 1000;
    printf("Schedule %s: %d phase%s, a day of %s%s%s; interval %s; %s\n",
           fj->source, s->n, s->n == 1 ? "" : "s", day,
           calendar_day ? "" : " (the schedule's cycle: each day below is one)",
           s->clock ? " (clock times)" : "", iv,
           o->exact || fj->db ? "exact (every I/O simulated)" : "fast hybrid");
    if (fj->db)
        printf("Note: %s\n", DB_EXACT_NOTE);
    if (o->fail.n > 0)
        print_fail_plan(o);
    if (o->fail.add_n > 0)
        print_add_plan(o);
    if (o->repeat_days > 0)
        printf("Days: %d (--repeat)\n", o->repeat_days);
    else
        printf("Days: repeated until the credit balances at a day's start stop "
               "changing, at most %d\n", sim_forecast_auto_days(s));
    fflush(stdout);
}

static int run_forecast(struct forecast_job *fj, sim_stop_flag *stop,
                        struct sim_forecast_result **res)
{
    char why[CLI_WHY_LEN];
    const struct sim_run_cfg *cfg = sim_setup_run(&fj->j.cfg);
    struct sim_parts parts;
    int rc = sim_parts_open(cfg, fj->max_small, fj->max_large_ios, &parts, why,
                            sizeof why);
    if (rc < 0) {
        sim_parts_close(&parts);
        cli_print_error(stderr, "asmsim", why);
        return rc == -E2BIG || rc == -EINVAL ? 2 : 1;
    }
    struct sim_forecast_cfg fc = {
        .schedule = fj->schedule,
        .days = fj->o->repeat_days,
        .interval_ns = fj->interval_ns,
        .exact = fj->o->exact,
        .large_type = cfg->workload.large_type,
        .stream_io = fj->o->stream_io,
        .max_outstanding = fj->o->open.max_outstanding,
        .stop = stop,
        .db = fj->db ? &fj->base : NULL,
        .fail_run = cfg->fail.n > 0 || cfg->fail.add_n > 0 ? cfg : NULL,
        .fail_max_small = fj->max_small,
        .fail_max_large_ios = fj->max_large_ios,
    };
    rc = sim_forecast_run(&parts, &fc, res, why, sizeof why);
    sim_parts_close(&parts);
    if (rc < 0) {
        cli_print_error(stderr, "asmsim", why);
        return 1;
    }
    return 0;
}

/* The monthly cost of the configuration (prices.h: the list prices of
   us-east-1 or OCI's), into in; no line when it has none. */
static void add_cost(const struct cli_opts *o, struct report_fc_info *in,
                     char *line, size_t len)
{
    struct price_bill bill = o->bill;   /* the groups' (cli_workload_bill) */
    char why[CLI_WHY_LEN];
    if (o->n_groups == 0 &&
        price_bill(&o->instance, &o->volume, o->disks, &o->price, &bill, why, sizeof why) != 0)
        return;
    if (bill.instance_priced && o->n_groups > 0)      /* the groups' volumes */
        snprintf(line, len, "Cost: $%.2f a month: instance $%.2f (%s) + %d volumes "
                 "$%.2f (%s); %s", bill.total_usd_month, bill.instance_usd_month,
                 bill.instance_basis, bill.disks, bill.volumes_usd_month,
                 bill.volume_basis, bill.prices_list);
    else if (bill.instance_priced)
        snprintf(line, len, "Cost: $%.2f a month: instance $%.2f (%s) + %d volume%s "
                 "$%.2f (%s each); %s", bill.total_usd_month, bill.instance_usd_month,
                 bill.instance_basis, bill.disks, bill.disks == 1 ? "" : "s",
                 bill.volumes_usd_month, bill.volume_basis, bill.prices_list);
    else
        snprintf(line, len, "Cost: $%.2f a month for %d volume%s (%s each), the "
                 "instance not priced (%s); %s", bill.volumes_usd_month, bill.disks,
                 bill.disks == 1 ? "" : "s", bill.volume_basis, bill.instance_basis,
                 bill.prices_list);
    in->cost_line = line;
    in->cost_instance_usd_month = bill.instance_priced ? bill.instance_usd_month : -1;
    in->cost_volumes_usd_month = bill.volumes_usd_month;
    in->cost_total_usd_month = bill.total_usd_month;
}

/* --tui on a terminal: the forecast played on the dashboard (a replay
   session, sim/session/session_replay.c) at --speed, by default
   FORECAST_TUI_SPEED, before the report is printed; without a terminal
   the report alone. */
static void play_forecast(struct forecast_job *fj, const struct cli_ui *ui,
                          const struct report_fc_info *in,
                          const struct sim_forecast_result *r)
{
    const struct cli_opts *o = fj->o;
    if (!o->tui || !ui || !ui->watch || fj->j.json_stdout || !isatty(STDIN_FILENO) ||
        !isatty(STDOUT_FILENO))
        return;
    char why[CLI_WHY_LEN] = "";
    struct sim_session_cfg sc = {
        .setup = fj->j.cfg, .batch = true,
        .speed = o->speed < 0 ? FORECAST_TUI_SPEED : o->speed,
        .testname = o->testname, .command_line = fj->j.command_line,
        .replay = r, .replay_info = in,
    };
    sim_session *s = NULL;
    int rc = sim_session_create(&sc, &s, why, sizeof why);
    if (rc == 0 && (rc = sim_session_start(s)) != 0)
        snprintf(why, sizeof why, "cannot start the session thread: %s", strerror(-rc));
    if (rc == 0)
        ui->watch(ui->arg, s, o);
    else
        cli_print_error(stderr, "asmsim", why);
    sim_session_destroy(s);
}

/* The command that makes the page from the JSON, to paste: each path one
   shell word (cli_paste_word), so no name runs anything; a path it cannot
   give so is named for reading instead. */
static void report_command(const struct cli_opts *o, const char *shown)
{
    size_t n = SIM_SHELL_WORD_BUF(strlen(o->json_path) + strlen(o->report_path));
    char *jw = malloc(n), *rw = malloc(n), j[CLI_QUOTE_BUF];
    const char *jword = jw ? cli_paste_word(o->json_path, jw, n) : NULL;
    const char *rword = rw ? cli_paste_word(o->report_path, rw, n) : NULL;

    if (jword && rword)
        fprintf(stderr, "asmsim: interrupted: the report %s was not written; make it "
                "from the forecast JSON with: asmsim report %s -o %s\n", shown, jword,
                rword);
    else
        fprintf(stderr, "asmsim: interrupted: the report %s was not written; "
                "'asmsim report' makes it from the forecast JSON %s\n", shown,
                cli_quote(o->json_path, j, sizeof j));
    free(jw);
    free(rw);
}

/* The page was interrupted: where it can be made from. */
static void report_not_made(const struct forecast_job *fj)
{
    const struct cli_opts *o = fj->o;
    char q[CLI_QUOTE_BUF], j[CLI_QUOTE_BUF];
    cli_quote(o->report_path, q, sizeof q);
    if (o->json_path && strcmp(o->json_path, "-") != 0)
        report_command(o, q);
    else if (o->output_dir)
        fprintf(stderr, "asmsim: interrupted: the report %s was not written; "
                "'asmsim report' makes it from the forecast JSON in %s\n", q,
                cli_quote(o->output_dir, j, sizeof j));
    else
        fprintf(stderr, "asmsim: interrupted: the report %s was not written\n", q);
}

/* The forecast JSON's text for the writer table, without the final
   newline it prints (the table adds one). */
static int forecast_json(void *arg, const sim_stop_flag *stop, char **text, char *why,
                         size_t why_len)
{
    const struct forecast_out *out = arg;
    int rc = report_forecast_json_text(out->in, out->r, stop, text, why, why_len);
    size_t n = rc == 0 ? strlen(*text) : 0;

    if (n > 0 && (*text)[n - 1] == '\n')
        (*text)[n - 1] = '\0';
    return rc;
}

/* A failure as it comes; a page abandoned at the stop says where it can
   be made from. */
static void on_failed(void *arg, int rc, const char *why)
{
    const struct forecast_out *out = arg;

    if (rc == -EINTR)
        report_not_made(out->fj);
    else
        cli_print_error(stderr, "asmsim", why);
}

static void on_done(void *arg, enum report_out k, const char *where, int n)
{
    const struct forecast_out *out = arg;
    const struct cli_opts *o = out->fj->o;

    if (k == REPORT_OUT_REPORT)
        fprintf(stderr, "asmsim: report in %s\n", where);
    else
        fprintf(stderr, "asmsim: forecast in %s/ as %s_%s_* (%d files)\n", o->output_dir,
                o->testname, where, n);
}

/* The files asked for, through the writer table (report_writers.h):
   --output-dir the JSON and the timeline CSV, staged and placed together
   (both or neither); --json; --report, the page from the same JSON text,
   never over an existing file.  A stop after a whole forecast abandons
   the page (a long timeline's page takes seconds); a forecast the stop
   cut short gets its page whole, as it gets its JSON (the flag stays
   set: a second Ctrl-C cannot be told from the first).  0 or the first
   failure's -errno (each told; -EINTR: the page abandoned). */
static int write_files(struct forecast_job *fj, const struct report_fc_info *in,
                       const struct sim_forecast_result *r)
{
    const struct cli_opts *o = fj->o;
    struct forecast_out out = { fj, in, r };
    unsigned dir = REPORT_OUT_BIT(REPORT_OUT_FORECAST_JSON) |
                   REPORT_OUT_BIT(REPORT_OUT_FORECAST_CSV);
    const struct report_request q = {
        .outs = (o->output_dir ? dir : 0) |
                (o->json_path ? REPORT_OUT_BIT(REPORT_OUT_JSON) : 0) |
                (o->report_path ? REPORT_OUT_BIT(REPORT_OUT_REPORT) : 0),
        .dir = o->output_dir, .json_path = o->json_path, .report_path = o->report_path,
        .whole_set = true, .failed = on_failed, .done = on_done, .arg = &out,
    };
    const struct report_doc d = {
        .meta = &fj->j.meta, .what = "forecast JSON", .json_text = forecast_json,
        .json_arg = &out, .page_name = o->testname,
        .stop = r->incomplete ? NULL : fj->stop, .forecast = r,
    };
    return report_write_outputs(&q, &d);
}

static int write_outputs(struct forecast_job *fj, const struct sim_forecast_result *r,
                         const struct cli_ui *ui)
{
    char cost[512], disks[512];
    struct report_fc_info in = {
        .meta = &fj->j.meta, .schedule = fj->schedule, .schedule_source = fj->source,
        .instance = fj->o->instance.name, .volume = fj->o->volume.spec,
        .disks = fj->o->disks, .repeat_days = fj->o->repeat_days,
    };
    if (fj->db) {
        in.workload = fj->o->workload_name;
        in.groups = disks_text(fj->o, disks, sizeof disks);
        in.note = DB_EXACT_NOTE;
    }
    add_cost(fj->o, &in, cost, sizeof cost);
    play_forecast(fj, ui, &in, r);
    if (!fj->j.json_stdout)
        report_forecast_text(stdout, &in, r);
    return write_files(fj, &in, r);
}

/* A forecast whose failure lost data (external redundancy): one line on
   stderr, as run's, and its exit status; 0 otherwise. */
static int say_data_lost(const struct sim_forecast_result *r)
{
    if (!r->fail || r->fail->outcome != SIM_FAIL_DATA_LOST)
        return 0;
    char disks[32], at[32], line[200];
    const struct sim_fc_fail *f = r->fail;
    snprintf(disks, sizeof disks, f->lost_a == f->lost_b ? "disk %d" : "disks %d and %d",
             f->lost_a, f->lost_b);
    snprintf(line, sizeof line, "--fail lost data at %s: an extent had every copy on "
             "offline %s; the forecast up to it written, exit status %d",
             wl_clock_format(f->ev.at_ns / SIM_NS_PER_MS, at, sizeof at), disks,
             CLI_EXIT_DATA_LOST);
    cli_print_error(stderr, "asmsim", line);
    return CLI_EXIT_DATA_LOST;
}

static void forecast_job_free(struct forecast_job *fj)
{
    cli_job_free(&fj->j);
    free(fj->schedule);
    free(fj->o);
}

int cli_cmd_forecast(int argc, char **argv, sim_stop_flag *stop)
{
    return cli_cmd_forecast_ui(argc, argv, stop, NULL);
}

int cli_cmd_forecast_ui(int argc, char **argv, sim_stop_flag *stop,
                        const struct cli_ui *ui)
{
    struct forecast_job fj = { .o = malloc(sizeof *fj.o), .stop = stop };
    char why[CLI_WHY_LEN];
    if (!fj.o)
        return 1;
    cli_opts_defaults(fj.o, CLI_FORECAST);
    int rc = cli_opts_parse(fj.o, argc, argv, why, sizeof why);
    if (rc == CLI_HELP) {
        cli_usage(stdout, CLI_FORECAST);
        rc = 0;
    } else if (rc < 0) {
        rc = usage_error(why);
    } else if ((rc = load_schedule(&fj)) == 0 && (rc = check_interval(&fj)) == 0 &&
               (rc = resolve(&fj, argc, argv)) == 0) {
        if (fj.o->output_dir && (rc = report_mkdir_p(fj.o->output_dir)) != 0) {
            fprintf(stderr, "asmsim: --output-dir %s: cannot create it: %s\n",
                    fj.o->output_dir, strerror(-rc));
            forecast_job_free(&fj);
            return 1;
        }
        report_stamp_now(&fj.j.meta);
        cli_print_warnings(stderr, fj.o);   /* options it does not use */
        if (!fj.j.json_stdout)
            print_plan(&fj);
        struct sim_forecast_result *res = NULL;
        rc = run_forecast(&fj, stop, &res);
        if (rc == 0) {
            int e = write_outputs(&fj, res, ui);
            rc = e == -EINTR || (e == 0 && sim_stop_is_set(stop)) ? 130 : e != 0 ? 1 : 0;
            if (e == 0 && !res->incomplete && sim_stop_is_set(stop))
                fprintf(stderr, "asmsim: interrupted after the forecast; its outputs "
                        "were written whole\n");
            if (res->incomplete) {
                fprintf(stderr, "asmsim: interrupted: the forecast covers %.0f s "
                        "of the horizon, marked incomplete\n", res->horizon_s);
                rc = 130;
            }
            if (rc == 0)
                rc = say_data_lost(res);
        }
        sim_forecast_free(res);
    }
    forecast_job_free(&fj);
    return rc;
}
