# presets_to_c.cmake - the forecast schedule presets (workloads/presets/
# *.csv) compiled in as C strings, so `--schedule oltp-day` works wherever
# the binary is.  Usage: cmake -DDIR=<presets dir> -DOUT=<file.c> -P this.
file(GLOB csvs ${DIR}/*.csv)
list(SORT csvs)
set(body "/* generated from the CSV files of workloads/presets/ by presets_to_c.cmake */\n")
string(APPEND body "#include \"workloads/schedule_presets.h\"\n")
string(APPEND body "const struct wl_schedule_preset_text wl_schedule_presets[] = {\n")
foreach(csv ${csvs})
  get_filename_component(name ${csv} NAME_WE)
  file(READ ${csv} text)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  string(REPLACE "\n" "\\n\"\n    \"" text "${text}")
  string(APPEND body "  { \"${name}\",\n    \"${text}\" },\n")
endforeach()
string(APPEND body "  { 0, 0 },\n};\n")
file(WRITE ${OUT}.tmp "${body}")
configure_file(${OUT}.tmp ${OUT} COPYONLY)
