/*
 * failure.c - a disk group with disks offline.
 *
 * THE MODEL (facts and sources: ../shared/docs/ASM_FAILURE.md)
 *
 * Copies.  Every extent has 1, 2 or 3 copies (external, normal, high) on
 * partner disks in distinct failure groups; the layout's mirror tables
 * (layout_map.h: mirror[d][j mod len]) say where (ASG "Partnership",
 * 2011-07).  Data is lost when some extent has every copy on an offline
 * disk.  Only extents whose primary sits on an offline disk can be such
 * an extent, so the check walks the offline disks' mirror rows: at most
 * 8 rows per disk.  External redundancy loses data with any disk (a
 * write error force-dismounts the group: OSTMG 19c, "mirroring-diskgroup-
 * redundancy").  Normal redundancy survives any number of disks of ONE
 * failure group and loses data with a second disk that partners the
 * first; high redundancy survives two.
 *
 * Reads.  While every copy is online the layout reads the primary (as
 * before: runs without a failure are unchanged).  A read piece on an
 * offline disk goes to a copy of its segment that survives; when two
 * survive (high redundancy, one disk lost) the reads alternate between
 * them, which is what Even Read (12.1+, on by default outside Exadata:
 * OSTMG121 "Even Read for Disk Groups") does on average.  A read's pieces
 * are its segments in logical order, so a piece's logical range is the
 * sizes before it; the copies of that segment come from lay_map() of the
 * range as a write (copy 0 first).  Only the pieces on an offline disk
 * are mapped again, whatever the I/O's size.
 *
 * Writes.  A write piece to an offline disk is dropped: the write counts
 * as done once one copy is written (OSTMG121 "Oracle ASM Recovery from
 * Read and Write I/O Errors").  ASM tracks the extents changed while the
 * disk is offline (OSTMG121 "Fast Mirror Resync"); the size of the
 * tracking granule is not published, so the model marks the AU: a bitmap
 * per offline disk, one bit per AU of the disk, counted distinct.
 *
 * Copy streams (rebalance, resync).  Power N is N outstanding I/Os of one
 * process (11.2.0.2+: OSTMG121 "Tuning Rebalance Operations"; the alert
 * log's "ARB0 ... with 1 parallel I/O" at power 1).  Each stream copies
 * one AU at a time: a read from a disk that holds a surviving copy, then
 * the write of the new copy, then the next AU.  Where the copies come
 * from and go: the lost disk's partners (the ODA documentation: ASM
 * restores the lost disk's data among its partners, 19.18).  The model
 * does not walk the lost disk's extents one by one; it deals the reads
 * round robin over the surviving partners and each write to the next
 * surviving disk in another failure group than the read's (REBUILD: the
 * new copy may not share a failure group with the one that survived;
 * ASM spreads a dropped disk's data over the disks that remain), or to
 * the disk that came back (RESYNC).  When fewer failure groups survive
 * than there are copies (normal redundancy with 2 groups, one lost
 * whole; high with 3) redundancy cannot be restored: lay_fail_can_copy
 * says so.
 * Offsets walk the disk's AUs in order.
 * The I/O is one AU: extents of 4 and 16 AU (large files) are moved as
 * that many AU-sized I/Os; whether ASM reads a larger extent in one I/O
 * is not documented.
 *
 * Space.  REQUIRED_MIRROR_FREE_MB is the raw size of the largest failure
 * group (normal) or the two largest (high); with only 2 failure groups
 * (normal) or 3 (high) it is one or two disks (19c OSTMG "capacity-
 * diskgroups"; the 2/3-group case from community measurements, csdn
 * cj990133).  USABLE_FILE_MB = (FREE_MB - REQUIRED_MIRROR_FREE_MB) /
 * copies (van Breederode 2013-01-03).  Whether a rebuild fits is the
 * plainer question asked too: do the lost disks' allocated bytes fit in
 * the free space of the others?
 */
#include "layouts/failure.h"
#include "layouts/layout_map.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct fail_stream {
    bool write_next;            /* the read is done: the write comes next */
    uint16_t src, dst;          /* the copy's disks */
    uint64_t offset_bytes;      /* its AU on the source (and target) */
};

struct lay_fail {
    const lay *layout;
    const struct lay_geom *g;
    enum lay_fail_mode mode;
    bool no_read[LAY_MAX_DISKS];        /* reads go elsewhere */
    bool no_write[LAY_MAX_DISKS];       /* writes are dropped */
    int n_off;
    int off[LAY_FAIL_MAX_DISKS];
    int off_index[LAY_MAX_DISKS];       /* disk -> index in off[], or -1 */
    uint64_t *stale;                    /* [n_off][words] AU bitmaps */
    uint64_t words;                     /* per disk */
    uint64_t dropped, stale_aus;
    unsigned even;                      /* Even Read's alternation */
    /* copy streams: sources (surviving partners), targets (every
       surviving disk), and the next of each */
    int n_src, n_dst;
    uint16_t src[LAY_MAX_DISKS];
    uint16_t dst[LAY_MAX_DISKS];
    unsigned next_src, next_dst, next_back;
    uint64_t au_walk;                   /* next AU offset the streams take */
    struct fail_stream *stream;         /* [LAY_FAIL_MAX_STREAMS] */
    struct lay_piece scratch[3];        /* the copies of one segment */
};

/* ---- data lost ------------------------------------------------------ */

bool lay_fail_data_lost(const lay *l, const bool *offline, int *a, int *b)
{
    const struct lay_geom *g = lay_geom(l);
    int n = lay_disks(l);
    for (int d = 0; d < n; d++) {
        if (!offline[d])
            continue;
        if (g->copies == 1) {
            *a = *b = d;
            return true;
        }
        for (int m = 0; m < g->mirror_len[d]; m++) {
            const uint16_t *row = g->mirror[d][m];
            bool all = true;
            for (int c = 1; c < g->copies; c++)
                all = all && offline[row[c - 1]];
            if (all) {
                *a = d;
                *b = row[0];
                return true;
            }
        }
    }
    return false;
}

/* ---- create --------------------------------------------------------- */

/* The surviving partners of the offline disks: where copies come from;
   every surviving disk: where rebuilt copies may go. */
static void find_sources(lay_fail *f)
{
    int n = lay_disks(f->layout);
    for (int d = 0; d < n; d++)
        if (f->off_index[d] < 0)
            f->dst[f->n_dst++] = (uint16_t)d;
    bool seen[LAY_MAX_DISKS] = { false };
    for (int i = 0; i < f->n_off; i++) {
        int p[LAY_MAX_PARTNERS];
        int np = lay_partners(f->layout, f->off[i], p);
        for (int k = 0; k < np; k++) {
            if (f->off_index[p[k]] >= 0 || seen[p[k]])
                continue;
            seen[p[k]] = true;
            f->src[f->n_src++] = (uint16_t)p[k];
        }
    }
}

static int mark_offline(lay_fail *f, const struct lay_fail_cfg *cfg)
{
    int n = lay_disks(f->layout);
    for (int d = 0; d < n; d++)
        f->off_index[d] = -1;
    if (cfg->n < 1 || cfg->n > LAY_FAIL_MAX_DISKS)
        return -EINVAL;
    for (int i = 0; i < cfg->n; i++) {
        int d = cfg->disk[i];
        if (d < 0 || d >= n || f->off_index[d] >= 0)
            return -EINVAL;
        f->off_index[d] = i;
        f->off[i] = d;
        f->no_read[d] = true;
        f->no_write[d] = cfg->mode != LAY_FAIL_RESYNC;
    }
    f->n_off = cfg->n;
    int a, b;
    return lay_fail_data_lost(f->layout, f->no_read, &a, &b) ? -EINVAL : 0;
}

int lay_fail_create(const lay *l, const struct lay_fail_cfg *cfg, lay_fail **out)
{
    lay_fail *f = calloc(1, sizeof(*f));
    if (!f)
        return -ENOMEM;
    f->layout = l;
    f->g = lay_geom(l);
    f->mode = cfg->mode;
    int rc = mark_offline(f, cfg);
    if (rc < 0) {
        free(f);
        return rc;
    }
    uint64_t aus = lay_config(l)->disk_size_bytes >> f->g->au_shift;
    f->words = (aus + 63) / 64;
    f->stale = calloc((size_t)(f->words * (uint64_t)f->n_off), sizeof(uint64_t));
    f->stream = calloc(LAY_FAIL_MAX_STREAMS, sizeof(*f->stream));
    if (!f->stale || !f->stream) {
        lay_fail_destroy(f);
        return -ENOMEM;
    }
    find_sources(f);
    *out = f;
    return 0;
}

void lay_fail_destroy(lay_fail *f)
{
    if (!f)
        return;
    free(f->stale);
    free(f->stream);
    free(f);
}

/* ---- routing -------------------------------------------------------- */

static void mark_stale(lay_fail *f, const struct lay_piece *p)
{
    f->dropped++;
    uint64_t *bits = f->stale + (uint64_t)f->off_index[p->disk] * f->words;
    uint64_t au = p->offset_bytes >> f->g->au_shift;
    uint64_t w = au / 64, bit = 1ull << (au % 64);
    if (w < f->words && !(bits[w] & bit)) {
        bits[w] |= bit;
        f->stale_aus++;
    }
}

/* A surviving copy of the segment [at, at + size): its copies mapped as
   a write would be (copy 0 first), one of those online (Even Read
   between two). */
static int surviving_copy(lay_fail *f, uint64_t at, uint32_t size,
                          struct lay_piece *out)
{
    int copies = f->g->copies, alive[3], n = 0;
    if (lay_map(f->layout, at, size, true, f->scratch, copies) != copies)
        return -EIO;
    for (int c = 0; c < copies; c++)
        if (!f->no_read[f->scratch[c].disk])
            alive[n++] = c;
    if (n == 0)
        return -EIO;
    *out = f->scratch[n == 1 ? alive[0] : alive[f->even++ % (unsigned)n]];
    return 0;
}

/* Read piece i is segment i of the I/O (lay_map: one piece a segment),
   its logical offset the sizes before it; only the pieces on an offline
   disk are mapped again. */
static int route_read(lay_fail *f, uint64_t offset_bytes,
                      const struct lay_piece *in, int n, struct lay_piece *out)
{
    uint64_t at = offset_bytes;
    for (int i = 0; i < n; i++) {
        struct lay_piece p = in[i];
        if (f->no_read[p.disk]) {
            int rc = surviving_copy(f, at, p.size_bytes, &p);
            if (rc < 0)
                return rc;
        }
        at += in[i].size_bytes;         /* before out[i]: in may be out */
        out[i] = p;
    }
    return n;
}

int lay_fail_route(lay_fail *f, uint64_t offset_bytes, bool is_write,
                   const struct lay_piece *in, int n, struct lay_piece *out,
                   int max_out)
{
    if (n > max_out)
        return -ENOSPC;
    if (!is_write)
        return route_read(f, offset_bytes, in, n, out);
    int k = 0;
    for (int i = 0; i < n; i++) {
        struct lay_piece p = in[i];
        if (f->no_write[p.disk])
            mark_stale(f, &p);
        else
            out[k++] = p;
    }
    return k > 0 ? k : -EIO;
}

/* ---- copy streams --------------------------------------------------- */

/* The next target of a copy read from src: a surviving disk in a
   failure group other than src's (REBUILD), or a disk that came back;
   -1 when there is none. */
static int copy_target(lay_fail *f, uint16_t src)
{
    if (f->mode == LAY_FAIL_RESYNC)
        return f->off[f->next_back++ % (unsigned)f->n_off];
    int fg = lay_failgroup_of(f->layout, src);
    for (int i = 0; i < f->n_dst; i++) {
        uint16_t d = f->dst[f->next_dst++ % (unsigned)f->n_dst];
        if (lay_failgroup_of(f->layout, d) != fg)
            return d;
    }
    return -1;
}

/* lay_fail_can_copy of a failure made. */
static bool can_copy(const lay_fail *f)
{
    if (f->mode == LAY_FAIL_DEGRADED || f->n_src == 0)
        return false;
    if (f->mode == LAY_FAIL_RESYNC)
        return true;
    bool seen[LAY_MAX_DISKS] = { false };
    int groups = 0;
    for (int k = 0; k < f->n_dst; k++) {
        int fg = lay_failgroup_of(f->layout, f->dst[k]);
        groups += !seen[fg];
        seen[fg] = true;
    }
    return groups >= f->g->copies;
}

bool lay_fail_can_copy(const lay *l, const struct lay_fail_cfg *cfg)
{
    lay_fail *f = NULL;
    bool ok = lay_fail_create(l, cfg, &f) == 0 && can_copy(f);
    lay_fail_destroy(f);
    return ok;
}

int lay_fail_copy_next(lay_fail *f, int stream, struct lay_piece *out,
                       bool *is_write)
{
    if (f->mode == LAY_FAIL_DEGRADED || f->n_src == 0 || stream < 0 ||
        stream >= LAY_FAIL_MAX_STREAMS)
        return -EINVAL;
    struct fail_stream *s = &f->stream[stream];
    uint32_t au = (uint32_t)1 << f->g->au_shift;
    if (!s->write_next) {
        s->src = f->src[f->next_src++ % (unsigned)f->n_src];
        int dst = copy_target(f, s->src);
        if (dst < 0)
            return -EINVAL;             /* lay_fail_can_copy said so */
        s->dst = (uint16_t)dst;
        s->offset_bytes = f->au_walk;
        f->au_walk += au;
        if (f->au_walk + au > f->g->zone_bytes * (uint64_t)f->g->copies)
            f->au_walk = 0;
    }
    *is_write = s->write_next;
    *out = (struct lay_piece){
        .offset_bytes = s->offset_bytes,
        .size_bytes = au,
        .disk = s->write_next ? s->dst : s->src,
        .copy = s->write_next ? 1 : 0,
    };
    s->write_next = !s->write_next;
    return 1;
}

/* ---- counts --------------------------------------------------------- */

void lay_fail_reset_counts(lay_fail *f)
{
    memset(f->stale, 0, (size_t)(f->words * (uint64_t)f->n_off) * sizeof(uint64_t));
    f->dropped = f->stale_aus = 0;
}

uint64_t lay_fail_dropped_writes(const lay_fail *f)
{
    return f->dropped;
}

uint64_t lay_fail_stale_aus(const lay_fail *f)
{
    return f->stale_aus;
}

/* ---- space ---------------------------------------------------------- */

/* The raw bytes REQUIRED_MIRROR_FREE_MB holds back (see the top). */
static uint64_t required_mirror_free(const lay *l, int copies, uint64_t disk)
{
    int n = lay_disks(l), groups = 0;
    uint64_t size[LAY_MAX_DISKS] = { 0 };
    for (int d = 0; d < n; d++) {
        int fg = lay_failgroup_of(l, d);
        size[fg] += disk;
        if (fg + 1 > groups)
            groups = fg + 1;
    }
    if (copies == 1)
        return 0;
    if (groups == copies)               /* 2 groups normal, 3 high */
        return (uint64_t)(copies - 1) * disk;
    uint64_t first = 0, second = 0;
    for (int g = 0; g < groups; g++) {
        if (size[g] > first) {
            second = first;
            first = size[g];
        } else if (size[g] > second) {
            second = size[g];
        }
    }
    return copies == 2 ? first : first + second;
}

void lay_fail_space(const lay *l, double used_frac, const bool *offline,
                    struct lay_space *out)
{
    const struct lay_cfg *c = lay_config(l);
    int n = lay_disks(l), copies = lay_copies(l), lost = 0;
    for (int d = 0; d < n; d++)
        lost += offline[d] ? 1 : 0;
    uint64_t disk = c->disk_size_bytes;
    uint64_t used = (uint64_t)((double)disk * used_frac);
    *out = (struct lay_space){
        .total_bytes = disk * (uint64_t)n,
        .free_bytes = (disk - used) * (uint64_t)n,
        .required_mirror_free_bytes = required_mirror_free(l, copies, disk),
        .lost_bytes = used * (uint64_t)lost,
        .survivor_free_bytes = (disk - used) * (uint64_t)(n - lost),
    };
    out->usable_file_bytes = ((int64_t)out->free_bytes -
                              (int64_t)out->required_mirror_free_bytes) / copies;
    out->rebuild_fits = out->lost_bytes <= out->survivor_free_bytes;
}
