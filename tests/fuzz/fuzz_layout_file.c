/*
 * fuzz_layout_file.c - the --layout-file JSON loader (sim/cli/layout_file.c)
 * on arbitrary bytes, and the layout built from what it accepts.
 *
 * The input is the file's content, served from memory (fuzz_memfd).  The
 * loader must return 0 or -EINVAL, and on error leave cfg, the failure
 * group map and the disk count exactly as they were (layout_file.h); on
 * success the values it set must be in their documented ranges.  An
 * accepted file then goes through lay_cfg_check() and, when that passes,
 * lay_create() and a few lay_map() calls, as `asmsim run` would.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "layouts/layout.h"
#include "sim/cli/layout_file.h"

#define GIB (1024ull * 1024ull * 1024ull)

static void map_a_few(const lay *l)
{
    struct lay_piece pieces[64];
    uint64_t cap = lay_capacity_bytes(l);
    const uint32_t sizes[] = { 8192, 131072, 1048576 };

    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        if (cap < sizes[i])
            continue;
        uint64_t offs[] = { 0, cap / 2 - (cap / 2) % 4096, cap - sizes[i] };
        for (size_t k = 0; k < sizeof offs / sizeof offs[0]; k++) {
            int n = lay_map(l, offs[k], sizes[i], k == 1, pieces, 64);
            FUZZ_CHECK(n > 0 || n == -ENOSPC);
            for (int p = 0; p < n; p++)
                FUZZ_CHECK(pieces[p].disk < lay_disks(l));
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int map[LAY_MAX_DISKS], map_before[LAY_MAX_DISKS];
    struct lay_cfg cfg, before;
    char path[64], why[512];
    int disks = -7, rc;
    int fd = fuzz_memfd(data, size, path, sizeof path);

    if (fd < 0)
        return 0;
    memset(map, 0x5a, sizeof map);
    memcpy(map_before, map, sizeof map);
    lay_cfg_defaults(&cfg, 4, 100 * GIB);
    before = cfg;
    memset(why, 'x', sizeof why);

    rc = lay_file_load(path, &cfg, map, &disks, why, sizeof why);
    close(fd);
    FUZZ_CHECK(rc == 0 || rc == -EINVAL);
    fuzz_check_why(why, sizeof why, rc != 0);
    if (rc != 0) {
        FUZZ_CHECK(memcmp(&cfg, &before, sizeof cfg) == 0);
        FUZZ_CHECK(memcmp(map, map_before, sizeof map) == 0);
        FUZZ_CHECK(disks == -7);
        return 0;
    }
    FUZZ_CHECK(disks >= 0 && disks <= LAY_MAX_DISKS);
    FUZZ_CHECK(cfg.disks >= 1 && cfg.disks <= LAY_MAX_DISKS);
    FUZZ_CHECK(cfg.failgroups >= 0 && cfg.failgroups <= LAY_MAX_DISKS);
    if (cfg.disk_failgroup) {
        FUZZ_CHECK(cfg.disk_failgroup == map);
        for (int d = 0; d < cfg.disks; d++)
            FUZZ_CHECK(map[d] >= 0 && map[d] < cfg.failgroups);
    }

    /* what the run does next with an accepted file */
    memset(why, 'x', sizeof why);
    rc = lay_cfg_check(&cfg, why, sizeof why);
    FUZZ_CHECK(rc == 0 || rc == -EINVAL);
    fuzz_check_why(why, sizeof why, rc != 0);
    if (rc == 0 && cfg.disks <= 64) {
        lay *l = NULL;
        rc = lay_create(&cfg, &l, why, sizeof why);
        FUZZ_CHECK(rc == 0 || rc == -ENOMEM);
        if (rc == 0) {
            map_a_few(l);
            lay_destroy(l);
        }
    }
    return 0;
}
