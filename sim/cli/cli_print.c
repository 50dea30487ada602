/*
 * cli_print.c - the human-readable text of run and sweep on stdout: the
 * resolved configuration before the run, and the summary after it.
 *
 * The header repeats every setting as it was resolved, defaults included
 * ("layout coarse, AU 1MiB, external redundancy"), so that a result on the
 * screen or in a log says what was measured without the command line.
 * Sizes are printed with prof_format_size, bandwidth as MB/s (10^6 B/s,
 * ORION's unit) for instances and MiB/s for volumes, as their vendors
 * state them.  The summary lines themselves come from report.h so that
 * they are the same on the screen and in ORION's summary.txt.
 *
 * Nothing here decides what is printed when: with --json - the commands
 * (cli_commands.c) leave stdout to the JSON and do not call these.
 */
#include <stdint.h>
#include <string.h>

#include "layouts/units.h"
#include "sim/cli/cli_print.h"
#include "sim/core/cpu_usage.h"

static void print_instance(FILE *f, const struct inst_profile *in)
{
    if (in->max_bytes_per_s <= 0 && in->max_iops <= 0) {
        fprintf(f, "  instance  %s (no instance limit)\n", in->name);
        return;
    }
    fprintf(f, "  instance  %s (%s): %.2f", in->name, in->provider,
            in->base_bytes_per_s / 1e6);
    if (in->burst)
        fprintf(f, " -> %.2f", in->max_bytes_per_s / 1e6);
    fprintf(f, " MB/s, %.0f", in->base_iops);
    if (in->burst)
        fprintf(f, " -> %.0f", in->max_iops);
    fprintf(f, " IOPS%s\n", in->burst ? " (maximum for 30 min per 24 h)"
                                      : "");
}

static void print_volume(FILE *f, const struct cli_opts *o)
{
    const struct vol_profile *v = &o->volume;

    fprintf(f, "  volume    %s: %.0f IOPS, %.1f MiB/s", v->spec, v->iops_base,
            v->tput_base_bytes_per_s / (double)MIB);
    if (v->iops_burst > v->iops_base)
        fprintf(f, " (burst %.0f IOPS)", v->iops_burst);
    if (v->tput_burst_bytes_per_s > v->tput_base_bytes_per_s)
        fprintf(f, " (burst %.1f MiB/s)",
                v->tput_burst_bytes_per_s / (double)MIB);
    fprintf(f, ", $%.2f/month; burst credits %.0f %% %s\n", v->price_usd_month,
            o->burst_credit_frac * 100.0,
            o->burst_carry ? "at the start, carried" : "at every point");
}

static void print_layout(FILE *f, const struct cli_opts *o, const char *disks)
{
    char size[32];

    fprintf(f, "  disks     %s\n", disks);
    fprintf(f, "  layout    %s", lay_striping_name(o->striping));
    if (o->striping == LAY_RAID0) {
        prof_format_size(o->stripe_bytes, size, sizeof size);
        fprintf(f, ", stripe %s", size);
    } else if (o->striping != LAY_CONCAT) {
        prof_format_size(o->au_bytes, size, sizeof size);
        fprintf(f, ", AU %s", size);
    }
    fprintf(f, ", %s redundancy", lay_redundancy_name(o->redundancy));
    if (o->failgroups > 0)
        fprintf(f, ", %d failure groups", o->failgroups);
    fputc('\n', f);
}

static void print_workload(FILE *f, const struct cli_opts *o)
{
    char small[32], large[32];

    prof_format_size(o->small_bytes, small, sizeof small);
    prof_format_size(o->large_bytes, large, sizeof large);
    fprintf(f, "  workload  run %s", wl_run_name(o->run));
    if (o->run == WL_RUN_ADVANCED)
        fprintf(f, " (matrix %s)", wl_matrix_name(o->matrix));
    fprintf(f, ": small %s random, large %s %s", small, large,
            o->large_type == WL_LARGE_SEQ ? "sequential" : "random");
    if (o->large_type == WL_LARGE_SEQ)
        fprintf(f, " (%d I/Os per stream)", o->stream_io);
    fprintf(f, ", %d %% writes\n", o->write_pct);
    if (o->auto_duration)
        fprintf(f, "  points    auto duration (95 %% CI within 1 %%, at most "
                "%.0f s)", (double)o->duration_ns / 1e9);
    else
        fprintf(f, "  points    %.3g s each", (double)o->duration_ns / 1e9);
    if (o->warmup_ns == SIM_WARMUP_AUTO)
        fprintf(f, ", warm-up auto");
    else
        fprintf(f, ", warm-up %.3g s", (double)o->warmup_ns / 1e9);
    fprintf(f, ", seed %llu\n", (unsigned long long)o->seed);
}

/* The header of a run on real targets or the null engine. */
static void print_header_real(FILE *f, const struct cli_job *j)
{
    const struct cli_opts *o = j->o;
    char disks[200], size[32];
    int n = o->cmd == CLI_SWEEP ? o->counts[o->n_counts - 1] : o->disks;

    if (o->engine == CLI_ENGINE_NULL) {
        fprintf(f, "asmsim %s %s: null engine (I/O completes at once: "
                "measures asmsim itself)\n", ASMSIM_VERSION,
                o->cmd == CLI_SWEEP ? "sweep" : "run");
        snprintf(disks, sizeof disks, "%s%d null disks", o->cmd == CLI_SWEEP ?
                 "up to " : "", n);
    } else {
        prof_format_size(o->volume.size_bytes, size, sizeof size);
        fprintf(f, "asmsim %s %s: real targets (aio engine, O_DIRECT), "
                "opened %s\n", ASMSIM_VERSION,
                o->cmd == CLI_SWEEP ? "sweep" : "run",
                o->write_pct > 0 ? "read-write: WRITES DESTROY DATA ON THEM"
                                 : "read-only");
        for (int d = 0; d < o->n_targets; d++)
            fprintf(f, "  target    %s\n", o->targets[d]);
        snprintf(disks, sizeof disks, "%s%d target%s, %s used on each%s",
                 o->cmd == CLI_SWEEP ? "the first N of " : "", o->n_targets,
                 o->n_targets == 1 ? "" : "s", size,
                 o->size_limit_bytes ? " (--size-limit)" : "");
    }
    print_layout(f, o, disks);
    print_workload(f, o);
    fputc('\n', f);
}

void cli_print_header(FILE *f, const struct cli_job *j)
{
    const struct cli_opts *o = j->o;
    char disks[200], size[32];

    if (o->engine == CLI_ENGINE_AIO || o->engine == CLI_ENGINE_NULL) {
        print_header_real(f, j);
        return;
    }

    prof_format_size(o->volume.size_bytes, size, sizeof size);
    if (o->cmd == CLI_SWEEP)
        snprintf(disks, sizeof disks, "%s (%d disk counts) x %s %s, named "
                 "DATA_0000 ...", o->volumes_text, o->n_counts,
                 o->volume.type, size);
    else
        snprintf(disks, sizeof disks, "%d x %s %s, named DATA_0000 ...",
                 o->disks, o->volume.type, size);
    fprintf(f, "asmsim %s %s: modelled volumes\n", ASMSIM_VERSION,
            o->cmd == CLI_SWEEP ? "sweep" : "run");
    print_instance(f, &o->instance);
    print_volume(f, o);
    print_layout(f, o, disks);
    print_workload(f, o);
    fputc('\n', f);
}

void cli_print_points(FILE *f, const struct sim_run_result *r)
{
    fprintf(f, "\n%6s %6s %10s %10s %12s %12s  %s\n", "small", "large",
            "MBPS", "IOPS", "avg lat us", "p99 lat us", "limit");
    for (int i = 0; i < r->n_points; i++) {
        const struct sim_point_result *p = &r->points[i];
        fprintf(f, "%6d %6d %10.2f %10.0f %12.1f %12.1f  %s\n", p->small,
                p->large, p->mbps, p->iops, p->small_lat.avg_us,
                p->small_lat.p99_us, sim_limit_label(p->limited_by));
    }
}

/* Real-time backends: errors, CPU per I/O, and whether asmsim itself was
   the bottleneck (cpu_usage.h). */
void cli_print_real_facts(FILE *f, const struct cli_job *j,
                          const struct sim_run_result *r)
{
    const struct dev_ops *backend = j->cfg.backend;
    uint64_t small_err = 0, large_err = 0, ios = 0;
    double user = 0, sys = 0, busy = 0, irq = 0;
    int bound = 0;

    if (!dev_has(backend, DEV_CAP_HOST_CPU) || r->n_points == 0)
        return;
    for (int i = 0; i < r->n_points; i++) {
        const struct sim_point_result *p = &r->points[i];
        uint64_t n = p->small_ios + p->large_ios;
        small_err += p->small_errors;
        large_err += p->large_errors;
        user += p->cpu_user_us_per_io * (double)n;
        sys += p->cpu_sys_us_per_io * (double)n;
        busy += p->machine_busy_pct;
        irq += p->machine_irq_pct;
        ios += n;
        bound += sim_cpu_generator_bound(p, backend);
    }
    fprintf(f, "I/O errors: %llu (small %llu, large %llu)",
            (unsigned long long)(small_err + large_err),
            (unsigned long long)small_err, (unsigned long long)large_err);
    for (int d = 0; small_err + large_err > 0 && d < r->disks; d++)
        fprintf(f, "%s%s=%llu", d ? ", " : "; per disk: ",
                j->luns && d < j->meta.n_luns ? j->luns[d] : "?",
                (unsigned long long)sim_run_disk_errors(r, d));
    fputc('\n', f);
    fprintf(f, "CPU per I/O (asmsim): user %.2f us, sys %.2f us; machine "
            "%.1f %% busy, irq+softirq %.1f %% (means over %d points)\n",
            ios ? user / (double)ios : 0, ios ? sys / (double)ios : 0,
            busy / r->n_points, irq / r->n_points, r->n_points);
    report_run_notes(f, r, bound);
}

void cli_print_run_summary(FILE *f, const struct cli_job *j,
                           const struct sim_run_result *r)
{
    report_summary_lines(f, &r->summary);
    report_burst_lines(f, &r->summary);
    cli_print_real_facts(f, j, r);
    fprintf(f, "Binding limit: %s\n", sim_limit_label(r->summary.limited_by));
    if (r->incomplete)
        fprintf(f, "(incomplete: %d of %d points measured)\n", r->n_points,
                r->matrix ? r->matrix->n_points : r->n_points);
    if (j->o->verbose)
        cli_print_points(f, r);
}
