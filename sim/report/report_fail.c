/*
 * report_fail.c - what a DBA reads of a disk failure in a run, and of
 * disks added (sim/core/rebalance.h): the terminal's and summary.txt's
 * lines, the results JSON's "failure" and "add_disks" objects
 * (docs/fields.md), and a sweep --over power's tables.
 *
 * The lines, in the order a DBA asks:
 *
 *   Failure: disk 3 of the first disk group offline at 10 min ...
 *     repair      DISK_REPAIR_TIME 3.6 h (the documented default ...)
 *     space       what the lost disks held, the free space, the rule
 *     phase       from   to   class  IOPS  MB/s  p50  p99  p99.9  p99 vs before
 *                 offered/s  unmet (a class that arrives at a rate)
 *                 limited by (engine.c: with demand unmet or the
 *                 copies running, a single saturated volume's limit
 *                 binds too)
 *     ...         (before, degraded, rebalancing, restored)
 *     targets     the classes' targets (the "Targets:" lines) judged in
 *                 each phase after the failure
 *     writes      dropped while offline, stale AUs
 *     restore     power, copy rate and what bound it (the rebalancing
 *                 point's limit, else the copies' latency at the power:
 *                 report_copy_bound_text), data moved, time to restore,
 *                 window
 *     notes       what the model does not know (docs/failure.md)
 *
 * Disks added (--add-disks) read the same way, from the same parts:
 *
 *   Disks added to the first disk group ...: 2 at 10 min, 8 -> 10 disks
 *     after       with --fail, how the add follows it (enum sim_add_after)
 *     new disks, space before and after
 *     phase       ... (before, rebalancing, balanced)
 *     rebalance   the copy line, as a failure's
 *     balanced    the time to balance, each new and old disk's share
 *     notes
 *
 * One definition of each figure: the phases' point results, as the run's
 * own table prints them (10^6 B/s, latency from issue).
 */
#include "sim/report/report_fail.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sim/report/report.h"

static const char *const PHASE_NAME[SIM_PHASES] = {
    "before", "degraded", "rebalancing", "restored",
};

const char *report_fail_phase_name(const struct sim_fail_result *f, int i)
{
    return f->add && i == SIM_PHASE_RESTORED ? "balanced" : PHASE_NAME[i];
}

static const char *outcome_id(enum sim_fail_outcome o)
{
    switch (o) {
    case SIM_FAIL_RESTORED: return "restored";
    case SIM_FAIL_DATA_LOST: return "data_lost";
    case SIM_FAIL_NO_ROOM: return "no_room";
    case SIM_FAIL_NO_SOURCE: return "no_source";
    }
    return "unknown";
}

const struct sim_run_result *report_fail_phase_run(const struct sim_fail_result *f, int i)
{
    if (f->start_ns[i] < 0)
        return NULL;
    if (i == SIM_PHASE_RESTORED && f->returns)
        return f->run[SIM_PHASE_BEFORE];
    const struct sim_run_result *r = f->run[i];
    return r && r->n_points > 0 ? r : NULL;
}

const char *report_fail_class_name(const struct sim_run_cfg *cfg,
                                   const struct sim_fail_result *f, int c)
{
    if (c == f->copy_cls)
        return f->returns ? "resync" : "rebalance";
    return cfg->db.class_name[c];
}

static void fmt_at(sim_ns ns, char *buf, size_t len)
{
    if (ns < 0)
        snprintf(buf, len, "-");
    else
        report_fmt_duration((double)ns / 1e9, buf, len);
}

/* GB, or MB below one (real targets are often small files). */
static void fmt_gb(uint64_t bytes, char *buf, size_t len)
{
    if (bytes > 0 && bytes < 1000000000)
        snprintf(buf, len, "%.1f MB", (double)bytes / 1e6);
    else
        snprintf(buf, len, "%.1f GB", (double)bytes / 1e9);
}

/* ---- terminal and summary.txt --------------------------------------- */

static void what_failed(FILE *out, const struct sim_run_cfg *cfg,
                        const struct sim_fail_result *f)
{
    char at[32];
    fprintf(out, "\nFailure of the first disk group (%s redundancy):",
            lay_redundancy_name(sim_fail_group_cfg(cfg).redundancy));
    for (int i = 0; i < cfg->fail.n; i++) {
        const struct sim_fail_event *ev = &cfg->fail.ev[i];
        fmt_at(ev->at_ns, at, sizeof at);
        fprintf(out, "%s %s %d at %s", i ? ";" : "",
                ev->failgroup ? "failure group" : "disk", ev->index, at);
    }
    fprintf(out, "\n  offline    %d disk%s:", f->n_offline, f->n_offline == 1 ? "" : "s");
    for (int i = 0; i < f->n_offline; i++)
        fprintf(out, " %d", f->offline[i]);
    fputc('\n', out);
}

const char *report_fail_then_text(bool returns, bool no_source)
{
    return returns ? "the disks return (--returns): their stale AUs resynced"
         : no_source ? "the disks are dropped, but no failure group is left to "
                       "rebuild their extents in"
                     : "the disks are dropped: their extents rebuilt on the partners";
}

const char *report_fail_room_text(bool fits, bool no_source)
{
    return no_source ? "room in bytes, but no failure group left to hold a new copy"
         : fits ? "room to rebuild" : "NO room to rebuild into";
}

static void repair_line(FILE *out, const struct sim_fail_result *f)
{
    char t[32];
    report_fmt_duration((double)f->repair_ns / 1e9, t, sizeof t);
    const char *param = f->fg_repair ? "FAILGROUP_REPAIR_TIME" : "DISK_REPAIR_TIME";
    const char *why = !f->repair_default ? "--repair-time"
        : f->fg_repair ? "its documented default, 12.1+"
                       : "the 12.1 documented default; 12 h in 23ai and on Exadata";
    fprintf(out, "  repair     %s %s (%s), then %s\n", param, t, why,
            report_fail_then_text(f->returns, f->outcome == SIM_FAIL_NO_SOURCE));
}

static void space_lines(FILE *out, const struct sim_fail_result *f)
{
    const struct lay_space *s = &f->space;
    char lost[32], free_[32];
    fmt_gb(s->lost_bytes, lost, sizeof lost);
    fmt_gb(s->survivor_free_bytes, free_, sizeof free_);
    fprintf(out, "  space      %.0f %% used (--used): the lost disks held %s, the "
            "others have %s free: %s\n", f->used_frac * 100, lost, free_,
            report_fail_room_text(s->rebuild_fits, f->outcome == SIM_FAIL_NO_SOURCE));
    fprintf(out, "             REQUIRED_MIRROR_FREE_MB %.0f, FREE_MB %.0f, "
            "USABLE_FILE_MB %.0f%s\n", (double)s->required_mirror_free_bytes / 1048576,
            (double)s->free_bytes / 1048576, (double)s->usable_file_bytes / 1048576,
            s->usable_file_bytes < 0 ? " (negative: a lost failure group cannot "
                                       "be re-mirrored)" : "");
}

/* Whether class c of a phase's point p arrived at a rate (open loop):
   then it has an offered rate and an unmet share; the copy class, a
   closed loop of `power` streams, has neither. */
static bool class_offered(const struct sim_run_cfg *cfg, const struct sim_fail_result *f,
                          const struct sim_point_result *p, int c)
{
    return p->open.on && c != f->copy_cls && c < WL_MAX_CLASSES &&
           cfg->db.load.rate_iops[c] > 0;
}

/* The offered rate and the unmet share of class c, or dashes. */
static void offered_cells(const struct sim_run_cfg *cfg, const struct sim_fail_result *f,
                          const struct sim_point_result *p, int c, char *offered,
                          char *unmet, size_t len)
{
    snprintf(offered, len, "-");
    snprintf(unmet, len, "-");
    if (!class_offered(cfg, f, p, c))
        return;
    snprintf(offered, len, "%.0f", p->open.offered[c]);
    snprintf(unmet, len, "%.1f %%", 100 * p->open.unmet_frac[c]);
}

static void phase_rows(FILE *out, const struct sim_run_cfg *cfg,
                       const struct sim_fail_result *f, int i)
{
    const struct sim_run_result *r = report_fail_phase_run(f, i);
    const struct sim_point_result *b = &f->run[SIM_PHASE_BEFORE]->points[0];
    char from[32], to[32];
    fmt_at(f->start_ns[i], from, sizeof from);
    fmt_at(f->end_ns[i], to, sizeof to);
    const struct sim_point_result *p = &r->points[0];
    for (int c = 0; c < p->n_classes; c++) {
        const struct sim_class_result *k = &p->cls[c];
        char vs[32] = "", offered[32], unmet[32];
        if (c < b->n_classes && c != f->copy_cls && b->cls[c].lat.p99_us > 0)
            snprintf(vs, sizeof vs, "%+.0f %%",
                     100 * (k->lat.p99_us / b->cls[c].lat.p99_us - 1));
        offered_cells(cfg, f, p, c, offered, unmet, sizeof offered);
        fprintf(out, "  %-12s %-9s %-9s %-12s %9.0f %8.2f %9.1f %9.1f %9.1f %8s "
                "%9s %7s\n", c == 0 ? report_fail_phase_name(f, i) : "", c == 0 ? from : "",
                c == 0 ? to : "", report_fail_class_name(cfg, f, c), k->iops, k->mbps,
                k->lat.p50_us, k->lat.p99_us, k->lat.p999_us, vs, offered, unmet);
    }
    fprintf(out, "  %-12s %-9s %-9s limited by %s\n", "", "", "",
            sim_limit_label(p->limited_by));
}

static void phases_table(FILE *out, const struct sim_run_cfg *cfg,
                         const struct sim_fail_result *f)
{
    fprintf(out, "  %-12s %-9s %-9s %-12s %9s %8s %9s %9s %9s %8s %9s %7s\n", "phase",
            "from", "to", "class", "IOPS", "MB/s", "p50 us", "p99 us", "p99.9 us",
            "p99 vs", "offered/s", "unmet");
    for (int i = 0; i < SIM_PHASES; i++)
        if (report_fail_phase_run(f, i))
            phase_rows(out, cfg, f, i);
}

/* The run's targets judged in each phase after the failure (its
   "Targets:" lines judge the run's own point, the phase before): the
   database's classes only, the copy class beside them not being one. */
static void needs_by_phase(FILE *out, const struct sim_run_cfg *cfg,
                           const struct sim_fail_result *f)
{
    if (cfg->db.n_needs == 0)
        return;
    fputs("  targets    in each phase after the failure (Targets: above judges the "
          "phase before):\n", out);
    for (int i = SIM_PHASE_DEGRADED; i < SIM_PHASES; i++) {
        const struct sim_run_result *r = report_fail_phase_run(f, i);
        if (!r || r->n_points == 0)
            continue;
        for (int k = 0; k < cfg->db.n_needs; k++) {
            char line[200];
            double got;
            bool met = report_need_judge(&cfg->db.needs[k], &r->points[0], &got);
            report_need_text(cfg, &cfg->db.needs[k], got, met, line, sizeof line);
            fprintf(out, "             %-12s %s\n", k == 0 ? report_fail_phase_name(f, i) : "",
                    line);
        }
    }
}

/* Whether l is each volume's own limit (its use a mean over them). */
static bool per_volume(enum sim_limit l)
{
    return l == SIM_LIMIT_VOLUME_IOPS || l == SIM_LIMIT_VOLUME_TPUT ||
           l == SIM_LIMIT_ATTACH_PATH;
}

void report_copy_bound_text(const struct report_copy_bound *b, char *buf, size_t len)
{
    const char *label = sim_limit_label(b->limit);
    double pct = 100 * fmin(b->util, 1.0);     /* a throttle's bucket lets a
                                                  window pass its rate by a hair */
    if (b->limit == SIM_LIMIT_OFFERED_LOAD)
        snprintf(buf, len, "the copies' latency (power %d: %d cop%s in flight)",
                 b->power, b->power, b->power == 1 ? "y" : "ies");
    else if (b->limit == SIM_LIMIT_DEVICE)
        snprintf(buf, len, "the devices themselves");
    else if (b->disk >= 0)
        snprintf(buf, len, "%s (disk %d at %.0f %%)", label, b->disk, pct);
    else if (b->util > 0 && per_volume(b->limit))
        snprintf(buf, len, "%s (the volumes at %.0f %% on average)", label, pct);
    else if (b->util > 0)
        snprintf(buf, len, "%s (%.0f %% of its rate)", label, pct);
    else
        snprintf(buf, len, "%s", label);
}

/* What bound f's copies: the rebalancing point's limit; false when the
   copies did not run. */
static bool copy_bound(const struct sim_fail_result *f, struct report_copy_bound *b)
{
    const struct sim_run_result *r = report_fail_phase_run(f, SIM_PHASE_REBALANCING);
    if (!r)
        return false;
    const struct sim_point_result *p = &r->points[0];
    *b = (struct report_copy_bound){
        .limit = p->limited_by, .util = p->limit_util,
        .disk = p->limit_one ? p->limit_disk : -1, .power = f->power,
    };
    return true;
}

/* copy_bound's words into buf, "-" when the copies did not run. */
static void copy_bound_words(const struct sim_fail_result *f, char *buf, size_t len)
{
    struct report_copy_bound b;
    if (copy_bound(f, &b))
        report_copy_bound_text(&b, buf, len);
    else
        snprintf(buf, len, "-");
}

bool report_asm_operation(const struct sim_fail_result *f, struct report_asm_op *op)
{
    if (!(f->copy_mbps > 0) || f->au_bytes == 0 || f->moved_bytes == 0 ||
        !report_fail_phase_run(f, SIM_PHASE_REBALANCING))
        return false;
    op->pass = f->returns ? "RESYNC" : "REBALANCE";
    op->power = f->power;
    op->est_work = ceil((double)f->moved_bytes / f->au_bytes);
    op->est_rate = round(f->copy_mbps * 1e6 * 60 / f->au_bytes);   /* a whole NUMBER, as the view's */
    op->est_minutes = op->est_rate >= 1 ? floor(op->est_work / op->est_rate) : NAN;
    return op->est_rate >= 1;           /* under an AU a minute: no row */
}

void report_asm_operation_text(const struct report_asm_op *op, char *buf, size_t len)
{
    snprintf(buf, len, "REBAL %s POWER %d EST_WORK %.0f EST_RATE %.0f EST_MINUTES %.0f",
             op->pass, op->power, op->est_work, op->est_rate, op->est_minutes);
}

/* The copies: power, I/O, rate, what bound it, the data moved and how
   long it takes; and the row V$ASM_OPERATION would show. */
static void copy_line(FILE *out, const struct sim_fail_result *f)
{
    char moved[32], rs[32], bound[128], row[128];
    fmt_gb(f->moved_bytes, moved, sizeof moved);
    report_fmt_duration(f->restore_s, rs, sizeof rs);
    copy_bound_words(f, bound, sizeof bound);
    fprintf(out, "  %-10s power %d: %d outstanding cop%s of %u KiB, %.2f MB/s "
            "copied, bound by %s; %s moved in %s\n", f->returns ? "resync" : "rebalance",
            f->power, f->power, f->power == 1 ? "y" : "ies", f->au_bytes / 1024,
            f->copy_mbps, bound, moved, rs);
    struct report_asm_op op;
    if (report_asm_operation(f, &op)) {
        report_asm_operation_text(&op, row, sizeof row);
        fprintf(out, "             as V$ASM_OPERATION would show it: %s (AUs; AUs a "
                "minute)\n", row);
    }
}

static void restore_lines(FILE *out, const struct sim_fail_result *f)
{
    char rs[32], ex[32], rep[32];
    report_fmt_duration(f->restore_s, rs, sizeof rs);
    report_fmt_duration(f->exposed_s, ex, sizeof ex);
    report_fmt_duration((double)f->repair_ns / 1e9, rep, sizeof rep);
    const struct sim_run_result *deg = f->run[SIM_PHASE_DEGRADED];
    double window_s = deg && deg->n_points > 0 ? deg->points[0].measured_s : 0;
    fprintf(out, "  writes     %.1f/s dropped per offline disk; %llu AUs stale in "
            "the %.0f s measured, %.0f by the repair time (estimated)\n",
            f->dropped_writes_per_s, (unsigned long long)f->stale_aus_window, window_s,
            f->stale_aus);
    copy_line(out, f);
    fprintf(out, "  restored   redundancy restored %s after the failure (%s repair "
            "timer + %s %s): the window without full redundancy\n", ex, rep, rs,
            f->returns ? "resync" : "rebalance");
}

static void outcome_line(FILE *out, const struct sim_fail_result *f)
{
    char at[32];
    fmt_at(f->lost_at_ns, at, sizeof at);
    if (f->outcome == SIM_FAIL_DATA_LOST && f->lost_a == f->lost_b)
        fprintf(out, "  DATA LOST at %s: external redundancy keeps one copy, and disk "
                "%d's extents had it; the disk group is dismounted (no later phase)\n",
                at, f->lost_a);
    else if (f->outcome == SIM_FAIL_DATA_LOST)
        fprintf(out, "  DATA LOST at %s: an extent had its copies on disks %d and %d, "
                "all offline; the disk group is dismounted (no later phase)\n",
                at, f->lost_a, f->lost_b);
    else if (f->outcome == SIM_FAIL_NO_ROOM)
        fprintf(out, "  NOT RESTORED: the lost disks' data does not fit in the "
                "free space of the others (--used); the group stays degraded\n");
    else if (f->outcome == SIM_FAIL_NO_SOURCE)
        fprintf(out, "  NOT RESTORED: fewer failure groups are left than there are "
                "copies; the group stays degraded until the disks return\n");
}

static void fail_lines(FILE *out, const struct sim_fail_result *f,
                       const struct sim_run_cfg *cfg)
{
    what_failed(out, cfg, f);
    outcome_line(out, f);
    if (f->outcome == SIM_FAIL_DATA_LOST)
        return;
    repair_line(out, f);
    space_lines(out, f);
    phases_table(out, cfg, f);
    needs_by_phase(out, cfg, f);
    if (f->outcome == SIM_FAIL_RESTORED)
        restore_lines(out, f);
    fputs("  notes      each phase is a steady-state point; the hours between are\n"
          "             arithmetic. Not published, so modelled: the foreground impact\n"
          "             (shared queues), the stale granule (an AU), the copy I/O (one\n"
          "             AU), stale AUs (uniform writes). Not modelled: ASM's work per\n"
          "             extent (published power-1 rates are 71-80 MB/s; here the copies\n"
          "             run as fast as the volumes allow: the restore time is a lower\n"
          "             bound), its planning and compacting phases, burst credits spent\n"
          "             over the hours (docs/failure.md).\n",
          out);
}

/* ---- disks added: terminal and summary.txt ---------------------------- */

/* The share of the first group's physical IOPS that one new disk and one
   old disk take on average in the balanced phase (each 1 / disks when
   the group is even); NaN when it was not measured. */
static void balanced_shares(const struct sim_fail_result *f, double *new_disk,
                            double *old_disk)
{
    const struct sim_run_result *r = report_fail_phase_run(f, SIM_PHASE_RESTORED);
    const struct sim_point_result *p = r ? &r->points[0] : NULL;
    int n = f->old_disks + f->n_offline;
    double sum = 0, added = 0;
    for (int d = 0; p && p->disk && d < n && d < p->disks; d++) {
        sum += p->disk[d].iops;
        added += d >= f->old_disks ? p->disk[d].iops : 0;
    }
    *new_disk = sum > 0 ? added / sum / f->n_offline : NAN;
    *old_disk = sum > 0 ? (sum - added) / sum / f->old_disks : NAN;
}

static const struct {
    const char *id, *words;
} ADD_AFTER[] = {
    [SIM_ADD_ALONE] = { "alone", NULL },
    [SIM_ADD_RESTORED] = { "restored", "after the failure's restore, to the group it "
                           "left" },
    [SIM_ADD_FOLDED] = { "folded", "while the failure's copies ran: ASM folds it into "
                         "that rebalance, and its copies start where the failure's end" },
    [SIM_ADD_UNRESTORED] = { "unrestored", "not measured: the failure did not restore "
                             "the group, and a disk added to a degraded group is not "
                             "modelled" },
};

const char *report_add_after_words(const char *id)
{
    for (size_t i = 0; i < sizeof ADD_AFTER / sizeof ADD_AFTER[0]; i++)
        if (strcmp(ADD_AFTER[i].id, id) == 0)
            return ADD_AFTER[i].words;
    return NULL;
}

/* The add's head: when, how many, from which group (after a failure:
   how it follows it), the new disks, the space before and after. */
static void add_head(FILE *out, const struct sim_fail_result *f,
                     const struct sim_run_cfg *cfg)
{
    char at[32];
    const struct lay_space *s = &f->space;
    int held = f->old_disks + f->lost_disks, after = f->old_disks + f->n_offline;
    fmt_at(cfg->fail.add_at_ns, at, sizeof at);
    fprintf(out, "\nDisks added to the first disk group (%s redundancy): %d at %s, "
            "%d -> %d disks\n", lay_redundancy_name(sim_fail_group_cfg(cfg).redundancy),
            f->n_offline, at, f->old_disks, after);
    if (f->after != SIM_ADD_ALONE)
        fprintf(out, "  after      --fail: %s\n", ADD_AFTER[f->after].words);
    if (f->lost_disks)
        fprintf(out, "             the old disks: the group's %d less the %d dropped\n",
                held, f->lost_disks);
    if (f->after == SIM_ADD_UNRESTORED)
        return;
    fputs("  new disks ", out);
    for (int i = 0; i < f->n_offline; i++)
        fprintf(out, " %d", f->offline[i]);
    fprintf(out, "\n  space      %.0f %% used", f->used_frac * held * 100 / f->old_disks);
    if (f->lost_disks)
        fprintf(out, " before (--used %.0f %% of %d disks, on the %d left)",
                f->used_frac * 100, held, f->old_disks);
    else
        fputs(" (--used) before", out);
    fprintf(out, ", %.0f %% after; REQUIRED_MIRROR_FREE_MB %.0f, FREE_MB %.0f, "
            "USABLE_FILE_MB %.0f after\n", f->used_frac * held * 100 / after,
            (double)s->required_mirror_free_bytes / 1048576,
            (double)s->free_bytes / 1048576, (double)s->usable_file_bytes / 1048576);
}

static void add_lines(FILE *out, const struct sim_fail_result *f,
                      const struct sim_run_cfg *cfg)
{
    char rs[32];
    add_head(out, f, cfg);
    if (f->after == SIM_ADD_UNRESTORED)
        return;
    phases_table(out, cfg, f);
    copy_line(out, f);
    double mine, theirs;
    balanced_shares(f, &mine, &theirs);
    report_fmt_duration(f->restore_s, rs, sizeof rs);
    fprintf(out, "  balanced   %s after the %s; then each new disk takes %.1f %% of "
            "the group's physical IOPS, each old one %.1f %% (even: %.1f %%)\n", rs,
            f->after == SIM_ADD_FOLDED ? "failure's copies end" : "add",
            mine * 100, theirs * 100, 100.0 / (f->old_disks + f->n_offline));
    fputs("  notes      each phase is a steady-state point; the hours between are\n"
          "             arithmetic. Moved: the new disks' even share of the data,\n"
          "             used x old disks x size x N / (old + N), after a drop of\n"
          "             the old disks' data over the old - lost + N. While rebalancing\n"
          "             the database's I/O is placed as after the move (optimistic: at\n"
          "             the start the old disks carry it all); the copies run as fast\n"
          "             as the volumes allow (ASM's work per extent, its planning and\n"
          "             compacting not modelled: the time to balance is a lower\n"
          "             bound) (docs/failure.md).\n",
          out);
}

void report_fail_lines(FILE *out, const struct sim_run_result *r,
                       const struct sim_run_cfg *cfg)
{
    if (r->fail)
        fail_lines(out, r->fail, cfg);
    if (r->add)
        add_lines(out, r->add, cfg);
}

/* ---- JSON ------------------------------------------------------------ */

/* cJSON returns NULL from every Add* when out of memory: one flag. */
struct fj {
    bool oom;
};

static void put_num(struct fj *j, cJSON *o, const char *key, double v)
{
    if (!(isfinite(v) ? cJSON_AddNumberToObject(o, key, v)
                      : cJSON_AddNullToObject(o, key)))
        j->oom = true;
}

static cJSON *put_obj(struct fj *j, cJSON *o, const char *key)
{
    cJSON *x = o ? cJSON_AddObjectToObject(o, key) : NULL;
    j->oom = j->oom || !x;
    return x;
}

static cJSON *put_item(struct fj *j, cJSON *arr)
{
    cJSON *x = cJSON_CreateObject();
    if (!x || !arr || !cJSON_AddItemToArray(arr, x)) {
        cJSON_Delete(x);
        j->oom = true;
        return NULL;
    }
    return x;
}

static void json_events(struct fj *j, cJSON *o, const struct sim_run_cfg *cfg,
                        const struct sim_fail_result *f)
{
    cJSON *ev = cJSON_AddArrayToObject(o, "events");
    for (int i = 0; ev && i < cfg->fail.n; i++) {
        cJSON *x = put_item(j, ev);
        if (!x)
            return;
        j->oom |= !cJSON_AddStringToObject(x, "what", cfg->fail.ev[i].failgroup
                                                    ? "failgroup" : "disk");
        put_num(j, x, "index", cfg->fail.ev[i].index);
        put_num(j, x, "at_s", (double)cfg->fail.ev[i].at_ns / 1e9);
    }
    cJSON *off = cJSON_AddArrayToObject(o, "offline_disks");
    for (int i = 0; off && i < f->n_offline; i++)
        j->oom |= !cJSON_AddItemToArray(off, cJSON_CreateNumber(f->offline[i]));
    j->oom |= !ev || !off;
}

static void json_space(struct fj *j, cJSON *o, const struct lay_space *s)
{
    cJSON *x = put_obj(j, o, "space");
    if (!x)
        return;
    put_num(j, x, "total_bytes", (double)s->total_bytes);
    put_num(j, x, "free_bytes", (double)s->free_bytes);
    put_num(j, x, "required_mirror_free_bytes", (double)s->required_mirror_free_bytes);
    put_num(j, x, "usable_file_bytes", (double)s->usable_file_bytes);
    put_num(j, x, "lost_bytes", (double)s->lost_bytes);
    put_num(j, x, "survivor_free_bytes", (double)s->survivor_free_bytes);
    j->oom |= !cJSON_AddBoolToObject(x, "rebuild_fits", s->rebuild_fits);
}

/* A class that arrived at a rate: what it offered and what went unmet
   in the phase, as points[].classes[].open has them. */
static void json_class_open(struct fj *j, cJSON *k, const struct sim_open_result *op,
                            int c)
{
    cJSON *x = put_obj(j, k, "open");
    if (!x)
        return;
    put_num(j, x, "offered_iops", op->offered[c]);
    put_num(j, x, "unmet_frac", op->unmet_frac[c]);
    put_num(j, x, "delayed", (double)op->delayed[c]);
}

static void json_phase_classes(struct fj *j, cJSON *x, const struct sim_run_cfg *cfg,
                               const struct sim_fail_result *f,
                               const struct sim_point_result *p)
{
    cJSON *arr = cJSON_AddArrayToObject(x, "classes");
    j->oom |= !arr;
    for (int c = 0; arr && c < p->n_classes; c++) {
        cJSON *k = put_item(j, arr);
        if (!k)
            return;
        j->oom |= !cJSON_AddStringToObject(k, "name", report_fail_class_name(cfg, f, c));
        put_num(j, k, "iops", p->cls[c].iops);
        put_num(j, k, "mbps", p->cls[c].mbps);
        const struct sim_lat_summary *l = &p->cls[c].lat;
        bool ran = l->count > 0;
        put_num(j, k, "avg_us", ran ? l->avg_us : NAN);
        put_num(j, k, "p50_us", ran ? l->p50_us : NAN);
        put_num(j, k, "p99_us", ran ? l->p99_us : NAN);
        put_num(j, k, "p999_us", ran ? l->p999_us : NAN);
        if (class_offered(cfg, f, p, c))
            json_class_open(j, k, &p->open, c);
    }
}

/* Each disk's physical I/O in the phase's window: where the failure sent
   it (the lost disk idle, its partners busier), comparable between the
   model and real targets (tests/fail_aio_test.sh). */
static void json_per_disk(struct fj *j, cJSON *x, const struct sim_point_result *p)
{
    cJSON *arr = cJSON_AddArrayToObject(x, "per_disk");
    j->oom |= !arr;
    for (int d = 0; arr && p->disk && d < p->disks; d++) {
        cJSON *k = put_item(j, arr);
        if (!k)
            return;
        put_num(j, k, "iops", p->disk[d].iops);
        put_num(j, k, "mbps", p->disk[d].mbps);
    }
}

static void json_phases(struct fj *j, cJSON *o, const struct sim_run_cfg *cfg,
                        const struct sim_fail_result *f)
{
    cJSON *arr = cJSON_AddArrayToObject(o, "phases");
    j->oom |= !arr;
    for (int i = 0; arr && i < SIM_PHASES; i++) {
        const struct sim_run_result *r = report_fail_phase_run(f, i);
        if (!r)
            continue;
        cJSON *x = put_item(j, arr);
        if (!x)
            return;
        j->oom |= !cJSON_AddStringToObject(x, "phase", report_fail_phase_name(f, i));
        put_num(j, x, "start_s", (double)f->start_ns[i] / 1e9);
        put_num(j, x, "end_s", f->end_ns[i] < 0 ? NAN : (double)f->end_ns[i] / 1e9);
        put_num(j, x, "disks", r->disks);
        j->oom |= !cJSON_AddStringToObject(x, "limited_by",
                                           sim_limit_id(r->points[0].limited_by));
        json_phase_classes(j, x, cfg, f, &r->points[0]);
        json_per_disk(j, x, &r->points[0]);
    }
}

/* What bound the copies (copy_bound): copy_limited_by, _limit_util and
   _limit_disk, null when the copies did not run. */
static void json_copy_bound(struct fj *j, cJSON *o, const struct sim_fail_result *f)
{
    struct report_copy_bound b;
    bool ran = copy_bound(f, &b);
    const char *id = !ran ? NULL : b.limit == SIM_LIMIT_OFFERED_LOAD
                                 ? REPORT_COPY_LATENCY_ID : sim_limit_id(b.limit);
    j->oom |= !(id ? cJSON_AddStringToObject(o, "copy_limited_by", id)
                   : cJSON_AddNullToObject(o, "copy_limited_by"));
    put_num(j, o, "copy_limit_util", ran && b.util > 0 ? b.util : NAN);
    put_num(j, o, "copy_limit_disk", ran && b.disk >= 0 ? (double)b.disk : NAN);
}

/* "asm_operation": the row V$ASM_OPERATION would show
   (report_asm_operation), null when the copies did not run. */
static void json_asm_operation(struct fj *j, cJSON *o, const struct sim_fail_result *f)
{
    struct report_asm_op op;
    if (!report_asm_operation(f, &op)) {
        j->oom |= !cJSON_AddNullToObject(o, "asm_operation");
        return;
    }
    cJSON *x = cJSON_AddObjectToObject(o, "asm_operation");
    if (!x) {
        j->oom = true;
        return;
    }
    j->oom |= !cJSON_AddStringToObject(x, "operation", "REBAL");
    j->oom |= !cJSON_AddStringToObject(x, "pass", op.pass);
    put_num(j, x, "power", op.power);
    put_num(j, x, "est_work", op.est_work);
    put_num(j, x, "est_rate", op.est_rate);
    put_num(j, x, "est_minutes", op.est_minutes);
}

/* The copies' figures a failure and an add share. */
static void json_copies(struct fj *j, cJSON *o, const struct sim_fail_result *f)
{
    put_num(j, o, "power", f->power);
    put_num(j, o, "copy_io_bytes", f->au_bytes);
    put_num(j, o, "copy_mbps", f->copy_mbps);
    json_copy_bound(j, o, f);
    json_asm_operation(j, o, f);
}

static void json_restore(struct fj *j, cJSON *o, const struct sim_fail_result *f)
{
    json_copies(j, o, f);
    put_num(j, o, "moved_bytes", f->outcome == SIM_FAIL_RESTORED
                                 ? (double)f->moved_bytes : NAN);
    put_num(j, o, "restore_s", f->restore_s);
    put_num(j, o, "exposed_s", f->exposed_s);
    put_num(j, o, "dropped_writes_per_s", f->dropped_writes_per_s);
    put_num(j, o, "stale_aus_window", (double)f->stale_aus_window);
    put_num(j, o, "stale_aus_at_repair", f->stale_aus);
}

cJSON *report_fail_json(const struct sim_run_result *r, const struct sim_run_cfg *cfg)
{
    const struct sim_fail_result *f = r->fail;
    struct fj j = { false };
    cJSON *o = cJSON_CreateObject();
    if (!o)
        return NULL;
    j.oom |= !cJSON_AddStringToObject(o, "outcome", outcome_id(f->outcome));
    json_events(&j, o, cfg, f);
    put_num(&j, o, "lost_at_s", f->outcome == SIM_FAIL_DATA_LOST
                                ? (double)f->lost_at_ns / 1e9 : NAN);
    j.oom |= !cJSON_AddStringToObject(o, "repair_parameter", f->fg_repair
                                      ? "FAILGROUP_REPAIR_TIME" : "DISK_REPAIR_TIME");
    put_num(&j, o, "repair_s", (double)f->repair_ns / 1e9);
    j.oom |= !cJSON_AddBoolToObject(o, "repair_default", f->repair_default);
    j.oom |= !cJSON_AddStringToObject(o, "then", f->returns ? "resync" : "rebuild");
    put_num(&j, o, "used_frac", f->used_frac);
    json_space(&j, o, &f->space);
    json_restore(&j, o, f);
    json_phases(&j, o, cfg, f);
    if (j.oom) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

cJSON *report_add_json(const struct sim_run_result *r, const struct sim_run_cfg *cfg)
{
    const struct sim_fail_result *f = r->add;
    struct fj j = { false };
    cJSON *o = cJSON_CreateObject();
    if (!o)
        return NULL;
    j.oom |= !cJSON_AddStringToObject(o, "outcome", f->after == SIM_ADD_UNRESTORED
                                      ? "not_measured" : isfinite(f->restore_s)
                                      ? "balanced" : "not_balanced");
    j.oom |= !cJSON_AddStringToObject(o, "after", ADD_AFTER[f->after].id);
    put_num(&j, o, "lost_disks", f->lost_disks);
    put_num(&j, o, "added", f->n_offline);
    put_num(&j, o, "at_s", (double)cfg->fail.add_at_ns / 1e9);
    put_num(&j, o, "disks_before", f->old_disks);
    put_num(&j, o, "disks_after", f->old_disks + f->n_offline);
    put_num(&j, o, "used_frac", f->used_frac);
    bool measured = f->after != SIM_ADD_UNRESTORED;
    if (measured)
        json_space(&j, o, &f->space);
    json_copies(&j, o, f);
    put_num(&j, o, "moved_bytes", measured ? (double)f->moved_bytes : NAN);
    put_num(&j, o, "balance_s", f->restore_s);
    double mine, theirs;
    balanced_shares(f, &mine, &theirs);
    put_num(&j, o, "new_disk_share", mine);
    put_num(&j, o, "old_disk_share", theirs);
    json_phases(&j, o, cfg, f);
    if (j.oom) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* ---- sweep --over power ---------------------------------------------- */

bool report_fail_by_power(const struct sim_setup *cfg)
{
    return cfg->over && strcmp(cfg->over->param, "power") == 0 &&
           (cfg->run.fail.n > 0 || cfg->run.fail.add_n > 0);
}

const struct sim_point_result *report_fail_power_point(const struct sim_run_result *r)
{
    const struct sim_fail_result *f = r->fail ? r->fail : r->add;
    const struct sim_run_result *p = f ? report_fail_phase_run(f, SIM_PHASE_REBALANCING) : NULL;
    return p ? &p->points[0] : NULL;
}

/* The worst foreground p99 of f's rebalancing phase, its class into
   *worst (-1: none). */
static double worst_p99(const struct sim_fail_result *f, int *worst)
{
    const struct sim_point_result *p = &f->run[SIM_PHASE_REBALANCING]->points[0];
    *worst = -1;
    for (int c = 0; c < p->n_classes; c++)
        if (c != f->copy_cls && (*worst < 0 || p->cls[c].lat.p99_us >
                                               p->cls[*worst].lat.p99_us))
            *worst = c;
    return *worst >= 0 ? p->cls[*worst].lat.p99_us : NAN;
}

/* One table: a failure's (add false) or an add's, a row per run. */
static void sweep_table(FILE *out, const struct sim_setup *cfg,
                        const struct sim_sweep_result *sweep, bool add)
{
    fprintf(out, "\n%s by %s:\n  %-10s %10s %12s %12s %14s %-27s %s\n",
            add ? "Disks added" : "Failure", report_sweep_key_name(cfg),
            report_sweep_key_name(cfg), "copy MB/s", add ? "balance" : "restore",
            "exposed", "worst p99 us", "(class, phase)", "copies bound by");
    for (int i = 0; i < sweep->n_runs; i++) {
        const struct sim_fail_result *f = add ? sweep->runs[i]->add : sweep->runs[i]->fail;
        char key[64], rs[32], ex[32] = "-", cls[48], bound[128];
        report_sweep_key(cfg, sweep, i, key, sizeof key);
        if (!f || f->outcome != SIM_FAIL_RESTORED ||
            !report_fail_phase_run(f, SIM_PHASE_REBALANCING)) {
            fprintf(out, "  %-10s %s\n", key, !f ? "-" : f->add ? "not_measured"
                                                   : outcome_id(f->outcome));
            continue;
        }
        report_fmt_duration(f->restore_s, rs, sizeof rs);
        if (!add)
            report_fmt_duration(f->exposed_s, ex, sizeof ex);
        int worst;
        double p99 = worst_p99(f, &worst);
        snprintf(cls, sizeof cls, "(%s, rebalancing)",
                 worst >= 0 ? cfg->run.db.class_name[worst] : "-");
        copy_bound_words(f, bound, sizeof bound);
        fprintf(out, "  %-10s %10.2f %12s %12s %14.1f %-27s %s\n", key, f->copy_mbps,
                rs, ex, p99, cls, bound);
    }
}

void report_fail_sweep_table(FILE *out, const struct sim_setup *cfg,
                             const struct sim_sweep_result *sweep)
{
    if (cfg->run.fail.n > 0)
        sweep_table(out, cfg, sweep, false);
    if (cfg->run.fail.add_n > 0)
        sweep_table(out, cfg, sweep, true);
}

/* ---- a failure lived on the dashboard ------------------------------------ */

/* The dashboard's save holds one phase's window (session_fail.c), so it
   says which phase, which disk and the power, not --fail's phases: the
   summary's line, the JSON's dashboard_failure and the command line's
   comment. */

/* Whether lf holds a failure. */
static bool live_failed(const struct report_live_fail *lf)
{
    return lf && lf->phase > SIM_PHASE_BEFORE && lf->phase < SIM_PHASES;
}

/* "disk 3 of DATA (8 disks)": the disk lost. */
static int live_disk_words(const struct report_live_fail *lf, char *buf, size_t len)
{
    return snprintf(buf, len, "disk %d of %s (%d disks)", lf->disk, lf->group,
                    lf->group_disks);
}

void report_live_fail_text(const struct report_live_fail *lf, char *buf, size_t len)
{
    char disk[WL_NAME_MAX + 48];
    buf[0] = '\0';
    if (!live_failed(lf))
        return;
    live_disk_words(lf, disk, sizeof disk);
    double pct = lf->moved_bytes > 0 ? 100 * lf->done_bytes / lf->moved_bytes : 0;
    if (lf->phase == SIM_PHASE_DEGRADED)
        snprintf(buf, len, "%s offline, degraded: its reads served by the mirror "
                 "copies, its writes dropped; %d disks left online (a drop would "
                 "rebalance at power %d)", disk, lf->group_disks - 1, lf->power);
    else if (lf->phase == SIM_PHASE_REBALANCING)
        snprintf(buf, len, "%s dropped, rebalancing at power %d: %.1f of %.1f GB "
                 "copied (%.0f %%) at %.0f MB/s; %d disks left", disk, lf->power,
                 lf->done_bytes / 1e9, lf->moved_bytes / 1e9, pct, lf->copy_mbps,
                 lf->group_disks - 1);
    else
        snprintf(buf, len, "%s dropped, redundancy restored (%.1f GB rebuilt at "
                 "power %d); %d disks left", disk, lf->moved_bytes / 1e9, lf->power,
                 lf->group_disks - 1);
}

void report_live_fail_comment(const struct report_live_fail *lf, char *buf, size_t len)
{
    buf[0] = '\0';
    if (!live_failed(lf))
        return;
    snprintf(buf, len, "  # measured %s on the dashboard (f) after disk %d of %s "
             "failed, power %d (P); tui has no option for it: run --fail %d@TIME "
             "--power %d measures each phase", PHASE_NAME[lf->phase], lf->disk,
             lf->group, lf->power, lf->disk, lf->power);
}

cJSON *report_live_fail_json(const struct report_live_fail *lf)
{
    struct fj j = { false };
    cJSON *x = cJSON_CreateObject();
    if (!x || !live_failed(lf))
        return x;
    bool copying = lf->phase == SIM_PHASE_REBALANCING;
    j.oom |= !cJSON_AddStringToObject(x, "phase", PHASE_NAME[lf->phase]);
    j.oom |= !cJSON_AddStringToObject(x, "group", lf->group);
    put_num(&j, x, "disk", lf->disk);
    put_num(&j, x, "group_disks", lf->group_disks);
    put_num(&j, x, "disks_left", lf->group_disks - 1);
    put_num(&j, x, "power", lf->power);
    put_num(&j, x, "used_frac", lf->used_frac);
    put_num(&j, x, "moved_bytes", lf->moved_bytes);
    put_num(&j, x, "done_bytes", lf->done_bytes);
    put_num(&j, x, "copy_mbps", copying ? lf->copy_mbps : NAN);
    if (j.oom) {
        cJSON_Delete(x);
        return NULL;
    }
    return x;
}
