/*
 * shell_word.h - a value as one word of a POSIX shell command, for every
 * command asmsim prints for the user to paste (the dd that writes a file
 * with holes, the forecast advise suggests, the report command a stopped
 * forecast names).  Display quoting (cli_quote) is for reading; this is
 * for running: pasted into bash (or sh, unless the value holds a control
 * byte), the word is exactly the value, and nothing in it is expanded or
 * executed.
 */
#ifndef ASMSIM_SIM_CORE_SHELL_WORD_H
#define ASMSIM_SIM_CORE_SHELL_WORD_H

#include <stddef.h>

/* The buffer that always holds the word of a value of n bytes: each
   byte becomes 4 at most ('\'' for a quote, \xHH for a control byte),
   plus $, the two quotes and the NUL. */
#define SIM_SHELL_WORD_BUF(n) ((n) * 4 + 4)

/* s as it is when it holds only characters no shell treats specially
   (letters, digits and _ . / + , : = @ % -; not empty, not starting with
   '-'), else in single quotes with each quote written '\'', or when it
   holds a control byte (below 0x20, DEL) in bash's $'...' with \n, \t
   and \xHH for them, so no raw control byte reaches the terminal the
   command is shown on.  out holds at least SIM_SHELL_WORD_BUF(strlen(s)) bytes
   to hold it whole; a smaller out gets "" (never a word cut short, which
   could name another file).  Returns out. */
const char *sim_shell_word(const char *s, char *out, size_t len);

#endif
