/*
 * report_advice.h - the JSON of `asmsim advise` (report_advice.c); its keys
 * are documented in docs/fields.md, section "advise".
 */
#ifndef ASMSIM_SIM_REPORT_ADVICE_H
#define ASMSIM_SIM_REPORT_ADVICE_H

#include <stddef.h>

#include "sim/advise/advise.h"

/* Write the search's configuration and result as one JSON document to
   path ("-": stdout); version is asmsim's.  0 or -errno with why. */
int report_advice_json(const char *path, const struct adv_cfg *cfg,
                       const struct adv_result *r, const char *command_line,
                       const char *version, char *why, size_t why_len);

#endif
