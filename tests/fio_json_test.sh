#!/usr/bin/env bash
# fio_json_test.sh - `--fio-json FILE|-` writes fio 3.x's JSON layout:
# read back with the field names fio documents (jobs[].read.iops, bw,
# clat_ns.percentile, lat_ns), its figures the results JSON's, and every
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

expect_error "fio_json_and_json_should_not_share_stdout" \
    "asmsim: --fio-json -: stdout is --json's already" "" \
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
