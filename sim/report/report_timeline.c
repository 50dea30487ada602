/*
 * report_timeline.c - the timeline CSV (<testname>_<stamp>_timeline.csv,
 * with --interval and --output-dir): every point's timeline, one row per
 * point x interval, so a spreadsheet or a plot reads when a burst ran out
 * without parsing the JSON.
 *
 * Columns: the disk count (a sweep writes every run in one file) and the
 * point's load (small, large) on every row, then the row's figures as in
 * points[].timeline of the JSON (start_s, length_s, logical and physical
 * rates, latency avg / p50 / p99 per class, limited_by) and the lowest
 * burst-bucket balance in percent (min_bucket_pct, empty where the
 * devices have no buckets).  The per-disk and per-bucket figures, whose
 * number varies with the run, are in the JSON only.  A class the point
 * did not run has empty latency cells.  The last six columns are the
 * open loop's (engine.h): offered rates, unmet fractions and delayed
 * I/Os per class (schema 2 added them), empty for a class without a rate
 * and so for every class of a closed-loop point, where the JSON has null.
 * docs/fields.md explains each column.
 */
#include <errno.h>
#include <stdio.h>

#include "sim/core/timeline.h"
#include "sim/report/report.h"

#define TIMELINE_CSV_SCHEMA 2

struct timeline_csv_job {
    const struct sim_run_result *const *runs;
    int n_runs;
    const char *const *swept;       /* [n_runs] or NULL */
};

static void csv_lat(FILE *f, bool ran, const struct sim_timeline_lat *l)
{
    if (ran)
        fprintf(f, ",%.3f,%.3f,%.3f", l->avg_us, l->p50_us, l->p99_us);
    else
        fputs(",,,", f);
}

/* The lowest bucket's balance at the row's end; empty without buckets. */
static void csv_min_bucket(FILE *f, const struct sim_timeline *tl, size_t row)
{
    if (tl->buckets == 0) {
        fputs(",", f);
        return;
    }
    double least = 100.0;
    for (int b = 0; b < tl->buckets; b++) {
        double pct = tl->bucket_pct[row * (size_t)tl->buckets + (size_t)b];
        if (pct < least)
            least = pct;
    }
    fprintf(f, ",%.2f", least);
}

/* One open-loop figure per class, small then large: empty for a class
   without a rate (so for both classes of a closed-loop point), as the
   JSON's null. */
static void csv_open(FILE *f, const struct sim_open_result *op,
                     const int decimals[WL_CLASSES], const double v[WL_CLASSES])
{
    for (int c = 0; c < WL_CLASSES; c++) {
        fputc(',', f);
        if (op->target[c] > 0)
            fprintf(f, "%.*f", decimals[c], v[c]);
    }
}

static void csv_point(FILE *f, int disks, const struct sim_point_result *p,
                      const char *swept)
{
    const struct sim_timeline *tl = p->timeline;
    for (size_t i = 0; tl && i < tl->n; i++) {
        const struct sim_timeline_row *r = &tl->rows[i];
        fprintf(f, "%d,%d,%d,%.3f,%.3f,%.2f,%.3f,%.2f,%.3f", disks, p->small,
                p->large, r->start_s, r->length_s, r->small_iops, r->large_mbps,
                r->phys_iops, r->phys_mbps);
        csv_lat(f, sim_point_class_ran(p, WL_SMALL), &r->lat[WL_SMALL]);
        csv_lat(f, sim_point_class_ran(p, WL_LARGE), &r->lat[WL_LARGE]);
        fprintf(f, ",%s", sim_limit_id(r->limited_by));
        csv_min_bucket(f, tl, i);
        double delayed[WL_CLASSES] = { (double)r->delayed[WL_SMALL],
                                       (double)r->delayed[WL_LARGE] };
        csv_open(f, &p->open, (const int[]){ 2, 3 }, r->offered);
        csv_open(f, &p->open, (const int[]){ 4, 4 }, r->unmet_frac);
        csv_open(f, &p->open, (const int[]){ 0, 0 }, delayed);
        fprintf(f, ",%s\n", swept);
    }
}

static int timeline_csv_write(FILE *f, void *arg)
{
    const struct timeline_csv_job *j = arg;

    fprintf(f, "# asmsim timeline CSV, schema %d; every column is explained "
            "in docs/fields.md\n", TIMELINE_CSV_SCHEMA);
    fputs("disks,small,large,start_s,length_s,small_iops,large_mbps,"
          "phys_iops,phys_mbps,small_lat_avg_us,small_lat_p50_us,"
          "small_lat_p99_us,large_lat_avg_us,large_lat_p50_us,"
          "large_lat_p99_us,limited_by,min_bucket_pct,offered_small_iops,"
          "offered_large_mbps,small_unmet_frac,large_unmet_frac,"
          "small_delayed,large_delayed,swept_value\n", f);
    for (int r = 0; r < j->n_runs; r++)
        for (int i = 0; i < j->runs[r]->n_points; i++)
            csv_point(f, j->runs[r]->disks, &j->runs[r]->points[i],
                      j->swept ? j->swept[r] : "");
    return ferror(f) ? -EIO : 0;
}

int report_timeline_csv(const char *path, const struct sim_run_result *const *runs,
                        int n_runs, const char *const *swept, char *why, size_t why_len)
{
    struct timeline_csv_job job = { runs, n_runs, swept };

    return report_write_atomic(path, timeline_csv_write, &job, why, why_len);
}
