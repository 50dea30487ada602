/*
 * profiles.h - cloud volume and instance profiles: limits, I/O
 * accounting, latency parameters and prices.
 *
 * A volume profile comes from a spec string as the command line takes it,
 * "TYPE[:key=value,...]" (keys size, iops, throughput, vpu), resolved with
 * the provider's published rules (written down, with their sources, in
 * providers/ebs.c, providers/oci.c and providers/nvme.c) into the limits the
 * model enforces.  A spec the provider would reject is an error whose
 * message says the valid range.  Instances come from the EC2 table compiled in
 * from sim/profiles/ec2_ebs_limits_2023-06.csv, plus OCI E4.Flex and
 * E5.Flex shapes ("oci-e4flex-N", "oci-e5flex-N", N OCPUs) and "none" (no
 * instance limit).
 *
 * Units: sizes in bytes, rates in bytes per second or operations per
 * second, latencies in nanoseconds, prices in USD per month.
 */
#ifndef ASMSIM_SIM_PROFILES_H
#define ASMSIM_SIM_PROFILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PROF_NAME_MAX 48

/* Every reason these functions give (their why) is one line of at most
   PROF_WHY_CHARS bytes, whatever the input: the parts of the input it
   names are quoted, escaped and cut short (why_quote, layouts/why.h), the
   numbers it shows bounded.  86 leaves room, in a message line of 200
   characters, for the CLI's longest prefix and the value itself cut at
   80 characters: "asmsim: profiles instances <value>: <reason>". */
#define PROF_WHY_CHARS 86

enum prof_media {
    PROF_SSD = 0,       /* EBS gp2/gp3/io1/io2, OCI, local NVMe */
    PROF_HDD,           /* EBS st1/sc1: every I/O charged a 1 MiB unit */
};

/* Service time of one physical I/O that no limit delays, in one
   direction:
     floor_ns + median_ns x exp(sigma x Z) [x tail factor]
   Z standard normal.  The floor is the fixed part of the path (network
   round trip, replication hop) that no I/O beats, which is why measured
   minima sit close to the averages; the lognormal part spreads above it.
   The tail: with probability tail_prob the lognormal part is multiplied
   by a factor drawn uniformly from [tail_min_mult, tail_max_mult]. */
struct prof_dir_latency {
    double floor_ns;
    double median_ns;           /* of the lognormal part */
    double sigma;               /* of ln(lognormal part) */
    double tail_prob;
    double tail_min_mult;
    double tail_max_mult;
};

/* Latency of a volume type: per direction, plus what both share.
     service = dir[is_write] draw + size / xfer_bytes_per_s
               [+ read-after-write wait]
   A read that follows a write on the same volume waits, with probability
   raw_prob, an extra time uniform in [0, raw_max_ns]: the write's
   background work (replication) still holding the volume (fitted where a
   mixed measurement shows it; 0 elsewhere). */
struct prof_latency {
    struct prof_dir_latency dir[2];     /* [0] read, [1] write */
    double xfer_bytes_per_s;            /* per-I/O transfer rate */
    double raw_prob;                    /* read after write: P(wait) */
    double raw_max_ns;                  /* its wait, uniform in [0, max] */
};

/* The hypervisor an EC2 instance runs on, where rules or latency differ by
   it: io2 Block Express gives 256000 IOPS and sub-ms latency on Nitro
   (5th generation on, t3, a1, ...), 32000 IOPS and the earlier io2's
   latency on Xen (m4, t2, c4, r4, ...; providers/ebs.c lists them).
   PROF_PLATFORM_ANY: OCI shapes and "none"; in a latency row, any
   platform. */
enum prof_platform {
    PROF_PLATFORM_ANY = 0,
    PROF_PLATFORM_NITRO,
    PROF_PLATFORM_XEN,
};

struct vol_profile {
    char type[PROF_NAME_MAX];   /* "gp3", "oci-higher", ... */
    char spec[128];             /* canonical spec, e.g.
                                   "gp3:size=250GiB,iops=3000,throughput=125MiB/s" */
    enum prof_media media;
    uint64_t size_bytes;
    int vpu;                    /* OCI volume performance units; -1 elsewhere */

    /* operations: I/Os of up to io_unit_bytes count as one operation,
       larger ones ceil(size / io_unit_bytes) (SSD); HDD types charge every
       I/O at least one full unit and merge sequential I/O into units. */
    uint32_t io_unit_bytes;
    double iops_base;           /* provisioned / baseline ops per second */
    double iops_burst;          /* == iops_base when there is no burst */
    double iops_bucket_ops;     /* gp2 credit bucket; 0 = none */

    double tput_base_bytes_per_s;
    double tput_burst_bytes_per_s;      /* == base when no burst */
    double tput_bucket_bytes;           /* st1/sc1 credit bucket; 0 = none */

    /* Contiguous merging: whether an I/O that continues a sequential run
       on its volume (dev_model.c follows several at once) joins the run's
       operation while the sum stays within io_unit_bytes.  A property of
       the provider and the attachment, not of the media: profiles.c says
       what evidence backs each type's rule. */
    bool merges_contiguous;
    /* On the instance itself (instance-store NVMe): not attached over EBS
       or the block-volume network, so the instance's EBS / block-volume
       limits (inst_profile max_iops, max_bytes_per_s) do not cap it. */
    bool instance_store;
    /* What one attachment path carries, bytes/s; 0 = no cap below the
       volume's own (OCI single-path iSCSI: inferred, providers/oci.c). */
    double path_bytes_per_s;
    /* The IOPS an instance that is not built on Nitro gets from this
       volume (io2 Block Express: 32000); 0 = no such rule. */
    double iops_max_non_nitro;
    /* Whose rules, as of when: "AWS 2025-04-30" (static text). */
    const char *rules;

    /* Fraction of the provisioned rates the volume delivers on average
       (fitted; see profiles.c for the measurement behind each figure). */
    double delivered_iops_frac;
    double delivered_tput_frac;

    struct prof_latency lat;
    double price_usd_month;
};

/* The instruction set an instance's processors run: EC2 names it in the
   family (providers/ebs.c, ec2_arch: a "g" among the letters after the
   generation digit is AWS Graviton, and a1), OCI's E4 and E5 Flex shapes
   are AMD x86-64 (providers/oci.c).  UNKNOWN: no instance ("none"). */
enum prof_arch {
    PROF_ARCH_UNKNOWN = 0,
    PROF_ARCH_X86_64,
    PROF_ARCH_ARM64,
};

struct inst_profile {
    char name[PROF_NAME_MAX];
    char provider[8];           /* "aws", "oci", "" for none */
    enum prof_platform platform;
    int ocpus;                  /* OCI shapes; 0 elsewhere */
    /* What a database sizing asks of the instance besides its I/O limits
       (advise's --arch, --min-vcpus, --min-memory and the licences);
       the model reads none of them.  vcpus: EC2 the price list's, an OCI
       shape 2 per OCPU on x86 (OCI: "an OCPU ... two vCPUs"); memory:
       EC2 the list's GiB, an OCI shape its default (16 GB per OCPU,
       prices.c).  0: not known (no instance, an EC2 type the list lacks). */
    enum prof_arch arch;
    int vcpus;
    double memory_gib;
    bool burst;                 /* max holds 30 min per 24 h, then baseline */
    double base_bytes_per_s;    /* decimal: MB/s * 1e6; 0 = unlimited */
    double max_bytes_per_s;
    double base_iops;           /* 0 = unlimited */
    double max_iops;
    double burst_seconds;       /* how long the bucket holds max from full */
    double delivered_tput_frac; /* fitted; see the provider's file */
    double delivered_iops_frac;
};

/* Parse and validate a volume spec.  Returns 0, or -EINVAL with a message
   naming the bad part and the valid range ("gp3 iops=20000 is above 500
   IOPS per GiB for size=30GiB (at most 15000)"). */
int prof_volume_parse(const char *spec, struct vol_profile *out,
                      char *why, size_t why_len);

/* Change iops / throughput of a resolved profile (interactive tuning),
   with the same validation.  <= 0 leaves a value as it is. */
int prof_volume_reprovision(struct vol_profile *v, double iops,
                            double tput_bytes_per_s, char *why, size_t why_len);

/* Look up an instance by name ("m5.large", "oci-e4flex-8", "none").
   Returns 0, or -ENOENT with a message that suggests close names. */
int prof_instance_find(const char *name, struct inst_profile *out,
                       char *why, size_t why_len);

/* The most data volumes instance in attaches (0: no limit, as for no
   instance): Nitro 26 = 28 attachments less the root volume and the
   network interface (AWS, "Amazon EBS volume limits for Amazon EC2
   instances"); Xen 39 (AWS: more than 40 volumes can keep a Linux
   instance from booting; less the root); OCI 32 block volumes per
   instance (OCI Block Volume service limits). */
int prof_instance_data_volumes_max(const struct inst_profile *in);

/* Whether volume v may attach to instance in: 0, or -EINVAL with the
   reason.  An EBS volume attaches only to an EC2 instance, an OCI block
   volume only to an OCI shape (local-nvme and no instance go anywhere):
   "an OCI shape with an AWS EBS volume; use ..."; OCI Ultra High
   Performance needs a shape of at least 16 OCPUs.  The one check of the
   pair, for the command line and for a dashboard retune alike. */
int prof_attach_check(const struct vol_profile *v, const struct inst_profile *in,
                      char *why, size_t why_len);

/* Whether `nodes` instances like `in` may share volume v (a modelled
   cluster, --nodes): 0 (one node always may), or -EINVAL with the
   provider's rule and its source in why, a line longer than
   PROF_WHY_CHARS (give it 300 bytes): EBS Multi-Attach takes io1 and io2
   on up to 16 Nitro instances, OCI up to 32 instances on a volume below
   Ultra High Performance; the other types attach to one instance. */
int prof_shared_check(const struct vol_profile *v, const struct inst_profile *in,
                      int nodes, char *why, size_t why_len);

/* The IOPS volume v delivers on instance in, before the delivered
   fraction: its provisioned base, or less where the instance's platform
   caps it (io2 Block Express off Nitro).  Same for the burst rate. */
double prof_attached_iops(const struct vol_profile *v, const struct inst_profile *in,
                          double provisioned);

/* Bytes an I/O of `ops` operations moving `bytes` costs on volume v's
   throughput limit and its credits: what it moves, but on HDD types
   (st1, sc1) every operation as a full unit (DOMAIN.md section 4: "HDD
   types charge every I/O a full 1 MiB unit; sequential I/Os merge into
   1 MiB units first"), so small random I/O spends throughput, and its
   credits, a MiB at a time.  The instance and the attachment path count
   bytes as they are. */
static inline double prof_tput_charge_bytes(const struct vol_profile *v, double ops,
                                            double bytes)
{
    return v->media == PROF_HDD ? ops * (double)v->io_unit_bytes : bytes;
}

/* "nitro", "xen" or "" (OCI shapes, none). */

/* The provider whose instances a volume attaches to: "aws" (EBS types),
   "oci" (OCI block volumes), or "" for a type any instance carries
   (local-nvme, and a profile of no known type).  An instance names its
   own in inst_profile.provider ("" for none). */
const char *prof_volume_provider(const struct vol_profile *v);

/* An instance's IOPS limit in words, for listings and headers: "86667
   IOPS", "3600 -> 18750 IOPS" (a burst instance), or "no IOPS limit" when
   it has none (the limit is 0). */
void prof_fmt_inst_iops(const struct inst_profile *in, char *buf, size_t len);

const char *prof_platform_name(enum prof_platform p);   /* "nitro", "xen", "any" */
/* "x86_64", "arm64", "unknown"; and back (case-insensitive; also
   "aarch64", "x86-64", "amd64"): 0 or -EINVAL. */
const char *prof_arch_name(enum prof_arch a);
int prof_arch_parse(const char *text, enum prof_arch *out);

/* The latency volume v shows on instance in: v->lat, or the type's own
   figures on in's platform where it has them (io2 Block Express is
   sub-ms only on Nitro). */
void prof_volume_latency(const struct vol_profile *v, const struct inst_profile *in,
                         struct prof_latency *out);

/* The rule book (profiles_rules.c, `asmsim profiles rules`): every limit
   the model enforces, in words, with where it comes from. */
enum prof_basis {
    PROF_BASIS_DOCUMENTED,      /* the provider's own document */
    PROF_BASIS_MEASURED,        /* a published measurement */
    PROF_BASIS_DERIVED,         /* follows from documented rules */
    PROF_BASIS_ESTIMATE,        /* nothing behind it: trust it less */
};

struct prof_rule {
    const char *types;          /* the type names it applies to, space-
                                   separated; "instances" for instances */
    const char *limit;          /* "IOPS", "burst bucket", "merging", ... */
    const char *rule;           /* the rule, with its figures */
    enum prof_basis basis;
    const char *source;         /* the document or measurement, dated */
};

int prof_rule_count(void);
const struct prof_rule *prof_rule_at(int i);             /* NULL past the end */
bool prof_rule_applies(const struct prof_rule *r, const char *type);
const char *prof_basis_name(enum prof_basis b);         /* "documented", ... */

/* The latency rows (each provider's, read by profiles_latency.c) one by
   one, for the rule book: the type and platform it is for, its
   parameters, and per direction (read, write) where they come from. */
struct prof_latency_row {
    const char *type;
    enum prof_platform platform;
    struct prof_latency lat;
    enum prof_basis basis[2];
    const char *source[2];
};

int prof_latency_row_count(void);
int prof_latency_row_at(int i, struct prof_latency_row *out);   /* 0 or -ENOENT */

/* Optimal-string-alignment distance (Levenshtein plus adjacent
   transpositions), case-insensitive, on at most 63 characters of each:
   how far a typed name is from a known one. */
int prof_edit_distance(const char *a, const char *b);

/* Iterate the known volume types and instances (for `asmsim profiles`). */
int prof_volume_type_count(void);
const char *prof_volume_type_name(int i);
const char *prof_volume_type_summary(int i);     /* one line: limits, price */
const char *prof_volume_type_rules(int i);       /* "AWS 2025-09", "OCI 2023-06" */
int prof_instance_count(void);
int prof_instance_at(int i, struct inst_profile *out);  /* 0 or -ERANGE */

/* Sizes and rates as users write them.  Sizes: "125GiB", "2TB", "8KiB",
   "1MiB", "512" (bytes), "4k" (KiB).  Rates: "1000MiB/s", "680MB/s",
   "125MiB" (per second implied), "1000B/s"; a bare number is MiB/s, the
   unit the providers state throughput in ("1000" = 1000 MiB/s).  Return 0
   or -EINVAL; prof_parse_size -ERANGE for a size written well that is
   more than 2^64 - 1 bytes ("99999999999TiB"). */
int prof_parse_size(const char *text, uint64_t *bytes_out);
int prof_parse_rate(const char *text, double *bytes_per_s_out);

/* "125 GiB", "1000 MiB/s": for messages and reports. */
void prof_format_size(uint64_t bytes, char *buf, size_t len);

#endif
