/*
 * dash.c - the live dashboard: draws session snapshots, turns keys into
 * session commands.
 *
 * The dashboard never touches the engine.  Ten times a second (or at once
 * after a key) it copies the latest snapshot (sim_session_snapshot) and
 * redraws the whole screen from it; keys become struct sim_cmd values
 * computed from that snapshot (load + 1, next layout, ...) and queued with
 * sim_session_send.  A slow terminal therefore slows the picture, never
 * the I/O.
 *
 * Keys pressed faster than the session applies them are not lost: the
 * keys compute their commands from `want`, the configuration as it will be
 * once every command sent has been applied, which falls back to the
 * snapshot once the snapshot shows them all (cmds_applied).
 *
 * Screen (at least MIN_COLS x MIN_ROWS; smaller windows get a message),
 * every part sized from the widths of its fields, never by fixed columns:
 *
 *   header: four groups of fields, each flowed over as many rows as the
 *     width needs (flow.c): title (backend | instance | volume | disks,
 *     layout, AU, redundancy); point k/N, elapsed, ETA, speed, binding
 *     limit, state at the right; MBPS, IOPS, latency with deltas against
 *     the baseline ('b'); writes, sizes, window
 *   per-disk table: DATA_0000 ... (or the target path): MB/s, IOPS,
 *     avg/p99 latency, I/Os in flight, utilisation bar, errors; the slowest
 *     disk highlighted.  A row per disk while the panels keep their
 *     minimum; beyond that the rows scroll (Down/Up, j/k)
 *   time band (timeband.c): the burst-credit gauges with when each
 *     empties or fills (credits.c) and the event log (events.c), side by
 *     side on a wide screen, stacked on a narrow one, folded to what the
 *     height spares (band_rows)
 *   a forecast played (forecast --tui) has no disk table and, under the
 *     band, the strip across the width and the interval's latency per
 *     class and direction (latency.c), the forecast's own figures
 *   panels, all the rows left: on the left MBPS, IOPS and p99 over the
 *     whole run, start to now (strip.c), over the latency histogram
 *     (ORION's power-of-two bins, p50/p99/p99.9 marked), whose bars take
 *     the height left; on
 *     the right the ORION matrix heat map (rows large, columns small) over
 *     the sweep curve (MBPS and IOPS per disk count)
 *   bottom: the message line (the newest event, as it happens) or the
 *     key hints (whole chunks only)
 *
 * Without colour (NO_COLOR, or a terminal without) the heat map uses a
 * character ramp and the slowest disk is shown in reverse video.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layouts/units.h"
#include "sim/report/report.h"
#include "tui/flow.h"
#include "tui/panels.h"
#include "tui/term.h"
#include "tui/tui.h"
#include "tui/tui_draw.h"

#define MIN_COLS 80
#define KEY_ESC 27
#define MIN_ROWS 24
#define DASH_MAX_IOPS 10000000      /* typed IOPS: the profile checks its own cap */

#define RAMP tui_ramp
#define RAMP_N TUI_RAMP_N

/* What the tuning keys change, as the dashboard expects it to be. */
struct dash_want {
    struct wl_point point;
    int disks, write_pct;
    int db_pct;                     /* a database workload's loads, % */
    enum lay_striping striping;
};

struct dash {
    struct term term;
    sim_session *s;
    const struct cli_opts *o;
    struct sim_snapshot *snap;
    struct sim_snapshot *base;      /* the baseline ('b') */
    bool has_base;
    bool help;
    bool confirm_quit;
    bool save_on_quit;
    char note[200];                 /* the UI's own last message */
    char saved[200];                /* the last save that wrote, or "" */
    char save_failed[200];          /* the last save's failure, or "" (it
                                       wrote what it says, no more) */
    int disk_top;                   /* the first disk row shown */
    int disks_shown;                /* disk rows the last draw showed */
    /* The configuration as it will be once every command sent has been
       applied: the keys compute from it, so keys pressed faster than the
       session applies them each act (ten '+' raise the load by ten). */
    struct dash_want want;
    uint64_t sent;                  /* queued commands sent */
};

/* ---- drawing helpers -------------------------------------------------------- */

static attr_t pair(const struct dash *d, int p)
{
    return d->term.color ? COLOR_PAIR(p) : A_NORMAL;
}

/* "1MiB", "128KiB": the dashboard's columns stop at MiB (units.h). */
static void fmt_size(uint64_t b, char *buf, size_t len)
{
    units_fmt_exact(b, MIB, false, buf, len);
}

static void fmt_time(double s, char *buf, size_t len)
{
    if (s < 0) {
        snprintf(buf, len, "--");
        return;
    }
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, len, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else
        snprintf(buf, len, "%ldm%02lds", t / 60, t % 60);
}

/* " (+3.2%)" against the baseline, or "" */
static void delta(const struct dash *d, double now, double then, char *buf,
                  size_t len)
{
    buf[0] = '\0';
    if (!d->has_base || then <= 0)
        return;
    snprintf(buf, len, " (%+.1f%%)", (now / then - 1) * 100);
}

/* ---- the header --------------------------------------------------------------- */

/* Where the run stands: "3/37", "pinned", "3/37, run 2/4". */
static void where_text(const struct sim_snapshot *s, char *buf, size_t len)
{
    if (s->interactive && s->pinned)
        snprintf(buf, len, "%s", s->point_index >= 0 ? "pinned" : "pinned, off matrix");
    else if (s->n_runs > 1)
        snprintf(buf, len, "%d/%d, run %d/%d", s->point_index + 1, s->n_points,
                 s->run_index + 1, s->n_runs);
    else
        snprintf(buf, len, "%d/%d", s->point_index + 1, s->n_points);
}

static const char *state_text(const struct sim_snapshot *s)
{
    return s->paused ? "PAUSED"
         : s->state == SIM_SESS_DONE ? "DONE"
         : s->state == SIM_SESS_FAILED ? "FAILED"
         : s->measuring ? "measuring" : "warming up";
}

static attr_t state_attr(const struct dash *d)
{
    const struct sim_snapshot *s = d->snap;
    if (s->paused)
        return pair(d, TERM_PAIR_WARN) | A_BOLD | (d->term.color ? 0 : A_REVERSE);
    if (s->state == SIM_SESS_FAILED)
        return pair(d, TERM_PAIR_BAD) | A_BOLD;
    return pair(d, TERM_PAIR_GOOD);
}

/* title bar: what is measured */
static void title_fields(const struct dash *d, struct flow *fl)
{
    const struct sim_snapshot *s = d->snap;
    char au[32];
    fmt_size(s->au_bytes, au, sizeof au);
    flow_init(fl, " | ");
    fl->fill = true;
    fl->fill_attr = d->term.color ? COLOR_PAIR(TERM_PAIR_TITLE) : A_REVERSE;
    attr_t a = fl->fill_attr | A_BOLD;
    flow_add(fl, a, "asmsim %s", s->interactive ? "tui" : s->phase[0] ? "forecast" : "live");
    flow_add(fl, a, "%s", s->backend);
    flow_add(fl, a, "instance %s", s->instance);
    if (s->n_db_groups > 0) {       /* each group's volume: classes.c */
        flow_add(fl, a, "%d disks in %d group%s", s->disks, s->n_db_groups,
                 s->n_db_groups == 1 ? "" : "s");
        return;
    }
    flow_add(fl, a, "%s", s->volume);
    flow_add(fl, a, "%d disks %s AU %s %s", s->disks, lay_striping_name(s->striping),
             au, lay_redundancy_name(s->redundancy));
}

/* A pacer reaching less than this share of --speed says what it reaches
   (a host too slow to simulate that fast). */
#define SPEED_SHORT 0.9

/* status: the point, time, speed, binding limit, state (right) */
static void status_fields(const struct dash *d, struct flow *fl)
{
    const struct sim_snapshot *s = d->snap;
    char where[64], el[32], eta[32];
    where_text(s, where, sizeof where);
    fmt_time(s->device_s, el, sizeof el);
    fmt_time(s->eta_s, eta, sizeof eta);
    flow_init(fl, "  ");
    fl->right_last = true;
    if (s->phase[0]) {
        flow_add(fl, A_BOLD, "phase %s", s->phase);     /* a forecast played */
    } else if (s->n_db_classes > 0) {
        flow_add(fl, A_BOLD, "loads %d %% of the workload's", s->db_load_pct);
    } else {
        flow_add(fl, A_BOLD, "point small=%d large=%d", s->point.small, s->point.large);
        flow_add(fl, A_NORMAL, "(%s)", where);
    }
    flow_add(fl, A_NORMAL, "elapsed %s", el);
    flow_add(fl, A_NORMAL, "ETA %s", eta);
    if (s->speed > 0 && s->speed_reached > 0 && s->speed_reached < SPEED_SHORT * s->speed)
        flow_add(fl, pair(d, TERM_PAIR_WARN), "speed %gx (%.0fx reached)", s->speed,
                 s->speed_reached);
    else if (s->speed > 0)
        flow_add(fl, A_NORMAL, "speed %gx", s->speed);
    else
        flow_add(fl, A_NORMAL, "speed max");
    flow_add(fl, A_NORMAL, "limit: %s", sim_limit_label(s->limited_by));
    flow_add(fl, state_attr(d), "[%s]", state_text(s));
}

/* a database workload's: every class's figures added up (the rows per
   class are classes.c's) */
static void db_figure_fields(const struct dash *d, struct flow *fl)
{
    double mbps, iops, base_mbps, base_iops;
    char dm[24], di[24];
    classes_totals(d->snap, &mbps, &iops);
    classes_totals(d->base, &base_mbps, &base_iops);
    delta(d, mbps, base_mbps, dm, sizeof dm);
    delta(d, iops, base_iops, di, sizeof di);
    flow_init(fl, "  ");
    flow_add(fl, A_BOLD, "MBPS %.2f%s", mbps, dm);
    flow_add(fl, A_BOLD, "IOPS %.0f%s", iops, di);
    flow_add(fl, A_NORMAL, "all %d classes", d->snap->n_db_classes);
}

/* figures, with deltas against the baseline */
static void figure_fields(const struct dash *d, struct flow *fl)
{
    if (d->snap->n_db_classes > 0) {
        db_figure_fields(d, fl);
        return;
    }
    const struct sim_point_result *c = &d->snap->cur;
    const struct sim_point_result *b = &d->base->cur;
    char dm[24], di[24], dl[24];
    const struct sim_class_result *cs = &c->cls[WL_SMALL], *cl = &c->cls[WL_LARGE];
    const struct sim_class_result *bs = &b->cls[WL_SMALL], *bl = &b->cls[WL_LARGE];
    delta(d, cl->mbps, bl->mbps, dm, sizeof dm);
    delta(d, cs->iops, bs->iops, di, sizeof di);
    delta(d, cs->lat.avg_us, bs->lat.avg_us, dl, sizeof dl);
    flow_init(fl, "  ");
    flow_add(fl, A_BOLD, "MBPS %.2f%s", cl->mbps, dm);
    flow_add(fl, A_BOLD, "IOPS %.0f%s", cs->iops, di);
    /* a class the point does not run has no latency, not one of 0; the
       terminal's units (a forecast's queue waits seconds) */
    char avg[32], p99[32];
    if (sim_point_class_measured(c, WL_SMALL)) {
        report_fmt_latency(cs->lat.avg_us, avg, sizeof avg);
        report_fmt_latency(cs->lat.p99_us, p99, sizeof p99);
        flow_add(fl, A_NORMAL, "small lat avg %s%s p99 %s", avg, dl, p99);
    } else {
        flow_add(fl, A_NORMAL, "small lat -");
    }
    if (sim_point_class_measured(c, WL_LARGE)) {
        report_fmt_latency(cl->lat.avg_us, avg, sizeof avg);
        report_fmt_latency(cl->lat.p99_us, p99, sizeof p99);
        flow_add(fl, A_NORMAL, "large lat avg %s p99 %s", avg, p99);
    } else {
        flow_add(fl, A_NORMAL, "large lat -");
    }
}

/* the workload */
/* A disk lost from the dashboard (f, P: session_fail.c): its phase and
   the rebalance's progress. */
static void fail_fields(const struct dash *d, struct flow *fl)
{
    const struct sim_snapshot *s = d->snap;
    attr_t a = pair(d, TERM_PAIR_WARN) | A_BOLD;
    double left_s = s->fail_copy_mbps > 0
        ? (s->fail_moved_bytes - s->fail_done_bytes) / (s->fail_copy_mbps * 1e6) : -1;
    char left[32] = "?";
    if (left_s >= 0)
        fmt_time(left_s, left, sizeof left);
    if (s->fail_phase == SIM_PHASE_DEGRADED)
        flow_add(fl, a, "disk %d OFFLINE: degraded (f drops it; power %d)",
                 s->fail_disk, s->fail_power);
    else if (s->fail_phase == SIM_PHASE_REBALANCING)
        flow_add(fl, a, "rebalance power %d: %.1f of %.1f GB (%.0f %%), %.0f MB/s, %s left",
                 s->fail_power, s->fail_done_bytes / 1e9, s->fail_moved_bytes / 1e9,
                 s->fail_moved_bytes > 0 ? 100 * s->fail_done_bytes / s->fail_moved_bytes : 0,
                 s->fail_copy_mbps, left);
    else if (s->fail_phase == SIM_PHASE_RESTORED)
        flow_add(fl, pair(d, TERM_PAIR_GOOD), "disk %d dropped: redundancy restored",
                 s->fail_disk);
}

/* The measured window's length; while the figures shown are the last
   window's (a new window's first moments), says so. */
static void window_field(const struct sim_snapshot *s, struct flow *fl)
{
    if (s->figures_held && s->state == SIM_SESS_RUNNING)
        flow_add(fl, A_DIM, "window %.1fs (figures: the last window's)", s->window_s);
    else
        flow_add(fl, A_DIM, "window %.1fs", s->window_s);
}

static void workload_fields(const struct dash *d, struct flow *fl)
{
    const struct sim_snapshot *s = d->snap;
    char sm[32], lg[32];
    fmt_size(s->small_bytes, sm, sizeof sm);
    fmt_size(s->large_bytes, lg, sizeof lg);
    flow_init(fl, "  ");
    if (s->n_db_classes > 0) {
        flow_add(fl, A_DIM, "database workload: %d classes on %d group%s", s->n_db_classes,
                 s->n_db_groups, s->n_db_groups == 1 ? "" : "s");
        window_field(s, fl);
        if (d->has_base)
            flow_add(fl, A_DIM, "baseline: deltas in ()");
        fail_fields(d, fl);
        return;
    }
    if (s->large_write_pct >= 0)
        flow_add(fl, A_DIM, "writes %d %% small, %d %% large", s->write_pct,
                 s->large_write_pct);
    else
        flow_add(fl, A_DIM, "writes %d %%", s->write_pct);
    flow_add(fl, A_DIM, "sizes %s / %s %s", sm, lg,
             s->large_type == WL_LARGE_SEQ ? "seq" : "rand");
    window_field(s, fl);
    if (d->has_base)
        flow_add(fl, A_DIM, "baseline: deltas in ()");
}

/* The four header groups, each flowed over as many rows as it needs;
   returns the rows used. */
static int draw_header(struct dash *d)
{
    void (*const groups[])(const struct dash *, struct flow *) = {
        title_fields, status_fields, figure_fields, workload_fields,
    };
    struct flow fl;
    int y = 0;
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
        groups[i](d, &fl);
        y += flow_layout(&fl, y, 1, COLS - 1, true);   /* a column of margin */
    }
    return y;
}

/* ---- the disk table ----------------------------------------------------------- */

/*
 * Columns: label, MB/s, IOPS, avg ms, p99 ms, in flight, utilisation bar,
 * errors, and "slowest" after the slowest disk's row.  Everything but the
 * label and the bar is fixed; the label is as wide as the longest name
 * (DATA_0000 or a target's path) as far as the width allows, the bar takes
 * what is left, and the word "slowest" shows only where it fits (the row
 * is highlighted anyway).  So no column is cut at any width from MIN_COLS.
 */
#define DISK_FIXED_COLS 60          /* 1 + 4 x 10 + 7 + 2 + 2 + 8: all but label and bar */
#define DISK_LABEL_MIN 10
#define DISK_LABEL_MAX 24
#define DISK_BAR_MIN 8
#define DISK_BAR_MAX 30
#define DISK_SLOW_WORD "  slowest"

struct disk_cols {
    int label_w, bar_w;
    bool slow_word;
};

/* ASM's name for a modelled disk (DATA_0000), or the tail of the target's
   path for a real one (".../nvme1n1"), cut to len - 1 characters. */
static void disk_label(const struct dash *d, int i, char *buf, size_t len)
{
    const struct sim_snapshot *s = d->snap;
    for (int g = 0; g < s->n_db_groups; g++) {      /* its group's: REDO_0002 */
        const struct sim_snap_group *k = &s->db_group[g];
        if (i >= k->first_disk && i < k->first_disk + k->disks &&
            (!d->o || i >= d->o->n_targets)) {
            snprintf(buf, len, "%s_%04d", k->name, i - k->first_disk);
            return;
        }
    }
    if (!d->o || i >= d->o->n_targets || !d->o->targets[i]) {
        snprintf(buf, len, "DATA_%04d", i);
        return;
    }
    const char *path = d->o->targets[i];
    size_t n = strlen(path), room = len - 1;
    if (n <= room)
        snprintf(buf, len, "%s", path);
    else
        snprintf(buf, len, "..%s", path + n - (room - 2));
}

static struct disk_cols disk_columns(const struct dash *d, int width)
{
    struct disk_cols c = { .label_w = DISK_LABEL_MIN };
    char label[DISK_LABEL_MAX + 1];
    for (int i = 0; i < d->snap->n_disk; i++) {
        disk_label(d, i, label, sizeof label);
        if ((int)strlen(label) > c.label_w)
            c.label_w = (int)strlen(label);
    }
    int label_room = width - DISK_FIXED_COLS - DISK_BAR_MIN;
    if (c.label_w > label_room)
        c.label_w = label_room > DISK_LABEL_MIN ? label_room : DISK_LABEL_MIN;
    int room = width - DISK_FIXED_COLS - c.label_w;
    int word = (int)strlen(DISK_SLOW_WORD);
    c.slow_word = room - word >= DISK_BAR_MIN;
    c.bar_w = c.slow_word ? room - word : room;
    if (c.bar_w > DISK_BAR_MAX)
        c.bar_w = DISK_BAR_MAX;
    if (c.bar_w < 1)
        c.bar_w = 1;
    return c;
}

static void disk_row(struct dash *d, int y, int i, const struct disk_cols *c)
{
    const struct sim_snapshot *s = d->snap;
    const struct sim_snap_disk *k = &s->disk[i];
    bool slow = i == s->slowest_disk && s->n_disk > 1;
    attr_t a = slow ? (d->term.color ? COLOR_PAIR(TERM_PAIR_SLOW) | A_BOLD : A_REVERSE)
                    : A_NORMAL;
    char meter[DISK_BAR_MAX + 1];
    int fill = (int)lround(k->util * c->bar_w);
    for (int j = 0; j < c->bar_w; j++)
        meter[j] = j < fill ? '#' : '.';
    meter[c->bar_w] = '\0';
    char label[DISK_LABEL_MAX + 1];
    disk_label(d, i, label, (size_t)c->label_w + 1);
    tui_put(y, 0, a, " %-*s %9.2f %9.0f %9.3f %9.3f %6.1f  [%s] %7llu%s", c->label_w, label,
        k->mbps, k->iops, k->avg_lat_us / 1e3, k->p99_lat_us / 1e3, k->outstanding,
        meter, (unsigned long long)k->errors, slow && c->slow_word ? DISK_SLOW_WORD : "");
}

/* Rows the table wants: its header, a row per disk, and the note on disks
   the snapshot does not carry. */
static int disk_rows_wanted(const struct sim_snapshot *s)
{
    return 1 + s->n_disk + (s->disks > s->n_disk ? 1 : 0);
}

/* The table in rows [y, y + h): the header, the disk rows from
   d->disk_top, and, when not all fit, a last line saying which are shown
   and how to scroll. */
static void draw_disks(struct dash *d, int y, int h)
{
    const struct sim_snapshot *s = d->snap;
    struct disk_cols c = disk_columns(d, COLS);
    tui_put(y, 0, A_BOLD | A_UNDERLINE, " %-*s %9s %9s %9s %9s %6s  %-*s %7s", c.label_w, "disk",
        "MB/s", "IOPS", "avg ms", "p99 ms", "in fl", c.bar_w + 2, "util", "errors");
    int room = h - 1, n = s->n_disk;
    bool note = n > room || s->disks > n;
    int shown = note ? room - 1 : n;
    if (shown > n)
        shown = n;
    if (shown < 0)
        shown = 0;
    int max_top = n - shown;
    d->disk_top = d->disk_top < 0 ? 0 : d->disk_top > max_top ? max_top : d->disk_top;
    d->disks_shown = shown;
    for (int i = 0; i < shown; i++)
        disk_row(d, y + 1 + i, d->disk_top + i, &c);
    if (!note)
        return;
    char more[64] = "";
    if (s->disks > n)
        snprintf(more, sizeof more, "; %d more disks not shown", s->disks - n);
    if (shown < n)
        tui_put(y + 1 + shown, 0, A_DIM, " disks %d-%d of %d: Down/Up (j/k) scroll%s",
            d->disk_top + 1, d->disk_top + shown, n, more);
    else
        tui_put(y + 1 + shown, 0, A_DIM, " %s", more + 2);
}

/* ---- the panels ------------------------------------------------------------------ */

/* The histogram's title: the marks the bins carry come with the values. */
static void hist_title(const struct sim_snapshot *s, struct flow *fl)
{
    flow_init(fl, "  ");
    if (s->n_db_classes > 0)
        flow_add(fl, A_BOLD, "latency (%s, bins 2^n us):", s->db_class[s->hist_db_class].name);
    else
        flow_add(fl, A_BOLD, "latency (%s I/O, bins 2^n us):",
                 s->hist_cls == WL_SMALL ? "small" : "large");
    flow_add(fl, A_NORMAL, "^p50 %.0f", s->p50_us);
    flow_add(fl, A_NORMAL, "!p99 %.0f", s->p99_us);
    flow_add(fl, A_NORMAL, "*p99.9 %.0f us", s->p999_us);
}

/* The latency histogram in the box (y, x, w, h): the title, bars as tall
   as the box allows, and under them the marks of the bins that hold p50
   (^), p99 (!) and p99.9 (*). */
static void draw_hist(struct dash *d, int y, int x, int w, int h)
{
    const struct sim_snapshot *s = d->snap;
    int first = -1, lastb = -1;
    uint64_t max = 0;
    for (int i = 0; i < HIST_POW2_BINS; i++)
        if (s->hist_pow2[i]) {
            if (first < 0)
                first = i;
            lastb = i;
            if (s->hist_pow2[i] > max)
                max = s->hist_pow2[i];
        }
    struct flow fl;
    hist_title(s, &fl);
    int top = y + flow_layout(&fl, y, x, w, true);
    int rows = y + h - 1 - top;             /* the last row: the marks */
    if (first < 0 || rows < 1)
        return;
    if (first > 0)
        first--;
    if (lastb < HIST_POW2_BINS - 1)
        lastb++;
    int cw = 4;
    while ((lastb - first + 1) * cw > w - 2 && cw > 1)
        cw--;
    for (int b = first; b <= lastb; b++) {
        int cx = x + (b - first) * cw;
        if (cx + cw > x + w)
            break;
        int level = (int)lround((double)s->hist_pow2[b] / (double)max * rows);
        for (int r = 0; r < rows; r++)
            for (int k = 0; k < cw - 1; k++)
                mvaddch(top + rows - 1 - r, cx + k, r < level ? '#' : ' ');
        double lo = b == 0 ? 0 : ldexp(1.0, b), hi = ldexp(1.0, b + 1);
        char m = ' ';
        if (s->p999_us >= lo && s->p999_us < hi)
            m = '*';
        if (s->p99_us >= lo && s->p99_us < hi)
            m = '!';
        if (s->p50_us >= lo && s->p50_us < hi)
            m = '^';
        mvaddch(top + rows, cx, (chtype)m);
    }
}

/* The heat map's geometry in a box w wide and h high: columns and rows
   shown, and the title (which says what does not fit). */
struct matrix_fit {
    int ncol, nrow, title_rows;
    struct flow title;
};

static void matrix_fit(const struct sim_snapshot *s, int w, int h, struct matrix_fit *m)
{
    int cols = (w - 5) / 2;
    m->ncol = s->n_small_levels < cols ? s->n_small_levels : cols;
    flow_init(&m->title, "  ");
    flow_add(&m->title, A_BOLD, "ORION matrix:");
    flow_add(&m->title, A_BOLD, "rows large, cols small");
    flow_add(&m->title, A_BOLD, "(MBPS | IOPS)");
    if (m->ncol < s->n_small_levels)
        flow_add(&m->title, A_DIM, "+%d cols", s->n_small_levels - m->ncol);
    m->title_rows = flow_layout(&m->title, 0, 0, w, false);
    m->nrow = s->n_large_levels < h - m->title_rows ? s->n_large_levels
                                                    : h - m->title_rows;
    if (m->nrow < s->n_large_levels) {
        flow_add(&m->title, A_DIM, "+%d rows", s->n_large_levels - m->nrow);
        int t = flow_layout(&m->title, 0, 0, w, false);
        m->nrow -= t - m->title_rows;
        m->title_rows = t;
    }
    if (m->nrow < 0)
        m->nrow = 0;
}

/* Rows the heat map wants in a box w wide: its title and a row per large
   level. */
static int matrix_rows_wanted(const struct sim_snapshot *s, int w)
{
    struct matrix_fit m;
    matrix_fit(s, w, SIM_SNAP_LEVELS + 8, &m);
    return m.title_rows + m.nrow;
}

static void draw_matrix(struct dash *d, int y, int x, int w, int h)
{
    const struct sim_snapshot *s = d->snap;
    struct matrix_fit m;
    matrix_fit(s, w, h, &m);
    flow_layout(&m.title, y, x, w, true);
    if (s->n_small_levels == 0)
        return;
    double max_m = 0, max_i = 0;
    for (int l = 0; l < s->n_large_levels; l++)
        for (int c = 0; c < s->n_small_levels; c++) {
            if (!isnan(s->cell_mbps[l][c]) && s->cell_mbps[l][c] > max_m)
                max_m = s->cell_mbps[l][c];
            if (!isnan(s->cell_iops[l][c]) && s->cell_iops[l][c] > max_i)
                max_i = s->cell_iops[l][c];
        }
    int y0 = y + m.title_rows;
    for (int l = 0; l < m.nrow; l++) {
        tui_put(y0 + l, x, A_DIM, "%3d ", s->large_levels[l]);
        for (int c = 0; c < m.ncol; c++) {
            double vm = s->cell_mbps[l][c], vi = s->cell_iops[l][c];
            double f = -1;
            if (!isnan(vm) && max_m > 0)
                f = vm / max_m;
            else if (!isnan(vi) && max_i > 0)
                f = vi / max_i;
            bool here = s->point.small == s->small_levels[c] &&
                        s->point.large == s->large_levels[l];
            int cx = x + 4 + 2 * c;
            if (f < 0) {
                tui_put(y0 + l, cx, A_DIM, here ? "<>" : " .");
            } else if (d->term.color) {
                int k = (int)(f * (TERM_HEAT_STEPS - 1) + 0.5);
                tui_put(y0 + l, cx, COLOR_PAIR(TERM_PAIR_HEAT0 + k), "%s", here ? "<>" : "  ");
            } else {
                char ch = RAMP[1 + (int)lround(f * (RAMP_N - 1))];
                tui_put(y0 + l, cx, A_NORMAL, "%c%c", here ? '<' : ch, here ? '>' : ch);
            }
        }
    }
}

#define SWEEP_TEXT_COLS 33          /* "%3d |" " %8.1f MBPS %7.0f IOPS" + margin */

static void draw_sweep(struct dash *d, int y, int x, int w, int h)
{
    const struct sim_snapshot *s = d->snap;
    tui_put(y, x, A_BOLD, "sweep: best per disk count");
    double max_m = 0, max_i = 0;
    for (int i = 0; i < s->n_sweep; i++) {
        if (s->sweep_mbps[i] > max_m)
            max_m = s->sweep_mbps[i];
        if (s->sweep_iops[i] > max_i)
            max_i = s->sweep_iops[i];
    }
    int bw = w - SWEEP_TEXT_COLS;
    if (bw < 4)
        bw = 4;
    if (bw > 100)
        bw = 100;
    int first = s->n_sweep > h - 1 ? s->n_sweep - (h - 1) : 0;
    for (int i = first; i < s->n_sweep; i++) {
        double f = max_m > 0 ? s->sweep_mbps[i] / max_m : max_i > 0 ? s->sweep_iops[i] / max_i : 0;
        int n = (int)lround(f * bw);
        char barbuf[128];
        int k = 0;
        for (; k < n && k < (int)sizeof barbuf - 1; k++)
            barbuf[k] = '=';
        barbuf[k] = '\0';
        tui_put(y + 1 + i - first, x, A_NORMAL, "%3d |%-*s %8.1f MBPS %7.0f IOPS", s->sweep_disks[i],
            bw, barbuf, s->sweep_mbps[i], s->sweep_iops[i]);
    }
}

/*
 * The panels share the rows under the disk table, left and right halves:
 *   left:  the strip of the whole run (an axis row and three strips),
 *          then the histogram, whose bars grow to the bottom of the box;
 *   right: the heat map with as many rows as it has large levels, then
 *          the sweep curve, which takes the rest; when both do not fit,
 *          the sweep keeps as many rows as it needs up to half the box.
 * The left column always reaches the bottom, so no band of rows across
 * the screen is left empty at any height.
 */
#define PANELS_MIN_ROWS 8           /* STRIP_ROWS, 2 of histogram title, bars, marks */
#define SWEEP_MIN_ROWS 2

static void draw_panels(struct dash *d, int y, int h)
{
    int lw = COLS / 2 - 1, rx = COLS / 2 + 1, rw = COLS - rx;
    strip_draw(d->snap, y, 0, lw);
    draw_hist(d, y + STRIP_ROWS, 0, lw, h - STRIP_ROWS);
    if (d->snap->n_db_classes > 0) {    /* no matrix, no sweep: the groups */
        groups_draw(d->snap, y, rx, rw, h);
        return;
    }
    /* both whole when they fit; else the sweep keeps up to half */
    int mh = matrix_rows_wanted(d->snap, rw), sh = 1 + d->snap->n_sweep;
    if (mh + sh > h) {
        sh = sh < h / 2 ? sh : h / 2;
        sh = sh > SWEEP_MIN_ROWS ? sh : SWEEP_MIN_ROWS;
        mh = h - sh;
    }
    draw_matrix(d, y, rx, rw, mh);
    draw_sweep(d, y + mh, rx, rw, h - mh);
}

/* ---- keys ------------------------------------------------------------------ */

/*
 * The key table.  Every key the dashboard acts on has exactly one row in
 * KEYS below, and the three places that know about keys all read it:
 *
 *   key()        finds the row whose keys (or aliases) hold the key pressed
 *                and calls its handler;
 *   draw_help()  prints one line per row: the row's keys and, in
 *                parentheses, its aliases, then its help;
 *   draw_hint()  prints "keys label" for every row that has a label.
 *
 * So a key cannot be handled and left out of the help, or hinted at and
 * not handled.  A row may bind a small family of keys (+ and -, [ and ]):
 * alias[i] does what keys[i] does ('=' for '+', so no Shift is needed;
 * j for Down), and the handler is told i, which key of the family it was.
 * The hint line is a subset on purpose: it has one line of room (as many
 * whole chunks as fit, so the rows most worth a hint come first) and
 * names no aliases; the help overlay lists every row and every alias.
 *
 * Two modes come before the table: while the help is shown any key closes
 * it, and while "Quit?" is asked y confirms and any other key cancels.
 */

#define KEY_FAMILY 2                /* at most two keys per row */

struct dash_key {
    int keys[KEY_FAMILY];           /* shown in help and hint; 0 = unused */
    int alias[KEY_FAMILY];          /* alias[i] acts as keys[i]; 0 = none */
    const char *hint;               /* the hint line's word, or NULL */
    const char *help;               /* the help overlay's line */
    /* which: the index in keys[] of the key pressed.  True ends the
       dashboard. */
    bool (*fn)(struct dash *d, int which);
    /* ORION's only: on a database workload the key says it does not
       apply (its groups, sizes and volumes are --group's) */
    bool orion_only;
    const char *db_hint;            /* the hint's word on a database
                                       workload, when not `hint` */
};

/* Queue c; true when it was queued (the note says why not). */
static bool send(struct dash *d, struct sim_cmd c)
{
    int rc = sim_session_send(d->s, &c);
    if (rc == -ENOTSUP)
        snprintf(d->note, sizeof d->note, "tuning keys apply to 'asmsim tui'; "
                 "this run only pauses, saves at its end and quits");
    else if (rc < 0)
        snprintf(d->note, sizeof d->note, "busy: try again");
    else
        d->note[0] = '\0';
    if (rc == 0 && c.kind != SIM_CMD_PAUSE && c.kind != SIM_CMD_QUIT)
        d->sent++;
    return rc == 0;
}

/* Once the snapshot shows every command sent, it is what the keys start
   from again (a refused or clamped command then shows as it was taken). */
static void want_sync(struct dash *d)
{
    const struct sim_snapshot *s = d->snap;
    if (s->cmds_applied < d->sent)
        return;
    d->want = (struct dash_want){
        .point = s->point, .disks = s->disks, .write_pct = s->write_pct,
        .striping = s->striping, .db_pct = s->db_load_pct,
    };
}

/* A one-line prompt at the bottom: printable characters, Backspace,
   Enter answers, Esc cancels (as it clears the message line elsewhere).
   False on an empty answer or Esc; the caller then changes nothing.  The
   wait for a key ends with ERR only when a signal came (INT, TERM, HUP:
   the loop then quits) or the terminal is gone (a hang-up reads end of
   file at once, forever): that cancels too, or the prompt would wait or
   spin for ever. */
static bool prompt(const char *q, char *buf, int len)
{
    int n = 0, ch = 0;
    buf[0] = '\0';
    curs_set(1);
    timeout(-1);
    while (ch != '\n' && ch != '\r' && ch != KEY_ENTER && ch != KEY_ESC &&
           ch != ERR) {
        move(LINES - 1, 0);
        clrtoeol();
        tui_put(LINES - 1, 0, A_BOLD, " %s ", q);
        addstr(buf);
        refresh();
        ch = getch();
        if ((ch == KEY_BACKSPACE || ch == 127 || ch == '\b') && n > 0)
            buf[--n] = '\0';
        else if (ch >= ' ' && ch < 127 && n < len - 1) {
            buf[n++] = (char)ch;
            buf[n] = '\0';
        }
    }
    timeout(100);
    curs_set(0);
    return ch != KEY_ESC && ch != ERR && buf[0];
}

static bool key_help(struct dash *d, int which)
{
    (void)which;
    d->help = true;
    return false;
}

static bool key_quit(struct dash *d, int which)
{
    (void)which;
    if (d->snap->state == SIM_SESS_DONE || d->snap->state == SIM_SESS_FAILED)
        return true;
    d->confirm_quit = true;
    return false;
}

/* A load command from the load expected (keeps within what the pools
   hold; the session clamps and refuses as well). */
static void send_load(struct dash *d, int small, int large)
{
    const struct sim_snapshot *s = d->snap;
    if (s->max_small > 0 && small > s->max_small)
        small = s->max_small;
    if (s->max_large > 0 && large > s->max_large)
        large = s->max_large;
    small = small < 0 ? 0 : small;
    large = large < 0 ? 0 : large;
    if (send(d, (struct sim_cmd){ .kind = SIM_CMD_LOAD, .a = small, .b = large }))
        d->want.point = (struct wl_point){ small, large };
}

/* + / - on a database workload: every class's load 10 % of the
   workload's up or down (session_db.c clamps to its range) */
static void send_db_load(struct dash *d, int which)
{
    int pct = d->want.db_pct + (which == 0 ? 10 : -10);
    int most = d->snap->db_load_pct_max;
    pct = pct < SIM_SESSION_DB_PCT_MIN ? SIM_SESSION_DB_PCT_MIN : pct > most ? most : pct;
    if (send(d, (struct sim_cmd){ .kind = SIM_CMD_DB_LOAD, .a = pct }))
        d->want.db_pct = pct;
}

/* + / -: which 0 raises, 1 lowers */
static bool key_small_load(struct dash *d, int which)
{
    if (d->snap->n_db_classes > 0) {
        send_db_load(d, which);
        return false;
    }
    send_load(d, d->want.point.small + (which == 0 ? 1 : -1), d->want.point.large);
    return false;
}

/* ] / [: which 0 raises, 1 lowers */
static bool key_large_load(struct dash *d, int which)
{
    send_load(d, d->want.point.small, d->want.point.large + (which == 0 ? 1 : -1));
    return false;
}

/* > / <: which 0 adds a disk, 1 takes one away (never the last) */
static bool key_disks(struct dash *d, int which)
{
    int disks = d->want.disks + (which == 0 ? 1 : -1);
    if (disks >= 1 && send(d, (struct sim_cmd){ .kind = SIM_CMD_DISKS, .a = disks }))
        d->want.disks = disks;
    return false;
}

/* Down / Up: which 0 scrolls down, 1 up, when not every disk row fits */
static bool key_scroll(struct dash *d, int which)
{
    if (d->disks_shown >= d->snap->n_disk)
        snprintf(d->note, sizeof d->note, "all %d disk rows are shown", d->snap->n_disk);
    else
        d->disk_top += which == 0 ? 1 : -1;     /* kept in range by draw_disks */
    return false;
}

static bool key_writes(struct dash *d, int which)
{
    (void)which;
    int pct = (d->want.write_pct / 25 * 25 + 25) % 125;
    if (send(d, (struct sim_cmd){ .kind = SIM_CMD_WRITE_PCT, .a = pct }))
        d->want.write_pct = pct;
    return false;
}

/* z / Z: which 0 steps the small size, 1 the large */
/* z / Z: the session takes the next small / large size of its cycle
   (SIM_SMALL_SIZES, SIM_LARGE_SIZES), passing over one it refuses */
static bool key_sizes(struct dash *d, int which)
{
    send(d, (struct sim_cmd){ .kind = SIM_CMD_SIZE_NEXT, .a = which == 0 ? WL_SMALL : WL_LARGE });
    return false;
}

static bool key_layout(struct dash *d, int which)
{
    (void)which;
    enum lay_striping st = d->want.striping == LAY_COARSE ? LAY_FINE : LAY_COARSE;
    if (send(d, (struct sim_cmd){ .kind = SIM_CMD_LAYOUT, .a = st }))
        d->want.striping = st;
    return false;
}

/* r: the session cycles from the level in force, passing over one the
   disk group cannot have (high on 2 disks) */
static bool key_redundancy(struct dash *d, int which)
{
    (void)which;
    send(d, (struct sim_cmd){ .kind = SIM_CMD_REDUNDANCY, .a = SIM_REDUNDANCY_NEXT });
    return false;
}

/* i / t: which 0 prompts for IOPS, 1 for throughput */
static bool key_volume(struct dash *d, int which)
{
    char buf[64], q[CLI_QUOTE_BUF];
    if (which == 0) {
        if (!prompt("volume IOPS (e.g. 6000):", buf, sizeof buf))
            return false;
        /* the command line's own strict parser: "6000abc", " 6000" and
           "1e4" are refused, not read as far as they go */
        long long iops;
        if (cli_parse_int(buf, 1, DASH_MAX_IOPS, &iops) == 0)
            send(d, (struct sim_cmd){ .kind = SIM_CMD_VOLUME, .x = (double)iops });
        else
            snprintf(d->note, sizeof d->note, "IOPS %s: give a whole number "
                     "1..%d", cli_quote(buf, q, sizeof q), DASH_MAX_IOPS);
    } else {
        if (!prompt("volume throughput (e.g. 500MiB/s):", buf, sizeof buf))
            return false;
        double bps;
        if (prof_parse_rate(buf, &bps) == 0 && bps > 0)
            send(d, (struct sim_cmd){ .kind = SIM_CMD_VOLUME, .y = bps });
        else
            snprintf(d->note, sizeof d->note, "throughput %s: use a rate "
                     "such as 500MiB/s or 680MB/s", cli_quote(buf, q, sizeof q));
    }
    return false;
}

/* f and P on ORION's matrix: what they are for */
static bool db_only(struct dash *d)
{
    if (d->snap->n_db_classes > 0)
        return false;
    snprintf(d->note, sizeof d->note, "f and P: a disk lost on a database "
             "workload's dashboard (--workload); this is ORION's matrix");
    return true;
}

/* A whole number lo..hi asked at the bottom (q) and sent as command
   kind's a; a refusal in the note names `what` and the range. */
static void ask_and_send(struct dash *d, const char *q, enum sim_cmd_kind kind,
                         const char *what, int lo, int hi)
{
    char buf[32], quoted[CLI_QUOTE_BUF];
    long long v;
    if (!prompt(q, buf, sizeof buf))
        return;
    if (cli_parse_int(buf, lo, hi, &v) == 0)
        send(d, (struct sim_cmd){ .kind = kind, .a = (int)v });
    else
        snprintf(d->note, sizeof d->note, "%s %s: give a whole number %d..%d", what,
                 cli_quote(buf, quoted, sizeof quoted), lo, hi);
}

/* f: a disk of the first group fails (its number asked, in the group's
   range), or, while one is offline, it is dropped now and the rebalance
   starts (session_fail.c); when no disk can fail (a disk failed already,
   external redundancy, ...) the session's reason, at once */
static bool key_fail(struct dash *d, int which)
{
    (void)which;
    const struct sim_snapshot *s = d->snap;
    char q[64];
    if (db_only(d))
        return false;
    if (s->fail_phase == SIM_PHASE_DEGRADED) {
        send(d, (struct sim_cmd){ .kind = SIM_CMD_FAIL, .a = -1 });
    } else if (s->fail_refused[0]) {
        snprintf(d->note, sizeof d->note, "%s", s->fail_refused);
    } else {
        int disks = s->n_db_groups > 0 ? s->db_group[0].disks : s->disks;
        snprintf(q, sizeof q, "fail disk of the first group (0..%d):", disks - 1);
        ask_and_send(d, q, SIM_CMD_FAIL, "disk", 0, disks - 1);
    }
    return false;
}

/* P: the rebalance power (asked; ASM_POWER_LIMIT's range), or why it has
   no use here, at once */
static bool key_power(struct dash *d, int which)
{
    (void)which;
    if (db_only(d))
        return false;
    if (d->snap->power_refused[0])
        snprintf(d->note, sizeof d->note, "%s", d->snap->power_refused);
    else
        ask_and_send(d, "rebalance power (1..1024):", SIM_CMD_POWER, "power", 1,
                     SIM_POWER_MAX);
    return false;
}

static bool key_instance(struct dash *d, int which)
{
    (void)which;
    char buf[64];
    if (prompt("instance (e.g. m5.large, r5b.8xlarge, none):", buf, sizeof buf)) {
        struct sim_cmd c = { .kind = SIM_CMD_INSTANCE };
        snprintf(c.text, sizeof c.text, "%.47s", buf);
        send(d, c);
    }
    return false;
}

static bool key_walk(struct dash *d, int which)
{
    (void)which;
    send(d, (struct sim_cmd){ .kind = SIM_CMD_WALK });
    return false;
}

static bool key_baseline(struct dash *d, int which)
{
    (void)which;
    if (d->has_base) {
        d->has_base = false;
        snprintf(d->note, sizeof d->note, "baseline cleared");
    } else {
        *d->base = *d->snap;
        d->has_base = true;
        snprintf(d->note, sizeof d->note, "baseline kept: MBPS %.2f IOPS %.0f",
                 d->snap->cur.cls[WL_LARGE].mbps, d->snap->cur.cls[WL_SMALL].iops);
    }
    return false;
}

static bool key_pause(struct dash *d, int which)
{
    (void)which;
    send(d, (struct sim_cmd){ .kind = SIM_CMD_PAUSE, .a = -1 });   /* toggle */
    return false;
}

static bool key_restart(struct dash *d, int which)
{
    (void)which;
    send(d, (struct sim_cmd){ .kind = SIM_CMD_RESTART });
    return false;
}

/* Save what was measured; the note says what was written where (or why
   not), and the outcome is remembered for the quit question and the
   goodbye line: a save that wrote, and a failure until a save succeeds. */
static bool save_now(struct dash *d)
{
    int rc = sim_session_save(d->s, d->note, sizeof d->note);
    if (rc == 0)
        snprintf(d->saved, sizeof d->saved, "%s", d->note);
    snprintf(d->save_failed, sizeof d->save_failed, "%s", rc == 0 ? "" : d->note);
    return rc == 0;
}

static bool key_save(struct dash *d, int which)
{
    (void)which;
    if (!d->snap->interactive)
        snprintf(d->note, sizeof d->note, "this run writes its files when it "
                 "ends (--output-dir)");
    else
        save_now(d);
    return false;
}

static bool key_clear(struct dash *d, int which)
{
    (void)which;
    d->note[0] = '\0';
    return false;
}

/* Help and hint order: '?' and 'q' first, so the hint line always shows
   them however narrow the window. */
static const struct dash_key KEYS[] = {
    { { '?' }, { 'h' }, "help", "this help (any key closes it)", key_help, false, NULL },
    { { 'q' }, { 'Q' }, "quit", "quit (asks first; y confirms)", key_quit, false, NULL },
    { { '+', '-' }, { '=', '_' }, "small",
      "small load up / down; database: every class's load 10 %", key_small_load,
      .db_hint = "load" },
    { { ']', '[' }, { 0 }, "large", "large load up / down", key_large_load, .orion_only = true },
    { { '>', '<' }, { '.', ',' }, "disks",
      "one disk more / less (rebuilds the disk group)", key_disks, .orion_only = true },
    { { KEY_DOWN, KEY_UP }, { 'j', 'k' }, NULL,
      "scroll the disk rows down / up (when not all fit)", key_scroll, false, NULL },
    { { 'w' }, { 0 }, "writes", "write percentage: 0, 25, 50, 75, 100", key_writes, .orion_only = true },
    { { 'z', 'Z' }, { 0 }, NULL, "small / large I/O size: next size (skips a refused one)",
      key_sizes, .orion_only = true },
    { { 'l' }, { 0 }, "layout", "layout: coarse <-> fine", key_layout, .orion_only = true },
    { { 'r' }, { 0 }, "redundancy", "redundancy: external, normal, high (skips a refused one)",
      key_redundancy, .orion_only = true },
    { { 'i', 't' }, { 0 }, "volume", "provisioned volume IOPS / throughput (prompt)",
      key_volume, .orion_only = true },
    { { 'n' }, { 0 }, "instance", "instance type (prompt)", key_instance, .orion_only = true },
    { { 'g' }, { 0 }, NULL, "walk the ORION matrix again from its start", key_walk, .orion_only = true },
    { { 'f' }, { 0 }, NULL, "database: a disk of the first group fails (prompt); "
      "again: drop it now, the rebalance starts", key_fail, false, .db_hint = "fail" },
    { { 'P' }, { 0 }, NULL, "database: the rebalance power (prompt)", key_power, false,
      .db_hint = "power" },
    { { 'b' }, { 0 }, "baseline", "keep the current figures as baseline / clear it",
      key_baseline, false, NULL },
    { { 'p' }, { ' ' }, "pause", "pause / resume", key_pause, false, NULL },
    { { 'R' }, { 0 }, NULL, "restart the point (a fresh measured window)", key_restart, false, NULL },
    { { 's' }, { 0 }, "save", "save: the ORION files, results JSON, HTML report", key_save, false, NULL },
    { { KEY_ESC }, { 0 }, NULL, "clear the message line; in a prompt, cancel it", key_clear, false, NULL },
};
#define N_KEYS ((int)(sizeof KEYS / sizeof KEYS[0]))

static const char *const HELP_FOOTER[] = {
    "Keys in () act as the ones before them: = is +, Space is p, j is Down.",
    "Tuning keys apply to 'asmsim tui'; a --tui run pauses and quits. A",
    "database workload takes +/- in both; the ORION keys say they do not apply.",
};
#define N_FOOTER ((int)(sizeof HELP_FOOTER / sizeof HELP_FOOTER[0]))

/* How a key is written on screen: "Esc", "Space", "Down", or the
   character itself. */
static const char *key_label(int ch, char buf[2])
{
    switch (ch) {
    case KEY_ESC: return "Esc";
    case ' ': return "Space";
    case KEY_DOWN: return "Down";
    case KEY_UP: return "Up";
    default: break;
    }
    buf[0] = (char)ch;
    buf[1] = '\0';
    return buf;
}

/* keys[0..] of a row joined by sep into buf at *used; false when full */
static bool join_keys(const int *keys, const char *sep, char *buf, size_t len,
                      size_t *used)
{
    for (int i = 0; i < KEY_FAMILY && keys[i]; i++) {
        char one[2];
        int n = snprintf(buf + *used, len - *used, "%s%s", i ? sep : "",
                         key_label(keys[i], one));
        if (n < 0 || (size_t)n >= len - *used)
            return false;
        *used += (size_t)n;
    }
    return true;
}

/* A row's keys joined by sep: "+ -" for the help, "+/-" for the hint;
   with_aliases adds the aliases in parentheses: "+ - (= _)". */
static void key_names(const struct dash_key *k, const char *sep, bool with_aliases,
                      char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    if (!join_keys(k->keys, sep, buf, len, &used) || !with_aliases || !k->alias[0])
        return;
    int n = snprintf(buf + used, len - used, " (");
    if (n < 0 || (size_t)n >= len - used)
        return;
    used += (size_t)n;
    if (join_keys(k->alias, sep, buf, len, &used) && used + 1 < len) {
        buf[used++] = ')';
        buf[used] = '\0';
    }
}

#define HELP_KEY_COLS 16            /* "Keys (aliases)" and a gap */
#define HELP_COLS 76
#define HELP_MIN_MARGIN 8           /* narrower margins: the overlay spans
                                       the whole width (80x24) */

static void draw_help(void)
{
    int n = 1 + N_KEYS + N_FOOTER;
    int w = HELP_COLS, h = n + 2;
    int y0 = (LINES - h) / 2, x0 = (COLS - w) / 2;
    if (y0 < 0)
        y0 = 0;
    if (x0 < HELP_MIN_MARGIN) {     /* a sliver of the dashboard at either
                                       edge reads as stray characters */
        x0 = 0;
        w = COLS;
    }
    for (int r = 0; r < h; r++)
        mvhline(y0 + r, x0, ' ', w);
    attron(A_BOLD);
    mvhline(y0, x0, '-', w);
    mvhline(y0 + h - 1, x0, '-', w);
    attroff(A_BOLD);
    int y = y0 + 1;
    tui_put(y++, x0 + 2, A_BOLD, "%-*s%s", HELP_KEY_COLS, "Keys (aliases)", "What they do");
    for (int i = 0; i < N_KEYS; i++, y++) {
        char names[48];
        key_names(&KEYS[i], " ", true, names, sizeof names);
        tui_put(y, x0 + 2, A_NORMAL, "%-*s%s", HELP_KEY_COLS, names, KEYS[i].help);
    }
    for (int i = 0; i < N_FOOTER; i++, y++)
        tui_put(y, x0 + 2, A_NORMAL, "%s", HELP_FOOTER[i]);
}

/* The bottom line when there is no message: "? help  q quit  +/- small
   ...", as many whole chunks as the width holds. */
static void draw_hint(const struct dash *d)
{
    char line[512], names[48];
    size_t used = 0;
    bool db = d->snap->n_db_classes > 0;    /* its own words, not ORION's keys */
    line[0] = '\0';
    for (int i = 0; i < N_KEYS; i++) {
        if (!KEYS[i].hint || (db && KEYS[i].orion_only))
            continue;
        key_names(&KEYS[i], "/", false, names, sizeof names);
        int n = snprintf(line + used, sizeof line - used, " %s %s ", names,
                         db && KEYS[i].db_hint ? KEYS[i].db_hint : KEYS[i].hint);
        if (n < 0 || (size_t)n >= sizeof line - used || (int)(used + (size_t)n) - 1 > COLS) {
            line[used] = '\0';
            break;
        }
        used += (size_t)n;
    }
    if (used > 0)
        line[used - 1] = '\0';     /* no trailing blank */
    tui_put(LINES - 1, 0, A_DIM, "%s", line);
}

/* The row that binds ch, with *which set to the key's place in it; NULL
   for a key the dashboard ignores. */
static const struct dash_key *key_lookup(int ch, int *which)
{
    for (int i = 0; i < N_KEYS; i++)
        for (int j = 0; j < KEY_FAMILY; j++)
            if ((KEYS[i].keys[j] && KEYS[i].keys[j] == ch) ||
                (KEYS[i].alias[j] && KEYS[i].alias[j] == ch)) {
                *which = j;
                return &KEYS[i];
            }
    return NULL;
}

/* Returns true when the dashboard should end. */
static bool key(struct dash *d, int ch)
{
    if (d->help) {
        d->help = false;
        return false;
    }
    if (d->confirm_quit) {
        d->confirm_quit = false;
        if (ch == 'y' || ch == 'Y')
            return true;
        d->note[0] = '\0';
        return false;
    }
    int which;
    const struct dash_key *k = key_lookup(ch, &which);
    if (k && k->orion_only && d->snap->n_db_classes > 0) {
        char one[2];
        snprintf(d->note, sizeof d->note, "%s (%s): does not apply to a database workload "
                 "(its groups, sizes and volumes are --group's); +/- scale every class's load",
                 key_label(k->keys[which], one), k->hint ? k->hint : "ORION's");
        return false;
    }
    return k ? k->fn(d, which) : false;
}

/* ---- the screen ----------------------------------------------------------- */

/*
 * Rows, top to bottom: the header (as many rows as its fields flow over at
 * this width), the disk table, the panels, the message or hint line.  The
 * disk table gets a row per disk as long as the panels keep
 * PANELS_MIN_ROWS; beyond that it scrolls (Down/Up).  The panels take every
 * row left, so a tall window shows taller histogram bars, more heat-map
 * rows and more of the sweep, never empty bands.
 */
#define TABLE_MIN_ROWS 3            /* header, a row, the scroll line */
#define BAND_MIN_ROWS 3             /* the credits' title and two gauges */

/* Rows for the band of credits and events (timeband.c): what it wants
   when the disk table and the panels keep theirs, else down to
   BAND_MIN_ROWS taken from the disk table (which scrolls), never so much
   that the table falls below TABLE_MIN_ROWS. */
static int band_rows(const struct sim_snapshot *s, int avail, int table_want)
{
    int want = timeband_rows_wanted(s, COLS);
    int spare = avail - table_want - PANELS_MIN_ROWS;
    int most = avail - TABLE_MIN_ROWS - PANELS_MIN_ROWS;
    int h = want < spare ? want : spare;
    if (h < BAND_MIN_ROWS)
        h = want < BAND_MIN_ROWS ? want : BAND_MIN_ROWS;
    return h < most ? h : most < 0 ? 0 : most;
}

/* A forecast played (snapshot.phase set) has no per-disk rows, no
   histogram, heat map or sweep: under the band, the strip of the whole
   horizon across the width and the interval's latency
   (latency.c) instead. */
static void layout_forecast(struct dash *d, int header_h)
{
    int avail = LINES - 1 - header_h;
    int want = timeband_rows_wanted(d->snap, COLS), room = avail - STRIP_ROWS - LATENCY_ROWS;
    int band_h = timeband_rows_used(d->snap, COLS, want < room ? want : room > 0 ? room : 0);
    int y = header_h + band_h;
    timeband_draw(d->snap, d->term.color, header_h, band_h);
    strip_draw(d->snap, y, 0, COLS - 1);
    latency_draw(d->snap, y + STRIP_ROWS, 0, COLS - 1, avail - band_h - STRIP_ROWS);
}

static void layout_and_draw(struct dash *d)
{
    int header_h = draw_header(d);
    if (d->snap->phase[0]) {
        layout_forecast(d, header_h);
        return;
    }
    int classes_h = classes_rows_wanted(d->snap);
    classes_draw(d->snap, header_h, 0, COLS, classes_h);
    header_h += classes_h;
    int avail = LINES - 1 - header_h;
    int table_want = disk_rows_wanted(d->snap);
    int band_h = timeband_rows_used(d->snap, COLS, band_rows(d->snap, avail, table_want));
    int table_h = table_want;
    if (avail - band_h - table_h < PANELS_MIN_ROWS)
        table_h = avail - band_h - PANELS_MIN_ROWS;
    if (table_h < TABLE_MIN_ROWS)
        table_h = table_want < TABLE_MIN_ROWS ? table_want : TABLE_MIN_ROWS;
    draw_disks(d, header_h, table_h);
    timeband_draw(d->snap, d->term.color, header_h + table_h, band_h);
    draw_panels(d, header_h + table_h + band_h, avail - table_h - band_h);
}

/* What quitting with --output-dir writes, counted now, not promised:
   "12 points are saved to DIR" (from 2 configurations, after tuning:
   sim_session_save writes the cells measured before it too), or that
   there is nothing to save yet, or nothing since 's' wrote it all; after
   a failed save, that quitting tries again (what it wrote is not counted
   again). */
static void saved_on_quit(const struct dash *d, const char *dir, char *buf, size_t len)
{
    int sets = 0, points = sim_session_saveable(d->s, &sets);
    char what[64];

    if (sets > 1)
        snprintf(what, sizeof what, "%d points of %d configurations", points, sets);
    else
        snprintf(what, sizeof what, "%d point%s", points, points == 1 ? "" : "s");
    if (points == 0 && d->saved[0])
        snprintf(buf, len, "nothing more is saved: 's' wrote every point measured");
    else if (points == 0)
        snprintf(buf, len, "nothing is saved: no point has finished yet");
    else if (d->save_failed[0])
        snprintf(buf, len, "the last save failed; quitting tries again: %s to %s", what, dir);
    else
        snprintf(buf, len, "%s %s saved to %s", what, points == 1 ? "is" : "are", dir);
}

/* What quitting now keeps, for the "Quit?" question. */
static void quit_question(const struct dash *d, char *buf, size_t len)
{
    const char *dir = d->o ? d->o->output_dir : NULL;
    if (!d->snap->interactive)
        snprintf(buf, len, "the run stops; the points so far are reported%s%s",
                 dir ? " and written to " : "", dir ? dir : "");
    else if (d->save_on_quit && dir)
        saved_on_quit(d, dir, buf, len);
    else
        snprintf(buf, len, "nothing is saved (no --output-dir; s saves first)");
}

static void draw_bottom_line(struct dash *d)
{
    char msg[sizeof d->snap->message];
    snprintf(msg, sizeof msg, "%s", d->note[0] ? d->note : d->snap->message);
    cli_spell_fields(msg, sizeof msg, false);   /* a layer's {field}s */
    if (d->confirm_quit) {
        char q[160];
        quit_question(d, q, sizeof q);
        tui_put(LINES - 1, 0, A_BOLD | A_REVERSE, " Quit? %s (y/n) ", q);
    } else if (msg[0]) {
        tui_put(LINES - 1, 0, A_BOLD, " %s", msg);
    } else {
        draw_hint(d);
    }
}

static void draw(struct dash *d)
{
    erase();
    if (COLS < MIN_COLS || LINES < MIN_ROWS) {
        tui_put(LINES / 2, 0, A_BOLD, "window too small: %dx%d", COLS, LINES);
        tui_put(LINES / 2 + 1, 0, A_NORMAL, "the dashboard needs %dx%d", MIN_COLS, MIN_ROWS);
        refresh();
        return;
    }
    layout_and_draw(d);
    draw_bottom_line(d);
    if (d->help)
        draw_help();
    refresh();
}

/* ---- the loop -------------------------------------------------------------- */

/*
 * Ending: with --output-dir an interactive session saves what was measured
 * (on 'q' 'y', Ctrl-C, SIGTERM and SIGHUP alike: a closed terminal is a
 * quit); the last line on the terminal then says what was written where,
 * or that nothing was and why.  A save that failed ('s' or on quit)
 * wrote what its message says and no more (sim_session_save): the quit
 * question says quitting tries again, the goodbye line names the
 * failure.  A batch session's files are the command's to write and
 * report.
 */
static void save_on_exit(struct dash *d, char *bye, size_t len)
{
    bye[0] = '\0';
    if (!d->snap->interactive)
        return;
    if (d->save_on_quit) {
        char why[sizeof d->note];
        const char *dir = d->o && d->o->output_dir ? d->o->output_dir : ".";
        int rc = sim_session_save(d->s, why, sizeof why);
        if (rc == 0)
            snprintf(bye, len, "%s", why);
        else if (rc == -ENODATA)
            snprintf(bye, len, "nothing %ssaved to %s: %s%s%s", d->saved[0] ? "more " : "",
                     dir, why, d->saved[0] ? "; earlier 's': " : "", d->saved);
        else        /* why says what it wrote, if anything, and what not */
            snprintf(bye, len, "the save on quit to %s failed: %s%s%s", dir, why,
                     d->saved[0] ? "; earlier 's': " : "", d->saved);
    } else if (d->save_failed[0]) {
        snprintf(bye, len, "nothing saved on quit (no --output-dir); the last 's' "
                 "failed: %s%s%s", d->save_failed, d->saved[0] ? "; earlier 's': " : "",
                 d->saved);
    } else if (d->saved[0]) {
        snprintf(bye, len, "nothing more saved on quit (no --output-dir); "
                 "earlier 's': %s", d->saved);
    } else {
        snprintf(bye, len, "nothing saved (no --output-dir; press s to save, "
                 "or give --output-dir to save on quit)");
    }
}

int tui_dashboard(sim_session *s, const struct cli_opts *o,
                  sim_stop_flag *stop, bool save_on_quit)
{
    struct dash d = { .s = s, .o = o, .save_on_quit = save_on_quit };
    d.snap = calloc(1, sizeof(*d.snap));
    d.base = calloc(1, sizeof(*d.base));
    if (!d.snap || !d.base) {
        free(d.snap);
        free(d.base);
        return -ENOMEM;
    }
    int rc = term_open(&d.term);
    if (rc < 0) {
        free(d.snap);
        free(d.base);
        return rc;
    }
    bool quit = false;
    while (!quit && !sim_stop_is_set(stop)) {   /* INT, TERM, HUP: as 'q' 'y' */
        sim_session_snapshot(s, d.snap);
        want_sync(&d);
        if (!d.snap->interactive && d.snap->state == SIM_SESS_DONE)
            break;
        draw(&d);
        int ch = getch();
        if (ch == KEY_RESIZE || ch == ERR)
            continue;
        quit = key(&d, ch);
    }
    char bye[2 * sizeof d.note];
    save_on_exit(&d, bye, sizeof bye);
    sim_session_stop(s);
    sim_session_snapshot(s, d.snap);
    term_close(&d.term);
    if (d.snap->state == SIM_SESS_FAILED) {
        cli_spell_fields(d.snap->message, sizeof d.snap->message, false);
        fprintf(stderr, "asmsim: %s\n", d.snap->message);
    }
    if (bye[0])
        fprintf(stderr, "asmsim: %s\n", bye);
    free(d.snap);
    free(d.base);
    return 0;
}

int tui_watch(void *arg, struct sim_session *s, const struct cli_opts *o)
{
    return tui_dashboard(s, o, arg, false);
}
