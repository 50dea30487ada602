/*
 * report_sweep.c - a sweep over disk counts, as a CSV and as the table a
 * DBA reads on the terminal, ending in one line that says what the sweep
 * shows.  A sweep over another parameter (sweep --over) has the same
 * table and CSV keyed on its values, each row from its own run's setup
 * (sim_setup_of_run), and report_over.c's reading.
 *
 * The question a sweep answers is "how many volumes are worth paying
 * for?": the instance caps what all its volumes deliver together, so past
 * some count another volume adds cost and no throughput.  The reading
 * line answers it from the figures, never from a canned sentence:
 *
 *   main figure  Maximum Large MBPS if any run did large I/O, else
 *                Maximum Small IOPS;
 *   best         its maximum over the runs (first run on ties);
 *   k            the smallest disk count whose figure is >= 97 % of best
 *                (3 % is about the run-to-run noise of a cloud volume, so
 *                a smaller step is not worth another volume);
 *   binding      the limit at the point of the main figure in the run at
 *                best (run summary: max_large_limit or max_small_limit).
 *
 *   instance limit, k < last count:
 *       "<k> volumes reach <pct> % of the instance limit (<L> MB/s); more
 *        add nothing."     pct = physical figure(k) / instance maximum * 100
 *
 * Like with like: an instance (or volume) limit counts the physical I/O,
 * after mirroring, while the figures are logical.  With normal
 * redundancy every write lands twice, so 4 volumes of 100 % writes
 * carrying 285 MB/s logical use 570 MB/s, 96 % of a 593.75 MB/s instance,
 * not 48 %.  Every percentage of a limit uses the physical figure at the
 * point of the maximum (sim_summary's max_*_phys_*), and the sentence
 * says so when the two differ.
 *   instance limit, k == last count: the curve has not flattened inside
 *       the sweep: "Throughput still rises at <k> volumes: ..."
 *   a volume limit: each volume brings its own share, figure(best) /
 *       disks(best): "Volume throughput binds: each volume adds its own
 *       <x> MB/s ...; the instance limit (<L> MB/s) is not reached ..."
 *   offered load: the figure is the load's, unless the run's levels ended
 *       on a flat curve (levels.h): then it "stops rising with more load";
 *   burst credits, the device: named as such.
 *
 * The instance maximum (not the baseline) is the reference: it is what
 * the providers publish and what a sized configuration should reach.
 *
 * Burst.  When the main figure of some run was a burst (it drew on burst
 * credits: an instance's 30-minute burst, gp2 or st1/sc1 buckets), "more
 * add nothing" is read from the sustained figures, what the points
 * deliver once every bucket is empty (run.h, sim_class_burst), with the
 * same 97 % rule, and the burst follows as a second sentence:
 *
 *   "Sustained: <k> volumes reach <pct> % of the instance baseline (<B>
 *    MB/s); more add nothing.  At burst, for at most <T>: <reading of
 *    the maxima, as above>"
 *
 * When the buckets were empty all along (--burst-credits empty) the
 * maxima are what is sustained, and the sustained sentence alone is the
 * reading.  The table has a sustained column next to each maximum that
 * was a burst in some run; the CSV always has them (equal to the maxima
 * when nothing burst), with the time the burst lasts (empty: no burst).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/report/report.h"

#define REACH_FRAC 0.97

/* ------------------------------------------------------ skipped counts */

/* How many of the n skips from s[0] on share its rule: the reason up to
   its first ':' ("--redundancy high"), or the whole reason. */
int report_skip_group(const struct report_skip *s, int n)
{
    const char *colon = strchr(s[0].why, ':');
    size_t key = colon ? (size_t)(colon - s[0].why) : strlen(s[0].why);
    int k = 1;

    while (k < n && strncmp(s[k].why, s[0].why, key) == 0 &&
           (s[k].why[key] == ':' || s[k].why[key] == '\0'))
        k++;
    return k;
}

bool report_skipped_text(FILE *f, const char *prefix, const struct report_meta *meta)
{
    const struct report_skip *s = meta->skipped;

    if (meta->n_skipped <= 0)
        return false;
    fputs(prefix, f);
    for (int i = 0; i < meta->n_skipped;) {
        int k = report_skip_group(s + i, meta->n_skipped - i);
        fputs(i ? "; " : "", f);
        for (int j = 0; j < k; j++)
            fprintf(f, "%s%d", j ? ", " : "", s[i + j].disks);
        if (k > 1)      /* the reason is the first count's */
            fprintf(f, " (at %d: %s)", s[i].disks, s[i].why);
        else
            fprintf(f, " (%s)", s[i].why);
        i += k;
    }
    return true;
}

void report_skipped_line(FILE *f, const struct report_meta *meta)
{
    if (report_skipped_text(f, "Sweep: skipped disk counts: ", meta))
        fputc('\n', f);
}

/* ---------------------------------------------------------------- CSV */

struct sweep_csv_job {
    const struct report_meta *meta;
    const struct sim_setup *cfg;
    const struct sim_sweep_result *sweep;
};
/* ",<sustained>,<burst lasts s>": empty fields for what is not known. */
static void csv_burst_fields(FILE *f, const struct sim_class_burst *b,
                             int decimals)
{
    char figure[32] = "", lasts[32] = "";

    if (b->has_sustained)
        snprintf(figure, sizeof figure, "%.*f", decimals, b->sustained);
    if (b->drawn)
        snprintf(lasts, sizeof lasts, "%.0f", b->lasts_s);
    fprintf(f, ",%s,%s", figure, lasts);
}

/* One CSV field: as it is, or in double quotes (quotes doubled) when it
   holds a comma, a quote or a line break (RFC 4180): a volume spec
   "gp3:size=..,iops=..,throughput=.." has commas. */
static void csv_text(FILE *f, const char *text)
{
    fputc(',', f);
    if (text == NULL)
        return;
    if (strpbrk(text, ",\"\r\n") == NULL) {
        fputs(text, f);
        return;
    }
    fputc('"', f);
    for (const char *c = text; *c; c++) {
        if (*c == '"')
            fputc('"', f);
        fputc(*c, f);
    }
    fputc('"', f);
}

static void csv_limit(FILE *f, bool ran, enum sim_limit l)
{
    csv_text(f, ran ? sim_limit_id(l) : "");
}

/* One class's maximum: figure, its point, its limit, then what it
   sustains and how long its burst lasts (csv_burst_fields). */
static void csv_maximum(FILE *f, bool ran, double figure, int decimals,
                        struct wl_point at, enum sim_limit limit,
                        const struct sim_class_burst *b)
{
    if (ran)
        fprintf(f, ",%.*f,%d,%d", decimals, figure, at.small, at.large);
    else
        fputs(",,,", f);
    csv_limit(f, ran, limit);
    csv_burst_fields(f, b, decimals);
}

/* Schema 2: the configuration on every row (so rows of several CSVs can be
   put together), each figure with its point and its own binding limit.
   Schema 3: the monthly cost of the row, instance, volumes and total
   (prices.h), in place of the volumes' alone, and the price list's name
   and date.
   Schema 4: an open-loop sweep's demand at the end of every row (empty
   for a closed-loop sweep, and for a class without a rate).
   Schema 5: what the prices were taken for at the end: os, memory_gb,
   region (as the JSON's config).
   Schema 6: incomplete at the end, true on the row of a run an interrupt
   cut short (as the JSON's sweep[].incomplete), so a reader of the CSV
   alone does not take a partial row for a whole one.
   Every column is explained in docs/fields.md. */
#define SWEEP_CSV_SCHEMA 6

/* ",<offered>,<delivered>,<unmet frac>,<p99 us>" of class c at an
   open-loop point; empty where c has no rate, p99 empty where it
   completed no I/O. */
static void csv_open_class(FILE *f, const struct sim_point_result *p,
                           enum wl_class c)
{
    if (!p || p->open.target[c] <= 0) {
        fputs(",,,,", f);
        return;
    }
    fprintf(f, c == WL_SMALL ? ",%.3f,%.3f,%.4f" : ",%.4f,%.4f,%.4f",
            p->open.offered[c], p->open.delivered[c], p->open.unmet_frac[c]);
    if (sim_point_class_measured(p, c))
        fprintf(f, ",%.3f", p->cls[c].lat.p99_us);
    else
        fputs(",", f);
}

/* The open-loop columns of run r: both classes and the delayed I/Os. */
static void csv_open_fields(FILE *f, const struct sim_run_result *r)
{
    const struct sim_point_result *p =
        r->n_points > 0 && r->points[0].open.on ? &r->points[0] : NULL;
    csv_open_class(f, p, WL_SMALL);
    csv_open_class(f, p, WL_LARGE);
    if (p)
        fprintf(f, ",%llu", (unsigned long long)(p->open.delayed[WL_SMALL] +
                                                 p->open.delayed[WL_LARGE]));
    else
        fputs(",", f);
}

/* The cost of `disks` volumes and the instance (cfg->bill, prices.h) as
   text, "" where it is not known: nothing on real devices, no instance
   figure when it is not priced, and then no total unless there is no
   instance. */
struct cost_cells {
    char instance[24], volumes[24], total[24];
};

static struct cost_cells cost_cells(const struct sim_setup *cfg, int disks)
{
    struct cost_cells c = { "", "", "" };

    if (cfg->bill.disks <= 0)
        return c;
    struct price_bill b = price_bill_at(&cfg->bill, disks);
    if (b.instance_priced)
        snprintf(c.instance, sizeof c.instance, "%.2f", b.instance_usd_month);
    snprintf(c.volumes, sizeof c.volumes, "%.2f", b.volumes_usd_month);
    if (price_bill_total_known(&b))
        snprintf(c.total, sizeof c.total, "%.2f", b.total_usd_month);
    return c;
}

/* ",<os>,<memory GB>,<region>": what the prices were taken for, as the
   JSON's config.os, config.memory_gb and config.region; empty where
   those are null. */
static void csv_price_config(FILE *f, const struct price_bill *b)
{
    const char *region = report_price_region(b);

    csv_text(f, b->disks > 0 ? price_os_name(b->os) : "");
    if (b->disks > 0 && b->memory_gb > 0)
        fprintf(f, ",%g", b->memory_gb);
    else
        fputs(",", f);
    csv_text(f, region ? region : "");
}

static int sweep_csv_write(FILE *f, void *arg)
{
    const struct sweep_csv_job *j = arg;
    char started[32];

    report_meta_started(j->meta, started, sizeof started);
    fprintf(f, "# asmsim sweep CSV, schema %d; every column is explained in "
            "docs/fields.md", SWEEP_CSV_SCHEMA);
    report_skipped_text(f, "; skipped disk counts: ", j->meta);      /* one comment line still */
    fputc('\n', f);
    fputs("testname,started,instance,volume,layout,au_bytes,redundancy,"
          "write_pct,disks,"
          "max_large_mbps,max_large_at_small,max_large_at_large,"
          "max_large_limited_by,sustained_large_mbps,large_burst_lasts_s,"
          "max_small_iops,max_small_at_small,max_small_at_large,"
          "max_small_limited_by,sustained_small_iops,small_burst_lasts_s,"
          "min_small_latency_us,min_small_latency_at_small,"
          "min_small_latency_at_large,min_small_latency_limited_by,"
          "limited_by,instance_usd_month,volumes_usd_month,total_usd_month,prices,"
          "offered_small_iops,delivered_small_iops,small_unmet_frac,"
          "small_p99_us,offered_large_mbps,delivered_large_mbps,"
          "large_unmet_frac,large_p99_us,delayed,os,memory_gb,region,"
          "incomplete,swept,swept_value\n", f);
    for (int i = 0; i < j->sweep->n_runs; i++) {
        const struct sim_run_result *r = j->sweep->runs[i];
        const struct sim_summary *s = &r->summary;
        const struct sim_setup *cfg = sim_setup_of_run(j->cfg, i);

        fputs(j->meta->testname ? j->meta->testname : "", f);
        csv_text(f, started);
        csv_text(f, cfg->instance.name);
        csv_text(f, cfg->volume.spec);
        csv_text(f, lay_striping_name(cfg->run.layout.striping));
        fprintf(f, ",%llu", (unsigned long long)cfg->run.layout.au_bytes);
        csv_text(f, lay_redundancy_name(cfg->run.layout.redundancy));
        fprintf(f, ",%d,%d", cfg->run.workload.write_pct, r->disks);
        csv_maximum(f, s->has_large, s->max_large_mbps, 2, s->max_large_at,
                    s->max_large_limit, &s->burst[WL_LARGE]);
        csv_maximum(f, s->has_small, s->max_small_iops, 0, s->max_small_at,
                    s->max_small_limit, &s->burst[WL_SMALL]);
        if (s->has_small)
            fprintf(f, ",%.3f,%d,%d", s->min_small_lat_us,
                    s->min_small_lat_at.small, s->min_small_lat_at.large);
        else
            fputs(",,,", f);
        csv_limit(f, s->has_small, s->min_lat_limit);
        csv_limit(f, s->has_large || s->has_small || s->open, s->limited_by);
        struct cost_cells cost = cost_cells(cfg, r->disks);
        fprintf(f, ",%s,%s,%s", cost.instance, cost.volumes, cost.total);
        csv_text(f, cfg->bill.disks > 0 ? cfg->bill.prices_list : "");
        csv_open_fields(f, r);
        csv_price_config(f, &cfg->bill);
        fputs(r->incomplete ? ",true" : ",false", f);
        csv_text(f, j->cfg->over ? j->cfg->over->param : "");
        csv_text(f, j->cfg->over ? j->cfg->over->value[i] : "");
        fputc('\n', f);
    }
    return ferror(f) ? -EIO : 0;
}

int report_sweep_csv(const char *path, const struct report_meta *meta,
                     const struct sim_setup *cfg,
                     const struct sim_sweep_result *sweep, char *why, size_t why_len)
{
    struct sweep_csv_job job = {meta, cfg, sweep};

    return report_write_atomic(path, sweep_csv_write, &job, why, why_len);
}

/* ------------------------------------------------------ the reading line */

/* 593.75 -> "593.75", 2375.00 -> "2375", 7.50 -> "7.5". */
static void fmt_num(char *buf, size_t len, double v)
{
    char *end;

    snprintf(buf, len, "%.2f", v);
    end = buf + strlen(buf) - 1;
    while (end > buf && *end == '0')
        *end-- = '\0';
    if (end > buf && *end == '.')
        *end = '\0';
}

/* A figure in its unit's form: MB/s as fmt_num, IOPS whole. */
static void fmt_figure(char *buf, size_t len, double v, bool mbps)
{
    if (mbps)
        fmt_num(buf, len, v);
    else
        snprintf(buf, len, "%.0f", v);
}

static bool run_has(const struct sim_run_result *r, bool large)
{
    return large ? r->summary.has_large : r->summary.has_small;
}

static double run_figure(const struct sim_run_result *r, bool large)
{
    return large ? r->summary.max_large_mbps : r->summary.max_small_iops;
}

/* The physical figure at the point of run_figure: what limits count. */
static double run_phys(const struct sim_run_result *r, bool large)
{
    return large ? r->summary.max_large_phys_mbps
                 : r->summary.max_small_phys_iops;
}

/* The run's levels for the main figure's class ended on a flat curve or
   the latency ceiling (levels.h): saturated, whatever limited_by says. */
static bool saturated(const struct sim_run_result *r, bool large)
{
    enum sim_level_stop s = r->levels[large ? WL_LARGE : WL_SMALL].stop;
    return s == SIM_STOP_FLAT || s == SIM_STOP_LATENCY;
}

static enum sim_limit run_limit(const struct sim_run_result *r, bool large)
{
    return large ? r->summary.max_large_limit : r->summary.max_small_limit;
}

/* pct of the limit `rate` that run r's main figure uses, physical to
   physical; and in `note` how the physical figure relates to the logical
   one when mirroring makes them differ by more than 1 %. */
static double limit_pct(const struct sim_setup *cfg,
                        const struct sim_run_result *r, bool large,
                        double rate, char *note, size_t note_len)
{
    double logical = run_figure(r, large), phys = run_phys(r, large);
    note[0] = '\0';
    if (logical > 0 && phys > logical * 1.01)
        snprintf(note, note_len, " of physical I/O, %.2g x the logical "
                 "figure with %s redundancy", phys / logical,
                 lay_redundancy_name(cfg->run.layout.redundancy));
    return rate > 0 ? phys / rate * 100.0 : 0;
}

/* "volume" or "volumes", and with its verb, for n of them. */
static const char *volumes(int n)
{
    return n == 1 ? "volume" : "volumes";
}

static const char *volumes_reach(int n)
{
    return n == 1 ? "volume reaches" : "volumes reach";
}

/* The reading of a sweep on devices without modelled limits (real
   targets, the null engine): there is no volume or instance limit to
   name, only the devices or the load. */
static void unlimited_reading(FILE *f, const struct sim_setup *cfg,
                              const struct sim_run_result *best, bool large,
                              const char *fig)
{
    const char *unit = large ? "MB/s" : "IOPS";
    const char *disks = best->disks == 1 ? "disk" : "disks";

    if (run_limit(best, large) == SIM_LIMIT_DEVICE || saturated(best, large))
        fprintf(f, "The devices themselves bind: %s %s at %d %s.\n", fig,
                unit, best->disks, disks);
    else
        fprintf(f, "The offered load sets the figure (%s %s at %d %s); these "
                   "devices have no modelled volume or instance limits: raise "
                   "the load levels (%s%s with --run advanced --matrix max) to "
                   "find where they saturate.\n", fig, unit, best->disks, disks,
                cfg->run.levels == SIM_LEVELS_EXTEND ? "" : "--levels extend, or ",
                large ? "--num-large" : "--num-small");
}

static void reading_line(FILE *f, const struct sim_setup *cfg,
                         const struct sim_sweep_result *sw)
{
    bool large = false, small = false;
    const struct sim_run_result *best = NULL, *at_k = NULL;
    int last_disks = 0;
    const char *unit, *what;
    char fig_best[32], fig_k[32], lim[32], each[32];
    double inst_rate, other_rate;

    for (int i = 0; i < sw->n_runs; i++) {
        large |= sw->runs[i]->summary.has_large;
        small |= sw->runs[i]->summary.has_small;
        if (sw->runs[i]->disks > last_disks)
            last_disks = sw->runs[i]->disks;
    }
    if (!large && !small) {
        fputs("No run measured any I/O; there is nothing to compare.\n", f);
        return;
    }
    for (int i = 0; i < sw->n_runs; i++) {
        const struct sim_run_result *r = sw->runs[i];
        if (run_has(r, large) &&
            (best == NULL || run_figure(r, large) > run_figure(best, large)))
            best = r;
    }
    for (int i = 0; i < sw->n_runs; i++) {
        const struct sim_run_result *r = sw->runs[i];
        if (run_has(r, large) &&
            run_figure(r, large) >= REACH_FRAC * run_figure(best, large) &&
            (at_k == NULL || r->disks < at_k->disks))
            at_k = r;
    }

    unit = large ? "MB/s" : "IOPS";
    what = large ? "Throughput still rises" : "Small IOPS still rise";
    /* The instance limit in the figure's own unit, and the other one. */
    inst_rate = large ? cfg->instance.max_bytes_per_s / 1e6
                      : cfg->instance.max_iops;
    other_rate = large ? cfg->instance.max_iops
                       : cfg->instance.max_bytes_per_s / 1e6;
    if (cfg->volume.instance_store)     /* not behind the instance's limits */
        inst_rate = other_rate = 0;
    fmt_figure(fig_best, sizeof fig_best, run_figure(best, large), large);
    if (cfg->run.backend && !dev_has(cfg->run.backend, DEV_CAP_PROVISIONED_LIMITS)) {
        unlimited_reading(f, cfg, best, large, fig_best);
        return;
    }
    fmt_figure(fig_k, sizeof fig_k, run_figure(at_k, large), large);
    fmt_figure(lim, sizeof lim, inst_rate, large);

    char note[96];
    switch (run_limit(best, large)) {
    case SIM_LIMIT_INSTANCE_MBPS:
    case SIM_LIMIT_INSTANCE_IOPS: {
        /* pct needs the instance maximum in the figure's own unit */
        bool same_unit = (run_limit(best, large) == SIM_LIMIT_INSTANCE_MBPS)
                         == large && inst_rate > 0;
        char other[32];

        if (!same_unit) {
            /* e.g. large I/O held by the instance IOPS cap */
            if (large)
                snprintf(other, sizeof other, "%.0f IOPS", other_rate);
            else {
                fmt_num(other, sizeof other, other_rate);
                strcat(other, " MB/s");
            }
            if (at_k->disks < last_disks)
                fprintf(f, "%d %s the instance limit (%s) at %s %s; "
                           "more add nothing.\n", at_k->disks,
                        volumes_reach(at_k->disks), other, fig_k, unit);
            else
                fprintf(f, "%s at %d %s: %s %s, held by the instance "
                           "limit (%s).\n", what, at_k->disks,
                        volumes(at_k->disks), fig_k, unit, other);
        } else if (at_k->disks < last_disks) {
            double pct = limit_pct(cfg, at_k, large, inst_rate, note,
                                   sizeof note);
            fprintf(f, "%d %s %.0f %% of the instance limit (%s %s"
                       "%s); more add nothing.\n", at_k->disks,
                    volumes_reach(at_k->disks), pct, lim, unit, note);
        } else {
            double pct = limit_pct(cfg, at_k, large, inst_rate, note,
                                   sizeof note);
            fprintf(f, "%s at %d %s: %s %s is %.0f %% of the instance "
                       "limit (%s %s%s).\n", what, at_k->disks,
                    volumes(at_k->disks), fig_k, unit, pct, lim, unit, note);
        }
        return;
    }
    case SIM_LIMIT_VOLUME_TPUT:
    case SIM_LIMIT_VOLUME_IOPS:
    case SIM_LIMIT_ATTACH_PATH:
        fmt_figure(each, sizeof each, run_figure(best, large) / best->disks,
                   large);
        fprintf(f, "%s binds: each volume adds its own %s %s (%s %s at %d "
                   "%s); ",
                run_limit(best, large) == SIM_LIMIT_VOLUME_TPUT ? "Volume throughput"
                : run_limit(best, large) == SIM_LIMIT_ATTACH_PATH ? "Each volume's attachment path"
                : "Volume IOPS",
                each, unit, fig_best, unit, best->disks, volumes(best->disks));
        if (inst_rate > 0) {
            double pct = limit_pct(cfg, best, large, inst_rate, note,
                                   sizeof note);
            fprintf(f, "the instance limit (%s %s%s) is not reached (%.0f "
                       "%%).\n", lim, unit, note, pct);
        }
        else
            fputs("there is no instance limit.\n", f);
        return;
    case SIM_LIMIT_BURST_CREDITS:
        fprintf(f, "Burst credits run out: %s %s at %d %s is the rate "
                   "once the credit buckets are empty.\n", fig_best, unit,
                best->disks, volumes(best->disks));
        return;
    case SIM_LIMIT_DEVICE:
        fprintf(f, "The devices themselves bind: %s %s at %d %s.\n",
                fig_best, unit, best->disks, volumes(best->disks));
        return;
    case SIM_LIMIT_OFFERED_LOAD:
    default:
        if (saturated(best, large)) {
            /* flat with more load, though no modelled limit says why */
            fprintf(f, "The figure stops rising with more load at %s %s at "
                       "%d %s; no volume or instance limit is reported "
                       "to bind.\n", fig_best, unit, best->disks,
                    volumes(best->disks));
            return;
        }
        if (sim_open_load_on(&cfg->run.open)) {
            /* open loop: the rates are the demand, there are no levels */
            fprintf(f, "The offered load sets the figure (%s %s at %d "
                       "%s): no volume or instance limit binds at the "
                       "offered rates; more volumes deliver no more.\n",
                    fig_best, unit, best->disks, volumes(best->disks));
            return;
        }
        fprintf(f, "The offered load sets the figure (%s %s at %d %s): "
                   "no volume or instance limit binds; raise the load levels "
                   "(%s%s with --run advanced --matrix max) to find one.\n",
                fig_best, unit, best->disks, volumes(best->disks), cfg->run.levels == SIM_LEVELS_EXTEND
                ? "" : "--levels extend, or ", large ? "--num-large"
                                                     : "--num-small");
        return;
    }
}

/* ------------------------------------------ the reading line with burst */

/* Class c's maximum was a burst in some run of the sweep. */
static bool sweep_burst(const struct sim_sweep_result *sw, enum wl_class c)
{
    for (int i = 0; i < sw->n_runs; i++)
        if (sw->runs[i]->summary.burst[c].drawn)
            return true;
    return false;
}

/* A class's figure of a run: its maximum, or what it sustains. */
typedef bool (*run_figure_fn)(const struct sim_run_result *r, enum wl_class c,
                              double *figure);

static bool run_maximum(const struct sim_run_result *r, enum wl_class c,
                        double *figure)
{
    *figure = c == WL_LARGE ? r->summary.max_large_mbps : r->summary.max_small_iops;
    return c == WL_LARGE ? r->summary.has_large : r->summary.has_small;
}

static bool run_sustained(const struct sim_run_result *r, enum wl_class c,
                          double *figure)
{
    *figure = r->summary.burst[c].sustained;
    return r->summary.burst[c].has_sustained;
}

/* The run with the best figure (*best) and the fewest disks that reach
   REACH_FRAC of it (returned); NULL when no run has the figure. */
static const struct sim_run_result *reach_run(const struct sim_sweep_result *sw,
                                              enum wl_class c, run_figure_fn fig,
                                              const struct sim_run_result **best)
{
    const struct sim_run_result *at_k = NULL;
    double best_v = 0, v;

    *best = NULL;
    for (int i = 0; i < sw->n_runs; i++)
        if (fig(sw->runs[i], c, &v) && (*best == NULL || v > best_v)) {
            *best = sw->runs[i];
            best_v = v;
        }
    for (int i = 0; *best != NULL && i < sw->n_runs; i++)
        if (fig(sw->runs[i], c, &v) && v >= REACH_FRAC * best_v &&
            (at_k == NULL || sw->runs[i]->disks < at_k->disks))
            at_k = sw->runs[i];
    return at_k;
}

/* "Sustained: <k> volumes reach ...; more add nothing." for class c. */
static void sustained_sentence(FILE *f, const struct sim_setup *cfg,
                               const struct sim_sweep_result *sw, enum wl_class c,
                               int last_disks)
{
    const struct sim_run_result *best, *at_k = reach_run(sw, c, run_sustained, &best);
    const char *unit = c == WL_LARGE ? "MB/s" : "IOPS";
    enum sim_limit inst = c == WL_LARGE ? SIM_LIMIT_INSTANCE_MBPS : SIM_LIMIT_INSTANCE_IOPS;
    double base = c == WL_LARGE ? cfg->instance.base_bytes_per_s / 1e6
                                : cfg->instance.base_iops;
    char fig[32], ref[32], held[224];
    double v;

    if (at_k == NULL) {
        fputs("Sustained figures were not measured (stopped).", f);
        return;
    }
    run_sustained(at_k, c, &v);
    fmt_figure(fig, sizeof fig, v, c == WL_LARGE);
    enum sim_limit binds = best->summary.burst[c].sustained_limited_by;
    if (binds == inst && base > 0) {
        /* physical to physical, as limit_pct: the baseline counts copies */
        const struct sim_class_burst *b = &at_k->summary.burst[c];
        char note[96] = "";
        if (v > 0 && b->sustained_phys > v * 1.01)
            snprintf(note, sizeof note, " of physical I/O, %.2g x the logical "
                     "figure with %s redundancy", b->sustained_phys / v,
                     lay_redundancy_name(cfg->run.layout.redundancy));
        fmt_figure(ref, sizeof ref, base, c == WL_LARGE);
        snprintf(held, sizeof held, "%.0f %% of the instance baseline (%s %s%s)",
                 b->sustained_phys / base * 100.0, ref, unit, note);
    } else if (binds == SIM_LIMIT_VOLUME_IOPS || binds == SIM_LIMIT_VOLUME_TPUT ||
               binds == SIM_LIMIT_ATTACH_PATH) {
        fmt_figure(ref, sizeof ref, v / at_k->disks, c == WL_LARGE);
        snprintf(held, sizeof held, "%s %s, %s %s per volume (%s at its base "
                 "rate)", fig, unit, ref, unit, sim_limit_label(binds));
    } else {
        snprintf(held, sizeof held, "%s %s, bound by %s", fig, unit,
                 sim_limit_label(binds));
    }
    if (at_k->disks < last_disks)
        fprintf(f, "Sustained: %d %s %s; more add nothing.", at_k->disks,
                volumes_reach(at_k->disks), held);
    else
        fprintf(f, "Sustained: still rising at %d %s: %s.", at_k->disks,
                volumes(at_k->disks), held);
}

/* The reading line after "At burst, ...: ", its first word in lower
   case ("volume throughput binds"); a number stays as it is. */
static void reading_mid_sentence(FILE *f, const struct sim_setup *cfg,
                                 const struct sim_sweep_result *sw)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) {
        reading_line(f, cfg, sw);
        return;
    }
    reading_line(m, cfg, sw);
    if (fclose(m) == 0 && text) {
        text[0] = (char)tolower((unsigned char)text[0]);
        fputs(text, f);
    }
    free(text);
}

/* When the main figure of some run was a burst: the sustained sentence,
   then the reading of the maxima, introduced by how long they last.
   False (nothing printed) when no main figure was a burst. */
static bool burst_reading_line(FILE *f, const struct sim_setup *cfg,
                               const struct sim_sweep_result *sw)
{
    enum wl_class c = WL_SMALL;
    const struct sim_run_result *best, *at_k;
    int last_disks = 0;
    char lasts[80];

    for (int i = 0; i < sw->n_runs; i++) {
        if (sw->runs[i]->summary.has_large)
            c = WL_LARGE;
        if (sw->runs[i]->disks > last_disks)
            last_disks = sw->runs[i]->disks;
    }
    at_k = reach_run(sw, c, run_maximum, &best);
    if (at_k == NULL)
        return false;
    if (!sweep_burst(sw, c)) {
        if (best->summary.limited_by != SIM_LIMIT_BURST_CREDITS)
            return false;
        /* the buckets were empty: the maxima are the sustained figures */
        sustained_sentence(f, cfg, sw, c, last_disks);
        fputc('\n', f);
        return true;
    }
    sustained_sentence(f, cfg, sw, c, last_disks);
    if (at_k->summary.burst[c].drawn) {
        report_fmt_burst_lasts(&at_k->summary.burst[c], lasts, sizeof lasts);
        fprintf(f, " At burst, for at most %s: ", lasts);
    } else {
        fputs(" At the maxima: ", f);
    }
    reading_mid_sentence(f, cfg, sw);
    return true;
}

/* -------------------------------------------------------------- table */

/* The sustained column of class c, when it is shown: "  <figure>". */
static void sustained_cell(FILE *f, const struct sim_class_burst *b, bool shown,
                           int decimals)
{
    char cell[32] = "-";

    if (!shown)
        return;
    if (b->has_sustained)
        snprintf(cell, sizeof cell, "%.*f", decimals, b->sustained);
    fprintf(f, "  %14s", cell);
}

/* One class's cells of the open-loop table (or their headings, p NULL):
   offered, delivered, unmet %, p99 from arrival ("-": not measured). */
static void open_cells(FILE *f, const struct sim_point_result *p,
                       enum wl_class c)
{
    const char *unit = c == WL_SMALL ? "IOPS" : "MB/s";
    const char *name = c == WL_SMALL ? "small" : "large";
    if (!p) {
        fprintf(f, "  %s offered  delivered  unmet %%  %s p99", unit, name);
        return;
    }
    char offered[32], delivered[32], p99[32] = "-";
    report_fmt_rate(p->open.offered[c], c, offered, sizeof offered);
    report_fmt_rate(p->open.delivered[c], c, delivered, sizeof delivered);
    if (sim_point_class_measured(p, c))
        report_fmt_latency(p->cls[c].lat.p99_us, p99, sizeof p99);
    fprintf(f, "  %12s  %9s  %7.1f  %9s", offered, delivered,
            100 * p->open.unmet_frac[c], p99);
}

/* The cost columns of a sweep's table, last on its lines: only with a
   bill (modelled volumes); real devices and the null engine have no
   price, and a column of dashes would say the price is unknown. */
static void cost_head(FILE *f, bool priced)
{
    if (priced)
        fprintf(f, "  %17s  %15s", "$/month (volumes)", "$/month (total)");
    fputc('\n', f);
}

static void cost_row(FILE *f, bool priced, const struct cost_cells *c)
{
    if (priced)
        fprintf(f, "  %17s  %15s", c->volumes[0] ? c->volumes : "-",
                c->total[0] ? c->total : "-");
    fputc('\n', f);
}

/* Below a table of a stopped sweep: where it stopped.  A disk count
   stopped within its run has a row of the points it measured, so the row
   is named as partial. */
static void incomplete_note(FILE *f, const struct sim_setup *cfg,
                            const struct sim_sweep_result *sweep)
{
    if (!sweep->incomplete)
        return;
    const struct sim_run_result *last =
        sweep->n_runs > 0 ? sweep->runs[sweep->n_runs - 1] : NULL;
    if (last && last->incomplete && last->n_points > 0) {
        char where[96], run[SIM_OVER_NAME_MAX + SIM_OVER_VALUE_MAX + 16];
        report_fmt_stopped_points(last, last->matrix ? last->matrix->n_points
                                                     : last->n_points, where, sizeof where);
        if (cfg->over)
            snprintf(run, sizeof run, "run at %s=%s", cfg->over->param,
                     cfg->over->value[sweep->n_runs - 1]);
        else
            snprintf(run, sizeof run, "%d-disk run", last->disks);
        fprintf(f, "(incomplete: stopped in the %s after %s; that row is "
                "partial)\n", run, where);
    } else {
        fprintf(f, "(incomplete: stopped before the last %s)\n",
                cfg->over ? "value" : "disk count");
    }
}

/* The sweep of an open-loop load: per disk count, each rated class's
   cells, the delayed I/Os, the binding limit and the monthly cost. */
static void open_table(FILE *f, const struct sim_setup *cfg,
                       const struct sim_sweep_result *sweep)
{
    bool has[WL_CLASSES] = { cfg->run.open.small_iops > 0, cfg->run.open.large_mbps > 0 };
    int kw = report_sweep_key_width(cfg, sweep, 5);
    char key[SIM_OVER_VALUE_MAX + 16];
    fprintf(f, "%-*s", kw, report_sweep_key_name(cfg));
    for (int c = 0; c < WL_CLASSES; c++)
        if (has[c])
            open_cells(f, NULL, (enum wl_class)c);
    bool priced = cfg->bill.disks > 0;      /* real devices have no price */
    int w = priced ? 18 : 0;                /* the last column: no padding */
    fprintf(f, "  %10s  %-*s", "delayed", w, "limited by");
    cost_head(f, priced);
    for (int i = 0; i < sweep->n_runs; i++) {
        const struct sim_run_result *r = sweep->runs[i];
        if (r->n_points < 1)
            continue;
        const struct sim_point_result *p = &r->points[0];
        struct cost_cells cost = cost_cells(sim_setup_of_run(cfg, i), r->disks);
        fprintf(f, "%*s", kw, report_sweep_key(cfg, sweep, i, key, sizeof key));
        for (int c = 0; c < WL_CLASSES; c++)
            if (has[c])
                open_cells(f, p, (enum wl_class)c);
        fprintf(f, "  %10llu  %-*s",
                (unsigned long long)(p->open.delayed[WL_SMALL] +
                                     p->open.delayed[WL_LARGE]),
                w, sim_limit_label(p->limited_by));
        cost_row(f, priced, &cost);
    }
    incomplete_note(f, cfg, sweep);
}

static void orion_table(FILE *f, const struct sim_setup *cfg,
                        const struct sim_sweep_result *sweep)
{
    bool burst_large = sweep_burst(sweep, WL_LARGE);
    bool burst_small = sweep_burst(sweep, WL_SMALL);

    int kw = report_sweep_key_width(cfg, sweep, 5);
    char key[SIM_OVER_VALUE_MAX + 16];
    fprintf(f, "%*s  %14s", kw, report_sweep_key_name(cfg), "max large MBPS");
    if (burst_large)
        fprintf(f, "  %14s", "sustained MBPS");
    fprintf(f, "  %-17s  %14s", "limited by", "max small IOPS");
    if (burst_small)
        fprintf(f, "  %14s", "sustained IOPS");
    bool priced = cfg->bill.disks > 0;      /* real devices have no price */
    int w = priced ? 17 : 0;                /* the last column: no padding */
    fprintf(f, "  %-17s  %18s  %-*s", "limited by", "min small lat (us)", w,
            "limited by");
    cost_head(f, priced);
    for (int i = 0; i < sweep->n_runs; i++) {
        const struct sim_run_result *r = sweep->runs[i];
        const struct sim_summary *s = &r->summary;
        char mbps[32] = "-", iops[32] = "-", lat[32] = "-";
        struct cost_cells cost = cost_cells(sim_setup_of_run(cfg, i), r->disks);

        if (s->has_large)
            snprintf(mbps, sizeof mbps, "%.2f", s->max_large_mbps);
        if (s->has_small) {
            snprintf(iops, sizeof iops, "%.0f", s->max_small_iops);
            snprintf(lat, sizeof lat, "%.3f", s->min_small_lat_us);
        }
        fprintf(f, "%*s  %14s", kw, report_sweep_key(cfg, sweep, i, key, sizeof key),
                mbps);
        sustained_cell(f, &s->burst[WL_LARGE], burst_large, 2);
        fprintf(f, "  %-17s  %14s",
                s->has_large ? sim_limit_label(s->max_large_limit) : "-", iops);
        sustained_cell(f, &s->burst[WL_SMALL], burst_small, 0);
        fprintf(f, "  %-17s  %18s  %-*s",
                s->has_small ? sim_limit_label(s->max_small_limit) : "-",
                lat, w, s->has_small ? sim_limit_label(s->min_lat_limit) : "-");
        cost_row(f, priced, &cost);
    }
    incomplete_note(f, cfg, sweep);
}

void report_sweep_table(FILE *f, const struct sim_setup *cfg,
                        const struct sim_sweep_result *sweep)
{
    if (sim_run_db(&cfg->run)) {
        report_classes_sweep_table(f, cfg, sweep);
        if (cfg->run.fail.n > 0 || cfg->run.fail.add_n > 0)
            report_fail_sweep_table(f, cfg, sweep);
        return;
    }
    if (sim_open_load_on(&cfg->run.open))
        open_table(f, cfg, sweep);
    else
        orion_table(f, cfg, sweep);
    fputc('\n', f);
    report_sweep_reading(f, cfg, sweep);
}

void report_sweep_reading(FILE *f, const struct sim_setup *cfg,
                          const struct sim_sweep_result *sweep)
{
    if (cfg->over)
        report_over_reading(f, cfg, sweep);
    else if (!burst_reading_line(f, cfg, sweep))
        reading_line(f, cfg, sweep);
}
