/*
 * classes.c - a database workload on the dashboard: a row per class and
 * a row per disk group (the snapshot's db_class[] and db_group[]).
 *
 * Classes, under the header across the width:
 *
 *    class            group    load           IOPS      MB/s    avg ms    p99 ms
 *    data-reads       DATA     2413/s         2409     19.74     0.512     0.901
 *    redo             REDO     1422/s         1420     53.10     0.406     0.733
 *
 * "load" is the class's in force: its open rate (I/Os per second
 * offered) or its closed load (outstanding I/Os, or streams "x4 st"),
 * after the dashboard's +/- (snapshot.db_load_pct).  The figures are the
 * measured window's so far (cur.cls[c]); a class with no I/O completed
 * yet shows "-" for its latency, never 0.
 *
 * Groups, in the right-hand panel where an ORION run has its matrix:
 * each group's physical MB/s and IOPS (its disks' rows added up) and
 * mean latency (weighted by IOPS), its disks, layout and volume, all on
 * the one instance named in the title bar.
 */
#include <stdio.h>

#include "sim/report/report.h"
#include "tui/panels.h"
#include "tui/tui_draw.h"

#define NAME_COLS 16
#define GROUP_COLS 8

int classes_rows_wanted(const struct sim_snapshot *s)
{
    return s->n_db_classes > 0 ? 1 + s->n_db_classes : 0;
}

void classes_totals(const struct sim_snapshot *s, double *mbps, double *iops)
{
    *mbps = *iops = 0;
    for (int c = 0; c < s->n_db_classes; c++) {
        *mbps += s->cur.cls[c].mbps;
        *iops += s->cur.cls[c].iops;
    }
}

/* "2413/s", "16 out", "4 st": what the class is asked for. */
static void load_text(const struct sim_snap_class *k, char *buf, size_t len)
{
    if (k->rate_iops > 0)
        snprintf(buf, len, "%.0f/s", k->rate_iops);
    else
        snprintf(buf, len, "%d out", k->load);
}

static void lat_text(const struct sim_snapshot *s, int c, double us, char *buf, size_t len)
{
    if (sim_point_class_measured(&s->cur, c))
        snprintf(buf, len, "%.3f", us / 1e3);
    else
        snprintf(buf, len, "-");
}

void classes_draw(const struct sim_snapshot *s, int y, int x, int w, int h)
{
    if (h < 1)
        return;
    tui_put_n(y, x, w, A_BOLD | A_UNDERLINE, " %-*s %-*s %-10s %9s %9s %9s %9s",
              NAME_COLS, "class", GROUP_COLS, "group", "load", "IOPS", "MB/s",
              "avg ms", "p99 ms");
    for (int c = 0; c < s->n_db_classes && c + 1 < h; c++) {
        const struct sim_snap_class *k = &s->db_class[c];
        const struct sim_class_result *r = &s->cur.cls[c];
        char load[24], avg[16], p99[16];
        load_text(k, load, sizeof load);
        lat_text(s, c, r->lat.avg_us, avg, sizeof avg);
        lat_text(s, c, r->lat.p99_us, p99, sizeof p99);
        const char *group = k->group >= 0 && k->group < s->n_db_groups
                            ? s->db_group[k->group].name : "?";
        tui_put_n(y + 1 + c, x, w, A_NORMAL, " %-*.*s %-*.*s %-10s %9.0f %9.2f %9s %9s",
                  NAME_COLS, NAME_COLS, k->name, GROUP_COLS, GROUP_COLS, group, load,
                  r->iops, r->mbps, avg, p99);
    }
}

/* Group g's disks in the snapshot's rows: MB/s, IOPS, mean latency. */
static void group_figures(const struct sim_snapshot *s, int g, double *mbps,
                          double *iops, double *lat_us)
{
    const struct sim_snap_group *k = &s->db_group[g];
    double weighted = 0;
    *mbps = *iops = 0;
    for (int d = k->first_disk; d < k->first_disk + k->disks && d < s->n_disk; d++) {
        *mbps += s->disk[d].mbps;
        *iops += s->disk[d].iops;
        weighted += s->disk[d].iops * s->disk[d].avg_lat_us;
    }
    *lat_us = *iops > 0 ? weighted / *iops : 0;
}

void groups_draw(const struct sim_snapshot *s, int y, int x, int w, int h)
{
    if (h < 1)
        return;
    tui_put_n(y, x, w, A_BOLD, "disk groups (physical I/O, one instance: %s)", s->instance);
    int row = 1;
    for (int g = 0; g < s->n_db_groups && row + 1 < h; g++) {
        const struct sim_snap_group *k = &s->db_group[g];
        double mbps, iops, lat;
        group_figures(s, g, &mbps, &iops, &lat);
        tui_put_n(y + row++, x, w, A_NORMAL, " %-*.*s %8.2f MB/s %7.0f IOPS %7.3f ms",
                  GROUP_COLS, GROUP_COLS, k->name, mbps, iops, lat / 1e3);
        tui_put_n(y + row++, x, w, A_DIM, "   %d disks %s %s: %s", k->disks,
                  lay_striping_name(k->striping), lay_redundancy_name(k->redundancy),
                  k->volume);
    }
    if (row < h)
        tui_put_n(y + row, x, w, A_NORMAL, " binding limit: %s", sim_limit_label(s->limited_by));
}
