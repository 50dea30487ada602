/*
 * tui_draw.c - the drawing helper every panel of the dashboard shares:
 * formatted text at a place, cut at the screen's right edge (and at a
 * box's width), so that no panel writes past where it may.
 */
#include <stdarg.h>
#include <stdio.h>

#include "tui/tui_draw.h"

const char tui_ramp[] = " .:-=+*#%@";

static void vput(int y, int x, int n, attr_t attr, const char *fmt, va_list ap)
{
    char buf[512];
    if (y < 0 || y >= LINES || x < 0 || x >= COLS || n <= 0)
        return;
    vsnprintf(buf, sizeof buf, fmt, ap);
    if (n > COLS - x)
        n = COLS - x;
    attron(attr);
    mvaddnstr(y, x, buf, n);
    attroff(attr);
}

void tui_put(int y, int x, attr_t attr, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vput(y, x, COLS, attr, fmt, ap);
    va_end(ap);
}

void tui_put_n(int y, int x, int n, attr_t attr, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vput(y, x, n, attr, fmt, ap);
    va_end(ap);
}
