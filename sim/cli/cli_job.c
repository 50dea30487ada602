/*
 * cli_job.c - setting up and tearing down a struct cli_job (cli_job.h),
 * and cli_join_command_line(): the command as the JSON, the summary and
 * the reports record it, each word as the shell reads it back
 * (sim_shell_word), so the line pasted runs that command and nothing else.
 *
 * The LUN names are what the reports and ORION's banner list for each
 * disk: for modelled volumes a made-up but stable "DATA_0000 (gp3 250
 * GiB)", for real targets their paths.  They are made once for the
 * largest disk count of the command (a sweep's last count), so every run
 * of a sweep can point into the same array.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/cli/cli_cluster_stderr.h"
#include "sim/cli/cli_job.h"
#include "sim/cli/cli_option_table.h"
#include "sim/core/shell_word.h"

bool cli_command_append(char **s, size_t *len, const char *value)
{
    size_t cap = SIM_SHELL_WORD_BUF(strlen(value));
    const char *rest = value + strspn(value, "-");
    char *t = realloc(*s, *len + 1 + cap);

    if (!t)
        return false;
    t[(*len)++] = ' ';
    /* an option ("--json", "-") is bare: dashes are nothing to a shell,
       and sim_shell_word quotes a word that starts with one */
    if (rest != value && (!*rest || strcmp(sim_shell_word(rest, t + *len, cap), rest) == 0))
        memcpy(t + *len, value, strlen(value) + 1);
    else
        sim_shell_word(value, t + *len, cap);
    *len += strlen(t + *len);
    *s = t;
    return true;
}

/* Each argument one shell word (sim_shell_word): the line in summary.txt,
   the JSON and the reports runs again when pasted, a path with a space or
   a quote included.  An option stays as typed: a leading '-' means
   nothing to the shell (sim_shell_word quotes it for a path's sake). */
char *cli_join_command_line(int argc, char **argv)
{
    size_t len = strlen("asmsim");
    char *s = strdup("asmsim");

    for (int i = 0; s && i < argc; i++) {
        if (!cli_command_append(&s, &len, argv[i])) {
            free(s);
            return NULL;
        }
    }
    return s;
}

/* LUN names of modelled volumes: "DATA_0000 (gp3 250 GiB)". */
static int make_luns(struct cli_job *j, int disks)
{
    char size[32];

    j->lun_names = calloc((size_t)disks, sizeof *j->lun_names);
    j->luns = calloc((size_t)disks, sizeof *j->luns);
    if (!j->lun_names || !j->luns)
        return -ENOMEM;
    if (j->o->engine == CLI_ENGINE_AIO) {     /* real targets: their paths */
        for (int d = 0; d < disks; d++)
            j->luns[d] = d < j->o->n_targets ? j->o->targets[d] : "?";
        return 0;
    }
    prof_format_size(j->o->volume.size_bytes, size, sizeof size);
    for (int d = 0; d < disks; d++) {
        snprintf(j->lun_names[d], CLI_LUN_NAME_LEN, "DATA_%04d (%s %s)", d,
                 j->o->volume.type, size);
        j->luns[d] = j->lun_names[d];
    }
    return 0;
}

void cli_job_free(struct cli_job *j)
{
    cli_over_free(j->over);
    j->over = NULL;
    free(j->command_line);
    free(j->lun_names);
    free(j->luns);
    for (int r = 0; j->rank_targets && r < j->n_rank_targets; r++)
        free(j->rank_targets[r]);
    free(j->rank_targets);
}

int cli_job_init(struct cli_job *j, struct cli_opts *o, int argc, char **argv)
{
    int max_disks = o->cmd == CLI_SWEEP ? o->counts[o->n_counts - 1]
                                        : o->disks;

    if (o->engine == CLI_ENGINE_AIO && o->cmd != CLI_SWEEP)
        max_disks = o->n_targets;

    j->o = o;
    j->json_stdout = (o->json_path && strcmp(o->json_path, "-") == 0) ||
                     (o->fio_json_path && strcmp(o->fio_json_path, "-") == 0);
    j->tty = isatty(cli_cluster_stderr_fd(o->held_stderr)) == 1;
    j->command_line = cli_join_command_line(argc, argv);
    if (!j->command_line || make_luns(j, max_disks) != 0)
        return -ENOMEM;
    j->meta.testname = o->testname;
    j->meta.command_line = j->command_line;
    j->meta.version = ASMSIM_VERSION;
    j->meta.luns = j->luns;
    j->meta.n_luns = max_disks;
    j->meta.skipped = o->skipped;
    j->meta.n_skipped = o->n_skipped;
    j->meta.n_echo = cli_opts_echo(o, j->echo, REPORT_ECHO_MAX);
    j->meta.echo = j->echo;
    j->meta.orion = o->orion_version;
    j->meta.orion_args = o->orion_args[0] ? o->orion_args : NULL;
    j->meta.cache_size_given = o->cache_given;
    return 0;
}

int cli_job_n_runs(const struct cli_job *j)
{
    if (j->over)
        return j->over->sweep.n;
    return j->o->cmd == CLI_SWEEP ? j->o->n_counts : 1;
}

void cli_job_run_name(const struct cli_job *j, int i, char *buf, size_t len)
{
    if (j->over) {
        snprintf(buf, len, "%s=%s", j->over->sweep.param, j->over->sweep.value[i]);
        return;
    }
    int disks = j->o->cmd == CLI_SWEEP ? j->o->counts[i] : j->o->disks;
    snprintf(buf, len, "%d disk%s", disks, disks == 1 ? "" : "s");
}
