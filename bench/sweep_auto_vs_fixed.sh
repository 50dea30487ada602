#!/usr/bin/env bash
# The core issue's speed case: the r5b.24xlarge + 16 x gp3 sweep with
# --duration auto, timed (median of N runs), and its summaries set against
# the same sweep at a fixed 60 s per point on the volume counts we can
# afford to run that way (a 60 s point simulates up to millions of I/Os).
#
#   usage: bench/sweep_auto_vs_fixed.sh [path/to/asmsim] [repeats] [fixed-volumes]
#   prints: wall seconds of the auto sweep (median) and its ratio to the 10 s
#   target; per volume count, each summary figure auto / fixed and the ratio.
set -euo pipefail
asmsim=${1:-build/asmsim}
repeats=${2:-3}
fixed_volumes=${3:-1,2,4}
common=(--instance r5b.24xlarge --volume gp3:size=125GiB,iops=4000,throughput=1000MiB/s
        --run normal --write 100 --quiet)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

times=()
for i in $(seq "$repeats"); do
    start=$(date +%s.%N)
    "$asmsim" sweep "${common[@]}" --volumes 1-16 --duration auto --json "$tmp/auto.json" >/dev/null
    end=$(date +%s.%N)
    times+=("$(python3 -c "print($end - $start)")")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
printf 'auto sweep 1-16: %.2f s wall (median of %d: %s); target 10 s; ratio %.2f\n' \
    "$median" "$repeats" "$(printf '%.2f ' "${times[@]}")" "$(python3 -c "print($median / 10)")"

"$asmsim" sweep "${common[@]}" --volumes "$fixed_volumes" --duration 60s --json "$tmp/fixed.json" >/dev/null
python3 - "$tmp/auto.json" "$tmp/fixed.json" <<'PY'
import json, sys
auto = {r["disks"]: r["summary"] for r in json.load(open(sys.argv[1]))["sweep"]}
fixed = {r["disks"]: r["summary"] for r in json.load(open(sys.argv[2]))["sweep"]}
keys = ["max_large_mbps", "max_small_iops", "min_small_latency_us"]
worst = 0.0
print(f"{'disks':>5}  {'figure':<22}{'auto':>12}{'fixed 60s':>12}{'auto/fixed':>12}")
for d in sorted(fixed):
    for k in keys:
        a, f = auto[d][k], fixed[d][k]
        ratio = a / f
        worst = max(worst, abs(ratio - 1))
        print(f"{d:>5}  {k:<22}{a:>12.2f}{f:>12.2f}{ratio:>12.4f}")
print(f"largest disagreement: {worst * 100:.2f} % (target: within 1 %)")
PY
