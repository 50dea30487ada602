/*
 * credits.c - the burst-credit gauges: every bucket the backend reports
 * (each volume's, the instance's), its level in percent, and where it is
 * headed at the current rate ("empties in 41 min", "refilling, full in
 * 2 h 10 min": burst_outlook_text).
 *
 * A row per bucket when the box has the rows.  When it has not: volumes
 * of one disk group usually move together (the layout spreads the load),
 * so consecutive volume buckets of one kind whose levels agree within
 * GROUP_LEVEL_FRAC share a row ("DATA_0000-0003 IOPS"); one that drifts
 * away keeps a row of its own.  Rows that do not fit are counted
 * in the title ("+2 more").  Columns: label, bar, percent, outlook; the
 * bar takes what the outlook leaves of the width.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tui/panels.h"
#include "tui/tui_draw.h"

#define GROUP_LEVEL_FRAC 0.005      /* half a percentage point: one row */
#define LABEL_COLS 20               /* "DATA_0000-0063 MiB/s" */
#define FIXED_COLS (1 + LABEL_COLS + 2 + 2 + 7 + 2)   /* all but bar, outlook */
#define BAR_MIN 6
#define BAR_MAX 40

struct group {
    int first, n;               /* buckets [first, first + n) */
    double level_frac, rate_frac_per_s;     /* their means */
};

static bool same_group(const struct sim_snap_bucket *a, const struct sim_snap_bucket *b)
{
    return a->r.disk >= 0 && b->r.disk == a->r.disk + 1 &&
           a->r.limit == b->r.limit &&
           fabs(a->r.level_frac - b->r.level_frac) <= GROUP_LEVEL_FRAC;
}

/* The buckets of s in rows, volumes at one level sharing a row when
   fold; returns how many (at most max). */
static int groups_of(const struct sim_snapshot *s, bool fold, struct group *g, int max)
{
    int n = 0;
    for (int i = 0; i < s->n_buckets && n < max; i++) {
        const struct sim_snap_bucket *b = &s->bucket[i];
        if (fold && n > 0 && g[n - 1].first + g[n - 1].n == i &&
            same_group(&s->bucket[i - 1], b)) {
            g[n - 1].n++;
        } else {
            g[n++] = (struct group){ .first = i };
            g[n - 1].n = 1;
        }
    }
    for (int k = 0; k < n; k++) {
        double lv = 0, rt = 0;
        for (int i = g[k].first; i < g[k].first + g[k].n; i++) {
            lv += s->bucket[i].r.level_frac;
            rt += s->bucket[i].rate_frac_per_s;
        }
        g[k].level_frac = lv / g[k].n;
        g[k].rate_frac_per_s = rt / g[k].n;
    }
    return n;
}

static const char *unit_of(enum sim_limit l)
{
    double per;
    return burst_unit(l, &per);
}

static void group_label(const struct sim_snapshot *s, const struct group *g, char *buf,
                        size_t len)
{
    const struct sim_snap_bucket *a = &s->bucket[g->first];
    const struct sim_snap_bucket *z = &s->bucket[g->first + g->n - 1];
    if (a->r.disk < 0)
        snprintf(buf, len, "instance %s", unit_of(a->r.limit));
    else if (g->n == 1)
        snprintf(buf, len, "DATA_%04d %s", a->r.disk, unit_of(a->r.limit));
    else
        snprintf(buf, len, "DATA_%04d-%04d %s", a->r.disk, z->r.disk, unit_of(a->r.limit));
}

/* The bar's width in a box w wide: what the longest outlook of the rows
   shown leaves, so that every bar is as long and every outlook whole. */
static int bar_width(const struct group *g, int n, int w)
{
    int longest = 0;
    char outlook[64];
    for (int k = 0; k < n; k++) {
        burst_outlook_text(g[k].level_frac, g[k].rate_frac_per_s, outlook, sizeof outlook);
        if ((int)strlen(outlook) > longest)
            longest = (int)strlen(outlook);
    }
    int bw = w - FIXED_COLS - longest;
    return bw < BAR_MIN ? BAR_MIN : bw > BAR_MAX ? BAR_MAX : bw;
}

static void group_row(const struct sim_snapshot *s, bool color, const struct group *g,
                      int bw, int y, int x, int w)
{
    char label[48], outlook[64], bar[BAR_MAX + 1];
    group_label(s, g, label, sizeof label);
    burst_outlook_text(g->level_frac, g->rate_frac_per_s, outlook, sizeof outlook);
    int fill = (int)lround(g->level_frac * bw);
    for (int i = 0; i < bw; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[bw] = '\0';
    bool low = g->level_frac <= BURST_RELEASE_FRAC;
    attr_t a = low ? (color ? COLOR_PAIR(TERM_PAIR_BAD) | A_BOLD : A_BOLD) : A_NORMAL;
    tui_put_n(y, x, w, a, " %-*s [%s] %6.1f%%  %s", LABEL_COLS, label, bar,
              g->level_frac * 100, outlook);
}

int credits_rows_wanted(const struct sim_snapshot *s)
{
    struct group g[SIM_SNAP_BUCKETS];
    return 1 + groups_of(s, false, g, SIM_SNAP_BUCKETS);
}

/* The title, then whichever of its notes fit whole, in this order: how
   many rows are not shown, that the buckets reset at every point, note. */
static void credits_title(const struct sim_snapshot *s, int y, int x, int w, int hidden,
                          const char *note)
{
    char pieces[3][96] = { "", "", "" };
    if (hidden > 0)
        snprintf(pieces[0], sizeof pieces[0], "  +%d more", hidden);
    if (s->n_buckets > 0 && s->buckets_reset_per_point)
        snprintf(pieces[1], sizeof pieces[1],
                 "  (reset at every point; --burst-credits carry keeps them)");
    if (note)
        snprintf(pieces[2], sizeof pieces[2], "  %s", note);
    const char *what = s->n_buckets > 0 ? "burst credits"
                                        : "burst credits: none in this configuration";
    tui_put_n(y, x, w, A_BOLD, "%s", what);
    int cx = x + (int)strlen(what);
    for (int i = 0; i < 3; i++) {
        int len = (int)strlen(pieces[i]);
        if (len == 0 || cx + len > x + w)
            continue;
        tui_put_n(y, cx, len, A_DIM, "%s", pieces[i]);
        cx += len;
    }
}

/* The rows for the box's h: a row per bucket when they all fit, else
   volumes folded; returns how many. */
static int rows_for(const struct sim_snapshot *s, int h, struct group *g)
{
    int n = groups_of(s, false, g, SIM_SNAP_BUCKETS);
    return n > h - 1 ? groups_of(s, true, g, SIM_SNAP_BUCKETS) : n;
}

int credits_rows_used(const struct sim_snapshot *s, int h)
{
    struct group g[SIM_SNAP_BUCKETS];
    int n = rows_for(s, h, g);
    return 1 + (n < h - 1 ? n : h - 1);
}

void credits_draw(const struct sim_snapshot *s, bool color, int y, int x, int w,
                  int h, const char *note)
{
    struct group g[SIM_SNAP_BUCKETS];
    int n = rows_for(s, h, g);
    int shown = n < h - 1 ? n : h - 1;
    if (shown < 0)
        shown = 0;
    credits_title(s, y, x, w, n - shown, note);
    int bw = bar_width(g, shown, w);
    for (int k = 0; k < shown; k++)
        group_row(s, color, &g[k], bw, y + 1 + k, x, w);
}
