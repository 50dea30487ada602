/*
 * setup.c - a run's setup (setup.h): its defaults and the binding of the
 * run's backend configuration to the setup's volume and instance.
 */
#include "sim/model/setup.h"

#include <string.h>

void sim_setup_defaults(struct sim_setup *s)
{
    char why[256];

    memset(s, 0, sizeof *s);
    sim_run_cfg_defaults(&s->run);
    s->run.backend = &dev_model_ops;
    prof_volume_parse("gp3", &s->volume, why, sizeof(why));
    prof_instance_find("none", &s->instance, why, sizeof(why));
    lay_cfg_defaults(&s->run.layout, 1, s->volume.size_bytes);
    wl_cfg_defaults(&s->run.workload, s->volume.size_bytes);
    sim_setup_run(s);
}

const struct sim_run_cfg *sim_setup_run(struct sim_setup *s)
{
    s->model = (struct dev_model_cfg){
        .volume = &s->volume,
        .instance = &s->instance,
        .burst_credit_frac = s->run.burst_credit_frac,
        .n_vol_groups = s->n_groups,
    };
    for (int g = 0; g < s->n_groups; g++)
        s->model.vol_groups[g] = (struct dev_model_vol_group){
            .volume = &s->group_volume[g],
            .disks = s->run.db.groups[g].disks,
        };
    s->run.backend_cfg = s->run.backend == &dev_model_ops ? &s->model
                                                         : s->backend_cfg;
    s->run.disk_bytes = s->volume.size_bytes;
    return &s->run;
}
