/*
 * setup.h - a run as the layers above the core describe it: the core's
 * configuration (struct sim_run_cfg: workload, layout, measuring, the
 * backend and its opaque configuration) beside what the disks are in
 * the cloud's words: the volume profile, the instance, the monthly bill
 * and how it was priced.
 *
 * Why a struct above the core.  The core carries a backend's
 * configuration without reading it (sim_run_cfg.backend_cfg), and knows
 * a disk by its size and name only, so it includes nothing of
 * sim/profiles/.  The model needs the volume and instance
 * (struct dev_model_cfg); the CLI, the session, the dashboard and the
 * reports show them, with the bill, for every backend (real targets are
 * a "target" volume of their least size on no instance, and no bill).
 * A setup holds both, by value as the run configuration was, so that a
 * copy of it (the session's configuration in force and the next one it
 * checks) is a whole configuration.
 *
 * The one rule: on the model, run.backend_cfg points into the setup it
 * was bound in (another backend's is the caller's, s->backend_cfg).
 * sim_setup_run() binds it (the model's configuration to this setup's
 * volume and instance, run.disk_bytes to the volume's size) and returns
 * the run to hand the core; call it after any copy or change, on the
 * setup that outlives the run (a local that lives across sim_run() is
 * one; a struct returned by value and then copied is not).
 *
 * Layering: sim/model/ may include the core and the profiles; the
 * reports, session, CLI and dashboard include this header, the core
 * never does.
 */
#ifndef ASMSIM_SIM_MODEL_SETUP_H
#define ASMSIM_SIM_MODEL_SETUP_H

#include "sim/core/run.h"
#include "sim/model/dev_model.h"
#include "sim/profiles/prices.h"
#include "sim/profiles/profiles.h"

#define SIM_OVER_NAME_MAX 48          /* "volume-throughput:REDO" */
#define SIM_OVER_VALUE_MAX 48

struct sim_setup;

/* What a sweep over a parameter other than the disk count (sweep --over)
   varies: the parameter as the user named it, each run's value as given,
   and each run's whole setup (its volume, instance, workload and bill may
   all differ from the first's).  The caller's; it outlives the results. */
struct sim_sweep_over {
    char param[SIM_OVER_NAME_MAX];
    int n;                          /* the runs, 1..SIM_MAX_SWEEP */
    char value[SIM_MAX_SWEEP][SIM_OVER_VALUE_MAX];
    struct sim_setup *setups;       /* [n] */
};

struct sim_setup {
    struct sim_run_cfg run;         /* the core's part */
    struct vol_profile volume;      /* every disk's; real targets: the
                                       "target" volume of their least
                                       usable size */
    struct inst_profile instance;   /* "none" on real targets */
    struct price_bill bill;         /* the monthly bill of the instance and
                                       run.disks volumes, for the reports;
                                       bill.disks 0: none (real devices) */
    struct price_opts price;        /* how bill was priced (--os, --memory,
                                       --region): a dashboard retune prices
                                       its configuration again with them */
    /* the configuration of a backend other than the model (the aio
       backend's struct dev_aio_cfg, which the CLI makes), put in
       run.backend_cfg by sim_setup_run; NULL for none.  The caller's. */
    const void *backend_cfg;
    struct dev_model_cfg model;     /* the model's: bound by sim_setup_run */
    /* a database workload's disk groups (run.db.n_groups of them): each
       group's volume, on the one instance; `volume` is the first's */
    int n_groups;
    struct vol_profile group_volume[SIM_MAX_GROUPS];
    /* a sweep over a parameter (its runs' setups; this one shows the
       configuration they share); NULL: a run, or a sweep over disk
       counts of this setup */
    const struct sim_sweep_over *over;
};

/* sim_run_cfg_defaults, on modelled volumes: the model backend, one gp3
   volume of the default size on no particular instance ("none"), no
   bill. */
void sim_setup_defaults(struct sim_setup *s);

/* Bind s (see the top) and return &s->run for the core: the model's
   configuration names s->volume (or each group's volume, on its group's
   disks) and s->instance, run.backend_cfg is it when the model runs and
   s->backend_cfg otherwise, and run.disk_bytes is s->volume.size_bytes. */
const struct sim_run_cfg *sim_setup_run(struct sim_setup *s);

/* The setup run i of a sweep of s ran with: its own under --over, else
   s (a sweep over disk counts; the run's disks are in its result). */
static inline const struct sim_setup *sim_setup_of_run(const struct sim_setup *s, int i)
{
    return s->over && i >= 0 && i < s->over->n ? &s->over->setups[i] : s;
}

#endif
