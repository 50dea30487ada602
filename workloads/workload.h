/*
 * workload.h - what is asked: logical I/O streams of up to WL_MAX_CLASSES
 * classes.
 *
 * ORION's workload is two classes sharing one logical address space (the
 * disk group's capacity): small I/O (default 8 KiB, random over the whole
 * space) and large I/O (default 128 KiB), either random or sequential.
 * That is what a wl_cfg describes when it names no classes (n_classes 0):
 * class WL_SMALL and class WL_LARGE, and every ORION run is made of them.
 *
 * A database's workload is more classes (wl_spec.h): a configuration
 * with n_classes > 0 lists them (struct wl_class_cfg), each with a size
 * or a mix of sizes, random or sequential, its own write share, access
 * skew (a hot fraction of the space, or zipf over zones of it) and its
 * own space (its disk group's capacity).
 *
 * Random offsets are aligned to the I/O size's largest power-of-two
 * divisor.  Sequential I/O comes in streams: stream s starts at
 * s/streams of the class's space (a caller may move the start a little,
 * wl_set_stream_cursor: the engine spreads the starts over the disks,
 * sim/core/stream_place.h) and walks forward one I/O at a time, wrapping
 * at the end.  Each I/O is a write with its class's probability.
 *
 * Pure: a seeded generator in, logical I/Os out.  No clock, no globals.
 */
#ifndef ASMSIM_WORKLOADS_WORKLOAD_H
#define ASMSIM_WORKLOADS_WORKLOAD_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "workloads/rng.h"
#include "workloads/wl_spec.h"

#define WL_MAX_STREAMS 4096             /* per sequential class */
#define WL_ZIPF_ZONES 1024              /* zipf skew: zones of the space */

enum wl_class {
    WL_SMALL = 0,
    WL_LARGE = 1,
};
#define WL_CLASSES 2                    /* ORION's classes: small, large */

enum wl_large_type {
    WL_LARGE_RAND = 0,
    WL_LARGE_SEQ,
};

/* One class of a workload that lists them (wl_cfg.n_classes > 0). */
struct wl_class_cfg {
    struct wl_size_mix sizes;       /* 1..WL_MAX_SIZES sizes, each a
                                       multiple of align_bytes */
    enum wl_pattern pattern;
    int write_pct;                  /* 0..100 */
    enum wl_skew skew;              /* random I/O only */
    double hot_frac, hot_share;     /* WL_SKEW_HOT */
    double zipf_theta;              /* WL_SKEW_ZIPF */
    uint64_t capacity_bytes;        /* its space; 0 = the workload's */
};

struct wl_cfg {
    uint64_t capacity_bytes;        /* logical space; > 0 */
    uint32_t small_bytes;           /* > 0, multiple of align_bytes */
    uint32_t large_bytes;           /* > 0, multiple of align_bytes */
    enum wl_large_type large_type;
    int write_pct;                  /* 0..100 */
    uint32_t align_bytes;           /* offsets are multiples of this and of
                                       the largest power of two dividing the
                                       I/O size; 0 = 512 */
    uint64_t seed;
    /* 0: ORION's two classes from the fields above; else the classes
       (small_bytes, large_bytes and large_type are then ignored; write_pct
       is each class's own) */
    int n_classes;
    struct wl_class_cfg classes[WL_MAX_CLASSES];
};

struct wl_io {
    uint64_t offset_bytes;
    uint32_t size_bytes;
    bool is_write;
};

typedef struct wl wl;

/* Defaults: 8 KiB small, 128 KiB large, random, 0 % writes, 512 B
   alignment (the I/O size's own power of two above it), seed 1. */
void wl_cfg_defaults(struct wl_cfg *cfg, uint64_t capacity_bytes);

/* Whether a workload of cfg writes: ORION's write_pct, or any class's. */
bool wl_cfg_writes(const struct wl_cfg *cfg);

/* Returns 0, or -EINVAL with a reason naming the bad setting in why. */
int wl_cfg_check(const struct wl_cfg *cfg, char *why, size_t why_len);

/* Returns 0 and sets *out, -EINVAL (see wl_cfg_check) or -ENOMEM. */
int wl_create(const struct wl_cfg *cfg, wl **out, char *why, size_t why_len);
void wl_destroy(wl *w);

/* The number of classes: 2 for ORION's, else cfg.n_classes. */
int wl_classes(const wl *w);

/* A class's largest and mean I/O size, in bytes. */
uint32_t wl_class_max_bytes(const wl *w, int cls);
double wl_class_mean_bytes(const wl *w, int cls);

/* True when class cls walks sequential streams. */
bool wl_class_seq(const wl *w, int cls);

/* Sequential class cls: start `streams` streams (1..WL_MAX_STREAMS)
   afresh, evenly spaced over its space.  Returns 0 or -EINVAL (not a
   sequential class, or a count out of range). */
int wl_start_streams(wl *w, int cls, int streams);

/* Sequential stream s (0..streams-1) of class cls: the offset of its next
   I/O (right after wl_start_streams, where it starts), and the space
   between two streams' starts.  Moving it: to `offset` rounded down to
   the class's stream unit (its size; 512 B for a mix), at most the last
   start whose largest I/O still fits. */
uint64_t wl_stream_cursor(const wl *w, int cls, int s);
uint64_t wl_stream_spacing(const wl *w, int cls);
void wl_set_stream_cursor(wl *w, int cls, int s, uint64_t offset);

/* Change the write percentage (0..100, clamped) from the next I/O on:
   of every class, or of one (a forecast phase's small and large write
   shares).  wl_config()->write_pct keeps the last every-class value. */
void wl_set_write_pct(wl *w, int write_pct);
void wl_set_class_write_pct(wl *w, int cls, int write_pct);
int wl_class_write_pct(const wl *w, int cls);

/* ---- the next I/O: inline, for the classes most runs have ------------
   wl_next runs for every logical I/O, several times for one the balancer
   serves (sim/core/balance.h).  A plain class (one size, no skew: ORION's
   two) is drawn here, inline, from what workload.c resolved for it at
   create time: struct wl_fast, the first member of a workload, is all it
   reads.  Classes with a size mix or a skew go to wl_next_mixed. */
struct wl_class_hot {
    bool plain;                     /* one size, no skew */
    bool seq;
    bool write_draw;                /* 0 < write_pct < 100 */
    bool write_fixed;               /* the answer when !write_draw */
    uint32_t write_pct;
    uint32_t bytes;                 /* plain: the size */
    unsigned shift;                 /* plain: log2 of its alignment */
    uint64_t slots;                 /* plain, random: aligned starts */
    uint64_t *cursor_bytes;         /* [WL_MAX_STREAMS], sequential only */
    uint64_t seq_last_start_bytes;  /* largest cursor whose I/O still fits */
    int n_streams;
};

struct wl_fast {
    struct rng rng;
    struct wl_class_hot hot[WL_MAX_CLASSES];
};

void wl_next_mixed(wl *w, int cls, int stream, struct wl_io *out);

/* The offset of the next I/O of `bytes` in sequential stream `stream`. */
static inline uint64_t wl_seq_offset(struct wl_class_hot *h, int stream,
                                     uint32_t bytes)
{
    uint64_t *cur = &h->cursor_bytes[stream];
    uint64_t offset = *cur;
    uint64_t next = offset + bytes;
    *cur = next > h->seq_last_start_bytes ? 0 : next;
    return offset;
}

/* Whether the next I/O of the class is a write. */
static inline bool wl_draw_write(struct rng *rng, const struct wl_class_hot *h)
{
    return h->write_draw ? rng_below(rng, 100) < h->write_pct
                         : h->write_fixed;
}

/* The next I/O of class `cls`.  `stream` names the sequential stream
   (0..streams-1) and is ignored for random I/O.  Every I/O lies inside
   the class's space [0, capacity). */
static inline void wl_next(wl *w, int cls, int stream, struct wl_io *out)
{
    struct wl_fast *f = (struct wl_fast *)(void *)w;
    struct wl_class_hot *h = &f->hot[cls];
    if (!h->plain) {
        wl_next_mixed(w, cls, stream, out);
        return;
    }
    assert(!h->seq || (stream >= 0 && stream < h->n_streams));
    out->offset_bytes = h->seq ? wl_seq_offset(h, stream, h->bytes)
                               : rng_below(&f->rng, h->slots) << h->shift;
    out->size_bytes = h->bytes;
    out->is_write = wl_draw_write(&f->rng, h);
}

const struct wl_cfg *wl_config(const wl *w);

#endif
