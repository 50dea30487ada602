#!/usr/bin/env bash
# fields_doc_test.sh ASMSIM TESTS_DIR - every field asmsim writes is
# documented in docs/fields.md, and the document names no field asmsim
# no longer writes:
#   * every key path of the results JSON (objects joined with '.', arrays
#     as '[]'), from a modelled run, a modelled sweep and a real-device run
#     on a file asmsim creates, so keys that only some runs write are seen
#     (a point run, a run with both classes extended, a sweep, real, an
#     open-loop run);
#   * every column of the sweep CSV and of the timeline CSV (a run with
#     --interval, which also writes points[].timeline);
#   * every limited_by id the program knows (read off its table in
#     sim/core/device.c, so a new limit cannot go undocumented).
# A path is documented when a table row of docs/fields.md starts with it
# in backquotes.  The
# children of sweep[].summary, sweep[].points and sweep[].cost are the
# same keys as summary, points and cost, and are checked as those; the
# JSON of `asmsim cost` is checked with the results JSON.  The keys of
# dashboard_failure, which only a dashboard's save writes, are checked
# by tui_test.sh against the same document.
set -u
ASMSIM=$(realpath "$1")
TESTS=${2:-$(dirname "$0")}
ROOT=$(cd "$TESTS/.." && pwd)
DOC=$ROOT/docs/fields.md
WORK=$(mktemp -d)
RT=$(mktemp -d /var/tmp/asmsim_fields.XXXXXX)
trap 'rm -rf "$WORK" "$RT"' EXIT
pass=0
fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }

cd "$WORK" || exit 1
"$ASMSIM" run --instance m5.large --volume gp2:size=100GiB --disks 2 --redundancy normal \
    --matrix point --num-small 2 --num-large 2 --write 30 --duration 20ms --label fields \
    --json - >run.json 2>/dev/null
"$ASMSIM" run --instance m5.large --volume gp3 --disks 2 --json - >levels.json 2>/dev/null
# (1 disk cannot be mirrored: the sweep skips it, config.sweep_skipped has an entry)
"$ASMSIM" sweep --instance m5.large --volumes 1-3 --redundancy normal --run oltp --duration auto \
    --output-dir "$WORK/sweep" --testname fields --json - >sweep.json 2>/dev/null
"$ASMSIM" run --instance m5.large --volume gp2:size=100GiB --disks 2 \
    --matrix point --num-small 2 --num-large 2 --write 30 --duration 200ms --interval 50ms \
    --output-dir "$WORK/timeline" --testname fields --json - >timeline.json 2>/dev/null
"$ASMSIM" run --instance m5.large --volume gp3 --disks 1 --rate-small 5000 --rate-large 20 \
    --duration 200ms --interval 100ms --json - >open.json 2>/dev/null
"$ASMSIM" cost --instance oci-e4flex-8 --volume oci-higher --disks 2 --json - >cost.json 2>/dev/null
# a sweep over a parameter: config.sweep_over, sweep[].swept_value
"$ASMSIM" sweep --instance m5.large --volumes 1 --over write=0,50 --run oltp --duration 20ms \
    --json - >over.json 2>/dev/null
# a failure (failure keys): a disk lost, rebuilt, restored
"$ASMSIM" run --workload oltp --volume gp3 --disks 4 --redundancy normal --failgroups 2 \
    --fail 1@1m --duration 20ms --json - >fail.json 2>/dev/null
"$ASMSIM" run --workload oltp --volume gp3 --disks 4 --redundancy normal --failgroups 2 \
    --add-disks 2@1m --duration 20ms --json - >add.json 2>/dev/null
# a forecast that runs a bucket dry and leaves demand unmet (forecast keys)
printf 'phase,duration,small_iops,small_write_pct,large_mbps,large_write_pct\nbusy,1h,5000,30,20,30\n' \
    >"$WORK/fc.csv"
"$ASMSIM" forecast --instance m5.large --volume gp2:size=100GiB --disks 2 --schedule "$WORK/fc.csv" \
    --repeat 1d --output-dir "$WORK/forecast" --testname fields --json - >forecast.json 2>/dev/null
# a database workload's forecast (its classes' keys and columns), a class
# column and a phase that leaves two classes out
printf 'phase,duration,scale,scale:redo\nday,1m,1,\nredo,1m,0,2\n' >"$WORK/fcdb.csv"
"$ASMSIM" forecast --workload oltp --instance m5.large --volume gp3 --disks 2 \
    --schedule "$WORK/fcdb.csv" --repeat 1d --interval 30s --output-dir "$WORK/forecast_db" \
    --testname fields --json - >forecast_db.json 2>/dev/null
# a database workload's forecast with a disk lost (failure keys, the
# rows' fail_phase and copy_mbps, their CSV columns): restored in it
"$ASMSIM" forecast --workload oltp --instance m5.large --volume gp3 --disks 4 --redundancy normal \
    --failgroups 2 --schedule "$WORK/fcdb.csv" --repeat 1d --interval 30s --fail 1@30s \
    --repair-time 10s --used 1% --output-dir "$WORK/forecast_fail" --testname fields \
    --json - >forecast_fail.json 2>/dev/null
# ... with disks added (add_disks keys, the rows' add_phase, its column)
"$ASMSIM" forecast --workload oltp --instance m5.large --volume gp3 --disks 4 --redundancy normal \
    --failgroups 2 --schedule "$WORK/fcdb.csv" --repeat 1d --interval 30s --add-disks 2@30s \
    --used 1% --output-dir "$WORK/forecast_add" --testname fields \
    --json - >forecast_add.json 2>/dev/null
"$ASMSIM" run --target "$RT/a" --create 16MiB --matrix point --num-small 1 --num-large 1 \
    --duration 50ms --json - >real.json 2>/dev/null || rm -f real.json
# a modelled cluster (--nodes, issue 39 item 2): cluster.modelled, .nodes
"$ASMSIM" run --instance m5.large --volume io2 --disks 2 --nodes 2 --matrix point \
    --num-small 1 --num-large 1 --duration 20ms --json - >nodes.json 2>/dev/null
"$ASMSIM" run --workload oltp --instance m5.large --volume io2 --disks 2 --nodes 2 \
    --duration 20ms --json - >nodes_db.json 2>/dev/null
# under mpirun (issue 39): cluster and points[].hosts[] (absent without
# mpirun: those keys are then not asked for, see mpi_keys below)
if command -v mpirun >/dev/null; then
    MPI=(mpirun --oversubscribe --bind-to none)
    [ "$(id -u)" -eq 0 ] && MPI+=(--allow-run-as-root)
    ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" "${MPI[@]}" -np 2 "$ASMSIM" run \
        --target "$RT/m%r" --create 16MiB --matrix point --num-small 1 --num-large 1 \
        --duration 50ms --json "$WORK/mpi.json" >/dev/null 2>&1 || rm -f "$WORK/mpi.json"
fi
# advise: both clouds, a burst alternative and rejections, every target
"$ASMSIM" advise --need-mbps 500 --need-iops 5000 --need-latency p99:5ms --write 100 \
    --clouds aws,oci --families m5,e4flex --volume-types gp3,oci-balanced --capacity 1TiB \
    --top 1 --max-disks 8 --json - >advise.json 2>/dev/null
# advise: a target out of reach, types set aside by the latency floor and
# instances by a constraint (constraints_set_aside[], written with no answer)
"$ASMSIM" advise --need-iops 1000000 --need-latency 300us --families m5 --volume-types gp3,io2 \
    --max-vcpus 8 --top 1 --json - >advise_reach.json 2>/dev/null
# advise --schedule: the schedule and each configuration's day
"$ASMSIM" advise --schedule redo-peak --need-latency 5ms --families m5 --volume-types gp2 \
    --capacity 500GiB --top 1 --max-disks 4 --json - >advise_schedule.json 2>/dev/null
# advise --schedule out of reach: the closest configuration and its day
printf 'phase,duration,small_iops,large_mbps\nflood,1h,1000,100000\n' >"$WORK/flood.csv"
"$ASMSIM" advise --schedule "$WORK/flood.csv" --families m5 --volume-types gp3 --top 1 \
    --max-disks 4 --json - >advise_schedule_reach.json 2>/dev/null
# advise --awr: the report the targets came from, the latency kept
"$ASMSIM" advise --awr "$ROOT/tests/awr/awr_19c.txt" --keep-latency --peak 2 --families m5 \
    --volume-types gp3 --top 1 --max-disks 8 --json - >advise_awr.json 2>/dev/null
# advise --workload: a database's groups, both clouds, rejections below the
# answer and instances a constraint set aside
"$ASMSIM" advise --workload oltp --families m5,e5flex --clouds aws,oci \
    --volume-types gp3,oci-balanced --capacity RECO:1TiB --need-latency redo:p99:2ms \
    --need-iops DATA:3000 --exclude-families e5flex --top 1 --json - >advise_db.json 2>/dev/null

python3 - "$DOC" "$ROOT/sim/core/device.c" "$WORK" <<'EOF'
import glob, json, os, re, sys

doc_path, device_c, work = sys.argv[1:4]
doc = open(doc_path).read() if os.path.exists(doc_path) else ""
# the document's "## ..." sections: the sweep CSV's columns are the
# backquoted words of the section whose heading names the CSV, the JSON
# paths those of the other sections
sections = re.split(r"(?m)^## ", doc)
def ticks(text):                # the first column of the tables
    return set(re.findall(r"(?m)^\| `([^`\s]+)` \|", text))
def csv_section(name):          # the columns of the section "<name> CSV"
    return set().union(set(), *[ticks(x) for x in sections
                                if x.split("\n", 1)[0].strip() == name + " CSV"])
csv_doc = csv_section("Sweep")
timeline_doc = csv_section("Timeline")
forecast_doc = csv_section("Forecast timeline")
forecast_db_doc = csv_section("Workload forecast timeline")
def heading(x):
    return x.split("\n", 1)[0].strip()
documented = set().union(*[ticks(x) for x in sections
                           if "CSV" not in heading(x) and not heading(x).startswith("Advise JSON")])
advise_db_doc = set().union(set(), *[ticks(x) for x in sections
                                     if heading(x) == "Advise JSON of a database"])
advise_doc = set().union(set(), *[ticks(x) for x in sections if heading(x) == "Advise JSON"])

sys.path.insert(0, os.path.join(os.path.dirname(doc_path), "..", "tests", "cli"))
from json_paths import paths

def canonical(p):
    # an add's phases and space have the failure's keys (docs/fields.md
    # says so on add_disks.phases and add_disks.space)
    p = re.sub(r"^add_disks\.(phases|space)\b", r"failure.\1", p)
    return re.sub(r"^sweep\[\]\.(summary|points|cost)", r"\1", p)

written = set()
for name in ("run.json", "levels.json", "sweep.json", "timeline.json", "real.json",
             "open.json", "cost.json", "forecast.json", "forecast_db.json", "over.json",
             "mpi.json", "forecast_fail.json", "forecast_add.json", "nodes.json"):
    f = os.path.join(work, name)
    if os.path.exists(f) and os.path.getsize(f) > 0:
        paths(json.load(open(f)), "", written)
# a failure's, an add's and a modelled cluster's hosts' keys (the rest of
# those database workload's runs is not this check's: its class keys are
# documented with the workload)
for name, key in (("fail.json", "failure"), ("add.json", "add_disks"),
                  ("nodes_db.json", "points[].hosts")):
    f = os.path.join(work, name)
    if os.path.exists(f) and os.path.getsize(f) > 0:
        keys = set()
        paths(json.load(open(f)), "", keys)
        written |= {p for p in keys if p.startswith(key)}
    else:
        written.add(f"{key} ({name} was not written)")
json_keys = {canonical(p) for p in written}

def csv_header(pattern):         # the header row of the CSVs that match
    cols = set()
    for f in glob.glob(os.path.join(work, pattern)):
        for line in open(f):
            if line.startswith("#"):
                continue
            cols |= {c.strip() for c in line.strip().split(",")}
            break
    return cols
csv_cols = csv_header("sweep/*sweep*.csv")
timeline_cols = csv_header("timeline/*_timeline.csv")
forecast_cols = csv_header("forecast/*_timeline.csv")
# the oltp preset's classes: each one's columns as CLASS_...
forecast_db_cols = {re.sub(r"^(data-reads|dbwr|redo)_", "CLASS_", c)
                    for c in csv_header("forecast_db/*_timeline.csv") |
                    csv_header("forecast_fail/*_timeline.csv") |
                    csv_header("forecast_add/*_timeline.csv")}

# the keys only a run under mpirun writes are not asked for without one
mpi_keys_unseen = not os.path.exists(os.path.join(work, "mpi.json"))
src = open(device_c).read()
table = re.search(r"limit_ids\[[^\]]*\]\s*=\s*\{(.*?)\};", src, re.S)
limit_ids = set(re.findall(r'"([a-z_]+)"', table.group(1))) if table else set()

failed = 0
def check(name, cond, detail):
    global failed
    print(("ok   " if cond else "FAIL ") + name)
    if not cond:
        failed += 1
        print("     " + detail)

check("results_json_should_be_written", len(json_keys) > 20 and os.path.exists(os.path.join(work, "real.json")),
      f"{len(json_keys)} keys; real.json present: {os.path.exists(os.path.join(work, 'real.json'))}")
missing = sorted(k for k in json_keys if k not in documented)
check("every_json_key_should_be_documented", not missing, "not in docs/fields.md: " + " ".join(missing))
check("sweep_csv_should_be_written", len(csv_cols) > 5, f"columns: {sorted(csv_cols)}")
missing = sorted(c for c in csv_cols if c not in csv_doc)
check("every_sweep_csv_column_should_be_documented", not missing, "not in docs/fields.md: " + " ".join(missing))
check("timeline_csv_should_be_written", len(timeline_cols) > 5, f"columns: {sorted(timeline_cols)}")
missing = sorted(c for c in timeline_cols if c not in timeline_doc)
check("every_timeline_csv_column_should_be_documented", not missing, "not in docs/fields.md: " + " ".join(missing))
missing = sorted(c for c in forecast_cols if c not in forecast_doc)
check("every_forecast_csv_column_should_be_documented", len(forecast_cols) > 5 and not missing,
      f"columns: {sorted(forecast_cols)}; not in docs/fields.md: " + " ".join(missing))
missing = sorted(c for c in forecast_db_cols if c not in forecast_db_doc)
check("every_workload_forecast_csv_column_should_be_documented",
      len(forecast_db_cols) > 5 and not missing,
      f"columns: {sorted(forecast_db_cols)}; not in docs/fields.md: " + " ".join(missing))
missing = sorted(i for i in limit_ids if i not in documented)
check("every_limited_by_id_should_be_documented", limit_ids and not missing,
      "not in docs/fields.md: " + " ".join(missing))
# the other way round: a documented JSON path or CSV column asmsim no
# longer writes is a stale line (JSON paths: the rows' names with a '.'
# or '[]'; CSV: every row of the CSV section)
stale = sorted(d for d in documented
               if re.fullmatch(r"[a-z][a-z_]*(\[\])?(\.[a-z0-9_]+(\[\])?)+", d)
               and not re.search(r"\.(txt|csv|json|html|lun)$", d)
               and canonical(d) not in json_keys
               and not (mpi_keys_unseen and re.match(r"(cluster|points\[\]\.hosts)\b", d))
               # a dashboard's save only: tui_test.sh checks them
               and not d.startswith("dashboard_failure"))
stale += sorted(c for c in csv_doc if c not in csv_cols)
stale += sorted(c for c in timeline_doc if c not in timeline_cols)
stale += sorted(c for c in forecast_doc if c not in forecast_cols)
stale += sorted(c for c in forecast_db_doc if c not in forecast_db_cols)
check("docs_should_name_no_field_that_is_not_written", not stale, "documented but not written: " + " ".join(stale))
# advise's JSON against its own section; every configuration object has
# the keys of best[]
def advise_canonical(p):
    return re.sub(r"^(rejected\[\]|burst_alternative|cloud_best\.(aws|oci)|out_of_reach\.(mbps|iops|schedule))\.",
                  "best[].", p)
advise_written = set()
for name in ("advise.json", "advise_reach.json", "advise_schedule.json",
             "advise_schedule_reach.json", "advise_awr.json"):
    f = os.path.join(work, name)
    if os.path.exists(f) and os.path.getsize(f) > 0:
        paths(json.load(open(f)), "", advise_written)
advise_keys = {advise_canonical(p) for p in advise_written}
missing = sorted(k for k in advise_keys if k not in advise_doc)
check("every_advise_json_key_should_be_documented", len(advise_keys) > 30 and not missing,
      f"{len(advise_keys)} keys; not in docs/fields.md: " + " ".join(missing))
stale = sorted(d for d in advise_doc if d not in advise_keys)
check("advise_docs_should_name_no_field_that_is_not_written", not stale,
      "documented but not written: " + " ".join(stale))
# advise --workload's JSON against its own section, both ways
def advise_db_canonical(p):
    p = re.sub(r"^cloud_best\.(aws|oci)$", "cloud_best", p)
    return re.sub(r"^(rejected\[\]|cloud_best\.(aws|oci))\.", "best[].", p)
advise_db_written = set()
f = os.path.join(work, "advise_db.json")
if os.path.exists(f) and os.path.getsize(f) > 0:
    paths(json.load(open(f)), "", advise_db_written)
advise_db_keys = {advise_db_canonical(p) for p in advise_db_written}
missing = sorted(k for k in advise_db_keys if k not in advise_db_doc)
stale = sorted(d for d in advise_db_doc if d not in advise_db_keys)
check("every_advise_db_json_key_should_be_documented_and_written",
      len(advise_db_keys) > 30 and not missing and not stale,
      f"{len(advise_db_keys)} keys; not in docs/fields.md: " + " ".join(missing)
      + "; documented but not written: " + " ".join(stale))
print(f"{12 - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
EOF
