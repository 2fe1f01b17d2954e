#!/usr/bin/env bash
# Preset rtt (seed experiment 1, network round trip): one-by-one, batch, multi-row and binary COPY at 500 rows
# per call, through an in-process proxy adding 0, 1, 5 and 25 ms per round trip (LatencyBenchmark).
# Per-row paths pay the round trip per row: one-by-one at 25 ms is 12.5 s per call, so this preset runs
# 1 warm-up and 3 measured iterations (that trial alone takes about a minute; the preset about 5 minutes).
# Extra arguments go to JMH, e.g. -p rttMs=0,2.4 to set the axis.
set -euo pipefail
cd "$(dirname "$0")/.."
# Leading -Dname=value arguments are suite options for ./bench (e.g. -Dpg.version=16, or -Djmh.ignoreLock=true
# where another JMH run on the machine holds JMH's lock); the rest go to JMH.
suite=()
while [[ "${1:-}" == -D* ]]; do suite+=("$1"); shift; done
exec ./bench "${suite[@]}" Latency -p rows=500 -wi 1 -i 3 -rff target/preset-rtt.json "$@"
