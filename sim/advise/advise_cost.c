/*
 * advise_cost.c - the one place the advisor learns what a candidate
 * costs: the monthly price of an instance and of one volume, both from
 * price_bill() (sim/profiles/prices.h: the compiled EC2, EBS and OCI
 * lists, AWS at 730 h a month, OCI at 744 h).
 *
 * A candidate's total is instance + disks x one volume, the lines of the
 * bill price_bill() makes for it: the instance to the cent, the volumes
 * as disks x the volume's unrounded list price, then to the cent
 * (price_volumes_month: st1 6561 GiB x $0.045 = $295.245 a volume, 12 of
 * them $3542.94, not 12 x $295.25), so the advisor's totals are `asmsim
 * cost`'s.  An instance the list does not price is not a candidate.
 * OCI flex shapes are priced with memory_per_ocpu_gb GB per OCPU, or
 * OCI's default for the shape.
 */
#include <stdio.h>
#include <string.h>

#include "sim/advise/advise_internal.h"
#include "sim/profiles/prices.h"

static struct price_opts opts_of(const struct inst_profile *in,
                                 const struct adv_space_cfg *sc)
{
    struct price_opts o = { sc->os == ADV_OS_RHEL ? PRICE_OS_RHEL : PRICE_OS_LINUX,
                            0, NULL };

    if (in && in->ocpus > 0 && sc->memory_per_ocpu_gb > 0)
        o.memory_gb = sc->memory_per_ocpu_gb * in->ocpus;
    return o;
}

bool adv_cost_instance(const struct inst_profile *in, const struct adv_space_cfg *sc,
                       double *usd_month)
{
    const struct prof_provider *p = prof_provider_of_instance(in);
    struct price_opts o = opts_of(in, sc);
    struct vol_profile ref;
    struct price_bill b;
    char why[256];

    /* priced beside the provider's default volume (any of its volumes
       would do: the instance's line of the bill is the same) */
    if (!p || !p->default_volume ||
        prof_volume_parse(p->default_volume, &ref, why, sizeof why) != 0 ||
        price_bill(in, &ref, 1, &o, &b, why, sizeof why) != 0 || !b.instance_priced)
        return false;
    *usd_month = b.instance_usd_month;
    return true;
}

bool adv_cost_volume(const struct vol_profile *v, const struct adv_space_cfg *sc,
                     double *usd_month)
{
    struct price_opts o = opts_of(NULL, sc);
    struct price_bill b;
    char why[256];

    o.os = PRICE_OS_LINUX;      /* no instance: the OS prices nothing */
    if (price_bill(NULL, v, 1, &o, &b, why, sizeof why) != 0)
        return false;
    *usd_month = b.volume_list_usd_month;
    return true;
}

double adv_cost_total(double instance_usd_month, int disks, double volume_usd_month)
{
    return instance_usd_month + price_volumes_month(disks, volume_usd_month);
}

void adv_cost_lists(unsigned clouds, char *buf, size_t len)
{
    size_t n = 0;

    buf[0] = '\0';
    for (int c = 0; c < ADV_MAX_CLOUDS && n < len; c++) {
        const struct prof_provider *p = adv_cloud_provider(c);
        if (p && (clouds & (1u << c)) && p->prices_list)
            n += (size_t)snprintf(buf + n, len - n, "%s%s (%.0f h/month)", n ? ", " : "",
                                  p->prices_list, p->hours_per_month);
    }
}
