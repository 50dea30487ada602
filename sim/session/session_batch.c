/*
 * session_batch.c - the batch session: sim_run / sim_sweep carried out as
 * the command line would, watched live.
 *
 * The run itself is sim_run()'s or sim_sweep()'s, unchanged; the session
 * only adds the live callback (figures, pacing, pause and stop) and a
 * progress callback that fills the matrix cells and the sweep curve as
 * points finish.  When a sweep moves to its next disk count the matrix of
 * that count replaces the last one.  The results are handed over whole by
 * sim_session_take(); a stop keeps what was measured (rc 1).  A database
 * workload's run (one point, no matrix) that a load command stopped runs
 * again at the new loads (session_db.c): what is handed over is one
 * whole run at the loads in force.
 */
#include "sim/session/session_internal.h"

#include <stdio.h>

static void batch_level_setup(sim_session *s, int run_index)
{
    char why[WHY_LEN];
    if (sim_run_db(&s->setup.run)) {    /* one point, no matrix */
        sim_sess_clear_matrix(&s->work, NULL);
        sim_sess_db_describe(s);
        s->work.run_index = run_index;
        s->batch_run_index = run_index;
        return;
    }
    struct wl_matrix_cfg mc = s->setup.run.matrix;
    mc.num_disks = s->cfg.counts ? s->counts[run_index] : s->setup.run.disks;
    struct wl_matrix *m = NULL;
    if (wl_matrix_build(&mc, &m, why, sizeof(why)) == 0) {
        sim_sess_clear_matrix(&s->work, m);
        wl_matrix_free(m);
    }
    s->work.disks = mc.num_disks;
    s->work.run_index = run_index;
    s->work.point_index = 0;
    s->batch_run_index = run_index;
}

static void batch_progress(void *arg, int run_index, int point_index,
                           int n_points, const struct sim_point_result *r)
{
    sim_session *s = arg;
    sim_sess_note_point(s, r, s->work.disks);
    s->work.point_index = point_index + 1;
    s->work.n_points = n_points;
    if (point_index + 1 == n_points && s->cfg.counts && run_index + 1 < s->cfg.n_counts)
        batch_level_setup(s, run_index + 1);
    sim_sess_publish(s);
}

void sim_sess_batch_main(sim_session *s)
{
    struct sim_setup cfg = s->setup;
    char why[WHY_LEN] = "";
    struct sim_run_result *run = NULL;
    struct sim_sweep_result *sweep = NULL;
    cfg.run.point.live = sim_sess_live_cb;
    cfg.run.point.live_arg = s;
    cfg.run.point.live_every_ns = SIM_LIVE_EVERY_NS;
    s->work.n_runs = s->cfg.counts ? s->cfg.n_counts : 1;
    batch_level_setup(s, 0);
    sim_sess_publish(s);
    s->point_wall_start_s = sim_sess_wall_s();
    int rc;
    for (;;) {
        rc = s->cfg.counts
            ? sim_sweep_disks(&(struct sim_disk_sweep){ sim_setup_run(&cfg), s->counts,
                                                      s->cfg.n_counts, batch_progress, s },
                              &sweep, why, sizeof(why))
            : sim_run(sim_setup_run(&cfg), batch_progress, s, &run, why, sizeof(why));
        /* a database workload's run stopped for a load command: again at
           the new loads (session_db.c) */
        if (rc != 1 || s->cfg.counts || !sim_run_db(&cfg.run) || !sim_sess_db_batch_again(s))
            break;
        sim_run_free(run);
        run = NULL;
        cfg.run.db.load = s->setup.run.db.load;
        s->point_wall_start_s = sim_sess_wall_s();
        sim_sess_publish(s);
    }
    pthread_mutex_lock(&s->mu);
    s->batch_rc = rc;
    snprintf(s->batch_why, sizeof(s->batch_why), "%s", why);
    s->batch_run = run;
    s->batch_sweep = sweep;
    pthread_mutex_unlock(&s->mu);
    if (rc < 0) {
        sim_sess_say(s, "%s", why);
        s->work.state = SIM_SESS_FAILED;
    } else {
        sim_sess_say(s, rc == 1 ? "stopped; what was measured is kept" : "run complete");
    }
}
