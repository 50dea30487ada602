/*
 * shell_word.c - sim_shell_word(): a value as one POSIX shell word.
 *
 * Single quotes are the only quoting in which a shell expands nothing:
 * no $, no backquote, no backslash, no !.  A single quote itself cannot
 * appear inside them, so it is written as '\'' (close, an escaped quote,
 * reopen).  Plain values (file names such as DATA_DISK_01.img, sizes,
 * instance names) are left bare so the commands read as a person would
 * type them; "plain" is a short allow-list, so anything unusual - a
 * space, a glob, a newline, a byte that is not ASCII - is quoted.  A word
 * that does not fit the buffer is given as '' rather than cut: a cut word
 * could be the name of another file.
 */
#include "sim/core/shell_word.h"

#include <stdio.h>
#include <string.h>

static const char plain[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./+,:=@%-";

const char *sim_shell_word(const char *s, char *out, size_t len)
{
    size_t n = 0, need = SIM_SHELL_WORD_BUF(strlen(s));

    if (len == 0)
        return out;
    if (*s && *s != '-' && strspn(s, plain) == strlen(s) && strlen(s) < len) {
        memcpy(out, s, strlen(s) + 1);
        return out;
    }
    if (need > len) {
        snprintf(out, len, "''");
        return out;
    }
    out[n++] = '\'';
    for (; *s; s++) {
        if (*s == '\'') {
            memcpy(out + n, "'\\''", 4);
            n += 4;
        } else {
            out[n++] = *s;
        }
    }
    out[n++] = '\'';
    out[n] = '\0';
    return out;
}
