#!/usr/bin/env bash
# The measurements behind docs/compare.md, unattended: calibration of the planted slowdowns, their true sizes from long
# separate runs, 20 A/A comparisons of the quick selection and 10 planted comparisons per method and size
# (COPY_BINARY and BATCH at 3, 5 and 10 %), each also judged by ./bench gate on its two sides' results.
#   presets/compare-campaign.sh [DIR]          DIR defaults to target/compare-campaign; rerun with it to resume
#   presets/compare-campaign.sh DIR --aa 2 --planted 2 --sizes 10 --methods COPY_BINARY    a small trial run
# Leading -D options after DIR go to every run (e.g. -Djmh.ignoreLock=true beside another JMH run). About 2 hours on a
# quiet 2-core machine (the first line it prints says how long it expects); every comparison's JSON and
# DIR/summary.md, DIR/summary.json at the end. It runs target/benchmarks.jar throughout: build nothing in this clone
# while it runs.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-target/compare-campaign}
[ $# -gt 0 ] && shift
# shellcheck disable=SC2086
./mvnw -q -B -DskipTests ${MVN_ARGS:-} package
exec java -cp target/benchmarks.jar org.pgingest.compare.Campaign "$dir" "$@"
