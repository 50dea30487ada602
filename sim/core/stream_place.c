/*
 * stream_place.c - sequential streams start spread over the disks; see
 * stream_place.h for why and the rule.
 */
#include "sim/core/stream_place.h"

#include <errno.h>
#include <stdlib.h>

/* How the disk an I/O starts on is found: the layout's geometry, the
   I/Os' size, and room to map one (max_pieces pieces). */
struct probe {
    const struct lay_geom *g;
    uint32_t size;
    struct lay_piece *scratch;
    int max_pieces;
};

/* The disk the I/O at `offset` starts on, or -errno. */
static int first_disk(const struct probe *pb, uint64_t offset)
{
    int n = lay_map_fast(pb->g, offset, pb->size, false, pb->scratch,
                         pb->max_pieces);
    if (n < 0)
        return n;
    return n > 0 ? pb->scratch[0].disk : -EINVAL;
}

/* The first offset from `base` on, by whole I/Os of `size`, at most
   `reach` bytes and SIM_STREAM_PLACE_PROBES I/Os on and inside the
   space, whose first piece is on a disk with `fewest` starts; `base`
   itself when there is none.  Its disk in *disk; -errno on a layout
   error. */
static int64_t place_one(const struct probe *pb, const int *starts, int fewest,
                         uint64_t base, uint64_t reach, int *disk)
{
    uint32_t size = pb->size;
    int d = first_disk(pb, base);
    if (d < 0)
        return d;
    *disk = d;
    uint64_t end = lay_capacity_bytes(pb->g->layout);
    for (uint64_t k = 1; starts[d] > fewest && k < SIM_STREAM_PLACE_PROBES &&
                         k * size <= reach && base + (k + 1) * size <= end; k++) {
        d = first_disk(pb, base + k * size);
        if (d < 0)
            return d;
        if (starts[d] == fewest) {
            *disk = d;
            return (int64_t)(base + k * size);
        }
    }
    return (int64_t)base;
}

/* How many whole I/Os of `size` from `at` on stay on disk d, at most
   `most`. */
static int64_t run_on_disk(const struct probe *pb, uint64_t at, int d,
                           int64_t most)
{
    uint32_t size = pb->size;
    uint64_t end = lay_capacity_bytes(pb->g->layout);
    int64_t k = 1;
    for (; k < most && at + (uint64_t)(k + 1) * size <= end; k++) {
        int nd = first_disk(pb, at + (uint64_t)k * size);
        if (nd < 0)
            return nd;
        if (nd != d)
            break;
    }
    return k;
}

int sim_streams_place(wl *w, int cls, const struct lay_geom *g, int streams,
                      struct lay_piece *scratch, int max_pieces)
{
    int disks = (int)g->n;
    if (disks < 2 || streams < 2)
        return 0;
    int *starts = calloc((size_t)disks, sizeof *starts);    /* per disk */
    if (!starts)
        return -ENOMEM;
    uint32_t size = wl_class_max_bytes(w, cls);
    const struct probe pb = { g, size, scratch, max_pieces };
    uint64_t reach = wl_stream_spacing(w, cls) / 4;
    int fewest = 0;             /* the least count of starts on any disk */
    int64_t at = 0;
    for (int s = 0; s < streams; s++) {
        int d = 0;
        at = place_one(&pb, starts, fewest, wl_stream_cursor(w, cls, s), reach, &d);
        if (at < 0)
            break;
        /* the j-th stream to start on d starts j / per_disk of the way
           along its run there */
        int64_t run = run_on_disk(&pb, (uint64_t)at, d, SIM_STREAM_PLACE_PROBES);
        if (run < 0) {
            at = run;
            break;
        }
        int per_disk = (streams + disks - 1) / disks;
        at += (int64_t)size * (run * (starts[d] % per_disk) / per_disk);
        wl_set_stream_cursor(w, cls, s, (uint64_t)at);
        starts[d]++;
        int least = starts[0];
        for (int i = 1; i < disks; i++)
            least = starts[i] < least ? starts[i] : least;
        fewest = least;
    }
    free(starts);
    return at < 0 ? (int)at : 0;
}
