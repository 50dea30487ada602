/*
 * profiles_latency.c - how long a volume takes to serve one I/O that no
 * limit delays: per volume type, per direction (read, write) and, where
 * it matters, per instance platform (EC2 Nitro or Xen).
 *
 * The model (dev_model.c) draws a physical I/O's service time as
 *
 *     floor + median x exp(sigma x Z) [x tail factor] + size / xfer
 *             [+ read-after-write wait]
 *
 * (struct prof_latency, profiles.h).  The floor is the part of the path
 * no I/O beats; it is what keeps a measured minimum close to its average
 * (C10: min 0.074 ms at avg 0.095 ms, which a pure lognormal of that p99
 * cannot give).  The transfer term makes latency grow with I/O size.
 *
 * Rows are per type name, so a rule set of another date named
 * "TYPE-DATE" (a legacy profile) takes TYPE's row unless it has its own.
 * A row for a platform overrides the type's row for any platform.
 *
 * The rows are the providers' (struct prof_latency_row, each provider's
 * latency in its file of sim/profiles/providers/, with the measurement
 * or statement behind each figure); this file reads them, in the order of
 * the provider table, and names no provider.  Each row carries, per
 * direction, where it comes from, which `asmsim profiles rules` prints,
 * marking the estimates.
 *
 * Every figure says where it comes from: FITTED to a published
 * measurement (DOMAIN.md section 5, C-number; the fit is the analytic
 * mixture of the formula above, checked by tests/test_calibration.c), or
 * DERIVED from a provider statement (DOMAIN.md section 4), or KEPT from
 * the model's earlier estimate where neither exists.
 */
#include "sim/profiles/profiles_internal.h"

#include <errno.h>
#include <string.h>

static int n_latency(const struct prof_provider *p)
{
    return p->n_latency;
}

/* The row of type[0..len) on exactly platform p; NULL if none. */
static const struct prof_latency_row *row_of(const char *type, size_t len,
                                             enum prof_platform p)
{
    for (int k = 0; k < prof_provider_count(); k++) {
        const struct prof_provider *pr = prof_provider_at(k);
        for (int i = 0; i < pr->n_latency; i++) {
            const struct prof_latency_row *r = &pr->latency[i];
            if (r->platform == p && strlen(r->type) == len && strncmp(r->type, type, len) == 0)
                return r;
        }
    }
    return NULL;
}

/* The row of type[0..len) on p, else on any platform. */
static const struct prof_latency_row *row_on(const char *type, size_t len, enum prof_platform p)
{
    const struct prof_latency_row *r = p != PROF_PLATFORM_ANY ? row_of(type, len, p) : NULL;
    return r ? r : row_of(type, len, PROF_PLATFORM_ANY);
}

int prof_type_latency(const char *type, enum prof_platform p, struct prof_latency *out)
{
    const struct prof_latency_row *r = row_on(type, strlen(type), p);
    const char *dash = strrchr(type, '-');
    if (!r && dash)         /* "TYPE-DATE": an earlier rule set of TYPE */
        r = row_on(type, (size_t)(dash - type), p);
    if (!r)
        return -ENOENT;
    *out = r->lat;
    return 0;
}

void prof_volume_latency(const struct vol_profile *v, const struct inst_profile *in,
                         struct prof_latency *out)
{
    enum prof_platform p = in->platform;
    *out = v->lat;
    if (p == PROF_PLATFORM_ANY)
        return;
    const struct prof_latency_row *own = row_of(v->type, strlen(v->type), p);
    if (own)
        *out = own->lat;
}

int prof_latency_row_count(void)
{
    return prof_provider_rows(n_latency);
}

int prof_latency_row_at(int i, struct prof_latency_row *out)
{
    const struct prof_provider *p = prof_provider_row(&i, n_latency);
    if (!p)
        return -ENOENT;
    *out = p->latency[i];
    return 0;
}
