/*
 * cli_progress.h - progress of a run or sweep on stderr (cli_progress.c).
 */
#ifndef ASMSIM_SIM_CLI_PROGRESS_H
#define ASMSIM_SIM_CLI_PROGRESS_H

#include <stdbool.h>

#include "sim/cli/cli_job.h"

struct cli_progress {
    const struct cli_job *j;
    bool shown;                     /* a "\r" line is on the terminal */
    bool line;                      /* --progress (or --tui without a
                                       terminal): the status line with ETA */
    int total_points, done_points;  /* over every disk count */
    double t0_s;
};

/* Count the points of the whole command (for the ETA) and start the
   clock; only the --progress status line needs it. */
void cli_progress_start(struct cli_progress *p);

/* The sim_run / sim_sweep point callback; arg is a struct cli_progress. */
void cli_progress_on_point(void *arg, int run_index, int point_index,
                           int n_points, const struct sim_point_result *r);

/* With --jobs N > 1 given: one line on stderr when the work runs one
   disk count (sweep) or one point (run, orion) at a time anyway: a real
   clock, or (run, orion) burst credits carried from point to point.
   Nothing with --quiet, nor for an open-loop run (one point). */
void cli_progress_jobs_note(const struct cli_job *j);

/* Erase a "\r"-updated line, if one is showing, before other output. */
void cli_progress_clear(struct cli_progress *p);

#endif
