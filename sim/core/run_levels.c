/*
 * run_levels.c - a run's levels past ORION's (levels.h): which classes
 * extend and how far they may go, planned before the parts open, and the
 * further points measured after ORION's.  Called by run_one.c and
 * run_tasks.c; measures its points through run_point.c.
 *
 * With cfg->levels SIM_LEVELS_EXTEND, after ORION's points each class
 * whose axis is not saturated gets further points along it (large first,
 * then small), appended to the matrix so that every report sees them.
 * The pools are sized at open for the highest level the extension may
 * reach (its share of the cap on outstanding I/O), so device state
 * carries through the extra points as through ORION's; the pool size does
 * not change what ORION's points measure.  An open-loop run extends no
 * levels.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sim/core/run_internal.h"

/* Logical I/Os one load level of class c keeps in flight. */
static int level_ios(const struct sim_run_cfg *cfg, enum wl_class c, int level)
{
    return c == WL_SMALL ? level
                         : sim_point_large_ios(level, cfg->workload.large_type,
                                               cfg->point.stream_io);
}

/* The highest level class c may extend to: what fits beside the other
   class in the cap on outstanding logical and physical I/O (io_budget.h),
   half of each when both extend. */
static int extension_ceiling(const struct sim_run_cfg *cfg, const lay *l,
                             const struct sim_extension *x, enum wl_class c,
                             const int slots[WL_CLASSES])
{
    enum wl_class o = c == WL_SMALL ? WL_LARGE : WL_SMALL;
    uint32_t bytes[WL_CLASSES] = { cfg->workload.small_bytes,
                                   cfg->workload.large_bytes };
    int ppi = lay_max_pieces(l, bytes[c], true);
    int64_t other_pieces = (int64_t)slots[o] * lay_max_pieces(l, bytes[o], true);
    int64_t ios = x->on[o] ? SIM_MAX_OUTSTANDING / WL_CLASSES
                           : SIM_MAX_OUTSTANDING - slots[o];
    int64_t pieces = x->on[o] ? SIM_MAX_PIECES / WL_CLASSES
                              : SIM_MAX_PIECES - other_pieces;
    if (ppi > 0 && pieces / ppi < ios)
        ios = pieces / ppi;
    int per_level = level_ios(cfg, c, 1);
    int64_t level = ios / (per_level > 0 ? per_level : 1);
    if (c == WL_LARGE && cfg->workload.large_type == WL_LARGE_SEQ &&
        level > WL_MAX_STREAMS)
        level = WL_MAX_STREAMS;
    return level > x->orion_max[c] ? (int)level : x->orion_max[c];
}

int sim_run_plan_extension(const struct sim_run_cfg *cfg,
                           const struct wl_matrix *m, struct sim_extension *x,
                           int slots[WL_CLASSES], char *why, size_t why_len)
{
    memset(x, 0, sizeof(*x));
    x->points_cap = m->n_points;
    int given[WL_CLASSES] = { cfg->matrix.num_small, cfg->matrix.num_large };
    for (int c = 0; c < WL_CLASSES; c++) {
        x->orion_max[c] = sim_levels_axis_max(m, (enum wl_class)c);
        x->on[c] = sim_levels_extends(cfg->levels, x->orion_max[c], given[c]);
    }
    if (!x->on[WL_SMALL] && !x->on[WL_LARGE])
        return 0;
    struct lay_cfg lc = cfg->layout;
    lc.disks = cfg->disks;
    lc.disk_size_bytes = cfg->disk_bytes;
    lay *l = NULL;
    int rc = lay_create(&lc, &l, why, why_len);
    if (rc < 0)
        return rc;
    int orion_slots[WL_CLASSES] = { slots[0], slots[1] };
    for (int c = 0; c < WL_CLASSES; c++) {
        if (!x->on[c])
            continue;
        x->ceiling[c] = extension_ceiling(cfg, l, x, (enum wl_class)c,
                                          orion_slots);
        int ios = level_ios(cfg, (enum wl_class)c, x->ceiling[c]);
        if (ios > slots[c])
            slots[c] = ios;
        x->points_cap += sim_levels_steps(x->orion_max[c], x->ceiling[c]);
    }
    lay_destroy(l);
    return 0;
}

/* After ORION's points: whether class c saturated on them and, when it
   extends, further levels along its axis until it does (levels.h).
   Return as sim_walk_point. */
static int extend_class(struct sim_run_walk *w, const struct sim_extension *x,
                        enum wl_class c, char *why, size_t why_len)
{
    struct sim_run_result *r = w->r;
    struct sim_class_levels *lv = &r->levels[c];
    lv->orion_max = x->orion_max[c];
    lv->extends = x->on[c];
    lv->stop = sim_levels_saturation(r->points, r->n_points, c, &lv->last);
    while (x->on[c] && lv->stop == SIM_STOP_RISING) {
        int next = sim_levels_next(lv->last);
        struct wl_point at = c == WL_LARGE ? (struct wl_point){ 0, next }
                                           : (struct wl_point){ next, 0 };
        int rc = next > x->ceiling[c] || r->n_points >= x->points_cap
                     ? -ENOSPC : wl_matrix_append(r->matrix, at);
        if (rc == -ENOSPC) {
            lv->stop = SIM_STOP_CAP;
            break;
        }
        if (rc < 0) {
            snprintf(why, why_len, "out of memory");
            return rc;
        }
        lv->extended = true;
        rc = sim_walk_point(w, r->matrix->n_points - 1, why, why_len);
        if (rc != 0)
            return rc;
        lv->stop = sim_levels_saturation(r->points, r->n_points, c, &lv->last);
    }
    return 0;
}

int sim_run_extend(struct sim_run_walk *w, const struct sim_extension *x,
                   char *why, size_t why_len)
{
    /* large first: the Maximum Large MBPS is the headline */
    int status = extend_class(w, x, WL_LARGE, why, why_len);
    if (status == 0)
        status = extend_class(w, x, WL_SMALL, why, why_len);
    return status;
}

