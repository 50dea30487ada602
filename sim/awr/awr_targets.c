/*
 * awr_targets.c - the targets of awr_targets.h: the report's classes
 * summed into advise's small and large I/O, the write share by requests,
 * and the single-block read latency.  The arithmetic and its worked
 * example are in the header; tests/test_awr_targets.c checks it on the
 * sample reports.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sim/awr/awr_targets.h"
#include "sim/awr/awr_workload.h"

#define MIB_BYTES 1048576.0

void awr_targets_of(const struct awr_report *r, const struct awr_derived *d, double peak,
                    struct awr_targets *out)
{
    double small_reqs = 0, small_mib = 0, large_mib = 0, large_weighted = 0;
    double all_reqs = 0, write_reqs = 0;

    memset(out, 0, sizeof *out);
    out->peak = peak;
    for (int c = 0; c < AWR_CL_N; c++) {
        const struct awr_class_io *k = &d->cls[c];
        if (k->iops <= 0)
            continue;
        all_reqs += k->iops;
        write_reqs += k->write ? k->iops : 0;
        if (awr_class_is_small(k)) {
            out->small_classes |= 1u << c;
            small_reqs += k->iops;
            small_mib += k->iops * k->avg_bytes / MIB_BYTES;
        } else {
            out->large_classes |= 1u << c;
            large_mib += k->mibps;
            large_weighted += k->mibps * k->avg_bytes;
        }
    }
    if (small_reqs > 0) {
        out->need_iops = small_reqs * peak;
        out->small_bytes = awr_io_size(small_mib * MIB_BYTES / small_reqs);
    }
    if (large_mib > 0) {
        out->need_mbps = large_mib * AWR_MB_PER_MIB * peak;
        out->large_bytes = awr_io_size(large_weighted / large_mib);
    }
    out->write_pct_reqs = all_reqs > 0 ? 100 * write_reqs / all_reqs : 0;
    out->write_pct = (int)lround(out->write_pct_reqs);
    out->seq_read = r->events[AWR_EV_SEQ_READ];
    out->log_write = r->events[AWR_EV_LOG_PAR_WRITE];
}

int awr_targets_latency(const struct awr_report *r, double *us, char *why,
                        size_t why_len)
{
    const struct awr_wait *w = &r->events[AWR_EV_SEQ_READ];
    int at = r->section_line[AWR_SEC_FG_EVENTS];
    const char *sec = awr_section_name(AWR_SEC_FG_EVENTS);

    if (w->line && w->avg_us > 0) {
        *us = w->avg_us;
        return 0;
    }
    if (w->line)
        snprintf(why, why_len, "%d: %s: \"db file sequential read\" averages %s, no "
                 "latency to keep; give --need-latency TIME instead", w->line,
                 awr_section_name(w->from), w->avg_text);
    else if (at)
        snprintf(why, why_len, "%d: %s: no \"db file sequential read\" row, whose "
                 "average (the single-block read latency) --keep-latency keeps; give "
                 "--need-latency TIME instead", at, sec);
    else
        snprintf(why, why_len, "%d: %s: not in the report (it ends at line %d), so no "
                 "\"db file sequential read\" average for --keep-latency; give "
                 "--need-latency TIME instead", r->last_line, sec, r->last_line);
    return -EINVAL;
}
