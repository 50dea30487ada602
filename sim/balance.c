/*
 * balance.c - shuffled round robin over disks, fed by the workload's own
 * random draws.  See balance.h for why.
 *
 * Per class: a permutation of the disks, reshuffled (Fisher-Yates) after
 * every round; and per disk a small ring of I/Os the workload drew that
 * land on that disk (the disk of an I/O is the disk of its first piece).
 * To serve disk d the balancer takes the oldest I/O in d's ring, or draws
 * until one lands on d, storing the draws that land elsewhere while their
 * rings have room and dropping them when not.  Every I/O served to d is an
 * independent uniform draw conditioned on landing on d, so offsets keep
 * the workload's distribution on each disk.  About one draw per I/O served
 * once the rings have filled; memory is fixed at creation.  Each ring
 * entry keeps the pieces it was mapped to, so no I/O is mapped twice.
 */
#include "sim/balance.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define RING 8

/* Piece lists are a handful of entries: a loop beats a memcpy call. */
static inline void copy_pieces(struct lay_piece *dst, const struct lay_piece *src, int n)
{
    for (int i = 0; i < n; i++)
        dst[i] = src[i];
}

struct drawn {
    struct wl_io io;
    int n_pieces;
    struct lay_piece *pieces;       /* scratch_max entries */
};

struct disk_ring {
    struct drawn entry[RING];
    uint8_t head, count;
};

struct balancer {
    wl *workload;
    const lay *layout;
    struct rng rng;
    int disks;
    struct lay_piece *scratch;
    int scratch_max;
    int *order[WL_CLASSES];         /* the round's permutation */
    int pos[WL_CLASSES];
    struct disk_ring *ring[WL_CLASSES];
    struct lay_piece *piece_pool;   /* backs every ring entry's pieces */
};

int bal_create(wl *w, const lay *l, uint64_t seed, balancer **out)
{
    balancer *b = calloc(1, sizeof(*b));
    if (!b)
        return -ENOMEM;
    const struct wl_cfg *wc = wl_config(w);
    b->workload = w;
    b->layout = l;
    b->disks = lay_disks(l);
    rng_seed(&b->rng, seed ^ 0x62616c616e6365ull);
    int ps = lay_max_pieces(l, wc->small_bytes, true);
    int pl = lay_max_pieces(l, wc->large_bytes, true);
    b->scratch_max = ps > pl ? ps : pl;
    b->scratch = calloc((size_t)b->scratch_max, sizeof(*b->scratch));
    size_t entries = (size_t)WL_CLASSES * (size_t)b->disks * RING;
    b->piece_pool = calloc(entries * (size_t)b->scratch_max, sizeof(*b->piece_pool));
    int rc = b->scratch && b->piece_pool ? 0 : -ENOMEM;
    struct lay_piece *next = b->piece_pool;
    for (int c = 0; c < WL_CLASSES && rc == 0; c++) {
        b->order[c] = calloc((size_t)b->disks, sizeof(int));
        b->ring[c] = calloc((size_t)b->disks, sizeof(struct disk_ring));
        if (!b->order[c] || !b->ring[c]) {
            rc = -ENOMEM;
            break;
        }
        b->pos[c] = b->disks;       /* shuffle on first use */
        for (int d = 0; d < b->disks; d++)
            for (int k = 0; k < RING; k++) {
                b->ring[c][d].entry[k].pieces = next;
                next += b->scratch_max;
            }
    }
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
    for (int c = 0; c < WL_CLASSES; c++) {
        free(b->order[c]);
        free(b->ring[c]);
    }
    free(b->scratch);
    free(b->piece_pool);
    free(b);
}

static int next_disk(balancer *b, enum wl_class cls)
{
    int *order = b->order[cls];
    if (b->pos[cls] == b->disks) {
        for (int i = 0; i < b->disks; i++)
            order[i] = i;
        for (int i = b->disks - 1; i > 0; i--) {
            int j = (int)rng_below(&b->rng, (uint64_t)i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        b->pos[cls] = 0;
    }
    return order[b->pos[cls]++];
}

int bal_next(balancer *b, enum wl_class cls, struct wl_io *out,
             struct lay_piece *pieces, int max_pieces)
{
    if (b->disks == 1) {
        wl_next(b->workload, cls, 0, out);
        return lay_map(b->layout, out->offset_bytes, out->size_bytes,
                       out->is_write, pieces, max_pieces);
    }
    int want = next_disk(b, cls);
    struct disk_ring *rings = b->ring[cls];
    struct disk_ring *r = &rings[want];
    if (r->count > 0) {
        struct drawn *e = &r->entry[r->head];
        r->head = (uint8_t)((r->head + 1) % RING);
        r->count--;
        if (e->n_pieces > max_pieces)
            return -ENOSPC;
        *out = e->io;
        copy_pieces(pieces, e->pieces, e->n_pieces);
        return e->n_pieces;
    }
    for (;;) {
        wl_next(b->workload, cls, 0, out);
        int n = lay_map(b->layout, out->offset_bytes, out->size_bytes,
                        out->is_write, b->scratch, b->scratch_max);
        if (n <= 0)
            return n < 0 ? n : -EINVAL;
        int d = b->scratch[0].disk;
        if (d == want) {
            if (n > max_pieces)
                return -ENOSPC;
            copy_pieces(pieces, b->scratch, n);
            return n;
        }
        struct disk_ring *other = &rings[d];
        if (other->count < RING) {
            struct drawn *e = &other->entry[(other->head + other->count) % RING];
            e->io = *out;
            e->n_pieces = n;
            copy_pieces(e->pieces, b->scratch, n);
            other->count++;
        }
    }
}
