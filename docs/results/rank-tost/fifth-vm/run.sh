#!/bin/bash
# Shop dump and wide_events rankings on a fifth VM (2026-12-03), main f81782e; nothing else running.
# Usage: run.sh shop|wide SEED...
cd /work/runs
table=$1; shift
if [ "$table" = shop ]; then ddl=src/test/resources/org/pgingest/table/shop.pgdump.sql; name='"Shop"."Order Lines"'
else ddl=docs/examples/wide_events.sql; name=wide_events; fi
for seed in "$@"; do
  echo "$table seed $seed start $(date -u +%H:%M:%S)"
  /usr/bin/time -f "wall %e s" ./bench rank --ddl $ddl --table "$name" --seed $seed --no-report \
    --json /work/runs/vm5/table-$table-$seed.json --markdown /work/runs/vm5/table-$table-$seed.md \
    > /work/runs/vm5/$table-rank-$seed.console.txt 2>&1
  echo "$table seed $seed end $(date -u +%H:%M:%S) rc $?"
done
