/*
 * test_report_output.c - what an output path the user names may hold
 * (report_output.c): nothing, asmsim's own output (by its first bytes) or
 * an empty file, /dev/null or a FIFO; never a device, a directory, a file
 * asmsim did not write, nor one behind a link.  And report_write_atomic
 * applies the same rule when it writes: a refused file is left as it was.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sim/report/report.h"
#include "tests/check.h"
#include "tests/tmp_tree.h"

static char dir[64];

static const char *at(const char *name)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

static int write_text(FILE *f, void *arg)
{
    return fputs(arg, f) == EOF ? -EIO : 0;
}

static int judged(const char *path, enum report_output_how *how)
{
    struct report_output out;
    char why[600];
    int rc = report_output_target(path, &out, why, sizeof why);
    *how = out.how;
    return rc;
}

static void outputs_of_asmsim_should_be_told_by_their_first_bytes(void)
{
    static const char *const own[] = {
        "{\n\t\"asmsim_version\":\t\"0.1.0\",\n\t\"testname\": \"x\"}",
        "{\n  \"kind\": \"forecast\", \"schema\": 2, \"version\": \"0.1.0\"}",
        "{\"args\":[\"asmsim\",\"advise\"],\"shard_k\":1,\"shard_n\":2}\n",
        "\xef\xbb\xbf{ \"asmsim_version\" : \"0.1.0\" }",
        "{\n\t\"fio version\":\t\"asmsim-0.1.0\",\n\t\"timestamp\":\t1796483100,",
    };
    static const char *const foreign[] = {
        "", "hello\n", "{\"kind\": \"forecasts\"}", "[{\"asmsim_version\": 1}]",
        "{\"note\": \"mentions asmsim_version\"}", "#asmsim\n",
        "{\"asmsim_version_x\": 1}", "\x53\xef\x01\x00 ext4 superblock",
        "# asmsim tuning notes\n", "{\"plan\": {\"asmsim_version\": \"0.1\"}}",
        "{\"kind\": \"forecast\", \"mine\": 1}", "{\"kind\": \"advice\"}",
        "{\"args\": [], \"other\": 1}",
        "{\n  \"fio version\" : \"fio-3.33\",\n  \"timestamp\" : 1700000000,",
        "{\"fio version\": \"asmsim-0.1.0\", \"jobs\": []}",
    };
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
        if (!report_output_is_own(own[i]))
            CHECK_FAIL_AT("not taken as asmsim's: \"%s\"", own[i]);
    for (size_t i = 0; i < sizeof foreign / sizeof foreign[0]; i++)
        if (report_output_is_own(foreign[i]))
            CHECK_FAIL_AT("taken as asmsim's: \"%s\"", foreign[i]);
}

static void every_kind_of_path_should_get_its_rule(void)
{
    enum report_output_how how;
    char why[600];
    struct report_output out;

    tmp_tree_put(dir, "own.json", "{\"asmsim_version\": \"0.1.0\"}\n");
    tmp_tree_put(dir, "notes.txt", "my notes\n");
    tmp_tree_put(dir, "empty.json", "");
    CHECK(symlink("own.json", at("own.link")) == 0);
    CHECK(symlink("notes.txt", at("notes.link")) == 0);
    CHECK(symlink("missing.json", at("dangling.link")) == 0);
    CHECK(mkfifo(at("pipe"), 0600) == 0);

    CHECK_INT_EQ(judged(at("new.json"), &how), 0);
    CHECK_INT_EQ(how, REPORT_OUTPUT_NEW);
    CHECK_INT_EQ(judged(at("own.json"), &how), 0);
    CHECK_INT_EQ(how, REPORT_OUTPUT_REPLACE);
    CHECK_INT_EQ(judged(at("empty.json"), &how), 0);
    CHECK_INT_EQ(how, REPORT_OUTPUT_REPLACE);
    CHECK_INT_EQ(judged(at("pipe"), &how), 0);
    CHECK_INT_EQ(how, REPORT_OUTPUT_IN_PLACE);
    CHECK_INT_EQ(judged("/dev/null", &how), 0);
    CHECK_INT_EQ(how, REPORT_OUTPUT_IN_PLACE);
    CHECK_INT_EQ(judged(at("notes.txt"), &how), -EEXIST);
    CHECK_INT_EQ(judged(at("notes.link"), &how), -EEXIST);
    CHECK_INT_EQ(judged(at("dangling.link"), &how), -EINVAL);
    CHECK_INT_EQ(judged(dir, &how), -EISDIR);
    CHECK_INT_EQ(judged("/dev/zero", &how), -EINVAL);
    CHECK_INT_EQ(judged("", &how), -EINVAL);

    /* a link to asmsim's file is replaced where the file lies */
    CHECK_INT_EQ(report_output_target(at("own.link"), &out, why, sizeof why), 0);
    CHECK_INT_EQ(out.how, REPORT_OUTPUT_REPLACE);
    CHECK(strstr(out.path, "/own.json") != NULL);
    CHECK_INT_EQ(report_output_target(at("notes.txt"), &out, why, sizeof why), -EEXIST);
    CHECK_STR_EQ(why, "is a file that holds something asmsim did not write (not "
                 "an asmsim JSON); asmsim replaces only its own output: give a "
                 "new file name");
}

/* A block device from /dev, judged only: nothing is written to it. */
static void a_block_device_should_be_refused(void)
{
    static const char *const devs[] = { "/dev/loop0", "/dev/vda", "/dev/sda",
                                        "/dev/nvme0n1", "/dev/ram0" };
    enum report_output_how how;
    struct stat st;

    for (size_t i = 0; i < sizeof devs / sizeof devs[0]; i++)
        if (stat(devs[i], &st) == 0 && S_ISBLK(st.st_mode)) {
            CHECK_INT_EQ(judged(devs[i], &how), -EINVAL);
            return;
        }
    printf("SKIP a_block_device_should_be_refused: no block device node in /dev\n");
}

static void writing_should_follow_the_same_rule(void)
{
    char why[600], back[64] = "";
    FILE *f;

    CHECK_INT_EQ(report_write_atomic(at("notes.txt"), write_text, "{}\n", why,
                                     sizeof why), -EEXIST);
    if ((f = fopen(at("notes.txt"), "r")) != NULL) {
        CHECK(fgets(back, sizeof back, f) != NULL);
        fclose(f);
    }
    CHECK_STR_EQ(back, "my notes\n");
    CHECK_INT_EQ(report_write_atomic(at("own.link"), write_text,
                                     "{\"asmsim_version\": \"0.2\"}\n", why,
                                     sizeof why), 0);
    struct stat st;
    CHECK(lstat(at("own.link"), &st) == 0 && S_ISLNK(st.st_mode));
    if ((f = fopen(at("own.json"), "r")) != NULL) {
        CHECK(fgets(back, sizeof back, f) != NULL);
        fclose(f);
    }
    CHECK_STR_EQ(back, "{\"asmsim_version\": \"0.2\"}\n");
}

/* A seam for the race between judging asmsim's own file and replacing it:
   report_write_atomic fsyncs its temporary file in between.  While
   swap_in is set, the first fsync renames it over swap_at, as somebody
   would put a file of theirs at the path meanwhile. */
static const char *swap_in, *swap_at;

int fsync(int fd)
{
    if (swap_in) {
        if (rename(swap_in, swap_at) != 0)
            perror("rename");
        swap_in = NULL;
    }
    return (int)syscall(SYS_fsync, fd);
}

static void read_back(const char *name, char *back, size_t len)
{
    FILE *f = fopen(at(name), "r");
    back[0] = '\0';
    if (f) {
        if (!fgets(back, (int)len, f))
            back[0] = '\0';
        fclose(f);
    }
}

static void a_file_put_in_place_of_our_own_meanwhile_should_be_kept(void)
{
    static const char own[] = "{\"asmsim_version\": \"0.1\"}\n";
    static const char newer[] = "{\"asmsim_version\": \"0.2\"}\n";
    char why[600] = "", back[64], at_path[256];

    tmp_tree_put(dir, "race.json", own);
    tmp_tree_put(dir, "theirs.img", "somebody's data\n");
    snprintf(at_path, sizeof at_path, "%s", at("race.json"));
    swap_at = at_path;
    swap_in = at("theirs.img");
    int files = tmp_tree_count(dir);
    CHECK_INT_EQ(report_write_atomic(at_path, write_text, (void *)newer, why,
                                     sizeof why), -EEXIST);
    swap_in = NULL;
    read_back("race.json", back, sizeof back);
    CHECK_STR_EQ(back, "somebody's data\n");
    CHECK(strstr(why, "was replaced by a file asmsim did not write") != NULL);
    CHECK_INT_EQ(tmp_tree_count(dir), files - 1);   /* theirs.img moved */

    /* replaced meanwhile by asmsim's own output (another run): replaced */
    tmp_tree_put(dir, "race.json", own);
    tmp_tree_put(dir, "other.json", own);
    swap_in = at("other.json");
    CHECK_INT_EQ(report_write_atomic(at_path, write_text, (void *)newer, why,
                                     sizeof why), 0);
    swap_in = NULL;
    read_back("race.json", back, sizeof back);
    CHECK_STR_EQ(back, newer);
    CHECK_INT_EQ(tmp_tree_count(dir), files - 1);
    unlink(at_path);
}

int main(void)
{
    if (!tmp_tree_make(dir, sizeof dir, "test_report_output")) {
        perror("mkdtemp");
        return 1;
    }
    RUN(outputs_of_asmsim_should_be_told_by_their_first_bytes);
    RUN(every_kind_of_path_should_get_its_rule);
    RUN(a_block_device_should_be_refused);
    RUN(writing_should_follow_the_same_rule);
    RUN(a_file_put_in_place_of_our_own_meanwhile_should_be_kept);
    tmp_tree_remove(dir);
    return check_done();
}
