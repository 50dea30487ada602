/*
 * main.c - the `asmsim` executable: dispatch to a subcommand, --help,
 * --version, and the signal handling that makes Ctrl-C safe.
 *
 * The only mutable global of the program lives here: the stop flag that the
 * SIGINT/SIGTERM/SIGHUP handler sets and that the engine polls through
 * sim_point_opts.stop.  A handler can reach nothing else, and keeping it
 * out of the core library keeps the core free of globals.  The handler
 * stays installed after the first signal: the engine polls the flag inside
 * every point, so the partial results come within moments, and tools such
 * as timeout(1) deliver the same signal twice (to the process and to its
 * group), which must not kill the process half-way through writing.
 *
 * SIGHUP is a stop like the others: closing the terminal (or an ssh
 * session dropping) is how many sessions end, and it must keep what was
 * measured, not lose it.  Unlike INT, a HUP that the parent set to be
 * ignored stays ignored: that is what nohup(1) asks for.  (INT is taken
 * even when ignored, because a shell without job control starts every
 * background command with INT ignored, and `kill -INT` must still stop it.)
 *
 * SIGPIPE is ignored from the start: `asmsim run ... | tee log` whose tee
 * dies would otherwise kill asmsim at its next write to stdout (exit 141),
 * before the --json and -o files are written.  Ignored, the write fails
 * with EPIPE and the command goes on to write its files; the stdout check
 * below then says so and exits 1.
 *
 * Before any command, stdout and stderr themselves are judged by the rule
 * every output follows (report_output_stdout_ok): `asmsim run >
 * /dev/loop0` and `asmsim run 2> /dev/loop0` are refused with exit status
 * 2 instead of writing over the disk.  A refused stderr takes no message
 * (that is the write refused); the reason goes to stdout when stdout may
 * take it.
 *
 * Last, every command's stdout is checked once, here (close_stdout): a
 * write that failed (a full disk, /dev/full, a hung-up terminal, a pipe
 * whose reader is gone) is an error on stderr and exit status 1, never a
 * silent exit 0 with a short or empty file.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sim/cli/cli.h"
#include "sim/cli/cli_cluster.h"
#include "sim/cli/cli_cluster_stderr.h"
#include "sim/core/cluster.h"
#include "sim/report/report.h"
#include "tui/tui.h"

static sim_stop_flag stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    sim_stop_set(&stop_requested);
}

static void install_handlers(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = 0;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    struct sigaction old;
    if (sigaction(SIGHUP, NULL, &old) == 0 && old.sa_handler != SIG_IGN)
        sigaction(SIGHUP, &sa, NULL);
}

/* The command's exit status, or 1 when what it wrote to stdout did not
   all arrive (0 stays 0 only when stdout is whole; a failure or an
   interrupt keeps its own status).  stdio keeps unwritten bytes after a
   failed write, so the last fflush fails again and names the errno
   (ENOSPC, EIO); fclose catches an error a file system reports only on
   close.  Said on stderr, unless the command failed after a write that
   left nothing behind: that is --json - checking its own write, which
   has said so already.  A stdout closed by the caller (>&-) with nothing
   written to it is no error. */
/* An errno a failed write to stdout leaves, which stdio keeps until
   something else sets errno: read at the exit check when the flush has
   nothing left to fail with, and believed only if it is one a write
   gives. */
static bool write_errno(int e)
{
    return e == ENOSPC || e == EPIPE || e == EIO || e == EDQUOT || e == EFBIG;
}

static int close_stdout(int status)
{
    int left = errno;
    errno = 0;
    bool flush_failed = fflush(stdout) != 0;
    bool failed = flush_failed || ferror(stdout);
    int err = flush_failed ? errno : 0;

    if (fclose(stdout) != 0 && !failed && errno != EBADF) {
        failed = true;
        err = errno;
    }
    if (failed && !err && write_errno(left))
        err = left;
    if (!failed || (status != 0 && !err) || report_stdout_told())
        return status == 0 && failed ? 1 : status;
    fprintf(stderr, "asmsim: stdout: cannot write what the command printed: "
            "%s\n", err ? strerror(err) : "a write failed");
    return status == 0 ? 1 : status;
}

/* Under mpirun: the commands that measure or search together, run and
   advise (cli_cluster.c); the others would only do the same thing N
   times, each writing the same files. */
static bool cluster_command(const char *cmd)
{
    return strcmp(cmd, "run") == 0 || strcmp(cmd, "advise") == 0;
}

static int dispatch(int argc, char **argv, const struct cluster *cl,
                    struct cli_stderr_hold *held)
{
    static char help_flag[] = "--help";

    if (argc > 2 && strcmp(argv[1], "help") == 0) {
        /* asmsim help COMMAND: asmsim COMMAND --help */
        argv[1] = argv[2];
        argv[2] = help_flag;
        argc = 3;
    }
    const char *cmd = argc > 1 ? argv[1] : NULL;

    if (!cmd) {     /* a usage error like any other: one line, exit 2 */
        fprintf(stderr, "asmsim: a command is needed: %s. Try 'asmsim "
                "--help'.\n", CLI_COMMANDS);
        return 2;
    }
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 ||
        strcmp(cmd, "help") == 0) {
        cli_main_usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        printf("asmsim %s\n", ASMSIM_VERSION);
        return 0;
    }
    char q[40];     /* a command is a word: room for the list of them */
    if (!cluster_command(cmd) && cli_cluster_refuse(cl, cli_quote(cmd, q, sizeof q)))
        return 2;
    /* run/sweep/forecast --tui: the dashboard (tui/) watches the batch
       session */
    struct cli_ui ui = { .watch = tui_watch, .arg = (void *)&stop_requested,
                         .cluster = cl, .held_stderr = held };
    if (strcmp(cmd, "run") == 0)
        return cli_cmd_run_ui(argc - 1, argv + 1, &stop_requested, &ui);
    if (strcmp(cmd, "sweep") == 0)
        return cli_cmd_sweep_ui(argc - 1, argv + 1, &stop_requested, &ui);
    if (strcmp(cmd, "tui") == 0)
        return tui_cmd(argc - 1, argv + 1, &stop_requested);
    if (strcmp(cmd, "orion") == 0)
        return cli_cmd_orion(argc - 1, argv + 1, &stop_requested);
    if (strcmp(cmd, "profiles") == 0)
        return cli_cmd_profiles(argc - 1, argv + 1);
    if (strcmp(cmd, "cost") == 0)
        return cli_cmd_cost(argc - 1, argv + 1);
    if (strcmp(cmd, "report") == 0)
        return cli_cmd_report(argc - 1, argv + 1);
    if (strcmp(cmd, "forecast") == 0)
        return cli_cmd_forecast_ui(argc - 1, argv + 1, &stop_requested, &ui);
    if (strcmp(cmd, "advise") == 0)
        return cli_cmd_advise_on(argc - 1, argv + 1, &stop_requested, &ui);
    if (strcmp(cmd, "awr") == 0)
        return cli_cmd_awr(argc - 1, argv + 1);
    fprintf(stderr, "asmsim: %s: unknown command; use %s. Try 'asmsim "
            "--help'.\n", cli_quote(cmd, q, sizeof q), CLI_COMMANDS);
    return 2;
}

int main(int argc, char **argv)
{
    char why[400];

    signal(SIGPIPE, SIG_IGN);
    if (report_output_stdout_ok(STDERR_FILENO, why, sizeof why) < 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
            dup2(null, STDERR_FILENO);      /* nothing lands on what it names */
        char ignored[8];
        if (report_output_stdout_ok(STDOUT_FILENO, ignored, sizeof ignored) == 0)
            printf("asmsim: %s\n", why);
        return 2;
    }
    if (report_output_stdout_ok(STDOUT_FILENO, why, sizeof why) < 0) {
        fprintf(stderr, "asmsim: %s\n", why);
        return 2;
    }
    /* before MPI starts (a second under mpirun): a Ctrl-C then stops the
       run before its first point, rather than killing a rank unheard */
    install_handlers();
    struct cluster *cl = NULL;
    if (cluster_open(&argc, &argv, &cl, why, sizeof why) < 0) {
        fprintf(stderr, "asmsim: %s\n", why);
        return 2;
    }
    /* under mpirun rank 0 alone prints (its errors aside) */
    if (cluster_rank(cl) != 0 && !freopen("/dev/null", "w", stdout)) {
        fprintf(stderr, "asmsim: rank %d: cannot quiet its stdout\n", cluster_rank(cl));
        cluster_close(cl);
        return 1;
    }
    /* under mpirun what every rank would say alike is said once */
    struct cli_stderr_hold held;
    cli_cluster_hold_stderr(cl, &held);
    int status = dispatch(argc, argv, cl, &held);
    cli_cluster_drop_stderr(cl, &held);
    status = close_stdout(status);
    cluster_close(cl);
    return status;
}
