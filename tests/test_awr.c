/*
 * test_awr.c - the AWR and Statspack reader (sim/awr/awr_report.h) and the
 * derivation (awr_derive.h) on the invented sample reports of tests/awr/,
 * each derived figure against the value worked out by hand below (within
 * 1 %), and bad inputs: each refused with a reason naming its line and
 * section.
 *
 * The samples' figures (E: elapsed seconds, B: 8192-byte blocks; MB is
 * 2^20 bytes):
 *
 * awr_19c.txt and awr_19c.html (the same figures), E = 60.00 min = 3600 s
 *   physical read total IO requests 9,000,000, multi block 720,000,
 *   read total bytes 445,317,120,000; write total IO requests 3,528,000,
 *   write total bytes 116,195,328,000; IOStat: LGWR 300.0 w/s 7.0313M,
 *   DBWR 600.0 w/s 9.375M, Direct Writes 50.0 w/s 12.5M.
 *   single-reads  (9,000,000 - 720,000) / 3600 = 2300.0/s,
 *                 x 8192 B = 17.96875 MB/s
 *   multi-reads   720,000 / 3600 = 200.0/s; bytes 445,317,120,000 -
 *                 8,280,000 x 8192 = 377,487,360,000 = 524,288 B each,
 *                 100.0 MB/s
 *   redo 300.0/s 7.0313 MB/s (24,576 B); dbwr 600.0/s 9.375 MB/s
 *   (16,384 B); direct-writes 50.0/s 12.5 MB/s (262,144 B)
 *   other-writes  3,528,000 / 3600 = 980.0 - 950.0 = 30.0/s;
 *                 116,195,328,000 / 3600 / 2^20 = 30.78125 - 28.9063 =
 *                 1.87495 MB/s (65,535 B)
 *   reads 2500.0/s 117.96875 MB/s, writes 980.0/s 30.78125 MB/s;
 *   write share 30.78125 / 148.75 = 20.693 % of bytes, 980 / 3480 =
 *   28.161 % of requests
 *
 * awr_11g.txt, E = 30.00 min = 1800 s (no IO Profile; IOStat Avg Tm(ms))
 *   reads total 1,440,000, multi 180,000, bytes 33,914,880,000; writes
 *   594,000, bytes 6,782,976,000; LGWR 120.0 1.875M, DBWR 200.0 1.5625M,
 *   no Direct Writes row
 *   single 1,260,000 / 1800 = 700.0/s, 5.46875 MB/s
 *   multi 100.0/s; 33,914,880,000 - 1,260,000 x 8192 = 23,592,960,000
 *         = 131,072 B each, 12.5 MB/s
 *   redo 120/s 1.875 MB/s (16,384 B), dbwr 200/s 1.5625 (8,192 B),
 *   direct-writes none, other 330 - 320 = 10/s, 3.59375 - 3.4375 =
 *   0.15625 MB/s (16,384 B)
 *   share 3.59375 / 21.5625 = 16.667 % of bytes, 330 / 1130 = 29.204 %
 *
 * awr_rac_inst2.txt (instance 2 of 2), E = 15.00 min = 900 s
 *   reads 1,800,000, multi 90,000, bytes 108,380,160,000; writes
 *   1,278,000, bytes 10,616,832,000; LGWR 400.0 3.125M, DBWR 1000.0
 *   7.8125M
 *   single 1,710,000 / 900 = 1900.0/s, 14.84375 MB/s
 *   multi 100.0/s; 108,380,160,000 - 1,710,000 x 8192 = 94,371,840,000
 *         = 1,048,576 B each, 100.0 MB/s
 *   redo 400/s (8,192 B), dbwr 1000/s (8,192 B), other 1420 - 1400 =
 *   20/s, 11.25 - 10.9375 = 0.3125 MB/s (16,384 B)
 *   share 11.25 / 126.09375 = 8.922 % of bytes, 1420 / 3420 = 41.520 %
 *
 * statspack_10g.txt, E = 20.00 min = 1200 s (no IOStat: redo is "redo
 * writes" and "redo size", the rest of the writes one class)
 *   reads 600,000, multi 60,000, bytes 8,355,840,000; writes 240,000,
 *   bytes 2,516,582,400; redo writes 72,000, redo size 1,258,291,200
 *   single 540,000 / 1200 = 450.0/s, 3.515625 MB/s
 *   multi 50.0/s; 8,355,840,000 - 4,423,680,000 = 3,932,160,000 =
 *         65,536 B each, 3.125 MB/s
 *   redo 72,000 / 1200 = 60.0/s, 1,258,291,200 / 1200 = 1.0 MB/s
 *         (17,476.3 B)
 *   data-writes 200 - 60 = 140/s, 2.0 - 1.0 = 1.0 MB/s (7,489.8 B)
 *   share 2.0 / 8.640625 = 23.146 % of bytes, 200 / 700 = 28.571 %
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sim/awr/awr_derive.h"
#include "sim/awr/awr_report.h"
#include "sim/awr/awr_workload.h"

#define TOL 0.01
#define MIB (1024.0 * 1024.0)

static struct awr_report *rep;
static struct awr_derived der;
static char why[1024];

static void sample_path(const char *name, char *buf, size_t len)
{
    const char *slash = strrchr(__FILE__, '/');
    int dir_len = slash ? (int)(slash - __FILE__) : 1;

    snprintf(buf, len, "%.*s/awr/%s", dir_len, slash ? __FILE__ : ".", name);
}

static char *sample_text(const char *name)
{
    char path[4096];
    FILE *f;
    long n;
    char *buf;

    sample_path(name, path, sizeof path);
    f = fopen(path, "rb");
    if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
        abort();
    buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
        abort();
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* The 1-based line of the first line that contains s. */
static int line_of(const char *text, const char *s)
{
    const char *at = strstr(text, s);
    int line = 1;

    if (!at)
        return -1;
    for (const char *c = text; c < at; c++)
        line += *c == '\n';
    return line;
}

static int load(const char *name)
{
    char path[4096];

    sample_path(name, path, sizeof path);
    int rc = awr_report_load(path, rep, why, sizeof why);
    if (rc)
        fprintf(stderr, "  %s: %s\n", name, why);
    if (rc == 0 && (rc = awr_derive(rep, &der, why, sizeof why)))
        fprintf(stderr, "  %s: derive: %s\n", name, why);
    return rc;
}

static void check_class(enum awr_class c, double iops, double mibps, double bytes)
{
    CHECK_NEAR_REL(der.cls[c].iops, iops, TOL);
    CHECK_NEAR_REL(der.cls[c].mibps, mibps, TOL);
    CHECK_NEAR_REL(der.cls[c].avg_bytes, bytes, TOL);
}

static void check_totals(double rd, double rd_mib, double wr, double wr_mib,
                         double pct_bytes, double pct_reqs)
{
    CHECK_NEAR_REL(der.read_iops, rd, TOL);
    CHECK_NEAR_REL(der.read_mibps, rd_mib, TOL);
    CHECK_NEAR_REL(der.write_iops, wr, TOL);
    CHECK_NEAR_REL(der.write_mibps, wr_mib, TOL);
    CHECK_NEAR_REL(der.write_pct_bytes, pct_bytes, TOL);
    CHECK_NEAR_REL(der.write_pct_reqs, pct_reqs, TOL);
}

static void check_19c_figures(void)
{
    CHECK_NEAR_REL(der.elapsed_s, 3600, TOL);
    CHECK_NEAR_REL(der.block_bytes, 8192, TOL);
    check_class(AWR_CL_SINGLE_READS, 2300, 17.96875, 8192);
    check_class(AWR_CL_MULTI_READS, 200, 100, 524288);
    check_class(AWR_CL_REDO, 300, 7.0313, 24576);
    check_class(AWR_CL_DBWR, 600, 9.375, 16384);
    check_class(AWR_CL_DIRECT_WRITES, 50, 12.5, 262144);
    check_class(AWR_CL_OTHER, 30, 1.87495, 65535);
    check_totals(2500, 117.96875, 980, 30.78125, 20.693, 28.161);
    CHECK_STR_EQ(der.cls[AWR_CL_DBWR].name, "dbwr");
    CHECK_INT_EQ(der.n_checks, 7);
}

static void awr_19c_text_should_derive_the_hand_worked_figures(void)
{
    char *text = sample_text("awr_19c.txt");

    CHECK_INT_EQ(load("awr_19c.txt"), 0);
    CHECK_INT_EQ(rep->kind, AWR_KIND_TEXT);
    CHECK_STR_EQ(rep->db_name, "SALESDB");
    CHECK_STR_EQ(rep->instance, "salesdb");
    CHECK_STR_EQ(rep->release, "19.0.0.0.0");
    CHECK_STR_EQ(rep->host, "ora-sales-01");
    CHECK_STR_EQ(rep->begin_time, "14-Mar-24 10:00:02");
    CHECK_INT_EQ(rep->begin_snap.v, 4410);
    CHECK_INT_EQ(rep->end_snap.v, 4411);
    CHECK_INT_EQ(rep->rac.v, 0);
    check_19c_figures();
    /* the cut name matched by prefix, with its line */
    const struct awr_stat *m = awr_stat_find(rep, "physical read total multi block requests");
    CHECK(m && m->cut);
    CHECK_INT_EQ(m ? m->line : 0, line_of(text, "physical read total multi block "));
    /* a name that is only a prefix of another is not that other */
    const struct awr_stat *pr = awr_stat_find(rep, "physical reads");
    CHECK(pr && !strcmp(pr->name, "physical reads"));
    CHECK(awr_stat_find(rep, "physical reads direct temporary tablespace") == NULL);
    /* the Load Profile's application rows and the IO Profile */
    CHECK_NEAR_REL(rep->load[AWR_LOAD_READ_REQS].v, 2460, TOL);
    CHECK_NEAR_REL(rep->ioprof[AWR_IOP_TOTAL_REQS].w.v, 980, TOL);
    /* the redo write size histogram: 8 buckets (4KB .. 256KB and inf) */
    CHECK_INT_EQ(der.n_redo_buckets, 8);
    CHECK_NEAR_REL(der.redo_bucket[0].count, 189000, TOL);
    CHECK_INT_EQ(der.redo_bucket[7].upto_kib, 0);
    CHECK_NEAR_REL(der.redo_bytes_s, 3500000, TOL);
    CHECK_NEAR_REL(der.redo_calls_s, 150, TOL);
    /* wait events, in their printed unit */
    CHECK_NEAR_REL(rep->events[AWR_EV_SEQ_READ].avg_us, 412.5, TOL);
    CHECK_STR_EQ(rep->events[AWR_EV_SEQ_READ].avg_text, "412.50us");
    CHECK_NEAR_REL(rep->events[AWR_EV_LOG_PAR_WRITE].avg_us, 780.25, TOL);
    CHECK_INT_EQ(rep->events[AWR_EV_LOG_PAR_WRITE].from, AWR_SEC_BG_EVENTS);
    CHECK_NEAR_REL(rep->events[AWR_EV_DIRECT_READ].avg_us, 2100, TOL);
    free(text);
}

static void awr_19c_html_should_derive_what_its_text_twin_does(void)
{
    CHECK_INT_EQ(load("awr_19c.html"), 0);
    CHECK_INT_EQ(rep->kind, AWR_KIND_HTML);
    CHECK_STR_EQ(rep->db_name, "WEBSHOP");
    CHECK_STR_EQ(rep->instance, "webshop");
    CHECK_STR_EQ(rep->host, "shop-db-07");
    CHECK_STR_EQ(rep->end_time, "09-Apr-24 21:00:03");
    CHECK_INT_EQ(rep->inst_num.v, 1);
    check_19c_figures();
    CHECK_INT_EQ(rep->n_funcs, 7);      /* not the Function/Filetype rows */
    CHECK_NEAR_REL(rep->events[AWR_EV_LOG_SYNC].avg_us, 1200, TOL);
    CHECK(rep->stats[0].line > 0);
}

static void awr_11g_text_should_read_blocks_and_avg_tm_ms(void)
{
    CHECK_INT_EQ(load("awr_11g.txt"), 0);
    CHECK_STR_EQ(rep->release, "11.2.0.4.0");
    CHECK_INT_EQ(rep->ioprof[AWR_IOP_TOTAL_REQS].r.line, 0);    /* none in 11.2 */
    CHECK_NEAR_REL(rep->load[AWR_LOAD_READ_BLOCKS].v, 2300, TOL);
    CHECK_INT_EQ(rep->load[AWR_LOAD_READ_REQS].line, 0);
    check_class(AWR_CL_SINGLE_READS, 700, 5.46875, 8192);
    check_class(AWR_CL_MULTI_READS, 100, 12.5, 131072);
    check_class(AWR_CL_REDO, 120, 1.875, 16384);
    check_class(AWR_CL_DBWR, 200, 1.5625, 8192);
    check_class(AWR_CL_OTHER, 10, 0.15625, 16384);
    CHECK_INT_EQ(der.cls[AWR_CL_DIRECT_WRITES].iops, 0);
    check_totals(800, 17.96875, 330, 3.59375, 16.667, 29.204);
    /* a bare average in the (ms) column */
    CHECK_NEAR_REL(rep->events[AWR_EV_SEQ_READ].avg_us, 5000, TOL);
    CHECK_STR_EQ(rep->events[AWR_EV_SEQ_READ].avg_text, "5 ms");
    CHECK_INT_EQ(der.n_checks, 2);      /* IOStat TOTAL, reads and writes */
}

static void rac_instance_report_should_be_read_as_its_instance(void)
{
    CHECK_INT_EQ(load("awr_rac_inst2.txt"), 0);
    CHECK_INT_EQ(rep->rac.v, 1);
    CHECK_INT_EQ(rep->inst_num.v, 2);
    CHECK_STR_EQ(rep->instance, "billing2");
    CHECK_NEAR_REL(der.elapsed_s, 900, TOL);
    check_class(AWR_CL_SINGLE_READS, 1900, 14.84375, 8192);
    check_class(AWR_CL_MULTI_READS, 100, 100, 1048576);
    check_class(AWR_CL_REDO, 400, 3.125, 8192);
    check_class(AWR_CL_DBWR, 1000, 7.8125, 8192);
    check_class(AWR_CL_OTHER, 20, 0.3125, 16384);
    check_totals(2000, 114.84375, 1420, 11.25, 8.922, 41.520);
}

static void statspack_should_derive_without_iostat(void)
{
    CHECK_INT_EQ(load("statspack_10g.txt"), 0);
    CHECK_INT_EQ(rep->kind, AWR_KIND_STATSPACK);
    CHECK_STR_EQ(rep->db_name, "LEGACY");
    CHECK_STR_EQ(rep->host, "oldbox");
    CHECK_INT_EQ(rep->n_funcs, 0);
    check_class(AWR_CL_SINGLE_READS, 450, 3.515625, 8192);
    check_class(AWR_CL_MULTI_READS, 50, 3.125, 65536);
    check_class(AWR_CL_REDO, 60, 1.0, 17476.3);
    check_class(AWR_CL_DBWR, 140, 1.0, 7489.8);
    CHECK_STR_EQ(der.cls[AWR_CL_DBWR].name, "data-writes");
    check_totals(500, 6.640625, 200, 2.0, 23.146, 28.571);
    CHECK_NEAR_REL(rep->events[AWR_EV_SCAT_READ].avg_us, 10000, TOL);
    CHECK(der.n_notes >= 1 && strstr(der.note[0], "no IOStat"));
}

static void workload_should_carry_each_class_with_io(void)
{
    struct wl_spec s;

    CHECK_INT_EQ(load("awr_11g.txt"), 0);
    CHECK_INT_EQ(awr_workload(rep, &der, &s, why, sizeof why), 0);
    CHECK_STR_EQ(s.name, "awr-HRPROD-812-813");
    CHECK_INT_EQ(s.n_classes, 5);       /* no direct writes */
    CHECK_STR_EQ(s.cls[0].name, "single-reads");
    CHECK_STR_EQ(s.cls[0].group, "DATA");
    CHECK_NEAR_REL(s.cls[0].rate_iops, 700, TOL);
    CHECK_INT_EQ(s.cls[1].sizes.bytes[0], 131072);
    CHECK_STR_EQ(s.cls[3].name, "redo");
    CHECK_STR_EQ(s.cls[3].group, "REDO");
    CHECK_INT_EQ(s.cls[3].write_pct, 100);
    CHECK_INT_EQ(s.cls[3].pattern, WL_SEQUENTIAL);
    CHECK_STR_EQ(s.cls[4].group, "RECO");
    CHECK_INT_EQ(load("statspack_10g.txt"), 0);
    CHECK_INT_EQ(awr_workload(rep, &der, &s, why, sizeof why), 0);
    CHECK_INT_EQ(s.cls[2].sizes.bytes[0], 7680);    /* 7,489.8 to 15 x 512 */
    CHECK_INT_EQ(s.cls[3].sizes.bytes[0], 17408);   /* 17,476.3 to 34 x 512 */
}

/* ---- bad inputs ---------------------------------------------------------- */

/* The text with the first `from` after `after` replaced by `to`. */
static char *edited(const char *name, const char *after, const char *from, const char *to)
{
    char *text = sample_text(name);
    char *at = strstr(strstr(text, after), from);
    size_t n = strlen(text) + strlen(to) + 1;
    char *out = malloc(n);

    if (!at || !out)
        abort();
    snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    free(text);
    return out;
}

static int parse_text(const char *text)
{
    int rc = awr_report_parse(text, strlen(text), rep, why, sizeof why);

    if (rc == 0)
        rc = awr_derive(rep, &der, why, sizeof why);
    return rc;
}

/* why starts "LINE: " and has every word of `words` ('|'-separated). */
static void check_why(int line, const char *words)
{
    char want[32], buf[256];

    snprintf(want, sizeof want, "%d: ", line);
    if (strncmp(why, want, strlen(want)) != 0)
        CHECK_FAIL_AT("why \"%s\" does not start with \"%s\"", why, want);
    snprintf(buf, sizeof buf, "%s", words);
    for (char *save = NULL, *w = strtok_r(buf, "|", &save); w; w = strtok_r(NULL, "|", &save))
        if (!strstr(why, w))
            CHECK_FAIL_AT("why \"%s\" lacks \"%s\"", why, w);
}

static void not_a_report_should_be_refused(void)
{
    CHECK_INT_EQ(parse_text("phase,start,scale\nday,08:00,1\n"), -EINVAL);
    check_why(1, "not an AWR or Statspack report|awrrpt.sql");
    CHECK_INT_EQ(parse_text(""), -EINVAL);
    check_why(1, "not an AWR");
    CHECK_INT_EQ(parse_text("\nWORKLOAD REPOSITORY RAC/GLOBAL REPORT for\n"), -EINVAL);
    check_why(2, "RAC global report|awrrpti.sql");
    CHECK_INT_EQ(parse_text("<html><head><title>AWR RAC Report for DB: X</title>"), -EINVAL);
    check_why(1, "RAC global");
    CHECK_INT_EQ(parse_text("WORKLOAD REPOSITORY COMPARE PERIOD REPORT\n"), -EINVAL);
    check_why(1, "compare-period|awrrpt.sql");
    CHECK_INT_EQ(parse_text("ASH Report For ORCL/orcl\n"), -EINVAL);
    check_why(1, "an ASH report");
}

static void report_cut_off_should_be_refused(void)
{
    char *text = sample_text("awr_19c.txt");
    char *cut = strstr(text, "Instance Activity Stats    ");

    *cut = '\0';
    int last = 1;       /* the last line: after the last newline */
    for (const char *c = text; *c; c++)
        last += *c == '\n';
    CHECK_INT_EQ(parse_text(text), -EINVAL);
    check_why(last, "Instance Activity Stats: not in the report|cut off");
    free(text);
}

static void a_number_that_does_not_parse_should_be_refused(void)
{
    char *text = edited("awr_19c.txt", "Instance Activity Stats  ", "9,000,000", "9,0x0,000");

    CHECK_INT_EQ(parse_text(text), -EINVAL);
    check_why(line_of(text, "9,0x0,000"), "Instance Activity Stats|"
              "\"physical read total IO requests\"|\"9,0x0,000\"|not a number");
    free(text);
    text = edited("awr_19c.html", "IO Statistics for different functions", "300.0", "3OO.0");
    CHECK_INT_EQ(parse_text(text), -EINVAL);
    check_why(line_of(text, "3OO.0"), "IOStat by Function summary|\"LGWR\"|\"3OO.0\"");
    free(text);
    text = edited("awr_11g.txt", "Elapsed:", "30.00", "thirty");
    CHECK_INT_EQ(parse_text(text), -EINVAL);
    check_why(line_of(text, "thirty"), "header|Elapsed");
    free(text);
}

static void contradicting_sections_should_be_refused(void)
{
    char *text = edited("awr_19c.txt", "Total Requests:", "2,500.0", "2,900.0");

    CHECK_INT_EQ(parse_text(text), -EINVAL);
    check_why(line_of(text, "Total Requests:"), "IO Profile|Total Requests Read 2900.0/s|"
              "Instance Activity Stats (line|physical read total IO requests 2500.0/s|contradict");
    free(text);
    text = edited("awr_rac_inst2.txt", "TOTAL:", "1420.0", "1620.0");
    CHECK_INT_EQ(parse_text(text), -EINVAL);
    check_why(line_of(text, "TOTAL:"), "IOStat by Function summary|TOTAL write requests|"
              "physical write total IO requests");
    free(text);
    text = edited("awr_19c.txt", "Load Profile", "2,460.0", "1,460.0");
    CHECK_INT_EQ(parse_text(text), -EINVAL);
    check_why(line_of(text, "1,460.0"), "Load Profile|Read IO requests|physical read IO requests");
    free(text);
}

static void a_missing_statistic_should_be_named(void)
{
    char *text = edited("statspack_10g.txt", "Instance Activity Stats  ",
                        "physical read total bytes", "physical read stray bytes");

    CHECK_INT_EQ(parse_text(text), -EINVAL);
    check_why(line_of(text, "Instance Activity Stats  "),
              "Instance Activity Stats|no row \"physical read total bytes\"");
    free(text);
}

int main(void)
{
    rep = awr_report_new();
    if (!rep)
        return 1;
    RUN(awr_19c_text_should_derive_the_hand_worked_figures);
    RUN(awr_19c_html_should_derive_what_its_text_twin_does);
    RUN(awr_11g_text_should_read_blocks_and_avg_tm_ms);
    RUN(rac_instance_report_should_be_read_as_its_instance);
    RUN(statspack_should_derive_without_iostat);
    RUN(workload_should_carry_each_class_with_io);
    RUN(not_a_report_should_be_refused);
    RUN(report_cut_off_should_be_refused);
    RUN(a_number_that_does_not_parse_should_be_refused);
    RUN(contradicting_sections_should_be_refused);
    RUN(a_missing_statistic_should_be_named);
    free(rep);
    return check_done();
}
