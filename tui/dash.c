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
 * Screen (at least MIN_COLS x MIN_ROWS; smaller windows get a message):
 *
 *   title: backend | instance | volume | disks, layout, AU, redundancy
 *   point (small, large) k/N, elapsed, ETA, speed, binding limit, state
 *   figures: MBPS, IOPS, latency; deltas against the baseline ('b')
 *   per-disk table: DATA_0000 ... (or the target path): MB/s, IOPS, avg/p99 latency, I/Os in
 *     flight, utilisation bar, errors; the slowest disk highlighted
 *   left:  last minute of MBPS, IOPS and p99 (sparklines);
 *          latency histogram (ORION's power-of-two bins) with p50/p99/p99.9
 *   right: ORION matrix heat map (rows large, columns small);
 *          sweep curve: MBPS and IOPS per disk count
 *   bottom: the message line or the key hints
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
#include "tui/term.h"
#include "tui/tui.h"

#define MIN_COLS 80
#define MIN_ROWS 24
#define BOTTOM_ROWS 12
#define DASH_MAX_IOPS 10000000      /* typed IOPS: the profile checks its own cap */

static const char RAMP[] = " .:-=+*#%@";
#define RAMP_N ((int)sizeof(RAMP) - 2)

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
};

/* ---- drawing helpers -------------------------------------------------------- */

static void put(int y, int x, attr_t attr, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void put(int y, int x, attr_t attr, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    if (y < 0 || y >= LINES || x >= COLS)
        return;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    attron(attr);
    mvaddnstr(y, x, buf, COLS - x);
    attroff(attr);
}

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

/* ---- the parts of the screen ------------------------------------------------- */

static void draw_header(struct dash *d)
{
    const struct sim_snapshot *s = d->snap;
    char au[32], sm[32], lg[32], el[32], eta[32], speed[32];
    fmt_size(s->au_bytes, au, sizeof au);
    fmt_size(s->small_bytes, sm, sizeof sm);
    fmt_size(s->large_bytes, lg, sizeof lg);
    fmt_time(s->device_s, el, sizeof el);
    fmt_time(s->eta_s, eta, sizeof eta);
    if (s->speed > 0)
        snprintf(speed, sizeof speed, "%gx", s->speed);
    else
        snprintf(speed, sizeof speed, "max");

    attr_t title = d->term.color ? COLOR_PAIR(TERM_PAIR_TITLE) : A_REVERSE;
    attron(title);
    mvhline(0, 0, ' ', COLS);
    attroff(title);
    put(0, 0, title | A_BOLD, " asmsim %s | %s | instance %s | %s | %d disks %s AU %s %s",
        s->interactive ? "tui" : "live", s->backend, s->instance, s->volume,
        s->disks, lay_striping_name(s->striping), au,
        lay_redundancy_name(s->redundancy));

    const char *state = s->paused ? "PAUSED"
                      : s->state == SIM_SESS_DONE ? "DONE"
                      : s->state == SIM_SESS_FAILED ? "FAILED"
                      : s->measuring ? "measuring" : "warming up";
    char where[64];
    if (s->interactive && s->pinned)
        snprintf(where, sizeof where, "%s", s->point_index >= 0 ? "pinned" : "pinned, off matrix");
    else if (s->n_runs > 1)
        snprintf(where, sizeof where, "%d/%d, run %d/%d", s->point_index + 1,
                 s->n_points, s->run_index + 1, s->n_runs);
    else
        snprintf(where, sizeof where, "%d/%d", s->point_index + 1, s->n_points);
    put(1, 0, A_BOLD, " point small=%d large=%d", s->point.small, s->point.large);
    int x = 26;
    put(1, x, A_NORMAL, "(%s)  elapsed %s  ETA %s  speed %s  limit: %s", where,
        el, eta, speed, sim_limit_label(s->limited_by));
    attr_t st = s->paused ? (pair(d, TERM_PAIR_WARN) | A_BOLD | (d->term.color ? 0 : A_REVERSE))
              : s->state == SIM_SESS_FAILED ? pair(d, TERM_PAIR_BAD) | A_BOLD
                                            : pair(d, TERM_PAIR_GOOD);
    put(1, COLS - 12, st, "[%s]", state);

    const struct sim_point_result *c = &s->cur;
    const struct sim_point_result *b = &d->base->cur;
    char dm[24], di[24], dl[24];
    const struct sim_class_result *cs = &c->cls[WL_SMALL], *cl = &c->cls[WL_LARGE];
    const struct sim_class_result *bs = &b->cls[WL_SMALL], *bl = &b->cls[WL_LARGE];
    delta(d, cl->mbps, bl->mbps, dm, sizeof dm);
    delta(d, cs->iops, bs->iops, di, sizeof di);
    delta(d, cs->lat.avg_us, bs->lat.avg_us, dl, sizeof dl);
    put(2, 0, A_BOLD, " MBPS %.2f%s  IOPS %.0f%s", cl->mbps, dm, cs->iops, di);
    put(2, 44, A_NORMAL, "small lat avg %.0f%s p99 %.0f us  large avg %.0f p99 %.0f us",
        cs->lat.avg_us, dl, cs->lat.p99_us, cl->lat.avg_us, cl->lat.p99_us);
    put(3, 0, A_DIM, " writes %d %%  sizes %s / %s %s  window %.1fs%s", s->write_pct,
        sm, lg, s->large_type == WL_LARGE_SEQ ? "seq" : "rand", s->window_s,
        d->has_base ? "  baseline: deltas in ()" : "");
}

/* The disk table; returns the first free row. */
/* ASM's name for a modelled disk (DATA_0000), or the tail of the target's
   path for a real one (".../nvme1n1"), cut to fit the column. */
static void disk_label(const struct dash *d, int i, char *buf, size_t len)
{
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

static int draw_disks(struct dash *d, int y, int rows)
{
    const struct sim_snapshot *s = d->snap;
    int bar = COLS >= 110 ? 24 : 12;
    put(y, 0, A_BOLD | A_UNDERLINE, " %-10s %9s %9s %9s %9s %6s  %-*s %7s", "disk", "MB/s",
        "IOPS", "avg ms", "p99 ms", "in fl", bar + 2, "util", "errors");
    y++;
    int shown = s->n_disk;
    if (shown > rows) {
        shown = rows - 1;
    }
    for (int i = 0; i < shown; i++, y++) {
        const struct sim_snap_disk *k = &s->disk[i];
        bool slow = i == s->slowest_disk && s->n_disk > 1;
        attr_t a = slow ? (d->term.color ? COLOR_PAIR(TERM_PAIR_SLOW) | A_BOLD : A_REVERSE) : A_NORMAL;
        char meter[64];
        int fill = (int)lround(k->util * bar);
        if (fill > bar)
            fill = bar;
        for (int j = 0; j < bar; j++)
            meter[j] = j < fill ? '#' : '.';
        meter[bar] = '\0';
        char label[16];
        disk_label(d, i, label, sizeof label);
        put(y, 0, a, " %-10s %9.2f %9.0f %9.3f %9.3f %6.1f  [%s] %7llu%s", label,
            k->mbps, k->iops, k->avg_lat_us / 1e3, k->p99_lat_us / 1e3,
            k->outstanding, meter, (unsigned long long)k->errors,
            slow ? "  slowest" : "");
    }
    if (shown < s->n_disk || s->disks > s->n_disk)
        put(y++, 0, A_DIM, " ... %d more disks", s->disks - shown);
    return y;
}

static void sparkline(struct dash *d, int y, int x, int w, const char *label,
                      int which, const char *unit)
{
    const struct sim_snapshot *s = d->snap;
    double v[SIM_SNAP_SERIES];
    int n = s->n_series;
    double max = 0, last = 0;
    for (int i = 0; i < n; i++) {
        const struct sim_snap_sample *p = &s->series[i];
        v[i] = which == 0 ? p->mbps : which == 1 ? p->iops : p->p99_us;
        if (v[i] > max)
            max = v[i];
        last = v[i];
    }
    put(y, x, A_BOLD, "%-5s", label);
    int gw = w - 22;
    if (gw < 10)
        gw = 10;
    /* one column per sample bucket: the newest at the right */
    int used = n < gw ? n : gw;         /* right-aligned: newest at the right */
    for (int c = 0; c < gw; c++) {
        int cc = c - (gw - used);
        if (cc < 0) {
            mvaddch(y, x + 6 + c, ' ');
            continue;
        }
        int lo = cc * n / used, hi = (cc + 1) * n / used;
        double m = 0;
        for (int i = lo; i < hi; i++)
            if (i >= 0 && v[i] > m)
                m = v[i];
        int k = max > 0 ? (int)lround(m / max * RAMP_N) : 0;
        if (hi <= lo)
            k = 0;
        mvaddch(y, x + 6 + c, (chtype)RAMP[k]);
    }
    put(y, x + 7 + gw, A_NORMAL, "%10.1f %s", last, unit);
}

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
    put(y, x, A_BOLD, "latency (%s I/O): p50 %.0f  p99 %.0f  p99.9 %.0f us",
        s->hist_cls == WL_SMALL ? "small" : "large", s->p50_us, s->p99_us, s->p999_us);
    if (first < 0 || h < 3)
        return;
    if (first > 0)
        first--;
    if (lastb < HIST_POW2_BINS - 1)
        lastb++;
    int cw = 4;
    while ((lastb - first + 1) * cw > w - 2 && cw > 1)
        cw--;
    int rows = h - 2;
    for (int b = first; b <= lastb; b++) {
        int cx = x + (b - first) * cw;
        if (cx + cw > x + w)
            break;
        int level = (int)lround((double)s->hist_pow2[b] / (double)max * rows);
        for (int r = 0; r < rows; r++)
            for (int k = 0; k < cw - 1; k++)
                mvaddch(y + rows - r, cx + k, r < level ? '#' : ' ');
        /* the marks: which bin holds p50 / p99 / p99.9 */
        double lo = b == 0 ? 0 : ldexp(1.0, b), hi = ldexp(1.0, b + 1);
        char m = ' ';
        if (s->p999_us >= lo && s->p999_us < hi)
            m = '*';
        if (s->p99_us >= lo && s->p99_us < hi)
            m = '!';
        if (s->p50_us >= lo && s->p50_us < hi)
            m = '^';
        mvaddch(y + rows + 1, cx, (chtype)m);
    }
    put(y + rows + 1, x + w - 26 > x ? x + w - 26 : x, A_DIM, " ^p50 !p99 *p99.9 (2^n us)");
}

static void draw_matrix(struct dash *d, int y, int x, int w, int h)
{
    const struct sim_snapshot *s = d->snap;
    put(y, x, A_BOLD, "ORION matrix: rows large, cols small (MBPS | IOPS)");
    if (s->n_small_levels == 0 || h < 3)
        return;
    double max_m = 0, max_i = 0;
    for (int l = 0; l < s->n_large_levels; l++)
        for (int c = 0; c < s->n_small_levels; c++) {
            if (!isnan(s->cell_mbps[l][c]) && s->cell_mbps[l][c] > max_m)
                max_m = s->cell_mbps[l][c];
            if (!isnan(s->cell_iops[l][c]) && s->cell_iops[l][c] > max_i)
                max_i = s->cell_iops[l][c];
        }
    int cols = (w - 5) / 2;
    int ncol = s->n_small_levels < cols ? s->n_small_levels : cols;
    int nrow = s->n_large_levels < h - 1 ? s->n_large_levels : h - 1;
    for (int l = 0; l < nrow; l++) {
        put(y + 1 + l, x, A_DIM, "%3d ", s->large_levels[l]);
        for (int c = 0; c < ncol; c++) {
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
                put(y + 1 + l, cx, A_DIM, here ? "<>" : " .");
            } else if (d->term.color) {
                int k = (int)(f * (TERM_HEAT_STEPS - 1) + 0.5);
                put(y + 1 + l, cx, COLOR_PAIR(TERM_PAIR_HEAT0 + k), "%s", here ? "<>" : "  ");
            } else {
                char ch = RAMP[1 + (int)lround(f * (RAMP_N - 1))];
                put(y + 1 + l, cx, A_NORMAL, "%c%c", here ? '<' : ch, here ? '>' : ch);
            }
        }
    }
    if (nrow < s->n_large_levels)
        put(y + nrow, x + 4 + 2 * ncol + 1, A_DIM, "+%d rows", s->n_large_levels - nrow);
}

static void draw_sweep(struct dash *d, int y, int x, int w, int h)
{
    const struct sim_snapshot *s = d->snap;
    put(y, x, A_BOLD, "sweep: best per disk count");
    double max_m = 0, max_i = 0;
    for (int i = 0; i < s->n_sweep; i++) {
        if (s->sweep_mbps[i] > max_m)
            max_m = s->sweep_mbps[i];
        if (s->sweep_iops[i] > max_i)
            max_i = s->sweep_iops[i];
    }
    int bw = w - 36;
    if (bw < 4)
        bw = 4;
    int first = s->n_sweep > h - 1 ? s->n_sweep - (h - 1) : 0;
    for (int i = first; i < s->n_sweep; i++) {
        double f = max_m > 0 ? s->sweep_mbps[i] / max_m : max_i > 0 ? s->sweep_iops[i] / max_i : 0;
        int n = (int)lround(f * bw);
        char barbuf[128];
        int k = 0;
        for (; k < n && k < (int)sizeof barbuf - 1; k++)
            barbuf[k] = '=';
        barbuf[k] = '\0';
        put(y + 1 + i - first, x, A_NORMAL, "%3d |%-*s %8.1f MBPS %7.0f IOPS", s->sweep_disks[i],
            bw, barbuf, s->sweep_mbps[i], s->sweep_iops[i]);
    }
}

/* ---- keys ------------------------------------------------------------------ */

/*
 * The key table.  Every key the dashboard acts on has exactly one row in
 * KEYS below, and the three places that know about keys all read it:
 *
 *   key()        finds the row whose keys (or aliases) hold the key pressed
 *                and calls its handler;
 *   draw_help()  prints one line per row: the row's keys, then its help;
 *   draw_hint()  prints "keys label" for every row that has a label.
 *
 * So a key cannot be handled and left out of the help, or hinted at and
 * not handled.  A row may bind a small family of keys (+ and -, [ and ]):
 * keys[i] is shown, alias[i] does the same without being shown ('=' for
 * '+', so no Shift is needed), and the handler is told i, which key of the
 * family it was.  The hint line is a subset on purpose: it has one line of
 * room (cut at the window's edge, so the rows most worth a hint come
 * first); the help overlay lists every row.
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
};

static void send(struct dash *d, struct sim_cmd c)
{
    int rc = sim_session_send(d->s, &c);
    if (rc == -ENOTSUP)
        snprintf(d->note, sizeof d->note, "tuning keys apply to 'asmsim tui'; "
                 "this run only pauses, saves at its end and quits");
    else if (rc < 0)
        snprintf(d->note, sizeof d->note, "busy: try again");
    else
        d->note[0] = '\0';
}

/* A one-line prompt at the bottom; false on an empty answer. */
static bool prompt(const char *q, char *buf, int len)
{
    move(LINES - 1, 0);
    clrtoeol();
    put(LINES - 1, 0, A_BOLD, " %s ", q);
    echo();
    curs_set(1);
    timeout(-1);
    int rc = getnstr(buf, len - 1);
    timeout(100);
    curs_set(0);
    noecho();
    return rc == OK && buf[0];
}

static const uint32_t SMALL_SIZES[] = { 4096, 8192, 16384, 32768, 65536 };
static const uint32_t LARGE_SIZES[] = { 65536, 131072, 262144, 524288, 1048576 };

static uint32_t next_size(const uint32_t *list, int n, uint32_t cur)
{
    for (int i = 0; i < n; i++)
        if (list[i] > cur)
            return list[i];
    return list[0];
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

/* + / -: which 0 raises, 1 lowers */
static bool key_small_load(struct dash *d, int which)
{
    const struct sim_snapshot *s = d->snap;
    send(d, (struct sim_cmd){ .kind = SIM_CMD_LOAD,
                              .a = s->point.small + (which == 0 ? 1 : -1),
                              .b = s->point.large });
    return false;
}

/* ] / [: which 0 raises, 1 lowers */
static bool key_large_load(struct dash *d, int which)
{
    const struct sim_snapshot *s = d->snap;
    send(d, (struct sim_cmd){ .kind = SIM_CMD_LOAD, .a = s->point.small,
                              .b = s->point.large + (which == 0 ? 1 : -1) });
    return false;
}

/* > / <: which 0 adds a disk, 1 takes one away (never the last) */
static bool key_disks(struct dash *d, int which)
{
    const struct sim_snapshot *s = d->snap;
    if (which == 0)
        send(d, (struct sim_cmd){ .kind = SIM_CMD_DISKS, .a = s->disks + 1 });
    else if (s->disks > 1)
        send(d, (struct sim_cmd){ .kind = SIM_CMD_DISKS, .a = s->disks - 1 });
    return false;
}

static bool key_writes(struct dash *d, int which)
{
    (void)which;
    send(d, (struct sim_cmd){ .kind = SIM_CMD_WRITE_PCT,
                              .a = (d->snap->write_pct / 25 * 25 + 25) % 125 });
    return false;
}

/* z / Z: which 0 steps the small size, 1 the large */
static bool key_sizes(struct dash *d, int which)
{
    const struct sim_snapshot *s = d->snap;
    struct sim_cmd c = { .kind = SIM_CMD_SIZES, .a = (int)s->small_bytes,
                         .b = (int)s->large_bytes };
    if (which == 0)
        c.a = (int)next_size(SMALL_SIZES, 5, s->small_bytes);
    else
        c.b = (int)next_size(LARGE_SIZES, 5, s->large_bytes);
    send(d, c);
    return false;
}

static bool key_layout(struct dash *d, int which)
{
    (void)which;
    send(d, (struct sim_cmd){ .kind = SIM_CMD_LAYOUT,
              .a = d->snap->striping == LAY_COARSE ? LAY_FINE : LAY_COARSE });
    return false;
}

static bool key_redundancy(struct dash *d, int which)
{
    (void)which;
    enum lay_redundancy r = d->snap->redundancy;
    send(d, (struct sim_cmd){ .kind = SIM_CMD_REDUNDANCY,
              .a = r == LAY_EXTERNAL ? LAY_NORMAL
                 : r == LAY_NORMAL ? LAY_HIGH : LAY_EXTERNAL });
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
    send(d, (struct sim_cmd){ .kind = SIM_CMD_PAUSE, .a = !d->snap->paused });
    return false;
}

static bool key_restart(struct dash *d, int which)
{
    (void)which;
    send(d, (struct sim_cmd){ .kind = SIM_CMD_RESTART });
    return false;
}

static bool key_save(struct dash *d, int which)
{
    (void)which;
    if (!d->snap->interactive)
        snprintf(d->note, sizeof d->note, "this run writes its files when it "
                 "ends (--output-dir)");
    else
        (void)sim_session_save(d->s, d->note, sizeof d->note); /* why: in note */
    return false;
}

static bool key_clear(struct dash *d, int which)
{
    (void)which;
    d->note[0] = '\0';
    return false;
}

#define KEY_ESC 27

/* Help and hint order: '?' and 'q' first, so the hint line always shows
   them however narrow the window. */
static const struct dash_key KEYS[] = {
    { { '?' }, { 'h' }, "help", "this help (any key closes it)", key_help },
    { { 'q' }, { 'Q' }, "quit", "quit (asks first; y confirms)", key_quit },
    { { '+', '-' }, { '=', '_' }, "small",
      "small load (outstanding small I/Os) up / down", key_small_load },
    { { ']', '[' }, { 0 }, "large", "large load up / down", key_large_load },
    { { '>', '<' }, { '.', ',' }, "disks",
      "one disk more / less (rebuilds the disk group)", key_disks },
    { { 'w' }, { 0 }, "writes", "write percentage: 0, 25, 50, 75, 100", key_writes },
    { { 'z', 'Z' }, { 0 }, NULL, "small / large I/O size: next size", key_sizes },
    { { 'l' }, { 0 }, "layout", "layout: coarse <-> fine", key_layout },
    { { 'r' }, { 0 }, "redundancy", "redundancy: external, normal, high", key_redundancy },
    { { 'i', 't' }, { 0 }, "volume", "provisioned volume IOPS / throughput (prompt)",
      key_volume },
    { { 'n' }, { 0 }, "instance", "instance type (prompt)", key_instance },
    { { 'g' }, { 0 }, NULL, "walk the ORION matrix again from its start", key_walk },
    { { 'b' }, { 0 }, "baseline", "keep the current figures as baseline / clear it",
      key_baseline },
    { { 'p' }, { ' ' }, "pause", "pause / resume", key_pause },
    { { 'R' }, { 0 }, NULL, "restart the point (a fresh measured window)", key_restart },
    { { 's' }, { 0 }, "save", "save: the ORION files and results JSON", key_save },
    { { KEY_ESC }, { 0 }, NULL, "clear the message line", key_clear },
};
#define N_KEYS ((int)(sizeof KEYS / sizeof KEYS[0]))

static const char *const HELP_FOOTER[] = {
    "Tuning keys apply to 'asmsim tui'; a --tui run only pauses, saves at",
    "its end and quits.",
};
#define N_FOOTER ((int)(sizeof HELP_FOOTER / sizeof HELP_FOOTER[0]))

/* How a key is written on screen: "Esc", or the character itself. */
static const char *key_label(int ch, char buf[2])
{
    if (ch == KEY_ESC)
        return "Esc";
    buf[0] = (char)ch;
    buf[1] = '\0';
    return buf;
}

/* A row's keys joined by sep: "+  -" for the help, "+/-" for the hint. */
static void key_names(const struct dash_key *k, const char *sep, char *buf,
                      size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < KEY_FAMILY && k->keys[i]; i++) {
        char one[2];
        int n = snprintf(buf + used, len - used, "%s%s", i ? sep : "",
                         key_label(k->keys[i], one));
        if (n < 0 || (size_t)n >= len - used)
            break;
        used += (size_t)n;
    }
}

static void draw_help(void)
{
    int n = 1 + N_KEYS + N_FOOTER;
    int w = 74, h = n + 2;
    int y0 = (LINES - h) / 2, x0 = (COLS - w) / 2;
    if (y0 < 0)
        y0 = 0;
    if (x0 < 0)
        x0 = 0;
    for (int r = 0; r < h; r++)
        mvhline(y0 + r, x0, ' ', w);
    attron(A_BOLD);
    mvhline(y0, x0, '-', w);
    mvhline(y0 + h - 1, x0, '-', w);
    attroff(A_BOLD);
    int y = y0 + 1;
    put(y++, x0 + 2, A_BOLD, "Keys");
    for (int i = 0; i < N_KEYS; i++, y++) {
        char names[32];
        key_names(&KEYS[i], "  ", names, sizeof names);
        put(y, x0 + 2, A_NORMAL, "  %-9s%s", names, KEYS[i].help);
    }
    for (int i = 0; i < N_FOOTER; i++, y++)
        put(y, x0 + 2, A_NORMAL, "%s", HELP_FOOTER[i]);
}

/* The bottom line when there is no message: "? help  q quit  +/- small ..." */
static void draw_hint(void)
{
    char line[512], names[32];
    size_t used = 0;
    line[0] = '\0';
    for (int i = 0; i < N_KEYS; i++) {
        if (!KEYS[i].hint)
            continue;
        key_names(&KEYS[i], "/", names, sizeof names);
        int n = snprintf(line + used, sizeof line - used, " %s %s ", names,
                         KEYS[i].hint);
        if (n < 0 || (size_t)n >= sizeof line - used)
            break;
        used += (size_t)n;
    }
    if (used > 0)
        line[used - 1] = '\0';     /* no trailing blank */
    put(LINES - 1, 0, A_DIM, "%s", line);
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
    return k ? k->fn(d, which) : false;
}

/* ---- the screen ----------------------------------------------------------- */

static void draw(struct dash *d)
{
    erase();
    if (COLS < MIN_COLS || LINES < MIN_ROWS) {
        put(LINES / 2, 0, A_BOLD, "window too small: %dx%d", COLS, LINES);
        put(LINES / 2 + 1, 0, A_NORMAL, "the dashboard needs %dx%d", MIN_COLS, MIN_ROWS);
        refresh();
        return;
    }
    const struct sim_snapshot *s = d->snap;
    draw_header(d);
    /* the disk table takes what it needs, the panels below the rest */
    int avail = LINES - 1 - 5;
    int bottom_h = avail - (s->n_disk + 2);
    if (bottom_h < BOTTOM_ROWS)
        bottom_h = BOTTOM_ROWS;
    if (bottom_h > 26)
        bottom_h = 26;
    int bottom = LINES - 1 - bottom_h;
    draw_disks(d, 5, bottom - 6);
    int lw = COLS / 2 - 1, rx = COLS / 2 + 1, rw = COLS - rx;
    put(bottom, 0, A_BOLD, "last minute");
    sparkline(d, bottom + 1, 0, lw, "MBPS", 0, "MB/s");
    sparkline(d, bottom + 2, 0, lw, "IOPS", 1, "IO/s");
    sparkline(d, bottom + 3, 0, lw, "p99", 2, "us");
    draw_hist(d, bottom + 5, 0, lw, bottom_h - 5 < 10 ? bottom_h - 5 : 10);
    int mh = s->n_large_levels + 2;
    if (mh > bottom_h - 4)
        mh = bottom_h - 4;
    if (mh < bottom_h / 2)
        mh = bottom_h / 2;
    draw_matrix(d, bottom, rx, rw, mh);
    draw_sweep(d, bottom + mh, rx, rw, bottom_h - mh);

    char msg[sizeof s->message];
    snprintf(msg, sizeof msg, "%s", d->note[0] ? d->note : s->message);
    cli_spell_fields(msg, sizeof msg, false);   /* a layer's {field}s */
    if (d->confirm_quit)
        put(LINES - 1, 0, A_BOLD | A_REVERSE,
            " Quit? %s (y/n) ", d->save_on_quit ? "what was measured is saved" : "the run stops; what was measured is kept");
    else if (msg[0])
        put(LINES - 1, 0, A_BOLD, " %s", msg);
    else
        draw_hint();
    if (d->help)
        draw_help();
    refresh();
}

/* ---- the loop -------------------------------------------------------------- */

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
    bool quit = false, signalled = false;
    while (!quit) {
        if (sim_stop_is_set(stop)) {
            signalled = true;       /* SIGINT/SIGTERM: save as 'q' does */
            break;
        }
        sim_session_snapshot(s, d.snap);
        if (!d.snap->interactive && d.snap->state == SIM_SESS_DONE)
            break;
        draw(&d);
        int ch = getch();
        if (ch == KEY_RESIZE || ch == ERR)
            continue;
        quit = key(&d, ch);
    }
    if ((quit || signalled) && save_on_quit) {
        char why[sizeof d.note];
        if (sim_session_save(s, why, sizeof why) == 0)
            snprintf(d.note, sizeof d.note, "%s", why);
    }
    sim_session_stop(s);
    sim_session_snapshot(s, d.snap);
    term_close(&d.term);
    if (d.snap->state == SIM_SESS_FAILED) {
        cli_spell_fields(d.snap->message, sizeof d.snap->message, false);
        fprintf(stderr, "asmsim: %s\n", d.snap->message);
    } else if (save_on_quit && d.note[0])
        fprintf(stderr, "asmsim: %s\n", d.note);
    free(d.snap);
    free(d.base);
    return 0;
}

int tui_watch(void *arg, struct sim_session *s, const struct cli_opts *o)
{
    return tui_dashboard(s, o, arg, false);
}
