/*
 * html_sweep.c - the body of a sweep's report: what each disk count
 * reached, against the limits that cap it and what it costs.  A sweep
 * over another parameter (config.sweep_over) has the same charts over
 * its values (html_sweep_axis.c) without the limit and cost lines, which
 * are drawn against disk counts (its table has each run's cost).
 *
 *   MB/s chart   Maximum Large MBPS per disk count (and, where a maximum
 *                drew on burst credits, what is sustained once the
 *                buckets are empty), with reference lines: the instance's
 *                maximum (and baseline, when it bursts) and the volumes'
 *                own limit, disk count x the volume's throughput; the
 *                monthly cost on the right axis (the JSON's cost: the
 *                instance and the volumes, or the volumes alone when the
 *                instance is not priced).  The
 *                left axis ends 30 % above the highest figure or the
 *                instance maximum (rounded up to its leading digit), so that the curve stays readable: the
 *                volumes' line, rising with every disk, leaves the chart
 *                where it has stopped binding;
 *   IOPS chart   the same for Maximum Small IOPS;
 *   table        per disk count each figure (and, where some maximum drew
 *                on burst credits, what is sustained) with the limit that
 *                binds it (sweep[].summary.*_limited_by) and the monthly
 *                cost of the volumes and in all: the terminal's sweep
 *                table, column for column.
 *
 * Limits count physical I/O (after mirroring) and the figures are
 * logical, so every limit is drawn in the curve's units: its physical
 * rate over the mirror's write amplification, 1 + (copies - 1) x the
 * write share (normal redundancy at 100 % writes: 593.75 MB/s of
 * instance is 296.88 MB/s of logical writes), and the legend says so.
 * The volume line uses the provisioned rate (config.volume.iops,
 * throughput_mibps x 1.048576 for MB/s); the model delivers a share of
 * it (config.volume.delivered_*_frac: all of it for most types, 94.5 %
 * of gp2's throughput), which the legend gives when it is below 1, so a curve that flattens under the line is not a mystery.  The reading of the chart of the sweep's main
 * figure (large MB/s if any run did large I/O, else small IOPS, as the
 * terminal decides) is the terminal's reading line, readings.sweep; the
 * other chart's sentence is worded here.
 */
#include <math.h>
#include <string.h>

#include "layouts/units.h"
#include "sim/report/html_page.h"
#include "sim/report/report.h"

struct class_view {
    bool large;
    const char *title, *unit, *key, *sustained_key, *limit_key, *burst_key,
        *sustained_limit_key;
    const char *inst_max, *inst_base;   /* config.instance.* */
    int decimals;
};

static const struct class_view views[2] = {
    { true, "Large MB/s", "MB/s", "max_large_mbps",
      "sustained_large_mbps", "max_large_limited_by", "large_burst",
      "sustained_large_limited_by", "config.instance.max_mbps",
      "config.instance.base_mbps", 2 },
    { false, "Small IOPS", "IOPS", "max_small_iops",
      "sustained_small_iops", "max_small_limited_by", "small_burst",
      "sustained_small_limited_by", "config.instance.max_iops",
      "config.instance.base_iops", 0 },
};

/* The volume's own rate in the view's unit, 0 when unknown. */
static double volume_rate(const cJSON *doc, const struct class_view *v)
{
    double r = 0;

    if (v->large && html_num(doc, "config.volume.throughput_mibps", &r))
        return r * (double)MIB / 1e6;
    if (!v->large && html_num(doc, "config.volume.iops", &r))
        return r;
    return 0;
}

static bool any_figure(const cJSON *sweep, const char *key)
{
    const cJSON *r;
    double v;
    char path[96];

    snprintf(path, sizeof path, "summary.%s", key);
    cJSON_ArrayForEach(r, sweep)
        if (html_num(r, path, &v))
            return true;
    return false;
}

/* The sustained figures, when some differ from the maxima. */
static bool any_burst(const cJSON *sweep, const struct class_view *v)
{
    const cJSON *r;
    double m, s;
    char pm[96], ps[96];

    snprintf(pm, sizeof pm, "summary.%s", v->key);
    snprintf(ps, sizeof ps, "summary.%s", v->sustained_key);
    cJSON_ArrayForEach(r, sweep)
        if (html_num(r, pm, &m) && html_num(r, ps, &s) && fabs(m - s) > 1e-9 * fmax(m, 1))
            return true;
    return false;
}

/* The disk counts' range in *lo, *hi; the highest figure drawn. */
static double figure_sets(struct html_out *o, cJSON *cfg, const cJSON *doc,
                          const struct class_view *v, double *lo, double *hi)
{
    const cJSON *sweep = html_get(doc, "sweep");
    double top = 0;
    char pm[96], ps[96], label[96];
    const cJSON *r;
    double d, x;
    bool burst = any_burst(sweep, v);

    snprintf(label, sizeof label, "Maximum %s %s", v->large ? "Large" : "Small",
             v->large ? "MBPS" : "IOPS");
    cJSON *max = html_chart_dataset(o, cfg, label, 0, "y");
    cJSON *sus = burst ? html_chart_dataset(o, cfg, "sustained (buckets empty)", 2, "y")
                       : NULL;
    snprintf(pm, sizeof pm, "summary.%s", v->key);
    snprintf(ps, sizeof ps, "summary.%s", v->sustained_key);
    *lo = INFINITY;
    *hi = -INFINITY;
    cJSON_ArrayForEach(r, sweep) {
        if (html_num(r, "disks", &d)) {
            *lo = fmin(*lo, d);
            *hi = fmax(*hi, d);
        }
        bool has = html_num(r, pm, &x);
        html_sweep_point(o, doc, max, r, has, x);
        if (has)
            top = fmax(top, x);
        if (sus) {
            has = html_num(r, ps, &x);
            html_sweep_point(o, doc, sus, r, has, x);
        }
    }
    return top;
}

/* The mirror's write amplification: physical I/O per logical I/O, 1 +
   (copies - 1) x the write share (reads come from one copy); 1 without
   mirroring.  In *what, how the limits' legend says it. */
static double mirror_amplification(const cJSON *doc, char *what, size_t len)
{
    const char *red = html_str_or(doc, "config.layout.redundancy", "external");
    double writes = 0;
    int copies = strcmp(red, "high") == 0 ? 3 : strcmp(red, "normal") == 0 ? 2 : 1;

    html_num(doc, "config.workload.write_pct", &writes);
    double amp = 1 + (copies - 1) * fmax(0, fmin(writes, 100)) / 100;
    snprintf(what, len, amp > 1 ? "logical: physical / %.2f, %s redundancy at %.0f %% "
             "writes" : "", amp, red, writes);
    return amp;
}

/* A limit as a line in the curve's units (logical I/O): its physical
   rate over the mirror's write amplification. */
static void limit_line(struct html_out *o, cJSON *cfg, const char *name, double phys,
                       double amp, const char *what, double lo, double hi, int colour)
{
    char label[200];

    if (amp > 1)
        snprintf(label, sizeof label, "%s (%s)", name, what);
    else
        snprintf(label, sizeof label, "%s", name);
    html_chart_ref(o, cfg, label, phys / amp, lo, hi, "y", colour);
}

static void limit_sets(struct html_out *o, cJSON *cfg, const cJSON *doc,
                       const cJSON *sweep, const struct class_view *v,
                       double lo, double hi)
{
    double inst = 0, base = 0, vol = volume_rate(doc, v), d, frac = 1;
    const cJSON *r;
    char label[200], what[96], delivered[64] = "";
    double amp = mirror_amplification(doc, what, sizeof what);

    bool caps = html_instance_caps(doc);
    if (caps && html_num(doc, v->inst_max, &inst) && inst > 0)
        limit_line(o, cfg, "instance maximum", inst, amp, what, lo, hi, 6);
    if (caps && html_num(doc, v->inst_base, &base) && base > 0 && base < inst &&
        cJSON_IsTrue(html_get(doc, "config.instance.burst")))
        limit_line(o, cfg, "instance baseline", base, amp, what, lo, hi, 5);
    if (vol <= 0 || !html_modelled(doc))
        return;
    /* the curve stays under the provisioned line by what the model
       delivers of it (profiles.c: >= 90 % is what AWS promises) */
    if (html_num(doc, v->large ? "config.volume.delivered_tput_frac" :
                 "config.volume.delivered_iops_frac", &frac) && frac > 0 && frac < 1)
        snprintf(delivered, sizeof delivered, "; %.1f %% of it delivered on average",
                 100 * frac);
    snprintf(label, sizeof label, "disks x volume limit (%.0f %s each provisioned%s%s%s)",
             vol, v->unit, delivered, amp > 1 ? "; " : "", amp > 1 ? what : "");
    cJSON *set = html_chart_dataset(o, cfg, label, 1, "y");
    cJSON_ArrayForEach(r, sweep)
        if (html_num(r, "disks", &d))
            html_chart_xy(o, set, d, d * vol / amp);
}

static void cost_set(struct html_out *o, cJSON *cfg, const cJSON *doc,
                     const cJSON *sweep)
{
    const cJSON *r;
    const char *what = NULL;
    cJSON *set = NULL;
    char label[96];
    double usd, d;

    cJSON_ArrayForEach(r, sweep) {
        if (!html_num(r, "disks", &d) || !html_month_cost(doc, r, &usd, &what))
            continue;
        if (set == NULL) {
            html_chart_axis(o, cfg, "y2", "cost (USD per month)", "linear");
            snprintf(label, sizeof label, "cost of the %s (USD/month, right axis)", what);
            set = html_chart_dataset(o, cfg, label, 4, "y2");
        }
        html_chart_xy(o, set, d, usd);
    }
}

/* When row r's maximum drew on burst credits (summary.<class>_burst):
   " It is a burst: for at most 58 min (instance IOPS burst credits), then
   3600 IOPS sustained, bound by instance IOPS." into buf, else "". */
static void burst_clause(const cJSON *r, const struct class_view *v, char *buf,
                         size_t len)
{
    char path[96], span[32], sust[32], how[160];
    double s, t;

    buf[0] = '\0';
    snprintf(path, sizeof path, "summary.%s", v->burst_key);
    const cJSON *b = html_get(r, path);
    if (!cJSON_IsObject(b))
        return;
    const char *first = html_limit_label(html_str(b, "first_empty"));
    if (html_num(b, "ran_out_s", &t)) {
        report_fmt_duration(t, span, sizeof span);
        snprintf(how, sizeof how, "the %s burst credits ran out %s into the window, "
                 "and the figure averages the two rates", first, span);
    } else {
        report_fmt_duration(html_num(b, "lasts_s", &t) ? t : 0, span, sizeof span);
        snprintf(how, sizeof how, "for at most %s (%s burst credits)", span, first);
    }
    snprintf(path, sizeof path, "summary.%s", v->sustained_key);
    if (!html_num(r, path, &s)) {
        snprintf(buf, len, " It is a burst: %s; the sustained figure was not measured.",
                 how);
        return;
    }
    html_fmt_num(s, v->decimals, sust, sizeof sust);
    snprintf(path, sizeof path, "summary.%s", v->sustained_limit_key);
    snprintf(buf, len, " It is a burst: %s, then %s %s sustained, bound by %s.", how,
             sust, v->unit, html_limit_label(html_str(r, path)));
}

/* The other class's sentence: its best figure, where, and what binds. */
static void side_reading(const cJSON *doc, const struct class_view *v,
                         char *buf, size_t len)
{
    const cJSON *sweep = html_get(doc, "sweep"), *r, *best = NULL;
    double x, bx = 0;
    char pm[96], pl[96], fig[32], key[64], at[128];

    snprintf(pm, sizeof pm, "summary.%s", v->key);
    snprintf(pl, sizeof pl, "summary.%s", v->limit_key);
    cJSON_ArrayForEach(r, sweep)
        if (html_num(r, pm, &x) && (best == NULL || x > bx)) {
            best = r;
            bx = x;
        }
    html_sweep_key_text(doc, best, key, sizeof key);
    if (html_sweep_over(doc))
        snprintf(at, sizeof at, "%s=%s", html_sweep_key_title(doc), key);
    else
        snprintf(at, sizeof at, "%s volumes", key);
    html_fmt_num(bx, v->decimals, fig, sizeof fig);
    char burst[320];
    burst_clause(best, v, burst, sizeof burst);
    snprintf(buf, len, "The highest Maximum %s %s is %s %s, at %s, "
             "bound by %s.%s", v->large ? "Large" : "Small",
             v->large ? "MBPS" : "IOPS", fig, v->unit, at,
             html_limit_label(html_str(best, pl)), burst);
}

static void class_chart(struct html_out *o, const cJSON *doc,
                        const struct class_view *v, bool main_figure)
{
    const cJSON *sweep = html_get(doc, "sweep");
    double lo, hi;
    char reading[512], y[64];

    if (!any_figure(sweep, v->key))
        return;
    char title[128];
    snprintf(title, sizeof title, "%s against %s", v->title, html_sweep_over(doc)
             ? html_sweep_key_title(doc) : "disk count");
    cJSON *cfg = html_sweep_chart_new(o, doc, title, "disks (volumes)");
    snprintf(y, sizeof y, "%s", v->large ? "large MB/s (10^6 B/s)" : "small IOPS");
    html_chart_axis(o, cfg, "y", y, "linear");
    double top = figure_sets(o, cfg, doc, v, &lo, &hi), inst = 0;
    /* the limits' lines and the cost against the disk count; a sweep
       over another parameter has them per run in the table */
    if (!html_sweep_over(doc))
        limit_sets(o, cfg, doc, sweep, v, lo, hi);
    /* the figures and the instance line set the scale; the volumes' line
       may rise out of the chart (it is the limit that no longer binds) */
    char what[96];
    if (html_instance_caps(doc) && html_num(doc, v->inst_max, &inst))
        top = fmax(top, inst / mirror_amplification(doc, what, sizeof what));
    if (top > 0) {
        double step = pow(10, floor(log10(top * 1.3)));
        html_chart_axis_max(o, cfg, "y", ceil(top * 1.3 / step) * step);
    }
    if (!html_sweep_over(doc))
        cost_set(o, cfg, doc, sweep);
    if (main_figure) {
        html_figure(o, title, cfg, html_str(doc, "readings.sweep"));
        return;
    }
    side_reading(doc, v, reading, sizeof reading);
    html_figure(o, title, cfg, reading);
}

/* True when some disk count's maximum of the class drew on burst credits
   (summary.<class>_burst an object): the table then has its sustained
   column, as the terminal's does. */
static bool any_drew(const cJSON *sweep, const char *burst_key)
{
    const cJSON *r;
    char path[96];

    snprintf(path, sizeof path, "summary.%s", burst_key);
    cJSON_ArrayForEach(r, sweep)
        if (cJSON_IsObject(html_get(r, path)))
            return true;
    return false;
}

/* The monthly cost cells, volumes and total ("-" where not priced). */
static void cost_cells(struct html_out *o, const cJSON *doc, const cJSON *r)
{
    const cJSON *cost = html_get(r, "cost");
    const char *what;
    double volumes, total;
    bool has_volumes, has_total = false;

    if (cJSON_IsObject(cost)) {
        has_volumes = html_num(cost, "volumes_usd_month", &volumes);
        has_total = html_num(cost, "total_usd_month", &total);
    } else {
        has_volumes = html_month_cost(doc, r, &volumes, &what);
    }
    if (has_volumes)
        fprintf(o->f, "<td>%.2f</td>", volumes);
    else
        fputs("<td>-</td>", o->f);
    if (has_total)
        fprintf(o->f, "<td>%.2f</td>", total);
    else
        fputs("<td>-</td>", o->f);
}

/* The terminal's sweep table (report_sweep.c), column for column. */
static void table(struct html_out *o, const cJSON *doc)
{
    const cJSON *sweep = html_get(doc, "sweep"), *r;
    bool drew_large = any_drew(sweep, "large_burst");
    bool drew_small = any_drew(sweep, "small_burst");
    const char *key_title = html_sweep_key_title(doc);
    char key[64];

    fprintf(o->f, "<h3>Binding limit per %s</h3>\n<table class=\"sweep\"><thead><tr>"
            "<th>", html_sweep_over(doc) ? "value" : "disk count");
    html_text(o->f, key_title);
    fputs("</th><th>max large MBPS</th>", o->f);
    if (drew_large)
        fputs("<th>sustained MBPS</th>", o->f);
    fputs("<th>limited by</th><th>max small IOPS</th>", o->f);
    if (drew_small)
        fputs("<th>sustained IOPS</th>", o->f);
    fputs("<th>limited by</th><th>min small latency (us)</th><th>limited by</th>"
          "<th>USD/month (volumes)</th><th>USD/month (total)</th></tr></thead>"
          "<tbody>\n", o->f);
    cJSON_ArrayForEach(r, sweep) {
        html_sweep_key_text(doc, r, key, sizeof key);
        fputs("<tr>", o->f);
        html_text_cell(o, key);
        html_summary_cell(o, r, "max_large_mbps", 2, false);
        if (drew_large)
            html_summary_cell(o, r, "sustained_large_mbps", 2, false);
        html_limit_cell(o, r, "max_large_limited_by");
        html_summary_cell(o, r, "max_small_iops", 0, false);
        if (drew_small)
            html_summary_cell(o, r, "sustained_small_iops", 0, false);
        html_limit_cell(o, r, "max_small_limited_by");
        html_summary_cell(o, r, "min_small_latency_us", 3, false);
        html_limit_cell(o, r, "min_small_latency_limited_by");
        cost_cells(o, doc, r);
        fputs("</tr>\n", o->f);
    }
    fputs("</tbody></table>\n", o->f);
}

void html_sweep(struct html_out *o, const cJSON *doc)
{
    bool large = any_figure(html_get(doc, "sweep"), "max_large_mbps");

    fputs("<section id=\"sweep\"><h2>", o->f);
    if (html_sweep_over(doc)) {
        fputs("Sweep over ", o->f);
        html_text(o->f, html_sweep_key_title(doc));
    } else {
        fputs("Disk counts", o->f);
    }
    fputs("</h2>\n", o->f);
    class_chart(o, doc, &views[0], large);
    class_chart(o, doc, &views[1], !large);
    table(o, doc);
    fputs("</section>\n", o->f);
}
