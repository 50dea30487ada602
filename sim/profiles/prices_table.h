/*
 * prices_table.h - the price lists compiled in from the CSVs of
 * sim/profiles/ (copies of ../shared/data/prices/, sources and caveats in
 * sim/profiles/prices_SOURCES.md):
 *   ec2_prices_us-east-1_2023-06.csv   EC2 on-demand, Linux and RHEL
 *   ec2_unpriced_us-east-1.csv         instances with limits but no price
 *   ebs_prices_us-east-1_2023-06.csv   EBS storage, IOPS, throughput
 *   oci_prices.csv                     OCI compute and block volumes
 *
 * The definitions are generated at build time by
 * sim/profiles/prices_to_c.cmake (build/generated/prices_table.c); only
 * sim/profiles/prices.c reads them.
 */
#ifndef ASMSIM_SIM_PROFILES_PRICES_TABLE_H
#define ASMSIM_SIM_PROFILES_PRICES_TABLE_H

/* The lists' region and dates, "YYYY-MM": AWS from the EC2 file's name,
   OCI the latest as_of of its rows; and both as the bills name them
   ("AWS us-east-1 2023-06 list", "OCI 2026-01 list"). */
extern const char price_aws_region[];
extern const char price_aws_date[];
extern const char price_aws_list[];
extern const char price_oci_date[];
extern const char price_oci_list[];

struct price_ec2_row {
    const char *name;           /* "m5.large" */
    double vcpus;
    double memory_gib;
    double linux_usd_hour;
    double rhel_usd_hour;
};

struct price_unpriced_row {
    const char *name;
    const char *reason;         /* why the list has no price for it */
};

enum price_component {
    PRICE_STORAGE,              /* per GB-month of size */
    PRICE_IOPS,                 /* per provisioned IOPS-month */
    PRICE_THROUGHPUT,           /* per provisioned MiB/s-month */
    PRICE_IO_REQUESTS,          /* per 1M requests (magnetic; not used) */
};

/* One price of an EBS volume type: usd per unit of the quantity in
   (from, upto], e.g. gp3 IOPS above the 3000 included: from 3000, upto
   INFINITY; io2's second IOPS tier: from 32000, upto 64000. */
struct price_ebs_row {
    const char *type;           /* "gp3" */
    enum price_component component;
    double from, upto;
    const char *unit;           /* the CSV's: "GB-month", "IOPS-month" */
    double usd;
};

struct price_oci_row {
    const char *part;           /* Oracle part number, "B93113" */
    const char *item;           /* "Compute - Standard - E4 - OCPU (...)" */
    const char *unit;           /* "OCPU-hour", "GB-month", ... */
    double usd;
};

extern const struct price_ec2_row price_ec2_rows[];
extern const int price_ec2_row_count;
extern const struct price_unpriced_row price_unpriced_rows[];
extern const int price_unpriced_row_count;
extern const struct price_ebs_row price_ebs_rows[];
extern const int price_ebs_row_count;
extern const struct price_oci_row price_oci_rows[];
extern const int price_oci_row_count;

#endif
