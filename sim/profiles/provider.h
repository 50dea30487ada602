/*
 * provider.h - a cloud provider as data: its volume types, size unit,
 * shapes, what the advisor enumerates of it, and its price list.
 *
 * One provider is one file of sim/profiles/providers/ (ebs.c, oci.c,
 * nvme.c), holding its volume-type catalogue (struct vol_type,
 * profiles_internal.h), the resolver that applies its rules, its latency
 * rows and its rows of the rule book (each with its source), its
 * instances (fixed types, or the limits of its flexible shapes), and one
 * struct prof_provider naming all of it; provider.c lists the providers in
 * the order `asmsim profiles` shows their types (and the rule book its
 * rules and latency rows, the instance listing its instances).  Callers
 * (advise, cost, report, the CLI) ask the table (by name, by volume, by
 * instance) instead of testing names such as "oci-" or "aws".
 *
 * local-nvme is a provider of its own with the empty name: an
 * instance-store volume attaches to any instance, and has no list price.
 */
#ifndef ASMSIM_SIM_PROFILES_PROVIDER_H
#define ASMSIM_SIM_PROFILES_PROVIDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/profiles/profiles.h"

/* The number of rows of a provider's static table, for its n_* fields. */
#define PROF_ROWS(table) ((int)(sizeof (table) / sizeof (table)[0]))

struct vol_type;
struct price_opts;
struct price_bill;

/* A family of flexible shapes ("oci-e4flex-N", N OCPUs): its name prefix,
   OCPU range, and the parts of its price. */
struct prof_shape {
    const char *prefix;         /* "oci-e4flex-" */
    const char *label;          /* "E4.Flex" */
    int ocpus_max;
    const char *ocpu_part;      /* price list part: OCPU-hour */
    const char *memory_part;    /* GB-hour */
    double memory_max_gb;       /* in all; 0: no cap known */
};

/* How Oracle Database licences are counted on a provider's instances
   (sim/profiles/licence.h does the counting; each provider's file gives
   its figures with their sources). */
struct prof_licence_rules {
    int ee_vcpus_per_licence;   /* Enterprise Edition: the vCPUs one
                                   processor licence covers */
    int se2_vcpus_per_socket;   /* Standard Edition 2: the vCPUs counted
                                   as one socket, rounded up */
    int se2_max_vcpus;          /* SE2 may be licensed on instances of
                                   at most this many vCPUs */
    const char *source;         /* the rule's document, dated */
    const char *assumed_ee;     /* what Enterprise Edition's count
                                   assumes, in words */
    const char *assumed_se2;    /* Standard Edition 2's; NULL: nothing
                                   beyond the source */
};

struct prof_provider {
    const char *name;           /* "aws", "oci"; "" attaches anywhere */
    const char *display;        /* "AWS", "OCI": reports, messages */
    const char *volume_word;    /* "EBS", "block": "an AWS EBS volume" */
    const char *volumes_name;   /* "EBS", "OCI": "EBS volumes are whole GiB" */
    const char *type_words;     /* "AWS EBS", "OCI": "an OCI volume type" */
    const char *instance_word;  /* "instance", "shape" */
    const char *attach_hint;    /* what to use instead, when an instance of
                                   this provider meets another's volume */
    const char *default_volume; /* the volume an instance of this provider
                                   gets when none is given, and that prices
                                   it in the advisor: "gp3", "oci-balanced" */
    /* Sizes are whole multiples of size_unit_bytes (0: any); decimal:
       sizes in GB and rates in MB/s, as the provider sells them (else GiB
       and MiB/s). */
    uint64_t size_unit_bytes;
    const char *size_unit;      /* "GiB", "GB" */
    bool decimal;

    const struct vol_type *types;       /* the catalogue, in listing order */
    int n_types;

    /* Service times per type and platform (profiles_latency.c reads them;
       a row for a platform overrides the type's row for any), each
       direction with its source. */
    const struct prof_latency_row *latency;
    int n_latency;

    /* Its rows of the rule book (profiles_rules.c, `asmsim profiles
       rules`): its volume types', then its instances' ("instances"), which
       the book lists after every provider's volume rules. */
    const struct prof_rule *rules;
    int n_rules;
    const struct prof_rule *instance_rules;
    int n_instance_rules;

    /* Its fixed instance types (EC2's), in listing order: how many, and
       the i-th's limits (all of inst_profile) and name; NULL: none. */
    int (*instance_count)(void);
    void (*instance_at)(int i, struct inst_profile *out);
    const char *(*instance_name)(int i);

    const struct prof_shape *shapes;    /* flexible shapes; NULL: none */
    int n_shapes;
    /* The limits of `ocpus` OCPUs of shape into out (all of it: name,
       provider, rates); profiles_instances.c has checked the OCPU range.
       The instance listing shows the first shape at listed_ocpus. */
    void (*shape_instance)(const struct prof_shape *shape, int ocpus,
                           struct inst_profile *out);
    const int *listed_ocpus;
    int n_listed_ocpus;
    int data_volumes_max;       /* per instance; 0: no limit */
    int data_volumes_max_xen;   /* on Xen, where it differs; 0: as above */

    /* The advisor's space (advise_space.c): the types it searches by
       default, the largest size it grows a volume to (0: none searched),
       the smallest it starts at, the prefix a family name may carry
       ("oci-e4flex" is family e4flex), and the instances: every listed one
       of this provider, or with shapes each shape at the OCPU ladder. */
    const char *const *advise_types;
    int n_advise_types;
    uint64_t advise_size_max_bytes;
    uint64_t advise_size_min_bytes;
    const char *family_prefix;
    const int *advise_ocpus;
    int n_advise_ocpus;

    /* Prices (prices.c): the month a bill counts, the list's date and
       name, and the hooks that price one volume (list price, unrounded,
       basis written when not NULL) and one instance. NULL: no price
       (local-nvme comes with the instance). */
    double hours_per_month;
    const char *prices_date;
    const char *prices_list;
    const char *prices_region;  /* the list's region, NULL: it has none */
    bool prices_rhel;           /* the list prices RHEL instances */
    double (*volume_month)(const struct vol_profile *v, char *basis, size_t len);
    int (*instance_month)(const struct inst_profile *in, const struct price_opts *o,
                          struct price_bill *b, char *why, size_t why_len);

    /* Oracle Database licences on its instances; NULL: none counted. */
    const struct prof_licence_rules *licence;
};

/* What a volume type takes besides size, as its spec's keys: iops and
   throughput settable, and VPUs from vpu_min to vpu_max in steps of
   vpu_step (0: none to set; an OCI level's own VPU is fixed). */
struct prof_type_keys {
    bool iops, tput;
    int vpu_min, vpu_max, vpu_step;
};

/* The keys type (a name as prof_volume_parse takes it) takes: 0, or
   -ENOENT for no such type. */
int prof_type_keys(const char *type, struct prof_type_keys *out);

/* The providers, in listing order (0 .. count - 1). */
int prof_provider_count(void);
const struct prof_provider *prof_provider_at(int i);            /* NULL past the end */
/* By name, "aws", "oci" (case-sensitive, as inst_profile.provider); NULL
   if none. */
const struct prof_provider *prof_provider_find(const char *name);
/* The provider of volume v's type; NULL for a profile of no known type. */
const struct prof_provider *prof_provider_of_volume(const struct vol_profile *v);
/* The provider of instance in; NULL for no instance ("none"). */
const struct prof_provider *prof_provider_of_instance(const struct inst_profile *in);
/* The index of p in the table (prof_provider_at(i) == p), -1 if none. */
int prof_provider_index(const struct prof_provider *p);

#endif
