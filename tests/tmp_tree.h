/*
 * tmp_tree.h - scratch directories for the tests that write files: make
 * one (in /tmp, or where $TMPDIR says for the tests that want a file
 * system of the machine's choosing), write a file in it, count what is
 * in it, and remove it with what it holds (one level of subdirectories,
 * as the writers under test make).
 */
#ifndef ASMSIM_TESTS_TMP_TREE_H
#define ASMSIM_TESTS_TMP_TREE_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/check.h"

/* $TMPDIR, or dflt when it is not set. */
static inline const char *tmp_tree_parent(const char *dflt)
{
    const char *env = getenv("TMPDIR");
    return env ? env : dflt;
}

/* A new directory <parent>/<prefix>.XXXXXX in buf; NULL when it cannot be
   made. */
static inline const char *tmp_tree_make_in(char *buf, size_t len, const char *parent,
                                           const char *prefix)
{
    snprintf(buf, len, "%s/%s.XXXXXX", parent, prefix);
    return mkdtemp(buf);
}

/* A new directory /tmp/<prefix>.XXXXXX in buf; NULL when it cannot be made. */
static inline const char *tmp_tree_make(char *buf, size_t len, const char *prefix)
{
    return tmp_tree_make_in(buf, len, "/tmp", prefix);
}

/* Write text to the file dir/name, or, name NULL, to dir/f<N>.json, N
   counting the files so named (each a fresh one).  Its path, in a buffer
   of this file's that the next call reuses.  A file that cannot be
   written fails the running test (check.h); its path is returned all the
   same, for the reader under test to refuse. */
static inline const char *tmp_tree_put(const char *dir, const char *name, const char *text)
{
    static char path[512];
    static int numbered;
    if (name)
        snprintf(path, sizeof path, "%s/%s", dir, name);
    else
        snprintf(path, sizeof path, "%s/f%d.json", dir, numbered++);
    FILE *f = fopen(path, "w");
    int wrote = f ? fputs(text, f) : EOF;
    if (!f || (fclose(f) != 0) | (wrote == EOF))
        CHECK_FAIL_AT("cannot write %s", path);
    return path;
}

/* Entries in dir, "." and ".." not counted; -1 when it cannot be read. */
static inline int tmp_tree_count(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;

    if (d == NULL)
        return -1;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            n++;
    closedir(d);
    return n;
}

/* Remove dir, its files and its (empty) subdirectories. */
static inline void tmp_tree_remove(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char p[4096];

    if (d == NULL)
        return;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (unlink(p) != 0)
            rmdir(p);
    }
    closedir(d);
    rmdir(dir);
}

#endif
