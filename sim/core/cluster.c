/*
 * cluster.c - the ranks that measure together (cluster.h), on MPI when
 * the build has it (ASMSIM_HAVE_MPI, CMake's option ASMSIM_MPI), else a
 * cluster of one.
 *
 * Module map
 * ----------
 *   the launcher     cluster_launched_size reads what mpirun (Open MPI:
 *                    OMPI_COMM_WORLD_SIZE) or a PMI launcher (MPICH's
 *                    hydra, Slurm: PMI_SIZE) put in the environment; a
 *                    process started by neither, or as one process, never
 *                    initialises MPI, so a plain run costs nothing and
 *                    prints what it always printed.
 *   open / close     MPI_Init, errors returned rather than fatal
 *                    (MPI_ERRORS_RETURN), every rank's host name gathered
 *                    once; MPI_Finalize.
 *   mpi_*            barrier, reduce-then-broadcast, all-gather, gather
 *                    of texts, broadcast: the only calls of MPI (without
 *                    it, stubs that are never reached).
 *   the collectives  the same, public: a cluster of one (a NULL handle,
 *                    the only kind without MPI) serves itself here, one
 *                    test and no MPI call, the same in both builds.
 *   built on them    the merge of a histogram, the agreed status, the
 *                    "%h"/"%r" patterns: the same code with and without
 *                    MPI.
 *
 * Why reduce then broadcast, not an all-reduce: MPI lets an all-reduce
 * of doubles give each rank a result rounded its own way; the run takes
 * decisions on the merged figures (whether a class's levels go on), and
 * a decision that differs by rank would hang the next collective call.
 */
#include "sim/core/cluster.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef ASMSIM_HAVE_MPI
#include <mpi.h>
#endif

struct cluster {
    int rank, size;
    char host[CLUSTER_HOST_MAX];
    char (*hosts)[CLUSTER_HOST_MAX];    /* [size] */
};

int cluster_launched_size(void)
{
    static const char *const vars[] = { "OMPI_COMM_WORLD_SIZE", "PMI_SIZE" };
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        char *end;
        long n = v ? strtol(v, &end, 10) : 0;
        if (v && *end == '\0' && n > 0 && n <= INT_MAX)
            return (int)n;
    }
    return 1;
}

bool cluster_built_with_mpi(void)
{
#ifdef ASMSIM_HAVE_MPI
    return true;
#else
    return false;
#endif
}

static bool alone(const struct cluster *c)
{
    return !c || c->size <= 1;
}

int cluster_rank(const struct cluster *c)
{
    return c ? c->rank : 0;
}

int cluster_size(const struct cluster *c)
{
    return c ? c->size : 1;
}

/* This machine's name, once per process (gethostname does not change). */
static const char *own_host(void)
{
    static char name[CLUSTER_HOST_MAX];
    if (!name[0] && gethostname(name, sizeof name - 1) != 0)
        snprintf(name, sizeof name, "localhost");
    return name;
}

const char *cluster_host(const struct cluster *c)
{
    return c ? c->host : own_host();
}

const char *cluster_host_of(const struct cluster *c, int rank)
{
    if (!c || !c->hosts || rank < 0 || rank >= c->size)
        return cluster_host(c);
    return c->hosts[rank];
}

/* ---- MPI: the only calls of it --------------------------------------------- */

#ifdef ASMSIM_HAVE_MPI

static int mpi_rc(int rc)
{
    return rc == MPI_SUCCESS ? 0 : -EIO;
}

static MPI_Op mpi_op(enum cluster_op op)
{
    return op == CLUSTER_MIN ? MPI_MIN : op == CLUSTER_MAX ? MPI_MAX : MPI_SUM;
}

static int mpi_barrier(void)
{
    return mpi_rc(MPI_Barrier(MPI_COMM_WORLD));
}

/* v[0..n) (doubles, else uint64_t) reduced to rank 0, then rank 0's sent
   to every rank. */
static int mpi_reduce(const struct cluster *c, void *v, int n, bool f64,
                      enum cluster_op op)
{
    MPI_Datatype t = f64 ? MPI_DOUBLE : MPI_UINT64_T;
    int rc = c->rank == 0
        ? MPI_Reduce(MPI_IN_PLACE, v, n, t, mpi_op(op), 0, MPI_COMM_WORLD)
        : MPI_Reduce(v, NULL, n, t, mpi_op(op), 0, MPI_COMM_WORLD);
    if (rc == MPI_SUCCESS)
        rc = MPI_Bcast(v, n, t, 0, MPI_COMM_WORLD);
    return mpi_rc(rc);
}

static int mpi_bcast(void *buf, int len, int root)
{
    return mpi_rc(MPI_Bcast(buf, len, MPI_BYTE, root, MPI_COMM_WORLD));
}

static int mpi_allgather(const void *mine, int len, void *all)
{
    return mpi_rc(MPI_Allgather(mine, len, MPI_BYTE, all, len, MPI_BYTE,
                                MPI_COMM_WORLD));
}

/* Rank 0: the lengths (counts[]), their offsets (displs[]) and the room
   for every text; 0 or -errno. */
static int texts_room(const struct cluster *c, const int *counts, int *displs,
                      char **buf)
{
    long total = 0;
    for (int r = 0; r < c->size; r++) {
        displs[r] = (int)total;
        total += counts[r];
        if (total > INT_MAX)
            return -E2BIG;
    }
    *buf = malloc((size_t)total + 1);
    return *buf ? 0 : -ENOMEM;
}

/* Rank 0: the gathered bytes cut into one string per rank. */
static int texts_split(const struct cluster *c, const char *buf, const int *counts,
                       const int *displs, char ***all)
{
    char **out = calloc((size_t)c->size, sizeof *out);
    for (int r = 0; out && r < c->size; r++) {
        out[r] = malloc((size_t)counts[r] + 1);
        if (!out[r]) {
            cluster_texts_free(c, out);
            return -ENOMEM;
        }
        memcpy(out[r], buf + displs[r], (size_t)counts[r]);
        out[r][counts[r]] = '\0';
    }
    *all = out;
    return out ? 0 : -ENOMEM;
}

static int mpi_gather_texts(const struct cluster *c, const char *mine, int n,
                            char ***all)
{
    int *counts = NULL, *displs = NULL;
    char *buf = NULL;
    if (c->rank == 0) {
        counts = calloc((size_t)c->size, sizeof *counts);
        displs = calloc((size_t)c->size, sizeof *displs);
    }
    int rc = c->rank == 0 && (!counts || !displs) ? -ENOMEM : 0;
    /* every rank takes part, so a rank 0 out of memory still gathers */
    int mrc = MPI_Gather(&n, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rc == 0 && mrc != MPI_SUCCESS)
        rc = -EIO;
    if (rc == 0 && c->rank == 0)
        rc = texts_room(c, counts, displs, &buf);
    mrc = MPI_Gatherv(mine, n, MPI_CHAR, buf, counts, displs, MPI_CHAR, 0,
                      MPI_COMM_WORLD);
    if (rc == 0 && mrc != MPI_SUCCESS)
        rc = -EIO;
    if (rc == 0 && c->rank == 0)
        rc = texts_split(c, buf, counts, displs, all);
    free(buf);
    free(counts);
    free(displs);
    return rc;
}

int cluster_open(int *argc, char ***argv, struct cluster **out, char *why,
                 size_t why_len)
{
    *out = NULL;
    if (cluster_launched_size() <= 1)
        return 0;
    if (MPI_Init(argc, argv) != MPI_SUCCESS) {
        snprintf(why, why_len, "MPI_Init failed: cannot join the ranks mpirun started");
        return -EIO;
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    struct cluster *c = calloc(1, sizeof *c);
    if (c) {
        MPI_Comm_rank(MPI_COMM_WORLD, &c->rank);
        MPI_Comm_size(MPI_COMM_WORLD, &c->size);
        snprintf(c->host, sizeof c->host, "%s", own_host());
        c->hosts = calloc((size_t)c->size, sizeof *c->hosts);
    }
    if (!c || !c->hosts) {      /* the others wait in the gather: end them */
        snprintf(why, why_len, "out of memory");
        MPI_Abort(MPI_COMM_WORLD, 1);
        free(c);
        return -ENOMEM;
    }
    if (MPI_Allgather(c->host, CLUSTER_HOST_MAX, MPI_CHAR, c->hosts, CLUSTER_HOST_MAX,
                      MPI_CHAR, MPI_COMM_WORLD) != MPI_SUCCESS) {
        snprintf(why, why_len, "cannot gather the ranks' host names");
        cluster_close(c);
        return -EIO;
    }
    *out = c;
    return 0;
}

void cluster_close(struct cluster *c)
{
    if (!c)
        return;
    free(c->hosts);
    free(c);
    MPI_Finalize();
}

#else   /* no MPI: every handle is NULL, a cluster of one, which the
           collectives below serve themselves: these are never called */

static int mpi_barrier(void)
{
    return -ENOTSUP;
}

static int mpi_reduce(const struct cluster *c, void *v, int n, bool f64,
                      enum cluster_op op)
{
    (void)c, (void)v, (void)n, (void)f64, (void)op;
    return -ENOTSUP;
}

static int mpi_bcast(void *buf, int len, int root)
{
    (void)buf, (void)len, (void)root;
    return -ENOTSUP;
}

static int mpi_allgather(const void *mine, int len, void *all)
{
    (void)mine, (void)len, (void)all;
    return -ENOTSUP;
}

static int mpi_gather_texts(const struct cluster *c, const char *mine, int n,
                            char ***all)
{
    (void)c, (void)mine, (void)n, (void)all;
    return -ENOTSUP;
}

int cluster_open(int *argc, char ***argv, struct cluster **out, char *why,
                 size_t why_len)
{
    (void)argc, (void)argv;
    *out = NULL;
    int n = cluster_launched_size();
    if (n <= 1)
        return 0;
    snprintf(why, why_len, "mpirun started %d copies of a build without MPI: each would "
             "run alone and write the same files; build with Open MPI or MPICH "
             "installed (./build.sh installs Open MPI)", n);
    return -ENOTSUP;
}

void cluster_close(struct cluster *c)
{
    (void)c;
}

#endif

/* ---- the collectives: a cluster of one serves itself ------------------------ */

int cluster_barrier(const struct cluster *c)
{
    return alone(c) ? 0 : mpi_barrier();
}

int cluster_reduce_u64(const struct cluster *c, uint64_t *v, int n, enum cluster_op op)
{
    return alone(c) || n <= 0 ? 0 : mpi_reduce(c, v, n, false, op);
}

int cluster_reduce_f64(const struct cluster *c, double *v, int n, enum cluster_op op)
{
    return alone(c) || n <= 0 ? 0 : mpi_reduce(c, v, n, true, op);
}

static int bcast_from(const struct cluster *c, void *buf, size_t len, int root)
{
    if (alone(c))
        return 0;
    return len > INT_MAX ? -E2BIG : mpi_bcast(buf, (int)len, root);
}

int cluster_bcast(const struct cluster *c, void *buf, size_t len)
{
    return bcast_from(c, buf, len, 0);
}

int cluster_allgather(const struct cluster *c, const void *mine, size_t len, void *all)
{
    if (alone(c)) {
        memcpy(all, mine, len);
        return 0;
    }
    if (len > INT_MAX / (size_t)c->size)
        return -E2BIG;
    return mpi_allgather(mine, (int)len, all);
}

int cluster_gather_texts(const struct cluster *c, const char *mine, char ***all)
{
    *all = NULL;
    size_t len = strlen(mine);
    if (len > INT_MAX)
        return -E2BIG;
    if (!alone(c))
        return mpi_gather_texts(c, mine, (int)len, all);
    *all = calloc(1, sizeof **all);
    if (*all && !((*all)[0] = strdup(mine)))
        cluster_texts_free(c, *all), *all = NULL;
    return *all ? 0 : -ENOMEM;
}

/* ---- built on the collectives ---------------------------------------------- */

void cluster_texts_free(const struct cluster *c, char **all)
{
    if (!all)
        return;
    for (int r = 0; r < cluster_size(c); r++)
        free(all[r]);
    free(all);
}

int cluster_merge_hist(const struct cluster *c, struct hist *h)
{
    if (alone(c))
        return 0;
    double sums[2] = { h->sum_ns, h->sumsq_ns2 };
    int rc = cluster_reduce_u64(c, &h->count, 1, CLUSTER_SUM);
    if (rc == 0)
        rc = cluster_reduce_u64(c, h->bucket, HIST_BUCKETS, CLUSTER_SUM);
    if (rc == 0)
        rc = cluster_reduce_u64(c, &h->min_ns, 1, CLUSTER_MIN);
    if (rc == 0)
        rc = cluster_reduce_u64(c, &h->max_ns, 1, CLUSTER_MAX);
    if (rc == 0)
        rc = cluster_reduce_f64(c, sums, 2, CLUSTER_SUM);
    h->sum_ns = sums[0];
    h->sumsq_ns2 = sums[1];
    return rc;
}

/* The rank whose status the cluster takes: the first that failed, else
   the first that stopped; -1 when all go on. */
static int deciding_rank(const int *rcs, int n)
{
    int first_stop = -1;
    for (int r = 0; r < n; r++) {
        if (rcs[r] < 0)
            return r;
        if (rcs[r] > 0 && first_stop < 0)
            first_stop = r;
    }
    return first_stop;
}

int cluster_agree(const struct cluster *c, int rc, char *why, size_t why_len)
{
    if (alone(c))
        return rc;
    int *rcs = malloc((size_t)c->size * sizeof *rcs);
    int own = rc;
    int mrc = rcs ? cluster_allgather(c, &own, sizeof own, rcs) : -ENOMEM;
    if (mrc < 0) {
        free(rcs);
        snprintf(why, why_len, "host %s (rank %d): the ranks cannot exchange their "
                 "status: %s", c->host, c->rank, strerror(-mrc));
        return mrc;
    }
    int r = deciding_rank(rcs, c->size);
    int agreed = r < 0 ? 0 : rcs[r];
    free(rcs);
    if (r < 0)
        return 0;
    char msg[512];
    snprintf(msg, sizeof msg, "%s", c->rank == r ? why : "");
    if (bcast_from(c, msg, sizeof msg, r) < 0)
        snprintf(msg, sizeof msg, "(its message was lost)");
    snprintf(why, why_len, "host %s (rank %d): %s", cluster_host_of(c, r), r, msg);
    return agreed;
}

int cluster_expand(const struct cluster *c, const char *pattern, char *out,
                   size_t out_len)
{
    size_t n = 0;
    for (const char *p = pattern; *p; p++) {
        char num[16];
        const char *put = NULL;
        if (p[0] == '%' && p[1] == 'h')
            put = cluster_host(c);
        else if (p[0] == '%' && p[1] == 'r')
            snprintf(num, sizeof num, "%d", cluster_rank(c)), put = num;
        else if (p[0] == '%' && p[1] == '%')
            put = "%";
        size_t len = put ? strlen(put) : 1;
        if (n + len >= out_len)
            return -ENAMETOOLONG;
        memcpy(out + n, put ? put : p, len);
        n += len;
        p += put ? 1 : 0;
    }
    out[n] = '\0';
    return 0;
}
