/*
 * html_hosts.c - a run several hosts measured together (mpirun: the
 * results JSON's "cluster" and each point's "hosts", docs/fields.md,
 * written by report_json.c from run_cluster.c's merge), or a modelled
 * cluster (--nodes: "cluster.modelled", each node a host row).
 *
 *   who        the ranks and their hosts, and how together the windows
 *              opened: the widest spread of a point's window starts, in
 *              milliseconds and as a share of its window (the 1 % the
 *              run is held to, README "Several hosts at once"); or the
 *              modelled nodes, which share one virtual clock;
 *   per point  the terminal's table "Hosts": each rank's start (from the
 *              point's first window), its window, its small IOPS and
 *              large MB/s, its small and large latency (mean and p99),
 *              its errors; then the point's own figures, the cluster's
 *              ("all hosts": rates added, latency from the merged
 *              histograms).  Cells carry data-key (the JSON key of the
 *              host's row), so the tests read the page back.
 *
 * Nothing when the document has no cluster.  The figures are the JSON's;
 * nothing is computed here but the spread.
 */
#include <math.h>
#include <string.h>

#include "sim/report/html_page.h"

/* The earliest and latest window start of a point's hosts; false when it
   has none. */
static bool window_spread(const cJSON *hosts, double *first, double *spread)
{
    const cJSON *h;
    double t, lo = INFINITY, hi = -INFINITY;

    cJSON_ArrayForEach(h, hosts)
        if (html_num(h, "window_unix_s", &t)) {
            lo = fmin(lo, t);
            hi = fmax(hi, t);
        }
    if (!(lo <= hi))
        return false;
    *first = lo;
    *spread = hi - lo;
    return true;
}

/* The sentence under the title: who measured, how together. */
static void who(struct html_out *o, const cJSON *doc)
{
    const cJSON *p, *name;
    double ranks = 0, nodes = 0, first, spread, measured, worst = 0, worst_share = 0;
    char names[512] = "";
    size_t n = 0;

    html_num(doc, "cluster.ranks", &ranks);
    html_num(doc, "cluster.nodes", &nodes);
    cJSON_ArrayForEach(name, html_get(doc, "cluster.hosts"))
        if (cJSON_IsString(name) && n < sizeof names)
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", n ? ", " : "",
                                  name->valuestring);
    cJSON_ArrayForEach(p, html_get(doc, "points"))
        if (window_spread(html_get(p, "hosts"), &first, &spread) &&
            html_num(p, "measured_s", &measured) && measured > 0 &&
            spread / measured >= worst_share) {
            worst = spread;
            worst_share = spread / measured;
        }
    fputs("<p class=\"reading\" data-key=\"cluster.spread\">", o->f);
    if (cJSON_IsTrue(html_get(doc, "cluster.modelled")))
        html_textf(o, "%.0f modelled nodes (%s), each its own instance with its own "
                   "limits and burst credits, each offering the whole load, on the same "
                   "shared volumes (--nodes); the figures of the run are all nodes': "
                   "rates added, latency from the merged histograms.", nodes, names);
    else
        html_textf(o, "%.0f ranks (%s) measured every point together, each on its own "
                   "host's targets; the figures of the run are all hosts': rates added, "
                   "latency from the merged histograms.  The windows of a point opened "
                   "within %.1f ms of each other at most (%.2f %% of its window).",
                   ranks, names, worst * 1e3, worst_share * 100);
    fputs("</p>\n", o->f);
}

/* The figures of a host's row, and of the cluster's beside it, read
   from the host (ORION's classes: its keys are a point's,
   docs/fields.md) or from its class (a database workload's). */
struct fig {
    const char *key;
    int decimals;
};
static const struct fig orion_figs[] = {
    { "iops", 0 }, { "mbps", 2 },
    { "small_lat_us.avg", 0 }, { "small_lat_us.p99", 0 },
    { "large_lat_us.avg", 0 }, { "large_lat_us.p99", 0 }, { "errors", 0 },
};
static const struct fig class_figs[] = {
    { "iops", 0 }, { "mbps", 2 }, { "lat_us.avg", 0 }, { "lat_us.p99", 0 },
};

/* What a row shows: its label (the point, or the class), the figures'
   table, and where the figures are. */
struct row {
    const char *label;
    const struct fig *figs;
    size_t n_figs;
};

/* Host h's row; x: where its figures are (h, or its class). */
static void host_row(struct html_out *o, const struct row *w, const cJSON *h,
                     const cJSON *x, double first)
{
    double t;

    fputs("<tr>", o->f);
    html_text_cell(o, w->label);
    html_text_cell(o, html_str_or(h, "host", "-"));
    html_key_cell(o, h, "rank", 0);
    if (html_num(h, "window_unix_s", &t))
        fprintf(o->f, "<td data-key=\"start_ms\">%.1f</td>", (t - first) * 1e3);
    else
        fputs("<td data-key=\"start_ms\">-</td>", o->f);
    html_key_cell(o, h, "measured_s", 2);
    for (size_t i = 0; i < w->n_figs; i++)
        html_key_cell(o, x, w->figs[i].key, w->figs[i].decimals);
    fputs("</tr>\n", o->f);
}

/* The cluster's row: the point's own figures (x: the point, or its
   class). */
static void all_row(struct html_out *o, const struct row *w, const cJSON *p,
                    const cJSON *x)
{
    fputs("<tr class=\"all\">", o->f);
    html_text_cell(o, w->label);
    fputs("<td>all hosts</td><td></td><td></td>", o->f);
    html_num_cell(o, p, "measured_s", 2);
    for (size_t i = 0; i < w->n_figs; i++)
        html_num_cell(o, x, w->figs[i].key, w->figs[i].decimals);
    fputs("</tr>\n", o->f);
}

/* Point p's rows: ORION's classes, its hosts then the cluster; a
   database workload's, class by class. */
static void point_rows(struct html_out *o, const cJSON *p, bool db, double first)
{
    const cJSON *h, *k;
    char label[64];

    if (!db) {
        double small = 0, large = 0;
        html_num(p, "small", &small);
        html_num(p, "large", &large);
        snprintf(label, sizeof label, "%.0f,%.0f", small, large);
        struct row w = { label, orion_figs, sizeof orion_figs / sizeof orion_figs[0] };
        cJSON_ArrayForEach(h, html_get(p, "hosts"))
            host_row(o, &w, h, h, first);
        all_row(o, &w, p, p);
        return;
    }
    int c = 0;
    cJSON_ArrayForEach(k, html_get(p, "classes")) {
        struct row w = { html_str_or(k, "name", "?"), class_figs,
                         sizeof class_figs / sizeof class_figs[0] };
        cJSON_ArrayForEach(h, html_get(p, "hosts"))
            host_row(o, &w, h, cJSON_GetArrayItem(html_get(h, "classes"), c), first);
        all_row(o, &w, p, k);
        c++;
    }
}

void html_hosts(struct html_out *o, const cJSON *doc)
{
    const cJSON *p;
    bool db = html_db(doc);

    if (!html_get(doc, "cluster"))
        return;
    fputs("<section id=\"hosts\"><h2>Several hosts at once</h2>\n", o->f);
    who(o, doc);
    if (db)
        fputs("<table class=\"hosts\"><thead><tr><th>class</th><th>host</th>"
              "<th>rank</th><th>start ms</th><th>window s</th><th>IOPS</th>"
              "<th>MB/s</th><th>mean us</th><th>p99 us</th></tr></thead><tbody>\n", o->f);
    else
        fputs("<table class=\"hosts\"><thead><tr><th>point (small,large)</th>"
              "<th>host</th><th>rank</th><th>start ms</th><th>window s</th>"
              "<th>small IOPS</th><th>large MB/s</th><th>small mean us</th>"
              "<th>small p99 us</th><th>large mean us</th><th>large p99 us</th>"
              "<th>errors</th></tr></thead><tbody>\n", o->f);
    cJSON_ArrayForEach(p, html_get(doc, "points")) {
        double first, spread;
        if (window_spread(html_get(p, "hosts"), &first, &spread))
            point_rows(o, p, db, first);
    }
    fputs("</tbody></table>\n</section>\n", o->f);
}
