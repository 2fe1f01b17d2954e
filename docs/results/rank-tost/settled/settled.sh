#!/bin/bash
# Settled answers with main 1cc0a4d (TOST ties) beside the separate-trial runs, same VM, one after the other.
# From a clone at that commit: CLONE=DIR OUT=DIR bash settled.sh
cd "${CLONE:-.}"
OUT=${OUT:-target/settled}; mkdir -p "$OUT"
git log --oneline -1 | cut -c1-20; git status --short | wc -l
./mvnw -q -B -o -DskipTests package > /dev/null 2>&1; echo "prebuilt $(date +%T)"
run() { # name, then the command
  name=$1; shift
  echo "== $name $(date +%T)"
  start=$(date +%s)
  "$@" > $OUT/$name.console.txt 2>&1; rc=$?
  echo "rc $rc wall $(( $(date +%s) - start )) s"
}
shop=src/test/resources/org/pgingest/table/shop.pgdump.sql
wide=docs/examples/wide_events.sql
run shop-rank-7 ./bench rank --ddl $shop --table '"Shop"."Order Lines"' --seed 7 --json $OUT/table-shop-7.json --markdown $OUT/table-shop-7.md --no-report
run shop-trials ./bench --ddl $shop --table '"Shop"."Order Lines"' -rff $OUT/table-shop-trials.json
run wide-rank-7 ./bench rank --ddl $wide --table wide_events --seed 7 --json $OUT/table-wide-7.json --markdown $OUT/table-wide-7.md --no-report
run wide-trials ./bench --ddl $wide --table wide_events -rff $OUT/table-wide-trials.json
run shop-rank-8 ./bench rank --ddl $shop --table '"Shop"."Order Lines"' --seed 8 --json $OUT/table-shop-8.json --markdown $OUT/table-shop-8.md --no-report
run wide-rank-8 ./bench rank --ddl $wide --table wide_events --seed 8 --json $OUT/table-wide-8.json --markdown $OUT/table-wide-8.md --no-report
echo "== done $(date +%T)"
