/*
 * session_record.c - the measured cells of the configuration in force,
 * and saving them as a batch run would.
 *
 * The interactive session records each finished point as a deep copy in
 * s->rec, one entry per matrix cell (a cell measured again replaces its
 * entry), under the mutex, because sim_session_save() reads it from the
 * viewer's thread.  A rebuild clears the record and ties it to the new
 * configuration (rec_cfg), so the files always describe one disk group.
 * Saving copies the cells out under the lock and writes the ORION files
 * and the results JSON without it, so the engine is not held up by disk
 * writes; an incomplete matrix is saved as such.  The files name the
 * configuration the cells were measured in (rec_cfg), also in their
 * command line when the viewer supplies command_line_of: after tuning,
 * the command that measures the same again, not the launch command.
 */
#include "sim/session/session_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/report/html.h"
#include "sim/report/report.h"

static void rec_clear_locked(sim_session *s)
{
    for (int i = 0; i < s->rec.n_points; i++)
        sim_point_result_free(&s->rec.points[i]);
    s->rec.n_points = 0;
    s->rec_cfg = s->run;
}

void sim_sess_rec_restart(sim_session *s, int n_cells)
{
    pthread_mutex_lock(&s->mu);
    rec_clear_locked(s);
    struct sim_point_result *pts = realloc(s->rec.points,
        (size_t)n_cells * sizeof(*pts));
    if (pts) {
        s->rec.points = pts;
        s->rec_cap = n_cells;
    }
    pthread_mutex_unlock(&s->mu);
}

static int copy_result(struct sim_point_result *dst, const struct sim_point_result *src)
{
    *dst = *src;
    dst->timeline = NULL;           /* the record keeps no timelines */
    dst->disk = calloc((size_t)src->disks, sizeof(*dst->disk));
    if (!dst->disk)
        return -ENOMEM;
    memcpy(dst->disk, src->disk, (size_t)src->disks * sizeof(*dst->disk));
    return 0;
}

void sim_sess_rec_add(sim_session *s, const struct sim_point_result *r)
{
    pthread_mutex_lock(&s->mu);
    int i = 0;
    while (i < s->rec.n_points &&
           (s->rec.points[i].small != r->small || s->rec.points[i].large != r->large))
        i++;
    if (i < s->rec.n_points) {
        struct sim_point_result c;
        if (copy_result(&c, r) == 0) {
            sim_point_result_free(&s->rec.points[i]);
            s->rec.points[i] = c;
        }
    } else if (i < s->rec_cap && copy_result(&s->rec.points[i], r) == 0) {
        s->rec.n_points++;
    }
    pthread_mutex_unlock(&s->mu);
}

void sim_sess_rec_free(sim_session *s)
{
    for (int i = 0; i < s->rec.n_points; i++)
        sim_point_result_free(&s->rec.points[i]);
    free(s->rec.points);
}
/* The results JSON and the HTML report made from its text (html.h: the
   page of `--report` and `asmsim report`), both into the stage. */
static int save_json_and_page(const char *stage, const struct report_meta *meta,
                              const struct sim_run_cfg *cfg,
                              const struct sim_run_result *r, char *why,
                              size_t why_len)
{
    char path[8192], *json = NULL;
    int rc = report_json_text(meta, cfg, r, NULL, &json, why, why_len);

    if (rc == 0) {
        snprintf(path, sizeof(path), "%s/%s_%s_results.json", stage,
                 meta->testname, meta->stamp);
        rc = report_json_write_text(path, json, why, why_len);
    }
    if (rc == 0) {
        struct html_doc doc = { .name = meta->testname, .json = json };
        snprintf(path, sizeof(path), "%s/%s_%s_report.html", stage,
                 meta->testname, meta->stamp);
        rc = html_report_file(path, &doc, 1, why, why_len);
    }
    free(json);
    return rc;
}

/* ORION's files, the results JSON and its HTML report, placed together
   in dir under the stamp (or the stamp with a suffix: report_util.c,
   never overwriting); on success why says where they went. */
static int save_staged(const char *dir, const struct report_meta *meta,
                       const struct sim_run_cfg *cfg,
                       const struct sim_run_result *r, char *why,
                       size_t why_len)
{
    struct report_stage st;
    char tag[REPORT_TAG_LEN];
    int rc;

    if ((rc = report_stage_open(&st, dir, why, why_len)) < 0)
        return rc;
    rc = report_orion_files(st.path, meta->testname, meta, cfg, r, why, why_len);
    if (rc == 0)
        rc = save_json_and_page(st.path, meta, cfg, r, why, why_len);
    if (rc == 0 && (rc = report_stage_commit(&st, meta->stamp, tag, sizeof(tag),
                                             why, why_len)) >= 0) {
        snprintf(why, why_len, "saved %d point%s to %s/%s_%s_*", r->n_points,
                 r->n_points == 1 ? "" : "s",
                 dir, meta->testname, tag);
        rc = 0;
    }
    report_stage_discard(&st);
    return rc;
}

int sim_session_save(sim_session *s, char *why, size_t why_len)
{
    struct sim_run_result r = { 0 };
    struct sim_run_cfg cfg;
    int rc = 0;

    pthread_mutex_lock(&s->mu);
    cfg = s->rec_cfg;
    r.points = calloc((size_t)(s->rec.n_points ? s->rec.n_points : 1), sizeof(*r.points));
    for (int i = 0; r.points && i < s->rec.n_points && rc == 0; i++) {
        rc = copy_result(&r.points[i], &s->rec.points[i]);
        if (rc == 0)
            r.n_points++;
    }
    pthread_mutex_unlock(&s->mu);
    if (!r.points || rc < 0) {
        snprintf(why, why_len, "out of memory");
        rc = -ENOMEM;
        goto out;
    }
    if (r.n_points == 0) {
        snprintf(why, why_len, "nothing measured yet: no point has finished");
        rc = -ENODATA;
        goto out;
    }
    struct wl_matrix_cfg mc = cfg.matrix;
    mc.num_disks = cfg.disks;
    if ((rc = wl_matrix_build(&mc, &r.matrix, why, why_len)) < 0)
        goto out;
    r.disks = cfg.disks;
    r.incomplete = r.n_points < r.matrix->n_points;
    sim_run_summarise(&r, &cfg);

    char (*names)[112] = calloc((size_t)cfg.disks, sizeof(*names));
    const char **luns = calloc((size_t)cfg.disks, sizeof(*luns));
    if (!names || !luns) {
        free(names);
        free(luns);
        snprintf(why, why_len, "out of memory");
        rc = -ENOMEM;
        goto out;
    }
    char size[32];
    prof_format_size(cfg.volume.size_bytes, size, sizeof(size));
    for (int d = 0; d < cfg.disks; d++) {
        snprintf(names[d], sizeof(names[d]), "DATA_%04d (%s %s)", d, cfg.volume.type, size);
        luns[d] = names[d];
    }
    char *tuned = s->cfg.command_line_of
                      ? s->cfg.command_line_of(s->cfg.command_line_arg, &cfg) : NULL;
    struct report_meta meta = {
        .testname = s->cfg.testname ? s->cfg.testname : "asmsim",
        .command_line = tuned ? tuned
                      : s->cfg.command_line ? s->cfg.command_line : "asmsim tui",
        .version = s->cfg.version ? s->cfg.version : "unknown",
        .luns = luns,
        .n_luns = cfg.disks,
    };
    report_stamp_now(&meta);
    const char *dir = s->cfg.output_dir ? s->cfg.output_dir : ".";
    if ((rc = report_mkdir_p(dir)) < 0) {
        snprintf(why, why_len, "%s: cannot create the directory: %s", dir, strerror(-rc));
        free(names);
        free(luns);
        free(tuned);
        goto out;
    }
    rc = save_staged(dir, &meta, &cfg, &r, why, why_len);
    free(names);
    free(luns);
    free(tuned);
out:
    for (int i = 0; i < r.n_points; i++)
        sim_point_result_free(&r.points[i]);
    free(r.points);
    wl_matrix_free(r.matrix);
    return rc;
}
