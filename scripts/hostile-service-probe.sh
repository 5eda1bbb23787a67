#!/usr/bin/env bash
# Issue 22's hostile-service probe as a process: `simulcast serve` (release) with its Deezer
# pointed at scripts/hostile-standin.py, a CLI host (events on its standard input), a Deezer
# listener and an Apple Music one (offline catalog). One stand-in mode per 40 s phase: the
# mode is set, then the host plays a new song with ten new ones queued; per phase the
# server's largest RSS and the Deezer entries of the playing track and queue 38 s after the
# play. Needs python3, curl and bc; about five minutes.
#   swift build -c release --product simulcast && scripts/hostile-service-probe.sh
set -u
cd "$(dirname "$0")/.."
BIN=${BIN:-$PWD/.build/release/simulcast}
STANDIN=$PWD/scripts/hostile-standin.py
WORK=$(mktemp -d)
# KEEP=1 keeps the server's, host's and listeners' logs.
trap 'kill $(jobs -p) 2>/dev/null; if [ "${KEEP:-0}" = 1 ]; then echo "logs: $WORK"; else rm -rf "$WORK"; fi' EXIT
cd "$WORK"
python3 - <<'PY'
import json
songs = [{"service": "spotify", "id": f"hs{i}", "title": f"Hostile Song {i}", "artists": ["The Probes"], "album": "Worst Case",
          "durationMs": 200000, "isrc": f"QZHST{i:07d}"} for i in range(77)]
with open("am.jsonl", "w") as f:
    for s in songs:
        f.write(json.dumps(dict(s, service="apple-music", id="am-" + s["id"])) + "\n")
for phase in range(7):
    base = phase * 11
    with open(f"play{phase}.json", "w") as f:
        f.write(json.dumps({"event": "play", "track": songs[base], "positionMs": 0, "queue": songs[base + 1:base + 11]}) + "\n")
PY
STANDIN_PORT=18991 SERVER_PORT=18990
python3 "$STANDIN" $STANDIN_PORT &
"$BIN" serve --port $SERVER_PORT --database db.sqlite --catalog apple-music=am.jsonl --deezer-url http://127.0.0.1:$STANDIN_PORT --log-level error > serve.log 2>&1 &
SERVER=$!
sleep 2
read -r CODE TOKEN < <(curl -s -X POST http://127.0.0.1:$SERVER_PORT/v1/rooms | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["code"], d["hostToken"])')
"$BIN" listen --server http://127.0.0.1:$SERVER_PORT --room "$CODE" --service deezer --storefront fr --player print > listen-deezer.log 2>&1 &
"$BIN" listen --server http://127.0.0.1:$SERVER_PORT --room "$CODE" --service apple-music --storefront us --player print > listen-apple.log 2>&1 &
sleep 1
mkfifo host.in
SIMULCAST_HOST_TOKEN=$TOKEN "$BIN" host --server http://127.0.0.1:$SERVER_PORT --room "$CODE" --source stdin < host.in > host.log 2>&1 &
exec 3> host.in
sleep 2
modes=(hang trickle huge garbage 503 429 healthy)
for phase in 0 1 2 3 4 5 6; do
  curl -s http://127.0.0.1:$STANDIN_PORT/__mode/${modes[$phase]} > /dev/null
  cat play$phase.json >&3
  start=$(date +%s.%N)
  largest=0
  while (( $(echo "$(date +%s.%N) - $start < 38" | bc) )); do
    rss=$(awk '/VmRSS/ {print $2}' /proc/$SERVER/status)
    (( rss > largest )) && largest=$rss
    sleep 0.5
  done
  entries=$(curl -s http://127.0.0.1:$SERVER_PORT/v1/rooms/"$CODE" | python3 -c '
import json, sys, collections
state = json.load(sys.stdin)["state"]
tracks = ([state["track"]] if state.get("track") else []) + state.get("queue", [])
count = collections.Counter()
for track in tracks:
    found = [m for m in track.get("matches", []) if m.get("service") == "deezer"]
    count[found[0]["result"]["status"] if found else "none yet"] += 1
print(dict(count))')
  echo "${modes[$phase]}: largest RSS $((largest / 1024)) MiB; Deezer entries 38 s after the play: $entries"
done
