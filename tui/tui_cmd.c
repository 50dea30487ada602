/*
 * tui_cmd.c - `asmsim tui [run options]`: the interactive session.
 *
 * Takes every option of `asmsim run` (the same parser, so the same checks
 * and messages), resolves them to a run configuration and starts an
 * interactive session (sim/session/session.h) on the dashboard (dash.c).  The
 * session walks the ORION matrix of the configuration, each cell measured
 * for --duration of device time (default here 5 s, not run's 60 s, so the
 * matrix fills in while one watches), paced to the wall clock at --speed
 * (default 1 = real time) on modelled volumes.
 *
 * On quit, what was measured is saved when --output-dir was given (the
 * files a batch run writes); 's' saves at any time (to --output-dir, or
 * the current directory).  The saved files name the configuration that was
 * measured: after tuning, their command line is the launch command with
 * the tuned settings in force (tuned_cmdline.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/cli/cli_option_table.h"
#include "tui/tui.h"
#include "tui/tuned_cmdline.h"

#define TUI_CELL_NS (5 * SIM_NS_PER_S)

static void tui_usage(FILE *f)
{
    fputs("Usage: asmsim tui [run options]\n"
          "The live dashboard: walks the ORION matrix of the disk group on "
          "the screen and\nlets you tune it with keys (press ? for the list): "
          "load, disks, write\npercentage, I/O sizes, layout, redundancy, "
          "volume IOPS and throughput,\ninstance; baseline and deltas, pause, "
          "restart, save, quit; Down/Up scroll the\ndisk rows when not all fit. "
          "Keys pressed quickly all act, in order.\n\n"
          "Takes every option of 'asmsim run' (see 'asmsim run --help'), and:\n"
          "  --duration TIME   measured time per matrix cell; default 5s here\n"
          "  --speed N|max     device seconds per wall second on modelled "
          "volumes;\n"
          "                    default 1 (real time); 600 plays 10 minutes a "
          "second\n"
          "  --output-dir DIR  where 's' and quitting save the ORION files and "
          "results\n                    JSON (without it 's' saves to the "
          "current directory\n                    and quitting saves nothing)\n"
          "Saved files record the configuration measured: after tuning, the "
          "command line\nwith the tuned settings (--disks, --write, ...).\n\n"
          "Time: a gauge per burst bucket (each volume's, the instance's) with "
          "when it\nempties or fills at the current rate; MBPS, IOPS and p99 "
          "over the whole run\n(start at the left, now at the right); events "
          "(a bucket empty or refilled, the\ninstance burst spent, the binding "
          "limit changed) on the status line and in a\nlog.  With the default "
          "--burst-credits full every point starts from full\nbuckets; "
          "--burst-credits carry[=LEVEL] lets them drain over time as on one\n"
          "instance.\n\n"
          "Needs a terminal of at least 80x24; NO_COLOR=1 turns colour off.\n"
          "Example:\n"
          "  asmsim tui --instance r5b.8xlarge --volume "
          "gp3:throughput=500MiB/s --disks 8\n"
          "  asmsim tui --instance m5.large --volume gp2:size=500GiB --disks 4 "
          "\\\n      --matrix point --num-small 32 --num-large 0 "
          "--burst-credits carry \\\n      --speed 600\n", f);
}

static bool duration_given(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "--duration", 10) == 0)
            return true;
    return false;
}

int tui_cmd(int argc, char **argv, sim_stop_flag *stop)
{
    struct cli_opts *o = malloc(sizeof *o);
    struct sim_session_cfg sc = { 0 };
    sim_session *s = NULL;
    char why[512];
    char *cmdline = NULL;
    int rc, status = 0;

    if (!o)
        return 1;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            tui_usage(stdout);
            free(o);
            return 0;
        }
    cli_opts_defaults(o, CLI_RUN);
    rc = cli_opts_parse(o, argc, argv, why, sizeof why);
    if (rc == 0 && (rc = cli_opts_resolve(o, &sc.setup, why, sizeof why)) == 0)
        rc = cli_check_outputs(o, why, sizeof why);
    if (rc < 0) {
        cli_print_error(stderr, "asmsim tui", why);
        free(o);
        return 2;
    }
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "asmsim tui: needs a terminal on stdin and stdout; "
                "for a batch run with a status line use 'asmsim run "
                "--progress'\n");
        free(o);
        return 2;
    }
    cmdline = cli_join_command_line(argc, argv);
    sc.setup.run.point.stop = stop;
    sc.cell_ns = duration_given(argc, argv) && !o->auto_duration ? o->duration_ns
                                                                  : TUI_CELL_NS;
    sc.speed = o->speed < 0 ? 1.0 : o->speed;
    sc.output_dir = o->output_dir;
    sc.testname = o->testname;
    sc.command_line = cmdline;
    sc.version = ASMSIM_VERSION;
    struct report_echo echo[REPORT_ECHO_MAX];
    sc.n_echo = cli_opts_echo(o, echo, REPORT_ECHO_MAX);
    sc.echo = echo;
    struct tuned_launch launch = { .argc = argc, .argv = argv, .cfg = sc.setup };
    sc.command_line_of = tui_tuned_command_line;
    sc.command_line_arg = &launch;
    rc = sim_session_create(&sc, &s, why, sizeof why);
    if (rc == 0 && (rc = sim_session_start(s)) != 0)
        snprintf(why, sizeof why, "cannot start the engine thread: %s", strerror(-rc));
    if (rc == 0) {
        rc = tui_dashboard(s, o, stop, o->output_dir != NULL);
        if (rc < 0)
            snprintf(why, sizeof why, "cannot use the terminal: %s", strerror(-rc));
    }
    if (rc < 0) {
        cli_print_error(stderr, "asmsim tui", why);
        status = 1;
    } else if (sim_stop_is_set(stop)) {
        status = 130;
    }
    sim_session_destroy(s);
    free(cmdline);
    free(o);
    return status;
}
