/*
 * licence.h - how many Oracle Database licences an instance needs, by
 * its provider's rules (struct prof_licence_rules, provider.h; the
 * figures and their sources are in providers/ebs.c and providers/oci.c).
 *
 * The counting (Oracle, "Licensing Oracle Software in the Cloud Computing
 * Environment", the policy document as of 2024-06, for AWS EC2; OCI's
 * figures are assumptions, providers/oci.c says which):
 *
 *   Enterprise Edition   processor licences = ceil(vCPUs / v_ee), v_ee
 *                        the vCPUs one licence covers (2 with
 *                        multi-threading enabled)
 *   Standard Edition 2   sockets = ceil(vCPUs / v_se2), v_se2 = 4 (an
 *                        instance of up to 4 vCPUs is one socket), and
 *                        SE2 may only be licensed on instances of at most
 *                        se2_max_vcpus (8)
 *
 * Worked: EE on m5.4xlarge, 16 vCPUs: 16 / 2 = 8 processor licences;
 * SE2 on m5.xlarge, 4 vCPUs: 1 socket; SE2 on m5.2xlarge, 8 vCPUs: 2
 * sockets; SE2 on m5.4xlarge, 16 vCPUs: refused (above 8).
 */
#ifndef ASMSIM_SIM_PROFILES_LICENCE_H
#define ASMSIM_SIM_PROFILES_LICENCE_H

#include <stddef.h>

#include "sim/profiles/profiles.h"

enum prof_licence {
    PROF_LICENCE_NONE = 0,      /* no licence counted */
    PROF_LICENCE_EE,            /* Enterprise Edition, per processor */
    PROF_LICENCE_SE2,           /* Standard Edition 2, per socket */
};

/* "none", "ee", "se2" (case-insensitive) -> *out: 0, or -EINVAL. */
int prof_licence_parse(const char *text, enum prof_licence *out);
const char *prof_licence_name(enum prof_licence l);     /* "ee", ... */
/* What one licence unit of l is: "processor licence", "socket". */
const char *prof_licence_unit(enum prof_licence l);
/* "Enterprise Edition", "Standard Edition 2", "no licence". */
const char *prof_licence_label(enum prof_licence l);

/* The licence units edition l needs on instance in, into *units (0 for
   PROF_LICENCE_NONE): 0, or -EINVAL with the reason in why when l may
   not be licensed there ("16 vCPUs > 8, the most SE2 may be licensed
   on") or the instance's vCPUs or rules are not known. */
int prof_licence_units(const struct inst_profile *in, enum prof_licence l, int *units,
                       char *why, size_t why_len);

/* The rules of in's provider, NULL when it has none (no instance). */
const struct prof_licence_rules *prof_licence_rules_of(const struct inst_profile *in);

#endif
