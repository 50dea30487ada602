/*
 * html_heatmap.c - the ORION matrix of one figure as an HTML table whose
 * cells are coloured by value: rows the large loads, columns the small
 * loads, as ORION's _mbps.csv / _iops.csv / _lat.csv lay it out.
 *
 * A plain table, not a chart: it prints, copies into a spreadsheet and
 * reads with a screen reader, and every cell keeps its number.  The
 * colour scale is viridis (van der Walt & Smith, matplotlib, 2015):
 * perceptually uniform, readable with colour-vision deficiencies and
 * monotonic in lightness, so it still orders the cells in grey print.
 * Dark is low, light is high; for latency the scale is turned round, so
 * that light is always the good end.  The text in a cell is white on the
 * dark half of the scale, black on the light half.  A load the matrix did
 * not measure is an empty grey cell.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/report/html_page.h"

#define MAX_LEVELS 256
#define HEAT_MAX_LOAD 1e6           /* a load beyond is no ORION load */

/* viridis at 0, 1/4, 1/2, 3/4, 1 */
static const unsigned char viridis[5][3] = {
    {0x44, 0x01, 0x54}, {0x3b, 0x52, 0x8b}, {0x21, 0x91, 0x8c},
    {0x5e, 0xc9, 0x62}, {0xfd, 0xe7, 0x25},
};

static void scale_colour(double t, char *buf, size_t len)
{
    double at = fmin(fmax(t, 0), 1) * 4;
    int i = (int)fmin(floor(at), 3);
    double w = at - i;
    int rgb[3];

    for (int k = 0; k < 3; k++)
        rgb[k] = (int)lround(viridis[i][k] * (1 - w) + viridis[i + 1][k] * w);
    snprintf(buf, len, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* Add v to the sorted set levels[*n] unless it is there. */
static void add_level(int *levels, int *n, int v)
{
    for (int i = 0; i < *n; i++)
        if (levels[i] == v)
            return;
    if (*n < MAX_LEVELS) {
        levels[(*n)++] = v;
        qsort(levels, (size_t)*n, sizeof *levels, cmp_int);
    }
}

/* The point's figure: false when it has none (or not the classes asked). */
static bool cell_value(const cJSON *p, const struct html_heat *h, int *small,
                       int *large, double *v)
{
    double s, l;

    if (!html_num(p, "small", &s) || !html_num(p, "large", &l) ||
        s < 0 || s > HEAT_MAX_LOAD || l < 0 || l > HEAT_MAX_LOAD)
        return false;
    *small = (int)s;
    *large = (int)l;
    if ((h->needs_small && s <= 0) || (h->needs_large && l <= 0))
        return false;
    return html_num(p, h->key, v);
}

static const cJSON *find_cell(const cJSON *points, const struct html_heat *h,
                              int small, int large, double *v)
{
    const cJSON *p;
    int s, l;

    cJSON_ArrayForEach(p, points)
        if (cell_value(p, h, &s, &l, v) && s == small && l == large)
            return p;
    return NULL;
}

static void write_cell(struct html_out *o, const struct html_heat *h, double v,
                       double lo, double hi)
{
    double t = hi > lo ? (v - lo) / (hi - lo) : 1;
    char bg[8], text[32];

    if (h->low_is_good)
        t = 1 - t;
    scale_colour(t, bg, sizeof bg);
    html_fmt_num(v, h->decimals, text, sizeof text);
    fprintf(o->f, "<td style=\"background:%s;color:%s\">%s</td>", bg,
            t < 0.5 ? "#fff" : "#000", text);
}

void html_heatmap(struct html_out *o, const cJSON *points,
                  const struct html_heat *h, const char *reading)
{
    int smalls[MAX_LEVELS], larges[MAX_LEVELS], n_s = 0, n_l = 0, s, l;
    double lo = INFINITY, hi = -INFINITY, v;
    const cJSON *p;
    char a[32], b[32];

    cJSON_ArrayForEach(p, points)
        if (cell_value(p, h, &s, &l, &v)) {
            add_level(smalls, &n_s, s);
            add_level(larges, &n_l, l);
            lo = fmin(lo, v);
            hi = fmax(hi, v);
        }
    if (n_s == 0)
        return;
    fputs("<figure class=\"heat\">\n", o->f);
    fputs("<h3>", o->f);
    html_textf(o, "%s (%s) by load: the ORION matrix", h->title, h->unit);
    fputs("</h3>\n<div class=\"wide\"><table class=\"heat\"><thead><tr><th>large \\ small</th>", o->f);
    for (int j = 0; j < n_s; j++)
        fprintf(o->f, "<th>%d</th>", smalls[j]);
    fputs("</tr></thead>\n<tbody>\n", o->f);
    for (int i = 0; i < n_l; i++) {
        fprintf(o->f, "<tr><th>%d</th>", larges[i]);
        for (int j = 0; j < n_s; j++) {
            if (find_cell(points, h, smalls[j], larges[i], &v))
                write_cell(o, h, v, lo, hi);
            else
                fputs("<td class=\"none\"></td>", o->f);
        }
        fputs("</tr>\n", o->f);
    }
    html_fmt_num(lo, h->decimals, a, sizeof a);
    html_fmt_num(hi, h->decimals, b, sizeof b);
    fputs("</tbody></table></div>\n<p class=\"scale\">", o->f);
    html_textf(o, "Rows: outstanding large I/Os; columns: outstanding small I/Os. "
               "Colour from dark (%s %s) to light (%s %s, the best end); grey: "
               "not measured.", h->low_is_good ? b : a, h->unit,
               h->low_is_good ? a : b, h->unit);
    fputs("</p>\n", o->f);
    html_elem(o, "p", "reading", reading ? reading : "(no reading in this results JSON)");
    fputs("</figure>\n", o->f);
}
