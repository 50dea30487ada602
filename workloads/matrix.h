/*
 * matrix.h - ORION's run types and load matrices, as ordered load points.
 *
 * A load point is (small, large): the number of outstanding small I/Os and
 * the large load (outstanding large I/Os for random large I/O, number of
 * streams for sequential).  Rows of ORION's matrix are large levels,
 * columns small levels; row 0 is small I/O only, column 0 large only.
 *
 * Levels derive from the number of disks n: large 1..2n; small 1..5n in
 * steps of floor(5n / 20) (every level while 5n < 40), after 1.  That
 * reproduces ORION's published -run simple totals, 8 points for 1 disk, 29
 * for 4, 38 for 8, and 19c's on 6 LUNs (Small=10 among its points, 43 in
 * all); ORION prints one more than it visits, and
 * wl_matrix.orion_total_points is that.  ORION's -run oltp goes on to
 * 20n (oltp_small_per_disk, which `asmsim orion` and a run keeping
 * ORION's levels set; a run extended to saturation starts from 5n).  matrix.c says what rests on what.
 *
 * Pure: no I/O, no globals.
 */
#ifndef ASMSIM_WORKLOADS_MATRIX_H
#define ASMSIM_WORKLOADS_MATRIX_H

#include <stdbool.h>
#include <stddef.h>

#define WL_MAX_LEVELS 512

/* The top small level per disk: 5n in every run (ORION's simple), and in
   ORION's own -run oltp 20n (`asmsim orion`; matrix.c says why). */
#define WL_SMALL_PER_DISK 5
#define WL_ORION_OLTP_SMALL_PER_DISK 20

enum wl_run {
    WL_RUN_SIMPLE = 0,  /* basic matrix, random large I/O */
    WL_RUN_NORMAL,      /* detailed matrix */
    WL_RUN_OLTP,        /* row 0: small only */
    WL_RUN_DSS,         /* column 0: large only */
    WL_RUN_ADVANCED,    /* the matrix the user names */
};

enum wl_matrix_kind {
    WL_MATRIX_BASIC = 0,   /* row 0 and column 0 */
    WL_MATRIX_DETAILED,    /* every cell */
    WL_MATRIX_POINT,       /* one cell: (num_small, num_large) */
    WL_MATRIX_COL,         /* large varies, small fixed at num_small */
    WL_MATRIX_ROW,         /* small varies, large fixed at num_large */
    WL_MATRIX_MAX,         /* every cell up to num_small x num_large */
};

struct wl_matrix_cfg {
    enum wl_run run;
    enum wl_matrix_kind matrix;     /* used by WL_RUN_ADVANCED only */
    int num_disks;                  /* >= 1: sets the default levels */
    int num_small;                  /* -1 = not given */
    int num_large;                  /* -1 = not given */
    int oltp_small_per_disk;        /* -run oltp's top small level per disk
                                       when num_small is not given:
                                       WL_SMALL_PER_DISK (the default) or
                                       WL_ORION_OLTP_SMALL_PER_DISK */
};

struct wl_point {
    int small;
    int large;
};

struct wl_matrix {
    int n_small_levels;             /* columns, ascending, 0 first if visited */
    int small_levels[WL_MAX_LEVELS];
    int n_large_levels;             /* rows, ascending, 0 first if visited */
    int large_levels[WL_MAX_LEVELS];
    int n_points;
    struct wl_point *points;        /* in visiting order: row by row, large
                                       ascending, small ascending in a row */
    int orion_total_points;         /* ORION's "Total Data Points" */
};

void wl_matrix_cfg_defaults(struct wl_matrix_cfg *cfg, int num_disks);

/* Build the ordered points.  Returns 0 and sets *out, or -EINVAL (a
   combination ORION rejects: point without both loads, row without
   num_large, ...; why says which) or -ENOMEM. */
int wl_matrix_build(const struct wl_matrix_cfg *cfg, struct wl_matrix **out,
                    char *why, size_t why_len);
void wl_matrix_free(struct wl_matrix *m);

/* Append point p after the matrix's points (a run that extends its levels
   past ORION's, sim/core/levels.h), adding its levels to the lists and
   counting it in orion_total_points.  0, -ENOSPC when a level list is
   full (WL_MAX_LEVELS), or -ENOMEM; the matrix is unchanged on error. */
int wl_matrix_append(struct wl_matrix *m, struct wl_point p);

/* Index of the level in the matrix's row/column lists, or -1. */
int wl_matrix_small_index(const struct wl_matrix *m, int small);
int wl_matrix_large_index(const struct wl_matrix *m, int large);

const char *wl_run_name(enum wl_run r);
const char *wl_matrix_name(enum wl_matrix_kind k);
int wl_run_parse(const char *name, enum wl_run *out);            /* 0 / -EINVAL */
int wl_matrix_parse(const char *name, enum wl_matrix_kind *out); /* 0 / -EINVAL */

#endif
