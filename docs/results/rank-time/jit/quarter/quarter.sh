#!/bin/bash
# After the quarter (compiling slices: over a quarter of the slice): wide_events and the shop dump at seed 7, as
# shipped, one after the other. CLONE=a clone of main, OUT=where the JSON goes.
cd "${CLONE:-.}"
git log --oneline -1 | cut -c1-20; git status --short | wc -l
echo "== wide seed 7 $(date +%T)"
start=$(date +%s)
./bench rank --ddl docs/examples/wide_events.sql --table wide_events --seed 7 --json "${OUT:-.}"/table-wide-7.json --markdown "${OUT:-.}"/table-wide-7.md --no-report 2>&1 | grep "pg-ingest-bench rank:" | tail -12
echo "wall $(( $(date +%s) - start )) s"
echo "== shop seed 7 $(date +%T)"
start=$(date +%s)
./bench rank --ddl src/test/resources/org/pgingest/table/shop.pgdump.sql --table '"Shop"."Order Lines"' --seed 7 --json "${OUT:-.}"/table-shop-7.json --markdown "${OUT:-.}"/table-shop-7.md --no-report 2>&1 | grep "pg-ingest-bench rank:" | tail -12
echo "wall $(( $(date +%s) - start )) s"
echo "== done $(date +%T)"
