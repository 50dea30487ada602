/*
 * session_check.c - a configuration a tuning key asks for, checked as
 * the command line checks its options before anything runs.
 *
 * `asmsim run --instance oci-e4flex-8 --volume gp3` is refused; pressing
 * n and typing oci-e4flex-8 on a gp3 dashboard must be refused the same
 * way, and every other key that changes the configuration (disks, sizes,
 * layout, redundancy, writes, volume IOPS and throughput) alike.  So the
 * session applies no command to the configuration in force: it makes the
 * configuration the command asks for and puts it in force only when it
 * passes the checks below, the command line's own (cli_resolve.c):
 *
 *   the instance and the volume attach   prof_attach_check
 *   the disk group                       lay_cfg_check, for its disks and
 *                                        the volume's size
 *   the workload                         wl_cfg_check
 *   the bill, when the launch was priced price_bill, with the launch's
 *                                        --os, --memory and --region
 *
 * The bill so made is the configuration's (sim_setup.bill): the cost
 * that the saves of the cells measured in it state, in the summary, the
 * JSON and the HTML report alike, so a save after n r5b.24xlarge costs
 * r5b.24xlarge, not the instance launched with.  A refused command
 * leaves the configuration as it was and says why.
 * What only opening can tell (the pools' budget, the backend's own
 * limits) is still found by the rebuild, which then goes back to the
 * configuration before (session_walk.c).
 */
#include "sim/session/session_internal.h"

#include <errno.h>
#include <stdio.h>

int sim_sess_check(struct sim_setup *next, char *why, size_t why_len)
{
    char inner[WHY_LEN];
    if (prof_attach_check(&next->volume, &next->instance, inner, sizeof(inner)) != 0) {
        snprintf(why, why_len, "instance %s with volume %s: %s", next->instance.name,
                 next->volume.type, inner);
        return -EINVAL;
    }
    struct lay_cfg lc = next->run.layout;
    lc.disks = next->run.disks;
    lc.disk_size_bytes = next->volume.size_bytes;
    if (lay_cfg_check(&lc, why, why_len) != 0)
        return -EINVAL;
    if (wl_cfg_check(&next->run.workload, inner, sizeof(inner)) != 0) {
        snprintf(why, why_len, "workload: %s", inner);
        return -EINVAL;
    }
    if (next->bill.disks > 0 && price_bill(&next->instance, &next->volume, next->run.disks,
                                           &next->price, &next->bill, inner,
                                           sizeof(inner)) != 0) {
        snprintf(why, why_len, "instance %s with %d x %s: %s", next->instance.name,
                 next->run.disks, next->volume.type, inner);
        return -EINVAL;
    }
    return 0;
}
