/*
 * source_tree.h - a file of the source tree (presets, docs) by its path
 * from the tree's root, found from the test's own source file (__FILE__,
 * tests/test_*.c), so a test reads the files it checks wherever the
 * build directory is.
 */
#ifndef ASMSIM_TESTS_SOURCE_TREE_H
#define ASMSIM_TESTS_SOURCE_TREE_H

#include <stdio.h>
#include <string.h>

/* rel from the root, seen from the test file `file` one folder below it:
   "<file's folder>/../<rel>" into buf (".." from the working directory
   when file has no folder).  Returns buf. */
static inline const char *source_tree_path_of(const char *file, const char *rel,
                                              char *buf, size_t len)
{
    const char *slash = strrchr(file, '/');
    int dir_len = slash ? (int)(slash - file) : 1;
    snprintf(buf, len, "%.*s/../%s", dir_len, slash ? file : ".", rel);
    return buf;
}

/* rel from the root, seen from the test file that calls it. */
#define source_tree_path(rel, buf, len) source_tree_path_of(__FILE__, rel, buf, len)

#endif
