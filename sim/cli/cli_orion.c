/*
 * cli_orion.c - `asmsim orion`: ORION's own command line.
 *
 * Scripts written for Oracle's ORION call it as
 *     orion -run simple -testname mytest -num_disks 4
 * with single-dash flags, each followed by its value, in any order and with
 * ORION's defaults (-size_large 1024 KiB, -simulate concat, -stripe 1024
 * KiB, -testname orion, -duration 60 s, -num_disks the number of LUNs,
 * or 1 on modelled volumes).  This file accepts
 * exactly those flags (names compared without regard to case, as ORION
 * does for -num_streamIO), ignores -storax X and -hugenotneeded, and maps
 * each onto the same struct cli_opts the run subcommand fills, so one
 * validation and one execution path serve both.  A flag that means what a
 * run option means (-testname, -num_disks, -type, -num_streamIO, -write,
 * -matrix, -num_small, -num_large, -verbose; -run with ORION's wording of
 * the choices) goes through that option's own setter,
 * cli_opts_set_value(); only ORION's units have setters here.
 *
 * The model options that ORION lacks (--instance, --volume, --burst-credits,
 * --seed, --output-dir, --json, --quiet) come with GNU double dashes,
 * "--name value" or "--name=value", and are applied through cli_opts_set()
 * so they read and fail exactly as they do for `asmsim run`.
 *
 * Each flag that takes a value is given once (ORION's names without
 * regard to case: -num_disks and -NUM_DISKS are one flag); -storax, which
 * is ignored, may repeat.  An unknown flag gets a hint
 * (cli_unknown_option_hint): the nearest ORION flag, or the run option's
 * ORION spelling.
 *
 * Units are ORION's: sizes in KiB, -cache_size in MiB, -duration in whole
 * seconds.  -cache_size is ORION's cache warming (10.2's help, H10 in
 * ../shared/docs/ORION.md): unmeasured random I/O before each large
 * sequential point until that many MiB are done, 0 none, not given two
 * minutes of it (CLI_ORION_CACHE_WARM_NS); the engine does it
 * (sim_point_opts.cache_warm_*).  Errors use the common one-line form "<flag> <value>: <what is
 * wrong>; <what is valid>".
 *
 * ORION's flags are this file's block of rows of the option table
 * (cli_option_table.h: cli_orion_rows): each row is the ORION spelling,
 * mapped onto the run row that means the same (`same`, no setter here) or
 * with ORION's units (`fn`, `same` the run option it is like), and its
 * line of `asmsim orion --help`.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "sim/cli/cli.h"
#include "sim/cli/cli_option_table.h"

/* Apply flag f with value v: 0, or -EINVAL with the bare reason. */
static int flag_apply(const struct cli_opt_row *f, struct cli_opts *o,
                      const char *v, char *why, size_t n)
{
    if (f->fn)
        return f->fn(o, v, why, n);
    if (f->same)
        return cli_opts_set_value(o, f->same, v, why, n);
    return 0;
}

static int int_in(const char *v, long long min, long long max, int *out)
{
    long long x;

    if (cli_parse_int(v, min, max, &x) != 0)
        return -EINVAL;
    *out = (int)x;
    return 0;
}

/* -run: the run option's setter, with the types in ORION's order. */
static int f_run(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (cli_opts_set_value(o, "run", v, why, n) == 0)
        return 0;
    snprintf(why, n, "unknown run type; use simple, normal, advanced, oltp "
             "or dss");
    return -EINVAL;
}

static int size_kib(const char *v, uint32_t *bytes, char *why, size_t n)
{
    int kib;

    if (int_in(v, 4, 65536, &kib) != 0 || kib % 4) {
        snprintf(why, n, "not an I/O size in KiB; use a multiple of 4 from 4 "
                 "to 65536");
        return -EINVAL;
    }
    *bytes = (uint32_t)kib * 1024u;
    return 0;
}

static int f_size_small(struct cli_opts *o, const char *v, char *why, size_t n)
{
    return size_kib(v, &o->small_bytes, why, n);
}

static int f_size_large(struct cli_opts *o, const char *v, char *why, size_t n)
{
    return size_kib(v, &o->large_bytes, why, n);
}

static int f_simulate(struct cli_opts *o, const char *v, char *why, size_t n)
{
    if (strcmp(v, "concat") == 0)
        o->striping = LAY_CONCAT;
    else if (strcmp(v, "raid0") == 0)
        o->striping = LAY_RAID0;
    else {
        snprintf(why, n, "unknown volume simulation; use concat or raid0");
        return -EINVAL;
    }
    o->given |= CLI_GIVEN_LAYOUT;
    return 0;
}

static int f_stripe(struct cli_opts *o, const char *v, char *why, size_t n)
{
    int kib;

    if (int_in(v, 1, 1 << 20, &kib) != 0 ||
        !lay_stripe_ok((uint64_t)kib * 1024u)) {
        snprintf(why, n, "not a stripe size in KiB; use a power of two from "
                 "4 to 65536");
        return -EINVAL;
    }
    o->stripe_bytes = (uint64_t)kib * 1024u;
    o->given |= CLI_GIVEN_STRIPE;
    return 0;
}

static int f_cache_size(struct cli_opts *o, const char *v, char *why, size_t n)
{
    int mib;

    if (int_in(v, 0, 1 << 20, &mib) != 0) {
        snprintf(why, n, "not a cache size in MiB; use an integer 0..%d",
                 1 << 20);
        return -EINVAL;
    }
    o->cache_bytes = (uint64_t)mib << 20;
    o->cache_given = true;
    return 0;
}

static int f_duration(struct cli_opts *o, const char *v, char *why, size_t n)
{
    int s;

    if (int_in(v, 1, 86400, &s) != 0) {
        snprintf(why, n, "not a duration in seconds; use an integer "
                 "1..86400");
        return -EINVAL;
    }
    o->duration_ns = (sim_ns)s * SIM_NS_PER_S;
    o->auto_duration = false;
    o->given |= CLI_GIVEN_DURATION;
    return 0;
}

/* -orion_version: the release whose files and console to write. */
static int f_orion_version(struct cli_opts *o, const char *v, char *why, size_t n)
{
    char names[64];

    o->orion_version = report_orion_version(v);
    if (o->orion_version)
        return 0;
    report_orion_version_names(names, sizeof names);
    snprintf(why, n, "unknown ORION version; use %s", names);
    return -EINVAL;
}

/* -orion_version's help: the releases are the table's (report_orion_version.c). */
static void orion_version_help(char *buf, size_t len)
{
    char names[64];

    report_orion_version_names(names, sizeof names);
    snprintf(buf, len, "%s: that release's files and\n"
             "console, line for line, asmsim's own lines in\n"
             "_trace.txt; default asmsim's set (19c's words, its\n"
             "own lines among them)", names);
}

static const struct cli_opt_row orion_flags[] = {
    { .name = "run", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = f_run, .same = "run",
      .help = { { CLI_FOR_ORION, "R",
                  "simple, normal, advanced, oltp or dss (required)" } } },
    { .name = "testname", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = NULL, .same = "testname",
      .help = { { CLI_FOR_ORION, "T",
                  "[A-Za-z0-9._-]+; default {} (reads T.lun)" } } },
    { .name = "num_disks", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = NULL, .same = "disks",
      .help = { { CLI_FOR_ORION, "N",
                  "1..1024: the modelled volumes, or with a .lun the disk\n"
                  "count ORION's levels are made for; default the number\n"
                  "of LUNs in <testname>.lun (1 on modelled volumes)" } } },
    { .name = "size_small", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = f_size_small, .same = "size-small",
      .help = { { CLI_FOR_ORION, "K",
                  "small I/O in KiB, multiple of 4; default 8" } } },
    { .name = "size_large", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = f_size_large, .same = "size-large",
      .help = { { CLI_FOR_ORION, "K",
                  "large I/O in KiB, multiple of 4; default 1024" } } },
    { .name = "type", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = NULL, .same = "type",
      .help = { { CLI_FOR_ORION, "T",
                  "large I/O rand or seq; default {}" } } },
    { .name = "num_streamIO", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = NULL, .same = "stream-io",
      .help = { { CLI_FOR_ORION, "N",
                  "seq: outstanding I/Os per stream, 1..1024; default {}" } } },
    { .name = "simulate", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = f_simulate, .same = "layout",
      .help = { { CLI_FOR_ORION, "S",
                  "concat or raid0; default concat" } } },
    { .name = "stripe", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = f_stripe, .same = "stripe",
      .help = { { CLI_FOR_ORION, "K",
                  "raid0 stripe in KiB, power of two; default 1024" } } },
    { .name = "write", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = NULL, .same = "write",
      .help = { { CLI_FOR_ORION, "P",
                  "percent writes 0..100; default {}" } } },
    { .name = "cache_size", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = f_cache_size, .same = "warmup",
      .help = { { CLI_FOR_ORION, "M",
                  "array cache in MiB: before each large sequential point,\n"
                  "M MiB of unmeasured random I/O (reads, or writes as\n"
                  "the point's) to fill it; 0: none; default 2 minutes\n"
                  "of it" } } },
    { .name = "duration", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = f_duration, .same = "duration",
      .help = { { CLI_FOR_ORION, "S",
                  "seconds per point, 1..86400; default 60" } } },
    { .name = "matrix", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = NULL, .same = "matrix",
      .help = { { CLI_FOR_ORION, "M",
                  "basic, detailed, point, col, row or max (-run advanced)" } } },
    { .name = "num_small", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = NULL, .same = "num-small",
      .help = { { CLI_FOR_ORION, "N",
                  "small load for point/col, else the top small level" } } },
    { .name = "num_large", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = NULL, .same = "num-large",
      .help = { { CLI_FOR_ORION, "N",
                  "large load for point/row, else the top large level" } } },
    { .name = "verbose", .dash = "-", .has_arg = false, .cmds = CLI_FOR_ORION,
      .fn = NULL, .same = "verbose",
      .help = { { CLI_FOR_ORION, NULL,
                  "a per-point table after the summary" } } },
    { .name = "orion_version", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = f_orion_version, .same = NULL,
      .help = { { CLI_FOR_ORION, "V", NULL, orion_version_help } } },
    { .name = "storax", .dash = "-", .has_arg = true, .cmds = CLI_FOR_ORION,
      .fn = NULL, .same = NULL },
    { .name = "hugenotneeded", .dash = "-", .has_arg = false, .cmds = CLI_FOR_ORION,
      .fn = NULL, .same = NULL },
};
#define N_ORION_FLAGS ((int)(sizeof orion_flags / sizeof orion_flags[0]))

const struct cli_opt_block cli_orion_rows = { orion_flags, N_ORION_FLAGS };

int cli_orion_flag_count(void)
{
    return N_ORION_FLAGS;
}

const char *cli_orion_flag_at(int i, const char **run_option)
{
    if (i < 0 || i >= N_ORION_FLAGS)
        return NULL;
    if (run_option)
        *run_option = orion_flags[i].same;
    return orion_flags[i].name;
}

static int usage_error(struct cli_opts *o, char *why, size_t why_len,
                       const char *arg, const char *what)
{
    char q[CLI_QUOTE_BUF];

    size_t n = strlen(what);
    bool ended = n > 0 && (what[n - 1] == '.' || what[n - 1] == '?');

    o->usage_error = true;
    snprintf(why, why_len, "%s: %s%s Try 'asmsim orion --help'.",
             cli_quote(arg, q, sizeof q), what, ended ? "" : ".");
    return -EINVAL;
}

/* "unknown option", with what it was probably meant to be
   (cli_unknown_option_hint); next is the argument after it or NULL. */
static int unknown_option(struct cli_opts *o, char *why, size_t why_len,
                          const char *arg, const char *next)
{
    char hint[160], what[200];

    cli_unknown_option_hint(CLI_ORION, arg, next, hint, sizeof hint);
    return usage_error(o, why, why_len, arg,
                       cli_with_hint("unknown option", hint, what, sizeof what));
}

/* Whether word, after a flag that takes a value, is a flag instead: a
   GNU option (cli_value_is_option) or one of ORION's, "-num_disks" or
   "-hugenotneeded" in any case, "-help" or "-h".  ORION's values never
   start so, and "-" (stdout, --json -) is none of them. */
static bool word_is_flag(const char *word)
{
    if (cli_value_is_option(word))
        return true;
    if (word[0] != '-' || !word[1])
        return false;
    if (strcmp(word, "-h") == 0 || strcasecmp(word + 1, "help") == 0)
        return true;
    size_t len = strcspn(word + 1, "=");
    for (int k = 0; k < N_ORION_FLAGS; k++)
        if (strlen(orion_flags[k].name) == len &&
            strncasecmp(word + 1, orion_flags[k].name, len) == 0)
            return true;
    return false;
}

/* The value of the flag at argv[*i], the next word (consumed), or NULL
   when there is none or it is a flag: the flag was given without it. */
static const char *next_value(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc || word_is_flag(argv[*i + 1]))
        return NULL;
    return argv[++*i];
}

/* "--name value" or "--name=value"; consumes the value.  Returns 0 or
   -EINVAL with why.  Whether an option takes a value is the option
   table's to say (cli_opts_set: -ENODATA for one given bare), so a switch
   given a value ("--destroy-data=no") is refused there, exactly as
   `asmsim run` refuses it. */
static int model_option(struct cli_opts *o, int argc, char **argv, int *i,
                        char *why, size_t why_len)
{
    char name[32];
    const char *arg = argv[*i] + 2;
    const char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
    const char *value = eq ? eq + 1 : NULL;
    int at = *i;
    int rc;

    if (len >= sizeof name)
        return unknown_option(o, why, why_len, argv[*i], NULL);
    memcpy(name, arg, len);
    name[len] = '\0';
    if (eq && strcmp(name, "help") == 0)
        return usage_error(o, why, why_len, argv[*i], "--help takes no "
                           "value; give --help alone");
    rc = cli_opts_set(o, name, value, why, why_len);
    if (rc == -ENODATA) {               /* given bare, needs a value */
        if ((value = next_value(argc, argv, i)) == NULL)
            return usage_error(o, why, why_len, argv[*i], "needs a value");
        rc = cli_opts_set(o, name, value, why, why_len);
    }
    if (rc == -ENOENT)
        return unknown_option(o, why, why_len, argv[at],
                              at + 1 < argc ? argv[at + 1] : NULL);
    return rc;
}

/* ORION's flag (and value) as typed, after those before it: the command
   line a release's summary.txt echoes.  A line past the buffer keeps
   what fits. */
static void note_arg(struct cli_opts *o, const char *flag, const char *value)
{
    size_t len = strlen(o->orion_args);

    snprintf(o->orion_args + len, sizeof o->orion_args - len, "%s%s%s%s", len ? " " : "",
             flag, value ? " " : "", value ? value : "");
}

static int orion_flag(struct cli_opts *o, int argc, char **argv, int *i,
                      char *why, size_t why_len)
{
    const char *arg = argv[*i];
    char inner[300];

    const char *eq = strchr(arg, '=');
    for (int k = 0; k < N_ORION_FLAGS; k++) {
        const struct cli_opt_row *f = &orion_flags[k];
        size_t len = strlen(f->name);
        if (!f->has_arg && eq && (size_t)(eq - arg - 1) == len &&
            strncasecmp(arg + 1, f->name, len) == 0) {
            /* -verbose=no: a switch takes no value, as in run */
            char what[96];
            snprintf(what, sizeof what, "-%s takes no value; give -%s alone "
                     "to turn it on, or leave it out", f->name, f->name);
            return usage_error(o, why, why_len, arg, what);
        }
        if (strcasecmp(arg + 1, f->name) != 0)
            continue;
        if (!f->has_arg) {
            note_arg(o, arg, NULL);
            return flag_apply(f, o, "", why, why_len);
        }
        const char *v = next_value(argc, argv, i);
        if (!v)
            return usage_error(o, why, why_len, arg, "needs a value");
        char q[CLI_QUOTE_BUF];
        bool ignored = !f->fn && !f->same;           /* -storax X */
        if (!ignored &&
            cli_opts_note_once(o, "-", f->name, v, why, why_len) != 0)
            return -EINVAL;
        if (flag_apply(f, o, v, inner, sizeof inner) == 0) {
            if (f->fn != f_orion_version)
                note_arg(o, arg, v);
            return 0;
        }
        snprintf(why, why_len, "-%s %s: %s", f->name,
                 cli_quote(v, q, sizeof q), inner);
        return -EINVAL;
    }
    return unknown_option(o, why, why_len, arg,
                          *i + 1 < argc ? argv[*i + 1] : NULL);
}

int cli_orion_parse(struct cli_opts *o, int argc, char **argv, char *why,
                    size_t why_len)
{
    o->usage_error = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int rc;

        if (strcmp(a, "--help") == 0 || strcmp(a, "-help") == 0 ||
            strcmp(a, "-h") == 0)
            return CLI_HELP;
        if (strncmp(a, "--", 2) == 0 && a[2])
            rc = model_option(o, argc, argv, &i, why, why_len);
        else if (a[0] == '-' && a[1])
            rc = orion_flag(o, argc, argv, &i, why, why_len);
        else
            rc = usage_error(o, why, why_len, a, "unexpected argument; "
                             "ORION takes -flag value pairs");
        if (rc)
            return rc;
    }
    if (!(o->given & CLI_GIVEN_RUN))
        return usage_error(o, why, why_len, "-run", "missing; asmsim orion "
                           "needs -run simple|normal|advanced|oltp|dss");
    return 0;
}
