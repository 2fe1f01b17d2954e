#!/bin/bash
# The runs of this directory, in order: CLONE=a clone of main at 257ff3c, OUT=where the JSON goes.
here="$(cd "$(dirname "$0")" && pwd)"
cd "${CLONE:-.}"
git log --oneline -1 | cut -c1-20; git status --short | wc -l
i=0
for sl in 500ms 250ms 500ms 250ms 500ms 250ms; do
  i=$((i+1))
  echo "== $sl run $i $(date +%T)"
  ./bench rank --ddl src/test/resources/org/pgingest/table/shop.pgdump.sql --table '"Shop"."Order Lines"' -p method=COPY_BINARY,COPY_CSV,COPY_TEXT --budget 3m --confidence 99.9 --slice $sl --seed $((40+i)) --json "${OUT:-.}"/s-$sl-$i.json --markdown "${OUT:-.}"/s-$sl-$i.md --no-report 2>&1 | grep "pg-ingest-bench rank:" | tail -2
done
echo "== done $(date +%T)"
