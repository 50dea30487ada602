/*
 * cli_resolve.c - from parsed options to a validated struct sim_setup:
 * cli_opts_resolve() and cli_opts_to_cfg().
 *
 * Resolving happens after parsing, when every flag is known, because the
 * options depend on each other:
 *
 *   1. the --layout-file supplies the layout settings the command line did
 *      not give (cli_opts.given says which were given);
 *   2. --matrix implies --run advanced, and contradicts any other --run;
 *   3. the instance name and the volume spec are resolved through
 *      profiles.h (an OCI shape without --volume gets an OCI volume), and
 *      must be of one provider: an EBS volume needs an EC2 instance, an
 *      OCI block volume an OCI shape;
 *   4. the engine is chosen, and real targets are checked against the
 *      safety rules (safety.h) before anything is opened for writing, and
 *      the I/O sizes the run issues against each one's logical block
 *      size (O_DIRECT); the least usable size of the targets becomes the
 *      disk size;
 *   5. the duration default follows the engine (auto on modelled volumes,
 *      ORION's 60 s on real devices and in orion), and options the run
 *      will not use are noted in cli_opts.warning;
 *   6. the combination is checked the way the run will use it: layout
 *      (lay_cfg_check), workload (wl_cfg_check) and matrix
 *      (wl_matrix_build), for the disk count of a run or for every disk
 *      count of a sweep, so that a sweep never fails half-way.
 *
 * Nothing here writes a file or starts a simulation.  Every error is one
 * line, "<flag> <value>: <what is wrong>; <what is valid>", and -EINVAL.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sim/cli/cli.h"
#include "sim/cli/cli_fail.h"
#include "sim/cli/cli_needs.h"
#include "sim/cli/cli_nodes.h"
#include "sim/cli/cli_workload.h"
#include "sim/cli/cli_job.h"             /* CLI_WHY_LEN */
#include "sim/aio/dev_aio.h"
#include "sim/model/dev_model.h"
#include "sim/profiles/provider.h"
#include "sim/null/dev_null.h"
#include "sim/core/io_budget.h"
#include "sim/core/jobs.h"
#include "sim/core/timeline.h"
#include "sim/cli/layout_file.h"
#include "sim/aio/safety.h"
#include "layouts/units.h"

/* Take from the layout file every setting the command line did not give. */
static int apply_layout_file(struct cli_opts *o, char *why, size_t why_len)
{
    struct lay_cfg f;
    char inner[300];
    int file_disks = 0;

    lay_cfg_defaults(&f, 1, GIB);
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

/* An EBS volume attaches only to an EC2 instance, an OCI block volume
   only to an OCI shape (prof_attach_check, which a dashboard retune uses
   too). */
static int check_providers(const struct cli_opts *o, char *why,
                           size_t why_len)
{
    char inner[200], qi[CLI_QUOTE_BUF], qv[CLI_QUOTE_BUF];

    if (prof_attach_check(&o->volume, &o->instance, inner, sizeof inner) == 0)
        return 0;
    snprintf(why, why_len, "--instance %s --volume %s: %s",
             cli_quote(o->instance_name, qi, sizeof qi),
             cli_quote(o->volume_spec, qv, sizeof qv), inner);
    return -EINVAL;
}

/* The instance first: without --volume an OCI shape gets OCI's default
   block volume (Balanced), not gp3, which it could not attach. */
static int resolve_profiles(struct cli_opts *o, char *why, size_t why_len)
{
    char inner[300];
    char q[CLI_QUOTE_BUF];

    if (prof_instance_find(o->instance_name, &o->instance, inner,
                           sizeof inner) != 0) {
        snprintf(why, why_len, "--instance %s: %s",
                 cli_quote(o->instance_name, q, sizeof q), inner);
        return -EINVAL;
    }
    const struct prof_provider *p = prof_provider_of_instance(&o->instance);
    if (!(o->given & CLI_GIVEN_VOLUME) && p && p->default_volume)
        o->volume_spec = p->default_volume;     /* "oci-balanced" on an OCI shape */
    if (prof_volume_parse(o->volume_spec, &o->volume, inner,
                          sizeof inner) != 0) {
        snprintf(why, why_len, "--volume %s: %s",
                 cli_quote(o->volume_spec, q, sizeof q), inner);
        return -EINVAL;
    }
    return check_providers(o, why, why_len);
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
                     struct sim_setup *cfg)
{
    uint64_t disk_bytes = o->volume.size_bytes;

    memset(cfg, 0, sizeof *cfg);
    sim_run_cfg_defaults(&cfg->run);
    cfg->run.disks = disks;

    lay_cfg_defaults(&cfg->run.layout, disks, disk_bytes);
    cfg->run.layout.striping = o->striping;
    cfg->run.layout.au_bytes = o->au_bytes;
    cfg->run.layout.stripe_bytes = o->stripe_bytes;
    cfg->run.layout.redundancy = o->redundancy;
    cfg->run.layout.failgroups = o->failgroups;
    cfg->run.layout.disk_failgroup =
        o->failgroup_map_disks == disks ? o->failgroup_map : NULL;

    wl_cfg_defaults(&cfg->run.workload, disk_bytes);
    cfg->run.workload.small_bytes = o->small_bytes;
    cfg->run.workload.large_bytes = o->large_bytes;
    cfg->run.workload.large_type = o->large_type;
    cfg->run.workload.write_pct = o->write_pct;
    cfg->run.workload.seed = o->seed;

    wl_matrix_cfg_defaults(&cfg->run.matrix, disks);
    cfg->run.matrix.run = o->run;
    cfg->run.matrix.matrix = o->matrix;
    cfg->run.matrix.num_small = o->num_small;
    cfg->run.matrix.num_large = o->num_large;
    /* ORION's -run oltp goes to 20n: orion's, and a run that keeps
       ORION's levels (--levels orion; the default on real targets and the
       dashboard); a run extended to saturation starts from 5n */
    if (o->cmd == CLI_ORION || o->levels != SIM_LEVELS_EXTEND)
        cfg->run.matrix.oltp_small_per_disk = WL_ORION_OLTP_SMALL_PER_DISK;
    cfg->run.levels = o->levels == SIM_LEVELS_EXTEND ? SIM_LEVELS_EXTEND
                                                 : SIM_LEVELS_ORION;

    cfg->run.point.duration_ns = o->duration_ns;
    cfg->run.point.auto_duration = o->auto_duration;
    cfg->run.point.ci_target = 0.01;
    cfg->run.point.warmup_ns = o->warmup_ns;
    cfg->run.point.cache_warm_bytes = o->cache_bytes;
    cfg->run.point.cache_warm_ns = o->cmd == CLI_ORION && !o->cache_given
                                   ? CLI_ORION_CACHE_WARM_NS : 0;
    cfg->run.point.stream_io = o->stream_io;
    cfg->run.point.stop = NULL;
    cfg->run.point.interval_ns = o->interval_ns;
    cfg->run.jobs = o->jobs > 0 ? o->jobs : sim_usable_cpus();
    cfg->run.cluster = o->cluster;      /* mpirun's ranks (cli_cluster.c) */
    cfg->run.nodes = o->nodes;          /* a modelled cluster (cli_nodes.c) */
    cfg->run.open = o->open;            /* a rate: one open-loop point (run_one.c) */

    cfg->run.backend = o->engine == CLI_ENGINE_AIO ?
                       (o->uring ? &dev_uring_ops : &dev_aio_ops) :
                   o->engine == CLI_ENGINE_NULL ? &dev_null_ops :
                   &dev_model_ops;
    if (o->engine == CLI_ENGINE_AIO) {
        cfg->backend_cfg = &o->aio;     /* cli_opts_resolve made it */
        cfg->run.disk_names = o->targets;   /* the first `disks` of them */
        cfg->run.quiet = o->quiet;
    }
    cfg->volume = o->volume;
    cfg->instance = o->instance;
    cfg->run.burst_credit_frac = o->burst_credit_frac;
    cfg->run.burst_carry = o->burst_carry;
    cfg->run.seed = o->seed;
    cfg->bill = o->bill.disks > 0 ? price_bill_at(&o->bill, disks) : o->bill;
    cfg->price = o->price;
    sim_setup_run(cfg);
    cli_workload_to_cfg(o, disks, cfg);
    cli_fail_to_cfg(o, &cfg->run);
}

/* The aio backend's configuration of the run (o->aio, what
   cli_opts_to_cfg hands the run): the targets and what may be done to
   them. */
static void resolve_aio_cfg(struct cli_opts *o)
{
    o->aio = (struct dev_aio_cfg){
        .paths = o->targets,
        .destroy_data = o->destroy_data,
        .ignore_signatures = o->ignore_signatures,
        .create_bytes = o->create_bytes,
        .threads = o->threads,
        .sqpoll = o->uring_sqpoll,
    };
}

/* ---- sweeps: the disk counts that cannot be built ------------------------ */

/* "--volumes 1-16 (at 1 disk)": what the reason a sweep's count fails
   starts with (check_for_disks). */
static void sweep_where(const struct cli_opts *o, int disks, char *buf, size_t len)
{
    char q[CLI_QUOTE_BUF];

    snprintf(buf, len, "--volumes %s (at %d disk%s)",
             cli_quote(o->volumes_text, q, sizeof q), disks, disks == 1 ? "" : "s");
}

/* Take counts[i] out of the sweep: its disk group cannot be built (why).
   The rule is kept in o->skipped, ascending, without sweep_where's
   prefix (the count stands beside it); warn_skipped says it. */
static void skip_count(struct cli_opts *o, int i, const char *why)
{
    char where[CLI_QUOTE_BUF + 64];
    int disks = o->counts[i], k = o->n_skipped++;

    sweep_where(o, disks, where, sizeof where);
    size_t w = strlen(where);
    if (strncmp(why, where, w) == 0 && strncmp(why + w, ": ", 2) == 0)
        why += w + 2;
    for (; k > 0 && o->skipped[k - 1].disks > disks; k--) {
        o->skipped[k].disks = o->skipped[k - 1].disks;
        memcpy(o->skip_why[k], o->skip_why[k - 1], sizeof o->skip_why[k]);
    }
    o->skipped[k].disks = disks;
    snprintf(o->skip_why[k], sizeof o->skip_why[k], "%s", why);
    memmove(o->counts + i, o->counts + i + 1,
            (size_t)(o->n_counts - i - 1) * sizeof *o->counts);
    o->n_counts--;
}


/* The engine, and for real targets: the disk count they set, the safety
   rules (safety.c) checked before anything is opened for writing, and the
   usable size every target offers, which becomes the disk size. */
/* O_DIRECT moves whole logical blocks: an I/O size of a class the run
   issues that the target's block does not divide (a 512-byte redo write
   on a 4 KiB-sector device) is refused here, before anything runs, with
   the device, its block and the size asked.  The layout's split points
   are 4 KiB multiples and offsets multiples of the size's own power of
   two, so sizes in whole blocks make every offset whole blocks too. */
static int check_block_size(const struct cli_opts *o, const char *path,
                            uint32_t lbs, char *why, size_t why_len)
{
    for (int c = 0; c < WL_CLASSES; c++) {
        uint32_t size = c == WL_SMALL ? o->small_bytes : o->large_bytes;
        if (!cli_opts_has_class(o, (enum wl_class)c) || size % lbs == 0)
            continue;
        static const char *const flags[2][WL_CLASSES] = {
            { "--size-small", "--size-large" }, { "-size_small", "-size_large" } };
        const char *flag = flags[o->cmd == CLI_ORION][c];
        snprintf(why, why_len, "%s: logical block size %u bytes, but %s is "
                 "%u bytes; direct I/O there takes sizes in multiples of %u "
                 "bytes", path, lbs, flag, size, lbs);
        return -EINVAL;
    }
    return 0;
}

static int resolve_targets(struct cli_opts *o, char *why, size_t why_len)
{
    static const char *const names[] = { "auto", "model", "aio", "null" };
    bool orion = o->cmd == CLI_ORION;
    uint64_t least = UINT64_MAX;
    char q[CLI_QUOTE_BUF];

    if (o->engine == CLI_ENGINE_AUTO)
        o->engine = o->n_targets > 0 ? CLI_ENGINE_AIO : CLI_ENGINE_MODEL;
    if (o->uring_sqpoll && !o->uring) {
        snprintf(why, why_len, "--uring-sqpoll: only with --engine uring");
        return -EINVAL;
    }
    if (o->uring && o->engine == CLI_ENGINE_AIO &&
        dev_uring_probe(o->uring_sqpoll, why, why_len) < 0)
        return -EINVAL;
    if (o->engine != CLI_ENGINE_AIO) {
        if (o->n_targets > 0) {
            snprintf(why, why_len, "--target %s: only the aio and uring "
                     "engines drive real targets; drop --engine %s",
                     cli_quote(o->targets[0], q, sizeof q), names[o->engine]);
            return -EINVAL;
        }
        return 0;
    }
    if (o->n_targets == 0) {
        snprintf(why, why_len, "--engine %s: no targets; give --target PATH "
                 "(repeatable) or --lun-file FILE", o->uring ? "uring" : "aio");
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
        int run_targets = o->n_targets - o->fail.add_n;    /* the rest added */
        if ((o->given & CLI_GIVEN_DISKS) && o->disks != run_targets) {
            snprintf(why, why_len, "--disks %d: %d target%s given; drop "
                     "--disks, the targets set the disk count", o->disks,
                     o->n_targets, o->n_targets == 1 ? "" : "s");
            return -EINVAL;
        }
        o->disks = run_targets > 0 ? run_targets : o->n_targets;
    } else if (o->cmd == CLI_SWEEP) {
        char rule[120];
        snprintf(rule, sizeof rule, "--target: only %d target%s given (a "
                 "sweep runs N disks on the first N targets)", o->n_targets,
                 o->n_targets == 1 ? "" : "s");
        if (o->counts[0] > o->n_targets) {      /* no count can run */
            snprintf(why, why_len, "--volumes %s: only %d target%s given; use "
                     "disk counts up to %d (the first N targets are used)",
                     cli_quote(o->volumes_text, q, sizeof q), o->n_targets,
                     o->n_targets == 1 ? "" : "s", o->n_targets);
            return -EINVAL;
        }
        while (o->counts[o->n_counts - 1] > o->n_targets)
            skip_count(o, o->n_counts - 1, rule);
    } else if (!(o->given & CLI_GIVEN_DISKS)) {
        o->disks = o->n_targets;        /* orion: -num_disks sets the levels */
    }
    struct safety_policy pol = {
        .write = cli_opts_writes(o),
        .destroy_data = o->destroy_data,
        .ignore_signatures = o->ignore_signatures,
        .create_bytes = o->create_bytes,
        .size_limit_bytes = o->size_limit_bytes,
        .write_flag = orion ? "-write" : NULL,  /* a remedy names the command's flag */
    };
    /* the targets were compared with each other as they were added
       (cli_opts_add_target, cli_read_lun_file: safety_overlap) */
    o->create_unused = 0;
    for (int i = 0; i < o->n_targets; i++) {
        struct safety_target t;
        if (safety_check(o->targets[i], &pol, &t, why, why_len) != 0 ||
            (pol.write && dev_aio_writable(o->targets[i], pol.write_flag, why, why_len) != 0) ||
            check_block_size(o, o->targets[i], t.logical_block_bytes, why, why_len) != 0)
            return -EINVAL;
        if (o->create_bytes > 0 && !t.will_create && !t.asmsim_file &&
            o->create_unused++ == 0)
            o->create_unused_first = i;
        if (t.usable_bytes < least) {
            least = t.usable_bytes;
            o->smallest_target = i;
            o->size_limit_binds = o->size_limit_bytes > 0 &&
                                  o->size_limit_bytes < t.size_bytes;
        }
    }
    o->target_usable_bytes = least;
    o->volume.size_bytes = least - least % MIB;     /* the disk size */
    snprintf(o->volume.type, sizeof o->volume.type, "target");
    snprintf(o->volume.spec, sizeof o->volume.spec, "real targets");
    return 0;
}

/* --duration when not given: modelled volumes and the null engine end a
   point when its figures are steady (auto: the 95 % confidence half-width
   within 1 %, at most CLI_AUTO_CAP_NS), so that a sweep takes seconds;
   real devices and `asmsim orion` keep ORION's 60 s per point, which is
   what their users compare against (DOMAIN.md section 2, -duration). */
static void resolve_duration(struct cli_opts *o)
{
    if (o->given & CLI_GIVEN_DURATION) {
        o->duration_from = CLI_DURATION_GIVEN;
    } else if (o->cmd != CLI_ORION && o->engine != CLI_ENGINE_AIO) {
        o->auto_duration = true;
        o->duration_ns = CLI_AUTO_CAP_NS;
        o->duration_from = CLI_DURATION_MODELLED;
    } else {
        o->duration_from = CLI_DURATION_ORION;
    }
}

const char *cli_duration_note(const struct cli_opts *o)
{
    switch (o->duration_from) {
    case CLI_DURATION_MODELLED:
        return o->engine == CLI_ENGINE_NULL ? " by default on the null engine"
                                            : " by default on modelled volumes";
    case CLI_DURATION_ORION:
        return " (ORION's default)";
    default:
        return "";
    }
}

/* One warning more in o->warning, a line of its own (one longer than
   CLI_MSG_MAX ends in "..."); beyond CLI_WARNINGS_MAX they are counted
   in o->warnings_dropped, and said so, not lost without a word. */
void cli_opts_warn(struct cli_opts *o, const char *fmt, ...)
{
    if (o->n_warnings >= CLI_WARNINGS_MAX) {
        o->warnings_dropped++;
        return;
    }
    char *line = o->warning[o->n_warnings++];
    va_list ap;

    va_start(ap, fmt);
    int len = vsnprintf(line, CLI_MSG_MAX, fmt, ap);
    va_end(ap);
    if (len >= CLI_MSG_MAX) {
        size_t cut = CLI_MSG_MAX - 4;           /* not inside a character */
        while (cut > 0 && ((unsigned char)line[cut] & 0xc0) == 0x80)
            cut--;
        memcpy(line + cut, "...", 4);
    } else if (len < 0) {
        o->n_warnings--;
    }
}

/* One "flag value is not used: why" more in o->warning (a switch, given no
   value, is named alone). */
static void warn_unused(struct cli_opts *o, const char *flag,
                        const char *value, const char *reason)
{
    char q[CLI_QUOTE_BUF];

    cli_opts_warn(o, "%s%s%s is not used: %s", flag, value[0] ? " " : "",
             value[0] ? cli_quote(value, q, sizeof q) : "", reason);
}

/* ---- options the run does not use ----------------------------------------

   Every option that can be given but that the run, as resolved, makes no
   use of gets a warning, not an error: the run is still the one asked
   for.  One table says, per option, when that is: a class of I/O the run
   leaves out (oltp has no large I/O, dss no small, a --num-* of 0 none of
   its class, an open loop only the classes it has a rate for), a stream
   depth without sequential streams, a layout setting the layout does not
   have (raid0 and concat have no AU, only raid0 a stripe, only mirrors
   need failure groups), a real-device
   option without real targets or a safety override without writes, a
   model option where nothing is modelled or priced, an open-loop option
   without a rate, --speed without the dashboard.  (--num-small and
   --num-large are used by every run type that has their class: they set
   the top load level.)  A rule's test is a function that returns why the
   option is not used, or NULL when it is (buf holds a reason that names
   a flag, spelled as the command spells it), or for a reason of one
   fixed sentence, the condition under which it holds (unused_when). */
typedef const char *(*unused_fn)(const struct cli_opts *o, char *buf,
                                 size_t len);

static const char *spell(const struct cli_opts *o, const char *gnu,
                         const char *orion)
{
    return o->cmd == CLI_ORION ? orion : gnu;
}

bool cli_opts_has_class(const struct cli_opts *o, enum wl_class c)
{
    bool small = c == WL_SMALL;

    if (sim_open_load_on(&o->open))
        return small ? o->open.small_iops > 0 : o->open.large_mbps > 0;
    return o->run != (small ? WL_RUN_DSS : WL_RUN_OLTP) &&
           (small ? o->num_small : o->num_large) != 0;
}

/* The reason of ORION's workload options given with --workload. */
#define WORKLOAD_SETS "--workload's classes set their own"

/* Why the run has no I/O of class c, or NULL when it has. */
static const char *class_left_out(const struct cli_opts *o, enum wl_class c,
                                  char *buf, size_t len)
{
    bool small = c == WL_SMALL;

    if (o->workload_name)
        return WORKLOAD_SETS;
    if (cli_opts_has_class(o, c))
        return NULL;
    if (sim_open_load_on(&o->open))
        return small ? "no --rate-small: the open loop offers no small I/O"
                     : "no --rate-large: the open loop offers no large I/O";
    if (o->run == (small ? WL_RUN_DSS : WL_RUN_OLTP))
        snprintf(buf, len, "%s %s runs %s I/O only", spell(o, "--run", "-run"),
                 small ? "dss" : "oltp", small ? "large" : "small");
    else
        snprintf(buf, len, "%s 0 leaves out %s I/O", small ?
                 spell(o, "--num-small", "-num_small") :
                 spell(o, "--num-large", "-num_large"), small ? "small" : "large");
    return buf;
}

static const char *no_small_io(const struct cli_opts *o, char *buf, size_t len)
{
    return class_left_out(o, WL_SMALL, buf, len);
}

static const char *no_large_io(const struct cli_opts *o, char *buf, size_t len)
{
    return class_left_out(o, WL_LARGE, buf, len);
}

/* --num-small / --num-large: a load of a class the run leaves out (a
   load of 0 is itself what leaves the class out, and so is used). */
static const char *no_small_load(const struct cli_opts *o, char *buf, size_t len)
{
    return o->num_small == 0 ? NULL : no_small_io(o, buf, len);
}

static const char *no_large_load(const struct cli_opts *o, char *buf, size_t len)
{
    return o->num_large == 0 ? NULL : no_large_io(o, buf, len);
}

static const char *no_streams(const struct cli_opts *o, char *buf, size_t len)
{
    if (o->workload_name)
        return WORKLOAD_SETS;
    const char *why = no_large_io(o, buf, len);

    if (why)
        return why;
    if (o->large_type != WL_LARGE_SEQ) {
        snprintf(buf, len, "it is the depth of each stream of %s seq",
                 spell(o, "--type", "-type"));
        return buf;
    }
    return sim_open_load_on(&o->open) ? "an open loop issues sequential "
           "large I/O as one stream at the offered rate" : NULL;
}

/* --levels: every class the run has sets its levels by its --num-*. */
static const char *levels_set(const struct cli_opts *o, char *buf, size_t len)
{
    bool small = cli_opts_has_class(o, WL_SMALL);
    bool large = cli_opts_has_class(o, WL_LARGE);

    (void)buf, (void)len;
    if (o->workload_name)
        return WORKLOAD_SETS;
    if ((small && o->num_small < 0) || (large && o->num_large < 0))
        return NULL;
    return small && large ? "--num-small and --num-large set the levels"
           : small ? "--num-small sets the levels" : "--num-large sets the levels";
}

static const char *no_aus(const struct cli_opts *o, char *buf, size_t len)
{
    if (o->striping == LAY_COARSE || o->striping == LAY_FINE)
        return NULL;
    snprintf(buf, len, "--layout %s has no allocation units",
             lay_striping_name(o->striping));
    return buf;
}

static const char *no_stripes(const struct cli_opts *o, char *buf, size_t len)
{
    if (o->striping == LAY_RAID0)
        return NULL;
    snprintf(buf, len, "only %s raid0 has a stripe",
             spell(o, "--layout", "-simulate"));
    return buf;
}

/* The options whose reason is one sentence, and when it holds. */
enum unused_when {
    WHEN_EXTERNAL,              /* no mirrors */
    WHEN_NO_RATE,               /* a closed loop */
    WHEN_NULL_ENGINE,
    WHEN_NOT_MODELLED,          /* real targets or the null engine */
    WHEN_NO_TARGETS,
    WHEN_NO_TUI,
    WHEN_WORKLOAD,              /* --workload: its classes, not ORION's */
    WHEN_GROUPS,                /* --group: the groups' disks and volumes */
};

static bool unused_when(const struct cli_opts *o, enum unused_when w)
{
    switch (w) {
    case WHEN_EXTERNAL: return o->redundancy == LAY_EXTERNAL;
    case WHEN_NO_RATE: return !sim_open_load_on(&o->open) && !o->forecast;
    case WHEN_NULL_ENGINE: return o->engine == CLI_ENGINE_NULL;
    case WHEN_NOT_MODELLED: return o->engine != CLI_ENGINE_MODEL;
    case WHEN_NO_TARGETS: return o->engine != CLI_ENGINE_AIO;
    case WHEN_NO_TUI: return !o->tui;
    case WHEN_WORKLOAD: return o->workload_name != NULL;
    case WHEN_GROUPS: return o->n_groups > 0;
    }
    return false;
}

#define ONLY_TARGETS "only real targets use it"

/* --destroy-data, --ignore-signatures: they let writes through. */
static const char *no_writes(const struct cli_opts *o, char *buf, size_t len)
{
    if (unused_when(o, WHEN_NO_TARGETS))
        return ONLY_TARGETS;
    if (cli_opts_writes(o))
        return NULL;
    snprintf(buf, len, "%s 0 opens the targets read-only",
             spell(o, "--write", "-write"));
    return buf;
}

/* --os, --memory: they price the instance. */
static const char *no_instance_price(const struct cli_opts *o, char *buf, size_t len)
{
    if (unused_when(o, WHEN_NOT_MODELLED))
        return "only modelled volumes are priced";
    if (o->instance.provider[0])
        return NULL;
    snprintf(buf, len, "no instance is priced (--instance %s)", o->instance.name);
    return buf;
}

/* --max-outstanding: it bounds the open loop's I/Os in flight, ORION's
   rates' or a --workload's classes with a rate. */
static const char *no_open_bound(const struct cli_opts *o, char *buf, size_t len)
{
    (void)buf, (void)len;
    for (int c = 0; o->workload_name && c < o->workload.n_classes; c++)
        if (o->workload.cls[c].loop == WL_OPEN)
            return NULL;
    return unused_when(o, WHEN_NO_RATE)
               ? "it bounds --rate-small/--rate-large and a --workload's classes with "
                 "a rate" : NULL;
}

/* The option as run/sweep and as orion spell it (NULL: not an option
   there; a model option keeps its "--" in orion), and its test: a
   function, or when the sentence `reason` holds. */
static const struct unused_rule {
    const char *gnu, *orion;
    unused_fn why;
    enum unused_when when;
    const char *reason;
} unused_rules[] = {
    { "--num-small", "-num_small", no_small_load, 0, NULL },
    { "--size-small", "-size_small", no_small_io, 0, NULL },
    { "--num-large", "-num_large", no_large_load, 0, NULL },
    { "--size-large", "-size_large", no_large_io, 0, NULL },
    { "--type", "-type", no_large_io, 0, NULL },
    { "--stream-io", "-num_streamIO", no_streams, 0, NULL },
    { "--levels", NULL, levels_set, 0, NULL },
    { "--run", NULL, NULL, WHEN_WORKLOAD, WORKLOAD_SETS },
    { "--matrix", NULL, NULL, WHEN_WORKLOAD, WORKLOAD_SETS },
    { "--write", NULL, NULL, WHEN_WORKLOAD, WORKLOAD_SETS },
    { "--disks", NULL, NULL, WHEN_GROUPS, "the --group disks add up" },
    { "--au", NULL, no_aus, 0, NULL },
    { "--stripe", "-stripe", no_stripes, 0, NULL },
    { "--failgroups", NULL, NULL, WHEN_EXTERNAL,
      "external redundancy has no mirrors to place" },
    { "--arrivals", NULL, NULL, WHEN_NO_RATE,
      "it shapes --rate-small/--rate-large" },
    { "--max-outstanding", NULL, no_open_bound, 0, NULL },
    { "--instance", "--instance", NULL, WHEN_NULL_ENGINE, "nothing is modelled" },
    { "--volume", "--volume", NULL, WHEN_NULL_ENGINE, "nothing is modelled" },
    { "--volume", NULL, NULL, WHEN_GROUPS, "each --group names its volume" },
    { "--burst-credits", "--burst-credits", NULL, WHEN_NOT_MODELLED,
      "only modelled volumes have burst buckets" },
    { "--os", "--os", no_instance_price, 0, NULL },
    { "--memory", "--memory", no_instance_price, 0, NULL },
    { "--region", "--region", NULL, WHEN_NOT_MODELLED,
      "only modelled volumes are priced" },
    { "--create", NULL, NULL, WHEN_NO_TARGETS, ONLY_TARGETS },
    { "--destroy-data", "--destroy-data", no_writes, 0, NULL },
    { "--ignore-signatures", "--ignore-signatures", no_writes, 0, NULL },
    { "--size-limit", "--size-limit", NULL, WHEN_NO_TARGETS, ONLY_TARGETS },
    { "--threads", "--threads", NULL, WHEN_NO_TARGETS, ONLY_TARGETS },
    { "--speed", NULL, NULL, WHEN_NO_TUI, "it paces the dashboard (--tui)" },
};

/* Every option given that the run will not use, into o->warning. */
static void check_unused(struct cli_opts *o)
{
    char why[120];

    o->n_warnings = o->warnings_dropped = 0;
    for (size_t i = 0; i < sizeof unused_rules / sizeof unused_rules[0]; i++) {
        const struct unused_rule *r = &unused_rules[i];
        const char *flag = spell(o, r->gnu, r->orion), *v, *reason;
        bool gnu = flag && flag[1] == '-';

        if (!flag || !(v = cli_opts_given_value(o, gnu ? "--" : "-",
                                                flag + (gnu ? 2 : 1))))
            continue;
        reason = r->why ? r->why(o, why, sizeof why)
                 : unused_when(o, r->when) ? r->reason : NULL;
        if (reason)
            warn_unused(o, flag, v, reason);
    }
}

/* One warning per rule that took counts out of the sweep:
     --volumes 1-16: not run at 1 disk: --redundancy normal: needs ... */
static void warn_skipped(struct cli_opts *o)
{
    char q[CLI_QUOTE_BUF], list[SIM_MAX_SWEEP * 5];

    for (int k = 0; k < o->n_skipped; k++)
        o->skipped[k].why = o->skip_why[k];
    for (int i = 0; i < o->n_skipped;) {
        int k = report_skip_group(o->skipped + i, o->n_skipped - i);
        size_t used = 0;
        for (int j = 0; j < k && used < sizeof list; j++)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%d",
                                     j ? ", " : "", o->skipped[i + j].disks);
        char at[32] = "";           /* the reason is the first count's */
        if (k > 1)
            snprintf(at, sizeof at, "at %d disk%s: ", o->skipped[i].disks,
                     o->skipped[i].disks == 1 ? "" : "s");
        cli_opts_warn(o, "--volumes %s: not run at %s disk%s; %s%s",
                 cli_quote(o->volumes_text, q, sizeof q), list,
                 k == 1 && o->skipped[i].disks == 1 ? "" : "s", at, o->skipped[i].why);
        i += k;
    }
}

/* A sweep runs each disk count once: a count --volumes lists twice ("1,1,2",
   "1-4,3") is said, so the table's rows are not a surprise. */
static void warn_repeated_counts(struct cli_opts *o)
{
    char q[CLI_QUOTE_BUF];

    if (o->cmd == CLI_SWEEP && o->count_repeated)
        cli_opts_warn(o, "--volumes %s lists %d more than once: each disk count "
                 "runs once", cli_quote(o->volumes_text, q, sizeof q),
                 o->count_repeated);
}

/* A layout file's failgroup_of holds for the disk count it lists: a run
   (or a sweep's runs) at another count put disk d in failure group
   d % failgroups instead, which is said. */
static void warn_failgroup_map(struct cli_opts *o)
{
    char q[CLI_QUOTE_BUF], counts[160] = "";
    int n = o->failgroup_map_disks, others = 0;

    if (n <= 0)
        return;
    for (int i = 0; o->cmd == CLI_SWEEP && i < o->n_counts; i++)
        if (o->counts[i] != n) {
            size_t used = strlen(counts);
            snprintf(counts + used, sizeof counts - used, "%s%d", others++ ? "," : "",
                     o->counts[i]);
        }
    if (o->cmd != CLI_SWEEP && o->disks != n)
        snprintf(counts, sizeof counts, "%d", o->disks), others = 1;
    if (others == 0)
        return;
    cli_opts_warn(o, "--layout-file %s: its failgroup_of maps %d disks; at %s disk%s, disk d "
             "is in failure group d %% %d instead", cli_quote(o->layout_file, q, sizeof q),
             n, counts, others == 1 && strcmp(counts, "1") == 0 ? "" : "s", o->failgroups);
}

/* --create makes missing files and extends asmsim's own; a target that
   exists and is not asmsim's is used as it is, which is said, not left
   for the DBA to find in the header's sizes. */
static void warn_create_unused(struct cli_opts *o)
{
    char q[CLI_QUOTE_BUF], qv[CLI_QUOTE_BUF];
    const char *given = cli_opts_given_value(o, "--", "create");

    if (o->create_unused == 0 || !given)
        return;
    const char *v = cli_quote(given, qv, sizeof qv);
    const char *first = cli_quote(o->targets[o->create_unused_first], q, sizeof q);
    if (o->create_unused == 1)
        cli_opts_warn(o, "--create %s is not used for %s: it exists and asmsim did not make "
                 "it, so it is used as it is", v, first);
    else
        cli_opts_warn(o, "--create %s is not used for %s and %d more: they exist and asmsim "
                 "did not make them, so they are used as they are", v, first,
                 o->create_unused - 1);
}

/* One term of the outstanding I/O sum, named by the flag that set it:
   "--num-large 65536 x --stream-io 1024", or "large load 2048" when the
   matrix's default set it. */
static void load_term(const struct cli_opts *o, bool large, int load,
                      char *buf, size_t len)
{
    bool orion = o->cmd == CLI_ORION;
    int given = large ? o->num_large : o->num_small;
    const char *flag = large ? (orion ? "-num_large" : "--num-large")
                             : (orion ? "-num_small" : "--num-small");
    int n;

    if (given >= 0)
        n = snprintf(buf, len, "%s %d", flag, load);
    else
        n = snprintf(buf, len, "%s load %d", large ? "large" : "small", load);
    if (large && o->large_type == WL_LARGE_SEQ && n > 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, " x %s %d", orion ?
                 "-num_streamIO" : "--stream-io", o->stream_io);
}

/* What the run will hold in flight and pin for it (io_budget.h), checked
   before anything runs: the outstanding I/Os of the largest loads of the
   matrix, and for real targets the read buffers of every aio worker. */
static int check_budget(const struct cli_opts *o, int disks,
                        const struct wl_matrix *m, const lay *l,
                        const int *nodes, const char *where, char *why,
                        size_t why_len)
{
    struct sim_io_budget b =
        sim_budget_make(l, o->small_bytes, o->large_bytes, 0, 0);
    char ts[96], tl[96], sum[200];
    int large_loads = 0;

    sim_matrix_maxima(m, o->large_type, o->stream_io, &b.slots[0],
                      &b.slots[1]);
    for (int i = 0; i < m->n_points; i++)
        if (m->points[i].large > large_loads)
            large_loads = m->points[i].large;
    ts[0] = tl[0] = '\0';
    if (b.slots[0] > 0)
        load_term(o, false, b.slots[0], ts, sizeof ts);
    if (b.slots[1] > 0)
        load_term(o, true, large_loads, tl, sizeof tl);
    snprintf(sum, sizeof sum, "%s%s%s", ts, ts[0] && tl[0] ? " + " : "", tl);
    bool given = (b.slots[0] == 0 || o->num_small >= 0) &&
                 (b.slots[1] == 0 || o->num_large >= 0);
    if (sim_open_load_on(&o->open)) {   /* the bound, for each rated class */
        sim_open_pools(&o->open, &b.slots[0], &b.slots[1]);
        large_loads = b.slots[1] > 0 ? 1 : 0;   /* one sequential stream */
        snprintf(sum, sizeof sum, "--max-outstanding %d x %d class%s with a "
                 "rate", sim_open_max_outstanding(&o->open),
                 (b.slots[0] > 0) + (b.slots[1] > 0),
                 b.slots[0] > 0 && b.slots[1] > 0 ? "es" : "");
        given = true;
    }
    uint64_t total = sim_budget_outstanding(&b);
    if (total > SIM_MAX_OUTSTANDING) {
        snprintf(why, why_len, "%s%s%s = %llu outstanding I/Os; at most %d "
                 "in flight in one run; use lower loads%s", given ? "" : where,
                 given ? "" : ": ", sum, (unsigned long long)total,
                 SIM_MAX_OUTSTANDING, o->large_type == WL_LARGE_SEQ &&
                 b.slots[1] > 0 ? (o->cmd == CLI_ORION ? " or a lower "
                 "-num_streamIO" : " or a lower --stream-io") : "");
        return -EINVAL;
    }
    uint64_t pieces = sim_budget_pieces(&b);
    if (pieces > SIM_MAX_PIECES) {
        snprintf(why, why_len, "%s%s%s = %llu physical I/Os in flight (up to "
                 "%d pieces per I/O with %s); at most %d; use lower loads, "
                 "smaller I/O or a larger stripe", given ? "" : where,
                 given ? "" : ": ", sum, (unsigned long long)pieces,
                 sim_budget_max_pieces_per_io(&b),
                 lay_striping_name(o->striping),
                 SIM_MAX_PIECES);
        return -EINVAL;
    }
    if (o->large_type == WL_LARGE_SEQ && large_loads > WL_MAX_STREAMS) {
        snprintf(why, why_len, "%s%s%s %d: %d sequential streams; at most %d",
                 given ? "" : where, given ? "" : ": ",
                 o->cmd == CLI_ORION ? "-num_large" : "--num-large",
                 o->num_large >= 0 ? o->num_large : large_loads, large_loads,
                 WL_MAX_STREAMS);
        return -EINVAL;
    }
    if (o->engine != CLI_ENGINE_AIO)
        return 0;                   /* only real targets pin buffers */

    /* the worker plan aio_open will make for these targets */
    int *worker_of = malloc(2 * (size_t)disks * sizeof(int));
    const char *why_count = "";
    if (!worker_of) {
        snprintf(why, why_len, "out of memory");
        return -ENOMEM;
    }
    int workers = dev_aio_plan(nodes, disks, o->threads, aio_numa_nodes(),
                               aio_usable_cpus(), worker_of,
                               worker_of + disks, &why_count);
    free(worker_of);
    uint64_t bytes = sim_budget_worker_buffer_bytes(&b) * (uint64_t)workers;
    uint64_t limit = sim_buffer_limit_bytes();
    if (bytes > limit) {
        char sz[2][32], part[2][80];
        for (int c = 0; c < 2; c++) {
            prof_format_size(b.io_bytes[c], sz[c], sizeof sz[c]);
            snprintf(part[c], sizeof part[c], b.slots[c] > 0 ? "%d %s I/Os "
                     "of %s" : "", b.slots[c], c ? "large" : "small", sz[c]);
        }
        snprintf(why, why_len, "%s%s%s: %s%s%s in flight need %llu MiB of "
                 "read buffers (%d aio worker%s); at most %llu MiB (%llu GiB, "
                 "or half the RAM if less); use lower loads or smaller I/O "
                 "sizes%s", given ? "" : where, given ? "" : ": ", sum,
                 part[0], part[0][0] && part[1][0] ? " and " : "", part[1],
                 (unsigned long long)(bytes >> 20), workers,
                 workers == 1 ? "" : "s", (unsigned long long)(limit >> 20),
                 (unsigned long long)(SIM_MAX_BUFFER_BYTES >> 30),
                 workers > 1 ? " or fewer --threads" : "");
        return -EINVAL;
    }
    return 0;
}

/* What set the disk size of real targets, to name in a reason that they
   are too small: "--size-limit 1MiB", or "/dev/sdb (the smallest
   target)". */
static void disk_size_source(const struct cli_opts *o, char *buf, size_t len)
{
    char q[CLI_QUOTE_BUF], sz[32];
    const char *path = o->targets[o->smallest_target];
    if (o->size_limit_binds) {
        units_fmt_exact(o->size_limit_bytes, TIB, true, sz, sizeof sz);
        snprintf(buf, len, "--size-limit %s", sz);
    } else if (o->n_targets == 1) {
        snprintf(buf, len, "%s", cli_quote(path, q, sizeof q));
    } else {
        snprintf(buf, len, "%s (the smallest target)", cli_quote(path, q, sizeof q));
    }
}

/* Check the layout, workload and matrix the run will build for `disks`
   (the matrix of matrix_disks: ORION's -num_disks may differ from the
   LUNs), and what it will hold in memory for them. */
static int check_for_disks(const struct cli_opts *o, int disks,
                           int matrix_disks, const int *nodes, char *why,
                           size_t why_len)
{
    struct sim_setup cfg;
    struct wl_matrix *m = NULL;
    char inner[300];
    char where[CLI_QUOTE_BUF + 64];
    int rc;

    if (o->cmd == CLI_SWEEP)
        sweep_where(o, disks, where, sizeof where);
    else
        snprintf(where, sizeof where, "%s %d", o->cmd == CLI_ORION ?
                 "-num_disks" : "--disks", matrix_disks);

    cli_opts_to_cfg(o, disks, &cfg);
    cfg.run.layout.disks = disks;
    bool orion = o->cmd == CLI_ORION;
    if (lay_cfg_check(&cfg.run.layout, inner, sizeof inner) != 0) {
        cli_spell_fields(inner, sizeof inner, orion);
        if (o->engine == CLI_ENGINE_AIO && lay_cfg_disks_too_small(&cfg.run.layout))
            disk_size_source(o, where, sizeof where);
        snprintf(why, why_len, "%s: %s", where, inner);
        return -EINVAL;
    }
    if (wl_cfg_check(&cfg.run.workload, inner, sizeof inner) != 0) {
        cli_spell_fields(inner, sizeof inner, orion);
        snprintf(why, why_len, "%s: workload: %s", where, inner);
        return -EINVAL;
    }
    cfg.run.matrix.num_disks = matrix_disks;
    if (wl_matrix_build(&cfg.run.matrix, &m, inner, sizeof inner) != 0) {
        cli_spell_fields(inner, sizeof inner, orion);
        if (o->run == WL_RUN_ADVANCED)     /* the reason names the matrix */
            snprintf(why, why_len, "%s", inner);
        else
            snprintf(why, why_len, "%s %s: %s", orion ? "-run" : "--run",
                     wl_run_name(o->run), inner);
        return -EINVAL;
    }
    lay *l = NULL;
    if ((rc = lay_create(&cfg.run.layout, &l, inner, sizeof inner)) != 0) {
        snprintf(why, why_len, "%s: %s", where, inner);
        wl_matrix_free(m);
        return rc;
    }
    rc = check_budget(o, disks, m, l, nodes, where, why, why_len);
    lay_destroy(l);
    wl_matrix_free(m);
    return rc;
}

/* Every count of a sweep, checked as its run will build it: a count
   whose disk group cannot be built (--redundancy normal at 1 disk, more
   outstanding I/Os than a run holds, ...) is skipped, and said; refused
   (the first count's reason) only when no count is left to run. */
static int check_sweep_counts(struct cli_opts *o, const int *nodes, char *why,
                              size_t why_len)
{
    char first[CLI_WHY_LEN] = "";
    int rc;

    for (int i = 0; i < o->n_counts;) {
        rc = check_for_disks(o, o->counts[i], o->counts[i], nodes, why, why_len);
        if (rc == 0) {
            i++;
            continue;
        }
        if (rc != -EINVAL)
            return rc;
        if (!first[0])
            snprintf(first, sizeof first, "%s", why);
        if (o->n_counts == 1) {
            snprintf(why, why_len, "%s", first);
            return rc;
        }
        skip_count(o, i, why);
    }
    warn_skipped(o);
    return 0;
}

/* --levels: extension is for modelled volumes, where a point costs a
   fraction of a second; on real devices each extra level costs a
   --duration and the aio buffers are sized before the run.  The
   dashboard (--tui) walks ORION's matrix as built. */
static int resolve_levels(struct cli_opts *o, char *why, size_t why_len)
{
    bool modelled = o->engine == CLI_ENGINE_MODEL && o->cmd != CLI_ORION;
    if (o->levels < 0)
        o->levels = modelled && !o->tui ? SIM_LEVELS_EXTEND : SIM_LEVELS_ORION;
    if (o->levels == SIM_LEVELS_EXTEND && o->tui) {
        snprintf(why, why_len, "--levels extend: the dashboard (--tui) walks "
                 "ORION's levels; drop --tui, or raise the load with "
                 "--num-large / --num-small (--run advanced --matrix max)");
        return -EINVAL;
    }
    if (o->levels == SIM_LEVELS_EXTEND && !modelled) {
        snprintf(why, why_len, "--levels extend: modelled volumes only; on "
                 "%s raise the load with --num-large / --num-small (--run "
                 "advanced --matrix max)", o->engine == CLI_ENGINE_NULL ?
                 "the null engine" : "real devices");
        return -EINVAL;
    }
    return 0;
}

/* ---- open loop ----------------------------------------------------------- */

/* The options that shape ORION's matrix, which an open-loop run does not
   have: the first one given, or NULL. */
static const char *matrix_option_given(const struct cli_opts *o)
{
    static const char *const names[] = { "matrix", "num-small", "num-large",
                                          "run", "levels" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (cli_opts_given_value(o, "--", names[i]))
            return names[i];
    return NULL;
}

/* --rate-small / --rate-large: every run is one open-loop point for its
   fixed --duration (engine.h: no steady state to converge on, so the
   modelled default "auto" becomes its 60 s cap and an explicit auto is
   refused), without the matrix options and without the dashboard.
   (--arrivals and --max-outstanding without a rate, and --stream-io in
   one, are noted unused by check_unused.) */
static int resolve_open(struct cli_opts *o, char *why, size_t why_len)
{
    if (!sim_open_load_on(&o->open))
        return 0;
    const char *rate = o->open.small_iops > 0 ? "--rate-small" : "--rate-large";
    const char *m = matrix_option_given(o);
    if (m) {
        snprintf(why, why_len, "--%s: not with %s (an open-loop run offers "
                 "rates, not ORION's outstanding levels); drop --%s or %s",
                 m, rate, m, rate);
        return -EINVAL;
    }
    if (o->tui) {
        snprintf(why, why_len, "%s: not with --tui (the dashboard keeps "
                 "ORION's closed loop); drop --tui", rate);
        return -EINVAL;
    }
    if ((o->given & CLI_GIVEN_DURATION) && o->auto_duration) {
        snprintf(why, why_len, "--duration auto: not with %s (an open-loop "
                 "point runs a fixed time: an overloaded one never settles); "
                 "give a time, e.g. --duration 60s", rate);
        return -EINVAL;
    }
    o->auto_duration = false;
    o->levels = SIM_LEVELS_ORION;   /* no levels: one point */
    return 0;
}

/* --interval: at most SIM_TIMELINE_MAX_ROWS rows per point, over the
   longest a point can run (the duration, or auto's cap); not with the
   dashboard, whose record of the points keeps no timelines. */
static int resolve_interval(const struct cli_opts *o, char *why, size_t why_len)
{
    if (o->interval_ns <= 0)
        return 0;
    if (o->tui) {
        snprintf(why, why_len, "--interval: not with --tui (the dashboard "
                 "keeps no timelines); drop --tui to record one");
        return -EINVAL;
    }
    sim_ns rows = (o->duration_ns + o->interval_ns - 1) / o->interval_ns;
    if (rows > SIM_TIMELINE_MAX_ROWS) {
        snprintf(why, why_len, "--interval: %lld rows per point over the "
                 "duration; at most %d: use a longer interval or a shorter "
                 "--duration", (long long)rows, SIM_TIMELINE_MAX_ROWS);
        return -EINVAL;
    }
    return 0;
}

/* price_bill's reason "memory 1000GB: ..." as "--memory 1TB: ...": the
   option with the value the user typed, not the one parsed from it. */
static void bill_reason_as_typed(const struct cli_opts *o, const char *reason, char *why,
                                 size_t why_len)
{
    char name[16], q[CLI_QUOTE_BUF];
    size_t word = strcspn(reason, " :"), colon = strcspn(reason, ":");
    const char *given = NULL;

    if (word < sizeof name && reason[word] == ' ' && reason[colon] == ':') {
        snprintf(name, sizeof name, "%.*s", (int)word, reason);
        given = cli_opts_given_value(o, "--", name);
    }
    if (given)
        snprintf(why, why_len, "--%s %s%s", name, cli_quote(given, q, sizeof q),
                 reason + colon);
    else
        snprintf(why, why_len, "--%s", reason);
}

/* Provisioned IOPS the instance cannot use (io2 Block Express above
   32,000 off Nitro, prof_attached_iops) are billed all the same: say so. */
static void warn_unusable_iops(struct cli_opts *o)
{
    const struct vol_profile *v = &o->volume;
    double usable = prof_attached_iops(v, &o->instance, v->iops_base);

    if (!(usable < v->iops_base))
        return;
    cli_opts_warn(o, "--volume %s: %.0f IOPS are paid for and %.0f are "
             "unusable: %s (%s) takes at most %.0f per %s volume; provision %.0f",
             v->spec, v->iops_base, v->iops_base - usable, o->instance.name,
             prof_platform_name(o->instance.platform), usable, v->type, usable);
}

/* More volumes than the instance attaches (prof_instance_data_volumes_max)
   model a disk group its cloud cannot build: said, not refused (a what-if
   may want it). */
static void warn_attachments(struct cli_opts *o)
{
    const struct inst_profile *in = &o->instance;
    int most = prof_instance_data_volumes_max(in);
    int disks = o->cmd == CLI_SWEEP ? o->counts[o->n_counts - 1] : o->disks;
    char q[CLI_QUOTE_BUF];

    if (most <= 0 || disks <= most || o->volume.instance_store)
        return;
    const struct prof_provider *p = prof_provider_of_instance(in);
    char kind[40];
    if (p->data_volumes_max_xen > 0)        /* its limit is the platform's */
        snprintf(kind, sizeof kind, "data volumes (%s)",
                 in->platform == PROF_PLATFORM_XEN ? "Xen" : "Nitro");
    else
        snprintf(kind, sizeof kind, "%s volumes", p->volume_word);
    const char *cloud = p->display;
    if (o->cmd == CLI_SWEEP)
        cli_opts_warn(o, "--volumes %s: %s attaches at most %d %s; the disk counts above "
                 "%d model disk groups %s cannot build", cli_quote(o->volumes_text, q,
                 sizeof q), in->name, most, kind, most, cloud);
    else
        cli_opts_warn(o, "%s %d: %s attaches at most %d %s; %s cannot build this "
                 "disk group", o->cmd == CLI_ORION ? "-num_disks" : "--disks", disks,
                 in->name, most, kind, cloud);
}

/* The monthly bill (prices.h) of modelled volumes: the instance and the
   volumes, for the first disk count of a sweep (cli_opts_to_cfg scales it
   to each).  Real targets and the null engine are measured, not priced
   (check_unused notes --os / --memory / --region given there).  A reason
   from price_bill names its option ("memory 4GB: ...", "os rhel: ..."). */
static int resolve_cost(struct cli_opts *o, char *why, size_t why_len)
{
    int disks = o->cmd == CLI_SWEEP ? o->counts[0] : o->disks;
    char inner[300];

    memset(&o->bill, 0, sizeof o->bill);
    if (o->engine != CLI_ENGINE_MODEL)
        return 0;
    if (o->n_groups > 0) {
        int rc = cli_workload_bill(o, why, why_len);
        cli_nodes_bill(&o->bill, o->nodes);             /* a node an instance */
        cli_nodes_bill(&o->group_bill.bill, o->nodes);
        return rc;
    }
    if (price_bill(&o->instance, &o->volume, disks, &o->price, &o->bill, inner,
                   sizeof inner) != 0) {
        bill_reason_as_typed(o, inner, why, why_len);
        return -EINVAL;
    }
    cli_nodes_bill(&o->bill, o->nodes);
    warn_unusable_iops(o);
    warn_attachments(o);
    return 0;
}

int cli_opts_resolve_bill(struct cli_opts *o, char *why, size_t why_len)
{
    int rc = resolve_profiles(o, why, why_len);
    return rc ? rc : resolve_cost(o, why, why_len);
}

int cli_opts_resolve(struct cli_opts *o, struct sim_setup *cfg, char *why,
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
    resolve_duration(o);
    if ((rc = resolve_interval(o, why, why_len)) != 0)
        return rc;
    check_unused(o);
    if ((rc = cli_workload_resolve(o, why, why_len)) != 0 ||
        (rc = cli_needs_resolve(o, why, why_len)) != 0 ||
        (rc = cli_nodes_check(o, why, why_len)) != 0)
        return rc;
    warn_repeated_counts(o);
    warn_failgroup_map(o);
    warn_create_unused(o);
    if ((rc = resolve_open(o, why, why_len)) != 0)
        return rc;
    if ((rc = resolve_cost(o, why, why_len)) != 0)
        return rc;
    if ((rc = resolve_levels(o, why, why_len)) != 0)
        return rc;
    resolve_aio_cfg(o);
    /* the NUMA node of each target, for the aio worker plan */
    int *nodes = NULL;
    if (o->engine == CLI_ENGINE_AIO) {
        nodes = malloc((size_t)o->n_targets * sizeof *nodes);
        if (!nodes) {
            snprintf(why, why_len, "out of memory");
            return -ENOMEM;
        }
        for (int i = 0; i < o->n_targets; i++)
            nodes[i] = safety_numa_node(o->targets[i]);
    }
    if (o->cmd == CLI_SWEEP) {
        rc = check_sweep_counts(o, nodes, why, why_len);
        free(nodes);
        if (rc != 0)
            return rc;
        cli_opts_to_cfg(o, o->counts[0], cfg);
        if (o->failgroup_map_disks > 0) {    /* the run at its count only */
            cfg->run.failgroup_map = o->failgroup_map;
            cfg->run.failgroup_map_disks = o->failgroup_map_disks;
        }
        return cli_fail_check(o, &cfg->run, why, why_len);
    }
    int layout_disks = o->engine != CLI_ENGINE_AIO ? o->disks
                     : o->cmd == CLI_RUN ? o->disks : o->n_targets;
    rc = check_for_disks(o, layout_disks, o->disks, nodes, why, why_len);
    free(nodes);
    if (rc != 0)
        return rc;
    cli_opts_to_cfg(o, layout_disks, cfg);
    if (layout_disks != o->disks)
        cfg->run.matrix_disks = o->disks;   /* orion: -num_disks sets the levels */
    return cli_fail_check(o, &cfg->run, why, why_len);
}
