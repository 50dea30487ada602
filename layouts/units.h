/*
 * units.h - byte units and the small integer rules every layer shares:
 * KIB..TIB and KB..TB, units_is_pow2, units_gcd, and units_fmt_exact, the
 * one spelling of an exact size ("4MiB", "128KiB", "1024GB", "1500B").
 *
 * layouts/ is the lowest layer, so these live here, next to why.h, and
 * workloads/, sim/ and tui/ include them: one definition of each, whichever
 * layer needs it.  Header-only, so the layers share it without a link-time
 * dependency.  Include it from .c files and internal headers, not from a
 * public header: code that includes those (the tests) may name its own
 * KIB or MIB.
 */
#ifndef ASMSIM_LAYOUTS_UNITS_H
#define ASMSIM_LAYOUTS_UNITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Binary units (as the command line, the layouts and AWS spell sizes). */
#define KIB (1ull << 10)
#define MIB (1ull << 20)
#define GIB (1ull << 30)
#define TIB (1ull << 40)

/* Decimal units (OCI sizes, instance MB/s, "1024GB" in a spec). */
#define KB 1000ull
#define MB 1000000ull
#define GB 1000000000ull
#define TB 1000000000000ull

/* x is a power of two (0 is not). */
static inline bool units_is_pow2(uint64_t x)
{
    return x && !(x & (x - 1));
}

/* Greatest common divisor; units_gcd(a, 0) = a. */
static inline uint64_t units_gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* `bytes` in the largest unit that divides it exactly, no space: "4MiB",
   "128KiB", "3B" ("0B" for 0), so the text parses back to the same bytes.
   Two choices, made by the caller and not by a twin of this function:
     top_unit     the largest unit to use (KIB..TIB): the layouts' messages
                  and the canonical specs go up to TIB; the dashboard's
                  columns and the rates ("750MiB/s", not "1GiB/s") stop at
                  MIB, so 1 GiB reads "1024MiB" there;
     decimal_too  also the decimal units, each tried right after the binary
                  unit of its rank ("1024GB", "680MB"), as specs and rates
                  are written; layouts and the dashboard speak binary only
                  ("1000B", not "1KB"). */
static inline void units_fmt_exact(uint64_t bytes, uint64_t top_unit,
                                   bool decimal_too, char *buf, size_t len)
{
    static const struct {
        const char *name;
        uint64_t bytes;
        bool decimal;
    } unit[] = {
        { "TiB", TIB, false }, { "TB", TB, true }, { "GiB", GIB, false },
        { "GB", GB, true }, { "MiB", MIB, false }, { "MB", MB, true },
        { "KiB", KIB, false }, { "KB", KB, true },
    };

    if (bytes > 0)
        for (size_t i = 0; i < sizeof unit / sizeof unit[0]; i++)
            if (unit[i].bytes <= top_unit &&
                (decimal_too || !unit[i].decimal) &&
                bytes % unit[i].bytes == 0) {
                snprintf(buf, len, "%llu%s",
                         (unsigned long long)(bytes / unit[i].bytes),
                         unit[i].name);
                return;
            }
    snprintf(buf, len, "%lluB", (unsigned long long)bytes);
}

#endif
