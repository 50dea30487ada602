/*
 * report_over.c - a sweep over a parameter other than the disk count
 * (sweep --over PARAM=LIST): what its rows are keyed on, and the line
 * that reads it.
 *
 * A sweep over disk counts asks "how many volumes are worth paying
 * for?" and report_sweep.c reads it so.  A sweep over anything else (the
 * large I/O size, a class's outstanding I/Os or rate, a volume's
 * provisioned IOPS, the instance) asks "which value gives the most, and
 * which is enough?".  The rows are keyed on the values in the order the
 * user listed them (an order is the user's: sizes ascending, instance
 * names in any order), and the reading answers from the figures:
 *
 *   main figure  Maximum Large MBPS if any run did large I/O, else
 *                Maximum Small IOPS (as a disk-count sweep's);
 *   best         its maximum over the runs (first listed on ties);
 *   enough       the first value listed whose figure is >= 97 % of best
 *                (the run-to-run noise of a cloud volume, as for disk
 *                counts), named when it is not best itself;
 *   the limit    that binds at best, and the lowest figure, so the span
 *                the parameter moves is on one line;
 *   no span      when every value is within 3 % of best, that alone:
 *                the parameter barely moves the figure here.
 *
 *   "Maximum Large MBPS is highest at size-large=1MiB: 1571.33 MB/s
 *    (limited by instance MB/s); size-large=512KiB already reaches 97 %
 *    of it (1530.2 MB/s); lowest at size-large=64KiB: 802.5 MB/s."
 *
 * A database workload's sweep is read by its targets instead
 * (report_needs_sweep_line): the values listed that meet them all.
 */
#include <stdio.h>
#include <string.h>

#include "sim/report/report.h"

#define ENOUGH_FRAC 0.97

const char *report_sweep_key_name(const struct sim_setup *cfg)
{
    return cfg->over ? cfg->over->param : "disks";
}

const char *report_sweep_key(const struct sim_setup *cfg,
                             const struct sim_sweep_result *sweep, int i,
                             char *buf, size_t len)
{
    if (cfg->over && i < cfg->over->n)
        snprintf(buf, len, "%s", cfg->over->value[i]);
    else
        snprintf(buf, len, "%d", sweep->runs[i]->disks);
    return buf;
}

int report_sweep_key_width(const struct sim_setup *cfg,
                           const struct sim_sweep_result *sweep, int min)
{
    char key[SIM_OVER_VALUE_MAX + 16];
    int w = (int)strlen(report_sweep_key_name(cfg));
    if (w < min)
        w = min;
    for (int i = 0; i < sweep->n_runs; i++) {
        int k = (int)strlen(report_sweep_key(cfg, sweep, i, key, sizeof key));
        if (k > w)
            w = k;
    }
    return w;
}

static bool has_figure(const struct sim_run_result *r, bool large)
{
    return large ? r->summary.has_large : r->summary.has_small;
}

static double figure(const struct sim_run_result *r, bool large)
{
    return large ? r->summary.max_large_mbps : r->summary.max_small_iops;
}

static void fmt_value(char *buf, size_t len, double v, bool large)
{
    snprintf(buf, len, large ? "%.2f MB/s" : "%.0f IOPS", v);
}

/* The runs with the highest and lowest figure, and the first listed
   that reaches ENOUGH_FRAC of the highest; -1 when no run has it. */
struct over_marks {
    int best, low, enough;
};

static struct over_marks mark_runs(const struct sim_sweep_result *sw, bool large)
{
    struct over_marks m = { -1, -1, -1 };
    for (int i = 0; i < sw->n_runs; i++) {
        if (!has_figure(sw->runs[i], large))
            continue;
        if (m.best < 0 || figure(sw->runs[i], large) > figure(sw->runs[m.best], large))
            m.best = i;
        if (m.low < 0 || figure(sw->runs[i], large) < figure(sw->runs[m.low], large))
            m.low = i;
    }
    for (int i = 0; m.best >= 0 && i < sw->n_runs && m.enough < 0; i++)
        if (has_figure(sw->runs[i], large) &&
            figure(sw->runs[i], large) >= ENOUGH_FRAC * figure(sw->runs[m.best], large))
            m.enough = i;
    return m;
}

void report_over_reading(FILE *f, const struct sim_setup *cfg,
                         const struct sim_sweep_result *sw)
{
    bool large = false, small = false;
    for (int i = 0; i < sw->n_runs; i++) {
        large |= sw->runs[i]->summary.has_large;
        small |= sw->runs[i]->summary.has_small;
    }
    if (!large && !small) {
        fputs("No run measured any I/O; there is nothing to compare.\n", f);
        return;
    }
    struct over_marks m = mark_runs(sw, large);
    const char *p = cfg->over->param;
    const struct sim_run_result *best = sw->runs[m.best];
    char fig[48], key[SIM_OVER_VALUE_MAX + 16];
    fmt_value(fig, sizeof fig, figure(best, large), large);
    fprintf(f, "%s is highest at %s=%s: %s (limited by %s)",
            large ? "Maximum Large MBPS" : "Maximum Small IOPS", p,
            report_sweep_key(cfg, sw, m.best, key, sizeof key), fig,
            sim_limit_label(large ? best->summary.max_large_limit
                                  : best->summary.max_small_limit));
    const struct sim_class_burst *b = &best->summary.burst[large ? WL_LARGE : WL_SMALL];
    if (b->drawn) {
        char lasts[80];
        report_fmt_burst_lasts(b, lasts, sizeof lasts);
        fmt_value(fig, sizeof fig, b->sustained, large);
        fprintf(f, ", a burst for at most %s (%s sustained)", lasts, fig);
    }
    bool all_within = figure(sw->runs[m.low], large) >= ENOUGH_FRAC * figure(best, large);
    if (m.enough != m.best && !all_within) {
        fmt_value(fig, sizeof fig, figure(sw->runs[m.enough], large), large);
        fprintf(f, "; %s=%s already reaches %.0f %% of it (%s)", p,
                report_sweep_key(cfg, sw, m.enough, key, sizeof key),
                ENOUGH_FRAC * 100, fig);
    }
    if (!all_within) {
        fmt_value(fig, sizeof fig, figure(sw->runs[m.low], large), large);
        fprintf(f, "; lowest at %s=%s: %s", p,
                report_sweep_key(cfg, sw, m.low, key, sizeof key), fig);
    } else if (sw->n_runs > 1) {
        fprintf(f, "; every value listed is within %.0f %% of it: %s barely "
                "moves this figure here", (1 - ENOUGH_FRAC) * 100, p);
    }
    fputs(".\n", f);
}
