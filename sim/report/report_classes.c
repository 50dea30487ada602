/*
 * report_classes.c - a database workload's figures class by class: the
 * table the terminal and summary.txt print, and classes.csv.
 *
 * A database workload's run (sim_run_db) is one point of its classes at
 * their loads, on each disk group the run has; ORION's three summary
 * lines do not describe it (there is no small and large), so its files
 * show every class instead: its group, its loop (I/Os kept outstanding,
 * or a rate of arrivals), its sizes, what it got (I/Os a second, MB/s)
 * and its latency percentiles, for reads and writes together and, where
 * a class did both, for each direction alone.  An open-loop class also
 * shows what was offered and what share of it went unmet.  A sweep over
 * power of a failure or an add shows each run's rebalancing phase
 * instead of its own point, which no power changes (report_fail.c).
 *
 * Every figure is the point result's (stats.h): nothing is recomputed, so
 * the table, the CSV and the JSON agree.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "layouts/units.h"
#include "sim/report/report.h"

/* "8KiB", or "512B..1MiB (7 sizes)" for a mix. */
static void size_text(const struct wl_size_mix *m, char *buf, size_t len)
{
    char lo[24], hi[24];
    uint32_t least = m->bytes[0], most = m->bytes[0];
    for (int k = 1; k < m->n; k++) {
        least = m->bytes[k] < least ? m->bytes[k] : least;
        most = m->bytes[k] > most ? m->bytes[k] : most;
    }
    units_fmt_exact(least, MIB, false, lo, sizeof lo);
    units_fmt_exact(most, MIB, false, hi, sizeof hi);
    if (m->n == 1)
        snprintf(buf, len, "%s", lo);
    else
        snprintf(buf, len, "%s..%s (%d sizes)", lo, hi, m->n);
}

void report_class_loop_text(const struct sim_run_cfg *run, int c, char *buf,
                            size_t len)
{
    const struct sim_class_load *l = &run->db.load;
    if (l->rate_iops[c] > 0)
        snprintf(buf, len, "%.0f/s %s", l->rate_iops[c],
                 l->arrivals[c] == SIM_ARRIVALS_CONSTANT ? "constant"
                                                          : "poisson");
    else if (run->workload.classes[c].pattern == WL_SEQUENTIAL)
        snprintf(buf, len, "%d x %d seq", l->load[c],
                 l->stream_io[c] > 0 ? l->stream_io[c] : 1);
    else
        snprintf(buf, len, "%d outstanding", l->load[c]);
}

const char *report_class_group(const struct sim_run_cfg *run, int c)
{
    if (run->db.n_groups == 0)
        return "-";
    return run->db.groups[run->db.class_group[c]].name;
}

static void lat_cells(FILE *f, bool ran, const struct sim_lat_summary *l)
{
    if (!ran || l->count == 0) {
        fprintf(f, " %9s %9s %9s %9s %9s\n", "-", "-", "-", "-", "-");
        return;
    }
    fprintf(f, " %9.1f %9.1f %9.1f %9.1f %9.1f\n", l->avg_us, l->p50_us,
            l->p99_us, l->p999_us, l->p9999_us);
}

static void class_rows(FILE *f, const struct sim_run_cfg *run,
                       const struct sim_point_result *p, int c)
{
    const struct sim_class_result *r = &p->cls[c];
    char loop[48], size[48];
    report_class_loop_text(run, c, loop, sizeof loop);
    size_text(&run->workload.classes[c].sizes, size, sizeof size);
    bool ran = sim_point_class_ran(p, c);
    fprintf(f, "  %-16s %-8s %-18s %-22s %10.0f %9.2f", run->db.class_name[c],
            report_class_group(run, c), loop, size, r->iops, r->mbps);
    lat_cells(f, ran, &r->lat);
    bool both = r->lat_dir[SIM_READ].count > 0 && r->lat_dir[SIM_WRITE].count > 0;
    for (int d = 0; both && d < 2; d++) {
        fprintf(f, "  %-16s %-8s %-18s %-22s %10s %9s", d ? "  writes" : "  reads",
                "", "", "", "", "");
        lat_cells(f, ran, &r->lat_dir[d]);
    }
    if (p->open.on && run->db.load.rate_iops[c] > 0)
        fprintf(f, "  %-16s offered %.0f/s, %.1f%% unmet, %llu delayed for a "
                "slot\n", "", p->open.offered[c], 100.0 * p->open.unmet_frac[c],
                (unsigned long long)p->open.delayed[c]);
}

void report_classes_table(FILE *f, const struct sim_run_cfg *run,
                          const struct sim_point_result *p)
{
    fprintf(f, "  %-16s %-8s %-18s %-22s %10s %9s %9s %9s %9s %9s %9s\n",
            "class", "group", "load", "size", "IOPS", "MB/s", "avg us",
            "p50 us", "p99 us", "p99.9 us", "p99.99 us");
    for (int c = 0; c < p->n_classes && c < run->workload.n_classes; c++)
        class_rows(f, run, p, c);
}

/* One CSV row: a class's figures for reads and writes together (MB/s and
   errors known), or for one direction (I/Os a second from its count;
   MB/s and errors are not kept per direction: left empty); last the
   run's --over value (empty for a run or a sweep over disk counts). */
struct csv_run {
    const struct sim_run_cfg *run;
    int disks;
    const char *swept;
};

static void csv_row(FILE *f, const struct csv_run *at,
                    const struct sim_point_result *p, int c, int d)
{
    static const char *const dir[3] = { "all", "read", "write" };
    const struct sim_class_result *r = &p->cls[c];
    const struct sim_lat_summary *l = d == 0 ? &r->lat : &r->lat_dir[d - 1];
    double secs = p->measured_s > 0 ? p->measured_s : 1;
    fprintf(f, "%d,%s,%s,%s,%.2f,", at->disks, at->run->db.class_name[c],
            report_class_group(at->run, c), dir[d],
            d == 0 ? r->iops : (double)l->count / secs);
    if (d == 0)
        fprintf(f, "%.3f", r->mbps);
    fprintf(f, ",%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%llu,", l->avg_us, l->p50_us,
            l->p90_us, l->p99_us, l->p999_us, l->p9999_us,
            (unsigned long long)l->count);
    if (d == 0)
        fprintf(f, "%llu", (unsigned long long)r->errors);
    fprintf(f, ",%s\n", at->swept);
}

int report_classes_csv(FILE *f, const struct sim_setup *cfg,
                       const struct sim_run_result *const *runs, int n_runs)
{
    fprintf(f, "disks,class,group,direction,iops,mbps,avg_us,p50_us,p90_us,"
            "p99_us,p999_us,p9999_us,ios,errors,swept_value\n");
    for (int i = 0; i < n_runs; i++) {
        struct csv_run at = { &sim_setup_of_run(cfg, i)->run, runs[i]->disks,
                              cfg->over && i < cfg->over->n ? cfg->over->value[i] : "" };
        for (int k = 0; k < runs[i]->n_points; k++) {
            const struct sim_point_result *p = &runs[i]->points[k];
            for (int c = 0; c < p->n_classes && c < at.run->workload.n_classes; c++)
                for (int d = 0; d < 3; d++)
                    if (d == 0 || p->cls[c].lat_dir[d - 1].count > 0)
                        csv_row(f, &at, p, c, d);
        }
    }
    return ferror(f) ? -EIO : 0;
}

/* One run of a database workload: its disks, window, limit and table. */
static void summary_run(FILE *f, const struct sim_run_cfg *run,
                        const struct sim_run_result *r)
{
    if (r->n_points == 0) {
        fprintf(f, "%d disks: not measured (stopped)\n\n", r->disks);
        return;
    }
    const struct sim_point_result *p = &r->points[0];
    fprintf(f, "%d disks, %.1f s measured, limited by %s%s:\n", r->disks,
            p->measured_s, sim_limit_label(p->limited_by),
            r->incomplete ? " (incomplete: stopped)" : "");
    report_classes_table(f, run, p);
    report_needs_lines(f, run, p);
    report_fail_lines(f, r, run);
    fputc('\n', f);
}

int report_db_summary(FILE *f, const struct report_meta *meta,
                      const struct sim_setup *cfg,
                      const struct sim_run_result *const *runs, int n_runs)
{
    const struct sim_run_cfg *run = &cfg->run;
    fprintf(f, "asmsim %s: database workload\n\n",
            meta->version ? meta->version : "");
    fprintf(f, "Command line:\n%s\n\n",
            meta->command_line ? meta->command_line : "");
    fprintf(f, "Test: %s\n", meta->testname ? meta->testname : "asmsim");
    report_echo_lines(f, meta);
    fprintf(f, "Classes: %d\n", run->workload.n_classes);
    for (int g = 0; g < run->db.n_groups; g++)
        fprintf(f, "Disk group %s: %d x %s, %s redundancy\n",
                run->db.groups[g].name, run->db.groups[g].disks,
                cfg->group_volume[g].spec,
                lay_redundancy_name(run->db.groups[g].layout.redundancy));
    if (dev_has(run->backend, DEV_CAP_PROVISIONED_LIMITS))
        fprintf(f, "Instance: %s\n", cfg->instance.name);
    fprintf(f, "Backend: %s\n", run->backend && run->backend->name
                                    ? run->backend->name : "unknown");
    fprintf(f, "Seed: %llu\n\n", (unsigned long long)run->seed);
    char failed[320];
    report_live_fail_text(meta->live_fail, failed, sizeof failed);
    if (failed[0])
        fprintf(f, "Failure on the dashboard: %s\n\n", failed);
    for (int i = 0; i < n_runs; i++)
        summary_run(f, run, runs[i]);
    return ferror(f) ? -EIO : 0;
}

/* Group g's disks when the run has `disks` in all: the first group's
   count is what the others leave (the sweep's). */
static int group_disks(const struct sim_run_cfg *run, int g, int disks)
{
    int others = 0;
    for (int k = 1; k < run->db.n_groups; k++)
        others += run->db.groups[k].disks;
    return g == 0 ? disks - others : run->db.groups[g].disks;
}

/* Each group's volumes at their list price, unrounded. */
static double db_volumes_usd(const struct sim_setup *cfg, int disks)
{
    double usd = 0;
    for (int g = 0; g < cfg->run.db.n_groups; g++) {
        char basis[256];
        usd += group_disks(&cfg->run, g, disks) *
               price_volume_month(&cfg->group_volume[g], basis, sizeof basis);
    }
    return usd;
}

/* The monthly bill of a database workload's run at its disks: the
   instance and each group's volumes at their list price. */
static double db_run_usd(const struct sim_setup *cfg,
                         const struct sim_run_result *r)
{
    return price_to_cents(cfg->bill.instance_usd_month + db_volumes_usd(cfg, r->disks));
}

void report_db_bill(const struct sim_setup *cfg, int disks, struct price_bill *bill)
{
    const struct sim_run_cfg *run = &cfg->run;
    size_t used = 0;
    if (run->db.n_groups < 2)
        return;
    bill->volumes_usd_month = price_to_cents(db_volumes_usd(cfg, disks));
    bill->total_usd_month = bill->instance_usd_month + bill->volumes_usd_month;
    for (int g = 0; g < run->db.n_groups && used < sizeof bill->volume_basis; g++) {
        int n = snprintf(bill->volume_basis + used, sizeof bill->volume_basis - used,
                         "%s%s %d x %s", g ? ", " : "", run->db.groups[g].name,
                         group_disks(run, g, disks), cfg->group_volume[g].type);
        used += n > 0 ? (size_t)n : 0;
    }
}

void report_classes_sweep_table(FILE *f, const struct sim_setup *cfg,
                                const struct sim_sweep_result *sweep)
{
    const struct sim_run_cfg *run = &cfg->run;
    bool priced = cfg->bill.disks > 0 && run->db.n_groups > 0;
    int kw = report_sweep_key_width(cfg, sweep, 6);
    char key[SIM_OVER_VALUE_MAX + 16];
    bool by_power = report_fail_by_power(cfg);
    if (by_power)
        fputs("While rebalancing (the phase the power changes; before it every "
              "power runs alike):\n", f);
    fprintf(f, "%*s  %-16s %-8s %10s %9s %9s %9s  %-18s %s\n", kw,
            report_sweep_key_name(cfg), "class", "group", "IOPS", "MB/s",
            "avg us", "p99 us", "limited by", priced ? "$/month" : "");
    for (int i = 0; i < sweep->n_runs; i++) {
        const struct sim_run_result *r = sweep->runs[i];
        if (r->n_points == 0)
            continue;
        const struct sim_point_result *p = by_power ? report_fail_power_point(r)
                                                    : &r->points[0];
        if (!p) {
            fprintf(f, "%*s  not reached\n", kw, report_sweep_key(cfg, sweep, i, key,
                                                                  sizeof key));
            continue;
        }
        for (int c = 0; c < p->n_classes && c < run->workload.n_classes; c++) {
            const struct sim_class_result *k = &p->cls[c];
            fprintf(f, "%*s  ", kw, c == 0 ? report_sweep_key(cfg, sweep, i, key,
                                                               sizeof key) : "");
            fprintf(f, "%-16s %-8s %10.0f %9.2f %9.1f %9.1f  %-18s",
                    run->db.class_name[c], report_class_group(run, c), k->iops,
                    k->mbps, k->lat.avg_us, k->lat.p99_us,
                    c == 0 ? sim_limit_label(p->limited_by) : "");
            if (priced && c == 0)
                fprintf(f, " %.2f", db_run_usd(sim_setup_of_run(cfg, i), r));
            fputc('\n', f);
        }
    }
    report_needs_sweep_line(f, cfg, sweep);
}

/* ---- targets per class (--need-iops, --need-mbps, --need-latency) ----- */

const char *report_lat_stat_name(enum sim_lat_stat s)
{
    static const char *const names[] = {
        [SIM_LAT_MEAN] = "mean", [SIM_LAT_P50] = "p50", [SIM_LAT_P90] = "p90",
        [SIM_LAT_P99] = "p99", [SIM_LAT_P999] = "p99.9",
        [SIM_LAT_P9999] = "p99.99",
    };
    return names[s];
}

static double lat_stat_us(const struct sim_lat_summary *l, enum sim_lat_stat s)
{
    switch (s) {
    case SIM_LAT_MEAN: return l->avg_us;
    case SIM_LAT_P50: return l->p50_us;
    case SIM_LAT_P90: return l->p90_us;
    case SIM_LAT_P99: return l->p99_us;
    case SIM_LAT_P999: return l->p999_us;
    case SIM_LAT_P9999: return l->p9999_us;
    }
    return l->avg_us;
}

bool report_need_judge(const struct sim_class_need *need,
                       const struct sim_point_result *p, double *got)
{
    const struct sim_class_result *r = &p->cls[need->cls];
    switch (need->kind) {
    case SIM_NEED_IOPS:
        *got = r->iops;
        return *got >= need->value;
    case SIM_NEED_MBPS:
        *got = r->mbps;
        return *got >= need->value;
    case SIM_NEED_LATENCY:
        *got = lat_stat_us(&r->lat, need->stat);
        return sim_point_class_measured(p, need->cls) && *got <= need->value;
    }
    return false;
}

void report_need_text(const struct sim_run_cfg *run,
                      const struct sim_class_need *need, double got, bool met,
                      char *buf, size_t len)
{
    const char *name = run->db.class_name[need->cls];
    const char *verdict = met ? "met" : "MISSED";
    if (need->kind == SIM_NEED_LATENCY)
        snprintf(buf, len, "%s %s latency %.1f us <= %.1f us: %s", name,
                 report_lat_stat_name(need->stat), got, need->value, verdict);
    else if (need->kind == SIM_NEED_IOPS)
        snprintf(buf, len, "%s %.0f IOPS >= %.0f: %s", name, got, need->value,
                 verdict);
    else
        snprintf(buf, len, "%s %.2f MB/s >= %.2f: %s", name, got, need->value,
                 verdict);
}

bool report_needs_met(const struct sim_run_cfg *run,
                      const struct sim_point_result *p)
{
    double got;
    for (int i = 0; i < run->db.n_needs; i++)
        if (!report_need_judge(&run->db.needs[i], p, &got))
            return false;
    return true;
}

void report_needs_lines(FILE *f, const struct sim_run_cfg *run,
                        const struct sim_point_result *p)
{
    for (int i = 0; i < run->db.n_needs; i++) {
        char line[200];
        double got;
        bool met = report_need_judge(&run->db.needs[i], p, &got);
        report_need_text(run, &run->db.needs[i], got, met, line, sizeof line);
        fprintf(f, "%s %s\n", i == 0 ? "Targets:" : "        ", line);
    }
}

/* Whether run i of the sweep meets every target. */
static bool run_meets(const struct sim_setup *cfg, const struct sim_sweep_result *sweep,
                      int i)
{
    const struct sim_run_result *r = sweep->runs[i];
    return r->n_points > 0 &&
           report_needs_met(&sim_setup_of_run(cfg, i)->run, &r->points[0]);
}

/* A sweep over a parameter: the values listed whose runs meet every
   target ("at outstanding:redo=8, 16"), or that none does. */
static void needs_over_line(FILE *f, const struct sim_setup *cfg,
                            const struct sim_sweep_result *sweep)
{
    int met = 0;
    for (int i = 0; i < sweep->n_runs; i++) {
        if (!run_meets(cfg, sweep, i))
            continue;
        if (met++ == 0)
            fprintf(f, "Every target is met at %s=%s", cfg->over->param,
                    cfg->over->value[i]);
        else
            fprintf(f, ", %s", cfg->over->value[i]);
    }
    if (met)
        fputs(".\n", f);
    else
        fprintf(f, "No value of %s swept meets every target.\n", cfg->over->param);
}

void report_needs_sweep_line(FILE *f, const struct sim_setup *cfg,
                             const struct sim_sweep_result *sweep)
{
    if (cfg->run.db.n_needs == 0)
        return;
    if (cfg->over) {
        needs_over_line(f, cfg, sweep);
        return;
    }
    for (int i = 0; i < sweep->n_runs; i++)
        if (run_meets(cfg, sweep, i)) {
            fprintf(f, "Every target is met from %d disks on (the first count "
                    "swept that meets them).\n", sweep->runs[i]->disks);
            return;
        }
    fputs("No disk count swept meets every target.\n", f);
}
