/*
 * schedule_presets.h - the shipped schedules (workloads/presets/NAME.csv),
 * compiled in by presets_to_c.cmake: name and CSV text, NULL-terminated.
 * Internal to schedule.c.
 */
#ifndef ASMSIM_WORKLOADS_SCHEDULE_PRESETS_H
#define ASMSIM_WORKLOADS_SCHEDULE_PRESETS_H

struct wl_schedule_preset_text {
    const char *name;
    const char *text;
};

extern const struct wl_schedule_preset_text wl_schedule_presets[];

#endif
