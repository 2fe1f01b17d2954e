#!/bin/bash
# The shop dump ranked as shipped (500 ms slices), seeds 7, 8, 9, one after the other, with jit.time in every slice.
# CLONE=a clone of main, OUT=where the JSON goes.
cd "${CLONE:-.}"
git log --oneline -1 | cut -c1-20; git status --short | wc -l
for seed in ${SEEDS:-7 8 9}; do
  echo "== shop seed $seed $(date +%T)"
  start=$(date +%s)
  ./bench rank --ddl src/test/resources/org/pgingest/table/shop.pgdump.sql --table '"Shop"."Order Lines"' --seed $seed --json "${OUT:-.}"/table-shop-$seed.json --markdown "${OUT:-.}"/table-shop-$seed.md --no-report 2>&1 | grep "pg-ingest-bench rank:" | tail -12
  echo "wall $(( $(date +%s) - start )) s"
done
echo "== done $(date +%T)"
