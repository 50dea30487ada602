/*
 * report_output.c - may asmsim write the file the user named, and how?
 *
 * Every output path a user types (--json, a forecast's or advise's JSON,
 * cost's, a shard, --fio-json) reaches report_output_target() twice: up
 * front, when the command line is checked (cli_check_output_file, before
 * any work), and again when the file is written (report_write_atomic),
 * because what is at the path may change in between.  The answer is one of:
 *
 *   new        nothing is there: the file is written to a temporary name
 *              and moved into place only if the name is still free
 *              (RENAME_NOREPLACE), so a file that appears meanwhile is
 *              never replaced;
 *   own        a regular file that holds asmsim's own output, or nothing
 *              (an empty file, as `> out.json` or touch leave): replaced
 *              whole, by exchanging the new file with it and judging what
 *              came out (report_output_replaceable), which goes back if
 *              something else was put there meanwhile;
 *   in place   /dev/null, a terminal or a FIFO (a pipe, `>(jq .)`): the
 *              bytes are written into it; and our own standard output or
 *              error when the path names it (/dev/stdout with stdout
 *              redirected to a file), written through that descriptor
 *              after what stdio holds, so neither overwrites the other.
 *
 * and everything else is refused, with the reason: a block device (asmsim
 * writing a report over a disk is exactly what the safety rules of real
 * targets exist to prevent: `--json /dev/loop0` replaced an ASM disk
 * header), any other character device (/dev/mem, /dev/sg0), a socket, a
 * directory, and a regular file that holds anything but asmsim's output
 * (an ext4 image, a database file, somebody's notes).  A symbolic link is
 * followed and its target judged by the same rules; a file of asmsim's
 * reached through one is replaced where it lies, the link left as it is;
 * a link to nothing is refused rather than followed into a new file.
 *
 * Standard output is an output too, for the text every command prints
 * and for --json -: `asmsim run > /dev/loop0` would write over the disk.
 * The shell opened it, so it is judged as it is open
 * (report_output_stdout_ok, once, before any command runs): a device is
 * refused as above; a regular file only when the bytes printed would land
 * on bytes already there (opened with 1<> at its start: `>` truncates it
 * and `>>` appends, so either is fine, as is a file written after what
 * it holds); a FIFO, a socket (a service's journal), /dev/null, and
 * here any terminal (the one the session runs on, a serial console
 * included) and /dev/zero and /dev/full (which keep nothing; a full one
 * fails the writes, which main.c reports) take it.
 *
 * asmsim's own output is recognised by its first bytes (at most
 * OWN_HEAD_BYTES): a JSON object whose first two members are the ones
 * asmsim writes first in one of its documents (report_output_is_own).
 * The CSVs are never written to a path the user names (they are staged
 * in --output-dir) and HTML reports never replace anything, so neither is
 * looked at.  A file that merely mentions asmsim's keys, or starts as a
 * JSON document of its own, is not asmsim's.
 */
#include "sim/report/report.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define OWN_HEAD_BYTES 8192

/* /dev/null (1:3) and terminals take a report and keep nothing: the
   virtual consoles (4:0..63; 4:64 and up are serial ports, with whatever
   hangs on the line), /dev/tty (5:0; not 5:1, the console, which may be
   a serial line too) and the pseudo-terminals of /dev/pts (136..143). */
static bool harmless_char_device(dev_t rdev)
{
    unsigned ma = major(rdev), mi = minor(rdev);

    return (ma == 1 && mi == 3) || (ma == 4 && mi < 64) || (ma == 5 && mi == 0) ||
           (ma >= 136 && ma <= 143);
}

/* A JSON string at *p (its opening quote) into out (cut at len - 1,
   escapes kept as written); *p moves past it.  false when there is no
   whole string. */
static bool read_string(const char **p, char *out, size_t len)
{
    const char *q = *p;
    size_t n = 0;

    if (*q++ != '"')
        return false;
    for (; *q && *q != '"'; q++) {
        if (*q == '\\' && q[1])
            q++;
        if (n + 1 < len)
            out[n++] = *q;
    }
    out[n] = '\0';
    if (*q != '"')
        return false;
    *p = q + 1;
    return true;
}

/* Skip one JSON value at *p, up to the ',' or '}' that ends it at its own
   depth (where *p is left); false when the text ends first. */
static bool skip_value(const char **p)
{
    char ignored[2];
    int depth = 0;

    for (const char *q = *p; *q;) {
        if (*q == '"') {
            if (!read_string(&q, ignored, sizeof ignored))
                return false;
            continue;
        }
        if ((*q == ',' || *q == '}') && depth == 0) {
            *p = q;
            return true;
        }
        depth += *q == '[' || *q == '{' ? 1 : *q == ']' || *q == '}' ? -1 : 0;
        q++;
    }
    return false;
}

/* The keys of the first two members of the JSON object at s, and the
   first one's value when it is a string ("" otherwise; key[1] "" when
   the object has one member).  false when s does not start as an object. */
/* A key and its ':' at *p (after any blank), *p left at the value. */
static bool read_key(const char **p, char *key, size_t len)
{
    *p += strspn(*p, " \t\r\n");
    if (!read_string(p, key, len))
        return false;
    *p += strspn(*p, " \t\r\n");
    if (*(*p)++ != ':')
        return false;
    *p += strspn(*p, " \t\r\n");
    return true;
}

static bool first_members(const char *s, char key[2][32], char *value,
                          size_t value_len)
{
    const char *p = s + strspn(s, " \t\r\n");

    value[0] = key[1][0] = '\0';
    if (*p++ != '{' || !read_key(&p, key[0], sizeof key[0]))
        return false;
    if ((*p == '"' && !read_string(&p, value, value_len)) || !skip_value(&p))
        return false;
    if (*p++ == '}')
        return true;                    /* one member only */
    /* the second member's value may run past the head: its key is enough */
    return read_key(&p, key[1], sizeof key[1]);
}

/* Whether head (NUL-terminated, a file's first bytes) is asmsim's
   output: its first members are those asmsim writes first, in order -
   "asmsim_version" (results, cost), "kind": "advice" then
   "asmsim_version", "kind": "forecast" then "schema", "args" then
   "shard_k" (a shard's first line), "fio version": "asmsim-..." then
   "timestamp" (--fio-json; fio's own says "fio-3.33").  A file that
   merely holds such a key somewhere, or a "kind" of its own, is not
   asmsim's. */
bool report_output_is_own(const char *head)
{
    char key[2][32], value[32];
    const char *p = head;

    if (strncmp(p, "\xef\xbb\xbf", 3) == 0)
        p += 3;                         /* a byte order mark an editor added */
    if (!first_members(p, key, value, sizeof value))
        return false;
    if (strcmp(key[0], "asmsim_version") == 0)
        return true;
    if (strcmp(key[0], "kind") == 0)
        return (strcmp(value, "advice") == 0 &&
                strcmp(key[1], "asmsim_version") == 0) ||
               (strcmp(value, "forecast") == 0 && strcmp(key[1], "schema") == 0);
    if (strcmp(key[0], "fio version") == 0)
        return strncmp(value, "asmsim-", 7) == 0 && strcmp(key[1], "timestamp") == 0;
    return strcmp(key[0], "args") == 0 && strcmp(key[1], "shard_k") == 0;
}

/* Why a thing at a path is refused: what it is, as a noun phrase ("a
   block device"), and what to do instead. */
struct refusal {
    char what[160];
    const char *remedy;
};

/* The regular file st at path: empty, or asmsim's by its first bytes. */
static int own_file(const char *path, const struct stat *st, struct refusal *r)
{
    char head[OWN_HEAD_BYTES + 1];
    ssize_t n = 0;

    if (st->st_size == 0)
        return 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd >= 0) {
        n = read(fd, head, OWN_HEAD_BYTES);
        close(fd);
    }
    if (fd < 0 || n < 0) {
        snprintf(r->what, sizeof r->what, "a file asmsim cannot read (%s) to "
                 "tell whether asmsim wrote it", strerror(errno));
        r->remedy = "give a new file name";
        return -EACCES;
    }
    head[n] = '\0';
    if (memchr(head, '\0', (size_t)n) == NULL && report_output_is_own(head))
        return 0;
    snprintf(r->what, sizeof r->what, "a file that holds something asmsim "
             "did not write (not an asmsim JSON)");
    r->remedy = "asmsim replaces only its own output: give a new file name";
    return -EEXIST;
}

/* The descriptor (1 or 2) whose file st is, or -1. */
static int our_stdio_fd(const struct stat *st)
{
    struct stat fd_st;

    for (int fd = 1; fd <= 2; fd++)
        if (fstat(fd, &fd_st) == 0 && S_ISREG(fd_st.st_mode) &&
            fd_st.st_dev == st->st_dev && fd_st.st_ino == st->st_ino)
            return fd;
    return -1;
}

/* What is not a regular file, st (a FIFO, a device, a directory, a
   socket): written in place, or why not. */
static int judge_special(const struct stat *st, struct report_output *out,
                         struct refusal *r)
{
    out->how = REPORT_OUTPUT_IN_PLACE;
    if (S_ISFIFO(st->st_mode) ||
        (S_ISCHR(st->st_mode) && harmless_char_device(st->st_rdev)))
        return 0;
    r->remedy = "give a file name";
    if (S_ISDIR(st->st_mode)) {
        snprintf(r->what, sizeof r->what, "a directory");
        return -EISDIR;
    }
    if (S_ISBLK(st->st_mode)) {
        snprintf(r->what, sizeof r->what, "a block device (%u:%u)",
                 major(st->st_rdev), minor(st->st_rdev));
        r->remedy = "asmsim never writes its output into a device (it would "
                    "overwrite what the device holds): give a file name";
    } else if (S_ISCHR(st->st_mode)) {
        snprintf(r->what, sizeof r->what, "a character device (%u:%u)",
                 major(st->st_rdev), minor(st->st_rdev));
        r->remedy = "asmsim writes its output only to files, FIFOs, "
                    "terminals and /dev/null: give a file name";
    } else {
        snprintf(r->what, sizeof r->what, "a socket");
    }
    return -EINVAL;
}

/* The existing thing st at path (followed through links): how to write
   it, or why not. */
static int judge(const char *path, const struct stat *st,
                 struct report_output *out, struct refusal *r)
{
    if (!S_ISREG(st->st_mode))
        return judge_special(st, out, r);
    out->stdio_fd = our_stdio_fd(st);
    out->how = out->stdio_fd > 0 ? REPORT_OUTPUT_APPEND : REPORT_OUTPUT_REPLACE;
    return out->how == REPORT_OUTPUT_APPEND ? 0 : own_file(path, st, r);
}

/* The file a link at path names, where asmsim replaces it. */
static int follow_link(const char *path, struct report_output *out,
                       struct refusal *r)
{
    char *real = realpath(path, NULL);

    if (real && strlen(real) < sizeof out->path) {
        snprintf(out->path, sizeof out->path, "%s", real);
        free(real);
        return 0;
    }
    snprintf(r->what, sizeof r->what, "a link asmsim cannot follow (%s)",
             real ? strerror(ENAMETOOLONG) : strerror(errno));
    r->remedy = "give the file's own path";
    free(real);
    return -EINVAL;
}

int report_output_target(const char *path, struct report_output *out,
                         char *why, size_t why_len)
{
    struct refusal r = { "", "" };
    struct stat lst, st;
    bool link;
    int rc;

    memset(out, 0, sizeof *out);
    if (!path || !*path) {
        snprintf(why, why_len, "is empty; give a file name");
        return -EINVAL;
    }
    if (strlen(path) >= sizeof out->path) {
        snprintf(why, why_len, "path too long; use a path under %zu bytes",
                 sizeof out->path);
        return -ENAMETOOLONG;
    }
    snprintf(out->path, sizeof out->path, "%s", path);
    if (lstat(path, &lst) != 0) {
        rc = -errno;
        if (rc != -ENOENT && rc != -ENOTDIR) {
            snprintf(why, why_len, "%s", strerror(-rc));
            return rc;
        }
        out->how = REPORT_OUTPUT_NEW;
        return 0;
    }
    link = S_ISLNK(lst.st_mode);
    if (link && stat(path, &st) != 0) {
        snprintf(r.what, sizeof r.what, "%s", errno == ENOENT ?
                 "nothing (a dangling link)" : strerror(errno));
        r.remedy = "asmsim does not create a file through a link: give the "
                   "path itself";
        rc = -EINVAL;
    } else {
        rc = judge(path, link ? &st : &lst, out, &r);
        if (rc == 0 && link && out->how == REPORT_OUTPUT_REPLACE)
            rc = follow_link(path, out, &r);    /* replaced where it lies */
    }
    if (rc < 0)
        snprintf(why, why_len, "is %s%s; %s", link ? "a symbolic link to " : "",
                 r.what, r.remedy);
    return rc;
}

static bool stdout_told;     /* report_write_stdout said stdout failed */

int report_write_stdout(int (*write_fn)(FILE *, void *), void *arg, const char *what,
                        char *why, size_t why_len)
{
    /* stdio keeps the errno of the write that failed; anything else that
       sets errno before the check would lose it, hence nothing between */
    errno = 0;
    int rc = write_fn(stdout, arg);
    if (rc == 0 && fflush(stdout) != 0)
        rc = -EIO;
    if (rc == -EIO && errno != 0)
        rc = -errno;
    if (rc < 0) {
        snprintf(why, why_len, "cannot write the %s to stdout: %s", what, strerror(-rc));
        stdout_told = true;
    }
    return rc;
}

bool report_stdout_told(void)
{
    return stdout_told;
}

bool report_output_fd_ok(int fd)
{
    struct stat st;

    return fstat(fd, &st) == 0 && (S_ISFIFO(st.st_mode) ||
           (S_ISCHR(st.st_mode) && harmless_char_device(st.st_rdev)));
}

int report_output_stdout_ok(int fd, char *why, size_t why_len)
{
    const char *name = fd == STDERR_FILENO ? "stderr" : "stdout";
    struct report_output out;
    struct refusal r = { "", "" };
    struct stat st;
    int rc;

    if (fstat(fd, &st) != 0 || S_ISSOCK(st.st_mode) || isatty(fd))
        return 0;       /* closed (>&-), a socket (a journal), a terminal */
    if (S_ISCHR(st.st_mode) && major(st.st_rdev) == 1 &&
        (minor(st.st_rdev) == 5 || minor(st.st_rdev) == 7))
        return 0;       /* /dev/zero and /dev/full keep nothing either */
    if (S_ISREG(st.st_mode)) {
        int flags = fcntl(fd, F_GETFL);
        off_t at = lseek(fd, 0, SEEK_CUR);
        if (flags < 0 || (flags & O_APPEND) || at < 0 || at >= st.st_size)
            return 0;               /* `>`, `>>`, or after what is there */
        snprintf(why, why_len, "%s is a file opened at byte %lld of its "
                 "%lld (%d<> or a descriptor passed on): what asmsim prints "
                 "would overwrite what the file holds; redirect %s with "
                 "> or >>", name, (long long)at, (long long)st.st_size,
                 fd == STDERR_FILENO ? 2 : 1, name);
        return -EEXIST;
    }
    /* the remedy for a path ends "give a file name"; here the shell's
       redirection is what to change */
    static const char tail[] = "give a file name";
    if ((rc = judge_special(&st, &out, &r)) < 0) {
        size_t keep = strlen(r.remedy) - (sizeof tail - 1);
        snprintf(why, why_len, "%s is %s; %.*sredirect %s to a file",
                 name, r.what, (int)keep, r.remedy, name);
    }
    return rc;
}

bool report_output_replaceable(const char *path)
{
    struct refusal r;
    struct stat st;

    return lstat(path, &st) == 0 && S_ISREG(st.st_mode) &&
           own_file(path, &st, &r) == 0;
}
