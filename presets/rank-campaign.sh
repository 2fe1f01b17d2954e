#!/usr/bin/env bash
# The measurements behind docs/rank.md, unattended: N A/A rankings (two variants of binary COPY), a calibration of the
# planted slowdown (commit_delay with commit_siblings=0 on one variant's sessions) at the rows per call ranked, then M
# rankings of binary COPY against its delayed twin at each asked slowdown. Every ranking's JSON in DIR, and
# DIR/summary.md and DIR/summary.json at the end (presets/rank-summary.py).
#   presets/rank-campaign.sh [DIR] [--aa N] [--planted M] [--sizes "10 5"] [--budget 4m] [--slice 500ms]
# It runs target/benchmarks.jar throughout: build nothing in this clone while it runs.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-target/rank-campaign}
[ $# -gt 0 ] && shift
aa=20 planted=10 sizes="10 5" budget=4m slice=500ms rows=500 method=COPY_BINARY
while [ $# -gt 0 ]; do
  case "$1" in
    --aa) aa=$2; shift 2 ;;
    --planted) planted=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    --budget) budget=$2; shift 2 ;;
    --slice) slice=$2; shift 2 ;;
    *) echo "rank-campaign: unknown option $1 (--aa N, --planted M, --sizes \"10 5\", --budget D, --slice D)" >&2; exit 2 ;;
  esac
done
# shellcheck disable=SC2086
./mvnw -q -B -DskipTests ${MVN_ARGS:-} package
mkdir -p "$dir"
rank() { java -cp target/benchmarks.jar org.pgingest.compare.RankMain -p rows=$rows --slice "$slice" --no-report "$@"; }
started=$(date +%s)
for i in $(seq 1 "$aa"); do
  [ -f "$dir/aa-$i.json" ] && continue
  rank --variant a=$method --variant b=$method --budget "$budget" --seed "$i" --json "$dir/aa-$i.json" \
    --markdown "$dir/aa-$i.md" > "$dir/aa-$i.log" 2>&1
  echo "rank-campaign: A/A $i of $aa: $(tail -1 "$dir/aa-$i.log")"
done
# Calibration: what a known delay does to a call at these rows, measured in a ranking of its own.
probe=400
if [ ! -f "$dir/calibration.json" ]; then
  rank --variant a=$method --variant d=$method,pg.conf.commit_delay=$probe,pg.conf.commit_siblings=0 \
    --budget 10m --rounds 40 --seed 1000 --json "$dir/calibration.json" > "$dir/calibration.log" 2>&1
fi
for size in $sizes; do
  delay=$(python3 - "$dir/calibration.json" "$probe" "$size" "$rows" <<'PY'
import json, math, sys
v = json.load(open(sys.argv[1])); probe = float(sys.argv[2]); s = float(sys.argv[3]) / 100; rows = float(sys.argv[4])
rate = {c["name"]: c["rowsPerSecond"] for c in v["candidates"]}
call, delayed = rows / rate["a"], rows / rate["d"]          # seconds per call, plain and with the probe delay
per_us = (delayed - call) / probe                            # seconds a call gains per microsecond of commit_delay
print(max(1, round(call * s / (1 - s) / per_us)))
PY
)
  echo "rank-campaign: a ${size} % slowdown at $rows rows per call: commit_delay=$delay us"
  for i in $(seq 1 "$planted"); do
    [ -f "$dir/planted-$size-$i.json" ] && continue
    rank --variant a=$method --variant d=$method,pg.conf.commit_delay=$delay,pg.conf.commit_siblings=0 \
      --budget "$budget" --seed "$((size * 100 + i))" --json "$dir/planted-$size-$i.json" \
      --markdown "$dir/planted-$size-$i.md" > "$dir/planted-$size-$i.log" 2>&1
    echo "rank-campaign: planted $size % $i of $planted: $(tail -1 "$dir/planted-$size-$i.log")"
  done
done
python3 presets/rank-summary.py "$dir" "$aa" "$planted" "$sizes" "$(( $(date +%s) - started ))"
