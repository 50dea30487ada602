/*
 * cli_output_check.c - cli_check_outputs(): before anything runs, make
 * sure every output the command will write can be written.
 *
 * A run may take hours; finding out at the end that --output-dir is a file
 * or --json names a missing directory would lose the results.  So the
 * paths are checked up front, without creating anything: --output-dir must
 * be a writable directory, or a path whose nearest existing ancestor is a
 * writable directory (it is created later, just before the run), and the
 * directory of a --json file must exist and be writable ("-" is stdout).
 *
 * Errors: -EINVAL (wrong kind of path) or -EACCES (not writable), with
 * "<flag> <path>: <what is wrong>; <what would do>" in why.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/cli.h"

/* A writable directory, or a path whose nearest existing ancestor is one
   (so that it can be created). */
static int check_dir(const char *flag, const char *dir, bool may_create,
                     char *why, size_t why_len)
{
    char path[4096];
    struct stat st;

    if (strlen(dir) >= sizeof path) {
        snprintf(why, why_len, "%s %.64s...: path too long; use a path under "
                 "%zu bytes", flag, dir, sizeof path);
        return -EINVAL;
    }
    strcpy(path, dir);
    for (;;) {
        if (stat(path, &st) == 0) {
            if (!S_ISDIR(st.st_mode)) {
                snprintf(why, why_len, "%s %s: %s is not a directory; give a "
                         "directory that exists or can be created", flag, dir,
                         path);
                return -EINVAL;
            }
            if (access(path, W_OK | X_OK) != 0) {
                snprintf(why, why_len, "%s %s: %s is not writable; give a "
                         "directory you can write to", flag, dir, path);
                return -EACCES;
            }
            return 0;
        }
        if ((errno != ENOENT && errno != ENOTDIR) || !may_create) {
            snprintf(why, why_len, "%s %s: %s: %s; give an existing, writable "
                     "directory", flag, dir, path, strerror(errno));
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

int cli_check_outputs(const struct cli_opts *o, char *why, size_t why_len)
{
    int rc;

    if (o->output_dir &&
        (rc = check_dir(o->cmd == CLI_ORION && !(o->given &
                        CLI_GIVEN_OUTPUT_DIR) ? "(current directory)" :
                        "--output-dir", o->output_dir, true, why, why_len)))
        return rc;
    if (o->json_path && strcmp(o->json_path, "-") != 0) {
        char dir[4096];
        struct stat st;
        const char *slash = strrchr(o->json_path, '/');

        if (stat(o->json_path, &st) == 0 && S_ISDIR(st.st_mode)) {
            snprintf(why, why_len, "--json %s: is a directory; give a file "
                     "path or - for stdout", o->json_path);
            return -EINVAL;
        }
        if (!slash)
            strcpy(dir, ".");
        else if (slash == o->json_path)
            strcpy(dir, "/");
        else
            snprintf(dir, sizeof dir, "%.*s", (int)(slash - o->json_path),
                     o->json_path);
        if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
            snprintf(why, why_len, "--json %s: directory %s does not exist; "
                     "give a file in an existing directory or - for stdout",
                     o->json_path, dir);
            return -EINVAL;
        }
        if (access(dir, W_OK | X_OK) != 0) {
            snprintf(why, why_len, "--json %s: directory %s is not writable; "
                     "give a file in a writable directory or - for stdout",
                     o->json_path, dir);
            return -EACCES;
        }
    }
    return 0;
}
