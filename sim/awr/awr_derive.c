/*
 * awr_derive.c - the arithmetic of awr_derive.h: a report's statistics
 * into I/O classes, every figure used kept with its line, and the
 * cross-checks between sections.
 *
 * Order: the figures every report must have (the five physical read and
 * write totals) are found first, then the cross-checks run (a report
 * whose sections disagree is refused before any class is made of it),
 * then the reads, the writes (by IOStat function where the report has
 * them), the redo statistics and the shares.  A class whose rate rounds
 * to nothing (below AWR_NO_IO per second) has no I/O and no size.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/awr/awr_derive.h"

#define MIB (1024.0 * 1024.0)
#define AWR_NO_IO 0.005             /* requests per second: none */

static const char *const S_RD_REQS = "physical read total IO requests";
static const char *const S_RD_MULTI = "physical read total multi block requests";
static const char *const S_RD_BYTES = "physical read total bytes";
static const char *const S_WR_REQS = "physical write total IO requests";
static const char *const S_WR_BYTES = "physical write total bytes";

struct derive {
    const struct awr_report *r;
    struct awr_derived *d;
    char *why;
    size_t why_len;
    const struct awr_stat *rd_reqs, *rd_multi, *rd_bytes, *wr_reqs, *wr_bytes;
};

/* A figure on both sides of a check, or of a message. */
struct side {
    enum awr_section sec;
    const char *label;
    double value;
    int line;
};

static int fail(struct derive *x, int line, enum awr_section s, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static int fail(struct derive *x, int line, enum awr_section s, const char *fmt, ...)
{
    char what[400];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(x->why, x->why_len, "%d: %s: %s", line, awr_section_name(s), what);
    return -EINVAL;
}

static void note(struct derive *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void note(struct derive *x, const char *fmt, ...)
{
    va_list ap;

    if (x->d->n_notes >= AWR_MAX_NOTES)
        return;
    va_start(ap, fmt);
    vsnprintf(x->d->note[x->d->n_notes++], sizeof x->d->note[0], fmt, ap);
    va_end(ap);
}

static void use(struct derive *x, const struct side *s, const char *unit)
{
    struct awr_derived *d = x->d;

    if (d->n_used >= AWR_MAX_USED || !s->line)
        return;
    struct awr_used *u = &d->used[d->n_used++];
    snprintf(u->name, sizeof u->name, "%s", s->label);
    u->section = s->sec;
    u->value = s->value;
    u->unit = unit;
    u->line = s->line;
}

static void use_stat(struct derive *x, const struct awr_stat *st)
{
    struct side s = { AWR_SEC_STATS, st->name, st->total, st->line };
    use(x, &s, "total");
}

static int need(struct derive *x, const char *name, const struct awr_stat **out)
{
    *out = awr_stat_find(x->r, name);
    if (!*out)
        return fail(x, x->r->section_line[AWR_SEC_STATS], AWR_SEC_STATS,
                    "no row \"%s\" (to line %d); asmsim needs it to split the "
                    "instance's I/O", name, x->r->last_line);
    use_stat(x, *out);
    return 0;
}

static void set_class(struct derive *x, enum awr_class c, const char *name,
                      const char *from, double iops, double mibps)
{
    struct awr_class_io *k = &x->d->cls[c];

    k->name = name;
    k->from = from;
    k->write = c >= AWR_CL_DBWR;
    k->iops = iops >= AWR_NO_IO ? iops : 0;
    k->mibps = k->iops > 0 && mibps > 0 ? mibps : 0;
    k->avg_bytes = k->iops > 0 ? k->mibps * MIB / k->iops : 0;
}

/* a and b agree within AWR_CHECK_PCT (or `abs` a second); else refused. */
static int agree_within(struct derive *x, const struct side *a, const struct side *b,
                        double abs)
{
    double diff = fabs(a->value - b->value), big = fmax(fabs(a->value), fabs(b->value));

    if (!a->line || !b->line)
        return 0;
    if (diff <= abs || diff <= big * AWR_CHECK_PCT / 100) {
        x->d->n_checks++;
        return 0;
    }
    return fail(x, a->line, a->sec, "%s %.1f/s and %s (line %d) %s %.1f/s differ "
                "by %.1f %%; the sections contradict each other (more than "
                "%.0f %%): an edited report, or two of them pasted together?",
                a->label, a->value, awr_section_name(b->sec), b->line, b->label,
                b->value, 100 * diff / big, AWR_CHECK_PCT);
}

/* Two figures of one source's arithmetic: within AWR_CHECK_ABS. */
static int agree(struct derive *x, const struct side *a, const struct side *b)
{
    return agree_within(x, a, b, AWR_CHECK_ABS);
}

static struct side stat_rate(struct derive *x, const struct awr_stat *st)
{
    return (struct side){ AWR_SEC_STATS, st ? st->name : "", st ? st->total / x->d->elapsed_s : 0,
                          st ? st->line : 0 };
}

static const struct awr_func *func(const struct awr_report *r, const char *prefix)
{
    for (int i = 0; i < r->n_funcs; i++)
        if (!strncmp(r->funcs[i].name, prefix, strlen(prefix)))
            return &r->funcs[i];
    return NULL;
}

static int check_ioprof(struct derive *x)
{
    const struct awr_rw *t = &x->r->ioprof[AWR_IOP_TOTAL_REQS];
    struct side rd = stat_rate(x, x->rd_reqs), wr = stat_rate(x, x->wr_reqs);
    struct side pr = { AWR_SEC_IOPROF, "Total Requests Read", t->r.v, t->r.line };
    struct side pw = { AWR_SEC_IOPROF, "Total Requests Write", t->w.v, t->w.line };
    struct side prw = { AWR_SEC_IOPROF, "Total Requests Read+Write", t->rw.v, t->rw.line };
    struct side sum = { AWR_SEC_IOPROF, "Read + Write", t->r.v + t->w.v, t->r.line };

    if (agree(x, &pr, &rd) || agree(x, &pw, &wr) || agree(x, &prw, &sum))
        return -EINVAL;
    use(x, &pr, "/s");
    use(x, &pw, "/s");
    return 0;
}

static int check_iostat(struct derive *x)
{
    const struct awr_func *tot = func(x->r, "TOTAL");
    struct side rd = stat_rate(x, x->rd_reqs), wr = stat_rate(x, x->wr_reqs);

    if (!tot)
        return 0;
    struct side fr = { AWR_SEC_IOSTAT, "TOTAL read requests", tot->read_reqs_s, tot->line };
    struct side fw = { AWR_SEC_IOSTAT, "TOTAL write requests", tot->write_reqs_s, tot->line };
    if (agree_within(x, &fr, &rd, AWR_CHECK_IOSTAT_ABS) ||
        agree_within(x, &fw, &wr, AWR_CHECK_IOSTAT_ABS))
        return -EINVAL;
    use(x, &fr, "/s");
    use(x, &fw, "/s");
    return 0;
}

static int check_load(struct derive *x)
{
    static const struct { enum awr_load row; const char *label; const char *stat; } pairs[] = {
        { AWR_LOAD_READ_REQS, "Read IO requests", "physical read IO requests" },
        { AWR_LOAD_WRITE_REQS, "Write IO requests", "physical write IO requests" },
    };

    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        const struct awr_num *v = &x->r->load[pairs[i].row];
        const struct awr_stat *st = awr_stat_find(x->r, pairs[i].stat);
        struct side lp = { AWR_SEC_LOAD, pairs[i].label, v->v, v->line };
        struct side sr = stat_rate(x, st);
        if (!st || !v->line)
            continue;
        if (agree(x, &lp, &sr))
            return -EINVAL;
        use(x, &lp, "/s");
    }
    return 0;
}

static int reads(struct derive *x)
{
    struct awr_derived *d = x->d;
    double e = d->elapsed_s, b = d->block_bytes;
    double reqs = x->rd_reqs->total, multi = x->rd_multi->total;

    if (multi > reqs)
        return fail(x, x->rd_multi->line, AWR_SEC_STATS, "%s %.0f is more than "
                    "%s %.0f (line %d): multiblock requests are some of the requests",
                    S_RD_MULTI, multi, S_RD_REQS, reqs, x->rd_reqs->line);
    double single = reqs - multi;
    double multi_bytes = x->rd_bytes->total - single * b;
    set_class(x, AWR_CL_SINGLE_READS, "single-reads",
              "(physical read total IO requests - multi block requests) / E, "
              "of one block", single / e, single * b / e / MIB);
    if (multi > 0 && multi_bytes < multi * b) {
        note(x, "multiblock reads: %s less the single-block reads' bytes is %.0f, "
             "under one block per request; taken as one block each",
             S_RD_BYTES, multi_bytes);
        multi_bytes = multi * b;
    }
    set_class(x, AWR_CL_MULTI_READS, "multi-reads",
              "physical read total multi block requests / E; bytes: read total "
              "bytes less the single-block reads'", multi / e, multi_bytes / e / MIB);
    d->read_iops = reqs / e;
    d->read_mibps = x->rd_bytes->total / e / MIB;
    return 0;
}

/* The row of IOStat's function, its write columns used. */
static const struct awr_func *write_func(struct derive *x, const char *prefix,
                                         const char *name)
{
    const struct awr_func *f = func(x->r, prefix);
    char label[80];

    if (!f)
        return NULL;
    snprintf(label, sizeof label, "%s Writes Reqs per sec", name);
    struct side reqs = { AWR_SEC_IOSTAT, label, f->write_reqs_s, f->line };
    use(x, &reqs, "/s");
    snprintf(label, sizeof label, "%s Writes Data per sec", name);
    struct side data = { AWR_SEC_IOSTAT, label, f->write_mibps, f->line };
    use(x, &data, "MB/s");
    return f;
}

/* The write columns of IOStat's functions other than LGWR, DBWR, Direct
   Writes and TOTAL, added up: requests and bytes from one view (the
   write totals less the three would pair V$SYSSTAT's requests with
   IOStat's: a real 19c report left 0.3 writes/s of 18 MB/s so). */
static void others_written(const struct awr_report *r, double *reqs, double *mibps)
{
    static const char *const named[] = { "LGWR", "DBWR", "Direct Writ", "TOTAL" };
    for (int i = 0; i < r->n_funcs; i++) {
        bool skip = false;
        for (size_t k = 0; k < sizeof named / sizeof named[0]; k++)
            skip |= strncmp(r->funcs[i].name, named[k], strlen(named[k])) == 0;
        if (!skip) {
            *reqs += r->funcs[i].write_reqs_s;
            *mibps += r->funcs[i].write_mibps;
        }
    }
}

static int writes_iostat(struct derive *x)
{
    const struct awr_func *lgwr = write_func(x, "LGWR", "LGWR");
    const struct awr_func *dbwr = write_func(x, "DBWR", "DBWR");
    const struct awr_func *dw = write_func(x, "Direct Writ", "Direct Writes");
    double w[3] = { 0 }, m[3] = { 0 };
    const struct awr_func *f[3] = { lgwr, dbwr, dw };

    for (int i = 0; i < 3; i++)
        if (f[i]) {
            w[i] = f[i]->write_reqs_s;
            m[i] = f[i]->write_mibps;
        }
    set_class(x, AWR_CL_REDO, "redo", "IOStat by Function: LGWR's writes "
              "(every log member)", w[0], m[0]);
    set_class(x, AWR_CL_DBWR, "dbwr", "IOStat by Function: DBWR's writes", w[1], m[1]);
    set_class(x, AWR_CL_DIRECT_WRITES, "direct-writes",
              "IOStat by Function: Direct Writes", w[2], m[2]);
    double rest = 0, rest_mib = 0;
    others_written(x->r, &rest, &rest_mib);
    struct side fs = { AWR_SEC_IOSTAT, "LGWR + DBWR + Direct Writes write requests",
                       w[0] + w[1] + w[2], lgwr ? lgwr->line : dbwr ? dbwr->line : 0 };
    struct side tot = stat_rate(x, x->wr_reqs);
    if (rest < 0 && agree(x, &fs, &tot))
        return -EINVAL;
    set_class(x, AWR_CL_OTHER, "other-writes", "IOStat by Function: the other "
              "functions' writes (Others, ARCH, RMAN, ...: archived logs, backups, "
              "control file)", rest, rest_mib);
    return 0;
}

static void writes_plain(struct derive *x, const struct awr_stat *calls,
                         const struct awr_stat *size)
{
    struct awr_derived *d = x->d;
    double redo = calls ? calls->total / d->elapsed_s : 0;
    double redo_mib = size ? size->total / d->elapsed_s / MIB : 0;

    note(x, "no IOStat by Function: redo is LGWR's write calls (\"redo writes\", "
         "one per write to all log members) and \"redo size\"; DBWR's and "
         "direct writes are one class, data-writes");
    set_class(x, AWR_CL_REDO, "redo", "\"redo writes\" / E, bytes \"redo size\" / E",
              redo, redo_mib);
    set_class(x, AWR_CL_DBWR, "data-writes", "physical write total IO requests "
              "and bytes less redo", d->write_iops - redo, d->write_mibps - redo_mib);
    set_class(x, AWR_CL_DIRECT_WRITES, "direct-writes", "", 0, 0);
    set_class(x, AWR_CL_OTHER, "other-writes", "", 0, 0);
}

/* "redo write size count (   4KB)" ... "(inf)": the buckets there are. */
static void redo_buckets(struct derive *x)
{
    static const char prefix[] = "redo write size count (";
    struct awr_derived *d = x->d;

    for (int i = 0; i < x->r->n_stats && d->n_redo_buckets < AWR_REDO_BUCKETS; i++) {
        const struct awr_stat *st = &x->r->stats[i];
        double kib = 0;
        if (strncmp(st->name, prefix, sizeof prefix - 1) != 0)
            continue;
        const char *v = st->name + sizeof prefix - 1;
        bool inf = !strncmp(v + strspn(v, " "), "inf)", 4);
        if (!inf && (sscanf(v, " %lfKB)", &kib) != 1 || !(kib > 0)))
            continue;
        d->redo_bucket[d->n_redo_buckets++] =
            (struct awr_redo_bucket){ kib, st->total, st->line };
        use_stat(x, st);
    }
}

static void shares(struct awr_derived *d)
{
    double bytes = d->read_mibps + d->write_mibps, reqs = d->read_iops + d->write_iops;

    d->write_pct_bytes = bytes > 0 ? 100 * d->write_mibps / bytes : 0;
    d->write_pct_reqs = reqs > 0 ? 100 * d->write_iops / reqs : 0;
}

static int base_figures(struct derive *x)
{
    const struct awr_report *r = x->r;
    struct awr_derived *d = x->d;
    struct side e = { AWR_SEC_HEADER, "Elapsed", r->elapsed_s.v, r->elapsed_s.line };
    struct side b = { AWR_SEC_HEADER, "Std Block Size", r->block_bytes.v, r->block_bytes.line };

    d->elapsed_s = r->elapsed_s.v;
    d->block_bytes = r->block_bytes.line ? r->block_bytes.v : AWR_DEFAULT_BLOCK;
    use(x, &e, "s");
    use(x, &b, "bytes");
    if (!r->block_bytes.line)
        note(x, "no Std Block Size in the report: %d bytes assumed", AWR_DEFAULT_BLOCK);
    if (need(x, S_RD_REQS, &x->rd_reqs) || need(x, S_RD_MULTI, &x->rd_multi) ||
        need(x, S_RD_BYTES, &x->rd_bytes) || need(x, S_WR_REQS, &x->wr_reqs) ||
        need(x, S_WR_BYTES, &x->wr_bytes))
        return -EINVAL;
    d->write_iops = x->wr_reqs->total / d->elapsed_s;
    d->write_mibps = x->wr_bytes->total / d->elapsed_s / MIB;
    return 0;
}

int awr_derive(const struct awr_report *r, struct awr_derived *out, char *why,
               size_t why_len)
{
    struct derive x = { .r = r, .d = out, .why = why, .why_len = why_len };
    const struct awr_stat *calls = awr_stat_find(r, "redo writes");
    const struct awr_stat *size = awr_stat_find(r, "redo size");

    memset(out, 0, sizeof *out);
    if (base_figures(&x) || check_ioprof(&x) || check_iostat(&x) ||
        check_load(&x) || reads(&x))
        return -EINVAL;
    if (r->n_funcs) {
        if (writes_iostat(&x))
            return -EINVAL;
    } else {
        writes_plain(&x, calls, size);
    }
    if (calls) {
        use_stat(&x, calls);
        out->redo_calls_s = calls->total / out->elapsed_s;
    }
    if (size) {
        use_stat(&x, size);
        out->redo_bytes_s = size->total / out->elapsed_s;
    }
    redo_buckets(&x);
    shares(out);
    return 0;
}
