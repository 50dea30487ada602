/*
 * session.h - a run watched live: the engine in its own thread, snapshots
 * for a viewer, commands from it.
 *
 * Two kinds of session share one snapshot format:
 *
 *   interactive (asmsim tui)  walks the ORION matrix of the current
 *       configuration cell by cell and accepts tuning commands: load,
 *       disks, write percentage, I/O sizes, layout, redundancy, volume
 *       IOPS/throughput, instance, pause, restart, save.  A command that
 *       changes the workload restarts the point (a fresh measured window);
 *       one that changes the disk group rebuilds layout and devices.
 *   batch (asmsim run/sweep --tui)  carries out sim_run / sim_sweep as
 *       the command line would, and only lets the viewer pause or stop it.
 *
 * A database workload (sim_run_db: classes, disk groups) has one point,
 * no matrix: the interactive session measures it again and again, each
 * window recorded in place of the last; a batch run (not a sweep) runs
 * it as sim_run does.  Both take one tuning command, SIM_CMD_DB_LOAD
 * (every class's load scaled), which starts the point again: the batch
 * run then measures its whole window at the new load, and its result
 * describes that load (sim_session_db_load).  The interactive session
 * also loses a disk (SIM_CMD_FAIL) and rebalances it at a power
 * (SIM_CMD_POWER) window by window (session_fail.c).  The ORION commands (load,
 * disks, sizes, layout, ...) are refused with the reason in the message.
 *
 * The viewer never touches the engine: it copies the latest snapshot
 * (sim_session_snapshot, a plain struct, under a mutex) and queues
 * commands (sim_session_send).  Drawing therefore never stalls I/O, and
 * the figures are the ones the reports are made from (sim_stats_result
 * over the engine's accumulator).
 *
 * Model runs are paced to the wall clock at `speed` device seconds per
 * second (0 = as fast as possible); other backends run on their own clock.
 */
#ifndef ASMSIM_SIM_SESSION_H
#define ASMSIM_SIM_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/core/hist.h"
#include "sim/core/run.h"
#include "sim/model/setup.h"
#include "sim/core/stats.h"
#include "sim/session/burst_events.h"
#include "sim/session/time_strip.h"

struct report_echo;

#define SIM_SNAP_DISKS 64           /* disk rows a snapshot carries */
#define SIM_SNAP_SERIES 300         /* samples of the time series */
#define SIM_SNAP_SERIES_NS (200 * SIM_NS_PER_MS)    /* one sample: 60 s total */
#define SIM_SNAP_LEVELS 40          /* matrix rows / columns carried */
#define SIM_SESSION_MAX_SMALL 1024  /* interactive load limits, as far */
#define SIM_SESSION_MAX_LARGE 128   /* as io_budget.h's limit allows */
#define SIM_SNAP_BUCKETS BURST_MAX_BUCKETS  /* burst buckets carried */
#define SIM_SNAP_EVENTS 8           /* the last events carried */
#define SIM_SNAP_EVENT_LEN 120
#define SIM_SNAP_TICK_NS SIM_NS_PER_S   /* buckets and limit read this often */

enum sim_session_state {
    SIM_SESS_STARTING = 0,
    SIM_SESS_RUNNING,
    SIM_SESS_DONE,              /* batch finished, or the user quit */
    SIM_SESS_FAILED,            /* see snapshot.message */
};

struct sim_snap_disk {
    double mbps, iops;          /* physical, over the measured window */
    double avg_lat_us, p99_lat_us;
    double outstanding;         /* mean I/Os in flight: iops x avg latency */
    double util;                /* 0..1: of the volume's limit (model), or
                                   of the busiest disk's rate otherwise */
    uint64_t errors;
};

struct sim_snap_sample {
    double t_s;                 /* device time since the session began */
    double mbps, iops;          /* over the sample interval */
    double p99_us;              /* of the main class, over the interval */
};

/* A burst bucket now: its reading, and how its level moves. */
struct sim_snap_bucket {
    struct burst_reading r;
    double rate_frac_per_s;     /* change of level_frac per device second
                                   over the last tick; 0 = steady or not
                                   known yet */
};

struct sim_snap_event {
    double t_s;                 /* device time since the session began */
    enum burst_event_kind kind;
    char text[SIM_SNAP_EVENT_LEN];  /* burst_event_text() */
};

/* A database workload's class (sim_run_db), as configured in force: its
   figures are the snapshot's cur.cls[] at the same index. */
struct sim_snap_class {
    char name[WL_NAME_MAX];
    int group;                  /* its index in db_group[] */
    int load;                   /* closed loop: I/Os (streams when
                                   sequential) outstanding; 0 in open loop */
    double rate_iops;           /* open loop: the offered rate; 0 closed */
};

/* A database workload's disk group: its disks are disk[first_disk ..
   first_disk + disks) of the snapshot (those it carries). */
struct sim_snap_group {
    char name[WL_NAME_MAX];
    int first_disk, disks;
    char volume[128];           /* its volume's spec */
    enum lay_striping striping;
    enum lay_redundancy redundancy;
};

struct sim_snapshot {
    uint64_t seq;               /* increases with every publication */
    enum sim_session_state state;
    bool interactive;
    bool paused;
    bool pinned;                /* interactive: the load was set by hand */
    bool measuring;             /* the point is in its measured window */
    int max_small, max_large;   /* interactive: the largest load a command
                                   sets (what the pools hold; a load
                                   command is clamped to it) */
    uint64_t cmds_applied;      /* interactive: queued commands applied so
                                   far, in the order sim_session_send took
                                   them; this snapshot shows their effect */

    /* configuration */
    char backend[16];
    char instance[48];
    char volume[128];
    int disks;
    enum lay_striping striping;
    enum lay_redundancy redundancy;
    uint64_t au_bytes;
    uint32_t small_bytes, large_bytes;
    enum wl_large_type large_type;
    int write_pct;              /* both classes, or small I/O's when... */
    int large_write_pct;        /* ... large I/O has its own (a forecast's
                                   phase: small_write_pct, large_write_pct);
                                   -1: none, write_pct is both */
    double speed;               /* 0 = max */
    double speed_reached;       /* device seconds per wall second over the
                                   last wall second or so; 0 = not known
                                   yet.  Below speed when the host cannot
                                   simulate as fast as asked */

    /* where the run stands */
    struct wl_point point;
    int point_index, n_points;  /* in the current matrix (0-based index) */
    int run_index, n_runs;      /* sweep */
    double device_s;            /* device time since the session began */
    double wall_s;
    double eta_s;               /* < 0 unknown */
    double window_s;            /* measured so far in this point */
    enum sim_limit limited_by;

    /* the current point over its measured window (disk = NULL) */
    struct sim_point_result cur;
    bool figures_held;          /* cur, disk[] and the histogram are the
                                   last window's, held until this one has
                                   its first figures (warm-up, or a class
                                   with no I/O completed yet in its first
                                   tick): no flash of 0 at each window */
    int n_disk;                 /* rows in disk[] (<= SIM_SNAP_DISKS) */
    struct sim_snap_disk disk[SIM_SNAP_DISKS];
    int slowest_disk;           /* highest avg latency; -1 none */

    /* the last minute, oldest first */
    int n_series;
    struct sim_snap_sample series[SIM_SNAP_SERIES];

    /* the ORION matrix of the current run: NAN = not measured yet */
    int n_small_levels, n_large_levels;
    int small_levels[SIM_SNAP_LEVELS];
    int large_levels[SIM_SNAP_LEVELS];
    double cell_mbps[SIM_SNAP_LEVELS][SIM_SNAP_LEVELS];  /* [large][small] */
    double cell_iops[SIM_SNAP_LEVELS][SIM_SNAP_LEVELS];

    /* the sweep curve: best figures per disk count measured so far in
       this configuration; a change of anything but the disk count (sizes,
       layout, redundancy, writes, volume, instance) starts it anew */
    int n_sweep;
    int sweep_disks[SIM_MAX_SWEEP];
    double sweep_mbps[SIM_MAX_SWEEP];
    double sweep_iops[SIM_MAX_SWEEP];

    /* latency histogram of the current point's main class */
    enum wl_class hist_cls;
    uint64_t hist_pow2[HIST_POW2_BINS];
    double p50_us, p99_us, p999_us;

    char message[200];          /* the last event or error, for the user */

    /* Burst buckets (each volume's, the instance's) as the backend reads
       them every SIM_SNAP_TICK_NS of device time; interactive sessions on
       a backend with buckets only (0 otherwise). */
    int n_buckets;
    bool buckets_reset_per_point;   /* every point starts them at the
                                       --burst-credits level (no carry) */
    struct sim_snap_bucket bucket[SIM_SNAP_BUCKETS];

    /* a forecast played (sim_session_cfg.replay): the phase of the row
       shown, "batch, day 1"; "" otherwise.  A forecast has no per-disk
       rows and no latency histogram. */
    char phase[80];

    /* the whole session so far, in bounded memory (time_strip.h) */
    struct sim_strip strip;

    /* A database workload (sim_run_db): its classes and groups; 0 of
       each for ORION's.  Its one point has no matrix (n_points 1, no
       levels), cur.cls[c] holds class c's figures, the series' MBPS and
       IOPS are every class's, and the histogram is the class with the
       most I/O (hist_db_class). */
    int n_db_classes;
    struct sim_snap_class db_class[WL_MAX_CLASSES];
    int n_db_groups;
    struct sim_snap_group db_group[SIM_MAX_GROUPS];
    int db_load_pct;            /* the loads in force: % of the
                                   workload's (100 = as given) */
    int db_load_pct_max;        /* the most SIM_CMD_DB_LOAD takes here */
    int hist_db_class;

    /* a disk lost from the dashboard (SIM_CMD_FAIL, session_fail.c):
       the phase (SIM_PHASE_BEFORE: none), the disk (-1: none), the power,
       the data the rebalance moves, what it has copied, and the copies'
       write rate over the last window (10^6 B/s) */
    int fail_phase;             /* enum sim_fail_phase */
    int fail_disk;
    int fail_power;
    double fail_moved_bytes, fail_done_bytes, fail_copy_mbps;
    /* why SIM_CMD_FAIL with a disk, and SIM_CMD_POWER, would be refused
       now whatever the number (external redundancy, a disk failed
       already, real targets, ...), "" when they would not: a viewer
       refuses at once instead of asking for a number in vain */
    char fail_refused[160];
    char power_refused[224];

    /* what happened (burst_events.h), oldest first: the last
       SIM_SNAP_EVENTS of events_total; the newest is also the message */
    int n_events;
    uint64_t events_total;
    struct sim_snap_event event[SIM_SNAP_EVENTS];
};

enum sim_cmd_kind {
    SIM_CMD_LOAD = 0,           /* a = small, b = large (pins the load) */
    SIM_CMD_WALK,               /* unpin: walk the matrix from its start */
    SIM_CMD_DISKS,              /* a = disks */
    SIM_CMD_WRITE_PCT,          /* a = 0..100 */
    SIM_CMD_SIZES,              /* a = small bytes, b = large bytes */
    SIM_CMD_SIZE_NEXT,          /* a = WL_SMALL or WL_LARGE: the next size
                                   of that class (SIM_SMALL_SIZES,
                                   SIM_LARGE_SIZES) the command line takes */
    SIM_CMD_LAYOUT,             /* a = enum lay_striping */
    SIM_CMD_REDUNDANCY,         /* a = enum lay_redundancy, or
                                   SIM_REDUNDANCY_NEXT */
    SIM_CMD_VOLUME,             /* x = IOPS, y = throughput B/s (<= 0: keep) */
    SIM_CMD_INSTANCE,           /* text = instance name */
    SIM_CMD_PAUSE,              /* a = 1 pause, 0 resume, -1 toggle */
    SIM_CMD_RESTART,            /* the point again, from a fresh window */
    SIM_CMD_QUIT,
    SIM_CMD_DB_LOAD,            /* a database workload: a = every class's
                                   load in % of the workload's (its open
                                   rates and its closed outstanding
                                   counts scaled), SIM_SESSION_DB_PCT_MIN..
                                   snapshot.db_load_pct_max */
    SIM_CMD_FAIL,               /* a database workload on modelled volumes:
                                   a = a disk of the first group goes
                                   offline; -1 = drop the offline disk now,
                                   its data rebuilt (session_fail.c) */
    SIM_CMD_POWER,              /* a = the rebalance power, 1..SIM_POWER_MAX */
};

/* SIM_CMD_DB_LOAD's range: a tenth to ten times the workload's loads.
   Open rates take any share; a closed class keeps at least one I/O. */
#define SIM_SESSION_DB_PCT_MIN 10
#define SIM_SESSION_DB_PCT_MAX 1000

/* SIM_CMD_REDUNDANCY's a: the level after the one in force in the cycle
   external, normal, high, passing over a level refused (high on 2 disks)
   to the next one allowed. */
#define SIM_REDUNDANCY_NEXT 0

/* SIM_CMD_SIZE_NEXT's cycles, smallest first; after the last (or a size
   outside the list) comes the next larger one in the list, then the
   first.  A size the configuration check refuses (wl_cfg_check: not a
   multiple of the alignment, not below the capacity) is passed over as
   SIM_REDUNDANCY_NEXT passes over a level. */
#define SIM_SIZE_CYCLE_LEN 5
#define SIM_SMALL_SIZES { 4096, 8192, 16384, 32768, 65536 }
#define SIM_LARGE_SIZES { 65536, 131072, 262144, 524288, 1048576 }

struct sim_cmd {
    enum sim_cmd_kind kind;
    int a, b;
    double x, y;
    char text[48];
};

struct sim_forecast_result;         /* sim/model/forecast.h */
struct report_fc_info;              /* sim/report/report_forecast.h */

struct sim_session_cfg {
    struct sim_setup setup;     /* the configuration to start from; its
                                   layout.disk_failgroup is dropped when
                                   the disk count changes */
    bool batch;                 /* sim_run / sim_sweep, no tuning */
    const int *counts;          /* batch sweep: disk counts (NULL: a run) */
    int n_counts;
    double speed;               /* model pacing; 0 = as fast as possible */
    sim_ns cell_ns;             /* interactive: measured time per cell */
    /* sim_session_save(): where and as what (NULL dir = "."). */
    const char *output_dir;
    const char *testname;
    const char *command_line;   /* the launch command */
    const char *version;        /* the ORION VERSION line's; NULL "unknown" */
    const struct report_echo *echo;     /* options every saved file names */
    int n_echo;                         /*   (--label; report.h); 0: none */
    /* Optional: the command line that reproduces `measured` (the
       configuration the saved cells were measured in, tuned or not), as a
       malloc'd string; NULL (or no hook) falls back to command_line. */
    char *(*command_line_of)(void *arg, const struct sim_setup *measured);
    void *command_line_arg;
    /* Optional, with batch: a forecast to play instead of running
       anything (asmsim forecast --tui): its rows at `speed` device
       seconds per wall second, its buckets' levels, its events in words
       (report_fc_event_text with replay_info).  Borrowed: both outlive
       the session. */
    const struct sim_forecast_result *replay;
    const struct report_fc_info *replay_info;
};

typedef struct sim_session sim_session;

/* 0 and *out, or -EINVAL / -ENOMEM with why.  Nothing runs until start. */
int sim_session_create(const struct sim_session_cfg *cfg, sim_session **out,
                       char *why, size_t why_len);

/* Start the engine thread.  0 or -errno. */
int sim_session_start(sim_session *s);

/* Copy the latest snapshot.  Safe from any thread. */
void sim_session_snapshot(sim_session *s, struct sim_snapshot *out);

/* Queue a command for the engine thread.  0, -EAGAIN (queue full) or
   -ENOTSUP (a tuning command to a batch session, but SIM_CMD_DB_LOAD
   and SIM_CMD_RESTART to a batch run of a database workload).  Commands are applied
   in the order sent; each one that was queued (not PAUSE, not QUIT)
   counts once in snapshot.cmds_applied when it has been applied, so a
   viewer that sent n can tell when the snapshot shows all n. */
int sim_session_send(sim_session *s, const struct sim_cmd *cmd);

/* Wait until the snapshot's seq exceeds `seq` or timeout_ms passes;
   returns the current seq. */
uint64_t sim_session_wait(sim_session *s, uint64_t seq, int timeout_ms);

/* Ask the engine to end (the current point is cut short, what was
   measured is kept) and join its thread.  Idempotent. */
void sim_session_stop(sim_session *s);

/* Write the ORION files and results JSON of the current configuration's
   measured cells (interactive), as a batch run would, describing the
   configuration they were measured in (command line, parameters, disk
   group).  The cells of one configuration only: a command that changes
   what is measured (disks, sizes, layout, redundancy, writes, volume,
   instance) starts a new record; the records it ends are kept and saved
   too, each as a set of its own ("before tuning: saved ..."), and
   forgotten once written; the one in force is marked written, and saved
   again only once a cell is recorded in it since.  A set measured in a
   failure (SIM_CMD_FAIL) says so: report.h's struct report_live_fail in
   its summary, JSON and command line.  0 with "saved N points to DIR/NAME_*" in why,
   or -errno with why: the sets written before the failure, then "N
   points not saved: " and the reason (-ENODATA: no point has finished in
   any).  A failed save writes no more sets; the next writes those it did
   not, once; with nothing new since the last save, -ENODATA and "nothing
   new: ..." in why. */
int sim_session_save(sim_session *s, char *why, size_t why_len);
/* What sim_session_save would write now: the points, and in *sets the
   sets of files (the configuration in force, and each earlier one
   measured before a retune and not saved since). */
int sim_session_saveable(sim_session *s, int *sets);

/* Batch: after the thread ended, hand over the results (the caller frees
   them).  Returns what sim_run / sim_sweep returned (0, 1 = stopped
   early, -errno with why). */
int sim_session_take(sim_session *s, struct sim_run_result **run,
                     struct sim_sweep_result **sweep, char *why,
                     size_t why_len);

/* A database workload's session: the classes' loads in force (the
   workload's scaled by snapshot.db_load_pct) into *out, what a batch
   run's result was measured at.  Returns db_load_pct (100: unchanged);
   0 and *out untouched for ORION's workload. */
int sim_session_db_load(sim_session *s, struct sim_class_load *out);

/* The command line `line` of a database workload launched at `launch`
   and measured at `measured`, as a malloc'd string: line itself when
   the workload's classes (the launch's) run at the same loads, else line
   and a shell comment that says the loads measured, which no option sets
   ("  # loads set on the dashboard, not by an option: data-reads
   2654.3/s, ...").  A failure's copy class, beyond them, is not a load
   set: a save in a failure says so in a comment of its own.  NULL when
   out of memory. */
char *sim_session_db_command_line(const char *line, const struct sim_setup *launch,
                                  const struct sim_setup *measured);

/* Stops the thread if needed and frees everything. */
void sim_session_destroy(sim_session *s);

/* The largest load an interactive session of cfg walking matrix m (NULL:
   none) lets a command set, as its pools are sized: with headroom,
   SIM_SESSION_MAX_SMALL small and SIM_SESSION_MAX_LARGE large loads (each
   stream_io I/Os when sequential) or the matrix's largest if more, the
   large and then the small headroom cut so that small + large I/Os stay
   within SIM_MAX_OUTSTANDING (io_budget.h), never below what m needs;
   without, just what m needs. */
void sim_session_load_limits(const struct sim_run_cfg *cfg,
                             const struct wl_matrix *m, bool headroom,
                             int *max_small, int *max_large);

/* Pacing of a virtual clock to the wall clock: speed device seconds per
   wall second (0 = no pacing).  sim_pacer_delay_ns() says how long to
   sleep before device time `now_ns` is due; re-anchor after a pause. */
struct sim_pacer {
    double speed;
    bool anchored;
    sim_ns dev_anchor_ns, wall_anchor_ns;
};
void sim_pacer_init(struct sim_pacer *p, double speed);
void sim_pacer_anchor(struct sim_pacer *p, sim_ns dev_now_ns);
sim_ns sim_pacer_delay_ns(struct sim_pacer *p, sim_ns dev_now_ns);

#endif
