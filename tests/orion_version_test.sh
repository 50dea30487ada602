#!/usr/bin/env bash
# orion_version_test.sh - `asmsim orion -orion_version V` writes the files
# and console lines of ORION release V: for each release a run of the
# configuration of its published example (../shared/docs/ORION.md; the
# goldens in golden/orion/, golden/orion/README.md says which lines are
# quoted) is compared line by line, the measured figures aside
# (cli/orion_lines.py); the set of files each release writes; its
# time estimate; a bad version, and ORION's failure on -testname x.lun.
#
#   bash orion_version_test.sh <path-to-asmsim> <tests-dir>
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=$(cd "${2:-.}" && pwd)
GOLDEN=$TESTS_DIR/golden/orion
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-orionver.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

# release, its example's ORION flags; modelled volumes, ORION's 60 s points
# (virtual time)
run_release() {
    local v=$1; shift
    mkdir -p "out$v"
    (cd "out$v" && "$ASMSIM" orion "$@" -orion_version "$v" --volume gp3 \
        >console.txt 2>stderr.txt)
}
compare() {     # name golden actual
    expect_true "$1" python3 "$TESTS_DIR/cli/orion_lines.py" "$2" "$3"
}

run_release 11.1 -run simple -testname mytest -num_disks 1
run_release 11.2 -run simple -testname mytest -num_disks 1
run_release 12.1 -run oltp -testname test1 -num_disks 1
run_release 12.2 -run oltp -testname orion -write 50 -num_disks 4
run_release 19 -run simple -testname bmtfile-acfs -num_disks 6

for v in 11.1 11.2 12.1 12.2 19; do
    compare "orion_${v}_summary_should_match_its_golden" "$GOLDEN/${v}_summary.txt" \
        "$(ls out$v/*_summary.txt)"
    compare "orion_${v}_console_should_match_its_golden" "$GOLDEN/${v}_console.txt" \
        "out$v/console.txt"
    expect_glob "orion_${v}_should_write_trace_txt" "out$v/*_trace.txt"
done
for f in iops lat mbps; do
    compare "orion_11.1_${f}_csv_should_match_its_golden" "$GOLDEN/11.1_${f}.csv" \
        "$(ls out11.1/*_$f.csv)"
done

# the set of files: 11.x has no _hist.txt (S111's listing), 12c+ has it
expect_true "orion_11.1_should_write_five_files" \
    test "$(ls out11.1 | grep -c '^mytest_.*_\(summary.txt\|iops.csv\|lat.csv\|mbps.csv\|trace.txt\)$')" = 5
expect_true "orion_11.1_should_write_no_hist_txt" \
    test -z "$(ls out11.1 | grep '_hist.txt$')"
# 6 disks: small 1..30 (K19's 19c visited Small=10) and large 1..12
expect_true "orion_19_hist_txt_should_hold_a_table_per_point" \
    test "$(grep -c '^Small Read / Write Latency Histogram @ Small=[0-9]* and Large=0$' out19/*_hist.txt)" = 30
expect_true "orion_19_hist_txt_should_hold_the_large_points" \
    test "$(grep -c '^Large Read / Write Latency Histogram @ Small=0 and Large=[0-9]*$' out19/*_hist.txt)" = 12
# asmsim's own lines are in _trace.txt, not in the release's summary
expect_true "orion_trace_should_hold_asmsim_lines" \
    grep -q '^Volume: gp3' out19/*_trace.txt
expect_true "orion_release_summary_should_hold_no_asmsim_lines" \
    sh -c "! grep -q '^Volume: \|^Backend: \|^Disk group: ' out19/*_summary.txt"
# ORION's -run oltp goes to 20n (M12's 12.2 on 4 disks reported Small=68
# and Small=4); so does a run that keeps ORION's levels, while a run
# extended to saturation starts from 5n
expect_true "orion_oltp_on_4_disks_should_visit_small_4_and_68" \
    grep -q '^Small Columns:,      1,      4,.*,     68,     72,     76,     80$' out12.2/*_summary.txt
expect_stdout_contains "run_oltp_with_orions_levels_should_go_to_20n" \
    "Levels: ORION's: small 1..80" "$ASMSIM" run --run oltp --disks 4 --levels orion --duration 1s
expect_stdout_contains "run_oltp_extended_should_start_from_5n" \
    "Levels: extended to saturation: small 1..20" "$ASMSIM" run --run oltp --disks 4 --duration 1s
# 12.2: the Small Write lines with -write
expect_true "orion_12.2_should_give_small_write_latency" \
    test "$(grep -c '^Small Write Latency: avg=[0-9]*\.[0-9]\{3\} us' out12.2/*_summary.txt)" = 2
# 11.1's _lat.csv is in ms: a model's gp3 8 KiB read is about 0.5 ms
expect_true "orion_11.1_lat_csv_should_be_in_ms" \
    python3 -c "
import glob
row = open(glob.glob('out11.1/*_lat.csv')[0]).read().split('\n')[1]
assert all(0 < float(x) < 50 for x in row.split(',')[1:]), row"
# -cache_size is named in the release's words
(mkdir -p cache && cd cache && "$ASMSIM" orion -run dss -testname c -num_disks 1 \
    -cache_size 64 -orion_version 11.1 -duration 1 --volume gp3 >/dev/null 2>&1)
expect_true "orion_11.1_should_name_the_cache_size" grep -qx 'Cache Size: 64 MB' cache/*_summary.txt
# -cache_size 0 (no warming) reads as given, in each release's words;
# without the flag the release's "not specified"
for v in 11.1 11.2 12.1 12.2 19 own; do
    ver=(-orion_version "$v"); [ "$v" = own ] && ver=()
    (mkdir -p "c0$v" && cd "c0$v" && "$ASMSIM" orion -run dss -testname c -num_disks 1 \
        -cache_size 0 "${ver[@]}" -duration 1 --volume gp3 >/dev/null 2>&1)
    (mkdir -p "cn$v" && cd "cn$v" && "$ASMSIM" orion -run dss -testname c -num_disks 1 \
        "${ver[@]}" -duration 1 --volume gp3 >/dev/null 2>&1)
    want="Cache size: 0 MB" none="Cache size: not specified"
    [ "$v" = 11.1 ] && want="Cache Size: 0 MB" none="Cache Size: Not Entered"
    expect_true "orion_${v}_cache_size_0_should_read_0_mb" grep -qx "$want" c0$v/*_summary.txt
    expect_true "orion_${v}_no_cache_size_should_read_not_specified" \
        grep -qx "$none" cn$v/*_summary.txt
done

# the estimate: data points x duration in whole minutes, plus one
expect_stdout_contains "orion_estimate_should_round_up_and_add_one" \
    "Calibration will take approximately 2 minutes." \
    "$ASMSIM" orion -run simple -num_disks 1 -duration 1 -orion_version 19 --volume gp3 \
    --output-dir est
expect_error "orion_version_should_be_a_release" \
    "asmsim: -orion_version 10.2: unknown ORION version; use 11.1, 11.2, 12.1, 12.2 or 19" "" \
    "$ASMSIM" orion -run simple -orion_version 10.2 --volume gp3

# -testname x.lun: ORION reads x.lun.lun; 19c fails after its banner and
# prefix (K19), exit 2 as asmsim's usage errors; without a release
# asmsim's message says what -testname is
mkdir -p lun && cd lun || exit 1
harness_run "$ASMSIM" orion -run simple -testname bmtfile-acfs.lun -orion_version 19
if [ "$H_RC" -ne 2 ]; then
    harness_fail "orion_19_testname_dot_lun_should_fail_as_19c" "exit $H_RC, expected 2"
elif [ "$H_ERR" != "Failure in opening .lun file bmtfile-acfs.lun.lun (rwbase_read_luncfg:SlfFopen)orion_parse_args: rwbase_read_luncfg failed" ]; then
    harness_fail "orion_19_testname_dot_lun_should_fail_as_19c" "stderr: $H_ERR"
elif ! printf '%s\n' "$H_OUT" | python3 -c "
import re, sys
lines = sys.stdin.read().splitlines()
assert lines[0] == 'ORION: ORacle IO Numbers -- Version RDBMS_19.3.0.0.0DBRU_LINUX.X64_190417', lines
assert re.fullmatch(r'bmtfile-acfs\.lun_\d{8}_\d{4}', lines[1]) and len(lines) == 2, lines"; then
    harness_fail "orion_19_testname_dot_lun_should_fail_as_19c" "stdout: $H_OUT"
else
    harness_ok "orion_19_testname_dot_lun_should_fail_as_19c"
fi
expect_error "orion_testname_dot_lun_should_say_what_testname_is" \
    "asmsim orion: bmtfile-acfs.lun.lun: cannot read it (No such file or directory); -testname names the test, not its file: give -testname bmtfile-acfs to read bmtfile-acfs.lun" "" \
    "$ASMSIM" orion -run simple -testname bmtfile-acfs.lun
expect_error "orion_11.1_testname_dot_lun_should_say_it_in_asmsims_words" \
    "asmsim orion: x.lun.lun: cannot read it" "" \
    "$ASMSIM" orion -run simple -testname x.lun -orion_version 11.1
cd "$WORK" || exit 1

# -help: ORION's spelling answers with asmsim's help, ORION's flags in
# ORION's order (its wording is Oracle's: docs/orion.md)
expect_stdout_contains "orion_dash_help_should_print_the_help" \
    "  -cache_size M     array cache in MiB: before each large sequential point," \
    "$ASMSIM" orion -help
"$ASMSIM" orion -help >help.txt
expect_true "orion_help_should_list_orion_flags_in_orions_order" python3 -c '
import re, sys
flags = re.findall(r"^  -([a-zA-Z_]+) ", open(sys.argv[1]).read(), re.M)
assert flags[:5] == ["run", "testname", "num_disks", "size_small", "size_large"], flags
assert flags.index("orion_version") > flags.index("verbose"), flags' help.txt

# README's side-by-side comparison (its orion-diff block): the commands
# it shows, run as shown from a tree with build/asmsim and tests/, print
# nothing and succeed
mkdir -p readme/build && ln -s "$ASMSIM" readme/build/asmsim && ln -s "$TESTS_DIR" readme/tests
python3 - "$TESTS_DIR/../README.md" >readme/diff.sh <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
at = next(i for i, l in enumerate(lines) if l.startswith("<!-- orion-diff"))
assert lines[at + 1] == "```"
for l in lines[at + 2:lines.index("```", at + 2)]:
    if l.startswith("$ ") or l.startswith("> "):
        print(l[2:])
    elif l.startswith(" "):
        print(l)
PY
harness_run sh -c "cd readme && bash -e diff.sh"
if [ "$H_RC" -eq 0 ] && [ -z "$H_OUT$H_ERR" ] && grep -q orion_lines readme/diff.sh; then
    harness_ok "readme_orion_comparison_should_print_nothing"
else
    harness_fail "readme_orion_comparison_should_print_nothing" "exit $H_RC: $H_OUT $H_ERR"
fi

harness_done
