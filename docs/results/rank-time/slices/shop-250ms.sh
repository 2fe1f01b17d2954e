#!/bin/bash
# The shop dump ranked with slices of 250 ms (seeds 7, 8, 9), one after the other. CLONE=a clone of main at 27f1767, OUT=where the JSON goes.
cd "${CLONE:-.}"
git log --oneline -1 | cut -c1-20; git status --short | wc -l
for seed in 7 8 9; do
  echo "== shop seed $seed $(date +%T)"
  start=$(date +%s)
  ./bench rank --ddl src/test/resources/org/pgingest/table/shop.pgdump.sql --table '"Shop"."Order Lines"' --slice 250ms --seed $seed --json "${OUT:-.}"/table-shop-$seed.json --markdown "${OUT:-.}"/table-shop-$seed.md --no-report 2>&1 | grep "pg-ingest-bench rank:" | tail -12
  echo "wall $(( $(date +%s) - start )) s"
done
echo "== done $(date +%T)"
