/*
 * session_pacer.c - the wall clock, and a virtual clock paced to it.
 *
 * On the model backend device time is virtual: the engine would run a
 * minute of it in a fraction of a second.  To be watchable, a session
 * holds it to the wall clock at `speed` device seconds per wall second.
 * The pacer keeps one anchor, a (device time, wall time) pair; device time
 * t is due at wall_anchor + (t - dev_anchor) / speed, and the caller
 * sleeps for whatever is left.  Two rules keep it honest:
 *
 *   - after a pause, or when device time starts again (a rebuilt engine),
 *     the caller re-anchors, so the time spent away is not "caught up";
 *   - a pacer more than a second behind (a slow host, a heavy point)
 *     re-anchors by itself rather than racing to catch up, so the
 *     dashboard never shows a burst of device time.
 *
 * speed 0 means no pacing: the delay is always 0.  The clock is
 * CLOCK_MONOTONIC, immune to changes of the time of day.
 */
#include "sim/session/session_internal.h"

#include <string.h>
#include <time.h>

sim_ns sim_sess_wall_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (sim_ns)ts.tv_sec * SIM_NS_PER_S + ts.tv_nsec;
}

double sim_sess_wall_s(void)
{
    return (double)sim_sess_wall_ns() / 1e9;
}

void sim_pacer_init(struct sim_pacer *p, double speed)
{
    memset(p, 0, sizeof(*p));
    p->speed = speed > 0 ? speed : 0;
}

void sim_pacer_anchor(struct sim_pacer *p, sim_ns dev_now_ns)
{
    p->anchored = true;
    p->dev_anchor_ns = dev_now_ns;
    p->wall_anchor_ns = sim_sess_wall_ns();
}

sim_ns sim_pacer_delay_ns(struct sim_pacer *p, sim_ns dev_now_ns)
{
    if (p->speed <= 0)
        return 0;
    if (!p->anchored) {
        sim_pacer_anchor(p, dev_now_ns);
        return 0;
    }
    double due = (double)p->wall_anchor_ns +
                 (double)(dev_now_ns - p->dev_anchor_ns) / p->speed;
    sim_ns delay = (sim_ns)(due - (double)sim_sess_wall_ns());
    if (delay < -SIM_NS_PER_S) {    /* fell behind: do not race to catch up */
        sim_pacer_anchor(p, dev_now_ns);
        return 0;
    }
    return delay;
}
