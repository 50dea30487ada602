/*
 * cli_help.c - the help texts: `asmsim --help`, `asmsim run|sweep|orion
 * --help` and `asmsim profiles --help`.
 *
 * The run and sweep texts share everything but the disk options and one
 * output note, so they are one text (RUN_HELP_DEVICES and RUN_HELP_REST)
 * with those parts filled in; the limits in it (LAY_MAX_DISKS,
 * CLI_TESTNAME_MAX) come from the same constants the parsers check, so the
 * help cannot drift from what is accepted.  Every default stated here must
 * match cli_opts_defaults() (cli_options.c) and ORION's defaults
 * (cli_orion.c); in run and sweep, "[ORION: x]" after a default marks one
 * that differs from ORION's (DOMAIN.md section 2), so a user who compares
 * with ORION knows which flags to set.  `asmsim help COMMAND` is COMMAND's
 * --help (tui/main.c).
 */
#include <stdio.h>

#include "sim/cli/cli.h"

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
"  tui        the live dashboard: watch a run and tune the disk group\n"
"\n"
"  asmsim COMMAND --help   options of a command (or: asmsim help COMMAND)\n"
"  asmsim --version        the version\n"
"\n"
"Exit status: 0 ok, 1 runtime failure (a write to stdout that failed too), 2\n"
"bad usage or input, 130 interrupted (Ctrl-C, SIGTERM, SIGHUP: what was done\n"
"is written, marked incomplete).\n",
          f);
}

/* The cost options of run, sweep and cost (prices.h); shown with the
   modelled devices, whose bill they set. */
#define RUN_HELP_COST \
"Costs (the monthly bill on modelled volumes; see 'asmsim cost'):\n" \
"  --os OS               linux or rhel: the instance's on-demand price for that\n" \
"                        OS (EC2; OCI shapes are priced with Oracle Linux);\n" \
"                        default linux\n" \
"  --memory SIZE         an OCI flex shape's memory in GB (96GB, 96), 1 to 64\n" \
"                        GB per OCPU (E4.Flex at most 1024 GB); default OCI's\n" \
"                        16 GB per OCPU\n" \
"  --region R            the prices' region; only us-east-1 is known (default)\n"

#define RUN_HELP_DEVICES \
"Modelled devices:\n" \
"  --instance NAME       EC2 instance type (m5.large, r5b.24xlarge, ...),\n" \
"                        oci-e4flex-N or oci-e5flex-N (N OCPUs) or none;\n" \
"                        default none\n" \
"  --volume SPEC         TYPE[:size=..,iops=..,throughput=..,vpu=..], e.g.\n" \
"                        gp3:size=125GiB,iops=4000,throughput=1000MiB/s;\n" \
"                        default gp3 (oci-balanced on an OCI shape); see\n" \
"                        'asmsim profiles'.  EBS sizes are whole GiB, OCI\n" \
"                        whole GB; a throughput without a unit is MiB/s;\n" \
"                        EBS volumes need an EC2 instance, OCI an OCI shape\n" \
"                        (oci-uhp one of 16 OCPUs or more).  Types follow\n" \
"                        the providers' current rules (io2 is Block\n" \
"                        Express, gp3 up to 80000 IOPS); io2-2021 and\n" \
"                        gp3-2023 are the rules of the published studies\n" \
"  --burst-credits B     how full the burst buckets (gp2 IOPS, st1/sc1\n" \
"                        throughput, the instance's 30-min burst) are when\n" \
"                        EVERY point starts: full, empty or a percentage\n" \
"                        0..100 (\"50%%\" or \"50\"); default full.  carry or\n" \
"                        carry=LEVEL: LEVEL (default full) at the first point,\n" \
"                        then the state carries from point to point, as on\n" \
"                        one instance over time.  A maximum that rests on\n" \
"                        burst is measured again on empty buckets and the\n" \
"                        summary gives both (\"Burst: ... then ... sustained\")\n" \
RUN_HELP_COST
#define RUN_HELP_REST \
"Layout (ASM disk group):\n" \
"  --layout L            coarse, fine, raid0 or concat; default coarse\n" \
"                        [ORION: -simulate concat]\n" \
"  --au SIZE             allocation unit 1MiB..64MiB, power of two; default 1MiB\n" \
"  --stripe SIZE         raid0 stripe, power of two 4KiB..64MiB; default 1MiB\n" \
"  --redundancy R        external, normal or high; default external\n" \
"  --failgroups N        failure groups 0..%d, at most the disks; default 0:\n" \
"                        one per disk\n" \
"  --layout-file F.json  a disk group description; its keys set defaults\n" \
"                        that the flags above override\n" \
"Workload:\n" \
"  --run R               simple, normal, oltp, dss or advanced; default simple\n" \
"  --matrix M            basic, detailed, point, col, row or max (implies\n" \
"                        --run advanced when --run is not given)\n" \
"  --num-small N         small load for point/col, the top small level\n" \
"                        otherwise, 0..65536 (not used by --run dss)\n" \
"  --num-large N         large load for point/row, the top large level\n" \
"                        otherwise, 0..65536 (not used by --run oltp)\n" \
"  --levels L            extend: past ORION's load levels until the figure\n" \
"                        saturates (a limit binds, it stops rising, latency\n" \
"                        passes 100 ms, or the cap on outstanding I/O), for\n" \
"                        each class whose --num-* is not given; default on\n" \
"                        modelled volumes.  orion: ORION's levels from the\n" \
"                        disk count; default on real devices, null and --tui\n" \
"  --size-small SIZE     small I/O, multiple of 4KiB up to 64MiB; default 8KiB\n" \
"  --size-large SIZE     large I/O, multiple of 4KiB up to 64MiB; default 128KiB\n" \
"                        [ORION: 1024 KiB]\n" \
"  --type T              large I/O rand or seq; default rand\n" \
"  --stream-io N         seq: outstanding I/Os per stream, 1..1024; default 4\n" \
"  --write PCT           percent writes 0..100; default 0\n" \
"  --duration TIME|auto  per point: 90, 90s, 500ms, 2m, 1h (1ms..24h) or auto\n" \
"                        (until the 95 %% confidence half-width is under 1 %%,\n" \
"                        at most 60 s); default auto on modelled volumes and\n" \
"                        the null engine, 60s on real devices [ORION: 60 s]\n" \
"  --warmup TIME|auto    unmeasured time before each point; default auto\n" \
"                        (until the pipeline is full)\n" \
"  --interval TIME       a timeline of every point: one row per TIME of its\n" \
"                        measured window (device time: virtual on modelled\n" \
"                        volumes, real on devices), 1ms..24h, at most\n" \
"                        1,000,000 rows per point; in the JSON\n" \
"                        (points[].timeline) and --output-dir\n" \
"                        (_timeline.csv); not with --tui; default none\n" \
"  --seed N              random seed, unsigned integer; default 1\n" \
"Open-loop demand (instead of ORION's outstanding levels):\n" \
"  --rate-small IOPS     offer small I/Os at this rate (6000, 0.5); any\n" \
"                        --rate-* makes every run one open-loop point for\n" \
"                        its --duration (a time; default 60 s) and refuses\n" \
"                        --matrix, --num-small, --num-large, --run, --levels\n" \
"                        and --tui; I/Os that find every slot taken wait\n" \
"                        (delayed), and latency counts from the arrival\n" \
"  --rate-large RATE     offer large I/O at this throughput: 200MB/s,\n" \
"                        150MiB/s; a bare number is MiB/s, as in --volume\n" \
"                        (reports give MB/s = 10^6 B/s)\n" \
"  --arrivals A          poisson (independent arrivals) or constant (even\n" \
"                        gaps); default poisson\n" \
"  --max-outstanding N   logical I/Os in flight at most, both classes\n" \
"                        together (the database's async I/O limit),\n" \
"                        1..65536; default 4096\n" \
"Real devices (aio engine, O_DIRECT; see the README's \"Real devices\"):\n" \
"  --target PATH         a file or block device; repeat for each disk\n" \
"  --lun-file FILE       targets listed one per line (ORION's .lun)\n" \
"  --engine E            model, aio, uring (io_uring) or null (I/O completes\n" \
"                        at once: measures asmsim itself); default aio with\n" \
"                        targets, else model\n" \
"  --create SIZE         make missing target files of SIZE, marked as asmsim's\n" \
"                        (writable without --destroy-data), and write them\n" \
"                        once in full before measuring; other files with\n" \
"                        holes or unwritten extents are refused\n" \
"  --destroy-data        let writes (--write > 0) overwrite targets asmsim did\n" \
"                        not create; without --write targets open read-only\n" \
"  --ignore-signatures   overwrite even a target with a file system, partition\n" \
"                        table, LVM, MD-RAID or Oracle ASM signature\n" \
"  --size-limit SIZE     use at most SIZE bytes of each target\n" \
"  --threads N           I/O worker threads (default: one per NUMA node that\n" \
"                        hosts targets; 1 runs the I/O on the engine's thread)\n" \
"  --uring-sqpoll        with --engine uring: a kernel thread polls for the\n" \
"                        submissions (no system call per batch; its CPU\n" \
"                        counts as asmsim's)\n" \
"  Mounted or otherwise held block devices are always refused.\n" \
"Output:\n" \
"  --testname NAME       [A-Za-z0-9._-]+, at most %d characters; default asmsim\n" \
"                        [ORION: orion]\n" \
"  --output-dir DIR      write ORION's files (<testname>_<stamp>_summary.txt,\n" \
"                        _mbps.csv, _iops.csv, _lat.csv, _hist.txt) and\n" \
"                        <testname>_<stamp>_results.json%s; created if\n" \
"                        missing; never overwrites: <stamp> is the start,\n" \
"                        yyyymmdd_hhmm as ORION's, and _2, _3 ... follow\n" \
"                        it when taken; default: no files [ORION: the\n" \
"                        current directory]\n" \
"  --json FILE|-         the results JSON to FILE, or to stdout alone with -\n" \
"  --report FILE.html    a self-contained HTML report (charts, heat maps;\n" \
"                        opens offline) made from the results JSON; FILE\n" \
"                        must not exist (never replaced); also after an\n" \
"                        interrupt, with the partial results\n" \
"  --quiet               no progress on stderr\n" \
"  --verbose             run: a per-point table after the summary\n" \
"  --tui                 the live dashboard (falls back to --progress when\n" \
"                        stdin/stdout is not a terminal)\n" \
"  --progress            one status line on stderr with the ETA\n" \
"  --speed N|max         --tui on modelled volumes: device seconds per\n" \
"                        second of wall time (1 = real time); default: the\n" \
"                        pace that shows the whole run in about a minute\n" \
"  -h, --help            this help\n" \
"\n" \
"Sizes: 512 (bytes), 4k, 8KiB, 1MiB, 2TB.  Each option is given once (only\n" \
"--target repeats).  [ORION: x] marks a default that differs from ORION's;\n" \
"'asmsim orion' keeps ORION's.  Errors exit 2 before anything runs or is\n" \
"written; an interrupt (Ctrl-C) writes partial results, exit 130.\n"

void cli_usage(FILE *f, enum cli_cmd cmd)
{
    if (cmd == CLI_FORECAST) {
        cli_forecast_usage(f);      /* cli_forecast.c */
        return;
    }
    if (cmd == CLI_RUN) {
        fputs("Usage: asmsim run [options]\n"
              "One ORION-style run (a matrix of load points) on one disk "
              "group: of modelled\nvolumes, or of real devices with --target "
              "(files or block devices, see \"Real\ndevices\" below); prints "
              "the resolved configuration and ORION's three summary\n"
              "lines.\n\n", f);
        fprintf(f, RUN_HELP_DEVICES "%s" RUN_HELP_REST,
                "Disks:\n  --disks N             volumes in the disk group, "
                "1..1024; default 4 [ORION: 1]\n"
                "  --jobs N              load points simulated at once, on N "
                "threads, 1..256;\n                        default the CPUs "
                "asmsim may use; the same results\n                        "
                "as --jobs 1 (only wall-clock times differ): every\n"
                "                        point of modelled volumes starts "
                "from fresh devices;\n                        real devices, "
                "the null engine, --tui and carried\n                        "
                "credits (--burst-credits carry) run one point at a\n"
                "                        time, and say so\n", LAY_MAX_DISKS,
                CLI_TESTNAME_MAX, "");
    } else if (cmd == CLI_SWEEP) {
        fputs("Usage: asmsim sweep [options]\n"
              "The same run for each disk count, on modelled volumes or on the "
              "first N real\ndevices (--target); prints a table (disks, "
              "Maximum Large MBPS, Maximum Small\nIOPS, Minimum Small Latency, "
              "binding limit) and its reading.\n\n", f);
        fprintf(f, RUN_HELP_DEVICES "%s" RUN_HELP_REST,
                "Disks:\n  --volumes LIST        disk counts: \"1-16\", "
                "\"1,2,4,8,16\", \"2-8,12\"; each\n                        "
                "1..1024, at most 64 counts; default 1-16; a\n"
                "                        count runs once, smallest first\n"
                "  --jobs N              load points (with carried credits: "
                "disk counts)\n                        simulated at once, on N "
                "threads, 1..256; default\n                        the CPUs "
                "asmsim may use; the same results as\n                        "
                "--jobs 1 (only wall-clock times differ); real\n"
                "                        devices, the null engine and "
                "--tui run one count\n                        at a time\n",
                LAY_MAX_DISKS, CLI_TESTNAME_MAX,
                "\n                        per disk count with prefix "
                "<testname>_<N>disks,\n                        one JSON with "
                "all runs and\n                        <testname>_<stamp>_sweep.csv");
    } else {
        fputs(
"Usage: asmsim orion -run simple|normal|advanced|oltp|dss [ORION flags]\n"
"                    [--instance NAME] [--volume SPEC] [model options]\n"
"ORION's command line.  With --instance or --volume it runs -num_disks\n"
"modelled volumes; without them it drives the files or devices listed in\n"
"<testname>.lun (one per line) with the aio engine, read-only unless\n"
"-write > 0, which needs --destroy-data (see 'asmsim run --help').\n"
"\n"
"ORION flags (ORION's defaults):\n"
"  -run R            simple, normal, advanced, oltp or dss (required)\n"
"  -testname T       [A-Za-z0-9._-]+; default orion (reads T.lun)\n"
"  -num_disks N      1..1024: the modelled volumes, or with a .lun the disk\n"
"                    count ORION's levels are made for; default the number\n"
"                    of LUNs in <testname>.lun (1 on modelled volumes)\n"
"  -size_small K     small I/O in KiB, multiple of 4; default 8\n"
"  -size_large K     large I/O in KiB, multiple of 4; default 1024\n"
"  -type T           large I/O rand or seq; default rand\n"
"  -num_streamIO N   seq: outstanding I/Os per stream, 1..1024; default 4\n"
"  -simulate S       concat or raid0; default concat\n"
"  -stripe K         raid0 stripe in KiB, power of two; default 1024\n"
"  -write P          percent writes 0..100; default 0\n"
"  -cache_size M     MiB of unmeasured warm-up I/O per point; default: auto\n"
"  -duration S       seconds per point, 1..86400; default 60\n"
"  -matrix M         basic, detailed, point, col, row or max (-run advanced)\n"
"  -num_small N      small load for point/col, else the top small level\n"
"  -num_large N      large load for point/row, else the top large level\n"
"  -verbose          a per-point table after the summary\n"
"  -storax X, -hugenotneeded   accepted and ignored\n"
"  Each flag is given once.\n"
"Model options:\n"
"  --instance NAME   EC2 type, oci-e4flex-N, oci-e5flex-N or none; default none\n"
"  --volume SPEC     volume spec as for 'asmsim run'; default gp3\n"
"                    (oci-balanced on an OCI shape)\n"
"  --burst-credits B full, empty or 0..100 percent at every point, or\n"
"                    carry[=LEVEL] from point to point; default full\n"
"  --seed N          random seed; default 1\n"
"  --os OS, --memory SIZE, --region R\n"
"                    the monthly bill: a Cost line after ORION's, in the\n"
"                    terminal and summary.txt, and in the JSON; as for run\n"
"  --output-dir DIR  where ORION's files go; default the current directory\n"
"  --json FILE|-     the results JSON to FILE, or to stdout alone with -\n"
"  --report FILE     a self-contained HTML report; FILE must not exist\n"
"  --quiet           no progress\n"
"  --jobs N          load points simulated at once on N threads; default the\n"
"                    CPUs asmsim may use; as for 'asmsim run'\n"
"Real devices:\n"
"  --destroy-data, --ignore-signatures, --size-limit SIZE, --engine E,\n"
"  --threads N       as for 'asmsim run'\n"
"  -h, --help        this help\n",
              f);
    }
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

void cli_cost_usage(FILE *f)
{
    fputs(
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
"\n"
"  --instance NAME   EC2 type, oci-e4flex-N, oci-e5flex-N or none; default none\n"
"  --volume SPEC     volume spec as for 'asmsim run'; default gp3\n"
"                    (oci-balanced on an OCI shape)\n"
"  --disks N         volumes, 1..1024; default 4\n"
"  --os OS           linux or rhel (EC2 only); default linux\n"
"  --memory SIZE     OCI flex shape's memory in GB, 1 to 64 per OCPU (E4.Flex\n"
"                    at most 1024); default 16 GB per OCPU, OCI's default\n"
"  --region R        only us-east-1 (the default) has prices\n"
"  --json FILE|-     the bill as JSON (the results JSON's \"cost\" object)\n"
"  -h, --help        this help\n"
"\n"
"An instance with limits but no price (mac*, hpc6*, u-*tb1.metal) is shown as\n"
"not priced, with the reason, and the total is then unknown.  Errors exit 2.\n",
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

void cli_advise_usage(FILE *f)
{
    fputs(
"Usage: asmsim advise [targets] [space] [options]\n"
"The cheapest instance and ASM disk group (volume type, provisioning, disk\n"
"count) that meet the targets, simulated on the model: an analytical bound\n"
"prunes the space, the candidates it admits are simulated cheapest first, and\n"
"only simulated figures decide.  Prints each configuration with its monthly\n"
"bill, simulated figures, headroom, binding limit and the 'asmsim run' that\n"
"reproduces it; then why nothing cheaper meets the targets.\n"
"\n"
"Targets (at least one of the first three, or --schedule):\n"
"  --need-mbps R         large I/O, MB/s (10^6 B/s), e.g. 2000\n"
"  --need-iops N         small I/O per second, e.g. 40000\n"
"  --need-latency T      small I/O latency at --need-iops (or at the lowest\n"
"                        load without it): mean (500us, 1ms) or p99:TIME\n"
"  --write PCT           percent writes 0..100, both classes; default 0\n"
"  --capacity SIZE       usable space after redundancy and the free space\n"
"                        to survive a disk loss (REQUIRED_MIRROR_FREE_MB),\n"
"                        e.g. 4TiB; default none\n"
"  --redundancy R        external, normal or high; default external\n"
"  --size-small SIZE     small I/O, multiple of 4KiB; default 8KiB\n"
"  --size-large SIZE     large I/O, multiple of 4KiB; default 128KiB\n"
"  --schedule FILE|PRESET  the target is a day served: a schedule CSV (as\n"
"                        'asmsim forecast' takes) or a preset (oltp-day,\n"
"                        weekly-etl, redo-peak).  Each candidate's forecast\n"
"                        (fast hybrid, days until the credits repeat) must\n"
"                        serve every phase of the steady day (at most 1 %\n"
"                        unmet); burst credits count as far as it shows they\n"
"                        hold.  The phases set the rates and write shares:\n"
"                        not with --need-mbps, --need-iops, --write,\n"
"                        --sustained or --burst-ok; --need-latency applies\n"
"                        to the day's worst minute (mean, or p99:TIME).\n"
"                        Prints per configuration the verdict, the worst\n"
"                        phase, when credits run out and the 'asmsim\n"
"                        forecast' that reproduces it\n"
"Space:\n"
"  --clouds LIST         aws, oci or aws,oci (the best of each side by side);\n"
"                        default aws\n"
"  --os OS               linux or rhel (instance prices; rhel: AWS only);\n"
"                        default linux\n"
"  --memory-per-ocpu GB  memory of OCI flex shapes, 1..64 GB per OCPU;\n"
"                        default OCI's default for the shape (16)\n"
"  --families LIST       instance families, e.g. m5,r5b,e4flex; default all\n"
"  --volume-types LIST   e.g. gp3,io2; default gp3,gp2,io1,io2,st1,sc1 (aws)\n"
"                        and oci-lower,oci-balanced,oci-higher,oci-uhp (oci)\n"
"  --min-disks N         default 4 (ASM: at least 4 disks per disk group)\n"
"  --max-disks N         default the instance's attachment limit (Nitro 26\n"
"                        data volumes, Xen 39, OCI 32)\n"
"  --sustained           burst credits do not count (the default): every\n"
"                        point starts with empty buckets\n"
"  --burst-ok            the instance's 30-minute burst and the volumes'\n"
"                        credits count; the output says how long they hold\n"
"Options:\n"
"  --top N               configurations to list, 1..100; default 10\n"
"  --jobs N              threads simulating candidates, 1..256; default the\n"
"                        CPUs asmsim may use (the answer does not depend on it)\n"
"  --seed N              random seed of every simulation; default 1\n"
"  --quiet               no progress line (one on stderr every few seconds\n"
"                        while the search runs, terminal or not)\n"
"  --json FILE|-         the whole result as JSON (docs/fields.md, \"Advise\n"
"                        JSON\"); - writes it to stdout instead of the report\n"
"  --report FILE.html    a self-contained HTML report (cost against headroom\n"
"                        with the Pareto front, the best configurations, why\n"
"                        nothing cheaper, the clouds); FILE must not exist\n"
"  --shard K/N           simulate only shard K of N of the space (every Nth\n"
"                        candidate in cost order) and write what it decided as\n"
"                        JSON lines (stdout, or --json FILE) for --merge\n"
"  --merge FILE...       asmsim advise [--json F] --merge FILES: the answer\n"
"                        of shards 1/N .. N/N, the same as the whole search;\n"
"                        a search of a schedule file names it again\n"
"                        (--schedule FILE): a merge reads no file a shard names\n"
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
"failure, 2 bad usage or input, 130 interrupted (what was decided is printed).\n",
          f);
}
