/*
 * tui.h - the live dashboard's entry points (no curses here: main.c
 * includes it).
 */
#ifndef ASMSIM_TUI_TUI_H
#define ASMSIM_TUI_TUI_H

#include "sim/core/stop_flag.h"

#include "sim/cli/cli.h"
#include "sim/session/session.h"

/* `asmsim tui [run options]`: an interactive session on the dashboard.
   argv[0] is "tui"; returns the exit status. */
int tui_cmd(int argc, char **argv, sim_stop_flag *stop);

/* struct cli_ui.watch for run/sweep --tui; arg is the stop flag
   (sim_stop_flag *).  0, or -ENOTTY without a usable terminal. */
int tui_watch(void *arg, struct sim_session *s, const struct cli_opts *o);

/* Show session s until it ends, the user quits, or *stop is set.
   0 or -ENOTTY. */
int tui_dashboard(sim_session *s, const struct cli_opts *o,
                  sim_stop_flag *stop, bool save_on_quit);

#endif
