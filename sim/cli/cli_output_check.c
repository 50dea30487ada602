/*
 * cli_output_check.c - cli_check_outputs(): before anything runs, make
 * sure every output the command will write can be written.
 *
 * A run may take hours; finding out at the end that --output-dir is a file
 * or --json names a missing directory would lose the results.  So the
 * paths are checked up front: --output-dir must be a writable directory,
 * or a path whose nearest existing ancestor is a writable directory (it is
 * created later, just before the run), and the directory of a --json file
 * must exist and be writable ("-" is stdout); so must that of a --report
 * file, which must not exist itself (a report is never replaced: checked
 * here, and again when it is placed, html_report_file).  What may already
 * be at a --json path is report_output_target's rule (report_output.c),
 * the same one report_write_atomic applies when it writes: nothing,
 * asmsim's own output, /dev/null, a terminal or a FIFO; never a device,
 * a directory or a file asmsim did not write, nor one through a link.
 * A terminal must open, too: /dev/tty does not in a command without a
 * controlling terminal (setsid, cron), which is said before the work.
 *
 * Writable is tried, not asked: access(W_OK) says yes to root for /proc,
 * a read-only mount or a full disk, and the run would fail only after the
 * whole sweep.  So a probe file (".asmsim-probe.XXXXXX") is created in the
 * directory, one byte written to it, and removed; whatever fails, with
 * its errno, is the answer.  Nothing else is created.
 *
 * One file is one output: two outputs of a command that name the same
 * file (--json x --report x, through any spelling or link), or an output
 * that names a file the command reads (a --merge shard, a report's input,
 * --schedule, --layout-file, --lun-file, a target), are refused before
 * anything runs, rather than one output replacing the other, or an
 * input, at the end (cli_check_distinct: by device and inode, or for a
 * path not there yet by its directory's and its name).
 *
 * Errors: -EINVAL (wrong kind of path) or -EACCES / the probe's -errno
 * (not writable), with "<flag> <path>: <what is wrong>; <what would do>"
 * in why, the path quoted as cli_quote does.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "sim/cli/cli.h"
#include "sim/report/report.h"

/* Create, write one byte to and remove a probe file in dir: 0 or -errno.
   The probe is named as report_write_atomic names its temporary files,
   ".<base>.XXXXXX", so a name too long for the file system fails here. */
static int probe_dir(const char *dir, const char *base)
{
    char path[8192];
    int fd, rc = 0;

    if (snprintf(path, sizeof path, "%s/.%s.XXXXXX", dir, base) >=
        (int)sizeof path)
        return -ENAMETOOLONG;
    fd = mkstemp(path);
    if (fd < 0)
        return -errno;
    if (write(fd, "", 1) != 1)
        rc = -errno;
    if (close(fd) != 0 && rc == 0)
        rc = -errno;
    unlink(path);
    return rc;
}

static int probe_failed(const char *flag, const char *given, const char *dir,
                        int rc, char *why, size_t why_len)
{
    char q[CLI_QUOTE_BUF], qd[40];  /* the directory: part of the value */

    snprintf(why, why_len, "%s %s: cannot write in %s: %s; give a "
             "writable directory%s", flag,
             cli_quote(given, q, sizeof q), cli_quote(dir, qd, sizeof qd),
             strerror(-rc), strcmp(flag, "--json") == 0 ? " or - for stdout"
             : "");
    return rc;
}

/* A writable directory, or a path whose nearest existing ancestor is one
   (so that it can be created). */
static int check_dir(const char *flag, const char *dir, bool may_create,
                     char *why, size_t why_len)
{
    char path[4096];
    char q[CLI_QUOTE_BUF], qp[CLI_QUOTE_BUF];
    struct stat st;
    int rc;

    if (strlen(dir) >= sizeof path) {
        snprintf(why, why_len, "%s %s: path too long; use a path under "
                 "%zu bytes", flag, cli_quote(dir, q, sizeof q), sizeof path);
        return -EINVAL;
    }
    strcpy(path, dir);
    cli_quote(dir, q, sizeof q);
    for (;;) {
        if (stat(path, &st) == 0) {
            if (!S_ISDIR(st.st_mode)) {
                snprintf(why, why_len, "%s %s: %s is not a directory; give a "
                         "directory that exists or can be created", flag, q,
                         cli_quote(path, qp, sizeof qp));
                return -EINVAL;
            }
            if (access(path, W_OK | X_OK) != 0) {
                snprintf(why, why_len, "%s %s: %s is not writable; give a "
                         "directory you can write to", flag, q,
                         cli_quote(path, qp, sizeof qp));
                return -EACCES;
            }
            if ((rc = probe_dir(path, "asmsim-probe")) != 0)
                return probe_failed(flag, dir, path, rc, why, why_len);
            return 0;
        }
        if ((errno != ENOENT && errno != ENOTDIR) || !may_create) {
            snprintf(why, why_len, "%s %s: %s: %s; give an existing, writable "
                     "directory", flag, q, cli_quote(path, qp, sizeof qp),
                     strerror(errno));
            return -EINVAL;
        }
        char *slash = strrchr(path, '/');
        while (slash && slash > path && slash[1] == '\0') {
            *slash = '\0';                  /* trailing slashes */
            slash = strrchr(path, '/');
        }
        if (!slash)
            strcpy(path, ".");
        else if (slash == path)
            strcpy(path, "/");
        else
            *slash = '\0';
    }
}

/* An output written in place (/dev/null, a terminal, a FIFO) opens:
   /dev/tty fails with ENXIO when the command has no controlling terminal
   (setsid, cron, a service), which would otherwise be found only after
   the work.  Opened without blocking and as nobody's controlling
   terminal, and closed at once; a FIFO is not tried here, as its reader
   may start after the command (report_util.c waits for one then). */
static int check_in_place(const char *flag, const char *file, const char *q,
                          char *why, size_t why_len)
{
    struct stat st;

    if (stat(file, &st) != 0 || S_ISFIFO(st.st_mode))
        return 0;
    int fd = open(file, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd >= 0) {
        close(fd);
        return 0;
    }
    int rc = -errno;
    snprintf(why, why_len, "%s %s: cannot open it to write: %s%s; give a "
             "file name", flag, q, strerror(-rc),
             rc == -ENXIO && st.st_rdev == makedev(5, 0) ?
             " (this command has no controlling terminal)" : "");
    return rc;
}

/* The directory of an output file (--json, --report) exists and is
   writable, and the path is not a directory; with must_be_new (--report,
   never replaced) nothing exists at the path.  The messages end in
   " or - for stdout" where "-" is a choice (--json). */
int cli_check_output_file(const char *flag, const char *file, bool must_be_new,
                          char *why, size_t why_len)
{
    const char *alt = strcmp(flag, "--json") == 0 ? " or - for stdout" : "";
    char dir[4096], reason[600];
    char q[CLI_QUOTE_BUF], qd[CLI_QUOTE_BUF];
    struct report_output out;
    struct stat st;
    int rc;

    cli_quote(file, q, sizeof q);
    if (must_be_new && lstat(file, &st) == 0 && !S_ISDIR(st.st_mode)) {
        snprintf(why, why_len, "%s %s: exists; asmsim does not replace it: "
                 "give a new file name", flag, q);
        return -EEXIST;
    }
    /* what is there: nothing, asmsim's own file, a FIFO or /dev/null; a
       device, a directory or somebody else's file is refused */
    if ((rc = report_output_target(file, &out, reason, sizeof reason)) < 0) {
        snprintf(why, why_len, "%s %s: %s%s", flag, q, reason,
                 rc == -EISDIR ? alt : "");
        return rc;
    }
    if (out.how == REPORT_OUTPUT_IN_PLACE)
        return check_in_place(flag, file, q, why, why_len);
    if (out.how == REPORT_OUTPUT_APPEND)
        return 0;                       /* written into, nothing created */
    const char *path = out.path, *slash = strrchr(path, '/');
    if (!slash)
        strcpy(dir, ".");
    else if (slash == path)
        strcpy(dir, "/");
    else if ((size_t)(slash - path) >= sizeof dir) {
        snprintf(why, why_len, "%s %s: path too long; use a path "
                 "under %zu bytes", flag, q, sizeof dir);
        return -EINVAL;
    } else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    cli_quote(dir, qd, sizeof qd);
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(why, why_len, "%s %s: directory %s does not exist; "
                 "give a file in an existing directory%s", flag, q, qd, alt);
        return -EINVAL;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(why, why_len, "%s %s: directory %s is not writable; "
                 "give a file in a writable directory%s", flag, q, qd, alt);
        return -EACCES;
    }
    if ((rc = probe_dir(dir, slash ? slash + 1 : path)) != 0)
        return probe_failed(flag, file, dir, rc, why, why_len);
    return 0;
}

/* ---- outputs that are one file ------------------------------------------- */

/* What a path names: an existing regular file by device and inode; a path
   with nothing at it by its directory's device and inode and its last
   name (two such paths are one file once either is written).  false for
   what cannot be told apart or is no file to lose (a directory, a device,
   a FIFO, /dev/null, stdout "-", a missing directory). */
struct file_key {
    dev_t dev;
    ino_t ino;
    const char *name;               /* NULL: an existing file */
};

static bool file_key(const char *path, bool must_exist, struct file_key *k)
{
    struct stat st;

    if (!path || !path[0] || strcmp(path, "-") == 0)
        return false;
    if (stat(path, &st) == 0) {
        *k = (struct file_key){ st.st_dev, st.st_ino, NULL };
        return S_ISREG(st.st_mode);
    }
    if (errno != ENOENT || must_exist)
        return false;
    const char *slash = strrchr(path, '/');
    char dir[4096];
    if (!slash)
        strcpy(dir, ".");
    else if ((size_t)(slash - path) >= sizeof dir)
        return false;
    else
        snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return false;
    *k = (struct file_key){ st.st_dev, st.st_ino, slash ? slash + 1 : path };
    return true;
}

static bool same_key(const struct file_key *a, const struct file_key *b)
{
    if (a->dev != b->dev || a->ino != b->ino || !a->name != !b->name)
        return false;
    return !a->name || strcmp(a->name, b->name) == 0;
}

int cli_check_distinct(const struct cli_path *out, int n_out, const struct cli_path *in,
                       int n_in, char *why, size_t why_len)
{
    char q[CLI_QUOTE_BUF], qo[CLI_QUOTE_BUF];
    struct file_key a, b;

    for (int i = 0; i < n_out; i++) {
        if (!file_key(out[i].path, false, &a))
            continue;
        for (int j = 0; j < i; j++) {
            if (!file_key(out[j].path, false, &b) || !same_key(&a, &b))
                continue;
            snprintf(why, why_len, "%s %s: the same file as %s %s; give each output "
                     "a file of its own", out[i].flag, cli_quote(out[i].path, q, sizeof q),
                     out[j].flag, cli_quote(out[j].path, qo, sizeof qo));
            return -EINVAL;
        }
        for (int j = 0; j < n_in; j++) {
            if (!file_key(in[j].path, true, &b) || !same_key(&a, &b))
                continue;
            snprintf(why, why_len, "%s %s: the same file as the input %s %s; asmsim "
                     "does not write over what it reads: give another file",
                     out[i].flag, cli_quote(out[i].path, q, sizeof q), in[j].flag,
                     cli_quote(in[j].path, qo, sizeof qo));
            return -EINVAL;
        }
    }
    return 0;
}

/* The files a command reads (the layout file, the LUN file, a schedule,
   the targets) and writes (--json, --report): no output may be another. */
static int check_distinct_opts(const struct cli_opts *o, char *why, size_t why_len)
{
    const struct cli_path out[] = {
        { "--json", o->json_path }, { "--report", o->report_path },
        { "--fio-json", o->fio_json_path },
    };
    struct cli_path in[LAY_MAX_DISKS + 3] = {
        { "--layout-file", o->layout_file }, { "--lun-file", o->lun_file },
        { "--schedule", o->schedule },
    };
    int n_in = 3;

    for (int i = 0; i < o->n_targets && n_in < LAY_MAX_DISKS + 3; i++)
        in[n_in++] = (struct cli_path){ "--target", o->targets[i] };
    return cli_check_distinct(out, 3, in, n_in, why, why_len);
}

int cli_check_outputs(const struct cli_opts *o, char *why, size_t why_len)
{
    int rc;

    if ((rc = check_distinct_opts(o, why, why_len)) != 0)
        return rc;

    if (o->output_dir &&
        (rc = check_dir(o->cmd == CLI_ORION && !(o->given &
                        CLI_GIVEN_OUTPUT_DIR) ? "(current directory)" :
                        "--output-dir", o->output_dir, true, why, why_len)))
        return rc;
    if (o->json_path && strcmp(o->json_path, "-") != 0 &&
        (rc = cli_check_output_file("--json", o->json_path, false, why, why_len)))
        return rc;
    if (o->report_path &&
        (rc = cli_check_output_file("--report", o->report_path, true, why, why_len)))
        return rc;
    if (o->fio_json_path && o->json_path && strcmp(o->fio_json_path, "-") == 0 &&
        strcmp(o->json_path, "-") == 0) {
        /* either may have come from --output-format: name both spellings */
        snprintf(why, why_len, "stdout carries one JSON, and both were sent there "
                 "(--json - or --output-format json, --fio-json - or --output-format "
                 "fio-json); give one of them a file");
        return -EINVAL;
    }
    if (o->fio_json_path && strcmp(o->fio_json_path, "-") != 0 &&
        (rc = cli_check_output_file("--fio-json", o->fio_json_path, false, why, why_len)))
        return rc;
    return 0;
}
