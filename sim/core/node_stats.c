/*
 * node_stats.c - the nodes' own figures of a modelled cluster's point
 * (node_stats.h).
 *
 * A modelled cluster (--nodes H) puts H hosts on the same disks, each
 * offering the point's whole load (engine.c keeps H x each class's load
 * in flight and tags every I/O with its node).  The point's result is
 * the cluster's, from the one accumulator every I/O goes into; each node
 * also has an accumulator of its own, fed the same way (a logical I/O at
 * its completion, a piece on its disk), and its figures come out of
 * sim_stats_result as the cluster's do.  They fill the result's hosts[],
 * the rows an mpirun cluster writes for its ranks (run_cluster.c), so a
 * modelled cluster reads like a measured one.  The nodes' rates add up
 * to the cluster's over the same window (both count the I/Os issued in
 * it); latency percentiles are each node's own histogram's.
 *
 * Memory: one struct sim_stats a node (its histograms: WL_MAX_CLASSES x
 * 2 and one a disk), kept only when there are several nodes, so a run of
 * one node records nothing twice.
 */
#include "sim/core/node_stats.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sim_node_stats_init(struct sim_node_stats *ns, int n, int disks, int n_classes)
{
    memset(ns, 0, sizeof *ns);
    if (n <= 1)
        return 0;
    ns->node = calloc((size_t)n, sizeof *ns->node);
    if (!ns->node)
        return -ENOMEM;
    ns->n = n;
    for (int i = 0; i < n; i++) {
        if (sim_stats_init(&ns->node[i], disks) < 0) {
            sim_node_stats_free(ns);
            return -ENOMEM;
        }
        ns->node[i].n_classes = n_classes;
    }
    return 0;
}

void sim_node_stats_reset(struct sim_node_stats *ns)
{
    for (int i = 0; i < ns->n; i++)
        sim_stats_reset(&ns->node[i]);
}

void sim_node_stats_free(struct sim_node_stats *ns)
{
    for (int i = 0; ns->node && i < ns->n; i++)
        sim_stats_free(&ns->node[i]);
    free(ns->node);
    memset(ns, 0, sizeof *ns);
}

void sim_node_name(int i, char *buf, size_t len)
{
    snprintf(buf, len, "node%d", i + 1);
}

/* Node i's row from its figures r. */
static void host_row(int i, const struct sim_point_result *r, double window_start_s,
                     struct sim_host_point *h)
{
    memset(h, 0, sizeof *h);
    h->rank = i;
    sim_node_name(i, h->host, sizeof h->host);
    h->start_unix_s = h->window_unix_s = window_start_s;
    sim_host_point_figures(h, r);
}

int sim_node_stats_hosts(const struct sim_node_stats *ns, sim_ns measured_ns,
                         double window_start_s, struct sim_point_result *out)
{
    if (ns->n == 0)
        return 0;
    struct sim_host_point *hosts = calloc((size_t)ns->n, sizeof *hosts);
    if (!hosts)
        return -ENOMEM;
    for (int i = 0; i < ns->n; i++) {
        struct sim_point_result r = { .small = out->small, .large = out->large,
                                      .db_classes = out->db_classes };
        memcpy(r.class_load, out->class_load, sizeof r.class_load);
        int rc = sim_stats_result(&ns->node[i], measured_ns, &r);
        if (rc < 0) {
            free(hosts);
            return rc;
        }
        host_row(i, &r, window_start_s, &hosts[i]);
        sim_point_result_free(&r);
    }
    out->hosts = hosts;
    out->n_hosts = ns->n;
    return 0;
}
