/*
 * test_report_stage.c - a run's files never overwrite another run's
 * (report_util.c, "Never overwrite"): a set staged and committed lands
 * under its stamp; a second set with the same stamp under stamp_2; a set
 * that meets a single taken name moves whole to the next suffix and
 * leaves the file it met untouched; a name without the stamp is refused;
 * nothing staged is left behind.  And the writer table
 * (report_writers.h) that stages a command's outputs: the document's
 * JSON made once for every row that takes it, the set placed under one
 * stamp, and a set wanted whole placed not at all when a row fails.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/report/report.h"
#include "sim/report/report_writers.h"
#include "tests/check.h"
#include "tests/tmp_tree.h"

#define STAMP "20240501_134500"

static char tmp_dir[64];

static const char *make_tmp_dir(void)
{
    return tmp_tree_make(tmp_dir, sizeof tmp_dir, "test_report_stage");
}


static int write_text(FILE *f, void *arg)
{
    return fputs(arg, f) == EOF ? -EIO : 0;
}

static void put(const char *dir, const char *name, const char *text)
{
    char path[8192], why[256];

    snprintf(path, sizeof path, "%s/%s", dir, name);
    CHECK_INT_EQ(report_write_atomic(path, write_text, (void *)text, why,
                                     sizeof why), 0);
}

static bool holds(const char *dir, const char *name, const char *text)
{
    char path[8192], buf[256] = "";
    FILE *f;

    snprintf(path, sizeof path, "%s/%s", dir, name);
    if ((f = fopen(path, "r")) == NULL)
        return false;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return strcmp(buf, text) == 0;
}

/* Stage t_<STAMP>_a.txt and t_<STAMP>_b.csv holding `text` and commit:
   the count placed (or -errno), the tag in tag[]. */
static int commit_set(const char *dir, const char *text, char *tag)
{
    struct report_stage st;
    char why[512];
    int rc = report_stage_open(&st, dir, why, sizeof why);

    CHECK_INT_EQ(rc, 0);
    if (rc)
        return rc;
    put(st.path, "t_" STAMP "_a.txt", text);
    put(st.path, "t_" STAMP "_b.csv", text);
    rc = report_stage_commit(&st, STAMP, tag, REPORT_TAG_LEN, why, sizeof why);
    report_stage_discard(&st);
    return rc;
}

static void a_set_should_land_under_its_stamp_and_leave_no_stage(void)
{
    const char *dir = make_tmp_dir();
    char tag[REPORT_TAG_LEN];

    CHECK(dir != NULL);
    if (!dir)
        return;
    CHECK_INT_EQ(commit_set(dir, "one", tag), 2);
    CHECK_STR_EQ(tag, STAMP);
    CHECK(holds(dir, "t_" STAMP "_a.txt", "one"));
    CHECK(holds(dir, "t_" STAMP "_b.csv", "one"));
    CHECK_INT_EQ(tmp_tree_count(dir), 2);        /* the stage is gone */
    tmp_tree_remove(dir);
}

static void a_second_set_with_the_same_stamp_should_get_suffix_2_and_3(void)
{
    const char *dir = make_tmp_dir();
    char tag[REPORT_TAG_LEN];

    CHECK(dir != NULL);
    if (!dir)
        return;
    CHECK_INT_EQ(commit_set(dir, "one", tag), 2);
    CHECK_INT_EQ(commit_set(dir, "two", tag), 2);
    CHECK_STR_EQ(tag, STAMP "_2");
    CHECK_INT_EQ(commit_set(dir, "three", tag), 2);
    CHECK_STR_EQ(tag, STAMP "_3");
    CHECK(holds(dir, "t_" STAMP "_a.txt", "one"));      /* kept */
    CHECK(holds(dir, "t_" STAMP "_2_b.csv", "two"));
    CHECK(holds(dir, "t_" STAMP "_3_a.txt", "three"));
    CHECK_INT_EQ(tmp_tree_count(dir), 6);
    tmp_tree_remove(dir);
}

static void a_set_meeting_one_taken_name_should_move_whole_to_the_next(void)
{
    const char *dir = make_tmp_dir();
    char tag[REPORT_TAG_LEN];

    CHECK(dir != NULL);
    if (!dir)
        return;
    put(dir, "t_" STAMP "_b.csv", "someone else's");   /* a not first */
    CHECK_INT_EQ(commit_set(dir, "mine", tag), 2);
    CHECK_STR_EQ(tag, STAMP "_2");
    CHECK(holds(dir, "t_" STAMP "_b.csv", "someone else's"));
    CHECK(access(dir, F_OK) == 0);
    char path[256];
    snprintf(path, sizeof path, "%s/t_" STAMP "_a.txt", dir);
    CHECK(access(path, F_OK) != 0);             /* moved back, then on */
    CHECK(holds(dir, "t_" STAMP "_2_a.txt", "mine"));
    CHECK(holds(dir, "t_" STAMP "_2_b.csv", "mine"));
    CHECK_INT_EQ(tmp_tree_count(dir), 3);
    tmp_tree_remove(dir);
}

static void a_name_without_the_stamp_should_be_refused_placing_nothing(void)
{
    const char *dir = make_tmp_dir();
    struct report_stage st;
    char tag[REPORT_TAG_LEN], why[512] = "";

    CHECK(dir != NULL);
    if (!dir)
        return;
    CHECK_INT_EQ(report_stage_open(&st, dir, why, sizeof why), 0);
    put(st.path, "t_" STAMP "_a.txt", "x");
    put(st.path, "unstamped.csv", "x");
    CHECK_LT(report_stage_commit(&st, STAMP, tag, sizeof tag, why, sizeof why),
             0);
    CHECK(strstr(why, "unstamped.csv") != NULL);
    report_stage_discard(&st);
    CHECK_INT_EQ(tmp_tree_count(dir), 0);
    tmp_tree_remove(dir);
}

static void a_stage_in_a_missing_directory_should_say_where(void)
{
    struct report_stage st;
    char why[512] = "";

    CHECK_LT(report_stage_open(&st, "/nonexistent-asmsim-dir", why,
                               sizeof why), 0);
    CHECK(strstr(why, "/nonexistent-asmsim-dir") != NULL);
    report_stage_discard(&st);                  /* harmless when closed */
}

/* A document whose JSON is "{}" (or fails, with rc), counting how often
   it is made, and what the table told. */
struct table_doc {
    int rc, made, failures, placed;
    char why[256], tag[REPORT_TAG_LEN];
};

static int doc_json(void *arg, const sim_stop_flag *stop, char **text, char *why,
                    size_t why_len)
{
    struct table_doc *t = arg;

    (void)stop;
    t->made++;
    if (t->rc) {
        snprintf(why, why_len, "cannot make it");
        return t->rc;
    }
    *text = strdup("{}");
    return *text ? 0 : -ENOMEM;
}

static void doc_failed(void *arg, int rc, const char *why)
{
    struct table_doc *t = arg;

    (void)rc;
    t->failures++;
    snprintf(t->why, sizeof t->why, "%s", why);
}

static void doc_done(void *arg, enum report_out k, const char *where, int n)
{
    struct table_doc *t = arg;

    if (k != REPORT_OUT_REPORT) {
        snprintf(t->tag, sizeof t->tag, "%s", where);
        t->placed = n;
    }
}

static int write_table(const char *dir, const char *named, struct table_doc *t,
                       bool whole_set)
{
    const struct report_meta meta = { .testname = "t", .stamp = STAMP };
    const struct report_request q = {
        .outs = REPORT_OUT_BIT(REPORT_OUT_RESULTS_JSON) |
                REPORT_OUT_BIT(REPORT_OUT_FORECAST_JSON) |
                (named ? REPORT_OUT_BIT(REPORT_OUT_JSON) : 0),
        .dir = dir, .json_path = named, .whole_set = whole_set,
        .failed = doc_failed, .done = doc_done, .arg = t,
    };
    const struct report_doc d = { .meta = &meta, .what = "test JSON",
                                  .json_text = doc_json, .json_arg = t };

    return report_write_outputs(&q, &d);
}

static void the_writer_table_should_make_the_json_once_and_place_the_set(void)
{
    const char *dir = make_tmp_dir();
    char named[128];
    struct table_doc t = { 0 };

    snprintf(named, sizeof named, "%s/named.json", dir);
    CHECK_INT_EQ(write_table(dir, named, &t, false), 0);
    CHECK_INT_EQ(t.made, 1);
    CHECK_INT_EQ(t.failures, 0);
    CHECK_INT_EQ(t.placed, 2);
    CHECK(strcmp(t.tag, STAMP) == 0);
    CHECK(holds(dir, "t_" STAMP "_results.json", "{}\n"));
    CHECK(holds(dir, "t_" STAMP "_forecast.json", "{}\n"));
    CHECK(holds(dir, "named.json", "{}\n"));
    CHECK_INT_EQ(tmp_tree_count(dir), 3);
    tmp_tree_remove(dir);
}

static void a_whole_set_should_be_placed_not_at_all_when_a_row_fails(void)
{
    const char *dir = make_tmp_dir();
    struct table_doc t = { .rc = -ENOMEM };

    CHECK_INT_EQ(write_table(dir, NULL, &t, true), -ENOMEM);
    CHECK_INT_EQ(t.made, 1);
    CHECK_INT_EQ(t.failures, 1);            /* told once, not per row */
    CHECK(strcmp(t.why, "cannot make it") == 0);
    CHECK_INT_EQ(t.placed, 0);
    CHECK_INT_EQ(tmp_tree_count(dir), 0);   /* no stage left either */
    tmp_tree_remove(dir);
}

int main(void)
{
    RUN(the_writer_table_should_make_the_json_once_and_place_the_set);
    RUN(a_whole_set_should_be_placed_not_at_all_when_a_row_fails);
    RUN(a_set_should_land_under_its_stamp_and_leave_no_stage);
    RUN(a_second_set_with_the_same_stamp_should_get_suffix_2_and_3);
    RUN(a_set_meeting_one_taken_name_should_move_whole_to_the_next);
    RUN(a_name_without_the_stamp_should_be_refused_placing_nothing);
    RUN(a_stage_in_a_missing_directory_should_say_where);
    return check_done();
}
