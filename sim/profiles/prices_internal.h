/*
 * prices_internal.h - the price hooks of prices.c that the providers'
 * rows (sim/profiles/providers/, struct prof_provider) point at; nobody
 * else calls them.  prices.h says how a bill is made.
 */
#ifndef ASMSIM_SIM_PROFILES_PRICES_INTERNAL_H
#define ASMSIM_SIM_PROFILES_PRICES_INTERNAL_H

#include "sim/profiles/prices.h"
#include "sim/profiles/prices_table.h"

/* One volume's list price per month from the EBS list (the rows of its
   type) or OCI's (storage + VPU parts); basis as price_volume_month. */
double price_ebs_volume_month(const struct vol_profile *v, char *basis, size_t len);
double price_oci_volume_month(const struct vol_profile *v, char *basis, size_t len);

/* Instance in on bill b: priced from the EC2 list (x 730 h), or as an OCI
   flex shape (OCPU and memory parts x 744 h).  0, or -EINVAL with the
   reason (RHEL on OCI, --memory outside the shape's range or on EC2). */
int price_ec2_instance_month(const struct inst_profile *in, const struct price_opts *o,
                             struct price_bill *b, char *why, size_t why_len);
int price_oci_instance_month(const struct inst_profile *in, const struct price_opts *o,
                             struct price_bill *b, char *why, size_t why_len);

/* An EC2 type's vCPUs and memory (GiB) from the price list's columns
   (ec2_prices_us-east-1_2023-06.csv): true, or false when the list lacks
   the type (the outputs are then 0). */
bool price_ec2_size(const char *name, int *vcpus, double *memory_gib);

#endif
