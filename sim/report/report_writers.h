/*
 * report_writers.h - the writer table: every file asmsim writes about a
 * run, a sweep, a forecast, an advice or a bill is one row of it, and every
 * command writes what it was asked for with one call,
 * report_write_outputs() (report_writers.c).
 *
 * A command says what it has (struct report_doc: the document's JSON, as
 * a function that makes its text, and the results the other files
 * tabulate) and what was asked (struct report_request: the rows, the
 * directory of the staged set, the --json and --report paths); the table
 * knows each row's file name, what it needs and its writer.  So a new
 * output is a row here and a new command one call.
 */
#ifndef ASMSIM_SIM_REPORT_WRITERS_H
#define ASMSIM_SIM_REPORT_WRITERS_H

#include <stdbool.h>
#include <stddef.h>

#include "sim/model/forecast.h"
#include "sim/core/stop_flag.h"
#include "sim/report/html.h"
#include "sim/report/report.h"

/* The rows, in the order they are written.  The staged ones go into the
   request's directory as <testname>_<stamp>_<name>, placed together under
   one free stamp (report_stage_commit: never over a file); the named ones
   to the paths the user gave. */
enum report_out {
    REPORT_OUT_ORION = 0,       /* ORION's five files (report_orion_files);
                                   a sweep's per disk count, prefix
                                   <testname>_<N>disks */
    REPORT_OUT_SWEEP_CSV,       /* sweep.csv */
    REPORT_OUT_DB_SUMMARY,      /* summary.txt of a database workload */
    REPORT_OUT_CLASSES_CSV,     /* classes.csv: its figures per class */
    REPORT_OUT_RESULTS_JSON,    /* results.json: the document */
    REPORT_OUT_FORECAST_JSON,   /* forecast.json: the document */
    REPORT_OUT_FORECAST_CSV,    /* timeline.csv of a forecast */
    REPORT_OUT_TIMELINE_CSV,    /* timeline.csv of the runs (--interval) */
    REPORT_OUT_PAGE,            /* report.html: the document's page */
    REPORT_OUT_JSON,            /* --json FILE|-: the document */
    REPORT_OUT_REPORT,          /* --report FILE: its page, never replacing */
    REPORT_OUT_FIO_JSON,        /* --fio-json FILE|-: fio's JSON of the
                                   run or sweep (report_fio.c) */
    REPORT_OUTS
};
#define REPORT_OUT_BIT(k) (1u << (k))

/* What a command has to write.  Only what its rows need is read. */
struct report_doc {
    const struct report_meta *meta;     /* testname and stamp; ORION's
                                           header (n_luns: set per run) */
    const char *what;                   /* "results JSON": in messages */
    /* The document's text (without a final newline; malloc'ed, the
       table frees it), made once for every row that takes it.  stop is
       the page's flag when the page alone takes it, else NULL.  0 or
       -errno with why. */
    int (*json_text)(void *arg, const sim_stop_flag *stop, char **text, char *why,
                     size_t why_len);
    void *json_arg;
    const char *page_name;              /* html_doc.name */
    const sim_stop_flag *stop;          /* the page's (html_doc.stop) */
    /* --report of saved documents (asmsim report): the page of these
       instead of the document's */
    const struct html_doc *pages;
    int n_pages;
    /* a run, or a sweep (run: its last); cfg_at: the configuration of
       a sweep's run i (at its disk count, or its --over value), for its
       ORION files */
    const struct sim_setup *cfg;
    const struct sim_run_result *run;
    const struct sim_sweep_result *sweep;
    void (*cfg_at)(void *arg, int run, struct sim_setup *out);
    void *cfg_arg;
    const struct sim_forecast_result *forecast;
};

/* What was asked, and how the command hears of it. */
struct report_request {
    unsigned outs;                      /* REPORT_OUT_BIT()s */
    const char *dir;                    /* of the staged rows */
    const char *json_path;              /* REPORT_OUT_JSON: a file or "-" */
    const char *report_path;            /* REPORT_OUT_REPORT */
    const char *fio_json_path;          /* REPORT_OUT_FIO_JSON: a file or "-" */
    /* true: the staged set is placed only when every file of it was
       written, and none is tried after the first that failed; false:
       each staged file is tried, and those written are placed */
    bool whole_set;
    /* an output failed, why naming it (-EINTR: the page abandoned at
       the stop flag); called once per failure, in the rows' order */
    void (*failed)(void *arg, int rc, const char *why);
    /* an output is in place: REPORT_OUT_REPORT (where: its path, n 1),
       or the staged set (k REPORT_OUT_ORION, where: the stamp it took,
       n: its files) */
    void (*done)(void *arg, enum report_out k, const char *where, int n);
    void *arg;
};

/* Whether the request asks for a row that takes the document's JSON. */
bool report_outputs_need_json(const struct report_request *q);

/* Write every output q asks for, each tried whatever failed before it
   but as whole_set says.  0, or the first failure's -errno (each told
   through q->failed). */
int report_write_outputs(const struct report_request *q, const struct report_doc *d);

/* text and a newline to path ("-": stdout, where a failure is "cannot
   write the <what> to stdout: ..."), whole or not at all.  0 or -errno
   with why. */
int report_write_text(const char *path, const char *text, const char *what, char *why,
                      size_t why_len);

#endif
