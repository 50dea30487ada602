/*
 * html_classes.c - a database workload's report: its disk groups and I/O
 * classes, and what each class got, in place of ORION's matrix.
 *
 * A database workload's run (config.classes holds its classes) is one
 * point of all its classes at their loads; its points[].classes[] hold
 * each class's figures.  The small and large figures beside them (the
 * two first classes seen as ORION's) describe nothing, so the page shows
 * none of them: no ORION summary lines, heat maps or timelines.
 *
 *   header    the disk groups (config.groups: name, disks, volume,
 *             layout) and the classes as configured (config.classes:
 *             group, sizes with their shares, pattern, writes, skew,
 *             loop), as tables under the "what" table;
 *             Without --group (config.groups empty) the classes run on
 *             the run's disks: the header keeps its volume and layout rows;
 *   summary   a table of each class at the point: group, load (I/Os
 *             outstanding, streams, or a rate of arrivals), size, IOPS,
 *             MB/s and latency avg / p50 / p99 / p99.9 / p99.99; a
 *             class that did reads and writes has a row for each
 *             direction too (latency only: the JSON keeps no rate per
 *             direction), an open-loop class its offered rate and unmet
 *             share; the row of a class carries data-class="<name>" and
 *             its figures data-key="<key>" for a reader or a test.  It is
 *             the terminal's table (report_classes.c), column for column,
 *             with the offered rate as columns instead of a line; then
 *             the classes' targets (--need-*: points[].targets), each
 *             with what the class got and met or MISSED, as the
 *             terminal's "Targets:" lines;
 *   run       one chart: each class's percentiles p50 .. p99.99 (log
 *             axis), by html_percentiles as ORION's classes have them;
 *   sweep     each class's p99 latency and IOPS against the disk count
 *             (the sweep varies the first group's; the axis counts all
 *             groups' disks, as the terminal's sweep table does), or
 *             against a sweep --over's values, and a table per disk
 *             count (value) and class with the binding limit and the
 *             monthly cost; a sweep over power of a failure or an add,
 *             each run's rebalancing phase (by_power: the phase power
 *             changes), titled so.
 *
 * The readings under the charts have no terminal counterpart and are
 * worded here.
 */
#include <math.h>
#include <string.h>

#include "sim/report/html_page.h"

#define CLASS_MAX 64            /* classes drawn or tabled; more are left out */

bool html_db(const cJSON *doc)
{
    return cJSON_GetArraySize(html_get(doc, "config.classes")) > 0;
}

/* config.classes[c], or NULL. */
static const cJSON *class_cfg(const cJSON *doc, int c)
{
    return cJSON_GetArrayItem(html_get(doc, "config.classes"), c);
}

/* "2413/s poisson", "4 outstanding", "2 x 4 seq": the class's loop as
   the terminal says it (report_class_loop_text). */
static void loop_text(const cJSON *k, char *buf, size_t len)
{
    double v = 0, io = 1;

    if (html_num(k, "rate_iops", &v))
        snprintf(buf, len, "%.0f/s %s", v, html_str_or(k, "arrivals", "poisson"));
    else if (html_num(k, "streams", &v)) {
        html_num(k, "stream_io", &io);
        snprintf(buf, len, "%.0f x %.0f seq", v, io > 0 ? io : 1);
    } else if (html_num(k, "outstanding", &v))
        snprintf(buf, len, "%.0f outstanding", v);
    else
        snprintf(buf, len, "-");
}

/* The class's sizes: "8KiB", or with all = false "512B..1MiB (8 sizes)"
   and with all = true each size with its share, "8KiB 70 %, 1MiB 30 %". */
static void sizes_text(const cJSON *k, bool all, char *buf, size_t len)
{
    const cJSON *sizes = html_get(k, "sizes"), *s;
    double least = INFINITY, most = 0, total = 0, b, w;
    char lo[32], hi[32];
    size_t used = 0;
    int n = 0;

    cJSON_ArrayForEach(s, sizes)
        if (html_num(s, "bytes", &b)) {
            least = fmin(least, b);
            most = fmax(most, b);
            total += html_num(s, "weight", &w) ? w : 0;
            n++;
        }
    snprintf(buf, len, "-");
    if (n == 0)
        return;
    html_fmt_bytes(least, lo, sizeof lo);
    html_fmt_bytes(most, hi, sizeof hi);
    if (n == 1 || !all) {
        snprintf(buf, len, n == 1 ? "%s" : "%s..%s (%d sizes)", lo, hi, n);
        return;
    }
    cJSON_ArrayForEach(s, sizes) {
        if (!html_num(s, "bytes", &b) || used >= len)
            continue;
        html_fmt_bytes(b, lo, sizeof lo);
        html_fmt_num(total > 0 && html_num(s, "weight", &w) ? 100 * w / total : 0,
                     2, hi, sizeof hi);
        used += (size_t)snprintf(buf + used, len - used, "%s%s %s %%",
                                 used ? ", " : "", lo, hi);
    }
}

/* "uniform", "hot: 10 % of the space takes 90 % of the I/O", "zipf
   theta 0.99". */
static void skew_text(const cJSON *k, char *buf, size_t len)
{
    const char *skew = html_str_or(k, "skew", "-");
    double frac = 0, share = 0, theta = 0;

    if (strcmp(skew, "hot") == 0 && html_num(k, "hot_frac", &frac) &&
        html_num(k, "hot_share", &share))
        snprintf(buf, len, "hot: %g %% of the space takes %g %% of the I/O",
                 100 * frac, 100 * share);
    else if (strcmp(skew, "zipf") == 0 && html_num(k, "zipf_theta", &theta))
        snprintf(buf, len, "zipf, theta %g", theta);
    else
        snprintf(buf, len, "%s", skew);
}

void html_db_what_rows(struct html_out *o, const cJSON *doc)
{
    char text[256], d[48], groups[48];
    int n = cJSON_GetArraySize(html_get(doc, "config.classes"));
    int g = cJSON_GetArraySize(html_get(doc, "config.groups"));

    html_duration_text(doc, d, sizeof d);
    if (g == 0)                 /* no --group: the run's disks and layout */
        snprintf(groups, sizeof groups, "the run's one disk group");
    else
        snprintf(groups, sizeof groups, "%d disk group%s", g, g == 1 ? "" : "s");
    snprintf(text, sizeof text, "%d I/O class%s on %s, measured together as one "
             "point; duration %s", n, n == 1 ? "" : "es", groups, d);
    html_what_row(o, "classes", text);
}

/* The first group's disk counts in a sweep, which varies them: each of
   config.sweep_disks less the other groups' disks ("4, 5, 6"). */
static void swept_disks(const cJSON *doc, char *buf, size_t len)
{
    const cJSON *g, *d;
    double others = 0, n;
    size_t used = 0;
    int i = 0;

    cJSON_ArrayForEach(g, html_get(doc, "config.groups"))
        if (i++ > 0 && html_num(g, "disks", &n))
            others += n;
    buf[0] = '\0';
    if (html_sweep_over(doc))       /* the counts do not vary */
        return;
    cJSON_ArrayForEach(d, html_get(doc, "config.sweep_disks"))
        if (cJSON_IsNumber(d) && used < len)
            used += (size_t)snprintf(buf + used, len - used, "%s%.0f",
                                     used ? ", " : "swept: ", d->valuedouble - others);
}

static void groups_table(struct html_out *o, const cJSON *doc)
{
    const cJSON *g;
    double disks = 0, au = 0;
    char size[32], swept[256];
    bool first = true;

    fputs("<h2>Disk groups</h2>\n<table class=\"groups\"><thead><tr><th>group</th>"
          "<th>disks</th><th>volume</th><th>layout</th></tr></thead><tbody>\n", o->f);
    cJSON_ArrayForEach(g, html_get(doc, "config.groups")) {
        html_num(g, "disks", &disks);
        html_num(g, "au_bytes", &au);
        html_fmt_bytes(au, size, sizeof size);
        fputs("<tr>", o->f);
        html_text_cell(o, html_str_or(g, "name", "?"));
        swept_disks(doc, swept, sizeof swept);
        if (first && swept[0])
            html_text_cell(o, swept);
        else
            fprintf(o->f, "<td>%.0f</td>", disks);
        first = false;
        html_text_cell(o, html_str_or(g, "volume", "?"));
        fputs("<td>", o->f);
        html_textf(o, "%s, AU %s, %s redundancy", html_str_or(g, "striping", "?"),
                   size, html_str_or(g, "redundancy", "?"));
        fputs("</td></tr>\n", o->f);
    }
    fputs("</tbody></table>\n", o->f);
}

void html_db_config(struct html_out *o, const cJSON *doc)
{
    const cJSON *k;
    char text[512];
    double wr = 0;

    if (cJSON_GetArraySize(html_get(doc, "config.groups")) > 0)
        groups_table(o, doc);
    fputs("<h2>I/O classes</h2>\n<table class=\"classes\"><thead><tr><th>class</th>"
          "<th>group</th><th>sizes</th><th>pattern</th><th>writes</th><th>skew</th>"
          "<th>loop</th></tr></thead><tbody>\n", o->f);
    cJSON_ArrayForEach(k, html_get(doc, "config.classes")) {
        fputs("<tr>", o->f);
        html_text_cell(o, html_str_or(k, "name", "?"));
        html_text_cell(o, html_str_or(k, "group", "-"));
        sizes_text(k, true, text, sizeof text);
        html_text_cell(o, text);
        html_text_cell(o, html_str_or(k, "pattern", "-"));
        html_num(k, "write_pct", &wr);
        fprintf(o->f, "<td>%g %%</td>", wr);
        skew_text(k, text, sizeof text);
        html_text_cell(o, text);
        loop_text(k, text, sizeof text);
        fputs("<td>", o->f);
        html_textf(o, "%s: %s", html_str_or(k, "loop", "?"), text);
        fputs("</td></tr>\n", o->f);
    }
    fputs("</tbody></table>\n", o->f);
}

/* ---- the table of the classes ---------------------------------------- */

/* <td>s of a latency distribution: avg, p50, p99, p99.9, p99.99 ("-"
   each when lat is none); with keys, data-key="<prefix>p99" and so on. */
static void lat_cells(struct html_out *o, const cJSON *lat, const char *prefix)
{
    static const char *const keys[] = { "avg", "p50", "p99", "p999", "p9999" };
    double v;

    for (int i = 0; i < 5; i++) {
        if (prefix)
            fprintf(o->f, "<td data-key=\"%s%s\">", prefix, keys[i]);
        else
            fputs("<td>", o->f);
        if (cJSON_IsObject(lat) && html_num(lat, keys[i], &v))
            fprintf(o->f, "%.1f", v);
        else
            fputs("-", o->f);
        fputs("</td>", o->f);
    }
}

/* Whether any class of the point ran in open loop (it has "open"). */
static bool any_open(const cJSON *classes)
{
    const cJSON *c;

    cJSON_ArrayForEach(c, classes)
        if (cJSON_IsObject(html_get(c, "open")))
            return true;
    return false;
}

void html_class_open_cells(struct html_out *o, const cJSON *c)
{
    const cJSON *op = html_get(c, "open");
    double offered, unmet;

    if (cJSON_IsObject(op) && html_num(op, "offered_iops", &offered) &&
        html_num(op, "unmet_frac", &unmet))
        fprintf(o->f, "<td data-key=\"offered_iops\">%.0f</td>"
                "<td data-key=\"unmet_pct\">%.1f %%</td>", offered, 100 * unmet);
    else
        fputs("<td>-</td><td>-</td>", o->f);
}

/* The rows of class c at the point: all its I/O, then each direction
   when it did both. */
static void class_rows(struct html_out *o, const cJSON *doc, const cJSON *c, int i,
                       bool open)
{
    static const char *const dir_key[2] = { "read_lat_us", "write_lat_us" };
    static const char *const dir_label[2] = { "reads", "writes" };
    const cJSON *k = class_cfg(doc, i);
    char loop[64], size[64];

    loop_text(k, loop, sizeof loop);
    sizes_text(k, false, size, sizeof size);
    fputs("<tr data-class=\"", o->f);
    html_text(o->f, html_str_or(c, "name", "?"));
    fputs("\">", o->f);
    html_text_cell(o, html_str_or(c, "name", "?"));
    html_text_cell(o, html_str_or(c, "group", "-"));
    html_text_cell(o, loop);
    html_text_cell(o, size);
    html_key_cell(o, c, "iops", 0);
    html_key_cell(o, c, "mbps", 2);
    lat_cells(o, html_get(c, "lat_us"), "");
    if (open)
        html_class_open_cells(o, c);
    fputs("</tr>\n", o->f);
    bool both = cJSON_IsObject(html_get(c, dir_key[0])) &&
                cJSON_IsObject(html_get(c, dir_key[1]));
    for (int d = 0; both && d < 2; d++) {
        fprintf(o->f, "<tr class=\"direction\"><td>%s</td><td></td><td></td><td></td>"
                "<td></td><td></td>", dir_label[d]);
        lat_cells(o, html_get(c, dir_key[d]), NULL);
        if (open)
            fputs("<td></td><td></td>", o->f);
        fputs("</tr>\n", o->f);
    }
}

/* The table of the classes at point p. */
static void classes_table(struct html_out *o, const cJSON *doc, const cJSON *p)
{
    const cJSON *classes = html_get(p, "classes"), *c;
    bool open = any_open(classes);
    int i = 0;

    fputs("<table class=\"classes\"><thead><tr><th>class</th><th>group</th>"
          "<th>load</th><th>size</th><th>IOPS</th><th>MB/s</th><th>avg us</th>"
          "<th>p50 us</th><th>p99 us</th><th>p99.9 us</th><th>p99.99 us</th>", o->f);
    if (open)
        fputs("<th>offered IOPS</th><th>unmet</th>", o->f);
    fputs("</tr></thead><tbody>\n", o->f);
    cJSON_ArrayForEach(c, classes)
        class_rows(o, doc, c, i++, open);
    fputs("</tbody></table>\n", o->f);
}

/* The classes' targets at point p (points[].targets, --need-*): each with
   what the class got and the verdict, as the terminal's "Targets:" lines;
   nothing when none was given. */
static void targets_table(struct html_out *o, const cJSON *p)
{
    const cJSON *targets = html_get(p, "targets"), *t;
    if (!cJSON_IsArray(targets) || cJSON_GetArraySize(targets) == 0)
        return;
    fputs("<h3>Targets</h3>\n<table class=\"targets\"><thead><tr><th>class</th>"
          "<th>target</th><th>needed</th><th>got</th><th>verdict</th></tr></thead>"
          "<tbody>\n", o->f);
    cJSON_ArrayForEach(t, targets) {
        const char *what = html_str_or(t, "what", "?");
        bool lat = strcmp(what, "latency_us") == 0, met = cJSON_IsTrue(html_get(t, "met"));
        char target[64];
        if (lat)
            snprintf(target, sizeof target, "%s latency (us), at most",
                     html_str_or(t, "stat", "mean"));
        else
            snprintf(target, sizeof target, "%s, at least", strcmp(what, "mbps") == 0
                     ? "MB/s" : "IOPS");
        fprintf(o->f, "<tr class=\"%s\">", met ? "met" : "missed");
        html_text_cell(o, html_str_or(t, "class", "?"));
        html_text_cell(o, target);
        html_num_cell(o, t, "need", lat ? 1 : strcmp(what, "mbps") == 0 ? 2 : 0);
        html_num_cell(o, t, "got", lat ? 1 : strcmp(what, "mbps") == 0 ? 2 : 0);
        html_text_cell(o, met ? "met" : "MISSED");
        fputs("</tr>\n", o->f);
    }
    fputs("</tbody></table>\n", o->f);
}

void html_db_summary(struct html_out *o, const cJSON *doc)
{
    const cJSON *p = cJSON_GetArrayItem(html_get(doc, "points"), 0);
    double s = 0;

    if (!cJSON_IsArray(html_get(p, "classes"))) {
        html_elem(o, "p", "note", "No point was measured (the run stopped before "
                  "its point ended), so there are no figures of the classes.");
        return;
    }
    classes_table(o, doc, p);
    fputs("<p class=\"limit\">", o->f);
    if (html_num(p, "measured_s", &s))
        html_textf(o, "%.1f s measured; ", s);
    html_textf(o, "binding limit: %s", html_limit_label(html_str(p, "limited_by")));
    fputs("</p>\n", o->f);
    targets_table(o, p);
}

/* ---- a run: the latency of each class --------------------------------- */

void html_db_run(struct html_out *o, const cJSON *doc)
{
    const cJSON *p = cJSON_GetArrayItem(html_get(doc, "points"), 0), *c;
    struct html_lat_set d[CLASS_MAX];
    int n = 0;

    cJSON_ArrayForEach(c, html_get(p, "classes"))
        if (n < CLASS_MAX && cJSON_IsObject(html_get(c, "lat_us"))) {
            d[n].label = html_str_or(c, "name", "?");
            d[n].lat = html_get(c, "lat_us");
            n++;
        }
    if (n == 0)
        return;
    fputs("<section id=\"latency\"><h2>Latency</h2>\n", o->f);
    html_percentiles(o, "Latency percentiles of each class", "the measured point",
                     d, n);
    if (cJSON_IsArray(html_get(p, "timeline")))
        html_elem(o, "p", "note", "The --interval timeline is in the results JSON; "
                  "this page does not draw it for a database workload (its rows "
                  "hold ORION's small and large figures, not each class's).");
    fputs("</section>\n", o->f);
}

/* ---- a sweep: each class against the disk count ----------------------- */

/* A sweep over power of a failure or an add (report_fail_by_power): its
   charts and table show each run's rebalancing phase, the one phase the
   power changes; the run's own point, before, is alike at every power. */
static bool by_power(const cJSON *doc)
{
    return html_sweep_over(doc) && strcmp(html_sweep_key_title(doc), "power") == 0 &&
           (cJSON_IsObject(html_get(doc, "failure")) ||
            cJSON_IsObject(html_get(doc, "add_disks")));
}

/* What run r shows: its point, or by power its rebalancing phase (an
   entry of failure.phases[], else add_disks.phases[]); NULL where that
   was not reached. */
static const cJSON *shown_point(const cJSON *doc, const cJSON *r)
{
    const cJSON *f = html_get(r, "failure"), *p;
    if (!by_power(doc))
        return cJSON_GetArrayItem(html_get(r, "points"), 0);
    cJSON_ArrayForEach(p, html_get(cJSON_IsObject(f) ? f : html_get(r, "add_disks"),
                                   "phases"))
        if (strcmp(html_str_or(p, "phase", ""), "rebalancing") == 0)
            return p;
    return NULL;
}

/* A class figure's key in what shown_point gives: a phase's classes name
   their latency avg_us and p99_us. */
static const char *shown_key(const cJSON *doc, const char *key)
{
    if (!by_power(doc))
        return key;
    return strcmp(key, "lat_us.p99") == 0 ? "p99_us"
         : strcmp(key, "lat_us.avg") == 0 ? "avg_us" : key;
}

/* The class figure at `key` (a dotted path in a class: "lat_us.p99") of
   class c of the disk count r, false when it has none. */
static bool sweep_figure(const cJSON *doc, const cJSON *r, int c, const char *key,
                         double *v)
{
    const cJSON *p = shown_point(doc, r);
    return html_num(cJSON_GetArrayItem(html_get(p, "classes"), c), shown_key(doc, key), v);
}

/* A chart of one class figure against the disk count, a data set per
   class; its reading gives each class's figure at the first and the last
   disk count. */
static void sweep_chart(struct html_out *o, const cJSON *doc, const char *title,
                        const char *key, const char *y_title, const char *unit,
                        int decimals)
{
    const cJSON *sweep = html_get(doc, "sweep"), *r;
    const cJSON *first = cJSON_GetArrayItem(sweep, 0);
    const cJSON *last = cJSON_GetArrayItem(sweep, cJSON_GetArraySize(sweep) - 1);
    int n = cJSON_GetArraySize(html_get(doc, "config.classes"));
    double v0, v1, v;
    char reading[1024], k0[64], k1[64];
    size_t used;

    char x_title[96];
    snprintf(x_title, sizeof x_title, "disks in all groups (%s's count varies)",
             html_str_or(cJSON_GetArrayItem(html_get(doc, "config.groups"), 0), "name",
                         "the first group"));
    cJSON *cfg = html_sweep_chart_new(o, doc, title, x_title);
    html_chart_axis(o, cfg, "y", y_title, "linear");
    html_sweep_key_text(doc, first, k0, sizeof k0);
    html_sweep_key_text(doc, last, k1, sizeof k1);
    if (html_sweep_over(doc))
        used = (size_t)snprintf(reading, sizeof reading, "%s %s=%s and at %s:",
                                by_power(doc) ? "While rebalancing, at" : "At",
                                html_sweep_key_title(doc), k0, k1);
    else
        used = (size_t)snprintf(reading, sizeof reading, "At %s and at %s disks:",
                                k0, k1);
    for (int c = 0; c < n && c < CLASS_MAX; c++) {
        const char *name = html_str_or(class_cfg(doc, c), "name", "?");
        cJSON *set = html_chart_dataset(o, cfg, name, c, "y");
        cJSON_ArrayForEach(r, sweep) {
            bool has = sweep_figure(doc, r, c, key, &v);
            html_sweep_point(o, doc, set, r, has, v);
        }
        if (used < sizeof reading && sweep_figure(doc, first, c, key, &v0) &&
            sweep_figure(doc, last, c, key, &v1))
            used += (size_t)snprintf(reading + used, sizeof reading - used,
                                     "%s %s %.*f and %.*f %s", c ? ";" : "", name,
                                     decimals, v0, decimals, v1, unit);
    }
    if (used < sizeof reading - 1)
        strcat(reading, ".");
    html_figure(o, title, cfg, reading);
}

/* The monthly cost of the disk count r, in all ("-" when not priced). */
static void cost_cell(struct html_out *o, const cJSON *doc, const cJSON *r)
{
    const char *what;
    double usd;

    if (html_month_cost(doc, r, &usd, &what))
        fprintf(o->f, "<td>%.2f</td>", usd);
    else
        fputs("<td>-</td>", o->f);
}

/* The terminal's sweep table (report_classes_sweep_table): a row per
   disk count and class; the disk count, limit and cost on its first. */
static void sweep_table(struct html_out *o, const cJSON *doc)
{
    const cJSON *r, *c;
    char key[64];

    fprintf(o->f, "<h3>Each class per %s%s</h3>\n<table class=\"sweep\"><thead><tr>"
            "<th>", html_sweep_over(doc) ? "value" : "disk count",
            by_power(doc) ? " while rebalancing" : "");
    html_text(o->f, html_sweep_key_title(doc));
    fputs("</th><th>class</th><th>group</th><th>IOPS</th><th>MB/s</th>"
          "<th>avg us</th><th>p99 us</th><th>limited by</th><th>USD/month</th>"
          "</tr></thead><tbody>\n", o->f);
    cJSON_ArrayForEach(r, html_get(doc, "sweep")) {
        const cJSON *p = shown_point(doc, r);
        int i = 0, n = cJSON_GetArraySize(html_get(doc, "config.classes"));
        html_sweep_key_text(doc, r, key, sizeof key);
        cJSON_ArrayForEach(c, html_get(p, "classes")) {
            if (i >= n)
                break;                  /* a phase's copy class */
            if (i == 0) {
                fputs(html_sweep_over(doc) ? "<tr data-value=\"" : "<tr data-disks=\"",
                      o->f);
                html_text(o->f, key);
                fputs("\">", o->f);
                html_text_cell(o, key);
            } else {
                fputs("<tr><td></td>", o->f);
            }
            html_text_cell(o, html_str_or(c, "name", "?"));
            html_text_cell(o, html_str_or(c, "group", html_str_or(class_cfg(doc, i),
                                                                  "group", "-")));
            html_num_cell(o, c, "iops", 0);
            html_num_cell(o, c, "mbps", 2);
            html_num_cell(o, c, shown_key(doc, "lat_us.avg"), 1);
            html_num_cell(o, c, shown_key(doc, "lat_us.p99"), 1);
            if (i++ == 0) {
                html_text_cell(o, html_limit_label(html_str(p, "limited_by")));
                cost_cell(o, doc, r);
            } else {
                fputs("<td></td><td></td>", o->f);
            }
            fputs("</tr>\n", o->f);
        }
    }
    fputs("</tbody></table>\n", o->f);
}

void html_db_sweep(struct html_out *o, const cJSON *doc)
{
    bool over = html_sweep_over(doc);
    const char *against = over ? html_sweep_key_title(doc) : "disk count";
    char lat_title[128], iops_title[128];
    const char *phase = by_power(doc) ? " while rebalancing" : "";
    snprintf(lat_title, sizeof lat_title, "p99 latency of each class%s against %s",
             phase, against);
    snprintf(iops_title, sizeof iops_title, "IOPS of each class%s against %s", phase,
             against);
    fputs("<section id=\"sweep\"><h2>", o->f);
    html_text(o->f, over ? "Sweep over " : "Disk counts");
    if (over)
        html_text(o->f, against);
    fputs("</h2>\n", o->f);
    sweep_chart(o, doc, lat_title, "lat_us.p99", "p99 latency (us)", "us", 1);
    sweep_chart(o, doc, iops_title, "iops", "IOPS", "IOPS", 0);
    sweep_table(o, doc);
    fputs("</section>\n", o->f);
}
