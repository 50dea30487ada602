/*
 * wl_spec.h - a database's I/O as named classes: what a workload file,
 * a preset and the command line describe, before a run resolves it.
 *
 * ORION knows two classes, small and large.  A database has more: LGWR's
 * redo writes of 512 B to 1 MiB, single-block reads, DBWR's batched
 * writes, direct path reads of 1 MiB, RMAN's backup reads.  A class here
 * is one of them:
 *   - a name ("redo", "data-reads"), unique in the workload;
 *   - its I/O size, or a mix of sizes with weights (fio's bssplit:
 *     8KiB:70,16KiB:20,1MiB:10), every size a multiple of 512 B;
 *   - random or sequential (then in streams, each with stream_io I/Os
 *     outstanding);
 *   - the share of writes;
 *   - access skew: uniform over the space, a hot fraction of the space
 *     taking a share of the I/O, or zipf;
 *   - closed loop (a number of I/Os kept outstanding, as ORION) or open
 *     loop (a rate of arrivals, as a production database offers them);
 *   - the disk group it goes to, by name ("" = the run's first group).
 * A workload is up to WL_MAX_CLASSES of them.  ORION's small and large
 * are two such classes (wl_spec_orion).
 *
 * Pure data and its checks: no I/O, no globals.
 */
#ifndef ASMSIM_WORKLOADS_WL_SPEC_H
#define ASMSIM_WORKLOADS_WL_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "workloads/arrivals.h"

#define WL_MAX_CLASSES 8                /* classes in one workload */
#define WL_MAX_SIZES 8                  /* sizes in one class's mix */
#define WL_NAME_MAX 32                  /* a class or group name, with NUL */
#define WL_DESC_MAX 160                 /* a workload's description */

/* The I/O size rule, the command line's too (cli_parse_io_size): a
   multiple of 512 B (a redo block; a device whose logical block is larger
   refuses smaller sizes when it opens) from 512 B to 64 MiB. */
#define WL_IO_ALIGN_BYTES 512u
#define WL_IO_MAX_BYTES (64u << 20)
#define WL_IO_SIZE_RULE "a multiple of 512 bytes from 512 to 64MiB"

/* The other ranges wl_class_spec_check holds a class to (streams:
   1..WL_MAX_STREAMS of workloads/workload.h). */
#define WL_MAX_WEIGHT 1000000           /* a size's weight in a mix */
#define WL_MAX_STREAM_IO 64             /* I/Os in flight per stream */
#define WL_MAX_OUTSTANDING 4096         /* closed loop, random */
#define WL_MAX_RATE_IOPS 1e7            /* open loop, per class */
#define WL_MAX_ZIPF_THETA 10.0          /* zipf: 0 < theta < this */

enum wl_pattern {
    WL_RANDOM = 0,
    WL_SEQUENTIAL,
};

enum wl_skew {
    WL_SKEW_UNIFORM = 0,    /* every aligned offset equally likely */
    WL_SKEW_HOT,            /* hot_share of the I/O in the first hot_frac
                               of the space, the rest uniform elsewhere */
    WL_SKEW_ZIPF,           /* zipf(theta) over zones of the space */
};

enum wl_loop {
    WL_CLOSED = 0,          /* `outstanding` I/Os in flight, always */
    WL_OPEN,                /* arrivals at rate_iops per second */
};

/* A size mix: n sizes, each with a weight (integers 1..WL_MAX_WEIGHT, so
   their sum fits 32 bits; an I/O's size is size[i] with probability
   weight[i] / sum). */
struct wl_size_mix {
    int n;
    uint32_t bytes[WL_MAX_SIZES];
    uint32_t weight[WL_MAX_SIZES];
};

struct wl_class_spec {
    char name[WL_NAME_MAX];
    char group[WL_NAME_MAX];            /* "" = the run's first group */
    struct wl_size_mix sizes;
    enum wl_pattern pattern;
    int streams;                        /* sequential: streams (>= 1) */
    int stream_io;                      /* sequential: I/Os in flight per
                                           stream in closed loop (>= 1) */
    int write_pct;                      /* 0..100 */
    enum wl_skew skew;
    double hot_frac;                    /* WL_SKEW_HOT: 0 < frac < 1 */
    double hot_share;                   /* WL_SKEW_HOT: 0 < share <= 1 */
    double zipf_theta;                  /* WL_SKEW_ZIPF: 0 < theta < 10 */
    enum wl_loop loop;
    int outstanding;                    /* closed: random I/Os in flight
                                           (sequential: streams x
                                           stream_io, this is ignored) */
    double rate_iops;                   /* open: arrivals per second */
    enum wl_arrival_kind arrivals;      /* open: Poisson or constant */
};

struct wl_spec {
    char name[WL_NAME_MAX];             /* "oltp", or the file's name */
    char description[WL_DESC_MAX];
    int n_classes;                      /* 1..WL_MAX_CLASSES */
    struct wl_class_spec cls[WL_MAX_CLASSES];
};

/* A class or group name: 1..WL_NAME_MAX - 1 characters of
   [A-Za-z0-9_.-] (a workload's name too, when it has one). */
bool wl_name_ok(const char *name);
#define WL_NAME_RULE "1 to 31 characters of A-Z a-z 0-9 _ . -"

/* A class with the defaults: no name (the caller gives one), the run's
   first group, 8 KiB random reads, uniform, closed loop of 1
   outstanding, one stream of one I/O when made sequential, Poisson
   arrivals when made open loop. */
void wl_class_spec_defaults(struct wl_class_spec *c);

/* 0, or -EINVAL with a reason naming the class and the bad field, the
   field in braces ("class redo: {write} 150: must be an integer from 0
   to 100") for the front end to spell (why_spell, layouts/why.h).  The
   ranges are the fields' comments and the WL_MAX_* above; a sequential
   class takes no skew (it walks its streams); of the loop's fields only
   the kind's own are checked (outstanding for a random closed loop,
   rate_iops and arrivals for an open one). */
int wl_class_spec_check(const struct wl_class_spec *c, char *why,
                        size_t why_len);

/* 0, or -EINVAL: a bad class, no class, too many, or two of one name. */
int wl_spec_check(const struct wl_spec *s, char *why, size_t why_len);

/* The largest size of a class's mix. */
uint32_t wl_size_mix_max(const struct wl_size_mix *m);

/* The mean size of a class's mix, in bytes. */
double wl_size_mix_mean(const struct wl_size_mix *m);

#endif
