#!/usr/bin/env bash
# scripts_test.sh - the rules of the project's own scripts, checked without
# building anything:
#   * ./build.sh build, run and test configure the build directory with the
#     very same CMake settings, so alternating them never flips the cache
#     (a -Werror only `test` set recompiled every file on each switch), and
#     only when its cache is missing or holds other settings;
#   * a shell suite that cannot run at all exits 77 (CTest: skipped), but
#     1 under ASMSIM_NO_SKIP=1, and .ci/run sets that, so CI cannot go
#     green by skipping.
#
#   bash scripts_test.sh <path-to-asmsim> <tests-dir>
#
# build.sh runs against stub cmake, ctest and dpkg-query that only log
# their arguments, in a copy of the script, so the real build directory is
# never touched (this test runs inside it).
set -u

TESTS_DIR=$(cd "${2:-.}" && pwd)
SRC=$(cd "$TESTS_DIR/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-scripts.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

# ---- build.sh: one configuration for every command ------------------------

mkdir -p stubs proj/build
cat >stubs/cmake <<'EOF'
#!/bin/sh
# configure calls (-S ...) are logged; build calls do nothing
[ "$1" = "-S" ] && echo "$*" >>"$STUB_LOG"
exit 0
EOF
cat >stubs/ctest <<'EOF'
#!/bin/sh
exit 0
EOF
cat >stubs/dpkg-query <<'EOF'
#!/bin/sh
# dpkg-query -W -f=FORMAT PKG...: every package is installed
shift 2
for p in "$@"; do printf '%s install ok installed\n' "$p"; done
EOF
cat >proj/build/asmsim <<'EOF'
#!/bin/sh
exit 0
EOF
chmod +x stubs/* proj/build/asmsim
cp "$SRC/build.sh" proj/build.sh

configure_line() {   # the cmake configure line of `./build.sh $1`
    : >"$WORK/log"
    (cd proj && env -u ASMSIM_SANITIZE -u ASMSIM_WERROR -u ASMSIM_BUILD_ROOT \
        PATH="$WORK/stubs:$PATH" STUB_LOG="$WORK/log" bash ./build.sh "$1" \
        >/dev/null 2>&1)
    cat "$WORK/log"
}
b=$(configure_line build)
r=$(configure_line run)
t=$(configure_line test)
if [ -n "$t" ] && [ "$b" = "$t" ] && [ "$r" = "$t" ]; then
    harness_ok "build_run_and_test_should_configure_alike"
else
    harness_fail "build_run_and_test_should_configure_alike" \
        "build: '$b'; run: '$r'; test: '$t'"
fi
expect_true "the_common_configuration_should_keep_werror_on" \
    grep -Eq -- '-DASMSIM_WERROR(:BOOL)?=ON' <<<"$t"
# configured only when the cache is missing or holds other options: an
# already built `./build.sh run` spent 4.2 s of its 5 s configuring
printf 'CMAKE_BUILD_TYPE:STRING=Release\nASMSIM_WERROR:BOOL=ON\nASMSIM_SANITIZE:STRING=\n' \
    >proj/build/CMakeCache.txt
expect_true "build_dir_with_the_same_options_should_not_be_configured_again" \
    test -z "$(configure_line run)" -a -z "$(configure_line build)"
sed -i 's/ASMSIM_WERROR:BOOL=ON/ASMSIM_WERROR:BOOL=OFF/' proj/build/CMakeCache.txt
expect_true "build_dir_with_other_options_should_be_configured" \
    test -n "$(configure_line run)"
rm proj/build/CMakeCache.txt

# ---- whole-suite skips: 77 for a developer, a failure in CI ----------------

# suite_exit NO_SKIP PATH SCRIPT: the exit status of a suite run with that
# ASMSIM_NO_SKIP and PATH
suite_exit() {
    env -u ASMSIM_NO_SKIP ${1:+ASMSIM_NO_SKIP=$1} PATH="$2" /bin/bash \
        "$TESTS_DIR/$3" /bin/true "$TESTS_DIR" >/dev/null 2>&1
    echo $?
}
expect_status() {   # NAME WANT GOT
    [ "$3" -eq "$2" ] && harness_ok "$1" || harness_fail "$1" "exit $3, expected $2"
}
# tui_test.sh without tmux on PATH (the stub directory has none)
expect_status "tui_suite_without_tmux_should_skip" 77 \
    "$(suite_exit "" "$WORK/stubs" tui_test.sh)"
expect_status "tui_suite_skip_should_fail_under_no_skip" 1 \
    "$(suite_exit 1 "$WORK/stubs" tui_test.sh)"
# aio_test.sh where direct I/O fails (a dd that always fails, as on tmpfs)
mkdir -p nodd
printf '#!/bin/sh\nexit 1\n' >nodd/dd
chmod +x nodd/dd
expect_status "aio_suite_without_odirect_should_skip" 77 \
    "$(suite_exit "" "$WORK/nodd:$PATH" aio_test.sh)"
expect_status "aio_suite_skip_should_fail_under_no_skip" 1 \
    "$(suite_exit 1 "$WORK/nodd:$PATH" aio_test.sh)"
expect_true "ci_should_set_no_skip" \
    grep -q '^export ASMSIM_NO_SKIP=1' "$SRC/.ci/run"

# ---- bench/calibration.sh --doc: where the page may go, before the run ------

ASMSIM_BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
printf 'somebody else\n' >theirs.md
doc_refused() {   # name want-in-stderr args...: exit 2 at once, theirs.md kept
    local name=$1 want=$2 rc
    shift 2
    timeout 10 bash "$SRC/bench/calibration.sh" "$@" >/dev/null 2>doc.err; rc=$?
    if [ "$rc" = 2 ] && grep -q -- "$want" doc.err && [ "$(cat theirs.md)" = "somebody else" ]; then
        harness_ok "$name"
    else
        harness_fail "$name" "exit $rc: $(cat doc.err)"
    fi
}
doc_refused "calibration_doc_over_a_file_it_did_not_write_should_be_refused" \
    "is not a page this script wrote" --doc theirs.md "$ASMSIM_BIN"
doc_refused "calibration_doc_on_a_device_should_be_refused" \
    "is not a page this script wrote" --doc /dev/null "$ASMSIM_BIN"
doc_refused "calibration_doc_in_a_missing_directory_should_be_refused_before_the_run" \
    "no such directory" --doc nowhere/v.md "$ASMSIM_BIN"
doc_refused "calibration_arguments_after_asmsim_should_be_read" \
    "usage" "$ASMSIM_BIN" --doc

harness_done
