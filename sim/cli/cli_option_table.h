/*
 * cli_option_table.h - the option descriptor: one row per option, read by
 * the parsers, --help, the defaults, the config echo and the tuned
 * command line (internal to sim/cli and tui/).
 *
 * fio's option table is the model: an option is one row (its name, the
 * commands that take it, its value's setter, its default, its help and how
 * its value is printed back), and everything that used to repeat the
 * option in another file reads the row instead:
 *
 *   parsing        cli_opts_parse (getopt_long's table is built from the
 *                  rows of the command), cli_opts_set (orion's and cost's
 *                  GNU options), cli_orion_parse (ORION's rows: the ORION
 *                  spelling, mapped onto a run row or with ORION's units)
 *   --help         cli_help.c prints a command's page: its headings and
 *                  free text, and for each option the row's help (the
 *                  row's own words for that command, placed at the page's
 *                  column); "{}" in a help text is the row's default,
 *                  and words with a value known only at print time (a
 *                  list of names, a fraction as a percentage) are the
 *                  help's text_fn's
 *   defaults       cli_opts_defaults applies each row's default through
 *                  the row's own setter (the help quotes the same string)
 *   echo           a row with `echo` is echoed in every output's
 *                  configuration (terminal header, summary.txt, the JSON's
 *                  config.options, the HTML header) when given:
 *                  cli_opts_echo fills struct report_meta's echo
 *   tuned line     a row with print_cfg prints its value back from a
 *                  resolved struct sim_setup; tui/tuned_cmdline.c
 *                  rewrites every such option whose value changed
 *
 * A command or backend contributes its own block of rows: the run/sweep
 * rows (cli_options.c), ORION's (cli_orion.c), advise's (cli_advise.c,
 * whose setters fill its own struct: set_own).  The order of a block is
 * the order hints are looked for in (cli_suggest.c: the first of equally
 * near names wins), not the order of the help, which the page gives.
 */
#ifndef ASMSIM_SIM_CLI_OPTION_TABLE_H
#define ASMSIM_SIM_CLI_OPTION_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "sim/cli/cli.h"

/* The commands a row is for: 1 << enum cli_cmd, and cost's own bit. */
#define CLI_FOR_RUN (1u << CLI_RUN)
#define CLI_FOR_SWEEP (1u << CLI_SWEEP)
#define CLI_FOR_ORION (1u << CLI_ORION)
#define CLI_FOR_FORECAST (1u << CLI_FORECAST)
#define CLI_FOR_COST (1u << 8)
#define CLI_FOR_ADVISE (1u << 9)
#define CLI_FOR_ALL (CLI_FOR_RUN | CLI_FOR_SWEEP | CLI_FOR_ORION)

/* Reads one value into *o: 0, or -EINVAL after writing "<what is wrong>;
   <what is valid>" (without the flag) to why. */
typedef int (*cli_opt_fn)(struct cli_opts *o, const char *v, char *why,
                          size_t n);
/* The setter of a command that keeps its own options (advise: struct
   cli_advise_opts): 0, or as that command's parser documents. */
typedef int (*cli_opt_own_fn)(void *opts, const char *v, char *why, size_t n);
/* The option's value in a resolved run, as the command line spells it
   ("5", "25", "128KiB", "gp3:size=..."), into buf. */
typedef void (*cli_opt_print_fn)(const struct sim_setup *cfg, char *buf,
                                 size_t len);

/* Help words with a value known only when the page is printed (the
   schedule presets' names, a fraction as a percentage): writes the text,
   as `text` would be, into buf.  The words stay in the function's own
   format string, which the compiler checks against its values. */
typedef void (*cli_opt_text_fn)(char *buf, size_t len);
#define CLI_HELP_TEXT_MAX 1024      /* a text_fn's buffer */

/* What --help says of an option on the pages of `cmds`: "ARG" after the
   flag, and the text after the page's column, its lines separated by
   '\n' (the generator indents them). */
struct cli_opt_help {
    unsigned cmds;                  /* CLI_FOR_*; 0 ends the list */
    const char *arg;                /* NULL: a switch */
    const char *text;               /* NULL: text_fn's */
    cli_opt_text_fn text_fn;
};
#define CLI_OPT_HELPS 4

struct cli_opt_row {
    const char *name;               /* without its dash(es) */
    const char *dash;               /* "--", or "-" for ORION's rows */
    bool has_arg;
    unsigned cmds;                  /* CLI_FOR_* */
    cli_opt_fn fn;                  /* NULL with same: same's setter; both
                                       NULL: accepted and ignored */
    cli_opt_own_fn set_own;         /* instead of fn: a command's own
                                       options (advise's rows) */
    const char *same;               /* ORION's rows: the run option that
                                       means the same (fn NULL) or is like
                                       it in other units (for hints) */
    const char *def;                /* the default as typed; NULL: none */
    const char *def_orion;          /* orion's, where it differs */
    struct cli_opt_help help[CLI_OPT_HELPS];
    const char *section;            /* a row no page lists by name: its
                                       help goes at the end of this
                                       section of every page ("output") */
    bool echo;                      /* given, it is echoed in every
                                       output's configuration, by name */
    bool repeat;                    /* a valued option given once per
                                       item (--target, --group); the
                                       others are refused twice */
    cli_opt_print_fn print_cfg;     /* NULL: not printed back */
};

/* A block of rows one command or backend contributes. */
struct cli_opt_block {
    const struct cli_opt_row *rows;
    int n;
};

extern const struct cli_opt_block cli_run_rows;     /* cli_options.c */
extern const struct cli_opt_block cli_orion_rows;   /* cli_orion.c */
extern const struct cli_opt_block cli_advise_rows;  /* cli_advise.c */

/* The GNU row named name (run, sweep, forecast, orion's model options,
   cost), or NULL. */
const struct cli_opt_row *cli_opt_row_find(const char *name);
/* The row of block b named name (ORION's: without regard to case), or
   NULL. */
const struct cli_opt_row *cli_opt_block_find(const struct cli_opt_block *b,
                                             const char *name);

/* The help of row r on the page of the commands `cmd` (CLI_FOR_*), or
   NULL when r has none there. */
const struct cli_opt_help *cli_opt_help_for(const struct cli_opt_row *r,
                                            unsigned cmd);

/* The words of help h: its text, or text_fn's written into buf. */
const char *cli_opt_help_text(const struct cli_opt_help *h, char *buf,
                              size_t len);

/* The options given whose rows are echoed (echo), in table order, as
   name and value (both kept, not copied) into out[0..max): their count. */
int cli_opts_echo(const struct cli_opts *o, struct report_echo *out, int max);

/* Print row r's help for cmd: "  " dash name " " arg, padded to column
   col (two spaces when it reaches col), the text's lines indented to
   col; "{}" is the default of cmd. */
void cli_opt_print_help(FILE *f, const struct cli_opt_row *r, unsigned cmd,
                        int col);

#endif
