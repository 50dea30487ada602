/*
 * cli_cost.c - what a configuration costs a month, as text: `asmsim cost`
 * (the bill alone) and the cost lines of run and sweep (cli_print.h).
 *
 *   asmsim cost --instance m5.large --volume gp3 --disks 4 --os rhel
 *   asmsim cost: 4 x gp3:size=250GiB,iops=3000,throughput=125MiB/s on m5.large, rhel
 *     instance    $113.88/month  m5.large RHEL $0.156/h x 730 h
 *     volumes      $80.00/month  4 x $20.00 (250 GiB x $0.08)
 *     total       $193.88/month
 *     prices    AWS us-east-1 2023-06 list, 730 h a month
 *
 * The options are run's, with its defaults (--instance none, --volume gp3,
 * --disks 4; an OCI shape gets oci-balanced), so `asmsim cost` with a
 * run's model options prints that run's bill.  The bill is made by
 * price_bill (prices.h); every figure comes from it, this file only words
 * it.  An instance with limits but no price is "not priced", never $0, and
 * then the total is not known.  --json writes the "cost" object of the
 * results JSON (report_cost_json_text), through the writer table's --json
 * row as every command's (report_writers.h).  Bad input: one line on
 * stderr, exit 2, nothing written.
 *
 * Run, sweep and orion also get a note on stderr when the volumes'
 * provisioned IOPS or throughput across the disks (a sweep: its largest
 * count) exceed the instance's maximum: what is provisioned above it is
 * paid for and never delivered (cli_print_provision_notes).
 */
#include <getopt.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "layouts/units.h"
#include "sim/cli/cli_job.h"
#include "sim/cli/cli_option_table.h"
#include "sim/cli/cli_print.h"
#include "sim/report/report.h"
#include "sim/report/report_writers.h"

/* ---- the bill in words ---------------------------------------------------- */

/* "$113.88", or why there is no figure: "not priced", "none". */
static const char *instance_amount(const struct price_bill *b, char *buf, size_t len)
{
    if (b->instance_priced)
        snprintf(buf, len, "$%.2f", b->instance_usd_month);
    else
        snprintf(buf, len, "%s", b->has_instance ? "not priced" : "none");
    return buf;
}

static const char *unit_price(const struct price_bill *b, char *buf, size_t len)
{
    return price_unit_text(b->volume_list_usd_month, buf, len);
}

/* "AWS us-east-1 2023-06 list, rhel" */
static void prices_words(const struct price_bill *b, char *buf, size_t len)
{
    snprintf(buf, len, "%s, %s", b->prices_list, price_os_name(b->os));
}

/* The bill of a database workload's groups: the instance and each
   group's volumes. */
static void print_group_costs(FILE *f, const struct cli_opts *o,
                              const char *inst, const char *words)
{
    const struct price_group_bill *gb = &o->group_bill;
    const struct price_bill *b = &gb->bill;
    if (price_bill_total_known(b))
        fprintf(f, "  cost      $%.2f/month: instance %s", b->total_usd_month, inst);
    else
        fprintf(f, "  cost      instance %s", inst);
    for (int g = 0; g < gb->n_groups; g++) {
        char unit[32];
        fprintf(f, " + %s %d x %s %s", gb->group[g].name, gb->group[g].disks,
                price_unit_text(gb->group[g].volume_list_usd_month, unit,
                                sizeof unit), gb->group[g].type);
    }
    fprintf(f, " (%s)\n  priced    %s\n", words, b->instance_basis);
}

void cli_print_cost_header(FILE *f, const struct cli_opts *o)
{
    const struct price_bill *b = &o->bill;
    char inst[32], words[96], unit[32];

    if (b->disks <= 0)
        return;
    instance_amount(b, inst, sizeof inst);
    prices_words(b, words, sizeof words);
    unit_price(b, unit, sizeof unit);
    if (o->n_groups > 0) {
        print_group_costs(f, o, inst, words);
        return;
    }
    if (o->cmd == CLI_SWEEP)
        fprintf(f, "  cost      instance %s + $%.2f per volume a month (%s); totals in "
                "the table\n", inst, b->volume_usd_month, words);
    else if (price_bill_total_known(b))
        fprintf(f, "  cost      $%.2f/month: instance %s + %d x %s volumes (%s)\n",
                b->total_usd_month, inst, b->disks, unit, words);
    else
        fprintf(f, "  cost      instance %s + %d x %s volumes (%s)\n", inst, b->disks,
                unit, words);
    fprintf(f, "  priced    %s; volume %s\n", b->instance_basis, b->volume_basis);
}

/* ---- provisioning the instance cannot take ------------------------------- */

static double volume_month(const struct vol_profile *v)
{
    char basis[256] = "";
    return price_volume_month(v, basis, sizeof basis);
}

/* What provisioning one rate (throughput, or IOPS) above cap across
   `disks` volumes costs a month: the volume priced as provisioned, less
   priced at cap's share per disk (only what the list bills, so included
   rates and types that are not provisioned, gp2 or st1, cost nothing). */
static double excess_usd(const struct vol_profile *v, int disks, double cap, bool tput)
{
    struct vol_profile fit = *v;
    *(tput ? &fit.tput_base_bytes_per_s : &fit.iops_base) = cap / disks;
    return (volume_month(v) - volume_month(&fit)) * disks;
}

/* One rate provisioned above what the instance takes: a note, with what
   the part above costs a month.  An instance with a burst takes its
   maximum only for the burst (30 min a day) and its baseline after: the
   note compares with the baseline, what is unusable sustained, and says
   what of it is usable only during the burst. */
static void note_excess(FILE *f, const struct cli_opts *o, int disks, bool tput)
{
    const struct vol_profile *v = &o->volume;
    const struct inst_profile *in = &o->instance;
    double max = tput ? in->max_bytes_per_s : in->max_iops;
    double base = tput ? in->base_bytes_per_s : in->base_iops;
    double cap = in->burst && base > 0 && base < max ? base : max;
    double per = tput ? v->tput_base_bytes_per_s : v->iops_base;
    double scale = tput ? 1e6 : 1;
    const char *unit = tput ? "MB/s" : "IOPS", *what = tput ? "throughput" : "IOPS";

    if (cap <= 0 || per * disks <= cap)
        return;
    double usd = excess_usd(v, disks, cap, tput);
    if (usd < 0.005)
        return;
    if (tput)
        fprintf(f, "asmsim: note: %d x %s at %.0f MiB/s = %.0f MB/s provisioned, ", disks,
                v->type, per / (double)MIB, per * disks / 1e6);
    else
        fprintf(f, "asmsim: note: %d x %s at %.0f IOPS = %.0f IOPS provisioned, ", disks,
                v->type, per, per * disks);
    if (cap == max) {
        fprintf(f, "the instance takes %.0f %s (its EBS limit); you pay $%.2f/month for "
                "%s it cannot use\n", cap / scale, unit, usd, what);
        return;
    }
    double beyond = per * disks > max ? excess_usd(v, disks, max, tput) : 0;
    fprintf(f, "the instance sustains %.0f %s (its EBS baseline), %.0f %s only in its "
            "burst; you pay $%.2f/month for %s it cannot use sustained", cap / scale, unit,
            max / scale, unit, usd, what);
    if (beyond >= usd - 0.005)
        fprintf(f, ", all of it beyond even the burst");
    else if (beyond >= 0.005)
        fprintf(f, ", $%.2f of it beyond even the burst", beyond);
    fputc('\n', f);
}

void cli_print_provision_notes(FILE *f, const struct cli_opts *o)
{
    int disks = o->cmd == CLI_SWEEP && o->n_counts > 0 ? o->counts[o->n_counts - 1]
                                                       : o->disks;
    if (o->bill.disks <= 0 || disks <= 0)
        return;                     /* not priced: real devices */
    if (o->nodes > 1)
        return;                     /* one instance's notes: --nodes shares the
                                       volumes among several (cli_nodes.c) */
    note_excess(f, o, disks, true);
    note_excess(f, o, disks, false);
}

void cli_print_cost_summary(FILE *f, const struct price_bill *b)
{
    report_cost_line(f, b);
}

/* "$113.88/month", or the words instead of it. */
static const char *per_month(bool known, double usd, const char *instead, char *buf, size_t len)
{
    if (known)
        snprintf(buf, len, "$%.2f/month", usd);
    else
        snprintf(buf, len, "%s", instead);
    return buf;
}

/* The bill alone (`asmsim cost`). */
static void print_bill(FILE *f, const struct cli_opts *o)
{
    const struct price_bill *b = &o->bill;
    char amount[40], unit[32];

    fprintf(f, "asmsim cost: %d x %s on %s, %s\n", b->disks, o->volume.spec, o->instance.name,
            price_os_name(b->os));
    fprintf(f, "  instance  %15s  %s\n",
            per_month(b->instance_priced, b->instance_usd_month,
                      b->has_instance ? "not priced" : "none", amount, sizeof amount),
            b->instance_basis);
    fprintf(f, "  volumes   %15s  %d x %s (%s)\n",
            per_month(true, b->volumes_usd_month, "", amount, sizeof amount), b->disks,
            unit_price(b, unit, sizeof unit), b->volume_basis);
    fprintf(f, "  total     %15s%s\n",
            per_month(price_bill_total_known(b), b->total_usd_month, "unknown", amount,
                      sizeof amount),
            price_bill_total_known(b) ? "" : "  (the instance is not priced)");
    fprintf(f, "  prices    %s, %.0f h a month\n", b->prices_list, b->hours_per_month);
}

/* ---- asmsim cost ---------------------------------------------------------- */

/* getopt_long's values: COST_ROW + a row's index, past every character
   getopt returns itself ('?', ':', 'h'), then help */
#define COST_ROW 256
#define COST_HELP (COST_ROW + 1024)

/* run's setters over the rows cost takes (CLI_FOR_COST: the checks, the
   message "--flag value: ...", an option given twice); 0, CLI_HELP or
   -EINVAL with why.  getopt_long's `val` is COST_ROW + the row's index. */
static int parse_cost(struct cli_opts *o, int argc, char **argv, char *why, size_t why_len)
{
    const struct cli_opt_block *b = &cli_run_rows;
    struct option longs[CLI_SEEN_MAX + 2];
    char q[CLI_QUOTE_BUF];
    int c, n = 0;

    for (int i = 0; i < b->n && n < CLI_SEEN_MAX; i++)
        if (b->rows[i].cmds & CLI_FOR_COST)
            longs[n++] = (struct option){ b->rows[i].name, b->rows[i].has_arg ?
                                          required_argument : no_argument, NULL,
                                          COST_ROW + i };
    longs[n++] = (struct option){ "help", no_argument, NULL, COST_HELP };
    longs[n] = (struct option){ NULL, 0, NULL, 0 };
    opterr = 0;
    optind = 0;
    for (;;) {
        int at = optind > 0 ? optind : 1;
        if ((c = getopt_long(argc, argv, "+:h", longs, NULL)) == -1)
            break;
        if (c == 'h' || c == COST_HELP)
            return CLI_HELP;
        bool bare = c == ':' || (c >= COST_ROW && c < COST_HELP &&
                                 cli_optarg_is_option(optarg, argv, optind));
        if (c == '?' || bare) {
            snprintf(why, why_len, "%s: %s. Try 'asmsim cost --help'.",
                     cli_quote(at < argc ? argv[at] : argv[argc - 1], q, sizeof q),
                     bare ? "needs a value" : "unknown option");
            return -EINVAL;
        }
        int rc = cli_opts_set(o, b->rows[c - COST_ROW].name, optarg, why, why_len);
        if (rc)
            return rc;
    }
    if (optind < argc) {
        snprintf(why, why_len, "%s: unexpected argument; 'asmsim cost' takes options only. "
                 "Try 'asmsim cost --help'.", cli_quote(argv[optind], q, sizeof q));
        return -EINVAL;
    }
    return 0;
}

/* The writer table's document: the bill's JSON. */
struct cost_out {
    const struct cli_opts *o;
    const struct report_meta *meta;
};

static int cost_json(void *arg, const sim_stop_flag *stop, char **text, char *why,
                     size_t why_len)
{
    const struct cost_out *c = arg;
    (void)stop;
    return report_cost_json_text(c->meta, &c->o->instance, &c->o->volume, &c->o->bill,
                                 text, why, why_len);
}

static void cost_failed(void *arg, int rc, const char *why)
{
    (void)arg, (void)rc;
    fprintf(stderr, "asmsim: %s\n", why);
}

/* --json FILE|-, through the writer table: 0, or 1 (told). */
static int write_cost_json(struct cli_opts *o, int argc, char **argv)
{
    struct report_meta meta = { .testname = o->testname, .version = ASMSIM_VERSION };
    char *line = cli_join_command_line(argc, argv);

    if (!line) {
        fprintf(stderr, "asmsim: out of memory\n");
        return 1;
    }
    meta.command_line = line;
    struct cost_out out = { o, &meta };
    const struct report_request q = {
        .outs = REPORT_OUT_BIT(REPORT_OUT_JSON), .json_path = o->json_path,
        .failed = cost_failed, .arg = &out,
    };
    const struct report_doc d = {
        .meta = &meta, .what = "cost JSON", .json_text = cost_json, .json_arg = &out,
    };
    int rc = report_write_outputs(&q, &d);
    free(line);
    return rc != 0;
}

int cli_cmd_cost(int argc, char **argv)
{
    struct cli_opts *o = malloc(sizeof *o);
    char why[CLI_WHY_LEN];
    int rc;

    if (!o)
        return 1;
    cli_opts_defaults(o, CLI_RUN);
    o->engine = CLI_ENGINE_MODEL;
    rc = parse_cost(o, argc, argv, why, sizeof why);
    if (rc == CLI_HELP) {
        cli_cost_usage(stdout);
        rc = 0;
    } else if (rc < 0 || cli_opts_resolve_bill(o, why, sizeof why) != 0 ||
               cli_check_outputs(o, why, sizeof why) != 0) {
        cli_print_error(stderr, "asmsim", why);
        rc = 2;
    } else {
        cli_print_warnings(stderr, o);
        rc = o->json_path ? write_cost_json(o, argc, argv) : (print_bill(stdout, o), 0);
    }
    free(o);
    return rc;
}
