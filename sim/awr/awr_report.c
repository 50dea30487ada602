/*
 * awr_report.c - one report into struct awr_report: what kind of file it
 * is, the reader for it (awr_text.c, awr_html.c), and what every report
 * must have had.
 *
 * The kind is told from the first lines (AWR.md section 1):
 *   HTML      a page (<html, <!DOCTYPE) whose <title> starts "AWR Report
 *             for DB:"; "AWR RAC Report", compare ("AWR Compare Period",
 *             "AWR Diff") and ASH titles are refused;
 *   AWR text  a line "WORKLOAD REPOSITORY report for" (or "... PDB report");
 *             "WORKLOAD REPOSITORY RAC/GLOBAL REPORT", "... COMPARE PERIOD
 *             REPORT" and "ASH Report For" are refused;
 *   Statspack a line "STATSPACK report for" ("STATSPACK Statistics Report
 *             for" in older ones).
 * A refusal says what to give instead: a global report's figures are the
 * cluster's and in places blocks, not requests (AWR.md section 7), so the
 * instances' own reports are what asmsim reads.
 *
 * After reading, a report must have had its elapsed time (the header)
 * and its Instance Activity Stats: a report without them is not one asmsim
 * can use, or was cut off, and the message says which, and where the file
 * ended.  What the derivation needs of the statistics it checks itself
 * (awr_derive.c).
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/awr/awr_parse.h"

#define DETECT_LINES 200            /* where a report's first words may be */
#define DETECT_LINE_BYTES 4096      /* ... and how far into each line */

struct awr_report *awr_report_new(void)
{
    return calloc(1, sizeof(struct awr_report));
}

const char *awr_section_name(enum awr_section s)
{
    static const char *const names[AWR_SEC_N] = {
        [AWR_SEC_HEADER] = "header",
        [AWR_SEC_LOAD] = "Load Profile",
        [AWR_SEC_IOPROF] = "IO Profile",
        [AWR_SEC_STATS] = "Instance Activity Stats",
        [AWR_SEC_IOSTAT] = "IOStat by Function summary",
        [AWR_SEC_FG_EVENTS] = "Foreground Wait Events",
        [AWR_SEC_BG_EVENTS] = "Background Wait Events",
    };
    return (unsigned)s < AWR_SEC_N ? names[s] : "?";
}

const char *awr_kind_name(enum awr_kind k)
{
    return k == AWR_KIND_HTML ? "AWR HTML" : k == AWR_KIND_STATSPACK ? "Statspack"
                                                                      : "AWR text";
}

const char *awr_event_name(enum awr_event e)
{
    static const char *const names[AWR_EV_N] = {
        [AWR_EV_SEQ_READ] = "db file sequential read",
        [AWR_EV_SCAT_READ] = "db file scattered read",
        [AWR_EV_PAR_READ] = "db file parallel read",
        [AWR_EV_DIRECT_READ] = "direct path read",
        [AWR_EV_DIRECT_WRITE] = "direct path write",
        [AWR_EV_LOG_PAR_WRITE] = "log file parallel write",
        [AWR_EV_LOG_SYNC] = "log file sync",
        [AWR_EV_DB_PAR_WRITE] = "db file parallel write",
    };
    return (unsigned)e < AWR_EV_N ? names[e] : "?";
}

const struct awr_stat *awr_stat_find(const struct awr_report *r, const char *name)
{
    const struct awr_stat *cut = NULL;

    for (int i = 0; i < r->n_stats; i++) {
        const struct awr_stat *s = &r->stats[i];
        if (!strcmp(s->name, name))
            return s;
        if (!cut && s->cut && s->name[0] && !strncmp(name, s->name, strlen(s->name)))
            cut = s;
    }
    return cut;
}

/* What a report that is not one asmsim reads is, and what to give. */
static const struct {
    const char *words;
    int ok;                     /* 1: read it as `kind` */
    enum awr_kind kind;
    const char *instead;
} marks[] = {
    { "WORKLOAD REPOSITORY RAC/GLOBAL REPORT", 0, 0, "an AWR RAC global report" },
    { "WORKLOAD REPOSITORY REPORT (RAC)", 0, 0, "an AWR RAC global report" },
    { "WORKLOAD REPOSITORY COMPARE PERIOD REPORT", 0, 0, "an AWR compare-period report" },
    { "ASH Report For", 0, 0, "an ASH report" },
    { "WORKLOAD REPOSITORY report for", 1, AWR_KIND_TEXT, NULL },
    { "WORKLOAD REPOSITORY PDB report", 1, AWR_KIND_TEXT, NULL },
    { "STATSPACK report for", 1, AWR_KIND_STATSPACK, NULL },
    { "STATSPACK Statistics Report for", 1, AWR_KIND_STATSPACK, NULL },
    { "<title>AWR RAC Report", 0, 0, "an AWR RAC global report" },
    { "<title>AWR Compare Period", 0, 0, "an AWR compare-period report" },
    { "<title>AWR Diff", 0, 0, "an AWR compare-period report" },
    { "<title>ASH Report", 0, 0, "an ASH report" },
    { "<title>AWR Report for", 1, AWR_KIND_HTML, NULL },
};

static int refuse(struct awr_parse *p, int line, const char *what)
{
    if (strstr(what, "RAC"))
        snprintf(p->why, p->why_len, "%d: %s: its figures are the cluster's, "
                 "some in blocks, not requests; give each instance's own "
                 "report (awrrpti.sql, one per instance)", line, what);
    else
        snprintf(p->why, p->why_len, "%d: %s: asmsim reads one interval's "
                 "instance report; give an AWR report (awrrpt.sql) or a "
                 "Statspack report (spreport.sql)", line, what);
    return -EINVAL;
}

/* The kind, from the first DETECT_LINES lines; -EINVAL if none. */
static int detect(struct awr_parse *p, const char *text)
{
    const char *at = text;

    for (int line = 1; line <= DETECT_LINES && *at; line++) {
        const char *eol = strchr(at, '\n');
        size_t n = eol ? (size_t)(eol - at) : strlen(at);
        if (n > DETECT_LINE_BYTES)
            n = DETECT_LINE_BYTES;
        for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++) {
            size_t k = strlen(marks[i].words);
            for (size_t j = 0; j + k <= n; j++) {
                bool html = marks[i].words[0] == '<';
                if (html ? strncasecmp(at + j, marks[i].words, k)
                         : strncmp(at + j, marks[i].words, k))
                    continue;
                if (!marks[i].ok)
                    return refuse(p, line, marks[i].instead);
                p->r->kind = marks[i].kind;
                return 0;
            }
        }
        if (!eol)
            break;
        at = eol + 1;
    }
    snprintf(p->why, p->why_len, "1: not an AWR or Statspack report: no "
             "\"WORKLOAD REPOSITORY report for\", \"STATSPACK report for\" or "
             "<title>AWR Report for in its first %d lines; give an AWR instance "
             "report (text or HTML, awrrpt.sql) or a Statspack report",
             DETECT_LINES);
    return -EINVAL;
}

/* What every report must have had. */
static int check_read(struct awr_parse *p)
{
    const struct awr_report *r = p->r;

    if (!r->section_line[AWR_SEC_STATS])
        return awr_fail(p, r->last_line, AWR_SEC_STATS, "not in the report "
                        "(it ends at line %d: cut off?); asmsim needs its "
                        "physical read and write totals", r->last_line);
    if (!r->n_stats)
        return awr_fail(p, r->section_line[AWR_SEC_STATS], AWR_SEC_STATS,
                        "no statistic rows (cut off at line %d?)", r->last_line);
    if (!r->elapsed_s.line)
        return awr_fail(p, 1, AWR_SEC_HEADER, "no \"Elapsed:\" (minutes): "
                        "the interval's length is needed for every rate");
    return 0;
}

int awr_report_parse(const char *text, size_t len, struct awr_report *out,
                     char *why, size_t why_len)
{
    struct awr_parse p = { .r = out, .why = why, .why_len = why_len };
    char *copy = malloc(len + 1);
    int rc;

    if (!copy)
        return -ENOMEM;
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < len; i++)    /* a NUL is no end of the report */
        copy[i] = text[i] ? text[i] : ' ';
    copy[len] = '\0';
    rc = detect(&p, copy);
    if (rc == 0)
        rc = out->kind == AWR_KIND_HTML ? awr_html_read(&p, copy)
                                        : awr_text_read(&p, copy);
    if (rc == 0)
        rc = check_read(&p);
    free(copy);
    return rc;
}

/* The file's bytes, malloc'ed; why = "PATH: cannot read: ..." on error. */
static int read_all(const char *path, char **text, size_t *len, char *why,
                    size_t why_len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    const char *what = NULL;
    int rc = 0;

    if (fd < 0 || fstat(fd, &st) < 0)
        rc = -errno;
    else if (!S_ISREG(st.st_mode))
        what = "not a regular file";
    else if (st.st_size > AWR_MAX_BYTES)
        what = "larger than 64 MiB; a report is smaller";
    char *buf = rc || what ? NULL : malloc((size_t)st.st_size + 1);
    size_t got = 0;
    while (buf && got < (size_t)st.st_size) {
        ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);
        if (n <= 0) {
            rc = n < 0 ? -errno : 0;
            break;
        }
        got += (size_t)n;
    }
    if (!rc && !what && !buf)
        rc = -ENOMEM;
    if (fd >= 0)
        close(fd);
    if (rc || what) {
        free(buf);
        snprintf(why, why_len, "%s: cannot read: %s", path, what ? what : strerror(-rc));
        return what ? -EINVAL : rc;
    }
    *text = buf;
    *len = got;
    return 0;
}

int awr_report_load(const char *path, struct awr_report *out, char *why,
                    size_t why_len)
{
    char *text = NULL, inner[600];
    size_t len = 0;
    int rc = read_all(path, &text, &len, why, why_len);

    if (rc < 0)
        return rc;
    rc = awr_report_parse(text, len, out, inner, sizeof inner);
    free(text);
    if (rc == -ENOMEM)
        snprintf(why, why_len, "%s: out of memory", path);
    else if (rc < 0)
        snprintf(why, why_len, "%s:%s", path, inner);
    return rc;
}
