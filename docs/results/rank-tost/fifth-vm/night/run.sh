#!/bin/bash
# The shop dump ranked again at the night session's end (2026-12-03, after 22:00), with that session's changes to the ranking
# (the leader chosen by its paired ratios, the table ordered by ratio to the leader); nothing else running.
# Usage: run.sh SEED...   (from a clone at /work/runs; JSON, Markdown and console beside this script)
out=$(cd "$(dirname "$0")" && pwd)
cd /work/runs
for seed in "$@"; do
  echo "shop seed $seed start $(date -u +%H:%M:%S)"
  /usr/bin/time -f "wall %e s" ./bench rank --ddl src/test/resources/org/pgingest/table/shop.pgdump.sql \
    --table '"Shop"."Order Lines"' --seed $seed --no-report \
    --json $out/table-shop-$seed.json --markdown $out/table-shop-$seed.md > $out/shop-rank-$seed.console.txt 2>&1
  echo "shop seed $seed end $(date -u +%H:%M:%S) rc $?"
done
