/*
 * workload_file.c - load a workload (named I/O classes) from JSON: a
 * user's file, or a preset compiled in from workloads/presets/NAME.json.
 *
 * The format is in workload_file.h and docs/workloads.md.  The work is
 * split as for the layout file: this file reads JSON (json_file.c: the
 * file, its size, syntax errors with line and column, unknown and
 * repeated keys) and turns each key into a field of struct
 * wl_class_spec, checking its type, its syntax (a size mix, a skew) and
 * that it fits the field; the ranges are wl_spec_check's
 * (workloads/wl_spec.c), the same a class from the command line meets.
 * Its reasons name fields in braces, "{write}", spelled here as the
 * file's keys, "\"write\"", and prefixed with the file's name.
 *
 * A key that does not apply to its class is an error, not ignored: a
 * file that says "streams": 8 of a random class, or both "outstanding"
 * and "rate", means something the run would not do.
 *
 * All-or-nothing: the file fills a private spec, copied out only when the
 * whole of it is valid.
 *
 * Presets are the same files, embedded as text (presets_to_c.cmake) so
 * they work wherever the binary is; a preset is parsed exactly as a file,
 * and tests/test_workload_file.c loads and checks each one.
 */
#include "sim/cli/workload_file.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "layouts/why.h"
#include "sim/cli/cli_values.h"
#include "sim/cli/json_file.h"
#include "workloads/presets.h"
#include "workloads/workload.h"         /* WL_MAX_STREAMS */

#define SIZE_FORMS "a size (8KiB) or SIZE:WEIGHT,... (8KiB:70,16KiB:20,1MiB:10)"
#define SKEW_FORMS "uniform, hot:FRACTION:SHARE (hot:0.1:0.9) or zipf:THETA (zipf:1.2)"

static const char *const top_keys[] = {"name", "description", "source", "classes"};
static const char *const class_keys[] = {
    "name", "group", "size", "pattern", "streams", "stream_io", "write", "skew",
    "outstanding", "rate", "arrivals",
};

/* Where a message is: the file ("x.json" or "preset oltp") and, within
   it, the class ("x.json: class redo"). */
struct place {
    const char *file;
    char at[CLI_QUOTE_BUF * 2 + 32];
    char *why;
    size_t why_len;
};

/* ---- the size mix and the skew ------------------------------------------ */

/* s without blanks at either end, in place. */
static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    return s;
}

/* One "SIZE[:WEIGHT]" of a mix; a weight is needed when the mix has
   several sizes. */
static int parse_mix_item(char *item, bool alone, struct wl_size_mix *m,
                          char *why, size_t why_len)
{
    char q[CLI_QUOTE_BUF], q2[CLI_QUOTE_BUF];
    char *colon = strchr(item, ':');
    long long w = 1;
    uint32_t bytes;

    if (colon)
        *colon = '\0';
    char *size = trim(item);
    if (cli_parse_io_size(size, &bytes) != 0)
        return why_set(why, why_len, "size %s: not an I/O size; use " CLI_IO_SIZE_RULE,
                       cli_quote(size, q, sizeof q));
    if (colon) {
        char *weight = trim(colon + 1);
        if (cli_parse_int(weight, 1, WL_MAX_WEIGHT, &w) != 0)
            return why_set(why, why_len,
                           "weight %s of %s: must be an integer from 1 to %d",
                           cli_quote(weight, q, sizeof q), cli_quote(size, q2, sizeof q2),
                           WL_MAX_WEIGHT);
    } else if (!alone) {
        return why_set(why, why_len,
                       "size %s has no weight; in a mix every size takes one "
                       "(SIZE:WEIGHT)",
                       cli_quote(size, q, sizeof q));
    }
    m->bytes[m->n] = bytes;
    m->weight[m->n] = (uint32_t)w;
    m->n++;
    return 0;
}

int workload_size_mix_parse(const char *text, struct wl_size_mix *out,
                            char *why, size_t why_len)
{
    char buf[256];
    struct wl_size_mix m = {0};
    int rc;

    if (strlen(text) >= sizeof buf)
        return why_set(why, why_len, "longer than %zu characters; give " SIZE_FORMS,
                       sizeof buf - 1);
    snprintf(buf, sizeof buf, "%s", text);
    bool alone = strchr(buf, ',') == NULL;
    char *rest = buf;
    for (int i = 1; rest; i++) {
        char *comma = strchr(rest, ',');
        if (comma)
            *comma = '\0';
        if (!*trim(rest))
            return why_set(why, why_len, "size %d of the mix is empty; give " SIZE_FORMS, i);
        if (m.n == WL_MAX_SIZES)
            return why_set(why, why_len, "more than %d sizes in the mix", WL_MAX_SIZES);
        if ((rc = parse_mix_item(rest, alone, &m, why, why_len)))
            return rc;
        rest = comma ? comma + 1 : NULL;
    }
    *out = m;
    return 0;
}

int workload_skew_parse(const char *text, struct wl_class_spec *c,
                        char *why, size_t why_len)
{
    char buf[64], q[CLI_QUOTE_BUF];
    double a, b;

    if (strcmp(text, "uniform") == 0) {
        c->skew = WL_SKEW_UNIFORM;
        return 0;
    }
    if (strlen(text) < sizeof buf) {
        snprintf(buf, sizeof buf, "%s", text);
        char *p1 = strchr(buf, ':');
        char *p2 = p1 ? strchr(p1 + 1, ':') : NULL;
        if (p1)
            *p1++ = '\0';
        if (p2)
            *p2++ = '\0';
        if (p1 && p2 && strcmp(buf, "hot") == 0 && cli_parse_double(p1, 0, 1e9, &a) == 0 &&
            cli_parse_double(p2, 0, 1e9, &b) == 0) {
            c->skew = WL_SKEW_HOT;
            c->hot_frac = a;
            c->hot_share = b;
            return 0;
        }
        if (p1 && !p2 && strcmp(buf, "zipf") == 0 && cli_parse_double(p1, 0, 1e9, &a) == 0) {
            c->skew = WL_SKEW_ZIPF;
            c->zipf_theta = a;
            return 0;
        }
    }
    return why_set(why, why_len, "%s: not a skew; give " SKEW_FORMS,
                   cli_quote(text, q, sizeof q));
}

/* ---- one class ---------------------------------------------------------- */

/* "WHERE: "key" VALUE: must be ..." for the key's item. */
__attribute__((format(printf, 4, 5)))
static int bad_value(const struct place *p, const char *key, const cJSON *item,
                     const char *fmt, ...)
{
    char v[JSON_TEXT_BUF], rule[256];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(rule, sizeof rule, fmt, ap);
    va_end(ap);
    json_file_value_text(item, v, sizeof v);
    return why_set(p->why, p->why_len, "%s: \"%s\" %s: %s", p->at, key, v, rule);
}

/* A string key into a name field (name, group). */
static int read_name(const struct place *p, const cJSON *obj, const char *key,
                     char dst[WL_NAME_MAX])
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);

    if (!it)
        return 0;
    if (!cJSON_IsString(it) || !wl_name_ok(it->valuestring))
        return bad_value(p, key, it, "must be a string of " WL_NAME_RULE);
    snprintf(dst, WL_NAME_MAX, "%s", it->valuestring);
    return 0;
}

static const struct int_key {
    const char *key;
    long long lo, hi;
    size_t offset;
} int_keys[] = {
    { "write", 0, 100, offsetof(struct wl_class_spec, write_pct) },
    { "streams", 1, WL_MAX_STREAMS, offsetof(struct wl_class_spec, streams) },
    { "stream_io", 1, WL_MAX_STREAM_IO, offsetof(struct wl_class_spec, stream_io) },
    { "outstanding", 1, WL_MAX_OUTSTANDING, offsetof(struct wl_class_spec, outstanding) },
};

/* The integer keys, each a JSON integer in its range. */
static int read_ints(const struct place *p, const cJSON *obj, struct wl_class_spec *c)
{
    for (size_t i = 0; i < sizeof int_keys / sizeof int_keys[0]; i++) {
        const struct int_key *k = &int_keys[i];
        const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, k->key);
        long long v;
        if (!it)
            continue;
        if (!json_file_int(it, k->lo, k->hi, &v))
            return bad_value(p, k->key, it, "must be an integer from %lld to %lld", k->lo,
                             k->hi);
        int iv = (int)v;
        memcpy((char *)c + k->offset, &iv, sizeof iv);
    }
    return 0;
}

/* "size": a mix as text, or an integer of bytes. */
static int read_size(const struct place *p, const cJSON *obj, struct wl_class_spec *c)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, "size");
    char inner[256];
    long long b;

    if (!it)
        return 0;
    if (cJSON_IsString(it)) {
        if (workload_size_mix_parse(it->valuestring, &c->sizes, inner, sizeof inner))
            return bad_value(p, "size", it, "%s", inner);
        return 0;
    }
    if (!json_file_int(it, WL_IO_ALIGN_BYTES, WL_IO_MAX_BYTES, &b))
        return bad_value(p, "size", it, "must be " SIZE_FORMS ", or bytes: " WL_IO_SIZE_RULE);
    c->sizes = (struct wl_size_mix){ .n = 1, .bytes = { (uint32_t)b }, .weight = { 1 } };
    return 0;
}

/* A string key that takes one of two words: *out = 0 for the first. */
static int read_word(const struct place *p, const cJSON *obj, const char *key,
                     const char *const words[2], int *out)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);

    if (!it)
        return 0;
    for (int i = 0; i < 2; i++)
        if (cJSON_IsString(it) && strcmp(it->valuestring, words[i]) == 0) {
            *out = i;
            return 0;
        }
    return bad_value(p, key, it, "must be \"%s\" or \"%s\"", words[0], words[1]);
}

/* "pattern", "skew", "arrivals": the words. */
static int read_words(const struct place *p, const cJSON *obj, struct wl_class_spec *c)
{
    static const char *const patterns[2] = {"random", "sequential"};
    static const char *const arrivals[2] = {"poisson", "constant"};
    const cJSON *skew = cJSON_GetObjectItemCaseSensitive(obj, "skew");
    int pattern = WL_RANDOM, kind = WL_ARRIVALS_POISSON, rc;
    char inner[256];

    if ((rc = read_word(p, obj, "pattern", patterns, &pattern)) ||
        (rc = read_word(p, obj, "arrivals", arrivals, &kind)))
        return rc;
    c->pattern = pattern ? WL_SEQUENTIAL : WL_RANDOM;
    c->arrivals = kind ? WL_ARRIVALS_CONSTANT : WL_ARRIVALS_POISSON;
    if (skew && !cJSON_IsString(skew))
        return bad_value(p, "skew", skew, "must be a string: " SKEW_FORMS);
    if (skew && workload_skew_parse(skew->valuestring, c, inner, sizeof inner))
        return why_set(p->why, p->why_len, "%s: \"skew\" %s", p->at, inner);
    return 0;
}

/* "rate": a number (its range is wl_spec_check's); it makes the class an
   open loop. */
static int read_rate(const struct place *p, const cJSON *obj, struct wl_class_spec *c)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, "rate");

    if (!it)
        return 0;
    if (!cJSON_IsNumber(it) || !isfinite(it->valuedouble))
        return bad_value(p, "rate", it, "must be a number of I/Os per second, above 0 "
                         "and at most %.0f", WL_MAX_RATE_IOPS);
    c->loop = WL_OPEN;
    c->rate_iops = it->valuedouble;
    return 0;
}

/* Keys that do not apply to the class as the other keys make it. */
static int check_applies(const struct place *p, const cJSON *obj, const struct wl_class_spec *c)
{
    /* a key given needs the class sequential (or not: want false) when
       of_pattern, else open loop (or not) */
    static const struct {
        const char *key, *needs;
        bool of_pattern, want;
    } rules[] = {
        { "streams", "applies to sequential classes only; give \"pattern\": \"sequential\"",
          true, true },
        { "stream_io", "applies to sequential classes only; give \"pattern\": \"sequential\"",
          true, true },
        { "skew", "applies to random classes only; a sequential class walks its streams",
          true, false },
        { "outstanding", "applies to random classes; a sequential class keeps \"streams\" "
          "x \"stream_io\" outstanding", true, false },
        { "stream_io", "applies to a closed loop; an open loop's I/Os arrive at \"rate\"",
          false, false },
        { "arrivals", "applies to an open loop; give \"rate\" too", false, true },
    };

    if (cJSON_GetObjectItemCaseSensitive(obj, "outstanding") &&
        cJSON_GetObjectItemCaseSensitive(obj, "rate"))
        return why_set(p->why, p->why_len,
                       "%s: \"outstanding\" and \"rate\" both given; give one: "
                       "\"outstanding\" for a closed loop, \"rate\" for an open loop",
                       p->at);
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        bool is = rules[i].of_pattern ? c->pattern == WL_SEQUENTIAL : c->loop == WL_OPEN;
        if (is != rules[i].want && cJSON_GetObjectItemCaseSensitive(obj, rules[i].key))
            return why_set(p->why, p->why_len, "%s: \"%s\" %s", p->at, rules[i].key,
                           rules[i].needs);
    }
    return 0;
}

/* p->at for class i: by its name when it has a string one. */
static void class_place(struct place *p, const cJSON *obj, int i)
{
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(obj, "name");
    char q[CLI_QUOTE_BUF];

    if (cJSON_IsString(name))
        snprintf(p->at, sizeof p->at, "%s: class %s", p->file,
                 cli_quote(name->valuestring, q, sizeof q));
    else
        snprintf(p->at, sizeof p->at, "%s: classes[%d]", p->file, i);
}

static int read_class(struct place *p, const cJSON *obj, int i, struct wl_class_spec *c)
{
    int rc;

    snprintf(p->at, sizeof p->at, "%s: classes[%d]", p->file, i);
    if (!cJSON_IsObject(obj))
        return why_set(p->why, p->why_len,
                       "%s: must be an object ({\"name\": \"reads\", \"size\": \"8KiB\"})",
                       p->at);
    class_place(p, obj, i);
    if ((rc = json_file_check_keys(p->at, obj, class_keys,
                                   sizeof class_keys / sizeof class_keys[0],
                                   p->why, p->why_len)))
        return rc;
    if (!cJSON_GetObjectItemCaseSensitive(obj, "name"))
        return why_set(p->why, p->why_len,
                       "%s: \"name\" missing; every class needs one (" WL_NAME_RULE ")",
                       p->at);
    wl_class_spec_defaults(c);
    if ((rc = read_name(p, obj, "name", c->name)) ||
        (rc = read_name(p, obj, "group", c->group)) ||
        (rc = read_size(p, obj, c)) || (rc = read_words(p, obj, c)) ||
        (rc = read_ints(p, obj, c)) || (rc = read_rate(p, obj, c)))
        return rc;
    return check_applies(p, obj, c);
}

/* ---- the file ----------------------------------------------------------- */

/* A field of wl_spec_check's reasons as the file spells it: its key,
   in quotes. */
static const char *spell_key(const char *field, void *arg)
{
    static const char *const quoted[] = {
        "\"name\"", "\"group\"", "\"size\"", "\"pattern\"", "\"streams\"",
        "\"stream_io\"", "\"write\"", "\"skew\"", "\"outstanding\"", "\"rate\"",
        "\"arrivals\"", "\"description\"", "\"classes\"",
    };
    size_t len = strlen(field);

    (void)arg;
    for (size_t i = 0; i < sizeof quoted / sizeof quoted[0]; i++)
        if (strlen(quoted[i]) == len + 2 && strncmp(quoted[i] + 1, field, len) == 0)
            return quoted[i];
    return NULL;
}

/* "name" (or `fallback`, the file's own name) and "description". */
static int read_head(struct place *p, const cJSON *root, const char *fallback,
                     struct wl_spec *s)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(root, "name");
    char q[CLI_QUOTE_BUF];

    snprintf(p->at, sizeof p->at, "%s", p->file);
    if (!it && !wl_name_ok(fallback))
        return why_set(p->why, p->why_len,
                       "%s: \"name\" missing, and the file's name %s is not a workload "
                       "name; give \"name\": " WL_NAME_RULE,
                       p->file, cli_quote(fallback, q, sizeof q));
    snprintf(s->name, sizeof s->name, "%s", fallback);
    if (read_name(p, root, "name", s->name))
        return -EINVAL;
    it = cJSON_GetObjectItemCaseSensitive(root, "description");
    if (it && (!cJSON_IsString(it) || strlen(it->valuestring) >= WL_DESC_MAX))
        return bad_value(p, "description", it, "must be a string of at most %d characters",
                         WL_DESC_MAX - 1);
    if (it)
        snprintf(s->description, sizeof s->description, "%s", it->valuestring);
    it = cJSON_GetObjectItemCaseSensitive(root, "source");
    if (it && !cJSON_IsString(it))
        return bad_value(p, "source", it, "must be a string (where the numbers come from)");
    return 0;
}

static int read_spec(struct place *p, const cJSON *root, const char *fallback,
                     struct wl_spec *s)
{
    int rc;

    if (!cJSON_IsObject(root))
        return why_set(p->why, p->why_len,
                       "%s: a workload file must hold one JSON object ({\"classes\": [...]})",
                       p->file);
    if ((rc = json_file_check_keys(p->file, root, top_keys,
                                   sizeof top_keys / sizeof top_keys[0], p->why, p->why_len)) ||
        (rc = read_head(p, root, fallback, s)))
        return rc;
    const cJSON *cls = cJSON_GetObjectItemCaseSensitive(root, "classes");
    int n = cJSON_IsArray(cls) ? cJSON_GetArraySize(cls) : 0;
    if (n < 1 || n > WL_MAX_CLASSES)
        return why_set(p->why, p->why_len,
                       "%s: \"classes\"%s: give an array of 1 to %d classes "
                       "([{\"name\": \"reads\", \"size\": \"8KiB\"}])",
                       p->file, cls ? (n ? " has too many" : " is not a non-empty array")
                                    : " missing", WL_MAX_CLASSES);
    s->n_classes = n;
    int i = 0;
    for (const cJSON *c = cls->child; c; c = c->next, i++)
        if ((rc = read_class(p, c, i, &s->cls[i])))
            return rc;
    char inner[512];
    if ((rc = wl_spec_check(s, inner, sizeof inner))) {
        why_spell(inner, sizeof inner, spell_key, NULL);
        return why_set(p->why, p->why_len, "%s: %s", p->file, inner);
    }
    return 0;
}

/* root (a file's or a preset's) into *out: all or nothing. */
static int load_root(const cJSON *root, const char *label, const char *fallback,
                     struct wl_spec *out, char *why, size_t why_len)
{
    struct place p = { .file = label, .why = why, .why_len = why_len };
    struct wl_spec *s = calloc(1, sizeof *s);
    int rc;

    if (!s)
        return why_set(why, why_len, "%s: out of memory", label);
    rc = read_spec(&p, root, fallback, s);
    if (rc == 0)
        *out = *s;
    free(s);
    return rc;
}

int workload_file_load(const char *path, struct wl_spec *out, char *why,
                       size_t why_len)
{
    char label[CLI_QUOTE_BUF], fallback[WL_NAME_MAX + 8];
    const char *base = strrchr(path, '/');
    cJSON *root;
    int rc;

    /* the file's name without its folder and ".json", as far as it fits
       a name (a longer one is then refused as not a name) */
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n > 5 && strcmp(base + n - 5, ".json") == 0)
        n -= 5;
    snprintf(fallback, sizeof fallback, "%.*s", (int)(n < WL_NAME_MAX + 1 ? n : WL_NAME_MAX + 1),
             base);
    cli_quote(path, label, sizeof label);
    if ((rc = json_file_load(path, label, "workload", &root, why, why_len)))
        return rc;
    rc = load_root(root, label, fallback, out, why, why_len);
    cJSON_Delete(root);
    return rc;
}

/* ---- presets ------------------------------------------------------------ */

static int preset_count(void)
{
    int n = 0;

    while (wl_workload_presets[n].name)
        n++;
    return n;
}

static int preset_load(int i, struct wl_spec *out, char *why, size_t why_len)
{
    const struct wl_preset_text *t = &wl_workload_presets[i];
    char label[64];
    cJSON *root;
    int rc;

    snprintf(label, sizeof label, "preset %s", t->name);
    if ((rc = json_file_parse(t->text, label, "workload", &root, why, why_len)))
        return rc;
    rc = load_root(root, label, t->name, out, why, why_len);
    cJSON_Delete(root);
    return rc;
}

const char *workload_preset_describe(int i, char *desc, size_t desc_len)
{
    struct wl_spec s;

    if (i < 0 || i >= preset_count())
        return NULL;
    if (desc_len > 0)
        desc[0] = '\0';
    if (preset_load(i, &s, NULL, 0) == 0 && desc_len > 0)
        snprintf(desc, desc_len, "%s", s.description);
    return wl_workload_presets[i].name;
}

int workload_spec_resolve(const char *name_or_path, struct wl_spec *out,
                          char *why, size_t why_len)
{
    char names[128] = "", q[CLI_QUOTE_BUF];
    size_t used = 0;

    for (int i = 0; wl_workload_presets[i].name; i++) {
        if (strcmp(name_or_path, wl_workload_presets[i].name) == 0)
            return preset_load(i, out, why, why_len);
        used += (size_t)snprintf(names + used, used < sizeof names ? sizeof names - used : 0,
                                 "%s%s", i ? ", " : "", wl_workload_presets[i].name);
    }
    if (strpbrk(name_or_path, "/.") || access(name_or_path, F_OK) == 0)
        return workload_file_load(name_or_path, out, why, why_len);
    return why_set(why, why_len,
                   "unknown workload %s; give a preset (%s) or a workload file's path "
                   "(docs/workloads.md)",
                   cli_quote(name_or_path, q, sizeof q), names);
}
