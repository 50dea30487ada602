/*
 * fuzz_orion_argv.c - ORION's command line (`asmsim orion`,
 * cli_orion_parse in sim/cli/cli_orion.c) on arbitrary arguments, then the
 * same resolution and job set-up a real orion command does, without
 * running it and without reading <testname>.lun.
 *
 * The input is split into arguments (fuzz_argv: at NUL bytes, or one per
 * line).  The orion parser takes no file or target options, so nothing
 * outside memory is touched.  Contracts (cli.h): parse gives 0, CLI_HELP
 * or -EINVAL with a reason; resolve gives 0 or -EINVAL with a reason;
 * a resolved configuration has a disk count and a matrix that builds.
 */
#include <errno.h>
#include <string.h>

#include "fuzz.h"
#include "sim/cli/cli.h"
#include "sim/cli/cli_job.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct cli_opts *o = malloc(sizeof *o);
    struct sim_setup cfg;
    struct cli_job j;
    char why[CLI_WHY_LEN];
    char *store;
    int argc, rc;
    char **argv = fuzz_argv(data, size, "orion", &argc, &store);

    if (!o)
        abort();
    cli_opts_defaults(o, CLI_ORION);
    memset(why, 'x', sizeof why);
    rc = cli_orion_parse(o, argc, argv, why, sizeof why);
    FUZZ_CHECK(rc == 0 || rc == CLI_HELP || rc == -EINVAL);
    fuzz_check_why(why, sizeof why, rc < 0);
    if (rc == 0) {
        memset(why, 'x', sizeof why);
        rc = cli_opts_resolve(o, &cfg, why, sizeof why);
        FUZZ_CHECK(rc == 0 || rc == -EINVAL);
        fuzz_check_why(why, sizeof why, rc != 0);
        if (rc == 0) {
            FUZZ_CHECK(cfg.run.disks >= 1 && cfg.run.disks <= LAY_MAX_DISKS);
            memset(&j, 0, sizeof j);
            if (cli_job_init(&j, o, argc, argv) == 0)
                FUZZ_CHECK(j.command_line != NULL);
            cli_job_free(&j);
        }
    }
    free(o);
    free(store);
    free(argv);
    return 0;
}
