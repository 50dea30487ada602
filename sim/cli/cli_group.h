/*
 * cli_group.h - the value of --group: one ASM disk group of a run with
 * several on one instance (DATA on 8 x gp3, REDO on 4 x io2), checked
 * whole (cli_group.c).
 *
 *   NAME:disks=N,volume=TYPE[,size=..,iops=..,throughput=..,vpu=..]
 *        [,redundancy=external|normal|high][,au=SIZE][,layout=coarse|fine]
 *        [,failgroups=N]
 *
 * The volume's own keys are written flat among the group's and folded
 * into the spec --volume takes ("io2:size=100GiB,iops=16000").  Parsing
 * only: what the run does with a group (its layout, its classes, its
 * model volume group) is the caller's.
 */
#ifndef ASMSIM_SIM_CLI_GROUP_H
#define ASMSIM_SIM_CLI_GROUP_H

#include <stddef.h>
#include <stdint.h>

#include "layouts/layout.h"
#include "sim/profiles/profiles.h"
#include "workloads/wl_spec.h"

/* The optional keys a value gave (struct sim_group_spec.given): the
   others are the run's (its --au, --redundancy, --layout, --failgroups,
   or their defaults), which only the caller knows. */
enum cli_group_given {
    CLI_GROUP_GIVEN_REDUNDANCY = 1u << 0,
    CLI_GROUP_GIVEN_AU = 1u << 1,
    CLI_GROUP_GIVEN_LAYOUT = 1u << 2,
    CLI_GROUP_GIVEN_FAILGROUPS = 1u << 3,
};

#define CLI_GROUP_VOLUME_MAX 128        /* as vol_profile.spec */

struct sim_group_spec {
    char name[WL_NAME_MAX];             /* 1..31 of [A-Za-z0-9_.-] */
    int disks;                          /* 1..LAY_MAX_DISKS */
    char volume[CLI_GROUP_VOLUME_MAX];  /* the spec as --volume takes it:
                                           "TYPE[:size=..,iops=..,...]" */
    struct vol_profile profile;         /* volume, resolved (prof_volume_parse) */
    enum lay_redundancy redundancy;     /* each as its option sets it, */
    uint64_t au_bytes;                  /* when given (see given) */
    enum lay_striping striping;         /* LAY_COARSE or LAY_FINE */
    int failgroups;                     /* 0 = one per disk */
    unsigned given;                     /* enum cli_group_given bits */
};

/* Parse one --group value into *out.  0, or -EINVAL with a one-line
   reason in why naming the bad part and what is valid (without the
   flag: the caller prefixes "--group <value>: "); on failure *out is
   left untouched.  Every key at most once; disks and volume required;
   the volume checked by the profiles' own parser (its reason, after
   "volume: "), au, redundancy, layout and failgroups by their options'
   own setters (the option table's rows), layout further limited to
   coarse and fine (an ASM disk group's). */
int cli_parse_group(const char *text, struct sim_group_spec *out, char *why, size_t why_len);

#endif
