#!/usr/bin/env bash
# forecast_add_test.sh - `asmsim forecast --add-disks` (docs/failure.md,
# "Disks added during a forecast"): 2 gp3 join a normal-redundancy group
# of 8 gp3 in 4 failure groups under the oltp workload, at night and at
# the peak of a day; the rows run before, rebalancing, balanced; the time
# to balance is the data moved over the copies' rate integrated over the
# rows; the burst bucket carries across the phase changes; an add whose
# copies outlast the forecast says so; bad input exits 2 with one line.
#
#   bash forecast_add_test.sh <path-to-asmsim> <tests-dir>
#
# The day (forecast_fail_test.sh's, a 12-minute cycle): night 6 min at
# scale 0.5, peak 6 min at scale 1.5; rows of 30 s; 2 disks added at
# 00:01 (night) or 00:07 (peak), rebalanced at power 4; --used 5 %.
#
# Worked by hand:
#   * to move, run's formula: used x old x disk size x N / (old + N)
#     = 0.05 x 8 x 268,435,456,000 B x 2 / 10 = 21,474,836,480 B (21.5 GB);
#   * the copies read an old disk and write a new one; the new disks'
#     writes could take 2 x 125 MiB/s = 262 MB/s, but the instance binds
#     first: m5.2xlarge's EBS burst, 577 MB/s (the bucket's burst_rate),
#     shared with the foreground's F MB/s (the rows before the add), each
#     AU crossing it twice: copy = (577 - F) / 2;
#     night: F = 132 MB/s, copy = (577 - 132) / 2 = 222.5 MB/s,
#            balance = 21,474.8 MB / 222.5 MB/s = 96.5 s (00:01:00-00:02:36);
#     peak:  F = 396 MB/s, copy = (577 - 396) / 2 = 90.5 MB/s,
#            balance = 21,474.8 / 90.5 = 237 s       (00:07:00-00:10:57);
#     so the same add at the peak takes 2.5 times as long.
#   * the instance's MB/s bucket moves no faster than its drain or its
#     earning (forecast_fail_test.sh): 1.62 % in a row of 30 s.
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-fcadd.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

G=(--workload oltp --instance m5.2xlarge
   --group DATA:disks=8,volume=gp3,redundancy=normal,failgroups=4
   --group REDO:disks=4,volume=gp3,redundancy=normal)
printf 'phase,duration,scale\nnight,6m,0.5\npeak,6m,1.5\n' >day.csv
F=(--schedule day.csv --repeat 1 --interval 30s --power 4 --used 5%)

# ---- the night against the peak ----------------------------------------------------

"$ASMSIM" forecast "${G[@]}" "${F[@]}" --add-disks 2@00:07 --json peak.json --output-dir pk \
    --testname pk --report peak.html >peak.txt 2>&1
peak_rc=$?
"$ASMSIM" forecast "${G[@]}" "${F[@]}" --add-disks 2@00:01 --json night.json >night.txt 2>&1
night_rc=$?
expect_true "forecasts_with_an_add_should_exit_0" test "$peak_rc" -eq 0 -a "$night_rc" -eq 0

expect_true "rows_should_run_before_then_rebalancing_then_balanced" python3 - <<'PY'
import json
for name, at in (("peak.json", 420), ("night.json", 60)):
    d = json.load(open(name))
    assert "failure" not in d and "fail_phase" not in d["timeline"][0], name
    seq = [r["add_phase"] for r in d["timeline"]]
    order = ["before", "rebalancing", "balanced"]
    assert all(order.index(a) <= order.index(b) for a, b in zip(seq, seq[1:])), seq
    assert set(seq) == set(order), seq
    first = next(r for r in d["timeline"] if r["add_phase"] == "rebalancing")
    assert first["start_s"] == at, first
    assert all((r["copy_mbps"] is None) == (r["add_phase"] != "rebalancing")
               for r in d["timeline"])
    a = d["add_disks"]
    assert (a["added"], a["disks_before"], a["disks_after"], a["new_disks"]) == \
        (2, 8, 10, [8, 9]), a
    assert a["at_s"] == at and a["rebalance_start_s"] == at, a
    assert [p["phase"] for p in a["phases"]] == order, a["phases"]
PY

expect_true "balance_should_be_the_data_moved_over_the_copy_rate_integrated_over_the_rows" \
    python3 - <<'PY'
import json
got = {}
for name, phase in (("peak.json", 1), ("night.json", 0)):
    d = json.load(open(name))
    a = d["add_disks"]
    # 0.05 x 8 x 250 GiB x 2 / 10 (the top)
    assert a["outcome"] == "balanced" and a["to_move_bytes"] == 21474836480, a
    rows = [r for r in d["timeline"] if r["add_phase"] == "rebalancing"]
    span = sum(r["length_s"] for r in rows)
    moved = sum(r["copy_mbps"] * 1e6 * r["length_s"] for r in rows)
    assert abs(a["balanced_s"] - a["rebalance_start_s"] - span) < 1e-6, (a, span)
    assert abs(a["balance_s"] - span) < 1e-6 and abs(moved - a["moved_bytes"]) < 1e3, (moved, a)
    rate = rows[-1]["copy_mbps"] * 1e6      # to within the last second of copying
    assert abs(a["moved_bytes"] - a["to_move_bytes"]) <= rate, (a, rate)
    assert abs(a["copy_mbps"] - a["moved_bytes"] / 1e6 / a["balance_s"]) < 1e-6, a
    # by hand: half of what the foreground leaves of the instance's burst
    burst = d["buckets"][1]["burst_rate"]
    fg = [r["phys_mbps"] for r in d["timeline"]
          if r["add_phase"] == "before" and r["phase"] == ("night", "peak")[phase]]
    want = (burst - sum(fg) / len(fg)) / 2
    assert abs(a["copy_mbps"] / want - 1) < 0.02, (name, a["copy_mbps"], want)
    assert a["copy_limited_by"] == "instance_mbps", a["copy_limited_by"]
    got[name] = a["balance_s"]
assert 94 < got["night.json"] < 99 and 230 < got["peak.json"] < 244, got
PY

expect_true "burst_bucket_should_carry_across_the_phase_changes" python3 - "$TESTS_DIR/cli" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from forecast_op import bucket_carried
for name in ("peak.json", "night.json"):
    bucket_carried(name, "add_phase", 2)
PY

if grep -q '^Disks added: 2 to the first disk group at 00:07:00, then a rebalance at power 4$' peak.txt &&
   grep -q '^Disks added: 2 to the first disk group at 00:07:00, 8 -> 10 disks$' peak.txt &&
   grep -q "^  21.5 GB to move: the new disks' share, --used 5 % x 8 disks x 268.4 GB x 2 / 10$" peak.txt &&
   grep -Eq '^  rebalance 00:07:00-00:10:5[0-9] at power 4: 21.5 GB moved in [0-9]+ min \((8[89]|9[0-2])\.[0-9] MB/s, bound by instance MB/s\); balanced at 00:10:5[0-9]$' peak.txt &&
   grep -Eq '^    rebalancing  00:07:00-00:10:5[0-9]  data-reads p99 [0-9]+ ms unmet 0 %' peak.txt &&
   grep -q '^    before       00:00:00-00:07:00  data-reads p99 ' peak.txt &&
   grep -Eq '^    balanced     00:10:5[0-9]-00:12:00  data-reads p99 ' peak.txt; then
    harness_ok "words_should_say_when_the_disks_joined_the_rebalance_and_each_phase"
else
    harness_fail "words_should_say_when_the_disks_joined_the_rebalance_and_each_phase" \
        "$(sed -n '/^Disks added/,/^Days/p' peak.txt)"
fi

expect_true "the_peak_should_cost_more_than_the_night_while_rebalancing" python3 - <<'PY'
import json
def worst(name, phase):
    a = json.load(open(name))["add_disks"]
    return next(p for p in a["phases"] if p["phase"] == phase)["classes"][0]["worst_p99_us"]
assert worst("night.json", "rebalancing") > 5 * worst("night.json", "before")
assert worst("peak.json", "rebalancing") > 2 * worst("night.json", "rebalancing")
PY

expect_true "csv_should_name_each_rows_add_phase" python3 - <<'PY'
import csv, glob
rows = list(csv.DictReader(l for l in open(glob.glob("pk/*_timeline.csv")[0])
                           if not l.startswith("#")))
assert "fail_phase" not in rows[0], rows[0]
assert [r["add_phase"] for r in rows][13:15] == ["before", "rebalancing"], rows[13:15]
assert rows[14]["copy_mbps"] and not rows[13]["copy_mbps"], rows[14]
assert rows[-1]["add_phase"] == "balanced", rows[-1]
PY

# ---- the HTML report ------------------------------------------------------------------

expect_true "report_should_mark_the_add_draw_the_copies_and_table_the_phases" \
    python3 - "$TESTS_DIR/cli" <<'PY'
import json, re, sys
sys.path.insert(0, sys.argv[1])
from html_keys import data_keys
d = json.load(open("peak.json"))
a, page = d["add_disks"], open("peak.html").read()
keys = data_keys(page)
assert '<h2>Disks added</h2>' in page and 'A disk lost' not in page
assert keys["add_disks.at_s"] == "2 new disks of the first disk group at 00:07:00: 8 -> 10 disks", keys
assert re.fullmatch(r"Balanced at 00:10:5[0-9]\.", keys["add_disks.outcome"]), keys["add_disks.outcome"]
assert keys["add_disks.moved_bytes"] == "%.1f GB" % (a["moved_bytes"] / 1e9)
assert keys["add_disks.copy_limited_by"] == "instance MB/s", keys.get("add_disks.copy_limited_by")
assert keys["add_disks.to_move_bytes"].startswith("21.5 GB"), keys["add_disks.to_move_bytes"]
for i, p in enumerate(a["phases"]):
    want = "%.1f GB" % (a["moved_bytes"] / 1e9) if p["phase"] == "rebalancing" else "-"
    assert keys["add_disks.phases[%d].moved_bytes" % i] == want, (i, want, keys)
    for c, x in enumerate(p["classes"]):
        got = keys["add_disks.phases[%d].classes[%d].worst_unmet_pct" % (i, c)]
        assert got == "%.1f" % x["worst_unmet_pct"], (got, x)
charts = json.loads(re.search(r'id="asmsim-charts">(.*?)</script>', page, re.S).group(1))
for c in charts:
    marks = {e["label"]: e["x"] for e in c["config"]["options"]["plugins"]
             ["asmsimEvents"]["events"]}
    assert abs(marks["2 disks added"] - 420 / 3600) < 1e-9, marks
    assert abs(marks["balanced"] - a["balanced_s"] / 3600) < 1e-9, marks
copies = next(s for s in charts[0]["config"]["data"]["datasets"]
              if s["label"].startswith("copies MB/s"))
rows = [r for r in d["timeline"] if r["add_phase"] == "rebalancing"]
assert [(p["x"], p["y"]) for p in copies["data"]] == \
       [(r["start_s"] / 3600, r["copy_mbps"]) for r in rows], copies["data"]
PY
cp peak.json pk.json
"$ASMSIM" report pk.json -o again.html >/dev/null 2>&1
expect_true "report_of_the_json_should_be_the_live_report" cmp peak.html again.html

# ---- copies that outlast the forecast ---------------------------------------------------

harness_run "$ASMSIM" forecast "${G[@]}" "${F[@]}" --add-disks 2@00:11:30 --json late.json \
    --report late.html
if [[ "$H_OUT" == *"  rebalance from 00:11:30 at power 4: did NOT end within the forecast: "*" of 21.5 GB moved"* ]] &&
   grep -q 'data-key="add_disks.outcome">NOT balanced within the forecast: the rebalance from 00:11:30 at power 4 had moved' late.html &&
   python3 -c '
import json
a = json.load(open("late.json"))["add_disks"]
assert a["outcome"] == "not_balanced" and a["balanced_s"] is None and a["balance_s"] is None, a
assert 0 < a["moved_bytes"] < a["to_move_bytes"], a
assert a["phases"][-1]["phase"] == "rebalancing" and a["phases"][-1]["end_s"] == 720, a
'; then
    harness_ok "an_add_outlasting_the_forecast_should_say_it_did_not_end"
else
    harness_fail "an_add_outlasting_the_forecast_should_say_it_did_not_end" \
        "$(printf '%s\n' "$H_OUT" | sed -n '/^Disks added: 2 to the first disk group at 00:11:30, 8/,/phases/p')"
fi

# ---- bad input: one line, exit 2 ----------------------------------------------------------

expect_error "an_add_with_a_failure_should_be_refused" \
    "asmsim: --add-disks with --fail: not in a forecast yet" "" \
    "$ASMSIM" forecast "${G[@]}" "${F[@]}" --add-disks 2@00:01 --fail 3@00:02
expect_error "a_time_at_the_end_should_be_refused" \
    "asmsim: --add-disks: 00:12:00 is past the forecast's end, 00:12:00 (1 day of 12 min)" \
    "give an earlier time or more days (--repeat)" \
    "$ASMSIM" forecast "${G[@]}" "${F[@]}" --add-disks 2@00:12
expect_error "orion_schedule_should_be_refused" \
    "asmsim: --add-disks: needs a database workload (--workload NAME, e.g. oltp): a forecast of ORION's" \
    "" "$ASMSIM" forecast --instance m5.large --volume gp3 --disks 4 --redundancy normal \
    --schedule oltp-day --add-disks 1@10:00
printf 'phase,start,duration,scale\nday,09:00,8h,1\n' >gaps.csv
expect_error "idle_phases_should_be_refused" \
    "asmsim: --add-disks: the schedule's phase idle has no load (idle)" "" \
    "$ASMSIM" forecast "${G[@]}" --schedule gaps.csv --repeat 1 --add-disks 1@10:00
for n in 0 65; do
    expect_error "n_of_${n}_should_be_refused" \
        "asmsim: --add-disks $n@00:01: not an add; use N@TIME, N new disks from 1 to 64" \
        "'d2 14:00' or a duration from its start (26h), e.g. 2@14:00" \
        "$ASMSIM" forecast "${G[@]}" "${F[@]}" --add-disks "$n@00:01"
done
expect_error "tui_should_be_refused" "asmsim: --add-disks: not with --tui yet" "" \
    "$ASMSIM" forecast "${G[@]}" "${F[@]}" --add-disks 2@00:01 --tui
expect_error "returns_should_stay_a_failures" \
    "asmsim: --returns: only with --fail DISK@TIME (it shapes the failure)" "" \
    "$ASMSIM" forecast "${G[@]}" "${F[@]}" --add-disks 2@00:01 --returns
expect_stdout_contains "help_should_show_add_disks" \
    "  --add-disks N@TIME    N new disks (1..64) of the volume type join the first" \
    "$ASMSIM" forecast --help

harness_done
