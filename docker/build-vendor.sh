#!/usr/bin/env bash
# Builds the two third-party parts of the Citus and PgBouncer 1.25 tests from their official release tarballs
# (no package registry reachable here has either; see VENDOR_DIR/README.md):
#   PgBouncer 1.25.2 -> /opt/pg-ingest-bench/pgbouncer-1.25/bin/pgbouncer (a directory of its own: Debian's 1.18
#                       in /usr/sbin stays, the pooler preset runs both)
#   Citus 13.2.2     -> into Debian's PostgreSQL 15 (/usr/lib/postgresql/15; Debian 12 ships no other major that
#                       Citus 13.2 supports)
#   docker/build-vendor.sh [VENDOR_DIR]      (default ../shared/vendor)
# A part already built at the same release is kept. The sources are built from a temporary copy; the one change
# Citus needs (below) is made to that copy, never to VENDOR_DIR. Installs its build packages with apt-get as root.
set -euo pipefail
cd "$(dirname "$0")/.."
vendor=${1:-../shared/vendor}
pgbouncer_home=${PG_INGEST_BENCH_PGBOUNCER_HOME:-/opt/pg-ingest-bench/pgbouncer-1.25}
pg_config=/usr/lib/postgresql/15/bin/pg_config

# The archives as published (vendor/README.md): a different file is not the release these tests were written for.
citus_tgz=$vendor/citus-13.2.2.tar.gz
citus_sha=dd2453caec20a830e5e63f1def5c5a98cb6f57ae510407cdcd800916fcdab430
pgbouncer_tgz=$vendor/pgbouncer-1.25.2.tar.gz
pgbouncer_sha=99ae53a6d0d77852fe4bc2c34de0ddf5362bc675c54e6dd841b8a99901d7a3ef
for pair in "$citus_tgz $citus_sha" "$pgbouncer_tgz $pgbouncer_sha"; do
  set -- $pair
  [ -f "$1" ] || { echo "build-vendor.sh: $1 not found (VENDOR_DIR is $vendor)" >&2; exit 2; }
  [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ] || { echo "build-vendor.sh: $1 is not the published archive (sha256 differs)" >&2; exit 2; }
done

pgbouncer_built() { "$pgbouncer_home/bin/pgbouncer" --version 2>/dev/null | grep -q '^PgBouncer 1\.25\.2'; }
# citus.so carries its release in the version string citus_version() returns.
citus_built() {
  [ -x "$pg_config" ] && grep -aq 'Citus 13\.2\.2' "$("$pg_config" --pkglibdir)/citus.so" 2>/dev/null \
    && [ -f "$("$pg_config" --sharedir)/extension/citus.control" ]
}
if pgbouncer_built && citus_built; then
  echo "build-vendor.sh: PgBouncer 1.25.2 ($pgbouncer_home) and Citus 13.2.2 ($("$pg_config" --pkglibdir)) already built"
  exit 0
fi

# Build packages (vendor/README.md): libkrb5-dev is not pulled in by postgresql-server-dev-15, yet Citus' make needs
# gssapi/gssapi.h (Debian's server is built with GSS); PgBouncer's autogen needs automake, libtool and pkg-config.
packages="gcc make postgresql-15 postgresql-server-dev-15 libkrb5-dev libcurl4-openssl-dev liblz4-dev libzstd-dev
          libevent-dev automake libtool pkg-config libssl-dev"
missing=
for p in $packages; do
  dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing="$missing $p"
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "build-vendor.sh: needs these Debian packages (install them as root, or run this script as root):$missing" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  # Other jobs on the machine may hold the dpkg lock: wait for it rather than fail.
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  # shellcheck disable=SC2086
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $packages >/dev/null
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
jobs=$(nproc 2>/dev/null || echo 2)

if ! pgbouncer_built; then
  tar -xzf "$pgbouncer_tgz" -C "$work"
  # The `pgbouncer` target only: plain make also builds the man page, which needs pandoc. c-ares is optional.
  (cd "$work"/pgbouncer-1.25.2 && ./autogen.sh >/dev/null && ./configure -q --prefix="$pgbouncer_home" --without-cares >/dev/null \
     && make -s -j"$jobs" pgbouncer >/dev/null)
  install -D -m 755 "$work"/pgbouncer-1.25.2/pgbouncer "$pgbouncer_home/bin/pgbouncer"
  pgbouncer_built || { echo "build-vendor.sh: $pgbouncer_home/bin/pgbouncer does not report 1.25.2" >&2; exit 1; }
  echo "build-vendor.sh: built $("$pgbouncer_home/bin/pgbouncer" --version | head -1) into $pgbouncer_home"
fi

if ! citus_built; then
  tar -xzf "$citus_tgz" -C "$work"
  compat=$work/citus-13.2.2/src/include/pg_version_compat.h
  # PostgreSQL 15.20's commands/dbcommands.h declares and exports have_createdb_privilege(), while Citus 13.2.2
  # defines its own static inline copy for 15 ("static declaration follows non-static declaration"). Where the
  # server's header declares it, use that declaration instead of Citus' copy (the same function body).
  if grep -q 'have_createdb_privilege' "$("$pg_config" --includedir-server)/commands/dbcommands.h"; then
    perl -0pi -e 's/static inline bool\nhave_createdb_privilege\(void\)\n\{.*?\n\}\n/#include "commands\/dbcommands.h"\n/s' "$compat"
    if grep -q '^have_createdb_privilege(void)' "$compat"; then
      echo "build-vendor.sh: could not replace have_createdb_privilege in $compat" >&2; exit 1
    fi
  fi
  # with_llvm=no: no JIT bitcode (about 40 % less CPU; the suite never relies on JIT inlining of Citus code).
  (cd "$work"/citus-13.2.2 && ./configure -q PG_CONFIG="$pg_config" >/dev/null \
     && make -s -j"$jobs" with_llvm=no >/dev/null && make -s with_llvm=no install >/dev/null)
  citus_built || { echo "build-vendor.sh: citus.so in $("$pg_config" --pkglibdir) is not 13.2.2" >&2; exit 1; }
  echo "build-vendor.sh: built Citus 13.2.2 into PostgreSQL $("$pg_config" --version | cut -d' ' -f2) ($("$pg_config" --pkglibdir))"
fi
