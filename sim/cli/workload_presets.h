/*
 * workload_presets.h - the shipped workloads (workloads/presets/NAME.json),
 * compiled in by workloads/presets_to_c.cmake: name and JSON text,
 * ending with a NULL name.  Internal to workload_file.c.
 */
#ifndef ASMSIM_SIM_CLI_WORKLOAD_PRESETS_H
#define ASMSIM_SIM_CLI_WORKLOAD_PRESETS_H

struct workload_preset_text {
    const char *name;
    const char *text;
};

extern const struct workload_preset_text workload_preset_texts[];

#endif
