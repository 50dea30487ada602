/*
 * must_instance.h - a test's instance by name (prof_instance_find), the
 * test failed with the reason when the name is not known.  Include after
 * tests/check.h.
 */
#ifndef ASMSIM_TESTS_MUST_INSTANCE_H
#define ASMSIM_TESTS_MUST_INSTANCE_H

#include <string.h>

#include "sim/profiles/profiles.h"

static inline struct inst_profile must_instance(const char *name)
{
    struct inst_profile in;
    char why[256];

    memset(&in, 0, sizeof in);
    if (prof_instance_find(name, &in, why, sizeof why) != 0)
        CHECK_FAIL_AT("prof_instance_find(\"%s\"): %s", name, why);
    return in;
}

#endif
