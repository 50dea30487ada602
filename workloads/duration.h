/*
 * duration.h - a time written as a DBA writes it, read one way wherever
 * asmsim reads one (duration.c): the command line's --duration, --fail
 * N@TIME, --repair-time..., and a schedule's phase durations.
 *
 * A plain decimal (digits, one optional point: no sign, blanks, exponent
 * or hex) followed by a unit, or terms of them from the largest unit
 * down, each unit once: 90s, 1.5s, 500ms, 2m, 1h30m, 11m59s, 2d12h,
 * 2m30.5s.  Units: d, h, min (or m), s, ms, us, ns.  A bare decimal
 * alone is seconds (90).  Each reader bounds the result itself.
 */
#ifndef ASMSIM_WORKLOADS_DURATION_H
#define ASMSIM_WORKLOADS_DURATION_H

#include <stddef.h>

/* The length of the plain decimal at the start of text ("12", "1.5";
   not "1.", ".5", "-1", "1e3"), 0 when there is none. */
size_t wl_decimal_len(const char *text);
/* That decimal (wl_decimal_len(text) == len > 0) as a double; INFINITY
   when longer than any value asmsim takes. */
double wl_decimal_value(const char *text, size_t len);

/* text as a duration, in nanoseconds (finite, >= 0, unbounded; the sum
   of its terms, each its decimal times its unit's ns): 0, or -1 when
   text is not one. */
int wl_duration_ns(const char *text, double *ns);

#endif
