/*
 * cli_results.h - writing the results of a run or sweep to the files the
 * options ask for (cli_results.c).
 */
#ifndef ASMSIM_SIM_CLI_RESULTS_H
#define ASMSIM_SIM_CLI_RESULTS_H

#include <stddef.h>

#include "sim/cli_job.h"

/* ORION's files in --output-dir (orion: "." unless given) and the results
   JSON (orion: only with --json).  0, or -errno with "<path>: ..." in
   why. */
int cli_write_run_outputs(struct cli_job *j, const struct sim_run_result *r,
                          char *why, size_t why_len);

/* Per disk count ORION's files with prefix <testname>_<N>disks, the sweep
   CSV, and one results JSON with every run.  0 or -errno with why. */
int cli_write_sweep_outputs(struct cli_job *j,
                            const struct sim_sweep_result *s, char *why,
                            size_t why_len);

#endif
