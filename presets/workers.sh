#!/usr/bin/env bash
# Preset workers (seed experiment 3, concurrent writers): the published method list with 1 and 50 writers into
# one table (WritersBenchmark), each writer on a connection borrowed from the trial's HikariCP pool;
# server costs (CPU and WAL fsyncs per row) in one window for all writers. JDBC has no unprepared INSERT worth
# measuring apart: pgjdbc server-prepares a statement from its fifth execution, so "INSERT" and "prepared
# INSERT" are both AUTOCOMMIT_ROW. Last, COPY per 10 rows with a new connection per call. About 6 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
# Leading -Dname=value arguments are suite options for ./bench (e.g. -Dpg.version=16, or -Djmh.ignoreLock=true
# where another JMH run on the machine holds JMH's lock); the rest go to JMH.
suite=()
while [[ "${1:-}" == -D* ]]; do suite+=("$1"); shift; done
common=(-p workers=1,50 -wi 1 -i 3)
./bench "${suite[@]}" Writers -p method=AUTOCOMMIT_ROW -p rows=100 -p connections=POOLED "${common[@]}" \
    -rff target/preset-workers-insert.json "$@"
./bench "${suite[@]}" Writers -p method=MULTI_ROW_VALUES -p batchSize=5,10 -p rows=100 -p connections=POOLED \
    "${common[@]}" -rff target/preset-workers-multirow.json "$@"
./bench "${suite[@]}" Writers -p method=COPY_BINARY -p rows=1,5,10,2000 -p connections=POOLED "${common[@]}" \
    -rff target/preset-workers-copy.json "$@"
./bench "${suite[@]}" Writers -p method=COPY_BINARY -p rows=10 -p connections=NEW_PER_CALL "${common[@]}" \
    -rff target/preset-workers-new-connection.json "$@"
