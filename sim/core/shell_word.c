/*
 * shell_word.c - sim_shell_word(): a value as one POSIX shell word.
 *
 * Single quotes are the only quoting in which a shell expands nothing:
 * no $, no backquote, no backslash, no !.  A single quote itself cannot
 * appear inside them, so it is written as '\'' (close, an escaped quote,
 * reopen).  Plain values (file names such as DATA_DISK_01.img, sizes,
 * instance names) are left bare so the commands read as a person would
 * type them; "plain" is a short allow-list, so anything unusual - a
 * space, a glob, a newline, a byte that is not ASCII - is quoted.
 *
 * A control byte (a newline, a tab, ESC, anything below 0x20, DEL) is
 * never printed raw, even quoted: the command is shown on a terminal
 * first, where ESC starts a sequence the terminal obeys and a newline
 * splits the command in two when pasted.  Such a word is written in
 * bash's $'...' instead (also ksh, zsh, and POSIX sh since 2024), with
 * \n, \t and \xHH for those bytes and \\ and \' for the two characters
 * that are special there; everything else stays as it is.  A word
 * that does not fit the buffer is given as '' rather than cut: a cut word
 * could be the name of another file.
 */
#include "sim/core/shell_word.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static const char plain[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./+,:=@%-";

/* Whether s holds a byte a terminal would act on: below 0x20, or DEL. */
static bool has_control(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f)
            return true;
    return false;
}

/* s in bash's $'...', from out + n on: \n, \t and \xHH for control
   bytes (always two digits: bash reads at most two), \\ and \' for the
   backslash and the quote.  Returns the length. */
static size_t dollar_quote(const char *s, char *out, size_t n)
{
    static const char hex[] = "0123456789abcdef";

    out[n++] = '$';
    out[n++] = '\'';
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\n' || c == '\t' || c == '\\' || c == '\'') {
            out[n++] = '\\';
            out[n++] = c == '\n' ? 'n' : c == '\t' ? 't' : (char)c;
        } else if (c < 0x20 || c == 0x7f) {
            out[n++] = '\\';
            out[n++] = 'x';
            out[n++] = hex[c >> 4];
            out[n++] = hex[c & 15];
        } else {
            out[n++] = (char)c;
        }
    }
    out[n++] = '\'';
    return n;
}

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
    if (has_control(s)) {
        n = dollar_quote(s, out, 0);
        out[n] = '\0';
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
