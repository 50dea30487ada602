#!/usr/bin/env bash
# awr_test.sh - `asmsim awr` on the command line, on the sample reports of
# tests/awr/ (their figures are worked out by hand in tests/test_awr.c):
#   * the printed figures (each class's rate, MB/s and size, the shares,
#     the interval, the database, the statistics with their lines);
#   * --json - and --json FILE: the same figures, every key documented in
#     docs/awr.md ("JSON" section), none documented that is not written;
#   * -o FILE: a workload file that `asmsim run --workload FILE` runs, each
#     class's IOPS the report's rate within 3 % (60 s of Poisson arrivals:
#     a 30/s class draws 1,800, +-2.4 %; over 1 s it would be +-18 %);
#   * bad input (not a report, a RAC global report, a figure that does not
#     parse, a report cut off, two reports, a workload on stdout): exit 2,
#     one line naming file, line and section, nothing written.
#
#   bash awr_test.sh <path-to-asmsim> <tests-dir>
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=$(cd "${2:-.}" && pwd)
SAMPLES=$TESTS_DIR/awr
DOC=$TESTS_DIR/../docs/awr.md
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-awr.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

# ---- the printed figures ---------------------------------------------------

R19=$SAMPLES/awr_19c.txt
expect_stdout_matches "19c: single-block reads 2300/s, 17.97 MB/s, 8 KiB" \
    '^single-reads +DATA +read +2300\.0 +17\.97 +8\.0 KiB$' "$ASMSIM" awr "$R19"
expect_stdout_matches "19c: multiblock reads 200/s of 512 KiB" \
    '^multi-reads +DATA +read +200\.0 +100\.00 +512\.0 KiB$' "$ASMSIM" awr "$R19"
expect_stdout_matches "19c: redo from IOStat LGWR, 300/s of 24 KiB on REDO" \
    '^redo +REDO +write +300\.0 +7\.03 +24\.0 KiB$' "$ASMSIM" awr "$R19"
expect_stdout_matches "19c: other writes IOStat's other functions', on RECO" \
    '^other-writes +RECO +write +30\.0 +1\.88 +64\.0 KiB$' "$ASMSIM" awr "$R19"
expect_stdout_contains "19c: the write share by bytes and by requests" \
    "Write share: 20.7 % of bytes, 28.2 % of requests" "$ASMSIM" awr "$R19"
expect_stdout_contains "19c: the interval and its length" \
    "Interval: snapshots 4410 to 4411, 14-Mar-24 10:00:02 to 14-Mar-24 11:00:02, 3600 s" \
    "$ASMSIM" awr "$R19"
expect_stdout_contains "19c: the database and instance" \
    "Database SALESDB, instance salesdb (number 1), release 19.0.0.0.0, single instance" \
    "$ASMSIM" awr "$R19"
line=$(grep -n '^physical read total IO requests' "$R19" | cut -d: -f1)
expect_stdout_matches "19c: a statistic used, with its line and value" \
    "^ +$line +Instance Activity Stats +physical read total IO requests +9000000 total$" \
    "$ASMSIM" awr "$R19"
expect_stdout_contains "19c: the cross-checks held" "Checks: 7 cross-checks" "$ASMSIM" awr "$R19"
expect_stdout_contains "RAC instance: said to be one instance of a RAC" \
    "instance billing2 (number 2), release 19.0.0.0.0, one instance of a RAC database" \
    "$ASMSIM" awr "$SAMPLES/awr_rac_inst2.txt"
expect_stdout_matches "Statspack: DBWR and direct writes one class" \
    '^data-writes +DATA +write +140\.0 +1\.00 ' "$ASMSIM" awr "$SAMPLES/statspack_10g.txt"
expect_stdout_matches "HTML: the same classes as its text twin" \
    '^multi-reads +DATA +read +200\.0 +100\.00 +512\.0 KiB$' "$ASMSIM" awr "$SAMPLES/awr_19c.html"
expect_stdout_contains "--help explains -o" "-o, --output FILE" "$ASMSIM" awr --help

# ---- JSON ------------------------------------------------------------------

expect_true "--json -: the figures, and no text" python3 - "$ASMSIM" "$R19" <<'PY'
import json, subprocess, sys
out = subprocess.run([sys.argv[1], "awr", sys.argv[2], "--json", "-"], capture_output=True,
                     text=True, check=True).stdout
j = json.loads(out)
c = {k["name"]: k for k in j["classes"]}
assert abs(c["single-reads"]["iops"] - 2300) < 0.5, c
assert abs(c["multi-reads"]["avg_bytes"] - 524288) < 1, c
assert c["redo"]["group"] == "REDO" and c["redo"]["direction"] == "write", c
assert abs(j["totals"]["write_pct_bytes"] - 20.693) < 0.01, j["totals"]
assert j["report"]["elapsed_s"] == 3600 and j["report"]["database"] == "SALESDB", j["report"]
assert any(u["name"] == "physical read total IO requests" and u["value"] == 9000000
           for u in j["used"]), j["used"]
assert j["checks_held"] == 7
PY

"$ASMSIM" awr "$R19" --json "$WORK/a.json" >"$WORK/a.txt" 2>&1
expect_true "--json FILE: written, and the text printed" \
    grep -q '^single-reads ' "$WORK/a.txt"
expect_true "every JSON key is documented in docs/awr.md, and no other" \
    python3 - "$WORK/a.json" "$DOC" "$ASMSIM" "$SAMPLES" "$TESTS_DIR/cli" <<'PY'
import json, re, subprocess, sys
doc = open(sys.argv[2]).read()
sec = re.split(r"(?m)^## ", doc)
documented = set()
for s in sec:
    if s.startswith("JSON"):
        documented |= set(re.findall(r"(?m)^\| `([^`\s]+)` \|", s))
sys.path.insert(0, sys.argv[5])
from json_paths import paths
def canonical(p):   # several reports: each report's and interval's keys are one's
    p = re.sub(r"^reports\[\]\.", "report.", p)
    return re.sub(r"^intervals\[\]\.(classes|totals)", r"\1", p)
written = set()
for fs in (["awr_19c.txt"], ["statspack_10g.txt"], ["awr_19c.html"],
           ["awr_rac_inst1.txt", "awr_rac_inst2.txt"]):
    out = subprocess.run([sys.argv[3], "awr"] + [f"{sys.argv[4]}/{f}" for f in fs] +
                         ["--json", "-"], capture_output=True, text=True, check=True).stdout
    paths(json.loads(out), "", written)
written = {canonical(p) for p in written}
missing = sorted(written - documented)
stale = sorted(documented - written)
assert not missing, f"not documented: {missing}"
assert not stale, f"documented, not written: {stale}"
PY

# ---- -o: a workload that run reproduces ---------------------------------------

expect_true "-o: the workload file written" "$ASMSIM" awr "$R19" -o "$WORK/wl.json"
expect_true "run --workload: each class's IOPS the report's rate within 3 %" \
    python3 - "$ASMSIM" "$WORK/wl.json" <<'PY'
import json, subprocess, sys
asmsim, wl = sys.argv[1:3]
want = {"single-reads": 2300, "multi-reads": 200, "dbwr": 600, "direct-writes": 50,
        "redo": 300, "other-writes": 30}
out = subprocess.run([asmsim, "run", "--workload", wl, "--instance", "r6i.4xlarge",
                      "--group", "DATA:disks=8,volume=gp3", "--group", "REDO:disks=2,volume=gp3",
                      "--group", "RECO:disks=1,volume=gp3", "--duration", "60s", "--json", "-"],
                     capture_output=True, text=True, check=True).stdout
got = {c["name"]: c["iops"] for c in json.loads(out)["points"][0]["classes"]}
assert set(got) == set(want), got
bad = {k: (got[k], v) for k, v in want.items() if abs(got[k] / v - 1) > 0.03}
assert not bad, bad
PY
"$ASMSIM" awr "$SAMPLES/statspack_10g.txt" -o "$WORK/sp.json" >/dev/null 2>&1
expect_stdout_contains "-o of a Statspack report runs (1 s)" "data-writes" \
    "$ASMSIM" run --workload "$WORK/sp.json" --group DATA:disks=2,volume=gp3 \
    --group REDO:disks=1,volume=gp3 --duration 1s

# ---- several reports, --peak, forecast --awr --------------------------------

R1=$SAMPLES/awr_rac_inst1.txt
R2=$SAMPLES/awr_rac_inst2.txt
SP1=$SAMPLES/statspack_10g.txt
SP2=$SAMPLES/statspack_10g_next.txt
"$ASMSIM" awr "$R2" "$R1" > "$WORK/rac.txt" 2>&1
expect_true "RAC: the instances of one interval add up" \
    grep -Eq '^single-reads +DATA +read +3800\.0 ' "$WORK/rac.txt"
expect_true "... each instance's share named" \
    grep -q '^  instance 1 (billing1, .*awr_rac_inst1.txt): 2000.0 reads/s, 1420.0 writes/s' \
    "$WORK/rac.txt"
expect_true "a series in time order, the busiest made the workload, JSON" \
    python3 - "$ASMSIM" "$SP2" "$SP1" "$WORK/series.json" <<'PY'
import json, subprocess, sys
asmsim, b, a, wl = sys.argv[1:5]
out = subprocess.run([asmsim, "awr", b, a, "-o", wl, "--json", "-"], capture_output=True,
                     text=True, check=True).stdout
j = json.loads(out)
assert [(i["begin_snap"], i["end_snap"], i["elapsed_s"]) for i in j["intervals"]] == \
    [(101, 102, 1200), (102, 103, 2400)], j["intervals"]
assert j["busiest_interval"] == 0 and j["peak_factor"] == 1
rates = [{c["name"]: c["iops"] for c in i["classes"]} for i in j["intervals"]]
assert rates[0]["single-reads"] == 450 and rates[1]["single-reads"] == 225, rates
w = json.load(open(wl))
assert {c["name"]: c["rate"] for c in w["classes"]}["single-reads"] == 450, w
PY
expect_true "--peak 3: every rate three times the average, and said" \
    python3 - "$ASMSIM" "$R19" <<'PY'
import json, subprocess, sys
run = lambda *a: subprocess.run([sys.argv[1], "awr", sys.argv[2], *a], capture_output=True,
                                text=True, check=True).stdout
j = json.loads(run("--peak", "3", "--json", "-"))
assert j["peak_factor"] == 3
got = {c["name"]: c["iops"] for c in j["classes"]}
assert abs(got["single-reads"] - 6900) < 1e-6 and abs(got["redo"] - 900) < 1e-6, got
assert "Peak: every rate is the interval's average x 3 (--peak)" in run("--peak", "3")
assert "--peak FACTOR scales them" in run()
PY
"$ASMSIM" forecast --awr "$SP1" "$SP2" --instance r6i.xlarge --group DATA:disks=4,volume=gp3 \
    --group REDO:disks=2,volume=gp3 --repeat 1d --json "$WORK/fc.json" > "$WORK/fc.txt" 2>&1
expect_true "forecast --awr: a phase per interval, at its rates" \
    python3 - "$WORK/fc.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
ph = j["schedule"]["phases"]
assert [p["name"] for p in ph] == ["snaps-101-102", "snaps-102-103"], ph
assert [p["length_s"] for p in ph] == [1200, 2400], ph
PY
expect_true "... the classes asked at each interval's rates" \
    grep -Eq '^      single-reads +[0-9]+ IOPS .*asked 225 IOPS' "$WORK/fc.txt"
expect_error "forecast --awr with --schedule: the reports make it" \
    "asmsim: --awr: the reports make the workload and the schedule; drop --schedule" "" \
    "$ASMSIM" forecast --awr "$SP1" --schedule oltp-day

# ---- bad input: exit 2, one line, nothing written -----------------------------

mkdir -p "$WORK/bad" && cd "$WORK/bad" || exit 1
printf 'phase,start,scale\nday,08:00,1\n' >not_awr.csv
expect_error "not a report" \
    "asmsim awr: not_awr.csv:1: not an AWR or Statspack report" "" \
    "$ASMSIM" awr not_awr.csv -o wl.json --json out.json
printf '\nWORKLOAD REPOSITORY RAC/GLOBAL REPORT for\n' >global.txt
expect_error "a RAC global report: give each instance's" \
    "asmsim awr: global.txt:2: an AWR RAC global report" "(awrrpti.sql, one per instance)" \
    "$ASMSIM" awr global.txt -o wl.json
sed 's/^\(physical read total IO requests *\)9,000,000/\19,0x0,000/' "$R19" >badnum.txt
line=$(grep -n '9,0x0,000' badnum.txt | cut -d: -f1)
expect_error "a figure that does not parse: file, line, section, row" \
    "asmsim awr: badnum.txt:$line: Instance Activity Stats: \"physical read total IO requests\": \"9,0x0,000\"" \
    "" "$ASMSIM" awr badnum.txt -o wl.json --json out.json
sed '/^Instance Activity Stats  /,$d' "$R19" >cut.txt
expect_error "a report cut off before Instance Activity Stats" \
    "asmsim awr: cut.txt:" "" "$ASMSIM" awr cut.txt -o wl.json
expect_true "... the message says cut off" grep -q "not in the report" <<<"$H_ERR"
sed 's/^\( *Total Requests: *[0-9,.]* *\)2,500.0/\12,900.0/' "$R19" >contra.txt
expect_error "contradicting sections: both named" \
    "asmsim awr: contra.txt:" "" "$ASMSIM" awr contra.txt -o wl.json
expect_true "... IO Profile against Instance Activity Stats" \
    grep -q "IO Profile: Total Requests Read 2900.0/s and Instance Activity Stats (line" <<<"$H_ERR"
expect_error "an instance's report twice" \
    "asmsim awr: $R19: instance 1 over snapshots 4410-4411, as $R19: give each instance's report of an interval once" \
    "" "$ASMSIM" awr "$R19" "$R19"
expect_error "reports of two databases" \
    "asmsim awr: $SP1: database LEGACY, but $R19 is of SALESDB: give reports of one database" \
    "" "$ASMSIM" awr "$R19" "$SP1"
sed "s/Begin Snap:        102 12-Jan-09 09:20:00/Begin Snap:        101 12-Jan-09 09:00:00/" \
    "$SP2" >overlap.txt
expect_error "overlapping snapshots" "asmsim awr: " "give reports of consecutive intervals" \
    "$ASMSIM" awr "$SP1" overlap.txt
expect_error "--peak 0 refused" "asmsim awr: 0: needs a factor from 0.001 to 1000" "" \
    "$ASMSIM" awr "$R19" --peak 0
expect_error "-o -: the workload is a file" "asmsim awr: -: the workload is a file" \
    "Try 'asmsim awr --help'." "$ASMSIM" awr "$R19" -o -
expect_error "no such file" "asmsim awr: nosuch.txt: cannot read: No such file" "" \
    "$ASMSIM" awr nosuch.txt
expect_no_files "bad input wrote nothing" . not_awr.csv global.txt badnum.txt cut.txt contra.txt \
    overlap.txt

harness_done
