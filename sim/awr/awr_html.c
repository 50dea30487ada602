/*
 * awr_html.c - the HTML reader: AWR HTML reports (11.2 to 19c).
 *
 * An AWR HTML page is a series of <table> elements, each with a summary
 * attribute that says what it holds ("This table displays load profile",
 * "... IO profile", "... Instance activity statistics. For each instance,
 * activity total, activity per second, and activity per transaction are
 * displayed", "... the IO Statistics for different functions ...",
 * "... Foreground Wait Events ...", "... background wait events ...";
 * AWR.md section 2).  The summary is the key: the headings above a table
 * change between releases, the summaries less so.
 *
 * The page is read once, front to back, without a DOM: each <table> is
 * classed by its summary, each <tr> becomes a row of its <td>/<th> cells'
 * text (tags dropped, &#160; &nbsp; &amp; &lt; &gt; decoded, blanks
 * squeezed), with the line of its <tr>.  Rows of the sections go to
 * awr_take_row; the other tables are the header's: a row of <th>
 * headings and a row of values below (DB Name, Instance, Release, RAC,
 * Host Name), or rows led by a label ("Begin Snap:", "Elapsed:", "Std
 * Block Size:") whose value is the cells after it.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "sim/awr/awr_parse.h"

#define CELL_BYTES 256
#define SUMMARY_BYTES 512

struct html_row {
    char text[AWR_MAX_CELLS][CELL_BYTES];
    bool heading[AWR_MAX_CELLS];
    int n;
    int line;
};

struct html_walk {
    struct awr_parse *p;
    const char *at;
    int line;
};

/* Moves to the first occurrence of tag (case-insensitive) at or after
   the walk's place, before `stop` (NULL: the end), and returns it; when
   there is none, moves to `stop` (or the end) and returns NULL.  Counts
   the lines it passes. */
static const char *seek(struct html_walk *w, const char *tag, const char *stop)
{
    size_t n = strlen(tag);
    const char *c;

    for (c = w->at; *c && (!stop || c < stop); c++) {
        if (*c == '<' && strncasecmp(c, tag, n) == 0) {
            w->at = c;
            return c;
        }
        if (*c == '\n')
            w->line++;
    }
    w->at = c;
    return NULL;
}

static void decode_into(char *dst, size_t len, const char *s, const char *end)
{
    static const struct { const char *ent; char c; } ents[] = {
        { "&#160;", ' ' }, { "&nbsp;", ' ' }, { "&amp;", '&' },
        { "&lt;", '<' }, { "&gt;", '>' }, { "&quot;", '"' }, { "&#39;", '\'' },
    };
    size_t n = 0;
    bool tag = false;

    for (; s < end && n + 1 < len; s++) {
        char c = *s;
        if (tag || c == '<') {
            tag = c != '>';
            c = ' ';
        } else if (c == '&') {
            for (size_t i = 0; i < sizeof ents / sizeof ents[0]; i++)
                if (!strncmp(s, ents[i].ent, strlen(ents[i].ent))) {
                    c = ents[i].c;
                    s += strlen(ents[i].ent) - 1;
                    break;
                }
        }
        if (isspace((unsigned char)c) && (!n || dst[n - 1] == ' '))
            continue;
        dst[n++] = isspace((unsigned char)c) ? ' ' : c;
    }
    dst[n] = '\0';
    awr_trim(dst);
}

/* The cells of the <tr> at w->at, up to row_end. */
static void read_row(struct html_walk *w, const char *row_end, struct html_row *row)
{
    row->n = 0;
    row->line = w->line;
    while (row->n < AWR_MAX_CELLS) {
        struct html_walk wt = *w, wh = *w;
        const char *td = seek(&wt, "<td", row_end);
        const char *th = seek(&wh, "<th", td ? td : row_end);
        *w = th ? wh : wt;
        const char *cell = th ? th : td;
        const char *open_end = cell ? strchr(cell, '>') : NULL;
        if (!open_end || open_end >= row_end)
            break;
        w->at = open_end + 1;
        const char *close = seek(w, "</t", row_end);
        const char *end = close ? close : row_end;
        decode_into(row->text[row->n], CELL_BYTES, open_end + 1, end);
        row->heading[row->n++] = th != NULL;
        w->at = end;
    }
}

static enum awr_section classify(const char *summary)
{
    static const struct { const char *words; enum awr_section sec; } keys[] = {
        { "displays load profile", AWR_SEC_LOAD },
        { "displays io profile", AWR_SEC_IOPROF },
        { "instance activity statistics. for each instance", AWR_SEC_STATS },
        { "io statistics for different functions", AWR_SEC_IOSTAT },
        { "foreground wait events", AWR_SEC_FG_EVENTS },
        { "background wait events", AWR_SEC_BG_EVENTS },
    };
    char low[SUMMARY_BYTES];
    size_t i;

    for (i = 0; summary[i] && i + 1 < sizeof low; i++)
        low[i] = (char)tolower((unsigned char)summary[i]);
    low[i] = '\0';
    if (!strncmp(low, "iostat by function/filetype", 27))
        return AWR_SEC_HEADER;
    for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strstr(low, keys[i].words))
            return keys[i].sec;
    return AWR_SEC_HEADER;
}

/* The summary attribute of the <table ...> at w->at. */
static void table_summary(const char *table, char *out, size_t len)
{
    const char *gt = strchr(table, '>');
    const char *s = strcasestr(table, "summary=\"");

    out[0] = '\0';
    if (!s || !gt || s > gt)
        return;
    s += 9;
    const char *q = strchr(s, '"');
    if (q && q < gt + 1)
        decode_into(out, len, s, q);
}

static int header_row(struct html_walk *w, const struct html_row *head,
                      const struct html_row *row)
{
    for (int i = 0; i < row->n; i++) {
        const char *key = row->text[i];
        size_t k = strlen(key);
        int rc = 0;
        if (k && key[k - 1] == ':') {
            char rest[CELL_BYTES * 2] = "";
            for (int j = i + 1; j < row->n && strlen(rest) + 2 < sizeof rest; j++)
                if (row->text[j][0])
                    snprintf(rest + strlen(rest), sizeof rest - strlen(rest),
                             "%s%s", rest[0] ? " " : "", row->text[j]);
            rc = awr_take_header(w->p, key, rest, row->line);
        } else if (head && i < head->n) {
            rc = awr_take_header(w->p, head->text[i], key, row->line);
        }
        if (rc < 0)
            return rc;
    }
    return 0;
}

static int section_row(struct html_walk *w, enum awr_section sec,
                       const struct html_row *row)
{
    struct awr_row r = { .n = row->n, .line = row->line };

    for (int i = 0; i < row->n; i++)
        r.cell[i] = row->text[i];
    return awr_take_row(w->p, sec, &r);
}

static int read_table(struct html_walk *w, const char *end, enum awr_section sec)
{
    struct html_row row, head;
    bool have_head = false;

    while (seek(w, "<tr", end)) {
        const char *tr_end = strcasestr(w->at + 3, "</tr");
        const char *next = strcasestr(w->at + 3, "<tr");
        const char *stop = tr_end && tr_end < end ? tr_end : end;
        if (next && next < stop)
            stop = next;
        w->at += 3;
        read_row(w, stop, &row);
        if (!row.n)
            continue;
        if (row.heading[0] && row.heading[row.n - 1]) {
            head = row;
            have_head = true;
            continue;
        }
        int rc = sec == AWR_SEC_HEADER ? header_row(w, have_head ? &head : NULL, &row)
                                       : section_row(w, sec, &row);
        if (rc < 0)
            return rc;
    }
    return 0;
}

int awr_html_read(struct awr_parse *p, char *text)
{
    struct html_walk w = { .p = p, .at = text, .line = 1 };
    char summary[SUMMARY_BYTES];

    while (seek(&w, "<table", NULL)) {
        table_summary(w.at, summary, sizeof summary);
        enum awr_section sec = classify(summary);
        if (sec != AWR_SEC_HEADER && !p->r->section_line[sec])
            p->r->section_line[sec] = w.line;
        struct html_walk ahead = w;
        ahead.at += 6;
        const char *end = seek(&ahead, "</table", NULL);
        if (!end)
            end = w.at + strlen(w.at);
        w.at += 6;
        int rc = read_table(&w, end, sec);
        if (rc < 0)
            return rc;
        w.at = end;
        w.line = ahead.line;
    }
    for (const char *c = w.at; *c; c++)
        w.line += *c == '\n';
    p->r->last_line = w.line;
    return 0;
}
