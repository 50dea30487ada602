/*
 * cli_nodes.h - --nodes H: a modelled cluster of H instances on the same
 * volumes (cli_nodes.c), issue 39 item 2.
 */
#ifndef ASMSIM_SIM_CLI_CLI_NODES_H
#define ASMSIM_SIM_CLI_CLI_NODES_H

#include <stddef.h>
#include <stdio.h>

#include "sim/cli/cli.h"

/* The row's setter (cli_options.c): 1..SIM_MAX_NODES into o->nodes;
   0, or -EINVAL with what is valid in why (without the flag). */
int cli_nodes_opt(struct cli_opts *o, const char *v, char *why, size_t n);

/* --nodes against the resolved options: modelled volumes only, each
   volume type one the provider lets that many instances share
   (prof_shared_check), not with the dashboard, forecast, a failure or
   mpirun's ranks.  0, or -EINVAL with a one-line reason naming the flag
   and the rule. */
int cli_nodes_check(const struct cli_opts *o, char *why, size_t why_len);

/* The terminal header's lines naming the nodes ("  cluster   node1..node2:
   2 x m5.large on the same volumes, ..."); nothing for one. */
void cli_nodes_print(FILE *f, const struct cli_opts *o);

/* Bill b for `nodes` instances (each node is one): the instance's part
   times nodes, the total again, "; x N nodes" after the instance's basis.
   Nothing for one node, or an instance without a price. */
void cli_nodes_bill(struct price_bill *b, int nodes);

#endif
