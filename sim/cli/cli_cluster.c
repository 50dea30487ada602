/*
 * cli_cluster.c - the commands under mpirun (cli_cluster.h).  The ranks
 * come from main.c (cluster_open), which also points the stdout of every
 * rank but 0 at /dev/null: rank 0 alone prints and writes files.
 *
 *   run       each rank drives its own host's targets (--lun-file
 *             luns.%h.lun: cli_target_expand); the ranks agree to start
 *             (cli_cluster_start: a rank whose targets are missing ends
 *             every rank, its host named), then measure every point
 *             together (sim/core/run_cluster.c: a barrier before each
 *             point, the figures merged after).  The output is the
 *             cluster's, with each host's rows beside it
 *             (cli_cluster_print, the JSON's points[].hosts[]).
 *             --warmup auto is a fixed CLUSTER_WARMUP_NS there, so the
 *             windows open together.  A database workload (--workload)
 *             runs whole on every rank, as each RAC instance runs its
 *             own sessions: its classes' rows per host
 *             (print_point_hosts_db), the cluster's demand and verdict
 *             the merged point's (run_cluster.c).  Refused on several
 *             ranks: the model (a cluster of modelled hosts is --nodes,
 *             in one process: cli_nodes.c) and the dashboard.
 *             --duration auto ends every rank's window at
 *             once, when the cluster's figures converge (engine.c,
 *             "Convergence").  main.c starts no other command on several
 *             ranks (sweep, orion, forecast...: each rank would do the
 *             same alone and write the same files).
 *   advise    the search cut over the ranks as --shard K/N cuts it, the
 *             shards' decisions gathered on rank 0 as text (the lines
 *             --shard writes, so a host needs no shared file system) and
 *             merged as --merge merges them: the same answer as one
 *             process (cli_cluster_advise).  --shard, --merge and a
 *             database's search (--workload) run alone
 *             (cli_cluster_refuse).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sim/advise/advise.h"
#include "sim/cli/cli.h"
#include "sim/cli/cli_advise_json.h"
#include "sim/cli/cli_cluster.h"
#include "sim/cli/cli_cluster_stderr.h"
#include "sim/core/cluster.h"
#include "sim/report/report.h"

/* --warmup auto under mpirun: long enough to fill any device's queue
   (the auto warm-up of a run on files or NVMe takes milliseconds), short
   next to a point */
#define CLUSTER_WARMUP_NS (500 * SIM_NS_PER_MS)

/* The first of this rank's targets whose path holds a newline (rank 0
   gathers the targets as lines: gather_targets), or -1. */
static int newline_target(const struct cli_job *j)
{
    for (int d = 0; d < j->cfg.run.disks; d++)
        if (strchr(j->cfg.run.disk_names[d], '\n'))
            return d;
    return -1;
}

/* What a run on several ranks needs, checked alike on every rank (the
   same argv, but each rank's own targets): 0, or -EINVAL with why. */
static int cluster_rules(const struct cli_opts *o, const struct cli_job *j,
                         char *why, size_t why_len)
{
    if (!j->cfg.run.disk_names)
        snprintf(why, why_len, "under mpirun each rank drives its own real targets: "
                 "give --target or --lun-file (luns.%%h.lun: one file per host); the "
                 "model of several hosts is --nodes H, in one process");
    else if (o->tui)
        snprintf(why, why_len, "--tui: not under mpirun; watch rank 0's --progress");
    else if (newline_target(j) >= 0)
        snprintf(why, why_len, "target %d of a rank holds a newline in its path: the "
                 "ranks list their targets a line each; give it a name without one "
                 "(a link to it)", newline_target(j));
    else
        return 0;
    return -EINVAL;
}

/* Every rank's targets on rank 0 (j->meta.rank_targets: the header, the
   JSON's cluster.targets, the report); the others keep none.  0 or
   -errno (every rank calls it). */
static int gather_targets(const struct cluster *c, struct cli_job *j)
{
    const struct sim_run_cfg *run = &j->cfg.run;
    size_t len = 1;
    for (int d = 0; d < run->disks; d++)
        len += strlen(run->disk_names[d]) + 1;
    char *mine = malloc(len), **all = NULL;
    size_t n = 0;
    for (int d = 0; mine && d < run->disks; d++)
        n += (size_t)snprintf(mine + n, len - n, "%s%s", d ? "\n" : "",
                              run->disk_names[d]);
    /* out of memory here still takes part, with no targets */
    int rc = cluster_gather_texts(c, mine ? mine : "", &all);
    free(mine);
    if (rc == 0 && all) {
        j->rank_targets = all;
        j->n_rank_targets = cluster_size(c);
        j->meta.rank_targets = all;
        j->meta.n_rank_targets = cluster_size(c);
    }
    return rc;
}

int cli_cluster_start(struct cli_opts *o, struct cli_job *j, int rc)
{
    const struct cluster *c = o->cluster;
    char why[CLI_WHY_LEN] = "";

    /* what the ranks said so far (a usage error, a target missing on one
       host), once */
    cli_cluster_release_stderr(c, o->held_stderr);
    if (cluster_size(c) <= 1)
        return rc;
    bool rule = false;
    if (rc == 0 && cluster_rules(o, j, why, sizeof why) < 0) {
        rule = true;            /* the same on every rank: rank 0 says it */
        rc = 2;
    } else if (rc != 0) {
        snprintf(why, sizeof why, "could not start (its message is above); "
                 "nothing was run");
    }
    int agreed = cluster_agree(c, rc ? -EINVAL : 0, why, sizeof why);
    if (agreed != 0) {
        if (cluster_rank(c) == 0 && (rc == 0 || rule))
            fprintf(stderr, "asmsim: %s\n", why);
        return rc ? rc : 2;
    }
    if (gather_targets(c, j) < 0) {
        if (cluster_rank(c) == 0)
            fprintf(stderr, "asmsim: the ranks cannot gather their targets\n");
        return 1;
    }
    /* the auto warm-up ends when this rank's pipeline is full, at its own
       time: a fixed one opens every rank's window together */
    if (o->warmup_ns == SIM_WARMUP_AUTO)
        o->warmup_ns = j->cfg.run.point.warmup_ns = CLUSTER_WARMUP_NS;
    if (cluster_rank(c) != 0) {     /* rank 0 alone writes files */
        /* and says what the ranks agree on (a failure names its host):
           the others' stderr would say it again */
        if (!freopen("/dev/null", "w", stderr))
            return 1;
        o->output_dir = NULL;
        o->report_path = NULL;
        if (o->json_path && strcmp(o->json_path, "-") != 0)
            o->json_path = NULL;
        if (o->fio_json_path && strcmp(o->fio_json_path, "-") != 0)
            o->fio_json_path = NULL;
    }
    return 0;
}

/* WHAT is a command ("sweep"), or an option of one that runs under
   mpirun ("advise --workload"): of a command, the ones that do run
   there are named; of an option, that it alone runs in one process. */
int cli_cluster_refuse(const struct cluster *c, const char *what)
{
    if (cluster_size(c) <= 1)
        return 0;
    if (cluster_rank(c) != 0)
        return 2;
    if (strchr(what, ' '))
        fprintf(stderr, "asmsim: %s: not under mpirun with several ranks (%s runs in "
                "one process); run it without mpirun\n", what, what);
    else
        fprintf(stderr, "asmsim: %s: not under mpirun with several ranks (run and "
                "advise are); run it in one process\n", what);
    return 2;
}

/* ---- the hosts' rows ------------------------------------------------------ */

/* The earliest window of the point: the hosts' offsets are from it. */
static double first_window(const struct sim_point_result *p)
{
    double t = p->hosts[0].window_unix_s;
    for (int r = 1; r < p->n_hosts; r++)
        if (p->hosts[r].window_unix_s < t)
            t = p->hosts[r].window_unix_s;
    return t;
}

static void print_point_hosts(FILE *f, const struct sim_point_result *p)
{
    double t0 = first_window(p);
    char at[32];
    snprintf(at, sizeof at, "%d,%d", p->small, p->large);
    for (int r = 0; r < p->n_hosts; r++) {
        const struct sim_host_point *h = &p->hosts[r];
        fprintf(f, "  %-9s %-20.20s %4d %9.1f %8.2f %10.0f %10.2f %8.0f %8.0f\n", at,
                h->host, h->rank, (h->window_unix_s - t0) * 1e3, h->measured_s,
                h->cls[WL_SMALL].iops, h->cls[WL_LARGE].mbps, h->cls[WL_SMALL].avg_lat_us,
                h->cls[WL_LARGE].avg_lat_us);
    }
    fprintf(f, "  %-9s %-20s %4s %9s %8.2f %10.0f %10.2f %8.0f %8.0f\n", at, "all hosts",
            "", "", p->measured_s, p->cls[WL_SMALL].iops, p->cls[WL_LARGE].mbps,
            p->cls[WL_SMALL].lat.avg_us, p->cls[WL_LARGE].lat.avg_us);
}

/* A database workload's point: each class, a row per host and the
   cluster's (the class table's) after them. */
static void print_point_hosts_db(FILE *f, const struct sim_point_result *p,
                                 const struct sim_run_cfg *run)
{
    double t0 = first_window(p);
    for (int c = 0; c < p->n_classes && c < run->workload.n_classes; c++) {
        const char *name = run->db.class_name[c];
        for (int r = 0; r < p->n_hosts; r++) {
            const struct sim_host_point *h = &p->hosts[r];
            fprintf(f, "  %-12.12s %-20.20s %4d %9.1f %8.2f %10.0f %10.2f %8.0f %8.0f\n",
                    name, h->host, h->rank, (h->window_unix_s - t0) * 1e3, h->measured_s,
                    h->cls[c].iops, h->cls[c].mbps, h->cls[c].avg_lat_us,
                    h->cls[c].p99_lat_us);
        }
        fprintf(f, "  %-12.12s %-20s %4s %9s %8.2f %10.0f %10.2f %8.0f %8.0f\n", name,
                "all hosts", "", "", p->measured_s, p->cls[c].iops, p->cls[c].mbps,
                p->cls[c].lat.avg_us, p->cls[c].lat.p99_us);
    }
}

void cli_cluster_print(FILE *f, const struct sim_run_result *r,
                       const struct sim_run_cfg *run, bool modelled)
{
    if (r->n_points == 0 || r->points[0].n_hosts == 0)
        return;
    if (modelled)       /* --nodes: the engine's own rows (node_stats.c) */
        fprintf(f, "\nNodes (%d modelled instances on the same volumes, each offering "
                "the whole load; the figures\nabove are the cluster's: every node's "
                "I/O together; us: mean latency)\n", r->points[0].n_hosts);
    else
        fprintf(f, "\nHosts (%d ranks measured every point together; the figures above "
                "are all hosts':\nrates added, latency from the merged histograms; start: "
                "the window's, from the first host's; us: mean latency)\n",
                r->points[0].n_hosts);
    if (sim_run_db(run))
        fprintf(f, "  %-12s %-20s %4s %9s %8s %10s %10s %8s %8s\n", "class", "host",
                "rank", "start ms", "window s", "IOPS", "MB/s", "mean us", "p99 us");
    else
        fprintf(f, "  %-9s %-20s %4s %9s %8s %10s %10s %8s %8s\n", "point", "host", "rank",
                "start ms", "window s", "small IOPS", "large MB/s", "small us", "large us");
    for (int i = 0; i < r->n_points; i++) {
        if (r->points[i].n_hosts == 0)
            continue;
        if (sim_run_db(run))
            print_point_hosts_db(f, &r->points[i], run);
        else
            print_point_hosts(f, &r->points[i]);
    }
}

/* ---- advise over the ranks ------------------------------------------------ */

/* Rank 0: the shards' texts merged into *out. */
static int merge_texts(const struct adv_cfg *cfg, char **texts, int n,
                       struct adv_result **out, char *why, size_t why_len)
{
    struct cli_advise_shard *sh = calloc((size_t)n, sizeof *sh);
    const struct adv_decided **d = calloc((size_t)n, sizeof *d);
    int rc = sh && d ? 0 : -ENOMEM;
    for (int i = 0; rc == 0 && i < n; i++) {
        char name[32];
        snprintf(name, sizeof name, "rank %d's shard", i);
        rc = cli_advise_shard_parse(texts[i], name, &sh[i], why, why_len);
        d[i] = &sh[i].decided;
    }
    struct adv_cfg whole = *cfg;
    whole.shard_k = whole.shard_n = 0;
    if (rc == 0 && (rc = adv_merge(&whole, d, n, out)) < 0)
        snprintf(why, why_len, "out of memory");
    for (int i = 0; sh && i < n; i++)
        cli_advise_shard_free(&sh[i]);
    free(sh);
    free(d);
    return rc;
}

int cli_cluster_advise(const struct cluster *c, struct adv_cfg *cfg,
                       struct adv_result **out, char *why, size_t why_len)
{
    struct adv_result *mine = NULL;
    char *text = NULL, **texts = NULL;

    if (cluster_rank(c) != 0) {
        /* rank 0 alone shows the progress and what the ranks agree on
           (a failure names its host), as a run's (cli_cluster_start) */
        cfg->progress = NULL;
        if (!freopen("/dev/null", "w", stderr))
            return -EIO;
    }
    cfg->shard_k = cluster_rank(c) + 1;
    cfg->shard_n = cluster_size(c);
    int rc = adv_search(cfg, &mine, why, why_len);
    if (rc >= 0 && (rc = cli_advise_shard_text(cfg, mine, &text)) < 0)
        snprintf(why, why_len, "out of memory");
    rc = cluster_agree(c, rc < 0 ? rc : 0, why, why_len);
    if (rc == 0)
        rc = cluster_gather_texts(c, text, &texts);
    if (rc == 0 && cluster_rank(c) == 0)
        rc = merge_texts(cfg, texts, cluster_size(c), out, why, why_len);
    cfg->shard_k = cfg->shard_n = 0;
    cluster_texts_free(c, texts);
    free(text);
    if (rc == 0 && cluster_rank(c) != 0) {
        *out = mine;
        return 0;
    }
    adv_result_free(mine);
    return rc;
}
