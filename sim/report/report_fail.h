/*
 * report_fail.h - the JSON of a run's failure and of its disks added
 * (report_fail.c), for the results JSON's builder, and the words both
 * share with the HTML report (html_fail.c); the terminal and summary.txt
 * lines are in report.h.  Internal to sim/report/ (it names cJSON).
 */
#ifndef ASMSIM_SIM_REPORT_REPORT_FAIL_H
#define ASMSIM_SIM_REPORT_REPORT_FAIL_H

#include <cjson/cJSON.h>

#include "sim/core/run.h"

struct report_live_fail;               /* report.h */

/* The "failure" object of run r of cfg (r->fail set), or NULL when out
   of memory.  Keys: docs/fields.md. */
cJSON *report_fail_json(const struct sim_run_result *r, const struct sim_run_cfg *cfg);
/* The "add_disks" object of run r of cfg (r->add set: --add-disks), or
   NULL when out of memory.  Keys: docs/fields.md. */
cJSON *report_add_json(const struct sim_run_result *r, const struct sim_run_cfg *cfg);

/* Scenario f's phase i (enum sim_phase): the run whose point stands for
   it (RESTORED after a resync: the run itself), or NULL where it was not
   reached; its name ("before", "degraded", "rebalancing", "restored"; an
   add's RESTORED "balanced"); and class c's name in it (the copy class:
   "rebalance", or "resync" with --returns).  The terminal's and the
   JSON's phases, and fio's jobs of them (report_fio.c). */
const struct sim_run_result *report_fail_phase_run(const struct sim_fail_result *f, int i);
const char *report_fail_phase_name(const struct sim_fail_result *f, int i);
const char *report_fail_class_name(const struct sim_run_cfg *cfg,
                                   const struct sim_fail_result *f, int c);

/* The "dashboard_failure" object of a dashboard's save in a failure
   (report.h: struct report_live_fail), or NULL when out of memory; an
   empty object without a failure.  Keys: docs/fields.md. */
cJSON *report_live_fail_json(const struct report_live_fail *lf);

/* What V$ASM_OPERATION would show as the copies start, in the model's
   figures (ASM_FAILURE.md sec. 4), so that a DBA can hold them against
   the view during a real operation or EXPLAIN WORK's EST_WORK:
   OPERATION REBAL; PASS REBALANCE (a drop, an add) or RESYNC
   (--returns); POWER; EST_WORK, the AUs to move; EST_RATE, AUs a minute
   at the copies' measured rate; EST_MINUTES, floor(EST_WORK / EST_RATE)
   at SOFAR 0. */
struct report_asm_op {
    const char *pass;
    int power;
    double est_work, est_rate, est_minutes;
};
/* false when the copies did not run (no rate, nothing to move) or
   copied under one AU a minute. */
bool report_asm_operation(const struct sim_fail_result *f, struct report_asm_op *op);
/* "REBAL REBALANCE POWER 4 EST_WORK 128000 EST_RATE 17546 EST_MINUTES 7". */
void report_asm_operation_text(const struct report_asm_op *op, char *buf, size_t len);

/* The words of add_disks.after's id ("restored": "after the failure's
   restore: from the group it left"); NULL for "alone" or an unknown id. */
const char *report_add_after_words(const char *id);

/* What bound a failure's or an add's copies: the limit of the point
   where they ran (the copy class is a closed loop, so engine.c names a
   single saturated volume's limit too, and the copies' rate stays the
   same at a higher power), or none, SIM_LIMIT_OFFERED_LOAD: the copies'
   own latency, `power` of them in flight, so more power copies faster.
   The terminal's copy line, the JSON's copy_limited_by, the HTML report's
   copy row and the tables by power. */
struct report_copy_bound {
    enum sim_limit limit;
    double util;                /* its use, 0..1; 0: not known */
    int disk;                   /* the one volume that bound (points[].
                                   per_disk's index); -1: the volumes'
                                   mean, an instance's, none */
    int power;
};
#define REPORT_COPY_LATENCY_ID "copy_latency"   /* copy_limited_by's id
                                                   for SIM_LIMIT_OFFERED_LOAD */

/* "volume throughput (disk 5 at 100 %)", "instance MB/s (99 % of its
   rate)", "the copies' latency (power 1: 1 copy in flight)". */
void report_copy_bound_text(const struct report_copy_bound *b, char *buf, size_t len);

/* What follows the repair timer, in the words of the terminal and the
   HTML report: the disks return and resync (returns), or are dropped and
   rebuilt, or dropped with no failure group left for a new copy
   (no_source: the group stays degraded). */
const char *report_fail_then_text(bool returns, bool no_source);
/* The space check's verdict: room to rebuild (fits), none, or room in
   bytes but no failure group to hold a new copy (no_source). */
const char *report_fail_room_text(bool fits, bool no_source);

#endif
