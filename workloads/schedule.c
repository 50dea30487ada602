/*
 * schedule.c - the forecast schedule's CSV parser (format: schedule.h).
 *
 * Two passes.  The first reads every line into a phase with its own
 * fields (start and duration as given, -1 when not); the second lays the
 * phases on the day: each start is its clock time or the previous end,
 * each end its duration or the next clock start (or 24:00 for the last
 * of a clock schedule), and gaps become idle phases.  Errors name the
 * line and the column, because a schedule is edited by hand.
 *
 * A database workload's columns (scale, scale:CLASS) are read beside
 * ORION's: the header says which kind a schedule is (never both), and a
 * scaled phase keeps its factors as given (-1: empty); which class a
 * scale:CLASS column names is the forecast's to check, since the parser
 * knows no workload.
 */
#include "workloads/schedule.h"
#include "workloads/presets.h"
#include "workloads/duration.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum column {
    COL_PHASE = 0, COL_START, COL_DURATION, COL_SMALL_IOPS, COL_SMALL_WRITE,
    COL_LARGE_MBPS, COL_LARGE_WRITE, COL_ARRIVALS, COL_NUM_SMALL,
    COL_NUM_LARGE, COL_SCALE, COLUMNS
};
#define SCALE_PREFIX "scale:"           /* scale:CLASS, field COLUMNS + k */

static const char *const column_names[COLUMNS] = {
    "phase", "start", "duration", "small_iops", "small_write_pct",
    "large_mbps", "large_write_pct", "arrivals", "num_small", "num_large",
    "scale",
};

#define MAX_FIELDS 32
#define UTF8_BOM "\xEF\xBB\xBF"
#define LINE_MAX_BYTES 1024

/* One line as given: its fields by column, "" when empty or absent. */
struct raw_line {
    int line;
    char field[COLUMNS][64];
    char class_field[WL_SCHEDULE_MAX_CLASS_COLS][64];  /* scale:CLASS */
};

/* A phase as read, before it is laid on the day. */
struct read_phase {
    struct wl_phase p;
    int64_t clock_ms;           /* -1: no clock start */
    int64_t duration_ms;        /* -1: no duration */
};

struct parser {
    const char *name;
    char *why;
    size_t why_len;
    int col_of_field[MAX_FIELDS];   /* enum column of header field i, or
                                       COLUMNS + k: scale:CLASS column k */
    int n_header;
    bool orion_cols, scale_cols;
    int n_class_cols;
    char class_col[WL_SCHEDULE_MAX_CLASS_COLS][WL_PHASE_NAME_MAX];
    int n;
    struct read_phase ph[WL_SCHEDULE_MAX_PHASES];
};

static int fail_line(struct parser *ps, int line, const char *col,
                     const char *value, const char *what)
{
    snprintf(ps->why, ps->why_len, "%s:%d: %s '%s': %s", ps->name, line,
             col, value, what);
    return -EINVAL;
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    size_t lead = strspn(s, " \t");
    memmove(s, s + lead, n - lead + 1);
}

/* Split a line at commas into at most max trimmed fields, as CSV writes
   them: a field may be quoted ("peak" or " peak ", its blanks kept; ""
   inside is one "), as spreadsheets export text.  How many fields, or
   SPLIT_TOO_MANY when there are more than max or one is 64 bytes or
   longer, SPLIT_BAD_QUOTE for a quote left open or text after a closing
   one. */
enum { SPLIT_TOO_MANY = -1, SPLIT_BAD_QUOTE = -2 };

static int split(char *line, char fields[][64], int max)
{
    int n = 0;
    const char *p = line;
    for (;; n++) {
        if (n >= max)
            return SPLIT_TOO_MANY;
        size_t len = 0;
        p += strspn(p, " \t");
        if (*p == '"') {
            for (p++;; p++) {
                if (*p == '\0')
                    return SPLIT_BAD_QUOTE;
                if (*p == '"' && p[1] != '"')
                    break;
                if (*p == '"')
                    p++;                /* "" is one quote */
                if (len >= 63)
                    return SPLIT_TOO_MANY;
                fields[n][len++] = *p;
            }
            p += 1 + strspn(p + 1, " \t");
            if (*p != ',' && *p != '\0')
                return SPLIT_BAD_QUOTE;
            fields[n][len] = '\0';
        } else {
            const char *comma = strchr(p, ',');
            len = comma ? (size_t)(comma - p) : strlen(p);
            if (len >= 64)
                return SPLIT_TOO_MANY;
            memcpy(fields[n], p, len);
            fields[n][len] = '\0';
            trim(fields[n]);
            p += len;
        }
        if (*p == '\0')
            return n + 1;
        p++;                            /* the comma */
    }
}

/* A line split into fields (split's count or code); for a bad quote the
   reason is in ps->why. */
static int split_or_fail(struct parser *ps, char *line, int lineno, const char *col,
                         char fields[][64])
{
    int n = split(line, fields, MAX_FIELDS);
    if (n == SPLIT_BAD_QUOTE)
        fail_line(ps, lineno, col, line, "a quoted field without its closing "
                  "quote, or text after it before the comma");
    return n;
}

static bool name_ok(const char *s);

/* Header field i, "scale:CLASS": the next class column. */
static int class_column(struct parser *ps, int lineno, const char *field, int i)
{
    const char *name = field + strlen(SCALE_PREFIX);
    if (!name_ok(name))
        return fail_line(ps, lineno, "header", field, "not a class's name after "
                         "'scale:'; use 1..31 letters, digits, '-', '_' or '.'");
    for (int k = 0; k < ps->n_class_cols; k++)
        if (strcmp(ps->class_col[k], name) == 0)
            return fail_line(ps, lineno, "header", field, "column given twice");
    if (ps->n_class_cols == WL_SCHEDULE_MAX_CLASS_COLS)
        return fail_line(ps, lineno, "header", field, "one scale:CLASS column too "
                         "many; at most 8, one per class");
    snprintf(ps->class_col[ps->n_class_cols], WL_PHASE_NAME_MAX, "%s", name);
    ps->col_of_field[i] = COLUMNS + ps->n_class_cols++;
    ps->scale_cols = true;
    return 0;
}

static int parse_header(struct parser *ps, char *line, int lineno)
{
    char fields[MAX_FIELDS][64];
    int n = split_or_fail(ps, line, lineno, "header", fields);
    bool seen[COLUMNS] = { false };
    if (n == SPLIT_BAD_QUOTE)
        return -EINVAL;
    if (n < 0)
        return fail_line(ps, lineno, "header", "...", "too many or too long "
                         "columns");
    for (int i = 0; i < n; i++) {
        if (strncmp(fields[i], SCALE_PREFIX, strlen(SCALE_PREFIX)) == 0) {
            int rc = class_column(ps, lineno, fields[i], i);
            if (rc)
                return rc;
            continue;
        }
        int c = 0;
        while (c < COLUMNS && strcmp(fields[i], column_names[c]) != 0)
            c++;
        if (c == COLUMNS)
            return fail_line(ps, lineno, "header", fields[i], "unknown column; "
                             "use phase, start, duration, small_iops, "
                             "small_write_pct, large_mbps, large_write_pct, "
                             "arrivals, num_small, num_large, or for a "
                             "workload's classes scale, scale:CLASS");
        if (seen[c])
            return fail_line(ps, lineno, "header", fields[i], "column given twice");
        seen[c] = true;
        ps->col_of_field[i] = c;
        ps->orion_cols |= c >= COL_SMALL_IOPS && c <= COL_NUM_LARGE;
        ps->scale_cols |= c == COL_SCALE;
    }
    if (ps->orion_cols && ps->scale_cols)
        return fail_line(ps, lineno, "header", line, "both ORION's load columns "
                         "(small_iops, large_mbps, num_small, num_large, the "
                         "write shares, arrivals) and a workload's (scale, "
                         "scale:CLASS); a schedule is for one kind");
    if (!seen[COL_PHASE])
        return fail_line(ps, lineno, "header", line, "no 'phase' column; the "
                         "header names the columns, e.g. phase,start,small_iops");
    if (!seen[COL_START] && !seen[COL_DURATION])
        return fail_line(ps, lineno, "header", line, "neither a 'start' nor a "
                         "'duration' column; a phase needs one of them");
    ps->n_header = n;
    return 0;
}

/* ---- values --------------------------------------------------------------- */

/* What a time that does not parse returns: -1 when it does not read as
   one, OUT_OF_RANGE when it reads but lies outside what the column allows
   (25:00 as a start, 61d as a duration), so that the message can say
   which, and the limits. */
#define NOT_A_TIME (-1)
#define OUT_OF_RANGE (-2)

/* hh:mm[:ss] into ms, at most max_h:00:00; NOT_A_TIME / OUT_OF_RANGE. */
static int64_t parse_clock(const char *s, int max_h)
{
    int h, m, sec = 0, used = 0;
    if (!isdigit((unsigned char)s[0]) || sscanf(s, "%d:%d%n", &h, &m, &used) != 2)
        return NOT_A_TIME;
    const char *rest = s + used;
    if (*rest == ':') {
        int more = 0;
        if (sscanf(rest, ":%d%n", &sec, &more) != 1)
            return NOT_A_TIME;
        rest += more;
    }
    if (*rest || h < 0 || m < 0 || m > 59 || sec < 0 || sec > 59)
        return NOT_A_TIME;
    int64_t ms = ((int64_t)h * 3600 + m * 60 + sec) * 1000;
    return ms <= (int64_t)max_h * 3600 * 1000 ? ms : OUT_OF_RANGE;
}

/* A duration (duration.h: 90s, 1h30m, 2d12h, 500ms; no unit: seconds)
   or hh:mm[:ss], min_ms .. 31 days, into ms; NOT_A_TIME / OUT_OF_RANGE. */
static int64_t parse_duration_from(const char *s, double min_ms)
{
    if (strchr(s, ':')) {
        int64_t ms = parse_clock(s, 24 * 31);
        return ms == 0 && min_ms > 0 ? OUT_OF_RANGE : ms;
    }
    double ns;
    if (wl_duration_ns(s, &ns) != 0)
        return NOT_A_TIME;
    double ms = ns / 1e6;
    if (!(ms >= min_ms) || ms > (double)WL_SCHEDULE_MAX_DAY_MS)
        return OUT_OF_RANGE;
    return (int64_t)(ms + 0.5);     /* ms >= 0: rounds to nearest */
}

/* A schedule row's duration: 1 ms .. 31 days. */
static int64_t parse_duration(const char *s)
{
    return parse_duration_from(s, 1);
}

static int parse_rate(const char *s, double max, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno || !isfinite(v) || v < 0 || v > max)
        return -1;
    *out = v;
    return 0;
}

static int parse_int_in(const char *s, int lo, int hi, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

static bool name_ok(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n >= WL_PHASE_NAME_MAX)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)s[i]) && !strchr("-_.", s[i]))
            return false;
    return true;
}

/* ---- one phase line ------------------------------------------------------- */

static int read_times(struct parser *ps, const struct raw_line *r,
                      struct read_phase *rp)
{
    const char *start = r->field[COL_START], *dur = r->field[COL_DURATION];
    rp->clock_ms = rp->duration_ms = -1;
    if (*start && (rp->clock_ms = parse_clock(start, 24)) < 0)
        return fail_line(ps, r->line, "start", start,
                         rp->clock_ms == OUT_OF_RANGE
                             ? "out of range; a start is 00:00..24:00"
                             : "not a clock time; use hh:mm or hh:mm:ss, 00:00..24:00");
    if (*dur && (rp->duration_ms = parse_duration(dur)) < 0)
        return fail_line(ps, r->line, "duration", dur,
                         rp->duration_ms == OUT_OF_RANGE
                             ? "out of range; a phase lasts 0.001s..31d"
                             : "not a duration; use a number > 0 with s, m, h "
                               "or d (90m, 1.5h) or hh:mm[:ss]");
    return 0;
}

static int read_open(struct parser *ps, const struct raw_line *r,
                     struct wl_phase *p)
{
    static const int cols[2] = { COL_SMALL_IOPS, COL_LARGE_MBPS };
    static const double max[2] = { WL_RATE_SMALL_MAX_IOPS, WL_RATE_LARGE_MAX_MBPS };
    static const char *const range[2] = { "not a rate; use IOPS 0..10000000",
                                          "not a rate; use MB/s 0..100000" };
    double *dst[2] = { &p->small_iops, &p->large_mbps };
    for (int k = 0; k < 2; k++) {
        const char *v = r->field[cols[k]];
        if (*v && parse_rate(v, max[k], dst[k]) != 0)
            return fail_line(ps, r->line, column_names[cols[k]], v, range[k]);
    }
    const char *a = r->field[COL_ARRIVALS];
    if (!*a || strcmp(a, "poisson") == 0)
        p->arrivals = WL_ARRIVE_POISSON;
    else if (strcmp(a, "constant") == 0)
        p->arrivals = WL_ARRIVE_CONSTANT;
    else
        return fail_line(ps, r->line, "arrivals", a, "unknown; use poisson "
                         "or constant");
    return 0;
}

static int read_closed(struct parser *ps, const struct raw_line *r,
                       struct wl_phase *p)
{
    static const int cols[2] = { COL_NUM_SMALL, COL_NUM_LARGE };
    int *dst[2] = { &p->num_small, &p->num_large };
    for (int k = 0; k < 2; k++) {
        const char *v = r->field[cols[k]];
        if (*v && parse_int_in(v, 0, 100000, dst[k]) != 0)
            return fail_line(ps, r->line, column_names[cols[k]], v, "not an "
                             "outstanding count; use an integer 0..100000");
    }
    return 0;
}

/* A workload's phase: its factors, -1 where a cell is empty. */
static int read_scaled(struct parser *ps, const struct raw_line *r,
                       struct wl_phase *p)
{
    const char *v = r->field[COL_SCALE];
    bool given = false;
    char col[WL_PHASE_NAME_MAX + 8];
    p->scale = -1;
    if (*v && parse_rate(v, WL_SCALE_MAX, &p->scale) != 0)
        return fail_line(ps, r->line, "scale", v, "not a factor; use a number "
                         "0..1000 (1: the workload's own load, 2: twice it)");
    given = *v != '\0';
    for (int k = 0; k < ps->n_class_cols; k++) {
        v = r->class_field[k];
        p->class_scale[k] = -1;
        snprintf(col, sizeof col, SCALE_PREFIX "%s", ps->class_col[k]);
        if (*v && parse_rate(v, WL_SCALE_MAX, &p->class_scale[k]) != 0)
            return fail_line(ps, r->line, col, v, "not a factor; use a number "
                             "0..1000 (1: the class's own load, 2: twice it)");
        given |= *v != '\0';
    }
    p->kind = given ? WL_PHASE_SCALED : WL_PHASE_IDLE;
    if (!wl_phase_has_load(p))
        p->kind = WL_PHASE_IDLE;        /* every factor 0: idle */
    return 0;
}

static int read_load(struct parser *ps, const struct raw_line *r,
                     struct wl_phase *p)
{
    if (ps->scale_cols)
        return read_scaled(ps, r, p);
    bool open = r->field[COL_SMALL_IOPS][0] || r->field[COL_LARGE_MBPS][0];
    bool closed = r->field[COL_NUM_SMALL][0] || r->field[COL_NUM_LARGE][0];
    static const int wcols[2] = { COL_SMALL_WRITE, COL_LARGE_WRITE };
    for (int k = 0; k < 2; k++) {
        const char *v = r->field[wcols[k]];
        if (*v && parse_int_in(v, 0, 100, &p->write_pct[k]) != 0)
            return fail_line(ps, r->line, column_names[wcols[k]], v, "not a "
                             "write percentage; use an integer 0..100");
    }
    if (open && closed)
        return fail_line(ps, r->line, "phase", p->name, "both open-loop rates "
                         "(small_iops, large_mbps) and closed-loop levels "
                         "(num_small, num_large); give one kind");
    if (r->field[COL_ARRIVALS][0] && !open)
        return fail_line(ps, r->line, "arrivals", r->field[COL_ARRIVALS],
                         "only for open-loop phases (small_iops, large_mbps)");
    p->kind = open ? WL_PHASE_OPEN : closed ? WL_PHASE_CLOSED : WL_PHASE_IDLE;
    int rc = open ? read_open(ps, r, p) : closed ? read_closed(ps, r, p) : 0;
    if (rc == 0 && !wl_phase_has_load(p))
        p->kind = WL_PHASE_IDLE;        /* small_iops 0, num_small 0 ...: idle */
    return rc;
}

static int read_phase_line(struct parser *ps, char *line, int lineno)
{
    char fields[MAX_FIELDS][64];
    int n = split_or_fail(ps, line, lineno, "line", fields);
    if (n == SPLIT_BAD_QUOTE)
        return -EINVAL;
    if (n < 0 || n > ps->n_header)
        return fail_line(ps, lineno, "line", line, "more fields than the "
                         "header has columns (or one over 63 bytes)");
    struct raw_line r = { .line = lineno };
    for (int i = 0; i < n; i++) {
        int c = ps->col_of_field[i];
        snprintf(c < COLUMNS ? r.field[c] : r.class_field[c - COLUMNS], 64, "%s",
                 fields[i]);
    }
    if (ps->n == WL_SCHEDULE_MAX_PHASES) {
        char what[80];
        snprintf(what, sizeof what, "phase %d; a schedule holds at most %d",
                 WL_SCHEDULE_MAX_PHASES + 1, WL_SCHEDULE_MAX_PHASES);
        return fail_line(ps, lineno, "phase", r.field[COL_PHASE], what);
    }
    struct read_phase *rp = &ps->ph[ps->n];
    memset(rp, 0, sizeof *rp);
    rp->p.line = lineno;
    if (!name_ok(r.field[COL_PHASE]))
        return fail_line(ps, lineno, "phase", r.field[COL_PHASE], "not a phase "
                         "name; use 1..31 letters, digits, '-', '_' or '.'");
    snprintf(rp->p.name, sizeof rp->p.name, "%s", r.field[COL_PHASE]);
    int rc = read_times(ps, &r, rp);
    if (rc == 0)
        rc = read_load(ps, &r, &rp->p);
    if (rc == 0)
        ps->n++;
    return rc;
}

/* ---- laying the phases on the day ----------------------------------------- */

static int add_phase(struct wl_schedule *out, const struct wl_phase *p,
                     int64_t start_ms, int64_t end_ms)
{
    if (out->n == WL_SCHEDULE_MAX_PHASES)
        return -1;
    struct wl_phase *q = &out->phase[out->n++];
    *q = *p;
    q->start_ms = start_ms;
    q->length_ms = end_ms - start_ms;
    return 0;
}

static int add_idle(struct wl_schedule *out, int64_t from_ms, int64_t to_ms)
{
    struct wl_phase idle = { .name = "idle", .kind = WL_PHASE_IDLE };
    return add_phase(out, &idle, from_ms, to_ms);
}

static int fail_name(struct parser *ps, const char *what)
{
    snprintf(ps->why, ps->why_len, "%s: %s", ps->name, what);
    return -EINVAL;
}

/* Where phase i ends, given that it starts at start_ms; -1 on error. */
static int64_t phase_end(struct parser *ps, int i, int64_t start_ms, bool clock)
{
    const struct read_phase *rp = &ps->ph[i];
    char buf[16];
    if (rp->duration_ms > 0)
        return start_ms + rp->duration_ms;
    if (i + 1 < ps->n && ps->ph[i + 1].clock_ms >= 0)
        return ps->ph[i + 1].clock_ms;
    if (i + 1 == ps->n && clock)
        return WL_DAY_MS;
    snprintf(buf, sizeof buf, "%s", rp->p.name);
    fail_line(ps, rp->p.line, "phase", buf, "no end: give it a duration, or "
              "the next phase a clock start");
    return -1;
}

static int lay_out(struct parser *ps, struct wl_schedule *out)
{
    bool clock = false;
    for (int i = 0; i < ps->n; i++)
        clock |= ps->ph[i].clock_ms >= 0;
    int64_t at = 0;
    char a[32], b[32];
    for (int i = 0; i < ps->n; i++) {
        const struct read_phase *rp = &ps->ph[i];
        if (rp->clock_ms >= 0 && rp->clock_ms < at) {
            char what[120];
            snprintf(what, sizeof what, "before the previous phase ends (%s); "
                     "starts must follow the schedule's order",
                     wl_clock_format(at, a, sizeof a));
            return fail_line(ps, rp->p.line, "start",
                             wl_clock_format(rp->clock_ms, b, sizeof b), what);
        }
        if (rp->clock_ms > at && add_idle(out, at, rp->clock_ms) != 0)
            return fail_name(ps, "too many phases with the idle gaps; at most 256");
        int64_t start = rp->clock_ms >= 0 ? rp->clock_ms : at;
        int64_t end = phase_end(ps, i, start, clock);
        if (end < 0)
            return -EINVAL;
        if (end <= start) {
            char what[96];
            snprintf(what, sizeof what, "ends at %s, not after its start %s",
                     wl_clock_format(end, a, sizeof a), wl_clock_format(start, b, sizeof b));
            return fail_line(ps, rp->p.line, "phase", rp->p.name, what);
        }
        if (add_phase(out, &rp->p, start, end) != 0)
            return fail_name(ps, "too many phases with the idle gaps; at most 256");
        at = end;
    }
    if (clock && at > WL_DAY_MS)
        return fail_name(ps, "the phases run past 24:00; a schedule with clock "
                         "times is one day");
    if (!clock && at > WL_SCHEDULE_MAX_DAY_MS)
        return fail_name(ps, "the phases last over 31 days; at most 31");
    if (clock && at < WL_DAY_MS && add_idle(out, at, WL_DAY_MS) != 0)
        return fail_name(ps, "too many phases with the idle gaps; at most 256");
    out->clock = clock;
    out->day_ms = clock ? WL_DAY_MS : at;
    out->orion_cols = ps->orion_cols;
    out->scale_cols = ps->scale_cols;
    out->n_class_cols = ps->n_class_cols;
    memcpy(out->class_col, ps->class_col, sizeof out->class_col);
    return 0;
}

int wl_schedule_parse(const char *text, const char *name,
                      struct wl_schedule *out, char *why, size_t why_len)
{
    struct parser *ps = calloc(1, sizeof *ps);
    if (!ps) {
        snprintf(why, why_len, "%s: out of memory", name);
        return -ENOMEM;
    }
    *ps = (struct parser){ .name = name, .why = why, .why_len = why_len };
    memset(out, 0, sizeof *out);
    int rc = 0, lineno = 0;
    bool header = false;
    if (strncmp(text, UTF8_BOM, strlen(UTF8_BOM)) == 0)
        text += strlen(UTF8_BOM);       /* a spreadsheet's "CSV UTF-8" */
    for (const char *p = text; *p && rc == 0;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        char line[LINE_MAX_BYTES];
        lineno++;
        if (len >= sizeof line) {
            rc = fail_line(ps, lineno, "line", "...", "longer than 1023 bytes");
            break;
        }
        memcpy(line, p, len);
        line[len] = '\0';
        p = nl ? nl + 1 : p + len;
        trim(line);
        if (!line[0] || line[0] == '#')
            continue;
        rc = header ? read_phase_line(ps, line, lineno) : parse_header(ps, line, lineno);
        header = true;
    }
    if (rc == 0 && ps->n == 0)
        rc = fail_name(ps, "no phases; after the header line, one line per phase");
    if (rc == 0)
        rc = lay_out(ps, out);
    free(ps);
    return rc;
}

bool wl_phase_has_load(const struct wl_phase *p)
{
    if (p->kind == WL_PHASE_OPEN)
        return p->small_iops > 0 || p->large_mbps > 0;
    if (p->kind == WL_PHASE_CLOSED)
        return p->num_small > 0 || p->num_large > 0;
    if (p->kind != WL_PHASE_SCALED)
        return false;
    bool any = p->scale > 0;
    for (int k = 0; k < WL_SCHEDULE_MAX_CLASS_COLS; k++)
        any |= p->class_scale[k] > 0;
    return any;
}

double wl_phase_class_factor(const struct wl_phase *p, int col)
{
    if (p->kind != WL_PHASE_SCALED)
        return 0;
    if (col >= 0 && col < WL_SCHEDULE_MAX_CLASS_COLS && p->class_scale[col] >= 0)
        return p->class_scale[col];
    return p->scale > 0 ? p->scale : 0;
}

int wl_schedule_class_col(const struct wl_schedule *s, const char *name)
{
    for (int k = 0; k < s->n_class_cols; k++)
        if (strcmp(s->class_col[k], name) == 0)
            return k;
    return -1;
}

char *wl_clock_format(int64_t ms, char *buf, size_t len)
{
    int64_t s = ms / 1000;
    int64_t day = s / 86400;
    s %= 86400;
    if (day > 0)
        snprintf(buf, len, "d%lld %02lld:%02lld:%02lld", (long long)day + 1,
                 (long long)(s / 3600), (long long)(s / 60 % 60), (long long)(s % 60));
    else
        snprintf(buf, len, "%02lld:%02lld:%02lld", (long long)(s / 3600),
                 (long long)(s / 60 % 60), (long long)(s % 60));
    return buf;
}

int wl_forecast_time_parse(const char *s, int64_t *ms)
{
    int64_t day = 0, t;
    int used = 0;
    long long n;
    if (s[0] == 'd' && sscanf(s, "d%lld %n", &n, &used) == 1 && used > 0 &&
        s[used - 1] == ' ') {
        if (n < 1 || n > 100000)          /* the horizon is the caller's check */
            return -EINVAL;
        day = (int64_t)n - 1;
        t = parse_clock(s + used, 24);
    } else
        t = strchr(s, ':') ? parse_clock(s, 24) : parse_duration_from(s, 0);
    if (t < 0)
        return -EINVAL;
    *ms = day * WL_DAY_MS + t;
    return 0;
}

const char *wl_schedule_preset(const char *name)
{
    for (const struct wl_preset_text *p = wl_schedule_presets; p->name; p++)
        if (strcmp(p->name, name) == 0)
            return p->text;
    return NULL;
}

char *wl_schedule_preset_names(char *buf, size_t len)
{
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (const struct wl_preset_text *p = wl_schedule_presets; p->name; p++) {
        int n = snprintf(buf + used, len - used, "%s%s", used ? ", " : "", p->name);
        if (n < 0 || (size_t)n >= len - used)
            break;
        used += (size_t)n;
    }
    return buf;
}
