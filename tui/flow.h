/*
 * flow.h - lines of fields laid out like words in a paragraph (flow.c).
 */
#ifndef ASMSIM_TUI_FLOW_H
#define ASMSIM_TUI_FLOW_H

#include <stdbool.h>

#include "tui/term.h"

#define FLOW_FIELD_LEN 160
#define FLOW_MAX_FIELDS 10

struct flow_field {
    char text[FLOW_FIELD_LEN];
    attr_t attr;
};

struct flow {
    struct flow_field f[FLOW_MAX_FIELDS];
    int n;
    const char *sep;            /* between two fields on one row */
    bool right_last;            /* the last field at the right edge */
    bool fill;                  /* a bar: each screen row used is first
                                   blanked, all across, in fill_attr */
    attr_t fill_attr;           /* also the separator's */
};

/* An empty flow with separator sep. */
void flow_init(struct flow *fl, const char *sep);

/* Append a field (printf-style); a flow that is full ignores it. */
void flow_add(struct flow *fl, attr_t attr, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Lay fl out in the box at row y, column x, w columns wide: each field
   whole on the current row if it fits there, else at the start of the
   next; only a field wider than the box is cut.  Draws when `draw`, and
   returns the rows used (at least 1) either way. */
int flow_layout(const struct flow *fl, int y, int x, int w, bool draw);

#endif
