/*
 * test_licence.c - what a database asks of an instance: its architecture
 * (the EC2 family rule, family by family), vCPUs and memory, the Oracle
 * licence units of sim/profiles/licence.h against hand-worked counts, and
 * the advisor's instance constraints (sim/advise/advise_limits.c), each
 * with the reason it gives.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "sim/advise/advise_internal.h"
#include "sim/profiles/licence.h"
#include "sim/profiles/profiles.h"
#include "sim/profiles/provider.h"
#include "tests/check.h"
#include "tests/must_instance.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static char why[256];

static struct inst_profile inst(const char *name)
{
    return must_instance(name);
}

/* The rule (providers/ebs.c, ec2_arch): a "g" among the letters after the
   generation digit is Graviton; a1 and mac2 by name; the letters before
   the digit do not count (g4dn, g5 are x86 GPU instances).  Every family
   of the EC2 table, one instance each. */
static void ec2_families_should_have_the_architecture_their_name_gives(void)
{
    static const char *const arm[] = { "a1.large", "c6g.large", "c6gd.large", "c6gn.large",
        "c7g.large", "g5g.xlarge", "i4g.large", "im4gn.large", "is4gen.large",
        "m6g.large", "m6gd.large", "m7g.large", "r6g.large", "r6gd.large", "r7g.large",
        "t4g.large", "x2gd.large", "mac2.metal" };
    static const char *const x86[] = { "m5.large", "m5n.large", "m5zn.large", "m6a.large",
        "m6i.large", "c5.large", "c5n.large", "c6a.large", "c6i.large", "c6in.large",
        "r5b.large", "r5.large", "t3.large", "t3a.large", "g4dn.xlarge", "g4ad.xlarge",
        "g5.xlarge", "p4d.24xlarge", "inf1.xlarge", "trn1.2xlarge", "d3en.xlarge",
        "i3en.large", "x2idn.16xlarge", "x2iezn.2xlarge", "z1d.large", "u-6tb1.metal",
        "mac1.metal", "hpc6a.48xlarge", "m4.large", "vt1.3xlarge", "dl1.24xlarge" };
    for (size_t i = 0; i < N(arm); i++) {
        struct inst_profile in = inst(arm[i]);
        if (in.arch != PROF_ARCH_ARM64)
            CHECK_FAIL_AT("%s: %s, expected arm64", arm[i], prof_arch_name(in.arch));
    }
    for (size_t i = 0; i < N(x86); i++) {
        struct inst_profile in = inst(x86[i]);
        if (in.arch != PROF_ARCH_X86_64)
            CHECK_FAIL_AT("%s: %s, expected x86_64", x86[i], prof_arch_name(in.arch));
    }
    CHECK(inst("oci-e4flex-8").arch == PROF_ARCH_X86_64);
    CHECK(inst("oci-e5flex-2").arch == PROF_ARCH_X86_64);
    CHECK(inst("none").arch == PROF_ARCH_UNKNOWN);
}

/* vCPUs and memory: EC2 the price list's columns, OCI 2 vCPUs and 16 GB
   (its default) per OCPU. */
static void instances_should_know_their_vcpus_and_memory(void)
{
    struct inst_profile m = inst("m5.4xlarge"), r = inst("r5b.8xlarge"), o = inst("oci-e4flex-8");
    CHECK_INT_EQ(m.vcpus, 16);
    CHECK_NEAR_REL(m.memory_gib, 64.0, 1e-12);
    CHECK_INT_EQ(r.vcpus, 32);
    CHECK_NEAR_REL(r.memory_gib, 256.0, 1e-12);
    CHECK_INT_EQ(o.vcpus, 16);
    CHECK_NEAR_REL(o.memory_gib, 128.0, 1e-12);
}

static int units(const char *name, enum prof_licence l)
{
    struct inst_profile in = inst(name);
    int u = -1;
    why[0] = '\0';
    if (prof_licence_units(&in, l, &u, why, sizeof why) != 0)
        return -1;
    return u;
}

/* Hand-worked, Oracle's cloud policy (2024-06):
     EE  m5.4xlarge  16 vCPUs / 2            = 8 processor licences
     EE  m5.large     2 vCPUs / 2            = 1
     EE  oci-e4flex-8 8 OCPUs = 16 vCPUs / 2 = 8 (1 per OCPU, assumed)
     SE2 m5.xlarge    4 vCPUs: up to 4       = 1 socket
     SE2 t3.small     2 vCPUs                = 1 socket
     SE2 m5.2xlarge   8 vCPUs / 4            = 2 sockets
     SE2 c5.xlarge    4 vCPUs                = 1
     SE2 m5.4xlarge  16 vCPUs > 8            refused
     SE2 oci-e4flex-4 8 vCPUs                = 2; oci-e4flex-8 refused */
static void licence_units_should_follow_the_cloud_policy(void)
{
    CHECK_INT_EQ(units("m5.4xlarge", PROF_LICENCE_EE), 8);
    CHECK_INT_EQ(units("m5.large", PROF_LICENCE_EE), 1);
    CHECK_INT_EQ(units("oci-e4flex-8", PROF_LICENCE_EE), 8);
    CHECK_INT_EQ(units("m5.xlarge", PROF_LICENCE_SE2), 1);
    CHECK_INT_EQ(units("t3.small", PROF_LICENCE_SE2), 1);
    CHECK_INT_EQ(units("m5.2xlarge", PROF_LICENCE_SE2), 2);
    CHECK_INT_EQ(units("c5.xlarge", PROF_LICENCE_SE2), 1);
    CHECK_INT_EQ(units("oci-e4flex-4", PROF_LICENCE_SE2), 2);
    CHECK_INT_EQ(units("m5.4xlarge", PROF_LICENCE_SE2), -1);
    CHECK_STR_EQ(why, "16 vCPUs > 8, the most SE2 may be licensed on");
    CHECK_INT_EQ(units("oci-e4flex-8", PROF_LICENCE_SE2), -1);
    CHECK_INT_EQ(units("m5.4xlarge", PROF_LICENCE_NONE), 0);
    CHECK_INT_EQ(units("none", PROF_LICENCE_EE), -1);  /* no vCPUs, no rules */
}

static void licence_and_arch_names_should_parse(void)
{
    enum prof_licence l;
    enum prof_arch a;
    CHECK(prof_licence_parse("EE", &l) == 0 && l == PROF_LICENCE_EE);
    CHECK(prof_licence_parse("se2", &l) == 0 && l == PROF_LICENCE_SE2);
    CHECK(prof_licence_parse("none", &l) == 0 && l == PROF_LICENCE_NONE);
    CHECK(prof_licence_parse("se", &l) == -EINVAL);
    CHECK(prof_arch_parse("aarch64", &a) == 0 && a == PROF_ARCH_ARM64);
    CHECK(prof_arch_parse("x86_64", &a) == 0 && a == PROF_ARCH_X86_64);
    CHECK(prof_arch_parse("sparc", &a) == -EINVAL);
}

/* Each constraint sets aside an instance that fails it, with its words;
   an instance that meets them all passes. */
static const char *aside(const struct adv_space_cfg *sc, const char *name)
{
    struct inst_profile in = inst(name);
    why[0] = '\0';
    return adv_limits_check(sc, &in, why, sizeof why) ? why : "";
}

static void each_constraint_should_set_aside_with_its_reason(void)
{
    struct adv_cfg c;
    adv_cfg_defaults(&c);
    struct adv_space_cfg *sc = &c.space;

    CHECK_STR_EQ(aside(sc, "c6gn.large"), "arm64 (--arch x86_64)");
    CHECK_STR_EQ(aside(sc, "m5.large"), "");
    sc->arch = PROF_ARCH_ARM64;
    CHECK_STR_EQ(aside(sc, "m5.large"), "x86_64 (--arch arm64)");
    sc->arch = PROF_ARCH_UNKNOWN;
    CHECK_STR_EQ(aside(sc, "c6gn.large"), "");
    sc->min_vcpus = 16;
    CHECK_STR_EQ(aside(sc, "m5.large"), "2 vCPUs < --min-vcpus 16");
    CHECK_STR_EQ(aside(sc, "m5.4xlarge"), "");
    sc->min_vcpus = 0;
    sc->max_vcpus = 8;
    CHECK_STR_EQ(aside(sc, "m5.4xlarge"), "16 vCPUs > --max-vcpus 8");
    sc->max_vcpus = 0;
    sc->min_memory_gib = 128;
    CHECK_STR_EQ(aside(sc, "m5.4xlarge"), "64 GiB memory < --min-memory 128 GiB");
    CHECK_STR_EQ(aside(sc, "oci-e4flex-4"), "64 GB memory < --min-memory 128 GiB");
    CHECK_STR_EQ(aside(sc, "oci-e4flex-8"), "");
    sc->min_memory_gib = 0;
    strcpy(sc->exclude[sc->n_exclude++], "m5");
    CHECK_STR_EQ(aside(sc, "m5.xlarge"), "family m5 (--exclude-families)");
    CHECK_STR_EQ(aside(sc, "m5n.xlarge"), "");
    strcpy(sc->exclude[sc->n_exclude++], "oci-e4flex");
    CHECK_STR_EQ(aside(sc, "oci-e4flex-2"), "family e4flex (--exclude-families)");
    sc->n_exclude = 0;
    sc->licence = PROF_LICENCE_SE2;
    sc->licence_usd_month = 100;
    CHECK_STR_EQ(aside(sc, "m5.4xlarge"),
                 "16 vCPUs > 8, the most SE2 may be licensed on (--licence se2)");
    CHECK_STR_EQ(aside(sc, "m5.2xlarge"), "");
}

/* A licence's price: units x the unit's price, to the cent. */
static void licence_price_should_be_units_times_the_unit_price(void)
{
    struct adv_cfg c;
    adv_cfg_defaults(&c);
    c.space.licence = PROF_LICENCE_EE;
    c.space.licence_usd_month = 1234.565;
    struct inst_profile in = inst("m5.4xlarge");
    int u;
    double usd;
    CHECK(adv_licence(&c.space, &in, &u, &usd, why, sizeof why) == 0);
    CHECK_INT_EQ(u, 8);
    CHECK_NEAR_REL(usd, 9876.52, 1e-12);        /* 8 x 1234.565 = 9876.52 */
}

/* The rule book (asmsim profiles rules) says each provider's licence
   counting with the figures the counting uses. */
static void rule_book_should_give_the_licence_figures(void)
{
    for (int i = 0; i < prof_provider_count(); i++) {
        const struct prof_provider *p = prof_provider_at(i);
        const struct prof_licence_rules *lr = p->licence;
        const struct prof_rule *r = NULL;
        char ee[64], se2[64], most[64];
        if (!lr)
            continue;
        for (int k = 0; k < p->n_instance_rules && !r; k++)
            if (strstr(p->instance_rules[k].limit, "Oracle licences"))
                r = &p->instance_rules[k];
        CHECK(r != NULL);
        if (!r)
            continue;
        snprintf(ee, sizeof ee, "%d vCPUs", lr->ee_vcpus_per_licence);
        snprintf(se2, sizeof se2, "a socket per %d vCPUs", lr->se2_vcpus_per_socket);
        snprintf(most, sizeof most, "at most %d vCPUs", lr->se2_max_vcpus);
        CHECK(strstr(r->rule, ee) && strstr(r->rule, se2) && strstr(r->rule, most));
    }
}

int main(void)
{
    RUN(ec2_families_should_have_the_architecture_their_name_gives);
    RUN(instances_should_know_their_vcpus_and_memory);
    RUN(licence_units_should_follow_the_cloud_policy);
    RUN(licence_and_arch_names_should_parse);
    RUN(each_constraint_should_set_aside_with_its_reason);
    RUN(licence_price_should_be_units_times_the_unit_price);
    RUN(rule_book_should_give_the_licence_figures);
    return check_done();
}
