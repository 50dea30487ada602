#!/usr/bin/env bash
# sweep_jobs_test.sh - `asmsim sweep --jobs N`: disk counts in parallel give
# the serial sweep's output byte for byte (stdout, JSON, every file of
# --output-dir, the --progress lines), wall-clock fields aside
# (wall_seconds; the progress line's elapsed and ETA) and the command line
# the files quote; real devices stay serial and say so; bad values exit 2.
#
#   bash sweep_jobs_test.sh <path-to-asmsim> <tests-dir>
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-jobs.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

# shellcheck source=cli/normalise.sh
. "$TESTS_DIR/cli/normalise.sh"

# same_with_jobs NAME ARGS...: a sweep with --jobs 1 and with --jobs 2
same_with_jobs() {
    local name=$1 j diffs
    shift
    for j in 1 2; do
        mkdir "out-$j"
        "$ASMSIM" sweep "$@" --jobs $j --progress --output-dir "out-$j" \
            --json "out-$j/all.json" >"out-$j/stdout" 2>"out-$j/stderr"
        echo "exit $?" >>"out-$j/stdout"
        normalise "out-$j"
    done
    diffs=$(diff -r out-1 out-2 | head -20)
    if [ -z "$diffs" ] && [ "$(ls out-1 | wc -l)" -gt 10 ] &&
       grep -q "exit 0" out-1/stdout && grep -q "points (" out-1/stderr; then
        harness_ok "$name"
    else
        harness_fail "$name" "$(ls out-1 | wc -l) files; ${diffs:-exit or progress missing}"
    fi
    rm -rf out-1 out-2
}

same_with_jobs "jobs_2_should_match_jobs_1_on_several_disk_counts_with_timelines" \
    --volumes 1-3,5 --run simple --duration 300ms --interval 100ms
same_with_jobs "jobs_2_should_match_jobs_1_on_burst_volumes" \
    --volumes 1,2,4 --volume gp2:size=100GiB --run normal --duration 300ms \
    --burst-credits 30
same_with_jobs "jobs_2_should_match_jobs_1_over_a_parameter" \
    --over size-large=64KiB,1MiB --volumes 2 --run simple --duration 300ms
same_with_jobs "jobs_2_should_match_jobs_1_with_carried_burst_credits" \
    --volumes 1,3,4 --volume gp2:size=50GiB --run simple --duration 300ms \
    --burst-credits carry=20

expect_stdout_contains "help_of_sweep_should_give_jobs" \
    "--jobs N" "$ASMSIM" sweep --help
expect_error "jobs_0_should_be_refused" \
    "asmsim: --jobs 0: not a thread count; use an integer 1..256" "" \
    "$ASMSIM" sweep --jobs 0 --volumes 1-2
expect_error "jobs_257_should_be_refused" "asmsim: --jobs 257: not a thread count" "" \
    "$ASMSIM" sweep --jobs 257 --volumes 1-2
expect_error "jobs_text_should_be_refused" "asmsim: --jobs two: not a thread count" "" \
    "$ASMSIM" sweep --jobs two --volumes 1-2
expect_error "forecast_should_not_take_jobs" "asmsim: --jobs:" "" \
    "$ASMSIM" forecast --jobs 2
expect_no_files "refused_jobs_should_write_nothing" .

# a real clock (files with the aio engine, the null engine): one disk
# count at a time, and said so
for f in f1 f2; do
    dd if=/dev/urandom of=$f bs=1M count=16 status=none
done
jobs_serial() {
    local name=$1 engine=$2
    shift 2
    harness_run "$ASMSIM" sweep "$@" --volumes 1-2 --jobs 2 \
        --duration 100ms --run simple --num-large 0
    if [ "$H_RC" -eq 0 ] && [[ "$H_ERR" == *"--jobs 2: the $engine engine runs one disk count at a time"* ]]; then
        harness_ok "$name"
    else
        harness_fail "$name" "exit $H_RC: ${H_ERR:0:300}"
    fi
}
jobs_serial "jobs_on_real_devices_should_say_they_run_serially" aio \
    --target f1 --target f2
jobs_serial "jobs_on_the_null_engine_should_say_it_runs_serially" null \
    --engine null

# interrupted: SIGINT after 1.5 s still writes the disk counts that
# finished, in order from the first, marked incomplete
mkdir intr
"$ASMSIM" sweep --volumes 1-16 --run normal --duration 2s --jobs 2 \
    --quiet --json intr/all.json >intr/out 2>intr/err &
pid=$!
sleep 1.5
kill -INT "$pid"
wait "$pid"
rc=$?
expect_true "sigint_should_exit_130" test "$rc" -eq 130
expect_true "sigint_should_keep_the_finished_disk_counts_in_order" python3 - intr/all.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
disks = [r["disks"] for r in d["sweep"]]
print(disks, d.get("incomplete"))
sys.exit(0 if d.get("incomplete") is True and 0 < len(disks) < 16
         and disks == list(range(1, len(disks) + 1)) else 1)
PY

harness_done
