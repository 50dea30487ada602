/*
 * html_page.c - the HTML report's page: one file that opens offline and
 * asks nothing of the network.
 *
 *   <head>     charset, a Content-Security-Policy that allows no fetch of
 *              any kind (default-src 'none'; only the page's own inline
 *              script and style), the style sheet (system fonts, no web
 *              fonts; @media print keeps charts and tables whole);
 *   <body>     the kind's body (the kinds table below), then the charts'
 *              configurations as JSON in <script type="application/json">
 *              (escaped by html_script_json), Chart.js itself (embedded at
 *              build time, html_chartjs.cmake) and the page's script;
 *   <footer>   Chart.js's copyright and licence notice (MIT, as its
 *              licence asks of a copy), and what made the page.
 *
 * The page's script creates one Chart per configuration, registers a
 * small plugin that draws the events on time axes, and when every chart
 * has rendered and a frame with them has been painted (two animation
 * frames later: a render draws into the canvas, the frame after the next
 * shows it) sets document.body.dataset.chartsRendered to their count
 * (data-charts-rendered on <body>): the marker a test or a PDF printer
 * waits for, instead of a time that a loaded machine overruns.  It has no comment of the form that starts with two slashes,
 * so the page holds no "//" at all (a URL without its scheme would).
 *
 * Kinds.  A document's kind picks the page: a forecast or an advice
 * ("kind" says so), a sweep (it has "sweep"), else a run (config and
 * points; also what orion writes).  Several documents make the compare
 * (html_compare.c), of runs and sweeps only: a forecast or an advice in
 * it is refused with a line that says so.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "layouts/why.h"
#include "sim/report/html.h"
#include "sim/report/html_chartjs.h"
#include "sim/report/html_page.h"
#include "sim/report/report.h"

static const char style[] =
    ":root{--fg:#1a1a1a;--muted:#555;--rule:#d0d0d0}\n"
    "body{font-family:system-ui,sans-serif;color:var(--fg);margin:0 auto;"
    "max-width:1100px;padding:1em 1.5em;line-height:1.4}\n"
    "h1{font-size:1.5em;margin:.2em 0 .6em}h2{font-size:1.25em;border-bottom:"
    "2px solid var(--rule);padding-bottom:.2em;margin-top:1.6em}"
    "h3{font-size:1.05em;margin:.4em 0}\n"
    "table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid "
    "var(--rule);padding:.25em .5em;text-align:left;vertical-align:top}\n"
    "table.what th{width:8em;background:#f4f4f4}code{font-size:.95em;"
    "word-break:break-all}\n"
    "table.heat td,table.heat th{text-align:right;min-width:3.5em;"
    "font-variant-numeric:tabular-nums}table.heat td.none{background:#e6e6e6}\n"
    "table.summary td,table.sweep td,table.compare td{font-variant-numeric:"
    "tabular-nums}\n"
    "figure{margin:1em 0 1.5em;break-inside:avoid;page-break-inside:avoid}\n"
    ".plot{position:relative;height:340px;width:100%}.wide{overflow-x:auto}\n"
    "p.reading{font-style:italic;margin:.4em 0;border-left:3px solid #0072B2;"
    "padding-left:.6em}p.scale,p.note,footer{color:var(--muted);font-size:.9em}\n"
    "p.summary-line{font-family:ui-monospace,monospace;margin:.1em 0}\n"
    "p.warning{color:#D55E00;font-weight:bold}\n"
    "footer{margin-top:3em;border-top:1px solid var(--rule)}footer pre{"
    "white-space:pre-wrap;font-size:.85em}\n"
    "*{-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
    "@media print{body{max-width:none;padding:0;font-size:10pt}.plot{height:"
    "260px}h2{break-after:avoid}table{break-inside:avoid}.wide{overflow:"
    "visible}table.heat{font-size:8pt}}\n";

/* No "//" anywhere in here: see the file's comment. */
static const char script[] =
    "(function () {\n"
    "  'use strict';\n"
    "  var specs = JSON.parse(document.getElementById('asmsim-charts').textContent);\n"
    "  var rendered = {};\n"
    "  var events = {\n"
    "    id: 'asmsimEvents',\n"
    "    afterDatasetsDraw: function (chart, args, opts) {\n"
    "      var list = (opts && opts.events) || [], x = chart.scales.x, a = chart.chartArea;\n"
    "      if (!x || !list.length) { return; }\n"
    "      var ctx = chart.ctx;\n"
    "      ctx.save();\n"
    "      ctx.strokeStyle = '#444'; ctx.fillStyle = '#222'; ctx.lineWidth = 1;\n"
    "      ctx.font = '10px sans-serif'; ctx.setLineDash([3, 3]);\n"
    "      var labelled = -1e9;\n"
    "      list.forEach(function (e) {\n"
    "        var px = x.getPixelForValue(e.x);\n"
    "        if (px < a.left - 0.5 || px > a.right + 0.5) { return; }\n"
    "        ctx.beginPath(); ctx.moveTo(px, a.top); ctx.lineTo(px, a.bottom); ctx.stroke();\n"
    "        if (px - labelled < 14) { return; }\n"
    "        labelled = px;\n"
    "        ctx.save(); ctx.translate(px + 3, a.top + 3); ctx.rotate(Math.PI / 2);\n"
    "        ctx.fillText(e.label, 0, 0); ctx.restore();\n"
    "      });\n"
    "      ctx.restore();\n"
    "    }\n"
    "  };\n"
    "  var done = {\n"
    "    id: 'asmsimRendered',\n"
    "    afterRender: function (chart) {\n"
    "      rendered[chart.canvas.id] = true;\n"
    "      if (Object.keys(rendered).length === specs.length) {\n"
    "        requestAnimationFrame(function () { requestAnimationFrame(function () {\n"
    "          document.body.dataset.chartsRendered = String(specs.length);\n"
    "        }); });\n"
    "      }\n"
    "    }\n"
    "  };\n"
    "  Chart.register(events, done);\n"
    "  Chart.defaults.font.family = 'system-ui, sans-serif';\n"
    "  var charts = specs.map(function (s) {\n"
    "    return new Chart(document.getElementById(s.canvas), s.config);\n"
    "  });\n"
    "  if (specs.length === 0) { document.body.dataset.chartsRendered = '0'; }\n"
    "  window.addEventListener('beforeprint', function () {\n"
    "    charts.forEach(function (c) { c.resize(); });\n"
    "  });\n"
    "})();\n";

/* The MIT licence's permission notice, which Chart.js's licence asks to
   be included with every copy (the copyright lines come from the
   library's own header, html_chartjs_notice). */
static const char mit_notice[] =
    "Permission is hereby granted, free of charge, to any person obtaining a "
    "copy of this software and associated documentation files (the "
    "\"Software\"), to deal in the Software without restriction, including "
    "without limitation the rights to use, copy, modify, merge, publish, "
    "distribute, sublicense, and/or sell copies of the Software, and to permit "
    "persons to whom the Software is furnished to do so, subject to the "
    "following conditions:\n\nThe above copyright notice and this permission "
    "notice shall be included in all copies or substantial portions of the "
    "Software.\n\nTHE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY "
    "KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF "
    "MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN "
    "NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, "
    "DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR "
    "OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE "
    "USE OR OTHER DEALINGS IN THE SOFTWARE.";

/* ---- the kinds ------------------------------------------------------ */

static bool is_sweep(const cJSON *doc)
{
    return cJSON_IsArray(html_get(doc, "sweep"));
}

static bool is_run(const cJSON *doc)
{
    return cJSON_IsObject(html_get(doc, "config")) &&
           cJSON_IsArray(html_get(doc, "points"));
}

static bool is_kind(const cJSON *doc, const char *kind)
{
    const char *k = html_str(doc, "kind");
    return k != NULL && strcmp(k, kind) == 0;
}

static bool is_forecast(const cJSON *doc)
{
    return is_kind(doc, "forecast");
}

static bool is_advice(const cJSON *doc)
{
    return is_kind(doc, "advice");
}

static bool is_db_advice(const cJSON *doc)
{
    return is_kind(doc, "database-advice");
}

/* A run's body: ORION's matrix, latency and timelines, or a database
   workload's classes. */
static void run_body(struct html_out *o, const cJSON *doc)
{
    if (html_db(doc)) {
        html_db_run(o, doc);
        html_hosts(o, doc);
        html_fail(o, doc);
        html_add(o, doc);
        return;
    }
    html_run(o, doc);
    html_hosts(o, doc);
    html_timeline(o, doc);
}

static void sweep_page(struct html_out *o, const cJSON *doc, const char *name)
{
    char which[128];

    html_header(o, doc, name);
    if (html_db(doc)) {
        html_db_sweep(o, doc);
        html_fail_sweep(o, doc);
    } else
        html_sweep(o, doc);
    html_sweep_last(doc, which, sizeof which);
    fputs("<h2 class=\"part\">", o->f);
    html_textf(o, "The last %s in detail: %s",
               html_sweep_over(doc) ? "run" : "disk count", which);
    fputs("</h2>\n", o->f);
    run_body(o, doc);
}

static void run_page(struct html_out *o, const cJSON *doc, const char *name)
{
    html_header(o, doc, name);
    run_body(o, doc);
}

/* A kind: how it is recognised, its page, whether a compare overlays it
   (the compare puts runs and sweeps on the same axes; a forecast or an
   advice has no such axes). */
static const struct html_kind {
    const char *name;
    bool (*is)(const cJSON *doc);
    void (*page)(struct html_out *o, const cJSON *doc, const char *name);
    bool compares;
} kinds[] = {
    { "forecast", is_forecast, html_forecast, false },
    { "advice", is_advice, html_advice, false },
    { "database-advice", is_db_advice, html_db_advice, false },
    { "sweep", is_sweep, sweep_page, true },
    { "run", is_run, run_page, true },
};

static const struct html_kind *kind_of(const cJSON *doc)
{
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (kinds[i].is(doc))
            return &kinds[i];
    return NULL;
}

/* ---- the page ------------------------------------------------------- */

static void page_head(struct html_out *o, const char *title)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
          "'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<meta name=\"generator\" content=\"asmsim\">\n<title>", o->f);
    html_text(o->f, title);
    fprintf(o->f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", style);
}

static void page_foot(struct html_out *o)
{
    char *charts = cJSON_PrintUnformatted(o->charts);

    fputs("<footer>\n<p>Made by asmsim from the results JSON. Charts drawn by "
          "Chart.js, embedded in this page under the MIT License:</p>\n<pre>", o->f);
    html_text(o->f, html_chartjs_notice);
    fputc('\n', o->f);
    html_text(o->f, mit_notice);
    fputs("</pre>\n</footer>\n<script type=\"application/json\" id=\"asmsim-charts\">", o->f);
    if (charts == NULL)
        o->oom = true;
    else
        html_script_json(o->f, charts);
    free(charts);
    fputs("</script>\n<script>\n", o->f);
    fwrite(html_chartjs_src, 1, html_chartjs_src_len, o->f);
    fprintf(o->f, "\n</script>\n<script>\n%s</script>\n</body>\n</html>\n", script);
}

/* ---- the fields' types ------------------------------------------------

   The page reads each field it shows where it expects it and leaves out
   what is missing or null, so a field of the wrong type would go missing
   from one part of the page and not from another (a summary line kept in
   readings.summary beside a table that reads summary.max_large_mbps).
   Such a document is refused, naming the field and what it should hold.
   What a field holds goes by its name, as docs/fields.md has it:

     figure        a name with a unit (mbps, iops, _us, _s, _bytes, _pct,
                   _frac, _usd_month, ...), the loads and disk counts
                   (small, large, disks) and the other figures by name
                   (avg, p99, failgroups, ...): a number or null, never an
                   object or array, so that {} or [] where a figure
                   belongs is refused;
     count         64-bit counts (seed, errors, _bytes): a number, or above
                   2^53 its digits in a string (report_json.c, add_u64);
     its composites, by name, each of figures:
                   small_..._lat_us / large_..._lat_us  a latency
                     distribution: an object of figures (hist_pow2 an
                     array of them), or null;
                   a point's (or interval's) disks  an array of objects
                     (one per disk);
                   summary.levels.small / .large  an object, or null;
                   headroom_frac, usd_month  a figure, or an object of
                     them, not empty (advice: one per target, or per part
                     of the bill, with the text "covers" saying what it
                     prices);
                   sweep_disks  an array of figures;
                   out_of_reach.<target>  an object or null (advice: the
                     closest candidate, whose mbps is a target's name);
                   day  a number (forecast: the day of an event or phase)
                     or an object (advice: the steady day of a schedule);
                   day_start_pct, bucket_pct  arrays of figures (forecast);
     limit         a limited_by: a limit's name or null;
     duration      duration_s: a figure or "auto";
     text          the names asmsim writes only strings to (name, type,
                   spec, command, testname, ...): a string or null;
     switch        the names it writes only true or false to (incomplete,
                   converged, ...): true, false or null (a phase an
                   interrupt cut is neither served nor not);
     structure     readings.summary an array of lines; points and sweep
                   arrays of objects; config and summary objects. */

enum want { WANT_ANY, WANT_FIGURE, WANT_NAME, WANT_LINES, WANT_LINE,
            WANT_OBJECTS, WANT_OBJECT, WANT_DURATION, WANT_DIST,
            WANT_FIGURES, WANT_FIGURE_SET, WANT_OBJECT_OR_NULL, WANT_TEXT,
            WANT_SWITCH, WANT_COUNT, WANT_FIGURE_OR_OBJECT };

static const char *const want_words[] = {
    "", "a number or null", "a limit's name or null", "an array of lines",
    "a line of text", "an array of objects", "an object",
    "a number of seconds, \"auto\" or null",
    "a latency distribution (an object of numbers) or null",
    "an array of numbers", "a number, null or an object of numbers",
    "an object or null",
    "a string or null", "true, false or null",
    "a whole number (or its digits in a string) or null",
    "a number, null or an object",
};

static bool ends_with(const char *s, const char *end)
{
    size_t n = strlen(s), m = strlen(end);
    return n >= m && strcmp(s + n - m, end) == 0;
}

static bool starts_with(const char *s, const char *start)
{
    return strncmp(s, start, strlen(start)) == 0;
}

static bool among(const char *key, const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(key, names[i]) == 0)
            return true;
    return false;
}

#define AMONG(key, names) among(key, names, sizeof names / sizeof names[0])

/* The last step of path names an element of a points or timeline array
   ("sweep[1].points[0]", "points[2].timeline[5]"): a measured point or
   interval, whose disks are its per-disk figures. */
static bool in_point(const char *path)
{
    const char *last = strrchr(path, '.');
    last = last ? last + 1 : path;
    return (starts_with(last, "points[") || starts_with(last, "timeline[")) &&
           ends_with(last, "]");
}

/* What a member of a composite of figures (path names it) holds, or
   WANT_ANY when path is no such composite. */
static enum want want_in_composite(const char *path, const char *key)
{
    const char *last = strrchr(path, '.');
    last = last ? last + 1 : path;
    if (ends_with(last, "_lat_us") || strcmp(last, "lat_us") == 0) /* a latency distribution */
        return strcmp(key, "hist_pow2") == 0 ? WANT_FIGURES : WANT_FIGURE;
    if (strcmp(last, "usd_month") == 0 && strcmp(key, "covers") == 0)
        return WANT_TEXT;               /* "configuration" or "instance" */
    if (strcmp(last, "headroom_frac") == 0 || strcmp(last, "usd_month") == 0)
        return WANT_FIGURE;
    return WANT_ANY;
}

/* The composites of figures, by name (see above); WANT_ANY for others. */
static enum want want_composite(const char *path, const char *key)
{
    if (((starts_with(key, "small_") || starts_with(key, "large_")) &&
         ends_with(key, "_lat_us")) || strcmp(key, "lat_us") == 0 ||
        strcmp(key, "read_lat_us") == 0 || strcmp(key, "write_lat_us") == 0)
        return WANT_DIST;
    if (strcmp(key, "classes") == 0 || strcmp(key, "groups") == 0 ||
        strcmp(key, "sizes") == 0)      /* a database workload's */
        return WANT_OBJECTS;
    if (strcmp(key, "disks") == 0 && in_point(path))
        return WANT_OBJECTS;
    if (ends_with(path, "levels") && (strcmp(key, "small") == 0 ||
                                      strcmp(key, "large") == 0))
        return WANT_OBJECT_OR_NULL;
    if (strcmp(key, "headroom_frac") == 0 || strcmp(key, "usd_month") == 0)
        return WANT_FIGURE_SET;
    if (strcmp(key, "sweep_disks") == 0)
        return WANT_FIGURES;
    if (strcmp(key, "day") == 0)    /* forecast: a day's number; advice: the day */
        return starts_with(path, "timeline") || starts_with(path, "events") ||
               starts_with(path, "phases") || starts_with(path, "verdict")
               ? WANT_FIGURE : WANT_FIGURE_OR_OBJECT;
    if (ends_with(path, "out_of_reach"))    /* advice: one per target */
        return WANT_OBJECT_OR_NULL;
    if (strcmp(key, "day_start_pct") == 0 || strcmp(key, "bucket_pct") == 0)
        return WANT_FIGURES;
    return WANT_ANY;
}

/* What the member key of an object at path holds. */
static enum want want_of(const char *path, const char *key)
{
    static const char *const units[] = { "mbps", "mibps", "iops", "_us",
        "_s", "_bytes", "_pct", "_frac", "_usd_month", "_gb" };
    /* the loads, disk counts and the other figures without a unit in
       their names */
    static const char *const counts[] = { "small", "large", "disks", "disk",
        "avg", "min", "max", "stddev", "p50", "p90", "p99", "p999", "p9999",
        "at_burst", "base_rate", "burst_rate", "ci_halfwidth", "ci_target",
        "cores", "days", "failgroups", "hours_per_month", "iops_burst",
        "jobs", "last", "max_outstanding", "num_large", "num_small",
        "orion_max", "schema", "stream_io", "total", "wall_seconds",
        "windows", "small_delayed", "large_delayed", "bucket",
        "size", "burst_credits", "sweep_disks", "bound_passed", "enumerated",
        "lat_set_aside", "shards", "missed_got", "missed_need", "top",
        "steady_after_days", "cache_hits", "small_arrivals", "large_arrivals",
        "user_us_per_io", "sys_us_per_io", "worst_phase", "max_disks",
        "min_disks", "day_seconds", "load", "outstanding", "streams",
        "hot_share", "zipf_theta" };
    /* 64-bit counts: above 2^53 a string of digits (report_json.c) */
    static const char *const wholes[] = { "seed", "errors", "small_errors",
        "large_errors", "backlog_end", "ios", "delayed", "bytes", "weight" };
    static const char *const texts[] = { "asmsim_version", "testname",
        "command", "command_line", "started", "backend", "name", "type",
        "spec", "provider", "striping", "redundancy", "large_type", "run",
        "mode", "kind", "text", "phase", "class", "direction", "unit",
        "prices", "prices_date", "reason", "failed", "run_command", "stop",
        "group", "pattern", "skew", "loop", "arrivals" };
    static const char *const switches[] = { "incomplete", "converged",
        "drawn", "failgroup_per_disk", "instance_store", "interrupted",
        "served", "steady", "extended", "exact", "burst_ok" };
    bool top = !path[0];
    enum want w;

    if ((w = want_in_composite(path, key)) != WANT_ANY)
        return w;
    if (strcmp(key, "points") == 0 || (top && strcmp(key, "sweep") == 0))
        return WANT_OBJECTS;
    if (top && (strcmp(key, "config") == 0 || strcmp(key, "summary") == 0))
        return WANT_OBJECT;
    if (strcmp(path, "readings") == 0 && strcmp(key, "summary") == 0)
        return WANT_LINES;
    if (ends_with(key, "limited_by"))
        return WANT_NAME;
    if (strcmp(key, "duration_s") == 0)
        return WANT_DURATION;
    if ((w = want_composite(path, key)) != WANT_ANY)
        return w;
    if (AMONG(key, wholes) || ends_with(key, "_bytes"))
        return WANT_COUNT;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (ends_with(key, units[i]))
            return WANT_FIGURE;
    /* search's counts; elsewhere "simulated" and "reused" are switches */
    if (AMONG(key, counts) || (strcmp(path, "search") == 0 &&
                               (strcmp(key, "simulated") == 0 || strcmp(key, "reused") == 0)))
        return WANT_FIGURE;
    if (AMONG(key, texts))
        return WANT_TEXT;
    return AMONG(key, switches) ? WANT_SWITCH : WANT_ANY;
}

static bool holds(const cJSON *x, enum want w)
{
    switch (w) {
    case WANT_FIGURE:
        return cJSON_IsNumber(x) || cJSON_IsNull(x);
    case WANT_NAME:
    case WANT_TEXT:
        return cJSON_IsString(x) || cJSON_IsNull(x);
    case WANT_DURATION:
        return cJSON_IsNumber(x) || cJSON_IsNull(x) ||
               (cJSON_IsString(x) && strcmp(x->valuestring, "auto") == 0);
    case WANT_LINE:
        return cJSON_IsString(x);
    case WANT_LINES:
    case WANT_OBJECTS:
    case WANT_FIGURES:
        return cJSON_IsArray(x);
    case WANT_OBJECT:
        return cJSON_IsObject(x);
    case WANT_FIGURE_SET:       /* an object of them holds one at least */
        return (cJSON_IsObject(x) && x->child) || cJSON_IsNumber(x) ||
               cJSON_IsNull(x);
    case WANT_FIGURE_OR_OBJECT:
        return cJSON_IsNumber(x) || cJSON_IsNull(x) || cJSON_IsObject(x);
    case WANT_COUNT:
        return cJSON_IsNumber(x) || cJSON_IsNull(x) || (cJSON_IsString(x) &&
               x->valuestring[0] && !x->valuestring[strspn(x->valuestring,
                                                            "0123456789")]);
    case WANT_DIST:
    case WANT_OBJECT_OR_NULL:
        return cJSON_IsObject(x) || cJSON_IsNull(x);
    case WANT_SWITCH:
        return cJSON_IsBool(x) || cJSON_IsNull(x);
    default:
        return true;
    }
}

/* What each element of an array that holds w holds. */
static enum want want_each(enum want w)
{
    switch (w) {
    case WANT_OBJECTS: return WANT_OBJECT;
    case WANT_LINES: return WANT_LINE;
    case WANT_FIGURES: return WANT_FIGURE;
    default: return WANT_ANY;
    }
}

/* The first member of x (at path; an array's elements each want `each`)
   that does not hold what its name says: 0, or -EINVAL with "<file>:
   <path>: ..." in why. */
static int check_fields(const cJSON *x, enum want each, char *path,
                        size_t path_len, const char *file, char *why,
                        size_t why_len)
{
    size_t at = strlen(path);
    int i = 0;

    for (const cJSON *m = x->child; m; m = m->next, i++) {
        enum want w = cJSON_IsObject(x) ? want_of(path, m->string) : each;
        if (cJSON_IsObject(x))
            snprintf(path + at, path_len - at, "%s%s", at ? "." : "", m->string);
        else
            snprintf(path + at, path_len - at, "[%d]", i);
        if (!holds(m, w)) {
            char *text = cJSON_PrintUnformatted(m);
            snprintf(why, why_len, "%s: %s is %.40s%s, not %s; give the file "
                     "as asmsim wrote it", file, path, text ? text : "?",
                     text && strlen(text) > 40 ? "..." : "", want_words[w]);
            free(text);
            return -EINVAL;
        }
        if (check_fields(m, want_each(w), path, path_len, file, why, why_len) != 0)
            return -EINVAL;
        path[at] = '\0';
    }
    return 0;
}

/* Parse the documents: 0, or -EINVAL / -ENOMEM with why, which names
   the document's file (its name on the live path). */
static int parse_docs(const struct html_doc *docs, int n, cJSON **out,
                      char *why, size_t why_len)
{
    for (int i = 0; i < n; i++) {
        const char *name = docs[i].file ? docs[i].file : docs[i].name;
        char path[512] = "", file[WHY_QUOTE_BUF];
        why_quote(name, strlen(name), file, sizeof file);
        out[i] = cJSON_Parse(docs[i].json ? docs[i].json : "");
        if (out[i] == NULL || !cJSON_IsObject(out[i])) {
            snprintf(why, why_len, "%s: not JSON (a results JSON written by "
                     "asmsim run, sweep, orion, forecast or advise --json is)", file);
            return -EINVAL;
        }
        if (kind_of(out[i]) == NULL) {
            snprintf(why, why_len, "%s: not an asmsim results JSON (it has no "
                     "\"config\" and \"points\", nor \"kind\" forecast or "
                     "advice); give a file written by asmsim run, sweep, orion, "
                     "forecast or advise --json", file);
            return -EINVAL;
        }
        if (check_fields(out[i], WANT_ANY, path, sizeof path, file, why,
                         why_len) != 0)
            return -EINVAL;
    }
    for (int i = 0; n > 1 && i < n; i++)
        if (html_db(out[i])) {
            snprintf(why, why_len, "%s: a database workload's results cannot be "
                     "compared (a comparison overlays ORION's small and large "
                     "figures, which it does not have): report it alone",
                     docs[i].file ? docs[i].file : docs[i].name);
            return -EINVAL;
        } else if (!kind_of(out[i])->compares) {
            snprintf(why, why_len, "%s: a results JSON of kind %s cannot be "
                     "compared (a comparison overlays runs and sweeps): report "
                     "it alone", docs[i].file ? docs[i].file : docs[i].name,
                     kind_of(out[i])->name);
            return -EINVAL;
        }
    return 0;
}

bool html_stopped(struct html_out *o)
{
    if (!o->stopped && sim_stop_is_set(o->stop))
        o->stopped = true;
    return o->stopped;
}

static void free_docs(cJSON **parsed, int n)
{
    for (int i = 0; i < n; i++)
        cJSON_Delete(parsed[i]);
}

int html_report(FILE *f, const struct html_doc *docs, int n, char *why,
                size_t why_len)
{
    cJSON *parsed[HTML_MAX_DOCS] = {0};
    const char *names[HTML_MAX_DOCS];
    struct html_out o = { f, NULL, 0, false, NULL, false };
    char title[256];
    int rc;

    if (n < 1 || n > HTML_MAX_DOCS) {
        snprintf(why, why_len, "%d results files; give 1 to %d", n, HTML_MAX_DOCS);
        return -EINVAL;
    }
    for (int i = 0; i < n && !o.stop; i++)
        o.stop = docs[i].stop;
    rc = parse_docs(docs, n, parsed, why, why_len);
    if (rc == 0 && html_stopped(&o)) {     /* the parse of a long timeline */
        rc = -EINTR;
        snprintf(why, why_len, "interrupted: the report was not made");
    }
    if (rc != 0) {
        free_docs(parsed, n);
        return rc;
    }
    if ((o.charts = cJSON_CreateArray()) == NULL) {
        free_docs(parsed, n);
        snprintf(why, why_len, "cannot make the report: %s", strerror(ENOMEM));
        return -ENOMEM;
    }
    for (int i = 0; i < n; i++)
        names[i] = docs[i].name ? docs[i].name : "results";
    /* alone, a document goes by its test name, as its --report page did
       (asmsim report names it by its file only in a comparison) */
    const cJSON *testname = cJSON_GetObjectItemCaseSensitive(parsed[0], "testname");
    if (n == 1 && cJSON_IsString(testname) && testname->valuestring[0])
        names[0] = testname->valuestring;
    if (n == 1)
        snprintf(title, sizeof title, "asmsim %s report: %s",
                 kind_of(parsed[0])->name, names[0]);
    else
        snprintf(title, sizeof title, "asmsim comparison of %d results", n);
    page_head(&o, title);
    fputs("<main>\n", f);
    if (n == 1) {
        kind_of(parsed[0])->page(&o, parsed[0], names[0]);
    } else {
        html_compare(&o, (const cJSON *const *)parsed, names, n);
    }
    fputs("</main>\n", f);
    page_foot(&o);
    cJSON_Delete(o.charts);
    free_docs(parsed, n);
    if (o.oom) {
        snprintf(why, why_len, "cannot make the report: %s", strerror(ENOMEM));
        return -ENOMEM;
    }
    if (html_stopped(&o)) {
        snprintf(why, why_len, "interrupted: the report was not made");
        return -EINTR;
    }
    if (ferror(f)) {
        snprintf(why, why_len, "cannot write the report: %s", strerror(EIO));
        return -EIO;
    }
    return 0;
}

/* ---- the file ------------------------------------------------------- */

struct page_job {
    const struct html_doc *docs;
    int n;
    char *why;
    size_t why_len;
};

static int write_page(FILE *f, void *arg)
{
    struct page_job *j = arg;
    return html_report(f, j->docs, j->n, j->why, j->why_len);
}

/* The placeholder the page is first written to: "<dir>/.<base>.XXXXXX",
   created (empty) so that its name is ours.  0 or -errno. */
static int make_placeholder(const char *path, char *tmp, size_t len)
{
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0;
    int n = snprintf(tmp, len, "%.*s.%s.XXXXXX", (int)dir_len, path, path + dir_len);
    int fd;

    if (n < 0 || (size_t)n >= len)
        return -ENAMETOOLONG;
    if ((fd = mkstemp(tmp)) < 0)
        return -errno;
    close(fd);
    return 0;
}

int html_report_file(const char *path, const struct html_doc *docs, int n,
                     char *why, size_t why_len)
{
    struct page_job job = { docs, n, why, why_len };
    char tmp[4200], msg[512];
    struct stat st;
    int rc;

    if (lstat(path, &st) == 0) {
        snprintf(why, why_len, "%s exists; asmsim does not replace a report: "
                 "give a new file name", path);
        return -EEXIST;
    }
    if ((rc = make_placeholder(path, tmp, sizeof tmp)) != 0) {
        snprintf(why, why_len, "cannot write %s: %s", path, strerror(-rc));
        return rc;
    }
    /* a failure of the page leaves its own reason in why; one of the
       file, in msg */
    why[0] = '\0';
    rc = report_write_atomic(tmp, write_page, &job, msg, sizeof msg);
    if (rc != 0) {
        if (!why[0])
            snprintf(why, why_len, "%s", msg);
    } else if ((rc = report_rename_new(tmp, path)) == -EEXIST) {
        snprintf(why, why_len, "%s appeared while the report was written; not "
                 "replacing it: give a new file name", path);
    } else if (rc != 0) {
        snprintf(why, why_len, "cannot write %s: %s", path, strerror(-rc));
    }
    if (rc != 0)
        unlink(tmp);
    return rc;
}
