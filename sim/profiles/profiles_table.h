/*
 * profiles_table.h - the EC2 instance table compiled in from
 * sim/profiles/ec2_ebs_limits_2023-06.csv.
 *
 * The definition is generated at build time by sim/profiles/csv_to_c.cmake
 * (build/generated/instances_table.c); only sim/profiles/providers/ebs.c
 * reads it.
 * Rates are the CSV's decimal MB/s at 128 KiB I/O and IOPS at 16 KiB I/O.
 */
#ifndef ASMSIM_SIM_PROFILES_TABLE_H
#define ASMSIM_SIM_PROFILES_TABLE_H

#include <stdbool.h>

struct prof_ec2_row {
    const char *name;       /* "m5.large" */
    bool burst;             /* max holds 30 min per 24 h, then baseline */
    double base_MBps;       /* decimal MB/s (10^6 B/s) */
    double max_MBps;
    double base_iops;
    double max_iops;
};

extern const struct prof_ec2_row prof_ec2_rows[];
extern const int prof_ec2_row_count;

#endif
