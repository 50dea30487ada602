/*
 * stop_flag.h - the flag that ends a run early.
 *
 * The SIGINT/SIGTERM/SIGHUP handler sets it; the engine (in the main thread or
 * the session's engine thread), the dashboard and the aio workers read
 * it.  A `volatile sig_atomic_t` is safe between a handler and the thread
 * it interrupts, but not between threads: C11 gives that only to atomic
 * objects.  A lock-free atomic int is both: storing to it is
 * async-signal-safe, and loads in other threads see the store.
 */
#ifndef ASMSIM_SIM_STOP_FLAG_H
#define ASMSIM_SIM_STOP_FLAG_H

#include <stdatomic.h>
#include <stdbool.h>

_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the stop flag must be lock-free to be set from a signal handler");

typedef atomic_int sim_stop_flag;

/* True when `flag` is given and set. */
static inline bool sim_stop_is_set(const sim_stop_flag *flag)
{
    return flag && atomic_load_explicit(flag, memory_order_acquire) != 0;
}

static inline void sim_stop_set(sim_stop_flag *flag)
{
    atomic_store_explicit(flag, 1, memory_order_release);
}

#endif
