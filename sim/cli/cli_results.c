/*
 * cli_results.c - the files a run or sweep leaves behind, written after
 * the measurement (also after an interrupt, with the partial results).
 *
 *   --output-dir DIR  ORION's files (<testname>_<stamp>_summary.txt,
 *                     _mbps.csv, _iops.csv, _lat.csv, _hist.txt) and
 *                     <testname>_<stamp>_results.json; for a sweep ORION's
 *                     files per disk count (prefix <testname>_<N>disks)
 *                     and <testname>_<stamp>_sweep.csv; with --interval
 *                     <testname>_<stamp>_timeline.csv (every point's
 *                     timeline, every run of a sweep);
 *   --json FILE|-     the results JSON, to a file or stdout (a file the
 *                     user named is replaced, as a shell's > would);
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
 * only when --json asks for it.  Each file is written whole or not at all
 * by report.h (a set of ORION's files too).  A failed output does not stop
 * the others: the results may still reach the JSON on another file
 * system, and every failure is told with the errno it really had.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/cli/cli_results.h"
#include "sim/report/html.h"

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

/* <stage>/<testname>_<stamp>_<tail>: the set's files go to the stage
   under their final names but for the collision suffix
   (report_stage_commit adds it).  false, told, when too long. */
static bool stage_path(const struct cli_job *j, const struct report_stage *st,
                       const char *tail, char *path, size_t len,
                       struct failures *f)
{
    int n = snprintf(path, len, "%s/%s_%s_%s", st->path, j->o->testname,
                     j->meta.stamp, tail);

    if (n >= 0 && (size_t)n < len)
        return true;
    char q[CLI_QUOTE_BUF], msg[CLI_WHY_LEN];
    snprintf(msg, sizeof msg, "--output-dir %s: path too long",
             cli_quote(j->o->output_dir, q, sizeof q));
    failed(f, -ENAMETOOLONG, msg);
    return false;
}

static bool open_stage(const struct cli_job *j, struct report_stage *st,
                       struct failures *f)
{
    char msg[CLI_WHY_LEN];
    int rc = report_stage_open(st, j->o->output_dir, msg, sizeof msg);

    if (rc < 0)
        failed(f, rc, msg);
    return rc == 0;
}

/* Place the staged set and say where it went, one line:
     asmsim: results in od/run/ as t1_20261201_1122_* (6 files)
   (a sweep: "as sw_*20261201_1122_*", its per-disk-count files
   carrying "_<N>disks" before the stamp). */
static void place_stage(const struct cli_job *j, struct report_stage *st,
                        bool sweep, struct failures *f)
{
    char tag[REPORT_TAG_LEN], msg[CLI_WHY_LEN];
    int n = report_stage_commit(st, j->meta.stamp, tag, sizeof tag, msg,
                                sizeof msg);

    if (n < 0)
        failed(f, n, msg);
    else if (n > 0) {
        size_t len = strlen(st->dir);
        bool slash = len > 0 && st->dir[len - 1] == '/';
        fprintf(stderr, "asmsim: results in %s%s as %s_%s%s_* (%d file%s)\n",
                st->dir, slash ? "" : "/", j->o->testname, sweep ? "*" : "",
                tag, n, n == 1 ? "" : "s");
    }
    report_stage_discard(st);
}

/* The results JSON as text, once, for every output that takes it (the
   staged JSON, --json, --report); NULL when none does, or (told) when it
   cannot be made. */
static char *results_json(struct cli_job *j, const struct sim_run_result *run,
                          const struct sim_sweep_result *sweep,
                          struct failures *f)
{
    char msg[CLI_WHY_LEN], *text = NULL;
    int rc;

    if (!(j->o->output_dir && j->o->cmd != CLI_ORION) && !j->o->json_path &&
        !j->o->report_path)
        return NULL;
    if ((rc = report_json_text(&j->meta, &j->cfg, run, sweep, &text, msg,
                               sizeof msg)) != 0)
        failed(f, rc, msg);
    return text;
}

/* The results JSON into the stage (not for orion: ORION's files only). */
static void stage_json(struct cli_job *j, const struct report_stage *st,
                       const char *json, struct failures *f)
{
    char path[8192], msg[CLI_WHY_LEN];
    int rc;

    if (j->o->cmd == CLI_ORION || json == NULL)
        return;
    if (stage_path(j, st, "results.json", path, sizeof path, f) &&
        (rc = report_json_write_text(path, json, msg, sizeof msg)) != 0)
        failed(f, rc, msg);
}

/* --interval: the timeline CSV into the stage, for the runs given. */
static void stage_timeline(struct cli_job *j, const struct report_stage *st,
                           const struct sim_run_result *const *runs, int n_runs,
                           struct failures *f)
{
    char path[8192], msg[CLI_WHY_LEN];
    int rc;

    if (j->o->interval_ns <= 0)
        return;
    if (stage_path(j, st, "timeline.csv", path, sizeof path, f) &&
        (rc = report_timeline_csv(path, runs, n_runs, msg, sizeof msg)) != 0)
        failed(f, rc, msg);
}

/* --json FILE|-: the file the user named, replaced if it exists. */
static void write_named_json(struct cli_job *j, const char *json,
                             struct failures *f)
{
    char msg[CLI_WHY_LEN];
    int rc;

    if (j->o->json_path && json &&
        (rc = report_json_write_text(j->o->json_path, json, msg, sizeof msg)) != 0)
        failed(f, rc, msg);
}

/* --report FILE: the HTML page made from the same JSON text (html.h),
   never over an existing file; one line on stderr says where it went. */
static void write_report(struct cli_job *j, const char *json, struct failures *f)
{
    struct html_doc doc = { .name = j->o->testname, .json = json };
    char msg[CLI_WHY_LEN];
    int rc;

    if (!j->o->report_path || !json)
        return;
    if ((rc = html_report_file(j->o->report_path, &doc, 1, msg, sizeof msg)) != 0)
        failed(f, rc, msg);
    else
        fprintf(stderr, "asmsim: report in %s\n", j->o->report_path);
}

int cli_write_run_outputs(struct cli_job *j, const struct sim_run_result *r,
                          char *why, size_t why_len)
{
    struct failures f = { why, why_len, 0, false };
    struct report_stage st;
    char msg[CLI_WHY_LEN];
    int rc;

    j->meta.n_luns = r->disks;
    char *json = results_json(j, r, NULL, &f);
    if (j->o->output_dir && open_stage(j, &st, &f)) {
        /* ORION's files tabulate its matrix: an open-loop run has none */
        if (!sim_open_load_on(&j->cfg.run.open) &&
            (rc = report_orion_files(st.path, j->o->testname, &j->meta,
                                     &j->cfg, r, msg, sizeof msg)) != 0)
            failed(&f, rc, msg);
        stage_json(j, &st, json, &f);
        stage_timeline(j, &st, &r, 1, &f);
        place_stage(j, &st, false, &f);
    }
    write_named_json(j, json, &f);
    write_report(j, json, &f);
    free(json);
    return f.rc;
}

/* ORION's files per disk count, prefix <testname>_<N>disks. */
static void stage_sweep_orion(struct cli_job *j, const struct report_stage *st,
                              const struct sim_sweep_result *s,
                              struct failures *f)
{
    char msg[CLI_WHY_LEN];

    for (int i = 0; i < s->n_runs; i++) {
        struct sim_setup cfg;
        char prefix[CLI_TESTNAME_MAX + 32];
        int rc;

        cli_opts_to_cfg(j->o, s->runs[i]->disks, &cfg);    /* the map at its count */
        snprintf(prefix, sizeof prefix, "%s_%ddisks", j->o->testname,
                 s->runs[i]->disks);
        j->meta.n_luns = s->runs[i]->disks;
        rc = report_orion_files(st->path, prefix, &j->meta, &cfg, s->runs[i],
                                msg, sizeof msg);
        if (rc)
            failed(f, rc, msg);
    }
}

int cli_write_sweep_outputs(struct cli_job *j,
                            const struct sim_sweep_result *s,
                            char *why, size_t why_len)
{
    struct failures f = { why, why_len, 0, false };
    const struct sim_run_result *last = s->n_runs ? s->runs[s->n_runs - 1]
                                                  : NULL;
    struct report_stage st;
    char path[8192], msg[CLI_WHY_LEN];
    int rc;

    if (last)
        j->meta.n_luns = last->disks;
    char *json = last ? results_json(j, last, s, &f) : NULL;
    if (j->o->output_dir && open_stage(j, &st, &f)) {
        if (!sim_open_load_on(&j->cfg.run.open))    /* as in a run */
            stage_sweep_orion(j, &st, s, &f);
        if (stage_path(j, &st, "sweep.csv", path, sizeof path, &f) &&
            (rc = report_sweep_csv(path, &j->meta, &j->cfg, s, msg, sizeof msg)) != 0)
            failed(&f, rc, msg);
        stage_json(j, &st, json, &f);
        stage_timeline(j, &st, (const struct sim_run_result *const *)s->runs,
                       s->n_runs, &f);
        place_stage(j, &st, true, &f);
    }
    write_named_json(j, json, &f);
    write_report(j, json, &f);
    free(json);
    return f.rc;
}
