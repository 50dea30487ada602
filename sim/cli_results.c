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
 * by report.h; the first failure stops and is returned with its reason.
 */
#include <errno.h>
#include <stdio.h>

#include "sim/cli_results.h"

static int results_json_path(const struct cli_job *j, char *path, size_t len)
{
    int n = snprintf(path, len, "%s/%s_%s_results.json", j->o->output_dir,
                     j->o->testname, j->meta.stamp);
    return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

static int write_json(struct cli_job *j, const struct sim_run_result *run,
                      const struct sim_sweep_result *sweep, char *why,
                      size_t why_len)
{
    char path[4096];
    int rc;

    if (j->o->output_dir && j->o->cmd != CLI_ORION) {   /* ORION: its files only */
        if (results_json_path(j, path, sizeof path) != 0) {
            snprintf(why, why_len, "--output-dir %s: path too long",
                     j->o->output_dir);
            return -ENAMETOOLONG;
        }
        rc = report_json_write(path, &j->meta, &j->cfg, run, sweep, why,
                               why_len);
        if (rc)
            return rc;
    }
    if (j->o->json_path)
        return report_json_write(j->o->json_path, &j->meta, &j->cfg, run,
                                 sweep, why, why_len);
    return 0;
}

int cli_write_run_outputs(struct cli_job *j, const struct sim_run_result *r,
                          char *why, size_t why_len)
{
    int rc;

    j->meta.n_luns = r->disks;
    if (j->o->output_dir) {
        rc = report_orion_files(j->o->output_dir, j->o->testname, &j->meta,
                                &j->cfg, r, why, why_len);
        if (rc)
            return rc;
    }
    return write_json(j, r, NULL, why, why_len);
}

int cli_write_sweep_outputs(struct cli_job *j,
                            const struct sim_sweep_result *s,
                            char *why, size_t why_len)
{
    const struct sim_run_result *last = s->n_runs ? s->runs[s->n_runs - 1]
                                                  : NULL;
    char path[4096];
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
                                s->runs[i], why, why_len);
        if (rc)
            return rc;
    }
    if (j->o->output_dir) {
        snprintf(path, sizeof path, "%s/%s_sweep.csv", j->o->output_dir,
                 j->o->testname);
        if ((rc = report_sweep_csv(path, &j->cfg, s, why, why_len)) != 0)
            return rc;
    }
    if (last)
        j->meta.n_luns = last->disks;
    return write_json(j, last, s, why, why_len);
}
