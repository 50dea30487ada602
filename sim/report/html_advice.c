/*
 * html_advice.c - the report of `asmsim advise` (JSON "kind": "advice",
 * docs/fields.md "Advise JSON").
 *
 *   header    what was asked (targets; with --awr the report they came
 *             from, the factor and each target's classes), what was
 *             searched (clouds, the
 *             candidate counts, those the latency floor set aside), the
 *             command; the answer in one line (the cheapest configuration
 *             meeting every target), and a rate target (or a schedule)
 *             out of reach of every candidate with the one that comes
 *             closest;
 *   chart     cost against headroom of every candidate judged by a
 *             simulation, its own or an alike one's (candidates[], the
 *             alike counted apart as search.reused; a --merge document
 *             has none, and then the configurations it reports stand
 *             in): passes and misses as
 *             two scatter sets, the Pareto front (no other candidate is
 *             both cheaper and has more headroom) as a line through its
 *             points; beside it cost against latency
 *             (html_advice_front.c);
 *   tables    the best configurations (bill, simulated figures,
 *             headroom, binding limit, the run command; for --schedule
 *             the day's verdict and credits with the forecast command), the
 *             cheapest of each family (html_advice_front.c), why nothing
 *             cheaper (rejected[], with no answer what the instance
 *             constraints set aside, the burst alternative), the clouds
 *             side by side (cloud_best).
 *
 * A candidate's headroom is the least over the targets asked of got /
 * need - 1 (latency: need / got - 1), in percent; below 0 a target is
 * missed.  Capacity counts only when missed (as candidates[].headroom_frac
 * in cli_advise_json.c): every volume is sized to just hold it.  The summary
 * cells carry data-key for the browser test.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/report/html_page.h"
#include "sim/report/report.h"
#include "sim/profiles/licence.h"      /* the edition's name */

struct point {
    double usd, headroom_pct;
    bool pass;
    bool reused;                    /* an alike candidate's figures */
};

/* A configuration's least headroom in percent: candidates[] carry it as
   a number, best[] and the others as an object per target. */
static bool least_headroom_pct(const cJSON *x, double *pct)
{
    const cJSON *h = html_get(x, "headroom_frac"), *k;
    double least = INFINITY;

    if (cJSON_IsNumber(h)) {
        *pct = 100 * h->valuedouble;
        return true;
    }
    double capacity = INFINITY;
    if (!cJSON_IsObject(h))
        return false;
    cJSON_ArrayForEach(k, h) {
        if (!cJSON_IsNumber(k))
            continue;
        if (k->string && strcmp(k->string, "capacity") == 0)
            capacity = k->valuedouble;
        else
            least = fmin(least, k->valuedouble);
    }
    /* as cli_advise_json.c's least_headroom: capacity only when missed or
       the only target with a figure */
    if (capacity < 0 || !isfinite(least))
        least = fmin(least, capacity);
    *pct = 100 * least;
    return isfinite(least);
}

static bool usd_of(const cJSON *x, double *usd)
{
    return html_num(x, "usd_month", usd) || html_num(x, "usd_month.total", usd);
}

static void add_point(struct point *pts, int *n, const cJSON *x)
{
    struct point p;

    if (cJSON_IsFalse(html_get(x, "simulated")) || !usd_of(x, &p.usd) ||
        !least_headroom_pct(x, &p.headroom_pct))
        return;
    p.pass = cJSON_IsTrue(html_get(x, "pass"));
    p.reused = cJSON_IsTrue(html_get(x, "reused"));
    pts[(*n)++] = p;
}

/* The points of the chart: candidates[], else the configurations the
   document reports.  NULL (o->oom) or an array of *n. */
static struct point *collect(struct html_out *o, const cJSON *doc, int *n,
                             bool *all)
{
    static const char *const lists[] = { "best", "rejected" };
    const cJSON *c = html_get(doc, "candidates"), *x;
    int cap = cJSON_GetArraySize(c) + cJSON_GetArraySize(html_get(doc, "best")) +
              cJSON_GetArraySize(html_get(doc, "rejected")) + 1;
    struct point *pts = calloc((size_t)cap, sizeof *pts);

    *n = 0;
    *all = cJSON_GetArraySize(c) > 0;
    if (pts == NULL) {
        o->oom = true;
        return NULL;
    }
    if (*all) {
        cJSON_ArrayForEach(x, c)
            add_point(pts, n, x);
        return pts;
    }
    for (size_t l = 0; l < sizeof lists / sizeof lists[0]; l++)
        cJSON_ArrayForEach(x, html_get(doc, lists[l]))
            add_point(pts, n, x);
    return pts;
}

static int by_cost(const void *a, const void *b)
{
    const struct point *p = a, *q = b;
    if (p->usd != q->usd)
        return p->usd < q->usd ? -1 : 1;
    return p->headroom_pct > q->headroom_pct ? -1 : p->headroom_pct < q->headroom_pct;
}

/* Sort by cost and mark the front: a point is on it when every cheaper
   point has less headroom.  Returns how many are on it (front[i]). */
static int pareto(struct point *pts, int n, bool *front)
{
    double best = -INFINITY;
    int k = 0;

    qsort(pts, (size_t)n, sizeof *pts, by_cost);
    for (int i = 0; i < n; i++) {
        front[i] = pts[i].headroom_pct > best;
        if (front[i]) {
            best = pts[i].headroom_pct;
            k++;
        }
    }
    return k;
}

static void cost_headroom_chart(struct html_out *o, const cJSON *doc)
{
    const char *title = "Cost against headroom";
    int n, passes = 0, reused = 0, on_front;
    bool all;
    struct point *pts = collect(o, doc, &n, &all);
    bool *front = pts ? calloc((size_t)n + 1, sizeof *front) : NULL;
    char reading[512];

    if (front == NULL) {
        o->oom = o->oom || pts != NULL;
        free(pts);
        return;
    }
    on_front = pareto(pts, n, front);
    cJSON *cfg = html_chart_new(o, "scatter", title, "monthly bill (USD)", "linear");
    html_chart_axis(o, cfg, "y", "headroom over the tightest target (%)", "linear");
    cJSON *pass = html_chart_dataset(o, cfg, "meets every target", 2, "y");
    cJSON *miss = html_chart_dataset(o, cfg, "misses a target", 3, "y");
    cJSON *line = html_chart_dataset(o, cfg, "Pareto front", 6, "y");
    if (line != NULL && cJSON_AddBoolToObject(line, "showLine", true) == NULL)
        o->oom = true;
    for (int i = 0; i < n; i++) {
        html_chart_xy(o, pts[i].pass ? pass : miss, pts[i].usd, pts[i].headroom_pct);
        if (front[i])
            html_chart_xy(o, line, pts[i].usd, pts[i].headroom_pct);
        passes += pts[i].pass;
        reused += pts[i].reused;
    }
    char how[96];
    if (!all)
        snprintf(how, sizeof how, "reported (this document lists no candidates[])");
    else if (reused > 0)    /* the memo's: counted apart, as search.reused */
        snprintf(how, sizeof how, "judged (%d simulated, %d alike to one simulated)",
                 n - reused, reused);
    else
        snprintf(how, sizeof how, "simulated");
    snprintf(reading, sizeof reading, "%d configuration%s %s, %d meeting every target; "
             "%d on the Pareto front (none cheaper has more headroom)%s.", n,
             n == 1 ? "" : "s", how, passes, on_front,
             on_front > 0 ? ", the line from the cheapest to the most headroom" : "");
    html_figure(o, title, cfg, reading);
    free(front);
    free(pts);
}

/* ---- header --------------------------------------------------------- */

/* "<number at key of x, to `decimals`><unit>; " after the `at`
   characters of buf, if x has it: the new length. */
static size_t add_num(const cJSON *x, const char *key, int decimals, const char *unit,
                      char *buf, size_t len, size_t at)
{
    double v;

    if (at >= len || !html_num(x, key, &v))
        return at;
    return at + (size_t)snprintf(buf + at, len - at, "%.*f%s; ", decimals, v, unit);
}

static void targets_text(const cJSON *doc, char *buf, size_t len)
{
    double v;
    size_t at = 0;

    buf[0] = '\0';
    at = add_num(doc, "targets.need_mbps", 2, " MB/s", buf, len, at);
    at = add_num(doc, "targets.need_iops", 0, " IOPS", buf, len, at);
    if (at < len && html_num(doc, "targets.need_latency_us", &v))
        at += (size_t)snprintf(buf + at, len - at, "%s latency %.0f us at most; ",
                               html_str_or(doc, "targets.latency_stat", "mean"), v);
    /* the write share, which the phases give with a schedule */
    if (!cJSON_IsObject(html_get(doc, "targets.schedule")))
        at = add_num(doc, "targets.write_pct", 0, " % writes", buf, len, at);
    /* the capacity as the user gave it (8TiB, not 8796 GB) */
    if (at < len && html_str(doc, "targets.capacity_given"))
        at += (size_t)snprintf(buf + at, len - at, "%s usable; ",
                               html_str(doc, "targets.capacity_given"));
    else if (at < len && html_num(doc, "targets.capacity_bytes", &v))
        at += (size_t)snprintf(buf + at, len - at, "%.0f GB usable; ", v / 1e9);
    if (at < len)
        snprintf(buf + at, len - at, "%s redundancy, %s",
                 html_str_or(doc, "targets.redundancy", "?"),
                 html_str_or(doc, "space.os", "?"));
}

/* The names of an array of strings at key of x, ", "-joined, after the
   `at` characters of buf: the new length. */
static size_t add_names(const cJSON *x, const char *key, char *buf, size_t len, size_t at)
{
    const cJSON *name;
    const char *sep = "";

    cJSON_ArrayForEach(name, html_get(x, key))
        if (at < len && cJSON_IsString(name)) {
            at += (size_t)snprintf(buf + at, len - at, "%s%s", sep, name->valuestring);
            sep = ", ";
        }
    return at;
}

/* With --awr (targets.awr), where the targets came from: "AWR text report
   F: database D, instance I, snapshots 1-2 (3600 s); the interval's
   averages ...; small I/O: ...; large I/O: ...; latency: ..."; false
   without. */
static bool awr_text(const cJSON *doc, char *buf, size_t len)
{
    const cJSON *w = html_get(doc, "targets.awr");
    double b = 0, e = 0, s = 0, peak = 1;
    size_t at;

    if (!cJSON_IsObject(w))
        return false;
    html_num(w, "begin_snap", &b);
    html_num(w, "end_snap", &e);
    html_num(w, "elapsed_s", &s);
    html_num(w, "peak_factor", &peak);
    at = (size_t)snprintf(buf, len, "%s report %s: database %s, instance %s, snapshots "
                          "%.0f-%.0f (%.0f s); ", html_str_or(w, "kind", "?"),
                          html_str_or(w, "file", "?"), html_str_or(w, "database", "?"),
                          html_str_or(w, "instance", "?"), b, e, s);
    if (at < len && cJSON_IsTrue(html_get(w, "peak_given")))
        at += (size_t)snprintf(buf + at, len - at, "its rates x %g (--peak); ", peak);
    else if (at < len)
        at += (size_t)snprintf(buf + at, len - at, "the interval's averages, which "
                               "understate one-minute peaks; ");
    if (at < len)
        at += (size_t)snprintf(buf + at, len - at, "small I/O: ");
    at = add_names(w, "small_classes", buf, len, at);
    if (at < len)
        at += (size_t)snprintf(buf + at, len - at, "; large I/O: ");
    at = add_names(w, "large_classes", buf, len, at);
    if (at < len && cJSON_IsObject(html_get(w, "latency")))
        at += (size_t)snprintf(buf + at, len - at, "; latency: db file sequential read "
                               "%s", html_str_or(w, "latency.as_printed", "?"));
    if (at < len && cJSON_IsObject(html_get(w, "log_write")))
        snprintf(buf + at, len - at, " (log file parallel write %s, not a target)",
                 html_str_or(w, "log_write.as_printed", "?"));
    return true;
}

/* "m6i.xlarge + 4 x gp3:500GiB" */
/* What a price beside it covers: the configuration, or for a rejection
   by the instance's own limits (instance_limited: its price is the
   instance's, whatever the volumes) the instance alone. */
static void config_text(const cJSON *x, char *buf, size_t len)
{
    double disks = 0;

    if (cJSON_IsTrue(html_get(x, "instance_limited"))) {
        snprintf(buf, len, "%s alone (its own limits miss the targets, whatever the "
                 "volumes)", html_str_or(x, "instance", "?"));
        return;
    }
    html_num(x, "disks", &disks);
    snprintf(buf, len, "%s + %.0f x %s", html_str_or(x, "instance", "?"), disks,
             html_str_or(x, "volume", "?"));
}

/* A schedule no configuration's bound carries: said, with the one that
   comes closest and the share of its worst phase its forecast serves
   (out_of_reach.schedule). */
static void schedule_out_of_reach(struct html_out *o, const cJSON *doc)
{
    const cJSON *x = html_get(doc, "out_of_reach.schedule");
    double usd = 0, mbps = 0, iops = 0, served = 0;
    char config[256];

    if (!cJSON_IsObject(x))
        return;
    html_num(x, "bound_mbps", &mbps);
    html_num(x, "bound_iops", &iops);
    usd_of(x, &usd);
    config_text(x, config, sizeof config);
    fputs("<p class=\"warning\" data-key=\"out_of_reach_schedule\">", o->f);
    html_textf(o, "Out of reach: no candidate's bound carries the schedule's day (some "
               "phase, or the day's mean, asks more). The one that comes closest, %s at "
               "$%.2f a month, bounds at %.0f large MB/s and %.0f small IOPS", config, usd,
               mbps, iops);
    if (cJSON_IsTrue(html_get(x, "simulated")) &&
        html_num(html_get(x, "day"), "worst_served_frac", &served))
        html_textf(o, " and serves %.0f %% of its worst phase (forecast)", 100 * served);
    fputs(".</p>\n", o->f);
}

/* A rate target no configuration of the space can meet: said, with the
   one that comes closest (out_of_reach.mbps / .iops). */
static void out_of_reach(struct html_out *o, const cJSON *doc)
{
    static const char *const keys[2] = { "mbps", "iops" };
    char config[256];

    for (int k = 0; k < 2; k++) {
        const cJSON *x = html_get(html_get(doc, "out_of_reach"), keys[k]);
        double need = 0, bound = 0, got = 0, usd = 0;
        if (!cJSON_IsObject(x))
            continue;
        html_num(x, "missed_need", &need);
        html_num(x, k == 0 ? "bound_mbps" : "bound_iops", &bound);
        usd_of(x, &usd);
        config_text(x, config, sizeof config);
        fprintf(o->f, "<p class=\"warning\" data-key=\"out_of_reach_%s\">", keys[k]);
        html_textf(o, "Out of reach: %.0f %s is above every candidate's bound. The one "
                   "that comes closest, %s at $%.2f a month, bounds at %.0f", need,
                   k == 0 ? "large MB/s" : "small IOPS", config, usd, bound);
        if (cJSON_IsTrue(html_get(x, "simulated")) && html_num(x, "missed_got", &got))
            html_textf(o, " and delivers %.0f (simulated)", got);
        fputs(".</p>\n", o->f);
    }
}

/* Whether the search counted licences (space.licence, advise_limits.c):
   then the bill shows them apart from the infrastructure. */
bool html_advice_licensed(const cJSON *doc)
{
    return strcmp(html_str_or(doc, "space.licence", "none"), "none") != 0;
}

/* "x86_64; at least 16 vCPUs; at least 128 GiB memory; not t3": the
   instance constraints (space.arch and after; absent before 0.1's
   constraints: nothing). */
bool html_advice_limits_text(const cJSON *doc, char *buf, size_t len)
{
    const char *arch = html_str(doc, "space.arch");
    const cJSON *x;
    double v;
    size_t at;

    if (!arch)
        return false;
    snprintf(buf, len, "%s", strcmp(arch, "any") == 0 ? "any architecture" : arch);
    if (html_num(doc, "space.min_vcpus", &v))
        snprintf(buf + strlen(buf), len - strlen(buf), "; at least %.0f vCPUs", v);
    if (html_num(doc, "space.max_vcpus", &v))
        snprintf(buf + strlen(buf), len - strlen(buf), "; at most %.0f vCPUs", v);
    if (html_num(doc, "space.min_memory_gib", &v))
        snprintf(buf + strlen(buf), len - strlen(buf), "; at least %g GiB memory", v);
    at = strlen(buf);
    cJSON_ArrayForEach(x, html_get(doc, "space.exclude_families"))
        if (cJSON_IsString(x) && strlen(buf) + strlen(x->valuestring) + 16 < len)
            snprintf(buf + strlen(buf), len - strlen(buf), "%s%s",
                     strlen(buf) == at ? "; not families " : ",", x->valuestring);
    return true;
}

/* The licence row, the edition as the terminal names it: "Oracle
   Enterprise Edition, 1000.00 USD per processor licence a month". */
void html_advice_licence_row(struct html_out *o, const cJSON *doc)
{
    enum prof_licence l = PROF_LICENCE_NONE;
    double usd = 0;
    char text[200];

    if (!html_advice_licensed(doc))
        return;
    prof_licence_parse(html_str_or(doc, "space.licence", "none"), &l);
    html_num(doc, "space.licence_usd_unit_month", &usd);
    snprintf(text, sizeof text, "Oracle %s, %.2f USD per %s a month (Oracle's "
             "cloud licensing policy, 2024-06; docs/advise.md)", prof_licence_label(l), usd,
             html_str_or(doc, "space.licence_unit", "unit"));
    html_what_row(o, "licences", text);
}

void html_advice_space_rows(struct html_out *o, const cJSON *doc)
{
    const cJSON *cloud;
    char text[1024] = "";

    cJSON_ArrayForEach(cloud, html_get(doc, "space.clouds"))
        if (cJSON_IsString(cloud))
            snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s",
                     text[0] ? ", " : "", cloud->valuestring);
    html_what_row(o, "clouds", text);
    if (html_advice_limits_text(doc, text, sizeof text))
        html_what_row(o, "instances", text);
    html_advice_licence_row(o, doc);
    html_what_row(o, "asmsim", html_str_or(doc, "asmsim_version", "?"));
    fputs("<tr><th>command</th><td><code>", o->f);
    html_text(o->f, html_str_or(doc, "command", "?"));
    fputs("</code></td></tr>\n</tbody></table>\n</header>\n", o->f);
}

static void header(struct html_out *o, const cJSON *doc, const char *name)
{
    const cJSON *best = cJSON_GetArrayItem(html_get(doc, "best"), 0);
    char text[1024];
    double v = 0, usd;

    fputs("<header>\n<h1>", o->f);
    html_textf(o, "asmsim advice report: %s", name ? name : "advice");
    fputs("</h1>\n<table class=\"what\"><tbody>\n", o->f);
    targets_text(doc, text, sizeof text);
    html_what_row(o, "targets", text);
    if (awr_text(doc, text, sizeof text))
        html_what_row(o, "targets from", text);
    html_advice_space_rows(o, doc);

    fputs("<section id=\"summary\"><h2>Summary</h2>\n<table class=\"summary\"><tbody>\n", o->f);
    if (best != NULL)
        config_text(best, text, sizeof text);
    html_key_row(o, "cheapest meeting every target", "best",
                best ? text : "none: no configuration searched meets every target");
    if (best != NULL && usd_of(best, &usd))
        snprintf(text, sizeof text, "%.2f", usd);
    else
        snprintf(text, sizeof text, "-");
    html_key_row(o, "its monthly bill (USD)", "best_usd_month", text);
    if (best != NULL && html_advice_licensed(doc)) {
        double infra = 0, lic = 0;
        html_num(best, "usd_month.infrastructure", &infra);
        html_num(best, "usd_month.licences", &lic);
        snprintf(text, sizeof text, "%.2f infrastructure + %.2f licences", infra, lic);
        html_key_row(o, "of which", "best_licence_split", text);
    }
    html_num(doc, "search.enumerated", &v);
    snprintf(text, sizeof text, "%.0f", v);
    html_key_row(o, "candidates in the space", "enumerated", text);
    v = 0;
    html_num(doc, "search.bound_passed", &v);
    snprintf(text, sizeof text, "%.0f", v);
    html_key_row(o, "admitted by the analytical bound", "bound_passed", text);
    v = 0;
    if (html_num(doc, "search.lat_set_aside", &v) && v > 0) {
        snprintf(text, sizeof text, "%.0f", v);
        html_key_row(o, "set aside by the latency bound (not simulated)", "lat_set_aside",
                     text);
    }
    v = 0;
    html_num(doc, "search.simulated", &v);
    snprintf(text, sizeof text, "%.0f", v);
    html_key_row(o, "simulated", "simulated", text);
    if (html_num(doc, "search.reused", &v)) {     /* since 0.2: counted apart */
        snprintf(text, sizeof text, "%.0f", v);
        html_key_row(o, "alike to one simulated (its figures reused, not simulated)",
                     "reused", text);
    }
    fputs("</tbody></table>\n", o->f);
    out_of_reach(o, doc);
    schedule_out_of_reach(o, doc);
    if (cJSON_IsTrue(html_get(doc, "search.interrupted")))
        html_elem(o, "p", "warning", "Interrupted: the lists hold what was decided "
                  "before the search stopped.");
    fputs("</section>\n", o->f);
}

/* ---- tables --------------------------------------------------------- */

static void headroom_cell(struct html_out *o, const cJSON *x)
{
    double pct;

    if (least_headroom_pct(x, &pct))
        fprintf(o->f, "<td>%+.1f %%</td>", pct);
    else
        fputs("<td>-</td>", o->f);
}

/* A schedule's day in words: "served; credits hold (lowest 26 %)". */
static void day_text(const cJSON *day, char *buf, size_t len)
{
    double low = 0, at = 0;
    bool served = cJSON_IsTrue(html_get(day, "served"));

    if (cJSON_IsTrue(html_get(day, "credits_out")) && html_num(day, "credits_out_at_s", &at))
        snprintf(buf, len, "%s; %s credits run out %.1f h into the day",
                 served ? "served" : "NOT served",
                 html_str_or(day, "credits_out_whose", "?"), at / 3600);
    else if (cJSON_IsTrue(html_get(day, "bursts")) && html_num(day, "credits_low_pct", &low))
        snprintf(buf, len, "%s; credits hold (lowest %.0f %%)", served ? "served" : "NOT served",
                 low);
    else
        snprintf(buf, len, "%s; no burst credits", served ? "served" : "NOT served");
}

/* The row under a configuration: the command that reproduces it (`asmsim
   forecast` with its day for a schedule's, else `asmsim run`). */
static void command_row(struct html_out *o, const cJSON *x)
{
    const char *forecast = html_str(x, "forecast_command");
    char day[160];

    fputs("</tr>\n<tr class=\"command\"><td></td><td colspan=\"5\">", o->f);
    if (forecast) {
        day_text(html_get(x, "day"), day, sizeof day);
        fputs("day: ", o->f);
        html_text(o->f, day);
        fputs("; forecast: <code>", o->f);
        html_text(o->f, forecast);
    } else {
        fputs("run: <code>", o->f);
        html_text(o->f, html_str(x, "run_command"));
    }
    fputs("</code></td></tr>\n", o->f);
}

/* "150.00 + 50.00 = 200.00"; licensed, "150.00 + 50.00 = 200.00 infra-
   structure + 8000.00 licences (8 processor licences) = 8200.00". */
static void bill_text(const cJSON *doc, const cJSON *x, char *buf, size_t len)
{
    double inst = 0, vols = 0, total = 0, infra = 0, lic = 0, units = 0;

    html_num(x, "usd_month.instance", &inst);
    html_num(x, "usd_month.volumes", &vols);
    html_num(x, "usd_month.total", &total);
    if (!html_advice_licensed(doc)) {
        snprintf(buf, len, "%.2f + %.2f = %.2f", inst, vols, total);
        return;
    }
    html_num(x, "usd_month.infrastructure", &infra);
    html_num(x, "usd_month.licences", &lic);
    html_num(x, "licence_units", &units);
    snprintf(buf, len, "%.2f + %.2f = %.2f infrastructure + %.2f licences (%.0f %s%s) = %.2f",
             inst, vols, infra, lic, units, html_str_or(doc, "space.licence_unit", "unit"),
             units == 1 ? "" : "s", total);
}

/* "330.00 MB/s; 5010 IOPS; 424.0 us": the simulated figures it has. */
static void figures_text(const cJSON *x, char *buf, size_t len)
{
    size_t at = 0;

    buf[0] = '\0';
    at = add_num(x, "mbps", 2, " MB/s", buf, len, at);
    at = add_num(x, "iops", 0, " IOPS", buf, len, at);
    at = add_num(x, "latency_us", 1, " us", buf, len, at);
    if (at >= 2 && at < len)
        buf[at - 2] = '\0';            /* the last "; " */
    else if (at == 0)
        snprintf(buf, len, "-");
}

static void best_table(struct html_out *o, const cJSON *doc)
{
    const cJSON *x;
    int rank = 0;

    fputs("<section id=\"best\"><h2>The best configurations</h2>\n", o->f);
    if (cJSON_GetArraySize(html_get(doc, "best")) == 0) {
        html_elem(o, "p", "warning", "No configuration searched meets every target.");
        fputs("</section>\n", o->f);
        return;
    }
    /* six columns that wrap, the command on a row of its own under each:
       the table fits the page (thirteen columns did not: the headroom and
       the command were cut off) */
    fprintf(o->f, "<table class=\"best\"><thead><tr><th>#</th><th>configuration</th>"
            "<th>USD/month: instance + volumes = %s</th><th>simulated</th>"
            "<th>headroom</th><th>binding limit</th></tr></thead><tbody>\n",
            html_advice_licensed(doc) ? "infrastructure, + licences = total" : "total");
    cJSON_ArrayForEach(x, html_get(doc, "best")) {
        char text[320];
        fprintf(o->f, "<tr><td>%d</td>", ++rank);
        config_text(x, text, sizeof text);
        html_text_cell(o, text);
        bill_text(doc, x, text, sizeof text);
        html_text_cell(o, text);
        figures_text(x, text, sizeof text);
        html_text_cell(o, text);
        headroom_cell(o, x);
        html_text_cell(o, html_str_or(x, "binding", "-"));
        command_row(o, x);
    }
    fputs("</tbody></table>\n</section>\n", o->f);
}

/* "iops: 2850 of 3000" */
static void missed_text(const cJSON *x, char *buf, size_t len)
{
    double got = 0, need = 0;

    html_num(x, "missed_got", &got);
    html_num(x, "missed_need", &need);
    if (html_str(x, "set_aside")) {
        snprintf(buf, len, "set aside: %s", html_str(x, "set_aside"));
        return;
    }
    if (strcmp(html_str_or(x, "missed", "?"), "schedule") == 0) {
        snprintf(buf, len, "schedule: %.0f %% of %s demand%s", 100 * got,
                 cJSON_IsFalse(html_get(x, "simulated")) ? "a phase's or the day-mean"
                                                         : "its worst phase's",
                 cJSON_IsFalse(html_get(x, "simulated")) ? " (the bound; not simulated)"
                                                         : " served");
        return;
    }
    snprintf(buf, len, "%s: %.6g of %.6g%s", html_str_or(x, "missed", "?"), got, need,
             cJSON_IsFalse(html_get(x, "simulated")) ? " (the bound; not simulated)" : "");
}

/* The volume types the latency bound set aside, unsimulated (on a
   platform of their own: io2 off Nitro): search.lat_set_aside_by_type. */
static void set_aside_note(struct html_out *o, const cJSON *doc)
{
    const cJSON *x;
    double need = 0;

    if (cJSON_GetArraySize(html_get(doc, "search.lat_set_aside_by_type")) == 0)
        return;
    html_num(doc, "targets.need_latency_us", &need);
    fputs("<p class=\"note\" data-key=\"lat_set_aside_by_type\">", o->f);
    html_textf(o, "Set aside by the latency bound, not simulated (the %s latency target of "
               "%.0f us is below their bound):", html_str_or(doc, "targets.latency_stat", "mean"),
               need);
    cJSON_ArrayForEach(x, html_get(doc, "search.lat_set_aside_by_type")) {
        double n = 0, bound = 0;
        char label[64];
        html_num(x, "candidates", &n);
        html_num(x, "floor_us", &bound);    /* the lowest bound (advise.h) */
        report_fmt_type_on_platform(html_str_or(x, "type", "?"), html_str_or(x, "platform", ""),
                                    label, sizeof label);
        html_textf(o, " %s, %.0f candidates, lowest bound %.0f us;", label, n, bound);
    }
    fputs("</p>\n", o->f);
}

/* With no answer, the instances the instance constraints set aside, never
   searched (constraints_set_aside[]): one row per constraint, its count
   and its cheapest, which might meet the targets. */
static void constraints_aside_table(struct html_out *o, const cJSON *doc)
{
    const cJSON *x;

    if (cJSON_GetArraySize(html_get(doc, "constraints_set_aside")) == 0)
        return;
    html_elem(o, "p", "note", "Set aside by the instance constraints (not searched; one of "
              "them might meet the targets):");
    fputs("<table class=\"constraints-set-aside\"><thead><tr><th>constraint</th>"
          "<th>instances</th><th>the cheapest</th><th>USD/month: the instance alone</th>"
          "<th>why</th></tr></thead><tbody>\n", o->f);
    cJSON_ArrayForEach(x, html_get(doc, "constraints_set_aside")) {
        fputs("<tr>", o->f);
        html_text_cell(o, html_str_or(x, "constraint", "?"));
        html_num_cell(o, x, "instances", 0);
        html_text_cell(o, html_str_or(x, "cheapest.instance", "?"));
        html_num_cell(o, x, "cheapest.usd_month", 2);
        html_text_cell(o, html_str_or(x, "cheapest.set_aside", "-"));
        fputs("</tr>\n", o->f);
    }
    fputs("</tbody></table>\n", o->f);
}

static void rejected_table(struct html_out *o, const cJSON *doc)
{
    const cJSON *x, *alt = html_get(doc, "burst_alternative");
    char text[256];

    fputs("<section id=\"rejected\"><h2>Why nothing cheaper</h2>\n", o->f);
    set_aside_note(o, doc);
    if (cJSON_GetArraySize(html_get(doc, "rejected")) == 0)
        html_elem(o, "p", "note", "No cheaper configuration was rejected.");
    else {
        fputs("<table class=\"rejected\"><thead><tr><th>configuration</th>"
              "<th>total USD/month</th><th>first target missed: got of need</th>"
              "<th>binding limit</th></tr></thead><tbody>\n", o->f);
        cJSON_ArrayForEach(x, html_get(doc, "rejected")) {
            fputs("<tr>", o->f);
            config_text(x, text, sizeof text);
            html_text_cell(o, text);
            html_num_cell(o, x, "usd_month.total", 2);
            missed_text(x, text, sizeof text);
            html_text_cell(o, text);
            html_text_cell(o, html_str_or(x, "binding", "-"));
            fputs("</tr>\n", o->f);
        }
        fputs("</tbody></table>\n", o->f);
    }
    constraints_aside_table(o, doc);
    if (cJSON_IsObject(alt)) {
        double usd = 0, lasts = 0;
        char span[32];
        usd_of(alt, &usd);
        html_num(alt, "burst.lasts_s", &lasts);
        report_fmt_duration(lasts, span, sizeof span);
        config_text(alt, text, sizeof text);
        fputs("<p class=\"note\">", o->f);
        html_textf(o, "On burst credits, %s at $%.2f a month meets the targets, for "
                   "%s at most from full buckets.", text, usd, span);
        fputs("</p>\n", o->f);
    }
    fputs("</section>\n", o->f);
}

static void clouds_table(struct html_out *o, const cJSON *doc)
{
    const cJSON *clouds = html_get(doc, "cloud_best"), *c;
    char text[256];

    if (cJSON_GetArraySize(clouds) < 2)
        return;
    fputs("<section id=\"clouds\"><h2>The clouds side by side</h2>\n<table "
          "class=\"clouds\"><thead><tr><th>cloud</th><th>cheapest meeting every "
          "target</th><th>total USD/month</th><th>headroom</th><th>binding limit</th>"
          "</tr></thead><tbody>\n", o->f);
    cJSON_ArrayForEach(c, clouds) {
        fputs("<tr>", o->f);
        html_text_cell(o, c->string);
        if (!cJSON_IsObject(c)) {
            fputs("<td colspan=\"4\">none meets every target</td></tr>\n", o->f);
            continue;
        }
        config_text(c, text, sizeof text);
        html_text_cell(o, text);
        html_num_cell(o, c, "usd_month.total", 2);
        headroom_cell(o, c);
        html_text_cell(o, html_str_or(c, "binding", "-"));
        fputs("</tr>\n", o->f);
    }
    fputs("</tbody></table>\n</section>\n", o->f);
}

void html_advice(struct html_out *o, const cJSON *doc, const char *name)
{
    header(o, doc, name);
    fputs("<section id=\"tradeoff\"><h2>Cost and headroom</h2>\n", o->f);
    cost_headroom_chart(o, doc);
    html_advice_latency_chart(o, doc);
    fputs("</section>\n", o->f);
    best_table(o, doc);
    html_advice_families(o, doc);
    rejected_table(o, doc);
    clouds_table(o, doc);
}
