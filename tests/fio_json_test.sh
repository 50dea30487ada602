#!/usr/bin/env bash
# fio_json_test.sh - `--fio-json FILE|-` writes fio 3.x's JSON layout:
# read back with the field names fio documents (jobs[].read.iops, bw,
# clat_ns.percentile, lat_ns), its figures the results JSON's, its job
# options those fio would run each class with (a database workload's
# classes by name, every preset's valid, a failure's phases), and every
# key of a job that a real `fio --output-format=json` run writes (fio is
# run on a small file when installed; the option keys of "job options"
# are each job's own and are not compared).
#
#   bash fio_json_test.sh <path-to-asmsim> <tests-dir>
set -u

ASMSIM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TESTS_DIR=$(cd "${2:-.}" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/asmsim-fiojson.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

# shellcheck source=cli/harness.sh
. "$TESTS_DIR/cli/harness.sh"

"$ASMSIM" run --volume gp3 --disks 1 --run simple --write 30 --duration 2s \
    --fio-json run.fio.json --json run.json --quiet >/dev/null 2>&1
expect_true "run_fio_json_should_read_back_as_fio_s" python3 - <<'PY'
import json
fio = json.load(open("run.fio.json"))
res = json.load(open("run.json"))
jobs = fio["jobs"]
assert fio["fio version"].startswith("asmsim-"), fio["fio version"]
small = [j for j in jobs if "_small_" in j["jobname"]]
large = [j for j in jobs if "_large_" in j["jobname"]]
pts = res["points"]
assert len(small) == sum(1 for p in pts if p["small"] > 0), (len(small), len(pts))
assert len(large) == sum(1 for p in pts if p["large"] > 0)
for j in small:
    p = pts[j["groupid"]]
    iops = j["read"]["iops"] + j["write"]["iops"]
    assert abs(iops - p["iops"]) <= 1e-6 * p["iops"] + 1e-9, (iops, p["iops"])
    assert j["write"]["total_ios"] > 0 and j["job options"]["rw"] == "randrw"
    assert j["job options"]["iodepth"] == str(p["small"]) and j["job options"]["bs"] == "8192"
    c = j["read"]["clat_ns"]
    assert c["min"] <= c["percentile"]["50.000000"] <= c["percentile"]["99.000000"] <= c["max"]
    assert j["read"]["lat_ns"]["mean"] == c["mean"] and j["read"]["lat_ns"]["N"] == c["N"]
    assert abs(j["read"]["bw_bytes"] - j["read"]["iops"] * 8192) <= 1 + 1e-6 * j["read"]["bw_bytes"]
    assert abs(sum(j["latency_us"].values()) + sum(j["latency_ms"].values()) - 100) < 1e-6
for j in large:
    p = pts[j["groupid"]]
    mbps = (j["read"]["bw_bytes"] + j["write"]["bw_bytes"]) / 1e6
    assert abs(mbps - p["mbps"]) <= 1e-3 * p["mbps"] + 0.01, (mbps, p["mbps"])
PY

"$ASMSIM" sweep --volume gp3 --volumes 1,2 --run simple --duration 1s --fio-json - \
    >sweep.fio.json 2>/dev/null
expect_true "sweep_fio_json_should_hold_every_disk_count" python3 -c "
import json
jobs = json.load(open('sweep.fio.json'))['jobs']
assert any(j['jobname'].startswith('asmsim_1disks_') for j in jobs)
assert any(j['jobname'].startswith('asmsim_2disks_') for j in jobs)
assert [j['groupid'] for j in jobs] == sorted(j['groupid'] for j in jobs)"

# ORION's large sequential streams: a job of stream_io each (numjobs)
"$ASMSIM" run --volume gp3 --disks 2 --run simple --type seq --duration 1s \
    --fio-json seq.fio.json --quiet >/dev/null 2>&1
expect_true "orion_seq_large_should_be_numjobs_streams_of_stream_io" python3 -c "
import json
for j in json.load(open('seq.fio.json'))['jobs']:
    o = j['job options']
    if '_large_' in j['jobname']:
        large = int(j['jobname'].rsplit('_l', 1)[1])
        assert o['rw'] == 'read' and o['bs'] == '131072', o
        assert o['iodepth'] == '4' and o.get('numjobs', '1') == str(large), (j['jobname'], o)"

# An open-loop rate under 1/s is fio's 1, never 0 (fio reads rate_iops 0
# as no limit at all), each direction of a mixed class too
"$ASMSIM" run --volume gp3 --disks 1 --duration 2s --rate-small 0.5 --write 30 \
    --fio-json slow.fio.json --quiet >/dev/null 2>&1
expect_true "open_rate_below_one_should_be_fio_rate_1_not_unlimited" python3 -c "
import json
o = [j['job options'] for j in json.load(open('slow.fio.json'))['jobs']
     if '_small_' in j['jobname']][0]
assert o['rate_iops'] == '1,1', o"

# A database workload's jobs, read back as fio's readers do: named by
# class (and phase), rw from the pattern, a valid bs or bssplit, iodepth
# the loop's.  Every preset writes valid jobs.
cat >check_jobs.py <<'PY'
import json, re, sys
SIZE = re.compile(r"^([0-9]+)([km]?)$")
def size_bytes(t):
    m = SIZE.match(t)
    assert m, t
    return int(m.group(1)) * {"": 1, "k": 1024, "m": 1 << 20}[m.group(2)]
def check(path):
    jobs = json.load(open(path))["jobs"]
    names = [j["jobname"] for j in jobs]
    assert jobs and len(set(names)) == len(names), names
    for j in jobs:
        o = j["job options"]
        assert o["rw"] in ("read", "write", "rw", "randread", "randwrite", "randrw"), o
        bs = size_bytes(o["bs"])
        assert bs > 0 and bs % 512 == 0, o
        if "bssplit" in o:
            parts = [p.split("/") for p in o["bssplit"].split(":")]
            assert sum(int(p) for _, p in parts) == 100, o
            assert min(size_bytes(s) for s, _ in parts) == bs, o
        assert int(o["iodepth"]) >= 1 and int(o.get("numjobs", "1")) >= 1, o
        if o["rw"] in ("rw", "randrw"):
            assert 0 < int(o["rwmixread"]) < 100, o
        if "rate_iops" in o:
            assert all(int(r) > 0 for r in o["rate_iops"].split(",")), o
        assert j["read"]["iops"] + j["write"]["iops"] > 0, j["jobname"]
        for d in ("read", "write"):
            if j[d]["total_ios"]:
                pct = j[d]["clat_ns"]["percentile"]
                assert 0 < pct["50.000000"] <= pct["99.000000"], pct
    return {j["jobname"]: j for j in jobs}
PY
presets_ok=yes
for w in $("$ASMSIM" run --help | sed -n 's/.*Presets: //p' | tr ',' ' '); do
    "$ASMSIM" run --workload "$w" --volume gp3 --disks 4 --duration 1s \
        --fio-json "preset_$w.fio.json" --quiet >/dev/null 2>&1 &&
        python3 -c "import sys; sys.path.insert(0, '.'); import check_jobs; check_jobs.check('preset_$w.fio.json')" ||
        { presets_ok="no ($w)"; break; }
done
expect_true "fio_json_of_every_preset_should_hold_valid_jobs" [ "$presets_ok" = yes ]

"$ASMSIM" run --workload oltp --volume gp3 --disks 4 --duration 1s --fio-json - \
    2>/dev/null >oltp.fio.json
expect_true "fio_json_of_a_workload_should_name_jobs_by_class_with_its_options" python3 - <<'PY'
import check_jobs
jobs = check_jobs.check("oltp.fio.json")
assert sorted(jobs) == ["asmsim_data-reads", "asmsim_dbwr", "asmsim_redo"], sorted(jobs)
o = {n[len("asmsim_"):]: j["job options"] for n, j in jobs.items()}
assert o["data-reads"]["rw"] == "randread" and o["data-reads"]["bs"] == "8192", o
assert o["dbwr"]["rw"] == "randwrite" and o["dbwr"]["bs"] == "32768", o
assert o["redo"]["rw"] == "write" and o["redo"]["bs"] == "512", o
assert o["redo"]["bssplit"] == "512/36:8k/9:16k/6:32k/7:128k/40:256k/2", o
assert o["data-reads"]["rate_iops"] == "2413" and o["redo"]["rate_iops"] == "1422", o
assert o["dbwr"]["rate_process"] == "poisson" and o["dbwr"]["iodepth"] == "4096", o
assert jobs["asmsim_redo"]["write"]["iops"] > 0 and jobs["asmsim_redo"]["read"]["iops"] == 0
PY

"$ASMSIM" run --workload batch --volume gp3 --disks 4 --duration 1s --fio-json - \
    2>/dev/null >batch.fio.json
expect_true "fio_json_of_a_closed_loop_should_give_its_outstanding_and_streams" python3 - <<'PY'
import check_jobs
o = {n: j["job options"] for n, j in check_jobs.check("batch.fio.json").items()}
assert o["asmsim_index-reads"]["iodepth"] == "8" and "rate_iops" not in o["asmsim_index-reads"]
assert o["asmsim_dbwr"]["iodepth"] == "7", o["asmsim_dbwr"]
s = o["asmsim_scan-reads"]
assert (s["rw"], s["numjobs"], s["iodepth"], s["bs"]) == ("read", "4", "2", "131072"), s
PY

"$ASMSIM" sweep --workload batch --volume gp3 --volumes 4 --duration 1s \
    --over write:dbwr=50,100 --fio-json - 2>/dev/null >over.fio.json
expect_true "fio_json_of_a_sweep_over_should_name_and_set_each_value_s_jobs" python3 - <<'PY'
import check_jobs
o = {n: j["job options"] for n, j in check_jobs.check("over.fio.json").items()}
a, b = o["asmsim_write:dbwr=50_dbwr"], o["asmsim_write:dbwr=100_dbwr"]
assert (a["rw"], a["rwmixread"]) == ("randrw", "50") and b["rw"] == "randwrite", (a, b)
PY

"$ASMSIM" run --workload oltp --volume gp3 --disks 8 --redundancy normal \
    --failgroups 4 --duration 1s --fail 1@10m --add-disks 2@4h \
    --fio-json fail.fio.json --json fail.json --quiet >/dev/null 2>&1
expect_true "fio_json_of_a_failure_should_hold_every_phase_s_classes" python3 - <<'PY'
import json, check_jobs
jobs = check_jobs.check("fail.fio.json")
res = json.load(open("fail.json"))
phases = ["before", "degraded", "rebalancing", "restored", "add-rebalancing", "add-balanced"]
want = {"asmsim_%s_%s" % (c, p) for c in ("data-reads", "dbwr", "redo") for p in phases}
want |= {"asmsim_rebalance_rebalancing", "asmsim_rebalance_add-rebalancing"}
assert set(jobs) == want, sorted(set(jobs) ^ want)
groups = {p: {j["groupid"] for n, j in jobs.items() if n.endswith("_" + p)} for p in phases}
assert sorted(len(g) for g in groups.values()) == [1] * 6, groups
assert len(set.union(*groups.values())) == 6, groups
reb = {c["name"]: c for ph in res["failure"]["phases"] if ph["phase"] == "rebalancing"
       for c in ph["classes"]}
for c in ("dbwr", "rebalance"):
    j = jobs["asmsim_%s_rebalancing" % c]
    assert abs(j["read"]["iops"] + j["write"]["iops"] - reb[c]["iops"]) <= 1, (c, reb[c])
copy = jobs["asmsim_rebalance_rebalancing"]["job options"]
assert (copy["rw"], copy["bs"], copy["iodepth"]) == ("rw", "1048576", "1"), copy
PY

# --output-format, fio's option: what stdout carries, as --fio-json - or --json -
"$ASMSIM" run --workload oltp --volume gp3 --disks 4 --duration 1s --output-format fio-json \
    2>/dev/null >of.fio.json
"$ASMSIM" run --workload oltp --volume gp3 --disks 4 --duration 1s --output-format=json \
    2>/dev/null >of.json
expect_true "output_format_should_put_fio_s_or_the_results_json_on_stdout" python3 - <<'PY'
import json
f = json.load(open("of.fio.json")); d = json.load(open("of.json"))
assert [j["jobname"] for j in f["jobs"]] == ["asmsim_data-reads", "asmsim_dbwr", "asmsim_redo"], f["jobs"]
assert d["points"] and "jobs" not in d, list(d)
PY
expect_error "output_format_json_and_fio_json_dash_should_name_both_spellings" \
    "asmsim: stdout carries one JSON, and both were sent there (--json - or --output-format json, --fio-json - or --output-format fio-json); give one of them a file" "" \
    "$ASMSIM" run --volume gp3 --disks 1 --output-format json --fio-json -
expect_error "output_format_should_name_its_formats" \
    "asmsim: --output-format xml: not a format; use normal (the text), json (the results JSON) or fio-json (fio's JSON)" "" \
    "$ASMSIM" run --output-format xml
expect_error "output_format_json_and_json_file_should_be_refused" \
    "asmsim: --json a.json: --output-format json sends it to stdout already; give one of them" "" \
    "$ASMSIM" run --output-format json --json a.json
expect_error "json_file_and_output_format_json_should_be_refused" \
    "asmsim: --output-format fio-json: --fio-json f.json was given; give one of them" "" \
    "$ASMSIM" run --fio-json f.json --output-format fio-json
expect_error "fio_json_and_json_should_not_share_stdout" \
    "asmsim: stdout carries one JSON, and both were sent there" "" \
    "$ASMSIM" run --volume gp3 --disks 1 --fio-json - --json -

# its own file is replaced on the next run; fio's own is not
cp run.fio.json again.fio.json
expect_exit 0 "fio_json_should_replace_its_own_file" \
    "$ASMSIM" run --volume gp3 --disks 1 --run simple --duration 1s \
    --fio-json again.fio.json --quiet
printf '{\n  "fio version" : "fio-3.33",\n  "timestamp" : 1700000000,\n  "jobs" : []\n}\n' \
    >fio.own.json
expect_error "fio_json_should_not_replace_a_file_of_fio_s" \
    "asmsim: --fio-json fio.own.json: is a file that holds something asmsim did not write" "" \
    "$ASMSIM" run --volume gp3 --disks 1 --run simple --duration 1s \
    --fio-json fio.own.json --quiet

if command -v fio >/dev/null 2>&1; then
    head -c 4M /dev/urandom >fio.dat
    fio --name=t --filename=fio.dat --size=4M --rw=randrw --bs=8k --runtime=1 \
        --ioengine=psync --output-format=json >real.fio.json 2>/dev/null
    expect_true "fio_json_should_have_every_key_of_a_real_fio_job" python3 - <<'PY'
import json
def keys(o, p=""):
    out = set()
    if isinstance(o, dict):
        for k, v in o.items():
            if p.endswith("percentile") or p.endswith("job options"):
                continue
            out.add(p + "/" + k)
            out |= keys(v, p + "/" + k)
    return out
real = json.load(open("real.fio.json"))
ours = json.load(open("run.fio.json"))
missing = keys(real["jobs"][0]) - keys(ours["jobs"][0])
assert not missing, sorted(missing)
top = set(real) - set(ours) - {"global options"}
assert not top, top
PY
else
    echo "skip fio_json_should_have_every_key_of_a_real_fio_job (fio not installed)"
fi

harness_done
