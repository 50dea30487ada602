#!/usr/bin/env bash
# Figures of the model that a speed-up must not move: 17 commands on
# modelled volumes (a 1-16 normal sweep; runs on gp2 burst, st1, sc1, io2,
# gp3, OCI, normal and high redundancy, fine and raid0 striping, open loop,
# an --interval timeline, carried credits, sequential large I/O; forecast
# fast and --exact; advise), each one's JSON with the wall-clock and CPU
# keys removed, into OUTDIR.  Run it with the binary before and after a
# change, then compare:
#   bench/model_figures.sh old/asmsim /tmp/before
#   bench/model_figures.sh build/asmsim /tmp/after
#   diff -r -I '"command_line"' /tmp/before /tmp/after && echo identical
#   usage: bench/model_figures.sh ASMSIM OUTDIR
set -uo pipefail
A=$1; O=$2; mkdir -p "$O"; rm -f "$O"/*.json
GP3=gp3:size=500GiB,iops=16000,throughput=1000MiB/s
run() { local name=$1; shift; "$A" "$@" --quiet --json "$O/$name.raw" >/dev/null 2>"$O/$name.err" || echo "FAIL $name rc=$?" >&2; }
run sweep      sweep --run normal --volumes 1-16
run gp2burst   run --instance m5.large --volume gp2:size=500GiB --disks 4 --run normal --write 30
run st1        run --instance m5.4xlarge --volume st1:size=2000GiB --disks 4 --run normal --write 50 --type seq
run sc1        run --instance m5.4xlarge --volume sc1:size=2000GiB --disks 3 --run normal
run io2        run --instance r5b.4xlarge --volume io2:size=200GiB,iops=20000 --disks 6 --run normal --write 20
run gp3norm    run --instance r5b.24xlarge --volume $GP3 --disks 8 --redundancy normal --run normal --write 100
run gp3high    run --instance r5b.24xlarge --volume $GP3 --disks 6 --redundancy high --run normal --write 40
run oci        run --instance oci-e4flex-8 --volume oci-balanced:size=1000GB --disks 4 --run normal --write 30
run fine       run --instance r5b.8xlarge --volume $GP3 --disks 8 --layout fine --redundancy normal --run normal --write 50
run raid0      run --instance r5b.8xlarge --volume $GP3 --disks 5 --layout raid0 --stripe 64KiB --run normal --write 10
run openloop   run --instance m5.2xlarge --volume $GP3 --disks 4 --rate-small 20000 --rate-large 200MB/s --duration 5s --write 30
run interval   run --instance m5.large --volume gp3 --disks 4 --matrix point --num-small 16 --num-large 4 --duration 3s --interval 100ms --write 50
run carry      run --instance m5.large --volume gp2:size=100GiB --disks 2 --run normal --burst-credits carry=50 --write 20
run seqlarge   run --instance r5b.24xlarge --volume gp3:size=125GiB,iops=4000,throughput=1000MiB/s --disks 16 --matrix row --num-large 32 --type seq --write 100
run fc_fast    forecast --instance m5.large --volume gp2:size=500GiB --disks 4 --schedule oltp-day
run fc_exact   forecast --instance m5.large --volume gp2:size=200GiB --disks 2 --schedule redo-peak --exact --repeat 1d
"$A" advise --need-iops 20000 --need-mbps 500 --write 30 --json "$O/advise.raw" >/dev/null 2>"$O/advise.err" || echo FAIL advise >&2
for f in "$O"/*.raw; do
  python3 - "$f" "${f%.raw}.json" <<'PY'
import json, sys
VOL = {"wall_seconds", "started", "command", "cpu", "cpu_seconds", "elapsed_s", "wall_s", "finished", "argv", "version", "jobs"}
def strip(x):
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items() if k not in VOL and not k.startswith("cpu")}
    if isinstance(x, list):
        return [strip(v) for v in x]
    return x
d = json.load(open(sys.argv[1]))
json.dump(strip(d), open(sys.argv[2], "w"), indent=1, sort_keys=True)
PY
  rm "$f"
done
