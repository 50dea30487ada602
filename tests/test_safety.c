/*
 * test_safety.c - the rules of what asmsim may do to a target (safety.c),
 * on files in a temporary directory.  Block-device rules (mounted, held
 * exclusively, mkfs on a loop device) are in tests/aio_test.sh.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/safety.h"
#include "tests/check.h"

#define MIB (1024ull * 1024ull)

static char dir[256];

static const char *path_of(const char *name)
{
    static char buf[4][512];
    static int next;
    char *p = buf[next++ % 4];
    snprintf(p, 512, "%s/%s", dir, name);
    return p;
}

/* A plain file of `bytes` zeros that asmsim did not create. */
static const char *foreign_file(const char *name, uint64_t bytes)
{
    const char *p = path_of(name);
    int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        if (ftruncate(fd, (off_t)bytes) != 0)
            perror("ftruncate");
        close(fd);
    }
    return p;
}

static const struct safety_policy READS = { 0 };
static const struct safety_policy WRITES = { .write = true };
static const struct safety_policy DESTROY = { .write = true,
                                              .destroy_data = true };

static void read_only_run_should_allow_a_foreign_file(void)
{
    struct safety_target t;
    char why[512] = "";
    const char *p = foreign_file("ro", 8 * MIB);
    CHECK_INT_EQ(safety_check(p, &READS, &t, why, sizeof why), 0);
    CHECK_INT_EQ(t.kind, SAFETY_FILE);
    CHECK_U64_EQ(t.size_bytes, 8 * MIB);
    CHECK_U64_EQ(t.usable_bytes, 8 * MIB);
    CHECK(!t.asmsim_file);
    CHECK(t.logical_block_bytes >= 512 && t.logical_block_bytes <= 65536);
    CHECK((t.logical_block_bytes & (t.logical_block_bytes - 1)) == 0);
}

static void writing_run_should_refuse_a_foreign_file_without_destroy_data(void)
{
    struct safety_target t;
    char why[512] = "";
    const char *p = foreign_file("w", 8 * MIB);
    CHECK_INT_EQ(safety_check(p, &WRITES, &t, why, sizeof why), -EPERM);
    CHECK(strstr(why, p) == why);               /* names the target first */
    CHECK(strstr(why, "--destroy-data") != NULL);
}

static void destroy_data_should_allow_a_blank_foreign_file(void)
{
    struct safety_target t;
    char why[512] = "";
    const char *p = foreign_file("blank", 8 * MIB);
    CHECK_INT_EQ(safety_check(p, &DESTROY, &t, why, sizeof why), 0);
    CHECK_STR_EQ(t.signature, "");
}

static void created_file_should_be_marked_and_writable_without_destroy_data(void)
{
    struct safety_target t;
    char why[512] = "";
    const char *p = path_of("made");
    struct safety_policy create = { .write = true, .create_bytes = 4 * MIB };
    CHECK_INT_EQ(safety_check(p, &create, &t, why, sizeof why), 0);
    CHECK(t.will_create);
    CHECK_INT_EQ(t.kind, SAFETY_MISSING);
    CHECK_INT_EQ(safety_create_file(p, 4 * MIB, why, sizeof why), 0);
    CHECK(safety_is_asmsim_file(p));
    struct stat st;
    CHECK_INT_EQ(stat(p, &st), 0);
    CHECK_U64_EQ((uint64_t)st.st_size, 4 * MIB);
    /* now an asmsim file: writable without --destroy-data or --create */
    CHECK_INT_EQ(safety_check(p, &WRITES, &t, why, sizeof why), 0);
    CHECK(t.asmsim_file);
    CHECK(!t.will_create);
}

static void create_should_refuse_to_take_over_a_foreign_file(void)
{
    char why[512] = "";
    const char *p = foreign_file("theirs", 2 * MIB);
    CHECK_INT_EQ(safety_create_file(p, 4 * MIB, why, sizeof why), -EPERM);
    CHECK(strstr(why, "not created by asmsim") != NULL);
    CHECK(!safety_is_asmsim_file(p));
    struct stat st;
    CHECK_INT_EQ(stat(p, &st), 0);
    CHECK_U64_EQ((uint64_t)st.st_size, 2 * MIB);   /* untouched */
}

static void asm_header_should_be_refused_even_with_destroy_data(void)
{
    struct safety_target t;
    char why[512] = "";
    const char *p = foreign_file("asm", 8 * MIB);
    int fd = open(p, O_WRONLY);
    CHECK(fd >= 0);
    CHECK_INT_EQ(pwrite(fd, "ORCLDISK", 8, 32), 8);
    close(fd);
    CHECK_INT_EQ(safety_check(p, &DESTROY, &t, why, sizeof why), -EPERM);
    CHECK(strstr(why, "ORCLDISK") != NULL);
    CHECK(strstr(why, "--ignore-signatures") != NULL);
    /* a read-only run may still read it, and learns what it is */
    CHECK_INT_EQ(safety_check(p, &READS, &t, why, sizeof why), 0);
    CHECK(strstr(t.signature, "Oracle ASM") != NULL);
}

static void ignore_signatures_should_allow_a_signed_target(void)
{
    struct safety_target t;
    char why[512] = "";
    const char *p = path_of("asm");         /* from the test above */
    struct safety_policy all = { .write = true, .destroy_data = true,
                                 .ignore_signatures = true };
    CHECK_INT_EQ(safety_check(p, &all, &t, why, sizeof why), 0);
    CHECK(strstr(t.signature, "ORCLDISK") != NULL);
    /* --ignore-signatures alone is not --destroy-data */
    struct safety_policy no_destroy = { .write = true,
                                        .ignore_signatures = true };
    CHECK_INT_EQ(safety_check(p, &no_destroy, &t, why, sizeof why), -EPERM);
}

static void file_system_signature_should_be_named(void)
{
    struct safety_target t;
    char why[512] = "", cmd[700];
    const char *p = foreign_file("ext4img", 16 * MIB);
    snprintf(cmd, sizeof cmd, "mkfs.ext4 -F -q %s >/dev/null 2>&1", p);
    if (system(cmd) != 0) {
        printf("SKIP file_system_signature_should_be_named: no mkfs.ext4\n");
        return;
    }
    CHECK_INT_EQ(safety_check(p, &DESTROY, &t, why, sizeof why), -EPERM);
    CHECK(strstr(why, "ext4") != NULL);
    char name[64];
    CHECK_INT_EQ(safety_probe_signature(p, name, sizeof name), 1);
    CHECK_STR_EQ(name, "ext4");
}

static void blank_file_should_have_no_signature(void)
{
    char name[64] = "";
    const char *p = foreign_file("blank2", 4 * MIB);
    CHECK_INT_EQ(safety_probe_signature(p, name, sizeof name), 0);
}

static void size_limit_should_cap_the_usable_size_to_whole_blocks(void)
{
    struct safety_target t;
    char why[512] = "";
    const char *p = foreign_file("big", 32 * MIB);
    struct safety_policy lim = { .size_limit_bytes = 8 * MIB + 100 };
    CHECK_INT_EQ(safety_check(p, &lim, &t, why, sizeof why), 0);
    CHECK(t.usable_bytes <= 8 * MIB + 100);
    CHECK(t.usable_bytes > 8 * MIB - t.logical_block_bytes);
    CHECK_U64_EQ(t.usable_bytes % t.logical_block_bytes, 0);
    CHECK_U64_EQ(t.size_bytes, 32 * MIB);
}

static void missing_target_without_create_should_be_refused(void)
{
    struct safety_target t;
    char why[512] = "";
    const char *p = path_of("nothere");
    CHECK_INT_EQ(safety_check(p, &READS, &t, why, sizeof why), -ENOENT);
    CHECK(strstr(why, "--create") != NULL);
}

static void directory_should_be_refused(void)
{
    struct safety_target t;
    char why[512] = "";
    CHECK_INT_EQ(safety_check(dir, &READS, &t, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "neither a regular file nor a block device") != NULL);
}

static void target_under_one_mib_should_be_refused(void)
{
    struct safety_target t;
    char why[512] = "";
    const char *p = foreign_file("tiny", 64 * 1024);
    CHECK_INT_EQ(safety_check(p, &READS, &t, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "at least 1 MiB") != NULL);
}

int main(void)
{
    snprintf(dir, sizeof dir, "%s/asmsim-safety.XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    RUN(read_only_run_should_allow_a_foreign_file);
    RUN(writing_run_should_refuse_a_foreign_file_without_destroy_data);
    RUN(destroy_data_should_allow_a_blank_foreign_file);
    RUN(created_file_should_be_marked_and_writable_without_destroy_data);
    RUN(create_should_refuse_to_take_over_a_foreign_file);
    RUN(asm_header_should_be_refused_even_with_destroy_data);
    RUN(ignore_signatures_should_allow_a_signed_target);
    RUN(file_system_signature_should_be_named);
    RUN(blank_file_should_have_no_signature);
    RUN(size_limit_should_cap_the_usable_size_to_whole_blocks);
    RUN(missing_target_without_create_should_be_refused);
    RUN(directory_should_be_refused);
    RUN(target_under_one_mib_should_be_refused);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
    return check_done();
}
