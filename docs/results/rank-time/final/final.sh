#!/bin/bash
# As shipped at db79994 (the first warm-up side by side, counted figures settled): the shop dump and wide_events, seeds 7 and 8.
cd "${CLONE:-.}"
git log --oneline -1 | cut -c1-20; git status --short | wc -l
for seed in ${SEEDS:-7}; do
for t in shop wide; do
  if [ $t = shop ]; then ddl=src/test/resources/org/pgingest/table/shop.pgdump.sql; table='"Shop"."Order Lines"'; else ddl=docs/examples/wide_events.sql; table=wide_events; fi
  echo "== $t seed $seed $(date +%T)"
  start=$(date +%s)
  ./bench rank --ddl $ddl --table "$table" --seed $seed --json "${OUT:-.}"/table-$t-$seed.json --markdown "${OUT:-.}"/table-$t-$seed.md --no-report 2>&1 | grep "pg-ingest-bench rank:" | tail -12
  echo "wall $(( $(date +%s) - start )) s"
done
done
echo "== done $(date +%T)"
