#!/bin/bash
# Why the temporary-table loaders (STAGED_DEDUPE, COPY_UPSERT, MERGE_UPSERT) count more commits than calls in a
# ranking: other sessions' sinval catch-up transactions. A scratch Debian PostgreSQL 15 (autovacuum off, as the
# suite's), three sessions left idle, then 100 calls of a staged upsert in one session; commits counted in
# pg_stat_database once the idle sessions have exited (they report their counts then), against the same with a
# plain INSERT ... ON CONFLICT. Run as root; leaves nothing behind. Usage: bash catchup.sh
set -euo pipefail
bin=/usr/lib/postgresql/15/bin
dir=$(mktemp -d); chown postgres "$dir"
trap 'su postgres -c "$bin/pg_ctl -D $dir/data -m fast stop" >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
su postgres -c "$bin/initdb -D $dir/data -A trust" >/dev/null
su postgres -c "$bin/pg_ctl -D $dir/data -l $dir/log -o '-p 5499 -k $dir -c listen_addresses= -c autovacuum=off -c log_min_messages=debug4' start" >/dev/null
psql="psql -h $dir -p 5499 -U postgres -X -q -At postgres"
commits() { $psql -c "select xact_commit from pg_stat_database where datname = 'postgres'"; }
$psql -c "create table t (id int primary key, v text, w int, x jsonb)"
seen=0
for kind in plain staged; do
  for i in 1 2 3; do (sleep 6 | $psql >/dev/null 2>&1 &); done
  sleep 1
  before=$(commits)
  for i in $(seq 1 100); do
    if [ $kind = plain ]; then
      echo "begin; insert into t select g, 'x', g, null from generate_series($i*10, $i*10+9) g on conflict do nothing; commit;"
    else
      echo "begin; create temp table s (id int, v text, w int, x jsonb) on commit drop;"
      echo "insert into s select g, 'x', g, null from generate_series($i*10, $i*10+9) g;"
      echo "insert into t select * from s on conflict do nothing; drop table s; commit;"
    fi
  done | $psql
  $psql -c "truncate t"
  sleep 7   # the idle sessions exit and report
  after=$(commits)
  logged=$(grep -c 'ProcessCatchupEvent outside transaction' $dir/log || true)
  # Between the two reads: the 100 calls, the truncate, the first read itself and the three idle sessions' starts
  # (105); with staging, also the calling session's exit, which empties its temporary schema in a transaction.
  echo "$kind: $((after - before)) commits counted for 100 calls; idle sessions' catch-up transactions in the log: $((logged - seen))"
  seen=$logged
done
