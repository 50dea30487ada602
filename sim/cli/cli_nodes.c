/*
 * cli_nodes.c - --nodes H (cli_nodes.h): H instances of --instance's type
 * on the same volumes, as a RAC cluster puts its hosts on shared ASM
 * disks.  The core runs them (sim_run_cfg.nodes: every node offers the
 * whole load, engine.c "Nodes"); the model gives each node its own
 * instance limits and burst bucket and shares the volumes' limits
 * (dev_model.c "Nodes").  This file holds what the command line may ask:
 *
 *   shared volumes   only where the provider lets several instances
 *                    attach one volume (prof_shared_check: EBS
 *                    Multi-Attach, io1 and io2 on up to 16 Nitro
 *                    instances; OCI shareable attachments, up to 32 below
 *                    Ultra High Performance), checked for --volume and
 *                    every --group's volume;
 *   an instance      a node is one; with none (--instance none, the
 *                    default) --nodes would only multiply the load;
 *   modelled only    real targets measure several hosts under mpirun
 *                    (README "Several hosts at once"), where each rank is
 *                    a host already;
 *   not yet          the dashboard and forecast (one instance's buckets
 *                    over a day), and --fail (ASM rebalances from one
 *                    instance: its copies are not every node's load).
 */
#include "sim/cli/cli_nodes.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sim/cli/cli_values.h"
#include "sim/core/cluster.h"
#include "sim/profiles/profiles.h"
#include "sim/profiles/provider.h"

int cli_nodes_opt(struct cli_opts *o, const char *v, char *why, size_t n)
{
    long long h;
    if (cli_parse_int(v, 1, SIM_MAX_NODES, &h) != 0) {
        snprintf(why, n, "not a node count; use an integer 1..%d (one instance a "
                 "node, all on the same volumes)", SIM_MAX_NODES);
        return -EINVAL;
    }
    o->nodes = (int)h;
    return 0;
}

/* What --nodes cannot be given with, or NULL. */
static const char *refused_with(const struct cli_opts *o)
{
    if (o->cmd == CLI_FORECAST || o->forecast)   /* resolved as a run */
        return "forecast models one instance's buckets over a schedule; run or "
               "sweep a cluster";
    if (o->engine != CLI_ENGINE_MODEL)
        return "a modelled cluster needs modelled volumes; on real targets run one "
               "asmsim per host under mpirun (README 'Several hosts at once')";
    if (cluster_size(o->cluster) > 1)
        return "not under mpirun, whose ranks are the hosts already";
    if (!prof_provider_of_instance(&o->instance))
        return "needs --instance TYPE: a node is an instance with its own limits, and "
               "with none modelled the nodes would share nothing but the load";
    if (o->tui)
        return "the dashboard (--tui) watches one instance; drop --tui "
               "(--progress shows the points)";
    if (o->fail.n > 0)
        return "--fail: ASM rebalances from one instance, so its copies are not "
               "every node's load; not modelled on a cluster yet";
    if (o->fail.add_n > 0)
        return "--add-disks: ASM rebalances from one instance, so its copies are not "
               "every node's load; not modelled on a cluster yet";
    return NULL;
}

/* Volume v (group's, or the run's when group is NULL) shared by o's
   nodes: 0, or -EINVAL with the rule. */
static int check_volume(const struct cli_opts *o, const struct vol_profile *v,
                        const char *group, char *why, size_t why_len)
{
    char rule[300];
    if (prof_shared_check(v, &o->instance, o->nodes, rule, sizeof rule) == 0)
        return 0;
    if (group)
        snprintf(why, why_len, "--nodes %d (group %s): %s", o->nodes, group, rule);
    else
        snprintf(why, why_len, "--nodes %d: %s", o->nodes, rule);
    return -EINVAL;
}

int cli_nodes_check(const struct cli_opts *o, char *why, size_t why_len)
{
    if (o->nodes <= 1)
        return 0;
    const char *no = refused_with(o);
    if (no) {
        snprintf(why, why_len, "--nodes %d: %s", o->nodes, no);
        return -EINVAL;
    }
    if (o->n_groups == 0)
        return check_volume(o, &o->volume, NULL, why, why_len);
    for (int g = 0; g < o->n_groups; g++) {
        int rc = check_volume(o, &o->groups[g].profile, o->groups[g].name, why, why_len);
        if (rc)
            return rc;
    }
    return 0;
}

void cli_nodes_print(FILE *f, const struct cli_opts *o)
{
    if (o->nodes <= 1)
        return;
    fprintf(f, "  cluster   node1..node%d: %d x %s on the same volumes, each offering "
            "the whole load\n            with its own instance limits and burst bucket; "
            "the volumes' limits shared\n", o->nodes, o->nodes, o->instance.name);
}

void cli_nodes_bill(struct price_bill *b, int nodes)
{
    if (nodes <= 1 || !b->instance_priced)
        return;
    b->instance_usd_month *= nodes;
    b->total_usd_month = b->instance_usd_month + b->volumes_usd_month;
    size_t used = strlen(b->instance_basis);
    snprintf(b->instance_basis + used, sizeof b->instance_basis - used, "; x %d nodes",
             nodes);
}
