/*
 * test_workload_file.c - workload classes (workloads/wl_spec.c), the
 * workload file loader and the presets (sim/cli/workload_file.c): every
 * key's good and bad values with the reason checked, size mixes, skews,
 * both loop kinds, and each shipped preset, embedded and on disk.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/cli/workload_file.h"
#include "tests/check.h"
#include "tests/source_tree.h"
#include "tests/tmp_tree.h"
#include "workloads/wl_spec.h"

#define KiB 1024u
#define MiB (1024u * 1024u)

static char tmpdir[64];

struct loaded {
    int rc;
    struct wl_spec spec;
    char why[512];
};

static void load(const char *json, struct loaded *r)
{
    memset(r, 0, sizeof *r);
    r->rc = workload_file_load(tmp_tree_put(tmpdir, NULL, json), &r->spec, r->why,
                               sizeof r->why);
}

/* One class given by its keys (without braces) in a workload of its own. */
static void load_class(const char *keys, struct loaded *r)
{
    char json[1024];
    snprintf(json, sizeof json, "{\"classes\": [{%s}]}", keys);
    load(json, r);
}

/* The file must be refused with a reason holding `needle`, naming the
   file, and the spec left as it was. */
static void expect_fail_json(const char *json, const char *needle)
{
    struct wl_spec spec;
    char why[512] = "";
    memset(&spec, 0x5a, sizeof spec);
    struct wl_spec before;
    memcpy(&before, &spec, sizeof spec);
    const char *path = tmp_tree_put(tmpdir, NULL, json);
    int rc = workload_file_load(path, &spec, why, sizeof why);
    if (rc != -EINVAL)
        CHECK_FAIL_AT("for %s: rc %d, wanted -EINVAL", json, rc);
    if (!strstr(why, needle))
        CHECK_FAIL_AT("for %s: reason \"%s\" lacks \"%s\"", json, why, needle);
    if (!strstr(why, tmpdir))
        CHECK_FAIL_AT("reason \"%s\" does not name the file", why);
    if (memcmp(&spec, &before, sizeof spec) != 0)
        CHECK_FAIL_AT("for %s: the spec changed on error", json);
}

static void expect_fail_class(const char *keys, const char *needle)
{
    char json[1024];
    snprintf(json, sizeof json, "{\"classes\": [{%s}]}", keys);
    expect_fail_json(json, needle);
}

/* ---- wl_spec.c ---------------------------------------------------------- */

static void defaults_should_be_8k_random_reads_closed_loop_of_one(void)
{
    struct wl_class_spec c;
    char why[256] = "";
    wl_class_spec_defaults(&c);
    CHECK_INT_EQ(c.sizes.n, 1);
    CHECK_INT_EQ(c.sizes.bytes[0], 8 * KiB);
    CHECK_INT_EQ(c.pattern, WL_RANDOM);
    CHECK_INT_EQ(c.write_pct, 0);
    CHECK_INT_EQ(c.skew, WL_SKEW_UNIFORM);
    CHECK_INT_EQ(c.loop, WL_CLOSED);
    CHECK_INT_EQ(c.outstanding, 1);
    CHECK_INT_EQ(c.streams, 1);
    CHECK_INT_EQ(c.stream_io, 1);
    CHECK_STR_EQ(c.group, "");
    /* without a name it is not a class yet */
    CHECK_INT_EQ(wl_class_spec_check(&c, why, sizeof why), -EINVAL);
    CHECK_STR_EQ(why, "class \"\": {name} must be 1 to 31 characters of A-Z a-z 0-9 _ . -");
    snprintf(c.name, sizeof c.name, "reads");
    CHECK_INT_EQ(wl_class_spec_check(&c, why, sizeof why), 0);
}

/* c with one field spoilt must fail with `needle`. */
static void expect_class_bad(const struct wl_class_spec *c, const char *needle)
{
    char why[256] = "";
    CHECK_INT_EQ(wl_class_spec_check(c, why, sizeof why), -EINVAL);
    if (!strstr(why, needle))
        CHECK_FAIL_AT("reason \"%s\" lacks \"%s\"", why, needle);
}

static void class_check_should_name_class_field_and_range(void)
{
    struct wl_class_spec ok, c;
    wl_class_spec_defaults(&ok);
    snprintf(ok.name, sizeof ok.name, "r");

    c = ok, snprintf(c.name, sizeof c.name, "a b");
    expect_class_bad(&c, "class \"a b\": {name} must be 1 to 31 characters");
    c = ok, memset(c.name, 'x', sizeof c.name);     /* no NUL: 32 characters */
    expect_class_bad(&c, "{name} must be 1 to 31");
    c = ok, snprintf(c.group, sizeof c.group, "DA TA");
    expect_class_bad(&c, "class r: {group} \"DA TA\": must be 1 to 31");
    c = ok, c.sizes.bytes[0] = 1000;
    expect_class_bad(&c, "class r: {size} 1000B: not an I/O size; use a multiple of 512 bytes "
                         "from 512 to 64MiB");
    c = ok, c.sizes.bytes[0] = 256;
    expect_class_bad(&c, "{size} 256B: not an I/O size");
    c = ok, c.sizes.bytes[0] = 128 * MiB;
    expect_class_bad(&c, "{size} 128MiB: not an I/O size");
    c = ok, c.sizes.n = 0;
    expect_class_bad(&c, "{size}: a mix of 0 sizes; give 1 to 8");
    c = ok, c.sizes.n = 9;
    expect_class_bad(&c, "a mix of 9 sizes");
    c = ok, c.sizes.weight[0] = 0;
    expect_class_bad(&c, "{size} weight 0 of 8KiB: must be an integer from 1 to 1000000");
    c = ok, c.sizes.n = 2, c.sizes.bytes[1] = 8192, c.sizes.weight[1] = 3;
    expect_class_bad(&c, "{size} 8KiB given twice in the mix");
    c = ok, c.pattern = (enum wl_pattern)7;
    expect_class_bad(&c, "{pattern} 7: must be random or sequential");
    c = ok, c.streams = 0;
    expect_class_bad(&c, "{streams} 0: must be an integer from 1 to 4096");
    c = ok, c.streams = 4097;
    expect_class_bad(&c, "{streams} 4097");
    c = ok, c.stream_io = 65;
    expect_class_bad(&c, "{stream_io} 65: must be an integer from 1 to 64");
    c = ok, c.write_pct = 101;
    expect_class_bad(&c, "{write} 101: must be an integer from 0 to 100");
    c = ok, c.write_pct = -1;
    expect_class_bad(&c, "{write} -1");
    c = ok, c.skew = WL_SKEW_HOT, c.hot_frac = 1, c.hot_share = 0.5;
    expect_class_bad(&c, "{skew} hot fraction 1: must be above 0 and below 1");
    c = ok, c.skew = WL_SKEW_HOT, c.hot_frac = 0.1, c.hot_share = 0;
    expect_class_bad(&c, "{skew} hot share 0: must be above 0 and at most 1");
    c = ok, c.skew = WL_SKEW_HOT, c.hot_frac = NAN, c.hot_share = 0.5;
    expect_class_bad(&c, "hot fraction nan");
    c = ok, c.skew = WL_SKEW_ZIPF, c.zipf_theta = 10;
    expect_class_bad(&c, "{skew} zipf theta 10: must be above 0 and below 10");
    c = ok, c.skew = WL_SKEW_ZIPF, c.zipf_theta = 1.2, c.pattern = WL_SEQUENTIAL;
    expect_class_bad(&c, "{skew} applies to random classes only");
    c = ok, c.outstanding = 0;
    expect_class_bad(&c, "{outstanding} 0: must be an integer from 1 to 4096");
    c = ok, c.outstanding = 4097;
    expect_class_bad(&c, "{outstanding} 4097");
    c = ok, c.loop = WL_OPEN, c.rate_iops = 0;
    expect_class_bad(&c, "{rate} 0: must be above 0 and at most 10000000 I/Os per second");
    c = ok, c.loop = WL_OPEN, c.rate_iops = INFINITY;
    expect_class_bad(&c, "{rate} inf");
    c = ok, c.loop = WL_OPEN, c.rate_iops = 2e7;
    expect_class_bad(&c, "{rate} 2e+07");
    c = ok, c.loop = WL_OPEN, c.rate_iops = 5, c.arrivals = (enum wl_arrival_kind)9;
    expect_class_bad(&c, "{arrivals} 9: must be poisson or constant");

    /* the ends of the ranges pass */
    char why[256];
    c = ok, c.sizes.bytes[0] = 512, c.write_pct = 100, c.outstanding = 4096;
    CHECK_INT_EQ(wl_class_spec_check(&c, why, sizeof why), 0);
    c = ok, c.sizes.bytes[0] = 64 * MiB, c.pattern = WL_SEQUENTIAL, c.streams = 4096,
    c.stream_io = 64, c.outstanding = 0;        /* ignored when sequential */
    CHECK_INT_EQ(wl_class_spec_check(&c, why, sizeof why), 0);
    c = ok, c.loop = WL_OPEN, c.rate_iops = 1e7, c.outstanding = 0;
    CHECK_INT_EQ(wl_class_spec_check(&c, why, sizeof why), 0);
    c = ok, c.skew = WL_SKEW_HOT, c.hot_frac = 0.01, c.hot_share = 1;
    CHECK_INT_EQ(wl_class_spec_check(&c, why, sizeof why), 0);
}

static void spec_check_should_refuse_no_class_too_many_and_twins(void)
{
    struct wl_spec s = {0};
    char why[256] = "";
    CHECK_INT_EQ(wl_spec_check(&s, why, sizeof why), -EINVAL);
    CHECK_STR_EQ(why, "{classes}: 0 classes; a workload has 1 to 8");
    s.n_classes = 2;
    for (int i = 0; i < 2; i++) {
        wl_class_spec_defaults(&s.cls[i]);
        snprintf(s.cls[i].name, sizeof s.cls[i].name, "same");
    }
    CHECK_INT_EQ(wl_spec_check(&s, why, sizeof why), -EINVAL);
    CHECK_STR_EQ(why, "class same: {name} given to two classes; every class needs a name "
                      "of its own");
    snprintf(s.cls[1].name, sizeof s.cls[1].name, "other");
    CHECK_INT_EQ(wl_spec_check(&s, why, sizeof why), 0);
    s.n_classes = 9;
    CHECK_INT_EQ(wl_spec_check(&s, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "9 classes") != NULL);
    s.n_classes = 2;
    snprintf(s.name, sizeof s.name, "bad name");
    CHECK_INT_EQ(wl_spec_check(&s, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "workload \"bad name\": {name}") != NULL);
}

static void size_mix_should_give_max_and_weighted_mean(void)
{
    struct wl_size_mix m = { .n = 3, .bytes = { 8192, 16384, MiB }, .weight = { 70, 20, 10 } };
    CHECK_INT_EQ(wl_size_mix_max(&m), MiB);
    CHECK_NEAR_REL(wl_size_mix_mean(&m), (0.7 * 8192 + 0.2 * 16384 + 0.1 * MiB), 1e-12);
    struct wl_size_mix one = { .n = 1, .bytes = { 512 }, .weight = { 3 } };
    CHECK_INT_EQ(wl_size_mix_max(&one), 512);
    CHECK_NEAR_REL(wl_size_mix_mean(&one), 512, 1e-12);
    struct wl_size_mix none = {0};
    CHECK_INT_EQ(wl_size_mix_max(&none), 0);
    CHECK(wl_size_mix_mean(&none) == 0);
}

/* ---- size mixes and skews ---------------------------------------------- */

static void size_mix_parse_should_take_bssplit_syntax(void)
{
    struct wl_size_mix m;
    char why[256] = "";
    CHECK_INT_EQ(workload_size_mix_parse("8KiB:70,16KiB:20,1MiB:10", &m, why, sizeof why), 0);
    CHECK_INT_EQ(m.n, 3);
    CHECK_INT_EQ(m.bytes[0], 8192);
    CHECK_INT_EQ(m.weight[0], 70);
    CHECK_INT_EQ(m.bytes[2], MiB);
    CHECK_INT_EQ(m.weight[2], 10);
    CHECK_INT_EQ(workload_size_mix_parse(" 512 : 3 , 4k:1 ", &m, why, sizeof why), 0);
    CHECK_INT_EQ(m.n, 2);
    CHECK_INT_EQ(m.bytes[0], 512);
    CHECK_INT_EQ(m.weight[0], 3);
    CHECK_INT_EQ(m.bytes[1], 4096);
    CHECK_INT_EQ(workload_size_mix_parse("1MiB", &m, why, sizeof why), 0);
    CHECK_INT_EQ(m.n, 1);
    CHECK_INT_EQ(m.weight[0], 1);
    CHECK_INT_EQ(workload_size_mix_parse("1536:1000000", &m, why, sizeof why), 0);
    CHECK_INT_EQ(m.bytes[0], 1536);
    CHECK_INT_EQ(m.weight[0], 1000000);

    static const struct {
        const char *text, *needle;
    } bad[] = {
        { "", "size 1 of the mix is empty; give a size (8KiB) or SIZE:WEIGHT" },
        { "8KiB:70,,1MiB:1", "size 2 of the mix is empty" },
        { "8KiB:70,", "size 2 of the mix is empty" },
        { "8KB", "size 8KB: not an I/O size; use a multiple of 512 bytes from 512 to 64MiB" },
        { "256", "size 256: not an I/O size" },
        { "128MiB", "size 128MiB: not an I/O size" },
        { "8KiB:0", "weight 0 of 8KiB: must be an integer from 1 to 1000000" },
        { "8KiB:1000001", "weight 1000001 of 8KiB" },
        { "8KiB:1.5", "weight 1.5 of 8KiB" },
        { "8KiB:", "weight \"\" of 8KiB" },
        { "8KiB,1MiB:1", "size 8KiB has no weight; in a mix every size takes one" },
        { "512:1,1k:1,2k:1,4k:1,8k:1,16k:1,32k:1,64k:1,128k:1", "more than 8 sizes" },
        { "8KiB:70:1", "weight 70:1 of 8KiB" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct wl_size_mix keep = { .n = 5 };
        m = keep;
        why[0] = '\0';
        CHECK_INT_EQ(workload_size_mix_parse(bad[i].text, &m, why, sizeof why), -EINVAL);
        if (!strstr(why, bad[i].needle))
            CHECK_FAIL_AT("for \"%s\": reason \"%s\" lacks \"%s\"", bad[i].text, why,
                          bad[i].needle);
        CHECK_INT_EQ(m.n, 5);
    }
    char longer[400];
    memset(longer, '1', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    CHECK_INT_EQ(workload_size_mix_parse(longer, &m, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "longer than 255 characters") != NULL);
}

static void skew_parse_should_take_uniform_hot_and_zipf(void)
{
    struct wl_class_spec c;
    char why[256] = "";
    wl_class_spec_defaults(&c);
    CHECK_INT_EQ(workload_skew_parse("hot:0.1:0.9", &c, why, sizeof why), 0);
    CHECK_INT_EQ(c.skew, WL_SKEW_HOT);
    CHECK(c.hot_frac == 0.1 && c.hot_share == 0.9);
    CHECK_INT_EQ(workload_skew_parse("zipf:1.2", &c, why, sizeof why), 0);
    CHECK_INT_EQ(c.skew, WL_SKEW_ZIPF);
    CHECK(c.zipf_theta == 1.2);
    CHECK_INT_EQ(workload_skew_parse("uniform", &c, why, sizeof why), 0);
    CHECK_INT_EQ(c.skew, WL_SKEW_UNIFORM);
    static const char *const bad[] = {
        "", "hot", "hot:0.1", "hot:0.1:0.9:1", "hot:x:0.9", "hot:-0.1:0.9", "zipf",
        "zipf:", "zipf:1:2", "Zipf:1", "normal", "zipf:1e3",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_INT_EQ(workload_skew_parse(bad[i], &c, why, sizeof why), -EINVAL);
        if (!strstr(why, ": not a skew; give uniform, hot:FRACTION:SHARE (hot:0.1:0.9) or "
                         "zipf:THETA (zipf:1.2)"))
            CHECK_FAIL_AT("for \"%s\": reason \"%s\"", bad[i], why);
    }
}

/* ---- the file ----------------------------------------------------------- */

static void full_file_should_fill_every_field(void)
{
    struct loaded r;
    load("{\"name\": \"mine\", \"description\": \"a test\", \"source\": \"none\","
         " \"classes\": ["
         " {\"name\": \"reads\", \"group\": \"DATA\", \"size\": \"8KiB:70,16KiB:30\","
         "  \"pattern\": \"random\", \"write\": 10, \"skew\": \"hot:0.2:0.8\","
         "  \"outstanding\": 32},"
         " {\"name\": \"redo\", \"group\": \"REDO\", \"size\": 512, \"pattern\": \"sequential\","
         "  \"streams\": 2, \"write\": 100, \"rate\": 700.5, \"arrivals\": \"constant\"},"
         " {\"name\": \"scan\", \"size\": \"1MiB\", \"pattern\": \"sequential\","
         "  \"streams\": 4, \"stream_io\": 8}]}", &r);
    CHECK_INT_EQ(r.rc, 0);
    if (r.rc)
        fprintf(stderr, "  %s\n", r.why);
    const struct wl_spec *s = &r.spec;
    CHECK_STR_EQ(s->name, "mine");
    CHECK_STR_EQ(s->description, "a test");
    CHECK_INT_EQ(s->n_classes, 3);
    const struct wl_class_spec *a = &s->cls[0], *b = &s->cls[1], *c = &s->cls[2];
    CHECK_STR_EQ(a->name, "reads");
    CHECK_STR_EQ(a->group, "DATA");
    CHECK_INT_EQ(a->sizes.n, 2);
    CHECK_INT_EQ(a->sizes.bytes[1], 16384);
    CHECK_INT_EQ(a->sizes.weight[1], 30);
    CHECK_INT_EQ(a->pattern, WL_RANDOM);
    CHECK_INT_EQ(a->write_pct, 10);
    CHECK_INT_EQ(a->skew, WL_SKEW_HOT);
    CHECK(a->hot_frac == 0.2 && a->hot_share == 0.8);
    CHECK_INT_EQ(a->loop, WL_CLOSED);
    CHECK_INT_EQ(a->outstanding, 32);
    CHECK_INT_EQ(b->sizes.n, 1);
    CHECK_INT_EQ(b->sizes.bytes[0], 512);
    CHECK_INT_EQ(b->pattern, WL_SEQUENTIAL);
    CHECK_INT_EQ(b->streams, 2);
    CHECK_INT_EQ(b->loop, WL_OPEN);
    CHECK(b->rate_iops == 700.5);
    CHECK_INT_EQ(b->arrivals, WL_ARRIVALS_CONSTANT);
    CHECK_STR_EQ(c->group, "");                     /* the run's first group */
    CHECK_INT_EQ(c->streams, 4);
    CHECK_INT_EQ(c->stream_io, 8);
    CHECK_INT_EQ(c->loop, WL_CLOSED);
    CHECK_INT_EQ(c->write_pct, 0);
}

static void both_loop_kinds_and_defaults(void)
{
    struct loaded r;
    load_class("\"name\": \"x\"", &r);
    CHECK_INT_EQ(r.rc, 0);
    CHECK_INT_EQ(r.spec.cls[0].loop, WL_CLOSED);
    CHECK_INT_EQ(r.spec.cls[0].outstanding, 1);
    CHECK_INT_EQ(r.spec.cls[0].sizes.bytes[0], 8192);
    load_class("\"name\": \"x\", \"rate\": 100", &r);
    CHECK_INT_EQ(r.rc, 0);
    CHECK_INT_EQ(r.spec.cls[0].loop, WL_OPEN);
    CHECK(r.spec.cls[0].rate_iops == 100);
    CHECK_INT_EQ(r.spec.cls[0].arrivals, WL_ARRIVALS_POISSON);
    load_class("\"name\": \"x\", \"rate\": 1e7, \"arrivals\": \"poisson\"", &r);
    CHECK_INT_EQ(r.rc, 0);
    load_class("\"name\": \"x\", \"pattern\": \"sequential\", \"streams\": 3, \"rate\": 0.5", &r);
    CHECK_INT_EQ(r.rc, 0);
    CHECK_INT_EQ(r.spec.cls[0].loop, WL_OPEN);
    CHECK_INT_EQ(r.spec.cls[0].streams, 3);
    load_class("\"name\": \"x\", \"outstanding\": 4096", &r);
    CHECK_INT_EQ(r.rc, 0);
    CHECK_INT_EQ(r.spec.cls[0].outstanding, 4096);
}

static void name_should_default_to_the_files_name(void)
{
    struct wl_spec s;
    char why[512] = "";
    const char *p = tmp_tree_put(tmpdir, "night-load.json",
                                 "{\"classes\": [{\"name\": \"x\"}]}");
    CHECK_INT_EQ(workload_file_load(p, &s, why, sizeof why), 0);
    CHECK_STR_EQ(s.name, "night-load");
    CHECK_STR_EQ(s.description, "");
    p = tmp_tree_put(tmpdir, "bad name.json", "{\"classes\": [{\"name\": \"x\"}]}");
    CHECK_INT_EQ(workload_file_load(p, &s, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "\"name\" missing, and the file's name \"bad name\" is not a workload "
                      "name; give \"name\": 1 to 31 characters") != NULL);
    p = tmp_tree_put(tmpdir, "bad name2.json",
                     "{\"name\": \"ok\", \"classes\": [{\"name\": \"x\"}]}");
    CHECK_INT_EQ(workload_file_load(p, &s, why, sizeof why), 0);
    CHECK_STR_EQ(s.name, "ok");
}

static void bad_values_should_name_file_class_key_and_what_is_valid(void)
{
    /* class keys: type, syntax and range */
    expect_fail_class("\"name\": \"r\", \"write\": 101",
                      ": class r: \"write\" 101: must be an integer from 0 to 100");
    expect_fail_class("\"name\": \"r\", \"write\": \"50\"",
                      "class r: \"write\" \"50\": must be an integer from 0 to 100");
    expect_fail_class("\"name\": \"r\", \"write\": 5.5", "\"write\" 5.5: must be an integer");
    expect_fail_class("\"name\": \"r\", \"write\": -1", "\"write\" -1: must be an integer");
    expect_fail_class("\"name\": \"r\", \"outstanding\": 0",
                      "class r: \"outstanding\" 0: must be an integer from 1 to 4096");
    expect_fail_class("\"name\": \"r\", \"outstanding\": 1e400",
                      "\"outstanding\" (a number out of range): must be an integer");
    expect_fail_class("\"name\": \"r\", \"pattern\": \"sequential\", \"streams\": 4097",
                      "class r: \"streams\" 4097: must be an integer from 1 to 4096");
    expect_fail_class("\"name\": \"r\", \"pattern\": \"sequential\", \"stream_io\": 0",
                      "class r: \"stream_io\" 0: must be an integer from 1 to 64");
    expect_fail_class("\"name\": \"r\", \"size\": \"8KB\"",
                      "class r: \"size\" \"8KB\": size 8KB: not an I/O size; use a multiple "
                      "of 512 bytes from 512 to 64MiB");
    expect_fail_class("\"name\": \"r\", \"size\": 1000",
                      "class r: \"size\" 1000B: not an I/O size; use a multiple of 512");
    expect_fail_class("\"name\": \"r\", \"size\": 100",
                      "class r: \"size\" 100: must be a size (8KiB) or SIZE:WEIGHT");
    expect_fail_class("\"name\": \"r\", \"size\": [8192]", "\"size\" [8192]: must be a size");
    expect_fail_class("\"name\": \"r\", \"size\": \"8KiB:1,8192:2\"",
                      "class r: \"size\" 8KiB given twice in the mix");
    expect_fail_class("\"name\": \"r\", \"size\": \"8KiB:1,1MiB\"",
                      "\"size\" \"8KiB:1,1MiB\": size 1MiB has no weight");
    expect_fail_class("\"name\": \"r\", \"pattern\": \"seq\"",
                      "class r: \"pattern\" \"seq\": must be \"random\" or \"sequential\"");
    expect_fail_class("\"name\": \"r\", \"pattern\": 1", "\"pattern\" 1: must be \"random\"");
    expect_fail_class("\"name\": \"r\", \"rate\": 5, \"arrivals\": \"bursty\"",
                      "class r: \"arrivals\" \"bursty\": must be \"poisson\" or \"constant\"");
    expect_fail_class("\"name\": \"r\", \"rate\": 0",
                      "class r: \"rate\" 0: must be above 0 and at most 10000000 I/Os per "
                      "second");
    expect_fail_class("\"name\": \"r\", \"rate\": -5", "\"rate\" -5: must be above 0");
    expect_fail_class("\"name\": \"r\", \"rate\": 1e8", "\"rate\" 1e+08: must be above 0");
    expect_fail_class("\"name\": \"r\", \"rate\": \"700\"",
                      "class r: \"rate\" \"700\": must be a number of I/Os per second");
    expect_fail_class("\"name\": \"r\", \"rate\": 1e400",
                      "\"rate\" (a number out of range): must be a number");
    expect_fail_class("\"name\": \"r\", \"skew\": \"hot:1.5:0.9\"",
                      "class r: \"skew\" hot fraction 1.5: must be above 0 and below 1");
    expect_fail_class("\"name\": \"r\", \"skew\": \"hot:0.1:0\"",
                      "class r: \"skew\" hot share 0: must be above 0 and at most 1");
    expect_fail_class("\"name\": \"r\", \"skew\": \"zipf:0\"",
                      "class r: \"skew\" zipf theta 0: must be above 0 and below 10");
    expect_fail_class("\"name\": \"r\", \"skew\": \"pareto\"",
                      "class r: \"skew\" pareto: not a skew; give uniform, hot:FRACTION:SHARE");
    expect_fail_class("\"name\": \"r\", \"skew\": 1.2",
                      "class r: \"skew\" 1.2: must be a string: uniform, hot:FRACTION:SHARE");
    expect_fail_class("\"name\": \"r\", \"group\": \"DA TA\"",
                      "class r: \"group\" \"DA TA\": must be a string of 1 to 31 characters");
    expect_fail_class("\"name\": \"r\", \"group\": 3", "\"group\" 3: must be a string");
    expect_fail_class("\"name\": \"\"", "class \"\": \"name\" \"\": must be a string of 1 to 31");
    expect_fail_class("\"name\": \"0123456789012345678901234567890123\"",
                      "\"name\" \"0123456789012345678901234567890123\": must be a string of 1 "
                      "to 31");
    expect_fail_class("\"name\": 7", "classes[0]: \"name\" 7: must be a string");
    expect_fail_class("\"size\": \"8KiB\"",
                      "classes[0]: \"name\" missing; every class needs one");
}

static void keys_that_do_not_apply_should_be_refused(void)
{
    expect_fail_class("\"name\": \"r\", \"outstanding\": 4, \"rate\": 10",
                      "class r: \"outstanding\" and \"rate\" both given; give one: "
                      "\"outstanding\" for a closed loop, \"rate\" for an open loop");
    expect_fail_class("\"name\": \"r\", \"streams\": 4",
                      "class r: \"streams\" applies to sequential classes only; give "
                      "\"pattern\": \"sequential\"");
    expect_fail_class("\"name\": \"r\", \"stream_io\": 4", "\"stream_io\" applies to "
                      "sequential classes only");
    expect_fail_class("\"name\": \"r\", \"pattern\": \"sequential\", \"skew\": \"zipf:1\"",
                      "class r: \"skew\" applies to random classes only");
    expect_fail_class("\"name\": \"r\", \"pattern\": \"sequential\", \"outstanding\": 4",
                      "class r: \"outstanding\" applies to random classes; a sequential "
                      "class keeps \"streams\" x \"stream_io\" outstanding");
    expect_fail_class("\"name\": \"r\", \"pattern\": \"sequential\", \"stream_io\": 2, "
                      "\"rate\": 5",
                      "class r: \"stream_io\" applies to a closed loop");
    expect_fail_class("\"name\": \"r\", \"arrivals\": \"poisson\"",
                      "class r: \"arrivals\" applies to an open loop; give \"rate\" too");
}

static void keys_and_structure_should_be_strict(void)
{
    expect_fail_json("{\"classes\": [{\"name\": \"r\", \"sise\": \"8KiB\"}]}",
                     ": class r: unknown key \"sise\"; valid keys are name, group, size, "
                     "pattern, streams, stream_io, write, skew, outstanding, rate, arrivals");
    expect_fail_json("{\"classes\": [{\"name\": \"r\", \"write\": 1, \"write\": 2}]}",
                     ": class r: key \"write\" given twice");
    expect_fail_json("{\"clases\": []}",
                     ": unknown key \"clases\"; valid keys are name, description, source, "
                     "classes");
    expect_fail_json("{\"name\": \"a\", \"name\": \"b\", \"classes\": [{\"name\": \"r\"}]}",
                     ": key \"name\" given twice");
    expect_fail_json("{\"classes\": [{\"name\": \"r\"}, {\"name\": \"r\"}]}",
                     ": class r: \"name\" given to two classes; every class needs a name of "
                     "its own");
    expect_fail_json("{\"name\": \"w\"}", ": \"classes\" missing: give an array of 1 to 8 "
                     "classes");
    expect_fail_json("{\"classes\": []}", ": \"classes\" is not a non-empty array: give");
    expect_fail_json("{\"classes\": {}}", ": \"classes\" is not a non-empty array");
    expect_fail_json("{\"classes\": [{\"name\": \"a\"}, {\"name\": \"b\"}, {\"name\": \"c\"},"
                     " {\"name\": \"d\"}, {\"name\": \"e\"}, {\"name\": \"f\"}, {\"name\": \"g\"},"
                     " {\"name\": \"h\"}, {\"name\": \"i\"}]}",
                     ": \"classes\" has too many: give an array of 1 to 8 classes");
    expect_fail_json("{\"classes\": [\"reads\"]}",
                     ": classes[0]: must be an object ({\"name\": \"reads\"");
    expect_fail_json("[1]", ": a workload file must hold one JSON object");
    expect_fail_json("{\"description\": 5, \"classes\": [{\"name\": \"r\"}]}",
                     ": \"description\" 5: must be a string of at most 159 characters");
    expect_fail_json("{\"source\": [], \"classes\": [{\"name\": \"r\"}]}",
                     ": \"source\" []: must be a string");
    expect_fail_json("{\"name\": \"a b\", \"classes\": [{\"name\": \"r\"}]}",
                     ": \"name\" \"a b\": must be a string of 1 to 31");
    char json[512];
    char desc[200];
    memset(desc, 'd', 160);
    desc[160] = '\0';
    snprintf(json, sizeof json, "{\"description\": \"%s\", \"classes\": [{\"name\": \"r\"}]}",
             desc);
    expect_fail_json(json, "must be a string of at most 159 characters");
    desc[159] = '\0';
    snprintf(json, sizeof json, "{\"description\": \"%s\", \"classes\": [{\"name\": \"r\"}]}",
             desc);
    struct loaded r;
    load(json, &r);
    CHECK_INT_EQ(r.rc, 0);
    CHECK_INT_EQ(strlen(r.spec.description), 159);
    /* the second class is bad: nothing of the first is kept */
    expect_fail_json("{\"classes\": [{\"name\": \"good\"}, {\"name\": \"bad\", \"write\": 200}]}",
                     "class bad: \"write\" 200");
}

static void unreadable_and_invalid_files_should_say_why(void)
{
    struct wl_spec s;
    char why[512] = "";
    CHECK_INT_EQ(workload_file_load("/nonexistent/w.json", &s, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "/nonexistent/w.json: cannot read it: No such file or directory; give "
                      "a workload file, one JSON object") != NULL);
    CHECK_INT_EQ(workload_file_load(tmpdir, &s, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "is a directory, not a regular file; give a workload file") != NULL);
    expect_fail_json("{\"classes\": [\n  {\"name\": \"r\",}\n]}",
                     ": invalid JSON at line 2, column 17 (byte 30); a workload file is one "
                     "JSON object");
    expect_fail_json("", ": invalid JSON at line 1, column 1");
    char *big = malloc((1u << 20) + 16);
    if (big) {
        memset(big, ' ', (1u << 20) + 8);
        big[(1u << 20) + 8] = '\0';
        expect_fail_json(big, ": larger than 1MiB; a workload file is one small JSON object");
        free(big);
    }
}

/* ---- presets ------------------------------------------------------------ */

static void preset_path(const char *name, char *buf, size_t len)
{
    char rel[128];
    snprintf(rel, sizeof rel, "workloads/presets/%s.json", name);
    source_tree_path(rel, buf, len);
}

static void presets_should_load_check_and_match_their_files(void)
{
    static const char *const names[] = { "batch", "dss", "oltp", "redo", "rman" };
    char desc[WL_DESC_MAX], why[512] = "";
    int i = 0;
    const char *name;

    for (; (name = workload_preset_describe(i, desc, sizeof desc)); i++) {
        if (i >= 5) {
            CHECK_FAIL_AT("preset %s not in the list the docs give", name);
            break;
        }
        CHECK_STR_EQ(name, names[i]);
        CHECK_GT(strlen(desc), 20);
        struct wl_spec embedded, file;
        CHECK_INT_EQ(workload_spec_resolve(name, &embedded, why, sizeof why), 0);
        if (why[0])
            CHECK_FAIL_AT("preset %s: %s", name, why);
        CHECK_STR_EQ(embedded.name, name);
        CHECK_STR_EQ(embedded.description, desc);
        CHECK_INT_EQ(wl_spec_check(&embedded, why, sizeof why), 0);
        /* the compiled-in text is the file's */
        char path[512];
        preset_path(name, path, sizeof path);
        memset(&file, 0, sizeof file);
        memset(&embedded, 0, sizeof embedded);
        CHECK_INT_EQ(workload_spec_resolve(name, &embedded, why, sizeof why), 0);
        CHECK_INT_EQ(workload_spec_resolve(path, &file, why, sizeof why), 0);
        CHECK(memcmp(&embedded, &file, sizeof file) == 0);
    }
    CHECK_INT_EQ(i, 5);
    CHECK(workload_preset_describe(-1, desc, sizeof desc) == NULL);
}

static void presets_should_hold_the_facts_they_cite(void)
{
    struct wl_spec s;
    char why[512] = "";

    /* redo: the measured histogram, 512 B to 1 MiB, 1 outstanding per member */
    CHECK_INT_EQ(workload_spec_resolve("redo", &s, why, sizeof why), 0);
    CHECK_INT_EQ(s.n_classes, 1);
    const struct wl_class_spec *r = &s.cls[0];
    CHECK_STR_EQ(r->group, "REDO");
    CHECK_INT_EQ(r->sizes.n, 8);
    CHECK_INT_EQ(r->sizes.bytes[0], 512);
    CHECK_INT_EQ(wl_size_mix_max(&r->sizes), MiB);
    CHECK_INT_EQ(r->sizes.weight[4], 40300);        /* 128 KB: 40.3 % */
    CHECK_INT_EQ(r->pattern, WL_SEQUENTIAL);
    CHECK_INT_EQ(r->streams * r->stream_io, 2);
    CHECK_INT_EQ(r->write_pct, 100);
    CHECK_INT_EQ(r->loop, WL_CLOSED);
    struct wl_size_mix redo_sizes = r->sizes;

    /* oltp: AWR-AIX19c's rates, open loop, reads and DBWR on DATA, redo on REDO */
    CHECK_INT_EQ(workload_spec_resolve("oltp", &s, why, sizeof why), 0);
    CHECK_INT_EQ(s.n_classes, 3);
    CHECK_STR_EQ(s.cls[0].group, "DATA");
    CHECK_INT_EQ(s.cls[0].sizes.bytes[0], 8192);
    CHECK(s.cls[0].loop == WL_OPEN && s.cls[0].rate_iops == 2413);
    CHECK_INT_EQ(s.cls[1].sizes.bytes[0], 32 * KiB);
    CHECK(s.cls[1].write_pct == 100 && s.cls[1].rate_iops == 950);
    CHECK_STR_EQ(s.cls[2].group, "REDO");
    CHECK(memcmp(&s.cls[2].sizes, &redo_sizes, sizeof redo_sizes) == 0);

    /* dss and rman: 1 MiB in streams */
    CHECK_INT_EQ(workload_spec_resolve("dss", &s, why, sizeof why), 0);
    CHECK_INT_EQ(s.cls[0].sizes.bytes[0], MiB);
    CHECK_INT_EQ(s.cls[0].pattern, WL_SEQUENTIAL);
    CHECK_INT_EQ(workload_spec_resolve("rman", &s, why, sizeof why), 0);
    CHECK_INT_EQ(s.cls[0].sizes.bytes[0], MiB);
    CHECK_INT_EQ(s.cls[0].streams, 4);
    CHECK_INT_EQ(s.cls[0].stream_io, 4);
    CHECK_STR_EQ(s.cls[1].group, "RECO");
    CHECK_INT_EQ(workload_spec_resolve("batch", &s, why, sizeof why), 0);
    CHECK_INT_EQ(s.n_classes, 4);
}

static void resolve_should_take_a_path_and_refuse_unknown_names(void)
{
    struct wl_spec s;
    char why[512] = "";
    memset(&s, 0, sizeof s);
    CHECK_INT_EQ(workload_spec_resolve("oltpp", &s, why, sizeof why), -EINVAL);
    CHECK_STR_EQ(why, "unknown workload oltpp; give a preset (batch, dss, oltp, redo, rman) "
                      "or a workload file's path (docs/workloads.md)");
    CHECK_INT_EQ(s.n_classes, 0);
    CHECK_INT_EQ(workload_spec_resolve("a\nb", &s, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "unknown workload \"a\\x0ab\"") != NULL);
    CHECK_INT_EQ(workload_spec_resolve("missing.json", &s, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "missing.json: cannot read it") != NULL);
    const char *p = tmp_tree_put(tmpdir, "mine.json",
                                 "{\"classes\": [{\"name\": \"x\", \"write\": 30}]}");
    CHECK_INT_EQ(workload_spec_resolve(p, &s, why, sizeof why), 0);
    CHECK_STR_EQ(s.name, "mine");
    CHECK_INT_EQ(s.cls[0].write_pct, 30);
    /* a file without a dot, in the current directory */
    char cwd[512];
    if (getcwd(cwd, sizeof cwd) && chdir(tmpdir) == 0) {
        tmp_tree_put(tmpdir, "plainfile", "{\"classes\": [{\"name\": \"y\"}]}");
        CHECK_INT_EQ(workload_spec_resolve("plainfile", &s, why, sizeof why), 0);
        CHECK_STR_EQ(s.name, "plainfile");
        tmp_tree_put(tmpdir, "oltp", "{\"classes\": [{\"name\": \"z\"}]}");
        CHECK_INT_EQ(workload_spec_resolve("oltp", &s, why, sizeof why), 0);
        CHECK_INT_EQ(s.n_classes, 3);               /* the preset wins */
        CHECK_INT_EQ(workload_spec_resolve("./oltp", &s, why, sizeof why), 0);
        CHECK_STR_EQ(s.cls[0].name, "z");           /* "./oltp" is the file */
        CHECK_INT_EQ(chdir(cwd), 0);
    }
}

/* Every ```json block of docs/workloads.md loads and checks. */
static void docs_examples_should_load(void)
{
    char path[512];
    FILE *f = fopen(source_tree_path("docs/workloads.md", path, sizeof path), "r");
    if (!f) {
        CHECK_FAIL_AT("cannot read %s", path);
        return;
    }
    static char block[8192];
    char line[1024];
    size_t used = 0;
    int in = 0, n = 0;
    while (fgets(line, sizeof line, f)) {
        if (!in && strncmp(line, "```json", 7) == 0) {
            in = 1, used = 0, block[0] = '\0';
        } else if (in && strncmp(line, "```", 3) == 0) {
            struct loaded r;
            in = 0, n++;
            load(block, &r);
            if (r.rc != 0)
                CHECK_FAIL_AT("example %d of docs/workloads.md: %s", n, r.why);
        } else if (in && used + strlen(line) < sizeof block) {
            memcpy(block + used, line, strlen(line) + 1);
            used += strlen(line);
        }
    }
    fclose(f);
    CHECK_INT_EQ(n, 3);
}

int main(void)
{
    if (!tmp_tree_make(tmpdir, sizeof tmpdir, "test_workload_file")) {
        perror("mkdtemp");
        return 1;
    }
    RUN(defaults_should_be_8k_random_reads_closed_loop_of_one);
    RUN(class_check_should_name_class_field_and_range);
    RUN(spec_check_should_refuse_no_class_too_many_and_twins);
    RUN(size_mix_should_give_max_and_weighted_mean);
    RUN(size_mix_parse_should_take_bssplit_syntax);
    RUN(skew_parse_should_take_uniform_hot_and_zipf);
    RUN(full_file_should_fill_every_field);
    RUN(both_loop_kinds_and_defaults);
    RUN(name_should_default_to_the_files_name);
    RUN(bad_values_should_name_file_class_key_and_what_is_valid);
    RUN(keys_that_do_not_apply_should_be_refused);
    RUN(keys_and_structure_should_be_strict);
    RUN(unreadable_and_invalid_files_should_say_why);
    RUN(presets_should_load_check_and_match_their_files);
    RUN(presets_should_hold_the_facts_they_cite);
    RUN(resolve_should_take_a_path_and_refuse_unknown_names);
    RUN(docs_examples_should_load);
    tmp_tree_remove(tmpdir);
    return check_done();
}
