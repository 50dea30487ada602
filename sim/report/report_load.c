/*
 * report_load.c - a results JSON (report_json.c) read back into struct
 * sim_setup (its sim_run_cfg), sim_run_result / sim_sweep_result and report_meta.
 *
 * The rule is the writer's, backwards: every key report_json.c writes is
 * read into the field it was written from, and what the writer derives
 * (a sweep's config.sweep_disks, the cost at each disk count, the
 * percentiles at the Minimum Small Latency point, "readings") is derived
 * again by the writer, not loaded.  So report_json_text() of what was
 * loaded gives the document byte for byte (tests/test_report_load.c
 * checks it over runs and sweeps of the model, and a real device's run):
 * numbers are parsed to the same double, and where the writer divides
 * (MB/s from bytes/s, s from ns) the loader finds the value that divides
 * back exactly.
 *
 * What the document does not hold is left as the structures' zero, or
 * derived where the reports need it:
 *   - a figure's I/O count: the latency's count is the sum of its
 *     hist_pow2 (the I/Os measured); cls[].ios and the disks' ios/bytes
 *     are 0; a timeline row's latency count is 1 where it has one;
 *   - the summary's physical figures come from the point they are at
 *     (max_*_phys_*), the sustained ones from the point's own figures
 *     when it drew on no bucket, else scaled as its logical I/O went
 *     down (points do not record their sustained physical figure): with
 *     mirroring (normal/high redundancy) a sweep's burst reading, which
 *     prints that share as a percentage, can then differ by 1 % from
 *     the written one, the one known break of byte equality;
 *   - a sweep's runs have no wall time each: the first holds the
 *     document's wall_seconds; device_ns, r->matrix (NULL: the points
 *     carry their loads) and a failure's errno (-EIO) are not recorded;
 *   - the configuration keeps what config holds; the volume spec and the
 *     instance name are resolved against this build's tables for the
 *     rest (profiles_resolved), the recorded fields then override them;
 *     the bill is rebuilt from "cost" alone; --interval is the first
 *     row's length; a real device's "generator_bound" is kept as an
 *     engine_busy_frac at the bound or 0; a layout file's failure-group
 *     map, the real devices' safety flags (--destroy-data, --create) and
 *     the dashboard's callbacks are not restored.
 */
#include "sim/report/report_load.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "layouts/units.h"
#include "sim/core/cpu_usage.h"
#include "sim/core/timeline.h"

/* Every allocation the loaded structures point into but do not own. */
struct report_load_store {
    void **ptr;
    size_t n, cap;
};

/* The loader's state: the first error wins, later reads return zeros. */
struct ld {
    struct report_load_store *st;
    const char *at;             /* "sweep[2].points[3]": where, for why */
    char *why;
    size_t why_len;
    int rc;
};

static void fail(struct ld *l, int rc, const char *fmt, ...)
{
    if (l->rc < 0)
        return;
    l->rc = rc;
    int n = snprintf(l->why, l->why_len, "%s%s", l->at, *l->at ? "." : "");
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < l->why_len)
        vsnprintf(l->why + n, l->why_len - (size_t)n, fmt, ap);
    va_end(ap);
}

static void *keep(struct ld *l, void *p)
{
    struct report_load_store *s = l->st;
    if (p != NULL && s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        void **grown = realloc(s->ptr, cap * sizeof *grown);
        if (grown == NULL) {
            free(p);
            p = NULL;
        } else {
            s->ptr = grown;
            s->cap = cap;
        }
    }
    if (p == NULL) {
        fail(l, -ENOMEM, "%s", strerror(ENOMEM));
        return NULL;
    }
    return s->ptr[s->n++] = p;
}

/* calloc'ed n x size, kept in the store (freed with it). */
static void *kept_array(struct ld *l, size_t n, size_t size)
{
    return keep(l, calloc(n ? n : 1, size));
}

static const char *kept_str(struct ld *l, const char *s)
{
    return s ? keep(l, strdup(s)) : NULL;
}

/* o[key], which must be there (null included). */
static const cJSON *item(struct ld *l, const cJSON *o, const char *key)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);
    if (x == NULL)
        fail(l, -EINVAL, "%s: missing", key);
    return x;
}

/* A number; null is NAN (the writer's non-finite, and "not asked"). */
static double num(struct ld *l, const cJSON *o, const char *key)
{
    const cJSON *x = item(l, o, key);
    if (cJSON_IsNumber(x))
        return x->valuedouble;
    if (x != NULL && !cJSON_IsNull(x))
        fail(l, -EINVAL, "%s: not a number", key);
    return NAN;
}

static bool has(struct ld *l, const cJSON *o, const char *key)
{
    const cJSON *x = item(l, o, key);
    return x != NULL && !cJSON_IsNull(x);
}

/* num, 0 for null */
static double num0(struct ld *l, const cJSON *o, const char *key)
{
    double v = num(l, o, key);
    return isnan(v) ? 0 : v;
}

static int inum(struct ld *l, const cJSON *o, const char *key)
{
    return (int)num0(l, o, key);
}

static bool boolean(struct ld *l, const cJSON *o, const char *key)
{
    const cJSON *x = item(l, o, key);
    if (x != NULL && !cJSON_IsBool(x))
        fail(l, -EINVAL, "%s: not true or false", key);
    return cJSON_IsTrue(x);
}

/* A string; NULL for null. */
static const char *str(struct ld *l, const cJSON *o, const char *key)
{
    const cJSON *x = item(l, o, key);
    if (cJSON_IsString(x))
        return x->valuestring;
    if (x != NULL && !cJSON_IsNull(x))
        fail(l, -EINVAL, "%s: not a string", key);
    return NULL;
}

static void str_into(struct ld *l, const cJSON *o, const char *key, char *buf,
                     size_t len)
{
    const char *s = str(l, o, key);
    snprintf(buf, len, "%s", s ? s : "");
}

/* The writer's add_u64: a number up to 2^53, a decimal string beyond. */
static uint64_t u64(struct ld *l, const cJSON *o, const char *key)
{
    const cJSON *x = item(l, o, key);
    if (cJSON_IsString(x))
        return strtoull(x->valuestring, NULL, 10);
    return (uint64_t)num0(l, o, key);
}

/* v such that v / per == shown, as the writer printed it. */
static double times_exact(double shown, double per)
{
    double v = shown * per;
    for (int i = 0; i < 8 && v / per != shown; i++)
        v = nextafter(v, v / per < shown ? INFINITY : -INFINITY);
    return v;
}

/* ns such that ns / 1e9 == s, as the writer printed it. */
static sim_ns ns_exact(double s)
{
    sim_ns ns = (sim_ns)llround(s * 1e9);
    for (int i = 0; i < 8 && (double)ns / 1e9 != s; i++)
        ns += (double)ns / 1e9 < s ? 1 : -1;
    return ns;
}

/* A limit's id (sim_limit_id); *out untouched and false for null. */
static bool limit(struct ld *l, const cJSON *o, const char *key,
                  enum sim_limit *out)
{
    const char *id = str(l, o, key);
    if (id == NULL)
        return false;
    enum sim_limit lim = sim_limit_of_id(id);
    if (lim < SIM_LIMITS) {
        *out = lim;
        return true;
    }
    fail(l, -EINVAL, "%s: \"%s\" is not a limit", key, id);
    return false;
}

static const cJSON *array(struct ld *l, const cJSON *o, const char *key)
{
    const cJSON *x = item(l, o, key);
    if (x != NULL && !cJSON_IsArray(x) && !cJSON_IsNull(x))
        fail(l, -EINVAL, "%s: not an array", key);
    return cJSON_IsArray(x) ? x : NULL;
}

static struct wl_point at(struct ld *l, const cJSON *o, const char *key)
{
    const cJSON *x = item(l, o, key);
    struct wl_point p = { 0, 0 };
    if (x != NULL && !cJSON_IsNull(x)) {
        p.small = inum(l, x, "small");
        p.large = inum(l, x, "large");
    }
    return p;
}


/* ---- the configuration --------------------------------------------- */

static const struct dev_ops *backend_named(struct ld *l, const char *name,
                                           const struct dev_ops *const *backends)
{
    for (size_t i = 0; name && backends && backends[i]; i++)
        if (strcmp(backends[i]->name, name) == 0)
            return backends[i];
    fail(l, -EINVAL, "backend: \"%s\" is not a backend this program was "
         "given", name ? name : "null");
    return NULL;
}

/* The instance and volume: this build's profiles for the spec and name
   (what config does not record), then config's figures over them. */
static bool load_profiles(struct ld *l, const cJSON *c, struct sim_setup *cfg)
{
    const cJSON *in = item(l, c, "instance"), *v = item(l, c, "volume");
    struct inst_profile *ip = &cfg->instance;
    struct vol_profile *vp = &cfg->volume;
    const char *name = str(l, in, "name"), *spec = str(l, v, "spec");
    char why[256];
    bool found = name && spec && prof_instance_find(name, ip, why, sizeof why) == 0 &&
                 prof_volume_parse(spec, vp, why, sizeof why) == 0;

    if (!found) {               /* nothing of a half-found pair */
        memset(ip, 0, sizeof *ip);
        memset(vp, 0, sizeof *vp);
    }

    str_into(l, in, "name", ip->name, sizeof ip->name);
    str_into(l, in, "provider", ip->provider, sizeof ip->provider);
    ip->burst = boolean(l, in, "burst");
    ip->base_bytes_per_s = times_exact(num0(l, in, "base_mbps"), 1e6);
    ip->max_bytes_per_s = times_exact(num0(l, in, "max_mbps"), 1e6);
    ip->base_iops = num0(l, in, "base_iops");
    ip->max_iops = num0(l, in, "max_iops");
    str_into(l, v, "type", vp->type, sizeof vp->type);
    str_into(l, v, "spec", vp->spec, sizeof vp->spec);
    vp->size_bytes = u64(l, v, "size_bytes");
    vp->iops_base = num0(l, v, "iops");
    vp->iops_burst = num0(l, v, "iops_burst");
    vp->tput_base_bytes_per_s = num0(l, v, "throughput_mibps") * (double)MIB;
    vp->price_usd_month = num0(l, v, "price_usd_month");
    vp->instance_store = boolean(l, v, "instance_store");
    vp->delivered_iops_frac = num0(l, v, "delivered_iops_frac");
    vp->delivered_tput_frac = num0(l, v, "delivered_tput_frac");
    return found;
}

static void load_layout(struct ld *l, const cJSON *c, struct sim_setup *cfg)
{
    const cJSON *x = item(l, c, "layout");
    struct lay_cfg *lc = &cfg->run.layout;
    const char *striping = str(l, x, "striping"), *red = str(l, x, "redundancy");

    lay_cfg_defaults(lc, cfg->run.disks, cfg->volume.size_bytes);
    if (!striping || lay_striping_parse(striping, &lc->striping) < 0)
        fail(l, -EINVAL, "layout.striping: not a striping");
    if (!red || lay_redundancy_parse(red, &lc->redundancy) < 0)
        fail(l, -EINVAL, "layout.redundancy: not a redundancy");
    lc->au_bytes = u64(l, x, "au_bytes");
    lc->stripe_bytes = u64(l, x, "stripe_bytes");
    lc->failgroups = boolean(l, x, "failgroup_per_disk") ? 0 : inum(l, x, "failgroups");
}

static void load_workload(struct ld *l, const cJSON *c, struct sim_setup *cfg)
{
    const cJSON *w = item(l, c, "workload"), *m = item(l, c, "matrix");
    const char *type = str(l, w, "large_type");
    const char *run = str(l, m, "run"), *kind = str(l, m, "matrix");

    cfg->run.workload.small_bytes = (uint32_t)num0(l, w, "small_bytes");
    cfg->run.workload.large_bytes = (uint32_t)num0(l, w, "large_bytes");
    cfg->run.workload.large_type = type && strcmp(type, "seq") == 0 ? WL_LARGE_SEQ
                                                                : WL_LARGE_RAND;
    cfg->run.workload.write_pct = inum(l, w, "write_pct");
    cfg->run.workload.seed = cfg->run.seed;
    cfg->run.point.stream_io = inum(l, w, "stream_io");
    if (!run || wl_run_parse(run, &cfg->run.matrix.run) < 0)
        fail(l, -EINVAL, "matrix.run: not a run");
    if (!kind || wl_matrix_parse(kind, &cfg->run.matrix.matrix) < 0)
        fail(l, -EINVAL, "matrix.matrix: not a matrix");
    cfg->run.matrix.num_disks = cfg->run.disks;
    cfg->run.matrix.num_small = has(l, m, "num_small") ? inum(l, m, "num_small") : -1;
    cfg->run.matrix.num_large = has(l, m, "num_large") ? inum(l, m, "num_large") : -1;
}

/* duration_s (or "auto" and max_duration_s), ci_target, warmup,
   cache_bytes, the burst credits, the seed and the open-loop load. */
static void load_measuring(struct ld *l, const cJSON *c, struct sim_setup *cfg)
{
    struct sim_point_opts *o = &cfg->run.point;
    const cJSON *d = item(l, c, "duration_s"), *wu = item(l, c, "warmup");
    const cJSON *open = item(l, c, "open");

    o->auto_duration = cJSON_IsString(d);
    o->duration_ns = ns_exact(num0(l, c, o->auto_duration ? "max_duration_s" : "duration_s"));
    o->ci_target = num0(l, c, "ci_target");
    o->warmup_ns = cJSON_IsString(wu) ? SIM_WARMUP_AUTO : ns_exact(num0(l, c, "warmup"));
    o->cache_warm_bytes = u64(l, c, "cache_bytes");
    cfg->run.burst_credit_frac = num0(l, c, "burst_credits");
    cfg->run.burst_carry = boolean(l, c, "burst_credits_carry");
    cfg->run.seed = u64(l, c, "seed");
    if (open == NULL || cJSON_IsNull(open))
        return;
    const char *arrivals = str(l, open, "arrivals");
    cfg->run.open.small_iops = num0(l, open, "small_iops");
    cfg->run.open.large_mbps = num0(l, open, "large_mbps");
    cfg->run.open.arrivals = arrivals && strcmp(arrivals, "constant") == 0
                             ? SIM_ARRIVALS_CONSTANT : SIM_ARRIVALS_POISSON;
    cfg->run.open.max_outstanding = inum(l, open, "max_outstanding");
}

/* The bill at config.disks from the document's "cost" (null: real
   devices, no bill); the per-volume list price is the volume's. */
static void load_bill(struct ld *l, const cJSON *root, struct sim_setup *cfg)
{
    const cJSON *x = item(l, root, "cost");
    struct price_bill *b = &cfg->bill;
    const char *os;

    if (x == NULL || cJSON_IsNull(x))
        return;
    b->prices_list = kept_str(l, str(l, x, "prices"));
    b->prices_date = kept_str(l, str(l, x, "prices_date"));
    if ((os = str(l, x, "os")) == NULL || price_os_parse(os, &b->os) < 0)
        fail(l, -EINVAL, "cost.os: not an operating system");
    b->hours_per_month = num0(l, x, "hours_per_month");
    b->instance_priced = has(l, x, "instance_usd_month");
    b->instance_usd_month = num0(l, x, "instance_usd_month");
    b->has_instance = b->instance_priced || !has(l, x, "total_usd_month");
    str_into(l, x, "instance_basis", b->instance_basis, sizeof b->instance_basis);
    b->memory_gb = num0(l, x, "memory_gb");
    b->memory_default = boolean(l, x, "memory_default");
    b->volume_usd_month = num0(l, x, "volume_usd_month");
    b->volume_list_usd_month = cfg->volume.price_usd_month;
    str_into(l, x, "volume_basis", b->volume_basis, sizeof b->volume_basis);
    *b = price_bill_at(b, inum(l, x, "disks"));
    cfg->price.os = b->os;
    cfg->price.region = kept_str(l, str(l, item(l, root, "config"), "region"));
    if (!b->memory_default && strcmp(cfg->instance.provider, "oci") == 0)
        cfg->price.memory_gb = b->memory_gb;
}

static void load_targets(struct ld *l, const cJSON *c, struct sim_setup *cfg)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(c, "targets");
    int n = cJSON_GetArraySize(t);
    const char **paths;

    if (!cJSON_IsArray(t) || (paths = kept_array(l, (size_t)n, sizeof *paths)) == NULL)
        return;
    for (int i = 0; i < n; i++) {
        const cJSON *p = cJSON_GetArrayItem(t, i);
        paths[i] = kept_str(l, cJSON_IsString(p) ? p->valuestring : "");
    }
    cfg->run.disk_names = paths;
}

static void load_config(struct ld *l, const cJSON *root,
                        const struct dev_ops *const *backends,
                        struct report_loaded *out)
{
    const cJSON *c = item(l, root, "config");
    struct sim_setup *cfg = &out->cfg;

    if (c == NULL)
        return;
    cfg->run.disks = inum(l, c, "disks");
    cfg->run.backend = backend_named(l, str(l, c, "backend"), backends);
    cfg->run.jobs = 1;
    load_targets(l, c, cfg);
    out->profiles_resolved = load_profiles(l, c, cfg);
    load_measuring(l, c, cfg);
    load_layout(l, c, cfg);
    load_workload(l, c, cfg);
    load_bill(l, root, cfg);
}

/* ---- the points ------------------------------------------------------ */

/* A latency object; false for null.  Its count is the I/Os the
   histogram holds (at least 1: it was measured). */
static bool load_lat(struct ld *l, const cJSON *o, const char *key,
                     struct sim_lat_summary *lat)
{
    const cJSON *x = item(l, o, key), *h;
    if (x == NULL || cJSON_IsNull(x))
        return false;
    lat->avg_us = num0(l, x, "avg");
    lat->min_us = num0(l, x, "min");
    lat->max_us = num0(l, x, "max");
    lat->stddev_us = num0(l, x, "stddev");
    lat->p50_us = num0(l, x, "p50");
    lat->p90_us = num0(l, x, "p90");
    lat->p99_us = num0(l, x, "p99");
    lat->p999_us = num0(l, x, "p999");
    lat->p9999_us = num0(l, x, "p9999");
    lat->count = 0;
    h = array(l, x, "hist_pow2");
    for (int i = 0; i < cJSON_GetArraySize(h) && i < HIST_POW2_BINS; i++) {
        lat->pow2[i] = (uint64_t)cJSON_GetArrayItem(h, i)->valuedouble;
        lat->count += lat->pow2[i];
    }
    if (lat->count == 0)
        lat->count = 1;
    return true;
}

static void load_lats(struct ld *l, const cJSON *o, struct sim_point_result *p)
{
    static const char *const keys[WL_CLASSES][3] = {
        [WL_SMALL] = { "small_lat_us", "small_read_lat_us", "small_write_lat_us" },
        [WL_LARGE] = { "large_lat_us", "large_read_lat_us", "large_write_lat_us" },
    };
    for (int c = 0; c < WL_CLASSES; c++) {
        load_lat(l, o, keys[c][0], &p->cls[c].lat);
        for (int d = 0; d < 2; d++)
            load_lat(l, o, keys[c][1 + d], &p->cls[c].lat_dir[d]);
    }
}

/* One open-loop figure of both classes (add_open_pair), 0 for null. */
static void open_pair(struct ld *l, const cJSON *o, const char *small_key,
                      const char *large_key, double out[WL_CLASSES])
{
    out[WL_SMALL] = num0(l, o, small_key);
    out[WL_LARGE] = num0(l, o, large_key);
}

static void load_point_open(struct ld *l, const cJSON *o, const struct sim_setup *cfg,
                            struct sim_open_result *op)
{
    const cJSON *x = item(l, o, "open");
    double arrivals[WL_CLASSES], delayed[WL_CLASSES];

    if (x == NULL || cJSON_IsNull(x))
        return;
    op->on = true;
    if (has(l, x, "offered_small_iops"))
        op->target[WL_SMALL] = cfg->run.open.small_iops;
    if (has(l, x, "offered_large_mbps"))
        op->target[WL_LARGE] = cfg->run.open.large_mbps;
    open_pair(l, x, "offered_small_iops", "offered_large_mbps", op->offered);
    open_pair(l, x, "delivered_small_iops", "delivered_large_mbps", op->delivered);
    open_pair(l, x, "small_unmet_frac", "large_unmet_frac", op->unmet_frac);
    open_pair(l, x, "small_arrivals", "large_arrivals", arrivals);
    open_pair(l, x, "small_delayed", "large_delayed", delayed);
    for (int c = 0; c < WL_CLASSES; c++) {
        op->arrivals[c] = (uint64_t)arrivals[c];
        op->delayed[c] = (uint64_t)delayed[c];
    }
    op->backlog_end = u64(l, x, "backlog_end");
    op->max_outstanding = inum(l, x, "max_outstanding");
}

static void load_point_burst(struct ld *l, const cJSON *o, struct sim_point_burst *pb)
{
    const cJSON *x = item(l, o, "burst");

    if (x == NULL || cJSON_IsNull(x))
        return;
    pb->drawn = true;
    pb->lasts_s = num0(l, x, "lasts_s");
    limit(l, x, "first_empty", &pb->first);
    pb->ran_out = has(l, x, "ran_out_s");
    pb->ran_out_s = num0(l, x, "ran_out_s");
    pb->at_burst[WL_LARGE] = num0(l, x, "burst_mbps");
    pb->at_burst[WL_SMALL] = num0(l, x, "burst_iops");
    pb->sustained_measured = limit(l, x, "sustained_limited_by", &pb->sustained_limited_by);
    pb->sustained[WL_LARGE] = num0(l, x, "sustained_mbps");
    pb->sustained[WL_SMALL] = num0(l, x, "sustained_iops");
}

/* Real devices' errors per class and CPU (add_real_point), when there. */
static void load_point_real(struct ld *l, const cJSON *o, struct sim_point_result *p)
{
    const cJSON *cpu = cJSON_GetObjectItemCaseSensitive(o, "cpu");
    if (cpu == NULL)
        return;
    p->cls[WL_SMALL].errors = u64(l, o, "small_errors");
    p->cls[WL_LARGE].errors = u64(l, o, "large_errors");
    p->cpu_user_us_per_io = num(l, cpu, "user_us_per_io");
    p->cpu_sys_us_per_io = num(l, cpu, "sys_us_per_io");
    p->cpu_cores = num(l, cpu, "cores");
    p->machine_busy_pct = num(l, cpu, "machine_busy_pct");
    p->machine_irq_pct = num(l, cpu, "machine_irq_pct");
    p->engine_busy_frac = boolean(l, cpu, "generator_bound") ? SIM_GENERATOR_BOUND_FRAC : 0;
}

static void load_point_disks(struct ld *l, const cJSON *o, struct sim_point_result *p)
{
    const cJSON *arr = array(l, o, "disks");
    p->disks = cJSON_GetArraySize(arr);
    p->disk = p->disks > 0 ? calloc((size_t)p->disks, sizeof *p->disk) : NULL;
    if (p->disks > 0 && p->disk == NULL) {
        fail(l, -ENOMEM, "%s", strerror(ENOMEM));
        p->disks = 0;
    }
    for (int d = 0; d < p->disks; d++) {
        const cJSON *dj = cJSON_GetArrayItem(arr, d);
        struct sim_disk_result *r = &p->disk[d];
        r->mbps = num(l, dj, "mbps");
        r->iops = num(l, dj, "iops");
        r->avg_lat_us = num(l, dj, "avg_lat_us");
        r->p99_lat_us = num(l, dj, "p99_lat_us");
        r->errors = u64(l, dj, "errors");
    }
}

/* ---- a point's timeline ---------------------------------------------- */

/* A row's latency (avg, p50, p99); count 1 where there is one. */
static void load_row_lat(struct ld *l, const cJSON *o, const char *key,
                         struct sim_timeline_lat *lat)
{
    const cJSON *x = item(l, o, key);
    if (x == NULL || cJSON_IsNull(x))
        return;
    lat->count = 1;
    lat->avg_us = num(l, x, "avg");
    lat->p50_us = num(l, x, "p50");
    lat->p99_us = num(l, x, "p99");
}

/* The flat per-disk and per-bucket arrays, sized from the first row. */
static int timeline_alloc(struct sim_timeline *tl, const cJSON *first)
{
    tl->disks = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(first, "disks"));
    tl->buckets = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(first, "buckets"));
    size_t n = tl->n ? tl->n : 1, d = (size_t)tl->disks + 1, b = (size_t)tl->buckets + 1;
    tl->rows = calloc(n, sizeof *tl->rows);
    tl->disk_iops = calloc(n * d, sizeof *tl->disk_iops);
    tl->disk_mbps = calloc(n * d, sizeof *tl->disk_mbps);
    tl->bucket = calloc(b, sizeof *tl->bucket);
    tl->bucket_pct = calloc(n * b, sizeof *tl->bucket_pct);
    return tl->rows && tl->disk_iops && tl->disk_mbps && tl->bucket &&
           tl->bucket_pct ? 0 : -ENOMEM;
}

static void load_row_disks(struct ld *l, const cJSON *rj, struct sim_timeline *tl,
                           size_t row)
{
    const cJSON *disks = array(l, rj, "disks"), *buckets = array(l, rj, "buckets");
    for (int d = 0; d < tl->disks && d < cJSON_GetArraySize(disks); d++) {
        const cJSON *dj = cJSON_GetArrayItem(disks, d);
        tl->disk_iops[row * (size_t)tl->disks + (size_t)d] = num(l, dj, "iops");
        tl->disk_mbps[row * (size_t)tl->disks + (size_t)d] = num(l, dj, "mbps");
    }
    for (int k = 0; k < tl->buckets && k < cJSON_GetArraySize(buckets); k++) {
        const cJSON *bj = cJSON_GetArrayItem(buckets, k);
        limit(l, bj, "limit", &tl->bucket[k].limit);
        tl->bucket[k].disk = has(l, bj, "disk") ? inum(l, bj, "disk") : -1;
        tl->bucket_pct[row * (size_t)tl->buckets + (size_t)k] = num(l, bj, "balance_pct");
    }
}

static void load_row(struct ld *l, const cJSON *rj, struct sim_timeline *tl, size_t i)
{
    static const char *const dir_keys[WL_CLASSES][2] = {
        [WL_SMALL] = { "small_read_lat_us", "small_write_lat_us" },
        [WL_LARGE] = { "large_read_lat_us", "large_write_lat_us" },
    };
    struct sim_timeline_row *r = &tl->rows[i];
    double delayed[WL_CLASSES];

    r->start_s = num(l, rj, "start_s");
    r->length_s = num(l, rj, "length_s");
    r->small_iops = num(l, rj, "small_iops");
    r->large_mbps = num(l, rj, "large_mbps");
    r->phys_iops = num(l, rj, "phys_iops");
    r->phys_mbps = num(l, rj, "phys_mbps");
    load_row_lat(l, rj, "small_lat_us", &r->lat[WL_SMALL]);
    load_row_lat(l, rj, "large_lat_us", &r->lat[WL_LARGE]);
    for (int c = 0; c < WL_CLASSES; c++)
        for (int d = 0; d < 2; d++)
            load_row_lat(l, rj, dir_keys[c][d], &r->lat_dir[c][d]);
    limit(l, rj, "limited_by", &r->limited_by);
    load_row_disks(l, rj, tl, i);
    open_pair(l, rj, "offered_small_iops", "offered_large_mbps", r->offered);
    open_pair(l, rj, "small_unmet_frac", "large_unmet_frac", r->unmet_frac);
    open_pair(l, rj, "small_delayed", "large_delayed", delayed);
    for (int c = 0; c < WL_CLASSES; c++)
        r->delayed[c] = (uint64_t)delayed[c];
}

static void load_timeline(struct ld *l, const cJSON *o, struct sim_point_result *p)
{
    const cJSON *arr = array(l, o, "timeline");
    struct sim_timeline *tl;

    if (arr == NULL)
        return;
    if ((tl = calloc(1, sizeof *tl)) == NULL) {
        fail(l, -ENOMEM, "%s", strerror(ENOMEM));
        return;
    }
    p->timeline = tl;
    tl->n = tl->cap = (size_t)cJSON_GetArraySize(arr);
    tl->open = p->open.on;
    if (timeline_alloc(tl, cJSON_GetArrayItem(arr, 0)) < 0) {
        tl->n = 0;
        fail(l, -ENOMEM, "%s", strerror(ENOMEM));
        return;
    }
    for (size_t i = 0; i < tl->n; i++)
        load_row(l, cJSON_GetArrayItem(arr, (int)i), tl, i);
    tl->interval_s = tl->n > 0 ? tl->rows[0].length_s : 0;
}

static void load_point(struct ld *l, const cJSON *o, const struct sim_setup *cfg,
                       struct sim_point_result *p)
{
    p->small = inum(l, o, "small");
    p->large = inum(l, o, "large");
    p->cls[WL_LARGE].mbps = num(l, o, "mbps");
    p->cls[WL_SMALL].iops = num(l, o, "iops");
    p->cls[WL_LARGE].iops = num(l, o, "large_iops");
    p->phys_mbps = num(l, o, "phys_mbps");
    p->phys_iops = num(l, o, "phys_iops");
    p->measured_s = num(l, o, "measured_s");
    p->converged = boolean(l, o, "converged");
    p->incomplete = boolean(l, o, "incomplete");
    p->ci_halfwidth_frac = num(l, o, "ci_halfwidth");
    p->errors = u64(l, o, "errors");
    limit(l, o, "limited_by", &p->limited_by);
    load_lats(l, o, p);
    load_point_burst(l, o, &p->burst);
    load_point_open(l, o, cfg, &p->open);
    load_point_real(l, o, p);
    load_point_disks(l, o, p);
    load_timeline(l, o, p);
}

/* ---- a run's summary ------------------------------------------------- */

static void load_levels(struct ld *l, const cJSON *o, struct sim_setup *cfg,
                        struct sim_run_result *r)
{
    static const char *const name[WL_CLASSES] = { "small", "large" };
    const cJSON *x = item(l, o, "levels");
    const char *mode = str(l, x, "mode");

    if (mode && strcmp(mode, "none") != 0)
        cfg->run.levels = strcmp(mode, "extend") == 0 ? SIM_LEVELS_EXTEND : SIM_LEVELS_ORION;
    for (int c = 0; c < WL_CLASSES; c++) {
        const cJSON *k = item(l, x, name[c]);
        struct sim_class_levels *lv = &r->levels[c];
        if (k == NULL || cJSON_IsNull(k))
            continue;
        const char *stop = str(l, k, "stop");
        lv->extends = cfg->run.levels == SIM_LEVELS_EXTEND;
        lv->orion_max = inum(l, k, "orion_max");
        lv->last = inum(l, k, "last");
        lv->extended = boolean(l, k, "extended");
        for (int s = SIM_STOP_RISING; stop && s <= SIM_STOP_CAP; s++)
            if (strcmp(stop, sim_level_stop_id((enum sim_level_stop)s)) == 0)
                lv->stop = (enum sim_level_stop)s;
    }
}

/* The sustained physical figure of class c at point p (not recorded):
   its own when it drew on no bucket, else the point's physical figure
   scaled as its logical I/O, both classes counted in c's unit (bytes for
   large, I/Os for small), went down on empty buckets. */
static double sustained_phys(const struct sim_point_result *p, enum wl_class c,
                             const struct sim_setup *cfg)
{
    double sb = cfg->run.workload.small_bytes / 1e6, lb = cfg->run.workload.large_bytes / 1e6;
    const double *sus = p->burst.sustained;
    double before, after;

    if (!p->burst.drawn)
        return c == WL_LARGE ? p->phys_mbps : p->phys_iops;
    if (c == WL_LARGE) {
        before = p->cls[WL_LARGE].mbps + p->cls[WL_SMALL].iops * sb;
        after = sus[WL_LARGE] + sus[WL_SMALL] * sb;
        return before > 0 ? p->phys_mbps * after / before : sus[c];
    }
    before = p->cls[WL_SMALL].iops + p->cls[WL_LARGE].iops;
    after = sus[WL_SMALL] + (lb > 0 ? sus[WL_LARGE] / lb : 0);
    return before > 0 ? p->phys_iops * after / before : sus[c];
}

/* One class's burst facts (add_class_burst). */
static void load_class_burst(struct ld *l, const cJSON *o, const char *const key[4],
                             struct sim_run_result *r, enum wl_class c,
                             const struct sim_setup *cfg)
{
    const cJSON *x = item(l, o, key[3]);
    struct sim_class_burst *cb = &r->summary.burst[c];

    cb->has_sustained = has(l, o, key[0]);
    cb->sustained = num0(l, o, key[0]);
    cb->sustained_at = at(l, o, key[1]);
    limit(l, o, key[2], &cb->sustained_limited_by);
    const struct sim_point_result *p =
        report_find_point(r, cb->sustained_at.small, cb->sustained_at.large);
    if (cb->has_sustained && p)
        cb->sustained_phys = sustained_phys(p, c, cfg);
    if (x == NULL || cJSON_IsNull(x))
        return;
    cb->drawn = true;
    cb->lasts_s = num0(l, x, "lasts_s");
    limit(l, x, "first_empty", &cb->first);
    cb->ran_out = has(l, x, "ran_out_s");
    cb->ran_out_s = num0(l, x, "ran_out_s");
    cb->at_burst = num0(l, x, "at_burst");
}

static void load_summary_burst(struct ld *l, const cJSON *o, const struct sim_setup *cfg,
                               struct sim_run_result *r)
{
    static const char *const keys[WL_CLASSES][4] = {
        [WL_LARGE] = { "sustained_large_mbps", "sustained_large_at",
                       "sustained_large_limited_by", "large_burst" },
        [WL_SMALL] = { "sustained_small_iops", "sustained_small_at",
                       "sustained_small_limited_by", "small_burst" },
    };
    for (int c = 0; c < WL_CLASSES; c++) {
        load_class_burst(l, o, keys[c], r, (enum wl_class)c, cfg);
        r->summary.burst[c].start_spent_frac =
            cfg->run.burst_carry ? 0 : 1 - cfg->run.burst_credit_frac;
    }
}

/* The summary, after the points (the physical figures are theirs). */
static void load_summary(struct ld *l, const cJSON *parent, struct sim_setup *cfg,
                         struct sim_run_result *r)
{
    const cJSON *o = item(l, parent, "summary");
    struct sim_summary *s = &r->summary;
    const struct sim_point_result *p;

    s->has_large = has(l, o, "max_large_mbps");
    s->max_large_mbps = num0(l, o, "max_large_mbps");
    s->max_large_at = at(l, o, "max_large_at");
    s->has_small = has(l, o, "max_small_iops");
    s->max_small_iops = num0(l, o, "max_small_iops");
    s->max_small_at = at(l, o, "max_small_at");
    s->min_small_lat_us = num0(l, o, "min_small_latency_us");
    s->min_small_lat_at = at(l, o, "min_small_latency_at");
    limit(l, o, "limited_by", &s->limited_by);
    limit(l, o, "max_large_limited_by", &s->max_large_limit);
    limit(l, o, "max_small_limited_by", &s->max_small_limit);
    limit(l, o, "min_small_latency_limited_by", &s->min_lat_limit);
    s->minority[WL_LARGE] = boolean(l, o, "large_at_mixed_points");
    s->minority[WL_SMALL] = boolean(l, o, "small_at_mixed_points");
    s->open = r->n_points > 0 && r->points[0].open.on;
    p = report_find_point(r, s->max_large_at.small, s->max_large_at.large);
    if (s->has_large && p)
        s->max_large_phys_mbps = p->phys_mbps;
    p = report_find_point(r, s->max_small_at.small, s->max_small_at.large);
    if (s->has_small && p)
        s->max_small_phys_iops = p->phys_iops;
    load_levels(l, o, cfg, r);
    load_summary_burst(l, o, cfg, r);
}

/* ---- runs, sweeps and the document ----------------------------------- */

/* One run: o holds "summary", "points" and "incomplete" (the document
   for a run, an element of "sweep" for a sweep's). */
static struct sim_run_result *load_run(struct ld *l, const cJSON *o, int disks,
                                       struct sim_setup *cfg, const char *where)
{
    struct sim_run_result *r = calloc(1, sizeof *r);
    const cJSON *pts = array(l, o, "points");
    char at_buf[64];

    if (r == NULL || (r->points = calloc((size_t)cJSON_GetArraySize(pts) + 1,
                                         sizeof *r->points)) == NULL) {
        free(r);
        fail(l, -ENOMEM, "%s", strerror(ENOMEM));
        return NULL;
    }
    r->disks = disks;
    r->incomplete = boolean(l, o, "incomplete");
    for (int i = 0; i < cJSON_GetArraySize(pts) && l->rc == 0; i++) {
        snprintf(at_buf, sizeof at_buf, "%s%spoints[%d]", where, *where ? "." : "", i);
        l->at = at_buf;
        load_point(l, cJSON_GetArrayItem(pts, i), cfg, &r->points[r->n_points++]);
    }
    snprintf(at_buf, sizeof at_buf, "%s%ssummary", where, *where ? "." : "");
    l->at = at_buf;
    load_summary(l, o, cfg, r);
    l->at = "";
    return r;
}

static void load_sweep(struct ld *l, const cJSON *arr, struct report_loaded *out)
{
    int n = cJSON_GetArraySize(arr);
    char where[32];

    if (n < 1 || n > SIM_MAX_SWEEP) {
        fail(l, -EINVAL, "sweep: %d runs (1 to %d)", n, SIM_MAX_SWEEP);
        return;
    }
    if ((out->sweep = calloc(1, sizeof *out->sweep)) == NULL) {
        fail(l, -ENOMEM, "%s", strerror(ENOMEM));
        return;
    }
    for (int i = 0; i < n && l->rc == 0; i++) {
        const cJSON *o = cJSON_GetArrayItem(arr, i);
        snprintf(where, sizeof where, "sweep[%d]", i);
        struct sim_run_result *r = load_run(l, o, inum(l, o, "disks"), &out->cfg, where);
        if (r != NULL)
            out->sweep->runs[out->sweep->n_runs++] = r;
    }
}

static void load_meta(struct ld *l, const cJSON *root, struct report_loaded *out)
{
    const cJSON *skipped = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(root, "config"), "sweep_skipped");
    int n = cJSON_GetArraySize(skipped);
    struct report_skip *sk = n > 0 ? kept_array(l, (size_t)n, sizeof *sk) : NULL;

    out->meta.version = kept_str(l, str(l, root, "asmsim_version"));
    out->meta.testname = kept_str(l, str(l, root, "testname"));
    out->meta.command_line = kept_str(l, str(l, root, "command"));
    str_into(l, root, "started", out->meta.started, sizeof out->meta.started);
    for (int i = 0; sk != NULL && i < n; i++) {
        const cJSON *o = cJSON_GetArrayItem(skipped, i);
        sk[i].disks = inum(l, o, "disks");
        sk[i].why = kept_str(l, str(l, o, "reason"));
    }
    out->meta.skipped = sk;
    out->meta.n_skipped = sk ? n : 0;
}

/* "failed" (the last run's), and the document's wall time. */
static void load_run_facts(struct ld *l, const cJSON *root, struct report_loaded *out)
{
    struct sim_run_result *last = out->sweep ? out->sweep->runs[out->sweep->n_runs - 1]
                                             : out->run;
    const char *failed = cJSON_GetObjectItemCaseSensitive(root, "failed")
                             ? str(l, root, "failed") : NULL;
    double wall_s = num0(l, root, "wall_seconds");

    if (last->n_points > 0 && last->points[0].timeline != NULL)
        out->cfg.run.point.interval_ns = ns_exact(last->points[0].timeline->interval_s);
    if (failed != NULL) {
        last->failed = -EIO;
        snprintf(last->failed_why, sizeof last->failed_why, "%s", failed);
    }
    if (out->sweep) {
        out->sweep->incomplete = boolean(l, root, "incomplete");
        out->sweep->runs[0]->wall_s = wall_s;
    } else {
        out->run->wall_s = wall_s;
    }
}

static void load_doc(struct ld *l, const cJSON *root, const struct dev_ops *const *backends,
                     struct report_loaded *out)
{
    const cJSON *sweep = cJSON_GetObjectItemCaseSensitive(root, "sweep");

    if (!cJSON_IsObject(root) || !cJSON_GetObjectItemCaseSensitive(root, "config") ||
        !cJSON_GetObjectItemCaseSensitive(root, "points")) {
        fail(l, -EINVAL, "not a results JSON of a run or a sweep: no \"config\" "
             "and \"points\"");
        return;
    }
    load_meta(l, root, out);
    load_config(l, root, backends, out);
    if (l->rc < 0)
        return;
    if (sweep != NULL)
        load_sweep(l, sweep, out);
    else
        out->run = load_run(l, root, out->cfg.run.disks, &out->cfg, "");
    if (l->rc == 0)
        load_run_facts(l, root, out);
}

int report_json_load(const char *text, const struct dev_ops *const *backends,
                     struct report_loaded *out, char *why, size_t why_len)
{
    struct ld l = { NULL, "", why, why_len, 0 };
    cJSON *root = cJSON_Parse(text);

    memset(out, 0, sizeof *out);
    if ((out->store = l.st = calloc(1, sizeof *l.st)) == NULL) {
        cJSON_Delete(root);
        snprintf(why, why_len, "%s", strerror(ENOMEM));
        return -ENOMEM;
    }
    if (root == NULL)
        fail(&l, -EINVAL, "not JSON (near byte %zu)",
             cJSON_GetErrorPtr() ? (size_t)(cJSON_GetErrorPtr() - text) : 0);
    else
        load_doc(&l, root, backends, out);
    cJSON_Delete(root);
    if (l.rc < 0)
        report_loaded_free(out);
    return l.rc;
}

void report_loaded_free(struct report_loaded *l)
{
    sim_run_free(l->run);
    sim_sweep_free(l->sweep);
    for (size_t i = 0; l->store && i < l->store->n; i++)
        free(l->store->ptr[i]);
    if (l->store)
        free(l->store->ptr);
    free(l->store);
    memset(l, 0, sizeof *l);
}
