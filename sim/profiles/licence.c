/*
 * licence.c - Oracle Database licence units of an instance (licence.h
 * says how they are counted and where the rules come from; the figures
 * are each provider's, struct prof_licence_rules).
 *
 * Nothing here knows a provider: the rules come from the instance's row
 * of the provider table, and an instance whose provider gives none (no
 * instance) has no count.
 */
#include "sim/profiles/licence.h"

#include <errno.h>
#include <stdio.h>
#include <strings.h>

#include "layouts/why.h"
#include "sim/profiles/provider.h"

static const char *const names[] = { "none", "ee", "se2" };

int prof_licence_parse(const char *text, enum prof_licence *out)
{
    for (int i = 0; text && i < (int)(sizeof names / sizeof names[0]); i++)
        if (strcasecmp(text, names[i]) == 0) {
            *out = (enum prof_licence)i;
            return 0;
        }
    return -EINVAL;
}

const char *prof_licence_name(enum prof_licence l)
{
    return (unsigned)l < sizeof names / sizeof names[0] ? names[l] : "none";
}

const char *prof_licence_unit(enum prof_licence l)
{
    return l == PROF_LICENCE_SE2 ? "socket" : "processor licence";
}

const char *prof_licence_label(enum prof_licence l)
{
    return l == PROF_LICENCE_EE ? "Enterprise Edition" :
           l == PROF_LICENCE_SE2 ? "Standard Edition 2" : "no licence";
}

const struct prof_licence_rules *prof_licence_rules_of(const struct inst_profile *in)
{
    const struct prof_provider *p = prof_provider_of_instance(in);
    return p ? p->licence : NULL;
}

static int ceil_div(int a, int b)
{
    return (a + b - 1) / b;
}

int prof_licence_units(const struct inst_profile *in, enum prof_licence l, int *units,
                       char *why, size_t why_len)
{
    const struct prof_licence_rules *r = prof_licence_rules_of(in);

    *units = 0;
    if (l == PROF_LICENCE_NONE)
        return 0;
    if (!r || in->vcpus <= 0)
        return why_set(why, why_len, "%s: its vCPUs or licence rules are not known",
                       in->name);
    if (l == PROF_LICENCE_SE2) {
        if (in->vcpus > r->se2_max_vcpus)
            return why_set(why, why_len, "%d vCPUs > %d, the most SE2 may be licensed on",
                           in->vcpus, r->se2_max_vcpus);
        *units = ceil_div(in->vcpus, r->se2_vcpus_per_socket);
        return 0;
    }
    *units = ceil_div(in->vcpus, r->ee_vcpus_per_licence);
    return 0;
}
