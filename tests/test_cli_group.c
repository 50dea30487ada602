/*
 * test_cli_group.c - the --group value (sim/cli/cli_group.h): every key
 * good and bad, with the message each fault gives.
 */
#include <errno.h>
#include <string.h>

#include "check.h"
#include "sim/cli/cli_group.h"

static char why[256];

static struct sim_group_spec good(const char *text)
{
    struct sim_group_spec g;
    memset(&g, 0, sizeof g);
    why[0] = '\0';
    if (cli_parse_group(text, &g, why, sizeof why) != 0)
        CHECK_FAIL_AT("cli_parse_group(\"%s\"): %s", text, why);
    return g;
}

/* text must be refused with exactly `message`, leaving *out as it was. */
static void bad(const char *text, const char *message)
{
    struct sim_group_spec g;
    memset(&g, 0x5a, sizeof g);
    why[0] = '\0';
    int rc = cli_parse_group(text, &g, why, sizeof why);
    if (rc != -EINVAL)
        CHECK_FAIL_AT("cli_parse_group(\"%s\") = %d, expected -EINVAL", text, rc);
    CHECK_STR_EQ(why, message);
    struct sim_group_spec untouched;
    memset(&untouched, 0x5a, sizeof untouched);
    CHECK(memcmp(&g, &untouched, sizeof g) == 0);
}

static void the_issues_groups_parse_with_flat_volume_keys(void)
{
    struct sim_group_spec d = good("DATA:disks=8,volume=gp3");
    CHECK_STR_EQ(d.name, "DATA");
    CHECK_INT_EQ(d.disks, 8);
    CHECK_STR_EQ(d.volume, "gp3");
    CHECK_STR_EQ(d.profile.type, "gp3");
    CHECK_INT_EQ(d.given, 0);
    struct sim_group_spec r = good("REDO:volume=io2,size=100GiB,disks=4,iops=16000");
    CHECK_STR_EQ(r.volume, "io2:size=100GiB,iops=16000");
    CHECK_NEAR_REL(r.profile.iops_base, 16000.0, 1e-12);
    CHECK_INT_EQ(r.disks, 4);
    struct sim_group_spec g = good("g.1_x-2:disks=2,volume=gp3,throughput=500,iops=6000");
    CHECK_STR_EQ(g.name, "g.1_x-2");
    CHECK_STR_EQ(g.volume, "gp3:throughput=500,iops=6000");
    struct sim_group_spec o = good("RECO:disks=2,volume=oci-uhp,size=1000GB,vpu=40");
    CHECK_STR_EQ(o.volume, "oci-uhp:size=1000GB,vpu=40");
    CHECK_INT_EQ(o.profile.vpu, 40);
}

static void the_asm_keys_follow_their_options(void)
{
    struct sim_group_spec g =
        good("DATA:disks=6,volume=gp3,redundancy=high,au=4MiB,layout=fine,failgroups=3");
    CHECK_INT_EQ(g.redundancy, LAY_HIGH);
    CHECK_U64_EQ(g.au_bytes, 4u << 20);
    CHECK_INT_EQ(g.striping, LAY_FINE);
    CHECK_INT_EQ(g.failgroups, 3);
    CHECK_INT_EQ(g.given, CLI_GROUP_GIVEN_REDUNDANCY | CLI_GROUP_GIVEN_AU |
                              CLI_GROUP_GIVEN_LAYOUT | CLI_GROUP_GIVEN_FAILGROUPS);
    struct sim_group_spec c = good("DATA:disks=2,volume=gp3,layout=coarse,redundancy=external");
    CHECK_INT_EQ(c.striping, LAY_COARSE);
    CHECK_INT_EQ(c.redundancy, LAY_EXTERNAL);
    CHECK_INT_EQ(c.given, CLI_GROUP_GIVEN_REDUNDANCY | CLI_GROUP_GIVEN_LAYOUT);
    CHECK_INT_EQ(good("A:disks=1024,volume=gp3,failgroups=0").disks, 1024);
}

static void names_are_short_and_plain(void)
{
    good("abcdefghijklmnopqrstuvwxyz01234:disks=1,volume=gp3");     /* 31 */
    bad("abcdefghijklmnopqrstuvwxyz012345:disks=1,volume=gp3",
        "group name abcdefghijklmnopqrstuvwxyz012345: use 1 to 31 of the letters, digits, "
        "'_', '.' and '-'");
    bad(":disks=1,volume=gp3",
        "group name \"\": use 1 to 31 of the letters, digits, '_', '.' and '-'");
    bad("DA TA:disks=1,volume=gp3",
        "group name \"DA TA\": use 1 to 31 of the letters, digits, '_', '.' and '-'");
    bad("DATA/1:disks=1,volume=gp3",
        "group name DATA/1: use 1 to 31 of the letters, digits, '_', '.' and '-'");
    bad("disks=1,volume=gp3", "no group name; write NAME:disks=N,volume=TYPE[,...]");
}

static void keys_are_known_given_once_and_valued(void)
{
    bad("DATA:disks=1,volume=gp3,stripe=1MiB",
        "unknown key stripe; valid keys are disks, volume, size, iops, throughput, vpu, "
        "redundancy, au, layout, failgroups");
    bad("DATA:disks=1,disks=2,volume=gp3", "disks given twice; give each key once");
    bad("DATA:disks=1,volume=gp3,iops=4000,iops=5000", "iops given twice; give each key once");
    bad("DATA:disks=1,volume=gp3,au", "au has no value; write au=VALUE");
    bad("DATA:disks=,volume=gp3", "disks has no value; write disks=VALUE");
    bad("DATA:disks=1,,volume=gp3",
        "an empty key; write NAME:disks=N,volume=TYPE[,KEY=VALUE...]");
    bad("DATA:", "an empty key; write NAME:disks=N,volume=TYPE[,KEY=VALUE...]");
    bad("DATA:volume=gp3", "disks= missing; a group needs disks=N and volume=TYPE");
    bad("DATA:disks=2", "volume= missing; a group needs disks=N and volume=TYPE");
}

static void disks_are_1_to_1024(void)
{
    bad("DATA:disks=0,volume=gp3", "disks=0: not a disk count; use an integer 1..1024");
    bad("DATA:disks=1025,volume=gp3", "disks=1025: not a disk count; use an integer 1..1024");
    bad("DATA:disks=two,volume=gp3", "disks=two: not a disk count; use an integer 1..1024");
}

static void the_volume_is_checked_by_the_profiles(void)
{
    char want[256], inner[256];
    struct vol_profile v;
    /* the message is the profiles' own */
    CHECK_INT_EQ(prof_volume_parse("gp4", &v, inner, sizeof inner), -EINVAL);
    snprintf(want, sizeof want, "volume: %s", inner);
    bad("DATA:disks=1,volume=gp4", want);
    CHECK_INT_EQ(prof_volume_parse("gp3:size=30GiB,iops=20000", &v, inner, sizeof inner),
                 -EINVAL);
    snprintf(want, sizeof want, "volume: %s", inner);
    bad("DATA:disks=1,volume=gp3,size=30GiB,iops=20000", want);
    CHECK_INT_EQ(prof_volume_parse("gp3:vpu=20", &v, inner, sizeof inner), -EINVAL);
    snprintf(want, sizeof want, "volume: %s", inner);
    bad("DATA:disks=1,volume=gp3,vpu=20", want);
    CHECK_INT_EQ(prof_volume_parse("gp3:throughput=fast", &v, inner, sizeof inner), -EINVAL);
    snprintf(want, sizeof want, "volume: %s", inner);
    bad("DATA:disks=1,volume=gp3,throughput=fast", want);
    bad("DATA:disks=1,volume=gp3:size=100GiB",
        "volume=gp3:size=100GiB: give the volume's keys among the group's, as "
        "volume=TYPE,size=..,iops=..");
}

static void asm_keys_refuse_as_their_options_do(void)
{
    bad("DATA:disks=1,volume=gp3,au=3MiB",
        "au=3MiB: not an ASM allocation unit; use 1MiB, 2MiB, 4MiB, 8MiB, 16MiB, 32MiB or 64MiB");
    bad("DATA:disks=1,volume=gp3,redundancy=triple",
        "redundancy=triple: unknown redundancy; use external, normal or high");
    bad("DATA:disks=1,volume=gp3,layout=striped",
        "layout=striped: unknown layout; use coarse, fine, raid0 or concat");
    bad("DATA:disks=1,volume=gp3,layout=raid0",
        "layout=raid0: a disk group's layout is coarse or fine (raid0 and concat are "
        "ORION's, for --layout)");
    bad("DATA:disks=1,volume=gp3,failgroups=-1",
        "failgroups=-1: not a failure group count; use an integer 0..1024 (0, the default: "
        "one per disk)");
}

static void overlong_values_are_refused_whole(void)
{
    char text[700];
    memset(text, 'a', sizeof text - 1);
    text[sizeof text - 1] = '\0';
    bad(text, "longer than 512 characters");
    char big[300];
    snprintf(big, sizeof big, "DATA:disks=1,volume=gp3,size=%0120d,iops=%0100d", 1, 1);
    bad(big, "the volume's keys are longer than 127 characters");
    char type[129], want[300];
    memset(type, 'g', sizeof type - 1);
    type[sizeof type - 1] = '\0';                  /* 128 characters */
    snprintf(big, sizeof big, "DATA:disks=1,volume=%s", type);
    snprintf(want, sizeof want, "volume=\"%.80s\"...: not a volume type; see 'asmsim "
             "profiles'", type);                /* quoted, cut at 80 */
    bad(big, want);
    /* a type and keys each short enough, but not together */
    snprintf(big, sizeof big, "DATA:disks=1,volume=%.100s,size=%030d", type, 1);
    bad(big, "the volume spec is longer than 127 characters");
}

int main(void)
{
    RUN(the_issues_groups_parse_with_flat_volume_keys);
    RUN(the_asm_keys_follow_their_options);
    RUN(names_are_short_and_plain);
    RUN(keys_are_known_given_once_and_valued);
    RUN(disks_are_1_to_1024);
    RUN(the_volume_is_checked_by_the_profiles);
    RUN(asm_keys_refuse_as_their_options_do);
    RUN(overlong_values_are_refused_whole);
    return check_done();
}
