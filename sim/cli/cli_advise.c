/*
 * cli_advise.c - `asmsim advise`: its options, checked whole before
 * anything runs, then the search (sim/advise) and its report (terminal:
 * cli_advise_print.c; JSON: cli_advise_json.c).
 *
 * Every value is checked by the same parsers run and sweep use
 * (cli_values.h, prof_parse_size, lay_redundancy_parse); a bad one is one
 * line on stderr naming the flag, the value and what is valid, exit 2,
 * nothing written; so is an output (--json, --report) that cannot be
 * written, before the search (cli_check_outputs).  A search longer than a
 * few seconds says how far it is on stderr every few seconds, terminal or
 * not (--quiet: not).  Ctrl-C stops the search between simulations: what
 * was decided is printed (marked interrupted), exit 130.  --merge takes
 * from a shard file its results and the search they are of, nothing else.
 *
 * The options are advise's block of rows of the option table
 * (cli_option_table.h: cli_advise_rows): getopt_long's table and
 * `asmsim advise --help` are made from them, and each row's setter
 * (set_own) fills struct cli_advise_opts.  The defaults are the search's
 * own (adv_cfg_defaults), not the rows'.
 */
#include <errno.h>
#include <getopt.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "sim/advise/advise.h"
#include "sim/core/jobs.h"
#include "sim/cli/cli.h"
#include "sim/cli/cli_advise.h"
#include "sim/cli/cli_cluster.h"
#include "sim/cli/cli_cluster_stderr.h"
#include "sim/core/cluster.h"
#include "sim/cli/cli_job.h"
#include "sim/cli/cli_option_table.h"
#include "sim/report/report.h"
#include "sim/report/report_writers.h"
#include "workloads/schedule.h"

/* "1ms", "500us", "0.8ms", "p99:2ms" -> microseconds. */
static int parse_latency(const char *text, double *us, bool *p99)
{
    *p99 = strncmp(text, "p99:", 4) == 0;
    return cli_parse_latency_us(*p99 ? text + 4 : text, us);
}

/* A comma-separated list of names into out[max][PROF_NAME_MAX]. */
static int parse_names(const char *text, char (*out)[PROF_NAME_MAX], int max,
                       int *n)
{
    const char *p = text;

    *n = 0;
    while (*p) {
        size_t len = strcspn(p, ",");
        if (len == 0 || len >= PROF_NAME_MAX || *n == max)
            return -EINVAL;
        memcpy(out[*n], p, len);
        out[(*n)++][len] = '\0';
        p += len;
        if (*p == ',' && *++p == '\0')
            return -EINVAL;
    }
    return *n > 0 ? 0 : -EINVAL;
}

static int parse_clouds(const char *text, unsigned *clouds)
{
    char names[4][PROF_NAME_MAX];
    int n;

    *clouds = 0;
    if (parse_names(text, names, 4, &n) != 0)
        return -EINVAL;
    for (int i = 0; i < n; i++) {
        unsigned bit = adv_cloud_bit(prof_provider_find(names[i]));
        if (!bit)
            return -EINVAL;
        *clouds |= bit;
    }
    return 0;
}

/* --json and --report checked before the search, as run, cost and
   forecast check theirs (cli_check_outputs: the directory takes files,
   the path is no directory, a report is new, neither is the other nor
   the schedule, the --awr report or one of the n shard files of a
   merge), so a bad path costs no search and writes nothing.  0, or 2
   after printing the reason (1: out of memory). */
static int check_outputs(const char *json_path, const char *report_path,
                         const char *schedule, const struct cli_path *input,
                         char **shards, int n)
{
    struct cli_opts *o = calloc(1, sizeof *o);
    struct cli_path *in = calloc((size_t)n + 2, sizeof *in);
    const struct cli_path out = { "--json", json_path };
    char why[CLI_WHY_LEN];
    int rc = 0;

    if (!o || !in) {
        free(o);
        free(in);
        return 1;
    }
    for (int i = 0; i < n; i++)
        in[i] = (struct cli_path){ "--merge", shards[i] };
    if (input && input->path)
        in[n++] = *input;
    o->json_path = json_path;
    o->report_path = report_path;
    o->schedule = schedule;
    if (cli_check_distinct(&out, 1, in, n, why, sizeof why) != 0 ||
        cli_check_outputs(o, why, sizeof why) != 0) {
        cli_print_error(stderr, "asmsim: advise", why);
        rc = 2;
    }
    free(o);
    free(in);
    return rc;
}

static int usage_error(const char *what)
{
    fprintf(stderr, "asmsim: advise: %s. Try 'asmsim advise --help'.\n", what);
    return 2;
}

/* --schedule FILE|PRESET into a->schedule, the day the targets ask to be
   served.  0, 1 (out of memory) or 2 after printing the reason (the file
   and line of a bad schedule). */
static int load_schedule(struct cli_advise_opts *a, const char *arg)
{
    char why[CLI_WHY_LEN];

    free(a->schedule);
    if (!(a->schedule = malloc(sizeof *a->schedule)))
        return 1;
    if (cli_schedule_load(arg, a->schedule, why, sizeof why) != 0) {
        cli_print_error(stderr, "asmsim: advise", why);
        return 2;
    }
    if (a->schedule->scale_cols) {      /* a workload's phases: forecast's */
        char q[CLI_QUOTE_BUF];
        snprintf(why, sizeof why, "--schedule %s: its scale columns scale a database "
                 "workload's classes, which advise does not take; give ORION's "
                 "columns (small_iops, large_mbps, num_small, num_large)",
                 cli_quote(arg, q, sizeof q));
        cli_print_error(stderr, "asmsim: advise", why);
        return 2;
    }
    a->cfg.targets.schedule = a->schedule;
    a->cfg.targets.schedule_source = arg;
    return 0;
}

/* ---- the option rows ------------------------------------------------------

   Each option of advise is a row of the option table (cli_option_table.h)
   whose setter (set_own) reads a value into struct cli_advise_opts.  A
   setter returns 0; -EINVAL with what would be valid in why ("--write
   101: not valid; use a percentage 0..100"); -EPERM with a usage error's
   words in why; or 1 or 2 when it has printed the reason itself (a
   schedule file's bad line). */

static struct cli_advise_opts *A(void *p)
{
    return p;
}

static int valid(int rc, char *why, size_t n, const char *what)
{
    if (rc != 0)
        snprintf(why, n, "%s", what);
    return rc != 0 ? -EINVAL : 0;
}

static int a_need_mbps(void *p, const char *v, char *why, size_t n)
{
    if (cli_advise_db_qualified(v, false))
        return cli_advise_db_need(&A(p)->db, SIM_NEED_MBPS, v, why, n);
    return valid(cli_parse_double(v, 0.001, 1e9, &A(p)->cfg.targets.need_mbps),
                 why, n, "a rate in MB/s (10^6 B/s), e.g. 2000");
}

static int a_need_iops(void *p, const char *v, char *why, size_t n)
{
    if (cli_advise_db_qualified(v, false))
        return cli_advise_db_need(&A(p)->db, SIM_NEED_IOPS, v, why, n);
    return valid(cli_parse_double(v, 0.001, 1e9, &A(p)->cfg.targets.need_iops),
                 why, n, "an I/O rate, e.g. 40000");
}

static int a_need_latency(void *p, const char *v, char *why, size_t n)
{
    struct adv_targets *t = &A(p)->cfg.targets;
    if (cli_advise_db_qualified(v, true))
        return cli_advise_db_need(&A(p)->db, SIM_NEED_LATENCY, v, why, n);
    return valid(parse_latency(v, &t->need_lat_us, &t->lat_p99), why, n,
                 "a time with its unit (500us, 1ms), or p99:TIME");
}

/* An integer min..max into *out. */
static int int_in(const char *v, long long min, long long max, int *out)
{
    long long x;
    if (cli_parse_int(v, min, max, &x) != 0)
        return -EINVAL;
    *out = (int)x;
    return 0;
}

static int a_survive_failure(void *p, const char *v, char *why, size_t n)
{
    return valid(int_in(v, 1, SIM_POWER_MAX, &A(p)->db.survive_power), why, n,
                 "a rebalance power, an integer from 1 to 1024 (ASM_POWER_LIMIT)");
}

static int a_write(void *p, const char *v, char *why, size_t n)
{
    A(p)->write_given = true;
    return valid(int_in(v, 0, 100, &A(p)->cfg.targets.write_pct), why, n,
                 "a percentage 0..100");
}

static int a_capacity(void *p, const char *v, char *why, size_t n)
{
    struct adv_targets *t = &A(p)->cfg.targets;
    if (cli_advise_db_qualified(v, false))
        return cli_advise_db_key(&A(p)->db, CLI_ADV_DB_CAPACITY, v, why, n);
    t->capacity_text = v;
    return valid(cli_parse_size_in(v, 0, 1, CLI_SIZE_MAX, &t->capacity_bytes), why, n,
                 "a size up to " CLI_SIZE_MAX_TEXT " in " CLI_SIZE_UNITS
                 ", e.g. 4TiB or 2TB");
}

static int a_redundancy(void *p, const char *v, char *why, size_t n)
{
    if (cli_advise_db_qualified(v, false))
        return cli_advise_db_key(&A(p)->db, CLI_ADV_DB_REDUNDANCY, v, why, n);
    return valid(lay_redundancy_parse(v, &A(p)->cfg.targets.redundancy), why, n,
                 "external, normal or high");
}

static int a_size_small(void *p, const char *v, char *why, size_t n)
{
    A(p)->size_small_given = true;
    return valid(cli_parse_io_size(v, &A(p)->cfg.targets.small_bytes), why,
                 n, CLI_IO_SIZE_RULE);
}

static int a_size_large(void *p, const char *v, char *why, size_t n)
{
    A(p)->size_large_given = true;
    return valid(cli_parse_io_size(v, &A(p)->cfg.targets.large_bytes), why,
                 n, CLI_IO_SIZE_RULE);
}

static int a_schedule(void *p, const char *v, char *why, size_t n)
{
    (void)why, (void)n;
    return load_schedule(A(p), v);
}

static int a_awr(void *p, const char *v, char *why, size_t n)
{
    A(p)->awr.file = v;
    return valid(v[0] ? 0 : -EINVAL, why, n, "an AWR or Statspack report file");
}

static int a_workload(void *p, const char *v, char *why, size_t n)
{
    A(p)->db.workload = v;
    return valid(v[0] ? 0 : -EINVAL, why, n, "a workload preset (oltp, dss, redo, rman, "
                 "batch) or file");
}

static int a_peak(void *p, const char *v, char *why, size_t n)
{
    A(p)->awr.peak_given = true;
    return valid(cli_parse_double(v, 0.001, 1000, &A(p)->awr.peak), why, n,
                 "a factor from 0.001 to 1000, e.g. 3 (the peak over the report's mean)");
}

static int a_keep_latency(void *p, const char *v, char *why, size_t n)
{
    (void)v, (void)why, (void)n;
    A(p)->awr.keep_latency = true;
    return 0;
}

static int a_clouds(void *p, const char *v, char *why, size_t n)
{
    return valid(parse_clouds(v, &A(p)->cfg.space.clouds), why, n,
                 "aws, oci or aws,oci");
}

static int a_os(void *p, const char *v, char *why, size_t n)
{
    bool rhel = strcmp(v, "rhel") == 0;
    if (!rhel && strcmp(v, "linux") != 0)
        return valid(-EINVAL, why, n, "linux or rhel");
    A(p)->cfg.space.os = rhel ? ADV_OS_RHEL : ADV_OS_LINUX;
    return 0;
}

static int a_memory_per_ocpu(void *p, const char *v, char *why, size_t n)
{
    return valid(cli_parse_double(v, 1, 64, &A(p)->cfg.space.memory_per_ocpu_gb),
                 why, n, "GB of memory per OCPU of OCI flex shapes, 1..64 (OCI's range)");
}

static int a_families(void *p, const char *v, char *why, size_t n)
{
    struct adv_space_cfg *sp = &A(p)->cfg.space;
    return valid(parse_names(v, sp->families, ADV_MAX_LIST, &sp->n_families), why, n,
                 "instance families separated by commas, e.g. m5,r5b,e4flex");
}

/* ---- instance constraints and licences (advise_limits.c) ---- */

static int a_arch(void *p, const char *v, char *why, size_t n)
{
    struct adv_space_cfg *sp = &A(p)->cfg.space;
    if (strcmp(v, "any") == 0) {
        sp->arch = PROF_ARCH_UNKNOWN;
        return 0;
    }
    return valid(prof_arch_parse(v, &sp->arch), why, n,
                 "x86_64, arm64 or any (Oracle Database needs x86_64 here)");
}

static int a_min_vcpus(void *p, const char *v, char *why, size_t n)
{
    return valid(int_in(v, 1, 4096, &A(p)->cfg.space.min_vcpus), why, n,
                 "a vCPU count 1..4096");
}

static int a_max_vcpus(void *p, const char *v, char *why, size_t n)
{
    return valid(int_in(v, 1, 4096, &A(p)->cfg.space.max_vcpus), why, n,
                 "a vCPU count 1..4096");
}

/* GiB: a bare number ("128"), or a size with its unit ("128GiB"). */
static int parse_gib(const char *v, double *gib)
{
    uint64_t bytes;
    if (cli_parse_double(v, 0.001, 1e7, gib) == 0)
        return 0;
    if (prof_parse_size(v, &bytes) != 0 || bytes == 0)
        return -EINVAL;
    *gib = (double)bytes / 1073741824.0;
    return *gib <= 1e7 ? 0 : -EINVAL;
}

static int a_min_memory(void *p, const char *v, char *why, size_t n)
{
    return valid(parse_gib(v, &A(p)->cfg.space.min_memory_gib), why, n,
                 "GiB of memory, e.g. 128 or 128GiB");
}

static int a_exclude_families(void *p, const char *v, char *why, size_t n)
{
    struct adv_space_cfg *sp = &A(p)->cfg.space;
    return valid(parse_names(v, sp->exclude, ADV_MAX_LIST, &sp->n_exclude), why, n,
                 "instance families separated by commas, e.g. t3,c6gn");
}

static int a_licence(void *p, const char *v, char *why, size_t n)
{
    return valid(prof_licence_parse(v, &A(p)->cfg.space.licence), why, n,
                 "ee (Enterprise Edition), se2 (Standard Edition 2) or none");
}

static int a_licence_price(void *p, const char *v, char *why, size_t n)
{
    return valid(cli_parse_double(v, 0.01, 1e7, &A(p)->cfg.space.licence_usd_month), why, n,
                 "USD per licence unit a month, e.g. 1000");
}

/* What the instance constraints and licence options cannot take together;
   NULL: nothing. */
static const char *limits_conflict(const struct adv_space_cfg *sp, char *buf, size_t len)
{
    if (sp->min_vcpus > 0 && sp->max_vcpus > 0 && sp->min_vcpus > sp->max_vcpus) {
        snprintf(buf, len, "--min-vcpus %d is above --max-vcpus %d", sp->min_vcpus,
                 sp->max_vcpus);
        return buf;
    }
    if (sp->licence != PROF_LICENCE_NONE && !(sp->licence_usd_month > 0)) {
        snprintf(buf, len, "--licence %s needs --licence-price USD (per %s a month): "
                 "asmsim's price data holds no Oracle list price", prof_licence_name(sp->licence),
                 prof_licence_unit(sp->licence));
        return buf;
    }
    if (sp->licence == PROF_LICENCE_NONE && sp->licence_usd_month > 0)
        return "--licence-price prices a licence: give --licence ee or se2 with it";
    return NULL;
}

static int a_volume_types(void *p, const char *v, char *why, size_t n)
{
    struct adv_space_cfg *sp = &A(p)->cfg.space;
    if (cli_advise_db_qualified(v, false))
        return cli_advise_db_key(&A(p)->db, CLI_ADV_DB_TYPES, v, why, n);
    return valid(parse_names(v, sp->types, ADV_MAX_LIST, &sp->n_types), why, n,
                 "volume types separated by commas, e.g. gp3,io2 (see 'asmsim "
                 "profiles volumes')");
}

static int a_min_disks(void *p, const char *v, char *why, size_t n)
{
    return valid(int_in(v, 1, LAY_MAX_DISKS, &A(p)->cfg.space.min_disks), why, n,
                 "a disk count 1..1024");
}

static int a_max_disks(void *p, const char *v, char *why, size_t n)
{
    return valid(int_in(v, 1, LAY_MAX_DISKS, &A(p)->cfg.space.max_disks), why, n,
                 "a disk count 1..1024");
}

/* --sustained and --burst-ok: each the other's opposite. */
static int burst_choice(struct cli_advise_opts *a, char *why, size_t n)
{
    if (!a->sustained || !a->cfg.space.burst_ok)
        return 0;
    snprintf(why, n, "--sustained and --burst-ok exclude each other");
    return -EPERM;
}

static int a_sustained(void *p, const char *v, char *why, size_t n)
{
    (void)v;
    A(p)->sustained = true;
    return burst_choice(A(p), why, n);
}

static int a_burst_ok(void *p, const char *v, char *why, size_t n)
{
    (void)v;
    A(p)->cfg.space.burst_ok = true;
    return burst_choice(A(p), why, n);
}

static int a_top(void *p, const char *v, char *why, size_t n)
{
    return valid(int_in(v, 1, ADV_MAX_TOP, &A(p)->cfg.top), why, n, "a count 1..100");
}

static int a_jobs(void *p, const char *v, char *why, size_t n)
{
    return valid(int_in(v, 1, 256, &A(p)->cfg.jobs), why, n, "a thread count 1..256");
}

static int a_seed(void *p, const char *v, char *why, size_t n)
{
    return valid(cli_parse_u64(v, &A(p)->cfg.seed), why, n, "an unsigned integer");
}

static int a_quiet(void *p, const char *v, char *why, size_t n)
{
    (void)v, (void)why, (void)n;
    A(p)->quiet = true;
    return 0;
}

static int a_json(void *p, const char *v, char *why, size_t n)
{
    A(p)->json_path = v;
    return valid(v[0] ? 0 : -EINVAL, why, n, "a file path or - for stdout");
}

static int a_report(void *p, const char *v, char *why, size_t n)
{
    A(p)->report_path = v;
    return valid(v[0] && strcmp(v, "-") != 0 ? 0 : -EINVAL, why, n,
                 "a new file name, e.g. advice.html");
}

static int a_shard(void *p, const char *v, char *why, size_t n)
{
    char ks[16], ns[16], tail;
    long long kk, nn;
    struct adv_cfg *c = &A(p)->cfg;

    if (sscanf(v, "%15[0-9]/%15[0-9]%c", ks, ns, &tail) != 2 ||
        cli_parse_int(ks, 1, 1000, &kk) != 0 || cli_parse_int(ns, 1, 1000, &nn) != 0 ||
        kk > nn)
        return valid(-EINVAL, why, n, "K/N with 1 <= K <= N <= 1000, e.g. 2/4");
    c->shard_k = (int)kk;
    c->shard_n = (int)nn;
    return 0;
}

static const struct cli_opt_row advise_rows[] = {
    { .name = "workload", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_workload,
      .help = { { CLI_FOR_ADVISE, "W",
                  "a database: a workload preset or file (as run\n"
                  "takes it; 'asmsim awr -o' writes one from an AWR\n"
                  "report) whose classes, at their rates, run on their\n"
                  "disk groups (DATA, REDO, ...) all on one instance.\n"
                  "Each group gets its own volumes; every class must be\n"
                  "served (at most 1 % unmet).  Then the targets, the\n"
                  "capacity, redundancy and volume types name a class\n"
                  "or group: --need-latency redo:p99:1ms,\n"
                  "--need-iops data-reads:2000, --need-mbps DATA:60 (the\n"
                  "group's classes summed), --capacity DATA:8TiB,RECO:4TiB\n"
                  "(a group the workload lacks holds space only),\n"
                  "--redundancy REDO:normal, --volume-types REDO:io2,io1\n"
                  "(docs/advise.md)" } } },
    { .name = "need-mbps", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_need_mbps,
      .help = { { CLI_FOR_ADVISE, "R",
                  "large I/O, MB/s (10^6 B/s), e.g. 2000" } } },
    { .name = "need-iops", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_need_iops,
      .help = { { CLI_FOR_ADVISE, "N",
                  "small I/O per second, e.g. 40000" } } },
    { .name = "need-latency", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_need_latency,
      .help = { { CLI_FOR_ADVISE, "T",
                  "small I/O latency at --need-iops (or at the lowest\n"
                  "load without it): mean (500us, 1ms) or p99:TIME" } } },
    { .name = "write", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_write,
      .help = { { CLI_FOR_ADVISE, "PCT",
                  "percent writes 0..100, both classes; default 0" } } },
    { .name = "capacity", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_capacity,
      .help = { { CLI_FOR_ADVISE, "SIZE",
                  "usable space after redundancy and the free space\n"
                  "to survive a disk loss (REQUIRED_MIRROR_FREE_MB),\n"
                  "e.g. 4TiB; default none" } } },
    { .name = "redundancy", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_redundancy,
      .help = { { CLI_FOR_ADVISE, "R",
                  "external, normal or high; default external" } } },
    { .name = "size-small", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_size_small,
      .help = { { CLI_FOR_ADVISE, "SIZE",
                  "small I/O, multiple of 512; default 8KiB" } } },
    { .name = "size-large", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_size_large,
      .help = { { CLI_FOR_ADVISE, "SIZE",
                  "large I/O, multiple of 512; default 128KiB" } } },
    { .name = "schedule", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_schedule,
      .help = { { CLI_FOR_ADVISE, "FILE|PRESET",
                  "the target is a day served: a schedule CSV (as\n"
                  "'asmsim forecast' takes) or a preset (oltp-day,\n"
                  "weekly-etl, redo-peak).  Each candidate's forecast\n"
                  "(fast hybrid, days until the credits repeat) must\n"
                  "serve every phase of the steady day (at most 1 %\n"
                  "unmet); burst credits count as far as it shows they\n"
                  "hold.  The phases set the rates and write shares:\n"
                  "not with --need-mbps, --need-iops, --write,\n"
                  "--sustained or --burst-ok; --need-latency applies\n"
                  "to the day's worst minute (mean, or p99:TIME).\n"
                  "Prints per configuration the verdict, the worst\n"
                  "phase, when credits run out and the 'asmsim\n"
                  "forecast' that reproduces it" } } },
    { .name = "awr", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_awr,
      .help = { { CLI_FOR_ADVISE, "FILE",
                  "the targets from an AWR or Statspack report (as\n"
                  "'asmsim awr' reads it): classes of at most 128 KiB\n"
                  "are small I/O (--need-iops their requests/s summed,\n"
                  "--size-small their mean by requests), larger ones\n"
                  "large I/O (--need-mbps their MB/s summed, --size-large\n"
                  "their mean by bytes; both rounded to 512 B); --write\n"
                  "the writes' share of all requests.  Not with those\n"
                  "options nor --schedule.  The output names the report,\n"
                  "each target's classes and the factor (docs/awr.md)" } } },
    { .name = "survive-failure", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_survive_failure,
      .help = { { CLI_FOR_ADVISE, "POWER",
                  "with --workload: each configuration that passes is\n"
                  "run again with disk 0 of its first group lost\n"
                  "(run --fail 0@10m --power POWER) and rejected when\n"
                  "a target misses while it rebalances, or redundancy\n"
                  "is not restored (docs/failure.md)" } } },
    { .name = "peak", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_peak,
      .help = { { CLI_FOR_ADVISE, "FACTOR",
                  "with --awr: every rate of the report times FACTOR;\n"
                  "default 1, the interval's averages, which understate\n"
                  "one-minute peaks" } } },
    { .name = "keep-latency", .has_arg = false, .cmds = CLI_FOR_ADVISE,
      .set_own = a_keep_latency,
      .help = { { CLI_FOR_ADVISE, NULL,
                  "with --awr: --need-latency the report's \"db file\n"
                  "sequential read\" average (the single-block read's\n"
                  "mean); \"log file parallel write\" is shown beside\n"
                  "it, not a target" } } },
    { .name = "clouds", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_clouds,
      .help = { { CLI_FOR_ADVISE, "LIST",
                  "aws, oci or aws,oci (the best of each side by side);\n"
                  "default aws" } } },
    { .name = "os", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_os,
      .help = { { CLI_FOR_ADVISE, "OS",
                  "linux or rhel (instance prices; rhel: AWS only);\n"
                  "default linux" } } },
    { .name = "memory-per-ocpu", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_memory_per_ocpu,
      .help = { { CLI_FOR_ADVISE, "GB",
                  "memory of OCI flex shapes, 1..64 GB per OCPU;\n"
                  "default OCI's default for the shape (16)" } } },
    { .name = "families", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_families,
      .help = { { CLI_FOR_ADVISE, "LIST",
                  "instance families, e.g. m5,r5b,e4flex; default all" } } },
    { .name = "arch", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_arch,
      .help = { { CLI_FOR_ADVISE, "ARCH",
                  "x86_64, arm64 or any; default x86_64: Oracle\n"
                  "Database runs on x86-64 in these clouds, so Graviton\n"
                  "(m6g, c6gn, a1, ...) would need another database" } } },
    { .name = "min-vcpus", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_min_vcpus,
      .help = { { CLI_FOR_ADVISE, "N",
                  "instances with at least N vCPUs (OCI: 2 per OCPU)" } } },
    { .name = "max-vcpus", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_max_vcpus,
      .help = { { CLI_FOR_ADVISE, "N", "instances with at most N vCPUs" } } },
    { .name = "min-memory", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_min_memory,
      .help = { { CLI_FOR_ADVISE, "GIB",
                  "instances with at least this memory, GiB (128 or\n"
                  "128GiB); an OCI flex shape's is what it is priced\n"
                  "with (--memory-per-ocpu, default 16 GB per OCPU)" } } },
    { .name = "exclude-families", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_exclude_families,
      .help = { { CLI_FOR_ADVISE, "LIST",
                  "instance families never to choose, e.g. t3,c6gn.\n"
                  "An instance a constraint sets aside is listed, with\n"
                  "the constraint, under \"why nothing cheaper\" when\n"
                  "it is priced below the answer" } } },
    { .name = "licence", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_licence,
      .help = { { CLI_FOR_ADVISE, "EDITION",
                  "ee, se2 or none (the default): Oracle Database\n"
                  "licences on the bill, apart from the infrastructure,\n"
                  "and in the total the search minimises.  Oracle's\n"
                  "cloud policy (2024-06): EE 1 processor licence per 2\n"
                  "vCPUs (multi-threading on, assumed); SE2 1 socket\n"
                  "per 4 vCPUs, rounded up, on at most 8 vCPUs (larger\n"
                  "instances set aside).  OCI: the same, an assumption\n"
                  "(1 OCPU = 1 EE licence); docs/advise.md" } } },
    { .name = "licence-price", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_licence_price,
      .help = { { CLI_FOR_ADVISE, "USD",
                  "a licence unit (processor licence, or SE2 socket)\n"
                  "a month; needed with --licence ee|se2 (asmsim has\n"
                  "no Oracle list price)" } } },
    { .name = "volume-types", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_volume_types,
      .help = { { CLI_FOR_ADVISE, "LIST",
                  "e.g. gp3,io2; default gp3,gp2,io1,io2,st1,sc1 (aws)\n"
                  "and oci-lower,oci-balanced,oci-higher,oci-uhp (oci)" } } },
    { .name = "min-disks", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_min_disks,
      .help = { { CLI_FOR_ADVISE, "N",
                  "default 4 (ASM: at least 4 disks per disk group)" } } },
    { .name = "max-disks", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_max_disks,
      .help = { { CLI_FOR_ADVISE, "N",
                  "default the instance's attachment limit (Nitro 26\n"
                  "data volumes, Xen 39, OCI 32)" } } },
    { .name = "sustained", .has_arg = false, .cmds = CLI_FOR_ADVISE,
      .set_own = a_sustained,
      .help = { { CLI_FOR_ADVISE, NULL,
                  "burst credits do not count (the default): every\n"
                  "point starts with empty buckets" } } },
    { .name = "burst-ok", .has_arg = false, .cmds = CLI_FOR_ADVISE,
      .set_own = a_burst_ok,
      .help = { { CLI_FOR_ADVISE, NULL,
                  "the instance's 30-minute burst and the volumes'\n"
                  "credits count; the output says how long they hold" } } },
    { .name = "top", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_top,
      .help = { { CLI_FOR_ADVISE, "N",
                  "configurations to list, 1..100; default 10" } } },
    { .name = "jobs", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_jobs,
      .help = { { CLI_FOR_ADVISE, "N",
                  "threads simulating candidates, 1..256; default the\n"
                  "CPUs asmsim may use (the answer does not depend on it)" } } },
    { .name = "seed", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_seed,
      .help = { { CLI_FOR_ADVISE, "N",
                  "random seed of every simulation; default 1" } } },
    { .name = "quiet", .has_arg = false, .cmds = CLI_FOR_ADVISE,
      .set_own = a_quiet,
      .help = { { CLI_FOR_ADVISE, NULL,
                  "no progress line (one on stderr every few seconds\n"
                  "while the search runs, terminal or not)" } } },
    { .name = "json", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_json,
      .help = { { CLI_FOR_ADVISE, "FILE|-",
                  "the whole result as JSON (docs/fields.md, \"Advise\n"
                  "JSON\"); - writes it to stdout instead of the report" } } },
    { .name = "report", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_report,
      .help = { { CLI_FOR_ADVISE, "FILE.html",
                  "a self-contained HTML report (cost against headroom\n"
                  "with the Pareto front, the best configurations, why\n"
                  "nothing cheaper, the clouds); FILE must not exist" } } },
    { .name = "shard", .has_arg = true, .cmds = CLI_FOR_ADVISE,
      .set_own = a_shard,
      .help = { { CLI_FOR_ADVISE, "K/N",
                  "simulate only shard K of N of the space (every Nth\n"
                  "candidate in cost order) and write what it decided as\n"
                  "JSON lines (stdout, or --json FILE) for --merge" } } },
};

const struct cli_opt_block cli_advise_rows = {
    advise_rows, (int)(sizeof advise_rows / sizeof advise_rows[0])
};

/* What a schedule's search cannot take besides it (the schedule states
   the rates, write shares and how long the load lasts); NULL: nothing. */
static const char *schedule_conflict(const struct cli_advise_opts *a, bool sustained,
                                     bool write_given)
{
    const struct adv_targets *t = &a->cfg.targets;

    if (!t->schedule)
        return NULL;
    if (t->need_mbps > 0 || t->need_iops > 0)
        return "--schedule and --need-mbps/--need-iops exclude each other: the "
               "schedule's phases are the demand (give a peak as a phase)";
    if (write_given)
        return "--schedule and --write exclude each other: the schedule's phases "
               "give their write shares (small_write_pct, large_write_pct)";
    if (sustained || a->cfg.space.burst_ok)
        return "--schedule: burst credits count as far as its forecast shows they "
               "hold; --sustained and --burst-ok do not apply";
    return NULL;
}

void cli_advise_opts_free(struct cli_advise_opts *a)
{
    cli_advise_awr_free(&a->awr);
    free(a->schedule);
    a->schedule = NULL;
    a->cfg.targets.schedule = NULL;
}

/* Where parse_args' arguments come from: a shard file's recorded args
   (--merge), and the schedule file the merge's own command line gives. */
struct shard_src {
    const char *file;
    const char *schedule;           /* NULL: none given */
    const char *awr;                /* --awr FILE; NULL: none given */
};

/* What a shard's recorded args may not hold: anything but the search
   (outputs, help, another shard), nor a file to read (a forged shard
   could make the merge read any file and echo it): a schedule is a
   built-in preset, or the file the merge's command line names itself;
   NULL: the option (a row's name, "help") is of the search. */
static const char *not_of_a_search(const char *name, const char *arg,
                                   const struct shard_src *src)
{
    static const char *const outputs[][2] = {
        { "json", "--json" }, { "report", "--report" }, { "shard", "--shard" },
        { "help", "--help" },
    };
    for (size_t i = 0; i < sizeof outputs / sizeof outputs[0]; i++)
        if (strcmp(name, outputs[i][0]) == 0)
            return outputs[i][1];
    if (strcmp(name, "schedule") == 0)
        return wl_schedule_preset(arg) || (src->schedule && strcmp(arg, src->schedule) == 0)
               ? NULL : "--schedule FILE";
    if (strcmp(name, "awr") == 0)
        return src->awr && strcmp(arg, src->awr) == 0 ? NULL : "--awr FILE";
    return NULL;
}

/* A shard file's args refused, the shard file named.  2. */
static int shard_args_error(const char *shard, const char *what)
{
    char q[CLI_QUOTE_BUF], msg[CLI_MSG_MAX + CLI_QUOTE_BUF];

    snprintf(msg, sizeof msg, "%s: a shard file's args hold %s; a merge takes a "
             "shard's results only (its outputs are its own; a schedule file or a "
             "report, only as its own --schedule FILE or --awr FILE)",
             cli_quote(shard, q, sizeof q), what);
    return usage_error(msg);
}

/* Whether a cloud of clouds has no RHEL prices (OCI lists Oracle Linux
   only): then the reason, "--os rhel: RHEL prices exist for AWS only;
   use --clouds aws", in why. */
static bool rhel_unpriced(unsigned clouds, char *why, size_t len)
{
    const struct prof_provider *with = NULL;
    bool lacking = false;

    for (int c = 0; c < ADV_MAX_CLOUDS; c++) {
        const struct prof_provider *p = adv_cloud_provider(c);
        if (p && p->prices_rhel && !with)
            with = p;
        if (p && !p->prices_rhel && (clouds & (1u << c)))
            lacking = true;
    }
    if (lacking && with)
        snprintf(why, len, "--os rhel: RHEL prices exist for %s only; use --clouds %s",
                 with->display, with->name);
    else if (lacking)
        snprintf(why, len, "--os rhel: no cloud searched has RHEL prices");
    return lacking;
}

/* getopt_long's table over advise's rows: `val` is ADVISE_ROW0 + the
   row's index. */
#define ADVISE_ROW0 256
static void advise_longs(struct option *longs)
{
    const struct cli_opt_block *b = &cli_advise_rows;
    int n = 0;

    for (int i = 0; i < b->n; i++)
        longs[n++] = (struct option){ b->rows[i].name, b->rows[i].has_arg ?
                                      required_argument : no_argument, NULL,
                                      ADVISE_ROW0 + i };
    longs[n++] = (struct option){ "help", no_argument, NULL, 'h' };
    longs[n] = (struct option){ NULL, 0, NULL, 0 };
}

/* Row r's setter over optarg: 0, or the exit status after printing why
   it was refused (2; 1 out of memory). */
static int apply_row(struct cli_advise_opts *a, const struct cli_opt_row *r,
                     const char *v)
{
    char why[CLI_MSG_MAX], q[CLI_QUOTE_BUF], msg[CLI_MSG_MAX + CLI_QUOTE_BUF];
    int rc = r->set_own(a, v ? v : "", why, sizeof why);

    if (rc == -EPERM)
        return usage_error(why);
    if (rc == -EINVAL) {
        snprintf(msg, sizeof msg, "--%s %s: not valid; use %s", r->name,
                 cli_quote(v, q, sizeof q), why);
        cli_print_error(stderr, "asmsim: advise", msg);
        return 2;
    }
    return rc;
}

/* argv into a (argv[0] is skipped); shard: where these args come from
   (--merge; NULL: the command line), which define the search
   and nothing else: an output option or a file to read there is refused,
   naming the shard, and nothing is checked or written for them.  0,
   CLI_HELP, or 2 after printing the reason. */
static int parse_args(struct cli_advise_opts *a, int argc, char **argv,
                      const struct shard_src *shard)
{
    struct option longs[CLI_SEEN_MAX + 2];
    int opt;

    adv_cfg_defaults(&a->cfg);
    a->cfg.jobs = sim_usable_cpus();
    a->json_path = NULL;
    a->report_path = NULL;
    a->schedule = NULL;
    a->quiet = a->sustained = a->write_given = false;
    a->size_small_given = a->size_large_given = false;
    a->awr = (struct cli_advise_awr){ .peak = 1 };
    memset(&a->db, 0, sizeof a->db);
    advise_longs(longs);
    optind = 1;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":h", longs, NULL)) != -1) {
        const struct cli_opt_row *r = opt >= ADVISE_ROW0
                                      ? &cli_advise_rows.rows[opt - ADVISE_ROW0] : NULL;
        const char *name = r ? r->name : opt == 'h' ? "help" : "";
        char q[CLI_QUOTE_BUF], msg[CLI_MSG_MAX];
        if (shard && not_of_a_search(name, optarg, shard))
            return shard_args_error(shard->file, not_of_a_search(name, optarg, shard));
        if (opt == 'h')
            return CLI_HELP;
        if (!r) {
            snprintf(msg, sizeof msg, "%s: %s", cli_quote(argv[optind - 1], q, sizeof q),
                     opt == ':' ? "needs a value" : "unknown option");
            return usage_error(msg);
        }
        if (cli_optarg_is_option(optarg, argv, optind)) {
            snprintf(msg, sizeof msg, "--%s: needs a value", r->name);
            return usage_error(msg);
        }
        int rc = apply_row(a, r, optarg);
        if (rc != 0)
            return rc;
    }
    if (optind < argc) {
        char q[CLI_QUOTE_BUF], msg[CLI_MSG_MAX];
        snprintf(msg, sizeof msg, "%s: unexpected argument",
                 cli_quote(argv[optind], q, sizeof q));
        return usage_error(msg);
    }
    char rhel[CLI_MSG_MAX];
    if (a->cfg.space.os == ADV_OS_RHEL && rhel_unpriced(a->cfg.space.clouds, rhel, sizeof rhel))
        return usage_error(rhel);
    const struct adv_targets *t = &a->cfg.targets;
    char awr_why[CLI_MSG_MAX];
    const char *conflict = schedule_conflict(a, a->sustained, a->write_given);
    if (conflict || (conflict = cli_advise_awr_conflict(a, awr_why, sizeof awr_why)))
        return usage_error(conflict);
    char limits[CLI_MSG_MAX];
    if ((conflict = limits_conflict(&a->cfg.space, limits, sizeof limits)) != NULL)
        return usage_error(conflict);
    int awr_rc = cli_advise_awr_apply(a);
    if (awr_rc != 0)
        return awr_rc;
    int db_rc = cli_advise_db_prepare(a);
    if (db_rc != 0 || a->db.workload)
        return db_rc ? db_rc
                     : shard ? shard_args_error(shard->file, "--workload: a database's "
                                                "search has no shards")
                     : a->cfg.shard_n > 0 ? usage_error("--shard: not with --workload")
                     : check_outputs(a->json_path, a->report_path, NULL,
                                     &(struct cli_path){ "--workload", a->db.workload },
                                     NULL, 0);
    if (t->need_mbps <= 0 && t->need_iops <= 0 && t->need_lat_us <= 0 && !t->schedule)
        return shard ? shard_args_error(shard->file, "no performance target, so no search "
                                        "made them")
                     : usage_error("give at least one performance target: --need-mbps, "
                                   "--need-iops, --need-latency, --schedule or --awr");
    if (a->report_path && a->cfg.shard_n > 0)
        return usage_error("--report and --shard exclude each other: a shard holds "
                           "only part of the answer");
    return shard ? 0 : check_outputs(a->json_path, a->report_path, t->schedule_source,
                                     &(struct cli_path){ "--awr", a->awr.file }, NULL, 0);
}

/* Whether arg is the option `name` ("--json"), as "--json X" (*takes
   the next argument) or "--json=X". */
static bool is_option(const char *arg, const char *name, bool *takes_next)
{
    size_t n = strlen(name);

    *takes_next = strcmp(arg, name) == 0;
    return *takes_next || (strncmp(arg, name, n) == 0 && arg[n] == '=');
}

/* The arguments a shard's first line records: argv without --shard and
   --json (a merge takes its own). */
static int shard_args(int argc, char **argv, char **out)
{
    int n = 0;

    for (int i = 1; i < argc; i++) {
        bool next;
        if (is_option(argv[i], "--shard", &next) || is_option(argv[i], "--json", &next)) {
            i += next;
            continue;
        }
        out[n++] = argv[i];
    }
    return n;
}

/* What the writer table's hooks are given. */
struct advise_out {
    const struct cli_advise_opts *a;
    const struct adv_result *r;
};

/* The advise JSON's text, a copy the writer table may free(). */
static int advise_json(void *arg, const sim_stop_flag *stop, char **text, char *why,
                       size_t why_len)
{
    const struct advise_out *out = arg;
    char *t = NULL;
    const struct cli_advise_doc doc = {
        .cfg = &out->a->cfg, .r = out->r, .command_line = out->a->command_line,
        .version = ASMSIM_VERSION, .awr = &out->a->awr,
    };
    int rc = cli_advise_json_text(&doc, &t, why, why_len);

    (void)stop;                     /* a JSON in a moment: not stopped */
    if (rc == 0 && (*text = strdup(t)) == NULL) {
        snprintf(why, why_len, "out of memory building the advise JSON");
        rc = -ENOMEM;
    }
    cJSON_free(t);
    return rc;
}

static void on_failed(void *arg, int rc, const char *why)
{
    (void)arg;
    (void)rc;
    cli_print_error(stderr, "asmsim: advise", why);
}

static void on_done(void *arg, enum report_out k, const char *where, int n)
{
    (void)arg;
    (void)n;
    if (k == REPORT_OUT_REPORT)
        fprintf(stderr, "asmsim: report in %s\n", where);
}

/* --json and --report (the page from the same JSON text, html.h),
   through the writer table.  0 or -errno (told). */
int cli_advise_write_outputs(const struct cli_advise_opts *a,
                             int (*json_text)(void *arg, const sim_stop_flag *stop,
                                              char **text, char *why, size_t why_len),
                             void *arg, const char *page)
{
    const struct report_request q = {
        .outs = (a->json_path ? REPORT_OUT_BIT(REPORT_OUT_JSON) : 0) |
                (a->report_path ? REPORT_OUT_BIT(REPORT_OUT_REPORT) : 0),
        .json_path = a->json_path, .report_path = a->report_path,
        .failed = on_failed, .done = on_done, .arg = NULL,
    };
    const struct report_doc d = {
        .what = "advise JSON", .json_text = json_text, .json_arg = arg,
        .page_name = page,
    };
    return report_write_outputs(&q, &d);
}

static int write_files(const struct cli_advise_opts *a, const struct adv_result *r)
{
    struct advise_out out = { a, r };
    return cli_advise_write_outputs(a, advise_json, &out, "advise");
}

/* The report of a finished search (or merge): text, JSON, or with
   --shard the JSON lines a merge reads.  The exit status. */
static int report(struct cli_advise_opts *a, struct adv_result *r, int argc, char **argv)
{
    char why[CLI_WHY_LEN];
    int status = r->interrupted ? 130 : 0;

    if (a->cfg.shard_n > 0) {
        char **args = calloc((size_t)argc + 1, sizeof *args);
        int n = args ? shard_args(argc, argv, args) : 0;
        if (!args || cli_advise_shard_write(a->json_path ? a->json_path : "-", &a->cfg, r,
                                            n, args, why, sizeof why) < 0) {
            cli_print_error(stderr, "asmsim: advise", args ? why : "out of memory");
            status = 1;
        }
        free(args);
        return status;
    }
    if (!(a->json_path && strcmp(a->json_path, "-") == 0))
        cli_advise_print(stdout, a, r);
    if (write_files(a, r) != 0)
        status = 1;
    return status;
}

/* The shards' files read and checked: the same search, every shard K of
   N once.  0 or 2 after printing the reason. */
static int read_shards(char **files, int n, struct cli_advise_shard *sh)
{
    char why[CLI_WHY_LEN], msg[CLI_MSG_MAX];

    for (int i = 0; i < n; i++) {
        if (cli_advise_shard_read(files[i], &sh[i], why, sizeof why) < 0) {
            cli_print_error(stderr, "asmsim: advise --merge", why);
            return 2;
        }
        bool same = sh[i].argc == sh[0].argc && sh[i].shard_n == sh[0].shard_n;
        for (int k = 0; same && k < sh[i].argc; k++)
            same = strcmp(sh[i].argv[k], sh[0].argv[k]) == 0;
        for (int j = 0; same && j < i; j++)
            same = sh[j].shard_k != sh[i].shard_k;
        if (!same) {
            snprintf(msg, sizeof msg, "%s: not a further shard of the search of %s "
                     "(other arguments, N, or a shard given twice)", files[i], files[0]);
            cli_print_error(stderr, "asmsim: advise --merge", msg);
            return 2;
        }
    }
    if (n != sh[0].shard_n) {
        snprintf(msg, sizeof msg, "%d shard files for a search in %d shards; give every "
                 "shard 1/%d .. %d/%d once", n, sh[0].shard_n, sh[0].shard_n, sh[0].shard_n,
                 sh[0].shard_n);
        cli_print_error(stderr, "asmsim: advise --merge", msg);
        return 2;
    }
    return 0;
}

/* The word after a merge's option at argv[*i], consumed; NULL when
   there is none or it is an option (cli_value_is_option). */
static const char *merge_next_value(int argc, char **argv, int *i)
{
    return *i + 1 < argc && !cli_value_is_option(argv[*i + 1]) ? argv[++*i] : NULL;
}

/* --merge's --json value: given, and not empty (set_option's rule).
   0, or 2 after printing the reason. */
static int merge_json_arg(const char *json)
{
    char q[CLI_QUOTE_BUF], msg[CLI_MSG_MAX];

    if (!json)
        return usage_error("--json: needs a value");
    if (json[0])
        return 0;
    snprintf(msg, sizeof msg, "--json %s: not valid; use a file path or - for stdout",
             cli_quote(json, q, sizeof q));
    cli_print_error(stderr, "asmsim: advise --merge", msg);
    return 2;
}

/* A merge's own --schedule FILE or --awr FILE (argv[*i], its value
   "=FILE" or the next argument) into *slot.  0, or 2 after printing the
   reason. */
static int merge_file_opt(int argc, char **argv, int *i, const char *name,
                          const char **slot)
{
    char msg[CLI_MSG_MAX];
    size_t n = strlen(name);

    *slot = argv[*i][n] == '=' ? argv[*i] + n + 1 : merge_next_value(argc, argv, i);
    if (*slot && (*slot)[0])
        return 0;
    snprintf(msg, sizeof msg, "%s: needs a value", name);
    return usage_error(msg);
}

/* asmsim advise [--json PATH] [--schedule FILE] [--awr FILE] --merge
   FILE...: the answer of a search run as --shard K/N pieces, as the whole
   search gives it.  A shard gives only its results and the search they
   belong to: its args define the search (an output or a file to read
   among them is refused; a schedule file or an --awr report is read only
   when the merge's own command line names it, as the shards recorded
   it), the outputs are the merge's own, checked before anything is
   read. */
static int cmd_merge(int argc, char **argv)
{
    struct cli_advise_opts a = { .schedule = NULL };
    struct shard_src src = { NULL, NULL, NULL };
    const char *json = NULL;
    char **files = calloc((size_t)argc, sizeof *files);
    int n = 0, rc = 0;

    if (!files)
        return 1;
    for (int i = 1; i < argc && rc == 0; i++) {
        bool next;
        if (is_option(argv[i], "--json", &next)) {
            json = next ? merge_next_value(argc, argv, &i) : argv[i] + 7;
            rc = merge_json_arg(json);
        } else if (is_option(argv[i], "--schedule", &next)) {
            rc = merge_file_opt(argc, argv, &i, "--schedule", &src.schedule);
        } else if (is_option(argv[i], "--awr", &next)) {
            rc = merge_file_opt(argc, argv, &i, "--awr", &src.awr);
        } else if (strcmp(argv[i], "--merge") == 0)
            continue;
        else if (argv[i][0] == '-' && argv[i][1])
            rc = usage_error("--merge takes shard files, --json, --schedule and --awr only");
        else
            files[n++] = argv[i];
    }
    if (rc == 0 && n == 0)
        rc = usage_error("--merge needs the files that --shard K/N wrote");
    if (rc == 0)
        rc = check_outputs(json, NULL, src.schedule, &(struct cli_path){ "--awr", src.awr },
                           files, n);
    struct cli_advise_shard *sh = rc ? NULL : calloc((size_t)n, sizeof *sh);
    if (rc == 0 && !sh)
        rc = 1;
    if (rc == 0)
        rc = read_shards(files, n, sh);
    if (rc == 0) {
        char **args = calloc((size_t)sh[0].argc + 2, sizeof *args);
        if (args) {
            args[0] = argv[0];
            if (sh[0].argc > 0)
                memcpy(args + 1, sh[0].argv, (size_t)sh[0].argc * sizeof *args);
            src.file = files[0];
            rc = parse_args(&a, sh[0].argc + 1, args, &src) == 0 ? 0 : 2;
            if (rc == 0 && src.schedule && !(a.cfg.targets.schedule_source &&
                strcmp(a.cfg.targets.schedule_source, src.schedule) == 0))
                rc = usage_error("--schedule: the shards' search has another schedule "
                                 "or none; give the one they were run with");
            if (rc == 0 && src.awr && !a.awr.file)
                rc = usage_error("--awr: the shards' search has no report; give none");
        }
        rc = args ? rc : 1;
        free(args);
    }
    if (rc == 0) {
        const struct adv_decided **d = calloc((size_t)n, sizeof *d);
        struct adv_result *r = NULL;
        for (int i = 0; d && i < n; i++)
            d[i] = &sh[i].decided;
        a.cfg.shard_k = a.cfg.shard_n = 0;
        a.json_path = json;
        a.command_line = cli_join_command_line(argc, argv);
        if (!d || !a.command_line || adv_merge(&a.cfg, d, n, &r) < 0) {
            fprintf(stderr, "asmsim: advise --merge: out of memory\n");
            rc = 1;
        } else {
            rc = report(&a, r, argc, argv);
        }
        adv_result_free(r);
        free(a.command_line);
        free(d);
    }
    for (int i = 0; sh && i < n; i++)
        cli_advise_shard_free(&sh[i]);
    free(sh);
    free(files);
    cli_advise_opts_free(&a);
    return rc;
}

/* The progress line: every PROGRESS_EVERY_S seconds of a search by the
   clock, one line on stderr, terminal or not (a log shows the search is
   alive and how far up the price list it is); none with --quiet.  The
   search calls on_progress after every simulation, one call at a time
   (advise.h), so the first line comes at 3 s and the count only grows. */
#define PROGRESS_EVERY_S 3.0

struct progress {
    double t0_s, last_s;
};

static double mono_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void on_progress(void *arg, long judged, double usd_month)
{
    struct progress *p = arg;
    double now = mono_s();

    if (now - p->last_s < PROGRESS_EVERY_S)
        return;
    p->last_s = now;
    fprintf(stderr, "asmsim: advise: %ld candidate%s simulated, up to $%.2f/month, "
            "%.0f s\n", judged, judged == 1 ? "" : "s", usd_month, now - p->t0_s);
}

/* The single-group search (ORION's targets) and its report: the exit
   status. */
static int orion_search(struct cli_advise_opts *a, int argc, char **argv)
{
    struct adv_result *r = NULL;
    char why[CLI_WHY_LEN];

    bool ranks = cluster_size(a->cluster) > 1 && a->cfg.shard_n == 0;
    int rc = ranks ? cli_cluster_advise(a->cluster, &a->cfg, &r, why, sizeof why)
                   : adv_search(&a->cfg, &r, why, sizeof why);
    if (ranks && cluster_rank(a->cluster) != 0)
        a->json_path = a->report_path = NULL;   /* rank 0 alone writes */
    if (rc < 0) {
        cli_print_error(stderr, "asmsim: advise", why);
        return rc == -EINVAL ? 2 : 1;
    }
    int status = report(a, r, argc, argv);
    adv_result_free(r);
    return status;
}

/* The search on parsed options, a database's (--workload) or ORION's
   targets', with the progress line, and its report: the exit status. */
static int search_and_report(struct cli_advise_opts *a, int argc, char **argv,
                             sim_stop_flag *stop)
{
    struct progress p = { mono_s(), mono_s() };

    a->cfg.stop = stop;
    if (!a->quiet) {
        a->cfg.progress = on_progress;
        a->cfg.progress_arg = &p;
    }
    a->command_line = cli_join_command_line(argc, argv);
    if (!a->command_line) {
        fprintf(stderr, "asmsim: advise: out of memory\n");
        return 1;
    }
    int status = a->db.workload ? cli_advise_db_run(a) : orion_search(a, argc, argv);
    free(a->command_line);
    return status;
}

int cli_cmd_advise(int argc, char **argv, sim_stop_flag *stop)
{
    return cli_cmd_advise_on(argc, argv, stop, NULL);
}

int cli_cmd_advise_on(int argc, char **argv, sim_stop_flag *stop,
                      const struct cli_ui *ui)
{
    const struct cluster *cluster = ui ? ui->cluster : NULL;
    struct cli_advise_opts a;

    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--merge") == 0) {
            int refused = cli_cluster_refuse(cluster, "advise --merge");
            return refused ? refused : cmd_merge(argc, argv);
        }
    int rc = parse_args(&a, argc, argv, NULL);
    /* every rank read the same words: a usage error said once */
    cli_cluster_release_stderr(cluster, ui ? ui->held_stderr : NULL);
    a.cluster = cluster;
    if (rc == 0 && a.cfg.shard_n > 0)   /* mpirun cuts the search itself */
        rc = cli_cluster_refuse(cluster, "advise --shard");
    if (rc == 0 && a.db.workload)       /* a database's search: one process */
        rc = cli_cluster_refuse(cluster, "advise --workload");

    if (rc == CLI_HELP) {
        cli_advise_usage(stdout);
        rc = 0;
    } else if (rc == 0) {
        rc = search_and_report(&a, argc, argv, stop);
    }
    cli_advise_opts_free(&a);
    return rc;
}
