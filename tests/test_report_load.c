/*
 * test_report_load.c - a results JSON read back (report_load.c) writes
 * the same bytes again: write -> load -> write over runs and sweeps of
 * the model with a fixed seed, the shapes the README's model scenarios
 * make (a priced ORION matrix, a sweep, burst credits drawn, an open loop
 * with --interval's timeline), and the refusals of what is not one.
 *
 * Also run through the command line (the asmsim built beside this
 * test): the README's scenarios as the CLI configures them, and a real
 * device (a file asmsim creates).  Not covered: forecast and advise
 * documents (report_forecast.c, cli_advise_json.c), which are other
 * documents with their own structures and are not results of a run.
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "sim/aio/dev_aio.h"
#include "sim/model/dev_model.h"
#include "sim/model/setup.h"
#include "sim/null/dev_null.h"
#include "sim/report/report_load.h"
#include "tests/model_run.h"

static const struct dev_ops *const backends[] = { &dev_model_ops, &dev_null_ops, &dev_aio_ops,
                                                   NULL };

static struct sim_setup scenario(const char *instance, const char *volume, int disks)
{
    struct sim_setup cfg = model_run_cfg(instance, volume, disks);
    struct price_opts po = { PRICE_OS_LINUX, 0, NULL };
    char why[256];

    cfg.run.point.auto_duration = false;
    cfg.run.point.duration_ns = SIM_NS_PER_S / 4;
    cfg.run.seed = 7;
    cfg.run.matrix.run = WL_RUN_SIMPLE;
    cfg.run.jobs = 1;
    if (price_bill(&cfg.instance, &cfg.volume, disks, &po, &cfg.bill, why, sizeof why) < 0)
        CHECK_FAIL_AT("price_bill: %s", why);
    cfg.price = po;
    return cfg;
}

static const struct report_meta meta = {
    .testname = "roundtrip", .started = "2026-12-05T01:00:00+00:00",
    .command_line = "asmsim run --seed 7", .version = "test",
};

/* Load first (freed here), write it again: the same bytes; at the
   first difference, say where. */
static void check_loads_back(char *first)
{
    char why[512] = "", *again = NULL;
    struct report_loaded l;

    int rc = first ? report_json_load(first, backends, &l, why, sizeof why) : -1;
    if (rc != 0) {
        CHECK_FAIL_AT("report_json_load = %d: %s", rc, why);
        free(first);
        return;
    }
    CHECK(l.profiles_resolved || l.cfg.run.disk_names != NULL);
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

/* text with its line `from` cut out (the last one holding it). */
static void cut_line(char *text, const char *from)
{
    char *at = text, *next;
    while ((next = strstr(at + 1, from)) != NULL)
        at = next;
    char *end = strchr(at, '\n');
    if (at != text && end)
        memmove(at, end, strlen(end) + 1);
}

/* write -> load -> write */
static void check_round_trip(const struct sim_setup *cfg,
                             const struct sim_run_result *run,
                             const struct sim_sweep_result *sweep)
{
    char why[512] = "", *first = NULL;

    CHECK_INT_EQ(report_json_text(&meta, cfg, run, sweep, &first, why, sizeof why), 0);
    check_loads_back(first);
}

/* The results JSON of `asmsim <args> --json - --quiet`, by the asmsim
   built beside this test; NULL (and the test failed) when it did not
   run. */
static char *cli_doc(const char *args)
{
    char self[PATH_MAX], cmd[PATH_MAX + 512];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        CHECK_FAIL_AT("readlink /proc/self/exe failed");
        return NULL;
    }
    self[n] = '\0';
    snprintf(cmd, sizeof cmd, "'%s/asmsim' %s --json - --quiet", dirname(self), args);
    FILE *p = popen(cmd, "r");
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    for (int c; p && mem && (c = fgetc(p)) != EOF; )
        fputc(c, mem);
    int rc = p ? pclose(p) : -1;
    if (mem)
        fclose(mem);
    if (rc != 0 || len == 0) {
        CHECK_FAIL_AT("%s: exit %d", cmd, rc);
        free(text);
        return NULL;
    }
    text[len - 1] = '\0';          /* the newline after the document */
    return text;
}

/* A real device's document (a file asmsim creates): errors per class,
   CPU, the targets; its volume is not a profile. */
static void a_real_device_run_should_load_back_to_the_same_bytes(void)
{
    char dir[] = "/var/tmp/asmsim_load.XXXXXX", args[256];
    if (mkdtemp(dir) == NULL) {
        CHECK_FAIL_AT("mkdtemp: %s", strerror(errno));
        return;
    }
    snprintf(args, sizeof args, "run --target %s/a --create 16MiB --matrix point "
             "--num-small 1 --num-large 1 --duration 50ms", dir);
    check_loads_back(cli_doc(args));
    snprintf(args, sizeof args, "%s/a", dir);
    unlink(args);
    rmdir(dir);
}

/* The README's model scenarios as the command line configures them:
   prices (os, memory, region), layouts, levels, the open loop. */
static void the_readme_scenarios_should_load_back_to_the_same_bytes(void)
{
    static const char *const scenarios[] = {
        "run --instance m5.4xlarge --volume gp3:size=128GiB,iops=3000,throughput=125MiB/s "
        "--disks 8 --redundancy external --write 100 --run dss --burst-credits empty",
        "run --instance m5.4xlarge --volume gp3 --disks 1 --rate-small 6000 "
        "--duration 2s --interval 1s",
        "sweep --instance m5.4xlarge --volume gp3 --volumes 1-4 --rate-small 8000 "
        "--duration 5s",
        "sweep --instance m5.large --volume gp3:size=250GiB,iops=3000,throughput=125MiB/s "
        "--volumes 1-3 --write 30 --duration 1s --os rhel",
        "run --instance oci-e4flex-8 --memory 64 --volume oci-higher:size=537GB --disks 2 "
        "--run simple --duration 1s",
        "sweep --instance m5.large --volume gp3 --volumes 1-3 --redundancy normal --run oltp "
        "--duration 1s --levels extend",
    };
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++)
        check_loads_back(cli_doc(scenarios[i]));
}

static struct sim_run_result *must_run(struct sim_setup *cfg)
{
    struct sim_run_result *r = NULL;
    char why[256] = "";
    if (sim_run(sim_setup_run(cfg), NULL, NULL, &r, why, sizeof why) != 0)
        CHECK_FAIL_AT("sim_run: %s", why);
    return r;
}

static void a_run_should_load_back_to_the_same_bytes(void)
{
    struct sim_setup cfg =
        scenario("m5.large", "gp3:size=250GiB,iops=3000,throughput=125MiB/s", 2);
    struct sim_run_result *r = must_run(&cfg);
    if (r)
        check_round_trip(&cfg, r, NULL);
    sim_run_free(r);
}

static void a_sweep_should_load_back_to_the_same_bytes(void)
{
    struct sim_setup cfg = scenario("r5.xlarge", "gp3:size=100GiB", 1);
    static const int counts[] = { 1, 2, 3 };
    struct sim_sweep_result *s = NULL;
    char why[256] = "";

    /* external redundancy: with mirroring a sustained figure's physical
       share is not in the document, and a burst reading's percentage
       can come out 1 % apart (report_load.c) */
    cfg.run.workload.write_pct = 30;
    if (sim_sweep_disks(&(struct sim_disk_sweep){ sim_setup_run(&cfg), counts + 1, 2, NULL, NULL }, &s, why, sizeof why) != 0)
        CHECK_FAIL_AT("sim_sweep: %s", why);
    if (s)
        check_round_trip(&cfg, NULL, s);
    sim_sweep_free(s);
}

/* gp2's credits drawn at every point: the burst facts and the sustained
   figures measured again on empty buckets. */
/* The known gap: with mirroring a sustained figure's physical share is
   not in the document (report_load.c), so the sweep's burst reading,
   which prints it as a share of the instance baseline, may differ (here
   97 % written, 98 % again); every other byte is the same. */
static void a_mirrored_sweep_should_differ_in_its_burst_reading_at_most(void)
{
    struct sim_setup cfg = scenario("r5.xlarge", "gp3:size=100GiB", 1);
    static const int counts[] = { 2, 3 };
    struct sim_sweep_result *s = NULL;
    struct report_loaded l;
    char why[512] = "", *first = NULL, *again = NULL;

    cfg.run.layout.redundancy = LAY_NORMAL;
    cfg.run.workload.write_pct = 30;
    if (sim_sweep_disks(&(struct sim_disk_sweep){ sim_setup_run(&cfg), counts, 2, NULL, NULL }, &s, why, sizeof why) != 0 ||
        report_json_text(&meta, &cfg, NULL, s, &first, why, sizeof why) != 0 ||
        report_json_load(first, backends, &l, why, sizeof why) != 0) {
        CHECK_FAIL_AT("%s", why);
    } else {
        CHECK_INT_EQ(report_json_text(&l.meta, &l.cfg, l.run, l.sweep, &again, why,
                                      sizeof why), 0);
        CHECK(strstr(first, "Sustained: 2 volumes reach 97 %") != NULL);
        cut_line(first, "\"sweep\":\t\"Sustained");
        cut_line(again, "\"sweep\":\t\"Sustained");
        CHECK_STR_EQ(first, again);
        report_loaded_free(&l);
    }
    free(first);
    free(again);
    sim_sweep_free(s);
}

static void burst_credits_should_load_back_to_the_same_bytes(void)
{
    struct sim_setup cfg = scenario("m5.large", "gp2:size=100GiB", 1);
    cfg.run.matrix.run = WL_RUN_OLTP;
    cfg.run.matrix.num_small = 4;
    cfg.run.burst_credit_frac = 0.5;
    cfg.run.point.duration_ns = 2 * SIM_NS_PER_S;
    struct sim_run_result *r = must_run(&cfg);
    if (r)
        check_round_trip(&cfg, r, NULL);
    sim_run_free(r);
}

static void an_open_loop_with_a_timeline_should_load_back_to_the_same_bytes(void)
{
    struct sim_setup cfg = scenario("m5.large", "gp3:size=250GiB", 2);
    cfg.run.open.small_iops = 2000;
    cfg.run.open.large_mbps = 40;
    cfg.run.open.arrivals = SIM_ARRIVALS_CONSTANT;
    cfg.run.point.duration_ns = SIM_NS_PER_S;
    cfg.run.point.interval_ns = SIM_NS_PER_S / 4;
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

/* text with the first `from` after `after` replaced by `to` (freed by
   the caller). */
static char *edited(const char *text, const char *after, const char *from, const char *to)
{
    const char *a = strstr(text, after), *f = a ? strstr(a, from) : NULL;
    char *out = malloc(strlen(text) + strlen(to) + 1);
    if (f == NULL || out == NULL) {
        CHECK_FAIL_AT("%s after %s: not in the document", from, after);
        free(out);
        return NULL;
    }
    snprintf(out, strlen(text) + strlen(to) + 1, "%.*s%s%s", (int)(f - text), text, to,
             f + strlen(from));
    return out;
}

/* A document that names what this program does not know is refused, and
   the reason says where. */
static void an_unknown_name_should_be_refused_with_its_place(void)
{
    char *doc = cli_doc("sweep --instance m5.large --volume gp3 --volumes 1-2 --run oltp "
                        "--duration 1s");
    char *bad_limit = doc ? edited(doc, "\"sweep\":", "\"limited_by\":\t\"",
                                   "\"limited_by\":\t\"x") : NULL;
    char *bad_backend = doc ? edited(doc, "\"config\":", "\"model\"", "\"ssd\"") : NULL;
    struct report_loaded l;
    char why[256] = "";

    if (bad_limit) {
        CHECK_INT_EQ(report_json_load(bad_limit, backends, &l, why, sizeof why), -EINVAL);
        if (strstr(why, "sweep[0].summary.limited_by: \"x") == NULL)
            CHECK_FAIL_AT("why: %s", why);
    }
    if (bad_backend) {
        CHECK_INT_EQ(report_json_load(bad_backend, backends, &l, why, sizeof why), -EINVAL);
        CHECK_STR_EQ(why, "backend: \"ssd\" is not a backend this program was given");
    }
    free(doc);
    free(bad_limit);
    free(bad_backend);
}

int main(void)
{
    RUN(a_run_should_load_back_to_the_same_bytes);
    RUN(a_sweep_should_load_back_to_the_same_bytes);
    RUN(a_mirrored_sweep_should_differ_in_its_burst_reading_at_most);
    RUN(burst_credits_should_load_back_to_the_same_bytes);
    RUN(an_open_loop_with_a_timeline_should_load_back_to_the_same_bytes);
    RUN(the_readme_scenarios_should_load_back_to_the_same_bytes);
    RUN(a_real_device_run_should_load_back_to_the_same_bytes);
    RUN(an_unknown_name_should_be_refused_with_its_place);
    RUN(what_is_not_a_results_json_should_be_refused);
    return check_done();
}
