/*
 * report_orion_version.h - what each ORION release writes, as data
 * (report_orion_version.c): the words of its summary.txt, its number
 * formats, which lines and files it has, and its console's banner and
 * time estimate.  `asmsim orion -orion_version V` picks a row; without it
 * asmsim writes its own set, ORION 19c's words with asmsim's lines among
 * them (REPORT_ORION_OWN).  The facts and their sources:
 * ../shared/docs/ORION.md, summarised for users in docs/orion.md.
 */
#ifndef ASMSIM_SIM_REPORT_ORION_VERSION_H
#define ASMSIM_SIM_REPORT_ORION_VERSION_H

#include <stdbool.h>
#include <stdio.h>

/* The labels of summary.txt's settings, each printed as label + value. */
struct report_orion_labels {
    const char *command_line;       /* "Commandline:" */
    const char *settings;           /* "This maps to this test:" */
    const char *io_types;           /* "IO Types: " */
    const char *small_random;       /* "Small Random IOs" */
    const char *large_random;       /* "Large Random IOs" */
    const char *large_seq;          /* "Large Sequential IOs" */
    const char *array_type;         /* "Simulated Array Type: ", or NULL */
    const char *write;              /* "Write: " (then "N%") */
    const char *cache;              /* "Cache Size: " */
    const char *cache_none;         /* "Not Entered" */
    const char *duration;           /* "Duration for each Data Point: " */
};

struct report_orion_ver {
    const char *name;               /* "11.1": what -orion_version takes */
    const char *release;            /* "11.1.0.7.0": summary.txt's first
                                       line and the console's banner */
    const struct report_orion_labels *labels;
    bool latency_ms;                /* 11.1: the minimum latency and
                                       _lat.csv in ms, no unit */
    int latency_decimals;           /* "Minimum Small Latency=" digits */
    int detail_decimals;            /* "Small Read Latency: avg=..." lines
                                       after the IOPS and latency lines:
                                       -1 none, 0 whole us, 3 */
    bool write_lines;               /* "Small Write Latency:" too (-write) */
    bool histogram;                 /* the summary's histogram table and
                                       _hist.txt (12c+) */
    bool console_results;           /* the results block on the console */
    const char *estimate;           /* "Test will take approximately" */
    const char *estimate_end;       /* " minutes" (11.1) or " minutes." */
    const char *estimate_note;      /* the line after it */
    const char *before_results;     /* "Setting ftype=0" (19c) or NULL */
};

/* The row of a version name ("11.1", "11.2", "12.1", "12.2", "19"), or
   NULL. */
const struct report_orion_ver *report_orion_version(const char *name);
/* The names, for messages and --help: "11.1, 11.2, 12.1, 12.2 or 19",
   written from the table into buf (cut to len). */
void report_orion_version_names(char *buf, size_t len);
/* asmsim's own set's row: 19c's words and formats. */
extern const struct report_orion_ver *const REPORT_ORION_OWN;

/* The console's first lines, as release v prints them before the run:
     ORION: ORacle IO Numbers -- Version 11.1.0.7.0
     mytest_20190329_1057
     Test will take approximately 9 minutes
     Larger caches may take longer
   prefix is <testname>_<stamp>; points ORION's total data points. */
void report_orion_console_intro(FILE *f, const struct report_orion_ver *v,
                                const char *prefix, int points, long long duration_s);
/* The minutes of the estimate: points x duration rounded up to whole
   minutes, plus one (ORION.md: 8 points of 60 s -> 9, 43 -> 44; ORION's
   own formula is not published). */
int report_orion_estimate_min(int points, long long duration_s);

#endif
