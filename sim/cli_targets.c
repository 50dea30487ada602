/*
 * cli_targets.c - the list of real targets (files or block devices) of a
 * run: --target PATH, --lun-file FILE and ORION's <testname>.lun.
 *
 * Targets are only collected here, never opened: the safety rules and the
 * sizes are checked when the options are resolved (cli_resolve.c), so a
 * bad path costs nothing.  Paths from the command line point into argv;
 * paths read from a LUN file are copied into cli_opts.target_store, a
 * fixed buffer inside the options, so the targets live exactly as long as
 * the struct cli_opts and need no freeing.
 *
 * Invariant: o->n_targets <= LAY_MAX_DISKS and every targets[i] is a
 * non-empty, NUL-terminated path.  On error the reason names what is wrong
 * and what would be valid, without the flag (the caller adds it).
 */
#include <errno.h>
#include <string.h>

#include "sim/cli.h"

int cli_opts_add_target(struct cli_opts *o, const char *path, char *why,
                        size_t n)
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

int cli_read_lun_file(struct cli_opts *o, const char *path, char *why,
                      size_t why_len)
{
    char line[4096 + 2];
    FILE *f = fopen(path, "r");
    int lineno = 0, before = o->n_targets;

    if (!f) {
        int e = errno;
        snprintf(why, why_len, "cannot read it (%s); list the devices or "
                 "files, one path per line", strerror(e));
        return -e;
    }
    while (fgets(line, sizeof line, f)) {
        size_t len = strlen(line);
        lineno++;
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            fclose(f);
            snprintf(why, why_len, "line %d: path longer than 4096 bytes",
                     lineno);
            return -EINVAL;
        }
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r' ||
                       line[len - 1] == ' ' || line[len - 1] == '\t'))
            line[--len] = '\0';
        char *p = line + strspn(line, " \t");
        len = strlen(p);
        if (!len || *p == '#')
            continue;
        if (o->target_store_used + len + 1 > sizeof o->target_store) {
            fclose(f);
            snprintf(why, why_len, "more than %zu bytes of paths; list fewer "
                     "targets", sizeof o->target_store);
            return -EINVAL;
        }
        char *dst = o->target_store + o->target_store_used;
        memcpy(dst, p, len + 1);
        o->target_store_used += len + 1;
        int rc = cli_opts_add_target(o, dst, why, why_len);
        if (rc) {
            fclose(f);
            return rc;
        }
    }
    fclose(f);
    if (o->n_targets == before) {
        snprintf(why, why_len, "lists no targets; give one file or device "
                 "path per line");
        return -EINVAL;
    }
    return 0;
}
