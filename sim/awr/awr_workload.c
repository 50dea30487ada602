/*
 * awr_workload.c - the classes of awr_workload.h: a derived report into a
 * struct wl_spec, checked by wl_spec_check as a workload file's would be.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sim/awr/awr_workload.h"

static const struct {
    const char *group;
    enum wl_pattern pattern;
} shape[AWR_CL_N] = {
    [AWR_CL_SINGLE_READS] = { "DATA", WL_RANDOM },
    [AWR_CL_MULTI_READS] = { "DATA", WL_RANDOM },
    [AWR_CL_DBWR] = { "DATA", WL_RANDOM },
    [AWR_CL_DIRECT_WRITES] = { "DATA", WL_SEQUENTIAL },
    [AWR_CL_REDO] = { "REDO", WL_SEQUENTIAL },
    [AWR_CL_OTHER] = { "RECO", WL_SEQUENTIAL },
};

const char *awr_class_group(enum awr_class c)
{
    return (unsigned)c < AWR_CL_N ? shape[c].group : "DATA";
}

uint32_t awr_io_size(double bytes)
{
    double n = round(bytes / WL_IO_ALIGN_BYTES) * WL_IO_ALIGN_BYTES;

    if (n < WL_IO_ALIGN_BYTES)
        n = WL_IO_ALIGN_BYTES;
    if (n > WL_IO_MAX_BYTES)
        n = WL_IO_MAX_BYTES;
    return (uint32_t)n;
}

static void workload_name(const struct awr_report *r, char *out, size_t len)
{
    snprintf(out, len, "awr-%s-%.0f-%.0f", r->db_name[0] ? r->db_name : "db",
             r->begin_snap.v, r->end_snap.v);
    for (char *c = out; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '_' && *c != '.' && *c != '-')
            *c = '-';
}

static void add_class(struct wl_spec *s, enum awr_class c, const struct awr_class_io *k)
{
    struct wl_class_spec *w = &s->cls[s->n_classes++];

    wl_class_spec_defaults(w);
    snprintf(w->name, sizeof w->name, "%s", k->name);
    snprintf(w->group, sizeof w->group, "%s", shape[c].group);
    w->sizes.n = 1;
    w->sizes.bytes[0] = awr_io_size(k->avg_bytes);
    w->sizes.weight[0] = 1;
    w->pattern = shape[c].pattern;
    w->write_pct = k->write ? 100 : 0;
    w->loop = WL_OPEN;
    w->rate_iops = k->iops;
    w->arrivals = WL_ARRIVALS_POISSON;
}

int awr_workload(const struct awr_report *r, const struct awr_derived *d,
                 struct wl_spec *out, char *why, size_t why_len)
{
    struct wl_spec s;

    memset(&s, 0, sizeof s);
    workload_name(r, s.name, sizeof s.name);
    snprintf(s.description, sizeof s.description, "%s report of %s instance %s, "
             "snaps %.0f-%.0f (%s to %s, %.0f s)", awr_kind_name(r->kind),
             r->db_name, r->instance, r->begin_snap.v, r->end_snap.v,
             r->begin_time, r->end_time, d->elapsed_s);
    for (int c = 0; c < AWR_CL_N; c++)
        if (d->cls[c].iops > 0)
            add_class(&s, (enum awr_class)c, &d->cls[c]);
    if (!s.n_classes) {
        snprintf(why, why_len, "the report shows no I/O: every class's rate is 0");
        return -EINVAL;
    }
    if (wl_spec_check(&s, why, why_len) < 0)
        return -EINVAL;
    *out = s;
    return 0;
}
