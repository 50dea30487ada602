/*
 * workload.c - the logical I/O generators: random and sequential classes,
 * size mixes, access skew and the read/write mix.  ORION's small and
 * large are two classes of it.
 *
 * The model.  Each class has a space [0, capacity_c): ORION's two share
 * the workload's, a database's classes have their disk group's.  An I/O
 * of class c has a size (its one size, or one drawn from its mix with
 * the mix's weights: a draw of rng_below(sum of weights) against the
 * running sums; no draw for one size) and a start offset:
 *
 *   random:      offset = u * align_c,  u uniform over 0 .. slots_c - 1,
 *                slots_c = ceil((capacity - size_c) / align_c)
 *
 *                align_c is the largest power of two that divides size_c,
 *                and at least align_bytes: I/Os sit at multiples of their
 *                size as database blocks do (an 8 KiB block never
 *                straddles an allocation unit), while odd sizes such as
 *                24 KiB still fall on 8 KiB boundaries.  align_bytes is
 *                512 by default, the sector redo is written in: a 512 B
 *                I/O sits at any multiple of 512 B, a 1536 B one (three
 *                redo blocks) too, as LGWR's writes follow one another in
 *                the log with no gap.  Aligning such an I/O to 4 KiB
 *                instead would leave seven of eight sectors unused; and
 *                since every multiple of 4 KiB (the only sizes there were
 *                before) has a power-of-two divisor of at least 4 KiB,
 *                their offsets are the same with 512 as with the 4 KiB
 *                default before (4.5 KiB, a new size, sits on 512 B).
 *
 *                i.e. a uniform draw over [0, capacity - size_c) aligned
 *                down to the alignment, with every aligned start equally
 *                likely (drawing a byte and then rounding down would give
 *                the last slot less weight when capacity - size_c is not a
 *                multiple of the alignment).  Every offset is < capacity -
 *                size_c, so every I/O ends inside the space.  A mix keeps
 *                slots and alignment per size.
 *
 *   hot skew:    with probability hot_share (one rng_unit draw) the
 *                offset is drawn as above over the hot region [0, H),
 *                H = hot_frac x capacity, else over [H', capacity) with H'
 *                H rounded up to the alignment: the cold region.  Both
 *                must hold the class's largest I/O.
 *
 *   zipf skew:   the space is cut into WL_ZIPF_ZONES zones; the zone of
 *                popularity rank k (1 = hottest) is drawn with
 *                probability proportional to 1 / k^theta (a binary
 *                search of one rng_unit draw in the cumulative table,
 *                fixed memory per class), lies at zone (k-1) x 389 mod
 *                WL_ZIPF_ZONES (389 odd: a permutation, so the hot zones
 *                are spread over the space, not packed at its start), and
 *                the offset is drawn as above within it.
 *
 *   sequential:  stream s of S starts at floor(s * capacity / S) rounded
 *                down to the class's stream unit (its size; 512 B for a
 *                mix), clamped so its first I/O fits, and each I/O returns
 *                the stream's cursor and advances it by the I/O's size.
 *                When the class's largest I/O would pass the end of the
 *                space from there, the cursor wraps to 0.  Cursors are
 *                therefore always multiples of a one-size class's size,
 *                and every I/O lies inside [0, capacity).
 *
 *   write mix:   is_write = rng_below(100) < write_pct, the I/O's class's
 *                (wl_set_class_write_pct; ORION's: one for both by
 *                default).  At 0 % and 100 % no number is drawn, so those are exact and do not perturb
 *                the offset sequence.
 *
 * Invariants.  One rng per generator, seeded from cfg.seed: same
 * configuration and call sequence -> same I/Os on any platform.  The stream
 * cursors sit in a fixed array of WL_MAX_STREAMS per sequential class,
 * allocated by wl_create, so nothing is allocated after it.  Draws happen
 * in one order (size, skew, offset, write), and a class with one size, no
 * skew and a write share of 0 or 100 % draws exactly as ORION's classes
 * always have: one number per random I/O, none per sequential one.
 *
 * Why it looks like this.  wl_next runs for every logical I/O (tens of
 * millions per second against the null backend), so everything that
 * depends only on the configuration (slot counts, the alignment shift, the
 * last valid cursor, whether to draw for the write mix) is computed once at
 * create time.  The hot path of ORION's classes is one rng multiply-shift,
 * one shift, and a compare for the wrap; there is no division.
 */
#include "workloads/workload.h"

#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "layouts/units.h"
#include "layouts/why.h"
#include "workloads/rng.h"

#define WL_DEFAULT_ALIGN_BYTES 512u
#define WL_MIN_ALIGN_BYTES 512u
#define ZIPF_ZONE_STRIDE 389u       /* odd: k x 389 mod 1024 permutes */

/* One size of a class: its bytes, alignment and aligned start slots over
   the regions its skew draws from. */
struct size_slots {
    uint32_t bytes;
    unsigned shift;                 /* log2 of its alignment */
    uint64_t all;                   /* slots over the whole space */
    uint64_t hot;                   /* WL_SKEW_HOT: in [0, hot_end) */
    uint64_t cold;                  /* WL_SKEW_HOT: in [cold_base, end) */
    uint64_t cold_base;
    uint64_t zone;                  /* WL_SKEW_ZIPF: within one zone */
};

/* A class as wl_next draws it: everything resolved at create time. */
struct wl_class_state {
    int n_sizes;
    struct size_slots size[WL_MAX_SIZES];
    uint32_t weight_sum;
    uint32_t cum_weight[WL_MAX_SIZES];  /* running sums of the weights */
    uint32_t max_bytes;
    double mean_bytes;
    uint64_t capacity_bytes;
    enum wl_skew skew;
    double hot_share;
    uint64_t zone_bytes;            /* WL_SKEW_ZIPF */
    double *zipf_cdf;               /* [WL_ZIPF_ZONES], by rank */
    uint64_t stream_unit;           /* starts are multiples of this */
    int n_streams;
};

struct wl {
    struct wl_fast fast;            /* first: wl_next's view (workload.h) */
    struct wl_cfg cfg;              /* as given; align_bytes resolved */
    int n_classes;
    struct wl_class_state cls[WL_MAX_CLASSES];
};

static uint32_t resolved_align(const struct wl_cfg *cfg)
{
    return cfg->align_bytes ? cfg->align_bytes : WL_DEFAULT_ALIGN_BYTES;
}

void wl_cfg_defaults(struct wl_cfg *cfg, uint64_t capacity_bytes)
{
    *cfg = (struct wl_cfg){
        .capacity_bytes = capacity_bytes,
        .small_bytes = 8u * 1024u,
        .large_bytes = 128u * 1024u,
        .large_type = WL_LARGE_RAND,
        .write_pct = 0,
        .align_bytes = WL_DEFAULT_ALIGN_BYTES,
        .seed = 1,
    };
}

/* ORION's two classes as the general kind: what wl_create builds when
   the configuration lists none. */
static void orion_classes(const struct wl_cfg *cfg,
                          struct wl_class_cfg out[WL_CLASSES])
{
    out[WL_SMALL] = (struct wl_class_cfg){
        .sizes = { .n = 1, .bytes = { cfg->small_bytes }, .weight = { 1 } },
        .pattern = WL_RANDOM,
        .write_pct = cfg->write_pct,
    };
    out[WL_LARGE] = out[WL_SMALL];
    out[WL_LARGE].sizes.bytes[0] = cfg->large_bytes;
    out[WL_LARGE].pattern =
        cfg->large_type == WL_LARGE_SEQ ? WL_SEQUENTIAL : WL_RANDOM;
}

static int check_size(const char *flag, uint32_t size, uint32_t align,
                      char *why, size_t why_len)
{
    if (size == 0) {
        why_set(why, why_len, "%s 0: must be more than 0 bytes", flag);
        return -EINVAL;
    }
    if (size & (align - 1)) {
        why_set(why, why_len, "%s %u: must be a multiple of %u bytes", flag,
                size, align);
        return -EINVAL;
    }
    return 0;
}

static uint32_t mix_max(const struct wl_size_mix *m)
{
    uint32_t big = 0;
    for (int i = 0; i < m->n; i++)
        big = m->bytes[i] > big ? m->bytes[i] : big;
    return big;
}

static uint64_t class_capacity(const struct wl_cfg *cfg,
                               const struct wl_class_cfg *c)
{
    return c->capacity_bytes ? c->capacity_bytes : cfg->capacity_bytes;
}

/* Whether each region a skewed class draws from holds its largest I/O. */
static int check_skew(int i, const struct wl_class_cfg *c, uint64_t cap,
                      char *why, size_t why_len)
{
    uint32_t big = mix_max(&c->sizes);
    if (c->skew == WL_SKEW_HOT) {
        if (!(c->hot_frac > 0 && c->hot_frac < 1) ||
            !(c->hot_share > 0 && c->hot_share <= 1)) {
            why_set(why, why_len, "class %d: hot skew %g of the space taking "
                    "%g of the I/O: the fraction must be in (0, 1), the share "
                    "in (0, 1]", i + 1, c->hot_frac, c->hot_share);
            return -EINVAL;
        }
        double hot = c->hot_frac * (double)cap;
        if (hot <= 2.0 * big || (double)cap - hot <= 2.0 * big) {
            why_set(why, why_len, "class %d: hot skew %g of %llu bytes: the "
                    "hot and the cold part must each hold two of its largest "
                    "I/O (%u bytes)", i + 1, c->hot_frac,
                    (unsigned long long)cap, big);
            return -EINVAL;
        }
    } else if (c->skew == WL_SKEW_ZIPF) {
        if (!(c->zipf_theta > 0 && c->zipf_theta < 10)) {
            why_set(why, why_len, "class %d: zipf theta %g: must be in "
                    "(0, 10)", i + 1, c->zipf_theta);
            return -EINVAL;
        }
        if (cap / WL_ZIPF_ZONES <= 2ull * big) {
            why_set(why, why_len, "class %d: zipf over %u zones of %llu "
                    "bytes: each zone must hold two of its largest I/O (%u "
                    "bytes)", i + 1, WL_ZIPF_ZONES, (unsigned long long)cap, big);
            return -EINVAL;
        }
    } else if (c->skew != WL_SKEW_UNIFORM) {
        why_set(why, why_len, "class %d: skew %d unknown", i + 1, (int)c->skew);
        return -EINVAL;
    }
    return 0;
}

static int check_class(const struct wl_cfg *cfg, int i,
                       const struct wl_class_cfg *c, uint32_t align,
                       char *why, size_t why_len)
{
    if (c->sizes.n < 1 || c->sizes.n > WL_MAX_SIZES) {
        why_set(why, why_len, "class %d: %d sizes: 1..%d", i + 1, c->sizes.n,
                WL_MAX_SIZES);
        return -EINVAL;
    }
    for (int k = 0; k < c->sizes.n; k++) {
        int rc = check_size("{size}", c->sizes.bytes[k], align, why, why_len);
        if (rc)
            return rc;
        if (c->sizes.weight[k] == 0) {
            why_set(why, why_len, "class %d: size %u has weight 0", i + 1,
                    c->sizes.bytes[k]);
            return -EINVAL;
        }
    }
    uint64_t cap = class_capacity(cfg, c);
    if (cap <= mix_max(&c->sizes)) {
        why_set(why, why_len, "class %d: capacity %llu bytes: must be larger "
                "than its largest I/O (%u bytes)", i + 1,
                (unsigned long long)cap, mix_max(&c->sizes));
        return -EINVAL;
    }
    if (c->write_pct < 0 || c->write_pct > 100) {
        why_set(why, why_len, "class %d: write %d: must be a percentage, "
                "0..100", i + 1, c->write_pct);
        return -EINVAL;
    }
    if (c->pattern != WL_RANDOM && c->pattern != WL_SEQUENTIAL) {
        why_set(why, why_len, "class %d: pattern %d: must be random or "
                "sequential", i + 1, (int)c->pattern);
        return -EINVAL;
    }
    return c->pattern == WL_RANDOM ? check_skew(i, c, cap, why, why_len) : 0;
}

/* ORION's fields, in their flags' words. */
static int check_orion(const struct wl_cfg *cfg, uint32_t align, char *why,
                       size_t why_len)
{
    int rc = check_size("{size_small}", cfg->small_bytes, align, why, why_len);
    if (rc)
        return rc;
    rc = check_size("{size_large}", cfg->large_bytes, align, why, why_len);
    if (rc)
        return rc;
    if (cfg->capacity_bytes <= cfg->small_bytes ||
        cfg->capacity_bytes <= cfg->large_bytes) {
        uint32_t big = cfg->small_bytes > cfg->large_bytes ? cfg->small_bytes
                                                           : cfg->large_bytes;
        why_set(why, why_len,
                "capacity %llu bytes: must be larger than the largest I/O "
                "(%u bytes)",
                (unsigned long long)cfg->capacity_bytes, big);
        return -EINVAL;
    }
    if (cfg->write_pct < 0 || cfg->write_pct > 100) {
        why_set(why, why_len, "{write} %d: must be a percentage, 0..100",
                cfg->write_pct);
        return -EINVAL;
    }
    if (cfg->large_type != WL_LARGE_RAND && cfg->large_type != WL_LARGE_SEQ) {
        why_set(why, why_len, "{type} %d: must be rand or seq",
                (int)cfg->large_type);
        return -EINVAL;
    }
    return 0;
}

bool wl_cfg_writes(const struct wl_cfg *cfg)
{
    if (cfg->n_classes == 0)
        return cfg->write_pct > 0;
    for (int c = 0; c < cfg->n_classes; c++)
        if (cfg->classes[c].write_pct > 0)
            return true;
    return false;
}

int wl_cfg_check(const struct wl_cfg *cfg, char *why, size_t why_len)
{
    if (!cfg) {
        why_set(why, why_len, "workload: no configuration given");
        return -EINVAL;
    }
    uint32_t align = resolved_align(cfg);
    if (align < WL_MIN_ALIGN_BYTES || !units_is_pow2(align)) {
        why_set(why, why_len,
                "{align} %u: must be a power of two of at least %u bytes",
                align, WL_MIN_ALIGN_BYTES);
        return -EINVAL;
    }
    if (cfg->n_classes == 0)
        return check_orion(cfg, align, why, why_len);
    if (cfg->n_classes < 0 || cfg->n_classes > WL_MAX_CLASSES) {
        why_set(why, why_len, "workload: %d classes: 1..%d", cfg->n_classes,
                WL_MAX_CLASSES);
        return -EINVAL;
    }
    for (int i = 0; i < cfg->n_classes; i++) {
        int rc = check_class(cfg, i, &cfg->classes[i], align, why, why_len);
        if (rc)
            return rc;
    }
    return 0;
}

static unsigned log2_u32(uint32_t pow2)
{
    unsigned s = 0;
    while ((1u << s) < pow2)
        s++;
    return s;
}

/* Aligned starts of an I/O of `size` (alignment 1 << shift) that lie in
   [0, span - size]: ceil((span - size) / align), at least 1. */
static uint64_t slots_in(uint64_t span, uint32_t size, unsigned shift)
{
    if (span <= size)
        return 1;
    uint64_t mask = (1ull << shift) - 1;
    return ((span - size) + mask) >> shift;
}

static void size_setup(struct wl_class_state *st, int k, uint32_t bytes,
                       uint32_t align, const struct wl_class_cfg *c)
{
    struct size_slots *z = &st->size[k];
    unsigned natural = (unsigned)__builtin_ctz(bytes);
    unsigned least = log2_u32(align);
    z->bytes = bytes;
    z->shift = natural > least ? natural : least;
    z->all = slots_in(st->capacity_bytes, bytes, z->shift);
    if (c->skew == WL_SKEW_HOT) {
        uint64_t hot_end = (uint64_t)(c->hot_frac * (double)st->capacity_bytes);
        uint64_t mask = (1ull << z->shift) - 1;
        z->hot = slots_in(hot_end, bytes, z->shift);
        z->cold_base = (hot_end + mask) & ~mask;
        z->cold = slots_in(st->capacity_bytes - z->cold_base, bytes, z->shift);
    } else if (c->skew == WL_SKEW_ZIPF) {
        /* a zone's start rounds up to the alignment: one alignment
           less keeps every I/O of the last zone inside the space */
        z->zone = slots_in(st->zone_bytes - (1ull << z->shift), bytes, z->shift);
    }
}

/* The zipf table: cumulative probability of the zones by rank. */
static int zipf_setup(struct wl_class_state *st, double theta)
{
    st->zipf_cdf = calloc(WL_ZIPF_ZONES, sizeof(*st->zipf_cdf));
    if (!st->zipf_cdf)
        return -ENOMEM;
    double sum = 0;
    for (int k = 0; k < WL_ZIPF_ZONES; k++) {
        sum += 1.0 / pow((double)(k + 1), theta);
        st->zipf_cdf[k] = sum;
    }
    for (int k = 0; k < WL_ZIPF_ZONES; k++)
        st->zipf_cdf[k] /= sum;
    st->zipf_cdf[WL_ZIPF_ZONES - 1] = 1.0;
    return 0;
}

static int class_setup(wl *w, int cls, const struct wl_class_cfg *c)
{
    struct wl_class_state *st = &w->cls[cls];
    struct wl_class_hot *h = &w->fast.hot[cls];
    uint32_t align = w->cfg.align_bytes;
    st->capacity_bytes = class_capacity(&w->cfg, c);
    st->n_sizes = c->sizes.n;
    h->seq = c->pattern == WL_SEQUENTIAL;
    st->skew = h->seq ? WL_SKEW_UNIFORM : c->skew;
    h->plain = c->sizes.n == 1 && st->skew == WL_SKEW_UNIFORM;
    st->hot_share = c->hot_share;
    st->zone_bytes = st->capacity_bytes / WL_ZIPF_ZONES;
    st->max_bytes = mix_max(&c->sizes);
    double weighted = 0;
    for (int k = 0; k < c->sizes.n; k++) {
        size_setup(st, k, c->sizes.bytes[k], align, c);
        st->weight_sum += c->sizes.weight[k];
        st->cum_weight[k] = st->weight_sum;
        weighted += (double)c->sizes.bytes[k] * c->sizes.weight[k];
    }
    st->mean_bytes = weighted / st->weight_sum;
    h->bytes = st->size[0].bytes;
    h->shift = st->size[0].shift;
    h->slots = st->size[0].all;
    if (st->skew == WL_SKEW_ZIPF && zipf_setup(st, c->zipf_theta) < 0)
        return -ENOMEM;
    if (!h->seq)
        return 0;
    st->stream_unit = c->sizes.n == 1 ? c->sizes.bytes[0] : align;
    h->seq_last_start_bytes = (st->capacity_bytes - st->max_bytes) /
                              st->stream_unit * st->stream_unit;
    h->cursor_bytes = calloc(WL_MAX_STREAMS, sizeof(*h->cursor_bytes));
    return h->cursor_bytes ? 0 : -ENOMEM;
}

int wl_create(const struct wl_cfg *cfg, wl **out, char *why, size_t why_len)
{
    if (!out) {
        why_set(why, why_len, "workload: no handle to return");
        return -EINVAL;
    }
    *out = NULL;
    int rc = wl_cfg_check(cfg, why, why_len);
    if (rc)
        return rc;

    wl *w = calloc(1, sizeof(*w));
    if (!w) {
        why_set(why, why_len, "workload: out of memory");
        return -ENOMEM;
    }
    w->cfg = *cfg;
    w->cfg.align_bytes = resolved_align(cfg);
    rng_seed(&w->fast.rng, cfg->seed);
    struct wl_class_cfg orion[WL_CLASSES];
    const struct wl_class_cfg *classes = cfg->classes;
    w->n_classes = cfg->n_classes;
    if (w->n_classes == 0) {
        orion_classes(cfg, orion);
        classes = orion;
        w->n_classes = WL_CLASSES;
    }
    for (int c = 0; c < w->n_classes && rc == 0; c++) {
        rc = class_setup(w, c, &classes[c]);
        wl_set_class_write_pct(w, c, classes[c].write_pct);
        if (rc == 0 && w->fast.hot[c].seq)
            wl_start_streams(w, c, 1);
    }
    if (rc < 0) {
        why_set(why, why_len, "workload: out of memory");
        wl_destroy(w);
        return rc;
    }
    *out = w;
    return 0;
}

void wl_destroy(wl *w)
{
    if (!w)
        return;
    for (int c = 0; c < WL_MAX_CLASSES; c++) {
        free(w->fast.hot[c].cursor_bytes);
        free(w->cls[c].zipf_cdf);
    }
    free(w);
}

int wl_classes(const wl *w)
{
    return w->n_classes;
}

uint32_t wl_class_max_bytes(const wl *w, int cls)
{
    return w->cls[cls].max_bytes;
}

double wl_class_mean_bytes(const wl *w, int cls)
{
    return w->cls[cls].mean_bytes;
}

bool wl_class_seq(const wl *w, int cls)
{
    return w->fast.hot[cls].seq;
}

int wl_start_streams(wl *w, int cls, int streams)
{
    if (!w || cls < 0 || cls >= w->n_classes || !w->fast.hot[cls].seq ||
        streams < 1 || streams > WL_MAX_STREAMS)
        return -EINVAL;
    struct wl_class_state *st = &w->cls[cls];
    struct wl_class_hot *h = &w->fast.hot[cls];
    for (int s = 0; s < streams; s++) {
        /* s * capacity can pass 2^64 for large spaces: widen */
        uint64_t even = (uint64_t)((unsigned __int128)st->capacity_bytes *
                                   (unsigned)s / (unsigned)streams);
        uint64_t start = even / st->stream_unit * st->stream_unit;
        if (start > h->seq_last_start_bytes)
            start = h->seq_last_start_bytes;
        h->cursor_bytes[s] = start;
    }
    st->n_streams = h->n_streams = streams;
    return 0;
}

uint64_t wl_stream_cursor(const wl *w, int cls, int s)
{
    assert(w->fast.hot[cls].seq && s >= 0 && s < w->cls[cls].n_streams);
    return w->fast.hot[cls].cursor_bytes[s];
}

uint64_t wl_stream_spacing(const wl *w, int cls)
{
    const struct wl_class_state *st = &w->cls[cls];
    return st->n_streams > 0 ? st->capacity_bytes / (unsigned)st->n_streams : 0;
}

void wl_set_stream_cursor(wl *w, int cls, int s, uint64_t offset)
{
    const struct wl_class_state *st = &w->cls[cls];
    struct wl_class_hot *h = &w->fast.hot[cls];
    assert(h->seq && s >= 0 && s < st->n_streams);
    uint64_t start = offset / st->stream_unit * st->stream_unit;
    h->cursor_bytes[s] =
        start > h->seq_last_start_bytes ? h->seq_last_start_bytes : start;
}

static int clamp_pct(int pct)
{
    return pct < 0 ? 0 : pct > 100 ? 100 : pct;
}

void wl_set_class_write_pct(wl *w, int cls, int write_pct)
{
    struct wl_class_hot *h = &w->fast.hot[cls];
    write_pct = clamp_pct(write_pct);
    h->write_pct = (uint32_t)write_pct;
    h->write_draw = write_pct > 0 && write_pct < 100;
    h->write_fixed = write_pct == 100;
}

void wl_set_write_pct(wl *w, int write_pct)
{
    w->cfg.write_pct = clamp_pct(write_pct);
    for (int c = 0; c < w->n_classes; c++)
        wl_set_class_write_pct(w, c, write_pct);
}

int wl_class_write_pct(const wl *w, int cls)
{
    return (int)w->fast.hot[cls].write_pct;
}

/* The size of a mix's next I/O: its index among the class's sizes. */
static int draw_size(wl *w, const struct wl_class_state *st)
{
    uint32_t r = (uint32_t)rng_below(&w->fast.rng, st->weight_sum);
    int k = 0;
    while (r >= st->cum_weight[k])
        k++;
    return k;
}

/* The zone of a zipf draw: the rank's zone, spread by the stride. */
static uint64_t zipf_zone(wl *w, const struct wl_class_state *st)
{
    double u = rng_unit(&w->fast.rng);
    int lo = 0, hi = WL_ZIPF_ZONES - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (u < st->zipf_cdf[mid])
            hi = mid;
        else
            lo = mid + 1;
    }
    return ((uint64_t)lo * ZIPF_ZONE_STRIDE) % WL_ZIPF_ZONES;
}

/* A random offset for size z under the class's skew. */
static uint64_t random_offset(wl *w, const struct wl_class_state *st,
                              const struct size_slots *z)
{
    if (st->skew == WL_SKEW_HOT) {
        if (rng_unit(&w->fast.rng) < st->hot_share)
            return rng_below(&w->fast.rng, z->hot) << z->shift;
        return z->cold_base + (rng_below(&w->fast.rng, z->cold) << z->shift);
    }
    uint64_t zone = zipf_zone(w, st);
    uint64_t mask = (1ull << z->shift) - 1;
    uint64_t base = (zone * st->zone_bytes + mask) & ~mask;
    return base + (rng_below(&w->fast.rng, z->zone) << z->shift);
}

/* wl_next of a class with a size mix or a skew (workload.h's inline
   wl_next takes the plain classes itself). */
void wl_next_mixed(wl *w, int cls, int stream, struct wl_io *out)
{
    const struct wl_class_state *st = &w->cls[cls];
    struct wl_class_hot *h = &w->fast.hot[cls];
    const struct size_slots *z =
        st->n_sizes == 1 ? &st->size[0] : &st->size[draw_size(w, st)];
    assert(!h->seq || (stream >= 0 && stream < st->n_streams));
    out->offset_bytes = h->seq ? wl_seq_offset(h, stream, z->bytes)
                        : st->skew == WL_SKEW_UNIFORM
                            ? rng_below(&w->fast.rng, z->all) << z->shift
                            : random_offset(w, st, z);
    out->size_bytes = z->bytes;
    out->is_write = wl_draw_write(&w->fast.rng, h);
}

const struct wl_cfg *wl_config(const wl *w)
{
    return &w->cfg;
}
