#!/usr/bin/env bash
# A private PostgreSQL cluster for the tests: its own data directory and loopback port, never
# the system's cluster. `start` installs PostgreSQL (Debian) when missing, creates the cluster
# once and prints `export` lines for SIMULCAST_TEST_DATABASE_URL; `stop` and `restart` act on it.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
# Under /tmp: the postgres user must reach it, which a clone under /root would not allow.
dir="${SIMULCAST_TEST_POSTGRES_DIR:-${TMPDIR:-/tmp}/simulcast-test-postgres-$(printf '%s' "$root" | cksum | cut -d' ' -f1)}"
data="$dir/data"
password="simulcast-test"

find_bin() {
  for candidate in "$(command -v pg_ctl 2>/dev/null || true)" /usr/lib/postgresql/*/bin/pg_ctl; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then dirname "$candidate"; return 0; fi
  done
  return 1
}

# initdb and the server refuse to run as root; as root they run as the postgres user.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

install_postgres() {
  command -v apt-get >/dev/null 2>&1 || { echo "PostgreSQL is not installed and apt-get is not available" >&2; return 1; }
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
  echo "== installing postgresql for the PostgreSQL and multi-node tests" >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q postgresql >/dev/null \
    || { DEBIAN_FRONTEND=noninteractive $sudo apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q postgresql >/dev/null; }
}

bin="$(find_bin || true)"
if [ -z "$bin" ]; then
  install_postgres
  bin="$(find_bin)"
fi

ctl() { as_owner "$bin/pg_ctl" -D "$data" -l "$dir/server.log" -w -t 60 "$@" >/dev/null; }

case "${1:-start}" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" -ne 0 ] || chown postgres "$dir"
    if [ ! -f "$data/PG_VERSION" ]; then
      printf '%s\n' "$password" > "$dir/pwfile"
      [ "$(id -u)" -ne 0 ] || chown postgres "$dir/pwfile"
      as_owner "$bin/initdb" -D "$data" -U simulcast --pwfile="$dir/pwfile" --auth=scram-sha-256 -E UTF8 >/dev/null
      port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
      {
        echo "port = $port"
        echo "listen_addresses = '127.0.0.1'"
        echo "unix_socket_directories = '$dir'"
        echo "max_connections = 300"
        echo "fsync = off"
      } >> "$data/postgresql.conf"
    fi
    port="$(sed -n 's/^port = \([0-9]*\)$/\1/p' "$data/postgresql.conf" | tail -1)"
    as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1 || ctl start
    echo "export SIMULCAST_TEST_DATABASE_URL='postgres://simulcast:$password@127.0.0.1:$port/postgres?sslmode=disable'"
    echo "export SIMULCAST_TEST_POSTGRES_CONTROL='$root/scripts/test-postgres.sh'"
    ;;
  stop) ctl stop -m fast ;;
  restart) ctl restart -m fast ;;
  kill)
    # As a crash would: the postmaster is killed, then started again.
    as_owner "$bin/pg_ctl" -D "$data" stop -m immediate >/dev/null
    ctl start
    ;;
  *) echo "usage: $0 start|stop|restart|kill" >&2; exit 2 ;;
esac
