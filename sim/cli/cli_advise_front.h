/*
 * cli_advise_front.h - what one more dollar buys, in `asmsim advise`'s
 * terminal report and JSON (cli_advise_front.c; the lists themselves:
 * sim/advise/advise_front.h).
 */
#ifndef ASMSIM_SIM_CLI_ADVISE_FRONT_H
#define ASMSIM_SIM_CLI_ADVISE_FRONT_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "sim/advise/advise.h"

/* The terminal's blocks under the best configurations: the cheapest of
   each family, then (with --need-latency) the latency front from the
   answer up; each says what was not searched.  Nothing without a pass. */
void cli_advise_front_print(FILE *f, const struct adv_cfg *cfg, const struct adv_result *r);

/* The JSON's "pareto" object (docs/fields.md, "Advise JSON") added to
   root.  0, or -ENOMEM (root then may hold part of it: the caller drops
   the document). */
int cli_advise_front_json(cJSON *root, const struct adv_cfg *cfg, const struct adv_result *r);

#endif
