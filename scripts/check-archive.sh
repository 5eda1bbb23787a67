#!/usr/bin/env bash
# Checks an install archive as a user without a Swift toolchain meets it: unpacked into a fresh
# folder and run with a PATH and library path that hold no toolchain, the program links no Swift
# library from outside the archive, `./simulcast demo --json` passes as the README's demo does,
# `serve` answers /healthz and serves the listener page, install.sh installs into a root, and
# systemd-analyze verify accepts the unit there.
# Needs systemd-analyze (Debian: systemd; scripts/test.sh installs it).
# Usage: scripts/check-archive.sh dist/simulcast-VERSION-linux-ARCH.tar.gz
set -euo pipefail
archive="$(realpath "$1")"
repository="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'kill "${serve_pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
tar -C "$work" -xzf "$archive"
unpacked="$(find "$work" -mindepth 1 -maxdepth 1 -type d)"
cd "$unpacked"
# What a machine without Swift has: the system's folders only, no library path.
clean=(env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$work/home" LANG=C.UTF-8)
mkdir -p "$work/home"
if "${clean[@]}" sh -c 'command -v swift' >/dev/null; then echo "a Swift toolchain is on the clean PATH; the check would prove nothing" >&2; exit 1; fi

echo "== ldd: no Swift library from outside the archive"
ldd ./simulcast
if ldd ./simulcast | grep -Ei 'swift|Foundation|dispatch|BlocksRuntime|icu|not found'; then
  echo "the program needs libraries a machine without Swift lacks" >&2; exit 1
fi

echo "== ./simulcast demo --json, without a toolchain"
# The files must come from the archive, never from the build folder the program was made in:
# its path is compiled in as a fallback and exists on the machine that built it, so the build
# folder's copies are moved aside while the program runs (and put back however this ends).
hidden=()
restore() { for bundle in "${hidden[@]}"; do mv "$bundle.aside" "$bundle"; done; hidden=(); }
for bundle in "$repository"/.build/*/*/simulcast_*.resources; do
  [ -d "$bundle" ] || continue
  mv "$bundle" "$bundle.aside"
  hidden+=("$bundle")
done
trap 'restore; kill "${serve_pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
"${clean[@]}" ./simulcast demo --json > "$work/demo.json"
python3 "$repository/.ci/check-demo.py" "$work/demo.json"
echo "== ./simulcast serve: /healthz and the listener page"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"${clean[@]}" ./simulcast serve --port "$port" --database "$work/rooms.sqlite" --offline --log-level warning > "$work/serve.log" 2>&1 &
serve_pid=$!
for _ in $(seq 100); do curl -fsS "http://127.0.0.1:$port/healthz" > /dev/null 2>&1 && break; sleep 0.2; done
# Each answer is read whole before it is searched: `curl | grep -q` fails under pipefail when grep
# stops reading at its match and curl cannot write the rest (curl: (23), seen on a page).
grep -q '"status":"ok"' <<< "$(curl -fsS "http://127.0.0.1:$port/healthz")" || { cat "$work/serve.log"; exit 1; }
code="$(curl -fsS -X POST "http://127.0.0.1:$port/v1/rooms" | python3 -c 'import json, sys; print(json.load(sys.stdin)["code"])')"
grep -q 'id="simulcast-config"' <<< "$(curl -fsS "http://127.0.0.1:$port/r/$code")"
curl -fsS "http://127.0.0.1:$port/web/listener.js" > /dev/null
grep -q 'Join the room' <<< "$(curl -fsS "http://127.0.0.1:$port/")"
kill "$serve_pid"; wait "$serve_pid" 2>/dev/null || true
unset serve_pid
restore
echo "serve answered /healthz and served room $code's page"

echo "== install.sh into a root, and systemd-analyze verify"
DESTDIR="$work/root" ./install.sh
test -x "$work/root/opt/simulcast/simulcast" && test -L "$work/root/usr/local/bin/simulcast"
test -d "$work/root/opt/simulcast/simulcast_SimulcastServer.resources"
if command -v systemd-analyze > /dev/null; then
  # As installed, but with the program where this check unpacked it (verify wants it to exist).
  sed "s|/opt/simulcast/simulcast|$unpacked/simulcast|" "$work/root/etc/systemd/system/simulcast.service" > "$work/simulcast.service"
  systemd-analyze verify "$work/simulcast.service"
  echo "systemd-analyze verify accepts the unit"
else
  echo "systemd-analyze is not installed (Debian: systemd); the unit was not verified" >&2; exit 1
fi
echo "archive check passed: $(basename "$archive")"
