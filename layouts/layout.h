/*
 * layout.h - where the bytes of an ASM disk group go.
 *
 * A layout maps one logical address space (think: one big ASM file that
 * fills the disk group) onto physical pieces on disks.  It knows ASM's
 * allocation units, round-robin extents with variable extent sizes, coarse
 * and fine striping, ORION's raid0/concat simulations, and external /
 * normal / high redundancy with mirror copies on partner disks in other
 * failure groups.  See layout.c for the full description of the rules.
 *
 * Pure: no I/O, no clock, no globals.  A layout is immutable once created,
 * so any number of threads may call lay_map() on it at once.
 */
#ifndef ASMSIM_LAYOUTS_LAYOUT_H
#define ASMSIM_LAYOUTS_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LAY_MAX_DISKS 1024
#define LAY_MAX_PARTNERS 8                       /* ASM: at most 8 partners */
#define LAY_FINE_CHUNK_BYTES (128u * 1024u)      /* fine striping: 128 KiB ... */
#define LAY_FINE_WIDTH 8                         /* ... dealt over 8 extents */
#define LAY_MIN_AU_BYTES (1ull << 20)
#define LAY_MAX_AU_BYTES (64ull << 20)
#define LAY_MIN_STRIPE_BYTES (4ull << 10)       /* raid0 stripe unit */
#define LAY_MAX_STRIPE_BYTES (64ull << 20)

enum lay_striping {
    LAY_COARSE = 0,     /* ASM datafiles: stripe unit = one extent (AU)   */
    LAY_FINE,           /* ASM redo/control: 128 KiB chunks x 8 extents   */
    LAY_RAID0,          /* ORION -simulate raid0: stripe_bytes over disks */
    LAY_CONCAT,         /* ORION -simulate concat: disks one after another */
};

/* The enum value is the number of copies of every extent. */
enum lay_redundancy {
    LAY_EXTERNAL = 1,
    LAY_NORMAL = 2,
    LAY_HIGH = 3,
};

struct lay_cfg {
    int disks;                      /* 1..LAY_MAX_DISKS */
    uint64_t disk_size_bytes;       /* usable size of every disk */
    enum lay_striping striping;
    uint64_t au_bytes;              /* 1..64 MiB, power of two (coarse, fine) */
    uint64_t stripe_bytes;          /* raid0 stripe unit; power of two,
                                       4 KiB..64 MiB (lay_stripe_ok) */
    enum lay_redundancy redundancy; /* raid0 and concat take external only */
    int failgroups;                 /* 0 = one failure group per disk */
    const int *disk_failgroup;      /* optional [disks] map disk -> group
                                       0..failgroups-1; NULL = disk % failgroups */
    int start_disk;                 /* disk holding extent 0 (0..disks-1) */
};

/* One physical I/O: part of a logical I/O on one disk, for one copy. */
struct lay_piece {
    uint64_t offset_bytes;          /* on the disk */
    uint32_t size_bytes;
    uint16_t disk;
    uint8_t copy;                   /* 0 = primary, 1 = first mirror, ... */
};

typedef struct lay lay;

/* Fill `cfg` with the defaults: coarse, 1 MiB AU, 1 MiB raid0 stripe,
   external redundancy, one failure group per disk, start disk 0. */
void lay_cfg_defaults(struct lay_cfg *cfg, int disks, uint64_t disk_size_bytes);

/* The one rule for each size a user gives, shared by lay_cfg_check, the
   command line and the layout file: an allocation unit is a power of two
   in LAY_MIN_AU_BYTES..LAY_MAX_AU_BYTES, a raid0 stripe a power of two in
   LAY_MIN_STRIPE_BYTES..LAY_MAX_STRIPE_BYTES. */
bool lay_au_ok(uint64_t au_bytes);
bool lay_stripe_ok(uint64_t stripe_bytes);

/* Validate `cfg`.  Returns 0, or -EINVAL with a one-line reason naming the
   bad setting and what is valid written to why[why_len]. */
int lay_cfg_check(const struct lay_cfg *cfg, char *why, size_t why_len);
/* cfg fails lay_cfg_check only because its disks are too small to hold
   the layout ("disk size 8MiB: too small for {au} 1MiB ..."), so the
   reason is best told against what set the disk size. */
bool lay_cfg_disks_too_small(const struct lay_cfg *cfg);

/* Create a layout.  Returns 0 and sets *out, or -EINVAL (bad cfg; `why`
   says what, as lay_cfg_check) or -ENOMEM; *out is untouched on error. */
int lay_create(const struct lay_cfg *cfg, lay **out, char *why, size_t why_len);
void lay_destroy(lay *l);

const struct lay_cfg *lay_config(const lay *l);
int lay_disks(const lay *l);
int lay_copies(const lay *l);

/* Logical bytes addressable: every logical offset below this maps to
   pieces inside their disks.  A multiple of 1 MiB. */
uint64_t lay_capacity_bytes(const lay *l);

int lay_failgroup_of(const lay *l, int disk);

/* The disks that hold mirror copies of `disk`'s extents, in order of use;
   returns how many (0 for external redundancy, at most LAY_MAX_PARTNERS). */
int lay_partners(const lay *l, int disk, int out[LAY_MAX_PARTNERS]);

/* An upper bound on the pieces lay_map() returns for any I/O of size_bytes. */
int lay_max_pieces(const lay *l, uint32_t size_bytes, bool is_write);

/* Map the logical I/O [offset, offset + size) to physical pieces.  A read
   goes to the primary copy only; a write to every copy.  Pieces come in
   logical order, and for each stripe segment copy 0 first.
   Returns the number of pieces, -ERANGE if the I/O reaches past
   lay_capacity_bytes(), -ENOSPC if more than max_out pieces are needed. */
int lay_map(const lay *l, uint64_t offset_bytes, uint32_t size_bytes,
            bool is_write, struct lay_piece *out, int max_out);

/* Names as the command line spells them ("coarse", "normal", ...), and back.
   The parsers return 0 or -EINVAL. */
const char *lay_striping_name(enum lay_striping s);
const char *lay_redundancy_name(enum lay_redundancy r);
int lay_striping_parse(const char *name, enum lay_striping *out);
int lay_redundancy_parse(const char *name, enum lay_redundancy *out);

#endif
