/*
 * fuzz_disk_list.c - disk-count lists ("1-16", "1,2,4,8,16", "2-8,12";
 * sweep's --volumes, cli_parse_disk_list) on arbitrary text.
 *
 * Contract (cli_values.h): 0 with ascending, unique counts in
 * 1..LAY_MAX_DISKS, at most max_counts of them; or -EINVAL with the reason
 * in why and *n_out untouched.  The list is parsed with the sweep's limit
 * (SIM_MAX_SWEEP) and with a small one, so the "too many" path is hit too.
 */
#include <errno.h>
#include <string.h>

#include "fuzz.h"
#include "layouts/layout.h"
#include "sim/cli/cli_values.h"
#include "sim/core/run.h"

static void parse_with(const char *s, int max_counts)
{
    int counts[SIM_MAX_SWEEP + 1];
    int n = -7;
    char why[256];

    counts[max_counts] = 0x5a5a;            /* one past the limit */
    memset(why, 'x', sizeof why);
    int repeated = -1;
    int rc = cli_parse_disk_list(s, counts, max_counts, &n, &repeated, why,
                                 sizeof why);
    FUZZ_CHECK(rc == 0 || rc == -EINVAL);
    fuzz_check_why(why, sizeof why, rc != 0);
    FUZZ_CHECK(counts[max_counts] == 0x5a5a);
    if (rc != 0) {
        FUZZ_CHECK(n == -7);
        return;
    }
    FUZZ_CHECK(n >= 1 && n <= max_counts);
    bool repeated_is_listed = repeated == 0;
    for (int i = 0; i < n; i++) {
        FUZZ_CHECK(counts[i] >= 1 && counts[i] <= LAY_MAX_DISKS);
        FUZZ_CHECK(i == 0 || counts[i] > counts[i - 1]);
        repeated_is_listed |= counts[i] == repeated;
    }
    FUZZ_CHECK(repeated_is_listed);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_text(data, size);

    parse_with(s, SIM_MAX_SWEEP);
    parse_with(s, 3);
    free(s);
    return 0;
}
