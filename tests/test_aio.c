/*
 * test_aio.c - the aio backend (dev_aio.c) on files in a temporary
 * directory, every test once with libaio (dev_aio_ops) and once with
 * io_uring (dev_uring_ops, unless this kernel refuses it): data really reaches the files, nothing goes past the limit,
 * misaligned or forbidden I/O never reaches the kernel, mirrored writes
 * land twice and evenly, errors are counted per disk and class, a run
 * whose every disk fails stops and keeps what it measured, and a stop
 * request ends a point while the backend waits.
 *
 * Faults come from the backend's own injection (dev_aio_faults(), or
 * ASMSIM_FAULTS for a whole run): EIO, short transfers and stalls after N
 * I/Os, one worker and two, so the failure paths run on any file system.
 * A test that could hang on a regression (a stalled disk that blocks a
 * stop) runs in a child process with a time limit.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <signal.h>
#include <sys/statvfs.h>
#include <sys/wait.h>

#include "check.h"
#include "sim/core/cpu_usage.h"
#include "sim/aio/dev_aio.h"
#include "sim/core/engine.h"
#include "sim/report/report.h"
#include "sim/core/run.h"
#include "sim/model/dev_model.h"
#include "sim/model/setup.h"
#include "sim/null/dev_null.h"
#include "sim/aio/safety.h"
#include "tests/tmp_tree.h"

#define KIB 1024ull
#define MIB (1024ull * 1024ull)
#define PATTERN "ASMSIM-WRITTEN!\n"

static char dir[256];
static const struct dev_ops *backend = &dev_aio_ops;  /* under test */

static const char *path_of(const char *name)
{
    static char buf[16][512];
    static int next;
    char *p = buf[next++ % 16];
    snprintf(p, 512, "%s/%s", dir, name);
    return p;
}

/* A time limit, stretched by ASMSIM_TIMEOUT_SCALE (sanitizer builds run
   several times slower). */
static double limit_s(double s)
{
    const char *e = getenv("ASMSIM_TIMEOUT_SCALE");
    double k = e ? atof(e) : 1;
    return s * (k >= 1 ? k : 1);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Open an aio device set on fresh files made by --create. */
static int open_files(struct devset *ds, const char **paths, int n,
                      uint64_t size, uint64_t limit, bool writable,
                      char *why, size_t len)
{
    struct dev_aio_cfg ac = {
        .paths = paths,
        .writable = writable,
        .create_bytes = size,
        .limit_bytes = limit,
    };
    struct devset_cfg c = {
        .disks = n,
        .backend_cfg = &ac,
        .max_outstanding = 16,
        .max_io_bytes = 128 * KIB,
        .io_align_bytes = 4096,
    };
    return dev_open(ds, backend, &c, why, len);
}

/* Submit the I/Os and reap until all are back; returns how many came. */
static int run_ios(struct devset *ds, struct sim_io **ios, int n)
{
    int off = 0, got = 0;
    struct sim_io *done[16];
    for (int tries = 0; off < n && tries < 1000; tries++) {
        int k = ds->ops->submit(ds, ios + off, n - off);
        if (k < 0)
            return k;
        off += k;
        if (k == 0) {               /* full: make room */
            k = ds->ops->reap(ds, done, 16, ds->ops->now(ds) + SIM_NS_PER_S);
            if (k < 0)
                return k;
            got += k;
        }
    }
    for (int tries = 0; got < n && tries < 1000; tries++) {
        int k = ds->ops->reap(ds, done, 16, ds->ops->now(ds) + SIM_NS_PER_S);
        if (k < 0)
            return k;
        got += k;
    }
    return got;
}

static bool is_pattern(const unsigned char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (b[i] != (unsigned char)PATTERN[i % 16])
            return false;
    return true;
}

static bool is_zero(const unsigned char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (b[i])
            return false;
    return true;
}

static void read_at(const char *path, uint64_t off, unsigned char *buf,
                    size_t n)
{
    int fd = open(path, O_RDONLY);
    memset(buf, 0xee, n);
    if (fd >= 0) {
        if (pread(fd, buf, n, (off_t)off) != (ssize_t)n)
            memset(buf, 0xee, n);
        close(fd);
    }
}

static void written_data_should_read_back_from_the_files(void)
{
    const char *paths[2] = { path_of("d0"), path_of("d1") };
    struct devset ds;
    char why[512] = "";
    CHECK_INT_EQ(open_files(&ds, paths, 2, 4 * MIB, 0, true, why, sizeof why), 0);
    if (!ds.ops) {
        fprintf(stderr, "  %s\n", why);
        return;
    }
    struct sim_io a = { .offset_bytes = 0, .size_bytes = 4096, .disk = 0,
                        .is_write = 1 };
    struct sim_io b = { .offset_bytes = 64 * KIB, .size_bytes = 8192,
                        .disk = 1, .is_write = 1 };
    struct sim_io *ios[2] = { &a, &b };
    CHECK_INT_EQ(run_ios(&ds, ios, 2), 2);
    CHECK_INT_EQ(a.result, 4096);
    CHECK_INT_EQ(b.result, 8192);
    CHECK_GE(a.done_ns, a.submit_ns);
    dev_close(&ds);

    static unsigned char buf[16384];
    read_at(paths[0], 0, buf, 4096);
    CHECK(is_pattern(buf, 4096));
    read_at(paths[0], 4096, buf, 4096);
    CHECK(is_zero(buf, 4096));
    read_at(paths[1], 64 * KIB, buf, 8192);
    CHECK(is_pattern(buf, 8192));
    read_at(paths[1], 60 * KIB, buf, 4096);
    CHECK(is_zero(buf, 4096));
    CHECK(safety_is_asmsim_file(paths[0]));
}

static void io_past_the_limit_should_fail_without_reaching_the_file(void)
{
    const char *paths[1] = { path_of("lim") };
    struct devset ds;
    char why[512] = "";
    CHECK_INT_EQ(open_files(&ds, paths, 1, 4 * MIB, 2 * MIB, true, why,
                            sizeof why), 0);
    if (!ds.ops)
        return;
    struct sim_io past = { .offset_bytes = 2 * MIB, .size_bytes = 4096,
                           .is_write = 1 };
    struct sim_io across = { .offset_bytes = 2 * MIB - 4096, .size_bytes = 8192,
                             .is_write = 1 };
    struct sim_io inside = { .offset_bytes = 2 * MIB - 4096, .size_bytes = 4096,
                             .is_write = 1 };
    struct sim_io *ios[3] = { &past, &across, &inside };
    CHECK_INT_EQ(run_ios(&ds, ios, 3), 3);
    CHECK_INT_EQ(past.result, -ERANGE);
    CHECK_INT_EQ(across.result, -ERANGE);
    CHECK_INT_EQ(inside.result, 4096);
    dev_close(&ds);
    static unsigned char buf[8192];
    read_at(paths[0], 2 * MIB, buf, 8192);
    CHECK(is_zero(buf, 8192));
}

static void misaligned_io_should_fail_with_einval(void)
{
    const char *paths[1] = { path_of("mis") };
    struct devset ds;
    char why[512] = "";
    CHECK_INT_EQ(open_files(&ds, paths, 1, 4 * MIB, 0, false, why, sizeof why), 0);
    if (!ds.ops)
        return;
    struct sim_io odd_offset = { .offset_bytes = 100, .size_bytes = 4096 };
    struct sim_io odd_size = { .offset_bytes = 0, .size_bytes = 1000 };
    struct sim_io fine = { .offset_bytes = 4096, .size_bytes = 4096 };
    struct sim_io *ios[3] = { &odd_offset, &odd_size, &fine };
    CHECK_INT_EQ(run_ios(&ds, ios, 3), 3);
    CHECK_INT_EQ(odd_offset.result, -EINVAL);
    CHECK_INT_EQ(odd_size.result, -EINVAL);
    CHECK_INT_EQ(fine.result, 4096);
    dev_close(&ds);
}

static void read_only_run_should_refuse_a_write(void)
{
    const char *paths[1] = { path_of("ro") };
    struct devset ds;
    char why[512] = "";
    CHECK_INT_EQ(open_files(&ds, paths, 1, 4 * MIB, 0, false, why, sizeof why), 0);
    if (!ds.ops)
        return;
    struct sim_io w = { .offset_bytes = 0, .size_bytes = 4096, .is_write = 1 };
    struct sim_io *ios[1] = { &w };
    CHECK_INT_EQ(run_ios(&ds, ios, 1), 1);
    CHECK_INT_EQ(w.result, -EBADF);
    dev_close(&ds);
    static unsigned char buf[4096];
    read_at(paths[0], 0, buf, 4096);
    CHECK(is_zero(buf, 4096));
}

static void open_should_refuse_writes_to_a_foreign_file_and_name_it(void)
{
    const char *p = path_of("foreign");
    int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    static const char zeros[4 * MIB];   /* written: a sparse file is refused */
    CHECK(fd >= 0 && write(fd, zeros, sizeof zeros) == (ssize_t)sizeof zeros);
    close(fd);
    const char *paths[1] = { p };
    struct dev_aio_cfg ac = { .paths = paths, .writable = true };
    struct devset_cfg c = { .disks = 1, .backend_cfg = &ac,
                            .max_outstanding = 4, .max_io_bytes = 8192,
                            .io_align_bytes = 4096 };
    struct devset ds;
    char why[512] = "";
    CHECK_INT_EQ(dev_open(&ds, backend, &c, why, sizeof why), -EPERM);
    CHECK(strstr(why, p) != NULL);
    CHECK(strstr(why, "--destroy-data") != NULL);
    ac.destroy_data = true;
    CHECK_INT_EQ(dev_open(&ds, backend, &c, why, sizeof why), 0);
    dev_close(&ds);
}

/* A seam for the race between the check of a target and its open:
   statvfs is what the backend calls in between (dev_aio_writable: is the
   file system read-only?).  While swap_from is set, the first statvfs of
   swap_to renames swap_from over it first, as somebody racing the run
   would (mv other.img target.img), then asks the real statvfs. */
static const char *swap_from, *swap_to;

int statvfs(const char *path, struct statvfs *buf)
{
    static int (*real)(const char *, struct statvfs *);

    if (swap_from && strcmp(path, swap_to) == 0) {
        if (rename(swap_from, swap_to) != 0)
            perror("rename");
        swap_from = NULL;
    }
    if (!real)
        *(void **)&real = dlsym(RTLD_NEXT, "statvfs");
    return real ? real(path, buf) : -1;
}

static void target_swapped_between_check_and_open_should_be_refused(void)
{
    static const char data[4 * MIB] = "somebody's data";
    const char *ours = path_of("ours"), *theirs = path_of("theirs");
    const char *paths[1] = { ours };
    struct dev_aio_cfg ac = { .paths = paths, .writable = true,
                              .create_bytes = 4 * MIB };
    struct devset_cfg c = { .disks = 1, .backend_cfg = &ac,
                            .max_outstanding = 4, .max_io_bytes = 8192,
                            .io_align_bytes = 4096 };
    struct devset ds;
    char why[512] = "", back[16] = "";

    CHECK_INT_EQ(safety_create_file(ours, 4 * MIB, false, NULL, why, sizeof why), 0);
    int fd = open(theirs, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CHECK(fd >= 0 && write(fd, data, sizeof data) == (ssize_t)sizeof data);
    close(fd);
    swap_from = theirs;
    swap_to = ours;
    int rc = dev_open(&ds, backend, &c, why, sizeof why);
    swap_from = NULL;
    if (rc == 0)
        dev_close(&ds);
    CHECK_INT_EQ(rc, -ESTALE);
    CHECK(strstr(why, "changed after it was checked") != NULL);
    fd = open(ours, O_RDONLY);
    CHECK(fd >= 0 && read(fd, back, sizeof back - 1) > 0);
    close(fd);
    CHECK_STR_EQ(back, "somebody's data");
    unlink(ours);
}

static void open_should_refuse_a_negative_worker_count(void)
{
    const char *paths[1] = { path_of("thr") };
    struct dev_aio_cfg ac = { .paths = paths, .create_bytes = 4 * MIB,
                              .threads = -1 };
    struct devset_cfg c = { .disks = 1, .backend_cfg = &ac,
                            .max_outstanding = 4, .max_io_bytes = 8192 };
    struct devset ds;
    char why[512] = "";
    CHECK_INT_EQ(dev_open(&ds, backend, &c, why, sizeof why), -EINVAL);
    CHECK(strstr(why, "--threads -1") != NULL);
}

/* The backend's own buffer check refuses two workers whose buffers are
   over the limit, and closes what it opened without touching workers it
   never made (it crashed there once). */
static void buffer_limit_should_refuse_two_workers_cleanly(void)
{
    const char *paths[2] = { path_of("b0"), path_of("b1") };
    struct dev_aio_cfg ac = { .paths = paths, .writable = true,
                              .create_bytes = 4 * MIB, .threads = 2 };
    struct devset_cfg c = {
        .disks = 2, .backend_cfg = &ac, .max_outstanding = 64,
        .max_io_bytes = 64 * MIB, .io_align_bytes = 4096,
        .budget = { .slots = { 0, 60000 }, .io_bytes = { 0, 64 * MIB } },
    };
    struct devset ds;
    char why[512] = "";
    int rc = dev_open(&ds, backend, &c, why, sizeof why);
    CHECK(rc < 0);
    CHECK(why[0] != '\0');
}

/* Two workers over four files: every I/O comes back with its result, the
   data lands where it was sent, the refused ones never reach a file, and
   --verbose's text names each worker, its node and its targets. */
static void two_workers_should_carry_out_every_io_on_its_own_file(void)
{
    const char *paths[4] = { path_of("w0"), path_of("w1"), path_of("w2"),
                             path_of("w3") };
    char info[4096] = "";
    struct dev_aio_cfg ac = { .paths = paths, .writable = true,
                              .create_bytes = 4 * MIB, .threads = 2,
                              .info = info, .info_len = sizeof info };
    struct devset_cfg c = {
        .disks = 4, .backend_cfg = &ac, .max_outstanding = 64,
        .max_io_bytes = 128 * KIB, .io_align_bytes = 4096,
    };
    struct devset ds;
    char why[512] = "";
    CHECK_INT_EQ(dev_open(&ds, backend, &c, why, sizeof why), 0);
    if (!ds.ops) {
        fprintf(stderr, "  %s\n", why);
        return;
    }
    CHECK(strstr(info, "workers: 2 (--threads)") != NULL);
    CHECK(strstr(info, "worker 0: ") != NULL);
    CHECK(strstr(info, "worker 1: ") != NULL);
    CHECK(strstr(info, "NUMA") != NULL);
    /* files report no node: round robin, 0 and 2 on worker 0 */
    char want[1200];
    snprintf(want, sizeof want, "targets 0 (%s), 2 (%s)\n", paths[0], paths[2]);
    CHECK(strstr(info, want) != NULL);
    snprintf(want, sizeof want, "targets 1 (%s), 3 (%s)\n", paths[1], paths[3]);
    CHECK(strstr(info, want) != NULL);

    /* 4 x 16 writes of 8 KiB at disk-specific offsets, then 64 reads, one
       past the end on each disk */
    static struct sim_io io[132];
    struct sim_io *ios[132];
    int n = 0;
    for (int d = 0; d < 4; d++)
        for (int k = 0; k < 16; k++) {
            io[n] = (struct sim_io){ .offset_bytes = (uint64_t)(d * 16 + k) * 16 * KIB,
                                     .size_bytes = 8192, .disk = (uint16_t)d,
                                     .is_write = 1 };
            ios[n] = &io[n];
            n++;
        }
    CHECK_INT_EQ(run_ios(&ds, ios, n), n);
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += io[i].result != 8192 || io[i].done_ns < io[i].submit_ns;
    CHECK_INT_EQ(bad, 0);
    n = 0;
    for (int d = 0; d < 4; d++) {
        for (int k = 0; k < 16; k++) {
            io[n] = (struct sim_io){ .offset_bytes = (uint64_t)k * 128 * KIB,
                                     .size_bytes = 128 * KIB, .disk = (uint16_t)d };
            ios[n] = &io[n];
            n++;
        }
        io[n] = (struct sim_io){ .offset_bytes = 4 * MIB, .size_bytes = 4096,
                                 .disk = (uint16_t)d, .is_write = 1 };
        ios[n] = &io[n];
        n++;
    }
    CHECK_INT_EQ(run_ios(&ds, ios, n), n);
    int reads_ok = 0, past = 0;
    for (int i = 0; i < n; i++) {
        reads_ok += !io[i].is_write && io[i].result == 128 * (int)KIB;
        past += io[i].is_write && io[i].result == -ERANGE;
    }
    CHECK_INT_EQ(reads_ok, 64);
    CHECK_INT_EQ(past, 4);
    dev_close(&ds);

    static unsigned char buf[16 * KIB];
    int placed = 0;
    for (int d = 0; d < 4; d++)
        for (int k = 0; k < 16; k++) {
            read_at(paths[d], (uint64_t)(d * 16 + k) * 16 * KIB, buf, sizeof buf);
            placed += is_pattern(buf, 8192) && is_zero(buf + 8192, 8192);
        }
    CHECK_INT_EQ(placed, 64);
    /* nothing of disk 0's writes landed on disk 1's file, and vice versa */
    read_at(paths[1], 0, buf, sizeof buf);
    CHECK(is_zero(buf, sizeof buf));
    read_at(paths[0], 16 * 16 * KIB, buf, sizeof buf);
    CHECK(is_zero(buf, sizeof buf));
}

static const char *plan_text;

/* The plan for machines this test does not run on: nodes as sysfs gives
   them, workers as open would start them. */
static int plan(const int *nodes, int disks, int threads, int machine_nodes,
                int cpus, int *worker_of, int *worker_node)
{
    return dev_aio_plan(nodes, disks, threads, machine_nodes, cpus, worker_of,
                        worker_node, &plan_text);
}

static void default_workers_should_be_one_per_node_that_hosts_targets(void)
{
    int of[8], wn[8];
    const int two_nodes[6] = { 1, 0, 1, 0, 1, 1 };
    CHECK_INT_EQ(plan(two_nodes, 6, 0, 2, 16, of, wn), 2);
    /* the bigger node first, each target on its node's worker */
    CHECK_INT_EQ(wn[0], 1);
    CHECK_INT_EQ(wn[1], 0);
    for (int d = 0; d < 6; d++)
        CHECK_INT_EQ(wn[of[d]], two_nodes[d]);
    CHECK(strstr(plan_text, "one per NUMA node") != NULL);

    /* bounded by the CPUs */
    const int four_nodes[4] = { 0, 1, 2, 3 };
    CHECK_INT_EQ(plan(four_nodes, 4, 0, 4, 2, of, wn), 2);
    CHECK(strstr(plan_text, "bounded by the CPUs") != NULL);

    /* one node, NUMA unavailable, or no target with a node: one worker */
    const int one_node[3] = { 0, 0, 0 };
    CHECK_INT_EQ(plan(one_node, 3, 0, 1, 16, of, wn), 1);
    CHECK(strstr(plan_text, "one-node machine") != NULL);
    const int unknown[3] = { -1, -1, -1 };
    CHECK_INT_EQ(plan(unknown, 3, 0, 0, 16, of, wn), 1);
    CHECK(strstr(plan_text, "NUMA unavailable") != NULL);
    CHECK_INT_EQ(plan(unknown, 3, 0, 2, 16, of, wn), 1);
    CHECK_INT_EQ(wn[0], -1);
    CHECK(strstr(plan_text, "no target reports") != NULL);
}

static void more_threads_than_nodes_should_share_each_node_round_robin(void)
{
    int of[8], wn[8];
    const int nodes[6] = { 0, 0, 0, 0, 1, 1 };
    CHECK_INT_EQ(plan(nodes, 6, 3, 2, 16, of, wn), 3);
    /* node 0 has 4 targets: two workers, dealt round robin; node 1 one */
    CHECK_INT_EQ(wn[0], 0);
    CHECK_INT_EQ(wn[1], 0);
    CHECK_INT_EQ(wn[2], 1);
    CHECK_INT_EQ(of[0], 0);
    CHECK_INT_EQ(of[1], 1);
    CHECK_INT_EQ(of[2], 0);
    CHECK_INT_EQ(of[3], 1);
    CHECK_INT_EQ(of[4], 2);
    CHECK_INT_EQ(of[5], 2);
    /* never more workers than targets */
    CHECK_INT_EQ(plan(nodes, 6, 64, 2, 16, of, wn), 6);
    CHECK(strstr(plan_text, "at most one per target") != NULL);
    for (int d = 0; d < 6; d++)
        CHECK_INT_EQ(of[d], d);
    /* fewer workers than nodes: nodes dealt, largest first */
    const int three[5] = { 2, 2, 0, 1, -1 };
    CHECK_INT_EQ(plan(three, 5, 2, 3, 16, of, wn), 2);
    CHECK_INT_EQ(wn[0], 2);
    CHECK_INT_EQ(of[0], 0);
    CHECK_INT_EQ(of[1], 0);
    CHECK_INT_EQ(of[2], 1);     /* node 0 */
    CHECK_INT_EQ(of[3], 0);     /* node 1, third group */
    CHECK_INT_EQ(of[4], 1);     /* no node, last */
}

/* The aio configuration of the run real_cfg makes (the CLI keeps its
   own in its options): one run at a time, its threads set by the test. */
static struct dev_aio_cfg real_aio;

/* A run on created files, one point. */
static void real_cfg(struct sim_setup *cfg, const char **paths, int n,
                     uint64_t size, int small, int large)
{
    sim_setup_defaults(cfg);
    cfg->run.disks = n;
    cfg->run.backend = backend;
    real_aio = (struct dev_aio_cfg){ .paths = paths, .create_bytes = size };
    cfg->backend_cfg = &real_aio;
    cfg->run.disk_names = paths;
    cfg->volume.size_bytes = size;
    cfg->run.matrix.run = WL_RUN_ADVANCED;
    cfg->run.matrix.matrix = WL_MATRIX_POINT;
    cfg->run.matrix.num_small = small;
    cfg->run.matrix.num_large = large;
    cfg->run.point.duration_ns = 300 * SIM_NS_PER_MS;
}

/* sim_run of cfg's one point, its window doubled (up to 32 times cfg's)
   until each class completed at least min_ios: a count the checks can
   rest on whatever the machine's speed (under load, fewer than 100
   completed in 300 ms). */
static int run_counted(struct sim_setup *cfg, uint64_t min_ios,
                       struct sim_run_result **r, char *why, size_t why_len)
{
    for (int k = 0;; k++) {
        int rc = sim_run(sim_setup_run(cfg), NULL, NULL, r, why, why_len);
        if (rc != 0 || k == 5)
            return rc;
        const struct sim_point_result *p = &(*r)->points[0];
        if (p->cls[WL_SMALL].ios >= min_ios && p->cls[WL_LARGE].ios >= min_ios)
            return 0;
        sim_run_free(*r);
        *r = NULL;
        cfg->run.point.duration_ns *= 2;
    }
}

/* The layout's prediction on four files, with `threads` workers (0: the
   default): mirrored writes double the bytes, split evenly, and land. */
static void check_normal_redundancy_on_four_files(const char *prefix,
                                                  int threads)
{
    char names[4][16];
    const char *paths[4];
    for (int d = 0; d < 4; d++) {
        snprintf(names[d], sizeof names[d], "%s%d", prefix, d);
        paths[d] = path_of(names[d]);
    }
    struct sim_setup cfg;
    struct sim_run_result *r = NULL;
    char why[512] = "";
    real_cfg(&cfg, paths, 4, 64 * MIB, 4, 4);
    real_aio.threads = threads;
    cfg.run.layout.redundancy = LAY_NORMAL;
    cfg.run.workload.write_pct = 100;
    CHECK_INT_EQ(run_counted(&cfg, 1000, &r, why, sizeof why), 0);
    if (!r) {
        fprintf(stderr, "  %s\n", why);
        return;
    }
    const struct sim_point_result *p = &r->points[0];
    uint64_t logical = p->cls[WL_SMALL].ios * 8 * KIB + p->cls[WL_LARGE].ios * 128 * KIB;
    uint64_t physical = 0;
    for (int d = 0; d < 4; d++)
        physical += p->disk[d].bytes;
    CHECK_GE(p->cls[WL_SMALL].ios, 1000);
    CHECK_GE(p->cls[WL_LARGE].ios, 1000);
    CHECK_U64_EQ(p->errors, 0);
    CHECK_U64_EQ(physical, 2 * logical);
    /* random I/O over 4 disks: each carries a quarter, within 25 % (the
       run has thousands of pieces; a disk left out would be at 0) */
    for (int d = 0; d < 4; d++)
        CHECK_NEAR_REL((double)p->disk[d].bytes, (double)physical / 4, 0.25);
    sim_run_free(r);

    /* and the bytes are on the files: every file holds written blocks */
    static unsigned char buf[1 << 20];
    for (int d = 0; d < 4; d++) {
        int fd = open(paths[d], O_RDONLY);
        uint64_t blocks = 0;
        for (uint64_t off = 0; off < 64 * MIB; off += sizeof buf) {
            if (pread(fd, buf, sizeof buf, (off_t)off) != (ssize_t)sizeof buf)
                break;
            for (size_t b = 0; b < sizeof buf; b += 4096)
                blocks += is_pattern(buf + b, 4096);
        }
        close(fd);
        CHECK_GT(blocks, 100);
    }
}

static void normal_redundancy_should_write_every_byte_twice_and_evenly(void)
{
    check_normal_redundancy_on_four_files("m", 0);
}

static void two_workers_should_write_what_the_layout_predicts(void)
{
    check_normal_redundancy_on_four_files("t", 2);
}

static void read_only_run_should_leave_the_files_untouched(void)
{
    const char *paths[2] = { path_of("r0"), path_of("r1") };
    struct sim_setup cfg;
    struct sim_run_result *r = NULL;
    char why[512] = "";
    real_cfg(&cfg, paths, 2, 16 * MIB, 4, 2);
    CHECK_INT_EQ(sim_run(sim_setup_run(&cfg), NULL, NULL, &r, why, sizeof why), 0);
    if (!r)
        return;
    CHECK_GT(r->points[0].cls[WL_SMALL].iops, 0);
    CHECK_GT(r->points[0].cpu_user_us_per_io +
             r->points[0].cpu_sys_us_per_io, 0);
    CHECK(r->points[0].cpu_cores > 0 && r->points[0].cpu_cores < 1.5);
    sim_run_free(r);
    static unsigned char buf[1 << 20];
    for (int d = 0; d < 2; d++)
        for (uint64_t off = 0; off < 16 * MIB; off += sizeof buf) {
            read_at(paths[d], off, buf, sizeof buf);
            CHECK(is_zero(buf, sizeof buf));
        }
}

/* The engine by hand, so that a file can shrink after the devices opened. */
struct rig {
    lay *layout;
    wl *workload;
    struct devset ds;
    sim_engine *engine;
};

static int rig_open(struct rig *g, const char **paths, int n, char *why,
                    size_t len)
{
    struct lay_cfg lc;
    struct wl_cfg wc;
    memset(g, 0, sizeof(*g));
    lay_cfg_defaults(&lc, n, 16 * MIB);
    if (lay_create(&lc, &g->layout, why, len) < 0)
        return -1;
    wl_cfg_defaults(&wc, lay_capacity_bytes(g->layout));
    if (wl_create(&wc, &g->workload, why, len) < 0)
        return -1;
    struct dev_aio_cfg ac = { .paths = paths, .create_bytes = 16 * MIB,
                              .limit_bytes = 16 * MIB };
    struct devset_cfg dc = { .disks = n, .backend_cfg = &ac,
                             .max_outstanding = 64, .max_io_bytes = 128 * KIB,
                             .io_align_bytes = 4096 };
    if (dev_open(&g->ds, backend, &dc, why, len) < 0)
        return -1;
    struct sim_engine_cfg ec = { .layout = g->layout, .workload = g->workload,
                                 .devices = &g->ds, .max_small = 8,
                                 .max_large_ios = 4 };
    return sim_engine_create(&ec, &g->engine);
}

static void rig_close(struct rig *g)
{
    dev_close(&g->ds);              /* first: see sim_parts_close */
    sim_engine_destroy(g->engine);
    wl_destroy(g->workload);
    lay_destroy(g->layout);
}

static void shrink(const char *path)
{
    if (truncate(path, 0) != 0)
        perror("truncate");
}

static void short_reads_should_be_counted_per_disk_and_class(void)
{
    const char *paths[2] = { path_of("s0"), path_of("s1") };
    struct rig g;
    char why[512] = "";
    CHECK_INT_EQ(rig_open(&g, paths, 2, why, sizeof why), 0);
    if (!g.engine) {
        fprintf(stderr, "  %s\n", why);
        rig_close(&g);
        return;
    }
    shrink(paths[1]);               /* reads past EOF: short (0 bytes) */
    struct sim_point_opts o = { .duration_ns = 200 * SIM_NS_PER_MS,
                                .warmup_ns = 0, .stream_io = 4 };
    struct sim_point_result r = { 0 };
    struct wl_point p = { 4, 2 };
    CHECK_INT_EQ(sim_engine_run_point(g.engine, p, &o, &r), 0);
    CHECK_GT(r.disk[1].errors, 0);
    CHECK_U64_EQ(r.disk[1].ios, 0);
    CHECK_U64_EQ(r.disk[0].errors, 0);
    CHECK_GT(r.disk[0].ios, 0);
    CHECK_GT(r.cls[WL_SMALL].errors, 0);
    CHECK_GT(r.cls[WL_LARGE].errors, 0);
    CHECK_U64_EQ(r.errors, r.cls[WL_SMALL].errors + r.cls[WL_LARGE].errors);
    CHECK_GT(r.cls[WL_SMALL].iops, 0);            /* the good disk went on */
    sim_point_result_free(&r);
    rig_close(&g);
}

struct shrink_when {
    const char **paths;
    int n;
    int at_small;
};

static int shrink_live(void *arg, const struct sim_live *lv)
{
    struct shrink_when *s = arg;
    if (lv->point.small == s->at_small)
        for (int i = 0; i < s->n; i++)
            shrink(s->paths[i]);
    return SIM_LIVE_CONTINUE;
}

static void check_every_disk_failing(const char *a, const char *b, int threads)
{
    const char *paths[2] = { path_of(a), path_of(b) };
    struct sim_setup cfg;
    struct sim_run_result *r = NULL;
    char why[512] = "";
    real_cfg(&cfg, paths, 2, 16 * MIB, 0, 0);
    real_aio.threads = threads;
    cfg.run.matrix.run = WL_RUN_OLTP;   /* small 1..10 */
    cfg.run.matrix.num_small = cfg.run.matrix.num_large = -1;
    cfg.run.point.duration_ns = 100 * SIM_NS_PER_MS;
    struct shrink_when sw = { paths, 2, 3 };
    cfg.run.point.live = shrink_live;
    cfg.run.point.live_arg = &sw;
    cfg.run.point.live_every_ns = 5 * SIM_NS_PER_MS;
    CHECK_INT_EQ(sim_run(sim_setup_run(&cfg), NULL, NULL, &r, why, sizeof why), 1);
    if (!r)
        return;
    CHECK_INT_EQ(r->failed, -EIO);
    CHECK(strstr(r->failed_why, "small=3") != NULL);
    CHECK_INT_EQ(r->n_points, 2);
    CHECK(r->incomplete);
    CHECK(r->summary.has_small);
    sim_run_free(r);
}

static void every_disk_failing_should_stop_the_run_and_keep_earlier_points(void)
{
    check_every_disk_failing("f0", "f1", 0);
}

static void every_disk_failing_on_two_workers_should_stop_the_run_too(void)
{
    check_every_disk_failing("g0", "g1", 2);
}

static sim_stop_flag stop_flag;

static void *stop_later(void *arg)
{
    (void)arg;
    struct timespec t = { 0, 200 * 1000 * 1000 };
    nanosleep(&t, NULL);
    stop_flag = 1;
    return NULL;
}

static void check_stop_request(const char *a, const char *b, int threads)
{
    const char *paths[2] = { path_of(a), path_of(b) };
    struct sim_setup cfg;
    struct sim_run_result *r = NULL;
    char why[512] = "";
    real_cfg(&cfg, paths, threads > 1 ? 2 : 1, 16 * MIB, 2, 0);
    real_aio.threads = threads;
    cfg.run.point.duration_ns = 30 * SIM_NS_PER_S;
    stop_flag = 0;
    cfg.run.point.stop = &stop_flag;
    pthread_t th;
    pthread_create(&th, NULL, stop_later, NULL);
    double t0 = now_s();
    CHECK_INT_EQ(sim_run(sim_setup_run(&cfg), NULL, NULL, &r, why, sizeof why), 1);
    double took = now_s() - t0;
    pthread_join(th, NULL);
    CHECK_LT(took, limit_s(2.0));
    if (!r)
        return;
    CHECK(r->incomplete);
    CHECK_INT_EQ(r->n_points, 1);
    CHECK_LT(r->points[0].measured_s, 1.0);
    sim_run_free(r);
}

static void stop_request_should_end_a_long_point_promptly(void)
{
    check_stop_request("stop", "stop1", 0);
}

static void stop_request_should_end_a_point_on_two_workers_promptly(void)
{
    check_stop_request("stop2a", "stop2b", 2);
}

/* ---- fault injection --------------------------------------------------- */

/* Two files (one per worker with threads = 2), faults from spec. */
static int open_faulty(struct devset *ds, const char *a, const char *b,
                       int threads, const char *spec)
{
    const char *paths[2] = { path_of(a), path_of(b) };
    char why[512] = "";
    struct dev_aio_cfg ac = { .paths = paths, .writable = true,
                              .create_bytes = 4 * MIB, .threads = threads };
    struct devset_cfg c = {
        .disks = 2, .backend_cfg = &ac, .max_outstanding = 16,
        .max_io_bytes = 128 * KIB, .io_align_bytes = 4096,
    };
    int rc = dev_open(ds, backend, &c, why, sizeof why);
    if (rc == 0 && (rc = dev_aio_faults(ds, spec, why, sizeof why)) < 0)
        dev_close(ds);
    if (rc < 0)
        fprintf(stderr, "  %s\n", why);
    return rc;
}

static void fault_specs_should_be_checked_and_bad_ones_refused_naming_them(void)
{
    struct devset ds;
    char why[512] = "";
    CHECK_INT_EQ(open_faulty(&ds, "fs0", "fs1", 1, NULL), 0);
    if (!ds.ops)
        return;
    static const char *const good[] = { "*:eio", "0:short@5", "1:stall@0x3",
                                        "0:eiox2", "*:eio@100,1:stall@7", "" };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        int rc = dev_aio_faults(&ds, good[i], why, sizeof why);
        if (rc != 0)
            fprintf(stderr, "  \"%s\": %s\n", good[i], why);
        CHECK_INT_EQ(rc, 0);
    }
    static const char *const bad[] = { "2:eio", "0:boom", "0:eio@", "0:eiox0",
                                       "0eio", "0:eio,", "-1:eio",
                                       "0:eio@5y" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        why[0] = '\0';
        CHECK_INT_EQ(dev_aio_faults(&ds, bad[i], why, sizeof why), -EINVAL);
        CHECK(strstr(why, "DISK 0..1 or *") != NULL);
    }
    why[0] = '\0';
    CHECK_INT_EQ(dev_aio_faults(&ds, "0:eio,1:bogus", why, sizeof why), -EINVAL);
    CHECK(strstr(why, "\"1:bogus\"") != NULL);
    dev_close(&ds);
    /* only an open aio set takes faults */
    CHECK_INT_EQ(dev_aio_faults(&ds, "*:eio", why, sizeof why), -EINVAL);
}

/* Submit n reads on `disk` one at a time and reap each; results in res[]. */
static void reads_one_by_one(struct devset *ds, int disk, int n, int *res)
{
    for (int i = 0; i < n; i++) {
        struct sim_io io = { .offset_bytes = (uint64_t)i * 8 * KIB,
                             .size_bytes = 8192, .disk = (uint16_t)disk };
        struct sim_io *ios[1] = { &io };
        res[i] = run_ios(ds, ios, 1) == 1 ? io.result : -9999;
    }
}

static void check_injected_results(int threads)
{
    struct devset ds;
    char why[512];
    int res[6];
    /* disk 0: two good, three short, then good; disk 1: one good, two EIO */
    CHECK_INT_EQ(open_faulty(&ds, threads > 1 ? "ir0" : "iq0",
                             threads > 1 ? "ir1" : "iq1", threads,
                             "0:short@2x3,1:eio@1x2"), 0);
    if (!ds.ops)
        return;
    reads_one_by_one(&ds, 0, 6, res);
    static const int want0[6] = { 8192, 8192, -ENODATA, -ENODATA, -ENODATA,
                                  8192 };
    for (int i = 0; i < 6; i++)
        CHECK_INT_EQ(res[i], want0[i]);
    reads_one_by_one(&ds, 1, 4, res);
    static const int want1[4] = { 8192, -EIO, -EIO, 8192 };
    for (int i = 0; i < 4; i++)
        CHECK_INT_EQ(res[i], want1[i]);
    /* and every I/O on a disk, from the first, when nothing is said */
    CHECK_INT_EQ(dev_aio_faults(&ds, "1:eio", why, sizeof why), 0);
    reads_one_by_one(&ds, 1, 2, res);
    CHECK_INT_EQ(res[0], -EIO);
    CHECK_INT_EQ(res[1], -EIO);
    dev_close(&ds);
}

static void injected_eio_and_short_transfers_should_hit_the_ios_named(void)
{
    check_injected_results(1);
}

static void injected_faults_should_hit_the_ios_named_on_two_workers(void)
{
    check_injected_results(2);
}

/* The engine reaps with a deadline and looks at the stop flag in between:
   reap must come back at the deadline when nothing completes, and close
   must not wait for I/O that never will. */
static void check_reap_deadline(int threads)
{
    struct devset ds;
    CHECK_INT_EQ(open_faulty(&ds, threads > 1 ? "dl2a" : "dl1a",
                             threads > 1 ? "dl2b" : "dl1b", threads,
                             "*:stall@1"), 0);
    if (!ds.ops)
        return;
    static struct sim_io io[8];
    struct sim_io *ios[8], *done[16];
    for (int i = 0; i < 8; i++) {
        io[i] = (struct sim_io){ .offset_bytes = (uint64_t)i * 64 * KIB,
                                 .size_bytes = 4096, .disk = (uint16_t)(i % 2) };
        ios[i] = &io[i];
    }
    CHECK_INT_EQ(ds.ops->submit(&ds, ios, 8), 8);
    /* the first I/O of each disk completes, the other six never do */
    int got = 0;
    for (int tries = 0; got < 2 && tries < 100; tries++) {
        int k = ds.ops->reap(&ds, done, 16, ds.ops->now(&ds) + 100 * SIM_NS_PER_MS);
        CHECK_GE(k, 0);
        got += k > 0 ? k : 0;
    }
    CHECK_INT_EQ(got, 2);
    double t0 = now_s();
    int k = ds.ops->reap(&ds, done, 16, ds.ops->now(&ds) + 30 * SIM_NS_PER_MS);
    double dt = now_s() - t0;
    CHECK_INT_EQ(k, 0);
    if (dt < 0.025 || dt > limit_s(0.5))
        CHECK_FAIL_AT("reap with a 30 ms deadline took %.3f s", dt);
    t0 = now_s();
    k = ds.ops->reap(&ds, done, 16, ds.ops->now(&ds) - SIM_NS_PER_MS);
    dt = now_s() - t0;
    CHECK_INT_EQ(k, 0);
    /* under the 50 ms reap slice: a reap that waits a slice still fails,
       a preempted one on a loaded machine does not */
    if (dt > limit_s(0.045))
        CHECK_FAIL_AT("reap past its deadline took %.3f s", dt);
    /* a far deadline: still back within the reap slice (50 ms) */
    t0 = now_s();
    k = ds.ops->reap(&ds, done, 16, SIM_NS_MAX);
    dt = now_s() - t0;
    CHECK_INT_EQ(k, 0);
    if (dt > limit_s(0.5))
        CHECK_FAIL_AT("reap without a deadline took %.3f s", dt);
    t0 = now_s();
    dev_close(&ds);
    dt = now_s() - t0;
    if (dt > limit_s(1.5))
        CHECK_FAIL_AT("close with six stalled I/Os took %.3f s", dt);
}

static void reap_should_come_back_at_its_deadline_while_a_disk_stalls(void)
{
    check_reap_deadline(1);
}

static void reap_on_two_workers_should_come_back_at_its_deadline_too(void)
{
    check_reap_deadline(2);
}

/* A whole run with faults from the environment, as the tool takes them. */
static int faulty_run(struct sim_setup *cfg, const char *spec,
                      struct sim_run_result **r, char *why, size_t len)
{
    setenv("ASMSIM_FAULTS", spec, 1);
    int rc = sim_run(sim_setup_run(cfg), NULL, NULL, r, why, len);
    unsetenv("ASMSIM_FAULTS");
    return rc;
}

static void oltp_cfg(struct sim_setup *cfg, const char **paths, int threads)
{
    real_cfg(cfg, paths, 2, 16 * MIB, 0, 0);
    real_aio.threads = threads;
    cfg->run.matrix.run = WL_RUN_OLTP;  /* small 1..10 */
    cfg->run.matrix.num_small = cfg->run.matrix.num_large = -1;
    cfg->run.point.duration_ns = 50 * SIM_NS_PER_MS;
}

static void check_errors_on_one_disk(int threads)
{
    const char *paths[2] = { path_of(threads > 1 ? "e2a" : "e1a"),
                             path_of(threads > 1 ? "e2b" : "e1b") };
    struct sim_setup cfg;
    struct sim_run_result *r = NULL;
    char why[512] = "";
    oltp_cfg(&cfg, paths, threads);
    cfg.run.workload.write_pct = 30;
    CHECK_INT_EQ(faulty_run(&cfg, "1:eio@100", &r, why, sizeof why), 0);
    if (!r) {
        fprintf(stderr, "  %s\n", why);
        return;
    }
    CHECK_INT_EQ(r->n_points, r->matrix->n_points);
    CHECK_INT_EQ(r->failed, 0);
    CHECK_GT(sim_run_disk_errors(r, 1), 0);
    CHECK_U64_EQ(sim_run_disk_errors(r, 0), 0);
    uint64_t errors = 0, small = 0;
    for (int i = 0; i < r->n_points; i++) {
        errors += r->points[i].errors;
        small += r->points[i].cls[WL_SMALL].errors;
        CHECK_GT(r->points[i].disk[0].ios, 0);  /* the good disk went on */
    }
    CHECK_U64_EQ(errors, sim_run_disk_errors(r, 1));
    CHECK_U64_EQ(small, errors);                /* oltp: small I/O only */
    sim_run_free(r);
}

static void injected_errors_should_be_counted_on_their_disk_only(void)
{
    check_errors_on_one_disk(1);
}

static void injected_errors_on_two_workers_should_be_counted_on_their_disk(void)
{
    check_errors_on_one_disk(2);
}

static void check_all_disks_eio(int threads)
{
    const char *paths[2] = { path_of(threads > 1 ? "x2a" : "x1a"),
                             path_of(threads > 1 ? "x2b" : "x1b") };
    struct sim_setup cfg;
    struct sim_run_result *r = NULL;
    char why[512] = "";
    oltp_cfg(&cfg, paths, threads);
    cfg.run.workload.write_pct = 30;
    CHECK_INT_EQ(faulty_run(&cfg, "*:eio@300", &r, why, sizeof why), 1);
    if (!r) {
        fprintf(stderr, "  %s\n", why);
        return;
    }
    CHECK_INT_EQ(r->failed, -EIO);
    CHECK(strstr(r->failed_why, "every target failed") != NULL);
    CHECK(r->incomplete);
    CHECK_LT(r->n_points, r->matrix->n_points);
    sim_run_free(r);
}

static void every_disk_failing_with_eio_should_stop_the_run(void)
{
    check_all_disks_eio(1);
}

/* Issue 7: with two workers the engine was freed while they ran. */
static void every_disk_failing_with_eio_on_two_workers_should_stop_the_run(void)
{
    for (int i = 0; i < 5; i++)     /* the crash was a race: try it often */
        check_all_disks_eio(2);
}

/* Run fn in a child with a time limit: a regression that hangs fails the
   test instead of the whole executable. */
static void in_child_within(double limit_s, void (*fn)(void), const char *what)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        CHECK_FAIL_AT("fork: %s", strerror(errno));
        return;
    }
    if (pid == 0) {
        check_failed_now = 0;
        fn();
        fflush(NULL);
        _exit(check_failed_now ? 1 : 0);
    }
    double t0 = now_s();
    int status = 0;
    pid_t w;
    while ((w = waitpid(pid, &status, WNOHANG)) == 0 && now_s() - t0 < limit_s) {
        struct timespec t = { 0, 20 * 1000 * 1000 };
        nanosleep(&t, NULL);
    }
    if (w == 0) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        CHECK_FAIL_AT("%s: still running after %.0f s", what, limit_s);
    } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        CHECK_FAIL_AT("%s: child failed (status 0x%x)", what, status);
    }
}

static int stall_threads;

static void stop_while_a_disk_stalls(void)
{
    const char *paths[2] = { path_of(stall_threads > 1 ? "h2a" : "h1a"),
                             path_of(stall_threads > 1 ? "h2b" : "h1b") };
    struct sim_setup cfg;
    struct sim_run_result *r = NULL;
    char why[512] = "";
    real_cfg(&cfg, paths, 2, 16 * MIB, 4, 0);
    real_aio.threads = stall_threads;
    cfg.run.point.duration_ns = 60 * SIM_NS_PER_S;
    atomic_store(&stop_flag, 0);
    cfg.run.point.stop = &stop_flag;
    pthread_t th;
    pthread_create(&th, NULL, stop_later, NULL);
    double t0 = now_s();
    CHECK_INT_EQ(faulty_run(&cfg, "1:stall@200", &r, why, sizeof why), 1);
    double took = now_s() - t0;
    pthread_join(th, NULL);
    /* the engine gives in-flight I/O 2 s after a stop, then lets it go */
    if (took > limit_s(6.0))
        CHECK_FAIL_AT("the stopped run took %.1f s", took);
    if (!r) {
        fprintf(stderr, "  %s\n", why);
        return;
    }
    CHECK(r->incomplete);
    CHECK_INT_EQ(r->n_points, 1);
    CHECK_INT_EQ(r->failed, 0);
    sim_run_free(r);
}

static void stop_request_should_end_a_run_while_a_disk_stalls(void)
{
    stall_threads = 1;
    in_child_within(limit_s(20), stop_while_a_disk_stalls,
                    "stop with a stalled disk");
}

static void stop_request_on_two_workers_should_end_a_run_while_a_disk_stalls(void)
{
    stall_threads = 2;
    in_child_within(limit_s(20), stop_while_a_disk_stalls,
                    "stop with a stalled disk, two workers");
}

/* A backend that keeps every I/O and fails the reap, the way the aio
   backend's workers keep what is in flight when every disk fails; its
   close then completes them late, as a worker does until it is joined.
   Those I/Os are the engine's pieces: closing the parts must close the
   devices before it frees the engine (under the sanitizers a wrong order
   is a heap-use-after-free here, deterministically). */
static struct {
    struct sim_io *held[4096];
    int n_held;
    int late_completions;
} keeper;

static int keep_open(struct devset *ds, const struct devset_cfg *cfg,
                     char *why, size_t why_len)
{
    (void)cfg, (void)why, (void)why_len;
    keeper.n_held = keeper.late_completions = 0;
    ds->priv = &keeper;
    return 0;
}

static int keep_submit(struct devset *ds, struct sim_io *const *ios, int n)
{
    (void)ds;
    int k = 0;
    while (k < n && keeper.n_held < 4096)
        keeper.held[keeper.n_held++] = ios[k++];
    return k;
}

static int keep_reap(struct devset *ds, struct sim_io **done, int max,
                     sim_ns deadline)
{
    (void)ds, (void)done, (void)max, (void)deadline;
    return -EIO;
}

static sim_ns keep_now(const struct devset *ds)
{
    (void)ds;
    return (sim_ns)(now_s() * 1e9);
}

static void keep_close(struct devset *ds)
{
    (void)ds;
    for (int i = 0; i < keeper.n_held; i++) {
        keeper.held[i]->result = -EIO;
        keeper.held[i]->done_ns = keep_now(ds);
        keeper.late_completions++;
    }
    keeper.n_held = 0;
}

static const struct dev_ops keep_ops = {
    .name = "keeper", .open = keep_open, .submit = keep_submit,
    .reap = keep_reap, .now = keep_now, .close = keep_close,
};

static void closing_the_parts_should_close_the_devices_before_the_engine(void)
{
    struct sim_setup cfg;
    struct sim_run_result *r = NULL;
    char why[512] = "";
    sim_setup_defaults(&cfg);
    cfg.run.backend = &keep_ops;
    cfg.run.disks = 2;
    cfg.run.matrix.run = WL_RUN_ADVANCED;
    cfg.run.matrix.matrix = WL_MATRIX_POINT;
    cfg.run.matrix.num_small = 64;
    cfg.run.matrix.num_large = 8;
    CHECK_INT_EQ(sim_run(sim_setup_run(&cfg), NULL, NULL, &r, why, sizeof why), -EIO);
    CHECK(r == NULL);
    CHECK_GE(keeper.late_completions, 72);
    sim_run_free(r);
}

/* ---- the generator-bound warning ---------------------------------------- */

/* The decision and the words, without timing: whether a real run is
   generator-bound depends on the machine's load, so aio_test.sh checks
   only that the tool's warning agrees with its own per-point figures. */
static void generator_bound_should_follow_the_engine_threads_busy_share(void)
{
    struct sim_point_result p = { 0 };
    p.engine_busy_frac = 0.97;
    CHECK(sim_cpu_generator_bound(&p, &dev_null_ops));
    CHECK(sim_cpu_generator_bound(&p, &dev_aio_ops));
    CHECK(!sim_cpu_generator_bound(&p, &dev_model_ops));   /* virtual time */
    CHECK(!sim_cpu_generator_bound(&p, NULL));
    p.engine_busy_frac = SIM_GENERATOR_BOUND_FRAC;
    CHECK(sim_cpu_generator_bound(&p, &dev_aio_ops));
    p.engine_busy_frac = SIM_GENERATOR_BOUND_FRAC - 0.01;
    CHECK(!sim_cpu_generator_bound(&p, &dev_aio_ops));
    p.engine_busy_frac = 0.3;
    CHECK(!sim_cpu_generator_bound(&p, &dev_null_ops));

    struct sim_run_result run = { 0 };
    run.n_points = 10;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return;
    report_run_notes(f, &run, 3);
    fclose(f);
    CHECK(text && strstr(text, "at 3 of 10 points") != NULL);
    CHECK(text && strstr(text, "the generator, not the devices, was the "
                               "bottleneck") != NULL);
    free(text);
    text = NULL;
    f = open_memstream(&text, &len);
    if (!f)
        return;
    report_run_notes(f, &run, 0);
    fclose(f);
    CHECK_INT_EQ(len, 0);
    free(text);
}

static void run_all(void)
{
    RUN(written_data_should_read_back_from_the_files);
    RUN(io_past_the_limit_should_fail_without_reaching_the_file);
    RUN(misaligned_io_should_fail_with_einval);
    RUN(read_only_run_should_refuse_a_write);
    RUN(open_should_refuse_writes_to_a_foreign_file_and_name_it);
    RUN(target_swapped_between_check_and_open_should_be_refused);
    RUN(open_should_refuse_a_negative_worker_count);
    RUN(two_workers_should_carry_out_every_io_on_its_own_file);
    RUN(buffer_limit_should_refuse_two_workers_cleanly);
    RUN(default_workers_should_be_one_per_node_that_hosts_targets);
    RUN(more_threads_than_nodes_should_share_each_node_round_robin);
    RUN(normal_redundancy_should_write_every_byte_twice_and_evenly);
    RUN(two_workers_should_write_what_the_layout_predicts);
    RUN(read_only_run_should_leave_the_files_untouched);
    RUN(short_reads_should_be_counted_per_disk_and_class);
    RUN(every_disk_failing_should_stop_the_run_and_keep_earlier_points);
    RUN(every_disk_failing_on_two_workers_should_stop_the_run_too);
    RUN(stop_request_should_end_a_long_point_promptly);
    RUN(stop_request_should_end_a_point_on_two_workers_promptly);
    RUN(fault_specs_should_be_checked_and_bad_ones_refused_naming_them);
    RUN(injected_eio_and_short_transfers_should_hit_the_ios_named);
    RUN(injected_faults_should_hit_the_ios_named_on_two_workers);
    RUN(reap_should_come_back_at_its_deadline_while_a_disk_stalls);
    RUN(reap_on_two_workers_should_come_back_at_its_deadline_too);
    RUN(injected_errors_should_be_counted_on_their_disk_only);
    RUN(injected_errors_on_two_workers_should_be_counted_on_their_disk);
    RUN(every_disk_failing_with_eio_should_stop_the_run);
    RUN(every_disk_failing_with_eio_on_two_workers_should_stop_the_run);
    RUN(stop_request_should_end_a_run_while_a_disk_stalls);
    RUN(stop_request_on_two_workers_should_end_a_run_while_a_disk_stalls);
    RUN(closing_the_parts_should_close_the_devices_before_the_engine);
    RUN(generator_bound_should_follow_the_engine_threads_busy_share);
}

/* A fresh temporary directory for one backend's pass; false on failure. */
static bool make_dir(void)
{
    if (!tmp_tree_make_in(dir, sizeof dir, tmp_tree_parent("/var/tmp"), "asmsim-aio")) {
        perror("mkdtemp");
        return false;
    }
    return true;
}

static void remove_dir(void)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}

int main(void)
{
    char why[300];
    const char *no_skip = getenv("ASMSIM_NO_SKIP");

    if (!make_dir())
        return 1;
    run_all();
    remove_dir();
    if (dev_uring_probe(false, why, sizeof why) < 0) {
        printf("skip: the io_uring pass: %s\n", why);
        if (no_skip && strcmp(no_skip, "1") == 0)
            return 1;
        return check_done();
    }
    backend = &dev_uring_ops;
    printf("-- the same with %s\n", backend->name);
    if (!make_dir())
        return 1;
    run_all();
    remove_dir();
    return check_done();
}
