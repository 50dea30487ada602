/*
 * cli_results.c - the files a run or sweep leaves behind, written after
 * the measurement (also after an interrupt, with the partial results).
 *
 *   --output-dir DIR  ORION's files (<testname>_<stamp>_summary.txt,
 *                     _mbps.csv, _iops.csv, _lat.csv, _hist.txt) and
 *                     <testname>_<stamp>_results.json; for a sweep ORION's
 *                     files per disk count (prefix <testname>_<N>disks)
 *                     and <testname>_sweep.csv;
 *   --json FILE|-     the results JSON, to a file or stdout.
 *
 * orion writes ORION's files only (into ".", or --output-dir) and the JSON
 * only when --json asks for it.  Each file is written whole or not at all
 * by report.h (a set of ORION's files too).  A failed output does not stop
 * the others: the results may still reach the JSON on another file
 * system, and every failure is told with the errno it really had.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sim/cli/cli_results.h"

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

static int results_json_path(const struct cli_job *j, char *path, size_t len)
{
    int n = snprintf(path, len, "%s/%s_%s_results.json", j->o->output_dir,
                     j->o->testname, j->meta.stamp);
    return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

static void write_json(struct cli_job *j, const struct sim_run_result *run,
                       const struct sim_sweep_result *sweep,
                       struct failures *f)
{
    char path[4096], msg[CLI_WHY_LEN];
    int rc;

    if (j->o->output_dir && j->o->cmd != CLI_ORION) {   /* ORION: its files only */
        if (results_json_path(j, path, sizeof path) != 0) {
            char q[CLI_QUOTE_BUF];
            snprintf(msg, sizeof msg, "--output-dir %s: path too long",
                     cli_quote(j->o->output_dir, q, sizeof q));
            failed(f, -ENAMETOOLONG, msg);
        } else if ((rc = report_json_write(path, &j->meta, &j->cfg, run,
                                           sweep, msg, sizeof msg)) != 0) {
            failed(f, rc, msg);
        }
    }
    if (j->o->json_path &&
        (rc = report_json_write(j->o->json_path, &j->meta, &j->cfg, run,
                                sweep, msg, sizeof msg)) != 0)
        failed(f, rc, msg);
}

int cli_write_run_outputs(struct cli_job *j, const struct sim_run_result *r,
                          char *why, size_t why_len)
{
    struct failures f = { why, why_len, 0, false };
    char msg[CLI_WHY_LEN];
    int rc;

    j->meta.n_luns = r->disks;
    if (j->o->output_dir &&
        (rc = report_orion_files(j->o->output_dir, j->o->testname, &j->meta,
                                 &j->cfg, r, msg, sizeof msg)) != 0)
        failed(&f, rc, msg);
    write_json(j, r, NULL, &f);
    return f.rc;
}

int cli_write_sweep_outputs(struct cli_job *j,
                            const struct sim_sweep_result *s,
                            char *why, size_t why_len)
{
    struct failures f = { why, why_len, 0, false };
    const struct sim_run_result *last = s->n_runs ? s->runs[s->n_runs - 1]
                                                  : NULL;
    char path[4096], msg[CLI_WHY_LEN];
    int rc;

    for (int i = 0; j->o->output_dir && i < s->n_runs; i++) {
        struct sim_run_cfg cfg;
        char prefix[CLI_TESTNAME_MAX + 32];

        cli_opts_to_cfg(j->o, s->runs[i]->disks, &cfg);
        cfg.layout.disk_failgroup = NULL;
        snprintf(prefix, sizeof prefix, "%s_%ddisks", j->o->testname,
                 s->runs[i]->disks);
        j->meta.n_luns = s->runs[i]->disks;
        rc = report_orion_files(j->o->output_dir, prefix, &j->meta, &cfg,
                                s->runs[i], msg, sizeof msg);
        if (rc)
            failed(&f, rc, msg);
    }
    if (j->o->output_dir) {
        snprintf(path, sizeof path, "%s/%s_sweep.csv", j->o->output_dir,
                 j->o->testname);
        if ((rc = report_sweep_csv(path, &j->cfg, s, msg, sizeof msg)) != 0)
            failed(&f, rc, msg);
    }
    if (last)
        j->meta.n_luns = last->disks;
    write_json(j, last, s, &f);
    return f.rc;
}
