/*
 * fuzz_volume_spec.c - volume specs ("gp3:size=250GiB,iops=4000",
 * sim/profiles/profiles_spec.c and the provider rules of sim/profiles/profiles*.c) on
 * arbitrary text.
 *
 * Contracts (profiles.h): a spec gives 0 or -EINVAL with the reason in
 * why; an accepted spec resolves to limits a model can run (positive,
 * finite rates, a size, a canonical spec that parses again to the same
 * limits).  An accepted volume is then reprovisioned with figures taken
 * from the input, as the dashboard's i/t keys do, under the same rules.
 * Instance names have a harness of their own (fuzz_instance_name.c): a
 * lookup computes edit distances to all 625 names for its suggestions,
 * which would slow the spec fuzzing down a hundredfold.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "fuzz.h"
#include "sim/profiles/profiles.h"

static void check_volume(const struct vol_profile *v)
{
    FUZZ_CHECK(memchr(v->type, '\0', sizeof v->type) != NULL);
    FUZZ_CHECK(memchr(v->spec, '\0', sizeof v->spec) != NULL);
    FUZZ_CHECK(v->size_bytes > 0);
    FUZZ_CHECK(v->io_unit_bytes > 0);
    FUZZ_CHECK(isfinite(v->iops_base) && v->iops_base > 0);
    FUZZ_CHECK(isfinite(v->iops_burst) && v->iops_burst >= v->iops_base);
    FUZZ_CHECK(isfinite(v->tput_base_bytes_per_s) &&
               v->tput_base_bytes_per_s > 0);
    FUZZ_CHECK(isfinite(v->tput_burst_bytes_per_s) &&
               v->tput_burst_bytes_per_s >= v->tput_base_bytes_per_s);
    FUZZ_CHECK(isfinite(v->price_usd_month) && v->price_usd_month >= 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_text(data, size);
    struct vol_profile v, again;
    char why[512];
    int rc;

    memset(why, 'x', sizeof why);
    rc = prof_volume_parse(s, &v, why, sizeof why);
    FUZZ_CHECK(rc == 0 || rc == -EINVAL);
    fuzz_check_why(why, sizeof why, rc != 0);
    if (rc == 0) {
        check_volume(&v);
        /* the canonical spec is a spec of the same volume */
        rc = prof_volume_parse(v.spec, &again, why, sizeof why);
        FUZZ_CHECK(rc == 0);
        FUZZ_CHECK(again.size_bytes == v.size_bytes);
        FUZZ_CHECK(again.iops_base == v.iops_base);
        FUZZ_CHECK(again.tput_base_bytes_per_s == v.tput_base_bytes_per_s);

        /* reprovision with figures from the input's first bytes */
        double iops = size > 0 ? (double)data[0] * 100.0 : 0;
        double tput = size > 1 ? (double)data[1] * 1e6 : 0;
        again = v;
        memset(why, 'x', sizeof why);
        rc = prof_volume_reprovision(&again, iops, tput, why, sizeof why);
        FUZZ_CHECK(rc == 0 || rc == -EINVAL);
        fuzz_check_why(why, sizeof why, rc != 0);
        if (rc == 0)
            check_volume(&again);
        else
            FUZZ_CHECK(memcmp(&again, &v, sizeof v) == 0);
        rc = prof_volume_reprovision(&again, NAN, INFINITY, why, sizeof why);
        FUZZ_CHECK(rc == -EINVAL);
    }
    free(s);
    return 0;
}
