/*
 * tui_draw.h - the drawing helper every panel of the dashboard shares
 * (tui_draw.c): text at a place, cut at the screen's edge.
 */
#ifndef ASMSIM_TUI_DRAW_H
#define ASMSIM_TUI_DRAW_H

#include "tui/term.h"

/* A character ramp for magnitudes without colour: tui_ramp[0] is nothing,
   tui_ramp[TUI_RAMP_N] the most. */
extern const char tui_ramp[];
#define TUI_RAMP_N 9

/* printf-style text at row y, column x in attr; nothing off the screen,
   and never past its right edge. */
void tui_put(int y, int x, attr_t attr, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The same, at most n columns wide. */
void tui_put_n(int y, int x, int n, attr_t attr, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

#endif
