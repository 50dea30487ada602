/*
 * cli_awr_series.c - what `asmsim awr` prints and writes for several
 * reports (awr_series.h): the intervals in time order, each with its
 * classes added up over its instances and each instance's share; the
 * busiest interval, which -o makes the workload; and the same as JSON
 * (docs/awr.md, "JSON of several reports").
 */
#include <stdlib.h>
#include <string.h>

#include "sim/awr/awr_workload.h"
#include "sim/cli/cli_awr.h"

int cli_awr_workload(const struct awr_series *s, int k, struct wl_spec *out,
                     char *why, size_t why_len)
{
    const struct awr_interval *iv = &s->iv[k];
    const struct awr_report *r = s->r[iv->report[0]];
    int rc = awr_workload(r, &iv->sum, out, why, why_len);
    if (rc == 0 && iv->n > 1)
        snprintf(out->description, sizeof out->description, "%s reports of %s, %d "
                 "instances added up, snaps %.0f-%.0f (%s to %s, %.0f s)",
                 awr_kind_name(r->kind), r->db_name, iv->n, iv->begin_snap,
                 iv->end_snap, r->begin_time, r->end_time, iv->sum.elapsed_s);
    return rc;
}

static void print_interval(FILE *f, const struct awr_series *s, int k)
{
    const struct awr_interval *iv = &s->iv[k];
    const struct awr_report *r0 = s->r[iv->report[0]];
    fprintf(f, "Interval %d: snapshots %.0f to %.0f, %s to %s, %.0f s; %d instance%s\n",
            k + 1, iv->begin_snap, iv->end_snap, r0->begin_time, r0->end_time,
            iv->sum.elapsed_s, iv->n, iv->n == 1 ? "" : "s added up");
    for (int i = 0; i < iv->n; i++) {
        const struct awr_report *r = s->r[iv->report[i]];
        const struct awr_derived *d = s->d[iv->report[i]];
        fprintf(f, "  instance %.0f (%s, %s): %.1f reads/s, %.1f writes/s, %.2f MB/s\n",
                r->inst_num.v, r->instance, s->file[iv->report[i]], d->read_iops,
                d->write_iops, d->read_mibps + d->write_mibps);
    }
    cli_awr_print_classes(f, &iv->sum);
    fputc('\n', f);
}

void cli_awr_series_print(FILE *f, const struct awr_series *s, bool written)
{
    const struct awr_report *r = s->r[0];
    fprintf(f, "%d reports of database %s (%s): %d interval%s\n\n", s->n, r->db_name,
            awr_kind_name(r->kind), s->n_intervals, s->n_intervals == 1 ? "" : "s");
    for (int k = 0; k < s->n_intervals; k++)
        print_interval(f, s, k);
    const struct awr_interval *b = &s->iv[s->busiest];
    fprintf(f, "Busiest interval: %d (snapshots %.0f to %.0f), %.1f requests/s%s\n",
            s->busiest + 1, b->begin_snap, b->end_snap, awr_derived_iops(&b->sum),
            written ? "; the workload file (-o) is made of it" : "");
    for (int i = 0; i < s->n_notes; i++)
        fprintf(f, "Note: %s\n", s->note[i]);
    fputs("Each report's statistics and derivation: asmsim awr REPORT\n", f);
    cli_awr_peak_note(f, s->peak);
}

static cJSON *json_interval(const struct awr_series *s, int k)
{
    const struct awr_interval *iv = &s->iv[k];
    cJSON *o = cJSON_CreateObject(), *inst = cJSON_CreateArray(), *files = cJSON_CreateArray();
    cJSON_AddNumberToObject(o, "begin_snap", iv->begin_snap);
    cJSON_AddNumberToObject(o, "end_snap", iv->end_snap);
    cJSON_AddNumberToObject(o, "elapsed_s", iv->sum.elapsed_s);
    for (int i = 0; i < iv->n; i++) {
        cJSON_AddItemToArray(inst, cJSON_CreateNumber(s->r[iv->report[i]]->inst_num.v));
        cJSON_AddItemToArray(files, cJSON_CreateString(s->file[iv->report[i]]));
    }
    cJSON_AddItemToObject(o, "instances", inst);
    cJSON_AddItemToObject(o, "files", files);
    cJSON_AddItemToObject(o, "classes", cli_awr_json_classes(&iv->sum));
    cJSON_AddItemToObject(o, "totals", cli_awr_json_totals(&iv->sum));
    return o;
}

char *cli_awr_series_json(const struct awr_series *s)
{
    cJSON *o = cJSON_CreateObject(), *reports = cJSON_CreateArray();
    cJSON *ivs = cJSON_CreateArray(), *notes = cJSON_CreateArray();
    for (int i = 0; i < s->n; i++)
        cJSON_AddItemToArray(reports, cli_awr_json_report(s->file[i], s->r[i], s->d[i]));
    for (int k = 0; k < s->n_intervals; k++)
        cJSON_AddItemToArray(ivs, json_interval(s, k));
    for (int i = 0; i < s->n_notes; i++)
        cJSON_AddItemToArray(notes, cJSON_CreateString(s->note[i]));
    cJSON_AddItemToObject(o, "reports", reports);
    cJSON_AddItemToObject(o, "intervals", ivs);
    cJSON_AddNumberToObject(o, "busiest_interval", s->busiest);
    cJSON_AddNumberToObject(o, "peak_factor", s->peak);
    cJSON_AddItemToObject(o, "notes", notes);
    char *text = cJSON_Print(o);
    cJSON_Delete(o);
    return text;
}
