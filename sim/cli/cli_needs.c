/*
 * cli_needs.c - a database workload's targets per class on run and sweep:
 * --need-iops CLASS:N, --need-mbps CLASS:R, --need-latency
 * CLASS:[STAT:]TIME, each repeatable (one target per option).
 *
 * A target names a class of the workload (the class by its name, exactly
 * as the workload file spells it) and what it must get: at least N I/Os
 * a second, at least R MB/s (10^6 B/s), or at most TIME of latency by a
 * statistic (mean, p50, p90, p99, p99.9, p99.99; mean when not given).
 * Parsing keeps the text (the class is found when the workload is known:
 * the options may come in any order); resolving turns each into a struct
 * sim_class_need (sim/core/run.h) that the reports judge against what
 * the run measured (report_classes.c).  A target without --workload, or
 * for a class the workload does not have, is refused naming the classes.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "sim/cli/cli.h"
#include "sim/cli/cli_needs.h"

/* The flag of a kind of target, for messages. */
static const char *need_flag(enum sim_need_kind kind)
{
    return kind == SIM_NEED_IOPS ? "--need-iops"
           : kind == SIM_NEED_MBPS ? "--need-mbps" : "--need-latency";
}

int cli_needs_add(struct cli_opts *o, enum sim_need_kind kind, const char *v,
                  char *why, size_t n)
{
    const char *colon = strchr(v, ':');
    if (!colon || colon == v || !colon[1]) {
        snprintf(why, n, "not a class's target; use CLASS:%s",
                 kind == SIM_NEED_IOPS ? "IOPS (redo:2000)"
                 : kind == SIM_NEED_MBPS ? "MB/s (dbwr:50)"
                 : "[STAT:]TIME (redo:p99:1ms; STAT mean, p50, p90, p99, "
                   "p99.9 or p99.99)");
        return -EINVAL;
    }
    if (o->n_need_texts >= SIM_MAX_NEEDS) {
        snprintf(why, n, "more than %d targets", SIM_MAX_NEEDS);
        return -EINVAL;
    }
    struct sim_class_need need = { .kind = kind, .cls = -1 };
    const char *what = colon + 1;
    if (kind == SIM_NEED_LATENCY) {
        const char *c2 = strchr(what, ':');
        need.stat = SIM_LAT_MEAN;
        if (c2) {
            size_t len = (size_t)(c2 - what);
            int s = -1;
            for (int k = 0; k <= SIM_LAT_P9999; k++) {
                const char *name = report_lat_stat_name((enum sim_lat_stat)k);
                if (strlen(name) == len && strncmp(name, what, len) == 0)
                    s = k;
            }
            if (s < 0) {
                snprintf(why, n, "unknown statistic %.*s; use mean, p50, "
                         "p90, p99, p99.9 or p99.99", (int)len, what);
                return -EINVAL;
            }
            need.stat = (enum sim_lat_stat)s;
            what = c2 + 1;
        }
        if (cli_parse_latency_us(what, &need.value) != 0) {
            snprintf(why, n, "not a latency; use a time with its unit (500us, "
                     "1ms, 2s)");
            return -EINVAL;
        }
    } else if (cli_parse_double(what, 0.001, 1e9, &need.value) != 0) {
        snprintf(why, n, "not a rate; use a number above 0 (%s)",
                 kind == SIM_NEED_IOPS ? "I/Os a second" : "MB/s");
        return -EINVAL;
    }
    o->need_text[o->n_need_texts] = v;
    o->need_len[o->n_need_texts] = (size_t)(colon - v);
    o->need_parsed[o->n_need_texts++] = need;
    return 0;
}

int cli_needs_resolve(struct cli_opts *o, char *why, size_t why_len)
{
    for (int i = 0; i < o->n_need_texts; i++) {
        struct sim_class_need *need = &o->need_parsed[i];
        size_t len = o->need_len[i];
        if (!o->workload_name) {
            snprintf(why, why_len, "%s %s: a target of a database "
                     "workload's class; give --workload (a preset or a file)",
                     need_flag(need->kind), o->need_text[i]);
            return -EINVAL;
        }
        need->cls = -1;
        for (int c = 0; c < o->workload.n_classes; c++)
            if (strlen(o->workload.cls[c].name) == len &&
                strncmp(o->workload.cls[c].name, o->need_text[i], len) == 0)
                need->cls = c;
        if (need->cls < 0) {
            char names[WL_MAX_CLASSES * (WL_NAME_MAX + 2)] = "";
            size_t at = 0;
            for (int c = 0; c < o->workload.n_classes && at < sizeof names; c++)
                at += (size_t)snprintf(names + at, sizeof names - at, "%s%s",
                                       c ? ", " : "", o->workload.cls[c].name);
            snprintf(why, why_len, "%s %s: the workload %s has no class "
                     "%.*s; its classes: %s", need_flag(need->kind),
                     o->need_text[i], o->workload_name, (int)len,
                     o->need_text[i], names);
            return -EINVAL;
        }
    }
    return 0;
}
