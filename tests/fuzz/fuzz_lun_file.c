/*
 * fuzz_lun_file.c - LUN files (ORION's <testname>.lun, --lun-file;
 * cli_read_lun_file in sim/cli/cli_targets.c) on arbitrary bytes.
 *
 * The input is the file's content, served from memory.  Targets are only
 * collected, never opened, so nothing but the in-memory file is touched.
 * Contract (cli.h, cli_targets.c): 0 or a negative errno with the reason
 * in why; every target is a non-empty string inside the options' store,
 * there are at most LAY_MAX_DISKS, and the store never overflows.  The
 * file is read twice into the same options, as two --lun-file flags
 * would, so the limits are reached from a non-empty list too.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "sim/cli/cli.h"

static void check_targets(const struct cli_opts *o)
{
    FUZZ_CHECK(o->n_targets >= 0 && o->n_targets <= LAY_MAX_DISKS);
    FUZZ_CHECK(o->target_store_used <= sizeof o->target_store);
    for (int i = 0; i < o->n_targets; i++) {
        const char *t = o->targets[i];
        FUZZ_CHECK(t >= o->target_store &&
                   t < o->target_store + o->target_store_used);
        size_t room = (size_t)(o->target_store + o->target_store_used - t);
        FUZZ_CHECK(memchr(t, '\0', room) != NULL);
        FUZZ_CHECK(t[0] != '\0');
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct cli_opts *o = malloc(sizeof *o);
    char path[64], why[512];
    int fd;

    if (!o)
        abort();
    fd = fuzz_memfd(data, size, path, sizeof path);
    if (fd < 0) {
        free(o);
        return 0;
    }
    cli_opts_defaults(o, CLI_RUN);
    for (int pass = 0; pass < 2; pass++) {
        int before = o->n_targets;
        memset(why, 'x', sizeof why);
        int rc = cli_read_lun_file(o, path, why, sizeof why);
        FUZZ_CHECK(rc <= 0);
        fuzz_check_why(why, sizeof why, rc != 0);
        check_targets(o);
        if (rc == 0)
            FUZZ_CHECK(o->n_targets > before);
        else
            break;
    }
    close(fd);
    free(o);
    return 0;
}
