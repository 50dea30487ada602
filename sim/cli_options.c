/*
 * cli_options.c - the options of `asmsim run` and `asmsim sweep`: parsing,
 * validation, and the struct sim_run_cfg they resolve to.
 *
 * Three stages, each of which can fail with a one-line reason and none of
 * which touches the file system or starts a simulation:
 *
 *   cli_opts_parse    argv -> struct cli_opts.  Every value is checked as
 *                     it is read (a size is a size, a percentage is 0..100)
 *                     and the flags the user gave are remembered in
 *                     `given`, because a --layout-file only supplies the
 *                     settings that were not given on the command line.
 *   cli_opts_resolve  layout file, volume spec and instance name resolved
 *                     through their modules; then the combination is
 *                     checked the way the run will use it: the layout
 *                     (lay_cfg_check), the workload (wl_cfg_check) and the
 *                     matrix (wl_matrix_build) for the disk count of a run
 *                     or for every disk count of a sweep.
 *   cli_check_outputs the output directory can be created or written and
 *                     the --json file's directory exists.
 *
 * The message format is the contract with users and scripts:
 *   "<flag> <value>: <what is wrong>; <what is valid>"
 * The caller prints it after "asmsim: " and exits 2.
 *
 * The option table is the single list of run/sweep options: getopt_long's
 * table is derived from it, and cli_opts_set() applies an option by its
 * long name, which is also how the orion subcommand takes the model options
 * (--instance, --volume, ...); cli_opts_set_value() runs just an option's
 * setter, for the ORION flags that mean the same as a run option.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/cli.h"
#include "sim/layout_file.h"
#include "sim/safety.h"

#define KIB 1024ull
#define MIB (1024ull * 1024ull)

/* ---- value parsers ------------------------------------------------------ */

int cli_parse_int(const char *text, long long min, long long max,
                  long long *out)
{
    char *end;
    long long v;

    if (!text || !*text)
        return -EINVAL;
    errno = 0;
    v = strtoll(text, &end, 10);
    if (errno || *end || end == text || v < min || v > max)
        return -EINVAL;
    *out = v;
    return 0;
}

static int parse_u64(const char *text, uint64_t *out)
{
    char *end;
    unsigned long long v;

    if (!text || !*text || *text == '-' || *text == '+')
        return -EINVAL;
    errno = 0;
    v = strtoull(text, &end, 10);
    if (errno || *end)
        return -EINVAL;
    *out = v;
    return 0;
}

int cli_parse_time_ns(const char *text, sim_ns *out)
{
    static const struct { const char *unit; double ns; } units[] = {
        { "", 1e9 }, { "s", 1e9 }, { "ms", 1e6 }, { "us", 1e3 },
        { "ns", 1.0 }, { "m", 60e9 }, { "min", 60e9 }, { "h", 3600e9 },
    };
    char *end;
    double v;

    if (!text || !*text || *text == '-' || *text == '+')
        return -EINVAL;
    errno = 0;
    v = strtod(text, &end);
    if (errno || end == text || !isfinite(v) || v < 0)
        return -EINVAL;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (strcmp(end, units[i].unit) == 0) {
            double ns = v * units[i].ns;
            if (ns > (double)CLI_MAX_DURATION_NS)
                return -EINVAL;
            *out = (sim_ns)llround(ns);
            return 0;
        }
    }
    return -EINVAL;
}

/* One item of a disk list: "N" or "A-B". */
static int parse_disk_item(const char *item, bool *seen, char *why,
                           size_t why_len)
{
    long long lo, hi;
    char buf[64];
    char *dash;

    if (strlen(item) >= sizeof buf || !*item) {
        snprintf(why, why_len, "empty or overlong item \"%s\"", item);
        return -EINVAL;
    }
    strcpy(buf, item);
    dash = strchr(buf, '-');
    if (dash)
        *dash = '\0';
    if (cli_parse_int(buf, 1, LAY_MAX_DISKS, &lo) != 0 ||
        cli_parse_int(dash ? dash + 1 : buf, 1, LAY_MAX_DISKS, &hi) != 0) {
        snprintf(why, why_len, "\"%s\" is not a disk count or range of "
                 "counts in 1..%d", item, LAY_MAX_DISKS);
        return -EINVAL;
    }
    if (hi < lo) {
        snprintf(why, why_len, "range \"%s\" runs backwards", item);
        return -EINVAL;
    }
    for (long long n = lo; n <= hi; n++)
        seen[n] = true;
    return 0;
}

int cli_parse_disk_list(const char *text, int *counts, int max_counts,
                        int *n_out, char *why, size_t why_len)
{
    bool seen[LAY_MAX_DISKS + 1] = { false };
    char item[64];
    const char *p = text;
    int n = 0;

    if (!text || !*text) {
        snprintf(why, why_len, "empty list");
        return -EINVAL;
    }
    for (;;) {
        size_t len = strcspn(p, ",");
        if (len >= sizeof item)
            len = sizeof item - 1;
        memcpy(item, p, len);
        item[len] = '\0';
        int rc = parse_disk_item(item, seen, why, why_len);
        if (rc)
            return rc;
        p += strcspn(p, ",");
        if (!*p)
            break;
        p++;
    }
    for (int d = 1; d <= LAY_MAX_DISKS; d++) {
        if (!seen[d])
            continue;
        if (n == max_counts) {
            snprintf(why, why_len, "more than %d disk counts", max_counts);
            return -EINVAL;
        }
        counts[n++] = d;
    }
    *n_out = n;
    return 0;
}

bool cli_testname_ok(const char *name)
{
    size_t len = strlen(name);

    if (len == 0 || len > CLI_TESTNAME_MAX)
        return false;
    return strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                        "0123456789._-") == len;
}

/* A size that must be a multiple of `align` within [min, max] bytes. */
static int parse_size_in(const char *text, uint64_t align, uint64_t min,
                         uint64_t max, uint64_t *out)
{
    uint64_t v;

    if (prof_parse_size(text, &v) != 0 || v < min || v > max ||
        (align && v % align))
        return -EINVAL;
    *out = v;
    return 0;
}

static bool is_pow2(uint64_t v) { return v && !(v & (v - 1)); }

/* "full", "empty", "50%", "50". */
static int parse_burst(const char *text, double *frac)
{
    char buf[16];
    size_t len = strlen(text);
    long long pct;

    if (strcmp(text, "full") == 0) {
        *frac = 1.0;
        return 0;
    }
    if (strcmp(text, "empty") == 0) {
        *frac = 0.0;
        return 0;
    }
    if (len == 0 || len >= sizeof buf)
        return -EINVAL;
    strcpy(buf, text);
    if (buf[len - 1] == '%')
        buf[len - 1] = '\0';
    if (cli_parse_int(buf, 0, 100, &pct) != 0)
        return -EINVAL;
    *frac = (double)pct / 100.0;
    return 0;
}

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
    if (parse_burst(v, &o->burst_credit_frac) == 0)
        return 0;
    snprintf(why, n, "not a burst credit level; use full, empty or a "
             "percentage 0..100 (\"50%%\" or \"50\")");
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

    if (cli_parse_disk_list(v, o->counts, SIM_MAX_SWEEP, &o->n_counts, inner,
                            sizeof inner) != 0) {
        snprintf(why, n, "%s; use counts 1..%d as \"1-16\", \"1,2,4,8,16\" "
                 "or \"2-8,12\", at most %d of them", inner, LAY_MAX_DISKS,
                 SIM_MAX_SWEEP);
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

    if (parse_size_in(v, 0, LAY_MIN_AU_BYTES, LAY_MAX_AU_BYTES, &b) != 0 ||
        !is_pow2(b)) {
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

    if (parse_size_in(v, 0, 4 * KIB, LAY_MAX_AU_BYTES, &b) != 0 ||
        !is_pow2(b)) {
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

    if (cli_parse_int(v, 1, LAY_MAX_DISKS, &g) != 0) {
        snprintf(why, n, "not a failure group count; use an integer 1..%d "
                 "(default: one per disk)", LAY_MAX_DISKS);
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

    if (parse_size_in(v, 4 * KIB, 4 * KIB, 64 * MIB, &b) != 0) {
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
    if (strcmp(v, "rand") == 0)
        o->large_type = WL_LARGE_RAND;
    else if (strcmp(v, "seq") == 0)
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

static int opt_duration(struct cli_opts *o, const char *v, char *why,
                        size_t n)
{
    sim_ns t;

    if (strcmp(v, "auto") == 0) {
        o->auto_duration = true;
        o->duration_ns = CLI_AUTO_CAP_NS;
        return 0;
    }
    if (cli_parse_time_ns(v, &t) != 0 || t < SIM_NS_PER_MS) {
        snprintf(why, n, "not a duration; use auto or a time from 1ms to 24h "
                 "(90, 90s, 500ms, 2m, 1h)");
        return -EINVAL;
    }
    o->auto_duration = false;
    o->duration_ns = t;
    return 0;
}

static int opt_warmup(struct cli_opts *o, const char *v, char *why, size_t n)
{
    sim_ns t;

    if (strcmp(v, "auto") == 0) {
        o->warmup_ns = SIM_WARMUP_AUTO;
        return 0;
    }
    if (cli_parse_time_ns(v, &t) != 0) {
        snprintf(why, n, "not a warm-up time; use auto or a time from 0 to "
                 "24h (0, 5s, 500ms, 2m)");
        return -EINVAL;
    }
    o->warmup_ns = t;
    return 0;
}

static int opt_seed(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (parse_u64(v, &o->seed) != 0) {
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
    char *end;
    double x;

    if (strcmp(v, "max") == 0) {
        o->speed = 0;
        return 0;
    }
    errno = 0;
    x = strtod(v, &end);
    if (errno || end == v || *end || !isfinite(x) || x < 0.01 || x > 1e6) {
        snprintf(why, n, "not a speed; use max or a factor from 0.01 to "
                 "1000000 (1 = real time)");
        return -EINVAL;
    }
    o->speed = x;
    return 0;
}

/* ---- real devices ---------------------------------------------------- */

static int add_target(struct cli_opts *o, const char *path, char *why,
                      size_t n)
{
    if (!*path) {
        snprintf(why, n, "empty path; give a file or block device path");
        return -EINVAL;
    }
    if (o->n_targets >= LAY_MAX_DISKS) {
        snprintf(why, n, "more than %d targets; give at most %d",
                 LAY_MAX_DISKS, LAY_MAX_DISKS);
        return -EINVAL;
    }
    o->targets[o->n_targets++] = path;
    return 0;
}

int cli_read_lun_file(struct cli_opts *o, const char *path, char *why,
                      size_t why_len)
{
    char line[4096 + 2];
    FILE *f = fopen(path, "r");
    int lineno = 0, before = o->n_targets;

    if (!f) {
        int e = errno;
        snprintf(why, why_len, "cannot read it (%s); list the devices or "
                 "files, one path per line", strerror(e));
        return -e;
    }
    while (fgets(line, sizeof line, f)) {
        size_t len = strlen(line);
        lineno++;
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            fclose(f);
            snprintf(why, why_len, "line %d: path longer than 4096 bytes",
                     lineno);
            return -EINVAL;
        }
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r' ||
                       line[len - 1] == ' ' || line[len - 1] == '\t'))
            line[--len] = '\0';
        char *p = line + strspn(line, " \t");
        len = strlen(p);
        if (!len || *p == '#')
            continue;
        if (o->target_store_used + len + 1 > sizeof o->target_store) {
            fclose(f);
            snprintf(why, why_len, "more than %zu bytes of paths; list fewer "
                     "targets", sizeof o->target_store);
            return -EINVAL;
        }
        char *dst = o->target_store + o->target_store_used;
        memcpy(dst, p, len + 1);
        o->target_store_used += len + 1;
        int rc = add_target(o, dst, why, why_len);
        if (rc) {
            fclose(f);
            return rc;
        }
    }
    fclose(f);
    if (o->n_targets == before) {
        snprintf(why, why_len, "lists no targets; give one file or device "
                 "path per line");
        return -EINVAL;
    }
    return 0;
}

static int opt_target(struct cli_opts *o, const char *v, char *why, size_t n)
{
    return add_target(o, v, why, n);
}

static int opt_lun_file(struct cli_opts *o, const char *v, char *why, size_t n)
{
    o->lun_file = v;
    return cli_read_lun_file(o, v, why, n);
}

static int opt_engine(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (strcmp(v, "model") == 0)
        o->engine = CLI_ENGINE_MODEL;
    else if (strcmp(v, "aio") == 0)
        o->engine = CLI_ENGINE_AIO;
    else if (strcmp(v, "null") == 0)
        o->engine = CLI_ENGINE_NULL;
    else {
        snprintf(why, n, "unknown engine; use model, aio or null");
        return -EINVAL;
    }
    return 0;
}

static int opt_create(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (parse_size_in(v, 4 * KIB, 1 * MIB, 1ull << 50, &o->create_bytes) != 0) {
        snprintf(why, n, "not a file size; use a multiple of 4KiB from 1MiB "
                 "(4GiB, 512MiB)");
        return -EINVAL;
    }
    return 0;
}

static int opt_size_limit(struct cli_opts *o, const char *v, char *why,
                          size_t n)
{
    if (parse_size_in(v, 0, 1 * MIB, UINT64_MAX, &o->size_limit_bytes) != 0) {
        snprintf(why, n, "not a size; use 1MiB or more (10GiB, 500MiB)");
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

static int opt_threads(struct cli_opts *o, const char *v, char *why, size_t n)
{
    long long t;

    if (cli_parse_int(v, 1, 1024, &t) != 0) {
        snprintf(why, n, "not a worker count; use an integer 1..1024");
        return -EINVAL;
    }
    o->threads = (int)t;
    return 0;
}

static const struct opt_def opt_defs[] = {
    { "instance", required_argument, FOR_ALL, opt_instance },
    { "volume", required_argument, FOR_ALL, opt_volume },
    { "burst-credits", required_argument, FOR_ALL, opt_burst },
    { "disks", required_argument, FOR_RUN, opt_disks },
    { "volumes", required_argument, FOR_SWEEP, opt_volumes },
    { "layout", required_argument, FOR_RUN | FOR_SWEEP, opt_layout },
    { "au", required_argument, FOR_RUN | FOR_SWEEP, opt_au },
    { "stripe", required_argument, FOR_RUN | FOR_SWEEP, opt_stripe },
    { "redundancy", required_argument, FOR_RUN | FOR_SWEEP, opt_redundancy },
    { "failgroups", required_argument, FOR_RUN | FOR_SWEEP, opt_failgroups },
    { "layout-file", required_argument, FOR_RUN | FOR_SWEEP, opt_layout_file },
    { "run", required_argument, FOR_RUN | FOR_SWEEP, opt_run },
    { "matrix", required_argument, FOR_RUN | FOR_SWEEP, opt_matrix },
    { "num-small", required_argument, FOR_RUN | FOR_SWEEP, opt_num_small },
    { "num-large", required_argument, FOR_RUN | FOR_SWEEP, opt_num_large },
    { "size-small", required_argument, FOR_RUN | FOR_SWEEP, opt_size_small },
    { "size-large", required_argument, FOR_RUN | FOR_SWEEP, opt_size_large },
    { "type", required_argument, FOR_RUN | FOR_SWEEP, opt_type },
    { "stream-io", required_argument, FOR_RUN | FOR_SWEEP, opt_stream_io },
    { "write", required_argument, FOR_RUN | FOR_SWEEP, opt_write },
    { "duration", required_argument, FOR_RUN | FOR_SWEEP, opt_duration },
    { "warmup", required_argument, FOR_RUN | FOR_SWEEP, opt_warmup },
    { "seed", required_argument, FOR_ALL, opt_seed },
    { "testname", required_argument, FOR_RUN | FOR_SWEEP, opt_testname },
    { "output-dir", required_argument, FOR_ALL, opt_output_dir },
    { "json", required_argument, FOR_ALL, opt_json },
    { "quiet", no_argument, FOR_ALL, opt_quiet },
    { "verbose", no_argument, FOR_RUN | FOR_SWEEP, opt_verbose },
    { "tui", no_argument, FOR_RUN | FOR_SWEEP, opt_tui },
    { "progress", no_argument, FOR_RUN | FOR_SWEEP, opt_progress },
    { "speed", required_argument, FOR_RUN | FOR_SWEEP, opt_speed },
    { "target", required_argument, FOR_RUN | FOR_SWEEP, opt_target },
    { "lun-file", required_argument, FOR_RUN | FOR_SWEEP, opt_lun_file },
    { "engine", required_argument, FOR_ALL, opt_engine },
    { "create", required_argument, FOR_RUN | FOR_SWEEP, opt_create },
    { "destroy-data", no_argument, FOR_ALL, opt_destroy_data },
    { "ignore-signatures", no_argument, FOR_ALL, opt_ignore_signatures },
    { "size-limit", required_argument, FOR_ALL, opt_size_limit },
    { "threads", required_argument, FOR_ALL, opt_threads },
};
#define N_OPTS ((int)(sizeof opt_defs / sizeof opt_defs[0]))
#define OPT_HELP 1000

static const char *cmd_name(enum cli_cmd c)
{
    return c == CLI_SWEEP ? "sweep" : c == CLI_ORION ? "orion" : "run";
}

static int apply(struct cli_opts *o, const struct opt_def *d, const char *v,
                 char *why, size_t why_len)
{
    char inner[400];

    if (d->fn(o, v, inner, sizeof inner) == 0)
        return 0;
    snprintf(why, why_len, "--%s %s: %s", d->name, v, inner);
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

int cli_opts_set(struct cli_opts *o, const char *name, const char *value,
                 char *why, size_t why_len)
{
    for (int i = 0; i < N_OPTS; i++) {
        const struct opt_def *d = &opt_defs[i];
        if (strcmp(d->name, name) != 0 || !(d->cmds & (1u << o->cmd)))
            continue;
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
    o->small_bytes = 8 * KIB;
    o->large_bytes = cmd == CLI_ORION ? 1024 * KIB : 128 * KIB;
    o->large_type = WL_LARGE_RAND;
    o->stream_io = 4;
    o->write_pct = 0;
    o->duration_ns = 60 * SIM_NS_PER_S;
    o->warmup_ns = SIM_WARMUP_AUTO;
    o->seed = 1;
    o->speed = -1;                  /* not given */
    o->testname = cmd == CLI_ORION ? "orion" : "asmsim";
    o->output_dir = cmd == CLI_ORION ? "." : NULL;
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
    while ((c = getopt_long(argc, argv, "+:h", longs, NULL)) != -1) {
        if (c == 'h' || c == OPT_HELP)
            return CLI_HELP;
        if (c == '?' || c == ':') {
            const char *arg = argv[optind - 1];
            o->usage_error = true;
            snprintf(why, why_len, "%s: %s. Try 'asmsim %s --help'.", arg,
                     c == ':' ? "missing value" : "unknown option", cmd);
            return -EINVAL;
        }
        int rc = apply(o, &opt_defs[c], optarg, why, why_len);
        if (rc)
            return rc;
    }
    if (optind < argc) {
        o->usage_error = true;
        snprintf(why, why_len, "%s: unexpected argument; 'asmsim %s' takes "
                 "options only. Try 'asmsim %s --help'.", argv[optind], cmd,
                 cmd);
        return -EINVAL;
    }
    return 0;
}

/* ---- resolving and checking --------------------------------------------- */

/* Take from the layout file every setting the command line did not give. */
static int apply_layout_file(struct cli_opts *o, char *why, size_t why_len)
{
    struct lay_cfg f;
    char inner[300];
    int file_disks = 0;

    lay_cfg_defaults(&f, 1, 1ull << 30);
    if (lay_file_load(o->layout_file, &f, o->failgroup_map, &file_disks,
                      inner, sizeof inner) != 0) {
        /* the loader's reason already starts with the file name */
        snprintf(why, why_len, "--layout-file %s", inner);
        return -EINVAL;
    }
    if (!(o->given & CLI_GIVEN_LAYOUT))
        o->striping = f.striping;
    if (!(o->given & CLI_GIVEN_AU))
        o->au_bytes = f.au_bytes;
    if (!(o->given & CLI_GIVEN_STRIPE))
        o->stripe_bytes = f.stripe_bytes;
    if (!(o->given & CLI_GIVEN_REDUNDANCY))
        o->redundancy = f.redundancy;
    if (!(o->given & CLI_GIVEN_FAILGROUPS))
        o->failgroups = f.failgroups;
    if (!(o->given & CLI_GIVEN_DISKS) && file_disks > 0)
        o->disks = file_disks;
    /* a map of disks to groups holds only for the disk count it lists and
       yields to an explicit --failgroups */
    o->failgroup_map_disks = f.disk_failgroup &&
        !(o->given & CLI_GIVEN_FAILGROUPS) ? file_disks : 0;
    return 0;
}

static int resolve_profiles(struct cli_opts *o, char *why, size_t why_len)
{
    char inner[300];

    if (prof_volume_parse(o->volume_spec, &o->volume, inner,
                          sizeof inner) != 0) {
        snprintf(why, why_len, "--volume %s: %s", o->volume_spec, inner);
        return -EINVAL;
    }
    if (prof_instance_find(o->instance_name, &o->instance, inner,
                           sizeof inner) != 0) {
        snprintf(why, why_len, "--instance %s: %s", o->instance_name, inner);
        return -EINVAL;
    }
    return 0;
}

/* --matrix implies --run advanced; with another --run it is an error. */
static int resolve_run(struct cli_opts *o, char *why, size_t why_len)
{
    bool orion = o->cmd == CLI_ORION;

    if (!(o->given & CLI_GIVEN_MATRIX))
        return 0;
    if (!(o->given & CLI_GIVEN_RUN)) {
        o->run = WL_RUN_ADVANCED;
        return 0;
    }
    if (o->run != WL_RUN_ADVANCED) {
        snprintf(why, why_len, "%s %s: a matrix is chosen only with %s "
                 "advanced; drop %s or use %s advanced",
                 orion ? "-matrix" : "--matrix", wl_matrix_name(o->matrix),
                 orion ? "-run" : "--run", orion ? "-matrix" : "--matrix",
                 orion ? "-run" : "--run");
        return -EINVAL;
    }
    return 0;
}

void cli_opts_to_cfg(const struct cli_opts *o, int disks,
                     struct sim_run_cfg *cfg)
{
    uint64_t disk_bytes = o->volume.size_bytes;

    sim_run_cfg_defaults(cfg);
    cfg->disks = disks;

    lay_cfg_defaults(&cfg->layout, disks, disk_bytes);
    cfg->layout.striping = o->striping;
    cfg->layout.au_bytes = o->au_bytes;
    cfg->layout.stripe_bytes = o->stripe_bytes;
    cfg->layout.redundancy = o->redundancy;
    cfg->layout.failgroups = o->failgroups;
    cfg->layout.disk_failgroup =
        o->failgroup_map_disks == disks ? o->failgroup_map : NULL;

    wl_cfg_defaults(&cfg->workload, disk_bytes);
    cfg->workload.small_bytes = o->small_bytes;
    cfg->workload.large_bytes = o->large_bytes;
    cfg->workload.large_type = o->large_type;
    cfg->workload.write_pct = o->write_pct;
    cfg->workload.seed = o->seed;

    wl_matrix_cfg_defaults(&cfg->matrix, disks);
    cfg->matrix.run = o->run;
    cfg->matrix.matrix = o->matrix;
    cfg->matrix.num_small = o->num_small;
    cfg->matrix.num_large = o->num_large;

    cfg->point.duration_ns = o->duration_ns;
    cfg->point.auto_duration = o->auto_duration;
    cfg->point.ci_target = 0.01;
    cfg->point.warmup_ns = o->warmup_ns;
    cfg->point.warmup_bytes = o->warmup_bytes;
    cfg->point.stream_io = o->stream_io;
    cfg->point.stop = NULL;

    cfg->backend = o->engine == CLI_ENGINE_AIO ? &dev_aio_ops :
                   o->engine == CLI_ENGINE_NULL ? &dev_null_ops :
                   &dev_model_ops;
    if (o->engine == CLI_ENGINE_AIO) {
        cfg->targets = o->targets;      /* the first `disks` of them */
        cfg->destroy_data = o->destroy_data;
        cfg->ignore_signatures = o->ignore_signatures;
        cfg->create_bytes = o->create_bytes;
        cfg->threads = o->threads;
    }
    cfg->volume = o->volume;
    cfg->instance = o->instance;
    cfg->burst_credit_frac = o->burst_credit_frac;
    cfg->seed = o->seed;
}

/* The engine, and for real targets: the disk count they set, the safety
   rules (safety.c) checked before anything is opened for writing, and the
   usable size every target offers, which becomes the disk size. */
static int resolve_targets(struct cli_opts *o, char *why, size_t why_len)
{
    static const char *const names[] = { "auto", "model", "aio", "null" };
    bool orion = o->cmd == CLI_ORION;
    uint64_t least = UINT64_MAX;

    if (o->engine == CLI_ENGINE_AUTO)
        o->engine = o->n_targets > 0 ? CLI_ENGINE_AIO : CLI_ENGINE_MODEL;
    if (o->engine != CLI_ENGINE_AIO) {
        if (o->n_targets > 0) {
            snprintf(why, why_len, "--target %s: only the aio engine drives "
                     "real targets; drop --engine %s", o->targets[0],
                     names[o->engine]);
            return -EINVAL;
        }
        return 0;
    }
    if (o->n_targets == 0) {
        snprintf(why, why_len, "--engine aio: no targets; give --target PATH "
                 "(repeatable) or --lun-file FILE");
        return -EINVAL;
    }
    if (!orion && (o->given & (CLI_GIVEN_INSTANCE | CLI_GIVEN_VOLUME))) {
        snprintf(why, why_len, "--%s: a model option, but real targets are "
                 "measured, not modelled; drop --instance/--volume or the "
                 "targets", o->given & CLI_GIVEN_INSTANCE ? "instance" :
                 "volume");
        return -EINVAL;
    }
    if (o->cmd == CLI_RUN) {
        if ((o->given & CLI_GIVEN_DISKS) && o->disks != o->n_targets) {
            snprintf(why, why_len, "--disks %d: %d target%s given; drop "
                     "--disks, the targets set the disk count", o->disks,
                     o->n_targets, o->n_targets == 1 ? "" : "s");
            return -EINVAL;
        }
        o->disks = o->n_targets;
    } else if (o->cmd == CLI_SWEEP) {
        if (o->counts[o->n_counts - 1] > o->n_targets) {
            snprintf(why, why_len, "--volumes %s: only %d target%s given; use "
                     "disk counts up to %d (the first N targets are used)",
                     o->volumes_text, o->n_targets,
                     o->n_targets == 1 ? "" : "s", o->n_targets);
            return -EINVAL;
        }
    } else if (!(o->given & CLI_GIVEN_DISKS)) {
        o->disks = o->n_targets;        /* orion: -num_disks sets the levels */
    }
    struct safety_policy pol = {
        .write = o->write_pct > 0,
        .destroy_data = o->destroy_data,
        .ignore_signatures = o->ignore_signatures,
        .create_bytes = o->create_bytes,
        .size_limit_bytes = o->size_limit_bytes,
    };
    for (int i = 0; i < o->n_targets; i++) {
        struct safety_target t;
        struct stat si, sj;
        for (int j = 0; j < i; j++)
            if (strcmp(o->targets[i], o->targets[j]) == 0 ||
                (stat(o->targets[i], &si) == 0 && stat(o->targets[j], &sj) == 0
                 && si.st_dev == sj.st_dev && si.st_ino == sj.st_ino)) {
                snprintf(why, why_len, "--target %s: the same target as %s; "
                         "give every target once", o->targets[i],
                         o->targets[j]);
                return -EINVAL;
            }
        if (safety_check(o->targets[i], &pol, &t, why, why_len) != 0)
            return -EINVAL;
        if (t.usable_bytes < least)
            least = t.usable_bytes;
    }
    o->target_usable_bytes = least;
    o->volume.size_bytes = least - least % MIB;     /* the disk size */
    snprintf(o->volume.type, sizeof o->volume.type, "target");
    snprintf(o->volume.spec, sizeof o->volume.spec, "real targets");
    return 0;
}

/* Check the layout, workload and matrix the run will build for `disks`. */
static int check_for_disks(const struct cli_opts *o, int disks, char *why,
                           size_t why_len)
{
    struct sim_run_cfg cfg;
    struct wl_matrix *m = NULL;
    char inner[300];
    char where[96];

    if (o->cmd == CLI_SWEEP)
        snprintf(where, sizeof where, "--volumes %s (at %d disk%s)",
                 o->volumes_text, disks, disks == 1 ? "" : "s");
    else
        snprintf(where, sizeof where, "%s %d", o->cmd == CLI_ORION ?
                 "-num_disks" : "--disks", disks);

    cli_opts_to_cfg(o, disks, &cfg);
    cfg.layout.disks = disks;
    if (lay_cfg_check(&cfg.layout, inner, sizeof inner) != 0) {
        snprintf(why, why_len, "%s: layout %s, %s redundancy: %s", where,
                 lay_striping_name(o->striping),
                 lay_redundancy_name(o->redundancy), inner);
        return -EINVAL;
    }
    if (wl_cfg_check(&cfg.workload, inner, sizeof inner) != 0) {
        snprintf(why, why_len, "%s: workload: %s", where, inner);
        return -EINVAL;
    }
    cfg.matrix.num_disks = disks;
    if (wl_matrix_build(&cfg.matrix, &m, inner, sizeof inner) != 0) {
        snprintf(why, why_len, "%s %s: %s", o->cmd == CLI_ORION ? "-run" :
                 "--run", wl_run_name(o->run), inner);
        return -EINVAL;
    }
    wl_matrix_free(m);
    return 0;
}

int cli_opts_resolve(struct cli_opts *o, struct sim_run_cfg *cfg, char *why,
                     size_t why_len)
{
    int rc;

    if (o->layout_file && (rc = apply_layout_file(o, why, why_len)) != 0)
        return rc;
    if ((rc = resolve_run(o, why, why_len)) != 0)
        return rc;
    if ((rc = resolve_profiles(o, why, why_len)) != 0)
        return rc;
    if ((rc = resolve_targets(o, why, why_len)) != 0)
        return rc;
    if (o->cmd == CLI_SWEEP) {
        for (int i = 0; i < o->n_counts; i++)
            if ((rc = check_for_disks(o, o->counts[i], why, why_len)) != 0)
                return rc;
        cli_opts_to_cfg(o, o->counts[0], cfg);
        cfg->layout.disk_failgroup = NULL;   /* counts differ per run */
        return 0;
    }
    int layout_disks = o->engine == CLI_ENGINE_AIO ? o->n_targets : o->disks;
    if ((rc = check_for_disks(o, layout_disks, why, why_len)) != 0)
        return rc;
    cli_opts_to_cfg(o, layout_disks, cfg);
    if (layout_disks != o->disks)
        cfg->matrix_disks = o->disks;   /* orion: -num_disks sets the levels */
    return 0;
}

/* A writable directory, or a path whose nearest existing ancestor is one
   (so that it can be created). */
static int check_dir(const char *flag, const char *dir, bool may_create,
                     char *why, size_t why_len)
{
    char path[4096];
    struct stat st;

    if (strlen(dir) >= sizeof path) {
        snprintf(why, why_len, "%s %.64s...: path too long; use a path under "
                 "%zu bytes", flag, dir, sizeof path);
        return -EINVAL;
    }
    strcpy(path, dir);
    for (;;) {
        if (stat(path, &st) == 0) {
            if (!S_ISDIR(st.st_mode)) {
                snprintf(why, why_len, "%s %s: %s is not a directory; give a "
                         "directory that exists or can be created", flag, dir,
                         path);
                return -EINVAL;
            }
            if (access(path, W_OK | X_OK) != 0) {
                snprintf(why, why_len, "%s %s: %s is not writable; give a "
                         "directory you can write to", flag, dir, path);
                return -EACCES;
            }
            return 0;
        }
        if ((errno != ENOENT && errno != ENOTDIR) || !may_create) {
            snprintf(why, why_len, "%s %s: %s: %s; give an existing, writable "
                     "directory", flag, dir, path, strerror(errno));
            return -EINVAL;
        }
        char *slash = strrchr(path, '/');
        while (slash && slash > path && slash[1] == '\0') {
            *slash = '\0';                  /* trailing slashes */
            slash = strrchr(path, '/');
        }
        if (!slash)
            strcpy(path, ".");
        else if (slash == path)
            strcpy(path, "/");
        else
            *slash = '\0';
    }
}

int cli_check_outputs(const struct cli_opts *o, char *why, size_t why_len)
{
    int rc;

    if (o->output_dir &&
        (rc = check_dir(o->cmd == CLI_ORION && !(o->given &
                        CLI_GIVEN_OUTPUT_DIR) ? "(current directory)" :
                        "--output-dir", o->output_dir, true, why, why_len)))
        return rc;
    if (o->json_path && strcmp(o->json_path, "-") != 0) {
        char dir[4096];
        struct stat st;
        const char *slash = strrchr(o->json_path, '/');

        if (stat(o->json_path, &st) == 0 && S_ISDIR(st.st_mode)) {
            snprintf(why, why_len, "--json %s: is a directory; give a file "
                     "path or - for stdout", o->json_path);
            return -EINVAL;
        }
        if (!slash)
            strcpy(dir, ".");
        else if (slash == o->json_path)
            strcpy(dir, "/");
        else
            snprintf(dir, sizeof dir, "%.*s", (int)(slash - o->json_path),
                     o->json_path);
        if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
            snprintf(why, why_len, "--json %s: directory %s does not exist; "
                     "give a file in an existing directory or - for stdout",
                     o->json_path, dir);
            return -EINVAL;
        }
        if (access(dir, W_OK | X_OK) != 0) {
            snprintf(why, why_len, "--json %s: directory %s is not writable; "
                     "give a file in a writable directory or - for stdout",
                     o->json_path, dir);
            return -EACCES;
        }
    }
    return 0;
}
