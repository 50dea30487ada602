/*
 * levels.c - the saturation rule and the level step of levels.h.
 *
 * Pure arithmetic over measured points: which points lie on a class's
 * axis, the highest-load one, the reference point at no more than 2/3 of
 * its load, and the verdict.  The run (run_levels.c) measures the points and
 * decides what to do with the verdict.
 */
#include "sim/core/levels.h"

int sim_levels_next(int level)
{
    int next = level + (level + 1) / 2;     /* ceil(1.5 x level) */
    return next > level ? next : level + 1;
}

int sim_levels_steps(int orion_max, int ceiling)
{
    int n = 0;
    for (int l = sim_levels_next(orion_max); l <= ceiling;
         l = sim_levels_next(l))
        n++;
    return n;
}

int sim_class_load(const struct sim_point_result *p, enum wl_class c)
{
    return c == WL_LARGE ? p->large : p->small;
}

double sim_class_figure(const struct sim_point_result *p, enum wl_class c)
{
    return c == WL_LARGE ? p->cls[WL_LARGE].mbps : p->cls[WL_SMALL].iops;
}

double sim_class_phys(const struct sim_point_result *p, enum wl_class c)
{
    return c == WL_LARGE ? p->phys_mbps : p->phys_iops;
}

bool sim_on_axis(const struct sim_point_result *p, enum wl_class c)
{
    enum wl_class other = c == WL_LARGE ? WL_SMALL : WL_LARGE;
    return sim_class_load(p, c) > 0 && sim_class_load(p, other) == 0;
}

/* The axis point of the highest load up to max_load (< 0: any), or NULL. */
static const struct sim_point_result *
highest_on_axis(const struct sim_point_result *pts, int n, enum wl_class c,
                long max_load)
{
    const struct sim_point_result *best = NULL;
    for (int i = 0; i < n; i++) {
        int load = sim_class_load(&pts[i], c);
        if (sim_on_axis(&pts[i], c) && (max_load < 0 || load <= max_load) &&
            (!best || load > sim_class_load(best, c)))
            best = &pts[i];
    }
    return best;
}

static bool limit_binds(enum sim_limit l)
{
    /* SIM_LIMIT_DEVICE is what real devices always report: it names no
       limit that was reached, so only the flat rule can tell */
    return l != SIM_LIMIT_OFFERED_LOAD && l != SIM_LIMIT_DEVICE;
}

int sim_levels_axis_max(const struct wl_matrix *m, enum wl_class c)
{
    int best = 0;
    for (int i = 0; i < m->n_points; i++) {
        int mine = c == WL_LARGE ? m->points[i].large : m->points[i].small;
        int other = c == WL_LARGE ? m->points[i].small : m->points[i].large;
        if (other == 0 && mine > best)
            best = mine;
    }
    return best;
}

bool sim_levels_extends(enum sim_levels levels, int axis_max, int given_max)
{
    return levels == SIM_LEVELS_EXTEND && axis_max > 0 && given_max < 0;
}

enum sim_limit sim_levels_bound_limit(const struct sim_class_levels *lv,
                                      enum sim_limit at_max)
{
    bool rising = lv->orion_max > 0 &&
                  (lv->stop == SIM_STOP_RISING || lv->stop == SIM_STOP_CAP);
    return rising && at_max == SIM_LIMIT_DEVICE ? SIM_LIMIT_OFFERED_LOAD : at_max;
}

enum sim_level_stop sim_levels_saturation(const struct sim_point_result *pts,
                                          int n, enum wl_class c, int *last)
{
    const struct sim_point_result *top = highest_on_axis(pts, n, c, -1);
    *last = top ? sim_class_load(top, c) : 0;
    if (!top)
        return SIM_STOP_RISING;
    if (limit_binds(top->limited_by) && top->limit_util >= SIM_LEVELS_SATURATED_UTIL)
        return SIM_STOP_LIMIT;
    if (top->cls[c].lat.avg_us > SIM_LEVELS_MAX_LAT_US)
        return SIM_STOP_LATENCY;
    /* the reference: the highest load at most 2/3 of the top's */
    const struct sim_point_result *ref =
        highest_on_axis(pts, n, c, 2L * sim_class_load(top, c) / 3);
    if (ref && sim_class_figure(top, c) <
                   sim_class_figure(ref, c) * (1.0 + SIM_LEVELS_FLAT_GAIN))
        return SIM_STOP_FLAT;
    return SIM_STOP_RISING;
}

static const char *const stop_ids[] = {
    [SIM_STOP_RISING] = "rising",
    [SIM_STOP_LIMIT] = "limit",
    [SIM_STOP_FLAT] = "flat",
    [SIM_STOP_LATENCY] = "latency",
    [SIM_STOP_CAP] = "cap",
};

static const char *const stop_words[] = {
    [SIM_STOP_RISING] = "the figure still rose at the last level",
    [SIM_STOP_LIMIT] = "a volume or instance limit binds",
    [SIM_STOP_FLAT] = "the figure stopped rising",
    [SIM_STOP_LATENCY] = "latency passed 100 ms",
    [SIM_STOP_CAP] = "the cap on outstanding I/O was reached",
};

const char *sim_level_stop_id(enum sim_level_stop s)
{
    return (unsigned)s <= SIM_STOP_CAP ? stop_ids[s] : "?";
}

const char *sim_level_stop_words(enum sim_level_stop s)
{
    return (unsigned)s <= SIM_STOP_CAP ? stop_words[s] : "?";
}
