# presets_to_c.cmake - the presets of workloads/presets/ compiled in as C
# strings (workloads/presets.h), so `--schedule oltp-day` and the
# workload presets work wherever the binary is: the forecast schedules
# (*.csv into wl_schedule_presets, the default) or the workloads
# (-DEXT=json -DARRAY=wl_workload_presets).
# Usage: cmake -DDIR=<presets dir> -DOUT=<file.c> [-DEXT=json -DARRAY=name] -P this.
if(NOT EXT)
  set(EXT csv)
  set(ARRAY wl_schedule_presets)
endif()
file(GLOB files ${DIR}/*.${EXT})
list(SORT files)
set(body "/* generated from the ${EXT} files of workloads/presets/ by presets_to_c.cmake */\n")
string(APPEND body "#include \"workloads/presets.h\"\n")
string(APPEND body "const struct wl_preset_text ${ARRAY}[] = {\n")
foreach(f ${files})
  get_filename_component(name ${f} NAME_WE)
  file(READ ${f} text)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  string(REPLACE "\n" "\\n\"\n    \"" text "${text}")
  string(APPEND body "  { \"${name}\",\n    \"${text}\" },\n")
endforeach()
string(APPEND body "  { 0, 0 },\n};\n")
file(WRITE ${OUT}.tmp "${body}")
configure_file(${OUT}.tmp ${OUT} COPYONLY)
