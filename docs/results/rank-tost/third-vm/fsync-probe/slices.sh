#!/bin/bash
# Slices of 1 s (pgbench -T 1) of 500-row INSERT transactions (one commit each), each after: MODE=checkpoint (TRUNCATE, CHECKPOINT,
# as the suite's iterations start), MODE=settle (the same, then 300 ms idle), MODE=none (TRUNCATE only).
# Prints every transaction's latency in ms (pgbench's log).
MODE=$1; N=${2:-40}; HERE=$(cd "$(dirname "$0")" && pwd); OUT=$HERE/$MODE; rm -rf $OUT; mkdir -p $OUT
for i in $(seq $N); do
  case $MODE in
    checkpoint) psql -h /var/run/postgresql -p 55432 -U postgres -qc "TRUNCATE t" -c "CHECKPOINT" ;;
    settle) psql -h /var/run/postgresql -p 55432 -U postgres -qc "TRUNCATE t" -c "CHECKPOINT"; sleep 0.3 ;;
    none) psql -h /var/run/postgresql -p 55432 -U postgres -qc "TRUNCATE t" ;;
  esac
  (cd $OUT && pgbench -h /var/run/postgresql -p 55432 -U postgres -n -f $HERE/insert.sql -T 1 -l --log-prefix=s$i postgres > /dev/null 2>&1) 
done
