/*
 * html_chart.c - one chart of the HTML report: a Chart.js configuration
 * built here in C, and the <figure> that holds its canvas.
 *
 *   <figure class="chart">
 *     <h3>title</h3>
 *     <div class="plot"><canvas id="chartN" role="img" aria-label="title"></canvas></div>
 *     <p class="reading">one sentence saying what the chart shows</p>
 *   </figure>
 *
 * The configurations collect in html_out.charts and are written once, as
 * JSON, in a <script type="application/json"> element; the page's script
 * (html_page.c) creates one Chart per entry.  Every chart has a title,
 * axis titles with units and a reading line: the builders below ask for
 * them, so a chart without them cannot be made.
 *
 * Colours.  The Okabe-Ito palette (Okabe & Ito, "Color Universal
 * Design", 2008), which readers with any common colour-vision deficiency
 * tell apart; its yellow is left out (unreadable on white).  Each colour
 * also has its own dash pattern and point style, so lines stay apart in
 * grey print.  Reference lines (limits) are dark grey and dashed.
 * Animation is off: the chart is complete when the constructor returns,
 * which the page's "charts rendered" marker and printing rely on.
 */
#include <math.h>
#include <string.h>

#include "sim/report/html_page.h"

static const char *const palette[HTML_PALETTE] = {
    "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000",
};
static const int dash[HTML_PALETTE][2] = {
    {0, 0}, {6, 3}, {2, 2}, {10, 4}, {4, 2}, {1, 3}, {8, 2},
};
static const char *const point_style[HTML_PALETTE] = {
    "circle", "rect", "triangle", "rectRot", "star", "crossRot", "cross",
};

/* cJSON's adders return NULL when out of memory: noted once, in o. */
static cJSON *checked(struct html_out *o, cJSON *item)
{
    if (item == NULL)
        o->oom = true;
    return item;
}

static cJSON *obj(struct html_out *o, cJSON *parent, const char *key)
{
    cJSON *x = parent ? cJSON_GetObjectItemCaseSensitive(parent, key) : NULL;
    if (x != NULL || parent == NULL)
        return x;
    return checked(o, cJSON_AddObjectToObject(parent, key));
}

static void str(struct html_out *o, cJSON *parent, const char *key, const char *v)
{
    if (parent)
        checked(o, cJSON_AddStringToObject(parent, key, v));
}

static void num(struct html_out *o, cJSON *parent, const char *key, double v)
{
    if (parent)
        checked(o, cJSON_AddNumberToObject(parent, key, v));
}

static void flag(struct html_out *o, cJSON *parent, const char *key, bool v)
{
    if (parent)
        checked(o, cJSON_AddBoolToObject(parent, key, v));
}

static void push(struct html_out *o, cJSON *arr, cJSON *item)
{
    if (item == NULL || arr == NULL || !cJSON_AddItemToArray(arr, item)) {
        cJSON_Delete(item);
        o->oom = true;
    }
}

/* An axis title, shown. */
static void axis_title(struct html_out *o, cJSON *axis, const char *title)
{
    cJSON *t = obj(o, axis, "title");
    flag(o, t, "display", true);
    str(o, t, "text", title);
}

cJSON *html_chart_new(struct html_out *o, const char *type, const char *title,
                      const char *x_title, const char *x_scale)
{
    cJSON *cfg = checked(o, cJSON_CreateObject());
    cJSON *opt, *plugins, *x;

    if (cfg == NULL)
        return NULL;
    str(o, cfg, "type", type);
    checked(o, cJSON_AddArrayToObject(obj(o, cfg, "data"), "datasets"));
    opt = obj(o, cfg, "options");
    flag(o, opt, "animation", false);
    flag(o, opt, "responsive", true);
    flag(o, opt, "maintainAspectRatio", false);
    plugins = obj(o, opt, "plugins");
    flag(o, obj(o, plugins, "title"), "display", true);
    str(o, obj(o, plugins, "title"), "text", title);
    str(o, obj(o, plugins, "legend"), "position", "bottom");
    x = obj(o, obj(o, opt, "scales"), "x");
    str(o, x, "type", x_scale);
    axis_title(o, x, x_title);
    return cfg;
}

void html_chart_whole_x(struct html_out *o, cJSON *cfg)
{
    cJSON *x = obj(o, obj(o, obj(o, cfg, "options"), "scales"), "x");
    num(o, obj(o, x, "ticks"), "precision", 0);
}

void html_chart_axis(struct html_out *o, cJSON *cfg, const char *id,
                     const char *title, const char *scale)
{
    cJSON *y = obj(o, obj(o, obj(o, cfg, "options"), "scales"), id);

    str(o, y, "type", scale);
    str(o, y, "position", strcmp(id, "y") == 0 ? "left" : "right");
    if (strcmp(scale, "linear") == 0)   /* a rate's zero is on the axis */
        flag(o, y, "beginAtZero", true);
    axis_title(o, y, title);
    if (strcmp(id, "y") != 0)         /* one grid is enough */
        flag(o, obj(o, y, "grid"), "drawOnChartArea", false);
}

void html_chart_axis_max(struct html_out *o, cJSON *cfg, const char *id, double max)
{
    num(o, obj(o, obj(o, obj(o, cfg, "options"), "scales"), id), "max", max);
}

void html_chart_labels(struct html_out *o, cJSON *cfg, const char *const *labels,
                       int n)
{
    cJSON *arr = checked(o, cJSON_AddArrayToObject(obj(o, cfg, "data"), "labels"));

    for (int i = 0; arr && i < n; i++)
        push(o, arr, cJSON_CreateString(labels[i]));
}

cJSON *html_chart_dataset(struct html_out *o, cJSON *cfg, const char *label,
                          int colour, const char *y_axis)
{
    cJSON *sets = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(cfg, "data"), "datasets");
    cJSON *set = checked(o, cJSON_CreateObject());
    int c = ((colour % HTML_PALETTE) + HTML_PALETTE) % HTML_PALETTE;

    if (set == NULL)
        return NULL;
    str(o, set, "label", label);
    str(o, set, "borderColor", palette[c]);
    str(o, set, "backgroundColor", palette[c]);
    str(o, set, "pointStyle", point_style[c]);
    num(o, set, "pointRadius", 3);
    num(o, set, "borderWidth", 2);
    str(o, set, "yAxisID", y_axis);
    if (dash[c][0] > 0) {
        cJSON *d = checked(o, cJSON_AddArrayToObject(set, "borderDash"));
        push(o, d, cJSON_CreateNumber(dash[c][0]));
        push(o, d, cJSON_CreateNumber(dash[c][1]));
    }
    checked(o, cJSON_AddArrayToObject(set, "data"));
    push(o, sets, set);
    return o->oom ? NULL : set;
}

void html_chart_xy(struct html_out *o, cJSON *set, double x, double y)
{
    cJSON *p;

    if (set == NULL || !isfinite(x) || !isfinite(y))
        return;
    p = checked(o, cJSON_CreateObject());
    num(o, p, "x", x);
    num(o, p, "y", y);
    push(o, cJSON_GetObjectItemCaseSensitive(set, "data"), p);
}

void html_chart_y(struct html_out *o, cJSON *set, double y, bool has)
{
    if (set == NULL)
        return;
    push(o, cJSON_GetObjectItemCaseSensitive(set, "data"),
         has && isfinite(y) ? cJSON_CreateNumber(y) : cJSON_CreateNull());
}

cJSON *html_chart_line_only(struct html_out *o, cJSON *set)
{
    if (set == NULL)
        return NULL;
    cJSON_DeleteItemFromObjectCaseSensitive(set, "pointRadius");
    cJSON_DeleteItemFromObjectCaseSensitive(set, "borderWidth");
    num(o, set, "pointRadius", 0);
    num(o, set, "borderWidth", 1.5);
    return set;
}

void html_chart_ref(struct html_out *o, cJSON *cfg, const char *label,
                    double y, double x0, double x1, const char *y_axis,
                    int colour)
{
    cJSON *set = html_chart_line_only(o, html_chart_dataset(o, cfg, label,
                                                            colour, y_axis));

    if (set == NULL)
        return;
    html_chart_xy(o, set, x0, y);
    html_chart_xy(o, set, x1, y);
}

void html_chart_event(struct html_out *o, cJSON *cfg, double x,
                      const char *label)
{
    cJSON *plug = obj(o, obj(o, obj(o, cfg, "options"), "plugins"), "asmsimEvents");
    cJSON *arr = plug ? cJSON_GetObjectItemCaseSensitive(plug, "events") : NULL;
    cJSON *e;

    if (plug && arr == NULL)
        arr = checked(o, cJSON_AddArrayToObject(plug, "events"));
    e = checked(o, cJSON_CreateObject());
    num(o, e, "x", x);
    str(o, e, "label", label);
    push(o, arr, e);
}

void html_figure(struct html_out *o, const char *title, cJSON *cfg,
                 const char *reading)
{
    char id[32];
    cJSON *entry;

    snprintf(id, sizeof id, "chart%d", o->n_charts + 1);
    fputs("<figure class=\"chart\">\n", o->f);
    html_elem(o, "h3", NULL, title);
    fprintf(o->f, "<div class=\"plot\"><canvas id=\"%s\" role=\"img\" aria-label=\"", id);
    html_text(o->f, title);
    fputs("\"></canvas></div>\n", o->f);
    html_elem(o, "p", "reading", reading ? reading : "(no reading in this results JSON)");
    fputs("</figure>\n", o->f);
    if (cfg == NULL) {
        o->oom = true;
        return;
    }
    entry = checked(o, cJSON_CreateObject());
    str(o, entry, "canvas", id);
    if (entry == NULL || !cJSON_AddItemToObject(entry, "config", cfg)) {
        cJSON_Delete(cfg);
        o->oom = true;
    }
    push(o, o->charts, entry);
    o->n_charts++;
}
