/*
 * cli_targets.c - the list of real targets (files or block devices) of a
 * run: --target PATH, --lun-file FILE and ORION's <testname>.lun.
 *
 * Targets are only collected here, never opened: the safety rules and the
 * sizes are checked when the options are resolved (cli_resolve.c), so a
 * bad path costs nothing.  What is checked here is what needs no opening:
 * that no target is another one under a second name (safety_identify /
 * safety_overlap: stat and sysfs only), because two "disks" that are one
 * would make every number of the run wrong.  Paths from the command line
 * point into argv; paths read from a LUN file are copied into
 * cli_opts.target_store, a fixed buffer inside the options, so the targets
 * live exactly as long as the struct cli_opts and need no freeing.
 *
 * A LUN file is a short text file, and is read as one: it must be a
 * regular file (report_input_open, as every input: stat'ed before it is
 * opened, so /dev/zero, a tape or a FIFO is refused without being opened)
 * of at most 1 MiB, and is read whole.  One path per line; a line that is empty or only blanks, or whose
 * first non-blank is '#', is skipped; a "\r\n" line end counts as "\n".
 * Anything else on a line is the path, exactly: a NUL byte or a control
 * character (below 0x20 - tab included - or DEL) is an error naming the
 * line, and so is a path that starts or ends with a space - a trailing
 * space after a DBA's /dev/mapper/asm01 is a typo, and silently stripping
 * it would make a name that really ends in a space unreachable, so neither
 * is guessed.
 *
 * Under mpirun a path may name each rank's own: "%h" is the rank's host
 * name, "%r" its rank, "%%" a '%' (cli_target_expand, for --target and
 * the --lun-file's name; not for the paths inside a LUN file).  Without
 * mpirun they are this host's name and rank 0.
 *
 * Invariant: o->n_targets <= LAY_MAX_DISKS and every targets[i] is a
 * non-empty, NUL-terminated path, none the same target as another.  On
 * error the reason names what is wrong and what would be valid, without
 * the flag or the LUN file's name (the caller adds it), and the targets
 * are as they were before the call.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sim/cli/cli.h"
#include "sim/aio/safety.h"
#include "sim/core/cluster.h"
#include "sim/report/report_input.h"

#define LUN_FILE_MAX_BYTES (1024 * 1024)
#define LUN_PATH_MAX CLI_TARGET_PATH_MAX

static int add_path(struct cli_opts *o, const char *path, char *why, size_t n)
{
    if (!*path) {
        snprintf(why, n, "empty path; give a file or block device path");
        return -EINVAL;
    }
    if (o->n_targets >= LAY_MAX_DISKS) {
        snprintf(why, n, "more than %d targets; give at most %d",
                 LAY_MAX_DISKS, LAY_MAX_DISKS);
        return -EINVAL;
    }
    o->targets[o->n_targets++] = path;
    return 0;
}

/* The first target i >= from that is an earlier target j under another
   name: 1 with *pi, *pj and how; 0 if none.  Targets from `from` on are
   the ones just added: they are identified here, once each (the earlier
   ones were when they were added), so n targets given one by one cost n
   identify calls, not n squared. */
static int first_overlap(struct cli_opts *o, int from, int *pi, int *pj,
                         char *how, size_t how_len)
{
    const struct safety_ident *ids = o->target_ids;

    for (int i = from; i < o->n_targets; i++)
        safety_identify(NULL, o->targets[i], &o->target_ids[i]);
    for (int i = from; i < o->n_targets; i++)
        for (int j = 0; j < i; j++) {
            if (strcmp(o->targets[i], o->targets[j]) == 0)
                snprintf(how, how_len, "the same path");
            else if (!safety_overlap(&ids[j], &ids[i], how, how_len))
                continue;
            *pi = i;
            *pj = j;
            return 1;
        }
    return 0;
}

const char *cli_target_expand(struct cli_opts *o, const char *path, char *why,
                              size_t n)
{
    char buf[LUN_PATH_MAX + 1];
    char *dst = o->target_store + o->target_store_used;

    if (!strchr(path, '%'))
        return path;
    size_t len = cluster_expand(o->cluster, path, buf, sizeof buf) == 0 ? strlen(buf)
                                                                      : sizeof buf;
    if (len > LUN_PATH_MAX) {
        snprintf(why, n, "with %%h and %%r expanded, longer than %d bytes",
                 LUN_PATH_MAX);
        return NULL;
    }
    if (o->target_store_used + len + 1 > sizeof o->target_store) {
        snprintf(why, n, "more than %zu bytes of paths; give fewer targets",
                 sizeof o->target_store);
        return NULL;
    }
    memcpy(dst, buf, len + 1);
    o->target_store_used += len + 1;
    return dst;
}

int cli_opts_add_target(struct cli_opts *o, const char *path, char *why,
                        size_t n)
{
    char how[160], qj[40];          /* the earlier target, cut short:
                                       the line already shows this one */
    int i, j, rc;

    if ((rc = add_path(o, path, why, n)) != 0)
        return rc;
    rc = first_overlap(o, o->n_targets - 1, &i, &j, how, sizeof how);
    if (rc == 0)
        return 0;
    o->n_targets--;
    snprintf(why, n, "target %d is the same as target %d (%s): %s; give "
             "every target once", i + 1, j + 1,
             cli_quote(o->targets[j], qj, sizeof qj), how);
    return -EINVAL;
}

/* The whole LUN file into *buf (malloc'ed, NUL-terminated), or -errno:
   a regular file (report_input_open: a FIFO, a device, a directory are
   refused before anything is opened) of at most 1 MiB. */
static int read_lun_text(const char *path, char **buf, size_t *len, char *why,
                         size_t why_len)
{
    FILE *f;
    int rc = report_input_open(path, &f, why, why_len);

    if (rc != 0) {
        size_t n = strlen(why);
        snprintf(why + n, why_len - n, "; give a text file that lists the "
                 "devices or files, one path per line");
        return rc;
    }
    char *b = malloc(LUN_FILE_MAX_BYTES + 2);
    /* one byte more than allowed: a file over the limit, or grown */
    size_t used = b ? fread(b, 1, LUN_FILE_MAX_BYTES + 1, f) : 0;
    bool bad = ferror(f) != 0;
    struct stat st;
    long long size = fstat(fileno(f), &st) == 0 ? (long long)st.st_size : -1;

    fclose(f);
    if (!b || bad || used > LUN_FILE_MAX_BYTES) {
        if (!b || bad)
            snprintf(why, why_len, "%s", !b ? "out of memory reading it" :
                     "cannot read it; list the devices or files, one path "
                     "per line");
        else
            snprintf(why, why_len, "is %lld bytes; a LUN file lists paths, "
                     "one per line, and may hold at most 1 MiB",
                     size > LUN_FILE_MAX_BYTES ? size : (long long)used);
        free(b);
        return !b ? -ENOMEM : bad ? -EIO : -EFBIG;
    }
    b[used] = '\0';
    *buf = b;
    *len = used;
    return 0;
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* One line (without its line end) that is not skipped: check it and copy
   it into the target store.  0 or -EINVAL with "line N: ..." in why. */
static int take_path(struct cli_opts *o, const char *p, size_t len, int lineno,
                     char *why, size_t why_len)
{
    char q[CLI_QUOTE_BUF];
    char *dst = o->target_store + o->target_store_used;

    if (len > LUN_PATH_MAX) {
        snprintf(why, why_len, "line %d: path longer than %d bytes", lineno,
                 LUN_PATH_MAX);
        return -EINVAL;
    }
    if (o->target_store_used + len + 1 > sizeof o->target_store) {
        snprintf(why, why_len, "more than %zu bytes of paths; list fewer "
                 "targets", sizeof o->target_store);
        return -EINVAL;
    }
    memcpy(dst, p, len);
    dst[len] = '\0';
    for (size_t k = 0; k < len; k++) {
        unsigned char c = (unsigned char)p[k];
        if (c < 0x20 || c == 0x7f) {
            snprintf(why, why_len, "line %d: control character in %s; a path "
                     "is printable text, one per line", lineno,
                     cli_quote(dst, q, sizeof q));
            return -EINVAL;
        }
    }
    if (p[0] == ' ' || p[len - 1] == ' ') {     /* tabs were caught above */
        snprintf(why, why_len, "line %d: %s %s with a space; a path is the "
                 "whole line, taken exactly: remove the space", lineno,
                 cli_quote(dst, q, sizeof q), p[0] == ' ' ? "starts" :
                 "ends");
        return -EINVAL;
    }
    o->target_store_used += len + 1;
    return add_path(o, dst, why, why_len);
}

/* Every line of the text: paths into o->targets, their line numbers into
   lines[] (indexed from the first new target). */
static int parse_lun_text(struct cli_opts *o, const char *buf, size_t len,
                          int *lines, char *why, size_t why_len)
{
    const char *p = buf, *end = buf + len;
    int lineno = 0, before = o->n_targets;

    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        size_t n = (size_t)(le - p);
        size_t lead = 0;

        lineno++;
        if (memchr(p, '\0', n)) {
            snprintf(why, why_len, "line %d: a NUL byte; a LUN file is text, "
                     "one path per line", lineno);
            return -EINVAL;
        }
        if (n && p[n - 1] == '\r')          /* a "\r\n" line end */
            n--;
        while (lead < n && is_blank(p[lead]))
            lead++;
        if (lead < n && p[lead] != '#') {
            int rc = take_path(o, p, n, lineno, why, why_len);
            if (rc)
                return rc;
            lines[o->n_targets - 1 - before] = lineno;
        }
        p = nl ? nl + 1 : end;
    }
    return 0;
}

int cli_read_lun_file(struct cli_opts *o, const char *path, char *why,
                      size_t why_len)
{
    int before = o->n_targets;
    size_t store_before = o->target_store_used;
    int lines[LAY_MAX_DISKS];
    char *buf = NULL;
    size_t len = 0;
    int rc, i, j;

    if ((rc = read_lun_text(path, &buf, &len, why, why_len)) != 0)
        return rc;
    rc = parse_lun_text(o, buf, len, lines, why, why_len);
    free(buf);
    if (rc == 0 && o->n_targets == before) {
        snprintf(why, why_len, "lists no targets; give one file or device "
                 "path per line");
        rc = -EINVAL;
    }
    if (rc == 0) {
        char how[160], qi[48], qj[40], other[48];

        rc = first_overlap(o, before, &i, &j, how, sizeof how);
        if (rc == 1) {
            if (j >= before)
                snprintf(other, sizeof other, "line %d", lines[j - before]);
            else
                snprintf(other, sizeof other, "target %d", j + 1);
            snprintf(why, why_len, "line %d: %s is the same target as %s "
                     "(%s): %s; list every target once", lines[i - before],
                     cli_quote(o->targets[i], qi, sizeof qi), other,
                     cli_quote(o->targets[j], qj, sizeof qj), how);
            rc = -EINVAL;
        }
    }
    if (rc) {
        o->n_targets = before;
        o->target_store_used = store_before;
    }
    return rc;
}
