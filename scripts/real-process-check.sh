#!/usr/bin/env bash
# The server, a host and three listeners as separate processes on loopback. Where the
# machine allows it (root, iproute2, the netem qdisc), everything runs inside a network
# namespace this script creates, with 40 ± 20 ms added to every packet; elsewhere it says so
# and runs on the plain loopback. It checks that every listener follows every track and that
# the sync error the listeners report (their own measurement, via GET /v1/rooms/CODE) stays
# under 100 ms at p95. Usage: scripts/real-process-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."

bin="$(swift build --show-bin-path)/simulcast"
[ -x "$bin" ] || swift build --product simulcast
resources=Sources/simulcast/Resources
work=$(mktemp -d)
namespace="simulcast-check-$$"
prefix=()
pids=()
cleanup() {
  for pid in "${pids[@]:-}"; do kill "$pid" 2>/dev/null || true; done
  # SIGTERM may be blocked in the mask a CI runner hands down; what is left after 2 s is killed.
  for _ in $(seq 1 20); do
    alive=0
    for pid in "${pids[@]:-}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  for pid in "${pids[@]:-}"; do kill -9 "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  ip netns del "$namespace" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

if [ "$(id -u)" = 0 ] && command -v ip >/dev/null && command -v tc >/dev/null && ip netns add "$namespace" 2>/dev/null; then
  ip netns exec "$namespace" ip link set lo up
  if ip netns exec "$namespace" tc qdisc add dev lo root netem delay 40ms 20ms 2>/dev/null; then
    prefix=(ip netns exec "$namespace")
    echo "network: namespace $namespace, netem 40 ± 20 ms on every packet"
  else
    ip netns del "$namespace"
    echo "network: netem is not available on this kernel (sch_netem); running on the plain loopback"
  fi
else
  echo "network: no root or no iproute2 here; running on the plain loopback"
fi
run() { "${prefix[@]}" "$@"; }
# Starts a process in the background and records its own pid (not a subshell's, which a
# backgrounded function call would give, leaving the process behind at cleanup).
spawn() {
  local log=$1
  shift
  "${prefix[@]}" "$@" > "$log" 2>&1 &
  pids+=($!)
}

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
spawn "$work/serve.log" "$bin" serve --port "$port" --database "$work/rooms.sqlite" --offline \
  --catalog "apple-music=$resources/demo-catalog-apple-music.jsonl" --catalog "deezer=$resources/demo-catalog-deezer.jsonl" \
  --log-level warning

http() { run python3 -c "import sys,urllib.request; r=urllib.request.Request(sys.argv[1], method=sys.argv[2]); print(urllib.request.urlopen(r, timeout=5).read().decode())" "$@"; }
for _ in $(seq 1 100); do http "$base/healthz" GET >/dev/null 2>&1 && break; sleep 0.1; done
room=$(http "$base/v1/rooms" POST)
code=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["code"])' "$room")
token=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["hostToken"])' "$room")
echo "room $code on $base"

for spec in apple-music:us deezer:fr apple-music:gb; do
  spawn "$work/listen-${spec/:/-}.log" "$bin" listen --server "$base" --room "$code" --service "${spec%%:*}" --storefront "${spec##*:}"
done
sleep 2

# Three songs with a pause and a seek, 25 s in all.
python3 - "$resources/demo-script.jsonl" > "$work/script.jsonl" <<'PY'
import json, sys
events = [json.loads(line) for line in open(sys.argv[1])]
first = events[0]; first["queue"] = first["queue"][:2]
out = [first, {"at": 8, "event": "skip"}, {"at": 11, "event": "pause"}, {"at": 13, "event": "resume"},
       {"at": 17, "event": "skip"}, {"at": 20, "event": "seek", "positionMs": 90000}, {"at": 25, "event": "stop"}]
for event in out: print(json.dumps(event))
PY

export SIMULCAST_HOST_TOKEN="$token"
spawn "$work/host.log" "$bin" host --server "$base" --room "$code" --source "script:$work/script.jsonl"
unset SIMULCAST_HOST_TOKEN
host=${pids[-1]}
: > "$work/samples.jsonl"
while kill -0 "$host" 2>/dev/null; do
  http "$base/v1/rooms/$code" GET >> "$work/samples.jsonl" 2>/dev/null || true
  sleep 0.5
done

python3 - "$work/samples.jsonl" <<'PY'
import json, sys
by_listener = {}
for line in open(sys.argv[1]):
    line = line.strip()
    if not line: continue
    room = json.loads(line)
    for listener in room["listeners"]:
        key = f'{listener["service"]}/{listener["storefront"]}'
        entry = by_listener.setdefault(key, {"errors": [], "tracks": set()})
        if listener.get("trackId"): entry["tracks"].add(listener["trackId"])
        if listener.get("syncErrorMs") is not None: entry["errors"].append(abs(listener["syncErrorMs"]))
failures = []
if len(by_listener) < 3: failures.append(f"only {len(by_listener)} listeners reported")
for key, entry in sorted(by_listener.items()):
    errors = sorted(entry["errors"])
    p95 = errors[max(0, int(len(errors) * 0.95 + 0.999) - 1)] if errors else None
    print(f"{key}: {len(entry['tracks'])} tracks followed, {len(errors)} reports, reported p95 {p95 if p95 is None else round(p95, 1)} ms")
    if len(entry["tracks"]) < 2: failures.append(f"{key} followed {len(entry['tracks'])} tracks")
    if p95 is None or p95 >= 100: failures.append(f"{key} p95 {p95}")
if failures:
    print("real-process check failed: " + "; ".join(failures)); sys.exit(1)
print("real-process check passed")
PY
