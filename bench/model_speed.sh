#!/usr/bin/env bash
# Model speed: simulated I/Os per second of wall time on one core, against
# the performance issue's target of 20 million physical I/Os per second,
# with each case's own figures (MB/s, IOPS, latency) to compare before and
# after a change.  Medians of N repeats; CASE runs only the cases whose
# name contains it.
#   usage: bench/model_speed.sh [build-dir] [repeats] [case]
set -euo pipefail
build=${1:-build}
exec taskset -c 0 "$build/bench_model_speed" "${2:-5}" ${3:+"$3"}
