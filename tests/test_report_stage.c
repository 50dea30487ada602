/*
 * test_report_stage.c - a run's files never overwrite another run's
 * (report_util.c, "Never overwrite"): a set staged and committed lands
 * under its stamp; a second set with the same stamp under stamp_2; a set
 * that meets a single taken name moves whole to the next suffix and
 * leaves the file it met untouched; a name without the stamp is refused;
 * nothing staged is left behind.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/report/report.h"
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

int main(void)
{
    RUN(a_set_should_land_under_its_stamp_and_leave_no_stage);
    RUN(a_second_set_with_the_same_stamp_should_get_suffix_2_and_3);
    RUN(a_set_meeting_one_taken_name_should_move_whole_to_the_next);
    RUN(a_name_without_the_stamp_should_be_refused_placing_nothing);
    RUN(a_stage_in_a_missing_directory_should_say_where);
    return check_done();
}
