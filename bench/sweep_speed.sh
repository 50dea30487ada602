#!/usr/bin/env bash
# Sweep speed with --jobs (issue 12 section 2, issue 14 section 3): the
# 1-16 normal-matrix sweep on the default study (`asmsim sweep --run
# normal --volumes 1-16`, modelled gp3 volumes, no instance limit) with
# --jobs 1 and --jobs 2, the median wall time of N runs each, the
# speed-up, and the machine's load (1-minute load average before and
# after, and the CPUs asmsim may use), since other work on the machine
# takes from the speed-up.  The outputs of both are checked identical
# (stdout and JSON, wall_seconds and the quoted command line aside).
#   usage: bench/sweep_speed.sh [asmsim] [repeats]
set -euo pipefail
asmsim=${1:-build/asmsim}
n=${2:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sweep=(sweep --run normal --volumes 1-16 --quiet)

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
load1() { cut -d' ' -f1 /proc/loadavg; }

time_it() {     # time_it JOBS: wall seconds of one sweep; its output kept
    local t0 t1
    t0=$(date +%s.%N)
    "$asmsim" "${sweep[@]}" --jobs "$1" --json "$work/jobs$1.json" \
        >"$work/jobs$1.out"
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc -l
}

# the JSON without its wall-clock field and command line
strip_wall() {
    sed -E 's/("wall_seconds":[[:space:]]*)[0-9.e+-]+/\1W/;
            s/("command":[[:space:]]*)"[^"]*"/\1C/;
            s/("started":[[:space:]]*)"[^"]*"/\1S/' "$1"
}

echo "sweep --run normal --volumes 1-16 (default study), medians of $n"
echo "machine: $(nproc) CPUs usable, load average $(load1) before"
m1=$(for _ in $(seq "$n"); do time_it 1; done | median)
m2=$(for _ in $(seq "$n"); do time_it 2; done | median)
printf '  --jobs 1  %7.2f s\n  --jobs 2  %7.2f s\n  speed-up  %7.2f x\n' \
    "$m1" "$m2" "$(echo "$m1 / $m2" | bc -l)"
echo "machine: load average $(load1) after"
if cmp -s "$work/jobs1.out" "$work/jobs2.out" &&
   cmp -s <(strip_wall "$work/jobs1.json") <(strip_wall "$work/jobs2.json"); then
    echo "outputs: identical (stdout, JSON less wall_seconds, command, started)"
else
    echo "outputs: DIFFER" >&2
    exit 1
fi
