#!/bin/bash
# The shop dump and wide_events ranked on the sixth VM (2026-12-04), nothing else running.
# Usage: run.sh shop|wide SEED...   (from a clone at /work/runs; JSON, Markdown and console beside this script)
out=$(cd "$(dirname "$0")" && pwd)
cd /work/runs
which=$1; shift
case $which in
  shop) ddl=src/test/resources/org/pgingest/table/shop.pgdump.sql table='"Shop"."Order Lines"' ;;
  wide) ddl=docs/examples/wide_events.sql table=wide_events ;;
  *) echo "usage: run.sh shop|wide SEED..." >&2; exit 2 ;;
esac
for seed in "$@"; do
  echo "$which seed $seed start $(date -u +%H:%M:%S) at $(git rev-parse --short HEAD)"
  /usr/bin/time -f "wall %e s" ./bench rank --ddl $ddl --table "$table" --seed $seed --no-report \
    --json $out/table-$which-$seed.json --markdown $out/table-$which-$seed.md > $out/$which-rank-$seed.console.txt 2>&1
  rc=$?
  echo "$which seed $seed end $(date -u +%H:%M:%S) rc $rc"
done
