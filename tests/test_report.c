/*
 * test_report.c - ORION's files, the results JSON and the sweep reports,
 * from results built by hand (no engine involved).
 *
 * Golden files under tests/golden/ were written by hand from the formats
 * in report.h / DOMAIN.md and are compared byte for byte.  The directory
 * is found from __FILE__ (an absolute path under CMake).
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "sim/model/setup.h"
#include "sim/report/report.h"
#include "tests/check.h"
#include "tests/tmp_tree.h"

/* ------------------------------------------------------------ helpers */

static const char *golden_path(const char *name)
{
    static char buf[4096];
    const char *file = __FILE__;
    const char *slash = strrchr(file, '/');
    int dir_len = slash ? (int)(slash - file) + 1 : 0;

    snprintf(buf, sizeof buf, "%.*sgolden/%s", dir_len, file, name);
    return buf;
}

static char *slurp(const char *path, size_t *len_out)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, len = 0, n;

    if (f == NULL)
        return NULL;
    do {
        if (len + 4096 + 1 > cap) {
            char *nb = realloc(buf, cap = len + 8192 + 1);
            if (nb == NULL) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        n = fread(buf + len, 1, 4096, f);
        len += n;
    } while (n > 0);
    fclose(f);
    buf[len] = '\0';
    if (len_out)
        *len_out = len;
    return buf;
}

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Byte-for-byte against tests/golden/<name>; on mismatch say where. */
#define CHECK_GOLDEN(text, name)                                             \
    do {                                                                     \
        size_t glen_ = 0;                                                    \
        char *g_ = slurp(golden_path(name), &glen_);                         \
        const char *t_ = (text);                                             \
        if (g_ == NULL) {                                                    \
            CHECK_FAIL_AT("golden %s missing", golden_path(name));           \
        } else if (strlen(t_) != glen_ || memcmp(t_, g_, glen_) != 0) {      \
            size_t i_ = 0;                                                   \
            while (t_[i_] && i_ < glen_ && t_[i_] == g_[i_])                 \
                i_++;                                                        \
            CHECK_FAIL_AT("%s differs at byte %zu:\n--- got:\n%.80s\n"       \
                          "--- golden:\n%.80s", name, i_, t_ + i_, g_ + i_); \
        }                                                                    \
        free(g_);                                                            \
    } while (0)

/* Capture what a report function prints. */
struct capture {
    char *buf;
    size_t len;
    FILE *f;
};

static FILE *cap_open(struct capture *c)
{
    c->buf = NULL;
    c->len = 0;
    c->f = open_memstream(&c->buf, &c->len);
    return c->f;
}

static char *cap_close(struct capture *c)
{
    fclose(c->f);
    return c->buf;
}

static char tmp_dir[64];

static const char *make_tmp_dir(void)
{
    return tmp_tree_make(tmp_dir, sizeof tmp_dir, "test_report");
}


/* ------------------------------------------------ a run built by hand */

/* 1 disk, ORION -run simple shape: small levels 0,1,2, large levels
   0,1,2; visited (1,0) (2,0) (0,1) (0,2). */
struct fake {
    struct wl_matrix m;
    struct wl_point visit[4];
    struct sim_point_result pts[4];
    struct sim_disk_result disk[4][1];
    struct sim_run_result run;
    struct sim_setup cfg;
    struct report_meta meta;
};

static const struct dev_ops fake_model_ops = {
    .name = "model",
    .caps = DEV_CAP_VIRTUAL_CLOCK | DEV_CAP_PROVISIONED_LIMITS,
};
static const char *const fake_luns[] = {"vol0"};

static void lat(struct sim_lat_summary *l, double avg, double min, double max,
                double sd, double p50, double p90, double p99, double p999)
{
    memset(l, 0, sizeof *l);
    l->count = 100;
    l->avg_us = avg, l->min_us = min, l->max_us = max, l->stddev_us = sd;
    l->p50_us = p50, l->p90_us = p90, l->p99_us = p99, l->p999_us = p999;
}

static void fake_init(struct fake *fk)
{
    static const struct wl_point visit[4] = {{1, 0}, {2, 0}, {0, 1}, {0, 2}};

    memset(fk, 0, sizeof *fk);
    fk->m.n_small_levels = 3;
    fk->m.small_levels[0] = 0, fk->m.small_levels[1] = 1, fk->m.small_levels[2] = 2;
    fk->m.n_large_levels = 3;
    fk->m.large_levels[0] = 0, fk->m.large_levels[1] = 1, fk->m.large_levels[2] = 2;
    memcpy(fk->visit, visit, sizeof visit);
    fk->m.n_points = 4;
    fk->m.points = fk->visit;
    fk->m.orion_total_points = 5;

    for (int i = 0; i < 4; i++) {
        struct sim_point_result *p = &fk->pts[i];
        p->small = visit[i].small;
        p->large = visit[i].large;
        p->measured_s = 60;
        p->converged = true;
        p->ci_halfwidth_frac = 0.005;
        p->disks = 1;
        p->disk = fk->disk[i];
        p->limited_by = SIM_LIMIT_OFFERED_LOAD;
    }
    /* (1,0) */
    fk->pts[0].cls[WL_SMALL].iops = 2302.4;
    lat(&fk->pts[0].cls[WL_SMALL].lat, 434.25, 120.5, 2100, 88.125, 420, 510, 880, 1500);
    fk->pts[0].cls[WL_SMALL].lat.pow2[7] = 10;
    fk->pts[0].cls[WL_SMALL].lat.pow2[8] = 80;
    fk->pts[0].cls[WL_SMALL].lat.pow2[9] = 5;
    fk->pts[0].cls[WL_SMALL].lat.pow2[11] = 1;
    fk->pts[0].cls[WL_SMALL].lat.p9999_us = 2050;
    /* each direction alone (write_pct 30): ORION 11.2+'s two lines */
    lat(&fk->pts[0].cls[WL_SMALL].lat_dir[SIM_READ], 420.5, 120.5, 2100, 80.25, 410, 495, 860, 1450);
    lat(&fk->pts[0].cls[WL_SMALL].lat_dir[SIM_WRITE], 466.25, 140, 1900, 95.5, 455, 540, 910, 1520);
    fk->disk[0][0] = (struct sim_disk_result){.mbps = 18.86, .iops = 2302.4,
        .avg_lat_us = 430.5, .p99_lat_us = 870, .ios = 138144,
        .bytes = 1131675648, .errors = 0};
    /* (2,0): Maximum Small IOPS */
    fk->pts[1].cls[WL_SMALL].iops = 4398.6;
    fk->pts[1].limited_by = SIM_LIMIT_INSTANCE_MBPS;
    lat(&fk->pts[1].cls[WL_SMALL].lat, 454.5, 130, 2500, 90.5, 440, 530, 900, 1600);
    fk->pts[1].cls[WL_SMALL].lat.pow2[8] = 50;
    fk->pts[1].cls[WL_SMALL].lat.pow2[9] = 40;
    lat(&fk->pts[1].cls[WL_SMALL].lat_dir[SIM_READ], 440.25, 130, 2500, 84.75, 430, 515, 880, 1580);
    lat(&fk->pts[1].cls[WL_SMALL].lat_dir[SIM_WRITE], 488.333, 151.5, 2300, 97.25, 475, 560, 950, 1650);
    /* (0,1) */
    fk->pts[2].cls[WL_LARGE].mbps = 112.346;
    fk->pts[2].cls[WL_LARGE].iops = 857.1;
    lat(&fk->pts[2].cls[WL_LARGE].lat, 1166.75, 1.5, 9000, 300.25, 1100, 1500, 3000, 8000);
    fk->pts[2].cls[WL_LARGE].lat.pow2[0] = 3;
    fk->pts[2].cls[WL_LARGE].lat.pow2[10] = 7;
    /* (0,2): Maximum Large MBPS, wider than the 7-character field */
    fk->pts[3].cls[WL_LARGE].mbps = 12571.33;
    fk->pts[3].cls[WL_LARGE].iops = 95912.5;
    fk->pts[3].limited_by = SIM_LIMIT_INSTANCE_MBPS;
    lat(&fk->pts[3].cls[WL_LARGE].lat, 2000.5, 900, 9.5e9, 410, 1900, 2600, 3900, 7000);
    fk->pts[3].cls[WL_LARGE].lat.pow2[11] = 9;
    fk->pts[3].cls[WL_LARGE].lat.pow2[HIST_POW2_BINS - 1] = 1;

    fk->run.disks = 1;
    fk->run.matrix = &fk->m;
    fk->run.n_points = 4;
    fk->run.points = fk->pts;
    fk->run.summary = (struct sim_summary){
        .has_large = true, .has_small = true,
        .max_large_mbps = 12571.33, .max_large_at = {0, 2},
        .max_small_iops = 4398.6, .max_small_at = {2, 0},
        .min_small_lat_us = 434.25, .min_small_lat_at = {1, 0},
        .limited_by = SIM_LIMIT_INSTANCE_MBPS,
        .max_large_limit = SIM_LIMIT_INSTANCE_MBPS,
        .max_small_limit = SIM_LIMIT_INSTANCE_MBPS,
        .min_lat_limit = SIM_LIMIT_OFFERED_LOAD};
    /* large levels went past ORION's 1..1 to 2, where a limit bound */
    fk->run.levels[WL_LARGE] = (struct sim_class_levels){
        .extended = true, .orion_max = 1, .last = 2, .stop = SIM_STOP_LIMIT};
    fk->run.levels[WL_SMALL] = (struct sim_class_levels){
        .orion_max = 2, .last = 2, .stop = SIM_STOP_LIMIT};
    fk->run.wall_s = 12.5;

    struct sim_setup *c = &fk->cfg;
    c->run.disks = 1;
    c->run.layout.disks = 1;
    c->run.layout.disk_size_bytes = 134217728000ull;
    c->run.layout.striping = LAY_COARSE;
    c->run.layout.au_bytes = 1u << 20;
    c->run.layout.stripe_bytes = 1u << 20;
    c->run.layout.redundancy = LAY_EXTERNAL;
    c->run.workload.small_bytes = 8192;
    c->run.workload.large_bytes = 131072;
    c->run.workload.large_type = WL_LARGE_RAND;
    c->run.workload.write_pct = 30;
    c->run.matrix.run = WL_RUN_SIMPLE;
    c->run.matrix.matrix = WL_MATRIX_BASIC;
    c->run.matrix.num_disks = 1;
    c->run.matrix.num_small = -1;
    c->run.matrix.num_large = -1;
    c->run.point.duration_ns = 60 * SIM_NS_PER_S;
    c->run.point.ci_target = 0.01;
    c->run.point.warmup_ns = SIM_WARMUP_AUTO;
    c->run.point.stream_io = 4;
    c->run.backend = &fake_model_ops;
    snprintf(c->volume.type, sizeof c->volume.type, "gp3");
    snprintf(c->volume.spec, sizeof c->volume.spec,
             "gp3:size=125GiB,iops=4000,throughput=1000MiB/s");
    c->volume.size_bytes = 134217728000ull;
    c->volume.iops_base = c->volume.iops_burst = 4000;
    c->volume.tput_base_bytes_per_s = c->volume.tput_burst_bytes_per_s =
        1000.0 * 1048576.0;
    c->volume.price_usd_month = 50;
    snprintf(c->instance.name, sizeof c->instance.name, "m5.large");
    snprintf(c->instance.provider, sizeof c->instance.provider, "aws");
    c->instance.burst = true;
    c->instance.base_bytes_per_s = 81.25e6;
    c->instance.max_bytes_per_s = 593.75e6;
    c->instance.base_iops = 3600;
    c->instance.max_iops = 18750;
    c->instance.burst_seconds = 1800;
    c->run.burst_credit_frac = 1.0;
    c->run.seed = 42;

    fk->meta.testname = "mytest";
    snprintf(fk->meta.stamp, sizeof fk->meta.stamp, "20240501_1345");
    fk->meta.command_line = "asmsim run -testname mytest -num_disks 1";
    fk->meta.version = "0.1.0";
    fk->meta.luns = fake_luns;
    fk->meta.n_luns = 1;
}

/* --------------------------------------------------- the three lines */

static void summary_lines_should_match_orion_byte_for_byte(void)
{
    struct sim_summary s = {
        .has_large = true, .has_small = true,
        .max_large_mbps = 1571.33, .max_large_at = {0, 5},
        .max_small_iops = 58777.6, .max_small_at = {10, 0},
        .min_small_lat_us = 97.677, .min_small_lat_at = {2, 0}};
    struct capture c;

    cap_open(&c);
    report_summary_lines(c.f, &s);
    char *text = cap_close(&c);
    CHECK_STR_EQ(text,
                 "Maximum Large MBPS=1571.33 @ Small=0 and Large=5\n"
                 "Maximum Small IOPS=58778 @ Small=10 and Large=0\n"
                 "Minimum Small Latency=97.677 usecs @ Small=2 and Large=0\n");
    free(text);
}

static void summary_lines_should_leave_out_a_class_that_did_not_run(void)
{
    struct sim_summary s = {.has_large = true, .max_large_mbps = 580.5,
                            .max_large_at = {0, 8}};
    struct capture c;

    cap_open(&c);
    report_summary_lines(c.f, &s);
    char *text = cap_close(&c);
    CHECK_STR_EQ(text, "Maximum Large MBPS=580.50 @ Small=0 and Large=8\n");
    free(text);

    s = (struct sim_summary){.has_small = true, .max_small_iops = 18905.49,
                             .max_small_at = {20, 0}, .min_small_lat_us = 512,
                             .min_small_lat_at = {1, 0}};
    cap_open(&c);
    report_summary_lines(c.f, &s);
    text = cap_close(&c);
    CHECK_STR_EQ(text, "Maximum Small IOPS=18905 @ Small=20 and Large=0\n"
                       "Minimum Small Latency=512.000 usecs @ Small=1 and Large=0\n");
    free(text);
}

/* --------------------------------------------------------------- CSVs */

static char *csv_text(const struct sim_run_result *run, enum report_csv which,
                      int *rc)
{
    struct capture c;
    cap_open(&c);
    *rc = report_orion_csv(c.f, run, which);
    return cap_close(&c);
}

static void iops_csv_should_leave_unvisited_cells_blank(void)
{
    struct fake fk;
    int rc;

    fake_init(&fk);
    char *t = csv_text(&fk.run, REPORT_CSV_IOPS, &rc);
    CHECK_INT_EQ(rc, 0);
    CHECK_GOLDEN(t, "mytest_iops.csv");
    free(t);
}

static void mbps_csv_should_widen_a_value_wider_than_seven(void)
{
    struct fake fk;
    int rc;

    fake_init(&fk);
    char *t = csv_text(&fk.run, REPORT_CSV_MBPS, &rc);
    CHECK_INT_EQ(rc, 0);
    CHECK_GOLDEN(t, "mytest_mbps.csv");
    /* the widened field, exactly */
    CHECK(strstr(t, "          2,12571.33,") != NULL);
    free(t);
}

static void lat_csv_should_hold_small_average_latency(void)
{
    struct fake fk;
    int rc;

    fake_init(&fk);
    char *t = csv_text(&fk.run, REPORT_CSV_LAT, &rc);
    CHECK_INT_EQ(rc, 0);
    CHECK_GOLDEN(t, "mytest_lat.csv");
    free(t);
}

static void csv_of_a_class_that_never_ran_should_hold_only_the_header(void)
{
    struct fake fk;
    int rc;

    fake_init(&fk);
    /* small only (-run oltp): small levels 1,2, large level 0 */
    fk.m.n_small_levels = 2;
    fk.m.small_levels[0] = 1, fk.m.small_levels[1] = 2;
    fk.m.n_large_levels = 1;
    fk.run.n_points = 2;
    char *t = csv_text(&fk.run, REPORT_CSV_MBPS, &rc);
    CHECK_INT_EQ(rc, 0);
    CHECK_STR_EQ(t, "Large/Small,      1,      2\n");
    free(t);

    /* large only (-run dss): small level 0, large levels 1,2 */
    fake_init(&fk);
    fk.m.n_small_levels = 1;
    fk.m.n_large_levels = 2;
    fk.m.large_levels[0] = 1, fk.m.large_levels[1] = 2;
    fk.run.points = fk.pts + 2;
    fk.run.n_points = 2;
    t = csv_text(&fk.run, REPORT_CSV_IOPS, &rc);
    CHECK_INT_EQ(rc, 0);
    CHECK_STR_EQ(t, "Large/Small\n");
    free(t);
    t = csv_text(&fk.run, REPORT_CSV_LAT, &rc);
    CHECK_STR_EQ(t, "Large/Small\n");
    free(t);
}

static void csv_should_leave_points_an_incomplete_run_did_not_reach_blank(void)
{
    struct fake fk;
    int rc;

    fake_init(&fk);
    fk.run.n_points = 1;        /* stopped after (1,0) */
    fk.run.incomplete = true;
    char *t = csv_text(&fk.run, REPORT_CSV_IOPS, &rc);
    CHECK_INT_EQ(rc, 0);
    CHECK_STR_EQ(t, "Large/Small,      1,      2\n"
                    "          0,   2302,       \n"
                    "          1,       ,       \n"
                    "          2,       ,       \n");
    free(t);
}

/* ----------------------------------------------------- summary / hist */

static void summary_txt_should_match_the_golden_file(void)
{
    struct fake fk;
    struct capture c;

    fake_init(&fk);
    cap_open(&c);
    int rc = report_orion_summary(c.f, &fk.meta, &fk.cfg, &fk.run);
    char *t = cap_close(&c);
    CHECK_INT_EQ(rc, 0);
    CHECK_GOLDEN(t, "mytest_summary.txt");
    free(t);
}

static void summary_txt_should_say_when_a_run_is_incomplete(void)
{
    struct fake fk;
    struct capture c;

    fake_init(&fk);
    fk.run.n_points = 3;
    fk.run.incomplete = true;
    cap_open(&c);
    report_orion_summary(c.f, &fk.meta, &fk.cfg, &fk.run);
    char *t = cap_close(&c);
    CHECK(strstr(t, "\nIncomplete run: stopped after 3 of 4 points\n") != NULL);
    free(t);

    /* a point the stop cut short holds what it measured, but is not done */
    fake_init(&fk);
    fk.run.n_points = 3;
    fk.run.incomplete = true;
    fk.pts[2].incomplete = true;
    cap_open(&c);
    report_orion_summary(c.f, &fk.meta, &fk.cfg, &fk.run);
    t = cap_close(&c);
    CHECK(strstr(t, "\nIncomplete run: stopped after 2 of 4 points, 1 more cut short\n") != NULL);
    free(t);

    fake_init(&fk);
    cap_open(&c);
    report_orion_summary(c.f, &fk.meta, &fk.cfg, &fk.run);
    t = cap_close(&c);
    CHECK(strstr(t, "Incomplete") == NULL);
    free(t);
}

static void summary_txt_should_describe_sequential_streams_and_auto_duration(void)
{
    struct fake fk;
    struct capture c;

    fake_init(&fk);
    fk.cfg.run.workload.large_type = WL_LARGE_SEQ;
    fk.cfg.run.point.auto_duration = true;
    fk.cfg.run.point.warmup_bytes = 2048ull << 20;
    cap_open(&c);
    report_orion_summary(c.f, &fk.meta, &fk.cfg, &fk.run);
    char *t = cap_close(&c);
    CHECK(strstr(t, "\nIO types: small random IOs, large sequential IOs\n"
                    "Sequential stream pattern: 4 outstanding IOs per stream\n"
                    "Writes: 30%\nCache size: 2048 MB\n"
                    "Duration for each data point: auto (95% confidence "
                    "half-width under 1%)\n") != NULL);
    free(t);
}

static void hist_txt_should_list_non_empty_pow2_bins_per_point_and_class(void)
{
    struct fake fk;
    struct capture c;

    fake_init(&fk);
    cap_open(&c);
    int rc = report_orion_hist(c.f, &fk.run);
    char *t = cap_close(&c);
    CHECK_INT_EQ(rc, 0);
    CHECK_GOLDEN(t, "mytest_hist.txt");
    free(t);
}

/* ---------------------------------------------------- ORION's releases */

static void orion_version_names_should_be_the_table_rows(void)
{
    char names[64], *save = NULL;
    int n = 0;

    report_orion_version_names(names, sizeof names);
    CHECK_STR_EQ(names, "11.1, 11.2, 12.1, 12.2 or 19");
    for (char *t = strtok_r(names, ", ", &save); t; t = strtok_r(NULL, ", ", &save)) {
        if (strcmp(t, "or") == 0)
            continue;
        n++;
        if (report_orion_version(t) == NULL)
            CHECK_FAIL_AT("%s named but has no row", t);
    }
    CHECK_INT_EQ(n, 5);
    CHECK(report_orion_version("10.2") == NULL);
    CHECK(report_orion_version(NULL) == NULL);
    CHECK_STR_EQ(REPORT_ORION_OWN->name, "19");
}

/* ORION's buckets' edges are powers of two, so the power-of-two bins sum
   into them exactly: a bin at each edge lands in the bucket it opens, and
   the open bins (0: [0, 2), the last: to infinity) at the two ends. */
static void release_histogram_should_sum_pow2_bins_into_orion_buckets(void)
{
    struct fake fk;
    struct capture c;
    struct sim_lat_summary *rd;

    fake_init(&fk);
    rd = &fk.pts[1].cls[WL_SMALL].lat_dir[SIM_READ];     /* (2,0): max IOPS */
    memset(rd->pow2, 0, sizeof rd->pow2);
    rd->pow2[0] = 1;                    /* [0, 2)         -> 0 - 32 */
    rd->pow2[4] = 1;                    /* [16, 32)       -> 0 - 32 */
    rd->pow2[5] = 2;                    /* [32, 64)       -> 32 - 64 */
    rd->pow2[11] = 4;                   /* [2048, 4096)   -> 2048 - 4096 */
    rd->pow2[12] = 8;                   /* [4096, 8192)   -> the last */
    rd->pow2[HIST_POW2_BINS - 1] = 4;   /* beyond         -> the last */
    rd->count = 20;
    fk.pts[1].cls[WL_SMALL].lat_dir[SIM_WRITE].count = 0;
    memset(fk.pts[1].cls[WL_SMALL].lat_dir[SIM_WRITE].pow2, 0, sizeof rd->pow2);
    cap_open(&c);
    report_orion_results(c.f, report_orion_version("12.1"), &fk.run.summary, &fk.run);
    char *t = cap_close(&c);
    const char *table = strstr(t, "Small Read / Write Latency Histogram @ Small=2 and Large=0\n");
    CHECK(table != NULL);
    CHECK_STR_EQ(table ? strchr(table, '\n') + 1 : "",
        "Latency:                    # of IOs (read)           # of IOs (write)\n"
        "         0 -         32 us              2 ( 10.00%)              0 (  0.00%)\n"
        "        32 -         64 us              2 ( 20.00%)              0 (  0.00%)\n"
        "        64 -        128 us              0 ( 20.00%)              0 (  0.00%)\n"
        "       128 -        256 us              0 ( 20.00%)              0 (  0.00%)\n"
        "       256 -        512 us              0 ( 20.00%)              0 (  0.00%)\n"
        "       512 -       1024 us              0 ( 20.00%)              0 (  0.00%)\n"
        "      1024 -       2048 us              0 ( 20.00%)              0 (  0.00%)\n"
        "      2048 -       4096 us              4 ( 40.00%)              0 (  0.00%)\n"
        "      4096 -  268435456 us             12 (100.00%)              0 (  0.00%)\n");
    free(t);
}

/* ------------------------------------------------------ atomic writes */

static int write_hello(FILE *f, void *arg)
{
    (void)arg;
    fputs("{\"asmsim_version\": \"t\"}\n", f);  /* asmsim's own: replaceable */
    return 0;
}

static int write_then_fail(FILE *f, void *arg)
{
    (void)arg;
    fputs("half a report", f);
    return -EIO;
}

static void atomic_write_should_leave_no_file_when_the_producer_fails(void)
{
    const char *dir = make_tmp_dir();
    char path[256], why[256] = "";

    CHECK(dir != NULL);
    if (dir == NULL)
        return;
    snprintf(path, sizeof path, "%s/out.txt", dir);
    int rc = report_write_atomic(path, write_then_fail, NULL, why, sizeof why);
    CHECK_INT_EQ(rc, -EIO);
    CHECK(!file_exists(path));
    CHECK_INT_EQ(tmp_tree_count(dir), 0);        /* no temporary left */
    CHECK(strstr(why, path) != NULL);
    CHECK(strstr(why, strerror(EIO)) != NULL);

    /* an existing file is kept as it was */
    CHECK_INT_EQ(report_write_atomic(path, write_hello, NULL, why, sizeof why), 0);
    rc = report_write_atomic(path, write_then_fail, NULL, why, sizeof why);
    CHECK_INT_EQ(rc, -EIO);
    char *t = slurp(path, NULL);
    CHECK_STR_EQ(t, "{\"asmsim_version\": \"t\"}\n");
    free(t);
    CHECK_INT_EQ(tmp_tree_count(dir), 1);
    tmp_tree_remove(dir);
}

static void atomic_write_should_name_the_file_when_the_directory_is_missing(void)
{
    char why[256] = "";
    int rc = report_write_atomic("/nonexistent-dir-asmsim/x.csv", write_hello,
                                 NULL, why, sizeof why);
    CHECK_INT_EQ(rc, -ENOENT);
    CHECK(strstr(why, "/nonexistent-dir-asmsim/x.csv") != NULL);
}

static void orion_files_should_write_all_five_files(void)
{
    struct fake fk;
    const char *dir = make_tmp_dir();
    char path[512], why[256] = "";
    static const char *const suffix[] = {"summary.txt", "mbps.csv", "iops.csv",
                                         "lat.csv", "hist.txt"};

    CHECK(dir != NULL);
    if (dir == NULL)
        return;
    fake_init(&fk);
    int rc = report_orion_files(dir, NULL, &fk.meta, &fk.cfg, &fk.run, why,
                                sizeof why);
    CHECK_INT_EQ(rc, 0);
    CHECK_INT_EQ(tmp_tree_count(dir), 5);
    for (int i = 0; i < 5; i++) {
        char golden[64];
        snprintf(path, sizeof path, "%s/mytest_20240501_1345_%s", dir, suffix[i]);
        snprintf(golden, sizeof golden, "mytest_%s", suffix[i]);
        char *t = slurp(path, NULL);
        CHECK(t != NULL);
        if (t != NULL)
            CHECK_GOLDEN(t, golden);
        free(t);
    }
    tmp_tree_remove(dir);
}

static void orion_files_should_leave_nothing_when_one_file_fails(void)
{
    struct fake fk;
    const char *dir = make_tmp_dir();
    char path[512], why[256] = "";

    CHECK(dir != NULL);
    if (dir == NULL)
        return;
    fake_init(&fk);
    /* A directory where lat.csv should go makes the fourth rename fail
       after three files are already in place. */
    snprintf(path, sizeof path, "%s/mytest_20240501_1345_lat.csv", dir);
    CHECK_INT_EQ(mkdir(path, 0755), 0);
    int rc = report_orion_files(dir, NULL, &fk.meta, &fk.cfg, &fk.run, why,
                                sizeof why);
    CHECK_LT(rc, 0);
    CHECK(strstr(why, "mytest_20240501_1345_lat.csv") != NULL);
    CHECK_INT_EQ(tmp_tree_count(dir), 1);        /* only the obstacle */
    rmdir(path);
    tmp_tree_remove(dir);
}

/* -------------------------------------------------------------- JSON */

static cJSON *json_from_file(const char *path)
{
    char *t = slurp(path, NULL);
    cJSON *j = t ? cJSON_Parse(t) : NULL;
    free(t);
    return j;
}

static double num_at(const cJSON *o, const char *key)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(x) ? x->valuedouble : NAN;
}

static const char *str_at(const cJSON *o, const char *key)
{
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(x) ? x->valuestring : NULL;
}

static const cJSON *obj_at(const cJSON *o, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(o, key);
}

static void json_should_parse_back_field_by_field(void)
{
    struct fake fk;
    const char *dir = make_tmp_dir();
    char path[256], why[256] = "";

    CHECK(dir != NULL);
    if (dir == NULL)
        return;
    fake_init(&fk);
    snprintf(path, sizeof path, "%s/r.json", dir);
    CHECK_INT_EQ(report_json_write(path, &fk.meta, &fk.cfg, &fk.run, NULL, why,
                                   sizeof why), 0);
    cJSON *j = json_from_file(path);
    CHECK(j != NULL);
    if (j == NULL) {
        tmp_tree_remove(dir);
        return;
    }
    CHECK_STR_EQ(str_at(j, "asmsim_version"), "0.1.0");
    CHECK_STR_EQ(str_at(j, "testname"), "mytest");
    CHECK_STR_EQ(str_at(j, "command"), "asmsim run -testname mytest -num_disks 1");
    CHECK_STR_EQ(str_at(j, "started"), "2024-05-01T13:45");
    CHECK_NEAR_REL(num_at(j, "wall_seconds"), 12.5, 1e-12);
    CHECK(cJSON_IsFalse(obj_at(j, "incomplete")));
    CHECK(obj_at(j, "sweep") == NULL);

    const cJSON *c = obj_at(j, "config");
    CHECK_INT_EQ(num_at(c, "disks"), 1);
    CHECK_STR_EQ(str_at(c, "backend"), "model");
    const cJSON *in = obj_at(c, "instance");
    CHECK_STR_EQ(str_at(in, "name"), "m5.large");
    CHECK_STR_EQ(str_at(in, "provider"), "aws");
    CHECK(cJSON_IsTrue(obj_at(in, "burst")));
    CHECK_NEAR_REL(num_at(in, "base_mbps"), 81.25, 1e-12);
    CHECK_NEAR_REL(num_at(in, "max_mbps"), 593.75, 1e-12);
    CHECK_NEAR_REL(num_at(in, "base_iops"), 3600, 1e-12);
    CHECK_NEAR_REL(num_at(in, "max_iops"), 18750, 1e-12);
    const cJSON *v = obj_at(c, "volume");
    CHECK_STR_EQ(str_at(v, "type"), "gp3");
    CHECK_STR_EQ(str_at(v, "spec"), "gp3:size=125GiB,iops=4000,throughput=1000MiB/s");
    CHECK_NEAR_REL(num_at(v, "size_bytes"), 134217728000.0, 0);
    CHECK_NEAR_REL(num_at(v, "iops"), 4000, 0);
    CHECK_NEAR_REL(num_at(v, "iops_burst"), 4000, 0);
    CHECK_NEAR_REL(num_at(v, "throughput_mibps"), 1000, 1e-12);
    CHECK_NEAR_REL(num_at(v, "price_usd_month"), 50, 1e-12);
    const cJSON *l = obj_at(c, "layout");
    CHECK_STR_EQ(str_at(l, "striping"), lay_striping_name(LAY_COARSE));
    CHECK_STR_EQ(str_at(l, "redundancy"), lay_redundancy_name(LAY_EXTERNAL));
    CHECK_NEAR_REL(num_at(l, "au_bytes"), 1048576, 0);
    CHECK_NEAR_REL(num_at(l, "stripe_bytes"), 1048576, 0);
    CHECK_INT_EQ(num_at(l, "failgroups"), 1);
    const cJSON *w = obj_at(c, "workload");
    CHECK_INT_EQ(num_at(w, "small_bytes"), 8192);
    CHECK_INT_EQ(num_at(w, "large_bytes"), 131072);
    CHECK_STR_EQ(str_at(w, "large_type"), "rand");
    CHECK_INT_EQ(num_at(w, "stream_io"), 4);
    CHECK_INT_EQ(num_at(w, "write_pct"), 30);
    const cJSON *m = obj_at(c, "matrix");
    CHECK_STR_EQ(str_at(m, "run"), wl_run_name(WL_RUN_SIMPLE));
    CHECK_STR_EQ(str_at(m, "matrix"), wl_matrix_name(WL_MATRIX_BASIC));
    CHECK(cJSON_IsNull(obj_at(m, "num_small")));
    CHECK(cJSON_IsNull(obj_at(m, "num_large")));
    CHECK_NEAR_REL(num_at(c, "duration_s"), 60, 0);
    CHECK_NEAR_REL(num_at(c, "ci_target"), 0.01, 1e-12);
    CHECK_STR_EQ(str_at(c, "warmup"), "auto");
    CHECK_NEAR_REL(num_at(c, "burst_credits"), 1.0, 0);
    CHECK_INT_EQ(num_at(c, "seed"), 42);

    const cJSON *s = obj_at(j, "summary");
    CHECK_NEAR_REL(num_at(s, "max_large_mbps"), 12571.33, 1e-12);
    CHECK_INT_EQ(num_at(obj_at(s, "max_large_at"), "small"), 0);
    CHECK_INT_EQ(num_at(obj_at(s, "max_large_at"), "large"), 2);
    CHECK_NEAR_REL(num_at(s, "max_small_iops"), 4398.6, 1e-12);
    CHECK_INT_EQ(num_at(obj_at(s, "max_small_at"), "small"), 2);
    CHECK_NEAR_REL(num_at(s, "min_small_latency_us"), 434.25, 1e-12);
    CHECK_INT_EQ(num_at(obj_at(s, "min_small_latency_at"), "small"), 1);
    /* the percentiles at the Minimum Small Latency point, (1,0) */
    CHECK_NEAR_REL(num_at(s, "min_small_latency_p50_us"), 420, 1e-12);
    CHECK_NEAR_REL(num_at(s, "min_small_latency_p90_us"), 510, 1e-12);
    CHECK_NEAR_REL(num_at(s, "min_small_latency_p99_us"), 880, 1e-12);
    CHECK_NEAR_REL(num_at(s, "min_small_latency_p999_us"), 1500, 1e-12);
    CHECK_NEAR_REL(num_at(s, "min_small_latency_p9999_us"), 2050, 1e-12);
    CHECK_STR_EQ(str_at(s, "limited_by"), sim_limit_id(SIM_LIMIT_INSTANCE_MBPS));
    CHECK_STR_EQ(str_at(s, "max_large_limited_by"), "instance_mbps");
    CHECK_STR_EQ(str_at(s, "max_small_limited_by"), "instance_mbps");
    CHECK_STR_EQ(str_at(s, "min_small_latency_limited_by"), "offered_load");
    const cJSON *lv = obj_at(s, "levels");
    CHECK_STR_EQ(str_at(lv, "mode"), "orion");
    CHECK_INT_EQ(num_at(obj_at(lv, "large"), "orion_max"), 1);
    CHECK_INT_EQ(num_at(obj_at(lv, "large"), "last"), 2);
    CHECK(cJSON_IsTrue(obj_at(obj_at(lv, "large"), "extended")));
    CHECK_STR_EQ(str_at(obj_at(lv, "large"), "stop"), "limit");
    CHECK(cJSON_IsFalse(obj_at(obj_at(lv, "small"), "extended")));

    const cJSON *pts = obj_at(j, "points");
    CHECK_INT_EQ(cJSON_GetArraySize(pts), 4);
    const cJSON *p0 = cJSON_GetArrayItem(pts, 0);
    CHECK_INT_EQ(num_at(p0, "small"), 1);
    CHECK_INT_EQ(num_at(p0, "large"), 0);
    CHECK_NEAR_REL(num_at(p0, "iops"), 2302.4, 1e-12);
    CHECK_NEAR_REL(num_at(p0, "measured_s"), 60, 0);
    CHECK(cJSON_IsTrue(obj_at(p0, "converged")));
    CHECK_NEAR_REL(num_at(p0, "ci_halfwidth"), 0.005, 1e-12);
    CHECK_INT_EQ(num_at(p0, "errors"), 0);
    CHECK_STR_EQ(str_at(p0, "limited_by"), sim_limit_id(SIM_LIMIT_OFFERED_LOAD));
    const cJSON *sl = obj_at(p0, "small_lat_us");
    CHECK_NEAR_REL(num_at(sl, "avg"), 434.25, 1e-12);
    CHECK_NEAR_REL(num_at(sl, "min"), 120.5, 1e-12);
    CHECK_NEAR_REL(num_at(sl, "max"), 2100, 1e-12);
    CHECK_NEAR_REL(num_at(sl, "stddev"), 88.125, 1e-12);
    CHECK_NEAR_REL(num_at(sl, "p50"), 420, 1e-12);
    CHECK_NEAR_REL(num_at(sl, "p90"), 510, 1e-12);
    CHECK_NEAR_REL(num_at(sl, "p99"), 880, 1e-12);
    CHECK_NEAR_REL(num_at(sl, "p999"), 1500, 1e-12);
    CHECK_NEAR_REL(num_at(sl, "p9999"), 2050, 1e-12);
    CHECK(cJSON_IsNull(obj_at(p0, "large_lat_us")));
    /* each direction alone */
    const cJSON *sr = obj_at(p0, "small_read_lat_us"), *sw = obj_at(p0, "small_write_lat_us");
    CHECK_NEAR_REL(num_at(sr, "avg"), 420.5, 1e-12);
    CHECK_NEAR_REL(num_at(sr, "p99"), 860, 1e-12);
    CHECK_NEAR_REL(num_at(sw, "avg"), 466.25, 1e-12);
    CHECK_NEAR_REL(num_at(sw, "min"), 140, 1e-12);
    CHECK_NEAR_REL(num_at(sw, "p999"), 1520, 1e-12);
    CHECK(cJSON_IsNull(obj_at(p0, "large_read_lat_us")));
    CHECK(cJSON_IsNull(obj_at(p0, "large_write_lat_us")));
    const cJSON *d0 = cJSON_GetArrayItem(obj_at(p0, "disks"), 0);
    CHECK_INT_EQ(cJSON_GetArraySize(obj_at(p0, "disks")), 1);
    CHECK_INT_EQ(num_at(d0, "disk"), 0);
    CHECK_NEAR_REL(num_at(d0, "mbps"), 18.86, 1e-12);
    CHECK_NEAR_REL(num_at(d0, "iops"), 2302.4, 1e-12);
    CHECK_NEAR_REL(num_at(d0, "avg_lat_us"), 430.5, 1e-12);
    CHECK_NEAR_REL(num_at(d0, "p99_lat_us"), 870, 1e-12);
    const cJSON *p3 = cJSON_GetArrayItem(pts, 3);
    CHECK(cJSON_IsNull(obj_at(p3, "small_lat_us")));
    CHECK(cJSON_IsNull(obj_at(p3, "small_read_lat_us")));
    CHECK_NEAR_REL(num_at(obj_at(p3, "large_lat_us"), "max"), 9.5e9, 1e-12);
    CHECK_NEAR_REL(num_at(p3, "mbps"), 12571.33, 1e-12);
    CHECK_NEAR_REL(num_at(p3, "large_iops"), 95912.5, 1e-12);
    cJSON_Delete(j);
    tmp_tree_remove(dir);
}

static void json_summary_should_be_null_for_a_class_that_did_not_run(void)
{
    struct fake fk;
    char path[256], why[256] = "";
    const char *dir = make_tmp_dir();

    if (dir == NULL)
        return;
    fake_init(&fk);
    fk.run.summary.has_large = false;
    snprintf(path, sizeof path, "%s/r.json", dir);
    CHECK_INT_EQ(report_json_write(path, &fk.meta, &fk.cfg, &fk.run, NULL, why,
                                   sizeof why), 0);
    cJSON *j = json_from_file(path);
    const cJSON *s = obj_at(j, "summary");
    CHECK(cJSON_IsNull(obj_at(s, "max_large_mbps")));
    CHECK(cJSON_IsNull(obj_at(s, "max_large_at")));
    CHECK(cJSON_IsNumber(obj_at(s, "max_small_iops")));
    CHECK(cJSON_IsNumber(obj_at(s, "min_small_latency_p99_us")));
    cJSON_Delete(j);
    /* no small I/O: no percentiles at a minimum-latency point */
    fk.run.summary.has_small = false;
    CHECK_INT_EQ(report_json_write(path, &fk.meta, &fk.cfg, &fk.run, NULL, why,
                                   sizeof why), 0);
    j = json_from_file(path);
    s = obj_at(j, "summary");
    CHECK(cJSON_IsNull(obj_at(s, "min_small_latency_p99_us")));
    CHECK(cJSON_IsNull(obj_at(s, "min_small_latency_p9999_us")));
    cJSON_Delete(j);
    tmp_tree_remove(dir);
}

static void json_should_be_identical_for_identical_input(void)
{
    struct fake a, b;
    const char *dir = make_tmp_dir();
    char p1[256], p2[256], why[256] = "";

    if (dir == NULL)
        return;
    fake_init(&a);
    fake_init(&b);
    snprintf(p1, sizeof p1, "%s/a.json", dir);
    snprintf(p2, sizeof p2, "%s/b.json", dir);
    CHECK_INT_EQ(report_json_write(p1, &a.meta, &a.cfg, &a.run, NULL, why, sizeof why), 0);
    CHECK_INT_EQ(report_json_write(p2, &b.meta, &b.cfg, &b.run, NULL, why, sizeof why), 0);
    size_t l1 = 0, l2 = 0;
    char *t1 = slurp(p1, &l1), *t2 = slurp(p2, &l2);
    CHECK(t1 && t2 && l1 == l2 && l1 > 0 && memcmp(t1, t2, l1) == 0);
    free(t1);
    free(t2);

    /* Another wall clock changes only the top-level wall-clock fields. */
    b.run.wall_s = 99;
    snprintf(b.meta.stamp, sizeof b.meta.stamp, "20250101_0000");
    CHECK_INT_EQ(report_json_write(p2, &b.meta, &b.cfg, &b.run, NULL, why, sizeof why), 0);
    cJSON *ja = json_from_file(p1), *jb = json_from_file(p2);
    const char *keys[] = {"config", "summary", "points", "incomplete"};
    for (int i = 0; i < 4; i++)
        CHECK(cJSON_Compare(obj_at(ja, keys[i]), obj_at(jb, keys[i]), true));
    CHECK(!cJSON_Compare(obj_at(ja, "wall_seconds"), obj_at(jb, "wall_seconds"), true));
    cJSON_Delete(ja);
    cJSON_Delete(jb);
    tmp_tree_remove(dir);
}

/* ------------------------------------------------------------- sweeps */

/* A sweep of large-I/O runs: figure per disk count and binding limit. */
struct fake_sweep {
    struct sim_run_result runs[8];
    struct sim_sweep_result sw;
};

static void sweep_init(struct fake_sweep *fs, int n, const int *disks,
                       const double *figure, const enum sim_limit *limit,
                       bool large)
{
    memset(fs, 0, sizeof *fs);
    fs->sw.n_runs = n;
    for (int i = 0; i < n; i++) {
        struct sim_run_result *r = &fs->runs[i];
        r->disks = disks[i];
        r->wall_s = 1.0;
        if (large) {
            r->summary.has_large = true;
            r->summary.max_large_mbps = figure[i];
            r->summary.max_large_phys_mbps = figure[i];  /* no mirrors */
            r->summary.max_large_at = (struct wl_point){0, 2 * disks[i]};
            r->summary.max_large_limit = limit[i];
        } else {
            r->summary.has_small = true;
            r->summary.max_small_iops = figure[i];
            r->summary.max_small_phys_iops = figure[i];
            r->summary.max_small_at = (struct wl_point){5 * disks[i], 0};
            r->summary.max_small_limit = limit[i];
            r->summary.min_small_lat_us = 600;
            r->summary.min_small_lat_at = (struct wl_point){1, 0};
        }
        r->summary.limited_by = limit[i];
        fs->sw.runs[i] = r;
    }
}

static char *table_text(const struct sim_setup *cfg,
                        const struct sim_sweep_result *sw)
{
    struct capture c;
    cap_open(&c);
    report_sweep_table(c.f, cfg, sw);
    return cap_close(&c);
}

static const char *last_line(char *text)
{
    size_t n = strlen(text);
    if (n > 0 && text[n - 1] == '\n')
        text[--n] = '\0';
    char *nl = strrchr(text, '\n');
    return nl ? nl + 1 : text;
}

static void sweep_reading_should_find_where_the_instance_limit_is_reached(void)
{
    struct fake fk;
    struct fake_sweep fs;
    static const int disks[] = {1, 2, 4, 8};
    static const double mbps[] = {145.2, 290.4, 580.1, 581.0};
    static const enum sim_limit lim[] = {
        SIM_LIMIT_VOLUME_TPUT, SIM_LIMIT_VOLUME_TPUT,
        SIM_LIMIT_INSTANCE_MBPS, SIM_LIMIT_INSTANCE_MBPS};

    fake_init(&fk);             /* m5.large: 593.75 MB/s maximum */
    fk.cfg.volume.price_usd_month = 12.5;
    /* the bill of one volume: instance 70.08, volume 12.50 (prices.h) */
    fk.cfg.bill = (struct price_bill){ .has_instance = true, .instance_priced = true,
                                       .instance_usd_month = 70.08, .volume_usd_month = 12.5,
                                       .volume_list_usd_month = 12.5, .disks = 1 };
    sweep_init(&fs, 4, disks, mbps, lim, true);
    char *t = table_text(&fk.cfg, &fs.sw);
    static const char head[] =
        "disks  max large MBPS  limited by         max small IOPS  limited by"
        "         min small lat (us)  limited by         $/month (volumes)"
        "  $/month (total)\n";
    CHECK(strncmp(t, head, sizeof head - 1) == 0);
    char row[200];
    snprintf(row, sizeof row, "\n    4          580.10  %-17s               -"
                              "  -                                   -  -"
                              "                              50.00"
                              "           120.08\n",
             sim_limit_label(SIM_LIMIT_INSTANCE_MBPS));
    CHECK(strstr(t, row) != NULL);
    CHECK(strstr(t, "\n\n") != NULL);   /* blank line before the reading */
    /* 580.1 / 593.75 = 97.7 % */
    CHECK_STR_EQ(last_line(t), "4 volumes reach 98 % of the instance limit "
                               "(593.75 MB/s); more add nothing.");
    free(t);
}

/* Normal redundancy, 100 % writes: every logical byte is two physical
   ones, and the instance counts the physical.  285 MB/s logical is 570
   MB/s against 593.75: 96 %, not 48 %. */
static void sweep_reading_should_compare_physical_io_with_the_instance_limit(void)
{
    struct fake fk;
    struct fake_sweep fs;
    static const int disks[] = {1, 2, 4, 8};
    static const double mbps[] = {71, 142, 285, 285.5};
    static const enum sim_limit lim[] = {
        SIM_LIMIT_VOLUME_TPUT, SIM_LIMIT_VOLUME_TPUT,
        SIM_LIMIT_INSTANCE_MBPS, SIM_LIMIT_INSTANCE_MBPS};

    fake_init(&fk);             /* m5.large: 593.75 MB/s maximum */
    fk.cfg.run.layout.redundancy = LAY_NORMAL;
    sweep_init(&fs, 4, disks, mbps, lim, true);
    for (int i = 0; i < 4; i++)
        fs.runs[i].summary.max_large_phys_mbps = 2 * mbps[i];
    char *t = table_text(&fk.cfg, &fs.sw);
    CHECK_STR_EQ(last_line(t), "4 volumes reach 96 % of the instance limit "
                               "(593.75 MB/s of physical I/O, 2 x the logical "
                               "figure with normal redundancy); more add "
                               "nothing.");
    free(t);
}

static void sweep_reading_should_tell_offered_load_from_a_flat_curve(void)
{
    struct fake fk;
    struct fake_sweep fs;
    static const int disks[] = {1, 2};
    static const double mbps[] = {100, 200};
    static const enum sim_limit lim[] = {
        SIM_LIMIT_OFFERED_LOAD, SIM_LIMIT_OFFERED_LOAD};

    fake_init(&fk);
    sweep_init(&fs, 2, disks, mbps, lim, true);
    char *t = table_text(&fk.cfg, &fs.sw);
    CHECK_STR_EQ(last_line(t), "The offered load sets the figure (200 MB/s at 2 "
                               "volumes): no volume or instance limit binds; "
                               "raise the load levels (--levels extend, or "
                               "--num-large with --run advanced --matrix max) "
                               "to find one.");
    free(t);
    fs.runs[1].levels[WL_LARGE].stop = SIM_STOP_FLAT;
    t = table_text(&fk.cfg, &fs.sw);
    CHECK_STR_EQ(last_line(t), "The figure stops rising with more load at 200 "
                               "MB/s at 2 volumes; no volume or instance limit "
                               "is reported to bind.");
    free(t);
}

static void sweep_reading_should_say_throughput_still_rises_at_the_last_count(void)
{
    struct fake fk;
    struct fake_sweep fs;
    static const int disks[] = {2, 4, 8, 16};
    static const double mbps[] = {1800, 3600, 6900, 7300};
    static const enum sim_limit lim[] = {
        SIM_LIMIT_VOLUME_TPUT, SIM_LIMIT_VOLUME_TPUT,
        SIM_LIMIT_INSTANCE_MBPS, SIM_LIMIT_INSTANCE_MBPS};

    fake_init(&fk);
    snprintf(fk.cfg.instance.name, sizeof fk.cfg.instance.name, "r5b.24xlarge");
    fk.cfg.instance.max_bytes_per_s = 7500e6;
    fk.cfg.instance.max_iops = 260000;
    sweep_init(&fs, 4, disks, mbps, lim, true);
    char *t = table_text(&fk.cfg, &fs.sw);
    /* 6900 < 97 % of 7300, so the figure still rises at 16 */
    CHECK_STR_EQ(last_line(t), "Throughput still rises at 16 volumes: 7300 MB/s "
                               "is 97 % of the instance limit (7500 MB/s).");
    free(t);
}

static void sweep_reading_should_say_each_volume_adds_its_own_when_volume_bound(void)
{
    struct fake fk;
    struct fake_sweep fs;
    static const int disks[] = {1, 2, 4};
    static const double mbps[] = {131.07, 262.14, 524.29};
    static const enum sim_limit lim[] = {
        SIM_LIMIT_VOLUME_TPUT, SIM_LIMIT_VOLUME_TPUT, SIM_LIMIT_VOLUME_TPUT};

    fake_init(&fk);
    fk.cfg.instance.max_bytes_per_s = 7500e6;
    sweep_init(&fs, 3, disks, mbps, lim, true);
    char *t = table_text(&fk.cfg, &fs.sw);
    CHECK_STR_EQ(last_line(t), "Volume throughput binds: each volume adds its own "
                               "131.07 MB/s (524.29 MB/s at 4 volumes); the "
                               "instance limit (7500 MB/s) is not reached (7 %).");
    free(t);
}

static void sweep_reading_should_use_small_iops_when_no_run_did_large_io(void)
{
    struct fake fk;
    struct fake_sweep fs;
    static const int disks[] = {1, 2, 4, 8};
    static const double iops[] = {6990, 13980, 18740, 18745};
    static const enum sim_limit lim[] = {
        SIM_LIMIT_VOLUME_IOPS, SIM_LIMIT_VOLUME_IOPS,
        SIM_LIMIT_INSTANCE_IOPS, SIM_LIMIT_INSTANCE_IOPS};

    fake_init(&fk);             /* m5.large: 18750 IOPS maximum */
    sweep_init(&fs, 4, disks, iops, lim, false);
    char *t = table_text(&fk.cfg, &fs.sw);
    CHECK_STR_EQ(last_line(t), "4 volumes reach 100 % of the instance limit "
                               "(18750 IOPS); more add nothing.");
    free(t);
}

static void sweep_csv_should_match_the_golden_file(void)
{
    struct fake_sweep fs;
    static const int disks[] = {1, 2, 4};
    static const double mbps[] = {145.2, 290.4, 580.13};
    static const enum sim_limit lim[] = {
        SIM_LIMIT_INSTANCE_MBPS, SIM_LIMIT_INSTANCE_MBPS, SIM_LIMIT_INSTANCE_MBPS};
    const char *dir = make_tmp_dir();
    char path[256], why[256] = "";

    if (dir == NULL)
        return;
    sweep_init(&fs, 3, disks, mbps, lim, true);
    /* the first run did small I/O too; the last did nothing at all */
    fs.runs[0].summary.has_small = true;
    fs.runs[0].summary.max_small_iops = 3999.7;
    fs.runs[0].summary.max_small_at = (struct wl_point){5, 0};
    fs.runs[0].summary.min_small_lat_us = 512.125;
    fs.runs[0].summary.min_small_lat_at = (struct wl_point){1, 0};
    fs.runs[0].summary.max_small_limit = SIM_LIMIT_VOLUME_IOPS;
    fs.runs[2].summary.has_large = false;
    fs.runs[2].incomplete = true;       /* an interrupt cut it short */
    /* the first run's maximum was a burst; the second's was not */
    fs.runs[0].summary.burst[WL_LARGE] = (struct sim_class_burst){
        .drawn = true, .lasts_s = 1852.4, .has_sustained = true, .sustained = 79.02};
    fs.runs[0].summary.burst[WL_SMALL] = (struct sim_class_burst){
        .has_sustained = true, .sustained = 3999.7};
    fs.runs[1].summary.burst[WL_LARGE] = (struct sim_class_burst){
        .has_sustained = true, .sustained = 290.4};
    snprintf(path, sizeof path, "%s/mytest_sweep.csv", dir);
    struct sim_setup cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.volume.price_usd_month = 20;
    /* the cost columns: the bill of one volume (prices.h), m5.large Linux */
    cfg.bill = (struct price_bill){ .has_instance = true, .instance_priced = true,
                                    .instance_usd_month = 70.08, .volume_usd_month = 20,
                                    .volume_list_usd_month = 20, .disks = 1,
                                    .prices_list = "AWS us-east-1 2023-06 list" };
    /* the configuration columns; the spec's commas must be quoted */
    snprintf(cfg.instance.name, sizeof cfg.instance.name, "m5.large");
    snprintf(cfg.volume.spec, sizeof cfg.volume.spec,
             "gp3:size=250GiB,iops=3000,throughput=125MiB/s");
    cfg.run.layout.striping = LAY_COARSE;
    cfg.run.layout.au_bytes = 1u << 20;
    cfg.run.layout.redundancy = LAY_NORMAL;
    cfg.run.workload.write_pct = 100;
    struct report_meta meta = { .testname = "mytest" };
    snprintf(meta.stamp, sizeof meta.stamp, "20261201_120529");
    snprintf(meta.started, sizeof meta.started, "2026-12-01T12:05:29+00:00");
    CHECK_INT_EQ(report_sweep_csv(path, &meta, &cfg, &fs.sw, why, sizeof why), 0);
    char *t = slurp(path, NULL);
    CHECK(t != NULL);
    if (t != NULL)
        CHECK_GOLDEN(t, "mytest_sweep.csv");
    free(t);
    tmp_tree_remove(dir);
}

/* A sweep of 1, 2 and 4 disks, stopped in the last run, which holds the
   fake run's four points. */
static void three_run_sweep(struct fake *fk, struct fake_sweep *fs)
{
    static const int disks[] = {1, 2, 4};
    static const double mbps[] = {131.07, 262.14, 524.29};
    static const enum sim_limit lim[] = {
        SIM_LIMIT_VOLUME_TPUT, SIM_LIMIT_VOLUME_TPUT, SIM_LIMIT_VOLUME_TPUT};

    fake_init(fk);
    sweep_init(fs, 3, disks, mbps, lim, true);
    fs->runs[2].matrix = &fk->m;
    fs->runs[2].points = fk->pts;
    fs->runs[2].n_points = 4;
    fs->sw.incomplete = true;
}

/* A sweep stopped inside its last run: the note under the table counts
   the points done, and the one the stop cut short apart. */
static void stopped_sweep_should_count_a_cut_point_apart(void)
{
    struct fake fk;
    struct fake_sweep fs;

    three_run_sweep(&fk, &fs);
    fs.runs[2].incomplete = true;
    fk.pts[3].incomplete = true;
    char *t = table_text(&fk.cfg, &fs.sw);
    CHECK(t && strstr(t, "(incomplete: stopped in the 4-disk run after 3 of 4 points, 1 more "
                         "cut short; that row is partial)\n") != NULL);
    free(t);
}

/* The runs of a sweep are printed on cfg.run.jobs threads (report_json.c):
   the text is the same for any count, and it is cJSON_Print's own text
   of the document (json_print.c), read back and printed again. */
static void json_of_a_sweep_should_not_depend_on_the_threads_printing_it(void)
{
    struct fake fk;
    struct fake_sweep fs;
    char *one = NULL, *three = NULL, why[256] = "";

    three_run_sweep(&fk, &fs);
    fk.cfg.run.jobs = 1;
    CHECK_INT_EQ(report_json_text(&fk.meta, &fk.cfg, NULL, &fs.sw, &one, why, sizeof why), 0);
    fk.cfg.run.jobs = 3;
    CHECK_INT_EQ(report_json_text(&fk.meta, &fk.cfg, NULL, &fs.sw, &three, why, sizeof why), 0);
    CHECK_STR_EQ(one, three);
    cJSON *j = one ? cJSON_Parse(one) : NULL;
    char *again = j ? cJSON_Print(j) : NULL;
    CHECK_STR_EQ(again, one);
    CHECK(one != NULL && strstr(one, "\"sweep\":\t[{\n\t\t\t\"disks\":\t1,\n") != NULL);
    free(again);
    cJSON_Delete(j);
    free(one);
    free(three);
}

static void json_of_a_sweep_should_hold_every_run_and_the_last_at_top(void)
{
    struct fake fk;
    struct fake_sweep fs;
    const char *dir = make_tmp_dir();
    char path[256], why[256] = "";

    if (dir == NULL)
        return;
    three_run_sweep(&fk, &fs);
    snprintf(path, sizeof path, "%s/s.json", dir);
    CHECK_INT_EQ(report_json_write(path, &fk.meta, &fk.cfg, NULL, &fs.sw, why,
                                   sizeof why), 0);
    cJSON *j = json_from_file(path);
    CHECK(j != NULL);
    CHECK_NEAR_REL(num_at(j, "wall_seconds"), 3.0, 1e-12);
    CHECK(cJSON_IsTrue(obj_at(j, "incomplete")));
    CHECK_INT_EQ(num_at(obj_at(j, "config"), "disks"), 4);
    CHECK_INT_EQ(cJSON_GetArraySize(obj_at(obj_at(j, "config"), "sweep_disks")), 3);
    CHECK_NEAR_REL(num_at(obj_at(j, "summary"), "max_large_mbps"), 524.29, 1e-12);
    CHECK_INT_EQ(cJSON_GetArraySize(obj_at(j, "points")), 4);
    const cJSON *sw = obj_at(j, "sweep");
    CHECK_INT_EQ(cJSON_GetArraySize(sw), 3);
    const cJSON *s1 = cJSON_GetArrayItem(sw, 1);
    CHECK_INT_EQ(num_at(s1, "disks"), 2);
    CHECK_NEAR_REL(num_at(obj_at(s1, "summary"), "max_large_mbps"), 262.14, 1e-12);
    CHECK_STR_EQ(str_at(obj_at(s1, "summary"), "limited_by"),
                 sim_limit_id(SIM_LIMIT_VOLUME_TPUT));
    CHECK_INT_EQ(cJSON_GetArraySize(obj_at(s1, "points")), 0);
    CHECK(cJSON_IsFalse(obj_at(s1, "incomplete")));
    CHECK(obj_at(s1, "wall_seconds") == NULL);
    cJSON_Delete(j);
    tmp_tree_remove(dir);
}

int main(void)
{
    RUN(summary_lines_should_match_orion_byte_for_byte);
    RUN(summary_lines_should_leave_out_a_class_that_did_not_run);
    RUN(iops_csv_should_leave_unvisited_cells_blank);
    RUN(mbps_csv_should_widen_a_value_wider_than_seven);
    RUN(lat_csv_should_hold_small_average_latency);
    RUN(csv_of_a_class_that_never_ran_should_hold_only_the_header);
    RUN(csv_should_leave_points_an_incomplete_run_did_not_reach_blank);
    RUN(summary_txt_should_match_the_golden_file);
    RUN(summary_txt_should_say_when_a_run_is_incomplete);
    RUN(summary_txt_should_describe_sequential_streams_and_auto_duration);
    RUN(hist_txt_should_list_non_empty_pow2_bins_per_point_and_class);
    RUN(orion_version_names_should_be_the_table_rows);
    RUN(release_histogram_should_sum_pow2_bins_into_orion_buckets);
    RUN(atomic_write_should_leave_no_file_when_the_producer_fails);
    RUN(atomic_write_should_name_the_file_when_the_directory_is_missing);
    RUN(orion_files_should_write_all_five_files);
    RUN(orion_files_should_leave_nothing_when_one_file_fails);
    RUN(json_should_parse_back_field_by_field);
    RUN(json_summary_should_be_null_for_a_class_that_did_not_run);
    RUN(json_should_be_identical_for_identical_input);
    RUN(sweep_reading_should_find_where_the_instance_limit_is_reached);
    RUN(sweep_reading_should_compare_physical_io_with_the_instance_limit);
    RUN(sweep_reading_should_tell_offered_load_from_a_flat_curve);
    RUN(sweep_reading_should_say_throughput_still_rises_at_the_last_count);
    RUN(sweep_reading_should_say_each_volume_adds_its_own_when_volume_bound);
    RUN(sweep_reading_should_use_small_iops_when_no_run_did_large_io);
    RUN(sweep_csv_should_match_the_golden_file);
    RUN(json_of_a_sweep_should_hold_every_run_and_the_last_at_top);
    RUN(json_of_a_sweep_should_not_depend_on_the_threads_printing_it);
    RUN(stopped_sweep_should_count_a_cut_point_apart);
    return check_done();
}
