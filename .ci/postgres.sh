#!/usr/bin/env bash
# Installs (when missing) and starts Debian's PostgreSQL, then prints a URL for the server test suite.
# Used by .ci/run; safe to run again on a machine where the cluster is already up.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
if ! command -v pg_ctlcluster >/dev/null || [ -z "$(ls /usr/lib/postgresql 2>/dev/null)" ]; then
  echo "Installing Debian's postgresql for the server tests…" >&2
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >/dev/null
fi
version="$(ls /usr/lib/postgresql | sort -n | tail -1)"
if ! pg_lsclusters -h | grep -q "^$version main"; then
  pg_createcluster "$version" main >&2
fi
pg_ctlcluster "$version" main start >&2 2>/dev/null || true
# A password for TCP connections on loopback; the cluster only listens on localhost.
for attempt in $(seq 1 30); do
  if su postgres -c "psql -qc \"ALTER USER postgres PASSWORD 'postroom-ci'\"" >/dev/null 2>&1; then break; fi
  sleep 1
done
port="$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { print $3 }')"
echo "postgres://postgres:postroom-ci@127.0.0.1:${port}/postgres"
