/*
 * test_html.c - the HTML report without a browser: escaping, the page's
 * structure, the figures it prints, refusing what is not a results JSON,
 * and never replacing a file (tests/report_browser_test.sh renders the
 * pages in Chromium).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sim/report/html.h"
#include "sim/report/html_page.h"
#include "tests/check.h"
#include "tests/tmp_tree.h"

/* What fn writes to a FILE, as a string to free(). */
static char *captured(void (*fn)(FILE *, const char *), const char *arg)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);

    fn(f, arg);
    fclose(f);
    return text;
}

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;

    for (const char *at = hay; (at = strstr(at, needle)) != NULL; at += strlen(needle))
        n++;
    return n;
}

/* A small run: three small-only points, a burst-free summary, a timeline
   on the last point whose bucket id is `limit` and a command `command`. */
static char *run_doc(const char *command, const char *limit)
{
    char *doc = NULL;
    int n = asprintf(&doc,
        "{\"asmsim_version\":\"0.1.0\",\"testname\":\"t\",\"command\":\"%s\","
        "\"started\":\"2026-12-01T12:00:00+00:00\",\"wall_seconds\":1,"
        "\"config\":{\"disks\":2,\"backend\":\"model\","
        "\"instance\":{\"name\":\"m5.large\",\"provider\":\"aws\",\"burst\":true,"
        "\"base_mbps\":81.25,\"max_mbps\":593.75,\"base_iops\":3600,\"max_iops\":18750},"
        "\"volume\":{\"type\":\"gp3\",\"spec\":\"gp3\",\"size_bytes\":134217728000,"
        "\"iops\":3000,\"throughput_mibps\":125,\"price_usd_month\":10},"
        "\"layout\":{\"striping\":\"coarse\",\"au_bytes\":1048576,\"redundancy\":\"external\","
        "\"failgroups\":2},\"workload\":{\"small_bytes\":8192,\"large_bytes\":131072,"
        "\"large_type\":\"rand\",\"write_pct\":0},\"matrix\":{\"run\":\"oltp\","
        "\"matrix\":\"basic\"},\"duration_s\":1},"
        "\"summary\":{\"max_large_mbps\":null,\"max_small_iops\":5999.6,"
        "\"max_small_at\":{\"small\":3,\"large\":0},\"min_small_latency_us\":333.33349,"
        "\"min_small_latency_at\":{\"small\":1,\"large\":0},"
        "\"max_small_limited_by\":\"volume_iops\",\"min_small_latency_limited_by\":\"offered_load\"},"
        "\"points\":["
        "{\"small\":2,\"large\":0,\"iops\":5000,\"mbps\":null,"
        "\"small_lat_us\":{\"avg\":400,\"p50\":390,\"p90\":450,\"p99\":500,\"p999\":600,\"p9999\":700,"
        "\"hist_pow2\":[0,0,0,0,0,0,0,0,10]},\"timeline\":null},"
        "{\"small\":1,\"large\":0,\"iops\":3000,\"mbps\":null,"
        "\"small_lat_us\":{\"avg\":333.3,\"p50\":330,\"p90\":340,\"p99\":350,\"p999\":360,\"p9999\":370,"
        "\"hist_pow2\":[0,0,0,0,0,0,0,0,10]},\"timeline\":null},"
        "{\"small\":3,\"large\":0,\"iops\":5999.6,\"mbps\":null,"
        "\"small_lat_us\":{\"avg\":500,\"p50\":490,\"p90\":550,\"p99\":600,\"p999\":700,\"p9999\":800,"
        "\"hist_pow2\":[0,0,0,0,0,0,0,0,5,5]},"
        "\"small_read_lat_us\":{\"avg\":500,\"p50\":490,\"p90\":550,\"p99\":600,\"p999\":700,"
        "\"p9999\":800,\"hist_pow2\":[0,0,0,0,0,0,0,0,5,5]},"
        "\"timeline\":[{\"start_s\":0,\"length_s\":0.5,\"small_iops\":6000,\"large_mbps\":0,"
        "\"small_lat_us\":{\"avg\":500,\"p50\":490,\"p99\":600},\"limited_by\":\"volume_iops\","
        "\"buckets\":[{\"limit\":\"%s\",\"disk\":0,\"balance_pct\":99}]},"
        "{\"start_s\":0.5,\"length_s\":0.5,\"small_iops\":5999,\"large_mbps\":0,"
        "\"small_lat_us\":{\"avg\":510,\"p50\":495,\"p99\":610},\"limited_by\":\"volume_iops\","
        "\"buckets\":[{\"limit\":\"%s\",\"disk\":0,\"balance_pct\":98}]}]}],"
        "\"readings\":{\"summary\":[\"Maximum Small IOPS=6000 @ Small=3 and Large=0\","
        "\"Minimum Small Latency=333.333 usecs @ Small=1 and Large=0\"],\"sweep\":null},"
        "\"incomplete\":false}", command, limit, limit);
    return n < 0 ? NULL : doc;
}

/* The page of one document, as a string to free(); *rc its status. */
static char *page_of(const char *json, int *rc, char *why, size_t why_len)
{
    struct html_doc doc = { .name = "t", .json = json };
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);

    *rc = html_report(f, &doc, 1, why, why_len);
    fclose(f);
    return text;
}

/* The page of a document that must make one, as a string to free(). */
static char *page_made(const char *json)
{
    char why[256] = "";
    int rc;
    char *page = page_of(json, &rc, why, sizeof why);

    if (rc != 0)
        CHECK_FAIL_AT("refused (%d): %s", rc, why);
    return page;
}

/* The page of a document holds `text`. */
static void page_should_hold(const char *json, const char *text)
{
    char *page = page_made(json);

    if (!page || !strstr(page, text))
        CHECK_FAIL_AT("the page lacks: %s", text);
    free(page);
}

/* The page of the small run above, as a string to free(). */
static char *plain_page(void)
{
    char why[256] = "";
    char *doc = run_doc("asmsim run", "volume_iops");
    int rc;
    char *page = page_of(doc, &rc, why, sizeof why);

    CHECK_INT_EQ(rc, 0);
    free(doc);
    return page;
}

static void html_text_should_escape_the_five_characters(void)
{
    char *s = captured(html_text, "<a href='x'>&\"");

    CHECK_STR_EQ(s, "&lt;a href=&#39;x&#39;&gt;&amp;&quot;");
    free(s);
}

static void script_json_should_escape_what_could_end_the_element(void)
{
    char *s = captured(html_script_json, "\"</script><!--&\xe2\x80\xa8\"");

    CHECK_STR_EQ(s, "\"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\"");
    cJSON *back = cJSON_Parse(s);
    CHECK(cJSON_IsString(back));
    if (cJSON_IsString(back))
        CHECK_STR_EQ(back->valuestring, "</script><!--&\xe2\x80\xa8");
    cJSON_Delete(back);
    free(s);
}

static void a_page_should_have_one_canvas_per_chart_and_the_marker(void)
{
    char *page = plain_page();

    CHECK(strncmp(page, "<!DOCTYPE html>", 15) == 0);
    CHECK(count(page, "<canvas") > 0);
    CHECK_INT_EQ(count(page, "<canvas"), count(page, "{\"canvas\":\"chart"));
    CHECK_INT_EQ(count(page, "<figure class=\"chart\">"), count(page, "<canvas"));
    CHECK_INT_EQ(count(page, "<p class=\"reading\">"), count(page, "<figure"));
    CHECK(strstr(page, "document.body.dataset.chartsRendered") != NULL);
    CHECK(strstr(page, "default-src 'none'") != NULL);
    CHECK(strstr(page, "http:") == NULL && strstr(page, "https:") == NULL);
    CHECK(strstr(page, "//") == NULL);
    free(page);
}

static void the_summary_should_use_orions_decimals_and_the_jsons_lines(void)
{
    char *page = plain_page();

    CHECK(strstr(page, "<td data-key=\"max_small_iops\">6000</td>") != NULL);
    CHECK(strstr(page, "<td data-key=\"min_small_latency_us\">333.333</td>") != NULL);
    CHECK(strstr(page, "<td data-key=\"max_large_mbps\">-</td>") != NULL);
    /* no cost object (a JSON from before it): the volumes' list price */
    CHECK(strstr(page, "<span data-key=\"month_usd\">20.00</span> USD for the "
                       "volumes") != NULL);
    CHECK(strstr(page, "<p class=\"summary-line\">Maximum Small IOPS=6000 @ Small=3 and "
                       "Large=0</p>") != NULL);
    /* the heat map's reading is the terminal's line */
    CHECK(strstr(page, "<p class=\"reading\">Minimum Small Latency=333.333 usecs @ Small=1 "
                       "and Large=0</p>") != NULL);
    CHECK(strstr(page, "volume IOPS") != NULL);     /* the limit's label */
    free(page);
}

/* The small run with "cost" set to the JSON text cost (null: not priced). */
static char *page_with_cost(const char *cost)
{
    char why[256] = "", *page;
    char *base = run_doc("asmsim run", "volume_iops"), *text;
    cJSON *doc = cJSON_Parse(base);
    int rc;

    cJSON_AddItemToObject(doc, "cost", cJSON_Parse(cost));
    text = cJSON_PrintUnformatted(doc);
    page = page_of(text, &rc, why, sizeof why);
    CHECK_INT_EQ(rc, 0);
    cJSON_Delete(doc);
    free(text);
    free(base);
    return page;
}

static void the_cost_should_be_the_jsons_bill(void)
{
    char *page = page_with_cost(
        "{\"prices\":\"AWS us-east-1 2023-06 list\",\"instance_usd_month\":70.08,"
        "\"instance_basis\":\"m5.large Linux $0.096/h x 730 h\",\"disks\":2,"
        "\"volume_basis\":\"250 GiB x $0.08\",\"volumes_usd_month\":40,"
        "\"total_usd_month\":110.08}");

    CHECK(strstr(page, "Monthly cost (AWS us-east-1 2023-06 list): <span data-key="
                       "\"month_usd\">110.08</span> USD for the instance + volumes; "
                       "instance 70.08 (m5.large Linux $0.096/h x 730 h); volumes 40.00 "
                       "(250 GiB x $0.08 each)") != NULL);
    free(page);
    page = page_with_cost("{\"prices\":\"AWS\",\"instance_usd_month\":null,"
                          "\"instance_basis\":\"mac1.metal: no price\","
                          "\"volumes_usd_month\":40,\"total_usd_month\":null}");
    CHECK(strstr(page, "<span data-key=\"month_usd\">40.00</span> USD for the volumes; "
                       "instance not priced (mac1.metal: no price)") != NULL);
    free(page);
    page = page_with_cost("null");                  /* real devices */
    CHECK(strstr(page, "Monthly cost") == NULL);
    free(page);
}

static void the_heat_map_should_order_the_loads(void)
{
    char *page = plain_page();
    const char *heat = strstr(page, "<table class=\"heat\">");

    CHECK(heat != NULL);
    if (heat)
        CHECK(strstr(heat, "<th>1</th><th>2</th><th>3</th></tr>") != NULL);
    free(page);
}

static void the_knee_should_be_where_iops_reach_97_percent(void)
{
    char *page = plain_page();

    /* 3000, 5000, 5999.6: only 3 reaches 97 % of 5999.6, the last load */
    CHECK(strstr(page, "Small IOPS still rise at the last load measured (3 "
                       "outstanding") != NULL);
    free(page);
    /* 3000, 5900, 5999.6: the knee at 2, with its own share (it printed
       the 97 % threshold as the share) */
    char *doc = run_doc("asmsim run", "volume_iops");
    char *at = strstr(doc, "\"iops\":5000,");
    if (at)
        memcpy(at, "\"iops\":5900,", 12);
    page = page_made(doc);
    CHECK(strstr(page, "The knee is at 2 outstanding small I/Os, the first load at 97 % "
                       "of the highest IOPS or more: 5900 IOPS (98.3 % of 6000) at 400.0 "
                       "us on average") != NULL);
    free(page);
    free(doc);
}

static void the_timeline_should_show_balances_and_mark_the_points(void)
{
    char *page = plain_page();

    CHECK(strstr(page, "<h3>Burst credit balances over time</h3>") != NULL);
    CHECK(strstr(page, "1 of 1 buckets fell below full; the lowest balance is "
                       "98.0 % (volume IOPS, disk 0) at 0.50 s.") != NULL);
    CHECK(strstr(page, "2 intervals over 1.00 s of device time; small IOPS between "
                       "5999 and 6000") != NULL);
    CHECK(strstr(page, "{\"x\":0,\"label\":\"Small=3 Large=0\"}") != NULL);
    free(page);
}

/* A timeline of n rows on the doc's last point. */
static char *long_timeline_doc(int n)
{
    char *base = run_doc("asmsim run", "volume_iops"), *out;
    cJSON *doc = cJSON_Parse(base);
    cJSON *points = cJSON_GetObjectItem(doc, "points");
    cJSON *rows = cJSON_GetObjectItem(cJSON_GetArrayItem(points, 2), "timeline");
    cJSON *first = cJSON_GetArrayItem(rows, 0);

    for (int i = cJSON_GetArraySize(rows); i < n; i++) {
        cJSON *r = cJSON_Duplicate(first, 1);
        cJSON_ReplaceItemInObject(r, "start_s", cJSON_CreateNumber(i * 0.5));
        cJSON_AddItemToArray(rows, r);
    }
    out = cJSON_PrintUnformatted(doc);
    cJSON_Delete(doc);
    free(base);
    return out;
}

static void a_long_timeline_should_be_drawn_in_part_and_say_so(void)
{
    char why[256] = "";
    int rc;
    char *doc = long_timeline_doc(2001);
    char *page = page_of(doc, &rc, why, sizeof why);

    CHECK_INT_EQ(rc, 0);
    CHECK(strstr(page, "2001 intervals over 1000 s of device time (every 2nd "
                       "interval drawn)") != NULL);
    free(page);
    free(doc);
    doc = long_timeline_doc(2000);
    page = page_of(doc, &rc, why, sizeof why);
    CHECK(strstr(page, "2000 intervals over 1000 s of device time; small") != NULL);
    free(page);
    free(doc);
}

static void hostile_strings_should_not_break_out_of_the_page(void)
{
    char why[256] = "";
    char *doc = run_doc("asmsim run <b>x</b>",
                        "</script><script>alert(1)</script>");
    int rc;
    char *page = page_of(doc, &rc, why, sizeof why);

    CHECK_INT_EQ(rc, 0);
    CHECK_INT_EQ(count(page, "</script>"), 3);      /* the page's own three */
    CHECK(strstr(page, "<b>x</b>") == NULL);
    CHECK(strstr(page, "asmsim run &lt;b&gt;x&lt;/b&gt;") != NULL);
    CHECK(strstr(page, "\\u003c/script\\u003e\\u003cscript\\u003ealert(1)") != NULL);
    free(page);
    free(doc);
}

static void a_json_that_is_no_results_should_be_refused_by_name(void)
{
    struct html_doc doc = { .name = "other.json", .json = "{\"some\":\"thing\"}" };
    char why[256] = "";
    FILE *f = fopen("/dev/null", "w");

    CHECK_INT_EQ(html_report(f, &doc, 1, why, sizeof why), -EINVAL);
    CHECK(strncmp(why, "other.json: not an asmsim results JSON", 38) == 0);
    doc.json = "not json";
    CHECK_INT_EQ(html_report(f, &doc, 1, why, sizeof why), -EINVAL);
    CHECK(strncmp(why, "other.json: not JSON", 20) == 0);
    CHECK_INT_EQ(html_report(f, &doc, 0, why, sizeof why), -EINVAL);
    fclose(f);
}

static void a_report_file_should_never_replace_one(void)
{
    char dir[64], path[128], buf[16] = "";
    char *doc = run_doc("asmsim run", "volume_iops");
    struct html_doc d = { .name = "t", .json = doc };
    char why[512] = "";

    if (!tmp_tree_make(dir, sizeof dir, "test_html")) {
        CHECK(!"cannot make a scratch directory");
        return;
    }
    snprintf(path, sizeof path, "%s/r.html", dir);
    tmp_tree_put(dir, "r.html", "keep");
    CHECK_INT_EQ(html_report_file(path, &d, 1, why, sizeof why), -EEXIST);
    CHECK(strstr(why, "exists") != NULL);
    FILE *f = fopen(path, "r");
    CHECK(fgets(buf, sizeof buf, f) != NULL);
    fclose(f);
    CHECK_STR_EQ(buf, "keep");
    CHECK_INT_EQ(tmp_tree_count(dir), 1);           /* no temporary left */
    unlink(path);

    CHECK_INT_EQ(html_report_file(path, &d, 1, why, sizeof why), 0);
    CHECK_INT_EQ(tmp_tree_count(dir), 1);
    f = fopen(path, "r");
    CHECK(fgets(buf, sizeof buf, f) != NULL);
    fclose(f);
    CHECK_STR_EQ(buf, "<!DOCTYPE html>");
    unlink(path);

    d.json = "{}";                                  /* a failed page: nothing left */
    CHECK_INT_EQ(html_report_file(path, &d, 1, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "t: not an asmsim results JSON") != NULL);
    CHECK_INT_EQ(tmp_tree_count(dir), 0);
    rmdir(dir);
    free(doc);
}

/* A small forecast: two buckets, three rows, one burst_empty event and
   one unmet stretch, a phase not served; hostile text in the command,
   the verdict and an event. */
static const char forecast_doc[] =
    "{\"kind\":\"forecast\",\"schema\":1,\"version\":\"0.1.0\",\"testname\":\"fc\","
    "\"command_line\":\"asmsim forecast <i>x</i>\",\"config\":{\"instance\":\"m5.large\","
    "\"volume\":\"gp2:size=100GiB\",\"disks\":2,\"exact\":false},"
    "\"schedule\":{\"source\":\"day.csv\"},\"days\":2,\"steady\":true,"
    "\"steady_after_days\":2,\"horizon_s\":10800,"
    "\"buckets\":[{\"limit\":\"volume_iops\",\"disk\":0,\"name\":\"DATA_0000\"},"
    "{\"limit\":\"instance_mbps\",\"disk\":null,\"name\":\"instance m5.large\"}],"
    "\"events\":[{\"kind\":\"burst_empty\",\"at_s\":3600,\"bucket\":0,"
    "\"text\":\"01:00:00 DATA_0000 burst credits empty </script>\"},"
    "{\"kind\":\"unmet\",\"at_s\":7200,\"bucket\":null,\"text\":\"02:00:00 unmet\"}],"
    "\"phases\":[{\"day\":1,\"phase\":\"peak\",\"start_s\":0,\"small_iops\":100,"
    "\"small_p99_us\":950,\"large_p99_us\":0,\"served\":true},{\"day\":1,\"phase\":\"<night>\",\"start_s\":7200,"
    "\"small_iops\":50,\"unmet_small_pct\":30,\"small_p99_us\":1670543150,"
    "\"large_p99_us\":null,\"limited_by\":\"instance_mbps\",\"served\":false}],"
    "\"verdict\":{\"served\":false,\"text\":\"Verdict: NOT served & late\"},"
    "\"cost\":{\"total_usd_month\":123.456,\"text\":\"Cost: $123.46 a month\"},"
    "\"timeline\":["
    "{\"start_s\":0,\"length_s\":3600,\"small_iops\":100,\"large_mbps\":0,"
    "\"small_lat_us\":{\"p99\":900},\"bucket_pct\":[100,100]},"
    "{\"start_s\":3600,\"length_s\":3600,\"small_iops\":100,\"large_mbps\":0,"
    "\"small_lat_us\":{\"p99\":950},\"bucket_pct\":[0,100]},"
    "{\"start_s\":7200,\"length_s\":3600,\"small_iops\":50,\"large_mbps\":0,"
    "\"small_lat_us\":{\"p99\":1670543150},\"large_lat_us\":{\"p99\":3000},"
    "\"bucket_pct\":[10,90]}]}";

static void a_forecast_should_chart_time_with_its_events_and_phases(void)
{
    char why[256] = "";
    int rc;
    char *page = page_of(forecast_doc, &rc, why, sizeof why);

    CHECK_INT_EQ(rc, 0);
    CHECK(strstr(page, "asmsim forecast report: fc") != NULL);  /* its testname */
    CHECK_INT_EQ(count(page, "<canvas "), 3);       /* throughput, latency, balances */
    CHECK(strstr(page, "\"label\":\"DATA_0000 volume IOPS\"") != NULL);
    CHECK(strstr(page, "\"label\":\"instance m5.large instance MB/s\"") != NULL);
    /* both events on each of the three time axes, in hours */
    CHECK_INT_EQ(count(page, "{\"x\":1,\"label\":\"burst_empty DATA_0000\"}"), 3);
    CHECK_INT_EQ(count(page, "{\"x\":2,\"label\":\"unmet\"}"), 3);
    CHECK(strstr(page, "<td data-key=\"verdict\">Verdict: NOT served &amp; late</td>") != NULL);
    CHECK(strstr(page, "<td data-key=\"days\">2</td>") != NULL);
    CHECK(strstr(page, "<td data-key=\"steady_after_days\">2</td>") != NULL);
    CHECK(strstr(page, "<td data-key=\"cost_usd_month\">123.46</td>") != NULL);
    CHECK(strstr(page, "<p class=\"summary-line\">Cost: $123.46 a month</p>") != NULL);
    /* the balance chart's reading is the terminal's event sentence */
    CHECK(strstr(page, "<p class=\"reading\">01:00:00 DATA_0000 burst credits empty "
                       "&lt;/script&gt;</p>") != NULL);
    CHECK(strstr(page, "<tr class=\"unserved\"><td>1</td><td>&lt;night&gt;</td>") != NULL);
    /* latency in the terminal's units (issue 32, item 4: "small
       1670543150.0 us", a log axis to 1e9 us, "0.0" for a class a phase
       does not run); an unmet phase names what bound it */
    CHECK(strstr(page, "\"text\":\"p99 latency (s, log scale)\"") != NULL);
    CHECK(strstr(page, "The highest p99 in a row: small 1670.54 s, large 3000.0 us.") != NULL);
    CHECK(strstr(page, "{\"x\":2,\"y\":1670.54315}") != NULL);
    CHECK(strstr(page, "<td>950 us</td><td>-</td><td>-</td><td>served</td>") != NULL);
    CHECK(strstr(page, "<td>1671 s</td><td>-</td><td>instance MB/s</td><td><b>NOT") != NULL);
    CHECK(strstr(page, "<td>0.0</td>") == NULL);
    CHECK_INT_EQ(count(page, "<b>NOT served</b>"), 1);
    CHECK(strstr(page, "asmsim forecast &lt;i&gt;x&lt;/i&gt;") != NULL);
    CHECK_INT_EQ(count(page, "</script>"), 3);      /* the page's own three */
    free(page);
}

/* Ctrl-C while a page is made (issue 32, item 17: a forecast's page of
   120,960 rows took 25 s, deaf to it): the page is abandoned, -EINTR,
   and neither the file nor its temporary is left. */
static void a_stop_should_abandon_the_page(void)
{
    char dir[64], path[128], why[256] = "";
    sim_stop_flag stop = 0;
    struct html_doc d = { .name = "t", .json = forecast_doc, .stop = &stop };

    if (!tmp_tree_make(dir, sizeof dir, "test_html")) {
        CHECK(!"cannot make a scratch directory");
        return;
    }
    snprintf(path, sizeof path, "%s/r.html", dir);
    sim_stop_set(&stop);
    CHECK_INT_EQ(html_report_file(path, &d, 1, why, sizeof why), -EINTR);
    CHECK_STR_EQ(why, "interrupted: the report was not made");
    CHECK_INT_EQ(tmp_tree_count(dir), 0);
    stop = 0;                                       /* not set: the page is made */
    CHECK_INT_EQ(html_report_file(path, &d, 1, why, sizeof why), 0);
    CHECK_INT_EQ(tmp_tree_count(dir), 1);
    unlink(path);
    rmdir(dir);
}

/* An advice: four candidates, of which (cost, least headroom) 100/-0.5
   misses, 200/0.1, 300/0.05 (dominated) and 400/0.3 pass; the front is
   100, 200, 400.  300 took the figures of an alike candidate (the memo:
   reused), counted apart from the three simulated. */
static const char advice_doc[] =
    "{\"kind\":\"advice\",\"asmsim_version\":\"0.1.0\",\"command\":\"asmsim advise <x>\","
    "\"targets\":{\"need_mbps\":300,\"need_iops\":null,\"redundancy\":\"normal\"},"
    "\"space\":{\"clouds\":[\"aws\",\"oci\"],\"os\":\"linux\"},"
    "\"search\":{\"enumerated\":50,\"bound_passed\":10,\"simulated\":3,\"reused\":1},"
    "\"best\":[{\"instance\":\"m5.xlarge\",\"cloud\":\"aws\",\"volume\":\"gp3<b>\","
    "\"disks\":4,\"usd_month\":{\"instance\":150,\"volumes\":50,\"total\":200},"
    "\"simulated\":true,\"mbps\":330,\"pass\":true,\"headroom_frac\":{\"mbps\":0.1},"
    "\"binding\":\"instance MB/s\",\"run_command\":\"asmsim run --volume 'gp3<b>'\"}],"
    "\"rejected\":[{\"instance\":\"m5.large\",\"volume\":\"gp3\",\"disks\":4,"
    "\"usd_month\":{\"total\":100},\"simulated\":false,\"pass\":false,\"missed\":\"mbps\","
    "\"missed_got\":150,\"missed_need\":300,\"binding\":\"instance MB/s\"}],"
    "\"burst_alternative\":null,"
    "\"cloud_best\":{\"aws\":{\"instance\":\"m5.xlarge\",\"volume\":\"gp3\",\"disks\":4,"
    "\"usd_month\":{\"total\":200},\"headroom_frac\":{\"mbps\":0.1},\"binding\":\"b\"},"
    "\"oci\":null},"
    "\"candidates\":["
    "{\"usd_month\":300,\"headroom_frac\":0.05,\"pass\":true,\"reused\":true},"
    "{\"usd_month\":100,\"headroom_frac\":-0.5,\"pass\":false},"
    "{\"usd_month\":400,\"headroom_frac\":0.3,\"pass\":true},"
    "{\"usd_month\":200,\"headroom_frac\":0.1,\"pass\":true},"
    "{\"usd_month\":500,\"headroom_frac\":null,\"pass\":true}]}";

static void an_advice_should_chart_cost_against_headroom_with_the_front(void)
{
    char why[256] = "";
    int rc;
    char *page = page_of(advice_doc, &rc, why, sizeof why);
    const char *front;

    CHECK_INT_EQ(rc, 0);
    CHECK(strstr(page, "asmsim advice report: t") != NULL);
    CHECK_INT_EQ(count(page, "<canvas "), 1);
    front = strstr(page, "\"label\":\"Pareto front\"");
    CHECK(front != NULL);
    CHECK(front && strstr(front, "\"data\":[{\"x\":100,\"y\":-50},{\"x\":200,\"y\":10},"
                                 "{\"x\":400,\"y\":30}]") != NULL);
    CHECK(strstr(page, "4 configurations judged (3 simulated, 1 alike to one simulated), "
                       "3 meeting every target; 3 on the Pareto front") != NULL);
    CHECK(strstr(page, "<td data-key=\"best\">m5.xlarge + 4 x gp3&lt;b&gt;</td>") != NULL);
    CHECK(strstr(page, "<td data-key=\"best_usd_month\">200.00</td>") != NULL);
    CHECK(strstr(page, "<td data-key=\"simulated\">3</td>") != NULL);
    CHECK(strstr(page, "<td data-key=\"reused\">1</td>") != NULL);
    CHECK(strstr(page, "<td>+10.0 %</td>") != NULL);
    CHECK(strstr(page, "asmsim run --volume &#39;gp3&lt;b&gt;&#39;") != NULL);
    CHECK(strstr(page, "mbps: 150 of 300 (the bound; not simulated)") != NULL);
    CHECK(strstr(page, "<td>oci</td><td colspan=\"4\">none meets every target</td>") != NULL);
    CHECK(strstr(page, "<b>") == NULL);
    free(page);
}

static void an_advice_without_candidates_should_chart_what_it_reports(void)
{
    static const char head[] = "\"headroom_frac\":{\"mbps\":0.1}";
    char *doc = NULL;
    const char *at = strstr(advice_doc, head);
    const char *cut = strstr(advice_doc, ",\"candidates\"");
    int skip = (int)strlen(head);

    /* best[0] with a capacity sized to fit (headroom 0): it counts only
       when missed, so the point sits at the MB/s headroom, +10 % */
    CHECK(at && cut && asprintf(&doc, "%.*s\"headroom_frac\":{\"mbps\":0.1,\"capacity\":0}%.*s}",
                               (int)(at - advice_doc), advice_doc,
                               (int)(cut - at - skip), at + skip) > 0);
    char *page = page_made(doc);
    /* best[0] only: the rejected one was not simulated */
    CHECK(strstr(page, "1 configuration reported (this document lists no "
                       "candidates[]), 1 meeting every target") != NULL);
    CHECK(strstr(page, "\"data\":[{\"x\":200,\"y\":10}]") != NULL);
    free(page);
    free(doc);
}

/* The opening of a hand-written advice document. */
#define ADVICE_HEAD \
    "{\"kind\":\"advice\",\"asmsim_version\":\"0.1.0\",\"command\":\"asmsim advise\"," \
    "\"space\":{\"clouds\":[\"aws\"],\"os\":\"linux\"},"

/* An advice with nothing that meets a target out of reach: the page says
   so, with the candidate that comes closest, and counts the candidates
   the latency bound set aside (a mean of 400 us asked: gp3's lowest bound
   is 412.9 us, io2's off Nitro 500). */
static void an_advice_out_of_reach_should_say_so_and_name_the_closest(void)
{
    static const char doc[] =
        ADVICE_HEAD
        "\"targets\":{\"need_mbps\":100000,\"need_latency_us\":400,"
        "\"redundancy\":\"external\"},"
        "\"search\":{\"enumerated\":50,\"bound_passed\":0,\"simulated\":0,"
        "\"lat_set_aside\":30,\"lat_set_aside_by_type\":[{\"type\":\"gp3<u>\","
        "\"candidates\":30,\"floor_us\":412.9},{\"type\":\"io2\",\"platform\":\"xen\","
        "\"candidates\":7,\"floor_us\":500}]},"
        "\"best\":[],\"rejected\":[],\"burst_alternative\":null,\"cloud_best\":{},"
        "\"out_of_reach\":{\"mbps\":{\"instance\":\"r5b.24xlarge\",\"volume\":\"gp3<i>\","
        "\"disks\":16,\"usd_month\":{\"total\":5000.5},\"simulated\":true,"
        "\"bound_mbps\":7500,\"missed\":\"mbps\",\"missed_got\":7391.4,"
        "\"missed_need\":100000},\"iops\":null},\"candidates\":[]}";
    char *page = page_made(doc);

    CHECK(page && strstr(page, "<p class=\"warning\" data-key=\"out_of_reach_mbps\">Out of "
                               "reach: 100000 large MB/s is above every candidate&#39;s bound. "
                               "The one that comes closest, r5b.24xlarge + 16 x gp3&lt;i&gt; at "
                               "$5000.50 a month, bounds at 7500 and delivers 7391 "
                               "(simulated).</p>") != NULL);
    CHECK(page && strstr(page, "out_of_reach_iops") == NULL);
    CHECK(page && strstr(page, "<td data-key=\"lat_set_aside\">30</td>") != NULL);
    CHECK(page && strstr(page, "<p class=\"note\" data-key=\"lat_set_aside_by_type\">Set aside "
                               "by the latency bound, not simulated (the mean latency target of "
                               "400 us is below their bound): gp3&lt;u&gt;, 30 candidates, lowest "
                               "bound 413 us; io2 off Nitro (Xen), 7 candidates, lowest bound "
                               "500 us;</p>") != NULL);
    free(page);
}

/* Issue 32 items 3 and 9: a price beside a configuration is its whole
   price or says what it covers (a rejection by the instance's own limits
   is priced as the instance alone, and says so, not beside its closest
   volumes); the best configurations fit the page (six columns, the
   command under each row); the targets row shows the capacity as given
   and the write share. */
static void an_advice_should_say_what_a_price_covers_and_fit_the_page(void)
{
    static const char doc[] =
        ADVICE_HEAD
        "\"targets\":{\"need_iops\":5000,\"write_pct\":30,\"capacity_bytes\":8796093022208,"
        "\"capacity_given\":\"8TiB\",\"redundancy\":\"normal\"},"
        "\"search\":{\"enumerated\":50,\"bound_passed\":10,\"simulated\":4},"
        "\"best\":[{\"instance\":\"m5.xlarge\",\"cloud\":\"aws\",\"volume\":\"gp3\","
        "\"disks\":4,\"usd_month\":{\"instance\":150,\"volumes\":50,\"total\":200},"
        "\"simulated\":true,\"iops\":5100,\"latency_us\":420.5,\"pass\":true,"
        "\"headroom_frac\":{\"iops\":0.02},\"binding\":\"volume IOPS\","
        "\"run_command\":\"asmsim run --volume gp3\"}],"
        "\"rejected\":[{\"instance\":\"m5a.12xlarge\",\"volume\":\"gp3\",\"disks\":26,"
        "\"usd_month\":{\"covers\":\"instance\",\"instance\":1506.72,\"volumes\":0,"
        "\"total\":1506.72},\"simulated\":false,\"instance_limited\":true,\"pass\":false,"
        "\"missed\":\"iops\",\"missed_got\":4000,\"missed_need\":5000,"
        "\"binding\":\"instance IOPS\"}],"
        "\"burst_alternative\":null,\"cloud_best\":{},\"candidates\":[]}";
    char *page = page_made(doc);

    CHECK(page && strstr(page, "<td>m5a.12xlarge alone (its own limits miss the targets, "
                               "whatever the volumes)</td>") != NULL);
    CHECK(page && strstr(page, "m5a.12xlarge + 26") == NULL);
    CHECK(page && strstr(page, "<th>#</th><th>configuration</th><th>USD/month: instance + "
                               "volumes = total</th><th>simulated</th><th>headroom</th>"
                               "<th>binding limit</th></tr>") != NULL);
    CHECK(page && strstr(page, "<td>m5.xlarge + 4 x gp3</td><td>150.00 + 50.00 = 200.00</td>"
                               "<td>5100 IOPS; 420.5 us</td>") != NULL);
    CHECK(page && strstr(page, "<td colspan=\"5\">run: <code>asmsim run --volume gp3") != NULL);
    CHECK(page && strstr(page, "30 % writes; 8TiB usable; normal redundancy") != NULL);
    CHECK(page && strstr(page, "8796 GB") == NULL);
    free(page);
}

/* A schedule out of reach: the page says so, with the candidate that
   comes closest, its bound and the share of its worst phase it serves. */
static void an_advice_schedule_out_of_reach_should_say_so(void)
{
    static const char doc[] =
        ADVICE_HEAD
        "\"targets\":{\"redundancy\":\"external\",\"schedule\":{\"source\":\"flood\"}},"
        "\"search\":{\"enumerated\":50,\"bound_passed\":0,\"simulated\":0},"
        "\"best\":[],\"rejected\":[],\"burst_alternative\":null,\"cloud_best\":{},"
        "\"out_of_reach\":{\"mbps\":null,\"iops\":null,\"schedule\":{\"instance\":"
        "\"m5.24xlarge\",\"volume\":\"gp3<b>\",\"disks\":5,\"usd_month\":{\"total\":3400.25},"
        "\"simulated\":true,\"bound_mbps\":2308,\"bound_iops\":54150,\"missed\":\"schedule\","
        "\"day\":{\"served\":false,\"worst_served_frac\":0.0224}}},\"candidates\":[]}";
    char *page = page_made(doc);

    CHECK(page && strstr(page, "<p class=\"warning\" data-key=\"out_of_reach_schedule\">Out of "
                               "reach: no candidate&#39;s bound carries the schedule&#39;s day "
                               "(some phase, or the day&#39;s mean, asks more). The one that "
                               "comes closest, m5.24xlarge + 5 x gp3&lt;b&gt; at $3400.25 a "
                               "month, bounds at 2308 large MB/s and 54150 small IOPS and "
                               "serves 2 % of its worst phase (forecast).</p>") != NULL);
    CHECK(page && strstr(page, "out_of_reach_mbps") == NULL);
    free(page);
}

/* A configuration that meets the targets only on burst credits: said,
   with how long the credits last in words (it printed "3500 s"). */
static void an_advice_burst_alternative_should_say_how_long_it_lasts(void)
{
    static const char doc[] =
        ADVICE_HEAD
        "\"targets\":{\"redundancy\":\"external\"},"
        "\"search\":{\"enumerated\":50,\"bound_passed\":0,\"simulated\":3},"
        "\"best\":[],\"rejected\":[],\"burst_alternative\":{\"instance\":\"m5.large\","
        "\"volume\":\"gp2\",\"disks\":4,\"usd_month\":{\"total\":150.5},"
        "\"burst\":{\"lasts_s\":3500}},\"cloud_best\":{},\"candidates\":[]}";

    page_should_hold(doc, "On burst credits, m5.large + 4 x gp2 at $150.50 a month meets "
                          "the targets, for 58 min at most from full buckets.");
}

static void a_forecast_or_advice_should_not_be_compared(void)
{
    struct html_doc docs[2] = { { .name = "a.json" }, { .name = "fc.json", .json = forecast_doc } };
    char why[256] = "", *run = run_doc("asmsim run", "volume_iops");
    FILE *f = fopen("/dev/null", "w");

    docs[0].json = run;
    CHECK_INT_EQ(html_report(f, docs, 2, why, sizeof why), -EINVAL);
    CHECK(strcmp(why, "fc.json: a results JSON of kind forecast cannot be compared "
                      "(a comparison overlays runs and sweeps): report it alone") == 0);
    docs[1].json = advice_doc;
    docs[1].name = "adv.json";
    CHECK_INT_EQ(html_report(f, docs, 2, why, sizeof why), -EINVAL);
    CHECK(strncmp(why, "adv.json: a results JSON of kind advice cannot", 46) == 0);
    fclose(f);
    free(run);
}

/* ---- a database workload ------------------------------------------------- */

/* A database workload's class at its point: name, group, load key and
   value, IOPS, MB/s, its latency (p99 us) and which directions it did
   ("rw", "r", "w"), and for an open-loop class what was offered. */
static char *db_class(const char *name, const char *group, const char *load, double iops,
                      double mbps, double p99, const char *dirs, bool open)
{
    char lat[256], *x = NULL;
    snprintf(lat, sizeof lat, "{\"avg\":%g,\"p50\":%g,\"p90\":%g,\"p99\":%g,\"p999\":%g,"
             "\"p9999\":%g,\"hist_pow2\":[0,0,0,0,0,0,0,0,5]}", p99 / 2, p99 / 2.5,
             p99 / 1.5, p99, p99 * 1.5, p99 * 2);
    int n = asprintf(&x, "{\"name\":\"%s\",\"group\":\"%s\",%s,\"iops\":%g,\"mbps\":%g,"
                     "\"ios\":1000,\"errors\":0,\"lat_us\":%s,\"read_lat_us\":%s,"
                     "\"write_lat_us\":%s%s}", name, group, load, iops, mbps, lat,
                     strchr(dirs, 'r') ? lat : "null", strchr(dirs, 'w') ? lat : "null",
                     open ? ",\"open\":{\"offered_iops\":1020,\"unmet_frac\":0.025,"
                            "\"delayed\":3}" : "");
    return n < 0 ? NULL : x;
}

/* The configuration of a database workload: DATA (gp3) and REDO (io2)
   groups, a closed-loop class of reads and writes and an open-loop redo
   class of a size mix (the first class named `first`); `sweep` adds
   config.sweep_disks 6..7 (DATA 2..3). */
static char *db_config(const char *first, bool sweep)
{
    char *x = NULL;
    int n = asprintf(&x,
        "\"config\":{\"disks\":%d,\"backend\":\"model\",%s"
        "\"instance\":{\"name\":\"r6i.4xlarge\",\"provider\":\"aws\",\"burst\":true,"
        "\"base_mbps\":625,\"max_mbps\":1250,\"base_iops\":20000,\"max_iops\":40000},"
        "\"volume\":{\"type\":\"gp3\",\"spec\":\"gp3\",\"size_bytes\":268435456000,"
        "\"iops\":3000,\"throughput_mibps\":125,\"price_usd_month\":20},"
        "\"layout\":{\"striping\":\"coarse\",\"au_bytes\":1048576,\"redundancy\":\"external\","
        "\"failgroups\":12},\"workload\":{\"small_bytes\":8192,\"large_bytes\":131072,"
        "\"large_type\":\"rand\",\"write_pct\":0},\"matrix\":{\"run\":\"simple\","
        "\"matrix\":\"basic\"},\"duration_s\":2,"
        "\"classes\":[{\"name\":\"%s\",\"group\":\"DATA\",\"sizes\":[{\"bytes\":8192,"
        "\"weight\":1}],\"pattern\":\"random\",\"write_pct\":30,\"skew\":\"hot\","
        "\"hot_frac\":0.1,\"hot_share\":0.9,\"loop\":\"closed\",\"outstanding\":16},"
        "{\"name\":\"redo\",\"group\":\"REDO\",\"sizes\":[{\"bytes\":512,\"weight\":3},"
        "{\"bytes\":1048576,\"weight\":1}],\"pattern\":\"sequential\",\"write_pct\":100,"
        "\"skew\":\"uniform\",\"loop\":\"open\",\"rate_iops\":1000,\"arrivals\":\"poisson\"}],"
        "\"groups\":[{\"name\":\"DATA\",\"disks\":%d,\"volume\":\"gp3:size=250GiB\","
        "\"striping\":\"coarse\",\"au_bytes\":1048576,\"redundancy\":\"external\"},"
        "{\"name\":\"REDO\",\"disks\":4,\"volume\":\"io2:size=100GiB,iops=16000\","
        "\"striping\":\"coarse\",\"au_bytes\":4194304,\"redundancy\":\"normal\"}],"
        "\"options\":{\"workload\":\"oltp\"}}",
        sweep ? 7 : 12, sweep ? "\"sweep_disks\":[6,7]," : "", first, sweep ? 2 : 8);
    return n < 0 ? NULL : x;
}

/* A point of the two classes, the first's IOPS `iops`. */
static char *db_point(const char *first, double iops)
{
    char *a = db_class(first, "DATA", "\"load\":16", iops, iops * 8192 / 1e6, 872.4, "rw",
                       false);
    char *b = db_class("redo", "REDO", "\"rate_iops\":1000", 995, 88.31, 276.5, "w", true);
    char *x = NULL;
    int n = asprintf(&x, "{\"small\":0,\"large\":0,\"mbps\":88.31,\"iops\":%g,"
                     "\"limited_by\":\"offered_load\",\"measured_s\":2,"
                     "\"small_lat_us\":{\"avg\":1,\"p50\":1,\"p99\":1},\"classes\":[%s,%s],"
                     "\"targets\":[{\"class\":\"redo\",\"what\":\"latency_us\",\"stat\":"
                     "\"p99\",\"need\":1000,\"got\":276.5,\"met\":true},{\"class\":\"%s\","
                     "\"what\":\"iops\",\"need\":20000,\"got\":%g,\"met\":false}],"
                     "\"timeline\":null}", iops, a, b, first, iops);
    free(a);
    free(b);
    return n < 0 ? NULL : x;
}

/* The ORION figures a database workload's document carries beside its
   classes (they describe nothing; the page must not show them). */
#define DB_ORION_PARTS \
    "\"summary\":{\"max_large_mbps\":88.31,\"max_large_at\":{\"small\":0,\"large\":0}," \
    "\"max_small_iops\":2452,\"max_small_at\":{\"small\":0,\"large\":0}," \
    "\"min_small_latency_us\":580.6,\"min_small_latency_at\":{\"small\":0,\"large\":0}}," \
    "\"readings\":{\"summary\":[\"Maximum Large MBPS=88.31 @ Small=0 and Large=0\"," \
    "\"Maximum Small IOPS=2452 @ Small=0 and Large=0\"],\"sweep\":null}," \
    "\"cost\":{\"prices\":\"AWS list\",\"instance_usd_month\":735.84,\"instance_basis\":" \
    "\"r6i\",\"volume_basis\":\"DATA 8 x gp3, REDO 4 x io2\",\"volumes_usd_month\":4370," \
    "\"total_usd_month\":5105.84},\"incomplete\":false"

/* A database workload's run, its first class named `first`. */
static char *db_run_doc(const char *first)
{
    char *cfg = db_config(first, false), *p = db_point(first, 2452), *x = NULL;
    int n = asprintf(&x, "{\"asmsim_version\":\"0.1.0\",\"testname\":\"db\",\"command\":"
                     "\"asmsim run --workload oltp\",\"started\":\"2026-12-05\",%s,"
                     "\"points\":[%s]," DB_ORION_PARTS "}", cfg, p);
    free(cfg);
    free(p);
    return n < 0 ? NULL : x;
}

/* A database workload's sweep over 6 and 7 disks (DATA 2 and 3). */
static char *db_sweep_doc(void)
{
    char *cfg = db_config("oltp-mixed", true), *p6 = db_point("oltp-mixed", 1200);
    char *p7 = db_point("oltp-mixed", 1800), *x = NULL;
    int n = asprintf(&x, "{\"asmsim_version\":\"0.1.0\",\"testname\":\"db\",\"command\":"
                     "\"asmsim sweep\",\"started\":\"2026-12-05\",%s,\"points\":[%s],"
                     "\"sweep\":[{\"disks\":6,\"cost\":{\"total_usd_month\":5065.84},"
                     "\"summary\":{},\"points\":[%s],\"incomplete\":false},"
                     "{\"disks\":7,\"cost\":{\"total_usd_month\":5085.84},"
                     "\"summary\":{},\"points\":[%s],\"incomplete\":false}],"
                     DB_ORION_PARTS "}", cfg, p7, p6, p7);
    free(cfg);
    free(p6);
    free(p7);
    return n < 0 ? NULL : x;
}

static void page_lacks(const char *page, const char *text)
{
    if (page && strstr(page, text))
        CHECK_FAIL_AT("the page holds: %s", text);
}

/* The run's page: each class's row with its figures, a row per
   direction for the class that did both, the open class's offered rate
   and unmet share; none of ORION's summary, matrix or limits. */
static void a_database_workload_should_show_each_class_and_no_orion_summary(void)
{
    char *doc = db_run_doc("oltp-mixed"), *page = doc ? page_made(doc) : NULL;

    CHECK(page && strstr(page,
        "<tr data-class=\"oltp-mixed\"><td>oltp-mixed</td><td>DATA</td><td>16 outstanding"
        "</td><td>8KiB</td><td data-key=\"iops\">2452</td><td data-key=\"mbps\">20.09</td>"
        "<td data-key=\"avg\">436.2</td><td data-key=\"p50\">349.0</td><td data-key=\"p99\">"
        "872.4</td><td data-key=\"p999\">1308.6</td><td data-key=\"p9999\">1744.8</td>"
        "<td>-</td><td>-</td></tr>\n"
        "<tr class=\"direction\"><td>reads</td><td></td><td></td><td></td><td></td><td></td>"
        "<td>436.2</td><td>349.0</td><td>872.4</td><td>1308.6</td><td>1744.8</td>"
        "<td></td><td></td></tr>\n<tr class=\"direction\"><td>writes</td>") != NULL);
    CHECK(page && strstr(page, "<tr data-class=\"redo\"><td>redo</td><td>REDO</td><td>"
                               "1000/s poisson</td><td>512B..1MiB (2 sizes)</td>") != NULL);
    CHECK(page && strstr(page, "<td data-key=\"offered_iops\">1020</td>"
                               "<td data-key=\"unmet_pct\">2.5 %</td></tr>") != NULL);
    CHECK_INT_EQ(page ? (int)count(page, "<tr class=\"direction\">") : -1, 2);
    CHECK(page && strstr(page, "binding limit: offered load</p>") != NULL);
    CHECK(page && strstr(page, "<tr class=\"met\"><td>redo</td><td>p99 latency (us), at "
                               "most</td><td>1000.0</td><td>276.5</td><td>met</td></tr>") != NULL);
    CHECK(page && strstr(page, "<tr class=\"missed\"><td>oltp-mixed</td><td>IOPS, at "
                               "least</td><td>20000</td><td>2452</td><td>MISSED</td></tr>") != NULL);
    CHECK(page && strstr(page, "<h3>Latency percentiles of each class</h3>") != NULL);
    page_lacks(page, "Maximum Small IOPS");
    page_lacks(page, "Maximum Large MBPS");
    page_lacks(page, "data-key=\"max_small_iops\"");
    page_lacks(page, "<table class=\"heat\">");
    page_lacks(page, "small I/Os");
    page_lacks(page, "<th>layout</th><td>");         /* ORION's one layout row */
    free(page);
    free(doc);
}

/* The header: each group with its disks, volume and layout, each class
   as configured, the volumes' bill as lines of groups. */
static void a_database_workload_should_show_its_groups_and_classes(void)
{
    char *doc = db_run_doc("oltp-mixed"), *page = doc ? page_made(doc) : NULL;

    CHECK(page && strstr(page, "<tr><td>REDO</td><td>4</td><td>io2:size=100GiB,iops=16000"
                               "</td><td>coarse, AU 4MiB, normal redundancy</td></tr>") != NULL);
    CHECK(page && strstr(page, "<tr><td>oltp-mixed</td><td>DATA</td><td>8KiB</td><td>random"
                               "</td><td>30 %</td><td>hot: 10 % of the space takes 90 % of "
                               "the I/O</td><td>closed: 16 outstanding</td></tr>") != NULL);
    CHECK(page && strstr(page, "<tr><td>redo</td><td>REDO</td><td>512B 75 %, 1MiB 25 %</td>"
                               "<td>sequential</td><td>100 %</td><td>uniform</td><td>open: "
                               "1000/s poisson</td></tr>") != NULL);
    CHECK(page && strstr(page, "<tr><th>classes</th><td>2 I/O classes on 2 disk groups, "
                               "measured together as one point; duration 2 s</td></tr>") != NULL);
    CHECK(page && strstr(page, "; volumes 4370.00 (DATA 8 x gp3, REDO 4 x io2)</p>") != NULL);
    free(page);
    free(doc);
}

/* Without --group the classes run on the run's disks: its volume and
   layout rows, no groups table. */
static void a_database_workload_without_groups_should_show_the_runs_volume(void)
{
    char *doc = db_run_doc("oltp-mixed"), *solo = NULL;
    const char *from = doc ? strstr(doc, "\"groups\":[") : NULL;
    const char *to = from ? strstr(from, "],\"options\"") : NULL;

    if (to && asprintf(&solo, "%.*s\"groups\":[%s", (int)(from - doc), doc, to) > 0) {
        char *page = page_made(solo);
        CHECK(page && strstr(page, "<tr><th>volume</th><td>gp3: ") != NULL);
        CHECK(page && strstr(page, "<tr><th>layout</th><td>coarse, AU 1MiB") != NULL);
        CHECK(page && strstr(page, "2 I/O classes on the run&#39;s one disk group") != NULL);
        page_lacks(page, "<h2>Disk groups</h2>");
        free(page);
    } else {
        CHECK_FAIL_AT("no groups in the document");
    }
    free(solo);
    free(doc);
}

/* A class's name is the user's (a workload file): escaped everywhere. */
static void a_class_name_should_be_escaped(void)
{
    char *doc = db_run_doc("a<b>&c"), *page = doc ? page_made(doc) : NULL;

    CHECK(page && strstr(page, "<tr data-class=\"a&lt;b&gt;&amp;c\"><td>a&lt;b&gt;&amp;c"
                               "</td>") != NULL);
    page_lacks(page, "a<b>");
    free(page);
    free(doc);
}

/* The sweep's page: a row per disk count and class (the count, limit
   and cost on its first), each class's p99 and IOPS against the disk
   count, the first group's counts as swept. */
static void a_database_workload_sweep_should_table_each_count_and_class(void)
{
    char *doc = db_sweep_doc(), *page = doc ? page_made(doc) : NULL;

    CHECK(page && strstr(page, "<tr data-disks=\"6\"><td>6</td><td>oltp-mixed</td><td>DATA"
                               "</td><td>1200</td><td>9.83</td><td>436.2</td><td>872.4</td>"
                               "<td>offered load</td><td>5065.84</td></tr>\n<tr><td></td><td>"
                               "redo</td><td>REDO</td><td>995</td><td>88.31</td>") != NULL);
    CHECK(page && strstr(page, "<tr data-disks=\"7\"><td>7</td><td>oltp-mixed</td>") != NULL);
    CHECK(page && strstr(page, "<h3>p99 latency of each class against disk count</h3>") != NULL);
    CHECK(page && strstr(page, "At 6 and at 7 disks: oltp-mixed 1200 and 1800 IOPS; redo "
                               "995 and 995 IOPS.") != NULL);
    CHECK(page && strstr(page, "<tr><td>DATA</td><td>swept: 2, 3</td>") != NULL);
    CHECK(page && strstr(page, "Summary of the last disk count, 7 disks") != NULL);
    CHECK(page && strstr(page, "\"text\":\"disks in all groups (DATA's count varies)\"") != NULL);
    page_lacks(page, "Binding limit per disk count");      /* ORION's sweep table */
    page_lacks(page, "Small IOPS against disk count");
    page_lacks(page, "Maximum Small IOPS");
    free(page);
    free(doc);
}

/* Its figures are typed as ORION's are; a comparison is refused. */
static void a_database_workload_should_be_checked_and_not_compared(void)
{
    char *doc = db_run_doc("oltp-mixed"), *bad = NULL, why[512] = "";
    const char *at = doc ? strstr(doc, "\"lat_us\":{") : NULL;
    FILE *f = fopen("/dev/null", "w");
    int rc;

    if (at && asprintf(&bad, "%.*s\"lat_us\":5,\"x\":{%s", (int)(at - doc), doc,
                       at + strlen("\"lat_us\":{")) > 0) {
        free(page_of(bad, &rc, why, sizeof why));
        CHECK_INT_EQ(rc, -EINVAL);
        CHECK(strstr(why, "points[0].classes[0].lat_us is 5, not a latency distribution")
              != NULL);
    }
    struct html_doc docs[2] = { { .name = "db.json", .json = doc },
                                { .name = "b.json", .json = doc } };
    CHECK_INT_EQ(html_report(f, docs, 2, why, sizeof why), -EINVAL);
    CHECK_STR_EQ(why, "db.json: a database workload's results cannot be compared (a "
                      "comparison overlays ORION's small and large figures, which it "
                      "does not have): report it alone");
    fclose(f);
    free(bad);
    free(doc);
}

/* Sizes read as they were given: binary where a binary unit divides,
   else decimal (an OCI volume of 1024 GB, the tester's D9: the page said
   1000000000KiB). */
static void sizes_should_read_as_given(void)
{
    static const struct { double bytes; const char *text; } cases[] = {
        { 8192, "8KiB" }, { 1048576, "1MiB" }, { 268435456000.0, "250GiB" },
        { 1024e9, "1024GB" }, { 50e9, "50GB" }, { 1536, "1536B" }, { 0, "0B" },
    };
    char buf[32];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        html_fmt_bytes(cases[i].bytes, buf, sizeof buf);
        CHECK_STR_EQ(buf, cases[i].text);
    }
}

int main(void)
{
    RUN(html_text_should_escape_the_five_characters);
    RUN(sizes_should_read_as_given);
    RUN(script_json_should_escape_what_could_end_the_element);
    RUN(a_page_should_have_one_canvas_per_chart_and_the_marker);
    RUN(the_summary_should_use_orions_decimals_and_the_jsons_lines);
    RUN(the_cost_should_be_the_jsons_bill);
    RUN(the_heat_map_should_order_the_loads);
    RUN(the_knee_should_be_where_iops_reach_97_percent);
    RUN(the_timeline_should_show_balances_and_mark_the_points);
    RUN(a_long_timeline_should_be_drawn_in_part_and_say_so);
    RUN(hostile_strings_should_not_break_out_of_the_page);
    RUN(a_json_that_is_no_results_should_be_refused_by_name);
    RUN(a_report_file_should_never_replace_one);
    RUN(a_forecast_should_chart_time_with_its_events_and_phases);
    RUN(a_stop_should_abandon_the_page);
    RUN(an_advice_should_chart_cost_against_headroom_with_the_front);
    RUN(an_advice_without_candidates_should_chart_what_it_reports);
    RUN(an_advice_out_of_reach_should_say_so_and_name_the_closest);
    RUN(an_advice_schedule_out_of_reach_should_say_so);
    RUN(an_advice_should_say_what_a_price_covers_and_fit_the_page);
    RUN(an_advice_burst_alternative_should_say_how_long_it_lasts);
    RUN(a_forecast_or_advice_should_not_be_compared);
    RUN(a_database_workload_should_show_each_class_and_no_orion_summary);
    RUN(a_database_workload_should_show_its_groups_and_classes);
    RUN(a_database_workload_without_groups_should_show_the_runs_volume);
    RUN(a_class_name_should_be_escaped);
    RUN(a_database_workload_sweep_should_table_each_count_and_class);
    RUN(a_database_workload_should_be_checked_and_not_compared);
    return check_done();
}
