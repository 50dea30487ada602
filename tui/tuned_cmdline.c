/*
 * tuned_cmdline.c - the command line that measures again what the
 * dashboard measured, after the user tuned it with keys.
 *
 * `asmsim tui --disks 4` followed by '>' and 'w' measured 5 disks at 25 %
 * writes; a save that recorded "asmsim tui --disks 4" would describe a
 * configuration that was never measured.  So the saved files carry the
 * launch command with every setting the keys can change and did change
 * replaced by its value in force: the option is dropped from the launch
 * argv wherever it was spelled exactly (--disks 4, --disks=4) and the new
 * value is appended (--disks 5 --write 25).  Settings the keys did not
 * change stay as the user typed them, so the command reads like theirs.
 *
 * A setting is "changed" when the measured configuration differs from the
 * launch one (tuned_launch.cfg); comparing the two, rather than logging the
 * keys, keeps the line right however many keys were pressed and whichever
 * were refused.  An abbreviated option (getopt's --dis 4) is not
 * recognised and stays; the appended option then follows it, and the
 * command line takes the last.  Every word is a shell word
 * (cli_command_append), so the line pasted runs that command and nothing
 * else, whatever the launch's values hold.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layouts/units.h"
#include "sim/cli/cli.h"
#include "tui/tuned_cmdline.h"

/* The settings the dashboard's keys change, by option name. */
enum tuned_opt {
    T_DISKS, T_WRITE, T_SIZE_SMALL, T_SIZE_LARGE, T_LAYOUT, T_REDUNDANCY,
    T_VOLUME, T_INSTANCE, T_N
};
static const char *const OPT_NAMES[T_N] = {
    "disks", "write", "size-small", "size-large", "layout", "redundancy",
    "volume", "instance",
};

/* The value of option `which` in cfg, as the command line spells it. */
static void opt_value(const struct sim_setup *cfg, enum tuned_opt which,
                      char *buf, size_t len)
{
    switch (which) {
    case T_DISKS: snprintf(buf, len, "%d", cfg->run.disks); return;
    case T_WRITE: snprintf(buf, len, "%d", cfg->run.workload.write_pct); return;
    case T_SIZE_SMALL:
        units_fmt_exact(cfg->run.workload.small_bytes, MIB, false, buf, len);
        return;
    case T_SIZE_LARGE:
        units_fmt_exact(cfg->run.workload.large_bytes, MIB, false, buf, len);
        return;
    case T_LAYOUT: snprintf(buf, len, "%s", lay_striping_name(cfg->run.layout.striping)); return;
    case T_REDUNDANCY:
        snprintf(buf, len, "%s", lay_redundancy_name(cfg->run.layout.redundancy));
        return;
    case T_VOLUME: snprintf(buf, len, "%s", cfg->volume.spec); return;
    case T_INSTANCE: snprintf(buf, len, "%s", cfg->instance.name); return;
    case T_N: break;
    }
    buf[0] = '\0';
}

/* Which tuned option argv word w names ("--disks" or "--disks=4"); T_N
   for any other word.  *inline_value: the value is in the word. */
static enum tuned_opt opt_named(const char *w, bool *inline_value)
{
    if (strncmp(w, "--", 2) != 0)
        return T_N;
    w += 2;
    for (int i = 0; i < T_N; i++) {
        size_t n = strlen(OPT_NAMES[i]);
        if (strncmp(w, OPT_NAMES[i], n) == 0 && (w[n] == '\0' || w[n] == '=')) {
            *inline_value = w[n] == '=';
            return (enum tuned_opt)i;
        }
    }
    return T_N;
}

char *tui_tuned_command_line(void *arg, const struct sim_setup *measured)
{
    const struct tuned_launch *l = arg;
    bool changed[T_N];
    char launch_v[160], now_v[160];
    for (int i = 0; i < T_N; i++) {
        opt_value(&l->cfg, (enum tuned_opt)i, launch_v, sizeof launch_v);
        opt_value(measured, (enum tuned_opt)i, now_v, sizeof now_v);
        changed[i] = strcmp(launch_v, now_v) != 0;
    }
    size_t len = strlen("asmsim");
    char *s = strdup("asmsim");
    if (!s)
        return NULL;
    bool ok = true;
    for (int i = 0; ok && i < l->argc; i++) {
        bool inline_value = false;
        enum tuned_opt o = opt_named(l->argv[i], &inline_value);
        if (o != T_N && changed[o]) {
            if (!inline_value)
                i++;                /* its value: the next word */
            continue;
        }
        ok = cli_command_append(&s, &len, l->argv[i]);
    }
    for (int i = 0; ok && i < T_N; i++) {
        if (!changed[i])
            continue;
        char flag[32];
        snprintf(flag, sizeof flag, "--%s", OPT_NAMES[i]);
        opt_value(measured, (enum tuned_opt)i, now_v, sizeof now_v);
        ok = cli_command_append(&s, &len, flag) && cli_command_append(&s, &len, now_v);
    }
    if (!ok) {
        free(s);
        return NULL;
    }
    return s;
}
