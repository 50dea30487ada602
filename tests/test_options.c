/*
 * test_options.c - the option descriptor table (sim/cli/cli_option_table.h):
 * every row's default is a value its own setter takes, every option a
 * command takes is on that command's --help page, the pages print the
 * row's default where the help says "{}" (forecast's page too, with the
 * values of sim/model/forecast.h), and the tuned command line of
 * the dashboard (tui/tuned_cmdline.c) is made from the rows' print-back.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/cli/cli.h"
#include "sim/cli/cli_option_table.h"
#include "tests/check.h"
#include "tui/tuned_cmdline.c"          /* no curses in it: tested here */

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void row_defaults_should_be_taken_by_their_own_setters(void)
{
    const struct cli_opt_block *b = &cli_run_rows;
    char why[512];

    for (int i = 0; i < b->n; i++) {
        const struct cli_opt_row *r = &b->rows[i];
        const char *defs[] = { r->def, r->def_orion };
        for (size_t k = 0; k < N(defs); k++) {
            struct cli_opts o;
            cli_opts_defaults(&o, CLI_RUN);
            if (defs[k] && r->fn(&o, defs[k], why, sizeof why) != 0)
                CHECK_FAIL_AT("--%s's default %s refused: %s", r->name, defs[k], why);
        }
        for (int h = 0; h < CLI_OPT_HELPS && r->help[h].cmds; h++) {
            char buf[CLI_HELP_TEXT_MAX];
            if (!r->help[h].text && !r->help[h].text_fn)
                CHECK_FAIL_AT("--%s's help has no words", r->name);
            else if (strstr(cli_opt_help_text(&r->help[h], buf, sizeof buf), "{}") &&
                     !r->def)
                CHECK_FAIL_AT("--%s's help quotes a default it has not", r->name);
        }
    }
    /* ORION's rows quote the default of the run option they are */
    for (int i = 0; i < cli_orion_rows.n; i++) {
        const struct cli_opt_row *r = &cli_orion_rows.rows[i];
        const struct cli_opt_help *h = cli_opt_help_for(r, CLI_FOR_ORION);
        char buf[CLI_HELP_TEXT_MAX];
        if (!h || !strstr(cli_opt_help_text(h, buf, sizeof buf), "{}"))
            continue;
        const struct cli_opt_row *same = r->same ? cli_opt_row_find(r->same) : NULL;
        if (r->fn || !same || !(same->def_orion || same->def))
            CHECK_FAIL_AT("-%s's help quotes a default it has not", r->name);
    }
}

/* The options of orion's and forecast's pages written out as groups
   (as for 'asmsim run'), not row by row; forecast's --engine takes only
   "model" and is not shown. */
static bool grouped_on_page(const char *name, unsigned cmd)
{
    static const char *const orion_grouped[] = {
        "os", "memory", "region", "destroy-data", "ignore-signatures",
        "size-limit", "engine", "threads", "uring-sqpoll", NULL,
    };
    static const char *const forecast_grouped[] = {
        "instance", "volume", "disks", "layout", "au", "stripe", "redundancy",
        "failgroups", "layout-file", "size-small", "size-large", "type",
        "stream-io", "engine", NULL,
    };
    const char *const *g = cmd == CLI_FOR_ORION ? orion_grouped :
                           cmd == CLI_FOR_FORECAST ? forecast_grouped : NULL;
    for (; g && *g; g++)
        if (strcmp(*g, name) == 0)
            return true;
    return false;
}

static char *help_of(enum cli_cmd cmd);

/* Whether the printed page lists the flag: a line of its own ("  --json
   FILE|-"), or with `grouped` anywhere in a group ("  --os OS, --memory
   SIZE", "--volume SPEC --disks N"). */
static bool page_lists(const char *page, const char *dash, const char *name, bool grouped)
{
    char flag[64];
    size_t n = (size_t)snprintf(flag, sizeof flag, "%s%s", dash, name);

    for (const char *p = page ? strstr(page, flag) : NULL; p; p = strstr(p + n, flag)) {
        bool line = p - page >= 3 && strncmp(p - 3, "\n  ", 3) == 0;
        bool group = grouped && p > page && p[-1] == ' ';
        if ((line || group) && strchr(" ,\n", p[n]))
            return true;
    }
    return false;
}

static void every_option_should_be_on_the_help_page_of_its_commands(void)
{
    static const unsigned pages[] = {
        CLI_FOR_RUN, CLI_FOR_SWEEP, CLI_FOR_ORION, CLI_FOR_FORECAST, CLI_FOR_COST,
    };
    const struct cli_opt_block *b = &cli_run_rows;

    static const enum cli_cmd page_cmd[] = { CLI_RUN, CLI_SWEEP, CLI_ORION, CLI_FORECAST };
    char *printed[N(page_cmd)];

    for (size_t p = 0; p < N(page_cmd); p++)
        printed[p] = help_of(page_cmd[p]);
    for (int i = 0; i < b->n; i++)
        for (size_t p = 0; p < N(pages); p++) {
            const struct cli_opt_row *r = &b->rows[i];
            if (!(r->cmds & pages[p]))
                continue;
            if (!grouped_on_page(r->name, pages[p]) && !cli_opt_help_for(r, pages[p]))
                CHECK_FAIL_AT("--%s has no help on page %#x", r->name, pages[p]);
            /* and the page, as printed, shows it (its row named on the
               page, or in a section the page prints) */
            bool hidden = pages[p] == CLI_FOR_FORECAST && strcmp(r->name, "engine") == 0;
            if (p < N(page_cmd) && !hidden &&
                !page_lists(printed[p], "--", r->name, grouped_on_page(r->name, pages[p])))
                CHECK_FAIL_AT("--%s is not on the printed page %#x", r->name, pages[p]);
        }
    for (int i = 0; i < cli_advise_rows.n; i++)
        CHECK(cli_opt_help_for(&cli_advise_rows.rows[i], CLI_FOR_ADVISE) != NULL);
    for (int i = 0; i < cli_orion_rows.n; i++) {
        const struct cli_opt_row *r = &cli_orion_rows.rows[i];
        bool ignored = !r->fn && !r->same;      /* -storax, -hugenotneeded */
        CHECK(ignored || cli_opt_help_for(r, CLI_FOR_ORION) != NULL);
        if (!page_lists(printed[2], "-", r->name, ignored))
            CHECK_FAIL_AT("-%s is not on orion's printed page", r->name);
    }
    for (size_t p = 0; p < N(page_cmd); p++)
        free(printed[p]);
}

/* The page as printed, into a malloc'ed string. */
static char *help_of(enum cli_cmd cmd)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    cli_usage(f, cmd);
    fclose(f);
    return buf;
}

static void help_should_state_the_default_the_parser_applies(void)
{
    char *run = help_of(CLI_RUN), *orion = help_of(CLI_ORION);
    char *fc = help_of(CLI_FORECAST);
    CHECK(run && orion && fc);
    CHECK(strstr(run, "  --layout L            coarse, fine, raid0 or concat; default coarse\n"));
    CHECK(strstr(run, "  --testname NAME       [A-Za-z0-9._-]+, at most 64 characters; "
                      "default asmsim\n"));
    CHECK(strstr(orion, "  --instance NAME   EC2 type, oci-e4flex-N, oci-e5flex-N or "
                        "none; default none\n"));
    CHECK(strstr(run, "{}") == NULL && strstr(orion, "{}") == NULL);
    /* forecast's: the rows' defaults, and the values of forecast.h */
    CHECK(fc && strstr(fc, "  --seed N              default 1\n"));
    CHECK(fc && strstr(fc, "  --max-outstanding N   open-loop phases:"));
    CHECK(fc && strstr(fc, "(the database's async I/O limit); default 4096\n"));
    CHECK(fc && strstr(fc, "(at most 1 % of any phase's demand\n"));
    CHECK(fc && strstr(fc, "1..60;\n"));
    CHECK(fc && strstr(fc, "or a preset: oltp-day, redo-peak, weekly-etl\n"));
    CHECK(fc && strstr(fc, "{}") == NULL);
    struct cli_opts o;
    cli_opts_defaults(&o, CLI_RUN);
    CHECK_INT_EQ(o.striping, LAY_COARSE);
    CHECK_STR_EQ(o.testname, "asmsim");
    cli_opts_defaults(&o, CLI_ORION);
    CHECK_INT_EQ(o.striping, LAY_CONCAT);
    CHECK_INT_EQ(o.disks, 1);
    CHECK_INT_EQ(o.given, 0);
    free(run);
    free(orion);
    free(fc);
}

/* The configuration `asmsim tui ARGS` resolves to. */
static int resolve_tui(char **argv, int argc, struct sim_setup *cfg,
                       struct cli_opts *o)
{
    char why[512];
    cli_opts_defaults(o, CLI_RUN);
    if (cli_opts_parse(o, argc, argv, why, sizeof why) != 0)
        return -EINVAL;
    return cli_opts_resolve(o, cfg, why, sizeof why);
}

static void tuned_line_should_replace_what_the_keys_changed_from_the_rows(void)
{
    static struct cli_opts o1, o2;
    char *argv[] = { "tui", "--disks", "1", "--write=0", "--seed", "3", NULL };
    char *moved[] = { "tui", "--disks", "2", "--write", "25", "--size-small",
                      "16KiB", "--seed", "3", NULL };
    struct tuned_launch l = { .argc = 6, .argv = argv };

    CHECK_INT_EQ(resolve_tui(argv, 6, &l.cfg, &o1), 0);
    struct sim_setup measured;
    CHECK_INT_EQ(resolve_tui(moved, 9, &measured, &o2), 0);
    char *line = tui_tuned_command_line(&l, &measured);
    CHECK_STR_EQ(line, "asmsim tui --seed 3 --disks 2 --size-small 16KiB --write 25");
    free(line);
    line = tui_tuned_command_line(&l, &l.cfg);          /* nothing tuned */
    CHECK_STR_EQ(line, "asmsim tui --disks 1 --write=0 --seed 3");
    free(line);
}

/* --size-small and --size-large take 512-byte steps from 512 B to 64 MiB
   on every command that has them (a redo write is 512 B multiples). */
static void io_sizes_should_take_512_byte_steps(void)
{
    static const enum cli_cmd cmds[] = { CLI_RUN, CLI_SWEEP, CLI_FORECAST };
    static const char *const bad[] = { "256", "1000", "0", "4097",
                                       "65537KiB", "8Q" };
    for (size_t c = 0; c < sizeof cmds / sizeof cmds[0]; c++) {
        static struct cli_opts o;
        char why[512];
        char *argv[] = { "x", "--size-small", "512", "--size-large", "1536",
                         NULL };
        cli_opts_defaults(&o, cmds[c]);
        CHECK_INT_EQ(cli_opts_parse(&o, 5, argv, why, sizeof why), 0);
        CHECK_INT_EQ(o.small_bytes, 512);
        CHECK_INT_EQ(o.large_bytes, 1536);
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            char *one[] = { "x", "--size-small", (char *)bad[i], NULL };
            cli_opts_defaults(&o, cmds[c]);
            CHECK_INT_EQ(cli_opts_parse(&o, 3, one, why, sizeof why), -EINVAL);
            CHECK(strstr(why, "a multiple of 512 bytes from 512 to 64MiB"));
        }
    }
}

int main(void)
{
    RUN(row_defaults_should_be_taken_by_their_own_setters);
    RUN(every_option_should_be_on_the_help_page_of_its_commands);
    RUN(help_should_state_the_default_the_parser_applies);
    RUN(tuned_line_should_replace_what_the_keys_changed_from_the_rows);
    RUN(io_sizes_should_take_512_byte_steps);
    return check_done();
}
