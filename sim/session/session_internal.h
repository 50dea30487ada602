/*
 * session_internal.h - the session handle and what the session_*.c
 * modules share; nobody outside them includes it.
 *
 * Who does what:
 *
 *   session.c         the handle's life, the engine thread, the meeting
 *                     point with the viewer (snapshot, command queue,
 *                     pause and quit flags) and the engine's live callback
 *   session_view.c    the working snapshot: configuration, live figures,
 *                     time series, per-disk rows, matrix cells, ETA
 *   session_walk.c    interactive: commands, rebuilds, the matrix walk
 *   session_db.c      a database workload: its one point, live, and
 *                     every class's load scaled (interactive and batch)
 *   session_batch.c   batch: sim_run / sim_sweep with live progress
 *   session_check.c   a configuration a command asks for, checked as
 *                     the command line checks it
 *   session_record.c  the measured cells of the configuration in force,
 *                     and sim_session_save() of them
 *   session_pacer.c   the wall clock, and pacing device time to it
 *   session_replay.c  a forecast played on the dashboard at a speed
 *   session_credits.c the burst buckets and the binding limit, tick by
 *                     tick: gauges, their rates, events (burst_events.c)
 *   time_strip.c      the whole session's figures in bounded memory
 *
 * Locking: fields marked "under mu" are read and written only with mu
 * held; "the session thread's own" only by the session thread (and by
 * sim_session_create before it starts).  The functions declared here take
 * mu themselves where they need it; none expects it held.
 */
#ifndef ASMSIM_SIM_SESSION_INTERNAL_H
#define ASMSIM_SIM_SESSION_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/report/report.h"
#include "sim/session/session.h"

#define QUEUE_LEN 32                        /* commands not yet applied */
#define WHY_LEN 256                         /* reason buffers */
#define SIM_SESS_KEPT_MAX 8                 /* earlier configurations' records
                                               kept for a save (oldest dropped) */

/* What a run is made of, and the matrix of its disk count. */
struct parts {
    struct sim_parts sp;            /* layout, workload, devices, engine */
    struct wl_matrix *matrix;
    int max_small, max_large;       /* the largest load the pools hold:
                                       small I/Os, large loads (streams) */
    bool open;
};

/* A disk lost on the dashboard (session_fail.c): the session thread's. */
struct sess_fail {
    enum sim_fail_phase phase;      /* SIM_PHASE_BEFORE: nothing failed */
    int disk;                       /* the first group's, lost */
    int power;                      /* the rebalance's, 1..SIM_POWER_MAX */
    uint32_t au_bytes;              /* the copies' I/O */
    bool reopen;                    /* the phase changed: open the parts
                                       again (session_db.c clears it) */
    struct sim_engine_fail ef;      /* what the phase's engine reads */
    int map[LAY_MAX_DISKS];         /* RESTORED: failure groups afresh */
    struct sim_setup before;        /* the setup when the disk failed */
    double moved_bytes, done_bytes; /* the rebalance: to copy, copied */
    double copy_mbps;               /* copies' writes, the last window */
};

struct sim_session {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    pthread_t thread;
    bool started, joined;

    struct sim_session_cfg cfg;
    int counts[SIM_MAX_SWEEP];

    /* shared, under mu */
    struct sim_snapshot snap;
    uint64_t seq;
    struct sim_cmd queue[QUEUE_LEN];
    int queued;
    bool quit, paused;
    struct sim_run_result rec;      /* points of rec_cfg's matrix; no matrix */
    int rec_cap;
    struct sim_setup rec_cfg;
    uint64_t rec_id;                /* the record's, from kept_ids: kept
                                       with it */
    uint64_t rec_version;           /* cells recorded in it so far */
    uint64_t rec_saved_version;     /* rec_version when a save wrote it:
                                       equal, nothing new to write */
    struct report_live_fail rec_fail;   /* a disk lost on the dashboard
                                       when its last cell was measured */
    /* the records of earlier configurations (before a retune), oldest
       first, until a save writes them: what was measured is not lost by
       tuning (session_record.c) */
    struct sim_rec_kept {
        struct sim_run_result rec;
        struct sim_setup cfg;
        uint64_t id;                /* 1, 2, ...: a save forgets by it */
        uint64_t version;           /* its rec_version when kept */
        struct report_live_fail fail;
    } kept[SIM_SESS_KEPT_MAX];
    int n_kept;
    uint64_t kept_ids;              /* ids given so far */
    int batch_rc;
    char batch_why[WHY_LEN];
    struct sim_run_result *batch_run;
    struct sim_sweep_result *batch_sweep;

    /* the session thread's own */
    struct sim_setup setup;       /* in force */
    struct parts parts;
    struct sim_snapshot work;
    struct sim_pacer pacer;
    bool paced;
    bool pinned;
    bool held;                      /* pinned because the walk ended, not by a
                                       load command */
    struct wl_point pin;
    char passed_over[WHY_LEN];      /* a level a command passed over, said
                                       with the rebuild's message */
    int walk_index;
    bool have_origin;
    sim_ns dev_origin_ns, dev_last_ns, dev_base_ns;
    double wall_start_s;
    int points_done;
    double points_wall_s, point_wall_start_s;
    /* interval figures for the time series */
    sim_ns sample_window_ns;        /* window the baseline belongs to */
    sim_ns sample_at_ns;            /* device time of the baseline */
    uint64_t sample_ios[WL_CLASSES], sample_bytes[WL_CLASSES];
    struct hist sample_hist, hist_now, hist_delta;
    double speed_mark_dev_s, speed_mark_wall_s;     /* speed_reached's start */
    /* burst buckets and events (session_credits.c) */
    struct burst_detector detector;
    sim_ns credit_tick_at_ns;       /* device time of the last tick */
    bool credit_ticked;             /* since the last reset */
    bool credit_new_load;           /* the load changed: restart the meter */
    sim_ns credit_meter_at_ns;      /* the limit meter's interval began */
    struct wl_point credit_point;   /* the load of the last point started */
    bool credit_in_point;           /* credit_point_start_ns is known */
    sim_ns credit_point_start_ns;   /* that point's start (sim_live) */
    double credit_prev_s;           /* session time of the last tick */
    double credit_prev_level[SIM_SNAP_BUCKETS];
    /* a database workload (session_db.c) */
    int db_pct;                     /* the loads in force, % of the
                                       workload's; under mu too: written
                                       with it held, read by
                                       sim_session_db_load */
    int db_pct_max;                 /* the most the parts' pools hold */
    struct sess_fail fail;          /* a disk lost (session_fail.c) */
    /* batch */
    int batch_run_index;
    double batch_best_mbps, batch_best_iops;
};

/* ---- session.c ------------------------------------------------------------ */

/* Copy the working snapshot into the published one and wake waiters. */
void sim_sess_publish(sim_session *s);

/* The engine's live callback (engine.h): show, pace, obey.  arg is the
   session. */
int sim_sess_live_cb(void *arg, const struct sim_live *lv);

/* A point about to be measured live on the session's parts: *o the
   run's point options (cell_ns set at create) reporting to
   sim_sess_live_cb every SIM_LIVE_EVERY_NS, the point's wall clock and
   its burst buckets started as a run starts a point. */
void sim_sess_live_point_start(sim_session *s, struct sim_point_opts *o);

/* A point measured live to its end (the engine's 0): its burst facts into
   r, r recorded as a cell when `record` (session_record.c), and noted in
   the working snapshot. */
void sim_sess_live_point_done(sim_session *s, struct sim_point_result *r, bool record);

/* Publish the working snapshot, wait out a pause, and pace device time
   dev_now_ns to the wall clock; SIM_LIVE_STOP when quit (or a command) is
   asked, else SIM_LIVE_CONTINUE. */
int sim_sess_hold(sim_session *s, sim_ns dev_now_ns);

/* ---- session_view.c: the working snapshot ---------------------------------- */

/* The message line of the working snapshot. */
void sim_sess_say(sim_session *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The configuration in force (s->setup), into the working snapshot. */
void sim_sess_describe_config(sim_session *s);

/* Levels of matrix m (none if NULL), every cell not measured yet. */
void sim_sess_clear_matrix(struct sim_snapshot *w, const struct wl_matrix *m);

/* A finished point of `disks` disks: its cell, the sweep curve, and the
   per-point wall time behind the ETA. */
void sim_sess_note_point(sim_session *s, const struct sim_point_result *r,
                         int disks);

/* Device seconds since the session began, across engines whose clocks
   start again at each rebuild; a new clock re-anchors the pacer. */
double sim_sess_device_seconds(sim_session *s, sim_ns now_ns);

/* What the engine reports, into the working snapshot (not published). */
void sim_sess_observe(sim_session *s, const struct sim_live *lv);

/* One time-series sample covering dt_s: the last minute and the strip of
   the whole session. */
void sim_sess_push_sample(sim_session *s, const struct sim_snap_sample *x, double dt_s);

/* ---- session_credits.c: buckets, rates, events ----------------------------- */

/* What the engine reports, for the buckets and the binding limit: when a
   tick of device time has passed since the last reading, gauges, rates
   and events into the working snapshot; a new point (lv->point_start_ns)
   is noticed here. */
void sim_sess_credits_observe(sim_session *s, const struct sim_live *lv, double device_s);

/* A backend's bucket as the detector reads it: its rates with credits
   and without in the unit it is told in (burst_unit). */
void sim_sess_bucket_reading(const struct dev_bucket *b, struct burst_reading *r);

/* Log an event told in words (text without its time) at t_s: the log's
   newest, and the message line. */
void sim_sess_log_event(sim_session *s, enum burst_event_kind kind, double t_s,
                        const char *text);

/* The devices were rebuilt: every bucket is new. */
void sim_sess_credits_reset(sim_session *s);

/* ---- session_walk.c, session_batch.c: what the thread runs ------------------- */

void sim_sess_interactive_main(sim_session *s);
void sim_sess_db_main(sim_session *s);         /* session_db.c */
void sim_sess_parts_close(struct parts *p);

/* Quit asked by the viewer or the stop flag (a signal). */
bool sim_sess_quit_asked(sim_session *s);

/* Take the queued commands out (at most QUEUE_LEN, in the order sent);
   how many. */
int sim_sess_take_commands(sim_session *s, struct sim_cmd *q);

/* ---- session_db.c: a database workload ---------------------------------------- */

/* The workload's loads `base` at pct %: open rates x pct / 100, closed
   loads rounded, at least 1. */
void sim_sess_db_scale(const struct sim_class_load *base, int pct,
                       struct sim_class_load *out);

/* The loads in force at pct % of the workload's (s->cfg.setup), into
   s->setup and the working snapshot. */
void sim_sess_db_set_pct(sim_session *s, int pct);

/* A batch run stopped (rc 1 from sim_run): when it stopped for queued
   commands, not a quit, apply them and return true (run again at the
   loads now in force). */
bool sim_sess_db_batch_again(sim_session *s);

/* The classes and groups in force, into the working snapshot. */
void sim_sess_db_describe(sim_session *s);
void sim_sess_replay_main(sim_session *s);     /* session_replay.c */
void sim_sess_batch_main(sim_session *s);

/* ---- session_fail.c: a disk lost on the dashboard ----------------------------- */

/* SIM_CMD_FAIL or SIM_CMD_POWER: the phase or power in force, said on
   the message line; true when the parts must open again (fail.reopen). */
bool sim_sess_fail_cmd(sim_session *s, const struct sim_cmd *c);
/* The copy class's load added to `load` while rebalancing. */
void sim_sess_fail_load(const sim_session *s, struct sim_class_load *load);
/* A measured window: the rebalance's progress (what its copies wrote). */
void sim_sess_fail_window(sim_session *s, const struct sim_point_result *r);
/* After the window is recorded: RESTORED when the rebalance has copied
   all (fail.reopen set). */
void sim_sess_fail_restore_if_done(sim_session *s);
/* The failure into the working snapshot. */
void sim_sess_fail_describe(sim_session *s);
/* The failure in force, as a save tells it (phase SIM_PHASE_BEFORE:
   none). */
void sim_sess_fail_report(const sim_session *s, struct report_live_fail *out);

/* ---- session_record.c: the measured cells ---------------------------------- */

/* Start the record of s->setup, the configuration now in force, with room
   for n_cells; the cells of the one before are kept for a save (the
   oldest of SIM_SESS_KEPT_MAX dropped).  On ENOMEM nothing is recorded. */
void sim_sess_rec_restart(sim_session *s, int n_cells);

/* Record (a deep copy of) r, replacing the cell's earlier result. */
void sim_sess_rec_add(sim_session *s, const struct sim_point_result *r);

/* Free the recorded cells, the kept records and their arrays. */
void sim_sess_rec_free(sim_session *s);

/* ---- session_check.c: a configuration a command asks for -------------------- */

/* Whether the command line would take `next`: its instance and volume,
   disk group, workload and bill.  0 with next->bill made for it (when the
   launch was priced), or -EINVAL with why and next->bill unchanged. */
int sim_sess_check(struct sim_setup *next, char *why, size_t why_len);

/* ---- session_pacer.c: the wall clock ----------------------------------------- */

sim_ns sim_sess_wall_ns(void);      /* CLOCK_MONOTONIC */
double sim_sess_wall_s(void);

#endif
