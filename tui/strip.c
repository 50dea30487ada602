/*
 * strip.c - the strip of the whole run: MBPS, IOPS and p99 latency from
 * the session's start to now, whatever its length.
 *
 * The session keeps the figures in a bounded strip (time_strip.c: fixed
 * columns that merge in pairs when full); here they are resampled onto
 * the cells of the box (sim_strip_cells), so the drawn strip always runs
 * from the session's start at the left to now at the right.  The axis
 * row above says both ends ("run 0:00:00", "now 0:12:30").  Each row is
 * scaled to its own highest cell; a cell without samples (warm-up, a
 * pause) is blank.  The value at the right is the latest sample's.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

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
    static const char *const unit[] = { "MB/s", "IO/s", "us" };
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
        int k = isnan(v[i]) || max <= 0 ? 0 : (int)lround(v[i] / max * TUI_RAMP_N);
        line[i] = tui_ramp[k];
    }
    line[gw] = '\0';
    tui_put_n(y, x, w, A_BOLD, "%-5s", label[which]);
    tui_put_n(y, x + STRIP_LABEL_COLS, gw, A_NORMAL, "%s", line);
    tui_put_n(y, x + STRIP_LABEL_COLS + gw, w - STRIP_LABEL_COLS - gw, A_NORMAL,
              " %10.1f %s", latest(s, which), unit[which]);
}

/* "run" and the start time "0:00:00" over the left end, "now 0:12:30" over the right
   end of the strips, "whole run" in the value column. */
static void strip_axis(const struct sim_snapshot *s, int y, int x, int w)
{
    char start[32], now[32], right[48];
    int gw = graph_width(w);
    burst_clock_text(s->strip.start_s, start, sizeof start);
    burst_clock_text(s->device_s, now, sizeof now);
    snprintf(right, sizeof right, "now %s", now);
    tui_put_n(y, x, w, A_BOLD, "run");
    tui_put_n(y, x + STRIP_LABEL_COLS, gw, A_DIM, "%s", start);
    int rx = x + STRIP_LABEL_COLS + gw - (int)strlen(right);
    if (rx > x + STRIP_LABEL_COLS + (int)strlen(start))
        tui_put_n(y, rx, (int)strlen(right), A_DIM, "%s", right);
    tui_put_n(y, x + STRIP_LABEL_COLS + gw, w - STRIP_LABEL_COLS - gw, A_BOLD,
              "  whole run");
}

void strip_draw(const struct sim_snapshot *s, int y, int x, int w)
{
    strip_axis(s, y, x, w);
    strip_row(s, y + 1, x, w, STRIP_MBPS);
    strip_row(s, y + 2, x, w, STRIP_IOPS);
    strip_row(s, y + 3, x, w, STRIP_P99);
}
