/*
 * tuned_cmdline.c - the command line that measures again what the
 * dashboard measured, after the user tuned it with keys.
 *
 * `asmsim tui --disks 4` followed by '>' and 'w' measured 5 disks at 25 %
 * writes; a save that recorded "asmsim tui --disks 4" would describe a
 * configuration that was never measured.  So the saved files carry the
 * launch command with every setting the keys can change and did change
 * replaced by its value in force: the option is dropped from the launch
 * argv wherever it was spelled exactly (--disks 4, --disks=4) and the new
 * value is appended (--disks 5 --write 25).  Settings the keys did not
 * change stay as the user typed them, so the command reads like theirs.
 *
 * A setting is "changed" when the measured configuration differs from the
 * launch one (tuned_launch.cfg); comparing the two, rather than logging the
 * keys, keeps the line right however many keys were pressed and whichever
 * were refused.  The settings compared, their names and how a value is
 * spelled are the option table's (cli_option_table.h: the rows with a
 * print-back, print_cfg); the changed ones are appended in the table's
 * order.  An abbreviated option (getopt's --dis 4) is not
 * recognised and stays; the appended option then follows it, and the
 * command line takes the last.  Every word is a shell word
 * (cli_command_append), so the line pasted runs that command and nothing
 * else, whatever the launch's values hold.
 *
 * A database workload's loads scaled with +/- have no option: the line
 * is then the launch's with a shell comment naming the loads measured
 * (sim_session_db_command_line), which runs the workload as given when
 * pasted and tells the reader it was measured at other loads.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/cli/cli.h"
#include "sim/cli/cli_option_table.h"
#include "sim/session/session.h"
#include "tui/tuned_cmdline.h"

/* The options whose value a resolved run prints back (the option
   table's rows with print_cfg): those the keys change, and any row that
   gains a print-back later, without an edit here. */
#define TUNED_MAX CLI_SEEN_MAX

/* The row of the printed-back option argv word w names ("--disks" or
   "--disks=4"); NULL for any other word.  *inline_value: the value is in
   the word. */
static const struct cli_opt_row *opt_named(const char *w, bool *inline_value)
{
    const struct cli_opt_block *b = &cli_run_rows;

    if (strncmp(w, "--", 2) != 0)
        return NULL;
    w += 2;
    for (int i = 0; i < b->n && i < TUNED_MAX; i++) {
        const struct cli_opt_row *r = &b->rows[i];
        size_t n = strlen(r->name);
        if (r->print_cfg && strncmp(w, r->name, n) == 0 &&
            (w[n] == '\0' || w[n] == '=')) {
            *inline_value = w[n] == '=';
            return r;
        }
    }
    return NULL;
}

/* changed[i]: row i prints back another value in measured than at launch. */
static void find_changed(const struct sim_setup *launch,
                         const struct sim_setup *measured, bool *changed)
{
    const struct cli_opt_block *b = &cli_run_rows;
    char launch_v[160], now_v[160];

    for (int i = 0; i < b->n && i < TUNED_MAX; i++) {
        const struct cli_opt_row *r = &b->rows[i];
        changed[i] = false;
        if (!r->print_cfg)
            continue;
        r->print_cfg(launch, launch_v, sizeof launch_v);
        r->print_cfg(measured, now_v, sizeof now_v);
        changed[i] = strcmp(launch_v, now_v) != 0;
    }
}

char *tui_tuned_command_line(void *arg, const struct sim_setup *measured)
{
    const struct tuned_launch *l = arg;
    const struct cli_opt_block *b = &cli_run_rows;
    bool changed[TUNED_MAX];
    char now_v[160];

    find_changed(&l->cfg, measured, changed);
    size_t len = strlen("asmsim");
    char *s = strdup("asmsim");
    if (!s)
        return NULL;
    bool ok = true;
    for (int i = 0; ok && i < l->argc; i++) {
        bool inline_value = false;
        const struct cli_opt_row *r = opt_named(l->argv[i], &inline_value);
        if (r && changed[r - b->rows]) {
            if (!inline_value)
                i++;                /* its value: the next word */
            continue;
        }
        ok = cli_command_append(&s, &len, l->argv[i]);
    }
    for (int i = 0; ok && i < b->n && i < TUNED_MAX; i++) {
        if (!changed[i])
            continue;
        char flag[40];
        snprintf(flag, sizeof flag, "--%s", b->rows[i].name);
        b->rows[i].print_cfg(measured, now_v, sizeof now_v);
        ok = cli_command_append(&s, &len, flag) && cli_command_append(&s, &len, now_v);
    }
    if (!ok) {
        free(s);
        return NULL;
    }
    /* a database workload's loads scaled on the dashboard: no option
       sets them, so the line says so (a shell comment) */
    char *line = sim_session_db_command_line(s, &l->cfg, measured);
    free(s);
    return line;
}
