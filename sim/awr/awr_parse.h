/*
 * awr_parse.h - inside sim/awr/: what the two readers share.
 *
 * The text reader (awr_text.c) and the HTML reader (awr_html.c) find the
 * sections and cut each row into cells; the rows go to one place,
 * awr_take_row (awr_rows.c), which knows what each section's columns
 * mean, parses the numbers and fills struct awr_report.  So a row of
 * Instance Activity Stats means the same whether it came from a text
 * line ("name  total  per-second  per-trans") or from an HTML <tr>.
 * Header facts (database, instance, snapshots, elapsed, block size) go
 * to awr_take_header as a key and its text.
 *
 * Numbers: AWR prints "1,234,567.8", ".00", suffixes K/M/G/T/P (1000-
 * based, but 1024-based in IOStat 'Data' columns) and wait times with a
 * unit ("450.00us", "0.8ms", ".00ns", "52.86 s").  awr_number and
 * friends parse those strictly (all of the cell, finite) and return
 * -EINVAL otherwise.
 */
#ifndef ASMSIM_SIM_AWR_PARSE_H
#define ASMSIM_SIM_AWR_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "sim/awr/awr_report.h"

#define AWR_MAX_CELLS 16

/* One row of a section: cell[0] the row's name (a statistic, a function,
   an event, a Load Profile label with or without its ':'), then its
   values as printed. */
struct awr_row {
    const char *cell[AWR_MAX_CELLS];
    int n;
    int line;
    bool cut;                   /* the name filled its column (text) */
};

/* A reader's state: the report being filled and where a reason goes. */
struct awr_parse {
    struct awr_report *r;
    char *why;
    size_t why_len;
};

/* -EINVAL after writing "LINE: SECTION: what" (printf-style) to why. */
int awr_fail(struct awr_parse *p, int line, enum awr_section s,
             const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* A row of section s: 0, or -EINVAL (a value that does not parse). */
int awr_take_row(struct awr_parse *p, enum awr_section s,
                 const struct awr_row *row);

/* A header fact: key "DB Name", "Database", "Instance", "Inst Num",
   "Release", "RAC", "Host Name", "Begin Snap:", "End Snap:",
   "Elapsed:", "Std Block Size:"; the first of each is kept, unknown keys
   are ignored.  0, or -EINVAL (a value that does not parse). */
int awr_take_header(struct awr_parse *p, const char *key, const char *value,
                    int line);

/* The readers: 0 or -EINVAL/-ENOMEM.  text is NUL-terminated and the
   reader's to change. */
int awr_text_read(struct awr_parse *p, char *text);
int awr_html_read(struct awr_parse *p, char *text);

/* Numbers: 0 and *v, or -EINVAL. */
int awr_number(const char *s, double *v);
int awr_suffixed(const char *s, double base, double *v);
/* A wait time in microseconds; a bare number is in bare_unit_us. */
int awr_wait_us(const char *s, double bare_unit_us, double *v);

/* s without leading and trailing blanks, in place. */
char *awr_trim(char *s);

#endif
