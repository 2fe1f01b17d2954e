#!/bin/bash
# After 613f2f5 (compiling slices left out): the shop dump at seeds 7, 8, 9 and wide_events at seed 7, as shipped
# (500 ms slices, 10-minute budget), one after the other. CLONE=a clone of main, OUT=where the JSON goes.
cd "${CLONE:-.}"
git log --oneline -1 | cut -c1-20; git status --short | wc -l
for seed in 7 8 9; do
  echo "== shop seed $seed $(date +%T)"
  start=$(date +%s)
  ./bench rank --ddl src/test/resources/org/pgingest/table/shop.pgdump.sql --table '"Shop"."Order Lines"' --seed $seed --json "${OUT:-.}"/table-shop-$seed.json --markdown "${OUT:-.}"/table-shop-$seed.md --no-report 2>&1 | grep "pg-ingest-bench rank:" | tail -12
  echo "wall $(( $(date +%s) - start )) s"
done
echo "== wide seed 7 $(date +%T)"
start=$(date +%s)
./bench rank --ddl docs/examples/wide_events.sql --table wide_events --seed 7 --json "${OUT:-.}"/table-wide-7.json --markdown "${OUT:-.}"/table-wide-7.md --no-report 2>&1 | grep "pg-ingest-bench rank:" | tail -12
echo "wall $(( $(date +%s) - start )) s"
echo "== done $(date +%T)"
