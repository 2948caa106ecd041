#!/bin/sh
# First start: a cluster owned by POSTGRES_USER with POSTGRES_PASSWORD (scram) and POSTGRES_DB, listening
# on every address; later starts: the existing data folder. Then PostgreSQL itself, as the postgres user.
set -eu
file_env() { # VAR or VAR_FILE, as the official image reads its secrets
  name="$1"; eval "value=\${$name:-}"; eval "file=\${${name}_FILE:-}"
  if [ -n "$file" ]; then value="$(cat "$file")"; fi
  eval "$name=\$value"
}
file_env POSTGRES_USER; file_env POSTGRES_PASSWORD; file_env POSTGRES_DB
POSTGRES_USER="${POSTGRES_USER:-postgres}"
POSTGRES_DB="${POSTGRES_DB:-$POSTGRES_USER}"
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" && chown -R postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile="$(mktemp)"
  printf '%s\n' "${POSTGRES_PASSWORD:-}" > "$pwfile"
  auth=trust; [ -n "${POSTGRES_PASSWORD:-}" ] && auth=scram-sha-256
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" --auth-local=trust --auth-host="$auth" -E UTF8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all $auth" >> "$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    createdb -U "$POSTGRES_USER" "$POSTGRES_DB"
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
fi
if [ "${1:-}" = postgres ]; then shift; exec postgres -D "$PGDATA" "$@"; fi
exec "$@"
