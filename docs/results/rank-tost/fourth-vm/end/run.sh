#!/bin/bash
# Shop dump rankings on the fourth VM at the session's end (2026-12-02 16:16), main e3ee480; nothing else running.
cd /work/runs
for seed in "$@"; do
  echo "seed $seed start $(date -u +%H:%M:%S)"
  /usr/bin/time -f "wall %e s" ./bench rank --ddl src/test/resources/org/pgingest/table/shop.pgdump.sql \
    --table '"Shop"."Order Lines"' --seed $seed --no-report \
    --json /work/runs/vm4c/table-shop-$seed.json --markdown /work/runs/vm4c/table-shop-$seed.md \
    > /work/runs/vm4c/shop-rank-$seed.console.txt 2>&1
  echo "seed $seed end $(date -u +%H:%M:%S) rc $?"
done
