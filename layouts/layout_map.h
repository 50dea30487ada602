/*
 * layout_map.h - the hot path of lay_map(), inline, for callers that map
 * millions of I/Os a second (the balancer, the engine's sequential streams).
 *
 * What it is
 * ----------
 * struct lay_geom is the part of a layout that mapping reads: the extent
 * geometry (AU shift, variable extents, residue counts), the mirror
 * tables, the zone size.  A layout fills it once at lay_create() and it
 * never changes; lay_geom() hands out a pointer to it, valid as long as
 * the layout.  The helpers below (extent decoding, a slot's AU, the pieces
 * of one extent) are the ONLY implementation of that arithmetic: layout.c
 * maps coarse and fine striping through them too, so the inline path and
 * lay_map() cannot drift apart.
 *
 * lay_map_fast() answers the common case in line, with no call: coarse
 * striping and an I/O inside one extent (with 1 MiB AU and variable
 * extents, every random 8 KiB or 128 KiB I/O but the few that straddle an
 * extent boundary).  Everything else (fine, raid0, concat, an I/O across
 * extents, out of range, too little room in out) goes to lay_map(), so
 * the answer is lay_map()'s in every case, piece for piece
 * (tests/test_layout.c compares the two on every AU of several layouts).
 *
 * Division by the disk count: k / n is a multiply by a precomputed
 * reciprocal, n_magic = floor((2^64 - 1) / n) + 1, exact for k, n < 2^32
 * (Lemire, Kaser, Kurz, "Faster remainder by direct computation", 2019);
 * larger extent numbers, and n = 1, divide.
 */
#ifndef ASMSIM_LAYOUTS_LAYOUT_MAP_H
#define ASMSIM_LAYOUTS_LAYOUT_MAP_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include "layouts/layout.h"

/* In line even where the compiler's size heuristics say no: these run
   for every I/O drawn, and the call costs as much as their body. */
#define LAY_HOT static inline __attribute__((always_inline))

/* The variable extent size classes (AU < 4 MiB); see layout.c. */
#define LAY_CLASS1_EXTENTS 20000ull             /* extents 0..19999: 1 AU */
#define LAY_CLASS2_EXTENTS 40000ull             /* extents ..39999: 4 AU */
#define LAY_CLASS2_START_AU 20000ull            /* logical AU of extent 20000 */
#define LAY_CLASS3_START_AU 100000ull           /* logical AU of extent 40000 */

struct lay_geom {
    const lay *layout;                  /* whose geometry: lay_map's fallback */
    bool coarse;                        /* striping is LAY_COARSE */
    bool variable;                      /* variable extent sizes (AU < 4 MiB) */
    unsigned au_shift;                  /* log2(au_bytes) */
    int copies;
    uint64_t n;                         /* disks */
    uint64_t n_magic;                   /* see the top; 0 when n == 1 */
    uint64_t start_disk;
    uint64_t zone_bytes;                /* one copy's zone per disk */
    uint64_t capacity_bytes;
    /* Per residue r: slots with extent number below 20000 / 40000. */
    uint64_t cnt1[LAY_MAX_DISKS];
    uint64_t cnt2[LAY_MAX_DISKS];
    /* Per disk: mirror targets of round j are mirror[d][j mod mirror_len[d]]
       [copy - 1]. */
    uint8_t mirror_len[LAY_MAX_DISKS];
    uint16_t mirror[LAY_MAX_DISKS][LAY_MAX_PARTNERS][2];
};

/* The layout's mapping geometry (valid while l lives). */
const struct lay_geom *lay_geom(const lay *l);

/* k / n and k mod n for the geometry's disk count. */
LAY_HOT uint64_t lay_geom_div_n(const struct lay_geom *g, uint64_t k, uint64_t *rem)
{
    uint64_t j;
    if (g->n_magic != 0 && k <= UINT32_MAX)
        j = (uint64_t)(((unsigned __int128)g->n_magic * k) >> 64);
    else
        j = k / g->n;
    *rem = k - j * g->n;
    return j;
}

/* P(j) in AU from the residue's class counts (see layout.c). */
LAY_HOT uint64_t lay_slot_au(uint64_t a, uint64_t b, uint64_t j)
{
    if (j <= a)
        return j;
    if (j <= b)
        return a + 4 * (j - a);
    return a + 4 * (b - a) + 16 * (j - b);
}

/* Decode logical AU u into extent k, the extent's logical start AU and
   its size in AU. */
LAY_HOT uint64_t lay_decode_extent(const struct lay_geom *g, uint64_t u,
                                         uint64_t *start_au, uint64_t *size_au)
{
    if (!g->variable || u < LAY_CLASS2_START_AU) {
        *start_au = u;
        *size_au = 1;
        return u;
    }
    if (u < LAY_CLASS3_START_AU) {
        uint64_t k = LAY_CLASS1_EXTENTS + ((u - LAY_CLASS2_START_AU) >> 2);
        *start_au = LAY_CLASS2_START_AU + ((k - LAY_CLASS1_EXTENTS) << 2);
        *size_au = 4;
        return k;
    }
    uint64_t k = LAY_CLASS2_EXTENTS + ((u - LAY_CLASS3_START_AU) >> 4);
    *start_au = LAY_CLASS3_START_AU + ((k - LAY_CLASS2_EXTENTS) << 4);
    *size_au = 16;
    return k;
}

/* Append the pieces of extent k's bytes [eoff, eoff + len), every copy
   needed, to out[np..]; returns the new count or -ENOSPC past max_out. */
LAY_HOT int lay_put_extent(const struct lay_geom *g, uint64_t k, uint64_t eoff,
                                 uint32_t len, bool is_write,
                                 struct lay_piece *out, int np, int max_out)
{
    uint64_t n = g->n, r;
    uint64_t j = lay_geom_div_n(g, k, &r);
    uint64_t disk = r + g->start_disk;
    if (disk >= n)
        disk -= n;
    if (np >= max_out)
        return -ENOSPC;
    out[np++] = (struct lay_piece){
        .offset_bytes = (lay_slot_au(g->cnt1[r], g->cnt2[r], j) << g->au_shift) + eoff,
        .size_bytes = len,
        .disk = (uint16_t)disk,
        .copy = 0,
    };
    if (!is_write || g->copies == 1)
        return np;
    uint64_t q = (lay_slot_au(g->cnt1[n - 1], g->cnt2[n - 1], j) << g->au_shift) + eoff;
    const uint16_t *row = g->mirror[disk][j % g->mirror_len[disk]];
    for (int c = 1; c < g->copies; c++) {
        if (np >= max_out)
            return -ENOSPC;
        out[np++] = (struct lay_piece){
            .offset_bytes = (uint64_t)c * g->zone_bytes + q,
            .size_bytes = len,
            .disk = row[c - 1],
            .copy = (uint8_t)c,
        };
    }
    return np;
}

/* lay_map(g->layout, ...) with the one-extent coarse case in line (see
   the top). */
LAY_HOT int lay_map_fast(const struct lay_geom *g,
                               uint64_t offset_bytes, uint32_t size_bytes,
                               bool is_write, struct lay_piece *out, int max_out)
{
    int copies = is_write ? g->copies : 1;
    if (!g->coarse || offset_bytes > g->capacity_bytes ||
        size_bytes > g->capacity_bytes - offset_bytes || size_bytes == 0 ||
        max_out < copies)
        return lay_map(g->layout, offset_bytes, size_bytes, is_write, out, max_out);
    unsigned sh = g->au_shift;
    uint64_t start_au, size_au;
    uint64_t k = lay_decode_extent(g, offset_bytes >> sh, &start_au, &size_au);
    uint64_t eoff = offset_bytes - (start_au << sh);
    if ((size_au << sh) - eoff < size_bytes)
        return lay_map(g->layout, offset_bytes, size_bytes, is_write, out, max_out);
    return lay_put_extent(g, k, eoff, size_bytes, is_write, out, 0, max_out);
}

#endif
