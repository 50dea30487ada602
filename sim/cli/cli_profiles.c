/*
 * cli_profiles.c - `asmsim profiles`: list the volume types and instances
 * that --volume and --instance accept, or show one of them resolved, or
 * print the rule book (`profiles rules [TYPE]`): every limit the model
 * enforces and every latency parameter, with where it comes from, the
 * estimates listed apart at the end.
 *
 * Everything shown comes from profiles.h, the same tables a run uses, so a
 * listed limit is exactly the limit that will be modelled.  A volume may be
 * given as a full spec ("gp3:size=125GiB,iops=4000") to see what those
 * settings resolve to.  Exit status: 0, or 2 for an unknown kind or name
 * (the message names it and says what is valid).
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "layouts/units.h"
#include "sim/cli/cli_job.h"

static void list_volumes(void)
{
    printf("Volume types (spec: TYPE[:size=..,iops=..,throughput=..,vpu=..]; "
           "[rules of]):\n");
    for (int i = 0; i < prof_volume_type_count(); i++)
        printf("  %-14s [%s] %s\n", prof_volume_type_name(i),
               prof_volume_type_rules(i), prof_volume_type_summary(i));
}

static void list_instances(void)
{
    struct inst_profile in;

    printf("Instances (MB/s = 10^6 B/s; * = maximum for 30 min per 24 h):\n");
    printf("  %-22s %10s %10s %10s %10s\n", "name", "base MB/s", "max MB/s",
           "base IOPS", "max IOPS");
    for (int i = 0; i < prof_instance_count(); i++) {
        if (prof_instance_at(i, &in) != 0)
            continue;
        printf("  %-21s%s %10.2f %10.2f ", in.name, in.burst ? "*" : " ",
               in.base_bytes_per_s / 1e6, in.max_bytes_per_s / 1e6);
        if (in.max_iops > 0)
            printf("%10.0f %10.0f\n", in.base_iops, in.max_iops);
        else
            printf("%21s\n", "no IOPS limit");
    }
}

static int show_volume(const char *spec)
{
    struct vol_profile v;
    char why[CLI_WHY_LEN], size[32], unit[32];
    const double mib = (double)MIB;

    if (prof_volume_parse(spec, &v, why, sizeof why) != 0) {
        char q[CLI_QUOTE_BUF];
        fprintf(stderr, "asmsim: profiles volumes %s: %s\n",
                cli_quote(spec, q, sizeof q), why);
        return 2;
    }
    prof_format_size(v.size_bytes, size, sizeof size);
    prof_format_size(v.io_unit_bytes, unit, sizeof unit);
    printf("volume      %s\n", v.spec);
    printf("type        %s (%s)\n", v.type, v.media == PROF_HDD ? "HDD" : "SSD");
    printf("size        %s\n", size);
    if (v.vpu >= 0)
        printf("VPU         %d per GB\n", v.vpu);
    printf("IOPS        %.0f", v.iops_base);
    if (v.iops_burst > v.iops_base)
        printf(" (burst %.0f, bucket %.0f I/Os)", v.iops_burst,
               v.iops_bucket_ops);
    printf("\nthroughput  %.1f MiB/s", v.tput_base_bytes_per_s / mib);
    if (v.tput_burst_bytes_per_s > v.tput_base_bytes_per_s)
        printf(" (burst %.1f MiB/s, bucket %.0f MiB)",
               v.tput_burst_bytes_per_s / mib, v.tput_bucket_bytes / mib);
    printf("\nI/O unit    %s; contiguous I/O %s\n", unit,
           v.merges_contiguous ? "merges into one operation" : "is not merged");
    if (v.path_bytes_per_s > 0)
        printf("attachment  one iSCSI path, %.0f MB/s\n", v.path_bytes_per_s / 1e6);
    if (v.iops_max_non_nitro > 0)
        printf("platform    at most %.0f IOPS on instances not built on Nitro\n",
               v.iops_max_non_nitro);
    printf("rules       %s\n", v.rules ? v.rules : "");
    printf("latency     read median %.3f ms, write median %.3f ms\n",
           (v.lat.dir[0].floor_ns + v.lat.dir[0].median_ns) / 1e6,
           (v.lat.dir[1].floor_ns + v.lat.dir[1].median_ns) / 1e6);
    printf("delivered   %.0f %% of IOPS, %.0f %% of throughput\n",
           v.delivered_iops_frac * 100.0, v.delivered_tput_frac * 100.0);
    printf("price       $%.2f per month\n", v.price_usd_month);
    return 0;
}

static int show_instance(const char *name)
{
    struct inst_profile in;
    char why[CLI_WHY_LEN];

    if (prof_instance_find(name, &in, why, sizeof why) != 0) {
        char q[CLI_QUOTE_BUF];
        fprintf(stderr, "asmsim: profiles instances %s: %s\n",
                cli_quote(name, q, sizeof q), why);
        return 2;
    }
    printf("instance    %s\n", in.name);
    printf("provider    %s\n", in.provider[0] ? in.provider : "(none)");
    if (in.platform != PROF_PLATFORM_ANY)
        printf("platform    %s\n", prof_platform_name(in.platform));
    if (in.ocpus > 0)
        printf("OCPUs       %d (network %d Gbps; block volumes 20000 IOPS and "
               "120 MB/s per Gbps)\n", in.ocpus, in.ocpus < 40 ? in.ocpus : 40);
    if (in.max_bytes_per_s <= 0 && in.max_iops <= 0) {
        printf("limits      none\n");
        return 0;
    }
    printf("throughput  %.2f MB/s baseline, %.2f MB/s maximum\n",
           in.base_bytes_per_s / 1e6, in.max_bytes_per_s / 1e6);
    if (in.max_iops > 0)
        printf("IOPS        %.0f baseline, %.0f maximum\n", in.base_iops,
               in.max_iops);
    else
        printf("IOPS        no IOPS limit\n");
    if (in.burst)
        printf("burst       maximum for %.0f min from a full bucket, once per "
               "24 h\n", in.burst_seconds / 60.0);
    else
        printf("burst       none: the maximum holds\n");
    return 0;
}

static void print_rule(const struct prof_rule *r)
{
    printf("  %-20s %s\n  %-20s [%s: %s]\n", r->limit, r->rule, "",
           prof_basis_name(r->basis), r->source);
}

static void print_latency(const struct prof_latency_row *l, int dir)
{
    const struct prof_dir_latency *d = &l->lat.dir[dir];
    char on[40] = "";
    if (l->platform != PROF_PLATFORM_ANY)
        snprintf(on, sizeof on, " (%s)", prof_platform_name(l->platform));
    printf("  %-20s floor %.0f us + median %.0f us, sigma %.2f; tail %.2g x "
           "[%.0f, %.0f]\n  %-20s [%s: %s]\n", dir ? "latency write" : "latency read",
           d->floor_ns / 1e3, d->median_ns / 1e3, d->sigma, d->tail_prob,
           d->tail_min_mult, d->tail_max_mult, on, prof_basis_name(l->basis[dir]),
           l->source[dir]);
}

/* Every rule and latency row of `type` ("instances" for instances); how
   many there were. */
static int print_type_rules(const char *type)
{
    int n = 0;
    struct prof_latency_row l;
    for (int i = 0; i < prof_rule_count(); i++)
        if (prof_rule_applies(prof_rule_at(i), type)) {
            if (n++ == 0)
                printf("%s\n", type);
            print_rule(prof_rule_at(i));
        }
    for (int i = 0; prof_latency_row_at(i, &l) == 0; i++)
        if (strcmp(l.type, type) == 0)
            for (int dir = 0; dir < 2; dir++, n++)
                print_latency(&l, dir);
    return n;
}

/* The estimates among the rules of `type` (every type when NULL). */
static void print_estimates(const char *type)
{
    struct prof_latency_row l;
    printf("\nEstimates (no document or measurement behind them; trust them less):\n");
    for (int i = 0; i < prof_rule_count(); i++) {
        const struct prof_rule *r = prof_rule_at(i);
        if (r->basis == PROF_BASIS_ESTIMATE && (!type || prof_rule_applies(r, type)))
            printf("  %-32s %s\n", r->types, r->limit);
    }
    for (int i = 0; prof_latency_row_at(i, &l) == 0; i++)
        for (int dir = 0; dir < 2; dir++)
            if (l.basis[dir] == PROF_BASIS_ESTIMATE && (!type || strcmp(l.type, type) == 0))
                printf("  %-32s latency %s%s%s\n", l.type, dir ? "write" : "read",
                       l.platform != PROF_PLATFORM_ANY ? " on " : "",
                       l.platform != PROF_PLATFORM_ANY ? prof_platform_name(l.platform) : "");
}

/* Whether the rule book has anything for `type`. */
static bool has_rules(const char *type)
{
    struct prof_latency_row l;
    for (int i = 0; i < prof_rule_count(); i++)
        if (prof_rule_applies(prof_rule_at(i), type))
            return true;
    for (int i = 0; prof_latency_row_at(i, &l) == 0; i++)
        if (strcmp(l.type, type) == 0)
            return true;
    return false;
}

/* The catalogue's spelling of a type given in any case ("GP3" -> "gp3",
   as --volume takes it), or type itself. */
static const char *canonical_type(const char *type)
{
    for (int i = 0; i < prof_volume_type_count(); i++)
        if (strcasecmp(prof_volume_type_name(i), type) == 0)
            return prof_volume_type_name(i);
    return strcasecmp(type, "instances") == 0 ? "instances" : type;
}

static int show_rules(const char *given)
{
    const char *type = given ? canonical_type(given) : NULL;
    if (type && !has_rules(type)) {
        char q[CLI_QUOTE_BUF];
        fprintf(stderr, "asmsim: profiles rules %s: no such volume type; give one "
                "of 'asmsim profiles volumes', or instances\n", cli_quote(type, q, sizeof q));
        return 2;
    }
    printf("Rule book: what the model enforces and where each rule comes from\n"
           "(documented: the provider's page; measured: a published measurement;\n"
           "derived: follows from documented rules; estimate: no source).\n\n");
    if (type) {
        print_type_rules(type);
        print_estimates(type);
        return 0;
    }
    for (int i = 0; i < prof_volume_type_count(); i++) {
        print_type_rules(prof_volume_type_name(i));
        putchar('\n');
    }
    print_type_rules("instances");
    print_estimates(NULL);
    return 0;
}

int cli_cmd_profiles(int argc, char **argv)
{
    bool vols;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            cli_profiles_usage(stdout);
            return 0;
        }
    }
    if (argc == 1) {
        list_volumes();
        putchar('\n');
        list_instances();
        return 0;
    }
    if (argv[1][0] == '-') {
        char q[CLI_QUOTE_BUF];
        fprintf(stderr, "asmsim: %s: unknown option; 'asmsim profiles' takes "
                "only --help. Try 'asmsim profiles --help'.\n",
                cli_quote(argv[1], q, sizeof q));
        return 2;
    }
    bool rules = strcmp(argv[1], "rules") == 0;
    if (strcmp(argv[1], "volumes") != 0 && strcmp(argv[1], "instances") != 0 && !rules) {
        char q[CLI_QUOTE_BUF];
        fprintf(stderr, "asmsim: %s: unknown profile kind; use volumes, "
                "instances or rules. Try 'asmsim profiles --help'.\n",
                cli_quote(argv[1], q, sizeof q));
        return 2;
    }
    if (argc > 3) {
        char q[CLI_QUOTE_BUF];
        fprintf(stderr, "asmsim: %s: unexpected argument; give at most one "
                "name. Try 'asmsim profiles --help'.\n",
                cli_quote(argv[3], q, sizeof q));
        return 2;
    }
    if (rules)
        return show_rules(argc == 3 ? argv[2] : NULL);
    vols = strcmp(argv[1], "volumes") == 0;
    if (argc == 2) {
        if (vols)
            list_volumes();
        else
            list_instances();
        return 0;
    }
    return vols ? show_volume(argv[2]) : show_instance(argv[2]);
}
