/*
 * prices.c - monthly bills from the compiled price lists (prices.h says
 * how a bill is made; prices_table.h what the lists hold).
 *
 * The pieces: a volume's price (EBS: the rows of its type, each applied to
 * the quantity in its range; OCI: storage + VPU parts), an instance's
 * (EC2 row x 730 h; OCI flex shape's OCPU and memory parts x 744 h), and
 * price_bill() putting them on one bill with the list's date.
 *
 * OCI flex shapes (what the price of their memory depends on):
 *   memory 1 GB per OCPU at least, 64 GB per OCPU at most (OCI compute
 *   shapes page, "Flexible Shapes"; OCI compute pricing page: "1GB/OCPU up
 *   to 64 GB/OCPU"), E4.Flex at most 1,024 GB in all (same page); our
 *   sources give no total cap for E5.Flex.
 *   Default 16 GB per OCPU: what OCI gives a flex shape launched without
 *   memoryInGBs (ListShapes memoryOptions.defaultPerOcpuInGBs; E4.Flex
 *   launched at 2 OCPUs gets 32 GB, oracle/oci-cli issue 986; the API's
 *   LaunchInstanceShapeConfigDetails: "default ratio ... 1 OCPU to 16 GB").
 *   The parts are Oracle's part numbers in oci_prices.csv.
 */
#include "sim/profiles/prices.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "layouts/why.h"
#include "sim/profiles/prices_internal.h"
#include "sim/profiles/provider.h"

#define GIB_BYTES 1073741824.0
#define MIB_BYTES_PER_S 1048576.0

#define OCI_MEM_MIN_GB_PER_OCPU 1.0     /* see the top of this file */
#define OCI_MEM_MAX_GB_PER_OCPU 64.0
#define OCI_MEM_DEFAULT_GB_PER_OCPU 16.0
#define OCI_PART_STORAGE "B91961"       /* Block Volume storage, GB-month */
#define OCI_PART_VPU "B91962"           /* Block Volume VPU per GB-month */

/* ------------------------------------------------------------ helpers */

/* Half-up to the cent, as a bill rounds: through whole micro-dollars
   first, so a product like 0.0255 x 730 (18.614999... in binary) is the
   18.615 it stands for, and bills $18.62. */
const char *price_unit_text(double list_usd, char *buf, size_t len)
{
    double cents = price_to_cents(list_usd);
    if (fabs(list_usd - cents) < 5e-7) {
        snprintf(buf, len, "$%.2f", cents);
        return buf;
    }
    snprintf(buf, len, "$%.6f", list_usd);
    size_t n = strlen(buf);
    while (n > 0 && buf[n - 1] == '0')
        buf[--n] = '\0';
    return buf;
}

double price_to_cents(double usd)
{
    long long micro = llround(usd * 1e6);
    long long cents = micro >= 0 ? (micro + 5000) / 10000 : -((-micro + 5000) / 10000);
    return (double)cents / 100;
}


/* Append printf text to buf (a running basis), never past its end. */
__attribute__((format(printf, 3, 4)))
static void append(char *buf, size_t len, const char *fmt, ...)
{
    if (!buf || len == 0)
        return;
    size_t used = strnlen(buf, len);
    if (used + 1 >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}

/* A quantity for a basis: whole numbers exactly, others to 2 decimals. */
static void fmt_qty(double q, char *buf, size_t len)
{
    if (fabs(q - round(q)) < 1e-9)
        snprintf(buf, len, "%.0f", q);
    else
        snprintf(buf, len, "%.2f", q);
}

static const struct price_ec2_row *ec2_row(const char *name)
{
    for (int i = 0; i < price_ec2_row_count; i++)
        if (strcmp(price_ec2_rows[i].name, name) == 0)
            return &price_ec2_rows[i];
    return NULL;
}

bool price_ec2_size(const char *name, int *vcpus, double *memory_gib)
{
    const struct price_ec2_row *r = ec2_row(name);
    *vcpus = r ? (int)r->vcpus : 0;
    *memory_gib = r ? r->memory_gib : 0;
    return r != NULL;
}

static const char *unpriced_reason(const char *name)
{
    for (int i = 0; i < price_unpriced_row_count; i++)
        if (strcmp(price_unpriced_rows[i].name, name) == 0)
            return price_unpriced_rows[i].reason;
    return NULL;
}

/* A part's price; NAN if the list lacks it (test_prices.c checks every
   part this file names is there). */
static double oci_usd(const char *part)
{
    for (int i = 0; i < price_oci_row_count; i++)
        if (strcmp(price_oci_rows[i].part, part) == 0)
            return price_oci_rows[i].usd;
    return NAN;
}

/* The flexible shape (its provider's, provider.h) instance in is of;
   NULL for any other instance. */
static const struct prof_shape *shape_of(const struct inst_profile *in)
{
    const struct prof_provider *p = prof_provider_of_instance(in);
    for (int i = 0; p && i < p->n_shapes; i++)
        if (strncmp(in->name, p->shapes[i].prefix, strlen(p->shapes[i].prefix)) == 0)
            return &p->shapes[i];
    return NULL;
}

/* --------------------------------------------------------------- volumes */

/* The EBS list's name for a type: a dated rule set ("gp3-2023",
   "io2-2021") is priced as its type. */
static void ebs_list_type(const char *type, char *buf, size_t len)
{
    snprintf(buf, len, "%.*s", (int)strcspn(type, "-"), type);
}

static const char *ebs_label(enum price_component c)
{
    return c == PRICE_STORAGE ? "GiB" : c == PRICE_IOPS ? "IOPS" : "MiB/s";
}

static double ebs_quantity(const struct vol_profile *v, enum price_component c)
{
    switch (c) {
    case PRICE_STORAGE:    return (double)v->size_bytes / GIB_BYTES;
    case PRICE_IOPS:       return v->iops_base;
    case PRICE_THROUGHPUT: return v->tput_base_bytes_per_s / MIB_BYTES_PER_S;
    default:               return 0;    /* per request: not a monthly figure */
    }
}

double price_ebs_volume_month(const struct vol_profile *v, char *basis, size_t len)
{
    char type[PROF_NAME_MAX], q[32];
    double usd = 0;
    bool first = true;

    ebs_list_type(v->type, type, sizeof type);
    for (int i = 0; i < price_ebs_row_count; i++) {
        const struct price_ebs_row *r = &price_ebs_rows[i];
        if (strcmp(r->type, type) != 0)
            continue;
        double billable = fmin(fmax(ebs_quantity(v, r->component) - r->from, 0), r->upto - r->from);
        if (billable <= 0)
            continue;
        usd += billable * r->usd;
        fmt_qty(billable, q, sizeof q);
        append(basis, len, "%s%s %s", first ? "" : " + ", q, ebs_label(r->component));
        first = false;
        if (r->from > 0)
            append(basis, len, " above %.0f", r->from);
        append(basis, len, " x $%g", r->usd);
    }
    if (usd == 0)
        append(basis, len, "%s: not in the EBS price list", v->type);
    return usd;
}

double price_oci_volume_month(const struct vol_profile *v, char *basis, size_t len)
{
    double gb = (double)v->size_bytes / 1e9;
    double storage = oci_usd(OCI_PART_STORAGE), vpu = oci_usd(OCI_PART_VPU);
    char q[32];

    fmt_qty(gb, q, sizeof q);
    append(basis, len, "%s GB x $%g", q, storage);
    if (v->vpu > 0)
        append(basis, len, " + %d VPU x %s GB x $%g", v->vpu, q, vpu);
    return gb * storage + (v->vpu > 0 ? v->vpu * gb * vpu : 0);
}

double price_volume_month(const struct vol_profile *v, char *basis, size_t basis_len)
{
    if (basis && basis_len > 0)
        basis[0] = '\0';
    const struct prof_provider *p = prof_provider_of_volume(v);
    if (p && p->volume_month)
        return p->volume_month(v, basis, basis_len);
    append(basis, basis_len, "%s: comes with the instance", v->type);
    return 0;
}

/* ------------------------------------------------------------- instances */

double price_default_memory_gb(const struct inst_profile *in)
{
    if (!in || !shape_of(in))
        return 0;
    return OCI_MEM_DEFAULT_GB_PER_OCPU * in->ocpus;
}

static int oci_memory(const struct inst_profile *in, const struct prof_shape *s,
                      double asked, double *gb, char *why, size_t why_len)
{
    double lo = OCI_MEM_MIN_GB_PER_OCPU * in->ocpus;
    double hi = OCI_MEM_MAX_GB_PER_OCPU * in->ocpus;
    if (s->memory_max_gb > 0)
        hi = fmin(hi, s->memory_max_gb);
    *gb = asked > 0 ? asked : price_default_memory_gb(in);
    if (*gb < lo - 1e-9 || *gb > hi + 1e-9)
        return why_set(why, why_len, "memory %gGB: %s with %d OCPUs takes %g to %g GB",
                       *gb, s->label, in->ocpus, lo, hi);
    return 0;
}

int price_oci_instance_month(const struct inst_profile *in, const struct price_opts *o,
                             struct price_bill *b, char *why, size_t why_len)
{
    const struct prof_shape *s = shape_of(in);
    if (!s) {
        snprintf(b->instance_basis, sizeof b->instance_basis, "%s: not in the OCI price list",
                 in->name);
        return 0;
    }
    if (o->os == PRICE_OS_RHEL)
        return why_set(why, why_len, "os rhel: the OCI list prices %s with Oracle Linux only",
                       s->label);
    int rc = oci_memory(in, s, o->memory_gb, &b->memory_gb, why, why_len);
    if (rc)
        return rc;
    b->memory_default = !(o->memory_gb > 0);
    double ocpu = oci_usd(s->ocpu_part), mem = oci_usd(s->memory_part);
    double hourly = in->ocpus * ocpu + b->memory_gb * mem;
    char q[32];
    fmt_qty(b->memory_gb, q, sizeof q);
    b->instance_priced = true;
    b->instance_usd_month = price_to_cents(hourly * b->hours_per_month);
    snprintf(b->instance_basis, sizeof b->instance_basis,
             "%s %d OCPU x $%g + %s GB%s x $%g = $%g/h x %.0f h", s->label, in->ocpus, ocpu, q,
             b->memory_default ? " (OCI default)" : "", mem, hourly, b->hours_per_month);
    return 0;
}

int price_ec2_instance_month(const struct inst_profile *in, const struct price_opts *o,
                             struct price_bill *b, char *why, size_t why_len)
{
    const struct price_ec2_row *r = ec2_row(in->name);
    if (o->memory_gb > 0)
        return why_set(why, why_len, "memory %gGB: only OCI flex shapes take it; %s has %g GiB",
                       o->memory_gb, in->name, r ? r->memory_gib : 0);
    if (!r) {
        const char *reason = unpriced_reason(in->name);
        snprintf(b->instance_basis, sizeof b->instance_basis, "%s: no %s price%s%s", in->name,
                 price_aws_region, reason ? ": " : " in the list", reason ? reason : "");
        return 0;
    }
    double hourly = o->os == PRICE_OS_RHEL ? r->rhel_usd_hour : r->linux_usd_hour;
    b->instance_priced = true;
    b->memory_gb = r->memory_gib;
    b->instance_usd_month = price_to_cents(hourly * b->hours_per_month);
    snprintf(b->instance_basis, sizeof b->instance_basis, "%s %s $%g/h x %.0f h", in->name,
             o->os == PRICE_OS_RHEL ? "RHEL" : "Linux", hourly, b->hours_per_month);
    return 0;
}

/* ------------------------------------------------------------------ bill */

int price_region_check(const char *region, char *why, size_t why_len)
{
    if (!region || strcasecmp(region, price_aws_region) == 0)
        return 0;
    return why_set(why, why_len, "prices are known for %s only", price_aws_region);
}

int price_os_parse(const char *text, enum price_os *out)
{
    if (strcasecmp(text, "linux") == 0)
        *out = PRICE_OS_LINUX;
    else if (strcasecmp(text, "rhel") == 0)
        *out = PRICE_OS_RHEL;
    else
        return -EINVAL;
    return 0;
}

const char *price_os_name(enum price_os os)
{
    return os == PRICE_OS_RHEL ? "rhel" : "linux";
}

static bool no_instance(const struct inst_profile *in)
{
    return !in || in->provider[0] == '\0';
}

/* The provider whose list prices this pair: the instance's, else the
   volume's; the first of the table (AWS) when neither has one (no
   instance, and local NVMe, whose provider has no name). */
static const struct prof_provider *bill_provider(const struct inst_profile *in,
                                                 const struct vol_profile *v,
                                                 char *why, size_t why_len, int *rc)
{
    const struct prof_provider *vp = prof_provider_of_volume(v);
    const struct prof_provider *ip = no_instance(in) ? NULL : prof_provider_of_instance(in);
    if (vp && !vp->name[0])
        vp = NULL;
    *rc = 0;
    if (ip && vp && ip != vp)
        *rc = why_set(why, why_len, "%s is an %s instance, %s an %s volume", in->name,
                      ip->display, v->type, vp->display);
    return ip ? ip : vp ? vp : prof_provider_at(0);
}

int price_bill(const struct inst_profile *in, const struct vol_profile *v, int disks,
               const struct price_opts *o, struct price_bill *out, char *why, size_t why_len)
{
    static const struct price_opts defaults = { PRICE_OS_LINUX, 0, NULL };
    struct price_bill b;
    int rc;

    if (!o)
        o = &defaults;
    if (disks < 1)
        return why_set(why, why_len, "disks %d: a bill needs at least one volume", disks);
    if (price_region_check(o->region, NULL, 0) != 0) {
        char q[24], reason[64];
        price_region_check(o->region, reason, sizeof reason);
        return why_set(why, why_len, "region %s: %s",
                       why_quote(o->region, strlen(o->region), q, sizeof q), reason);
    }
    const struct prof_provider *provider = bill_provider(in, v, why, why_len, &rc);
    if (rc)
        return rc;

    memset(&b, 0, sizeof b);
    b.disks = disks;
    b.os = o->os;
    b.hours_per_month = provider->hours_per_month;
    b.prices_date = provider->prices_date;
    b.prices_list = provider->prices_list;
    if (no_instance(in)) {
        if (o->memory_gb > 0)
            return why_set(why, why_len, "memory %gGB: only OCI flex shapes take it; there is "
                           "no instance", o->memory_gb);
        snprintf(b.instance_basis, sizeof b.instance_basis, "no instance");
    } else {
        b.has_instance = true;
        rc = provider->instance_month(in, o, &b, why, why_len);
        if (rc)
            return rc;
    }
    b.volume_list_usd_month = price_volume_month(v, b.volume_basis, sizeof b.volume_basis);
    b.volume_usd_month = price_to_cents(b.volume_list_usd_month);
    *out = price_bill_at(&b, disks);
    return 0;
}

/* Group g's line from its own bill b (price_bill of its volumes alone). */
static void group_line(const struct price_group *g, const struct price_bill *b,
                       struct price_group_line *line)
{
    memset(line, 0, sizeof *line);
    snprintf(line->name, sizeof line->name, "%s", g->name ? g->name : "");
    snprintf(line->type, sizeof line->type, "%s", g->volume->type);
    snprintf(line->spec, sizeof line->spec, "%s", g->volume->spec);
    line->disks = b->disks;
    line->volume_usd_month = b->volume_usd_month;
    line->volume_list_usd_month = b->volume_list_usd_month;
    line->volumes_usd_month = b->volumes_usd_month;
    snprintf(line->volume_basis, sizeof line->volume_basis, "%s", b->volume_basis);
}

/* The whole of several groups' lines: bill (group 0's own) becomes the
   instance plus every line. */
static void groups_total(struct price_group_bill *out)
{
    struct price_bill *b = &out->bill;
    size_t used = 0;
    b->disks = 0;
    b->volumes_usd_month = 0;
    b->volume_usd_month = b->volume_list_usd_month = 0;
    for (int i = 0; i < out->n_groups; i++) {
        const struct price_group_line *l = &out->group[i];
        b->disks += l->disks;
        b->volumes_usd_month += l->volumes_usd_month;
        int w = snprintf(b->volume_basis + used, sizeof b->volume_basis - used, "%s%s %d x %s",
                         i ? ", " : "", l->name, l->disks, l->type);
        used += w > 0 ? (size_t)w : 0;
        if (used >= sizeof b->volume_basis)
            used = sizeof b->volume_basis - 1;
    }
    b->volumes_usd_month = price_to_cents(b->volumes_usd_month);
    b->total_usd_month = b->instance_usd_month + b->volumes_usd_month;
}

int price_bill_groups(const struct inst_profile *in, const struct price_group *groups, int n,
                      const struct price_opts *o, struct price_group_bill *out, char *why,
                      size_t why_len)
{
    struct price_group_bill r;
    if (n < 1 || n > PRICE_MAX_GROUPS)
        return why_set(why, why_len, "%d volume groups: a bill takes 1 to %d", n,
                       PRICE_MAX_GROUPS);
    memset(&r, 0, sizeof r);
    r.n_groups = n;
    for (int i = 0; i < n; i++) {
        struct price_bill b;
        char inner[PROF_WHY_CHARS + 64], q[40];
        const char *name = groups[i].name ? groups[i].name : "";
        if (price_bill(in, groups[i].volume, groups[i].disks, o, &b, inner, sizeof inner) != 0)
            return why_set(why, why_len, "group %s: %s",
                           why_quote(name, strlen(name), q, sizeof q), inner);
        if (i == 0)
            r.bill = b;
        else if (b.prices_list != r.bill.prices_list)
            return why_set(why, why_len, "group %s: %s is priced on the %s, the first "
                           "group's %s on the %s; one instance takes one provider's volumes",
                           why_quote(name, strlen(name), q, sizeof q), groups[i].volume->type,
                           b.prices_list, groups[0].volume->type, r.bill.prices_list);
        group_line(&groups[i], &b, &r.group[i]);
    }
    if (n > 1)
        groups_total(&r);
    *out = r;
    return 0;
}
