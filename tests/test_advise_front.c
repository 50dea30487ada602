/*
 * test_advise_front.c - what one more dollar buys (sim/advise/
 * advise_front.c) on hand-made outcomes: the latency front (the answer,
 * then each cheapest pass 2 % faster), the cheapest pass of each family,
 * each cloud's first --top passes only and where the search stopped, and
 * the least headroom.
 */
#include <math.h>
#include <string.h>

#include "sim/advise/advise_front.h"
#include "tests/check.h"
#include "tests/must_instance.h"

/* A simulated outcome of instance `name` billed usd a month. */
static struct adv_outcome outcome(const char *name, double usd, bool pass, double lat_us)
{
    struct adv_outcome o;

    memset(&o, 0, sizeof o);
    o.c.instance = must_instance(name);
    snprintf(o.c.volume.spec, sizeof o.c.volume.spec, "gp3");
    o.c.disks = 4;
    o.c.total_usd_month = usd;
    o.simulated = true;
    o.pass = pass;
    o.sim.lat_us = lat_us;
    return o;
}

/* The front and families of outcomes v[0..n) (in cost order). */
static struct adv_front make(const struct adv_outcome *v, int n, int top, unsigned clouds,
                             bool interrupted)
{
    struct adv_cfg cfg;
    struct adv_log log = { 0 };
    struct adv_front f;

    adv_cfg_defaults(&cfg);
    cfg.top = top;
    cfg.space.clouds = clouds;
    for (int i = 0; i < n; i++)
        CHECK_INT_EQ(adv_log_add(&log, &v[i]), 0);
    CHECK_INT_EQ(adv_front_make(&cfg, &log, interrupted, &f), 0);
    adv_log_free(&log);
    return f;
}

static void front_should_start_at_the_answer_and_keep_each_cheapest_faster_pass(void)
{
    const struct adv_outcome v[] = {
        outcome("m5.large", 90, false, 100),        /* a miss: nothing to buy */
        outcome("m5.xlarge", 100, true, 600),       /* the answer */
        outcome("c5.xlarge", 110, true, 595),       /* 0.8 % faster: noise */
        outcome("r5.xlarge", 120, true, 500),       /* on the front */
        outcome("m5.2xlarge", 130, true, 520),      /* slower than the last */
        outcome("c5.2xlarge", 140, true, 491),      /* 1.8 % faster than 500 */
        outcome("r5.2xlarge", 150, true, 400),      /* on the front */
    };
    struct adv_front f = make(v, 7, 10, ADV_CLOUD_AWS, false);

    CHECK_INT_EQ(f.n_latency, 3);
    CHECK_STR_EQ(f.latency[0].c.instance.name, "m5.xlarge");
    CHECK_STR_EQ(f.latency[1].c.instance.name, "r5.xlarge");
    CHECK_STR_EQ(f.latency[2].c.instance.name, "r5.2xlarge");
    CHECK(isinf(f.cut_usd_month));          /* fewer than top passes: all seen */
    adv_front_free(&f);
}

static void front_should_skip_passes_without_a_latency_figure(void)
{
    const struct adv_outcome v[] = {
        outcome("m5.xlarge", 100, true, 0),         /* no small I/O asked */
        outcome("r5.xlarge", 120, true, 0),
    };
    struct adv_front f = make(v, 2, 10, ADV_CLOUD_AWS, false);

    CHECK_INT_EQ(f.n_latency, 0);
    CHECK_INT_EQ(f.n_family, 2);            /* the families do not need it */
    adv_front_free(&f);
}

static void families_should_be_the_cheapest_pass_of_each(void)
{
    const struct adv_outcome v[] = {
        outcome("c6in.large", 90, false, 300),      /* a miss: no c6in row */
        outcome("m5.large", 100, true, 600),
        outcome("r5b.large", 120, true, 500),
        outcome("m5.xlarge", 150, true, 400),       /* m5 again: dearer */
        outcome("oci-e4flex-2", 160, true, 450),
    };
    struct adv_front f = make(v, 5, 10, ADV_CLOUD_AWS | ADV_CLOUD_OCI, false);

    CHECK_INT_EQ(f.n_family, 3);
    CHECK_STR_EQ(f.family[0].family, "m5");
    CHECK_NEAR_REL(f.family[0].o.c.total_usd_month, 100, 1e-12);
    CHECK_STR_EQ(f.family[1].family, "r5b");
    CHECK_STR_EQ(f.family[2].family, "e4flex");
    CHECK_STR_EQ(f.family[2].o.c.instance.name, "oci-e4flex-2");
    adv_front_free(&f);
}

/* The search stops each cloud at its top-th pass: what a shard logged
   above it is left out, and the cut is the least of the clouds' stops. */
static void each_clouds_first_top_passes_should_be_taken_and_the_cut_said(void)
{
    const struct adv_outcome v[] = {
        outcome("m5.large", 100, true, 600),
        outcome("oci-e4flex-2", 105, true, 700),
        outcome("r5b.large", 110, true, 500),       /* AWS's 2nd pass: top */
        outcome("c5.large", 115, true, 300),        /* beyond AWS's top */
        outcome("oci-e5flex-2", 130, true, 650),    /* OCI's 2nd pass */
    };
    struct adv_front f = make(v, 5, 2, ADV_CLOUD_AWS | ADV_CLOUD_OCI, false);

    CHECK_NEAR_REL(f.cut_usd_month, 110, 1e-12);
    CHECK_INT_EQ(f.n_family, 4);            /* m5, e4flex, r5b, e5flex: no c5 */
    for (int i = 0; i < f.n_family; i++)
        CHECK(strcmp(f.family[i].family, "c5") != 0);
    CHECK_INT_EQ(f.n_latency, 2);           /* m5.large 600, r5b.large 500 */
    CHECK_STR_EQ(f.latency[1].c.instance.name, "r5b.large");
    adv_front_free(&f);
}

static void an_interrupted_search_should_be_cut_at_its_last_outcome(void)
{
    const struct adv_outcome v[] = {
        outcome("m5.large", 100, true, 600),
        outcome("r5b.large", 110, false, 500),
    };
    struct adv_front f = make(v, 2, 10, ADV_CLOUD_AWS, true);

    CHECK_NEAR_REL(f.cut_usd_month, 110, 1e-12);
    adv_front_free(&f);
}

static void least_headroom_should_count_capacity_only_when_missed(void)
{
    struct adv_targets t = { .need_iops = 1000, .capacity_bytes = 1 };
    struct adv_outcome o = outcome("m5.large", 100, true, 600);
    double least;

    o.headroom[ADV_T_IOPS] = 0.25;
    o.headroom[ADV_T_CAPACITY] = 0.01;
    CHECK(adv_least_headroom(&t, &o, &least));
    CHECK_NEAR_REL(least, 0.25, 1e-12);
    o.headroom[ADV_T_CAPACITY] = -0.5;
    CHECK(adv_least_headroom(&t, &o, &least));
    CHECK_NEAR_REL(least, -0.5, 1e-12);
    o.simulated = false;
    CHECK(!adv_least_headroom(&t, &o, &least));
}

int main(void)
{
    RUN(front_should_start_at_the_answer_and_keep_each_cheapest_faster_pass);
    RUN(front_should_skip_passes_without_a_latency_figure);
    RUN(families_should_be_the_cheapest_pass_of_each);
    RUN(each_clouds_first_top_passes_should_be_taken_and_the_cut_said);
    RUN(an_interrupted_search_should_be_cut_at_its_last_outcome);
    RUN(least_headroom_should_count_capacity_only_when_missed);
    return check_done();
}
