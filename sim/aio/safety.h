/*
 * safety.h - what asmsim may do to a real target (file or block device),
 * decided before the first I/O.  See safety.c for the rules and why.
 *
 * The same check serves the command line (which refuses with exit status
 * 2 before anything is opened for writing) and the aio backend (which
 * repeats it in open(), so that no caller of the core can skip it).
 */
#ifndef ASMSIM_SIM_SAFETY_H
#define ASMSIM_SIM_SAFETY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/core/stop_flag.h"

/* The extended attribute (or, where the file system has none, the
   side-car file "<path>.asmsim") that marks a file as created by asmsim.
   Its value is the file's identity when it was marked (SAFETY_MARK_LEN
   bytes at most): "asmsim-mark 1 dev=MAJ:MIN ino=N size=N btime=S.NS|-
   gen=N|-".  A mark counts only while all of it still matches the file. */
#define SAFETY_XATTR "user.asmsim"
#define SAFETY_SIDECAR_SUFFIX ".asmsim"
#define SAFETY_MARK_LEN 160
#define SAFETY_SIG_LEN 64

enum safety_kind {
    SAFETY_FILE = 0,
    SAFETY_BLOCK,
    SAFETY_MISSING,             /* does not exist (yet): --create makes it */
};

/* What the user handed over. */
struct safety_policy {
    bool write;                 /* the run writes (--write > 0) */
    bool destroy_data;          /* --destroy-data */
    bool ignore_signatures;     /* --ignore-signatures */
    uint64_t create_bytes;      /* --create SIZE; 0 = not given */
    uint64_t size_limit_bytes;  /* --size-limit; 0 = the target's end */
    const char *write_flag;     /* the write option as the command spells
                                   it in a remedy: NULL "--write", ORION's
                                   "-write" */
};

/* What was found out about one target. */
struct safety_target {
    enum safety_kind kind;
    uint64_t size_bytes;        /* file or device size (create size if missing) */
    uint64_t usable_bytes;      /* min(size, size limit), a multiple of the
                                   logical block size */
    uint32_t logical_block_bytes;   /* asked of the device (files: of the
                                       device that holds them) */
    int numa_node;              /* -1: unknown / not NUMA */
    bool asmsim_file;           /* carries asmsim's mark */
    bool will_create;           /* missing, --create makes it */
    char signature[SAFETY_SIG_LEN]; /* "" or what was found ("ext4", ...) */
    uint64_t dev, ino;          /* a file: the one checked (st_dev, st_ino) */
    uint64_t rdev;              /* a block device: the one checked */
};

/* Inspect `path` and decide whether the policy allows the run to use it.
   Returns 0 (allowed; *out filled), or a negative errno with a one-line
   reason that names the target in why:
     -ENOENT  missing and no --create
     -EBUSY   a block device that is mounted or open exclusively elsewhere
     -EPERM   writes to a target not handed over (--destroy-data), or a
              signature without --ignore-signatures (the reason names it;
              asmsim's mark does not exempt a file from this)
     -EINVAL  neither a regular file nor a block device, or too small,
              or a file with holes or unwritten extents in its usable size
              (asmsim's own file given --create: will_create, filled)
     -ESTALE  another file or device was put at the path while it was
              checked (a rename, a symbolic link)
     other    what stat/open said.
   Every fact comes from one open of the target; *out names what was
   checked (dev and ino, or rdev) for safety_same_target. */
int safety_check(const char *path, const struct safety_policy *p,
                 struct safety_target *out, char *why, size_t why_len);

/* 0 when the open fd is the target safety_check judged into t (the same
   file by device and inode, the same block device by number), else
   -ESTALE with why naming path: something put another file or device at
   the path between the check and the open, and what was not checked is
   not used. */
int safety_same_target(int fd, const char *path, const struct safety_target *t,
                       char *why, size_t why_len);

/* Create `path` as a file of `bytes` (or extend an asmsim file to it),
   allocate its blocks, write every byte not yet written (with
   show_progress, a progress line on stderr: aio_fill.h) and mark it as
   asmsim's.  0 or -errno with why; -ECANCELED when the optional stop
   flag was set while it wrote (a file it made is removed).
   Refuses (-EPERM) to touch an existing file that is not asmsim's. */
int safety_create_file(const char *path, uint64_t bytes, bool show_progress,
                       const sim_stop_flag *stop, char *why, size_t why_len);

/* True if the file carries asmsim's mark and the mark describes this very
   file (same device, inode, size, birth time and generation): a stale
   side-car left by a file that was removed, or a mark copied along with a
   file, does not count.  A mark never exempts a file from the signature
   check (safety_check). */
bool safety_is_asmsim_file(const char *path);

/* Mark the existing regular file `path` as asmsim's, with its identity
   now: the extended attribute, or the side-car where the file system has
   no user xattrs (always the side-car when sidecar_only; tests use it).
   safety_create_file does this.  0 or -errno with why. */
int safety_mark_file(const char *path, bool sidecar_only, char *why,
                     size_t why_len);

/* What a target path names, for telling whether two paths reach the same
   data (safety_overlap).  Filled by safety_identify; plain data. */
enum safety_ident_kind {
    SAFETY_ID_UNKNOWN = 0,      /* cannot be told (stat failed): compare names */
    SAFETY_ID_MISSING,          /* does not exist: its directory and name */
    SAFETY_ID_FILE,
    SAFETY_ID_BLOCK,
    SAFETY_ID_OTHER,            /* exists, neither (safety_check refuses it) */
};
struct safety_ident {
    enum safety_ident_kind kind;
    uint64_t dev, ino;          /* file: st_dev, st_ino; missing: of the
                                   directory it would be made in */
    char name[256];             /* missing: the last path component */
    uint64_t rdev;              /* block: the device number */
    uint64_t whole;             /* block: the disk it is a partition of, or
                                   rdev for a whole disk */
    uint64_t fs_dev, fs_whole;  /* file: the device its file system is on
                                   and that device's disk (0: none) */
    bool backed;                /* block: a loop device (or a partition of
                                   one) over a file, which is: */
    uint64_t back_dev, back_ino;
};

/* Identify `path`.  sys_root is "/sys" (tests pass a copy of its
   dev/block tree); NULL means "/sys".  Never fails: what cannot be found
   out is left 0 (kind SAFETY_ID_UNKNOWN when stat fails other than ENOENT). */
void safety_identify(const char *sys_root, const char *path,
                     struct safety_ident *out);

/* True if the two identified targets reach the same data: one file under
   two names (hard link, symlink), one device under two names (symlink,
   second device node), a disk and one of its partitions, a loop device
   and the file under it, two loop devices over one file, a file and the
   device its file system is on, or two names of one missing path.  how
   gets what b is to a, as a clause ("a partition of it").  Two partitions
   of one disk do not overlap. */
bool safety_overlap(const struct safety_ident *a, const struct safety_ident *b,
                    char *how, size_t how_len);

/* The signature on the target, if any: 1 and its name in name[len]
   ("Oracle ASM disk (ORCLDISK)", "ext4", "LVM2_member", "dos partition
   table", ...), 0 if none, -errno if it cannot be read. */
int safety_probe_signature(const char *path, char *name, size_t len);

/* The NUMA node that hosts a block device or the device under a file,
   from sysfs; -1 when unknown. */
int safety_numa_node(const char *path);

#endif
