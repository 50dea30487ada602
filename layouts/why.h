/*
 * why.h - the one "format the reason" helper of every module that reports
 * errors through a caller's (why, why_len) buffer.
 *
 * layouts/ is the lowest layer, so the helper lives here and workloads/
 * and sim/ include it too.  A NULL or empty buffer is allowed: the reason
 * is then dropped.  Returns -EINVAL so that the common case reads
 * `return why_set(why, why_len, "...", ...);`; callers that fail with
 * another errno ignore the return value and return their own.
 */
#ifndef ASMSIM_LAYOUTS_WHY_H
#define ASMSIM_LAYOUTS_WHY_H

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

__attribute__((format(printf, 3, 4)))
static inline int why_set(char *why, size_t len, const char *fmt, ...)
{
    if (why && len > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, len, fmt, ap);
        va_end(ap);
    }
    return -EINVAL;
}

#endif
