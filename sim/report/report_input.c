/*
 * report_input.c - may asmsim read the file the user named as an input?
 *
 * asmsim reads every input whole before it starts (a schedule CSV, a
 * layout file, results JSON for `asmsim report`, advise's shards, a LUN
 * file), so an input is a regular file and nothing else.  What else a
 * path can name goes wrong in its own way: a FIFO blocks the open until a
 * writer comes and then the read until it closes (forever, from a
 * `mkfifo` nobody writes to), a directory opens and reads as an error or
 * a huge length ("larger than 1 GiB" for /tmp), a character device
 * (/dev/zero, /dev/urandom) never ends, a tape rewinds on open.  So the
 * kind is judged by stat() before anything is opened, and again by
 * fstat() on what was opened (the path may have changed in between),
 * with O_NONBLOCK on the open so that even a FIFO swapped in at the last
 * moment cannot make it wait.  The refusal says what the path is.
 *
 * Outputs have their own rules (report_output.c): there a FIFO is fine.
 */
#include "sim/report/report_input.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *file_kind(mode_t m)
{
    return S_ISDIR(m) ? "a directory" : S_ISCHR(m) ? "a character device" :
           S_ISBLK(m) ? "a block device" : S_ISFIFO(m) ? "a FIFO" :
           S_ISSOCK(m) ? "a socket" : "not a regular file";
}

static int not_regular(mode_t m, char *why, size_t why_len)
{
    snprintf(why, why_len, "is %s, not a regular file", file_kind(m));
    return -EINVAL;
}

static int cannot_read(int err, char *why, size_t why_len)
{
    snprintf(why, why_len, "cannot read it: %s", strerror(err));
    return -err;
}

int report_input_open(const char *path, FILE **out, char *why, size_t why_len)
{
    struct stat st;
    int fd;

    *out = NULL;
    if (stat(path, &st) != 0)
        return cannot_read(errno, why, why_len);
    if (!S_ISREG(st.st_mode))
        return not_regular(st.st_mode, why, why_len);
    fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        return cannot_read(errno, why, why_len);
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        int rc = S_ISREG(st.st_mode) ? cannot_read(errno, why, why_len)
                                     : not_regular(st.st_mode, why, why_len);
        close(fd);
        return rc;
    }
    *out = fdopen(fd, "rb");
    if (!*out) {
        int rc = cannot_read(errno, why, why_len);
        close(fd);
        return rc;
    }
    return 0;
}
