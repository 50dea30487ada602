/*
 * session_db.c - a database workload's session: its one point watched
 * live, and every class's load scaled from the dashboard.
 *
 * A database workload (sim_run_db: named classes on disk groups that
 * share one instance) has no ORION matrix: a run of it is one point at
 * the loads the workload gives (run.db.load).  The session measures that
 * point:
 *
 *   interactive (asmsim tui)  opens the parts once (sim_parts_open: a
 *       layout per group, the groups' disks in one device set) and runs
 *       the point with sim_engine_run_classes again and again, each
 *       window of cell_ns recorded in place of the last (one cell,
 *       session_record.c), so a save writes the latest window at the
 *       loads in force;
 *   batch run (asmsim run --tui)  runs sim_run as the command line would
 *       (warm-up, auto duration, burst facts, summary: session_batch.c);
 *       a command stops it and it runs again at the new loads, so the
 *       result handed over is one whole run at the loads in force, which
 *       sim_session_db_load tells the caller.
 *
 * The one tuning command is SIM_CMD_DB_LOAD: every class's load at a
 * percentage of the workload's: open rates x pct / 100, closed loads
 * (outstanding I/Os, or streams) rounded and at least 1.  The loads in
 * force are always made from the workload's (s->cfg.setup) and the
 * percentage, never from the last ones, so steps up and down come back
 * to the same counts.  The interactive parts' closed pools hold the loads
 * at SIM_SESSION_DB_PCT_MAX; when the devices refuse pools that big they
 * hold the workload's own, and a workload with closed classes then goes
 * no higher than 100 % (db_pct_max).  Open classes' pools are the open
 * bound, at any rate.  The interactive session also takes SIM_CMD_FAIL
 * and SIM_CMD_POWER, a disk lost and the rebalance's power
 * (session_fail.c: each phase opens the parts again).  Every other
 * tuning command is refused, with why:
 * a database workload's groups, sizes and volumes come from --group and
 * its workload file, which the dashboard does not rebuild.
 */
#include "sim/session/session_internal.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the loads in force ------------------------------------------------------ */

void sim_sess_db_scale(const struct sim_class_load *base, int pct,
                       struct sim_class_load *out)
{
    *out = *base;
    for (int c = 0; c < base->n; c++) {
        out->rate_iops[c] = base->rate_iops[c] * pct / 100.0;
        if (base->load[c] > 0) {
            long v = lround(base->load[c] * pct / 100.0);
            out->load[c] = v < 1 ? 1 : (int)v;
        }
    }
}

void sim_sess_db_set_pct(sim_session *s, int pct)
{
    sim_sess_db_scale(&s->cfg.setup.run.db.load, pct, &s->setup.run.db.load);
    sim_sess_fail_load(s, &s->setup.run.db.load);
    pthread_mutex_lock(&s->mu);
    s->db_pct = pct;
    pthread_mutex_unlock(&s->mu);
    s->work.db_load_pct = pct;
    s->work.db_load_pct_max = s->db_pct_max;
}

int sim_session_db_load(sim_session *s, struct sim_class_load *out)
{
    if (!sim_run_db(&s->cfg.setup.run))
        return 0;
    pthread_mutex_lock(&s->mu);
    int pct = s->db_pct > 0 ? s->db_pct : 100;
    pthread_mutex_unlock(&s->mu);
    sim_sess_db_scale(&s->cfg.setup.run.db.load, pct, out);
    return pct;
}

/* One class's load in words: "redo 1564.2/s", "scan-reads 4 streams". */
static int load_words(const struct sim_db_cfg *db, int c, char *buf, size_t len)
{
    const struct sim_class_load *l = &db->load;
    if (l->rate_iops[c] > 0)
        return snprintf(buf, len, "%s %.6g/s", db->class_name[c], l->rate_iops[c]);
    return snprintf(buf, len, "%s %d %s", db->class_name[c], l->load[c],
                    l->stream_io[c] > 1 ? "streams" : "outstanding");
}

/* Whether the workload's classes (a's, the launch's) run at the same
   loads in b; a class b has beyond them is a failure's copies, which
   the save's failure comment tells (session_record.c). */
static bool same_loads(const struct sim_class_load *a, const struct sim_class_load *b)
{
    for (int c = 0; c < a->n; c++)
        if (a->load[c] != b->load[c] || a->rate_iops[c] != b->rate_iops[c])
            return false;
    return a->n <= b->n;
}

char *sim_session_db_command_line(const char *line, const struct sim_setup *launch,
                                  const struct sim_setup *measured)
{
    const struct sim_db_cfg *db = &measured->run.db;
    size_t len = strlen(line) + 80 + (size_t)db->load.n * (WL_NAME_MAX + 32);
    char *out = malloc(len);
    if (!out)
        return NULL;
    size_t used = (size_t)snprintf(out, len, "%s", line);
    if (!sim_run_db(&measured->run) || same_loads(&launch->run.db.load, &db->load))
        return out;
    used += (size_t)snprintf(out + used, len - used, "  # loads set on the dashboard, "
                             "not by an option:");
    for (int c = 0; c < launch->run.db.load.n && used < len; c++) {
        used += (size_t)snprintf(out + used, len - used, c ? ", " : " ");
        if (used < len)
            used += (size_t)load_words(db, c, out + used, len - used);
    }
    return out;
}

/* ---- what the snapshot shows --------------------------------------------------- */

/* Group g of the setup: its name, disks, volume and layout (the run's
   own disks and layout as one group "DATA" when the workload names
   none). */
static void describe_group(const struct sim_setup *c, int g, int first,
                           struct sim_snap_group *out)
{
    const struct sim_db_cfg *db = &c->run.db;
    bool own = db->n_groups > 0;
    snprintf(out->name, sizeof(out->name), "%s", own ? db->groups[g].name : "DATA");
    out->first_disk = first;
    out->disks = own ? db->groups[g].disks : c->run.disks;
    snprintf(out->volume, sizeof(out->volume), "%s",
             own && g < c->n_groups ? c->group_volume[g].spec : c->volume.spec);
    const struct lay_cfg *l = own ? &db->groups[g].layout : &c->run.layout;
    out->striping = l->striping;
    out->redundancy = l->redundancy;
}

void sim_sess_db_describe(sim_session *s)
{
    struct sim_snapshot *w = &s->work;
    const struct sim_setup *c = &s->setup;
    const struct sim_db_cfg *db = &c->run.db;
    if (!sim_run_db(&c->run)) {
        w->n_db_classes = w->n_db_groups = 0;
        return;
    }
    w->n_db_classes = db->load.n;
    for (int k = 0; k < db->load.n; k++) {
        struct sim_snap_class *x = &w->db_class[k];
        snprintf(x->name, sizeof(x->name), "%s", db->class_name[k]);
        x->group = db->n_groups > 0 ? db->class_group[k] : 0;
        x->rate_iops = db->load.rate_iops[k];
        x->load = x->rate_iops > 0 ? 0 : db->load.load[k];
    }
    w->n_db_groups = db->n_groups > 0 ? db->n_groups : 1;
    int first = 0;
    for (int g = 0; g < w->n_db_groups; g++) {
        describe_group(c, g, first, &w->db_group[g]);
        first += w->db_group[g].disks;
    }
    w->db_load_pct = s->db_pct;
    w->db_load_pct_max = s->db_pct_max;
    w->n_points = 1;
    w->point_index = 0;
}

/* ---- commands ---------------------------------------------------------------- */

/* What the ORION commands are called in their refusal. */
static const char *orion_command(enum sim_cmd_kind k)
{
    switch (k) {
    case SIM_CMD_LOAD: return "small/large load";
    case SIM_CMD_WALK: return "the matrix walk";
    case SIM_CMD_DISKS: return "disks";
    case SIM_CMD_WRITE_PCT: return "write percentage";
    case SIM_CMD_SIZES:
    case SIM_CMD_SIZE_NEXT: return "I/O sizes";
    case SIM_CMD_LAYOUT: return "layout";
    case SIM_CMD_REDUNDANCY: return "redundancy";
    case SIM_CMD_VOLUME: return "volume";
    case SIM_CMD_INSTANCE: return "instance";
    default: return "that command";
    }
}

/* A load command: the loads at c->a % (clamped to the range), a fresh
   point; false when nothing changes. */
static bool db_load_cmd(sim_session *s, const struct sim_cmd *c)
{
    int pct = c->a < SIM_SESSION_DB_PCT_MIN ? SIM_SESSION_DB_PCT_MIN
            : c->a > s->db_pct_max ? s->db_pct_max : c->a;
    const char *clamped = pct == c->a ? ""
                        : pct == s->db_pct_max && s->db_pct_max < SIM_SESSION_DB_PCT_MAX
                        ? " (the most this session's pools hold)" : " (the range's end)";
    if (pct == s->db_pct) {
        sim_sess_say(s, "loads stay at %d %% of the workload's%s", pct, clamped);
        return false;
    }
    sim_sess_db_set_pct(s, pct);
    sim_sess_say(s, "every class at %d %% of the workload's load (rates and "
                 "outstanding I/Os)%s", pct, clamped);
    return true;
}

/* Apply the queued commands; true when the point starts again (a load
   changed, or a restart). */
static bool db_apply(sim_session *s)
{
    struct sim_cmd q[QUEUE_LEN];
    int n = sim_sess_take_commands(s, q);
    bool again = false;
    for (int i = 0; i < n; i++) {
        switch (q[i].kind) {
        case SIM_CMD_DB_LOAD:
            again = db_load_cmd(s, &q[i]) || again;
            break;
        case SIM_CMD_RESTART:
            sim_sess_say(s, "point restarted");
            again = true;
            break;
        case SIM_CMD_FAIL:
        case SIM_CMD_POWER:
            again = sim_sess_fail_cmd(s, &q[i]) || again;
            break;
        case SIM_CMD_PAUSE:
        case SIM_CMD_QUIT:
            break;                  /* flags, set by sim_session_send */
        default:
            sim_sess_say(s, "%s: does not apply to a database workload (its groups, "
                         "sizes and volumes come from --group and the workload); "
                         "+/- scale every class's load", orion_command(q[i].kind));
            break;
        }
    }
    s->work.cmds_applied += (uint64_t)n;    /* published with their effect */
    return again;
}

bool sim_sess_db_batch_again(sim_session *s)
{
    pthread_mutex_lock(&s->mu);
    bool waiting = s->queued > 0;
    pthread_mutex_unlock(&s->mu);
    if (!waiting || sim_sess_quit_asked(s))
        return false;
    db_apply(s);
    sim_sess_db_describe(s);
    return true;                    /* stopped for them: run again */
}

/* ---- the interactive point ------------------------------------------------------ */

static bool has_closed(const struct sim_class_load *l)
{
    for (int c = 0; c < l->n; c++)
        if (l->rate_iops[c] <= 0 && l->load[c] > 0)
            return true;
    return false;
}

/* The parts with closed pools at `pct` % of the workload's loads. */
static int parts_open_at(sim_session *s, int pct, char *why, size_t why_len)
{
    struct sim_class_load in_force = s->setup.run.db.load;
    sim_sess_db_scale(&s->cfg.setup.run.db.load, pct, &s->setup.run.db.load);
    sim_sess_fail_load(s, &s->setup.run.db.load);
    int rc = sim_parts_open(sim_setup_run(&s->setup), 0, 0, &s->parts.sp, why, why_len);
    s->setup.run.db.load = in_force;
    if (rc < 0)
        sim_parts_close(&s->parts.sp);
    return rc;
}

/* The parts, with pools for the largest load a command can set, or for
   the workload's own when the devices refuse those (see the top). */
static int db_parts_open(sim_session *s, char *why, size_t why_len)
{
    s->db_pct_max = SIM_SESSION_DB_PCT_MAX;
    int rc = parts_open_at(s, has_closed(&s->cfg.setup.run.db.load)
                              ? SIM_SESSION_DB_PCT_MAX : 100, why, why_len);
    if (rc == -E2BIG || rc == -ENOMEM) {
        s->db_pct_max = 100;
        rc = parts_open_at(s, 100, why, why_len);
    }
    s->parts.open = rc == 0;
    return rc;
}

/* One window at the loads in force: 0, 1 (cut short), or -errno. */
static int db_point(sim_session *s)
{
    struct sim_point_opts o;
    struct sim_point_result r = { 0 };
    sim_sess_live_point_start(s, &o);
    int rc = sim_engine_run_classes(s->parts.sp.engine, &s->setup.run.db.load, &o, &r);
    if (rc == 0) {
        sim_sess_fail_window(s, &r);    /* the record tells the progress */
        sim_sess_live_point_done(s, &r, true);
        sim_sess_fail_restore_if_done(s);
    }
    sim_point_result_free(&r);
    return rc;
}

/* The parts of the failure's phase now in force (session_fail.c), in
   place of the last: 0, or -errno said on the message line. */
static int db_parts_reopen(sim_session *s)
{
    char why[WHY_LEN];
    s->fail.reopen = false;
    sim_sess_parts_close(&s->parts);
    sim_sess_db_set_pct(s, s->db_pct);      /* the copy class's load, or none */
    int rc = db_parts_open(s, why, sizeof(why));
    if (rc < 0) {
        sim_sess_say(s, "%s", why);
        return rc;
    }
    sim_sess_rec_restart(s, 1);             /* another configuration */
    sim_sess_credits_reset(s);
    if (s->work.disks != s->setup.run.disks)
        s->work.n_disk = 0;                 /* the old rows: other disks */
    return 0;
}

void sim_sess_db_main(sim_session *s)
{
    char why[WHY_LEN];
    s->fail.power = SIM_POWER_DEFAULT;
    sim_sess_db_set_pct(s, 100);
    if (db_parts_open(s, why, sizeof(why)) < 0) {
        sim_sess_say(s, "%s", why);
        s->work.state = SIM_SESS_FAILED;
        return;
    }
    sim_sess_rec_restart(s, 1);
    s->pinned = true;               /* one point, measured again and again */
    sim_sess_credits_reset(s);
    while (!sim_sess_quit_asked(s)) {
        int was = s->db_pct;
        db_apply(s);
        if (s->fail.reopen && db_parts_reopen(s) < 0) {
            s->work.state = SIM_SESS_FAILED;
            return;
        }
        if (s->db_pct != was)
            sim_sess_rec_restart(s, 1);     /* another configuration */
        sim_sess_describe_config(s);
        sim_sess_fail_describe(s);
        s->work.measuring = false;
        s->work.window_s = 0;
        sim_sess_publish(s);
        int rc = db_point(s);
        if (rc < 0) {
            sim_sess_say(s, "the point failed: %s", strerror(-rc));
            s->work.state = SIM_SESS_FAILED;
            return;
        }
    }
}
