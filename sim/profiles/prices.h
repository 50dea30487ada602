/*
 * prices.h - what a simulated configuration costs a month: instance,
 * each volume, all volumes, total, from the price lists compiled in
 * (sim/profiles/prices_table.h; sources in sim/profiles/prices_SOURCES.md).
 *
 * How a bill is made:
 *   AWS instance   the EC2 list's USD/hour (Linux, or RHEL) x 730 h
 *   OCI flex shape (OCPUs x OCPU-hour + memory GB x GB-hour) x 744 h;
 *                  memory defaults to OCI's default for the shape
 *                  (price_default_memory_gb)
 *   EBS volume     storage per GB-month of its GiB (AWS bills the GiB it
 *                  provisions as "GB"), provisioned IOPS and MiB/s above
 *                  what the type includes, io2 in its three IOPS tiers
 *   OCI volume     (storage + VPU x VPU price) per GB-month, GB = 10^9 B
 *   local NVMe     comes with the instance: 0
 * 730 h is AWS's month (its calculator's), 744 h the month Oracle's
 * published totals use (prices_SOURCES.md, "OCI").  Each line of the bill
 * is rounded to the cent, as a bill's lines are: the instance, and the
 * volumes together (one usage line: 8 x st1 125 GiB is 1,000 GiB-months,
 * $45.00, not 8 x $5.63); the total is the sum of the lines (so E4.Flex
 * 8 OCPU/8 GB + 2,048 GB at 20 VPU is $157.73 + $121.86 = $279.59, as
 * Oracle's estimator shows it).
 *
 * Prices exist for one AWS region, us-east-1; OCI's list has no regions.
 */
#ifndef ASMSIM_SIM_PROFILES_PRICES_H
#define ASMSIM_SIM_PROFILES_PRICES_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "sim/profiles/profiles.h"

#define PRICE_AWS_HOURS_PER_MONTH 730.0    /* prices_SOURCES.md, "OCI" */
#define PRICE_OCI_HOURS_PER_MONTH 744.0    /* ditto */

enum price_os {
    PRICE_OS_LINUX = 0,         /* the list's Linux price; OCI's Oracle Linux */
    PRICE_OS_RHEL,              /* the EC2 list's RHEL column (AWS only) */
};

struct price_opts {
    enum price_os os;
    double memory_gb;           /* OCI flex shape's memory; 0: the shape's default */
    const char *region;         /* NULL: us-east-1 */
};

struct price_bill {
    bool has_instance;          /* an instance was given (not "none") */
    bool instance_priced;       /* false: no instance, or not in the price
                                   list (instance_basis says which) */
    double instance_usd_month;  /* 0 when not priced */
    double volume_usd_month;    /* one volume, to the cent */
    double volume_list_usd_month;   /* one volume, unrounded */
    double volumes_usd_month;   /* disks x volume_list_usd_month, to the cent */
    double total_usd_month;     /* instance + volumes (the volumes alone
                                   when the instance is not priced: see
                                   price_bill_total_known) */
    int disks;
    double hours_per_month;     /* 730 AWS, 744 OCI */
    double memory_gb;           /* OCI flex: the memory priced; AWS: the
                                   type's memory (GiB); 0 without instance */
    bool memory_default;        /* OCI flex: memory_gb is the shape's default */
    enum price_os os;
    char instance_basis[192];   /* how instance_usd_month was made, or why
                                   there is none: "m5.large RHEL $0.156/h x 730 h" */
    char volume_basis[192];     /* how volume_usd_month was made:
                                   "250 GiB x $0.08" */
    const char *prices_date;    /* "2023-06" (AWS), "2026-01" (OCI) */
    const char *prices_list;    /* "AWS us-east-1 2023-06 list", "OCI 2026-01 list" */
};

/* The bill of `disks` volumes v on instance in (NULL or "none": no
   instance).  0, or -EINVAL with the reason in why: a region we have no
   prices for, --memory on anything but an OCI flex shape or outside the
   shape's range, RHEL on OCI, disks < 1, an instance and a volume of
   different providers.  An instance with limits but no price is no error:
   instance_priced is false and instance_basis says why. */
int price_bill(const struct inst_profile *in, const struct vol_profile *v, int disks,
               const struct price_opts *o, struct price_bill *out, char *why, size_t why_len);

/* Several groups of volumes on one instance (a DATA and a REDO disk
   group): the instance once, and each group its line, its volumes
   together rounded once to the cent as a bill's usage line is (a group is
   one type, so one line; two groups of one type are two lines here where
   AWS would sum them into one: a cent may differ).  bill is the whole:
   disks all groups' volumes, volumes_usd_month the sum of the groups'
   lines, total_usd_month the instance plus that; its volume_usd_month
   and volume_list_usd_month are the first group's volume when there is
   one group (then bill is price_bill's, to the byte) and 0 with several,
   whose volume_basis names the groups ("DATA 8 x gp3, REDO 4 x io2"). */
#define PRICE_MAX_GROUPS 8
#define PRICE_GROUP_NAME_MAX 32

struct price_group {                /* the input: one group */
    const char *name;               /* for the bill's line, kept short */
    const struct vol_profile *volume;
    int disks;                      /* >= 1 */
};

struct price_group_line {           /* the output: one group's line */
    char name[PRICE_GROUP_NAME_MAX];
    char type[PROF_NAME_MAX];       /* the volume's type: "gp3" */
    char spec[128];                 /* its canonical spec */
    int disks;
    double volume_usd_month;        /* one volume, to the cent */
    double volume_list_usd_month;   /* one volume, unrounded */
    double volumes_usd_month;       /* disks x volume_list_usd_month, to the cent */
    char volume_basis[192];         /* "250 GiB x $0.08" */
};

struct price_group_bill {
    struct price_bill bill;
    int n_groups;
    struct price_group_line group[PRICE_MAX_GROUPS];
};

/* The bill of n groups (1..PRICE_MAX_GROUPS) on instance in, as above.
   0, or -EINVAL with the reason in why: price_bill's reasons for any
   group (the group named), n out of range, groups whose volumes are of
   different providers (one instance's bill is one provider's list). */
int price_bill_groups(const struct inst_profile *in, const struct price_group *groups, int n,
                      const struct price_opts *o, struct price_group_bill *out, char *why,
                      size_t why_len);

/* Whether total_usd_month is the whole bill: there is no instance, or it
   is priced. */
static inline bool price_bill_total_known(const struct price_bill *b)
{
    return !b->has_instance || b->instance_priced;
}

/* usd to the cent, half-up, exact for prices of up to 6 decimals (e.g.
   0.0255 x 730 = 18.615 -> 18.62, where round(x * 100) gives 18.61). */
double price_to_cents(double usd);
/* One volume's price as a bill multiplies it: "$5.625" when the list
   price has more than cents (st1 125 GiB x $0.045), so 8 x $5.625 reads
   as the $45.00 it makes; "$20.00" otherwise.  Returns buf. */
const char *price_unit_text(double list_usd, char *buf, size_t len);

/* disks volumes of one list price, as a bill gives them: the product,
   rounded once to the cent (12 x $295.245 = $3542.94). */
static inline double price_volumes_month(int disks, double volume_list_usd_month)
{
    return price_to_cents(disks * volume_list_usd_month);
}

/* The same bill for another number of the same volumes (a sweep's rows):
   volumes and total follow disks, the rest is b's. */
static inline struct price_bill price_bill_at(const struct price_bill *b, int disks)
{
    struct price_bill r = *b;
    r.disks = disks;
    r.volumes_usd_month = price_volumes_month(disks, b->volume_list_usd_month);
    r.total_usd_month = b->instance_usd_month + r.volumes_usd_month;
    return r;
}

/* One volume's list price per month, unrounded (vol_profile.price_usd_month;
   the resolvers of providers/ebs.c and providers/oci.c call it once the
   profile's type, size, iops, throughput and vpu are set).  Writes how it
   was made into basis when basis is not NULL. */
double price_volume_month(const struct vol_profile *v, char *basis, size_t basis_len);

/* OCI's default memory for a flex shape, GB (16 per OCPU); 0 for anything
   else. */
double price_default_memory_gb(const struct inst_profile *in);

/* 0 if region (NULL: the default) has prices, else -EINVAL and the
   reason, without the region, in why ("prices are known for us-east-1
   only"). */
int price_region_check(const char *region, char *why, size_t why_len);

/* "linux" / "rhel" (case-insensitive) -> *out: 0, or -EINVAL. */
int price_os_parse(const char *text, enum price_os *out);
const char *price_os_name(enum price_os os);   /* "linux", "rhel" */

#endif
