#!/usr/bin/env bash
# Fails when the compiler warns about our own code (Sources/, Tests/). Builds everything,
# tests included, compiling every file of ours so every warning is seen; dependencies'
# warnings are not ours and are ignored.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# Touching our sources makes the build compile every one of them again (so every warning is
# printed), while the dependencies stay built.
find Sources Tests -name '*.swift' -exec touch {} +
if ! swift build --build-tests > "$log" 2>&1; then
  grep -E "error:" "$log" | sort -u | head -40
  echo "the build failed" >&2
  exit 1
fi
ours="$(grep -E "^($root/)?(Sources|Tests)/[^:]+:[0-9]+:[0-9]+: warning:" "$log" | sort -u || true)"
if [ -n "$ours" ]; then
  echo "$ours"
  echo "compiler warnings in our code: $(printf '%s\n' "$ours" | wc -l); fix them (CI fails on any)" >&2
  exit 1
fi
echo "no compiler warnings in Sources/ or Tests/"
