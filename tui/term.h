/*
 * term.h - the terminal while the dashboard owns it.  The only header of
 * asmsim that includes <curses.h>: everything else in tui/ reaches curses
 * through it, and nothing outside tui/ does.
 */
#ifndef ASMSIM_TUI_TERM_H
#define ASMSIM_TUI_TERM_H

#include <curses.h>
#include <stdbool.h>

/* Colour pairs (only when term.color). */
enum {
    TERM_PAIR_TITLE = 1,
    TERM_PAIR_GOOD,
    TERM_PAIR_WARN,
    TERM_PAIR_BAD,
    TERM_PAIR_SLOW,             /* the slowest disk's row */
    TERM_PAIR_HEAT0,            /* TERM_HEAT_STEPS heat-map backgrounds */
};
#define TERM_HEAT_STEPS 5

struct term {
    bool open;
    bool color;                 /* has_colors() and no NO_COLOR */
    int saved_stderr;           /* the real stderr while it is held */
    int held_fd;                /* what was written to stderr meanwhile */
};

/* Take the terminal: hold stderr in a temporary file, start curses
   (cbreak, no echo, keypad, 100 ms input timeout, hidden cursor), set up
   colours unless NO_COLOR is set or the terminal has none, and restore
   the terminal on crash signals.  0, or -ENOTTY / -errno. */
int term_open(struct term *t);

/* Give the terminal back and print what was held of stderr.  Idempotent. */
void term_close(struct term *t);

#endif
