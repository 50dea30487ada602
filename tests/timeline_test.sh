#!/usr/bin/env bash
# timeline_test.sh - --interval: a timeline of every point, in the JSON
# (points[].timeline) and the timeline CSV, on modelled volumes (virtual
# time) and real devices (real time).
#
#   bash timeline_test.sh <path-to-asmsim> <tests-dir>
#
# The two burst checks of issue 11 compute when the drop should come from
# DOMAIN.md's figures, not from asmsim's output.  Same harness and output
# as cli_test.sh; each python check prints both operands when it fails.
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=${2:-.}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-timeline.XXXXXX")
RT=$(mktemp -d /var/tmp/asmsim_timeline.XXXXXX)
trap 'rm -rf "$WORK" "$RT"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

# ---- m5.large: the instance's 30-minute burst runs out ---------------------

"$ASMSIM" run --instance m5.large --volume gp3:size=125GiB,iops=4000,throughput=1000MiB/s \
    --disks 8 --matrix point --num-small 0 --num-large 16 --write 100 --duration 1h \
    --interval 1m --json - >m5.json 2>/dev/null
expect_true "m5_large_timeline_should_drop_to_the_baseline_when_the_burst_is_spent" \
    python3 - m5.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
rows = d["points"][0]["timeline"]
# DOMAIN.md section 4: m5.large 81.25 -> 593.75 MB/s, the maximum held for
# 30 minutes; section 5 C1: 8 x gp3 1000 MiB/s on it give ~580 MB/s.
base, peak, burst_s, c1 = 81.25, 593.75, 1800.0, 580.0
credits = (peak - base) * burst_s               # MB of credit
drop_s = credits / (c1 - base)                  # drained at the net rate
mid = (c1 + base) / 2
first_low = next(r for r in rows if r["large_mbps"] < mid)
t_drop = first_low["start_s"] + first_low["length_s"]
before = [r for r in rows if r["start_s"] + r["length_s"] < 0.9 * drop_s]
after = [r for r in rows if r["start_s"] > 1.1 * drop_s]
errs = []
if len(rows) != 60:
    errs.append(f"rows {len(rows)} != 60 (1h / 1m)")
if abs(t_drop - drop_s) > 0.10 * drop_s:
    errs.append(f"drop at {t_drop:.0f} s, expected {drop_s:.0f} s +- 10 %")
for r in before:
    if abs(r["large_mbps"] - c1) > 0.03 * c1 or r["limited_by"] != "instance_mbps":
        errs.append(f"before: row at {r['start_s']:.0f} s: {r['large_mbps']:.2f} MB/s, {r['limited_by']} (expected ~{c1}, instance_mbps)")
for r in after:
    if abs(r["large_mbps"] - base) > 0.07 * base or r["limited_by"] != "burst_credits":
        errs.append(f"after: row at {r['start_s']:.0f} s: {r['large_mbps']:.2f} MB/s, {r['limited_by']} (expected {base} +- 7 %, burst_credits)")
# latency as N / limit: 16 x 128 KiB outstanding at the rate
lat_ms = 16 * 131072 / (base * 1e6) * 1e3
got_ms = after[-1]["large_lat_us"]["avg"] / 1e3
if abs(got_ms - lat_ms) > 0.10 * lat_ms:
    errs.append(f"latency after: {got_ms:.2f} ms, expected {lat_ms:.2f} ms +- 10 %")
# all writes: the write latency is the class's, and no read latency
if any(r["large_read_lat_us"] is not None or r["large_write_lat_us"] != r["large_lat_us"]
       or r["small_lat_us"] is not None for r in rows):
    errs.append(f"directions: {rows[0]}")
inst = [b for b in after[-1]["buckets"] if b["limit"] == "instance_mbps" and b["disk"] is None]
if not inst or inst[0]["balance_pct"] != 0 or rows[0]["buckets"][-1]["balance_pct"] < 90:
    errs.append(f"instance MB/s bucket: first row {rows[0]['buckets']}, last {after[-1]['buckets']}")
print("\n".join(errs), file=sys.stderr)
sys.exit(1 if errs else 0)
PY

# ---- gp2: the volume's IOPS credits run out ---------------------------------

"$ASMSIM" run --volume gp2:size=500GiB --disks 1 --instance m5.4xlarge --matrix point \
    --num-small 16 --num-large 0 --duration 2h --interval 1m --json - >gp2.json 2>/dev/null
expect_true "gp2_timeline_should_burst_for_an_hour_then_fall_to_its_baseline" \
    python3 - gp2.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
rows = d["points"][0]["timeline"]
# DOMAIN.md section 4: gp2 3 IOPS/GiB (500 GiB: 1,500), burst to 3,000
# from a 5.4 M credit bucket that earns the baseline per second.  The
# model delivers the profile's share of the burst (config.volume.
# delivered_iops_frac): 1.0 since issue 33, so the credits last
# 5.4e6 / (3,000 - 1,500) = 3,600 s, AWS's own burst duration (4,000 s at
# the former 0.95).
frac = d["config"]["volume"]["delivered_iops_frac"]
base, burst, bucket = 3.0 * 500 * frac, 3000.0 * frac, 5.4e6
drop_s = bucket / (burst - 3.0 * 500)
mid = (burst + base) / 2
first_low = next(r for r in rows if r["small_iops"] < mid)
t_drop = first_low["start_s"] + first_low["length_s"]
before = [r for r in rows if r["start_s"] + r["length_s"] < 0.9 * drop_s]
after = [r for r in rows if r["start_s"] > 1.1 * drop_s]
errs = []
if len(rows) != 120:
    errs.append(f"rows {len(rows)} != 120 (2h / 1m)")
if abs(t_drop - drop_s) > 0.10 * drop_s:
    errs.append(f"drop at {t_drop:.0f} s, expected {drop_s:.0f} s +- 10 %")
for r in before:
    if abs(r["small_iops"] - burst) > 0.07 * burst:
        errs.append(f"before: row at {r['start_s']:.0f} s: {r['small_iops']:.0f} IOPS, expected {burst:.0f} +- 7 %")
for r in after:
    if abs(r["small_iops"] - base) > 0.07 * base or r["limited_by"] != "burst_credits":
        errs.append(f"after: row at {r['start_s']:.0f} s: {r['small_iops']:.0f} IOPS, {r['limited_by']}, expected {base:.0f} +- 7 %, burst_credits")
vol = [b for b in after[0]["buckets"] if b["limit"] == "volume_iops" and b["disk"] == 0]
if not vol or vol[0]["balance_pct"] != 0:
    errs.append(f"volume bucket after the drop: {after[0]['buckets']}")
if abs(rows[0]["disks"][0]["iops"] - rows[0]["phys_iops"]) > 1e-6 * rows[0]["phys_iops"]:
    errs.append(f"one disk: disk IOPS {rows[0]['disks'][0]['iops']} != phys_iops {rows[0]['phys_iops']}")
print("\n".join(errs), file=sys.stderr)
sys.exit(1 if errs else 0)
PY

# ---- without --interval, and bad intervals ---------------------------------

"$ASMSIM" run --volume gp3 --disks 1 --matrix point --num-small 1 --num-large 1 \
    --duration 20ms --json - >none.json 2>/dev/null
expect_true "without_interval_every_timeline_should_be_null" \
    python3 -c 'import json, sys; p = json.load(open(sys.argv[1]))["points"]
bad = [q["timeline"] for q in p if q["timeline"] is not None]
print(bad[:1], file=sys.stderr); sys.exit(1 if bad or not p else 0)' none.json
expect_error "interval_giving_more_than_a_million_rows_should_be_refused" \
    "asmsim: --interval: 86400000 rows per point over the duration; at most 1000000" "" \
    "$ASMSIM" run --volume gp3 --disks 1 --duration 24h --interval 1ms
expect_error "interval_that_is_not_a_time_should_be_refused" \
    "asmsim: --interval" "" \
    "$ASMSIM" run --volume gp3 --disks 1 --interval soon
expect_error "interval_with_the_dashboard_should_be_refused" \
    "asmsim: --interval: not with --tui" "drop --tui to record one" \
    "$ASMSIM" run --volume gp3 --disks 1 --tui --interval 1s
expect_stdout_contains "help_of_run_should_explain_interval" "--interval TIME" \
    "$ASMSIM" run --help
expect_stdout_contains "help_of_sweep_should_explain_interval" "--interval TIME" \
    "$ASMSIM" sweep --help

# ---- files: the timeline CSV beside the others ------------------------------

"$ASMSIM" sweep --instance m5.large --volume gp2:size=100GiB --volumes 1-2 --matrix point \
    --num-small 2 --num-large 1 --duration 1s --interval 250ms --output-dir out \
    --testname tl >/dev/null 2>&1
expect_glob "sweep_with_interval_should_write_the_timeline_csv" "out/tl_*_timeline.csv"
expect_true "timeline_csv_should_hold_a_row_per_point_and_interval_of_every_run" \
    python3 - out <<'PY'
import csv, glob, json, sys
d = sys.argv[1]
f = glob.glob(d + "/tl_*_timeline.csv")[0]
rows = list(csv.DictReader(l for l in open(f) if not l.startswith("#")))
doc = json.load(open(glob.glob(d + "/tl_*_results.json")[0]))
want = sum(len(p["timeline"]) for run in doc["sweep"] for p in run["points"])
errs = []
if len(rows) != want or want != 2 * 4:
    errs.append(f"{len(rows)} CSV rows, {want} JSON timeline rows, expected 8 (2 runs x 4)")
if sorted({r["disks"] for r in rows}) != ["1", "2"]:
    errs.append(f"disks {sorted({r['disks'] for r in rows})}")
if any(r["small"] != "2" or r["large"] != "1" or r["limited_by"] == "" or
       not 0 <= float(r["min_bucket_pct"]) <= 100 for r in rows):
    errs.append(f"row: {rows[0]}")
print("\n".join(errs), file=sys.stderr)
sys.exit(1 if errs else 0)
PY
# the open-loop columns: empty where the JSON has null (a class without a
# rate; both classes of a closed-loop point), the figure where it has one
"$ASMSIM" run --volume gp3 --disks 1 --rate-small 500 --duration 1s \
    --interval 500ms --output-dir olcsv --testname ol >/dev/null 2>&1
expect_true "timeline_csv_open_columns_should_be_empty_where_the_json_is_null" \
    python3 - out olcsv <<'PY'
import csv, glob, json, sys
errs = []
cols = ["offered_small_iops", "offered_large_mbps", "small_unmet_frac",
        "large_unmet_frac", "small_delayed", "large_delayed"]
for d in sys.argv[1:]:
    rows = list(csv.DictReader(l for l in open(glob.glob(d + "/*_timeline.csv")[0])
                               if not l.startswith("#")))
    doc = json.load(open(glob.glob(d + "/*_results.json")[0]))
    runs = doc["sweep"] if "sweep" in doc else [doc]
    jrows = [t for run in runs for p in run["points"] for t in p["timeline"]]
    for r, j in zip(rows, jrows):
        for c in cols:
            if (r[c] == "") != (j[c] is None):
                errs.append(f"{d} {c}: CSV {r[c]!r}, JSON {j[c]!r}")
    if len(rows) != len(jrows) or not rows:
        errs.append(f"{d}: {len(rows)} CSV rows, {len(jrows)} JSON rows")
if not any(r for r in errs) and rows[0]["offered_small_iops"] == "":
    errs.append("open-loop small column empty")
print("\n".join(errs[:5]), file=sys.stderr)
sys.exit(1 if errs else 0)
PY
"$ASMSIM" run --volume gp3 --disks 1 --matrix point --num-small 1 --num-large 0 \
    --duration 20ms --output-dir plain --testname p >/dev/null 2>&1
expect_true "run_without_interval_should_write_no_timeline_csv" \
    bash -c '! compgen -G "plain/*_timeline.csv" >/dev/null && compgen -G "plain/*_results.json" >/dev/null'

# ---- real devices: real time ----------------------------------------------

"$ASMSIM" run --target "$RT/f" --create 16MiB --matrix point --num-small 2 --num-large 0 \
    --duration 1s --interval 100ms --json - >real.json 2>/dev/null
expect_true "real_device_timeline_should_have_rows_of_real_time" \
    python3 - real.json <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))["points"][0]["timeline"]
errs = []
if not 9 <= len(rows) <= 11:
    errs.append(f"{len(rows)} rows for 1 s at 100 ms, expected 9..11")
# rows on the grid of 100 ms from the window's start, in real time (a row
# ends at the first completion past its edge: on a loaded machine under
# the sanitizers a reap woke 88 ms late, so a row may run long)
for k, r in enumerate(rows[:-1]):
    if (abs(r["start_s"] - 0.1 * k) > 0.1 or not 0.05 < r["length_s"] < 0.25
            or r["small_iops"] <= 0 or r["limited_by"] != "device" or r["buckets"] != []):
        errs.append(f"row {k}: {r}")
print("\n".join(errs), file=sys.stderr)
sys.exit(1 if errs else 0)
PY

harness_done
