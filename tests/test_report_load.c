/*
 * test_report_load.c - a results JSON read back (report_load.c) writes
 * the same bytes again: write -> load -> write over runs and sweeps of
 * the model with a fixed seed, the shapes the README's model scenarios
 * make (a priced ORION matrix, a sweep, burst credits drawn, an open loop
 * with --interval's timeline), and the refusals of what is not one.
 *
 * Not covered: forecast and advise documents (report_forecast.c,
 * report_advice.c), which are other documents with their own structures;
 * real devices' JSON (cpu, errors), which only aio runs make.
 */
#include <errno.h>
#include <string.h>

#include "sim/model/dev_model.h"
#include "sim/null/dev_null.h"
#include "sim/report/report_load.h"
#include "tests/model_run.h"

static const struct dev_ops *const backends[] = { &dev_model_ops, &dev_null_ops, NULL };

static struct sim_run_cfg scenario(const char *instance, const char *volume, int disks)
{
    struct sim_run_cfg cfg = model_run_cfg(instance, volume, disks);
    struct price_opts po = { PRICE_OS_LINUX, 0, NULL };
    char why[256];

    cfg.point.auto_duration = false;
    cfg.point.duration_ns = SIM_NS_PER_S / 4;
    cfg.seed = 7;
    cfg.matrix.run = WL_RUN_SIMPLE;
    cfg.jobs = 1;
    if (price_bill(&cfg.instance, &cfg.volume, disks, &po, &cfg.bill, why, sizeof why) < 0)
        CHECK_FAIL_AT("price_bill: %s", why);
    cfg.price = po;
    return cfg;
}

static const struct report_meta meta = {
    .testname = "roundtrip", .started = "2026-12-05T01:00:00+00:00",
    .command_line = "asmsim run --seed 7", .version = "test",
};

/* write -> load -> write: the same bytes; at the first difference, say
   where. */
static void check_round_trip(const struct sim_run_cfg *cfg,
                             const struct sim_run_result *run,
                             const struct sim_sweep_result *sweep)
{
    char why[512] = "", *first = NULL, *again = NULL;
    struct report_loaded l;

    CHECK_INT_EQ(report_json_text(&meta, cfg, run, sweep, &first, why, sizeof why), 0);
    int rc = first ? report_json_load(first, backends, &l, why, sizeof why) : -1;
    if (rc != 0) {
        CHECK_FAIL_AT("report_json_load = %d: %s", rc, why);
        free(first);
        return;
    }
    CHECK(l.profiles_resolved);
    CHECK_INT_EQ(report_json_text(&l.meta, &l.cfg, l.run, l.sweep, &again, why,
                                  sizeof why), 0);
    size_t i = 0;
    while (first[i] && first[i] == again[i])
        i++;
    if (first[i] != again[i])
        CHECK_FAIL_AT("differs at byte %zu:\n--- written:\n%.300s\n--- again:\n%.300s",
                      i, first + (i > 200 ? i - 200 : 0), again + (i > 200 ? i - 200 : 0));
    free(first);
    free(again);
    report_loaded_free(&l);
}

static struct sim_run_result *must_run(const struct sim_run_cfg *cfg)
{
    struct sim_run_result *r = NULL;
    char why[256] = "";
    if (sim_run(cfg, NULL, NULL, &r, why, sizeof why) != 0)
        CHECK_FAIL_AT("sim_run: %s", why);
    return r;
}

static void a_run_should_load_back_to_the_same_bytes(void)
{
    struct sim_run_cfg cfg = scenario("m5.large", "gp3:size=250GiB,iops=3000,throughput=125MiB/s", 2);
    struct sim_run_result *r = must_run(&cfg);
    if (r)
        check_round_trip(&cfg, r, NULL);
    sim_run_free(r);
}

static void a_sweep_should_load_back_to_the_same_bytes(void)
{
    struct sim_run_cfg cfg = scenario("r5.xlarge", "gp3:size=100GiB", 1);
    static const int counts[] = { 1, 2, 3 };
    struct sim_sweep_result *s = NULL;
    char why[256] = "";

    /* external redundancy: with mirroring a sustained figure's physical
       share is not in the document, and a burst reading's percentage
       can come out 1 % apart (report_load.c) */
    cfg.workload.write_pct = 30;
    if (sim_sweep(&cfg, counts + 1, 2, NULL, NULL, &s, why, sizeof why) != 0)
        CHECK_FAIL_AT("sim_sweep: %s", why);
    if (s)
        check_round_trip(&cfg, NULL, s);
    sim_sweep_free(s);
}

/* gp2's credits drawn at every point: the burst facts and the sustained
   figures measured again on empty buckets. */
static void burst_credits_should_load_back_to_the_same_bytes(void)
{
    struct sim_run_cfg cfg = scenario("m5.large", "gp2:size=100GiB", 1);
    cfg.matrix.run = WL_RUN_OLTP;
    cfg.matrix.num_small = 4;
    cfg.burst_credit_frac = 0.5;
    cfg.point.duration_ns = 2 * SIM_NS_PER_S;
    struct sim_run_result *r = must_run(&cfg);
    if (r)
        check_round_trip(&cfg, r, NULL);
    sim_run_free(r);
}

static void an_open_loop_with_a_timeline_should_load_back_to_the_same_bytes(void)
{
    struct sim_run_cfg cfg = scenario("m5.large", "gp3:size=250GiB", 2);
    cfg.open.small_iops = 2000;
    cfg.open.large_mbps = 40;
    cfg.open.arrivals = SIM_ARRIVALS_CONSTANT;
    cfg.point.duration_ns = SIM_NS_PER_S;
    cfg.point.interval_ns = SIM_NS_PER_S / 4;
    struct sim_run_result *r = must_run(&cfg);
    if (r)
        check_round_trip(&cfg, r, NULL);
    sim_run_free(r);
}

static void what_is_not_a_results_json_should_be_refused(void)
{
    struct report_loaded l;
    char why[256] = "";

    CHECK_INT_EQ(report_json_load("{\"kind\": \"advice\"}", backends, &l, why, sizeof why),
                 -EINVAL);
    CHECK(strstr(why, "not a results JSON") != NULL);
    CHECK_INT_EQ(report_json_load("[1,", backends, &l, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "not JSON") != NULL);
}

int main(void)
{
    RUN(a_run_should_load_back_to_the_same_bytes);
    RUN(a_sweep_should_load_back_to_the_same_bytes);
    RUN(burst_credits_should_load_back_to_the_same_bytes);
    RUN(an_open_loop_with_a_timeline_should_load_back_to_the_same_bytes);
    RUN(what_is_not_a_results_json_should_be_refused);
    return check_done();
}
