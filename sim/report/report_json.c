/*
 * report_json.c - the results JSON: one document that says what was run
 * (resolved so it can be run again) and what it measured.
 *
 *   {
 *     "asmsim_version", "testname", "command", "started", "wall_seconds",
 *     "config":  { disks, backend, instance{...}, volume{...}, layout{...},
 *                  workload{...}, matrix{...}, duration_s | "auto",
 *                  ci_target, warmup, cache_bytes, burst_credits,
 *                  burst_credits_carry, seed, open (null, or the
 *                  open-loop load: small_iops, large_mbps, arrivals,
 *                  max_outstanding) },
 *     "summary": { max_large_mbps, max_large_at{small,large},
 *                  max_small_iops, max_small_at, min_small_latency_us,
 *                  min_small_latency_at, min_small_latency_p50_us ..
 *                  _p9999_us (percentiles there), limited_by (the main figure's:
 *                  large if run, else small; kept for old readers),
 *                  max_large_limited_by, max_small_limited_by,
 *                  min_small_latency_limited_by (each figure's own),
 *                  levels{mode "extend"|"orion", large|small{orion_max,
 *                  last, extended, stop "rising"|"limit"|"flat"|
 *                  "latency"|"cap"}} ("none" for an open loop),
 *                  open (an open-loop run's point's "open"; else null),
 *                  sustained_large_mbps, sustained_large_at,
 *                  sustained_large_limited_by, large_burst,
 *                  sustained_small_iops, sustained_small_at,
 *                  sustained_small_limited_by, small_burst },
 *     "points":  [ { small, large, mbps, iops, ..., small_lat_us{...},
 *                    large_lat_us{...}, small_read_lat_us{...},
 *                    small_write_lat_us, large_read_lat_us,
 *                    large_write_lat_us (each direction alone; null where
 *                    it did no I/O), burst, disks[{...}],
 *                    timeline (--interval; else null): [ { start_s,
 *                    length_s, small_iops, large_mbps, phys_iops,
 *                    phys_mbps, small_lat_us, large_lat_us {avg, p50,
 *                    p99}, small_read_lat_us .. large_write_lat_us (each
 *                    direction alone; null: none in the row),
 *                    limited_by, disks[{disk, iops, mbps}],
 *                    buckets[{limit, disk (null: the instance's),
 *                    balance_pct}], offered_small_iops,
 *                    offered_large_mbps, small_unmet_frac,
 *                    large_unmet_frac, small_delayed, large_delayed (open
 *                    loop; null for a class without a rate) } ],
 *                    open (open loop; else null): { offered_*, delivered_*,
 *                    *_unmet_frac, *_arrivals, *_delayed (null for a
 *                    class without a rate), backlog_end,
 *                    max_outstanding } } ],
 *     a latency object {avg, min, max, stddev, p50, p90, p99, p999,
 *                    p9999, hist_pow2 (ORION's power-of-two histogram)}
 *                    is in microseconds,
 *     "cost":    { prices, prices_date, os, hours_per_month,
 *                  instance_usd_month, instance_basis, memory_gb,
 *                  memory_default, disks, volume_usd_month, volume_basis,
 *                  volumes_usd_month, total_usd_month } (prices.h; null
 *                  on real devices),
 *     "incomplete": bool,
 *     "sweep":   [ { disks, swept_value, cost, summary, points, incomplete } ]
 *                  (sweeps only; swept_value and config.sweep_over
 *                  {param, values} for a sweep --over, each entry with
 *                  its own run's cost),
 *     "readings": { summary [lines], sweep (a line, or null) }: the
 *                  terminal's sentences, for the HTML report (html.h)
 *   }
 *
 * Determinism: the same inputs give the same bytes.  Wall-clock facts
 * ("started", "wall_seconds") live only at the top level, so two runs of
 * the deterministic model differ in those two fields and nowhere else;
 * nothing printed depends on addresses or hash order (cJSON keeps
 * insertion order).  A class a point or run did not exercise is null, not
 * 0: 0 MB/s is a measurement, null is "not asked".  Units are in the key
 * names (MB/s = 10^6 B/s, as everywhere in asmsim).
 *
 * Burst credits.  config.burst_credits is how full the buckets are (0..1)
 * when every point starts, or with burst_credits_carry true when the
 * first point starts (the state then carries).  In the summary,
 * sustained_large_mbps / sustained_small_iops are the best figures the
 * points sustain once every bucket is empty (at sustained_*_at, bound
 * there by sustained_*_limited_by at its base rate); equal to the maxima
 * when no burst was drawn.  large_burst / small_burst are null when the
 * maximum drew on no burst credits, else { lasts_s: how long it lasts at
 * most, from full buckets; first_empty: the limit whose bucket runs out
 * first; ran_out_s: when it ran out inside the window, null when it
 * lasted; at_burst: the figure while the credits lasted }.  A point's
 * "burst" is null when it drew on no bucket, else { lasts_s, first_empty,
 * ran_out_s, burst_mbps, burst_iops, sustained_mbps, sustained_iops,
 * sustained_limited_by }: the sustained ones the point measured again on
 * empty buckets (null figures: not measured, a stop came first).
 *
 * For a sweep the top-level summary/points are those of the last disk
 * count (what a single run at that count would show), and "sweep" holds
 * every run.  The file is written atomically (report_write_atomic); path
 * "-" writes the document to stdout and nothing else.
 *
 * Speed.  The tree is printed by json_print.c, which makes cJSON_Print's
 * text byte for byte, about seven times faster; a sweep's runs are built and
 * printed on cfg->run.jobs threads (report_json_text), so the 27 MB of a
 * 1-16 disk sweep do not hold the end of it on one core.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "layouts/units.h"
#include "sim/core/cluster.h"
#include "sim/core/cpu_usage.h"
#include "sim/core/jobs.h"
#include "sim/core/node_stats.h"
#include "sim/core/timeline.h"
#include "sim/report/json_print.h"
#include "sim/report/report_fail.h"
#include "sim/report/report.h"
#include "sim/report/report_writers.h"

/* cJSON reports allocation failure by returning NULL from every Add*
   call; rather than test each one, the builders check the final tree
   once with this flag set by the helpers below. */
struct jb {
    bool oom;
};

static cJSON *add_obj(struct jb *b, cJSON *parent, const char *key)
{
    cJSON *o = cJSON_AddObjectToObject(parent, key);
    if (o == NULL)
        b->oom = true;
    return o;
}

static cJSON *add_arr(struct jb *b, cJSON *parent, const char *key)
{
    cJSON *a = cJSON_AddArrayToObject(parent, key);
    if (a == NULL)
        b->oom = true;
    return a;
}

static void add_num(struct jb *b, cJSON *o, const char *key, double v)
{
    if (o == NULL)
        return;
    if (!isfinite(v)) {         /* JSON has no NaN / inf */
        if (cJSON_AddNullToObject(o, key) == NULL)
            b->oom = true;
        return;
    }
    if (cJSON_AddNumberToObject(o, key, v) == NULL)
        b->oom = true;
}

static void add_str(struct jb *b, cJSON *o, const char *key, const char *v)
{
    if (o == NULL)
        return;
    if ((v ? cJSON_AddStringToObject(o, key, v)
           : cJSON_AddNullToObject(o, key)) == NULL)
        b->oom = true;
}

static void add_bool(struct jb *b, cJSON *o, const char *key, bool v)
{
    if (o != NULL && cJSON_AddBoolToObject(o, key, v) == NULL)
        b->oom = true;
}

static void add_null(struct jb *b, cJSON *o, const char *key)
{
    if (o != NULL && cJSON_AddNullToObject(o, key) == NULL)
        b->oom = true;
}

static cJSON *new_item(struct jb *b, cJSON *arr)
{
    cJSON *o;

    if (arr == NULL)
        return NULL;
    o = cJSON_CreateObject();
    if (o == NULL || !cJSON_AddItemToArray(arr, o)) {
        cJSON_Delete(o);
        b->oom = true;
        return NULL;
    }
    return o;
}

/* A 64-bit integer: a number while doubles hold it exactly (2^53), a
   decimal string beyond, so a seed always survives the round trip. */
static void add_u64(struct jb *b, cJSON *o, const char *key, uint64_t v)
{
    if (v <= (1ull << 53)) {
        add_num(b, o, key, (double)v);
    } else {
        char buf[24];
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
        add_str(b, o, key, buf);
    }
}

static void add_at(struct jb *b, cJSON *o, const char *key, bool has,
                   struct wl_point at)
{
    cJSON *p;

    if (!has) {
        add_null(b, o, key);
        return;
    }
    p = add_obj(b, o, key);
    add_num(b, p, "small", at.small);
    add_num(b, p, "large", at.large);
}

/* "ran_out_s": when the first bucket ran out inside the window, in s
   (measured), or null when it lasted the window. */
static void add_ran_out(struct jb *b, cJSON *x, bool ran_out, double ran_out_s)
{
    if (ran_out)
        add_num(b, x, "ran_out_s", ran_out_s);
    else
        add_null(b, x, "ran_out_s");
}

/* One class's burst facts in the summary: the sustained maximum and, if
   the maximum was a burst, how long it lasts. */
static void add_class_burst(struct jb *b, cJSON *o, const struct sim_class_burst *cb,
                            const char *figure_key, const char *at_key,
                            const char *limit_key, const char *burst_key)
{
    cJSON *x;

    if (cb->has_sustained) {
        add_num(b, o, figure_key, cb->sustained);
        add_str(b, o, limit_key, sim_limit_id(cb->sustained_limited_by));
    } else {
        add_null(b, o, figure_key);
        add_null(b, o, limit_key);
    }
    add_at(b, o, at_key, cb->has_sustained, cb->sustained_at);
    if (!cb->drawn) {
        add_null(b, o, burst_key);
        return;
    }
    x = add_obj(b, o, burst_key);
    add_num(b, x, "lasts_s", cb->lasts_s);
    add_str(b, x, "first_empty", sim_limit_id(cb->first));
    add_ran_out(b, x, cb->ran_out, cb->ran_out_s);
    add_num(b, x, "at_burst", cb->at_burst);
}

static void add_summary_burst(struct jb *b, cJSON *o, const struct sim_summary *s)
{
    add_class_burst(b, o, &s->burst[WL_LARGE], "sustained_large_mbps",
                    "sustained_large_at", "sustained_large_limited_by",
                    "large_burst");
    add_class_burst(b, o, &s->burst[WL_SMALL], "sustained_small_iops",
                    "sustained_small_at", "sustained_small_limited_by",
                    "small_burst");
}

/* One class's figure: null where the class did not run (closed loop: no
   load of it; open loop: no rate), "not asked" rather than 0. */
static void add_ran_num(struct jb *b, cJSON *o, const char *key, bool ran,
                        double v)
{
    if (ran)
        add_num(b, o, key, v);
    else
        add_null(b, o, key);
}

/* A point's burst facts: null when it drew on no bucket; a sustained
   figure is null for a class that did not run there. */
static void add_point_burst(struct jb *b, cJSON *o, const struct sim_point_result *p)
{
    const struct sim_point_burst *pb = &p->burst;
    cJSON *x;

    if (!pb->drawn) {
        add_null(b, o, "burst");
        return;
    }
    x = add_obj(b, o, "burst");
    add_num(b, x, "lasts_s", pb->lasts_s);
    add_str(b, x, "first_empty", sim_limit_id(pb->first));
    add_ran_out(b, x, pb->ran_out, pb->ran_out_s);
    add_num(b, x, "burst_mbps", pb->at_burst[WL_LARGE]);
    add_num(b, x, "burst_iops", pb->at_burst[WL_SMALL]);
    if (pb->sustained_measured) {
        add_ran_num(b, x, "sustained_mbps", sim_point_class_ran(p, WL_LARGE),
                    pb->sustained[WL_LARGE]);
        add_ran_num(b, x, "sustained_iops", sim_point_class_ran(p, WL_SMALL),
                    pb->sustained[WL_SMALL]);
        add_str(b, x, "sustained_limited_by", sim_limit_id(pb->sustained_limited_by));
    } else {
        add_null(b, x, "sustained_mbps");
        add_null(b, x, "sustained_iops");
        add_null(b, x, "sustained_limited_by");
    }
}

static void add_limit(struct jb *b, cJSON *o, const char *key, bool ran,
                      enum sim_limit l)
{
    if (ran)
        add_str(b, o, key, sim_limit_id(l));
    else
        add_null(b, o, key);
}

/* How each class's load levels went (levels.h); a class without an axis
   in the matrix is null. */
static void add_levels(struct jb *b, cJSON *parent, const struct sim_setup *cfg,
                       const struct sim_run_result *r)
{
    static const char *const name[WL_CLASSES] = { "small", "large" };
    cJSON *o = add_obj(b, parent, "levels");

    add_str(b, o, "mode", sim_open_load_on(&cfg->run.open) ? "none"
                          : cfg->run.levels == SIM_LEVELS_EXTEND ? "extend" : "orion");
    for (int c = WL_LARGE; c >= WL_SMALL; c--) {
        const struct sim_class_levels *lv = &r->levels[c];
        if (lv->orion_max <= 0) {
            add_null(b, o, name[c]);
            continue;
        }
        cJSON *k = add_obj(b, o, name[c]);
        add_num(b, k, "orion_max", lv->orion_max);
        add_num(b, k, "last", lv->last);
        add_bool(b, k, "extended", lv->extended);
        add_str(b, k, "stop", sim_level_stop_id(lv->stop));
    }
}

/* The percentiles at the Minimum Small Latency point:
   min_small_latency_p50_us .. _p9999_us, null when no small I/O ran. */
static void add_min_latency_percentiles(struct jb *b, cJSON *o, const struct sim_run_result *r)
{
    const struct sim_summary *s = &r->summary;
    const struct sim_point_result *p =
        s->has_small ? report_find_point(r, s->min_small_lat_at.small, s->min_small_lat_at.large)
                     : NULL;
    const struct sim_lat_summary *l = p ? &p->cls[WL_SMALL].lat : NULL;
    const struct { const char *key; double v; } q[] = {
        { "min_small_latency_p50_us", l ? l->p50_us : 0 },
        { "min_small_latency_p90_us", l ? l->p90_us : 0 },
        { "min_small_latency_p99_us", l ? l->p99_us : 0 },
        { "min_small_latency_p999_us", l ? l->p999_us : 0 },
        { "min_small_latency_p9999_us", l ? l->p9999_us : 0 },
    };
    for (size_t i = 0; i < sizeof q / sizeof q[0]; i++) {
        if (l)
            add_num(b, o, q[i].key, q[i].v);
        else
            add_null(b, o, q[i].key);
    }
}

static void add_point_open(struct jb *b, cJSON *o, const struct sim_point_result *p);

static void add_summary(struct jb *b, cJSON *parent,
                        const struct sim_run_result *r, const struct sim_setup *cfg)
{
    const struct sim_summary *s = &r->summary;
    cJSON *o = add_obj(b, parent, "summary");

    if (s->has_large)
        add_num(b, o, "max_large_mbps", s->max_large_mbps);
    else
        add_null(b, o, "max_large_mbps");
    add_at(b, o, "max_large_at", s->has_large, s->max_large_at);
    if (s->has_small) {
        add_num(b, o, "max_small_iops", s->max_small_iops);
    } else {
        add_null(b, o, "max_small_iops");
    }
    add_at(b, o, "max_small_at", s->has_small, s->max_small_at);
    if (s->has_small)
        add_num(b, o, "min_small_latency_us", s->min_small_lat_us);
    else
        add_null(b, o, "min_small_latency_us");
    add_at(b, o, "min_small_latency_at", s->has_small, s->min_small_lat_at);
    add_min_latency_percentiles(b, o, r);
    add_limit(b, o, "limited_by", s->has_large || s->has_small || s->open,
              s->limited_by);
    add_limit(b, o, "max_large_limited_by", s->has_large, s->max_large_limit);
    add_limit(b, o, "max_small_limited_by", s->has_small, s->max_small_limit);
    add_limit(b, o, "min_small_latency_limited_by", s->has_small,
              s->min_lat_limit);
    add_bool(b, o, "large_at_mixed_points", s->has_large && s->minority[WL_LARGE]);
    add_bool(b, o, "small_at_mixed_points", s->has_small && s->minority[WL_SMALL]);
    add_levels(b, o, cfg, r);
    add_summary_burst(b, o, s);
    /* an open-loop run's one point: its demand against what it got */
    if (r->n_points > 0 && r->points[0].open.on)
        add_point_open(b, o, &r->points[0]);
    else
        add_null(b, o, "open");
}

/* The latency histogram of ORION's _hist.txt (report_orion_hist), for
   the HTML report's histograms: "hist_pow2"[b] counts the I/Os of
   [2^b, 2^(b+1)) us ([0, 2) for b = 0; the last bucket is open), up to
   the last bucket that is not empty. */
static void add_hist_pow2(struct jb *b, cJSON *o, const struct sim_lat_summary *l)
{
    int n = HIST_POW2_BINS;
    cJSON *arr = add_arr(b, o, "hist_pow2");

    while (n > 0 && l->pow2[n - 1] == 0)
        n--;
    for (int i = 0; arr != NULL && i < n; i++) {
        cJSON *c = cJSON_CreateNumber((double)l->pow2[i]);
        if (c == NULL || !cJSON_AddItemToArray(arr, c)) {
            cJSON_Delete(c);
            b->oom = true;
        }
    }
}

static void add_lat(struct jb *b, cJSON *parent, const char *key, bool ran,
                    const struct sim_lat_summary *l)
{
    cJSON *o;

    if (!ran) {
        add_null(b, parent, key);
        return;
    }
    o = add_obj(b, parent, key);
    add_num(b, o, "avg", l->avg_us);
    add_num(b, o, "min", l->min_us);
    add_num(b, o, "max", l->max_us);
    add_num(b, o, "stddev", l->stddev_us);
    add_num(b, o, "p50", l->p50_us);
    add_num(b, o, "p90", l->p90_us);
    add_num(b, o, "p99", l->p99_us);
    add_num(b, o, "p999", l->p999_us);
    add_num(b, o, "p9999", l->p9999_us);
    add_hist_pow2(b, o, l);
}

/* The latency of each direction of class c at point p: "<cls>_read_lat_us"
   and "<cls>_write_lat_us", null where the class or the direction did no
   I/O. */
static void add_dir_lats(struct jb *b, cJSON *o, const struct sim_point_result *p,
                         enum wl_class c, bool ran)
{
    static const char *const keys[WL_CLASSES][2] = {
        [WL_SMALL] = { "small_read_lat_us", "small_write_lat_us" },
        [WL_LARGE] = { "large_read_lat_us", "large_write_lat_us" },
    };
    for (int d = 0; d < 2; d++) {
        const struct sim_lat_summary *l = &p->cls[c].lat_dir[d];
        add_lat(b, o, keys[c][d], ran && l->count > 0, l);
    }
}


/* Backends in real time: errors per class and CPU (cpu_usage.h).  Left
   out for the model, whose JSON is byte-for-byte reproducible. */
static void add_real_point(struct jb *b, cJSON *o,
                           const struct sim_point_result *p,
                           const struct dev_ops *backend)
{
    cJSON *c;

    add_u64(b, o, "small_errors", p->cls[WL_SMALL].errors);
    add_u64(b, o, "large_errors", p->cls[WL_LARGE].errors);
    c = add_obj(b, o, "cpu");
    add_num(b, c, "user_us_per_io", p->cpu_user_us_per_io);
    add_num(b, c, "sys_us_per_io", p->cpu_sys_us_per_io);
    add_num(b, c, "cores", p->cpu_cores);
    add_num(b, c, "machine_busy_pct", p->machine_busy_pct);
    add_num(b, c, "machine_irq_pct", p->machine_irq_pct);
    add_bool(b, c, "generator_bound", sim_cpu_generator_bound(p, backend));
}

/* A host's latency of a class, as a point's are named and shaped
   (small_lat_us: avg, p99); null when it completed none of the class. */
static void add_host_lat(struct jb *b, cJSON *o, const char *key,
                         const struct sim_host_class *c)
{
    if (c->iops <= 0) {
        add_null(b, o, key);
        return;
    }
    cJSON *l = add_obj(b, o, key);
    add_num(b, l, "avg", c->avg_lat_us);
    add_num(b, l, "p99", c->p99_lat_us);
}

/* A host's figures of each of a database workload's classes. */
static void add_host_classes(struct jb *b, cJSON *x, const struct sim_host_point *h,
                             const struct sim_run_cfg *run)
{
    cJSON *arr = add_arr(b, x, "classes");
    for (int c = 0; c < run->workload.n_classes && c < WL_MAX_CLASSES; c++) {
        cJSON *k = new_item(b, arr);
        add_str(b, k, "name", run->db.class_name[c]);
        add_num(b, k, "iops", h->cls[c].iops);
        add_num(b, k, "mbps", h->cls[c].mbps);
        add_host_lat(b, k, "lat_us", &h->cls[c]);
    }
}

/* A point a cluster measured (mpirun) or modelled (--nodes): each host's
   own figures, ORION's two classes or a database workload's classes;
   the point's are the cluster's (run_cluster.c, node_stats.c). */
static void add_point_hosts(struct jb *b, cJSON *o, const struct sim_point_result *p,
                            const struct sim_run_cfg *run)
{
    cJSON *arr = add_arr(b, o, "hosts");
    for (int r = 0; r < p->n_hosts; r++) {
        const struct sim_host_point *h = &p->hosts[r];
        cJSON *x = new_item(b, arr);
        add_num(b, x, "rank", h->rank);
        add_str(b, x, "host", h->host);
        add_num(b, x, "start_unix_s", h->start_unix_s);
        add_num(b, x, "window_unix_s", h->window_unix_s);
        add_num(b, x, "measured_s", h->measured_s);
        if (sim_run_db(run)) {
            add_host_classes(b, x, h, run);
        } else {
            add_num(b, x, "iops", h->cls[WL_SMALL].iops);
            add_num(b, x, "mbps", h->cls[WL_LARGE].mbps);
            add_num(b, x, "large_iops", h->cls[WL_LARGE].iops);
        }
        add_num(b, x, "phys_iops", h->phys_iops);
        add_num(b, x, "phys_mbps", h->phys_mbps);
        if (!sim_run_db(run)) {
            add_host_lat(b, x, "small_lat_us", &h->cls[WL_SMALL]);
            add_host_lat(b, x, "large_lat_us", &h->cls[WL_LARGE]);
        }
        add_u64(b, x, "errors", h->errors);
    }
}

/* One class's latency in a timeline row; null where the point ran no
   I/O of it, or (one direction) the row holds none. */
static void add_row_lat(struct jb *b, cJSON *o, const char *key, bool ran,
                        const struct sim_timeline_lat *l)
{
    if (!ran) {
        add_null(b, o, key);
        return;
    }
    cJSON *lo = add_obj(b, o, key);
    add_num(b, lo, "avg", l->avg_us);
    add_num(b, lo, "p50", l->p50_us);
    add_num(b, lo, "p99", l->p99_us);
}

/* One open-loop figure of both classes: "<small key>", "<large key>",
   each null for a class without a rate (open.target 0). */
static void add_open_pair(struct jb *b, cJSON *o, const struct sim_open_result *op,
                          const char *small_key, const char *large_key,
                          double small, double large)
{
    add_ran_num(b, o, small_key, op->target[WL_SMALL] > 0, small);
    add_ran_num(b, o, large_key, op->target[WL_LARGE] > 0, large);
}

/* A timeline row's open-loop figures: null for a class without a rate
   (and so for every class of a closed-loop point), as in points[].open. */
static void add_row_open(struct jb *b, cJSON *o, const struct sim_point_result *p,
                         const struct sim_timeline_row *r)
{
    add_open_pair(b, o, &p->open, "offered_small_iops", "offered_large_mbps",
                  r->offered[WL_SMALL], r->offered[WL_LARGE]);
    add_open_pair(b, o, &p->open, "small_unmet_frac", "large_unmet_frac",
                  r->unmet_frac[WL_SMALL], r->unmet_frac[WL_LARGE]);
    add_open_pair(b, o, &p->open, "small_delayed", "large_delayed",
                  (double)r->delayed[WL_SMALL], (double)r->delayed[WL_LARGE]);
}

static void add_row_disks(struct jb *b, cJSON *o, const struct sim_timeline *tl,
                          size_t row)
{
    cJSON *arr = add_arr(b, o, "disks");
    for (int d = 0; d < tl->disks; d++) {
        size_t k = row * (size_t)tl->disks + (size_t)d;
        cJSON *dj = new_item(b, arr);
        add_num(b, dj, "disk", d);
        add_num(b, dj, "iops", tl->disk_iops[k]);
        add_num(b, dj, "mbps", tl->disk_mbps[k]);
    }
}

static void add_row_buckets(struct jb *b, cJSON *o, const struct sim_timeline *tl,
                            size_t row)
{
    cJSON *arr = add_arr(b, o, "buckets");
    for (int k = 0; k < tl->buckets; k++) {
        cJSON *bj = new_item(b, arr);
        add_str(b, bj, "limit", sim_limit_id(tl->bucket[k].limit));
        if (tl->bucket[k].disk >= 0)
            add_num(b, bj, "disk", tl->bucket[k].disk);
        else
            add_null(b, bj, "disk");
        add_num(b, bj, "balance_pct", tl->bucket_pct[row * (size_t)tl->buckets + (size_t)k]);
    }
}

/* points[].timeline: null without --interval. */
static void add_timeline(struct jb *b, cJSON *o, const struct sim_point_result *p)
{
    const struct sim_timeline *tl = p->timeline;
    if (!tl) {
        add_null(b, o, "timeline");
        return;
    }
    cJSON *arr = add_arr(b, o, "timeline");
    for (size_t i = 0; i < tl->n; i++) {
        const struct sim_timeline_row *r = &tl->rows[i];
        cJSON *rj = new_item(b, arr);
        add_num(b, rj, "start_s", r->start_s);
        add_num(b, rj, "length_s", r->length_s);
        add_num(b, rj, "small_iops", r->small_iops);
        add_num(b, rj, "large_mbps", r->large_mbps);
        add_num(b, rj, "phys_iops", r->phys_iops);
        add_num(b, rj, "phys_mbps", r->phys_mbps);
        add_row_lat(b, rj, "small_lat_us", sim_point_class_ran(p, WL_SMALL) &&
                    r->lat[WL_SMALL].count > 0, &r->lat[WL_SMALL]);
        add_row_lat(b, rj, "large_lat_us", sim_point_class_ran(p, WL_LARGE) &&
                    r->lat[WL_LARGE].count > 0, &r->lat[WL_LARGE]);
        static const char *const dir_keys[WL_CLASSES][2] = {
            [WL_SMALL] = { "small_read_lat_us", "small_write_lat_us" },
            [WL_LARGE] = { "large_read_lat_us", "large_write_lat_us" },
        };
        for (int c = 0; c < WL_CLASSES; c++)
            for (int d = 0; d < 2; d++)
                add_row_lat(b, rj, dir_keys[c][d], r->lat_dir[c][d].count > 0,
                            &r->lat_dir[c][d]);
        add_str(b, rj, "limited_by", sim_limit_id(r->limited_by));
        add_row_disks(b, rj, tl, i);
        add_row_buckets(b, rj, tl, i);
        add_row_open(b, rj, p, r);
    }
}

/* points[].open: null for a closed-loop point (engine.h, stats.h). */
static void add_point_open(struct jb *b, cJSON *o, const struct sim_point_result *p)
{
    const struct sim_open_result *op = &p->open;
    if (!op->on) {
        add_null(b, o, "open");
        return;
    }
    cJSON *x = add_obj(b, o, "open");
    add_open_pair(b, x, op, "offered_small_iops", "offered_large_mbps",
                  op->offered[WL_SMALL], op->offered[WL_LARGE]);
    add_open_pair(b, x, op, "delivered_small_iops", "delivered_large_mbps",
                  op->delivered[WL_SMALL], op->delivered[WL_LARGE]);
    add_open_pair(b, x, op, "small_unmet_frac", "large_unmet_frac",
                  op->unmet_frac[WL_SMALL], op->unmet_frac[WL_LARGE]);
    add_open_pair(b, x, op, "small_arrivals", "large_arrivals",
                  (double)op->arrivals[WL_SMALL], (double)op->arrivals[WL_LARGE]);
    add_open_pair(b, x, op, "small_delayed", "large_delayed",
                  (double)op->delayed[WL_SMALL], (double)op->delayed[WL_LARGE]);
    add_u64(b, x, "backlog_end", op->backlog_end);
    add_num(b, x, "max_outstanding", op->max_outstanding);
}

/* config.open: the open-loop load, null for ORION's closed loop. */
static void add_config_open(struct jb *b, cJSON *c, const struct sim_open_load *ol)
{
    if (!sim_open_load_on(ol)) {
        add_null(b, c, "open");
        return;
    }
    cJSON *x = add_obj(b, c, "open");
    add_num(b, x, "small_iops", ol->small_iops);
    add_num(b, x, "large_mbps", ol->large_mbps);
    add_str(b, x, "arrivals", ol->arrivals == SIM_ARRIVALS_CONSTANT
                                  ? "constant" : "poisson");
    add_num(b, x, "max_outstanding", sim_open_max_outstanding(ol));
}

/* A database workload's point: "classes", each class's name, group,
   load and figures (reads and writes together, and each direction), and
   in open loop what was offered (report_classes.c prints the same). */
static void add_point_classes(struct jb *b, cJSON *o,
                              const struct sim_point_result *p,
                              const struct sim_run_cfg *run)
{
    cJSON *arr = add_arr(b, o, "classes");
    for (int c = 0; c < p->n_classes && c < run->workload.n_classes; c++) {
        const struct sim_class_result *r = &p->cls[c];
        bool ran = sim_point_class_measured(p, c);
        cJSON *x = new_item(b, arr);
        add_str(b, x, "name", run->db.class_name[c]);
        add_str(b, x, "group", report_class_group(run, c));
        if (run->db.load.rate_iops[c] > 0)
            add_num(b, x, "rate_iops", run->db.load.rate_iops[c]);
        else
            add_num(b, x, "load", run->db.load.load[c]);
        add_num(b, x, "iops", r->iops);
        add_num(b, x, "mbps", r->mbps);
        add_u64(b, x, "ios", r->ios);
        add_u64(b, x, "errors", r->errors);
        add_lat(b, x, "lat_us", ran, &r->lat);
        add_lat(b, x, "read_lat_us", ran && r->lat_dir[SIM_READ].count > 0,
                &r->lat_dir[SIM_READ]);
        add_lat(b, x, "write_lat_us", ran && r->lat_dir[SIM_WRITE].count > 0,
                &r->lat_dir[SIM_WRITE]);
        if (p->open.on && run->db.load.rate_iops[c] > 0) {
            cJSON *op = add_obj(b, x, "open");
            add_num(b, op, "offered_iops", p->open.offered[c]);
            add_num(b, op, "unmet_frac", p->open.unmet_frac[c]);
            add_u64(b, op, "delayed", p->open.delayed[c]);
        }
    }
}

/* The classes' targets at point p: each with what the class got and
   whether it was met (report_need_judge). */
static void add_point_needs(struct jb *b, cJSON *o,
                            const struct sim_point_result *p,
                            const struct sim_run_cfg *run)
{
    static const char *const kinds[] = { "iops", "mbps", "latency_us" };
    if (run->db.n_needs == 0)
        return;
    cJSON *arr = add_arr(b, o, "targets");
    for (int i = 0; i < run->db.n_needs; i++) {
        const struct sim_class_need *need = &run->db.needs[i];
        double got;
        bool met = report_need_judge(need, p, &got);
        cJSON *x = new_item(b, arr);
        add_str(b, x, "class", run->db.class_name[need->cls]);
        add_str(b, x, "what", kinds[need->kind]);
        if (need->kind == SIM_NEED_LATENCY)
            add_str(b, x, "stat", report_lat_stat_name(need->stat));
        add_num(b, x, "need", need->value);
        add_num(b, x, "got", got);
        add_bool(b, x, "met", met);
    }
}

static void add_points(struct jb *b, cJSON *parent,
                       const struct sim_run_result *run,
                       const struct sim_run_cfg *cfg)
{
    const struct dev_ops *backend = cfg->backend;
    bool real = dev_has(backend, DEV_CAP_HOST_CPU);

    cJSON *arr = add_arr(b, parent, "points");

    for (int i = 0; i < run->n_points; i++) {
        const struct sim_point_result *p = &run->points[i];
        cJSON *o = new_item(b, arr), *disks;

        add_num(b, o, "small", p->small);
        add_num(b, o, "large", p->large);
        add_num(b, o, "mbps", p->cls[WL_LARGE].mbps);
        add_num(b, o, "iops", p->cls[WL_SMALL].iops);
        add_num(b, o, "large_iops", p->cls[WL_LARGE].iops);
        add_num(b, o, "phys_mbps", p->phys_mbps);
        add_num(b, o, "phys_iops", p->phys_iops);
        add_num(b, o, "measured_s", p->measured_s);
        add_bool(b, o, "converged", p->converged);
        add_bool(b, o, "incomplete", p->incomplete);
        add_num(b, o, "ci_halfwidth", p->ci_halfwidth_frac);
        add_u64(b, o, "errors", p->errors);
        add_str(b, o, "limited_by", sim_limit_id(p->limited_by));
        bool small = sim_point_class_measured(p, WL_SMALL);
        bool large = sim_point_class_measured(p, WL_LARGE);
        add_lat(b, o, "small_lat_us", small, &p->cls[WL_SMALL].lat);
        add_lat(b, o, "large_lat_us", large, &p->cls[WL_LARGE].lat);
        add_dir_lats(b, o, p, WL_SMALL, small);
        add_dir_lats(b, o, p, WL_LARGE, large);
        add_point_burst(b, o, p);
        if (sim_run_db(cfg)) {
            add_point_classes(b, o, p, cfg);
            add_point_needs(b, o, p, cfg);
        }
        else
            add_point_open(b, o, p);
        if (real)
            add_real_point(b, o, p, backend);
        if (p->n_hosts > 0)
            add_point_hosts(b, o, p, cfg);
        if (o == NULL)
            continue;
        disks = add_arr(b, o, "disks");
        for (int d = 0; p->disk != NULL && d < p->disks; d++) {
            const struct sim_disk_result *r = &p->disk[d];
            cJSON *dj = new_item(b, disks);

            add_num(b, dj, "disk", d);
            add_num(b, dj, "mbps", r->mbps);
            add_num(b, dj, "iops", r->iops);
            add_num(b, dj, "avg_lat_us", r->avg_lat_us);
            add_num(b, dj, "p99_lat_us", r->p99_lat_us);
            add_u64(b, dj, "errors", r->errors);
        }
        add_timeline(b, o, p);
    }
}

/* A database workload's classes and groups as configured: each class's
   sizes (bytes and weights), pattern, write share, skew and loop; each
   group's disks, volume and layout. */
static void add_config_class(struct jb *b, cJSON *x, const struct sim_run_cfg *run,
                             int c)
{
    const struct wl_class_cfg *k = &run->workload.classes[c];
    static const char *const skew[] = { "uniform", "hot", "zipf" };
    add_str(b, x, "name", run->db.class_name[c]);
    add_str(b, x, "group", report_class_group(run, c));
    cJSON *sizes = add_arr(b, x, "sizes");
    for (int i = 0; i < k->sizes.n; i++) {
        cJSON *sz = new_item(b, sizes);
        add_u64(b, sz, "bytes", k->sizes.bytes[i]);
        add_u64(b, sz, "weight", k->sizes.weight[i]);
    }
    add_str(b, x, "pattern", k->pattern == WL_SEQUENTIAL ? "sequential" : "random");
    add_num(b, x, "write_pct", k->write_pct);
    add_str(b, x, "skew", skew[k->skew]);
    if (k->skew == WL_SKEW_HOT) {
        add_num(b, x, "hot_frac", k->hot_frac);
        add_num(b, x, "hot_share", k->hot_share);
    } else if (k->skew == WL_SKEW_ZIPF) {
        add_num(b, x, "zipf_theta", k->zipf_theta);
    }
    const struct sim_class_load *l = &run->db.load;
    if (l->rate_iops[c] > 0) {
        add_str(b, x, "loop", "open");
        add_num(b, x, "rate_iops", l->rate_iops[c]);
        add_str(b, x, "arrivals", l->arrivals[c] == SIM_ARRIVALS_CONSTANT
                                      ? "constant" : "poisson");
    } else {
        add_str(b, x, "loop", "closed");
        add_num(b, x, k->pattern == WL_SEQUENTIAL ? "streams" : "outstanding",
                l->load[c]);
        if (k->pattern == WL_SEQUENTIAL)
            add_num(b, x, "stream_io", l->stream_io[c]);
    }
}

static void add_config_db(struct jb *b, cJSON *c, const struct sim_setup *cfg)
{
    const struct sim_run_cfg *run = &cfg->run;
    cJSON *arr = add_arr(b, c, "classes");
    for (int k = 0; k < run->workload.n_classes; k++)
        add_config_class(b, new_item(b, arr), run, k);
    arr = add_arr(b, c, "groups");
    for (int g = 0; g < run->db.n_groups; g++) {
        const struct sim_db_group *dg = &run->db.groups[g];
        cJSON *x = new_item(b, arr);
        add_str(b, x, "name", dg->name);
        add_num(b, x, "disks", dg->disks);
        add_str(b, x, "volume", cfg->group_volume[g].spec);
        add_str(b, x, "striping", lay_striping_name(dg->layout.striping));
        add_u64(b, x, "au_bytes", dg->layout.au_bytes);
        add_str(b, x, "redundancy", lay_redundancy_name(dg->layout.redundancy));
    }
}

/* What the prices were taken for (--os, --memory, --region): null each
   on real devices, which are not priced; region null for OCI's list,
   which has none. */
static void add_config_prices(struct jb *b, cJSON *c, const struct price_bill *bill)
{
    const char *region = report_price_region(bill);

    if (bill->disks > 0)
        add_str(b, c, "os", price_os_name(bill->os));
    else
        add_null(b, c, "os");
    if (bill->disks > 0 && bill->memory_gb > 0)
        add_num(b, c, "memory_gb", bill->memory_gb);
    else
        add_null(b, c, "memory_gb");
    if (region)
        add_str(b, c, "region", region);
    else
        add_null(b, c, "region");
}

/* config.sweep_over: {"param": "size-large", "values": ["64KiB", ...]}
   for the runs a sweep --over made, or null for a sweep over disk
   counts. */
static void add_sweep_over(struct jb *b, cJSON *config,
                           const struct sim_sweep_over *over, int n_runs)
{
    if (over == NULL) {
        add_null(b, config, "sweep_over");
        return;
    }
    cJSON *o = add_obj(b, config, "sweep_over");
    add_str(b, o, "param", over->param);
    cJSON *arr = add_arr(b, o, "values");
    for (int i = 0; arr != NULL && i < n_runs && i < over->n; i++) {
        cJSON *v = cJSON_CreateString(over->value[i]);
        if (v == NULL || !cJSON_AddItemToArray(arr, v)) {
            cJSON_Delete(v);
            b->oom = true;
        }
    }
}

static void add_config(struct jb *b, cJSON *root, const struct sim_setup *cfg,
                       int disks, const struct sim_sweep_result *sweep)
{
    const struct inst_profile *in = &cfg->instance;
    const struct vol_profile *v = &cfg->volume;
    const struct lay_cfg *l = &cfg->run.layout;
    const struct wl_cfg *w = &cfg->run.workload;
    const struct wl_matrix_cfg *m = &cfg->run.matrix;
    const struct sim_point_opts *o = &cfg->run.point;
    cJSON *c = add_obj(b, root, "config"), *x;

    add_num(b, c, "disks", disks);
    if (sweep != NULL) {
        x = add_arr(b, c, "sweep_disks");
        for (int i = 0; x != NULL && i < sweep->n_runs; i++) {
            cJSON *n = cJSON_CreateNumber(sweep->runs[i]->disks);
            if (n == NULL || !cJSON_AddItemToArray(x, n)) {
                cJSON_Delete(n);
                b->oom = true;
            }
        }
        add_sweep_over(b, c, cfg->over, sweep->n_runs);
    }
    add_str(b, c, "backend", cfg->run.backend ? cfg->run.backend->name : NULL);
    if (cfg->run.disk_names != NULL) {         /* real devices: their paths */
        x = add_arr(b, c, "targets");
        for (int i = 0; x != NULL && i < disks; i++) {
            cJSON *t = cJSON_CreateString(cfg->run.disk_names[i]);
            if (t == NULL || !cJSON_AddItemToArray(x, t)) {
                cJSON_Delete(t);
                b->oom = true;
            }
        }
    }

    x = add_obj(b, c, "instance");
    add_str(b, x, "name", in->name);
    add_str(b, x, "provider", in->provider);
    add_bool(b, x, "burst", in->burst);
    add_num(b, x, "base_mbps", in->base_bytes_per_s / 1e6);
    add_num(b, x, "max_mbps", in->max_bytes_per_s / 1e6);
    add_num(b, x, "base_iops", in->base_iops);
    add_num(b, x, "max_iops", in->max_iops);

    x = add_obj(b, c, "volume");
    add_str(b, x, "type", v->type);
    add_str(b, x, "spec", v->spec);
    add_u64(b, x, "size_bytes", v->size_bytes);
    add_num(b, x, "iops", v->iops_base);
    add_num(b, x, "iops_burst", v->iops_burst);
    add_num(b, x, "throughput_mibps", v->tput_base_bytes_per_s / (double)MIB);
    add_num(b, x, "price_usd_month", v->price_usd_month);
    add_bool(b, x, "instance_store", v->instance_store);
    add_num(b, x, "delivered_iops_frac", v->delivered_iops_frac);
    add_num(b, x, "delivered_tput_frac", v->delivered_tput_frac);

    x = add_obj(b, c, "layout");
    add_str(b, x, "striping", lay_striping_name(l->striping));
    add_u64(b, x, "au_bytes", l->au_bytes);
    add_u64(b, x, "stripe_bytes", l->stripe_bytes);
    add_str(b, x, "redundancy", lay_redundancy_name(l->redundancy));
    add_num(b, x, "failgroups", l->failgroups > 0 ? l->failgroups : disks);
    add_bool(b, x, "failgroup_per_disk", l->failgroups == 0);

    x = add_obj(b, c, "workload");
    add_num(b, x, "small_bytes", w->small_bytes);
    add_num(b, x, "large_bytes", w->large_bytes);
    add_str(b, x, "large_type", w->large_type == WL_LARGE_SEQ ? "seq" : "rand");
    add_num(b, x, "stream_io", o->stream_io);
    add_num(b, x, "write_pct", w->write_pct);

    x = add_obj(b, c, "matrix");
    add_str(b, x, "run", wl_run_name(m->run));
    add_str(b, x, "matrix", wl_matrix_name(m->matrix));
    if (m->num_small >= 0)
        add_num(b, x, "num_small", m->num_small);
    else
        add_null(b, x, "num_small");
    if (m->num_large >= 0)
        add_num(b, x, "num_large", m->num_large);
    else
        add_null(b, x, "num_large");

    if (o->auto_duration) {
        add_str(b, c, "duration_s", "auto");
        add_num(b, c, "max_duration_s", (double)o->duration_ns / 1e9);
    } else {
        add_num(b, c, "duration_s", (double)o->duration_ns / 1e9);
    }
    add_num(b, c, "ci_target", o->ci_target);
    if (o->warmup_ns == SIM_WARMUP_AUTO)
        add_str(b, c, "warmup", "auto");
    else
        add_num(b, c, "warmup", (double)o->warmup_ns / 1e9);
    add_u64(b, c, "cache_bytes", o->cache_warm_bytes);
    add_num(b, c, "burst_credits", cfg->run.burst_credit_frac);
    add_bool(b, c, "burst_credits_carry", cfg->run.burst_carry);
    add_u64(b, c, "seed", cfg->run.seed);
    add_config_prices(b, c, &cfg->bill);
    add_config_open(b, c, &cfg->run.open);
    if (sim_run_db(&cfg->run))
        add_config_db(b, c, cfg);
}

/* "readings": the sentences the terminal prints, made by the code that
   prints them, so that the HTML report (html.h), which is generated from
   this document, says the same: "summary", ORION's three lines and the
   remarks after them (report_summary_remarks) one string
   each; "sweep", the sweep's reading line (report_sweep_reading), null
   for a run. */
static void add_reading_lines(struct jb *b, cJSON *arr, const char *text)
{
    for (const char *line = text; arr != NULL && *line; ) {
        size_t len = strcspn(line, "\n");
        char *one = strndup(line, len);
        cJSON *s = one ? cJSON_CreateString(one) : NULL;
        free(one);
        if (s == NULL || !cJSON_AddItemToArray(arr, s)) {
            cJSON_Delete(s);
            b->oom = true;
            return;
        }
        line += len + (line[len] == '\n');
    }
}

static void add_readings(struct jb *b, cJSON *root, const struct sim_setup *cfg,
                         const struct sim_run_result *last,
                         const struct sim_sweep_result *sweep)
{
    cJSON *o = add_obj(b, root, "readings");
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);

    if (mem == NULL) {
        b->oom = true;
        return;
    }
    if (last->summary.open) {
        report_open_lines(mem, &last->points[0], cfg->run.open.arrivals);
    } else {
        report_summary_remarks(mem, &last->summary);
    }
    if (fclose(mem) != 0)
        b->oom = true;
    add_reading_lines(b, add_arr(b, o, "summary"), text ? text : "");
    free(text);
    if (sweep == NULL) {
        add_null(b, o, "sweep");
        return;
    }
    text = NULL;
    if ((mem = open_memstream(&text, &len)) == NULL) {
        b->oom = true;
        return;
    }
    report_sweep_reading(mem, cfg, sweep);
    if (fclose(mem) != 0)
        b->oom = true;
    len = text ? strcspn(text, "\n") : 0;
    if (text)
        text[len] = '\0';              /* one line */
    add_str(b, o, "sweep", text ? text : "");
    free(text);
}

/* The cost document root (freed here) as text into *out; oom: building
   it ran out of memory (root may then be NULL). */
static int cost_doc_text(cJSON *root, bool oom, char **out, char *why, size_t why_len)
{
    *out = oom ? NULL : report_json_print(root);
    cJSON_Delete(root);
    if (*out == NULL) {
        snprintf(why, why_len, "cannot build the cost JSON: %s", strerror(ENOMEM));
        return -ENOMEM;
    }
    return 0;
}

/* "cost": the monthly bill of the configuration at `disks` volumes
   (prices.h; null on real devices, which are not priced).  A figure that
   is not known is null: the instance's when it is not priced (or there is
   none), and then the total too unless there is no instance. */
static void add_cost(struct jb *b, cJSON *parent, const struct price_bill *unit, int disks,
                     const struct sim_setup *db)
{
    if (unit->disks <= 0) {
        add_null(b, parent, "cost");
        return;
    }
    struct price_bill bill = price_bill_at(unit, disks);
    if (db != NULL)             /* a database workload's groups, each priced */
        report_db_bill(db, disks, &bill);
    cJSON *x = add_obj(b, parent, "cost");
    add_str(b, x, "prices", bill.prices_list);
    add_str(b, x, "prices_date", bill.prices_date);
    add_str(b, x, "os", price_os_name(bill.os));
    add_num(b, x, "hours_per_month", bill.hours_per_month);
    if (bill.instance_priced)
        add_num(b, x, "instance_usd_month", bill.instance_usd_month);
    else
        add_null(b, x, "instance_usd_month");
    add_str(b, x, "instance_basis", bill.instance_basis);
    if (bill.memory_gb > 0)
        add_num(b, x, "memory_gb", bill.memory_gb);
    else
        add_null(b, x, "memory_gb");
    add_bool(b, x, "memory_default", bill.memory_default);
    add_num(b, x, "disks", bill.disks);
    add_num(b, x, "volume_usd_month", bill.volume_usd_month);
    add_str(b, x, "volume_basis", bill.volume_basis);
    add_num(b, x, "volumes_usd_month", bill.volumes_usd_month);
    if (price_bill_total_known(&bill))
        add_num(b, x, "total_usd_month", bill.total_usd_month);
    else
        add_null(b, x, "total_usd_month");
}

int report_cost_json_text(const struct report_meta *meta, const struct inst_profile *in,
                          const struct vol_profile *v, const struct price_bill *bill,
                          char **out, char *why, size_t why_len)
{
    struct jb b = {false};
    cJSON *root = cJSON_CreateObject();

    if (root == NULL)
        return cost_doc_text(NULL, true, out, why, why_len);
    add_str(&b, root, "asmsim_version", meta->version);
    add_str(&b, root, "command", meta->command_line);
    add_str(&b, root, "instance", in->name);
    add_str(&b, root, "volume", v->spec);
    add_cost(&b, root, bill, bill->disks, NULL);
    return cost_doc_text(root, b.oom, out, why, why_len);
}

/* The parts of one document, made by tasks that may run on several
   threads (jobs.h): task 0 the root with everything before "sweep"
   (last: the run whose summary and points are the top level's), task
   1 + i the text of sweep[] element for the run n_runs - 1 - i, the
   largest first so that the threads finish together.  Each element is
   printed where it sits in the document (json_print.h) and goes back
   into it as a raw item, which prints as the element would. */
struct doc_parts {
    const struct report_meta *meta;
    const struct sim_setup *cfg;
    const struct sim_run_result *run, *last;
    const struct sim_sweep_result *sweep;
    cJSON *root;
    bool root_oom;
    char **run_text;            /* [n_runs]; NULL: out of memory */
};

/* config.sweep_skipped: [{"disks": 1, "reason": "..."}], the disk counts
   a sweep did not run (report_skip); [] when it ran them all. */
static void add_skipped(struct jb *b, cJSON *config, const struct report_meta *meta)
{
    cJSON *arr = config ? add_arr(b, config, "sweep_skipped") : NULL;

    for (int i = 0; arr != NULL && i < meta->n_skipped; i++) {
        cJSON *o = cJSON_CreateObject();
        if (o == NULL || !cJSON_AddItemToArray(arr, o)) {
            cJSON_Delete(o);
            b->oom = true;
            return;
        }
        add_num(b, o, "disks", meta->skipped[i].disks);
        add_str(b, o, "reason", meta->skipped[i].why);
    }
}

/* config.options: the options every output echoes (report_meta.echo:
   {"label": "nightly"}), absent when none was given. */
static void add_echo(struct jb *b, cJSON *config, const struct report_meta *meta)
{
    cJSON *x = config && meta->n_echo > 0 ? add_obj(b, config, "options") : NULL;

    for (int i = 0; x != NULL && i < meta->n_echo; i++)
        add_str(b, x, meta->echo[i].name, meta->echo[i].value);
}

static double doc_wall_seconds(const struct doc_parts *d)
{
    double wall_s = 0;

    if (d->sweep == NULL)
        return d->run->wall_s;
    for (int i = 0; i < d->sweep->n_runs; i++)
        wall_s += d->sweep->runs[i]->wall_s;
    return wall_s;
}

/* A modelled cluster (--nodes): how many nodes, and their names as the
   points' hosts[] give them (node_stats.c). */
static void add_nodes(struct jb *b, cJSON *root, int nodes)
{
    cJSON *o = add_obj(b, root, "cluster");
    add_bool(b, o, "modelled", true);
    add_num(b, o, "nodes", nodes);
    cJSON *hosts = add_arr(b, o, "hosts");
    for (int r = 0; hosts && r < nodes; r++) {
        char name[32];
        sim_node_name(r, name, sizeof name);
        cJSON *s = cJSON_CreateString(name);
        if (!s || !cJSON_AddItemToArray(hosts, s))
            b->oom = true;
    }
}

/* Each rank's targets ('\n' between two) as an array of arrays. */
static void add_rank_targets(struct jb *b, cJSON *o, const struct report_meta *meta)
{
    cJSON *all = add_arr(b, o, "targets");
    for (int r = 0; all && r < meta->n_rank_targets; r++) {
        cJSON *one = cJSON_CreateArray();
        if (!one || !cJSON_AddItemToArray(all, one)) {
            cJSON_Delete(one);
            b->oom = true;
            return;
        }
        for (const char *p = meta->rank_targets[r]; *p;) {
            size_t len = strcspn(p, "\n");
            char *path = strndup(p, len);
            cJSON *s = path ? cJSON_CreateString(path) : NULL;
            free(path);
            if (!s || !cJSON_AddItemToArray(one, s)) {
                cJSON_Delete(s);
                b->oom = true;
            }
            p += len + (p[len] == '\n');
        }
    }
}

/* Under mpirun: the ranks that measured together, their hosts and
   targets; or a modelled cluster's nodes (--nodes). */
static void add_cluster(struct jb *b, cJSON *root, const struct cluster *c, int nodes,
                        const struct report_meta *meta)
{
    if (nodes > 1) {
        add_nodes(b, root, nodes);
        return;
    }
    if (cluster_size(c) <= 1)
        return;
    cJSON *o = add_obj(b, root, "cluster");
    add_num(b, o, "ranks", cluster_size(c));
    cJSON *hosts = add_arr(b, o, "hosts");
    for (int r = 0; hosts && r < cluster_size(c); r++) {
        cJSON *s = cJSON_CreateString(cluster_host_of(c, r));
        if (!s || !cJSON_AddItemToArray(hosts, s))
            b->oom = true;
    }
    if (meta && meta->n_rank_targets == cluster_size(c))
        add_rank_targets(b, o, meta);
}

/* "failure" and "add_disks": a run's failure phases and its disks added
   (report_fail.c), when it had them. */
static void add_failure(struct jb *b, cJSON *o, const struct sim_run_result *r,
                        const struct sim_run_cfg *cfg)
{
    const char *key[2] = { "failure", "add_disks" };
    for (int k = 0; k < 2; k++) {
        if (!(k ? r->add : r->fail))
            continue;
        cJSON *x = k ? report_add_json(r, cfg) : report_fail_json(r, cfg);
        if (!x || !cJSON_AddItemToObject(o, key[k], x)) {
            cJSON_Delete(x);
            b->oom = true;
        }
    }
}

/* "dashboard_failure": a dashboard's save while a disk had failed
   (report_fail.c). */
static void add_live_failure(struct jb *b, cJSON *o, const struct report_meta *meta)
{
    if (!meta || !meta->live_fail || meta->live_fail->phase == SIM_PHASE_BEFORE)
        return;
    cJSON *x = report_live_fail_json(meta->live_fail);
    if (!x || !cJSON_AddItemToObject(o, "dashboard_failure", x)) {
        cJSON_Delete(x);
        b->oom = true;
    }
}

static void build_root(struct doc_parts *d)
{
    struct jb b = {false};
    const struct sim_run_result *last = d->last;
    char started[32];

    report_meta_started(d->meta, started, sizeof started);
    d->root = cJSON_CreateObject();
    if (d->root == NULL) {
        d->root_oom = true;
        return;
    }
    add_str(&b, d->root, "asmsim_version", d->meta->version);
    add_str(&b, d->root, "testname", d->meta->testname);
    add_str(&b, d->root, "command", d->meta->command_line);
    add_str(&b, d->root, "started", started);
    add_num(&b, d->root, "wall_seconds", doc_wall_seconds(d));
    /* a sweep --over: the configuration of its last run, which the
       summary and points are, and what the runs varied */
    const struct sim_setup *cfg = d->sweep ? sim_setup_of_run(d->cfg, d->sweep->n_runs - 1)
                                           : d->cfg;
    struct sim_setup with_over;
    if (cfg != d->cfg) {
        with_over = *cfg;
        with_over.over = d->cfg->over;
        cfg = &with_over;
    }
    add_config(&b, d->root, cfg, last->disks, d->sweep);
    if (d->sweep != NULL)
        add_skipped(&b, cJSON_GetObjectItemCaseSensitive(d->root, "config"),
                    d->meta);
    add_echo(&b, cJSON_GetObjectItemCaseSensitive(d->root, "config"), d->meta);
    add_cost(&b, d->root, &cfg->bill, last->disks, cfg);
    add_summary(&b, d->root, last, cfg);
    add_points(&b, d->root, last, &cfg->run);
    add_cluster(&b, d->root, cfg->run.cluster, cfg->run.nodes, d->meta);
    add_failure(&b, d->root, last, &cfg->run);
    add_live_failure(&b, d->root, d->meta);
    if (last->failed)
        add_str(&b, d->root, "failed", last->failed_why);
    add_bool(&b, d->root, "incomplete", d->sweep ? d->sweep->incomplete
                                                 : d->run->incomplete);
    d->root_oom = b.oom;
}

/* sweep[i]: one run of the sweep, as text two levels deep. */
static char *sweep_run_text(const struct sim_setup *swept, int i,
                            const struct sim_run_result *r)
{
    struct jb b = {false};
    cJSON *o = cJSON_CreateObject();
    const struct sim_setup *cfg = sim_setup_of_run(swept, i);
    char *text = NULL;

    if (o == NULL)
        return NULL;
    add_num(&b, o, "disks", r->disks);
    if (swept->over)
        add_str(&b, o, "swept_value", swept->over->value[i]);
    else
        add_null(&b, o, "swept_value");
    add_cost(&b, o, &cfg->bill, r->disks, cfg);
    add_summary(&b, o, r, cfg);
    add_points(&b, o, r, &cfg->run);
    add_failure(&b, o, r, &cfg->run);
    add_bool(&b, o, "incomplete", r->incomplete);
    if (!b.oom)
        text = report_json_print_at(o, 2);
    cJSON_Delete(o);
    return text;
}

static void doc_part_task(void *arg, long i)
{
    struct doc_parts *d = arg;

    if (i == 0) {
        build_root(d);
        return;
    }
    long run = d->sweep->n_runs - i;
    d->run_text[run] = sweep_run_text(d->cfg, (int)run, d->sweep->runs[run]);
}

/* A raw item holding text, which it takes over (NULL, text freed, when
   out of memory).  cJSON_CreateRaw would copy the megabytes of a run;
   the item frees its text with cJSON's deallocator, free() (this program
   sets no cJSON hooks), so a malloc'ed text can be handed over. */
static cJSON *raw_taking(char *text)
{
    cJSON *raw = text ? cJSON_CreateRaw("") : NULL;

    if (raw == NULL) {
        free(text);
        return NULL;
    }
    cJSON_free(raw->valuestring);
    raw->valuestring = text;
    return raw;
}

/* "sweep": the texts of the tasks, in the order of the runs (each
   handed over to its item). */
static void add_sweep_texts(struct jb *b, cJSON *root, struct doc_parts *d)
{
    cJSON *arr = add_arr(b, root, "sweep");

    for (int i = 0; arr != NULL && i < d->sweep->n_runs; i++) {
        cJSON *raw = raw_taking(d->run_text[i]);
        d->run_text[i] = NULL;
        if (raw == NULL || !cJSON_AddItemToArray(arr, raw)) {
            cJSON_Delete(raw);
            b->oom = true;
        }
    }
}

int report_json_text(const struct report_meta *meta,
                     const struct sim_setup *cfg,
                     const struct sim_run_result *run,
                     const struct sim_sweep_result *sweep, char **out,
                     char *why, size_t why_len)
{
    struct doc_parts d = { meta, cfg, run, run, sweep, NULL, false, NULL };
    struct jb b = {false};
    long n_runs = sweep ? sweep->n_runs : 0;
    char *text = NULL;

    *out = NULL;
    if (n_runs > 0)
        d.last = sweep->runs[n_runs - 1];
    if (d.last == NULL) {
        snprintf(why, why_len, "no results to write: neither a run "
                               "nor a sweep with runs was given");
        return -EINVAL;
    }
    if (n_runs > 0 && (d.run_text = calloc((size_t)n_runs, sizeof *d.run_text)) == NULL)
        goto oom;
    sim_parallel_for(1 + n_runs, cfg->run.jobs, doc_part_task, &d);
    b.oom = d.root_oom;
    if (sweep != NULL && d.root != NULL)
        add_sweep_texts(&b, d.root, &d);
    if (d.root != NULL)
        add_readings(&b, d.root, cfg, d.last, sweep);
    if (!b.oom)
        text = report_json_print(d.root);

oom:
    cJSON_Delete(d.root);
    for (long i = 0; d.run_text != NULL && i < n_runs; i++)
        free(d.run_text[i]);
    free(d.run_text);
    if (text == NULL) {
        snprintf(why, why_len, "cannot build the results JSON: %s", strerror(ENOMEM));
        return -ENOMEM;
    }
    *out = text;
    return 0;
}

int report_json_write(const char *path, const struct report_meta *meta,
                      const struct sim_setup *cfg,
                      const struct sim_run_result *run,
                      const struct sim_sweep_result *sweep,
                      char *why, size_t why_len)
{
    char *text;
    int rc = report_json_text(meta, cfg, run, sweep, &text, why, why_len);

    if (rc < 0)
        return rc;
    rc = report_json_write_text(path, text, why, why_len);
    free(text);
    return rc;
}

int report_json_write_text(const char *path, const char *text, char *why,
                           size_t why_len)
{
    return report_write_text(path, text, "results JSON", why, why_len);
}
