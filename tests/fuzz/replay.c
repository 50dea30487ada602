/*
 * replay.c - main() for a fuzz harness built without libFuzzer: feed it
 * every file named on the command line, and every regular file in every
 * directory named (in name order, so a failure reproduces), once each.
 *
 *   fuzz_layout_file tests/fuzz/corpus/layout_file [more files or dirs]
 *
 * A harness aborts on a broken contract and the sanitizers abort on a
 * memory error, so reaching the end means every input passed; the one line
 * printed then says how many there were.  Exit status 0, or 1 when an
 * argument cannot be read or names no input at all.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

#define REPLAY_MAX_BYTES (1u << 20)

/* The input being fed, named on stderr when a check or a sanitizer
   aborts, so the failing seed is known. */
static char current[4096];

static void on_abort(int sig)
{
    static const char msg[] = "replay: aborted on input ";
    ssize_t w = write(2, msg, sizeof msg - 1);

    w += write(2, current, strlen(current));
    w += write(2, "\n", 1);
    (void)w;
    signal(sig, SIG_DFL);
    raise(sig);
}

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = malloc(REPLAY_MAX_BYTES);
    size_t n;

    if (!f || !buf) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        if (f)
            fclose(f);
        free(buf);
        return -1;
    }
    n = fread(buf, 1, REPLAY_MAX_BYTES, f);
    fclose(f);
    snprintf(current, sizeof current, "%s", path);
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* The inputs fed, or -1. */
static int replay_dir(const char *dir)
{
    struct dirent **names;
    int n = scandir(dir, &names, NULL, by_name), fed = 0;

    if (n < 0) {
        fprintf(stderr, "replay: %s: %s\n", dir, strerror(errno));
        return -1;
    }
    for (int i = 0; i < n; i++) {
        char path[4096];
        struct stat st;

        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            if (replay_file(path) != 0)
                fed = -1;
            else if (fed >= 0)
                fed++;
        }
        free(names[i]);
    }
    free(names);
    return fed;
}

int main(int argc, char **argv)
{
    int total = 0;

    signal(SIGABRT, on_abort);
    signal(SIGSEGV, on_abort);
    for (int i = 1; i < argc; i++) {
        struct stat st;
        int fed;

        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
            return 1;
        }
        fed = S_ISDIR(st.st_mode) ? replay_dir(argv[i])
                                  : replay_file(argv[i]) == 0 ? 1 : -1;
        if (fed < 0)
            return 1;
        total += fed;
    }
    if (total == 0) {
        fprintf(stderr, "replay: no inputs; give seed files or directories\n");
        return 1;
    }
    printf("%s: %d inputs, all kept the contracts\n", argv[0], total);
    return 0;
}
