/*
 * report_util.c - what every report shares: whole-or-nothing file writes,
 * the start stamp, and ORION's three summary lines.
 *
 * Atomic writes.  A report file is either absent, or the previous
 * version, or complete: never half written.  report_write_atomic() makes a
 * temporary file with mkstemp() in the same directory as the target (a
 * rename is only atomic within one file system, and the same directory is
 * the surest way to stay on it), writes what the producer made (in
 * memory, so that every failure of the file keeps its errno: ENOSPC is
 * "No space left on device", not stdio's bare error flag), then fsync
 * (the data reaches the disk before the name does), and moves it into
 * place: a new name with RENAME_NOREPLACE, asmsim's own file by
 * exchanging the two (RENAME_EXCHANGE) and judging what came out, which
 * is put back if it is not asmsim's after all (something replaced it
 * while the text was written: a plain rename would have destroyed it);
 * finally the directory is fsync'ed so the
 * rename itself survives a crash (best effort: some file systems refuse).
 * On any failure, the producer's included, the temporary file is unlinked
 * and the target is untouched.  The temporary name is
 * "<dir>/.<base>.XXXXXX": hidden, and recognisably ours if a crash ever
 * leaves one behind.  What may be at the path is decided by
 * report_output_target (report_output.c), before the text is made and
 * again after: a new file is placed only if the name is still free,
 * asmsim's own file is replaced, /dev/null, a terminal or a FIFO is
 * written in place (renaming over /dev/null would replace the device node
 * with a file), and a device or a file asmsim did not write is refused.
 * A FIFO is opened without waiting: one nobody reads gets a reader for
 * a second (FIFO_READER_WAIT_MS), then the write fails with a message
 * (exit 1) instead of hanging the command for ever.
 *
 * Output directories.  report_mkdir_p() creates them as `mkdir -p` does,
 * for the CLI's --output-dir and the session's save alike.
 *
 * Never overwrite.  Every file of one run (ORION's five per disk count,
 * the results JSON, the sweep CSV) carries the run's start stamp in its
 * name, "<head>_<stamp>_<tail>", ORION's yyyymmdd_hhmm, so that scripts
 * written for ORION's names read ours.  Two runs with one test name in
 * one minute would meet, so a run's files are
 * first written into a staging directory of their own inside the output
 * directory (report_stage_open: "<dir>/.asmsim-stage-XXXXXX", hidden and
 * recognisably ours), each whole as above, and then moved into place
 * together by report_stage_commit under one tag: the stamp, or on a
 * collision the stamp with a suffix, _2, _3, ...  Each move is a
 * renameat2(RENAME_NOREPLACE), which fails with EEXIST instead of
 * replacing (link(2) and unlink(2) where the file system has no such
 * rename: link fails with EEXIST too), so there is no window between
 * looking and writing: when any file of the set meets an existing name,
 * the files already moved go back to the stage and the next suffix is
 * tried.  A set is placed whole under one tag, or not at all.
 *
 * The three lines.  Scripts in the wild grep ORION's summary.txt, so the
 * lines are byte-exact with ORION's: MBPS with two decimals, IOPS rounded
 * to an integer, latency in microseconds with three decimals, and the
 * load point as "@ Small=<s> and Large=<l>".  A class
 * that did not run has no line, as in ORION.
 *
 * The remarks.  A class under half of the I/O at every point (an ORION
 * col or point matrix) still gets its line, from the points where it
 * ran, and a line after the three says so.  A maximum that rests on
 * burst credits holds only until the buckets are empty;
 * report_burst_lines() says so after the three lines, with how long it lasts at most (from full buckets) and the
 * figure sustained once they are empty, so that nobody buys for a
 * 30-minute burst.  They are extra lines: the three stay byte-exact.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "layouts/why.h"
#include "sim/core/shell_word.h"
#include "sim/profiles/provider.h"
#include "sim/report/report.h"

void report_stamp_now(struct report_meta *meta)
{
    time_t now = time(NULL);
    struct tm tm;
    char zone[8];

    if (localtime_r(&now, &tm) == NULL ||
        strftime(meta->stamp, sizeof meta->stamp, "%Y%m%d_%H%M", &tm) == 0) {
        snprintf(meta->stamp, sizeof meta->stamp, "00000000_0000");
        meta->started[0] = '\0';
        return;
    }
    /* ISO 8601 writes the offset +hh:mm; strftime's %z gives +hhmm */
    if (strftime(zone, sizeof zone, "%z", &tm) != 5 ||
        strftime(meta->started, sizeof meta->started, "%Y-%m-%dT%H:%M:%S", &tm) == 0) {
        meta->started[0] = '\0';
        return;
    }
    size_t n = strlen(meta->started);
    snprintf(meta->started + n, sizeof meta->started - n, "%.3s:%.2s", zone,
             zone + 3);
}

const struct sim_point_result *report_find_point(const struct sim_run_result *run,
                                                 int small, int large)
{
    for (int i = 0; i < run->n_points; i++)
        if (run->points[i].small == small && run->points[i].large == large)
            return &run->points[i];
    return NULL;
}

void report_summary_lines(FILE *f, const struct sim_summary *s)
{
    report_orion_results(f, REPORT_ORION_OWN, s, NULL);
}

/* fsync the directory holding `path` so a completed rename is durable.
   Best effort: errors are ignored (the file itself is already synced). */
static void sync_parent_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    char dir[4096];
    int fd;

    if (slash == NULL)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else if ((size_t)(slash - path) < sizeof dir)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    else
        return;
    fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

int report_mkdir_p(const char *dir)
{
    char path[4096];
    size_t len = strlen(dir);

    if (len >= sizeof path)
        return -ENAMETOOLONG;
    memcpy(path, dir, len + 1);
    for (char *p = path + 1; ; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char saved = *p;
        *p = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST)
            return -errno;
        *p = saved;
        if (!saved)
            break;
    }
    struct stat st;
    if (stat(dir, &st) != 0)
        return -errno;
    return S_ISDIR(st.st_mode) ? 0 : -ENOTDIR;
}

/* All of buf to fd: 0, or -errno of the write that failed (ENOSPC on a
   full file system, EDQUOT, EIO), never a made-up one. */
static int write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, buf, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -errno;
        }
        if (n == 0)
            return -EIO;                /* write(2) made no progress */
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

/* How long a FIFO may take to get a reader: long enough for one started
   along with asmsim (`asmsim cost --json p & cat p`), short enough that a
   FIFO nobody will read fails the command instead of hanging it. */
#define FIFO_READER_WAIT_MS 1000

/* Open the existing path that is written in place, for writing, without
   waiting on it: a FIFO without a reader fails the open with ENXIO at
   once (a blocking open would wait for one for ever), and is tried again
   every 10 ms for FIFO_READER_WAIT_MS (fifo: path is one).  Once open, the descriptor blocks
   again, so a slow reader slows the writes and loses nothing.  The fd,
   or -errno. */
static int open_in_place(const char *path, bool fifo)
{
    for (int waited_ms = 0;; waited_ms += 10) {
        int fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
        if (fd >= 0) {
            int flags = fcntl(fd, F_GETFL);
            if (flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0)
                return fd;
            int e = errno;
            close(fd);
            return -e;
        }
        if (errno != ENXIO || !fifo || waited_ms >= FIFO_READER_WAIT_MS)
            return -errno;
        nanosleep(&(struct timespec){ .tv_nsec = 10 * 1000 * 1000 }, NULL);
    }
}

/* Write text into the existing file at path that is not replaced
   (/dev/null, a terminal, a FIFO): open without creating or truncating
   (open_in_place), write, close.  What was opened is judged again
   (report_output_fd_ok): a path made a link to a disk since it was
   judged is not written. */
static int write_in_place(const char *path, const char *text, size_t len,
                          char *why, size_t why_len)
{
    struct stat st;
    bool fifo = stat(path, &st) == 0 && S_ISFIFO(st.st_mode);
    int fd = open_in_place(path, fifo);
    char q[WHY_QUOTE_BUF];      /* the path as a terminal may show it */

    why_quote(path, strlen(path), q, sizeof q);
    if (fd >= 0 && !report_output_fd_ok(fd)) {
        close(fd);
        snprintf(why, why_len, "%s: changed since it was checked; not "
                 "writing into it", q);
        return -EINVAL;
    }
    if (fd == -ENXIO && fifo) {
        char word[SIM_SHELL_WORD_BUF(4096)];
        const char *w = sim_shell_word(path, word, sizeof word);
        bool paste = strcmp(w, "''") != 0;     /* '' : too long to offer */
        snprintf(why, why_len, "%s: nobody reads this FIFO (no reader opened "
                 "it within %d s); start its reader first%s%s%s, or give a "
                 "file name", q, FIFO_READER_WAIT_MS / 1000,
                 paste ? " (e.g. cat " : "", paste ? w : "", paste ? " &)" : "");
        return fd;
    }
    int rc = fd < 0 ? fd : write_all(fd, text, len);
    if (fd >= 0 && close(fd) != 0 && rc == 0)
        rc = -errno;
    if (rc < 0)
        snprintf(why, why_len, "cannot write %s: %s", q, strerror(-rc));
    return rc;
}

/* The producer's text, made in memory so that its stdio never meets the
   file: a failed write(2) would leave only ferror() behind, and the
   report said "Input/output error" for what was ENOSPC.  0 or -errno. */
static int produce(int (*write_fn)(FILE *, void *), void *arg, char **text,
                   size_t *text_len)
{
    FILE *mem = open_memstream(text, text_len);
    int rc;

    if (mem == NULL)
        return -errno;
    rc = write_fn(mem, arg);
    if (fclose(mem) != 0 && rc == 0)
        rc = -ENOMEM;
    if (rc < 0) {
        free(*text);
        *text = NULL;
    }
    return rc;
}

/* Put the written temporary file tmp at out->path in place of asmsim's
   own output there.  That was judged, but another file can have been put
   at the path since (and rename() would destroy it): so the two are
   exchanged, atomically (renameat2 RENAME_EXCHANGE), and what came out,
   now at tmp, is judged again; anything but asmsim's own output or an
   empty file is exchanged back and left as it was: -EEXIST.  A path
   emptied meanwhile gets the file as a new one.  Where the file system
   cannot exchange (EINVAL: tmpfs before 5.x, some network and FUSE file
   systems), a plain rename, on the judgement made just before.  If the
   exchange back fails, the other file is left at tmp, said in why:
   -ENOTRECOVERABLE (tmp is not to be removed). */
static int replace_own(const char *tmp, const char *to, char *why,
                       size_t why_len)
{
    if (renameat2(AT_FDCWD, tmp, AT_FDCWD, to, RENAME_EXCHANGE) != 0) {
        if (errno == ENOENT)
            return report_rename_new(tmp, to);
        if (errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP)
            return -errno;
        return rename(tmp, to) == 0 ? 0 : -errno;
    }
    if (report_output_replaceable(tmp)) {
        unlink(tmp);                    /* asmsim's previous output */
        return 0;
    }
    if (renameat2(AT_FDCWD, tmp, AT_FDCWD, to, RENAME_EXCHANGE) != 0) {
        snprintf(why, why_len, "%s: something asmsim did not write was put "
                 "there while the report was written, and could not be put "
                 "back (%s): it is at %s now", to, strerror(errno), tmp);
        return -ENOTRECOVERABLE;
    }
    return -EEXIST;
}

/* Move the written tmp into place as out says (a new file, or over
   asmsim's own), with why on failure naming path. */
static int place(const char *tmp, const struct report_output *out,
                 const char *path, char *why, size_t why_len)
{
    /* a new file never replaces one that appeared meanwhile */
    int rc = out->how == REPORT_OUTPUT_NEW ? report_rename_new(tmp, out->path)
             : replace_own(tmp, out->path, why, why_len);

    if (rc == -EEXIST)
        snprintf(why, why_len, "%s %s while it was written; not replacing "
                 "it: give a new file name", path, out->how ==
                 REPORT_OUTPUT_NEW ? "appeared" : "was replaced by a file "
                 "asmsim did not write");
    else if (rc < 0 && rc != -ENOTRECOVERABLE)
        snprintf(why, why_len, "cannot rename %s to %s: %s", tmp, out->path,
                 strerror(-rc));
    return rc;
}

int report_write_atomic(const char *path, int (*write_fn)(FILE *, void *),
                        void *arg, char *why, size_t why_len)
{
    struct report_output out;
    char reason[600];
    char *tmp = NULL, *text = NULL;
    size_t text_len = 0;
    int fd = -1, rc;

    if ((rc = report_output_target(path, &out, reason, sizeof reason)) < 0) {
        snprintf(why, why_len, "%s: %s", path, reason);
        return rc;
    }
    if ((rc = produce(write_fn, arg, &text, &text_len)) < 0) {
        snprintf(why, why_len, "cannot write %s: %s", path, strerror(-rc));
        return rc;
    }
    /* what is at the path may have changed while the text was made */
    if ((rc = report_output_target(path, &out, reason, sizeof reason)) < 0) {
        snprintf(why, why_len, "%s: %s", path, reason);
        free(text);
        return rc;
    }
    if (out.how == REPORT_OUTPUT_APPEND) {
        /* our own stdout or stderr's file: after what stdio holds, through
           its descriptor (a second open would write at its own offset) */
        fflush(out.stdio_fd == 1 ? stdout : stderr);
        if ((rc = write_all(out.stdio_fd, text, text_len)) < 0)
            snprintf(why, why_len, "cannot write %s: %s", path, strerror(-rc));
        free(text);
        return rc;
    }
    if (out.how == REPORT_OUTPUT_IN_PLACE) {
        rc = write_in_place(out.path, text, text_len, why, why_len);
        free(text);
        return rc;
    }
    const char *slash = strrchr(out.path, '/');
    size_t dir_len = slash ? (size_t)(slash - out.path) + 1 : 0;
    size_t len = strlen(out.path) + 16;
    if ((tmp = malloc(len)) == NULL) {
        snprintf(why, why_len, "cannot write %s: %s", path, strerror(ENOMEM));
        free(text);
        return -ENOMEM;
    }
    snprintf(tmp, len, "%.*s.%s.XXXXXX", (int)dir_len, out.path,
             out.path + dir_len);
    fd = mkstemp(tmp);
    if (fd < 0) {
        rc = -errno;
        snprintf(why, why_len, "cannot create a temporary file for %s: %s",
                 path, strerror(-rc));
        free(text);
        free(tmp);
        return rc;
    }
    /* mkstemp makes the file 0600; a report is an ordinary file. */
    if (fchmod(fd, 0644) != 0) {
        rc = -errno;
        snprintf(why, why_len, "cannot write %s: %s", path, strerror(-rc));
        goto fail;
    }
    if ((rc = write_all(fd, text, text_len)) < 0) {
        snprintf(why, why_len, "cannot write %s: %s", path, strerror(-rc));
        goto fail;
    }
    /* fsync and close report what delayed allocation, quotas and network
       file systems only find out then */
    if (fsync(fd) != 0) {
        rc = -errno;
        snprintf(why, why_len, "cannot write %s: %s (at fsync)", path,
                 strerror(-rc));
        goto fail;
    }
    rc = close(fd);
    fd = -1;
    if (rc != 0) {
        rc = -errno;
        snprintf(why, why_len, "cannot write %s: %s (at close)", path,
                 strerror(-rc));
        goto fail;
    }
    if ((rc = place(tmp, &out, path, why, why_len)) < 0) {
        if (rc == -ENOTRECOVERABLE) {   /* somebody's file is at tmp now */
            free(text);
            free(tmp);
            return -EEXIST;
        }
        goto fail;
    }
    sync_parent_dir(out.path);
    free(text);
    free(tmp);
    return 0;

fail:
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    free(text);
    free(tmp);
    return rc < 0 ? rc : -EIO;
}

void report_fmt_stopped_points(const struct sim_run_result *r, int planned, char *buf,
                               size_t len)
{
    int cut = 0;

    for (int i = 0; i < r->n_points; i++)
        cut += r->points[i].incomplete;
    int n = snprintf(buf, len, "%d of %d points", r->n_points - cut, planned);
    if (cut > 0 && n > 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, ", %d more cut short", cut);
}

void report_fmt_duration(double seconds, char *buf, size_t len)
{
    if (seconds < 90)
        snprintf(buf, len, "%.0f s", seconds);
    else if (seconds < 90 * 60)
        snprintf(buf, len, "%.0f min", seconds / 60);
    else if (seconds < 48 * 3600)
        snprintf(buf, len, "%.1f h", seconds / 3600);
    else
        snprintf(buf, len, "%.1f days", seconds / 86400);
}

void report_fmt_burst_lasts(const struct sim_class_burst *b, char *buf, size_t len)
{
    char full[32];
    report_fmt_duration(b->lasts_s, full, sizeof full);
    double level = 1 - b->start_spent_frac;
    if (!(level > 0 && level < 1)) {
        snprintf(buf, len, "%s", full);
        return;
    }
    /* a bucket drains at one rate whatever its level: from a share of
       full it lasts that share of the time */
    char from[32];
    report_fmt_duration(b->lasts_s * level, from, sizeof from);
    snprintf(buf, len, "%s from %.0f %%, %s from full", from, 100 * level, full);
}

/* A class's figure in its unit, as the three lines print it. */
static void fmt_figure(char *buf, size_t len, double v, enum wl_class c)
{
    if (c == WL_LARGE)
        snprintf(buf, len, "%.2f MB/s", v);
    else
        snprintf(buf, len, "%.0f IOPS", v);
}

/* "Burst: <rate> for at most <T> (<limit> burst credits), ": credits
   that lasted the window; the rate is the maximum itself. */
static void burst_lasted(FILE *f, const struct sim_class_burst *b, double maximum,
                         enum wl_class c)
{
    char lasts[80], max_text[48];
    report_fmt_burst_lasts(b, lasts, sizeof lasts);
    fmt_figure(max_text, sizeof max_text, maximum, c);
    fprintf(f, "Burst: %s for at most %s (%s burst credits), ", max_text,
            lasts, sim_limit_label(b->first));
}

/* "Burst: <rate> until the <limit> burst credits ran out <t> into the
   window (at most <T> from full), ": credits that ran out inside the
   window; the rate is the one while they lasted, not the maximum (the
   window's average). */
static void burst_ran_out(FILE *f, const struct sim_class_burst *b, enum wl_class c)
{
    char lasts[32], at[32], rate[48];
    report_fmt_duration(b->lasts_s, lasts, sizeof lasts);
    report_fmt_duration(b->ran_out_s, at, sizeof at);
    fmt_figure(rate, sizeof rate, b->at_burst, c);
    fprintf(f, "Burst: %s until the %s burst credits ran out %s into the "
            "window (at most %s from full), ", rate, sim_limit_label(b->first),
            at, lasts);
}

static void burst_line(FILE *f, const struct sim_class_burst *b, double maximum,
                       enum wl_class c)
{
    char sustained[48];

    if (!b->drawn)
        return;
    if (b->ran_out)
        burst_ran_out(f, b, c);
    else
        burst_lasted(f, b, maximum, c);
    if (!b->has_sustained) {
        fputs("then less: the sustained figure was not measured", f);
    } else {
        fmt_figure(sustained, sizeof sustained, b->sustained, c);
        fprintf(f, "then %s sustained @ Small=%d and Large=%d", sustained,
                b->sustained_at.small, b->sustained_at.large);
    }
    fputs(b->ran_out ? "; the maximum above averages the two\n" : "\n", f);
}

void report_burst_lines(FILE *f, const struct sim_summary *s)
{
    if (s->has_large)
        burst_line(f, &s->burst[WL_LARGE], s->max_large_mbps, WL_LARGE);
    if (s->has_small)
        burst_line(f, &s->burst[WL_SMALL], s->max_small_iops, WL_SMALL);
}

/* The class under SIM_SUMMARY_SHARE at every point (sim_summary.minority):
   its figures stand, as ORION's do, but come from points about the other
   class. */
static void minority_lines(FILE *f, const struct sim_summary *s)
{
    if (s->has_large && s->minority[WL_LARGE])
        fputs("Maximum Large MBPS comes from mixed points: large I/O is under "
              "half of the I/O at every point of this run\n", f);
    if (s->has_small && s->minority[WL_SMALL])
        fputs("Maximum Small IOPS and Minimum Small Latency come from mixed "
              "points: small I/O is under half of the I/O at every point of "
              "this run\n", f);
}

void report_summary_remarks(FILE *f, const struct sim_summary *s)
{
    report_summary_lines(f, s);
    minority_lines(f, s);
    report_burst_lines(f, s);
}

void report_meta_started(const struct report_meta *meta, char *out, size_t len)
{
    const char *st = meta->stamp;
    size_t n = strnlen(st, sizeof meta->stamp);

    if (meta->started[0])
        snprintf(out, len, "%s", meta->started);
    else if (n == 15 && st[8] == '_')               /* yyyymmdd_hhmmss */
        snprintf(out, len, "%.4s-%.2s-%.2sT%.2s:%.2s:%.2s", st, st + 4,
                 st + 6, st + 9, st + 11, st + 13);
    else if (n == 13 && st[8] == '_')               /* yyyymmdd_hhmm */
        snprintf(out, len, "%.4s-%.2s-%.2sT%.2s:%.2s", st, st + 4, st + 6,
                 st + 9, st + 11);
    else
        snprintf(out, len, "%.*s", (int)n, st);
}

/* ---- staged sets, placed without overwriting ------------------------- */

#define STAGE_PREFIX ".asmsim-stage-"
#define STAGE_MAX_FILES 512     /* 64 disk counts x 5 ORION files, + 2 */
#define STAGE_MAX_SUFFIX 9999

int report_stage_open(struct report_stage *st, const char *dir, char *why,
                      size_t why_len)
{
    int n;

    memset(st, 0, sizeof *st);
    n = snprintf(st->dir, sizeof st->dir, "%s", dir && *dir ? dir : ".");
    if (n < 0 || (size_t)n >= sizeof st->dir ||
        snprintf(st->path, sizeof st->path, "%s/" STAGE_PREFIX "XXXXXX",
                 st->dir) >= (int)sizeof st->path) {
        snprintf(why, why_len, "output path too long: %s", dir);
        return -ENAMETOOLONG;
    }
    if (mkdtemp(st->path) == NULL) {
        int e = errno;
        snprintf(why, why_len, "cannot write in %s: %s", st->dir, strerror(e));
        st->path[0] = '\0';
        return -e;
    }
    return 0;
}

static int name_cmp(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* The staged names, sorted (so the set is placed, and undone, in one
   order); 0..STAGE_MAX_FILES or -errno. */
static int stage_names(const char *stage, char (*names)[256])
{
    DIR *d = opendir(stage);
    struct dirent *e;
    int n = 0;

    if (d == NULL)
        return -errno;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;                   /* ".", "..", a writer's temporary */
        if (n == STAGE_MAX_FILES || strlen(e->d_name) >= sizeof names[0]) {
            closedir(d);
            return -E2BIG;
        }
        snprintf(names[n++], sizeof names[0], "%s", e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], name_cmp);
    return n;
}

/* name with its "_<stamp>_" made "_<tag>_": 0, or -EINVAL when the name
   does not carry the stamp (every file of a set must, or a suffix could
   not tell two sets apart). */
static int tagged_name(const char *name, const char *stamp, const char *tag,
                       char *out, size_t out_len)
{
    char mark[64];
    const char *at;

    snprintf(mark, sizeof mark, "_%s_", stamp);
    at = strstr(name, mark);
    if (at == NULL)
        return -EINVAL;
    int n = snprintf(out, out_len, "%.*s_%s_%s", (int)(at - name), name, tag,
                     at + strlen(mark));
    return n < 0 || (size_t)n >= out_len ? -ENAMETOOLONG : 0;
}

/* Move from/old to to/new unless to/new exists: 0, -EEXIST, or -errno. */
static int place_new(int from, const char *old, int to, const char *new)
{
    if (renameat2(from, old, to, new, RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
        return -errno;
    /* no RENAME_NOREPLACE here: a hard link is just as exclusive */
    if (linkat(from, old, to, new, 0) != 0)
        return -errno;
    (void)unlinkat(from, old, 0);
    return 0;
}

int report_rename_new(const char *from, const char *to)
{
    return place_new(AT_FDCWD, from, AT_FDCWD, to);
}

/* Place every staged file under tag; on any failure move back those
   already placed.  0, -EEXIST (a name is taken: try another tag) or
   -errno. */
static int place_set(int stage_fd, int dir_fd, char (*names)[256], int n,
                     const char *stamp, const char *tag, char *why,
                     size_t why_len)
{
    char target[512];
    int placed, rc = 0;

    for (placed = 0; placed < n; placed++) {
        rc = tagged_name(names[placed], stamp, tag, target, sizeof target);
        if (rc < 0) {
            snprintf(why, why_len, "%s: the name does not carry the stamp "
                     "%s; not placing a set that could overwrite",
                     names[placed], stamp);
            break;
        }
        if ((rc = place_new(stage_fd, names[placed], dir_fd, target)) < 0) {
            if (rc != -EEXIST)
                snprintf(why, why_len, "cannot move %s into place: %s",
                         target, strerror(-rc));
            break;
        }
    }
    if (rc == 0)
        return 0;
    while (placed-- > 0) {
        tagged_name(names[placed], stamp, tag, target, sizeof target);
        (void)renameat(dir_fd, target, stage_fd, names[placed]);
    }
    return rc;
}

static int open_dir(const char *path)
{
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}

int report_stage_commit(struct report_stage *st, const char *stamp,
                        char *tag, size_t tag_len, char *why, size_t why_len)
{
    char (*names)[256] = malloc(STAGE_MAX_FILES * sizeof *names);
    int stage_fd = -1, dir_fd = -1, n, rc;

    if (names == NULL) {
        snprintf(why, why_len, "cannot place the files in %s: %s", st->dir,
                 strerror(ENOMEM));
        return -ENOMEM;
    }
    if ((n = rc = stage_names(st->path, names)) < 0 ||
        (rc = stage_fd = open_dir(st->path)) < 0 ||
        (rc = dir_fd = open_dir(st->dir)) < 0) {
        snprintf(why, why_len, "cannot place the files in %s: %s", st->dir,
                 strerror(-rc));
        goto out;
    }
    rc = -EEXIST;
    for (int k = 1; k <= STAGE_MAX_SUFFIX && rc == -EEXIST; k++) {
        if (k == 1)
            snprintf(tag, tag_len, "%s", stamp);
        else
            snprintf(tag, tag_len, "%s_%d", stamp, k);
        rc = place_set(stage_fd, dir_fd, names, n, stamp, tag, why, why_len);
    }
    if (rc == -EEXIST)
        snprintf(why, why_len, "%s: %d sets of files with stamp %s already; "
                 "not overwriting any", st->dir, STAGE_MAX_SUFFIX, stamp);
    if (rc == 0) {
        (void)fsync(dir_fd);            /* the names survive a crash */
        rc = n;
    }
out:
    if (stage_fd >= 0)
        close(stage_fd);
    if (dir_fd >= 0)
        close(dir_fd);
    free(names);
    return rc;
}

void report_stage_discard(struct report_stage *st)
{
    DIR *d;
    struct dirent *e;

    if (!st->path[0])
        return;
    if ((d = opendir(st->path)) != NULL) {
        int fd = dirfd(d);
        while ((e = readdir(d)) != NULL)
            if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
                (void)unlinkat(fd, e->d_name, 0);
        closedir(d);
    }
    (void)rmdir(st->path);
    st->path[0] = '\0';
}

/* ---- a volume in its cloud's units ---------------------------------------
   OCI quotes block volumes in GB and MB/s (DOMAIN.md, "OCI block volumes":
   KB/s per GB, max MB/s), EBS in GiB and MiB/s; a volume is shown in the
   units its cloud sells it in (the provider's decimal flag, provider.h). */

static bool volume_decimal(const struct vol_profile *v)
{
    const struct prof_provider *p = prof_provider_of_volume(v);
    return p && p->decimal;
}

void report_fmt_volume_size(const struct vol_profile *v, char *buf, size_t len)
{
    double gb = (double)v->size_bytes / 1e9;
    if (!volume_decimal(v))
        prof_format_size(v->size_bytes, buf, len);
    else
        snprintf(buf, len, "%.*f GB", gb == (double)(long long)gb ? 0 : 2, gb);
}

void report_fmt_volume_tput(const struct vol_profile *v, double bytes_per_s,
                            int decimals, char *buf, size_t len)
{
    if (volume_decimal(v))
        snprintf(buf, len, "%.*f MB/s", decimals, bytes_per_s / 1e6);
    else
        snprintf(buf, len, "%.*f MiB/s", decimals, bytes_per_s / 1048576.0);
}

/* The region of the provider whose list made bill b (the table's, by
   the list's name: a bill read back holds the name alone). */
const char *report_price_region(const struct price_bill *b)
{
    const struct prof_provider *p;

    if (b->disks <= 0 || !b->prices_list)
        return NULL;
    for (int i = 0; (p = prof_provider_at(i)) != NULL; i++)
        if (p->prices_list && strcmp(b->prices_list, p->prices_list) == 0)
            return p->prices_region;
    return NULL;
}

void report_fmt_type_on_platform(const char *type, const char *platform, char *buf,
                                 size_t len)
{
    if (strcmp(platform, "xen") == 0)
        snprintf(buf, len, "%s off Nitro (Xen)", type);
    else if (platform[0])
        snprintf(buf, len, "%s on %s", type, platform);
    else
        snprintf(buf, len, "%s", type);
}
