/*
 * awr_rows.c - what each section's columns mean: the rows the readers cut
 * (awr_parse.h) into struct awr_report, and the report's number formats.
 *
 * Columns, the same in text and HTML (AWR.md section 4):
 *   Instance Activity Stats   Statistic | Total | per Second | per Trans
 *   IOStat by Function        Function | Reads: Data | Reqs per sec |
 *                             Data per sec | Writes: Data | Reqs per sec |
 *                             Data per sec | Waits: Count | Avg Tm(ms) or
 *                             Avg Time
 *   Load Profile, IO Profile  Label: | per second (IO Profile: Read+Write,
 *                             Read, Write)
 *   Wait Events               Event | Waits | %Time-outs | Total Wait
 *                             Time (s) | Avg wait | ...
 * The IOStat 'Data' columns take 1024-based suffixes (M is MiB; a bare
 * figure is taken as MiB, the column's unit); request counts and waits
 * 1000-based.  A wait average without a unit is in ms (11.2 and
 * Statspack print "(ms)" in the heading).  A value that does not parse
 * is refused naming its section, row and line: a figure asmsim cannot
 * read is not guessed.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/awr/awr_parse.h"

int awr_fail(struct awr_parse *p, int line, enum awr_section s,
             const char *fmt, ...)
{
    char what[400];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (s == AWR_SEC_HEADER)
        snprintf(p->why, p->why_len, "%d: header: %s", line, what);
    else
        snprintf(p->why, p->why_len, "%d: %s: %s", line, awr_section_name(s),
                 what);
    return -EINVAL;
}

char *awr_trim(char *s)
{
    size_t n;

    while (*s && isspace((unsigned char)*s))
        s++;
    n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

int awr_number(const char *s, double *v)
{
    char buf[64];
    size_t n = 0;
    char *end;

    for (; *s; s++) {
        if (*s == ',')
            continue;
        if (!strchr("0123456789.+-eE", *s) || n + 1 >= sizeof buf)
            return -EINVAL;
        buf[n++] = *s;
    }
    buf[n] = '\0';
    if (!n || !strpbrk(buf, "0123456789"))
        return -EINVAL;
    errno = 0;
    double x = strtod(buf, &end);
    if (*end || errno || !isfinite(x))
        return -EINVAL;
    *v = x;
    return 0;
}

int awr_suffixed(const char *s, double base, double *v)
{
    static const char units[] = "KMGTP";
    char buf[64];
    size_t n = strlen(s);
    double mult = 1;

    if (!n || n >= sizeof buf)
        return -EINVAL;
    memcpy(buf, s, n + 1);
    const char *u = strchr(units, buf[n - 1]);
    if (u && buf[n - 1]) {
        for (long i = 0; i <= u - units; i++)
            mult *= base;
        buf[n - 1] = '\0';
    }
    if (awr_number(buf, v) < 0)
        return -EINVAL;
    *v *= mult;
    return 0;
}

int awr_wait_us(const char *s, double bare_unit_us, double *v)
{
    static const struct { const char *unit; double us; } units[] = {
        { "ns", 1e-3 }, { "us", 1 }, { "ms", 1e3 }, { "s", 1e6 },
    };
    char buf[64];
    size_t n = strlen(s);

    if (n >= sizeof buf)
        return -EINVAL;
    memcpy(buf, s, n + 1);
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        size_t k = strlen(units[i].unit);
        if (n > k && strcmp(buf + n - k, units[i].unit) == 0) {
            buf[n - k] = '\0';
            if (awr_number(awr_trim(buf), v) < 0)
                return -EINVAL;
            *v *= units[i].us;
            return 0;
        }
    }
    if (awr_number(buf, v) < 0)
        return -EINVAL;
    *v *= bare_unit_us;
    return 0;
}

/* The row's name without a trailing ':' (Load Profile labels), in buf. */
static const char *row_label(const struct awr_row *row, char *buf, size_t len)
{
    snprintf(buf, len, "%s", row->cell[0]);
    char *t = awr_trim(buf);
    size_t n = strlen(t);
    if (n && t[n - 1] == ':')
        t[n - 1] = '\0';
    return awr_trim(t);
}

/* Cell i of a row as a number (base 0: plain; else suffixed). */
static int cell_num(struct awr_parse *p, enum awr_section s,
                    const struct awr_row *row, int i, double base, double *v)
{
    if (i >= row->n)
        return awr_fail(p, row->line, s, "\"%s\": %d columns, expected at "
                        "least %d", row->cell[0], row->n, i + 1);
    int rc = base > 0 ? awr_suffixed(row->cell[i], base, v)
                      : awr_number(row->cell[i], v);
    if (rc < 0)
        return awr_fail(p, row->line, s, "\"%s\": \"%s\" (column %d) is not a "
                        "number", row->cell[0], row->cell[i], i + 1);
    return 0;
}

static int take_stat(struct awr_parse *p, const struct awr_row *row)
{
    struct awr_report *r = p->r;
    double total, per_s;

    if (cell_num(p, AWR_SEC_STATS, row, 1, 0, &total) < 0 ||
        cell_num(p, AWR_SEC_STATS, row, 2, 0, &per_s) < 0)
        return -EINVAL;
    if (r->n_stats >= AWR_MAX_STATS)
        return 0;       /* the I/O statistics sort early; the rest are not used */
    struct awr_stat *st = &r->stats[r->n_stats++];
    snprintf(st->name, sizeof st->name, "%s", row->cell[0]);
    st->cut = row->cut;
    st->total = total;
    st->per_s = per_s;
    st->line = row->line;
    return 0;
}

static int take_func(struct awr_parse *p, const struct awr_row *row)
{
    struct awr_report *r = p->r;
    struct awr_func f = { .line = row->line };

    if (cell_num(p, AWR_SEC_IOSTAT, row, 2, 1000, &f.read_reqs_s) < 0 ||
        cell_num(p, AWR_SEC_IOSTAT, row, 3, 1024, &f.read_mibps) < 0 ||
        cell_num(p, AWR_SEC_IOSTAT, row, 5, 1000, &f.write_reqs_s) < 0 ||
        cell_num(p, AWR_SEC_IOSTAT, row, 6, 1024, &f.write_mibps) < 0)
        return -EINVAL;
    /* 'Data per sec' is in MB: "15.6M" is 15.6 MiB, so the suffix's
       power of 1024 is one more than the figure's unit */
    if (strpbrk(row->cell[3], "KMGTP"))
        f.read_mibps /= 1024 * 1024;
    if (strpbrk(row->cell[6], "KMGTP"))
        f.write_mibps /= 1024 * 1024;
    if (r->n_funcs >= AWR_MAX_FUNCS)
        return 0;
    snprintf(f.name, sizeof f.name, "%s", row->cell[0]);
    r->funcs[r->n_funcs++] = f;
    return 0;
}

static int label_index(const char *label, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (names[i] && strcmp(label, names[i]) == 0)
            return i;
    return -1;
}

static int take_load(struct awr_parse *p, const struct awr_row *row)
{
    static const char *const names[] = {
        "Read IO requests", "Write IO requests", "Read IO (MB)",
        "Write IO (MB)", "Physical read (blocks)", "Physical write (blocks)",
        "Redo size (bytes)", "Physical reads", "Physical writes", "Redo size",
    };
    static const enum awr_load as[] = {
        AWR_LOAD_READ_REQS, AWR_LOAD_WRITE_REQS, AWR_LOAD_READ_MB,
        AWR_LOAD_WRITE_MB, AWR_LOAD_READ_BLOCKS, AWR_LOAD_WRITE_BLOCKS,
        AWR_LOAD_REDO_BYTES, AWR_LOAD_READ_BLOCKS, AWR_LOAD_WRITE_BLOCKS,
        AWR_LOAD_REDO_BYTES,
    };
    char buf[AWR_STAT_NAME_MAX];
    int i = label_index(row_label(row, buf, sizeof buf), names,
                        (int)(sizeof names / sizeof names[0]));
    double v;

    if (i < 0 || p->r->load[as[i]].line)
        return 0;
    if (cell_num(p, AWR_SEC_LOAD, row, 1, 0, &v) < 0)
        return -EINVAL;
    p->r->load[as[i]] = (struct awr_num){ v, row->line };
    return 0;
}

static int take_ioprof(struct awr_parse *p, const struct awr_row *row)
{
    static const char *const names[AWR_IOP_N] = {
        [AWR_IOP_TOTAL_REQS] = "Total Requests",
        [AWR_IOP_DB_REQS] = "Database Requests",
        [AWR_IOP_REDO_REQS] = "Redo Requests",
        [AWR_IOP_TOTAL_MB] = "Total (MB)",
        [AWR_IOP_DB_MB] = "Database (MB)",
        [AWR_IOP_REDO_MB] = "Redo (MB)",
    };
    char buf[AWR_STAT_NAME_MAX];
    int i = label_index(row_label(row, buf, sizeof buf), names, AWR_IOP_N);
    double rw, rd, wr;

    if (i < 0 || p->r->ioprof[i].rw.line)
        return 0;
    if (cell_num(p, AWR_SEC_IOPROF, row, 1, 0, &rw) < 0 ||
        cell_num(p, AWR_SEC_IOPROF, row, 2, 0, &rd) < 0 ||
        cell_num(p, AWR_SEC_IOPROF, row, 3, 0, &wr) < 0)
        return -EINVAL;
    p->r->ioprof[i] = (struct awr_rw){ { rw, row->line }, { rd, row->line },
                                       { wr, row->line } };
    return 0;
}

static int take_event(struct awr_parse *p, enum awr_section s,
                      const struct awr_row *row)
{
    char buf[AWR_STAT_NAME_MAX];
    const char *name = row_label(row, buf, sizeof buf);
    struct awr_wait w = { .from = s, .line = row->line };
    int e;

    for (e = 0; e < AWR_EV_N; e++)
        if (strcmp(name, awr_event_name((enum awr_event)e)) == 0)
            break;
    if (e == AWR_EV_N)
        return 0;
    struct awr_wait *have = &p->r->events[e];
    if (have->line && !(have->from == AWR_SEC_BG_EVENTS && s == AWR_SEC_FG_EVENTS))
        return 0;
    if (cell_num(p, s, row, 1, 1000, &w.waits) < 0)
        return -EINVAL;
    if (row->n < 5 || awr_wait_us(row->cell[4], 1e3, &w.avg_us) < 0)
        return awr_fail(p, row->line, s, "\"%s\": average wait \"%s\" is not "
                        "a time (450.00us, 0.8ms, 5)", name,
                        row->n < 5 ? "" : row->cell[4]);
    bool unit = strpbrk(row->cell[4], "sm") != NULL;
    snprintf(w.avg_text, sizeof w.avg_text, "%s%s", row->cell[4],
             unit ? "" : " ms");
    *have = w;
    return 0;
}

int awr_take_row(struct awr_parse *p, enum awr_section s,
                 const struct awr_row *row)
{
    if (row->n < 1 || !*row->cell[0])
        return 0;
    switch (s) {
    case AWR_SEC_STATS:
        return take_stat(p, row);
    case AWR_SEC_IOSTAT:
        return take_func(p, row);
    case AWR_SEC_LOAD:
        return take_load(p, row);
    case AWR_SEC_IOPROF:
        return take_ioprof(p, row);
    case AWR_SEC_FG_EVENTS:
    case AWR_SEC_BG_EVENTS:
        return take_event(p, s, row);
    default:
        return 0;
    }
}

/* "12345 02-Mar-24 09:00:05 ...": the snapshot's id and time. */
static int take_snap(struct awr_parse *p, const char *value, int line,
                     struct awr_num *id, char *time)
{
    char num[32], day[24], clock[24];
    double v;

    if (sscanf(value, "%31s %23s %23s", num, day, clock) != 3 ||
        awr_number(num, &v) < 0 || v < 0 || v != floor(v))
        return awr_fail(p, line, AWR_SEC_HEADER, "snapshot \"%s\": expected "
                        "its id and time (12345 02-Mar-24 09:00:05)", value);
    *id = (struct awr_num){ v, line };
    snprintf(time, AWR_TEXT_MAX, "%s %s", day, clock);
    return 0;
}

static int take_elapsed(struct awr_parse *p, const char *value, int line)
{
    char num[32], unit[16] = "";
    double v;

    if (sscanf(value, "%31s %15s", num, unit) < 1 || awr_number(num, &v) < 0 ||
        v <= 0 || (unit[0] && strcmp(unit, "(mins)") != 0))
        return awr_fail(p, line, AWR_SEC_HEADER, "Elapsed \"%s\": expected "
                        "minutes above 0 (60.08 (mins))", value);
    p->r->elapsed_s = (struct awr_num){ v * 60, line };
    return 0;
}

static int take_block(struct awr_parse *p, const char *value, int line)
{
    char num[32];
    double v;

    if (sscanf(value, "%31s", num) != 1 || awr_suffixed(num, 1024, &v) < 0 ||
        v < 512 || v > 65536)
        return awr_fail(p, line, AWR_SEC_HEADER, "Std Block Size \"%s\": "
                        "expected 2K to 32K", value);
    p->r->block_bytes = (struct awr_num){ v, line };
    return 0;
}

static void take_text(char *dst, const char *value)
{
    if (!dst[0])
        snprintf(dst, AWR_TEXT_MAX, "%s", value);
}

int awr_take_header(struct awr_parse *p, const char *key, const char *value,
                    int line)
{
    struct awr_report *r = p->r;
    double v;

    if (!*value)
        return 0;
    if (!strcmp(key, "DB Name") || !strcmp(key, "Database"))
        take_text(r->db_name, value);
    else if (!strcmp(key, "Instance"))
        take_text(r->instance, value);
    else if (!strcmp(key, "Release"))
        take_text(r->release, value);
    else if (!strcmp(key, "Host Name") || !strcmp(key, "Host"))
        take_text(r->host, value);
    else if (!strcasecmp(key, "Inst Num") && !r->inst_num.line &&
             awr_number(value, &v) == 0)
        r->inst_num = (struct awr_num){ v, line };
    else if (!strcmp(key, "RAC") && !r->rac.line)
        r->rac = (struct awr_num){ !strcasecmp(value, "YES"), line };
    else if (!strcmp(key, "Begin Snap:") && !r->begin_snap.line)
        return take_snap(p, value, line, &r->begin_snap, r->begin_time);
    else if (!strcmp(key, "End Snap:") && !r->end_snap.line)
        return take_snap(p, value, line, &r->end_snap, r->end_time);
    else if (!strcmp(key, "Elapsed:") && !r->elapsed_s.line)
        return take_elapsed(p, value, line);
    else if (!strcmp(key, "Std Block Size:") && !r->block_bytes.line)
        return take_block(p, value, line);
    return 0;
}
