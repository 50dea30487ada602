/*
 * presets.h - the shipped presets of workloads/presets/, compiled in by
 * presets_to_c.cmake so they work wherever the binary is: each a name
 * (the file's, without its extension) and the file's text, the table
 * ending with a NULL name.
 *   wl_schedule_presets   the forecast's schedules (NAME.csv), read by
 *                         schedule.c
 *   wl_workload_presets   the workloads (NAME.json), read by the CLI's
 *                         workload file loader (sim/cli/workload_file.c)
 */
#ifndef ASMSIM_WORKLOADS_PRESETS_H
#define ASMSIM_WORKLOADS_PRESETS_H

struct wl_preset_text {
    const char *name;
    const char *text;
};

extern const struct wl_preset_text wl_schedule_presets[];
extern const struct wl_preset_text wl_workload_presets[];

#endif
