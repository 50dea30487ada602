/*
 * fuzz_awr.c - the AWR and Statspack reader (sim/awr/awr_report.h), the
 * derivation (awr_derive.h) and the workload (awr_workload.h) on arbitrary
 * bytes, served from memory.
 *
 * Contracts checked: awr_report_parse returns 0, -EINVAL or -ENOMEM, with
 * a reason that starts with a line number on -EINVAL; a report it accepts
 * has an elapsed time above 0 and its Instance Activity Stats; awr_derive
 * returns 0 or -EINVAL with a reason, and what it accepts has finite,
 * non-negative rates; a workload it makes passes wl_spec_check.  The seed
 * corpus (corpus/awr/) holds the five sample reports of tests/awr/, cut
 * and edited copies of them, and non-reports.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "sim/awr/awr_derive.h"
#include "sim/awr/awr_report.h"
#include "sim/awr/awr_workload.h"

static void check_derived(const struct awr_report *r, const struct awr_derived *d)
{
    char why[512];
    struct wl_spec s;

    for (int c = 0; c < AWR_CL_N; c++) {
        FUZZ_CHECK(isfinite(d->cls[c].iops) && d->cls[c].iops >= 0);
        FUZZ_CHECK(isfinite(d->cls[c].mibps) && d->cls[c].mibps >= 0);
    }
    FUZZ_CHECK(d->n_used <= AWR_MAX_USED && d->n_notes <= AWR_MAX_NOTES);
    int rc = awr_workload(r, d, &s, why, sizeof why);
    FUZZ_CHECK(rc == 0 || rc == -EINVAL);
    fuzz_check_why(why, sizeof why, rc != 0);
    if (rc == 0)
        FUZZ_CHECK(wl_spec_check(&s, why, sizeof why) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct awr_report *r;
    static struct awr_derived d;
    char why[1024];

    if (!r && !(r = awr_report_new()))
        abort();
    int rc = awr_report_parse((const char *)data, size, r, why, sizeof why);
    FUZZ_CHECK(rc == 0 || rc == -EINVAL || rc == -ENOMEM);
    fuzz_check_why(why, sizeof why, rc == -EINVAL);
    if (rc == -EINVAL)
        FUZZ_CHECK(why[0] >= '0' && why[0] <= '9');
    if (rc != 0)
        return 0;
    FUZZ_CHECK(r->elapsed_s.v > 0 && r->section_line[AWR_SEC_STATS] > 0);
    rc = awr_derive(r, &d, why, sizeof why);
    FUZZ_CHECK(rc == 0 || rc == -EINVAL);
    fuzz_check_why(why, sizeof why, rc != 0);
    if (rc == 0)
        check_derived(r, &d);
    return 0;
}
