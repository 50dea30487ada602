/*
 * cli_cluster_stderr.h - under mpirun, what the ranks say before they
 * agree to go on, said once (cli_cluster_stderr.c).
 *
 * Every rank reads the same command line, so a usage error would be said
 * once per rank.  From main.c's start until the ranks agree to go on
 * (cli_cluster_start; advise once its options are read), each rank's
 * stderr is held in a temp file.  Released, the texts are gathered on
 * rank 0, which prints its own, then each other rank's that differs from
 * it (a target missing on one host), every line of it led by "host H
 * (rank R): ".  Alone (one rank) nothing is held.
 */
#ifndef ASMSIM_SIM_CLI_CLUSTER_STDERR_H
#define ASMSIM_SIM_CLI_CLUSTER_STDERR_H

#include <stdbool.h>
#include <stdio.h>

struct cluster;

struct cli_stderr_hold {
    bool active;        /* a release is to come, on every rank */
    int saved_fd;       /* the real stderr while held, else -1 */
    FILE *text;         /* what this rank said meanwhile (NULL: no temp
                           file could be made, so it says it live) */
};

/* From here this rank's stderr is held, when the cluster has several. */
void cli_cluster_hold_stderr(const struct cluster *c, struct cli_stderr_hold *h);
/* Every rank together (a collective while held; nothing after). */
void cli_cluster_release_stderr(const struct cluster *c, struct cli_stderr_hold *h);
/* At the end of a command that released nothing (refused, --help, an
   unknown command: what every rank says alike): rank 0 says its text,
   the others drop theirs.  Not a collective. */
void cli_cluster_drop_stderr(const struct cluster *c, struct cli_stderr_hold *h);
/* The real stderr's descriptor (is it a terminal?), held or not; h may
   be NULL. */
int cli_cluster_stderr_fd(const struct cli_stderr_hold *h);

#endif
