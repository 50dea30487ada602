/*
 * html_compare.c - several results on the same axes: `asmsim report
 * A.json B.json ... -o cmp.html` (gp3 against io2, normal against high
 * redundancy, two instances, ...).
 *
 *   table     one row per document: what it ran (html_doc_label) and its
 *             three figures, what each maximum sustains once the burst
 *             buckets are empty and how long the burst lasts (so a
 *             31-minute burst does not read as permanent), the limit
 *             binding the main one, the monthly cost (html_month_cost);
 *   sweeps    Maximum Large MBPS and Maximum Small IOPS against disk
 *             count, one line per sweep, and a run as one point at its
 *             disk count;
 *   runs      small-I/O latency and IOPS against outstanding small I/Os
 *             (at the fewest large I/Os, as html_run.c), and large MB/s
 *             against outstanding large I/Os (the points without small
 *             I/O), one line per run, and per sweep the points of its
 *             last disk count (its top-level points): a sweep and a run
 *             share these charts.
 *
 * An overlay is a table entry: its title, axes and a series function
 * that reads one document's curve; documents without that curve (no
 * large I/O, say) are left out of it.  Each reading names the best and the worst document by the best
 * point of its curve (the highest figure, or the lowest latency).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/report/html_page.h"
#include "sim/report/report.h"          /* report_fmt_duration */

#define MAX_CURVE 256

typedef int (*series_fn)(const cJSON *doc, double *x, double *y, int max);

struct overlay {
    const char *title, *x_title, *y_title, *unit;
    int decimals;
    bool low_is_good;
    bool per_disk_count;        /* the disk axis: a run is one point on it */
    series_fn series;
};

/* sweep[]: disks against summary.<key> */
static int sweep_series(const cJSON *doc, const char *path, double *x, double *y,
                        int max)
{
    const cJSON *r;
    int n = 0;

    if (!cJSON_IsArray(html_get(doc, "sweep")))     /* a run: its one point */
        return max > 0 && html_num(doc, "config.disks", &x[0]) &&
               html_num(doc, path, &y[0]) ? 1 : 0;
    cJSON_ArrayForEach(r, html_get(doc, "sweep"))
        if (n < max && html_num(r, "disks", &x[n]) && html_num(r, path, &y[n]))
            n++;
    return n;
}

static int sweep_mbps(const cJSON *doc, double *x, double *y, int max)
{
    return sweep_series(doc, "summary.max_large_mbps", x, y, max);
}

static int sweep_iops(const cJSON *doc, double *x, double *y, int max)
{
    return sweep_series(doc, "summary.max_small_iops", x, y, max);
}

/* A run's points along one class's load: those with the other class at
   its fewest (`other` "large": small I/O's curve), figure at path. */
static int load_series(const cJSON *doc, const char *load, const char *other,
                       const char *path, double *x, double *y, int max)
{
    const cJSON *p;
    double fewest = INFINITY, l, o;
    int n = 0;

    cJSON_ArrayForEach(p, html_get(doc, "points"))   /* a sweep's: its last count's */
        if (html_num(p, load, &l) && l > 0 && html_num(p, other, &o))
            fewest = fmin(fewest, o);
    cJSON_ArrayForEach(p, html_get(doc, "points"))
        if (n < max && html_num(p, load, &x[n]) && x[n] > 0 &&
            html_num(p, other, &o) && o == fewest && html_num(p, path, &y[n]))
            n++;
    /* in load order */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && x[j - 1] > x[j]; j--) {
            double t = x[j]; x[j] = x[j - 1]; x[j - 1] = t;
            t = y[j]; y[j] = y[j - 1]; y[j - 1] = t;
        }
    return n;
}

static int run_small_lat(const cJSON *doc, double *x, double *y, int max)
{
    return load_series(doc, "small", "large", "small_lat_us.avg", x, y, max);
}

static int run_small_iops(const cJSON *doc, double *x, double *y, int max)
{
    return load_series(doc, "small", "large", "iops", x, y, max);
}

static int run_large_mbps(const cJSON *doc, double *x, double *y, int max)
{
    return load_series(doc, "large", "small", "mbps", x, y, max);
}

static const struct overlay overlays[] = {
    { "Large MB/s against disk count", "disks (volumes)",
      "Maximum Large MBPS (MB/s)", "MB/s", 2, false, true, sweep_mbps },
    { "Small IOPS against disk count", "disks (volumes)",
      "Maximum Small IOPS", "IOPS", 0, false, true, sweep_iops },
    { "Small I/O latency against load", "outstanding small I/Os",
      "average latency (us)", "us", 1, true, false, run_small_lat },
    { "Small IOPS against load", "outstanding small I/Os", "small IOPS",
      "IOPS", 0, false, false, run_small_iops },
    { "Large MB/s against load", "outstanding large I/Os",
      "large MB/s (10^6 B/s)", "MB/s", 2, false, false, run_large_mbps },
};

/* A document's name on an overlay: a run on the disk axis is one point,
   a sweep on a load axis its last disk count's points. */
static void curve_name(const struct overlay *ov, const cJSON *doc, const char *name,
                       char *buf, size_t len)
{
    bool sweep = cJSON_IsArray(html_get(doc, "sweep"));
    double disks = 0;

    html_num(doc, "config.disks", &disks);
    if (ov->per_disk_count && !sweep)
        snprintf(buf, len, "%s (a run: one point)", name);
    else if (!ov->per_disk_count && sweep)
        snprintf(buf, len, "%s (at its last count, %.0f disks)", name, disks);
    else
        snprintf(buf, len, "%s", name);
}

/* The best point of a curve: highest y, or lowest with low_is_good. */
static double best_of(const double *y, int n, bool low_is_good)
{
    double b = y[0];

    for (int i = 1; i < n; i++)
        b = low_is_good ? fmin(b, y[i]) : fmax(b, y[i]);
    return b;
}

static void overlay_chart(struct html_out *o, const struct overlay *ov,
                          const cJSON *const *docs, const char *const *names,
                          int n)
{
    double x[MAX_CURVE], y[MAX_CURVE], best = 0, worst = 0;
    int drawn = 0, best_i = -1, worst_i = -1;
    cJSON *cfg = NULL;
    char reading[768], a[32], b[32];

    for (int d = 0; d < n; d++) {
        int k = ov->series(docs[d], x, y, MAX_CURVE);
        if (k == 0)
            continue;
        if (cfg == NULL) {
            cfg = html_chart_new(o, "line", ov->title, ov->x_title, "linear");
            html_chart_whole_x(o, cfg);
            html_chart_axis(o, cfg, "y", ov->y_title, "linear");
        }
        char name[300];
        curve_name(ov, docs[d], names[d], name, sizeof name);
        cJSON *set = html_chart_dataset(o, cfg, name, d, "y");
        for (int i = 0; i < k; i++)
            html_chart_xy(o, set, x[i], y[i]);
        double v = best_of(y, k, ov->low_is_good);
        bool better = ov->low_is_good ? v < best : v > best;
        bool poorer = ov->low_is_good ? v > worst : v < worst;
        if (best_i < 0 || better) {
            best = v;
            best_i = d;
        }
        if (worst_i < 0 || poorer) {
            worst = v;
            worst_i = d;
        }
        drawn++;
    }
    if (cfg == NULL)
        return;
    html_fmt_num(best, ov->decimals, a, sizeof a);
    html_fmt_num(worst, ov->decimals, b, sizeof b);
    if (drawn == 1)
        snprintf(reading, sizeof reading, "Only %s has this curve: at best %s %s.",
                 names[best_i], a, ov->unit);
    else
        snprintf(reading, sizeof reading, "Best: %s, %s %s; worst: %s, %s %s "
                 "(each at the best point of its curve; %d results drawn).",
                 names[best_i], a, ov->unit, names[worst_i], b, ov->unit, drawn);
    html_figure(o, ov->title, cfg, reading);
}

/* What a class sustains once every burst bucket is empty, and when its
   maximum was a burst, for how long that lasts: "26.21 (the maximum
   lasts at most 62 min)"; "-" where the class did not run. */
static void sustained_cell(struct html_out *o, const cJSON *doc, const char *key,
                           const char *burst_key, int decimals)
{
    char path[96], span[32];
    double v, lasts;

    snprintf(path, sizeof path, "summary.%s", key);
    if (!html_num(doc, path, &v)) {
        fputs("<td>-</td>", o->f);
        return;
    }
    fprintf(o->f, "<td>%.*f", decimals, v);
    snprintf(path, sizeof path, "summary.%s.lasts_s", burst_key);
    if (html_num(doc, path, &lasts)) {
        report_fmt_duration(lasts, span, sizeof span);
        html_textf(o, " (the maximum lasts at most %s)", span);
    }
    fputs("</td>", o->f);
}

static void table(struct html_out *o, const cJSON *const *docs,
                  const char *const *names, int n)
{
    char label[512];

    fputs("<section id=\"compare\"><h2>The results compared</h2>\n"
          "<table class=\"compare\"><thead><tr><th>results</th><th>kind</th>"
          "<th>disks</th><th>max large MBPS</th><th>sustained large MBPS</th>"
          "<th>max small IOPS</th><th>sustained small IOPS</th>"
          "<th>min small latency (us)</th><th>binding limit (main figure)</th>"
          "<th>USD/month</th></tr></thead><tbody>\n", o->f);
    for (int d = 0; d < n; d++) {
        double disks = 0, usd;
        const char *what;
        html_doc_label(docs[d], names[d], label, sizeof label);
        html_num(docs[d], "config.disks", &disks);
        fputs("<tr><td>", o->f);
        html_text(o->f, label);
        fprintf(o->f, "</td><td>%s</td><td>%.0f</td>",
                cJSON_IsArray(html_get(docs[d], "sweep")) ? "sweep" : "run", disks);
        html_summary_cell(o, docs[d], "max_large_mbps", 2, false);
        sustained_cell(o, docs[d], "sustained_large_mbps", "large_burst", 2);
        html_summary_cell(o, docs[d], "max_small_iops", 0, false);
        sustained_cell(o, docs[d], "sustained_small_iops", "small_burst", 0);
        html_summary_cell(o, docs[d], "min_small_latency_us", 3, false);
        html_limit_cell(o, docs[d], "limited_by");
        if (html_month_cost(docs[d], docs[d], &usd, &what))
            fprintf(o->f, "<td>%.2f</td></tr>\n", usd);
        else
            fputs("<td>-</td></tr>\n", o->f);
    }
    fputs("</tbody></table>\n<p class=\"note\">For a sweep, the figures are "
          "those of its last disk count.</p>\n", o->f);
}

void html_compare(struct html_out *o, const cJSON *const *docs,
                  const char *const *names, int n)
{
    fputs("<header>\n<h1>", o->f);
    html_textf(o, "asmsim comparison of %d results", n);
    fputs("</h1>\n<table class=\"what\"><tbody>\n", o->f);
    for (int d = 0; d < n; d++) {
        fputs("<tr><th>", o->f);
        html_text(o->f, names[d]);
        fputs("</th><td><code>", o->f);
        html_text(o->f, html_str_or(docs[d], "command", "?"));
        fputs("</code> (", o->f);
        html_text(o->f, html_str_or(docs[d], "started", "?"));
        fputs(", asmsim ", o->f);
        html_text(o->f, html_str_or(docs[d], "asmsim_version", "?"));
        fputs(")</td></tr>\n", o->f);
    }
    fputs("</tbody></table>\n</header>\n", o->f);
    table(o, docs, names, n);
    for (size_t i = 0; i < sizeof overlays / sizeof overlays[0]; i++)
        overlay_chart(o, &overlays[i], docs, names, n);
    fputs("</section>\n", o->f);
}
