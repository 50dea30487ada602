#!/usr/bin/env bash
# run_jobs_test.sh - `asmsim run --jobs N` and `asmsim orion --jobs N`: the
# points of one run measured on several threads give the serial run's
# output byte for byte (stdout, JSON, ORION's files, the timeline CSV, the
# --progress lines), wall-clock fields aside (wall_seconds; the progress
# line's elapsed and ETA) and the command line the files quote; with and
# without burst volumes, on several disk counts.  Where points cannot run
# at once (carried credits, a real clock) the run says so once on stderr
# and runs them in order.  SIGINT with --jobs 2 keeps the points done, in
# matrix order, and exits 130.
#
#   bash run_jobs_test.sh <path-to-asmsim> <tests-dir>
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-runjobs.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

# shellcheck source=cli/normalise.sh
. "$TESTS_DIR/cli/normalise.sh"

# same_with_jobs NAME MIN_FILES COMMAND ARGS...: the command with --jobs 1
# and with --jobs 2, every output compared
same_with_jobs() {
    local name=$1 min_files=$2 j diffs
    shift 2
    for j in 1 2; do
        mkdir "out-$j"
        "$ASMSIM" "$@" --jobs $j --output-dir "out-$j" \
            --json "out-$j/all.json" >"out-$j/stdout" 2>"out-$j/stderr"
        echo "exit $?" >>"out-$j/stdout"
        normalise "out-$j"
    done
    diffs=$(diff -r out-1 out-2 | head -20)
    if [ -z "$diffs" ] && [ "$(ls out-1 | wc -l)" -ge "$min_files" ] &&
       grep -q "exit 0" out-1/stdout; then
        harness_ok "$name"
    else
        harness_fail "$name" "$(ls out-1 | wc -l) files; ${diffs:-exit or files missing}"
    fi
    rm -rf out-1 out-2
}

same_with_jobs "run_jobs_2_should_match_jobs_1_with_a_timeline" 9 \
    run --disks 3 --run normal --duration 300ms --interval 100ms --progress
same_with_jobs "run_jobs_2_should_match_jobs_1_on_one_disk" 8 \
    run --disks 1 --run normal --duration 200ms --progress --verbose
same_with_jobs "run_jobs_2_should_match_jobs_1_on_burst_volumes" 8 \
    run --disks 5 --volume gp2:size=100GiB --run normal --duration 300ms \
    --burst-credits 30 --progress
same_with_jobs "run_jobs_2_should_match_jobs_1_with_an_instance_burst" 8 \
    run --disks 2 --instance m5.large --run normal --duration 300ms \
    --progress
same_with_jobs "orion_jobs_2_should_match_jobs_1" 7 \
    orion -run normal -num_disks 4 -duration 1 -testname t --volume gp3
same_with_jobs "orion_jobs_2_should_match_jobs_1_on_burst_volumes" 7 \
    orion -run normal -num_disks 2 -duration 1 -testname t \
    --volume gp2:size=50GiB --instance m5.large

# The points do not depend on each other: a point measured alone gives the
# figures it has in the whole matrix.
alone=$("$ASMSIM" run --disks 4 --matrix point --num-small 7 --num-large 0 \
        --duration 1s --levels orion --verbose | grep -E '^ +7 +0 ')
in_matrix=$("$ASMSIM" run --disks 4 --run simple --duration 1s --levels orion \
            --verbose | grep -E '^ +7 +0 ')
expect_true "a_point_should_measure_the_same_alone_as_in_its_matrix" \
    test -n "$alone" -a "$alone" = "$in_matrix"

expect_stdout_contains "help_of_run_should_give_jobs" \
    "--jobs N" "$ASMSIM" run --help
expect_stdout_contains "help_of_orion_should_give_jobs" \
    "--jobs N" "$ASMSIM" orion --help
expect_error "run_jobs_0_should_be_refused" \
    "asmsim: --jobs 0: not a thread count; use an integer 1..256" "" \
    "$ASMSIM" run --jobs 0
expect_error "orion_jobs_text_should_be_refused" \
    "asmsim: --jobs two: not a thread count" "" \
    "$ASMSIM" orion -run simple --volume gp3 --jobs two
expect_no_files "refused_jobs_should_write_nothing" .

# serial where points cannot run at once: said once, on stderr
jobs_serial() {
    local name=$1 says=$2
    shift 2
    harness_run "$ASMSIM" run "$@" --jobs 2 --duration 100ms --run simple \
        --num-large 0
    if [ "$H_RC" -eq 0 ] && [[ "$H_ERR" == *"$says"* ]] &&
       [ "$(grep -c -- "--jobs 2:" <<<"$H_ERR")" -eq 1 ]; then
        harness_ok "$name"
    else
        harness_fail "$name" "exit $H_RC: ${H_ERR:0:300}"
    fi
}
jobs_serial "carried_credits_should_say_the_points_run_one_at_a_time" \
    "asmsim: --jobs 2: carried burst credits (--burst-credits carry) pass from point to point, so the points run one at a time" \
    --volume gp2:size=50GiB --burst-credits carry=20
for f in f1 f2; do
    dd if=/dev/urandom of=$f bs=1M count=16 status=none
done
jobs_serial "jobs_on_real_devices_should_say_they_run_one_point_at_a_time" \
    "asmsim: --jobs 2: the aio engine runs one point at a time" \
    --target f1 --target f2 --disks 2
jobs_serial "jobs_on_the_null_engine_should_say_it_runs_one_point_at_a_time" \
    "asmsim: --jobs 2: the null engine runs one point at a time" --engine null
harness_run "$ASMSIM" run --volume gp2:size=50GiB --burst-credits carry=20 \
    --duration 100ms --run simple --num-large 0
expect_true "without_jobs_carried_credits_should_say_nothing_of_jobs" \
    test "$H_RC" -eq 0 -a -n "${H_OUT}" -a -z "$(grep -- --jobs <<<"$H_ERR")"

# carried credits: the same figures with --jobs 2 as with 1 (one at a time)
c1=$("$ASMSIM" run --volume gp2:size=50GiB --burst-credits carry=20 \
     --duration 200ms --run simple --jobs 1 --quiet)
c2=$("$ASMSIM" run --volume gp2:size=50GiB --burst-credits carry=20 \
     --duration 200ms --run simple --jobs 2 --quiet)
expect_true "carried_credits_should_give_the_same_figures_with_jobs_2" \
    test -n "$c1" -a "$c1" = "$c2"

# interrupted: SIGINT after 1.5 s with --jobs 2 writes the points done,
# in matrix order from the first, marked incomplete, exit 130
"$ASMSIM" run --disks 16 --run normal --duration 10ms --levels orion \
    --quiet --json order.json >/dev/null 2>&1
mkdir intr
"$ASMSIM" run --disks 16 --run normal --duration 2s --levels orion --jobs 2 \
    --quiet --json intr/all.json >intr/out 2>intr/err &
pid=$!
sleep 1.5
kill -INT "$pid"
wait "$pid"
rc=$?
expect_true "sigint_should_exit_130" test "$rc" -eq 130
expect_true "sigint_should_keep_the_points_done_in_matrix_order" \
    python3 - intr/all.json order.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
full = json.load(open(sys.argv[2]))
def pts(doc):
    return [(p["small"], p["large"]) for p in doc["points"]]
got, order = pts(d), pts(full)
print(len(got), "of", len(order), d.get("incomplete"))
sys.exit(0 if d.get("incomplete") is True and 0 < len(got) < len(order)
         and got == order[:len(got)] else 1)
PY

harness_done
