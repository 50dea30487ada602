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
#include "sim/cli/cli_job.h"
#include "sim/report/report.h"
#include "sim/report/report_writers.h"
#include "workloads/schedule.h"

enum {
    OPT_NEED_MBPS = 256, OPT_NEED_IOPS, OPT_NEED_LAT, OPT_WRITE, OPT_CAPACITY,
    OPT_REDUNDANCY, OPT_CLOUDS, OPT_OS, OPT_FAMILIES, OPT_TYPES, OPT_SUSTAINED,
    OPT_BURST_OK, OPT_TOP, OPT_JOBS, OPT_JSON, OPT_SEED, OPT_MIN_DISKS,
    OPT_MAX_DISKS, OPT_SIZE_SMALL, OPT_SIZE_LARGE, OPT_MEMORY, OPT_SHARD,
    OPT_REPORT, OPT_SCHEDULE, OPT_QUIET,
};

static const struct option advise_options[] = {
    { "need-mbps", required_argument, NULL, OPT_NEED_MBPS },
    { "need-iops", required_argument, NULL, OPT_NEED_IOPS },
    { "need-latency", required_argument, NULL, OPT_NEED_LAT },
    { "write", required_argument, NULL, OPT_WRITE },
    { "capacity", required_argument, NULL, OPT_CAPACITY },
    { "redundancy", required_argument, NULL, OPT_REDUNDANCY },
    { "clouds", required_argument, NULL, OPT_CLOUDS },
    { "os", required_argument, NULL, OPT_OS },
    { "families", required_argument, NULL, OPT_FAMILIES },
    { "volume-types", required_argument, NULL, OPT_TYPES },
    { "sustained", no_argument, NULL, OPT_SUSTAINED },
    { "burst-ok", no_argument, NULL, OPT_BURST_OK },
    { "top", required_argument, NULL, OPT_TOP },
    { "jobs", required_argument, NULL, OPT_JOBS },
    { "json", required_argument, NULL, OPT_JSON },
    { "seed", required_argument, NULL, OPT_SEED },
    { "min-disks", required_argument, NULL, OPT_MIN_DISKS },
    { "max-disks", required_argument, NULL, OPT_MAX_DISKS },
    { "size-small", required_argument, NULL, OPT_SIZE_SMALL },
    { "size-large", required_argument, NULL, OPT_SIZE_LARGE },
    { "memory-per-ocpu", required_argument, NULL, OPT_MEMORY },
    { "shard", required_argument, NULL, OPT_SHARD },
    { "report", required_argument, NULL, OPT_REPORT },
    { "schedule", required_argument, NULL, OPT_SCHEDULE },
    { "quiet", no_argument, NULL, OPT_QUIET },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

/* "1ms", "500us", "0.8ms", "p99:2ms" -> microseconds. */
static int parse_latency(const char *text, double *us, bool *p99)
{
    static const struct { const char *unit; double us; } units[] = {
        { "us", 1 }, { "ms", 1e3 }, { "s", 1e6 } };
    char num[32];

    *p99 = strncmp(text, "p99:", 4) == 0;
    if (*p99)
        text += 4;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        size_t n = strlen(text), u = strlen(units[i].unit);
        double v;
        if (n <= u || n - u >= sizeof num || strcmp(text + n - u, units[i].unit) != 0)
            continue;
        memcpy(num, text, n - u);
        num[n - u] = '\0';
        if (cli_parse_double(num, 0.001, 1e9, &v) != 0)
            return -EINVAL;
        *us = v * units[i].us;
        return 0;
    }
    return -EINVAL;
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

static int parse_io_size(const char *text, uint32_t *out)
{
    uint64_t b;

    if (cli_parse_size_in(text, 4096, 4096, 64ull << 20, &b) != 0)
        return -EINVAL;
    *out = (uint32_t)b;
    return 0;
}

/* One option's value into cfg; the error text says what is valid. */
static int set_option(struct cli_advise_opts *a, int opt, const char *v,
                      const char **valid)
{
    struct adv_cfg *c = &a->cfg;
    long long n;

    switch (opt) {
    case OPT_NEED_MBPS:
        *valid = "a rate in MB/s (10^6 B/s), e.g. 2000";
        return cli_parse_double(v, 0.001, 1e9, &c->targets.need_mbps);
    case OPT_NEED_IOPS:
        *valid = "an I/O rate, e.g. 40000";
        return cli_parse_double(v, 0.001, 1e9, &c->targets.need_iops);
    case OPT_NEED_LAT:
        *valid = "a time with its unit (500us, 1ms), or p99:TIME";
        return parse_latency(v, &c->targets.need_lat_us, &c->targets.lat_p99);
    case OPT_WRITE:
        *valid = "a percentage 0..100";
        if (cli_parse_int(v, 0, 100, &n) != 0)
            return -EINVAL;
        c->targets.write_pct = (int)n;
        return 0;
    case OPT_CAPACITY:
        *valid = "a size up to " CLI_SIZE_MAX_TEXT " in " CLI_SIZE_UNITS
                 ", e.g. 4TiB or 2TB";
        c->targets.capacity_text = v;
        return cli_parse_size_in(v, 0, 1, CLI_SIZE_MAX,
                                 &c->targets.capacity_bytes);
    case OPT_REDUNDANCY:
        *valid = "external, normal or high";
        return lay_redundancy_parse(v, &c->targets.redundancy);
    case OPT_CLOUDS:
        *valid = "aws, oci or aws,oci";
        return parse_clouds(v, &c->space.clouds);
    case OPT_OS:
        *valid = "linux or rhel";
        if (strcmp(v, "linux") != 0 && strcmp(v, "rhel") != 0)
            return -EINVAL;
        c->space.os = strcmp(v, "rhel") == 0 ? ADV_OS_RHEL : ADV_OS_LINUX;
        return 0;
    case OPT_FAMILIES:
        *valid = "instance families separated by commas, e.g. m5,r5b,e4flex";
        return parse_names(v, c->space.families, ADV_MAX_LIST, &c->space.n_families);
    case OPT_TYPES:
        *valid = "volume types separated by commas, e.g. gp3,io2 (see 'asmsim profiles volumes')";
        return parse_names(v, c->space.types, ADV_MAX_LIST, &c->space.n_types);
    case OPT_TOP:
        *valid = "a count 1..100";
        if (cli_parse_int(v, 1, ADV_MAX_TOP, &n) != 0)
            return -EINVAL;
        c->top = (int)n;
        return 0;
    case OPT_JOBS:
        *valid = "a thread count 1..256";
        if (cli_parse_int(v, 1, 256, &n) != 0)
            return -EINVAL;
        c->jobs = (int)n;
        return 0;
    case OPT_SEED:
        *valid = "an unsigned integer";
        return cli_parse_u64(v, &c->seed);
    case OPT_MIN_DISKS:
    case OPT_MAX_DISKS:
        *valid = "a disk count 1..1024";
        if (cli_parse_int(v, 1, LAY_MAX_DISKS, &n) != 0)
            return -EINVAL;
        *(opt == OPT_MIN_DISKS ? &c->space.min_disks : &c->space.max_disks) = (int)n;
        return 0;
    case OPT_SIZE_SMALL:
        *valid = "a multiple of 4KiB up to 64MiB";
        return parse_io_size(v, &c->targets.small_bytes);
    case OPT_SIZE_LARGE:
        *valid = "a multiple of 4KiB up to 64MiB";
        return parse_io_size(v, &c->targets.large_bytes);
    case OPT_MEMORY:
        *valid = "GB of memory per OCPU of OCI flex shapes, 1..64 (OCI's range)";
        return cli_parse_double(v, 1, 64, &c->space.memory_per_ocpu_gb);
    case OPT_SHARD: {
        char ks[16], ns[16], tail;
        long long kk, nn;
        *valid = "K/N with 1 <= K <= N <= 1000, e.g. 2/4";
        if (sscanf(v, "%15[0-9]/%15[0-9]%c", ks, ns, &tail) != 2 ||
            cli_parse_int(ks, 1, 1000, &kk) != 0 || cli_parse_int(ns, 1, 1000, &nn) != 0 ||
            kk > nn)
            return -EINVAL;
        c->shard_k = (int)kk;
        c->shard_n = (int)nn;
        return 0;
    }
    case OPT_JSON:
        *valid = "a file path or - for stdout";
        a->json_path = v;
        return v[0] ? 0 : -EINVAL;
    case OPT_REPORT:
        *valid = "a new file name, e.g. advice.html";
        a->report_path = v;
        return v[0] && strcmp(v, "-") != 0 ? 0 : -EINVAL;
    }
    return -EINVAL;
}

/* --json and --report checked before the search, as run, cost and
   forecast check theirs (cli_check_outputs: the directory takes files,
   the path is no directory, a report is new, neither is the other nor
   the schedule nor one of the n shard files of a merge), so a bad path
   costs no search and writes nothing.  0, or 2 after printing the reason
   (1: out of memory). */
static int check_outputs(const char *json_path, const char *report_path,
                         const char *schedule, char **shards, int n)
{
    struct cli_opts *o = calloc(1, sizeof *o);
    struct cli_path *in = calloc((size_t)n + 1, sizeof *in);
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
    a->cfg.targets.schedule = a->schedule;
    a->cfg.targets.schedule_source = arg;
    return 0;
}

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
    free(a->schedule);
    a->schedule = NULL;
    a->cfg.targets.schedule = NULL;
}

/* Where parse_args' arguments come from: a shard file's recorded args
   (--merge), and the schedule file the merge's own command line gives. */
struct shard_src {
    const char *file;
    const char *schedule;           /* NULL: none given */
};

/* What a shard's recorded args may not hold: anything but the search
   (outputs, help, another shard), nor a file to read (a forged shard
   could make the merge read any file and echo it): a schedule is a
   built-in preset, or the file the merge's command line names itself;
   NULL: the option is of the search. */
static const char *not_of_a_search(int opt, const char *arg, const struct shard_src *src)
{
    switch (opt) {
    case OPT_JSON: return "--json";
    case OPT_REPORT: return "--report";
    case OPT_SHARD: return "--shard";
    case OPT_SCHEDULE:
        return wl_schedule_preset(arg) || (src->schedule && strcmp(arg, src->schedule) == 0)
               ? NULL : "--schedule FILE";
    case 'h': return "--help";
    default: return NULL;
    }
}

/* A shard file's args refused, the shard file named.  2. */
static int shard_args_error(const char *shard, const char *what)
{
    char q[CLI_QUOTE_BUF], msg[CLI_MSG_MAX + CLI_QUOTE_BUF];

    snprintf(msg, sizeof msg, "%s: a shard file's args hold %s; a merge takes a "
             "shard's results only (its outputs are its own; a schedule file, only "
             "as its own --schedule FILE)", cli_quote(shard, q, sizeof q), what);
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

/* argv into a (argv[0] is skipped); shard: where these args come from
   (--merge; NULL: the command line), which define the search
   and nothing else: an output option or a file to read there is refused,
   naming the shard, and nothing is checked or written for them.  0,
   CLI_HELP, or 2 after printing the reason. */
static int parse_args(struct cli_advise_opts *a, int argc, char **argv,
                      const struct shard_src *shard)
{
    bool sustained = false, write_given = false;
    int opt;

    adv_cfg_defaults(&a->cfg);
    a->cfg.jobs = sim_usable_cpus();
    a->json_path = NULL;
    a->report_path = NULL;
    a->schedule = NULL;
    a->quiet = false;
    optind = 1;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":h", advise_options, NULL)) != -1) {
        char q[CLI_QUOTE_BUF], msg[CLI_MSG_MAX];
        const char *valid = "";
        if (shard && not_of_a_search(opt, optarg, shard))
            return shard_args_error(shard->file, not_of_a_search(opt, optarg, shard));
        if (opt == 'h')
            return CLI_HELP;
        if (opt == '?' || opt == ':') {
            snprintf(msg, sizeof msg, "%s: %s", cli_quote(argv[optind - 1], q, sizeof q),
                     opt == ':' ? "needs a value" : "unknown option");
            return usage_error(msg);
        }
        if (opt == OPT_SUSTAINED || opt == OPT_BURST_OK) {
            sustained = sustained || opt == OPT_SUSTAINED;
            a->cfg.space.burst_ok = a->cfg.space.burst_ok || opt == OPT_BURST_OK;
            if (sustained && a->cfg.space.burst_ok)
                return usage_error("--sustained and --burst-ok exclude each other");
            continue;
        }
        if (opt == OPT_SCHEDULE) {
            int rc = load_schedule(a, optarg);
            if (rc != 0)
                return rc;
            continue;
        }
        if (opt == OPT_QUIET) {
            a->quiet = true;
            continue;
        }
        write_given = write_given || opt == OPT_WRITE;
        if (set_option(a, opt, optarg, &valid) != 0) {
            snprintf(msg, sizeof msg, "--%s %s: not valid; use %s",
                     advise_options[opt - OPT_NEED_MBPS].name,
                     cli_quote(optarg, q, sizeof q), valid);
            cli_print_error(stderr, "asmsim: advise", msg);
            return 2;
        }
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
    const char *conflict = schedule_conflict(a, sustained, write_given);
    if (conflict)
        return usage_error(conflict);
    if (t->need_mbps <= 0 && t->need_iops <= 0 && t->need_lat_us <= 0 && !t->schedule)
        return shard ? shard_args_error(shard->file, "no performance target, so no search "
                                        "made them")
                     : usage_error("give at least one performance target: --need-mbps, "
                                   "--need-iops, --need-latency or --schedule");
    if (a->report_path && a->cfg.shard_n > 0)
        return usage_error("--report and --shard exclude each other: a shard holds "
                           "only part of the answer");
    return shard ? 0 : check_outputs(a->json_path, a->report_path,
                                          t->schedule_source, NULL, 0);
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
    int rc = cli_advise_json_text(&out->a->cfg, out->r, out->a->command_line,
                                  ASMSIM_VERSION, &t, why, why_len);

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
static int write_files(const struct cli_advise_opts *a, const struct adv_result *r)
{
    struct advise_out out = { a, r };
    const struct report_request q = {
        .outs = (a->json_path ? REPORT_OUT_BIT(REPORT_OUT_JSON) : 0) |
                (a->report_path ? REPORT_OUT_BIT(REPORT_OUT_REPORT) : 0),
        .json_path = a->json_path, .report_path = a->report_path,
        .failed = on_failed, .done = on_done, .arg = &out,
    };
    const struct report_doc d = {
        .what = "advise JSON", .json_text = advise_json, .json_arg = &out,
        .page_name = "advise",
    };
    return report_write_outputs(&q, &d);
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

/* asmsim advise [--json PATH] [--schedule FILE] --merge FILE...: the
   answer of a search run as --shard K/N pieces, as the whole search gives
   it.  A shard gives only its results and the search they belong to: its
   args define the search (an output or a file to read among them is
   refused; a schedule file is read only when the merge's own command line
   names it, as the shards recorded it), the outputs are the merge's own,
   checked before anything is read. */
static int cmd_merge(int argc, char **argv)
{
    struct cli_advise_opts a = { .schedule = NULL };
    struct shard_src src = { NULL, NULL };
    const char *json = NULL;
    char **files = calloc((size_t)argc, sizeof *files);
    int n = 0, rc = 0;

    if (!files)
        return 1;
    for (int i = 1; i < argc && rc == 0; i++) {
        bool next;
        if (is_option(argv[i], "--json", &next)) {
            json = next ? (i + 1 < argc ? argv[++i] : NULL) : argv[i] + 7;
            rc = merge_json_arg(json);
        } else if (is_option(argv[i], "--schedule", &next)) {
            src.schedule = next ? (i + 1 < argc ? argv[++i] : NULL) : argv[i] + 11;
            rc = src.schedule && src.schedule[0] ? 0 : usage_error("--schedule: needs a value");
        } else if (strcmp(argv[i], "--merge") == 0)
            continue;
        else if (argv[i][0] == '-' && argv[i][1])
            rc = usage_error("--merge takes shard files, --json and --schedule only");
        else
            files[n++] = argv[i];
    }
    if (rc == 0 && n == 0)
        rc = usage_error("--merge needs the files that --shard K/N wrote");
    if (rc == 0)
        rc = check_outputs(json, NULL, src.schedule, files, n);
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

/* The search on parsed options and its report: the exit status. */
static int search_and_report(struct cli_advise_opts *a, int argc, char **argv,
                             sim_stop_flag *stop)
{
    struct adv_result *r = NULL;
    char why[CLI_WHY_LEN];
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
    int rc = adv_search(&a->cfg, &r, why, sizeof why);
    if (rc < 0) {
        cli_print_error(stderr, "asmsim: advise", why);
        free(a->command_line);
        return rc == -EINVAL ? 2 : 1;
    }
    int status = report(a, r, argc, argv);
    adv_result_free(r);
    free(a->command_line);
    return status;
}

int cli_cmd_advise(int argc, char **argv, sim_stop_flag *stop)
{
    struct cli_advise_opts a;

    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--merge") == 0)
            return cmd_merge(argc, argv);
    int rc = parse_args(&a, argc, argv, NULL);

    if (rc == CLI_HELP) {
        cli_advise_usage(stdout);
        rc = 0;
    } else if (rc == 0) {
        rc = search_and_report(&a, argc, argv, stop);
    }
    cli_advise_opts_free(&a);
    return rc;
}
