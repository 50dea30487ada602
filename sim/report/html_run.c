/*
 * html_run.c - the body of a run's report (and of each sweep's last disk
 * count): the ORION matrix, latency against load, and the latency of each
 * class and direction at its maximum.
 *
 *   matrix      three heat maps (html_heatmap.c): large MB/s, small IOPS,
 *               small latency; under each, the line of ORION's three the
 *               terminal printed for that figure (readings.summary);
 *   small load  the points without large I/O (or, when every point has
 *               some, those at the fewest large I/Os), by outstanding small
 *               I/Os: average and p99 latency on the left axis, IOPS on
 *               the right.  The knee: the fewest outstanding I/Os that
 *               reach 97 % of the highest IOPS there (the 97 % the sweep's
 *               reading uses for "more add nothing", report_sweep.c);
 *               past it more load only queues, and latency rises while
 *               IOPS do not;
 *   per class   at the point of the class's maximum (Maximum Small IOPS,
 *               Maximum Large MBPS): the percentiles p50 .. p99.99 of all
 *               I/O, reads and writes (log axis), and the histogram of
 *               ORION's _hist.txt (the JSON's hist_pow2) per direction.
 *
 * The sentences under the small-load, percentile and histogram charts
 * have no terminal counterpart, so they are worded here.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/report/html_page.h"

#define KNEE_FRAC 0.97
#define MAX_BINS 64

static void matrix(struct html_out *o, const cJSON *doc)
{
    static const struct html_heat maps[] = {
        { "Large I/O throughput", "mbps", "MB/s", 2, false, true, false },
        { "Small I/O rate", "iops", "IOPS", 0, true, false, false },
        { "Small I/O latency, average", "small_lat_us.avg", "us", 1, true, false, true },
    };
    static const char *const line[] = {
        "Maximum Large MBPS", "Maximum Small IOPS", "Minimum Small Latency",
    };
    const cJSON *points = html_get(doc, "points");

    fputs("<section id=\"matrix\"><h2>The load matrix</h2>\n", o->f);
    for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++)
        html_heatmap(o, points, &maps[i], html_reading(doc, line[i]));
    fputs("</section>\n", o->f);
}

/* ---- latency against load ------------------------------------------- */

struct load_point {
    double small, iops, avg_us, p99_us;
};

static int by_small(const void *a, const void *b)
{
    double d = ((const struct load_point *)a)->small - ((const struct load_point *)b)->small;
    return (d > 0) - (d < 0);
}

/* The small-I/O points at the fewest large I/Os, sorted by load; their
   count (0: none), the large load in *large. */
static int small_curve(const cJSON *points, struct load_point *out, int max,
                       double *large)
{
    const cJSON *p;
    double s, l, fewest = INFINITY;
    int n = 0;

    cJSON_ArrayForEach(p, points)
        if (html_num(p, "small", &s) && s > 0 && html_num(p, "large", &l))
            fewest = fmin(fewest, l);
    cJSON_ArrayForEach(p, points) {
        struct load_point lp;
        if (n == max || !html_num(p, "small", &lp.small) || lp.small <= 0 ||
            !html_num(p, "large", &l) || l != fewest ||
            !html_num(p, "iops", &lp.iops) ||
            !html_num(p, "small_lat_us.avg", &lp.avg_us) ||
            !html_num(p, "small_lat_us.p99", &lp.p99_us))
            continue;
        out[n++] = lp;
    }
    qsort(out, (size_t)n, sizeof *out, by_small);
    *large = fewest;
    return n;
}

static void knee_reading(const struct load_point *c, int n, double large,
                         char *buf, size_t len)
{
    double best = 0;
    int k = 0;

    for (int i = 0; i < n; i++)
        best = fmax(best, c[i].iops);
    while (k < n - 1 && c[k].iops < KNEE_FRAC * best)
        k++;
    if (n == 1)
        snprintf(buf, len, "One load measured (Small=%.0f and Large=%.0f): "
                 "%.0f IOPS at %.1f us on average.", c[0].small, large,
                 c[0].iops, c[0].avg_us);
    else if (k == n - 1)
        snprintf(buf, len, "Small IOPS still rise at the last load measured "
                 "(%.0f outstanding, %.0f IOPS at %.1f us): no knee within "
                 "these loads.", c[k].small, c[k].iops, c[k].avg_us);
    else
        snprintf(buf, len, "The knee is at %.0f outstanding small I/Os, the "
                 "first load at %.0f %% of the highest IOPS or more: %.0f IOPS "
                 "(%.1f %% of %.0f) at %.1f us on average; beyond it latency "
                 "rises to %.1f us at %.0f outstanding while IOPS do not: the "
                 "I/Os queue.", c[k].small, 100 * KNEE_FRAC, c[k].iops,
                 floor(1000 * c[k].iops / best + 1e-9) / 10, best, c[k].avg_us,
                 c[n - 1].avg_us, c[n - 1].small);
}

static void small_load(struct html_out *o, const cJSON *doc)
{
    struct load_point c[256];
    double large;
    int n = small_curve(html_get(doc, "points"), c, 256, &large);
    char reading[512], title[128];

    if (n == 0)
        return;
    snprintf(title, sizeof title, "Small I/O: latency against load (Large=%.0f)",
             large);
    cJSON *cfg = html_chart_new(o, "line", title, "outstanding small I/Os", "linear");
    html_chart_whole_x(o, cfg);
    html_chart_axis(o, cfg, "y", "latency (us)", "linear");
    html_chart_axis(o, cfg, "y2", "small IOPS", "linear");
    cJSON *avg = html_chart_dataset(o, cfg, "average latency (us)", 0, "y");
    cJSON *p99 = html_chart_dataset(o, cfg, "p99 latency (us)", 3, "y");
    cJSON *iops = html_chart_dataset(o, cfg, "IOPS", 2, "y2");
    for (int i = 0; i < n; i++) {
        html_chart_xy(o, avg, c[i].small, c[i].avg_us);
        html_chart_xy(o, p99, c[i].small, c[i].p99_us);
        html_chart_xy(o, iops, c[i].small, c[i].iops);
    }
    knee_reading(c, n, large, reading, sizeof reading);
    html_figure(o, title, cfg, reading);
}

/* ---- per class and direction ---------------------------------------- */

static const cJSON *point_at(const cJSON *points, double small, double large)
{
    const cJSON *p;
    double s, l;

    cJSON_ArrayForEach(p, points)
        if (html_num(p, "small", &s) && html_num(p, "large", &l) && s == small &&
            l == large)
            return p;
    return NULL;
}

/* The latency objects of class cls ("small", "large") at point p. */
static int directions(const cJSON *p, const char *cls, struct html_lat_set *d)
{
    static const char *const label[3] = { "all I/O", "reads", "writes" };
    static const char *const suffix[3] = { "_lat_us", "_read_lat_us", "_write_lat_us" };
    char key[48];
    int n = 0;

    for (int i = 0; i < 3; i++) {
        snprintf(key, sizeof key, "%s%s", cls, suffix[i]);
        const cJSON *lat = html_get(p, key);
        if (cJSON_IsObject(lat)) {
            d[n].label = label[i];
            d[n].lat = lat;
            n++;
        }
    }
    return n;
}

void html_percentiles(struct html_out *o, const char *title, const char *where,
                      const struct html_lat_set *d, int n)
{
    static const char *const keys[] = { "p50", "p90", "p99", "p999", "p9999" };
    static const char *const labels[] = { "p50", "p90", "p99", "p99.9", "p99.99" };
    char reading[768];
    size_t used;
    double v = 0;

    cJSON *cfg = html_chart_new(o, "line", title, "percentile", "category");
    html_chart_labels(o, cfg, labels, 5);
    html_chart_axis(o, cfg, "y", "latency (us, log scale)", "logarithmic");
    used = (size_t)snprintf(reading, sizeof reading, "At %s:", where);
    for (int i = 0; i < n; i++) {
        cJSON *set = html_chart_dataset(o, cfg, d[i].label, i, "y");
        for (int k = 0; k < 5; k++) {
            bool has = html_num(d[i].lat, keys[k], &v);
            html_chart_y(o, set, v, has);
        }
        double p50 = 0, p99 = 0, p9999 = 0;
        html_num(d[i].lat, "p50", &p50);
        html_num(d[i].lat, "p99", &p99);
        html_num(d[i].lat, "p9999", &p9999);
        if (used < sizeof reading)
            used += (size_t)snprintf(reading + used, sizeof reading - used,
                                     "%s %s p50 %.1f us, p99 %.1f us, p99.99 %.1f us",
                                     i ? ";" : "", d[i].label, p50, p99, p9999);
    }
    if (used < sizeof reading - 1)
        strcat(reading, ".");
    html_figure(o, title, cfg, reading);
}

/* "[256, 512) us" for bucket b of hist_pow2. */
static void bin_label(int b, int last, char *buf, size_t len)
{
    if (b == 0)
        snprintf(buf, len, "[0, 2) us");
    else if (b == last && b >= 43)
        snprintf(buf, len, "[%.0f, inf) us", ldexp(1, b));
    else
        snprintf(buf, len, "[%.0f, %.0f) us", ldexp(1, b), ldexp(1, b + 1));
}

/* The buckets from the fastest to the slowest that holds any I/O, one
   bar per direction; the reading names the fullest bucket of the first
   direction (all I/O) and its share. */
static void histogram(struct html_out *o, const char *title, const char *where,
                      const struct html_lat_set *d, int n)
{
    char labels[MAX_BINS][32], reading[512];
    const char *label_ptr[MAX_BINS];
    int lo = MAX_BINS, hi = -1;

    for (int i = 0; i < n; i++) {
        const cJSON *h = html_get(d[i].lat, "hist_pow2"), *c;
        int b = 0;
        cJSON_ArrayForEach(c, h) {
            if (b < MAX_BINS && cJSON_IsNumber(c) && c->valuedouble > 0) {
                lo = b < lo ? b : lo;
                hi = b > hi ? b : hi;
            }
            b++;
        }
    }
    if (hi < 0)
        return;
    for (int b = lo; b <= hi; b++) {
        bin_label(b, hi, labels[b - lo], sizeof labels[0]);
        label_ptr[b - lo] = labels[b - lo];
    }
    cJSON *cfg = html_chart_new(o, "bar", title, "latency bucket (us)", "category");
    html_chart_labels(o, cfg, label_ptr, hi - lo + 1);
    html_chart_axis(o, cfg, "y", "I/Os (log scale)", "logarithmic");
    int mode = lo;
    double mode_count = -1, total = 0;
    for (int i = 0; i < n; i++) {
        const cJSON *h = html_get(d[i].lat, "hist_pow2");
        cJSON *set = html_chart_dataset(o, cfg, d[i].label, i, "y");
        for (int b = lo; b <= hi; b++) {
            const cJSON *c = cJSON_GetArrayItem(h, b);
            double v = cJSON_IsNumber(c) ? c->valuedouble : 0;
            html_chart_y(o, set, v, v > 0);
            if (i == 0) {
                total += v;
                if (v > mode_count) {
                    mode_count = v;
                    mode = b;
                }
            }
        }
    }
    bin_label(mode, hi, labels[0], sizeof labels[0]);
    bin_label(hi, hi, labels[1], sizeof labels[1]);
    snprintf(reading, sizeof reading, "At %s: the most I/Os (%.1f %% of %s) took "
             "%s; the slowest took %s.", where,
             total > 0 ? mode_count / total * 100 : 0, d[0].label, labels[0],
             labels[1]);
    html_figure(o, title, cfg, reading);
}

/* Percentiles and histogram of class cls at the point of its maximum. */
static void class_latency(struct html_out *o, const cJSON *doc, bool large)
{
    const char *cls = large ? "large" : "small";
    const char *figure = large ? "Maximum Large MBPS" : "Maximum Small IOPS";
    const char *at = large ? "summary.max_large_at" : "summary.max_small_at";
    struct html_lat_set d[3];
    char path[64], where[128], title[160];
    double s, l;

    snprintf(path, sizeof path, "%s.small", at);
    if (!html_num(doc, path, &s))
        return;
    snprintf(path, sizeof path, "%s.large", at);
    if (!html_num(doc, path, &l))
        return;
    const cJSON *p = point_at(html_get(doc, "points"), s, l);
    int n = p ? directions(p, cls, d) : 0;
    if (n == 0)
        return;
    snprintf(where, sizeof where, "%s (Small=%.0f and Large=%.0f)", figure, s, l);
    snprintf(title, sizeof title, "%s I/O latency percentiles at %s",
             large ? "Large" : "Small", where);
    html_percentiles(o, title, where, d, n);
    snprintf(title, sizeof title, "%s I/O latency histogram at %s",
             large ? "Large" : "Small", where);
    histogram(o, title, where, d, n);
}

/* A run without points (one stopped before its first point ended) gets
   a page that says so in place of the matrix and the latency. */
void html_run(struct html_out *o, const cJSON *doc)
{
    if (cJSON_GetArraySize(html_get(doc, "points")) == 0) {
        html_elem(o, "p", "note", "No load point was measured (\"points\" "
                  "is empty: the run stopped before its first point ended), "
                  "so there is no load matrix and no latency to show.");
        return;
    }
    matrix(o, doc);
    fputs("<section id=\"latency\"><h2>Latency</h2>\n", o->f);
    small_load(o, doc);
    class_latency(o, doc, false);
    class_latency(o, doc, true);
    fputs("</section>\n", o->f);
}
