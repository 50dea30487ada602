#!/usr/bin/env bash
# aio_test.sh - real targets through the command line: every safety rule
# (refusals name the target and the reason, nothing is written), data that
# really reaches files and block devices, the size limit, ORION's .lun,
# counted errors, an interrupted run, the null engine, injected faults
# (ASMSIM_FAULTS: EIO, short transfers, a stalled disk, one worker and
# two) and a real file system shut down under a run (XFS).
#
#   bash aio_test.sh <path-to-asmsim> <tests-dir>
#
# Files live in a mktemp directory under /var/tmp (O_DIRECT needs a disk
# file system); block devices are loop devices over files there, detached
# on exit whatever happens.  A case that needs what the machine lacks (root,
# loop devices, mount, device-mapper, XFS) prints "skip: <case>: <reason>"
# and is counted as skipped, not passed; the last line is "N passed, N
# failed, N skipped".  When the whole script cannot run (no O_DIRECT where
# the files would live) it exits 77, which CTest reports as skipped, or 1
# with ASMSIM_NO_SKIP=1 (CI: .ci/run), where a suite that skips fails.
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/var/tmp}/asmsim-aio.XXXXXX")
LOOPS=()
MOUNTS=()
DMS=()
cleanup() {
    for m in "${MOUNTS[@]}"; do umount "$m" 2>/dev/null; done
    for d in "${DMS[@]}"; do dmsetup remove "$d" 2>/dev/null; done
    for l in "${LOOPS[@]}"; do losetup -d "$l" 2>/dev/null; done
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

# shellcheck source=cli/realdev.sh
. "$TESTS_DIR/cli/realdev.sh"          # skip, harness_done with skips

# The whole script needs direct I/O where its files live.
if ! dd if=/dev/zero of=.odirect bs=4096 count=1 oflag=direct status=none 2>/dev/null; then
    skip aio_test "$WORK does not take O_DIRECT (tmpfs?); point TMPDIR at a disk file system"
    harness_done
fi
rm -f .odirect
FAST=(--duration 200ms --quiet)
SCALE=${ASMSIM_TIMEOUT_SCALE:-1}    # sanitizer builds: time limits x this
[[ "$SCALE" =~ ^[1-9][0-9]*$ ]] || SCALE=1
PATTERN="ASMSIM-WRITTEN!"

# a file of N MiB of zeros that asmsim did not create, written in full
# (a sparse one is refused: safety.c rule 7)
zeros() { dd if=/dev/zero of="$1" bs=1M count="$2" status=none; }
# bytes of asmsim's write pattern found in a file or device (0 if none)
pattern_count() { grep -c -a "$PATTERN" "$1" 2>/dev/null || true; }

# ---- files --------------------------------------------------------------

zeros foreign 64
sum_before=$(md5sum <foreign)
expect_stdout_contains "read_only_run_on_a_foreign_file_should_run" \
    "Maximum Small IOPS=" "$ASMSIM" run --target foreign --run oltp "${FAST[@]}"
expect_true "read_only_run_should_leave_the_file_unchanged" \
    test "$(md5sum <foreign)" = "$sum_before"
expect_error "writes_to_a_foreign_file_should_be_refused_naming_it" \
    "asmsim: foreign: the run writes and this file was not created by asmsim; refusing before the first I/O; give --destroy-data" "" \
    "$ASMSIM" run --target foreign --write 50 "${FAST[@]}"
expect_true "refused_run_should_leave_the_file_unchanged" \
    test "$(md5sum <foreign)" = "$sum_before"
# --create makes missing files and extends asmsim's own: on a file it did
# not make it does nothing, and says so (the run reads the file as it is)
harness_run "$ASMSIM" run --target foreign --create 128MiB --run oltp "${FAST[@]}"
if [ "$H_RC" -eq 0 ] && [ "$H_ERR" = "asmsim: warning: --create 128MiB is not used for foreign: it exists and asmsim did not make it, so it is used as it is" ] &&
   [ "$(stat -c %s foreign)" -eq $((64 << 20)) ] && [ "$(md5sum <foreign)" = "$sum_before" ]; then
    harness_ok "create_on_a_foreign_file_should_be_warned_about_and_leave_it"
else
    harness_fail "create_on_a_foreign_file_should_be_warned_about_and_leave_it" "exit $H_RC; stderr: $H_ERR"
fi
# a database workload whose classes write is a run that writes: the same
# refusal on a file asmsim did not make, writes that reach it with
# --destroy-data (the redo preset: 100 % writes; --write is ORION's only)
expect_error "workload_that_writes_should_be_refused_on_a_foreign_file" \
    "asmsim: foreign: the run writes and this file was not created by asmsim; refusing before the first I/O; give --destroy-data" "" \
    "$ASMSIM" run --target foreign --workload redo "${FAST[@]}"
expect_true "refused_workload_should_leave_the_file_unchanged" \
    test "$(md5sum <foreign)" = "$sum_before"
expect_stdout_contains "destroy_data_should_allow_a_blank_file" \
    "Maximum Small IOPS=" "$ASMSIM" run --target foreign --write 100 \
    --destroy-data --run oltp "${FAST[@]}"
expect_true "writes_should_reach_the_file" test "$(pattern_count foreign)" -gt 0
zeros wlfile 64
expect_stdout_contains "workload_classes_should_write_to_a_real_target" \
    "  redo             -        2 x 1 seq" "$ASMSIM" run --target wlfile \
    --workload redo --destroy-data "${FAST[@]}"
expect_true "workload_writes_should_reach_the_file" test "$(pattern_count wlfile)" -gt 0
# oltp's open classes on a real target: the model's 4096 in flight a
# class would pin over 4 GiB of buffers (the run failed); without
# --max-outstanding the bound is 1024 a class, or what the buffers allow
expect_stdout_contains "workload_oltp_should_run_on_a_real_target_by_default" \
    "  in flight at most 1024 I/Os, the classes with a rate together: real targets pin" \
    "$ASMSIM" run --target wlfile --workload oltp --destroy-data --duration 200ms --json wl_auto.json
"$ASMSIM" run --target wlfile --workload oltp --destroy-data --max-outstanding 64 \
    --duration 200ms --json wl_64.json >wl_64.txt 2>&1
if python3 -c '
import json, sys
bound = lambda f: json.load(open(f))["summary"]["open"]["max_outstanding"]
sys.exit(not (bound("wl_auto.json") == 1024 and bound("wl_64.json") == 64))' &&
   ! grep -q "in flight at most" wl_64.txt; then
    harness_ok "workload_bound_should_be_1024_on_real_targets_or_the_one_given"
else
    harness_fail "workload_bound_should_be_1024_on_real_targets_or_the_one_given" \
        "$(tail -c 400 wl_64.txt)"
fi

zeros asm 64
printf 'ORCLDISK' | dd of=asm bs=1 seek=32 conv=notrunc status=none
expect_error "asm_header_should_be_refused_even_with_destroy_data" \
    "asmsim: asm: carries an Oracle ASM disk header (ORCLDISK) signature; refusing to overwrite it even with --destroy-data; add --ignore-signatures" "" \
    "$ASMSIM" run --target asm --write 10 --destroy-data "${FAST[@]}"
expect_exit 0 "ignore_signatures_should_let_asm_header_be_overwritten" \
    "$ASMSIM" run --target asm --write 10 --destroy-data --ignore-signatures \
    --run oltp "${FAST[@]}"

expect_stdout_contains "create_should_make_files_asmsim_may_write" \
    "real targets (aio engine, O_DIRECT)" "$ASMSIM" run --target c1 --target c2 \
    --create 32MiB --write 30 --redundancy normal --run simple --duration 100ms
expect_true "created_files_should_have_the_asked_size" \
    test "$(stat -c %s c1)" = 33554432 -a "$(stat -c %s c2)" = 33554432
expect_exit 0 "created_files_should_stay_writable_without_destroy_data" \
    "$ASMSIM" run --target c1 --target c2 --write 100 --run oltp "${FAST[@]}"

# --create writes what it makes before the first measured I/O: no holes and
# no unwritten (preallocated) extents, which would read back from memory
# (21 GB/s at 3 us) instead of the disk
fully_written() {   # FILE: no hole before its end, no unwritten extent
    [ "$(python3 -c 'import os,sys; f=os.open(sys.argv[1],os.O_RDONLY); print(os.lseek(f,0,os.SEEK_HOLE))' "$1")" = "$(stat -c %s "$1")" ] &&
        ! filefrag -v "$1" | grep -q unwritten
}
for f in c1 c2; do
    expect_true "created_file_${f}_should_have_no_holes_or_unwritten_extents" \
        fully_written "$f"
done
truncate -s 16M sparse
expect_error "a_sparse_file_should_be_refused_saying_how_to_copy_it_on_a_read_only_run" \
    "asmsim: sparse: 16.0 of its 16.0 MiB were never written (holes or preallocated extents, read from memory); run on a full copy, which keeps this file as it is (e.g. dd if=sparse of=sparse.full bs=1M count=16777216 iflag=count_bytes conv=excl status=none)" "" \
    "$ASMSIM" run --target sparse --run oltp "${FAST[@]}"
# a copy is offered only where it fits (2 TiB sparse on this file system)
truncate -s 2T sparse2t
expect_error "a_sparse_file_larger_than_the_free_space_should_get_no_copy_command" \
    "asmsim: sparse2t: 2097152.0 of its 2097152.0 MiB were never written (holes or preallocated extents, read from memory); a full copy would not fit on its file system" "" \
    "$ASMSIM" run --target sparse2t --run oltp "${FAST[@]}"
rm -f sparse2t
# Issue 32 item 1: the suggested command is safe to paste.  Where the run
# may destroy the file (--write --destroy-data), dd writes the used bytes
# and no more (a path with a space and a quote, --size-limit below the
# size: the tail past it is left as it was); where it may not (a read-only
# run: the file has data), a full copy is made and the file kept.
paste_suggested() {   # file cmd-prefix asmsim-args...: 0 if the command ran
    local file=$1 want=$2
    shift 2
    harness_run "$ASMSIM" run --target "$file" --run oltp "${FAST[@]}" "$@"
    local cmd=${H_ERR#*(e.g. }
    cmd=${cmd%%), or use --create*}
    [ "$H_RC" -eq 2 ] && [[ "$cmd" == "$want"* ]] &&
        (timeout 60 bash -c "$cmd") 2>/dev/null
}
odd="sparse 'odd' \$(touch PWNED) name"
truncate -s 24M "$odd"
if paste_suggested "$odd" "dd if=/dev/urandom of=" --size-limit 16MiB --write 100 --destroy-data &&
   [ "$(stat -c %s "$odd")" -eq $((24 << 20)) ] && [ ! -e PWNED ] &&
   [ "$(stat -c %b "$odd")" -ge $((16 << 11)) ] &&
   [ "$(stat -c %b "$odd")" -lt $((17 << 11)) ]; then
    harness_ok "the_suggested_dd_should_write_the_used_bytes_and_not_grow_the_file"
else
    harness_fail "the_suggested_dd_should_write_the_used_bytes_and_not_grow_the_file" \
        "exit $H_RC; size $(stat -c %s "$odd"), blocks $(stat -c %b "$odd"); $H_ERR"
fi
expect_stdout_contains "a_file_written_by_the_suggested_dd_should_be_accepted" \
    "Maximum Small IOPS=" "$ASMSIM" run --target "$odd" --size-limit 16MiB --run oltp "${FAST[@]}"
printf 'DATA' | dd of=kept bs=1 seek=1000 conv=notrunc status=none && truncate -s 16M kept
kept_sum=$(md5sum <kept)
if paste_suggested kept "dd if=kept of=kept.full " && [ "$(md5sum <kept)" = "$kept_sum" ] &&
   [ "$(md5sum <kept.full)" = "$kept_sum" ]; then
    harness_ok "the_suggested_copy_should_keep_the_file_and_make_a_full_copy"
else
    harness_fail "the_suggested_copy_should_keep_the_file_and_make_a_full_copy" "exit $H_RC; $H_ERR"
fi
expect_stdout_contains "the_full_copy_should_be_accepted" \
    "Maximum Small IOPS=" "$ASMSIM" run --target kept.full --run oltp "${FAST[@]}"
# a refusal's remedy is at its end and is never cut, with a path as long
# as Oracle's usual ones (60 characters): the dd command and --create,
# --destroy-data
long=u01/app/oracle/oradata/ORCL/asm_disks/data/DATA_DISK_01.img
mkdir -p "${long%/*}" && truncate -s 16M "$long"
expect_error "a_long_path_sparse_refusal_should_end_with_its_whole_remedy" \
    "asmsim: $long: 16.0 of its 16.0 MiB were never written" \
    "(e.g. dd if=$long of=$long.full bs=1M count=16777216 iflag=count_bytes conv=excl status=none), or use --create SIZE for a new file" \
    "$ASMSIM" run --target "$long" --run oltp "${FAST[@]}"
expect_error "a_long_path_sparse_refusal_of_a_writing_run_should_end_with_its_whole_remedy" \
    "asmsim: $long: 16.0 of its 16.0 MiB were never written" \
    "(e.g. dd if=/dev/urandom of=$long bs=1M count=16777216 iflag=count_bytes conv=notrunc oflag=direct), or use --create SIZE for a new file" \
    "$ASMSIM" run --target "$long" --run oltp --write 50 --destroy-data "${FAST[@]}"
zeros "$long" 16
expect_error "a_long_path_write_refusal_should_end_with_its_whole_remedy" \
    "asmsim: $long: the run writes and this file was not created by asmsim" \
    "give --destroy-data to let asmsim overwrite it, or run without --write" \
    "$ASMSIM" run --target "$long" --write 50 "${FAST[@]}"
rm -rf u01
if fallocate -l 16M prealloc 2>/dev/null && filefrag -v prealloc | grep -q unwritten; then
    expect_error "a_preallocated_file_should_be_refused" \
        "asmsim: prealloc: 16.0 of its 16.0 MiB were never written" "" \
        "$ASMSIM" run --target prealloc --run oltp "${FAST[@]}"
else
    skip a_preallocated_file_should_be_refused "no fallocate with unwritten extents here"
fi
# the writing shows a progress line on a terminal, and nothing without one
"$ASMSIM" run --target quiet1 --create 32MiB --run oltp "${FAST[@]}" >/dev/null 2>quiet1.err
expect_true "create_without_a_terminal_should_show_no_progress" \
    test -f quiet1 -a ! -s quiet1.err
if command -v script >/dev/null; then
    script -qec "$ASMSIM run --target tty1 --create 16MiB --run oltp --duration 100ms" \
        /dev/null </dev/null >tty1.out 2>&1
    expect_true "create_on_a_terminal_should_show_the_writing" \
        grep -aq "asmsim: writing tty1 once before measuring: 100 % of 16.0 MiB" tty1.out
    script -qec "$ASMSIM run --target tty2 --create 16MiB --run oltp --duration 100ms --quiet" \
        /dev/null </dev/null >tty2.out 2>&1
    expect_true "create_on_a_terminal_with_quiet_should_show_nothing" \
        test -f tty2 -a "$(grep -ac 'once before measuring' tty2.out)" -eq 0
else
    skip create_on_a_terminal_should_show_the_writing "no script(1) for a terminal"
fi
# asmsim's own file, grown with --create: the new part is written too
expect_exit 0 "create_should_grow_its_own_file" \
    "$ASMSIM" run --target c1 --create 48MiB --run oltp "${FAST[@]}"
expect_true "a_grown_file_should_be_written_in_full" fully_written c1

zeros limited 64
expect_exit 0 "size_limit_run_should_write" "$ASMSIM" run --target limited \
    --write 100 --destroy-data --size-limit 16MiB --run oltp "${FAST[@]}"
expect_true "size_limit_should_keep_writes_inside_the_limit" \
    cmp -s -n $((48 << 20)) -i $((16 << 20)):0 limited /dev/zero
expect_true "size_limit_run_should_have_written_inside_it" \
    test "$(head -c $((16 << 20)) limited | grep -c -a "$PATTERN")" -gt 0

expect_error "missing_target_should_be_refused_with_create_hint" \
    "asmsim: nothere: no such file or device; give an existing file or block device, or --create SIZE" "" \
    "$ASMSIM" run --target nothere "${FAST[@]}"
expect_error "same_target_twice_should_be_refused" \
    "asmsim: --target ./foreign: target 2 is the same as target 1 (foreign)" "" \
    "$ASMSIM" run --target foreign --target ./foreign "${FAST[@]}"
expect_error "disks_that_disagree_with_targets_should_be_refused" \
    "asmsim: --disks 3: 1 target given; drop --disks" "" \
    "$ASMSIM" run --target foreign --disks 3 "${FAST[@]}"
expect_error "model_engine_with_targets_should_be_refused" \
    "asmsim: --target foreign: only the aio and uring engines drive real targets; drop --engine model" "" \
    "$ASMSIM" run --target foreign --engine model "${FAST[@]}"
expect_error "aio_engine_without_targets_should_be_refused" \
    "asmsim: --engine aio: no targets; give --target PATH" "" \
    "$ASMSIM" run --engine aio "${FAST[@]}"
for bad in 0 -1 two 1.5 1025; do
    expect_error "threads_${bad}_should_be_refused_naming_the_range" \
        "asmsim: --threads $bad: not a worker count; use an integer 1..1024" "" \
        "$ASMSIM" run --target foreign --threads "$bad" "${FAST[@]}"
done

# ---- threads ---------------------------------------------------------------

# two workers over four created files: verbose names each worker, its node
# and its targets; the data reaches every file (bytes per target against
# the layout's prediction, one worker and two: test_aio.c)
expect_stdout_matches "two_threads_verbose_should_name_workers_nodes_and_targets" \
    "^worker 1: (NUMA node [0-9]+|no NUMA node)[^;]*; targets 1 \\(w1\\), 3 \\(w3\\)$" \
    "$ASMSIM" run --target w0 --target w1 --target w2 --target w3 --create 32MiB \
    --write 100 --redundancy normal --threads 2 --run oltp --duration 100ms --verbose
expect_stdout_contains "two_threads_verbose_should_say_how_many_and_why" \
    "workers: 2 (--threads), I/O threads" printf '%s' "$H_OUT"
expect_stdout_matches "default_threads_verbose_should_say_why_one_worker" \
    "^workers: 1 \\(default: [^)]*\\), the engine's own thread" \
    "$ASMSIM" run --target w0 --target w1 --run oltp --duration 100ms --verbose
for w in w0 w1 w2 w3; do
    expect_true "two_threads_should_write_to_$w" test "$(pattern_count $w)" -gt 0
done

printf 'c1\n\n# a comment\nc2\n' >mine.lun
expect_stdout_contains "lun_file_should_list_targets" "target    c2" \
    "$ASMSIM" run --lun-file mine.lun --run oltp --duration 100ms
expect_stdout_contains "verbose_should_report_numa_placement" "NUMA:" \
    "$ASMSIM" run --lun-file mine.lun --run oltp --duration 100ms --verbose

# ---- ORION's .lun ----------------------------------------------------------

mkdir orion && cd orion || exit 1
printf '%s\n%s\n' "$WORK/c1" "$WORK/c2" >mytest.lun
# -num_small 10: ORION's oltp levels (1..20n) would be 21 points of 1 s
expect_stdout_contains "orion_should_read_the_lun_file" "2 FILEs found." \
    "$ASMSIM" orion -run oltp -testname mytest -duration 1 -num_small 10 --quiet
expect_glob "orion_should_write_its_summary" "mytest_*_summary.txt"
expect_true "orion_summary_should_name_the_luns" \
    grep -q "Name: $WORK/c1" mytest_*_summary.txt
expect_true "orion_summary_should_report_cpu_and_errors" \
    grep -q "I/O errors per disk:" mytest_*_summary.txt
expect_true "orion_should_write_the_iops_csv" compgen -G "mytest_*_iops.csv"
printf '%s\n' "$WORK/foreign" >wr.lun
expect_error "orion_writes_should_need_destroy_data" \
    "asmsim: $WORK/foreign: the run writes" "" \
    "$ASMSIM" orion -run oltp -testname wr -write 20 -duration 1
expect_exit 0 "orion_writes_should_run_with_destroy_data" \
    "$ASMSIM" orion -run oltp -testname wr -write 20 -duration 1 \
    -num_small 5 --destroy-data --quiet
cd "$WORK" || exit 1

# ---- interruption ------------------------------------------------------

mkdir intr
"$ASMSIM" run --target c1 --run oltp --duration 30s --output-dir intr \
    --quiet >intr.out 2>intr.err &
pid=$!
sleep 1.5
kill -INT $pid
wait $pid
rc=$?
if [ $rc -eq 130 ]; then harness_ok "sigint_should_exit_130"
else harness_fail "sigint_should_exit_130" "exit $rc: $(cat intr.err)"; fi
expect_true "sigint_should_write_partial_results" \
    grep -q "Incomplete run" intr/asmsim_*_summary.txt

# A stop before the first point measured nothing: while --create writes
# its file (a fill of 4 GiB, looked at between 8 MiB writes) or during the
# first point's warm-up (5 s of it), the run says so, exits 130 and
# writes nothing: no point of 0 s with 0 IOPS (the tester's report 2, D5).
before_first() {    # $1 name, $2 --create size, $3 when the INT comes
    rm -f big.t first.json
    "$ASMSIM" run --target big.t --create "$2" --warmup 5s --duration 1s --run simple \
        --json first.json >first.out 2>first.err &
    local pid=$! rc
    sleep "$3"
    kill -INT $pid
    wait $pid
    rc=$?
    if [ $rc -eq 130 ] && [ ! -e first.json ] && ! grep -q "points measured\|IOPS" first.out &&
       grep -qx "asmsim: interrupted before the first point was measured; no results written" \
           first.err; then
        harness_ok "$1"
    else
        harness_fail "$1" "exit $rc: $(cat first.err; tail -3 first.out)"
    fi
}
before_first "sigint_during_create_should_say_before_the_first_point" 4GiB 0.5
before_first "sigint_in_the_first_warmup_should_say_before_the_first_point" 16MiB 2
rm -f big.t

# ---- the null engine -------------------------------------------------------

# The binding-limit line and the offered-load notes read the same levels:
# a maximum the note calls the offered load's is not the device's there
# (they once said "large MB/s: device", then "bound by the offered load").
# Checked on a file and on the null engine, whichever way their levels go.
agree_limits() {
    python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
line = re.search(r"^Binding limit: (.*)$", text, re.M).group(1)
named = dict(part.split(": ", 1) for part in line.split("; "))
ok = True
for fig, key in (("Maximum Large MBPS", "large MB/s"), ("Maximum Small IOPS", "small IOPS")):
    noted = re.search("^" + fig + " is (still )?bound by the offered load", text, re.M)
    if key in named and bool(noted) != (named[key] == "offered load"):
        print(fig, named[key], bool(noted)); ok = False
sys.exit(0 if ok else 1)
PY
}
zeros limits_file 64
"$ASMSIM" run --target limits_file --run simple "${FAST[@]}" >limits_file.out 2>&1
expect_true "file_target_binding_limit_should_agree_with_the_offered_load_note" \
    agree_limits limits_file.out
"$ASMSIM" run --engine null --disks 2 --run simple --duration 100ms --quiet >limits_null.out 2>&1
expect_true "null_engine_binding_limit_should_agree_with_the_offered_load_note" \
    agree_limits limits_null.out

expect_stdout_contains "null_engine_should_report_cpu_per_io" \
    "CPU per I/O (asmsim)" "$ASMSIM" run --engine null --disks 8 --run oltp \
    --duration 100ms --quiet
# Whether the engine thread was >= 90 % busy depends on how busy the machine
# is (a loaded CI box preempts it), so the warning is checked against the
# run's own per-point verdicts in its JSON: printed, with the right count,
# exactly when some point was generator-bound.  To make some point bound
# for certain, the run gets real-time priority (chrt, as root: the null
# engine's thread never sleeps, so nothing else then takes its CPU); where
# that is not allowed, a run with no bound point skips the warning case.
# The decision itself is unit-tested (test_aio.c).
mkdir nullout
rt=()
chrt -f 1 true 2>/dev/null && rt=(timeout 60 chrt -f 1)
expect_stdout_contains "null_engine_run_should_write_its_json" "CPU per I/O (asmsim)" \
    "${rt[@]}" "$ASMSIM" run --engine null --disks 2 --run oltp --duration 200ms \
    --quiet --output-dir nullout
null_out=$H_OUT
bound=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(sum(1 for p in d["points"] if p["cpu"]["generator_bound"]), len(d["points"]))' \
    nullout/asmsim_*_results.json 2>/dev/null)
read -r n_bound n_points <<<"${bound:-x x}"
warning="Warning: at $n_bound of $n_points points asmsim's engine thread was at least 90% busy: the generator, not the devices, was the bottleneck there"
if ! [[ "$n_bound" =~ ^[0-9]+$ ]]; then
    harness_fail "generator_bound_warning_should_match_the_json" "no points in nullout/*.json"
elif [ "$n_bound" -gt 0 ] && [[ "$null_out" != *"$warning"* ]]; then
    harness_fail "generator_bound_warning_should_match_the_json" \
        "$n_bound of $n_points points generator-bound in the JSON, stdout lacks \"$warning\": ${null_out:0:600}"
elif [ "$n_bound" -eq 0 ] && [[ "$null_out" == *"Warning: at "* ]]; then
    harness_fail "generator_bound_warning_should_match_the_json" \
        "no point generator-bound in the JSON, yet stdout warns: ${null_out:0:600}"
else
    harness_ok "generator_bound_warning_should_match_the_json"
fi
if [[ "$n_bound" =~ ^[1-9][0-9]*$ ]]; then
    harness_ok "null_engine_should_warn_that_the_generator_is_the_bottleneck"
elif [ ${#rt[@]} -gt 0 ]; then
    harness_fail "null_engine_should_warn_that_the_generator_is_the_bottleneck" \
        "at real-time priority no point had the engine thread 90 % busy (JSON: ${bound:-none})"
else
    skip null_engine_should_warn_that_the_generator_is_the_bottleneck \
        "no point had the engine thread 90 % busy (a busy machine) and chrt is not allowed"
fi

# a sweep on real devices has no prices and no modelled limits: no cost
# columns of dashes, and a reading that does not blame a volume limit
harness_run "$ASMSIM" sweep --target fa --target fb --create 32MiB --volumes 1-2 \
    --run oltp --duration 100ms --quiet
real_sweep=$H_OUT
expect_true "real_sweep_should_have_no_cost_columns" \
    bash -c "! grep -q 'month' <<<\"\$0\"" "$real_sweep"
expect_true "real_sweep_reading_should_say_there_are_no_modelled_limits" \
    bash -c "grep -Eq '^(The offered load sets the figure \(.* at [12] disks?\); these devices have no modelled volume or instance limits|The devices themselves bind: .* at [12] disks?\.)' <<<\"\$0\" && ! grep -q 'no volume or instance limit binds' <<<\"\$0\"" "$real_sweep"

# ---- injected faults (ASMSIM_FAULTS, the aio backend's test hook) -----------

# A run with faults: exit 1, the failure on stderr, the points measured so
# far in DIR.  The crash of issue 7 (--threads 2, the engine freed while
# the workers ran: exit 139, no files) was a race, so it runs `times` times.
expect_failed_run() {   # NAME TIMES SPEC ASMSIM-ARGS...
    local name=$1 times=$2 spec=$3 i why=""
    shift 3
    for i in $(seq "$times"); do
        rm -rf "fr_$name" && mkdir "fr_$name"
        harness_run env ASMSIM_FAULTS="$spec" "$ASMSIM" "$@" --output-dir "fr_$name"
        if [ "$H_RC" -ne 1 ]; then why="try $i: exit $H_RC, expected 1; stderr: ${H_ERR:0:300}"
        elif [[ "$H_ERR" != *"every target failed"*": Input/output error on all 2 disks (fa, fb)"* ||
                "$H_ERR" == *interrupted* ]]; then why="try $i: stderr: ${H_ERR:0:300}"
        elif ! compgen -G "fr_$name/asmsim_*_summary.txt" >/dev/null; then
            why="try $i: no summary written in fr_$name"
        fi
        [ -n "$why" ] && break
    done
    if [ -z "$why" ]; then harness_ok "$name"; else harness_fail "$name" "$why"; fi
}

expect_stdout_matches "injected_eio_should_be_counted_on_its_disk_and_the_run_should_complete" \
    "^I/O errors: [1-9][0-9]* \\(small [0-9]+, large [0-9]+\\); per disk: fa=0, fb=[1-9][0-9]*$" \
    env ASMSIM_FAULTS=1:eio@200 "$ASMSIM" run --target fa --target fb --create 32MiB \
    --threads 2 --write 30 --run oltp --duration 100ms --quiet
expect_stdout_matches "injected_short_transfers_should_be_counted_as_errors" \
    "^I/O errors: [1-9][0-9]* .*; per disk: fa=[1-9][0-9]*, fb=0$" \
    env ASMSIM_FAULTS=0:short@100 "$ASMSIM" run --target fa --target fb \
    --threads 1 --run oltp --duration 100ms --quiet
expect_stdout_contains "verbose_should_say_which_faults_are_injected" \
    "faults: ASMSIM_FAULTS=0:short@100 (a test hook" \
    env ASMSIM_FAULTS=0:short@100 "$ASMSIM" run --target fa --target fb \
    --run oltp --duration 100ms --verbose
expect_exit 1 "malformed_faults_should_be_refused_before_the_first_io" \
    env ASMSIM_FAULTS=7:eio "$ASMSIM" run --target fa --target fb --run oltp \
    --duration 100ms --quiet
if [[ "$H_ERR" == *'fault "7:eio"'*"DISK 0..1 or *"* ]]; then
    harness_ok "malformed_faults_should_be_named"
else
    harness_fail "malformed_faults_should_be_named" "stderr: $H_ERR"
fi

expect_failed_run "every_disk_failing_on_one_worker_should_exit_1_with_the_points_so_far" 1 \
    '*:eio@1500' run --target fa --target fb --threads 1 --write 30 --run oltp \
    --duration 100ms --quiet
# (--run normal keeps large I/O in the workers' rings: before the fix about
# half of these runs crashed, so ten tries all but never miss it)
expect_failed_run "every_disk_failing_on_two_workers_should_exit_1_with_the_points_so_far" 10 \
    '*:eio@3000' run --target fa --target fb --threads 2 --write 30 --run normal \
    --duration 100ms --quiet

# a sweep whose devices fail is no interrupt (it said "interrupted; partial
# results written", exit 130): the disk count, the error and the disks,
# exit 1, the disk counts so far written
expect_failed_run "every_disk_failing_in_a_sweep_should_exit_1_naming_the_error" 1 \
    '*:eio@1500' sweep --volumes 2 --target fa --target fb --threads 1 --write 30 \
    --run oltp --duration 100ms --quiet
printf '%s\n' "$H_ERR" >sweepfail.err
expect_true "a_failed_sweep_should_say_at_which_disk_count" \
    grep -q '^asmsim: sweep stopped at 2 disks: every target failed at point small=[0-9]* large=0: Input/output error on all 2 disks (fa, fb); the disk counts measured before it are written$' \
    sweepfail.err

# Ctrl-C while disk 1 never completes: the engine reaps with a deadline and
# gives in-flight I/O 2 s after a stop, so the run ends within seconds.
for t in 1 2; do
    expect_sigint_exit_130 \
        "sigint_while_a_disk_stalls_on_${t}_worker$([ $t -gt 1 ] && echo s)_should_exit_130" \
        "stall$t" env ASMSIM_FAULTS=1:stall@300 "$ASMSIM" run --target fa \
        --target fb --threads $t --run oltp --duration 30s --output-dir "stall$t" --quiet
done

# ---- block devices (loop) ----------------------------------------------------

new_loop() {   # file MiB -> prints the loop device
    truncate -s "${2}M" "$1"
    losetup -f --show "$1" 2>/dev/null
}

if [ "$(id -u)" -ne 0 ] || ! command -v losetup >/dev/null; then
    skip block_devices "needs root and losetup"
else
    blank=$(new_loop blank.img 64)
    if [ -z "$blank" ]; then
        skip block_devices "no loop device available"
    else
        LOOPS+=("$blank")
        expect_error "blank_device_should_need_destroy_data" \
            "asmsim: $blank: the run writes and this device was not created by asmsim" "" \
            "$ASMSIM" run --target "$blank" --write 100 "${FAST[@]}"
        expect_error "create_on_a_block_device_should_say_it_makes_files_only" \
            "asmsim: $blank: --create makes files, not block devices, and the run writes to this device asmsim did not create; give --destroy-data" "" \
            "$ASMSIM" run --target "$blank" --create 64MiB --write 100 "${FAST[@]}"
        expect_exit 0 "blank_device_should_be_allowed_with_destroy_data" \
            "$ASMSIM" run --target "$blank" --write 100 --destroy-data \
            --run oltp "${FAST[@]}"
        expect_true "data_should_reach_the_device" \
            test "$(pattern_count "$blank")" -gt 0
        # a device set read-only opens read-write and failed every write
        # (exit 0, half the I/Os counted as errors): refused up front,
        # saying so, with the command that makes it writable; orion names
        # its own flag, -write
        blockdev --setro "$blank"
        expect_error "read_only_device_should_be_refused_saying_read_only" \
            "asmsim: $blank: the device is read-only (blockdev --getro says 1) and the run writes; make it writable (blockdev --setrw $blank), or run without --write" "" \
            "$ASMSIM" run --target "$blank" --write 100 --destroy-data "${FAST[@]}"
        echo "$blank" >ro.lun
        expect_error "orion_refusal_should_name_orions_write_flag" \
            "asmsim: $blank: the device is read-only" "or run without -write" \
            "$ASMSIM" orion -run oltp -testname ro -write 100 --destroy-data -duration 1
        blockdev --setrw "$blank"

        # issue 35 item 2: a 512-byte I/O (a redo write) runs where the
        # logical block is 512 bytes, and is refused before anything runs,
        # naming the device and its block, where it is 4 KiB
        sec512=$(truncate -s 16M sec512.img &&
                 losetup -f --show --sector-size 512 sec512.img 2>/dev/null)
        [ -n "$sec512" ] && LOOPS+=("$sec512")
        sec4k=$(truncate -s 16M sec4k.img &&
                losetup -f --show --sector-size 4096 sec4k.img 2>/dev/null)
        [ -n "$sec4k" ] && LOOPS+=("$sec4k")
        if [ -z "$sec512" ] || [ -z "$sec4k" ]; then
            skip sector_sizes "losetup --sector-size failed"
        else
            expect_stdout_contains "io_of_512_bytes_should_run_on_512_byte_sectors" \
                "Small IO size: 512 bytes" bash -c "'$ASMSIM' run --target '$sec512' \
                --size-small 512 --run oltp --num-small 2 --output-dir sec512.out \
                ${FAST[*]} >/dev/null && cat sec512.out/*_summary.txt"
            expect_error "io_of_512_bytes_should_be_refused_on_4k_sectors_naming_the_block" \
                "asmsim: $sec4k: logical block size 4096 bytes, but --size-small is 512 bytes; direct I/O there takes sizes in multiples of 4096 bytes" "" \
                "$ASMSIM" run --target "$sec4k" --size-small 512 --run oltp "${FAST[@]}"
        fi

        ext=$(new_loop ext4.img 64)
        LOOPS+=("$ext")
        if ! command -v mkfs.ext4 >/dev/null || ! mkfs.ext4 -q -F "$ext" >/dev/null 2>&1; then
            skip ext4_device "mkfs.ext4 missing or failed"
        else
            expect_error "ext4_device_first_refusal_should_name_the_signature_too" \
                "asmsim: $ext: the run writes and this device carries an ext4 signature and was not created by asmsim" \
                "give --destroy-data and --ignore-signatures if it really may be destroyed, or run without --write" \
                "$ASMSIM" run --target "$ext" --write 10 "${FAST[@]}"
            expect_error "ext4_device_should_be_refused_naming_ext4" \
                "asmsim: $ext: carries an ext4 signature; refusing to overwrite it even with --destroy-data" "" \
                "$ASMSIM" run --target "$ext" --write 10 --destroy-data "${FAST[@]}"
            mkdir mnt
            if mount "$ext" mnt 2>/dev/null; then
                MOUNTS+=("$WORK/mnt")
                expect_error "mounted_device_should_be_refused_even_read_only" \
                    "asmsim: $ext: is mounted at $WORK/mnt; asmsim never uses a mounted device" "" \
                    "$ASMSIM" run --target "$ext" "${FAST[@]}"
                expect_error "mounted_device_should_be_refused_even_with_every_override" \
                    "asmsim: $ext: is mounted at" "" \
                    "$ASMSIM" run --target "$ext" --write 10 --destroy-data \
                    --ignore-signatures "${FAST[@]}"
                # Issue 32 item 12: the image behind a mounted loop device
                # is as busy as the device: refused with every override,
                # under another name (a hard link) and through a .lun file
                sum_img=$(md5sum <ext4.img)
                expect_error "the_file_under_a_mounted_loop_device_should_be_refused_with_every_override" \
                    "asmsim: ext4.img: is under $ext" "" \
                    "$ASMSIM" run --target ext4.img --write 100 --destroy-data \
                    --ignore-signatures "${FAST[@]}"
                H_ERR=${H_ERR:-}
                expect_true "the_refusal_should_say_where_the_loop_device_is_mounted" \
                    grep -q "which is mounted at $WORK/mnt" <<<"$H_ERR"
                ln ext4.img ext4.link
                printf '%s\n' "$WORK/ext4.link" >busy.lun
                expect_error "the_file_under_a_mounted_loop_device_should_be_refused_through_a_hard_link_and_a_lun_file" \
                    "asmsim: $WORK/ext4.link: is under $ext" "" \
                    "$ASMSIM" run --lun-file busy.lun --write 100 --destroy-data \
                    --ignore-signatures "${FAST[@]}"
                expect_error "the_file_under_a_mounted_loop_device_should_be_refused_read_only" \
                    "asmsim: ext4.img: is under" "" \
                    "$ASMSIM" run --target ext4.img "${FAST[@]}"
                # the loop's first name removed, a hard link left: the
                # kernel's device and inode find it, not the sysfs path
                mv ext4.img ext4.moved && ln ext4.moved ext4.img && rm ext4.moved
                expect_error "the_file_under_a_mounted_loop_device_should_be_found_after_its_first_name_is_removed" \
                    "asmsim: ext4.img: is under $ext, which is mounted at" "" \
                    "$ASMSIM" run --target ext4.img --write 100 --destroy-data \
                    --ignore-signatures "${FAST[@]}"
                # a loop over the mounted loop's own backing device: a chain
                if chain=$(losetup -f --show ext4.link 2>/dev/null) && [ -n "$chain" ]; then
                    LOOPS+=("$chain")
                    expect_error "a_file_under_a_loop_chain_ending_in_a_mount_should_be_refused" \
                        "asmsim: ext4.link: is under" "" \
                        "$ASMSIM" run --target ext4.link --write 100 --destroy-data \
                        --ignore-signatures "${FAST[@]}"
                    losetup -d "$chain"
                fi
                expect_true "the_image_under_the_mounted_device_should_be_unchanged" \
                    test "$(md5sum <ext4.img)" = "$sum_img"
                umount mnt && MOUNTS=()
            else
                skip mounted_device "mount is not permitted here"
            fi
        fi

        # a loop device held exclusively by another program over a blank
        # image (no signature): --destroy-data alone used to be enough
        held=$(new_loop held.img 64) && LOOPS+=("$held")
        zeros held.img 64
        python3 -c 'import os,sys,time; os.open(sys.argv[1], os.O_RDONLY | os.O_EXCL); print("held", flush=True); time.sleep(60)' "$held" >holder.out &
        holder=$!
        for _ in $(seq 50); do [ -s holder.out ] && break; sleep 0.1; done
        expect_error "the_file_under_an_exclusively_held_loop_device_should_be_refused" \
            "asmsim: held.img: is under $held, which is open exclusively by another program" "" \
            "$ASMSIM" run --target held.img --write 100 --destroy-data "${FAST[@]}"
        kill "$holder" 2>/dev/null; wait "$holder" 2>/dev/null
        # a loop device over the held one: the device under it is busy too
        # (loop over loop: the upper one does not claim the lower)
        if upper=$(losetup -f --show "$held" 2>/dev/null) && [ -n "$upper" ]; then
            LOOPS+=("$upper")
            python3 -c 'import os,sys,time; os.open(sys.argv[1], os.O_RDONLY | os.O_EXCL); print("held", flush=True); time.sleep(60)' "$upper" >holder2.out &
            holder2=$!
            for _ in $(seq 50); do [ -s holder2.out ] && break; sleep 0.1; done
            expect_error "a_device_under_a_busy_loop_device_should_be_refused" \
                "asmsim: $held: is under $upper, which is open exclusively by another program" "" \
                "$ASMSIM" run --target "$held" "${FAST[@]}"
            kill "$holder2" 2>/dev/null; wait "$holder2" 2>/dev/null
            losetup -d "$upper"
        fi
        expect_exit 0 "the_file_under_a_loop_device_nothing_holds_should_be_allowed" \
            "$ASMSIM" run --target held.img --write 100 --destroy-data --run oltp "${FAST[@]}"
        if command -v mkswap >/dev/null && mkswap -q "$held" 2>/dev/null && swapon "$held" 2>/dev/null; then
            expect_error "the_file_under_an_active_swap_loop_device_should_be_refused" \
                "asmsim: held.img: is under $held, which is an active swap area" "" \
                "$ASMSIM" run --target held.img --write 100 --destroy-data \
                --ignore-signatures "${FAST[@]}"
            swapoff "$held"
        else
            skip swap_loop_device "mkswap or swapon is not permitted here"
        fi

        asmdev=$(new_loop asmdev.img 64)
        LOOPS+=("$asmdev")
        printf 'ORCLDISK' | dd of="$asmdev" bs=1 seek=32 conv=notrunc status=none
        expect_error "asm_disk_device_should_be_refused" \
            "asmsim: $asmdev: carries an Oracle ASM disk header (ORCLDISK) signature" "" \
            "$ASMSIM" run --target "$asmdev" --write 10 --destroy-data "${FAST[@]}"
        # Issue 32 item 11: no output of any command goes into a device
        # (--json /dev/loopN replaced the ASM header with '{ "asmsim_version"')
        asm_sum=$(md5sum <"$asmdev")
        ln -s "$asmdev" asmdev.link
        for c in "run --duration 1ms --quiet --disks 1" "sweep --volumes 1-2 --duration 1ms --quiet" \
                 "orion -run simple -testname jd --volume gp3 -num_disks 1 -duration 1" \
                 "cost" "forecast --schedule oltp-day --quiet"; do
            for p in "$asmdev" asmdev.link; do
                # shellcheck disable=SC2086
                expect_error "${c%% *}_json_should_refuse_a_block_device_${p##*.}" \
                    "asmsim: --json $p: is $([ "$p" = "$asmdev" ] || echo 'a symbolic link to ')a block device" "" \
                    "$ASMSIM" $c --json "$p"
            done
        done
        # and stdout redirected to the device: refused before the work,
        # for --json - and the text report alike
        expect_true "json_to_stdout_on_a_block_device_should_be_refused" \
            bash -c "'$ASMSIM' run --duration 1ms --quiet --json - >'$asmdev' 2>stdout.err; [ \$? = 2 ] && grep -q '^asmsim: stdout is a block device' stdout.err"
        expect_true "text_to_stdout_on_a_block_device_should_be_refused" \
            bash -c "'$ASMSIM' cost >'$asmdev' 2>stdout.err; [ \$? = 2 ] && grep -q '^asmsim: stdout is a block device' stdout.err"
        # and stderr: a usage error, and a run that prints nothing on it
        expect_true "stderr_on_a_block_device_should_be_refused" \
            bash -c "'$ASMSIM' run --bogus 2>'$asmdev' >stderr.out; [ \$? = 2 ] && grep -q '^asmsim: stderr is a block device' stderr.out"
        expect_true "a_quiet_run_with_stderr_on_a_block_device_should_be_refused" \
            bash -c "'$ASMSIM' run --duration 1ms --quiet 2>'$asmdev' >/dev/null; [ \$? = 2 ]"
        expect_true "the_device_should_keep_its_asm_header" \
            test "$(md5sum <"$asmdev")" = "$asm_sum"

        # error injection: a device-mapper error target beside a good disk
        if command -v dmsetup >/dev/null &&
           dmsetup create "asmsim-err-$$" --table "0 131072 error" 2>/dev/null; then
            DMS+=("asmsim-err-$$")
            errdev=/dev/mapper/asmsim-err-$$
            expect_stdout_contains "errors_should_be_counted_and_the_run_should_complete" \
                "I/O errors: " "$ASMSIM" run --target "$errdev" --target "$blank" \
                --run oltp "${FAST[@]}"
            if [[ "$H_OUT" =~ I/O\ errors:\ ([0-9]+) ]] && [ "${BASH_REMATCH[1]}" -gt 0 ]; then
                harness_ok "errors_should_be_more_than_zero"
            else
                harness_fail "errors_should_be_more_than_zero" "${H_OUT:0:300}"
            fi
            mkdir errout
            expect_exit 1 "every_disk_failing_should_stop_the_run_with_status_1" \
                "$ASMSIM" run --target "$errdev" --run oltp --output-dir errout \
                "${FAST[@]}"
            expect_glob "every_disk_failing_should_still_write_results" \
                "errout/asmsim_*_summary.txt"
        else
            skip error_injection "device-mapper is not available in this kernel"
        fi
    fi
fi

# ---- a real file system failing under a run (XFS shutdown) -------------------

# Issue 7: two files on XFS, --threads 2, the file system shut down mid-run
# (every I/O fails from then on): exit 1, the points measured so far
# written.  It crashed (exit 139, no files) when the engine was freed
# while the workers still ran; that was a race, so it runs three times.
# A sweep the same way said "interrupted", exit 130 (issue 32): it names
# the disk count, the error and the disks.  The shutdown comes once the
# first point is done (the --progress line says so), not after a fixed
# time: under load, creating the files took longer than that.
xfs_shutdown_run() {   # try run|sweep -> "" or why it failed
    local try=$1 cmd=$2 pid rc i
    umount xfsmnt 2>/dev/null
    mkfs.xfs -q -f "$xfsdev" >/dev/null 2>&1 && mount "$xfsdev" xfsmnt 2>/dev/null ||
        { echo "try $try: mkfs.xfs or mount failed"; return; }
    rm -rf "xfsout$try" && mkdir "xfsout$try"
    "$ASMSIM" "$cmd" --target xfsmnt/a --target xfsmnt/b --create 64MiB --threads 2 \
        $([ "$cmd" = sweep ] && echo --volumes 1-2) --write 30 --run normal \
        --duration 500ms --output-dir "xfsout$try" --progress \
        >"xfs$try.out" 2>"xfs$try.err" &
    pid=$!
    for ((i = 0; i < 600 * SCALE; i++)); do
        grep -qs '^asmsim: 1/' "xfs$try.err" || ! kill -0 $pid 2>/dev/null && break
        sleep 0.1
    done
    xfs_io -x -c shutdown xfsmnt
    for _ in $(seq $((300 * SCALE))); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
    if kill -0 $pid 2>/dev/null; then
        kill -KILL $pid; wait $pid 2>/dev/null
        echo "try $try: still running $((30 * SCALE)) s after the shutdown"; return
    fi
    wait $pid
    rc=$?
    if [ $rc -ne 1 ]; then
        echo "try $try: exit $rc, expected 1: $(grep -v '^asmsim: [0-9]*/' "xfs$try.err" | head -c 300)"
    elif ! grep -Eq "every target failed at point .*: Input/output error on all (1 disk|2 disks) \(xfsmnt/a" "xfs$try.err" ||
         { [ "$cmd" = sweep ] && ! grep -q '^asmsim: sweep stopped at 1 disk: ' "xfs$try.err"; } ||
         grep -q interrupted "xfs$try.err"; then
        echo "try $try: stderr: $(grep -v '^asmsim: [0-9]*/' "xfs$try.err" | head -c 300)"
    elif ! compgen -G "xfsout$try/asmsim_*_summary.txt" >/dev/null; then
        echo "try $try: no summary written"
    fi
}

if [ "$(id -u)" -ne 0 ] || ! command -v losetup >/dev/null; then
    skip xfs_shutdown "needs root and losetup"
elif ! command -v mkfs.xfs >/dev/null || ! command -v xfs_io >/dev/null; then
    skip xfs_shutdown "needs xfsprogs (mkfs.xfs, xfs_io)"
elif ! grep -qw xfs /proc/filesystems && ! modprobe xfs 2>/dev/null; then
    skip xfs_shutdown "this kernel has no XFS"
elif ! xfsdev=$(new_loop xfs.img 512) || [ -z "$xfsdev" ]; then
    skip xfs_shutdown "no loop device available"
else
    LOOPS+=("$xfsdev")
    mkdir xfsmnt
    MOUNTS+=("$WORK/xfsmnt")
    why=""
    for try in 1 2 3; do
        why=$(xfs_shutdown_run $try run)
        [ -n "$why" ] && break
    done
    [ -z "$why" ] && why_sweep=$(xfs_shutdown_run 4 sweep)
    umount xfsmnt 2>/dev/null
    if [[ "$why" == *"mkfs.xfs or mount failed"* ]]; then
        skip xfs_shutdown "cannot make or mount XFS here"
    elif [ -z "$why" ]; then
        harness_ok "xfs_shutdown_mid_run_on_two_workers_should_exit_1_with_the_points_so_far"
        if [ -z "$why_sweep" ]; then
            harness_ok "xfs_shutdown_mid_sweep_should_exit_1_naming_the_error_not_interrupted"
        else
            harness_fail "xfs_shutdown_mid_sweep_should_exit_1_naming_the_error_not_interrupted" "$why_sweep"
        fi
    else
        harness_fail "xfs_shutdown_mid_run_on_two_workers_should_exit_1_with_the_points_so_far" "$why"
    fi
fi

# ==== issue 7: asmsim's mark, one device under two names ===================
# (block owned by the safety work.)  A stray side-car does not make a file
# asmsim's; a mark does not exempt a file from the signature check; a loop
# device under a second name, over a file also given, or a disk given with
# its own partition, is refused before anything is opened for I/O.

mkdir -p "$WORK/i7" && cd "$WORK/i7" || exit 1

zeros asmimg 64
printf 'ORCLDISK' | dd of=asmimg bs=1 seek=32 conv=notrunc status=none
: >asmimg.asmsim                    # stray side-car (old asmsim, or left over)
sum_asm=$(md5sum <asmimg)
expect_error "stray_sidecar_should_not_make_an_asm_image_asmsims" \
    "asmsim: asmimg: the run writes and this file carries an Oracle ASM disk header (ORCLDISK) signature and was not created by asmsim" \
    "give --destroy-data and --ignore-signatures if it really may be destroyed, or run without --write" \
    "$ASMSIM" run --target asmimg --write 10 "${FAST[@]}"
expect_error "stray_sidecar_should_not_let_create_take_over_an_asm_image" \
    "asmsim: asmimg: the run writes and this file carries an Oracle ASM disk header (ORCLDISK) signature and was not created by asmsim" "" \
    "$ASMSIM" run --target asmimg --create 64MiB --write 10 "${FAST[@]}"
expect_error "stray_sidecar_should_not_skip_the_signature_check" \
    "asmsim: asmimg: carries an Oracle ASM disk header (ORCLDISK) signature" "" \
    "$ASMSIM" run --target asmimg --write 10 --destroy-data "${FAST[@]}"
expect_true "asm_image_should_be_untouched" test "$(md5sum <asmimg)" = "$sum_asm"

expect_exit 0 "create_should_make_a_marked_file" \
    "$ASMSIM" run --target mine --create 64MiB --run oltp "${FAST[@]}"
printf 'ORCLDISK' | dd of=mine bs=1 seek=32 conv=notrunc status=none
sum_mine=$(md5sum <mine)
expect_error "asm_header_on_asmsims_own_file_should_be_refused" \
    "asmsim: mine: carries an Oracle ASM disk header (ORCLDISK) signature although asmsim created it" "" \
    "$ASMSIM" run --target mine --write 10 "${FAST[@]}"
expect_true "asmsims_own_signed_file_should_be_untouched" \
    test "$(md5sum <mine)" = "$sum_mine"

if [ "$(id -u)" -ne 0 ] || ! command -v losetup >/dev/null; then
    skip same_device_twice "needs root and losetup"
elif ! l1=$(new_loop back1.img 64) || [ -z "$l1" ]; then
    skip same_device_twice "no loop device available"
else
    LOOPS+=("$l1")
    read -r maj min < <(stat -c '%t %T' "$l1")
    if mknod twin b $((16#$maj)) $((16#$min)) 2>/dev/null; then
        expect_error "second_device_node_should_be_the_same_target" \
            "asmsim: --target twin: target 2 is the same as target 1 ($l1): the same device" "" \
            "$ASMSIM" run --target "$l1" --target twin "${FAST[@]}"
        printf '%s\n%s\n' "$l1" "$WORK/i7/twin" >twin.lun
        expect_error "lun_file_with_a_second_device_node_should_name_the_lines" \
            "asmsim: --lun-file twin.lun: line 2: $WORK/i7/twin is the same target as line 1 ($l1)" "" \
            "$ASMSIM" run --lun-file twin.lun "${FAST[@]}"
    else
        skip second_device_node_should_be_the_same_target "mknod is not permitted here"
    fi
    ln -s "$l1" l1.link
    expect_error "symlink_to_a_device_should_be_the_same_target" \
        "asmsim: --target l1.link: target 2 is the same as target 1 ($l1): the same device" "" \
        "$ASMSIM" run --target "$l1" --target l1.link "${FAST[@]}"
    expect_error "loop_device_and_its_file_should_be_the_same_target" \
        "asmsim: --target $l1: target 2 is the same as target 1 (back1.img): a loop device over that file" "" \
        "$ASMSIM" run --target back1.img --target "$l1" "${FAST[@]}"
    if l2=$(losetup -f --show back1.img 2>/dev/null) && [ -n "$l2" ]; then
        LOOPS+=("$l2")
        expect_error "two_loop_devices_over_one_file_should_be_the_same_target" \
            "asmsim: --target $l2: target 2 is the same as target 1 ($l1): a loop device over the same file" "" \
            "$ASMSIM" run --target "$l1" --target "$l2" "${FAST[@]}"
    else
        skip two_loop_devices_over_one_file_should_be_the_same_target "no second loop device"
    fi

    # a disk and its own partition: an MBR with two 24 MiB partitions
    truncate -s 64M parts.img
    mbr_entry() {   # start-LBA-bytes count-bytes (little-endian \x escapes)
        printf "\x00\x00\x00\x00\x83\x00\x00\x00$1$2"
    }
    { mbr_entry '\x00\x08\x00\x00' '\x00\xc0\x00\x00'
      mbr_entry '\x00\xc8\x00\x00' '\x00\xc0\x00\x00'; } |
        dd of=parts.img bs=1 seek=446 conv=notrunc status=none
    printf '\x55\xaa' | dd of=parts.img bs=1 seek=510 conv=notrunc status=none
    if ! pd=$(losetup -f --show -P parts.img 2>/dev/null) || [ -z "$pd" ]; then
        skip disk_and_its_partition "no loop device with partition scanning"
    else
        LOOPS+=("$pd")
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            [ -b "${pd}p2" ] && break
            sleep 0.2
        done
        if [ ! -b "${pd}p1" ] || [ ! -b "${pd}p2" ]; then
            skip disk_and_its_partition "the kernel made no partitions of $pd (no MBR partition support, CONFIG_MSDOS_PARTITION); test_safety.c checks the rule on a copy of sysfs"
        else
            expect_error "disk_and_its_partition_should_be_the_same_target" \
                "asmsim: --target ${pd}p1: target 2 is the same as target 1 ($pd): a partition of that disk" "" \
                "$ASMSIM" run --target "$pd" --target "${pd}p1" "${FAST[@]}"
            expect_error "partition_and_its_disk_should_be_the_same_target" \
                "asmsim: --target $pd: target 2 is the same as target 1 (${pd}p2): the disk that partition is on" "" \
                "$ASMSIM" run --target "${pd}p2" --target "$pd" "${FAST[@]}"
            # two partitions of one disk are two targets (the --disks
            # mismatch is found after the targets were accepted)
            expect_error "two_partitions_of_one_disk_should_be_two_targets" \
                "asmsim: --disks 3: 2 targets given; drop --disks" "" \
                "$ASMSIM" run --target "${pd}p1" --target "${pd}p2" --disks 3 "${FAST[@]}"
        fi
    fi
fi
cd "$WORK" || exit 1

# ==== end of the issue 7 block ===============================================

harness_done
