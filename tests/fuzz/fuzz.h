/*
 * fuzz.h - what the fuzz harnesses (tests/fuzz/fuzz_*.c) share.
 *
 * Each harness is one libFuzzer entry point, LLVMFuzzerTestOneInput(),
 * over one parser a user feeds: layout files, workload files, values, volume specs, disk
 * lists, LUN files, ORION's argv, the run/sweep options.  Built with
 * ASMSIM_FUZZ=ON (clang, -fsanitize=fuzzer,address,undefined) it is a
 * fuzzer; built without, replay.c gives it a main() that feeds it every
 * file of its seed corpus once, so the seeds are a regression test in
 * every build.
 *
 * Besides memory safety (the sanitizers), a harness checks the contracts
 * the headers promise, with FUZZ_CHECK: a parser returns 0 or the errno it
 * documents, leaves its outputs untouched on failure, and leaves a
 * NUL-terminated, non-empty reason in `why` when it fails.  A violated
 * contract prints one line to stderr and aborts, which libFuzzer reports
 * as a crash with the input that caused it.  Nothing is printed for inputs
 * that keep the contracts.
 *
 * With ASMSIM_FUZZ_STRICT=1 in the environment the reasons are also held
 * to the message rules of cli.h (one line, no control characters, at most
 * FUZZ_WHY_MAX bytes); that is the CLI property test's job at the
 * executable's level, so it is off by default here.
 *
 * Inputs are bytes.  fuzz_text() makes a C string of them (an embedded NUL
 * ends it early, as it would on a command line); fuzz_argv() splits them
 * into arguments at NUL bytes, or at newlines when the input has no NUL,
 * so seeds can be kept as text, one argument per line; fuzz_memfd() puts
 * them in an anonymous in-memory file whose /proc/self/fd path the file
 * parsers can open, so no harness touches the file system.
 */
#ifndef ASMSIM_TESTS_FUZZ_H
#define ASMSIM_TESTS_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define FUZZ_MAX_ARGS 64            /* arguments fuzz_argv() keeps */
#define FUZZ_WHY_MAX 400            /* strict mode: longest reason */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static inline void fuzz_fail(const char *file, int line, const char *what)
{
    fprintf(stderr, "%s:%d: contract violated: %s\n", file, line, what);
    abort();
}

#define FUZZ_CHECK(cond) \
    ((cond) ? (void)0 : fuzz_fail(__FILE__, __LINE__, #cond))

/* The input as a malloc'ed C string (up to its first NUL). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);

    if (!s)
        abort();
    if (size)
        memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

/* argv[0] = name, then the input's arguments (see above), at most
   FUZZ_MAX_ARGS - 1 of them; argv[argc] = NULL.  *store holds the
   strings; free(*store) and free(argv) when done. */
static inline char **fuzz_argv(const uint8_t *data, size_t size,
                               const char *name, int *argc, char **store)
{
    char **argv = calloc(FUZZ_MAX_ARGS + 1, sizeof *argv);
    char *s = malloc(size + 1);
    char sep = memchr(data, '\0', size) ? '\0' : '\n';
    int n = 0;

    if (!argv || !s)
        abort();
    if (size)
        memcpy(s, data, size);
    s[size] = '\0';
    argv[n++] = (char *)name;
    for (size_t i = 0, start = 0; i <= size && n < FUZZ_MAX_ARGS; i++) {
        if (i < size && s[i] != sep)
            continue;
        s[i] = '\0';
        /* a trailing separator does not make an empty last argument */
        if (i < size || i > start)
            argv[n++] = s + start;
        start = i + 1;
    }
    argv[n] = NULL;
    *argc = n;
    *store = s;
    return argv;
}

/* An in-memory file holding the input, and a path that opens it.  The fd,
   or -1 when memfd_create is not available (the harness then skips). */
static inline int fuzz_memfd(const uint8_t *data, size_t size, char *path,
                             size_t path_len)
{
    int fd = memfd_create("asmsim-fuzz", 0);

    if (fd < 0)
        return -1;
    for (size_t done = 0; done < size;) {
        ssize_t w = write(fd, data + done, size - done);
        if (w <= 0) {
            close(fd);
            return -1;
        }
        done += (size_t)w;
    }
    snprintf(path, path_len, "/proc/self/fd/%d", fd);
    return fd;
}

static inline bool fuzz_strict(void)
{
    static int strict = -1;

    if (strict < 0) {
        const char *e = getenv("ASMSIM_FUZZ_STRICT");
        strict = e && *e == '1';
    }
    return strict == 1;
}

/* The reason a parser that failed left in why[0..len): NUL-terminated
   inside the buffer and not empty. */
static inline void fuzz_check_why(const char *why, size_t len, bool failed)
{
    const char *nul;

    if (!failed)
        return;
    nul = memchr(why, '\0', len);
    FUZZ_CHECK(nul != NULL);
    FUZZ_CHECK(why[0] != '\0');
    if (!fuzz_strict())
        return;
    FUZZ_CHECK((size_t)(nul - why) <= FUZZ_WHY_MAX);
    for (const unsigned char *p = (const unsigned char *)why; *p; p++)
        FUZZ_CHECK(*p >= 0x20 && *p != 0x7f);
}

#endif
