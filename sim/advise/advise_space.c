/*
 * advise_space.c - the candidate space of the advisor.
 *
 * A candidate is an instance, a volume type with its provisioning, and a
 * disk count; its failure groups are one per disk (each cloud volume
 * fails alone).  The space is built in two passes:
 *
 * 1. Volume options, per type and disk count.  The size starts at what
 *    the capacity target needs after redundancy (DOMAIN.md section 3,
 *    Oracle's REQUIRED_MIRROR_FREE_MB with one failure group per disk):
 *
 *        usable = (N - k) x size / copies,   k = 0 external, 1 normal,
 *                                                2 high
 *        size   = capacity x copies / (N - k), whole GiB (EBS) / GB (OCI)
 *
 *    and grows in steps of 1.5 (the types whose rates follow the size:
 *    gp2, st1, sc1, OCI).  IOPS, throughput and VPUs run through ladders
 *    (below) plus the exact per-volume figure the targets ask for.  Every
 *    combination goes through prof_volume_parse, so the space holds only
 *    what `--volume` accepts.  An option that costs at least as much as
 *    another of the same type and disk count and is no faster on any rate
 *    is dropped (dominated).
 *
 * 2. Candidates, per instance: each option the instance may carry (the
 *    volume's provider, prof_attach_check, the attachment limit) is
 *    bounded (advise_bound.c).  Those whose bound meets every target are
 *    kept, unless a cheaper option of the same type and disk count on the
 *    same instance bounds at least as high on both rates: provisioning
 *    above what the instance takes buys nothing, so it is never a
 *    candidate.  With a latency target, the options whose latency floor
 *    on the instance (adv_latency_floor_us: the type's, on the
 *    instance's platform, so one per group) is above it are set aside
 *    before any rate is bounded, and so is a candidate whose queueing
 *    bound (adv_latency_queue_us, from its bound of IOPS) is; they are
 *    counted per type and platform (io2 off Nitro apart); the lowest
 *    floor of the space is kept, for "no volume type reaches it".  For each instance
 *    the rejected option that came closest to the targets is kept, for
 *    "why nothing cheaper", and over the space the option that bounds
 *    highest on each rate (reach[]), for a target out of reach; with a
 *    schedule also the one whose bound carries the largest share of what
 *    the day asks (reach_day), for a schedule out of reach.
 *
 * With a schedule (advise_schedule.c) the space is built for its bound
 * targets: its peak against the burst bound, its day mean against the
 * sustained one (sustain_*), each phase against the bound over its
 * length.
 *
 * Attachment limits (data volumes): prof_instance_data_volumes_max.
 *
 * The clouds are the providers of sim/profiles/provider.h, one bit each
 * (adv_cloud_bit): what a search of one takes by default (its types, its
 * instances or its shapes at an OCPU ladder), its size unit and largest
 * size, and which spec keys a type takes (prof_type_keys) are their rows',
 * so no provider or type is named here.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/advise/advise_internal.h"
#include "sim/profiles/prices.h"            /* price_volumes_month */

#define MIB_S (1024.0 * 1024)
#define SIZE_STEP 1.5

/* Provisioning ladders: roughly 1.25-1.6 x apart over the providers'
   ranges (DOMAIN.md section 4); invalid combinations are left to
   prof_volume_parse. */
static const double iops_ladder[] = { 1000, 2000, 3000, 4000, 5000, 6000,
    8000, 10000, 12000, 16000, 20000, 25000, 32000, 40000, 50000, 64000,
    80000, 100000, 128000, 160000, 200000, 256000 };
static const double tput_ladder_mib[] = { 125, 250, 375, 500, 625, 750, 1000,
    1250, 1500, 2000, 3000, 4000 };

#define N_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* ---- the clouds: the providers of the provider table (provider.h) ------- */

const struct prof_provider *adv_cloud_provider(int c)
{
    const struct prof_provider *p = c < ADV_MAX_CLOUDS ? prof_provider_at(c) : NULL;
    return p && p->name[0] ? p : NULL;
}

unsigned adv_cloud_bit(const struct prof_provider *p)
{
    int c = prof_provider_index(p);
    return c >= 0 && adv_cloud_provider(c) ? 1u << c : 0;
}

const char *adv_clouds_text(unsigned clouds, char *buf, size_t len)
{
    int n = 0, shown = 0;
    size_t used = 0;

    if (!clouds)
        clouds = 1u;
    for (int c = 0; c < ADV_MAX_CLOUDS; c++)
        n += adv_cloud_provider(c) && (clouds & (1u << c));
    buf[0] = '\0';
    for (int c = 0; c < ADV_MAX_CLOUDS && used < len; c++) {
        const struct prof_provider *p = adv_cloud_provider(c);
        if (!p || !(clouds & (1u << c)))
            continue;
        shown++;
        used += (size_t)snprintf(buf + used, len - used, "%s%s",
                                 shown == 1 ? "" : shown == n ? " and " : ", ", p->display);
    }
    return buf;
}

/* Room for one more element in the array *v of n used of *cap elements of
   elem bytes, doubling it: 0 or -ENOMEM (the array is then as it was). */
static int reserve_one(void **v, long n, long *cap, size_t elem)
{
    if (n < *cap)
        return 0;
    long ncap = *cap ? *cap * 2 : 256;
    void *p = realloc(*v, (size_t)ncap * elem);
    if (!p)
        return -ENOMEM;
    *v = p;
    *cap = ncap;
    return 0;
}

/* ---- the types and instances the configuration selects ---------------- */

struct type_list {
    int n;
    const char *name[ADV_MAX_LIST * 2];
};

/* A volume type attaches to an instance of a cloud searched (local NVMe
   to any). */
static bool type_in_clouds(const struct adv_space_cfg *sc, const struct vol_profile *v)
{
    unsigned bit = adv_cloud_bit(prof_provider_of_volume(v));
    return !bit || (sc->clouds & bit);
}

/* "--volume-types TYPE: an OCI volume type, and the search is of AWS only;
   add --clouds oci (or aws,oci)". */
static int type_not_in_clouds(const struct adv_space_cfg *sc, const char *type,
                              const struct vol_profile *v, char *why, size_t why_len)
{
    const struct prof_provider *p = prof_provider_of_volume(v);
    char searched[64], all[64] = "";
    size_t used = 0;

    for (int c = 0; c < ADV_MAX_CLOUDS && used < sizeof all; c++)
        if (adv_cloud_provider(c))
            used += (size_t)snprintf(all + used, sizeof all - used, "%s%s", used ? "," : "",
                                     adv_cloud_provider(c)->name);
    snprintf(why, why_len, "--volume-types %s: an %s volume type, and the "
             "search is of %s only; add --clouds %s (or %s)", type, p->type_words,
             adv_clouds_text(sc->clouds, searched, sizeof searched), p->name, all);
    return -EINVAL;
}

static int select_types(const struct adv_space_cfg *sc, struct type_list *tl,
                        char *why, size_t why_len)
{
    tl->n = 0;
    if (sc->n_types > 0) {
        for (int i = 0; i < sc->n_types; i++) {
            struct vol_profile v;
            char w[256];
            if (prof_volume_parse(sc->types[i], &v, w, sizeof w) < 0) {
                snprintf(why, why_len, "--volume-types %s: %s", sc->types[i], w);
                return -EINVAL;
            }
            if (v.instance_store) {
                snprintf(why, why_len, "--volume-types %s: instance store comes with "
                         "the instance type (m5d, i3, ...), not as volumes to buy; "
                         "advise searches EBS and OCI block volumes", sc->types[i]);
                return -EINVAL;
            }
            if (!type_in_clouds(sc, &v))
                return type_not_in_clouds(sc, sc->types[i], &v, why, why_len);
            tl->name[tl->n++] = sc->types[i];
        }
        return 0;
    }
    for (int c = 0; c < ADV_MAX_CLOUDS; c++) {
        const struct prof_provider *p = adv_cloud_provider(c);
        for (int i = 0; p && (sc->clouds & (1u << c)) && i < p->n_advise_types &&
                        tl->n < N_OF(tl->name); i++)
            tl->name[tl->n++] = p->advise_types[i];
    }
    return 0;
}

/* name past the family prefix of a provider that has one ("e4flex-8" of
   "oci-e4flex-8"). */
static const char *past_family_prefix(const char *name)
{
    const struct prof_provider *p;
    for (int i = 0; (p = prof_provider_at(i)) != NULL; i++)
        if (p->family_prefix && strncmp(name, p->family_prefix, strlen(p->family_prefix)) == 0)
            return name + strlen(p->family_prefix);
    return name;
}

/* "m5" of "m5.large", "e4flex" of "oci-e4flex-8". */
static void family_of(const char *name, char *out, size_t len)
{
    const char *s = past_family_prefix(name);
    size_t n = strcspn(s, ".-");
    snprintf(out, len, "%.*s", (int)n, s);
}

bool adv_family_listed(const char (*list)[PROF_NAME_MAX], int n, const char *name,
                       char *fam, size_t fam_len)
{
    family_of(name, fam, fam_len);
    for (int i = 0; i < n; i++)
        if (strcasecmp(past_family_prefix(list[i]), fam) == 0)
            return true;
    return false;
}

static bool family_selected(const struct adv_space_cfg *sc, const char *name)
{
    char fam[PROF_NAME_MAX];
    return sc->n_families == 0 ||
           adv_family_listed(sc->families, sc->n_families, name, fam, sizeof fam);
}

/* A priced instance an instance constraint sets aside (why), kept for
   "why nothing cheaper". */
static int push_aside(struct adv_space *s, long *cap, const struct adv_cfg *cfg,
                      const struct inst_profile *p, double usd, const char *why)
{
    char w[PROF_WHY_CHARS + 1];
    int rc = reserve_one((void **)&s->aside, s->n_aside, cap, sizeof *s->aside);
    if (rc < 0)
        return rc;
    struct adv_inst_aside *a = &s->aside[s->n_aside++];
    memset(a, 0, sizeof *a);
    a->p = *p;
    a->usd_month = usd;
    if (adv_licence(&cfg->space, p, &a->licence_units, &a->licence_usd_month, w, sizeof w))
        a->licence_units = 0;       /* not countable (SE2 above its limit) */
    snprintf(a->why, sizeof a->why, "%s", why);
    return 0;
}

/* The instance as the search sees it: an OCI flex shape with the memory
   it is priced with (--memory-per-ocpu), for --min-memory. */
static struct inst_profile as_priced(const struct adv_space_cfg *sc,
                                     const struct inst_profile *p)
{
    struct inst_profile q = *p;
    if (q.ocpus > 0 && sc->memory_per_ocpu_gb > 0)
        q.memory_gib = sc->memory_per_ocpu_gb * q.ocpus;
    return q;
}

static int push_inst(struct adv_space *s, long cap[2], const struct adv_cfg *cfg,
                     const struct inst_profile *listed)
{
    struct inst_profile pq = as_priced(&cfg->space, listed);
    const struct inst_profile *p = &pq;
    char why[120], w[PROF_WHY_CHARS + 1];
    double usd;
    int rc;

    if (!family_selected(&cfg->space, p->name) ||
        !adv_cost_instance(p, &cfg->space, &usd))
        return 0;
    if (adv_limits_check(&cfg->space, p, why, sizeof why) != 0)
        return push_aside(s, &cap[1], cfg, p, usd, why);
    if ((rc = reserve_one((void **)&s->inst, s->n_inst, &cap[0], sizeof *s->inst)) < 0)
        return rc;
    struct adv_inst *in = &s->inst[s->n_inst++];
    memset(in, 0, sizeof *in);
    in->p = *p;
    in->usd_month = usd;
    adv_licence(&cfg->space, p, &in->licence_units, &in->licence_usd_month, w, sizeof w);
    in->max_data_disks = prof_instance_data_volumes_max(p);
    in->cloud = adv_cloud_bit(prof_provider_of_instance(p));
    in->closest_ratio = in->reach_day_ratio = -1;
    in->inst_ratio = -1;
    return 0;
}

/* The instances of cloud pv: its flexible shapes at its OCPU ladder, or,
   without shapes, every listed instance of it. */
static int cloud_instances(const struct adv_cfg *cfg, struct adv_space *s, long cap[2],
                           const struct prof_provider *pv)
{
    struct inst_profile p;
    int rc;

    if (pv->n_shapes == 0) {
        for (int i = 0; i < prof_instance_count(); i++)
            if (prof_instance_at(i, &p) == 0 && prof_provider_of_instance(&p) == pv &&
                (rc = push_inst(s, cap, cfg, &p)) < 0)
                return rc;
        return 0;
    }
    for (int k = 0; k < pv->n_shapes; k++)
        for (int j = 0; j < pv->n_advise_ocpus; j++) {
            char name[PROF_NAME_MAX], w[256];
            snprintf(name, sizeof name, "%s%d", pv->shapes[k].prefix, pv->advise_ocpus[j]);
            if (prof_instance_find(name, &p, w, sizeof w) == 0 &&
                (rc = push_inst(s, cap, cfg, &p)) < 0)
                return rc;
        }
    return 0;
}

/* No instance passed: the families selected none, or the constraints
   set every one aside (the first named). */
static int no_instance(const struct adv_cfg *cfg, const struct adv_space *s,
                       char *why, size_t why_len)
{
    char list[128] = "";

    if (s->n_aside > 0) {
        adv_limits_explain(&cfg->space, s->aside, s->n_aside, why, why_len);
        return -EINVAL;
    }
    for (int i = 0; i < cfg->space.n_families && strlen(list) < 80; i++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                 i ? "," : "", cfg->space.families[i]);
    snprintf(why, why_len, "--families %s: no priced instance type of the "
             "selected clouds is in these families; see 'asmsim profiles "
             "instances'", list);
    return -EINVAL;
}

static int select_instances(const struct adv_cfg *cfg, struct adv_space *s,
                            char *why, size_t why_len)
{
    long cap[2] = { 0, 0 };         /* of s->inst, s->aside */
    int rc;

    for (int c = 0; c < ADV_MAX_CLOUDS; c++) {
        const struct prof_provider *pv = adv_cloud_provider(c);
        if (pv && (cfg->space.clouds & (1u << c)) &&
            (rc = cloud_instances(cfg, s, cap, pv)) < 0)
            return rc;
    }
    return s->n_inst == 0 ? no_instance(cfg, s, why, why_len) : 0;
}

/* ---- volume options --------------------------------------------------- */

struct opt_buf {
    struct adv_volopt *v;
    long n, cap;
};

static int opt_push(struct opt_buf *b, const struct adv_volopt *o)
{
    int rc = reserve_one((void **)&b->v, b->n, &b->cap, sizeof *b->v);
    if (rc == 0)
        b->v[b->n++] = *o;
    return rc;
}

/* Disks that hold no usable data under redundancy r (one failure group
   per disk): REQUIRED_MIRROR_FREE_MB in disks. */
static int mirror_free_disks(enum lay_redundancy r)
{
    return adv_copies(r) - 1;
}

/* Failure groups ASM needs at least (DOMAIN.md section 3). */
static int min_failgroups(enum lay_redundancy r)
{
    return r == LAY_HIGH ? 3 : r == LAY_NORMAL ? 2 : 1;
}

/* In whole size units of provider p (GiB for EBS, GB for OCI), at least
   the provider's smallest (OCI: 50 GB). */
static double first_size(const struct adv_targets *t, int disks, const struct prof_provider *p)
{
    double unit = (double)p->size_unit_bytes;
    double usable_disks = disks - mirror_free_disks(t->redundancy);
    double s = (double)t->capacity_bytes * adv_copies(t->redundancy) / usable_disks;
    s = ceil(s / unit) * unit;
    if (s < (double)p->advise_size_min_bytes)
        s = (double)p->advise_size_min_bytes;
    return s < unit ? unit : s;
}

/* A database group's demand per volume (t->demand): every size of
   every class at once, each write on every copy, each I/O in operations
   of the type's I/O unit; as provisioned figures (the delivered
   fractions), IOPS in hundreds and MiB/s whole. */
static void demand_per_volume(const struct adv_targets *t, const struct vol_profile *v,
                              int disks, double *iops, double *tput_mib)
{
    const struct adv_demand *d = t->demand;
    double ops = 0, bytes = 0;

    for (int i = 0; i < d->n; i++) {
        const struct adv_demand_line *l = &d->line[i];
        double f = (1 - l->write_frac) + l->write_frac * adv_copies(t->redundancy);
        ops += l->rate * f * ceil((double)l->bytes / v->io_unit_bytes);
        bytes += l->rate * f * l->bytes;
    }
    *iops = ceil(ops / disks / v->delivered_iops_frac / 100) * 100;
    *tput_mib = ceil(bytes / disks / v->delivered_tput_frac / MIB_S);
}

/* The per-volume rates the targets ask for on `disks` volumes of the
   type of v (its delivered fractions), as provisioned figures. */
static void needed_per_volume(const struct adv_targets *t,
                              const struct vol_profile *v, int disks,
                              double *iops, double *tput_mib)
{
    if (t->demand) {
        demand_per_volume(t, v, disks, iops, tput_mib);
        return;
    }
    double w = t->write_pct / 100.0;
    double f = (1 - w) + w * adv_copies(t->redundancy);
    double large_ops = ceil((double)t->large_bytes / v->io_unit_bytes);
    double small_ops = ceil((double)t->small_bytes / v->io_unit_bytes);
    double large_ios = t->need_mbps * 1e6 / t->large_bytes * f / disks;
    double small_ios = t->need_iops * f / disks;
    double a = large_ios * large_ops, b = small_ios * small_ops;
    double ops = (a > b ? a : b) / v->delivered_iops_frac;

    *iops = ceil(ops / 100) * 100;
    *tput_mib = ceil(t->need_mbps * 1e6 * f / disks / v->delivered_tput_frac /
                     MIB_S);
}

struct ladder {
    double v[48];
    int n;
};

static void ladder_init(struct ladder *l, const double *steps, int n,
                        double extra)
{
    l->n = 0;
    for (int i = 0; i < n; i++)
        l->v[l->n++] = steps[i];
    if (extra > 0)
        l->v[l->n++] = extra;
}

/* ",iops=<v>" after n characters of spec: v as "%.0f" prints it, by
   integer formatting for the whole numbers the ladders and sizes are
   (printf's floating-point path was a tenth of a search's time). */
static int append_whole(char *spec, size_t len, int n, const char *key, double v,
                        const char *unit)
{
    if (n < 0 || (size_t)n >= len)
        return n;
    if (v >= 0 && v < 9e15 && v == floor(v))
        return n + snprintf(spec + n, len - (size_t)n, "%s%lld%s", key, (long long)v, unit);
    return n + snprintf(spec + n, len - (size_t)n, "%s%.0f%s", key, v, unit);
}

static void spec_of(char *spec, size_t len, const char *type, const struct prof_provider *p,
                    double size, double iops, double tput_mib, int vpu)
{
    int n = snprintf(spec, len, "%s:", type);

    n = append_whole(spec, len, n, "size=", size / (double)p->size_unit_bytes, p->size_unit);
    if (iops > 0)
        n = append_whole(spec, len, n, ",iops=", iops, "");
    if (tput_mib > 0)
        n = append_whole(spec, len, n, ",throughput=", tput_mib, "MiB/s");
    if (vpu > 0 && n > 0 && (size_t)n < len)
        snprintf(spec + n, len - (size_t)n, ",vpu=%d", vpu);
}

static int try_option(struct opt_buf *b, const char *spec, int disks,
                      const struct adv_cfg *cfg)
{
    struct adv_volopt o;
    char w[256];

    memset(&o, 0, sizeof o);
    if (prof_volume_parse(spec, &o.v, w, sizeof w) < 0 ||
        !adv_cost_volume(&o.v, &cfg->space, &o.usd_month))
        return 0;
    o.disks = disks;
    o.usable_bytes = (uint64_t)((double)(disks - mirror_free_disks(cfg->targets.redundancy)) *
                                (double)o.v.size_bytes / adv_copies(cfg->targets.redundancy));
    return opt_push(b, &o);
}

/* 0 = unlimited, so compare as infinity */
static double inf0(double x)
{
    return x > 0 ? x : INFINITY;
}

static bool rates_at_least(const struct vol_profile *a, const struct vol_profile *b)
{
    return a->iops_base >= b->iops_base && a->iops_burst >= b->iops_burst &&
           a->iops_bucket_ops >= b->iops_bucket_ops &&
           a->tput_base_bytes_per_s >= b->tput_base_bytes_per_s &&
           a->tput_burst_bytes_per_s >= b->tput_burst_bytes_per_s &&
           a->tput_bucket_bytes >= b->tput_bucket_bytes &&
           inf0(a->path_bytes_per_s) >= inf0(b->path_bytes_per_s) &&
           inf0(a->iops_max_non_nitro) >= inf0(b->iops_max_non_nitro);
}

static int cmp_opt(const void *pa, const void *pb)
{
    const struct adv_volopt *a = pa, *b = pb;
    if (a->usd_month != b->usd_month)
        return a->usd_month < b->usd_month ? -1 : 1;
    return strcmp(a->v.spec, b->v.spec);
}

/* Sort the options [from, b->n) by cost and drop the dominated ones. */
static void drop_dominated(struct opt_buf *b, long from)
{
    long kept = from;

    if (b->n - from > 1)
        qsort(b->v + from, (size_t)(b->n - from), sizeof *b->v, cmp_opt);
    for (long i = from; i < b->n; i++) {
        bool dominated = false;
        for (long j = from; j < kept && !dominated; j++)
            dominated = rates_at_least(&b->v[j].v, &b->v[i].v);
        if (!dominated)
            b->v[kept++] = b->v[i];
    }
    b->n = kept;
}

/* The options of one size: every VPU the type takes (one pass when it
   takes none) x the IOPS ladder x the throughput ladder. */
static int size_options(struct opt_buf *b, const char *type, const struct prof_provider *p,
                        double size, const struct ladder *li, const struct ladder *lt,
                        const struct prof_type_keys *k, int disks, const struct adv_cfg *cfg)
{
    char spec[160];
    int rc;

    for (int vpu = k->vpu_step ? k->vpu_min : 0; vpu <= (k->vpu_step ? k->vpu_max : 0);
         vpu += k->vpu_step ? k->vpu_step : 1)
        for (int i = 0; i < li->n; i++)
            for (int j = 0; j < lt->n; j++) {
                spec_of(spec, sizeof spec, type, p, size, li->v[i], lt->v[j], vpu);
                if ((rc = try_option(b, spec, disks, cfg)) < 0)
                    return rc;
            }
    return 0;
}

static int type_options(struct opt_buf *b, const char *type, int disks,
                        const struct adv_cfg *cfg)
{
    const struct adv_targets *t = &cfg->targets;
    struct prof_type_keys k;
    struct vol_profile def;
    struct ladder li, lt;
    double need_iops, need_tput;
    char w[256];
    long from = b->n;

    if (prof_volume_parse(type, &def, w, sizeof w) < 0 || prof_type_keys(type, &k) < 0)
        return 0;
    const struct prof_provider *p = prof_provider_of_volume(&def);
    if (!p || p->size_unit_bytes == 0 || p->advise_size_max_bytes == 0)
        return 0;               /* a type the advisor does not size */
    double unit = (double)p->size_unit_bytes;
    needed_per_volume(t, &def, disks, &need_iops, &need_tput);
    ladder_init(&li, iops_ladder, N_OF(iops_ladder), need_iops);
    ladder_init(&lt, tput_ladder_mib, N_OF(tput_ladder_mib), need_tput);
    if (!k.iops)
        li.n = 1, li.v[0] = 0;
    if (!k.tput)
        lt.n = 1, lt.v[0] = 0;
    for (double size = first_size(t, disks, p); size <= (double)p->advise_size_max_bytes;
         size = ceil(size * SIZE_STEP / unit) * unit) {
        int rc = size_options(b, type, p, size, &li, &lt, &k, disks, cfg);
        if (rc < 0)
            return rc;
    }
    drop_dominated(b, from);
    return 0;
}

/* ---- candidates ------------------------------------------------------- */

struct cand_buf {
    struct adv_cand *v;
    long n, cap;
};

static int cand_push(struct cand_buf *b, const struct adv_cand *c)
{
    int rc = reserve_one((void **)&b->v, b->n, &b->cap, sizeof *b->v);
    if (rc == 0)
        b->v[b->n++] = *c;
    return rc;
}

static bool may_carry(const struct adv_inst *in, const struct adv_volopt *o)
{
    char w[256];

    if (o->disks > in->max_data_disks)
        return false;
    if (strcmp(prof_volume_provider(&o->v), in->p.provider) != 0)
        return false;
    return prof_attach_check(&o->v, &in->p, w, sizeof w) == 0;
}

bool adv_volume_bursts(const struct vol_profile *v)
{
    return v->iops_burst > v->iops_base ||
           v->tput_burst_bytes_per_s > v->tput_base_bytes_per_s;
}

/* How close a bound comes to the targets: the least of bound / need
   (1 or more: meets them all). */
static double bound_ratio(const struct adv_targets *t, const struct adv_bound *bd)
{
    double r = INFINITY;

    if (t->need_mbps > 0 && bd->mbps / t->need_mbps < r)
        r = bd->mbps / t->need_mbps;
    if (t->need_iops > 0 && bd->iops / t->need_iops < r)
        r = bd->iops / t->need_iops;
    return r;
}

/* How close a schedule's candidate comes to what the day asks beyond its
   peak: the sustained bound against the day mean (sustain_*), each
   phase's window against its demand (advise_schedule.c); INFINITY
   without a schedule. */
static double schedule_ratio(const struct adv_targets *t, const struct adv_inst *in,
                             const struct adv_volopt *vo)
{
    struct adv_bound bd;
    double r = INFINITY;

    if (!t->schedule)
        return r;
    adv_bound(t, &in->p, &vo->v, vo->disks, false, &bd);
    if (t->sustain_mbps > 0)
        r = fmin(r, bd.mbps / t->sustain_mbps);
    if (t->sustain_iops > 0)
        r = fmin(r, bd.iops / t->sustain_iops);
    return fmin(r, adv_schedule_phase_ratio(t, &in->p, &vo->v, vo->disks));
}

static void note_instance(struct adv_inst *in, const struct adv_targets *t,
                          const struct adv_bound *bd)
{
    struct adv_bound alone = { .mbps = bd->inst_mbps > 0 ? bd->inst_mbps : INFINITY,
                               .iops = bd->inst_iops > 0 ? bd->inst_iops : INFINITY };
    double ratio = bound_ratio(t, &alone);

    if (ratio > in->inst_ratio) {
        in->inst_ratio = ratio;
        in->inst_mbps = alone.mbps;
        in->inst_iops = alone.iops;
    }
}

/* Keep candidate c, whose bound comes `ratio` of the way to what is
   asked (bound / need), in *kept if it comes closer than *kept_ratio, or
   as close for less; *kept_ratio < 0: none kept yet.  An instance's
   closest rejection, and the reach of a schedule's day. */
static void keep_closer(struct adv_cand *kept, double *kept_ratio,
                        const struct adv_cand *c, double ratio)
{
    if (ratio < *kept_ratio ||
        (ratio == *kept_ratio && c->total_usd_month >= kept->total_usd_month))
        return;
    *kept_ratio = ratio;
    *kept = *c;
}

/* Whether candidate c bounds higher than the one in *kept on rate r
   (0 large MB/s, 1 small IOPS), or as high for less; kept->inst < 0:
   none yet.  Ties in price keep the first, in space order. */
static bool reaches_further(const struct adv_cand *c, const struct adv_cand *kept, int r)
{
    double got = r == 0 ? c->bound_mbps : c->bound_iops;
    double had = r == 0 ? kept->bound_mbps : kept->bound_iops;

    if (kept->inst < 0)
        return true;
    if (got != had)
        return got > had;
    return c->total_usd_month < kept->total_usd_month;
}

/* Keep candidate c as in's reach on each rate it bounds highest on. */
static void note_reach(struct adv_inst *in, const struct adv_cand *c)
{
    for (int r = 0; r < 2; r++)
        if (reaches_further(c, &in->reach[r], r))
            in->reach[r] = *c;
}

/* ---- the latency floor's figures ------------------------------------ */

static void floor_reset(struct adv_floor *fl)
{
    memset(fl, 0, sizeof *fl);
    fl->floor_us = INFINITY;
}

/* A floor of `type` seen: the lowest of fl, if below it. */
static void floor_seen(struct adv_floor *fl, const char *type, double floor_us)
{
    if (floor_us >= fl->floor_us)
        return;
    fl->floor_us = floor_us;
    snprintf(fl->floor_type, sizeof fl->floor_type, "%s", type);
}

/* n candidates of `type` (on `platform`, "" any) set aside, the lowest
   of their latency bounds bound_us. */
static void floor_set_aside(struct adv_floor *fl, const char *type, const char *platform,
                            long n, double bound_us)
{
    int k = 0;

    while (k < fl->n_types && (strcmp(fl->type[k].type, type) != 0 ||
                               strcmp(fl->type[k].platform, platform) != 0))
        k++;
    if (k == fl->n_types) {
        if (k == ADV_MAX_LIST)
            return;             /* more types than a space holds */
        fl->n_types++;
        fl->type[k] = (struct adv_aside){ .lowest_bound_us = INFINITY };
        snprintf(fl->type[k].type, sizeof fl->type[k].type, "%s", type);
        snprintf(fl->type[k].platform, sizeof fl->type[k].platform, "%s", platform);
    }
    fl->type[k].candidates += n;
    fl->type[k].lowest_bound_us = fmin(fl->type[k].lowest_bound_us, bound_us);
    fl->set_aside += n;
}

/* Everything of `from` into `into` (the space's from its instances'). */
static void floor_add(struct adv_floor *into, const struct adv_floor *from)
{
    if (isfinite(from->floor_us))
        floor_seen(into, from->floor_type, from->floor_us);
    for (int k = 0; k < from->n_types; k++)
        floor_set_aside(into, from->type[k].type, from->type[k].platform,
                        from->type[k].candidates, from->type[k].lowest_bound_us);
}

/* The platform whose own latency v's type takes on in ("xen" for io2
   off Nitro), or "" when it is the type's on any platform. */
static const char *latency_platform(const struct vol_profile *v, const struct inst_profile *in)
{
    struct prof_latency on;

    prof_volume_latency(v, in, &on);    /* v->lat: the type's on any */
    if (memcmp(&on, &v->lat, sizeof on) == 0)
        return "";
    return prof_platform_name(in->platform);
}

/* The latency bound of a group (one type and disk count on one
   instance): its floor, and the least load that reaches the IOPS target
   for the queueing part (advise_bound.c); what it set aside. */
struct group_lat {
    double floor_us;
    int load;
    bool too_slow;                  /* the floor alone is above the target */
    long aside;
    double aside_us;                /* the lowest bound set aside */
};

static void group_lat_init(struct group_lat *gl, const struct adv_space *s,
                           const struct adv_targets *t, const struct adv_inst *in,
                           const struct adv_volopt *vo)
{
    gl->floor_us = adv_latency_floor_us(t, &in->p, &vo->v);
    gl->load = adv_queue_load(t, vo->disks, gl->floor_us);
    gl->too_slow = t->need_lat_us > 0 && gl->floor_us > t->need_lat_us && !s->keep_all;
    gl->aside = 0;
    gl->aside_us = INFINITY;
}

/* Whether a candidate bounding bound_iops is set aside by the latency
   bound of its group (counted there). */
static bool group_lat_aside(struct group_lat *gl, const struct adv_space *s,
                            const struct adv_targets *t, double bound_iops)
{
    double us = gl->too_slow ? gl->floor_us
                             : fmax(gl->floor_us, adv_latency_queue_us(gl->load, bound_iops));

    if (t->need_lat_us <= 0 || us <= t->need_lat_us || s->keep_all)
        return false;
    gl->aside++;
    gl->aside_us = fmin(gl->aside_us, us);
    return true;
}

/* The candidates of instance i over the options of one type and disk
   count, [from, to), sorted by cost. */
static int group_candidates(struct adv_space *s, const struct adv_cfg *cfg,
                            int i, int from, int to, bool burst, bool burst_only,
                            struct cand_buf *cb, long *enumerated)
{
    struct adv_inst *in = &s->inst[i];
    const struct adv_targets *t = &cfg->targets;
    double kept_mbps[64], kept_iops[64];
    int n_kept = 0, rc;
    struct adv_inst_rates ir;

    /* whether the instance may carry them, and what it carries alone,
       are the same for the whole group: same type and disks */
    if (from >= to || !may_carry(in, &s->opt[from]))
        return 0;
    adv_inst_rates(t, &in->p, &s->opt[from].v, burst ? 0 : INFINITY, &ir);
    struct group_lat gl;
    group_lat_init(&gl, s, t, in, &s->opt[from]);
    floor_seen(&in->lat, s->opt[from].v.type, gl.floor_us);
    for (int o = from; o < to; o++) {
        const struct adv_volopt *vo = &s->opt[o];
        struct adv_bound bd;
        bool dominated = false;

        if (burst_only && !in->p.burst && !adv_volume_bursts(&vo->v))
            return 0;           /* burst credits change nothing here */
        (*enumerated)++;
        if (gl.too_slow) {
            group_lat_aside(&gl, s, t, 0);
            continue;
        }
        adv_bound_with(t, &in->p, &vo->v, vo->disks, &ir, &bd);
        struct adv_cand c = {
            .total_usd_month = adv_cost_total(in->usd_month, vo->disks, vo->usd_month) +
                               in->licence_usd_month,
            .inst = i, .opt = o, .bound_mbps = (float)bd.mbps, .bound_iops = (float)bd.iops };
        note_instance(in, t, &bd);
        note_reach(in, &c);
        double ratio = fmin(bound_ratio(t, &bd), schedule_ratio(t, in, vo));
        if (t->schedule)
            keep_closer(&in->reach_day, &in->reach_day_ratio, &c, ratio);
        if (ratio * ADV_BOUND_SLACK < 1 && !s->keep_all) {
            keep_closer(&in->closest, &in->closest_ratio, &c, ratio);
            continue;
        }
        if (group_lat_aside(&gl, s, t, bd.iops))
            continue;
        for (int k = 0; k < n_kept && !dominated; k++)
            dominated = kept_mbps[k] >= bd.mbps && kept_iops[k] >= bd.iops;
        if (dominated && !s->keep_all)
            continue;
        if (n_kept < N_OF(kept_mbps)) {
            kept_mbps[n_kept] = bd.mbps;
            kept_iops[n_kept++] = bd.iops;
        }
        if ((rc = cand_push(cb, &c)) < 0)
            return rc;
    }
    if (gl.aside > 0)
        floor_set_aside(&in->lat, s->opt[from].v.type,
                        latency_platform(&s->opt[from].v, &in->p), gl.aside, gl.aside_us);
    return 0;
}

/* ---- the space -------------------------------------------------------- */

/* The most data volumes any instance searched attaches. */
static int most_attachable(const struct adv_space *s)
{
    int most = 0;
    for (long i = 0; i < s->n_inst; i++)
        if (s->inst[i].max_data_disks > most)
            most = s->inst[i].max_data_disks;
    return most;
}

/* The disk counts searched, [lo, hi]: --min-disks (default 4) to
   --max-disks (default the most volumes an instance searched attaches,
   `most`), and at least what the redundancy needs. */
static int check_disks(const struct adv_cfg *cfg, int most, int *lo, int *hi, char *why,
                       size_t why_len)
{
    const struct adv_space_cfg *sc = &cfg->space;
    int need = mirror_free_disks(cfg->targets.redundancy) + 1;

    if (need < min_failgroups(cfg->targets.redundancy))
        need = min_failgroups(cfg->targets.redundancy);
    *lo = sc->min_disks > 0 ? sc->min_disks : ADV_DEFAULT_MIN_DISKS;
    *hi = sc->max_disks > 0 ? sc->max_disks : most;
    if (*hi > LAY_MAX_DISKS)
        *hi = LAY_MAX_DISKS;
    if (*hi < need) {
        snprintf(why, why_len, "--max-disks %d: below the %d disks %s "
                 "redundancy needs at least", *hi, need,
                 lay_redundancy_name(cfg->targets.redundancy));
        return -EINVAL;
    }
    if (*lo < need)
        *lo = need;
    if (*lo <= *hi)
        return 0;
    if (sc->max_disks > 0)
        snprintf(why, why_len, "--max-disks %d: below --min-disks %d%s", *hi, *lo,
                 sc->min_disks > 0 ? "; give a range from the least disks to the most"
                                   : " (the default: ASM's 4 disks per disk group); "
                                     "give --min-disks too");
    else
        snprintf(why, why_len, "--min-disks %d: above the default --max-disks %d "
                 "(the most volumes an instance searched attaches)", *lo, *hi);
    return -EINVAL;
}

/* ---- building it, on cfg->jobs threads ---------------------------------

   Each task writes only its own buffer (the options of one type and disk
   count, the candidates of one instance); the buffers are joined in task
   order afterwards, so the space is the same for any thread count. */

struct option_tasks {
    const struct adv_cfg *cfg;
    struct type_list tl;
    int lo, n_disks;                /* disk counts lo .. lo + n_disks - 1 */
    struct opt_buf *buf;            /* [groups] */
    int *rc;
};

/* The task's buffer and counters are its own until it is done: the
   neighbouring slots of t->buf share cache lines, and a thread counting
   into them would slow the other down (false sharing). */
static void option_task(void *arg, long g)
{
    struct option_tasks *t = arg;
    const char *type = t->tl.name[g / t->n_disks];
    int disks = t->lo + (int)(g % t->n_disks);
    struct opt_buf b = { NULL, 0, 0 };

    t->rc[g] = type_options(&b, type, disks, t->cfg);
    t->buf[g] = b;
}

/* Some instance searched attaches the least disk count: else the space is
   empty, and saying why beats "searched 0 candidates". */
static int check_attachable(int most, int lo, char *why, size_t why_len)
{
    if (lo <= most)
        return 0;
    snprintf(why, why_len, "--min-disks %d: above the %d data volumes the instances "
             "searched attach at most", lo, most);
    return -EINVAL;
}

static int build_options(const struct adv_cfg *cfg, struct adv_space *s,
                         char *why, size_t why_len)
{
    struct option_tasks t = { .cfg = cfg };
    int hi, rc, n, most = most_attachable(s);

    if ((rc = select_types(&cfg->space, &t.tl, why, why_len)) < 0 ||
        (rc = check_disks(cfg, most, &t.lo, &hi, why, why_len)) < 0 ||
        (rc = check_attachable(most, t.lo, why, why_len)) < 0)
        return rc;
    t.n_disks = hi - t.lo + 1;
    n = t.tl.n * t.n_disks;
    t.buf = calloc((size_t)n, sizeof *t.buf);
    t.rc = calloc((size_t)n, sizeof *t.rc);
    s->group_start = calloc((size_t)n + 1, sizeof *s->group_start);
    rc = t.buf && t.rc && s->group_start ? 0 : -ENOMEM;
    if (rc == 0)
        sim_parallel_for(n, cfg->jobs, option_task, &t);
    long total = 0;
    for (int g = 0; g < n && rc == 0; g++) {
        rc = t.rc[g];
        total += t.buf ? t.buf[g].n : 0;
    }
    if (rc == 0 && total > 0 && !(s->opt = malloc((size_t)total * sizeof *s->opt)))
        rc = -ENOMEM;
    for (int g = 0; g < n && rc == 0; g++) {
        s->group_start[g] = s->n_opt;
        if (t.buf[g].n > 0)
            memcpy(s->opt + s->n_opt, t.buf[g].v, (size_t)t.buf[g].n * sizeof *s->opt);
        s->n_opt += (int)t.buf[g].n;
    }
    if (rc == 0) {
        s->group_start[n] = s->n_opt;
        s->n_groups = n;
    }
    for (int g = 0; t.buf && g < n; g++)
        free(t.buf[g].v);
    free(t.buf);
    free(t.rc);
    return rc;
}

struct cand_tasks {
    struct adv_space *s;
    const struct adv_cfg *cfg;
    bool burst, burst_only;
    struct cand_buf *buf;           /* [instances] */
    long *enumerated;
    int *rc;
};

/* As option_task: the buffer and counts on the stack until the end. */
static void cand_task(void *arg, long i)
{
    struct cand_tasks *t = arg;
    struct adv_inst *in = &t->s->inst[i];
    struct cand_buf b = { NULL, 0, 0 };
    long enumerated = 0;
    int rc = 0;

    in->closest_ratio = in->reach_day_ratio = -1;
    in->inst_ratio = -1;
    floor_reset(&in->lat);
    in->reach[0].inst = in->reach[1].inst = in->reach_day.inst = -1;
    for (int k = 0; k < t->s->n_groups && rc == 0; k++)
        rc = group_candidates(t->s, t->cfg, (int)i, t->s->group_start[k],
                              t->s->group_start[k + 1], t->burst, t->burst_only,
                              &b, &enumerated);
    t->buf[i] = b;
    t->enumerated[i] = enumerated;
    t->rc[i] = rc;
}

/* Count instance in's options set aside by the latency floor into s,
   and keep its lowest floor if it is the space's, and its reach on each
   rate and of the day if it is the space's. */
static void note_space_figures(struct adv_space *s, const struct adv_inst *in)
{
    for (int r = 0; r < 2; r++)
        if (in->reach[r].inst >= 0 && reaches_further(&in->reach[r], &s->reach[r], r))
            s->reach[r] = in->reach[r];
    if (in->reach_day_ratio >= 0)
        keep_closer(&s->reach_day, &s->reach_day_ratio, &in->reach_day,
                    in->reach_day_ratio);
    floor_add(&s->lat, &in->lat);
}

int adv_space_candidates(struct adv_space *s, const struct adv_cfg *cfg,
                         bool burst, bool burst_only)
{
    struct cand_tasks t = { s, cfg, burst, burst_only, NULL, NULL, NULL };
    int rc = 0;

    free(s->cand);
    s->cand = NULL;
    s->n_cand = 0;
    s->enumerated = 0;
    floor_reset(&s->lat);
    s->reach[0].inst = s->reach[1].inst = s->reach_day.inst = -1;
    s->reach_day_ratio = -1;
    t.buf = calloc((size_t)s->n_inst, sizeof *t.buf);
    t.enumerated = calloc((size_t)s->n_inst, sizeof *t.enumerated);
    t.rc = calloc((size_t)s->n_inst, sizeof *t.rc);
    if (!t.buf || !t.enumerated || !t.rc)
        rc = -ENOMEM;
    if (rc == 0)
        sim_parallel_for(s->n_inst, cfg->jobs, cand_task, &t);
    long total = 0;
    for (int i = 0; i < s->n_inst && rc == 0; i++) {
        rc = t.rc[i];
        total += t.buf[i].n;
        s->enumerated += t.enumerated[i];
        note_space_figures(s, &s->inst[i]);
    }
    if (rc == 0 && total > 0 && !(s->cand = malloc((size_t)total * sizeof *s->cand)))
        rc = -ENOMEM;
    for (int i = 0; i < s->n_inst && rc == 0; i++) {
        if (t.buf[i].n > 0)
            memcpy(s->cand + s->n_cand, t.buf[i].v, (size_t)t.buf[i].n * sizeof *s->cand);
        s->n_cand += t.buf[i].n;
    }
    for (int i = 0; t.buf && i < s->n_inst; i++)
        free(t.buf[i].v);
    free(t.buf);
    free(t.enumerated);
    free(t.rc);
    return rc;
}

int adv_space_options(const struct adv_cfg *cfg, const char *label, struct adv_space *s,
                      char *why, size_t why_len)
{
    char w[400];
    int rc;

    memset(s, 0, sizeof *s);
    if ((rc = select_instances(cfg, s, why, why_len)) == 0 &&
        (rc = build_options(cfg, s, w, sizeof w)) < 0)
        snprintf(why, why_len, "%s: %s", label, w);
    if (rc < 0) {
        adv_space_free(s);
        if (rc == -ENOMEM)
            snprintf(why, why_len, "out of memory building the candidate space");
        return rc;
    }
    return 0;
}

int adv_space_build(const struct adv_cfg *user_cfg, bool keep_all,
                    struct adv_space *s, char *why, size_t why_len)
{
    struct adv_cfg buf;
    const struct adv_cfg *cfg = adv_bound_cfg(user_cfg, &buf);
    int rc;

    memset(s, 0, sizeof *s);
    s->keep_all = keep_all;
    if ((rc = select_instances(cfg, s, why, why_len)) < 0 ||
        (rc = build_options(cfg, s, why, why_len)) < 0 ||
        (rc = adv_space_candidates(s, cfg, cfg->space.burst_ok, false)) < 0) {
        adv_space_free(s);
        if (rc == -ENOMEM)
            snprintf(why, why_len, "out of memory building the candidate space");
        return rc;
    }
    return 0;
}

void adv_space_free(struct adv_space *s)
{
    free(s->inst);
    free(s->aside);
    free(s->opt);
    free(s->group_start);
    free(s->cand);
    memset(s, 0, sizeof *s);
}

void adv_space_config(const struct adv_space *s, const struct adv_cand *k,
                      struct adv_config *out)
{
    const struct adv_inst *in = &s->inst[k->inst];
    const struct adv_volopt *o = &s->opt[k->opt];

    memset(out, 0, sizeof *out);
    out->instance = in->p;
    out->volume = o->v;
    out->disks = o->disks;
    out->failgroups = o->disks;
    out->usable_bytes = o->usable_bytes;
    out->instance_usd_month = in->usd_month;
    out->volume_usd_month = o->usd_month;
    out->volumes_usd_month = price_volumes_month(o->disks, o->usd_month);
    out->licence_units = in->licence_units;
    out->licence_usd_month = in->licence_usd_month;
    out->total_usd_month = out->instance_usd_month + out->volumes_usd_month +
                           out->licence_usd_month;
}
