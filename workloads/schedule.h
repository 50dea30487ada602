/*
 * schedule.h - a forecast's schedule: phases of load, back to back, that
 * make up one day (one pass) of a disk group's life.
 *
 * The format is CSV.  Lines starting with # and blank lines are skipped;
 * the first other line is the header, naming the columns (any order, any
 * subset of those below, "phase" required); every later line is one
 * phase.  An empty field is "not given".  As spreadsheets export it: a
 * field may be quoted ("peak", with "" for a quote inside), lines may end
 * in CR LF, and a UTF-8 byte order mark before the header is skipped.
 *
 *   phase            a name (letters, digits, - _ . ; up to 31 chars)
 *   start            clock time hh:mm[:ss], day relative (00:00..24:00)
 *   duration         N[s|m|h|d] (decimal allowed: 1.5h), terms of them (1h30m) or hh:mm[:ss]
 *   small_iops       open loop: small I/Os offered per second
 *   small_write_pct  0..100 (default 0), open or closed loop
 *   large_mbps       open loop: large MB/s offered (10^6 B/s)
 *   large_write_pct  0..100 (default 0)
 *   arrivals         open loop: poisson (default) or constant
 *   num_small        closed loop (ORION): small I/Os kept outstanding
 *   num_large        closed loop: large I/Os kept outstanding
 *
 * or, for a database workload's classes (asmsim forecast --workload,
 * docs/workloads.md "A day of a workload"), instead of those:
 *
 *   scale            a factor on every class's load: an open-loop
 *                    class's rate, a closed-loop class's outstanding
 *                    count (or streams); 0..1000, decimals allowed
 *   scale:CLASS      the factor of the class named CLASS (up to 8 such
 *                    columns); where its cell is empty the class takes
 *                    the phase's scale
 *
 * A class's factor in a phase is its scale:CLASS cell, else the scale
 * cell, else 0: the class does not run then (as an empty small_iops asks
 * no small I/O).  A phase whose factors are all 0 or empty is idle.  A
 * header with both kinds of load columns (ORION's small_iops ...
 * num_large, small_write_pct, large_write_pct, arrivals; and scale) is an
 * error: a schedule is for ORION's two classes or for a workload's.
 *
 * A phase is open loop when small_iops or large_mbps is given, closed
 * loop when num_small or num_large is, idle when neither (both: an
 * error).  A phase whose load is zero (small_iops 0 and no large_mbps,
 * num_small 0 and num_large 0, ...) is idle too: no I/O, the burst
 * credits earn, and it is reported as idle.  I/O sizes are the run's
 * (--size-small, --size-large).
 *
 * Timing: a phase starts at its clock start, or else where the one before
 * it ends (the first: 00:00).  It ends after its duration, or else where
 * the next phase starts (which then needs a clock start), or else, being
 * the last of a schedule with clock times, at 24:00.  A clock start after
 * the previous end leaves a gap, which becomes an idle phase; one before
 * it is an error.  With clock times a day is 24 h (an idle phase fills up
 * to 24:00); without, a day is the sum of the durations (a weekly ETL is
 * a 7-day "day").
 *
 * Pure: text in, phases out.  No I/O, no clock, no globals.
 */
#ifndef ASMSIM_WORKLOADS_SCHEDULE_H
#define ASMSIM_WORKLOADS_SCHEDULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WL_SCHEDULE_MAX_PHASES 256
#define WL_SCHEDULE_MAX_CLASS_COLS 8    /* scale:CLASS columns */
#define WL_SCALE_MAX 1000.0             /* the largest factor */
#define WL_PHASE_NAME_MAX 32
#define WL_SCHEDULE_MAX_DAY_MS (31ll * 86400 * 1000)    /* one pass */
#define WL_DAY_MS (86400ll * 1000)
/* The most an open loop may offer, in a schedule as with --rate-small /
   --rate-large: 10 M small IOPS and 100 GB/s are past any instance, and
   the simulation of a backlog costs time in proportion to its arrivals
   (1e9 IOPS would run for hours) */
#define WL_RATE_SMALL_MAX_IOPS 1e7
#define WL_RATE_LARGE_MAX_MBPS 1e5

enum wl_phase_kind {
    WL_PHASE_IDLE = 0,
    WL_PHASE_OPEN,              /* rates offered (open loop) */
    WL_PHASE_CLOSED,            /* outstanding levels (ORION, closed loop) */
    WL_PHASE_SCALED,            /* factors on a database workload's loads */
};

enum wl_arrivals_kind {
    WL_ARRIVE_POISSON = 0,
    WL_ARRIVE_CONSTANT,
};

struct wl_phase {
    char name[WL_PHASE_NAME_MAX];
    int line;                   /* in the text; 0 for an inserted idle gap */
    int64_t start_ms;           /* from the day's start, resolved */
    int64_t length_ms;          /* > 0 */
    enum wl_phase_kind kind;
    double small_iops;          /* open */
    double large_mbps;          /* open, 10^6 B/s */
    enum wl_arrivals_kind arrivals;
    int num_small, num_large;   /* closed */
    int write_pct[2];           /* [enum wl_class]: 0..100 */
    /* scaled: the factors, -1 where the cell is empty */
    double scale;
    double class_scale[WL_SCHEDULE_MAX_CLASS_COLS];    /* [column] */
};

struct wl_schedule {
    int n;
    struct wl_phase phase[WL_SCHEDULE_MAX_PHASES];
    int64_t day_ms;             /* one pass: 24 h with clock times */
    bool clock;                 /* some phase had a clock start */
    /* which load columns the header has: ORION's (small_iops ...
       num_large, the write shares, arrivals) or a workload's (scale,
       scale:CLASS); neither: only idle phases, fit for both */
    bool orion_cols;
    bool scale_cols;
    int n_class_cols;           /* scale:CLASS columns, in header order */
    char class_col[WL_SCHEDULE_MAX_CLASS_COLS][WL_PHASE_NAME_MAX];
};

/* Parse `text` (its name, a path or a preset, for messages) into *out.
   0, or -EINVAL with "NAME:LINE: <column> '<value>': <what is wrong>;
   <what is valid>" (or "NAME: ..." for what no line holds) in why. */
int wl_schedule_parse(const char *text, const char *name,
                      struct wl_schedule *out, char *why, size_t why_len);

/* Whether p asks for any I/O: an open-loop phase a rate above 0, a
   closed-loop one a level above 0.  The parser makes a phase without
   load idle; the forecast runs any phase without load as idle, however
   the schedule was made. */
bool wl_phase_has_load(const struct wl_phase *p);

/* The factor of the class whose scale:CLASS column is col (-1: it has
   none) in phase p: that cell, else the scale cell, else 0. */
double wl_phase_class_factor(const struct wl_phase *p, int col);

/* The scale:CLASS column of the class named `name` (exact), or -1. */
int wl_schedule_class_col(const struct wl_schedule *s, const char *name);

/* A preset's CSV text by name ("oltp-day", "weekly-etl", "redo-peak":
   workloads/presets/<name>.csv, compiled in), or NULL. */
const char *wl_schedule_preset(const char *name);
/* The presets' names, ", " between them, into buf; returns buf. */
char *wl_schedule_preset_names(char *buf, size_t len);

/* "hh:mm:ss" of a time of day in ms (days beyond the first as "d2 ...");
   into buf, returns buf. */
char *wl_clock_format(int64_t ms, char *buf, size_t len);

/* A time of a forecast as wl_clock_format writes it: "hh:mm[:ss]" of
   its first day, "dN hh:mm[:ss]" of day N (days of 24 h), or a duration
   from its start as a schedule's (N[s|m|h|d] or terms of them, e.g. 26h,
   1h30m; 0 is the start).  0 and *ms, or -EINVAL. */
int wl_forecast_time_parse(const char *s, int64_t *ms);

#endif
