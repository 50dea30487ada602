/*
 * test_balance.c - the balancer serves every layout evenly and in bounded
 * work, and the engine finishes every layout, whatever disk an I/O starts
 * on.
 *
 * The grid: coarse, fine, raid0 (64 KiB and 1 MiB stripes) and concat x
 * I/O sizes from 4 KiB to 64 MiB x 1..9 disks x every redundancy the
 * striping takes x reads and writes.  For each case:
 *
 *   - the balancer: physical pieces per disk, over the disks the layout
 *     lets the workload reach, are within max(5 % of the mean, twice the
 *     pieces of one I/O) of their mean: the spread balanced is the spread
 *     of pieces, and one I/O is the granularity;
 *   - the engine: a short point on the model backend finishes (a watchdog
 *     alarm fails the whole test if any case hangs) and touches every
 *     reachable disk.
 */
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "sim/core/balance.h"
#include "sim/core/run.h"
#include "sim/model/dev_model.h"
#include "sim/model/setup.h"

#define KiB (1024ull)
#define MiB (1024ull * KiB)
#define GiB (1024ull * MiB)
#define MAX_DISKS 9
#define WATCHDOG_S 240

struct grid_case {
    enum lay_striping striping;
    uint64_t stripe_bytes;          /* raid0 */
    enum lay_redundancy redundancy;
    int disks;
    uint32_t io_bytes;
    bool write;
};

static const uint32_t sizes[] = {
    4 * KiB, 8 * KiB, 64 * KiB, 128 * KiB, 1 * MiB, 4 * MiB, 64 * MiB,
};

static void case_name(const struct grid_case *c, char *buf, size_t n)
{
    snprintf(buf, n, "%s%s %s disks=%d io=%uKiB %s",
             lay_striping_name(c->striping),
             c->striping == LAY_RAID0 ? (c->stripe_bytes == 64 * KiB ? "/64K" : "/1M") : "",
             lay_redundancy_name(c->redundancy), c->disks,
             (unsigned)(c->io_bytes / KiB), c->write ? "write" : "read");
}

static bool layout_for(const struct grid_case *c, lay **out)
{
    struct lay_cfg lc;
    lay_cfg_defaults(&lc, c->disks, 16 * GiB);
    lc.striping = c->striping;
    lc.stripe_bytes = c->stripe_bytes;
    lc.redundancy = c->redundancy;
    char why[256];
    return lay_create(&lc, out, why, sizeof(why)) == 0;
}

/* Which disks any I/O of the case can touch: plain random draws, no
   balancing. */
static void reachable_disks(const lay *l, wl *w, enum wl_class cls,
                            bool reach[MAX_DISKS], struct lay_piece *scratch, int max)
{
    memset(reach, 0, MAX_DISKS * sizeof(bool));
    for (int k = 0; k < 4000; k++) {
        struct wl_io io;
        wl_next(w, cls, 0, &io);
        int n = lay_map(l, io.offset_bytes, io.size_bytes, io.is_write, scratch, max);
        for (int i = 0; i < n; i++)
            reach[scratch[i].disk] = true;
    }
}

static wl *workload_for(const struct grid_case *c, const lay *l, uint64_t seed)
{
    struct wl_cfg wc;
    wl_cfg_defaults(&wc, lay_capacity_bytes(l));
    wc.small_bytes = c->io_bytes;
    wc.large_bytes = c->io_bytes;
    wc.write_pct = c->write ? 100 : 0;
    wc.seed = seed;
    wl *w = NULL;
    char why[256];
    if (wl_create(&wc, &w, why, sizeof(why)) != 0)
        return NULL;
    return w;
}

static void check_balancer_case(const struct grid_case *c, const char *name)
{
    lay *l = NULL;
    if (!layout_for(c, &l))
        return;                     /* the layout refuses the combination */
    wl *probe = workload_for(c, l, 7);
    wl *w = workload_for(c, l, 1);
    balancer *b = NULL;
    int max = lay_max_pieces(l, c->io_bytes, true);
    struct lay_piece *pieces = calloc((size_t)max, sizeof(*pieces));
    const lay *layouts[WL_CLASSES] = { l, l };
    if (!probe || !w || !pieces || bal_create(w, layouts, 1, &b) != 0) {
        CHECK_FAIL_AT("%s: set-up failed", name);
        goto out;
    }
    bool reach[MAX_DISKS];
    reachable_disks(l, probe, WL_SMALL, reach, pieces, max);

    uint64_t count[MAX_DISKS] = { 0 };
    uint64_t total = 0;
    int widest = 1;
    for (int k = 0; k < 20000 && total < 3000ull * (uint64_t)c->disks; k++) {
        struct wl_io io;
        const struct lay_piece *got;
        int n = bal_next_ref(b, WL_SMALL, &io, &got, max);
        if (n <= 0) {
            CHECK_FAIL_AT("%s: bal_next_ref = %d", name, n);
            goto out;
        }
        if (n > widest)
            widest = n;
        for (int i = 0; i < n; i++)
            count[got[i].disk]++;
        total += (uint64_t)n;
    }
    int reached = 0;
    uint64_t sum = 0;
    for (int d = 0; d < c->disks; d++)
        if (reach[d]) {
            reached++;
            sum += count[d];
        }
    double mean = (double)sum / reached;
    double tol = 0.05 * mean > 2.0 * widest ? 0.05 * mean : 2.0 * widest;
    for (int d = 0; d < c->disks; d++) {
        if (!reach[d])
            continue;
        double dev = fabs((double)count[d] - mean);
        if (dev > tol)
            CHECK_FAIL_AT("%s: disk %d has %" PRIu64 " pieces, mean %.1f, "
                          "allowed +-%.1f", name, d, count[d], mean, tol);
    }
out:
    free(pieces);
    bal_destroy(b);
    wl_destroy(w);
    wl_destroy(probe);
    lay_destroy(l);
}

static void check_engine_case(const struct grid_case *c, const char *name)
{
    lay *l = NULL;
    if (!layout_for(c, &l))
        return;
    lay_destroy(l);
    struct sim_setup cfg;
    sim_setup_defaults(&cfg);
    cfg.run.disks = c->disks;
    cfg.run.layout.striping = c->striping;
    cfg.run.layout.stripe_bytes = c->stripe_bytes;
    cfg.run.layout.redundancy = c->redundancy;
    cfg.run.workload.small_bytes = c->io_bytes;
    cfg.run.workload.large_bytes = c->io_bytes;
    cfg.run.workload.write_pct = c->write ? 100 : 0;
    cfg.volume.size_bytes = 16 * GiB;
    cfg.run.matrix.run = WL_RUN_ADVANCED;
    cfg.run.matrix.matrix = WL_MATRIX_POINT;
    cfg.run.matrix.num_small = 0;
    cfg.run.matrix.num_large = 2;
    /* long enough for a few dozen I/Os at a gp3's 125 MiB/s */
    double seconds = 40.0 * (double)c->io_bytes / (100.0 * (double)MiB);
    cfg.run.point.duration_ns = seconds > 0.2 ? (sim_ns)(seconds * 1e9) : 200 * SIM_NS_PER_MS;
    cfg.run.point.warmup_ns = 0;
    struct sim_run_result *r = NULL;
    char why[256] = "";
    int rc = sim_run(sim_setup_run(&cfg), NULL, NULL, &r, why, sizeof(why));
    if (rc != 0 || !r || r->n_points != 1) {
        CHECK_FAIL_AT("%s: sim_run = %d (%s)", name, rc, why);
    } else if (r->points[0].cls[WL_LARGE].ios == 0) {
        CHECK_FAIL_AT("%s: no large I/O completed", name);
    } else {
        for (int d = 0; d < c->disks; d++)
            if (r->points[0].disk[d].ios == 0)
                CHECK_FAIL_AT("%s: disk %d saw no I/O in %" PRIu64 " large I/Os",
                              name, d, r->points[0].cls[WL_LARGE].ios);
    }
    sim_run_free(r);
}

static void for_each_case(void (*fn)(const struct grid_case *, const char *))
{
    static const enum lay_striping stripings[] = { LAY_COARSE, LAY_FINE, LAY_RAID0, LAY_RAID0, LAY_CONCAT };
    static const uint64_t stripes[] = { MiB, MiB, 64 * KiB, MiB, MiB };
    for (size_t s = 0; s < sizeof(stripings) / sizeof(*stripings); s++)
        for (int red = LAY_EXTERNAL; red <= LAY_HIGH; red++) {
            if (stripings[s] >= LAY_RAID0 && red != LAY_EXTERNAL)
                continue;           /* ORION's simulations are unmirrored */
            for (int disks = 1; disks <= MAX_DISKS; disks++)
                for (size_t z = 0; z < sizeof(sizes) / sizeof(*sizes); z++)
                    for (int wr = 0; wr <= 1; wr++) {
                        struct grid_case c = {
                            .striping = stripings[s], .stripe_bytes = stripes[s],
                            .redundancy = (enum lay_redundancy)red, .disks = disks,
                            .io_bytes = sizes[z], .write = wr,
                        };
                        char name[128];
                        case_name(&c, name, sizeof(name));
                        fn(&c, name);
                    }
        }
}

static void balancer_should_spread_pieces_evenly_for_every_layout(void)
{
    for_each_case(check_balancer_case);
}

static void engine_should_finish_every_layout(void)
{
    for_each_case(check_engine_case);
}

static void on_watchdog(int sig)
{
    (void)sig;
    static const char msg[] = "test_balance: a case did not finish within the watchdog\n";
    ssize_t rc = write(2, msg, sizeof(msg) - 1);
    (void)rc;
    _exit(1);
}

int main(void)
{
    signal(SIGALRM, on_watchdog);
    alarm(WATCHDOG_S);
    RUN(balancer_should_spread_pieces_evenly_for_every_layout);
    RUN(engine_should_finish_every_layout);
    return check_done();
}
