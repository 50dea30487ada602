/*
 * levels.h - "Maximum" must mean maximum: extending a class's load levels
 * beyond ORION's until its figure saturates.
 *
 * ORION derives its load levels from the disk count (large 1..2n, small
 * up to 5n, matrix.h), so a few fast volumes are never driven hard: three
 * 14,100 IOPS gp3 volumes need 9 large I/Os in flight for their 2,091
 * MB/s, and ORION stops at 6 (1,621 MB/s, "offered load").  With levels SIM_LEVELS_EXTEND a run keeps
 * going along a class's axis (large-only points for the Maximum Large
 * MBPS, small-only points for the Maximum Small IOPS) past ORION's last
 * level until one of these holds at the last point measured (a class
 * whose maximum the user set, --num-large / --num-small, keeps it):
 *
 *   limit    a limit other than the offered load binds (limited_by: a
 *            volume, the instance, the burst credits) and runs at
 *            SIM_LEVELS_SATURATED_UTIL of its rate or more; more load only
 *            queues.  One that binds at less still has room: an OCI
 *            Higher Performance volume bound at 95.8 % of its 50,000 IOPS
 *            with 18 small I/Os in flight delivers 50,000 with 27;
 *   flat     the figure rose less than SIM_LEVELS_FLAT_GAIN over the
 *            axis point at no more than 2/3 of the load.  This rule does
 *            not trust limited_by: a curve that is flat is saturated
 *            whatever the backend reports (the model's limit detection
 *            has gaps: a volume whose latency, not a rate limit, holds
 *            the figure reports "offered load");
 *   latency  the class's average latency passed SIM_LEVELS_MAX_LAT_US;
 *   cap      the next level would not fit the run's share of the cap on
 *            outstanding I/O (io_budget.h).  The figure may still rise:
 *            the summary says so.
 *
 * The step.  Each extension level is 1.5 x the last (rounded up, at least
 * +1): geometric, so reaching load L costs log1.5(L / 2n) points instead
 * of the L - 2n points ORION's step of one would take (1,000 large I/Os
 * from 32 in 9 points instead of 968), and the 2/3 of the load the flat
 * rule compares with is then the previous level.  Doubling would
 * be fewer points still but lands up to 2x past the knee of the curve,
 * where the maximum's latency is mostly queueing.
 */
#ifndef ASMSIM_SIM_LEVELS_H
#define ASMSIM_SIM_LEVELS_H

#include <stdbool.h>

#include "sim/core/stats.h"
#include "workloads/matrix.h"
#include "workloads/workload.h"

enum sim_levels {
    SIM_LEVELS_ORION = 0,       /* ORION's levels only */
    SIM_LEVELS_EXTEND,          /* extend to saturation (see above) */
};

/* Why a class's levels end where they do. */
enum sim_level_stop {
    SIM_STOP_RISING = 0,        /* not saturated: the figure still rose */
    SIM_STOP_LIMIT,             /* a volume or instance limit binds */
    SIM_STOP_FLAT,              /* diminishing returns */
    SIM_STOP_LATENCY,           /* past the latency ceiling */
    SIM_STOP_CAP,               /* the cap on outstanding I/O */
};

/* A binding limit this busy is saturated: closed-loop points at a limit
   that queues them use 99.97-100 % of its rate (gp3, gp2, io2 volume
   IOPS, measured), while one that still has room shows 95-99 %. */
#define SIM_LEVELS_SATURATED_UTIL 0.99

/* Less than 3 % more for 1.5 x the load is flat: 3 % is about the
   run-to-run noise of a cloud volume (the same threshold as the sweep's
   reading, report_sweep.c), while below saturation a closed loop's
   figure grows with its load, by up to 50 % over one step. */
#define SIM_LEVELS_FLAT_GAIN 0.03

/* An average of 100 ms per I/O is ten times the "single-digit ms" that
   gp2/gp3/io1 volumes promise (DOMAIN.md section 4, Latency): load beyond
   it measures queueing only (latency grows as N / limit once a limit
   binds, section 4), and no configuration is sized there. */
#define SIM_LEVELS_MAX_LAT_US 100000.0

/* How a class's levels went in a run. */
struct sim_class_levels {
    bool extends;               /* its levels may go past ORION's
                                   (sim_levels_extends) */
    bool extended;              /* levels were added past ORION's */
    int orion_max;              /* ORION's last level on the class's axis;
                                   0: the run has no such axis */
    int last;                   /* the last level measured on it */
    enum sim_level_stop stop;   /* at `last` */
};

/* The level after `level`: 1.5 x, rounded up, at least level + 1. */
int sim_levels_next(int level);

/* Extension levels from orion_max up to at most ceiling. */
int sim_levels_steps(int orion_max, int ceiling);

/* The class's load at a point (large: the large load, small: the small
   load), its figure (large: MBPS, small: IOPS), and the physical figure
   in that unit (all classes, after mirroring: what a limit on it counts). */
int sim_class_load(const struct sim_point_result *p, enum wl_class c);
double sim_class_figure(const struct sim_point_result *p, enum wl_class c);
double sim_class_phys(const struct sim_point_result *p, enum wl_class c);

/* True when p lies on class c's axis: c's load > 0, the other class's 0. */
bool sim_on_axis(const struct sim_point_result *p, enum wl_class c);

/* The highest load of class c on its own axis of m (the other class at
   0): ORION's maximum for it; 0 when c has no such axis. */
int sim_levels_axis_max(const struct wl_matrix *m, enum wl_class c);

/* Whether a class's levels go past ORION's: levels SIM_LEVELS_EXTEND, an
   axis of its own (axis_max > 0), and no maximum set by --num-small or
   --num-large (given_max < 0: not given). */
bool sim_levels_extends(enum sim_levels levels, int axis_max, int given_max);

/* The limit a class's maximum is bound by, given the one measured at its
   point (at_max) and how its levels went: a class still rising at its
   last level (SIM_STOP_RISING, SIM_STOP_CAP) where the backend names no
   limit (SIM_LIMIT_DEVICE: real devices) is bound by the offered load,
   as the run's note says; else at_max. */
enum sim_limit sim_levels_bound_limit(const struct sim_class_levels *lv,
                                      enum sim_limit at_max);

/* Whether class c is saturated at the highest-load point of its axis
   among pts[0..n): SIM_STOP_LIMIT, _FLAT, _LATENCY, or SIM_STOP_RISING
   (also when the axis has no point).  *last gets that point's load. */
enum sim_level_stop sim_levels_saturation(const struct sim_point_result *pts,
                                          int n, enum wl_class c, int *last);

/* "limit", "flat", ...: for JSON; and the words for a summary. */
const char *sim_level_stop_id(enum sim_level_stop s);
const char *sim_level_stop_words(enum sim_level_stop s);

#endif
