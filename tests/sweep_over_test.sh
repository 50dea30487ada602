#!/usr/bin/env bash
# sweep_over_test.sh - `asmsim sweep --over PARAM=LIST`: one run per value
# at one disk count, keyed by the value in the terminal table, the sweep
# CSV, the JSON, the classes CSV, ORION's files and the HTML report; each
# run resolved as the command line with that value would be (its bill,
# its volume); bad parameters and values exit 2 with one line.
#
#   bash sweep_over_test.sh <path-to-asmsim> <tests-dir>
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-over.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

FAST=(--duration 300ms --quiet)

# ---- ORION's classes over the large I/O size -------------------------------

mkdir sl
"$ASMSIM" sweep --over size-large=64KiB,1MiB --instance r6i.4xlarge --volumes 2 \
    --run simple "${FAST[@]}" --output-dir sl --json sl.json --report sl.html \
    --testname t > sl.txt 2>&1
sl_rc=$?
if [ $sl_rc -eq 0 ] &&
   grep -q '^  swept     size-large = 64KiB, 1MiB (a run each, in that order; above, the first' sl.txt &&
   grep -q 'large 64 KiB random' sl.txt &&
   grep -Eq '^size-large +max large MBPS' sl.txt &&
   grep -Eq '^ +64KiB +[0-9.]+ ' sl.txt && grep -Eq '^ +1MiB +[0-9.]+ ' sl.txt &&
   grep -Eq '^Maximum Large MBPS is highest at size-large=(64KiB|1MiB): ' sl.txt &&
   grep -q 'every value listed is within 3 % of it: size-large barely moves this figure here.$' sl.txt &&
   ! grep -q 'already reaches' sl.txt &&
   python3 - sl.json sl/*_sweep.csv <<'PY'
import csv, json, sys
d = json.load(open(sys.argv[1]))
assert d["config"]["sweep_over"] == {"param": "size-large", "values": ["64KiB", "1MiB"]}, d["config"]["sweep_over"]
assert [s["swept_value"] for s in d["sweep"]] == ["64KiB", "1MiB"]
assert [s["disks"] for s in d["sweep"]] == [2, 2]
assert d["config"]["workload"]["large_bytes"] == 1048576, d["config"]["workload"]
rows = list(csv.DictReader(open(sys.argv[2]).readlines()[1:]))
assert [(r["swept"], r["swept_value"]) for r in rows] == [("size-large", "64KiB"), ("size-large", "1MiB")], rows
PY
then
    harness_ok "over_size_large_should_key_the_table_csv_and_json_on_the_values"
else
    harness_fail "over_size_large_should_key_the_table_csv_and_json_on_the_values" \
        "exit $sl_rc; $(tail -c 600 sl.txt)"
fi
expect_glob "over_should_name_each_runs_orion_files_by_its_value" \
    "sl/t_size-large_1MiB_*_summary.txt"
if grep -q '<h2>Sweep over size-large</h2>' sl.html &&
   grep -q '<th>size-large</th><th>max large MBPS</th>' sl.html &&
   grep -q '<tr><td>64KiB</td>' sl.html &&
   grep -q 'Summary of the last run, size-large=1MiB' sl.html; then
    harness_ok "over_report_should_draw_and_tabulate_against_the_values"
else
    harness_fail "over_report_should_draw_and_tabulate_against_the_values" \
        "$(grep -o '<h2>[^<]*</h2>' sl.html | head -5)"
fi

mkdir tl
"$ASMSIM" sweep --over size-large=64KiB,1MiB --volumes 2 --matrix point --num-small 0 \
    --num-large 2 "${FAST[@]}" --interval 100ms --output-dir tl > /dev/null 2>&1
if [ "$(tail -n +3 tl/*_timeline.csv | awk -F, '{ print $NF }' | sort | uniq -c |
        awk '{ print $2 "=" $1 }' | tr '\n' ' ')" = "1MiB=3 64KiB=3 " ]; then
    harness_ok "over_timeline_should_name_each_rows_value"
else
    harness_fail "over_timeline_should_name_each_rows_value" "$(tail -2 tl/*_timeline.csv)"
fi

expect_stdout_matches "over_reading_should_name_the_first_value_that_is_enough_and_the_lowest" \
    '^Maximum Large MBPS is highest at size-large=64KiB: [0-9.]+ MB/s \(limited by volume throughput\); size-large=1MiB already reaches 97 % of it \([0-9.]+ MB/s\); lowest at size-large=16KiB: [0-9.]+ MB/s\.$' \
    "$ASMSIM" sweep --over size-large=1MiB,64KiB,16KiB --volumes 2 --run simple "${FAST[@]}"

# ---- a volume key: each run's volume and bill are its own ------------------

"$ASMSIM" sweep --over volume-iops=3000,6000 --volume gp3 --volumes 4 --run oltp \
    "${FAST[@]}" --json vi.json > vi.txt 2>&1
if python3 - vi.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = d["sweep"]
assert [r["cost"]["volumes_usd_month"] for r in s] == [80, 140], [r["cost"] for r in s]
assert d["config"]["volume"]["spec"] == "gp3:size=250GiB,iops=6000,throughput=125MiB/s", d["config"]["volume"]
assert s[1]["summary"]["max_small_iops"] > s[0]["summary"]["max_small_iops"] * 1.5
PY
then
    harness_ok "over_volume_iops_should_give_each_run_its_volume_and_bill"
else
    harness_fail "over_volume_iops_should_give_each_run_its_volume_and_bill" "$(tail -5 vi.txt)"
fi

# ---- a database workload: a group's volume, a class's rate, targets --------

DB=(--workload oltp --instance r6i.4xlarge --group DATA:disks=8,volume=gp3
    --group REDO:disks=4,volume=io2,iops=16000 "${FAST[@]}")
mkdir db
"$ASMSIM" sweep "${DB[@]}" --over volume-iops:REDO=4000,16000 \
    --need-latency redo:p99:1ms --output-dir db > db.txt 2>&1
db_rc=$?
if [ $db_rc -eq 0 ] &&
   grep -Eq '^volume-iops:REDO +class +group' db.txt &&
   grep -Eq '^ +4000 +data-reads +DATA .* 1985\.84$' db.txt &&
   grep -Eq '^ +16000 +data-reads +DATA .* 5105\.84$' db.txt &&
   grep -q '^Every target is met at volume-iops:REDO=4000, 16000\.$' db.txt &&
   grep -Eq '^12,redo,REDO,all,[0-9.]+,.*,16000$' db/*_classes.csv; then
    harness_ok "over_a_groups_volume_should_price_each_run_and_judge_its_targets"
else
    harness_fail "over_a_groups_volume_should_price_each_run_and_judge_its_targets" \
        "exit $db_rc; $(tail -c 800 db.txt)"
fi
"$ASMSIM" sweep "${DB[@]}" --over rate:data-reads=1000,100000 \
    --need-iops data-reads:2000 > dr.txt 2>&1
if grep -Eq '^ +1000 +data-reads +DATA +([89][0-9][0-9]|1[01][0-9][0-9]) ' dr.txt &&
   grep -q '^Every target is met at rate:data-reads=100000\.$' dr.txt; then
    harness_ok "over_a_class_rate_should_offer_each_rate"
else
    harness_fail "over_a_class_rate_should_offer_each_rate" "$(tail -c 800 dr.txt)"
fi

# ---- ORION's classes by name, and disks as --volumes ----------------------

expect_stdout_matches "over_outstanding_small_should_set_num_small" \
    '^ +4 +- +- +[0-9]+ ' \
    "$ASMSIM" sweep --over outstanding:small=1,4 --matrix point --num-large 0 \
    --volumes 1 "${FAST[@]}"
harness_run "$ASMSIM" sweep --over disks=1,2 --run oltp "${FAST[@]}"
over_disks=$H_OUT
harness_run "$ASMSIM" sweep --volumes 1,2 --run oltp "${FAST[@]}"
if [ "$over_disks" = "$H_OUT" ] && [ -n "$H_OUT" ]; then
    harness_ok "over_disks_should_be_the_sweep_of_volumes"
else
    harness_fail "over_disks_should_be_the_sweep_of_volumes" "outputs differ"
fi

# ---- what is refused -------------------------------------------------------

expect_error "over_an_unknown_parameter_should_list_the_parameters" \
    "asmsim: --over colour=1,2: not a parameter; write PARAM=V1,V2,... with PARAM one of disks, size-small" "" \
    "$ASMSIM" sweep --over colour=1,2
expect_error "over_a_bad_value_should_get_the_options_own_reason" \
    "asmsim: --over size-large=1000B: not an I/O size; use a multiple of 512 bytes" "" \
    "$ASMSIM" sweep --over size-large=64KiB,1000B
expect_error "over_a_value_listed_twice_should_be_refused" \
    "asmsim: --over write=0,30,0: 0 listed twice; each value runs once" "" \
    "$ASMSIM" sweep --over write=0,30,0
expect_error "over_with_the_option_given_too_should_be_refused" \
    "asmsim: --over size-large=64KiB: --size-large is given too; the sweep sets it on each run (drop --size-large)" "" \
    "$ASMSIM" sweep --over size-large=64KiB --size-large 1MiB
expect_error "over_with_several_disk_counts_should_be_refused" \
    "asmsim: --over write=0,50: --volumes 1-4 lists 4 disk counts; a sweep over write runs at one" "" \
    "$ASMSIM" sweep --over write=0,50 --volumes 1-4
expect_error "over_disks_with_volumes_too_should_be_refused" \
    "asmsim: --volumes given twice (1,2 and 3); " "" \
    "$ASMSIM" sweep --over disks=1,2 --volumes 3
expect_error "over_with_the_dashboard_should_be_refused" \
    "asmsim: --over write=0,50: the dashboard (--tui) watches a sweep of disk counts" "" \
    "$ASMSIM" sweep --over write=0,50 --tui
expect_error "over_a_closed_class_rate_should_point_to_outstanding" \
    "asmsim: --over rate:direct-reads=5: class direct-reads is closed loop (outstanding I/Os): sweep outstanding:direct-reads" "" \
    "$ASMSIM" sweep --workload dss --over rate:direct-reads=5
expect_error "over_an_open_class_outstanding_should_point_to_rate" \
    "asmsim: --over outstanding:redo=1: class redo is open loop (a rate): sweep rate:redo" "" \
    "$ASMSIM" sweep --workload oltp --over outstanding:redo=1
expect_error "over_a_group_that_is_not_given_should_list_the_groups" \
    "asmsim: --over volume-iops:RECO=4000: no disk group RECO; the groups are DATA, REDO" "" \
    "$ASMSIM" sweep "${DB[@]}" --over volume-iops:RECO=4000
expect_error "over_orion_write_by_class_should_say_they_share_one" \
    "asmsim: --over write:small=10: ORION's classes share one --write: write=LIST" "" \
    "$ASMSIM" sweep --over write:small=10
expect_stdout_contains "help_of_sweep_should_explain_over" \
    "--over PARAM=LIST" "$ASMSIM" sweep --help

harness_done
