/*
 * html_forecast.c - the report of `asmsim forecast` (JSON kind
 * "forecast", docs/fields.md "Forecast JSON").
 *
 *   header    the configuration, the schedule, the command; the verdict,
 *             days simulated and days to steady state, the monthly cost
 *             (the terminal's sentences: verdict.text, cost.text);
 *   charts    throughput (delivered and offered), latency (p99 per
 *             class, on a log axis in the terminal's unit for its highest
 *             value: us, ms or s) and every burst bucket's balance over
 *             forecast time, each with the events (events[]) marked on the time
 *             axis by the page's event plugin (dashed vertical lines:
 *             Debian's Chart.js has no annotation plugin);
 *   events    the events in words, as printed (events[].text);
 *   phases    every phase of every day: delivered, offered, unmet, p99
 *             (the terminal's units; "-" for a class the phase does not
 *             run), the limit that bound it, served or NOT served;
 *   failure   a disk lost (forecast --fail, the JSON's "failure"): its
 *             phase changes marked on every time chart beside the events,
 *             the copies' MB/s (timeline[].copy_mbps) a series of the
 *             throughput chart (every rebalancing row up to MAX_ROWS of
 *             them: a rebalance of a few rows must not fall between the
 *             rows drawn), and its section after the phases
 *             (html_forecast_fail.c).
 *
 * The time axis is in hours from day 1's start (a forecast spans days).
 * Beyond MAX_ROWS timeline rows every k-th is drawn (the reading says
 * so); the JSON and the CSV keep them all.  The rows are walked in
 * order, never indexed: a cJSON array is a list, and taking every k-th
 * by index made the page quadratic (14 days at 10 s, 120,960 rows: 25 s
 * of the 26 s `asmsim report` took; walked, 2 s).  A long walk looks
 * at the stop flag (html_stopped) every STOP_POLL_ROWS rows, so Ctrl-C
 * ends the page within moments.  The summary cells carry
 * data-key (verdict, days, steady_after_days, cost_usd_month) for the
 * browser test.
 */
#include <math.h>
#include <string.h>

#include "sim/report/html_page.h"
#include "sim/report/report.h"

#define MAX_ROWS 2000
#define STOP_POLL_ROWS 4096         /* rows between looks at the stop flag */
#define MAX_EVENT_MARKS 200         /* beyond this the axis is a smear */
#define S_PER_H 3600.0

static int row_step(const cJSON *timeline)
{
    int n = cJSON_GetArraySize(timeline);
    int step = (n + MAX_ROWS - 1) / MAX_ROWS;
    return step < 1 ? 1 : step;
}

/* The events on a chart's time axis: "empty DATA_0002", "unmet". */
static void event_marks(struct html_out *o, cJSON *cfg, const cJSON *doc)
{
    const cJSON *e;
    int n = 0;

    cJSON_ArrayForEach(e, html_get(doc, "events")) {
        double at, b;
        char label[96];
        const char *kind = html_str_or(e, "kind", "event");
        const char *bucket = NULL;
        if (!html_num(e, "at_s", &at) || n++ >= MAX_EVENT_MARKS)
            continue;
        if (html_num(e, "bucket", &b))
            bucket = html_str(cJSON_GetArrayItem(html_get(doc, "buckets"), (int)b), "name");
        snprintf(label, sizeof label, "%s%s%s", kind, bucket ? " " : "",
                 bucket ? bucket : "");
        html_chart_event(o, cfg, at / S_PER_H, label);
    }
}

static cJSON *time_chart(struct html_out *o, const cJSON *doc, const char *title,
                         const char *y_title, const char *scale)
{
    cJSON *cfg = html_chart_new(o, "line", title, "forecast time (h from day 1's start)",
                                "linear");
    html_chart_axis(o, cfg, "y", y_title, scale);
    event_marks(o, cfg, doc);
    html_fc_fail_marks(o, cfg, doc);
    return cfg;
}

/* One series: the figure at path in every step-th timeline row, divided
   by per (a unit: 1e3 for us drawn in ms); the data set is made only
   when a row has the figure. */
static void series(struct html_out *o, cJSON *cfg, const cJSON *doc,
                   const char *label, const char *path, int colour, const char *axis,
                   double per)
{
    const cJSON *tl = html_get(doc, "timeline"), *r;
    int i = 0, step = row_step(tl);
    cJSON *set = NULL;

    cJSON_ArrayForEach(r, tl) {
        double t, v;
        if (i % STOP_POLL_ROWS == 0 && html_stopped(o))
            return;
        if (i++ % step != 0 || !html_num(r, "start_s", &t) || !html_num(r, path, &v))
            continue;
        if (set == NULL)
            set = html_chart_line_only(o, html_chart_dataset(o, cfg, label, colour, axis));
        html_chart_xy(o, set, t / S_PER_H, v / per);
    }
}

/* The largest figure at path over all rows (not only those drawn). */
static bool row_max(const cJSON *doc, const char *path, double *hi)
{
    const cJSON *r;
    bool any = false;
    double v;

    *hi = -INFINITY;
    cJSON_ArrayForEach(r, html_get(doc, "timeline"))
        if (html_num(r, path, &v)) {
            any = true;
            *hi = fmax(*hi, v);
        }
    return any;
}

/* One class on the throughput chart: delivered, and offered where the
   schedule offers a rate (open loop). */
struct class_lines {
    const char *delivered_label, *delivered_key;
    const char *offered_label, *offered_key;
    const char *unit;               /* in the reading */
    int decimals, colour;
    const char *axis;
};

static const struct class_lines small_class = {
    "small IOPS delivered", "small_iops", "small IOPS offered",
    "offered_small_iops", "small IOPS", 0, 0, "y",
};
static const struct class_lines large_class = {
    "large MB/s delivered (right axis)", "large_mbps",
    "large MB/s offered (right axis)", "offered_large_mbps", "large MB/s", 2, 1, "y2",
};

/* The class's lines when it delivered anything (a class the schedule
   does not drive is 0 all along: not drawn), and its part of the
   reading in part. */
static void class_series(struct html_out *o, cJSON *cfg, const cJSON *doc,
                         const struct class_lines *c, char *part, size_t len)
{
    double hi, offered;

    if (!row_max(doc, c->delivered_key, &hi) || hi <= 0)
        return;
    series(o, cfg, doc, c->delivered_label, c->delivered_key, c->colour, c->axis, 1);
    if (row_max(doc, c->offered_key, &offered) && offered > 0)
        series(o, cfg, doc, c->offered_label, c->offered_key, c->colour + 4, c->axis, 1);
    snprintf(part, len, "; %s up to %.*f", c->unit, c->decimals, hi);
}

/* The copies' MB/s (a disk lost): every row that has them, or every
   k-th past MAX_ROWS of them; its part of the reading in part. */
static void copy_series(struct html_out *o, cJSON *cfg, const cJSON *doc,
                        char *part, size_t len)
{
    const cJSON *r;
    double hi, t, v;
    int n = 0, i = 0;

    if (!row_max(doc, "copy_mbps", &hi))
        return;
    cJSON_ArrayForEach(r, html_get(doc, "timeline"))
        n += html_num(r, "copy_mbps", &v);
    int step = (n + MAX_ROWS - 1) / MAX_ROWS;
    cJSON *set = html_chart_line_only(o, html_chart_dataset(o, cfg, "copies MB/s "
                                      "(right axis)", 2, "y2"));
    cJSON_ArrayForEach(r, html_get(doc, "timeline"))
        if (html_num(r, "copy_mbps", &v) && i++ % step == 0 && html_num(r, "start_s", &t))
            html_chart_xy(o, set, t / S_PER_H, v);
    snprintf(part, len, "; the copies up to %.2f MB/s", hi);
}

static void throughput(struct html_out *o, const cJSON *doc)
{
    const char *title = "Throughput over time";
    cJSON *cfg = time_chart(o, doc, title, "small IOPS", "linear");
    char reading[640], note[48], part[3][128] = {"", "", ""};
    double days = 0;

    html_num(doc, "days", &days);
    html_chart_axis(o, cfg, "y2", "large MB/s (10^6 B/s)", "linear");
    class_series(o, cfg, doc, &small_class, part[0], sizeof part[0]);
    class_series(o, cfg, doc, &large_class, part[1], sizeof part[1]);
    copy_series(o, cfg, doc, part[2], sizeof part[2]);
    html_sampled_note(row_step(html_get(doc, "timeline")), "row", note, sizeof note);
    snprintf(reading, sizeof reading, "%d rows over %.0f day(s)%s%s%s%s; %d event(s) "
             "marked on the time axis.", cJSON_GetArraySize(html_get(doc, "timeline")),
             days, note, part[0], part[1], part[2],
             cJSON_GetArraySize(html_get(doc, "events")));
    html_figure(o, title, cfg, reading);
}

/* The latency axis's unit: the terminal's (report_fmt_latency) for the
   highest p99 drawn, so that a forecast whose queue waits 1,671 s is
   drawn in s, not up to 1e9 us, and one of 600 us in us. */
static const char *latency_unit(double hi_us, double *per)
{
    *per = hi_us >= 1e6 ? 1e6 : hi_us >= 1e4 ? 1e3 : 1;
    return *per == 1e6 ? "s" : *per == 1e3 ? "ms" : "us";
}

static void latency(struct html_out *o, const cJSON *doc)
{
    const char *title = "Latency over time";
    char reading[256], part[2][96] = {"", ""}, y_title[64], lat[32];
    double hi[2] = { 0, 0 }, per;
    bool has[2] = { row_max(doc, "small_lat_us.p99", &hi[0]),
                    row_max(doc, "large_lat_us.p99", &hi[1]) };
    const char *unit = latency_unit(fmax(has[0] ? hi[0] : 0, has[1] ? hi[1] : 0), &per);

    snprintf(y_title, sizeof y_title, "p99 latency (%s, log scale)", unit);
    cJSON *cfg = time_chart(o, doc, title, y_title, "logarithmic");
    series(o, cfg, doc, "small p99", "small_lat_us.p99", 0, "y", per);
    series(o, cfg, doc, "large p99", "large_lat_us.p99", 1, "y", per);
    if (has[0]) {
        report_fmt_latency(hi[0], lat, sizeof lat);
        snprintf(part[0], sizeof part[0], "small %s", lat);
    }
    if (has[1]) {
        report_fmt_latency(hi[1], lat, sizeof lat);
        snprintf(part[1], sizeof part[1], "%slarge %s", part[0][0] ? ", " : "", lat);
    }
    if (part[0][0] || part[1][0])
        snprintf(reading, sizeof reading, "The highest p99 in a row: %s%s.",
                 part[0], part[1]);
    else
        snprintf(reading, sizeof reading, "No row completed an I/O.");
    html_figure(o, title, cfg, reading);
}

/* The first event of a kind in words, as printed; NULL when none. */
static const char *first_event_text(const cJSON *doc, const char *kind)
{
    const cJSON *e;

    cJSON_ArrayForEach(e, html_get(doc, "events")) {
        const char *k = html_str(e, "kind");
        if (k && strcmp(k, kind) == 0)
            return html_str(e, "text");
    }
    return NULL;
}

static void balances(struct html_out *o, const cJSON *doc)
{
    const char *title = "Burst credit balances over time";
    const cJSON *buckets = html_get(doc, "buckets"), *tl = html_get(doc, "timeline"), *r;
    int nb = cJSON_GetArraySize(buckets), step = row_step(tl);
    const char *empty = first_event_text(doc, "burst_empty");
    char label[160];

    if (nb == 0)
        return;
    cJSON *cfg = time_chart(o, doc, title, "balance (% of full)", "linear");
    for (int k = 0; k < nb; k++) {
        const cJSON *b = cJSON_GetArrayItem(buckets, k);
        snprintf(label, sizeof label, "%s %s", html_str_or(b, "name", "?"),
                 html_limit_label(html_str(b, "limit")));
        cJSON *set = html_chart_line_only(o, html_chart_dataset(o, cfg, label, k, "y"));
        int i = 0;
        cJSON_ArrayForEach(r, tl) {
            double t;
            if (i % STOP_POLL_ROWS == 0 && html_stopped(o))
                return;
            if (i++ % step != 0)
                continue;
            const cJSON *pct = cJSON_GetArrayItem(html_get(r, "bucket_pct"), k);
            if (html_num(r, "start_s", &t) && cJSON_IsNumber(pct))
                html_chart_xy(o, set, t / S_PER_H, pct->valuedouble);
        }
    }
    html_figure(o, title, cfg, empty ? empty : "No bucket ran dry over the forecast.");
}

static void header(struct html_out *o, const cJSON *doc, const char *name)
{
    char text[256];
    double disks = 0, days = 0, steady = 0, cost;

    fputs("<header>\n<h1>", o->f);
    html_textf(o, "asmsim forecast report: %s", name ? name : "forecast");
    fputs("</h1>\n<table class=\"what\"><tbody>\n", o->f);
    html_what_row(o, "instance", html_str_or(doc, "config.instance", "none"));
    html_what_row(o, "volume", html_str_or(doc, "config.volume", "?"));
    html_num(doc, "config.disks", &disks);
    snprintf(text, sizeof text, "%.0f", disks);
    html_what_row(o, "disks", text);
    html_what_row(o, "schedule", html_str_or(doc, "schedule.source", "?"));
    html_what_row(o, "simulation", cJSON_IsTrue(html_get(doc, "config.exact"))
                  ? "every I/O simulated (--exact)" : "the fast hybrid");
    html_what_row(o, "started", html_str_or(doc, "started", "?"));
    html_what_row(o, "asmsim", html_str_or(doc, "version", "?"));
    fputs("<tr><th>command</th><td><code>", o->f);
    html_text(o->f, html_str(doc, "command_line"));
    fputs("</code></td></tr>\n</tbody></table>\n</header>\n", o->f);

    fputs("<section id=\"summary\"><h2>Summary</h2>\n<table class=\"summary\"><tbody>\n", o->f);
    html_key_row(o, "verdict", "verdict", html_str_or(doc, "verdict.text", "-"));
    html_num(doc, "days", &days);
    snprintf(text, sizeof text, "%.0f", days);
    html_key_row(o, "days simulated", "days", text);
    if (html_num(doc, "steady_after_days", &steady))
        snprintf(text, sizeof text, "%.0f", steady);
    else
        snprintf(text, sizeof text, "not steady");
    html_key_row(o, "days to steady state", "steady_after_days", text);
    if (html_num(doc, "cost.total_usd_month", &cost))
        snprintf(text, sizeof text, "%.2f", cost);
    else
        snprintf(text, sizeof text, "not priced");
    html_key_row(o, "monthly cost (USD)", "cost_usd_month", text);
    fputs("</tbody></table>\n", o->f);
    if (html_str(doc, "cost.text"))
        html_elem(o, "p", "summary-line", html_str(doc, "cost.text"));
    if (cJSON_IsTrue(html_get(doc, "incomplete")))
        html_elem(o, "p", "warning", "Incomplete: the forecast was interrupted; "
                  "the figures are those of the time simulated.");
    fputs("</section>\n", o->f);
}

static void events_list(struct html_out *o, const cJSON *doc)
{
    const cJSON *e;

    fputs("<section id=\"events\"><h2>Events</h2>\n", o->f);
    if (cJSON_GetArraySize(html_get(doc, "events")) == 0)
        html_elem(o, "p", "note", "No event: no bucket ran dry and all demand was served.");
    fputs("<ul>\n", o->f);
    cJSON_ArrayForEach(e, html_get(doc, "events"))
        html_elem(o, "li", NULL, html_str_or(e, "text", "?"));
    fputs("</ul>\n</section>\n", o->f);
}

/* A phase's last cell, and whether demand went unmet in it.  A phase an
   interrupt cut (incomplete) is judged so far: "served" null when
   nothing went unmet yet, false when it did. */
static const char *phase_verdict(const cJSON *p, bool *unmet)
{
    bool cut = cJSON_IsTrue(html_get(p, "incomplete"));
    *unmet = cJSON_IsFalse(html_get(p, "served"));
    if (*unmet)
        return cut ? "<b>NOT served</b> so far (interrupted)" : "<b>NOT served</b>";
    return cut ? "interrupted" : "served";
}

/* <td>: the latency at key of x in the terminal's units ("627 us",
   "1671 s"), "-" when the phase has none (null; 0 in a schema 1 file,
   which wrote 0 for a class the phase does not run). */
static void latency_cell(struct html_out *o, const cJSON *x, const char *key)
{
    char buf[32];
    double us = 0;

    html_num(x, key, &us);
    html_text_cell(o, report_fmt_latency_whole(us, buf, sizeof buf));
}

static void phases_table(struct html_out *o, const cJSON *doc)
{
    const cJSON *p;

    fputs("<section id=\"phases\"><h2>Phases</h2>\n<div class=\"wide\"><table "
          "class=\"phases\"><thead><tr><th>day</th><th>phase</th><th>start (h)</th>"
          "<th>small IOPS</th><th>offered</th><th>unmet %</th><th>large MB/s</th>"
          "<th>offered</th><th>unmet %</th><th>small p99</th>"
          "<th>large p99</th><th>limited by</th><th>served</th></tr></thead><tbody>\n", o->f);
    cJSON_ArrayForEach(p, html_get(doc, "phases")) {
        double day = 0, start = 0;
        bool unmet;
        const char *verdict = phase_verdict(p, &unmet);
        html_num(p, "day", &day);
        html_num(p, "start_s", &start);
        fprintf(o->f, "<tr%s><td>%.0f</td><td>", unmet ? " class=\"unserved\"" : "", day);
        html_text(o->f, html_str_or(p, "phase", "?"));
        fprintf(o->f, "</td><td>%.2f</td>", start / S_PER_H);
        html_num_cell(o, p, "small_iops", 0);
        html_num_cell(o, p, "offered_small_iops", 0);
        html_num_cell(o, p, "unmet_small_pct", 1);
        html_num_cell(o, p, "large_mbps", 2);
        html_num_cell(o, p, "offered_large_mbps", 2);
        html_num_cell(o, p, "unmet_large_pct", 1);
        latency_cell(o, p, "small_p99_us");
        latency_cell(o, p, "large_p99_us");
        html_text_cell(o, html_limit_label(html_str(p, "limited_by")));
        fprintf(o->f, "<td>%s</td></tr>\n", verdict);
    }
    fputs("</tbody></table></div>\n</section>\n", o->f);
}

void html_forecast(struct html_out *o, const cJSON *doc, const char *name)
{
    header(o, doc, name);
    if (cJSON_GetArraySize(html_get(doc, "timeline")) > 0) {
        fputs("<section id=\"timeline\"><h2>Over time</h2>\n", o->f);
        throughput(o, doc);
        if (!html_stopped(o))
            latency(o, doc);
        if (!html_stopped(o))
            balances(o, doc);
        fputs("</section>\n", o->f);
    }
    events_list(o, doc);
    phases_table(o, doc);
    html_fc_fail(o, doc);
    html_fc_add(o, doc);
}
