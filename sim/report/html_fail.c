/*
 * html_fail.c - a disk failure in the report of a run (run --fail) and
 * of a sweep over power: the results JSON's "failure" object
 * (docs/fields.md, written by report_fail.c; the model is
 * sim/core/rebalance.h).
 *
 *   what failed   the events and the outcome, in the terminal's words;
 *   figures       the repair timer, the power and copy rate, what bound
 *                 the copies (the terminal's words), the data moved,
 *                 the time to restore redundancy and the window without
 *                 it (data-key cells the tests read back);
 *   timeline      the phases as bands on one time axis, each as wide as
 *                 its share of the time from the run's start to the
 *                 restore (at least MIN_BAND_PCT, so the ten minutes
 *                 before a 4 h repair timer stay readable; the restored
 *                 phase, which has no end, a fixed OPEN_BAND_PCT), then
 *                 a chart of each foreground class's p99 over the same
 *                 hours, a step per phase, the phase starts marked;
 *   phases        each phase's classes: IOPS, MB/s, p50, p99, p99.9,
 *                 p99 against before, offered and unmet (a class that
 *                 arrives at a rate), the limit that bound it;
 *   space         the lost disks' bytes against the others' free space,
 *                 REQUIRED_MIRROR_FREE_MB, FREE_MB and USABLE_FILE_MB;
 *   notes         what the model does not know (docs/failure.md).
 *
 * Disks added (run --add-disks, the JSON's "add_disks") get a section of
 * their own from the same parts: what was added, how it follows a
 * --fail (the terminal's words), the copy rate, the data moved, the time
 * to balance and the balanced shares; the bands, the p99 chart and the
 * phases' table (before, rebalancing, balanced).
 *
 * A sweep over power gets the terminal's table "Failure by power" (each
 * run's copy rate, restore, window, worst foreground p99 while
 * rebalancing and what bound the copies) and a chart of the restore
 * time against the power; of an add, "Disks added by power" (the time
 * to balance, no window).
 *
 * Each phase is a steady-state point and the hours between are
 * arithmetic (rebalance.c): the bands and steps draw that arithmetic,
 * not a measured time series.
 */
#include <math.h>
#include <string.h>

#include "sim/report/html_page.h"
#include "sim/report/report.h"
#include "sim/report/report_fail.h"

#define MIN_BAND_PCT 12.0
#define OPEN_BAND_PCT 15.0
#define MAX_PHASES 4
#define S_PER_H 3600.0

/* A phase of failure.phases[]: its name, its start and end (end < 0:
   open, the restored phase), its entry. */
struct phase {
    const char *name;
    double start_s, end_s;
    const cJSON *x;
};

static int read_phases(const cJSON *f, struct phase *ph)
{
    const cJSON *x;
    int n = 0;
    cJSON_ArrayForEach(x, html_get(f, "phases")) {
        if (n == MAX_PHASES || !html_num(x, "start_s", &ph[n].start_s))
            continue;
        if (!html_num(x, "end_s", &ph[n].end_s))
            ph[n].end_s = -1;
        ph[n].name = html_str_or(x, "phase", "?");
        ph[n].x = x;
        n++;
    }
    return n;
}

static void fmt_time(double s, char *buf, size_t len)
{
    if (s < 0 || !isfinite(s))
        snprintf(buf, len, "-");
    else
        report_fmt_duration(s, buf, len);
}

/* ---- what failed and the figures ------------------------------------- */

static void what_failed(struct html_out *o, const cJSON *f)
{
    const cJSON *e;
    char at[32];
    int i = 0;
    fputs("<p>", o->f);
    html_text(o->f, "Failure of the first disk group:");
    cJSON_ArrayForEach(e, html_get(f, "events")) {
        double idx = 0, at_s = 0;
        html_num(e, "index", &idx);
        html_num(e, "at_s", &at_s);
        fmt_time(at_s, at, sizeof at);
        html_textf(o, "%s %s %.0f at %s", i++ ? ";" : "",
                   strcmp(html_str_or(e, "what", "disk"), "failgroup") == 0
                   ? "failure group" : "disk", idx, at);
    }
    fputs(".</p>\n", o->f);
}

/* A failure (object f) whose drop left no failure group for a new copy. */
static bool no_source(const cJSON *f)
{
    return strcmp(html_str_or(f, "outcome", ""), "no_source") == 0;
}

const char *html_fail_outcome_text(const char *outcome)
{
    if (strcmp(outcome, "data_lost") == 0)
        return "DATA LOST: an extent had every copy on offline disks; the disk "
               "group is dismounted, and no later phase is measured.";
    if (strcmp(outcome, "no_room") == 0)
        return "NOT RESTORED: the lost disks' data does not fit in the free space "
               "of the others (--used); the group stays degraded.";
    if (strcmp(outcome, "no_source") == 0)
        return "NOT RESTORED: fewer failure groups are left than there are copies; "
               "the group stays degraded until the disks return.";
    return "Redundancy restored.";
}

/* What bound the copies of object f (a failure, an add), in the
   terminal's words (report_copy_bound_text); false when they did not
   run (copy_limited_by null or unknown). */
static bool copy_bound_text(const cJSON *f, char *buf, size_t len)
{
    const char *id = html_str(f, "copy_limited_by");
    double power = 0, util = 0, disk = -1;
    if (!id)
        return false;
    struct report_copy_bound b = {
        .limit = strcmp(id, REPORT_COPY_LATENCY_ID) == 0 ? SIM_LIMIT_OFFERED_LOAD
                                                        : sim_limit_of_id(id),
    };
    if (b.limit >= SIM_LIMITS)
        return false;
    html_num(f, "power", &power);
    html_num(f, "copy_limit_util", &util);
    html_num(f, "copy_limit_disk", &disk);
    b.power = (int)power;
    b.util = util;
    b.disk = (int)disk;
    report_copy_bound_text(&b, buf, len);
    return true;
}

/* The row V$ASM_OPERATION would show, of object f's asm_operation, in
   the terminal's words; false when null. */
static bool asm_operation_text(const cJSON *f, char *buf, size_t len)
{
    const cJSON *a = html_get(f, "asm_operation");
    struct report_asm_op op = { .pass = html_str(a, "pass") };
    double power;
    if (!op.pass || !html_num(a, "power", &power) || !html_num(a, "est_work", &op.est_work) ||
        !html_num(a, "est_rate", &op.est_rate) || !html_num(a, "est_minutes", &op.est_minutes))
        return false;
    op.power = (int)power;
    report_asm_operation_text(&op, buf, len);
    snprintf(buf + strlen(buf), len - strlen(buf), " (AUs; AUs a minute)");
    return true;
}

/* The copies' rows of object `key` (failure, add_disks; a forecast's
   too, html_forecast_fail.c): the power and rate, what bound it,
   V$ASM_OPERATION's row (run's), the data moved. */
void html_fail_copy_rows(struct html_out *o, const cJSON *f, const char *key)
{
    char u[128], k[64];
    double v, w;
    if (html_num(f, "power", &v) && html_num(f, "copy_mbps", &w)) {
        snprintf(u, sizeof u, "power %.0f: %.2f MB/s copied", v, w);
        snprintf(k, sizeof k, "%s.copy_mbps", key);
        html_key_row(o, "copy", k, u);
    }
    if (copy_bound_text(f, u, sizeof u)) {
        snprintf(k, sizeof k, "%s.copy_limited_by", key);
        html_key_row(o, "copies bound by", k, u);
    }
    if (asm_operation_text(f, u, sizeof u)) {
        snprintf(k, sizeof k, "%s.asm_operation", key);
        html_key_row(o, "as V$ASM_OPERATION", k, u);
    }
    if (html_num(f, "moved_bytes", &v)) {
        snprintf(u, sizeof u, "%.1f GB", v / 1e9);
        snprintf(k, sizeof k, "%s.moved_bytes", key);
        html_key_row(o, "data moved", k, u);
    }
}

void html_fail_restore_rows(struct html_out *o, const cJSON *f)
{
    char t[64], u[160];
    double v;
    if (html_num(f, "repair_s", &v)) {
        fmt_time(v, t, sizeof t);
        snprintf(u, sizeof u, "%s %s, then %s",
                 html_str_or(f, "repair_parameter", "DISK_REPAIR_TIME"), t,
                 report_fail_then_text(strcmp(html_str_or(f, "then", ""), "resync") == 0,
                                       no_source(f)));
        html_key_row(o, "repair", "failure.repair_s", u);
    }
    html_fail_copy_rows(o, f, "failure");
    if (html_num(f, "restore_s", &v)) {
        fmt_time(v, t, sizeof t);
        html_key_row(o, "time to restore", "failure.restore_s", t);
    }
    if (html_num(f, "exposed_s", &v)) {
        fmt_time(v, t, sizeof t);
        snprintf(u, sizeof u, "%s (repair timer + restore)", t);
        html_key_row(o, "without redundancy", "failure.exposed_s", u);
    }
}

static void figures(struct html_out *o, const cJSON *f)
{
    const char *outcome = html_str_or(f, "outcome", "?");
    fputs("<table class=\"what\">\n", o->f);
    html_key_row(o, "outcome", "failure.outcome", html_fail_outcome_text(outcome));
    html_fail_restore_rows(o, f);
    fputs("</table>\n", o->f);
}

/* ---- the timeline ----------------------------------------------------- */

/* The time the bands span: the run's start to the last phase's end. */
static double span_s(const struct phase *ph, int n)
{
    double end = 0;
    for (int i = 0; i < n; i++)
        end = fmax(end, fmax(ph[i].start_s, ph[i].end_s));
    return end > 0 ? end : 1;
}

/* Green while redundant, amber degraded, red while the copies run;
   inline, so pages without a failure keep their style sheet. */
static const char *band_colour(const char *phase)
{
    if (strcmp(phase, "degraded") == 0)
        return "#fbe9d6";
    if (strcmp(phase, "rebalancing") == 0)
        return "#f6d3c4";
    return "#e8f3ea";
}

static void bands(struct html_out *o, const struct phase *ph, int n)
{
    double span = span_s(ph, n), pct[MAX_PHASES], total = 0;
    for (int i = 0; i < n; i++) {
        pct[i] = ph[i].end_s < 0 ? OPEN_BAND_PCT
               : fmax(MIN_BAND_PCT, 100 * (ph[i].end_s - ph[i].start_s) / span);
        total += pct[i];
    }
    fputs("<div class=\"fail-bands\" role=\"img\" aria-label=\"the phases of the "
          "failure on a time axis\" style=\"display:flex;margin:.5em 0;font-size:.9em"
          "\">\n", o->f);
    for (int i = 0; i < n; i++) {
        char from[32], to[32];
        fmt_time(ph[i].start_s, from, sizeof from);
        fmt_time(ph[i].end_s, to, sizeof to);
        fputs("<div class=\"band band-", o->f);
        html_text(o->f, ph[i].name);
        fputs("\" data-phase=\"", o->f);
        html_text(o->f, ph[i].name);
        fprintf(o->f, "\" style=\"width:%.1f%%;background:%s;padding:.3em .4em;"
                "border:1px solid #d0d0d0;overflow:hidden\"><b>", 100 * pct[i] / total,
                band_colour(ph[i].name));
        html_text(o->f, ph[i].name);
        fputs("</b><br>", o->f);
        if (ph[i].end_s < 0)
            html_textf(o, "from %s", from);
        else
            html_textf(o, "%s - %s", from, to);
        fputs("</div>\n", o->f);
    }
    fputs("</div>\n", o->f);
}

/* p99 of class c of phase i, and whether it has one. */
static bool class_p99(const struct phase *p, int c, const char **name, double *v)
{
    const cJSON *k = cJSON_GetArrayItem(html_get(p->x, "classes"), c);
    *name = html_str_or(k, "name", "?");
    return html_num(k, "p99_us", v) && *v > 0;
}

/* "While rebalancing: data-reads p99 872 us before, 20578 us (+2259 %);
   ..." of the phase where the copies run (or the last one reached). */
static void worst_reading(const struct phase *ph, int n, char *buf, size_t len)
{
    int at = n - 1;
    for (int i = 0; i < n; i++)
        if (strcmp(ph[i].name, "rebalancing") == 0)
            at = i;
    int classes = cJSON_GetArraySize(html_get(ph[0].x, "classes"));
    size_t used = (size_t)snprintf(buf, len, "In the %s phase:", ph[at].name);
    for (int c = 0; c < classes && used < len; c++) {
        const char *name;
        double b, v;
        if (!class_p99(&ph[0], c, &name, &b) || !class_p99(&ph[at], c, &name, &v))
            continue;
        used += (size_t)snprintf(buf + used, len - used, "%s %s p99 %.0f us (%+.0f %% "
                                 "against before)", c ? ";" : "", name, v,
                                 100 * (v / b - 1));
    }
    if (used < len)
        snprintf(buf + used, len - used, ". The hours between the phases are "
                 "arithmetic: each phase is a steady-state point.");
}

/* Each foreground class's p99 as a step per phase over the hours. */
static void p99_chart(struct html_out *o, const struct phase *ph, int n,
                      const char *title)
{
    double span = span_s(ph, n);
    int classes = cJSON_GetArraySize(html_get(ph[0].x, "classes"));
    cJSON *cfg = html_chart_new(o, "line", title, "time since the run started (h)",
                                "linear");
    html_chart_axis(o, cfg, "y", "p99 latency (us)", "logarithmic");
    for (int c = 0; c < classes; c++) {
        const char *name;
        double v;
        if (!class_p99(&ph[0], c, &name, &v))
            continue;
        cJSON *set = html_chart_dataset(o, cfg, name, c, "y");
        for (int i = 0; i < n; i++) {
            double end = ph[i].end_s < 0 ? span * (1 + OPEN_BAND_PCT / 100)
                                         : ph[i].end_s;
            if (!class_p99(&ph[i], c, &name, &v))
                continue;
            html_chart_xy(o, set, ph[i].start_s / S_PER_H, v);
            html_chart_xy(o, set, end / S_PER_H, v);
        }
    }
    for (int i = 1; i < n; i++)
        html_chart_event(o, cfg, ph[i].start_s / S_PER_H, ph[i].name);
    char reading[640];
    worst_reading(ph, n, reading, sizeof reading);
    html_figure(o, title, cfg, reading);
}

/* ---- the phases' table ------------------------------------------------ */

static void phase_rows(struct html_out *o, const struct phase *p,
                       const struct phase *before)
{
    const cJSON *k;
    char from[32], to[32];
    int c = 0, n = cJSON_GetArraySize(html_get(p->x, "classes"));
    fmt_time(p->start_s, from, sizeof from);
    fmt_time(p->end_s, to, sizeof to);
    cJSON_ArrayForEach(k, html_get(p->x, "classes")) {
        const char *name;
        double b, v;
        fputs("<tr>", o->f);
        if (c == 0) {
            fprintf(o->f, "<th rowspan=\"%d\">", n);
            html_textf(o, "%s", p->name);
            fprintf(o->f, "</th><td rowspan=\"%d\">", n);
            html_textf(o, "%s", from);
            fprintf(o->f, "</td><td rowspan=\"%d\">", n);
            html_textf(o, "%s", to);
            fputs("</td>", o->f);
        }
        html_text_cell(o, html_str_or(k, "name", "?"));
        html_num_cell(o, k, "iops", 0);
        html_num_cell(o, k, "mbps", 2);
        html_num_cell(o, k, "p50_us", 1);
        html_num_cell(o, k, "p99_us", 1);
        html_num_cell(o, k, "p999_us", 1);
        char vs[32] = "-";
        if (class_p99(before, c, &name, &b) && class_p99(p, c, &name, &v) &&
            strcmp(name, html_str_or(cJSON_GetArrayItem(html_get(before->x, "classes"), c),
                                     "name", "")) == 0)
            snprintf(vs, sizeof vs, "%+.0f %%", 100 * (v / b - 1));
        html_text_cell(o, vs);
        html_class_open_cells(o, k);
        if (c == 0) {
            fprintf(o->f, "<td rowspan=\"%d\">", n);
            html_text(o->f, html_limit_label(html_str(p->x, "limited_by")));
            fputs("</td>", o->f);
        }
        fputs("</tr>\n", o->f);
        c++;
    }
}

static void phases_table(struct html_out *o, const struct phase *ph, int n)
{
    fputs("<div class=\"wide\"><table class=\"summary fail-phases\"><thead><tr>"
          "<th>phase</th><th>from</th><th>to</th><th>class</th><th>IOPS</th>"
          "<th>MB/s</th><th>p50 us</th><th>p99 us</th><th>p99.9 us</th>"
          "<th>p99 vs before</th><th>offered/s</th><th>unmet</th><th>limited by</th>"
          "</tr></thead><tbody>\n", o->f);
    for (int i = 0; i < n; i++)
        phase_rows(o, &ph[i], &ph[0]);
    fputs("</tbody></table></div>\n", o->f);
}

/* ---- the space check -------------------------------------------------- */

void html_fail_space(struct html_out *o, const cJSON *f)
{
    const cJSON *s = html_get(f, "space");
    double used = 0, lost, avail;
    if (!html_num(s, "lost_bytes", &lost) || !html_num(s, "survivor_free_bytes", &avail))
        return;
    html_num(f, "used_frac", &used);
    bool fits = cJSON_IsTrue(html_get(s, "rebuild_fits"));
    char u[224];
    fputs("<h3>Space</h3>\n<table class=\"what\">\n", o->f);
    snprintf(u, sizeof u, "%.0f %% used (--used): the lost disks held %.1f GB, the "
             "others have %.1f GB free: %s", used * 100, lost / 1e9, avail / 1e9,
             report_fail_room_text(fits, no_source(f)));
    html_key_row(o, "rebuild", "failure.space.rebuild_fits", u);
    html_fail_asm_space_rows(o, s, "failure");
    fputs("</table>\n", o->f);
}

void html_fail_asm_space_rows(struct html_out *o, const cJSON *s, const char *key)
{
    static const struct { const char *name, *field; } rows[] = {
        { "REQUIRED_MIRROR_FREE_MB", "required_mirror_free_bytes" },
        { "FREE_MB", "free_bytes" },
        { "USABLE_FILE_MB", "usable_file_bytes" },
    };
    char u[96], k[96];
    double v;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (!html_num(s, rows[i].field, &v))
            continue;
        snprintf(u, sizeof u, "%.0f%s", v / 1048576, v < 0 && i == 2
                 ? " (negative: a lost failure group cannot be re-mirrored)" : "");
        snprintf(k, sizeof k, "%s.space.%s", key, rows[i].field);
        html_key_row(o, rows[i].name, k, u);
    }
}

/* The phases' bands, the foreground's p99 chart (title) and their
   table, when a phase was read. */
static void timeline(struct html_out *o, const struct phase *ph, int n,
                     const char *title)
{
    if (n == 0)
        return;
    fputs("<h3>Timeline</h3>\n", o->f);
    bands(o, ph, n);
    p99_chart(o, ph, n, title);
    phases_table(o, ph, n);
}

void html_fail(struct html_out *o, const cJSON *doc)
{
    const cJSON *f = html_get(doc, "failure");
    struct phase ph[MAX_PHASES];
    if (!cJSON_IsObject(f))
        return;
    int n = read_phases(f, ph);
    fputs("<section id=\"failure\"><h2>A disk fails</h2>\n", o->f);
    what_failed(o, f);
    figures(o, f);
    timeline(o, ph, n, "Foreground p99 latency through the failure");
    html_fail_space(o, f);
    html_elem(o, "p", "note", "Each phase is a steady-state point; the hours between "
              "are arithmetic (data moved over the copy rate). Not published, so "
              "modelled: the foreground impact (shared queues), the stale granule "
              "(an AU), the copy I/O (one AU). Not modelled: ASM's work per extent "
              "(published power-1 rates are 71-80 MB/s; here the copies run as fast "
              "as the devices allow: the restore time is a lower bound), its "
              "planning and compacting phases (docs/failure.md).");
    fputs("</section>\n", o->f);
}

/* ---- disks added ------------------------------------------------------ */

static void add_figures(struct html_out *o, const cJSON *a)
{
    char t[64], u[128];
    double v, w, at = 0, before = 0, after = 0;
    html_num(a, "at_s", &at);
    html_num(a, "disks_before", &before);
    html_num(a, "disks_after", &after);
    fmt_time(at, t, sizeof t);
    fputs("<table class=\"what\">\n", o->f);
    const char *outcome = html_str_or(a, "outcome", "");
    snprintf(u, sizeof u, "%.0f new disks at %s: %.0f -> %.0f disks, %s", after - before,
             t, before, after, strcmp(outcome, "balanced") == 0 ? "balanced"
             : strcmp(outcome, "not_measured") == 0 ? "not measured"
             : "NOT balanced (the copies did not run)");
    html_key_row(o, "added", "add_disks.outcome", u);
    const char *follows = report_add_after_words(html_str_or(a, "after", ""));
    if (follows)
        html_key_row(o, "after --fail", "add_disks.after", follows);
    html_fail_copy_rows(o, a, "add_disks");
    if (html_num(a, "balance_s", &v)) {
        fmt_time(v, t, sizeof t);
        html_key_row(o, "time to balance", "add_disks.balance_s", t);
    }
    if (html_num(a, "new_disk_share", &v) && html_num(a, "old_disk_share", &w)) {
        snprintf(u, sizeof u, "a new disk %.1f %%, an old one %.1f %% of the "
                 "physical IOPS", 100 * v, 100 * w);
        html_key_row(o, "balanced", "add_disks.new_disk_share", u);
    }
    fputs("</table>\n", o->f);
}

void html_add(struct html_out *o, const cJSON *doc)
{
    const cJSON *a = html_get(doc, "add_disks");
    struct phase ph[MAX_PHASES];
    if (!cJSON_IsObject(a))
        return;
    int n = read_phases(a, ph);
    fputs("<section id=\"add-disks\"><h2>Disks added</h2>\n", o->f);
    add_figures(o, a);
    timeline(o, ph, n, "Foreground p99 latency through the add");
    html_elem(o, "p", "note", "Each phase is a steady-state point; the time to "
              "balance is the data moved over the copy rate. While rebalancing the "
              "database's I/O is placed as after the move (optimistic); ASM's work "
              "per extent is not modelled: the time to balance is a lower bound "
              "(docs/failure.md).");
    fputs("</section>\n", o->f);
}

/* ---- a sweep over power ----------------------------------------------- */

/* The worst foreground p99 of a run's rebalancing phase and its class. */
static bool worst_p99(const cJSON *f, const char **cls, double *v)
{
    struct phase ph[MAX_PHASES];
    int n = read_phases(f, ph);
    *v = -1;
    for (int i = 0; i < n; i++) {
        if (strcmp(ph[i].name, "rebalancing") != 0)
            continue;
        int classes = cJSON_GetArraySize(html_get(ph[i].x, "classes"));
        for (int c = 0; c + 1 < classes; c++) {     /* the last: the copies */
            const char *name;
            double p;
            if (class_p99(&ph[i], c, &name, &p) && p > *v) {
                *v = p;
                *cls = name;
            }
        }
    }
    return *v >= 0;
}

/* What a sweep over power tabulates of a failure, and of an add. */
struct by_power {
    const char *key;                    /* the run's object */
    const char *id, *title;             /* the section's */
    const char *time_key, *time_word;   /* the time it takes */
    const char *chart_title, *chart_note;
    bool exposed;                       /* a window without redundancy */
};

static const struct by_power BY_POWER[] = {
    { "failure", "failure-sweep", "Failure by ", "restore_s", "restore",
      "Time to restore redundancy", "The data moved over the copy rate each run "
      "measured while rebalancing: a lower bound (ASM's work per extent is not "
      "modelled).", true },
    { "add_disks", "add-sweep", "Disks added by ", "balance_s", "balance",
      "Time to balance", "The new disks' share of the data over the copy rate each "
      "run measured while rebalancing: a lower bound (ASM's work per extent is not "
      "modelled).", false },
};

static void sweep_row(struct html_out *o, const cJSON *doc, const cJSON *run,
                      const struct by_power *b)
{
    const cJSON *f = html_get(run, b->key);
    char key[64], t[32];
    const char *cls = "-";
    double v;
    html_sweep_key_text(doc, run, key, sizeof key);
    fputs("<tr>", o->f);
    html_text_cell(o, key);
    html_text_cell(o, html_str_or(f, "outcome", "-"));
    html_num_cell(o, f, "copy_mbps", 2);
    fmt_time(html_num(f, b->time_key, &v) ? v : -1, t, sizeof t);
    html_text_cell(o, t);
    if (b->exposed) {
        fmt_time(html_num(f, "exposed_s", &v) ? v : -1, t, sizeof t);
        html_text_cell(o, t);
    }
    if (worst_p99(f, &cls, &v))
        fprintf(o->f, "<td>%.1f</td>", v);
    else
        fputs("<td>-</td>", o->f);
    html_text_cell(o, cls);
    char bound[128] = "-";
    copy_bound_text(f, bound, sizeof bound);
    html_text_cell(o, bound);
    fputs("</tr>\n", o->f);
}

/* The restore (balance) time in h against the sweep's key. */
static void time_chart(struct html_out *o, const cJSON *doc, const struct by_power *b)
{
    const cJSON *run;
    char y[64];
    snprintf(y, sizeof y, "time to %s (h)", b->time_word);
    cJSON *cfg = html_sweep_chart_new(o, doc, b->chart_title, "disks");
    html_chart_axis(o, cfg, "y", y, "linear");
    cJSON *set = html_chart_dataset(o, cfg, b->time_word, 0, "y");
    cJSON_ArrayForEach(run, html_get(doc, "sweep")) {
        double v;
        bool has = html_num(html_get(run, b->key), b->time_key, &v);
        html_sweep_point(o, doc, set, run, has, has ? v / S_PER_H : 0);
    }
    html_figure(o, b->chart_title, cfg, b->chart_note);
}

static void sweep_section(struct html_out *o, const cJSON *doc, const struct by_power *b)
{
    const cJSON *run;
    fprintf(o->f, "<section id=\"%s\"><h2>%s", b->id, b->title);
    html_text(o->f, html_sweep_key_title(doc));
    fputs("</h2>\n", o->f);
    time_chart(o, doc, b);
    fputs("<div class=\"wide\"><table class=\"sweep fail-sweep\"><thead><tr><th>", o->f);
    html_text(o->f, html_sweep_key_title(doc));
    fprintf(o->f, "</th><th>outcome</th><th>copy MB/s</th><th>%s</th>%s<th>worst p99 us "
            "rebalancing</th><th>class</th><th>copies bound by</th></tr></thead>"
            "<tbody>\n", b->time_word,
            b->exposed ? "<th>without redundancy</th>" : "");
    cJSON_ArrayForEach(run, html_get(doc, "sweep"))
        sweep_row(o, doc, run, b);
    fputs("</tbody></table></div>\n</section>\n", o->f);
}

void html_fail_sweep(struct html_out *o, const cJSON *doc)
{
    for (size_t i = 0; i < sizeof BY_POWER / sizeof BY_POWER[0]; i++)
        if (cJSON_IsObject(html_get(doc, BY_POWER[i].key)))
            sweep_section(o, doc, &BY_POWER[i]);
}
