/*
 * cli_resolve.c - from parsed options to a validated struct sim_run_cfg:
 * cli_opts_resolve() and cli_opts_to_cfg().
 *
 * Resolving happens after parsing, when every flag is known, because the
 * options depend on each other:
 *
 *   1. the --layout-file supplies the layout settings the command line did
 *      not give (cli_opts.given says which were given);
 *   2. --matrix implies --run advanced, and contradicts any other --run;
 *   3. the volume spec and the instance name are resolved through
 *      profiles.h;
 *   4. the engine is chosen, and real targets are checked against the
 *      safety rules (safety.h) before anything is opened for writing; the
 *      least usable size of the targets becomes the disk size;
 *   5. the combination is checked the way the run will use it: layout
 *      (lay_cfg_check), workload (wl_cfg_check) and matrix
 *      (wl_matrix_build), for the disk count of a run or for every disk
 *      count of a sweep, so that a sweep never fails half-way.
 *
 * Nothing here writes a file or starts a simulation.  Every error is one
 * line, "<flag> <value>: <what is wrong>; <what is valid>", and -EINVAL.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

#include "sim/cli.h"
#include "sim/layout_file.h"
#include "sim/safety.h"

#define MIB (1024ull * 1024ull)

/* Take from the layout file every setting the command line did not give. */
static int apply_layout_file(struct cli_opts *o, char *why, size_t why_len)
{
    struct lay_cfg f;
    char inner[300];
    int file_disks = 0;

    lay_cfg_defaults(&f, 1, 1ull << 30);
    if (lay_file_load(o->layout_file, &f, o->failgroup_map, &file_disks,
                      inner, sizeof inner) != 0) {
        /* the loader's reason already starts with the file name */
        snprintf(why, why_len, "--layout-file %s", inner);
        return -EINVAL;
    }
    if (!(o->given & CLI_GIVEN_LAYOUT))
        o->striping = f.striping;
    if (!(o->given & CLI_GIVEN_AU))
        o->au_bytes = f.au_bytes;
    if (!(o->given & CLI_GIVEN_STRIPE))
        o->stripe_bytes = f.stripe_bytes;
    if (!(o->given & CLI_GIVEN_REDUNDANCY))
        o->redundancy = f.redundancy;
    if (!(o->given & CLI_GIVEN_FAILGROUPS))
        o->failgroups = f.failgroups;
    if (!(o->given & CLI_GIVEN_DISKS) && file_disks > 0)
        o->disks = file_disks;
    /* a map of disks to groups holds only for the disk count it lists and
       yields to an explicit --failgroups */
    o->failgroup_map_disks = f.disk_failgroup &&
        !(o->given & CLI_GIVEN_FAILGROUPS) ? file_disks : 0;
    return 0;
}

static int resolve_profiles(struct cli_opts *o, char *why, size_t why_len)
{
    char inner[300];

    if (prof_volume_parse(o->volume_spec, &o->volume, inner,
                          sizeof inner) != 0) {
        snprintf(why, why_len, "--volume %s: %s", o->volume_spec, inner);
        return -EINVAL;
    }
    if (prof_instance_find(o->instance_name, &o->instance, inner,
                           sizeof inner) != 0) {
        snprintf(why, why_len, "--instance %s: %s", o->instance_name, inner);
        return -EINVAL;
    }
    return 0;
}

/* --matrix implies --run advanced; with another --run it is an error. */
static int resolve_run(struct cli_opts *o, char *why, size_t why_len)
{
    bool orion = o->cmd == CLI_ORION;

    if (!(o->given & CLI_GIVEN_MATRIX))
        return 0;
    if (!(o->given & CLI_GIVEN_RUN)) {
        o->run = WL_RUN_ADVANCED;
        return 0;
    }
    if (o->run != WL_RUN_ADVANCED) {
        snprintf(why, why_len, "%s %s: a matrix is chosen only with %s "
                 "advanced; drop %s or use %s advanced",
                 orion ? "-matrix" : "--matrix", wl_matrix_name(o->matrix),
                 orion ? "-run" : "--run", orion ? "-matrix" : "--matrix",
                 orion ? "-run" : "--run");
        return -EINVAL;
    }
    return 0;
}

void cli_opts_to_cfg(const struct cli_opts *o, int disks,
                     struct sim_run_cfg *cfg)
{
    uint64_t disk_bytes = o->volume.size_bytes;

    sim_run_cfg_defaults(cfg);
    cfg->disks = disks;

    lay_cfg_defaults(&cfg->layout, disks, disk_bytes);
    cfg->layout.striping = o->striping;
    cfg->layout.au_bytes = o->au_bytes;
    cfg->layout.stripe_bytes = o->stripe_bytes;
    cfg->layout.redundancy = o->redundancy;
    cfg->layout.failgroups = o->failgroups;
    cfg->layout.disk_failgroup =
        o->failgroup_map_disks == disks ? o->failgroup_map : NULL;

    wl_cfg_defaults(&cfg->workload, disk_bytes);
    cfg->workload.small_bytes = o->small_bytes;
    cfg->workload.large_bytes = o->large_bytes;
    cfg->workload.large_type = o->large_type;
    cfg->workload.write_pct = o->write_pct;
    cfg->workload.seed = o->seed;

    wl_matrix_cfg_defaults(&cfg->matrix, disks);
    cfg->matrix.run = o->run;
    cfg->matrix.matrix = o->matrix;
    cfg->matrix.num_small = o->num_small;
    cfg->matrix.num_large = o->num_large;

    cfg->point.duration_ns = o->duration_ns;
    cfg->point.auto_duration = o->auto_duration;
    cfg->point.ci_target = 0.01;
    cfg->point.warmup_ns = o->warmup_ns;
    cfg->point.warmup_bytes = o->warmup_bytes;
    cfg->point.stream_io = o->stream_io;
    cfg->point.stop = NULL;

    cfg->backend = o->engine == CLI_ENGINE_AIO ? &dev_aio_ops :
                   o->engine == CLI_ENGINE_NULL ? &dev_null_ops :
                   &dev_model_ops;
    if (o->engine == CLI_ENGINE_AIO) {
        cfg->targets = o->targets;      /* the first `disks` of them */
        cfg->destroy_data = o->destroy_data;
        cfg->ignore_signatures = o->ignore_signatures;
        cfg->create_bytes = o->create_bytes;
        cfg->threads = o->threads;
    }
    cfg->volume = o->volume;
    cfg->instance = o->instance;
    cfg->burst_credit_frac = o->burst_credit_frac;
    cfg->seed = o->seed;
}

/* The engine, and for real targets: the disk count they set, the safety
   rules (safety.c) checked before anything is opened for writing, and the
   usable size every target offers, which becomes the disk size. */
static int resolve_targets(struct cli_opts *o, char *why, size_t why_len)
{
    static const char *const names[] = { "auto", "model", "aio", "null" };
    bool orion = o->cmd == CLI_ORION;
    uint64_t least = UINT64_MAX;

    if (o->engine == CLI_ENGINE_AUTO)
        o->engine = o->n_targets > 0 ? CLI_ENGINE_AIO : CLI_ENGINE_MODEL;
    if (o->engine != CLI_ENGINE_AIO) {
        if (o->n_targets > 0) {
            snprintf(why, why_len, "--target %s: only the aio engine drives "
                     "real targets; drop --engine %s", o->targets[0],
                     names[o->engine]);
            return -EINVAL;
        }
        return 0;
    }
    if (o->n_targets == 0) {
        snprintf(why, why_len, "--engine aio: no targets; give --target PATH "
                 "(repeatable) or --lun-file FILE");
        return -EINVAL;
    }
    if (!orion && (o->given & (CLI_GIVEN_INSTANCE | CLI_GIVEN_VOLUME))) {
        snprintf(why, why_len, "--%s: a model option, but real targets are "
                 "measured, not modelled; drop --instance/--volume or the "
                 "targets", o->given & CLI_GIVEN_INSTANCE ? "instance" :
                 "volume");
        return -EINVAL;
    }
    if (o->cmd == CLI_RUN) {
        if ((o->given & CLI_GIVEN_DISKS) && o->disks != o->n_targets) {
            snprintf(why, why_len, "--disks %d: %d target%s given; drop "
                     "--disks, the targets set the disk count", o->disks,
                     o->n_targets, o->n_targets == 1 ? "" : "s");
            return -EINVAL;
        }
        o->disks = o->n_targets;
    } else if (o->cmd == CLI_SWEEP) {
        if (o->counts[o->n_counts - 1] > o->n_targets) {
            snprintf(why, why_len, "--volumes %s: only %d target%s given; use "
                     "disk counts up to %d (the first N targets are used)",
                     o->volumes_text, o->n_targets,
                     o->n_targets == 1 ? "" : "s", o->n_targets);
            return -EINVAL;
        }
    } else if (!(o->given & CLI_GIVEN_DISKS)) {
        o->disks = o->n_targets;        /* orion: -num_disks sets the levels */
    }
    struct safety_policy pol = {
        .write = o->write_pct > 0,
        .destroy_data = o->destroy_data,
        .ignore_signatures = o->ignore_signatures,
        .create_bytes = o->create_bytes,
        .size_limit_bytes = o->size_limit_bytes,
    };
    for (int i = 0; i < o->n_targets; i++) {
        struct safety_target t;
        struct stat si, sj;
        for (int j = 0; j < i; j++)
            if (strcmp(o->targets[i], o->targets[j]) == 0 ||
                (stat(o->targets[i], &si) == 0 && stat(o->targets[j], &sj) == 0
                 && si.st_dev == sj.st_dev && si.st_ino == sj.st_ino)) {
                snprintf(why, why_len, "--target %s: the same target as %s; "
                         "give every target once", o->targets[i],
                         o->targets[j]);
                return -EINVAL;
            }
        if (safety_check(o->targets[i], &pol, &t, why, why_len) != 0)
            return -EINVAL;
        if (t.usable_bytes < least)
            least = t.usable_bytes;
    }
    o->target_usable_bytes = least;
    o->volume.size_bytes = least - least % MIB;     /* the disk size */
    snprintf(o->volume.type, sizeof o->volume.type, "target");
    snprintf(o->volume.spec, sizeof o->volume.spec, "real targets");
    return 0;
}

/* Check the layout, workload and matrix the run will build for `disks`. */
static int check_for_disks(const struct cli_opts *o, int disks, char *why,
                           size_t why_len)
{
    struct sim_run_cfg cfg;
    struct wl_matrix *m = NULL;
    char inner[300];
    char where[96];

    if (o->cmd == CLI_SWEEP)
        snprintf(where, sizeof where, "--volumes %s (at %d disk%s)",
                 o->volumes_text, disks, disks == 1 ? "" : "s");
    else
        snprintf(where, sizeof where, "%s %d", o->cmd == CLI_ORION ?
                 "-num_disks" : "--disks", disks);

    cli_opts_to_cfg(o, disks, &cfg);
    cfg.layout.disks = disks;
    if (lay_cfg_check(&cfg.layout, inner, sizeof inner) != 0) {
        snprintf(why, why_len, "%s: layout %s, %s redundancy: %s", where,
                 lay_striping_name(o->striping),
                 lay_redundancy_name(o->redundancy), inner);
        return -EINVAL;
    }
    if (wl_cfg_check(&cfg.workload, inner, sizeof inner) != 0) {
        snprintf(why, why_len, "%s: workload: %s", where, inner);
        return -EINVAL;
    }
    cfg.matrix.num_disks = disks;
    if (wl_matrix_build(&cfg.matrix, &m, inner, sizeof inner) != 0) {
        snprintf(why, why_len, "%s %s: %s", o->cmd == CLI_ORION ? "-run" :
                 "--run", wl_run_name(o->run), inner);
        return -EINVAL;
    }
    wl_matrix_free(m);
    return 0;
}

int cli_opts_resolve(struct cli_opts *o, struct sim_run_cfg *cfg, char *why,
                     size_t why_len)
{
    int rc;

    if (o->layout_file && (rc = apply_layout_file(o, why, why_len)) != 0)
        return rc;
    if ((rc = resolve_run(o, why, why_len)) != 0)
        return rc;
    if ((rc = resolve_profiles(o, why, why_len)) != 0)
        return rc;
    if ((rc = resolve_targets(o, why, why_len)) != 0)
        return rc;
    if (o->cmd == CLI_SWEEP) {
        for (int i = 0; i < o->n_counts; i++)
            if ((rc = check_for_disks(o, o->counts[i], why, why_len)) != 0)
                return rc;
        cli_opts_to_cfg(o, o->counts[0], cfg);
        cfg->layout.disk_failgroup = NULL;   /* counts differ per run */
        return 0;
    }
    int layout_disks = o->engine == CLI_ENGINE_AIO ? o->n_targets : o->disks;
    if ((rc = check_for_disks(o, layout_disks, why, why_len)) != 0)
        return rc;
    cli_opts_to_cfg(o, layout_disks, cfg);
    if (layout_disks != o->disks)
        cfg->matrix_disks = o->disks;   /* orion: -num_disks sets the levels */
    return 0;
}
