#!/usr/bin/env bash
# tui_test.sh ASMSIM TESTS_DIR - drives the real dashboard in tmux:
# disk rows and changing figures, '+' raises the load, '>' adds a disk row,
# 'p' pauses (figures stop changing), '?' shows the help, every key the
# help lists acts and the hint line names only such keys, 'q' 'y' quits and
# the terminal is restored, a tiny window shows the too-small message,
# NO_COLOR=1 works, a crash signal restores the terminal, --tui without a
# terminal falls back to the --progress line.  Without tmux it skips:
# exit 77, which CTest reports as skipped (SKIP_RETURN_CODE), not passed;
# with ASMSIM_NO_SKIP=1 (CI: .ci/run) exit 1, so a CI without tmux fails.
set -u
ASMSIM=${1:?usage: tui_test.sh ASMSIM [TESTS_DIR]}
case $ASMSIM in /*) ;; *) ASMSIM=$PWD/$ASMSIM ;; esac
if ! command -v tmux >/dev/null 2>&1; then
    echo "skip: tui_test: tmux is not installed"
    echo "0 passed, 0 failed, 1 skipped"
    exit "$([ "${ASMSIM_NO_SKIP:-}" = 1 ] && echo 1 || echo 77)"
fi
export TMUX_TMPDIR=$(mktemp -d)
WORK=$(mktemp -d)
S=asmsim_tui_$$
pass=0
fail=0
# Each start() gets a tmux server of its own (socket asmsim$N): tmux 3.3a
# can crash while it tears a session down (tmux issue #3658), and a crash
# then takes only the finished test's server with it, never a later test.
N=0
tm() { tmux -L "asmsim$N" "$@"; }
cleanup() {
    local i
    for ((i = 0; i <= N; i++)); do tmux -L "asmsim$i" kill-server 2>/dev/null; done
    rm -rf "$TMUX_TMPDIR" "$WORK"
}
trap cleanup EXIT

ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); echo "---- screen:"; screen | sed 's/^/  | /'; }
screen() { tm capture-pane -p -t "$S"; }
# wait_for REGEX [seconds]: until the screen matches
# (times ASMSIM_TIMEOUT_SCALE: sanitized builds run several times slower)
SCALE=${ASMSIM_TIMEOUT_SCALE:-1}
wait_for() {
    local i
    for ((i = 0; i < ${2:-10} * 10 * SCALE; i++)); do
        screen | grep -Eq -- "$1" && return 0
        sleep 0.1
    done
    return 1
}
# start CMD...: a fresh 120x40 session running CMD, then, once it ends, the
# terminal's mode and last the exit status (so a test that has seen EXIT=
# knows the mode line is already on the screen)
start() {
    tm kill-server 2>/dev/null
    N=$((N + 1))
    tm new-session -d -s "$S" -x 120 -y 40 \
        "$*; rc=\$?; stty -a | tr ' ' '\n' | grep -x -- '-*icanon'; echo EXIT=\$rc; sleep 600"
}
# a figure on the screen: the IOPS of the header
iops_now() { screen | sed -n 's/.* IOPS \([0-9][0-9]*\).*/\1/p' | head -1; }

TUI="$ASMSIM tui --duration 60s --speed 2"

# ---- the dashboard comes up with disk rows and moving figures
start "cd $WORK && $TUI"
if wait_for 'DATA_0003' 10 && wait_for '\[measuring\]' 10; then
    ok dashboard_should_show_one_row_per_disk
else
    bad dashboard_should_show_one_row_per_disk
fi
wait_for 'window [1-9]' 10
a=$(screen | grep -o 'elapsed [0-9m]*s')
b=$a
for ((i = 0; i < 50 * SCALE; i++)); do     # until it moves
    [ "$a" != "$b" ] && break
    sleep 0.1
    b=$(screen | grep -o 'elapsed [0-9m]*s')
done
if [ -n "$a" ] && [ "$a" != "$b" ] && screen | grep -Eq 'IOPS [1-9]'; then
    ok figures_should_change_while_it_runs
else
    bad figures_should_change_while_it_runs
fi

# ---- '+' raises the small load shown
tm send-keys -t "$S" +
if wait_for 'point small=2 large=0' 5; then
    ok plus_should_raise_the_small_load
else
    bad plus_should_raise_the_small_load
fi
tm send-keys -t "$S" ']'
if wait_for 'point small=2 large=1' 5; then
    ok bracket_should_raise_the_large_load
else
    bad bracket_should_raise_the_large_load
fi

# ---- '>' adds a disk row
tm send-keys -t "$S" '>'
if wait_for 'DATA_0004' 10 && screen | grep -q '5 disks'; then
    ok greater_should_add_a_disk_row
else
    bad greater_should_add_a_disk_row
fi

# ---- 'p' pauses: the figures stop changing
wait_for 'window [1-9]' 10
tm send-keys -t "$S" p
wait_for '\[PAUSED\]' 5
sleep 0.3
s1=$(screen | sed -n '2,15p')
sleep 1.5
s2=$(screen | sed -n '2,15p')
if screen | grep -q '\[PAUSED\]' && [ "$s1" = "$s2" ]; then
    ok p_should_pause_and_freeze_the_figures
else
    bad p_should_pause_and_freeze_the_figures
fi
tm send-keys -t "$S" p
if wait_for '\[measuring\]|\[warming up\]' 5; then
    ok p_again_should_resume
else
    bad p_again_should_resume
fi

# ---- 'b' keeps a baseline and shows deltas
wait_for 'window [1-9]' 10
tm send-keys -t "$S" b
tm send-keys -t "$S" +
if wait_for 'IOPS [0-9]+ \([+-][0-9.]+%\)' 10; then
    ok b_should_show_deltas_against_the_baseline
else
    bad b_should_show_deltas_against_the_baseline
fi

# ---- '?' shows the help overlay listing the keys
tm send-keys -t "$S" '?'
if wait_for 'pause / resume' 5 && screen | grep -q 'redundancy: external, normal, high'; then
    ok question_mark_should_show_the_help
else
    bad question_mark_should_show_the_help
fi
tm send-keys -t "$S" x        # any key closes it
if wait_for 'last minute' 5 && ! screen | grep -q 'pause / resume'; then
    ok any_key_should_close_the_help
else
    bad any_key_should_close_the_help
fi

# ---- a tiny window: the too-small message; back to full size: the dashboard
tm resize-window -t "$S" -x 50 -y 12
if wait_for 'window too small' 5; then
    ok tiny_window_should_say_it_is_too_small
else
    bad tiny_window_should_say_it_is_too_small
fi
tm resize-window -t "$S" -x 120 -y 40
if wait_for 'DATA_0000' 5; then
    ok dashboard_should_come_back_after_resize
else
    bad dashboard_should_come_back_after_resize
fi

# ---- 'q' asks; 'n' stays; 'q' 'y' quits and the terminal is restored
tm send-keys -t "$S" q
if wait_for 'Quit\?' 5; then ok q_should_ask_first; else bad q_should_ask_first; fi
tm send-keys -t "$S" n
sleep 0.3
if ! screen | grep -q 'EXIT='; then ok n_should_keep_running; else bad n_should_keep_running; fi
tm send-keys -t "$S" q
wait_for 'Quit\?' 5
tm send-keys -t "$S" y
if wait_for 'EXIT=0' 10 && screen | grep -qx 'icanon' && ! screen | grep -q 'DATA_0000'; then
    ok q_y_should_quit_and_restore_the_terminal
else
    bad q_y_should_quit_and_restore_the_terminal
fi

# ---- every key the help overlay lists is one the dashboard acts on, and
# every key the hint line names is in the help (one key table feeds all
# three): read the keys off the help, press each, see its effect
# expect_key KEY REGEX: press KEY (tmux's name for it), wait for REGEX
expect_key() {
    case $1 in
    Esc) tm send-keys -t "$S" Escape ;;
    *) tm send-keys -t "$S" -l -- "$1" ;;
    esac
    wait_for "$2" 5
}
start "cd $WORK && $TUI"
wait_for '\[measuring\]' 10
# the hint line (no message covers it yet): chunks "keys label", a row's
# keys joined by '/'
wait_for '^ \? help  q quit' 5
hint_keys=$(screen | tail -1 | sed -E 's/^ +//; s/ {2,}/\n/g' | awk '{ print $1 }' | tr '/' '\n')
tm send-keys -t "$S" '?'
wait_for 'pause / resume' 5
# the key column: two columns right of "Keys", up to the footer
help_keys=$(screen | awk '
    c == 0 && (i = index($0, "Keys")) { c = i; next }
    c && /Tuning keys/ { exit }
    c { n = split(substr($0, c + 2, 9), a, " "); for (j = 1; j <= n; j++) print a[j] }')
tm send-keys -t "$S" x
wait_for 'last minute' 5
missing=""
for k in $help_keys; do
    case $k in
    '?') expect_key '?' 'pause / resume' && tm send-keys -t "$S" x && wait_for 'last minute' 5 ;;
    q) expect_key q 'Quit\?' && tm send-keys -t "$S" n && sleep 0.3 && ! screen | grep -q 'Quit?' ;;
    +) expect_key + 'point small=2 large=0' ;;
    -) expect_key - 'point small=1 large=0' ;;
    ']') expect_key ']' 'point small=1 large=1' ;;
    '[') expect_key '[' 'point small=1 large=0' ;;
    '>') expect_key '>' '5 disks' ;;
    '<') expect_key '<' '4 disks' ;;
    w) expect_key w 'writes 25 %' ;;
    z) expect_key z 'sizes 16KiB /' ;;
    Z) expect_key Z '/ 256KiB' ;;
    l) expect_key l 'disks fine AU' ;;
    r) expect_key r 'AU [0-9A-Za-z]+ normal' ;;
    i) expect_key i 'volume IOPS \(' && tm send-keys -t "$S" Enter ;;
    t) expect_key t 'volume throughput \(' && tm send-keys -t "$S" Enter ;;
    n) expect_key n 'instance \(e\.g\.' && tm send-keys -t "$S" Enter ;;
    g) expect_key g 'walking the matrix' ;;
    b) expect_key b 'baseline kept' ;;
    p) expect_key p '\[PAUSED\]' && expect_key p '\[measuring\]|\[warming up\]' ;;
    R) expect_key R 'point restarted' ;;
    s) expect_key s 'nothing measured yet|saved [0-9]+ points' ;;
    Esc) tm send-keys -t "$S" b && wait_for 'baseline (kept|cleared)' 5 &&
         tm send-keys -t "$S" Escape && sleep 1.5 &&
         ! screen | grep -Eq 'baseline (kept|cleared)' ;;
    *) false ;;                 # a key this test does not know: teach it
    esac || missing="$missing $k"
done
if [ "$(echo $help_keys | wc -w)" -ge 20 ] && [ -z "$missing" ]; then
    ok every_key_in_the_help_should_act
else
    echo "help keys: $(echo $help_keys); no effect seen:$missing"
    bad every_key_in_the_help_should_act
fi
stray=""
for k in $hint_keys; do
    echo "$help_keys" | grep -qxF -- "$k" || stray="$stray $k"
done
if [ -n "$hint_keys" ] && [ -z "$stray" ]; then
    ok every_key_in_the_hint_line_should_be_in_the_help
else
    echo "hint keys: $(echo $hint_keys); not in the help:$stray"
    bad every_key_in_the_hint_line_should_be_in_the_help
fi

# ---- NO_COLOR=1: the dashboard works without colour
start "cd $WORK && NO_COLOR=1 $TUI --disks 2"
if wait_for 'DATA_0001' 10 && wait_for '\[measuring\]' 10; then
    ok no_color_should_still_show_the_dashboard
else
    bad no_color_should_still_show_the_dashboard
fi
# Ctrl-C: stops, restores the terminal, exit 130
tm send-keys -t "$S" C-c
if wait_for 'EXIT=130' 10 && screen | grep -qx 'icanon'; then
    ok ctrl_c_should_restore_the_terminal
else
    bad ctrl_c_should_restore_the_terminal
fi

# ---- a crash signal restores the terminal and shows the held stderr after
start "cd $WORK && $TUI --disks 2"
wait_for 'DATA_0001' 10
# this session's dashboard: the child of the pane's shell (not any other
# asmsim on the machine)
pane=$(tm display-message -p -t "$S" '#{pane_pid}')
pid=$(pgrep -n -P "$pane" -f "asmsim tui")
[ -n "$pid" ] && kill -SEGV "$pid"
if wait_for 'EXIT=139' 10 && screen | grep -qx 'icanon'; then
    ok crash_signal_should_restore_the_terminal
else
    bad crash_signal_should_restore_the_terminal
fi

# ---- 's' saves the ORION files; quitting with --output-dir saves too
start "cd $WORK && $ASMSIM tui --duration 300ms --speed max --run oltp --disks 1 --output-dir $WORK/out --testname live"
wait_for 'holding' 20
tm send-keys -t "$S" s
if wait_for 'saved [0-9]+ points' 10 && ls "$WORK"/out/live_*_summary.txt >/dev/null 2>&1 &&
   grep -q '^Maximum Small IOPS=' "$WORK"/out/live_*_summary.txt; then
    ok s_should_save_the_orion_files
else
    bad s_should_save_the_orion_files
fi
tm send-keys -t "$S" q
wait_for 'Quit\?' 5
tm send-keys -t "$S" y
wait_for 'EXIT=0' 10

# ---- SIGTERM and Ctrl-C with --output-dir save what was measured, as 'q' does
for sig in TERM INT; do
    start "cd $WORK && $ASMSIM tui --duration 300ms --speed max --run oltp --disks 1 --output-dir $WORK/sig$sig --testname sig"
    wait_for 'holding' 20
    if [ "$sig" = INT ]; then
        tm send-keys -t "$S" C-c
    else
        pane=$(tm display-message -p -t "$S" '#{pane_pid}')
        pid=$(pgrep -n -P "$pane" -f "asmsim tui")
        [ -n "$pid" ] && kill -TERM "$pid"
    fi
    if wait_for 'EXIT=130' 10 && ls "$WORK"/sig$sig/sig_*_summary.txt >/dev/null 2>&1 &&
       grep -q '^Maximum Small IOPS=' "$WORK"/sig$sig/sig_*_summary.txt; then
        ok sig${sig}_should_save_like_quit
    else
        bad sig${sig}_should_save_like_quit
    fi
done

# ---- run --tui: the batch run on the dashboard, outputs written at the end
start "cd $WORK && $ASMSIM run --tui --speed max --run oltp --disks 1 --duration 300ms --output-dir $WORK/batch --testname b"
if wait_for 'EXIT=0' 30 && screen | grep -q '^Maximum Small IOPS=' && ls "$WORK"/batch/b_*_iops.csv >/dev/null 2>&1; then
    ok run_tui_should_run_and_write_its_files
else
    bad run_tui_should_run_and_write_its_files
fi

# ---- real targets: disk rows are labelled by the target's path
RT=$(mktemp -d /var/tmp/asmsim_tui.XXXXXX)
start "cd $WORK && $ASMSIM tui --target $RT/lun_a --target $RT/lun_b --create 64MiB --duration 1s --run oltp"
if wait_for 'lun_a' 20 && screen | grep -q 'lun_b'; then
    ok real_target_rows_should_be_labelled_by_path
else
    bad real_target_rows_should_be_labelled_by_path
fi
tm send-keys -t "$S" q
wait_for 'Quit\?' 5
tm send-keys -t "$S" y
wait_for 'EXIT=' 10
rm -rf "$RT"

# ---- without a terminal --tui falls back to the --progress line
out=$("$ASMSIM" run --tui --run oltp --disks 1 --duration 100ms </dev/null 2>&1 >/dev/null)
if echo "$out" | grep -Eq '^asmsim: 5/5 points \(100 %\).*ETA'; then
    ok tui_without_terminal_should_fall_back_to_progress
else
    echo "$out"
    bad tui_without_terminal_should_fall_back_to_progress
fi
out=$("$ASMSIM" tui </dev/null 2>&1)
if [ $? -eq 2 ] && echo "$out" | grep -q 'needs a terminal'; then
    ok tui_command_without_terminal_should_say_so
else
    bad tui_command_without_terminal_should_say_so
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
