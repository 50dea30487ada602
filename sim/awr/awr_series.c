/*
 * awr_series.c - several reports of one database (awr_series.h): read,
 * grouped into intervals of instances, summed, ordered in time.
 */
#include "sim/awr/awr_series.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void awr_series_free(struct awr_series *s)
{
    for (int i = 0; i < s->n; i++) {
        free(s->r[i]);
        free(s->d[i]);
    }
    free(s->iv);
    memset(s, 0, sizeof *s);
}

double awr_derived_iops(const struct awr_derived *d)
{
    return d->read_iops + d->write_iops;
}

/* Read and derive report i. */
static int load_one(struct awr_series *s, int i, char *why, size_t why_len)
{
    char inner[1024];
    s->r[i] = awr_report_new();
    s->d[i] = calloc(1, sizeof *s->d[i]);
    if (!s->r[i] || !s->d[i]) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    int rc = awr_report_load(s->file[i], s->r[i], why, why_len);
    if (rc == 0 && (rc = awr_derive(s->r[i], s->d[i], inner, sizeof inner)) != 0)
        snprintf(why, why_len, "%s:%s", s->file[i], inner);
    return rc;
}

/* Add d into sum: rates and MB/s add, sizes follow from them. */
static void add_derived(struct awr_derived *sum, const struct awr_derived *d)
{
    for (int c = 0; c < AWR_CL_N; c++) {
        struct awr_class_io *k = &sum->cls[c];
        if (!k->name) {
            k->name = d->cls[c].name;
            k->from = d->cls[c].from;
            k->write = d->cls[c].write;
        }
        k->iops += d->cls[c].iops;
        k->mibps += d->cls[c].mibps;
        k->avg_bytes = k->iops > 0 ? k->mibps * 1048576.0 / k->iops : 0;
    }
    sum->read_iops += d->read_iops;
    sum->write_iops += d->write_iops;
    sum->read_mibps += d->read_mibps;
    sum->write_mibps += d->write_mibps;
    sum->redo_bytes_s += d->redo_bytes_s;
    sum->redo_calls_s += d->redo_calls_s;
    double bytes = sum->read_mibps + sum->write_mibps, reqs = awr_derived_iops(sum);
    sum->write_pct_bytes = bytes > 0 ? 100 * sum->write_mibps / bytes : 0;
    sum->write_pct_reqs = reqs > 0 ? 100 * sum->write_iops / reqs : 0;
}

/* The interval of report i's snapshots, made if new.  Its index. */
static int interval_of(struct awr_series *s, int i)
{
    const struct awr_report *r = s->r[i];
    for (int k = 0; k < s->n_intervals; k++)
        if (s->iv[k].begin_snap == r->begin_snap.v && s->iv[k].end_snap == r->end_snap.v)
            return k;
    struct awr_interval *iv = &s->iv[s->n_intervals];
    memset(iv, 0, sizeof *iv);
    iv->begin_snap = r->begin_snap.v;
    iv->end_snap = r->end_snap.v;
    iv->sum.elapsed_s = s->d[i]->elapsed_s;
    iv->sum.block_bytes = s->d[i]->block_bytes;
    return s->n_intervals++;
}

/* Report i in its interval: one database, each instance once. */
static int place(struct awr_series *s, int i, char *why, size_t why_len)
{
    const struct awr_report *r = s->r[i];
    if (strcasecmp(r->db_name, s->r[0]->db_name) != 0) {
        snprintf(why, why_len, "%s: database %s, but %s is of %s: give reports of one "
                 "database", s->file[i], r->db_name, s->file[0], s->r[0]->db_name);
        return -EINVAL;
    }
    struct awr_interval *iv = &s->iv[interval_of(s, i)];
    for (int k = 0; k < iv->n; k++)
        if (s->r[iv->report[k]]->inst_num.v == r->inst_num.v) {
            snprintf(why, why_len, "%s: instance %.0f over snapshots %.0f-%.0f, as %s: "
                     "give each instance's report of an interval once", s->file[i],
                     r->inst_num.v, r->begin_snap.v, r->end_snap.v, s->file[iv->report[k]]);
            return -EINVAL;
        }
    iv->report[iv->n++] = i;
    add_derived(&iv->sum, s->d[i]);
    return 0;
}

static int by_begin(const void *a, const void *b)
{
    const struct awr_interval *x = a, *y = b;
    return (x->begin_snap > y->begin_snap) - (x->begin_snap < y->begin_snap);
}

static void note(struct awr_series *s, const char *text)
{
    if (s->n_notes < AWR_SERIES_NOTES)
        snprintf(s->note[s->n_notes++], sizeof s->note[0], "%s", text);
}

/* In time order; overlapping intervals refused, gaps and intervals with
   another set of instances noted; the busiest found. */
static int order(struct awr_series *s, char *why, size_t why_len)
{
    char text[240];
    qsort(s->iv, (size_t)s->n_intervals, sizeof *s->iv, by_begin);
    for (int k = 1; k < s->n_intervals; k++) {
        const struct awr_interval *a = &s->iv[k - 1], *b = &s->iv[k];
        if (b->begin_snap < a->end_snap) {
            snprintf(why, why_len, "%s: snapshots %.0f-%.0f overlap %.0f-%.0f (%s): give "
                     "reports of consecutive intervals", s->file[b->report[0]],
                     b->begin_snap, b->end_snap, a->begin_snap, a->end_snap,
                     s->file[a->report[0]]);
            return -EINVAL;
        }
        if (b->begin_snap > a->end_snap) {
            snprintf(text, sizeof text, "no report covers snapshots %.0f-%.0f: the "
                     "intervals around the gap are taken back to back", a->end_snap,
                     b->begin_snap);
            note(s, text);
        }
        if (b->n != s->iv[0].n) {
            snprintf(text, sizeof text, "snapshots %.0f-%.0f have %d instance report%s, "
                     "the first interval %d: each interval adds up what it has",
                     b->begin_snap, b->end_snap, b->n, b->n == 1 ? "" : "s", s->iv[0].n);
            note(s, text);
        }
    }
    s->busiest = 0;
    for (int k = 1; k < s->n_intervals; k++)
        if (awr_derived_iops(&s->iv[k].sum) > awr_derived_iops(&s->iv[s->busiest].sum))
            s->busiest = k;
    return 0;
}

int awr_series_load(struct awr_series *s, const char *const *files, int n,
                    char *why, size_t why_len)
{
    memset(s, 0, sizeof *s);
    s->peak = 1;
    if (n < 1 || n > AWR_MAX_REPORTS) {
        snprintf(why, why_len, "give 1 to %d reports", AWR_MAX_REPORTS);
        return -EINVAL;
    }
    s->iv = calloc((size_t)n, sizeof *s->iv);
    if (!s->iv) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    for (int i = 0; i < n; i++) {
        s->file[i] = files[i];
        s->n = i + 1;
        int rc = load_one(s, i, why, why_len);
        if (rc == 0)
            rc = place(s, i, why, why_len);
        if (rc)
            return rc;
    }
    return order(s, why, why_len);
}

/* Every rate and MB/s of d times f. */
static void scale(struct awr_derived *d, double f)
{
    for (int c = 0; c < AWR_CL_N; c++) {
        d->cls[c].iops *= f;
        d->cls[c].mibps *= f;
    }
    d->read_iops *= f;
    d->write_iops *= f;
    d->read_mibps *= f;
    d->write_mibps *= f;
    d->redo_bytes_s *= f;
    d->redo_calls_s *= f;
}

void awr_series_peak(struct awr_series *s, double factor)
{
    for (int i = 0; i < s->n; i++)
        scale(s->d[i], factor);
    for (int k = 0; k < s->n_intervals; k++)
        scale(&s->iv[k].sum, factor);
    s->peak *= factor;
}

void awr_series_envelope(const struct awr_series *s, struct awr_derived *out)
{
    *out = s->iv[s->busiest].sum;
    for (int k = 0; k < s->n_intervals; k++)
        for (int c = 0; c < AWR_CL_N; c++)
            if (s->iv[k].sum.cls[c].iops > out->cls[c].iops)
                out->cls[c] = s->iv[k].sum.cls[c];
}

/* The class of env named name, or NULL. */
static int class_named(const struct awr_derived *env, const char *name)
{
    for (int c = 0; c < AWR_CL_N; c++)
        if (env->cls[c].name && strcmp(env->cls[c].name, name) == 0)
            return c;
    return -1;
}

char *awr_series_schedule(const struct awr_series *s, const struct awr_derived *env,
                          const char *const *names, int n)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    fprintf(f, "# asmsim forecast --awr: %d report%s of %s, a phase per interval\n"
            "phase,duration", s->n, s->n == 1 ? "" : "s", s->r[0]->db_name);
    for (int i = 0; i < n; i++)
        fprintf(f, ",scale:%s", names[i]);
    fputc('\n', f);
    for (int k = 0; k < s->n_intervals; k++) {
        const struct awr_interval *iv = &s->iv[k];
        fprintf(f, "snaps-%.0f-%.0f,%.0fs", iv->begin_snap, iv->end_snap,
                iv->sum.elapsed_s);
        for (int i = 0; i < n; i++) {
            int c = class_named(env, names[i]);
            double base = c >= 0 ? env->cls[c].iops : 0;
            fprintf(f, ",%.6g", base > 0 ? iv->sum.cls[c].iops / base : 0);
        }
        fputc('\n', f);
    }
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}
