#!/usr/bin/env bash
# Model speed: simulated I/Os per second of wall time on one core, against
# the core issue's target of 10 million.  Medians of N repeats.
#   usage: bench/model_speed.sh [build-dir] [repeats]
set -euo pipefail
build=${1:-build}
exec taskset -c 0 "$build/bench_model_speed" "${2:-5}"
