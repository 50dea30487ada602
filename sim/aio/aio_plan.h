/*
 * aio_plan.h - which worker drives which target, and the machine facts the
 * choice rests on (aio_plan.c).  dev_aio.h re-exports dev_aio_plan, so
 * that the plan can be tested for machines the tests do not run on.
 */
#ifndef ASMSIM_SIM_AIO_PLAN_H
#define ASMSIM_SIM_AIO_PLAN_H

/* Deal `disks` targets, target_node[d] the NUMA node of each (-1 unknown),
   to workers, as aio_plan.c's comment describes.  threads is --threads (0 =
   the default: one per node that hosts targets, at most `cpus`, 1 when
   machine_nodes <= 1; machine_nodes 0 means libnuma reports NUMA
   unavailable).  Fills worker_of[disks] and worker_node[workers] (-1: no
   node) and sets *why_count to a phrase saying why that many, for
   --verbose.  Returns the number of workers, 1..disks.  disks >= 1. */
int dev_aio_plan(const int *target_node, int disks, int threads,
                 int machine_nodes, int cpus, int *worker_of, int *worker_node,
                 const char **why_count);

/* How many NUMA nodes libnuma knows, 0 when it reports NUMA unavailable. */
int aio_numa_nodes(void);

/* The CPUs asmsim may run on, at least 1. */
int aio_usable_cpus(void);

#endif
