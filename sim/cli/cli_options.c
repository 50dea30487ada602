/*
 * cli_options.c - the options of `asmsim run`, `sweep`, `forecast`, and
 * the model options of `orion` and `cost`: the option table (with each
 * option's default and help), and parsing argv into struct cli_opts.
 *
 * This is the first of three stages, each of which can fail with a
 * one-line reason and none of which touches the file system or starts a
 * simulation:
 *
 *   cli_opts_parse    argv -> struct cli_opts (this file).  Every value is
 *                     checked as it is read (a size is a size, a
 *                     percentage is 0..100) and the flags the user gave
 *                     are remembered in `given`, because a --layout-file
 *                     only supplies the settings that were not given on
 *                     the command line.
 *   cli_opts_resolve  the combination checked and turned into a
 *                     struct sim_setup (cli_resolve.c).
 *   cli_check_outputs every output path can be written (cli_output_check.c).
 *
 * The message format is the contract with users and scripts:
 *   "<flag> <value>: <what is wrong>; <what is valid>"
 * The caller prints it after "asmsim: " and exits 2.  A setter writes only
 * the part after the colon; apply() adds the flag and the value.
 *
 * The option table is the single list of run/sweep options, one
 * descriptor row each (cli_option_table.h): getopt_long's table is
 * derived from it, cli_opts_defaults() applies each row's default through
 * its own setter, --help prints each row's help (cli_help.c lays out the
 * pages), and cli_opts_set() applies an option by its long name, which is
 * also how the orion subcommand and `asmsim cost` take the model options
 * (--instance, --volume, ...); cli_opts_set_value() runs just an option's
 * setter, for ORION's rows that mean the same as a run option (their own
 * block, cli_orion.c).  The values themselves are parsed by cli_values.c,
 * the target list is kept by cli_targets.c.
 *
 * Every valued option is given at most once; --target, one per disk, is
 * the only one that repeats.  A second --volume used to win silently, so
 * "sweep --volume gp3 --volume io2" measured io2 alone while the user
 * meant to compare the two: now it is refused, naming both values and
 * what to do instead (cli_opts_note_once, which the orion parser uses for
 * ORION's flags too).  A switch given twice is still just on.
 *
 * A switch (an option without a value: --quiet, --destroy-data, ...) is on
 * when given and off when left out.  Given a value ("--destroy-data=no",
 * "--quiet="), it is a usage error that names the switch, in run, sweep,
 * tui and orion alike (cli_opts_set refuses it for orion); it is never
 * read as the bare switch, which is what made "--destroy-data=no" mean yes.
 */
#include <assert.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "layouts/units.h"
#include "sim/cli/cli.h"
#include "sim/cli/cli_fail.h"
#include "sim/cli/cli_nodes.h"
#include "sim/cli/cli_option_table.h"
#include "sim/cli/cli_needs.h"
#include "sim/cli/workload_file.h"
#include "sim/model/forecast.h"
#include "sim/core/jobs.h"
#include "workloads/schedule.h"

/* ---- the option table --------------------------------------------------- */

#define FOR_RUN CLI_FOR_RUN
#define FOR_SWEEP CLI_FOR_SWEEP
#define FOR_ALL CLI_FOR_ALL
#define FOR_FORECAST CLI_FOR_FORECAST
#define FOR_ORION CLI_FOR_ORION
#define FOR_COST CLI_FOR_COST
#define STR_(x) #x
#define STR(x) STR_(x)              /* a limit's digits, for the help */

static int opt_instance(struct cli_opts *o, const char *v, char *why, size_t n)
{
    (void)why, (void)n;
    o->instance_name = v;           /* resolved (and checked) later */
    o->given |= CLI_GIVEN_INSTANCE;
    return 0;
}

static int opt_volume(struct cli_opts *o, const char *v, char *why, size_t n)
{
    (void)why, (void)n;
    o->volume_spec = v;
    o->given |= CLI_GIVEN_VOLUME;
    return 0;
}

static int opt_burst(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (cli_parse_burst_credits(v, &o->burst_credit_frac, &o->burst_carry) == 0)
        return 0;
    snprintf(why, n, "not a burst credit level; use full, empty or a "
             "percentage 0..100 (\"50%%\" or \"50\"), or carry[=LEVEL]");
    return -EINVAL;
}

static int opt_disks(struct cli_opts *o, const char *v, char *why, size_t n)
{
    long long d;

    if (cli_parse_int(v, 1, LAY_MAX_DISKS, &d) != 0) {
        snprintf(why, n, "not a disk count; use an integer 1..%d",
                 LAY_MAX_DISKS);
        return -EINVAL;
    }
    o->disks = (int)d;
    o->given |= CLI_GIVEN_DISKS;
    return 0;
}

static int opt_volumes(struct cli_opts *o, const char *v, char *why, size_t n)
{
    char inner[200];

    if (cli_parse_disk_list(v, o->counts, SIM_MAX_SWEEP, &o->n_counts,
                            &o->count_repeated, inner, sizeof inner) != 0) {
        /* the hint only where the line stays within CLI_MSG_MAX, after
           "asmsim: --volumes <value>: " */
        char hint[100], q[CLI_QUOTE_BUF];
        snprintf(hint, sizeof hint, "; use counts 1..%d as \"1-16\", "
                 "\"1,2,4,8,16\" or \"2-8,12\", at most %d of them",
                 LAY_MAX_DISKS, SIM_MAX_SWEEP);
        size_t line = strlen("asmsim: --volumes : ") +
                      strlen(cli_quote(v, q, sizeof q)) + strlen(inner);
        snprintf(why, n, "%s%s", inner, line + strlen(hint) <= CLI_MSG_MAX ? hint : "");
        return -EINVAL;
    }
    o->volumes_text = v;
    return 0;
}

static int opt_over(struct cli_opts *o, const char *v, char *why, size_t n)
{
    return cli_over_parse(o, v, why, n);
}

static void over_help(char *buf, size_t len)
{
    char names[600];
    cli_over_params_text(names, sizeof names);
    snprintf(buf, len,
             "sweep over a parameter instead of the disk count:\n"
             "one run per value listed, in that order, at one disk\n"
             "count (--volumes N; default the first group's, or 4);\n"
             "PARAM is one of %s.  E.g. size-large=64KiB,128KiB,1MiB,\n"
             "volume-iops:REDO=8000,16000, outstanding:redo=1,2,4,\n"
             "instance=r6i.2xlarge,r6i.4xlarge; disks=LIST is\n"
             "--volumes.  See docs/workloads.md", names);
}

static int opt_layout(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (lay_striping_parse(v, &o->striping) != 0) {
        snprintf(why, n, "unknown layout; use coarse, fine, raid0 or concat");
        return -EINVAL;
    }
    o->given |= CLI_GIVEN_LAYOUT;
    return 0;
}

static int opt_au(struct cli_opts *o, const char *v, char *why, size_t n)
{
    uint64_t b;

    if (prof_parse_size(v, &b) != 0 || !lay_au_ok(b)) {
        snprintf(why, n, "not an ASM allocation unit; use 1MiB, 2MiB, 4MiB, "
                 "8MiB, 16MiB, 32MiB or 64MiB");
        return -EINVAL;
    }
    o->au_bytes = b;
    o->given |= CLI_GIVEN_AU;
    return 0;
}

static int opt_stripe(struct cli_opts *o, const char *v, char *why, size_t n)
{
    uint64_t b;

    if (prof_parse_size(v, &b) != 0 || !lay_stripe_ok(b)) {
        snprintf(why, n, "not a stripe size; use a power of two from 4KiB "
                 "to 64MiB (e.g. 1MiB)");
        return -EINVAL;
    }
    o->stripe_bytes = b;
    o->given |= CLI_GIVEN_STRIPE;
    return 0;
}

static int opt_redundancy(struct cli_opts *o, const char *v, char *why,
                          size_t n)
{
    if (lay_redundancy_parse(v, &o->redundancy) != 0) {
        snprintf(why, n, "unknown redundancy; use external, normal or high");
        return -EINVAL;
    }
    o->given |= CLI_GIVEN_REDUNDANCY;
    return 0;
}

static int opt_failgroups(struct cli_opts *o, const char *v, char *why,
                          size_t n)
{
    long long g;

    if (cli_parse_int(v, 0, LAY_MAX_DISKS, &g) != 0) {
        snprintf(why, n, "not a failure group count; use an integer 0..%d "
                 "(0, the default: one per disk)", LAY_MAX_DISKS);
        return -EINVAL;
    }
    o->failgroups = (int)g;
    o->given |= CLI_GIVEN_FAILGROUPS;
    return 0;
}

static int opt_layout_file(struct cli_opts *o, const char *v, char *why,
                           size_t n)
{
    (void)why, (void)n;
    o->layout_file = v;             /* loaded in cli_opts_resolve */
    return 0;
}

static int opt_run(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (wl_run_parse(v, &o->run) != 0) {
        snprintf(why, n, "unknown run type; use simple, normal, oltp, dss or "
                 "advanced");
        return -EINVAL;
    }
    o->given |= CLI_GIVEN_RUN;
    return 0;
}

static int opt_matrix(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (wl_matrix_parse(v, &o->matrix) != 0) {
        snprintf(why, n, "unknown matrix; use basic, detailed, point, col, "
                 "row or max");
        return -EINVAL;
    }
    o->given |= CLI_GIVEN_MATRIX;
    return 0;
}

static int parse_load(const char *v, int *out, char *why, size_t n)
{
    long long l;

    if (cli_parse_int(v, 0, 65536, &l) != 0) {
        snprintf(why, n, "not a load level; use an integer 0..65536");
        return -EINVAL;
    }
    *out = (int)l;
    return 0;
}

static int opt_num_small(struct cli_opts *o, const char *v, char *why, size_t n)
{
    return parse_load(v, &o->num_small, why, n);
}

static int opt_num_large(struct cli_opts *o, const char *v, char *why, size_t n)
{
    return parse_load(v, &o->num_large, why, n);
}

static int parse_io_size(const char *v, uint32_t *out, char *why, size_t n)
{
    if (cli_parse_io_size(v, out) != 0) {
        snprintf(why, n, "not an I/O size; use " CLI_IO_SIZE_RULE
                 " (e.g. 512, 8KiB, 1MiB)");
        return -EINVAL;
    }
    return 0;
}

static int opt_size_small(struct cli_opts *o, const char *v, char *why,
                          size_t n)
{
    return parse_io_size(v, &o->small_bytes, why, n);
}

static int opt_size_large(struct cli_opts *o, const char *v, char *why,
                          size_t n)
{
    return parse_io_size(v, &o->large_bytes, why, n);
}

static int opt_type(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (strcasecmp(v, "rand") == 0)
        o->large_type = WL_LARGE_RAND;
    else if (strcasecmp(v, "seq") == 0)
        o->large_type = WL_LARGE_SEQ;
    else {
        snprintf(why, n, "unknown large I/O type; use rand or seq");
        return -EINVAL;
    }
    return 0;
}

static int opt_stream_io(struct cli_opts *o, const char *v, char *why,
                         size_t n)
{
    long long s;

    if (cli_parse_int(v, 1, 1024, &s) != 0) {
        snprintf(why, n, "not a per-stream depth; use an integer 1..1024");
        return -EINVAL;
    }
    o->stream_io = (int)s;
    return 0;
}

static int opt_write(struct cli_opts *o, const char *v, char *why, size_t n)
{
    long long w;

    if (cli_parse_int(v, 0, 100, &w) != 0) {
        snprintf(why, n, "not a write percentage; use an integer 0..100");
        return -EINVAL;
    }
    o->write_pct = (int)w;
    return 0;
}

/* A time cli_parse_time_ns read but that is outside the flag's range (rc
   0: below its least; -ERANGE: above 24h), not one that does not read. */
static bool time_out_of_range(int rc)
{
    return rc == 0 || rc == -ERANGE;
}

static int opt_duration(struct cli_opts *o, const char *v, char *why,
                        size_t n)
{
    sim_ns t;

    if (strcasecmp(v, "auto") == 0) {
        o->auto_duration = true;
        o->duration_ns = CLI_AUTO_CAP_NS;
        o->given |= CLI_GIVEN_DURATION;
        return 0;
    }
    int rc = cli_parse_time_ns(v, &t);
    if (rc != 0 || t < SIM_NS_PER_MS) {
        snprintf(why, n, "%s; use auto or a time from 1ms to 24h (90, 90s, 500ms, 2m, 1h30m)",
                 time_out_of_range(rc) ? "out of range" : "not a duration");
        return -EINVAL;
    }
    o->auto_duration = false;
    o->duration_ns = t;
    o->given |= CLI_GIVEN_DURATION;
    return 0;
}

static int opt_interval(struct cli_opts *o, const char *v, char *why,
                        size_t n)
{
    sim_ns t;

    int rc = cli_parse_time_ns(v, &t);
    if (rc != 0 || t < SIM_NS_PER_MS) {
        snprintf(why, n, "%s; use a time from 1ms to 24h (100ms, 10s, 1m)",
                 time_out_of_range(rc) ? "out of range" : "not an interval");
        return -EINVAL;
    }
    o->interval_ns = t;
    return 0;
}

static int opt_warmup(struct cli_opts *o, const char *v, char *why, size_t n)
{
    sim_ns t;

    if (strcasecmp(v, "auto") == 0) {
        o->warmup_ns = SIM_WARMUP_AUTO;
        return 0;
    }
    int rc = cli_parse_time_ns(v, &t);
    if (rc != 0) {
        snprintf(why, n, "%s; use auto or a time from 0 to 24h (0, 5s, 500ms, 2m)",
                 time_out_of_range(rc) ? "out of range" : "not a warm-up time");
        return -EINVAL;
    }
    o->warmup_ns = t;
    return 0;
}

static int opt_seed(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (cli_parse_u64(v, &o->seed) != 0) {
        snprintf(why, n, "not a seed; use an unsigned integer "
                 "0..18446744073709551615");
        return -EINVAL;
    }
    return 0;
}

static int opt_testname(struct cli_opts *o, const char *v, char *why,
                        size_t n)
{
    if (!cli_testname_ok(v)) {
        snprintf(why, n, "not a test name; use 1..%d characters of "
                 "[A-Za-z0-9._-]", CLI_TESTNAME_MAX);
        return -EINVAL;
    }
    o->testname = v;
    return 0;
}

static int opt_output_dir(struct cli_opts *o, const char *v, char *why,
                          size_t n)
{
    if (!*v) {
        snprintf(why, n, "empty directory name; give a directory path");
        return -EINVAL;
    }
    o->output_dir = v;              /* checked by cli_check_outputs */
    o->given |= CLI_GIVEN_OUTPUT_DIR;
    return 0;
}

/* A file, or - for stdout (--json, --fio-json), into *path. */
static int file_or_stdout(const char *v, const char **path, char *why, size_t n)
{
    if (!*v) {
        snprintf(why, n, "empty file name; give a file path or - for stdout");
        return -EINVAL;
    }
    *path = v;
    return 0;
}

/* --json and --fio-json: a path given once (the generic given-twice
   check), so one already set came from --output-format. */
static int json_path_opt(const char *format, const char *v, const char **path,
                         char *why, size_t n)
{
    if (*path) {
        snprintf(why, n, "--output-format %s sends it to stdout already; give one "
                 "of them", format);
        return -EINVAL;
    }
    return file_or_stdout(v, path, why, n);
}

static int opt_json(struct cli_opts *o, const char *v, char *why, size_t n)
{
    return json_path_opt("json", v, &o->json_path, why, n);
}

static int opt_fio_json(struct cli_opts *o, const char *v, char *why, size_t n)
{
    return json_path_opt("fio-json", v, &o->fio_json_path, why, n);
}

/* --output-format normal|json|fio-json (fio's option and its words, with
   fio's own JSON as fio-json): what stdout carries, the terminal's text,
   the results JSON (--json -) or fio's JSON (--fio-json -). */
static int opt_output_format(struct cli_opts *o, const char *v, char *why, size_t n)
{
    bool json = strcmp(v, "json") == 0, fio = strcmp(v, "fio-json") == 0;
    if (!json && !fio && strcmp(v, "normal") != 0) {
        snprintf(why, n, "not a format; use normal (the text), json (the results "
                 "JSON) or fio-json (fio's JSON)");
        return -EINVAL;
    }
    const char **path = json ? &o->json_path : fio ? &o->fio_json_path : NULL;
    if (path && *path) {
        snprintf(why, n, "--%s %s was given; give one of them", json ? "json" : "fio-json",
                 *path);
        return -EINVAL;
    }
    if (path)
        *path = "-";
    return 0;
}

static int opt_report(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (!*v || strcmp(v, "-") == 0) {
        snprintf(why, n, "give a file name for the HTML report, e.g. run.html");
        return -EINVAL;
    }
    o->report_path = v;             /* checked by cli_check_outputs */
    return 0;
}

static int opt_quiet(struct cli_opts *o, const char *v, char *why, size_t n)
{
    (void)v, (void)why, (void)n;
    o->quiet = true;
    return 0;
}

static int opt_verbose(struct cli_opts *o, const char *v, char *why, size_t n)
{
    (void)v, (void)why, (void)n;
    o->verbose = true;
    return 0;
}

static int opt_tui(struct cli_opts *o, const char *v, char *why, size_t n)
{
    (void)v, (void)why, (void)n;
    o->tui = true;
    return 0;
}

static int opt_progress(struct cli_opts *o, const char *v, char *why, size_t n)
{
    (void)v, (void)why, (void)n;
    o->progress = true;
    return 0;
}

/* --speed N|max: device seconds per wall second of a paced model run. */
static int opt_speed(struct cli_opts *o, const char *v, char *why, size_t n)
{
    double x;

    if (strcasecmp(v, "max") == 0) {
        o->speed = 0;
        return 0;
    }
    if (cli_parse_double(v, 0.01, 1e6, &x) != 0) {
        snprintf(why, n, "not a speed; use max or a factor from 0.01 to "
                 "1000000 (1 = real time)");
        return -EINVAL;
    }
    o->speed = x;
    return 0;
}

static int opt_target(struct cli_opts *o, const char *v, char *why, size_t n)
{
    const char *path = cli_target_expand(o, v, why, n);
    return path ? cli_opts_add_target(o, path, why, n) : -EINVAL;
}

static int opt_lun_file(struct cli_opts *o, const char *v, char *why, size_t n)
{
    const char *path = cli_target_expand(o, v, why, n);
    o->lun_file = path;
    return path ? cli_read_lun_file(o, path, why, n) : -EINVAL;
}

static int opt_engine(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (strcasecmp(v, "model") == 0)
        o->engine = CLI_ENGINE_MODEL;
    else if (strcasecmp(v, "aio") == 0 || strcasecmp(v, "uring") == 0)
        o->engine = CLI_ENGINE_AIO;     /* the same backend, two kernel APIs */
    else if (strcasecmp(v, "null") == 0)
        o->engine = CLI_ENGINE_NULL;
    else {
        snprintf(why, n, "unknown engine; use model, aio, uring or null");
        return -EINVAL;
    }
    o->uring = strcasecmp(v, "uring") == 0;
    return 0;
}

static int opt_uring_sqpoll(struct cli_opts *o, const char *v, char *why,
                            size_t n)
{
    (void)v, (void)why, (void)n;
    o->uring_sqpoll = true;
    return 0;
}

static int opt_levels(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (strcasecmp(v, "extend") == 0)
        o->levels = SIM_LEVELS_EXTEND;
    else if (strcasecmp(v, "orion") == 0)
        o->levels = SIM_LEVELS_ORION;
    else {
        snprintf(why, n, "unknown levels; use extend or orion");
        return -EINVAL;
    }
    return 0;
}

static int opt_create(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (cli_parse_size_in(v, 4 * KIB, 1 * MIB, CLI_SIZE_MAX,
                          &o->create_bytes) != 0) {
        snprintf(why, n, "not a file size; use a multiple of 4KiB from 1MiB "
                 "to " CLI_SIZE_MAX_TEXT ", in " CLI_SIZE_UNITS " (4GiB, "
                 "512MiB)");
        return -EINVAL;
    }
    return 0;
}

static int opt_size_limit(struct cli_opts *o, const char *v, char *why,
                          size_t n)
{
    if (cli_parse_size_in(v, 0, 1 * MIB, CLI_SIZE_MAX,
                          &o->size_limit_bytes) != 0) {
        snprintf(why, n, "not a size; use 1MiB to " CLI_SIZE_MAX_TEXT ", in "
                 CLI_SIZE_UNITS " (10GiB, 500MiB)");
        return -EINVAL;
    }
    return 0;
}

static int opt_destroy_data(struct cli_opts *o, const char *v, char *why,
                            size_t n)
{
    (void)v, (void)why, (void)n;
    o->destroy_data = true;
    return 0;
}

static int opt_ignore_signatures(struct cli_opts *o, const char *v, char *why,
                                 size_t n)
{
    (void)v, (void)why, (void)n;
    o->ignore_signatures = true;
    return 0;
}

/* A count 1..max into *out, or "not a <what>; use an integer 1..max". */
static int count_option(const char *v, int max, const char *what, int *out,
                        char *why, size_t n)
{
    long long t;

    if (cli_parse_int(v, 1, max, &t) != 0) {
        snprintf(why, n, "not a %s; use an integer 1..%d", what, max);
        return -EINVAL;
    }
    *out = (int)t;
    return 0;
}

static int opt_threads(struct cli_opts *o, const char *v, char *why, size_t n)
{
    return count_option(v, 1024, "worker count", &o->threads, why, n);
}

static int opt_jobs(struct cli_opts *o, const char *v, char *why, size_t n)
{
    return count_option(v, SIM_MAX_JOBS, "thread count", &o->jobs, why, n);
}

/* --label TEXT: what the run is called in every output (the row's echo):
   one line a terminal and a report show as it is. */
static int opt_label(struct cli_opts *o, const char *v, char *why, size_t n)
{
    char shown[4 * CLI_LABEL_MAX + 1];
    size_t chars = 0;

    (void)o;                        /* echoed from what was given */
    for (const char *c = v; *c; c++)
        chars += ((unsigned char)*c & 0xC0) != 0x80;
    if (chars == 0 || chars > CLI_LABEL_MAX ||
        strcmp(cli_escape(v, shown, sizeof shown), v) != 0) {
        snprintf(why, n, "not a label; use 1..%d characters of printable "
                 "UTF-8, e.g. \"nightly r5b 8 x io2\"", CLI_LABEL_MAX);
        return -EINVAL;
    }
    return 0;
}

/* ---- a database workload (cli_workload.c) ------------------------------ */

static int opt_workload(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (workload_spec_resolve(v, &o->workload, why, n) != 0)
        return -EINVAL;
    o->workload_name = v;
    return 0;
}

static int opt_awr(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (o->n_awr >= CLI_AWR_MAX) {
        snprintf(why, n, "more than %d reports", CLI_AWR_MAX);
        return -EINVAL;
    }
    o->awr[o->n_awr++] = v;
    return 0;
}

static int opt_group(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (o->n_groups >= SIM_MAX_GROUPS) {
        snprintf(why, n, "more than %d disk groups; at most %d",
                 SIM_MAX_GROUPS, SIM_MAX_GROUPS);
        return -EINVAL;
    }
    if (cli_parse_group(v, &o->groups[o->n_groups], why, n) != 0)
        return -EINVAL;
    o->n_groups++;
    return 0;
}

static int opt_need_iops(struct cli_opts *o, const char *v, char *why, size_t n)
{
    return cli_needs_add(o, SIM_NEED_IOPS, v, why, n);
}

static int opt_need_mbps(struct cli_opts *o, const char *v, char *why, size_t n)
{
    return cli_needs_add(o, SIM_NEED_MBPS, v, why, n);
}

static int opt_need_latency(struct cli_opts *o, const char *v, char *why,
                            size_t n)
{
    return cli_needs_add(o, SIM_NEED_LATENCY, v, why, n);
}

/* The presets' names and descriptions, for --workload's help. */
static void help_workload_presets(char *buf, size_t len)
{
    char desc[80];
    const char *name;
    size_t at = (size_t)snprintf(buf, len,
        "a database workload: a preset or a workload file\n"
        "(docs/workloads.md): named I/O classes, each with its\n"
        "sizes, pattern, write share, skew, loop and disk group;\n"
        "the run is one point of them, with figures per class.\n"
        "Presets:");
    for (int i = 0; at < len && (name = workload_preset_describe(i, desc,
                                                                 sizeof desc));
         i++)
        at += (size_t)snprintf(buf + at, len - at, "%s %s", i ? "," : "", name);
}

/* ---- forecast ---------------------------------------------------------- */

static int opt_schedule(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (!v[0]) {
        snprintf(why, n, "empty; give a schedule CSV file or a preset name");
        return -EINVAL;
    }
    o->schedule = v;                /* read (and checked) by the command */
    return 0;
}

static int opt_repeat(struct cli_opts *o, const char *v, char *why, size_t n)
{
    char digits[16];
    size_t len = strlen(v);
    long long d = 0;
    if (len > 0 && v[len - 1] == 'd')
        len--;
    if (len > 0 && len < sizeof digits) {
        memcpy(digits, v, len);
        digits[len] = '\0';
    } else {
        digits[0] = '\0';
    }
    if (cli_parse_int(digits, 1, SIM_FORECAST_DAYS_MAX, &d) != 0) {
        snprintf(why, n, "not a day count; use 1d..%dd (passes of the "
                 "schedule)", SIM_FORECAST_DAYS_MAX);
        return -EINVAL;
    }
    o->repeat_days = (int)d;
    return 0;
}

static int opt_exact(struct cli_opts *o, const char *v, char *why, size_t n)
{
    (void)v, (void)why, (void)n;
    o->exact = true;
    return 0;
}

/* ---- open-loop demand (engine.h: struct sim_open_load) ---------------- */

#define CLI_RATE_SMALL_MAX WL_RATE_SMALL_MAX_IOPS          /* schedule.h */
#define CLI_RATE_LARGE_MAX_BPS (WL_RATE_LARGE_MAX_MBPS * 1e6)

static int opt_rate_small(struct cli_opts *o, const char *v, char *why,
                          size_t n)
{
    double iops;

    if (cli_parse_double(v, 0, CLI_RATE_SMALL_MAX, &iops) != 0 || !(iops > 0)) {
        snprintf(why, n, "not a rate of small I/Os; use IOPS above 0, at "
                 "most 10000000 (6000, 0.5)");
        return -EINVAL;
    }
    o->open.small_iops = iops;
    return 0;
}

/* A rate as volume throughputs are written (prof_parse_rate): 200MB/s,
   150MiB/s; a bare number is MiB/s.  Kept in MB/s (10^6 B/s). */
static int opt_rate_large(struct cli_opts *o, const char *v, char *why,
                          size_t n)
{
    double bps;

    if (prof_parse_rate(v, &bps) != 0 || bps > CLI_RATE_LARGE_MAX_BPS) {
        snprintf(why, n, "not a rate of large I/O; use a throughput above 0, "
                 "at most 100GB/s (200MB/s, 150MiB/s; a bare number is MiB/s)");
        return -EINVAL;
    }
    o->open.large_mbps = bps / 1e6;
    return 0;
}

static int opt_arrivals(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (strcasecmp(v, "poisson") == 0)
        o->open.arrivals = SIM_ARRIVALS_POISSON;
    else if (strcasecmp(v, "constant") == 0)
        o->open.arrivals = SIM_ARRIVALS_CONSTANT;
    else {
        snprintf(why, n, "not an arrival process; use poisson or constant");
        return -EINVAL;
    }
    return 0;
}

static int opt_max_outstanding(struct cli_opts *o, const char *v, char *why,
                               size_t n)
{
    long long k;

    if (cli_parse_int(v, 1, SIM_MAX_OUTSTANDING, &k) != 0) {
        snprintf(why, n, "not a bound on I/O in flight; use an integer "
                 "1..%d", SIM_MAX_OUTSTANDING);
        return -EINVAL;
    }
    o->open.max_outstanding = (int)k;
    return 0;
}

/* ---- costs (prices.h): --os, --memory, --region ---- */

static int opt_os(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (price_os_parse(v, &o->price.os) == 0)
        return 0;
    snprintf(why, n, "unknown operating system; use linux or rhel");
    return -EINVAL;
}

/* GB as OCI states a shape's memory: "96GB", a bare "96", or any size
   prof_parse_size takes ("64GiB" is 68.72 GB). */
static int opt_memory(struct cli_opts *o, const char *v, char *why, size_t n)
{
    uint64_t bytes;
    double gb;

    if (cli_parse_double(v, 1, 1e6, &gb) == 0 ||
        (prof_parse_size(v, &bytes) == 0 && (gb = (double)bytes / 1e9) >= 1)) {
        o->price.memory_gb = gb;
        return 0;
    }
    snprintf(why, n, "not a memory size; use GB of at least 1 (96GB, 96, 64GiB)");
    return -EINVAL;
}

static int opt_region(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (price_region_check(v, why, n) != 0)
        return -EINVAL;
    o->price.region = v;
    return 0;
}

/* ---- print-back: an option's value in a resolved run ------------------- */

/* As the command line spells it, so that a tuned configuration can be
   written as the command that measures it again (tui/tuned_cmdline.c). */
static void print_disks(const struct sim_setup *c, char *b, size_t n)
{
    snprintf(b, n, "%d", c->run.disks);
}

static void print_write(const struct sim_setup *c, char *b, size_t n)
{
    snprintf(b, n, "%d", c->run.workload.write_pct);
}

static void print_size_small(const struct sim_setup *c, char *b, size_t n)
{
    units_fmt_exact(c->run.workload.small_bytes, MIB, false, b, n);
}

static void print_size_large(const struct sim_setup *c, char *b, size_t n)
{
    units_fmt_exact(c->run.workload.large_bytes, MIB, false, b, n);
}

static void print_layout(const struct sim_setup *c, char *b, size_t n)
{
    snprintf(b, n, "%s", lay_striping_name(c->run.layout.striping));
}

static void print_redundancy(const struct sim_setup *c, char *b, size_t n)
{
    snprintf(b, n, "%s", lay_redundancy_name(c->run.layout.redundancy));
}

static void print_volume(const struct sim_setup *c, char *b, size_t n)
{
    snprintf(b, n, "%s", c->volume.spec);
}

static void print_instance(const struct sim_setup *c, char *b, size_t n)
{
    snprintf(b, n, "%s", c->instance.name);
}

/* forecast's --schedule and --repeat: the presets and the limits of
   sim/model/forecast.h, as they are when the page is printed. */
static void help_schedule(char *b, size_t n)
{
    char names[128];
    snprintf(b, n, "a schedule CSV (format: docs/model.md, section\n"
             "\"Forecast\") or a preset: %s",
             wl_schedule_preset_names(names, sizeof names));
}

static void help_repeat(char *b, size_t n)
{
    snprintf(b, n, "simulate N days (passes of the schedule), 1..%d;\n"
             "default: until the balances at a day's start stop\n"
             "changing (within %.1f %% of each bucket), at most %d\n"
             "(a schedule shorter than a day: as many as make 14\n"
             "days of 24 h, at most %d)", SIM_FORECAST_DAYS_MAX,
             100 * SIM_FORECAST_STEADY_FRAC, SIM_FORECAST_AUTO_DAYS_MAX,
             SIM_FORECAST_AUTO_PASSES_MAX);
}

static const struct cli_opt_row opt_defs[] = {
    { .name = "instance", .has_arg = true, .cmds = FOR_ALL | FOR_FORECAST | FOR_COST,
      .fn = opt_instance, .print_cfg = print_instance,
      .def = "none",
      .help = {
          { FOR_RUN | FOR_SWEEP, "NAME",
            "EC2 instance type (m5.large, r5b.24xlarge, ...),\n"
            "oci-e4flex-N or oci-e5flex-N (N OCPUs) or none;\n"
            "default {}" },
          { FOR_ORION | FOR_COST, "NAME",
            "EC2 type, oci-e4flex-N, oci-e5flex-N or none; default {}" },
      } },
    { .name = "volume", .has_arg = true, .cmds = FOR_ALL | FOR_FORECAST | FOR_COST,
      .fn = opt_volume, .print_cfg = print_volume,
      .def = "gp3",
      .help = {
          { FOR_RUN | FOR_SWEEP, "SPEC",
            "TYPE[:size=..,iops=..,throughput=..,vpu=..], e.g.\n"
            "gp3:size=125GiB,iops=4000,throughput=1000MiB/s;\n"
            "default {} (oci-balanced on an OCI shape); see\n"
            "'asmsim profiles'.  EBS sizes are whole GiB, OCI\n"
            "whole GB; a throughput without a unit is MiB/s;\n"
            "EBS volumes need an EC2 instance, OCI an OCI shape\n"
            "(oci-uhp one of 16 OCPUs or more).  Types follow\n"
            "the providers' current rules (io2 is Block\n"
            "Express, gp3 up to 80000 IOPS); io2-2021 and\n"
            "gp3-2023 are the rules of the published studies" },
          { FOR_ORION | FOR_COST, "SPEC",
            "volume spec as for 'asmsim run'; default {}\n"
            "(oci-balanced on an OCI shape)" },
      } },
    { .name = "nodes", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = cli_nodes_opt, .echo = true,
      .def = "1",
      .help = {
          { FOR_RUN | FOR_SWEEP, "H",
            "a RAC cluster: H instances of --instance's type on\n"
            "the same volumes, 1..32; each offers the whole load\n"
            "(H x the outstanding I/Os or rates) with its own\n"
            "instance limits and burst bucket, the volumes' limits\n"
            "shared.  Shared volumes only where the provider allows:\n"
            "EBS io1/io2 Multi-Attach (up to 16 Nitro instances),\n"
            "OCI shareable volumes below UHP (up to 32); default {}" },
          { FOR_FORECAST, "H",
            "refused: forecast models one instance; run or sweep a\n"
            "cluster" },
      } },
    { .name = "burst-credits", .has_arg = true, .cmds = FOR_ALL | FOR_FORECAST,
      .fn = opt_burst,
      .def = "full",
      .help = {
          { FOR_RUN | FOR_SWEEP, "B",
            "how full the burst buckets (gp2 IOPS, st1/sc1\n"
            "throughput, the instance's 30-min burst) are when\n"
            "EVERY point starts: full, empty or a percentage\n"
            "0..100 (\"50%\" or \"50\"); default {}.  carry or\n"
            "carry=LEVEL: LEVEL (default full) at the first point,\n"
            "then the state carries from point to point, as on\n"
            "one instance over time.  A maximum that rests on\n"
            "burst is measured again on empty buckets and the\n"
            "summary gives both (\"Burst: ... then ... sustained\")" },
          { FOR_ORION, "B",
            "full, empty or 0..100 percent at every point, or\n"
            "carry[=LEVEL] from point to point; default {}" },
          { FOR_FORECAST, "L",
            "the buckets' level at the start: full (default),\n"
            "empty or a percentage" },
      } },
    { .name = "disks", .has_arg = true, .cmds = FOR_RUN | FOR_FORECAST | FOR_COST,
      .fn = opt_disks, .print_cfg = print_disks,
      .def = "4", .def_orion = "1",
      .help = {
          { FOR_RUN, "N",
            "volumes in the disk group, 1.." STR(LAY_MAX_DISKS) "; default {} [ORION: 1]" },
          { FOR_COST, "N",
            "volumes, 1..1024; default {}" },
      } },
    { .name = "volumes", .has_arg = true, .cmds = FOR_SWEEP,
      .fn = opt_volumes,
      .def = "1-16",
      .help = {
          { FOR_SWEEP, "LIST",
            "disk counts: \"1-16\", \"1,2,4,8,16\", \"2-8,12\"; each\n"
            "1..1024, at most 64 counts; default {}; a\n"
            "count runs once, smallest first" },
      } },
    { .name = "over", .has_arg = true, .cmds = FOR_SWEEP,
      .fn = opt_over,
      .help = {
          { FOR_SWEEP, "PARAM=LIST", NULL, over_help },
      } },
    { .name = "layout", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_layout, .print_cfg = print_layout,
      .def = "coarse", .def_orion = "concat",
      .help = {
          { FOR_RUN | FOR_SWEEP, "L",
            "coarse, fine, raid0 or concat; default {}\n"
            "[ORION: -simulate concat]" },
      } },
    { .name = "au", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_au,
      .def = "1MiB",
      .help = {
          { FOR_RUN | FOR_SWEEP, "SIZE",
            "allocation unit 1MiB..64MiB, power of two; default {}" },
      } },
    { .name = "stripe", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_stripe,
      .def = "1MiB",
      .help = {
          { FOR_RUN | FOR_SWEEP, "SIZE",
            "raid0 stripe, power of two 4KiB..64MiB; default {}" },
      } },
    { .name = "redundancy", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_redundancy, .print_cfg = print_redundancy,
      .def = "external",
      .help = {
          { FOR_RUN | FOR_SWEEP, "R",
            "external, normal or high; default {}" },
      } },
    { .name = "failgroups", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_failgroups,
      .def = "0",
      .help = {
          { FOR_RUN | FOR_SWEEP, "N",
            "failure groups 0..1024, at most the disks; default {}:\n"
            "one per disk" },
      } },
    { .name = "layout-file", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_layout_file,
      .help = {
          { FOR_RUN | FOR_SWEEP, "F.json",
            "a disk group description; its keys set defaults\n"
            "that the flags above override" },
      } },
    { .name = "run", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_run,
      .def = "simple",
      .help = {
          { FOR_RUN | FOR_SWEEP, "R",
            "simple, normal, oltp, dss or advanced; default {}" },
      } },
    { .name = "matrix", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_matrix,
      .def = "basic",
      .help = {
          { FOR_RUN | FOR_SWEEP, "M",
            "basic, detailed, point, col, row or max (implies\n"
            "--run advanced when --run is not given)" },
      } },
    { .name = "num-small", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_num_small,
      .help = {
          { FOR_RUN | FOR_SWEEP, "N",
            "small load for point/col, the top small level\n"
            "otherwise, 0..65536 (not used by --run dss)" },
      } },
    { .name = "num-large", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_num_large,
      .help = {
          { FOR_RUN | FOR_SWEEP, "N",
            "large load for point/row, the top large level\n"
            "otherwise, 0..65536 (not used by --run oltp)" },
      } },
    { .name = "levels", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_levels,
      .help = {
          { FOR_RUN | FOR_SWEEP, "L",
            "extend: past ORION's load levels until the figure\n"
            "saturates (a limit binds, it stops rising, latency\n"
            "passes 100 ms, or the cap on outstanding I/O), for\n"
            "each class whose --num-* is not given; default on\n"
            "modelled volumes.  orion: ORION's levels from the\n"
            "disk count; default on real devices, null and --tui" },
      } },
    { .name = "size-small", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_size_small, .print_cfg = print_size_small,
      .def = "8KiB",
      .help = {
          { FOR_RUN | FOR_SWEEP, "SIZE",
            "small I/O, multiple of 512 up to 64MiB; default {}" },
      } },
    { .name = "size-large", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_size_large, .print_cfg = print_size_large,
      .def = "128KiB", .def_orion = "1024KiB",
      .help = {
          { FOR_RUN | FOR_SWEEP, "SIZE",
            "large I/O, multiple of 512 up to 64MiB; default {}\n"
            "[ORION: 1024 KiB]" },
      } },
    { .name = "type", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_type,
      .def = "rand",
      .help = {
          { FOR_RUN | FOR_SWEEP, "T",
            "large I/O rand or seq; default {}" },
      } },
    { .name = "stream-io", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_stream_io,
      .def = "4",
      .help = {
          { FOR_RUN | FOR_SWEEP, "N",
            "seq: outstanding I/Os per stream, 1..1024; default {}" },
      } },
    { .name = "write", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_write, .print_cfg = print_write,
      .def = "0",
      .help = {
          { FOR_RUN | FOR_SWEEP, "PCT",
            "percent writes 0..100; default {}" },
      } },
    { .name = "duration", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_duration,
      .def = "60s",
      .help = {
          { FOR_RUN | FOR_SWEEP, "TIME|auto",
            "per point: 90, 90s, 500ms, 2m, 1h30m (1ms..24h) or auto\n"
            "(until the 95 % confidence half-width is under 1 %,\n"
            "at most 60 s); default auto on modelled volumes and\n"
            "the null engine, 60s on real devices [ORION: 60 s]" },
      } },
    { .name = "warmup", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_warmup,
      .def = "auto",
      .help = {
          { FOR_RUN | FOR_SWEEP, "TIME|auto",
            "unmeasured time before each point; default {}\n"
            "(until the pipeline is full)" },
      } },
    { .name = "interval", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_interval,
      .help = {
          { FOR_RUN | FOR_SWEEP, "TIME",
            "a timeline of every point: one row per TIME of its\n"
            "measured window (device time: virtual on modelled\n"
            "volumes, real on devices), 1ms..24h, at most\n"
            "1,000,000 rows per point; in the JSON\n"
            "(points[].timeline) and --output-dir\n"
            "(_timeline.csv); not with --tui; default none" },
          { FOR_FORECAST, "TIME",
            "the timeline's rows (10s, 1m); default 1m" },
      } },
    { .name = "seed", .has_arg = true, .cmds = FOR_ALL | FOR_FORECAST,
      .fn = opt_seed,
      .def = "1",
      .help = {
          { FOR_RUN | FOR_SWEEP, "N",
            "random seed, unsigned integer; default {}" },
          { FOR_ORION, "N",
            "random seed; default {}" },
          { FOR_FORECAST, "N",
            "default {}" },
      } },
    { .name = "testname", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_testname,
      .def = "asmsim", .def_orion = "orion",
      .help = {
          { FOR_RUN | FOR_SWEEP, "NAME",
            "[A-Za-z0-9._-]+, at most " STR(CLI_TESTNAME_MAX) " characters; default {}\n"
            "[ORION: orion]" },
          { FOR_FORECAST, "NAME",
            "default {}" },
      } },
    { .name = "output-dir", .has_arg = true, .cmds = FOR_ALL | FOR_FORECAST,
      .fn = opt_output_dir,
      .def = NULL, .def_orion = ".",
      .help = {
          { FOR_RUN, "DIR",
            "write ORION's files (<testname>_<stamp>_summary.txt,\n"
            "_mbps.csv, _iops.csv, _lat.csv, _hist.txt) and\n"
            "<testname>_<stamp>_results.json; created if\n"
            "missing; never overwrites: <stamp> is the start,\n"
            "yyyymmdd_hhmm as ORION's, and _2, _3 ... follow\n"
            "it when taken; default: no files [ORION: the\n"
            "current directory]" },
          { FOR_SWEEP, "DIR",
            "write ORION's files (<testname>_<stamp>_summary.txt,\n"
            "_mbps.csv, _iops.csv, _lat.csv, _hist.txt) and\n"
            "<testname>_<stamp>_results.json\n"
            "per disk count with prefix <testname>_<N>disks,\n"
            "one JSON with all runs and\n"
            "<testname>_<stamp>_sweep.csv; created if\n"
            "missing; never overwrites: <stamp> is the start,\n"
            "yyyymmdd_hhmm as ORION's, and _2, _3 ... follow\n"
            "it when taken; default: no files [ORION: the\n"
            "current directory]" },
          { FOR_ORION, "DIR",
            "where ORION's files go; default the current directory" },
          { FOR_FORECAST, "DIR",
            "<testname>_<stamp>_forecast.json and _timeline.csv,\n"
            "never over an existing file" },
      } },
    { .name = "json", .has_arg = true, .cmds = FOR_ALL | FOR_FORECAST | FOR_COST,
      .fn = opt_json,
      .help = {
          { FOR_RUN | FOR_SWEEP | FOR_ORION, "FILE|-",
            "the results JSON to FILE, or to stdout alone with -" },
          { FOR_COST, "FILE|-",
            "the bill as JSON (the results JSON's \"cost\" object)" },
          { FOR_FORECAST, "FILE|-",
            "the forecast JSON (kind \"forecast\"); - : stdout,\n"
            "nothing else there" },
      } },
    { .name = "fio-json", .has_arg = true, .cmds = FOR_ALL,
      .fn = opt_fio_json, .section = "output",
      .help = {
          { FOR_RUN | FOR_SWEEP | FOR_ORION, "FILE|-",
            "fio 3.x's JSON (--output-format=json): every class\n"
            "at every load point (and failure phase) a job with\n"
            "the options fio would run it with; - : stdout alone" },
      } },
    { .name = "output-format", .has_arg = true, .cmds = FOR_ALL,
      .fn = opt_output_format, .section = "output",
      .help = {
          { FOR_RUN | FOR_SWEEP | FOR_ORION, "FMT",
            "what stdout carries, as fio's option: normal (the\n"
            "text), json (as --json -) or fio-json (as --fio-json -)" },
      } },
    { .name = "quiet", .has_arg = false, .cmds = FOR_ALL | FOR_FORECAST,
      .fn = opt_quiet,
      .help = {
          { FOR_RUN | FOR_SWEEP | FOR_FORECAST, NULL,
            "no progress on stderr" },
          { FOR_ORION, NULL,
            "no progress" },
      } },
    { .name = "verbose", .has_arg = false, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_verbose,
      .help = {
          { FOR_RUN | FOR_SWEEP, NULL,
            "run: a per-point table after the summary" },
      } },
    { .name = "tui", .has_arg = false, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_tui,
      .help = {
          { FOR_RUN | FOR_SWEEP, NULL,
            "the live dashboard (falls back to --progress when\n"
            "stdin/stdout is not a terminal)" },
          { FOR_FORECAST, NULL,
            "on a terminal, play the forecast on the dashboard\n"
            "first: credit gauges, the strip of the horizon,\n"
            "the events as they come; q ends it" },
      } },
    { .name = "progress", .has_arg = false, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_progress,
      .help = {
          { FOR_RUN | FOR_SWEEP, NULL,
            "one status line on stderr with the ETA" },
      } },
    { .name = "speed", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_speed,
      .help = {
          { FOR_RUN | FOR_SWEEP, "N|max",
            "--tui on modelled volumes: device seconds per\n"
            "second of wall time (1 = real time); default: the\n"
            "pace that shows the whole run in about a minute" },
          { FOR_FORECAST, "N|max",
            "the dashboard's device seconds per wall second;\n"
            "default 600 (ten minutes a second)" },
      } },
    { .name = "target", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_target, .repeat = true,
      .help = {
          { FOR_RUN | FOR_SWEEP, "PATH",
            "a file or block device; repeat for each disk\n"
            "(under mpirun %h is the host, %r the rank)" },
      } },
    { .name = "lun-file", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_lun_file,
      .help = {
          { FOR_RUN | FOR_SWEEP, "FILE",
            "targets listed one per line (ORION's .lun);\n"
            "%h and %r in FILE as in --target" },
      } },
    { .name = "engine", .has_arg = true, .cmds = FOR_ALL | FOR_FORECAST,
      .fn = opt_engine,
      .help = {
          { FOR_RUN | FOR_SWEEP, "E",
            "model, aio, uring (io_uring) or null (I/O completes\n"
            "at once: measures asmsim itself); default aio with\n"
            "targets, else model" },
      } },
    { .name = "create", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_create,
      .help = {
          { FOR_RUN | FOR_SWEEP, "SIZE",
            "make missing target files of SIZE, marked as asmsim's\n"
            "(writable without --destroy-data), and write them\n"
            "once in full before measuring; other files with\n"
            "holes or unwritten extents are refused" },
      } },
    { .name = "destroy-data", .has_arg = false, .cmds = FOR_ALL,
      .fn = opt_destroy_data,
      .help = {
          { FOR_RUN | FOR_SWEEP, NULL,
            "let writes (--write > 0) overwrite targets asmsim did\n"
            "not create; without --write targets open read-only" },
      } },
    { .name = "ignore-signatures", .has_arg = false, .cmds = FOR_ALL,
      .fn = opt_ignore_signatures,
      .help = {
          { FOR_RUN | FOR_SWEEP, NULL,
            "overwrite even a target with a file system, partition\n"
            "table, LVM, MD-RAID or Oracle ASM signature" },
      } },
    { .name = "size-limit", .has_arg = true, .cmds = FOR_ALL,
      .fn = opt_size_limit,
      .help = {
          { FOR_RUN | FOR_SWEEP, "SIZE",
            "use at most SIZE bytes of each target" },
      } },
    { .name = "threads", .has_arg = true, .cmds = FOR_ALL,
      .fn = opt_threads,
      .help = {
          { FOR_RUN | FOR_SWEEP, "N",
            "I/O worker threads (default: one per NUMA node that\n"
            "hosts targets; 1 runs the I/O on the engine's thread)" },
      } },
    { .name = "uring-sqpoll", .has_arg = false, .cmds = FOR_ALL,
      .fn = opt_uring_sqpoll,
      .help = {
          { FOR_RUN | FOR_SWEEP, NULL,
            "with --engine uring: a kernel thread polls for the\n"
            "submissions (no system call per batch; its CPU\n"
            "counts as asmsim's)" },
      } },
    { .name = "jobs", .has_arg = true, .cmds = FOR_ALL,
      .fn = opt_jobs,
      .help = {
          { FOR_RUN, "N",
            "load points simulated at once, on N threads, 1..256;\n"
            "default the CPUs asmsim may use; the same results\n"
            "as --jobs 1 (only wall-clock times differ): every\n"
            "point of modelled volumes starts from fresh devices;\n"
            "real devices, the null engine, --tui and carried\n"
            "credits (--burst-credits carry) run one point at a\n"
            "time, and say so" },
          { FOR_SWEEP, "N",
            "load points (with carried credits: disk counts)\n"
            "simulated at once, on N threads, 1..256; default\n"
            "the CPUs asmsim may use; the same results as\n"
            "--jobs 1 (only wall-clock times differ); real\n"
            "devices, the null engine and --tui run one count\n"
            "at a time" },
          { FOR_ORION, "N",
            "load points simulated at once on N threads; default the\n"
            "CPUs asmsim may use; as for 'asmsim run'" },
      } },
    { .name = "rate-small", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_rate_small,
      .help = {
          { FOR_RUN | FOR_SWEEP, "IOPS",
            "offer small I/Os at this rate (6000, 0.5); any\n"
            "--rate-* makes every run one open-loop point for\n"
            "its --duration (a time; default 60 s) and refuses\n"
            "--matrix, --num-small, --num-large, --run, --levels\n"
            "and --tui; I/Os that find every slot taken wait\n"
            "(delayed), and latency counts from the arrival" },
      } },
    { .name = "rate-large", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_rate_large,
      .help = {
          { FOR_RUN | FOR_SWEEP, "RATE",
            "offer large I/O at this throughput: 200MB/s,\n"
            "150MiB/s; a bare number is MiB/s, as in --volume\n"
            "(reports give MB/s = 10^6 B/s)" },
      } },
    { .name = "arrivals", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_arrivals,
      .def = "poisson",
      .help = {
          { FOR_RUN | FOR_SWEEP, "A",
            "poisson (independent arrivals) or constant (even\n"
            "gaps); default {}" },
      } },
    { .name = "max-outstanding", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_max_outstanding,
      .def = "4096",
      .help = {
          { FOR_RUN | FOR_SWEEP, "N",
            "logical I/Os in flight at most, both classes\n"
            "together (the database's async I/O limit),\n"
            "1..65536; default {} (a --workload's on real\n"
            "targets: 1024, or what fits the buffers)" },
          { FOR_FORECAST, "N",
            "open-loop phases: logical I/Os in flight at most\n"
            "(the database's async I/O limit); default {}" },
      } },
    { .name = "os", .has_arg = true, .cmds = FOR_ALL | FOR_FORECAST | FOR_COST,
      .fn = opt_os,
      .def = "linux",
      .help = {
          { FOR_RUN | FOR_SWEEP, "OS",
            "linux or rhel: the instance's on-demand price for that\n"
            "OS (EC2; OCI shapes are priced with Oracle Linux);\n"
            "default {}" },
          { FOR_COST, "OS",
            "linux or rhel (EC2 only); default {}" },
          { FOR_FORECAST, "linux|rhel",
            "the instance's operating system; default {}" },
      } },
    { .name = "memory", .has_arg = true, .cmds = FOR_ALL | FOR_FORECAST | FOR_COST,
      .fn = opt_memory,
      .help = {
          { FOR_RUN | FOR_SWEEP, "SIZE",
            "an OCI flex shape's memory in GB (96GB, 96), 1 to 64\n"
            "GB per OCPU (E4.Flex at most 1024 GB); default OCI's\n"
            "16 GB per OCPU" },
          { FOR_COST, "SIZE",
            "OCI flex shape's memory in GB, 1 to 64 per OCPU (E4.Flex\n"
            "at most 1024); default 16 GB per OCPU, OCI's default" },
          { FOR_FORECAST, "SIZE",
            "OCI flex shapes: GB of memory; default OCI's for\n"
            "the shape" },
      } },
    { .name = "region", .has_arg = true, .cmds = FOR_ALL | FOR_FORECAST | FOR_COST,
      .fn = opt_region,
      .help = {
          { FOR_RUN | FOR_SWEEP, "R",
            "the prices' region; only us-east-1 is known (default)" },
          { FOR_COST, "R",
            "only us-east-1 (the default) has prices" },
          { FOR_FORECAST, "NAME",
            "us-east-1, the one region with prices" },
      } },
    { .name = "report", .has_arg = true, .cmds = FOR_ALL | FOR_FORECAST,
      .fn = opt_report,
      .help = {
          { FOR_RUN | FOR_SWEEP, "FILE.html",
            "a self-contained HTML report (charts, heat maps;\n"
            "opens offline) made from the results JSON; FILE\n"
            "must not exist (never replaced); also after an\n"
            "interrupt, with the partial results" },
          { FOR_ORION, "FILE",
            "a self-contained HTML report; FILE must not exist" },
          { FOR_FORECAST, "FILE.html",
            "a self-contained HTML report (charts over time with\n"
            "the events, phases, verdict, cost); FILE must not exist" },
      } },
    { .name = "schedule", .has_arg = true, .cmds = FOR_FORECAST,
      .fn = opt_schedule,
      .help = {
          { FOR_FORECAST, "FILE|NAME", NULL, help_schedule },
      } },
    { .name = "awr", .has_arg = true, .cmds = FOR_FORECAST,
      .fn = opt_awr, .repeat = true,
      .help = {
          { FOR_FORECAST, "REPORT...",
            "the database's own day: AWR or Statspack reports of\n"
            "consecutive intervals (RAC: each instance's), read as\n"
            "'asmsim awr' reads them; the workload is their classes\n"
            "at each one's highest rate, the schedule a phase per\n"
            "interval at its rates (instead of --workload and\n"
            "--schedule; give --group DATA, REDO, RECO).  The\n"
            "reports after --awr are all taken: --awr awr_*.txt" },
      } },
    { .name = "repeat", .has_arg = true, .cmds = FOR_FORECAST,
      .fn = opt_repeat,
      .help = {
          { FOR_FORECAST, "Nd", NULL, help_repeat },
      } },
    { .name = "exact", .has_arg = false, .cmds = FOR_FORECAST,
      .fn = opt_exact,
      .help = {
          { FOR_FORECAST, NULL,
            "simulate every I/O (slow; for checking the default\n"
            "fast hybrid, which simulates short windows and moves\n"
            "the credit balances in closed form between events)" },
      } },
    { .name = "workload", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_workload, .section = "workload", .echo = true,
      .help = {
          { FOR_RUN | FOR_SWEEP | FOR_FORECAST, "W", NULL, help_workload_presets },
      } },
    { .name = "group", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = opt_group, .repeat = true, .section = "workload", .echo = true,
      .help = {
          { FOR_RUN | FOR_SWEEP | FOR_FORECAST, "G",
            "a disk group of the workload, repeat for each:\n"
            "NAME:disks=N,volume=TYPE[,size=..,iops=..,throughput=..]\n"
            "[,redundancy=R][,au=SIZE][,layout=coarse|fine]\n"
            "[,failgroups=N], e.g. DATA:disks=8,volume=gp3 and\n"
            "REDO:disks=4,volume=io2,iops=16000,redundancy=normal;\n"
            "all on the one --instance, sharing its limits (the\n"
            "run's disks are theirs; a sweep sizes the first)" },
      } },
    { .name = "need-iops", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_need_iops, .repeat = true, .section = "workload",
      .help = {
          { FOR_RUN | FOR_SWEEP, "C:N",
            "a class's target: at least N I/Os a second\n"
            "(data-reads:2000); repeat for each; met or missed is\n"
            "said after the figures (a sweep: from which count)" },
      } },
    { .name = "need-mbps", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_need_mbps, .repeat = true, .section = "workload",
      .help = {
          { FOR_RUN | FOR_SWEEP, "C:R",
            "a class's target: at least R MB/s (dbwr:50)" },
      } },
    { .name = "need-latency", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP,
      .fn = opt_need_latency, .repeat = true, .section = "workload",
      .help = {
          { FOR_RUN | FOR_SWEEP, "C:[S:]T",
            "a class's target: latency at most T by statistic S\n"
            "(mean, p50, p90, p99, p99.9, p99.99; default mean),\n"
            "e.g. redo:p99:1ms" },
      } },
    { .name = "fail", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = cli_fail_opt_fail, .repeat = true, .section = "workload", .echo = true,
      .help = {
          { FOR_RUN | FOR_SWEEP, "DISK@TIME",
            "a disk of the first disk group (from 0, as DATA_0000)\n"
            "goes offline TIME into the run, or fg:N@TIME a whole\n"
            "failure group (from 0); repeat for more, each within\n"
            "the repair time of the first; a database workload\n"
            "(--workload) on modelled volumes or real targets: the\n"
            "run then measures the degraded, rebalancing and\n"
            "restored phases too (docs/failure.md)" },
          { FOR_FORECAST, "DISK@TIME",
            "a disk of the first disk group (from 0) goes offline\n"
            "at TIME of the forecast: 14:00 (its first day),\n"
            "'d2 14:00' or a duration from its start (26h); or\n"
            "fg:N@TIME a failure group; --workload only: the rows\n"
            "run degraded, rebalancing, restored (docs/failure.md)" },
      } },
    { .name = "repair-time", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = cli_fail_opt_repair, .section = "workload", .echo = true,
      .help = {
          { FOR_RUN | FOR_SWEEP | FOR_FORECAST, "TIME",
            "with --fail: how long ASM waits for the disk before\n"
            "dropping it; default DISK_REPAIR_TIME 3.6h (12.1's\n"
            "documented default), FAILGROUP_REPAIR_TIME 24h for a\n"
            "failure group" },
      } },
    { .name = "returns", .has_arg = false, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = cli_fail_opt_returns, .section = "workload", .echo = true,
      .help = {
          { FOR_RUN | FOR_SWEEP | FOR_FORECAST, NULL,
            "with --fail: the disks come back when the repair time\n"
            "ends, and only their stale AUs are resynced (fast\n"
            "mirror resync); default: dropped and rebuilt" },
      } },
    { .name = "add-disks", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = cli_fail_opt_add, .section = "workload", .echo = true,
      .help = {
          { FOR_FORECAST, "N@TIME",
            "N new disks (1..64) of the volume type join the first\n"
            "disk group at TIME of the forecast (as --fail's) and\n"
            "ASM rebalances onto them at the schedule's load; the\n"
            "rows run before, rebalancing, balanced; --workload\n"
            "only, not with --fail (docs/failure.md)" },
          { FOR_RUN | FOR_SWEEP, "N@TIME",
            "N new disks (1..64) of the volume type join the first\n"
            "disk group TIME into the run (up to 24h) and ASM\n"
            "rebalances onto them: the run then measures the\n"
            "rebalancing and balanced phases too, the data moved\n"
            "and the time to balance; on real targets the new\n"
            "disks are N more --target after the group's; with\n"
            "--fail, from its repair timer's end: the add follows\n"
            "the failure's restored group (docs/failure.md)" },
      } },
    { .name = "power", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = cli_fail_opt_power, .section = "workload", .echo = true,
      .help = {
          { FOR_RUN | FOR_SWEEP | FOR_FORECAST, "N",
            "with --fail or --add-disks: the rebalance or resync\n"
            "power, 1..1024: N outstanding copies of one AU\n"
            "(11.2.0.2+); default 1 (ASM_POWER_LIMIT's default)" },
      } },
    { .name = "used", .has_arg = true, .cmds = FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      .fn = cli_fail_opt_used, .section = "workload", .echo = true,
      .help = {
          { FOR_RUN | FOR_SWEEP | FOR_FORECAST, "PCT",
            "with --fail or --add-disks: how full the disk group\n"
            "is, 1..99 %: the data a lost disk held, or an add\n"
            "moves; default 50% (a guess: give it)" },
      } },
    { .name = "label", .has_arg = true, .cmds = FOR_ALL, .fn = opt_label,
      .section = "output", .echo = true,
      .help = {
          { FOR_RUN | FOR_SWEEP, "TEXT",
            "a name for the run, 1.." STR(CLI_LABEL_MAX) " characters: shown in\n"
            "the header, summary.txt (Label:), the JSON\n"
            "(config.options.label) and the HTML report" },
          { FOR_ORION, "TEXT",
            "a name for the run in every output, as for run" },
      } },
};
#define N_OPTS ((int)(sizeof opt_defs / sizeof opt_defs[0]))
_Static_assert(sizeof opt_defs / sizeof opt_defs[0] < 1024, "OPT_HELP follows the rows");
/* getopt_long's values: a row's is OPT_ROW + its index, past every
   character getopt returns itself ('?', ':', 'h': a row's bare index
   was once 58, ':', and read as a missing value) */
#define OPT_ROW 256
#define OPT_HELP (OPT_ROW + 1024)

int cli_option_count(void)
{
    return N_OPTS;
}

const char *cli_option_at(int i, unsigned *cmds)
{
    if (i < 0 || i >= N_OPTS)
        return NULL;
    if (cmds)
        *cmds = opt_defs[i].cmds;
    return opt_defs[i].name;
}

const struct cli_opt_block cli_run_rows = { opt_defs, N_OPTS };

/* The default of row d for cmd (orion's where it has its own). */
static const char *row_default(const struct cli_opt_row *d, unsigned cmd)
{
    return cmd == CLI_FOR_ORION && d->def_orion ? d->def_orion : d->def;
}


const struct cli_opt_row *cli_opt_block_find(const struct cli_opt_block *b,
                                             const char *name)
{
    for (int i = 0; i < b->n; i++)
        if (strcasecmp(b->rows[i].name, name) == 0)
            return &b->rows[i];
    return NULL;
}

const struct cli_opt_row *cli_opt_row_find(const char *name)
{
    for (int i = 0; i < N_OPTS; i++)
        if (strcmp(opt_defs[i].name, name) == 0)
            return &opt_defs[i];
    return NULL;
}

const struct cli_opt_help *cli_opt_help_for(const struct cli_opt_row *r,
                                            unsigned cmd)
{
    for (int i = 0; i < CLI_OPT_HELPS && r->help[i].cmds; i++)
        if (r->help[i].cmds & cmd)
            return &r->help[i];
    return NULL;
}

int cli_opts_echo(const struct cli_opts *o, struct report_echo *out, int max)
{
    int n = 0;

    for (int i = 0; i < N_OPTS && n < max; i++) {
        const char *v = opt_defs[i].echo ? cli_opts_given_value(o, "--", opt_defs[i].name)
                                         : NULL;
        if (v)
            out[n++] = (struct report_echo){ opt_defs[i].name, v };
    }
    return n;
}

const char *cli_opt_help_text(const struct cli_opt_help *h, char *buf,
                              size_t len)
{
    if (h->text)
        return h->text;
    h->text_fn(buf, len);
    return buf;
}

/* The help text t with "{}" replaced by def. */
static void put_help_text(FILE *f, const char *t, const char *def, int col)
{
    for (; *t; t++) {
        if (t[0] == '{' && t[1] == '}' && def) {
            fputs(def, f);
            t++;
        } else if (*t == '\n') {
            fprintf(f, "\n%*s", col, "");
        } else {
            fputc(*t, f);
        }
    }
}

void cli_opt_print_help(FILE *f, const struct cli_opt_row *r, unsigned cmd,
                        int col)
{
    const struct cli_opt_help *h = cli_opt_help_for(r, cmd);
    if (!h)
        return;
    int n = fprintf(f, "  %s%s%s%s", r->dash ? r->dash : "--", r->name,
                    h->arg ? " " : "", h->arg ? h->arg : "");
    fprintf(f, "%*s", n >= col ? 2 : col - n, "");
    /* an ORION row that is a run option in other words has its default */
    const struct cli_opt_row *d = !r->def && !r->fn && r->same
                                  ? cli_opt_row_find(r->same) : r;
    char buf[CLI_HELP_TEXT_MAX];
    put_help_text(f, cli_opt_help_text(h, buf, sizeof buf),
                  d ? row_default(d, cmd) : NULL, col);
    fputc('\n', f);
}

static const char *cmd_name(enum cli_cmd c)
{
    return c == CLI_SWEEP ? "sweep" : c == CLI_ORION ? "orion" :
           c == CLI_FORECAST ? "forecast" : "run";
}

/* ---- options given twice -------------------------------------------------- */

/* What to do instead of giving an option twice, where a second value says
   what the user was after; every other option: give it once. */
static const char *repeat_hint(const char *name)
{
    static const struct { const char *name, *hint; } hints[] = {
        { "volume", "to compare volumes, run one sweep per volume" },
        { "instance", "to compare instances, run one sweep per instance" },
        { "disks", "for several disk counts use 'asmsim sweep --volumes 2,4'" },
        { "num_disks", "for several disk counts run one orion per count" },
        { "volumes", "list every disk count in one --volumes, e.g. 1-4,8" },
    };
    for (size_t i = 0; i < sizeof hints / sizeof hints[0]; i++)
        if (strcmp(hints[i].name, name) == 0)
            return hints[i].hint;
    return "give it once";
}

const char *cli_opts_given_value(const struct cli_opts *o, const char *dash,
                                 const char *name)
{
    for (int i = 0; i < o->n_seen; i++)
        if (strcmp(o->seen[i].dash, dash) == 0 &&
            strcmp(o->seen[i].name, name) == 0)
            return o->seen[i].value;
    return NULL;
}

/* -EINVAL with the message when dash+name was given before, else 0. */
static int refuse_if_seen(const struct cli_opts *o, const char *dash,
                          const char *name, const char *value, char *why,
                          size_t why_len)
{
    const char *first = cli_opts_given_value(o, dash, name);
    char q1[CLI_QUOTE_BUF], q2[CLI_QUOTE_BUF];

    if (!first)
        return 0;
    snprintf(why, why_len, "%s%s given twice (%s and %s); %s", dash, name,
             cli_quote(first, q1, sizeof q1), cli_quote(value, q2, sizeof q2),
             repeat_hint(name));
    return -EINVAL;
}

static void remember(struct cli_opts *o, const char *dash, const char *name,
                     const char *value)
{
    if (o->n_seen < CLI_SEEN_MAX)   /* every option fits */
        o->seen[o->n_seen++] = (struct cli_seen){ dash, name, value };
}

int cli_opts_note_once(struct cli_opts *o, const char *dash, const char *name,
                       const char *value, char *why, size_t why_len)
{
    if (refuse_if_seen(o, dash, name, value, why, why_len) != 0)
        return -EINVAL;
    remember(o, dash, name, value);
    return 0;
}

static int apply(struct cli_opts *o, const struct cli_opt_row *d, const char *v,
                 char *why, size_t why_len)
{
    char inner[400];
    char q[CLI_QUOTE_BUF];

    bool once = d->has_arg && !d->repeat;

    if (once && refuse_if_seen(o, "--", d->name, v, why, why_len) != 0)
        return -EINVAL;
    if (d->fn(o, v, inner, sizeof inner) == 0) {
        /* a switch is remembered once, with the value "" (given twice it
           is just on), so that check_unused can find it too */
        if (once)
            remember(o, "--", d->name, v);
        else if (!d->has_arg &&
                 !cli_opts_given_value(o, "--", d->name))
            remember(o, "--", d->name, "");
        return 0;
    }
    snprintf(why, why_len, "--%s %s: %s", d->name, cli_quote(v, q, sizeof q),
             inner);
    return -EINVAL;
}

int cli_opts_set_value(struct cli_opts *o, const char *name,
                       const char *value, char *why, size_t why_len)
{
    for (int i = 0; i < N_OPTS; i++)
        if (strcmp(opt_defs[i].name, name) == 0)
            return opt_defs[i].fn(o, value, why, why_len);
    return -ENOENT;
}

/* A switch (an option without a value) given one, "--name=value": a usage
   error that names the switch.  A switch is on when given and off when
   left out; there is no "--destroy-data=no", and reading one as a plain
   --destroy-data is how a disk gets overwritten.  arg is what the user
   typed (perhaps an abbreviation getopt_long accepted). */
static int switch_given_value(struct cli_opts *o, const char *arg,
                              const char *name, char *why, size_t why_len)
{
    char q[CLI_QUOTE_BUF];

    o->usage_error = true;
    snprintf(why, why_len, "%s: --%s takes no value; give --%s alone to turn "
             "it on, or leave it out. Try 'asmsim %s --help'.",
             cli_quote(arg, q, sizeof q), name, name, cmd_name(o->cmd));
    return -EINVAL;
}

/* getopt_long refuses "--name=value" for a no_argument option with '?',
   as it does an unknown option; tell the two apart.  name may be any
   abbreviation getopt_long accepts: exact, or a prefix of one option. */
static bool is_switch_given_value(const struct option *longs, const char *arg,
                                  const char **name)
{
    const char *eq;
    const struct option *hit = NULL;
    int prefixes = 0;

    if (strncmp(arg, "--", 2) != 0 || !(eq = strchr(arg + 2, '=')))
        return false;
    size_t len = (size_t)(eq - (arg + 2));
    for (const struct option *l = longs; l->name; l++) {
        if (strncmp(l->name, arg + 2, len) != 0)
            continue;
        if (strlen(l->name) == len) {
            hit = l;
            prefixes = 1;
            break;
        }
        hit = l;
        prefixes++;
    }
    if (prefixes != 1 || hit->has_arg != no_argument)
        return false;
    *name = hit->name;
    return true;
}

/* value NULL: the option was given bare.  A switch is then applied; an
   option that needs a value changes nothing and returns -ENODATA (the
   orion parser then takes the next argument as its value).  A value for a
   switch is a usage error (switch_given_value). */
int cli_opts_set(struct cli_opts *o, const char *name, const char *value,
                 char *why, size_t why_len)
{
    for (int i = 0; i < N_OPTS; i++) {
        const struct cli_opt_row *d = &opt_defs[i];
        if (strcmp(d->name, name) != 0 || !(d->cmds & (1u << o->cmd)))
            continue;
        if (!d->has_arg && value) {
            char arg[300];
            snprintf(arg, sizeof arg, "--%s=%s", name, value);
            return switch_given_value(o, arg, d->name, why, why_len);
        }
        if (d->has_arg && !value)
            return -ENODATA;
        return apply(o, d, value ? value : "", why, why_len);
    }
    return -ENOENT;
}

/* Every row's default, through the row's own setter: the string --help
   quotes is the one applied.  What no value spells ("not given": -1) is
   set here; a default marks nothing as given. */
void cli_opts_defaults(struct cli_opts *o, enum cli_cmd cmd)
{
    char why[CLI_MSG_MAX];

    memset(o, 0, sizeof *o);
    o->cmd = cmd;
    for (int i = 0; i < N_OPTS; i++) {
        const char *def = row_default(&opt_defs[i], 1u << cmd);
        int rc = def ? opt_defs[i].fn(o, def, why, sizeof why) : 0;
        assert(rc == 0);            /* a row's default its setter takes
                                       (tests/test_options.c) */
        (void)rc;
    }
    o->given = 0;
    o->num_small = -1;
    o->num_large = -1;
    o->levels = -1;
    o->speed = -1;                  /* not given */
    /* --duration: 60 s, ORION's; auto on modelled volumes (resolve) */
}

/* The switches that let asmsim overwrite data take no abbreviation:
   getopt_long would read "--destroy" or "--ign" as them. */
static bool must_spell_out(const char *name)
{
    return strcmp(name, "destroy-data") == 0 || strcmp(name, "ignore-signatures") == 0;
}

/* arg is "--name" exactly (getopt_long also takes "--nam"). */
static bool spelled_out(const char *arg, const char *name)
{
    return strncmp(arg, "--", 2) == 0 && strcmp(arg + 2, name) == 0;
}

/* "--nodes: needs a value. Try 'asmsim run --help'.": opt, as typed,
   given last or before another option (cli_value_is_option). */
static int needs_value(struct cli_opts *o, const char *opt, char *why, size_t why_len)
{
    char q[CLI_QUOTE_BUF];

    o->usage_error = true;
    snprintf(why, why_len, "%s: needs a value. Try 'asmsim %s --help'.",
             cli_quote(opt, q, sizeof q), cmd_name(o->cmd));
    return -EINVAL;
}

/* getopt_long over the table.  The long-option array is built on the
   stack; `val` is OPT_ROW + the table index. */
int cli_opts_parse(struct cli_opts *o, int argc, char **argv, char *why,
                   size_t why_len)
{
    struct option longs[N_OPTS + 2];
    const char *cmd = cmd_name(o->cmd);
    int n = 0, c;

    for (int i = 0; i < N_OPTS; i++) {
        if (!(opt_defs[i].cmds & (1u << o->cmd)))
            continue;
        longs[n++] = (struct option){ opt_defs[i].name,
                                      opt_defs[i].has_arg ? required_argument : no_argument,
                                      NULL, OPT_ROW + i };
    }
    longs[n++] = (struct option){ "help", no_argument, NULL, OPT_HELP };
    longs[n] = (struct option){ NULL, 0, NULL, 0 };

    o->usage_error = false;
    opterr = 0;
    optind = 0;                     /* glibc: full re-initialisation */
    for (;;) {
        /* With "+" getopt does not permute, so the element it works on is
           argv[optind] as it was before the call (a cluster like -xy keeps
           optind there until its last letter): that is the argument an
           error names, not argv[optind - 1], which is the one before it
           while a cluster is being read. */
        int at = optind > 0 ? optind : 1;
        char q[CLI_QUOTE_BUF];

        if ((c = getopt_long(argc, argv, "+:h", longs, NULL)) == -1) {
            /* forecast --awr awr_*.txt: the words after it are reports too */
            if (o->cmd != CLI_FORECAST || o->n_awr == 0 || optind >= argc ||
                argv[optind][0] == '-')
                break;
            int rc = opt_awr(o, argv[optind++], why, why_len);
            if (rc)
                return rc;
            continue;
        }
        if (c == 'h' || c == OPT_HELP)
            return CLI_HELP;
        if (c == ':')
            return needs_value(o, at < argc ? argv[at] : argv[argc - 1], why, why_len);
        if (c == '?') {
            const char *arg = at < argc ? argv[at] : argv[argc - 1];
            o->usage_error = true;
            cli_quote(arg, q, sizeof q);
            const char *sw;
            if (is_switch_given_value(longs, arg, &sw))
                return switch_given_value(o, arg, sw, why, why_len);
            char hint[160], what[200];
            if (arg[0] == '-' && arg[1] != '-' && strlen(arg) > 2)
                /* "-disks": a long option with one dash, not the cluster
                   -d -i -s ... that getopt reads (asmsim has no short
                   options but -h) */
                snprintf(what, sizeof what, "unknown option (asmsim's options "
                         "take two dashes)");
            else
                snprintf(what, sizeof what, "unknown option");
            cli_unknown_option_hint(o->cmd, arg, at + 1 < argc ? argv[at + 1] : NULL,
                                    hint, sizeof hint);
            snprintf(why, why_len, "%s: %s Try 'asmsim %s --help'.", q,
                     cli_with_hint(what, hint, what, sizeof what), cmd);
            return -EINVAL;
        }
        const struct cli_opt_row *row = &opt_defs[c - OPT_ROW];
        if (cli_optarg_is_option(optarg, argv, optind))
            return needs_value(o, argv[at], why, why_len);
        if (must_spell_out(row->name) && at < argc &&
            !spelled_out(argv[at], row->name)) {
            o->usage_error = true;
            snprintf(why, why_len, "%s: write --%s in full; it lets asmsim "
                     "overwrite data. Try 'asmsim %s --help'.",
                     cli_quote(argv[at], q, sizeof q), row->name, cmd);
            return -EINVAL;
        }
        int rc = apply(o, row, optarg, why, why_len);
        if (rc)
            return rc;
    }
    if (optind < argc) {
        char q[CLI_QUOTE_BUF];
        o->usage_error = true;
        snprintf(why, why_len, "%s: unexpected argument; 'asmsim %s' takes "
                 "options only. Try 'asmsim %s --help'.",
                 cli_quote(argv[optind], q, sizeof q), cmd, cmd);
        return -EINVAL;
    }
    return 0;
}
