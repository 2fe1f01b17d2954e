#!/bin/bash
# Shop rankings at main 8bce31e (statistics as 1cc0a4d), the 2026-12-02 VM, nothing else running; stopped during
# seed 13 (02:02) to probe the disk (fsync-probe/).
# As run: seeds 11-15.
cd "${CLONE:-.}"
OUT=${OUT:-target/settled}; mkdir -p "$OUT"
git log --oneline -1 | cut -c1-20; git status --short | wc -l
./mvnw -q -B -o -DskipTests package > /dev/null 2>&1; echo "prebuilt $(date +%T)"
shop=src/test/resources/org/pgingest/table/shop.pgdump.sql
for seed in 11 12 13 14 15; do
  echo "== shop-rank-$seed $(date +%T)"; start=$(date +%s)
  ./bench rank --ddl $shop --table '"Shop"."Order Lines"' --seed $seed --json $OUT/table-shop-$seed.json --markdown $OUT/table-shop-$seed.md --no-report > $OUT/shop-rank-$seed.console.txt 2>&1
  echo "rc $? wall $(( $(date +%s) - start )) s"
done
echo "== done $(date +%T)"
