/*
 * cli.h - the `asmsim` command line: options of run / sweep / orion, their
 * validation, the struct sim_setup they resolve to, and the subcommands.
 *
 * Parsing is split from executing so that the TUI can reuse it: fill a
 * struct cli_opts (cli_opts_parse for the GNU-style run/sweep options,
 * cli_orion_parse for ORION's own flags), then cli_opts_resolve() turns it
 * into a validated struct sim_setup, and cli_check_outputs() checks that
 * every output path can be written.  Nothing runs and nothing is written
 * until all of that has succeeded.
 *
 * Error strings (why) are one line, "<flag> <value>: <what is wrong>;
 * <what is valid>", ready to be printed after "asmsim: ".  When the error is
 * a usage error (unknown option, missing argument, stray argument) the
 * string already ends with "Try 'asmsim <cmd> --help'." and
 * cli_opts.usage_error is set.
 *
 * Where each part lives: cli_values.c (value parsers, cli_values.h),
 * cli_options.c (the option table, defaults, cli_opts_parse/set; the
 * row's form in cli_option_table.h),
 * cli_suggest.c (the hint after "unknown option"), cli_orion.c
 * (cli_orion_parse), cli_targets.c (--target, LUN files),
 * cli_resolve.c (cli_opts_resolve, cli_opts_to_cfg), cli_output_check.c
 * (cli_check_outputs), cli_help.c (help texts), cli_commands.c (run,
 * sweep, orion) with its internal modules cli_job, cli_print,
 * cli_progress and cli_results, cli_profiles.c (profiles) and cli_cost.c
 * (cost, and the cost lines of run and sweep).
 *
 * The cli_cmd_* functions are whole subcommands: argv[0] is the subcommand
 * name, the return value is the process exit status (0 ok, 1 runtime
 * failure, 2 bad usage or input, 130 interrupted: SIGINT, SIGTERM or
 * SIGHUP).  They print; the rest of the core does not.  Whether what they
 * printed on stdout arrived is checked once, when the command returns
 * (tui/main.c): a failed write there is exit status 1.
 */
#ifndef ASMSIM_SIM_CLI_H
#define ASMSIM_SIM_CLI_H

#include "sim/core/stop_flag.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "layouts/layout.h"
#include "sim/aio/dev_aio.h"           /* struct dev_aio_cfg */
#include "sim/aio/safety.h"            /* struct safety_ident */
#include "sim/cli/cli_group.h"         /* struct sim_group_spec */
#include "sim/cli/cli_over.h"          /* struct cli_over */
#include "sim/cli/cli_values.h"        /* the value parsers */
#include "sim/profiles/profiles.h"
#include "sim/profiles/prices.h"
#include "sim/core/run.h"
#include "sim/model/setup.h"
#include "sim/report/report.h"          /* struct report_skip */
#include "workloads/matrix.h"
#include "workloads/workload.h"

#ifndef ASMSIM_VERSION
#define ASMSIM_VERSION "0.1.0"
#endif

#define CLI_HELP 1                  /* cli_*_parse: --help was asked for */
#define CLI_COMMANDS "run, sweep, orion, forecast, advise, awr, profiles, " \
                     "cost, report or tui"    /* for messages that list them */
#define CLI_TESTNAME_MAX 64
/* ORION's cache warming when -cache_size is not given: "fill up cache
   for 2 minutes before each data point" (10.2's help, H10 in
   ../shared/docs/ORION.md), before each large sequential point. */
#define CLI_ORION_CACHE_WARM_NS (120 * SIM_NS_PER_S)
#define CLI_LABEL_MAX 80                /* characters of --label */
#define CLI_MAX_DURATION_NS (24ll * 3600 * SIM_NS_PER_S)
#define CLI_AUTO_CAP_NS (60ll * SIM_NS_PER_S)   /* --duration auto: at most */
#define CLI_ORION_DURATION_NS (60ll * SIM_NS_PER_S)  /* ORION's -duration */

enum cli_cmd {
    CLI_RUN = 0,
    CLI_SWEEP,
    CLI_ORION,
    CLI_FORECAST,                   /* asmsim forecast (cli_forecast.c) */
};

/* --engine: which backend carries the I/O. */
enum cli_engine {
    CLI_ENGINE_AUTO = 0,            /* aio when targets are given, else model */
    CLI_ENGINE_MODEL,
    CLI_ENGINE_AIO,
    CLI_ENGINE_NULL,
};

#define CLI_TARGET_STORE 65536      /* bytes of paths a LUN file may hold */
#define CLI_TARGET_PATH_MAX 4096    /* bytes of one target's path (PATH_MAX) */

/* Bits of cli_opts.given: which settings the user gave explicitly (a
   --layout-file only fills in the others). */
enum {
    CLI_GIVEN_DISKS = 1u << 0,
    CLI_GIVEN_LAYOUT = 1u << 1,
    CLI_GIVEN_AU = 1u << 2,
    CLI_GIVEN_STRIPE = 1u << 3,
    CLI_GIVEN_REDUNDANCY = 1u << 4,
    CLI_GIVEN_FAILGROUPS = 1u << 5,
    CLI_GIVEN_RUN = 1u << 6,
    CLI_GIVEN_MATRIX = 1u << 7,
    CLI_GIVEN_OUTPUT_DIR = 1u << 8,
    CLI_GIVEN_INSTANCE = 1u << 9,
    CLI_GIVEN_VOLUME = 1u << 10,
    CLI_GIVEN_DURATION = 1u << 11,
};

/* The options a command line gave, each at most once (--target is the
   one that repeats, and is not kept): the flag as typed ("--" or "-" and
   its name) and the value ("" for a switch), both kept, not copied. */
#define CLI_SEEN_MAX 96
#define CLI_WARNINGS_MAX 32         /* more than the options that can be unused */
struct cli_seen {
    const char *dash;
    const char *name;
    const char *value;
};

/* What the plan says about a default the command chose (printed with the
   header, cli_print_notes). */
enum cli_duration_from {
    CLI_DURATION_GIVEN = 0,         /* --duration / -duration */
    CLI_DURATION_MODELLED,          /* default auto: modelled or null */
    CLI_DURATION_ORION,             /* default 60 s: real devices, orion */
};

#define CLI_AWR_MAX 32                  /* forecast --awr: reports */

/* Exit status of a run whose --fail lost data (docs/failure.md). */
#define CLI_EXIT_DATA_LOST 3

struct cli_opts {
    enum cli_cmd cmd;
    bool forecast;                          /* resolved as a run for asmsim
                                               forecast (cmd CLI_RUN then):
                                               its schedule sets the rates */
    bool usage_error;               /* the parse error was a usage error */
    unsigned given;                 /* CLI_GIVEN_* */

    /* modelled devices */
    const char *instance_name;      /* "none" */
    const char *volume_spec;        /* "gp3" */
    double burst_credit_frac;       /* 0..1 */
    bool burst_carry;               /* --burst-credits carry[=LEVEL] */

    /* disks */
    int disks;                      /* run, orion */
    const char *volumes_text;       /* sweep: as given, for messages */
    int n_counts;                   /* sweep: ascending unique disk counts */
    int counts[SIM_MAX_SWEEP];
    int count_repeated;             /* sweep: the smallest count --volumes
                                       lists twice, 0 if none (warned) */
    struct cli_over over;           /* sweep --over (cli_over.h); n 0:
                                       a sweep over the counts */
    /* sweep: the counts taken out of counts[] because their disk group
       cannot be built (cli_resolve.c), ascending, each with its reason */
    struct report_skip skipped[SIM_MAX_SWEEP];
    char skip_why[SIM_MAX_SWEEP][CLI_MSG_MAX + 200];
    int n_skipped;

    /* layout */
    const char *layout_file;
    enum lay_striping striping;
    uint64_t au_bytes;
    uint64_t stripe_bytes;
    enum lay_redundancy redundancy;
    int failgroups;                 /* 0 = one per disk */
    int failgroup_map[LAY_MAX_DISKS];
    int failgroup_map_disks;        /* > 0: the layout file mapped disks */

    /* workload */
    enum wl_run run;
    enum wl_matrix_kind matrix;
    int num_small, num_large;       /* -1 = not given */
    int levels;                     /* enum sim_levels; -1 = not given:
                                       extend on modelled volumes, ORION's
                                       elsewhere (cli_resolve.c) */
    uint32_t small_bytes, large_bytes;
    enum wl_large_type large_type;
    int stream_io;
    int write_pct;
    sim_ns duration_ns;             /* fixed; or the cap with auto */
    bool auto_duration;
    sim_ns warmup_ns;               /* SIM_WARMUP_AUTO = auto */
    uint64_t cache_bytes;           /* ORION -cache_size: cache warming
                                       before each large sequential point */
    bool cache_given;               /* -cache_size given (0: no warming);
                                       else ORION's default, for orion
                                       (CLI_ORION_CACHE_WARM_NS) */
    sim_ns interval_ns;             /* --interval: a timeline per point;
                                       0 = none */
    uint64_t seed;
    struct sim_open_load open;      /* --rate-small, --rate-large,
                                       --arrivals, --max-outstanding: a
                                       rate makes the run open loop */
    /* a database workload (cli_workload.c): --workload's classes, and
       --group's disk groups (repeated, in order) */
    /* --fail, --repair-time, --returns, --power, --used (cli_fail.c):
       as given (0 / false until given; cli_fail_to_cfg fills defaults) */
    struct sim_fail_cfg fail;
    const char *workload_name;      /* NULL: ORION's classes */
    struct wl_spec workload;
    int n_groups;
    struct sim_group_spec groups[SIM_MAX_GROUPS];
    struct price_group_bill group_bill;     /* resolved: the groups' bill
                                               (bill is its total) */
    /* --need-iops, --need-mbps, --need-latency (cli_needs.c): as given,
       the class name's length in it, and the target (class resolved) */
    int n_need_texts;
    const char *need_text[SIM_MAX_NEEDS];
    size_t need_len[SIM_MAX_NEEDS];
    struct sim_class_need need_parsed[SIM_MAX_NEEDS];

    /* output (under mpirun rank 0 alone writes: cli_cluster_start clears
       these on the other ranks, and must clear a new one too) */
    const char *testname;
    const char *output_dir;         /* NULL: no files (run/sweep) */
    const char *json_path;          /* NULL, "-" or a file */
    const char *report_path;        /* --report: NULL or a new .html file
                                       (html.h; never replaced) */
    const char *fio_json_path;      /* --fio-json: NULL, "-" or a file */
    const struct report_orion_ver *orion_version;   /* orion -orion_version:
                                       that release's files; NULL asmsim's */
    char orion_args[1024];          /* orion: ORION's own flags as typed,
                                       as ORION echoes them ("-run simple
                                       -num_disks 1"); not -orion_version */
    bool quiet, verbose;

    struct cli_seen seen[CLI_SEEN_MAX];     /* cli_opts_note_once */
    int n_seen;

    /* filled by cli_opts_resolve */
    enum cli_duration_from duration_from;
    char warning[CLI_WARNINGS_MAX][CLI_MSG_MAX];  /* a line each: an option
                                       given that the run does not use, a
                                       count listed twice, ... */
    int n_warnings;
    int warnings_dropped;           /* beyond CLI_WARNINGS_MAX */
    struct vol_profile volume;
    struct inst_profile instance;

    /* real devices (--target, --lun-file, orion's <testname>.lun) */
    enum cli_engine engine;
    int n_targets;
    const char *targets[LAY_MAX_DISKS];     /* into argv or target_store */
    char target_store[CLI_TARGET_STORE];    /* paths read from a LUN file */
    size_t target_store_used;
    struct safety_ident target_ids[LAY_MAX_DISKS];  /* what targets[i]
                                       names (cli_targets.c), identified
                                       once, when it is added */
    const char *lun_file;
    /* the ranks mpirun started (sim/core/cluster.h), NULL alone: "%h"
       and "%r" in --target and --lun-file paths are this rank's host
       and rank, and a run measures with the others (cli_cluster.c) */
    const struct cluster *cluster;
    struct cli_stderr_hold *held_stderr;    /* the ranks' stderr until they
                                               agree (cli_cluster_stderr.h) */
    int nodes;                              /* --nodes: a modelled cluster
                                               of that many instances on
                                               the same volumes (cli_nodes.c);
                                               0 or 1: one */
    uint64_t create_bytes;                  /* --create SIZE; 0 = none */
    int create_unused;                      /* filled: targets --create
                                               leaves as they are (files
                                               asmsim did not make, devices) */
    int create_unused_first;                /* ... the first, an index */
    uint64_t size_limit_bytes;              /* --size-limit; 0 = none */
    bool destroy_data, ignore_signatures;
    int threads;                            /* --threads; 0 = auto */
    bool uring;                             /* --engine uring (engine is
                                               CLI_ENGINE_AIO) */
    bool uring_sqpoll;                      /* --uring-sqpoll */
    int jobs;                               /* sweep --jobs; 0 = the
                                               usable CPUs */
    uint64_t target_usable_bytes;           /* resolve: least usable size */
    int smallest_target;                    /* ... of this target, an index */
    bool size_limit_binds;                  /* ... set by --size-limit */
    struct dev_aio_cfg aio;                 /* resolve: the aio backend's
                                               configuration of the run
                                               (cli_opts_to_cfg) */

    /* live view (run, sweep, tui) */
    bool tui;                               /* --tui: the dashboard */
    bool progress;                          /* --progress: one status line */
    double speed;                           /* --speed: device s per wall s,
                                               0 = max; < 0 not given */

    /* costs (prices.h): --os, --memory, --region; and, filled by
       cli_opts_resolve on modelled volumes, the bill of the instance and
       `disks` volumes (a sweep: its first count); bill.disks 0: none */
    struct price_opts price;
    struct price_bill bill;
    /* forecast (cli_forecast.c) */
    const char *schedule;                   /* --schedule FILE|PRESET */
    int n_awr;                              /* forecast --awr REPORT...: */
    const char *awr[CLI_AWR_MAX];           /*   the reports, as given */
    int repeat_days;                        /* --repeat Nd; 0 = until steady */
    bool exact;                             /* --exact: every I/O simulated */
};

/* A live view of a batch run, supplied by the executable (tui/): watch()
   shows the session until it ends or the user quits and returns 0, or
   -errno when the terminal cannot be used.  The core never links curses. */
struct sim_session;
struct cluster;
struct cli_stderr_hold;
struct cli_ui {
    int (*watch)(void *arg, struct sim_session *s, const struct cli_opts *o);
    void *arg;
    const struct cluster *cluster;  /* the ranks mpirun started (cluster.h);
                                       NULL: this process alone */
    struct cli_stderr_hold *held_stderr;    /* what the ranks say before
                                       they agree to go on, said once
                                       (cli_cluster_stderr.h); NULL alone */
};

/* Read a LUN file (ORION's <testname>.lun: one path per line, taken
   exactly; blank lines and lines starting with # are skipped; CRLF line
   ends are accepted) into o->targets.  The file must be a regular file of
   at most 1 MiB; a NUL byte, a control character, a path that starts or
   ends with a space, or a target that is the same as an earlier one is
   an error naming the line.  0, or -errno with "<path>: ..." in why; on
   error o->targets is as it was. */
int cli_read_lun_file(struct cli_opts *o, const char *path, char *why,
                      size_t why_len);
/* A --target or --lun-file path with "%h" (this rank's host), "%r" (its
   rank) and "%%" expanded into o->target_store; path itself when it has
   no '%'; NULL with why when it does not fit. */
const char *cli_target_expand(struct cli_opts *o, const char *path, char *why,
                              size_t n);

/* Add one target path (kept, not copied: it must outlive *o) to
   o->targets.  0, or -EINVAL with the reason (without the flag) in why:
   an empty path, or more than LAY_MAX_DISKS targets. */
int cli_opts_add_target(struct cli_opts *o, const char *path, char *why,
                        size_t why_len);

/* Defaults of the subcommand (orion: ORION's own defaults). */
void cli_opts_defaults(struct cli_opts *o, enum cli_cmd cmd);

/* Parse run / sweep options (GNU getopt_long; argv[0] is the subcommand).
   0, CLI_HELP, or -EINVAL with why (and usage_error for usage errors). */
int cli_opts_parse(struct cli_opts *o, int argc, char **argv,
                   char *why, size_t why_len);

/* Parse the orion subcommand's ORION flags and model options.
   0, CLI_HELP, or -EINVAL as cli_opts_parse. */
int cli_orion_parse(struct cli_opts *o, int argc, char **argv,
                    char *why, size_t why_len);

/* Record that the valued option dash+name ("--", "volume"; "-",
   "num_disks") was given value; a second one is refused: -EINVAL with
   "--volume given twice (gp3 and io2); <what to do instead>" in why.
   dash and name must be static, value outlive *o.  0 otherwise. */
int cli_opts_note_once(struct cli_opts *o, const char *dash, const char *name,
                       const char *value, char *why, size_t why_len);

/* The value the command line gave the option dash+name ("" for a
   switch), or NULL when it was not given. */
const char *cli_opts_given_value(const struct cli_opts *o, const char *dash,
                                 const char *name);

/* The hint an unknown option "arg" of cmd gets (arg as typed, next the
   argument after it or NULL): "did you mean --volumes 4? (sweep takes a
   range of disk counts)", "--layout is an option of run and sweep", or
   "" when nothing is close.  Into buf; returns buf. */
char *cli_unknown_option_hint(enum cli_cmd cmd, const char *arg,
                              const char *next, char *buf, size_t len);

/* The sentence "<what>; <hint>." into buf, ready to be followed by
   " Try ...": no '.' after a hint that asks ("unknown option; did you mean
   --volume?"); "<what>." when the hint is empty.  what may be buf.
   Returns buf. */
char *cli_with_hint(const char *what, const char *hint, char *buf,
                    size_t len);

/* The option tables, for hints: the run/sweep option i (its long name,
   and in *cmds the bits 1 << enum cli_cmd of the commands that take it),
   and ORION flag i (its name without the dash, and in *run_option the
   run option that means the same, perhaps in other units, or NULL).
   NULL past the end. */
int cli_option_count(void);
const char *cli_option_at(int i, unsigned *cmds);
int cli_orion_flag_count(void);
const char *cli_orion_flag_at(int i, const char **run_option);

/* Set one model/output option by its long name ("instance", "volume",
   "burst-credits", "seed", "output-dir", "json", "quiet", ...), as both
   parsers do.  value NULL: the option was given bare; a switch is then
   applied, and an option that needs a value changes nothing and returns
   -ENODATA.  A value for a switch ("--destroy-data=no") is a usage error.
   0, or -EINVAL with "--name value: ..." in why; -ENOENT if no such
   option. */
int cli_opts_set(struct cli_opts *o, const char *name, const char *value,
                 char *why, size_t why_len);

/* The bare setter of a run/sweep option by its long name, whatever the
   subcommand: checks value and stores it, as --name does.  0, or -EINVAL
   with only the reason ("not a disk count; use ...") in why; -ENOENT if
   no such option.  The orion parser maps ORION's flags that mean the same
   (-testname, -num_disks, -matrix, ...) onto it. */
int cli_opts_set_value(struct cli_opts *o, const char *name,
                       const char *value, char *why, size_t why_len);

/* Apply the layout file, resolve the volume and instance, and build and
   validate the run configuration (for a sweep: against every disk count).
   0 or -EINVAL with why.  cfg->run.point.stop is left NULL. */
int cli_opts_resolve(struct cli_opts *o, struct sim_setup *cfg,
                     char *why, size_t why_len);

/* Resolve the instance and the volume as cli_opts_resolve does (an OCI
   shape without --volume gets oci-balanced; one provider) and, on
   modelled volumes, o->bill for o->disks of them (`asmsim cost`).  0 or
   -EINVAL with why. */
int cli_opts_resolve_bill(struct cli_opts *o, char *why, size_t why_len);

/* Whether the resolved run does I/O of class c: an open loop the classes
   it has a rate for, else every class but the one the run type leaves
   out (oltp has no large I/O, dss no small) and one whose --num-* is 0. */
bool cli_opts_has_class(const struct cli_opts *o, enum wl_class c);

/* How the plan names where the duration came from: " by default on
   modelled volumes", " (ORION's default)" or "" when given. */
const char *cli_duration_note(const struct cli_opts *o);

/* One warning more (printed before the run, kept in the outputs). */
void cli_opts_warn(struct cli_opts *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Build *cfg from already resolved options for `disks` disks (no checks
   beyond what the mapping needs).  cfg->run.layout.disk_failgroup and the
   aio backend's configuration (cfg->backend_cfg: o->aio) point into *o,
   which must outlive cfg. */
void cli_opts_to_cfg(const struct cli_opts *o, int disks,
                     struct sim_setup *cfg);

/* --output-dir can be created or written, --json's directory exists.
   0 or -EINVAL / -EACCES with why. */
int cli_check_outputs(const struct cli_opts *o, char *why, size_t why_len);
/* One output file, named by flag in the messages ("--report", "-o"):
   its directory exists and is writable, the path is no directory, and
   with must_be_new nothing is there yet.  0 or -EINVAL / -EACCES /
   -EEXIST with why. */
int cli_check_output_file(const char *flag, const char *file, bool must_be_new,
                          char *why, size_t why_len);

/* A file a command reads or writes, and the option that names it. */
struct cli_path {
    const char *flag;
    const char *path;               /* NULL or "-": none */
};
/* -EINVAL with why when two of the n_out outputs name one file, or an
   output names one of the n_in inputs (each compared by device and inode;
   an output not there yet by its directory and name); else 0.  Called by
   cli_check_outputs for run, sweep, orion, forecast and advise; report
   and advise --merge call it with their inputs. */
int cli_check_distinct(const struct cli_path *out, int n_out, const struct cli_path *in,
                       int n_in, char *why, size_t why_len);

/* "asmsim run --disks 4 ...": the subcommand's argv (argv[0] is the
   subcommand) after "asmsim", each a shell word (sim_shell_word), for
   summary.txt and the JSON.  malloc'ed; NULL when out of memory. */
char *cli_join_command_line(int argc, char **argv);
/* Append " " and value as a shell word to the malloc'ed command *s of
   *len characters: true, or false when out of memory (*s unchanged). */
bool cli_command_append(char **s, size_t *len, const char *value);

/* The --speed of run/sweep --tui: as given, or on modelled volumes the
   pace (1, 2 or 5 x 10^k device seconds per wall second, at least 1) at
   which the run resolved into *run takes about a minute; 1 elsewhere. */
double cli_tui_speed(const struct cli_opts *o, const struct sim_run_cfg *run);

/* Help texts. */
void cli_usage(FILE *f, enum cli_cmd cmd);
void cli_main_usage(FILE *f);
void cli_profiles_usage(FILE *f);
void cli_cost_usage(FILE *f);

/* Subcommands; argv[0] is the subcommand name; return the exit status.
   `stop` is set by the caller's SIGINT/SIGTERM/SIGHUP handler. */
int cli_cmd_run(int argc, char **argv, sim_stop_flag *stop);
int cli_cmd_sweep(int argc, char **argv, sim_stop_flag *stop);
int cli_cmd_orion(int argc, char **argv, sim_stop_flag *stop);
int cli_cmd_profiles(int argc, char **argv);
int cli_cmd_cost(int argc, char **argv);        /* cli_cost.c */
/* asmsim report RESULTS.json [MORE.json ...] -o FILE.html (cli_report.c) */
int cli_cmd_report(int argc, char **argv);
void cli_report_usage(FILE *f);
/* asmsim forecast (cli_forecast.c) and its help. */
int cli_cmd_forecast(int argc, char **argv, sim_stop_flag *stop);
/* The same with a dashboard: --tui on a terminal plays the forecast on
   it (ui->watch) at --speed before the report is printed. */
int cli_cmd_forecast_ui(int argc, char **argv, sim_stop_flag *stop,
                        const struct cli_ui *ui);
/* --schedule FILE|PRESET (forecast, advise): a preset by name, else a
   schedule CSV file, parsed into *out.  0, or -EINVAL with the one-line
   reason in why ("FILE:LINE: ..." for a bad line). */
struct wl_schedule;
int cli_schedule_load(const char *arg, struct wl_schedule *out, char *why,
                      size_t why_len);
/* asmsim awr REPORT [--json PATH|-] [-o WORKLOAD.json] (cli_awr.c): an AWR
   or Statspack report's I/O by class, and its workload file */
int cli_cmd_awr(int argc, char **argv);
void cli_awr_usage(FILE *f);
/* advise (cli_advise.c): the cheapest configurations meeting targets */
int cli_cmd_advise(int argc, char **argv, sim_stop_flag *stop);
/* ... with mpirun's ranks (ui->cluster, cluster.h; ui NULL alone): the
   search cut over them, rank 0's answer the whole search's
   (cli_cluster.c) */
int cli_cmd_advise_on(int argc, char **argv, sim_stop_flag *stop,
                      const struct cli_ui *ui);
void cli_advise_usage(FILE *f);

/* run / sweep with a live view for --tui (NULL: --tui falls back to
   --progress).  cli_cmd_run(...) is cli_cmd_run_ui(..., NULL). */
int cli_cmd_run_ui(int argc, char **argv, sim_stop_flag *stop,
                   const struct cli_ui *ui);
int cli_cmd_sweep_ui(int argc, char **argv, sim_stop_flag *stop,
                     const struct cli_ui *ui);

#endif
