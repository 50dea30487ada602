/*
 * advise_limits.c - what a database asks of the instance besides its I/O:
 * the instance constraints of a search and the Oracle licences its
 * instance needs (issue 37, items 2 and 3).
 *
 * Constraints, checked in this order, the first that fails named:
 *
 *   --arch             the instance's architecture (struct inst_profile
 *                      arch: EC2 from the family's name, OCI's E4/E5 Flex
 *                      x86-64).  The default is x86_64: Oracle Database
 *                      runs on x86-64 in these clouds, and an arm64
 *                      instance (AWS Graviton, OCI Ampere) would need
 *                      another database
 *   --exclude-families the family (as --families names it)
 *   --min-vcpus, --max-vcpus, --min-memory
 *                      the instance's vCPUs and memory (GiB; an OCI flex
 *                      shape's, the memory it is priced with: OCI's
 *                      default 16 GB per OCPU or --memory-per-ocpu)
 *   --licence se2      Standard Edition 2 may only be licensed on
 *                      instances of at most 8 vCPUs (licence.h)
 *
 * An instance set aside never becomes a candidate: it is not bounded
 * and not simulated (whatever volumes it carried, it stays set aside),
 * and the search lists it, with the reason, among the rejections priced
 * below the answer (advise_search.c), at the price of the instance and
 * its licences.
 *
 * Licences: units from the instance's provider rules
 * (prof_licence_units), priced at --licence-price a unit a month, the
 * product to the cent as a bill line is.  A candidate's total is
 * instance + volumes + licences, and the search orders and minimises
 * that total, so a licence per vCPU makes a smaller instance with more
 * volumes win over a bigger one bought for its EBS bandwidth.
 */
#include <stdio.h>
#include <string.h>

#include "sim/advise/advise_internal.h"
#include "sim/profiles/prices.h"            /* price_to_cents */

/* "x86_64" of --arch as the search holds it ("any" for none). */
static const char *arch_option(enum prof_arch a)
{
    return a == PROF_ARCH_UNKNOWN ? "any" : prof_arch_name(a);
}

/* The memory the reason names: "64 GiB" (EC2), "64 GB" (an OCI shape,
   whose memory is sold in GB). */
static const char *memory_unit(const struct inst_profile *in)
{
    return in->ocpus > 0 ? "GB" : "GiB";
}

int adv_limits_check(const struct adv_space_cfg *sc, const struct inst_profile *in,
                     char *why, size_t len)
{
    char fam[PROF_NAME_MAX];
    int units;
    double usd;

    if (sc->arch != PROF_ARCH_UNKNOWN && in->arch != sc->arch) {
        snprintf(why, len, "%s (--arch %s)", prof_arch_name(in->arch), arch_option(sc->arch));
        return 1;
    }
    if (adv_family_listed(sc->exclude, sc->n_exclude, in->name, fam, sizeof fam)) {
        snprintf(why, len, "family %s (--exclude-families)", fam);
        return 1;
    }
    if (sc->min_vcpus > 0 && in->vcpus < sc->min_vcpus) {
        snprintf(why, len, "%d vCPUs < --min-vcpus %d", in->vcpus, sc->min_vcpus);
        return 1;
    }
    if (sc->max_vcpus > 0 && in->vcpus > sc->max_vcpus) {
        snprintf(why, len, "%d vCPUs > --max-vcpus %d", in->vcpus, sc->max_vcpus);
        return 1;
    }
    if (sc->min_memory_gib > 0 && in->memory_gib < sc->min_memory_gib) {
        snprintf(why, len, "%g %s memory < --min-memory %g GiB", in->memory_gib,
                 memory_unit(in), sc->min_memory_gib);
        return 1;
    }
    char w[PROF_WHY_CHARS + 1];
    if (adv_licence(sc, in, &units, &usd, w, sizeof w) != 0) {
        snprintf(why, len, "%s (--licence %s)", w, prof_licence_name(sc->licence));
        return 1;
    }
    return 0;
}

int adv_licence(const struct adv_space_cfg *sc, const struct inst_profile *in, int *units,
                double *usd_month, char *why, size_t len)
{
    int rc = prof_licence_units(in, sc->licence, units, why, len);

    *usd_month = rc == 0 ? price_to_cents(*units * sc->licence_usd_month) : 0;
    return rc;
}
