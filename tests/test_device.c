/*
 * test_device.c - the backend contract seen from the core alone: a
 * backend's own configuration reaches its open through dev_ops.run_cfg,
 * made from the run being opened; a backend without the hook gets NULL;
 * the credit hooks come all together or not at all (dev_credit_ops); the
 * binding limit of a window whose demand went unmet (one saturated volume).
 *
 * Links asmsim_core only (CMakeLists.txt, test_links_test_device): the
 * core wires a run (sim_parts_open) without the cloud profiles, which it
 * no longer links.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sim/core/run.h"

/* What the fake backend saw. */
struct seen {
    int run_cfg_calls;
    const struct sim_run_cfg *run;      /* given to run_cfg */
    const void *made;                   /* what run_cfg returned */
    const void *opened_with;            /* devset_cfg.backend_cfg at open */
    uint64_t seed_in_cfg;               /* read through backend_cfg */
};
static struct seen seen;

struct fake_cfg {
    uint64_t seed;
};

static const void *fake_run_cfg(const struct sim_run_cfg *run, void *buf,
                                size_t len)
{
    struct fake_cfg *c = buf;

    seen.run_cfg_calls++;
    seen.run = run;
    if (len < sizeof *c)
        return NULL;
    c->seed = run->seed;
    seen.made = c;
    return c;
}

static int fake_open(struct devset *ds, const struct devset_cfg *cfg,
                     char *why, size_t len)
{
    (void)why;
    (void)len;
    seen.opened_with = cfg->backend_cfg;
    if (cfg->backend_cfg)
        seen.seed_in_cfg = ((const struct fake_cfg *)cfg->backend_cfg)->seed;
    ds->priv = NULL;
    return 0;
}

static int fake_submit(struct devset *ds, struct sim_io *const *ios, int n)
{
    (void)ds;
    (void)ios;
    return n;
}

static int fake_reap(struct devset *ds, struct sim_io **done, int max,
                     sim_ns deadline)
{
    (void)ds;
    (void)done;
    (void)max;
    (void)deadline;
    return 0;
}

static sim_ns fake_now(const struct devset *ds)
{
    (void)ds;
    return 0;
}

static void fake_close(struct devset *ds)
{
    (void)ds;
}

static const struct dev_ops with_hook = {
    .name = "fake", .run_cfg = fake_run_cfg, .open = fake_open,
    .submit = fake_submit, .reap = fake_reap, .now = fake_now,
    .close = fake_close,
};
static const struct dev_ops without_hook = {
    .name = "fake", .open = fake_open, .submit = fake_submit,
    .reap = fake_reap, .now = fake_now, .close = fake_close,
};

static int open_parts(const struct dev_ops *ops, uint64_t seed)
{
    struct sim_run_cfg cfg;
    struct sim_parts p;
    char why[256] = "";

    sim_run_cfg_defaults(&cfg);
    cfg.backend = ops;
    cfg.seed = seed;
    cfg.disk_bytes = 1ull << 30;            /* the layout's disk size */
    memset(&seen, 0, sizeof seen);
    int rc = sim_parts_open(&cfg, 1, 1, &p, why, sizeof why);
    if (rc == 0)
        CHECK(seen.run == NULL || seen.run == &cfg);
    sim_parts_close(&p);
    return rc;
}

static void backend_cfg_should_be_what_the_hook_made_of_the_run(void)
{
    CHECK_INT_EQ(open_parts(&with_hook, 77), 0);
    CHECK_INT_EQ(seen.run_cfg_calls, 1);
    CHECK(seen.opened_with != NULL);
    CHECK(seen.opened_with == seen.made);
    CHECK_U64_EQ(seen.seed_in_cfg, 77);
}

static void a_backend_without_the_hook_should_get_no_backend_cfg(void)
{
    CHECK_INT_EQ(open_parts(&without_hook, 5), 0);
    CHECK_INT_EQ(seen.run_cfg_calls, 0);
    CHECK(seen.opened_with == NULL);
}

static void defaults_should_name_no_backend_and_no_profile(void)
{
    struct sim_run_cfg cfg;

    sim_run_cfg_defaults(&cfg);
    CHECK(cfg.backend == NULL);
    CHECK_U64_EQ(cfg.disk_bytes, 0);
    CHECK(cfg.backend_cfg == NULL && cfg.disk_names == NULL);
}

static void fake_settle(struct devset *ds)
{
    (void)ds;
}

/* A backend with credits gives every credit hook, so that callers test
   dev_ops.credit alone; one left out makes the table incomplete. */
static void credit_ops_should_be_all_or_nothing(void)
{
    struct dev_credit_ops part = { .settle = fake_settle };
    struct dev_ops ops = without_hook;

    CHECK_INT_EQ(dev_ops_check(&ops), 0);       /* no credit: fine */
    ops.credit = &part;
    CHECK_INT_EQ(dev_ops_check(&ops), -EINVAL);

    struct devset ds;
    struct devset_cfg dc = { .disks = 1, .max_outstanding = 1 };
    char why[128] = "";
    CHECK_INT_EQ(dev_open(&ds, &ops, &dc, why, sizeof why), -EINVAL);
    CHECK_STR_EQ(why, "backend 'fake' is incomplete");
}

/* A volume's limits count as their mean over the volumes: one saturated
   volume among idle ones binds only when the point pressed on its limits
   (demand unmet, or a closed loop: engine.c), and then
   through dev_limits_binding_pressed, which names it with its use and
   its volume. */
static void one_saturated_volume_should_bind_only_when_pressed(void)
{
    struct dev_limits lim = { .util = { 0 } };
    lim.util[SIM_LIMIT_VOLUME_TPUT] = 0.40;         /* 1 of 8 at 1.0: the mean */
    lim.one_util[SIM_LIMIT_VOLUME_TPUT] = 1.0;
    lim.one_disk[SIM_LIMIT_VOLUME_TPUT] = 5;
    lim.util[SIM_LIMIT_VOLUME_IOPS] = 0.30;
    lim.one_util[SIM_LIMIT_VOLUME_IOPS] = 0.60;
    double util = -1;
    int disk = -2;

    CHECK_INT_EQ(dev_limits_binding(&lim), SIM_LIMIT_OFFERED_LOAD);
    CHECK_INT_EQ(dev_limits_binding_pressed(&lim, &util, &disk), SIM_LIMIT_VOLUME_TPUT);
    CHECK_NEAR_REL(util, 1.0, 1e-12);
    CHECK_INT_EQ(disk, 5);

    /* the mean's limit, when one binds, stays the one named */
    lim.util[SIM_LIMIT_INSTANCE_MBPS] = 0.97;
    lim.one_util[SIM_LIMIT_INSTANCE_MBPS] = 0.97;
    CHECK_INT_EQ(dev_limits_binding_pressed(&lim, &util, &disk), SIM_LIMIT_INSTANCE_MBPS);
    CHECK_NEAR_REL(util, 0.97, 1e-12);
    CHECK_INT_EQ(disk, -1);                         /* the mean's: no one volume */

    /* no volume near its rate: the offered load, use 0 */
    lim.util[SIM_LIMIT_INSTANCE_MBPS] = lim.one_util[SIM_LIMIT_INSTANCE_MBPS] = 0;
    lim.one_util[SIM_LIMIT_VOLUME_TPUT] = 0.90;
    CHECK_INT_EQ(dev_limits_binding_pressed(&lim, &util, &disk), SIM_LIMIT_OFFERED_LOAD);
    CHECK_INT_EQ(util == 0, 1);
    CHECK_INT_EQ(disk, -1);
}

int main(void)
{
    RUN(backend_cfg_should_be_what_the_hook_made_of_the_run);
    RUN(a_backend_without_the_hook_should_get_no_backend_cfg);
    RUN(defaults_should_name_no_backend_and_no_profile);
    RUN(credit_ops_should_be_all_or_nothing);
    RUN(one_saturated_volume_should_bind_only_when_pressed);
    return check_done();
}
