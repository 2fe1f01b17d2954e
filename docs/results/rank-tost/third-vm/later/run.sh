#!/bin/bash
# Shop dump ranking on the third VM, a new session at ef29762 (statistics unchanged since 1cc0a4d).
cd /work/review
for seed in 15 16; do
  echo "seed $seed start $(date -u +%H:%M:%S)"
  /usr/bin/time -f "wall %e s" ./bench rank --ddl src/test/resources/org/pgingest/table/shop.pgdump.sql \
    --table '"Shop"."Order Lines"' --seed $seed --no-report \
    --json /work/runs/tv3/table-shop-$seed.json --markdown /work/runs/tv3/table-shop-$seed.md \
    > /work/runs/tv3/shop-rank-$seed.console.txt 2>&1
  echo "seed $seed end $(date -u +%H:%M:%S) rc $?"
done
