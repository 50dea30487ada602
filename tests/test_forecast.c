/*
 * test_forecast.c - sim/model/forecast: a schedule on modelled volumes,
 * fast hybrid and --exact.
 *
 * The expected times and rates come from DOMAIN.md section 4 (bucket
 * sizes, base and burst rates) and section 5 (C1), not from asmsim's
 * output: a drop within 10 % of the computed time, the rate after it
 * within 7 % of the documented baseline (issue 11, section 1's checks).
 * The agreement cases hold the fast path to the exact one on 2 h
 * horizons with a bucket running dry in the middle: 2 % on every
 * interval's rate, 1 % on event times, 10 % on interval p99.
 * A database workload's classes (cfg.db) over a scaled schedule: each
 * phase's load scaled, figures per class, credits carried across phases.
 */
#include <errno.h>
#include <string.h>

#include "sim/model/forecast_internal.h"
#include "sim/model/setup.h"
#include "tests/model_run.h"

struct fc_case {
    const char *instance, *volume;
    int disks;
    const char *csv;
    enum wl_large_type large_type;
    uint32_t large_bytes;
    int days;                   /* 0: one; -1: until steady */
    double burst_frac;
};

/* c's configuration on schedule s (c's csv is not read). */
static struct sim_forecast_result *forecast_of(const struct fc_case *c,
                                               const struct wl_schedule *s, bool exact)
{
    char why[512];
    struct sim_setup cfg = model_run_cfg(c->instance, c->volume, c->disks);
    cfg.run.workload.large_type = c->large_type;
    if (c->large_bytes)
        cfg.run.workload.large_bytes = c->large_bytes;
    cfg.run.burst_credit_frac = c->burst_frac;
    int ms, ml;
    sim_forecast_pools(s, c->large_type, 4, 0, &ms, &ml);
    struct sim_parts p;
    if (sim_parts_open(sim_setup_run(&cfg), ms, ml, &p, why, sizeof why) != 0) {
        CHECK_FAIL_AT("parts: %s", why);
        sim_parts_close(&p);
        return NULL;
    }
    struct sim_forecast_cfg fc = {
        .schedule = s, .days = c->days < 0 ? 0 : c->days ? c->days : 1,
        .interval_ns = 60 * SIM_NS_PER_S, .exact = exact,
        .large_type = c->large_type, .stream_io = 4,
    };
    struct sim_forecast_result *r = NULL;
    int rc = sim_forecast_run(&p, &fc, &r, why, sizeof why);
    sim_parts_close(&p);
    if (rc != 0)
        CHECK_FAIL_AT("forecast: rc %d: %s", rc, why);
    return r;
}

static struct sim_forecast_result *forecast(const struct fc_case *c, bool exact)
{
    static struct wl_schedule s;
    char why[512];
    if (wl_schedule_parse(c->csv, "case", &s, why, sizeof why) != 0) {
        CHECK_FAIL_AT("schedule: %s", why);
        return NULL;
    }
    return forecast_of(c, &s, exact);
}

static const struct sim_fc_event *first_event(const struct sim_forecast_result *r,
                                              enum sim_fc_event_kind kind)
{
    for (size_t i = 0; r && i < r->n_events; i++)
        if (r->events[i].kind == kind)
            return &r->events[i];
    return NULL;
}

/* gp2 500 GiB: 1,500 IOPS base, 3,000 burst, 5.4 M credits, earning the
   1,500 base a second (DOMAIN.md 4). */
static const struct fc_case gp2_case = {
    "m5.4xlarge", "gp2:size=500GiB", 1,
    "phase,duration,num_small\nload,2h,16\n", WL_LARGE_RAND, 0, 1, 1.0,
};

/* m5.large: 81.25 -> 593.75 MB/s for 30 min; C1: ~580 MB/s on 8 gp3. */
static const struct fc_case m5_case = {
    "m5.large", "gp3:size=125GiB,iops=4000,throughput=1000MiB/s", 8,
    "phase,duration,num_large,large_write_pct\nwrites,2h,16,100\n",
    WL_LARGE_RAND, 0, 1, 1.0,
};

/* st1 125 GiB: 40 MiB/s per TiB base, 250 burst, 1 TiB of credit per
   TiB (DOMAIN.md 4): 4.9 -> 30.5 MiB/s, 125 GiB of credit. */
static const struct fc_case st1_case = {
    "m5.4xlarge", "st1:size=125GiB", 1,
    "phase,duration,num_large\nscan,2h,4\n", WL_LARGE_SEQ, 1024 * 1024, 1, 1.0,
};

/* Rows wholly before 0.9 x t and after 1.1 x t: their mean rate. */
static void rates_around(const struct sim_forecast_result *r, double t, bool large,
                         double *before, double *after)
{
    double sb = 0, sa = 0;
    int nb = 0, na = 0;
    for (size_t i = 0; i < r->n_rows; i++) {
        const struct sim_fc_row *row = &r->rows[i];
        double v = large ? row->tl.large_mbps : row->tl.small_iops;
        if (row->tl.start_s + row->tl.length_s < 0.9 * t)
            sb += v, nb++;
        else if (row->tl.start_s > 1.1 * t)
            sa += v, na++;
    }
    *before = nb ? sb / nb : 0;
    *after = na ? sa / na : 0;
}

/* The share of its provisioned IOPS a gp2 volume delivers (profiles.c). */
static double gp2_iops_frac(void)
{
    struct vol_profile v;
    char why[128];
    return prof_volume_parse("gp2", &v, why, sizeof why) == 0 ? v.delivered_iops_frac : 0;
}

static void check_gp2_drop(bool exact)
{
    struct sim_forecast_result *r = forecast(&gp2_case, exact);
    const struct sim_fc_event *e = first_event(r, SIM_FC_BURST_EMPTY);
    /* the bucket over what the burst spends beyond what it earns: the
       model delivers the 3,000 burst at the profile's delivered share
       (1.0 since issue 33: AWS's own table) and earns the documented
       1,500 (DOMAIN.md 4 gp2: "earns baseline per s"): 5.4e6 / (3,000 -
       1,500) = 3,600 s, AWS's "about an hour". */
    double drop_s = 5.4e6 / (3000.0 * gp2_iops_frac() - 1500.0);
    CHECK(e != NULL);
    if (e) {
        CHECK_NEAR_REL(e->at_s, drop_s, 0.10);
        CHECK_INT_EQ(r->bucket[e->bucket].limit, SIM_LIMIT_VOLUME_IOPS);
        CHECK_INT_EQ(r->bucket[e->bucket].disk, 0);
        double before, after;
        rates_around(r, e->at_s, false, &before, &after);
        CHECK_NEAR_REL(after, 1500.0, 0.07);
        CHECK_NEAR_REL(before, 3000.0, 0.07);
    }
    sim_forecast_free(r);
}

static void gp2_burst_should_run_out_when_its_credits_say_fast(void)
{
    check_gp2_drop(false);
}

static void gp2_burst_should_run_out_when_its_credits_say_exact(void)
{
    check_gp2_drop(true);
}

static void instance_burst_should_be_spent_after_30_minutes(void)
{
    struct sim_forecast_result *r = forecast(&m5_case, false);
    const struct sim_fc_event *e = first_event(r, SIM_FC_BURST_EMPTY);
    double base = 81.25, peak = 593.75, c1 = 580.0;
    double drop_s = (peak - base) * 1800.0 / (c1 - base);
    CHECK(e != NULL);
    if (e) {
        CHECK_NEAR_REL(e->at_s, drop_s, 0.10);
        CHECK_INT_EQ(r->bucket[e->bucket].limit, SIM_LIMIT_INSTANCE_MBPS);
        CHECK_INT_EQ(r->bucket[e->bucket].disk, -1);
        double before, after;
        rates_around(r, e->at_s, true, &before, &after);
        CHECK_NEAR_REL(after, base, 0.07);
        CHECK_NEAR_REL(before, c1, 0.03);
    }
    sim_forecast_free(r);
}

static void st1_throughput_burst_should_run_out_in_the_middle(void)
{
    struct sim_forecast_result *r = forecast(&st1_case, false);
    const struct sim_fc_event *e = first_event(r, SIM_FC_BURST_EMPTY);
    double tib = 125.0 / 1024.0;
    double base = 40 * tib, burst = 250 * tib;          /* MiB/s */
    double drop_s = 125.0 * 1024.0 / (burst - base);
    CHECK(e != NULL);
    if (e) {
        CHECK_NEAR_REL(e->at_s, drop_s, 0.10);
        CHECK_INT_EQ(r->bucket[e->bucket].limit, SIM_LIMIT_VOLUME_TPUT);
        double before, after;
        rates_around(r, e->at_s, true, &before, &after);
        CHECK_NEAR_REL(after, base * 1.048576, 0.07);   /* MiB/s -> MB/s */
    }
    sim_forecast_free(r);
}

/* ---- fast against exact -------------------------------------------------------- */

/* A burst event falls inside row i of r. */
static bool row_has_event(const struct sim_forecast_result *r, size_t i)
{
    const struct sim_timeline_row *row = &r->rows[i].tl;
    for (size_t k = 0; k < r->n_events; k++)
        if (r->events[k].at_s >= row->start_s - 10 &&
            r->events[k].at_s < row->start_s + row->length_s + 10)
            return true;
    return false;
}

/* Every interval's rate within 2 %, but for the interval a bucket runs
   dry in (or next to it), where a second's difference in when it does
   moves the interval's mean: 5 % there (st1: 1 MiB I/Os, half a second
   of them queued at the limit). */
static void check_agreement(const struct fc_case *c, bool large)
{
    /* open loop past the limit: the queue, and the latency, grow for as
       long as the overload lasts (forecast_fluid.c, "The queue"); p99 is
       compared in every row, within 10 %, but the row a bucket runs dry
       in (the overload starts inside it) */
    struct sim_forecast_result *fast = forecast(c, false);
    struct sim_forecast_result *exact = forecast(c, true);
    if (!fast || !exact) {
        sim_forecast_free(fast);
        sim_forecast_free(exact);
        return;
    }
    CHECK(!fast->exact && exact->exact);
    CHECK(fast->simulated_s < 0.2 * exact->simulated_s);
    CHECK_INT_EQ(fast->n_rows, exact->n_rows);
    int rate_bad = 0, p99_bad = 0;
    for (size_t i = 0; i < fast->n_rows && i < exact->n_rows; i++) {
        const struct sim_timeline_row *a = &fast->rows[i].tl, *b = &exact->rows[i].tl;
        double ra = large ? a->large_mbps : a->small_iops;
        double rb = large ? b->large_mbps : b->small_iops;
        const struct sim_timeline_lat *la = &a->lat[large], *lb = &b->lat[large];
        double tol = row_has_event(exact, i) || row_has_event(fast, i) ? 0.05 : 0.02;
        if (fabs(ra - rb) > tol * rb && rate_bad++ < 3)
            CHECK_NEAR_REL(ra, rb, tol);
        bool event = row_has_event(exact, i) || row_has_event(fast, i);
        if (!event && fabs(la->p99_us - lb->p99_us) > 0.10 * lb->p99_us &&
            p99_bad++ < 3) {
            fprintf(stderr, "  row %zu at %.0f s:\n", i, b->start_s);
            CHECK_NEAR_REL(la->p99_us, lb->p99_us, 0.10);
        }
    }
    CHECK_INT_EQ(rate_bad, 0);
    CHECK_INT_EQ(p99_bad, 0);
    const struct sim_fc_event *ea = first_event(fast, SIM_FC_BURST_EMPTY);
    const struct sim_fc_event *eb = first_event(exact, SIM_FC_BURST_EMPTY);
    CHECK(ea && eb);
    if (ea && eb) {
        CHECK_NEAR_REL(ea->at_s, eb->at_s, 0.01);
        CHECK_INT_EQ(ea->bucket, eb->bucket);
        double horizon = exact->n_rows ? exact->rows[exact->n_rows - 1].tl.start_s +
                                             exact->rows[exact->n_rows - 1].tl.length_s : 0;
        CHECK(eb->at_s > 600 && eb->at_s < horizon - 600);  /* in the middle */
    }
    sim_forecast_free(fast);
    sim_forecast_free(exact);
}

static void fast_should_agree_with_exact_on_a_gp2_iops_bucket(void)
{
    check_agreement(&gp2_case, false);
}

static void fast_should_agree_with_exact_on_an_st1_throughput_bucket(void)
{
    check_agreement(&st1_case, true);
}

static void fast_should_agree_with_exact_on_an_instance_burst(void)
{
    check_agreement(&m5_case, true);
}

/* Open loop: 2,500 IOPS offered to one gp2 500 GiB volume, 1,000 above
   the 1,500 its bucket earns a second (DOMAIN.md 4 gp2: "earns baseline
   per s"): served from the bucket for 5.4e6 / (2,500 - 1,500) = 5,400 s,
   then at its delivered base, 1,500 x the delivered share (1.0,
   profiles.c), so 1 - 1,500 / 2,500 = 40 % unmet. */
static const struct fc_case open_case = {
    "m5.4xlarge", "gp2:size=500GiB", 1,
    "phase,duration,small_iops,small_write_pct\noltp,2h,2500,30\n",
    WL_LARGE_RAND, 0, 1, 1.0,
};

static void fast_should_agree_with_exact_on_an_open_loop(void)
{
    check_agreement(&open_case, false);
}

/* The class the single cases above sample: open-loop demand below, at
   and above the rate a bucket's burst delivers, on each kind of bucket.
   Rates (DOMAIN.md 4; delivered shares 1.0 since issue 33, profiles.c):
   gp2 100 GiB 300 base -> its 3,000 burst, 250 GiB 750 -> 3,000; st1
   125 GiB 4.9 -> 30.5 MiB/s, sc1 125 GiB 1.5 -> 9.8 MiB/s, credit 1 TiB per
   TiB; m5.large 81.25 -> 593.75 MB/s for 30 min (DOMAIN.md 4, instance).
   Each starts at the level that puts its bucket's end in the first hour.
   Demand above the burst once made the fast path 2 % early (its windows
   counted the I/O in flight piling up as consumption; forecast_exact.c). */
struct class_case {
    struct fc_case c;
    double event_tol, rate_tol;     /* docs/model.md: 1 %, 1 % */
};

static const struct class_case open_class[] = {
    { { "m5.4xlarge", "gp2:size=100GiB", 1, "phase,duration,small_iops\np,1h,3300\n",
      WL_LARGE_RAND, 0, 1, 1.0 }, 0.01, 0.01 },     /* above: 5.4e6 / 2,700 = 2,000 s */
    { { "m5.4xlarge", "gp2:size=100GiB", 1, "phase,duration,small_iops\np,1h,3000\n",
      WL_LARGE_RAND, 0, 1, 1.0 }, 0.01, 0.01 },     /* at */
    { { "m5.4xlarge", "gp2:size=250GiB", 1, "phase,duration,small_iops\np,1h,2000\n",
      WL_LARGE_RAND, 0, 1, 0.5 }, 0.01, 0.01 },     /* below: 2.7e6 / 1,250 = 2,160 s */
    { { "m5.4xlarge", "gp2:size=250GiB", 1, "phase,duration,small_iops\np,1h,6000\n",
      WL_LARGE_RAND, 0, 1, 1.0 }, 0.01, 0.01 },     /* far above: 5.4e6 / 2,250 = 2,400 s */
    { { "m5.4xlarge", "st1:size=125GiB", 1, "phase,duration,large_mbps\np,1h,40\n",
      WL_LARGE_SEQ, 1024 * 1024, 1, 0.5 }, 0.01, 0.01 },  /* above */
    { { "m5.4xlarge", "st1:size=125GiB", 1, "phase,duration,large_mbps\np,1h,20\n",
      WL_LARGE_SEQ, 1024 * 1024, 1, 0.3 }, 0.01, 0.01 },  /* below */
    { { "m5.4xlarge", "sc1:size=125GiB", 1, "phase,duration,large_mbps\np,1h,15\n",
      WL_LARGE_SEQ, 1024 * 1024, 1, 0.15 }, 0.03, 0.025 }, /* above */
    { { "m5.4xlarge", "sc1:size=125GiB", 1, "phase,duration,large_mbps\np,1h,8\n",
      WL_LARGE_SEQ, 1024 * 1024, 1, 0.1 }, 0.01, 0.01 },  /* below */
    { { "m5.large", "gp3:size=125GiB,iops=4000,throughput=1000MiB/s", 2,
      "phase,duration,large_mbps,large_write_pct\np,1h,700,100\n",
      WL_LARGE_RAND, 0, 1, 1.0 }, 0.01, 0.01 },     /* instance, above: 30 min */
    { { "m5.large", "gp3:size=125GiB,iops=4000,throughput=1000MiB/s", 2,
      "phase,duration,large_mbps,large_write_pct\np,1h,400,100\n",
      WL_LARGE_RAND, 0, 1, 1.0 }, 0.01, 0.01 },     /* instance, below */
};

/* The documented agreement on what a day's verdict rests on: the time
   the bucket runs dry within 1 %, the phase's delivered rate within 1 %
   (but sc1 overloaded by 1 MiB I/O: 3 % and 2.5 %, docs/model.md)
   (per-interval figures of a few I/Os a second carry the exact path's
   Poisson noise: 8 MB/s of 1 MiB I/O is 480 a minute, 4.6 %). */
static void check_event_agreement(const struct fc_case *c, double event_tol,
                                  double rate_tol)
{
    bool large = strstr(c->csv, "large_mbps") != NULL;
    struct sim_forecast_result *fast = forecast(c, false);
    struct sim_forecast_result *exact = forecast(c, true);
    const struct sim_fc_event *ea = first_event(fast, SIM_FC_BURST_EMPTY);
    const struct sim_fc_event *eb = first_event(exact, SIM_FC_BURST_EMPTY);
    CHECK(ea && eb);
    if (ea && eb) {
        CHECK_NEAR_REL(ea->at_s, eb->at_s, event_tol);
        CHECK_INT_EQ(ea->bucket, eb->bucket);
    }
    if (fast && exact && fast->n_phases && exact->n_phases) {
        double ra = large ? fast->phases[0].large_mbps : fast->phases[0].small_iops;
        double rb = large ? exact->phases[0].large_mbps : exact->phases[0].small_iops;
        CHECK_NEAR_REL(ra, rb, rate_tol);
        if (ea && eb)
            fprintf(stderr, "    dry at %.0f vs %.0f s (%+.2f %%), delivered %.4g vs %.4g (%+.2f %%)\n",
                    ea->at_s, eb->at_s, 100 * (ea->at_s / eb->at_s - 1), ra, rb,
                    100 * (ra / rb - 1));
    }
    sim_forecast_free(fast);
    sim_forecast_free(exact);
}

static void fast_should_agree_with_exact_below_at_and_above_the_burst_rate(void)
{
    for (size_t i = 0; i < sizeof open_class / sizeof open_class[0]; i++) {
        const struct fc_case *c = &open_class[i].c;
        fprintf(stderr, "  case %zu: %s, %s", i, c->volume, strchr(c->csv, '\n') + 1);
        check_event_agreement(c, open_class[i].event_tol, open_class[i].rate_tol);
    }
}

static void an_open_loop_past_its_credits_should_not_be_served(void)
{
    struct sim_forecast_result *r = forecast(&open_case, false);
    const struct sim_fc_event *empty = first_event(r, SIM_FC_BURST_EMPTY);
    const struct sim_fc_event *unmet = first_event(r, SIM_FC_UNMET);
    CHECK(r && empty && unmet);
    if (r && empty && unmet) {
        CHECK_NEAR_REL(empty->at_s, 5.4e6 / (2500 - 1500.0), 0.02);
        CHECK(fabs(unmet->at_s - empty->at_s) <= 60);
        CHECK_NEAR_REL(unmet->end_s, 7200.0, 1e-9);
        double base = 1500 * gp2_iops_frac();
        CHECK_NEAR_REL(unmet->unmet_frac, 1 - base / 2500.0, 0.05);
        CHECK_INT_EQ(unmet->cls, WL_SMALL);
        CHECK(!r->served && r->first_unserved == 0);
        CHECK_NEAR_REL(r->phases[0].offered[WL_SMALL], 2500.0, 1e-9);
        double served_s = empty->at_s, short_s = 7200 - served_s;
        CHECK_NEAR_REL(r->phases[0].unmet_frac[WL_SMALL],
                       (1 - base / 2500.0) * short_s / 7200, 0.05);
    }
    sim_forecast_free(r);
}

static void an_open_loop_within_the_limits_should_be_served(void)
{
    struct fc_case c = open_case;
    c.csv = "phase,duration,small_iops,large_mbps,arrivals\nquiet,1h,800,20,constant\n";
    struct sim_forecast_result *r = forecast(&c, false);
    CHECK(r && r->served && first_event(r, SIM_FC_UNMET) == NULL);
    if (r) {
        CHECK_NEAR_REL(r->phases[0].small_iops, 800.0, 0.01);
        CHECK_NEAR_REL(r->phases[0].large_mbps, 20.0, 0.01);
        CHECK(r->phases[0].unmet_frac[WL_SMALL] <= 0.01);
    }
    sim_forecast_free(r);
}

/* A phase's logical I/Os a second: offered, and delivered. */
static void phase_ios(const struct sim_fc_phase *ph, double *offered, double *delivered)
{
    const double per_mb = 1e6 / 131072.0;   /* 128 KiB I/Os per MB */
    *offered = ph->offered[WL_SMALL] + ph->offered[WL_LARGE] * per_mb;
    *delivered = ph->small_iops + ph->large_mbps * per_mb;
}

/* The last row's p99 of a 10-minute overloaded phase against the queue's
   formula, t x (1 - delivered / offered) at t = 540 + 0.99 x 60 s. */
static void check_last_p99(const struct sim_forecast_result *r, const char *path)
{
    double offered, delivered;
    phase_ios(&r->phases[0], &offered, &delivered);
    const struct sim_timeline_row *end = &r->rows[r->n_rows - 1].tl;
    double got = end->lat[end->lat[WL_SMALL].count ? WL_SMALL : WL_LARGE].p99_us / 1e6;
    double want = (540 + 0.99 * 60) * (1 - delivered / offered);
    fprintf(stderr, "  %s: last p99 %.1f s, formula %.1f s (%.0f of %.0f I/Os a second)\n",
            path, got, want, delivered, offered);
    CHECK_NEAR_REL(got, want, 0.03);
}

/* An open loop past limits without a bucket: its queue grows for as long
   as the phase lasts, and so does its latency, first in, first out: a
   completion at t waited t x (1 - delivered / offered).  Small: 20,000
   IOPS on 4 gp3 at 3,000 each (12,000, profiles.c); large: 1,000
   MB/s on 4 gp3 at 125 MiB/s each; and both at once, 5 % over.  Both
   paths' last rows follow the formula (with their own delivered rate)
   within 3 %, and every row's mean and p99 agree within 5 % plus what
   the difference of the two delivered rates explains (the queue grows at
   offered - delivered: at 5 % over, a 0.2 % lower rate is a 4 % longer
   wait).  The fast path once held every row at its measurement window's
   figures: p99 8.1 s where the exact path's last minute showed 257 s. */
static void an_overloaded_open_loop_latency_should_grow_with_its_queue(void)
{
    static const char *const csv[] = {
        "phase,duration,small_iops\nover,10m,20000\n",
        "phase,duration,large_mbps\nover,10m,1000\n",
        "phase,duration,small_iops,large_mbps\nover,10m,9550,400\n",
    };
    for (size_t k = 0; k < sizeof csv / sizeof *csv; k++) {
        struct fc_case c = { "m5.4xlarge", "gp3:size=500GiB", 4, csv[k],
                             WL_LARGE_RAND, 0, 1, 1.0 };
        struct sim_forecast_result *fast = forecast(&c, false);
        struct sim_forecast_result *exact = forecast(&c, true);
        CHECK(fast && exact && fast->n_rows == 10 && exact->n_rows == 10);
        if (!fast || !exact || fast->n_rows != 10 || exact->n_rows != 10) {
            sim_forecast_free(fast);
            sim_forecast_free(exact);
            continue;
        }
        fprintf(stderr, "  %s", csv[k] + strcspn(csv[k], "\n") + 1);
        check_last_p99(fast, "fast");
        check_last_p99(exact, "exact");
        double offered, got_fast, got_exact;
        phase_ios(&fast->phases[0], &offered, &got_fast);
        phase_ios(&exact->phases[0], &offered, &got_exact);
        int bad = 0;
        for (size_t i = 0; i < fast->n_rows; i++)
            for (int cls = 0; cls < WL_CLASSES; cls++) {
                const struct sim_timeline_lat *a = &fast->rows[i].tl.lat[cls];
                const struct sim_timeline_lat *b = &exact->rows[i].tl.lat[cls];
                double t_end = (double)(i + 1) * 60;
                double rate_us = 1e6 * t_end * fabs(got_fast - got_exact) / offered;
                if (b->count == 0)
                    continue;
                if ((fabs(a->avg_us - b->avg_us) > 0.05 * b->avg_us + rate_us ||
                     fabs(a->p99_us - b->p99_us) > 0.05 * b->p99_us + rate_us) &&
                    bad++ < 3)
                    CHECK_FAIL_AT("row %zu, class %d: mean %.3g vs %.3g us, p99 %.3g vs "
                                  "%.3g us (rates explain %.3g us)", i, cls, a->avg_us,
                                  b->avg_us, a->p99_us, b->p99_us, rate_us);
            }
        CHECK_INT_EQ(bad, 0);
        sim_forecast_free(fast);
        sim_forecast_free(exact);
    }
}

/* Served open-loop phases on unmirrored volumes: each logical I/O is one
   physical one (8 KiB and 128 KiB inside a 1 MiB allocation unit), so
   every row's physical rates are its logical ones.  The fast path once
   set a row's logical rate to the demand and left its physical rate at
   the window's count of Poisson arrivals: 7,065 IOPS against 7,000. */
static void physical_rates_should_follow_the_delivered_ones(void)
{
    static const char *const csv[] = {
        "phase,duration,small_iops\nreads,30m,7000\n",
        "phase,duration,large_mbps\nscan,30m,400\n",
        "phase,duration,small_iops,large_mbps\nmix,30m,3000,200\n",
    };
    for (size_t k = 0; k < sizeof csv / sizeof *csv; k++) {
        const struct fc_case c = { "m5.4xlarge", "gp2:size=500GiB", 4, csv[k],
                                   WL_LARGE_RAND, 0, 1, 1.0 };
        struct sim_forecast_result *r = forecast(&c, false);
        CHECK(r && r->served && r->n_rows > 0);
        for (size_t i = 0; r && i < r->n_rows; i++) {
            const struct sim_timeline_row *row = &r->rows[i].tl;
            double large_iops = row->large_mbps * 1e6 / 131072;
            CHECK_NEAR_REL(row->phys_iops, row->small_iops + large_iops, 1e-6);
            CHECK_NEAR_REL(row->phys_mbps, row->small_iops * 8192 / 1e6 +
                                           row->large_mbps, 1e-6);
        }
        sim_forecast_free(r);
    }
}

/* Four gp2 volumes striped under an open loop past them: the stripe
   moves at its slowest volume, so once the first runs dry the others are
   held at its base rate too, and the bucket of none may climb back (each
   would earn 1,500 while held at 1,425: DOMAIN.md 4 gp2).  The fast path
   moves the four levels apart a little (each window measures its own
   consumption); one left just above 0 when the first empties must empty
   with it, as the exact path's do, not earn again inside the peak. */
static void striped_volumes_past_their_base_should_empty_together(void)
{
    const struct fc_case c = {
        "m5.xlarge", "gp2:size=500GiB", 4,
        "phase,duration,small_iops,small_write_pct\nearly,1h,1500,30\npeak,2h,9000,30\n",
        WL_LARGE_RAND, 0, 1, 0.05,
    };
    struct sim_forecast_result *r = forecast(&c, false);
    int emptied = 0;
    double first = 0, last = 0;
    for (size_t i = 0; r && i < r->n_events; i++) {
        const struct sim_fc_event *e = &r->events[i];
        bool burst = e->kind == SIM_FC_BURST_EMPTY || e->kind == SIM_FC_BURST_AGAIN;
        bool volume = burst && r->bucket[e->bucket].limit == SIM_LIMIT_VOLUME_IOPS;
        if (e->kind == SIM_FC_BURST_AGAIN && volume)
            CHECK_FAIL_AT("a volume earns again at %.0f s, inside the peak", e->at_s);
        if (e->kind != SIM_FC_BURST_EMPTY || !volume)
            continue;
        first = emptied++ ? first : e->at_s;
        last = e->at_s;
    }
    CHECK_INT_EQ(emptied, 4);
    /* Since gp2 delivers its provisioned base (issue 33) a held volume
       earns what it spends, so nothing pulls the levels together after
       the first empties: the spread left is the fast path's per-window
       consumption, 7.6 s of a 2 h peak (0.1 % of a bucket). */
    CHECK_LE(last - first, 10.0);
    sim_forecast_free(r);
}

/* A day of 7,000 IOPS on 4 x gp2 500 GiB, repeated: one volume runs dry
   first (DATA_0001, on the sixth day) and the others never do.  It holds the stripe at its base of 1,500 IOPS a volume while
   the other three, with credits, run at half their burst rate; every row
   that leaves demand unmet is bound by the burst credits, not by the
   offered load (their mean use, 0.61, once read as the offered load). */
static void unmet_rows_should_name_the_limit_that_binds(void)
{
    const struct fc_case c = { "m5.xlarge", "gp2:size=500GiB", 4,
                               "phase,duration,small_iops\nreads,1h,7000\n",
                               WL_LARGE_RAND, 0, -1, 1.0 };
    struct sim_forecast_result *r = forecast(&c, false);
    CHECK(r != NULL);
    size_t unmet = 0;
    for (size_t i = 0; r && i < r->n_rows; i++) {
        const struct sim_fc_row *row = &r->rows[i];
        if (!(row->unmet_frac[WL_SMALL] > SIM_FORECAST_UNMET_TOLERANCE))
            continue;
        unmet++;
        if (row->tl.limited_by != SIM_LIMIT_BURST_CREDITS)
            CHECK_FAIL_AT("row at %.0f s: %.1f %% unmet, limited by %s", row->tl.start_s,
                          row->unmet_frac[WL_SMALL] * 100,
                          sim_limit_id(row->tl.limited_by));
    }
    CHECK(unmet > 50);      /* from 05:59 to the steady day's end */
    sim_forecast_free(r);
}

/* ---- carrying credits ----------------------------------------------------------- */

/* Drain gp2 dry, then idle: it earns the documented 1,500 IOPS worth a
   second (DOMAIN.md 4 gp2: 3 IOPS/GiB x 500 GiB, "earns baseline per
   s"), whatever its delivered base (1,500 x the delivered share), and
   is full (99.9 %) at 7,200 + 5.4e6 x 0.999 / 1,500 = 10,796 s. */
static void an_idle_phase_should_refill_the_bucket_in_closed_form(void)
{
    const struct fc_case c = {
        "m5.4xlarge", "gp2:size=500GiB", 1,
        "phase,duration,num_small\ndrain,2h,16\nrest,3h,\n", WL_LARGE_RAND, 0, 1, 1.0,
    };
    struct sim_forecast_result *r = forecast(&c, false);
    const struct sim_fc_event *again = first_event(r, SIM_FC_BURST_AGAIN);
    const struct sim_fc_event *full = first_event(r, SIM_FC_BURST_FULL);
    CHECK(again && full);
    if (again && full) {
        CHECK_NEAR_REL(again->at_s, 7200.0, 0.01);
        const struct dev_bucket *b = &r->bucket[full->bucket];
        CHECK_NEAR_REL(b->earn_per_s, 1500.0, 1e-6);
        CHECK_NEAR_REL(b->base_per_s, 1500.0 * gp2_iops_frac(), 1e-6);
        CHECK_NEAR_REL(full->at_s, 7200.0 + 5.4e6 * (1 - 1e-3) / 1500.0, 0.01);
    }
    sim_forecast_free(r);
}

/* A phase whose load is zero is idle (issue 32, items 6 and 16: the
   engine refused the point, "the forecast failed: Invalid argument", and
   the fast path read the window's figures it never set).  The parser
   makes such phases idle; a schedule made otherwise, an open loop at 0
   IOPS or a closed one at 0 and 0 outstanding, runs as idle all the
   same, fast and exact: the bucket refills as in the idle case above. */
static void a_phase_without_load_should_run_idle(void)
{
    const struct fc_case c = {
        "m5.4xlarge", "gp2:size=500GiB", 1,
        "phase,duration,num_small\ndrain,2h,16\nrest,3h,\n", WL_LARGE_RAND, 0, 1, 1.0,
    };
    static struct wl_schedule s;
    char why[256];
    CHECK_INT_EQ(wl_schedule_parse(c.csv, "x", &s, why, sizeof why), 0);
    for (int k = 0; k < 4; k++) {
        s.phase[1].kind = k % 2 ? WL_PHASE_CLOSED : WL_PHASE_OPEN;   /* all at 0 */
        struct sim_forecast_result *r = forecast_of(&c, &s, k >= 2);
        const struct sim_fc_event *full = r ? first_event(r, SIM_FC_BURST_FULL) : NULL;
        CHECK(full != NULL);
        if (full)
            CHECK_NEAR_REL(full->at_s, 7200.0 + 5.4e6 * (1 - 1e-3) / 1500.0, 0.01);
        CHECK(r && r->n_phases == 2 && r->phases[1].small_iops == 0 && r->served);
        sim_forecast_free(r);
    }
}

/* A day that leaves the bucket emptier than it found it: the next day
   starts lower, until every day starts empty (steady). */
static void days_should_repeat_until_the_start_levels_settle(void)
{
    const struct fc_case c = {
        "m5.4xlarge", "gp2:size=500GiB", 1,
        "phase,duration,num_small\nbusy,2h,16\nquiet,40m,\n", WL_LARGE_RAND, 0, -1, 1.0,
    };
    struct sim_forecast_result *r = forecast(&c, false);
    CHECK(r && r->steady);
    if (r && r->steady) {
        int n = r->steady_after_days, b = r->buckets;
        CHECK(n >= 2);
        CHECK_INT_EQ(r->days, n);
        CHECK(r->day_start_pct[0] > 99.9);
        CHECK(r->day_start_pct[b] < r->day_start_pct[0] - 10);
        CHECK(fabs(r->day_start_pct[(size_t)n * b] - r->day_start_pct[(size_t)(n - 1) * b]) <= 0.1);
    }
    sim_forecast_free(r);
}

static void repeat_should_force_the_days(void)
{
    struct fc_case c = gp2_case;
    c.csv = "phase,duration,num_small\nload,20m,4\n";
    c.days = 3;
    struct sim_forecast_result *r = forecast(&c, false);
    CHECK(r != NULL);
    if (r) {
        CHECK_INT_EQ(r->days, 3);
        CHECK_INT_EQ(r->n_phases, 3);
        CHECK_NEAR_REL(r->horizon_s, 3 * 1200.0, 1e-9);
        CHECK_INT_EQ(r->n_rows, 60);
    }
    sim_forecast_free(r);
}

static void burst_credits_should_set_the_start_level(void)
{
    struct fc_case c = gp2_case;
    c.csv = "phase,duration,num_small\nload,10m,16\n";
    c.burst_frac = 0.0;
    struct sim_forecast_result *r = forecast(&c, false);
    CHECK(r != NULL);
    if (r) {
        CHECK(r->day_start_pct[0] < 0.01);
        CHECK_NEAR_REL(r->rows[5].tl.small_iops, 1500.0 * gp2_iops_frac(), 0.02);
    }
    sim_forecast_free(r);
}

/* small_write_pct / large_write_pct: each class its own mix. */
static void write_shares_should_hold_per_class(void)
{
    struct fc_case c = gp2_case;
    c.csv = "phase,duration,num_small,num_large,small_write_pct,large_write_pct\n"
            "mix,5m,4,2,100,0\n";
    struct sim_forecast_result *r = forecast(&c, true);
    CHECK(r && r->n_rows > 0);
    if (r && r->n_rows > 0) {
        const struct sim_timeline_row *row = &r->rows[1].tl;
        CHECK_U64_EQ(row->lat_dir[WL_SMALL][SIM_READ].count, 0);
        CHECK(row->lat_dir[WL_SMALL][SIM_WRITE].count > 1000);
        CHECK_U64_EQ(row->lat_dir[WL_LARGE][SIM_WRITE].count, 0);
        CHECK(row->lat_dir[WL_LARGE][SIM_READ].count > 100);
    }
    sim_forecast_free(r);
}

/* A closed-loop schedule asks for no rate: served, every phase. */
static void closed_loop_phases_should_be_served(void)
{
    struct sim_forecast_result *r = forecast(&gp2_case, false);
    CHECK(r && r->served && r->first_unserved == -1);
    sim_forecast_free(r);
}

/* ---- the latency of a mixture --------------------------------------------------- */

static void a_mixture_of_one_should_keep_its_quantiles(void)
{
    struct fc_lat l = { .avg_us = 1000, .p50_us = 900, .p99_us = 2000 };
    double w = 10;
    CHECK_NEAR_REL(fc_lat_mix_quantile(&l, &w, 1, 0.50), 900.0, 1e-6);
    CHECK_NEAR_REL(fc_lat_mix_quantile(&l, &w, 1, 0.99), 2000.0, 1e-6);
}

static void a_mixture_p99_should_sit_in_the_slow_part(void)
{
    /* 90 % fast (p99 1 ms), 10 % slow (p50 10 ms, p90 11 ms): the
       mixture's p99 is the slow part's p90. */
    struct fc_lat parts[2] = {
        { .p50_us = 500, .p90_us = 800, .p99_us = 1000, .max_us = 1100 },
        { .p50_us = 10000, .p90_us = 11000, .p99_us = 12000, .max_us = 13000 },
    };
    double w[2] = { 90, 10 };
    CHECK_NEAR_REL(fc_lat_mix_quantile(parts, w, 2, 0.99), 11000.0, 0.01);
}

static void a_stop_should_end_the_forecast_with_what_was_done(void)
{
    sim_stop_flag stop = 0;
    sim_stop_set(&stop);
    static struct wl_schedule s;
    char why[256];
    CHECK_INT_EQ(wl_schedule_parse(gp2_case.csv, "x", &s, why, sizeof why), 0);
    struct sim_setup cfg = model_run_cfg(gp2_case.instance, gp2_case.volume, 1);
    struct sim_parts p;
    CHECK_INT_EQ(sim_parts_open(sim_setup_run(&cfg), 16, 1, &p, why, sizeof why), 0);
    struct sim_forecast_cfg fc = { .schedule = &s, .days = 1,
                                   .interval_ns = 60 * SIM_NS_PER_S, .stop = &stop };
    struct sim_forecast_result *r = NULL;
    CHECK_INT_EQ(sim_forecast_run(&p, &fc, &r, why, sizeof why), 1);
    CHECK(r && r->incomplete && r->horizon_s < 7200);
    sim_forecast_free(r);
    sim_parts_close(&p);
}

/* ---- a database workload's classes ---------------------------------------- */

/* Two classes on one gp2 500 GiB volume (1,500 IOPS base, 3,000 burst,
   5.4 M credits): "reads" 8 KiB at 1,000/s (open loop), "writes" 16 KiB,
   2 outstanding (closed loop: as fast as the burst lets it). */
static struct sim_forecast_result *db_forecast(const char *csv, int interval_s,
                                               struct wl_schedule *s)
{
    char why[512];
    if (wl_schedule_parse(csv, "db.csv", s, why, sizeof why) != 0) {
        CHECK_FAIL_AT("schedule: %s", why);
        return NULL;
    }
    struct sim_setup cfg = model_run_cfg("m5.4xlarge", "gp2:size=500GiB", 1);
    struct sim_run_cfg *run = &cfg.run;
    struct sim_db_cfg *db = &run->db;
    run->workload.n_classes = 2;
    run->workload.classes[0] = (struct wl_class_cfg){
        .sizes = { 1, { 8192 }, { 1 } }, .pattern = WL_RANDOM };
    run->workload.classes[1] = (struct wl_class_cfg){
        .sizes = { 1, { 16384 }, { 1 } }, .pattern = WL_RANDOM, .write_pct = 100 };
    snprintf(db->class_name[0], WL_NAME_MAX, "reads");
    snprintf(db->class_name[1], WL_NAME_MAX, "writes");
    db->load = (struct sim_class_load){ .n = 2, .load = { 0, 2 }, .stream_io = { 1, 1 },
                                        .rate_iops = { 1000, 0 } };
    if (sim_forecast_db_check(s, db, why, sizeof why) != 0) {
        CHECK_FAIL_AT("check: %s", why);
        return NULL;
    }
    struct sim_db_cfg base = *db;
    sim_forecast_db_pools(s, db);
    struct sim_parts p;
    if (sim_parts_open(sim_setup_run(&cfg), 0, 0, &p, why, sizeof why) != 0) {
        CHECK_FAIL_AT("parts: %s", why);
        sim_parts_close(&p);
        return NULL;
    }
    struct sim_forecast_cfg fc = { .schedule = s, .days = 1,
                                   .interval_ns = interval_s * SIM_NS_PER_S, .db = &base };
    struct sim_forecast_result *r = NULL;
    int rc = sim_forecast_run(&p, &fc, &r, why, sizeof why);
    sim_parts_close(&p);
    if (rc != 0)
        CHECK_FAIL_AT("forecast: rc %d: %s", rc, why);
    return r;
}

/* Issue 35: the phase with scale 2 offers twice the rate and keeps twice
   the I/O outstanding; each phase and row has its figures per class; the
   credits carry from phase to phase (both phases draw at the 3,000 burst,
   1,500 a second over what the bucket earns: 20 min leave 1 - 1,200 x
   1,500 / 5.4 M = 66.7 % of it, where a reset per phase would leave
   83 %). */
static void a_workload_phase_with_scale_2_should_offer_twice_the_rate(void)
{
    static struct wl_schedule s;
    struct sim_forecast_result *r =
        db_forecast("phase,duration,scale\nnormal,10m,1\npeak,10m,2\n", 60, &s);
    CHECK(r != NULL);
    if (!r)
        return;
    CHECK(r->exact);
    CHECK_INT_EQ(r->n_classes, 2);
    CHECK_STR_EQ(r->class_name[1], "writes");
    CHECK_INT_EQ((int)r->n_phases, 2);
    const struct sim_fc_class *normal = &r->phase_cls[0], *peak = &r->phase_cls[2];
    CHECK_NEAR_REL(normal[0].offered_iops, 1000, 1e-9);
    CHECK_NEAR_REL(peak[0].offered_iops, 2000, 1e-9);
    CHECK_INT_EQ(normal[1].load, 2);
    CHECK_INT_EQ(peak[1].load, 4);
    CHECK_NEAR_REL(normal[0].iops, 1000, 0.03);
    CHECK_NEAR_REL(peak[0].iops, 2000, 0.03);
    /* the burst of 3,000 shared: the writes take what the reads leave */
    CHECK_NEAR_REL(normal[0].iops + normal[1].iops, 3000, 0.05);
    CHECK_NEAR_REL(peak[0].iops + peak[1].iops, 3000, 0.05);
    for (int c = 0; c < 2; c++) {
        CHECK(normal[c].p99_us > 0 && peak[c].p99_us > 0);
        CHECK(peak[c].mbps > 0);
    }
    CHECK(r->phases[0].served && r->phases[1].served);
    CHECK_INT_EQ((int)r->n_rows, 20);
    for (size_t i = 0; i < r->n_rows; i++) {
        const struct sim_fc_class *k = &r->row_cls[i * 2];
        CHECK(k[0].iops > 0 && k[1].iops > 0 && k[0].p99_us > 0);
        CHECK_NEAR_REL(k[0].offered_iops, i < 10 ? 1000 : 2000, 0.05);
    }
    CHECK_NEAR_REL(r->day_start_pct[1], 100 * (1 - 1200 * 1500 / 5.4e6), 0.05);
    CHECK(r->bucket_pct[9] > r->bucket_pct[10] && r->bucket_pct[10] > r->bucket_pct[19]);
    sim_forecast_free(r);
}

/* A class's own column wins over scale, an empty cell leaves the class
   out (its figures 0, no p99), and an idle phase runs no class. */
static void a_class_column_should_scale_its_class_alone(void)
{
    static struct wl_schedule s;
    struct sim_forecast_result *r = db_forecast(
        "phase,duration,scale,scale:reads\nreads-only,2m,,3\nidle,1m,0,\n", 60, &s);
    CHECK(r != NULL);
    if (!r)
        return;
    CHECK_NEAR_REL(r->phase_cls[0].offered_iops, 3000, 1e-9);
    CHECK(r->phase_cls[0].iops > 2000);
    CHECK_INT_EQ(r->phase_cls[1].load, 0);
    CHECK(r->phase_cls[1].iops == 0 && r->phase_cls[1].p99_us == 0);
    CHECK(r->phase_cls[2].iops == 0 && r->phase_cls[3].iops == 0);
    sim_forecast_free(r);
}

static void a_schedule_should_fit_the_workload(void)
{
    static struct wl_schedule s;
    struct sim_db_cfg db = { .load = { .n = 1, .rate_iops = { 100 } } };
    char why[256];
    snprintf(db.class_name[0], WL_NAME_MAX, "redo");
    CHECK_INT_EQ(wl_schedule_parse("phase,duration,small_iops\np,1m,5\n", "o", &s,
                                   why, sizeof why), 0);
    CHECK_INT_EQ(sim_forecast_db_check(&s, &db, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "ORION's") && strstr(why, "'scale'"));
    CHECK_INT_EQ(wl_schedule_parse("phase,duration,scale:lgwr\np,1m,5\n", "o", &s,
                                   why, sizeof why), 0);
    CHECK_INT_EQ(sim_forecast_db_check(&s, &db, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "no class lgwr") && strstr(why, "redo"));
    CHECK_INT_EQ(wl_schedule_parse("phase,duration,scale\np,1m,1000\n", "o", &s,
                                   why, sizeof why), 0);
    db.load.rate_iops[0] = 20000;   /* x 1,000: past 10 M */
    CHECK_INT_EQ(sim_forecast_db_check(&s, &db, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "phase p: class redo"));
}

int main(void)
{
    RUN(gp2_burst_should_run_out_when_its_credits_say_fast);
    RUN(gp2_burst_should_run_out_when_its_credits_say_exact);
    RUN(instance_burst_should_be_spent_after_30_minutes);
    RUN(st1_throughput_burst_should_run_out_in_the_middle);
    RUN(fast_should_agree_with_exact_on_a_gp2_iops_bucket);
    RUN(fast_should_agree_with_exact_on_an_st1_throughput_bucket);
    RUN(fast_should_agree_with_exact_on_an_instance_burst);
    RUN(fast_should_agree_with_exact_on_an_open_loop);
    RUN(fast_should_agree_with_exact_below_at_and_above_the_burst_rate);
    RUN(an_open_loop_past_its_credits_should_not_be_served);
    RUN(an_open_loop_within_the_limits_should_be_served);
    RUN(an_overloaded_open_loop_latency_should_grow_with_its_queue);
    RUN(physical_rates_should_follow_the_delivered_ones);
    RUN(striped_volumes_past_their_base_should_empty_together);
    RUN(unmet_rows_should_name_the_limit_that_binds);
    RUN(an_idle_phase_should_refill_the_bucket_in_closed_form);
    RUN(a_phase_without_load_should_run_idle);
    RUN(days_should_repeat_until_the_start_levels_settle);
    RUN(repeat_should_force_the_days);
    RUN(burst_credits_should_set_the_start_level);
    RUN(write_shares_should_hold_per_class);
    RUN(closed_loop_phases_should_be_served);
    RUN(a_mixture_of_one_should_keep_its_quantiles);
    RUN(a_mixture_p99_should_sit_in_the_slow_part);
    RUN(a_stop_should_end_the_forecast_with_what_was_done);
    RUN(a_workload_phase_with_scale_2_should_offer_twice_the_rate);
    RUN(a_class_column_should_scale_its_class_alone);
    RUN(a_schedule_should_fit_the_workload);
    return check_done();
}
