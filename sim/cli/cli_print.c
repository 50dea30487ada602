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
#include "sim/cli/cli_nodes.h"
#include "sim/cli/cli_print.h"
#include "sim/cli/cli_workload.h"
#include "sim/core/cluster.h"
#include "sim/core/cpu_usage.h"
#include "sim/core/timeline.h"

static void print_instance(FILE *f, const struct inst_profile *in,
                           const struct vol_profile *v)
{
    if (in->max_bytes_per_s <= 0 && in->max_iops <= 0) {
        fprintf(f, "  instance  %s (no instance limit)\n", in->name);
        return;
    }
    if (v->instance_store) {
        fprintf(f, "  instance  %s (%s): its EBS / block-volume limits do not apply "
                "to %s (instance store)\n", in->name, in->provider, v->type);
        return;
    }
    fprintf(f, "  instance  %s (%s): %.2f", in->name, in->provider,
            in->base_bytes_per_s / 1e6);
    if (in->burst)
        fprintf(f, " -> %.2f", in->max_bytes_per_s / 1e6);
    char iops[48];
    prof_fmt_inst_iops(in, iops, sizeof iops);      /* or "no IOPS limit" */
    fprintf(f, " MB/s, %s%s\n", iops, in->burst ? " (maximum for 30 min per "
            "24 h)" : "");
}

static void print_volume(FILE *f, const struct cli_opts *o)
{
    const struct vol_profile *v = &o->volume;

    double usable = prof_attached_iops(v, &o->instance, v->iops_base);
    char tput[32];

    report_fmt_volume_tput(v, v->tput_base_bytes_per_s, 1, tput, sizeof tput);
    if (usable < v->iops_base)
        fprintf(f, "  volume    %s: %.0f IOPS provisioned, %.0f usable on %s %s, %s",
                v->spec, v->iops_base, usable, o->instance.platform == PROF_PLATFORM_XEN ?
                "Xen" : "Nitro", o->instance.name, tput);
    else
        fprintf(f, "  volume    %s: %.0f IOPS, %s", v->spec, v->iops_base, tput);
    if (v->iops_burst > v->iops_base)
        fprintf(f, " (burst %.0f IOPS)", v->iops_burst);
    report_fmt_volume_tput(v, v->tput_burst_bytes_per_s, 1, tput, sizeof tput);
    if (v->tput_burst_bytes_per_s > v->tput_base_bytes_per_s)
        fprintf(f, " (burst %s)", tput);
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

static const char *arrivals_word(enum sim_arrivals a)
{
    return a == SIM_ARRIVALS_CONSTANT ? "constant" : "Poisson";
}

/* "  workload  open loop, Poisson arrivals: small 6000 IOPS of 8 KiB
   random, large 200.0 MB/s of 128 KiB random, 30 % writes; at most 4096
   I/Os in flight" */
static void print_open_workload(FILE *f, const struct cli_opts *o,
                                const char *small, const char *large)
{
    fprintf(f, "  workload  open loop, %s arrivals:",
            arrivals_word(o->open.arrivals));
    if (o->open.small_iops > 0)
        fprintf(f, " small %.6g IOPS of %s random%s", o->open.small_iops,
                small, o->open.large_mbps > 0 ? "," : "");
    if (o->open.large_mbps > 0)
        fprintf(f, " large %.1f MB/s of %s %s", o->open.large_mbps, large,
                o->large_type == WL_LARGE_SEQ ? "sequential (one stream)"
                                              : "random");
    fprintf(f, ", %d %% writes; at most %d I/Os in flight\n", o->write_pct,
            sim_open_max_outstanding(&o->open));
}

/* "  workload  run simple: small 8 KiB random, large 128 KiB random, 0 %
   writes": the classes the run does only ("run oltp: small 8 KiB
   random, ..."). */
static void print_matrix_workload(FILE *f, const struct cli_opts *o,
                                  const char *small, const char *large)
{
    bool has_small = cli_opts_has_class(o, WL_SMALL);

    fprintf(f, "  workload  run %s", wl_run_name(o->run));
    if (o->run == WL_RUN_ADVANCED)
        fprintf(f, " (matrix %s)", wl_matrix_name(o->matrix));
    if (has_small)
        fprintf(f, ": small %s random", small);
    if (cli_opts_has_class(o, WL_LARGE)) {
        fprintf(f, "%slarge %s %s", has_small ? ", " : ": ", large,
                o->large_type == WL_LARGE_SEQ ? "sequential" : "random");
        if (o->large_type == WL_LARGE_SEQ)
            fprintf(f, " (%d I/Os per stream)", o->stream_io);
    }
    fprintf(f, ", %d %% writes\n", o->write_pct);
}

/* "  levels    ORION's, from the disk count", "extended to saturation
   ...", or, when a --num-* sets a class's top level, where each class's
   levels come from: "small up to --num-small 30, large ORION's, from the
   disk count". */
static void print_levels_from(FILE *f, const struct cli_job *j)
{
    const struct cli_opts *o = j->o;
    bool orion = o->cmd == CLI_ORION;
    const char *flag[WL_CLASSES] = { orion ? "-num_small" : "--num-small",
                                     orion ? "-num_large" : "--num-large" };
    int given[WL_CLASSES] = { o->num_small, o->num_large };
    char part[WL_CLASSES][80];
    bool any_given = false;

    for (int c = 0; c < WL_CLASSES; c++) {
        part[c][0] = '\0';
        if (!cli_opts_has_class(o, (enum wl_class)c))
            continue;
        any_given |= given[c] >= 0;
        if (given[c] >= 0)
            snprintf(part[c], sizeof part[c], "%s up to %s %d",
                     c ? "large" : "small", flag[c], given[c]);
        else
            snprintf(part[c], sizeof part[c], "%s %s", c ? "large" : "small",
                     j->cfg.run.levels == SIM_LEVELS_EXTEND ?   /* no --num-* of its own */
                     "extended to saturation past ORION's" :
                     "ORION's, from the disk count");
    }
    if (!any_given && sim_run_extends_levels(&j->cfg.run))
        fprintf(f, "  levels    extended to saturation past ORION's "
                "(--levels orion keeps ORION's)\n");
    else if (!any_given)
        fprintf(f, "  levels    ORION's, from the disk count\n");
    else
        fprintf(f, "  levels    %s%s%s\n", part[0], part[0][0] && part[1][0]
                ? ", " : "", part[1]);
}
/* A database workload: its classes (sizes, pattern, writes, skew, loop,
   group) and its groups (disks, volume, layout). */
static void print_db_workload(FILE *f, const struct cli_job *j)
{
    const struct sim_run_cfg *run = &j->cfg.run;
    const struct wl_spec *w = &j->o->workload;
    fprintf(f, "  classes   %d of workload %s, measured as one point\n",
            w->n_classes, j->o->workload_name);
    for (int c = 0; c < w->n_classes; c++) {
        const struct wl_class_spec *k = &w->cls[c];
        char loop[48], size[32];
        report_class_loop_text(run, c, loop, sizeof loop);
        if (k->sizes.n == 1)
            prof_format_size(k->sizes.bytes[0], size, sizeof size);
        else
            snprintf(size, sizeof size, "a mix of %d sizes", k->sizes.n);
        fprintf(f, "    %-16s %s %s, %d %% writes%s, %s, group %s\n", k->name,
                size, k->pattern == WL_SEQUENTIAL ? "sequential" : "random",
                k->write_pct, k->skew == WL_SKEW_HOT ? ", hot skew"
                : k->skew == WL_SKEW_ZIPF ? ", zipf skew" : "", loop,
                report_class_group(run, c));
    }
    if (run->db.load.max_outstanding != j->o->open.max_outstanding)
        fprintf(f, "  in flight at most %d I/Os, the classes with a rate together: real "
                "targets pin a buffer each (--max-outstanding sets it)\n",
                run->db.load.max_outstanding);
    for (int g = 0; g < run->db.n_groups; g++) {
        const struct sim_db_group *dg = &run->db.groups[g];
        char size[32], au[32];
        report_fmt_volume_size(&j->cfg.group_volume[g], size, sizeof size);
        prof_format_size(dg->layout.au_bytes, au, sizeof au);
        fprintf(f, "  group     %s: %d x %s %s, %s, AU %s, %s redundancy\n",
                dg->name, dg->disks, j->cfg.group_volume[g].type, size,
                lay_striping_name(dg->layout.striping), au,
                lay_redundancy_name(dg->layout.redundancy));
    }
}

/* sweep --over: what each run sets, over the configuration above. */
static void print_over(FILE *f, const struct cli_job *j)
{
    if (!j->over)
        return;
    fprintf(f, "  swept     %s = ", j->over->sweep.param);
    for (int i = 0; i < j->over->sweep.n; i++)
        fprintf(f, "%s%s", i ? ", " : "", j->over->sweep.value[i]);
    fprintf(f, " (a run each, in that order; above, the first's)\n");
}

static void print_workload(FILE *f, const struct cli_job *j)
{
    const struct cli_opts *o = j->o;
    char small[32], large[32];
    bool open = sim_open_load_on(&o->open);

    prof_format_size(o->small_bytes, small, sizeof small);
    prof_format_size(o->large_bytes, large, sizeof large);
    if (o->workload_name)
        print_db_workload(f, j);
    else if (open)
        print_open_workload(f, o, small, large);
    else
        print_matrix_workload(f, o, small, large);
    char dur[32], warm[32];
    cli_format_duration(o->duration_ns, dur, sizeof dur);
    if (o->auto_duration)
        fprintf(f, "  points    auto duration (95 %% CI within 1 %%, at most "
                "%s)", dur);
    else
        fprintf(f, "  points    %s each", dur);
    fputs(cli_duration_note(o), f);         /* which default applied */
    if (o->warmup_ns == SIM_WARMUP_AUTO)
        fprintf(f, ", warm-up auto");
    else {
        cli_format_duration(o->warmup_ns, warm, sizeof warm);
        fprintf(f, ", warm-up %s", warm);
    }
    fprintf(f, ", seed %llu\n", (unsigned long long)o->seed);
    print_over(f, j);
    if (o->workload_name)
        return;
    if (open)
        fprintf(f, "  levels    none: open loop, one point at the offered "
                "rates\n");
    else
        print_levels_from(f, j);
}

/* Whole seconds as "2 h", "1 h 30 min", "2 min 5 s": every unit that is
   not zero, largest first, so the words are exact. */
static void format_compound(uint64_t s, char *buf, size_t len)
{
    static const struct { uint64_t secs; const char *name; } units[] = {
        { 86400, "d" }, { 3600, "h" }, { 60, "min" }, { 1, "s" },
    };
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof units / sizeof units[0] && n < len; i++) {
        uint64_t q = s / units[i].secs;
        s -= q * units[i].secs;
        if (q > 0) {
            int k = snprintf(buf + n, len - n, "%s%llu %s", n ? " " : "",
                             (unsigned long long)q, units[i].name);
            n += k > 0 ? (size_t)k : 0;
        }
    }
}

void cli_format_duration(sim_ns ns, char *buf, size_t len)
{
    double s = (double)ns / 1e9;
    if (ns < SIM_NS_PER_S)
        snprintf(buf, len, "%.3g ms", (double)ns / 1e6);
    else if (s < 100 || ns % SIM_NS_PER_S != 0)
        snprintf(buf, len, "%.4g s", s);    /* read at a glance */
    else
        format_compound((uint64_t)(ns / SIM_NS_PER_S), buf, len);
}

void cli_format_day(int64_t day_ms, char *buf, size_t len)
{
    if (day_ms % (3600 * 1000) == 0)
        snprintf(buf, len, "%lld h", (long long)(day_ms / (3600 * 1000)));
    else
        cli_format_duration((sim_ns)day_ms * SIM_NS_PER_MS, buf, len);
}

/* The options echoed in every output (the option table's echo rows,
   report_meta.echo), a line each under the header's first. */
static void print_echo(FILE *f, const struct cli_job *j)
{
    for (int i = 0; i < j->meta.n_echo; i++) {
        char v[4 * CLI_LABEL_MAX + 1];
        fprintf(f, "  %-9s %s\n", j->meta.echo[i].name,
                cli_escape(j->meta.echo[i].value, v, sizeof v));
    }
}

/* Under mpirun, each rank's targets (j->rank_targets), a line per rank,
   RANK_LINE_MAX characters at most, the first RANK_LINES_MAX ranks. */
#define RANK_LINE_MAX 160
#define RANK_LINES_MAX 8

static void print_rank_targets(FILE *f, const struct cli_job *j)
{
    int shown = j->n_rank_targets < RANK_LINES_MAX ? j->n_rank_targets : RANK_LINES_MAX;
    for (int r = 0; r < shown; r++) {
        char line[RANK_LINE_MAX + 1], raw[CLI_TARGET_PATH_MAX + 1];
        char path[CLI_TARGET_PATH_MAX * 4 + 1];
        int n = snprintf(line, sizeof line, "%s (rank %d):",
                         cluster_host_of(j->o->cluster, r), r), left = 0;
        for (const char *p = j->rank_targets[r]; *p;) {
            size_t len = strcspn(p, "\n");
            snprintf(raw, sizeof raw, "%.*s", (int)len, p);
            cli_escape(raw, path, sizeof path);
            if (left || n + 2 + (int)strlen(path) > RANK_LINE_MAX - 16)
                left++;
            else
                n += snprintf(line + n, sizeof line - (size_t)n, "%s %s",
                              p == j->rank_targets[r] ? "" : ",", path);
            p += len + (p[len] == '\n');
        }
        fprintf(f, "  targets   %s", line);
        if (left)
            fprintf(f, ", and %d more", left);
        fputc('\n', f);
    }
    if (j->n_rank_targets > shown)
        fprintf(f, "  targets   and %d more ranks' (the JSON's cluster.targets has every "
                "one)\n", j->n_rank_targets - shown);
}

/* The targets of a run on real targets: each, or under mpirun each
   rank's; and the disks line's start in disks[len]. */
static void print_targets(FILE *f, const struct cli_job *j, char *disks, size_t len)
{
    const struct cli_opts *o = j->o;
    if (j->n_rank_targets > 1) {
        print_rank_targets(f, j);
        snprintf(disks, len, "%d disk%s, each a target on every rank (%d targets on "
                 "%d ranks)", o->n_targets, o->n_targets == 1 ? "" : "s",
                 o->n_targets * j->n_rank_targets, j->n_rank_targets);
        return;
    }
    for (int d = 0; d < o->n_targets; d++) {
        char path[CLI_TARGET_PATH_MAX * 4 + 1];
        fprintf(f, "  target    %s\n", cli_escape(o->targets[d], path, sizeof path));
    }
    snprintf(disks, len, "%s%d target%s", o->cmd == CLI_SWEEP ? "the first N of " : "",
             o->n_targets, o->n_targets == 1 ? "" : "s");
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
        print_echo(f, j);
        snprintf(disks, sizeof disks, "%s%d null disks", o->cmd == CLI_SWEEP ?
                 "up to " : "", n);
    } else {
        prof_format_size(o->volume.size_bytes, size, sizeof size);
        fprintf(f, "asmsim %s %s: real targets (%s engine, O_DIRECT), "
                "opened %s\n", ASMSIM_VERSION,
                o->cmd == CLI_SWEEP ? "sweep" : "run",
                !o->uring ? "aio" : o->uring_sqpoll ? "uring+SQPOLL" : "uring",
                cli_opts_writes(o) ? "read-write: WRITES DESTROY DATA ON THEM"
                                 : "read-only");
        print_echo(f, j);
        char targets[160];
        print_targets(f, j, targets, sizeof targets);
        snprintf(disks, sizeof disks, "%s, %s used on each%s", targets, size,
                 o->size_limit_bytes ? " (--size-limit)" : "");
    }
    print_layout(f, o, disks);
    print_workload(f, j);
    fputc('\n', f);
}

void cli_print_warnings(FILE *f, const struct cli_opts *o)
{
    for (int i = 0; i < o->n_warnings; i++)
        fprintf(f, "asmsim: warning: %s\n", o->warning[i]);
    if (o->warnings_dropped)
        fprintf(f, "asmsim: warning: %d more not shown\n", o->warnings_dropped);
}

void cli_print_header(FILE *f, const struct cli_job *j)
{
    const struct cli_opts *o = j->o;
    char disks[200], size[32];

    if (o->engine == CLI_ENGINE_AIO || o->engine == CLI_ENGINE_NULL) {
        print_header_real(f, j);
        return;
    }

    report_fmt_volume_size(&o->volume, size, sizeof size);
    if (o->cmd == CLI_SWEEP && !j->over)
        snprintf(disks, sizeof disks, "%s (%d disk counts) x %s %s, named "
                 "DATA_0000 ...", o->volumes_text, o->n_counts,
                 o->volume.type, size);
    else if (o->cmd == CLI_SWEEP)
        snprintf(disks, sizeof disks, "%d x %s %s, named DATA_0000 ...",
                 o->counts[0], o->volume.type, size);
    else
        snprintf(disks, sizeof disks, "%d x %s %s, named DATA_0000 ...",
                 o->disks, o->volume.type, size);
    fprintf(f, "asmsim %s %s: modelled volumes\n", ASMSIM_VERSION,
            o->cmd == CLI_SWEEP ? "sweep" : "run");
    print_echo(f, j);
    print_instance(f, &o->instance, &o->volume);
    cli_nodes_print(f, o);
    if (o->n_groups == 0)           /* groups: each its own, below */
        print_volume(f, o);
    cli_print_cost_header(f, o);
    if (o->n_groups == 0)
        print_layout(f, o, disks);
    print_workload(f, j);
    fputc('\n', f);
}

/* A latency column: the figure, or "-" for a class the point did not
   measure (a large-only point has no small latency, not one of 0). */
static void lat_cell(FILE *f, const struct sim_point_result *p, enum wl_class c, double us)
{
    if (sim_point_class_measured(p, c))
        fprintf(f, " %10.1f", us);
    else
        fprintf(f, " %10s", "-");
}

void cli_print_points(FILE *f, const struct sim_run_result *r)
{
    fprintf(f, "\n%6s %6s %10s %10s %10s %10s %10s %10s  %s\n", "small", "large",
            "MBPS", "IOPS", "small avg", "small p99", "large avg", "large p99",
            "limit");
    fprintf(f, "%6s %6s %10s %10s %10s %10s %10s %10s\n", "", "", "", "", "us", "us",
            "us", "us");
    for (int i = 0; i < r->n_points; i++) {
        const struct sim_point_result *p = &r->points[i];
        fprintf(f, "%6d %6d %10.2f %10.0f", p->small, p->large, p->cls[WL_LARGE].mbps,
                p->cls[WL_SMALL].iops);
        for (int c = 0; c < WL_CLASSES; c++) {
            lat_cell(f, p, (enum wl_class)c, p->cls[c].lat.avg_us);
            lat_cell(f, p, (enum wl_class)c, p->cls[c].lat.p99_us);
        }
        fprintf(f, "  %s\n", sim_limit_label(p->limited_by));
    }
}

/* Real-time backends: errors, CPU per I/O, and whether asmsim itself was
   the bottleneck (cpu_usage.h). */
void cli_print_real_facts(FILE *f, const struct cli_job *j,
                          const struct sim_run_result *r)
{
    const struct dev_ops *backend = j->cfg.run.backend;
    uint64_t small_err = 0, large_err = 0, ios = 0;
    double user = 0, sys = 0, busy = 0, irq = 0;
    int bound = 0;

    if (!dev_has(backend, DEV_CAP_HOST_CPU) || r->n_points == 0)
        return;
    for (int i = 0; i < r->n_points; i++) {
        const struct sim_point_result *p = &r->points[i];
        uint64_t n = sim_point_logical_ios(p);
        small_err += p->cls[WL_SMALL].errors;
        large_err += p->cls[WL_LARGE].errors;
        user += p->cpu_user_us_per_io * (double)n;
        sys += p->cpu_sys_us_per_io * (double)n;
        busy += p->machine_busy_pct;
        irq += p->machine_irq_pct;
        ios += n;
        bound += sim_cpu_generator_bound(p, backend);
    }
    if (sim_run_db(&j->cfg.run))    /* per class: the table's errors */
        fprintf(f, "I/O errors: %llu", (unsigned long long)r->points[0].errors);
    else
        fprintf(f, "I/O errors: %llu (small %llu, large %llu)",
                (unsigned long long)(small_err + large_err),
                (unsigned long long)small_err, (unsigned long long)large_err);
    for (int d = 0; r->points[0].errors + small_err + large_err > 0 &&
                    d < r->disks; d++)
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

static const char *const class_word[WL_CLASSES] = { "small", "large" };

/* "Levels: extended to saturation: large 1..9 (ORION's 1..6; a volume or
   instance limit binds), small ..."; nothing when no class had an axis.
   A class whose maximum --num-small / --num-large set never extends
   (sim_levels_extends), and says so. */
static void print_levels(FILE *f, const struct cli_opts *o,
                         const struct sim_run_result *r)
{
    bool extend = r->levels[WL_SMALL].extends || r->levels[WL_LARGE].extends;
    int shown = 0;
    for (int c = WL_LARGE; c >= WL_SMALL; c--) {
        const struct sim_class_levels *lv = &r->levels[c];
        if (lv->orion_max <= 0)
            continue;
        fprintf(f, "%s%s 1..%d", shown ? ", " : extend ? "Levels: extended "
                "to saturation: " : "Levels: ORION's: ", class_word[c],
                lv->last);
        if (lv->extended)
            fprintf(f, " (ORION's 1..%d; %s)", lv->orion_max,
                    sim_level_stop_words(lv->stop));
        else if (o->levels == SIM_LEVELS_EXTEND && !lv->extends)
            fprintf(f, " (the maximum %s set)", c == WL_LARGE ? "--num-large" : "--num-small");
        shown++;
    }
    if (shown)
        fputc('\n', f);
}

static bool at_point(struct wl_point at, const struct sim_point_result *p)
{
    return at.small == p->small && at.large == p->large;
}

/* A figure of the three from the point a stop cut short stands on its
   shorter window (points[].incomplete): say which, and how short. */
static void print_cut_point(FILE *f, const struct sim_run_result *r)
{
    const struct sim_summary *s = &r->summary;
    const struct sim_point_result *p = r->n_points > 0 ? &r->points[r->n_points - 1] : NULL;
    const char *names[3];
    int n = 0;

    if (p == NULL || !p->incomplete)
        return;
    if (s->has_large && at_point(s->max_large_at, p))
        names[n++] = "Maximum Large MBPS";
    if (s->has_small && at_point(s->max_small_at, p))
        names[n++] = "Maximum Small IOPS";
    if (s->has_small && at_point(s->min_small_lat_at, p))
        names[n++] = "Minimum Small Latency";
    if (n == 0)
        return;
    fputc('(', f);
    for (int i = 0; i < n; i++)         /* "A", "A and B", "A, B and C" */
        fprintf(f, "%s%s", i == 0 ? "" : i == n - 1 ? " and " : ", ", names[i]);
    fprintf(f, ": from Small=%d and Large=%d, cut short after %.2f s)\n",
            p->small, p->large, p->measured_s);
}

/* "Binding limit: large MB/s: volume throughput; small IOPS: ...": the
   limit at the point of each figure. */
static void print_limits(FILE *f, const struct sim_summary *s)
{
    fputs("Binding limit: ", f);
    if (s->has_large)
        fprintf(f, "large MB/s: %s%s", sim_limit_label(s->max_large_limit),
                s->has_small ? "; " : "");
    if (s->has_small)
        fprintf(f, "small IOPS: %s; small latency: %s",
                sim_limit_label(s->max_small_limit),
                sim_limit_label(s->min_lat_limit));
    if (!s->has_large && !s->has_small)
        fputs(sim_limit_label(s->limited_by), f);
    fputc('\n', f);
}

/* A maximum whose class was still rising where its levels ended is the
   offered load's, not the devices', or near a limit that binds (95 % of
   its rate) without holding it yet: say so, and name what drives on. */
static void print_offered_bound(FILE *f, const struct cli_opts *o,
                                const struct sim_run_result *r)
{
    static const char *const figure[WL_CLASSES] = {
        "Maximum Small IOPS", "Maximum Large MBPS" };
    static const char *const flag[WL_CLASSES] = {
        "--num-small", "--num-large" };
    bool has[WL_CLASSES] = { r->summary.has_small, r->summary.has_large };
    const char *more = o->engine == CLI_ENGINE_MODEL && o->levels != SIM_LEVELS_EXTEND
                           ? "--levels extend or " : "";
    for (int c = WL_LARGE; c >= WL_SMALL; c--) {
        const struct sim_class_levels *lv = &r->levels[c];
        enum sim_limit near = c == WL_LARGE ? r->summary.max_large_limit
                                            : r->summary.max_small_limit;
        if (!has[c] || lv->orion_max <= 0 ||
            (lv->stop != SIM_STOP_RISING && lv->stop != SIM_STOP_CAP))
            continue;
        if (lv->stop == SIM_STOP_CAP)
            fprintf(f, "%s is still bound by the offered load: the cap on "
                    "outstanding I/O (%d in a run) ends the levels at "
                    "%s=%d.\n", figure[c], SIM_MAX_OUTSTANDING,
                    class_word[c], lv->last);
        else if (near == SIM_LIMIT_OFFERED_LOAD || near == SIM_LIMIT_DEVICE)
            fprintf(f, "%s is bound by the offered load: it still rose at "
                    "%s=%d, the last level; %s%s N (--run advanced --matrix "
                    "max) drives further.\n", figure[c], class_word[c],
                    lv->last, more, flag[c]);
        else    /* binding (95 %), not saturated: the limit's label holds */
            fprintf(f, "%s is near the %s limit, not at it: it still rose at "
                    "%s=%d, the last level; %s%s N (--run advanced --matrix "
                    "max) drives it there.\n", figure[c], sim_limit_label(near),
                    class_word[c], lv->last, more, flag[c]);
    }
}

/* --verbose after an open-loop run: each class's latency from arrival
   in full, and each disk's share. */
static void print_open_verbose(FILE *f, const struct sim_point_result *p)
{
    for (int c = 0; c < WL_CLASSES; c++) {
        if (!sim_point_class_measured(p, (enum wl_class)c))
            continue;
        const struct sim_lat_summary *l = &p->cls[c].lat;
        const struct { const char *name; double us; } q[] = {
            { "min", l->min_us }, { "p50", l->p50_us }, { "p90", l->p90_us },
            { "p99", l->p99_us }, { "p99.9", l->p999_us },
            { "p99.99", l->p9999_us }, { "max", l->max_us },
        };
        fprintf(f, "%s latency from arrival (%llu I/Os):", class_word[c],
                (unsigned long long)l->count);
        for (size_t i = 0; i < sizeof q / sizeof q[0]; i++) {
            char v[32];
            report_fmt_latency(q[i].us, v, sizeof v);
            fprintf(f, "%s %s %s", i ? "," : "", q[i].name, v);
        }
        fputc('\n', f);
    }
    for (int d = 0; p->disk && d < p->disks; d++) {
        char avg[32], p99[32];
        report_fmt_latency(p->disk[d].avg_lat_us, avg, sizeof avg);
        report_fmt_latency(p->disk[d].p99_lat_us, p99, sizeof p99);
        fprintf(f, "  disk %d: %.0f IOPS, %.2f MB/s, latency avg %s, p99 %s\n",
                d, p->disk[d].iops, p->disk[d].mbps, avg, p99);
    }
}

/* A database workload's point: every class's figures, the limit. */
static void print_db_summary(FILE *f, const struct cli_job *j,
                             const struct sim_run_result *r)
{
    if (r->n_points == 0) {
        fputs("(incomplete: stopped before the point was measured)\n", f);
        return;
    }
    const struct sim_point_result *p = &r->points[0];
    fprintf(f, "Workload %s, %d disks, %.1f s measured:\n", j->o->workload_name,
            r->disks, p->measured_s);
    report_classes_table(f, &j->cfg.run, p);
    fprintf(f, "Limited by: %s\n", sim_limit_label(p->limited_by));
    report_needs_lines(f, &j->cfg.run, p);
    cli_print_real_facts(f, j, r);
    cli_print_cost_summary(f, &j->cfg.bill);
    if (r->incomplete)
        fputs("(incomplete: stopped before the end of the point)\n", f);
    report_fail_lines(f, r, &j->cfg.run);
}

void cli_print_run_summary(FILE *f, const struct cli_job *j,
                           const struct sim_run_result *r)
{
    if (sim_run_db(&j->cfg.run)) {
        print_db_summary(f, j, r);
        return;
    }
    if (r->n_points > 0 && r->points[0].open.on) {
        report_open_lines(f, &r->points[0], j->o->open.arrivals);
        cli_print_real_facts(f, j, r);
        cli_print_cost_summary(f, &j->cfg.bill);
        if (j->o->verbose)
            print_open_verbose(f, &r->points[0]);
        if (r->incomplete)
            fputs("(incomplete: stopped before the end of the point)\n", f);
        return;
    }
    report_summary_remarks(f, &r->summary);
    cli_print_real_facts(f, j, r);
    print_limits(f, &r->summary);
    cli_print_cost_summary(f, &j->cfg.bill);
    print_levels(f, j->o, r);
    print_offered_bound(f, j->o, r);
    if (r->incomplete)
        fprintf(f, "(incomplete: %d of %d points measured)\n", r->n_points,
                r->matrix ? r->matrix->n_points : r->n_points);
    print_cut_point(f, r);
    if (j->o->verbose)
        cli_print_points(f, r);
}
