# prices_to_c.cmake - turn the price CSVs (sim/profiles/*prices*.csv, copies
# of ../shared/data/prices/, whose sources prices_SOURCES.md gives) into the
# C tables of sim/profiles/prices_table.h.
#
#   cmake -DEC2=ec2_prices_us-east-1_2023-06.csv -DUNPRICED=ec2_unpriced_us-east-1.csv
#         -DEBS=ebs_prices_us-east-1_2023-06.csv -DOCI=oci_prices.csv
#         -DOUT=prices_table.c -P prices_to_c.cmake
#
# What is taken from each file (header lines required and checked):
#   EC2       instance, vcpus, memory_gib, linux_usd_hour, rhel_usd_hour
#   UNPRICED  instance, reason (why an instance with limits has no price)
#   EBS       volume_type, component, tier, unit, usd; the tier text becomes
#             the quantity range the price applies to: "all" 0..inf,
#             "up to N" 0..N, "A-B" (A-1)..B, "above N" N..inf
#   OCI       item, part_number, unit, usd; and the list's date: the latest
#             as_of that starts with a YYYY-MM date
# The AWS lists' region and date are those in the EC2 file's name
# (ec2_prices_REGION_YYYY-MM.csv).  Any malformed line stops the build
# with its line number.

cmake_minimum_required(VERSION 3.18)

foreach(v IN ITEMS EC2 UNPRICED EBS OCI OUT)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "usage: cmake -DEC2= -DUNPRICED= -DEBS= -DOCI= -DOUT= -P prices_to_c.cmake")
  endif()
endforeach()

set(num_re "^[0-9]+(\\.[0-9]+)?$")
set(name_re "^[a-z0-9][a-z0-9.-]*$")

# The rows of csv (after its header, which must be `header`) as a list, one
# element a row: "LINENO@F@field1@F@field2...", the fields being the
# groups of row_re, which every non-empty line must match.  CMake lists
# split at ';', which the CSVs' texts contain: it is held as @SEMI@ until
# price_c_text writes it back.
function(price_csv_rows csv header row_re nfields out_var)
  if(NOT EXISTS "${csv}")
    message(FATAL_ERROR "prices_to_c: ${csv} does not exist")
  endif()
  file(READ "${csv}" text)
  string(REPLACE "\r" "" text "${text}")
  string(REPLACE ";" "@SEMI@" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  list(POP_FRONT lines first)
  if(NOT first STREQUAL header)
    message(FATAL_ERROR "prices_to_c: ${csv}:1: header is '${first}', expected '${header}'")
  endif()
  set(rows "")
  set(lineno 1)
  foreach(line IN LISTS lines)
    math(EXPR lineno "${lineno} + 1")
    if(line STREQUAL "")
      continue()
    endif()
    if(NOT line MATCHES "${row_re}")
      message(FATAL_ERROR "prices_to_c: ${csv}:${lineno}: expected ${header}: '${line}'")
    endif()
    set(row "${lineno}")
    foreach(i RANGE 1 ${nfields})
      string(APPEND row "@F@${CMAKE_MATCH_${i}}")
    endforeach()
    list(APPEND rows "${row}")
  endforeach()
  list(LENGTH rows n)
  if(n EQUAL 0)
    message(FATAL_ERROR "prices_to_c: ${csv} has no rows")
  endif()
  set(${out_var} "${rows}" PARENT_SCOPE)
endfunction()

# Split a row of price_csv_rows into the variables named after it
# (lineno first).
macro(price_row_fields row)
  string(REPLACE "@F@" ";" price_fields_ "${row}")
  foreach(name_ ${ARGN})
    list(POP_FRONT price_fields_ ${name_})
  endforeach()
endmacro()

function(price_check_number csv lineno what value)
  if(NOT value MATCHES "${num_re}")
    message(FATAL_ERROR "prices_to_c: ${csv}:${lineno}: ${what} is '${value}', expected a non-negative number")
  endif()
endfunction()

function(price_check_name csv lineno name)
  if(NOT name MATCHES "${name_re}")
    message(FATAL_ERROR "prices_to_c: ${csv}:${lineno}: bad instance name '${name}'")
  endif()
endfunction()

# A CSV text as a C string literal body: "" (CSV's quote) -> \"
function(price_c_text text out_var)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"\"" "\\\"" text "${text}")
  string(REPLACE "@SEMI@" ";" text "${text}")
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# The (from, upto] range an EBS tier text names, as C numbers.
function(price_tier csv lineno tier from_var upto_var)
  if(tier MATCHES "^all( |$)")
    set(from 0)
    set(upto "INFINITY")
  elseif(tier MATCHES "^up to ([0-9]+)( |$)")
    set(from 0)
    set(upto "${CMAKE_MATCH_1}")
  elseif(tier MATCHES "^([0-9]+)-([0-9]+)( |$)")
    math(EXPR from "${CMAKE_MATCH_1} - 1")
    set(upto "${CMAKE_MATCH_2}")
  elseif(tier MATCHES "^above ([0-9]+)( |$)")
    set(from "${CMAKE_MATCH_1}")
    set(upto "INFINITY")
  else()
    message(FATAL_ERROR "prices_to_c: ${csv}:${lineno}: tier '${tier}' is none of: all, up to N, A-B, above N")
  endif()
  set(${from_var} "${from}" PARENT_SCOPE)
  set(${upto_var} "${upto}" PARENT_SCOPE)
endfunction()

# ------------------------------------------------------------------ EC2
price_csv_rows("${EC2}" "instance,vcpus,memory_gib,linux_usd_hour,rhel_usd_hour"
  "^([^,]+),([^,]+),([^,]+),([^,]+),([^,]+)$" 5 rows)
set(ec2_body "")
list(LENGTH rows ec2_count)
foreach(row IN LISTS rows)
  price_row_fields("${row}" lineno name vcpus mem linux rhel)
  price_check_name("${EC2}" ${lineno} "${name}")
  foreach(f IN ITEMS vcpus mem linux rhel)
    price_check_number("${EC2}" ${lineno} ${f} "${${f}}")
  endforeach()
  string(APPEND ec2_body "    {\"${name}\", ${vcpus}, ${mem}, ${linux}, ${rhel}},\n")
endforeach()
get_filename_component(ec2_name "${EC2}" NAME)
if(NOT ec2_name MATCHES "^ec2_prices_([a-z0-9-]+)_([0-9][0-9][0-9][0-9]-[0-9][0-9])\\.csv$")
  message(FATAL_ERROR "prices_to_c: ${ec2_name}: the name must be ec2_prices_REGION_YYYY-MM.csv")
endif()
set(aws_region "${CMAKE_MATCH_1}")
set(aws_date "${CMAKE_MATCH_2}")

# ------------------------------------------------------------- unpriced
price_csv_rows("${UNPRICED}"
  "instance,vcpus,memory_gib,reason,reference_price_usd_hour,reference_basis,reference_source"
  "^([^,]+),[^,]*,[^,]*,\"(([^\"]|\"\")*)\"," 2 rows)
set(unp_body "")
list(LENGTH rows unp_count)
foreach(row IN LISTS rows)
  price_row_fields("${row}" lineno name reason)
  price_check_name("${UNPRICED}" ${lineno} "${name}")
  price_c_text("${reason}" reason)
  string(APPEND unp_body "    {\"${name}\", \"${reason}\"},\n")
endforeach()

# ------------------------------------------------------------------ EBS
price_csv_rows("${EBS}" "volume_type,component,tier,unit,usd,as_of,source,notes"
  "^([a-z0-9]+),([a-z_]+),([^,\"]+),([^,\"]+),([^,\"]+)," 5 rows)
set(ebs_body "")
list(LENGTH rows ebs_count)
set(components storage iops throughput io_requests)
foreach(row IN LISTS rows)
  price_row_fields("${row}" lineno type component tier unit usd)
  price_check_number("${EBS}" ${lineno} usd "${usd}")
  if(NOT component IN_LIST components)
    message(FATAL_ERROR "prices_to_c: ${EBS}:${lineno}: component '${component}' is none of ${components}")
  endif()
  string(TOUPPER "PRICE_${component}" comp_c)
  price_tier("${EBS}" ${lineno} "${tier}" from upto)
  string(APPEND ebs_body "    {\"${type}\", ${comp_c}, ${from}, ${upto}, \"${unit}\", ${usd}},\n")
endforeach()

# ------------------------------------------------------------------ OCI
price_csv_rows("${OCI}" "item,part_number,unit,usd,as_of,source,notes"
  "^([^,\"]+),([A-Z][0-9]+),([^,\"]+),([^,\"]+),([^,\"]*)" 5 rows)
set(oci_body "")
list(LENGTH rows oci_count)
set(oci_date "")
foreach(row IN LISTS rows)
  price_row_fields("${row}" lineno item part unit usd as_of)
  price_check_number("${OCI}" ${lineno} usd "${usd}")
  if(as_of MATCHES "^([0-9][0-9][0-9][0-9]-[0-9][0-9])" AND CMAKE_MATCH_1 STRGREATER oci_date)
    set(oci_date "${CMAKE_MATCH_1}")
  endif()
  price_c_text("${item}" item)
  string(APPEND oci_body "    {\"${part}\", \"${item}\", \"${unit}\", ${usd}},\n")
endforeach()
if(oci_date STREQUAL "")
  message(FATAL_ERROR "prices_to_c: ${OCI}: no row has a YYYY-MM as_of date")
endif()

get_filename_component(unp_name "${UNPRICED}" NAME)
get_filename_component(ebs_name "${EBS}" NAME)
get_filename_component(oci_name "${OCI}" NAME)
file(WRITE "${OUT}"
"/* Generated by sim/profiles/prices_to_c.cmake from ${ec2_name},\n"
"   ${unp_name}, ${ebs_name} and ${oci_name}.\n"
"   Do not edit; edit the CSVs. */\n"
"#include <math.h>\n"
"\n"
"#include \"sim/profiles/prices_table.h\"\n"
"\n"
"const char price_aws_region[] = \"${aws_region}\";\n"
"const char price_aws_date[] = \"${aws_date}\";\n"
"const char price_aws_list[] = \"AWS ${aws_region} ${aws_date} list\";\n"
"const char price_oci_date[] = \"${oci_date}\";\n"
"const char price_oci_list[] = \"OCI ${oci_date} list\";\n"
"\n"
"/* {name, vcpus, memory_gib, linux_usd_hour, rhel_usd_hour} */\n"
"const struct price_ec2_row price_ec2_rows[] = {\n${ec2_body}};\n"
"const int price_ec2_row_count = ${ec2_count};\n"
"\n"
"const struct price_unpriced_row price_unpriced_rows[] = {\n${unp_body}};\n"
"const int price_unpriced_row_count = ${unp_count};\n"
"\n"
"/* {volume_type, component, from, upto, unit, usd} */\n"
"const struct price_ebs_row price_ebs_rows[] = {\n${ebs_body}};\n"
"const int price_ebs_row_count = ${ebs_count};\n"
"\n"
"/* {part_number, item, unit, usd} */\n"
"const struct price_oci_row price_oci_rows[] = {\n${oci_body}};\n"
"const int price_oci_row_count = ${oci_count};\n")
