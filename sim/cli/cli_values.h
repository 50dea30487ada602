/*
 * cli_values.h - the value parsers shared by both option styles (run/sweep's
 * GNU options and orion's ORION flags); see cli_values.c.
 *
 * Every parser checks the whole text and its range, returns 0 or -EINVAL,
 * leaves *out untouched on failure and prints nothing.
 */
#ifndef ASMSIM_SIM_CLI_VALUES_H
#define ASMSIM_SIM_CLI_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "layouts/why.h"
#include "sim/core/shell_word.h"
#include "sim/core/simtime.h"
#include "workloads/wl_spec.h"

/* A decimal integer in [min, max]: digits, with a leading '-' only when
   min < 0; no blanks, no '+', nothing after the digits. */
int cli_parse_int(const char *text, long long min, long long max,
                  long long *out);

/* An unsigned decimal integer, no sign, up to UINT64_MAX. */
int cli_parse_u64(const char *text, uint64_t *out);

/* A plain decimal "<digits>[.<digits>]" in [min, max]: no sign, blanks,
   exponent, hex, inf or nan. */
int cli_parse_double(const char *text, double min, double max, double *out);

/* 90, 90s, 1.5s, 500ms, 2m, 1h (a plain decimal and a unit), or terms of
   a decimal and a unit from the largest down, each unit once (1h30m,
   11m59s, 2m30.5s): at most CLI_MAX_DURATION_NS.  -ERANGE for a time that reads but is longer,
   -EINVAL for one that does not read. */
int cli_parse_time_ns(const char *text, sim_ns *out);

/* A latency with its unit, "500us", "0.8ms", "2s", 0.001 us .. 10^9 us,
   into microseconds.  0, or -EINVAL. */
int cli_parse_latency_us(const char *text, double *us);

/* A size (prof_parse_size: 512, 4k, 8KiB, 1MiB) within [min, max] bytes
   and, when align is not 0, a multiple of it. */
/* The largest size a file, a size limit or advise's capacity may be, and
   how a refusal names it with the units a size takes (prof_parse_size
   knows none above T): "1PiB" is not a size, "2000TiB" is too large. */
#define CLI_SIZE_MAX (1ull << 50)
#define CLI_SIZE_MAX_TEXT "1024TiB"
#define CLI_SIZE_UNITS "KiB..TiB or KB..TB"
int cli_parse_size_in(const char *text, uint64_t align, uint64_t min,
                      uint64_t max, uint64_t *out);

/* An I/O size (--size-small, --size-large of run, sweep, forecast, tui
   and advise): a multiple of CLI_IO_ALIGN_BYTES from it to 64 MiB.  512
   bytes is the sector Oracle's redo writes come in (a redo block is 512
   bytes on Linux), so a redo study can ask for it; a real device whose
   logical block is larger refuses such sizes when it opens
   (aio_target.c).  CLI_IO_SIZE_RULE is how a refusal words the rule.
   The numbers are the workload classes' (workloads/wl_spec.h), so a
   workload file's sizes follow the same rule. */
#define CLI_IO_ALIGN_BYTES WL_IO_ALIGN_BYTES
#define CLI_IO_SIZE_RULE WL_IO_SIZE_RULE
int cli_parse_io_size(const char *text, uint32_t *out);

/* Burst credits: "full", "empty", "50%" or "50" -> a fraction 0..1. */
int cli_parse_burst(const char *text, double *frac);

/* --burst-credits: a level as cli_parse_burst (every point starts from
   it: *carry false), or "carry" / "carry=LEVEL" (the first point starts
   from LEVEL, default full, and the state carries: *carry true). */
int cli_parse_burst_credits(const char *text, double *frac, bool *carry);

/* "1-16", "1,2,4,8,16", "2-8,12" -> ascending unique disk counts in
   1..LAY_MAX_DISKS, at most max_counts of them; *repeated is the smallest
   count the text lists more than once ("1,1,2", "1-4,3"), 0 if none; on
   error the reason (without the flag) is in why. */
int cli_parse_disk_list(const char *text, int *counts, int max_counts,
                        int *n_out, int *repeated, char *why, size_t why_len);

/* 1..CLI_TESTNAME_MAX characters of [A-Za-z0-9._-]. */
bool cli_testname_ok(const char *name);

/* The longest reason built from the command line's values (prefix
   included): one line a terminal shows whole and a script can grep;
   quoted values are cut at CLI_QUOTE_CHARS to keep it so. */
#define CLI_MSG_MAX 200
/* The longest error line the CLI prints: a real target's refusal names
   the path, and its remedy may name it again (the dd command that fills
   a file with holes), so it may pass CLI_MSG_MAX; the remedy, at the end,
   must not be cut.  cli_print_error cuts beyond this. */
#define CLI_LINE_MAX 480

/* Characters of user input a message shows before cutting it with "...";
   the rule is layouts/why.h's (why_quote), shared with the layers below. */
#define CLI_QUOTE_CHARS WHY_QUOTE_CHARS
/* A buffer this big always holds a whole quoted value: every shown
   character may take 4 bytes, plus the quotes, "..." and the NUL. */
#define CLI_QUOTE_BUF WHY_QUOTE_BUF

/* User input made safe to echo in a one-line message: why_quote of the
   whole string.  A value that is plain (1..CLI_QUOTE_CHARS characters,
   printable UTF-8, no space, '"' or '\\') is copied as it is, so ordinary
   values read as before; any other is put in double quotes, control
   characters (C0, DEL, C1), bidi controls and bytes that are not UTF-8
   written as \xNN, '"' and '\\' as \" and \\, and cut after
   CLI_QUOTE_CHARS characters with "..." after the closing quote.
   Examples: 4 -> 4, "" -> "", "a b" -> "a b", "4<LF>x" -> "4\x0ax".
   NULL gives (null).  Always NUL-terminates buf when n > 0 (a buf under
   CLI_QUOTE_BUF may cut earlier, at a whole character); returns buf, so the
   call can be an argument of printf.  Callers do not add quotes of their
   own. */
char *cli_quote(const char *s, char *buf, size_t n);

/* src for a terminal, whole: what it would act on instead of showing
   (control characters, bidi controls) and bytes that are not UTF-8
   written as \xNN, the rest as it is, no quotes added and nothing cut
   but at the end of buf (at a whole character; 4 x strlen(src) + 1 bytes
   always hold it).  For a path in a header, where cli_quote would cut it.
   Returns buf. */
char *cli_escape(const char *src, char *buf, size_t n);

/* s as one word of a command printed for the user to paste
   (sim_shell_word: bare when plain, else in single quotes), into out;
   NULL when out (SIM_SHELL_WORD_BUF(strlen(s)) bytes hold it) is too
   small or s holds what cli_escape would escape (a control character,
   a byte that is not UTF-8): a terminal would act on it, so such a value
   is shown by cli_quote and not offered to paste. */
const char *cli_paste_word(const char *s, char *out, size_t len);

/* Print "<prefix>: <why>" on f as one line of at most CLI_LINE_MAX
   characters: the parts of a reason are each bounded (quoted values at 80
   columns), and a line they still make too long is cut, at a whole
   character, with "...".  Control characters and bytes that are not UTF-8
   (a path a lower layer put in raw) are written \xNN, as cli_quote
   writes them.  The last defence of the one-line rule. */
void cli_print_error(FILE *f, const char *prefix, const char *why);

/* Whether arg, the word after an option that takes a value, is an
   option instead: "--" and a letter ("--json"), or "--" alone.  No
   value is spelled so ("-" is stdout, "-1" a number whose parser
   refuses it by range), so "--nodes --instance x" is --nodes given
   without its value, refused as "--nodes: needs a value", not --nodes
   "--instance" and a stray "x".  Every command's parser asks it
   (ORION's also of its own -flags). */
bool cli_value_is_option(const char *arg);

/* The same of getopt_long's optarg, when getopt took it from the word
   after the option (argv[optind - 1]) rather than from "--name=value":
   "--json=--x" is a value the user spelled out. */
bool cli_optarg_is_option(const char *optarg_, char *const *argv, int optind_);

/* A usage error of a command with its own parser (awr, report): on
   stderr "asmsim CMD: 'ARG': MSG. Try 'asmsim CMD --help'." (without the
   argument when arg is NULL).  Returns 2, the exit status. */
int cli_usage_error(const char *cmd, const char *msg, const char *arg);

/* Spell the {field} names a pure layer's reason uses (layouts/why.h) as
   flags: ORION's spelling ("-num_small", "-simulate") when orion is set,
   the native one ("--num-small", "--layout") otherwise.  In place. */
void cli_spell_fields(char *why, size_t len, bool orion);

#endif
