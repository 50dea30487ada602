/*
 * cli_advise_print.c - the terminal report of `asmsim advise`.
 *
 * Its parts, each only when it has something to say: the header (the
 * targets, the space searched), the cheapest configurations meeting every
 * target (bill, simulated figures with their headroom, the limit that
 * binds, the `asmsim run` that reproduces them; with --schedule the steady
 * day's verdict, its worst phase, the credits and the `asmsim forecast`
 * that reproduces it instead), a rate target (or a schedule) out of
 * reach of the whole space with the configuration that comes closest,
 * the cheapest of each family and what one more dollar buys in latency
 * (cli_advise_front.c), "why nothing cheaper", the volume types the latency floor set aside, the burst
 * alternative of a sustained search, and with two clouds their best side
 * by side.  Figures are the simulated ones; a rejection by the
 * bound alone says so.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sim/cli/cli.h"
#include "sim/cli/cli_advise.h"
#include "sim/cli/cli_advise_front.h"
#include "sim/cli/cli_print.h"
#include "sim/model/forecast.h"
#include "sim/report/report.h"

#define TIB_BYTES 1099511627776.0
#define CREDITS_UNTOUCHED_PCT 99.95     /* a bucket this full was not drawn */
#define CREDITS_EMPTY_PCT 0.05          /* a bucket this low is empty (it
                                           prints as 0 %) */

const char *cli_advise_os_name(enum adv_os os)
{
    return os == ADV_OS_RHEL ? "RHEL" : "Linux";
}


/* "schedule oltp-day (6 phases, a day of 24 h; peak 9000 IOPS small
   (8 KiB), 250 MB/s large (128 KiB)) served"; a schedule that asks for
   no rate (closed-loop and idle phases) says so in place of the peak. */
/* An I/O size as the targets line gives it: "8 KiB", or "512 B" below a
   whole KiB (--size-small takes 512-byte steps). */
static const char *io_size(uint32_t bytes, char *buf, size_t len)
{
    if (bytes % 1024)
        snprintf(buf, len, "%u B", bytes);
    else
        snprintf(buf, len, "%u KiB", bytes / 1024);
    return buf;
}

static void print_schedule_target(FILE *f, const struct adv_targets *t)
{
    char sz[24];
    const struct wl_schedule *s = t->schedule;
    double peak[2], mean[2];
    char day[32];

    adv_schedule_demand(s, peak, mean);
    cli_format_day(s->day_ms, day, sizeof day);
    fprintf(f, "schedule %s (%d phase%s, a day of %s; %s", t->schedule_source,
            s->n, s->n == 1 ? "" : "s", day,
            peak[WL_SMALL] > 0 || peak[WL_LARGE] > 0
                ? "peak" : "no rate asked: closed-loop or idle phases");
    if (peak[WL_SMALL] > 0)
        fprintf(f, " %.0f IOPS small (%s)", peak[WL_SMALL],
                io_size(t->small_bytes, sz, sizeof sz));
    if (peak[WL_LARGE] > 0)
        fprintf(f, "%s %.0f MB/s large (%s)", peak[WL_SMALL] > 0 ? "," : "",
                peak[WL_LARGE], io_size(t->large_bytes, sz, sizeof sz));
    fprintf(f, ") served, its steady day (at most %.0f %% of a phase's demand unmet)",
            100 * SIM_FORECAST_UNMET_TOLERANCE);
}

static void print_targets(FILE *f, const struct adv_cfg *cfg)
{
    const struct adv_targets *t = &cfg->targets;
    const char *sep = "";
    char sz[24];

    fprintf(f, "  targets   ");
    if (t->schedule) {
        print_schedule_target(f, t);
        sep = ", ";
    }
    if (t->need_mbps > 0) {
        fprintf(f, "%.0f MB/s large (%s)", t->need_mbps,
                io_size(t->large_bytes, sz, sizeof sz));
        sep = ", ";
    }
    if (t->need_iops > 0) {
        fprintf(f, "%s%.0f IOPS small (%s)", sep, t->need_iops,
                io_size(t->small_bytes, sz, sizeof sz));
        sep = ", ";
    }
    if (t->need_lat_us > 0) {
        fprintf(f, "%ssmall latency %s <= %.3f ms%s", sep, t->lat_p99 ? "p99" : "mean",
                t->need_lat_us / 1e3, t->schedule ? " (worst minute of the day)" : "");
        sep = ", ";
    }
    if (!t->schedule)
        fprintf(f, "%s%d %% writes", sep, t->write_pct);
    if (t->capacity_bytes > 0)
        fprintf(f, ", %.2f TiB usable", (double)t->capacity_bytes / TIB_BYTES);
    fprintf(f, ", %s redundancy\n", lay_redundancy_name(t->redundancy));
}

/* "; OCI flex memory 8 GB per OCPU", for each cloud searched that has
   flexible shapes. */
static void print_flex_memory(FILE *f, const struct adv_cfg *cfg)
{
    for (int c = 0; c < ADV_MAX_CLOUDS; c++) {
        const struct prof_provider *p = adv_cloud_provider(c);
        if (!p || !(cfg->space.clouds & (1u << c)) || p->n_shapes == 0)
            continue;
        if (cfg->space.memory_per_ocpu_gb > 0)
            fprintf(f, "; %s flex memory %.0f GB per OCPU", p->display,
                    cfg->space.memory_per_ocpu_gb);
        else
            fprintf(f, "; %s flex memory: the shape's default", p->display);
    }
}

/* "  instances x86_64 (the default: ...); at least 16 vCPUs, 128 GiB;
   not t3,c6gn": the instance constraints searched. */
void cli_advise_print_constraints(FILE *f, const struct adv_space_cfg *sc)
{
    if (sc->arch == PROF_ARCH_UNKNOWN)
        fprintf(f, "  instances any architecture (--arch any)");
    else if (sc->arch == PROF_ARCH_X86_64)
        fprintf(f, "  instances x86_64 (Oracle Database runs on x86-64 in these clouds; "
                "Graviton would need another database: --arch arm64 or any)");
    else
        fprintf(f, "  instances arm64 (--arch arm64: not for Oracle Database)");
    if (sc->min_vcpus > 0)
        fprintf(f, "; at least %d vCPUs", sc->min_vcpus);
    if (sc->max_vcpus > 0)
        fprintf(f, "; at most %d vCPUs", sc->max_vcpus);
    if (sc->min_memory_gib > 0)
        fprintf(f, "; at least %g GiB memory", sc->min_memory_gib);
    for (int i = 0; i < sc->n_exclude; i++)
        fprintf(f, "%s%s", i ? "," : "; not families ", sc->exclude[i]);
    fputc('\n', f);
}

/* "  licences  Oracle Enterprise Edition, $1000.00 per processor licence a
   month; AWS: 2 vCPUs a licence (<source>; assumed: ...)", per cloud. */
void cli_advise_print_licence(FILE *f, const struct adv_space_cfg *sc)
{
    if (sc->licence == PROF_LICENCE_NONE)
        return;
    fprintf(f, "  licences  Oracle %s, $%.2f per %s a month (--licence-price)",
            prof_licence_label(sc->licence), sc->licence_usd_month,
            prof_licence_unit(sc->licence));
    for (int c = 0; c < ADV_MAX_CLOUDS; c++) {
        const struct prof_provider *p = adv_cloud_provider(c);
        const struct prof_licence_rules *lr = p ? p->licence : NULL;
        if (!lr || !(sc->clouds & (1u << c)))
            continue;
        bool ee = sc->licence == PROF_LICENCE_EE;
        const char *assumed = ee ? lr->assumed_ee : lr->assumed_se2;
        if (ee)
            fprintf(f, "\n            %s: %d vCPUs a processor licence", p->display,
                    lr->ee_vcpus_per_licence);
        else
            fprintf(f, "\n            %s: a socket per %d vCPUs, rounded up, on at most %d "
                    "vCPUs", p->display, lr->se2_vcpus_per_socket, lr->se2_max_vcpus);
        fprintf(f, " (%s%s%s)", lr->source, assumed ? "; assumed: " : "", assumed ? assumed : "");
    }
    fputc('\n', f);
}

static void print_header(FILE *f, const struct cli_advise_opts *a,
                         const struct adv_result *r)
{
    const struct adv_cfg *cfg = &a->cfg;
    char clouds[64];

    fprintf(f, "asmsim %s advise: %s, %s\n", ASMSIM_VERSION,
            adv_clouds_text(cfg->space.clouds, clouds, sizeof clouds),
            cfg->targets.schedule ? "a schedule's day (burst credits count as far as "
                                    "its forecast shows they hold)" :
            cfg->space.burst_ok ? "burst counts (--burst-ok: buckets full at every point)"
                                : "sustained (burst credits do not count; --burst-ok counts them)");
    print_targets(f, cfg);
    cli_advise_awr_print(f, &a->awr);
    cli_advise_print_constraints(f, &cfg->space);
    cli_advise_print_licence(f, &cfg->space);
    char lists[256];
    adv_cost_lists(cfg->space.clouds, lists, sizeof lists);
    fprintf(f, "  prices    %s on demand, USD per month: %s", cli_advise_os_name(cfg->space.os), lists);
    print_flex_memory(f, cfg);
    fputc('\n', f);
    fprintf(f, "  searched  %ld candidates, %ld within the bound", r->enumerated,
            r->bound_passed);
    if (r->lat.set_aside > 0)
        fprintf(f, " (%ld set aside by the latency bound)", r->lat.set_aside);
    fprintf(f, ", %ld simulated ", r->simulated);
    if (r->reused > 0)              /* the memo's answers are not simulations */
        fprintf(f, "(and %ld alike to one of them, its figures reused) ", r->reused);
    if (r->shards > 1)
        fprintf(f, "in %d shards, merged", r->shards);
    else
        fprintf(f, "on %d thread%s in %.1f s", cfg->jobs, cfg->jobs == 1 ? "" : "s", r->wall_s);
    fprintf(f, "%s\n", r->interrupted ? " (interrupted)" : "");
}

static void print_headroom(FILE *f, double h)
{
    fprintf(f, " (%+.0f %%)", h * 100);
}

/* "then 79 MB/s sustained", the classes that have a target */
static void print_sustained(FILE *f, const struct adv_targets *t,
                            const struct adv_figures *s)
{
    fprintf(f, "then");
    if (t->need_mbps > 0)
        fprintf(f, " %.0f MB/s", s->sustained_mbps);
    if (t->need_iops > 0)
        fprintf(f, "%s %.0f IOPS", t->need_mbps > 0 ? "," : "", s->sustained_iops);
    fprintf(f, " sustained");
}

static void print_figures(FILE *f, const struct adv_targets *t,
                          const struct adv_outcome *o)
{
    const char *sep = "";

    fprintf(f, "      simulated ");
    if (t->need_mbps > 0) {
        fprintf(f, "%.0f MB/s", o->sim.mbps);
        print_headroom(f, o->headroom[ADV_T_MBPS]);
        sep = ", ";
    }
    if (t->need_iops > 0 || t->need_lat_us > 0) {
        fprintf(f, "%s%.0f IOPS", sep, o->sim.iops);
        if (t->need_iops > 0)
            print_headroom(f, o->headroom[ADV_T_IOPS]);
        fprintf(f, ", %.3f ms %s", o->sim.lat_us / 1e3, t->lat_p99 ? "p99" : "mean");
        if (t->need_lat_us > 0)
            print_headroom(f, o->headroom[ADV_T_LAT]);
    }
    fputc('\n', f);
    if (o->sim.burst_drawn) {
        fprintf(f, "      burst     holds for at most %.0f min, ", o->sim.burst_lasts_s / 60);
        print_sustained(f, t, &o->sim);
        fputc('\n', f);
    }
}

/* "phase peak (09:00:00, 3 h)" */
static void print_phase(FILE *f, const struct wl_schedule *s, int i)
{
    char at[32];

    fprintf(f, "phase %s (%s, %.3g h)", s->phase[i].name,
            wl_clock_format(s->phase[i].start_ms, at, sizeof at),
            (double)s->phase[i].length_ms / 3.6e6);
}

static void print_day_verdict(FILE *f, const struct adv_targets *t, const struct adv_day *d)
{
    fprintf(f, "      day       %s", d->served ? "served" : "NOT served");
    if (d->steady)
        fprintf(f, ", steady after %d day%s", d->days, d->days > 1 ? "s" : "");
    else
        fprintf(f, ", not steady after %d days (the last judged)", d->days);
    if (d->worst_phase < 0) {
        fputc('\n', f);
        return;
    }
    fprintf(f, "; worst ");
    print_phase(f, t->schedule, d->worst_phase);
    fprintf(f, ": ");
    if (d->worst_offered[WL_SMALL] > 0)
        fprintf(f, "%.0f of %.0f IOPS", d->worst_delivered[WL_SMALL],
                d->worst_offered[WL_SMALL]);
    if (d->worst_offered[WL_LARGE] > 0)
        fprintf(f, "%s%.1f of %.1f MB/s", d->worst_offered[WL_SMALL] > 0 ? ", " : "",
                d->worst_delivered[WL_LARGE], d->worst_offered[WL_LARGE]);
    char p99[32];
    fprintf(f, " (%.0f %% served), p99 %s\n", 100 * d->worst_served_frac,
            report_fmt_latency_whole(d->worst_p99_us, p99, sizeof p99));
}

static void print_day_credits(FILE *f, const struct adv_day *d)
{
    char at[32];

    fprintf(f, "      credits   ");
    if (!d->bursts)
        fprintf(f, "none (no burst bucket: what it delivers, it holds)\n");
    else if (d->credits_out)
        fprintf(f, "run out in the steady day: %s at %s\n", d->credits_whose,
                wl_clock_format((int64_t)(d->credits_out_at_s * 1e3), at, sizeof at));
    else if (d->credits_low_pct >= CREDITS_UNTOUCHED_PCT)
        fprintf(f, "not drawn (the buckets stay full: the day sits below every base rate)\n");
    else if (d->credits_low_pct < CREDITS_EMPTY_PCT)
        /* empty at some time of the day, yet no bucket ran dry in it: it
           was spent on an earlier day (the day may earn some back) */
        fprintf(f, "empty in the steady day (spent on an earlier day; none ran "
                "dry within it)\n");
    else
        fprintf(f, "hold all day (lowest %.0f %%)\n", d->credits_low_pct);
}

/* The day of a schedule's candidate, in place of the run's figures. */
static void print_day(FILE *f, const struct adv_cfg *cfg, const struct adv_outcome *o)
{
    const struct adv_targets *t = &cfg->targets;
    char cmd[ADV_COMMAND_LEN];

    print_day_verdict(f, t, &o->day);
    print_day_credits(f, &o->day);
    if (t->need_lat_us > 0) {
        fprintf(f, "      latency   %.3f ms %s, worst minute", o->day.lat_us / 1e3,
                t->lat_p99 ? "p99" : "mean");
        print_headroom(f, o->headroom[ADV_T_LAT]);
        fputc('\n', f);
    }
    fprintf(f, "      binding   %s\n", o->binding);
    adv_forecast_command(cfg, &o->c, cmd, sizeof cmd);
    fprintf(f, "      forecast  %s\n", cmd);
}

static void print_config_line(FILE *f, const struct adv_config *c)
{
    fprintf(f, "$%.2f/month  %s + %d x %s\n", c->total_usd_month, c->instance.name,
            c->disks, c->volume.spec);
}

/* With a licence, the licences apart from the infrastructure:
        licences  8 processor licences x $1000.00 = $8000.00 (16 vCPUs, 2 a licence)
        total     infrastructure $642.56 + licences $8000.00 = $8642.56 */
void cli_advise_print_licence_bill(FILE *f, const struct adv_space_cfg *sc,
                                   const struct inst_profile *in, int units,
                                   double licence_usd, double infra_usd)
{
    const struct prof_licence_rules *lr = prof_licence_rules_of(in);

    if (sc->licence == PROF_LICENCE_NONE || !lr)
        return;
    fprintf(f, "      licences  %d %s%s x $%.2f = $%.2f (%d vCPUs, ", units,
            prof_licence_unit(sc->licence), units == 1 ? "" : "s",
            sc->licence_usd_month, licence_usd, in->vcpus);
    if (sc->licence == PROF_LICENCE_EE)
        fprintf(f, "%d a licence)\n", lr->ee_vcpus_per_licence);
    else
        fprintf(f, "%d a socket, rounded up)\n", lr->se2_vcpus_per_socket);
    fprintf(f, "      total     infrastructure $%.2f + licences $%.2f = $%.2f\n",
            infra_usd, licence_usd, infra_usd + licence_usd);
}

static void print_licence_bill(FILE *f, const struct adv_space_cfg *sc,
                               const struct adv_config *c)
{
    cli_advise_print_licence_bill(f, sc, &c->instance, c->licence_units,
                                  c->licence_usd_month,
                                  c->instance_usd_month + c->volumes_usd_month);
}

static void print_best(FILE *f, const struct adv_cfg *cfg, int i,
                       const struct adv_outcome *o)
{
    const struct adv_config *c = &o->c;
    char cmd[ADV_COMMAND_LEN];

    fprintf(f, "%2d. ", i + 1);
    print_config_line(f, c);
    char unit[32];
    fprintf(f, "      bill      instance $%.2f + volumes %d x %s = $%.2f\n",
            c->instance_usd_month, c->disks,
            price_unit_text(c->volume_usd_month, unit, sizeof unit), c->volumes_usd_month);
    print_licence_bill(f, &cfg->space, c);
    fprintf(f, "      disks     %d, %d failure groups, %.2f TiB usable", c->disks,
            c->failgroups, (double)c->usable_bytes / TIB_BYTES);
    if (cfg->targets.capacity_bytes > 0)
        print_headroom(f, o->headroom[ADV_T_CAPACITY]);
    fputc('\n', f);
    if (o->has_day) {
        print_day(f, cfg, o);
        return;
    }
    print_figures(f, &cfg->targets, o);
    fprintf(f, "      binding   %s\n", o->binding);
    adv_run_command(cfg, c, cmd, sizeof cmd);
    fprintf(f, "      run       %s\n", cmd);
}

/* The miss of a schedule: its worst phase's share (simulated) or the
   least share of a phase's demand (over its length) or of the day's mean
   the bound carries. */
static void print_schedule_miss(FILE *f, const struct adv_cfg *cfg,
                                const struct adv_outcome *o)
{
    fprintf(f, "      misses the schedule: ");
    if (o->has_day && o->day.worst_phase >= 0) {
        print_phase(f, cfg->targets.schedule, o->day.worst_phase);
        fprintf(f, " gets %.0f %% of its demand (simulated)\n",
                100 * o->day.worst_served_frac);
    } else {
        fprintf(f, "its limits carry at most %.0f %% of a phase's demand over its "
                "length, or of the day's mean (%s)\n", 100 * o->missed_got, o->instance_limited
                ? "the instance's own limit, whatever the volumes" : "bound");
    }
}

/* A miss as "got < need" ("got > need" when above: latency) with both at
   `decimals`, or more where those would print alike: got rounded away
   from need (down below it, up above it), so the figures shown are in
   the relation shown and honest to it ("4999 < 5000" for 4999.6, never
   "5000 < 5000"), then the unit where the target's label has none
   (" ms", " TiB").  The class: every "misses X: a < b" line. */
static void print_miss_figures(FILE *f, double got, double need, int decimals, bool above,
                               const char *unit)
{
    char g[48], n[48];

    for (int d = decimals; d <= decimals + 6; d++) {
        double scale = pow(10, d);
        double shown = above ? ceil(got * scale) / scale : floor(got * scale) / scale;
        snprintf(g, sizeof g, "%.*f", d, shown);
        snprintf(n, sizeof n, "%.*f", d, need);
        if (strcmp(g, n) != 0)
            break;
    }
    fprintf(f, "%s %s %s%s", g, above ? ">" : "<", n, unit);
}

static void print_rejected(FILE *f, const struct adv_cfg *cfg, const struct adv_result *r)
{
    if (r->n_rejected == 0)
        return;
    /* without an answer there is nothing to be below: the list is then
       the dearest rejections, what even they miss */
    if (r->n_best > 0)
        fprintf(f, "\nWhy nothing cheaper (the rejected candidates priced closest below, "
                "one per instance type):\n");
    else if (r->interrupted)
        fprintf(f, "\nWhat the dearest candidates decided so far miss (one per instance "
                "type):\n");
    else
        fprintf(f, "\nWhy nothing meets the targets (what the dearest candidates miss, "
                "one per instance type):\n");
    for (int i = 0; i < r->n_rejected; i++) {
        const struct adv_outcome *o = &r->rejected[i];
        fprintf(f, "  ");
        if (o->instance_limited)
            fprintf(f, "$%.2f/month  %s (the instance alone%s)\n", o->c.total_usd_month,
                    o->c.instance.name, o->c.licence_usd_month > 0 ? ", with its licences" : "");
        else
            print_config_line(f, &o->c);
        if (o->set_aside[0]) {
            fprintf(f, "      set aside: %s: %s\n", o->c.instance.name, o->set_aside);
            continue;
        }
        if (o->missed == ADV_T_SCHEDULE) {
            print_schedule_miss(f, cfg, o);
            continue;
        }
        double scale = o->missed == ADV_T_LAT ? 1e-3 :
                       o->missed == ADV_T_CAPACITY ? 1 / TIB_BYTES : 1;
        fprintf(f, "      misses %s: ", adv_target_label(o->missed));
        print_miss_figures(f, o->missed_got * scale, o->missed_need * scale,
                           o->missed == ADV_T_LAT || o->missed == ADV_T_CAPACITY ? 3 : 0,
                           o->missed == ADV_T_LAT, o->missed == ADV_T_LAT ? " ms" :
                           o->missed == ADV_T_CAPACITY ? " TiB" : "");
        fprintf(f, " (%s)\n", o->simulated ? "simulated" : o->instance_limited
                ? "its own limit, whatever the volumes" : "bound: cannot reach it");
    }
}

/* With no answer, the instances the instance constraints set aside: never
   searched, a dearer one of them might meet the targets (SE2's 8 vCPUs
   can leave out the size that would). */
static void print_aside_by(FILE *f, const struct adv_result *r)
{
    if (r->n_best > 0 || r->n_aside_by == 0)
        return;
    fprintf(f, "\nSet aside by the instance constraints (not searched; one of them might "
            "meet the targets):\n");
    for (int k = 0; k < r->n_aside_by; k++) {
        const struct adv_aside_by *a = &r->aside_by[k];
        fprintf(f, "  %-18s %d instance%s, the cheapest $%.2f/month %s (the instance "
                "alone): %s\n", a->option,
                a->instances, a->instances == 1 ? "" : "s", a->cheapest_usd_month,
                a->cheapest, a->why);
    }
}

/* The volume types the latency bound set aside (however cheap, none of
   them was simulated): how many candidates of each (on a platform of its
   own: io2 off Nitro), and the lowest bound among them, against the
   target. */
static void print_set_aside(FILE *f, const struct adv_targets *t, const struct adv_floor *fl)
{
    if (fl->n_types == 0)
        return;
    fprintf(f, "\nSet aside by the latency bound (a %s of %.3f ms is out of their reach; "
            "not simulated):\n", t->lat_p99 ? "p99" : "mean", t->need_lat_us / 1e3);
    for (int k = 0; k < fl->n_types; k++) {
        char label[64];
        report_fmt_type_on_platform(fl->type[k].type, fl->type[k].platform, label,
                                    sizeof label);
        fprintf(f, "  %-20s %ld candidates, the lowest bound %.3f ms\n", label,
                fl->type[k].candidates, fl->type[k].lowest_bound_us / 1e3);
    }
}

static void print_burst_alt(FILE *f, const struct adv_targets *t,
                            const struct adv_result *r)
{
    const struct adv_outcome *o = &r->burst_alt;

    if (!r->has_burst_alt && isfinite(r->burst_cut_usd))
        fprintf(f, "\nOnly on burst credits: none of the %d cheapest candidates that burst "
                "meets the targets on burst; from $%.2f/month up not searched (--burst-ok "
                "searches them all)\n", ADV_BURST_ALT_MOST, r->burst_cut_usd);
    if (!r->has_burst_alt)
        return;
    fprintf(f, "\nOnly on burst credits (cheaper, but not sustained):\n  ");
    print_config_line(f, &o->c);
    fprintf(f, "      meets the targets for at most %.0f min (", o->sim.burst_lasts_s / 60);
    print_sustained(f, t, &o->sim);
    fputc(')', f);
    if (r->n_best > 0)
        fprintf(f, "; sustained costs $%.2f/month (above)", r->best[0].c.total_usd_month);
    fprintf(f, "\n");
}

/* With more than one cloud searched, the best of each, and of two the
   ratio of their prices ("oci / aws = 0.532"). */
static void print_clouds(FILE *f, const struct adv_cfg *cfg, const struct adv_result *r)
{
    int shown[ADV_MAX_CLOUDS], n = 0;

    for (int c = 0; c < ADV_MAX_CLOUDS; c++)
        if (adv_cloud_provider(c) && (cfg->space.clouds & (1u << c)))
            shown[n++] = c;
    if (n < 2)
        return;
    fprintf(f, "\nBest of each cloud:\n");
    for (int k = 0; k < n; k++) {
        int c = shown[k];
        const char *name = adv_cloud_provider(c)->name;
        if (!r->has_cloud_best[c]) {
            fprintf(f, "  %s  nothing meets the targets\n", name);
            continue;
        }
        fprintf(f, "  %s  ", name);
        print_config_line(f, &r->cloud_best[c].c);
    }
    int a = shown[0], b = shown[1];
    if (n == 2 && r->has_cloud_best[a] && r->has_cloud_best[b] &&
        r->cloud_best[a].c.total_usd_month > 0)
        fprintf(f, "  %s / %s = %.3f\n", adv_cloud_provider(b)->name,
                adv_cloud_provider(a)->name,
                r->cloud_best[b].c.total_usd_month / r->cloud_best[a].c.total_usd_month);
}

/* A schedule beyond every candidate's bound: the one whose bound
   carries the largest share of its day, and that day, forecast. */
static void print_day_reach(FILE *f, const struct adv_cfg *cfg, const struct adv_outcome *o)
{
    char cmd[ADV_COMMAND_LEN];

    fprintf(f, "The schedule %s is out of reach: every candidate's limits carry less than "
            "some phase (or the day's mean) asks.\nThe one that comes closest:\n  ",
            cfg->targets.schedule_source);
    print_config_line(f, &o->c);
    fprintf(f, "      bound     %.0f MB/s large, %.0f IOPS small at most (buckets full)\n",
            o->bound_mbps, o->bound_iops);
    if (o->simulated) {
        print_day(f, cfg, o);
        return;
    }
    fprintf(f, "      day       its limits carry at most %.0f %% of a phase's demand "
            "(bound)\n", 100 * o->missed_got);
    adv_forecast_command(cfg, &o->c, cmd, sizeof cmd);
    fprintf(f, "      forecast  %s\n", cmd);
}

/* A rate target above every candidate's bound: no configuration of the
   space can meet it; the one that bounds highest on it, and what it
   delivers. */
static void print_reach(FILE *f, const struct adv_cfg *cfg, const struct adv_result *r)
{
    char cmd[ADV_COMMAND_LEN];

    if (r->has_reach[ADV_T_SCHEDULE])
        print_day_reach(f, cfg, &r->reach[ADV_T_SCHEDULE]);

    for (int k = ADV_T_MBPS; k <= ADV_T_IOPS; k++) {
        const struct adv_outcome *o = &r->reach[k];
        const char *what = adv_target_label((enum adv_target_id)k);
        if (!r->has_reach[k])
            continue;
        fprintf(f, "The %s target %.0f is out of reach: every candidate bounds below "
                "it%s.\nThe one that comes closest:\n  ", what, o->missed_need,
                r->n_aside_by > 0 ? " (instances the instance constraints set aside were "
                "not searched: listed below)" : "");
        print_config_line(f, &o->c);
        fprintf(f, "      bound     %.0f %s at most\n",
                k == ADV_T_MBPS ? o->bound_mbps : o->bound_iops, what);
        if (o->simulated) {
            fprintf(f, "      simulated %.0f %s\n", o->missed_got, what);
            fprintf(f, "      binding   %s\n", o->binding);
        }
        adv_run_command(cfg, &o->c, cmd, sizeof cmd);
        fprintf(f, "      run       %s\n", cmd);
    }
}

/* A latency target below every volume type's floor: no simulation could
   meet it, so none was run. */
static void print_floor(FILE *f, const struct adv_targets *t, const struct adv_result *r)
{
    if (r->n_best > 0 || t->need_lat_us <= 0 || !(r->lat.floor_us > t->need_lat_us) ||
        isinf(r->lat.floor_us))
        return;
    fprintf(f, "The small latency target %.3f ms is below every volume type's latency "
            "floor: the lowest is %.3f ms (%s); no volume type reaches it.\n",
            t->need_lat_us / 1e3, r->lat.floor_us / 1e3, r->lat.floor_type);
}

void cli_advise_print(FILE *f, const struct cli_advise_opts *a,
                      const struct adv_result *r)
{
    const struct adv_cfg *cfg = &a->cfg;

    print_header(f, a, r);
    if (r->n_best == 0 && r->interrupted)
        fprintf(f, "\nInterrupted before any candidate was found to meet every "
                "target; the rows below are what was decided so far.\n");
    else if (r->n_best == 0)
        fprintf(f, "\nNothing in the space meets every target.\n");
    else
        fprintf(f, "\nCheapest configurations meeting every target (simulated):\n");
    print_floor(f, &cfg->targets, r);
    print_reach(f, cfg, r);
    for (int i = 0; i < r->n_best; i++)
        print_best(f, cfg, i, &r->best[i]);
    cli_advise_front_print(f, cfg, r);
    print_rejected(f, cfg, r);
    print_aside_by(f, r);
    print_set_aside(f, &cfg->targets, &r->lat);
    print_burst_alt(f, &cfg->targets, r);
    print_clouds(f, cfg, r);
}
