/*
 * test_schedule.c - workloads/schedule: the forecast schedule's CSV, its
 * timing rules, its errors (file:line and column), the shipped presets,
 * and the workload's per-class write share it relies on.
 */
#include <errno.h>

#include "tests/check.h"
#include "workloads/schedule.h"
#include "workloads/workload.h"

static struct wl_schedule sched;
static char why[512];

static int parse(const char *text)
{
    why[0] = '\0';
    return wl_schedule_parse(text, "day.csv", &sched, why, sizeof why);
}

static void durations_should_run_back_to_back(void)
{
    CHECK_INT_EQ(parse("# a comment\n\nphase,duration,num_small,num_large\n"
                       "warm,30m,4,0\nbatch,1.5h,0,8\n"), 0);
    CHECK_INT_EQ(sched.n, 2);
    CHECK(!sched.clock);
    CHECK_INT_EQ(sched.phase[0].start_ms, 0);
    CHECK_INT_EQ(sched.phase[1].start_ms, 30 * 60 * 1000);
    CHECK_INT_EQ(sched.phase[1].length_ms, 90 * 60 * 1000);
    CHECK_INT_EQ(sched.day_ms, 120 * 60 * 1000);
    CHECK_INT_EQ(sched.phase[0].kind, WL_PHASE_CLOSED);
    CHECK_INT_EQ(sched.phase[1].num_large, 8);
    CHECK_STR_EQ(sched.phase[1].name, "batch");
}

static void clock_times_should_fill_the_day_with_idle_gaps(void)
{
    CHECK_INT_EQ(parse("phase,start,duration,small_iops,small_write_pct,arrivals\n"
                       "night,01:00,2h,500,20,constant\n"
                       "day,08:00:30,,3000,30,\n"
                       "evening,18:00,,1000,30,poisson\n"), 0);
    CHECK(sched.clock);
    CHECK_INT_EQ(sched.day_ms, WL_DAY_MS);
    /* idle 00:00-01:00, night, idle 03:00-08:00:30, day, evening */
    CHECK_INT_EQ(sched.n, 5);
    CHECK_INT_EQ(sched.phase[0].kind, WL_PHASE_IDLE);
    CHECK_INT_EQ(sched.phase[0].length_ms, 3600 * 1000);
    CHECK_INT_EQ(sched.phase[1].arrivals, WL_ARRIVE_CONSTANT);
    CHECK_INT_EQ(sched.phase[1].write_pct[WL_SMALL], 20);
    CHECK_INT_EQ(sched.phase[2].kind, WL_PHASE_IDLE);
    CHECK_INT_EQ(sched.phase[3].start_ms, (8 * 3600 + 30) * 1000);
    CHECK_INT_EQ(sched.phase[3].length_ms, (10 * 3600 - 30) * 1000);
    CHECK_INT_EQ(sched.phase[4].length_ms, 6 * 3600 * 1000);    /* to 24:00 */
    CHECK(sched.phase[3].small_iops == 3000.0);
    CHECK_INT_EQ(sched.phase[4].kind, WL_PHASE_OPEN);
}

/* Issue 32, item 6: every way a phase can ask for nothing makes it
   idle, whatever column says so; a load in one class keeps it running. */
static void a_zero_load_should_make_the_phase_idle(void)
{
    CHECK_INT_EQ(parse("phase,duration,small_iops,large_mbps,num_small,num_large,"
                       "small_write_pct\n"
                       "a,1h,0,,,,30\nb,1h,0,0,,,\nc,1h,,0,,,\nd,1h,,,0,0,\n"
                       "e,1h,,,0,,\nf,1h,0,5,,,\ng,1h,,,0,2,\nh,1h,0.001,,,,\n"), 0);
    CHECK_INT_EQ(sched.n, 8);
    for (int i = 0; i < 5; i++) {
        CHECK_INT_EQ(sched.phase[i].kind, WL_PHASE_IDLE);
        CHECK(!wl_phase_has_load(&sched.phase[i]));
    }
    CHECK_STR_EQ(sched.phase[0].name, "a");
    CHECK_INT_EQ(sched.phase[5].kind, WL_PHASE_OPEN);
    CHECK_INT_EQ(sched.phase[6].kind, WL_PHASE_CLOSED);
    CHECK_INT_EQ(sched.phase[7].kind, WL_PHASE_OPEN);
    CHECK(wl_phase_has_load(&sched.phase[7]));
}

static void check_error(const char *text, const char *needle)
{
    CHECK_INT_EQ(parse(text), -EINVAL);
    if (!strstr(why, needle))
        CHECK_FAIL_AT("'%s' not in: %s", needle, why);
}

static void errors_should_name_the_line_and_the_column(void)
{
    check_error("phase,duration,small_iops\nok,1h,100\nbad,1h,-5\n",
                "day.csv:3: small_iops '-5': not a rate");
    check_error("phase,duration,small_iops\nx,1h,1e9\n",
                "day.csv:2: small_iops '1e9': not a rate; use IOPS 0..10000000");
    check_error("phase,duration,large_mbps\nx,1h,100001\n",
                "day.csv:2: large_mbps '100001': not a rate; use MB/s 0..100000");
    CHECK_INT_EQ(parse("phase,duration,small_iops,large_mbps\nx,1h,1e7,100000\n"), 0);
    check_error("phase,duration\nx,90q\n", "day.csv:2: duration '90q': not a duration");
    check_error("phase,start\nx,25:00\n", "day.csv:2: start '25:00': out of range");
    check_error("phase,start\nx,2h\n", "day.csv:2: start '2h': not a clock time");
    check_error("phase,duration,speed\n", "day.csv:1: header 'speed': unknown column");
    check_error("phase,duration,small_iops,num_small\nx,1h,100,4\n",
                "day.csv:2: phase 'x': both open-loop rates");
    check_error("phase,duration,num_small,small_write_pct\nx,1h,4,101\n",
                "day.csv:2: small_write_pct '101': not a write percentage");
    check_error("phase,start,duration,num_small\na,02:00,1h,1\nb,01:00,,1\n",
                "day.csv:3: start '01:00:00': before the previous phase ends (03:00:00)");
    check_error("phase,start,num_small\na,02:00,1\nb,01:00,1\n",
                "day.csv:2: phase 'a': ends at 01:00:00, not after its start 02:00:00");
    check_error("phase,duration,num_small\na,,1\n", "day.csv:2: phase 'a': no end");
    check_error("phase,duration,arrivals,num_small\na,1h,poisson,1\n",
                "day.csv:2: arrivals 'poisson': only for open-loop phases");
    check_error("phase,duration,small_iops\na,1h,1,2\n", "day.csv:2: line");
    check_error("# nothing\n", "day.csv: no phases");
    check_error("phase,start,duration,num_small\na,20:00,5h,1\n", "past 24:00");
    check_error("start,duration\n", "no 'phase' column");
}

/* A schedule as a spreadsheet exports it: quoted fields (blanks inside
   kept, "" a quote), CR LF line ends, a UTF-8 byte order mark; a quote
   left open, or text after a closing one, is said to be just that. */
static void spreadsheet_csv_should_parse_as_written(void)
{
    CHECK_INT_EQ(parse("\xEF\xBB\xBF\"phase\",\"start\",\"small_iops\"\r\n"
                       "\"peak\" , \"09:00\",1000\r\n\"night\",\"22:00\",\"\"\r\n"), 0);
    CHECK_INT_EQ(sched.n, 3);                   /* idle 00:00-09:00, peak, night */
    CHECK_STR_EQ(sched.phase[1].name, "peak");
    CHECK(sched.phase[1].small_iops == 1000.0);
    CHECK_INT_EQ(sched.phase[2].kind, WL_PHASE_IDLE);
    check_error("phase,start\n\"pe\"\"ak\",01:00\n", "day.csv:2: phase 'pe\"ak': not a phase name");
    check_error("phase,start\n\"a b, c\",01:00\n", "day.csv:2: phase 'a b, c': not a phase name");
    check_error("phase,start\n\"peak,01:00\n",
                "day.csv:2: line '\"peak,01:00': a quoted field without its closing quote");
    check_error("phase,start\n\"peak\"x,01:00\n", "text after it before the comma");
    check_error("phase,\"start\n", "day.csv:1: header 'phase,\"start': a quoted field");
}

/* A time that reads but lies outside its column's range is called out of
   range, with the range, at both ends and in both spellings; one that does
   not read is not a duration (a sign is none: the command line's grammar,
   workloads/duration.h).  The ends themselves are accepted. */
static void times_out_of_range_should_say_so_and_give_the_range(void)
{
    static const char *const too_far[] = { "61d", "31.01d", "745h", "744:00:01",
                                           "0", "0s", "0.0001s", "999us", "0:00" };
    static const char *const fine[] = { "31d", "744:00", "744h", "0.001s", "1",
                                        "1h30m", "2d12h", "11m59s", "30d23h59m60s",
                                        "1ms", "1min30s", "1s500ms" };
    static const char *const unread[] = { "90q", "-5m", "m", "5 m", "30m1h", "1h30",
                                          "1h 30m", "1m1m", "1h-30m", "h1", "1e3s" };
    char text[128], needle[96];
    for (size_t i = 0; i < sizeof too_far / sizeof *too_far; i++) {
        snprintf(text, sizeof text, "phase,duration,num_small\nx,%s,1\n", too_far[i]);
        snprintf(needle, sizeof needle, "day.csv:2: duration '%s': out of range; "
                 "a phase lasts 0.001s..31d", too_far[i]);
        check_error(text, needle);
    }
    for (size_t i = 0; i < sizeof fine / sizeof *fine; i++) {
        snprintf(text, sizeof text, "phase,duration,num_small\nx,%s,1\n", fine[i]);
        if (parse(text) != 0)
            CHECK_FAIL_AT("%s: %s", fine[i], why);
    }
    for (size_t i = 0; i < sizeof unread / sizeof *unread; i++) {
        snprintf(text, sizeof text, "phase,duration,num_small\nx,%s,1\n", unread[i]);
        snprintf(needle, sizeof needle, "duration '%s': not a duration", unread[i]);
        check_error(text, needle);
    }
    check_error("phase,start,num_small\nx,24:01,1\n",
                "start '24:01': out of range; a start is 00:00..24:00");
}

static void presets_should_parse(void)
{
    static const char *const names[] = { "oltp-day", "weekly-etl", "redo-peak" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *text = wl_schedule_preset(names[i]);
        CHECK(text != NULL);
        if (!text)
            continue;
        if (wl_schedule_parse(text, names[i], &sched, why, sizeof why) != 0)
            CHECK_FAIL_AT("%s: %s", names[i], why);
    }
    CHECK(wl_schedule_preset("no-such") == NULL);
    char buf[128];
    CHECK_STR_EQ(wl_schedule_preset_names(buf, sizeof buf), "oltp-day, redo-peak, weekly-etl");
}

static void the_oltp_day_should_hold_a_nightly_batch_and_a_peak(void)
{
    CHECK_INT_EQ(wl_schedule_parse(wl_schedule_preset("oltp-day"), "oltp-day", &sched,
                                   why, sizeof why), 0);
    CHECK(sched.clock);
    bool batch = false, peak = false;
    for (int i = 0; i < sched.n; i++) {
        const struct wl_phase *p = &sched.phase[i];
        batch |= strcmp(p->name, "batch") == 0 && p->large_mbps > 0 &&
                 p->start_ms == 3600 * 1000;
        peak |= strcmp(p->name, "peak") == 0 && p->small_iops >= 6000;
    }
    CHECK(batch && peak);
}

static void clock_format_should_name_later_days(void)
{
    char buf[32];
    CHECK_STR_EQ(wl_clock_format((1 * 3600 + 47 * 60 + 10) * 1000, buf, sizeof buf), "01:47:10");
    CHECK_STR_EQ(wl_clock_format(WL_DAY_MS + 30 * 60 * 1000, buf, sizeof buf), "d2 00:30:00");
}

/* A time of a forecast: a clock time, a day's, or a duration from the
   start, terms of one too; 0 is the start itself. */
static void forecast_times_should_read_every_form(void)
{
    static const struct { const char *text; int64_t ms; } ok[] = {
        { "0", 0 }, { "00:00", 0 }, { "0s", 0 }, { "14:00", 14 * 3600000 },
        { "d2 14:00", WL_DAY_MS + 14 * 3600000 }, { "26h", 26 * 3600000 },
        { "1h30m", 5400000 }, { "11m59s", 719000 },
    };
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        int64_t ms = -1;
        if (wl_forecast_time_parse(ok[i].text, &ms) != 0 || ms != ok[i].ms)
            CHECK_FAIL_AT("%s: %lld", ok[i].text, (long long)ms);
    }
    static const char *const bad[] = { "-1s", "1h30", "30m1h", "d0 01:00", "x" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        int64_t ms = -1;
        if (wl_forecast_time_parse(bad[i], &ms) != -EINVAL)
            CHECK_FAIL_AT("%s accepted: %lld", bad[i], (long long)ms);
    }
}

/* The write share per class: all small I/Os writes, no large one. */
static void write_share_should_hold_per_class(void)
{
    struct wl_cfg cfg;
    wl *w;
    wl_cfg_defaults(&cfg, 1ull << 30);
    CHECK_INT_EQ(wl_create(&cfg, &w, why, sizeof why), 0);
    wl_set_class_write_pct(w, WL_SMALL, 100);
    wl_set_class_write_pct(w, WL_LARGE, 0);
    int small_w = 0, large_w = 0;
    for (int i = 0; i < 1000; i++) {
        struct wl_io io;
        wl_next(w, WL_SMALL, 0, &io);
        small_w += io.is_write;
        wl_next(w, WL_LARGE, 0, &io);
        large_w += io.is_write;
    }
    CHECK_INT_EQ(small_w, 1000);
    CHECK_INT_EQ(large_w, 0);
    CHECK_INT_EQ(wl_class_write_pct(w, WL_SMALL), 100);
    wl_set_class_write_pct(w, WL_LARGE, 30);
    for (int i = 0; i < 10000; i++) {
        struct wl_io io;
        wl_next(w, WL_LARGE, 0, &io);
        large_w += io.is_write;
    }
    CHECK(large_w > 2700 && large_w < 3300);
    wl_destroy(w);
}

/* Issue 35: a database workload's columns.  A class's factor is its own
   cell, else scale, else 0; a phase of zeros and blanks is idle. */
static void scale_columns_should_give_each_class_its_factor(void)
{
    CHECK_INT_EQ(parse("phase,duration,scale,scale:redo\n"
                       "day,1h,1,\npeak,1h,2,3\nredo,1h,,1\nnone,1h,0,\n"), 0);
    CHECK(sched.scale_cols && !sched.orion_cols);
    CHECK_INT_EQ(sched.n_class_cols, 1);
    CHECK_STR_EQ(sched.class_col[0], "redo");
    CHECK_INT_EQ(wl_schedule_class_col(&sched, "redo"), 0);
    CHECK_INT_EQ(wl_schedule_class_col(&sched, "dbwr"), -1);
    CHECK_INT_EQ(sched.phase[0].kind, WL_PHASE_SCALED);
    CHECK(wl_phase_class_factor(&sched.phase[0], -1) == 1.0);
    CHECK(wl_phase_class_factor(&sched.phase[0], 0) == 1.0);
    CHECK(wl_phase_class_factor(&sched.phase[1], -1) == 2.0);
    CHECK(wl_phase_class_factor(&sched.phase[1], 0) == 3.0);
    CHECK(wl_phase_class_factor(&sched.phase[2], -1) == 0.0);
    CHECK(wl_phase_class_factor(&sched.phase[2], 0) == 1.0);
    CHECK(wl_phase_has_load(&sched.phase[2]));
    CHECK_INT_EQ(sched.phase[3].kind, WL_PHASE_IDLE);
    CHECK(!wl_phase_has_load(&sched.phase[3]));
    CHECK_INT_EQ(parse("phase,duration,num_small\na,1h,4\n"), 0);
    CHECK(sched.orion_cols && !sched.scale_cols);
}

static void scale_column_errors_should_name_the_column(void)
{
    check_error("phase,duration,scale,small_iops\na,1h,1,\n",
                "a schedule is for one kind");
    check_error("phase,duration,scale,arrivals\na,1h,1,\n", "a schedule is for one kind");
    check_error("phase,duration,scale:redo,scale:redo\na,1h,1,1\n",
                "'scale:redo': column given twice");
    check_error("phase,duration,scale:\na,1h,1\n", "not a class's name");
    check_error("phase,duration,scale\na,1h,1001\n", "day.csv:2: scale '1001': not a factor");
    check_error("phase,duration,scale:redo\na,1h,-1\n", "scale:redo '-1': not a factor");
}

int main(void)
{
    RUN(durations_should_run_back_to_back);
    RUN(clock_times_should_fill_the_day_with_idle_gaps);
    RUN(a_zero_load_should_make_the_phase_idle);
    RUN(errors_should_name_the_line_and_the_column);
    RUN(times_out_of_range_should_say_so_and_give_the_range);
    RUN(presets_should_parse);
    RUN(the_oltp_day_should_hold_a_nightly_batch_and_a_peak);
    RUN(clock_format_should_name_later_days);
    RUN(forecast_times_should_read_every_form);
    RUN(write_share_should_hold_per_class);
    RUN(spreadsheet_csv_should_parse_as_written);
    RUN(scale_columns_should_give_each_class_its_factor);
    RUN(scale_column_errors_should_name_the_column);
    return check_done();
}
