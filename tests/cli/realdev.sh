# realdev.sh - what the real-device tests (aio_test.sh, uring_test.sh)
# add to harness.sh: skipped cases, counted apart (a script that could run
# none of its cases exits 77, CTest's SKIP_RETURN_CODE, or 1 with
# ASMSIM_NO_SKIP=1 (CI: .ci/run), where a suite that skips fails), and a
# run stopped by SIGINT while a disk stalls.

# skip CASE REASON: a case this machine cannot run, counted apart
HARNESS_SKIPPED=0
skip() {
    HARNESS_SKIPPED=$((HARNESS_SKIPPED + 1))
    echo "skip: $1: $2"
}
# harness.sh's ending with the skipped cases counted: 1 on any failure, 77
# when every case was skipped (1 under ASMSIM_NO_SKIP=1), else 0
harness_done() {
    echo "$HARNESS_PASSED passed, $HARNESS_FAILED failed, $HARNESS_SKIPPED skipped"
    [ "$HARNESS_FAILED" -eq 0 ] || exit 1
    [ "$HARNESS_PASSED" -eq 0 ] && [ "$HARNESS_SKIPPED" -gt 0 ] &&
        exit "$([ "${ASMSIM_NO_SKIP:-}" = 1 ] && echo 1 || echo 77)"
    exit 0
}

# expect_sigint_exit_130 NAME DIR CMD...: CMD (a run writing into DIR,
# made here) gets SIGINT after 1.5 s and must exit 130 within 10 s (x
# ASMSIM_TIMEOUT_SCALE) and leave an "Incomplete run" summary in DIR; the
# run's stderr is DIR.err.  Two cases: NAME and NAME_should_write_partial_results.
expect_sigint_exit_130() {
    local name=$1 dir=$2 pid rc scale=${ASMSIM_TIMEOUT_SCALE:-1}
    shift 2
    [[ "$scale" =~ ^[1-9][0-9]*$ ]] || scale=1
    rm -rf "$dir" && mkdir "$dir"
    "$@" >"$dir.out" 2>"$dir.err" &
    pid=$!
    sleep 1.5
    kill -INT $pid
    for _ in $(seq $((100 * scale))); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
    if kill -0 $pid 2>/dev/null; then
        kill -KILL $pid
        wait $pid 2>/dev/null
        harness_fail "$name" "still running $((10 * scale)) s after SIGINT"
        return
    fi
    wait $pid
    rc=$?
    if [ $rc -eq 130 ]; then harness_ok "$name"
    else harness_fail "$name" "exit $rc: $(head -c 300 "$dir.err")"; fi
    expect_true "${name}_should_write_partial_results" \
        grep -q "Incomplete run" "$dir"/asmsim_*_summary.txt
}
