#!/bin/sh
# The official postgres image's contract, in as little as keeps it:
# - POSTGRES_USER (default postgres), POSTGRES_PASSWORD (required), POSTGRES_DB (default: the user);
# - the command is `postgres -c name=value ...`, passed through to the server unchanged;
# - initdb runs once, when $PGDATA holds no cluster, followed by a temporary server on the unix socket only
#   that creates the database, and then the real server: so "database system is ready to accept
#   connections" is logged twice, which is what Testcontainers' PostgreSQL module waits for. The zonky
#   binaries carry no psql, so the database is created in single-user mode (`postgres --single`);
# - $PGDATA is on the container's own filesystem (never tmpfs: fsyncs are measured).
set -eu
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" && chown -R postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ "${1:-}" != postgres ]; then exec "$@"; fi   # e.g. `docker run IMAGE psql ...`

user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set (the official image refuses to start without it too)}"
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
         --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  # As the official image: listen on every interface of the container (the server's default is localhost).
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\"" | postgres --single -D "$PGDATA" -j postgres >/dev/null
  fi
  # The temporary server takes the same -c settings, so a bad one fails here, before any client is told ready.
  shift
  pg_ctl -D "$PGDATA" -w -o "-c listen_addresses='' $*" start
  pg_ctl -D "$PGDATA" -m fast -w stop
  set -- postgres "$@"
fi
exec "$@"
