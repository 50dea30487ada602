/*
 * html_timeline.c - the --interval timelines of a run (for a sweep: of
 * its last disk count, the top-level points) as three charts over device
 * time: throughput, latency and every burst bucket's balance.
 *
 * The points' timelines are laid end to end on one time axis, in the
 * order measured: point k starts where point k-1's last interval ended
 * (each timeline counts from its own measured window, points[].timeline[]
 * .start_s), and a dashed mark labelled "Small=s Large=l" shows where
 * each point begins: the events of the run.  Warm-up between points is
 * not on the axis (it is not measured).
 *
 * Size.  A 24 h point at 1 s is 86,400 intervals; a page with every one
 * of them is tens of MB and slow to draw, so beyond MAX_ROWS intervals
 * every k-th is drawn (k the smallest that fits) and the reading says so;
 * the results JSON and the timeline CSV keep them all.
 *
 * The readings are worded here (the terminal prints no timeline).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/report/html_page.h"

#define MAX_ROWS 2000
#define MAX_BUCKETS 64

struct row {
    const cJSON *row;
    double t_s;                 /* start on the joined axis */
};

struct mark {
    double t_s;                 /* where the point starts on the axis */
    char label[48];             /* "Small=2 Large=0" */
};

struct timeline {
    struct row *rows;
    int n, step;                /* draw every step-th row */
    struct mark *marks;         /* one per point with a timeline */
    int n_marks;
    double end_s;
};

/* Append point p's rows at offset; the end of its last row. */
static double join_point(struct timeline *tl, const cJSON *p, double offset)
{
    const cJSON *r;
    double start, len, s = 0, l = 0, end = offset;
    struct mark *m = &tl->marks[tl->n_marks++];

    html_num(p, "small", &s);
    html_num(p, "large", &l);
    m->t_s = offset;
    snprintf(m->label, sizeof m->label, "Small=%.0f Large=%.0f", s, l);
    cJSON_ArrayForEach(r, html_get(p, "timeline")) {
        if (!html_num(r, "start_s", &start) || !html_num(r, "length_s", &len))
            continue;
        tl->rows[tl->n].row = r;
        tl->rows[tl->n].t_s = offset + start;
        tl->n++;
        end = fmax(end, offset + start + len);
    }
    return end;
}

/* Join the points' timelines: the number of rows, 0 when there are none,
   -1 out of memory.  Free with timeline_free. */
static int join(struct html_out *o, const cJSON *doc, struct timeline *tl)
{
    const cJSON *p;
    int total = 0, points = 0;

    memset(tl, 0, sizeof *tl);
    cJSON_ArrayForEach(p, html_get(doc, "points")) {
        int n = cJSON_GetArraySize(html_get(p, "timeline"));
        total += n;
        points += n > 0;
    }
    if (total == 0)
        return 0;
    tl->rows = calloc((size_t)total, sizeof *tl->rows);
    tl->marks = calloc((size_t)points, sizeof *tl->marks);
    if (tl->rows == NULL || tl->marks == NULL) {
        o->oom = true;
        return -1;
    }
    cJSON_ArrayForEach(p, html_get(doc, "points"))
        if (cJSON_GetArraySize(html_get(p, "timeline")) > 0)
            tl->end_s = join_point(tl, p, tl->end_s);
    tl->step = (tl->n + MAX_ROWS - 1) / MAX_ROWS;
    if (tl->step < 1)
        tl->step = 1;
    return tl->n;
}

static void timeline_free(struct timeline *tl)
{
    free(tl->rows);
    free(tl->marks);
}

/* The point marks on a chart's time axis. */
static void events(struct html_out *o, cJSON *cfg, const struct timeline *tl)
{
    for (int i = 0; i < tl->n_marks; i++)
        html_chart_event(o, cfg, tl->marks[i].t_s, tl->marks[i].label);
}

/* One series along the rows: the figure at path in each row drawn. */
static void series(struct html_out *o, cJSON *cfg, const struct timeline *tl,
                   const char *label, const char *path, int colour,
                   const char *axis)
{
    cJSON *set = NULL;
    double v;

    for (int i = 0; i < tl->n; i += tl->step)
        if (html_num(tl->rows[i].row, path, &v)) {
            if (set == NULL)
                set = html_chart_line_only(o, html_chart_dataset(o, cfg, label,
                                                                 colour, axis));
            html_chart_xy(o, set, tl->rows[i].t_s, v);
        }
}

/* The range of a figure over the rows (all of them, not only those
   drawn): false when no row has it. */
static bool range(const struct timeline *tl, const char *path, double *lo,
                  double *hi, double *t_hi)
{
    double v;
    bool any = false;

    *lo = INFINITY;
    *hi = -INFINITY;
    for (int i = 0; i < tl->n; i++)
        if (html_num(tl->rows[i].row, path, &v)) {
            any = true;
            *lo = fmin(*lo, v);
            if (v > *hi) {
                *hi = v;
                *t_hi = tl->rows[i].t_s;
            }
        }
    return any;
}

/* The limit that bound the most rows. */
static const char *commonest_limit(const struct timeline *tl)
{
    const char *ids[16];
    int counts[16] = {0}, n = 0, best = -1;

    for (int i = 0; i < tl->n; i++) {
        const char *id = html_str(tl->rows[i].row, "limited_by");
        int k = 0;
        if (id == NULL)
            continue;
        while (k < n && strcmp(ids[k], id) != 0)
            k++;
        if (k == n && n < 16)
            ids[n++] = id;
        if (k < n)
            counts[k]++;
    }
    for (int k = 0; k < n; k++)
        if (best < 0 || counts[k] > counts[best])
            best = k;
    return best < 0 ? NULL : ids[best];
}

static cJSON *time_chart(struct html_out *o, const struct timeline *tl,
                         const char *title, const char *y_title, const char *scale)
{
    cJSON *cfg = html_chart_new(o, "line", title, "device time (s)", "linear");
    html_chart_axis(o, cfg, "y", y_title, scale);
    events(o, cfg, tl);
    return cfg;
}

static void throughput(struct html_out *o, const struct timeline *tl)
{
    const char *title = "Throughput over time";
    cJSON *cfg = time_chart(o, tl, title, "small IOPS", "linear");
    char reading[640], note[48], part[2][160] = {"", ""};
    double lo, hi, t;

    html_chart_axis(o, cfg, "y2", "large MB/s (10^6 B/s)", "linear");
    char span[32];

    /* a class the run did not drive is 0 all along: not drawn */
    if (range(tl, "small_iops", &lo, &hi, &t) && hi > 0) {
        series(o, cfg, tl, "small IOPS", "small_iops", 0, "y");
        snprintf(part[0], sizeof part[0], "; small IOPS between %.0f and %.0f", lo, hi);
    }
    if (range(tl, "large_mbps", &lo, &hi, &t) && hi > 0) {
        series(o, cfg, tl, "large MB/s (right axis)", "large_mbps", 1, "y2");
        snprintf(part[1], sizeof part[1], "; large MB/s between %.2f and %.2f", lo, hi);
    }
    html_sampled_note(tl->step, "interval", note, sizeof note);
    html_fmt_seconds(tl->end_s, span, sizeof span);
    snprintf(reading, sizeof reading, "%d intervals over %s of device time%s%s%s; "
             "the limit that bound the most intervals: %s.", tl->n, span, note,
             part[0], part[1], html_limit_label(commonest_limit(tl)));
    html_figure(o, title, cfg, reading);
}

static void latency(struct html_out *o, const struct timeline *tl)
{
    const char *title = "Latency over time";
    cJSON *cfg = time_chart(o, tl, title, "latency (us, log scale)", "logarithmic");
    char reading[512], part[2][160] = {"", ""}, at[32];
    double lo, hi, t = 0;

    series(o, cfg, tl, "small average", "small_lat_us.avg", 0, "y");
    series(o, cfg, tl, "small p99", "small_lat_us.p99", 5, "y");
    series(o, cfg, tl, "large average", "large_lat_us.avg", 1, "y");
    series(o, cfg, tl, "large p99", "large_lat_us.p99", 3, "y");
    if (range(tl, "small_lat_us.p99", &lo, &hi, &t)) {
        html_fmt_seconds(t, at, sizeof at);
        snprintf(part[0], sizeof part[0], "small %.1f us at %s", hi, at);
    }
    if (range(tl, "large_lat_us.p99", &lo, &hi, &t)) {
        html_fmt_seconds(t, at, sizeof at);
        snprintf(part[1], sizeof part[1], "%slarge %.1f us at %s",
                 part[0][0] ? ", " : "", hi, at);
    }
    if (part[0][0] || part[1][0])
        snprintf(reading, sizeof reading, "The highest p99 in an interval: %s%s.",
                 part[0], part[1]);
    else
        snprintf(reading, sizeof reading, "No interval completed an I/O.");
    html_figure(o, title, cfg, reading);
}

/* "volume IOPS, disk 2", or for the instance's "instance MB/s". */
static void bucket_label(const cJSON *b, char *buf, size_t len)
{
    double d;

    if (html_num(b, "disk", &d))
        snprintf(buf, len, "%s, disk %.0f", html_limit_label(html_str(b, "limit")), d);
    else
        snprintf(buf, len, "%s", html_limit_label(html_str(b, "limit")));
}

static void balances(struct html_out *o, const struct timeline *tl)
{
    const char *title = "Burst credit balances over time";
    const cJSON *first = html_get(tl->rows[0].row, "buckets");
    int n = cJSON_GetArraySize(first), fell = 0;
    double low = INFINITY, low_t = 0;
    char low_label[96] = "", reading[512], label[96], at[32];

    if (n == 0)
        return;
    if (n > MAX_BUCKETS)
        n = MAX_BUCKETS;
    cJSON *cfg = time_chart(o, tl, title, "balance (% of full)", "linear");
    for (int k = 0; k < n; k++) {
        cJSON *set;
        double v, kmin = INFINITY;
        bucket_label(cJSON_GetArrayItem(first, k), label, sizeof label);
        set = html_chart_line_only(o, html_chart_dataset(o, cfg, label, k, "y"));
        for (int i = 0; i < tl->n; i++) {
            const cJSON *b = cJSON_GetArrayItem(html_get(tl->rows[i].row, "buckets"), k);
            if (!html_num(b, "balance_pct", &v))
                continue;
            if (i % tl->step == 0)
                html_chart_xy(o, set, tl->rows[i].t_s, v);
            kmin = fmin(kmin, v);
            if (v < low) {
                low = v;
                low_t = tl->rows[i].t_s;
                snprintf(low_label, sizeof low_label, "%s", label);
            }
        }
        fell += kmin < 100;
    }
    html_fmt_seconds(low_t, at, sizeof at);
    if (fell == 0)
        snprintf(reading, sizeof reading, "No bucket fell below full: the "
                 "figures did not draw on burst credits.");
    else
        snprintf(reading, sizeof reading, "%d of %d buckets fell below full; the "
                 "lowest balance is %.1f %% (%s) at %s.", fell, n, low,
                 low_label, at);
    html_figure(o, title, cfg, reading);
}

void html_timeline(struct html_out *o, const cJSON *doc)
{
    struct timeline tl;
    double disks = 0;

    if (join(o, doc, &tl) <= 0) {
        timeline_free(&tl);
        return;
    }
    fputs("<section id=\"timeline\"><h2>", o->f);
    if (cJSON_IsArray(html_get(doc, "sweep")) && html_num(doc, "config.disks", &disks))
        html_textf(o, "Over time (--interval), at %.0f disks, the last count", disks);
    else
        html_textf(o, "Over time (--interval)");
    fputs("</h2>\n", o->f);
    throughput(o, &tl);
    latency(o, &tl);
    balances(o, &tl);
    fputs("</section>\n", o->f);
    timeline_free(&tl);
}
