/*
 * cli_report.c - `asmsim report RESULTS.json [MORE.json ...] -o FILE.html`:
 * the HTML report of saved results, made by the same generator as
 * --report on run, sweep and orion (html.h), so a report can be made
 * again, later, elsewhere, and several results compared on one page.
 *
 * One file gives that run's or sweep's report, several (up to
 * HTML_MAX_DOCS) the comparison.  A document alone is named in the page
 * by its test name, as its --report page was (html_page.c); one without
 * (an advice), and each of a comparison, by its file's base name without
 * ".json" (doc_name).  The output is checked before anything is read,
 * as every output of asmsim is (cli_check_outputs: its directory exists
 * and is writable, and, for a report, nothing is at the path): a report
 * is never replaced.
 *
 * Exit status: 0; 2 for bad usage or input (a missing -o, an unreadable
 * file, a file that is not a results JSON, an output that exists), with
 * one line on stderr and nothing written; 1 when the page could not be
 * written.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sim/cli/cli_job.h"
#include "sim/cli/cli_values.h"
#include "sim/report/html.h"
#include "sim/report/report_input.h"
#include "sim/report/report_writers.h"

#define MAX_JSON_BYTES (1024L * 1024 * 1024)    /* 24 h at 1 s is ~100 MB */

struct report_args {
    const char *out;
    const char *out_flag;           /* as typed: "-o" or "--output" */
    const char *in[HTML_MAX_DOCS];
    int n_in;
};

static int usage_error(const char *msg, const char *arg)
{
    return cli_usage_error("report", msg, arg);
}

/* 0, CLI_HELP, or the exit status 2 (told). */
static int parse(int argc, char **argv, struct report_args *a)
{
    memset(a, 0, sizeof *a);
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0)
            return CLI_HELP;
        if (strcmp(s, "-o") == 0 || strcmp(s, "--output") == 0 ||
            strncmp(s, "--output=", 9) == 0) {
            const char *v = strncmp(s, "--output=", 9) == 0 ? s + 9
                            : i + 1 < argc && !cli_value_is_option(argv[i + 1])
                            ? argv[++i] : NULL;
            if (a->out)
                return usage_error("given twice; give one output file", s);
            if (v == NULL || !*v)
                return usage_error("needs a file name, e.g. -o report.html", s);
            a->out = v;
            a->out_flag = strcmp(s, "-o") == 0 ? "-o" : "--output";
        } else if (s[0] == '-' && s[1]) {
            return usage_error("unknown option; report takes -o FILE.html and "
                               "results JSON files", s);
        } else if (a->n_in == HTML_MAX_DOCS) {
            return usage_error("too many results files; at most 16", s);
        } else {
            a->in[a->n_in++] = s;
        }
    }
    if (a->n_in == 0)
        return usage_error("no results JSON given; give one (a report) or "
                           "several (a comparison)", NULL);
    if (a->out == NULL)
        return usage_error("no output; give -o FILE.html", NULL);
    return 0;
}

/* The whole file, NUL-terminated, or NULL with why (a regular file only:
   report_input_open). */
static char *read_whole(const char *path, char *why, size_t why_len)
{
    FILE *f;
    char *buf = NULL;
    long len;

    if (report_input_open(path, &f, why, why_len) != 0) {
        snprintf(why + strlen(why), why_len - strlen(why), "; give a results "
                 "JSON (asmsim run, sweep, orion, forecast or advise --json)");
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 ||
        fseek(f, 0, SEEK_SET) != 0) {
        snprintf(why, why_len, "cannot read it: %s", strerror(errno));
    } else if (len > MAX_JSON_BYTES) {
        snprintf(why, why_len, "larger than 1 GiB; not a results JSON");
    } else if ((buf = malloc((size_t)len + 1)) == NULL) {
        snprintf(why, why_len, "cannot read it: %s", strerror(ENOMEM));
    } else if (fread(buf, 1, (size_t)len, f) != (size_t)len) {
        snprintf(why, why_len, "cannot read it: %s", ferror(f) ? strerror(EIO)
                 : "it shrank while read");
        free(buf);
        buf = NULL;
    } else {
        buf[len] = '\0';
    }
    fclose(f);
    return buf;
}

/* The file's base name without ".json": "out/t1.json" is "t1". */
static void doc_name(const char *path, char *buf, size_t len)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash && slash[1] ? slash + 1 : path;
    size_t n = strlen(base);

    if (n > 5 && strcmp(base + n - 5, ".json") == 0)
        n -= 5;
    snprintf(buf, len, "%.*s", (int)n, base);
}

/* The output is checked as run/sweep check --report, in the words of
   the flag that named it, and is none of the inputs. */
static int check_output(const struct report_args *a)
{
    char why[CLI_WHY_LEN];
    struct cli_path out = { a->out_flag, a->out }, in[HTML_MAX_DOCS];

    for (int i = 0; i < a->n_in; i++)
        in[i] = (struct cli_path){ "file", a->in[i] };
    if (cli_check_distinct(&out, 1, in, a->n_in, why, sizeof why) == 0 &&
        cli_check_output_file(a->out_flag, a->out, true, why, sizeof why) == 0)
        return 0;
    fprintf(stderr, "asmsim report: %s\n", why);
    return 2;
}

static void on_failed(void *arg, int rc, const char *why)
{
    fprintf(stderr, "asmsim report: %s\n", why);
    *(int *)arg = rc == -EINVAL || rc == -EEXIST ? 2 : 1;
}

static void on_done(void *arg, enum report_out k, const char *where, int n)
{
    (void)arg;
    (void)k;
    (void)n;
    fprintf(stderr, "asmsim: report in %s\n", where);
}

/* The page of the documents read, through the writer table
   (report_writers.h), as --report writes one.  The exit status (told). */
static int write_page(const struct report_args *a, const struct html_doc *docs)
{
    int status = 0;
    const struct report_request q = {
        .outs = REPORT_OUT_BIT(REPORT_OUT_REPORT), .report_path = a->out,
        .failed = on_failed, .done = on_done, .arg = &status,
    };
    const struct report_doc d = { .pages = docs, .n_pages = a->n_in };

    report_write_outputs(&q, &d);
    return status;
}

int cli_cmd_report(int argc, char **argv)
{
    struct report_args a;
    struct html_doc docs[HTML_MAX_DOCS];
    char names[HTML_MAX_DOCS][256], why[CLI_WHY_LEN];
    int rc = parse(argc, argv, &a), status = 0;

    if (rc == CLI_HELP) {
        cli_report_usage(stdout);
        return 0;
    }
    if (rc != 0 || (rc = check_output(&a)) != 0)
        return rc;
    memset(docs, 0, sizeof docs);
    for (int i = 0; i < a.n_in && status == 0; i++) {
        doc_name(a.in[i], names[i], sizeof names[i]);
        docs[i].name = names[i];
        docs[i].file = a.in[i];
        if ((docs[i].json = read_whole(a.in[i], why, sizeof why)) == NULL) {
            char q[CLI_QUOTE_BUF];
            fprintf(stderr, "asmsim report: %s: %s\n",
                    cli_quote(a.in[i], q, sizeof q), why);
            status = 2;
        }
    }
    if (status == 0)
        status = write_page(&a, docs);
    for (int i = 0; i < a.n_in; i++)
        free((char *)docs[i].json);
    return status;
}
