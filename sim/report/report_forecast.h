/*
 * report_forecast.h - what `asmsim forecast` prints and writes: the events
 * in words, the per-phase table, the verdict (stdout), the forecast JSON
 * (kind "forecast") and the forecast timeline CSV.  report_forecast.c;
 * docs/fields.md, section "Forecast", names every key and column.
 */
#ifndef ASMSIM_SIM_REPORT_FORECAST_H
#define ASMSIM_SIM_REPORT_FORECAST_H

#include <stdio.h>

#include "sim/model/forecast.h"
#include "sim/report/report.h"

/* What the words need besides the result. */
struct report_fc_info {
    const struct report_meta *meta;     /* testname, stamp, command line */
    const struct wl_schedule *schedule;
    const char *schedule_source;        /* preset name or path */
    const char *instance;               /* "m5.xlarge" */
    const char *volume;                 /* the volume spec */
    int disks;
    int repeat_days;                    /* --repeat; 0: until steady */
    /* optional: the configuration's monthly cost (sim/profiles/
       prices.h), printed and written when cost_line is not NULL */
    const char *cost_line;              /* "Cost: $... a month: ..." */
    double cost_instance_usd_month;     /* < 0: the instance has no price */
    double cost_volumes_usd_month;
    double cost_total_usd_month;
    /* a database workload's forecast (result n_classes > 0): its name,
       its groups ("DATA 8 x gp3 + REDO 4 x io2") and the note on how it
       ran; NULL for ORION's */
    const char *workload;
    const char *groups;
    const char *note;
};

/* A rate for a sentence: 18750 -> "18,750"; below 100 with two decimals
   ("81.25").  Returns buf.  (The dashboard's events say rates so too.) */
char *report_fc_rate_text(double v, char *buf, size_t len);

/* A time of the forecast as the words write it: the start of a stretch
   ("00:07:00", "d2 14:00:00"), its end (midnight as "24:00:00").
   Returns buf. */
char *report_fc_clock(double t_s, char *buf, size_t len);
char *report_fc_clock_end(double t_s, char *buf, size_t len);

/* The unit a bucket's limit is told in ("IOPS", "MiB/s", "MB/s") and the
   factor from the backend's units per second to it. */
const char *report_fc_bucket_unit(const struct dev_bucket *b, double *per);

/* One event as a line (no newline): "01:47:10 DATA_0002 burst credits
   empty: 2,850 -> 1,425 IOPS".  Into buf; returns buf. */
char *report_fc_event_text(const struct report_fc_info *in,
                           const struct sim_forecast_result *r,
                           const struct sim_fc_event *e, char *buf, size_t len);

/* The verdict as a sentence: "Verdict: served ..." / "Verdict: NOT
   served: first phase not served: day 1 peak (09:00-12:00), small
   demand unmet by 31 %". */
char *report_fc_verdict_text(const struct report_fc_info *in,
                             const struct sim_forecast_result *r, char *buf,
                             size_t len);

/* Events, the phases of the last day simulated, days and steady state,
   and the verdict. */
void report_forecast_text(FILE *f, const struct report_fc_info *in,
                          const struct sim_forecast_result *r);

/* The forecast JSON to path ("-": stdout), written whole or not at all.
   0 or -errno with why. */
int report_forecast_json(const char *path, const struct report_fc_info *in,
                         const struct sim_forecast_result *r, char *why,
                         size_t why_len);

/* The same document as text in *text (free() it): what --report makes
   its page from.  0 or -errno with why; -EINTR (no text) when stop
   (optional) is set while the timeline is written. */
int report_forecast_json_text(const struct report_fc_info *in,
                              const struct sim_forecast_result *r,
                              const sim_stop_flag *stop, char **text,
                              char *why, size_t why_len);

/* <testname>_<stamp>_timeline.csv of a forecast: one row per interval.
   0 or -errno with why. */
int report_forecast_csv(const char *path, const struct sim_forecast_result *r,
                        char *why, size_t why_len);

#endif
