/*
 * strip.c - the strip of the whole run: MBPS, IOPS and p99 latency from
 * the session's start to now, whatever its length.
 *
 * The session keeps the figures in a bounded strip (time_strip.c: fixed
 * columns that merge in pairs when full); here they are resampled onto
 * the cells of the box (sim_strip_cells), so the drawn strip always runs
 * from the session's start at the left to now at the right.  The axis
 * row above says both ends: "run 0:00:00" at the left, "now 0:12:30"
 * over the latest values at the right.  Each row is
 * scaled to its own highest cell, any activity at least '.'; a cell
 * without samples (warm-up, a pause) or at zero is blank.  The value at the right is the latest sample's.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sim/report/report.h"
#include "sim/session/burst_events.h"
#include "tui/panels.h"
#include "tui/tui_draw.h"

#define STRIP_LABEL_COLS 6          /* "MBPS " and a space */
#define STRIP_VALUE_COLS 16         /* " %10.1f %s" with a 4-letter unit */
#define STRIP_MAX_CELLS 512

enum strip_row { STRIP_MBPS = 0, STRIP_IOPS, STRIP_P99 };

static int graph_width(int w)
{
    int gw = w - STRIP_LABEL_COLS - STRIP_VALUE_COLS;
    if (gw > STRIP_MAX_CELLS)
        gw = STRIP_MAX_CELLS;
    return gw < 1 ? 1 : gw;
}

static double latest(const struct sim_snapshot *s, enum strip_row which)
{
    if (s->n_series == 0)
        return 0;
    const struct sim_snap_sample *p = &s->series[s->n_series - 1];
    return which == STRIP_MBPS ? p->mbps : which == STRIP_IOPS ? p->iops : p->p99_us;
}

static void strip_row(const struct sim_snapshot *s, int y, int x, int w,
                      enum strip_row which)
{
    static const char *const label[] = { "MBPS", "IOPS", "p99" };
    static const char *const unit[] = { "MB/s", "IO/s", NULL };
    double v[STRIP_MAX_CELLS];
    int gw = graph_width(w);
    sim_strip_cells(&s->strip, s->device_s, gw, which == STRIP_MBPS ? v : NULL,
                    which == STRIP_IOPS ? v : NULL, which == STRIP_P99 ? v : NULL);
    double max = 0;
    for (int i = 0; i < gw; i++)
        if (!isnan(v[i]) && v[i] > max)
            max = v[i];
    char line[STRIP_MAX_CELLS + 1];
    for (int i = 0; i < gw; i++) {
        /* any activity shows: a low value is '.', not blank */
        int k = isnan(v[i]) || max <= 0 || v[i] <= 0 ? 0
              : 1 + (int)lround(v[i] / max * (TUI_RAMP_N - 1));
        line[i] = tui_ramp[k];
    }
    line[gw] = '\0';
    tui_put_n(y, x, w, A_BOLD, "%-5s", label[which]);
    tui_put_n(y, x + STRIP_LABEL_COLS, gw, A_NORMAL, "%s", line);
    char now[32];
    if (which == STRIP_P99)     /* us, ms or s, as the terminal says it */
        report_fmt_latency(latest(s, which), now, sizeof now);
    else
        snprintf(now, sizeof now, "%.1f %s", latest(s, which), unit[which]);
    tui_put_n(y, x + STRIP_LABEL_COLS + gw, w - STRIP_LABEL_COLS - gw, A_NORMAL,
              " %15s", now);
}

/* The axis: "run" over the labels, the start time over the strips' left
   end, "(whole run)" in the middle where it fits, and "now 0:12:30" over
   the latest values (they are now's). */
static void strip_axis(const struct sim_snapshot *s, int y, int x, int w)
{
    static const char whole[] = "(whole run)";
    char start[32], now[32];
    int gw = graph_width(w), gx = x + STRIP_LABEL_COLS;
    burst_clock_text(s->strip.start_s, start, sizeof start);
    burst_clock_text(s->device_s, now, sizeof now);
    tui_put_n(y, x, w, A_BOLD, "run");
    tui_put_n(y, gx, gw, A_DIM, "%s", start);
    int mid = gx + (gw - (int)sizeof whole + 1) / 2;
    if (mid > gx + (int)strlen(start))
        tui_put_n(y, mid, gx + gw - mid, A_DIM, "%s", whole);
    tui_put_n(y, gx + gw, w - STRIP_LABEL_COLS - gw, A_BOLD, " now %s", now);
}

void strip_draw(const struct sim_snapshot *s, int y, int x, int w)
{
    strip_axis(s, y, x, w);
    strip_row(s, y + 1, x, w, STRIP_MBPS);
    strip_row(s, y + 2, x, w, STRIP_IOPS);
    strip_row(s, y + 3, x, w, STRIP_P99);
}
