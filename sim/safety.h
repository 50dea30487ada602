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

/* The extended attribute (or, where the file system has none, the
   side-car file "<path>.asmsim") that marks a file as created by asmsim. */
#define SAFETY_XATTR "user.asmsim"
#define SAFETY_SIDECAR_SUFFIX ".asmsim"
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
};

/* Inspect `path` and decide whether the policy allows the run to use it.
   Returns 0 (allowed; *out filled), or a negative errno with a one-line
   reason that names the target in why:
     -ENOENT  missing and no --create
     -EBUSY   a block device that is mounted or open exclusively elsewhere
     -EPERM   writes to a target not handed over (--destroy-data), or a
              signature without --ignore-signatures (the reason names it)
     -EINVAL  neither a regular file nor a block device, or too small
     other    what stat/open said. */
int safety_check(const char *path, const struct safety_policy *p,
                 struct safety_target *out, char *why, size_t why_len);

/* Create `path` as a file of `bytes` (or extend an asmsim file to it),
   allocate its blocks and mark it as asmsim's.  0 or -errno with why.
   Refuses (-EPERM) to touch an existing file that is not asmsim's. */
int safety_create_file(const char *path, uint64_t bytes, char *why,
                       size_t why_len);

/* True if the file carries asmsim's mark. */
bool safety_is_asmsim_file(const char *path);

/* The signature on the target, if any: 1 and its name in name[len]
   ("Oracle ASM disk (ORCLDISK)", "ext4", "LVM2_member", "dos partition
   table", ...), 0 if none, -errno if it cannot be read. */
int safety_probe_signature(const char *path, char *name, size_t len);

/* The NUMA node that hosts a block device or the device under a file,
   from sysfs; -1 when unknown. */
int safety_numa_node(const char *path);

#endif
