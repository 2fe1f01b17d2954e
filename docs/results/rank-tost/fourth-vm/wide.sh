#!/bin/bash
# wide_events ranking on the fourth VM, after the shop seeds (waits for them), main 501e2c1.
cd /work/runs
while pgrep -f "bash run.sh" > /dev/null; do sleep 5; done
for seed in "$@"; do
  echo "wide seed $seed start $(date -u +%H:%M:%S)"
  /usr/bin/time -f "wall %e s" ./bench rank --ddl docs/examples/wide_events.sql --table wide_events --seed $seed --no-report \
    --json /work/runs/vm4/table-wide-$seed.json --markdown /work/runs/vm4/table-wide-$seed.md \
    > /work/runs/vm4/wide-rank-$seed.console.txt 2>&1
  echo "wide seed $seed end $(date -u +%H:%M:%S) rc $?"
done
