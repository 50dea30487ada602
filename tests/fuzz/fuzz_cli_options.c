/*
 * fuzz_cli_options.c - the run/sweep command line (cli_opts_parse in
 * sim/cli/cli_options.c, GNU getopt_long over the option table) on arbitrary
 * arguments, then cli_opts_resolve() (layout, profiles, matrix, every
 * disk count of a sweep) and cli_job_init(), as `asmsim run` and
 * `asmsim sweep` do before they run anything.
 *
 * The input is split into arguments (fuzz_argv); a leading argument
 * "sweep" picks the sweep subcommand, anything else is run.  Options that
 * read files or probe devices (--lun-file, --layout-file, --target, and
 * every abbreviation getopt_long would take for them) make the input
 * uninteresting: those parsers have harnesses of their own that feed them
 * from memory, and a fuzzer must never open a real device.  Contracts
 * (cli.h): parse gives 0, CLI_HELP or -EINVAL with a reason; resolve
 * gives 0 or -EINVAL with a reason; a resolved run has a disk count and a
 * resolved sweep ascending disk counts.
 */
#include <errno.h>
#include <string.h>

#include "fuzz.h"
#include "sim/cli/cli.h"
#include "sim/cli/cli_job.h"

/* "--lun" "--layout-f" "--ta=x": an option getopt_long could read as one
   that touches the file system. */
static bool touches_files(const char *arg)
{
    static const char *const risky[] = { "lun-file", "layout-file", "target" };
    size_t len;

    if (strncmp(arg, "--", 2) != 0)
        return false;
    arg += 2;
    len = strcspn(arg, "=");
    if (len == 0 || (len == 6 && strncmp(arg, "layout", 6) == 0))
        return false;
    for (size_t i = 0; i < sizeof risky / sizeof risky[0]; i++)
        if (len <= strlen(risky[i]) && strncmp(arg, risky[i], len) == 0)
            return true;
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct cli_opts *o;
    struct sim_setup cfg;
    struct cli_job j;
    char why[CLI_WHY_LEN];
    char *store;
    int argc, rc;
    char **argv = fuzz_argv(data, size, "run", &argc, &store);
    enum cli_cmd cmd = CLI_RUN;

    if (argc > 1 && strcmp(argv[1], "sweep") == 0) {
        cmd = CLI_SWEEP;
        argv++;                     /* "run" "sweep" ... -> "sweep" ... */
        argc--;
    }
    for (int i = 1; i < argc; i++)
        if (touches_files(argv[i]))
            goto out;
    o = malloc(sizeof *o);
    if (!o)
        abort();
    cli_opts_defaults(o, cmd);
    memset(why, 'x', sizeof why);
    rc = cli_opts_parse(o, argc, argv, why, sizeof why);
    FUZZ_CHECK(rc == 0 || rc == CLI_HELP || rc == -EINVAL);
    fuzz_check_why(why, sizeof why, rc < 0);
    FUZZ_CHECK(o->n_targets == 0 && o->layout_file == NULL);
    if (rc == 0) {
        memset(why, 'x', sizeof why);
        rc = cli_opts_resolve(o, &cfg, why, sizeof why);
        FUZZ_CHECK(rc == 0 || rc == -EINVAL);
        fuzz_check_why(why, sizeof why, rc != 0);
        if (rc == 0) {
            FUZZ_CHECK(cfg.run.disks >= 1 && cfg.run.disks <= LAY_MAX_DISKS);
            if (cmd == CLI_SWEEP) {
                FUZZ_CHECK(o->n_counts >= 1 && o->n_counts <= SIM_MAX_SWEEP);
                for (int i = 1; i < o->n_counts; i++)
                    FUZZ_CHECK(o->counts[i] > o->counts[i - 1]);
            }
            memset(&j, 0, sizeof j);
            if (cli_job_init(&j, o, argc, argv) == 0)
                FUZZ_CHECK(j.command_line != NULL);
            cli_job_free(&j);
        }
    }
    free(o);
out:
    if (cmd == CLI_SWEEP)
        argv--;
    free(store);
    free(argv);
    return 0;
}
