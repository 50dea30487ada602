/*
 * layout.c - where the bytes of an ASM disk group go.
 *
 * THE MODEL
 *
 * The disk group holds one logical file that fills it.  lay_map() turns a
 * logical byte range of that file into physical pieces: (disk, offset on
 * the disk, size, copy).  Four striping schemes exist; two of them (coarse,
 * fine) are ASM's, two (raid0, concat) are what ORION's -simulate builds.
 *
 * Extents (coarse and fine).  The file is a sequence of extents.  Extent k
 * lives on disk (start_disk + k) mod n, so consecutive extents land on
 * consecutive disks, and is contiguous on that disk.  With an allocation
 * unit (AU) below 4 MiB, ASM uses variable extent sizes:
 *
 *     extents      0 .. 19999   1 AU each   logical AUs       0 ..  19999
 *     extents  20000 .. 39999   4 AU each   logical AUs   20000 ..  99999
 *     extents  40000 ..        16 AU each   logical AUs  100000 ..
 *
 * With AU >= 4 MiB every extent is 1 AU.  Decoding a logical offset is one
 * shift (AU is a power of two) and two compares; no loop over extents.
 *
 * Coarse striping: the stripe unit is the extent.  Logical bytes run
 * through extent 0, then extent 1, ...; an I/O crossing an extent boundary
 * splits into one piece per extent it touches.
 *
 * Fine striping: 128 KiB chunks are dealt round robin over groups of 8
 * extents ("128K x 8").  Group g is extents 8g..8g+7; all eight have one
 * size, since 20000 and 40000 are multiples of 8.  Chunk i of the group
 * goes to extent 8g + (i mod 8), at offset (i div 8) * 128 KiB inside it:
 *
 *     logical:  c0 c1 c2 c3 c4 c5 c6 c7 c8 c9 ...     (128 KiB chunks)
 *     extent:   8g 8g+1 ...          8g+7 8g 8g+1 ...
 *     offset:   0  0  0  0  0  0  0  0  128K 128K ...
 *
 * A group's logical size is 8 extents.  An I/O crossing a chunk boundary
 * splits.
 *
 * raid0: stripe unit i (stripe_bytes each) goes to disk (start_disk + i)
 * mod n, at offset (i div n) * stripe_bytes.  concat: disk i holds logical
 * bytes [i * D, (i + 1) * D), where D is the disk size rounded down to a
 * whole MiB (so the capacity is a multiple of 1 MiB).  concat ignores
 * start_disk.  Both take external redundancy only: ORION's -simulate does
 * not mirror.
 *
 * Redundancy.  copies = 1, 2, 3 (external, normal, high).  A read maps to
 * copy 0 only; a write to every copy, and for each stripe segment the
 * pieces come in copy order.  Each disk is divided into `copies` equal
 * zones, the zone size rounded down to a multiple of 16 AU; copy c of
 * every extent lives in zone c of some disk.
 *
 * Slots.  Extent k is slot j = k div n of its disk (the j-th extent that
 * disk holds), and the extents k in [j*n, (j+1)*n) form round j: one slot
 * on every disk.  The primary of extent k sits in zone 0 at the sum of the
 * sizes of the earlier extents on the same disk.  With r = (disk -
 * start_disk) mod n the disk's residue, the extents on the disk are
 * r, r+n, r+2n, ...; the number of them below 20000 is
 *     a_r = ceil((20000 - r) / n)   (0 when r >= 20000)
 * and below 40000 b_r likewise, so in AU
 *     P_r(j) = j                              for j <= a_r
 *            = a_r + 4 (j - a_r)              for a_r < j <= b_r
 *            = a_r + 4 (b_r - a_r) + 16 (j - b_r)   beyond.
 * a_r and b_r are computed once per residue; P is then a closed form.
 *
 * Mirrors use shifts.  Round j chooses a shift s (one per copy), and the
 * mirror of every extent of the round goes from disk d to disk (d + s)
 * mod n.  A shift is a permutation of the disks, so within a round every
 * disk receives exactly one mirror per zone, and the mirror can sit at the
 * round's own slot position, the same on every disk:
 *     Q(j) = P_{n-1}(j)    (the residue holding the largest extent of each
 *                           round, so Q(j+1) - Q(j) >= any extent of round j)
 * Mirror copies of round j occupy [Q(j), Q(j) + size) inside
 * [Q(j), Q(j+1)) of their zone: they never collide.  Whenever all extents
 * of a round have the same size (n divides 20000, or AU >= 4 MiB, or away
 * from the size switches) Q(j) equals every disk's P(j), i.e. the mirror's
 * offset in zone c equals the primary's offset in zone 0.  (Using the
 * primary's own P_r(j) for the mirror is NOT safe: with n = 3 round 6666
 * holds extents 19998, 19999 (1 AU) and 20000 (4 AU), and a 4-AU mirror of
 * slot 6666 would overlap a 1-AU-earlier slot 6667 of another residue.)
 *
 * For normal redundancy a shift s in 1..n-1 is valid when for every disk d
 * failgroup((d + s) mod n) != failgroup(d).  The valid shifts, ascending,
 * at most 8 of them (ASM: at most 8 partners), form S; round j uses
 * S[j mod |S|].  For high redundancy a pair (s1, s2), s1 < s2, is valid
 * when d, d+s1, d+s2 are in three distinct failure groups for every d;
 * that holds exactly when s1, s2 and s2 - s1 are all valid single shifts,
 * which makes the search O(n^2).  At most 4 pairs are used, so a disk has
 * at most 8 partners; pairs of shifts not used yet come first (ascending),
 * so the partners spread over as many disks as possible, then any other
 * valid pairs.  Round j uses pair j mod (pairs); copy 1 uses s1, copy 2 s2.
 *
 *     4 disks, 1 MiB AU, normal, failgroups 2 (disk d in group d mod 2):
 *     valid shifts {1, 3}; round 0 uses 1, round 1 uses 3, ...
 *     disk size 64 MiB -> zone 32 MiB; E = primary, E' = mirror
 *
 *                  disk 0   disk 1   disk 2   disk 3
 *     failgroup      0        1        0        1
 *     zone 0   0M   E0       E1       E2       E3      round 0
 *              1M   E4       E5       E6       E7      round 1
 *     zone 1  32M   E3'      E0'      E1'      E2'     round 0, shift 1
 *             33M   E5'      E6'      E7'      E4'     round 1, shift 3
 *
 * When no valid shift exists (e.g. failure groups of unequal size: no
 * permutation by rotation can move a group of 3 disks onto one of 2) the
 * layout falls back to per-disk partner lists: the next disks after d, in
 * cyclic order, that are in another failure group, at most 8 (for high
 * redundancy the list is made to span at least two other groups, and each
 * copy-2 partner is the next list entry in a group other than copy 1's).
 * Round j of disk d uses list entry j mod len.  Copies still land in
 * distinct failure groups, but two source disks may then send a mirror of
 * the same round to one disk, so mirror offsets MAY ALIAS: the model then
 * counts the right I/O per disk but two extents can share bytes.
 * lay_cfg_check rejects what cannot be placed at all: normal redundancy
 * needs >= 2 failure groups, high >= 3.
 *
 * Capacity.  The largest logical size that is a multiple of 1 MiB and of
 * the natural unit (coarse: an extent; fine: a group of 8 extents; raid0:
 * a row of n stripes; concat: n disks) such that every copy of every
 * extent lies inside its zone.  Along a disk, ends grow with the extent
 * number, so K extents fit iff the last extent on each disk fits (the last
 * n extents, O(n)); fitting is monotone in K, so a binary search over K
 * finds the largest.  No loop over millions of extents.
 *
 * Hot path.  lay_map() runs >= 10 million times a second in total: shifts
 * and masks for the AU and chunk, one division by n per segment (a
 * multiply by its reciprocal), table lookups, no allocation, no loop over
 * extents.  The extent arithmetic (decode, slot AU, the pieces of one
 * extent) lives in layout_map.h, inline, with the mapping geometry
 * (struct lay_geom), so that the balancer maps a one-extent coarse I/O
 * without a call (lay_map_fast) by the same code lay_map() runs here.  A layout is
 * immutable after lay_create(), so threads may share it.
 */
#include "layouts/layout.h"
#include "layouts/layout_map.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "layouts/units.h"
#include "layouts/why.h"

#define FINE_SHIFT 17u                          /* log2(128 KiB) */
#define FINE_MASK ((uint64_t)LAY_FINE_CHUNK_BYTES - 1)
#define ZONE_ROUND_AU 16u                       /* zones: multiples of 16 AU */
#define MAX_SHIFT_PAIRS 4                       /* high: 4 pairs <= 8 partners */

/* Variable extent sizes below this AU (the classes: layout_map.h). */
#define VARIABLE_BELOW_AU_BYTES (4ull << 20)

struct lay {
    struct lay_cfg cfg;                 /* cfg.disk_failgroup -> fg_map */
    int n;
    int copies;
    unsigned stripe_shift;              /* log2(stripe_bytes), raid0 */
    bool shifted;                       /* mirrors placed by shifts (no aliasing) */
    uint64_t concat_disk_bytes;         /* concat: logical bytes per disk */
    int n_failgroups;
    /* what mapping reads (layout_map.h): AU shift, variable extents, zone
       and capacity, the residue counts and the mirror tables */
    struct lay_geom g;

    int fg[LAY_MAX_DISKS];              /* failure group of each disk */
    int fg_map[LAY_MAX_DISKS];          /* private copy of cfg->disk_failgroup */
    uint8_t n_partners[LAY_MAX_DISKS];
    uint16_t partners[LAY_MAX_DISKS][LAY_MAX_PARTNERS];
};

/* ------------------------------------------------------------------ */
/* small helpers                                                       */

static unsigned log2_u64(uint64_t x)
{
    unsigned s = 0;
    while (x > 1) {
        x >>= 1;
        s++;
    }
    return s;
}

/* "4MiB", "128KiB", "3B": the largest binary unit that divides exactly. */
static void fmt_size(uint64_t bytes, char *buf, size_t len)
{
    units_fmt_exact(bytes, TIB, false, buf, len);
}

/* ------------------------------------------------------------------ */
/* extent geometry                                                     */

/* Slots of residue r whose extent number r + j*n is below `limit`. */
static uint64_t slots_below(uint64_t r, uint64_t n, uint64_t limit)
{
    return r < limit ? (limit - r + n - 1) / n : 0;
}

/* Extent k's size in AU. */
static inline uint64_t extent_au(bool variable, uint64_t k)
{
    if (!variable || k < LAY_CLASS1_EXTENTS)
        return 1;
    return k < LAY_CLASS2_EXTENTS ? 4 : 16;
}

/* Logical AU where extent k starts (= total AU of extents 0..k-1). */
static uint64_t extent_start_au(bool variable, uint64_t k)
{
    if (!variable || k <= LAY_CLASS1_EXTENTS)
        return k;
    if (k <= LAY_CLASS2_EXTENTS)
        return LAY_CLASS2_START_AU + 4 * (k - LAY_CLASS1_EXTENTS);
    return LAY_CLASS3_START_AU + 16 * (k - LAY_CLASS2_EXTENTS);
}

/* Geometry shared by lay_cfg_check (capacity) and lay_create. */
struct geo {
    uint64_t n;
    bool variable;
    uint64_t zone_au;
    int copies;
};

static void geo_counts(const struct geo *g, uint64_t r, uint64_t *a, uint64_t *b)
{
    if (g->variable) {
        *a = slots_below(r, g->n, LAY_CLASS1_EXTENTS);
        *b = slots_below(r, g->n, LAY_CLASS2_EXTENTS);
    } else {
        *a = *b = UINT64_MAX;
    }
}

/* Do extents 0..K-1 fit, every copy inside its zone?  Only the last
   extent on each disk matters. */
static bool geo_fits(const struct geo *g, uint64_t K)
{
    uint64_t first = K > g->n ? K - g->n : 0;
    uint64_t qa, qb;
    geo_counts(g, g->n - 1, &qa, &qb);
    for (uint64_t k = first; k < K; k++) {
        uint64_t r = k % g->n, j = k / g->n, a, b;
        uint64_t sz = extent_au(g->variable, k);
        geo_counts(g, r, &a, &b);
        if (lay_slot_au(a, b, j) + sz > g->zone_au)
            return false;
        if (g->copies > 1 && lay_slot_au(qa, qb, j) + sz > g->zone_au)
            return false;
    }
    return true;
}

/* Capacity in bytes of a valid-looking cfg (0 if nothing fits). */
static uint64_t cfg_capacity(const struct lay_cfg *cfg)
{
    uint64_t n = (uint64_t)cfg->disks;
    uint64_t D = cfg->disk_size_bytes;

    if (cfg->striping == LAY_RAID0) {
        uint64_t stripe = cfg->stripe_bytes;
        uint64_t row = n * stripe;
        uint64_t unit = row / units_gcd(row, MIB) * MIB;   /* lcm(row, 1 MiB) */
        uint64_t raw = (D / stripe) * row;
        return raw / unit * unit;
    }
    if (cfg->striping == LAY_CONCAT)
        return n * (D / MIB * MIB);

    unsigned sh = log2_u64(cfg->au_bytes);
    int copies = (int)cfg->redundancy;
    struct geo g = {
        .n = n,
        .variable = cfg->au_bytes < VARIABLE_BELOW_AU_BYTES,
        .zone_au = (D / (uint64_t)copies >> sh) / ZONE_ROUND_AU * ZONE_ROUND_AU,
        .copies = copies,
    };
    /* Every extent is >= 1 AU, so at most zone_au extents per disk. */
    uint64_t lo = 0, hi = n * g.zone_au + 1;     /* fits(lo), !fits(hi) */
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (geo_fits(&g, mid))
            lo = mid;
        else
            hi = mid;
    }
    if (cfg->striping == LAY_FINE)
        lo -= lo % LAY_FINE_WIDTH;
    return extent_start_au(g.variable, lo) << sh;
}

/* ------------------------------------------------------------------ */
/* configuration                                                       */

void lay_cfg_defaults(struct lay_cfg *cfg, int disks, uint64_t disk_size_bytes)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->disks = disks;
    cfg->disk_size_bytes = disk_size_bytes;
    cfg->striping = LAY_COARSE;
    cfg->au_bytes = MIB;
    cfg->stripe_bytes = MIB;
    cfg->redundancy = LAY_EXTERNAL;
    cfg->failgroups = 0;
    cfg->disk_failgroup = NULL;
    cfg->start_disk = 0;
}

static int cfg_failgroup_of(const struct lay_cfg *cfg, int d)
{
    if (cfg->failgroups == 0)
        return d;
    if (cfg->disk_failgroup)
        return cfg->disk_failgroup[d];
    return d % cfg->failgroups;
}

bool lay_au_ok(uint64_t au_bytes)
{
    return units_is_pow2(au_bytes) && au_bytes >= LAY_MIN_AU_BYTES &&
           au_bytes <= LAY_MAX_AU_BYTES;
}

bool lay_stripe_ok(uint64_t stripe_bytes)
{
    return units_is_pow2(stripe_bytes) && stripe_bytes >= LAY_MIN_STRIPE_BYTES &&
           stripe_bytes <= LAY_MAX_STRIPE_BYTES;
}

/* The checks below run in a fixed order, and lay_cfg_check reports the
   first that fails: a configuration with several faults always gets the
   same message.  Each returns 0 or -EINVAL with why set. */

/* Geometry, part 1: how many disks and how big. */
static int check_disks(const struct lay_cfg *cfg, char *why, size_t why_len)
{
    char a[32];

    if (cfg->disks < 1 || cfg->disks > LAY_MAX_DISKS)
        return why_set(why, why_len,
                       "{disks} %d: the number of disks must be 1..%d",
                       cfg->disks, LAY_MAX_DISKS);
    int n = cfg->disks;
    if (cfg->disk_size_bytes == 0)
        return why_set(why, why_len,
                       "disk size 0: every disk needs a size greater than 0");
    if (cfg->disk_size_bytes > (UINT64_MAX >> 1) / (uint64_t)n) {
        fmt_size(cfg->disk_size_bytes, a, sizeof a);
        return why_set(why, why_len,
                       "disk size %s: too large; the %d disks must total less than 8EiB",
                       a, n);
    }
    return 0;
}

/* Geometry, part 2: the striping and redundancy kinds are known, and the
   striping's unit (AU or raid0 stripe) is a valid size. */
static int check_striping(const struct lay_cfg *cfg, char *why, size_t why_len)
{
    char a[32];

    if ((unsigned)cfg->striping > (unsigned)LAY_CONCAT)
        return why_set(why, why_len,
                       "{layout} %d: the striping must be coarse, fine, raid0 or concat",
                       (int)cfg->striping);
    if (cfg->redundancy < LAY_EXTERNAL || cfg->redundancy > LAY_HIGH)
        return why_set(why, why_len,
                       "{redundancy} %d: the redundancy must be external, normal or high",
                       (int)cfg->redundancy);
    bool asm_layout = cfg->striping == LAY_COARSE || cfg->striping == LAY_FINE;
    if (asm_layout && !lay_au_ok(cfg->au_bytes)) {
        fmt_size(cfg->au_bytes, a, sizeof a);
        return why_set(why, why_len,
                       "{au} %s: the allocation unit must be a power of two from 1MiB to 64MiB",
                       a);
    }
    if (cfg->striping == LAY_RAID0 && !lay_stripe_ok(cfg->stripe_bytes)) {
        fmt_size(cfg->stripe_bytes, a, sizeof a);
        return why_set(why, why_len,
                       "{stripe} %s: the raid0 stripe must be a power of two of at least 4KiB "
                       "and at most 64MiB",
                       a);
    }
    return 0;
}

/* Redundancy, part 1: only ASM layouts mirror; the failure groups are a
   valid partition of the disks (every group 0..failgroups-1 non-empty). */
static int check_failgroups(const struct lay_cfg *cfg, char *why, size_t why_len)
{
    int n = cfg->disks;
    bool asm_layout = cfg->striping == LAY_COARSE || cfg->striping == LAY_FINE;

    if (!asm_layout && cfg->redundancy != LAY_EXTERNAL)
        return why_set(why, why_len,
                       "{redundancy} %s: {layout} %s takes external redundancy only "
                       "(ORION's -simulate does not mirror); use coarse or fine to mirror",
                       lay_redundancy_name(cfg->redundancy),
                       lay_striping_name(cfg->striping));
    if (cfg->failgroups < 0 || cfg->failgroups > n)
        return why_set(why, why_len,
                       "{failgroups} %d: must be 0 (one per disk) to %d (the number of disks)",
                       cfg->failgroups, n);
    if (cfg->failgroups > 0 && cfg->disk_failgroup) {
        unsigned char used[LAY_MAX_DISKS] = {0};
        for (int d = 0; d < n; d++) {
            int f = cfg->disk_failgroup[d];
            if (f < 0 || f >= cfg->failgroups)
                return why_set(why, why_len,
                               "failure group %d of disk %d: must be 0..%d ({failgroups} %d)",
                               f, d, cfg->failgroups - 1, cfg->failgroups);
            used[f] = 1;
        }
        for (int f = 0; f < cfg->failgroups; f++)
            if (!used[f])
                return why_set(why, why_len,
                               "{failgroups} %d: failure group %d has no disk; "
                               "every group 0..%d needs at least one",
                               cfg->failgroups, f, cfg->failgroups - 1);
    }
    return 0;
}

/* Geometry, part 3: the disk the layout starts on.  Checked between the
   two redundancy checks, where it always was, so the first fault reported
   stays the same. */
static int check_start_disk(const struct lay_cfg *cfg, char *why, size_t why_len)
{
    int n = cfg->disks;
    if (cfg->start_disk < 0 || cfg->start_disk >= n)
        return why_set(why, why_len, "start disk %d: must be 0..%d",
                       cfg->start_disk, n - 1);
    return 0;
}

/* Redundancy, part 2: enough failure groups for the copies. */
static int check_copies(const struct lay_cfg *cfg, char *why, size_t why_len)
{
    int n = cfg->disks;
    int groups = cfg->failgroups ? cfg->failgroups : n;
    if (cfg->redundancy == LAY_NORMAL && groups < 2)
        return why_set(why, why_len,
                       "{redundancy} normal: needs at least 2 failure groups (3 recommended); "
                       "this disk group has %d (give more disks or {failgroups} 2 or more)",
                       groups);
    if (cfg->redundancy == LAY_HIGH && groups < 3)
        return why_set(why, why_len,
                       "{redundancy} high: needs at least 3 failure groups (5 recommended); "
                       "this disk group has %d (give more disks or {failgroups} 3 or more)",
                       groups);
    return 0;
}

/* Capacity: the disks hold at least something, and if not, say what the
   layout needs. */
static int check_capacity(const struct lay_cfg *cfg, char *why, size_t why_len)
{
    char a[32], b[32];
    int n = cfg->disks;
    bool asm_layout = cfg->striping == LAY_COARSE || cfg->striping == LAY_FINE;

    if (cfg_capacity(cfg) != 0)
        return 0;
    fmt_size(cfg->disk_size_bytes, a, sizeof a);
    if (asm_layout) {
        char c[32];
        fmt_size(cfg->au_bytes, c, sizeof c);
        fmt_size(cfg->au_bytes * ZONE_ROUND_AU * (uint64_t)cfg->redundancy, b,
                 sizeof b);
        return why_set(why, why_len,
                       "disk size %s: too small for {au} %s with %s redundancy; every "
                       "disk needs at least %s (a 16-AU zone per copy)",
                       a, c, lay_redundancy_name(cfg->redundancy), b);
    }
    if (cfg->striping == LAY_RAID0) {
        fmt_size(cfg->stripe_bytes, b, sizeof b);
        return why_set(why, why_len,
                       "disk size %s: too small for {layout} raid0 with {stripe} %s "
                       "on %d disks; the capacity must hold at least 1MiB of whole "
                       "rows of stripes",
                       a, b, n);
    }
    return why_set(why, why_len,
                   "disk size %s: {layout} concat needs disks of at least 1MiB", a);
}

/* Every rule of lay_cfg_check but the disks' capacity. */
static int check_shape(const struct lay_cfg *cfg, char *why, size_t why_len)
{
    int rc = check_disks(cfg, why, why_len);
    if (rc == 0)
        rc = check_striping(cfg, why, why_len);
    if (rc == 0)
        rc = check_failgroups(cfg, why, why_len);
    if (rc == 0)
        rc = check_start_disk(cfg, why, why_len);
    if (rc == 0)
        rc = check_copies(cfg, why, why_len);
    return rc;
}

int lay_cfg_check(const struct lay_cfg *cfg, char *why, size_t why_len)
{
    int rc = check_shape(cfg, why, why_len);
    if (rc == 0)
        rc = check_capacity(cfg, why, why_len);
    return rc;
}

bool lay_cfg_disks_too_small(const struct lay_cfg *cfg)
{
    char scratch[8];
    return check_shape(cfg, scratch, sizeof scratch) == 0 &&
           check_capacity(cfg, scratch, sizeof scratch) != 0;
}

/* ------------------------------------------------------------------ */
/* mirrors                                                             */

static bool shift_valid(const lay *l, int s)
{
    for (int d = 0; d < l->n; d++)
        if (l->fg[(d + s) % l->n] == l->fg[d])
            return false;
    return true;
}

static void add_partner(lay *l, int d, int p)
{
    for (int i = 0; i < l->n_partners[d]; i++)
        if (l->partners[d][i] == p)
            return;
    if (l->n_partners[d] < LAY_MAX_PARTNERS)
        l->partners[d][l->n_partners[d]++] = (uint16_t)p;
}

/* Shifts: fill mirror tables from S (normal) or pairs (high).  Returns
   false if no valid shift (pair) exists. */
static bool place_by_shifts(lay *l)
{
    int n = l->n;
    bool valid[LAY_MAX_DISKS] = {false};
    int s1[LAY_MAX_PARTNERS], s2[LAY_MAX_PARTNERS], m = 0;

    for (int s = 1; s < n; s++)
        valid[s] = shift_valid(l, s);
    if (l->copies == 2) {
        for (int s = 1; s < n && m < LAY_MAX_PARTNERS; s++)
            if (valid[s])
                s1[m++] = s;
    } else {
        /* Pass 0 takes only pairs of shifts not used yet, so the 4 pairs
           reach as many partners as they can; pass 1 fills up. */
        bool used[LAY_MAX_DISKS] = {false};
        for (int pass = 0; pass < 2; pass++)
            for (int a = 1; a < n && m < MAX_SHIFT_PAIRS; a++) {
                if (!valid[a] || (pass == 0 && used[a]))
                    continue;
                for (int b = a + 1; b < n && m < MAX_SHIFT_PAIRS; b++) {
                    if (!valid[b] || !valid[b - a])
                        continue;
                    bool fresh = !used[a] && !used[b];
                    bool taken = false;
                    for (int i = 0; i < m; i++)
                        taken |= s1[i] == a && s2[i] == b;
                    if ((pass == 0 && !fresh) || taken)
                        continue;
                    s1[m] = a;
                    s2[m] = b;
                    used[a] = used[b] = true;
                    m++;
                    if (pass == 0)
                        break;
                }
            }
    }
    if (m == 0)
        return false;
    for (int d = 0; d < n; d++) {
        l->g.mirror_len[d] = (uint8_t)m;
        for (int i = 0; i < m; i++) {
            int p1 = (d + s1[i]) % n;
            l->g.mirror[d][i][0] = (uint16_t)p1;
            add_partner(l, d, p1);
            if (l->copies == 3) {
                int p2 = (d + s2[i]) % n;
                l->g.mirror[d][i][1] = (uint16_t)p2;
                add_partner(l, d, p2);
            }
        }
    }
    return true;
}

/* Fallback: per-disk partner lists; mirror offsets may alias. */
static void place_by_lists(lay *l)
{
    int n = l->n;
    for (int d = 0; d < n; d++) {
        int list[LAY_MAX_PARTNERS], len = 0, e = d;
        for (int t = 1; t < n && len < LAY_MAX_PARTNERS; t++) {
            e = (d + t) % n;
            if (l->fg[e] != l->fg[d])
                list[len++] = e;
        }
        if (l->copies == 3) {
            /* The list must span two other groups so copy 2 has a home. */
            bool two = false;
            for (int i = 1; i < len; i++)
                two |= l->fg[list[i]] != l->fg[list[0]];
            if (!two) {
                for (int t = 1; t < n; t++) {
                    int x = (e + t) % n;
                    if (l->fg[x] != l->fg[d] && l->fg[x] != l->fg[list[0]]) {
                        if (len < LAY_MAX_PARTNERS)
                            list[len++] = x;
                        else
                            list[len - 1] = x;
                        break;
                    }
                }
            }
        }
        l->g.mirror_len[d] = (uint8_t)len;
        for (int i = 0; i < len; i++) {
            l->g.mirror[d][i][0] = (uint16_t)list[i];
            add_partner(l, d, list[i]);
            if (l->copies == 3) {
                for (int t = 1; t < len; t++) {
                    int p2 = list[(i + t) % len];
                    if (l->fg[p2] != l->fg[list[i]]) {
                        l->g.mirror[d][i][1] = (uint16_t)p2;
                        break;
                    }
                }
            }
        }
    }
}

/* ------------------------------------------------------------------ */
/* create                                                              */

/* The scalars of the mapping geometry that lay_create's steps keep in
   the layout itself; the reciprocal of the disk count (layout_map.h). */
static void geom_finish(lay *l)
{
    l->g.layout = l;
    l->g.coarse = l->cfg.striping == LAY_COARSE;
    l->g.copies = l->copies;
    l->g.n = (uint64_t)l->n;
    l->g.n_magic = l->n > 1 ? UINT64_MAX / (uint64_t)l->n + 1 : 0;
    l->g.start_disk = (uint64_t)l->cfg.start_disk;
}

int lay_create(const struct lay_cfg *cfg, lay **out, char *why, size_t why_len)
{
    int rc = lay_cfg_check(cfg, why, why_len);
    if (rc)
        return rc;
    lay *l = calloc(1, sizeof *l);
    if (!l) {
        if (why && why_len)
            snprintf(why, why_len, "layout: out of memory");
        return -ENOMEM;
    }
    int n = cfg->disks;
    l->cfg = *cfg;
    l->n = n;
    l->copies = (int)cfg->redundancy;
    if (cfg->failgroups > 0 && cfg->disk_failgroup) {
        memcpy(l->fg_map, cfg->disk_failgroup, (size_t)n * sizeof(int));
        l->cfg.disk_failgroup = l->fg_map;
    } else {
        l->cfg.disk_failgroup = NULL;
    }
    for (int d = 0; d < n; d++)
        l->fg[d] = cfg_failgroup_of(cfg, d);
    l->n_failgroups = cfg->failgroups ? cfg->failgroups : n;

    bool asm_layout = cfg->striping == LAY_COARSE || cfg->striping == LAY_FINE;
    if (asm_layout) {
        l->g.au_shift = log2_u64(cfg->au_bytes);
        l->g.variable = cfg->au_bytes < VARIABLE_BELOW_AU_BYTES;
        l->g.zone_bytes = ((cfg->disk_size_bytes / (uint64_t)l->copies >> l->g.au_shift) /
                         ZONE_ROUND_AU * ZONE_ROUND_AU) << l->g.au_shift;
        struct geo g = {.n = (uint64_t)n, .variable = l->g.variable};
        for (int r = 0; r < n; r++)
            geo_counts(&g, (uint64_t)r, &l->g.cnt1[r], &l->g.cnt2[r]);
    }
    if (cfg->striping == LAY_RAID0)
        l->stripe_shift = log2_u64(cfg->stripe_bytes);
    l->concat_disk_bytes = cfg->disk_size_bytes / MIB * MIB;
    l->g.capacity_bytes = cfg_capacity(cfg);

    if (l->copies > 1) {
        l->shifted = place_by_shifts(l);
        if (!l->shifted)
            place_by_lists(l);
    }
    geom_finish(l);
    *out = l;
    return 0;
}

const struct lay_geom *lay_geom(const lay *l)
{
    return &l->g;
}

void lay_destroy(lay *l)
{
    free(l);
}

const struct lay_cfg *lay_config(const lay *l)
{
    return &l->cfg;
}

int lay_disks(const lay *l)
{
    return l->n;
}

int lay_copies(const lay *l)
{
    return l->copies;
}

uint64_t lay_capacity_bytes(const lay *l)
{
    return l->g.capacity_bytes;
}

int lay_failgroup_of(const lay *l, int disk)
{
    if (disk < 0 || disk >= l->n)
        return -EINVAL;
    return l->fg[disk];
}

int lay_partners(const lay *l, int disk, int out[LAY_MAX_PARTNERS])
{
    if (disk < 0 || disk >= l->n)
        return -EINVAL;
    int m = l->n_partners[disk];
    for (int i = 0; i < m; i++)
        out[i] = l->partners[disk][i];
    return m;
}

/* The smallest stripe segment: an I/O splits at multiples of it. */
static uint64_t segment_unit(const lay *l)
{
    switch (l->cfg.striping) {
    case LAY_COARSE: return l->cfg.au_bytes;
    case LAY_FINE: return LAY_FINE_CHUNK_BYTES;
    case LAY_RAID0: return l->cfg.stripe_bytes;
    case LAY_CONCAT: return l->concat_disk_bytes ? l->concat_disk_bytes : 1;
    }
    return 1;
}

int lay_max_pieces(const lay *l, uint32_t size_bytes, bool is_write)
{
    if (size_bytes == 0)
        return 0;
    uint64_t segs = ((uint64_t)size_bytes - 1) / segment_unit(l) + 2;
    uint64_t pieces = segs * (uint64_t)(is_write ? l->copies : 1);
    return pieces > INT32_MAX ? INT32_MAX : (int)pieces;
}

/* ------------------------------------------------------------------ */
/* the hot path                                                        */

/* One mapper per striping kind.  Each splits the logical bytes [o, end)
   at its segment boundaries and appends the pieces to out, returning the
   number of pieces or -ENOSPC when more than max_out are needed. */

/* Coarse: an extent is one AU-sized unit (1, 4 or 16 AU with variable
   extents) on one disk. */
static inline int map_coarse(const lay *l, uint64_t o, uint64_t end,
                             bool is_write, struct lay_piece *out, int max_out)
{
    unsigned sh = l->g.au_shift;
    int np = 0;
    while (o < end) {
        uint64_t start_au, size_au;
        uint64_t k = lay_decode_extent(&l->g, o >> sh, &start_au, &size_au);
        uint64_t eoff = o - (start_au << sh);
        uint64_t seg = (size_au << sh) - eoff;
        if (seg > end - o)
            seg = end - o;
        np = lay_put_extent(&l->g, k, eoff, (uint32_t)seg, is_write, out, np, max_out);
        if (np < 0)
            return np;
        o += seg;
    }
    return np;
}

/* Fine: 128 KiB chunks dealt round-robin over a group of 8 extents. */
static inline int map_fine(const lay *l, uint64_t o, uint64_t end,
                           bool is_write, struct lay_piece *out, int max_out)
{
    unsigned sh = l->g.au_shift;
    int np = 0;
    while (o < end) {
        uint64_t start_au, size_au;
        uint64_t k = lay_decode_extent(&l->g, o >> sh, &start_au, &size_au);
        /* The group's first extent; class bases are multiples of 8. */
        uint64_t g8 = k & ~(uint64_t)(LAY_FINE_WIDTH - 1);
        uint64_t gstart = (start_au - (k - g8) * size_au) << sh;
        uint64_t goff = o - gstart;
        uint64_t chunk = goff >> FINE_SHIFT;
        uint64_t in = goff & FINE_MASK;
        uint64_t eoff = ((chunk / LAY_FINE_WIDTH) << FINE_SHIFT) + in;
        uint64_t seg = LAY_FINE_CHUNK_BYTES - in;
        if (seg > end - o)
            seg = end - o;
        np = lay_put_extent(&l->g, g8 + (chunk % LAY_FINE_WIDTH), eoff, (uint32_t)seg,
                        is_write, out, np, max_out);
        if (np < 0)
            return np;
        o += seg;
    }
    return np;
}

/* Raid0: stripes dealt round-robin over the disks, from start_disk. */
static inline int map_raid0(const lay *l, uint64_t o, uint64_t end,
                            struct lay_piece *out, int max_out)
{
    unsigned ss = l->stripe_shift;
    uint64_t mask = l->cfg.stripe_bytes - 1, n = (uint64_t)l->n;
    int np = 0;
    while (o < end) {
        uint64_t unit = o >> ss;
        uint64_t row = unit / n, disk = unit - row * n + (uint64_t)l->cfg.start_disk;
        if (disk >= n)
            disk -= n;
        uint64_t seg = l->cfg.stripe_bytes - (o & mask);
        if (seg > end - o)
            seg = end - o;
        if (np >= max_out)
            return -ENOSPC;
        out[np++] = (struct lay_piece){
            .offset_bytes = (row << ss) + (o & mask),
            .size_bytes = (uint32_t)seg,
            .disk = (uint16_t)disk,
            .copy = 0,
        };
        o += seg;
    }
    return np;
}

/* Concat: the disks one after another. */
static inline int map_concat(const lay *l, uint64_t o, uint64_t end,
                             struct lay_piece *out, int max_out)
{
    uint64_t D = l->concat_disk_bytes;
    int np = 0;
    while (o < end) {
        uint64_t disk = o / D, off = o - disk * D;
        uint64_t seg = D - off;
        if (seg > end - o)
            seg = end - o;
        if (np >= max_out)
            return -ENOSPC;
        out[np++] = (struct lay_piece){
            .offset_bytes = off,
            .size_bytes = (uint32_t)seg,
            .disk = (uint16_t)disk,
            .copy = 0,
        };
        o += seg;
    }
    return np;
}

int lay_map(const lay *l, uint64_t offset_bytes, uint32_t size_bytes,
            bool is_write, struct lay_piece *out, int max_out)
{
    if (offset_bytes > l->g.capacity_bytes ||
        size_bytes > l->g.capacity_bytes - offset_bytes)
        return -ERANGE;

    uint64_t o = offset_bytes, end = offset_bytes + size_bytes;
    switch (l->cfg.striping) {
    case LAY_COARSE: return map_coarse(l, o, end, is_write, out, max_out);
    case LAY_FINE: return map_fine(l, o, end, is_write, out, max_out);
    case LAY_RAID0: return map_raid0(l, o, end, out, max_out);
    case LAY_CONCAT: return map_concat(l, o, end, out, max_out);
    }
    return -EINVAL;
}

/* ------------------------------------------------------------------ */
/* names                                                               */

static const char *const striping_names[] = {"coarse", "fine", "raid0", "concat"};
static const char *const redundancy_names[] = {"external", "normal", "high"};

const char *lay_striping_name(enum lay_striping s)
{
    return (unsigned)s <= (unsigned)LAY_CONCAT ? striping_names[s] : "?";
}

const char *lay_redundancy_name(enum lay_redundancy r)
{
    return r >= LAY_EXTERNAL && r <= LAY_HIGH ? redundancy_names[r - 1] : "?";
}

int lay_striping_parse(const char *name, enum lay_striping *out)
{
    for (int i = 0; i <= (int)LAY_CONCAT; i++)
        if (name && strcasecmp(name, striping_names[i]) == 0) {
            *out = (enum lay_striping)i;
            return 0;
        }
    return -EINVAL;
}

int lay_redundancy_parse(const char *name, enum lay_redundancy *out)
{
    for (int i = 0; i < 3; i++)
        if (name && strcasecmp(name, redundancy_names[i]) == 0) {
            *out = (enum lay_redundancy)(i + 1);
            return 0;
        }
    return -EINVAL;
}
