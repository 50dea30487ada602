/*
 * test_layout_file.c - sim/cli/layout_file.c: --layout-file JSON, good and bad,
 * and every shipped preset under layouts/presets/.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "layouts/layout.h"
#include "sim/cli/layout_file.h"
#include "tests/check.h"
#include "tests/source_tree.h"
#include "tests/tmp_tree.h"

#define MiB (1ull << 20)
#define GiB (1ull << 30)

static char tmpdir[64];

struct loaded {
    int rc;
    struct lay_cfg cfg;
    int map[LAY_MAX_DISKS];
    int disks;
    char why[512];
};

static void load(const char *json, struct loaded *out)
{
    memset(out, 0, sizeof *out);
    lay_cfg_defaults(&out->cfg, 4, 64 * GiB);
    out->disks = -7;
    out->rc = lay_file_load(tmp_tree_put(tmpdir, NULL, json), &out->cfg, out->map,
                            &out->disks, out->why, sizeof out->why);
}

static void good_file_should_override_only_the_keys_present(void)
{
    struct loaded r;
    load("{\"name\": \"x\", \"striping\": \"fine\", \"redundancy\": \"normal\"}", &r);
    CHECK_INT_EQ(r.rc, 0);
    CHECK_INT_EQ(r.cfg.striping, LAY_FINE);
    CHECK_INT_EQ(r.cfg.redundancy, LAY_NORMAL);
    CHECK_U64_EQ(r.cfg.au_bytes, MiB);            /* default kept */
    CHECK_U64_EQ(r.cfg.stripe_bytes, MiB);
    CHECK_INT_EQ(r.cfg.disks, 4);
    CHECK_INT_EQ(r.cfg.failgroups, 0);
    CHECK_INT_EQ(r.disks, 0);                     /* no "disks" key */

    load("{\"au\": \"4MiB\", \"stripe\": 65536, \"disks\": 6, \"failgroups\": 3,"
         " \"striping\": \"RAID0\"}", &r);
    CHECK_INT_EQ(r.rc, 0);
    CHECK_U64_EQ(r.cfg.au_bytes, 4 * MiB);
    CHECK_U64_EQ(r.cfg.stripe_bytes, 65536);
    CHECK_INT_EQ(r.cfg.disks, 6);
    CHECK_INT_EQ(r.disks, 6);
    CHECK_INT_EQ(r.cfg.failgroups, 3);
    CHECK(r.cfg.disk_failgroup == NULL);
    CHECK_INT_EQ(r.cfg.striping, LAY_RAID0);

    load("{}", &r);
    CHECK_INT_EQ(r.rc, 0);
    CHECK_INT_EQ(r.disks, 0);
}

static void sizes_should_take_binary_suffixes_in_any_case(void)
{
    static const struct {
        const char *text;
        unsigned long long bytes;
    } ok[] = {
        {"\"1MiB\"", MiB},       {"\"2mib\"", 2 * MiB},   {"\"4M\"", 4 * MiB},
        {"\"8 m\"", 8 * MiB},    {"\"16384K\"", 16 * MiB}, {"\"1048576\"", MiB},
        {"\"1048576B\"", MiB},   {"33554432", 32 * MiB},  {"\"65536kib\"", 64 * MiB},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        char json[128];
        struct loaded r;
        snprintf(json, sizeof json, "{\"au\": %s}", ok[i].text);
        load(json, &r);
        CHECK_INT_EQ(r.rc, 0);
        CHECK_U64_EQ(r.cfg.au_bytes, ok[i].bytes);
    }
    struct loaded r;
    load("{\"stripe\": \"64m\"}", &r);    /* the largest stripe */
    CHECK_INT_EQ(r.rc, 0);
    CHECK_U64_EQ(r.cfg.stripe_bytes, 64 * MiB);
    load("{\"stripe\": \"4KiB\"}", &r);
    CHECK_INT_EQ(r.rc, 0);
    CHECK_U64_EQ(r.cfg.stripe_bytes, 4096);
}

static void failgroup_of_should_set_the_map_and_group_count(void)
{
    struct loaded r;
    load("{\"failgroup_of\": [0, 0, 1, 1, 2], \"redundancy\": \"high\"}", &r);
    CHECK_INT_EQ(r.rc, 0);
    CHECK_INT_EQ(r.cfg.failgroups, 3);
    CHECK(r.cfg.disk_failgroup == r.map);
    CHECK_INT_EQ(r.disks, 5);                     /* its length is the disk count */
    CHECK_INT_EQ(r.cfg.disks, 5);
    CHECK_INT_EQ(r.map[1], 0);
    CHECK_INT_EQ(r.map[4], 2);
    /* and the layout accepts it */
    r.cfg.disk_size_bytes = GiB;
    char why[256];
    CHECK_INT_EQ(lay_cfg_check(&r.cfg, why, sizeof why), 0);

    load("{\"disks\": 4, \"failgroup_of\": [1, 0, 1, 0]}", &r);
    CHECK_INT_EQ(r.rc, 0);
    CHECK_INT_EQ(r.disks, 4);
    CHECK_INT_EQ(r.cfg.failgroups, 2);

    /* a later "failgroups" file clears a map set before */
    struct lay_cfg cfg = r.cfg;
    int map[LAY_MAX_DISKS];
    int disks;
    const char *path = tmp_tree_put(tmpdir, NULL, "{\"failgroups\": 2}");
    CHECK_INT_EQ(lay_file_load(path, &cfg, map, &disks, why, sizeof why), 0);
    CHECK(cfg.disk_failgroup == NULL);
}

static void expect_bad(const char *json, const char *needle)
{
    struct loaded r;
    load(json, &r);
    CHECK_INT_EQ(r.rc, -EINVAL);
    if (!strstr(r.why, needle))
        CHECK_FAIL_AT("for %s: reason \"%s\" lacks \"%s\"", json, r.why, needle);
    /* the file is named */
    if (!strstr(r.why, tmpdir))
        CHECK_FAIL_AT("reason \"%s\" does not name the file", r.why);
    /* nothing changed */
    struct lay_cfg d;
    lay_cfg_defaults(&d, 4, 64 * GiB);
    CHECK_INT_EQ(r.cfg.striping, d.striping);
    CHECK_INT_EQ(r.cfg.redundancy, d.redundancy);
    CHECK_U64_EQ(r.cfg.au_bytes, d.au_bytes);
    CHECK_INT_EQ(r.cfg.disks, d.disks);
    CHECK_INT_EQ(r.cfg.failgroups, d.failgroups);
    CHECK_INT_EQ(r.disks, -7);
}

static void bad_files_should_fail_naming_file_and_key(void)
{
    expect_bad("{\"stripng\": \"fine\"}", "unknown key \"stripng\"");
    expect_bad("{\"au\": \"1MiB\", \"au\": \"4MiB\"}", "key \"au\" given twice");
    expect_bad("{\"name\": 3}", "\"name\" 3: must be a string");
    expect_bad("{\"striping\": \"stripy\"}", "\"striping\" \"stripy\": must be");
    expect_bad("{\"striping\": 1}", "\"striping\" 1");
    expect_bad("{\"redundancy\": \"mirror\"}", "\"redundancy\" \"mirror\"");
    expect_bad("{\"au\": \"3MiB\"}", "\"au\" \"3MiB\": the allocation unit must be a power of two");
    expect_bad("{\"au\": \"128MiB\"}", "\"au\" \"128MiB\"");
    expect_bad("{\"au\": \"512K\"}", "\"au\" \"512K\"");
    expect_bad("{\"au\": \"4MB\"}", "\"au\" \"4MB\"");
    expect_bad("{\"au\": \"4 MiBs\"}", "\"au\"");
    expect_bad("{\"au\": \"-4MiB\"}", "\"au\"");
    expect_bad("{\"au\": \"99999999999999999999999M\"}", "\"au\"");
    expect_bad("{\"au\": 1048576.5}", "\"au\" 1048576.5");
    expect_bad("{\"au\": true}", "\"au\" true");
    expect_bad("{\"stripe\": \"2KiB\"}", "\"stripe\" \"2KiB\": the raid0 stripe");
    expect_bad("{\"stripe\": 12288}", "\"stripe\" 12288");
    expect_bad("{\"disks\": 0}", "\"disks\" 0: must be an integer from 1 to 1024");
    expect_bad("{\"disks\": 1025}", "\"disks\" 1025");
    expect_bad("{\"disks\": \"4\"}", "\"disks\" \"4\"");
    expect_bad("{\"disks\": 2.5}", "\"disks\" 2.5");
    expect_bad("{\"failgroups\": -1}", "\"failgroups\" -1");
    expect_bad("{\"disks\": 4, \"failgroups\": 5}", "to 4 (the number of disks)");
    expect_bad("{\"failgroups\": 2, \"failgroup_of\": [0, 1]}", "both given");
    expect_bad("{\"failgroup_of\": []}", "\"failgroup_of\": must be an array");
    expect_bad("{\"failgroup_of\": 3}", "\"failgroup_of\": must be an array");
    expect_bad("{\"failgroup_of\": [0, \"1\"]}", "\"failgroup_of\"[1] \"1\"");
    expect_bad("{\"failgroup_of\": [0, -1]}", "\"failgroup_of\"[1] -1");
    expect_bad("{\"failgroup_of\": [0, 2, 2]}", "failure group 1 has no disk");
    expect_bad("{\"disks\": 3, \"failgroup_of\": [0, 1]}", "has 2 entries but \"disks\" is 3");
    expect_bad("[1, 2]", "must hold one JSON object");
    expect_bad("\"coarse\"", "must hold one JSON object");
}

static void invalid_json_should_say_where(void)
{
    expect_bad("{\n  \"au\": \"4MiB\",\n  \"disks\": 4,,\n}\n", "invalid JSON at line 3, column");
    expect_bad("", "invalid JSON at line 1, column 1 (byte 0)");
    expect_bad("{\"au\": \"4MiB\"} trailing", "invalid JSON at line 1, column 16");
}

static void unreadable_file_should_fail(void)
{
    struct lay_cfg cfg;
    int map[LAY_MAX_DISKS], disks = -7;
    char why[256] = "";
    lay_cfg_defaults(&cfg, 4, GiB);
    CHECK_INT_EQ(lay_file_load("/nonexistent/dir/x.json", &cfg, map, &disks, why,
                               sizeof why), -EINVAL);
    CHECK(strstr(why, "/nonexistent/dir/x.json: cannot read it: No such file or directory; give a layout file") != NULL);
    CHECK_INT_EQ(disks, -7);
    /* a directory is not a file either, and says what it is */
    CHECK_INT_EQ(lay_file_load(tmpdir, &cfg, map, &disks, why, sizeof why), -EINVAL);
    CHECK(strstr(why, ": is a directory, not a regular file; give a layout file") != NULL);
}

/* The presets live next to the sources: ../layouts/presets from here. */
static void preset_path(const char *name, char *buf, size_t len)
{
    char rel[128];
    snprintf(rel, sizeof rel, "layouts/presets/%s", name);
    source_tree_path(rel, buf, len);
}

static void presets_should_load_and_make_valid_layouts(void)
{
    static const struct {
        const char *file;
        enum lay_striping striping;
        unsigned long long au;
        enum lay_redundancy red;
        int disks;          /* in the file, 0 = none */
        int failgroups;
    } presets[] = {
        {"data-normal-4.json", LAY_COARSE, 4 * MiB, LAY_NORMAL, 4, 2},
        {"data-external.json", LAY_COARSE, 4 * MiB, LAY_EXTERNAL, 0, 0},
        {"data-high-6.json", LAY_COARSE, 4 * MiB, LAY_HIGH, 6, 3},
        {"redo-fine.json", LAY_FINE, MiB, LAY_NORMAL, 0, 2},
        {"reco-external.json", LAY_COARSE, 4 * MiB, LAY_EXTERNAL, 0, 0},
    };
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        char path[512], why[512] = "";
        struct lay_cfg cfg;
        int map[LAY_MAX_DISKS], disks = -1;
        preset_path(presets[i].file, path, sizeof path);
        lay_cfg_defaults(&cfg, 4, 125 * GiB);
        int rc = lay_file_load(path, &cfg, map, &disks, why, sizeof why);
        if (rc != 0) {
            CHECK_FAIL_AT("%s: %d %s", path, rc, why);
            continue;
        }
        CHECK_INT_EQ(cfg.striping, presets[i].striping);
        CHECK_U64_EQ(cfg.au_bytes, presets[i].au);
        CHECK_INT_EQ(cfg.redundancy, presets[i].red);
        CHECK_INT_EQ(disks, presets[i].disks);
        CHECK_INT_EQ(cfg.failgroups, presets[i].failgroups);
        lay *l = NULL;
        rc = lay_create(&cfg, &l, why, sizeof why);
        if (rc != 0)
            CHECK_FAIL_AT("%s: lay_create %d %s", path, rc, why);
        else
            CHECK_GT(lay_capacity_bytes(l), 0);
        lay_destroy(l);
    }
}

int main(void)
{
    if (!tmp_tree_make(tmpdir, sizeof tmpdir, "test_layout_file")) {
        perror("mkdtemp");
        return 1;
    }
    RUN(good_file_should_override_only_the_keys_present);
    RUN(sizes_should_take_binary_suffixes_in_any_case);
    RUN(failgroup_of_should_set_the_map_and_group_count);
    RUN(bad_files_should_fail_naming_file_and_key);
    RUN(invalid_json_should_say_where);
    RUN(unreadable_file_should_fail);
    RUN(presets_should_load_and_make_valid_layouts);
    tmp_tree_remove(tmpdir);
    return check_done();
}
