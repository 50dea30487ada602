/*
 * cli_options.c - the options of `asmsim run` and `asmsim sweep`: the
 * option table, their defaults, and parsing argv into struct cli_opts.
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
 * The option table is the single list of run/sweep options: getopt_long's
 * table is derived from it, and cli_opts_set() applies an option by its
 * long name, which is also how the orion subcommand takes the model options
 * (--instance, --volume, ...); cli_opts_set_value() runs just an option's
 * setter, for the ORION flags that mean the same as a run option.  The
 * values themselves are parsed by cli_values.c, the target list is kept by
 * cli_targets.c.
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
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "layouts/units.h"
#include "sim/cli/cli.h"
#include "sim/model/forecast.h"
#include "sim/core/jobs.h"

/* ---- the option table --------------------------------------------------- */

/* Each handler reads one value into *o.  It returns 0, or -EINVAL after
   writing "<what is wrong>; <what is valid>" (without the flag) to why. */
typedef int (*opt_fn)(struct cli_opts *o, const char *v, char *why, size_t n);

struct opt_def {
    const char *name;
    int has_arg;                    /* getopt_long's no_argument / required */
    unsigned cmds;                  /* 1 << enum cli_cmd */
    opt_fn fn;
};

#define FOR_RUN (1u << CLI_RUN)
#define FOR_SWEEP (1u << CLI_SWEEP)
#define FOR_ORION (1u << CLI_ORION)
#define FOR_ALL (FOR_RUN | FOR_SWEEP | FOR_ORION)
#define FOR_FORECAST (1u << CLI_FORECAST)

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
    uint64_t b;

    if (cli_parse_size_in(v, 4 * KIB, 4 * KIB, 64 * MIB, &b) != 0) {
        snprintf(why, n, "not an I/O size; use a multiple of 4KiB from 4KiB "
                 "to 64MiB (e.g. 8KiB, 128KiB, 1MiB)");
        return -EINVAL;
    }
    *out = (uint32_t)b;
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
        snprintf(why, n, "%s; use auto or a time from 1ms to 24h (90, 90s, 500ms, 2m, 1h)",
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

static int opt_json(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (!*v) {
        snprintf(why, n, "empty file name; give a file path or - for stdout");
        return -EINVAL;
    }
    o->json_path = v;
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
    return cli_opts_add_target(o, v, why, n);
}

static int opt_lun_file(struct cli_opts *o, const char *v, char *why, size_t n)
{
    o->lun_file = v;
    return cli_read_lun_file(o, v, why, n);
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

static const struct opt_def opt_defs[] = {
    { "instance", required_argument, FOR_ALL | FOR_FORECAST, opt_instance },
    { "volume", required_argument, FOR_ALL | FOR_FORECAST, opt_volume },
    { "burst-credits", required_argument, FOR_ALL | FOR_FORECAST, opt_burst },
    { "disks", required_argument, FOR_RUN | FOR_FORECAST, opt_disks },
    { "volumes", required_argument, FOR_SWEEP, opt_volumes },
    { "layout", required_argument, FOR_RUN | FOR_SWEEP | FOR_FORECAST, opt_layout },
    { "au", required_argument, FOR_RUN | FOR_SWEEP | FOR_FORECAST, opt_au },
    { "stripe", required_argument, FOR_RUN | FOR_SWEEP | FOR_FORECAST, opt_stripe },
    { "redundancy", required_argument, FOR_RUN | FOR_SWEEP | FOR_FORECAST, opt_redundancy },
    { "failgroups", required_argument, FOR_RUN | FOR_SWEEP | FOR_FORECAST, opt_failgroups },
    { "layout-file", required_argument, FOR_RUN | FOR_SWEEP | FOR_FORECAST, opt_layout_file },
    { "run", required_argument, FOR_RUN | FOR_SWEEP, opt_run },
    { "matrix", required_argument, FOR_RUN | FOR_SWEEP, opt_matrix },
    { "num-small", required_argument, FOR_RUN | FOR_SWEEP, opt_num_small },
    { "num-large", required_argument, FOR_RUN | FOR_SWEEP, opt_num_large },
    { "levels", required_argument, FOR_RUN | FOR_SWEEP, opt_levels },
    { "size-small", required_argument, FOR_RUN | FOR_SWEEP | FOR_FORECAST, opt_size_small },
    { "size-large", required_argument, FOR_RUN | FOR_SWEEP | FOR_FORECAST, opt_size_large },
    { "type", required_argument, FOR_RUN | FOR_SWEEP | FOR_FORECAST, opt_type },
    { "stream-io", required_argument, FOR_RUN | FOR_SWEEP | FOR_FORECAST, opt_stream_io },
    { "write", required_argument, FOR_RUN | FOR_SWEEP, opt_write },
    { "duration", required_argument, FOR_RUN | FOR_SWEEP, opt_duration },
    { "warmup", required_argument, FOR_RUN | FOR_SWEEP, opt_warmup },
    { "interval", required_argument, FOR_RUN | FOR_SWEEP | FOR_FORECAST, opt_interval },
    { "seed", required_argument, FOR_ALL | FOR_FORECAST, opt_seed },
    { "testname", required_argument, FOR_RUN | FOR_SWEEP | FOR_FORECAST, opt_testname },
    { "output-dir", required_argument, FOR_ALL | FOR_FORECAST, opt_output_dir },
    { "json", required_argument, FOR_ALL | FOR_FORECAST, opt_json },
    { "quiet", no_argument, FOR_ALL | FOR_FORECAST, opt_quiet },
    { "verbose", no_argument, FOR_RUN | FOR_SWEEP, opt_verbose },
    { "tui", no_argument, FOR_RUN | FOR_SWEEP | FOR_FORECAST, opt_tui },
    { "progress", no_argument, FOR_RUN | FOR_SWEEP, opt_progress },
    { "speed", required_argument, FOR_RUN | FOR_SWEEP | FOR_FORECAST, opt_speed },
    { "target", required_argument, FOR_RUN | FOR_SWEEP, opt_target },
    { "lun-file", required_argument, FOR_RUN | FOR_SWEEP, opt_lun_file },
    { "engine", required_argument, FOR_ALL | FOR_FORECAST, opt_engine },
    { "create", required_argument, FOR_RUN | FOR_SWEEP, opt_create },
    { "destroy-data", no_argument, FOR_ALL, opt_destroy_data },
    { "ignore-signatures", no_argument, FOR_ALL, opt_ignore_signatures },
    { "size-limit", required_argument, FOR_ALL, opt_size_limit },
    { "threads", required_argument, FOR_ALL, opt_threads },
    { "uring-sqpoll", no_argument, FOR_ALL, opt_uring_sqpoll },
    { "jobs", required_argument, FOR_ALL, opt_jobs },
    { "rate-small", required_argument, FOR_RUN | FOR_SWEEP, opt_rate_small },
    { "rate-large", required_argument, FOR_RUN | FOR_SWEEP, opt_rate_large },
    { "arrivals", required_argument, FOR_RUN | FOR_SWEEP, opt_arrivals },
    { "max-outstanding", required_argument, FOR_RUN | FOR_SWEEP | FOR_FORECAST,
      opt_max_outstanding },
    { "os", required_argument, FOR_ALL | FOR_FORECAST, opt_os },
    { "memory", required_argument, FOR_ALL | FOR_FORECAST, opt_memory },
    { "region", required_argument, FOR_ALL | FOR_FORECAST, opt_region },
    { "report", required_argument, FOR_ALL | FOR_FORECAST, opt_report },
    { "schedule", required_argument, FOR_FORECAST, opt_schedule },
    { "repeat", required_argument, FOR_FORECAST, opt_repeat },
    { "exact", no_argument, FOR_FORECAST, opt_exact },
};
#define N_OPTS ((int)(sizeof opt_defs / sizeof opt_defs[0]))
#define OPT_HELP 1000

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

/* --target is the one valued option that repeats (one per disk). */
static bool repeats(const struct opt_def *d)
{
    return strcmp(d->name, "target") == 0;
}

static int apply(struct cli_opts *o, const struct opt_def *d, const char *v,
                 char *why, size_t why_len)
{
    char inner[400];
    char q[CLI_QUOTE_BUF];

    bool once = d->has_arg != no_argument && !repeats(d);

    if (once && refuse_if_seen(o, "--", d->name, v, why, why_len) != 0)
        return -EINVAL;
    if (d->fn(o, v, inner, sizeof inner) == 0) {
        /* a switch is remembered once, with the value "" (given twice it
           is just on), so that check_unused can find it too */
        if (once)
            remember(o, "--", d->name, v);
        else if (d->has_arg == no_argument &&
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
        const struct opt_def *d = &opt_defs[i];
        if (strcmp(d->name, name) != 0 || !(d->cmds & (1u << o->cmd)))
            continue;
        if (d->has_arg == no_argument && value) {
            char arg[300];
            snprintf(arg, sizeof arg, "--%s=%s", name, value);
            return switch_given_value(o, arg, d->name, why, why_len);
        }
        if (d->has_arg != no_argument && !value)
            return -ENODATA;
        return apply(o, d, value ? value : "", why, why_len);
    }
    return -ENOENT;
}

void cli_opts_defaults(struct cli_opts *o, enum cli_cmd cmd)
{
    memset(o, 0, sizeof *o);
    o->cmd = cmd;
    o->instance_name = "none";
    o->volume_spec = "gp3";
    o->burst_credit_frac = 1.0;
    o->disks = cmd == CLI_ORION ? 1 : 4;
    o->n_counts = 16;
    for (int i = 0; i < 16; i++)
        o->counts[i] = i + 1;
    o->volumes_text = "1-16";
    o->striping = cmd == CLI_ORION ? LAY_CONCAT : LAY_COARSE;
    o->au_bytes = 1 * MIB;
    o->stripe_bytes = 1 * MIB;
    o->redundancy = LAY_EXTERNAL;
    o->failgroups = 0;
    o->run = WL_RUN_SIMPLE;
    o->matrix = WL_MATRIX_BASIC;
    o->num_small = -1;
    o->num_large = -1;
    o->levels = -1;
    o->small_bytes = 8 * KIB;
    o->large_bytes = cmd == CLI_ORION ? 1024 * KIB : 128 * KIB;
    o->large_type = WL_LARGE_RAND;
    o->stream_io = 4;
    o->write_pct = 0;
    o->duration_ns = CLI_ORION_DURATION_NS;  /* auto on modelled volumes:
                                                cli_opts_resolve */
    o->warmup_ns = SIM_WARMUP_AUTO;
    o->seed = 1;
    o->open = (struct sim_open_load){
        .arrivals = SIM_ARRIVALS_POISSON,
        .max_outstanding = SIM_OPEN_MAX_OUTSTANDING_DEFAULT,
    };
    o->speed = -1;                  /* not given */
    o->testname = cmd == CLI_ORION ? "orion" : "asmsim";
    o->output_dir = cmd == CLI_ORION ? "." : NULL;
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

/* getopt_long over the table.  The long-option array is built on the
   stack; `val` is the table index. */
int cli_opts_parse(struct cli_opts *o, int argc, char **argv, char *why,
                   size_t why_len)
{
    struct option longs[N_OPTS + 2];
    const char *cmd = cmd_name(o->cmd);
    int n = 0, c;

    for (int i = 0; i < N_OPTS; i++) {
        if (!(opt_defs[i].cmds & (1u << o->cmd)))
            continue;
        longs[n++] = (struct option){ opt_defs[i].name, opt_defs[i].has_arg,
                                      NULL, i };
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

        if ((c = getopt_long(argc, argv, "+:h", longs, NULL)) == -1)
            break;
        if (c == 'h' || c == OPT_HELP)
            return CLI_HELP;
        if (c == '?' || c == ':') {
            const char *arg = at < argc ? argv[at] : argv[argc - 1];
            o->usage_error = true;
            cli_quote(arg, q, sizeof q);
            const char *sw;
            if (c == '?' && is_switch_given_value(longs, arg, &sw))
                return switch_given_value(o, arg, sw, why, why_len);
            char hint[160], what[200];
            if (c == ':')
                snprintf(what, sizeof what, "missing value");
            else if (arg[0] == '-' && arg[1] != '-' && strlen(arg) > 2)
                /* "-disks": a long option with one dash, not the cluster
                   -d -i -s ... that getopt reads (asmsim has no short
                   options but -h) */
                snprintf(what, sizeof what, "unknown option (asmsim's options "
                         "take two dashes)");
            else
                snprintf(what, sizeof what, "unknown option");
            if (c == '?')
                cli_unknown_option_hint(o->cmd, arg, at + 1 < argc ?
                                        argv[at + 1] : NULL, hint, sizeof hint);
            else
                hint[0] = '\0';
            snprintf(why, why_len, "%s: %s Try 'asmsim %s --help'.", q,
                     cli_with_hint(what, hint, what, sizeof what), cmd);
            return -EINVAL;
        }
        if (must_spell_out(opt_defs[c].name) && at < argc &&
            !spelled_out(argv[at], opt_defs[c].name)) {
            o->usage_error = true;
            snprintf(why, why_len, "%s: write --%s in full; it lets asmsim "
                     "overwrite data. Try 'asmsim %s --help'.",
                     cli_quote(argv[at], q, sizeof q), opt_defs[c].name, cmd);
            return -EINVAL;
        }
        int rc = apply(o, &opt_defs[c], optarg, why, why_len);
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
