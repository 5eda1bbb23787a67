#!/usr/bin/env bash
# Runs schemathesis (PyPI) against a live `simulcast serve` on loopback, for a bounded time,
# with the document the server serves at /openapi.yaml: every answer must be one the
# document describes (status, content type, headers, schema) and none may be a 500.
# Usage: scripts/schemathesis.sh [max examples per operation, default 60]
set -euo pipefail
cd "$(dirname "$0")/.."
examples=${1:-60}
command -v schemathesis >/dev/null || python3 -m pip install --quiet 'schemathesis>=4.0,<5'
swift build --product simulcast 2>&1 | grep -E "error|Compiling|Build" | tail -1
workdir=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# A throwaway MusicKit key, so the developer-token route answers with tokens, not 503.
openssl ecparam -name prime256v1 -genkey -noout | openssl pkcs8 -topk8 -nocrypt -out "$workdir/AuthKey.p8"
# An admin token, so the operator's paths are reached too; generous per-address limits, so
# the run explores answers beyond 429 (the limits themselves are tested elsewhere).
APPLE_MUSIC_KEY_ID=SCHEMATHES1 APPLE_MUSIC_TEAM_ID=SCHEMATHES1 APPLE_MUSIC_KEY_FILE="$workdir/AuthKey.p8" \
SIMULCAST_ADMIN_TOKEN=schemathesis-admin .build/debug/simulcast serve --offline --port "$port" --database "$workdir/rooms.sqlite" \
  --log-level error --room-creations-per-minute 100000 --room-lookup-misses-per-minute 100000 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$workdir"' EXIT
for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
timeout 600 schemathesis run "http://127.0.0.1:$port/openapi.yaml" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
  --max-examples "$examples" --generation-deterministic --request-timeout 10 \
  --header "Authorization: Bearer schemathesis-admin" --no-color
