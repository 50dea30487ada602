/*
 * cli_cluster_stderr.c - under mpirun, what the ranks say before they
 * agree to go on, said once (cli_cluster_stderr.h).
 *
 * Held: descriptor 2 points at an unlinked temp file (tmpfile), the real
 * stderr kept on a descriptor of its own, so every write (stdio, perror,
 * a library's) lands in the file.  Released: the file's text is read, the
 * real stderr put back, and the texts gathered on rank 0
 * (cluster_gather_texts), which writes its own and then each text that
 * differs from it: every rank parsed the same words, so a text unlike
 * rank 0's is that host's own (a target it lacks).  Nothing between the
 * start and the agreement draws on a terminal (the run's progress comes
 * after), so holding it loses no live line; whether the real stderr is a
 * terminal is still asked of the real one (cli_cluster_stderr_fd).
 *
 * When no temp file can be made the rank says things live, as before
 * this existed, and still takes part in the gathering with no text, so
 * that the ranks' collectives stay paired.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/cli/cli_cluster_stderr.h"
#include "sim/core/cluster.h"

void cli_cluster_hold_stderr(const struct cluster *c, struct cli_stderr_hold *h)
{
    *h = (struct cli_stderr_hold){ .saved_fd = -1 };
    if (cluster_size(c) <= 1)
        return;
    h->active = true;
    FILE *t = tmpfile();
    int saved = t ? dup(STDERR_FILENO) : -1;
    fflush(stderr);
    if (saved < 0 || dup2(fileno(t), STDERR_FILENO) < 0) {
        if (saved >= 0)
            close(saved);
        if (t)
            fclose(t);
        return;
    }
    h->saved_fd = saved;
    h->text = t;
}

/* What was said while held, the real stderr back on descriptor 2: a
   malloc'ed text ("" when nothing was held), or NULL out of memory. */
static char *take_text(struct cli_stderr_hold *h)
{
    char *text = NULL;
    size_t len = 0;
    h->active = false;
    if (!h->text)
        return strdup("");
    fflush(stderr);
    long end = ftell(h->text);
    if (end >= 0 && fseek(h->text, 0, SEEK_SET) == 0 &&
        (text = malloc((size_t)end + 1)) != NULL)
        len = fread(text, 1, (size_t)end, h->text);
    if (text)
        text[len] = '\0';
    dup2(h->saved_fd, STDERR_FILENO);
    close(h->saved_fd);
    fclose(h->text);
    h->text = NULL;
    h->saved_fd = -1;
    return text;
}

/* Another rank's text, each line after "host H (rank R): " (a line that
   starts "asmsim: " keeps it first). */
static void say_for(const struct cluster *c, int rank, const char *text)
{
    static const char lead[] = "asmsim: ";
    while (*text) {
        size_t n = strcspn(text, "\n");
        const char *line = text;
        size_t skip = strncmp(line, lead, sizeof lead - 1) == 0 ? sizeof lead - 1 : 0;
        fprintf(stderr, "%shost %s (rank %d): %.*s\n", lead, cluster_host_of(c, rank),
                rank, (int)(n - skip), line + skip);
        text += n + (text[n] == '\n');
    }
}

void cli_cluster_release_stderr(const struct cluster *c, struct cli_stderr_hold *h)
{
    if (!h || !h->active)
        return;
    char *mine = take_text(h), **all = NULL;
    if (cluster_gather_texts(c, mine ? mine : "", &all) != 0) {
        fputs(mine ? mine : "", stderr);    /* the gathering failed: its own */
    } else if (all) {                       /* rank 0 */
        fputs(all[0], stderr);
        for (int r = 1; r < cluster_size(c); r++)
            if (strcmp(all[r], all[0]) != 0)
                say_for(c, r, all[r]);
    }
    fflush(stderr);
    cluster_texts_free(c, all);
    free(mine);
}

void cli_cluster_drop_stderr(const struct cluster *c, struct cli_stderr_hold *h)
{
    if (!h || !h->active)
        return;
    char *mine = take_text(h);
    if (cluster_rank(c) == 0 && mine)
        fputs(mine, stderr);
    free(mine);
}

int cli_cluster_stderr_fd(const struct cli_stderr_hold *h)
{
    return h && h->saved_fd >= 0 ? h->saved_fd : STDERR_FILENO;
}
