/*
 * layout_file.c - load a disk group description from JSON (--layout-file).
 *
 * The file is one JSON object whose keys override fields of a struct
 * lay_cfg (see layout_file.h for the keys).  The loader is strict, because
 * a typo in a layout file would otherwise silently measure a different
 * disk group: unknown keys, duplicate keys, wrong types and bad values are
 * errors, and every message names the file and the key.  A parse error
 * names the line and column where cJSON stopped.
 *
 * All-or-nothing: the file is applied to a private copy of the cfg and
 * the failure-group map, and copied out only when everything is valid.
 *
 * Sizes are parsed here (not with prof_parse_size) so the layout code does
 * not depend on the profile module: an unsigned integer with an optional
 * binary suffix B, K/KiB, M/MiB, G/GiB, case-insensitive, blanks allowed
 * between number and unit; or a JSON integer of bytes.  Whether a size is
 * a valid AU or stripe is the layout's own rule (lay_au_ok, lay_stripe_ok),
 * the same the --au and --stripe flags and lay_cfg_check apply, so a file
 * cannot ask for what the command line refuses ("stripe": "8GiB").
 *
 * Messages show the file name, keys and string values as the CLI shows
 * input (cli_quote: control characters escaped, cut at 80 characters),
 * and a number too large for a double as "(a number out of range)", where
 * cJSON would print null.  Reading, parsing, quoting and the key checks
 * are json_file.c's, which the workload files share.
 */
#include "sim/cli/layout_file.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "layouts/why.h"
#include "sim/cli/cli_values.h"         /* cli_quote */
#include "sim/cli/json_file.h"


/* "4MiB", "128 k", "1g", "512B", "4096": 0, or -EINVAL. */
static int parse_size(const char *s, uint64_t *out)
{
    static const struct {
        const char *name;
        unsigned shift;
    } units[] = {
        {"", 0},   {"b", 0},    {"k", 10},   {"kib", 10},
        {"m", 20}, {"mib", 20}, {"g", 30},   {"gib", 30},
    };
    const char *p = s;
    uint64_t v = 0;

    if (!isdigit((unsigned char)*p))
        return -EINVAL;
    while (isdigit((unsigned char)*p)) {
        unsigned d = (unsigned)(*p++ - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -EINVAL;
        v = v * 10 + d;
    }
    while (*p == ' ')
        p++;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (strcasecmp(p, units[i].name) == 0) {
            if (units[i].shift && v > (UINT64_MAX >> units[i].shift))
                return -EINVAL;
            *out = v << units[i].shift;
            return 0;
        }
    }
    return -EINVAL;
}

/* A size: string with unit, or JSON integer bytes. */
static bool json_size(const cJSON *item, uint64_t *out)
{
    if (cJSON_IsString(item))
        return parse_size(item->valuestring, out) == 0;
    long long v;
    if (!json_file_int(item, 0, JSON_FILE_MAX_INT, &v))
        return false;
    *out = (uint64_t)v;
    return true;
}

static const char *const known_keys[] = {
    "name", "striping", "au", "stripe", "redundancy", "disks", "failgroups",
    "failgroup_of",
};

/* Unknown and duplicate keys: they are the likeliest typos, so they are
   checked before any value. */
static int check_keys(const char *path, const cJSON *root, char *why, size_t why_len)
{
    return json_file_check_keys(path, root, known_keys,
                                sizeof known_keys / sizeof known_keys[0], why, why_len);
}

/* "name": only checked; the caller names the disk group. */
static int apply_name(const char *path, const cJSON *root, char *why, size_t why_len)
{
    char v[JSON_TEXT_BUF];
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(root, "name");

    if (it && !cJSON_IsString(it)) {
        json_file_value_text(it, v, sizeof v);
        return why_set(why, why_len, "%s: \"name\" %s: must be a string", path, v);
    }
    return 0;
}

/* "striping" and "redundancy", in that order. */
static int apply_striping_redundancy(const char *path, const cJSON *root,
                                     struct lay_cfg *cfg, char *why, size_t why_len)
{
    char v[JSON_TEXT_BUF];
    const cJSON *it;

    if ((it = cJSON_GetObjectItemCaseSensitive(root, "striping"))) {
        enum lay_striping s;
        json_file_value_text(it, v, sizeof v);
        if (!cJSON_IsString(it) || lay_striping_parse(it->valuestring, &s) != 0)
            return why_set(why, why_len,
                           "%s: \"striping\" %s: must be \"coarse\", \"fine\", \"raid0\" or "
                           "\"concat\"",
                           path, v);
        cfg->striping = s;
    }
    if ((it = cJSON_GetObjectItemCaseSensitive(root, "redundancy"))) {
        enum lay_redundancy r;
        json_file_value_text(it, v, sizeof v);
        if (!cJSON_IsString(it) || lay_redundancy_parse(it->valuestring, &r) != 0)
            return why_set(why, why_len,
                           "%s: \"redundancy\" %s: must be \"external\", \"normal\" or \"high\"",
                           path, v);
        cfg->redundancy = r;
    }
    return 0;
}

/* "au" and "stripe", in that order, by the layout's own rules. */
static int apply_au_stripe(const char *path, const cJSON *root, struct lay_cfg *cfg,
                           char *why, size_t why_len)
{
    char v[JSON_TEXT_BUF];
    const cJSON *it;

    if ((it = cJSON_GetObjectItemCaseSensitive(root, "au"))) {
        uint64_t b;
        json_file_value_text(it, v, sizeof v);
        if (!json_size(it, &b) || !lay_au_ok(b))
            return why_set(why, why_len,
                           "%s: \"au\" %s: the allocation unit must be a power of two from "
                           "1MiB to 64MiB (\"4MiB\" or bytes)",
                           path, v);
        cfg->au_bytes = b;
    }
    if ((it = cJSON_GetObjectItemCaseSensitive(root, "stripe"))) {
        uint64_t b;
        json_file_value_text(it, v, sizeof v);
        if (!json_size(it, &b) || !lay_stripe_ok(b))
            return why_set(why, why_len,
                           "%s: \"stripe\" %s: the raid0 stripe must be a power of two from "
                           "4KiB to 64MiB (\"1MiB\" or bytes)",
                           path, v);
        cfg->stripe_bytes = b;
    }
    return 0;
}

/* "disks" into *n_disks, which stays 0 when the key is absent. */
static int read_disks(const char *path, const cJSON *root, long long *n_disks,
                      char *why, size_t why_len)
{
    char v[JSON_TEXT_BUF];
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(root, "disks");

    if (it) {
        json_file_value_text(it, v, sizeof v);
        if (!json_file_int(it, 1, LAY_MAX_DISKS, n_disks))
            return why_set(why, why_len, "%s: \"disks\" %s: must be an integer from 1 to %d",
                           path, v, LAY_MAX_DISKS);
    }
    return 0;
}

/* "failgroups": a count, at most the number of disks when that is given. */
static int apply_failgroups(const char *path, const cJSON *fgs, long long n_disks,
                            struct lay_cfg *cfg, char *why, size_t why_len)
{
    char v[JSON_TEXT_BUF];
    long long g;
    long long hi = n_disks ? n_disks : LAY_MAX_DISKS;

    json_file_value_text(fgs, v, sizeof v);
    if (!json_file_int(fgs, 0, hi, &g))
        return why_set(why, why_len,
                       "%s: \"failgroups\" %s: must be an integer from 0 (one per disk) "
                       "to %lld%s",
                       path, v, hi, n_disks ? " (the number of disks)" : "");
    cfg->failgroups = (int)g;
    cfg->disk_failgroup = NULL;
    return 0;
}

/* "failgroup_of": one group per disk into map, groups numbered without
   gaps; it gives the number of disks when "disks" does not. */
static int apply_failgroup_of(const char *path, const cJSON *fgof, long long *n_disks,
                              struct lay_cfg *cfg, int *map, char *why, size_t why_len)
{
    char v[JSON_TEXT_BUF];
    int len = cJSON_IsArray(fgof) ? cJSON_GetArraySize(fgof) : 0;

    if (len < 1 || len > LAY_MAX_DISKS)
        return why_set(why, why_len,
                       "%s: \"failgroup_of\": must be an array of 1 to %d integers, "
                       "the failure group of each disk",
                       path, LAY_MAX_DISKS);
    if (*n_disks && len != *n_disks)
        return why_set(why, why_len,
                       "%s: \"failgroup_of\" has %d entries but \"disks\" is %lld; give "
                       "one failure group per disk",
                       path, len, *n_disks);
    unsigned char used[LAY_MAX_DISKS] = {0};
    int d = 0, max = 0;
    for (const cJSON *e = fgof->child; e; e = e->next, d++) {
        long long g;
        if (!json_file_int(e, 0, len - 1, &g)) {
            json_file_value_text(e, v, sizeof v);
            return why_set(why, why_len,
                           "%s: \"failgroup_of\"[%d] %s: must be an integer from 0 to "
                           "%d (one group per disk, numbered from 0)",
                           path, d, v, len - 1);
        }
        map[d] = (int)g;
        used[g] = 1;
        if (g > max)
            max = (int)g;
    }
    for (int g = 0; g <= max; g++)
        if (!used[g])
            return why_set(why, why_len,
                           "%s: \"failgroup_of\": failure group %d has no disk; number "
                           "the groups 0..%d without gaps",
                           path, g, max);
    cfg->failgroups = max + 1;
    cfg->disk_failgroup = NULL;     /* pointed at the caller's map on success */
    if (!*n_disks)
        *n_disks = len;
    return 0;
}

/* "disks", then "failgroups" or "failgroup_of" (not both). */
static int apply_disks_groups(const char *path, const cJSON *root, struct lay_cfg *cfg,
                              int *map, int *disks, char *why, size_t why_len)
{
    long long n_disks = 0;
    int rc;

    if ((rc = read_disks(path, root, &n_disks, why, why_len)))
        return rc;
    const cJSON *fgs = cJSON_GetObjectItemCaseSensitive(root, "failgroups");
    const cJSON *fgof = cJSON_GetObjectItemCaseSensitive(root, "failgroup_of");
    if (fgs && fgof)
        return why_set(why, why_len,
                       "%s: \"failgroups\" and \"failgroup_of\" both given; use one "
                       "(a count, or one group per disk)",
                       path);
    if (fgs && (rc = apply_failgroups(path, fgs, n_disks, cfg, why, why_len)))
        return rc;
    if (fgof && (rc = apply_failgroup_of(path, fgof, &n_disks, cfg, map, why, why_len)))
        return rc;
    if (n_disks)
        cfg->disks = (int)n_disks;
    *disks = (int)n_disks;
    return 0;
}

/* Apply root to cfg; `path` is the file's name as messages show it.  The
   checks run in a fixed order (keys, name, striping, redundancy, au,
   stripe, disks, failure groups) and the first failure is the message. */
static int apply(const char *path, const cJSON *root, struct lay_cfg *cfg,
                 int *map, int *disks, char *why, size_t why_len)
{
    int rc;

    if (!cJSON_IsObject(root))
        return why_set(why, why_len,
                       "%s: the layout file must hold one JSON object ({\"striping\": ...})",
                       path);
    if ((rc = check_keys(path, root, why, why_len)) ||
        (rc = apply_name(path, root, why, why_len)) ||
        (rc = apply_striping_redundancy(path, root, cfg, why, why_len)) ||
        (rc = apply_au_stripe(path, root, cfg, why, why_len)))
        return rc;
    return apply_disks_groups(path, root, cfg, map, disks, why, why_len);
}

int lay_file_load(const char *path, struct lay_cfg *cfg,
                  int failgroup_map[LAY_MAX_DISKS], int *disks_out,
                  char *why, size_t why_len)
{
    char name[CLI_QUOTE_BUF];
    cJSON *root;
    int rc;

    cli_quote(path, name, sizeof name);
    if ((rc = json_file_load(path, name, "layout", &root, why, why_len)))
        return rc;

    struct lay_cfg tmp = *cfg;
    int map[LAY_MAX_DISKS];
    int disks = 0;
    bool has_map = cJSON_GetObjectItemCaseSensitive(root, "failgroup_of") != NULL;
    rc = apply(name, root, &tmp, map, &disks, why, why_len);
    if (rc == 0) {
        if (has_map) {
            memcpy(failgroup_map, map, (size_t)tmp.disks * sizeof map[0]);
            tmp.disk_failgroup = failgroup_map;
        }
        *cfg = tmp;
        *disks_out = disks;
    }
    cJSON_Delete(root);
    return rc;
}
