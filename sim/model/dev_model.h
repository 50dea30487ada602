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
   one such volume, all attached to one such instance.  open copies what
   it needs; the pointers need to live only that long.  dev_model_ops's
   run_cfg hook makes it from a run's volume, instance and
   burst_credit_frac.  retune takes one too: a volume or instance left
   NULL stays as it is (burst_credit_frac is not retuned).  (Fields are
   appended here, not in devset_cfg.) */
struct dev_model_cfg {
    const struct vol_profile *volume;
    const struct inst_profile *instance;
    double burst_credit_frac;           /* 0..1: how full buckets start */
};

/* sim_run_cfg_defaults for a run on modelled volumes: the model backend,
   one gp3 volume of the default size on no particular instance ("none").
   The core sets no profile itself (it does not link the profiles). */
void dev_model_run_defaults(struct sim_run_cfg *cfg);

#endif
