/*
 * stats.c - accumulating a point and turning it into figures.
 *
 * The accumulator holds full log-linear histograms (hist.h) for each class
 * and direction and for each disk, so any percentile can be read at the
 * end or in a live snapshot.  A result keeps only numbers (a summary per
 * class with ORION's power-of-two bins), so a run of hundreds of points
 * stays small.  This file is the single definition of MBPS (10^6 B/s of
 * large logical I/O), IOPS (small logical I/Os per second) and latency.
 */
#include "sim/core/stats.h"

#include "sim/core/timeline.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int sim_stats_init(struct sim_stats *s, int disks)
{
    memset(s, 0, sizeof(*s));
    s->disk = calloc((size_t)disks, sizeof(*s->disk));
    if (!s->disk)
        return -ENOMEM;
    s->disks = disks;
    s->n_classes = WL_CLASSES;
    sim_stats_reset(s);
    return 0;
}

void sim_stats_reset(struct sim_stats *s)
{
    for (int c = 0; c < s->n_classes; c++)
        for (int d = 0; d < 2; d++) {
            struct sim_class_acc *a = &s->cls[c][d];
            a->ios = a->bytes = a->errors = 0;
            hist_init(&a->lat);
        }
    for (int i = 0; i < s->disks; i++) {
        struct sim_disk_acc *d = &s->disk[i];
        d->ios = d->bytes = d->errors = 0;
        hist_init(&d->lat);
    }
    s->phys_ios = s->phys_bytes = 0;
    memset(s->arrivals, 0, sizeof s->arrivals);
    memset(s->arrival_bytes, 0, sizeof s->arrival_bytes);
    memset(s->delayed, 0, sizeof s->delayed);
}

void sim_stats_free(struct sim_stats *s)
{
    free(s->disk);
    s->disk = NULL;
    s->disks = 0;
}

void sim_host_point_figures(struct sim_host_point *h, const struct sim_point_result *r)
{
    h->measured_s = r->measured_s;
    h->errors = r->errors;
    h->phys_iops = r->phys_iops;
    h->phys_mbps = r->phys_mbps;
    for (int k = 0; k < r->n_classes && k < WL_MAX_CLASSES; k++) {
        h->cls[k].iops = r->cls[k].iops;
        h->cls[k].mbps = r->cls[k].mbps;
        h->cls[k].avg_lat_us = r->cls[k].lat.avg_us;
        h->cls[k].p99_lat_us = r->cls[k].lat.p99_us;
    }
}

void sim_lat_summarise(const struct hist *h, struct sim_lat_summary *out)
{
    memset(out, 0, sizeof(*out));
    out->count = h->count;
    if (h->count == 0)
        return;
    out->avg_us = hist_mean_ns(h) / 1e3;
    out->min_us = (double)h->min_ns / 1e3;
    out->max_us = (double)h->max_ns / 1e3;
    out->stddev_us = hist_stddev_ns(h) / 1e3;
    out->p50_us = (double)hist_quantile_ns(h, 0.50) / 1e3;
    out->p90_us = (double)hist_quantile_ns(h, 0.90) / 1e3;
    out->p99_us = (double)hist_quantile_ns(h, 0.99) / 1e3;
    out->p999_us = (double)hist_quantile_ns(h, 0.999) / 1e3;
    out->p9999_us = (double)hist_quantile_ns(h, 0.9999) / 1e3;
    hist_pow2_us(h, out->pow2);
}

/* One class's figures over the window: read and write merged, and the
   latency of each direction alone. */
static void class_result(const struct sim_stats *s, int c,
                         double per_s, struct hist *lat,
                         struct sim_class_result *out)
{
    const struct sim_class_acc *r = &s->cls[c][SIM_READ];
    const struct sim_class_acc *w = &s->cls[c][SIM_WRITE];
    *lat = r->lat;
    hist_merge(lat, &w->lat);
    out->ios = r->ios + w->ios;
    out->errors = r->errors + w->errors;
    out->iops = (double)out->ios * per_s;
    out->mbps = (double)(r->bytes + w->bytes) * per_s / 1e6;
    sim_lat_summarise(lat, &out->lat);
    sim_lat_summarise(&r->lat, &out->lat_dir[SIM_READ]);
    sim_lat_summarise(&w->lat, &out->lat_dir[SIM_WRITE]);
}

int sim_stats_result(const struct sim_stats *s, sim_ns measured_ns,
                     struct sim_point_result *out)
{
    struct sim_disk_result *disk = calloc((size_t)s->disks, sizeof(*disk));
    struct hist *lat = malloc(sizeof(*lat));
    if (!disk || !lat) {
        free(disk);
        free(lat);
        return -ENOMEM;
    }
    int small = out->small, large = out->large;
    bool db = out->db_classes;
    int load[WL_MAX_CLASSES];
    memcpy(load, out->class_load, sizeof load);
    memset(out, 0, sizeof(*out));
    out->small = small;
    out->large = large;
    out->db_classes = db;
    out->n_classes = s->n_classes;
    memcpy(out->class_load, load, sizeof load);
    double secs = (double)measured_ns / 1e9;
    double per_s = secs > 0 ? 1.0 / secs : 0.0;
    out->measured_s = secs;

    for (int c = 0; c < s->n_classes; c++) {
        class_result(s, c, per_s, lat, &out->cls[c]);
        out->errors += out->cls[c].errors;
    }

    out->phys_iops = (double)s->phys_ios * per_s;
    out->phys_mbps = (double)s->phys_bytes * per_s / 1e6;
    for (int i = 0; i < s->disks; i++) {
        const struct sim_disk_acc *d = &s->disk[i];
        disk[i].ios = d->ios;
        disk[i].bytes = d->bytes;
        disk[i].errors = d->errors;
        disk[i].iops = (double)d->ios * per_s;
        disk[i].mbps = (double)d->bytes * per_s / 1e6;
        disk[i].avg_lat_us = hist_mean_ns(&d->lat) / 1e3;
        disk[i].p99_lat_us = (double)hist_quantile_ns(&d->lat, 0.99) / 1e3;
    }
    out->disks = s->disks;
    out->disk = disk;
    free(lat);
    return 0;
}

bool sim_point_class_ran(const struct sim_point_result *r, int c)
{
    int load = r->db_classes ? r->class_load[c]
               : c == WL_SMALL ? r->small : r->large;
    return load > 0 || r->open.target[c] > 0;
}

bool sim_point_class_measured(const struct sim_point_result *r, int c)
{
    return sim_point_class_ran(r, c) && r->cls[c].lat.count > 0;
}

uint64_t sim_point_logical_ios(const struct sim_point_result *r)
{
    int n = r->n_classes > 0 ? r->n_classes : WL_CLASSES;
    uint64_t total = 0;
    for (int c = 0; c < n; c++)
        total += r->cls[c].ios;
    return total;
}

bool sim_point_class_share(const struct sim_point_result *r, int cls,
                           double share)
{
    uint64_t mine = r->cls[cls].ios;
    uint64_t total = sim_point_logical_ios(r);
    return mine > 0 && (double)mine >= share * (double)total;
}

void sim_point_result_free(struct sim_point_result *r)
{
    free(r->disk);
    r->disk = NULL;
    sim_timeline_free(r->timeline);
    r->timeline = NULL;
    free(r->hosts);
    r->hosts = NULL;
    r->n_hosts = 0;
}
