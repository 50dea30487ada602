/*
 * simtime.h - time in asmsim: signed 64-bit integer nanoseconds.
 *
 * Virtual (the model backend) or monotonic (real devices): the backend
 * owns the clock and the rest of the code cannot tell which it is.
 */
#ifndef ASMSIM_SIM_SIMTIME_H
#define ASMSIM_SIM_SIMTIME_H

#include <stdint.h>

typedef int64_t sim_ns;

#define SIM_NS_PER_US 1000ll
#define SIM_NS_PER_MS 1000000ll
#define SIM_NS_PER_S 1000000000ll
#define SIM_NS_MAX INT64_MAX

#endif
