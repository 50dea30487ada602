/*
 * matrix.c - ORION's run types and matrix kinds, turned into an ordered
 * list of load points (small, large).
 *
 * The model.  ORION's matrix has one row per large load and one column per
 * small load; row 0 holds small-only points, column 0 large-only points,
 * and the cell (0, 0) (nothing outstanding) is never visited.
 *
 * Levels.  Small load with maximum m steps by s = max(1, floor(m / 20)):
 *
 *     1, then s, 2s, 3s, ... up to m, and m itself if the steps miss it
 *
 * so every level 1..m while m < 40, and 1 and 20 steps of m / 20 when m
 * is a multiple of 20.  Large load with maximum m has every level 1, 2,
 * ..., m, as ORION steps large load one by one (1..2n); only when m + 1
 * would not fit the fixed level list (WL_MAX_LEVELS, with room for 0)
 * does it fall back to the stepped rule.  m = 0 means the class is
 * absent.  The maxima default to 5n for small and 2n for large (n =
 * num_disks); num_small / num_large, when given (>= 0), replace them.
 * ORION's -run oltp is the exception: its small maximum is 20n
 * (oltp_small_per_disk = WL_ORION_OLTP_SMALL_PER_DISK, set by `asmsim
 * orion` and by a run that keeps ORION's levels; a run extended to
 * saturation, and advise's search, start from 5n, their figures as before).
 *
 * What it rests on (../shared/docs/ORION.md, DOMAIN.md): ORION's -run
 * simple totals 8, 29 and 38 for n = 1, 4, 8 (small 1..5, 1..20 and
 * {1, 2, 4, ..., 40}; large 1..2, 1..8, 1..16), and 19c's run on 6 LUNs
 * (K19), which reports Small=10 and Small=2 and says "approximately 44
 * minutes": 1..30 and 1..12, 42 points, a total of 43, and 43 one-minute
 * points plus one.  Rounding m / 20 instead (the rule before) gave 6 LUNs
 * {1, 2, 3, 5, 6, 8, 9, 11, ...}, no Small=10, and 34 points.  The step
 * beyond 40 and the last level when 20 does not divide m are not
 * published: a floor and m itself are our choice.  ORION prints one more
 * point than it visits; we visit the row and the column and report its
 * total.
 *
 * ORION's oltp levels, 20n (inferred: no source states them).  12.2's
 * -run oltp on 4 disks (M12) reports Maximum Small IOPS at Small=68 and
 * Minimum Small Latency at Small=4: 68 is past 5n = 20, and with the step
 * rule above the only maxima whose levels hold both 68 and 4 are 80..99
 * (step 4; a maximum of 68 steps by 3 and has no 4); 20n = 80 is the one
 * that is a whole multiple of 20 steps.  12.1's oltp run (B12c) lists
 * Small Columns 1, 2, ... 20 and 21 points: 20n on its one LUN (21n or
 * more could not give 20 columns on any disk count).  11.2.0.4's on 3
 * LUNs says "approximately 24 minutes"; 20n gives 1, 3, ..., 60, 21
 * points, 22 in ORION's count and 23 minutes by our estimate: one short,
 * on the two rules no source gives (the step above 40 and the estimate).
 *
 * Which cells.  Every run / matrix kind reduces to a candidate row list R
 * (large loads, ascending), a candidate column list C (small loads,
 * ascending) and a cell rule:
 *
 *     basic     R = {0}+L, C = {0}+S, cell when small = 0 or large = 0
 *     detailed  R = {0}+L, C = {0}+S, every cell
 *     oltp      R = {0},   C = S
 *     dss       R = L,     C = {0}
 *     point     R = {num_large}, C = {num_small}
 *     col       R = {0}+L, C = {num_small}
 *     row       R = {num_large}, C = {0}+S
 *     max       detailed, with the maxima num_small / num_large
 *
 * Points are emitted row by row (large ascending) and, within a row, small
 * ascending, skipping (0, 0); so basic visits row 0 and then column 0.
 * The level lists of struct wl_matrix are exactly the levels the points
 * use.  The points array is sized exactly (counted first, then filled);
 * wl_matrix_append grows it by one point for a run that extends its
 * levels past ORION's (sim/core/levels.h).
 */
#include "workloads/matrix.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "layouts/why.h"

#define WL_MAX_LOAD 100000
#define WL_LEVEL_STEPS 20

struct level_list {
    int n;
    int v[WL_MAX_LEVELS];
};

static void list_push(struct level_list *l, int v)
{
    if (l->n > 0 && l->v[l->n - 1] >= v)
        return;                     /* keeps the list ascending, no dups */
    l->v[l->n++] = v;
}

/* {0} first when with_zero, then the levels 1..max: every one of them when
   max <= dense_max, otherwise 1, the multiples of max / 20 (floored) and
   max itself (see the top). */
static void levels_up_to(int max, int dense_max, bool with_zero,
                         struct level_list *l)
{
    int step = max > dense_max ? max / WL_LEVEL_STEPS : 1;

    l->n = 0;
    if (with_zero)
        list_push(l, 0);
    if (max < 1)
        return;
    list_push(l, 1);
    for (int v = step; v <= max; v += step)
        list_push(l, v);
    list_push(l, max);
}

/* Every small level while max / 20 floors to 1 (max < 40). */
#define SMALL_DENSE_MAX (2 * WL_LEVEL_STEPS - 1)
#define LARGE_DENSE_MAX (WL_MAX_LEVELS - 1)

static void small_levels(int max, bool with_zero, struct level_list *l)
{
    levels_up_to(max, SMALL_DENSE_MAX, with_zero, l);
}

static void large_levels(int max, bool with_zero, struct level_list *l)
{
    levels_up_to(max, LARGE_DENSE_MAX, with_zero, l);
}

static void single(int v, struct level_list *l)
{
    l->n = 1;
    l->v[0] = v;
}

static int check_load(const char *flag, int v, char *why, size_t why_len)
{
    if (v < -1) {
        why_set(why, why_len, "%s %d: must be 0 or more", flag, v);
        return -EINVAL;
    }
    if (v > WL_MAX_LOAD) {
        why_set(why, why_len, "%s %d: must be at most %d", flag, v,
                WL_MAX_LOAD);
        return -EINVAL;
    }
    return 0;
}

static bool all_cells(int small, int large)
{
    (void)small;
    (void)large;
    return true;
}

static bool row0_or_col0(int small, int large)
{
    return small == 0 || large == 0;
}

/* Add v to the ascending level list lv of length *n if it is not there. */
static void note_level(int *lv, int *n, int v)
{
    int i = *n;
    for (int j = 0; j < *n; j++)
        if (lv[j] == v)
            return;
    while (i > 0 && lv[i - 1] > v) {
        lv[i] = lv[i - 1];
        i--;
    }
    lv[i] = v;
    (*n)++;
}

void wl_matrix_cfg_defaults(struct wl_matrix_cfg *cfg, int num_disks)
{
    *cfg = (struct wl_matrix_cfg){
        .run = WL_RUN_SIMPLE,
        .matrix = WL_MATRIX_BASIC,
        .num_disks = num_disks,
        .num_small = -1,
        .num_large = -1,
        .oltp_small_per_disk = WL_SMALL_PER_DISK,
    };
}

/* The cells to visit: candidate rows (large loads), candidate columns
   (small loads) and the rule that picks cells among them.  small_max and
   large_max are the maxima the level lists were built from; the "no load
   point" message reports them. */
struct cell_plan {
    struct level_list rows, cols;
    bool (*cell)(int small, int large);
    int small_max, large_max;
};

/* Rows and columns of an advanced run's matrix kind (basic and detailed
   also stand for -run simple and normal).  0, or -EINVAL with why set when
   the kind is unknown or lacks the loads it needs. */
static int plan_matrix(const struct wl_matrix_cfg *cfg,
                       enum wl_matrix_kind kind, struct cell_plan *p,
                       char *why, size_t why_len)
{
    bool has_small = cfg->num_small >= 0, has_large = cfg->num_large >= 0;

    switch (kind) {
    case WL_MATRIX_BASIC:
        p->cell = row0_or_col0;
        /* fall through */
    case WL_MATRIX_DETAILED:
        large_levels(p->large_max, true, &p->rows);
        small_levels(p->small_max, true, &p->cols);
        return 0;
    case WL_MATRIX_POINT:
        if (!has_small || !has_large) {
            why_set(why, why_len,
                    "{matrix} point needs {num_small} and {num_large}");
            return -EINVAL;
        }
        single(cfg->num_large, &p->rows);
        single(cfg->num_small, &p->cols);
        return 0;
    case WL_MATRIX_COL:
        if (!has_small) {
            why_set(why, why_len, "{matrix} col needs {num_small}");
            return -EINVAL;
        }
        large_levels(p->large_max, true, &p->rows);
        single(cfg->num_small, &p->cols);
        return 0;
    case WL_MATRIX_ROW:
        if (!has_large) {
            why_set(why, why_len, "{matrix} row needs {num_large}");
            return -EINVAL;
        }
        single(cfg->num_large, &p->rows);
        small_levels(p->small_max, true, &p->cols);
        return 0;
    case WL_MATRIX_MAX:
        if (!has_small || !has_large) {
            why_set(why, why_len,
                    "{matrix} max needs {num_small} and {num_large}");
            return -EINVAL;
        }
        large_levels(p->large_max, true, &p->rows);
        small_levels(p->small_max, true, &p->cols);
        return 0;
    default:
        why_set(why, why_len, "{matrix} %d: must be basic, detailed, point, "
                "col, row or max", (int)kind);
        return -EINVAL;
    }
}

/* Choose rows, columns and cell rule for cfg's run kind (see "Which cells"
   at the top of this file).  cfg's loads are already checked.  0, or
   -EINVAL with why set. */
static int plan_cells(const struct wl_matrix_cfg *cfg, struct cell_plan *p,
                      char *why, size_t why_len)
{
    /* 20n and 2n stay far below INT_MAX for any plausible num_disks, but
       the level rule is only defined up to WL_MAX_LOAD: cap there. */
    long n = cfg->num_disks;
    long per_disk = cfg->run == WL_RUN_OLTP ? cfg->oltp_small_per_disk
                                            : WL_SMALL_PER_DISK;
    p->small_max = cfg->num_small >= 0 ? cfg->num_small
                 : (int)(per_disk * n > WL_MAX_LOAD ? WL_MAX_LOAD : per_disk * n);
    p->large_max = cfg->num_large >= 0 ? cfg->num_large
                 : (int)(2 * n > WL_MAX_LOAD ? WL_MAX_LOAD : 2 * n);
    p->cell = all_cells;

    switch (cfg->run) {
    case WL_RUN_SIMPLE:
        return plan_matrix(cfg, WL_MATRIX_BASIC, p, why, why_len);
    case WL_RUN_NORMAL:
        return plan_matrix(cfg, WL_MATRIX_DETAILED, p, why, why_len);
    case WL_RUN_ADVANCED:
        return plan_matrix(cfg, cfg->matrix, p, why, why_len);
    case WL_RUN_OLTP:
        single(0, &p->rows);
        small_levels(p->small_max, false, &p->cols);
        return 0;
    case WL_RUN_DSS:
        large_levels(p->large_max, false, &p->rows);
        single(0, &p->cols);
        return 0;
    default:
        why_set(why, why_len, "{run} %d: must be simple, normal, oltp, dss or "
                "advanced", (int)cfg->run);
        return -EINVAL;
    }
}

static bool plan_visits(const struct cell_plan *p, int small, int large)
{
    return (small | large) != 0 && p->cell(small, large);
}

/* Turn a plan into the matrix: its points row by row, small ascending
   within a row, (0, 0) skipped, and the levels they use.  0, -EINVAL when
   the plan has no point, or -ENOMEM; why set on error, *out untouched. */
static int build_points(const struct cell_plan *p, struct wl_matrix **out,
                        char *why, size_t why_len)
{
    int count = 0;
    for (int r = 0; r < p->rows.n; r++)
        for (int c = 0; c < p->cols.n; c++)
            count += plan_visits(p, p->cols.v[c], p->rows.v[r]);
    if (count == 0) {
        why_set(why, why_len, "{num_small} %d and {num_large} %d leave no load "
                "point: at least one must be above 0", p->small_max,
                p->large_max);
        return -EINVAL;
    }

    struct wl_matrix *m = calloc(1, sizeof(*m));
    struct wl_point *pts = calloc((size_t)count, sizeof(*pts));
    if (!m || !pts) {
        free(m);
        free(pts);
        why_set(why, why_len, "matrix: out of memory for %d points", count);
        return -ENOMEM;
    }
    int i = 0;
    for (int r = 0; r < p->rows.n; r++)
        for (int c = 0; c < p->cols.n; c++) {
            int small = p->cols.v[c], large = p->rows.v[r];
            if (!plan_visits(p, small, large))
                continue;
            pts[i++] = (struct wl_point){.small = small, .large = large};
            note_level(m->small_levels, &m->n_small_levels, small);
            note_level(m->large_levels, &m->n_large_levels, large);
        }
    m->points = pts;
    m->n_points = count;
    m->orion_total_points = count + 1;
    *out = m;
    return 0;
}

int wl_matrix_build(const struct wl_matrix_cfg *cfg, struct wl_matrix **out,
                    char *why, size_t why_len)
{
    if (!cfg || !out) {
        why_set(why, why_len, "matrix: no configuration or handle given");
        return -EINVAL;
    }
    *out = NULL;
    if (cfg->num_disks < 1) {
        why_set(why, why_len, "{num_disks} %d: must be at least 1",
                cfg->num_disks);
        return -EINVAL;
    }
    int rc = check_load("{num_small}", cfg->num_small, why, why_len);
    if (rc)
        return rc;
    rc = check_load("{num_large}", cfg->num_large, why, why_len);
    if (rc)
        return rc;

    struct cell_plan plan;
    rc = plan_cells(cfg, &plan, why, why_len);
    if (rc)
        return rc;
    return build_points(&plan, out, why, why_len);
}

void wl_matrix_free(struct wl_matrix *m)
{
    if (!m)
        return;
    free(m->points);
    free(m);
}

static bool level_fits(const int *lv, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (lv[i] == v)
            return true;
    return n < WL_MAX_LEVELS;
}

int wl_matrix_append(struct wl_matrix *m, struct wl_point p)
{
    if (!level_fits(m->small_levels, m->n_small_levels, p.small) ||
        !level_fits(m->large_levels, m->n_large_levels, p.large))
        return -ENOSPC;
    struct wl_point *pts =
        realloc(m->points, (size_t)(m->n_points + 1) * sizeof(*pts));
    if (!pts)
        return -ENOMEM;
    pts[m->n_points++] = p;
    m->points = pts;
    m->orion_total_points++;
    note_level(m->small_levels, &m->n_small_levels, p.small);
    note_level(m->large_levels, &m->n_large_levels, p.large);
    return 0;
}

static int index_of(const int *lv, int n, int v)
{
    for (int i = 0; i < n; i++)
        if (lv[i] == v)
            return i;
    return -1;
}

int wl_matrix_small_index(const struct wl_matrix *m, int small)
{
    return index_of(m->small_levels, m->n_small_levels, small);
}

int wl_matrix_large_index(const struct wl_matrix *m, int large)
{
    return index_of(m->large_levels, m->n_large_levels, large);
}

static const char *const run_names[] = {
    [WL_RUN_SIMPLE] = "simple",
    [WL_RUN_NORMAL] = "normal",
    [WL_RUN_OLTP] = "oltp",
    [WL_RUN_DSS] = "dss",
    [WL_RUN_ADVANCED] = "advanced",
};

static const char *const matrix_names[] = {
    [WL_MATRIX_BASIC] = "basic",
    [WL_MATRIX_DETAILED] = "detailed",
    [WL_MATRIX_POINT] = "point",
    [WL_MATRIX_COL] = "col",
    [WL_MATRIX_ROW] = "row",
    [WL_MATRIX_MAX] = "max",
};

#define COUNT_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

const char *wl_run_name(enum wl_run r)
{
    return (int)r >= 0 && (int)r < COUNT_OF(run_names) ? run_names[r] : "?";
}

const char *wl_matrix_name(enum wl_matrix_kind k)
{
    return (int)k >= 0 && (int)k < COUNT_OF(matrix_names) ? matrix_names[k]
                                                          : "?";
}

static int parse_name(const char *const *names, int n, const char *name)
{
    if (!name)
        return -1;
    for (int i = 0; i < n; i++)
        if (strcasecmp(names[i], name) == 0)
            return i;
    return -1;
}

int wl_run_parse(const char *name, enum wl_run *out)
{
    int i = parse_name(run_names, COUNT_OF(run_names), name);
    if (i < 0)
        return -EINVAL;
    *out = (enum wl_run)i;
    return 0;
}

int wl_matrix_parse(const char *name, enum wl_matrix_kind *out)
{
    int i = parse_name(matrix_names, COUNT_OF(matrix_names), name);
    if (i < 0)
        return -EINVAL;
    *out = (enum wl_matrix_kind)i;
    return 0;
}
