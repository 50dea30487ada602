/*
 * profiles_rules.c - the rule book: every limit the model enforces, per
 * volume type and for instances, in words, with the document or the
 * measurement it comes from, so a user can see why a figure is what it is
 * and which figures to trust less (`asmsim profiles rules [TYPE]`).
 *
 * The rules are applied elsewhere (the resolvers and catalogue rows of
 * sim/profiles/providers/, profiles_instances.c, the model's buckets in
 * dev_model.c); each provider's file says them once more in a user's
 * words, in its rows of the book (struct prof_rule, with its sources
 * defined beside them).  This file reads those rows in the order of the
 * provider table, every provider's volume rules first and then their
 * instance rules, and names no provider.  What keeps the rules and their
 * words the same is tests/test_rules.c, which reproduces each document's
 * own tables and worked examples through the resolvers and the model, and
 * checks the delivered shares written in the book against the
 * catalogue's.  Latency rows are not repeated here: they are
 * printed from the providers' latency rows, each with its source.
 *
 * Basis of a rule (enum prof_basis): documented (the provider's own page),
 * measured (a published measurement, DOMAIN.md section 5 or issue 33's
 * study), derived (follows from documented rules), estimate (nothing
 * behind it but the model's earlier guess).
 */
#include "sim/profiles/profiles_internal.h"

#include <string.h>

static int n_rules(const struct prof_provider *p)
{
    return p->n_rules;
}

static int n_instance_rules(const struct prof_provider *p)
{
    return p->n_instance_rules;
}

int prof_rule_count(void)
{
    return prof_provider_rows(n_rules) + prof_provider_rows(n_instance_rules);
}

const struct prof_rule *prof_rule_at(int i)
{
    const struct prof_provider *p = prof_provider_row(&i, n_rules);
    if (p)
        return &p->rules[i];
    p = prof_provider_row(&i, n_instance_rules);   /* i is now past the volume rules */
    return p ? &p->instance_rules[i] : NULL;
}

bool prof_rule_applies(const struct prof_rule *r, const char *type)
{
    size_t len = strlen(type);
    for (const char *p = r->types; *p;) {
        size_t word = strcspn(p, " ");
        if (word == len && strncmp(p, type, len) == 0)
            return true;
        p += word;
        p += strspn(p, " ");
    }
    return false;
}

const char *prof_basis_name(enum prof_basis b)
{
    switch (b) {
    case PROF_BASIS_DOCUMENTED: return "documented";
    case PROF_BASIS_MEASURED:   return "measured";
    case PROF_BASIS_DERIVED:    return "derived";
    case PROF_BASIS_ESTIMATE:   return "estimate";
    }
    return "?";
}
