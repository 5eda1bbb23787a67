#!/usr/bin/env bash
# The web pages' own checks (Sources/SimulcastServer/Web, ES modules): the type check
# (`tsc --noEmit`, Debian's node-typescript, with tsconfig.json), the lint (Debian's eslint with
# @babel/eslint-parser from node-babel7, with .eslintrc.json), and the unit tests of the page
# logic under node's own test runner (Tests/WebJS/*.test.js; the panels' with node-jsdom).
# Nothing comes from npm: what is missing is installed with apt-get (root or sudo). Run by
# scripts/test.sh before the Swift tests.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v tsc >/dev/null 2>&1 || missing+=(node-typescript)
command -v eslint >/dev/null 2>&1 || missing+=(eslint)
[ -d /usr/share/nodejs/@babel/eslint-parser ] || missing+=(node-babel7)
# The panels' rendering tests build their DOM with jsdom.
[ -d /usr/share/nodejs/jsdom ] || missing+=(node-jsdom)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
  echo "== installing ${missing[*]} for the web pages' checks"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}" >/dev/null \
    || { DEBIAN_FRONTEND=noninteractive $sudo apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}" >/dev/null; }
fi
# Debian's packages live in /usr/share/nodejs, which a node from elsewhere (NodeSource) does
# not search; scripts/web-lint holds the one module Debian's @babel/eslint-parser lacks.
export NODE_PATH="$PWD/scripts/web-lint:/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"

echo "== web: type check (tsc $(tsc --version | sed 's/Version //'), tsconfig.json)"
tsc -p tsconfig.json
echo "== web: no \`any\` outside the declaration files, no module over 300 lines"
if grep -rnE "\{[^}]*\bany\b[^}]*\}" --include=*.js Sources/SimulcastServer/Web; then
  echo "a type annotation says \`any\` (above): give it its type, or declare the SDK's in Web/types/*.d.ts"; exit 1
fi
long="$(find Sources/SimulcastServer/Web -name '*.js' -exec wc -l {} + | awk '$2 != "total" && $1 > 300')"
if [ -n "$long" ]; then echo "modules over 300 lines:"; echo "$long"; exit 1; fi
echo "== web: lint (eslint $(eslint --version), .eslintrc.json)"
eslint --no-eslintrc -c .eslintrc.json --max-warnings 0 "Sources/SimulcastServer/Web/**/*.js" "Tests/WebJS/*.js"
echo "== web: unit tests (node --test Tests/WebJS/*.test.js)"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
node --test Tests/WebJS/*.test.js > "$out" 2>&1 || { cat "$out"; exit 1; }
grep -E "^# (tests|pass|fail)" "$out"
