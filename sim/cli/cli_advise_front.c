/*
 * cli_advise_front.c - what one more dollar buys, as `asmsim advise`
 * prints it and writes it to its JSON.
 *
 * The lists are the search's (sim/advise/advise_front.c): of the
 * configurations meeting every target that the search found, the
 * cheapest of each instance family, and the Pareto front of the bill
 * against the small latency.  Each is shown with its bill's difference
 * to the answer (best[0]), so a DBA reads the price of a family or of a
 * lower latency directly:
 *
 *   Cheapest of each family meeting every target (as far as searched):
 *     family  USD/month  over the answer  headroom  configuration
 *     c6in    494.97     the answer       +9 %      c6in.2xlarge + 8 x gp3:...
 *     m6in    552.81     +57.84           +10 %     m6in.2xlarge + 8 x gp3:...
 *     Not searched above $562.09/month: ...
 *
 *   What one more dollar buys (small latency, mean at 20000 IOPS; ...):
 *      USD/month    latency  over the answer  configuration
 *         494.97   0.581 ms  the answer       c6in.2xlarge + ...
 *
 * The family table is printed whenever there is an answer; the latency
 * block only with a latency target (--need-latency): without one the
 * latency was not asked for, and every figure of it would be news about
 * a question nobody put (the JSON has the front whenever the small I/O
 * was simulated).  Neither list is complete above the search's cut
 * (cut_usd_month), and both say so.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "sim/advise/advise_front.h"
#include "sim/cli/cli_advise_front.h"

/* "the answer" when c is best[0]'s configuration, else "+57.84". */
static const char *over_answer(const struct adv_result *r, const struct adv_config *c,
                               char *buf, size_t len)
{
    const struct adv_config *a = &r->best[0].c;

    if (strcmp(a->instance.name, c->instance.name) == 0 &&
        strcmp(a->volume.spec, c->volume.spec) == 0 && a->disks == c->disks)
        return "the answer";
    snprintf(buf, len, "%+.2f", c->total_usd_month - a->total_usd_month);
    return buf;
}

/* The note under a list cut at the search's `top`-th pass. */
static void print_cut(FILE *f, const struct adv_cfg *cfg, const struct adv_result *r,
                      const char *absent)
{
    double cut = r->front->cut_usd_month;

    if (!isfinite(cut))
        return;
    if (r->interrupted)
        fprintf(f, "  Not searched above $%.2f/month (interrupted): %s.\n", cut, absent);
    else
        fprintf(f, "  Not searched above $%.2f/month, where the search found its %d "
                "configurations meeting every target (--top %d; a larger --top searches "
                "further): %s.\n", cut, cfg->top, cfg->top, absent);
}

static void print_families(FILE *f, const struct adv_cfg *cfg, const struct adv_result *r)
{
    const struct adv_front *fr = r->front;
    char over[32], head[16];

    fprintf(f, "\nCheapest of each family meeting every target (as far as searched):\n");
    fprintf(f, "  %-10s %10s  %-15s  %8s  %s\n", "family", "USD/month", "over the answer",
            "headroom", "configuration");
    for (int i = 0; i < fr->n_family; i++) {
        const struct adv_outcome *o = &fr->family[i].o;
        double least;
        if (adv_least_headroom(&cfg->targets, o, &least) && isfinite(least))
            snprintf(head, sizeof head, "%+.0f %%", 100 * least);
        else
            snprintf(head, sizeof head, "-");
        fprintf(f, "  %-10s %10.2f  %-15s  %8s  %s + %d x %s\n", fr->family[i].family,
                o->c.total_usd_month, over_answer(r, &o->c, over, sizeof over), head,
                o->c.instance.name, o->c.disks, o->c.volume.spec);
    }
    print_cut(f, cfg, r, "a family whose cheapest costs more is not listed");
}

/* "small latency, mean at 20000 IOPS" */
static void print_latency_what(FILE *f, const struct adv_targets *t)
{
    fprintf(f, "small latency, %s", t->lat_p99 ? "p99" : "mean");
    if (t->schedule)
        fprintf(f, " of the day's worst interval");
    else if (t->need_iops > 0)
        fprintf(f, " at %.0f IOPS", t->need_iops);
}

static void print_latency(FILE *f, const struct adv_cfg *cfg, const struct adv_result *r)
{
    const struct adv_front *fr = r->front;
    char over[32];

    if (cfg->targets.need_lat_us <= 0 || fr->n_latency == 0)
        return;
    fprintf(f, "\nWhat one more dollar buys (");
    print_latency_what(f, &cfg->targets);
    fprintf(f, "; the configurations meeting every target, each the cheapest %.0f %% "
            "faster than the one before):\n", 100 * ADV_FRONT_MIN_GAIN);
    fprintf(f, "  %10s  %9s  %-15s  %s\n", "USD/month", "latency", "over the answer",
            "configuration");
    for (int i = 0; i < fr->n_latency; i++) {
        const struct adv_outcome *o = &fr->latency[i];
        fprintf(f, "  %10.2f  %6.3f ms  %-15s  %s + %d x %s\n", o->c.total_usd_month,
                o->sim.lat_us / 1e3, over_answer(r, &o->c, over, sizeof over),
                o->c.instance.name, o->c.disks, o->c.volume.spec);
    }
    print_cut(f, cfg, r, "a lower latency may cost more than that");
}

void cli_advise_front_print(FILE *f, const struct adv_cfg *cfg, const struct adv_result *r)
{
    if (r->n_best == 0 || !r->front)
        return;
    print_families(f, cfg, r);
    print_latency(f, cfg, r);
}

/* ---- JSON ------------------------------------------------------------ */

/* Attach item to o under key; false (item freed) when either is missing
   or the attachment fails. */
static bool attach(cJSON *o, const char *key, cJSON *item)
{
    if (o && item && cJSON_AddItemToObject(o, key, item))
        return true;
    cJSON_Delete(item);
    return false;
}

static cJSON *num_or_null(double v, bool present)
{
    return present && isfinite(v) ? cJSON_CreateNumber(v) : cJSON_CreateNull();
}

/* One configuration of a list: what it is, its bill and the difference
   to the answer's, its latency figure and least headroom. */
static cJSON *entry(const struct adv_cfg *cfg, const struct adv_result *r,
                    const struct adv_outcome *o)
{
    cJSON *x = cJSON_CreateObject();
    double least;
    bool has = adv_least_headroom(&cfg->targets, o, &least);
    bool ok = attach(x, "cloud", cJSON_CreateString(o->c.instance.provider)) &&
              attach(x, "instance", cJSON_CreateString(o->c.instance.name)) &&
              attach(x, "volume", cJSON_CreateString(o->c.volume.spec)) &&
              attach(x, "disks", cJSON_CreateNumber(o->c.disks)) &&
              attach(x, "usd_month", cJSON_CreateNumber(o->c.total_usd_month)) &&
              attach(x, "usd_month_over_answer",
                     cJSON_CreateNumber(o->c.total_usd_month - r->best[0].c.total_usd_month)) &&
              attach(x, "latency_us", num_or_null(o->sim.lat_us, o->sim.lat_us > 0)) &&
              attach(x, "headroom_frac", num_or_null(least, has));

    if (!ok) {
        cJSON_Delete(x);
        return NULL;
    }
    return x;
}

/* The front's points, or the families' rows each with its "family", as
   an array of entries.  NULL when out of memory. */
static cJSON *entries(const struct adv_cfg *cfg, const struct adv_result *r,
                      const struct adv_front *fr, bool families)
{
    cJSON *a = cJSON_CreateArray();
    int n = families ? fr->n_family : fr->n_latency;

    for (int i = 0; a && i < n; i++) {
        const struct adv_outcome *o = families ? &fr->family[i].o : &fr->latency[i];
        cJSON *x = entry(cfg, r, o);
        if (x && families && !cJSON_AddItemToObject(x, "family",
                                                    cJSON_CreateString(fr->family[i].family))) {
            cJSON_Delete(x);
            x = NULL;
        }
        if (!x || !cJSON_AddItemToArray(a, x)) {
            cJSON_Delete(x);
            cJSON_Delete(a);
            return NULL;
        }
    }
    return a;
}

int cli_advise_front_json(cJSON *root, const struct adv_cfg *cfg, const struct adv_result *r)
{
    static const struct adv_front none = { .cut_usd_month = INFINITY };
    const struct adv_front *fr = r->front && r->n_best > 0 ? r->front : &none;
    cJSON *p = cJSON_CreateObject();

    if (!attach(root, "pareto", p))
        return -ENOMEM;
    bool ok = attach(p, "latency_stat",
                     cJSON_CreateString(cfg->targets.lat_p99 ? "p99" : "mean")) &&
              attach(p, "latency_front", entries(cfg, r, fr, false)) &&
              attach(p, "families", entries(cfg, r, fr, true)) &&
              attach(p, "cut_usd_month", num_or_null(fr->cut_usd_month, true));
    return ok ? 0 : -ENOMEM;
}
