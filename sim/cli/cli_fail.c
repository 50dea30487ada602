/*
 * cli_fail.c - the options of a disk failure in a run, and their check.
 *
 *   --fail DISK@TIME         disk DISK of the first disk group (numbered
 *   --fail fg:N@TIME         from 0, as DATA_0000 ...), or all of its
 *                            failure group N (from 0), offline TIME into
 *                            the run; repeat for more (at most
 *                            SIM_FAIL_MAX_EVENTS), every one before the
 *                            first one's repair timer ends
 *   --repair-time TIME       DISK_REPAIR_TIME (default 3.6 h), or
 *                            FAILGROUP_REPAIR_TIME (24 h) when a whole
 *                            failure group failed
 *   --returns                the disks come back when it ends (resync of
 *                            the stale AUs) instead of being dropped
 *   --add-disks N@TIME       N new disks join the first disk group TIME
 *                            into the run, and it rebalances onto them;
 *                            on real targets they are the last N given;
 *                            with --fail, after its repair timer ends
 *                            (the add follows the failure), modelled
 *                            volumes only
 *   --power N                ASM_POWER_LIMIT, 1..1024 (default 1)
 *   --used PCT               how full the group is (default 50 %, a guess
 *                            the output names)
 *
 * In a forecast (asmsim forecast --fail or --add-disks,
 * sim/model/forecast_fail.c) TIME is a time of the forecast as its words
 * print one (wl_forecast_time_parse): 14:00 of the first day, "d2 14:00"
 * of the second, or a duration from its start (26h); one --fail, and not
 * with --add-disks (cli_forecast.c refuses the two together).
 *
 * The shaping options keep 0 (false) until given, so the check can
 * refuse them without --fail (--power and --used: nor --add-disks);
 * cli_fail_to_cfg fills the defaults.  The model is
 * sim/core/rebalance.h; this file only reads and checks.
 */
#include "sim/cli/cli_fail.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/cli/cli_values.h"
#include "sim/report/report.h"
#include "workloads/schedule.h"

/* --fail's and --add-disks's TIME: into a run, a duration up to 24h;
   into a forecast, a time of it (see the top). */
static int fail_time(const struct cli_opts *o, const char *text, sim_ns *t)
{
    int64_t ms;
    if (o->cmd != CLI_FORECAST)
        return cli_parse_time_ns(text, t);
    if (wl_forecast_time_parse(text, &ms) != 0)
        return -EINVAL;
    *t = (sim_ns)ms * SIM_NS_PER_MS;
    return 0;
}

/* The text from v up to at (an option's '@') into buf[size]: false when
   there is no '@', or nothing or too much before it. */
static bool before_at(const char *v, const char *at, char *buf, size_t size)
{
    size_t len = at && at > v ? (size_t)(at - v) : 0;
    if (len == 0 || len >= size)
        return false;
    memcpy(buf, v, len);
    buf[len] = '\0';
    return true;
}

int cli_fail_opt_fail(struct cli_opts *o, const char *v, char *why, size_t n)
{
    struct sim_fail_cfg *f = &o->fail;
    const char *at = strrchr(v, '@');
    bool fg = strncmp(v, "fg:", 3) == 0;
    char what[32];
    long long index;
    sim_ns t;
    bool forecast = o->cmd == CLI_FORECAST;
    if (forecast && f->n >= 1) {
        snprintf(why, n, "a forecast takes one failure (a disk, or a failure group: "
                 "fg:N)");
        return -EINVAL;
    }
    if (f->n >= SIM_FAIL_MAX_EVENTS) {
        snprintf(why, n, "given more than %d times", SIM_FAIL_MAX_EVENTS);
        return -EINVAL;
    }
    if (!before_at(v + (fg ? 3 : 0), at, what, sizeof what)) {
        snprintf(why, n, "not a failure; use DISK@TIME or fg:N@TIME, e.g. 3@10m "
                 "(disk 3, 10 minutes in) or fg:1@2h");
        return -EINVAL;
    }
    if (cli_parse_int(what, 0, LAY_MAX_DISKS - 1, &index) != 0 ||
        fail_time(o, at + 1, &t) != 0) {
        snprintf(why, n, "not a failure; use DISK@TIME or fg:N@TIME, a number from 0 "
                 "and %s", forecast ? "a time of the forecast: 14:00 (its first day), "
                 "'d2 14:00' or a duration from its start (26h)"
                 : "a time up to 24h, e.g. 3@10m or fg:1@2h");
        return -EINVAL;
    }
    f->ev[f->n++] = (struct sim_fail_event){ fg, (int)index, t };
    return 0;
}

int cli_fail_opt_add(struct cli_opts *o, const char *v, char *why, size_t n)
{
    const char *at = strrchr(v, '@');
    char num[16];
    long long disks;
    sim_ns t;
    if (!before_at(v, at, num, sizeof num) ||
        cli_parse_int(num, 1, SIM_ADD_MAX_DISKS, &disks) != 0 ||
        fail_time(o, at + 1, &t) != 0) {
        snprintf(why, n, "not an add; use N@TIME, N new disks from 1 to %d and %s",
                 SIM_ADD_MAX_DISKS, o->cmd == CLI_FORECAST
                 ? "a time of the forecast: 14:00 (its first day), 'd2 14:00' or a "
                   "duration from its start (26h), e.g. 2@14:00"
                 : "a time up to 24h, e.g. 2@10m (2 disks, 10 minutes in)");
        return -EINVAL;
    }
    o->fail.add_n = (int)disks;
    o->fail.add_at_ns = t;
    return 0;
}

int cli_fail_opt_repair(struct cli_opts *o, const char *v, char *why, size_t n)
{
    sim_ns t;
    if (cli_parse_time_ns(v, &t) != 0 || t < SIM_NS_PER_S) {
        snprintf(why, n, "not a repair time; use a time from 1s to 24h, "
                 "e.g. 3.6h or 30m");
        return -EINVAL;
    }
    o->fail.repair_ns = t;
    return 0;
}

int cli_fail_opt_returns(struct cli_opts *o, const char *v, char *why, size_t n)
{
    (void)v;
    (void)why;
    (void)n;
    o->fail.returns = true;
    return 0;
}

int cli_fail_opt_power(struct cli_opts *o, const char *v, char *why, size_t n)
{
    long long p;
    if (cli_parse_int(v, 1, SIM_POWER_MAX, &p) != 0) {
        snprintf(why, n, "not a power; use an integer from 1 to %d (ASM_POWER_LIMIT)",
                 SIM_POWER_MAX);
        return -EINVAL;
    }
    o->fail.power = (int)p;
    return 0;
}

int cli_fail_opt_used(struct cli_opts *o, const char *v, char *why, size_t n)
{
    char num[32];
    size_t len = strlen(v);
    double pct;
    if (len > 0 && v[len - 1] == '%')
        len--;
    if (len == 0 || len >= sizeof num) {
        snprintf(why, n, "not a share; use a percentage from 1 to 99, e.g. 60%%");
        return -EINVAL;
    }
    memcpy(num, v, len);
    num[len] = '\0';
    if (cli_parse_double(num, 1, 99, &pct) != 0) {
        snprintf(why, n, "not a share; use a percentage from 1 to 99, e.g. 60%%");
        return -EINVAL;
    }
    o->fail.used_frac = pct / 100;
    return 0;
}

static int by_time(const void *a, const void *b)
{
    sim_ns x = ((const struct sim_fail_event *)a)->at_ns;
    sim_ns y = ((const struct sim_fail_event *)b)->at_ns;
    return (x > y) - (x < y);
}

void cli_fail_to_cfg(const struct cli_opts *o, struct sim_run_cfg *run)
{
    run->fail = o->fail;
    if (run->fail.n == 0 && run->fail.add_n == 0)
        return;
    qsort(run->fail.ev, (size_t)run->fail.n, sizeof run->fail.ev[0], by_time);
    if (run->fail.power == 0)
        run->fail.power = SIM_POWER_DEFAULT;
    if (run->fail.used_frac == 0)
        run->fail.used_frac = SIM_USED_DEFAULT;
}

/* Each event names a disk or failure group of the first disk group, in
   time. */
static int check_events(const struct sim_run_cfg *run, char *why, size_t why_len)
{
    const struct sim_fail_cfg *f = &run->fail;
    struct lay_cfg lc = sim_fail_group_cfg(run);
    int groups = lc.failgroups > 0 ? lc.failgroups : lc.disks;
    sim_ns repair = sim_fail_repair_ns(f);
    for (int i = 0; i < f->n; i++) {
        const struct sim_fail_event *ev = &f->ev[i];
        int max = ev->failgroup ? groups : lc.disks;
        if (ev->index >= max)
            return why_set(why, why_len, "--fail %s%d: the first disk group has %d %s, "
                           "numbered from 0", ev->failgroup ? "fg:" : "", ev->index,
                           max, ev->failgroup ? "failure groups" : "disks");
        for (int k = 0; k < i; k++)
            if (f->ev[k].failgroup == ev->failgroup && f->ev[k].index == ev->index)
                return why_set(why, why_len, "--fail %s%d: given twice; a disk or failure "
                               "group fails once", ev->failgroup ? "fg:" : "", ev->index);
        if (ev->at_ns > f->ev[0].at_ns + repair) {
            char t[32];
            report_fmt_duration((double)repair / 1e9, t, sizeof t);
            return why_set(why, why_len, "--fail: a failure after the first one's "
                           "repair timer ends (%s after it) is not modelled; give "
                           "every --fail within --repair-time of the first", t);
        }
    }
    return 0;
}

/* --add-disks: the grown group within the layout's disks; on real
   targets, the new disks' targets given after the run's. */
static int check_add(const struct cli_opts *o, const struct sim_run_cfg *run,
                     char *why, size_t why_len)
{
    int n = o->fail.add_n, old = sim_fail_group_cfg(run).disks;
    int most = o->cmd == CLI_SWEEP ? o->counts[o->n_counts - 1] : old;
    if (most + n > LAY_MAX_DISKS)
        return why_set(why, why_len, "--add-disks %d: the first disk group would have "
                       "%d disks; a layout has at most %d", n, most + n, LAY_MAX_DISKS);
    int others = run->disks - old;      /* the other groups' disks */
    if (o->engine == CLI_ENGINE_AIO && o->n_targets < most + others + n)
        return why_set(why, why_len, "--add-disks %d: real targets: give the new "
                       "disks as %d more --target after the group's %d (%d given)", n,
                       n, most + others, o->n_targets);
    return 0;
}

/* --add-disks with --fail follows the failure (rebalance.c): not before
   the repair timer ends, when the failed disks are dropped (or return);
   not on real targets yet, nor in a forecast. */
static int check_add_after_fail(const struct cli_opts *o, const struct sim_run_cfg *run,
                                char *why, size_t why_len)
{
    const struct sim_fail_cfg *f = &run->fail;
    if (f->n == 0)
        return 0;
    if (o->forecast)
        return why_set(why, why_len, "--add-disks with --fail: not in a forecast yet "
                       "(an add after a failure is not built there); forecast them "
                       "apart, or run both with asmsim run");
    if (o->engine == CLI_ENGINE_AIO)
        return why_set(why, why_len, "--add-disks with --fail: not on real targets "
                       "yet (the new disks joining the survivors' targets); run "
                       "them apart");
    sim_ns drop = f->ev[0].at_ns + sim_fail_repair_ns(f);
    if (f->add_at_ns >= drop)
        return 0;
    char at[32], add[32];
    report_fmt_duration((double)drop / 1e9, at, sizeof at);
    report_fmt_duration((double)f->add_at_ns / 1e9, add, sizeof add);
    return why_set(why, why_len, "--add-disks at %s: before the failed disks are "
                   "%s (at %s, when the repair timer ends); a disk added to a degraded "
                   "group is not modelled (no published figure): give a time from %s, "
                   "and the add follows the failure", add,
                   f->returns ? "back" : "dropped", at, at);
}

/* What --fail and --add-disks both need: a database workload on
   something to fail or grow, a class free for the copies. */
static int check_scenario(const struct cli_opts *o, const struct sim_run_cfg *run,
                          const char *flag, char *why, size_t why_len)
{
    if (!sim_run_db(run) && o->forecast)
        return why_set(why, why_len, "%s: needs a database workload (--workload "
                       "NAME, e.g. oltp): a forecast of ORION's two classes runs its "
                       "fast path, whose regimes have no failure's routing or copies",
                       flag);
    if (!sim_run_db(run))
        return why_set(why, why_len, "%s: needs a database workload (--workload "
                       "NAME, e.g. oltp): ORION's matrix has no time to %s in", flag,
                       o->fail.n ? "fail" : "add disks");
    if (o->engine == CLI_ENGINE_NULL)
        return why_set(why, why_len, "%s: the null engine has no device to %s; "
                       "use modelled volumes (--engine model) or real targets "
                       "(--engine aio or uring)", flag, o->fail.n ? "fail" : "add");
    if (o->tui && o->forecast)
        return why_set(why, why_len, "%s: not with --tui yet (the forecast's replay "
                       "does not show the %s's phases); the words, --json and "
                       "--output-dir's CSV have them", flag, o->fail.n ? "failure" : "add");
    if (o->tui)
        return why_set(why, why_len, "%s: not with --tui (its dashboard watches "
                       "the run's points); fail a disk live with asmsim tui "
                       "--workload NAME and its key f, or use --progress", flag);
    if (run->workload.n_classes >= WL_MAX_CLASSES)
        return why_set(why, why_len, "%s: the workload has %d classes, the most "
                       "there are, and the rebalance needs one more", flag,
                       WL_MAX_CLASSES);
    return 0;
}

int cli_fail_check(const struct cli_opts *o, const struct sim_run_cfg *run,
                   char *why, size_t why_len)
{
    const struct sim_fail_cfg *f = &o->fail;
    const char *flag = f->repair_ns ? "--repair-time" : f->returns ? "--returns" : NULL;
    if (f->n == 0 && flag)
        return why_set(why, why_len, "%s: only with --fail DISK@TIME (it shapes "
                       "the failure)", flag);
    flag = f->power ? "--power" : f->used_frac > 0 ? "--used" : NULL;
    if (f->n == 0 && f->add_n == 0 && flag)
        return why_set(why, why_len, "%s: only with --fail DISK@TIME or --add-disks "
                       "N@TIME (it shapes the rebalance)", flag);
    int rc = 0;
    if (f->n > 0 && (rc = check_scenario(o, run, "--fail", why, why_len)) == 0)
        rc = check_events(run, why, why_len);
    if (rc == 0 && f->add_n > 0 &&
        (rc = check_scenario(o, run, "--add-disks", why, why_len)) == 0)
        rc = check_add(o, run, why, why_len);
    if (rc == 0 && f->add_n > 0)
        rc = check_add_after_fail(o, run, why, why_len);
    return rc;
}
