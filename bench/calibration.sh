#!/usr/bin/env bash
# The model against published measurements, through the command line,
# side by side: published figure, model figure, ratio, error; the last line
# is the mean |error| over every row.  The cases: DOMAIN.md section 5
# (C1..C16), the two studies of issue 33 (S1, S2) and the third-party
# low-queue-depth latency logs the gp2, gp3 and io1 rows are fitted to (M2,
# M5, M7, M9, M10; sources in sim/profiles/profiles_latency.c).
# tests/test_calibration.c asserts the C and S cases (within 5 % for
# plateaus, 15 % for average latency, 20 % for p99 and p99.99); this prints
# them.  Each case runs with the profiles of its time (gp3-2023, io2-2021:
# providers/ebs.c).
#
# --doc FILE also writes the table as Markdown (docs/validation.md), with
# the results of the rule-book tests (tests/test_rules.c, the build's
# test_rules beside asmsim), so the page users read is this run's output.
# FILE is checked before the run: a new name in an existing directory, or
# a page this script wrote before (its first line), nothing else; it is
# replaced whole, by rename, once the page is complete.
#
#   usage: bench/calibration.sh [--doc FILE] [path/to/asmsim]
set -euo pipefail
usage() { echo "usage: bench/calibration.sh [--doc FILE] [path/to/asmsim]" >&2; exit 2; }
doc= asmsim=
title="# Validation: the model against published measurements"
while [ $# -gt 0 ]; do
    case $1 in
    --doc) [ $# -ge 2 ] && [ -n "$2" ] || usage; doc=$2; shift 2 ;;
    -*) echo "calibration.sh: $1: unknown option" >&2; usage ;;
    *) [ -z "$asmsim" ] || { echo "calibration.sh: $1: one asmsim only" >&2; usage; }
       asmsim=$1; shift ;;
    esac
done
asmsim=${asmsim:-build/asmsim}
[ -x "$asmsim" ] || { echo "calibration.sh: $asmsim: not an executable asmsim" >&2; exit 2; }
if [ -n "$doc" ]; then
    if [ -e "$doc" ] || [ -L "$doc" ]; then
        if [ -L "$doc" ] || [ ! -f "$doc" ] || [ "$(head -1 "$doc")" != "$title" ]; then
            echo "calibration.sh: --doc $doc: exists and is not a page this script wrote; give a new name" >&2
            exit 2
        fi
    elif [ ! -d "$(dirname -- "$doc")" ]; then
        echo "calibration.sh: --doc $doc: no such directory" >&2
        exit 2
    fi
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gp3=gp3-2023:size=125GiB,iops=4000,throughput=1000MiB/s
errors="$tmp/errors"
markdown="$tmp/rows.md"

# figure <json> <jq-like python expression>
figure() {
    python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"
}

row() {  # row CASE DESCRIPTION PUBLISHED MODEL
    local err
    err=$(python3 -c "print(($4 / $3 - 1) * 100)")
    echo "$err" >>"$errors"
    printf '%-4s %-58s %10s %10.1f %7.3f %+7.1f%%\n' "$1" "$2" "$3" "$4" \
        "$(python3 -c "print($4 / $3)")" "$err"
    printf '| %s | %s | %s | %.1f | %.3f | %+.1f %% |\n' "$1" "${2#  }" "$3" "$4" \
        "$(python3 -c "print($4 / $3)")" "$err" >>"$markdown"
}

printf '%-4s %-58s %10s %10s %7s %8s\n' case configuration published model ratio error
sweep() {  # sweep OUT INSTANCE VOLUME VOLUMES RUN
    "$asmsim" sweep --instance "$2" --volume "$3" --volumes "$4" --run "$5" \
        --write 100 --duration auto --quiet --json "$1" >/dev/null
}
sweep "$tmp/c1.json" m5.large "$gp3" 4-8 dss
row C1 "m5.large, 8 x gp3 1000MiB/s, large writes (max of 4-8 vols)" 580 \
    "$(figure "$tmp/c1.json" "max(r['summary']['max_large_mbps'] for r in d['sweep'])")"
sweep "$tmp/c2.json" r5b.24xlarge "$gp3" 16 dss
row C2 "r5b.24xlarge, 16 x gp3, large writes" 7300 "$(figure "$tmp/c2.json" "d['summary']['max_large_mbps']")"
for inst in m5.24xlarge r5b.8xlarge; do
    sweep "$tmp/c3.json" "$inst" "$gp3" 8 dss
    row C3 "$inst, 8 x gp3, large writes" 2400 "$(figure "$tmp/c3.json" "d['summary']['max_large_mbps']")"
done
"$asmsim" sweep --instance m5.large --volume io2-2021:size=100GiB,iops=7000 --volumes 4-16 --run oltp \
    --write 100 --duration auto --quiet --json "$tmp/c4.json" >/dev/null
row C4 "m5.large, 4-16 x io2-2021 7000 IOPS, small writes: IOPS" 18905 \
    "$(figure "$tmp/c4.json" "sum(r['summary']['max_small_iops'] for r in d['sweep'])/len(d['sweep'])")"
row C4 "  same: minimum small latency (us)" 600 \
    "$(figure "$tmp/c4.json" "sum(r['summary']['min_small_latency_us'] for r in d['sweep'])/len(d['sweep'])")"
for inst in t3.xlarge t3.2xlarge; do
    sweep "$tmp/c5.json" "$inst" "$gp3" 8 dss
    row C5 "$inst, 8 x gp3, large writes" 335 "$(figure "$tmp/c5.json" "d['summary']['max_large_mbps']")"
done
for inst in m5.12xlarge m5.24xlarge; do
    sweep "$tmp/c6.json" "$inst" gp2:size=125GiB 8 dss
    row C6 "$inst, 8 x gp2 125GiB, large writes" 1015 "$(figure "$tmp/c6.json" "d['summary']['max_large_mbps']")"
done
oci() {  # oci OUT SMALL LARGE SIZE_SMALL SIZE_LARGE
    "$asmsim" run --instance oci-e4flex-8 --volume oci-higher:size=2048GB --disks 1 --matrix point \
        --num-small "$2" --num-large "$3" --size-small "$4" --size-large "$5" --write 0 \
        --duration auto --quiet --json "$1" >/dev/null
}
oci "$tmp/c7.json" 1024 0 4KiB 128KiB
row C7 "OCI E4.Flex 8, oci-higher 2048GB, 4K randread QD 1024: IOPS" 50431 \
    "$(figure "$tmp/c7.json" "d['points'][0]['iops']")"
oci "$tmp/c8.json" 0 256 4KiB 256KiB
row C8 "  same, 256K randread QD 256: MB/s" 560 "$(figure "$tmp/c8.json" "d['points'][0]['mbps']")"
oci "$tmp/c9.json" 1 0 4KiB 128KiB
row C9 "  same, 4K randread QD 1: avg latency (us)" 376 \
    "$(figure "$tmp/c9.json" "d['points'][0]['small_lat_us']['avg']")"
row C9 "  same: p99 latency (us)" 603 "$(figure "$tmp/c9.json" "d['points'][0]['small_lat_us']['p99']")"
seq_read() {  # seq_read OUT INSTANCE VOLUME STREAM_IO SIZE: fio's 4 jobs, sequential
    "$asmsim" run --instance "$2" --volume "$3" --disks 1 --matrix point --num-small 0 \
        --num-large 4 --type seq --stream-io "$4" --size-large "$5" --write 0 \
        --duration auto --quiet --json "$1" >/dev/null
}
seq_read "$tmp/c12.json" c6g.12xlarge io2:size=2048GiB,iops=50000 256 4KiB
row C12 "c6g.12xlarge, io2 50000 IOPS, 4K seq read 4 x QD 256: IOPS" 50098 \
    "$(figure "$tmp/c12.json" "d['points'][0]['large_iops']")"
seq_read "$tmp/c13a.json" oci-e4flex-8 oci-higher:size=2048GB 256 4KiB
row C13 "OCI E4.Flex 8, oci-higher 2048GB, 4K seq read 4 x QD 256: IOPS" 138000 \
    "$(figure "$tmp/c13a.json" "d['points'][0]['large_iops']")"
row C13 "  same: MB/s" 563 "$(figure "$tmp/c13a.json" "d['points'][0]['mbps']")"
seq_read "$tmp/c13b.json" oci-e4flex-8 oci-higher:size=2048GB 64 256KiB
row C13 "  same, 256K seq read 4 x QD 64: MB/s" 549 "$(figure "$tmp/c13b.json" "d['points'][0]['mbps']")"
seq_read "$tmp/c14.json" oci-e4flex-24 oci-uhp:size=2048GB,vpu=120 256 4KiB
row C14 "OCI E4.Flex 24, oci-uhp 120 VPU, 4K seq read 4 x QD 256: IOPS" 304013 \
    "$(figure "$tmp/c14.json" "d['points'][0]['large_iops']")"
row C14 "  same: MB/s" 1245 "$(figure "$tmp/c14.json" "d['points'][0]['mbps']")"
# The QD 1 latency cases as their fio jobs run: one outstanding 4 KiB I/O
# on one volume for 60 s, per direction (points[0].small_read_lat_us, ...).
qd1() {  # qd1 OUT INSTANCE VOLUME WRITE_PCT
    "$asmsim" run --instance "$2" --volume "$3" --disks 1 --matrix point --num-small 1 \
        --num-large 0 --size-small 4KiB --write "$4" --duration 60 --quiet --json "$1" >/dev/null
}
lat() {  # lat JSON DIRECTION FIGURE
    figure "$1" "d['points'][0]['small_$2_lat_us']['$3']"
}
io2bx=io2:size=2048GiB,iops=50000    # io2 is Block Express
qd1 "$tmp/c10.json" c6g.12xlarge "$io2bx" 0
row C10 "c6g.12xlarge, io2 2048GiB 50000 IOPS, 4K randread QD 1: avg" 95 "$(lat "$tmp/c10.json" read avg)"
row C10 "  same: min latency (us)" 74 "$(lat "$tmp/c10.json" read min)"
row C10 "  same: p99 latency (us)" 117 "$(lat "$tmp/c10.json" read p99)"
row C10 "  same: p99.99 latency (us)" 155 "$(lat "$tmp/c10.json" read p9999)"
qd1 "$tmp/c11.json" c6g.12xlarge "$io2bx" 50
row C11 "  same, 4K randrw 50/50 QD 1: read avg (us)" 109 "$(lat "$tmp/c11.json" read avg)"
row C11 "  same: read p99 (us)" 344 "$(lat "$tmp/c11.json" read p99)"
row C11 "  same: write avg (us)" 213 "$(lat "$tmp/c11.json" write avg)"
row C11 "  same: write p99 (us)" 243 "$(lat "$tmp/c11.json" write p99)"
qd1 "$tmp/c15.json" oci-e4flex-24 oci-uhp:size=2048GB,vpu=120 0
row C15 "OCI E4.Flex 24, oci-uhp 2048GB 120 VPU, 4K randread QD 1: avg" 316 "$(lat "$tmp/c15.json" read avg)"
row C15 "  same: min latency (us)" 200 "$(lat "$tmp/c15.json" read min)"
row C15 "  same: p99 latency (us)" 529 "$(lat "$tmp/c15.json" read p99)"
qd1 "$tmp/c16.json" oci-e4flex-8 oci-higher:size=2048GB 50
row C16 "OCI E4.Flex 8, oci-higher 2048GB, 4K randrw 50/50 QD 1: read avg" 355 "$(lat "$tmp/c16.json" read avg)"
row C16 "  same: read p99 (us)" 553 "$(lat "$tmp/c16.json" read p99)"
row C16 "  same: write avg (us)" 431 "$(lat "$tmp/c16.json" write avg)"
row C16 "  same: write p99 (us)" 619 "$(lat "$tmp/c16.json" write p99)"
# Issue 33's studies.  S1: the ORION study of 16 x gp3 at 3,000 IOPS /
# 500 MiB/s, 128 KiB sequential writes (merged into 256 KiB operations).
# S2: the C10-C12 io2 volume, fio 256 KiB random reads, 4 jobs x QD 64.
"$asmsim" sweep --instance r5b.24xlarge --volume gp3-2023:size=1000GiB,iops=3000,throughput=500MiB/s \
    --volumes 16 --run dss --type seq --write 100 --duration auto --quiet --json "$tmp/s1.json" >/dev/null
row S1 "r5b.24xlarge, 16 x gp3 3000 IOPS 500MiB/s, 128K seq writes" 7300 \
    "$(figure "$tmp/s1.json" "d['summary']['max_large_mbps']")"
"$asmsim" run --instance c6g.12xlarge --volume "$io2bx" --disks 1 --matrix point --num-small 0 \
    --num-large 256 --size-large 256KiB --write 0 --duration auto --quiet --json "$tmp/s2.json" >/dev/null
row S2 "c6g.12xlarge, io2 50000 IOPS, 256K randread QD 256: MB/s" 826 \
    "$(figure "$tmp/s2.json" "d['points'][0]['mbps']")"
# Third-party latency logs (profiles_latency.c, M numbers): QD 1 4 KiB
# reads on one volume; 16 outstanding 16 KiB I/Os over the rig's volumes.
qd1 "$tmp/m2.json" t3a.small gp2:size=100GiB 0
row M2 "t3a.small, gp2 100GiB, 4K read QD 1 (ioping): avg (us)" 377.5 "$(lat "$tmp/m2.json" read avg)"
row M2 "  same: p99 (us)" 990 "$(lat "$tmp/m2.json" read p99)"
qd1 "$tmp/m5.json" m5.xlarge gp3:size=100GiB 0
row M5 "m5.xlarge, gp3 100GiB, 4K randread QD 1: avg (us)" 564 "$(lat "$tmp/m5.json" read avg)"
row M5 "  same: p99 (us)" 872 "$(lat "$tmp/m5.json" read p99)"
qd16() {  # qd16 OUT VOLUME DISKS WRITE_PCT: 16 outstanding 16 KiB on m5.12xlarge
    "$asmsim" run --instance m5.12xlarge --volume "$2" --disks "$3" --matrix point --num-small 16 \
        --num-large 0 --size-small 16KiB --write "$4" --duration 60 --quiet --json "$1" >/dev/null
}
qd16 "$tmp/m7.json" gp2:size=3000GiB 4 100
row M7 "m5.12xlarge, 4 x gp2 3000GiB, 16K writes x 16: avg (us)" 601 "$(lat "$tmp/m7.json" write avg)"
row M7 "  same: p99 (us)" 868 "$(lat "$tmp/m7.json" write p99)"
qd16 "$tmp/m9.json" io1:size=2048GiB,iops=40000 1 100
row M9 "m5.12xlarge, io1 40000 IOPS, 16K writes x 16: avg (us)" 565 "$(lat "$tmp/m9.json" write avg)"
row M9 "  same: p99 (us)" 836 "$(lat "$tmp/m9.json" write p99)"
qd16 "$tmp/m10.json" io1:size=2048GiB,iops=40000 1 0
row M10 "  same, 16K reads x 16 (instance cap): IOPS" 40210 "$(figure "$tmp/m10.json" "d['points'][0]['iops']")"
summary=$(python3 -c "import sys; e=[abs(float(x)) for x in open(sys.argv[1])]; print('mean |error| over %d rows: %.2f %%' % (len(e), sum(e)/len(e)))" "$errors")
echo "$summary"

[ -n "$doc" ] || exit 0
rules="$(dirname "$asmsim")/test_rules"
page="$(dirname -- "$doc")/.calibration.$$.md"
trap 'rm -rf "$tmp" "$page"' EXIT
{
    echo "$title"
    echo
    echo "Generated by \`bench/calibration.sh --doc $doc\` on $(date -u +%Y-%m-%d)"
    echo "($("$asmsim" --version 2>/dev/null | head -1 || echo asmsim)).  Do not edit by hand: run it again."
    echo
    echo "Every row runs the command line on the modelled configuration of a published"
    echo "measurement: C1-C16 are DOMAIN.md section 5's cases, S1-S2 the studies of"
    echo "issue 33, M2-M10 third-party fio/ioping logs at low queue depth (sources in"
    echo "\`sim/profiles/profiles_latency.c\`).  The model's parameters name the"
    echo "measurement each was fitted to (\`asmsim profiles rules\`): a row fitted to"
    echo "its own measurement is a check of the fit, not an independent test."
    echo "MB/s are 10^6 B/s; latencies in microseconds."
    echo
    echo "| case | configuration | published | model | ratio | error |"
    echo "|---|---|---|---|---|---|"
    cat "$markdown"
    echo
    echo "$summary."
    echo
    echo "## The rule book against the providers' documents"
    echo
    echo "\`tests/test_rules.c\` reproduces each document's own table through the"
    echo "resolvers and the model (AWS's gp2 burst and refill table, st1/sc1"
    echo "throughput and scan tables, io1/io2 throughput examples, gp3 ratio"
    echo "examples, OCI's level tables, EC2's instance table).  This run:"
    echo
    echo '```'
    if [ -x "$rules" ]; then "$rules" 2>&1 || true; else echo "($rules not built)"; fi
    echo '```'
} >"$page"
mv -f -- "$page" "$doc"
echo "wrote $doc"
