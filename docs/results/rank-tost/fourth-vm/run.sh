#!/bin/bash
# Shop dump ranking on a fourth VM (fresh session 2026-12-02 11:15), main 501e2c1.
cd /work/runs
for seed in "$@"; do
  echo "seed $seed start $(date -u +%H:%M:%S)"
  /usr/bin/time -f "wall %e s" ./bench rank --ddl src/test/resources/org/pgingest/table/shop.pgdump.sql \
    --table '"Shop"."Order Lines"' --seed $seed --no-report \
    --json /work/runs/vm4/table-shop-$seed.json --markdown /work/runs/vm4/table-shop-$seed.md \
    > /work/runs/vm4/shop-rank-$seed.console.txt 2>&1
  echo "seed $seed end $(date -u +%H:%M:%S) rc $?"
done
