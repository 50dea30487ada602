#!/usr/bin/env bash
# uring_test.sh - the io_uring engine (--engine uring) through the command
# line, on files: reads, writes that reach the file, a mixed run on one
# worker and on two, the safety refusal of a file asmsim did not create,
# SIGINT, injected faults (the aio engine's ASMSIM_FAULTS), --uring-sqpoll,
# and the one-line refusal when the kernel will not start io_uring (forced
# with ASMSIM_URING_INIT_FAIL, the engine's test hook).  Every report says
# which engine ran: the header, the JSON's config.backend, the HTML page.
#
#   bash uring_test.sh <path-to-asmsim> <tests-dir>
#
# Skipped (exit 77, or 1 under ASMSIM_NO_SKIP=1) only when this kernel
# refuses io_uring or the files cannot take O_DIRECT, as aio_test.sh.
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/var/tmp}/asmsim-uring.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
trap 'exit 1' INT TERM
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"
# shellcheck source=cli/realdev.sh
. "$TESTS_DIR/cli/realdev.sh"

FAST=(--duration 200ms --quiet)
PATTERN="ASMSIM-WRITTEN!"
UR=("$ASMSIM" run --engine uring)

zeros() { dd if=/dev/zero of="$1" bs=1M count="$2" status=none; }
pattern_count() { grep -c -a "$PATTERN" "$1" 2>/dev/null || true; }
# json FILE-GLOB PYTHON-EXPR: the expression on the results JSON `d` is true
json() {
    python3 -c 'import glob, json, sys
d = json.load(open(sorted(glob.glob(sys.argv[1]))[-1]))
sys.exit(0 if eval("(" + sys.argv[2] + ")") else 1)' "$1" "$2"
}

if ! dd if=/dev/zero of=.odirect bs=4096 count=1 oflag=direct status=none 2>/dev/null; then
    skip uring_test "$WORK does not take O_DIRECT (tmpfs?); point TMPDIR at a disk file system"
    harness_done
fi
rm -f .odirect
zeros foreign 64
probe=$("${UR[@]}" --target foreign --duration 50ms --quiet 2>&1 >/dev/null)
if [[ "$probe" == *"io_uring is not available"* ]]; then
    skip uring_test "this kernel ($(uname -r)) refuses io_uring: $probe"
    harness_done
fi

# ---- the kernel refuses io_uring: one line, exit 2 -------------------------

for e in ENOSYS EPERM; do
    expect_error "a_kernel_that_refuses_io_uring_with_${e}_should_get_one_line" \
        "asmsim: --engine uring: io_uring is not available here (io_uring_queue_init: " \
        "refuses it); use --engine aio" \
        env ASMSIM_URING_INIT_FAIL=$e "${UR[@]}" --target foreign "${FAST[@]}"
done
expect_exit 0 "the_aio_engine_should_not_need_io_uring" \
    env ASMSIM_URING_INIT_FAIL=ENOSYS "$ASMSIM" run --target foreign "${FAST[@]}"
expect_error "sqpoll_without_the_uring_engine_should_be_refused" \
    "asmsim: --uring-sqpoll: only with --engine uring" "" \
    "$ASMSIM" run --target foreign --uring-sqpoll "${FAST[@]}"
expect_error "uring_engine_without_targets_should_be_refused" \
    "asmsim: --engine uring: no targets; give --target PATH" "" \
    "${UR[@]}" "${FAST[@]}"

# ---- reads, writes, mixed --------------------------------------------------

sum_before=$(md5sum <foreign)
mkdir rd
expect_stdout_contains "uring_read_run_should_say_its_engine" \
    "real targets (uring engine, O_DIRECT), opened read-only" \
    "${UR[@]}" --target foreign --run oltp --output-dir rd "${FAST[@]}"
expect_stdout_contains "uring_read_run_should_measure" "Maximum Small IOPS=" \
    printf '%s' "$H_OUT"
expect_true "uring_read_run_json_should_say_uring_and_be_sane" \
    json 'rd/*_results.json' 'd["config"]["backend"] == "uring" and
        d["summary"]["max_small_iops"] > 0 and
        all(p["errors"] == 0 and p["iops"] > 0 for p in d["points"])'
expect_true "uring_read_run_should_leave_the_file_unchanged" \
    test "$(md5sum <foreign)" = "$sum_before"

expect_error "uring_writes_to_a_foreign_file_should_be_refused_naming_it" \
    "asmsim: foreign: the run writes and this file was not created by asmsim; refusing before the first I/O; give --destroy-data" "" \
    "${UR[@]}" --target foreign --write 50 "${FAST[@]}"
expect_true "uring_refused_run_should_leave_the_file_unchanged" \
    test "$(md5sum <foreign)" = "$sum_before"

expect_exit 0 "uring_write_run_should_run" "${UR[@]}" --target c1 --create 32MiB \
    --write 100 --run oltp "${FAST[@]}"
expect_true "uring_writes_should_reach_the_file" test "$(pattern_count c1)" -gt 0

for t in 1 2; do
    mkdir "mix$t"
    expect_exit 0 "uring_mixed_run_on_${t}_workers_should_run" \
        "${UR[@]}" --target m1 --target m2 --create 32MiB --write 30 \
        --redundancy normal --threads $t --run normal --output-dir "mix$t" \
        "${FAST[@]}"
    expect_true "uring_mixed_run_on_${t}_workers_should_write_both_files" \
        test "$(pattern_count m1)" -gt 0 -a "$(pattern_count m2)" -gt 0
    expect_true "uring_mixed_run_on_${t}_workers_json_should_be_sane" \
        json "mix$t/*_results.json" 'd["config"]["backend"] == "uring" and
            all(p["errors"] == 0 for p in d["points"]) and
            any(p["small"] > 0 and p["large"] > 0 and p["iops"] > 0 and
                p["mbps"] > 0 for p in d["points"])'
done

expect_stdout_contains "uring_verbose_should_say_what_was_registered" \
    "engine: io_uring, files registered, buffers registered" \
    "${UR[@]}" --target m1 --run oltp --duration 100ms --verbose
expect_stdout_contains "uring_sqpoll_should_run_and_say_so" \
    "engine: io_uring with SQPOLL" \
    "${UR[@]}" --uring-sqpoll --target m1 --run oltp --duration 100ms --verbose

expect_exit 0 "uring_report_should_be_written" "${UR[@]}" --target m1 \
    --run oltp --report uring.html "${FAST[@]}"
expect_true "uring_html_report_should_name_the_engine" \
    grep -q '<tr><th>backend</th><td>uring</td></tr>' uring.html

# ---- faults and SIGINT -----------------------------------------------------

expect_stdout_matches "uring_injected_eio_should_be_counted_on_its_disk" \
    "^I/O errors: [1-9][0-9]* \\(small [0-9]+, large [0-9]+\\); per disk: m1=0, m2=[1-9][0-9]*$" \
    env ASMSIM_FAULTS=1:eio@200 "${UR[@]}" --target m1 --target m2 \
    --write 30 --run oltp --duration 100ms --quiet
for t in 1 2; do
    rm -rf "fail$t" && mkdir "fail$t"
    expect_exit 1 "uring_every_disk_failing_on_${t}_workers_should_exit_1" \
        env ASMSIM_FAULTS='*:eio@1500' "${UR[@]}" --target m1 --target m2 \
        --threads $t --run normal --output-dir "fail$t" "${FAST[@]}"
    expect_true "uring_every_disk_failing_on_${t}_workers_should_say_so" \
        test -n "$(compgen -G "fail$t/asmsim_*_summary.txt")" -a \
        "${H_ERR/every target failed/}" != "$H_ERR"
done

# a sweep whose devices fail says so and exits 1 (it said "interrupted", 130)
rm -rf failsw && mkdir failsw
harness_run env ASMSIM_FAULTS='*:eio@1500' "$ASMSIM" sweep --engine uring --volumes 2 \
    --target m1 --target m2 --run normal --output-dir failsw "${FAST[@]}"
if [ "$H_RC" -eq 1 ] && [[ "$H_ERR" == *"sweep stopped at 2 disks: every target failed"*"Input/output error on all 2 disks (m1, m2)"* ]] &&
   [[ "$H_ERR" != *interrupted* ]] && compgen -G "failsw/asmsim_*_summary.txt" >/dev/null; then
    harness_ok "uring_sweep_with_every_disk_failing_should_exit_1_naming_the_error"
else
    harness_fail "uring_sweep_with_every_disk_failing_should_exit_1_naming_the_error" \
        "exit $H_RC; stderr: ${H_ERR:0:400}"
fi

for t in 1 2; do
    expect_sigint_exit_130 "uring_sigint_on_${t}_workers_while_a_disk_stalls_should_exit_130" \
        "intr$t" env ASMSIM_FAULTS=1:stall@300 "${UR[@]}" --target m1 --target m2 \
        --threads $t --run oltp --duration 30s --output-dir "intr$t" --quiet
done

harness_done
