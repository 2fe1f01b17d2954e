#!/bin/bash
# Warm-up designs, interleaved: shipped (2 warm-ups in turns), B (the first together, one in turns), C (the first
# together, two in turns). The COPY trio and UNNEST on the shop dump, 3 min each, seeds 11-14.
# The clones in /work/runs, each main 1ad93e7 with ServerCostMeter.settle: shipped as is; exp ("together" in the
# committed names) with RoundReferee.together and RankRun's first warm-up played together; designc ("together-two-
# alone") the same with WARMUPS = 3 and the warm-up split over the two alone; designf ("together-settling", run after
# with DESIGNS=designf) exp with each fork's first measured round played and not counted.
OUT=/work/runs/warmup; mkdir -p $OUT
for seed in ${SEEDS:-11 12 13 14}; do
  for design in ${DESIGNS:-shipped exp designc}; do
    cd /work/runs/$design
    echo "== $design seed $seed $(date +%T)"
    ./bench rank --ddl src/test/resources/org/pgingest/table/shop.pgdump.sql --table '"Shop"."Order Lines"' -p method=COPY_BINARY,COPY_TEXT,COPY_CSV,UNNEST --budget 3m --seed $seed --json $OUT/$design-$seed.json --markdown $OUT/$design-$seed.md --no-report 2>&1 | grep "pg-ingest-bench rank:" | tail -3
  done
done
echo "== done $(date +%T)"
