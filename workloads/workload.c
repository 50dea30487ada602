/*
 * workload.c - ORION's logical I/O generators: small random, large random,
 * large sequential streams, and the read/write mix.
 *
 * The model.  One logical address space [0, capacity_bytes) is shared by
 * both classes.  An I/O of class c has a fixed size size_c (small_bytes or
 * large_bytes) and a start offset:
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
 *                size_c, so every I/O ends inside the space.
 *
 *   sequential:  stream s of S starts at floor(s * capacity / S) rounded
 *                down to a multiple of large_bytes (clamped so its first
 *                I/O fits), and each I/O returns the stream's cursor and
 *                advances it by large_bytes.  When the following I/O would
 *                pass the end of the space the cursor wraps to 0.  Cursors
 *                are therefore always multiples of large_bytes and every
 *                I/O lies inside [0, capacity).
 *
 *   write mix:   is_write = rng_below(100) < write_pct, the I/O's class's
 *                (wl_set_class_write_pct; one for both by default).  At 0 % and 100 %
 *                no number is drawn, so those are exact and do not perturb
 *                the offset sequence.
 *
 * Invariants.  One rng per generator, seeded from cfg.seed: same
 * configuration and call sequence -> same I/Os on any platform.  The stream
 * cursors sit in a fixed array of WL_MAX_STREAMS inside the handle, so
 * nothing is allocated after wl_create.
 *
 * Why it looks like this.  wl_next runs for every logical I/O (tens of
 * millions per second against the null backend), so everything that
 * depends only on the configuration (slot counts, the alignment shift, the
 * last valid cursor, whether to draw for the write mix) is computed once at
 * create time.  The hot path is one rng multiply-shift, one shift, and a
 * compare for the wrap; there is no division.
 */
#include "workloads/workload.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "layouts/units.h"
#include "layouts/why.h"
#include "workloads/rng.h"

#define WL_DEFAULT_ALIGN_BYTES 512u
#define WL_MIN_ALIGN_BYTES 512u

struct wl {
    struct wl_cfg cfg;              /* as given; align_bytes resolved */
    struct rng rng;
    uint64_t slots[WL_CLASSES];     /* aligned random start offsets per class */
    uint32_t size_bytes[WL_CLASSES];
    unsigned align_shift[WL_CLASSES]; /* log2 of each class's alignment */
    bool large_seq;                 /* WL_LARGE draws from the streams */
    /* the write mix per class [enum wl_class] (wl_set_class_write_pct;
       wl_set_write_pct sets both) */
    bool write_draw[WL_CLASSES];    /* 0 < write_pct < 100 */
    bool write_fixed[WL_CLASSES];   /* the answer when !write_draw */
    uint32_t write_pct[WL_CLASSES];
    uint64_t seq_last_start_bytes;  /* largest cursor whose I/O still fits */
    int n_streams;
    uint64_t cursor_bytes[WL_MAX_STREAMS];
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

static unsigned log2_u32(uint32_t pow2)
{
    unsigned s = 0;
    while ((1u << s) < pow2)
        s++;
    return s;
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
    rng_seed(&w->rng, cfg->seed);

    w->size_bytes[WL_SMALL] = cfg->small_bytes;
    w->size_bytes[WL_LARGE] = cfg->large_bytes;
    for (int c = 0; c < WL_CLASSES; c++) {
        unsigned natural = (unsigned)__builtin_ctz(w->size_bytes[c]);
        unsigned least = log2_u32(w->cfg.align_bytes);
        w->align_shift[c] = natural > least ? natural : least;
        /* ceil((capacity - size) / align) >= 1 since capacity > size */
        uint64_t span = cfg->capacity_bytes - w->size_bytes[c];
        uint64_t align_mask = (1ull << w->align_shift[c]) - 1;
        w->slots[c] = (span + align_mask) >> w->align_shift[c];
    }
    w->large_seq = cfg->large_type == WL_LARGE_SEQ;
    uint64_t large = cfg->large_bytes;
    w->seq_last_start_bytes = (cfg->capacity_bytes - large) / large * large;
    wl_set_write_pct(w, cfg->write_pct);
    wl_start_streams(w, 1);

    *out = w;
    return 0;
}

void wl_destroy(wl *w)
{
    free(w);
}

int wl_start_streams(wl *w, int streams)
{
    if (!w || streams < 1 || streams > WL_MAX_STREAMS)
        return -EINVAL;
    uint64_t large = w->cfg.large_bytes;
    for (int s = 0; s < streams; s++) {
        /* s * capacity can pass 2^64 for large spaces: widen */
        uint64_t even = (uint64_t)((unsigned __int128)w->cfg.capacity_bytes *
                                   (unsigned)s / (unsigned)streams);
        uint64_t start = even / large * large;
        if (start > w->seq_last_start_bytes)
            start = w->seq_last_start_bytes;
        w->cursor_bytes[s] = start;
    }
    w->n_streams = streams;
    return 0;
}

uint64_t wl_stream_cursor(const wl *w, int s)
{
    assert(s >= 0 && s < w->n_streams);
    return w->cursor_bytes[s];
}

uint64_t wl_stream_spacing(const wl *w)
{
    return w->n_streams > 0 ? w->cfg.capacity_bytes / (unsigned)w->n_streams : 0;
}

void wl_set_stream_cursor(wl *w, int s, uint64_t offset)
{
    assert(s >= 0 && s < w->n_streams);
    uint64_t large = w->cfg.large_bytes;
    uint64_t start = offset / large * large;
    w->cursor_bytes[s] = start > w->seq_last_start_bytes ? w->seq_last_start_bytes : start;
}

static int clamp_pct(int pct)
{
    return pct < 0 ? 0 : pct > 100 ? 100 : pct;
}

void wl_set_class_write_pct(wl *w, enum wl_class cls, int write_pct)
{
    write_pct = clamp_pct(write_pct);
    w->write_pct[cls] = (uint32_t)write_pct;
    w->write_draw[cls] = write_pct > 0 && write_pct < 100;
    w->write_fixed[cls] = write_pct == 100;
}

void wl_set_write_pct(wl *w, int write_pct)
{
    w->cfg.write_pct = clamp_pct(write_pct);
    for (int c = 0; c < WL_CLASSES; c++)
        wl_set_class_write_pct(w, (enum wl_class)c, write_pct);
}

int wl_class_write_pct(const wl *w, enum wl_class cls)
{
    return (int)w->write_pct[cls];
}

void wl_next(wl *w, enum wl_class cls, int stream, struct wl_io *out)
{
    uint64_t offset;
    if (cls == WL_LARGE && w->large_seq) {
        assert(stream >= 0 && stream < w->n_streams);
        uint64_t *cur = &w->cursor_bytes[stream];
        offset = *cur;
        uint64_t next = offset + w->size_bytes[WL_LARGE];
        *cur = next > w->seq_last_start_bytes ? 0 : next;
    } else {
        offset = rng_below(&w->rng, w->slots[cls]) << w->align_shift[cls];
    }
    out->offset_bytes = offset;
    out->size_bytes = w->size_bytes[cls];
    out->is_write = w->write_draw[cls] ? rng_below(&w->rng, 100) < w->write_pct[cls]
                                       : w->write_fixed[cls];
}

const struct wl_cfg *wl_config(const wl *w)
{
    return &w->cfg;
}
