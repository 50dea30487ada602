/*
 * test_tui_events.c - the dashboard's event detector and its words
 * (sim/session/burst_events.c), driven by hand without curses: a bucket
 * that empties reports once (however long it hovers at empty), again
 * only after it rose above the release level, and "refilled" when an
 * emptied bucket is full; a first reading and a rebase report nothing; a
 * binding limit is reported only once it held BURST_LIMIT_HOLD readings,
 * and a reading of no limit changes nothing; the sentences (the
 * forecast's wording, sim/report/report_forecast.c), the clock and the
 * outlook ("empties in 41 min") say what the dashboard shows.
 */
#include "sim/session/burst_events.h"
#include "tests/check.h"

/* A gp2 volume's bucket: 3,000 IOPS with credits, 1,500 without (a
   500 GiB volume, DOMAIN.md gp2: 3 IOPS per GiB). */
static struct burst_reading gp2(int disk, double level)
{
    return (struct burst_reading){ .limit = SIM_LIMIT_VOLUME_IOPS, .disk = disk,
                                   .level_frac = level, .burst_rate = 3000,
                                   .base_rate = 1500 };
}

static int step1(struct burst_detector *d, double t, struct burst_reading r,
                 struct burst_event *ev)
{
    return burst_detector_step(d, t, &r, 1, BURST_NO_LIMIT, ev, 4);
}

static void an_emptying_bucket_should_report_once(void)
{
    struct burst_detector d;
    struct burst_event ev[4];
    burst_detector_init(&d);
    CHECK_INT_EQ(step1(&d, 0, gp2(2, 1.0), ev), 0);         /* baseline */
    CHECK_INT_EQ(step1(&d, 1, gp2(2, 0.5), ev), 0);
    CHECK_INT_EQ(step1(&d, 2, gp2(2, 0.0), ev), 1);
    CHECK_INT_EQ(ev[0].kind, BURST_EV_EMPTY);
    CHECK_INT_EQ(ev[0].disk, 2);
    CHECK_NEAR_REL(ev[0].t_s, 2.0, 1e-12);
    /* hovering at empty, even a little above it, is the same emptiness */
    CHECK_INT_EQ(step1(&d, 3, gp2(2, 0.0), ev), 0);
    CHECK_INT_EQ(step1(&d, 4, gp2(2, BURST_RELEASE_FRAC / 2), ev), 0);
    CHECK_INT_EQ(step1(&d, 5, gp2(2, 0.0), ev), 0);
    /* risen above the release level and emptied again: a second event */
    CHECK_INT_EQ(step1(&d, 6, gp2(2, BURST_RELEASE_FRAC * 2), ev), 0);
    CHECK_INT_EQ(step1(&d, 7, gp2(2, 0.0), ev), 1);
    CHECK_INT_EQ(ev[0].kind, BURST_EV_EMPTY);
}

static void an_emptied_bucket_should_report_when_full_again(void)
{
    struct burst_detector d;
    struct burst_event ev[4];
    burst_detector_init(&d);
    step1(&d, 0, gp2(0, 0.3), ev);
    CHECK_INT_EQ(step1(&d, 1, gp2(0, 1.0), ev), 0);     /* never emptied */
    step1(&d, 2, gp2(0, 0.0), ev);
    CHECK_INT_EQ(step1(&d, 3, gp2(0, 0.9), ev), 0);
    CHECK_INT_EQ(step1(&d, 4, gp2(0, 1.0), ev), 1);
    CHECK_INT_EQ(ev[0].kind, BURST_EV_REFILLED);
    CHECK_INT_EQ(step1(&d, 5, gp2(0, 1.0), ev), 0);     /* once */
}

static void a_first_reading_and_a_rebase_should_report_nothing(void)
{
    struct burst_detector d;
    struct burst_event ev[4];
    burst_detector_init(&d);
    CHECK_INT_EQ(step1(&d, 0, gp2(0, 0.0), ev), 0);     /* empty from the start */
    CHECK_INT_EQ(step1(&d, 1, gp2(0, 1.0), ev), 1);     /* but it was empty */
    burst_detector_rebase(&d);
    CHECK_INT_EQ(step1(&d, 2, gp2(0, 0.0), ev), 0);     /* levels were set */
    /* a second bucket is a baseline of its own */
    struct burst_reading two[2] = { gp2(0, 0.0), gp2(1, 0.0) };
    CHECK_INT_EQ(burst_detector_step(&d, 3, two, 2, BURST_NO_LIMIT, ev, 4), 0);
}

static void a_binding_limit_should_be_told_once_it_held(void)
{
    struct burst_detector d;
    struct burst_event ev[4];
    burst_detector_init(&d);
    CHECK_INT_EQ(burst_detector_step(&d, 0, NULL, 0, SIM_LIMIT_VOLUME_IOPS, ev, 4), 0);
    /* a flicker shorter than the hold is no change */
    for (int i = 1; i < BURST_LIMIT_HOLD; i++)
        CHECK_INT_EQ(burst_detector_step(&d, i, NULL, 0, SIM_LIMIT_BURST_CREDITS, ev, 4), 0);
    CHECK_INT_EQ(burst_detector_step(&d, 10, NULL, 0, SIM_LIMIT_VOLUME_IOPS, ev, 4), 0);
    /* no reading (warm-up) neither breaks nor counts */
    int n = 0;
    for (int i = 0; i < BURST_LIMIT_HOLD; i++) {
        n += burst_detector_step(&d, 20 + i, NULL, 0, SIM_LIMIT_BURST_CREDITS, ev, 4);
        n += burst_detector_step(&d, 20 + i, NULL, 0, BURST_NO_LIMIT, ev, 4);
    }
    CHECK_INT_EQ(n, 1);
    CHECK_INT_EQ(ev[0].kind, BURST_EV_LIMIT);
    CHECK_INT_EQ(ev[0].from, SIM_LIMIT_VOLUME_IOPS);
    CHECK_INT_EQ(ev[0].limit, SIM_LIMIT_BURST_CREDITS);
    /* a new load starts a new baseline */
    burst_detector_new_load(&d);
    CHECK_INT_EQ(burst_detector_step(&d, 30, NULL, 0, SIM_LIMIT_OFFERED_LOAD, ev, 4), 0);
}

static void events_should_read_as_the_dashboard_says_them(void)
{
    char buf[160];
    struct burst_event e = { .kind = BURST_EV_EMPTY, .limit = SIM_LIMIT_VOLUME_IOPS,
                             .disk = 2, .burst_rate = 3000, .base_rate = 1500 };
    burst_event_text(&e, "m5.large", buf, sizeof buf);
    CHECK_STR_EQ(buf, "DATA_0002 burst credits empty: 3,000 -> 1,500 IOPS");
    e.kind = BURST_EV_REFILLED;
    burst_event_text(&e, "m5.large", buf, sizeof buf);
    CHECK_STR_EQ(buf, "DATA_0002 IOPS burst credits full again");
    /* m5.large: 18,750 -> 3,600 IOPS, 593.75 -> 81.25 MB/s (DOMAIN.md) */
    e = (struct burst_event){ .kind = BURST_EV_EMPTY, .limit = SIM_LIMIT_INSTANCE_IOPS,
                              .disk = -1, .burst_rate = 18750, .base_rate = 3600 };
    burst_event_text(&e, "m5.large", buf, sizeof buf);
    CHECK_STR_EQ(buf, "instance m5.large burst spent: IOPS limit 18,750 -> 3,600");
    e.limit = SIM_LIMIT_INSTANCE_MBPS, e.burst_rate = 593.75, e.base_rate = 81.25;
    burst_event_text(&e, "m5.large", buf, sizeof buf);
    CHECK_STR_EQ(buf, "instance m5.large burst spent: MB/s limit 594 -> 81.25");
    e.kind = BURST_EV_REFILLED;
    burst_event_text(&e, "m5.large", buf, sizeof buf);
    CHECK_STR_EQ(buf, "instance m5.large MB/s burst credits full again");
    /* st1: throughput in MiB/s, as EBS states it */
    e = (struct burst_event){ .kind = BURST_EV_EMPTY, .limit = SIM_LIMIT_VOLUME_TPUT,
                              .disk = 0, .burst_rate = 122.07, .base_rate = 19.53 };
    burst_event_text(&e, NULL, buf, sizeof buf);
    CHECK_STR_EQ(buf, "DATA_0000 burst credits empty: 122 -> 19.53 MiB/s");
    e = (struct burst_event){ .kind = BURST_EV_LIMIT, .from = SIM_LIMIT_VOLUME_IOPS,
                              .limit = SIM_LIMIT_BURST_CREDITS };
    burst_event_text(&e, NULL, buf, sizeof buf);
    CHECK_STR_EQ(buf, "binding limit: volume IOPS -> burst credits");
}

typedef void (*text_fn)(double, char *, size_t);

static void numbers_clock_and_spans_should_read_plainly(void)
{
    static const struct {
        text_fn fn;
        double v;
        const char *want;
    } cases[] = {
        { burst_rate_text, 1234567, "1,234,567" },
        { burst_rate_text, 100, "100" },
        { burst_rate_text, 0.5, "0.50" },
        { burst_rate_text, 81.25, "81.25" },
        { burst_rate_text, 593.75, "594" },     /* the forecast's rounding */
        { burst_clock_text, 6430, "1:47:10" },
        { burst_clock_text, 93605, "26:00:05" },
        { burst_duration_text, 45, "45 s" },
        { burst_duration_text, 41 * 60, "41 min" },
        { burst_duration_text, 2 * 3600 + 10 * 60, "2 h 10 min" },
        { burst_duration_text, 3 * 86400 + 4 * 3600, "3 d 4 h" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[64];
        cases[i].fn(cases[i].v, buf, sizeof buf);
        CHECK_STR_EQ(buf, cases[i].want);
    }
}

static void the_outlook_should_say_when_a_bucket_empties_or_fills(void)
{
    static const struct {
        double level, rate;
        const char *want;
    } cases[] = {
        { 0.5, -0.01 / 60, "empties in 50 min" },   /* half, 1 % a minute */
        { 0.2, 0.1 / 3600, "refilling, full in 8 h" },  /* 20 %, +10 %/h */
        { 1.0, 0, "full" },
        { 0.0, 0, "empty: at the base rate" },
        { 0.6, 1e-12, "steady" },                   /* no end in sight */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[64];
        burst_outlook_text(cases[i].level, cases[i].rate, buf, sizeof buf);
        CHECK_STR_EQ(buf, cases[i].want);
    }
}

int main(void)
{
    RUN(an_emptying_bucket_should_report_once);
    RUN(an_emptied_bucket_should_report_when_full_again);
    RUN(a_first_reading_and_a_rebase_should_report_nothing);
    RUN(a_binding_limit_should_be_told_once_it_held);
    RUN(events_should_read_as_the_dashboard_says_them);
    RUN(numbers_clock_and_spans_should_read_plainly);
    RUN(the_outlook_should_say_when_a_bucket_empties_or_fills);
    return check_done();
}
