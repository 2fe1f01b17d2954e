#!/bin/bash
# A/A after the first warm-up went side by side: two variants of COPY_BINARY on the users shape, the defaults, seeds 7 and 8.
cd "${CLONE:-.}"
git log --oneline -1 | cut -c1-20
for seed in 7 8; do
  echo "== aa seed $seed $(date +%T)"
  ./bench rank --variant a=COPY_BINARY --variant b=COPY_BINARY --seed $seed --json "${OUT:-.}"/aa-$seed.json --markdown "${OUT:-.}"/aa-$seed.md --no-report 2>&1 | grep "pg-ingest-bench rank:" | tail -3
done
echo "== done $(date +%T)"
