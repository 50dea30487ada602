/*
 * html_page.h - what the modules of the HTML report share (inside
 * sim/report/ only; the public interface is html.h).
 *
 *   html_util.c      escaping, number and size formatting, reading the
 *                    results JSON (dotted paths), the terminal's sentences
 *                    kept in it (readings.*), limit labels
 *   html_chart.c     a chart: a <figure> with its title, a <canvas>, the
 *                    reading line under it, and the Chart.js configuration
 *                    collected for the page's script; the palette
 *   html_heatmap.c   a table with a colour scale (the ORION matrix)
 *   html_header.c    what was run and the summary (every kind)
 *   html_run.c       a run: heat maps, latency against load, percentiles
 *                    and histograms per class and direction
 *   html_timeline.c  --interval timelines of a run's points
 *   html_sweep.c     a sweep: figures against disk count, limits, cost
 *   html_classes.c   a database workload (config.classes): its groups and
 *                    classes, a table per class, latency per class, and
 *                    a sweep of it class by class
 *   html_compare.c   several documents on the same axes
 *   html_fail.c      a disk failure (run --fail): the phases as bands on
 *                    a time axis, their figures, the restore, the space
 *   html_hosts.c     a run of several hosts (mpirun): each host's figures
 *                    per point beside the cluster's, how together they ran
 *   html_forecast.c  a forecast: time charts with events, phases, verdict
 *   html_forecast_fail.c  ... a disk lost during it (forecast --fail): the
 *                    phase changes marked, the phases' table, the outcome
 *   html_advice.c    an advice: cost against headroom, the best configs
 *   html_advice_front.c  ... cost against latency, the cheapest per family
 *   html_page.c      the page around them, the kinds, writing the file
 *
 * A kind is one module with a body function; html_page.c's table of
 * kinds picks it from the document.
 */
#ifndef ASMSIM_SIM_REPORT_HTML_PAGE_H
#define ASMSIM_SIM_REPORT_HTML_PAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "sim/core/stop_flag.h"

/* The page being written: the HTML goes to f as it is made, the charts'
   configurations collect in charts (written at the end, for the script
   that draws them).  oom: an allocation failed somewhere; the page is
   refused at the end rather than written with a chart missing.  stop
   (optional): a long loop asks html_stopped() and ends early; the page
   is then refused (-EINTR). */
struct html_out {
    FILE *f;
    cJSON *charts;          /* [ { "canvas": id, "config": {...} } ] */
    int n_charts;
    bool oom;
    const sim_stop_flag *stop;
    bool stopped;
};

/* Whether the page is to be abandoned (the stop flag was set); once
   true, true for the rest of the page. */
bool html_stopped(struct html_out *o);

/* ---- html_util.c ---------------------------------------------------- */

/* text with & < > " ' as character references: safe in element content
   and in a quoted attribute. */
void html_text(FILE *f, const char *text);
/* printf, then escaped as html_text. */
void html_textf(struct html_out *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* <tag class="cls">text</tag>, text escaped; cls may be NULL. */
void html_elem(struct html_out *o, const char *tag, const char *cls,
               const char *text);
/* JSON for inside a <script> element: every < > & and U+2028/U+2029 as
   a \u escape (valid JSON, and no "</script" or "<!--" can end or
   confuse the element). */
void html_script_json(FILE *f, const char *json);

/* The value at a dotted path ("summary.max_large_at.small"), or NULL. */
const cJSON *html_get(const cJSON *doc, const char *path);
/* A number there: true with *v, false when absent, null or no number. */
bool html_num(const cJSON *doc, const char *path, double *v);
/* A string there, or NULL; or fallback. */
const char *html_str(const cJSON *doc, const char *path);
const char *html_str_or(const cJSON *doc, const char *path, const char *fallback);

/* The document is of modelled volumes (config.backend "model"): only
   they have provisioned limits and a list price; the volume figures of
   real targets or the null device are not theirs and are not shown. */
bool html_modelled(const cJSON *doc);
/* The instance's limits (config.instance.*) cap the volumes: not for
   instance store (config.volume.instance_store). */
bool html_instance_caps(const cJSON *doc);
/* The monthly list price of what `entry` (a document, or a sweep[]
   entry of doc) ran: the JSON's cost object, cost.total_usd_month
   (instance and volumes) when known, else cost.volumes_usd_month, with
   *what saying which ("instance + volumes", "volumes"); a JSON from
   before the cost object: disks x config.volume.price_usd_month of doc.
   False when nothing is priced (real devices, the null engine). */
bool html_month_cost(const cJSON *doc, const cJSON *entry, double *usd,
                     const char **what);

/* 8192 -> "8KiB", 1024000000000 -> "1024GB" (the largest unit that
   divides it, binary before decimal at each rank: an OCI volume's size
   reads as it was given, not "1000000000KiB"). */
void html_fmt_bytes(double bytes, char *buf, size_t len);
/* A figure for a reader: up to `decimals`, trailing zeros dropped. */
void html_fmt_num(double v, int decimals, char *buf, size_t len);
/* A time on a device-time axis: "1850 s", "2.35 s", "0.020 s". */
void html_fmt_seconds(double s, char *buf, size_t len);
/* "instance_mbps" -> "instance MB/s" (device.h's label); unknown ids as
   they are, NULL as "-". */
const char *html_limit_label(const char *id);

/* <td>: summary.<key> of doc (a document, or a sweep[] entry) with
   `decimals`, "-" when null; with data_key the cell carries
   data-key="<key>" (the header's summary, which tests read back). */
void html_summary_cell(struct html_out *o, const cJSON *doc, const char *key,
                       int decimals, bool data_key);

/* <td>: the label of the limit id summary.<key> of doc ("-": none). */
void html_limit_cell(struct html_out *o, const cJSON *doc, const char *key);

/* The line of readings.summary that starts with prefix ("Maximum Large
   MBPS", "Burst: ..." lines excluded unless asked), or NULL. */
const char *html_reading(const cJSON *doc, const char *prefix);
/* The burst remark of readings.summary for a class ("Burst: <n> MB/s" for
   large, " IOPS" for small), or NULL. */
const char *html_burst_reading(const cJSON *doc, bool large);

/* The document's label in the page: name, and in parentheses the
   instance, volume and redundancy. */
void html_doc_label(const cJSON *doc, const char *name, char *buf, size_t len);

/* <td>: the figure at key of x with `decimals`, "-" when it has none. */
void html_num_cell(struct html_out *o, const cJSON *x, const char *key, int decimals);
/* <td data-key="key">: the same, the key named so a test reads the
   cell back. */
void html_key_cell(struct html_out *o, const cJSON *x, const char *key, int decimals);
/* <td>: text, escaped. */
void html_text_cell(struct html_out *o, const char *text);
/* <tr><th>label</th><td data-key="key">text</td></tr>: a summary figure
   a test can find (key is a literal, not escaped). */
void html_key_row(struct html_out *o, const char *label, const char *key,
                  const char *text);
/* <td data-key="key">text</td>: a figure of a table a test can find (key
   is a literal, not escaped: build it of words and indexes, never of the
   document's names). */
void html_key_text_cell(struct html_out *o, const char *key, const char *text);
/* " (every 3rd <what> drawn)" when step > 1, else "": what a reading
   says of a series drawn in part. */
void html_sampled_note(int step, const char *what, char *buf, size_t len);

/* ---- html_chart.c --------------------------------------------------- */

#define HTML_PALETTE 7

/* A new Chart.js configuration of `type` ("line", "bar", "scatter") with
   the title, the legend, no animation (drawn at once, printable) and
   the x axis: title with its unit, `scale` "linear", "logarithmic" or
   "category".  NULL on allocation failure (o->oom set). */
cJSON *html_chart_new(struct html_out *o, const char *type, const char *title,
                      const char *x_title, const char *x_scale);
/* The x axis counts whole things (disks, outstanding I/Os): ticks on
   integers only. */
void html_chart_whole_x(struct html_out *o, cJSON *cfg);
/* A y axis: id "y" (left) or "y2" (right), title with unit, scale. */
void html_chart_axis(struct html_out *o, cJSON *cfg, const char *id,
                     const char *title, const char *scale);
/* The top of axis id (the data above it is clipped). */
void html_chart_axis_max(struct html_out *o, cJSON *cfg, const char *id, double max);
/* category labels of the x axis (bar charts) */
void html_chart_labels(struct html_out *o, cJSON *cfg, const char *const *labels,
                       int n);
/* A data set drawn in palette colour `colour` (0..HTML_PALETTE-1, with a
   dash pattern of its own so it reads in grey print too) against y axis
   y_axis; its data: html_chart_xy or html_chart_y. */
cJSON *html_chart_dataset(struct html_out *o, cJSON *cfg, const char *label,
                          int colour, const char *y_axis);
void html_chart_xy(struct html_out *o, cJSON *set, double x, double y);
/* No point marks, a thin line (series of many points); returns set. */
cJSON *html_chart_line_only(struct html_out *o, cJSON *set);
void html_chart_y(struct html_out *o, cJSON *set, double y, bool has);
/* A reference line (a limit): y from x0 to x1, dashed grey-black. */
void html_chart_ref(struct html_out *o, cJSON *cfg, const char *label,
                    double y, double x0, double x1, const char *y_axis,
                    int colour);
/* Marks on the time axis: a dashed vertical line at x with a label. */
void html_chart_event(struct html_out *o, cJSON *cfg, double x,
                      const char *label);
/* The chart in the page: <figure> with the title, the canvas and the
   reading line; cfg is taken (freed here). */
void html_figure(struct html_out *o, const char *title, cJSON *cfg,
                 const char *reading);

/* ---- html_heatmap.c ------------------------------------------------- */

/* The ORION matrix of one figure as a table coloured by value: rows the
   large loads, columns the small loads, of the points that have `key`
   (a dotted path in a point: "mbps", "small_lat_us.avg"). */
struct html_heat {
    const char *title;          /* "Large I/O throughput" */
    const char *key;
    const char *unit;           /* "MB/s" */
    int decimals;
    bool needs_small, needs_large;  /* only points with this class */
    bool low_is_good;           /* latency: the colour scale runs the
                                   other way */
};
void html_heatmap(struct html_out *o, const cJSON *points,
                  const struct html_heat *h, const char *reading);

/* One row of a header's "what" table (html_header.c): a label and a
   text, escaped. */
void html_what_row(struct html_out *o, const char *label, const char *text);
/* "2 s", "auto (at most 60 s)": config.duration_s as the header says it. */
void html_duration_text(const cJSON *doc, char *buf, size_t len);

/* ---- html_run.c ----------------------------------------------------- */

/* A latency distribution to draw and its label ("reads", a class). */
struct html_lat_set {
    const char *label;
    const cJSON *lat;           /* the latency object, or NULL */
};
/* The percentiles p50 .. p99.99 of each set (log axis), and a reading
   "At <where>: <label> p50 .. us, p99 .. us, p99.99 .. us; ...". */
void html_percentiles(struct html_out *o, const char *title, const char *where,
                      const struct html_lat_set *d, int n);

/* ---- html_classes.c: a database workload ---------------------------- */

/* The document is a database workload's (config.classes holds a class):
   its points hold each class's figures, and ORION's small and large
   figures beside them describe nothing. */
bool html_db(const cJSON *doc);
/* The header's rows of what ran (in the "what" table) and, after it,
   the disk groups and the classes as configured. */
void html_db_what_rows(struct html_out *o, const cJSON *doc);
void html_db_config(struct html_out *o, const cJSON *doc);
/* The summary: the table of each class at the document's point (a
   sweep's: its last disk count's) and the binding limit. */
void html_db_summary(struct html_out *o, const cJSON *doc);
/* The body of a run: each class's latency percentiles. */
void html_db_run(struct html_out *o, const cJSON *doc);
/* The body of a sweep: each class's p99 latency and IOPS against the
   disk count, and the table per disk count and class. */
void html_db_sweep(struct html_out *o, const cJSON *doc);
/* The offered rate and unmet share of an open-loop class (its "open"
   object: points[].classes[], failure.phases[].classes[]) as two cells,
   data-keys offered_iops and unmet_pct, or two dashes. */
void html_class_open_cells(struct html_out *o, const cJSON *c);

/* ---- html_fail.c: a disk failure (the JSON's "failure") -------------- */

/* Nothing when the document has no failure.  The run's: what failed, the
   restore, the phases' timeline and table, the space check.  A sweep's
   (over power): each run's restore in a chart and a table. */
void html_fail(struct html_out *o, const cJSON *doc);
void html_fail_sweep(struct html_out *o, const cJSON *doc);
/* Nothing without "add_disks"; else the disks added: the figures, the
   phases' timeline and table. */
void html_add(struct html_out *o, const cJSON *doc);
/* Shared with a forecast's failure (html_forecast_fail.c), whose object
   has the same keys: the outcome in the terminal's words ("restored",
   "data_lost", "no_room", "no_source"); the figure rows of the repair
   timer, the copies, the time to restore and the window without
   redundancy (inside a <table>); the space check (its <h3> and table;
   nothing without failure.space). */
const char *html_fail_outcome_text(const char *outcome);
void html_fail_restore_rows(struct html_out *o, const cJSON *f);
/* The copies' rows (power and rate, what bound them, the data moved) of
   object f, whose JSON path is key ("failure", "add_disks"). */
void html_fail_copy_rows(struct html_out *o, const cJSON *f, const char *key);
void html_fail_space(struct html_out *o, const cJSON *f);
/* ASM's REQUIRED_MIRROR_FREE_MB, FREE_MB and USABLE_FILE_MB rows of the
   space object s, their data keys under `key` ("failure", "add_disks"). */
void html_fail_asm_space_rows(struct html_out *o, const cJSON *s, const char *key);

/* ---- html_forecast_fail.c: a disk lost during a forecast -------------- */

/* Nothing when the forecast has no "failure" (nor "add_disks").  Its
   phase changes as event marks on a time chart (hours from day 1's
   start); the section: what failed when, the outcome, the figures, the
   phases' table, the space.  Disks added (forecast --add-disks, the
   JSON's "add_disks") likewise: their marks (html_fc_fail_marks draws
   both) and a section "Disks added" (html_fc_add). */
void html_fc_fail_marks(struct html_out *o, cJSON *cfg, const cJSON *doc);
void html_fc_fail(struct html_out *o, const cJSON *doc);
void html_fc_add(struct html_out *o, const cJSON *doc);

/* ---- html_hosts.c: several hosts at once (the JSON's "cluster") ------ */

/* Nothing when the document has no cluster.  The ranks and how together
   their windows opened; per point each host's row and the cluster's. */
void html_hosts(struct html_out *o, const cJSON *doc);

/* ---- the kinds ------------------------------------------------------ */

/* A sweep's axis (html_sweep_axis.c): whether it went over a parameter
   (config.sweep_over) rather than disk counts; the key's title ("disks"
   or the parameter); a line chart against the disk counts (x titled
   disks_title) or the values listed (categories); a run's point in a
   data set (has false: a gap); a run's key as text ("4", "1MiB"). */
bool html_sweep_over(const cJSON *doc);
const char *html_sweep_key_title(const cJSON *doc);
cJSON *html_sweep_chart_new(struct html_out *o, const cJSON *doc,
                            const char *title, const char *disks_title);
void html_sweep_point(struct html_out *o, const cJSON *doc, cJSON *set,
                      const cJSON *run, bool has, double y);
void html_sweep_key_text(const cJSON *doc, const cJSON *run, char *buf, size_t len);
/* What the last run of a sweep is, which its summary and detail are:
   "4 disks", or "size-large=1MiB". */
void html_sweep_last(const cJSON *doc, char *which, size_t len);

void html_header(struct html_out *o, const cJSON *doc, const char *name);
void html_run(struct html_out *o, const cJSON *doc);
void html_timeline(struct html_out *o, const cJSON *doc);
void html_sweep(struct html_out *o, const cJSON *doc);
void html_compare(struct html_out *o, const cJSON *const *docs,
                  const char *const *names, int n);
/* A forecast (kind "forecast"): its own header, the time charts, the
   phases, the verdict (html_forecast.c). */
void html_forecast(struct html_out *o, const cJSON *doc, const char *name);
/* An advice (kind "advice"): html_advice.c. */
void html_advice(struct html_out *o, const cJSON *doc, const char *name);
/* Shared with the database's advice (html_db_advice.c): whether the
   search counted licences (space.licence); the instance constraints as
   text ("x86_64; at least 16 vCPUs"; false: none recorded); the
   licences' row of the header. */
bool html_advice_licensed(const cJSON *doc);
bool html_advice_limits_text(const cJSON *doc, char *buf, size_t len);
void html_advice_licence_row(struct html_out *o, const cJSON *doc);
/* The header's rows of what was searched and how it was asked: clouds,
   instances, licences, asmsim and the command; the header's table and
   the header itself closed. */
void html_advice_space_rows(struct html_out *o, const cJSON *doc);
/* A database's advice (kind "database-advice"): html_db_advice.c. */
void html_db_advice(struct html_out *o, const cJSON *doc, const char *name);
/* Its cost against latency chart and its table of the cheapest of each
   family (html_advice_front.c). */
void html_advice_latency_chart(struct html_out *o, const cJSON *doc);
void html_advice_families(struct html_out *o, const cJSON *doc);

#endif
