/*
 * cli_group.c - the --group value (cli_group.h): a name, then keys.
 *
 *   REDO:disks=4,volume=io2,size=100GiB,iops=16000,redundancy=normal
 *   ^^^^ name    ^^^^^^^^^^^ group keys and volume keys, any order
 *
 * The value is read in one pass, left to right, each key once: the
 * first fault is the one reported, named by its key and value, with what
 * would be valid.  Three kinds of key:
 *
 *   group keys   disks, redundancy, au, layout, failgroups: read by the
 *                setters of --disks, --redundancy, --au, --layout and
 *                --failgroups themselves (their rows of the option table,
 *                cli_opt_row_find, on a scratch struct cli_opts), so a
 *                group's value follows its option's rules and words, and
 *                a change to one changes the other.  Each is a row of
 *                keys[] (its option, where the setter leaves the value
 *                and where the spec keeps it, its given bit), read by
 *                one function, key_read.  layout is then kept to coarse
 *                and fine: raid0 and concat are ORION's -simulate, not
 *                an ASM disk group's striping.
 *   volume       its TYPE alone ("io2"); a TYPE:keys spec is refused
 *                with the flat spelling, since its keys would be read as
 *                the group's anyway.
 *   volume keys  size, iops, throughput, vpu: appended, in the order
 *                given, to TYPE as "TYPE:size=..,iops=..", the spec
 *                --volume takes; prof_volume_parse checks it once the
 *                whole value is read (its reason, after "volume: ").
 *
 * Nothing is written to the caller's spec unless all of it is good.
 */
#include "sim/cli/cli_group.h"

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "sim/cli/cli.h"
#include "sim/cli/cli_option_table.h"
#include "sim/cli/cli_values.h"

#define GROUP_TEXT_MAX 512      /* a value longer than this is refused */
#define GROUP_INNER 192         /* a setter's or the profiles' reason */

/* What the pass has read so far. */
struct group_parse {
    struct sim_group_spec spec;
    struct cli_opts scratch;            /* the option setters' target */
    unsigned seen;                      /* 1 << index in keys[] */
    char type[CLI_GROUP_VOLUME_MAX];
    char vol_keys[CLI_GROUP_VOLUME_MAX];    /* "size=..,iops=.." */
};

typedef int (*group_key_fn)(struct group_parse *p, const char *key, const char *v,
                            char *why, size_t why_len);

/* A key of the value.  A group key names the option whose setter reads
   it (on p->scratch), where that setter leaves it in struct cli_opts and
   where the spec keeps it (the same field name in both: opts_at,
   spec_at, size), the given bit it sets, and optionally a further check
   of the value set (check).  The other keys, the volume and its keys,
   are read by a function of their own (read). */
struct group_key {
    const char *name;
    const char *option;
    size_t opts_at, spec_at, size;
    unsigned given;                     /* enum cli_group_given, or 0 */
    group_key_fn check;                 /* after the setter; or NULL */
    group_key_fn read;                  /* a key no option reads */
};

/* Field f's size, the same in struct cli_opts and struct sim_group_spec
   (a compile error otherwise: an array of size -1). */
#define GROUP_FIELD_SIZE(f)                                                       \
    (sizeof(((struct sim_group_spec *)0)->f) +                                    \
     0 * sizeof(char[sizeof(((struct sim_group_spec *)0)->f) ==                   \
                     sizeof(((struct cli_opts *)0)->f) ? 1 : -1]))

/* A group key read by --`opt`'s setter into field f, setting bit. */
#define BY_OPTION(key, opt, f, bit, chk)                                          \
    { .name = key, .option = opt, .opts_at = offsetof(struct cli_opts, f),        \
      .spec_at = offsetof(struct sim_group_spec, f), .size = GROUP_FIELD_SIZE(f), \
      .given = bit, .check = chk }

/* v for option `option` through the option's own setter on p->scratch;
   its reason, after "key=value: ", on failure. */
static int by_option(struct group_parse *p, const char *option, const char *key,
                     const char *v, char *why, size_t why_len)
{
    const struct cli_opt_row *row = cli_opt_row_find(option);
    char inner[GROUP_INNER] = "", q[CLI_QUOTE_BUF];
    if (!row || !row->fn) {
        snprintf(why, why_len, "%s: no --%s option to read it", key, option);
        return -EINVAL;
    }
    if (row->fn(&p->scratch, v, inner, sizeof inner) == 0)
        return 0;
    snprintf(why, why_len, "%s=%s: %s", key, cli_quote(v, q, sizeof q), inner);
    return -EINVAL;
}

/* layout, once --layout's setter took it: an ASM disk group's striping. */
static int layout_of_a_group(struct group_parse *p, const char *key, const char *v,
                             char *why, size_t why_len)
{
    char q[CLI_QUOTE_BUF];
    if (p->scratch.striping == LAY_COARSE || p->scratch.striping == LAY_FINE)
        return 0;
    snprintf(why, why_len, "%s=%s: a disk group's layout is coarse or fine (raid0 and "
             "concat are ORION's, for --layout)", key, cli_quote(v, q, sizeof q));
    return -EINVAL;
}

static int key_volume(struct group_parse *p, const char *key, const char *v, char *why,
                      size_t why_len)
{
    char q[CLI_QUOTE_BUF];
    if (strchr(v, ':')) {
        snprintf(why, why_len, "%s=%s: give the volume's keys among the group's, as "
                 "volume=TYPE,size=..,iops=..", key, cli_quote(v, q, sizeof q));
        return -EINVAL;
    }
    if (strlen(v) >= sizeof p->type) {
        snprintf(why, why_len, "%s=%s: not a volume type; see 'asmsim profiles'", key,
                 cli_quote(v, q, sizeof q));
        return -EINVAL;
    }
    snprintf(p->type, sizeof p->type, "%s", v);
    return 0;
}

/* size, iops, throughput, vpu: onto the volume's keys, for its parser. */
static int key_of_volume(struct group_parse *p, const char *key, const char *v, char *why,
                         size_t why_len)
{
    size_t used = strlen(p->vol_keys);
    int w = snprintf(p->vol_keys + used, sizeof p->vol_keys - used, "%s%s=%s",
                     used ? "," : "", key, v);
    if (w < 0 || (size_t)w >= sizeof p->vol_keys - used) {
        snprintf(why, why_len, "the volume's keys are longer than %zu characters",
                 sizeof p->vol_keys - 1);
        return -EINVAL;
    }
    return 0;
}

enum { KEY_DISKS = 0, KEY_VOLUME = 1 };    /* their places in keys[] */

static const struct group_key keys[] = {
    [KEY_DISKS] = BY_OPTION("disks", "disks", disks, 0, NULL),
    [KEY_VOLUME] = { .name = "volume", .read = key_volume },
    { .name = "size", .read = key_of_volume },
    { .name = "iops", .read = key_of_volume },
    { .name = "throughput", .read = key_of_volume },
    { .name = "vpu", .read = key_of_volume },
    BY_OPTION("redundancy", "redundancy", redundancy, CLI_GROUP_GIVEN_REDUNDANCY, NULL),
    BY_OPTION("au", "au", au_bytes, CLI_GROUP_GIVEN_AU, NULL),
    BY_OPTION("layout", "layout", striping, CLI_GROUP_GIVEN_LAYOUT, layout_of_a_group),
    BY_OPTION("failgroups", "failgroups", failgroups, CLI_GROUP_GIVEN_FAILGROUPS, NULL),
};
#define N_KEYS (sizeof keys / sizeof keys[0])

/* Value v of key k: by its own function, or by its option's setter, the
   value then copied into the spec and its given bit set. */
static int key_read(struct group_parse *p, const struct group_key *k, const char *v,
                    char *why, size_t why_len)
{
    if (k->read)
        return k->read(p, k->name, v, why, why_len);
    int rc = by_option(p, k->option, k->name, v, why, why_len);
    if (rc == 0 && k->check)
        rc = k->check(p, k->name, v, why, why_len);
    if (rc == 0) {
        memcpy((char *)&p->spec + k->spec_at, (const char *)&p->scratch + k->opts_at,
               k->size);
        p->spec.given |= k->given;
    }
    return rc;
}

/* The name before the ':': 1..WL_NAME_MAX - 1 of [A-Za-z0-9_.-]. */
static int group_name(const char *text, size_t len, char *out, char *why, size_t why_len)
{
    char q[CLI_QUOTE_BUF], name[GROUP_TEXT_MAX + 1];
    bool ok = len >= 1 && len < WL_NAME_MAX;
    for (size_t i = 0; ok && i < len; i++) {
        char c = text[i];
        ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
             c == '_' || c == '.' || c == '-';
    }
    if (!ok) {
        memcpy(name, text, len);
        name[len] = '\0';
        snprintf(why, why_len, "group name %s: use 1 to %d of the letters, digits, '_', '.' "
                 "and '-'", cli_quote(name, q, sizeof q), WL_NAME_MAX - 1);
        return -EINVAL;
    }
    memcpy(out, text, len);
    out[len] = '\0';
    return 0;
}

static void valid_keys(char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < N_KEYS && used < len; k++) {
        int w = snprintf(buf + used, len - used, "%s%s", k ? ", " : "", keys[k].name);
        used += w > 0 ? (size_t)w : 0;
    }
}

/* One "key=value" item. */
static int group_item(struct group_parse *p, char *item, char *why, size_t why_len)
{
    char q[CLI_QUOTE_BUF], list[160];
    if (!item[0]) {
        snprintf(why, why_len, "an empty key; write NAME:disks=N,volume=TYPE[,KEY=VALUE...]");
        return -EINVAL;
    }
    char *eq = strchr(item, '=');
    if (eq)
        *eq = '\0';
    for (size_t k = 0; k < N_KEYS; k++) {
        if (strcmp(item, keys[k].name) != 0)
            continue;
        if (!eq || !eq[1]) {
            snprintf(why, why_len, "%s has no value; write %s=VALUE", item, item);
            return -EINVAL;
        }
        if (p->seen & (1u << k)) {
            snprintf(why, why_len, "%s given twice; give each key once", item);
            return -EINVAL;
        }
        p->seen |= 1u << k;
        return key_read(p, &keys[k], eq + 1, why, why_len);
    }
    valid_keys(list, sizeof list);
    snprintf(why, why_len, "unknown key %s; valid keys are %s", cli_quote(item, q, sizeof q),
             list);
    return -EINVAL;
}

/* disks and volume given; the volume spec resolved by the profiles. */
static int group_finish(struct group_parse *p, char *why, size_t why_len)
{
    char inner[GROUP_INNER];
    bool disks = p->seen & (1u << KEY_DISKS), volume = p->seen & (1u << KEY_VOLUME);
    if (!disks || !volume) {
        snprintf(why, why_len, "%s missing; a group needs disks=N and volume=TYPE",
                 !disks ? "disks=" : "volume=");
        return -EINVAL;
    }
    int w = snprintf(p->spec.volume, sizeof p->spec.volume, "%s%s%s", p->type,
                     p->vol_keys[0] ? ":" : "", p->vol_keys);
    if (w < 0 || (size_t)w >= sizeof p->spec.volume) {
        snprintf(why, why_len, "the volume spec is longer than %zu characters",
                 sizeof p->spec.volume - 1);
        return -EINVAL;
    }
    if (prof_volume_parse(p->spec.volume, &p->spec.profile, inner, sizeof inner) != 0) {
        snprintf(why, why_len, "volume: %s", inner);
        return -EINVAL;
    }
    return 0;
}

int cli_parse_group(const char *text, struct sim_group_spec *out, char *why, size_t why_len)
{
    struct group_parse p;
    char buf[GROUP_TEXT_MAX + 1];
    size_t len = strlen(text);
    if (len > GROUP_TEXT_MAX) {
        snprintf(why, why_len, "longer than %d characters", GROUP_TEXT_MAX);
        return -EINVAL;
    }
    const char *colon = strchr(text, ':');
    if (!colon) {
        snprintf(why, why_len, "no group name; write NAME:disks=N,volume=TYPE[,...]");
        return -EINVAL;
    }
    memset(&p, 0, sizeof p);
    int rc = group_name(text, (size_t)(colon - text), p.spec.name, why, why_len);
    memcpy(buf, colon + 1, len - (size_t)(colon - text));
    for (char *item = buf, *next; rc == 0 && item; item = next) {
        next = strchr(item, ',');
        if (next)
            *next++ = '\0';
        rc = group_item(&p, item, why, why_len);
    }
    if (rc == 0)
        rc = group_finish(&p, why, why_len);
    if (rc == 0)
        *out = p.spec;
    return rc;
}
