/*
 * fuzz_instance_name.c - instance names (--instance, `asmsim profiles
 * instances NAME`; prof_instance_find in sim/profiles/profiles_instances.c) on
 * arbitrary text: the EC2 table, OCI E4.Flex shapes ("oci-e4flex-N"),
 * "none", and the suggestions an unknown name gets.
 *
 * Contract (profiles.h): 0 with a NUL-terminated name and limits that are
 * not negative (0 = unlimited), or -ENOENT with a reason in why.  Every
 * name the table lists is found under its own name.
 */
#include <errno.h>
#include <string.h>

#include "fuzz.h"
#include "sim/profiles/profiles.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_text(data, size);
    struct inst_profile in, again;
    char why[512];
    int rc;

    memset(why, 'x', sizeof why);
    rc = prof_instance_find(s, &in, why, sizeof why);
    FUZZ_CHECK(rc == 0 || rc == -ENOENT || rc == -EINVAL);
    fuzz_check_why(why, sizeof why, rc != 0);
    if (rc == 0) {
        FUZZ_CHECK(memchr(in.name, '\0', sizeof in.name) != NULL);
        FUZZ_CHECK(in.base_bytes_per_s >= 0 && in.max_bytes_per_s >= 0);
        FUZZ_CHECK(in.base_iops >= 0 && in.max_iops >= 0);
        rc = prof_instance_find(in.name, &again, why, sizeof why);
        FUZZ_CHECK(rc == 0);
        FUZZ_CHECK(again.max_bytes_per_s == in.max_bytes_per_s);
    }
    /* the i-th listed instance, for an index taken from the input */
    if (size >= 2 && prof_instance_count() > 0) {
        int i = (data[0] << 8 | data[1]) % (prof_instance_count() + 2) - 1;
        rc = prof_instance_at(i, &in);
        FUZZ_CHECK(rc == 0 || rc == -ERANGE);
        FUZZ_CHECK(rc == 0 || i < 0 || i >= prof_instance_count());
    }
    free(s);
    return 0;
}
