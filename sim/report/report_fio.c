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
 *                              ORION's small and large, or a database
 *                              workload's classes; with --fail or
 *                              --add-disks, every class at every phase
 *                              measured (the copy class too)
 *   "groupid"                  the point's (the phase's) index: a point's
 *                              classes run together, as fio's jobs of one
 *                              group
 *   "jobname"                  ORION's "<run>_<small|large>_s<S>_l<L>"; a
 *                              database workload's (one point a run)
 *                              "<run>_<class>", with a failure or an add
 *                              "<run>_<class>_<phase>" (before, degraded,
 *                              rebalancing, restored, add-rebalancing,
 *                              add-balanced); <run> the testname, in a
 *                              sweep "_<N>disks" or "_<param>=<value>"
 *   "job options"              the options fio would run the class with:
 *                              rw from its pattern and write share
 *                              (rwmixread when mixed); bs its size, or
 *                              with a mix its smallest and bssplit the
 *                              mix in whole percentages; a closed loop's
 *                              iodepth its outstanding I/Os, a sequential
 *                              class's streams numjobs of stream_io each;
 *                              an open loop's rate_iops (ORION's large:
 *                              rate, bytes a second; reads,writes when
 *                              mixed), rate_process poisson for Poisson
 *                              arrivals, iodepth the bound on I/Os in
 *                              flight (--max-outstanding); runtime,
 *                              ioengine
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
#include "sim/report/report_fail.h"

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

/* Where a job sits: its run's name part and configuration, its point's
   group, and the phase of a failure or an add it was measured in. */
struct fio_at {
    const struct sim_run_cfg *run;
    const char *run_name;           /* "mytest", "mytest_4disks",
                                       "mytest_power=4" */
    int groupid;
    const struct sim_fail_result *scenario;     /* NULL: the run's own */
    const char *phase;              /* "degraded"; NULL: no failure, no add */
};

/* A class as a fio job would run it: what "job options" says. */
struct fio_class {
    const char *name;               /* "small", "data-reads", "rebalance" */
    bool seq;
    int write_pct;                  /* 0..100 */
    struct wl_size_mix sizes;
    int numjobs;                    /* sequential streams: a job each */
    int iodepth;                    /* per job */
    double rate;                    /* open loop: I/Os (rate_bytes: bytes)
                                       a second; 0: closed loop */
    bool rate_bytes;                /* ORION's large class: MB/s offered */
    bool poisson;
};

/* *m a mix of one size. */
static void one_size(struct wl_size_mix *m, uint32_t bytes)
{
    *m = (struct wl_size_mix){ .n = 1, .bytes = { bytes }, .weight = { 1 } };
}

/* ORION's small or large class at point p: the large class's streams
   (-type seq) each a job of stream_io outstanding. */
static void orion_class(const struct fio_at *at, const struct sim_point_result *p, int c,
                        struct fio_class *k)
{
    const struct wl_cfg *w = &at->run->workload;
    bool large = c == WL_LARGE;
    int load = large ? p->large : p->small;

    k->name = large ? "large" : "small";
    k->seq = large && w->large_type == WL_LARGE_SEQ;
    k->write_pct = w->write_pct;
    one_size(&k->sizes, large ? w->large_bytes : w->small_bytes);
    k->numjobs = k->seq && load > 0 ? load : 1;
    k->iodepth = k->seq ? at->run->point.stream_io : load;
    k->rate_bytes = large;
    k->poisson = at->run->open.arrivals == SIM_ARRIVALS_POISSON;
}

/* A database workload's class c at point p, or the copy class of a
   failure's or an add's rebalancing phase: `power` streams of one AU. */
static void db_class(const struct fio_at *at, const struct sim_point_result *p, int c,
                     struct fio_class *k)
{
    const struct sim_run_cfg *run = at->run;

    if (at->scenario && c == at->scenario->copy_cls) {
        k->name = report_fail_class_name(run, at->scenario, c);
        k->seq = true;
        k->write_pct = 50;              /* each AU read, then written */
        one_size(&k->sizes, at->scenario->au_bytes);
        k->numjobs = p->class_load[c] > 0 ? p->class_load[c] : 1;
        k->iodepth = 1;
        return;
    }
    const struct wl_class_cfg *w = &run->workload.classes[c];
    int stream_io = run->db.load.stream_io[c] > 0 ? run->db.load.stream_io[c] : 1;
    k->name = run->db.class_name[c];
    k->seq = w->pattern == WL_SEQUENTIAL;
    k->write_pct = w->write_pct;
    k->sizes = w->sizes;
    k->numjobs = k->seq && p->class_load[c] > 0 ? p->class_load[c] : 1;
    k->iodepth = k->seq ? stream_io : p->class_load[c];
    k->poisson = run->db.load.arrivals[c] == SIM_ARRIVALS_POISSON;
}

/* Class c at point p as fio would run it.  An open-loop class (a rate):
   one job at that rate, with the bound on I/Os in flight as its depth. */
static void class_of(const struct fio_at *at, const struct sim_point_result *p, int c,
                     struct fio_class *k)
{
    *k = (struct fio_class){ 0 };
    if (p->db_classes)
        db_class(at, p, c, k);
    else
        orion_class(at, p, c, k);
    if (p->open.on && c < WL_MAX_CLASSES && p->open.target[c] > 0) {
        k->rate = p->open.target[c] * (k->rate_bytes ? 1e6 : 1);
        k->numjobs = 1;                 /* an open class is one stream */
        k->iodepth = p->open.max_outstanding;
    }
}

/* fio's rw of class k: its pattern and write share (read, write, rw;
   rand- when random). */
static const char *class_rw(const struct fio_class *k)
{
    if (k->write_pct == 0)
        return k->seq ? "read" : "randread";
    if (k->write_pct == 100)
        return k->seq ? "write" : "randwrite";
    return k->seq ? "rw" : "randrw";
}

/* A size as fio's options give it: "512", "8k", "1m" (fio's k is 1024). */
static void size_text(uint32_t bytes, char *buf, size_t len)
{
    if (bytes % (1u << 20) == 0)
        snprintf(buf, len, "%um", bytes >> 20);
    else if (bytes % 1024 == 0)
        snprintf(buf, len, "%uk", bytes >> 10);
    else
        snprintf(buf, len, "%u", bytes);
}

/* fio's bssplit of a size mix, "512/35:8k/9:128k/40:...": whole
   percentages, as fio reads them, that add up to 100 (the largest
   remainders rounded up); a size whose share rounds to 0 is left out. */
static void bssplit_text(const struct wl_size_mix *m, char *buf, size_t len)
{
    double total = 0, frac[WL_MAX_SIZES];
    int pct[WL_MAX_SIZES], left = 100;
    size_t used = 0;

    for (int i = 0; i < m->n; i++)
        total += m->weight[i];
    for (int i = 0; i < m->n; i++) {
        double exact = 100.0 * m->weight[i] / total;
        pct[i] = (int)exact;
        frac[i] = exact - pct[i];
        left -= pct[i];
    }
    for (; left > 0; left--) {
        int top = 0;
        for (int i = 1; i < m->n; i++)
            if (frac[i] > frac[top])
                top = i;
        pct[top]++;
        frac[top] = -1;
    }
    buf[0] = '\0';
    for (int i = 0; i < m->n && used < len; i++) {
        char size[16];
        if (pct[i] == 0)
            continue;
        size_text(m->bytes[i], size, sizeof size);
        int n = snprintf(buf + used, len - used, "%s%s/%d", used ? ":" : "", size, pct[i]);
        used += n > 0 ? (size_t)n : 0;
    }
}

/* The option's value as a number's text. */
static void add_opt_num(cJSON *o, const char *name, double v)
{
    char t[32];
    snprintf(t, sizeof t, "%.0f", v);
    cJSON_AddStringToObject(o, name, t);
}

/* bs: the size, or with a mix the smallest and bssplit the mix. */
static void add_sizes(cJSON *o, const struct wl_size_mix *m)
{
    uint32_t least = m->bytes[0];
    char split[256];

    for (int i = 1; i < m->n; i++)
        least = m->bytes[i] < least ? m->bytes[i] : least;
    add_opt_num(o, "bs", least);
    if (m->n > 1) {
        bssplit_text(m, split, sizeof split);
        cJSON_AddStringToObject(o, "bssplit", split);
    }
}

/* A rate (> 0) as fio takes it, a whole number of at least 1: fio reads
   0 as no limit at all, so 0.4/s must not round to it. */
static double fio_rate(double v)
{
    return v < 1 ? 1 : v;
}

/* An open-loop class's rate (rate_iops, or rate in bytes a second for
   ORION's large class): fio limits reads and writes apart, so a mixed
   class's is "reads,writes". */
static void add_rate(cJSON *o, const struct fio_class *k)
{
    const char *name = k->rate_bytes ? "rate" : "rate_iops";
    double w = k->rate * k->write_pct / 100.0;
    char t[64];

    if (k->write_pct > 0 && k->write_pct < 100)
        snprintf(t, sizeof t, "%.0f,%.0f", fio_rate(k->rate - w), fio_rate(w));
    else
        snprintf(t, sizeof t, "%.0f", fio_rate(k->rate));
    cJSON_AddStringToObject(o, name, t);
    if (k->poisson)
        cJSON_AddStringToObject(o, "rate_process", "poisson");
}

/* A job's "job options": the options fio would run class k with (name,
   rw, bs or bssplit, iodepth, numjobs, rate), measured_s its runtime. */
static void add_job_options(cJSON *job, const struct fio_class *k, const char *name,
                            double measured_s, const char *engine)
{
    cJSON *o = add_obj(job, "job options");

    cJSON_AddStringToObject(o, "name", name);
    cJSON_AddStringToObject(o, "rw", class_rw(k));
    if (k->write_pct > 0 && k->write_pct < 100)
        add_opt_num(o, "rwmixread", 100 - k->write_pct);
    add_sizes(o, &k->sizes);
    add_opt_num(o, "iodepth", k->iodepth);
    if (k->numjobs > 1)
        add_opt_num(o, "numjobs", k->numjobs);
    if (k->rate > 0)
        add_rate(o, k);
    add_opt_num(o, "runtime", measured_s);
    cJSON_AddStringToObject(o, "ioengine", engine);
}

/* ORION's classes by their point, "<run>_small_s2_l0"; a database
   workload's (its run is one point) by the class and the phase,
   "<run>_redo", "<run>_redo_degraded". */
static void job_name(const struct fio_at *at, const struct sim_point_result *p,
                     const struct fio_class *k, char *buf, size_t len)
{
    if (!p->db_classes)
        snprintf(buf, len, "%s_%s_s%d_l%d", at->run_name, k->name, p->small, p->large);
    else if (at->phase)
        snprintf(buf, len, "%s_%s_%s", at->run_name, k->name, at->phase);
    else
        snprintf(buf, len, "%s_%s", at->run_name, k->name);
}

static cJSON *job_of(const struct fio_at *at, const struct sim_point_result *p, int c)
{
    const struct sim_class_result *r = &p->cls[c];
    const struct dev_ops *be = at->run->backend;
    cJSON *job = cJSON_CreateObject();
    struct fio_class k;
    char name[320];

    if (!job)
        return NULL;
    class_of(at, p, c, &k);
    job_name(at, p, &k, name, sizeof name);
    cJSON_AddStringToObject(job, "jobname", name);
    cJSON_AddNumberToObject(job, "groupid", at->groupid);
    cJSON_AddNumberToObject(job, "error", r->errors ? 5 : 0);      /* EIO */
    cJSON_AddNumberToObject(job, "eta", 0);
    cJSON_AddNumberToObject(job, "elapsed", (double)(long long)(p->measured_s + 0.5));
    add_job_options(job, &k, name, p->measured_s, be && be->name ? be->name : "asmsim");
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
    add_depths(job, k.iodepth);
    add_latency_dists(job, &r->lat);
    cJSON_AddNumberToObject(job, "latency_depth", k.iodepth);
    cJSON_AddNumberToObject(job, "latency_target", 0);
    cJSON_AddNumberToObject(job, "latency_percentile", 100.0);
    cJSON_AddNumberToObject(job, "latency_window", 0);
    return job;
}

/* The jobs of run's points: every class that ran, a group a point. */
static int add_point_jobs(cJSON *jobs, struct fio_at *at, const struct sim_run_result *run)
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

/* The phases of a failure or an add after the one before it (the run's
   own point, or the failure's restored group an add follows), each its
   group; an add's carry "add-" ("add-rebalancing", "add-balanced"). */
static int add_scenario_jobs(cJSON *jobs, struct fio_at *at, const struct sim_fail_result *f)
{
    char phase[48];
    int rc = 0;

    at->scenario = f;
    at->phase = phase;
    for (int i = SIM_PHASE_BEFORE + 1; i < SIM_PHASES && rc == 0; i++) {
        const struct sim_run_result *r = report_fail_phase_run(f, i);
        if (!r)
            continue;
        snprintf(phase, sizeof phase, "%s%s", f->add ? "add-" : "",
                 report_fail_phase_name(f, i));
        rc = add_point_jobs(jobs, at, r);
    }
    at->scenario = NULL;
    at->phase = NULL;
    return rc;
}

/* A run's jobs: its points (with a failure or an add, the phase
   "before"), then the failure's phases, then the add's. */
static int add_run_jobs(cJSON *jobs, struct fio_at *at, const struct sim_run_result *run)
{
    at->phase = run->fail || run->add ? "before" : NULL;
    int rc = add_point_jobs(jobs, at, run);
    at->phase = NULL;
    if (rc == 0 && run->fail)
        rc = add_scenario_jobs(jobs, at, run->fail);
    if (rc == 0 && run->add)
        rc = add_scenario_jobs(jobs, at, run->add);
    return rc;
}

/* A sweep's run i: named by its disk count, or its --over value. */
static int add_sweep_run_jobs(cJSON *jobs, struct fio_at *at, const struct report_fio_src *src,
                              int i, const char *testname)
{
    const struct sim_sweep_over *over = src->cfg->over;
    struct sim_setup *cfg = NULL;
    char name[256];
    int rc;

    if (over)
        snprintf(name, sizeof name, "%s_%s=%s", testname, over->param, over->value[i]);
    else
        snprintf(name, sizeof name, "%s_%ddisks", testname, src->sweep->runs[i]->disks);
    at->run_name = name;
    at->run = &src->cfg->run;
    if (src->cfg_at && (cfg = malloc(sizeof *cfg)) == NULL)
        return -ENOMEM;
    if (cfg) {
        src->cfg_at(src->cfg_arg, i, cfg);
        at->run = &cfg->run;
    }
    rc = add_run_jobs(jobs, at, src->sweep->runs[i]);
    free(cfg);
    return rc;
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

int report_fio_json_text(const struct report_fio_src *src, char **text)
{
    const char *testname = src->meta->testname ? src->meta->testname : "asmsim";
    struct fio_at at = { .run = &src->cfg->run, .run_name = testname };
    cJSON *doc = cJSON_CreateObject(), *jobs = NULL;
    int rc = 0;

    *text = NULL;
    if (doc) {
        add_head(doc, src->meta);
        jobs = cJSON_AddArrayToObject(doc, "jobs");     /* after the head, as fio */
    }
    if (!jobs) {
        cJSON_Delete(doc);
        return -ENOMEM;
    }
    for (int i = 0; src->sweep && i < src->sweep->n_runs && rc == 0; i++)
        rc = add_sweep_run_jobs(jobs, &at, src, i, testname);
    if (!src->sweep && src->run)
        rc = add_run_jobs(jobs, &at, src->run);
    cJSON_AddArrayToObject(doc, "disk_util");
    if (rc == 0 && (*text = report_json_print(doc)) == NULL)
        rc = -ENOMEM;
    cJSON_Delete(doc);
    return rc;
}
