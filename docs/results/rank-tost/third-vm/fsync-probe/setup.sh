#!/bin/bash
# A scratch Debian PostgreSQL 15 on /tmp (the disk the embedded server uses), durability as the suite pins it.
set -e
B=/usr/lib/postgresql/15/bin
D=/tmp/fsync-probe/data
rm -rf /tmp/fsync-probe; mkdir -p /tmp/fsync-probe; chown postgres /tmp/fsync-probe
su postgres -c "$B/initdb -D $D -U postgres"
su postgres -c "$B/pg_ctl -D $D -l /tmp/fsync-probe/log -o '-p 55432 -c fsync=on -c synchronous_commit=on -c full_page_writes=on -c shared_buffers=512MB -c max_wal_size=16GB -c min_wal_size=1GB -c checkpoint_timeout=1h -c autovacuum=off -c track_wal_io_timing=on' -w start"
psql -h /var/run/postgresql -p 55432 -U postgres -qc "CREATE TABLE t (id bigint primary key, a text, b jsonb, c numeric, d timestamptz)"
