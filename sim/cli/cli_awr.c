/*
 * cli_awr.c - `asmsim awr FILE [--json PATH|-] [-o WORKLOAD.json]`: an AWR
 * or Statspack report read (sim/awr/awr_report.h), its I/O derived by
 * class (awr_derive.h) and shown with every statistic it came from;
 * --json gives the same as JSON (keys: docs/awr.md), -o writes the
 * workload file (docs/workloads.md) that run, sweep and forecast take
 * with --workload (awr_workload.h).
 *
 * Order: the options, then the outputs checked (cli_check_output_file:
 * their directories exist and are writable, none is the report), then
 * the report read, derived and, with -o, made a workload; only when all
 * of that has succeeded is anything printed or written.  A bad report is
 * one line on stderr, "asmsim awr: FILE:LINE: SECTION: what", exit 2.
 *
 * Several reports (awr_series.h): the instances of a RAC database over one
 * interval add up, consecutive intervals follow each other; the text and
 * JSON of several are cli_awr_series.c's, and -o writes the busiest
 * interval.  --peak FACTOR multiplies every rate (the figures are the
 * interval's averages; a minute's peak can be many times the mean).
 * advise --awr is cli_advise_awr.c's; forecast --awr cli_forecast.c's.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "sim/awr/awr_workload.h"
#include "sim/cli/cli_awr.h"

struct awr_args {
    int n_in;
    const char *in[AWR_MAX_REPORTS];
    const char *json;               /* NULL, "-" or a file */
    const char *out;                /* -o: the workload file */
    const char *out_flag;
    double peak;                    /* --peak; 0: not given */
};

static int usage_error(const char *msg, const char *arg)
{
    return cli_usage_error("awr", msg, arg);
}

/* The value of an option given as "-o V", "--output V" or "--output=V";
   NULL when there is none, or the next word is an option
   (cli_value_is_option). */
static const char *opt_value(int argc, char **argv, int *i, const char *longname)
{
    size_t n = strlen(longname);
    const char *s = argv[*i];

    if (!strncmp(s, longname, n) && s[n] == '=')
        return s + n + 1;
    return *i + 1 < argc && !cli_value_is_option(argv[*i + 1]) ? argv[++*i] : NULL;
}

static bool is_opt(const char *s, const char *shortname, const char *longname)
{
    size_t n = strlen(longname);

    return (shortname && !strcmp(s, shortname)) || !strcmp(s, longname) ||
           (!strncmp(s, longname, n) && s[n] == '=');
}

/* 0, CLI_HELP, or the exit status 2 (told). */
static int parse(int argc, char **argv, struct awr_args *a)
{
    memset(a, 0, sizeof *a);
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i], *v;
        if (!strcmp(s, "-h") || !strcmp(s, "--help"))
            return CLI_HELP;
        bool out = is_opt(s, "-o", "--output");
        if (out || is_opt(s, NULL, "--json")) {
            const char **slot = out ? &a->out : &a->json;
            if (*slot)
                return usage_error("given twice; give it once", s);
            if (!(v = opt_value(argc, argv, &i, out ? "--output" : "--json")) || !*v)
                return usage_error(out ? "needs a file name, e.g. -o db.json"
                                       : "needs a file name or - (stdout)", s);
            *slot = v;
            if (out)
                a->out_flag = strncmp(s, "--", 2) ? "-o" : "--output";
        } else if (is_opt(s, NULL, "--peak")) {
            if (a->peak > 0)
                return usage_error("given twice; give it once", s);
            v = opt_value(argc, argv, &i, "--peak");
            if (!v || cli_parse_double(v, 1e-3, 1e3, &a->peak) != 0)
                return usage_error("needs a factor from 0.001 to 1000 (3: the peak is "
                                   "three times the interval's average)", v ? v : s);
        } else if (s[0] == '-' && s[1]) {
            return usage_error("unknown option; awr takes reports, --json, -o and --peak", s);
        } else if (a->n_in == AWR_MAX_REPORTS) {
            return usage_error("too many reports; at most 32", s);
        } else {
            a->in[a->n_in++] = s;
        }
    }
    if (!a->n_in)
        return usage_error("no report given; give an AWR or Statspack report file", NULL);
    if (a->out && !strcmp(a->out, "-"))
        return usage_error("the workload is a file; give its name (--json - prints to stdout)",
                           a->out);
    return 0;
}

static int check_outputs(const struct awr_args *a)
{
    char why[AWR_WHY_LEN];
    struct cli_path out[2] = { { a->out_flag, a->out }, { "--json", a->json } };
    struct cli_path in[AWR_MAX_REPORTS];
    for (int i = 0; i < a->n_in; i++)
        in[i] = (struct cli_path){ "report", a->in[i] };
    int rc = cli_check_distinct(out, 2, in, a->n_in, why, sizeof why);

    if (!rc && a->out)
        rc = cli_check_output_file(a->out_flag, a->out, false, why, sizeof why);
    if (!rc && a->json && strcmp(a->json, "-"))
        rc = cli_check_output_file("--json", a->json, false, why, sizeof why);
    if (!rc)
        return 0;
    fprintf(stderr, "asmsim awr: %s\n", why);
    return 2;
}

/* The reports read, derived, grouped, scaled by --peak and (with -o) the
   busiest interval made a workload; 0 or the exit status (told). */
static int make(const struct awr_args *a, struct awr_made *m)
{
    char why[AWR_WHY_LEN], inner[AWR_WHY_LEN];
    int rc = awr_series_load(&m->s, a->in, a->n_in, why, sizeof why);

    if (rc == 0 && a->peak > 0)
        awr_series_peak(&m->s, a->peak);
    if (rc == 0 && a->out) {
        rc = cli_awr_workload(&m->s, m->s.busiest, &m->wl, inner, sizeof inner);
        if (rc)
            snprintf(why, sizeof why, "%s: the workload: %s", a->in[0], inner);
    }
    if (rc == 0)
        return 0;
    fprintf(stderr, "asmsim awr: %s\n", why);
    return rc == -ENOMEM ? 1 : 2;       /* an unreadable report is bad input */
}

/* ---- the terminal ------------------------------------------------------ */

static void print_header(FILE *f, const char *file, const struct awr_report *r,
                         const struct awr_derived *d)
{
    fprintf(f, "%s: %s report\n", file, awr_kind_name(r->kind));
    fprintf(f, "Database %s, instance %s (number %.0f), release %s, %s, host %s\n",
            r->db_name, r->instance, r->inst_num.v, r->release[0] ? r->release : "?",
            r->rac.line && r->rac.v ? "one instance of a RAC database" : "single instance",
            r->host[0] ? r->host : "?");
    fprintf(f, "Interval: snapshots %.0f to %.0f, %s to %s, %.0f s (%.2f min); "
            "block size %.0f bytes\n\n", r->begin_snap.v, r->end_snap.v,
            r->begin_time, r->end_time, d->elapsed_s, d->elapsed_s / 60, d->block_bytes);
}

void cli_awr_print_classes(FILE *f, const struct awr_derived *d)
{
    fprintf(f, "%-14s %-5s %-5s %10s %9s %11s\n", "class", "group", "dir", "I/O/s",
            "MB/s", "avg size");
    for (int c = 0; c < AWR_CL_N; c++) {
        const struct awr_class_io *k = &d->cls[c];
        if (k->iops <= 0)
            continue;
        fprintf(f, "%-14s %-5s %-5s %10.1f %9.2f %7.1f KiB\n", k->name,
                awr_class_group((enum awr_class)c), k->write ? "write" : "read",
                k->iops, k->mibps, k->avg_bytes / 1024);
    }
    fprintf(f, "%-14s %-5s %-5s %10.1f %9.2f\n", "all reads", "", "read", d->read_iops,
            d->read_mibps);
    fprintf(f, "%-14s %-5s %-5s %10.1f %9.2f\n", "all writes", "", "write",
            d->write_iops, d->write_mibps);
    fprintf(f, "Write share: %.1f %% of bytes, %.1f %% of requests (MB is 2^20 bytes)\n",
            d->write_pct_bytes, d->write_pct_reqs);
}

static void print_redo(FILE *f, const struct awr_derived *d)
{
    double n = 0;

    fprintf(f, "Redo: %.0f bytes/s generated (redo size), %.1f LGWR write calls/s "
            "(redo writes)", d->redo_bytes_s, d->redo_calls_s);
    for (int i = 0; i < d->n_redo_buckets; i++)
        n += d->redo_bucket[i].count;
    for (int i = 0; i < d->n_redo_buckets && n > 0; i++) {
        const struct awr_redo_bucket *b = &d->redo_bucket[i];
        if (b->upto_kib > 0)
            fprintf(f, "%s <=%.0fKB %.1f %%", i ? "," : "; write sizes:", b->upto_kib,
                    100 * b->count / n);
        else
            fprintf(f, "%s larger %.1f %%", i ? "," : "; write sizes:", 100 * b->count / n);
    }
    fputs("\n", f);
}

static void print_derivation(FILE *f, const struct awr_derived *d)
{
    fprintf(f, "\nHow each class was derived (E = %.0f s, the elapsed time):\n",
            d->elapsed_s);
    for (int c = 0; c < AWR_CL_N; c++)
        if (d->cls[c].iops > 0)
            fprintf(f, "  %-14s %s\n", d->cls[c].name, d->cls[c].from);
    fputs("\nFigures used (line, section, as printed):\n", f);
    for (int i = 0; i < d->n_used; i++) {
        const struct awr_used *u = &d->used[i];
        int decimals = u->value == floor(u->value) ? 0 : 4;
        fprintf(f, "  %6d  %-26s %-42s %18.*f %s\n", u->line, awr_section_name(u->section),
                u->name, decimals, u->value, u->unit);
    }
}

static void print_events(FILE *f, const struct awr_report *r)
{
    bool any = false;

    for (int e = 0; e < AWR_EV_N; e++) {
        const struct awr_wait *w = &r->events[e];
        if (!w->line)
            continue;
        if (!any)
            fputs("\nI/O wait events (average as printed):\n", f);
        any = true;
        fprintf(f, "  %-24s %12.0f waits, avg %-10s (%s, line %d)\n",
                awr_event_name((enum awr_event)e), w->waits, w->avg_text,
                awr_section_name(w->from), w->line);
    }
}

void cli_awr_peak_note(FILE *f, double peak)
{
    if (peak != 1)
        fprintf(f, "Peak: every rate is the interval's average x %g (--peak)\n", peak);
    else
        fputs("Note: these are the interval's averages; a one-minute peak can be many "
              "times the mean (AWR.md section 7): --peak FACTOR scales them\n", f);
}

static void print_text(FILE *f, const char *file, const struct awr_made *m)
{
    const struct awr_report *r = m->s.r[0];
    const struct awr_derived *d = m->s.d[0];
    print_header(f, file, r, d);
    cli_awr_print_classes(f, d);
    print_redo(f, d);
    print_derivation(f, d);
    print_events(f, r);
    fprintf(f, "\nChecks: %d cross-checks between sections held (within %.0f %%)\n",
            d->n_checks, AWR_CHECK_PCT);
    for (int i = 0; i < d->n_notes; i++)
        fprintf(f, "Note: %s\n", d->note[i]);
    cli_awr_peak_note(f, m->s.peak);
}

/* ---- JSON (keys: docs/awr.md) ------------------------------------------ */

cJSON *cli_awr_json_report(const char *file, const struct awr_report *r,
                           const struct awr_derived *d)
{
    cJSON *o = cJSON_CreateObject();

    cJSON_AddStringToObject(o, "file", file);
    cJSON_AddStringToObject(o, "kind", awr_kind_name(r->kind));
    cJSON_AddStringToObject(o, "database", r->db_name);
    cJSON_AddStringToObject(o, "instance", r->instance);
    cJSON_AddNumberToObject(o, "instance_number", r->inst_num.v);
    cJSON_AddStringToObject(o, "release", r->release);
    cJSON_AddBoolToObject(o, "rac", r->rac.line && r->rac.v);
    cJSON_AddStringToObject(o, "host", r->host);
    cJSON_AddNumberToObject(o, "begin_snap", r->begin_snap.v);
    cJSON_AddNumberToObject(o, "end_snap", r->end_snap.v);
    cJSON_AddStringToObject(o, "begin_time", r->begin_time);
    cJSON_AddStringToObject(o, "end_time", r->end_time);
    cJSON_AddNumberToObject(o, "elapsed_s", d->elapsed_s);
    cJSON_AddNumberToObject(o, "block_bytes", d->block_bytes);
    return o;
}

cJSON *cli_awr_json_classes(const struct awr_derived *d)
{
    cJSON *a = cJSON_CreateArray();

    for (int c = 0; c < AWR_CL_N; c++) {
        const struct awr_class_io *k = &d->cls[c];
        if (k->iops <= 0)
            continue;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", k->name);
        cJSON_AddStringToObject(o, "group", awr_class_group((enum awr_class)c));
        cJSON_AddStringToObject(o, "direction", k->write ? "write" : "read");
        cJSON_AddNumberToObject(o, "iops", k->iops);
        cJSON_AddNumberToObject(o, "mbps", k->mibps);
        cJSON_AddNumberToObject(o, "avg_bytes", k->avg_bytes);
        cJSON_AddStringToObject(o, "from", k->from);
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

cJSON *cli_awr_json_totals(const struct awr_derived *d)
{
    cJSON *o = cJSON_CreateObject();

    cJSON_AddNumberToObject(o, "read_iops", d->read_iops);
    cJSON_AddNumberToObject(o, "write_iops", d->write_iops);
    cJSON_AddNumberToObject(o, "read_mbps", d->read_mibps);
    cJSON_AddNumberToObject(o, "write_mbps", d->write_mibps);
    cJSON_AddNumberToObject(o, "write_pct_bytes", d->write_pct_bytes);
    cJSON_AddNumberToObject(o, "write_pct_requests", d->write_pct_reqs);
    return o;
}

static cJSON *json_redo(const struct awr_derived *d)
{
    cJSON *o = cJSON_CreateObject(), *sizes = cJSON_CreateArray();

    cJSON_AddNumberToObject(o, "bytes_per_s", d->redo_bytes_s);
    cJSON_AddNumberToObject(o, "write_calls_per_s", d->redo_calls_s);
    for (int i = 0; i < d->n_redo_buckets; i++) {
        cJSON *b = cJSON_CreateObject();
        if (d->redo_bucket[i].upto_kib > 0)
            cJSON_AddNumberToObject(b, "upto_kib", d->redo_bucket[i].upto_kib);
        else
            cJSON_AddNullToObject(b, "upto_kib");
        cJSON_AddNumberToObject(b, "count", d->redo_bucket[i].count);
        cJSON_AddNumberToObject(b, "line", d->redo_bucket[i].line);
        cJSON_AddItemToArray(sizes, b);
    }
    cJSON_AddItemToObject(o, "write_sizes", sizes);
    return o;
}

static cJSON *json_events(const struct awr_report *r)
{
    cJSON *a = cJSON_CreateArray();

    for (int e = 0; e < AWR_EV_N; e++) {
        const struct awr_wait *w = &r->events[e];
        if (!w->line)
            continue;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", awr_event_name((enum awr_event)e));
        cJSON_AddNumberToObject(o, "waits", w->waits);
        cJSON_AddNumberToObject(o, "avg_us", w->avg_us);
        cJSON_AddStringToObject(o, "avg", w->avg_text);
        cJSON_AddStringToObject(o, "section", awr_section_name(w->from));
        cJSON_AddNumberToObject(o, "line", w->line);
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

static cJSON *json_used(const struct awr_derived *d)
{
    cJSON *a = cJSON_CreateArray();

    for (int i = 0; i < d->n_used; i++) {
        const struct awr_used *u = &d->used[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", u->name);
        cJSON_AddStringToObject(o, "section", awr_section_name(u->section));
        cJSON_AddNumberToObject(o, "value", u->value);
        cJSON_AddStringToObject(o, "unit", u->unit);
        cJSON_AddNumberToObject(o, "line", u->line);
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

static char *json_text(const char *file, const struct awr_made *m)
{
    if (m->s.n > 1)
        return cli_awr_series_json(&m->s);
    cJSON *o = cJSON_CreateObject(), *notes = cJSON_CreateArray();
    const struct awr_derived *d = m->s.d[0];

    cJSON_AddItemToObject(o, "report", cli_awr_json_report(file, m->s.r[0], d));
    cJSON_AddItemToObject(o, "classes", cli_awr_json_classes(d));
    cJSON_AddItemToObject(o, "totals", cli_awr_json_totals(d));
    cJSON_AddItemToObject(o, "redo", json_redo(d));
    cJSON_AddItemToObject(o, "events", json_events(m->s.r[0]));
    cJSON_AddItemToObject(o, "used", json_used(d));
    cJSON_AddNumberToObject(o, "checks_held", d->n_checks);
    cJSON_AddNumberToObject(o, "peak_factor", m->s.peak);
    for (int i = 0; i < d->n_notes; i++)
        cJSON_AddItemToArray(notes, cJSON_CreateString(d->note[i]));
    cJSON_AddItemToObject(o, "notes", notes);
    char *text = cJSON_Print(o);
    cJSON_Delete(o);
    return text;
}

/* The workload file (docs/workloads.md): each class's figures as the
   loader reads them; sizes in bytes. */
static char *workload_text(const char *file, bool more, const struct wl_spec *s)
{
    cJSON *o = cJSON_CreateObject(), *a = cJSON_CreateArray();
    char source[600];

    snprintf(source, sizeof source, "asmsim awr %s%s: each class's rate and mean size "
             "as derived from the report (asmsim awr prints the statistics); "
             "groups, patterns and Poisson arrivals are choices (docs/awr.md)", file,
             more ? " ..." : "");
    cJSON_AddStringToObject(o, "name", s->name);
    cJSON_AddStringToObject(o, "description", s->description);
    cJSON_AddStringToObject(o, "source", source);
    for (int i = 0; i < s->n_classes; i++) {
        const struct wl_class_spec *c = &s->cls[i];
        cJSON *k = cJSON_CreateObject();
        cJSON_AddStringToObject(k, "name", c->name);
        cJSON_AddStringToObject(k, "group", c->group);
        cJSON_AddNumberToObject(k, "size", c->sizes.bytes[0]);
        cJSON_AddStringToObject(k, "pattern", c->pattern == WL_SEQUENTIAL ? "sequential"
                                                                          : "random");
        cJSON_AddNumberToObject(k, "write", c->write_pct);
        cJSON_AddNumberToObject(k, "rate", c->rate_iops);
        cJSON_AddStringToObject(k, "arrivals", "poisson");
        cJSON_AddItemToArray(a, k);
    }
    cJSON_AddItemToObject(o, "classes", a);
    char *text = cJSON_Print(o);
    cJSON_Delete(o);
    return text;
}

static int write_text(const char *what, const char *path, char *text)
{
    char why[AWR_WHY_LEN];
    int rc;

    if (!text) {
        fprintf(stderr, "asmsim awr: %s: out of memory\n", what);
        return 1;
    }
    rc = report_json_write_text(path, text, why, sizeof why);
    free(text);
    if (rc == 0)
        return 0;
    fprintf(stderr, "asmsim awr: %s: %s\n", what, why);
    return 1;
}

int cli_cmd_awr(int argc, char **argv)
{
    struct awr_args a;
    struct awr_made *m;
    int rc = parse(argc, argv, &a);

    if (rc == CLI_HELP) {
        cli_awr_usage(stdout);
        return 0;
    }
    if (rc || (rc = check_outputs(&a)))
        return rc;
    m = calloc(1, sizeof *m);
    if (!m) {
        fprintf(stderr, "asmsim awr: out of memory\n");
        return 1;
    }
    rc = make(&a, m);
    if (rc == 0 && a.out)
        rc = write_text("-o", a.out, workload_text(a.in[0], a.n_in > 1, &m->wl));
    if (rc == 0 && a.json)
        rc = write_text("--json", a.json, json_text(a.in[0], m));
    if (rc == 0 && !(a.json && !strcmp(a.json, "-"))) {
        if (m->s.n > 1)
            cli_awr_series_print(stdout, &m->s, a.out != NULL);
        else
            print_text(stdout, a.in[0], m);
    }
    awr_series_free(&m->s);
    free(m);
    return rc;
}
