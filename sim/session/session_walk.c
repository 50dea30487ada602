/*
 * session_walk.c - the interactive session: tuning commands, rebuilds of
 * the disk group, and the walk over the ORION matrix.
 *
 * The session walks the ORION matrix of the configuration in force, one
 * point of cell_ns measured time each, and records each result in its
 * cell.  A load command pins the load: the point runs again and again
 * (each window recorded, the cell updated) until the walk is resumed.  A
 * load off the matrix is measured and shown but not recorded: a save
 * holds the matrix's cells only, so its summary never names a maximum
 * its ORION files (levels and CSV cells) cannot show.  At
 * the end of the matrix the last point is held, until the configuration
 * changes and the new matrix is walked.  A command that
 * changes the workload (write percentage, load) or a volume/instance limit
 * (retuned in place on backends that can) restarts the point: a fresh
 * window, so the figures show the new steady state within about a second.
 * A command that changes the disk group (disks, sizes, layout, redundancy)
 * rebuilds layout, workload, devices and engine.  Whatever changes what is
 * measured (all of these but the load) starts the matrix and its record
 * over, so that a save describes one configuration (session_record.c);
 * the sweep curve keeps the best figures seen for each disk count.  A
 * command never edits the configuration in force: it makes the one it
 * asks for, which is put in force only if the command line would take it
 * (session_check.c); a refused one leaves the configuration as it was,
 * with the reason in the message line.  A rebuild that still fails goes
 * back to the configuration before.
 *
 * Commands are applied between points, on the session thread: the live
 * callback ends the point as soon as one is queued, so a command takes
 * effect within 100 ms of device time.  The parts' pools are sized for
 * the largest load a command can set, so a load change never needs a
 * rebuild: SIM_SESSION_MAX_SMALL small and SIM_SESSION_MAX_LARGE large
 * I/Os (or more where the matrix has larger points), as far as the
 * outstanding-I/O limit (io_budget.h) allows.  A large load of sequential
 * streams costs stream_io I/Os each, so with --stream-io above 504 the
 * large maximum gives way: 1024 + 63 x 1024 = 65536 at --stream-io 1024.
 * Should the devices or the engine still refuse pools that big (the aio
 * backend's buffer limit, a layout that splits large I/Os into many
 * pieces), the parts open with just what the matrix needs, as a batch run
 * would.  A load command is clamped to what the pools hold.
 */
#include "sim/session/session_internal.h"

#include <errno.h>
#include <string.h>

#include "layouts/why.h"
#include "sim/core/io_budget.h"
#include "sim/model/dev_model.h"     /* retune: the model's configuration */

/* ---- parts: layout, workload, devices, engine ---------------------------- */

void sim_sess_parts_close(struct parts *p)
{
    sim_parts_close(&p->sp);
    wl_matrix_free(p->matrix);
    memset(p, 0, sizeof(*p));
}

void sim_session_load_limits(const struct sim_run_cfg *cfg,
                             const struct wl_matrix *m, bool headroom,
                             int *max_small, int *max_large)
{
    int stream_io = cfg->point.stream_io > 0 ? cfg->point.stream_io : 1;
    long long per_large = sim_point_large_ios(1, cfg->workload.large_type,
                                              stream_io);
    int need_small = 0, need_large = 0;

    for (int i = 0; m && i < m->n_points; i++) {
        if (m->points[i].small > need_small)
            need_small = m->points[i].small;
        if (m->points[i].large > need_large)
            need_large = m->points[i].large;
    }
    *max_small = need_small;
    *max_large = need_large;
    if (!headroom)
        return;
    long long small = need_small > SIM_SESSION_MAX_SMALL ? need_small
                                                         : SIM_SESSION_MAX_SMALL;
    long long large = need_large > SIM_SESSION_MAX_LARGE ? need_large
                                                         : SIM_SESSION_MAX_LARGE;
    /* within the limit: the large headroom gives way first (a sequential
       stream costs stream_io I/Os), then the small; never below what the
       matrix needs, which the command line has checked fits */
    if (small + large * per_large > SIM_MAX_OUTSTANDING) {
        long long room = (SIM_MAX_OUTSTANDING - small) / per_large;
        large = room > need_large ? room : need_large;
    }
    if (small + large * per_large > SIM_MAX_OUTSTANDING) {
        long long room = SIM_MAX_OUTSTANDING - large * per_large;
        small = room > need_small ? room : need_small;
    }
    *max_small = (int)small;
    *max_large = (int)large;
}

/* The parts for the limits: pools for max_small small and max_large large
   loads. */
static int parts_open_for(const struct sim_run_cfg *cfg, struct parts *p,
                          bool headroom, char *why, size_t why_len)
{
    int stream_io = cfg->point.stream_io > 0 ? cfg->point.stream_io : 1;

    sim_session_load_limits(cfg, p->matrix, headroom, &p->max_small,
                            &p->max_large);
    return sim_parts_open(cfg, p->max_small,
                          sim_point_large_ios(p->max_large,
                                              cfg->workload.large_type,
                                              stream_io),
                          &p->sp, why, why_len);
}

/* The matrix of a run of cfg (sim_run_matrix, the one session_record.c
   saves) and the parts of a run (run.h), with pools for the largest load
   a command can set, or, when the devices or the engine cannot have
   pools that big, for the matrix alone.  setup is bound
   (sim_setup_run): the session's own, it outlives the parts. */
static int parts_open(struct sim_setup *setup, struct parts *p,
                      char *why, size_t why_len)
{
    const struct sim_run_cfg *cfg = sim_setup_run(setup);
    memset(p, 0, sizeof(*p));
    int rc = sim_run_matrix(cfg, &p->matrix, why, why_len);
    if (rc == 0)
        rc = parts_open_for(cfg, p, true, why, why_len);
    if (rc == -E2BIG || rc == -ENOMEM) {
        int small = p->max_small, large = p->max_large;
        sim_session_load_limits(cfg, p->matrix, false, &p->max_small,
                                &p->max_large);
        if (p->max_small < small || p->max_large < large) {
            sim_parts_close(&p->sp);
            rc = parts_open_for(cfg, p, false, why, why_len);
        }
    }
    if (rc < 0) {
        sim_sess_parts_close(p);
        return rc;
    }
    p->open = true;
    return 0;
}

/* ---- commands -------------------------------------------------------------- */

static bool in_matrix(const struct wl_matrix *m, int small, int large)
{
    for (int i = 0; i < m->n_points; i++)
        if (m->points[i].small == small && m->points[i].large == large)
            return true;
    return false;
}

/* The disk groups of a and b differ: going from one to the other needs a
   rebuild. */
static bool group_changed(const struct sim_setup *a, const struct sim_setup *b)
{
    return a->run.disks != b->run.disks || a->run.workload.small_bytes != b->run.workload.small_bytes ||
           a->run.workload.large_bytes != b->run.workload.large_bytes ||
           a->run.layout.striping != b->run.layout.striping ||
           a->run.layout.redundancy != b->run.layout.redundancy;
}

/* Put `next` in force if the command line would take it (sim_sess_check);
   else false with why, and the configuration stays as it was.  A new disk
   group is rebuilt (*rebuild); the write percentage, the volume and the
   instance change in place (*restart) where the backend can retune, their
   buckets then read anew. */
static bool try_in_force(sim_session *s, struct sim_setup *next, bool *rebuild,
                         bool *restart, char *why, size_t why_len)
{
    if (sim_sess_check(next, why, why_len) != 0)
        return false;
    struct sim_setup was = s->setup;
    s->setup = *next;
    if (group_changed(&was, next)) {
        *rebuild = true;
        return true;
    }
    if (was.run.workload.write_pct != next->run.workload.write_pct && s->parts.sp.workload)
        wl_set_write_pct(s->parts.sp.workload, next->run.workload.write_pct);
    bool volume = strcmp(was.volume.spec, next->volume.spec) != 0;
    bool instance = strcmp(was.instance.name, next->instance.name) != 0;
    if (volume || instance) {
        struct devset *ds = &s->parts.sp.ds;
        struct dev_model_cfg mc = { .volume = volume ? &s->setup.volume : NULL,
                                    .instance = instance ? &s->setup.instance : NULL };
        if (!ds->ops || !ds->ops->credit ||
            ds->ops->credit->retune(ds, &mc) != 0) {
            *rebuild = true;
            return true;
        }
        sim_sess_credits_reset(s);
    }
    *restart = true;
    return true;
}

/* try_in_force, saying why on the message line when refused. */
static bool put_in_force(sim_session *s, struct sim_setup *next, bool *rebuild,
                         bool *restart)
{
    char why[WHY_LEN];
    if (try_in_force(s, next, rebuild, restart, why, sizeof(why)))
        return true;
    sim_sess_say(s, "refused: %s", why);
    return false;
}

/* Put in force the first of cand[0..n) that the command line takes.  The
   refusal of the first candidate passed over, to its first ';', is said
   with the rebuild's message; when none is taken the first refusal is
   said and the configuration stays as it was. */
static void first_in_force(sim_session *s, struct sim_setup *cand, int n, bool *rebuild,
                           bool *restart)
{
    char first[WHY_LEN], why[WHY_LEN];
    for (int i = 0; i < n; i++) {
        if (try_in_force(s, &cand[i], rebuild, restart, why, sizeof(why))) {
            if (i > 0)
                snprintf(s->passed_over, sizeof(s->passed_over), "%.*s: passed over; ",
                         (int)strcspn(first, ";"), first);
            return;
        }
        if (i == 0)
            snprintf(first, sizeof(first), "%s", why);
    }
    if (n > 0)
        sim_sess_say(s, "refused: %s", first);
}

/* The levels after the one in force (external, normal, high, external,
   ...), in the cycle's order. */
static void redundancy_next(sim_session *s, bool *rebuild, bool *restart)
{
    enum lay_redundancy now = s->setup.run.layout.redundancy;
    struct sim_setup cand[2];
    for (int step = 1; step <= 2; step++) {
        cand[step - 1] = s->setup;
        cand[step - 1].run.layout.redundancy =
            (enum lay_redundancy)((now - LAY_EXTERNAL + step) % 3 + LAY_EXTERNAL);
    }
    first_in_force(s, cand, 2, rebuild, restart);
}

/* The sizes of one class after the one in force, in SIM_SIZE_NEXT's
   cycle: the next larger size of the list first, round to the smallest. */
static void size_next(sim_session *s, int cls, bool *rebuild, bool *restart)
{
    static const uint32_t small[] = SIM_SMALL_SIZES, large[] = SIM_LARGE_SIZES;
    const uint32_t *list = cls == WL_SMALL ? small : large;
    uint32_t now = cls == WL_SMALL ? s->setup.run.workload.small_bytes : s->setup.run.workload.large_bytes;
    int start = 0;
    while (start < SIM_SIZE_CYCLE_LEN && list[start] <= now)
        start++;
    struct sim_setup cand[SIM_SIZE_CYCLE_LEN];
    int n = 0;
    for (int i = 0; i < SIM_SIZE_CYCLE_LEN; i++) {
        uint32_t size = list[(start + i) % SIM_SIZE_CYCLE_LEN];
        if (size == now)
            continue;
        cand[n] = s->setup;
        if (cls == WL_SMALL)
            cand[n].run.workload.small_bytes = size;
        else
            cand[n].run.workload.large_bytes = size;
        n++;
    }
    first_in_force(s, cand, n, rebuild, restart);
}

/* Apply one queued command: the load and the walk at once, a change of
   the configuration through put_in_force.  Sets *rebuild or *restart. */
static void apply_one(sim_session *s, const struct sim_cmd *c, bool *rebuild,
                      bool *restart)
{
    char why[WHY_LEN];
    struct sim_setup next = s->setup;
    switch (c->kind) {
    case SIM_CMD_LOAD: {
        /* what the pools hold (parts_open) */
        int max_small = s->parts.max_small, max_large = s->parts.max_large;
        int small = c->a < 0 ? 0 : c->a > max_small ? max_small : c->a;
        int large = c->b < 0 ? 0 : c->b > max_large ? max_large : c->b;
        if (small + large == 0) {
            sim_sess_say(s, "load small=0 large=0: nothing to measure; keep at least one I/O outstanding");
            return;
        }
        s->pinned = true;
        s->held = false;
        s->pin = (struct wl_point){ small, large };
        sim_sess_say(s, "load set to small=%d large=%d%s%s", small, large,
            small < c->a || large < c->b ? " (the most this session holds)" : "",
            in_matrix(s->parts.matrix, small, large) ? ""
                : " (outside the matrix: shown, not saved)");
        *restart = true;
        return;
    }
    case SIM_CMD_WALK:
        s->pinned = s->held = false;
        s->walk_index = 0;
        sim_sess_say(s, "walking the matrix from its first point");
        *restart = true;
        return;
    case SIM_CMD_DISKS:
        if (c->a < 1 || c->a > LAY_MAX_DISKS) {
            sim_sess_say(s, "disks %d: use 1..%d", c->a, LAY_MAX_DISKS);
            return;
        }
        if (c->a != next.run.disks)
            next.run.layout.disk_failgroup = NULL;
        next.run.disks = c->a;
        break;
    case SIM_CMD_WRITE_PCT:
        next.run.workload.write_pct = c->a < 0 ? 0 : c->a > 100 ? 100 : c->a;
        if (put_in_force(s, &next, rebuild, restart))
            sim_sess_say(s, "writes %d %%", next.run.workload.write_pct);
        return;
    case SIM_CMD_SIZES:
        next.run.workload.small_bytes = (uint32_t)c->a;
        next.run.workload.large_bytes = (uint32_t)c->b;
        break;
    case SIM_CMD_SIZE_NEXT:
        size_next(s, c->a == WL_LARGE ? WL_LARGE : WL_SMALL, rebuild, restart);
        return;
    case SIM_CMD_LAYOUT:
        next.run.layout.striping = (enum lay_striping)c->a;
        if (next.run.layout.striping == LAY_RAID0 || next.run.layout.striping == LAY_CONCAT)
            next.run.layout.redundancy = LAY_EXTERNAL;
        break;
    case SIM_CMD_REDUNDANCY:
        if (c->a == SIM_REDUNDANCY_NEXT) {
            redundancy_next(s, rebuild, restart);
            return;
        }
        next.run.layout.redundancy = (enum lay_redundancy)c->a;
        break;
    case SIM_CMD_VOLUME:
        if (prof_volume_reprovision(&next.volume, c->x, c->y, why, sizeof(why)) != 0) {
            sim_sess_say(s, "volume: %s", why);
            return;
        }
        if (put_in_force(s, &next, rebuild, restart))
            sim_sess_say(s, "volume now %s", next.volume.spec);
        return;
    case SIM_CMD_INSTANCE:
        if (prof_instance_find(c->text, &next.instance, why, sizeof(why)) != 0) {
            /* the name as typed, made safe and cut so that the reason
               (PROF_WHY_CHARS) still fits the message line */
            char q[sizeof(s->work.message) - PROF_WHY_CHARS - 16];
            sim_sess_say(s, "instance %s: %s",
                         why_quote(c->text, strnlen(c->text, sizeof(c->text)), q, sizeof(q)),
                         why);
            return;
        }
        if (put_in_force(s, &next, rebuild, restart))
            sim_sess_say(s, "instance now %s", next.instance.name);
        return;
    case SIM_CMD_RESTART:
        sim_sess_say(s, "point restarted");
        *restart = true;
        return;
    case SIM_CMD_PAUSE:
    case SIM_CMD_QUIT:
        return;                     /* flags, set by sim_session_send */
    case SIM_CMD_DB_LOAD:
        sim_sess_say(s, "load %d %%: for a database workload's classes; "
                     "this is ORION's (+/- small, ]/[ large)", c->a);
        return;
    case SIM_CMD_FAIL:
    case SIM_CMD_POWER:
        sim_sess_say(s, "a disk fails on a database workload's dashboard "
                     "(--workload); this is ORION's matrix");
        return;
    }
    put_in_force(s, &next, rebuild, restart);
}

int sim_sess_take_commands(sim_session *s, struct sim_cmd *q)
{
    pthread_mutex_lock(&s->mu);
    int n = s->queued;
    memcpy(q, s->queue, (size_t)n * sizeof(q[0]));
    s->queued = 0;
    pthread_mutex_unlock(&s->mu);
    return n;
}

static void apply_commands(sim_session *s, bool *rebuild, bool *restart)
{
    struct sim_cmd q[QUEUE_LEN];
    int n = sim_sess_take_commands(s, q);
    for (int i = 0; i < n; i++)
        apply_one(s, &q[i], rebuild, restart);
    s->work.cmds_applied += (uint64_t)n;    /* published with their effect */
}

/* A new configuration's matrix is walked from its first point, unless a
   load command pinned the load (the end of the last walk does not). */
static void walk_from_start(sim_session *s)
{
    s->walk_index = 0;
    if (s->held)
        s->pinned = s->held = false;
}

/* Did a command change what is measured without a rebuild (the write
   percentage, a volume or instance retuned in place)? */
static bool measured_changed(const struct sim_setup *a, const struct sim_setup *b)
{
    return a->run.workload.write_pct != b->run.workload.write_pct ||
           strcmp(a->volume.spec, b->volume.spec) != 0 ||
           strcmp(a->instance.name, b->instance.name) != 0;
}

/* Do a and b differ in more than the disk count (and the failure groups
   that go with it)?  Then the sweep curve's figures, best per disk count,
   are of another configuration and are not compared with the new ones. */
static bool curve_changed(const struct sim_setup *a, const struct sim_setup *b)
{
    return measured_changed(a, b) || a->run.workload.small_bytes != b->run.workload.small_bytes ||
           a->run.workload.large_bytes != b->run.workload.large_bytes ||
           a->run.layout.striping != b->run.layout.striping ||
           a->run.layout.redundancy != b->run.layout.redundancy;
}

/* The cells measured so far belong to the previous configuration: start
   a new record and walk the matrix again, as a rebuild does. */
static void record_anew(sim_session *s)
{
    sim_sess_rec_restart(s, s->parts.matrix->n_points);
    sim_sess_clear_matrix(&s->work, s->parts.matrix);
    walk_from_start(s);
}

/* Open the parts for s->setup; on failure go back to `prev`. */
static int rebuild(sim_session *s, const struct sim_setup *prev)
{
    char why[WHY_LEN];
    if (s->parts.open) {
        sim_sess_device_seconds(s, s->parts.sp.ds.ops->now(&s->parts.sp.ds));
        sim_sess_parts_close(&s->parts);
    }
    int rc = parts_open(&s->setup, &s->parts, why, sizeof(why));
    if (rc < 0 && prev) {
        sim_sess_say(s, "refused: %s", why);
        s->setup = *prev;
        rc = parts_open(&s->setup, &s->parts, why, sizeof(why));
    } else if (rc == 0 && prev) {
        sim_sess_say(s, "%sdisk group rebuilt: %d disks, %s, %s redundancy", s->passed_over,
            s->setup.run.disks, lay_striping_name(s->setup.run.layout.striping),
            lay_redundancy_name(s->setup.run.layout.redundancy));
    }
    s->passed_over[0] = '\0';
    if (rc < 0) {
        sim_sess_say(s, "%s", why);
        return rc;
    }
    sim_sess_rec_restart(s, s->parts.matrix->n_points);
    s->work.max_small = s->parts.max_small;
    s->work.max_large = s->parts.max_large;
    if (s->pinned && (s->pin.small > s->parts.max_small ||
                      s->pin.large > s->parts.max_large)) {
        /* pools for the matrix alone (parts_open): the pinned load too */
        s->pinned = false;
        sim_sess_say(s, "load small=%d large=%d: more than the pools hold now; "
            "walking the matrix", s->pin.small, s->pin.large);
    }
    walk_from_start(s);
    s->pacer.anchored = false;
    sim_sess_credits_reset(s);
    sim_sess_describe_config(s);
    sim_sess_clear_matrix(&s->work, s->parts.matrix);
    return 0;
}

/* ---- the walk ---------------------------------------------------------------- */

bool sim_sess_quit_asked(sim_session *s)
{
    pthread_mutex_lock(&s->mu);
    bool q = s->quit;
    pthread_mutex_unlock(&s->mu);
    return q || sim_stop_is_set(s->setup.run.point.stop);
}

static int point_index_of(const struct wl_matrix *m, struct wl_point p)
{
    for (int i = 0; i < m->n_points; i++)
        if (m->points[i].small == p.small && m->points[i].large == p.large)
            return i;
    return -1;
}

void sim_sess_interactive_main(sim_session *s)
{
    if (sim_run_db(&s->setup.run)) {
        sim_sess_db_main(s);        /* one point, no matrix */
        return;
    }
    if (rebuild(s, NULL) < 0) {
        s->work.state = SIM_SESS_FAILED;
        return;
    }
    while (!sim_sess_quit_asked(s)) {
        bool want_rebuild = false, restart = false;
        struct sim_setup prev = s->setup;
        apply_commands(s, &want_rebuild, &restart);
        sim_sess_describe_config(s);
        if (want_rebuild && rebuild(s, &prev) < 0) {
            s->work.state = SIM_SESS_FAILED;
            return;
        }
        if (!want_rebuild && measured_changed(&prev, &s->setup))
            record_anew(s);
        if (curve_changed(&prev, &s->setup))
            s->work.n_sweep = 0;
        const struct wl_matrix *m = s->parts.matrix;
        if (!s->pinned && s->walk_index >= m->n_points) {
            s->pinned = s->held = true;
            s->pin = m->points[m->n_points - 1];
            sim_sess_say(s, "matrix complete; holding small=%d large=%d (g walks it again)",
                s->pin.small, s->pin.large);
        }
        struct wl_point p = s->pinned ? s->pin : m->points[s->walk_index];
        s->work.point = p;
        s->work.point_index = s->pinned ? point_index_of(m, p) : s->walk_index;
        s->work.n_points = m->n_points;
        s->work.pinned = s->pinned;
        s->work.measuring = false;      /* the new point's figures come */
        s->work.window_s = 0;
        sim_sess_publish(s);

        struct sim_point_opts o;
        struct sim_point_result r = { 0 };
        sim_sess_live_point_start(s, &o);
        int rc = sim_engine_run_point(s->parts.sp.engine, p, &o, &r);
        if (rc < 0) {
            sim_sess_say(s, "point small=%d large=%d failed: %s", p.small, p.large, strerror(-rc));
            s->work.state = SIM_SESS_FAILED;
            return;
        }
        if (rc == 0) {
            r.small = p.small;
            r.large = p.large;
            /* recorded when in the matrix: what the ORION files hold */
            sim_sess_live_point_done(s, &r, in_matrix(m, p.small, p.large));
            if (!s->pinned)
                s->walk_index++;
        }
        sim_point_result_free(&r);
    }
}
