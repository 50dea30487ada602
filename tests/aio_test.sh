#!/usr/bin/env bash
# aio_test.sh - real targets through the command line: every safety rule
# (refusals name the target and the reason, nothing is written), data that
# really reaches files and block devices, the size limit, ORION's .lun,
# counted errors, an interrupted run, the null engine.
#
#   bash aio_test.sh <path-to-asmsim> <tests-dir>
#
# Files live in a mktemp directory under /var/tmp (O_DIRECT needs a disk
# file system); block devices are loop devices over files there, detached
# on exit whatever happens.  A case that needs what the machine lacks (root,
# loop devices, mount, device-mapper) prints SKIP and passes.
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

skip() { echo "SKIP $1: $2"; }
FAST=(--duration 200ms --quiet)
PATTERN="ASMSIM-WRITTEN!"

# a file of N MiB of zeros that asmsim did not create
zeros() { truncate -s "${2}M" "$1"; }
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
expect_stdout_contains "destroy_data_should_allow_a_blank_file" \
    "Maximum Small IOPS=" "$ASMSIM" run --target foreign --write 100 \
    --destroy-data --run oltp "${FAST[@]}"
expect_true "writes_should_reach_the_file" test "$(pattern_count foreign)" -gt 0

zeros asm 64
printf 'ORCLDISK' | dd of=asm bs=1 seek=32 conv=notrunc status=none
expect_error "asm_header_should_be_refused_even_with_destroy_data" \
    "asmsim: asm: carries a Oracle ASM disk header (ORCLDISK) signature; refusing to overwrite it even with --destroy-data; add --ignore-signatures" "" \
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
    "asmsim: --target ./foreign: the same target as foreign" "" \
    "$ASMSIM" run --target foreign --target ./foreign "${FAST[@]}"
expect_error "disks_that_disagree_with_targets_should_be_refused" \
    "asmsim: --disks 3: 1 target given; drop --disks" "" \
    "$ASMSIM" run --target foreign --disks 3 "${FAST[@]}"
expect_error "model_engine_with_targets_should_be_refused" \
    "asmsim: --target foreign: only the aio engine drives real targets; drop --engine model" "" \
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
expect_stdout_contains "orion_should_read_the_lun_file" "2 FILEs found." \
    "$ASMSIM" orion -run oltp -testname mytest -duration 1 --quiet
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
    --destroy-data --quiet
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

# ---- the null engine -------------------------------------------------------

expect_stdout_contains "null_engine_should_report_cpu_per_io" \
    "CPU per I/O (asmsim)" "$ASMSIM" run --engine null --disks 8 --run oltp \
    --duration 100ms --quiet
expect_stdout_contains "null_engine_should_warn_that_the_generator_is_the_bottleneck" \
    "the generator, not the devices, was the bottleneck" \
    "$ASMSIM" run --engine null --disks 2 --run oltp --duration 200ms --quiet

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
        expect_exit 0 "blank_device_should_be_allowed_with_destroy_data" \
            "$ASMSIM" run --target "$blank" --write 100 --destroy-data \
            --run oltp "${FAST[@]}"
        expect_true "data_should_reach_the_device" \
            test "$(pattern_count "$blank")" -gt 0

        ext=$(new_loop ext4.img 64)
        LOOPS+=("$ext")
        if ! command -v mkfs.ext4 >/dev/null || ! mkfs.ext4 -q -F "$ext" >/dev/null 2>&1; then
            skip ext4_device "mkfs.ext4 missing or failed"
        else
            expect_error "ext4_device_should_be_refused_naming_ext4" \
                "asmsim: $ext: carries a ext4 signature; refusing to overwrite it even with --destroy-data" "" \
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
                umount mnt && MOUNTS=()
            else
                skip mounted_device "mount is not permitted here"
            fi
        fi

        asmdev=$(new_loop asmdev.img 64)
        LOOPS+=("$asmdev")
        printf 'ORCLDISK' | dd of="$asmdev" bs=1 seek=32 conv=notrunc status=none
        expect_error "asm_disk_device_should_be_refused" \
            "asmsim: $asmdev: carries a Oracle ASM disk header (ORCLDISK) signature" "" \
            "$ASMSIM" run --target "$asmdev" --write 10 --destroy-data "${FAST[@]}"

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

harness_done
