/*
 * dev_null.h - the null backend (dev_null.c): every I/O completes the
 * moment it is reaped, in real time, so a run measures the host CPU cost
 * of asmsim's engine itself (DEV_CAP_HOST_CPU).  Its own folder, beside
 * model/ and aio/: it models no volume (model/ is virtual time and
 * provisioned limits) and touches no device (aio/), and it needs nothing
 * but the core.
 */
#ifndef ASMSIM_SIM_NULL_DEV_NULL_H
#define ASMSIM_SIM_NULL_DEV_NULL_H

#include "sim/core/device.h"

extern const struct dev_ops dev_null_ops;

#endif
