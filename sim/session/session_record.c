/*
 * session_record.c - the measured cells of the configuration in force,
 * and saving them as a batch run would.
 *
 * The interactive session records each finished point as a deep copy in
 * s->rec, one entry per matrix cell (a cell measured again replaces its
 * entry), under the mutex, because sim_session_save() reads it from the
 * viewer's thread.  A rebuild starts a new record tied to the new
 * configuration (rec_cfg), so a set of files always describes one disk
 * group; the record it ends is kept (s->kept, up to SIM_SESS_KEPT_MAX),
 * and a save writes each kept record as a set of its own before the
 * current one, forgetting each once written, and marks the one in force
 * written (its version, the cells recorded in it: a cell recorded since
 * makes it a set to write again, not the same one): after tuning,
 * quitting saves what was measured before it too, not "no point has
 * finished"; a save that failed part way leaves the next one what it
 * did not write, and only that; and a quit after a save writes nothing
 * measured before it again.  A set written in a failure on the
 * dashboard says so (report_live_fail: the phase its cells were
 * measured in, recorded with them).
 * A database workload's record is its one point (session_db.c), saved as
 * its batch run is: summary.txt, classes.csv and the results JSON instead
 * of ORION's files and the HTML report.
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

#include "sim/report/report.h"
#include "sim/report/report_writers.h"

static void rec_free(struct sim_run_result *rec)
{
    for (int i = 0; i < rec->n_points; i++)
        sim_point_result_free(&rec->points[i]);
    free(rec->points);
    rec->points = NULL;
    rec->n_points = 0;
}

/* Whether the record in force holds cells no save has written. */
static bool rec_unsaved_locked(const sim_session *s)
{
    return s->rec.n_points > 0 && s->rec_version != s->rec_saved_version;
}

/* Move the record that ends, if it has cells not written yet, to the
   kept ones. */
static void rec_keep_locked(sim_session *s)
{
    if (!rec_unsaved_locked(s))
        return;
    if (s->n_kept == SIM_SESS_KEPT_MAX) {
        rec_free(&s->kept[0].rec);
        memmove(s->kept, s->kept + 1, (SIM_SESS_KEPT_MAX - 1) * sizeof(*s->kept));
        s->n_kept--;
    }
    s->kept[s->n_kept].rec = s->rec;
    s->kept[s->n_kept].cfg = s->rec_cfg;
    s->kept[s->n_kept].id = s->rec_id;
    s->kept[s->n_kept].version = s->rec_version;
    s->kept[s->n_kept].fail = s->rec_fail;
    s->n_kept++;
    s->rec.points = NULL;
    s->rec.n_points = 0;
    s->rec_cap = 0;
}

void sim_sess_rec_restart(sim_session *s, int n_cells)
{
    pthread_mutex_lock(&s->mu);
    rec_keep_locked(s);
    rec_free(&s->rec);
    s->rec_cap = 0;
    s->rec_cfg = s->setup;
    s->rec_id = ++s->kept_ids;
    s->rec_version = s->rec_saved_version = 0;
    s->rec_fail = (struct report_live_fail){ .phase = SIM_PHASE_BEFORE };
    s->rec.points = malloc((size_t)n_cells * sizeof(*s->rec.points));
    if (s->rec.points)
        s->rec_cap = n_cells;
    pthread_mutex_unlock(&s->mu);
}

static int copy_result(struct sim_point_result *dst, const struct sim_point_result *src)
{
    *dst = *src;
    dst->timeline = NULL;           /* the record keeps no timelines */
    dst->hosts = NULL;              /* nor a cluster's hosts */
    dst->n_hosts = 0;
    dst->disk = calloc((size_t)src->disks, sizeof(*dst->disk));
    if (!dst->disk)
        return -ENOMEM;
    memcpy(dst->disk, src->disk, (size_t)src->disks * sizeof(*dst->disk));
    return 0;
}

void sim_sess_rec_add(sim_session *s, const struct sim_point_result *r)
{
    struct report_live_fail fail;
    sim_sess_fail_report(s, &fail);
    pthread_mutex_lock(&s->mu);
    int i = 0;
    bool added = false;
    while (i < s->rec.n_points &&
           (s->rec.points[i].small != r->small || s->rec.points[i].large != r->large))
        i++;
    if (i < s->rec.n_points) {
        struct sim_point_result c;
        if ((added = copy_result(&c, r) == 0)) {
            sim_point_result_free(&s->rec.points[i]);
            s->rec.points[i] = c;
        }
    } else if (i < s->rec_cap && copy_result(&s->rec.points[i], r) == 0) {
        s->rec.n_points++;
        added = true;
    }
    if (added) {
        s->rec_version++;
        s->rec_fail = fail;
    }
    pthread_mutex_unlock(&s->mu);
}

void sim_sess_rec_free(sim_session *s)
{
    rec_free(&s->rec);
    for (int k = 0; k < s->n_kept; k++)
        rec_free(&s->kept[k].rec);
    s->n_kept = 0;
}

int sim_session_saveable(sim_session *s, int *sets)
{
    pthread_mutex_lock(&s->mu);
    bool unsaved = rec_unsaved_locked(s);
    int points = unsaved ? s->rec.n_points : 0;
    *sets = s->n_kept + unsaved;
    for (int k = 0; k < s->n_kept; k++)
        points += s->kept[k].rec.n_points;
    pthread_mutex_unlock(&s->mu);
    return points;
}
/* What the writer table's hooks are given: the set, and its message. */
struct saving {
    const struct report_meta *meta;
    const struct sim_setup *cfg;
    const struct sim_run_result *r;
    const char *dir;
    char *why;
    size_t why_len;
    bool failed;
};

static int results_json(void *arg, const sim_stop_flag *stop, char **text, char *why,
                        size_t why_len)
{
    const struct saving *sv = arg;

    (void)stop;
    return report_json_text(sv->meta, sv->cfg, sv->r, NULL, text, why, why_len);
}

static void on_failed(void *arg, int rc, const char *why)
{
    struct saving *sv = arg;

    (void)rc;
    if (!sv->failed)
        snprintf(sv->why, sv->why_len, "%s", why);
    sv->failed = true;
}

static void on_done(void *arg, enum report_out k, const char *tag, int n)
{
    const struct saving *sv = arg;

    (void)k;
    (void)n;
    snprintf(sv->why, sv->why_len, "saved %d point%s to %s/%s_%s_*", sv->r->n_points,
             sv->r->n_points == 1 ? "" : "s", sv->dir, sv->meta->testname, tag);
}

/* ORION's files, the results JSON and its HTML report (html.h: the page
   of `--report` and `asmsim report`), placed together in dir under the
   stamp (or the stamp with a suffix: report_util.c, never overwriting),
   all or none, through the writer table (report_writers.h); on success
   why says where they went. */
static int save_staged(const char *dir, const struct report_meta *meta,
                       const struct sim_setup *cfg,
                       const struct sim_run_result *r, char *why,
                       size_t why_len)
{
    struct saving sv = { meta, cfg, r, dir, why, why_len, false };
    /* a database workload's files as its run's (cli_results.c): its
       summary and classes, no ORION files and no HTML page (the page
       does not read its classes yet) */
    unsigned files = sim_run_db(&cfg->run)
        ? REPORT_OUT_BIT(REPORT_OUT_DB_SUMMARY) | REPORT_OUT_BIT(REPORT_OUT_CLASSES_CSV)
        : REPORT_OUT_BIT(REPORT_OUT_ORION) | REPORT_OUT_BIT(REPORT_OUT_PAGE);
    const struct report_request q = {
        .outs = files | REPORT_OUT_BIT(REPORT_OUT_RESULTS_JSON),
        .dir = dir, .whole_set = true, .failed = on_failed, .done = on_done, .arg = &sv,
    };
    const struct report_doc d = {
        .meta = meta, .what = "results JSON", .json_text = results_json, .json_arg = &sv,
        .page_name = meta->testname, .cfg = cfg, .run = r,
    };
    return report_write_outputs(&q, &d);
}

/* A set a save writes: a record's cells copied out under the lock, the
   configuration they were measured in, the failure then, and what marks
   it written (its id, its version: a record that gained a cell since
   the copy is not written yet). */
struct save_set {
    struct sim_run_result r;
    struct sim_setup cfg;
    struct report_live_fail fail;
    uint64_t id, version;
    bool kept;                      /* a record before tuning */
};

/* Set `x` has been written: a kept record is forgotten, the one in force
   marked written (sim_session_saveable and the quit do not write it
   again until a cell is recorded in it).  By id, not place: meanwhile
   the engine may have kept more, or dropped the oldest to make room, or
   kept the one that was in force. */
static void mark_written(sim_session *s, const struct save_set *x)
{
    pthread_mutex_lock(&s->mu);
    if (s->rec_id == x->id && s->rec_saved_version < x->version)
        s->rec_saved_version = x->version;
    for (int k = 0; k < s->n_kept; k++)
        if (s->kept[k].id == x->id && s->kept[k].version == x->version) {
            rec_free(&s->kept[k].rec);
            memmove(s->kept + k, s->kept + k + 1,
                    (size_t)(s->n_kept - k - 1) * sizeof(*s->kept));
            s->n_kept--;
            break;
        }
    pthread_mutex_unlock(&s->mu);
}

/* A deep copy of rec's cells in r (the caller holds the lock): 0 or
   -ENOMEM, r holding what was copied either way. */
static int copy_record(struct sim_run_result *r, const struct sim_run_result *rec)
{
    int rc = 0;

    r->points = calloc((size_t)(rec->n_points ? rec->n_points : 1), sizeof(*r->points));
    for (int i = 0; r->points && i < rec->n_points && rc == 0; i++) {
        rc = copy_result(&r->points[i], &rec->points[i]);
        if (rc == 0)
            r->n_points++;
    }
    return r->points ? rc : -ENOMEM;
}

/* The command line of set x, malloc'd: the viewer's (command_line_of:
   the tuned settings) or the launch's, and in a failure the comment
   that says so (no option of tui makes one). */
static char *set_command_line(sim_session *s, const struct save_set *x)
{
    char *tuned = s->cfg.command_line_of
                      ? s->cfg.command_line_of(s->cfg.command_line_arg, &x->cfg) : NULL;
    const char *line = tuned ? tuned : s->cfg.command_line ? s->cfg.command_line
                                                           : "asmsim tui";
    char comment[256];
    report_live_fail_comment(&x->fail, comment, sizeof comment);
    size_t len = strlen(line) + strlen(comment) + 1;
    char *out = malloc(len);
    if (out)
        snprintf(out, len, "%s%s", line, comment);
    free(tuned);
    return out;
}

/* Write set x (its cells freed here) as a batch run would: 0 with
   "saved N points to DIR/NAME_*" in why. */
static int save_record(sim_session *s, struct save_set *x, char *why, size_t why_len)
{
    const struct sim_setup *cfg = &x->cfg;
    struct sim_run_result *r = &x->r;
    int rc;
    /* the matrix the cells were measured in, as sim_run's */
    if ((rc = sim_run_matrix(&cfg->run, &r->matrix, why, why_len)) < 0)
        goto out;
    r->disks = cfg->run.disks;
    r->incomplete = r->n_points < r->matrix->n_points;
    sim_run_summarise(r, &cfg->run);

    char (*names)[112] = calloc((size_t)cfg->run.disks, sizeof(*names));
    const char **luns = calloc((size_t)cfg->run.disks, sizeof(*luns));
    char *line = set_command_line(s, x);
    if (!names || !luns || !line) {
        snprintf(why, why_len, "out of memory");
        rc = -ENOMEM;
        goto out_free;
    }
    char size[32];
    prof_format_size(cfg->volume.size_bytes, size, sizeof(size));
    for (int d = 0; d < cfg->run.disks; d++) {
        snprintf(names[d], sizeof(names[d]), "DATA_%04d (%s %s)", d, cfg->volume.type, size);
        luns[d] = names[d];
    }
    struct report_meta meta = {
        .testname = s->cfg.testname ? s->cfg.testname : "asmsim",
        .command_line = line,
        .version = s->cfg.version ? s->cfg.version : "unknown",
        .luns = luns,
        .n_luns = cfg->run.disks,
        .echo = s->cfg.echo,
        .n_echo = s->cfg.n_echo,
        .live_fail = &x->fail,
    };
    report_stamp_now(&meta);
    const char *dir = s->cfg.output_dir ? s->cfg.output_dir : ".";
    if ((rc = report_mkdir_p(dir)) < 0)
        snprintf(why, why_len, "%s: cannot create the directory: %s", dir, strerror(-rc));
    else
        rc = save_staged(dir, &meta, cfg, r, why, why_len);
out_free:
    free(names);
    free(luns);
    free(line);
out:
    rec_free(r);
    wl_matrix_free(r->matrix);
    return rc;
}

/* What a save writes, copied out under the lock: the kept records,
   oldest first, then the one in force (last), its cells only when no
   save wrote them yet.  Their number, or -ENOMEM (x holding what was
   copied). */
static int copy_out(sim_session *s, struct save_set *x)
{
    int n, rc = 0;

    pthread_mutex_lock(&s->mu);
    for (n = 0; n < s->n_kept; n++) {
        x[n].cfg = s->kept[n].cfg;
        x[n].fail = s->kept[n].fail;
        x[n].id = s->kept[n].id;
        x[n].version = s->kept[n].version;
        x[n].kept = true;
        rc = copy_record(&x[n].r, &s->kept[n].rec) ? -ENOMEM : rc;
    }
    x[n].cfg = s->rec_cfg;
    x[n].fail = s->rec_fail;
    x[n].id = s->rec_id;
    x[n].version = s->rec_version;
    static const struct sim_run_result none;
    rc = copy_record(&x[n++].r, rec_unsaved_locked(s) ? &s->rec : &none) ? -ENOMEM : rc;
    pthread_mutex_unlock(&s->mu);
    return rc < 0 ? rc : n;
}

/* Why there is nothing to save: no point finished, or none since the
   last save wrote them. */
static void nothing_text(sim_session *s, char *buf, size_t len)
{
    pthread_mutex_lock(&s->mu);
    bool written = s->rec.n_points > 0 && !rec_unsaved_locked(s);
    pthread_mutex_unlock(&s->mu);
    snprintf(buf, len, "%s", written ? "nothing new: the last save wrote every point "
                                       "measured, none has finished since"
                                     : "nothing measured yet: no point has finished");
}

/* Each set is forgotten (or marked written) once it is written, so a
   save that fails part way leaves for the next exactly what it did not
   write (forgetting them all only on success, the next save wrote the
   written ones again, and the message named only the failure), and a
   quit after a save does not write the same set again; after a failure
   it writes no more, and its message says what it wrote and what not. */
int sim_session_save(sim_session *s, char *why, size_t why_len)
{
    struct save_set *x = calloc(SIM_SESS_KEPT_MAX + 1, sizeof(*x));
    char failed[WHY_LEN * 2] = "out of memory";
    int n = x ? copy_out(s, x) : -ENOMEM, rc = n < 0 ? n : -ENODATA, left = 0;
    size_t used = 0;

    for (int i = 0; i < n; i++)
        rc = x[i].r.n_points > 0 ? 0 : rc;
    if (rc == -ENODATA)
        nothing_text(s, failed, sizeof(failed));
    for (int i = 0; x && i < SIM_SESS_KEPT_MAX + 1; i++) {  /* all: a failed copy's too */
        char msg[WHY_LEN * 2];
        int points = x[i].r.n_points;
        if (rc < 0 || points == 0) {
            left += points;
            rec_free(&x[i].r);
        } else if ((rc = save_record(s, &x[i], msg, sizeof(msg))) < 0) {
            left += points;
            snprintf(failed, sizeof(failed), "%s", msg);
        } else {
            mark_written(s, &x[i]);
            if (used < why_len)
                used += (size_t)snprintf(why + used, why_len - used, "%s%s%s",
                                         used ? "; " : "", x[i].kept ? "before tuning: " : "",
                                         msg);
        }
    }
    free(x);
    if (rc < 0 && used < why_len && left > 0)
        snprintf(why + used, why_len - used, "%s%d point%s not saved: %s", used ? "; " : "",
                 left, left == 1 ? "" : "s", failed);
    else if (rc < 0 && used < why_len)
        snprintf(why + used, why_len - used, "%s%s", used ? "; " : "", failed);
    return rc;
}
