#!/usr/bin/env bash
# The measurements behind docs/compare.md, unattended: calibration of the planted slowdowns (one paired comparison per
# method), their true sizes from long separate runs, 20 A/A comparisons of the quick selection at the default lengths,
# 10 planted comparisons per method and size (COPY_BINARY and BATCH at 3, 5 and 10 %) and 5 A/A per method at the
# planted comparisons' length (48 pairs), each also judged by ./bench gate on its two sides' results.
#   presets/compare-campaign.sh [DIR]          DIR defaults to target/compare-campaign; rerun with it to resume
#   presets/compare-campaign.sh DIR --aa 0     without the quick selection's A/A comparisons (about 1 h 45 min)
#   presets/compare-campaign.sh DIR --aa 0 --planted 1 --aa-planted 1 --sizes 10 --methods BATCH \
#       --planted-iterations 4 --true-iterations 2                                  a small trial run (about 3 min)
# Leading -D options after DIR go to every run (e.g. -Djmh.ignoreLock=true beside another JMH run). About 3 hours on a
# quiet 2-core machine (the first line it prints says how long it expects); every comparison's JSON and
# DIR/summary.md, DIR/summary.json at the end. It runs target/benchmarks.jar throughout: build nothing in this clone
# while it runs.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-target/compare-campaign}
[ $# -gt 0 ] && shift
# shellcheck disable=SC2086
./mvnw -q -B -DskipTests ${MVN_ARGS:-} package
# The campaign is a tool of the docs, kept in test scope (src/test/java/org/pgingest/compare/Campaign.java): package
# compiles the test classes too (-DskipTests skips only running them).
exec java -cp target/benchmarks.jar:target/test-classes org.pgingest.compare.Campaign "$dir" "$@"
