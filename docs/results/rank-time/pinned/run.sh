#!/bin/bash
# The runs of this directory, in order: CLONE=a clone of main at 257ff3c, OUT=where the JSON goes.
here="$(cd "$(dirname "$0")" && pwd)"
cd "${CLONE:-.}"
for i in 1 2; do
  "$here"/pinner.sh & P=$!
  echo "== pinned run $i $(date +%T)"
  ./bench rank --ddl src/test/resources/org/pgingest/table/shop.pgdump.sql --table '"Shop"."Order Lines"' -p method=COPY_BINARY,COPY_CSV,COPY_TEXT --budget 3m --confidence 99.9 --seed $((50+i)) --json "${OUT:-.}"/pin-$i.json --markdown "${OUT:-.}"/pin-$i.md --no-report 2>&1 | grep "pg-ingest-bench rank:" | tail -2
  kill $P
  echo "== unpinned run $i $(date +%T)"
  ./bench rank --ddl src/test/resources/org/pgingest/table/shop.pgdump.sql --table '"Shop"."Order Lines"' -p method=COPY_BINARY,COPY_CSV,COPY_TEXT --budget 3m --confidence 99.9 --seed $((60+i)) --json "${OUT:-.}"/free-$i.json --markdown "${OUT:-.}"/free-$i.md --no-report 2>&1 | grep "pg-ingest-bench rank:" | tail -2
done
echo "== done $(date +%T)"
