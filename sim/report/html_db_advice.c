/*
 * html_db_advice.c - the report of `asmsim advise --workload` (JSON
 * "kind": "database-advice", docs/fields.md "Advise JSON of a database").
 *
 *   header    the workload, each disk group (redundancy, its classes'
 *             demand, its capacity), the targets, the clouds, the
 *             instance constraints and the licences, the command; the
 *             answer in one line with its bill split into infrastructure
 *             and licences;
 *   tables    the best configurations (each group's volumes, the bill
 *             with every group and the licences apart, each class's
 *             figures, the binding limit, the run command), each group
 *             alone (its cheapest options per cloud), why nothing cheaper
 *             (the instances a constraint set aside, set_aside[], and
 *             rejected[]), the clouds side by side (cloud_best, when
 *             space.clouds holds more than one).
 *
 * The summary cells carry data-key for the browser test.
 */
#include <stdio.h>
#include <string.h>

#include "sim/report/html_page.h"

/* "m5.4xlarge + DATA 4 x gp3:... + REDO 17 x gp3:..." */
static void config_text(const cJSON *x, char *buf, size_t len)
{
    const cJSON *g;

    snprintf(buf, len, "%s", html_str_or(x, "instance", "?"));
    cJSON_ArrayForEach(g, html_get(x, "groups")) {
        double disks = 0;
        html_num(g, "disks", &disks);
        snprintf(buf + strlen(buf), len - strlen(buf), " + %s %.0f x %s",
                 html_str_or(g, "name", "?"), disks, html_str_or(g, "volume", "?"));
    }
}

/* "instance 560.64 + DATA 163.84 + REDO 10.88 = 735.36 infrastructure +
   8000.00 licences (8 processor licences) = 8735.36" */
static void bill_text(const cJSON *doc, const cJSON *x, char *buf, size_t len)
{
    double v = 0, infra = 0, lic = 0, units = 0, total = 0;
    const cJSON *g;

    html_num(x, "usd_month.instance", &v);
    snprintf(buf, len, "instance %.2f", v);
    cJSON_ArrayForEach(g, html_get(x, "groups")) {
        v = 0;
        html_num(g, "usd_month", &v);
        snprintf(buf + strlen(buf), len - strlen(buf), " + %s %.2f",
                 html_str_or(g, "name", "?"), v);
    }
    html_num(x, "usd_month.infrastructure", &infra);
    html_num(x, "usd_month.total", &total);
    if (!html_advice_licensed(doc)) {
        snprintf(buf + strlen(buf), len - strlen(buf), " = %.2f", total);
        return;
    }
    html_num(x, "usd_month.licences", &lic);
    html_num(x, "licence_units", &units);
    snprintf(buf + strlen(buf), len - strlen(buf),
             " = %.2f infrastructure + %.2f licences (%.0f %s%s) = %.2f", infra, lic, units,
             html_str_or(doc, "space.licence_unit", "unit"), units == 1 ? "" : "s", total);
}

/* "data-reads 2418/s of 2418, p99 872 us; ..." */
static void classes_text(const cJSON *x, char *buf, size_t len)
{
    const cJSON *c;

    buf[0] = '\0';
    cJSON_ArrayForEach(c, html_get(x, "classes")) {
        double iops = 0, offered = 0, p99 = 0;
        html_num(c, "iops", &iops);
        html_num(c, "offered", &offered);
        html_num(c, "p99_us", &p99);
        snprintf(buf + strlen(buf), len - strlen(buf), "%s%s %.0f/s of %.0f, p99 %.0f us",
                 buf[0] ? "; " : "", html_str_or(c, "name", "?"), iops, offered, p99);
    }
}

static void group_rows(struct html_out *o, const cJSON *doc)
{
    const cJSON *g, *c;
    char text[512];

    cJSON_ArrayForEach(g, html_get(doc, "groups")) {
        double ios = 0, mbps = 0, cap = 0;
        html_num(g, "demand_ios_per_s", &ios);
        html_num(g, "demand_mbps", &mbps);
        html_num(g, "capacity_bytes", &cap);
        /* a group of no class (RECO for space) reads as the terminal's */
        if (cJSON_GetArraySize(html_get(g, "class_names")) == 0)
            snprintf(text, sizeof text, "%s redundancy, no I/O of the workload",
                     html_str_or(g, "redundancy", "?"));
        else
            snprintf(text, sizeof text, "%s redundancy; %.0f I/Os a second, %.1f MB/s of",
                     html_str_or(g, "redundancy", "?"), ios, mbps);
        cJSON_ArrayForEach(c, html_get(g, "class_names"))
            if (cJSON_IsString(c))
                snprintf(text + strlen(text), sizeof text - strlen(text), " %s",
                         c->valuestring);
        if (cap > 0) {
            char size[32];
            html_fmt_bytes(cap, size, sizeof size);
            snprintf(text + strlen(text), sizeof text - strlen(text), "; capacity %s", size);
        }
        char label[48];
        snprintf(label, sizeof label, "group %s", html_str_or(g, "name", "?"));
        html_what_row(o, label, text);
    }
}

static void targets_text(const cJSON *doc, char *buf, size_t len)
{
    const cJSON *t;

    snprintf(buf, len, "every class served (at most 1 %% of its rate unmet)");
    cJSON_ArrayForEach(t, html_get(doc, "targets"))
        snprintf(buf + strlen(buf), len - strlen(buf), "; --need-%s %s%s",
                 html_str_or(t, "kind", "?"), html_str_or(t, "text", "?"),
                 cJSON_IsTrue(html_get(t, "of_group")) ? " (the group's)" : "");
}

static void header(struct html_out *o, const cJSON *doc, const char *name)
{
    const cJSON *best = cJSON_GetArrayItem(html_get(doc, "best"), 0);
    char text[2048];

    fputs("<header>\n<h1>", o->f);
    html_textf(o, "asmsim advice report: %s", name ? name : "a database's disk groups");
    fputs("</h1>\n<table class=\"what\"><tbody>\n", o->f);
    html_what_row(o, "workload", html_str_or(doc, "workload", "?"));
    group_rows(o, doc);
    targets_text(doc, text, sizeof text);
    html_what_row(o, "targets", text);
    html_advice_space_rows(o, doc);

    fputs("<section id=\"summary\"><h2>Summary</h2>\n<table class=\"summary\"><tbody>\n", o->f);
    if (best)
        config_text(best, text, sizeof text);
    html_key_row(o, "cheapest meeting every target", "best",
                 best ? text : "none: no configuration searched meets every target");
    if (best)
        bill_text(doc, best, text, sizeof text);
    html_key_row(o, "its monthly bill (USD)", "best_bill", best ? text : "-");
    double v = 0;
    html_num(doc, "search.simulated", &v);
    snprintf(text, sizeof text, "%.0f", v);
    html_key_row(o, "simulated", "simulated", text);
    fputs("</tbody></table>\n", o->f);
    if (cJSON_IsTrue(html_get(doc, "search.interrupted")))
        html_elem(o, "p", "warning", "Interrupted: the lists hold what was decided "
                  "before the search stopped.");
    fputs("</section>\n", o->f);
}

/* A table of configurations: best[], rejected[] (with why) or the
   clouds' best. */
static void configs_table(struct html_out *o, const cJSON *doc, const char *key,
                          bool why)
{
    const cJSON *x;
    int rank = 0;

    fputs("<table class=\"best\"><thead><tr><th>#</th><th>configuration</th>"
          "<th>USD/month</th><th>classes (simulated)</th>", o->f);
    fprintf(o->f, "<th>%s</th></tr></thead><tbody>\n", why ? "why not" : "binding limit");
    cJSON_ArrayForEach(x, html_get(doc, key)) {
        char text[1024];
        fprintf(o->f, "<tr><td>%d</td>", ++rank);
        config_text(x, text, sizeof text);
        html_text_cell(o, text);
        bill_text(doc, x, text, sizeof text);
        html_text_cell(o, text);
        classes_text(x, text, sizeof text);
        html_text_cell(o, text[0] ? text : "-");
        html_text_cell(o, html_str_or(x, why ? "missed" : "binding", "-"));
        fputs("</tr>\n<tr class=\"command\"><td></td><td colspan=\"4\">run: <code>", o->f);
        html_text(o->f, html_str_or(x, "command", "?"));
        fputs("</code></td></tr>\n", o->f);
    }
    fputs("</tbody></table>\n", o->f);
}

static void alone_table(struct html_out *o, const cJSON *doc)
{
    const cJSON *a, *k;

    fputs("<section id=\"alone\"><h2>Each group alone (no instance limit): the cheapest "
          "options that meet its targets</h2>\n<table><thead><tr><th>cloud</th>"
          "<th>group</th><th>options (USD/month)</th><th>searched</th></tr></thead>"
          "<tbody>\n", o->f);
    cJSON_ArrayForEach(a, html_get(doc, "alone")) {
        char text[1024] = "";
        double n = 0, sims = 0;
        cJSON_ArrayForEach(k, html_get(a, "kept")) {
            double usd = 0, disks = 0;
            html_num(k, "usd_month", &usd);
            html_num(k, "disks", &disks);
            snprintf(text + strlen(text), sizeof text - strlen(text), "%s%.2f: %.0f x %s",
                     text[0] ? "; " : "", usd, disks, html_str_or(k, "volume", "?"));
        }
        fputs("<tr>", o->f);
        html_text_cell(o, html_str_or(a, "cloud", "?"));
        html_text_cell(o, html_str_or(a, "group", "?"));
        html_text_cell(o, text[0] ? text : html_str_or(a, "none_why", "none"));
        html_num(a, "options", &n);
        html_num(a, "simulated", &sims);
        snprintf(text, sizeof text, "%.0f options, %.0f simulated", n, sims);
        html_text_cell(o, text);
        fputs("</tr>\n", o->f);
    }
    fputs("</tbody></table>\n</section>\n", o->f);
}

/* The instances a constraint set aside below the answer, with why. */
static void set_aside_list(struct html_out *o, const cJSON *doc)
{
    const cJSON *x;

    if (cJSON_GetArraySize(html_get(doc, "set_aside")) == 0)
        return;
    fputs("<ul class=\"set-aside\">\n", o->f);
    cJSON_ArrayForEach(x, html_get(doc, "set_aside")) {
        double usd = 0;
        html_num(x, "usd_month", &usd);
        fputs("<li>", o->f);
        html_textf(o, "%s at %.2f USD a month (the instance alone%s): set aside, %s",
                   html_str_or(x, "instance", "?"), usd,
                   html_advice_licensed(doc) ? ", with its licences" : "",
                   html_str_or(x, "why", "?"));
        fputs("</li>\n", o->f);
    }
    fputs("</ul>\n", o->f);
}

/* The cheapest of each cloud searched (cloud_best, a cloud without one
   absent), when the search was of more than one: as the terminal. */
static void clouds_table(struct html_out *o, const cJSON *doc)
{
    const cJSON *c;
    char text[1024];

    if (cJSON_GetArraySize(html_get(doc, "space.clouds")) < 2)
        return;
    fputs("<section id=\"clouds\"><h2>The clouds side by side</h2>\n<table "
          "class=\"clouds\"><thead><tr><th>cloud</th><th>cheapest meeting every "
          "target</th><th>USD/month</th><th>binding limit</th></tr></thead><tbody>\n",
          o->f);
    cJSON_ArrayForEach(c, html_get(doc, "space.clouds")) {
        const cJSON *x = cJSON_IsString(c) ? html_get(html_get(doc, "cloud_best"),
                                                      c->valuestring) : NULL;
        fputs("<tr>", o->f);
        html_text_cell(o, cJSON_IsString(c) ? c->valuestring : "?");
        if (!cJSON_IsObject(x)) {
            fputs("<td colspan=\"3\">nothing meets the targets</td></tr>\n", o->f);
            continue;
        }
        config_text(x, text, sizeof text);
        html_text_cell(o, text);
        bill_text(doc, x, text, sizeof text);
        html_text_cell(o, text);
        html_text_cell(o, html_str_or(x, "binding", "-"));
        fputs("</tr>\n", o->f);
    }
    fputs("</tbody></table>\n</section>\n", o->f);
}

void html_db_advice(struct html_out *o, const cJSON *doc, const char *name)
{
    header(o, doc, name);
    fputs("<section id=\"best\"><h2>The best configurations</h2>\n", o->f);
    if (cJSON_GetArraySize(html_get(doc, "best")) == 0)
        html_elem(o, "p", "warning", "No configuration searched meets every target.");
    else
        configs_table(o, doc, "best", false);
    fputs("</section>\n", o->f);
    alone_table(o, doc);
    if (cJSON_GetArraySize(html_get(doc, "rejected")) > 0 ||
        cJSON_GetArraySize(html_get(doc, "set_aside")) > 0) {
        fputs("<section id=\"rejected\"><h2>Why nothing cheaper</h2>\n", o->f);
        set_aside_list(o, doc);
        if (cJSON_GetArraySize(html_get(doc, "rejected")) > 0)
            configs_table(o, doc, "rejected", true);
        fputs("</section>\n", o->f);
    }
    clouds_table(o, doc);
}
