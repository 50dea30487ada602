/*
 * session.c - the engine in its own thread, watched and steered live.
 *
 * Threads and ownership
 * ---------------------
 * The session thread owns everything the engine touches: layout, workload,
 * devices, engine, the configuration in force, and a working snapshot
 * (`work`).  The viewer's thread owns nothing but its copies.  They meet in
 * three places, all under one mutex:
 *
 *   snap      the published snapshot: the session thread copies `work`
 *             into it (publish) and bumps seq; the viewer copies it out;
 *   queue     commands the viewer sends; the pause and quit flags are set
 *             directly so that a paused or pacing engine sees them at once;
 *   rec       the measured cells of the current configuration, deep
 *             copies, read by sim_session_save().
 *
 * Neither side ever waits for the other beyond a memcpy of the snapshot
 * (~40 KiB), so drawing cannot stall I/O.
 *
 * The engine's live callback
 * --------------------------
 * The engine calls sim_sess_live_cb() every 100 ms of device time.  It
 * updates the working snapshot (session_view.c) and publishes it; then it
 * paces: on the model, device time is virtual, and the callback sleeps
 * until the wall clock has caught up with it at `speed` (session_pacer.c).
 * It ends the point (SIM_LIVE_STOP) when a command waits or quit is asked;
 * while paused it blocks, which on the model freezes the virtual clock.
 * Every wait is a timed wait on the condition variable, so a command or
 * quit from the viewer is seen at once.
 *
 * What the thread runs is session_walk.c (interactive), session_db.c (a
 * database workload) or session_batch.c (batch); the interactive ones
 * measure each point live through sim_sess_live_point_start and _done
 * (the callback's options, the point's wall clock and buckets started as
 * a run's, its burst facts, cell and snapshot after).  The recorded cells
 * and saving are session_record.c's.
 */
#include "sim/session/session_internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- waiting and publishing --------------------------------------------- */

/* Wait on cv (mu held) for at most ns; the condition variable's clock is
   the default, CLOCK_REALTIME. */
static void timed_wait(sim_session *s, sim_ns ns)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    sim_ns at = (sim_ns)ts.tv_sec * SIM_NS_PER_S + ts.tv_nsec + ns;
    ts.tv_sec = (time_t)(at / SIM_NS_PER_S);
    ts.tv_nsec = (long)(at % SIM_NS_PER_S);
    pthread_cond_timedwait(&s->cv, &s->mu, &ts);
}

static void publish_locked(sim_session *s)
{
    s->snap = s->work;
    s->snap.seq = ++s->seq;
    pthread_cond_broadcast(&s->cv);
}

void sim_sess_publish(sim_session *s)
{
    pthread_mutex_lock(&s->mu);
    publish_locked(s);
    pthread_mutex_unlock(&s->mu);
}

/* The engine's live callback: show, pace, obey. */
int sim_sess_live_cb(void *arg, const struct sim_live *lv)
{
    sim_session *s = arg;
    sim_sess_observe(s, lv);
    return sim_sess_hold(s, lv->now_ns);
}

int sim_sess_hold(sim_session *s, sim_ns dev_now_ns)
{
    pthread_mutex_lock(&s->mu);
    publish_locked(s);
    bool was_paused = false;
    while (!s->quit && s->queued == 0 && s->paused) {
        if (!s->work.paused) {
            s->work.paused = true;
            publish_locked(s);
        }
        was_paused = true;
        timed_wait(s, 200 * SIM_NS_PER_MS);
    }
    if (was_paused) {
        s->work.paused = false;
        publish_locked(s);
    }
    if (s->quit || s->queued > 0) {
        pthread_mutex_unlock(&s->mu);
        return SIM_LIVE_STOP;
    }
    pthread_mutex_unlock(&s->mu);
    if (was_paused) {
        sim_pacer_anchor(&s->pacer, dev_now_ns);
        s->speed_mark_wall_s = 0;   /* the speed reached: not across a pause */
    }
    if (!s->paced)
        return SIM_LIVE_CONTINUE;
    for (;;) {
        sim_ns d = sim_pacer_delay_ns(&s->pacer, dev_now_ns);
        if (d <= 0)
            return SIM_LIVE_CONTINUE;
        pthread_mutex_lock(&s->mu);
        bool stop = s->quit || s->queued > 0;
        bool pause = s->paused;
        if (!stop && !pause)
            timed_wait(s, d < 100 * SIM_NS_PER_MS ? d : 100 * SIM_NS_PER_MS);
        pthread_mutex_unlock(&s->mu);
        if (stop)
            return SIM_LIVE_STOP;
        if (pause)
            return SIM_LIVE_CONTINUE;   /* the next call pauses */
    }
}

/* ---- a point measured live ------------------------------------------------- */

void sim_sess_live_point_start(sim_session *s, struct sim_point_opts *o)
{
    *o = s->setup.run.point;        /* cell_ns (create) */
    o->live = sim_sess_live_cb;
    o->live_arg = s;
    o->live_every_ns = SIM_LIVE_EVERY_NS;
    s->point_wall_start_s = sim_sess_wall_s();
    sim_burst_point_start(&s->setup.run, &s->parts.sp.ds);     /* as a run does */
}

void sim_sess_live_point_done(sim_session *s, struct sim_point_result *r, bool record)
{
    sim_point_burst_facts(&s->parts.sp.ds, s->parts.sp.engine, r);
    if (record)
        sim_sess_rec_add(s, r);
    sim_sess_note_point(s, r, s->setup.run.disks);
}

/* ---- the engine thread ---------------------------------------------------- */

static void *session_thread(void *arg)
{
    sim_session *s = arg;
    s->wall_start_s = sim_sess_wall_s();
    if (s->cfg.replay)
        sim_sess_replay_main(s);
    else if (s->cfg.batch)
        sim_sess_batch_main(s);
    else
        sim_sess_interactive_main(s);
    if (s->parts.open)
        sim_sess_parts_close(&s->parts);
    if (s->work.state != SIM_SESS_FAILED)
        s->work.state = SIM_SESS_DONE;
    s->work.paused = false;
    sim_sess_publish(s);
    return NULL;
}

/* ---- public ------------------------------------------------------------------ */

int sim_session_create(const struct sim_session_cfg *cfg, sim_session **out,
                       char *why, size_t why_len)
{
    if (!cfg->setup.run.backend || (cfg->counts && (cfg->n_counts < 1 || cfg->n_counts > SIM_MAX_SWEEP)) ||
        (!cfg->batch && cfg->cell_ns <= 0) || cfg->speed < 0) {
        snprintf(why, why_len, "session: needs a backend, 1..%d disk counts, "
                 "a cell time > 0 and a speed >= 0", SIM_MAX_SWEEP);
        return -EINVAL;
    }
    sim_session *s = calloc(1, sizeof(*s));
    if (!s) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv, NULL);
    s->cfg = *cfg;
    if (cfg->counts) {
        memcpy(s->counts, cfg->counts, (size_t)cfg->n_counts * sizeof(int));
        s->cfg.counts = s->counts;
    }
    s->setup = cfg->setup;
    /* the live walk visits the matrix as built: ORION's levels (the
       extension to saturation, levels.h, is sim_run's), and what the
       session records says so */
    s->setup.run.levels = SIM_LEVELS_ORION;
    /* an interactive point is measured for cell_ns, never to a confidence
       target: the configuration in force says so, and so do the saves
       made from it (their duration per point) */
    if (!cfg->batch) {
        s->setup.run.point.duration_ns = cfg->cell_ns;
        s->setup.run.point.auto_duration = false;
    }
    s->paced = cfg->speed > 0 && dev_has(cfg->setup.run.backend, DEV_CAP_VIRTUAL_CLOCK);
    sim_pacer_init(&s->pacer, s->paced ? cfg->speed : 0);
    s->db_pct = 100;
    s->db_pct_max = SIM_SESSION_DB_PCT_MAX;
    s->rec_cfg = s->setup;
    s->work.interactive = !cfg->batch;
    s->work.state = SIM_SESS_STARTING;
    s->work.eta_s = -1;
    s->work.slowest_disk = -1;
    s->work.n_runs = 1;
    sim_strip_init(&s->work.strip, 0, (double)SIM_SNAP_SERIES_NS / 1e9);
    burst_detector_init(&s->detector);
    sim_sess_describe_config(s);
    sim_sess_clear_matrix(&s->work, NULL);
    s->snap = s->work;
    *out = s;
    return 0;
}

int sim_session_start(sim_session *s)
{
    if (s->started)
        return -EALREADY;
    int rc = pthread_create(&s->thread, NULL, session_thread, s);
    if (rc != 0)
        return -rc;
    s->started = true;
    return 0;
}

void sim_session_snapshot(sim_session *s, struct sim_snapshot *out)
{
    pthread_mutex_lock(&s->mu);
    *out = s->snap;
    pthread_mutex_unlock(&s->mu);
}

/* A batch run (not a sweep) of a database workload: it takes the load
   command (session_db.c). */
static bool batch_db_run(const sim_session *s)
{
    return sim_run_db(&s->cfg.setup.run) && !s->cfg.counts && !s->cfg.replay;
}

int sim_session_send(sim_session *s, const struct sim_cmd *cmd)
{
    int rc = 0;
    pthread_mutex_lock(&s->mu);
    if (cmd->kind == SIM_CMD_PAUSE) {
        s->paused = cmd->a < 0 ? !s->paused : cmd->a != 0;
    } else if (cmd->kind == SIM_CMD_QUIT) {
        s->quit = true;
    } else if (s->cfg.batch && !(batch_db_run(s) && (cmd->kind == SIM_CMD_DB_LOAD ||
                                                     cmd->kind == SIM_CMD_RESTART))) {
        rc = -ENOTSUP;
    } else if (s->queued == QUEUE_LEN) {
        rc = -EAGAIN;
    } else {
        s->queue[s->queued++] = *cmd;
    }
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
    return rc;
}

uint64_t sim_session_wait(sim_session *s, uint64_t seq, int timeout_ms)
{
    pthread_mutex_lock(&s->mu);
    if (s->seq <= seq && timeout_ms > 0)
        timed_wait(s, (sim_ns)timeout_ms * SIM_NS_PER_MS);
    uint64_t now = s->seq;
    pthread_mutex_unlock(&s->mu);
    return now;
}

void sim_session_stop(sim_session *s)
{
    struct sim_cmd q = { .kind = SIM_CMD_QUIT };
    sim_session_send(s, &q);
    if (s->started && !s->joined) {
        pthread_join(s->thread, NULL);
        s->joined = true;
    }
}

int sim_session_take(sim_session *s, struct sim_run_result **run,
                     struct sim_sweep_result **sweep, char *why, size_t why_len)
{
    if (s->started && !s->joined) {
        pthread_join(s->thread, NULL);
        s->joined = true;
    }
    pthread_mutex_lock(&s->mu);
    int rc = s->batch_rc;
    snprintf(why, why_len, "%s", s->batch_why);
    if (run)
        *run = s->batch_run;
    if (sweep)
        *sweep = s->batch_sweep;
    s->batch_run = NULL;
    s->batch_sweep = NULL;
    pthread_mutex_unlock(&s->mu);
    return rc;
}

void sim_session_destroy(sim_session *s)
{
    if (!s)
        return;
    sim_session_stop(s);
    sim_run_free(s->batch_run);
    sim_sweep_free(s->batch_sweep);
    sim_sess_rec_free(s);
    pthread_mutex_destroy(&s->mu);
    pthread_cond_destroy(&s->cv);
    free(s);
}
