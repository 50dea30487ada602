/*
 * tmp_tree.h - scratch directories for the tests that write files: make
 * one, count what is in it, and remove it with what it holds (one level
 * of subdirectories, as the writers under test make).
 */
#ifndef ASMSIM_TESTS_TMP_TREE_H
#define ASMSIM_TESTS_TMP_TREE_H

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* A new directory /tmp/<prefix>.XXXXXX in buf; NULL when it cannot be made. */
static inline const char *tmp_tree_make(char *buf, size_t len, const char *prefix)
{
    snprintf(buf, len, "/tmp/%s.XXXXXX", prefix);
    return mkdtemp(buf);
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
