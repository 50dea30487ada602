#!/usr/bin/env bash
# cli_test.sh - the command line as users and scripts rely on it.
#
#   bash cli_test.sh <path-to-asmsim> <tests-dir>
#
# Every case prints one "ok" or "FAIL" line; the last line is
# "N passed, N failed" and the exit status is 1 on any failure.  Runs use
# modelled volumes with short points so the whole script stays well under a
# minute.
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-cli.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

FAST=(--instance m5.large --duration 200ms --quiet)

# ---- help and version ------------------------------------------------------

for cmd in run sweep orion profiles; do
    expect_exit 0 "help_of_${cmd}_should_exit_0" "$ASMSIM" $cmd --help
    expect_stdout_contains "help_of_${cmd}_should_show_usage" \
        "Usage: asmsim $cmd" "$ASMSIM" $cmd --help
done
expect_stdout_contains "help_of_run_should_give_defaults" \
    "default coarse" "$ASMSIM" run --help
expect_stdout_contains "help_of_sweep_should_give_volume_list_forms" \
    '"1,2,4,8,16"' "$ASMSIM" sweep --help
expect_stdout_contains "help_of_orion_should_give_orion_defaults" \
    "default 1024" "$ASMSIM" orion --help
expect_stdout_contains "main_help_should_list_commands" "profiles" \
    "$ASMSIM" --help
expect_stdout_matches "version_should_print_name_and_version" \
    '^asmsim [0-9]+\.[0-9]+' "$ASMSIM" --version

# ---- usage errors: exit 2, one line, Try ... --help ------------------------

expect_error "unknown_subcommand_should_exit_2" \
    "asmsim: frobnicate: unknown command" "Try 'asmsim --help'." \
    "$ASMSIM" frobnicate
expect_error "unknown_option_should_exit_2_and_point_to_help" \
    "asmsim: --bogus: unknown option" "Try 'asmsim run --help'." \
    "$ASMSIM" run --bogus
expect_error "missing_argument_should_exit_2_and_point_to_help" \
    "asmsim: --disks: missing value" "Try 'asmsim run --help'." \
    "$ASMSIM" run --disks
expect_error "stray_argument_should_exit_2_and_point_to_help" \
    "asmsim: extra: unexpected argument" "Try 'asmsim sweep --help'." \
    "$ASMSIM" sweep extra
expect_error "disks_option_should_not_exist_for_sweep" \
    "asmsim: --disks: unknown option" "Try 'asmsim sweep --help'." \
    "$ASMSIM" sweep --disks 4
expect_error "profiles_with_unknown_kind_should_exit_2" \
    "asmsim: disks: unknown profile kind" "Try 'asmsim profiles --help'." \
    "$ASMSIM" profiles disks

# ---- bad values: exit 2, "<flag> <value>: <wrong>; <valid>", nothing written

mkdir -p out
bad() {   # name, expected message part, args...
    local name=$1 msg=$2
    shift 2
    expect_error "$name" "$msg" "" "$ASMSIM" "$@" --output-dir out/new \
        --duration 200ms --quiet
    expect_no_files "${name}_should_write_nothing" out
}
bad malformed_disks_should_name_the_valid_range \
    "asmsim: --disks 0: not a disk count; use an integer 1..1024" run --disks 0
bad malformed_size_should_be_rejected \
    "asmsim: --size-small 8Q: not an I/O size; use a multiple of 4KiB" \
    run --size-small 8Q
bad au_that_asm_does_not_have_should_be_rejected \
    "asmsim: --au 3MiB: not an ASM allocation unit; use 1MiB, 2MiB, 4MiB" \
    run --au 3MiB
bad unknown_layout_should_list_layouts \
    "asmsim: --layout stripey: unknown layout; use coarse, fine, raid0 or concat" \
    run --layout stripey
bad write_percentage_above_100_should_be_rejected \
    "asmsim: --write 101: not a write percentage; use an integer 0..100" \
    run --write 101
bad burst_credits_above_100_should_be_rejected \
    "asmsim: --burst-credits 150%: not a burst credit level" \
    run --burst-credits 150%
bad malformed_duration_should_list_time_forms \
    "asmsim: --duration 5x: not a duration; use auto or a time" \
    run --duration 5x
bad bad_testname_should_give_the_charset \
    "asmsim: --testname a/b: not a test name; use 1..64 characters of [A-Za-z0-9._-]" \
    run --testname a/b
bad backwards_volume_range_should_be_rejected \
    "asmsim: --volumes 8-2: range \"8-2\" runs backwards" sweep --volumes 8-2
bad volume_count_above_max_should_be_rejected \
    "asmsim: --volumes 1,2000: \"2000\" is not a disk count" \
    sweep --volumes 1,2000
bad too_many_volume_counts_should_be_rejected \
    "asmsim: --volumes 1-65: more than 64 disk counts" sweep --volumes 1-65
bad volume_spec_the_provider_rejects_should_say_why \
    "asmsim: --volume gp3:iops=999999:" run --volume gp3:iops=999999
bad unknown_instance_should_be_rejected \
    "asmsim: --instance m5.huge:" run --instance m5.huge
bad normal_redundancy_on_one_disk_should_be_rejected \
    "asmsim: --disks 1: layout coarse, normal redundancy:" \
    run --disks 1 --redundancy normal
bad sweep_should_check_every_disk_count \
    "asmsim: --volumes 1-4 (at 1 disk): layout coarse, normal redundancy:" \
    sweep --volumes 1-4 --redundancy normal
bad matrix_with_another_run_type_should_be_rejected \
    "asmsim: --matrix point: a matrix is chosen only with --run advanced" \
    run --run simple --matrix point
bad point_matrix_without_loads_should_be_rejected \
    "asmsim: --run advanced:" run --matrix point
bad missing_layout_file_should_be_rejected \
    "asmsim: --layout-file nothere.json:" run --layout-file nothere.json

touch afile
expect_error "output_dir_that_is_a_file_should_be_rejected" \
    "asmsim: --output-dir afile/sub: afile is not a directory" "" \
    "$ASMSIM" run --output-dir afile/sub --duration 200ms
expect_error "json_in_missing_directory_should_be_rejected" \
    "asmsim: --json nodir/r.json: directory nodir does not exist" "" \
    "$ASMSIM" run --json nodir/r.json --duration 200ms --output-dir out/new
expect_no_files "json_error_should_write_nothing" out

# ---- a tiny modelled run ------------------------------------------------------

expect_exit 0 "tiny_run_should_succeed" "$ASMSIM" run "${FAST[@]}" --disks 2
expect_stdout_matches "tiny_run_should_print_maximum_large_mbps_line" \
    '^Maximum Large MBPS=[0-9]+\.[0-9]{2} @ Small=0 and Large=[0-9]+$' \
    "$ASMSIM" run "${FAST[@]}" --disks 2
expect_stdout_matches "tiny_run_should_print_maximum_small_iops_line" \
    '^Maximum Small IOPS=[0-9]+ @ Small=[0-9]+ and Large=0$' \
    "$ASMSIM" run "${FAST[@]}" --disks 2
expect_stdout_matches "tiny_run_should_print_minimum_small_latency_line" \
    '^Minimum Small Latency=[0-9]+\.[0-9]{3} usecs @ Small=[0-9]+ and Large=0$' \
    "$ASMSIM" run "${FAST[@]}" --disks 2
expect_stdout_contains "run_header_should_show_resolved_instance" \
    "m5.large (aws): 81.25 -> 593.75 MB/s" "$ASMSIM" run "${FAST[@]}" --disks 2
expect_stdout_contains "run_should_name_the_binding_limit" \
    "Binding limit: " "$ASMSIM" run "${FAST[@]}" --disks 2
expect_stdout_matches "verbose_run_should_print_point_table" \
    '^ +small +large +MBPS +IOPS' "$ASMSIM" run "${FAST[@]}" --disks 2 --verbose
expect_exit 0 "auto_duration_run_should_succeed" \
    "$ASMSIM" run --instance m5.large --duration auto --disks 1 --run oltp --quiet

# ---- JSON ----------------------------------------------------------------------

"$ASMSIM" run "${FAST[@]}" --disks 2 --json - >j1.json 2>j1.err
expect_true "json_stdout_should_be_valid_json_and_nothing_else" \
    python3 -m json.tool j1.json
"$ASMSIM" run "${FAST[@]}" --disks 2 --json - --seed 7 >s1.json 2>/dev/null
"$ASMSIM" run "${FAST[@]}" --disks 2 --json - --seed 7 >s2.json 2>/dev/null
expect_true "same_seed_twice_should_give_identical_summary_and_points" \
    python3 "$TESTS_DIR/cli/same_results.py" s1.json s2.json
expect_true "json_file_should_be_written_when_asked" \
    bash -c "'$ASMSIM' run --instance m5.large --duration 200ms --quiet --disks 1 --json r.json >/dev/null && python3 -m json.tool r.json >/dev/null"

# ---- value forms that must be accepted ----------------------------------------

expect_exit 0 "burst_credits_should_accept_percent_sign" \
    "$ASMSIM" run "${FAST[@]}" --disks 1 --run oltp --burst-credits 50%
expect_exit 0 "burst_credits_should_accept_plain_number_and_seconds_duration" \
    "$ASMSIM" run --instance none --duration 1 --warmup 0 --disks 1 \
    --run dss --burst-credits 50 --quiet
expect_exit 0 "matrix_alone_should_imply_run_advanced" \
    "$ASMSIM" run "${FAST[@]}" --disks 1 --matrix point --num-small 2 \
    --num-large 1
expect_true "sweep_volume_list_should_be_sorted_and_unique" \
    bash -c "'$ASMSIM' sweep --volumes 3,2-3,1 --duration 100ms --quiet --json - | python3 -c 'import json,sys; d=json.load(sys.stdin); sys.exit([r[\"disks\"] for r in d[\"sweep\"]] != [1, 2, 3])'"
cat >lf.json <<'JSON'
{ "au": "4MiB", "redundancy": "normal", "disks": 3 }
JSON
expect_stdout_contains "layout_file_should_set_defaults" \
    "AU 4 MiB, normal redundancy" "$ASMSIM" run "${FAST[@]}" --layout-file lf.json
expect_stdout_contains "explicit_flags_should_override_layout_file" \
    "AU 4 MiB, high redundancy" "$ASMSIM" run "${FAST[@]}" --layout-file lf.json \
    --redundancy high
expect_stdout_contains "layout_file_should_set_the_disk_count" \
    "3 x gp3" "$ASMSIM" run "${FAST[@]}" --layout-file lf.json

# ---- interruption ---------------------------------------------------------------

timeout --preserve-status -s INT 1 "$ASMSIM" run --instance m5.large --disks 8 \
    --run normal --duration 1h --output-dir od/intr >intr.out 2>intr.err
rc=$?
if [ "$rc" -eq 130 ] && grep -qx 'asmsim: interrupted; partial results written' intr.err; then
    harness_ok "sigint_should_write_partial_results_and_exit_130"
else
    harness_fail "sigint_should_write_partial_results_and_exit_130" \
        "exit $rc; stderr: $(cat intr.err)"
fi
expect_glob "sigint_should_leave_the_summary_file" "od/intr/asmsim_*_summary.txt"

# ---- output files -------------------------------------------------------------

"$ASMSIM" run "${FAST[@]}" --disks 2 --output-dir od/run --testname t1 >/dev/null 2>&1
for f in summary.txt mbps.csv iops.csv lat.csv hist.txt results.json; do
    expect_glob "output_dir_should_hold_$f" "od/run/t1_*_$f"
done
expect_true "summary_txt_should_hold_the_three_lines" \
    grep -q '^Maximum Large MBPS=' od/run/t1_*_summary.txt
expect_true "iops_csv_should_start_with_orion_header" \
    grep -q '^Large/Small,' od/run/t1_*_iops.csv

"$ASMSIM" sweep --instance m5.large --duration 100ms --quiet --volumes 1,2 \
    --output-dir od/sweep --testname sw >sweep.out 2>&1
expect_glob "sweep_should_write_sweep_csv" "od/sweep/sw_sweep.csv"
expect_glob "sweep_should_write_orion_files_per_disk_count" \
    "od/sweep/sw_2disks_*_summary.txt"
expect_glob "sweep_should_write_one_results_json" "od/sweep/sw_*_results.json"
expect_true "sweep_should_print_the_table" grep -q 'disks' sweep.out

# ---- orion ------------------------------------------------------------------------

mkdir -p orion && cd orion || exit 1
expect_stdout_contains "orion_simple_one_disk_should_report_8_points" \
    "Total Data Points: 8" "$ASMSIM" orion -run simple -num_disks 1 \
    --instance m5.large --volume gp3 -duration 1 --quiet
expect_glob "orion_should_write_summary_in_current_directory" \
    "orion_*_summary.txt"
expect_true "orion_summary_should_report_8_points" \
    grep -q 'Total Data Points: 8' orion_*_summary.txt
expect_exit 0 "orion_should_accept_and_ignore_storax_and_hugenotneeded" \
    "$ASMSIM" orion -run oltp -num_disks 1 --volume gp3 -duration 1 \
    -storax x -hugenotneeded -testname t2 --quiet
rm -f ./*.txt ./*.csv
expect_error "orion_without_model_and_missing_lun_should_exit_2" \
    "asmsim orion: mytest.lun: cannot read it" "" \
    "$ASMSIM" orion -run simple -testname mytest
echo /dev/null >mytest.lun
expect_error "orion_with_lun_file_should_check_every_lun_before_running" \
    "asmsim: /dev/null: neither a regular file nor a block device" "" \
    "$ASMSIM" orion -run simple -testname mytest
expect_error "orion_without_run_should_exit_2" \
    "asmsim: -run: missing" "Try 'asmsim orion --help'." \
    "$ASMSIM" orion -num_disks 2 --volume gp3
expect_error "orion_bad_value_should_name_the_flag" \
    "asmsim: -num_disks x: not a disk count; use an integer 1..1024" "" \
    "$ASMSIM" orion -run simple -num_disks x --volume gp3
expect_no_files "orion_errors_should_write_nothing" .  mytest.lun
cd .. || exit 1

# ---- profiles ---------------------------------------------------------------------

expect_stdout_contains "profiles_should_list_volume_types" "gp3" \
    "$ASMSIM" profiles volumes
expect_stdout_contains "profiles_should_list_instances" "m5.large" \
    "$ASMSIM" profiles instances
expect_stdout_contains "profiles_should_show_one_instance" \
    "593.75 MB/s maximum" "$ASMSIM" profiles instances m5.large
expect_stdout_contains "profiles_should_show_one_volume_spec" \
    "4000" "$ASMSIM" profiles volumes "gp3:size=125GiB,iops=4000"
expect_error "profiles_should_reject_unknown_instance" \
    "asmsim: profiles instances m5.huge:" "" "$ASMSIM" profiles instances m5.huge

harness_done
