/*
 * report.h - everything asmsim writes about a run: ORION's files
 * (summary.txt, _mbps.csv, _iops.csv, _lat.csv, _hist.txt), the results
 * JSON, the sweep CSV and the sweep table printed on the terminal.
 *
 * Every figure comes from struct sim_point_result / sim_summary: there is
 * one definition of MBPS, IOPS and latency (stats.h).  Files are written
 * whole or not at all: each goes to a temporary name and is renamed into
 * place when complete; on error nothing partial is left behind.
 */
#ifndef ASMSIM_SIM_REPORT_H
#define ASMSIM_SIM_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "sim/core/run.h"
#include "sim/model/setup.h"         /* the volume, instance and bill shown */
#include "sim/report/report_orion_version.h"

/* A disk count a sweep did not run because its disk group cannot be
   built there (--redundancy normal at 1 disk, more counts than real
   targets, ...): the JSON's config.sweep_skipped, a line of summary.txt,
   the sweep CSV's first line and the sweep table's. */
struct report_skip {
    int disks;
    const char *why;            /* the rule, one line: "--redundancy normal:
                                   needs at least 2 failure groups ..." */
};

/* An option the command line gave that every output names (the option
   table's echoed rows, cli_opts_echo): summary.txt "Label: nightly", the
   JSON's config.options {"label": "nightly"}, the HTML header's row. */
struct report_echo {
    const char *name;           /* the option's name: "label" */
    const char *value;          /* as given */
};
#define REPORT_ECHO_MAX 8

/* A disk lost on the dashboard (asmsim tui's f and P: session_fail.c)
   while the saved window was measured: one phase's window, not a run's
   phases as --fail's (so no repair time, no phases[]).  summary.txt's
   "Failure on the dashboard:" line, the JSON's dashboard_failure
   (docs/fields.md), the command line's comment. */
struct report_live_fail {
    int phase;                  /* enum sim_fail_phase; SIM_PHASE_BEFORE:
                                   no failure (nothing written) */
    char group[WL_NAME_MAX];    /* the first disk group, the one that failed */
    int disk;                   /* its disk lost, from 0 */
    int group_disks;            /* its disks before the failure */
    int power;                  /* the rebalance's (degraded: the one a
                                   drop would use) */
    double used_frac;           /* of the lost disk: the data moved */
    double moved_bytes;         /* what the rebalance copies */
    double done_bytes;          /* copied by the window's end */
    double copy_mbps;           /* the copies' writes in the window,
                                   10^6 B/s; 0 outside the rebalance */
};

struct report_meta {
    const char *testname;       /* "asmsim" unless --testname */
    char stamp[16];             /* yyyymmdd_hhmm of the start (ORION's) */
    char started[32];           /* the same instant in ISO 8601 with the
                                   UTC offset: 2026-12-01T12:05:29+01:00
                                   (report_stamp_now; empty: derived from
                                   stamp, without an offset) */
    const char *command_line;   /* as typed, for summary.txt and JSON */
    const char *version;        /* ASMSIM_VERSION */
    const char *const *luns;    /* device or volume names, one per disk */
    int n_luns;
    /* under mpirun, on rank 0: each rank's targets, '\n' between two, in
       rank order (n_rank_targets ranks); NULL, 0: this process's luns */
    char *const *rank_targets;
    int n_rank_targets;
    const struct report_skip *skipped;  /* a sweep's skipped disk counts, */
    int n_skipped;                      /*   ascending; NULL, 0: none */
    const struct report_echo *echo;     /* options echoed in the outputs, */
    int n_echo;                         /*   NULL, 0: none */
    const struct report_orion_ver *orion;   /* orion -orion_version: that
                                   release's files exactly, asmsim's lines
                                   in _trace.txt; NULL: asmsim's own set
                                   (report_orion_version.h) */
    const char *orion_args;     /* ORION's flags alone, as the release's
                                   summary.txt echoes them; NULL: the
                                   command line after "asmsim <command>" */
    bool cache_size_given;      /* orion -cache_size given: summary.txt
                                   prints its value, "0 MB" (no warming)
                                   too; else the release's "not specified" */
    const struct report_live_fail *live_fail;   /* a dashboard's save in a
                                   failure; NULL: none */
};

enum report_csv {
    REPORT_CSV_MBPS = 0,        /* large MBPS: rows large >= 1, cols small incl. 0 */
    REPORT_CSV_IOPS,            /* small IOPS: rows large incl. 0, cols small >= 1 */
    REPORT_CSV_LAT,             /* small avg latency (us): as IOPS */
};

/* The echoed options as ORION's files word their settings, a line each:
   "Label: nightly" (summary.txt, and orion's banner on the terminal). */
void report_echo_lines(FILE *f, const struct report_meta *meta);

/* Fill meta->stamp and meta->started from the current local time. */
void report_stamp_now(struct report_meta *meta);
/* meta->started, or when it is empty (a meta made by hand) the stamp
   written as ISO 8601 without an offset. */
void report_meta_started(const struct report_meta *meta, char *out, size_t len);

/* ORION's three lines, byte-exact:
     Maximum Large MBPS=1571.33 @ Small=0 and Large=5
     Maximum Small IOPS=58778 @ Small=10 and Large=0
     Minimum Small Latency=97.677 usecs @ Small=2 and Large=0
   A line whose class was not run is left out. */
void report_summary_lines(FILE *f, const struct sim_summary *s);
/* "Cost: $X/month (instance $Y + N volumes $Z; list)"; nothing for
   bill->disks 0 (report_orion.c). */
void report_cost_line(FILE *f, const struct price_bill *b);
/* The region of a bill's prices: "us-east-1" for AWS's list; NULL for
   OCI's (it has no regions) and for what is not priced (real devices). */
const char *report_price_region(const struct price_bill *b);

/* "<prefix>1 (--redundancy normal: needs ...); 17, 18 (at 17: --target:
   ...)", without a newline: counts skipped for one
   rule are one group, with the first one's reason.  false, and nothing
   printed, when the sweep skipped none. */
bool report_skipped_text(FILE *f, const char *prefix, const struct report_meta *meta);
/* The same as a line of its own, "Sweep: skipped disk counts: ...\n"
   (summary.txt, under the sweep table); nothing when none. */
void report_skipped_line(FILE *f, const struct report_meta *meta);
/* How many of the n skips from s[0] on share its rule (the reason up to
   its first ':'), at least 1: one warning line, one group of the line. */
int report_skip_group(const struct report_skip *s, int n);

/* The measured point of run at load (small, large), or NULL. */
const struct sim_point_result *report_find_point(const struct sim_run_result *run,
                                                 int small, int large);

/* The burst remarks after the three lines, one per class whose maximum
   drew on burst credits, e.g.
     Burst: 577.33 MB/s for at most 31 min (instance MB/s burst credits), then 78.97 MB/s sustained @ Small=0 and Large=1
   Nothing when no maximum did. */
void report_burst_lines(FILE *f, const struct sim_summary *s);
/* What every summary prints: the three lines, a line for a class whose
   figures come from points where it is the minority (sim_summary.
   minority), and the burst lines. */
void report_summary_remarks(FILE *f, const struct sim_summary *s);

/* A volume's size ("250 GiB", "1000 GB") and a throughput of it ("125.0
   MiB/s", "480.0 MB/s") in the units its cloud sells it in: GB and MB/s
   for OCI, GiB and MiB/s for EBS (report_util.c). */
void report_fmt_volume_size(const struct vol_profile *v, char *buf, size_t len);
void report_fmt_volume_tput(const struct vol_profile *v, double bytes_per_s,
                            int decimals, char *buf, size_t len);
/* A volume type on the platform whose latency it takes there, as advise
   sets candidates aside by both: "io2", "io2 off Nitro (Xen)" (platform
   "xen"), "x on p"; platform "" for the type on any.  Into buf. */
void report_fmt_type_on_platform(const char *type, const char *platform, char *buf,
                                 size_t len);

/* ---- open loop (report_open.c) ---- */
/* A latency in the unit that reads: "618.5 us" below 10 ms, "41.2 ms"
   below 1 s, "3.18 s" above. */
void report_fmt_latency(double us, char *buf, size_t len);
/* A latency in whole units, as a forecast's phases give it (long waits
   under an unmet demand): 850 -> "850 us", 41000 -> "41 ms", 194e6 ->
   "194 s" (1.0-9.9 ms with one decimal); "-" when not above 0.  Returns
   buf. */
char *report_fmt_latency_whole(double us, char *buf, size_t len);
/* A rate of class c: MB/s with 2 decimals; IOPS whole from 100, with 1
   decimal from 10, with 2 below (0.55 IOPS is not 1). */
void report_fmt_rate(double v, enum wl_class c, char *buf, size_t len);
/* "demand met" when frac shows as 0.0 %, else "demand unmet by 52.6 %". */
void report_fmt_unmet(double frac, char *buf, size_t len);
/* An open-loop point's summary, as the terminal prints it after the run
   and readings.summary keeps it: the demand of each class with a rate
   against what it got, the intervals (--interval), burst, delayed I/O and
   the binding limit. */
void report_open_lines(FILE *f, const struct sim_point_result *p,
                       enum sim_arrivals arrivals);

/* Where a stopped run stopped: "229 of 230 points" (of `planned`), and
   ", 1 more cut short" when a stop cut points' windows short (they hold
   what they measured, and are not counted as done). */
void report_fmt_stopped_points(const struct sim_run_result *r, int planned, char *buf,
                               size_t len);
/* A time span for a reader: "45 s", "31 min", "2.5 h", "3.2 days". */
void report_fmt_duration(double seconds, char *buf, size_t len);
/* How long a burst lasts, b->lasts_s from full: "31 min", or when every
   point starts below full (--burst-credits PCT) the time from that level,
   "15 min from 50 %, 31 min from full". */
void report_fmt_burst_lasts(const struct sim_class_burst *b, char *buf, size_t len);

/* A database workload's figures class by class (report_classes.c): the
   table (a header line, then per class a row and, where it did both
   reads and writes, a row for each), and classes.csv (per disk count,
   class and direction).  The loop as words ("32 outstanding",
   "700/s poisson", "2 x 4 seq") and the class's group ("-" for the run's
   one group). */
void report_classes_table(FILE *f, const struct sim_run_cfg *run,
                          const struct sim_point_result *p);
int report_classes_csv(FILE *f, const struct sim_setup *cfg,
                       const struct sim_run_result *const *runs, int n_runs);
/* A database workload's sweep: per disk count each class's figures, the
   binding limit and the monthly bill (report_sweep_table calls it). */
void report_classes_sweep_table(FILE *f, const struct sim_setup *cfg,
                                const struct sim_sweep_result *sweep);
/* A class's target (run.db.needs) against point p: whether it is met,
   with what the class got in *got (IOPS, MB/s, or us by the statistic);
   a latency target of a class that completed nothing is missed.  The
   statistic's name ("p99.9"); the verdict as a line ("redo p99 latency
   276.5 us <= 1000.0 us: met"); every target of run met at p; the lines
   after a run's table ("Targets: ..."); a sweep's line (the first disk
   count that meets every target, or none; a sweep --over: the values
   whose runs meet them all). */
bool report_need_judge(const struct sim_class_need *need,
                       const struct sim_point_result *p, double *got);
const char *report_lat_stat_name(enum sim_lat_stat s);
void report_need_text(const struct sim_run_cfg *run,
                      const struct sim_class_need *need, double got, bool met,
                      char *buf, size_t len);
bool report_needs_met(const struct sim_run_cfg *run,
                      const struct sim_point_result *p);
void report_needs_lines(FILE *f, const struct sim_run_cfg *run,
                        const struct sim_point_result *p);
void report_needs_sweep_line(FILE *f, const struct sim_setup *cfg,
                             const struct sim_sweep_result *sweep);
/* A run's failure (run->fail, sim/core/rebalance.h; nothing without
   one): what failed, the repair, the space, each phase's figures, the
   time to restore redundancy and the notes (report_fail.c), for the
   terminal and summary.txt; then its disks added (run->add: the phases,
   the data moved, the time to balance, the new disks' share).  A
   sweep's (--over power): a row per run, a table for each. */
void report_fail_lines(FILE *f, const struct sim_run_result *r,
                       const struct sim_run_cfg *cfg);
void report_fail_sweep_table(FILE *f, const struct sim_setup *cfg,
                             const struct sim_sweep_result *sweep);
/* A failure lived on the dashboard, in words (nothing when lf is NULL or
   before any failure): "disk 3 of DATA (8 disks) dropped, rebalancing at
   power 4: 2.9 of 134.2 GB copied (2 %) at 295 MB/s; 7 disks left"; for
   summary.txt's "Failure on the dashboard:" line. */
void report_live_fail_text(const struct report_live_fail *lf, char *buf, size_t len);
/* The shell comment a saved command line ends with in a failure, as no
   option of tui makes one: "  # disk 3 of DATA failed on the dashboard
   ...; run --fail 3@TIME --power 4 measures each phase"; "" without. */
void report_live_fail_comment(const struct report_live_fail *lf, char *buf, size_t len);
/* Whether cfg is a sweep over power of a failure or an add (sweep --over
   power with --fail or --add-disks): its table of classes shows each
   run's rebalancing phase, the one phase the power changes (the run's own
   point, before, is the same at every power). */
bool report_fail_by_power(const struct sim_setup *cfg);
/* That phase's point of run r (the failure's, else the add's), or NULL
   where it was not reached (data lost, no room). */
const struct sim_point_result *report_fail_power_point(const struct sim_run_result *r);
/* summary.txt of a database workload's run or sweep: the command line,
   the echoed options, the classes' groups and the instance, then each
   run's table. */
int report_db_summary(FILE *f, const struct report_meta *meta,
                      const struct sim_setup *cfg,
                      const struct sim_run_result *const *runs, int n_runs);
void report_class_loop_text(const struct sim_run_cfg *run, int c, char *buf,
                            size_t len);
const char *report_class_group(const struct sim_run_cfg *run, int c);
/* The bill of a database workload's several disk groups at `disks` in
   all (the first group has what the others leave: a sweep varies it):
   bill (price_bill_at of cfg->bill, whose one volume price is 0 with
   several groups) gets each group's volumes at their list price, in
   volumes_usd_month, total_usd_month and volume_basis ("DATA 8 x gp3,
   REDO 4 x io2").  Nothing for fewer than two groups. */
void report_db_bill(const struct sim_setup *cfg, int disks, struct price_bill *bill);

/* summary.txt in full: command line, resolved parameters, LUNs, the
   three lines, latency avg/min/max/stddev and percentiles per class. */
int report_orion_summary(FILE *f, const struct report_meta *meta,
                         const struct sim_setup *cfg,
                         const struct sim_run_result *run);
int report_orion_csv(FILE *f, const struct sim_run_result *run,
                     enum report_csv which);
/* The same as release v writes it (NULL: asmsim's set): rows end after
   their last measured cell, 11.1's latency in ms. */
int report_orion_csv_as(FILE *f, const struct sim_run_result *run, enum report_csv which,
                        const struct report_orion_ver *v);
int report_orion_hist(FILE *f, const struct sim_run_result *run);
/* The results as release v prints them in summary.txt (and 12c+ on the
   console): the three lines, 12c+'s Small Read (12.2+: and Write)
   Latency lines under the IOPS and latency lines and the histogram of
   the maximum-IOPS point.  run NULL: the three lines alone. */
void report_orion_results(FILE *f, const struct report_orion_ver *v,
                          const struct sim_summary *s, const struct sim_run_result *run);
/* How many files report_orion_files writes for release v (NULL: asmsim's
   five; 11.x: four and _trace.txt; 12c+: five and _trace.txt). */
int report_orion_file_count(const struct report_orion_ver *v);

/* The closing notes of a run on devices: how many points the generator
   (asmsim's engine thread), not the devices, bounded (`bound` of them), and
   why the run stopped early, if it did.  Printed on the terminal and in
   summary.txt alike. */
void report_run_notes(FILE *f, const struct sim_run_result *run, int bound);

/* ORION's files <dir>/<prefix>_<stamp>_{summary.txt,mbps.csv,
   iops.csv,lat.csv,hist.txt}, as meta->orion's release writes them
   (then _trace.txt too; 11.x: no _hist.txt); prefix is meta->testname.  0 or -errno with
   a reason naming the file. */
int report_orion_files(const char *dir, const char *prefix,
                       const struct report_meta *meta,
                       const struct sim_setup *cfg,
                       const struct sim_run_result *run,
                       char *why, size_t why_len);

/* What fio's JSON is made of: a run, or a sweep's runs, each with its
   configuration (a sweep --over's run i has its own: cfg_at). */
struct report_fio_src {
    const struct report_meta *meta;
    const struct sim_setup *cfg;        /* the run's; a sweep's without cfg_at */
    const struct sim_run_result *run;
    const struct sim_sweep_result *sweep;
    void (*cfg_at)(void *arg, int run, struct sim_setup *out);  /* NULL: cfg */
    void *cfg_arg;
};

/* fio 3.x's JSON (--output-format=json) of a run or a sweep's runs:
   every class that ran at every point, and at every phase of a failure
   or an add, a job with the options fio would run it with
   (report_fio.c).  *text in a buffer the caller frees; 0 or -ENOMEM. */
int report_fio_json_text(const struct report_fio_src *src, char **text);

/* The results JSON: config, summary, points (run), or config and sweep[]
   (sweep; its top-level summary/points are those of the last disk
   count).  path "-" writes to stdout.  0 or -errno with a reason. */
int report_json_write(const char *path, const struct report_meta *meta,
                      const struct sim_setup *cfg,
                      const struct sim_run_result *run,
                      const struct sim_sweep_result *sweep,
                      char *why, size_t why_len);

/* The JSON of `asmsim cost` as text (without a final newline; the writer
   table's --json row writes it, report_writers.h): asmsim_version,
   command, instance, volume and the "cost" object of the results JSON for
   bill (docs/fields.md).  0 with *out to free(), or -ENOMEM with why. */
int report_cost_json_text(const struct report_meta *meta, const struct inst_profile *in,
                          const struct vol_profile *v, const struct price_bill *bill,
                          char **out, char *why, size_t why_len);

/* The same document as text (report_json_write writes it; the HTML
   report, html.h, is generated from it): 0 with *out to free(), or -errno
   with why (-EINVAL: no results, -ENOMEM). */
int report_json_text(const struct report_meta *meta,
                     const struct sim_setup *cfg,
                     const struct sim_run_result *run,
                     const struct sim_sweep_result *sweep, char **out,
                     char *why, size_t why_len);

/* Write a document made by report_json_text to path ("-": stdout), as
   report_json_write does.  0 or -errno with a reason. */
int report_json_write_text(const char *path, const char *text, char *why,
                           size_t why_len);

/* The sweep CSV (<dir>/<testname>_<stamp>_sweep.csv): one row per disk count, with the monthly
   price of its volumes (cfg->volume). */
int report_sweep_csv(const char *path, const struct report_meta *meta,
                     const struct sim_setup *cfg,
                     const struct sim_sweep_result *sweep,
                     char *why, size_t why_len);

/* The timeline CSV (<dir>/<testname>_<stamp>_timeline.csv): one row per
   point x interval of every run's points (report_timeline.c). */
int report_timeline_csv(const char *path, const struct sim_run_result *const *runs,
                        int n_runs, const char *const *swept, char *why, size_t why_len);

/* What a sweep's rows are keyed on: "disks", or the parameter of sweep
   --over (cfg->over). */
const char *report_sweep_key_name(const struct sim_setup *cfg);
/* Run i's key: its disk count, or its --over value as given.  Into buf;
   returns buf. */
const char *report_sweep_key(const struct sim_setup *cfg,
                             const struct sim_sweep_result *sweep, int i,
                             char *buf, size_t len);
/* The width of the key column: the widest of the name and the keys, at
   least min. */
int report_sweep_key_width(const struct sim_setup *cfg,
                           const struct sim_sweep_result *sweep, int min);
/* The reading of a sweep over a parameter (cfg->over set): where the
   main figure is highest, the first value listed that reaches 97 % of
   it, and where it is lowest (report_over.c). */
void report_over_reading(FILE *f, const struct sim_setup *cfg,
                         const struct sim_sweep_result *sweep);

/* The terminal table of a sweep (disks, Maximum Large MBPS, Maximum Small
   IOPS, Minimum Small Latency, limit that binds) and the one-line reading,
   e.g. "4 volumes reach 97 % of the instance limit; more add nothing". */
void report_sweep_table(FILE *f, const struct sim_setup *cfg,
                        const struct sim_sweep_result *sweep);

/* The sweep's one-line reading alone, as report_sweep_table ends: the
   sentence the results JSON keeps in readings.sweep. */
void report_sweep_reading(FILE *f, const struct sim_setup *cfg,
                          const struct sim_sweep_result *sweep);

/* mkdir -p for an output directory: creates every missing component
   (mode 0777 before the umask).  0, or -errno: -ENOTDIR when the path
   exists but is not a directory, -ENAMETOOLONG beyond 4095 bytes. */
int report_mkdir_p(const char *dir);

/* A set of files staged for placing under one free stamp (report_util.c:
   "Never overwrite").  Write the set into `path` with the writers above
   (every name carrying "_<stamp>_"), then commit or discard. */
struct report_stage {
    char dir[4096];             /* the output directory */
    char path[4096];            /* <dir>/.asmsim-stage-XXXXXX; "" closed */
};
#define REPORT_TAG_LEN 24       /* a stamp and its collision suffix */

/* Make the staging directory in dir.  0 or -errno with why. */
int report_stage_open(struct report_stage *st, const char *dir, char *why,
                      size_t why_len);

/* Move every staged file into st->dir, "_<stamp>_" in its name made
   "_<tag>_", tag being stamp or, when any name of the set is taken,
   stamp_2, stamp_3, ...: never replacing a file.  The number of files
   placed (tag filled), or -errno with why (nothing placed).  The stage
   is left for report_stage_discard in either case. */
int report_stage_commit(struct report_stage *st, const char *stamp,
                        char *tag, size_t tag_len, char *why, size_t why_len);

/* Remove the staging directory and whatever is left in it. */
void report_stage_discard(struct report_stage *st);

/* Move the file `from` to `to` unless `to` exists (as the staged sets
   are placed: renameat2 RENAME_NOREPLACE, or link and unlink): 0, -EEXIST
   (nothing moved) or -errno.  For an output the user named that must not
   replace anything (--report). */
int report_rename_new(const char *from, const char *to);

/* How an output path the user named is written (report_output.c). */
enum report_output_how {
    REPORT_OUTPUT_NEW = 0,      /* nothing there: placed only if still free */
    REPORT_OUTPUT_REPLACE,      /* asmsim's own file or an empty one: renamed over */
    REPORT_OUTPUT_IN_PLACE,     /* /dev/null, a terminal, a FIFO: written into */
    REPORT_OUTPUT_APPEND,       /* our own stdout/stderr's file: written
                                   through that descriptor (stdio_fd) */
};
struct report_output {
    enum report_output_how how;
    int stdio_fd;               /* APPEND: 1 or 2 */
    char path[4096];            /* where: the path, or for REPLACE through a
                                   symbolic link the file it names */
};

/* Decide whether asmsim may write path and how (see report_output.c for
   the rules).  0 with out filled, or -errno with why: a clause to put
   after the path ("is a block device (7:0); asmsim never writes ..."). */
int report_output_target(const char *path, struct report_output *out,
                         char *why, size_t why_len);
/* Whether the open fd is what an in-place output may be: a FIFO,
   /dev/null or a terminal (checked again after the open, so a path
   changed since report_output_target judged it is not written). */
bool report_output_fd_ok(int fd);
/* Whether the thing at path itself (not followed if a link) is what a
   REPLACE output may replace: a regular file, empty or asmsim's own. */
bool report_output_replaceable(const char *path);
/* Whether stdout or stderr (fd 1 or 2; another fd in tests reads as
   stdout), as the shell opened it, may take what asmsim prints: 0, or
   -errno with why, one clause starting with "stdout is" ("stderr is"): a
   block device or a character device other than a
   terminal, /dev/null, /dev/zero or /dev/full, or a regular file opened
   at a byte it holds (1<>), which the printing would overwrite.  A
   closed stdout passes. */
int report_output_stdout_ok(int fd, char *why, size_t why_len);
/* Whether head, a file's first bytes (NUL-terminated), starts as one of
   asmsim's outputs: a JSON object with asmsim's keys, or "# asmsim ...". */
bool report_output_is_own(const char *head);

/* Write `text` producer output atomically: calls write_fn(f, arg) on a
   temporary file in the same directory and renames it to `path`. */
/* Write what write_fn(stdout, arg) prints, flushed, for an output given
   as "-": 0, or -errno with why "cannot write the <what> to stdout:
   <reason>" (the errno of the write that failed: ENOSPC behind a full
   disk, EPIPE when the reader is gone).  Once it failed, the check of
   stdout at exit (tui/main.c) says nothing more: report_stdout_told(). */
int report_write_stdout(int (*write_fn)(FILE *, void *), void *arg, const char *what,
                        char *why, size_t why_len);
bool report_stdout_told(void);
int report_write_atomic(const char *path, int (*write_fn)(FILE *, void *),
                        void *arg, char *why, size_t why_len);

#endif
