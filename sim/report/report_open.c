/*
 * report_open.c - the sentences that say what an open-loop point got:
 * its demand against what the storage delivered, per class with a rate,
 * the I/Os that waited for a slot, the burst credits and the binding
 * limit.  The terminal prints them after an open-loop run, and the
 * results JSON keeps them as readings.summary for the HTML report, so
 * both say the same thing in the same words.
 *
 * One wording for every class: "demand met" when the unmet share shows as
 * 0.0 % at the one decimal printed, else "demand unmet by X %"; a class
 * that completed no I/O in the window says so, and its latency is "not
 * measured" (never 0 us).  Rates below 100 keep decimals (0.55 IOPS is
 * not 1); latencies go through report_fmt_latency (us, ms or s).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/core/timeline.h"
#include "sim/report/report.h"

static const char *const class_word[WL_CLASSES] = { "small", "large" };
static const char *const class_unit[WL_CLASSES] = { "IOPS", "MB/s" };

/* One unit of a formatter's scale: values below `below` (in the caller's
   unit, as printed) are shown divided by `per` with `decimals`. */
struct fmt_unit {
    double below;
    double per;
    int decimals;
    const char *name;
};

/* v in the first unit whose bound it stays below once rounded as that
   unit prints it: 9999.96 us is "10.0 ms", not "10000.0 us" (the last
   unit takes any value). */
static void fmt_in_units(double v, const struct fmt_unit *u, size_t n, char *buf,
                         size_t len)
{
    char num[64];
    size_t i = 0;
    for (;; i++) {
        snprintf(num, sizeof num, "%.*f", u[i].decimals, v / u[i].per);
        if (i + 1 == n || strtod(num, NULL) * u[i].per < u[i].below)
            break;
    }
    snprintf(buf, len, "%s %s", num, u[i].name);
}

void report_fmt_latency(double us, char *buf, size_t len)
{
    static const struct fmt_unit units[] = {
        { 1e4, 1, 1, "us" }, { 1e6, 1e3, 1, "ms" }, { 0, 1e6, 2, "s" } };
    fmt_in_units(us, units, sizeof units / sizeof units[0], buf, len);
}

char *report_fmt_latency_whole(double us, char *buf, size_t len)
{
    static const struct fmt_unit units[] = {
        { 1000, 1, 0, "us" }, { 1e4, 1e3, 1, "ms" }, { 1e7, 1e3, 0, "ms" },
        { 0, 1e6, 0, "s" } };
    if (!(us > 0))
        snprintf(buf, len, "-");
    else
        fmt_in_units(us, units, sizeof units / sizeof units[0], buf, len);
    return buf;
}

void report_fmt_rate(double v, enum wl_class c, char *buf, size_t len)
{
    int decimals = c == WL_LARGE ? 2 : v >= 100 ? 0 : v >= 10 ? 1 : 2;
    snprintf(buf, len, "%.*f", decimals, v);
}

void report_fmt_unmet(double frac, char *buf, size_t len)
{
    char pct[32];
    snprintf(pct, sizeof pct, "%.1f", 100 * frac);
    if (strcmp(pct, "0.0") == 0 || strcmp(pct, "-0.0") == 0)
        snprintf(buf, len, "demand met");
    else
        snprintf(buf, len, "demand unmet by %s %%", pct);
}

/* "  small  offered 6012 IOPS, delivered 2850 IOPS: demand unmet by
   52.6 %; latency from arrival avg 41.2 ms, p99 3.18 s" */
static void class_line(FILE *f, const struct sim_point_result *p,
                       enum wl_class c)
{
    const struct sim_open_result *op = &p->open;
    char offered[32], delivered[32];
    report_fmt_rate(op->offered[c], c, offered, sizeof offered);
    report_fmt_rate(op->delivered[c], c, delivered, sizeof delivered);
    fprintf(f, "  %-5s  offered %s %s, delivered %s %s: ", class_word[c],
            offered, class_unit[c], delivered, class_unit[c]);
    if (!sim_point_class_measured(p, c)) {
        fputs("no I/O completed in the window; latency not measured\n", f);
        return;
    }
    char unmet[48], avg[32], p99[32];
    report_fmt_unmet(op->unmet_frac[c], unmet, sizeof unmet);
    report_fmt_latency(p->cls[c].lat.avg_us, avg, sizeof avg);
    report_fmt_latency(p->cls[c].lat.p99_us, p99, sizeof p99);
    fprintf(f, "%s; latency from arrival avg %s, p99 %s\n", unmet, avg, p99);
}

/* A row's worst unmet share over the classes with a rate. */
static double row_unmet(const struct sim_point_result *p,
                        const struct sim_timeline_row *row)
{
    double worst = 0;
    for (int c = 0; c < WL_CLASSES; c++)
        if (p->open.target[c] > 0 && row->unmet_frac[c] > worst)
            worst = row->unmet_frac[c];
    return worst;
}

static bool shows_unmet(double frac)
{
    char text[48];
    report_fmt_unmet(frac, text, sizeof text);
    return strcmp(text, "demand met") != 0;
}

/* A row's p99 of class c, or "not measured" when the row holds none. */
static void row_p99(const struct sim_timeline_row *row, enum wl_class c,
                    char *buf, size_t len)
{
    if (row->lat[c].count == 0)
        snprintf(buf, len, "not measured");
    else
        report_fmt_latency(row->lat[c].p99_us, buf, len);
}

/* With --interval: "Per interval (10 rows of 60 s): demand unmet in 7 of
   10, the worst 38.2 % at 120 s; small p99 from arrival 618.5 us in the
   first, 41.3 s in the last". */
static void intervals_line(FILE *f, const struct sim_point_result *p)
{
    const struct sim_timeline *tl = p->timeline;
    if (!tl || tl->n == 0)
        return;
    size_t unmet = 0, worst = 0;
    for (size_t i = 0; i < tl->n; i++) {
        double u = row_unmet(p, &tl->rows[i]);
        unmet += shows_unmet(u);
        if (u > row_unmet(p, &tl->rows[worst]))
            worst = i;
    }
    char len[32];
    report_fmt_duration(tl->interval_s, len, sizeof len);
    fprintf(f, "Per interval (%zu rows of %s): demand unmet in %zu of %zu",
            tl->n, len, unmet, tl->n);
    if (unmet)
        fprintf(f, ", the worst %.1f %% at %.6g s",
                100 * row_unmet(p, &tl->rows[worst]), tl->rows[worst].start_s);
    enum wl_class c = p->open.target[WL_SMALL] > 0 ? WL_SMALL : WL_LARGE;
    char first[32], last[32];
    row_p99(&tl->rows[0], c, first, sizeof first);
    row_p99(&tl->rows[tl->n - 1], c, last, sizeof last);
    fprintf(f, "; %s p99 from arrival %s in the first, %s in the last\n",
            class_word[c], first, last);
}

/* "; on empty buckets it delivers 285 IOPS" style: the classes with a
   rate, each at figure[class], after `lead`. */
static void class_rates(FILE *f, const struct sim_point_result *p,
                        const double *figure, const char *lead)
{
    const char *sep = lead;
    for (int c = 0; c < WL_CLASSES; c++) {
        if (p->open.target[c] <= 0)
            continue;
        char v[32];
        report_fmt_rate(figure[c], (enum wl_class)c, v, sizeof v);
        fprintf(f, "%s%s %s", sep, v, class_unit[c]);
        sep = ", ";
    }
}

/* "Burst: the point drew on burst credits (volume IOPS empties first, in
   52 min from full at this use); on empty buckets it delivers 285 IOPS
   (volume IOPS)", or, when the credits ran out inside the window,
   "Burst: 2800 IOPS until the volume IOPS burst credits ran out 68 min
   into the window; ...".  When the buckets were empty all along and held
   the point ("Binding limit: burst credits"), the base rate that holds
   it.  Nothing otherwise. */
static void burst_line(FILE *f, const struct sim_point_result *p)
{
    const struct sim_point_burst *b = &p->burst;
    if (!b->drawn) {
        if (p->limited_by == SIM_LIMIT_BURST_CREDITS)
            fprintf(f, "Burst: the burst buckets were empty, so the point "
                    "ran at the base rate of %s; full buckets would lift it "
                    "until they empty\n",
                    sim_limit_label(b->sustained_limited_by));
        return;
    }
    char lasts[32];
    if (b->ran_out) {
        report_fmt_duration(b->ran_out_s, lasts, sizeof lasts);
        class_rates(f, p, b->at_burst, "Burst: ");
        fprintf(f, " until the %s burst credits ran out %s into the window",
                sim_limit_label(b->first), lasts);
    } else {
        report_fmt_duration(b->lasts_s, lasts, sizeof lasts);
        fprintf(f, "Burst: the point drew on burst credits (%s empties first, in "
                "%s from full at this use)", sim_limit_label(b->first), lasts);
    }
    if (b->sustained_measured) {
        class_rates(f, p, b->sustained, "; on empty buckets it delivers ");
        fprintf(f, " (%s)", sim_limit_label(b->sustained_limited_by));
    }
    fputs("\n", f);
}

void report_open_lines(FILE *f, const struct sim_point_result *p,
                       enum sim_arrivals arrivals)
{
    const struct sim_open_result *op = &p->open;
    fprintf(f, "Open loop, %s arrivals, at most %d I/Os in flight, %.6g s "
            "measured:\n", arrivals == SIM_ARRIVALS_CONSTANT ? "constant"
                                                             : "Poisson",
            op->max_outstanding, p->measured_s);
    for (int c = 0; c < WL_CLASSES; c++)
        if (op->target[c] > 0)
            class_line(f, p, (enum wl_class)c);
    intervals_line(f, p);
    burst_line(f, p);
    fprintf(f, "Delayed (waited for a free slot): %llu small, %llu large; "
            "backlog at the end: %llu arrivals not yet issued\n",
            (unsigned long long)op->delayed[WL_SMALL],
            (unsigned long long)op->delayed[WL_LARGE],
            (unsigned long long)op->backlog_end);
    fprintf(f, "Binding limit: %s\n", sim_limit_label(p->limited_by));
}
