#!/usr/bin/env bash
# Preset rates (seed experiment 3, fixed target rates): the published rate ladder (500, 1,000, 3,000 and
# 5,000 rows/s) for the published method list (6 rows) with 50 writers, each rate held for DURATION (default 20s; the
# published runs took 60s). One `./bench rate` per cell, JSON in target/preset-rates/. "COPY all" has no
# fixed-rate form (it is one call) and is left out. About 6 x 4 x (DURATION + 5 s): 10 minutes at 20s.
#   DURATION=60s presets/rates.sh          the published duration
#   RATES="500 1000" presets/rates.sh      part of the ladder
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -B -DskipTests ${MVN_ARGS:-} package
mkdir -p target/preset-rates
# loader:rows per call, the published list
methods=${METHODS:-"autocommit_row:1 multi_row_values:5 multi_row_values:10 copy_binary:1 copy_binary:5 copy_binary:10"}
for m in $methods; do
  for r in ${RATES:-500 1000 3000 5000}; do
    java -cp target/benchmarks.jar org.pgingest.rate.RateCommand --method "${m%%:*}" --batch "${m##*:}" \
        --rows-per-second "$r" --workers "${WORKERS:-50}" --duration "${DURATION:-20s}" \
        --json "target/preset-rates/${m%%:*}-${m##*:}-$r.json" "$@"
  done
done
