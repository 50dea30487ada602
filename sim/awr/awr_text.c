/*
 * awr_text.c - the text reader: AWR text reports (11.2 to 19c) and
 * Statspack text reports (10.2), which share their layout (AWR.md
 * section 3).
 *
 * A report is read line by line, once:
 *
 *   header       before the first section: column tables (a heading line,
 *                a line of dash or tilde groups, a value line; each group
 *                of dashes is a column, its heading and value the text
 *                above and below it) and labelled lines anywhere
 *                ("Begin Snap:", "End Snap:", "Elapsed:", "Std Block
 *                Size:", Statspack's "Host  Name:").
 *   blocks       "Load Profile", "IO Profile": "Label:  value  value",
 *                up to the first blank line after a row.
 *   tables       "Instance Activity Stats", "IOStat by Function summary",
 *                "Foreground Wait Events" (Statspack: "Wait Events"),
 *                "Background Wait Events": a title at column 0 (then
 *                blanks and "DB/Inst: ...", or nothing), notes ("-> "),
 *                headings, a dash line, rows.  The first dash group is
 *                the name's column (32 characters in AWR, 33 in
 *                Statspack, 26 for events, 15 for functions): the name is
 *                what lies in it, the values the blank-separated words
 *                after it.  The title again (a page break) means headings
 *                and a dash line follow; the table ends at an indented
 *                dash line, at "No data exists ...", or at another title.
 *
 * A title is told by its exact words and what follows them, so
 * "Instance Activity Stats - Absolute Values" and "IOStat by
 * Function/Filetype summary" are not taken for the sections they start
 * like.  A name that fills its column is marked cut (awr_stat_find then
 * matches it by prefix).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/awr/awr_parse.h"

#define LINE_MAX_BYTES 1024     /* of a line, what is read */

struct text_lines {
    char **line;
    int n;
};

enum text_state { ST_NONE = 0, ST_BLOCK, ST_HEAD, ST_ROWS };

struct text_walk {
    struct awr_parse *p;
    enum awr_section sec;
    enum text_state st;
    const char *title;
    int name_width;             /* the first dash group's width */
    int rows;                   /* rows taken in the section */
    bool header_done;           /* a section has started */
};

static int split_lines(char *text, struct text_lines *out)
{
    int n = 1;

    for (char *c = text; *c; c++)
        n += *c == '\n';
    out->line = calloc((size_t)n, sizeof *out->line);
    if (!out->line)
        return -ENOMEM;
    out->n = 0;
    for (char *c = text, *start = text;; c++) {
        if (*c != '\n' && *c)
            continue;
        bool end = !*c;
        *c = '\0';
        for (char *k = start; *k; k++)     /* CR, form feeds, tabs: blanks */
            if (*k == '\r' || *k == '\f' || *k == '\t' || *k == '\v')
                *k = ' ';
        out->line[out->n++] = start;
        if (end)
            break;
        start = c + 1;
    }
    return 0;
}

static bool blank(const char *s)
{
    while (*s == ' ')
        s++;
    return !*s;
}

/* A line of groups of '-' (or '~') separated by single blanks, from
   column 0 (indented: the end of a table). */
static bool dash_line(const char *s, bool *indented)
{
    int dashes = 0;

    *indented = *s == ' ';
    for (; *s; s++) {
        if (*s == '-' || *s == '~')
            dashes++;
        else if (*s != ' ')
            return false;
    }
    return dashes >= 3;
}

/* Does the line start the section of that title? */
static bool title_is(const char *line, const char *title)
{
    size_t n = strlen(title);

    if (strncmp(line, title, n) != 0)
        return false;
    return !line[n] || (line[n] == ' ' && (line[n + 1] == ' ' ||
                                          !strncmp(line + n + 1, "DB/Inst", 7)));
}

static const struct {
    const char *title;
    enum awr_section sec;
    enum text_state st;
} titles[] = {
    { "Load Profile", AWR_SEC_LOAD, ST_BLOCK },
    { "IO Profile", AWR_SEC_IOPROF, ST_BLOCK },
    { "Instance Activity Stats", AWR_SEC_STATS, ST_HEAD },
    { "IOStat by Function summary", AWR_SEC_IOSTAT, ST_HEAD },
    { "Foreground Wait Events", AWR_SEC_FG_EVENTS, ST_HEAD },
    { "Wait Events", AWR_SEC_FG_EVENTS, ST_HEAD },
    { "Background Wait Events", AWR_SEC_BG_EVENTS, ST_HEAD },
};

static bool start_section(struct text_walk *w, const char *line, int no)
{
    for (size_t i = 0; i < sizeof titles / sizeof titles[0]; i++) {
        if (!title_is(line, titles[i].title))
            continue;
        w->sec = titles[i].sec;
        w->st = titles[i].st;
        w->title = titles[i].title;
        w->rows = 0;
        w->header_done = true;
        if (!w->p->r->section_line[w->sec])
            w->p->r->section_line[w->sec] = no;
        return true;
    }
    return false;
}

/* The values after the name's column: blank-separated words, a lone unit
   ("s", "ms", "us", "ns") joined to the word before it. */
static void cut_words(char *rest, struct awr_row *row)
{
    char *save = NULL;

    for (char *t = strtok_r(rest, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        bool unit = !strcmp(t, "s") || !strcmp(t, "ms") || !strcmp(t, "us") ||
                    !strcmp(t, "ns");
        if (unit && row->n > 1) {
            char *prev = (char *)row->cell[row->n - 1];
            memmove(prev + strlen(prev), t, strlen(t) + 1);  /* t follows prev */
            continue;
        }
        if (row->n < AWR_MAX_CELLS)
            row->cell[row->n++] = t;
    }
}

static int table_row(struct text_walk *w, const char *line, int no)
{
    char name[LINE_MAX_BYTES], rest[LINE_MAX_BYTES];
    struct awr_row row = { .line = no };
    size_t len = strlen(line), width = (size_t)w->name_width;

    if (width >= sizeof name)
        width = sizeof name - 1;
    snprintf(name, sizeof name, "%.*s", (int)width, line);
    snprintf(rest, sizeof rest, "%s", len > width ? line + width : "");
    row.cell[row.n++] = awr_trim(name);
    row.cut = strlen(row.cell[0]) + 1 >= width;
    cut_words(rest, &row);
    w->rows++;
    return awr_take_row(w->p, w->sec, &row);
}

static int block_row(struct text_walk *w, const char *line, int no)
{
    char buf[LINE_MAX_BYTES];
    struct awr_row row = { .line = no };

    snprintf(buf, sizeof buf, "%s", line);
    char *colon = strchr(buf, ':');
    if (!colon)
        return 0;
    *colon = '\0';
    row.cell[row.n++] = awr_trim(buf);
    cut_words(colon + 1, &row);
    w->rows++;
    return awr_take_row(w->p, w->sec, &row);
}

static int first_group_width(const char *dashes)
{
    int n = 0;

    while (dashes[n] == '-' || dashes[n] == '~')
        n++;
    return n;
}

/* A line inside a table section; returns 1 when the section has ended
   and the line is to be looked at again. */
static int table_line(struct text_walk *w, const char *line, int no)
{
    bool indented;

    if (dash_line(line, &indented)) {
        if (indented && w->st == ST_ROWS) {
            w->st = ST_NONE;
            return 0;
        }
        if (!indented) {
            w->name_width = first_group_width(line);
            w->st = ST_ROWS;
        }
        return 0;
    }
    if (strstr(line, "No data exists for this section")) {
        w->st = ST_NONE;
        return 0;
    }
    if (title_is(line, w->title)) {     /* a page break: headings again */
        w->st = ST_HEAD;
        return 0;
    }
    if (line[0] != ' ' && strstr(line, "DB/Inst:")) {
        w->st = ST_NONE;
        return 1;
    }
    if (w->st == ST_HEAD || blank(line) ||
        !strncmp(line + strspn(line, " "), "->", 2))
        return 0;
    return table_row(w, line, no);
}

static int block_line(struct text_walk *w, const char *line, int no)
{
    if (blank(line)) {
        if (w->rows)
            w->st = ST_NONE;
        return 0;
    }
    if (line[0] != ' ' && line[0] != '~' && !strchr(line, ':') &&
        no != w->p->r->section_line[w->sec]) {
        w->st = ST_NONE;
        return 1;
    }
    return block_row(w, line, no);
}

/* Labelled header lines, anywhere: the text after the label. */
static int header_labels(struct text_walk *w, const char *line, int no)
{
    static const char *const labels[] = {
        "Begin Snap:", "End Snap:", "Elapsed:", "Std Block Size:",
    };
    const char *at;

    for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
        if ((at = strstr(line, labels[i]))) {
            char buf[LINE_MAX_BYTES];
            snprintf(buf, sizeof buf, "%s", at + strlen(labels[i]));
            return awr_take_header(w->p, labels[i], awr_trim(buf), no);
        }
    if (!strncmp(line, "Host", 4) && (at = strstr(line, "Name:"))) {
        char word[AWR_TEXT_MAX];
        if (sscanf(at + 5, "%63s", word) == 1)
            return awr_take_header(w->p, "Host Name", word, no);
    }
    return 0;
}

/* A column table of the header: headings above the dash line at i,
   values below it. */
static int header_table(struct text_walk *w, const struct text_lines *t, int i)
{
    const char *dash = t->line[i], *head = t->line[i - 1], *val = t->line[i + 1];
    size_t hl = strlen(head), vl = strlen(val);

    for (size_t a = 0; dash[a];) {
        if (dash[a] == ' ') {
            a++;
            continue;
        }
        size_t b = a;
        while (dash[b] && dash[b] != ' ')
            b++;
        char key[LINE_MAX_BYTES] = "", value[LINE_MAX_BYTES] = "";
        if (a < hl)
            snprintf(key, sizeof key, "%.*s", (int)(b - a), head + a);
        if (a < vl)
            snprintf(value, sizeof value, "%.*s", (int)(b - a), val + a);
        int rc = awr_take_header(w->p, awr_trim(key), awr_trim(value), i + 2);
        if (rc < 0)
            return rc;
        a = b;
    }
    return 0;
}

static int walk_line(struct text_walk *w, const struct text_lines *t, int i)
{
    const char *line = t->line[i];
    int no = i + 1, again = 0;
    bool indented;

    if (w->st == ST_BLOCK)
        again = block_line(w, line, no);
    else if (w->st == ST_HEAD || w->st == ST_ROWS)
        again = table_line(w, line, no);
    if (again < 0)
        return again;
    if (w->st != ST_NONE)
        return 0;
    if (line[0] != ' ' && start_section(w, line, no))
        return 0;
    if (!w->header_done && i > 0 && i + 1 < t->n && dash_line(line, &indented) &&
        !blank(t->line[i - 1]) && !blank(t->line[i + 1])) {
        int rc = header_table(w, t, i);
        if (rc < 0)
            return rc;
    }
    return header_labels(w, line, no);
}

int awr_text_read(struct awr_parse *p, char *text)
{
    struct text_lines t;
    struct text_walk w = { .p = p };
    int rc = split_lines(text, &t);

    if (rc < 0)
        return rc;
    for (int i = 0; i < t.n && rc == 0; i++)
        rc = walk_line(&w, &t, i);
    p->r->last_line = t.n;
    free(t.line);
    return rc;
}
