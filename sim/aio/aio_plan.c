/*
 * aio_plan.c - the aio backend's worker plan: how many workers, which
 * targets each drives, and which NUMA node each belongs to.
 *
 * A worker is whatever thread calls io_submit() and io_getevents() for a
 * set of targets; it owns an io_context, an iocb pool and buffers.
 *
 *   --threads N    N workers (at most one per target)
 *   default        one per NUMA node that hosts targets, at most the CPUs
 *                  asmsim may run on; 1 on a one-node machine, where
 *                  libnuma reports NUMA unavailable, or when no target
 *                  reports a node
 *
 * Targets are grouped by node (targets with no node form one more group).
 * With fewer workers than groups, the groups are dealt to the workers,
 * largest first; with more, every group has a worker and each extra one
 * goes to the group with the most targets per worker; inside a group the
 * targets are dealt round robin.  A worker whose first group has a node is
 * pinned to that node (numa_run_on_node) and its buffers are allocated
 * there (numa_alloc_onnode, aio_pool.c), so the DMA and the completion
 * work stay on the node that hosts the device.
 *
 * The plan itself is a pure function of the targets' nodes and the
 * machine's size, so the tests can deal targets for machines they do not
 * run on; aio_numa_nodes() and aio_usable_cpus() ask libnuma for the real
 * machine's.
 */
#include <stdbool.h>
#include <unistd.h>

#include <numa.h>

#include "sim/aio/aio_plan.h"

int aio_numa_nodes(void)
{
    return numa_available() < 0 ? 0 : numa_max_node() + 1;
}

int aio_usable_cpus(void)
{
    int n = numa_available() < 0 ? -1 : numa_num_task_cpus();
    if (n < 1)
        n = (int)sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n;
}

int dev_aio_plan(const int *target_node, int disks, int threads,
                 int machine_nodes, int cpus, int *worker_of, int *worker_node,
                 const char **why_count)
{
    int g_node[disks + 1], g_count[disks + 1], g_workers[disks + 1];
    int g_next[disks + 1], groups = 0, known = 0;

    /* groups: distinct known nodes by size (ties: lower node), then the
       targets with no node */
    for (int d = 0; d < disks; d++) {
        int g = 0;
        while (g < groups && g_node[g] != target_node[d])
            g++;
        if (g == groups) {
            g_node[groups] = target_node[d] < 0 ? -1 : target_node[d];
            g_count[groups++] = 0;
            known += target_node[d] >= 0;
        }
        g_count[g]++;
    }
    for (int i = 1; i < groups; i++)            /* insertion sort, small */
        for (int j = i; j > 0; j--) {
            bool unknown_first = g_node[j - 1] < 0 && g_node[j] >= 0;
            bool bigger = g_node[j - 1] >= 0 && g_node[j] >= 0 &&
                (g_count[j] > g_count[j - 1] ||
                 (g_count[j] == g_count[j - 1] && g_node[j] < g_node[j - 1]));
            if (!unknown_first && !bigger)
                break;
            int t = g_node[j]; g_node[j] = g_node[j - 1]; g_node[j - 1] = t;
            t = g_count[j]; g_count[j] = g_count[j - 1]; g_count[j - 1] = t;
        }

    int n = threads;
    if (n <= 0) {
        if (machine_nodes <= 1) {
            n = 1;
            *why_count = machine_nodes == 0 ? "default: libnuma reports NUMA "
                         "unavailable" : "default: a one-node machine";
        } else if (known <= 1) {
            n = 1;
            *why_count = known ? "default: one NUMA node hosts the targets" :
                         "default: no target reports a NUMA node";
        } else {
            n = known < cpus ? known : cpus;
            if (n < 1)
                n = 1;
            *why_count = n == known ? "default: one per NUMA node that hosts "
                         "targets" : "default: one per NUMA node that hosts "
                         "targets, bounded by the CPUs";
        }
    } else {
        *why_count = "--threads";
    }
    if (n > disks) {
        n = disks;
        *why_count = "--threads, at most one per target";
    }

    if (n <= groups) {
        /* groups dealt to workers, largest first */
        for (int g = 0; g < groups; g++)
            for (int d = 0; d < disks; d++)
                if ((target_node[d] < 0 ? -1 : target_node[d]) == g_node[g])
                    worker_of[d] = g % n;
        for (int i = 0; i < n; i++)
            worker_node[i] = g_node[i];
        return n;
    }
    /* a worker each, then the extra ones where targets per worker is most */
    for (int g = 0; g < groups; g++)
        g_workers[g] = 1;
    for (int extra = n - groups; extra > 0; extra--) {
        int best = -1;
        for (int g = 0; g < groups; g++)
            if (g_workers[g] < g_count[g] &&
                (best < 0 || g_count[g] * g_workers[best] >
                             g_count[best] * g_workers[g]))
                best = g;
        g_workers[best]++;      /* n <= disks: some group has room */
    }
    int first = 0;
    for (int g = 0; g < groups; g++) {
        g_next[g] = 0;
        for (int k = 0; k < g_workers[g]; k++)
            worker_node[first + k] = g_node[g];
        for (int d = 0; d < disks; d++)
            if ((target_node[d] < 0 ? -1 : target_node[d]) == g_node[g])
                worker_of[d] = first + g_next[g]++ % g_workers[g];
        first += g_workers[g];
    }
    return n;
}
