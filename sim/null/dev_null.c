/*
 * dev_null.c - a backend whose I/Os complete the moment they are reaped.
 *
 * It measures asmsim itself: with no device in the way, the IOPS a point
 * reaches is the rate at which the engine can generate, map, submit, join
 * and account I/O.  Time is the monotonic clock, read once per reap batch,
 * so the figures are wall-clock figures.  Submitted I/Os wait in a ring of
 * max_outstanding entries until the next reap.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sim/null/dev_null.h"

struct null_dev {
    struct sim_io **ring;
    int cap, head, count;
};

static sim_ns monotonic_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (sim_ns)ts.tv_sec * SIM_NS_PER_S + ts.tv_nsec;
}

static int null_open(struct devset *ds, const struct devset_cfg *cfg,
                     char *why, size_t why_len)
{
    struct null_dev *n = calloc(1, sizeof(*n));
    if (n)
        n->ring = calloc((size_t)cfg->max_outstanding, sizeof(*n->ring));
    if (!n || !n->ring) {
        free(n);
        snprintf(why, why_len, "out of memory opening the null backend");
        return -ENOMEM;
    }
    n->cap = cfg->max_outstanding;
    ds->priv = n;
    return 0;
}

static int null_submit(struct devset *ds, struct sim_io *const *ios, int count)
{
    struct null_dev *n = ds->priv;
    sim_ns now = monotonic_ns();
    int i;
    for (i = 0; i < count && n->count < n->cap; i++) {
        ios[i]->submit_ns = now;
        ios[i]->result = (int32_t)ios[i]->size_bytes;
        n->ring[(n->head + n->count++) % n->cap] = ios[i];
    }
    return i;
}

/* Nothing in flight (an open loop between arrivals): wait for the
   deadline, as the contract says, instead of returning at once. */
static void null_idle_until(sim_ns now, sim_ns deadline)
{
    if (deadline <= now || deadline == SIM_NS_MAX)
        return;
    sim_ns wait = deadline - now;
    struct timespec ts = { (time_t)(wait / SIM_NS_PER_S),
                           (long)(wait % SIM_NS_PER_S) };
    nanosleep(&ts, NULL);
}

static int null_reap(struct devset *ds, struct sim_io **done, int max,
                     sim_ns deadline)
{
    struct null_dev *n = ds->priv;
    sim_ns now = monotonic_ns();
    int k = 0;
    if (n->count == 0) {
        null_idle_until(now, deadline);
        return 0;
    }
    while (k < max && n->count > 0) {
        struct sim_io *io = n->ring[n->head];
        n->head = (n->head + 1) % n->cap;
        n->count--;
        io->done_ns = now;
        done[k++] = io;
    }
    return k;
}

static sim_ns null_now(const struct devset *ds)
{
    (void)ds;
    return monotonic_ns();
}

static void null_close(struct devset *ds)
{
    struct null_dev *n = ds->priv;
    if (n) {
        free(n->ring);
        free(n);
    }
    ds->priv = NULL;
}

const struct dev_ops dev_null_ops = {
    .name = "null",
    .caps = DEV_CAP_HOST_CPU,
    .open = null_open,
    .submit = null_submit,
    .reap = null_reap,
    .now = null_now,
    .close = null_close,
};
