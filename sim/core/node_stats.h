/*
 * node_stats.h - each node's own figures at a point of a modelled cluster
 * (sim_run_cfg.nodes, --nodes): the engine records every I/O of the
 * window twice, into the point's accumulator (the cluster's figures) and
 * into its node's (node_stats.c).
 */
#ifndef ASMSIM_SIM_CORE_NODE_STATS_H
#define ASMSIM_SIM_CORE_NODE_STATS_H

#include "sim/core/stats.h"

struct sim_node_stats {
    int n;                          /* nodes; 0: none kept (one node) */
    struct sim_stats *node;         /* [n] */
};

/* n accumulators of `disks` disks and n_classes classes (n <= 1: none,
   ns->n 0).  0 or -ENOMEM (ns then holds nothing). */
int sim_node_stats_init(struct sim_node_stats *ns, int n, int disks, int n_classes);
void sim_node_stats_reset(struct sim_node_stats *ns);
void sim_node_stats_free(struct sim_node_stats *ns);

/* out->hosts[] (n_hosts = ns->n), each node's figures over measured_ns
   by the one definition of every figure (sim_stats_result): "node1",
   "node2", ... at rank 0, 1, ...; start_unix_s and window_unix_s are the
   window's start on the model's virtual clock, window_start_s, the same
   for every node.  Nothing when ns keeps none.  0 or -ENOMEM. */
int sim_node_stats_hosts(const struct sim_node_stats *ns, sim_ns measured_ns,
                         double window_start_s, struct sim_point_result *out);

/* Node i's name (0-based i: "node1", "node2", ...), as its hosts[] row
   and the JSON's cluster.hosts give it. */
void sim_node_name(int i, char *buf, size_t len);

#endif
