/*
 * test_awr_targets.c - a derived report as advise's targets
 * (sim/awr/awr_targets.h), each figure against the one worked by hand
 * below from the samples' derived classes (tests/test_awr.c works those);
 * MiB is 2^20 bytes, MB 10^6.
 *
 * awr_19c.txt: single-reads 2300/s 8 KiB, multi-reads 200/s 512 KiB,
 * dbwr 600/s 16 KiB, direct-writes 50/s 256 KiB, redo 300/s 24 KiB,
 * other-writes 30/s 64 KiB (65,535 B)
 *   small (<= 128 KiB): single-reads, dbwr, redo, other-writes
 *     need_iops   2300 + 600 + 300 + 30 = 3230
 *     their bytes 17.96875 + 9.375 + 7.0313 + 1.87495 = 36.25 MiB/s
 *     size        36.25 x 2^20 / 3230 = 11,768.0 B -> 23 x 512 = 11,776 B
 *   large: multi-reads, direct-writes
 *     need_mbps   (100 + 12.5) MiB/s x 1.048576 = 117.9648 MB/s
 *     size        (100 x 524,288 + 12.5 x 262,144) / 112.5 = 495,160.9 B
 *                 -> 967 x 512 = 495,104 B
 *   writes      (600 + 50 + 300 + 30) / 3480 = 28.161 % -> 28
 *   --peak 3    need_iops 9690, need_mbps 353.8944; sizes, writes the same
 *   latency     db file sequential read 412.50us; log file parallel
 *               write 780.25us (not a target)
 *
 * awr_11g.txt: single-reads 700/s 8 KiB, multi-reads 100/s of exactly
 * 128 KiB (small: "at most 128 KiB"), redo 120/s 16 KiB, dbwr 200/s
 * 8 KiB, other-writes 10/s 16 KiB
 *   need_iops   700 + 100 + 120 + 200 + 10 = 1130; no large class
 *   size        (5.46875 + 12.5 + 1.875 + 1.5625 + 0.15625) = 21.5625
 *               MiB/s x 2^20 / 1130 = 20,008.8 B -> 39 x 512 = 19,968 B
 *   writes      330 / 1130 = 29.204 % -> 29
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "source_tree.h"
#include "sim/awr/awr_derive.h"
#include "sim/awr/awr_report.h"
#include "sim/awr/awr_targets.h"

#define TOL 0.001

static struct awr_report *rep;
static struct awr_derived der;
static char why[1024];

static int load(const char *name)
{
    char rel[256], path[4096];

    snprintf(rel, sizeof rel, "tests/awr/%s", name);
    int rc = awr_report_load(source_tree_path(rel, path, sizeof path), rep, why, sizeof why);
    if (rc == 0)
        rc = awr_derive(rep, &der, why, sizeof why);
    if (rc)
        fprintf(stderr, "  %s: %s\n", name, why);
    return rc;
}

#define BIT(c) (1u << (c))

static void awr_19c_should_sum_small_and_large_classes(void)
{
    struct awr_targets t;

    CHECK_INT_EQ(load("awr_19c.txt"), 0);
    awr_targets_of(rep, &der, 1, &t);
    CHECK_NEAR_REL(t.need_iops, 3230, TOL);
    CHECK_INT_EQ(t.small_bytes, 11776);
    CHECK_NEAR_REL(t.need_mbps, 117.9648, TOL);
    CHECK_INT_EQ(t.large_bytes, 495104);
    CHECK_NEAR_REL(t.write_pct_reqs, 28.161, TOL);
    CHECK_INT_EQ(t.write_pct, 28);
    CHECK_INT_EQ(t.small_classes, BIT(AWR_CL_SINGLE_READS) | BIT(AWR_CL_DBWR) |
                                  BIT(AWR_CL_REDO) | BIT(AWR_CL_OTHER));
    CHECK_INT_EQ(t.large_classes, BIT(AWR_CL_MULTI_READS) | BIT(AWR_CL_DIRECT_WRITES));
}

static void peak_should_multiply_the_rates_only(void)
{
    struct awr_targets t;

    CHECK_INT_EQ(load("awr_19c.txt"), 0);
    awr_targets_of(rep, &der, 3, &t);
    CHECK_NEAR_REL(t.peak, 3, TOL);
    CHECK_NEAR_REL(t.need_iops, 9690, TOL);
    CHECK_NEAR_REL(t.need_mbps, 353.8944, TOL);
    CHECK_INT_EQ(t.small_bytes, 11776);
    CHECK_INT_EQ(t.large_bytes, 495104);
    CHECK_INT_EQ(t.write_pct, 28);
}

static void a_class_of_exactly_128_kib_should_be_small(void)
{
    struct awr_targets t;

    CHECK_INT_EQ(load("awr_11g.txt"), 0);
    awr_targets_of(rep, &der, 1, &t);
    CHECK_NEAR_REL(t.need_iops, 1130, TOL);
    CHECK_INT_EQ(t.small_bytes, 19968);
    CHECK(t.need_mbps == 0);
    CHECK_INT_EQ(t.large_bytes, 0);
    CHECK_INT_EQ(t.large_classes, 0);
    CHECK(t.small_classes & BIT(AWR_CL_MULTI_READS));
    CHECK_INT_EQ(t.write_pct, 29);
}

static void latency_should_be_the_sequential_read_average(void)
{
    struct awr_targets t;
    double us = 0;

    CHECK_INT_EQ(load("awr_19c.txt"), 0);
    awr_targets_of(rep, &der, 1, &t);
    CHECK_INT_EQ(awr_targets_latency(rep, &us, why, sizeof why), 0);
    CHECK_NEAR_REL(us, 412.5, TOL);
    CHECK_STR_EQ(t.seq_read.avg_text, "412.50us");
    CHECK_NEAR_REL(t.log_write.avg_us, 780.25, TOL);
    CHECK_STR_EQ(t.log_write.avg_text, "780.25us");
}

/* awr_19c.txt without its "db file sequential read" row (what
   --keep-latency keeps): refused, naming the wait events' line. */
static void a_report_without_sequential_reads_should_refuse_the_latency(void)
{
    char path[4096], *text;
    FILE *f = fopen(source_tree_path("tests/awr/awr_19c.txt", path, sizeof path), "rb");
    long n;
    double us = 0;

    if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
        !(text = malloc((size_t)n + 1)) || fread(text, 1, (size_t)n, f) != (size_t)n)
        abort();
    fclose(f);
    text[n] = '\0';
    char *row = strstr(text, "db file sequential read");
    CHECK(row != NULL);
    memcpy(row, "db file zzzzzzzzzz read", 23);
    CHECK_INT_EQ(awr_report_parse(text, (size_t)n, rep, why, sizeof why), 0);
    CHECK_INT_EQ(awr_targets_latency(rep, &us, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "65: Foreground Wait Events: no \"db file sequential read\"") == why);
    free(text);
}

int main(void)
{
    rep = awr_report_new();
    if (!rep)
        return 1;
    RUN(awr_19c_should_sum_small_and_large_classes);
    RUN(peak_should_multiply_the_rates_only);
    RUN(a_class_of_exactly_128_kib_should_be_small);
    RUN(latency_should_be_the_sequential_read_average);
    RUN(a_report_without_sequential_reads_should_refuse_the_latency);
    free(rep);
    return check_done();
}
