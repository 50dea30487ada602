/*
 * html_forecast_fail.c - a disk lost during a forecast (forecast --fail,
 * docs/failure.md "A disk lost during a forecast") in the forecast's
 * report: the forecast JSON's "failure" object and its timeline rows'
 * "fail_phase" and "copy_mbps" (docs/fields.md, report_forecast.c).
 *
 *   marks     each change of the failure's phase (the disk offline, the
 *             rebalance or resync starting, redundancy restored; or the
 *             data lost, where the forecast stops) as an event mark on
 *             every time chart of the forecast (html_fc_fail_marks,
 *             called by html_forecast.c's time_chart); the copies' MB/s
 *             are a series of its throughput chart, drawn there from the
 *             rows;
 *   figures   what failed when (the words' clock), the outcome (restored
 *             at, NOT restored within the forecast with the data moved by
 *             its end, no room or no source, data lost, or INTERRUPTED
 *             with where the interrupt found it), the repair
 *             timer, the power, the data to move and moved, the time to
 *             restore and the window without redundancy: run's rows and
 *             words where they are the same (html_fail.c);
 *   phases    the terminal's "failure phases" as a table: each phase
 *             reached, its span on the words' clock, the data the copies
 *             moved in it (its rows' copy_mbps x length_s, added up, as
 *             the JSON's moved_bytes is) and each class's worst interval
 *             p99 and unmet share;
 *   space     run's space check (html_fail_space).
 *
 * Disks added (forecast --add-disks: the JSON's "add_disks" and its rows'
 * "add_phase") are drawn the same way, from the same parts: marks where
 * the disks join and where the group is balanced, and a section "Disks
 * added": when and how many, the outcome (balanced at, NOT balanced
 * within the forecast, INTERRUPTED), the copies' rows as run's
 * (html_fail_copy_rows), the data to move and the time to balance, the
 * phases' table (before, rebalancing, balanced) and the grown group's
 * space figures.
 *
 * Every figure cell carries a data-key the test reads back: the JSON
 * path of what it shows ("failure.phases[2].classes[0].worst_p99_us"),
 * and for the data moved "failure.phases[2].moved_bytes", the rows' sum.
 * Keys are built of indexes, never of names; the names (classes, from a
 * workload file) are text, escaped.  A forecast without "failure" (or
 * "add_disks") draws none of this: its page is byte for byte as before.
 */
#include <math.h>
#include <string.h>

#include "sim/report/html_page.h"
#include "sim/report/report.h"
#include "sim/report/report_forecast.h"

#define S_PER_H 3600.0

static const char *const PHASE_ID[] = { "before", "degraded", "rebalancing", "restored" };
#define N_PHASE_ID ((int)(sizeof PHASE_ID / sizeof PHASE_ID[0]))

#define RESTORED_INDEX 3                /* an add's "balanced" */

static int phase_index(const char *phase)
{
    for (int i = 0; phase && i < N_PHASE_ID; i++)
        if (strcmp(phase, PHASE_ID[i]) == 0)
            return i;
    return phase && strcmp(phase, "balanced") == 0 ? RESTORED_INDEX : -1;
}

/* The operation a table is of: its object's key in the JSON and the key
   of its phase in the timeline's rows. */
struct op_keys {
    const char *obj, *row;
};
static const struct op_keys FAIL_KEYS = { "failure", "fail_phase" };
static const struct op_keys ADD_KEYS = { "add_disks", "add_phase" };

static bool is_outcome(const cJSON *f, const char *outcome)
{
    return strcmp(html_str_or(f, "outcome", ""), outcome) == 0;
}

/* "rebalance" or "resync": what the copies do. */
static const char *copy_word(const cJSON *f)
{
    return strcmp(html_str_or(f, "then", ""), "resync") == 0 ? "resync" : "rebalance";
}

/* ---- the marks on the time charts ------------------------------------- */

/* The label of a change into phase, or false (before: no change). */
static bool mark_label(const cJSON *f, const char *phase, char *buf, size_t len)
{
    double idx = 0;
    html_num(f, "index", &idx);
    switch (phase_index(phase)) {
    case 1:
        snprintf(buf, len, "%s %.0f offline", strcmp(html_str_or(f, "what", ""),
                 "failgroup") == 0 ? "failure group" : "disk", idx);
        return true;
    case 2:
        snprintf(buf, len, "%s starts", copy_word(f));
        return true;
    case 3:
        snprintf(buf, len, "redundancy restored");
        return true;
    default:
        return false;
    }
}

/* Disks added: where they join (the rebalance starts) and where the
   group is balanced. */
static void add_marks(struct html_out *o, cJSON *cfg, const cJSON *a)
{
    const cJSON *p;
    char label[64];
    double at, n = 0;
    html_num(a, "added", &n);
    cJSON_ArrayForEach(p, html_get(a, "phases")) {
        int k = phase_index(html_str(p, "phase"));
        if (k <= 0 || !html_num(p, "start_s", &at))
            continue;
        if (k == RESTORED_INDEX)
            snprintf(label, sizeof label, "balanced");
        else
            snprintf(label, sizeof label, "%.0f disk%s added", n, n == 1 ? "" : "s");
        html_chart_event(o, cfg, at / S_PER_H, label);
    }
}

void html_fc_fail_marks(struct html_out *o, cJSON *cfg, const cJSON *doc)
{
    const cJSON *f = html_get(doc, "failure"), *p;
    char label[64];
    double at;

    if (cJSON_IsObject(html_get(doc, "add_disks")))
        add_marks(o, cfg, html_get(doc, "add_disks"));
    if (!cJSON_IsObject(f))
        return;
    if (is_outcome(f, "data_lost")) {
        if (html_num(f, "at_s", &at))
            html_chart_event(o, cfg, at / S_PER_H, "data lost");
        return;
    }
    cJSON_ArrayForEach(p, html_get(f, "phases"))
        if (html_num(p, "start_s", &at) &&
            mark_label(f, html_str(p, "phase"), label, sizeof label))
            html_chart_event(o, cfg, at / S_PER_H, label);
}

/* ---- the figures ------------------------------------------------------- */

/* "disk 3 of the first disk group offline at 00:07:00", or "failure
   group 1 (disks 1, 5) ...". */
static void what_failed(const cJSON *f, char *buf, size_t len)
{
    const cJSON *d;
    double idx = 0;
    bool fg = strcmp(html_str_or(f, "what", ""), "failgroup") == 0;
    int i = 0;
    html_num(f, "index", &idx);
    size_t n = (size_t)snprintf(buf, len, "%s %.0f", fg ? "failure group" : "disk", idx);
    cJSON_ArrayForEach(d, html_get(f, "offline_disks"))
        if (fg && n < len && cJSON_IsNumber(d))
            n += (size_t)snprintf(buf + n, len - n, "%s%.0f", i++ ? ", " : " (disks ",
                                  d->valuedouble);
    if (n < len)
        snprintf(buf + n, len - n, "%s of the first disk group offline at %s",
                 i ? ")" : "", html_str_or(f, "clock", "?"));
}

/* "the rebalance from 04:36:00 at power 1 had moved 5.8 of 13.4 GB
   (43 %)", or false when no rebalance started. */
static bool moved_text(const cJSON *f, char *buf, size_t len)
{
    char at[32];
    double t0, moved = 0, to_move = 0, power = 0;
    if (!html_num(f, "rebalance_start_s", &t0))
        return false;
    html_num(f, "moved_bytes", &moved);
    html_num(f, "to_move_bytes", &to_move);
    html_num(f, "power", &power);
    snprintf(buf, len, "the %s from %s at power %.0f had moved %.1f of %.1f GB (%.0f %%)",
             copy_word(f), report_fc_clock(t0, at, sizeof at), power, moved / 1e9,
             to_move / 1e9, to_move > 0 ? 100 * moved / to_move : 0);
    return true;
}

/* A restore the forecast did not reach: the timer ran past its end, or
   the copies had not finished by it. */
static void not_restored(const cJSON *f, char *buf, size_t len)
{
    char moved[160];
    if (!moved_text(f, moved, sizeof moved))
        snprintf(buf, len, "NOT restored within the forecast: the repair timer runs "
                 "past its end (no %s in it).", copy_word(f));
    else
        snprintf(buf, len, "NOT restored within the forecast: %s by its end.", moved);
}

/* An interrupt cut the forecast while the failure was to come or in
   progress: where, from the last phase's end. */
static void interrupted(const cJSON *f, char *buf, size_t len)
{
    const cJSON *p, *last = NULL;
    char at[32], moved[160];
    double cut = 0;
    cJSON_ArrayForEach(p, html_get(f, "phases"))
        last = p;
    html_num(last, "end_s", &cut);
    report_fc_clock_end(cut, at, sizeof at);
    if (phase_index(html_str(last, "phase")) <= 0)
        snprintf(buf, len, "INTERRUPTED at %s, before the failure: none of it was "
                 "simulated.", at);
    else if (!moved_text(f, moved, sizeof moved))
        snprintf(buf, len, "INTERRUPTED at %s while degraded, before the repair timer "
                 "ended: the %s was not simulated.", at, copy_word(f));
    else
        snprintf(buf, len, "INTERRUPTED at %s: %s by then.", at, moved);
}

/* The outcome in the words of run's report where they are the same. */
static void outcome(const cJSON *f, char *buf, size_t len)
{
    char at[32], after[32];
    double t1, exposed = 0;
    const char *id = html_str_or(f, "outcome", "?");
    if (strcmp(id, "data_lost") == 0)
        snprintf(buf, len, "%s The forecast stops at the failure.",
                 html_fail_outcome_text(id));
    else if (strcmp(id, "interrupted") == 0)
        interrupted(f, buf, len);
    else if (strcmp(id, "not_restored") == 0 || (strcmp(id, "restored") == 0 &&
             (!html_num(f, "restored_s", &t1) || !html_num(f, "exposed_s", &exposed))))
        not_restored(f, buf, len);
    else if (strcmp(id, "restored") != 0)
        snprintf(buf, len, "%s", html_fail_outcome_text(id));
    else {
        report_fmt_duration(exposed, after, sizeof after);
        snprintf(buf, len, "Redundancy restored at %s, %s after the failure.",
                 report_fc_clock_end(t1, at, sizeof at), after);
    }
}

static void figures(struct html_out *o, const cJSON *f)
{
    char u[320];
    double v;
    fputs("<table class=\"what\">\n", o->f);
    what_failed(f, u, sizeof u);
    html_key_row(o, "failed", "failure.at_s", u);
    outcome(f, u, sizeof u);
    html_key_row(o, "outcome", "failure.outcome", u);
    html_fail_restore_rows(o, f);
    if (html_num(f, "power", &v) && !is_outcome(f, "data_lost")) {
        snprintf(u, sizeof u, "%.0f outstanding copies (--power)", v);
        html_key_row(o, "power", "failure.power", u);
    }
    if (html_num(f, "to_move_bytes", &v)) {
        snprintf(u, sizeof u, "%.1f GB (%s)", v / 1e9, strcmp(copy_word(f), "resync") == 0
                 ? "the stale AUs by the repair time, estimated" : "--used of the disk");
        html_key_row(o, "to move", "failure.to_move_bytes", u);
    }
    fputs("</table>\n", o->f);
}

/* ---- the phases' table -------------------------------------------------- */

/* What the copies wrote in each phase: its rows' copy_mbps x length_s. */
static void moved_by_phase(struct html_out *o, const cJSON *doc, const struct op_keys *op,
                           double *moved, bool *has)
{
    const cJSON *r;
    int i = 0;
    for (int p = 0; p < N_PHASE_ID; p++) {
        moved[p] = 0;
        has[p] = false;
    }
    cJSON_ArrayForEach(r, html_get(doc, "timeline")) {
        double mbps, len;
        if (i++ % 4096 == 0 && html_stopped(o))
            return;
        int p = phase_index(html_str(r, op->row));
        if (p < 0 || !html_num(r, "copy_mbps", &mbps) || !html_num(r, "length_s", &len))
            continue;
        moved[p] += mbps * 1e6 * len;
        has[p] = true;
    }
}

/* The cells of a phase spanning its classes' rows: name, from, to, span,
   the data moved (phase i of OBJ.phases). */
static void phase_cells(struct html_out *o, const struct op_keys *op, const cJSON *p,
                        int i, int rows, const double *moved, const bool *has)
{
    char a[32], b[32], d[32], key[64];
    double t0 = 0, t1 = 0;
    int k = phase_index(html_str(p, "phase"));
    html_num(p, "start_s", &t0);
    html_num(p, "end_s", &t1);
    report_fmt_duration(t1 - t0, d, sizeof d);
    fprintf(o->f, "<th rowspan=\"%d\">", rows);
    html_text(o->f, html_str_or(p, "phase", "?"));
    fprintf(o->f, "</th><td rowspan=\"%d\">%s</td><td rowspan=\"%d\">%s</td>"
            "<td rowspan=\"%d\">%s</td>", rows, report_fc_clock(t0, a, sizeof a), rows,
            report_fc_clock_end(t1, b, sizeof b), rows, d);
    snprintf(a, sizeof a, "-");
    if (k >= 0 && has[k])
        snprintf(a, sizeof a, "%.1f GB", moved[k] / 1e9);
    snprintf(key, sizeof key, "%s.phases[%d].moved_bytes", op->obj, i);
    fprintf(o->f, "<td rowspan=\"%d\" data-key=\"%s\">", rows, key);
    html_text(o->f, a);
    fputs("</td>", o->f);
}

/* A class's worst interval in phase i: p99 (the terminal's units), unmet. */
static void class_cells(struct html_out *o, const struct op_keys *op, const cJSON *k,
                        int i, int c)
{
    char key[80], v[32];
    double us = 0, pct;
    html_text_cell(o, html_str_or(k, "name", "?"));
    html_num(k, "worst_p99_us", &us);
    snprintf(key, sizeof key, "%s.phases[%d].classes[%d].worst_p99_us", op->obj, i, c);
    html_key_text_cell(o, key, report_fmt_latency_whole(us, v, sizeof v));
    snprintf(v, sizeof v, "-");
    if (html_num(k, "worst_unmet_pct", &pct))
        snprintf(v, sizeof v, "%.1f", pct);
    snprintf(key, sizeof key, "%s.phases[%d].classes[%d].worst_unmet_pct", op->obj, i, c);
    html_key_text_cell(o, key, v);
}

static void phases_table(struct html_out *o, const cJSON *doc, const struct op_keys *op)
{
    const cJSON *p, *f = html_get(doc, op->obj);
    double moved[N_PHASE_ID];
    bool has[N_PHASE_ID];
    int i = 0;
    moved_by_phase(o, doc, op, moved, has);
    fputs("<div class=\"wide\"><table class=\"summary fail-phases\"><thead><tr>"
          "<th>phase</th><th>from</th><th>to</th><th>span</th><th>data moved</th>"
          "<th>class</th><th>worst p99</th><th>worst unmet %</th></tr></thead>"
          "<tbody>\n", o->f);
    cJSON_ArrayForEach(p, html_get(f, "phases")) {
        const cJSON *classes = html_get(p, "classes"), *k;
        int n = cJSON_GetArraySize(classes), c = 0;
        fputs("<tr>", o->f);
        phase_cells(o, op, p, i, n > 0 ? n : 1, moved, has);
        if (n == 0)
            fputs("<td>-</td><td>-</td><td>-</td>", o->f);
        cJSON_ArrayForEach(k, classes) {
            fputs(c ? "<tr>" : "", o->f);
            class_cells(o, op, k, i, c++);
            fputs("</tr>\n", o->f);
        }
        if (n == 0)
            fputs("</tr>\n", o->f);
        i++;
    }
    fputs("</tbody></table></div>\n", o->f);
}

/* A forecast's section of an operation (a disk lost, disks added): its
   figures, its phases' table, its space, and what the model takes. */
struct op_section {
    const struct op_keys *keys;
    const char *id, *title, *phases_title, *marks, *end_note;
    void (*figures)(struct html_out *o, const cJSON *x);
    void (*space)(struct html_out *o, const cJSON *x);
};

static void op_section(struct html_out *o, const cJSON *doc, const struct op_section *sec)
{
    const cJSON *x = html_get(doc, sec->keys->obj);
    char note[256];
    if (!cJSON_IsObject(x))
        return;
    fprintf(o->f, "<section id=\"%s\"><h2>%s</h2>\n", sec->id, sec->title);
    sec->figures(o, x);
    if (cJSON_GetArraySize(html_get(x, "phases")) > 0) {
        fprintf(o->f, "<h3>%s</h3>\n", sec->phases_title);
        snprintf(note, sizeof note, "Each class's worst interval in the phase: its p99 "
                 "and the share of its demand left unmet. %s; the copies' MB/s are "
                 "drawn on the throughput chart.", sec->marks);
        html_elem(o, "p", "note", note);
        phases_table(o, doc, sec->keys);
    }
    sec->space(o, x);
    html_elem(o, "p", "note", sec->end_note);
    fputs("</section>\n", o->f);
}

void html_fc_fail(struct html_out *o, const cJSON *doc)
{
    static const struct op_section sec = {
        &FAIL_KEYS, "failure", "A disk lost", "Failure phases",
        "The phases' changes are marked on the charts above",
        "The phases are lived through at the schedule's load, interval by "
        "interval; the copies run as fast as the devices allow (ASM's work per "
        "extent is not modelled: the restore time is a lower bound; "
        "docs/failure.md).", figures, html_fail_space,
    };
    op_section(o, doc, &sec);
}

/* ---- disks added -------------------------------------------------------- */

/* An add's outcome: balanced at, NOT balanced within the forecast (what
   the copies had moved by its end), or INTERRUPTED (where). */
static void add_outcome(const cJSON *a, char *buf, size_t len)
{
    char at[32], moved[160];
    double t1, cut = -1;
    const cJSON *p, *last = NULL;
    const char *id = html_str_or(a, "outcome", "?");
    cJSON_ArrayForEach(p, html_get(a, "phases"))
        last = p;
    html_num(last, "end_s", &cut);
    if (strcmp(id, "balanced") == 0 && html_num(a, "balanced_s", &t1))
        snprintf(buf, len, "Balanced at %s.", report_fc_clock_end(t1, at, sizeof at));
    else if (strcmp(id, "interrupted") != 0)
        snprintf(buf, len, "NOT balanced within the forecast: %s by its end.",
                 moved_text(a, moved, sizeof moved) ? moved : "no copies ran");
    else if (phase_index(html_str(last, "phase")) <= 0)
        snprintf(buf, len, "INTERRUPTED at %s, before the add: none of it was simulated.",
                 report_fc_clock_end(cut, at, sizeof at));
    else
        snprintf(buf, len, "INTERRUPTED at %s: %s by then.",
                 report_fc_clock_end(cut, at, sizeof at),
                 moved_text(a, moved, sizeof moved) ? moved : "no copies ran");
}

static void add_figures(struct html_out *o, const cJSON *a)
{
    char u[320], t[32];
    double n = 0, before = 0, after = 0, v, used = 0;
    html_num(a, "added", &n);
    html_num(a, "disks_before", &before);
    html_num(a, "disks_after", &after);
    fputs("<table class=\"what\">\n", o->f);
    snprintf(u, sizeof u, "%.0f new disk%s of the first disk group at %s: %.0f -> %.0f "
             "disks", n, n == 1 ? "" : "s", html_str_or(a, "clock", "?"), before, after);
    html_key_row(o, "added", "add_disks.at_s", u);
    add_outcome(a, u, sizeof u);
    html_key_row(o, "outcome", "add_disks.outcome", u);
    html_fail_copy_rows(o, a, "add_disks");
    html_num(a, "used_frac", &used);
    if (html_num(a, "to_move_bytes", &v)) {
        snprintf(u, sizeof u, "%.1f GB (the new disks' share of --used %.0f %% of the "
                 "old disks)", v / 1e9, 100 * used);
        html_key_row(o, "to move", "add_disks.to_move_bytes", u);
    }
    if (html_num(a, "balance_s", &v)) {
        report_fmt_duration(v, t, sizeof t);
        html_key_row(o, "time to balance", "add_disks.balance_s", t);
    }
    fputs("</table>\n", o->f);
}

/* The grown group's space: ASM's figures after the add. */
static void add_space(struct html_out *o, const cJSON *a)
{
    const cJSON *s = html_get(a, "space");
    if (!cJSON_IsObject(s))
        return;
    fputs("<h3>Space after the add</h3>\n<table class=\"what\">\n", o->f);
    html_fail_asm_space_rows(o, s, "add_disks");
    fputs("</table>\n", o->f);
}

void html_fc_add(struct html_out *o, const cJSON *doc)
{
    static const struct op_section sec = {
        &ADD_KEYS, "add-disks", "Disks added", "Add phases",
        "The disks joining and the group balanced are marked on the charts above",
        "The rebalance is lived through at the schedule's load, interval by "
        "interval; while it runs the database's I/O is placed as after the move "
        "(optimistic), and ASM's work per extent is not modelled: the time to "
        "balance is a lower bound (docs/failure.md).", add_figures, add_space,
    };
    op_section(o, doc, &sec);
}
