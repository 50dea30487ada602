#!/usr/bin/env bash
# report_browser_test.sh ASMSIM TESTS_DIR - the HTML report in a real
# browser: headless Chromium (Debian's chromium, which ./build.sh test
# installs) loads the reports of a run (both classes, --interval
# timelines), a sweep, an orion run, a forecast (and one losing a disk,
# forecast --fail), an advice, a comparison
# of two runs, a database workload's run and sweep (--workload oltp on
# two groups), its run with a disk failure (run --fail) and a sweep over
# power of a failure and an add (charts of the rebalancing phase), and
# tests/report_browser.py checks each: no console error, every canvas
# drawn and the page's charts-rendered marker set, a screenshot of a chart
# that is not all background, the reading lines and summary figures equal
# to the results JSON's, and no network address in the file.
#
# The run's report (and the database workload's run and sweep) is made on
# the live path (--report) and again from its JSON (asmsim report): the
# two must be the same bytes, one code path.
#
# Where Chromium cannot start the browser checks are skipped: exit 77,
# which CTest reports as skipped (SKIP_RETURN_CODE), not passed; with
# ASMSIM_NO_SKIP=1 (CI: .ci/run) exit 1, so a CI without a browser fails.
set -u
ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=$(cd "${2:-.}" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-browser.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

skip() {
    echo "SKIP report_browser_test: $1"
    echo "$HARNESS_PASSED passed, $HARNESS_FAILED failed, 1 skipped"
    exit "$([ "${ASMSIM_NO_SKIP:-}" = 1 ] && echo 1 || echo 77)"
}

# ---- the reports -------------------------------------------------------

expect_exit 0 "run_with_report_should_succeed" \
    "$ASMSIM" run --instance m5.large --volume gp2:size=100GiB --disks 2 \
    --redundancy normal --run normal --write 30 --duration 100ms --interval 20ms \
    --testname live --json live.json --report live.html
expect_exit 0 "sweep_with_report_should_succeed" \
    "$ASMSIM" sweep --instance m5.large --volumes 1-3 --run oltp --duration auto \
    --json sweep.json --report sweep.html
expect_exit 0 "orion_with_report_should_succeed" \
    "$ASMSIM" orion -run simple -num_disks 2 -duration 1 --instance m5.large \
    --volume gp3 --json orion.json --report orion.html
"$ASMSIM" run --instance m5.large --volume gp3 --disks 4 --run normal \
    --duration 100ms --json gp3.json >/dev/null 2>&1
"$ASMSIM" run --instance m5.large --volume io2:size=100GiB,iops=8000 --disks 4 \
    --run normal --duration 100ms --json io2.json >/dev/null 2>&1
expect_exit 0 "report_of_two_results_should_make_a_comparison" \
    "$ASMSIM" report gp3.json io2.json -o compare.html
printf 'phase,duration,num_small,small_write_pct\ndrain,2h,16,30\nrest,1h,,\n' >drain.csv
expect_exit 0 "forecast_with_report_should_succeed" \
    "$ASMSIM" forecast --instance m5.4xlarge --volume gp2:size=500GiB --disks 1 \
    --schedule drain.csv --repeat 2d --json forecast.json --report forecast.html
printf 'phase,duration,scale\nnight,6m,0.5\npeak,6m,1.5\n' >day.csv
expect_exit 0 "forecast_with_a_failure_and_report_should_succeed" \
    "$ASMSIM" forecast --workload oltp --instance m5.2xlarge \
    --group DATA:disks=8,volume=gp3,redundancy=normal,failgroups=4 \
    --group REDO:disks=4,volume=gp3,redundancy=normal --schedule day.csv --repeat 1 \
    --interval 30s --repair-time 1m --power 4 --used 5% --fail 3@00:07 \
    --json fcfail.json --report fcfail.html
expect_exit 0 "advise_with_report_should_succeed" \
    "$ASMSIM" advise --need-mbps 300 --need-iops 8000 --write 30 --capacity 1TiB \
    --redundancy normal --families m5 --volume-types gp3 --max-disks 8 --top 2 \
    --json advice.json --report advice.html

DB=(--workload oltp --instance r6i.4xlarge --group DATA:disks=4,volume=gp3
    --group REDO:disks=2,volume=io2,iops=16000,redundancy=normal --duration 500ms)
expect_exit 0 "database_workload_run_with_report_should_succeed" \
    "$ASMSIM" run "${DB[@]}" --testname db --json db.json --report db.html
expect_exit 0 "database_workload_sweep_with_report_should_succeed" \
    "$ASMSIM" sweep "${DB[@]}" --volumes 2-4 --testname dbsweep --json dbsweep.json \
    --report dbsweep.html
expect_exit 0 "failure_run_with_report_should_succeed" \
    "$ASMSIM" run --workload oltp --instance r6i.4xlarge \
    --group DATA:disks=4,volume=gp3,redundancy=normal \
    --group REDO:disks=2,volume=io2,iops=16000,redundancy=normal --duration 500ms \
    --fail 1@10m --power 2 --testname fail --json fail.json --report fail.html
expect_exit 0 "failure_and_add_power_sweep_with_report_should_succeed" \
    "$ASMSIM" sweep --workload oltp --group DATA:disks=8,volume=gp3,redundancy=normal,failgroups=4 \
    --group REDO:disks=2,volume=gp3,redundancy=normal --duration 500ms --fail 3@10m \
    --add-disks 2@5h --over power=1,16 --testname pswp --json pswp.json --report pswp.html

mkdir again
for t in live db dbsweep; do
    cp $t.json again/$t.json
    expect_exit 0 "report_of_a_saved_${t}_json_should_succeed" \
        "$ASMSIM" report again/$t.json -o again/$t.html
    if cmp -s $t.html again/$t.html; then
        harness_ok "${t}_report_should_be_the_report_of_its_json"
    else
        harness_fail "${t}_report_should_be_the_report_of_its_json" \
            "--report and 'asmsim report' pages differ: $(cmp $t.html again/$t.html)"
    fi
done

# ---- in the browser ----------------------------------------------------

command -v chromium >/dev/null 2>&1 || skip "chromium is not installed"
browse() {     # browse NAME PAGE [JSON ...]
    local name=$1 out rc
    shift
    out=$(python3 "$TESTS_DIR/report_browser.py" "$@" 2>&1)
    rc=$?
    [ $rc -eq 77 ] && skip "$(printf '%s\n' "$out" | grep SKIP | head -1)"
    printf '%s\n' "$out" | sed 's/^/    /'
    if [ $rc -eq 0 ]; then
        harness_ok "$name"
    else
        harness_fail "$name" "see the FAIL lines above"
    fi
}
browse "run_report_should_render_and_match_its_json" live.html live.json
browse "sweep_report_should_render_and_match_its_json" sweep.html sweep.json
browse "orion_report_should_render_and_match_its_json" orion.html orion.json
browse "comparison_should_render_and_show_both_results" compare.html gp3.json io2.json
browse "database_workload_report_should_render_and_match_its_json" db.html db.json
browse "database_workload_sweep_report_should_render_and_match_its_json" dbsweep.html dbsweep.json
browse "failure_report_should_render_and_match_its_json" fail.html fail.json
browse "power_sweep_report_should_render_and_match_its_json" pswp.html pswp.json
browse "forecast_report_should_render_and_match_its_json" forecast.html forecast.json
browse "failure_forecast_report_should_render_and_match_its_json" fcfail.html fcfail.json
browse "advice_report_should_render_and_match_its_json" advice.html advice.json

echo "$HARNESS_PASSED passed, $HARNESS_FAILED failed"
[ "$HARNESS_FAILED" -eq 0 ]
