/*
 * cli_values.h - the value parsers shared by both option styles (run/sweep's
 * GNU options and orion's ORION flags); see cli_values.c.
 *
 * Every parser checks the whole text and its range, returns 0 or -EINVAL,
 * leaves *out untouched on failure and prints nothing.
 */
#ifndef ASMSIM_SIM_CLI_VALUES_H
#define ASMSIM_SIM_CLI_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/simtime.h"

/* A decimal integer in [min, max]. */
int cli_parse_int(const char *text, long long min, long long max,
                  long long *out);

/* An unsigned decimal integer, no sign, up to UINT64_MAX. */
int cli_parse_u64(const char *text, uint64_t *out);

/* 90, 90s, 500ms, 2m, 1h: at most CLI_MAX_DURATION_NS. */
int cli_parse_time_ns(const char *text, sim_ns *out);

/* A size (prof_parse_size: 512, 4k, 8KiB, 1MiB) within [min, max] bytes
   and, when align is not 0, a multiple of it. */
int cli_parse_size_in(const char *text, uint64_t align, uint64_t min,
                      uint64_t max, uint64_t *out);

bool cli_is_pow2(uint64_t v);

/* Burst credits: "full", "empty", "50%" or "50" -> a fraction 0..1. */
int cli_parse_burst(const char *text, double *frac);

/* "1-16", "1,2,4,8,16", "2-8,12" -> ascending unique disk counts in
   1..LAY_MAX_DISKS, at most max_counts of them; on error the reason
   (without the flag) is in why. */
int cli_parse_disk_list(const char *text, int *counts, int max_counts,
                        int *n_out, char *why, size_t why_len);

/* 1..CLI_TESTNAME_MAX characters of [A-Za-z0-9._-]. */
bool cli_testname_ok(const char *name);

#endif
