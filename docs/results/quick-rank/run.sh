#!/usr/bin/env bash
# ./bench (the quick ranking) at the given seeds, one after the other; run from the repository's root.
set -u
out=docs/results/quick-rank
mkdir -p "$out"
for seed in "$@"; do
  echo "$(date -u +%FT%TZ) seed $seed start" >> "$out/campaign.log"
  ./bench --seed "$seed" --json "$out/rank-users-$seed.json" --markdown "$out/rank-users-$seed.md" --no-report \
    > "$out/rank-users-$seed.console.txt" 2>&1
  echo "$(date -u +%FT%TZ) seed $seed end rc $?" >> "$out/campaign.log"
done
