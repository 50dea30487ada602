/*
 * aio_info.c - the text the aio backend's open leaves in cfg->info, which
 * --verbose prints: one line per target (aio_target.c), then what the plan
 * chose (aio_plan.c) and what came of it: per worker its NUMA node,
 * whether it could be pinned there and its buffers allocated there, and
 * which targets it drives.
 *
 * The buffer is the caller's, cfg->info_len bytes; text is appended after
 * what is there and cut off when it is full, so a short buffer loses the
 * tail of the report and nothing else.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sim/aio/aio_info.h"
#include "sim/aio/aio_plan.h"

void aio_info_add(const struct dev_aio_cfg *cfg, const char *fmt, ...)
{
    if (!cfg->info || cfg->info_len == 0)
        return;
    size_t used = strnlen(cfg->info, cfg->info_len);
    if (used + 1 >= cfg->info_len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cfg->info + used, cfg->info_len - used, fmt, ap);
    va_end(ap);
}

void aio_info_workers(const struct aio_dev *a, const struct dev_aio_cfg *cfg,
                      const char *why_count)
{
    int nodes = aio_numa_nodes();
    if (nodes == 0)
        aio_info_add(cfg, "NUMA: libnuma reports NUMA unavailable; buffers "
                     "from ordinary memory, workers not pinned\n");
    else
        aio_info_add(cfg, "NUMA: %d node%s\n", nodes, nodes == 1 ? "" : "s");
    if (a->uring)
        aio_info_add(cfg, "engine: io_uring%s, files %s, buffers %s\n",
                     a->sqpoll ? " with SQPOLL" : "",
                     a->w[0].fixed_files ? "registered" : "not registered",
                     a->w[0].fixed_bufs ? "registered" : "not registered");
    aio_info_add(cfg, "workers: %d (%s), %s; io depth up to %d each, %zu KiB "
                 "buffers\n", a->n_workers, why_count,
                 a->threaded ? "I/O threads fed by the engine" :
                 "the engine's own thread", a->cap, a->buf_bytes >> 10);
    for (int i = 0; i < a->n_workers; i++) {
        const struct aio_worker *w = &a->w[i];
        if (w->node < 0)
            aio_info_add(cfg, "worker %d: no NUMA node (its targets report "
                         "none), not pinned, buffers from ordinary memory; "
                         "targets", i);
        else if (w->node >= nodes)
            aio_info_add(cfg, "worker %d: NUMA node %d, which libnuma does "
                         "not know: not pinned, buffers from ordinary "
                         "memory; targets", i, w->node);
        else
            aio_info_add(cfg, "worker %d: NUMA node %d, %s, buffers %s; "
                         "targets", i, w->node,
                         w->pin_rc == 0 ? "pinned there" :
                         "not pinned (not allowed)",
                         w->numa_alloc ? "allocated there" :
                         "from ordinary memory (node full)");
        for (int d = 0, k = 0; d < a->disks; d++)
            if (a->disk[d].worker == i)
                aio_info_add(cfg, "%s %d (%s)", k++ ? "," : "", d,
                             cfg->paths[d]);
        aio_info_add(cfg, "\n");
    }
}
