/*
 * cli_job.h - one run, sweep or orion command being carried out: its
 * options plus what is derived from them once (the command line for the
 * reports, the LUN names, where stdout goes), shared by the modules that
 * print, show progress and write the outputs.  Internal to the cli_*
 * files.
 *
 * A job is filled by cli_job_init() after the options are resolved and
 * lives until the command returns; the LUN names and the command line are
 * allocated once there and released by cli_job_free(), which is safe on a
 * zeroed job, so every exit path can call it.
 */
#ifndef ASMSIM_SIM_CLI_JOB_H
#define ASMSIM_SIM_CLI_JOB_H

#include <stdbool.h>

#include "sim/cli/cli.h"
#include "sim/report/report.h"

#define CLI_WHY_LEN 512             /* the one-line error reasons */
#define CLI_LUN_NAME_LEN 112

/* Everything one run or sweep command needs besides the options. */
struct cli_job {
    struct cli_opts *o;
    struct sim_setup cfg;
    struct report_meta meta;
    char *command_line;
    char (*lun_names)[CLI_LUN_NAME_LEN];
    const char **luns;
    char **rank_targets;            /* under mpirun, rank 0: meta's */
    int n_rank_targets;
    bool json_stdout;               /* --json -: stdout is JSON only */
    bool tty;                       /* stderr is a terminal */
    const struct cli_ui *ui;        /* --tui's live view, or NULL */
    struct report_echo echo[REPORT_ECHO_MAX];   /* meta.echo */
    struct cli_over_runs *over;     /* sweep --over: its runs (cfg.over
                                       points into it); NULL otherwise */
};

/* The runs of the job (a sweep's: over its counts or its --over values;
   1 for a run), and run i's name in a progress line: "4 disks",
   "size-large=1MiB". */
int cli_job_n_runs(const struct cli_job *j);
void cli_job_run_name(const struct cli_job *j, int i, char *buf, size_t len);

/* Fill *j for resolved options *o (kept, not copied) and the subcommand's
   argv: the command line, the LUN names of the largest disk count, the
   report metadata.  0 or -ENOMEM (call cli_job_free either way). */
int cli_job_init(struct cli_job *j, struct cli_opts *o, int argc,
                 char **argv);

/* Release what cli_job_init allocated; a zeroed job is fine. */
void cli_job_free(struct cli_job *j);

#endif
