/*
 * cli_results.c - the files a run or sweep leaves behind, written after
 * the measurement (also after an interrupt, with the partial results).
 *
 *   --output-dir DIR  ORION's files (<testname>_<stamp>_summary.txt,
 *                     _mbps.csv, _iops.csv, _lat.csv, _hist.txt) and
 *                     <testname>_<stamp>_results.json; for a sweep ORION's
 *                     files per disk count (prefix <testname>_<N>disks;
 *                     a sweep --over: <testname>_<param>_<value>)
 *                     and <testname>_<stamp>_sweep.csv; with --interval
 *                     <testname>_<stamp>_timeline.csv (every point's
 *                     timeline, every run of a sweep);
 *   --json FILE|-     the results JSON, to a file or stdout (a file the
 *                     user named is replaced, as a shell's > would);
 *   --fio-json FILE|- fio 3.x's JSON of the run or sweep (report_fio.c),
 *                     a file or stdout, as --json;
 *   --report FILE     the HTML report (html.h), made from the same JSON
 *                     text as the other two (serialised once, here), so
 *                     the page shows what the JSON says; never replaces
 *                     a file.
 *
 * Nothing in --output-dir is ever overwritten: a run's files are staged
 * and placed together under its stamp (to the second), or the stamp with
 * a suffix _2, _3, ... when another run of the same test name took it
 * (report_util.c), and one line on stderr says where they went.
 *
 * orion writes ORION's files only (into ".", or --output-dir) and the JSON
 * only when --json asks for it.  What is asked becomes the rows of the
 * writer table (report_writers.h), written by one call; each file is
 * written whole or not at all (a set of ORION's files too).  A failed
 * output does not stop the others: the results may still reach the JSON
 * on another file system, and every failure is told with the errno it
 * really had.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/cli/cli_results.h"
#include "sim/report/report_writers.h"

/* The failures of one call: each output is tried even when an earlier one
   failed (the JSON may be on another file system than --output-dir), and
   each failure is told.  All but the last are printed here as they come
   ("asmsim: <why>" on stderr, the CLI's form); the last stays in why for
   the caller to print, and the first -errno is returned. */
struct failures {
    char *why;
    size_t why_len;
    int rc;
    bool pending;               /* why holds a failure not yet printed */
};

static void failed(struct failures *f, int rc, const char *msg)
{
    if (f->pending)
        fprintf(stderr, "asmsim: %s\n", f->why);
    snprintf(f->why, f->why_len, "%s", msg);
    f->pending = true;
    if (!f->rc)
        f->rc = rc;
}

/* The writer table tells each output as it comes (report_writers.h). */
struct told {
    const struct cli_job *j;
    bool sweep;
    struct failures f;
};

static void on_failed(void *arg, int rc, const char *why)
{
    failed(&((struct told *)arg)->f, rc, why);
}

/* Where the staged set went, one line:
     asmsim: results in od/run/ as t1_20261201_1122_* (6 files)
   (a sweep: "as sw_*20261201_1122_*", its per-disk-count files
   carrying "_<N>disks" before the stamp); and the page of --report. */
static void on_done(void *arg, enum report_out k, const char *where, int n)
{
    const struct told *t = arg;

    if (k == REPORT_OUT_REPORT) {
        fprintf(stderr, "asmsim: report in %s\n", where);
        return;
    }
    const char *dir = t->j->o->output_dir[0] ? t->j->o->output_dir : ".";
    size_t len = strlen(dir);
    fprintf(stderr, "asmsim: results in %s%s as %s_%s%s_* (%d file%s)\n", dir,
            len > 0 && dir[len - 1] == '/' ? "" : "/", t->j->o->testname,
            t->sweep ? "*" : "", where, n, n == 1 ? "" : "s");
}

struct results {
    struct cli_job *j;
    const struct sim_run_result *run;
    const struct sim_sweep_result *sweep;
};

/* The results JSON's text, once for every output that takes it. */
static int results_json(void *arg, const sim_stop_flag *stop, char **text, char *why,
                        size_t why_len)
{
    const struct results *r = arg;

    (void)stop;                     /* made whole: a JSON takes it too */
    return report_json_text(&r->j->meta, &r->j->cfg, r->run, r->sweep, text, why, why_len);
}

/* A sweep's run i's configuration: the map at its count, or its --over
   value's setup. */
static void cfg_at(void *arg, int i, struct sim_setup *out)
{
    const struct results *r = arg;

    if (r->j->over) {
        *out = r->j->over->sweep.setups[i];
        sim_setup_run(out);
        return;
    }
    cli_opts_to_cfg(r->j->o, r->sweep->runs[i]->disks, out);
}

/* The rows the options ask for: in --output-dir ORION's files (not of an
   open-loop run: they tabulate its matrix, which it has none of; a
   database workload's run has its summary.txt and classes.csv), a
   sweep's CSV, the results JSON (not orion's: ORION's files only) and
   the timeline (--interval); --json and --report.  Without a run
   (a sweep stopped before its first) no row takes the JSON. */
static unsigned asked_outputs(const struct cli_job *j, bool sweep, bool has_run)
{
    const struct cli_opts *o = j->o;
    unsigned outs = 0;

    bool db = sim_run_db(&j->cfg.run);
    if (o->output_dir) {
        if (db)
            outs |= REPORT_OUT_BIT(REPORT_OUT_DB_SUMMARY) |
                    REPORT_OUT_BIT(REPORT_OUT_CLASSES_CSV);
        else if (!sim_open_load_on(&j->cfg.run.open))
            outs |= REPORT_OUT_BIT(REPORT_OUT_ORION);
        if (sweep)
            outs |= REPORT_OUT_BIT(REPORT_OUT_SWEEP_CSV);
        if (o->cmd != CLI_ORION && has_run)
            outs |= REPORT_OUT_BIT(REPORT_OUT_RESULTS_JSON);
        if (o->interval_ns > 0)
            outs |= REPORT_OUT_BIT(REPORT_OUT_TIMELINE_CSV);
    }
    if (o->json_path && has_run)
        outs |= REPORT_OUT_BIT(REPORT_OUT_JSON);
    if (o->report_path && has_run)
        outs |= REPORT_OUT_BIT(REPORT_OUT_REPORT);
    if (o->fio_json_path && has_run)
        outs |= REPORT_OUT_BIT(REPORT_OUT_FIO_JSON);
    return outs;
}

static int write_outputs(struct cli_job *j, const struct sim_run_result *run,
                         const struct sim_sweep_result *sweep, char *why, size_t why_len)
{
    struct told t = { j, sweep != NULL, { why, why_len, 0, false } };
    struct results r = { j, run, sweep };
    const struct report_request q = {
        .outs = asked_outputs(j, sweep != NULL, run != NULL),
        .dir = j->o->output_dir, .json_path = j->o->json_path,
        .report_path = j->o->report_path, .fio_json_path = j->o->fio_json_path,
        .failed = on_failed, .done = on_done, .arg = &t,
    };
    const struct report_doc d = {
        .meta = &j->meta, .what = "results JSON", .json_text = results_json,
        .json_arg = &r, .page_name = j->o->testname,
        .cfg = &j->cfg, .run = run, .sweep = sweep, .cfg_at = cfg_at, .cfg_arg = &r,
    };

    report_write_outputs(&q, &d);
    return t.f.rc;
}

int cli_write_run_outputs(struct cli_job *j, const struct sim_run_result *r,
                          char *why, size_t why_len)
{
    j->meta.n_luns = r->disks;
    return write_outputs(j, r, NULL, why, why_len);
}

int cli_write_sweep_outputs(struct cli_job *j,
                            const struct sim_sweep_result *s,
                            char *why, size_t why_len)
{
    const struct sim_run_result *last = s->n_runs ? s->runs[s->n_runs - 1]
                                                  : NULL;

    if (last)
        j->meta.n_luns = last->disks;
    return write_outputs(j, last, s, why, why_len);
}
