/*
 * profiles_internal.h - what the profiles_*.c modules share and nobody
 * else sees: byte units, the volume type (its rows are the providers'), the
 * request a spec or a reprovision makes, the per-provider rule sets, and
 * the number formatting the canonical specs and messages use.
 *
 * How the pieces fit:
 *
 *   profiles_spec.c     "TYPE[:key=value,...]"  -> struct vol_req
 *   profiles.c          vol_req + the type's fixed figures -> prof_resolve()
 *                         hands it to the type's resolver, in its provider's
 *                         file (sim/profiles/providers/, listed by provider.c):
 *   providers/ebs.c       gp2, gp3, gp3-2023, io1, io2, io2-2021, st1, sc1
 *   providers/oci.c       oci-lower, oci-balanced, oci-higher, oci-uhp
 *   providers/nvme.c      local-nvme
 *   profiles_latency.c  service times per type, direction and platform,
 *                         from the providers' rows
 *   profiles_rules.c    the rule book, from the providers' rows
 *   profiles_units.c    sizes, rates and counts, parsed and formatted
 *   profiles_instances.c  instances, from the providers' hooks and shapes
 *
 * A resolver fills only the provisioned figures (iops_*, tput_*, vpu,
 * price, spec) of the profile it is given and returns 0, or -EINVAL with
 * a message naming the bad value and the valid range; prof_resolve() has
 * already set the rest and checked size, and which keys the type takes.
 */
#ifndef ASMSIM_SIM_PROFILES_INTERNAL_H
#define ASMSIM_SIM_PROFILES_INTERNAL_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layouts/units.h"        /* KIB..TIB, KB..TB */
#include "layouts/why.h"
#include "sim/profiles/profiles.h"
#include "sim/profiles/provider.h"

#define MIB_PER_S ((double)MIB)    /* bytes/s in 1 MiB/s */

/* ---------------------------------------------------------------- types */

struct vol_req;

/* The fixed figures of a volume type; each provider's file of
   sim/profiles/providers/ holds its types' rows. */
struct vol_type {
    const char *name;
    const char *former_name;    /* still parses as this type; NULL: none */
    const char *summary;
    enum prof_media media;
    uint64_t size_min_bytes;
    uint64_t size_max_bytes;
    uint64_t size_default_bytes;
    uint64_t size_step_bytes;   /* sizes are whole multiples of it; 0 any */
    uint32_t io_unit_bytes;
    const struct prof_provider *provider;   /* whose type it is */
    const char *no_iops_why;    /* NULL: iops is settable */
    const char *no_tput_why;    /* NULL: throughput is settable */
    int oci_vpu;                /* OCI: the level's VPU (the default where
                                   it is settable); -1 elsewhere */
    int vpu_min, vpu_max, vpu_step;     /* settable VPU; vpu_step 0: fixed */
    const char *rules;          /* "AWS 2025-09": whose rules, of when */
    bool merges_contiguous;     /* see vol_profile; evidence in profiles.c */
    bool instance_store;        /* see vol_profile */
    double path_bytes_per_s;    /* one attachment path; 0 = no cap */
    double iops_max_non_nitro;  /* 0 = no platform rule */
    int min_ocpus;              /* attaches only to shapes of at least
                                   this many OCPUs; 0 = any */
    /* Shared attachments (a modelled cluster, --nodes): the most
       instances one volume of the type attaches to at once (0: one
       only), whether they must be built on Nitro, and the provider's rule
       in words with its source (prof_shared_check quotes it). */
    int shared_nodes_max;
    bool shared_nitro_only;
    const char *shared_rule;
    double delivered_iops_frac;
    double delivered_tput_frac;
    /* The provider's rules for this type: fill the provisioned figures
       (iops_*, tput_*, vpu, price, spec) of v, whose size and fixed
       figures prof_resolve() has set; 0 or -EINVAL with the reason. */
    int (*resolve)(const struct vol_type *ty, const struct vol_req *rq,
                   struct vol_profile *v, char *why, size_t why_len);
};

/* The providers (sim/profiles/providers/), listed by provider.c. */
extern const struct prof_provider prof_provider_ebs;
extern const struct prof_provider prof_provider_oci;
extern const struct prof_provider prof_provider_nvme;

/* The provider holding row *i of a list that runs through every
   provider's rows in table order, count(p) rows of each (its types, its
   latency rows, its rules); *i becomes the row's index among p's.  NULL
   past the end (or for *i < 0). */
const struct prof_provider *prof_provider_row(int *i, int (*count)(const struct prof_provider *p));
/* How many rows that list has: count(p) summed over the providers. */
int prof_provider_rows(int (*count)(const struct prof_provider *p));

/* For a provider's latency rows (struct prof_latency_row): where a row's
   figures come from, per direction.  PROF_LAT_WHY(read basis, read
   source, write basis, write source) fills the row's basis[] and
   source[]; PROF_LAT_FIT(c) and PROF_LAT_KEPT give a basis and a source
   each, spread by the extra expansion. */
#define PROF_LAT_FIT(c) PROF_BASIS_MEASURED, "fitted to " c
#define PROF_LAT_KEPT PROF_BASIS_ESTIMATE, "the model's earlier estimate; no measurement"
#define PROF_LAT_WHY(...) PROF_LAT_WHY_(__VA_ARGS__)
#define PROF_LAT_WHY_(rb, rs, wb, ws) { rb, wb }, { rs, ws }
#define PROF_LAT_ALL_KEPT PROF_LAT_WHY(PROF_LAT_KEPT, PROF_LAT_KEPT)

/* Every provider's types, in listing order: i in 0 .. prof_volume_type_count()
   - 1; NULL past the end. */
const struct vol_type *prof_type_at(int i);

/* The latency of the type named `type` on platform p (profiles_latency.c):
   its row for p, else its row for any platform; a type "NAME-DATE" with no
   row of its own (a rule set of an earlier date) takes NAME's.  0, or
   -ENOENT for a type with no latency. */
int prof_type_latency(const char *type, enum prof_platform p, struct prof_latency *out);

/* The type named by name[0..len), case-insensitive, or by a former name
   ("io2bx" is io2 since every io2 is Block Express); NULL if none. */
const struct vol_type *prof_find_type(const char *name, size_t len);

/* What a spec (or a reprovision) asks for; has_* false = type default. */
struct vol_req {
    bool has_size, has_iops, has_tput, has_vpu;
    uint64_t size_bytes;
    double iops;
    double tput_bytes_per_s;
    int vpu;
};

/* "gp3 size=100TiB: gp3 volumes are 1GiB to 64TiB" into why, the size as
   size_text says it; returns -EINVAL. */
int prof_size_out_of_range(const struct vol_type *ty, const char *size_text, char *why,
                           size_t why_len);

/* Apply type ty's rules to rq.  Writes *out only on success. */
int prof_resolve(const struct vol_type *ty, const struct vol_req *rq, struct vol_profile *out,
                 char *why, size_t why_len);

/* For the resolvers: v's size in GiB, and as the canonical spec writes it
   ("250GiB", "1024GB"), into buf. */
double prof_size_gib(const struct vol_profile *v, char *buf, size_t len);

/* ------------------------------------------------------------- numbers */

/* x > limit, forgiving floating-point noise in derived limits. */
static inline bool prof_above(double x, double limit)
{
    return x > limit + 1e-9 * fabs(limit) + 1e-9;
}

static inline bool prof_below(double x, double limit)
{
    return x < limit - 1e-9 * fabs(limit) - 1e-9;
}

/* "250GiB", "1024GB", "1500B": exact, no space, the largest unit that
   divides; parses back with prof_parse_size.  For canonical specs. */
void prof_fmt_compact(uint64_t bytes, char *buf, size_t len);

/* "125MiB/s", "680MB/s" (exact, parses back with prof_parse_rate), or
   "%.3fB/s" for a rate that is not a whole number of bytes. */
void prof_fmt_rate(double bytes_per_s, char *buf, size_t len);

/* MiB/s for messages: "750MiB/s", "750.25MiB/s". */
void prof_fmt_mibps(double bytes_per_s, char *buf, size_t len);

/* A whole number up to max: "3000".  0, or -EINVAL otherwise. */
int prof_parse_count(const char *text, uint64_t max, uint64_t *out);

/* ------------------------------------------------------------ messages
 *
 * Every reason stays within PROF_WHY_CHARS (profiles.h) whatever the
 * input, so what it shows of the input is bounded: text the user typed is
 * quoted with why_quote (layouts/why.h) into a PROF_QUOTE_BUF buffer, at
 * most 19 columns however much of it had to be escaped or cut, and
 * numbers go through the *_msg formatters, exact while short and rounded
 * when not.  The limits each reason's format is laid out against are
 * those widths; test_profiles.c feeds every reason its worst case.
 */

#define PROF_QUOTE_BUF 20

/* A count: "%.0f" up to 10 digits, else "%.3g" ("1e+15"); <= 11 chars. */
void prof_fmt_count_msg(double v, char *buf, size_t len);

/* A rate as prof_fmt_rate writes it while that is at most 11 characters,
   else "%.3gB/s" ("1.84e+31B/s"): <= 11 characters for a rate > 0. */
void prof_fmt_rate_msg(double bytes_per_s, char *buf, size_t len);

/* A size: its compact text (prof_fmt_compact) while that is at most 12
   characters, else GiB to three decimals, cut down ("255.999GiB"). */
void prof_fmt_size_msg(const char *compact, double gib, char *buf, size_t len);

/* "<head>; did you mean A, B or C?" in why: the first n (1..3) names, or
   as many of them as keep the reason within PROF_WHY_CHARS (at least one). */
void prof_why_suggest(char *why, size_t why_len, const char *head,
                      const char *const *names, int n);

#endif
