/*
 * latency.c - the latency of the interval shown, per class and direction:
 * the dashboard's lower panel for a forecast played (forecast --tui),
 * where a run has its histogram, heat map and sweep.
 *
 * A forecast's timeline keeps, for every interval, each class's and each
 * direction's mean, median and p99 and its I/O count, not a histogram
 * (forecast.h); the panel shows those, as the forecast's report and
 * JSON have them, in the terminal's units (report_fmt_latency: us, ms or
 * s, so a queue of 1,325 s does not read as 1325000000 us), with the rate
 * of each.  A class or direction with no I/O in the interval has no row;
 * an interval with none at all says so (an idle phase).
 */
#include <stdio.h>

#include "sim/report/report.h"
#include "tui/panels.h"
#include "tui/tui_draw.h"

void latency_draw(const struct sim_snapshot *s, int y, int x, int w, int h)
{
    static const char *const cls[WL_CLASSES] = { "small", "large" };
    static const char *const dir[2] = { "read", "write" };
    int row = 1;
    if (h < 1)
        return;
    tui_put_n(y, x, w, A_BOLD, "latency in this interval (avg / p50 / p99)");
    for (int c = 0; c < WL_CLASSES; c++)
        for (int d = 0; d < 2 && row < h; d++) {
            const struct sim_lat_summary *l = &s->cur.cls[c].lat_dir[d];
            char avg[32], p50[32], p99[32];
            if (l->count == 0)
                continue;
            report_fmt_latency(l->avg_us, avg, sizeof avg);
            report_fmt_latency(l->p50_us, p50, sizeof p50);
            report_fmt_latency(l->p99_us, p99, sizeof p99);
            tui_put_n(y + row++, x, w, A_NORMAL, " %-5s %-5s  %10s  %10s  %10s",
                      cls[c], dir[d], avg, p50, p99);
        }
    if (row == 1 && h > 1)
        tui_put_n(y + 1, x, w, A_DIM, " no I/O in this interval (idle)");
}
