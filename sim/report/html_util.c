/*
 * html_util.c - the small pieces every part of the HTML report uses:
 * escaping, reading the results JSON, formatting, the terminal's
 * sentences that the JSON keeps.
 *
 * Escaping.  Every string that comes from the document (a command line, a
 * volume spec, a test name, a file name: all of them user input) reaches
 * the page through html_text (element content and quoted attributes:
 * & < > " ' become character references) or, inside the page's <script>
 * elements, through html_script_json: there a "</script>" in a string
 * would end the element, so every < > & is written as a \u escape, which
 * JSON.parse reads back as the same character.  U+2028 and U+2029 are
 * escaped too (line terminators for older JavaScript parsers).
 *
 * Readings.  The sentences under the charts that the terminal also prints
 * are not worded here: the results JSON keeps them (readings.summary,
 * readings.sweep, made by report_summary_remarks /
 * report_sweep_reading), and html_reading picks the line a chart needs.
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "layouts/units.h"
#include "sim/core/device.h"
#include "sim/report/html_page.h"

void html_text(FILE *f, const char *text)
{
    for (const char *c = text ? text : ""; *c; c++) {
        switch (*c) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default: fputc(*c, f);
        }
    }
}

void html_textf(struct html_out *o, const char *fmt, ...)
{
    va_list ap;
    char *text = NULL;

    va_start(ap, fmt);
    if (vasprintf(&text, fmt, ap) < 0) {
        text = NULL;
        o->oom = true;
    }
    va_end(ap);
    html_text(o->f, text);
    free(text);
}

void html_elem(struct html_out *o, const char *tag, const char *cls,
               const char *text)
{
    if (cls)
        fprintf(o->f, "<%s class=\"%s\">", tag, cls);
    else
        fprintf(o->f, "<%s>", tag);
    html_text(o->f, text);
    fprintf(o->f, "</%s>\n", tag);
}

void html_script_json(FILE *f, const char *json)
{
    for (const unsigned char *c = (const unsigned char *)json; *c; c++) {
        if (*c == '<' || *c == '>' || *c == '&')
            fprintf(f, "\\u%04x", *c);
        else if (c[0] == 0xe2 && c[1] == 0x80 && (c[2] == 0xa8 || c[2] == 0xa9)) {
            fprintf(f, "\\u%04x", c[2] == 0xa8 ? 0x2028 : 0x2029);
            c += 2;
        } else
            fputc(*c, f);
    }
}

const cJSON *html_get(const cJSON *doc, const char *path)
{
    char key[64];
    const cJSON *at = doc;

    while (at != NULL && *path) {
        size_t n = strcspn(path, ".");
        if (n >= sizeof key)
            return NULL;
        memcpy(key, path, n);
        key[n] = '\0';
        at = cJSON_GetObjectItemCaseSensitive(at, key);
        path += n + (path[n] == '.');
    }
    return at;
}

bool html_num(const cJSON *doc, const char *path, double *v)
{
    const cJSON *x = html_get(doc, path);

    if (!cJSON_IsNumber(x) || !isfinite(x->valuedouble))
        return false;
    *v = x->valuedouble;
    return true;
}

const char *html_str(const cJSON *doc, const char *path)
{
    const cJSON *x = html_get(doc, path);
    return cJSON_IsString(x) ? x->valuestring : NULL;
}

const char *html_str_or(const cJSON *doc, const char *path, const char *fallback)
{
    const char *s = html_str(doc, path);
    return s ? s : fallback;
}

bool html_modelled(const cJSON *doc)
{
    const char *b = html_str(doc, "config.backend");
    return b != NULL && strcmp(b, "model") == 0;
}

bool html_instance_caps(const cJSON *doc)
{
    return !cJSON_IsTrue(html_get(doc, "config.volume.instance_store"));
}

bool html_month_cost(const cJSON *doc, const cJSON *entry, double *usd,
                     const char **what)
{
    const cJSON *cost = html_get(entry, "cost");
    double price, disks;

    if (cJSON_IsObject(cost)) {
        *what = "instance + volumes";
        if (html_num(cost, "total_usd_month", usd))
            return true;
        *what = "volumes";
        return html_num(cost, "volumes_usd_month", usd);
    }
    if (cost != NULL || !html_modelled(doc) ||     /* null: not priced */
        !html_num(doc, "config.volume.price_usd_month", &price) || price <= 0 ||
        !(html_num(entry, "disks", &disks) || html_num(doc, "config.disks", &disks)))
        return false;
    *what = "volumes";
    *usd = disks * price;
    return true;
}

void html_fmt_bytes(double bytes, char *buf, size_t len)
{
    if (!(bytes >= 0) || bytes > 1.8e19) {
        snprintf(buf, len, "-");
        return;
    }
    units_fmt_exact((uint64_t)bytes, TIB, true, buf, len);
}

void html_fmt_num(double v, int decimals, char *buf, size_t len)
{
    char *end;

    snprintf(buf, len, "%.*f", decimals, v);
    if (decimals <= 0 || strchr(buf, '.') == NULL)
        return;
    end = buf + strlen(buf) - 1;
    while (end > buf && *end == '0')
        *end-- = '\0';
    if (end > buf && *end == '.')
        *end = '\0';
}

void html_fmt_seconds(double s, char *buf, size_t len)
{
    snprintf(buf, len, "%.*f s", s >= 10 ? 0 : s >= 0.1 ? 2 : 3, s);
}

const char *html_limit_label(const char *id)
{
    if (id == NULL)
        return "-";
    enum sim_limit l = sim_limit_of_id(id);
    return l < SIM_LIMITS ? sim_limit_label(l) : id;
}

void html_summary_cell(struct html_out *o, const cJSON *doc, const char *key,
                       int decimals, bool data_key)
{
    char path[96], text[32] = "-";
    double v;

    snprintf(path, sizeof path, "summary.%s", key);
    if (html_num(doc, path, &v))
        snprintf(text, sizeof text, "%.*f", decimals, v);
    if (data_key)
        fprintf(o->f, "<td data-key=\"%s\">%s</td>", key, text);
    else
        fprintf(o->f, "<td>%s</td>", text);
}

void html_limit_cell(struct html_out *o, const cJSON *doc, const char *key)
{
    char path[96];

    snprintf(path, sizeof path, "summary.%s", key);
    fputs("<td>", o->f);
    html_text(o->f, html_limit_label(html_str(doc, path)));
    fputs("</td>", o->f);
}

const char *html_reading(const cJSON *doc, const char *prefix)
{
    const cJSON *line;

    cJSON_ArrayForEach(line, html_get(doc, "readings.summary"))
        if (cJSON_IsString(line) &&
            strncmp(line->valuestring, prefix, strlen(prefix)) == 0)
            return line->valuestring;
    return NULL;
}

const char *html_burst_reading(const cJSON *doc, bool large)
{
    const cJSON *line;

    cJSON_ArrayForEach(line, html_get(doc, "readings.summary")) {
        const char *s = cJSON_IsString(line) ? line->valuestring : "";
        const char *unit = strchr(s, ' ') ? strstr(s, large ? " MB/s" : " IOPS")
                                          : NULL;
        /* "Burst: <figure> <unit> for ...": the first unit names the class */
        if (strncmp(s, "Burst: ", 7) == 0 && unit != NULL &&
            unit == strchr(s + 7, ' '))
            return s;
    }
    return NULL;
}

void html_doc_label(const cJSON *doc, const char *name, char *buf, size_t len)
{
    const char *inst = html_str(doc, "config.instance.name");
    const char *vol = html_str(doc, "config.volume.spec");
    const char *red = html_str(doc, "config.layout.redundancy");

    snprintf(buf, len, "%s (%s, %s, %s redundancy)", name ? name : "results",
             inst ? inst : "no instance", vol ? vol : "devices",
             red ? red : "external");
}

void html_num_cell(struct html_out *o, const cJSON *x, const char *key, int decimals)
{
    double v;

    if (html_num(x, key, &v))
        fprintf(o->f, "<td>%.*f</td>", decimals, v);
    else
        fputs("<td>-</td>", o->f);
}

void html_key_cell(struct html_out *o, const cJSON *x, const char *key, int decimals)
{
    char text[64] = "-";
    double v;

    if (html_num(x, key, &v))
        snprintf(text, sizeof text, "%.*f", decimals, v);
    html_key_text_cell(o, key, text);
}

void html_text_cell(struct html_out *o, const char *text)
{
    fputs("<td>", o->f);
    html_text(o->f, text);
    fputs("</td>", o->f);
}

void html_key_row(struct html_out *o, const char *label, const char *key,
                  const char *text)
{
    fputs("<tr><th>", o->f);
    html_text(o->f, label);
    fprintf(o->f, "</th><td data-key=\"%s\">", key);
    html_text(o->f, text);
    fputs("</td></tr>\n", o->f);
}

void html_key_text_cell(struct html_out *o, const char *key, const char *text)
{
    fprintf(o->f, "<td data-key=\"%s\">", key);
    html_text(o->f, text);
    fputs("</td>", o->f);
}

void html_sampled_note(int step, const char *what, char *buf, size_t len)
{
    if (step > 1)
        snprintf(buf, len, " (every %d%s %s drawn)", step,
                 step == 2 ? "nd" : step == 3 ? "rd" : "th", what);
    else
        buf[0] = '\0';
}
