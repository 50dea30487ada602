/*
 * cli_advise_db_eval.c - one configuration of a database's advice as the
 * `asmsim run` that reproduces it: its words (cli_advise_db.c says
 * which), printed as a command and applied to a run's options, resolved
 * and simulated, and the result judged against every target.
 *
 * Judging, in this order: each class served (at most 1 % unmet, the
 * forecast's rule), then the targets in the order given: a class's as
 * run judges it (report_need_judge), a group's latency on each of its
 * classes, a group's rate on the sum of its classes.  The first missed
 * is the reason of a rejection.  With --survive-failure, a configuration
 * that passes is run once more with a disk of its first group lost
 * (run --fail) and judged again on the rebalancing phase (survive).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "sim/cli/cli.h"
#include "sim/cli/cli_advise.h"
#include "sim/cli/cli_advise_db.h"
#include "sim/core/shell_word.h"
#include "sim/model/forecast.h"
#include "sim/model/setup.h"
#include "sim/report/report.h"

#define WORDS_MAX (8 + SIM_MAX_GROUPS + SIM_MAX_NEEDS)
#define WORD_MAX 256

/* The run's options, as name and value. */
struct run_words {
    int n;
    struct {
        const char *name;
        char value[WORD_MAX];
    } w[WORDS_MAX];
};

static void word(struct run_words *rw, const char *name, const char *value)
{
    if (rw->n >= WORDS_MAX)
        return;
    rw->w[rw->n].name = name;
    snprintf(rw->w[rw->n].value, WORD_MAX, "%s", value);
    rw->n++;
}

/* "DATA:disks=8,volume=gp3,size=..,iops=..,redundancy=normal". */
static void group_word(struct run_words *rw, const struct adv_db_group *g,
                       const struct adv_db_pick *p)
{
    char text[WORD_MAX];
    const char *spec = p->volume.spec, *colon = strchr(spec, ':');

    snprintf(text, sizeof text, "%s:disks=%d,volume=%.*s%s%s,redundancy=%s", g->name,
             p->disks, colon ? (int)(colon - spec) : (int)strlen(spec), spec,
             colon ? "," : "", colon ? colon + 1 : "", lay_redundancy_name(g->redundancy));
    word(rw, "group", text);
}

/* Whether class target n is one of the run's: every one (only -1), or
   of a class of group `only`.  A group's target is judged here, not by
   the run. */
static bool need_in(const struct cli_advise_db *d, const struct cli_adv_db_need *n, int only)
{
    return n->cls >= 0 && (only < 0 || d->class_group[n->cls] == only);
}

static void run_words(const struct cli_advise_opts *a, const struct adv_db_config *c,
                      int only, struct run_words *rw)
{
    const struct cli_advise_db *d = &a->db;
    const struct adv_space_cfg *sc = &a->cfg.space;

    rw->n = 0;
    char num[32];

    word(rw, "workload", d->workload);
    word(rw, "instance", c->instance.name);
    for (int g = 0; g < d->cfg.n_groups; g++)
        if (only < 0 || g == only)
            group_word(rw, &d->cfg.group[g], &c->group[g]);
    for (int i = 0; i < d->n_needs; i++)
        if (need_in(d, &d->need[i], only))
            word(rw, d->need[i].kind == SIM_NEED_IOPS ? "need-iops"
                     : d->need[i].kind == SIM_NEED_MBPS ? "need-mbps" : "need-latency",
                 d->need[i].text);
    word(rw, "burst-credits", sc->burst_ok ? "full" : "empty");
    if (sc->os == ADV_OS_RHEL)
        word(rw, "os", "rhel");
    if (c->instance.ocpus > 0 && sc->memory_per_ocpu_gb > 0) {
        snprintf(num, sizeof num, "%gGB", sc->memory_per_ocpu_gb * c->instance.ocpus);
        word(rw, "memory", num);
    }
    if (a->cfg.seed != 1) {
        snprintf(num, sizeof num, "%llu", (unsigned long long)a->cfg.seed);
        word(rw, "seed", num);
    }
}

/* --survive-failure's lost disk: disk 0 of the first group at 10 min,
   rebalanced at its power (power: the caller's, outlives rw). */
static void fail_words(const struct cli_advise_opts *a, struct run_words *rw,
                       char *power, size_t power_len)
{
    snprintf(power, power_len, "%d", a->db.survive_power);
    word(rw, "fail", "0@10m");
    word(rw, "power", power);
}

void cli_advise_db_command(const struct cli_advise_opts *a, const struct adv_db_config *c,
                           char *buf, size_t len)
{
    struct run_words rw;
    char q[SIM_SHELL_WORD_BUF(WORD_MAX)], power[16];
    size_t n = (size_t)snprintf(buf, len, "asmsim run");

    run_words(a, c, -1, &rw);
    if (a->db.survive_power > 0)
        fail_words(a, &rw, power, sizeof power);
    for (int i = 0; i < rw.n && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, " --%s %s", rw.w[i].name,
                              sim_shell_word(rw.w[i].value, q, sizeof q));
    if (n >= len)
        snprintf(buf, len, "(the asmsim run command is too long to print)");
}

/* ---- the simulation -------------------------------------------------- */

/* Leave out the classes of groups other than `only`. */
static void keep_group(const struct cli_advise_db *d, int only, struct cli_opts *o)
{
    int kept = 0;
    for (int c = 0; c < o->workload.n_classes; c++)
        if (d->class_group[c] == only)
            o->workload.cls[kept++] = o->workload.cls[c];
    o->workload.n_classes = kept;
}

/* What a simulation runs: configuration c of advice a, of group `only`
   (-1: every group), and with --survive-failure's lost disk when fail. */
struct eval_req {
    const struct cli_advise_opts *a;
    const struct adv_db_config *c;
    int only;
    bool fail;
};

static int resolve(const struct eval_req *q, struct cli_opts *o, struct sim_setup *su,
                   char *why, size_t why_len)
{
    struct run_words rw;
    char power[16];
    int rc, only = q->only;

    cli_opts_defaults(o, CLI_RUN);
    run_words(q->a, q->c, only, &rw);
    if (q->fail)
        fail_words(q->a, &rw, power, sizeof power);
    for (int i = 0; i < rw.n; i++) {
        if ((rc = cli_opts_set(o, rw.w[i].name, rw.w[i].value, why, why_len)) != 0)
            return rc;
        if (i == 0 && only >= 0)
            keep_group(&q->a->db, only, o);
    }
    o->quiet = true;
    return cli_opts_resolve(o, su, why, why_len);
}

/* ---- judging --------------------------------------------------------- */

static void figures(const struct sim_point_result *p, int cls, struct adv_db_class *f)
{
    f->offered = p->open.offered[cls];
    f->iops = p->cls[cls].iops;
    f->mbps = p->cls[cls].mbps;
    f->avg_us = p->cls[cls].lat.avg_us;
    f->p99_us = p->cls[cls].lat.p99_us;
    f->unmet = p->open.unmet_frac[cls];
}

static void missed(struct adv_db_outcome *out, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void missed(struct adv_db_outcome *out, const char *fmt, ...)
{
    va_list ap;

    if (!out->pass)
        return;
    out->pass = false;
    va_start(ap, fmt);
    vsnprintf(out->missed, sizeof out->missed, fmt, ap);
    va_end(ap);
}

/* A group's target on its classes (class index c of the run, cls[] of
   the run's classes). */
static void judge_group_need(const struct cli_advise_db *d, const struct cli_adv_db_need *n,
                             const struct sim_point_result *p, const int *orig,
                             struct adv_db_outcome *out)
{
    const char *gname = d->cfg.group[n->group].name;
    double sum = 0;

    for (int c = 0; c < p->n_classes; c++) {
        if (d->class_group[orig[c]] != n->group)
            continue;
        struct sim_class_need one = { .cls = c, .kind = n->kind, .stat = n->stat,
                                      .value = n->value };
        double got;
        if (n->kind == SIM_NEED_LATENCY && !report_need_judge(&one, p, &got))
            missed(out, "%s latency %.1f us above the group's target %.1f us",
                   d->spec.cls[orig[c]].name, got, n->value);
        sum += n->kind == SIM_NEED_IOPS ? p->cls[c].iops : p->cls[c].mbps;
    }
    if (n->kind == SIM_NEED_IOPS && sum < n->value)
        missed(out, "%s %.0f IOPS < %.0f", gname, sum, n->value);
    if (n->kind == SIM_NEED_MBPS && sum < n->value)
        missed(out, "%s %.1f MB/s < %.1f", gname, sum, n->value);
}

static void judge(const struct cli_advise_db *d, int only, const struct sim_run_cfg *run,
                  const struct sim_point_result *p, struct adv_db_outcome *out)
{
    int orig[WL_MAX_CLASSES], n = 0;

    for (int c = 0; c < d->spec.n_classes; c++)
        if (only < 0 || d->class_group[c] == only)
            orig[n++] = c;
    out->pass = true;
    out->n_classes = p->n_classes;
    for (int c = 0; c < p->n_classes; c++) {
        figures(p, c, &out->cls[c]);
        if (out->cls[c].unmet > SIM_FORECAST_UNMET_TOLERANCE)
            missed(out, "%s served %.1f %% of its offer (99 %% needed)",
                   run->db.class_name[c], 100 * (1 - out->cls[c].unmet));
    }
    for (int i = 0; i < run->db.n_needs; i++) {
        double got;
        char line[200];
        bool met = report_need_judge(&run->db.needs[i], p, &got);
        report_need_text(run, &run->db.needs[i], got, met, line, sizeof line);
        if (!met)
            missed(out, "%s", line);
    }
    for (int i = 0; i < d->n_needs; i++)
        if (d->need[i].group >= 0 && (only < 0 || d->need[i].group == only))
            judge_group_need(d, &d->need[i], p, orig, out);
    snprintf(out->binding, sizeof out->binding, "%s", sim_limit_label(p->limited_by));
}

/* A simulation of a request: its options, setup and result, until
   job_free. */
struct sim_job {
    struct cli_opts *o;
    struct sim_setup *su;
    struct sim_run_result *r;
};

/* q resolved and run into *j: 0, 1 (stopped) or -errno with why; *j is
   job_free's in every case. */
static int simulate(const struct eval_req *q, struct sim_job *j, char *why, size_t why_len)
{
    j->o = calloc(1, sizeof *j->o);
    j->su = calloc(1, sizeof *j->su);
    j->r = NULL;
    int rc = j->o && j->su ? 0 : -ENOMEM;
    if (rc == 0 && (rc = resolve(q, j->o, j->su, why, why_len)) == 0) {
        j->su->run.point.stop = q->a->cfg.stop;
        rc = sim_run(sim_setup_run(j->su), NULL, NULL, &j->r, why, why_len);
    }
    return rc;
}

static void job_free(struct sim_job *j)
{
    if (j->r)
        sim_run_free(j->r);
    free(j->o);
    free(j->su);
}

/* --survive-failure: a configuration that passed (of every group, or of
   the first group alone, so that the search's first phase keeps only
   the first group's options that survive) run again with disk 0 of its
   first group lost at the power asked (run --fail 0@10m) and judged on
   its rebalancing phase, the copy class left out; a miss there, or no
   redundancy restored, rejects it.  0 or -errno. */
static int survive(const struct cli_advise_opts *a, const struct adv_db_config *c,
                   int only, struct adv_db_outcome *out, char *why, size_t why_len)
{
    const struct eval_req q = { a, c, only, true };
    struct sim_job j;
    int rc = simulate(&q, &j, why, why_len);
    const struct sim_fail_result *f = rc == 0 && j.r ? j.r->fail : NULL;
    const char *group = a->db.cfg.group[0].name;
    if (f && f->outcome == SIM_FAIL_DATA_LOST)
        missed(out, "a lost disk of %s loses data (its redundancy keeps no copy)", group);
    else if (f && f->outcome != SIM_FAIL_RESTORED)
        missed(out, "a lost disk of %s: redundancy not restored (no room or no "
               "failure group to rebuild into)", group);
    else if (f) {
        struct sim_point_result p = f->run[SIM_PHASE_REBALANCING]->points[0];
        struct adv_db_outcome reb = *out;
        p.n_classes = f->copy_cls;          /* the database's classes only */
        judge(&a->db, only, &j.su->run, &p, &reb);
        if (!reb.pass)
            missed(out, "while %s rebalances a lost disk at power %d: %s", group,
                   a->db.survive_power, reb.missed);
    }
    job_free(&j);
    return rc < 0 ? rc : 0;
}

int cli_advise_db_eval(void *arg, const struct adv_db_config *c, int only,
                       struct adv_db_outcome *out, char *why, size_t why_len)
{
    const struct cli_advise_opts *a = arg;
    const struct eval_req q = { a, c, only, false };
    struct sim_job j;
    int rc = simulate(&q, &j, why, why_len);

    if (rc == 0 && j.r->n_points > 0) {
        out->simulated = true;
        judge(&a->db, only, &j.su->run, &j.r->points[0], out);
        if (out->pass && only <= 0 && a->db.survive_power > 0)
            rc = survive(a, c, only, out, why, why_len);
    }
    job_free(&j);
    return rc < 0 ? rc : 0;        /* 1: stopped, the search sees it */
}
