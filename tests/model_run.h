/*
 * model_run.h - the run configuration the tests of whole runs start from:
 * the model backend with a named instance and volume spec (as on the
 * command line), auto duration; each test sets what it is about, and
 * hands the core sim_setup_run(&cfg) (sim/model/setup.h).
 */
#ifndef ASMSIM_TESTS_MODEL_RUN_H
#define ASMSIM_TESTS_MODEL_RUN_H

#include "sim/core/run.h"
#include "sim/model/dev_model.h"
#include "sim/model/setup.h"
#include "sim/profiles/profiles.h"
#include "tests/check.h"

static inline struct sim_setup model_run_cfg(const char *instance,
                                             const char *volume, int disks)
{
    struct sim_setup cfg;
    char why[256];
    sim_setup_defaults(&cfg);
    if (prof_instance_find(instance, &cfg.instance, why, sizeof why) < 0)
        CHECK_FAIL_AT("instance %s: %s", instance, why);
    if (prof_volume_parse(volume, &cfg.volume, why, sizeof why) < 0)
        CHECK_FAIL_AT("volume %s: %s", volume, why);
    cfg.run.disks = disks;
    cfg.run.point.auto_duration = true;
    return cfg;
}

#endif
