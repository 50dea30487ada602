/*
 * report_fail.h - the JSON of a run's failure (report_fail.c), for the
 * results JSON's builder; the terminal and summary.txt lines are in
 * report.h.  Internal to sim/report/ (it names cJSON).
 */
#ifndef ASMSIM_SIM_REPORT_REPORT_FAIL_H
#define ASMSIM_SIM_REPORT_REPORT_FAIL_H

#include <cjson/cJSON.h>

#include "sim/core/run.h"

/* The "failure" object of run r of cfg (r->fail set), or NULL when out
   of memory.  Keys: docs/fields.md. */
cJSON *report_fail_json(const struct sim_run_result *r, const struct sim_run_cfg *cfg);
/* The "add_disks" object of run r of cfg (r->add set: --add-disks), or
   NULL when out of memory.  Keys: docs/fields.md. */
cJSON *report_add_json(const struct sim_run_result *r, const struct sim_run_cfg *cfg);

#endif
