/*
 * device.c - the parts of the backend contract every backend shares:
 * validating an ops table once, opening and closing a device set, the
 * names of the limits a point can be bound by, and which one bound it
 * (the most used at 95 % or more; with demand unmet or a closed loop
 * pressing, also a single volume's: dev_limits_binding_pressed).
 *
 * The ops table is checked when a set is opened rather than on every call,
 * so the engine's hot loop calls the hooks without testing for NULL (the
 * optional ones excepted).
 */
#include "sim/core/device.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static const char *const limit_labels[SIM_LIMITS] = {
    [SIM_LIMIT_OFFERED_LOAD] = "offered load",
    [SIM_LIMIT_INSTANCE_MBPS] = "instance MB/s",
    [SIM_LIMIT_INSTANCE_IOPS] = "instance IOPS",
    [SIM_LIMIT_VOLUME_IOPS] = "volume IOPS",
    [SIM_LIMIT_VOLUME_TPUT] = "volume throughput",
    [SIM_LIMIT_BURST_CREDITS] = "burst credits",
    [SIM_LIMIT_ATTACH_PATH] = "attachment path",
    [SIM_LIMIT_DEVICE] = "device",
};

static const char *const limit_ids[SIM_LIMITS] = {
    [SIM_LIMIT_OFFERED_LOAD] = "offered_load",
    [SIM_LIMIT_INSTANCE_MBPS] = "instance_mbps",
    [SIM_LIMIT_INSTANCE_IOPS] = "instance_iops",
    [SIM_LIMIT_VOLUME_IOPS] = "volume_iops",
    [SIM_LIMIT_VOLUME_TPUT] = "volume_throughput",
    [SIM_LIMIT_BURST_CREDITS] = "burst_credits",
    [SIM_LIMIT_ATTACH_PATH] = "attachment_path",
    [SIM_LIMIT_DEVICE] = "device",
};

const char *sim_limit_label(enum sim_limit l)
{
    return (unsigned)l < SIM_LIMITS ? limit_labels[l] : "unknown";
}

const char *sim_limit_id(enum sim_limit l)
{
    return (unsigned)l < SIM_LIMITS ? limit_ids[l] : "unknown";
}

enum sim_limit sim_limit_of_id(const char *id)
{
    int l = 0;
    while (l < SIM_LIMITS && strcmp(limit_ids[l], id) != 0)
        l++;
    return (enum sim_limit)l;
}

int dev_ops_check(const struct dev_ops *ops)
{
    if (!ops || !ops->name || !ops->open || !ops->submit || !ops->reap ||
        !ops->now || !ops->close)
        return -EINVAL;
    const struct dev_credit_ops *c = ops->credit;
    if (c && (!c->limits || !c->interval_limits || !c->buckets ||
              !c->settle || !c->retune || !c->burst_fill || !c->burst_stash ||
              !c->bucket_set || !c->idle_until))
        return -EINVAL;             /* all or none: callers test credit */
    return 0;
}

int dev_open(struct devset *ds, const struct dev_ops *ops,
             const struct devset_cfg *cfg, char *why, size_t why_len)
{
    memset(ds, 0, sizeof(*ds));
    if (dev_ops_check(ops) < 0) {
        snprintf(why, why_len, "backend '%s' is incomplete",
                 ops && ops->name ? ops->name : "?");
        return -EINVAL;
    }
    if (cfg->disks < 1) {
        snprintf(why, why_len, "a device set needs at least one disk");
        return -EINVAL;
    }
    ds->ops = ops;
    ds->disks = cfg->disks;
    int rc = ops->open(ds, cfg, why, why_len);
    if (rc < 0)
        memset(ds, 0, sizeof(*ds));
    return rc;
}

void dev_close(struct devset *ds)
{
    if (ds->ops)
        ds->ops->close(ds);
    memset(ds, 0, sizeof(*ds));
}

/* The most used of util[], if it ran at SIM_LIMIT_BINDING_UTIL or more. */
static enum sim_limit most_used(const double *util)
{
    enum sim_limit best = SIM_LIMIT_OFFERED_LOAD;
    double best_util = 0;
    for (int l = 0; l < SIM_LIMITS; l++)
        if (util[l] > best_util) {
            best_util = util[l];
            best = (enum sim_limit)l;
        }
    return best_util >= SIM_LIMIT_BINDING_UTIL ? best : SIM_LIMIT_OFFERED_LOAD;
}

enum sim_limit dev_limits_binding(const struct dev_limits *lim)
{
    return most_used(lim->util);
}

enum sim_limit dev_limits_binding_pressed(const struct dev_limits *lim, double *util,
                                          int *disk)
{
    enum sim_limit l = most_used(lim->util);
    const double *use = lim->util;
    bool one = l == SIM_LIMIT_OFFERED_LOAD;
    if (one) {
        l = most_used(lim->one_util);
        use = lim->one_util;
    }
    if (util)
        *util = l == SIM_LIMIT_OFFERED_LOAD ? 0 : use[l];
    if (disk)
        *disk = one && l != SIM_LIMIT_OFFERED_LOAD ? lim->one_disk[l] : -1;
    return l;
}
