/*
 * cli_results.h - writing the results of a run or sweep to the files the
 * options ask for (cli_results.c).
 */
#ifndef ASMSIM_SIM_CLI_RESULTS_H
#define ASMSIM_SIM_CLI_RESULTS_H

#include <stddef.h>

#include "sim/cli/cli_job.h"

/* ORION's files in --output-dir (orion: "." unless given) and the results
   JSON (orion: only with --json).  Every output is tried, whatever failed
   before it.  0, or the first failure's -errno; the reason of each failure
   but the last is printed to stderr ("asmsim: ...") as it happens, the
   last is left in why for the caller to print. */
int cli_write_run_outputs(struct cli_job *j, const struct sim_run_result *r,
                          char *why, size_t why_len);

/* Per disk count ORION's files with prefix <testname>_<N>disks, the sweep
   CSV, and one results JSON with every run.  Failures as above. */
int cli_write_sweep_outputs(struct cli_job *j,
                            const struct sim_sweep_result *s, char *why,
                            size_t why_len);

#endif
