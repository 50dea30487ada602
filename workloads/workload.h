/*
 * workload.h - what is asked: ORION's logical I/O streams.
 *
 * Two classes of I/O share one logical address space (the disk group's
 * capacity): small I/O (default 8 KiB, random over the whole space) and
 * large I/O (default 128 KiB), either random or sequential.  Random
 * offsets are aligned to the I/O size's largest power-of-two divisor.  Sequential
 * large I/O comes in streams: stream s starts at s/streams of the space (a
 * caller may move the start a little, wl_set_stream_cursor: the engine
 * spreads the starts over the disks, sim/core/stream_place.h) and walks
 * forward one large I/O at a time, wrapping at the end.  Each I/O is
 * a write with probability write_pct/100.
 *
 * Pure: a seeded generator in, logical I/Os out.  No clock, no globals.
 */
#ifndef ASMSIM_WORKLOADS_WORKLOAD_H
#define ASMSIM_WORKLOADS_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WL_MAX_STREAMS 4096

enum wl_class {
    WL_SMALL = 0,
    WL_LARGE = 1,
};
#define WL_CLASSES 2

enum wl_large_type {
    WL_LARGE_RAND = 0,
    WL_LARGE_SEQ,
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

/* Returns 0, or -EINVAL with a reason naming the bad setting in why. */
int wl_cfg_check(const struct wl_cfg *cfg, char *why, size_t why_len);

/* Returns 0 and sets *out, -EINVAL (see wl_cfg_check) or -ENOMEM. */
int wl_create(const struct wl_cfg *cfg, wl **out, char *why, size_t why_len);
void wl_destroy(wl *w);

/* Sequential large I/O: start `streams` streams (1..WL_MAX_STREAMS) afresh,
   evenly spaced over the space.  Returns 0 or -EINVAL. */
int wl_start_streams(wl *w, int streams);

/* Sequential stream s (0..streams-1): the offset of its next I/O (right
   after wl_start_streams, where it starts), and the space between two
   streams' starts.  Moving it: to `offset` rounded down to a whole large
   I/O, at most the last start whose I/O still fits. */
uint64_t wl_stream_cursor(const wl *w, int s);
uint64_t wl_stream_spacing(const wl *w);
void wl_set_stream_cursor(wl *w, int s, uint64_t offset);

/* Change the write percentage (0..100, clamped) from the next I/O on:
   of both classes, or of one (a forecast phase's small and large write
   shares).  wl_config()->write_pct keeps the last both-class value. */
void wl_set_write_pct(wl *w, int write_pct);
void wl_set_class_write_pct(wl *w, enum wl_class cls, int write_pct);
int wl_class_write_pct(const wl *w, enum wl_class cls);

/* The next I/O of class `cls`.  `stream` names the sequential stream
   (0..streams-1) and is ignored for random I/O.  Every I/O lies inside
   [0, capacity_bytes). */
void wl_next(wl *w, enum wl_class cls, int stream, struct wl_io *out);

const struct wl_cfg *wl_config(const wl *w);

#endif
