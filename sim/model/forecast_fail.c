/*
 * forecast_fail.c - a disk lost at a time of the forecast (forecast
 * --fail): the failure's phases lived through on the forecast's clock.
 *
 * run --fail (sim/core/rebalance.c) measures each phase as a steady
 * point and does the hours between in arithmetic.  A forecast has the
 * hours: the schedule's load changes under the failure, so a disk lost
 * at the peak and a rebalance through the night read differently from a
 * loss at night.  So the phases are lived through, chunk by chunk of a
 * database workload's exact phases (forecast_exact.c, fc_db_phase), as
 * the dashboard lives through them window by window
 * (sim/session/session_fail.c), on the same phase runs:
 *
 *   BEFORE       [0, fail)          the caller's parts
 *   DEGRADED     [fail, + repair)   parts with the engine's failure: reads
 *                                   of the lost disks' extents to their
 *                                   mirrors, writes to them dropped (and
 *                                   counted: the stale AUs of a return)
 *   REBALANCING  [.., restored)     the copy class of `power` streams
 *                                   beside the database's
 *                                   (sim_fail_phase_cfg); each chunk's
 *                                   copies' write bytes add to the data
 *                                   moved
 *   RESTORED     when the data moved reaches what the disks held:
 *                dropped, parts of the group without them
 *                (sim_fail_restored_cfg); returned, the caller's again
 *
 * The first two changes are at fixed times; the restore is where the
 * copies' writes, rate times length chunk by chunk, reach the bytes to
 * move, so a rebalancing chunk is cut at the time the last chunk's rate
 * says the rest takes; a rest under FAIL_MIN_CHUNK_S of copying counts
 * as done at the chunk's end.  Under a load whose rate is not known yet
 * (the rebalance's first chunk, a schedule phase's first: the copies
 * get what the database leaves) the chunk is a short probe, so the
 * prediction never rests on another load's rate.  The data moved is what the copies wrote,
 * so restored - rebalance start = the data moved over the copies' rate
 * integrated over the rows, exactly.
 *
 * Each change cuts the open row (fc_rows_cut: each row is one phase)
 * and opens the phase's parts, on a fresh virtual clock; the buckets'
 * levels are read off the old parts and set on the new ones
 * (bucket_set), so the credits carry across as on one instance.  The
 * restored group after a drop lists fewer buckets (a volume fewer):
 * f->bmap maps its buckets onto the result's, and the dropped volume's
 * keeps the level it had.
 *
 * Data lost (an extent with every copy on the lost disks: external
 * redundancy, lay_fail_data_lost) is known at the start: the forecast
 * runs to the failure and stops there (FC_FAIL_LOST).  No room for the
 * rebuild, or no failure group left for a new copy: DEGRADED until the
 * forecast ends.
 *
 * Disks added (forecast --add-disks: fail_run's fail.add_n) are the same
 * operation with nothing lost, as run's add (rebalance.c):
 *
 *   BEFORE       [0, add)           the caller's parts
 *   REBALANCING  [add, balanced)    the grown group (sim_add_grown_cfg,
 *                                   the new disks numbered after the
 *                                   old) with the copy class reading the
 *                                   old disks and writing the new ones
 *                                   (LAY_FAIL_ADD)
 *   RESTORED     ("balanced") the grown group, no copies
 *
 * the data to move the new disks' share, used x old x disk size x N /
 * (old + N) (sim_add_moved_bytes), the chunks cut and the data moved
 * counted as for a rebuild.  The grown group lists more buckets than the
 * result (the new volumes'): f->bmap maps them to -1, none of the
 * result's, and they start as a new volume's do; the result's buckets
 * (the old volumes', the instance's) carry across.
 */
#include "sim/model/forecast_internal.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The copies left under this much copying are counted done. */
#define FAIL_MIN_CHUNK_S 1.0
/* A rebalancing chunk under a load whose copy rate is not known yet (the
   rebalance's first, a schedule phase's first) measures it first: for
   FAIL_PROBE_S, or for the share of what is left the last load's rate
   would copy in it (so a rate up to 1 / share times that one does not
   overshoot), at least FAIL_PROBE_MIN_S. */
#define FAIL_PROBE_S 2.0
#define FAIL_PROBE_SHARE 0.25
#define FAIL_PROBE_MIN_S 0.1
#define FAIL_EPS_S 1e-6

struct fc_fail {
    const struct sim_run_cfg *run;      /* the parts' configuration */
    int max_small, max_large_ios;
    struct sim_parts *base;             /* the caller's */
    struct sim_parts own;               /* the phase's, when own_open */
    bool own_open;
    struct sim_run_cfg phase_run;       /* own's configuration */
    struct sim_engine_fail ef;          /* phase_run's failure */
    struct sim_run_cfg grown;           /* add: the group with the new disks */
    int map[LAY_MAX_DISKS];             /* restored: failure groups; add:
                                           grown's */
    bool offline[LAY_MAX_DISKS];
    int first_disks;
    enum sim_fail_phase in_force;
    int copy_cls;
    double lost_s;                      /* DATA_LOST: when; else -1 */
    double copy_mbps;                   /* the last rebalancing chunk's, of
                                           this load; 0: not known yet */
    double copy_guess;                  /* ... of the load before */
    double dropped_writes;              /* DEGRADED, on the lost disks */
    int *bmap;                          /* [f->dev_cap] */
    struct sim_fc_fail *out;            /* res->fail, or res->add */
};

/* ---- setup ---------------------------------------------------------------- */

static const lay *first_layout(const struct sim_parts *p)
{
    return p->n_groups > 0 ? p->group_layout[0] : p->layout;
}

/* The failed disks (a disk, or a failure group's) into offline[]. */
static int offline_set(struct fc_fail *fl, const lay *l)
{
    const struct sim_fail_event *ev = &fl->out->ev;
    for (int d = 0; d < lay_disks(l); d++) {
        bool hit = ev->failgroup ? lay_failgroup_of(l, d) == ev->index : d == ev->index;
        if (!hit || fl->out->n_offline >= LAY_FAIL_MAX_DISKS)
            continue;
        fl->offline[d] = true;
        fl->out->offline[fl->out->n_offline++] = d;
    }
    return fl->out->n_offline > 0 ? 0 : -EINVAL;
}

static bool can_copy(const lay *l, const struct sim_fc_fail *o)
{
    struct lay_fail_cfg fc = { .n = o->n_offline,
                               .mode = o->returns ? LAY_FAIL_RESYNC : LAY_FAIL_REBUILD };
    memcpy(fc.disk, o->offline, sizeof fc.disk);
    return lay_fail_can_copy(l, &fc);
}

/* The outcome known at the start, and the phases' times (rebalance.c's
   rules: the repair time's default by what failed). */
static void plan(struct fc_fail *fl, const lay *l)
{
    struct sim_fc_fail *o = fl->out;
    const struct sim_fail_cfg *c = &fl->run->fail;
    double at = (double)o->ev.at_ns / 1e9;
    o->repair_default = c->repair_ns == 0;
    o->repair_s = (double)sim_fail_repair_ns(c) / 1e9;
    lay_fail_space(l, o->used_frac, fl->offline, &o->space);
    o->to_move_bytes = o->returns ? 0 : (double)o->space.lost_bytes;
    if (lay_fail_data_lost(l, fl->offline, &o->lost_a, &o->lost_b))
        o->outcome = SIM_FAIL_DATA_LOST;
    else if (!o->returns && !o->space.rebuild_fits)
        o->outcome = SIM_FAIL_NO_ROOM;
    else if (!can_copy(l, o))
        o->outcome = SIM_FAIL_NO_SOURCE;
    for (int p = 0; p < SIM_PHASES; p++)
        o->start_s[p] = -1;
    o->start_s[SIM_PHASE_BEFORE] = 0;
    fl->lost_s = o->outcome == SIM_FAIL_DATA_LOST ? at : -1;
    if (o->outcome != SIM_FAIL_DATA_LOST)
        o->start_s[SIM_PHASE_DEGRADED] = at;
    if (o->outcome == SIM_FAIL_RESTORED)
        o->start_s[SIM_PHASE_REBALANCING] = at + o->repair_s;
}

/* What a failure and an add share: the copies' power and I/O, the class
   they are, how full the group is. */
static void basics(struct fc_fail *fl, struct sim_fc_fail *o, const lay *l)
{
    const struct sim_fail_cfg *c = &fl->run->fail;
    o->power = c->power;
    o->used_frac = c->used_frac;
    o->au_bytes = (uint32_t)lay_config(l)->au_bytes;
    fl->first_disks = lay_disks(l);
    fl->copy_cls = fl->run->workload.n_classes;
    fl->in_force = SIM_PHASE_BEFORE;
}

static void fail_basics(struct fc_fail *fl, struct sim_fc_fail *o)
{
    const struct sim_fail_cfg *c = &fl->run->fail;
    o->ev = c->ev[0];
    o->fg_repair = o->ev.failgroup;
    o->returns = c->returns;
}

/* The add's plan: the new disks numbered after the old, the data they
   take (run's formula), the grown group's space, the copies from the
   add's time; nothing lost, so it balances (-EINVAL with why when the
   grown layout cannot be made). */
static int plan_add(struct fc_fail *fl, char *why, size_t why_len)
{
    struct sim_fc_fail *o = fl->out;
    const struct sim_fail_cfg *c = &fl->run->fail;
    int old = fl->first_disks, n = c->add_n;
    o->add = true;
    o->old_disks = old;
    o->ev = (struct sim_fail_event){ .index = -1, .at_ns = c->add_at_ns };
    for (int i = 0; i < n && o->n_offline < LAY_FAIL_MAX_DISKS; i++)
        o->offline[o->n_offline++] = old + i;
    fl->grown = sim_add_grown_cfg(fl->run, o->n_offline, fl->map);
    struct lay_cfg lc = sim_fail_group_cfg(&fl->grown);
    o->disk_bytes = lc.disk_size_bytes;
    o->to_move_bytes = (double)sim_add_moved_bytes(lc.disk_size_bytes, o->used_frac, old,
                                                   old, o->n_offline);
    lay *l = NULL;
    int rc = lay_create(&lc, &l, why, why_len);
    if (rc < 0)
        return rc;
    bool none[LAY_MAX_DISKS] = { false };
    lay_fail_space(l, o->used_frac * old / lc.disks, none, &o->space);
    lay_destroy(l);
    for (int p = 0; p < SIM_PHASES; p++)
        o->start_s[p] = -1;
    o->start_s[SIM_PHASE_BEFORE] = 0;
    o->start_s[SIM_PHASE_REBALANCING] = (double)o->ev.at_ns / 1e9;
    fl->lost_s = -1;
    return 0;
}

/* The operation's result (a failure's or an add's) and the buckets'
   scratch, allocated. */
static int create_alloc(struct fc *f, bool add)
{
    size_t nb = (size_t)(f->buckets > 0 ? f->buckets : 1);
    struct sim_fc_fail **slot = add ? &f->res->add : &f->res->fail;
    struct fc_fail *fl = calloc(1, sizeof *fl);
    f->fail = fl;
    *slot = calloc(1, sizeof **slot);
    f->dev_bkt = calloc(nb, sizeof *f->dev_bkt);
    f->dev_cap = (int)nb;
    if (fl)
        fl->bmap = calloc(nb, sizeof *fl->bmap);
    if (!fl || !*slot || !f->dev_bkt || !fl->bmap)
        return -ENOMEM;
    fl->out = *slot;
    return 0;
}

int fc_fail_create(struct fc *f, char *why, size_t why_len)
{
    bool add = f->cfg->fail_run->fail.add_n > 0;
    int rc = create_alloc(f, add);
    if (rc < 0)
        return rc;
    struct fc_fail *fl = f->fail;
    fl->run = f->cfg->fail_run;
    fl->max_small = f->cfg->fail_max_small;
    fl->max_large_ios = f->cfg->fail_max_large_ios;
    fl->base = f->parts;
    const lay *l = first_layout(f->parts);
    basics(fl, fl->out, l);
    if (add)
        return plan_add(fl, why, why_len);
    fail_basics(fl, fl->out);
    if (offline_set(fl, l) < 0) {
        snprintf(why, why_len, "--fail names no disk of the first disk group");
        return -EINVAL;
    }
    plan(fl, l);
    return 0;
}

/* ---- the phase in force ------------------------------------------------------ */

static enum sim_fail_phase phase_at(const struct fc_fail *fl, double t_s)
{
    enum sim_fail_phase p = SIM_PHASE_BEFORE;
    for (int q = SIM_PHASE_DEGRADED; q < SIM_PHASES; q++)
        if (fl->out->start_s[q] >= 0 && t_s >= fl->out->start_s[q] - FAIL_EPS_S)
            p = (enum sim_fail_phase)q;
    return p;
}

/* An add's phase p's parts (REBALANCING or RESTORED): the grown group,
   while rebalancing with the copies onto the new disks. */
static void add_phase_cfg(struct fc_fail *fl, enum sim_fail_phase p)
{
    const struct sim_fc_fail *o = fl->out;
    const struct sim_engine_fail *ef = NULL;
    if (p == SIM_PHASE_REBALANCING) {
        fl->ef = (struct sim_engine_fail){ .group = 0, .copy_cls = fl->copy_cls };
        fl->ef.disks = (struct lay_fail_cfg){ .n = o->n_offline, .mode = LAY_FAIL_ADD };
        memcpy(fl->ef.disks.disk, o->offline, sizeof fl->ef.disks.disk);
        ef = &fl->ef;
    }
    fl->phase_run = sim_fail_phase_cfg(&fl->grown, ef, o->au_bytes, o->power, false);
}

/* The configuration of phase p's parts into fl->phase_run. */
static int phase_cfg(struct fc_fail *fl, enum sim_fail_phase p)
{
    const struct sim_fc_fail *o = fl->out;
    if (o->add) {
        add_phase_cfg(fl, p);
        return 0;
    }
    if (p == SIM_PHASE_RESTORED) {
        char why[256];
        return sim_fail_restored_cfg(fl->run, fl->offline, fl->map, &fl->phase_run, why,
                                     sizeof why);
    }
    fl->ef = (struct sim_engine_fail){ .group = 0, .copy_cls = -1 };
    fl->ef.disks.n = o->n_offline;
    memcpy(fl->ef.disks.disk, o->offline, sizeof fl->ef.disks.disk);
    fl->ef.disks.mode = LAY_FAIL_DEGRADED;
    if (p == SIM_PHASE_REBALANCING) {
        fl->ef.disks.mode = o->returns ? LAY_FAIL_RESYNC : LAY_FAIL_REBUILD;
        fl->ef.copy_cls = fl->copy_cls;
    }
    fl->phase_run = sim_fail_phase_cfg(fl->run, &fl->ef, o->au_bytes, o->power, o->returns);
    return 0;
}

#define NEW_DISK (-2)                   /* an add's: none of the result's */

/* The disk each disk of the parts in force was in the caller's into
   was[]: a restored group's (the first group's survivors, then the
   other groups') the disks they were; a grown group's old disks
   themselves, its new ones NEW_DISK.  Returns the disks listed. */
static int disks_were(const struct fc_fail *fl, bool dropped, int *was, int max)
{
    int k = 0, n = fl->out->add ? fl->out->n_offline : 0;
    for (int d = 0; d <= fl->run->disks && k < max; d++) {
        for (int i = 0; d == fl->first_disks && i < n && k < max; i++)
            was[k++] = NEW_DISK;
        if (d < fl->run->disks && k < max &&
            (!dropped || d >= fl->first_disks || !fl->offline[d]))
            was[k++] = d;
    }
    return k;
}

/* Room for the buckets of the parts in force (a grown group lists
   more): f->dev_bkt and the map grown.  0 or -ENOMEM. */
static int bucket_room(struct fc *f, int n)
{
    struct fc_fail *fl = f->fail;
    if (n <= f->dev_cap)
        return 0;
    struct dev_bucket *b = realloc(f->dev_bkt, (size_t)n * sizeof *b);
    if (b)
        f->dev_bkt = b;
    int *m = realloc(fl->bmap, (size_t)n * sizeof *m);
    if (m)
        fl->bmap = m;
    if (!b || !m)
        return -ENOMEM;
    f->dev_cap = n;
    return 0;
}

/* Map the buckets of the parts in force onto the result's: by limit and
   the disk it was (disks_were); a new disk's to -1.  f->bmap NULL when
   the parts are the caller's. */
static int map_buckets(struct fc *f, bool dropped)
{
    struct fc_fail *fl = f->fail;
    struct devset *ds = &f->parts->ds;
    int was[LAY_MAX_DISKS * SIM_MAX_GROUPS];
    int k = disks_were(fl, dropped, was, (int)(sizeof was / sizeof was[0]));
    int n = f->buckets > 0 ? ds->ops->credit->buckets(ds, NULL, 0) : 0;
    if (bucket_room(f, n) < 0)
        return -ENOMEM;
    n = n > 0 ? ds->ops->credit->buckets(ds, f->dev_bkt, f->dev_cap) : 0;
    for (int j = 0; j < n; j++) {
        int disk = f->dev_bkt[j].disk < 0 || f->dev_bkt[j].disk >= k
                       ? -1 : was[f->dev_bkt[j].disk];
        int at = -1;
        fl->bmap[j] = -1;
        if (disk == NEW_DISK)
            continue;
        for (int i = 0; i < f->buckets && at < 0; i++)
            if (f->res->bucket[i].limit == f->dev_bkt[j].limit &&
                f->res->bucket[i].disk == disk)
                at = i;
        if (at < 0)
            return -EINVAL;
        fl->bmap[j] = at;
    }
    f->bmap = fl->bmap;
    return 0;
}

/* The levels read off the parts left (f->level) set on the ones in
   force, bucket by bucket. */
static void carry_levels(struct fc *f)
{
    struct devset *ds = &f->parts->ds;
    if (f->buckets == 0)
        return;
    int n = ds->ops->credit->buckets(ds, f->dev_bkt, f->bmap ? f->dev_cap : f->buckets);
    for (int j = 0; j < n; j++)
        if (!f->bmap || f->bmap[j] >= 0)
            ds->ops->credit->bucket_set(ds, j, f->level[f->bmap ? f->bmap[j] : j]);
}

/* Phase p's parts in force, in place of the last. */
static int open_phase(struct fc *f, enum sim_fail_phase p)
{
    struct fc_fail *fl = f->fail;
    if (fl->own_open)
        sim_parts_close(&fl->own);
    fl->own_open = false;
    f->parts = fl->base;
    f->bmap = NULL;
    if (p == SIM_PHASE_BEFORE || (p == SIM_PHASE_RESTORED && fl->out->returns))
        return 0;
    char why[256];
    int rc = phase_cfg(fl, p);
    if (rc == 0)
        rc = sim_parts_open(&fl->phase_run, fl->max_small, fl->max_large_ios, &fl->own,
                            why, sizeof why);
    if (rc < 0) {
        sim_parts_close(&fl->own);
        return rc;
    }
    fl->own_open = true;
    f->parts = &fl->own;
    return map_buckets(f, p == SIM_PHASE_RESTORED);
}

/* A return's data to move: the stale AUs by the repair time, from the
   writes the degraded rows dropped (rebalance.c's estimate). */
static void stale_to_move(struct fc_fail *fl)
{
    struct sim_fc_fail *o = fl->out;
    o->stale_aus = sim_fail_stale_aus(sim_fail_group_cfg(fl->run).disk_size_bytes,
                                      o->used_frac, o->au_bytes, o->n_offline,
                                      fl->dropped_writes / o->n_offline);
    o->to_move_bytes = (double)llround(o->stale_aus) * o->au_bytes;
}

int fc_fail_enter(struct fc *f, double t_s)
{
    struct fc_fail *fl = f->fail;
    if (fl->lost_s >= 0 && t_s >= fl->lost_s - FAIL_EPS_S)
        return FC_FAIL_LOST;
    enum sim_fail_phase p = phase_at(fl, t_s);
    if (p == fl->in_force)
        return 0;
    if (p == SIM_PHASE_REBALANCING && fl->out->returns)
        stale_to_move(fl);
    if (p == SIM_PHASE_REBALANCING && !(fl->out->to_move_bytes > 0)) {
        fl->out->start_s[SIM_PHASE_RESTORED] = t_s;     /* nothing stale */
        p = SIM_PHASE_RESTORED;
    }
    int rc = fc_rows_cut(f->rows);
    if (rc < 0)
        return rc;
    fc_read_levels(f, NULL);
    if ((rc = open_phase(f, p)) < 0)
        return rc;
    carry_levels(f);
    fl->in_force = p;
    return 0;
}

double fc_fail_chunk_end(struct fc *f, double t_s, double end_s, bool new_load)
{
    struct fc_fail *fl = f->fail;
    const struct sim_fc_fail *o = fl->out;
    if (new_load && fl->copy_mbps > 0) {
        fl->copy_guess = fl->copy_mbps;     /* another load's: a guess only */
        fl->copy_mbps = 0;
    }
    for (int q = SIM_PHASE_DEGRADED; q < SIM_PHASES; q++)
        if (o->start_s[q] > t_s + FAIL_EPS_S && o->start_s[q] < end_s)
            end_s = o->start_s[q];
    if (fl->lost_s > t_s + FAIL_EPS_S && fl->lost_s < end_s)
        end_s = fl->lost_s;
    if (fl->in_force != SIM_PHASE_REBALANCING)
        return end_s;
    double left_mb = (o->to_move_bytes - o->moved_bytes) / 1e6;
    if (fl->copy_mbps > 0)
        return fmin(end_s, t_s + fmax(left_mb / fl->copy_mbps, FAIL_MIN_CHUNK_S));
    double probe = fl->copy_guess > 0 ? FAIL_PROBE_SHARE * left_mb / fl->copy_guess
                                      : FAIL_PROBE_S;
    return fmin(end_s, t_s + fmin(FAIL_PROBE_S, fmax(probe, FAIL_PROBE_MIN_S)));
}

const struct sim_class_load *fc_fail_load(const struct fc *f,
                                          const struct sim_class_load *db,
                                          struct sim_class_load *buf)
{
    const struct fc_fail *fl = f->fail;
    if (fl->in_force != SIM_PHASE_REBALANCING)
        return db;
    *buf = *db;
    sim_fail_copy_load(buf, fl->copy_cls, fl->out->power);
    return buf;
}

void fc_fail_account(struct fc *f, struct fc_figures *fig, struct fc_seg *seg)
{
    struct fc_fail *fl = f->fail;
    struct sim_fc_fail *o = fl->out;
    double dt = seg->t1_s - seg->t0_s;
    seg->fail_phase = fl->in_force;
    if (fl->in_force == SIM_PHASE_DEGRADED)
        fl->dropped_writes += fig->dropped_writes_per_s * dt;
    if (fl->in_force != SIM_PHASE_REBALANCING || fig->n_classes <= fl->copy_cls)
        return;
    fig->copy_mbps = fig->cls[fl->copy_cls].write_mbps;  /* the copy class out */
    memset(&fig->cls[fl->copy_cls], 0, sizeof fig->cls[0]);
    fig->n_classes = fl->copy_cls;
    fl->copy_mbps = fig->copy_mbps;
    o->moved_bytes += fig->copy_mbps * 1e6 * dt;
    double left = o->to_move_bytes - o->moved_bytes;
    if (dt > 0 && left <= fig->copy_mbps * 1e6 * FAIL_MIN_CHUNK_S)
        o->start_s[SIM_PHASE_RESTORED] = seg->t1_s;
}

bool fc_fail_settled(const struct fc *f, double t_s)
{
    const struct sim_fc_fail *o = f->fail->out;
    if (o->outcome == SIM_FAIL_RESTORED)
        return o->start_s[SIM_PHASE_RESTORED] >= 0 &&
               t_s >= o->start_s[SIM_PHASE_RESTORED] - FAIL_EPS_S;
    return t_s >= (double)o->ev.at_ns / 1e9;
}

void fc_fail_free(struct fc *f)
{
    struct fc_fail *fl = f->fail;
    if (!fl)
        return;
    if (fl->own_open)
        sim_parts_close(&fl->own);
    f->parts = fl->base;
    f->bmap = NULL;
    free(fl->bmap);
    free(fl);
    f->fail = NULL;
}

/* ---- the phases' worst rows ------------------------------------------------------ */

/* Row i's classes into phase p's worst. */
static void worst_of_row(struct sim_forecast_result *res, size_t i,
                         struct sim_fc_fail_phase *p)
{
    size_t n = (size_t)res->n_classes;
    for (size_t c = 0; c < n && c < WL_MAX_CLASSES; c++) {
        const struct sim_fc_class *k = &res->row_cls[i * n + c];
        p->p99_us[c] = fmax(p->p99_us[c], k->p99_us);
        p->unmet_frac[c] = fmax(p->unmet_frac[c], k->unmet_frac);
    }
}

/* A row a phase change cut under FAIL_MIN_CHUNK_S (the restore a moment
   before the grid's edge) is a window too short to judge by: its
   phase's worst is of its other rows, unless it has none; and so is the
   limit the phase names (its rows' for the longest time). */
void fc_fail_sum(struct sim_forecast_result *res)
{
    struct sim_fc_fail *op = res->fail ? res->fail : res->add;
    if (!op)
        return;
    double longest[SIM_PHASES] = { 0 }, limit_s[SIM_PHASES][SIM_LIMITS] = { { 0 } };
    for (size_t i = 0; i < res->n_rows; i++) {
        const struct sim_fc_row *r = &res->rows[i];
        op->phase[r->fail_phase].length_s += r->tl.length_s;
        longest[r->fail_phase] = fmax(longest[r->fail_phase], r->tl.length_s);
    }
    for (size_t i = 0; i < res->n_rows; i++) {
        const struct sim_fc_row *r = &res->rows[i];
        if (r->tl.length_s >= FAIL_MIN_CHUNK_S || longest[r->fail_phase] < FAIL_MIN_CHUNK_S) {
            worst_of_row(res, i, &op->phase[r->fail_phase]);
            limit_s[r->fail_phase][fc_row_limit(res, i)] += r->tl.length_s;
        }
    }
    for (int p = 0; p < SIM_PHASES; p++)
        op->phase[p].limited_by = fc_longest_limit(limit_s[p]);
}
