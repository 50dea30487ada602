/*
 * report_writers.c - the writer table (report_writers.h): one row per
 * output, and report_write_outputs(), which every command calls once
 * (run, sweep and orion in cli_results.c, forecast, advise, cost, report,
 * and the dashboard's save in session_record.c).
 *
 *   row                 file                          needs
 *   ORION's files       <t>_<stamp>_summary.txt ...   a run (a sweep: each)
 *   sweep CSV           <t>_<stamp>_sweep.csv         a sweep
 *   database summary    <t>_<stamp>_summary.txt       a database workload
 *   classes CSV         <t>_<stamp>_classes.csv       a database workload
 *   results JSON        <t>_<stamp>_results.json      the document
 *   forecast JSON       <t>_<stamp>_forecast.json     the document
 *   forecast timeline   <t>_<stamp>_timeline.csv      a forecast
 *   runs' timeline      <t>_<stamp>_timeline.csv      runs (--interval)
 *   page                <t>_<stamp>_report.html       the document
 *   --json              the path given, or stdout     the document
 *   --report            the path given, never over    the document, or
 *                       an existing file              saved ones
 *   --fio-json          the path given, or stdout     a run or sweep
 *
 * The document's JSON is made once, before any row, for all that take
 * it (the page is made from that text: html.h), so every output of a
 * command says the same.  The staged rows go into one staging directory
 * and are placed together (report_util.c, "Never overwrite"); the named
 * rows follow.  Each file is written whole or not at all
 * (report_write_atomic), and each failure is told with the errno it had:
 * a failed output does not stop the others (the JSON may be on another
 * file system than the staged set), except within a set the command
 * wants whole (whole_set).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sim/report/report_forecast.h"
#include "sim/report/report_writers.h"

/* One call's state: the document's text and the first failure. */
struct out_run {
    const struct report_request *q;
    const struct report_doc *d;
    char *json;                     /* NULL: not asked, or not made */
    int rc;
};

typedef int (*writer_fn)(struct out_run *o, const char *path, char *why, size_t why_len);

/* A row: the file name's tail (staged rows; NULL for ORION's set, whose
   writer names its own five), whether it takes the document's JSON, and
   its writer, given the path (the staging directory for ORION's set). */
struct report_writer {
    const char *tail;
    bool json;
    writer_fn write;
};

static void fail(struct out_run *o, int rc, const char *why)
{
    if (o->q->failed)
        o->q->failed(o->q->arg, rc, why);
    if (!o->rc)
        o->rc = rc;
}

static int put_text(FILE *f, void *arg)
{
    return fputs(arg, f) == EOF || fputc('\n', f) == EOF ? -EIO : 0;
}

int report_write_text(const char *path, const char *text, const char *what, char *why,
                      size_t why_len)
{
    if (strcmp(path, "-") == 0)
        return report_write_stdout(put_text, (void *)text, what, why, why_len);
    return report_write_atomic(path, put_text, (void *)text, why, why_len);
}

/* ---- the writers ---------------------------------------------------------- */

/* The ORION files' prefix of run i of a sweep: <testname>_<N>disks, or
   under --over <testname>_<param>_<value>, every character of the two
   that a file name should not hold ('/', ':', ...) made a '-'. */
static void sweep_run_prefix(const struct sim_setup *cfg,
                             const struct sim_sweep_result *sweep, int i,
                             const char *testname, char *out, size_t len)
{
    if (!cfg->over) {
        snprintf(out, len, "%s_%ddisks", testname, sweep->runs[i]->disks);
        return;
    }
    int n = snprintf(out, len, "%s_", testname);
    size_t from = n > 0 && (size_t)n < len ? (size_t)n : len;
    snprintf(out + from, len - from, "%s_%s", cfg->over->param, cfg->over->value[i]);
    for (char *c = out + from; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '.' && *c != '_' && *c != '-')
            *c = '-';
}

static int write_orion(struct out_run *o, const char *dir, char *why, size_t why_len)
{
    const struct report_doc *d = o->d;
    struct report_meta meta = *d->meta;
    int rc = 0;

    if (!d->sweep) {
        meta.n_luns = d->run->disks;
        return report_orion_files(dir, meta.testname, &meta, d->cfg, d->run, why, why_len);
    }
    for (int i = 0; i < d->sweep->n_runs; i++) {    /* each told */
        const struct sim_run_result *r = d->sweep->runs[i];
        struct sim_setup cfg;
        char prefix[4096];
        d->cfg_at(d->cfg_arg, i, &cfg);             /* the map at its count */
        sweep_run_prefix(d->cfg, d->sweep, i, meta.testname, prefix, sizeof prefix);
        meta.n_luns = r->disks;
        if ((rc = report_orion_files(dir, prefix, &meta, &cfg, r, why, why_len)) != 0 &&
            i + 1 < d->sweep->n_runs)
            fail(o, rc, why);
    }
    return rc;
}

static int write_sweep_csv(struct out_run *o, const char *path, char *why, size_t why_len)
{
    return report_sweep_csv(path, o->d->meta, o->d->cfg, o->d->sweep, why, why_len);
}

/* The runs a document holds: a sweep's, or its one run. */
static const struct sim_run_result *const *doc_runs(const struct report_doc *d,
                                                   int *n)
{
    *n = d->sweep ? d->sweep->n_runs : 1;
    return d->sweep ? (const struct sim_run_result *const *)d->sweep->runs
                    : &d->run;
}

struct classes_job {
    const struct report_doc *d;
    const struct sim_run_result *const *runs;
    int n;
};

static int classes_csv_fn(FILE *f, void *arg)
{
    const struct classes_job *c = arg;
    return report_classes_csv(f, c->d->cfg, c->runs, c->n);
}

static int db_summary_fn(FILE *f, void *arg)
{
    const struct classes_job *c = arg;
    return report_db_summary(f, c->d->meta, c->d->cfg, c->runs, c->n);
}

static int write_classes(struct out_run *o, const char *path,
                         int (*fn)(FILE *, void *), char *why, size_t why_len)
{
    struct classes_job c = { .d = o->d };
    c.runs = doc_runs(o->d, &c.n);
    return report_write_atomic(path, fn, &c, why, why_len);
}

static int write_classes_csv(struct out_run *o, const char *path, char *why,
                             size_t why_len)
{
    return write_classes(o, path, classes_csv_fn, why, why_len);
}

static int write_db_summary(struct out_run *o, const char *path, char *why,
                            size_t why_len)
{
    return write_classes(o, path, db_summary_fn, why, why_len);
}

static int write_json(struct out_run *o, const char *path, char *why, size_t why_len)
{
    return report_write_text(path, o->json, o->d->what, why, why_len);
}

static int write_forecast_csv(struct out_run *o, const char *path, char *why, size_t why_len)
{
    return report_forecast_csv(path, o->d->forecast, why, why_len);
}

static int write_timeline(struct out_run *o, const char *path, char *why, size_t why_len)
{
    const struct report_doc *d = o->d;

    const char *swept[SIM_MAX_SWEEP];
    const struct sim_sweep_over *over = d->cfg->over;
    for (int i = 0; over && d->sweep && i < d->sweep->n_runs; i++)
        swept[i] = over->value[i];
    if (d->sweep)
        return report_timeline_csv(path, (const struct sim_run_result *const *)d->sweep->runs,
                                   d->sweep->n_runs, over ? swept : NULL, why, why_len);
    return report_timeline_csv(path, &d->run, 1, NULL, why, why_len);
}

static int write_page(struct out_run *o, const char *path, char *why, size_t why_len)
{
    const struct report_doc *d = o->d;
    struct html_doc doc = { .name = d->page_name, .json = o->json, .stop = d->stop };

    if (d->n_pages > 0)
        return html_report_file(path, d->pages, d->n_pages, why, why_len);
    return html_report_file(path, &doc, 1, why, why_len);
}

static int write_fio_json(struct out_run *o, const char *path, char *why, size_t why_len)
{
    const struct report_doc *d = o->d;
    char *text = NULL;
    const struct report_fio_src src = {
        .meta = d->meta, .cfg = d->cfg, .run = d->run, .sweep = d->sweep,
        .cfg_at = d->cfg_at, .cfg_arg = d->cfg_arg,
    };
    int rc = report_fio_json_text(&src, &text);

    if (rc != 0) {
        snprintf(why, why_len, "fio JSON: %s", strerror(-rc));
        return rc;
    }
    rc = report_write_text(path, text, "fio JSON", why, why_len);
    free(text);
    return rc;
}

static const struct report_writer writers[REPORT_OUTS] = {
    [REPORT_OUT_ORION] = { NULL, false, write_orion },
    [REPORT_OUT_SWEEP_CSV] = { "sweep.csv", false, write_sweep_csv },
    [REPORT_OUT_DB_SUMMARY] = { "summary.txt", false, write_db_summary },
    [REPORT_OUT_CLASSES_CSV] = { "classes.csv", false, write_classes_csv },
    [REPORT_OUT_RESULTS_JSON] = { "results.json", true, write_json },
    [REPORT_OUT_FORECAST_JSON] = { "forecast.json", true, write_json },
    [REPORT_OUT_FORECAST_CSV] = { "timeline.csv", false, write_forecast_csv },
    [REPORT_OUT_TIMELINE_CSV] = { "timeline.csv", false, write_timeline },
    [REPORT_OUT_PAGE] = { "report.html", true, write_page },
    [REPORT_OUT_JSON] = { NULL, true, write_json },
    [REPORT_OUT_REPORT] = { NULL, true, write_page },
    [REPORT_OUT_FIO_JSON] = { NULL, false, write_fio_json },
};

/* ---- the one call ---------------------------------------------------------- */

static bool asked(const struct report_request *q, enum report_out k)
{
    return (q->outs & REPORT_OUT_BIT(k)) != 0;
}

/* The rows of the staged set are those with a staged name. */
static bool staged(enum report_out k)
{
    return k < REPORT_OUT_JSON;
}

/* Whether row k takes the document's JSON: --report of saved documents
   does not (asmsim report). */
static bool takes_json(const struct report_doc *d, enum report_out k)
{
    return writers[k].json && !(k == REPORT_OUT_REPORT && d && d->n_pages > 0);
}

static bool need_json(const struct report_request *q, const struct report_doc *d)
{
    for (int k = 0; k < REPORT_OUTS; k++)
        if (asked(q, (enum report_out)k) && takes_json(d, (enum report_out)k))
            return true;
    return false;
}

bool report_outputs_need_json(const struct report_request *q)
{
    return need_json(q, NULL);
}

/* The document's text, once; with the page's stop flag when the page
   alone takes it (a stop then abandons the page, not a JSON).  false,
   told, when it cannot be made. */
static bool make_json(struct out_run *o)
{
    const struct report_request *q = o->q;
    char why[1024];
    unsigned page = REPORT_OUT_BIT(REPORT_OUT_PAGE) | REPORT_OUT_BIT(REPORT_OUT_REPORT);
    bool page_alone = true;

    for (int k = 0; k < REPORT_OUTS; k++)
        if (asked(q, (enum report_out)k) && takes_json(o->d, (enum report_out)k) &&
            !(REPORT_OUT_BIT(k) & page))
            page_alone = false;
    int rc = o->d->json_text(o->d->json_arg, page_alone ? o->d->stop : NULL, &o->json,
                             why, sizeof why);
    if (rc != 0) {
        o->json = NULL;
        fail(o, rc, why);
    }
    return rc == 0;
}

/* One row: skipped when it takes the JSON and there is none. */
static int write_row(struct out_run *o, enum report_out k, const char *path)
{
    char why[1024];
    int rc;

    if (takes_json(o->d, k) && !o->json)
        return -ENODATA;
    if ((rc = writers[k].write(o, path, why, sizeof why)) != 0)
        fail(o, rc, why);
    return rc;
}

/* The staged rows into a staging directory in q->dir, placed together. */
static void write_staged(struct out_run *o)
{
    const struct report_request *q = o->q;
    const struct report_meta *m = o->d->meta;
    char why[1024], path[8192], tag[REPORT_TAG_LEN];
    struct report_stage st;
    int rc = report_stage_open(&st, q->dir, why, sizeof why);

    if (rc < 0) {
        fail(o, rc, why);
        return;
    }
    for (int k = 0; k < REPORT_OUTS && rc == 0; k++) {
        if (!staged((enum report_out)k) || !asked(q, (enum report_out)k))
            continue;
        if (writers[k].tail)
            snprintf(path, sizeof path, "%s/%s_%s_%s", st.path, m->testname, m->stamp,
                     writers[k].tail);
        int e = write_row(o, (enum report_out)k, writers[k].tail ? path : st.path);
        if (q->whole_set && e != 0)
            rc = e;
    }
    int n = rc == 0 ? report_stage_commit(&st, m->stamp, tag, sizeof tag, why, sizeof why)
                    : rc;
    if (rc == 0 && n < 0)
        fail(o, n, why);
    else if (n > 0 && q->done)
        q->done(q->arg, REPORT_OUT_ORION, tag, n);
    report_stage_discard(&st);
}

int report_write_outputs(const struct report_request *q, const struct report_doc *d)
{
    struct out_run o = { q, d, NULL, 0 };
    bool any_staged = false;

    for (int k = 0; k < REPORT_OUTS; k++)
        any_staged |= staged((enum report_out)k) && asked(q, (enum report_out)k);
    if (need_json(q, d))
        make_json(&o);
    if (any_staged)
        write_staged(&o);
    if (asked(q, REPORT_OUT_JSON))
        write_row(&o, REPORT_OUT_JSON, q->json_path);
    if (asked(q, REPORT_OUT_FIO_JSON))
        write_row(&o, REPORT_OUT_FIO_JSON, q->fio_json_path);
    if (asked(q, REPORT_OUT_REPORT) && write_row(&o, REPORT_OUT_REPORT, q->report_path) == 0 &&
        q->done)
        q->done(q->arg, REPORT_OUT_REPORT, q->report_path, 1);
    free(o.json);
    return o.rc;
}
