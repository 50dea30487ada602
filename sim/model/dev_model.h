/*
 * dev_model.h - the model backend: modelled cloud volumes and instances
 * in virtual time (dev_model.c).  The null device that completes every
 * I/O at once lives in sim/null/ (dev_null.h).
 */
#ifndef ASMSIM_SIM_MODEL_DEV_MODEL_H
#define ASMSIM_SIM_MODEL_DEV_MODEL_H

#include "sim/core/device.h"

extern const struct dev_ops dev_model_ops;   /* dev_model.c */

#endif
