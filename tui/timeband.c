/*
 * timeband.c - the band between the disk table and the lower panels: the
 * burst-credit gauges (credits.c) and the event log (events.c).
 *
 * From SIDE_COLS columns the two sit side by side, the gauges on the left
 * (GAUGE_SHARE of the width); narrower, they are stacked, gauges first.
 * The band is given what the dashboard can spare (dash.c); what does not
 * fit folds: stacked, the log goes first (the credits' title then says
 * the events are on the status line), then gauge rows (counted in the
 * title as "+N more").  With no bucket and no event yet the band is one
 * line that says so.
 */
#include "tui/panels.h"
#include "tui/tui_draw.h"

#define SIDE_COLS 150             /* a gauge row (~75) beside an event (~75) */
#define GAUGE_SHARE 0.5

static bool side_by_side(int cols)
{
    return cols >= SIDE_COLS;
}

/* The log's rows: its title and the events it has (one row says there
   are none yet), at most EVENTS_ROWS, so the band has no empty rows; a
   forecast played, whose story its events are and which has no disk
   table or heat map to share the screen with, every event the snapshot
   carries. */
static int event_rows(const struct sim_snapshot *s)
{
    int n = 1 + (s->n_events > 0 ? s->n_events : 1);
    int most = s->phase[0] ? 1 + SIM_SNAP_EVENTS : EVENTS_ROWS;
    return n < most ? n : most;
}

/* Nothing to show but that: no bucket (gp3, real devices), no event. */
static bool quiet(const struct sim_snapshot *s)
{
    return s->n_buckets == 0 && s->n_events == 0;
}

int timeband_rows_wanted(const struct sim_snapshot *s, int cols)
{
    if (quiet(s))
        return 1;
    int c = credits_rows_wanted(s), e = event_rows(s);
    if (side_by_side(cols))
        return c > e ? c : e;
    return c + e;
}

int timeband_rows_used(const struct sim_snapshot *s, int cols, int h)
{
    if (h <= 0 || quiet(s) || side_by_side(cols))
        return h;
    int c = credits_rows_wanted(s);
    if (h - c >= 2)
        return h;                   /* gauges and the log fill it */
    return credits_rows_used(s, h);
}

void timeband_draw(const struct sim_snapshot *s, bool color, int y, int h)
{
    if (h <= 0)
        return;
    if (quiet(s)) {
        credits_draw(s, color, y, 0, COLS, 1, "no events yet");
        return;
    }
    if (side_by_side(COLS)) {
        int lw = (int)(COLS * GAUGE_SHARE);
        credits_draw(s, color, y, 0, lw - 1, h, NULL);
        events_draw(s, color, y, lw + 1, COLS - lw - 1, h);
        return;
    }
    int c = credits_rows_wanted(s);
    if (h - c >= 2) {               /* the log's title and an event */
        credits_draw(s, color, y, 0, COLS, c, NULL);
        events_draw(s, color, y + c, 0, COLS, h - c);
    } else {
        credits_draw(s, color, y, 0, COLS, h, "events: on the status line");
    }
}
