#!/bin/bash
# Shop dump rankings on the fourth VM, a later session (2026-12-02 14:16), main 1537b9f; nothing else ran but a 30 s compile at 14:20 (disturbances.txt).
cd /work/runs
for seed in "$@"; do
  echo "seed $seed start $(date -u +%H:%M:%S)"
  /usr/bin/time -f "wall %e s" ./bench rank --ddl src/test/resources/org/pgingest/table/shop.pgdump.sql \
    --table '"Shop"."Order Lines"' --seed $seed --no-report \
    --json /work/runs/vm4b/table-shop-$seed.json --markdown /work/runs/vm4b/table-shop-$seed.md \
    > /work/runs/vm4b/shop-rank-$seed.console.txt 2>&1
  echo "seed $seed end $(date -u +%H:%M:%S) rc $?"
done
