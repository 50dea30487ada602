/*
 * report_orion_version.c - ORION's releases as rows of a table: the words
 * and formats of each one's files and console (report_orion_version.h).
 *
 * A difference between releases is a field of a row, never a branch of
 * the writers: report_orion.c prints every line from the row it is given.
 * What the rows hold, and where it is from (../shared/docs/ORION.md names
 * the sources; docs/orion.md says the same for users):
 *
 *   field              11.1         11.2        12.1        12.2, 19
 *   labels             capitalised  lower case  lower case  lower case
 *                      (S111)       (asmsim's   (B12c)
 *                                   earlier 11.2 wording)
 *   Minimum latency    "0.26", ms   "%.2f usecs" "123.58 usecs" "97.677 usecs"
 *   detail lines       none         none        whole us    three decimals
 *   Small Write lines  no           no          no          with -write (M12)
 *   histogram, _hist   no           no          yes (B12c)  yes (K19)
 *   estimate           "Test will take approximately N minutes" (S111),
 *                      later "Calibration will take approximately N
 *                      minutes." (H112, K19, M12)
 *
 * Inferred where no source shows the line (docs/orion.md marks each):
 * 11.2's minimum-latency decimals (as 12.1's), 12.1's release digits
 * (12.1.0.1.0, the release of the run's month), 19c's summary.txt first
 * line (its banner's version string), 11.x's console after the run
 * (nothing, as S111's 11.1 shows) and the estimate's formula.
 */
#include <string.h>

#include "sim/report/report_orion_version.h"

static const struct report_orion_labels caps = {
    .command_line = "Commandline:",
    .settings = "This maps to this test:",
    .io_types = "IO Types: ",
    .small_random = "Small Random IOs",
    .large_random = "Large Random IOs",
    .large_seq = "Large Sequential IOs",
    .array_type = "Simulated Array Type: ",
    .write = "Write: ",
    .cache = "Cache Size: ",
    .cache_none = "Not Entered",
    .duration = "Duration for each Data Point: ",
};

static const struct report_orion_labels lower = {
    .command_line = "Command line:",
    .settings = "These options enable these settings:",
    .io_types = "IO types: ",
    .small_random = "small random IOs",
    .large_random = "large random IOs",
    .large_seq = "large sequential IOs",
    .array_type = NULL,
    .write = "Writes: ",
    .cache = "Cache size: ",
    .cache_none = "not specified",
    .duration = "Duration for each data point: ",
};

#define TEST_WILL "Test will take approximately "
#define CALIBRATION "Calibration will take approximately "
#define CACHE_NOTE "Using a large value for -cache_size may take longer."

static const struct report_orion_ver versions[] = {
    { .name = "11.1", .release = "11.1.0.7.0", .labels = &caps,
      .latency_ms = true, .latency_decimals = 2, .detail_decimals = -1,
      .estimate = TEST_WILL, .estimate_end = " minutes",
      .estimate_note = "Larger caches may take longer" },
    { .name = "11.2", .release = "11.2.0.4.0", .labels = &lower,
      .latency_decimals = 2, .detail_decimals = -1,
      .estimate = CALIBRATION, .estimate_end = " minutes.",
      .estimate_note = CACHE_NOTE },
    { .name = "12.1", .release = "12.1.0.1.0", .labels = &lower,
      .latency_decimals = 2, .detail_decimals = 0, .histogram = true,
      .console_results = true,
      .estimate = CALIBRATION, .estimate_end = " minutes.",
      .estimate_note = CACHE_NOTE },
    { .name = "12.2", .release = "12.2.0.1.0", .labels = &lower,
      .latency_decimals = 3, .detail_decimals = 3, .write_lines = true,
      .histogram = true, .console_results = true,
      .estimate = CALIBRATION, .estimate_end = " minutes.",
      .estimate_note = CACHE_NOTE },
    { .name = "19", .release = "RDBMS_19.3.0.0.0DBRU_LINUX.X64_190417",
      .labels = &lower, .latency_decimals = 3, .detail_decimals = 3,
      .write_lines = true, .histogram = true, .console_results = true,
      .estimate = CALIBRATION, .estimate_end = " minutes.",
      .estimate_note = CACHE_NOTE, .before_results = "Setting ftype=0" },
};
#define N_VERSIONS ((int)(sizeof versions / sizeof versions[0]))

const struct report_orion_ver *const REPORT_ORION_OWN = &versions[N_VERSIONS - 1];

const struct report_orion_ver *report_orion_version(const char *name)
{
    for (int i = 0; name && i < N_VERSIONS; i++)
        if (strcmp(versions[i].name, name) == 0)
            return &versions[i];
    return NULL;
}

void report_orion_version_names(char *buf, size_t len)
{
    size_t at = 0;

    for (int i = 0; i < N_VERSIONS && at < len; i++) {
        const char *sep = i == 0 ? "" : i == N_VERSIONS - 1 ? " or " : ", ";
        int n = snprintf(buf + at, len - at, "%s%s", sep, versions[i].name);
        if (n < 0)
            break;
        at += (size_t)n;
    }
}

int report_orion_estimate_min(int points, long long duration_s)
{
    long long s = (long long)points * duration_s;

    return (int)((s + 59) / 60) + 1;
}

void report_orion_console_intro(FILE *f, const struct report_orion_ver *v,
                                const char *prefix, int points, long long duration_s)
{
    fprintf(f, "ORION: ORacle IO Numbers -- Version %s\n", v->release);
    fprintf(f, "%s\n", prefix);
    fprintf(f, "%s%d%s\n", v->estimate, report_orion_estimate_min(points, duration_s),
            v->estimate_end);
    fprintf(f, "%s\n", v->estimate_note);
}
