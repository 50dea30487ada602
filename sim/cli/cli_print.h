/*
 * cli_print.h - what run, sweep and orion print on stdout around the
 * results: the resolved configuration and the run summary (cli_print.c).
 */
#ifndef ASMSIM_SIM_CLI_PRINT_H
#define ASMSIM_SIM_CLI_PRINT_H

#include <stddef.h>
#include <stdio.h>

#include "sim/cli/cli_job.h"

/* A duration in words: "500 ms", "1.5 s", "90 s" (seconds below 100 s
   or with a fraction), "2 min 30 s", "2 h", "1 h 30 min" above. */
void cli_format_duration(sim_ns ns, char *buf, size_t len);
/* A schedule's day (its cycle) in words: whole hours as hours ("24 h",
   "168 h", not "1 d"), else as cli_format_duration ("30 min", "1 h 30
   min"). */
void cli_format_day(int64_t day_ms, char *buf, size_t len);

/* The resolved configuration: instance, volume, layout, workload; or, on
   real targets and the null engine, the targets and how they are opened. */
void cli_print_header(FILE *f, const struct cli_job *j);

/* --verbose: one line per measured point. */
void cli_print_points(FILE *f, const struct sim_run_result *r);

/* Real-time backends only: I/O errors, CPU per I/O and a warning when the
   generator, not the devices, was the bottleneck. */
void cli_print_real_facts(FILE *f, const struct cli_job *j,
                          const struct sim_run_result *r);

/* ORION's three summary lines, the facts above, the binding limit, and
   with --verbose the points. */

void cli_print_run_summary(FILE *f, const struct cli_job *j,
                           const struct sim_run_result *r);

/* The cost lines of the header on modelled volumes (o->bill): the total
   and its parts, or for a sweep the instance and one volume, and how each
   was priced; nothing without a bill (cli_cost.c). */
void cli_print_cost_header(FILE *f, const struct cli_opts *o);
/* o->warning, a line each ("asmsim: warning: ..."), and how many did not
   fit; nothing when there is none. */
void cli_print_warnings(FILE *f, const struct cli_opts *o);
/* On stderr before run, sweep and orion: a note per rate (throughput,
   IOPS) the volumes are provisioned with across the disks above what the
   instance takes, with its monthly price; nothing when none is. */
void cli_print_provision_notes(FILE *f, const struct cli_opts *o);

/* "Cost: $193.88/month (instance $113.88 + 4 volumes $80.00; AWS
   us-east-1 2023-06 list)" after a run's summary; nothing without a bill
   (cli_cost.c). */
void cli_print_cost_summary(FILE *f, const struct price_bill *b);

#endif
