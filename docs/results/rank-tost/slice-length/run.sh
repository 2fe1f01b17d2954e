#!/bin/bash
# Does a longer slice quiet a round? The shop dump's three COPY formats ranked with slices of 500 ms and 1500 ms,
# taking turns, nothing else running. Usage: run.sh SEED...
cd "$(dirname "$0")/../../../.."
ddl=src/test/resources/org/pgingest/table/shop.pgdump.sql; name='"Shop"."Order Lines"'
for seed in "$@"; do
  for slice in 500ms 1500ms; do
    echo "seed $seed slice $slice start $(date -u +%H:%M:%S)"
    /usr/bin/time -f "wall %e s" ./bench rank --ddl $ddl --table "$name" -p method=COPY_BINARY,COPY_TEXT,COPY_CSV \
      --slice $slice --budget 5m --seed $seed --no-report --confidence 99.99 --delta 0.5% --rounds-per-fork 12 \
      --json docs/results/rank-tost/slice-length/shop-$slice-$seed.json --markdown docs/results/rank-tost/slice-length/shop-$slice-$seed.md \
      > docs/results/rank-tost/slice-length/shop-$slice-$seed.console.txt 2>&1
    echo "seed $seed slice $slice end $(date -u +%H:%M:%S) rc $?"
  done
done
