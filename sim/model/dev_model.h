/*
 * dev_model.h - the backends that carry no bytes: modelled cloud volumes
 * and instances in virtual time (dev_model.c), and the null device that
 * completes every I/O at once in real time, for measuring the engine
 * itself (dev_null.c).
 */
#ifndef ASMSIM_SIM_MODEL_DEV_MODEL_H
#define ASMSIM_SIM_MODEL_DEV_MODEL_H

#include "sim/core/device.h"

extern const struct dev_ops dev_model_ops;   /* dev_model.c */
extern const struct dev_ops dev_null_ops;    /* dev_null.c */

#endif
