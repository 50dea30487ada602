/*
 * advise_limits.c - what a database asks of the instance besides its I/O:
 * the instance constraints of a search and the Oracle licences its
 * instance needs (issue 37, items 2 and 3).
 *
 * Constraints, checked in this order (those that let instances up to a
 * size or of a kind through, then those that ask a size at least), the
 * first that fails named:
 *
 *   --arch             the instance's architecture (struct inst_profile
 *                      arch: EC2 from the family's name, OCI's E4/E5 Flex
 *                      x86-64).  The default is x86_64: Oracle Database
 *                      runs on x86-64 in these clouds, and an arm64
 *                      instance (AWS Graviton, OCI Ampere) would need
 *                      another database
 *   --exclude-families the family (as --families names it)
 *   --max-vcpus        the instance's vCPUs
 *   --licence se2      Standard Edition 2 may only be licensed on
 *                      instances of at most 8 vCPUs (licence.h)
 *   --min-vcpus, --min-memory
 *                      the instance's vCPUs and memory (GiB; an OCI flex
 *                      shape's, the memory it is priced with: OCI's
 *                      default 16 GB per OCPU or --memory-per-ocpu)
 *
 * When they leave no instance of the clouds and families searched, the
 * search does not start: adv_limits_explain names the constraint no
 * instance meets, or the two that none meets together ("--licence se2
 * (at most 8 vCPUs) and --min-vcpus 16"), with the instance closest to
 * meeting them.
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
#include <math.h>
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

/* ---- the constraints, one at a time ---------------------------------
   In the order they are checked; the ones that only let instances up to
   a size (or of a kind) through come before the ones that ask a size at
   least, so that of two constraints that leave nothing together, the
   first is the one whose instances are searched for the closest to the
   second ("of the instances of at most 8 vCPUs, the most memory"). */
enum adv_limit {
    LIMIT_ARCH, LIMIT_EXCLUDE, LIMIT_MAX_VCPUS, LIMIT_LICENCE, LIMIT_MIN_VCPUS,
    LIMIT_MIN_MEMORY, LIMITS
};

/* Whether constraint k was given on the command line. */
static bool limit_given(const struct adv_space_cfg *sc, enum adv_limit k)
{
    switch (k) {
    case LIMIT_ARCH:        return sc->arch != PROF_ARCH_UNKNOWN;
    case LIMIT_EXCLUDE:     return sc->n_exclude > 0;
    case LIMIT_MAX_VCPUS:   return sc->max_vcpus > 0;
    case LIMIT_LICENCE:     return sc->licence != PROF_LICENCE_NONE;
    case LIMIT_MIN_VCPUS:   return sc->min_vcpus > 0;
    case LIMIT_MIN_MEMORY:  return sc->min_memory_gib > 0;
    default:                return false;
    }
}

/* Whether in fails constraint k: 1 with the reason in why, or 0. */
static int limit_fails(const struct adv_space_cfg *sc, const struct inst_profile *in,
                       enum adv_limit k, char *why, size_t len)
{
    char fam[PROF_NAME_MAX], w[PROF_WHY_CHARS + 1];
    int units;
    double usd;

    switch (k) {
    case LIMIT_ARCH:
        return in->arch != sc->arch &&
               snprintf(why, len, "%s (--arch %s)", prof_arch_name(in->arch),
                        arch_option(sc->arch)) >= 0;
    case LIMIT_EXCLUDE:
        return adv_family_listed(sc->exclude, sc->n_exclude, in->name, fam, sizeof fam) &&
               snprintf(why, len, "family %s (--exclude-families)", fam) >= 0;
    case LIMIT_MAX_VCPUS:
        return in->vcpus > sc->max_vcpus &&
               snprintf(why, len, "%d vCPUs > --max-vcpus %d", in->vcpus,
                        sc->max_vcpus) >= 0;
    case LIMIT_LICENCE:
        return adv_licence(sc, in, &units, &usd, w, sizeof w) != 0 &&
               snprintf(why, len, "%s (--licence %s)", w,
                        prof_licence_name(sc->licence)) >= 0;
    case LIMIT_MIN_VCPUS:
        return in->vcpus < sc->min_vcpus &&
               snprintf(why, len, "%d vCPUs < --min-vcpus %d", in->vcpus,
                        sc->min_vcpus) >= 0;
    case LIMIT_MIN_MEMORY:
        return in->memory_gib < sc->min_memory_gib &&
               snprintf(why, len, "%g %s memory < --min-memory %g GiB", in->memory_gib,
                        memory_unit(in), sc->min_memory_gib) >= 0;
    default:
        return 0;
    }
}

/* How far in is from meeting constraint k (> 0 when it fails): vCPUs or
   GiB short or over; 1 for a kind (an architecture, a family). */
static double limit_shortfall(const struct adv_space_cfg *sc, const struct inst_profile *in,
                              enum adv_limit k)
{
    const struct prof_licence_rules *r = prof_licence_rules_of(in);

    switch (k) {
    case LIMIT_MAX_VCPUS:   return in->vcpus - sc->max_vcpus;
    case LIMIT_MIN_VCPUS:   return sc->min_vcpus - in->vcpus;
    case LIMIT_MIN_MEMORY:  return sc->min_memory_gib - in->memory_gib;
    case LIMIT_LICENCE:
        return sc->licence == PROF_LICENCE_SE2 && r ? in->vcpus - r->se2_max_vcpus : 1;
    default:                return 1;
    }
}

/* The constraint as given: "--min-vcpus 16", "--licence se2 (SE2 is
   licensed on at most 8 vCPUs)". */
static void limit_name(const struct adv_space_cfg *sc, enum adv_limit k, int se2_max,
                       char *buf, size_t len)
{
    size_t n = 0;

    switch (k) {
    case LIMIT_ARCH:
        snprintf(buf, len, "--arch %s", arch_option(sc->arch));
        break;
    case LIMIT_EXCLUDE:
        n = (size_t)snprintf(buf, len, "--exclude-families ");
        for (int i = 0; i < sc->n_exclude && n < len; i++)
            n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? "," : "", sc->exclude[i]);
        break;
    case LIMIT_MAX_VCPUS:
        snprintf(buf, len, "--max-vcpus %d", sc->max_vcpus);
        break;
    case LIMIT_LICENCE:
        if (sc->licence == PROF_LICENCE_SE2 && se2_max > 0)
            snprintf(buf, len, "--licence se2 (SE2 is licensed on at most %d vCPUs)",
                     se2_max);
        else
            snprintf(buf, len, "--licence %s", prof_licence_name(sc->licence));
        break;
    case LIMIT_MIN_VCPUS:
        snprintf(buf, len, "--min-vcpus %d", sc->min_vcpus);
        break;
    case LIMIT_MIN_MEMORY:
        snprintf(buf, len, "--min-memory %g GiB", sc->min_memory_gib);
        break;
    default:
        snprintf(buf, len, "?");
    }
}

int adv_limits_check(const struct adv_space_cfg *sc, const struct inst_profile *in,
                     char *why, size_t len)
{
    for (int k = 0; k < LIMITS; k++)
        if (limit_given(sc, (enum adv_limit)k) && limit_fails(sc, in, (enum adv_limit)k, why, len))
            return 1;
    return 0;
}

/* ---- why the constraints leave nothing -------------------------------- */

/* The most vCPUs SE2 may be licensed on in any of the pool's clouds. */
static int se2_most(const struct adv_inst_aside *pool, int n_pool)
{
    int most = 0;
    for (int i = 0; i < n_pool; i++) {
        const struct prof_licence_rules *r = prof_licence_rules_of(&pool[i].p);
        if (r && r->se2_max_vcpus > most)
            most = r->se2_max_vcpus;
    }
    return most;
}

/* Whether instance in meets constraint k (one not given always does). */
static bool passes(const struct adv_space_cfg *sc, const struct inst_profile *in,
                   enum adv_limit k)
{
    char w[160];
    return !limit_given(sc, k) || !limit_fails(sc, in, k, w, sizeof w);
}

/* How far in is from meeting k: -INFINITY when it does. */
static double distance(const struct adv_space_cfg *sc, const struct inst_profile *in,
                       enum adv_limit k)
{
    return passes(sc, in, k) ? -INFINITY : limit_shortfall(sc, in, k);
}

/* Of the pool's instances that pass every constraint of `need` (bits of
   enum adv_limit), the one closest to passing `to` (one that passes it,
   if any): its index, or -1 when none passes need. */
static int closest_of(const struct adv_space_cfg *sc, const struct adv_inst_aside *pool,
                      int n_pool, unsigned need, enum adv_limit to)
{
    int best = -1;

    for (int i = 0; i < n_pool; i++) {
        bool ok = true;
        for (int k = 0; k < LIMITS && ok; k++)
            ok = !(need & (1u << k)) || passes(sc, &pool[i].p, (enum adv_limit)k);
        if (ok && (best < 0 || distance(sc, &pool[i].p, to) <
                                   distance(sc, &pool[best].p, to)))
            best = i;
    }
    return best;
}

/* The instance to name as closest to meeting `to`: of those that meet
   every other constraint, else of those that meet `also` (LIMITS: none
   asked). */
static int closest(const struct adv_space_cfg *sc, const struct adv_inst_aside *pool,
                   int n_pool, enum adv_limit to, enum adv_limit also)
{
    unsigned others = ((1u << LIMITS) - 1) & ~(1u << to);
    int c = closest_of(sc, pool, n_pool, others, to);
    return c >= 0 ? c : closest_of(sc, pool, n_pool, also == LIMITS ? 0 : 1u << also, to);
}

/* One constraint that no instance meets: named, with the closest. */
static bool explain_one(const struct adv_space_cfg *sc, const struct adv_inst_aside *pool,
                        int n_pool, char *why, size_t len)
{
    char name[96], w[160];

    for (int k = 0; k < LIMITS; k++) {
        enum adv_limit kk = (enum adv_limit)k;
        if (!limit_given(sc, kk))
            continue;
        int c = closest(sc, pool, n_pool, kk, LIMITS);
        if (c < 0 || passes(sc, &pool[c].p, kk) ||
            closest_of(sc, pool, n_pool, 1u << kk, kk) >= 0)
            continue;
        limit_name(sc, kk, se2_most(pool, n_pool), name, sizeof name);
        limit_fails(sc, &pool[c].p, kk, w, sizeof w);
        snprintf(why, len, "no instance of the clouds and families searched meets %s "
                 "(the closest, %s: %s)", name, pool[c].p.name, w);
        return true;
    }
    return false;
}

/* Two constraints that each leave instances but none together. */
static bool explain_pair(const struct adv_space_cfg *sc, const struct adv_inst_aside *pool,
                         int n_pool, char *why, size_t len)
{
    char a[96], b[96], w[160];

    for (int i = 0; i < LIMITS; i++)
        for (int j = i + 1; j < LIMITS; j++) {
            enum adv_limit ki = (enum adv_limit)i, kj = (enum adv_limit)j;
            if (!limit_given(sc, ki) || !limit_given(sc, kj) ||
                closest_of(sc, pool, n_pool, 1u << ki | 1u << kj, kj) >= 0)
                continue;
            int c = closest(sc, pool, n_pool, kj, ki);
            if (c < 0)
                continue;
            limit_name(sc, ki, se2_most(pool, n_pool), a, sizeof a);
            limit_name(sc, kj, se2_most(pool, n_pool), b, sizeof b);
            limit_fails(sc, &pool[c].p, kj, w, sizeof w);
            snprintf(why, len, "no instance of the clouds and families searched meets both "
                     "%s and %s (of those that meet the first, the closest to the second: "
                     "%s, %s)", a, b, pool[c].p.name, w);
            return true;
        }
    return false;
}

void adv_limits_explain(const struct adv_space_cfg *sc, const struct adv_inst_aside *pool,
                        int n_pool, char *why, size_t len)
{
    if (n_pool == 0 || explain_one(sc, pool, n_pool, why, len) ||
        explain_pair(sc, pool, n_pool, why, len))
        return;
    snprintf(why, len, "no instance of the clouds and families searched meets the instance "
             "constraints together, though each two of them leave some (%d set aside, "
             "e.g. %s: %s)", n_pool, pool[0].p.name, pool[0].why);
}

int adv_licence(const struct adv_space_cfg *sc, const struct inst_profile *in, int *units,
                double *usd_month, char *why, size_t len)
{
    int rc = prof_licence_units(in, sc->licence, units, why, len);

    *usd_month = rc == 0 ? price_to_cents(*units * sc->licence_usd_month) : 0;
    return rc;
}
