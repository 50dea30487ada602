#!/usr/bin/env bash
# burst_test.sh - burst and sustained as the command line shows them.
#
#   bash burst_test.sh <path-to-asmsim> <tests-dir>
#
# A maximum that rests on burst credits (an instance's 30-minute burst,
# gp2 IOPS credits, st1/sc1 throughput credits) must say so and give the
# sustained figure next to it; --burst-credits sets the state every point
# starts from, or (carry) the state at the first point that then carries.
# Same harness and output as cli_test.sh.
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-burst.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

M5=(--instance m5.large --volume gp3:size=250GiB,iops=3000,throughput=125MiB/s)
# the default study of ./build.sh run
STUDY=(sweep "${M5[@]}" --volumes 1-16 --run simple --write 100 --duration auto --quiet)

# ---- the default study: sustained and burst both ---------------------------

expect_stdout_contains "default_study_should_read_from_the_sustained_figure" \
    "Sustained: 1 volume reaches 97 % of the instance baseline (81.25 MB/s); more add nothing. At burst, for at most 31 min: 5 volumes reach 97 % of the instance limit (593.75 MB/s); more add nothing." \
    "$ASMSIM" "${STUDY[@]}"
expect_stdout_matches "default_study_should_have_a_sustained_column_next_to_each_maximum" \
    '^disks +max large MBPS +sustained MBPS +limited by +max small IOPS +sustained IOPS +limited by +min small lat' \
    "$ASMSIM" "${STUDY[@]}"
# with normal redundancy every write lands twice: the sustained reading
# compares the physical figure with the (physical) instance baseline
expect_stdout_matches "sustained_reading_with_redundancy_should_compare_physical_with_physical" \
    'Sustained: 2 volumes reach 9[0-9] % of the instance baseline \(81.25 MB/s of physical I/O, 2 x the logical figure with normal redundancy\)' \
    "$ASMSIM" sweep --instance m5.large --redundancy normal --write 100 --volumes 2-4 --run simple
expect_stdout_matches "default_study_should_sustain_79_mbps_at_5_volumes" \
    '^ +5 +57[0-9]\.[0-9]{2} +7[89]\.[0-9]{2} ' "$ASMSIM" "${STUDY[@]}"

# ---- --burst-credits empty: empty at every point ---------------------------

expect_stdout_contains "empty_sweep_should_read_as_sustained" \
    "Sustained: 1 volume reaches 97 % of the instance baseline (81.25 MB/s); more add nothing." \
    "$ASMSIM" "${STUDY[@]}" --burst-credits empty
# 5 volumes: the large-only points come after small-only ones, whose
# idle instance link used to refill the bucket (577 MB/s)
expect_stdout_matches "empty_sweep_should_hold_the_instance_baseline_at_5_volumes" \
    '^ +5 +7[89]\.[0-9]{2} ' "$ASMSIM" "${STUDY[@]}" --burst-credits empty
expect_stdout_lacks "empty_run_should_print_no_burst_remark" "Burst:" \
    "$ASMSIM" run "${M5[@]}" --disks 5 --write 100 --duration auto --burst-credits empty

# ---- carry: today's behaviour, named ---------------------------------------

expect_stdout_matches "carry_from_empty_should_refill_between_points" \
    '^ +5 +57[0-9]\.[0-9]{2} ' "$ASMSIM" "${STUDY[@]}" --burst-credits carry=empty
expect_stdout_contains "carry_should_be_shown_in_the_header" \
    "burst credits 0 % at the start, carried" \
    "$ASMSIM" run "${M5[@]}" --disks 1 --duration 100ms --burst-credits carry=0
expect_stdout_contains "full_should_be_shown_in_the_header_as_every_point" \
    "burst credits 100 % at every point" \
    "$ASMSIM" run "${M5[@]}" --disks 1 --duration 100ms
expect_exit 0 "carry_with_a_percentage_should_be_accepted" \
    "$ASMSIM" run "${M5[@]}" --disks 1 --duration 100ms --quiet --burst-credits carry=50%
expect_error "carry_with_a_bad_level_should_be_rejected" \
    "asmsim: --burst-credits carry=150: not a burst credit level" "" \
    "$ASMSIM" run --burst-credits carry=150
expect_error "carry_glued_to_a_word_should_be_rejected" \
    "asmsim: --burst-credits carryon: not a burst credit level" "" \
    "$ASMSIM" run --burst-credits carryon
for cmd in run sweep orion; do
    expect_stdout_contains "help_of_${cmd}_should_name_carry" "carry" \
        "$ASMSIM" $cmd --help
done

# ---- the run summary names burst and sustained -----------------------------

expect_stdout_matches "m5_large_run_should_name_the_instance_burst_and_sustained" \
    '^Burst: 57[0-9]\.[0-9]{2} MB/s for at most 31 min \(instance MB/s burst credits\), then 7[89]\.[0-9]{2} MB/s sustained @ Small=0 and Large=[0-9]+$' \
    "$ASMSIM" run "${M5[@]}" --disks 5 --write 100 --duration auto
expect_stdout_matches "gp2_run_should_name_the_volume_iops_credits" \
    '^Burst: [0-9]+ IOPS for at most [0-9]+ min \(volume IOPS burst credits\), then 71[0-9] IOPS sustained' \
    "$ASMSIM" run --volume gp2:size=125GiB --disks 2 --run oltp --duration auto
expect_stdout_matches "st1_run_should_name_the_volume_throughput_credits" \
    '^Burst: [0-9.]+ MB/s for at most [0-9.]+ h \(volume throughput burst credits\), then [0-9.]+ MB/s sustained' \
    "$ASMSIM" run --volume st1:size=500GiB --disks 2 --run dss --duration auto
expect_stdout_lacks "run_that_touches_no_bucket_should_print_no_burst_remark" "Burst" \
    "$ASMSIM" run --volume gp3 --disks 2 --duration auto
expect_stdout_lacks "sweep_that_touches_no_bucket_should_have_no_sustained_column" "ustained" \
    "$ASMSIM" sweep --volume gp3 --volumes 1-2 --duration auto --quiet

mkdir -p orion
expect_stdout_matches "orion_on_modelled_volumes_should_name_the_burst" \
    '^Burst: [0-9.]+ MB/s for at most [0-9.]+ h \(instance MB/s burst credits\), then 7[89]\.[0-9]{2} MB/s sustained' \
    "$ASMSIM" orion -run dss -num_disks 2 -duration 1 -testname ob "${M5[@]}" \
    --quiet --output-dir orion
expect_true "orion_summary_txt_should_name_the_burst_after_the_three_lines" \
    bash -c "grep -A1 '^Maximum Large MBPS=' orion/ob_*_summary.txt | grep -q '^Burst: .* sustained @ Small=0 and Large='"

# ---- files: JSON keys and the sweep CSV ------------------------------------

"$ASMSIM" run "${M5[@]}" --disks 5 --write 100 --duration auto --json - >m5.json 2>/dev/null
expect_true "json_summary_should_give_the_sustained_figure_and_the_burst" \
    python3 - m5.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = d["summary"]
ok = (75 < s["sustained_large_mbps"] < 82
      and s["sustained_large_limited_by"] == "instance_mbps"
      and 1800 < s["large_burst"]["lasts_s"] < 1900
      and s["large_burst"]["first_empty"] == "instance_mbps"
      and d["config"]["burst_credits"] == 1 and d["config"]["burst_credits_carry"] is False
      and any(p["burst"] and p["burst"]["sustained_mbps"] is not None
              and 75 < p["burst"]["sustained_mbps"] < 82 for p in d["points"])
      # a point without large I/O sustains no MB/s: null, not 0
      and all(p["burst"]["sustained_mbps"] is None for p in d["points"]
              if p["burst"] and p["large"] == 0))
sys.exit(0 if ok else 1)
PY
"$ASMSIM" run --volume gp3 --disks 1 --duration auto --json - >gp3.json 2>/dev/null
expect_true "json_without_burst_should_have_null_burst_and_sustained_equal_to_maximum" \
    python3 - gp3.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = d["summary"]
ok = (s["large_burst"] is None and s["small_burst"] is None
      and s["sustained_large_mbps"] == s["max_large_mbps"]
      and s["sustained_small_iops"] == s["max_small_iops"]
      and all(p["burst"] is None for p in d["points"]))
sys.exit(0 if ok else 1)
PY
"$ASMSIM" sweep "${M5[@]}" --volumes 1,5 --write 100 --duration auto --quiet \
    --output-dir csv --testname b >/dev/null 2>&1
expect_true "sweep_csv_should_have_sustained_and_burst_columns" \
    python3 - csv/b_*_sweep.csv <<'PY'
import csv, sys
rows = list(csv.DictReader(l for l in open(sys.argv[1]) if not l.startswith("#")))
r = rows[-1]
ok = (r["disks"] == "5" and 75 < float(r["sustained_large_mbps"]) < 82
      and 1800 < float(r["large_burst_lasts_s"]) < 1900
      and float(r["max_large_mbps"]) > 550)
sys.exit(0 if ok else 1)
PY

harness_done
