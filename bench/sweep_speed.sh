#!/usr/bin/env bash
# Speed with --jobs (issue 12 section 2, issue 14 section 3), two cases:
#   sweep  the 1-16 normal-matrix sweep on the default study (`asmsim
#          sweep --run normal --volumes 1-16`, modelled gp3 volumes, no
#          instance limit)
#   run    one run of the normal matrix on 16 gp3 volumes (`asmsim run
#          --run normal --disks 16`), its points on the threads
# each with --jobs 1 and --jobs 2: the median wall time of N runs, the
# spread (least and most), the speed-up of the medians, and the machine's
# load (1-minute load average before and after, the CPUs asmsim may use),
# since other work on the machine takes from the speed-up.  The outputs
# of both job counts are checked identical (stdout and JSON, wall_seconds,
# the quoted command line and the start time aside).
#   usage: bench/sweep_speed.sh [asmsim] [repeats]
set -euo pipefail
asmsim=${1:-build/asmsim}
n=${2:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
spread() { sort -n | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f-%.2f", lo, hi }'; }
load1() { cut -d' ' -f1 /proc/loadavg; }

time_it() {     # time_it CASE JOBS ARGS...: wall seconds; output kept
    local c=$1 j=$2 t0 t1
    shift 2
    t0=$(date +%s.%N)
    "$asmsim" "$@" --quiet --jobs "$j" --json "$work/$c$j.json" \
        >"$work/$c$j.out"
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc -l
}

# the JSON without its wall-clock field, command line and start
strip_wall() {
    sed -E 's/("wall_seconds":[[:space:]]*)[0-9.e+-]+/\1W/;
            s/("command":[[:space:]]*)"[^"]*"/\1C/;
            s/("started":[[:space:]]*)"[^"]*"/\1S/' "$1"
}

bench_case() {  # bench_case CASE TITLE ARGS...
    local c=$1 title=$2 t1 t2 m1 m2
    shift 2
    echo "$title, medians of $n"
    t1=$(for _ in $(seq "$n"); do time_it "$c" 1 "$@"; done)
    t2=$(for _ in $(seq "$n"); do time_it "$c" 2 "$@"; done)
    m1=$(median <<<"$t1")
    m2=$(median <<<"$t2")
    printf '  --jobs 1  %7.2f s  (%s)\n  --jobs 2  %7.2f s  (%s)\n  speed-up  %7.2f x\n' \
        "$m1" "$(spread <<<"$t1")" "$m2" "$(spread <<<"$t2")" \
        "$(echo "$m1 / $m2" | bc -l)"
    if cmp -s "$work/${c}1.out" "$work/${c}2.out" &&
       cmp -s <(strip_wall "$work/${c}1.json") <(strip_wall "$work/${c}2.json"); then
        echo "  outputs: identical (stdout, JSON less wall_seconds, command, started)"
    else
        echo "  outputs: DIFFER" >&2
        exit 1
    fi
}

echo "machine: $(nproc) CPUs usable, load average $(load1) before"
bench_case sweep "sweep --run normal --volumes 1-16 (default study)" \
    sweep --run normal --volumes 1-16
bench_case run "run --run normal --disks 16 (16 x gp3)" \
    run --run normal --disks 16
echo "machine: load average $(load1) after"
