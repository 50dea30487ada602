/*
 * balance.c - shuffled round robin over the disks, one turn per physical
 * piece, fed by the workload's own random draws.  See balance.h for why.
 *
 * Per class:
 *
 *   order[]   a permutation of the disks, reshuffled (Fisher-Yates) after
 *             every round: the order in which disks take their turns.
 *   owed[d]   turns disk d is to skip because it already received pieces
 *             beyond its turns (the second piece of a fine-striped I/O,
 *             the mirror copy of a write, ...).  Serving an I/O adds one
 *             to owed[] per piece on each disk it touches, less the one
 *             turn it was served for; a disk whose turn comes with owed
 *             turns skips it and pays one back.  Every piece is so counted
 *             as exactly one turn, whatever disk the I/O started on, and
 *             the per-disk piece counts differ by no more than the pieces
 *             of one I/O.
 *   ring[d]   a few I/Os the workload drew whose first piece is on d.
 *
 * To serve disk d the balancer takes the oldest I/O in d's ring, or draws
 * until one touches d (any of its pieces), storing the draws that do not
 * while their rings have room and dropping them when not.  Every I/O
 * served for d is an independent uniform draw conditioned on touching d,
 * so offsets keep the workload's distribution on each disk.  About one
 * draw per I/O served once the rings have filled.
 *
 * Bounded work: a layout may leave a disk untouched by every I/O of a
 * class (it holds only mirror copies, or its share is past the I/O's
 * reach).  After BAL_MAX_DRAWS(disks) draws that miss it, the balancer
 * serves the last draw (it is as random as any) and lets the disk skip
 * 2, 4, 8 ... up to 4096 of its next turns, doubling with every miss in
 * a row and starting over once a draw reaches it again.  A disk that is
 * only hard to reach is so still served; one that cannot be reached costs
 * almost nothing.
 *
 * Memory is fixed at creation: ring entries keep up to INLINE_PIECES
 * pieces of the mapping they were drawn with (most I/Os are one or two
 * pieces), larger ones are mapped again when served.
 */
#include "sim/core/balance.h"
#include "layouts/layout_map.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define RING 8
#define INLINE_PIECES 4
#define MAX_BACKOFF_SHIFT 12

/* Piece lists are a handful of entries: a loop beats a memcpy call. */
static inline void copy_pieces(struct lay_piece *dst, const struct lay_piece *src, int n)
{
    for (int i = 0; i < n; i++)
        dst[i] = src[i];
}

struct drawn {
    struct wl_io io;
    int n_pieces;                   /* -1: too many to keep, map again */
    struct lay_piece pieces[INLINE_PIECES];
};

struct disk_ring {
    struct drawn entry[RING];
    uint8_t head, count;
};

struct class_state {
    const struct lay_geom *geom;    /* its disk group's layout */
    int disks;
    int max_draws;                  /* BAL_MAX_DRAWS(disks) */
    int *order;                     /* the round's permutation */
    int pos;
    uint32_t *owed;                 /* [disks] turns to skip */
    uint8_t *misses;                /* [disks] give-ups in a row */
    struct disk_ring *ring;         /* [disks] */
};

struct balancer {
    wl *workload;
    struct rng rng;
    int n_classes;
    struct lay_piece *scratch;
    int scratch_max;
    struct class_state cls[WL_MAX_CLASSES];
};

static int class_init(struct class_state *s, const lay *l)
{
    s->geom = lay_geom(l);
    s->disks = lay_disks(l);
    s->max_draws = BAL_MAX_DRAWS(s->disks);
    size_t n = (size_t)s->disks;
    s->order = calloc(n, sizeof(*s->order));
    s->owed = calloc(n, sizeof(*s->owed));
    s->misses = calloc(n, sizeof(*s->misses));
    s->ring = calloc(n, sizeof(*s->ring));
    s->pos = s->disks;              /* shuffle on first use */
    return s->order && s->owed && s->misses && s->ring ? 0 : -ENOMEM;
}

int bal_create(wl *w, const lay *const layouts[], uint64_t seed,
               balancer **out)
{
    balancer *b = calloc(1, sizeof(*b));
    if (!b)
        return -ENOMEM;
    b->workload = w;
    b->n_classes = wl_classes(w);
    rng_seed(&b->rng, seed ^ 0x62616c616e6365ull);
    int rc = 0;
    for (int c = 0; c < b->n_classes && rc == 0; c++) {
        int most = lay_max_pieces(layouts[c], wl_class_max_bytes(w, c), true);
        b->scratch_max = most > b->scratch_max ? most : b->scratch_max;
        rc = class_init(&b->cls[c], layouts[c]);
    }
    b->scratch = calloc((size_t)b->scratch_max, sizeof(*b->scratch));
    if (rc == 0 && !b->scratch)
        rc = -ENOMEM;
    if (rc < 0) {
        bal_destroy(b);
        return rc;
    }
    *out = b;
    return 0;
}

void bal_destroy(balancer *b)
{
    if (!b)
        return;
    for (int c = 0; c < WL_MAX_CLASSES; c++) {
        free(b->cls[c].order);
        free(b->cls[c].owed);
        free(b->cls[c].misses);
        free(b->cls[c].ring);
    }
    free(b->scratch);
    free(b);
}

static int next_in_order(balancer *b, struct class_state *s)
{
    if (s->pos == s->disks) {
        for (int i = 0; i < s->disks; i++)
            s->order[i] = i;
        for (int i = s->disks - 1; i > 0; i--) {
            int j = (int)rng_below(&b->rng, (uint64_t)i + 1);
            int t = s->order[i];
            s->order[i] = s->order[j];
            s->order[j] = t;
        }
        s->pos = 0;
    }
    return s->order[s->pos++];
}

/* The disk whose turn it is.  Ends: every pass either returns or pays
   back one owed turn, and owed turns are finite. */
static inline int next_turn(balancer *b, struct class_state *s)
{
    for (;;) {
        int d = next_in_order(b, s);
        if (s->owed[d] == 0)
            return d;
        s->owed[d]--;
    }
}

static inline bool touches(const struct lay_piece *p, int n, int disk)
{
    for (int i = 0; i < n; i++)
        if (p[i].disk == disk)
            return true;
    return false;
}

/* Count the served I/O's pieces as turns of the disks they land on; the
   turn of `want` itself is the one it was served for. */
static inline void account(struct class_state *s, const struct lay_piece *p, int n, int want)
{
    if (n == 1 && p[0].disk == want)
        return;                     /* the common case: one piece, its turn */
    bool served_want = false;
    for (int i = 0; i < n; i++) {
        if (p[i].disk == want && !served_want)
            served_want = true;
        else
            s->owed[p[i].disk]++;
    }
}

static void ring_put(struct disk_ring *r, const struct wl_io *io,
                     const struct lay_piece *p, int n)
{
    struct drawn *e = &r->entry[(r->head + r->count) % RING];
    e->io = *io;
    if (n <= INLINE_PIECES) {
        e->n_pieces = n;
        copy_pieces(e->pieces, p, n);
    } else {
        e->n_pieces = -1;
    }
    r->count++;
}

/* Serve the oldest I/O of d's ring into out, its pieces in *pieces (the
   ring's own entry, or b->scratch: valid until the next call). */
static inline int ring_take(balancer *b, const struct class_state *s,
                            struct disk_ring *r, struct wl_io *out,
                            const struct lay_piece **pieces, int max_pieces)
{
    struct drawn *e = &r->entry[r->head];
    r->head = (uint8_t)((r->head + 1) % RING);
    r->count--;
    *out = e->io;
    int n = e->n_pieces;
    if (n < 0) {
        n = lay_map_fast(s->geom, out->offset_bytes, out->size_bytes,
                         out->is_write, b->scratch, b->scratch_max);
        if (n == 0)
            return -EINVAL;
        *pieces = b->scratch;
    } else {
        *pieces = e->pieces;
    }
    return n > max_pieces ? -ENOSPC : n;
}

/* Draw until an I/O touches `want`, at most BAL_MAX_DRAWS times; 0 < n
   pieces in b->scratch and *hit telling whether the last draw touched
   it. */
static inline int draw_for(balancer *b, struct class_state *s, int cls,
                    int want, struct wl_io *out, bool *hit)
{
    int max_draws = s->max_draws;
    for (int k = 0; k < max_draws; k++) {
        wl_next(b->workload, cls, 0, out);
        int n = lay_map_fast(s->geom, out->offset_bytes, out->size_bytes,
                             out->is_write, b->scratch, b->scratch_max);
        if (n <= 0)
            return n < 0 ? n : -EINVAL;
        *hit = b->scratch[0].disk == want || (n > 1 && touches(b->scratch, n, want));
        if (*hit || k == max_draws - 1)
            return n;
        struct disk_ring *home = &s->ring[b->scratch[0].disk];
        if (home->count < RING)
            ring_put(home, out, b->scratch, n);
    }
    return -EINVAL;                 /* not reached: max_draws >= 1 */
}

int bal_next_ref(balancer *b, int cls, struct wl_io *out,
                 const struct lay_piece **pieces, int max_pieces)
{
    *pieces = b->scratch;
    struct class_state *s = &b->cls[cls];
    if (s->disks == 1) {
        wl_next(b->workload, cls, 0, out);
        int n = lay_map_fast(s->geom, out->offset_bytes, out->size_bytes,
                             out->is_write, b->scratch, b->scratch_max);
        return n > max_pieces ? -ENOSPC : n;
    }
    int want = next_turn(b, s);
    struct disk_ring *r = &s->ring[want];
    int n;
    if (r->count > 0) {
        n = ring_take(b, s, r, out, pieces, max_pieces);
        if (n < 0)
            return n;
    } else {
        bool hit = false;
        n = draw_for(b, s, cls, want, out, &hit);
        if (n < 0)
            return n;
        if (n > max_pieces)
            return -ENOSPC;
        if (!hit) {
            /* `want` is out of reach for now: skip 2, 4, ... turns. */
            if (s->misses[want] < MAX_BACKOFF_SHIFT)
                s->misses[want]++;
            s->owed[want] += 1u << s->misses[want];
        } else {
            s->misses[want] = 0;
        }
    }
    account(s, *pieces, n, want);
    return n;
}
