/*
 * test_advise_db.c - the database advisor's search (sim/advise/advise_db.c)
 * with an evaluator of the test's own, so each rule of the search is seen
 * apart from the model: the options provisioned for a group's demand,
 * phase 1 keeping the cheapest of each type that its evaluator passes,
 * the instance bound, the attachments, phase 2 going on past an instance
 * the evaluator rejects, and the bill of a configuration.
 */
#include <math.h>
#include <string.h>

#include "sim/advise/advise_db.h"
#include "sim/profiles/prices.h"
#include "tests/check.h"

/* The evaluator's rules: pass unless a rule says otherwise. */
struct fake {
    int min_disks_alone;            /* group alone: fewer disks miss */
    char reject_instance[32];       /* phase 2: this instance misses */
    int calls_alone, calls_whole;
};

static int fake_eval(void *arg, const struct adv_db_config *c, int only,
                     struct adv_db_outcome *out, char *why, size_t why_len)
{
    struct fake *f = arg;
    (void)why, (void)why_len;
    out->simulated = true;
    out->pass = true;
    snprintf(out->binding, sizeof out->binding, "offered load");
    if (only >= 0) {
        f->calls_alone++;
        if (c->group[only].disks < f->min_disks_alone) {
            out->pass = false;
            snprintf(out->missed, sizeof out->missed, "too few disks");
        }
        return 0;
    }
    f->calls_whole++;
    if (strcmp(c->instance.name, f->reject_instance) == 0) {
        out->pass = false;
        snprintf(out->missed, sizeof out->missed, "rejected by the test");
    }
    return 0;
}

/* One group of 8 KiB random reads at `iops` and one of 1 MiB sequential
   writes at `mbps`, m5 and gp3 only. */
static void db_cfg(struct adv_db_cfg *cfg, struct fake *f, double iops, double mbps)
{
    memset(cfg, 0, sizeof *cfg);
    adv_cfg_defaults(&cfg->base);
    cfg->base.top = 1;
    cfg->base.space.n_families = 1;
    snprintf(cfg->base.space.families[0], PROF_NAME_MAX, "m5");
    cfg->base.space.n_types = 1;
    snprintf(cfg->base.space.types[0], PROF_NAME_MAX, "gp3");
    cfg->n_groups = 2;
    snprintf(cfg->group[0].name, WL_NAME_MAX, "DATA");
    cfg->group[0].demand.n = 1;
    cfg->group[0].demand.line[0] = (struct adv_demand_line){ iops, 8192, 0, false };
    snprintf(cfg->group[1].name, WL_NAME_MAX, "REDO");
    cfg->group[1].redundancy = LAY_NORMAL;
    cfg->group[1].demand.n = 1;
    cfg->group[1].demand.line[0] =
        (struct adv_demand_line){ mbps * 1e6 / 1048576, 1048576, 1, true };
    cfg->eval = fake_eval;
    cfg->eval_arg = f;
}

static struct adv_db_result *search(const struct adv_db_cfg *cfg)
{
    struct adv_db_result *r = NULL;
    char why[256] = "";
    int rc = adv_db_search(cfg, &r, why, sizeof why);
    if (rc != 0)
        fprintf(stderr, "adv_db_search: %d %s\n", rc, why);
    CHECK(rc == 0 && r != NULL);
    return r;
}

/* 20,000 IOPS of 8 KiB on 4 gp3 (--min-disks 4 --max-disks 4) is 5,000
   a volume: the cheapest option provisions just that (gp3's 3,000
   included, 2,000 more), on the smallest size of the space's ladder (1,
   2, 3, 5, 8, 12 GiB: x 1.5) that gp3 allows at 5,000 IOPS (500 per
   GiB: at least 10 GiB), 12 GiB.  Without the bound on disks, 7 volumes of 1 GiB
   at the included 3,000 are cheaper still. */
static void options_should_be_provisioned_for_the_demand(void)
{
    struct adv_db_cfg cfg;
    struct fake f = { 0 };
    db_cfg(&cfg, &f, 20000, 10);
    struct adv_db_result *r = search(&cfg);
    CHECK(r->group[0][0].n_kept >= 1);
    CHECK_INT_EQ(r->group[0][0].kept[0].c.group[0].disks, 7);
    CHECK(strcmp(r->group[0][0].kept[0].c.group[0].volume.spec,
                 "gp3:size=1GiB,iops=3000,throughput=125MiB/s") == 0);
    adv_db_result_free(r);
    cfg.base.space.min_disks = cfg.base.space.max_disks = 4;
    r = search(&cfg);
    const struct adv_db_group_result *data = &r->group[0][0];
    CHECK(data->n_kept >= 1);
    CHECK_INT_EQ(data->kept[0].c.group[0].disks, 4);
    CHECK(strcmp(data->kept[0].c.group[0].volume.spec,
                 "gp3:size=12GiB,iops=5000,throughput=125MiB/s") == 0);
    CHECK(r->n_best == 1);
    adv_db_result_free(r);
}

/* The evaluator passes a group alone only from 6 disks: the kept option
   is the cheapest of 6 disks or more, and every group's demand is on the
   answer's instance. */
static void phase_1_should_keep_the_cheapest_that_passes(void)
{
    struct adv_db_cfg cfg;
    struct fake f = { .min_disks_alone = 6 };
    db_cfg(&cfg, &f, 3000, 10);
    struct adv_db_result *r = search(&cfg);
    CHECK(r->group[0][0].n_kept >= 1 && r->group[0][0].kept[0].c.group[0].disks >= 6);
    CHECK(r->n_best == 1 && r->best[0].c.group[0].disks >= 6);
    CHECK(f.calls_alone >= 2);
    adv_db_result_free(r);
}

/* 1,000 MB/s of REDO writes, mirrored, is 2,000 MB/s on the instance
   (DATA's 3,000 x 8 KiB adds 25 MB/s): the answer is the cheapest m5
   whose baseline carries it, m5.24xlarge (19,000 Mbps = 2,375 MB/s; its
   twin m5.metal costs the same and comes after it by name); m5.16xlarge
   (13,600 Mbps = 1,700 MB/s) and the cheaper ones are rejected by the
   bound, without a simulation. */
static void instance_bound_should_reject_without_simulating(void)
{
    struct adv_db_cfg cfg;
    struct fake f = { 0 };
    db_cfg(&cfg, &f, 3000, 1000);
    struct adv_db_result *r = search(&cfg);
    CHECK(r->n_best == 1);
    CHECK(r->n_best == 1 && strcmp(r->best[0].c.instance.name, "m5.24xlarge") == 0);
    CHECK(r->n_rejected >= 1);
    bool sixteen = false;
    for (int i = 0; i < r->n_rejected; i++) {
        CHECK(!r->rejected[i].simulated && strstr(r->rejected[i].missed, "instance MB/s"));
        sixteen |= strcmp(r->rejected[i].c.instance.name, "m5.16xlarge") == 0;
    }
    CHECK(sixteen);
    CHECK(f.calls_whole == r->n_best);
    adv_db_result_free(r);
}

/* The evaluator rejects the cheapest instance that carries the load: the
   answer is the next, dearer one, and the rejected one is listed with the
   evaluator's reason. */
static void phase_2_should_go_past_a_rejected_instance(void)
{
    struct adv_db_cfg cfg;
    struct fake f = { 0 };
    db_cfg(&cfg, &f, 3000, 10);
    struct adv_db_result *r = search(&cfg);
    CHECK(r->n_best == 1);
    char first[32];
    snprintf(first, sizeof first, "%s", r->best[0].c.instance.name);
    double usd = r->best[0].c.total_usd_month;
    adv_db_result_free(r);

    struct fake g = { 0 };
    snprintf(g.reject_instance, sizeof g.reject_instance, "%s", first);
    db_cfg(&cfg, &g, 3000, 10);
    r = search(&cfg);
    CHECK(r->n_best == 1 && strcmp(r->best[0].c.instance.name, first) != 0);
    CHECK(r->best[0].c.total_usd_month >= usd);
    bool listed = false;
    for (int i = 0; i < r->n_rejected; i++)
        listed |= strcmp(r->rejected[i].c.instance.name, first) == 0 &&
                  strcmp(r->rejected[i].missed, "rejected by the test") == 0;
    CHECK(listed);
    adv_db_result_free(r);
}

/* The bill: instance + every group's volumes (each rounded once) +
   licences, the total their sum. */
static void bill_should_add_every_group_and_the_licences(void)
{
    struct adv_db_cfg cfg;
    struct fake f = { 0 };
    db_cfg(&cfg, &f, 3000, 10);
    cfg.base.space.licence = PROF_LICENCE_EE;
    cfg.base.space.licence_usd_month = 1000;
    struct adv_db_result *r = search(&cfg);
    CHECK(r->n_best == 1);
    const struct adv_db_config *c = &r->best[0].c;
    double vols = 0;
    for (int g = 0; g < c->n_groups; g++) {
        CHECK_NEAR_REL(c->group[g].volumes_usd_month,
                       price_volumes_month(c->group[g].disks, c->group[g].volume_usd_month),
                       1e-12);
        vols += c->group[g].volumes_usd_month;
    }
    CHECK_NEAR_REL(c->volumes_usd_month, vols, 1e-12);
    CHECK_INT_EQ(c->licence_units, c->instance.vcpus / 2);
    CHECK_NEAR_REL(c->licence_usd_month, 1000.0 * c->licence_units, 1e-12);
    CHECK_NEAR_REL(c->total_usd_month,
                   c->instance_usd_month + c->volumes_usd_month + c->licence_usd_month, 1e-12);
    adv_db_result_free(r);
}

int main(void)
{
    RUN(options_should_be_provisioned_for_the_demand);
    RUN(phase_1_should_keep_the_cheapest_that_passes);
    RUN(instance_bound_should_reject_without_simulating);
    RUN(phase_2_should_go_past_a_rejected_instance);
    RUN(bill_should_add_every_group_and_the_licences);
    return check_done();
}
