/*
 * tuned_cmdline.h - the command line of a configuration tuned in the
 * dashboard (tuned_cmdline.c).
 */
#ifndef ASMSIM_TUI_TUNED_CMDLINE_H
#define ASMSIM_TUI_TUNED_CMDLINE_H

#include "sim/core/run.h"

/* How the dashboard was launched: its argv (argv[0] "tui") and the
   configuration that argv resolved to. */
struct tuned_launch {
    int argc;
    char **argv;
    struct sim_setup cfg;
};

/* struct sim_session_cfg.command_line_of, arg a struct tuned_launch:
   "asmsim tui ..." with every option the keys changed (disks, write,
   sizes, layout, redundancy, volume, instance) set to its value in
   `measured`.  malloc'd; NULL when out of memory. */
char *tui_tuned_command_line(void *arg, const struct sim_setup *measured);

#endif
