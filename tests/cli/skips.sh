# skips.sh - skipped cases for the real-device tests (aio_test.sh,
# uring_test.sh), on top of harness.sh: a case this machine cannot run is
# counted apart, and a script that could run none of its cases exits 77
# (CTest's SKIP_RETURN_CODE), or 1 with ASMSIM_NO_SKIP=1 (CI: .ci/run),
# where a suite that skips fails.

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
