#!/usr/bin/env bash
# Forecast speed (issue 11 section 4): the fast hybrid's wall time for a
# 24 h forecast of 16 volumes with a 3-phase schedule (target < 5 s) and a
# 7-day repeat of it (target < 15 s), medians of N runs; and, for scale,
# what the same horizon would cost per I/O (--exact on its first 10
# minutes, extrapolated).
#   usage: bench/forecast_speed.sh [asmsim] [repeats]
# The schedule offers 50,000 IOPS at its peak (open loop), more than the
# volumes give: the peak runs their buckets dry and is not served.
set -euo pipefail
asmsim=${1:-build/asmsim}
n=${2:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
config=(--instance m5.24xlarge --volume gp2:size=500GiB --disks 16)

# 16 x gp2 500 GiB: 1,500 IOPS each, 3,000 from their 5.4 M credit
# buckets, 24,000 -> 48,000 together; m5.24xlarge:
# 80,000 IOPS, 2,375 MB/s (DOMAIN.md section 4).  Night: a batch of large
# reads; day: OLTP peak; evening: lighter OLTP.
cat >"$work/day.csv" <<'CSV'
phase,start,small_iops,small_write_pct,large_mbps,large_write_pct
night,00:00,5000,30,800,20
day,06:00,50000,30,,
evening,18:00,20000,30,100,0
CSV

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

time_it() {     # time_it ARGS...: wall seconds of one forecast
    local t0 t1
    t0=$(date +%s.%N)
    "$asmsim" forecast "${config[@]}" --schedule "$work/day.csv" "$@" --quiet \
        --json "$work/out.json" >/dev/null
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc -l
}

report() {      # report LABEL TARGET ARGS...
    local label=$1 target=$2
    shift 2
    local m
    m=$(for _ in $(seq "$n"); do time_it "$@"; done | median)
    local windows
    windows=$(python3 -c "import json; d = json.load(open('$work/out.json')); \
print(d['fast_path']['windows'], 'windows,', round(d['fast_path']['simulated_s']), 's per I/O,', len(d['events']), 'events')")
    printf '%-34s %8.2f s  (target %s s, ratio %.2f)  %s\n' "$label" "$m" "$target" \
        "$(echo "$m / $target" | bc -l)" "$windows"
}

echo "forecast, 16 x gp2 500 GiB on m5.24xlarge, 3 phases; medians of $n"
report "24 h, fast hybrid" 5 --repeat 1d
report "7 days (--repeat 7d), fast hybrid" 15 --repeat 7d
# --exact on 10 minutes of the day phase, times 144: what a day per I/O costs
sed -n '1p;3p' "$work/day.csv" | sed '1s/^phase,start,/phase,duration,/; 2s/^day,06:00,/day,10m,/' \
    >"$work/ten.csv"
t0=$(date +%s.%N)
"$asmsim" forecast "${config[@]}" --schedule "$work/ten.csv" --repeat 1d --exact --quiet \
    --json "$work/exact.json" >/dev/null
t1=$(date +%s.%N)
printf '%-34s %8.2f s  (10 min of the peak --exact: x 144 = %.0f s for a day)\n' \
    "--exact, extrapolated" "$(echo "$t1 - $t0" | bc -l)" "$(echo "($t1 - $t0) * 144" | bc -l)"
