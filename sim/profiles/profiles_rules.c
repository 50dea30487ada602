/*
 * profiles_rules.c - the rule book: every limit the model enforces, per
 * volume type and for instances, in words, with the document or the
 * measurement it comes from, so a user can see why a figure is what it is
 * and which figures to trust less (`asmsim profiles rules [TYPE]`).
 *
 * The rules are applied elsewhere (providers/ebs.c, providers/oci.c,
 * providers/nvme.c and the catalogue rows there, profiles_instances.c, the
 * model's buckets in dev_model.c); this table says them once more in a
 * user's words.  What keeps the two the same is tests/test_rules.c, which
 * reproduces each document's own tables and worked examples through the
 * resolvers and the model, and checks the delivered shares written here
 * against the catalogue's.  Latency rows are not repeated here: they are
 * printed from profiles_latency.c's table, each with its source.
 *
 * Basis of a rule (enum prof_basis): documented (the provider's own page),
 * measured (a published measurement, DOMAIN.md section 5 or issue 33's
 * study), derived (follows from documented rules), estimate (nothing
 * behind it but the model's earlier guess).
 *
 * Sources, as cited below:
 *   AWS-VT   AWS EBS User Guide, "Amazon EBS volume types" (gp2, gp3, st1,
 *            sc1 sections), 2023-06; gp3 maxima of 2025-09.
 *   AWS-PIOPS  AWS EBS User Guide, "Provisioned IOPS SSD volumes" (io1;
 *            io2 Block Express since 2025-04-30); the RDS storage page
 *            states the io2 throughput sentence in the same words.
 *   AWS-IO   AWS EBS User Guide, "I/O characteristics and monitoring".
 *   AWS-OPT  AWS EBS User Guide, "Amazon EBS-optimized instances" and its
 *            table of instance limits (sim/profiles/ec2_ebs_limits_2023-06.csv).
 *   OCI-BV   OCI Block Volume documentation, "Block Volume Performance"
 *            and its per-level tables, 2023-06.
 */
#include "sim/profiles/profiles_internal.h"

#include <string.h>

#define AWS_VT "AWS EBS volume types page, 2023-06"
#define AWS_VT_2025 "AWS EBS volume types page, 2025-09"
#define AWS_PIOPS "AWS Provisioned IOPS SSD page, 2025-04-30"
#define AWS_IO "AWS EBS I/O characteristics page"
#define AWS_OPT "AWS EBS-optimized instances table, 2023-06"
#define OCI_BV "OCI Block Volume performance page, 2023-06"

#define EBS_SSD "gp2 gp3 gp3-2023 io1 io2 io2-2021"
#define OCI_ALL "oci-lower oci-balanced oci-higher oci-uhp"

static const struct prof_rule rules[] = {
    /* ---- gp2 */
    { "gp2", "IOPS", "3 per GiB, at least 100, at most 16,000",
      PROF_BASIS_DOCUMENTED, AWS_VT },
    { "gp2", "burst rate", "3,000 IOPS below 1,000 GiB (baseline under 3,000)",
      PROF_BASIS_DOCUMENTED, AWS_VT },
    { "gp2", "burst bucket", "5.4 million I/O credits, starts full",
      PROF_BASIS_DOCUMENTED, AWS_VT },
    { "gp2", "earn rate", "the baseline, 3 IOPS per GiB (at least 100), a second",
      PROF_BASIS_DOCUMENTED, AWS_VT },
    { "gp2", "burst length", "bucket / (3,000 - baseline): 750 GiB 7,200 s, 100 GiB "
      "2,000 s; refill from empty bucket / baseline", PROF_BASIS_DOCUMENTED, AWS_VT },
    { "gp2", "throughput", "128 MiB/s up to 170 GiB, 250 MiB/s above (AWS: 250 from "
      "334 GiB, credit-dependent between; the model takes 250)",
      PROF_BASIS_DOCUMENTED, AWS_VT },
    { "gp2", "delivered IOPS", "1.0 of the provisioned rate: measured rates sit at or "
      "just above it (C12; third-party fio logs, 36,155 of 36,000)",
      PROF_BASIS_MEASURED, "issue 33 study; DOMAIN.md C12" },
    { "gp2", "delivered throughput", "0.945 of the provisioned rate: 8 x 125 GiB gp2 "
      "gave 1015 MB/s of 8 x 128 MiB/s", PROF_BASIS_MEASURED, "DOMAIN.md C6" },
    /* ---- gp3 */
    { "gp3", "IOPS", "3,000 included; up to 80,000, above 3,000 at most 500 per GiB",
      PROF_BASIS_DOCUMENTED, AWS_VT_2025 },
    { "gp3", "throughput", "125 MiB/s included; up to 2,000 MiB/s, above 125 at most "
      "0.25 MiB/s per provisioned IOPS", PROF_BASIS_DOCUMENTED, AWS_VT_2025 },
    { "gp3-2023", "IOPS", "3,000 included; up to 16,000, above 3,000 at most 500 per GiB",
      PROF_BASIS_DOCUMENTED, AWS_VT },
    { "gp3-2023", "throughput", "125 MiB/s included; up to 1,000 MiB/s, at most 0.25 "
      "MiB/s per provisioned IOPS", PROF_BASIS_DOCUMENTED, AWS_VT },
    { "gp3 gp3-2023", "burst", "none: the provisioned rates hold",
      PROF_BASIS_DOCUMENTED, AWS_VT },
    { "gp3 gp3-2023", "delivered IOPS", "1.0 of the provisioned rate (measured rates "
      "at or just above it)", PROF_BASIS_MEASURED, "issue 33 study; DOMAIN.md C12" },
    { "gp3 gp3-2023", "delivered throughput", "1.0: no measurement binds it (C1-C3, C5 "
      "are held by the instance); the provisioned figure", PROF_BASIS_ESTIMATE,
      "no measurement" },
    /* ---- io1, io2 */
    { "io1", "IOPS", "100 to 64,000, at most 50 per GiB", PROF_BASIS_DOCUMENTED, AWS_PIOPS },
    { "io2", "IOPS", "100 to 256,000, at most 1,000 per GiB; at most 32,000 on an "
      "instance not built on Nitro", PROF_BASIS_DOCUMENTED, AWS_PIOPS },
    { "io2-2021", "IOPS", "100 to 64,000, at most 500 per GiB (io2 before Block "
      "Express)", PROF_BASIS_DOCUMENTED, "AWS Provisioned IOPS SSD page, 2021" },
    { "io1 io2-2021", "throughput", "256 KiB x IOPS up to 500 MiB/s to 32,000 IOPS; "
      "above, 16 KiB x IOPS (1,000 MiB/s at 64,000)", PROF_BASIS_DOCUMENTED, AWS_PIOPS },
    { "io2", "throughput", "256 KiB x IOPS up to 500 MiB/s; from 31,250 IOPS 0.016 "
      "MiB/s x IOPS, at most 4,000 MiB/s (AWS: \"4,000 MiB/s ... at 256,000 IOPS with "
      "a 16-KiB I/O size\")", PROF_BASIS_DOCUMENTED, AWS_PIOPS },
    { "io2", "throughput per IOPS", "0.016 MiB/s per provisioned IOPS, not the page's "
      "\"0.256 MiB/s per IOPS\" (a ceiling at 256 KiB I/O): a 50,000 IOPS io2 was "
      "listed at 838.9 MB/s (= 50,000 x 0.016 MiB/s) and read 826 MB/s",
      PROF_BASIS_MEASURED, "issue 33 OCI-vs-AWS study (the C10-C12 volume)" },
    { "io1 io2-2021", "delivered IOPS", "1.0 of the provisioned rate", PROF_BASIS_MEASURED,
      "issue 33 study; DOMAIN.md C12" },
    { "io2", "delivered IOPS", "1.0 of the provisioned rate: 50,098 of 50,000",
      PROF_BASIS_MEASURED, "DOMAIN.md C12" },
    { "io2", "delivered throughput", "0.985 of the provisioned rate: 826 of 838.9 MB/s",
      PROF_BASIS_MEASURED, "issue 33 OCI-vs-AWS study" },
    { "io1 io2-2021", "delivered throughput", "1.0: no measurement binds it",
      PROF_BASIS_ESTIMATE, "no measurement" },
    /* ---- every EBS SSD type */
    { EBS_SSD, "I/O accounting", "an I/O of up to 256 KiB is one operation; larger "
      "ones count ceil(size / 256 KiB)", PROF_BASIS_DOCUMENTED, AWS_IO },
    { "gp2 gp3 gp3-2023 io1 io2-2021", "merging", "contiguous I/Os merge into one "
      "operation up to 256 KiB (\"Amazon EBS attempts to merge them\"); 16 x gp3 at "
      "3,000 IOPS reached ~7,300 MB/s with 128 KiB writes", PROF_BASIS_DOCUMENTED,
      AWS_IO "; issue 33 ORION study" },
    { "io2", "merging", "none: Block Express is another storage architecture; 4 KiB "
      "sequential reads stop at 50,098 of 50,000 IOPS", PROF_BASIS_MEASURED,
      "DOMAIN.md C12" },
    /* ---- st1, sc1 */
    { "st1", "throughput", "base 40 MiB/s per TiB, burst 250 MiB/s per TiB, both at "
      "most 500 MiB/s (base cap at 12.5 TiB, burst cap at 2 TiB)",
      PROF_BASIS_DOCUMENTED, AWS_VT },
    { "sc1", "throughput", "base 12 MiB/s per TiB, burst 80 MiB/s per TiB, both at "
      "most 250 MiB/s (burst cap at 3.125 TiB)", PROF_BASIS_DOCUMENTED, AWS_VT },
    { "st1 sc1", "burst bucket", "1 TiB of credits per TiB of size, starts full; earns "
      "the base rate; a full bucket holds a full volume scan", PROF_BASIS_DOCUMENTED,
      AWS_VT },
    { "st1 sc1", "I/O accounting", "every I/O charged a 1 MiB unit; sequential I/Os "
      "merge into 1 MiB units first; 500 (st1) or 250 (sc1) units a second",
      PROF_BASIS_DOCUMENTED, AWS_VT "; " AWS_IO },
    { "st1 sc1", "delivered", "1.0 of IOPS and throughput: AWS's \"90 % of burst "
      "throughput 99 % of the time\" is a floor; no measurement",
      PROF_BASIS_ESTIMATE, "no measurement" },
    /* ---- OCI */
    { "oci-lower", "IOPS and throughput", "2 IOPS per GB up to 3,000; 240 KB/s per GB "
      "up to 480 MB/s", PROF_BASIS_DOCUMENTED, OCI_BV },
    { "oci-balanced", "IOPS and throughput", "60 IOPS per GB up to 25,000; 480 KB/s per "
      "GB up to 480 MB/s", PROF_BASIS_DOCUMENTED, OCI_BV },
    { "oci-higher", "IOPS and throughput", "75 IOPS per GB up to 50,000; 600 KB/s per "
      "GB up to 680 MB/s", PROF_BASIS_DOCUMENTED, OCI_BV },
    { "oci-uhp", "IOPS and throughput", "(1.5 VPU + 45) IOPS per GB up to min(2,500 "
      "VPU, 300,000); (12 VPU + 360) KB/s per GB up to min(20 VPU + 280, 2,680) MB/s; "
      "needs a shape of 16 OCPUs or more", PROF_BASIS_DOCUMENTED, OCI_BV },
    { "oci-lower oci-balanced oci-higher", "attachment path", "one iSCSI path carries "
      "about 560 MB/s whatever the I/O size (C8 560, C13 549 and 563 MB/s on a 680 "
      "MB/s volume)", PROF_BASIS_MEASURED, "DOMAIN.md C8, C13" },
    { "oci-lower oci-balanced oci-higher", "merging", "contiguous I/Os merge: 4 KiB "
      "sequential reads at 138,000 IOPS on a 50,000 IOPS volume",
      PROF_BASIS_MEASURED, "DOMAIN.md C13" },
    { "oci-uhp", "merging", "none (multipath): 4 KiB sequential reads at 304,013 of "
      "300,000 IOPS", PROF_BASIS_MEASURED, "DOMAIN.md C14" },
    { OCI_ALL, "delivered", "1.0 of IOPS (C7: 50,431 of 50,000) and throughput",
      PROF_BASIS_MEASURED, "DOMAIN.md C7, C8" },
    /* ---- local NVMe */
    { "local-nvme", "limits", "what the spec says (default 400,000 IOPS, 2,000 MB/s); "
      "the instance's EBS limits do not apply", PROF_BASIS_ESTIMATE, "model" },
    /* ---- instances */
    { "instances", "EC2 limits", "baseline and maximum MB/s and IOPS per instance type "
      "(MB/s = Mbps / 8, measured by AWS with 128 KiB I/O, IOPS with 16 KiB)",
      PROF_BASIS_DOCUMENTED, AWS_OPT },
    { "instances", "EC2 burst", "instances marked * hold the maximum 30 minutes once "
      "per 24 h, then the baseline: bucket = (max - base) x 1,800 s",
      PROF_BASIS_DOCUMENTED, AWS_OPT },
    { "instances", "EC2 delivered", "0.972 of MB/s (C1 580 of 593.75, C2 7,300 of "
      "7,500, C5 335 of 347.5); 1.0 of IOPS (C4 18,905 of 18,750)",
      PROF_BASIS_MEASURED, "DOMAIN.md C1, C2, C4, C5" },
    { "instances", "OCI shapes", "block volume traffic 20,000 IOPS and 120 MB/s per "
      "Gbps of the shape (1 Gbps per OCPU, at most 40), at most 600,000 IOPS and "
      "4,800 MB/s", PROF_BASIS_DOCUMENTED, OCI_BV },
};

#define RULES (sizeof rules / sizeof rules[0])

int prof_rule_count(void)
{
    return (int)RULES;
}

const struct prof_rule *prof_rule_at(int i)
{
    return i >= 0 && i < (int)RULES ? &rules[i] : NULL;
}

bool prof_rule_applies(const struct prof_rule *r, const char *type)
{
    size_t len = strlen(type);
    for (const char *p = r->types; *p;) {
        size_t word = strcspn(p, " ");
        if (word == len && strncmp(p, type, len) == 0)
            return true;
        p += word;
        p += strspn(p, " ");
    }
    return false;
}

const char *prof_basis_name(enum prof_basis b)
{
    switch (b) {
    case PROF_BASIS_DOCUMENTED: return "documented";
    case PROF_BASIS_MEASURED:   return "measured";
    case PROF_BASIS_DERIVED:    return "derived";
    case PROF_BASIS_ESTIMATE:   return "estimate";
    }
    return "?";
}
