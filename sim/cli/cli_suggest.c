/*
 * cli_suggest.c - what an unknown option was probably meant to be: the
 * hint after "unknown option" in the usage errors of run, sweep and orion.
 *
 * A user who types an option that does not exist has usually typed one of
 * three things, and each gets its own hint:
 *
 *   the option of another command   "sweep --disks 4": sweep takes a range
 *                                   ("did you mean --volumes 4?"), run
 *                                   --volumes one count; "orion --layout"
 *                                   is run's, orion says -simulate;
 *   the other spelling              "run -num_disks 4" is ORION's flag,
 *                                   "orion --num_disks" or "orion
 *                                   -instance" the wrong number of dashes;
 *   a typo                          "--volme": the nearest name of the
 *                                   command by edit distance
 *                                   (prof_edit_distance), when it is close
 *                                   enough to be a typo: at most 1 for
 *                                   names up to 4 characters, 2 up to 8,
 *                                   3 beyond, and less than the name.
 *
 * The names come from the option tables themselves (cli_option_at,
 * cli_orion_flag_at), so a new option is suggested without an edit here.
 * The hint shows only names from the tables and the value the user gave,
 * as a shell word (cli_paste_word), so it is as safe to print as the rest
 * of the line, and to paste.
 */
#include <string.h>
#include <strings.h>

#include "sim/cli/cli.h"

#define NAME_MAX_CHARS 40

static const char *command_word(enum cli_cmd c)
{
    return c == CLI_SWEEP ? "sweep" : c == CLI_ORION ? "orion" : "run";
}

static bool close_enough(const char *typed, int distance)
{
    int len = (int)strlen(typed);
    int most = len <= 4 ? 1 : len <= 8 ? 2 : 3;
    return distance <= most && distance < len;
}

/* The run/sweep option named exactly name (any command), or -1. */
static int option_index(const char *name)
{
    for (int i = 0; i < cli_option_count(); i++)
        if (strcmp(cli_option_at(i, NULL), name) == 0)
            return i;
    return -1;
}

static bool option_of(int i, enum cli_cmd c)
{
    unsigned cmds = 0;
    cli_option_at(i, &cmds);
    return (cmds & (1u << c)) != 0;
}

/* The ORION flag named name (ORION compares without case), or -1. */
static int orion_index(const char *name)
{
    for (int i = 0; i < cli_orion_flag_count(); i++)
        if (strcasecmp(cli_orion_flag_at(i, NULL), name) == 0)
            return i;
    return -1;
}

/* The ORION flag that means the run option opt, or NULL. */
static const char *orion_flag_for(const char *opt)
{
    for (int i = 0; i < cli_orion_flag_count(); i++) {
        const char *same = NULL, *flag = cli_orion_flag_at(i, &same);
        if (same && strcmp(same, opt) == 0)
            return flag;
    }
    return NULL;
}

/* The nearest option of c to name, if close enough to be a typo. */
static const char *nearest_option(enum cli_cmd c, const char *name)
{
    const char *best = NULL;
    int dmin = 1 << 30;

    for (int i = 0; i < cli_option_count(); i++) {
        if (!option_of(i, c))
            continue;
        int d = prof_edit_distance(name, cli_option_at(i, NULL));
        if (d < dmin) {
            dmin = d;
            best = cli_option_at(i, NULL);
        }
    }
    return best && close_enough(name, dmin) ? best : NULL;
}

static const char *nearest_orion_flag(const char *name)
{
    const char *best = NULL;
    int dmin = 1 << 30;

    for (int i = 0; i < cli_orion_flag_count(); i++) {
        int d = prof_edit_distance(name, cli_orion_flag_at(i, NULL));
        if (d < dmin) {
            dmin = d;
            best = cli_orion_flag_at(i, NULL);
        }
    }
    return best && close_enough(name, dmin) ? best : NULL;
}

/* "'asmsim run' and 'asmsim sweep'": the commands option i belongs to. */
static void commands_of(int i, char *buf, size_t len)
{
    const enum cli_cmd all[] = { CLI_RUN, CLI_SWEEP, CLI_ORION };
    int n = 0, total = 0;

    for (int k = 0; k < 3; k++)
        total += option_of(i, all[k]);
    buf[0] = '\0';
    for (int k = 0; k < 3; k++) {
        if (!option_of(i, all[k]))
            continue;
        size_t at = strlen(buf);
        snprintf(buf + at, len - at, "%s'asmsim %s'", n == 0 ? "" :
                 n == total - 1 ? " and " : ", ", command_word(all[k]));
        n++;
    }
}

/* The disk options of run and sweep, mixed up: the commonest mistake.
   The value is given back as a shell word (cli_paste_word): the hint is
   pasted; one it cannot give so is left out, or shown as an example. */
static bool disk_option_hint(enum cli_cmd c, const char *name, const char *v,
                             char *buf, size_t len)
{
    char w[SIM_SHELL_WORD_BUF(64)];
    const char *word = v ? cli_paste_word(v, w, sizeof w) : NULL;

    if (c == CLI_SWEEP && strcmp(name, "disks") == 0) {
        snprintf(buf, len, "did you mean --volumes%s%s? (sweep takes a range "
                 "of disk counts)", word ? " " : "", word ? word : "");
        return true;
    }
    if (c == CLI_RUN && strcmp(name, "volumes") == 0) {
        snprintf(buf, len, "run takes one disk count, --disks N; for a range "
                 "use: asmsim sweep --volumes %s", word ? word : "1-4");
        return true;
    }
    return false;
}

/* "--name" typed: an option of another command, ORION's flag with two
   dashes, or a typo. */
static void double_dash_hint(enum cli_cmd c, const char *name, char *buf,
                             size_t len)
{
    int i = option_index(name);
    const char *near;

    if (i >= 0 && !option_of(i, c)) {
        char cmds[80];
        const char *here = c == CLI_ORION ? orion_flag_for(name) : NULL;
        commands_of(i, cmds, sizeof cmds);
        snprintf(buf, len, "--%s is an option of %s%s%s", name, cmds,
                 here ? "; here -" : "", here ? here : "");
    } else if (c == CLI_ORION && orion_index(name) >= 0) {
        snprintf(buf, len, "did you mean -%s? (ORION's flags take one dash)",
                 cli_orion_flag_at(orion_index(name), NULL));
    } else if ((near = nearest_option(c, name)) != NULL) {
        snprintf(buf, len, "did you mean --%s?", near);
    } else if (c == CLI_ORION && (near = nearest_orion_flag(name)) != NULL) {
        snprintf(buf, len, "did you mean -%s?", near);
    }
}

/* "-name" typed: in orion an ORION flag's typo or a model option with one
   dash; in run and sweep ORION's spelling of an option, or one dash too
   few. */
static void single_dash_hint(enum cli_cmd c, const char *name, char *buf,
                             size_t len)
{
    int i = option_index(name), k = orion_index(name);
    const char *near, *same = NULL;

    if (c == CLI_ORION) {
        if (i >= 0 && option_of(i, c))
            snprintf(buf, len, "did you mean --%s? (model options take two "
                     "dashes)", name);
        else if (i >= 0 && orion_flag_for(name))
            snprintf(buf, len, "did you mean -%s?", orion_flag_for(name));
        else if ((near = nearest_orion_flag(name)) != NULL)
            snprintf(buf, len, "did you mean -%s?", near);
        return;
    }
    if (k >= 0 && cli_orion_flag_at(k, &same) && same)
        snprintf(buf, len, "-%s is ORION's flag: here --%s, or use 'asmsim "
                 "orion'", cli_orion_flag_at(k, NULL), same);
    else if (i >= 0 && option_of(i, c))
        snprintf(buf, len, "did you mean --%s?", name);
    else if ((near = nearest_option(c, name)) != NULL)
        snprintf(buf, len, "did you mean --%s?", near);
}

char *cli_unknown_option_hint(enum cli_cmd cmd, const char *arg,
                              const char *next, char *buf, size_t len)
{
    char name[NAME_MAX_CHARS + 1];
    int dashes = 0;

    buf[0] = '\0';
    while (arg[dashes] == '-' && dashes < 2)
        dashes++;
    const char *start = arg + dashes;
    const char *eq = strchr(start, '=');
    size_t n = eq ? (size_t)(eq - start) : strlen(start);
    if (dashes == 0 || n == 0 || n > NAME_MAX_CHARS)
        return buf;
    memcpy(name, start, n);
    name[n] = '\0';
    const char *value = eq ? eq + 1 : next && next[0] != '-' ? next : NULL;

    if (disk_option_hint(cmd, name, value, buf, len))
        return buf;
    if (dashes == 2)
        double_dash_hint(cmd, name, buf, len);
    else
        single_dash_hint(cmd, name, buf, len);
    return buf;
}

char *cli_with_hint(const char *what, const char *hint, char *buf, size_t len)
{
    char head[200];
    size_t n = strlen(hint);

    snprintf(head, sizeof head, "%s", what);
    if (n == 0)
        snprintf(buf, len, "%s.", head);
    else
        snprintf(buf, len, "%s; %s%s", head, hint, hint[n - 1] == '?' ? "" : ".");
    return buf;
}
