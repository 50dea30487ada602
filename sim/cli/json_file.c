/*
 * json_file.c - reading and judging the CLI's strict JSON inputs (see
 * json_file.h): the parts a layout file and a workload file share, so
 * that both refuse the same things in the same words.
 *
 * A file is read whole, at most JSON_FILE_MAX_BYTES, through
 * report_input_open (a FIFO or a device is refused before it can block),
 * and parsed with cJSON requiring nothing after the value.  A syntax
 * error names the line and column where cJSON stopped, counted from the
 * byte it points at.
 */
#include "sim/cli/json_file.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layouts/why.h"
#include "sim/report/report_input.h"

/* The whole file into a NUL-terminated buffer. */
static int read_text(const char *path, const char *name, const char *noun,
                     char **out, char *why, size_t why_len)
{
    FILE *f;
    char inner[128];
    if (report_input_open(path, &f, inner, sizeof inner) != 0)
        return why_set(why, why_len, "%s: %s; give a %s file, one JSON object", name,
                       inner, noun);
    char *buf = malloc(JSON_FILE_MAX_BYTES + 1);
    if (!buf) {
        fclose(f);
        return why_set(why, why_len, "%s: out of memory", name);
    }
    size_t n = fread(buf, 1, JSON_FILE_MAX_BYTES + 1, f);
    bool bad = ferror(f) != 0;
    fclose(f);
    if (bad) {
        free(buf);
        return why_set(why, why_len, "%s: cannot read the %s file", name, noun);
    }
    if (n > JSON_FILE_MAX_BYTES) {
        free(buf);
        return why_set(why, why_len,
                       "%s: larger than 1MiB; a %s file is one small JSON object", name,
                       noun);
    }
    buf[n] = '\0';
    *out = buf;
    return 0;
}

int json_file_parse(const char *text, const char *name, const char *noun,
                    cJSON **root, char *why, size_t why_len)
{
    const char *end = NULL;

    *root = cJSON_ParseWithOpts(text, &end, true);
    if (*root)
        return 0;
    size_t at = end && end >= text ? (size_t)(end - text) : 0;
    int line = 1, col = 1;
    for (size_t i = 0; i < at && text[i]; i++) {
        if (text[i] == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    return why_set(why, why_len,
                   "%s: invalid JSON at line %d, column %d (byte %zu); a %s file is "
                   "one JSON object",
                   name, line, col, at, noun);
}

int json_file_load(const char *path, const char *name, const char *noun,
                   cJSON **root, char *why, size_t why_len)
{
    char *text = NULL;
    int rc = read_text(path, name, noun, &text, why, why_len);

    if (rc)
        return rc;
    rc = json_file_parse(text, name, noun, root, why, why_len);
    free(text);
    return rc;
}

void json_file_value_text(const cJSON *item, char *buf, size_t len)
{
    char q[CLI_QUOTE_BUF];

    if (cJSON_IsString(item)) {
        /* always in quotes: the file has it as a JSON string */
        cli_quote(item->valuestring, q, sizeof q);
        snprintf(buf, len, q[0] == '"' ? "%s" : "\"%s\"", q);
        return;
    }
    if (cJSON_IsNumber(item) && !isfinite(item->valuedouble)) {
        snprintf(buf, len, "(a number out of range)");
        return;
    }
    char *t = cJSON_PrintUnformatted(item);
    cli_quote(t ? t : "?", q, sizeof q);
    snprintf(buf, len, "%s", q);
    cJSON_free(t);
}

const char *json_file_key_text(const char *key, char *buf, size_t len)
{
    char q[CLI_QUOTE_BUF];

    cli_quote(key, q, sizeof q);
    snprintf(buf, len, q[0] == '"' ? "%s" : "\"%s\"", q);
    return buf;
}

bool json_file_int(const cJSON *item, long long lo, long long hi, long long *out)
{
    if (!cJSON_IsNumber(item))
        return false;
    double v = item->valuedouble;
    if (!(v == floor(v)) || v < (double)lo || v > (double)hi)
        return false;
    *out = (long long)v;
    return true;
}

/* "a, b, c": the valid keys, for the message about an unknown one. */
static void keys_list(const char *const *keys, size_t n_keys, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (size_t i = 0; i < n_keys && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", keys[i]);
}

int json_file_check_keys(const char *where, const cJSON *obj,
                         const char *const *keys, size_t n_keys,
                         char *why, size_t why_len)
{
    char v[JSON_TEXT_BUF], list[256];

    for (const cJSON *it = obj->child; it; it = it->next) {
        bool known = false;
        for (size_t i = 0; i < n_keys; i++)
            known |= strcmp(it->string, keys[i]) == 0;
        if (!known) {
            keys_list(keys, n_keys, list, sizeof list);
            return why_set(why, why_len, "%s: unknown key %s; valid keys are %s", where,
                           json_file_key_text(it->string, v, sizeof v), list);
        }
        for (const cJSON *o = obj->child; o != it; o = o->next)
            if (strcmp(o->string, it->string) == 0)
                return why_set(why, why_len, "%s: key %s given twice", where,
                               json_file_key_text(it->string, v, sizeof v));
    }
    return 0;
}
