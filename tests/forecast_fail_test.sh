#!/usr/bin/env bash
# forecast_fail_test.sh - `asmsim forecast --fail` (docs/failure.md,
# "A disk lost during a forecast"): a disk of a normal-redundancy group
# of 8 gp3 in 4 failure groups lost under the oltp workload at the peak
# of a day and at night; the rows run degraded, rebalancing, restored;
# the restore is the data moved over the copies' rate integrated over the
# rows; the burst bucket carries across the phase changes; a return
# resyncs, a rebalance cut by the horizon says so, an interrupt cuts the
# failure where it stopped (outcome interrupted), external redundancy
# loses the data (exit 3); bad input exits 2 with one line; a forecast
# without --fail is as before, byte for byte (goldens).
#
#   bash forecast_fail_test.sh <path-to-asmsim> <tests-dir>
#
# The day (a 12-minute cycle, so the test takes seconds): night 6 min at
# scale 0.5, peak 6 min at scale 1.5; rows of 30 s; the disk offline at
# 00:01 (night) or 00:07 (peak), the repair timer 1 min, then dropped and
# rebuilt at power 4; --used 5 %.
#
# Worked by hand:
#   * to move: 5 % of a 250 GiB gp3 = 0.05 x 268,435,456,000 B
#     = 13,421,772,800 B (13.4 GB);
#   * the copies are bound by the instance: m5.2xlarge's EBS burst, 4,750
#     Mbps delivered as B MB/s (the bucket's burst_rate in the JSON,
#     577 MB/s).  Each AU copied is read from a survivor and written to
#     another, so the copies' write rate is half of what the foreground
#     leaves:  copy = (B - F) / 2, F the foreground's physical MB/s
#     (degraded);
#     night: F = 128 MB/s, copy = (577 - 128) / 2 = 224.5 MB/s,
#            restore = 13,421.8 MB / 224.5 MB/s = 59.8 s  (00:02:00-00:03:00);
#     peak:  F = 384 MB/s, copy = (577 - 384) / 2 = 96.5 MB/s,
#            restore = 13,421.8 / 96.5 = 139 s            (00:08:00-00:10:19);
#     so the same loss at the peak leaves the group without redundancy
#     2.3 times as long, and the foreground's p99 while rebalancing is the
#     instance limit's queue (ms, not the 0.9 ms before).
#   * the instance's MB/s bucket can move no faster than its drain
#     (burst - base, 577.1 - 279.5 = 297.7 MB/s) or its earning (base)
#     over its size (551,250 MB): 0.054 % a second, 1.62 % in a row of
#     30 s; a level that jumped back to full at a phase change (new
#     parts, new buckets) would break that bound several times over.
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-fcfail.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

G=(--workload oltp --instance m5.2xlarge
   --group DATA:disks=8,volume=gp3,redundancy=normal,failgroups=4
   --group REDO:disks=4,volume=gp3,redundancy=normal)
printf 'phase,duration,scale\nnight,6m,0.5\npeak,6m,1.5\n' >day.csv
F=(--schedule day.csv --repeat 1 --interval 30s --repair-time 1m --power 4 --used 5%)

# ---- the peak against the night -----------------------------------------------------

"$ASMSIM" forecast "${G[@]}" "${F[@]}" --fail 3@00:07 --json peak.json --output-dir pk \
    --testname pk --report peak.html >peak.txt 2>&1
peak_rc=$?
"$ASMSIM" forecast "${G[@]}" "${F[@]}" --fail 3@00:01 --json night.json >night.txt 2>&1
night_rc=$?
expect_true "forecasts_with_a_failure_should_exit_0" test "$peak_rc" -eq 0 -a "$night_rc" -eq 0

expect_true "rows_should_run_degraded_then_rebalancing_then_restored" python3 - <<'PY'
import json
for name, at in (("peak.json", 420), ("night.json", 60)):
    d = json.load(open(name))
    seq = [r["fail_phase"] for r in d["timeline"]]
    order = ["before", "degraded", "rebalancing", "restored"]
    assert all(order.index(a) <= order.index(b) for a, b in zip(seq, seq[1:])), seq
    assert set(seq) == set(order), seq
    first = {p: next(r for r in d["timeline"] if r["fail_phase"] == p) for p in order}
    assert first["degraded"]["start_s"] == at, first["degraded"]
    assert first["rebalancing"]["start_s"] == at + 60, first["rebalancing"]
    assert all((r["copy_mbps"] is None) == (r["fail_phase"] != "rebalancing")
               for r in d["timeline"])
PY

expect_true "restore_should_be_the_data_moved_over_the_copy_rate_integrated_over_the_rows" \
    python3 - <<'PY'
import json
for name in ("peak.json", "night.json"):
    d = json.load(open(name))
    f = d["failure"]
    assert f["outcome"] == "restored" and f["to_move_bytes"] == 13421772800, f
    rows = [r for r in d["timeline"] if r["fail_phase"] == "rebalancing"]
    span = sum(r["length_s"] for r in rows)
    moved = sum(r["copy_mbps"] * 1e6 * r["length_s"] for r in rows)
    assert abs(f["restored_s"] - f["rebalance_start_s"] - span) < 1e-6, (f, span)
    assert abs(f["restore_s"] - span) < 1e-6 and abs(moved - f["moved_bytes"]) < 1e3, (moved, f)
    # what the disk held, to within the last second of copying
    rate = rows[-1]["copy_mbps"] * 1e6
    assert abs(f["moved_bytes"] - f["to_move_bytes"]) <= rate, (f, rate)
    # by hand (the top): half of what the foreground leaves of the instance
    burst = d["buckets"][1]["burst_rate"]
    deg = [r["phys_mbps"] for r in d["timeline"] if r["fail_phase"] == "degraded"]
    want = (burst - sum(deg) / len(deg)) / 2
    copy = f["moved_bytes"] / 1e6 / f["restore_s"]
    assert abs(copy / want - 1) < 0.02, (name, copy, want)
    # so the instance binds them, as the JSON and the words say
    assert f["copy_limited_by"] == "instance_mbps", f["copy_limited_by"]
    reb = [x for x in f["phases"] if x["phase"] == "rebalancing"]
    assert reb and reb[0]["limited_by"] == "instance_mbps", f["phases"]
    assert "(%.1f MB/s, bound by instance MB/s); redundancy restored" % copy \
        in open(name.replace(".json", ".txt")).read(), name
n, p = (json.load(open(x))["failure"] for x in ("night.json", "peak.json"))
assert 57 < n["restore_s"] < 62 and 134 < p["restore_s"] < 144, (n["restore_s"], p["restore_s"])
PY

expect_true "the_peak_should_cost_more_than_the_night_while_rebalancing" python3 - <<'PY'
import json
def worst(name, phase):
    f = json.load(open(name))["failure"]
    return next(p for p in f["phases"] if p["phase"] == phase)["classes"][0]["worst_p99_us"]
assert worst("peak.json", "before") < 1000, worst("peak.json", "before")
assert worst("night.json", "rebalancing") > 5 * worst("night.json", "before")
assert worst("peak.json", "rebalancing") > 2 * worst("night.json", "rebalancing"), \
    (worst("peak.json", "rebalancing"), worst("night.json", "rebalancing"))
PY

expect_true "burst_bucket_should_carry_across_the_phase_changes" python3 - "$TESTS_DIR/cli" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from forecast_op import bucket_carried
for name in ("peak.json", "night.json"):
    bucket_carried(name, "fail_phase", 3)
PY

if grep -q '^Failure: disk 3 of the first disk group offline at 00:07:00$' peak.txt &&
   grep -Eq '^  rebalance 00:08:00-00:10:1[89] at power 4: 13.4 GB moved in 2 min \(9[67]\.[0-9] MB/s, bound by instance MB/s\); redundancy restored at 00:10:1[89], 3 min after the failure$' peak.txt &&
   grep -Eq '^    rebalancing  00:08:00-00:10:1[89]  data-reads p99 [0-9]+ ms unmet 0 %' peak.txt &&
   grep -q '^    degraded     00:07:00-00:08:00  data-reads p99 ' peak.txt; then
    harness_ok "words_should_say_when_it_failed_the_rebalance_and_each_phase"
else
    harness_fail "words_should_say_when_it_failed_the_rebalance_and_each_phase" \
        "$(sed -n '/^Failure/,/^Days/p' peak.txt)"
fi
expect_true "csv_should_name_each_rows_failure_phase" python3 - <<'PY'
import csv, glob
rows = list(csv.DictReader(l for l in open(glob.glob("pk/*_timeline.csv")[0])
                           if not l.startswith("#")))
assert [r["fail_phase"] for r in rows][13:17] == ["before", "degraded", "degraded",
                                                  "rebalancing"], [r["fail_phase"] for r in rows]
assert rows[16]["copy_mbps"] and not rows[15]["copy_mbps"], rows[16]
PY

# ---- the HTML report (html_forecast_fail.c) ------------------------------------------------

expect_true "report_should_mark_the_phases_draw_the_copies_and_table_the_phases" \
    python3 - "$TESTS_DIR/cli" <<'PY'
import json, re, sys
sys.path.insert(0, sys.argv[1])
from html_keys import data_keys
d = json.load(open("peak.json"))
f, page = d["failure"], open("peak.html").read()
keys = data_keys(page)
assert keys["failure.at_s"] == "disk 3 of the first disk group offline at 00:07:00", keys
assert re.fullmatch(r"Redundancy restored at 00:10:1[89], 3 min after the failure\.",
                    keys["failure.outcome"]), keys["failure.outcome"]
assert keys["failure.moved_bytes"] == "%.1f GB" % (f["moved_bytes"] / 1e9)
assert keys["failure.copy_limited_by"] == "instance MB/s", keys.get("failure.copy_limited_by")
unit = {"us": 1, "ms": 1e3, "s": 1e6}
words = open("peak.txt").read()
for i, p in enumerate(f["phases"]):
    moved = sum(r["copy_mbps"] * 1e6 * r["length_s"] for r in d["timeline"]
                if r["fail_phase"] == p["phase"] and r["copy_mbps"] is not None)
    want = "%.1f GB" % (moved / 1e9) if p["phase"] == "rebalancing" else "-"
    assert keys["failure.phases[%d].moved_bytes" % i] == want, (i, want, keys)
    if p["phase"] == "rebalancing":
        assert want == "%.1f GB" % (f["moved_bytes"] / 1e9), want
    for c, x in enumerate(p["classes"]):
        got = keys["failure.phases[%d].classes[%d].worst_p99_us" % (i, c)]
        v, u = got.split()
        assert abs(float(v) * unit[u] - x["worst_p99_us"]) <= 0.5 * unit[u], (got, x)
        got = keys["failure.phases[%d].classes[%d].worst_unmet_pct" % (i, c)]
        assert got == "%.1f" % x["worst_unmet_pct"], (got, x)
        # the terminal's line of the phase says the same p99
        assert re.search(r"^    %s +\S+  .*%s p99 %s " % (p["phase"], x["name"],
                         re.escape(keys["failure.phases[%d].classes[%d].worst_p99_us"
                                        % (i, c)])), words, re.M), (p["phase"], x["name"])
charts = json.loads(re.search(r'id="asmsim-charts">(.*?)</script>', page, re.S).group(1))
marks = {e["label"]: e["x"] for e in charts[0]["config"]["options"]["plugins"]
         ["asmsimEvents"]["events"]}
assert abs(marks["disk 3 offline"] - 420 / 3600) < 1e-9, marks
assert abs(marks["rebalance starts"] - 480 / 3600) < 1e-9, marks
assert abs(marks["redundancy restored"] - f["restored_s"] / 3600) < 1e-9, marks
assert all(len(c["config"]["options"]["plugins"]["asmsimEvents"]["events"]) == 3
           for c in charts), "every time chart should carry the three marks"
copies = next(s for s in charts[0]["config"]["data"]["datasets"]
              if s["label"].startswith("copies MB/s"))
rows = [r for r in d["timeline"] if r["fail_phase"] == "rebalancing"]
assert [(p["x"], p["y"]) for p in copies["data"]] == \
       [(r["start_s"] / 3600, r["copy_mbps"]) for r in rows], copies["data"]
PY
cp peak.json pk.json
"$ASMSIM" report pk.json -o again.html >/dev/null 2>&1
expect_true "report_of_the_json_should_be_the_live_report" cmp peak.html again.html

# names from the user (a class, a group) are text in the page, escaped
python3 - <<'PY'
import json
d = json.load(open("peak.json"))
for p in d["failure"]["phases"]:
    for c in p["classes"]:
        c["name"] = "<script>alert(1)</script>" + c["name"]
d["failure"]["clock"] = "<b>00:07:00</b>"
json.dump(d, open("hostile.json", "w"))
PY
"$ASMSIM" report hostile.json -o hostile.html >/dev/null 2>&1
if [ -s hostile.html ] && ! grep -q '<script>alert\|<b>00:07' hostile.html &&
   grep -q '&lt;script&gt;alert(1)&lt;/script&gt;data-reads' hostile.html; then
    harness_ok "report_should_escape_the_names_of_a_failure"
else
    harness_fail "report_should_escape_the_names_of_a_failure" "$(grep -c 'alert' hostile.html)"
fi

# ---- a return, a rebalance past the end, data lost -------------------------------------

harness_run "$ASMSIM" forecast "${G[@]}" --schedule day.csv --repeat 1 --interval 30s \
    --fail 3@00:03 --repair-time 2m --returns --power 2 --json ret.json
expect_true "a_return_should_resync_its_stale_aus_and_restore" python3 - <<'PY'
import json, math
d = json.load(open("ret.json"))
f = d["failure"]
assert f["then"] == "resync" and f["outcome"] == "restored", f
# E (1 - exp(-W / E)) per disk: E = 0.5 x 250 GiB / 1 MiB = 128,000 AUs
assert 0 < f["stale_aus_at_repair"] < 128000, f
assert f["to_move_bytes"] == round(f["stale_aus_at_repair"]) * 1048576, f
assert [p["phase"] for p in f["phases"]] == ["before", "degraded", "rebalancing", "restored"]
PY
expect_stdout_matches "a_rebalance_past_the_end_should_say_it_did_not_end" \
    '^  rebalance from 00:11:00 at power 1: did NOT end within the forecast: [0-9.]+ of 134.2 GB moved' \
    "$ASMSIM" forecast "${G[@]}" --schedule day.csv --repeat 1 --interval 30s \
    --fail 3@00:10 --repair-time 1m

harness_run "$ASMSIM" forecast "${G[@]}" --schedule day.csv --repeat 1 --interval 30s \
    --fail 3@00:11 --repair-time 5m --json late.json --report late.html
if [[ "$H_OUT" == *"  the repair timer runs past the forecast's end: no rebalance in it"* ]] &&
   grep -q 'data-key="failure.outcome">NOT restored within the forecast: the repair timer runs past its end (no rebalance in it).<' late.html &&
   python3 -c '
import json
f = json.load(open("late.json"))["failure"]
assert f["rebalance_start_s"] is None and f["to_move_bytes"] is None, f
assert f["outcome"] == "not_restored" and f["restored_s"] is None, f
assert f["phases"][-1]["phase"] == "degraded" and f["phases"][-1]["end_s"] == 720, f
'; then
    harness_ok "a_repair_timer_past_the_end_should_start_no_rebalance"
else
    harness_fail "a_repair_timer_past_the_end_should_start_no_rebalance" \
        "$(printf '%s\n' "$H_OUT" | sed -n '/^Failure: disk 3 of/,/phases/p')"
fi

EXT=(--workload oltp --instance m5.2xlarge --group DATA:disks=8,volume=gp3
     --group REDO:disks=4,volume=gp3,redundancy=normal)
harness_run "$ASMSIM" forecast "${EXT[@]}" --schedule day.csv --repeat 1 --interval 30s \
    --fail 3@00:07 --json lost.json
if [ "$H_RC" -eq 3 ] &&
   [ "$H_ERR" = "asmsim: --fail lost data at 00:07:00: an extent had every copy on offline disk 3; the forecast up to it written, exit status 3" ] &&
   [[ "$H_OUT" == *"Verdict: DATA LOST at 00:07:00: an extent had every copy on the offline disk"* ]] &&
   python3 -c '
import json
d = json.load(open("lost.json"))
assert d["failure"]["outcome"] == "data_lost" and d["horizon_s"] == 420, d["horizon_s"]
assert d["timeline"][-1]["start_s"] + d["timeline"][-1]["length_s"] == 420
assert {r["fail_phase"] for r in d["timeline"]} == {"before"}
'; then
    harness_ok "external_redundancy_should_lose_the_data_stop_there_and_exit_3"
else
    harness_fail "external_redundancy_should_lose_the_data_stop_there_and_exit_3" \
        "exit $H_RC; stderr: $H_ERR"
fi

# ---- a loss at the start, a time in terms (1h30m's form) ---------------------------------

# 0 is the forecast's start, as 0 is a run's (the tester's D9: run took
# 3@0, forecast refused it); 5m30s is a time as the other options read one.
"$ASMSIM" forecast "${G[@]}" "${F[@]}" --fail 3@0 >zero.txt 2>&1
"$ASMSIM" forecast "${G[@]}" "${F[@]}" --fail 3@5m30s >terms.txt 2>&1
if grep -q '^Failure: disk 3 of the first disk group offline at 00:00:00$' zero.txt &&
   grep -q '^    degraded     00:00:00-00:01:00 ' zero.txt &&
   ! grep -q '^    before ' zero.txt &&
   grep -q '^Failure: disk 3 of the first disk group offline at 00:05:30$' terms.txt; then
    harness_ok "a_loss_at_the_start_and_a_time_in_terms_should_be_taken"
else
    harness_fail "a_loss_at_the_start_and_a_time_in_terms_should_be_taken" \
        "$(grep -E 'asmsim:|offline at|degraded|before' zero.txt terms.txt | head -6)"
fi

# ---- bad input: one line, exit 2 ----------------------------------------------------------

expect_error "orion_schedule_should_be_refused" \
    "asmsim: --fail: needs a database workload (--workload NAME, e.g. oltp): a forecast of ORION's" \
    "" "$ASMSIM" forecast --instance m5.large --volume gp3 --disks 4 --redundancy normal \
    --schedule oltp-day --fail 1@10:00
expect_error "a_time_past_the_horizon_should_be_refused" \
    "asmsim: --fail: d2 00:05:00 is past the forecast's end, 00:24:00 (2 days of 12 min)" \
    "give an earlier time or more days (--repeat)" \
    "$ASMSIM" forecast "${G[@]}" --schedule day.csv --repeat 2 --fail '3@d2 00:05'
expect_error "power_without_fail_should_name_the_forecasts_options" \
    "asmsim: --power: only with --fail DISK@TIME or --add-disks N@TIME (it shapes the rebalance)" "" \
    "$ASMSIM" forecast "${G[@]}" --schedule day.csv --repeat 1 --power 4
expect_error "a_bad_time_should_be_refused" \
    "asmsim: --fail 3@noon: not a failure; use DISK@TIME or fg:N@TIME" \
    "'d2 14:00' or a duration from its start (26h)" \
    "$ASMSIM" forecast "${G[@]}" --schedule day.csv --repeat 1 --fail 3@noon
expect_error "a_second_failure_should_be_refused" \
    "asmsim: --fail 4@00:02: a forecast takes one failure" "" \
    "$ASMSIM" forecast "${G[@]}" --schedule day.csv --repeat 1 --fail 3@00:01 --fail 4@00:02
printf 'phase,start,duration,scale\nday,09:00,8h,1\n' >gaps.csv
expect_error "idle_phases_should_be_refused" \
    "asmsim: --fail: the schedule's phase idle has no load (idle)" "" \
    "$ASMSIM" forecast "${G[@]}" --schedule gaps.csv --repeat 1 --fail 3@10:00
expect_error "tui_should_be_refused" "asmsim: --fail: not with --tui yet" "" \
    "$ASMSIM" forecast "${G[@]}" --schedule day.csv --repeat 1 --fail 3@00:01 --tui
expect_error "power_without_fail_should_be_refused" \
    "asmsim: --power: only with --fail DISK@TIME" "" \
    "$ASMSIM" forecast "${G[@]}" --schedule day.csv --repeat 1 --power 4
expect_stdout_contains "help_should_show_fail" "  --fail DISK@TIME      a disk of the first disk group (from 0) goes offline" \
    "$ASMSIM" forecast --help

# ---- an interrupt during the failure (D4 of the tester's report 2) ---------------------
#
# A 24 h day, the disk lost at 00:00:30 with the default repair timer of
# 3.6 h; SIGINT after 2 s of wall time finds the forecast degraded (or,
# on a slow machine, before the failure): the phases end where it
# stopped, not at 04:36:30 or later, and the outcome is "interrupted",
# not "restored" or "not_restored" as if the day had run on.
printf 'phase,duration,scale\nnight,8h,0.5\nday,16h,1\n' >d24.csv
"$ASMSIM" forecast "${G[@]}" --schedule d24.csv --interval 10m --fail 3@00:00:30 \
    --json cut.json >cut.txt 2>&1 &
cut_pid=$!
sleep 2
kill -INT "$cut_pid" 2>/dev/null
wait "$cut_pid"
cut_rc=$?
"$ASMSIM" report cut.json -o cut.html >/dev/null 2>&1
expect_true "interrupt_should_cut_the_failure_where_it_stopped" python3 - "$cut_rc" <<'PY'
import json, re, sys
assert sys.argv[1] == "130", sys.argv[1]
d = json.load(open("cut.json"))
f, h = d["failure"], d["horizon_s"]
print("horizon", h, "failure", {k: f[k] for k in ("outcome", "rebalance_start_s")},
      [(p["phase"], p["start_s"], p["end_s"]) for p in f["phases"]], file=sys.stderr)
assert d["incomplete"] is True and h < 30 + 12960, h
assert f["outcome"] == "interrupted", f["outcome"]
assert f["rebalance_start_s"] is None and f["restored_s"] is None
assert all(p["end_s"] <= h + 1e-6 for p in f["phases"])
assert abs(f["phases"][-1]["end_s"] - h) < 1e-6
words = open("cut.txt").read()
secs = round(h * 1000) // 1000
hms = "%02d:%02d:%02d" % (secs // 3600, secs % 3600 // 60, secs % 60)
want = ("before the failure: none of it was simulated" if h <= 30 else
        "while degraded: the repair timer ends at 03:36:30, not simulated")
assert "  INTERRUPTED at %s, %s" % (hms, want) in words or \
       "  INTERRUPTED at %s %s" % (hms, want) in words, words
assert "did NOT end" not in words and "past the forecast's end" not in words
assert "04:36" not in words and "03:36:30-" not in words
PY
expect_true "report_of_an_interrupted_failure_should_say_so" \
    grep -Eq 'data-key="failure.outcome">INTERRUPTED at [0-9:]+( while degraded|, before the failure)' cut.html

# ---- without --fail: as before, byte for byte ------------------------------------------

printf 'phase,duration,scale,scale:redo\nday,3m,1,\nredo,2m,0,2\n' >db.csv
"$ASMSIM" forecast --workload oltp --instance m5.large --volume gp3 --disks 2 --schedule db.csv \
    --repeat 2 --interval 30s --output-dir odb --testname t >dbwords.txt 2>&1
if cmp -s odb/*_timeline.csv "$TESTS_DIR/golden/forecast/db_timeline.csv" &&
   grep -v '^asmsim: forecast in' dbwords.txt | cmp -s - "$TESTS_DIR/golden/forecast/db_words.txt"; then
    harness_ok "a_forecast_without_fail_should_be_as_before"
else
    harness_fail "a_forecast_without_fail_should_be_as_before" \
        "$(diff odb/*_timeline.csv "$TESTS_DIR/golden/forecast/db_timeline.csv" | head -5)"
fi

harness_done
