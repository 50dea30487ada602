/*
 * html_header.c - the top of every report: what was simulated or
 * measured, when, by which asmsim and with which exact command, and the
 * summary a reader came for.
 *
 *   what      instance (and its limits), volume (spec, limits, price),
 *             disks (a sweep's, and the counts it skipped and why),
 *             layout, workload, matrix, durations, backend and, on real
 *             devices, the targets;
 *   summary   ORION's three lines and the burst remarks, as the terminal
 *             printed them (readings.summary), then the same figures as
 *             a table with the limit that binds each, and the monthly
 *             list price from the JSON's cost object (instance and
 *             volumes, with how each figure was made).
 *
 * A database workload (html_db) has no small and large: its what-table
 * leaves out the volume, layout and ORION workload rows (each group has
 * its own, in the groups table under it, html_classes.c), and its
 * summary is the table of its classes in place of ORION's lines.
 *
 * The summary cells carry data-key="<summary key>" so that a reader (and
 * the browser test) can find each figure; they are written with ORION's
 * decimals (MB/s 2, IOPS 0, latency 3), as the three lines are.
 */
#include <stdlib.h>
#include <string.h>

#include "sim/report/html_page.h"
#include "sim/report/report.h"          /* report_skipped_text */

void html_what_row(struct html_out *o, const char *label, const char *text)
{
    fputs("<tr><th>", o->f);
    html_text(o->f, label);
    fputs("</th><td>", o->f);
    html_text(o->f, text);
    fputs("</td></tr>\n", o->f);
}

static void instance_row(struct html_out *o, const cJSON *doc)
{
    const char *name = html_str(doc, "config.instance.name");
    double base_mbps = 0, max_mbps = 0, base_iops = 0, max_iops = 0;
    char text[256];

    html_num(doc, "config.instance.base_mbps", &base_mbps);
    html_num(doc, "config.instance.max_mbps", &max_mbps);
    html_num(doc, "config.instance.base_iops", &base_iops);
    html_num(doc, "config.instance.max_iops", &max_iops);
    if (max_mbps <= 0 && max_iops <= 0)
        snprintf(text, sizeof text, "%s (no instance limit)", name ? name : "none");
    else if (!html_instance_caps(doc))
        snprintf(text, sizeof text, "%s (%s): its EBS / block-volume limits do not apply "
                 "to %s (instance store)", name ? name : "?",
                 html_str_or(doc, "config.instance.provider", "?"),
                 html_str_or(doc, "config.volume.type", "?"));
    else
        snprintf(text, sizeof text, "%s (%s): %.2f MB/s and %.0f IOPS at base, "
                 "%.2f MB/s and %.0f IOPS at most", name ? name : "?",
                 html_str_or(doc, "config.instance.provider", "?"),
                 base_mbps, base_iops, max_mbps, max_iops);
    html_what_row(o, "instance", text);
}

static void volume_row(struct html_out *o, const cJSON *doc)
{
    double iops = 0, mibps = 0, price = 0, size = 0;
    char text[512], sz[32];

    if (html_str(doc, "config.volume.spec") == NULL)
        return;
    html_num(doc, "config.volume.size_bytes", &size);
    html_fmt_bytes(size, sz, sizeof sz);
    if (!html_modelled(doc)) {
        snprintf(text, sizeof text, "%s (%s backend), %s each",
                 html_str(doc, "config.volume.spec"),
                 html_str_or(doc, "config.backend", "?"), sz);
        html_what_row(o, "volume", text);
        return;
    }
    html_num(doc, "config.volume.iops", &iops);
    html_num(doc, "config.volume.throughput_mibps", &mibps);
    html_num(doc, "config.volume.price_usd_month", &price);
    snprintf(text, sizeof text, "%s: %s, %.0f IOPS, %.1f MiB/s, $%.2f/month each",
             html_str(doc, "config.volume.spec"), sz, iops, mibps, price);
    html_what_row(o, "volume", text);
}

/* A sweep's config.sweep_skipped, grouped as summary.txt has it
   (report_skipped_text): "1, 2 (at 1: --redundancy high: needs ...)". */
static void skipped_row(struct html_out *o, const cJSON *doc)
{
    struct report_skip skip[SIM_MAX_SWEEP];
    struct report_meta meta = { .skipped = skip };
    const cJSON *c;
    char *text = NULL;
    size_t len = 0;

    cJSON_ArrayForEach(c, html_get(doc, "config.sweep_skipped")) {
        const cJSON *d = cJSON_GetObjectItemCaseSensitive(c, "disks");
        const cJSON *why = cJSON_GetObjectItemCaseSensitive(c, "reason");
        if (meta.n_skipped < SIM_MAX_SWEEP && cJSON_IsNumber(d) && cJSON_IsString(why))
            skip[meta.n_skipped++] = (struct report_skip){ d->valueint, why->valuestring };
    }
    FILE *f = meta.n_skipped > 0 ? open_memstream(&text, &len) : NULL;
    if (f == NULL)
        return;
    report_skipped_text(f, "", &meta);
    if (fclose(f) == 0)
        html_what_row(o, "not run", text);
    free(text);
}

/* Under mpirun: every rank's targets (cluster.targets), "host (rank r):
   a, b; ...", as much as the row's room holds. */
static void rank_targets_row(struct html_out *o, const cJSON *doc)
{
    const cJSON *ranks = html_get(doc, "cluster.targets"), *one, *t;
    const cJSON *hosts = html_get(doc, "cluster.hosts");
    char text[2048] = "";
    size_t n = 0;
    int r = 0;
    cJSON_ArrayForEach(one, ranks) {
        const cJSON *h = cJSON_GetArrayItem(hosts, r);
        if (n < sizeof text - 64)
            n += (size_t)snprintf(text + n, sizeof text - n, "%s%s (rank %d):",
                                  r ? "; " : "", cJSON_IsString(h) ? h->valuestring : "?", r);
        int i = 0;
        cJSON_ArrayForEach(t, one)
            if (cJSON_IsString(t) && n < sizeof text - 64)
                n += (size_t)snprintf(text + n, sizeof text - n, "%s %s", i++ ? "," : "",
                                      t->valuestring);
        r++;
    }
    if (n >= sizeof text - 64)
        snprintf(text + sizeof text - 64, 64, " ... (every one in the JSON's "
                 "cluster.targets)");
    html_what_row(o, "targets", text);
}

static void disks_row(struct html_out *o, const cJSON *doc)
{
    const cJSON *counts = html_get(doc, "config.sweep_disks"), *c;
    char text[1024] = "";
    size_t n = 0;
    double disks = 0;

    if (html_sweep_over(doc)) {
        html_num(doc, "config.disks", &disks);
        snprintf(text, sizeof text, "%.0f (the sweep is over %s)", disks,
                 html_sweep_key_title(doc));
    } else if (cJSON_IsArray(counts)) {
        cJSON_ArrayForEach(c, counts)
            if (cJSON_IsNumber(c) && n < sizeof text - 16)
                n += (size_t)snprintf(text + n, sizeof text - n, "%s%d",
                                      n ? ", " : "swept over ", c->valueint);
    } else {
        html_num(doc, "config.disks", &disks);
        int ranks = cJSON_GetArraySize(html_get(doc, "cluster.targets"));
        if (ranks > 1)
            snprintf(text, sizeof text, "%.0f, each a target on every rank (%.0f targets "
                     "on %d ranks)", disks, disks * ranks, ranks);
        else
            snprintf(text, sizeof text, "%.0f", disks);
    }
    html_what_row(o, "disks", text);
    skipped_row(o, doc);
    if (cJSON_IsArray(html_get(doc, "cluster.targets"))) {
        rank_targets_row(o, doc);
    } else if (cJSON_IsArray(html_get(doc, "config.targets"))) {
        n = 0;
        text[0] = '\0';
        cJSON_ArrayForEach(c, html_get(doc, "config.targets"))
            if (cJSON_IsString(c) && n < sizeof text - 8)
                n += (size_t)snprintf(text + n, sizeof text - n, "%s%s",
                                      n ? ", " : "", c->valuestring);
        html_what_row(o, "targets", text);
    }
}

static void layout_row(struct html_out *o, const cJSON *doc)
{
    double au = 0, fg = 0;
    char text[256], size[32], groups[48];

    html_num(doc, "config.layout.au_bytes", &au);
    html_num(doc, "config.layout.failgroups", &fg);
    html_fmt_bytes(au, size, sizeof size);
    if (cJSON_IsTrue(html_get(doc, "config.layout.failgroup_per_disk")))
        snprintf(groups, sizeof groups, "one failure group per disk");
    else
        snprintf(groups, sizeof groups, "%.0f failure groups", fg);
    snprintf(text, sizeof text, "%s, AU %s, %s redundancy, %s",
             html_str_or(doc, "config.layout.striping", "?"), size,
             html_str_or(doc, "config.layout.redundancy", "?"), groups);
    html_what_row(o, "layout", text);
}

void html_duration_text(const cJSON *doc, char *buf, size_t len)
{
    const char *dur_s = html_str(doc, "config.duration_s");
    double dur = 0;

    if (dur_s)
        snprintf(buf, len, "%s", dur_s);
    else if (html_num(doc, "config.duration_s", &dur))
        snprintf(buf, len, "%g s", dur);
    else
        snprintf(buf, len, "?");
}

static void workload_row(struct html_out *o, const cJSON *doc)
{
    double sb = 0, lb = 0, wr = 0;
    char text[384], small[32], large[32], d[48];

    html_num(doc, "config.workload.small_bytes", &sb);
    html_num(doc, "config.workload.large_bytes", &lb);
    html_num(doc, "config.workload.write_pct", &wr);
    html_fmt_bytes(sb, small, sizeof small);
    html_fmt_bytes(lb, large, sizeof large);
    html_duration_text(doc, d, sizeof d);
    snprintf(text, sizeof text, "run %s, matrix %s; small %s random, large %s "
             "%s; %.0f %% writes; duration per point %s",
             html_str_or(doc, "config.matrix.run", "?"),
             html_str_or(doc, "config.matrix.matrix", "?"),
             small, large, html_str_or(doc, "config.workload.large_type", "?"), wr, d);
    html_what_row(o, "workload", text);
}

static void summary_row(struct html_out *o, const cJSON *doc, const char *what,
                        const char *key, int decimals, const char *at_key,
                        const char *limit_key)
{
    char path[96];
    double s = 0, l = 0;

    fputs("<tr><th>", o->f);
    html_text(o->f, what);
    fputs("</th>", o->f);
    html_summary_cell(o, doc, key, decimals, true);
    snprintf(path, sizeof path, "summary.%s.small", at_key);
    bool at = html_num(doc, path, &s);
    snprintf(path, sizeof path, "summary.%s.large", at_key);
    at = html_num(doc, path, &l) && at;
    if (at)
        fprintf(o->f, "<td>Small=%.0f and Large=%.0f</td>", s, l);
    else
        fputs("<td>-</td>", o->f);
    html_limit_cell(o, doc, limit_key);
    fputs("</tr>\n", o->f);
}

/* The monthly bill: the JSON's cost object (prices.h), each figure with
   how it was made; a JSON from before it: the volumes at their list
   price.  Nothing for what is not priced. */
static void cost_line(struct html_out *o, const cJSON *doc)
{
    const cJSON *c = html_get(doc, "cost");
    const char *what;
    double usd, part;

    if (!html_month_cost(doc, doc, &usd, &what))
        return;
    fputs("<p class=\"cost\">Monthly cost", o->f);
    if (cJSON_IsObject(c))
        html_textf(o, " (%s)", html_str_or(c, "prices", "list price"));
    fprintf(o->f, ": <span data-key=\"month_usd\">%.2f</span> USD for the ", usd);
    html_text(o->f, what);
    if (cJSON_IsObject(c)) {
        if (html_num(c, "instance_usd_month", &part))
            html_textf(o, "; instance %.2f (%s)", part, html_str_or(c, "instance_basis", "?"));
        else
            html_textf(o, "; instance not priced (%s)", html_str_or(c, "instance_basis", "?"));
        /* several groups: the basis is their lines, not one volume's */
        bool lines = cJSON_GetArraySize(html_get(doc, "config.groups")) > 1;
        if (html_num(c, "volumes_usd_month", &part))
            html_textf(o, lines ? "; volumes %.2f (%s)" : "; volumes %.2f (%s each)",
                       part, html_str_or(c, "volume_basis", "?"));
    }
    fputs("</p>\n", o->f);
}

/* ORION's three lines as the terminal printed them, then the table. */
static void orion_summary(struct html_out *o, const cJSON *doc)
{
    const cJSON *line;

    fputs("<div class=\"lines\">\n", o->f);
    cJSON_ArrayForEach(line, html_get(doc, "readings.summary"))
        if (cJSON_IsString(line))
            html_elem(o, "p", "summary-line", line->valuestring);
    fputs("</div>\n<table class=\"summary\"><thead><tr><th></th><th>figure</th>"
          "<th>at load</th><th>binding limit</th></tr></thead><tbody>\n", o->f);
    summary_row(o, doc, "Maximum Large MBPS (MB/s)", "max_large_mbps", 2,
                "max_large_at", "max_large_limited_by");
    summary_row(o, doc, "Maximum Small IOPS", "max_small_iops", 0,
                "max_small_at", "max_small_limited_by");
    summary_row(o, doc, "Minimum Small Latency (us)", "min_small_latency_us", 3,
                "min_small_latency_at", "min_small_latency_limited_by");
    fputs("</tbody></table>\n", o->f);
}

/* A sweep's summary is its last disk count's, as the terminal's three
   lines after a sweep are: the heading says so. */
static void summary(struct html_out *o, const cJSON *doc)
{
    char which[128];

    fputs("<section id=\"summary\"><h2>", o->f);
    html_sweep_last(doc, which, sizeof which);
    if (cJSON_IsArray(html_get(doc, "sweep")))
        html_textf(o, "Summary of the last %s, %s",
                   html_sweep_over(doc) ? "run" : "disk count", which);
    else
        fputs("Summary", o->f);
    fputs("</h2>\n", o->f);
    if (html_db(doc))
        html_db_summary(o, doc);
    else
        orion_summary(o, doc);
    cost_line(o, doc);
    if (cJSON_IsTrue(html_get(doc, "incomplete")))
        html_elem(o, "p", "warning", "Incomplete: the run stopped before its "
                  "last point; the figures are those of the points measured.");
    if (html_str(doc, "failed"))
        html_elem(o, "p", "warning", html_str(doc, "failed"));
    fputs("</section>\n", o->f);
}

/* The options the run echoes in every output (config.options: --label),
   a row each, first: they name the run. */
static void option_rows(struct html_out *o, const cJSON *doc)
{
    const cJSON *x;

    cJSON_ArrayForEach(x, html_get(doc, "config.options"))
        if (cJSON_IsString(x) && x->string)
            html_what_row(o, x->string, x->valuestring);
}

void html_header(struct html_out *o, const cJSON *doc, const char *name)
{
    const char *kind = cJSON_IsArray(html_get(doc, "sweep")) ? "sweep" : "run";

    fputs("<header>\n<h1>", o->f);
    html_textf(o, "asmsim %s report: %s", kind, name ? name : "results");
    fputs("</h1>\n<table class=\"what\"><tbody>\n", o->f);
    option_rows(o, doc);
    instance_row(o, doc);
    if (html_db(doc)) {         /* the groups' volumes and layouts, below */
        bool one = cJSON_GetArraySize(html_get(doc, "config.groups")) == 0;
        if (one)                /* no --group: the run's one volume and layout */
            volume_row(o, doc);
        disks_row(o, doc);
        if (one)
            layout_row(o, doc);
        html_db_what_rows(o, doc);
    } else {
        volume_row(o, doc);
        disks_row(o, doc);
        layout_row(o, doc);
        workload_row(o, doc);
    }
    html_what_row(o, "backend", html_str_or(doc, "config.backend", "?"));
    html_what_row(o, "started", html_str_or(doc, "started", "?"));
    html_what_row(o, "asmsim", html_str_or(doc, "asmsim_version", "?"));
    fputs("<tr><th>command</th><td><code>", o->f);
    html_text(o->f, html_str(doc, "command"));
    fputs("</code></td></tr>\n</tbody></table>\n", o->f);
    if (html_db(doc))
        html_db_config(o, doc);
    fputs("</header>\n", o->f);
    summary(o, doc);
}
