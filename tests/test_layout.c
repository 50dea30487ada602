/*
 * test_layout.c - layouts/layout.c: extents, coarse/fine/raid0/concat,
 * mirrors, failure groups, partners, capacity and configuration errors.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "layouts/layout.h"
#include "layouts/layout_map.h"
#include "tests/check.h"
#include "workloads/rng.h"

#define KiB (1ull << 10)
#define MiB (1ull << 20)
#define GiB (1ull << 30)

static lay *make(const struct lay_cfg *cfg)
{
    char why[256] = "";
    lay *l = NULL;
    int rc = lay_create(cfg, &l, why, sizeof why);
    if (rc != 0) {
        CHECK_FAIL_AT("lay_create: %d %s", rc, why);
        return NULL;
    }
    return l;
}

static int map(const lay *l, uint64_t off, uint64_t size, bool w,
               struct lay_piece *p, int max)
{
    return lay_map(l, off, (uint32_t)size, w, p, max);
}

#define CHECK_PIECE(p, d, off, sz, c)                                        \
    do {                                                                     \
        CHECK_INT_EQ((p).disk, (d));                                         \
        CHECK_U64_EQ((p).offset_bytes, (off));                               \
        CHECK_U64_EQ((p).size_bytes, (sz));                                  \
        CHECK_INT_EQ((p).copy, (c));                                         \
    } while (0)

/*
 * The drawn group: 4 disks of 64 MiB, 1 MiB AU, coarse, normal redundancy,
 * 2 failure groups (disk d in group d mod 2).  Valid shifts {1, 3}: round 0
 * uses 1, round 1 uses 3.  Zone = 32 MiB.
 *
 *                  disk 0   disk 1   disk 2   disk 3
 *     failgroup      0        1        0        1
 *     zone 0   0M   E0       E1       E2       E3      round 0
 *              1M   E4       E5       E6       E7      round 1
 *     zone 1  32M   E3'      E0'      E1'      E2'     round 0, shift 1
 *             33M   E5'      E6'      E7'      E4'     round 1, shift 3
 *
 *     extent  primary (disk, offset)   mirror (disk, offset)
 *       0        0, 0M                    1, 32M
 *       1        1, 0M                    2, 32M
 *       2        2, 0M                    3, 32M
 *       3        3, 0M                    0, 32M
 *       4        0, 1M                    3, 33M
 *       5        1, 1M                    0, 33M
 *       6        2, 1M                    1, 33M
 *       7        3, 1M                    2, 33M
 *       8        0, 2M                    1, 34M   (round 2: shift 1 again)
 */
static void map_should_follow_the_drawn_normal_four_disk_table(void)
{
    static const int tab[9][4] = {
        {0, 0, 1, 32}, {1, 0, 2, 32}, {2, 0, 3, 32}, {3, 0, 0, 32},
        {0, 1, 3, 33}, {1, 1, 0, 33}, {2, 1, 1, 33}, {3, 1, 2, 33},
        {0, 2, 1, 34},
    };
    struct lay_cfg cfg;
    lay_cfg_defaults(&cfg, 4, 64 * MiB);
    cfg.redundancy = LAY_NORMAL;
    cfg.failgroups = 2;
    lay *l = make(&cfg);
    if (!l)
        return;
    CHECK_U64_EQ(lay_capacity_bytes(l), 128 * MiB);
    for (int k = 0; k < 9; k++) {
        struct lay_piece p[4];
        int np = map(l, (uint64_t)k * MiB, MiB, true, p, 4);
        CHECK_INT_EQ(np, 2);
        CHECK_PIECE(p[0], tab[k][0], (uint64_t)tab[k][1] * MiB, MiB, 0);
        CHECK_PIECE(p[1], tab[k][2], (uint64_t)tab[k][3] * MiB, MiB, 1);
        /* a read inside the extent goes to the primary only */
        np = map(l, (uint64_t)k * MiB + 8 * KiB, 8 * KiB, false, p, 4);
        CHECK_INT_EQ(np, 1);
        CHECK_PIECE(p[0], tab[k][0], (uint64_t)tab[k][1] * MiB + 8 * KiB, 8 * KiB, 0);
    }
    int part[LAY_MAX_PARTNERS];
    CHECK_INT_EQ(lay_partners(l, 0, part), 2);
    CHECK_INT_EQ(part[0], 1);
    CHECK_INT_EQ(part[1], 3);
    lay_destroy(l);
}

static void extent_sizes_should_switch_at_20000_and_40000(void)
{
    struct lay_cfg cfg;
    lay_cfg_defaults(&cfg, 4, 64 * GiB);
    lay *l = make(&cfg);
    if (!l)
        return;
    struct lay_piece p[8];
    /* extent 19999 (1 AU, disk 3, slot 4999) then extent 20000 (4 AU) */
    int np = map(l, 19999 * MiB, 2 * MiB, false, p, 8);
    CHECK_INT_EQ(np, 2);
    CHECK_PIECE(p[0], 3, 4999 * MiB, MiB, 0);
    CHECK_PIECE(p[1], 0, 5000 * MiB, MiB, 0);
    /* extent 20000 covers logical AU 20000..20003 in one piece */
    np = map(l, 20000 * MiB, 4 * MiB, false, p, 8);
    CHECK_INT_EQ(np, 1);
    CHECK_PIECE(p[0], 0, 5000 * MiB, 4 * MiB, 0);
    /* extent 20004: disk 0 again, after the 4-AU extent 20000 */
    np = map(l, 20016 * MiB, 4 * MiB, false, p, 8);
    CHECK_INT_EQ(np, 1);
    CHECK_PIECE(p[0], 0, 5004 * MiB, 4 * MiB, 0);
    /* extent 39999 ends at logical AU 100000; extent 40000 is 16 AU */
    np = map(l, 99999 * MiB, 2 * MiB, false, p, 8);
    CHECK_INT_EQ(np, 2);
    CHECK_PIECE(p[0], 3, (5000 + 4 * 4999 + 3) * MiB, MiB, 0);
    CHECK_PIECE(p[1], 0, (5000 + 4 * 5000) * MiB, MiB, 0);
    np = map(l, 100000 * MiB, 16 * MiB, false, p, 8);
    CHECK_INT_EQ(np, 1);
    CHECK_U64_EQ(p[0].size_bytes, 16 * MiB);
    np = map(l, 100016 * MiB, 16 * MiB, false, p, 8);
    CHECK_INT_EQ(np, 1);
    CHECK_PIECE(p[0], 1, 25000 * MiB, 16 * MiB, 0);
    lay_destroy(l);

    /* 4 MiB AU: every extent is 1 AU, also past 20000 and 40000 */
    cfg.au_bytes = 4 * MiB;
    l = make(&cfg);
    if (!l)
        return;
    static const uint64_t ks[] = {19999, 39999, 40000};
    for (int i = 0; i < 3; i++) {
        uint64_t k = ks[i];
        np = map(l, k * 4 * MiB, 8 * MiB, false, p, 8);
        CHECK_INT_EQ(np, 2);
        CHECK_U64_EQ(p[0].size_bytes, 4 * MiB);
        CHECK_U64_EQ(p[0].offset_bytes, k / 4 * 4 * MiB);
        CHECK_INT_EQ(p[0].disk, k % 4);
    }
    lay_destroy(l);
}

static void map_should_split_io_crossing_au_boundary(void)
{
    struct lay_cfg cfg;
    lay_cfg_defaults(&cfg, 4, GiB);
    cfg.start_disk = 2;
    lay *l = make(&cfg);
    if (!l)
        return;
    struct lay_piece p[8];
    int np = map(l, MiB - 4 * KiB, 8 * KiB, false, p, 8);
    CHECK_INT_EQ(np, 2);
    CHECK_PIECE(p[0], 2, MiB - 4 * KiB, 4 * KiB, 0);   /* extent 0 on start disk */
    CHECK_PIECE(p[1], 3, 0, 4 * KiB, 0);
    /* a 3 MiB I/O from the middle of extent 3 touches extents 3..6 */
    np = map(l, 3 * MiB + 512 * KiB, 3 * MiB, false, p, 8);
    CHECK_INT_EQ(np, 4);
    CHECK_PIECE(p[0], 1, 512 * KiB, 512 * KiB, 0);
    CHECK_PIECE(p[1], 2, MiB, MiB, 0);
    CHECK_PIECE(p[2], 3, MiB, MiB, 0);
    CHECK_PIECE(p[3], 0, MiB, 512 * KiB, 0);
    /* inside one extent: one piece */
    CHECK_INT_EQ(map(l, 5 * MiB, MiB, false, p, 8), 1);
    lay_destroy(l);
}

/* Fine, 4 disks: chunk i of group g -> extent 8g + i%8 at (i/8)*128K;
   extents 0..7 are disks 0,1,2,3,0,1,2,3 (slots 0,0,0,0,1,1,1,1). */
static void fine_should_deal_128k_chunks_over_8_extents(void)
{
    struct lay_cfg cfg;
    lay_cfg_defaults(&cfg, 4, GiB);
    cfg.striping = LAY_FINE;
    lay *l = make(&cfg);
    if (!l)
        return;
    CHECK_U64_EQ(lay_capacity_bytes(l) % (8 * MiB), 0);
    struct lay_piece p[32];
    int np = map(l, 0, MiB, false, p, 32);
    CHECK_INT_EQ(np, 8);
    for (int i = 0; i < 8 && np == 8; i++)
        CHECK_PIECE(p[i], i % 4, (uint64_t)(i / 4) * MiB, 128 * KiB, 0);
    /* chunk 8 wraps to extent 0 at 128 KiB; chunk 13 -> extent 5 at 128K */
    np = map(l, 8 * 128 * KiB, 128 * KiB, false, p, 32);
    CHECK_INT_EQ(np, 1);
    CHECK_PIECE(p[0], 0, 128 * KiB, 128 * KiB, 0);
    np = map(l, 13 * 128 * KiB + 4 * KiB, 8 * KiB, false, p, 32);
    CHECK_INT_EQ(np, 1);
    CHECK_PIECE(p[0], 1, MiB + 128 * KiB + 4 * KiB, 8 * KiB, 0);
    /* last chunk of group 0 (chunk 63 -> extent 7 at 7*128K) */
    np = map(l, 63 * 128 * KiB, 128 * KiB, false, p, 32);
    CHECK_PIECE(p[0], 3, MiB + 7 * 128 * KiB, 128 * KiB, 0);
    /* group 1 starts at logical 8 MiB with extent 8 = disk 0 slot 2 */
    np = map(l, 8 * MiB, 128 * KiB, false, p, 32);
    CHECK_INT_EQ(np, 1);
    CHECK_PIECE(p[0], 0, 2 * MiB, 128 * KiB, 0);
    /* crossing a chunk boundary splits */
    np = map(l, 128 * KiB - 4 * KiB, 8 * KiB, false, p, 32);
    CHECK_INT_EQ(np, 2);
    CHECK_PIECE(p[0], 0, 128 * KiB - 4 * KiB, 4 * KiB, 0);
    CHECK_PIECE(p[1], 1, 0, 4 * KiB, 0);
    lay_destroy(l);

    /* in the 4-AU class (extent 20000 = logical AU 20000) chunk i still
       goes to extent 20000 + i%8 at (i/8)*128K */
    lay_cfg_defaults(&cfg, 8, 64 * GiB);
    cfg.striping = LAY_FINE;
    l = make(&cfg);
    if (!l)
        return;
    np = map(l, 20000 * MiB + 9 * 128 * KiB, 128 * KiB, false, p, 32);
    CHECK_INT_EQ(np, 1);
    CHECK_PIECE(p[0], 1, 2500 * MiB + 128 * KiB, 128 * KiB, 0);
    /* group 2500 is 32 MiB long: its last chunk (255) -> extent 20007 */
    np = map(l, 20032 * MiB - 128 * KiB, 128 * KiB, false, p, 32);
    CHECK_PIECE(p[0], 7, 2500 * MiB + 31 * 128 * KiB, 128 * KiB, 0);
    lay_destroy(l);
}

static void raid0_should_stripe_units_round_robin_from_start_disk(void)
{
    struct lay_cfg cfg;
    lay_cfg_defaults(&cfg, 3, GiB);
    cfg.striping = LAY_RAID0;
    cfg.stripe_bytes = 64 * KiB;
    cfg.start_disk = 1;
    lay *l = make(&cfg);
    if (!l)
        return;
    struct lay_piece p[8];
    for (uint64_t i = 0; i < 10; i++) {
        int np = map(l, i * 64 * KiB + 4 * KiB, 8 * KiB, false, p, 8);
        CHECK_INT_EQ(np, 1);
        CHECK_PIECE(p[0], (1 + i) % 3, i / 3 * 64 * KiB + 4 * KiB, 8 * KiB, 0);
    }
    int np = map(l, 64 * KiB - 4 * KiB, 132 * KiB, true, p, 8);
    CHECK_INT_EQ(np, 3);
    CHECK_PIECE(p[0], 1, 60 * KiB, 4 * KiB, 0);
    CHECK_PIECE(p[1], 2, 0, 64 * KiB, 0);
    CHECK_PIECE(p[2], 0, 0, 64 * KiB, 0);
    /* capacity: whole rows, a multiple of 1 MiB and of 3 stripes */
    CHECK_U64_EQ(lay_capacity_bytes(l) % MiB, 0);
    CHECK_U64_EQ(lay_capacity_bytes(l) % (3 * 64 * KiB), 0);
    CHECK_GT(lay_capacity_bytes(l), 3 * GiB - 3 * MiB);
    lay_destroy(l);
}

static void concat_should_put_disks_one_after_another(void)
{
    struct lay_cfg cfg;
    lay_cfg_defaults(&cfg, 3, 10 * MiB);
    cfg.striping = LAY_CONCAT;
    lay *l = make(&cfg);
    if (!l)
        return;
    CHECK_U64_EQ(lay_capacity_bytes(l), 30 * MiB);
    struct lay_piece p[8];
    int np = map(l, 25 * MiB, 8 * KiB, false, p, 8);
    CHECK_INT_EQ(np, 1);
    CHECK_PIECE(p[0], 2, 5 * MiB, 8 * KiB, 0);
    np = map(l, 10 * MiB - 4 * KiB, 12 * KiB, true, p, 8);
    CHECK_INT_EQ(np, 2);
    CHECK_PIECE(p[0], 0, 10 * MiB - 4 * KiB, 4 * KiB, 0);
    CHECK_PIECE(p[1], 1, 0, 8 * KiB, 0);
    lay_destroy(l);
}

/* Reads: copy 0 only, equal to the write's copy 0.  Writes: per segment
   copies 0..C-1 in order, on disks of pairwise distinct failure groups. */
static void check_copies(const struct lay_cfg *cfg, int iters)
{
    lay *l = make(cfg);
    if (!l)
        return;
    int C = lay_copies(l);
    struct rng r;
    rng_seed(&r, 7);
    uint64_t cap = lay_capacity_bytes(l);
    for (int it = 0; it < iters; it++) {
        uint32_t size = (uint32_t)((1 + rng_below(&r, 64)) * 4 * KiB);
        uint64_t off = rng_below(&r, (cap - size) / (4 * KiB)) * 4 * KiB;
        struct lay_piece w[64], rd[64];
        int nw = lay_map(l, off, size, true, w, 64);
        int nr = lay_map(l, off, size, false, rd, 64);
        CHECK(nw > 0 && nr > 0);
        CHECK_INT_EQ(nw, nr * C);
        CHECK_LE(nw, lay_max_pieces(l, size, true));
        CHECK_LE(nr, lay_max_pieces(l, size, false));
        if (nw != nr * C)
            break;
        for (int s = 0; s < nr; s++) {
            const struct lay_piece *seg = &w[s * C];
            CHECK_INT_EQ(rd[s].copy, 0);
            CHECK_INT_EQ(rd[s].disk, seg[0].disk);
            CHECK_U64_EQ(rd[s].offset_bytes, seg[0].offset_bytes);
            int part[LAY_MAX_PARTNERS];
            int npart = lay_partners(l, seg[0].disk, part);
            for (int c = 0; c < C; c++) {
                CHECK_INT_EQ(seg[c].copy, c);
                CHECK_INT_EQ(seg[c].size_bytes, rd[s].size_bytes);
                for (int c2 = 0; c2 < c; c2++)
                    CHECK(lay_failgroup_of(l, seg[c].disk) !=
                          lay_failgroup_of(l, seg[c2].disk));
                if (c > 0) {
                    bool is_partner = false;
                    for (int i = 0; i < npart; i++)
                        is_partner |= part[i] == seg[c].disk;
                    CHECK(is_partner);
                }
            }
        }
        if (check_failed_now)
            break;
    }
    lay_destroy(l);
}

static void reads_should_hit_one_copy_and_writes_all_in_distinct_failgroups(void)
{
    struct lay_cfg cfg;
    lay_cfg_defaults(&cfg, 4, GiB);
    cfg.redundancy = LAY_NORMAL;
    cfg.failgroups = 2;
    check_copies(&cfg, 5000);
    cfg.striping = LAY_FINE;
    check_copies(&cfg, 5000);
    lay_cfg_defaults(&cfg, 9, GiB);
    cfg.redundancy = LAY_HIGH;
    check_copies(&cfg, 5000);
}

static void high_redundancy_should_use_three_distinct_failgroups(void)
{
    struct lay_cfg cfg;
    lay_cfg_defaults(&cfg, 6, GiB);
    cfg.redundancy = LAY_HIGH;
    cfg.failgroups = 3;
    cfg.au_bytes = 4 * MiB;
    lay *l = make(&cfg);
    if (!l)
        return;
    CHECK_INT_EQ(lay_copies(l), 3);
    struct lay_piece p[8];
    for (uint64_t k = 0; k < 60; k++) {
        int np = map(l, k * 4 * MiB, 4 * MiB, true, p, 8);
        CHECK_INT_EQ(np, 3);
        int f0 = lay_failgroup_of(l, p[0].disk), f1 = lay_failgroup_of(l, p[1].disk);
        int f2 = lay_failgroup_of(l, p[2].disk);
        CHECK(f0 != f1 && f1 != f2 && f0 != f2);
        CHECK_INT_EQ(p[0].disk, k % 6);
    }
    lay_destroy(l);
    check_copies(&cfg, 3000);
}

static void partners_should_be_at_most_8_with_16_or_more_disks(void)
{
    static const int disks[] = {16, 17, 24, 64};
    for (int t = 0; t < 4; t++) {
        for (int red = LAY_NORMAL; red <= LAY_HIGH; red++) {
            struct lay_cfg cfg;
            lay_cfg_defaults(&cfg, disks[t], GiB);
            cfg.redundancy = (enum lay_redundancy)red;
            lay *l = make(&cfg);
            if (!l)
                return;
            for (int d = 0; d < disks[t]; d++) {
                int part[LAY_MAX_PARTNERS];
                int np = lay_partners(l, d, part);
                CHECK(np >= 1 && np <= LAY_MAX_PARTNERS);
                for (int i = 0; i < np; i++) {
                    CHECK(part[i] != d);
                    for (int j = 0; j < i; j++)
                        CHECK(part[i] != part[j]);
                }
                /* one failure group per disk: all 8 partner slots used */
                CHECK_INT_EQ(np, 8);
            }
            lay_destroy(l);
            check_copies(&cfg, 2000);
        }
    }
}

static void failgroup_map_should_decide_partners(void)
{
    int map_fg[4] = {0, 0, 1, 1};
    struct lay_cfg cfg;
    lay_cfg_defaults(&cfg, 4, GiB);
    cfg.redundancy = LAY_NORMAL;
    cfg.failgroups = 2;
    cfg.disk_failgroup = map_fg;
    lay *l = make(&cfg);
    if (!l)
        return;
    map_fg[0] = 1;          /* the layout keeps its own copy */
    CHECK_INT_EQ(lay_failgroup_of(l, 0), 0);
    CHECK_INT_EQ(lay_failgroup_of(l, 3), 1);
    CHECK_INT_EQ(lay_config(l)->disk_failgroup[0], 0);
    int part[LAY_MAX_PARTNERS];
    /* only shift 2 moves every disk to the other group */
    CHECK_INT_EQ(lay_partners(l, 0, part), 1);
    CHECK_INT_EQ(part[0], 2);
    CHECK_INT_EQ(lay_partners(l, 3, part), 1);
    CHECK_INT_EQ(part[0], 1);
    lay_destroy(l);
}

static void unequal_failgroups_should_still_place_copies_apart(void)
{
    struct lay_cfg cfg;
    lay_cfg_defaults(&cfg, 5, GiB);      /* groups {0,2,4} and {1,3} */
    cfg.redundancy = LAY_NORMAL;
    cfg.failgroups = 2;
    check_copies(&cfg, 3000);
    lay_cfg_defaults(&cfg, 7, GiB);      /* groups of 3, 2, 2 */
    cfg.redundancy = LAY_HIGH;
    cfg.failgroups = 3;
    check_copies(&cfg, 3000);
    lay_cfg_defaults(&cfg, 20, GiB);     /* 19 disks in group 0, 1 in 1..: */
    int fgm[20] = {0};
    fgm[19] = 1;
    fgm[18] = 2;
    cfg.redundancy = LAY_HIGH;
    cfg.failgroups = 3;
    cfg.disk_failgroup = fgm;
    check_copies(&cfg, 3000);
}

/*
 * Sweep every extent of a config: write it whole, mark its AUs (all copies)
 * in a per-disk bitmap and fail on any AU claimed twice; check every piece
 * lies inside the disk and copy c inside zone c.
 */
static void sweep_no_overlap(const struct lay_cfg *cfg)
{
    lay *l = make(cfg);
    if (!l)
        return;
    int n = cfg->disks, C = lay_copies(l);
    uint64_t au = cfg->au_bytes;
    uint64_t aus_per_disk = cfg->disk_size_bytes / au;
    uint64_t zone = cfg->disk_size_bytes / (uint64_t)C / au / 16 * 16 * au;
    unsigned char *bm = calloc((size_t)n * aus_per_disk, 1);
    if (!bm) {
        CHECK_FAIL_AT("out of memory");
        lay_destroy(l);
        return;
    }
    uint64_t cap = lay_capacity_bytes(l), off = 0, used_bytes = 0;
    CHECK_GT(cap, 0);
    CHECK_U64_EQ(cap % MiB, 0);
    /* whole extents: coarse maps extent by extent; write 16 AU at most */
    while (off < cap && !check_failed_now) {
        struct lay_piece p[512];
        uint64_t len = cap - off < 16 * au ? cap - off : 16 * au;
        int np = lay_map(l, off, (uint32_t)len, true, p, 512);
        CHECK_GT(np, 0);
        if (np <= 0)
            break;
        for (int i = 0; i < np; i++) {
            uint64_t zlo = p[i].copy * zone, zhi = zlo + zone;
            if (!(p[i].offset_bytes >= zlo && p[i].offset_bytes + p[i].size_bytes <= zhi &&
                  p[i].disk < n)) {
                CHECK_FAIL_AT("piece outside its zone: disk %d copy %d off %llu size %u",
                              p[i].disk, p[i].copy,
                              (unsigned long long)p[i].offset_bytes, p[i].size_bytes);
                break;
            }
            if (cfg->striping == LAY_COARSE) {
                /* whole AUs */
                for (uint64_t a = p[i].offset_bytes / au;
                     a < (p[i].offset_bytes + p[i].size_bytes) / au; a++) {
                    unsigned char *b = &bm[(size_t)p[i].disk * aus_per_disk + a];
                    if (*b) {
                        CHECK_FAIL_AT("AU %llu of disk %d claimed twice (logical %llu)",
                                      (unsigned long long)a, p[i].disk,
                                      (unsigned long long)off);
                        break;
                    }
                    *b = 1;
                }
            }
            used_bytes += p[i].size_bytes;
        }
        off += len;
    }
    /* capacity is nearly all of the zones: little is wasted */
    CHECK_NEAR_REL((double)used_bytes, (double)(zone * (uint64_t)C * (uint64_t)n), 0.01);
    /* past capacity nothing maps */
    struct lay_piece p[4];
    CHECK_INT_EQ(lay_map(l, cap, 4096, false, p, 4), -ERANGE);
    free(bm);
    lay_destroy(l);
}

static void pieces_of_different_extents_should_never_overlap(void)
{
    struct lay_cfg cfg;
    /* 3 disks: rounds straddle the 20000/40000 size switches */
    lay_cfg_defaults(&cfg, 3, 72 * GiB);
    cfg.redundancy = LAY_NORMAL;
    sweep_no_overlap(&cfg);
    cfg.start_disk = 2;
    sweep_no_overlap(&cfg);
    lay_cfg_defaults(&cfg, 7, 50 * GiB);
    cfg.redundancy = LAY_HIGH;
    sweep_no_overlap(&cfg);
    lay_cfg_defaults(&cfg, 6, 60 * GiB);
    cfg.redundancy = LAY_HIGH;
    cfg.failgroups = 3;
    cfg.start_disk = 5;
    sweep_no_overlap(&cfg);
    lay_cfg_defaults(&cfg, 4, 4 * GiB);
    cfg.redundancy = LAY_NORMAL;
    cfg.failgroups = 2;
    cfg.au_bytes = 4 * MiB;
    sweep_no_overlap(&cfg);
    lay_cfg_defaults(&cfg, 5, 200 * MiB);
    sweep_no_overlap(&cfg);
}

static void capacity_should_keep_every_piece_in_bounds(void)
{
    struct lay_cfg cfg;
    /* exact small cases: 1 disk external = the whole disk; 4 normal */
    lay_cfg_defaults(&cfg, 1, 64 * MiB);
    lay *l = make(&cfg);
    if (l)
        CHECK_U64_EQ(lay_capacity_bytes(l), 64 * MiB);
    lay_destroy(l);
    lay_cfg_defaults(&cfg, 1, 70 * MiB);      /* rounded to 16 AU */
    l = make(&cfg);
    if (l)
        CHECK_U64_EQ(lay_capacity_bytes(l), 64 * MiB);
    lay_destroy(l);
    /* fine: whole groups of 8 extents (3 disks x 32 AU = 96 = 12 groups) */
    lay_cfg_defaults(&cfg, 3, 32 * MiB);
    cfg.striping = LAY_FINE;
    l = make(&cfg);
    if (l)
        CHECK_U64_EQ(lay_capacity_bytes(l), 96 * MiB);
    lay_destroy(l);
    lay_cfg_defaults(&cfg, 5, 32 * MiB);       /* 160 extents = 20 groups */
    cfg.striping = LAY_FINE;
    l = make(&cfg);
    if (l)
        CHECK_U64_EQ(lay_capacity_bytes(l), 160 * MiB);
    lay_destroy(l);
    /* fine and high over sizes straddling the switches, every piece in
       its zone (sweep checks bounds) */
    lay_cfg_defaults(&cfg, 3, 80 * GiB);
    cfg.striping = LAY_FINE;
    cfg.redundancy = LAY_HIGH;
    sweep_no_overlap(&cfg);
    /* random I/O near the end stays inside the disks */
    lay_cfg_defaults(&cfg, 5, 3 * GiB + 123 * MiB);
    cfg.redundancy = LAY_NORMAL;
    l = make(&cfg);
    if (!l)
        return;
    uint64_t cap = lay_capacity_bytes(l);
    struct lay_piece p[16];
    int np = lay_map(l, cap - MiB, (uint32_t)MiB, true, p, 16);
    CHECK_GT(np, 0);
    for (int i = 0; i < np; i++)
        CHECK_LE(p[i].offset_bytes + p[i].size_bytes, cfg.disk_size_bytes);
    lay_destroy(l);
}

static void map_should_return_erange_past_capacity(void)
{
    struct lay_cfg cfg;
    lay_cfg_defaults(&cfg, 4, 64 * MiB);
    lay *l = make(&cfg);
    if (!l)
        return;
    uint64_t cap = lay_capacity_bytes(l);
    struct lay_piece p[8];
    CHECK_INT_EQ(lay_map(l, cap - 4 * KiB, 4 * KiB, false, p, 8), 1);
    CHECK_INT_EQ(lay_map(l, cap - 4 * KiB, 8 * KiB, false, p, 8), -ERANGE);
    CHECK_INT_EQ(lay_map(l, cap, 4 * KiB, false, p, 8), -ERANGE);
    CHECK_INT_EQ(lay_map(l, UINT64_MAX - 100, 4 * KiB, false, p, 8), -ERANGE);
    lay_destroy(l);
}

static void map_should_return_enospc_when_out_is_too_small(void)
{
    struct lay_cfg cfg;
    lay_cfg_defaults(&cfg, 4, GiB);
    cfg.redundancy = LAY_NORMAL;
    lay *l = make(&cfg);
    if (!l)
        return;
    struct lay_piece p[8];
    /* 2 extents x 2 copies = 4 pieces */
    CHECK_INT_EQ(lay_map(l, MiB / 2, (uint32_t)MiB, true, p, 4), 4);
    CHECK_INT_EQ(lay_map(l, MiB / 2, (uint32_t)MiB, true, p, 3), -ENOSPC);
    CHECK_INT_EQ(lay_map(l, MiB / 2, (uint32_t)MiB, false, p, 1), -ENOSPC);
    CHECK_INT_EQ(lay_map(l, 0, 4096, true, p, 1), -ENOSPC);
    CHECK_GE(lay_max_pieces(l, (uint32_t)MiB, true), 4);
    CHECK_GE(lay_max_pieces(l, (uint32_t)MiB, false), 2);
    lay_destroy(l);
}

static void expect_bad(const struct lay_cfg *cfg, const char *needle)
{
    char why[256] = "";
    int rc = lay_cfg_check(cfg, why, sizeof why);
    CHECK_INT_EQ(rc, -EINVAL);
    if (!strstr(why, needle))
        CHECK_FAIL_AT("reason \"%s\" lacks \"%s\"", why, needle);
    lay *l = (lay *)&why;   /* sentinel: lay_create leaves *out alone */
    lay *keep = l;
    CHECK_INT_EQ(lay_create(cfg, &l, why, sizeof why), -EINVAL);
    CHECK(l == keep);
}

static void cfg_check_should_reject_every_bad_setting(void)
{
    struct lay_cfg base, c;
    lay_cfg_defaults(&base, 4, GiB);
    char why[256];
    CHECK_INT_EQ(lay_cfg_check(&base, why, sizeof why), 0);

    c = base; c.disks = 0;
    expect_bad(&c, "{disks} 0: the number of disks must be 1..1024");
    c = base; c.disks = LAY_MAX_DISKS + 1;
    expect_bad(&c, "{disks} 1025");
    c = base; c.disk_size_bytes = 0;
    expect_bad(&c, "disk size 0");
    c = base; c.disk_size_bytes = 1ull << 62;
    expect_bad(&c, "disk size 4194304TiB: too large");
    c = base; c.au_bytes = 3 * MiB;
    expect_bad(&c, "{au} 3MiB: the allocation unit must be a power of two from 1MiB to 64MiB");
    c = base; c.au_bytes = 512 * KiB;
    expect_bad(&c, "{au} 512KiB");
    c = base; c.au_bytes = 128 * MiB;
    expect_bad(&c, "{au} 128MiB");
    c = base; c.striping = LAY_RAID0; c.stripe_bytes = 2 * KiB;
    expect_bad(&c, "{stripe} 2KiB: the raid0 stripe must be a power of two of at least 4KiB");
    c = base; c.striping = LAY_RAID0; c.stripe_bytes = 12 * KiB;
    expect_bad(&c, "{stripe} 12KiB");
    c = base; c.striping = LAY_RAID0; c.redundancy = LAY_NORMAL;
    expect_bad(&c, "{layout} raid0 takes external redundancy only");
    c = base; c.striping = LAY_CONCAT; c.redundancy = LAY_HIGH;
    expect_bad(&c, "{layout} concat takes external redundancy only");
    c = base; c.striping = (enum lay_striping)7;
    expect_bad(&c, "coarse, fine, raid0 or concat");
    c = base; c.redundancy = (enum lay_redundancy)0;
    expect_bad(&c, "external, normal or high");
    c = base; c.failgroups = -1;
    expect_bad(&c, "{failgroups} -1");
    c = base; c.failgroups = 5;
    expect_bad(&c, "{failgroups} 5: must be 0 (one per disk) to 4");
    int bad_value[4] = {0, 1, 2, 1};
    c = base; c.failgroups = 2; c.disk_failgroup = bad_value;
    expect_bad(&c, "failure group 2 of disk 2: must be 0..1");
    int empty_group[4] = {0, 0, 2, 2};
    c = base; c.failgroups = 3; c.disk_failgroup = empty_group;
    expect_bad(&c, "failure group 1 has no disk");
    int negative[4] = {0, -1, 0, 0};
    c = base; c.failgroups = 1; c.disk_failgroup = negative;
    expect_bad(&c, "failure group -1 of disk 1");
    c = base; c.start_disk = 4;
    expect_bad(&c, "start disk 4: must be 0..3");
    c = base; c.start_disk = -1;
    expect_bad(&c, "start disk -1");
    c = base; c.redundancy = LAY_NORMAL; c.failgroups = 1;
    expect_bad(&c, "needs at least 2 failure groups");
    c = base; c.disks = 1; c.redundancy = LAY_NORMAL;
    expect_bad(&c, "this disk group has 1");
    c = base; c.redundancy = LAY_HIGH; c.failgroups = 2;
    expect_bad(&c, "needs at least 3 failure groups (5 recommended)");
    c = base; c.disk_size_bytes = 15 * MiB;
    expect_bad(&c, "disk size 15MiB: too small for {au} 1MiB with external redundancy; "
                   "every disk needs at least 16MiB");
    c = base; c.redundancy = LAY_NORMAL; c.disk_size_bytes = 31 * MiB;
    expect_bad(&c, "at least 32MiB");
    c = base; c.au_bytes = 64 * MiB; c.disk_size_bytes = GiB - MiB;
    expect_bad(&c, "disk size 1023MiB: too small");
    c = base; c.striping = LAY_RAID0; c.disk_size_bytes = 4 * KiB; c.stripe_bytes = 4 * KiB;
    expect_bad(&c, "{layout} raid0");
    c = base; c.striping = LAY_CONCAT; c.disk_size_bytes = 512 * KiB;
    expect_bad(&c, "concat needs disks of at least 1MiB");

    /* the good edges pass */
    c = base; c.au_bytes = 64 * MiB; c.disk_size_bytes = 16 * 64 * MiB;
    CHECK_INT_EQ(lay_cfg_check(&c, why, sizeof why), 0);
    c = base; c.disks = 1; c.disk_size_bytes = 16 * MiB;
    CHECK_INT_EQ(lay_cfg_check(&c, why, sizeof why), 0);
    c = base; c.disks = LAY_MAX_DISKS; c.redundancy = LAY_HIGH;
    CHECK_INT_EQ(lay_cfg_check(&c, why, sizeof why), 0);
    c = base; c.failgroups = 4; c.start_disk = 3;
    CHECK_INT_EQ(lay_cfg_check(&c, why, sizeof why), 0);
}

static void names_should_round_trip(void)
{
    enum lay_striping s;
    enum lay_redundancy r;
    for (int i = LAY_COARSE; i <= LAY_CONCAT; i++) {
        CHECK_INT_EQ(lay_striping_parse(lay_striping_name((enum lay_striping)i), &s), 0);
        CHECK_INT_EQ(s, i);
    }
    for (int i = LAY_EXTERNAL; i <= LAY_HIGH; i++) {
        CHECK_INT_EQ(lay_redundancy_parse(lay_redundancy_name((enum lay_redundancy)i), &r), 0);
        CHECK_INT_EQ(r, i);
    }
    CHECK_STR_EQ(lay_striping_name(LAY_FINE), "fine");
    CHECK_STR_EQ(lay_redundancy_name(LAY_HIGH), "high");
    CHECK_INT_EQ(lay_striping_parse("Raid0", &s), 0);
    CHECK_INT_EQ(s, LAY_RAID0);
    CHECK_INT_EQ(lay_striping_parse("stripe", &s), -EINVAL);
    CHECK_INT_EQ(lay_redundancy_parse("mirror", &r), -EINVAL);
    CHECK_INT_EQ(lay_redundancy_parse("", &r), -EINVAL);
}


/* ---- layout_map.h: the inline path against lay_map and a slow reference */

/* lay_map_fast and lay_map give the same answer, piece for piece. */
static void check_fast_equals_map(const lay *l, uint64_t off, uint32_t size, bool w,
                                  int max)
{
    struct lay_piece a[64], b[64];
    memset(a, 0xa5, sizeof a);
    memset(b, 0xa5, sizeof b);
    int na = lay_map_fast(lay_geom(l), off, size, w, a, max);
    int nb = lay_map(l, off, size, w, b, max);
    CHECK_INT_EQ(na, nb);
    for (int i = 0; i < na && i < nb; i++) {
        CHECK_INT_EQ(a[i].disk, b[i].disk);
        CHECK_U64_EQ(a[i].offset_bytes, b[i].offset_bytes);
        CHECK_U64_EQ(a[i].size_bytes, b[i].size_bytes);
        CHECK_INT_EQ(a[i].copy, b[i].copy);
    }
}

/* Every extent of a coarse layout, walked in order: its primary sits on
   disk (start_disk + k) mod n after the extents before it on that disk
   (the design comment's definition, summed, not the closed form).  The
   inline path must put an I/O at the extent's start, one at its end and
   one straddling into the next where that reference says, and agree with
   lay_map for reads and writes on every AU. */
static void fast_map_should_agree_with_a_slow_reference(const struct lay_cfg *cfg)
{
    lay *l = make(cfg);
    if (!l)
        return;
    uint64_t cap = lay_capacity_bytes(l), au = cfg->au_bytes;
    uint64_t next_on_disk[LAY_MAX_DISKS] = { 0 };
    uint64_t n = (uint64_t)cfg->disks, logical = 0;
    for (uint64_t k = 0; logical < cap; k++) {
        bool variable = au < (4ull << 20);
        uint64_t size_au = !variable || k < 20000 ? 1 : k < 40000 ? 4 : 16;
        uint64_t bytes = size_au * au;
        uint64_t disk = ((uint64_t)cfg->start_disk + k) % n;
        struct lay_piece p[8];
        int np = lay_map_fast(lay_geom(l), logical, 8192, false, p, 8);
        CHECK_INT_EQ(np, 1);
        CHECK_INT_EQ(p[0].disk, (int)disk);
        CHECK_U64_EQ(p[0].offset_bytes, next_on_disk[disk]);
        np = lay_map_fast(lay_geom(l), logical + bytes - 8192, 8192, false, p, 8);
        CHECK_INT_EQ(np, 1);
        CHECK_U64_EQ(p[0].offset_bytes, next_on_disk[disk] + bytes - 8192);
        for (uint64_t a = 0; a < size_au; a++) {
            uint64_t o = logical + a * au;
            check_fast_equals_map(l, o, 8192, false, 8);
            check_fast_equals_map(l, o + au / 2, 128 * 1024, true, 8);
            if (o + au + 4096 <= cap)
                check_fast_equals_map(l, o + au - 4096, 8192, true, 8);
        }
        next_on_disk[disk] += bytes;
        logical += bytes;
        if (check_failed_now > 0)
            break;                  /* one layout's first error is enough */
    }
    CHECK_U64_EQ(logical, cap);
    /* out of range and too small an out fall back to lay_map's errors */
    check_fast_equals_map(l, cap, 4096, false, 8);
    check_fast_equals_map(l, cap - 4096, 8192, false, 8);
    check_fast_equals_map(l, 0, 8192, true, 1);
    check_fast_equals_map(l, 0, 0, false, 8);
    lay_destroy(l);
}

static void fast_map_should_agree_on_coarse_layouts(void)
{
    struct lay_cfg c;
    lay_cfg_defaults(&c, 3, 48 * GiB);      /* variable extents, all 3 classes */
    fast_map_should_agree_with_a_slow_reference(&c);
    c.start_disk = 2;
    c.redundancy = LAY_NORMAL;
    fast_map_should_agree_with_a_slow_reference(&c);
    lay_cfg_defaults(&c, 8, 40 * GiB);
    c.redundancy = LAY_HIGH;
    fast_map_should_agree_with_a_slow_reference(&c);
    lay_cfg_defaults(&c, 1, 8 * GiB);       /* one disk: no reciprocal */
    fast_map_should_agree_with_a_slow_reference(&c);
    lay_cfg_defaults(&c, 5, 4 * GiB);
    c.au_bytes = 4 * MiB;                   /* fixed 1-AU extents */
    c.redundancy = LAY_NORMAL;
    c.failgroups = 5;
    fast_map_should_agree_with_a_slow_reference(&c);
}

/* Other stripings take lay_map's path whole: the same pieces. */
static void fast_map_should_fall_back_for_other_stripings(void)
{
    static const enum lay_striping kinds[] = { LAY_FINE, LAY_RAID0, LAY_CONCAT };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        struct lay_cfg c;
        lay_cfg_defaults(&c, 4, 2 * GiB);
        c.striping = kinds[i];
        if (kinds[i] == LAY_FINE)
            c.redundancy = LAY_NORMAL;
        lay *l = make(&c);
        if (!l)
            continue;
        struct rng r;
        rng_seed(&r, 7 + i);
        uint64_t cap = lay_capacity_bytes(l);
        for (int k = 0; k < 20000; k++) {
            uint64_t off = rng_below(&r, cap / 4096 - 64) * 4096;
            check_fast_equals_map(l, off, (uint32_t)(4096 * (1 + rng_below(&r, 64))),
                                  rng_below(&r, 2) == 1, 64);
        }
        lay_destroy(l);
    }
}

/* The reciprocal's quotient and remainder are division's, at the edges of
   its 32-bit range and beyond it (where it divides). */
static void disk_count_reciprocal_should_divide_exactly(void)
{
    static const uint64_t ns[] = { 1, 2, 3, 5, 7, 8, 13, 16, 100, 1000, 1023, 1024 };
    struct rng r;
    rng_seed(&r, 99);
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        struct lay_geom g = { .n = ns[i], .n_magic = ns[i] > 1 ? UINT64_MAX / ns[i] + 1 : 0 };
        for (int t = 0; t < 200000; t++) {
            uint64_t k = t < 1000 ? (uint64_t)t
                         : t < 2000 ? UINT32_MAX - (uint64_t)(t - 1000)
                         : t < 3000 ? (1ull << 32) + (uint64_t)(t - 2000)
                                    : rng_below(&r, t & 1 ? UINT32_MAX : UINT64_MAX);
            uint64_t rem, q = lay_geom_div_n(&g, k, &rem);
            if (q != k / ns[i] || rem != k % ns[i]) {
                CHECK_U64_EQ(q, k / ns[i]);
                CHECK_U64_EQ(rem, k % ns[i]);
                break;
            }
        }
    }
}

int main(void)
{
    RUN(map_should_follow_the_drawn_normal_four_disk_table);
    RUN(extent_sizes_should_switch_at_20000_and_40000);
    RUN(map_should_split_io_crossing_au_boundary);
    RUN(fine_should_deal_128k_chunks_over_8_extents);
    RUN(raid0_should_stripe_units_round_robin_from_start_disk);
    RUN(concat_should_put_disks_one_after_another);
    RUN(reads_should_hit_one_copy_and_writes_all_in_distinct_failgroups);
    RUN(high_redundancy_should_use_three_distinct_failgroups);
    RUN(partners_should_be_at_most_8_with_16_or_more_disks);
    RUN(failgroup_map_should_decide_partners);
    RUN(unequal_failgroups_should_still_place_copies_apart);
    RUN(pieces_of_different_extents_should_never_overlap);
    RUN(capacity_should_keep_every_piece_in_bounds);
    RUN(map_should_return_erange_past_capacity);
    RUN(map_should_return_enospc_when_out_is_too_small);
    RUN(cfg_check_should_reject_every_bad_setting);
    RUN(names_should_round_trip);
    RUN(fast_map_should_agree_on_coarse_layouts);
    RUN(fast_map_should_fall_back_for_other_stripings);
    RUN(disk_count_reciprocal_should_divide_exactly);
    return check_done();
}
