/*
 * dev_aio.h - what the aio backend (dev_aio.c) shows beyond its dev_ops
 * table: how it deals targets to worker threads, so that the plan can be
 * tested for machines the tests do not run on.  The plan lives in
 * aio_plan.c; its contract is in aio_plan.h.
 */
#ifndef ASMSIM_SIM_DEV_AIO_H
#define ASMSIM_SIM_DEV_AIO_H

#include "sim/aio_plan.h"       /* dev_aio_plan() */

#endif
