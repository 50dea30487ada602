/*
 * events.c - the event log: the last events of the session (a bucket
 * emptied or refilled, the instance burst spent, the binding limit
 * changed), as the session put them in words (burst_events.c), each
 * after its device time.  The newest is also the status line's message;
 * the log keeps the few before it in view.  A credit running out shows
 * in the warning colour, one coming back in the good one.
 */
#include <stdio.h>

#include "sim/session/burst_events.h"
#include "tui/panels.h"
#include "tui/tui_draw.h"

/* A credit running out in the warning colour, one coming back in the
   good one, a limit change plain; the newest in bold. */
static attr_t event_attr(const struct sim_snap_event *e, bool color, bool newest)
{
    attr_t a = newest ? A_BOLD : A_NORMAL;
    if (!color)
        return a;
    if (e->kind == BURST_EV_EMPTY)
        return a | COLOR_PAIR(TERM_PAIR_WARN);
    if (e->kind == BURST_EV_REFILLED)
        return a | COLOR_PAIR(TERM_PAIR_GOOD);
    return a;
}

void events_draw(const struct sim_snapshot *s, bool color, int y, int x, int w, int h)
{
    int rows = h - 1;
    if (rows < 0)
        return;
    if (s->events_total > (uint64_t)s->n_events)
        tui_put_n(y, x, w, A_BOLD, "events (last %d of %llu)", s->n_events,
                  (unsigned long long)s->events_total);
    else
        tui_put_n(y, x, w, A_BOLD, "events");
    if (s->n_events == 0) {
        if (rows > 0)
            tui_put_n(y + 1, x, w, A_DIM, " none yet");
        return;
    }
    int first = s->n_events > rows ? s->n_events - rows : 0;
    for (int i = first; i < s->n_events; i++) {
        char clock[32];
        burst_clock_text(s->event[i].t_s, clock, sizeof clock);
        tui_put_n(y + 1 + i - first, x, w, event_attr(&s->event[i], color, i == s->n_events - 1),
                  " %s %s", clock, s->event[i].text);
    }
}
