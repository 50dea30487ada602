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
   it needs; the pointers need to live only that long.  A run carries
   one as its backend_cfg (a struct sim_setup binds it: setup.h), and
   dev_model_ops's run_cfg hook copies it with the run's
   burst_credit_frac.  retune takes one too: a volume or instance left
   NULL stays as it is (burst_credit_frac is not retuned).  (Fields are
   appended here, not in devset_cfg.) */
struct dev_model_cfg {
    const struct vol_profile *volume;
    const struct inst_profile *instance;
    double burst_credit_frac;           /* 0..1: how full buckets start */
};

#endif
