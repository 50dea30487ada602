/*
 * test_safety_busy.c - is a target in use by somebody else (safety_busy.c)?
 * The parts that read the kernel's lists, on copies made here: a swaps
 * list whose paths carry the kernel's octal escapes, and a sysfs tree
 * with loop devices that have no node in /dev, so that the sysfs reading
 * (loop/backing_file, holders, partitions) answers instead of
 * LOOP_GET_STATUS64 and the exclusive open.  The real devices (mounted,
 * held, swapped-on loop devices) are in tests/aio_test.sh.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "sim/aio/safety_busy.h"
#include "tests/check.h"
#include "tests/tmp_tree.h"

static char dir[256];

/* <dir>/<rel> with the directories it needs, holding text (NULL: none,
   a directory is made instead). */
static int put(const char *rel, const char *text)
{
    char path[1024], cmd[1200];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    snprintf(cmd, sizeof cmd, "mkdir -p \"$(dirname '%s')\"%s'%s'", path,
             text ? "" : " && mkdir -p ", text ? "" : path);
    if (system(cmd) != 0)
        return -1;
    if (!text)
        return 0;
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

static void stat_of(const char *rel, struct stat *st)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    if (stat(path, st) != 0)
        CHECK_FAIL_AT("stat %s: %s", path, strerror(errno));
}

static void swap_file_with_escaped_characters_should_be_seen(void)
{
    static const char *const names[] = { "swap file", "tab\there",
                                         "back\\slash", "new\nline" };
    static const char *const listed[] = { "swap\\040file", "tab\\011here",
                                          "back\\134slash", "new\\012line" };
    char swaps[4096], line[600];
    struct stat st;

    snprintf(swaps, sizeof swaps, "Filename\t\t\t\tType\t\tSize\t\tUsed\t\t"
             "Priority\n");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        CHECK_INT_EQ(put(names[i], "x"), 0);
        snprintf(line, sizeof line, "%s/%s                  file\t\t1020\t\t0\t\t-2\n",
                 dir, listed[i]);
        strncat(swaps, line, sizeof swaps - strlen(swaps) - 1);
    }
    CHECK_INT_EQ(put("swaps", swaps), 0);
    CHECK_INT_EQ(put("not swap", "x"), 0);
    char list[600];
    snprintf(list, sizeof list, "%s/swaps", dir);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        stat_of(names[i], &st);
        if (!safety_in_swaps(list, &st))
            CHECK_FAIL_AT("\"%s\", listed as %s, is not seen as swap",
                          names[i], listed[i]);
    }
    stat_of("not swap", &st);
    CHECK(!safety_in_swaps(list, &st));
}

/* A sysfs copy in <dir>/sys: loop device `name` (its number dev) over the
   file <dir>/image. */
static const char *fake_loop(const char *name, const char *dev)
{
    static char sys[600];
    char rel[300], back[600];

    snprintf(sys, sizeof sys, "%s/sys", dir);
    snprintf(back, sizeof back, "%s/image\n", dir);
    snprintf(rel, sizeof rel, "sys/block/%s/dev", name);
    put(rel, dev);
    snprintf(rel, sizeof rel, "sys/block/%s/loop/backing_file", name);
    put(rel, back);
    return sys;
}

static void file_under_a_held_loop_device_should_be_busy_by_sysfs(void)
{
    char why[3000], node[64];
    struct stat st;

    snprintf(node, sizeof node, "/dev/loop4242");
    if (access(node, F_OK) == 0) {
        printf("SKIP: %s exists, and would be asked instead of sysfs\n", node);
        return;
    }
    CHECK_INT_EQ(put("image", "not a file system"), 0);
    stat_of("image", &st);
    const char *sys = fake_loop("loop4242", "240:4242\n");

    /* bound, nothing on it: the file is not busy */
    CHECK_INT_EQ(safety_busy_target(sys, "image", &st, why, sizeof why), 0);

    /* a partition of it held by MD-RAID */
    CHECK_INT_EQ(put("sys/block/loop4242/loop4242p1/partition", "1\n"), 0);
    CHECK_INT_EQ(put("sys/block/loop4242/loop4242p1/dev", "240:4243\n"), 0);
    CHECK_INT_EQ(put("sys/block/loop4242/loop4242p1/holders/md9", NULL), 0);
    CHECK_INT_EQ(safety_busy_target(sys, "image", &st, why, sizeof why), -EBUSY);
    CHECK(strstr(why, "image: is under /dev/loop4242, which has a partition "
                 "loop4242p1 that is in use by md9") != NULL);

    /* the loop device itself held by device-mapper */
    CHECK_INT_EQ(put("sys/block/loop4242/holders/dm-7", NULL), 0);
    CHECK_INT_EQ(safety_busy_target(sys, "image", &st, why, sizeof why), -EBUSY);
    CHECK(strstr(why, "/dev/loop4242, which is in use by dm-7") != NULL);

    /* a loop device over another file does not make this one busy */
    CHECK_INT_EQ(put("other", "x"), 0);
    stat_of("other", &st);
    CHECK_INT_EQ(safety_busy_target(sys, "other", &st, why, sizeof why), 0);
    if (check_failed_now)
        fprintf(stderr, "  why: %s\n", why);
}

static void sysfs_dev_file_should_read_as_a_device_number(void)
{
    char path[600];
    CHECK_INT_EQ(put("devnum", "259:3\n"), 0);
    snprintf(path, sizeof path, "%s/devnum", dir);
    CHECK_U64_EQ(safety_read_devnum(path), makedev(259, 3));
    CHECK_INT_EQ(put("devnum", "garbage\n"), 0);
    CHECK_U64_EQ(safety_read_devnum(path), 0);
    snprintf(path, sizeof path, "%s/no-such-file", dir);
    CHECK_U64_EQ(safety_read_devnum(path), 0);
}

int main(void)
{
    if (!tmp_tree_make_in(dir, sizeof dir, tmp_tree_parent("/tmp"), "asmsim-busy")) {
        perror("mkdtemp");
        return 1;
    }
    RUN(swap_file_with_escaped_characters_should_be_seen);
    RUN(file_under_a_held_loop_device_should_be_busy_by_sysfs);
    RUN(sysfs_dev_file_should_read_as_a_device_number);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        perror("rm");
    return check_done();
}
