#!/usr/bin/env bash
# aio_vs_fio.sh - asmsim's real-device engines against fio, side by side:
# the same target, the same I/O, the same queue depth, asmsim's aio engine
# against fio's libaio and asmsim's uring engine against fio's io_uring;
# and asmsim's null engine against fio's.
#
#   bench/aio_vs_fio.sh [path-to-asmsim] [work-dir]
#   env: DURATION=10   seconds per measurement (after a 1 s warm-up)
#        REPEATS=5     runs of each tool per case, alternating asmsim, fio
#        CASES="rr-qd1 rr-qd8 rr-qd32 rr-qd128 rw-qd32 sw-qd16 mix-qd32 null"
#        TARGETS="file loop"   loop: a loop device (root; losetup
#                      --direct-io over a file in work-dir, set up and
#                      detached here); without root only the file
#        ENGINES="aio uring"
#
# Cases:
#   rr-qdN     8 KiB random reads, N outstanding (1, 8, 32, 128)
#   rw-qd32    8 KiB random writes, 32 outstanding
#   sw-qd16    128 KiB sequential writes, 16 outstanding (one asmsim stream
#              of 16, fio iodepth 16)
#   mix-qd32   8 KiB random, 70 % reads / 30 % writes, 32 outstanding
#   null       no device: asmsim --engine null vs fio ioengine=null at QD 32,
#              compared as IOPS per core of CPU used (once, not per target)
# fio runs with --direct=1, its io_uring engine with registered files and
# fixed buffers, as asmsim's.
#
# Figures, per case: IOPS (median of the repeats, the spread min-max), the
# ratio asmsim/fio; CPU per I/O = (user + system CPU seconds) / I/Os, from
# asmsim's results JSON (getrusage over the measured window) and fio's JSON
# (usr_cpu + sys_cpu over its runtime), and its ratio; at QD 1 the p50 and
# p99 latency ratios (asmsim: completion seen - submission; fio: lat, from
# submission, --lat_percentiles).  Targets (issue 14): IOPS >= 1.00 x fio,
# CPU/I/O <= fio's, QD 1 latency within 5 %; the line says "ok" or what
# missed.  The machine's load (uptime) is printed before and after.
# Not a CI test: it takes a while and wants a quiet machine.
set -euo pipefail

ASMSIM=${1:-build/asmsim}
WORK=${2:-$(mktemp -d "${TMPDIR:-/var/tmp}/asmsim-bench.XXXXXX")}
DURATION=${DURATION:-10}
REPEATS=${REPEATS:-5}
CASES=${CASES:-rr-qd1 rr-qd8 rr-qd32 rr-qd128 rw-qd32 sw-qd16 mix-qd32 null}
ENGINES=${ENGINES:-aio uring}
TARGETS=${TARGETS:-file loop}
FILE=$WORK/bench.dat
LOOP_IMG=$WORK/loop.img
LOOP=""
ROWS=$WORK/rows.tsv
command -v fio >/dev/null || { echo "aio_vs_fio: fio is not installed (Debian: apt-get install fio)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "aio_vs_fio: needs python3" >&2; exit 2; }
mkdir -p "$WORK"
: >"$ROWS"

cleanup() { [ -z "$LOOP" ] || losetup -d "$LOOP" 2>/dev/null || true; }
trap cleanup EXIT
trap 'exit 1' INT TERM

# asmsim makes the file (so it may write it) and fills it once, so reads
# hit allocated blocks for both tools.
[ -f "$FILE" ] || "$ASMSIM" run --target "$FILE" --create 1GiB --write 100 \
    --type seq --matrix point --num-small 0 --num-large 1 --stream-io 16 \
    --duration 3s --quiet >/dev/null
dd if=/dev/urandom of="$FILE" bs=1M count=1024 conv=notrunc,fsync status=none

# The loop device: over a file of its own, direct I/O through to it (else
# the loop's reads come from the page cache), detached on exit.
setup_loop() {
    if [ "$(id -u)" -ne 0 ] || ! command -v losetup >/dev/null; then
        echo "aio_vs_fio: the loop target needs root and losetup; skipped" >&2
        return 1
    fi
    dd if=/dev/urandom of="$LOOP_IMG" bs=1M count=1024 conv=fsync status=none
    LOOP=$(losetup -f --show --direct-io=on "$LOOP_IMG") || return 1
}

# case -> asmsim's options for the point
asmsim_args() {
    case $1 in
        rr-qd*) echo "--num-small ${1#rr-qd} --num-large 0" ;;
        rw-qd*) echo "--num-small ${1#rw-qd} --num-large 0 --write 100" ;;
        mix-qd*) echo "--num-small ${1#mix-qd} --num-large 0 --write 30" ;;
        sw-qd*) echo "--num-small 0 --num-large 1 --type seq --stream-io ${1#sw-qd} --write 100" ;;
        null) echo "--num-small 32 --num-large 0" ;;
    esac
}
# case -> fio's options for the same
fio_args() {
    case $1 in
        rr-qd*) echo "--rw=randread --bs=8k --iodepth=${1#rr-qd}" ;;
        rw-qd*) echo "--rw=randwrite --bs=8k --iodepth=${1#rw-qd}" ;;
        mix-qd*) echo "--rw=randrw --rwmixread=70 --bs=8k --iodepth=${1#mix-qd}" ;;
        sw-qd*) echo "--rw=write --bs=128k --iodepth=${1#sw-qd}" ;;
        null) echo "--rw=randread --bs=8k --iodepth=32" ;;
    esac
}

asmsim_run() {    # case engine target -> JSON on stdout
    local common=(--matrix point --duration "${DURATION}s" --warmup 1s --json - --quiet)
    # shellcheck disable=SC2046
    if [ "$1" = null ]; then
        "$ASMSIM" run --engine null --disks 1 $(asmsim_args null) "${common[@]}"
    else
        # the bench's own file (or loop) may be written: cases that write
        # say so; a read-only case opens it read-only and needs neither
        local writes=()
        [[ $(asmsim_args "$1") == *--write* ]] && writes=(--destroy-data --ignore-signatures)
        "$ASMSIM" run --engine "$2" --target "$3" "${writes[@]}" \
            $(asmsim_args "$1") "${common[@]}"
    fi
}

fio_run() {       # case engine target -> JSON on stdout
    local common=(--name=b --direct=1 --size=1g --runtime="$DURATION" --time_based
                  --ramp_time=1 --output-format=json --group_reporting --lat_percentiles=1)
    local engine=(--ioengine=libaio)
    [ "$2" = uring ] && engine=(--ioengine=io_uring --fixedbufs --registerfiles)
    # shellcheck disable=SC2046
    if [ "$1" = null ]; then
        fio "${common[@]}" --ioengine=null $(fio_args null)
    else
        fio "${common[@]}" --filename="$3" "${engine[@]}" $(fio_args "$1")
    fi
}

# JSON -> "iops cpu_us_per_io cores p50_us p99_us"
asmsim_figures() {
    python3 -c '
import json, sys
p = json.load(sys.stdin)["points"][0]
ios = p["iops"] + p["large_iops"]
c = p["cpu"]
lat = p.get("small_lat_us") or {}
print(ios, c["user_us_per_io"] + c["sys_us_per_io"], c["cores"],
      lat.get("p50", 0), lat.get("p99", 0))'
}
fio_figures() {
    python3 -c '
import json, sys
j = json.load(sys.stdin)["jobs"][0]
iops = j["read"]["iops"] + j["write"]["iops"]
secs = j["job_runtime"] / 1000.0
cores = (j["usr_cpu"] + j["sys_cpu"]) / 100.0
d = j["read"] if j["read"]["io_bytes"] > 0 else j["write"]
pct = d.get("lat_ns", {}).get("percentile", {})
print(iops, cores * secs * 1e6 / max(1, iops * secs), cores,
      pct.get("50.000000", 0) / 1000, pct.get("99.000000", 0) / 1000)'
}

# one measurement of each tool, appended to ROWS
measure() {       # case engine target-name target-path
    local x
    x=$(asmsim_run "$1" "$2" "$4" | asmsim_figures)
    printf '%s\t%s\t%s\tasmsim\t%s\n' "$1" "$3" "$2" "${x// /$'\t'}" >>"$ROWS"
    x=$(fio_run "$1" "$2" "$4" | fio_figures)
    printf '%s\t%s\t%s\tfio\t%s\n' "$1" "$3" "$2" "${x// /$'\t'}" >>"$ROWS"
}

echo "load before: $(uptime)"
targets=()
for t in $TARGETS; do
    case $t in
        file) targets+=("file:$FILE") ;;
        loop) setup_loop && targets+=("loop:$LOOP") ;;
    esac
done
# the repeats alternate over the whole matrix, so a burst of load on the
# machine spreads over every case instead of sinking one
for ((i = 0; i < REPEATS; i++)); do
    for c in $CASES; do
        if [ "$c" = null ]; then
            measure null null - -
            continue
        fi
        for t in "${targets[@]}"; do
            for e in $ENGINES; do
                measure "$c" "$e" "${t%%:*}" "${t#*:}"
            done
        done
    done
done
echo "load after:  $(uptime)"

status=0
python3 - "$ROWS" <<'EOF' || status=1
import collections, statistics, sys
runs = collections.defaultdict(lambda: collections.defaultdict(list))
order = []
for line in open(sys.argv[1]):
    case, target, engine, tool, *v = line.rstrip("\n").split("\t")
    key = (case, target, engine)
    if key not in order:
        order.append(key)
    runs[key][tool].append(tuple(map(float, v)))

def med(rows, i):
    return statistics.median(r[i] for r in rows)

def ratio(a, f):
    return a / f if f else float("inf")

print(f"{'case':<10} {'target':<6} {'engine':<6} {'asmsim IOPS (min-max)':>24} "
      f"{'fio IOPS (min-max)':>24} {'ratio':>6} {'us/IO a':>8} {'us/IO f':>8} "
      f"{'ratio':>6} {'p50':>6} {'p99':>6}")
status = 0
for key in order:
    case, target, engine = key
    a, f = runs[key]["asmsim"], runs[key]["fio"]
    ai, fi = med(a, 0), med(f, 0)
    if case == "null":          # per core of CPU used
        ai, fi = ai / max(1e-9, med(a, 2)), fi / max(1e-9, med(f, 2))
    r_iops = ratio(ai, fi)
    r_cpu = ratio(med(a, 1), med(f, 1))
    missed = []
    if r_iops < 1.0:
        missed.append("IOPS")
    if case != "null" and r_cpu > 1.0:
        missed.append("CPU")
    lat = ""
    if case == "rr-qd1":
        r50, r99 = ratio(med(a, 3), med(f, 3)), ratio(med(a, 4), med(f, 4))
        lat = f"{r50:6.3f} {r99:6.3f}"
        if abs(r50 - 1) > 0.05 or abs(r99 - 1) > 0.05:
            missed.append("latency")
    spread = lambda rows: f"{min(r[0] for r in rows):.0f}-{max(r[0] for r in rows):.0f}"
    name = "null/core" if case == "null" else case
    print(f"{name:<10} {target:<6} {engine:<6} {ai:9.0f} ({spread(a):>13}) "
          f"{fi:9.0f} ({spread(f):>13}) {r_iops:6.3f} {med(a, 1):8.2f} "
          f"{med(f, 1):8.2f} {r_cpu:6.3f} {lat:13s} "
          f"{'ok' if not missed else 'BELOW TARGET: ' + ', '.join(missed)}")
    status |= bool(missed)
sys.exit(status)
EOF
echo "(medians of $REPEATS alternating runs of ${DURATION}s each; spread = min-max of" \
     "the IOPS; $(nproc) CPUs, kernel $(uname -r); file $FILE${LOOP:+, loop $LOOP})"
exit $status
