/*
 * dev_aio.h - what the aio backend (dev_aio.c) shows beyond its dev_ops
 * table: how it deals targets to worker threads, so that the plan can be
 * tested for machines the tests do not run on.
 */
#ifndef ASMSIM_SIM_DEV_AIO_H
#define ASMSIM_SIM_DEV_AIO_H

/* Deal `disks` targets, target_node[d] the NUMA node of each (-1 unknown),
   to workers, as dev_aio.c's comment describes.  threads is --threads (0 =
   the default: one per node that hosts targets, at most `cpus`, 1 when
   machine_nodes <= 1; machine_nodes 0 means libnuma reports NUMA
   unavailable).  Fills worker_of[disks] and worker_node[workers] (-1: no
   node) and sets *why_count to a phrase saying why that many, for
   --verbose.  Returns the number of workers, 1..disks.  disks >= 1. */
int dev_aio_plan(const int *target_node, int disks, int threads,
                 int machine_nodes, int cpus, int *worker_of, int *worker_node,
                 const char **why_count);

#endif
