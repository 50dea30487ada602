/*
 * awr_report.h - what asmsim reads of one AWR or Statspack report, before
 * any arithmetic: a neutral struct that the text reader (awr_text.c) and
 * the HTML reader (awr_html.c) both fill, and that the derivation
 * (awr_derive.h) takes.
 *
 * Reports read (AWR.md, sections 1-5): AWR instance reports, text and
 * HTML, 11.2 to 19c, single instance or one instance of a RAC; Statspack
 * text reports of the 10.2 layout (no IOStat or IO Profile sections).
 * Refused, with what to give instead: RAC global reports (their figures
 * are the cluster's, some in blocks), compare-period and ASH reports.
 *
 * What is kept: the header (database, instance, release, RAC, host, the
 * snapshots and the elapsed time, the block size), the Instance Activity
 * Stats (every row: name, total, per second), the IOStat by Function
 * summary rows, the Load Profile's I/O rows, the IO Profile (12c+) and the
 * I/O wait events.  Every value keeps the report's line it came from
 * (line 0: not in the report), so a DBA can find it and a message can
 * name it.
 *
 * Names in AWR text are cut to 32 characters (Statspack: 33), event
 * names to 26, IOStat function names to 15: awr_stat_find matches a cut
 * name by prefix (AWR.md section 3).
 *
 * Contract of the readers: 0, or -EINVAL with a one-line reason in `why`
 * that starts with the line number ("412: Instance Activity Stats: ...";
 * awr_report_load puts the file's name before it), and *out is then not
 * to be used.  No globals; the caller owns the struct (it is large: keep
 * it off the stack, awr_report_new).
 */
#ifndef ASMSIM_SIM_AWR_REPORT_H
#define ASMSIM_SIM_AWR_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#define AWR_MAX_BYTES (64L << 20)       /* a report file at most */
#define AWR_MAX_STATS 1024              /* Instance Activity rows kept */
#define AWR_STAT_NAME_MAX 72
#define AWR_MAX_FUNCS 24                /* IOStat by Function rows */
#define AWR_TEXT_MAX 64                 /* header strings */

/* A number from the report and the line it is on (0: not given). */
struct awr_num {
    double v;
    int line;
};

enum awr_kind {
    AWR_KIND_TEXT = 0,          /* AWR text report */
    AWR_KIND_HTML,              /* AWR HTML report */
    AWR_KIND_STATSPACK,         /* Statspack text report */
};

/* The sections read; also the names messages use (awr_section_name). */
enum awr_section {
    AWR_SEC_HEADER = 0,
    AWR_SEC_LOAD,               /* Load Profile */
    AWR_SEC_IOPROF,             /* IO Profile (12c+) */
    AWR_SEC_STATS,              /* Instance Activity Stats */
    AWR_SEC_IOSTAT,             /* IOStat by Function summary (11.2+) */
    AWR_SEC_FG_EVENTS,          /* Foreground Wait Events (Statspack:
                                   Wait Events) */
    AWR_SEC_BG_EVENTS,          /* Background Wait Events */
    AWR_SEC_N,
};

struct awr_stat {
    char name[AWR_STAT_NAME_MAX];
    bool cut;                   /* the name filled its column: maybe cut */
    double total;
    double per_s;
    int line;
};

struct awr_func {               /* one IOStat by Function row */
    char name[AWR_TEXT_MAX];    /* as printed ("Buffer Cache Re", "TOTAL:") */
    double read_reqs_s;
    double read_mibps;          /* 'Data per sec', 1024-based suffixes */
    double write_reqs_s;
    double write_mibps;
    int line;
};

/* Load Profile rows (per second).  19c: the application's I/O requests
   and MB; 11.2 and Statspack: blocks only. */
enum awr_load {
    AWR_LOAD_READ_REQS = 0,     /* Read IO requests */
    AWR_LOAD_WRITE_REQS,        /* Write IO requests */
    AWR_LOAD_READ_MB,           /* Read IO (MB) */
    AWR_LOAD_WRITE_MB,          /* Write IO (MB) */
    AWR_LOAD_READ_BLOCKS,       /* Physical read (blocks) / Physical reads */
    AWR_LOAD_WRITE_BLOCKS,      /* Physical write (blocks) / Physical writes */
    AWR_LOAD_REDO_BYTES,        /* Redo size (bytes) / Redo size */
    AWR_LOAD_N,
};

/* IO Profile rows (12c+), each Read+Write, Read and Write per second. */
enum awr_ioprof {
    AWR_IOP_TOTAL_REQS = 0,     /* Total Requests */
    AWR_IOP_DB_REQS,            /* Database Requests */
    AWR_IOP_REDO_REQS,          /* Redo Requests */
    AWR_IOP_TOTAL_MB,           /* Total (MB) */
    AWR_IOP_DB_MB,              /* Database (MB) */
    AWR_IOP_REDO_MB,            /* Redo (MB) */
    AWR_IOP_N,
};

struct awr_rw {
    struct awr_num rw, r, w;
};

/* The I/O wait events read (AWR.md section 4). */
enum awr_event {
    AWR_EV_SEQ_READ = 0,        /* db file sequential read */
    AWR_EV_SCAT_READ,           /* db file scattered read */
    AWR_EV_PAR_READ,            /* db file parallel read */
    AWR_EV_DIRECT_READ,         /* direct path read */
    AWR_EV_DIRECT_WRITE,        /* direct path write */
    AWR_EV_LOG_PAR_WRITE,       /* log file parallel write */
    AWR_EV_LOG_SYNC,            /* log file sync */
    AWR_EV_DB_PAR_WRITE,        /* db file parallel write */
    AWR_EV_N,
};

struct awr_wait {
    double waits;
    double avg_us;              /* the average in microseconds */
    char avg_text[24];          /* as printed, with its unit ("450.00us",
                                   "0.8ms"; 11.2 and Statspack: "5 ms",
                                   their column's unit added) */
    enum awr_section from;      /* foreground (or Statspack's all) first,
                                   else background */
    int line;
};

struct awr_report {
    enum awr_kind kind;
    char db_name[AWR_TEXT_MAX];
    char instance[AWR_TEXT_MAX];
    char release[AWR_TEXT_MAX];
    char host[AWR_TEXT_MAX];
    struct awr_num inst_num;
    struct awr_num rac;                 /* 1 YES, 0 NO; line 0: not said */
    struct awr_num begin_snap, end_snap;
    char begin_time[AWR_TEXT_MAX];      /* as printed: DD-Mon-YY HH24:MI:SS */
    char end_time[AWR_TEXT_MAX];
    struct awr_num elapsed_s;           /* Elapsed (mins) x 60 */
    struct awr_num block_bytes;         /* Std Block Size; line 0: not given */

    int n_stats;
    struct awr_stat stats[AWR_MAX_STATS];
    int n_funcs;                        /* 0: no IOStat by Function */
    struct awr_func funcs[AWR_MAX_FUNCS];
    struct awr_num load[AWR_LOAD_N];
    struct awr_rw ioprof[AWR_IOP_N];
    struct awr_wait events[AWR_EV_N];

    int section_line[AWR_SEC_N];        /* where each section starts; 0:
                                           not in the report */
    int last_line;                      /* the report's last line */
};

/* A zeroed report on the heap, NULL when out of memory. */
struct awr_report *awr_report_new(void);

/* Reads a report from memory (len bytes; need not end in NUL).  The kind
   is told from the text (AWR.md section 1); the rest as above.  0, or
   -EINVAL with why = "LINE: what", or -ENOMEM. */
int awr_report_parse(const char *text, size_t len, struct awr_report *out,
                     char *why, size_t why_len);

/* The same from a file: at most AWR_MAX_BYTES.  why = "PATH:LINE: what"
   or "PATH: cannot read: ...".  0, -EINVAL, -ENOMEM or the -errno of the
   read. */
int awr_report_load(const char *path, struct awr_report *out, char *why,
                    size_t why_len);

/* The Instance Activity row of that statistic: the row of the same name,
   else a row whose cut name is a prefix of it; NULL if none. */
const struct awr_stat *awr_stat_find(const struct awr_report *r,
                                     const char *name);

/* "Instance Activity Stats", "IOStat by Function summary", ... */
const char *awr_section_name(enum awr_section s);
/* "AWR text", "AWR HTML", "Statspack" */
const char *awr_kind_name(enum awr_kind k);
/* "db file sequential read", ... */
const char *awr_event_name(enum awr_event e);

#endif
