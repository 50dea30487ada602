/*
 * cli_help.c - the help texts: `asmsim --help`, `asmsim run|sweep|orion|
 * forecast|cost|advise --help` and `asmsim profiles|report --help`.
 *
 * The pages of run, sweep, orion, forecast, cost and advise are generated:
 * a page is its free text (intro, headings, footer) and the options in the
 * order shown, and each option's words, its argument name and its default
 * are its row's in the option table (cli_option_table.h), placed at the
 * page's column (24; orion and cost 20).  Words with a value known only
 * when the page is printed (forecast's presets and limits) are a
 * function's: the row help's text_fn, or a TXT_FN item's.  So the help
 * states the default the parser applies ("{}" in a row's help is the
 * row's default), and an option added to the table is documented where
 * its row says.  The limits in the words (LAY_MAX_DISKS,
 * CLI_TESTNAME_MAX) come from the constants the parsers check.  In run
 * and sweep, "[ORION: x]" after a default marks one that differs from
 * ORION's (DOMAIN.md section 2), so a user who compares with ORION knows
 * which flags to set.  `asmsim help COMMAND` is COMMAND's --help
 * (tui/main.c).  Still written out whole:
 * the main, profiles and report texts (commands of few options that do
 * not use the table).
 */
#include <stdio.h>
#include <string.h>

#include "sim/cli/cli.h"
#include "sim/cli/cli_option_table.h"
#include "sim/model/forecast.h"

void cli_main_usage(FILE *f)
{
    fputs(
"Usage: asmsim COMMAND [options]\n"
"ORION-style I/O numbers (Maximum Large MBPS, Maximum Small IOPS, Minimum\n"
"Small Latency) for Oracle ASM disk groups: on real devices (files or block\n"
"devices, --target) or on modelled cloud volumes (EBS, OCI) in virtual time.\n"
"\n"
"Commands:\n"
"  run        one ORION-style run (a matrix of load points) on one disk group\n"
"  sweep      the same run for each disk count in --volumes (default 1-16)\n"
"  orion      ORION's own command line (-run simple -num_disks 4 ...)\n"
"  forecast   a day (or days) of a load schedule on one disk group: burst\n"
"             credits over time, events, and whether the demand is served\n"
"  profiles   list volume types and instances, or show one\n"
"  cost       the monthly bill of an instance and its volumes\n"
"  report     an HTML report from results JSON files (several: compared)\n"
"  advise     the cheapest instance and disk group that meet a target\n"
"  awr        an AWR or Statspack report's I/O by class, and its workload file\n"
"  tui        the live dashboard: watch a run and tune the disk group\n"
"\n"
"  asmsim COMMAND --help   options of a command (or: asmsim help COMMAND)\n"
"  asmsim --version        the version\n"
"\n"
"Several hosts at once (RAC): mpirun -np H asmsim run --lun-file 'luns.%h.lun' ...\n"
"(each rank drives its host's targets, every point starts together) or\n"
"mpirun -np N asmsim advise ... (the search cut over the ranks); README,\n"
"\"Several hosts at once\".\n"
"\n"
"Exit status: 0 ok, 1 runtime failure (a write to stdout that failed too), 2\n"
"bad usage or input, 130 interrupted (Ctrl-C, SIGTERM, SIGHUP: what was done\n"
"is written, marked incomplete).\n",
          f);
}

/* A command's help page: its text in order, each item free text (the
   intro, a heading, a footer) or an option, whose words are its row's
   (cli_option_table.h).  An item is on the pages of `cmds`; an option is
   shown where its row has help for the page's command. */
struct help_item {
    unsigned cmds;                  /* TXT: the pages it is on */
    const char *text;
    cli_opt_text_fn text_fn;        /* TXT_FN: the text, made at print time */
    const struct cli_opt_block *block;  /* the option's block, and */
    const char *row;                /*   its row by name, or */
    const char *section;            /*   every row of this section, which
                                       no page lists by name: a row added
                                       to the table is shown without an
                                       edit here */
};
#define TXT(cmds, text) { cmds, text, NULL, NULL, NULL, NULL }
#define TXT_FN(cmds, fn) { cmds, NULL, fn, NULL, NULL, NULL }
#define ROW(name) { 0, NULL, NULL, &cli_run_rows, name, NULL }
#define ORION_ROW(name) { 0, NULL, NULL, &cli_orion_rows, name, NULL }
#define ADVISE_ROW(name) { 0, NULL, NULL, &cli_advise_rows, name, NULL }
#define SECTION(name) { 0, NULL, NULL, &cli_run_rows, NULL, name }
#define RS (CLI_FOR_RUN | CLI_FOR_SWEEP)

static const struct help_item run_page[] = {
    TXT(CLI_FOR_RUN,
        "Usage: asmsim run [options]\n"
        "One ORION-style run (a matrix of load points) on one disk group: of modelled\n"
        "volumes, or of real devices with --target (files or block devices, see \"Real\n"
        "devices\" below); prints the resolved configuration and ORION's three summary\n"
        "lines.\n"
        "\n"),
    TXT(CLI_FOR_SWEEP,
        "Usage: asmsim sweep [options]\n"
        "The same run for each disk count, on modelled volumes or on the first N real\n"
        "devices (--target), or with --over for each value of another parameter;\n"
        "prints a table (disks or the value, Maximum Large MBPS, Maximum Small IOPS,\n"
        "Minimum Small Latency, binding limit) and its reading.\n"
        "\n"),
    TXT(RS, "Modelled devices:\n"),
    ROW("instance"),
    ROW("volume"),
    ROW("burst-credits"),
    ROW("nodes"),
    TXT(RS,
        "Costs (the monthly bill on modelled volumes; see 'asmsim cost'):\n"),
    ROW("os"),
    ROW("memory"),
    ROW("region"),
    TXT(RS,
        "Disks:\n"),
    ROW("disks"),
    ROW("volumes"),
    ROW("over"),
    ROW("jobs"),
    TXT(RS,
        "Layout (ASM disk group):\n"),
    ROW("layout"),
    ROW("au"),
    ROW("stripe"),
    ROW("redundancy"),
    ROW("failgroups"),
    ROW("layout-file"),
    TXT(RS,
        "Workload:\n"),
    ROW("run"),
    ROW("matrix"),
    ROW("num-small"),
    ROW("num-large"),
    ROW("levels"),
    ROW("size-small"),
    ROW("size-large"),
    ROW("type"),
    ROW("stream-io"),
    ROW("write"),
    ROW("duration"),
    ROW("warmup"),
    ROW("interval"),
    ROW("seed"),
    TXT(RS,
        "Database workload (instead of ORION's small and large classes):\n"),
    SECTION("workload"),
    TXT(RS,
        "Open-loop demand (instead of ORION's outstanding levels):\n"),
    ROW("rate-small"),
    ROW("rate-large"),
    ROW("arrivals"),
    ROW("max-outstanding"),
    TXT(RS,
        "Real devices (aio engine, O_DIRECT; see the README's \"Real devices\"):\n"),
    ROW("target"),
    ROW("lun-file"),
    ROW("engine"),
    ROW("create"),
    ROW("destroy-data"),
    ROW("ignore-signatures"),
    ROW("size-limit"),
    ROW("threads"),
    ROW("uring-sqpoll"),
    TXT(RS,
        "  Mounted or otherwise held block devices are always refused.\n"
        "Output:\n"),
    ROW("testname"),
    ROW("output-dir"),
    ROW("json"),
    ROW("report"),
    ROW("quiet"),
    ROW("verbose"),
    ROW("tui"),
    ROW("progress"),
    ROW("speed"),
    SECTION("output"),
    TXT(RS,
        "  -h, --help            this help\n"
        "\n"
        "Sizes: 512 (bytes), 4k, 8KiB, 1MiB, 2TB.  Each option is given once (only\n"
        "--target and --group repeat).  [ORION: x] marks a default that differs from ORION's;\n"
        "'asmsim orion' keeps ORION's.  Errors exit 2 before anything runs or is\n"
        "written; an interrupt (Ctrl-C) writes partial results, exit 130.\n"),

};

static const struct help_item orion_page[] = {
    TXT(CLI_FOR_ORION,
        "Usage: asmsim orion -run simple|normal|advanced|oltp|dss [ORION flags]\n"
        "                    [--instance NAME] [--volume SPEC] [model options]\n"
        "ORION's command line.  With --instance or --volume it runs -num_disks\n"
        "modelled volumes; without them it drives the files or devices listed in\n"
        "<testname>.lun (one per line) with the aio engine, read-only unless\n"
        "-write > 0, which needs --destroy-data (see 'asmsim run --help').\n"
        "\n"
        "ORION flags (ORION's defaults):\n"),
    ORION_ROW("run"),
    ORION_ROW("testname"),
    ORION_ROW("num_disks"),
    ORION_ROW("size_small"),
    ORION_ROW("size_large"),
    ORION_ROW("type"),
    ORION_ROW("num_streamIO"),
    ORION_ROW("simulate"),
    ORION_ROW("stripe"),
    ORION_ROW("write"),
    ORION_ROW("cache_size"),
    ORION_ROW("duration"),
    ORION_ROW("matrix"),
    ORION_ROW("num_small"),
    ORION_ROW("num_large"),
    ORION_ROW("verbose"),
    ORION_ROW("orion_version"),
    TXT(CLI_FOR_ORION,
        "  -storax X, -hugenotneeded   accepted and ignored\n"
        "  Each flag is given once.\n"
        "Model options:\n"),
    ROW("instance"),
    ROW("volume"),
    ROW("burst-credits"),
    ROW("seed"),
    TXT(CLI_FOR_ORION,
        "  --os OS, --memory SIZE, --region R\n"
        "                    the monthly bill: a Cost line after ORION's, in the\n"
        "                    terminal and summary.txt, and in the JSON; as for run\n"),
    ROW("output-dir"),
    ROW("json"),
    ROW("report"),
    ROW("quiet"),
    ROW("jobs"),
    SECTION("output"),
    TXT(CLI_FOR_ORION,
        "Real devices:\n"
        "  --destroy-data, --ignore-signatures, --size-limit SIZE, --engine E,\n"
        "  --threads N, --uring-sqpoll   as for 'asmsim run'\n"
        "  -h, --help        this help\n"),

};

/* forecast's intro: the verdict's tolerance of sim/model/forecast.h. */
static void forecast_intro(char *b, size_t n)
{
    snprintf(b, n,
"Usage: asmsim forecast --schedule FILE|PRESET [options]\n"
"A day (or days) in the life of a modelled disk group: the schedule's phases\n"
"of load run back to back on one instance and its volumes, burst credits\n"
"carried from phase to phase and day to day.  Prints the events in words\n"
"(a burst spent, credits empty or earned back, demand unmet), each phase's\n"
"figures, after how many days the credit balances settle, and a verdict:\n"
"whether the schedule is served (at most %.0f %% of any phase's demand\n"
"unmet) and the first phase that is not.\n"
"\n"
"Schedule:\n", 100 * SIM_FORECAST_UNMET_TOLERANCE);
}

/* The run options forecast takes without their own words are named in
   groups; --engine (model only) is left out. */
static const struct help_item forecast_page[] = {
    TXT_FN(CLI_FOR_FORECAST, forecast_intro),
    ROW("schedule"),
    ROW("awr"),
    ROW("repeat"),
    ROW("interval"),
    ROW("exact"),
    ROW("burst-credits"),
    ROW("nodes"),
    ROW("max-outstanding"),
    TXT(CLI_FOR_FORECAST,
        "\n"
        "Devices and layout (as 'asmsim run'):\n"
        "  --instance NAME --volume SPEC --disks N --layout --au --stripe\n"
        "  --redundancy --failgroups --layout-file FILE\n"
        "  --size-small SIZE --size-large SIZE --type rand|seq --stream-io N\n"
        "                        the I/O sizes and the large I/O's pattern of every\n"
        "                        phase (default 8 KiB, 128 KiB, rand)\n"
        "\n"
        "A database workload (docs/workloads.md, \"A day of a workload\"):\n"
        "its classes instead of ORION's, each phase scaling their loads by the\n"
        "schedule's scale and scale:CLASS columns; every phase runs exact\n"),
    ROW("workload"),
    ROW("group"),
    TXT(CLI_FOR_FORECAST,
        "\n"
        "A disk lost, or disks added, during the day (a database workload;\n"
        "docs/failure.md):\n"),
    ROW("fail"),
    ROW("repair-time"),
    ROW("returns"),
    ROW("add-disks"),
    ROW("power"),
    ROW("used"),
    TXT(CLI_FOR_FORECAST,
        "\n"
        "Prices (as 'asmsim run'; the Cost line):\n"),
    ROW("os"),
    ROW("memory"),
    ROW("region"),
    TXT(CLI_FOR_FORECAST,
        "\n"
        "Output:\n"),
    ROW("json"),
    ROW("output-dir"),
    ROW("report"),
    ROW("testname"),
    ROW("seed"),
    ROW("quiet"),
    ROW("tui"),
    ROW("speed"),
    TXT(CLI_FOR_FORECAST,
        "  -h, --help            this help\n"
        "\n"
        "Example:\n"
        "  asmsim forecast --instance m5.xlarge --volume gp2:size=500GiB --disks 4 \\\n"
        "      --schedule oltp-day\n"
        "Errors exit 2 before anything runs or is written; an interrupt (Ctrl-C)\n"
        "reports and writes what was simulated, marked incomplete, exit 130.\n"),
};

static const struct help_item cost_page[] = {
    TXT(CLI_FOR_COST,
        "Usage: asmsim cost [--instance NAME] [--volume SPEC] [--disks N] [--os OS]\n"
        "                   [--memory SIZE] [--region R] [--json FILE|-]\n"
        "The monthly list price of an instance and N volumes, and how each figure was\n"
        "made, from the price lists compiled in (AWS us-east-1 2023-06: EC2 Linux and\n"
        "RHEL on demand, EBS; OCI 2026-01).  AWS instances are priced at 730 h a\n"
        "month, OCI shapes at 744 h (per OCPU and per GB of memory); EBS volumes per\n"
        "GiB-month with provisioned IOPS and throughput above what the type includes\n"
        "(io2 in its three IOPS tiers); OCI volumes per GB-month with their VPUs.\n"
        "Each line is rounded to the cent; the total is their sum.  The options and\n"
        "defaults are run's, so the same model options give the bill of that run.\n"
        "\n"),
    ROW("instance"),
    ROW("volume"),
    ROW("disks"),
    ROW("os"),
    ROW("memory"),
    ROW("region"),
    ROW("json"),
    TXT(CLI_FOR_COST,
        "  -h, --help        this help\n"
        "\n"
        "An instance with limits but no price (mac*, hpc6*, u-*tb1.metal) is shown as\n"
        "not priced, with the reason, and the total is then unknown.  Errors exit 2.\n"),

};

static const struct help_item advise_page[] = {
    TXT(CLI_FOR_ADVISE,
        "Usage: asmsim advise [targets] [space] [options]\n"
        "The cheapest instance and ASM disk group (volume type, provisioning, disk\n"
        "count) that meet the targets, simulated on the model: an analytical bound\n"
        "prunes the space, the candidates it admits are simulated cheapest first, and\n"
        "only simulated figures decide.  Prints each configuration with its monthly\n"
        "bill, simulated figures, headroom, binding limit and the 'asmsim run' that\n"
        "reproduces it; then why nothing cheaper meets the targets.\n"
        "\n"
        "Targets (at least one of the first three, --schedule, --awr or --workload):\n"),
    ADVISE_ROW("need-mbps"),
    ADVISE_ROW("need-iops"),
    ADVISE_ROW("need-latency"),
    ADVISE_ROW("write"),
    ADVISE_ROW("capacity"),
    ADVISE_ROW("redundancy"),
    ADVISE_ROW("size-small"),
    ADVISE_ROW("size-large"),
    ADVISE_ROW("schedule"),
    ADVISE_ROW("awr"),
    ADVISE_ROW("peak"),
    ADVISE_ROW("keep-latency"),
    TXT(CLI_FOR_ADVISE,
        "A database's disk groups at once (docs/advise.md):\n"),
    ADVISE_ROW("workload"),
    ADVISE_ROW("survive-failure"),
    TXT(CLI_FOR_ADVISE,
        "Space:\n"),
    ADVISE_ROW("clouds"),
    ADVISE_ROW("os"),
    ADVISE_ROW("memory-per-ocpu"),
    ADVISE_ROW("families"),
    ADVISE_ROW("volume-types"),
    ADVISE_ROW("min-disks"),
    ADVISE_ROW("max-disks"),
    ADVISE_ROW("sustained"),
    ADVISE_ROW("burst-ok"),
    TXT(CLI_FOR_ADVISE,
        "Instances and licences (docs/advise.md):\n"),
    ADVISE_ROW("arch"),
    ADVISE_ROW("min-vcpus"),
    ADVISE_ROW("max-vcpus"),
    ADVISE_ROW("min-memory"),
    ADVISE_ROW("exclude-families"),
    ADVISE_ROW("licence"),
    ADVISE_ROW("licence-price"),
    TXT(CLI_FOR_ADVISE,
        "Options:\n"),
    ADVISE_ROW("top"),
    ADVISE_ROW("jobs"),
    ADVISE_ROW("seed"),
    ADVISE_ROW("quiet"),
    ADVISE_ROW("json"),
    ADVISE_ROW("report"),
    ADVISE_ROW("shard"),
    TXT(CLI_FOR_ADVISE,
        "  --merge FILE...       asmsim advise [--json F] --merge FILES: the answer\n"
        "                        of shards 1/N .. N/N, the same as the whole search;\n"
        "                        a search of a schedule file or a report names it\n"
        "                        again (--schedule FILE, --awr FILE): a merge reads no\n"
        "                        file a shard names\n"
        "  -h, --help            this help\n"
        "\n"
        "When nothing meets the targets, the output says so and lists what the dearest\n"
        "candidates miss.  A rate target above every candidate's bound, or a schedule\n"
        "whose day no candidate's bound carries, is called out of reach, with the\n"
        "configuration that comes closest, simulated (for a schedule, its forecast).\n"
        "With --need-latency, the candidates whose latency bound (the volume type's\n"
        "floor on the instance, and for a mean the queueing its limits imply at the\n"
        "IOPS target) is above the target are set aside (not simulated), listed per\n"
        "volume type with their count and lowest bound.\n"
        "\n"
        "Exit status: 0 (also when nothing meets the targets: it says so), 1 runtime\n"
        "failure, 2 bad usage or input, 130 interrupted (what was decided is printed).\n"),
};

static void print_section(FILE *f, const struct cli_opt_block *b,
                          const char *section, unsigned cmd, int col)
{
    for (int i = 0; i < b->n; i++) {
        const struct cli_opt_row *r = &b->rows[i];
        if (r->section && strcmp(r->section, section) == 0)
            cli_opt_print_help(f, r, cmd, col);
    }
}

/* A TXT or TXT_FN item. */
static void print_text(FILE *f, const struct help_item *it)
{
    char buf[CLI_HELP_TEXT_MAX];
    if (it->text_fn)
        it->text_fn(buf, sizeof buf);
    fputs(it->text_fn ? buf : it->text, f);
}

static void print_page(FILE *f, const struct help_item *page, size_t n,
                       unsigned cmd, int col)
{
    for (size_t i = 0; i < n; i++) {
        const struct help_item *it = &page[i];
        if (it->row)
            cli_opt_print_help(f, cli_opt_block_find(it->block, it->row), cmd, col);
        else if (it->section)
            print_section(f, it->block, it->section, cmd, col);
        else if (it->cmds & cmd)
            print_text(f, it);
    }
}
#define PRINT_PAGE(f, page, cmd, col) \
    print_page(f, page, sizeof page / sizeof page[0], cmd, col)

void cli_usage(FILE *f, enum cli_cmd cmd)
{
    if (cmd == CLI_FORECAST)
        PRINT_PAGE(f, forecast_page, CLI_FOR_FORECAST, 24);
    else if (cmd == CLI_ORION)
        PRINT_PAGE(f, orion_page, CLI_FOR_ORION, 20);
    else
        PRINT_PAGE(f, run_page, 1u << cmd, 24);
}

void cli_cost_usage(FILE *f)
{
    PRINT_PAGE(f, cost_page, CLI_FOR_COST, 20);
}

void cli_profiles_usage(FILE *f)
{
    fputs(
"Usage: asmsim profiles [volumes|instances|rules] [NAME]\n"
"  asmsim profiles                   list volume types and instances\n"
"  asmsim profiles volumes           list volume types with limits, prices\n"
"                                    and the dated rule set each follows\n"
"  asmsim profiles volumes SPEC      one volume resolved: limits, price (SPEC\n"
"                                    may be a full spec, e.g.\n"
"                                    \"gp3:size=125GiB,iops=4000\")\n"
"  asmsim profiles instances         list instances (EC2, oci-e4flex-N,\n"
"                                    oci-e5flex-N)\n"
"  asmsim profiles instances NAME    one instance: limits and burst\n"
"  asmsim profiles rules [TYPE]      the rule book: every limit and latency\n"
"                                    parameter the model uses for TYPE (a\n"
"                                    volume type, or instances; all when\n"
"                                    omitted), each with its document or\n"
"                                    measurement; estimates listed at the end\n",
          f);
}

void cli_report_usage(FILE *f)
{
    fputs(
"Usage: asmsim report RESULTS.json [MORE.json ...] -o FILE.html\n"
"A self-contained HTML report (one file; Chart.js embedded, no network\n"
"access) from results JSON written by asmsim run, sweep or orion (--json,\n"
"or <testname>_<stamp>_results.json in --output-dir): the same page as\n"
"--report makes.  One file: that run's or sweep's report (summary, heat\n"
"maps of the ORION matrix, latency against load, percentiles and\n"
"histograms, sweep charts with limits and cost, timelines).  Several (at\n"
"most 16): a comparison, overlaid on the same axes.\n"
"  -o, --output FILE.html   the page to write; must not exist (never\n"
"                           replaced)\n"
"  -h, --help               this help\n"
"A file that is not a results JSON, or a field of the wrong type in one (a\n"
"figure that is not a number), is refused naming the file and the field; a\n"
"run without points gets a page that says so.\n"
"Exit status: 0 ok, 1 the page could not be written, 2 bad usage or input\n"
"(nothing written).\n",
          f);
}

void cli_awr_usage(FILE *f)
{
    fputs(
"Usage: asmsim awr REPORT... [--peak FACTOR] [--json PATH|-] [-o WORKLOAD.json]\n"
"Reads an AWR report (text or HTML, 11.2 to 19c, single instance or one\n"
"instance of a RAC) or a Statspack text report and prints the database's I/O\n"
"by class: single-block reads, multiblock reads, DBWR writes, direct writes,\n"
"redo writes and other writes (RMAN, ARCH, control file), each with its rate,\n"
"MB/s and mean size; the read/write share; the interval, database and\n"
"instance; and every statistic used, with its line, to check the arithmetic.\n"
"  --json PATH|-            the same as JSON (keys: docs/awr.md); - prints it\n"
"                           on stdout in place of the text\n"
"  -o, --output FILE        write the workload file (docs/workloads.md): each\n"
"                           class open loop at its rate, on DATA, REDO or RECO,\n"
"                           for run, sweep and forecast --workload FILE\n"
"  --peak FACTOR            multiply every rate and MB/s by FACTOR (0.001 to\n"
"                           1000): the report's figures are the interval's\n"
"                           averages; a minute's peak can be ten times them\n"
"  -h, --help               this help\n"
"Several reports of one database: the instances of a RAC over one interval\n"
"(each instance's report) add up; intervals follow in time order; -o writes\n"
"the busiest; forecast --awr REPORT... replays them as a day.\n"
"Refused, with one line naming the section and line (exit 2, nothing\n"
"written): a file that is not an AWR or Statspack instance report (a RAC\n"
"global, compare or ASH report says what to give instead), a report cut off\n"
"before its Instance Activity Stats, a figure that does not parse, and\n"
"sections that contradict each other by more than 5 %; reports of two\n"
"databases, an instance twice in one interval, overlapping intervals.\n"
"Exit status: 0 ok, 1 an output could not be written, 2 bad usage or input.\n",
          f);
}

void cli_advise_usage(FILE *f)
{
    PRINT_PAGE(f, advise_page, CLI_FOR_ADVISE, 24);
}
