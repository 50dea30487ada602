/*
 * report_orion.c - ORION's files: summary.txt, _mbps.csv, _iops.csv,
 * _lat.csv, _hist.txt and, for a release (-orion_version), _trace.txt.
 *
 * Compatibility is the point.  People have scripts that grep ORION's
 * summary.txt and load its CSVs into spreadsheets.  Two sets:
 *
 *   a release's  (meta->orion, report_orion_version.h) every line that
 *                release writes, in its words and number formats, and
 *                nothing else; asmsim's own lines go to _trace.txt.  Its
 *                CSV rows end after their last measured cell (S111).
 *   asmsim's     (meta->orion NULL) ORION 19c's words with asmsim's lines
 *                among them, as described below.
 *
 *   summary.txt  the version line, the command line, "These options enable
 *                these settings:" with ORION's parameter lines, the LUNs
 *                ("Name: <lun>\tSize: <bytes>", "<n> FILEs found."; under
 *                mpirun every rank's, each rank's after a "Host: <host>
 *                (rank <r>)" line, and a "Disks:" line: target d of every
 *                rank is disk d of the cluster) and the
 *                three summary lines (report_util.c).  asmsim's own facts
 *                (disk group, backend, instance, volume, seed, latency
 *                percentiles, the limit that binds) are added as lines of
 *                their own, so ORION's lines stay where scripts find them.
 *                Under the maximum-IOPS and minimum-latency points come
 *                ORION 19c's "Small Read Latency: avg=124.000 us, min=41.000 us,
 *                max=4496.000 us, std dev=76.000 us @ Small=1 and Large=0" and its
 *                "Small Write Latency: ..." twin, for each direction that
 *                ran there.
 *   CSVs         a grid, rows = large levels, columns = small levels:
 *                  "Large/Small" then "," + "%7d" per column;
 *                  each row "%11d" then "," + "%7s" per cell.
 *                A field wider than 7 widens (never truncated); a cell the
 *                run did not visit is 7 spaces, so columns still line up.
 *                _mbps.csv: rows large >= 1, columns small incl. 0, "%.2f";
 *                _iops.csv: rows large incl. 0, columns small >= 1, "%.0f";
 *                _lat.csv: as _iops.csv, small average latency in us, "%.2f".
 *                A file whose class never ran holds only its header line.
 *   _hist.txt    per point and class that ran, the power-of-two latency
 *                histogram (bin 0 = [0, 2) us, bin i = [2^i, 2^(i+1)) us,
 *                the last bin open-ended: hist.h) and the percentiles.
 *
 * Every figure comes from the run's struct sim_point_result (stats.h):
 * nothing is recomputed here, so the files agree with the JSON and the
 * live view.  Points are looked up by their load (small, large), which is
 * what ORION's grid is indexed by; unmeasured points (an incomplete run)
 * simply leave cells empty.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/core/cluster.h"
#include "sim/core/cpu_usage.h"
#include "layouts/units.h"
#include "sim/report/report.h"

static int stream_status(FILE *f)
{
    return ferror(f) ? -EIO : 0;
}

/* ---------------------------------------------------------------- CSV */

/* A cell of `which` at point p, as release v prints it ("" when p was
   not measured): 11.1's latency in ms. */
static void csv_cell(char *cell, size_t len, const struct sim_point_result *p,
                     enum report_csv which, const struct report_orion_ver *v)
{
    cell[0] = '\0';
    if (p == NULL)
        return;
    if (which == REPORT_CSV_MBPS)
        snprintf(cell, len, "%.2f", p->cls[WL_LARGE].mbps);
    else if (which == REPORT_CSV_IOPS)
        snprintf(cell, len, "%.0f", p->cls[WL_SMALL].iops);
    else
        snprintf(cell, len, "%.2f", p->cls[WL_SMALL].lat.avg_us /
                                    (v && v->latency_ms ? 1000.0 : 1.0));
}

/* One row: its label, then its cells; ORION's own releases stop after
   the last measured cell (S111: "          1, 271.58", a row without one
   is its label alone), asmsim's set pads every cell to line up. */
static void csv_row(FILE *f, const struct sim_run_result *run, enum report_csv which,
                    const struct report_orion_ver *v, const int *cols, int n_cols,
                    int row)
{
    char cell[WL_MAX_LEVELS][64];
    int last = n_cols;

    for (int c = 0; c < n_cols; c++) {
        csv_cell(cell[c], sizeof cell[c], report_find_point(run, cols[c], row), which,
                 v);
    }
    if (v)
        while (last > 0 && cell[last - 1][0] == '\0')
            last--;
    fprintf(f, "%11d", row);
    for (int c = 0; c < last; c++)
        fprintf(f, ",%7s", cell[c]);
    fputc('\n', f);
}

int report_orion_csv_as(FILE *f, const struct sim_run_result *run, enum report_csv which,
                        const struct report_orion_ver *v)
{
    const struct wl_matrix *m = run->matrix;
    bool iops_like = which == REPORT_CSV_IOPS || which == REPORT_CSV_LAT;
    int cols[WL_MAX_LEVELS];
    int n_cols = 0, n_rows = 0;

    if (m == NULL || (which != REPORT_CSV_MBPS && !iops_like))
        return -EINVAL;
    /* Small-I/O files drop column 0 (no small I/O there); the MBPS file
       drops row 0 (no large I/O there). */
    for (int i = 0; i < m->n_small_levels; i++)
        if (!iops_like || m->small_levels[i] >= 1)
            cols[n_cols++] = m->small_levels[i];
    for (int i = 0; i < m->n_large_levels; i++)
        n_rows += iops_like || m->large_levels[i] >= 1;

    fputs("Large/Small", f);
    for (int c = 0; c < n_cols; c++)
        fprintf(f, ",%7d", cols[c]);
    fputc('\n', f);
    if (n_cols == 0 || n_rows == 0)     /* the class never ran */
        return stream_status(f);
    for (int i = 0; i < m->n_large_levels; i++)
        if (iops_like || m->large_levels[i] >= 1)
            csv_row(f, run, which, v, cols, n_cols, m->large_levels[i]);
    return stream_status(f);
}

int report_orion_csv(FILE *f, const struct sim_run_result *run,
                     enum report_csv which)
{
    return report_orion_csv_as(f, run, which, NULL);
}

/* ---------------------------------------------------------- histogram */

static void percentiles_line(FILE *f, const struct sim_lat_summary *l)
{
    fprintf(f, "  p50=%.3f p90=%.3f p99=%.3f p99.9=%.3f\n", l->p50_us,
            l->p90_us, l->p99_us, l->p999_us);
}

static void hist_block(FILE *f, const struct sim_point_result *p,
                       const char *cls, const struct sim_lat_summary *l)
{
    fprintf(f, "Small=%d Large=%d %s I/O latency histogram (usecs)\n",
            p->small, p->large, cls);
    for (int b = 0; b < HIST_POW2_BINS; b++) {
        if (l->pow2[b] == 0)
            continue;
        if (b == 0)
            fprintf(f, "  [0 - 2):%" PRIu64 "\n", l->pow2[b]);
        else if (b == HIST_POW2_BINS - 1)
            fprintf(f, "  [%" PRIu64 " - inf):%" PRIu64 "\n",
                    (uint64_t)1 << b, l->pow2[b]);
        else
            fprintf(f, "  [%" PRIu64 " - %" PRIu64 "):%" PRIu64 "\n",
                    (uint64_t)1 << b, (uint64_t)1 << (b + 1), l->pow2[b]);
    }
    percentiles_line(f, l);
    fputc('\n', f);
}

int report_orion_hist(FILE *f, const struct sim_run_result *run)
{
    for (int i = 0; i < run->n_points; i++) {
        const struct sim_point_result *p = &run->points[i];

        if (p->small > 0)
            hist_block(f, p, "small", &p->cls[WL_SMALL].lat);
        if (p->large > 0)
            hist_block(f, p, "large", &p->cls[WL_LARGE].lat);
    }
    return stream_status(f);
}

/* -------------------------------------------------------- summary.txt */

static void latency_line(FILE *f, const char *cls,
                         const struct sim_lat_summary *l)
{
    fprintf(f, "%s I/O latency (usecs): avg=%.3f min=%.3f max=%.3f "
               "stddev=%.3f p50=%.3f p90=%.3f p99=%.3f p99.9=%.3f\n",
            cls, l->avg_us, l->min_us, l->max_us, l->stddev_us, l->p50_us,
            l->p90_us, l->p99_us, l->p999_us);
}

/* ORION 12c+'s line for one direction of the small I/Os at a point, in
   release v's decimals: "Small Read Latency: avg=124 us, min=41 us,
   max=4496 us, std dev=76 us @ Small=1 and Large=0" (12.1, whole us;
   12.2 and 19c three decimals); none for a direction that did no I/O
   there. */
static void direction_line(FILE *f, const char *what, const struct sim_lat_summary *l,
                           struct wl_point at, int decimals)
{
    if (l->count == 0)
        return;
    fprintf(f, "%s Latency: avg=%.*f us, min=%.*f us, max=%.*f us, std dev=%.*f us "
               "@ Small=%d and Large=%d\n",
            what, decimals, l->avg_us, decimals, l->min_us, decimals, l->max_us, decimals,
            l->stddev_us, at.small, at.large);
}

/* Release v's Small Read (and with writes Small Write) lines at `at`. */
static void direction_lines(FILE *f, const struct report_orion_ver *v,
                            const struct sim_run_result *run, struct wl_point at)
{
    const struct sim_point_result *p = run ? report_find_point(run, at.small, at.large)
                                           : NULL;

    if (p == NULL || v->detail_decimals < 0)
        return;
    direction_line(f, "Small Read", &p->cls[WL_SMALL].lat_dir[SIM_READ], at,
                   v->detail_decimals);
    if (v->write_lines)
        direction_line(f, "Small Write", &p->cls[WL_SMALL].lat_dir[SIM_WRITE], at,
                       v->detail_decimals);
}

/* "At <what> (Small=s and Large=l):", the latency of class `cls` there
   and, at the maximum points, the limit that binds. */
static void latency_block(FILE *f, const struct sim_run_result *run,
                          const char *what, struct wl_point at, bool large,
                          bool with_limit)
{
    const struct sim_point_result *p = report_find_point(run, at.small, at.large);

    if (p == NULL)
        return;
    fprintf(f, "\nAt %s (Small=%d and Large=%d):\n", what, at.small, at.large);
    if (large) {
        latency_line(f, "Large", &p->cls[WL_LARGE].lat);
    } else {
        latency_line(f, "Small", &p->cls[WL_SMALL].lat);
        direction_lines(f, REPORT_ORION_OWN, run, at);
    }
    if (with_limit)
        fprintf(f, "Limited by: %s\n", sim_limit_label(p->limited_by));
}

static void rate_text(char *buf, size_t len, double value, const char *unit)
{
    if (value > 0)
        snprintf(buf, len, "%.2f %s", value, unit);
    else
        snprintf(buf, len, "unlimited %s", unit);
}

static void instance_line(FILE *f, const struct inst_profile *in,
                          const struct vol_profile *v)
{
    char base_mb[48], max_mb[48], base_io[48], max_io[48];

    if (v->instance_store && in->provider[0]) {
        fprintf(f, "Instance: %s (%s): its EBS / block-volume limits do not apply to "
                "%s (instance store)\n", in->name, in->provider, v->type);
        return;
    }
    if (in->max_bytes_per_s <= 0 && in->max_iops <= 0 &&
        in->base_bytes_per_s <= 0 && in->base_iops <= 0) {
        fprintf(f, "Instance: %s (no instance limit)\n",
                in->name[0] ? in->name : "none");
        return;
    }
    rate_text(base_mb, sizeof base_mb, in->base_bytes_per_s / 1e6, "MB/s");
    rate_text(max_mb, sizeof max_mb, in->max_bytes_per_s / 1e6, "MB/s");
    snprintf(base_io, sizeof base_io, in->base_iops > 0 ? "%.0f IOPS"
                                                        : "unlimited IOPS",
             in->base_iops);
    snprintf(max_io, sizeof max_io, in->max_iops > 0 ? "%.0f IOPS"
                                                     : "unlimited IOPS",
             in->max_iops);
    if (in->burst)
        fprintf(f, "Instance: %s (%s): %s base, %s max, %s base, %s max, "
                   "max holds %.0f s then baseline\n",
                in->name, in->provider, base_mb, max_mb, base_io, max_io,
                in->burst_seconds);
    else
        fprintf(f, "Instance: %s (%s): %s, %s\n", in->name, in->provider,
                max_mb, max_io);
}

static void volume_line(FILE *f, const struct vol_profile *v)
{
    fprintf(f, "Volume: %s: %.0f IOPS", v->spec[0] ? v->spec : v->type,
            v->iops_base);
    if (v->iops_burst > v->iops_base)
        fprintf(f, " (burst %.0f)", v->iops_burst);
    char tput[32];
    report_fmt_volume_tput(v, v->tput_base_bytes_per_s, 2, tput, sizeof tput);
    fprintf(f, ", %s", tput);
    report_fmt_volume_tput(v, v->tput_burst_bytes_per_s, 2, tput, sizeof tput);
    if (v->tput_burst_bytes_per_s > v->tput_base_bytes_per_s)
        fprintf(f, " (burst %s)", tput);
    fprintf(f, ", %.2f USD per month each\n", v->price_usd_month);
}

static void disk_group_line(FILE *f, int disks, const struct lay_cfg *l)
{
    int groups = l->failgroups > 0 ? l->failgroups : disks;

    fprintf(f, "Disk group: %d disk%s, %s striping", disks,
            disks == 1 ? "" : "s", lay_striping_name(l->striping));
    if (l->striping == LAY_RAID0)
        fprintf(f, ", stripe %" PRIu64 " KiB", l->stripe_bytes / 1024);
    else if (l->striping != LAY_CONCAT)
        fprintf(f, ", AU %" PRIu64 " MiB", l->au_bytes >> 20);
    fprintf(f, ", %s redundancy, %d failure group%s\n",
            lay_redundancy_name(l->redundancy), groups, groups == 1 ? "" : "s");
}

static void levels_line(FILE *f, const char *name, const int *levels, int n)
{
    fprintf(f, "%s Columns:", name);
    for (int i = 0; i < n; i++)
        fprintf(f, ",%7d", levels[i]);
    fputc('\n', f);
}

/* Backends in real time (aio, null): errors per point, class and disk,
   asmsim's CPU per I/O and the machine's CPU, and the warning when the
   generator was the bottleneck (cpu_usage.h).  The model's time is
   virtual, so these lines would mean nothing there (and would make its
   files differ run to run). */
static void real_device_lines(FILE *f, const struct report_meta *meta,
                              const struct sim_run_result *run,
                              const struct dev_ops *backend)
{
    int bound = 0;

    fputs("\nPer point: I/O errors; asmsim CPU per I/O (usecs) and cores "
          "busy; machine CPU (% of all CPUs, irq+softirq included):\n", f);
    for (int i = 0; i < run->n_points; i++) {
        const struct sim_point_result *p = &run->points[i];
        bool gen = sim_cpu_generator_bound(p, backend);

        bound += gen;
        fprintf(f, "Small=%d Large=%d: errors=%" PRIu64 " (small %" PRIu64
                   ", large %" PRIu64 ") user=%.3f sys=%.3f cores=%.2f "
                   "machine=%.1f%% irq=%.1f%%%s\n",
                p->small, p->large, p->errors, p->cls[WL_SMALL].errors,
                p->cls[WL_LARGE].errors, p->cpu_user_us_per_io, p->cpu_sys_us_per_io,
                p->cpu_cores, p->machine_busy_pct, p->machine_irq_pct,
                gen ? " generator-bound" : "");
    }
    fputs(meta->n_rank_targets > 1 ? "I/O errors per disk (disk d: target d of every "
                                     "rank, named by rank 0's):" : "I/O errors per disk:", f);
    for (int d = 0; d < run->disks; d++)
        fprintf(f, "%s %s=%" PRIu64, d ? "," : "",
                meta->luns && d < meta->n_luns ? meta->luns[d] : "?",
                sim_run_disk_errors(run, d));
    fputc('\n', f);
    report_run_notes(f, run, bound);
}

void report_run_notes(FILE *f, const struct sim_run_result *run, int bound)
{
    if (bound)
        fprintf(f, "Warning: at %d of %d points asmsim's engine thread was at "
                   "least %.0f%% busy: the generator, not the devices, was the "
                   "bottleneck there\n", bound, run->n_points,
                SIM_GENERATOR_BOUND_FRAC * 100);
    if (run->failed)
        fprintf(f, "Stopped: %s\n", run->failed_why);
}

/* "Cost: $193.88/month (instance $113.88 + 4 volumes $80.00; AWS
   us-east-1 2023-06 list)": after ORION's lines in the terminal and in
   summary.txt, and in run's summary (issue 12: every run shows its cost);
   nothing when nothing is priced (bill->disks 0). */
void report_cost_line(FILE *f, const struct price_bill *b)
{
    const char *plural = b->disks == 1 ? "" : "s";
    char inst[32];

    if (b->disks <= 0)
        return;
    if (b->has_instance && !b->instance_priced) {
        fprintf(f, "Cost: instance not priced + %d volume%s $%.2f/month (%s)\n", b->disks,
                plural, b->volumes_usd_month, b->prices_list);
        return;
    }
    if (b->instance_priced)
        snprintf(inst, sizeof inst, "$%.2f", b->instance_usd_month);
    else
        snprintf(inst, sizeof inst, "none");
    fprintf(f, "Cost: $%.2f/month (instance %s + %d volume%s $%.2f; %s)\n", b->total_usd_month,
            inst, b->disks, plural, b->volumes_usd_month, b->prices_list);
}

void report_echo_lines(FILE *f, const struct report_meta *meta)
{
    for (int i = 0; i < meta->n_echo; i++)
        fprintf(f, "%c%s: %s\n", toupper((unsigned char)meta->echo[i].name[0]),
                meta->echo[i].name + 1, meta->echo[i].value);
}

/* "Small IO size: 8 KB" as ORION prints it; a size below a whole KiB (a
   512-byte redo write) in bytes, which ORION never has. */
static void print_io_size(FILE *f, const char *cls, uint32_t bytes)
{
    if (bytes % 1024)
        fprintf(f, "%s IO size: %" PRIu32 " bytes\n", cls, bytes);
    else
        fprintf(f, "%s IO size: %" PRIu32 " KB\n", cls, bytes / 1024);
}

/* The command line as ORION echoes it: its own flags alone ("-run
   simple -testname mytest"), for a release's summary.txt. */
static const char *orion_arguments(const struct report_meta *meta)
{
    const char *line = meta->command_line ? meta->command_line : "";
    const char *sp;

    if (meta->orion_args)
        return meta->orion_args;
    if (strncmp(line, "asmsim ", 7) == 0 && (sp = strchr(line + 7, ' ')) != NULL)
        return sp + 1;
    return line;
}

static void duration_line(FILE *f, const struct report_orion_labels *l,
                          const struct sim_point_opts *o)
{
    if (o->auto_duration)
        fprintf(f, "%sauto (95%% confidence half-width under %g%%)\n", l->duration,
                o->ci_target * 100.0);
    else if (o->duration_ns % SIM_NS_PER_S == 0)
        fprintf(f, "%s%lld seconds\n", l->duration, (long long)(o->duration_ns / SIM_NS_PER_S));
    else
        fprintf(f, "%s%.3f seconds\n", l->duration, (double)o->duration_ns / 1e9);
}

/* The I/O types, the array type (11.1), writes and cache lines; the cache
   size as given (-cache_size 0 reads "0 MB", no warming), else the
   release's "not specified". */
static void io_lines(FILE *f, const struct report_orion_labels *l, const struct sim_setup *cfg,
                     bool cache_given)
{
    const struct wl_cfg *w = &cfg->run.workload;
    const struct sim_point_opts *o = &cfg->run.point;
    bool seq = w->large_type == WL_LARGE_SEQ;

    fprintf(f, "%s%s, %s\n", l->io_types, l->small_random, seq ? l->large_seq : l->large_random);
    if (seq)
        fprintf(f, "Sequential stream pattern: %d outstanding IOs per stream\n", o->stream_io);
    if (l->array_type) {
        char name[32];
        snprintf(name, sizeof name, "%s", lay_striping_name(cfg->run.layout.striping));
        for (char *c = name; *c; c++)
            *c = (char)toupper((unsigned char)*c);
        fprintf(f, "%s%s\n", l->array_type, name);
    }
    fprintf(f, "%s%d%%\n", l->write, w->write_pct);
    if (o->cache_warm_bytes > 0 || cache_given)
        fprintf(f, "%s%.0f MB\n", l->cache, (double)o->cache_warm_bytes / (double)MIB);
    else
        fprintf(f, "%s%s\n", l->cache, l->cache_none);
}

/* From the version line to "Total Data Points": release v's lines, or
   with own asmsim's (its version, the whole command line, the echoed
   options).  ORION's own simple run lists the small column 0 alone
   (S111: "Small Columns:,      0" after small loads 1 to 5). */
static void settings_lines(FILE *f, const struct report_meta *meta, const struct sim_setup *cfg,
                           const struct wl_matrix *m, const struct report_orion_ver *v)
{
    const struct report_orion_labels *l = v->labels;
    bool own = meta->orion == NULL;
    static const int column0[1] = { 0 };
    bool simple = !own && cfg->run.matrix.run == WL_RUN_SIMPLE;

    if (own)
        fprintf(f, "ORION VERSION asmsim %s\n\n", meta->version ? meta->version : "");
    else
        fprintf(f, "ORION VERSION %s\n\n", v->release);
    fprintf(f, "%s\n%s\n\n", l->command_line,
            own ? (meta->command_line ? meta->command_line : "")
                : orion_arguments(meta));
    fprintf(f, "%s\n", l->settings);
    fprintf(f, "Test: %s\n", meta->testname ? meta->testname : "asmsim");
    if (own)
        report_echo_lines(f, meta);
    print_io_size(f, "Small", cfg->run.workload.small_bytes);
    print_io_size(f, "Large", cfg->run.workload.large_bytes);
    io_lines(f, l, cfg, meta->cache_size_given);
    duration_line(f, l, &cfg->run.point);
    levels_line(f, "Small", simple ? column0 : m->small_levels, simple ? 1 : m->n_small_levels);
    levels_line(f, "Large", m->large_levels, m->n_large_levels);
    fprintf(f, "Total Data Points: %d\n\n", m->orion_total_points);
}

/* asmsim's lines about the setup: what ORION leaves implicit. */
static void setup_lines(FILE *f, const struct report_meta *meta, const struct sim_setup *cfg,
                        const struct sim_run_result *run)
{
    const char *backend = cfg->run.backend && cfg->run.backend->name
                              ? cfg->run.backend->name : "unknown";

    disk_group_line(f, run->disks, &cfg->run.layout);
    fprintf(f, "Backend: %s\n", backend);
    report_skipped_line(f, meta);
    if (dev_has(cfg->run.backend, DEV_CAP_PROVISIONED_LIMITS)) {
        instance_line(f, &cfg->instance, &cfg->volume);
        volume_line(f, &cfg->volume);
        report_cost_line(f, &cfg->bill);
    }
    fprintf(f, "Seed: %" PRIu64 "\n", cfg->run.seed);
}

/* Under mpirun (meta->rank_targets): each rank's LUNs after a line
   naming its host, ORION's count of every rank's, and how many disks of
   the cluster they are (target d of every rank is disk d). */
static void rank_lun_lines(FILE *f, const struct report_meta *meta,
                           const struct sim_setup *cfg, uint64_t size)
{
    int n = 0;
    for (int r = 0; r < meta->n_rank_targets; r++) {
        fprintf(f, "Host: %s (rank %d)\n", cluster_host_of(cfg->run.cluster, r), r);
        for (const char *p = meta->rank_targets[r]; *p; n++) {
            int len = (int)strcspn(p, "\n");
            fprintf(f, "Name: %.*s\tSize: %" PRIu64 "\n", len, p, size);
            p += len + (p[len] == '\n');
        }
    }
    fprintf(f, "%d FILEs found.\n", n);
    fprintf(f, "Disks: %d, each a target on every rank (%d targets on %d ranks)\n\n",
            meta->n_luns, n, meta->n_rank_targets);
}

static void lun_lines(FILE *f, const struct report_meta *meta, const struct sim_setup *cfg)
{
    uint64_t size = cfg->run.layout.disk_size_bytes ? cfg->run.layout.disk_size_bytes
                                                    : cfg->volume.size_bytes;

    if (meta->n_rank_targets > 1 && meta->rank_targets) {
        rank_lun_lines(f, meta, cfg, size);
        return;
    }
    for (int i = 0; meta->luns != NULL && i < meta->n_luns; i++)
        fprintf(f, "Name: %s\tSize: %" PRIu64 "\n", meta->luns[i], size);
    fprintf(f, "%d FILEs found.\n\n", meta->n_luns);
}

/* asmsim's lines about the results: the remarks after the three lines,
   the latency at the maxima and the limit that binds, real devices'
   errors and CPU, an incomplete run. */
static void result_details(FILE *f, const struct report_meta *meta, const struct sim_setup *cfg,
                           const struct sim_run_result *run)
{
    const struct sim_summary *s = &run->summary;

    if (s->has_large)
        latency_block(f, run, "Maximum Large MBPS", s->max_large_at, true, true);
    if (s->has_small) {
        latency_block(f, run, "Maximum Small IOPS", s->max_small_at, false, true);
        latency_block(f, run, "Minimum Small Latency", s->min_small_lat_at, false, false);
    }
    if (dev_has(cfg->run.backend, DEV_CAP_HOST_CPU))
        real_device_lines(f, meta, run, cfg->run.backend);
    if (run->incomplete) {
        char where[96];
        report_fmt_stopped_points(run, run->matrix->n_points, where, sizeof where);
        fprintf(f, "\nIncomplete run: stopped after %s\n", where);
    }
}

int report_orion_summary(FILE *f, const struct report_meta *meta,
                         const struct sim_setup *cfg,
                         const struct sim_run_result *run)
{
    const struct report_orion_ver *v = meta->orion ? meta->orion : REPORT_ORION_OWN;

    if (run->matrix == NULL)
        return -EINVAL;
    settings_lines(f, meta, cfg, run->matrix, v);
    if (meta->orion) {              /* the release's lines alone */
        lun_lines(f, meta, cfg);
        report_orion_results(f, v, &run->summary, run);
        return stream_status(f);
    }
    setup_lines(f, meta, cfg, run);
    lun_lines(f, meta, cfg);
    report_summary_remarks(f, &run->summary);
    result_details(f, meta, cfg, run);
    return stream_status(f);
}

/* ------------------------------------------- a release's results block */

/* ORION 12c+'s histogram buckets in us (K19), the last open-ended. */
static const uint64_t bucket_us[] = { 0, 32, 64, 128, 256, 512, 1024, 2048, 4096, 268435456 };
#define N_BUCKETS ((int)(sizeof bucket_us / sizeof bucket_us[0]) - 1)

/* The power-of-two bins (bin 0 [0, 2) us, bin i [2^i, 2^(i+1))) summed
   into ORION's buckets: every edge is a power of two, so exactly. */
static void buckets_of(const struct sim_lat_summary *l, uint64_t out[N_BUCKETS])
{
    int k = 0;

    memset(out, 0, sizeof out[0] * N_BUCKETS);
    for (int b = 0; b < HIST_POW2_BINS; b++) {
        uint64_t lo = b == 0 ? 0 : (uint64_t)1 << b;
        while (k < N_BUCKETS - 1 && lo >= bucket_us[k + 1])
            k++;
        out[k] += l->pow2[b];
    }
}

/* "<cls> Read / Write Latency Histogram @ Small=N and Large=M", then a
   row per bucket: its count of reads and of writes, each with the
   cumulative percentage (K19's columns; the spacing is asmsim's). */
static void histogram_table(FILE *f, const char *cls, const struct sim_class_result *c,
                            struct wl_point at)
{
    uint64_t rd[N_BUCKETS], wr[N_BUCKETS], sum_rd = 0, sum_wr = 0;
    const struct sim_lat_summary *r = &c->lat_dir[SIM_READ], *w = &c->lat_dir[SIM_WRITE];

    buckets_of(r, rd);
    buckets_of(w, wr);
    fprintf(f, "%s Read / Write Latency Histogram @ Small=%d and Large=%d\n", cls, at.small,
            at.large);
    fprintf(f, "%-28s%-26s%s\n", "Latency:", "# of IOs (read)", "# of IOs (write)");
    for (int k = 0; k < N_BUCKETS; k++) {
        sum_rd += rd[k];
        sum_wr += wr[k];
        fprintf(f, "%10" PRIu64 " - %10" PRIu64 " us   %12" PRIu64 " (%6.2f%%)   %12" PRIu64
                   " (%6.2f%%)\n",
                bucket_us[k], bucket_us[k + 1], rd[k],
                r->count ? 100.0 * (double)sum_rd / (double)r->count : 0.0, wr[k],
                w->count ? 100.0 * (double)sum_wr / (double)w->count : 0.0);
    }
}

void report_orion_results(FILE *f, const struct report_orion_ver *v,
                          const struct sim_summary *s, const struct sim_run_result *run)
{
    if (s->has_large)
        fprintf(f, "Maximum Large MBPS=%.2f @ Small=%d and Large=%d\n", s->max_large_mbps,
                s->max_large_at.small, s->max_large_at.large);
    if (!s->has_small)
        return;
    fprintf(f, "Maximum Small IOPS=%.0f @ Small=%d and Large=%d\n", s->max_small_iops,
            s->max_small_at.small, s->max_small_at.large);
    direction_lines(f, v, run, s->max_small_at);
    fprintf(f, "Minimum Small Latency=%.*f%s @ Small=%d and Large=%d\n", v->latency_decimals,
            s->min_small_lat_us / (v->latency_ms ? 1000.0 : 1.0),
            v->latency_ms ? "" : " usecs", s->min_small_lat_at.small,
            s->min_small_lat_at.large);
    direction_lines(f, v, run, s->min_small_lat_at);
    const struct sim_point_result *p = run && v->histogram
        ? report_find_point(run, s->max_small_at.small, s->max_small_at.large) : NULL;
    if (p)
        histogram_table(f, "Small", &p->cls[WL_SMALL], s->max_small_at);
}

/* _hist.txt of a 12c+ release: what it holds, then each point's tables,
   small I/Os' and large I/Os' (B12c: reads and writes of each). */
static int release_hist(FILE *f, const struct sim_run_result *run)
{
    fputs("Histograms of the latencies observed at each data point; each data point used\n"
          "a fixed number of outstanding small and large I/Os.  For each data point:\n"
          "small reads, small writes, large reads and large writes; each value is the\n"
          "number of I/Os observed within the bucket's latency range.\n\n", f);
    for (int i = 0; i < run->n_points; i++) {
        const struct sim_point_result *p = &run->points[i];
        struct wl_point at = { p->small, p->large };

        if (p->small > 0)
            histogram_table(f, "Small", &p->cls[WL_SMALL], at);
        if (p->large > 0)
            histogram_table(f, "Large", &p->cls[WL_LARGE], at);
        fputc('\n', f);
    }
    return stream_status(f);
}

/* _trace.txt: asmsim's own lines, which a release's summary.txt does not
   hold (ORION's own trace is unpublished; this layout is asmsim's), and
   every point's figures. */
static int release_trace(FILE *f, const struct report_meta *meta, const struct sim_setup *cfg,
                         const struct sim_run_result *run)
{
    fprintf(f, "asmsim %s for ORION %s: what summary.txt does not hold\n",
            meta->version ? meta->version : "", meta->orion->name);
    fprintf(f, "Command line: %s\n", meta->command_line ? meta->command_line : "");
    report_echo_lines(f, meta);
    setup_lines(f, meta, cfg, run);
    fputc('\n', f);
    report_summary_remarks(f, &run->summary);
    result_details(f, meta, cfg, run);
    fputs("\nPoints: small IOPS, small latency avg (usecs), large MBPS, large latency avg "
          "(usecs):\n", f);
    for (int i = 0; i < run->n_points; i++) {
        const struct sim_point_result *p = &run->points[i];
        fprintf(f, "Small=%d Large=%d: %.0f, %.3f, %.2f, %.3f\n", p->small, p->large,
                p->cls[WL_SMALL].iops, p->cls[WL_SMALL].lat.avg_us, p->cls[WL_LARGE].mbps,
                p->cls[WL_LARGE].lat.avg_us);
    }
    return stream_status(f);
}

/* ----------------------------------------------------------- the files */

struct orion_job {
    const struct report_meta *meta;
    const struct sim_setup *cfg;
    const struct sim_run_result *run;
    enum report_csv csv;
};

static int write_summary(FILE *f, void *arg)
{
    const struct orion_job *j = arg;
    return report_orion_summary(f, j->meta, j->cfg, j->run);
}

static int write_csv(FILE *f, void *arg)
{
    const struct orion_job *j = arg;
    return report_orion_csv_as(f, j->run, j->csv, j->meta->orion);
}

static int write_hist(FILE *f, void *arg)
{
    const struct orion_job *j = arg;
    return j->meta->orion ? release_hist(f, j->run) : report_orion_hist(f, j->run);
}

static int write_trace(FILE *f, void *arg)
{
    const struct orion_job *j = arg;
    return release_trace(f, j->meta, j->cfg, j->run);
}

/* Which set holds a file: asmsim's own, a release's, a 12c+ release's. */
enum { IN_OWN = 1, IN_RELEASE = 2, IN_HIST_RELEASE = 4 };

static const struct orion_file {
    const char *suffix;
    int (*fn)(FILE *, void *);
    enum report_csv csv;
    int in;
} orion_files[] = {
    {"summary.txt", write_summary, REPORT_CSV_MBPS, IN_OWN | IN_RELEASE | IN_HIST_RELEASE},
    {"mbps.csv", write_csv, REPORT_CSV_MBPS, IN_OWN | IN_RELEASE | IN_HIST_RELEASE},
    {"iops.csv", write_csv, REPORT_CSV_IOPS, IN_OWN | IN_RELEASE | IN_HIST_RELEASE},
    {"lat.csv", write_csv, REPORT_CSV_LAT, IN_OWN | IN_RELEASE | IN_HIST_RELEASE},
    {"hist.txt", write_hist, REPORT_CSV_MBPS, IN_OWN | IN_HIST_RELEASE},
    {"trace.txt", write_trace, REPORT_CSV_MBPS, IN_RELEASE | IN_HIST_RELEASE},
};
enum { N_ORION_FILES = sizeof orion_files / sizeof orion_files[0] };

/* The set release v writes (NULL: asmsim's own). */
static int file_set(const struct report_orion_ver *v)
{
    return !v ? IN_OWN : v->histogram ? IN_HIST_RELEASE : IN_RELEASE;
}

int report_orion_file_count(const struct report_orion_ver *v)
{
    int set = file_set(v), n = 0;

    for (int i = 0; i < N_ORION_FILES; i++)
        n += (orion_files[i].in & set) != 0;
    return n;
}

int report_orion_files(const char *dir, const char *prefix,
                       const struct report_meta *meta,
                       const struct sim_setup *cfg,
                       const struct sim_run_result *run,
                       char *why, size_t why_len)
{
    const struct report_orion_ver *v = meta->orion;
    int set = file_set(v);
    char paths[N_ORION_FILES][4096];
    const char *name = prefix ? prefix : meta->testname;
    int done, rc = 0;

    if (dir == NULL || dir[0] == '\0')
        dir = ".";
    if (name == NULL)
        name = "asmsim";
    for (int i = 0; i < N_ORION_FILES; i++) {
        int n = snprintf(paths[i], sizeof paths[i], "%s/%s_%s_%s", dir, name,
                         meta->stamp, orion_files[i].suffix);
        if (n < 0 || (size_t)n >= sizeof paths[i]) {
            snprintf(why, why_len, "output path too long: %s/%s_%s_%s", dir,
                     name, meta->stamp, orion_files[i].suffix);
            return -ENAMETOOLONG;
        }
    }
    for (done = 0; done < N_ORION_FILES; done++) {
        struct orion_job job = {meta, cfg, run, orion_files[done].csv};

        if (!(orion_files[done].in & set))
            continue;
        rc = report_write_atomic(paths[done], orion_files[done].fn, &job, why, why_len);
        if (rc < 0)
            break;
    }
    if (rc < 0)                 /* whole set or nothing */
        for (int i = 0; i < done; i++)
            if (orion_files[i].in & set)
                unlink(paths[i]);
    return rc;
}
