/*
 * html_advice_front.c - what one more dollar buys, in the report of
 * `asmsim advise` (the JSON's pareto object and candidates[]; docs/
 * fields.md "Advise JSON"; the lists are made in sim/advise/
 * advise_front.c, which the report does not link).
 *
 *   chart   cost against latency, beside cost against headroom: every
 *           candidate judged by a simulation that has a latency figure
 *           (candidates[].latency_us; a --merge document has no
 *           candidates[], and its best[] and rejected[] stand in),
 *           passes and misses as two scatter sets, and the latency front
 *           (pareto.latency_front: the answer, then each cheapest pass
 *           2 % faster than the one before) as a line through its points;
 *           none when no candidate has a latency figure (no small I/O
 *           was asked);
 *   table   the cheapest configuration of each instance family
 *           (pareto.families): its bill, what it costs over the answer,
 *           its least headroom; under it where the search stopped
 *           (pareto.cut_usd_month), above which a family is absent.
 */
#include <math.h>
#include <stdlib.h>

#include "sim/report/html_page.h"

/* The latency and bill of x, when x is a simulated configuration with a
   latency figure (a candidates[] entry or a configuration object). */
static bool latency_point(const cJSON *x, double *usd, double *lat_us)
{
    if (cJSON_IsFalse(html_get(x, "simulated")) || !html_num(x, "latency_us", lat_us))
        return false;
    return html_num(x, "usd_month", usd) || html_num(x, "usd_month.total", usd);
}

/* Draw the points of list into the pass and miss sets: their count. */
static int draw_list(struct html_out *o, const cJSON *list, cJSON *pass, cJSON *miss,
                     int *passes)
{
    const cJSON *x;
    double usd, lat;
    int n = 0;

    cJSON_ArrayForEach(x, list) {
        if (!latency_point(x, &usd, &lat))
            continue;
        bool ok = cJSON_IsTrue(html_get(x, "pass"));
        html_chart_xy(o, ok ? pass : miss, usd, lat / 1e3);
        *passes += ok;
        n++;
    }
    return n;
}

/* Whether any configuration of the document has a latency figure. */
static bool has_latency(const cJSON *doc, const char *const *lists, size_t n_lists)
{
    const cJSON *x;
    double usd, lat;

    for (size_t l = 0; l < n_lists; l++)
        cJSON_ArrayForEach(x, html_get(doc, lists[l]))
            if (latency_point(x, &usd, &lat))
                return true;
    return false;
}

void html_advice_latency_chart(struct html_out *o, const cJSON *doc)
{
    static const char *const all[] = { "candidates" };
    static const char *const reported[] = { "best", "rejected" };
    const char *title = "Cost against latency";
    bool listed = cJSON_GetArraySize(html_get(doc, "candidates")) > 0;
    const char *const *lists = listed ? all : reported;
    size_t n_lists = listed ? 1 : 2;
    const cJSON *x;
    int n = 0, passes = 0, on_front = 0;
    char reading[512];

    if (!has_latency(doc, lists, n_lists))
        return;
    const char *stat = html_str_or(doc, "pareto.latency_stat", "mean");
    char y_title[64];
    snprintf(y_title, sizeof y_title, "small latency, %s (ms)", stat);
    cJSON *cfg = html_chart_new(o, "scatter", title, "monthly bill (USD)", "linear");
    html_chart_axis(o, cfg, "y", y_title, "linear");
    cJSON *pass = html_chart_dataset(o, cfg, "meets every target", 2, "y");
    cJSON *miss = html_chart_dataset(o, cfg, "misses a target", 3, "y");
    cJSON *line = html_chart_dataset(o, cfg, "latency front", 6, "y");
    if (line != NULL && cJSON_AddBoolToObject(line, "showLine", true) == NULL)
        o->oom = true;
    for (size_t l = 0; l < n_lists; l++)
        n += draw_list(o, html_get(doc, lists[l]), pass, miss, &passes);
    cJSON_ArrayForEach(x, html_get(doc, "pareto.latency_front")) {
        double usd, lat;
        if (latency_point(x, &usd, &lat)) {
            html_chart_xy(o, line, usd, lat / 1e3);
            on_front++;
        }
    }
    snprintf(reading, sizeof reading, "%d configuration%s %s with a latency figure, %d "
             "meeting every target; %d on the latency front (the answer, then each cheapest "
             "configuration meeting every target 2 %% faster than the one before).", n,
             n == 1 ? "" : "s", listed ? "judged" : "reported", passes, on_front);
    html_figure(o, title, cfg, reading);
}

/* "the answer", or "+75.42" over it. */
static void over_cell(struct html_out *o, const cJSON *x)
{
    double over;
    char text[32];

    if (!html_num(x, "usd_month_over_answer", &over))
        snprintf(text, sizeof text, "-");
    else if (fabs(over) < 0.005)
        snprintf(text, sizeof text, "0.00 (the answer's price)");
    else
        snprintf(text, sizeof text, "%+.2f", over);
    html_text_cell(o, text);
}

static void family_row(struct html_out *o, const cJSON *x)
{
    double disks = 0, h;
    char text[320];

    fputs("<tr>", o->f);
    html_text_cell(o, html_str_or(x, "family", "?"));
    html_num(x, "disks", &disks);
    snprintf(text, sizeof text, "%s + %.0f x %s", html_str_or(x, "instance", "?"), disks,
             html_str_or(x, "volume", "?"));
    html_text_cell(o, text);
    html_num_cell(o, x, "usd_month", 2);
    over_cell(o, x);
    if (html_num(x, "headroom_frac", &h))
        fprintf(o->f, "<td>%+.1f %%</td>", 100 * h);
    else
        fputs("<td>-</td>", o->f);
    fputs("</tr>\n", o->f);
}

void html_advice_families(struct html_out *o, const cJSON *doc)
{
    const cJSON *rows = html_get(doc, "pareto.families"), *x;
    double cut;

    if (cJSON_GetArraySize(rows) == 0)
        return;
    fputs("<section id=\"families\"><h2>The cheapest of each family</h2>\n<table "
          "class=\"families\"><thead><tr><th>family</th><th>cheapest configuration "
          "meeting every target</th><th>total USD/month</th><th>over the answer</th>"
          "<th>headroom</th></tr></thead><tbody>\n", o->f);
    cJSON_ArrayForEach(x, rows)
        family_row(o, x);
    fputs("</tbody></table>\n", o->f);
    if (html_num(doc, "pareto.cut_usd_month", &cut)) {
        fputs("<p class=\"note\" data-key=\"cut_usd_month\">", o->f);
        html_textf(o, "Not searched above %.2f USD/month, where the search found its "
                   "--top configurations meeting every target: a family whose cheapest "
                   "costs more is not listed.", cut);
        fputs("</p>\n", o->f);
    }
    fputs("</section>\n", o->f);
}
