/*
 * test_safety.c - the rules of what asmsim may do to a target (safety.c),
 * on files in a temporary directory.  Block-device rules (mounted, held
 * exclusively, mkfs on a loop device) are in tests/aio_test.sh.  The
 * same-target checks on partitions run against a copy of sysfs's
 * dev/block tree made here (device nodes by mknod: root only; the case
 * says SKIP otherwise), because partitions need a kernel with partition
 * table support; aio_test.sh tries real ones.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "sim/aio/safety.h"
#include "tests/check.h"
#include "tests/tmp_tree.h"

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

/* `bytes` zeros written (not a sparse file: safety.c rule 7) to fd. */
static void write_zeros(int fd, uint64_t bytes)
{
    static const char block[64 * 1024];

    for (uint64_t at = 0; at < bytes; at += sizeof block)
        if (write(fd, block, sizeof block) != (ssize_t)sizeof block)
            perror("write");
    if (ftruncate(fd, (off_t)bytes) != 0 || fsync(fd) != 0)
        perror("ftruncate");
}

/* A plain file of `bytes` zeros that asmsim did not create. */
static const char *foreign_file(const char *name, uint64_t bytes)
{
    const char *p = path_of(name);
    int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        write_zeros(fd, bytes);
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
    CHECK_INT_EQ(safety_create_file(p, 4 * MIB, false, NULL, why, sizeof why), 0);
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
    CHECK_INT_EQ(safety_create_file(p, 4 * MIB, false, NULL, why, sizeof why), -EPERM);
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
    CHECK_GE(fd, 0);
    CHECK_INT_EQ(pwrite(fd, "ORCLDISK", 8, 32), 8);
    close(fd);
    CHECK_INT_EQ(safety_check(p, &DESTROY, &t, why, sizeof why), -EPERM);
    CHECK(strstr(why, "carries an Oracle ASM disk header (ORCLDISK)") != NULL);
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
    CHECK(strstr(why, "carries an ext4 signature") != NULL);
    char name[64];
    CHECK_INT_EQ(safety_probe_signature(p, name, sizeof name), 1);
    CHECK_STR_EQ(name, "ext4");
}

/* "an xfs" (read letter by letter), "a swap" (a word): the article goes
   by the first sound of the name. */
static void signature_should_take_the_article_of_its_sound(void)
{
    static const struct { const char *name, *mkfs, *words; } fs[] = {
        { "xfsimg", "mkfs.xfs -f -q", "carries an xfs signature" },
        { "swapimg", "mkswap", "carries a swap signature" },
    };
    for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++) {
        struct safety_target t;
        char why[512] = "", cmd[700];
        const char *p = path_of(fs[i].name);   /* sparse: the signature is
                                                   refused before holes are */
        int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        CHECK(fd >= 0 && ftruncate(fd, 320 * MIB) == 0);
        close(fd);
        snprintf(cmd, sizeof cmd, "%s %s >/dev/null 2>&1", fs[i].mkfs, p);
        if (system(cmd) != 0) {
            printf("SKIP signature_should_take_the_article_of_its_sound: %s\n",
                   fs[i].mkfs);
            continue;
        }
        CHECK_INT_EQ(safety_check(p, &DESTROY, &t, why, sizeof why), -EPERM);
        CHECK(strstr(why, fs[i].words) != NULL);
    }
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
    CHECK_LE(t.usable_bytes, 8 * MIB + 100);
    CHECK_GT(t.usable_bytes, 8 * MIB - t.logical_block_bytes);
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

/* ---- the mark is bound to the file (issue 7, defect 4) ------------------ */

static void write_asm_header(const char *p)
{
    int fd = open(p, O_WRONLY);
    CHECK_GE(fd, 0);
    CHECK_INT_EQ(pwrite(fd, "ORCLDISK", 8, 32), 8);
    close(fd);
}

static void replace_with_new_file(const char *p, uint64_t bytes)
{
    /* made beside it and renamed over it: certainly another inode */
    char tmp[600];
    snprintf(tmp, sizeof tmp, "%s.new", p);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CHECK_GE(fd, 0);
    CHECK_INT_EQ(ftruncate(fd, (off_t)bytes), 0);
    close(fd);
    CHECK_INT_EQ(rename(tmp, p), 0);
}

static void sidecar_mark_should_make_a_file_asmsims(void)
{
    char why[512] = "", side[600];
    struct safety_target t;
    const char *p = foreign_file("sc_ok", 4 * MIB);
    CHECK(!safety_is_asmsim_file(p));
    CHECK_INT_EQ(safety_mark_file(p, true, why, sizeof why), 0);
    snprintf(side, sizeof side, "%s%s", p, SAFETY_SIDECAR_SUFFIX);
    CHECK_INT_EQ(access(side, F_OK), 0);
    CHECK(safety_is_asmsim_file(p));
    CHECK_INT_EQ(safety_check(p, &WRITES, &t, why, sizeof why), 0);
    CHECK(t.asmsim_file);
}

static void stale_sidecar_should_not_mark_a_file_made_later_at_its_path(void)
{
    char why[512] = "";
    struct safety_target t;
    const char *p = foreign_file("sc_stale", 4 * MIB);
    CHECK_INT_EQ(safety_mark_file(p, true, why, sizeof why), 0);
    CHECK(safety_is_asmsim_file(p));
    /* the asmsim file goes, an ASM disk image of the same size comes */
    replace_with_new_file(p, 4 * MIB);
    CHECK(!safety_is_asmsim_file(p));
    CHECK_INT_EQ(safety_check(p, &WRITES, &t, why, sizeof why), -EPERM);
    CHECK(strstr(why, "--destroy-data") != NULL);
    /* nor may --create take it over */
    CHECK_INT_EQ(safety_create_file(p, 8 * MIB, false, NULL, why, sizeof why), -EPERM);
    struct stat st;
    CHECK_INT_EQ(stat(p, &st), 0);
    CHECK_U64_EQ((uint64_t)st.st_size, 4 * MIB);
}

static void stray_empty_sidecar_should_not_mark_the_file(void)
{
    char why[512] = "", side[600];
    struct safety_target t;
    const char *p = foreign_file("sc_empty", 4 * MIB);
    snprintf(side, sizeof side, "%s%s", p, SAFETY_SIDECAR_SUFFIX);
    int fd = open(side, O_WRONLY | O_CREAT | O_TRUNC, 0644);   /* old style */
    CHECK_GE(fd, 0);
    close(fd);
    CHECK(!safety_is_asmsim_file(p));
    CHECK_INT_EQ(safety_check(p, &WRITES, &t, why, sizeof why), -EPERM);
}

static void sidecar_copied_from_another_file_should_not_mark_this_one(void)
{
    char why[512] = "", cmd[1400];
    const char *a = foreign_file("sc_a", 4 * MIB);
    const char *b = foreign_file("sc_b", 4 * MIB);
    CHECK_INT_EQ(safety_mark_file(a, true, why, sizeof why), 0);
    snprintf(cmd, sizeof cmd, "cp '%s%s' '%s%s'", a, SAFETY_SIDECAR_SUFFIX,
             b, SAFETY_SIDECAR_SUFFIX);
    CHECK_INT_EQ(system(cmd), 0);
    CHECK(safety_is_asmsim_file(a));
    CHECK(!safety_is_asmsim_file(b));
}

static void mark_should_be_lost_when_something_else_resizes_the_file(void)
{
    char why[512] = "";
    const char *p = foreign_file("sc_size", 4 * MIB);
    CHECK_INT_EQ(safety_mark_file(p, true, why, sizeof why), 0);
    CHECK(safety_is_asmsim_file(p));
    CHECK_INT_EQ(truncate(p, (off_t)(8 * MIB)), 0);
    CHECK(!safety_is_asmsim_file(p));
}

static void xattr_mark_copied_to_another_file_should_not_count(void)
{
    char why[512] = "", v[SAFETY_MARK_LEN];
    const char *p = foreign_file("xa", 4 * MIB);
    const char *q = foreign_file("xa_copy", 4 * MIB);
    CHECK_INT_EQ(safety_mark_file(p, false, why, sizeof why), 0);
    ssize_t n = getxattr(p, SAFETY_XATTR, v, sizeof v);
    if (n <= 0) {
        printf("SKIP xattr_mark_copied_to_another_file_should_not_count: no "
               "user xattrs on %s\n", dir);
        return;
    }
    CHECK(safety_is_asmsim_file(p));
    CHECK_INT_EQ(setxattr(q, SAFETY_XATTR, v, (size_t)n, 0), 0);  /* cp -a */
    CHECK(!safety_is_asmsim_file(q));
    CHECK_INT_EQ(setxattr(q, SAFETY_XATTR, "created", 7, 0), 0); /* old style */
    CHECK(!safety_is_asmsim_file(q));
}

static void created_file_with_asm_header_should_be_refused_for_writes(void)
{
    char why[512] = "";
    struct safety_target t;
    const char *p = path_of("made_asm");
    CHECK_INT_EQ(safety_create_file(p, 4 * MIB, false, NULL, why, sizeof why), 0);
    CHECK(safety_is_asmsim_file(p));
    write_asm_header(p);
    CHECK(safety_is_asmsim_file(p));            /* the mark is still right */
    CHECK_INT_EQ(safety_check(p, &WRITES, &t, why, sizeof why), -EPERM);
    CHECK(strstr(why, p) == why);
    CHECK(strstr(why, "ORCLDISK") != NULL);
    CHECK(strstr(why, "--ignore-signatures") != NULL);
    CHECK_INT_EQ(safety_check(p, &DESTROY, &t, why, sizeof why), -EPERM);
    /* reading is fine, and says what it found */
    CHECK_INT_EQ(safety_check(p, &READS, &t, why, sizeof why), 0);
    CHECK(strstr(t.signature, "ORCLDISK") != NULL);
    /* asmsim's own: --ignore-signatures suffices, no --destroy-data */
    struct safety_policy ign = { .write = true, .ignore_signatures = true };
    CHECK_INT_EQ(safety_check(p, &ign, &t, why, sizeof why), 0);
}

static void sidecar_marked_file_with_asm_header_should_be_refused(void)
{
    char why[512] = "";
    struct safety_target t;
    const char *p = foreign_file("sc_asm", 4 * MIB);
    write_asm_header(p);
    CHECK_INT_EQ(safety_mark_file(p, true, why, sizeof why), 0);
    CHECK(safety_is_asmsim_file(p));
    CHECK_INT_EQ(safety_check(p, &WRITES, &t, why, sizeof why), -EPERM);
    CHECK(strstr(why, "ORCLDISK") != NULL);
}

/* ---- the same data under two names (issue 7, defect 6) ------------------ */

static bool same(const char *sys, const char *a, const char *b, char *how,
                 size_t len)
{
    struct safety_ident ia, ib;
    safety_identify(sys, a, &ia);
    safety_identify(sys, b, &ib);
    how[0] = '\0';
    return safety_overlap(&ia, &ib, how, len);
}

static void hard_link_should_be_the_same_target(void)
{
    char how[160];
    const char *a = foreign_file("same_a", 4 * MIB);
    const char *b = path_of("same_hardlink");
    CHECK_INT_EQ(link(a, b), 0);
    CHECK(same(NULL, a, b, how, sizeof how));
    CHECK(strstr(how, "hard link") != NULL);
}

static void symlink_should_be_the_same_target(void)
{
    char how[160];
    const char *a = path_of("same_a");
    const char *b = path_of("same_symlink");
    CHECK_INT_EQ(symlink("same_a", b), 0);
    CHECK(same(NULL, a, b, how, sizeof how));
    CHECK(same(NULL, b, a, how, sizeof how));
}

static void two_files_should_not_be_the_same_target(void)
{
    char how[160];
    const char *a = foreign_file("other_a", 4 * MIB);
    const char *b = foreign_file("other_b", 4 * MIB);
    CHECK(!same(NULL, a, b, how, sizeof how));
}

static void missing_path_spelt_twice_should_be_the_same_target(void)
{
    char how[160], b[600];
    const char *a = path_of("not_yet");
    snprintf(b, sizeof b, "%s/./not_yet", dir);
    CHECK(same(NULL, a, b, how, sizeof how));
    CHECK(!same(NULL, a, path_of("not_yet_either"), how, sizeof how));
}

/* A copy of sysfs's dev/block tree: a disk 240:0 with partitions 240:1 and
   240:2, a loop device over `backing` (240:16), and device nodes for all. */
static int fake_sysfs(char *sys, size_t len)
{
    static const struct { const char *rel; const char *dev; int part; } d[] = {
        { "disk", "240:0", 0 }, { "disk/disk1", "240:1", 1 },
        { "disk/disk2", "240:2", 2 }, { "loop9", "240:16", 0 },
        { "loop9/loop9p1", "240:17", 1 },
    };
    char path[1200], cmd[1400];
    snprintf(sys, len, "%s/sys", dir);
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/dev/block' '%s/devices/virtual/"
             "block/disk/disk1' '%s/devices/virtual/block/disk/disk2' "
             "'%s/devices/virtual/block/loop9/loop' '%s/devices/virtual/block/"
             "loop9/loop9p1'", sys, sys, sys, sys, sys);
    if (system(cmd) != 0)
        return -1;
    for (size_t i = 0; i < sizeof d / sizeof d[0]; i++) {
        unsigned maj, min;
        snprintf(path, sizeof path, "%s/devices/virtual/block/%s/dev", sys,
                 d[i].rel);
        FILE *f = fopen(path, "w");
        if (!f)
            return -1;
        fprintf(f, "%s\n", d[i].dev);
        fclose(f);
        if (d[i].part) {
            snprintf(path, sizeof path, "%s/devices/virtual/block/%s/"
                     "partition", sys, d[i].rel);
            if (!(f = fopen(path, "w")))
                return -1;
            fprintf(f, "%d\n", d[i].part);
            fclose(f);
        }
        char target[600];
        snprintf(path, sizeof path, "%s/dev/block/%s", sys, d[i].dev);
        snprintf(target, sizeof target, "../../devices/virtual/block/%s",
                 d[i].rel);
        if (symlink(target, path) != 0)
            return -1;
        sscanf(d[i].dev, "%u:%u", &maj, &min);
        snprintf(path, sizeof path, "%s/node_%u_%u", dir, maj, min);
        if (mknod(path, S_IFBLK | 0600, makedev(maj, min)) != 0)
            return -errno;
    }
    const char *backing = foreign_file("backing", 4 * MIB);
    snprintf(path, sizeof path, "%s/devices/virtual/block/loop9/loop/"
             "backing_file", sys);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "%s\n", backing);
    fclose(f);
    return 0;
}

static void partitions_and_loop_devices_should_overlap_what_they_sit_on(void)
{
    char sys[600], how[160];
    int rc = fake_sysfs(sys, sizeof sys);
    if (rc == -EPERM) {
        printf("SKIP partitions_and_loop_devices_should_overlap_what_they_sit_"
               "on: mknod needs root\n");
        return;
    }
    CHECK_INT_EQ(rc, 0);
    char disk[600], p1[600], p2[600], loop[600], lp1[600], backing[600];
    snprintf(disk, sizeof disk, "%s/node_240_0", dir);
    snprintf(p1, sizeof p1, "%s/node_240_1", dir);
    snprintf(p2, sizeof p2, "%s/node_240_2", dir);
    snprintf(loop, sizeof loop, "%s/node_240_16", dir);
    snprintf(lp1, sizeof lp1, "%s/node_240_17", dir);
    snprintf(backing, sizeof backing, "%s/backing", dir);
    CHECK(same(sys, disk, p1, how, sizeof how));
    CHECK_STR_EQ(how, "a partition of that disk");
    CHECK(same(sys, p2, disk, how, sizeof how));
    CHECK_STR_EQ(how, "the disk that partition is on");
    CHECK(!same(sys, p1, p2, how, sizeof how));     /* disjoint */
    CHECK(!same(sys, disk, loop, how, sizeof how));
    CHECK(same(sys, backing, loop, how, sizeof how));
    CHECK_STR_EQ(how, "a loop device over that file");
    CHECK(same(sys, lp1, backing, how, sizeof how));
    CHECK_STR_EQ(how, "the file under that loop device");
    CHECK(same(sys, loop, lp1, how, sizeof how));
    /* a second node for the same device number */
    char twin[600];
    snprintf(twin, sizeof twin, "%s/twin", dir);
    CHECK_INT_EQ(mknod(twin, S_IFBLK | 0600, makedev(240, 1)), 0);
    CHECK(same(sys, p1, twin, how, sizeof how));
    CHECK(strstr(how, "240:1") != NULL);
}

int main(void)
{
    if (!tmp_tree_make_in(dir, sizeof dir, tmp_tree_parent("/tmp"), "asmsim-safety")) {
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
    RUN(signature_should_take_the_article_of_its_sound);
    RUN(blank_file_should_have_no_signature);
    RUN(size_limit_should_cap_the_usable_size_to_whole_blocks);
    RUN(missing_target_without_create_should_be_refused);
    RUN(directory_should_be_refused);
    RUN(target_under_one_mib_should_be_refused);
    RUN(sidecar_mark_should_make_a_file_asmsims);
    RUN(stale_sidecar_should_not_mark_a_file_made_later_at_its_path);
    RUN(stray_empty_sidecar_should_not_mark_the_file);
    RUN(sidecar_copied_from_another_file_should_not_mark_this_one);
    RUN(mark_should_be_lost_when_something_else_resizes_the_file);
    RUN(xattr_mark_copied_to_another_file_should_not_count);
    RUN(created_file_with_asm_header_should_be_refused_for_writes);
    RUN(sidecar_marked_file_with_asm_header_should_be_refused);
    RUN(hard_link_should_be_the_same_target);
    RUN(symlink_should_be_the_same_target);
    RUN(two_files_should_not_be_the_same_target);
    RUN(missing_path_spelt_twice_should_be_the_same_target);
    RUN(partitions_and_loop_devices_should_overlap_what_they_sit_on);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
    return check_done();
}
