/*
 * cli_workload.c - a database workload on the command line: --workload
 * (a preset or a workload file: its I/O classes, workload_file.h) and
 * --group (its disk groups, cli_group.h), made into the run's classes,
 * groups and volumes.
 *
 * Resolving (cli_workload_resolve) checks what the two say together,
 * before anything runs:
 *   - --group needs --workload (ORION's two classes have one group);
 *   - every class's group is a --group's name (ASM's names, compared
 *     without case); a class that names none goes to the first group;
 *   - without --group the run's one disk group (--disks, --volume and
 *     the layout options) takes every class, and when the workload names
 *     groups a warning says they share it;
 *   - the open-loop flags (--rate-small, --rate-large) belong to ORION's
 *     classes: with a workload each class has its own loop, so they are
 *     refused; so is --interval, whose timeline has ORION's columns (a
 *     workload's per-interval figures are not written yet).
 * With groups, the run's disks are the groups' added up (--disks is not
 * used; a sweep's --volumes sizes the first group) and each group's
 * layout is the run's layout options with the group's own redundancy,
 * AU, striping and failure groups where it gives them.
 *
 * Building (cli_workload_to_cfg) copies the resolved classes into the
 * run: each class's sizes, pattern, write share and skew into the
 * workload, its name, group and loop into run.db (run.h), and each
 * group's volume into the setup (setup.h), which the model takes as its
 * volume groups on the one instance.  On real targets the open classes'
 * bound on I/Os in flight, when --max-outstanding does not give it, is
 * what their pinned buffers leave room for (real_open_bound).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "sim/cli/cli.h"
#include "sim/cli/cli_workload.h"
#include "sim/cli/cli_nodes.h"
#include "sim/aio/aio_plan.h"
#include "sim/aio/aio_pool.h"
#include "sim/core/io_budget.h"

/* The group class c goes to: an index in o->groups, or -1 (named, and
   no --group of that name). */
static int class_group(const struct cli_opts *o, const struct wl_class_spec *c)
{
    if (!c->group[0] || o->n_groups == 0)
        return 0;
    for (int g = 0; g < o->n_groups; g++)
        if (strcasecmp(o->groups[g].name, c->group) == 0)
            return g;
    return -1;
}

/* "DATA, REDO": the groups given, for a message. */
static void group_names(const struct cli_opts *o, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int g = 0; g < o->n_groups && n < len; g++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s", g ? ", " : "",
                              o->groups[g].name);
}

/* The groups the workload's classes name, each once: "DATA, REDO". */
static void named_groups(const struct wl_spec *w, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int c = 0; c < w->n_classes && n < len; c++) {
        const char *g = w->cls[c].group;
        bool seen = !g[0];
        for (int k = 0; k < c && !seen; k++)
            seen = strcasecmp(w->cls[k].group, g) == 0;
        if (!seen)
            n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? ", " : "", g);
    }
}

static int check_groups(struct cli_opts *o, char *why, size_t why_len)
{
    char names[256];
    /* first: a group given twice would also leave a class without one */
    for (int g = 1; g < o->n_groups; g++)
        for (int h = 0; h < g; h++)
            if (strcasecmp(o->groups[g].name, o->groups[h].name) == 0) {
                snprintf(why, why_len, "--group %s: given twice (as %s; names "
                         "are compared without case, as ASM's); each disk "
                         "group once", o->groups[g].name, o->groups[h].name);
                return -EINVAL;
            }
    for (int c = 0; c < o->workload.n_classes; c++) {
        const struct wl_class_spec *k = &o->workload.cls[c];
        if (class_group(o, k) >= 0)
            continue;
        group_names(o, names, sizeof names);
        snprintf(why, why_len, "--workload %s: class %s goes to group %s, "
                 "which no --group names (given: %s)", o->workload_name,
                 k->name, k->group, names);
        return -EINVAL;
    }
    return 0;
}

bool cli_opts_writes(const struct cli_opts *o)
{
    if (!o->workload_name)
        return o->write_pct > 0;
    for (int c = 0; c < o->workload.n_classes; c++)
        if (o->workload.cls[c].write_pct > 0)
            return true;
    return false;
}

int cli_workload_resolve(struct cli_opts *o, char *why, size_t why_len)
{
    if (!o->workload_name) {
        if (o->n_groups == 0)
            return 0;
        snprintf(why, why_len, "--group %s: disk groups are a database "
                 "workload's; give --workload (a preset or a file) whose "
                 "classes name them", o->groups[0].name);
        return -EINVAL;
    }
    if (sim_open_load_on(&o->open)) {
        snprintf(why, why_len, "--workload %s: --rate-small and --rate-large "
                 "are ORION's classes'; a workload's classes each have their "
                 "own loop (a \"rate\" in the workload file)",
                 o->workload_name);
        return -EINVAL;
    }
    if (o->interval_ns > 0) {
        snprintf(why, why_len, "--workload %s: --interval's timeline has "
                 "ORION's small and large columns; a database workload's "
                 "figures are per class for the whole point (drop "
                 "--interval)", o->workload_name);
        return -EINVAL;
    }
    int rc = check_groups(o, why, why_len);
    if (rc)
        return rc;
    char named[256];
    named_groups(&o->workload, named, sizeof named);
    if (o->n_groups == 0 && named[0])
        cli_opts_warn(o, "--workload %s: its groups (%s) all share the run's "
                      "one disk group; give each its own with --group "
                      "NAME:disks=N,volume=SPEC", o->workload_name, named);
    if (o->n_groups > 0) {
        int disks = 0;
        for (int g = 0; g < o->n_groups; g++)
            disks += o->groups[g].disks;
        if (disks > LAY_MAX_DISKS) {
            snprintf(why, why_len, "--group: %d disks in all; at most %d",
                     disks, LAY_MAX_DISKS);
            return -EINVAL;
        }
        o->disks = disks;
    }
    return 0;
}

/* Class c of the spec into the workload and the run's db part. */
static void class_to_cfg(const struct cli_opts *o, int c, struct sim_setup *s)
{
    const struct wl_class_spec *k = &o->workload.cls[c];
    struct sim_db_cfg *db = &s->run.db;
    s->run.workload.classes[c] = (struct wl_class_cfg){
        .sizes = k->sizes,
        .pattern = k->pattern,
        .write_pct = k->write_pct,
        .skew = k->skew,
        .hot_frac = k->hot_frac,
        .hot_share = k->hot_share,
        .zipf_theta = k->zipf_theta,
    };
    snprintf(db->class_name[c], sizeof db->class_name[c], "%s", k->name);
    db->class_group[c] = class_group(o, k);
    bool open = k->loop == WL_OPEN;
    bool seq = k->pattern == WL_SEQUENTIAL;
    db->load.load[c] = open ? 0 : seq ? k->streams : k->outstanding;
    db->load.stream_io[c] = seq ? k->stream_io : 1;
    db->load.rate_iops[c] = open ? k->rate_iops : 0;
    db->load.arrivals[c] = k->arrivals == WL_ARRIVALS_CONSTANT
                               ? SIM_ARRIVALS_CONSTANT : SIM_ARRIVALS_POISSON;
}

/* Group g: its disks (the first: `first_disks`, a sweep's count), its
   volume's size and the run's layout with what the group gives. */
static void group_to_cfg(const struct cli_opts *o, int g, int first_disks,
                         struct sim_setup *s)
{
    const struct sim_group_spec *gs = &o->groups[g];
    struct sim_db_group *out = &s->run.db.groups[g];
    snprintf(out->name, sizeof out->name, "%s", gs->name);
    out->disks = g == 0 && o->cmd == CLI_SWEEP ? first_disks : gs->disks;
    out->disk_bytes = gs->profile.size_bytes;
    out->layout = s->run.layout;
    out->layout.disk_failgroup = NULL;
    if (gs->given & CLI_GROUP_GIVEN_REDUNDANCY)
        out->layout.redundancy = gs->redundancy;
    if (gs->given & CLI_GROUP_GIVEN_AU)
        out->layout.au_bytes = gs->au_bytes;
    if (gs->given & CLI_GROUP_GIVEN_LAYOUT)
        out->layout.striping = gs->striping;
    if (gs->given & CLI_GROUP_GIVEN_FAILGROUPS)
        out->layout.failgroups = gs->failgroups;
    s->group_volume[g] = gs->profile;
}

int cli_workload_bill(struct cli_opts *o, char *why, size_t why_len)
{
    struct price_group groups[SIM_MAX_GROUPS];
    char inner[400];
    for (int g = 0; g < o->n_groups; g++)
        groups[g] = (struct price_group){ o->groups[g].name,
                                          &o->groups[g].profile,
                                          o->groups[g].disks };
    if (price_bill_groups(&o->instance, groups, o->n_groups, &o->price,
                          &o->group_bill, inner, sizeof inner) != 0) {
        snprintf(why, why_len, "--group: %s", inner);
        return -EINVAL;
    }
    o->bill = o->group_bill.bill;
    return 0;
}

/* A sweep's bill at a disk count of the first group (the groups'
   volumes were priced once, at resolve: this cannot fail). */
static void sweep_bill(const struct cli_opts *o, int disks, struct sim_setup *s)
{
    struct price_group groups[SIM_MAX_GROUPS];
    struct price_group_bill gb;
    char why[400];
    for (int g = 0; g < o->n_groups; g++)
        groups[g] = (struct price_group){ o->groups[g].name,
                                          &o->groups[g].profile,
                                          g == 0 ? disks : o->groups[g].disks };
    if (price_bill_groups(&o->instance, groups, o->n_groups, &o->price, &gb,
                          why, sizeof why) == 0)
        s->bill = gb.bill;
    cli_nodes_bill(&s->bill, o->nodes);
}

/* Class c's largest I/O, rounded up to the page its buffer takes. */
static uint64_t class_buffer_bytes(const struct wl_class_spec *k)
{
    uint32_t most = 0;
    for (int i = 0; i < k->sizes.n; i++)
        if (k->sizes.bytes[i] > most)
            most = k->sizes.bytes[i];
    return ((uint64_t)most + AIO_PAGE_BYTES - 1) / AIO_PAGE_BYTES * AIO_PAGE_BYTES;
}

/* The open-loop classes' bound on real targets when --max-outstanding is
   not given: I/Os in flight, the rated classes together, but any of them
   may hold all of it, so each class's pool pins the whole bound's buffers
   of its largest size in every aio worker (io_budget.h, run_parts.c).
   The model's default (4096) pinned GiBs there: oltp's three classes of
   up to 1 MiB, over 4 GiB, and the run failed.  On real targets the bound
   is at most REAL_OPEN_BOUND (Linux's NVMe driver keeps 1024 commands a
   queue by default, its io_queue_depth: more in flight only queues in
   the kernel), and no more than what leaves the buffers, beside the closed
   classes', within 7/8 of sim_buffer_limit_bytes() in the workers there
   may be (--threads, else one per NUMA node; the pools take a little
   more than the buffers); 1 at least. */
#define REAL_OPEN_BOUND 1024

static int real_open_bound(const struct cli_opts *o)
{
    uint64_t open_bytes = 0, closed_bytes = 0;
    for (int c = 0; c < o->workload.n_classes; c++) {
        const struct wl_class_spec *k = &o->workload.cls[c];
        uint64_t b = class_buffer_bytes(k);
        if (k->loop == WL_OPEN)
            open_bytes += b;
        else
            closed_bytes += b * (uint64_t)(k->pattern == WL_SEQUENTIAL
                                               ? k->streams * k->stream_io
                                               : k->outstanding);
    }
    int numa = aio_numa_nodes();
    uint64_t workers = (uint64_t)(o->threads > 0 ? o->threads : numa > 1 ? numa : 1);
    uint64_t room = sim_buffer_limit_bytes() / 8 * 7 / workers;
    uint64_t fit = open_bytes == 0 ? REAL_OPEN_BOUND
                 : room > closed_bytes ? (room - closed_bytes) / open_bytes : 0;
    if (fit > REAL_OPEN_BOUND)
        fit = REAL_OPEN_BOUND;
    return fit > 0 ? (int)fit : 1;
}

int cli_workload_max_outstanding(const struct cli_opts *o)
{
    if (!o->workload_name || o->engine != CLI_ENGINE_AIO ||
        cli_opts_given_value(o, "--", "max-outstanding"))
        return o->open.max_outstanding;
    return real_open_bound(o);
}

void cli_workload_to_cfg(const struct cli_opts *o, int disks,
                         struct sim_setup *s)
{
    if (!o->workload_name)
        return;
    struct sim_db_cfg *db = &s->run.db;
    s->run.workload.n_classes = o->workload.n_classes;
    db->load.n = o->workload.n_classes;
    db->load.max_outstanding = cli_workload_max_outstanding(o);
    for (int c = 0; c < o->workload.n_classes; c++)
        class_to_cfg(o, c, s);
    db->n_needs = o->n_need_texts;
    memcpy(db->needs, o->need_parsed, sizeof db->needs);
    db->n_groups = s->n_groups = o->n_groups;
    if (o->n_groups == 0)
        return;
    int total = 0;
    for (int g = 0; g < o->n_groups; g++) {
        group_to_cfg(o, g, disks, s);
        total += db->groups[g].disks;
    }
    s->run.disks = total;
    s->volume = s->group_volume[0];
    s->bill = o->group_bill.bill;
    if (o->cmd == CLI_SWEEP && o->group_bill.n_groups > 0)
        sweep_bill(o, disks, s);
    sim_setup_run(s);
}
