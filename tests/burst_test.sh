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
# the same on HDD volumes, whose empty buckets each idle instant (a stream
# moving on to the next disk) gives a crumb of credit: no burst from it
# ("ran out 1 s into the window (at most 2.1 days from full)")
ST1_STREAMS=(--instance m5.4xlarge --volume st1:size=2TiB --type seq --num-large 16 --run dss
             --burst-credits empty)
expect_stdout_lacks "empty_hdd_streams_should_print_no_burst_remark" "Burst:" \
    "$ASMSIM" run "${ST1_STREAMS[@]}" --disks 4
expect_stdout_lacks "empty_hdd_sweep_should_print_no_burst_sentence" "burst, for at most" \
    "$ASMSIM" sweep "${ST1_STREAMS[@]}" --volumes 1-6

# ---- a percentage: the burst from that level, and from full -----------------
# 4 x st1 4 TiB on m5.large, 100 % writes, normal redundancy: each random
# 128 KiB write is charged a 1 MiB unit, 500 a second, delivered in full
# since issue 33 (0.95 before: 124 MB/s, 1.5 h): 4 x 500 x 128 KiB / 2 =
# 131 MB/s logical, 262 MB/s physical, against which the instance's bucket,
# (593.75 - 81.25) MB/s x 1800 s, lasts 85 min from full, half of it 42 min
HALF=(run --instance m5.large --volume st1:size=4TiB --disks 4 --redundancy normal
      --write 100 --run normal --burst-credits 50)
expect_stdout_matches "half_full_burst_should_last_half_as_long" \
    '^Burst: 131\.[0-9]{2} MB/s for at most 4[1-3] min from 50 %, 8[3-6] min from full \(instance MB/s burst credits\)' \
    "$ASMSIM" "${HALF[@]}"
expect_stdout_matches "half_full_sweep_should_say_from_which_level" \
    'At burst, for at most [0-9.]+ (min|h) from 50 %, [0-9.]+ (min|h) from full:' \
    "$ASMSIM" sweep --instance m5.large --volume st1:size=4TiB --volumes 1-3 --write 100 \
    --run dss --burst-credits 50

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
# 2 x gp2 125 GiB sustain their baseline, 2 x 3 x 125 = 750 IOPS, in full
# since issue 33 (712 at the former 0.95)
expect_stdout_matches "gp2_run_should_name_the_volume_iops_credits" \
    '^Burst: [0-9]+ IOPS for at most [0-9]+ min \(volume IOPS burst credits\), then 7[45][0-9] IOPS sustained' \
    "$ASMSIM" run --volume gp2:size=125GiB --disks 2 --run oltp --duration auto
expect_stdout_matches "st1_run_should_name_the_volume_throughput_credits" \
    '^Burst: [0-9.]+ MB/s for at most [0-9.]+ (h|min) \(volume throughput burst credits\), then [0-9.]+ MB/s sustained' \
    "$ASMSIM" run --volume st1:size=500GiB --disks 2 --run dss --duration auto
expect_stdout_lacks "run_that_touches_no_bucket_should_print_no_burst_remark" "Burst" \
    "$ASMSIM" run --volume gp3 --disks 2 --duration auto
expect_stdout_lacks "sweep_that_touches_no_bucket_should_have_no_sustained_column" "ustained" \
    "$ASMSIM" sweep --volume gp3 --volumes 1-2 --duration auto --quiet

mkdir -p orion
# 2 x gp3 at their full 125 MiB/s since issue 33 (262 MB/s, 0.95 of it
# before) empty m5.large's bucket in 84 min (1.5 h before): min or h
expect_stdout_matches "orion_on_modelled_volumes_should_name_the_burst" \
    '^Burst: [0-9.]+ MB/s for at most [0-9.]+ (h|min) \(instance MB/s burst credits\), then 7[89]\.[0-9]{2} MB/s sustained' \
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

# ---- a point longer than its burst ------------------------------------------
# When the first bucket runs out inside the window the point's figures
# average burst and baseline; the burst facts give the rate while the
# credits lasted, when they ran out (the device's own bucket-empty time,
# within 10 % of bucket / (burst - earn), earn = the provisioned
# baseline) and the sustained rate (within 7 % of the delivered
# baseline).  Every bucket kind, closed and open loop.
# check_long_point NAME BUCKET_UNITS BURST_PER_S EARN_PER_S BASE_PER_S KEY ARGS...
check_long_point() {
    local name=$1 bucket=$2 burst=$3 earn=$4 base=$5 key=$6
    shift 6
    "$ASMSIM" run "$@" --json "$name.json" >/dev/null 2>&1
    expect_true "$name" python3 - "$name.json" "$bucket" "$burst" "$earn" "$base" "$key" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
bucket, burst, earn, base = map(float, sys.argv[2:6])
key = sys.argv[6]
b = d["points"][0]["burst"]
sustained = b["sustained_" + key.split("_")[1]]
expect = bucket / (burst - earn)
ok = (b["ran_out_s"] is not None
      and abs(b["ran_out_s"] - expect) <= 0.10 * expect
      and abs(b[key] - burst) <= 0.03 * burst
      and abs(sustained - base) <= 0.07 * base)
sys.exit(0 if ok else 1)
PY
}
# gp2 500 GiB: 5.4 M credits, bursts at 3000, earns the documented 1500
# (DOMAIN.md 4: "earns baseline per s") and sustains 1500, each delivered
# in full since issue 33 (burst 2850 and base 1425 at the former 0.95):
# runs out 5.4e6 / (3000 - 1500) = 3600 s in, AWS's own burst duration
check_long_point "gp2_long_point_should_report_burst_run_out_and_sustained" \
    5.4e6 3000 1500 1500 burst_iops \
    --volume gp2:size=500GiB --disks 1 --instance m5.4xlarge --run advanced \
    --matrix point --num-small 16 --num-large 0 --duration 2h
# open at 2800: 5.4e6 / (2800 - 1500) = 4154 s, then the full 1500
check_long_point "gp2_open_loop_should_report_when_its_bucket_empties" \
    5.4e6 2800 1500 1500 burst_iops \
    --volume gp2:size=500GiB --disks 1 --instance m5.4xlarge --rate-small 2800 \
    --duration 2h
# m5.large: (593.75 - 81.25) MB/s x 1800 s, delivered 0.972, earns 81.25 MB/s
check_long_point "instance_long_point_should_report_burst_run_out_and_sustained" \
    922500 577.13 78.98 78.98 burst_mbps \
    --instance m5.large --volume gp3:size=125GiB,iops=4000,throughput=1000MiB/s \
    --disks 8 --run advanced --matrix point --num-small 0 --num-large 16 --write 100 \
    --duration 1h
check_long_point "instance_open_loop_should_run_out_when_its_bucket_empties" \
    922500 400 78.98 78.98 burst_mbps \
    --instance m5.large --volume gp3:size=125GiB,iops=4000,throughput=1000MiB/s \
    --disks 8 --rate-large 400MB/s --duration 1h
# st1 500 GiB: 0.5 TiB of credits, earns 20 MiB/s (40 per TiB) and
# bursts at 122.07 MiB/s (250 per TiB), delivers 0.95 of each; one
# sequential stream of 128 KiB merges into 1 MiB units, so what it is
# charged is what it moves: out after 549755.8 / (121.60 - 19.92) s
check_long_point "st1_long_point_should_report_burst_run_out_and_sustained" \
    549755.8 121.60 19.92 19.92 burst_mbps \
    --volume st1:size=500GiB --instance none --disks 1 --run advanced \
    --matrix point --num-small 0 --num-large 1 --type seq --duration 3h
# the same volume under random 8 KiB reads: every I/O is charged a full
# 1 MiB unit (DOMAIN.md 4), so it bursts at 122.07 I/Os a second (250 MiB/s
# per TiB), spends its 512000 units of credit (1 TiB per TiB), earns 19.53
# a second (40 MiB/s per TiB) and sustains 19.53 IOPS, each in full since
# issue 33 (115.97 and 19 at the former 0.95): out after
# 512000 / (122.07 - 19.53) s = 83 min
check_long_point "st1_small_random_io_should_spend_a_mib_of_credit_each" \
    512000 122.07 19.53 19.53 burst_iops \
    --volume st1:size=500GiB --instance none --disks 1 --run advanced \
    --matrix point --num-small 4 --num-large 0 --duration 3h
# the gp2 point above in words: 3000 while the credits last, out after
# 5.4e6 / (3000 - 1500) = 3600 s = 60 min (2850, 67 min and 1425 at the
# former 0.95), then 1500
expect_stdout_matches "long_point_burst_line_should_give_the_burst_rate_not_the_average" \
    '^Burst: 3000 IOPS until the volume IOPS burst credits ran out (59|60|61) min into the window \(at most 60 min from full\), then 1500 IOPS sustained @ Small=16 and Large=0; the maximum above averages the two$' \
    "$ASMSIM" run --volume gp2:size=500GiB --disks 1 --instance m5.4xlarge --run advanced \
    --matrix point --num-small 16 --num-large 0 --duration 2h

# A stop request cuts a point short before its sustained re-measurement:
# that point's figure on full buckets must not pass for a sustained one.
# 16 x gp2 200 GiB on m5.large: the instance's base is 3,600 IOPS
# (the EC2 limits table), so no sustained figure may exceed it; interrupted
# within the matrix, whichever point is cut short.
# interrupt SECONDS OUT COMMAND...: COMMAND's stdout into OUT, SIGINT after
# SECONDS; true when it exited 130, as an interrupted asmsim must
interrupt() {
    local secs=$1 out=$2
    shift 2
    timeout --preserve-status -s INT "$secs" "$@" >"$out" 2>/dev/null
    [ $? -eq 130 ]
}

expect_true "interrupted_run_should_exit_130" interrupt 2 /dev/null "$ASMSIM" run \
    --instance m5.large --volume gp2:size=200GiB --disks 16 --run normal \
    --duration 10s --json intr_burst.json --quiet
expect_true "interrupted_point_should_not_pass_for_sustained" python3 -c '
import json, sys
d = json.load(open("intr_burst.json"))
s = d["summary"]["sustained_small_iops"]
print(d["incomplete"], s)
sys.exit(0 if d["incomplete"] and s is not None and s <= 3600 * 1.01 else 1)'
# points of 600 s of device time, about a second of wall time each: the
# interrupt lands inside one (between two is a window of microseconds)
expect_true "interrupted_long_points_should_exit_130" interrupt 2 /dev/null "$ASMSIM" run \
    --instance m5.large --volume gp2:size=200GiB --disks 4 --run normal \
    --duration 600s --json intr_long.json --quiet
expect_true "interrupted_run_should_mark_the_point_it_cut" python3 -c '
import json, sys
d = json.load(open("intr_long.json"))
cut = [p["incomplete"] for p in d["points"]]
print(cut)
sys.exit(0 if cut and cut[-1] and not any(cut[:-1]) else 1)'

# a sweep stopped mid-way says so under its table, and names a partial row
expect_true "interrupted_sweep_should_exit_130" interrupt 2 intr_sweep.out "$ASMSIM" sweep \
    --instance m5.large --volume gp2:size=200GiB --volumes 1-16 --run normal \
    --duration 5s --output-dir intr_sweep --testname intr
expect_true "interrupted_sweep_table_should_say_where_it_stopped" grep -Eq \
    '^\(incomplete: stopped (in the [0-9]+-disk run after [0-9]+ of [0-9]+ points(, [0-9]+ more cut short)?; that row is partial|before the last disk count)\)$' \
    intr_sweep.out
# and so does its CSV (schema 6): the row the table names partial is the
# one marked incomplete, the rows before it are whole
expect_true "interrupted_sweep_csv_should_mark_the_partial_row" python3 - <<'PY'
import csv, glob, re, sys
lines = open(glob.glob("intr_sweep/intr_*_sweep.csv")[0]).read().splitlines()
rows = list(csv.DictReader(lines[1:]))
marks = [(r["disks"], r["incomplete"]) for r in rows]
print(marks)
m = re.search(r"stopped in the (\d+)-disk run", open("intr_sweep.out").read())
want = [(r["disks"], "true" if m and r["disks"] == m.group(1) else "false") for r in rows]
sys.exit(0 if rows and lines[0].startswith("# asmsim sweep CSV, schema 6;") and
         marks == want and (not m or marks[-1] == (m.group(1), "true")) else 1)
PY

harness_done
