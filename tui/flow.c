/*
 * flow.c - lines of fields laid out like words in a paragraph.
 *
 * The dashboard's header and its panels' titles are lists of fields
 * ("elapsed 0m12s", "limit: offered load", "[measuring]").  Put at fixed
 * columns they collide as soon as a value is longer than planned or the
 * window narrower; laid out here, a field goes on the current row when it
 * fits there whole, separator included, and otherwise starts the next row.
 * So no field is ever overwritten or cut by a neighbour at any width; only
 * a single field wider than the whole box is cut at the box's edge.  The
 * same pass measures (draw = false) and draws, so a caller can size its
 * other widgets from the rows the flow will take before drawing it.
 *
 * The last field may be pinned to the right edge (the run's state): it
 * keeps to its row when it fits after the fields before it, right-aligned
 * with one column of margin, and wraps like any other field when not.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tui/flow.h"

void flow_init(struct flow *fl, const char *sep)
{
    memset(fl, 0, sizeof *fl);
    fl->sep = sep;
}

void flow_add(struct flow *fl, attr_t attr, const char *fmt, ...)
{
    if (fl->n == FLOW_MAX_FIELDS)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(fl->f[fl->n].text, sizeof fl->f[fl->n].text, fmt, ap);
    va_end(ap);
    fl->f[fl->n].attr = attr;
    fl->n++;
}

/* text at (y, x), at most n columns and never past the screen's edge */
static void put_cut(int y, int x, attr_t attr, const char *text, int n)
{
    if (y < 0 || y >= LINES || x < 0 || x >= COLS || n <= 0)
        return;
    if (n > COLS - x)
        n = COLS - x;
    attron(attr);
    mvaddnstr(y, x, text, n);
    attroff(attr);
}

/* A new row: a bar (fill) spans the whole screen row, margins included. */
static void start_row(const struct flow *fl, int y, bool draw)
{
    if (draw && fl->fill && y >= 0 && y < LINES) {
        attron(fl->fill_attr);
        mvhline(y, 0, ' ', COLS);
        attroff(fl->fill_attr);
    }
}

int flow_layout(const struct flow *fl, int y, int x, int w, bool draw)
{
    int row = 0, cx = 0;            /* cx: the first free column of the row */
    int seplen = (int)strlen(fl->sep);
    start_row(fl, y, draw);
    for (int i = 0; i < fl->n; i++) {
        const struct flow_field *f = &fl->f[i];
        int len = (int)strlen(f->text);
        bool right = fl->right_last && i == fl->n - 1;
        int at = cx > 0 ? cx + seplen : 0;
        if (cx > 0 && at + len + (right ? 1 : 0) > w) {
            start_row(fl, y + ++row, draw);
            at = 0;
        }
        if (right && w - 1 - len > at)
            at = w - 1 - len;
        if (draw) {
            if (at > 0 && !right && cx > 0)
                put_cut(y + row, x + cx, fl->fill_attr, fl->sep, seplen);
            put_cut(y + row, x + at, f->attr, f->text, w - at);
        }
        cx = at + len;
    }
    return row + 1;
}
