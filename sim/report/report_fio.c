/*
 * report_fio.c - a run or a sweep as fio 3.x writes its results with
 * --output-format=json (`--fio-json FILE|-`), so that what reads fio's
 * output (fio-plot, fio2gnuplot's JSON readers, scripts that take
 * jobs[].read.iops) reads asmsim's.
 *
 * The mapping:
 *
 *   fio                        asmsim
 *   the document               a run, or a sweep's runs one after another
 *   "jobs"[]                   every class that ran at every load point:
 *                              ORION's small and large (a database
 *                              workload's classes: "class<N>")
 *   "groupid"                  the point's index: a point's classes run
 *                              together, as fio's jobs of one group
 *   "jobname"                  "<testname>[_<N>disks]_<class>_s<S>_l<L>"
 *   "job options"              rw, bs (the class's mean I/O size), iodepth
 *                              (its outstanding I/Os), runtime, ioengine
 *   read / write               each direction alone (lat_dir): iops, bw
 *                              (KiB/s), bw_bytes, io_bytes, runtime (ms),
 *                              total_ios, clat_ns and lat_ns
 *   clat_ns.percentile         the percentiles asmsim keeps: 50, 90, 99,
 *                              99.9 and 99.99, under fio's key spelling
 *                              ("99.900000"), in ns
 *   lat_ns                     the same latency as clat_ns: asmsim times an
 *                              I/O from its submission, so there is no
 *                              submission latency apart (slat_ns is zero)
 *   latency_us, latency_ms     the share of I/Os per fio bucket, from the
 *                              power-of-two histogram: a bin goes whole to
 *                              the bucket its lower edge falls in
 *
 * Every field fio 3.33 writes for a job is present (tests/fio_json_test.sh
 * compares the key sets with a real fio run's), those asmsim does not
 * measure (ctx, majf, bw_min, ...) as zero.  Rates split between reads
 * and writes by their completed I/Os.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "sim/report/report.h"
#include "sim/report/json_print.h"

#define NS_PER_US 1000.0

static cJSON *add_obj(cJSON *parent, const char *name)
{
    return cJSON_AddObjectToObject(parent, name);
}

/* {min, max, mean, stddev, N} in ns, and with pct fio's percentiles. */
static void add_lat(cJSON *dir, const char *name, const struct sim_lat_summary *l, bool pct)
{
    cJSON *o = add_obj(dir, name);
    bool any = l && l->count > 0;

    cJSON_AddNumberToObject(o, "min", any ? (double)(long long)(l->min_us * NS_PER_US) : 0);
    cJSON_AddNumberToObject(o, "max", any ? (double)(long long)(l->max_us * NS_PER_US) : 0);
    cJSON_AddNumberToObject(o, "mean", any ? l->avg_us * NS_PER_US : 0);
    cJSON_AddNumberToObject(o, "stddev", any ? l->stddev_us * NS_PER_US : 0);
    cJSON_AddNumberToObject(o, "N", any ? (double)l->count : 0);
    if (!pct || !any)
        return;
    const struct { const char *key; double us; } p[] = {
        { "50.000000", l->p50_us }, { "90.000000", l->p90_us }, { "99.000000", l->p99_us },
        { "99.900000", l->p999_us }, { "99.990000", l->p9999_us },
    };
    cJSON *perc = add_obj(o, "percentile");
    for (size_t i = 0; i < sizeof p / sizeof p[0]; i++)
        cJSON_AddNumberToObject(perc, p[i].key, (double)(long long)(p[i].us * NS_PER_US));
}

/* One direction: d < 0 for fio's trim (always zero). */
static void add_dir(cJSON *job, const char *name, const struct sim_class_result *c, int d,
                    double measured_s)
{
    static const char *const zeros[] = { "bw_min", "bw_max", "bw_agg", "bw_mean", "bw_dev",
                                         "bw_samples", "iops_min", "iops_max", "iops_mean",
                                         "iops_stddev", "iops_samples" };
    const struct sim_lat_summary *l = d >= 0 ? &c->lat_dir[d] : NULL;
    double share = l && c->lat.count ? (double)l->count / (double)c->lat.count : 0;
    double bw_bytes = c ? c->mbps * 1e6 * share : 0;
    double io_bytes = bw_bytes * measured_s;
    cJSON *o = add_obj(job, name);

    cJSON_AddNumberToObject(o, "io_bytes", (double)(long long)io_bytes);
    cJSON_AddNumberToObject(o, "io_kbytes", (double)(long long)(io_bytes / 1024));
    cJSON_AddNumberToObject(o, "bw_bytes", (double)(long long)bw_bytes);
    cJSON_AddNumberToObject(o, "bw", (double)(long long)(bw_bytes / 1024));
    cJSON_AddNumberToObject(o, "iops", c ? c->iops * share : 0);
    cJSON_AddNumberToObject(o, "runtime", share > 0 ? (double)(long long)(measured_s * 1e3) : 0);
    cJSON_AddNumberToObject(o, "total_ios", l ? (double)l->count : 0);
    cJSON_AddNumberToObject(o, "short_ios", 0);
    cJSON_AddNumberToObject(o, "drop_ios", 0);
    add_lat(o, "slat_ns", NULL, false);
    add_lat(o, "clat_ns", l, true);
    add_lat(o, "lat_ns", l, false);
    for (size_t i = 0; i < sizeof zeros / sizeof zeros[0]; i++)
        cJSON_AddNumberToObject(o, zeros[i], 0);
}

/* A fio latency distribution: its keys, each bucket's upper bound in us
   (the last bucket open), and the latencies it counts, [from_us, to_us). */
struct fio_scale {
    const char *name;
    const char *const *keys;
    const double *upper_us;
    int n;
    double from_us, to_us;
};

/* Each key's share in percent of all I/Os; a power-of-two bin goes whole
   to the bucket its lower edge falls in. */
static void add_buckets(cJSON *job, const struct fio_scale *sc, const struct sim_lat_summary *l)
{
    cJSON *o = add_obj(job, sc->name);
    double pct[16] = { 0 };

    for (int b = 0; l && l->count && b < HIST_POW2_BINS; b++) {
        double lo_us = b == 0 ? 0 : (double)((uint64_t)1 << b);
        int k = 0;

        if (lo_us < sc->from_us || lo_us >= sc->to_us)
            continue;
        while (k < sc->n - 1 && lo_us >= sc->upper_us[k])
            k++;
        pct[k] += 100.0 * (double)l->pow2[b] / (double)l->count;
    }
    for (int k = 0; k < sc->n; k++)
        cJSON_AddNumberToObject(o, sc->keys[k], pct[k]);
}

static void add_latency_dists(cJSON *job, const struct sim_lat_summary *l)
{
    static const char *const keys[] = { "2", "4", "10", "20", "50", "100", "250", "500",
                                        "750", "1000", "2000", ">=2000" };
    static const double us[] = { 2, 4, 10, 20, 50, 100, 250, 500, 750, 1000 };
    static const double ms[] = { 2e3, 4e3, 10e3, 20e3, 50e3, 100e3, 250e3, 500e3, 750e3,
                                 1000e3, 2000e3 };
    const struct fio_scale scales[] = {
        { "latency_ns", keys, us, 10, 0, 0 },           /* below asmsim's 1 us */
        { "latency_us", keys, us, 10, 0, 1000 },
        { "latency_ms", keys, ms, 12, 1000, 1e300 },
    };

    for (int i = 0; i < 3; i++)
        add_buckets(job, &scales[i], l);
}

/* fio's queue depth distributions: all of the class's I/Os at its depth. */
static void add_depths(cJSON *job, int depth)
{
    static const char *const level[] = { "1", "2", "4", "8", "16", "32", ">=64" };
    static const char *const sub[] = { "0", "4", "8", "16", "32", "64", ">=64" };
    cJSON *lv = add_obj(job, "iodepth_level");
    int at = 0;

    while (at < 6 && depth >= 2 << at)
        at++;
    for (int i = 0; i < 7; i++)
        cJSON_AddNumberToObject(lv, level[i], i == at ? 100.0 : 0.0);
    const char *names[] = { "iodepth_submit", "iodepth_complete" };
    for (int n = 0; n < 2; n++) {
        cJSON *o = add_obj(job, names[n]);
        for (int i = 0; i < 7; i++)
            cJSON_AddNumberToObject(o, sub[i], 0.0);
    }
}

/* Where a job sits: its run's name part, its point's group. */
struct fio_at {
    const struct report_meta *meta;
    const struct sim_setup *cfg;
    const char *run_name;           /* "mytest" or "mytest_4disks" */
    int groupid;
};

/* The class's outstanding I/Os at the point: fio's iodepth. */
static int class_depth(const struct sim_point_result *p, int c)
{
    return p->db_classes ? p->class_load[c] : c == WL_SMALL ? p->small : p->large;
}

static const char *class_rw(const struct sim_setup *cfg, int c, const struct sim_class_result *r)
{
    bool reads = r->lat_dir[SIM_READ].count > 0, writes = r->lat_dir[SIM_WRITE].count > 0;
    bool seq = cfg->run.workload.n_classes == 0 && c == WL_LARGE &&
               cfg->run.workload.large_type == WL_LARGE_SEQ;

    if (reads && writes)
        return seq ? "rw" : "randrw";
    if (writes)
        return seq ? "write" : "randwrite";
    return seq ? "read" : "randread";
}

static void add_job_options(cJSON *job, const struct fio_at *at, const struct sim_point_result *p,
                            int c)
{
    const struct sim_class_result *r = &p->cls[c];
    cJSON *o = add_obj(job, "job options");
    char v[64];
    int depth = class_depth(p, c);

    cJSON_AddStringToObject(o, "name", cJSON_GetStringValue(cJSON_GetObjectItem(job, "jobname")));
    cJSON_AddStringToObject(o, "rw", class_rw(at->cfg, c, r));
    snprintf(v, sizeof v, "%.0f", r->iops > 0 ? r->mbps * 1e6 / r->iops : 0.0);
    cJSON_AddStringToObject(o, "bs", v);
    snprintf(v, sizeof v, "%d", depth);
    cJSON_AddStringToObject(o, "iodepth", v);
    snprintf(v, sizeof v, "%.0f", p->measured_s);
    cJSON_AddStringToObject(o, "runtime", v);
    cJSON_AddStringToObject(o, "ioengine", at->cfg->run.backend && at->cfg->run.backend->name
                                               ? at->cfg->run.backend->name : "asmsim");
}

static cJSON *job_of(const struct fio_at *at, const struct sim_point_result *p, int c)
{
    const struct sim_class_result *r = &p->cls[c];
    cJSON *job = cJSON_CreateObject();
    char name[256], cls[16];
    int depth = class_depth(p, c);

    if (!job)
        return NULL;
    if (p->db_classes)
        snprintf(cls, sizeof cls, "class%d", c);
    else
        snprintf(cls, sizeof cls, "%s", c == WL_SMALL ? "small" : "large");
    snprintf(name, sizeof name, "%s_%s_s%d_l%d", at->run_name, cls, p->small, p->large);
    cJSON_AddStringToObject(job, "jobname", name);
    cJSON_AddNumberToObject(job, "groupid", at->groupid);
    cJSON_AddNumberToObject(job, "error", r->errors ? 5 : 0);      /* EIO */
    cJSON_AddNumberToObject(job, "eta", 0);
    cJSON_AddNumberToObject(job, "elapsed", (double)(long long)(p->measured_s + 0.5));
    add_job_options(job, at, p, c);
    add_dir(job, "read", r, SIM_READ, p->measured_s);
    add_dir(job, "write", r, SIM_WRITE, p->measured_s);
    add_dir(job, "trim", r, -1, p->measured_s);
    cJSON *sync = add_obj(job, "sync");
    cJSON_AddNumberToObject(sync, "total_ios", 0);
    add_lat(sync, "lat_ns", NULL, false);
    cJSON_AddNumberToObject(job, "job_runtime", (double)(long long)(p->measured_s * 1e3));
    cJSON_AddNumberToObject(job, "usr_cpu", 0);
    cJSON_AddNumberToObject(job, "sys_cpu", 0);
    cJSON_AddNumberToObject(job, "ctx", 0);
    cJSON_AddNumberToObject(job, "majf", 0);
    cJSON_AddNumberToObject(job, "minf", 0);
    add_depths(job, depth);
    add_latency_dists(job, &r->lat);
    cJSON_AddNumberToObject(job, "latency_depth", depth);
    cJSON_AddNumberToObject(job, "latency_target", 0);
    cJSON_AddNumberToObject(job, "latency_percentile", 100.0);
    cJSON_AddNumberToObject(job, "latency_window", 0);
    return job;
}

/* A run's jobs: every class that ran at every point, a group a point. */
static int add_run_jobs(cJSON *jobs, struct fio_at *at, const struct sim_run_result *run)
{
    for (int i = 0; i < run->n_points; i++, at->groupid++) {
        const struct sim_point_result *p = &run->points[i];
        for (int c = 0; c < p->n_classes; c++) {
            if (!sim_point_class_ran(p, c))
                continue;
            cJSON *job = job_of(at, p, c);
            if (!job)
                return -ENOMEM;
            cJSON_AddItemToArray(jobs, job);
        }
    }
    return 0;
}

/* The document's head: fio's version key (asmsim's own version in it),
   the start as fio gives it (seconds, ms, and its ctime text). */
static void add_head(cJSON *doc, const struct report_meta *meta)
{
    struct tm tm = { 0 };
    char ver[64], when[64] = "";
    time_t t = 0;

    snprintf(ver, sizeof ver, "asmsim-%s", meta->version ? meta->version : "");
    if (strptime(meta->stamp, "%Y%m%d_%H%M", &tm) != NULL) {
        tm.tm_isdst = -1;
        t = mktime(&tm);
        strftime(when, sizeof when, "%a %b %e %H:%M:%S %Y", &tm);
    }
    cJSON_AddStringToObject(doc, "fio version", ver);
    cJSON_AddNumberToObject(doc, "timestamp", (double)t);
    cJSON_AddNumberToObject(doc, "timestamp_ms", (double)t * 1e3);
    cJSON_AddStringToObject(doc, "time", when);
}

int report_fio_json_text(const struct report_meta *meta, const struct sim_setup *cfg,
                         const struct sim_run_result *run,
                         const struct sim_sweep_result *sweep, char **text)
{
    const char *testname = meta->testname ? meta->testname : "asmsim";
    struct fio_at at = { meta, cfg, testname, 0 };
    cJSON *doc = cJSON_CreateObject(), *jobs = NULL;
    char name[256];
    int rc = 0;

    *text = NULL;
    if (doc) {
        add_head(doc, meta);
        jobs = cJSON_AddArrayToObject(doc, "jobs");     /* after the head, as fio */
    }
    if (!jobs) {
        cJSON_Delete(doc);
        return -ENOMEM;
    }
    for (int i = 0; sweep && i < sweep->n_runs && rc == 0; i++) {
        snprintf(name, sizeof name, "%s_%ddisks", testname, sweep->runs[i]->disks);
        at.run_name = name;
        rc = add_run_jobs(jobs, &at, sweep->runs[i]);
    }
    if (!sweep && run)
        rc = add_run_jobs(jobs, &at, run);
    cJSON_AddArrayToObject(doc, "disk_util");
    if (rc == 0 && (*text = report_json_print(doc)) == NULL)
        rc = -ENOMEM;
    cJSON_Delete(doc);
    return rc;
}
