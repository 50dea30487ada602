/*
 * panels.h - the dashboard's panels of time: the strip of the whole run
 * (strip.c), the burst-credit gauges (credits.c), the event log
 * (events.c) and the band that holds the last two (timeband.c); and a
 * forecast interval's latency (latency.c); a database workload's classes
 * and groups (classes.c).  Each draws a snapshot into a box and never
 * past it.
 */
#ifndef ASMSIM_TUI_PANELS_H
#define ASMSIM_TUI_PANELS_H

#include <stdbool.h>

#include "sim/session/session.h"

/* ---- strip.c: MBPS, IOPS, p99 from the session's start to now ---------- */

#define STRIP_ROWS 4                /* the time axis and three strips */

/* The strip in the box (y, x), w wide, STRIP_ROWS high: an axis row
   ("run 0:00:00 ... (whole run) ... now 0:12:30") and a row each of MBPS, IOPS and p99
   with its latest value at the right. */
void strip_draw(const struct sim_snapshot *s, int y, int x, int w);

/* ---- latency.c: a forecast interval's latency per class and direction --- */

#define LATENCY_ROWS 5              /* a title and four class/direction rows */

/* The panel in the box (y, x, w, h): a title and a row per class and
   direction with I/O in the interval shown (s->cur): avg, p50, p99. */
void latency_draw(const struct sim_snapshot *s, int y, int x, int w, int h);

/* ---- classes.c: a database workload's classes and groups --------------- */

/* Rows the class table wants: its header and a row per class (0 for
   ORION's workload). */
int classes_rows_wanted(const struct sim_snapshot *s);

/* Every class's MB/s and IOPS added up (the header's figures). */
void classes_totals(const struct sim_snapshot *s, double *mbps, double *iops);

/* The class table in the box (y, x, w, h): name, group, load in force,
   IOPS, MB/s, avg and p99 latency. */
void classes_draw(const struct sim_snapshot *s, int y, int x, int w, int h);

/* The groups in the box (y, x, w, h): a title naming the instance, two
   rows per group (figures; disks, volume, layout), the binding limit. */
void groups_draw(const struct sim_snapshot *s, int y, int x, int w, int h);

/* ---- credits.c: a gauge per burst bucket -------------------------------- */

/* Rows the gauges want: a title and a row per bucket (given fewer, they
   fold: volumes at one level share a row). */
int credits_rows_wanted(const struct sim_snapshot *s);

/* Rows the gauges fill of a box h high (folded ones leave rows free). */
int credits_rows_used(const struct sim_snapshot *s, int h);

/* The gauges in the box (y, x, w, h); note (or NULL) goes in the title
   row after the title, when it fits. */
void credits_draw(const struct sim_snapshot *s, bool color, int y, int x, int w,
                  int h, const char *note);

/* ---- events.c: the last events -------------------------------------------- */

#define EVENTS_ROWS 4               /* a title and the last three */

/* The log in the box (y, x, w, h): a title and the newest events that
   fit, oldest first, each "0:33:20 DATA_0002 burst credits empty: ...". */
void events_draw(const struct sim_snapshot *s, bool color, int y, int x, int w, int h);

/* ---- timeband.c: credits and events, side by side or stacked ------------ */

/* Rows the band wants at cols columns (0: nothing to show). */
int timeband_rows_wanted(const struct sim_snapshot *s, int cols);

/* Rows the band fills of h at cols columns (at most h). */
int timeband_rows_used(const struct sim_snapshot *s, int cols, int h);

/* The band in rows [y, y + h) across the screen. */
void timeband_draw(const struct sim_snapshot *s, bool color, int y, int h);

#endif
