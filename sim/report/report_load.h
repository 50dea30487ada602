/*
 * report_load.h - a results JSON read back into the structures it was
 * written from (report_load.c): the configuration, the run or sweep
 * result and the document's own facts (version, command, start), so that
 * report_json_text() of what was loaded makes the same bytes again.  The
 * results of several hosts, or shards of a sweep, merge through this.
 */
#ifndef ASMSIM_SIM_REPORT_LOAD_H
#define ASMSIM_SIM_REPORT_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "sim/report/report.h"

struct report_load_store;       /* the strings and arrays loaded (private) */

struct report_loaded {
    struct report_meta meta;    /* version, testname, command, started,
                                   config.sweep_skipped; no luns */
    struct sim_setup cfg;       /* what config holds; its pointers (the
                                   targets as run.disk_names, the bill's
                                   price list) point into the store */
    struct sim_run_result *run;         /* a run's result; NULL for a sweep */
    struct sim_sweep_result *sweep;     /* a sweep's runs; NULL for a run */
    /* the volume spec and the instance name were found in this build's
       tables: the fields config does not hold (bucket sizes, I/O unit,
       media...) are this build's; false: they are zero, and the
       configuration writes and reports but is not one to run again */
    bool profiles_resolved;
    struct report_load_store *store;
};

/* Load a results document (text, NUL-terminated) of a run or a sweep.
   backends: the device backends config.backend may name, NULL-ended.
   0 and *out (free it with report_loaded_free), or -EINVAL with why
   naming what is wrong ("not a results JSON: no \"config\"",
   "points[3].limited_by: \"x\" is not a limit"), -ENOMEM. */
int report_json_load(const char *text, const struct dev_ops *const *backends,
                     struct report_loaded *out, char *why, size_t why_len);

void report_loaded_free(struct report_loaded *l);

#endif
