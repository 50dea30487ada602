/*
 * dev_model.h - the model backend: modelled cloud volumes and instances
 * in virtual time (dev_model.c).  The null device that completes every
 * I/O at once lives in sim/null/ (dev_null.h).
 */
#ifndef ASMSIM_SIM_MODEL_DEV_MODEL_H
#define ASMSIM_SIM_MODEL_DEV_MODEL_H

#include "sim/core/device.h"
#include "sim/core/run.h"
#include "sim/profiles/profiles.h"

extern const struct dev_ops dev_model_ops;   /* dev_model.c */

/* The model's own configuration (devset_cfg.backend_cfg): every disk is
   one volume, all attached to one instance.  open copies what it needs;
   the pointers need to live only that long.  A run carries one as its
   backend_cfg (a struct sim_setup binds it: setup.h), and
   dev_model_ops's run_cfg hook copies it with the run's
   burst_credit_frac.  (Fields are appended here, not in devset_cfg.)

   The volumes: with n_vol_groups 0, every disk is `volume`.  Otherwise
   they are n_vol_groups groups of one type each, which take consecutive
   disk numbers in order (group 0 disks 0 .. disks - 1, group 1 the next,
   ...) and whose disks add up to the device set's; `volume` is then not
   read.  Each volume has its own group's type: its limits, buckets,
   latency and platform rules; the instance's limits and its bucket are
   one for all disks of all groups (dev_model.c, "Volume groups").  open
   refuses (-EINVAL, with the reason) groups that do not add up, a group
   without a volume or a disk, more than DEV_MODEL_MAX_GROUPS, and groups
   that mix instance storage with attached volumes.

   retune takes one too, and changes in place: the instance when given;
   the volumes of every group whose volume is given, when the groups are
   the open's (same count, same disks each); or, with n_vol_groups 0,
   `volume` when the model has one group (opened with `volume` or one
   group).  A single `volume` for a model of several groups is refused
   (-EINVAL, nothing changed: which group it means is not said), as are
   groups unlike the open's; a caller then opens the set anew.  NULL
   volume or instance: stays as it is (burst_credit_frac is not
   retuned). */
#define DEV_MODEL_MAX_GROUPS 8

struct dev_model_vol_group {
    const struct vol_profile *volume;
    int disks;                          /* >= 1 */
};

struct dev_model_cfg {
    const struct vol_profile *volume;   /* n_vol_groups 0: every disk's */
    const struct inst_profile *instance;
    double burst_credit_frac;           /* 0..1: how full buckets start */
    int n_vol_groups;                   /* 0, or 1..DEV_MODEL_MAX_GROUPS */
    struct dev_model_vol_group vol_groups[DEV_MODEL_MAX_GROUPS];
    /* instances of `instance`'s type on the same volumes (a modelled
       cluster, sim_run_cfg.nodes, which run_cfg copies): each its own
       IOPS and MB/s limits and burst bucket, taking the I/O of its node
       (sim_io.node); the volumes' limits are shared (dev_model.c,
       "Nodes").  0 or 1: one; at most SIM_MAX_NODES. */
    int nodes;
};

#endif
