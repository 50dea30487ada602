/*
 * html_sweep_axis.c - what a sweep's charts and tables are drawn against:
 * the disk count (a number: a linear axis, the points placed by their
 * count), or under sweep --over the values listed (config.sweep_over:
 * categories in the order given, one per run, each run's figure or a gap
 * where it has none, so the values stay aligned with their runs).  The
 * sweep pages of ORION's classes (html_sweep.c) and of a database
 * workload (html_classes.c) both place their points and key their table
 * rows through it.
 */
#include <string.h>

#include "sim/core/run.h"             /* SIM_MAX_SWEEP */
#include "sim/report/html_page.h"

bool html_sweep_over(const cJSON *doc)
{
    return cJSON_IsObject(html_get(doc, "config.sweep_over"));
}

const char *html_sweep_key_title(const cJSON *doc)
{
    return html_sweep_over(doc) ? html_str_or(doc, "config.sweep_over.param", "value")
                                : "disks";
}

cJSON *html_sweep_chart_new(struct html_out *o, const cJSON *doc,
                            const char *title, const char *disks_title)
{
    if (!html_sweep_over(doc)) {
        cJSON *cfg = html_chart_new(o, "line", title, disks_title, "linear");
        html_chart_whole_x(o, cfg);
        return cfg;
    }
    const cJSON *values = html_get(doc, "config.sweep_over.values"), *v;
    const char *labels[SIM_MAX_SWEEP];
    int n = 0;
    cJSON_ArrayForEach(v, values)
        if (n < SIM_MAX_SWEEP)
            labels[n++] = cJSON_IsString(v) ? v->valuestring : "?";
    cJSON *cfg = html_chart_new(o, "line", title, html_sweep_key_title(doc), "category");
    html_chart_labels(o, cfg, labels, n);
    return cfg;
}

void html_sweep_point(struct html_out *o, const cJSON *doc, cJSON *set,
                      const cJSON *run, bool has, double y)
{
    double disks;
    if (html_sweep_over(doc))
        html_chart_y(o, set, y, has);
    else if (has && html_num(run, "disks", &disks))
        html_chart_xy(o, set, disks, y);
}

void html_sweep_key_text(const cJSON *doc, const cJSON *run, char *buf, size_t len)
{
    double disks = 0;
    if (html_sweep_over(doc))
        snprintf(buf, len, "%s", html_str_or(run, "swept_value", "?"));
    else if (html_num(run, "disks", &disks))
        snprintf(buf, len, "%.0f", disks);
    else
        snprintf(buf, len, "?");
}

void html_sweep_last(const cJSON *doc, char *which, size_t len)
{
    const cJSON *sweep = html_get(doc, "sweep");
    const cJSON *last = cJSON_GetArrayItem(sweep, cJSON_GetArraySize(sweep) - 1);
    double disks = 0;
    if (html_sweep_over(doc)) {
        snprintf(which, len, "%s=%s", html_sweep_key_title(doc),
                 html_str_or(last, "swept_value", "?"));
        return;
    }
    html_num(doc, "config.disks", &disks);
    snprintf(which, len, "%.0f disks", disks);
}
