# presets_to_c.cmake - the presets of workloads/presets/ compiled in as C
# strings, so `--schedule oltp-day` and `--workload oltp` work wherever
# the binary is: the forecast schedules (*.csv, the defaults below) and
# the workloads (*.json: -DEXT=json with the header, type and array that
# sim/cli/workload_presets.h declares).
# Usage: cmake -DDIR=<presets dir> -DOUT=<file.c> [-DEXT= -DHEADER= -DTYPE=
#        -DARRAY=] -P this.
if(NOT EXT)
  set(EXT csv)
  set(HEADER workloads/schedule_presets.h)
  set(TYPE wl_schedule_preset_text)
  set(ARRAY wl_schedule_presets)
endif()
file(GLOB files ${DIR}/*.${EXT})
list(SORT files)
set(body "/* generated from the ${EXT} files of workloads/presets/ by presets_to_c.cmake */\n")
string(APPEND body "#include \"${HEADER}\"\n")
string(APPEND body "const struct ${TYPE} ${ARRAY}[] = {\n")
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
