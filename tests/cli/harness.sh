# harness.sh - the few assertions cli_test.sh needs.  Each prints one
# "ok   name" or "FAIL name: why" line and counts it; harness_done prints
# "N passed, N failed" and exits 1 on any failure.

HARNESS_PASSED=0
HARNESS_FAILED=0

harness_ok() {
    HARNESS_PASSED=$((HARNESS_PASSED + 1))
    echo "ok   $1"
}

harness_fail() {
    HARNESS_FAILED=$((HARNESS_FAILED + 1))
    echo "FAIL $1: $2"
}

# Run a command, leaving its output in $H_OUT / $H_ERR and status in $H_RC.
harness_run() {
    H_OUT=$("$@" 2>"$WORK/.harness.err")
    H_RC=$?
    H_ERR=$(cat "$WORK/.harness.err")
}

# expect_exit STATUS NAME CMD...
expect_exit() {
    local want=$1 name=$2
    shift 2
    harness_run "$@"
    if [ "$H_RC" -eq "$want" ]; then
        harness_ok "$name"
    else
        harness_fail "$name" "exit $H_RC, expected $want; stderr: $H_ERR"
    fi
}

# stdout_check NAME TEXT yes|no CMD...: exit 0, and stdout holds TEXT
# (yes) or does not (no)
stdout_check() {
    local name=$1 text=$2 want=$3 has=no
    shift 3
    harness_run "$@"
    [[ "$H_OUT" == *"$text"* ]] && has=yes
    if [ "$H_RC" -ne 0 ]; then
        harness_fail "$name" "exit $H_RC; stderr: $H_ERR"
    elif [ "$has" = "$want" ]; then
        harness_ok "$name"
    elif [ "$want" = yes ]; then
        harness_fail "$name" "stdout lacks \"$text\"; stdout: ${H_OUT:0:400}"
    else
        harness_fail "$name" "stdout has \"$text\"; stdout: ${H_OUT:0:400}"
    fi
}

# expect_stdout_contains / expect_stdout_lacks NAME TEXT CMD...
expect_stdout_contains() { stdout_check "$1" "$2" yes "${@:3}"; }
expect_stdout_lacks() { stdout_check "$1" "$2" no "${@:3}"; }

# expect_stdout_matches NAME ERE CMD...  (some line matches; exit 0)
expect_stdout_matches() {
    local name=$1 re=$2
    shift 2
    harness_run "$@"
    if [ "$H_RC" -ne 0 ]; then
        harness_fail "$name" "exit $H_RC; stderr: $H_ERR"
    elif printf '%s\n' "$H_OUT" | grep -Eq -- "$re"; then
        harness_ok "$name"
    else
        harness_fail "$name" "no stdout line matches /$re/; stdout: ${H_OUT:0:400}"
    fi
}

# expect_error NAME MESSAGE-PREFIX TRY-SUFFIX CMD...
# Exit status 2, nothing on stdout, exactly one line on stderr that starts
# with MESSAGE-PREFIX and (when TRY-SUFFIX is not empty) ends with it.
expect_error() {
    local name=$1 msg=$2 try=$3 lines
    shift 3
    harness_run "$@"
    lines=$(printf '%s' "$H_ERR" | grep -c '')
    if [ "$H_RC" -ne 2 ]; then
        harness_fail "$name" "exit $H_RC, expected 2; stderr: $H_ERR"
    elif [ -n "$H_OUT" ]; then
        harness_fail "$name" "stdout not empty: ${H_OUT:0:200}"
    elif [ "$lines" -ne 1 ]; then
        harness_fail "$name" "$lines lines on stderr, expected 1: $H_ERR"
    elif [[ "$H_ERR" != "$msg"* ]]; then
        harness_fail "$name" "stderr \"$H_ERR\" does not start with \"$msg\""
    elif [ -n "$try" ] && [[ "$H_ERR" != *"$try" ]]; then
        harness_fail "$name" "stderr \"$H_ERR\" does not end with \"$try\""
    else
        harness_ok "$name"
    fi
}

# expect_no_files NAME DIR [ALLOWED-NAME...]
expect_no_files() {
    local name=$1 dir=$2 found
    shift 2
    found=$(cd "$dir" && ls -A | grep -vxF -e .harness.err "${@/#/-e}")
    if [ -z "$found" ]; then
        harness_ok "$name"
    else
        harness_fail "$name" "$dir holds: $(echo $found)"
    fi
}

# expect_true NAME CMD...  (the command succeeds)
expect_true() {
    local name=$1
    shift
    harness_run "$@"
    if [ "$H_RC" -eq 0 ]; then
        harness_ok "$name"
    else
        harness_fail "$name" "'$*' failed ($H_RC): ${H_ERR:0:300}"
    fi
}

# expect_glob NAME PATTERN  (at least one file matches)
expect_glob() {
    local name=$1 pattern=$2
    if compgen -G "$pattern" >/dev/null; then
        harness_ok "$name"
    else
        harness_fail "$name" "no file matches $pattern"
    fi
}

harness_done() {
    echo "$HARNESS_PASSED passed, $HARNESS_FAILED failed"
    [ "$HARNESS_FAILED" -eq 0 ]
    exit $?
}
