#!/usr/bin/env bash
# aio_vs_fio.sh - asmsim's aio engine against fio, side by side, on the same
# 1 GiB file at the same queue depth; and asmsim's null engine against fio's.
#
#   bench/aio_vs_fio.sh [path-to-asmsim] [work-dir]
#   env: DURATION=10 (seconds per measurement), REPEATS=3,
#        CASES="randread seqwrite null" (a subset to run)
#
# Cases (each run REPEATS times, alternating asmsim and fio; medians shown):
#   randread-8k-qd32    8 KiB random reads, 32 outstanding
#   seqwrite-128k-qd16  128 KiB sequential writes, 16 outstanding (one
#                       asmsim stream of 16, fio iodepth 16)
#   null-8k-qd32        no device: asmsim --engine null vs fio ioengine=null,
#                       compared as IOPS per core of CPU used
# Figures: IOPS; CPU per I/O = (user + system CPU seconds) / I/Os, from
# asmsim's results JSON (getrusage over the measured window) and from fio's
# JSON (usr_cpu + sys_cpu over its runtime).  Pass: asmsim IOPS >= 0.95 x
# fio, asmsim CPU/I/O <= fio, null IOPS per core >= fio's.
# Not a CI test: it takes a few minutes and wants a quiet machine.
set -euo pipefail

ASMSIM=${1:-build/asmsim}
WORK=${2:-$(mktemp -d "${TMPDIR:-/var/tmp}/asmsim-bench.XXXXXX")}
DURATION=${DURATION:-10}
REPEATS=${REPEATS:-3}
FILE=$WORK/bench.dat
command -v fio >/dev/null || { echo "aio_vs_fio: fio is not installed" >&2; exit 2; }
command -v python3 >/dev/null || { echo "aio_vs_fio: needs python3" >&2; exit 2; }
mkdir -p "$WORK"

# asmsim makes the file (so it may write it) and fills it once, so reads
# hit allocated blocks for both tools.
[ -f "$FILE" ] || "$ASMSIM" run --target "$FILE" --create 1GiB --write 100 \
    --type seq --matrix point --num-small 0 --num-large 1 --stream-io 16 \
    --duration 3s --quiet >/dev/null
dd if=/dev/urandom of="$FILE" bs=1M count=1024 conv=notrunc,fsync status=none

asmsim_case() {   # name -> JSON on stdout
    local common=(--matrix point --duration "${DURATION}s" --warmup 1s --json - --quiet)
    case $1 in
        randread) "$ASMSIM" run --target "$FILE" --num-small 32 --num-large 0 "${common[@]}" ;;
        seqwrite) "$ASMSIM" run --target "$FILE" --num-small 0 --num-large 1 \
                      --type seq --stream-io 16 --write 100 "${common[@]}" ;;
        null)     "$ASMSIM" run --engine null --disks 1 --num-small 32 --num-large 0 "${common[@]}" ;;
    esac
}

fio_case() {      # name -> JSON on stdout
    local common=(--name=b --direct=1 --size=1g --runtime="$DURATION" --time_based
                  --ramp_time=1 --output-format=json --group_reporting)
    case $1 in
        randread) fio "${common[@]}" --filename="$FILE" --ioengine=libaio --rw=randread --bs=8k --iodepth=32 ;;
        seqwrite) fio "${common[@]}" --filename="$FILE" --ioengine=libaio --rw=write --bs=128k --iodepth=16 ;;
        null)     fio "${common[@]}" --ioengine=null --rw=randread --bs=8k --iodepth=32 ;;
    esac
}

# JSON -> "iops cpu_us_per_io cores"
asmsim_figures() {
    python3 -c '
import json, sys
p = json.load(sys.stdin)["points"][0]
ios = p["iops"] + p["large_iops"]
c = p["cpu"]
print(ios, c["user_us_per_io"] + c["sys_us_per_io"], c["cores"])'
}
fio_figures() {
    python3 -c '
import json, sys
j = json.load(sys.stdin)["jobs"][0]
d = j["write"] if j["write"]["io_bytes"] > 0 else j["read"]
iops = d["iops"]
secs = j["job_runtime"] / 1000.0
cores = (j["usr_cpu"] + j["sys_cpu"]) / 100.0
print(iops, cores * secs * 1e6 / max(1, iops * secs), cores)'
}

median() { python3 -c 'import sys, statistics; print(statistics.median(map(float, sys.argv[1:])))' "$@"; }

printf '%-20s %12s %12s %7s   %14s %14s %7s\n' case "asmsim IOPS" "fio IOPS" ratio \
    "asmsim us/IO" "fio us/IO" ratio
status=0
for c in ${CASES:-randread seqwrite null}; do
    a_iops=(); a_cpu=(); a_cores=(); f_iops=(); f_cpu=(); f_cores=()
    for ((i = 0; i < REPEATS; i++)); do
        read -r x y z < <(asmsim_case $c | asmsim_figures); a_iops+=("$x"); a_cpu+=("$y"); a_cores+=("$z")
        read -r x y z < <(fio_case $c | fio_figures); f_iops+=("$x"); f_cpu+=("$y"); f_cores+=("$z")
    done
    ai=$(median "${a_iops[@]}"); fi_=$(median "${f_iops[@]}")
    ac=$(median "${a_cpu[@]}"); fc=$(median "${f_cpu[@]}")
    if [ $c = null ]; then
        # per core: IOPS / cores busy
        ai=$(python3 -c "print($ai / max(1e-9, $(median "${a_cores[@]}")))")
        fi_=$(python3 -c "print($fi_ / max(1e-9, $(median "${f_cores[@]}")))")
        name="null-8k-qd32 /core"
    else
        name=$([ $c = randread ] && echo randread-8k-qd32 || echo seqwrite-128k-qd16)
    fi
    python3 - "$name" "$ai" "$fi_" "$ac" "$fc" <<'EOF' || status=1
import sys
name, ai, fi, ac, fc = sys.argv[1], *map(float, sys.argv[2:])
r_iops = ai / fi if fi else float("inf")
r_cpu = ac / fc if fc else float("inf")
ok = r_iops >= 0.95 and (name.startswith("null") or r_cpu <= 1.0)
print(f"{name:<20} {ai:12.0f} {fi:12.0f} {r_iops:7.3f}   {ac:14.3f} {fc:14.3f} {r_cpu:7.3f}  {'ok' if ok else 'BELOW TARGET'}")
sys.exit(0 if ok else 1)
EOF
done
echo "(medians of $REPEATS runs of ${DURATION}s; file $FILE; $(nproc) CPUs, kernel $(uname -r))"
exit $status
