/*
 * provider.c - the provider table (provider.h): which providers there
 * are, in the order `asmsim profiles` lists their volume types, and the
 * lookups by name, by volume and by instance.
 *
 * Adding a provider is a file of sim/profiles/providers/ that defines its
 * struct prof_provider, and one row here (docs/development.md).
 */
#include "sim/profiles/profiles_internal.h"

#include <string.h>

static const struct prof_provider *const providers[] = {
    &prof_provider_ebs,
    &prof_provider_oci,
    &prof_provider_nvme,
};
#define N_PROVIDERS ((int)(sizeof providers / sizeof providers[0]))

int prof_provider_count(void)
{
    return N_PROVIDERS;
}

const struct prof_provider *prof_provider_at(int i)
{
    return i >= 0 && i < N_PROVIDERS ? providers[i] : NULL;
}

int prof_provider_index(const struct prof_provider *p)
{
    for (int i = 0; i < N_PROVIDERS; i++)
        if (providers[i] == p)
            return i;
    return -1;
}

const struct prof_provider *prof_provider_find(const char *name)
{
    for (int i = 0; name && i < N_PROVIDERS; i++)
        if (strcmp(providers[i]->name, name) == 0)
            return providers[i];
    return NULL;
}

const struct prof_provider *prof_provider_of_volume(const struct vol_profile *v)
{
    const struct vol_type *ty = v ? prof_find_type(v->type, strnlen(v->type, sizeof v->type))
                                  : NULL;
    return ty ? ty->provider : NULL;
}

const struct prof_provider *prof_provider_of_instance(const struct inst_profile *in)
{
    return in && in->provider[0] ? prof_provider_find(in->provider) : NULL;
}

const struct prof_provider *prof_provider_row(int *i, int (*count)(const struct prof_provider *p))
{
    for (int k = 0; *i >= 0 && k < N_PROVIDERS; k++) {
        int n = count(providers[k]);
        if (*i < n)
            return providers[k];
        *i -= n;
    }
    return NULL;
}

static int n_types(const struct prof_provider *p)
{
    return p->n_types;
}

const struct vol_type *prof_type_at(int i)
{
    const struct prof_provider *p = prof_provider_row(&i, n_types);
    return p ? &p->types[i] : NULL;
}

int prof_provider_rows(int (*count)(const struct prof_provider *p))
{
    int n = 0;
    for (int k = 0; k < N_PROVIDERS; k++)
        n += count(providers[k]);
    return n;
}

int prof_volume_type_count(void)
{
    return prof_provider_rows(n_types);
}
