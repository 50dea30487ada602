/*
 * forecast_emit.c - what the forecast's paths (forecast_exact.c,
 * forecast_fluid.c) hand back to it: the buckets' levels, read off the
 * devices, and each segment, laid on the rows (forecast_rows.c) and added
 * to its phase's sums (a database workload's per class too).  Below the paths and the driver (forecast.c),
 * calling none of them: a fast-path phase's queue is reached through the
 * hook that phase sets (f->queue).  The levels are read into the
 * result's order of buckets: a failure's restored group (forecast_fail.c)
 * lists fewer, through f->bmap, and a lost disk's bucket keeps the level
 * it had when its disk was dropped; an add's grown group lists more, its
 * new disks' buckets in none of the result's (bmap -1).
 */
#include "sim/model/forecast_internal.h"

void fc_read_levels(struct fc *f, double *dst)
{
    struct devset *ds = &f->parts->ds;
    if (f->buckets > 0 && !f->bmap)
        ds->ops->credit->buckets(ds, f->bkt, f->buckets);
    else if (f->buckets > 0) {
        int n = ds->ops->credit->buckets(ds, f->dev_bkt, f->dev_cap);
        for (int j = 0; j < n; j++)
            if (f->bmap[j] >= 0)
                f->bkt[f->bmap[j]] = f->dev_bkt[j];
    }
    for (int k = 0; k < f->buckets; k++)
        (dst ? dst : f->level)[k] = f->bkt[k].level_units;
}

int fc_emit(struct fc *f, const struct fc_seg *seg)
{
    struct fc_seg queued = *seg;
    const struct fc_seg *s = &queued;
    if (f->queue)
        f->queue(f, &queued);
    double dt = s->t1_s - s->t0_s;
    const double got[WL_CLASSES] = { s->fig->small_iops, s->fig->large_mbps };
    for (int c = 0; c < WL_CLASSES && f->cur_phase; c++) {
        f->cur_sum[c] += got[c] * dt;
        if (!s->fig->open)
            continue;
        f->cur_offered_sum[c] += s->fig->offered[c] * dt;
        f->cur_served_sum[c] += s->fig->offered[c] * (1 - s->fig->unmet[c]) * dt;
    }
    for (int c = 0; c < s->fig->n_classes && f->cur_cls; c++) {
        const struct fc_class_fig *k = &s->fig->cls[c];
        struct fc_cls_sums *sum = &f->cur_cls_sum[c];
        sum->ios += k->iops * dt;
        sum->mb += k->mbps * dt;
        sum->offered += k->offered * dt;
        sum->served += k->offered * (1 - k->unmet) * dt;
    }
    if (s->t1_s > f->res->horizon_s)
        f->res->horizon_s = s->t1_s;
    return fc_rows_add(f->rows, s);
}
