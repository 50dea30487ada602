/*
 * cli_advise_awr.c - advise's targets from an AWR or Statspack report:
 * `asmsim advise --awr FILE [--peak FACTOR] [--keep-latency]`.
 *
 * The report is read and derived as `asmsim awr` reads it
 * (awr_report_load, awr_derive), and its classes are mapped onto advise's
 * small and large I/O by awr_targets_of (sim/awr/awr_targets.h: classes
 * of at most 128 KiB are small I/O, their request rates summed, their
 * sizes weighted by requests; larger ones large I/O, their MB/s summed,
 * weighted by bytes; the write share is by requests).  The targets are
 * then advise's own (struct adv_targets), so the search, and the `asmsim
 * run` each configuration prints, are those of the same figures given by
 * hand.
 *
 * The report sets the rates, the sizes and the write share, so --awr
 * takes none of --need-iops, --need-mbps, --write, --size-small,
 * --size-large or --schedule; --peak and --keep-latency need --awr;
 * --keep-latency sets --need-latency, so not both.  A report asmsim
 * refuses is refused here in its words (FILE:LINE: SECTION: what), exit 2.
 *
 * What the output says (terminal, JSON targets.awr, the HTML page from
 * it): the report (file, database, instance, interval), the factor (1:
 * the interval's averages, which understate one-minute peaks), each
 * target with the classes it sums, and with --keep-latency the latency
 * kept and LGWR's write latency beside it, not a target; a RAC
 * instance's report, that its targets are that instance's I/O alone.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sim/awr/awr_derive.h"
#include "sim/awr/awr_report.h"
#include "sim/awr/awr_targets.h"
#include "sim/cli/cli.h"
#include "sim/cli/cli_advise.h"
#include "sim/cli/cli_advise_awr.h"

#define WHY_LEN 1024

const char *cli_advise_awr_conflict(const struct cli_advise_opts *a, char *buf,
                                    size_t len)
{
    const struct cli_advise_awr *w = &a->awr;
    const struct adv_targets *t = &a->cfg.targets;
    const char *set = t->need_iops > 0 ? "--need-iops" : t->need_mbps > 0 ? "--need-mbps"
                    : a->write_given ? "--write" : a->size_small_given ? "--size-small"
                    : a->size_large_given ? "--size-large" : t->schedule ? "--schedule"
                    : NULL;

    if (!w->file && (w->keep_latency || w->peak_given)) {
        snprintf(buf, len, "%s works on the report's figures: give --awr FILE",
                 w->keep_latency ? "--keep-latency" : "--peak");
        return buf;
    }
    if (w->file && set) {
        snprintf(buf, len, "--awr and %s exclude each other: the report sets the rates, "
                 "the sizes and the write share (--peak FACTOR scales its rates)", set);
        return buf;
    }
    if (w->keep_latency && t->need_lat_us > 0) {
        snprintf(buf, len, "--keep-latency and --need-latency exclude each other: "
                 "--keep-latency sets it from the report");
        return buf;
    }
    return NULL;
}

/* The report read and derived into w; 0 or -errno with why. */
static int read_report(struct cli_advise_awr *w, char *why, size_t len)
{
    char inner[WHY_LEN];
    int rc;

    w->report = awr_report_new();
    w->derived = calloc(1, sizeof *w->derived);
    if (!w->report || !w->derived) {
        snprintf(why, len, "out of memory");
        return -ENOMEM;
    }
    if ((rc = awr_report_load(w->file, w->report, why, len)) != 0)
        return rc;
    if ((rc = awr_derive(w->report, w->derived, inner, sizeof inner)) != 0)
        snprintf(why, len, "%s:%s", w->file, inner);
    return rc;
}

int cli_advise_awr_apply(struct cli_advise_opts *a)
{
    struct cli_advise_awr *w = &a->awr;
    struct adv_targets *t = &a->cfg.targets;
    char why[WHY_LEN], inner[WHY_LEN];
    int rc;

    if (!w->file)
        return 0;
    if ((rc = read_report(w, why, sizeof why)) == 0 && w->keep_latency &&
        (rc = awr_targets_latency(w->report, &t->need_lat_us, inner, sizeof inner)) != 0)
        snprintf(why, sizeof why, "%s:%s", w->file, inner);
    if (rc != 0) {
        fprintf(stderr, "asmsim: advise: %s\n", why);
        return rc == -ENOMEM ? 1 : 2;     /* an unreadable report is bad input */
    }
    awr_targets_of(w->report, w->derived, w->peak, &w->targets);
    t->lat_p99 = false;
    t->need_iops = w->targets.need_iops;
    t->need_mbps = w->targets.need_mbps;
    t->write_pct = w->targets.write_pct;
    if (w->targets.small_bytes)
        t->small_bytes = w->targets.small_bytes;
    if (w->targets.large_bytes)
        t->large_bytes = w->targets.large_bytes;
    return 0;
}

void cli_advise_awr_free(struct cli_advise_awr *w)
{
    free(w->report);
    free(w->derived);
    w->report = NULL;
    w->derived = NULL;
}

/* ---- the terminal --------------------------------------------------------- */

/* "single-reads 2300.0 + dbwr 600.0 + ...": the classes of mask, each
   its rate (small: requests/s) or its MB/s (large: 10^6 B/s). */
static void print_sum(FILE *f, const struct cli_advise_awr *w, unsigned mask, bool mbps)
{
    const char *sep = w->peak != 1 ? "(" : "";

    if (w->peak != 1)
        fprintf(f, "%g x ", w->peak);
    for (int c = 0; c < AWR_CL_N; c++) {
        const struct awr_class_io *k = &w->derived->cls[c];
        if (!(mask & (1u << c)))
            continue;
        fprintf(f, "%s%s %.*f", sep, k->name, mbps ? 2 : 1,
                mbps ? k->mibps * AWR_MB_PER_MIB : k->iops);
        sep = " + ";
    }
    if (w->peak != 1)
        fputc(')', f);
}

static void print_event(FILE *f, const struct awr_wait *w, const char *name)
{
    fprintf(f, "%s %s (%s, line %d)", name, w->avg_text, awr_section_name(w->from), w->line);
}

void cli_advise_awr_print(FILE *f, const struct cli_advise_awr *w)
{
    const struct awr_report *r = w->report;
    const struct awr_targets *t = &w->targets;

    if (!w->file || !r)
        return;
    fprintf(f, "  from      %s report %s: database %s, instance %s, snapshots %.0f-%.0f, "
            "%s to %s (%.0f s)\n", awr_kind_name(r->kind), w->file, r->db_name, r->instance,
            r->begin_snap.v, r->end_snap.v, r->begin_time, r->end_time, w->derived->elapsed_s);
    if (t->small_classes) {
        fprintf(f, "  small     %.0f IOPS = ", t->need_iops);
        print_sum(f, w, t->small_classes, false);
        fprintf(f, " (classes of at most 128 KiB); %u B, their mean by requests\n",
                t->small_bytes);
    }
    if (t->large_classes) {
        fprintf(f, "  large     %.2f MB/s = ", t->need_mbps);
        print_sum(f, w, t->large_classes, true);
        fprintf(f, " (larger classes; MB is 10^6 B); %u B, their mean by bytes\n",
                t->large_bytes);
    }
    fprintf(f, "  writes    %d %% = %.2f %% of all classes' requests\n", t->write_pct,
            t->write_pct_reqs);
    if (w->peak_given)
        fprintf(f, "  peak      x %g (--peak): every rate of the report times %g\n", w->peak,
                w->peak);
    else
        fputs("  peak      none: the targets are the interval's averages, and AWR averages "
              "understate one-minute peaks (often several times over); --peak FACTOR "
              "scales them\n", f);
    if (r->rac.line && r->rac.v)
        fputs("  note      one instance of a RAC database: these are its own I/O, and the "
              "disk groups carry every instance's (several reports do not add up yet; "
              "--peak can scale by the instances)\n", f);
    if (!w->keep_latency)
        return;
    fputs("  latency   kept: ", f);
    print_event(f, &t->seq_read, "db file sequential read");
    if (t->log_write.line) {
        fputs("; beside it, not a target (advise takes one): ", f);
        print_event(f, &t->log_write, "log file parallel write");
    }
    fputc('\n', f);
}

/* ---- JSON: targets.awr ------------------------------------------------------ */

/* Adds item under key of o; false (and item freed) when either is NULL. */
static bool add(cJSON *o, const char *key, cJSON *item)
{
    if (o && item && cJSON_AddItemToObject(o, key, item))
        return true;
    cJSON_Delete(item);
    return false;
}

static cJSON *event_json(const struct awr_wait *w, const char *name, bool present)
{
    cJSON *o;
    bool ok;

    if (!present || !w->line)
        return cJSON_CreateNull();
    o = cJSON_CreateObject();
    ok = add(o, "event", cJSON_CreateString(name)) &&
         add(o, "as_printed", cJSON_CreateString(w->avg_text)) &&
         add(o, "avg_us", cJSON_CreateNumber(w->avg_us)) &&
         add(o, "section", cJSON_CreateString(awr_section_name(w->from))) &&
         add(o, "line", cJSON_CreateNumber(w->line));
    if (ok)
        return o;
    cJSON_Delete(o);
    return NULL;
}

/* classes[] (the report's figures, before the factor), small_classes[]
   and large_classes[] (their names) into o; false out of memory. */
static bool classes_json(cJSON *o, const struct cli_advise_awr *w)
{
    cJSON *all = cJSON_CreateArray(), *small = cJSON_CreateArray();
    cJSON *large = cJSON_CreateArray();
    bool ok = add(o, "classes", all) & add(o, "small_classes", small) &
              add(o, "large_classes", large);

    for (int c = 0; ok && c < AWR_CL_N; c++) {
        const struct awr_class_io *k = &w->derived->cls[c];
        bool is_small = w->targets.small_classes & (1u << c);
        if (!is_small && !(w->targets.large_classes & (1u << c)))
            continue;
        cJSON *x = cJSON_CreateObject();
        ok = cJSON_AddItemToArray(all, x) &&
             cJSON_AddItemToArray(is_small ? small : large, cJSON_CreateString(k->name)) &&
             add(x, "name", cJSON_CreateString(k->name)) &&
             add(x, "io", cJSON_CreateString(is_small ? "small" : "large")) &&
             add(x, "direction", cJSON_CreateString(k->write ? "write" : "read")) &&
             add(x, "iops", cJSON_CreateNumber(k->iops)) &&
             add(x, "mbps", cJSON_CreateNumber(k->mibps * AWR_MB_PER_MIB)) &&
             add(x, "avg_bytes", cJSON_CreateNumber(k->avg_bytes));
    }
    return ok;
}

cJSON *cli_advise_awr_json(const struct cli_advise_awr *w)
{
    const struct awr_report *r = w->report;
    cJSON *o = cJSON_CreateObject();
    bool ok = add(o, "file", cJSON_CreateString(w->file)) &&
              add(o, "kind", cJSON_CreateString(awr_kind_name(r->kind))) &&
              add(o, "database", cJSON_CreateString(r->db_name)) &&
              add(o, "instance", cJSON_CreateString(r->instance)) &&
              add(o, "rac", cJSON_CreateBool(r->rac.line && r->rac.v)) &&
              add(o, "begin_snap", cJSON_CreateNumber(r->begin_snap.v)) &&
              add(o, "end_snap", cJSON_CreateNumber(r->end_snap.v)) &&
              add(o, "begin_time", cJSON_CreateString(r->begin_time)) &&
              add(o, "end_time", cJSON_CreateString(r->end_time)) &&
              add(o, "elapsed_s", cJSON_CreateNumber(w->derived->elapsed_s)) &&
              add(o, "peak_factor", cJSON_CreateNumber(w->peak)) &&
              add(o, "peak_given", cJSON_CreateBool(w->peak_given)) &&
              add(o, "small_max_bytes", cJSON_CreateNumber(AWR_SMALL_MAX_BYTES)) &&
              classes_json(o, w) &&
              add(o, "write_pct_requests", cJSON_CreateNumber(w->targets.write_pct_reqs)) &&
              add(o, "latency", event_json(&w->targets.seq_read, "db file sequential read",
                                           w->keep_latency)) &&
              add(o, "log_write", event_json(&w->targets.log_write, "log file parallel write",
                                             w->keep_latency));
    if (ok)
        return o;
    cJSON_Delete(o);
    return NULL;
}
